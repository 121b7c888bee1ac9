//! The buttons of a history row: 编辑 (the row back into the entry form) and 删除 (after a
//! confirmation, the row voided).

use crate::ui::{t, tx};
use leptos::prelude::*;

/// 编辑 / 删除 of one history row. `edit` (none: the row cannot be edited, only deleted)
/// loads the row into the form, then the form with id `scroll_to` (if any) is scrolled into
/// view; `delete` runs once the referee confirms `confirm` (an i18n key).
pub fn row_actions(
    edit: Option<Box<dyn Fn()>>,
    scroll_to: Option<&'static str>,
    confirm: &'static str,
    delete: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <div class="actions">
            {edit
                .map(|edit| {
                    view! {
                        <button
                            class="btn edit"
                            on:click=move |_| {
                                edit();
                                if let Some(el) = scroll_to.and_then(|id| document().get_element_by_id(id)) {
                                    el.scroll_into_view();
                                }
                            }
                        >
                            {tx("hist.edit")}
                        </button>
                    }
                })}
            <button
                class="btn danger delete"
                on:click=move |_| {
                    if window().confirm_with_message(t(confirm)).unwrap_or(false) {
                        delete();
                    }
                }
            >
                {tx("hist.delete")}
            </button>
        </div>
    }
}

/// When an entry was made and, after " · 已更正", each time it was corrected.
pub fn entry_times(at_ms: f64, corrected_ms: &[f64]) -> String {
    let mut s = crate::ui::fmt_time(at_ms);
    for c in corrected_ms {
        s.push_str(&format!(" · {} {}", t("hist.corrected"), crate::ui::fmt_time(*c)));
    }
    s
}
