//! The forms' on/off control: a checkbox with its label.

use leptos::prelude::*;

/// A labelled checkbox bound to `checked`: `<label class="toggle"><input type="checkbox">…`.
/// `id` is the input's id (what tests and a `<label for>` name it by); `label` a key of the
/// string table, shown in the UI language.
#[component]
pub fn Toggle(id: &'static str, checked: RwSignal<bool>, label: &'static str) -> impl IntoView {
    view! {
        <label class="toggle">
            <input
                type="checkbox"
                id=id
                prop:checked=move || checked.get()
                on:change=move |ev| checked.set(event_target_checked(&ev))
            />
            {crate::ui::tx(label)}
        </label>
    }
}
