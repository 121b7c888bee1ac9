//! A set-up form's editable copy of the preset as JSON: the text, 应用 and why it was refused.

use crate::ui::tx;
use leptos::prelude::*;
use serde::Serialize;

/// The preset as JSON in a textarea (id `id`): `json` as the referee typed it, or `preset`
/// pretty-printed while nothing is typed; 应用 (`apply_id`, if any) runs `on_apply`, and
/// `error` says why the text was refused.
#[component]
pub fn PresetJson<P: Serialize + Clone + Send + Sync + 'static>(
    #[prop(into)] id: String,
    json: RwSignal<String>,
    preset: RwSignal<P>,
    error: RwSignal<Option<String>>,
    on_apply: impl Fn(leptos::ev::MouseEvent) + 'static,
    #[prop(optional)] apply_id: Option<&'static str>,
) -> impl IntoView {
    view! {
        <textarea
            id=id
            rows="10"
            prop:value=move || {
                let j = json.get();
                if j.is_empty() { preset.with(|p| crate::json::to_string_pretty(p).unwrap_or_default()) } else { j }
            }
            on:input=move |ev| json.set(event_target_value(&ev))
        ></textarea>
        <button class="btn" id=apply_id on:click=on_apply>
            {tx("new.apply_preset")}
        </button>
        {move || {
            error
                .get()
                .map(|e| {
                    view! {
                        <p class="field-error" role="alert">
                            {e}
                        </p>
                    }
                })
        }}
    }
}
