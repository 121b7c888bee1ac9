//! 欢乐三打一 pages (RULES.md §4): the marker-card holder and each player's call (an illegal
//! call is refused), 头撂 from the calls, 摊打 offered only after 头撂, 明王, 荒番 carried from a
//! void deal, bombs per player with the bid-dependent limit beside each and a violation
//! flagged on the spot, the live formula, history, the session and the result sheet. The
//! session parts are shared with 斗地主 ([`super::session`]).
//!
//! One file a concept: the text of hands and violations ([`text`]), the hand being entered
//! ([`form`]), the entry pad after the calls ([`pad`]), the live preview ([`preview`]), the
//! preset and set-up form ([`preset`]); the page is here.

use super::session::{
    bidding_done, bidding_pad, bids_from, calls_text, candidate_op, deltas_text, err_text, factors_text, high_bid,
    multiplier_text, name_of, payout_text, preset_line, refusal_text, row_label, scoreboard, session_bar, session_form,
    session_panels, session_summary, ticking_now, with_candidate, BidState, GamePreset, HistItem,
};
use crate::i18n::{tr, Lang};
use crate::record::game::GameId;
use crate::record::games::doudizhu::SessionView;
use crate::record::games::sandayi::{first_hand_entry, SandayiSetup, SandayiView, SdyRow};
use crate::record::replay::{replay, MatchView};
use crate::record::{HandInput, Match, Op, Setup};
use crate::rules::sandayi::{
    bomb_limit, builtin_presets, BidStanding, Call, Hand, HandResult, Preset, Reading, SessionRules, Violation,
};
use crate::ui::parts::{BarLine, CommitBar};
use crate::ui::widgets::{leave_edit_when_gone, FormIntent};
use crate::ui::{commit, ctx, io, t, tx};
use leptos::prelude::*;
use std::sync::Arc;

mod form;
mod pad;
mod preset;
mod preview;
mod text;
use form::*;
use pad::*;
pub use preset::NewForm;
use preview::*;
use text::*;

/// One line for the home list: table, hands, leader.
pub fn summary(m: &Match) -> String {
    let Setup::Sandayi(s) = &m.setup else { return String::new() };
    let MatchView::Sandayi(v) = replay(m) else { return String::new() };
    let mut line = session_summary(&v.session, &s.players, v.rows.len());
    if !v.violations.is_empty() {
        line.push_str(&format!(" · ⚠ {}", v.violations.len()));
    }
    line
}

fn sdy_setup(m: &Match) -> Option<&SandayiSetup> {
    match &m.setup {
        Setup::Sandayi(s) => Some(s),
        _ => None,
    }
}

