//! 掼蛋 pages: the set-up form, and the match page — scoreboard with the A
//! counter, round clock and per-play timers, hand entry by tapping the four seats in
//! finishing order with a live preview, tribute / fouls / forfeit logging, history with
//! edit/delete/undo, the shared level chart, result sheet with sign-off.
//!
//! Every number shown comes from [`crate::record::games::guandan::replay`]; every text is
//! built from the engine's structured fields with table strings (never the engine's Chinese
//! `rule` strings), citing the preset's seed sections.

use crate::i18n::Names;
use crate::record::game::GameId;
use crate::record::games::guandan::{GuandanRow, GuandanSetup, GuandanStart, GuandanView, Round, RowError};
use crate::record::replay::{replay, MatchView};
use crate::record::{Entry, HandInput, ImportError, Match, Op, Setup, TimedAction};
use crate::rules::guandan::{
    builtin_presets, validate_tribute, AAttempt, Card, CardRank, Finish, FinishOrder, Forfeit, ForfeitReason, Foul,
    FoulKind, GuandanPreset, Hand, HandOutcome, LeadRule, PerTeam, RankKey, SinglePayer, Step, Suit, TieLead, TimeUp,
    TributeDue, TributeEntry, TributeError, TributeKind, TributeRecord,
};
use crate::rules::{Rank, Seat, Team};
use crate::ui::parts::{BarLine, CommitBar, MatchActions, SeatInputs, TeamInputs, TitleInput};
use crate::ui::widgets::{fmt_duration, leave_edit_when_gone, vibrate, FormIntent, LevelChart};
use crate::ui::{commit, create_match, ctx, io, new_id, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

mod board;
mod entry;
mod history;
mod setup;
mod text;
mod tribute;
use board::*;
use entry::*;
use history::*;
pub use setup::NewForm;
use text::*;
use tribute::*;

// ---------------------------------------------------------------------------------------
// Home line
// ---------------------------------------------------------------------------------------

fn setup_of(m: &Match) -> Option<&GuandanSetup> {
    match &m.setup {
        Setup::Guandan(s) => Some(s),
        _ => None,
    }
}

fn view_of(m: &Match) -> Option<GuandanView> {
    match replay(m) {
        MatchView::Guandan(v) => Some(v),
        _ => None,
    }
}

/// One line for the home list, in the language in force
/// ([`crate::record::games::guandan::home_line`]).
pub fn summary(m: &Match) -> String {
    let (Some(s), Some(v)) = (setup_of(m), view_of(m)) else { return String::new() };
    crate::record::games::guandan::home_line(ctx().lang.get_untracked(), s, &v)
}

// ---------------------------------------------------------------------------------------
// Hand entry form (kept in sessionStorage so a re-render or reload keeps the draft)
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
enum TMode {
    #[default]
    Off,
    Paid,
    Resisted,
}

/// One payer's tribute as picked on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Pay {
    from: Seat,
    card: Option<CardRank>,
    suit: Option<Suit>,
    ret: Option<CardRank>,
    ret_suit: Option<Suit>,
    confirmed: bool,
}

