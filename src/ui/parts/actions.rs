//! The bar under a match page's entry: 撤销 (undo the newest entry), 导出本场 (the match as a
//! JSON file) and, where the browser can share files, 分享.

use crate::record::Match;
use crate::ui::io;
use crate::ui::tx;
use crate::ui::widgets::UndoButton;
use leptos::prelude::*;
use std::sync::Arc;

/// Undo, export and share for match `m`. `undo`: the undo button's id (none: the page has
/// its own undo); `export`: the export button's id; `share`: whether a share button is
/// offered (when the browser can share); `locked`: a signed match offers no undo.
#[component]
pub fn MatchActions(
    m: Memo<Option<Arc<Match>>>,
    #[prop(optional, into)] locked: Signal<bool>,
    #[prop(optional)] undo: Option<&'static str>,
    export: &'static str,
    #[prop(optional)] share: bool,
) -> impl IntoView {
    let send = move |share: bool| {
        if let Some(x) = m.get_untracked() {
            io::export(std::slice::from_ref(&x), &[], &io::match_file_name(&x), share)
        }
    };
    view! {
        <div class="actions">
            {undo.map(|id| view! { <UndoButton m=m locked=locked id=id /> })}
            <button class="btn" id=export on:click=move |_| send(false)>
                {tx("io.export_match")}
            </button>
            {share
                .then(|| {
                    view! {
                        <Show when=io::can_share>
                            <button class="btn" on:click=move |_| send(true)>
                                {tx("io.share")}
                            </button>
                        </Show>
                    }
                })}
        </div>
    }
}

/// The match page's heading: the match's title, or its id when it has none.
pub fn match_title(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    view! {
        <h1 class="match-title">
            {move || {
                m.with(|x| x.as_ref().map(|x| if x.title.is_empty() { x.id.clone() } else { x.title.clone() }))
                    .unwrap_or_default()
            }}
        </h1>
    }
}