/// The 三打一 match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let lang = ctx().lang;
    let view_memo: Memo<Option<SandayiView>> = Memo::new(move |_| {
        m.with(|o| {
            o.as_deref().and_then(|x| match replay(x) {
                MatchView::Sandayi(v) => Some(v),
                _ => None,
            })
        })
    });
    let Some(first_view) = view_memo.get_untracked() else {
        return view! { <p class="empty">{tx("err.no_match")}</p> }.into_any();
    };
    let v = move || view_memo.get().expect("view present");
    let preset = Memo::new(move |_| {
        m.with(|o| o.as_deref().and_then(sdy_setup).map(|s| s.preset.clone()))
            .unwrap_or_else(|| builtin_presets()[0].clone())
    });
    let names =
        Memo::new(move |_| m.with(|o| o.as_deref().and_then(sdy_setup).map(|s| s.players.clone())).unwrap_or_default());
    let n = preset.get_untracked().players;
    let session: Signal<SessionView> = Signal::derive(move || v().session);
    let locked = Signal::derive(move || v().session.locked);
    let now = ticking_now(m, session);
    let form = SdyForm::new(n);
    form.reset(n, first_view.next_first_bidder());
    // The half-entered hand survives a reload, an update and back/forward.
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    crate::ui::draft::keep_draft(
        GameId::Sandayi.as_str(),
        &mid,
        form.intent,
        move || form.draft(),
        move |d| form.set_draft(n, d),
    );
    Effect::new(move |_| {
        let next = view_memo
            .with(|o| {
                o.as_ref().map(|v| (v.rows.len(), v.session.segments.len(), v.next_first_bidder())).unwrap_or((0, 1, 0))
            })
            .2;
        if form.editing.get_untracked().is_none()
            && form.bid.calls.with_untracked(Vec::is_empty)
            && !form.intent.changed_untracked()
        {
            form.bid.first.set(next);
        }
    });
    // The 荒番 the log carries to the deal being entered, and the number of the void deal it
    // comes from; `None` for the first hand ever logged (its 荒番 is entered by hand).
    let carried = Memo::new(move |_| -> Option<(bool, usize)> {
        let view = view_memo.get()?;
        let first_logged = m.with(|x| x.as_deref().and_then(|x| first_hand_entry(x).map(str::to_string)));
        let idx = match form.editing.get() {
            Some(id) if first_logged.as_deref() == Some(id.as_str()) => return None,
            Some(id) => view.rows.iter().position(|r| r.entry_id == id)?,
            None => {
                first_logged.as_ref()?;
                view.rows.len()
            }
        };
        Some(match idx.checked_sub(1).and_then(|i| view.rows.get(i)) {
            Some(prev) => (prev.hand.is_void(), prev.number),
            None => (false, 0),
        })
    });

    let candidate = Memo::new(move |_| -> Option<Result<SdyRow, crate::record::ImportError>> {
        let x = m.get()?;
        let p = preset.get();
        let hand = form.hand(&p, carried.get().map(|c| c.0))?;
        let (op, target) = candidate_op(form.editing.get(), HandInput::Sandayi(hand));
        let y = match with_candidate(&x, op) {
            Ok(y) => y,
            Err(e) => return Some(Err(e)),
        };
        let MatchView::Sandayi(pv) = replay(&y) else { return None };
        pv.rows.into_iter().find(|r| r.entry_id == target).map(|r| match r.result {
            Ok(_) => Ok(r),
            Err(e) => Err(crate::record::games::doudizhu::rule_err(e)),
        })
    });

    let next_first = move || view_memo.get_untracked().map(|v| v.next_first_bidder()).unwrap_or(0);
    // The edited hand deleted (here or in another tab): the form says so and starts a new
    // deal (the edit of an old deal is not the next deal's calls).
    let edit_gone = leave_edit_when_gone(m, form.editing, form.error, "entry.edit_gone", form.intent, move || {
        form.reset(n, next_first())
    });
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let question = move || match candidate.get_untracked() {
        Some(Ok(r)) => Some(sdy_line(lang.get_untracked(), &names.get_untracked(), &r.hand)),
        _ => None,
    };
    let do_commit = move |ev: leptos::ev::MouseEvent| {
        form.intent.commit(crate::ui::widgets::event_time(&ev), question, move || {
            if edit_gone() {
                return false;
            }
            let l = lang.get_untracked();
            let Some(x) = m.get_untracked() else { return false };
            let p = preset.get_untracked();
            let Some(hand) = form.hand(&p, carried.get_untracked().map(|c| c.0)) else {
                form.error.set(Some(tr(l, incomplete_key(form.bid)).to_string()));
                return false;
            };
            if let Some(Err(e)) = candidate.get_untracked() {
                form.error.set(Some(refusal_text(l, &names.get_untracked(), &e)));
                return false;
            }
            let (op, _) = candidate_op(form.editing.get_untracked(), HandInput::Sandayi(hand));
            match commit(&x, op) {
                Ok(()) => {
                    form.reset(n, next_first());
                    true
                }
                Err(e) => {
                    form.error.set(Some(e));
                    false
                }
            }
        })
    };
    let on_edit = move |id: String| {
        if let Some(r) = view_memo.get_untracked().and_then(|v| v.rows.into_iter().find(|r| r.entry_id == id)) {
            form.load(&preset.get_untracked(), &r.hand, Some(id));
        }
    };
    let on_void = move |id: String| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, Op::Void { target: id, reason: "delete".into() }) {
                io::alert(&e);
            }
        }
    };
    let items = Signal::derive(move || sdy_items(lang.get(), &preset.get(), &names.get(), &v()));
    let values = Signal::derive(move || preset.get().bid_values);
    let names_s: Signal<Vec<String>> = names.into();
    let extra = Signal::derive(move || {
        let view = v();
        Some(("sdy.violations_h", (0..n).map(|p| view.violations_of(p).to_string()).collect::<Vec<_>>()))
    });
    let notes = Signal::derive(move || {
        let l = lang.get();
        let nm = names.get();
        v().violations
            .iter()
            .map(|x| format!("#{} {}", x.number, violation_text(l, &nm, &x.violation)))
            .collect::<Vec<_>>()
    });

    view! {
        <section class="page match sdy">
            {crate::ui::parts::match_title(m)}
            <p class="muted">
                {move || {
                    let p = preset.get();
                    preset_line(lang.get(), "sdy", &p.id, &p.name, &p.source)
                }}
            </p> {scoreboard(session, names_s, now)} {session_bar(m, session, names_s, now, locked)}
            <Show
                when=move || !locked.get()
                fallback=move || {
                    view! {
                        <div class="banner info" id="locked">
                            {tx("end.locked")}
                        </div>
                    }
                }
            >
                <div
                    class="entry"
                    id="hand-entry"
                    on:click=form.intent.watch()
                    on:input=form.intent.watch()
                    on:change=form.intent.watch()
                >
                    <h2>
                        {move || if form.editing.get().is_some() { t("entry.editing") } else { t("ddz.enter_hand") }}
                    </h2>
                    <HuangfanRow form=form carried=carried />
                    {bidding_pad(form.bid, names_s, values, "sdy", "sdy.unit", "sdy.marker")}
                    <LandlordPad form=form preset=preset names=names />
                </div>
                <HandPreview form=form preset=preset names=names candidate=candidate />
                <CommitBar
                    m=m
                    intent=form.intent
                    verdict=Signal::derive(move || {
                        let l = lang.get();
                        let nm = names.get();
                        match candidate.get() {
                            Some(Ok(r)) => {
                                let deltas = r
                                    .result
                                    .as_ref()
                                    .map(|res| deltas_text(&nm, &res.deltas))
                                    .unwrap_or_default();
                                BarLine::Verdict(format!("{} · {deltas}", sdy_line(l, &nm, &r.hand)))
                            }
                            Some(Err(e)) => BarLine::Refusal(refusal_text(l, &nm, &e)),
                            None => BarLine::Hint(tr(l, incomplete_key(form.bid)).to_string()),
                        }
                    })
                    name=Callback::new(move |id: String| {
                        view_memo
                            .with_untracked(|v| {
                                let v = v.as_ref()?;
                                let r = v.rows.iter().find(|r| r.entry_id == id)?;
                                Some(row_label(lang.get_untracked(), &v.session, r.segment, r.number))
                            })
                    })
                    ids=["commit-error", "commit"]
                    error=form.error
                    editing=Signal::derive(move || form.editing.get().is_some())
                    label="ddz.commit"
                    on_commit=do_commit
                    on_cancel=move || form.reset(n, next_first())
                    cancel_id="cancel-edit"
                    disabled=Signal::derive(move || candidate.with(|c| !matches!(c, Some(Ok(_)))))
                />
            </Show> {session_panels(m, locked, session, names_s, now, items, on_edit, on_void, extra, notes)}
        </section>
    }
    .into_any()
}