impl Pay {
    fn new(from: Seat) -> Pay {
        Pay { from, card: None, suit: None, ret: None, ret_suit: None, confirmed: false }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Draft {
    order: Vec<Seat>,
    fouls: Vec<Foul>,
    tmode: TMode,
    pays: Vec<Pay>,
    jokers: bool,
    leads: Option<Seat>,
    editing: Option<String>,
}

#[derive(Clone, Copy)]
struct Form {
    order: RwSignal<Vec<Seat>>,
    fouls: RwSignal<Vec<Foul>>,
    foul_seat: RwSignal<Seat>,
    tmode: RwSignal<TMode>,
    pays: RwSignal<Vec<Pay>>,
    jokers: RwSignal<bool>,
    leads: RwSignal<Option<Seat>>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    intent: FormIntent,
}

/// The tribute as far as it can be built from the form, and what is still missing.
struct TributeBuild {
    record: Option<TributeRecord>,
    missing: Vec<String>,
    errors: Vec<TributeError>,
    leaders: Vec<Seat>,
}

impl Form {
    fn new() -> Form {
        Form {
            order: RwSignal::new(Vec::new()),
            fouls: RwSignal::new(Vec::new()),
            foul_seat: RwSignal::new(Seat::N),
            tmode: RwSignal::new(TMode::Off),
            pays: RwSignal::new(Vec::new()),
            jokers: RwSignal::new(false),
            leads: RwSignal::new(None),
            editing: RwSignal::new(None),
            error: RwSignal::new(None),
            intent: FormIntent::new(),
        }
    }
    fn draft(&self) -> Draft {
        Draft {
            order: self.order.get(),
            fouls: self.fouls.get(),
            tmode: self.tmode.get(),
            pays: self.pays.get(),
            jokers: self.jokers.get(),
            leads: self.leads.get(),
            editing: self.editing.get(),
        }
    }
    fn set_draft(&self, d: Draft) {
        self.order.set(d.order);
        self.fouls.set(d.fouls);
        self.tmode.set(d.tmode);
        self.pays.set(d.pays);
        self.jokers.set(d.jokers);
        self.leads.set(d.leads);
        self.editing.set(d.editing);
        self.error.set(None);
        self.intent.fresh();
    }
    fn reset(&self) {
        self.set_draft(Draft::default());
    }
    fn load(&self, h: &Hand, id: String) {
        let (tmode, pays, jokers, leads) = match &h.tribute {
            None => (TMode::Off, Vec::new(), false, None),
            Some(r) if r.resisted => (TMode::Resisted, Vec::new(), r.big_jokers_confirmed, r.leads),
            Some(r) => (
                TMode::Paid,
                r.payments
                    .iter()
                    .map(|p| Pay {
                        from: p.from,
                        card: Some(p.card.rank),
                        suit: p.card.suit,
                        ret: p.returned.map(|c| c.rank),
                        ret_suit: p.returned.and_then(|c| c.suit),
                        confirmed: p.highest_confirmed,
                    })
                    .collect(),
                false,
                r.leads,
            ),
        };
        self.set_draft(Draft {
            order: h.order.seats().to_vec(),
            fouls: h.fouls.clone(),
            tmode,
            pays,
            jokers,
            leads,
            editing: Some(id),
        });
    }
    fn pay(&self, from: Seat) -> Pay {
        self.pays.with(|ps| ps.iter().find(|p| p.from == from).copied()).unwrap_or(Pay::new(from))
    }
    fn set_pay(&self, from: Seat, f: impl FnOnce(&mut Pay)) {
        self.pays.update(|ps| {
            if let Some(p) = ps.iter_mut().find(|p| p.from == from) {
                f(p);
            } else {
                let mut p = Pay::new(from);
                f(&mut p);
                ps.push(p);
            }
        });
    }
    fn tap(&self, s: Seat) {
        self.order.update(|o| {
            if let Some(i) = o.iter().position(|x| *x == s) {
                o.truncate(i);
            } else {
                o.push(s);
                if o.len() == 3 {
                    if let Some(last) = SEATS.into_iter().find(|x| !o.contains(x)) {
                        o.push(last);
                    }
                }
            }
        });
    }
    fn finish_order(&self) -> Option<FinishOrder> {
        let o = self.order.get();
        (o.len() == 4).then(|| FinishOrder::new([o[0], o[1], o[2], o[3]]).ok()).flatten()
    }
    /// What was picked for each payer of `due`, in its payer order.
    fn entered(&self, due: &TributeDue) -> Vec<TributeEntry> {
        due.payers
            .iter()
            .map(|s| {
                let x = self.pay(*s);
                TributeEntry {
                    card: x
                        .card
                        .map(|r| Card { rank: r, suit: if matches!(r, CardRank::Plain(_)) { x.suit } else { None } }),
                    returned: x.ret.map(|r| Card { rank: r, suit: x.ret_suit }),
                    highest_confirmed: x.confirmed,
                }
            })
            .collect()
    }
    /// Each payer's box of `due` as it will be stored at `level`: (payer, receiver), for
    /// the cards picked so far.
    fn pairs(&self, due: &TributeDue, level: Rank) -> Vec<(Seat, Seat)> {
        let cards: Vec<Option<Card>> = self.entered(due).iter().map(|e| e.card).collect();
        due.pairs(&cards, level)
    }
    /// Builds the tribute record against the tribute `due` at `level`.
    fn tribute(&self, p: &GuandanPreset, due: Option<&TributeDue>, level: Rank) -> TributeBuild {
        let mode = self.tmode.get();
        let Some(due) = due else {
            return TributeBuild { record: None, missing: Vec::new(), errors: Vec::new(), leaders: Vec::new() };
        };
        let mut missing = Vec::new();
        let mut record = match mode {
            TMode::Off => return TributeBuild { record: None, missing, errors: Vec::new(), leaders: Vec::new() },
            TMode::Resisted => TributeRecord {
                resisted: true,
                big_jokers_confirmed: self.jokers.get(),
                payments: Vec::new(),
                leads: None,
            },
            TMode::Paid => {
                let entered = self.entered(due);
                for (from, e) in due.payers.iter().zip(&entered) {
                    if e.card.is_none() {
                        missing.push(format!("{}: {}", seat(*from), t("gd.trib.pick_card")));
                    }
                }
                // Each payer's card to the receiver its box is labelled with (TributeEditor).
                let payments = due.payments(&entered, level);
                TributeRecord { resisted: false, big_jokers_confirmed: false, payments, leads: None }
            }
        };
        let (errors, leaders) = match validate_tribute(p, due, level, &record) {
            Ok(ls) => (Vec::new(), ls),
            Err(es) => (es, Vec::new()),
        };
        if leaders.len() == 1 {
            record.leads = Some(leaders[0]);
        } else if leaders.len() > 1 {
            match self.leads.get() {
                Some(l) if leaders.contains(&l) => record.leads = Some(l),
                _ => missing.push(t("gd.trib.pick_leader").to_string()),
            }
        }
        TributeBuild { record: Some(record), missing, errors, leaders }
    }
}

// ---------------------------------------------------------------------------------------
// The match page
// ---------------------------------------------------------------------------------------

/// Context of the hand being entered: the tribute due before it and the level it is
/// played at (of the edited hand, or of the next hand).
#[derive(Clone, Debug, PartialEq)]
struct EntryCtx {
    due: Option<TributeDue>,
    level: Option<Rank>,
    before_a_failures: PerTeam<u32>,
}

/// The match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let lang = ctx().lang;
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    let vm: Memo<Option<GuandanView>> = Memo::new(move |_| m.with(|o| o.as_deref().and_then(view_of)));
    let v = Signal::derive(move || vm.get().expect("a 掼蛋 view"));
    let setup = Memo::new(move |_| m.with(|o| o.as_deref().and_then(setup_of).cloned()).expect("a 掼蛋 set-up"));
    let preset = Signal::derive(move || setup.with(|s| s.preset.clone()));
    let teams = Signal::derive(move || setup.with(|s| s.teams.clone()));
    let players = Signal::derive(move || setup.with(|s| s.players.clone()));
    let form = Form::new();
    // The half-entered hand survives a reload, an update and back/forward.
    crate::ui::draft::keep_draft(
        GameId::Guandan.as_str(),
        &mid,
        form.intent,
        move || form.draft(),
        move |d| form.set_draft(d),
    );
    // The edited hand deleted (here, in another tab, or before a reload of a draft that was
    // editing it): the form says so and starts a new hand; the edit of an old hand is not a
    // new hand's draft (its order, fouls and tribute belong to that hand).
    let edit_gone =
        leave_edit_when_gone(m, form.editing, form.error, "entry.edit_gone", form.intent, move || form.reset());
    // The clock's "now" on the monotonic clock (crate::ui::clock), not the wall clock alone.
    let tick = crate::ui::clock::ticker();
    let running_since = Memo::new(move |_| vm.with(|v| v.as_ref().and_then(|v| v.current().clock.running_since)));
    let scope = crate::ui::clock::clock_scope(&mid);
    let now = Signal::derive(move || {
        tick.track();
        crate::ui::clock::run_now(&scope, running_since.get())
    });

    let entry_ctx = Memo::new(move |_| {
        let view = v.get();
        let p = preset.get();
        let h = view.form_hand(&p, form.editing.get().as_deref());
        EntryCtx { due: h.due, level: h.level, before_a_failures: h.before.a_failures }
    });
    let tribute = Memo::new(move |_| {
        let c = entry_ctx.get();
        let p = preset.get();
        let b = form.tribute(&p, c.due.as_ref(), c.level.unwrap_or(Rank::TWO));
        (b.record, b.missing, b.errors, b.leaders)
    });
    let hand = Memo::new(move |_| {
        let order = form.finish_order()?;
        Some(Hand { order, fouls: form.fouls.get(), tribute: tribute.get().0, forfeit: None })
    });
    // The candidate entry checked as its commit would be ([`Match::preview`]) and replayed
    // in place: the live preview (also for an edit of hand k). `Err`: the commit would be
    // refused (an edit that breaks a later hand), and why.
    let candidate = Memo::new(move |_| -> Option<Result<Option<GuandanRow>, ImportError>> {
        let x = m.get()?;
        let hand = hand.get()?;
        let target = form.editing.get();
        let op = match target.clone() {
            Some(target) => Op::Correct { target, hand: HandInput::Guandan(hand) },
            None => Op::Hand { hand: HandInput::Guandan(hand) },
        };
        let target = target.unwrap_or_else(|| "preview".to_string());
        let y = match x.preview(Entry { after: None, id: "preview".into(), at_ms: now_ms(), op }) {
            Ok(y) => y,
            Err(e) => return Some(Err(e)),
        };
        let pv = view_of(&y)?;
        Some(Ok(pv.row(&target).map(|(_, r)| r.clone())))
    });
    // An edit of an earlier hand that leaves a later hand's recorded tribute not fitting
    // (RULES.md §2 "Tribute"): those hands, named with their first tribute problem.
    let broken_by_edit = Memo::new(move |_| -> Vec<(usize, usize, TributeError)> {
        let (Some(x), Some(h), Some(target)) = (m.get(), hand.get(), form.editing.get()) else { return Vec::new() };
        let op = Op::Correct { target: target.clone(), hand: HandInput::Guandan(h) };
        let Ok(y) = x.preview(Entry { after: None, id: "preview".into(), at_ms: now_ms(), op }) else {
            return Vec::new();
        };
        let (Some(before), Some(after)) = (view_of(&x), view_of(&y)) else { return Vec::new() };
        before
            .tributes_broken(&after, &target)
            .into_iter()
            .filter_map(|(i, r)| r.outcome().and_then(|o| o.tribute_errors.first()).map(|e| (i, r.number, e.clone())))
            .collect()
    });
    let locked = move || v.get().locked;
    let done = move || v.get().current().done();
    // The round ended or the match signed off in another tab while a hand is typed here: said.
    crate::ui::parts::tell_when_closed_elsewhere(m, form.intent, move || {
        !locked() && (!done() || form.editing.get().is_some())
    });
    // The entry bar's line: the preview's verdict, or why not, or what is still missing.
    let bar_line = Signal::derive(move || {
        let tm = teams.get();
        let _ = lang.get();
        match candidate.get() {
            Some(Err(e)) => BarLine::Refusal(crate::ui::refusal_named(&e, Names { teams: Some(&tm), players: &[] })),
            Some(Ok(Some(row))) => match &row.result {
                Ok(o) if !o.tribute_errors.is_empty() => {
                    BarLine::Refusal(format!("{}: {}", t("gd.trib.title"), tribute_error_text(&o.tribute_errors[0])))
                }
                Ok(o) => BarLine::Verdict(verdict(&row.hand, o, &tm)),
                Err(e) => BarLine::Refusal(row_error_text(e, &tm)),
            },
            _ => {
                let n = form.order.get().len();
                BarLine::Hint(if n == 0 {
                    t("gd.entry.hint").to_string()
                } else {
                    format!("{} {}", t("gd.entry.next_place"), place(n as u8 + 1))
                })
            }
        }
    });
    // A hand's name as the history numbers it: "第 3 副", "第 2-3 副" after the first round.
    let hand_name = Callback::new(move |id: String| {
        let view = vm.get_untracked()?;
        let multi = view.rounds.len() > 1;
        let (ri, r) = view.row(&id)?;
        let n = if multi { format!("{}-{}", ri + 1, r.number) } else { r.number.to_string() };
        Some(t("bar.hand_n").replace("{n}", &n))
    });

    // What an untouched form would record (nothing while the order is incomplete).
    let question = move || {
        candidate.with_untracked(|c| match c {
            Some(Ok(Some(r))) if hand.with_untracked(Option::is_some) => match &r.result {
                Ok(o) if o.tribute_errors.is_empty() => Some(verdict(&r.hand, o, &teams.get_untracked())),
                _ => None,
            },
            _ => None,
        })
    };
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let do_commit = move |ev: leptos::ev::MouseEvent| {
        form.intent.commit(crate::ui::widgets::event_time(&ev), question, move || {
            if edit_gone() {
                return false;
            }
            let Some(x) = m.get_untracked() else { return false };
            let tm = teams.get_untracked();
            if form.finish_order().is_none() {
                form.error.set(Some(t("gd.err.tap_all").to_string()));
                return false;
            }
            let (_, missing, errors, _) = tribute.get_untracked();
            if let Some(msg) = missing.first() {
                form.error.set(Some(msg.clone()));
                return false;
            }
            if let Some(e) = errors.first() {
                form.error.set(Some(format!("{}: {}", t("gd.trib.title"), tribute_error_text(e))));
                return false;
            }
            let row = match candidate.get_untracked() {
                Some(Ok(row)) => row,
                Some(Err(e)) => {
                    let tm = teams.get_untracked();
                    form.error.set(Some(crate::ui::refusal_named(&e, Names { teams: Some(&tm), players: &[] })));
                    return false;
                }
                None => return false,
            };
            match row.as_ref().map(|r| &r.result) {
                Some(Ok(o)) if !o.tribute_errors.is_empty() => {
                    form.error.set(Some(format!(
                        "{}: {}",
                        t("gd.trib.title"),
                        tribute_error_text(&o.tribute_errors[0])
                    )));
                    return false;
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    form.error.set(Some(row_error_text(e, &tm)));
                    return false;
                }
                None => return false,
            }
            let Some(h) = hand.get_untracked() else { return false };
            let op = match form.editing.get_untracked() {
                Some(target) => Op::Correct { target, hand: HandInput::Guandan(h) },
                None => Op::Hand { hand: HandInput::Guandan(h) },
            };
            match commit(&x, op) {
                Ok(()) => {
                    form.reset();
                    vibrate(30);
                    true
                }
                Err(e) => {
                    form.error.set(Some(e));
                    false
                }
            }
        })
    };
    let simple = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };

