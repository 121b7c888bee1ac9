//! The match's log: the undo button (voids the newest entry once) and the raw entry list.

use super::{event_time, mono_ms, no_key_repeat};
use crate::i18n::Lang;
use crate::record::{Match, Op};
use crate::ui::intent::Undo;
use crate::ui::{ctx, fmt_time, tx};
use leptos::prelude::*;
use std::sync::Arc;

/// 撤销 (undo), shared by every game page: it names the entry it will void (`data-target`,
/// the match's undo target when the button was rendered) and voids that entry once; a
/// press repeated (a double tap, a press that arrives before the previous undo is shown)
/// voids nothing more ([`crate::ui::intent::Undo`]). `before` runs before a void (五子棋: the
/// pending stone is dropped); a void that could not be saved is said by `on_error`
/// (default: an alert).
#[component]
pub fn UndoButton(
    m: Memo<Option<Arc<Match>>>,
    #[prop(into)] locked: Signal<bool>,
    id: &'static str,
    #[prop(optional)] before: Option<Callback<()>>,
    #[prop(optional)] on_error: Option<Callback<String>>,
) -> impl IntoView {
    let guard = StoredValue::new(Undo::default());
    let target = Memo::new(move |_| m.with(|x| x.as_deref().and_then(|x| x.undo_target()).map(|e| e.id.clone())));
    let el = NodeRef::<leptos::html::Button>::new();
    let press = move |ev: leptos::ev::MouseEvent| {
        let at = event_time(&ev);
        let named = el.get_untracked().and_then(|b| b.get_attribute("data-target"));
        let current = m.with_untracked(|x| x.as_deref().and_then(|x| x.undo_target()).map(|e| e.id.clone()));
        let Some(target) = guard.try_update_value(|g| g.press(named.as_deref(), current.as_deref(), at)).flatten()
        else {
            return;
        };
        if let Some(f) = before {
            f.run(());
        }
        let voided = match m.get_untracked() {
            Some(x) => {
                match crate::ui::commit(
                    &x,
                    Op::Void { target: target.clone(), reason: crate::record::UNDO_REASON.into() },
                ) {
                    Ok(()) => true,
                    Err(e) => {
                        match on_error {
                            Some(f) => f.run(e),
                            None => crate::ui::io::alert(&e),
                        }
                        false
                    }
                }
            }
            None => false,
        };
        guard.try_update_value(|g| g.finish(&target, voided, mono_ms()));
    };
    view! {
        <button
            class="btn"
            id=id
            node_ref=el
            data-target=move || target.get()
            disabled=move || locked.get() || target.with(Option::is_none)
            on:click=press
            on:keydown=no_key_repeat
        >
            // One span: the label and its target wrap as one line of text, not as two flex items.
            <span>
                {tx("hist.undo")}
                {move || {
                    target
                        .get()
                        .and_then(|id| m.with(|x| x.as_deref().and_then(|x| crate::ui::parts::entry_label(x, &id))))
                        .map(|n| view! { <span class="undo-target">{format!(" · {n}")}</span> })
                }}
            </span>
        </button>
    }
}

/// The raw log of a match, one line per entry (time · what), voided entries struck
/// through; built while the list is open. `describe` names an entry (default: the op's
/// name, [`crate::i18n::op_name`]); a game page passes its own to add detail.
#[component]
pub fn EntryLog(
    m: Memo<Option<Arc<Match>>>,
    #[prop(optional)] describe: Option<fn(Lang, &Op) -> String>,
) -> impl IntoView {
    let lang = ctx().lang;
    let open = RwSignal::new(false);
    let describe = describe.unwrap_or(|l, op| crate::i18n::op_name(l, op).to_string());
    view! {
        <details class="log" on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())>
            <summary>{tx("log.title")}</summary>
            <ol>
                {move || {
                    if !open.get() {
                        return None;
                    }
                    let l = lang.get();
                    m.get()
                        .map(|x| {
                            let voided = x.voided();
                            x.entries
                                .iter()
                                .map(|e| {
                                    let hand = match &e.op {
                                        Op::Hand { .. } | Op::Correct { .. } => {
                                            crate::ui::parts::entry_label(&x, &e.id)
                                                .filter(|n| n != crate::i18n::op_name(l, &e.op))
                                                .map(|n| format!(" · {n}"))
                                        }
                                        _ => None,
                                    };
                                    // Hands and corrections carry the hand's number as the page numbers it.
                                    view! {
                                        <li class:voided=voided
                                            .contains(
                                                e.id.as_str(),
                                            )>{fmt_time(e.at_ms)}" · "{describe(l, &e.op)}{hand}</li>
                                    }
                                })
                                .collect_view()
                        })
                }}
            </ol>
        </details>
    }
}
