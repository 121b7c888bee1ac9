//! A set-up form's preset picker.

use crate::i18n::Lang;
use crate::ui::ctx;
use leptos::prelude::*;

/// The `<select id=id>` of `presets`: each option's value is `key(preset)` (the preset id)
/// and its text `label(lang, preset)`, rendered again when the language changes. Choosing
/// one sets `preset` to it and clears `json` (the expert editor's text, see [`super::PresetJson`]).
#[component]
pub fn PresetSelect<P, K, L>(
    #[prop(into)] id: String,
    presets: Vec<P>,
    preset: RwSignal<P>,
    json: RwSignal<String>,
    key: K,
    label: L,
) -> impl IntoView
where
    P: Clone + Send + Sync + 'static,
    K: Fn(&P) -> String + Clone + Send + Sync + 'static,
    L: Fn(Lang, &P) -> String + Clone + Send + Sync + 'static,
{
    let lang = ctx().lang;
    let choices = presets.clone();
    let key2 = key.clone();
    view! {
        <select
            id=id
            on:change=move |ev| {
                let id = event_target_value(&ev);
                if let Some(p) = choices.iter().find(|p| key2(p) == id) {
                    preset.set(p.clone());
                    json.set(String::new());
                }
            }
        >
            {presets
                .into_iter()
                .map(|p| {
                    let value = key(&p);
                    let label = label.clone();
                    view! { <option value=value>{move || label(lang.get(), &p)}</option> }
                })
                .collect_view()}
        </select>
    }
}
