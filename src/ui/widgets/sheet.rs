//! The end of a result sheet: the recording duties (confirmations) and the referee's
//! sign-off or reopening.

use crate::record::sheet::{self, Pair};
use crate::record::{Match, Op};
use crate::ui::{ctx, t, tx};
use leptos::prelude::*;
use std::sync::Arc;

/// The end of a result sheet: the recording duties (000 §四(二)3: N/S records, E/W
/// confirms, on this device: [`Confirmations`]), then the referee signs it off (locking
/// the match; a note by the button says when E/W have not confirmed the sheet as it
/// stands — a game without pairs is signed all the same) or, once
/// locked, reopens it with a reason (logged). Empty text is refused with a message.
/// `referee` and `reason` hold what is typed (the caller owns them, so a re-render keeps
/// the text); `ids` name the referee input, the sign-off button and the reopen button;
/// `m` is the match whose sheet it is.
#[component]
pub fn SignOff(
    m: Memo<Option<Arc<Match>>>,
    locked: bool,
    referee: RwSignal<String>,
    reason: RwSignal<String>,
    ids: [&'static str; 3],
    act: impl Fn(Op) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let [referee_id, sign_id, reopen_id] = ids;
    // Every ruling with its appeal and the decision in force, above the duties.
    let rulings = view! { <crate::ui::ruling::RulingSteps m=m /> };
    if locked {
        view! {
            {rulings}
            <Confirmations m=m locked=true act=act />
            <p class="badge">{tx("end.locked")}</p>
            <label class="field-label" for=format!("{reopen_id}-reason")>
                {tx("sheet.reopen_reason")}
            </label>
            <input
                id=format!("{reopen_id}-reason")
                maxlength=crate::record::schema::MAX_TEXT
                placeholder=t("sheet.reopen_reason")
                prop:value=move || reason.get()
                on:input=move |ev| reason.set(event_target_value(&ev))
            />
            <button
                class="btn danger"
                id=reopen_id
                on:click=move |_| {
                    let r = reason.get_untracked();
                    if r.trim().is_empty() {
                        crate::ui::io::alert(t("sheet.reason_needed"));
                        return;
                    }
                    act(Op::Reopen { reason: r });
                }
            >
                {tx("sheet.reopen")}
            </button>
        }
        .into_any()
    } else {
        // Whether the match is over by its own rules (a team match's three games, a series
        // decided …): read when the referee comes to sign (typing the name), not on every
        // commit (a replay of the whole log). Signing an unfinished match is allowed (a
        // match abandoned), but said: its result as it stands then counts.
        let unfinished = RwSignal::new(false);
        let check_over = move || {
            let open =
                m.with_untracked(|x| x.as_ref().is_some_and(|x| !crate::record::replay::replay(x).outcome().done));
            if unfinished.get_untracked() != open {
                unfinished.set(open);
            }
        };
        view! {
            {rulings}
            <Confirmations m=m locked=false act=act />
            {move || {
                m.with(|x| x.as_ref().is_some_and(|x| !sheet::sheet(x).confirmed()))
                    .then(|| {
                        view! {
                            <p class="muted" id="sheet-unconfirmed">
                                {tx("sheet.sign_unconfirmed")}
                            </p>
                        }
                    })
            }}
            <label class="field-label" for=referee_id>
                {tx("sheet.referee")}
            </label>
            <input
                id=referee_id
                maxlength=crate::record::schema::MAX_TITLE
                placeholder=t("sheet.referee")
                prop:value=move || referee.get()
                on:focus=move |_| check_over()
                on:input=move |ev| {
                    check_over();
                    referee.set(event_target_value(&ev))
                }
            />
            {move || {
                unfinished
                    .get()
                    .then(|| {
                        view! {
                            <p class="field-error" id="sheet-unfinished" role="status">
                                {tx("sheet.unfinished")}
                            </p>
                        }
                    })
            }}
            <button
                class="btn primary"
                id=sign_id
                on:click=move |_| {
                    let r = referee.get_untracked();
                    if r.trim().is_empty() {
                        crate::ui::io::alert(t("sheet.referee_needed"));
                        return;
                    }
                    act(Op::SignOff { referee: r });
                }
            >
                {tx("sheet.sign")}
            </button>
        }
        .into_any()
    }
}

/// The recording duties of a result sheet (000 §四(二)3, [`sheet`]): the status (entered
/// / confirmed / signed), every confirmation with its pair and name, void ones marked
/// (a hand changed after it), and — unless `locked` — a name and a button for the N/S
/// recorder and for the E/W verifier, each appending an [`Op::Confirm`] of the sheet's
/// state now. An empty name is refused with a message.
#[component]
pub fn Confirmations(
    m: Memo<Option<Arc<Match>>>,
    locked: bool,
    act: impl Fn(Op) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let ns = RwSignal::new(String::new());
    let ew = RwSignal::new(String::new());
    let s = Memo::new(move |_| m.with(|x| x.as_ref().map(|x| sheet::sheet(x)).unwrap_or_default()));
    let confirm = move |pair: Pair, name: RwSignal<String>| {
        let n = name.get_untracked();
        if n.trim().is_empty() {
            crate::ui::io::alert(t("sheet.name_needed"));
            return;
        }
        let state = s.with_untracked(|s| s.state.clone());
        act(Op::Confirm { pair, name: n.trim().to_string(), state });
        name.set(String::new());
    };
    let pair_label = |p: Pair| if p == Pair::Ns { t("sheet.ns_name") } else { t("sheet.ew_name") };
    let row = move |pair: Pair, name: RwSignal<String>, ids: [&'static str; 2], button: &'static str| {
        view! {
            <label class="field-label" for=ids[0]>
                {pair_label(pair)}
            </label>
            <div class="row">
                <input
                    id=ids[0]
                    maxlength=crate::record::schema::MAX_TITLE
                    placeholder=pair_label(pair)
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
                <button class="btn" id=ids[1] on:click=move |_| confirm(pair, name)>
                    {tx(button)}
                </button>
            </div>
        }
    };
    view! {
        <div class="sheet-duties" id="sheet-duties" data-status=move || s.with(|s| s.status())>
            <p class="muted">{tx("sheet.duties")}</p>
            <p class="badge" id="sheet-status">
                {move || crate::i18n::sheet_status(ctx().lang.get(), s.with(|s| s.status()))}
            </p>
            <ul id="sheet-confirmations">
                {move || {
                    s.get()
                        .confirmations
                        .into_iter()
                        .map(|c| {
                            let current = c.current;
                            view! {
                                <li class:void=!current data-pair=if c.pair == Pair::Ns { "ns" } else { "ew" }>
                                    {format!("{}: {} — ", pair_label(c.pair), c.name)}
                                    {if current { t("sheet.confirmed") } else { t("sheet.confirm_void") }}
                                </li>
                            }
                        })
                        .collect_view()
                }}
                {move || {
                    s.with(|s| s.referee.clone())
                        .map(|r| {
                            view! {
                                <li id="sheet-referee">
                                    {format!("{}: {} — {}", t("share.referee"), r, t("sheet.st.signed"))}
                                </li>
                            }
                        })
                }}
            </ul>
            {(!locked)
                .then(|| {
                    view! {
                        {row(Pair::Ns, ns, ["sheet-ns-name", "sheet-ns-confirm"], "sheet.ns_confirm")}
                        {row(Pair::Ew, ew, ["sheet-ew-name", "sheet-ew-confirm"], "sheet.ew_confirm")}
                    }
                })}
        </div>
    }
}
