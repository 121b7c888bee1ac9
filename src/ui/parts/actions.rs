//! The bar under a match page's entry: 撤销 (undo the newest entry), 导出本场 (the match as a
//! JSON file), where the browser can share files 分享, 二维码传送 (the match as QR codes for
//! the desk), then 归档 and 删除本场.

use crate::record::Match;
use crate::ui::io;
use crate::ui::widgets::UndoButton;
use crate::ui::{ctx, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use std::sync::Arc;

/// Undo, export and share for match `m`, then archive (or take out of the archive) and
/// delete (asked first; a copy is kept until the next export, see [`io::delete_match`]). `undo`: the undo button's id (none: the page has
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
    let c = ctx();
    let navigate = use_navigate();
    let id = move || m.with(|x| x.as_ref().map(|x| x.id.clone())).unwrap_or_default();
    let archived = move || {
        let id = id();
        c.archived.with(|a| a.contains(&id))
    };
    let toggle_archive = move |_| {
        let id = id();
        if !id.is_empty() {
            io::set_archived(&id, !c.archived.with_untracked(|a| a.contains(&id)));
        }
    };
    let delete = move |_| {
        if let Some(x) = m.get_untracked() {
            if io::delete_match(&x) {
                navigate("/", Default::default());
            }
        }
    };
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
                })} <super::QrSend m=m /> <button class="btn" id="archive-match" on:click=toggle_archive>
                {move || if archived() { t("io.unarchive") } else { t("io.archive") }}
            </button> <button class="btn danger" id="delete-match" on:click=delete>
                {tx("io.delete_match")}
            </button>
        </div>
    }
}

/// The match page's heading: the match's title (isolated, [`crate::bidi::isolated`]), or its
/// id when it has none.
pub fn match_title(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    view! {
        <h1 class="match-title">
            {move || {
                m.with(|x| {
                        x.as_ref()
                            .map(|x| if x.title.is_empty() { x.id.clone() } else { crate::bidi::isolated(&x.title) })
                    })
                    .unwrap_or_default()
            }}
        </h1>
    }
}