    view! {
        <section class="page match gd">
            {crate::ui::parts::match_title(m)}
            <p class="muted">
                {move || {
                    let _ = lang.get();
                    let p = preset.get();
                    format!("{} · {}", preset_label(&p), crate::ui::dt(&p.source))
                }}
            </p>
            {move || {
                let a = preset.with(|p| crate::ui::dt(&p.announce));
                (!a.is_empty())
                    .then(|| {
                        view! {
                            <p class="muted" id="gd-announce">
                                {a}
                            </p>
                        }
                    })
            }} <Scoreboard v=v preset=preset teams=teams players=players now=now />
            <ClockBar m=m v=v preset=preset teams=teams now=now /> <Show when=move || locked()>
                <div class="banner info" id="gd-locked">
                    {tx("end.locked")}
                </div>
            </Show> <Show when=move || done() && form.editing.get().is_none()>
                <RoundEnd m=m v=v preset=preset teams=teams />
            </Show> <Show when=move || !locked() && (!done() || form.editing.get().is_some())>
                <NextInfo v=v preset=preset teams=teams editing=form.editing />
                // Tribute is paid and returned before the hand is played: entered first.
                <Show when=move || entry_ctx.get().due.is_some() || form.tmode.get() != TMode::Off>
                    <div
                        class="entry gd-tribute-entry"
                        on:click=form.intent.watch()
                        on:input=form.intent.watch()
                        on:change=form.intent.watch()
                    >
                        <TributeEditor
                            form=form
                            preset=preset
                            entry_ctx=entry_ctx.into()
                            tribute=Signal::derive(move || tribute.get())
                        />
                    </div>
                </Show>
                <HandEntry form=form players=players />
                <div
                    class="entry gd-extras"
                    id="gd-extras"
                    on:click=form.intent.watch()
                    on:input=form.intent.watch()
                    on:change=form.intent.watch()
                >
                    <FoulEditor
                        form=form
                        preset=preset
                        teams=teams
                        pending=Signal::derive(move || {
                            if form.editing.get().is_some() {
                                PerTeam::default()
                            } else {
                                v.get().current().pending_warnings()
                            }
                        })
                    />
                </div>
                <div class="preview" id="gd-preview" aria-live="polite">
                    {move || {
                        let p = preset.get();
                        let tm = teams.get();
                        let _ = lang.get();
                        match candidate.get() {
                            Some(Err(e)) => {
                                view! {
                                    <p class="field-error" id="gd-verdict-error">
                                        {crate::ui::refusal_named(
                                            &e,
                                            Names {
                                                teams: Some(&tm),
                                                players: &[],
                                            },
                                        )}
                                    </p>
                                }
                                    .into_any()
                            }
                            Some(Ok(Some(row))) => {
                                match &row.result {
                                    Ok(o) => {
                                        view! {
                                            <p class="verdict" id="gd-verdict">
                                                {verdict(&row.hand, o, &tm)}
                                            </p>
                                            {move || {
                                                let b = broken_by_edit.get();
                                                let multi = v.with(|v| v.rounds.len() > 1);
                                                (!b.is_empty())
                                                    .then(|| {
                                                        let hands = b
                                                            .iter()
                                                            .map(|(i, n, e)| {
                                                                let n = if multi {
                                                                    format!("{}-{n}", i + 1)
                                                                } else {
                                                                    n.to_string()
                                                                };
                                                                format!(
                                                                    "{} ({})",
                                                                    t("bar.hand_n").replace("{n}", &n),
                                                                    tribute_error_text(e),
                                                                )
                                                            })
                                                            .collect::<Vec<_>>()
                                                            .join(" · ");
                                                        view! {
                                                            <p class="banner warn" id="gd-edit-breaks">
                                                                {t("gd.edit.breaks_tribute").replace("{hands}", &hands)}
                                                            </p>
                                                        }
                                                    })
                                            }}
                                            <ul class="explain">
                                                {explain(&p, Some(&row), &row.hand, o, &tm)
                                                    .into_iter()
                                                    .map(|s| {
                                                        view! {
                                                            <li>
                                                                <crate::ui::rules_tab::CiteText text=s />
                                                            </li>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </ul>
                                        }
                                            .into_any()
                                    }
                                    Err(e) => {
                                        view! {
                                            <p class="field-error" id="gd-verdict-error">
                                                {row_error_text(e, &tm)}
                                            </p>
                                        }
                                            .into_any()
                                    }
                                }
                            }
                            _ => {
                                view! {
                                    <p class="muted">
                                        {move || {
                                            let n = form.order.get().len();
                                            if n == 0 {
                                                t("gd.entry.hint").to_string()
                                            } else {
                                                format!("{} {}", t("gd.entry.next_place"), place(n as u8 + 1))
                                            }
                                        }}
                                    </p>
                                }
                                    .into_any()
                            }
                        }
                    }}
                </div>
                <CommitBar
                    m=m
                    intent=form.intent
                    verdict=bar_line
                    name=hand_name
                    ids=["gd-commit-error", "gd-commit"]
                    error=form.error
                    editing=Signal::derive(move || form.editing.get().is_some())
                    label="entry.commit"
                    on_commit=do_commit
                    on_cancel=move || form.reset()
                    cancel_id="gd-cancel"
                />
                <Show when=move || form.editing.get().is_none()>
                    <ForfeitBox m=m preset=preset teams=teams />
                </Show>
            </Show> <MatchActions m=m locked=Signal::derive(locked) undo="gd-undo" export="gd-export" share=true />
            <crate::ui::ruling::RulingPanel m=m teams=teams locked=Signal::derive(locked) />
            <h2>{tx("chart.title")}</h2>
            <LevelChart series=Signal::derive(move || v.get().current().level_series()) names=teams />
            <History
                v=v
                preset=preset
                teams=teams
                form=form
                locked=Signal::derive(locked)
                on_void=move |id: String| simple(Op::Void {
                    target: id,
                    reason: "delete".into(),
                })
            /> <ResultSheet m=m v=v preset=preset teams=teams players=players /> <crate::ui::parts::ShareBar m=m />
            <crate::ui::widgets::EntryLog m=m />
        </section>
    }
}
