//! One check box as a thumb-sized row: the box and its label, the whole row tappable.

use crate::ui::tx;
use leptos::prelude::*;

/// A `label.check` row holding a checkbox `id` and the text of `label` (a string-table
/// key). The box shows `checked`; a change calls `on_change` with the new state (the owner
/// decides what is stored, and sets `checked` to what was).
#[component]
pub fn CheckRow(
    id: &'static str,
    label: &'static str,
    #[prop(into)] checked: Signal<bool>,
    #[prop(into)] on_change: Callback<bool>,
) -> impl IntoView {
    view! {
        <label class="check">
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
