//! renju pages — being written.

use crate::record::Match;
use crate::ui::tx;
use leptos::prelude::*;

/// One line for the home list.
pub fn summary(m: &Match) -> String {
    format!("{} entries", m.entries.len())
}

/// The match view.
#[component]
pub fn Page(m: Memo<Option<Match>>) -> impl IntoView {
    let _ = m;
    view! { <p class="empty">{tx("err.not_ready")}</p> }
}

/// The set-up form.
#[component]
pub fn NewForm() -> impl IntoView {
    view! { <p class="empty">{tx("err.not_ready")}</p> }
}
