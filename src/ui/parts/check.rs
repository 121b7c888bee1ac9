//! One check box as a thumb-sized row: the box and its label, the whole row tappable.

use crate::ui::tx;
use leptos::prelude::*;

/// A `label.check` row holding a checkbox `id` and the text of `label` (a string-table
/// key). The box shows `checked`; a change calls `on_change` with the new state (the owner
/// decides what is stored, and sets `checked` to what was). `class` is the label's class
/// (`check` unless given: a thumb-sized row).
#[component]
pub fn CheckRow(
    id: &'static str,
    label: &'static str,
    #[prop(into)] checked: Signal<bool>,
    #[prop(into)] on_change: Callback<bool>,
    #[prop(optional)] class: Option<&'static str>,
) -> impl IntoView {
    view! {
        <label class=class.unwrap_or("check")>
            <input
                type="checkbox"
                id=id
                prop:checked=move || checked.get()
                on:change=move |ev| on_change.run(event_target_checked(&ev))
            />
            {tx(label)}
        </label>
    }
}

/// A form's on/off control bound to `checked`: a [`CheckRow`] in the forms' inline
/// `label.toggle` style, a change stored at once. `id` is the input's id, `label` a
/// string-table key.
#[component]
pub fn Toggle(id: &'static str, checked: RwSignal<bool>, label: &'static str) -> impl IntoView {
    view! { <CheckRow id label checked on_change=move |v| checked.set(v) class="toggle" /> }
}
