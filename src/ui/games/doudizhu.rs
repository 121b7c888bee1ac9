//! 斗地主 pages (RULES.md §3) and the session widgets shared with 欢乐三打一
//! ([`super::sandayi`]): the bidding pad (an illegal bid is refused with a message), the
//! session bar (table in rotation, its clock, next table, play-off), the scoreboard with
//! running totals and ranking, the history frame (edit / delete / undo), the result sheet
//! with sign-off, the log, and the set-up form.
//!
//! Everything shown is derived by replaying the log ([`crate::record::replay::replay`]);
//! formulas are built from the engine's structured fields with table strings, never from
//! its Chinese explanation.

use crate::i18n::{lookup, tr, Lang, Names};
use crate::record::game::GameId;
pub(crate) use crate::record::games::doudizhu::{bidding_done, bids_from, calls_from, high_bid};
use crate::record::games::doudizhu::{DdzRow, DoudizhuSetup, DoudizhuView, NextSitting, SessionView};
use crate::record::replay::{replay, MatchView};
use crate::record::{Entry, HandInput, ImportError, Match, Op, Setup};
use crate::rules::doudizhu::{
    builtin_presets, check_call, signed, Call, Factor, FactorKind, Hand, HandResult, Preset, Reading, Reason,
    RuleError, SessionRules,
};
use crate::ui::widgets::{fmt_duration, leave_edit_when_gone, no_key_repeat, vibrate, FormIntent};
use crate::ui::{commit, create_match, ctx, fmt_time, io, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::Arc;

// ---------------------------------------------------------------------------------------
// Small shared helpers
// ---------------------------------------------------------------------------------------

/// A player's display name (`P2` when the name is empty).
pub(crate) fn name_of(names: &[String], i: usize) -> String {
    names.get(i).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).unwrap_or_else(|| format!("P{}", i + 1))
}

/// One multiplier factor, translated: `炸弹 ×2`, `2 bombs ×4`.
pub(crate) fn factor_text(l: Lang, f: &Factor) -> String {
    let (one, many) = match f.kind {
        FactorKind::Bomb => ("ddz.fk.bomb", "ddz.fk.bomb_n"),
        FactorKind::Rocket => ("ddz.fk.rocket", "ddz.fk.rocket_n"),
        FactorKind::Spring => ("ddz.fk.spring", "ddz.fk.spring"),
        FactorKind::AntiSpring => ("ddz.fk.anti_spring", "ddz.fk.anti_spring"),
        FactorKind::Huangfan => ("sdy.fk.huangfan", "sdy.fk.huangfan"),
        FactorKind::Tanda => ("sdy.fk.tanda", "sdy.fk.tanda"),
        FactorKind::Mingwang => ("sdy.fk.mingwang", "sdy.fk.mingwang"),
    };
    if f.count > 1 {
        format!("{} ×{}", tr(l, many).replace("{n}", &f.count.to_string()), f.times)
    } else {
        format!("{} ×{}", tr(l, one), f.times)
    }
}

/// ` (炸弹 ×2, 火箭 ×2)`, or empty.
pub(crate) fn factors_text(l: Lang, fs: &[Factor]) -> String {
    if fs.is_empty() {
        String::new()
    } else {
        format!(" ({})", fs.iter().map(|f| factor_text(l, f)).collect::<Vec<_>>().join(", "))
    }
}

/// `; 地主 +24, 农民各 −12` — the landlord's and each farmer's amount.
pub(crate) fn payout_text(l: Lang, landlord_delta: i64, farmer_delta: i64) -> String {
    format!(
        "; {} {}, {}",
        tr(l, "ddz.f_landlord"),
        signed(landlord_delta),
        tr(l, "ddz.f_farmers_each").replace("{v}", &signed(farmer_delta))
    )
}

/// An engine error for the screen: the field, and the reason in the UI language.
pub(crate) fn err_text(l: Lang, names: &[String], e: &RuleError) -> String {
    crate::i18n::rule_error_text(l, e, Names { players: names, teams: None })
}

/// A refused entry for the screen: the field in the hand, and the reason in the UI language.
pub(crate) fn refusal_text(l: Lang, names: &[String], e: &ImportError) -> String {
    let why = crate::i18n::reason_text(l, e.msg.as_ref(), &e.reason, Names { players: names, teams: None });
    format!("{}: {why}", e.field_in_hand())
}

/// The points of a hand per player: `甲 +24 · 乙 −12 · 丙 −12`.
pub(crate) fn deltas_text(names: &[String], d: &[i64]) -> String {
    d.iter().enumerate().map(|(i, x)| format!("{} {}", name_of(names, i), signed(*x))).collect::<Vec<_>>().join(" · ")
}

/// The calls in order: `甲 不叫 → 乙 2分 → 丙 3分`.
pub(crate) fn calls_text(
    l: Lang,
    names: &[String],
    bids: &[Option<Call>],
    first: Option<usize>,
    unit_key: &'static str,
) -> String {
    let n = bids.len();
    let start = first.unwrap_or(0);
    (0..n)
        .map(|k| (start + k) % n.max(1))
        .filter_map(|p| bids[p].map(|c| (p, c)))
        .map(|(p, c)| format!("{} {}", name_of(names, p), call_text(l, c, unit_key)))
        .collect::<Vec<_>>()
        .join(" → ")
}

/// `不叫` / `2分` / `2 档`.
pub(crate) fn call_text(l: Lang, c: Call, unit_key: &'static str) -> String {
    match c {
        Call::Pass => tr(l, "ddz.pass").to_string(),
        Call::Bid(v) => format!("{v}{}", tr(l, unit_key)),
    }
}

// ---------------------------------------------------------------------------------------
// Bidding pad (shared)
// ---------------------------------------------------------------------------------------

/// The bidding being entered: who calls first and the calls so far, in calling order.
#[derive(Clone, Copy)]
pub(crate) struct BidState {
    /// First caller (player index).
    pub first: RwSignal<usize>,
    /// Calls so far, from `first` on.
    pub calls: RwSignal<Vec<Call>>,
    /// Why the last tapped call was refused.
    pub error: RwSignal<Option<String>>,
}

impl BidState {
    pub(crate) fn new() -> Self {
        BidState { first: RwSignal::new(0), calls: RwSignal::new(Vec::new()), error: RwSignal::new(None) }
    }
    /// Loads a recorded bid list (`first` as recorded or inferred).
    pub(crate) fn load(&self, bids: &[Option<Call>], first: usize) {
        self.first.set(first);
        self.calls.set(calls_from(bids, first));
        self.error.set(None);
    }
    pub(crate) fn reset(&self, first: usize) {
        self.first.set(first);
        self.calls.set(Vec::new());
        self.error.set(None);
    }
}

/// The bidding pad: first caller chips, the calls so far, a pass / bid row for the player
/// whose turn it is. A bid that is not higher than the last one is refused with a message.
pub(crate) fn bidding_pad(
    bs: BidState,
    names: Signal<Vec<String>>,
    values: Signal<Vec<u8>>,
    prefix: &'static str,
    unit_key: &'static str,
    first_key: &'static str,
) -> impl IntoView {
    let lang = ctx().lang;
    let n = move || names.with(Vec::len);
    let top = move || values.with(|v| v.last().copied().unwrap_or(3));
    let done = move || bidding_done(n(), &bs.calls.get(), top());
    let current = move || (bs.first.get() + bs.calls.with(Vec::len)) % n().max(1);
    let tap = move |c: Call| {
        let l = lang.get_untracked();
        let nn = names.with_untracked(Vec::len);
        let tp = values.with_untracked(|v| v.last().copied().unwrap_or(3));
        let calls = bs.calls.get_untracked();
        if bidding_done(nn, &calls, tp) {
            return;
        }
        let who = name_of(&names.get_untracked(), (bs.first.get_untracked() + calls.len()) % nn.max(1));
        // The engine says whether the call may follow; the pad says it with the caller's name.
        match values.with_untracked(|vs| check_call(&calls, c, vs)) {
            Ok(()) => {}
            Err(Reason::BidNotAllowed { bid, .. }) => {
                bs.error.set(Some(format!("{who}: {bid}{} — {}", tr(l, unit_key), tr(l, "ddz.bid_unknown"))));
                return;
            }
            Err(Reason::BidNotHigher { bid, high }) => {
                bs.error.set(Some(
                    tr(l, "ddz.bid_illegal")
                        .replace("{name}", &who)
                        .replace("{v}", &format!("{bid}{}", tr(l, unit_key)))
                        .replace("{high}", &format!("{high}{}", tr(l, unit_key))),
                ));
                vibrate(200);
                return;
            }
            Err(other) => {
                bs.error.set(Some(format!("{who}: {}", crate::i18n::say(l, &other.msg(), Names::default()))));
                return;
            }
        }
        bs.error.set(None);
        bs.calls.update(|cs| cs.push(c));
    };
    view! {
        <div class="bidding" id=format!("{prefix}-bidding")>
            <label class="field-label">{move || tr(lang.get(), first_key)}</label>
            <div class="chips" id=format!("{prefix}-first")>
                {move || {
                    (0..n())
                        .map(|i| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-player=i.to_string()
                                    class:selected=move || bs.first.get() == i
                                    on:click=move |_| {
                                        if bs.first.get_untracked() != i {
                                            bs.reset(i);
                                        }
                                    }
                                >
                                    {move || name_of(&names.get(), i)}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <ol class="calls" id=format!("{prefix}-calls")>
                {move || {
                    let l = lang.get();
                    let nm = names.get();
                    let first = bs.first.get();
                    bs.calls
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(k, c)| {
                            view! {
                                <li class:bid=matches!(
                                    c,
                                    Call::Bid(_)
                                )>
                                    {format!(
                                        "{} {}",
                                        name_of(&nm, (first + k) % nm.len().max(1)),
                                        call_text(l, c, unit_key),
                                    )}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
            <Show when=move || !done()>
                <p class="turn" id=format!("{prefix}-turn")>
                    {move || tr(lang.get(), "ddz.now_calling").replace("{name}", &name_of(&names.get(), current()))}
                </p>
                <div class="chips bid-pad">
                    <button class="btn chip" data-call="pass" on:click=move |_| tap(Call::Pass)>
                        {move || tr(lang.get(), "ddz.pass")}
                    </button>
                    {move || {
                        let high = high_bid(n(), bs.first.get(), &bs.calls.get()).map(|(_, v)| v).unwrap_or(0);
                        values
                            .get()
                            .into_iter()
                            .map(|v| {
                                view! {
                                    <button
                                        class="btn chip"
                                        data-call=v.to_string()
                                        class:illegal=v <= high
                                        on:click=move |_| tap(Call::Bid(v))
                                    >
                                        {move || format!("{v}{}", tr(lang.get(), unit_key))}
                                    </button>
                                }
                            })
                            .collect_view()
                    }}
                </div>
            </Show>
            {move || {
                bs.error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="field-error" role="alert" id=format!("{prefix}-bid-error")>
                                {e}
                            </p>
                        }
                    })
            }}
            <div class="actions">
                <button
                    class="btn"
                    id=format!("{prefix}-call-undo")
                    disabled=move || bs.calls.with(Vec::is_empty)
                    on:click=move |_| {
                        bs.calls
                            .update(|c| {
                                c.pop();
                            });
                        bs.error.set(None);
                    }
                >
                    {move || tr(lang.get(), "ddz.call_undo")}
                </button>
                <button
                    class="btn"
                    id=format!("{prefix}-call-reset")
                    disabled=move || bs.calls.with(Vec::is_empty)
                    on:click=move |_| bs.reset(bs.first.get_untracked())
                >
                    {move || tr(lang.get(), "ddz.call_reset")}
                </button>
            </div>
        </div>
    }
}

/// A − n + stepper without a keyboard.
pub(crate) fn stepper(value: RwSignal<u32>, max: Signal<u32>, id: String) -> impl IntoView {
    let minus = format!("{id}-minus");
    let plus = format!("{id}-plus");
    // A comparison with `>` in a view! attribute would end the tag: named here instead.
    let at_max = move || value.get() >= max.get();
    view! {
        <span class="ddz-stepper">
            <button
                class="btn step"
                id=minus
                disabled=move || value.get() == 0
                on:click=move |_| value.update(|v| *v = v.saturating_sub(1))
            >
                "−"
            </button>
            <span class="ddz-count" id=id>
                {move || value.get()}
            </span>
            <button
                class="btn step"
                id=plus
                disabled=at_max
                on:click=move |_| value.update(|v| *v = (*v + 1).min(max.get_untracked()))
            >
                "+"
            </button>
        </span>
    }
}

// ---------------------------------------------------------------------------------------
// Session widgets (shared)
// ---------------------------------------------------------------------------------------

/// Whether to raise the play-off flag now: the top is tied and the session is over, or
/// play is under way at the last table.
pub(crate) fn tie_flag(s: &SessionView, now_ms: f64) -> bool {
    s.playoff_needed && (s.finished(now_ms) || (s.at_last_table() && s.current().hands > 0))
}

/// Table label: `第 2/3 桌` / `加赛 1`.
pub(crate) fn table_label(l: Lang, s: &SessionView, seg: usize) -> String {
    let g = &s.segments[seg];
    if g.playoff {
        format!("{} {}", tr(l, "ddz.playoff"), g.number)
    } else {
        tr(l, "ddz.table_of").replace("{k}", &g.number.to_string()).replace("{n}", &s.tables.to_string())
    }
}

fn act(m: Memo<Option<Arc<Match>>>, op: Op) {
    if let Some(x) = m.get_untracked() {
        if let Err(e) = commit(&x, op) {
            io::alert(&e);
        }
    }
}

/// The scoreboard: each player's running total and place, the play-off flag.
pub(crate) fn scoreboard(session: Signal<SessionView>, names: Signal<Vec<String>>, now: Signal<f64>) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <div class="ddz-board" id="scoreboard">
            {move || {
                let s = session.get();
                let nm = names.get();
                let l = lang.get();
                let tie: Vec<usize> = if tie_flag(&s, now.get()) {
                    s.ranking.playoff_players.clone()
                } else {
                    Vec::new()
                };
                (0..nm.len())
                    .map(|i| {
                        let place = s.ranking.standings.iter().find(|x| x.player == i).map(|x| x.place).unwrap_or(0);
                        let through = s.advancing.contains(&i) && s.finished(now.get());
                        view! {
                            <div class="ddz-player" data-player=i.to_string() class:leader=place == 1>
                                <div class="name">{name_of(&nm, i)}</div>
                                <div class="total" id=format!("total-{i}")>
                                    {signed(s.totals[i])}
                                </div>
                                <div class="muted place">
                                    {tr(l, "ddz.place").replace("{n}", &place.to_string())}
                                    {tie
                                        .contains(&i)
                                        .then(|| view! { <span class="badge">{tr(l, "ddz.playoff")}</span> })}
                                    {through
                                        .then(|| view! { <span class="badge ok">{tr(l, "ddz.goes_through")}</span> })}
                                </div>
                                {(s.playoff_hands > 0)
                                    .then(|| {
                                        view! {
                                            <div class="muted">
                                                {tr(l, "ddz.playoff")}" "{signed(s.playoff_totals[i])}
                                            </div>
                                        }
                                    })}
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// The session bar: table and seating (rotation), the table clock with start / pause /
/// resume, the time-up banner, next table and play-off buttons.
pub(crate) fn session_bar(
    m: Memo<Option<Arc<Match>>>,
    session: Signal<SessionView>,
    names: Signal<Vec<String>>,
    now: Signal<f64>,
    locked: Signal<bool>,
) -> impl IntoView {
    let lang = ctx().lang;
    let elapsed_now = move || Some(session.with_untracked(|s| s.current().clock.elapsed_ms(now.get_untracked())));
    let time_up = Memo::new(move |_| session.with(|s| s.time_up(now.get())));
    Effect::new(move |prev: Option<bool>| {
        let up = time_up.get();
        if up && prev == Some(false) {
            vibrate(400);
        }
        up
    });
    view! {
        <div class="clockbar ddz-session" id="session-bar">
            {move || {
                let s = session.get();
                let l = lang.get();
                let seg = s.current().clone();
                let nm = names.get();
                let running = seg.clock.running_since.is_some();
                let seats = seg.seating.iter().map(|&p| name_of(&nm, p)).collect::<Vec<_>>().join(" → ");
                view! {
                    <span class="table-label" id="table-label">
                        {table_label(l, &s, s.segments.len() - 1)}
                    </span>
                    <span class="clock" id="table-clock">
                        {fmt_duration(seg.clock.elapsed_ms(now.get()))}
                        {(!seg.playoff).then(|| s.minutes_per_table.map(|mm| format!(" / {mm}:00"))).flatten()}
                    </span>
                    {if locked.get() {
                        ().into_any()
                    } else {
                        crate::ui::clock::clock_button(
                            "",
                            seg.clock.started,
                            running,
                            move |action| act(
                                m,
                                Op::Clock {
                                    action,
                                    elapsed_ms: elapsed_now(),
                                },
                            ),
                        )
                    }}
                    <p class="muted seating" id="seating">
                        {tr(l, "ddz.seating")}
                        ": "
                        {seats}
                    </p>
                }
            }}
            <Show when=move || time_up.get() && !locked.get()>
                <div class="banner warn" role="alert" id="time-up">
                    {move || {
                        let l = lang.get();
                        if session.with(|s| s.at_last_table()) {
                            tr(l, "ddz.time_up_last")
                        } else {
                            tr(l, "ddz.time_up")
                        }
                    }}
                </div>
            </Show>
            <crate::ui::clock::JumpNotice />
            <Show when=move || {
                !locked.get()
            }>
                {move || {
                    let s = session.get();
                    let l = lang.get();
                    let move_on = s.next_sitting();
                    if move_on == Some(NextSitting::Table) {
                        let next = s.segments.len() + 1;
                        view! {
                            <button
                                class="btn"
                                class:primary=move || time_up.get()
                                id="next-table"
                                on:click=move |_| {
                                    if window()
                                        .confirm_with_message(
                                            &tr(lang.get_untracked(), "ddz.confirm_next")
                                                .replace("{k}", &next.to_string()),
                                        )
                                        .unwrap_or(false)
                                    {
                                        act(
                                            m,
                                            Op::NextGame {
                                                start: Default::default(),
                                            },
                                        );
                                    }
                                }
                            >
                                {tr(l, "ddz.next_table").replace("{k}", &next.to_string())}
                            </button>
                        }
                            .into_any()
                    } else if move_on == Some(NextSitting::Playoff) {
                        view! {
                            <button
                                class="btn primary"
                                id="start-playoff"
                                on:click=move |_| act(
                                    m,
                                    Op::NextGame {
                                        start: Default::default(),
                                    },
                                )
                            >
                                {tr(l, "ddz.start_playoff")}
                            </button>
                        }
                            .into_any()
                    } else {
                        ().into_any()
                    }
                }}
            </Show>
        </div>
    }
}

/// The ranking with the play-off flag and who goes through.
pub(crate) fn ranking_view(
    session: Signal<SessionView>,
    names: Signal<Vec<String>>,
    now: Signal<f64>,
) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        {move || {
            let s = session.get();
            let nm = names.get();
            let l = lang.get();
            let finished = s.finished(now.get());
            view! {
                <h2>{if finished { tr(l, "ddz.final_ranking") } else { tr(l, "ddz.ranking") }}</h2>
                <ol class="ddz-ranking" id="ranking">
                    {s
                        .ranking
                        .standings
                        .iter()
                        .map(|st| {
                            view! {
                                <li data-player=st.player.to_string() data-place=st.place.to_string()>
                                    <span class="place">{st.place}</span>
                                    <span class="name">{name_of(&nm, st.player)}</span>
                                    <span class="total">{signed(st.total)}</span>
                                    {(s.playoff_hands > 0 && s.ranking.playoff_players.contains(&st.player))
                                        .then(|| {
                                            format!(
                                                " · {} {}",
                                                tr(l, "ddz.playoff"),
                                                signed(s.playoff_totals[st.player]),
                                            )
                                        })}
                                </li>
                            }
                        })
                        .collect_view()}
                </ol>
                {(s.ranking.playoff && (!s.playoff_needed || tie_flag(&s, now.get())))
                    .then(|| {
                        let who = s
                            .ranking
                            .playoff_players
                            .iter()
                            .map(|&p| name_of(&nm, p))
                            .collect::<Vec<_>>()
                            .join(", ");
                        let total = s.ranking.playoff_players.first().map(|&p| s.totals[p]).unwrap_or(0);
                        if s.playoff_needed {
                            view! {
                                <div class="banner warn" id="playoff-flag" role="status">
                                    {tr(l, "ddz.playoff_needed")
                                        .replace("{who}", &who)
                                        .replace("{total}", &signed(total))}
                                </div>
                            }
                                .into_any()
                        } else {
                            view! {
                                <div class="banner info" id="playoff-flag">
                                    {tr(l, "ddz.playoff_decided").replace("{who}", &who)}
                                </div>
                            }
                                .into_any()
                        }
                    })}
                {(finished && !s.advancing.is_empty())
                    .then(|| {
                        view! {
                            <div class="banner ok" id="goes-through">
                                {tr(l, "ddz.goes_through")}
                                ": "
                                {s.advancing.iter().map(|&p| name_of(&nm, p)).collect::<Vec<_>>().join(", ")}
                            </div>
                        }
                    })}
            }
        }}
    }
}

/// One history row, already translated.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HistItem {
    /// Id of the hand entry.
    pub entry_id: String,
    /// `T1·3`.
    pub label: String,
    /// The one-line verdict.
    pub line: String,
    /// Points per player.
    pub deltas: String,
    /// The rule one tap away: calls, formula, running totals.
    pub details: Vec<String>,
    /// Violations (flagged in red).
    pub warnings: Vec<String>,
    /// When logged, ms.
    pub at_ms: f64,
    /// Corrections, ms.
    pub corrected_ms: Vec<f64>,
}

/// The history: newest first, each row with its rule in `<details>`, edit and delete.
pub(crate) fn history(
    items: Signal<Vec<HistItem>>,
    locked: Signal<bool>,
    on_edit: impl Fn(String) + Copy + Send + Sync + 'static,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <h2>{tx("hist.title")}</h2>
        <ol class="history" id="history" reversed>
            {move || {
                let l = lang.get();
                items
                    .get()
                    .into_iter()
                    .rev()
                    .map(|it| {
                        let id = it.entry_id.clone();
                        let id2 = it.entry_id.clone();
                        let warn = !it.warnings.is_empty();
                        view! {
                            <li class="hand-row" class:violation=warn data-entry=it.entry_id.clone()>
                                <details>
                                    <summary>
                                        <span class="num">{it.label.clone()}</span>
                                        <span class="line">{it.line.clone()}</span>
                                        {warn
                                            .then(|| {
                                                view! { <span class="badge warn-badge">{tr(l, "sdy.violation")}</span> }
                                            })}
                                        {(!it.corrected_ms.is_empty())
                                            .then(|| view! { <span class="badge">{tr(l, "hist.corrected")}</span> })}
                                    </summary>
                                    <p class="deltas">{it.deltas.clone()}</p>
                                    <ul class="explain">
                                        {it.details.iter().map(|s| view! { <li>{s.clone()}</li> }).collect_view()}
                                    </ul>
                                    {warn
                                        .then(|| {
                                            view! {
                                                <ul class="violations">
                                                    {it
                                                        .warnings
                                                        .iter()
                                                        .map(|s| view! { <li>{s.clone()}</li> })
                                                        .collect_view()}
                                                </ul>
                                            }
                                        })}
                                    <p class="muted">
                                        {fmt_time(it.at_ms)}
                                        {it
                                            .corrected_ms
                                            .iter()
                                            .map(|c| format!(" · {} {}", tr(l, "hist.corrected"), fmt_time(*c)))
                                            .collect::<String>()}
                                    </p>
                                    <Show when=move || {
                                        !locked.get()
                                    }>
                                        {
                                            let (id, id2) = (id.clone(), id2.clone());
                                            crate::ui::parts::row_actions(
                                                Some(Box::new(move || on_edit(id.clone()))),
                                                Some("hand-entry"),
                                                "hist.confirm_delete",
                                                move || on_void(id2.clone()),
                                            )
                                        }
                                    </Show>
                                </details>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
}

/// Undo (void the newest action) and export.
pub(crate) fn match_actions(m: Memo<Option<Arc<Match>>>, locked: Signal<bool>) -> impl IntoView {
    view! { <crate::ui::parts::MatchActions m=m locked=locked undo="undo" export="export-match" /> }
}

/// The result sheet: each player's points per table, play-off, total and place, an extra
/// column (三打一: violations), notes, and the referee's sign-off / reopen.
pub(crate) fn result_sheet(
    m: Memo<Option<Arc<Match>>>,
    session: Signal<SessionView>,
    names: Signal<Vec<String>>,
    extra: Signal<Option<(&'static str, Vec<String>)>>,
    notes: Signal<Vec<String>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    view! {
        <details class="result-sheet" id="result-sheet">
            <summary>{tx("sheet.title")}</summary>
            {move || {
                let s = session.get();
                let nm = names.get();
                let l = lang.get();
                let ex = extra.get();
                let regular: Vec<usize> = (0..s.segments.len()).filter(|&i| !s.segments[i].playoff).collect();
                let has_playoff = s.segments.iter().any(|g| g.playoff);
                let tied = s.playoff_needed && s.segments.iter().any(|g| g.hands > 0);
                view! {
                    <table class="sheet" id="sheet">
                        <tr>
                            <th>{tr(l, "ddz.player")}</th>
                            {regular.iter().map(|&i| view! { <th>{table_label(l, &s, i)}</th> }).collect_view()}
                            <th>{tr(l, "ddz.total")}</th>
                            <th>{tr(l, "ddz.place_h")}</th>
                            {has_playoff.then(|| view! { <th>{tr(l, "ddz.playoff")}</th> })}
                            {ex
                                .as_ref()
                                .map(|(h, _)| {
                                    let h: &'static str = h;
                                    view! { <th>{tr(l, h)}</th> }
                                })}
                        </tr>
                        {(0..nm.len())
                            .map(|p| {
                                let place = s
                                    .ranking
                                    .standings
                                    .iter()
                                    .find(|x| x.player == p)
                                    .map(|x| x.place)
                                    .unwrap_or(0);
                                view! {
                                    <tr data-player=p.to_string()>
                                        <td>{name_of(&nm, p)}</td>
                                        {regular
                                            .iter()
                                            .map(|&i| view! { <td>{signed(s.segments[i].totals[p])}</td> })
                                            .collect_view()}
                                        <td class="sheet-total">{signed(s.totals[p])}</td>
                                        <td>
                                            {place}{(tied && s.ranking.playoff_players.contains(&p)).then_some(" *")}
                                        </td>
                                        {has_playoff.then(|| view! { <td>{signed(s.playoff_totals[p])}</td> })}
                                        {ex
                                            .as_ref()
                                            .map(|(_, v)| {
                                                let x = v.get(p).cloned().unwrap_or_default();
                                                let flag = !x.is_empty() && x != "0";
                                                view! {
                                                    <td class="sheet-extra" class:flag=flag>
                                                        {x}
                                                    </td>
                                                }
                                            })}
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </table>
                    {tied
                        .then(|| {
                            view! {
                                <p class="field-error" id="sheet-playoff">
                                    {"* "}
                                    {tr(l, "ddz.sheet_playoff")}
                                </p>
                            }
                        })}
                    <ul class="sheet-notes" id="sheet-notes">
                        {notes.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                    </ul>
                    {
                        view! {
                            <crate::ui::widgets::SignOff
                                locked=s.locked
                                referee=referee
                                reason=reason
                                ids=["referee-name", "sign-off", "reopen"]
                                act=move |op| act(m, op)
                            />
                        }
                    }
                }
            }}
        </details>
    }
}

/// A log line: "next table" for the session's table change, else the op's name.
pub(crate) fn describe(l: Lang, op: &Op) -> String {
    match op {
        Op::NextGame { .. } => tr(l, "ddz.log_next_table").to_string(),
        op => crate::i18n::op_name(l, op).to_string(),
    }
}

/// The session clock's "now", ticking every half second while the page is open: the
/// running table clock's start plus the time elapsed since on the monotonic clock
/// (crate::ui::clock), never the device's wall clock alone.
pub(crate) fn ticking_now(m: Memo<Option<Arc<Match>>>, session: Signal<SessionView>) -> Signal<f64> {
    let tick = crate::ui::clock::ticker();
    let scope =
        crate::ui::clock::clock_scope(&m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default()));
    let running_since = Memo::new(move |_| session.with(|s| s.current().clock.running_since));
    Signal::derive(move || {
        tick.track();
        crate::ui::clock::run_now(&scope, running_since.get())
    })
}

/// The preset line under the title: translated name · source.
pub(crate) fn preset_line(l: Lang, prefix: &str, id: &str, name: &str, source: &str) -> String {
    let shown = lookup(l, &format!("{prefix}.preset.{id}")).map(str::to_string).unwrap_or_else(|| name.to_string());
    if l == Lang::En {
        shown
    } else {
        format!("{shown} · {source}")
    }
}

// ---------------------------------------------------------------------------------------
// 斗地主 page
// ---------------------------------------------------------------------------------------

/// One line for the home list: table, hands, leader.
pub fn summary(m: &Match) -> String {
    let Setup::Doudizhu(s) = &m.setup else { return String::new() };
    let MatchView::Doudizhu(v) = replay(m) else { return String::new() };
    session_summary(&v.session, &s.players, v.rows.len())
}

/// `第 2/3 桌 · 5 副 · 甲 +24`.
pub(crate) fn session_summary(s: &SessionView, names: &[String], hands: usize) -> String {
    let lead = s
        .ranking
        .standings
        .first()
        .map(|st| format!(" · {} {}", name_of(names, st.player), signed(st.total)))
        .unwrap_or_default();
    format!(
        "{} · {} {}{}",
        table_label(ctx().lang.get_untracked(), s, s.segments.len() - 1),
        hands,
        t("home.hands"),
        lead
    )
}

/// The 斗地主 form as the referee left it (its draft, [`crate::ui::draft`]): the bidding
/// pad's first caller and calls, and the play.
#[derive(Serialize, serde::Deserialize)]
struct DdzDraft {
    first: usize,
    calls: Vec<Call>,
    bombs: u32,
    rockets: u32,
    out: Option<usize>,
    spring: bool,
    anti: bool,
    editing: Option<String>,
}

/// The 斗地主 hand being entered.
#[derive(Clone, Copy)]
struct DdzForm {
    bid: BidState,
    bombs: RwSignal<u32>,
    rockets: RwSignal<u32>,
    out: RwSignal<Option<usize>>,
    spring: RwSignal<bool>,
    anti: RwSignal<bool>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    intent: FormIntent,
}

impl DdzForm {
    fn new() -> Self {
        DdzForm {
            bid: BidState::new(),
            bombs: RwSignal::new(0),
            rockets: RwSignal::new(0),
            out: RwSignal::new(None),
            spring: RwSignal::new(false),
            anti: RwSignal::new(false),
            editing: RwSignal::new(None),
            error: RwSignal::new(None),
            intent: FormIntent::new(),
        }
    }

    /// The hand as entered, once complete (bidding over, and who went out when played).
    fn hand(&self, p: &Preset) -> Option<Hand> {
        let n = p.players;
        let top = p.bid_values.last().copied().unwrap_or(3);
        let first = self.bid.first.get();
        let calls = self.bid.calls.get();
        let bids = bids_from(n, first, &calls, top)?;
        match high_bid(n, first, &calls) {
            None => Some(Hand { bids: Some(bids), first_bidder: Some(first), ..Hand::redeal() }),
            Some((l, v)) => {
                let out = self.out.get()?;
                let won = out == l;
                Some(Hand {
                    landlord: Some(l),
                    bid: v,
                    bombs: self.bombs.get(),
                    rockets: self.rockets.get(),
                    spring: won && self.spring.get(),
                    anti_spring: !won && self.anti.get(),
                    landlord_won: won,
                    bids: Some(bids),
                    first_bidder: Some(first),
                    went_out: Some(out),
                })
            }
        }
    }

    fn load(&self, p: &Preset, h: &Hand, id: Option<String>) {
        let n = p.players;
        let top = p.bid_values.last().copied().unwrap_or(3);
        match &h.bids {
            Some(b) => {
                let first = h
                    .first_bidder
                    .or_else(|| {
                        crate::rules::doudizhu::check_bidding(b, None, &p.bid_values, n).ok().map(|x| x.first_bidder)
                    })
                    .unwrap_or(0);
                self.bid.load(b, first);
            }
            None => {
                // Recorded without the calls: the landlord opened with the bid.
                let first = h.landlord.unwrap_or(0);
                let mut calls = Vec::new();
                if h.landlord.is_some() {
                    calls.push(Call::Bid(h.bid));
                    if h.bid != top {
                        calls.extend(std::iter::repeat_n(Call::Pass, n - 1));
                    }
                } else {
                    calls = vec![Call::Pass; n];
                }
                self.bid.first.set(first);
                self.bid.calls.set(calls);
                self.bid.error.set(None);
            }
        }
        self.bombs.set(h.bombs);
        self.rockets.set(h.rockets);
        self.out.set(h.went_out.or_else(|| h.landlord.map(|l| if h.landlord_won { l } else { (l + 1) % n })));
        self.spring.set(h.spring);
        self.anti.set(h.anti_spring);
        self.editing.set(id);
        self.error.set(None);
        self.intent.fresh();
    }

    /// The form as it stands (tracked).
    fn draft(&self) -> DdzDraft {
        DdzDraft {
            first: self.bid.first.get(),
            calls: self.bid.calls.get(),
            bombs: self.bombs.get(),
            rockets: self.rockets.get(),
            out: self.out.get(),
            spring: self.spring.get(),
            anti: self.anti.get(),
            editing: self.editing.get(),
        }
    }

    fn set_draft(&self, d: DdzDraft) {
        self.bid.first.set(d.first);
        self.bid.calls.set(d.calls);
        self.bid.error.set(None);
        self.bombs.set(d.bombs);
        self.rockets.set(d.rockets);
        self.out.set(d.out);
        self.spring.set(d.spring);
        self.anti.set(d.anti);
        self.editing.set(d.editing);
        self.error.set(None);
    }

    fn reset(&self, first: usize) {
        self.bid.reset(first);
        self.bombs.set(0);
        self.rockets.set(0);
        self.out.set(None);
        self.spring.set(false);
        self.anti.set(false);
        self.editing.set(None);
        self.error.set(None);
        self.intent.fresh();
    }
}

fn ddz_setup(m: &Match) -> Option<&DoudizhuSetup> {
    match &m.setup {
        Setup::Doudizhu(s) => Some(s),
        _ => None,
    }
}

/// The verdict line of a 斗地主 hand.
fn ddz_line(l: Lang, names: &[String], h: &Hand) -> String {
    match h.landlord {
        None => tr(l, "ddz.redeal_line").to_string(),
        Some(ll) => format!(
            "{} {} {}{} · {}",
            name_of(names, ll),
            tr(l, "ddz.landlord"),
            h.bid,
            tr(l, "ddz.unit"),
            if h.landlord_won { tr(l, "ddz.landlord_wins") } else { tr(l, "ddz.farmers_win") }
        ),
    }
}

/// The formula with the numbers filled in, from the structured result.
fn ddz_formula(l: Lang, p: &Preset, h: &Hand, r: &HandResult) -> String {
    let Some(ll) = h.landlord else { return tr(l, "ddz.redeal_rule").to_string() };
    let base = if p.stake == 1 {
        format!("{} {}", tr(l, "ddz.f_base"), r.base)
    } else {
        format!(
            "{} {} × {} {} = {} {}",
            tr(l, "ddz.f_stake"),
            p.stake,
            tr(l, "ddz.f_bid"),
            h.bid,
            tr(l, "ddz.f_base"),
            r.base
        )
    };
    format!(
        "{base} × {} {}{} = {}{}",
        tr(l, "ddz.f_mult"),
        r.multiplier,
        factors_text(l, &r.factors),
        r.unit,
        payout_text(l, r.deltas[ll], if h.landlord_won { -r.unit } else { r.unit })
    )
}

/// Calls, who went out, formula, running totals.
fn ddz_details(l: Lang, p: &Preset, names: &[String], r: &DdzRow) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(b) = &r.hand.bids {
        v.push(format!("{}: {}", tr(l, "ddz.calls"), calls_text(l, names, b, r.hand.first_bidder, "ddz.unit")));
    }
    if let Some(o) = r.hand.went_out {
        v.push(format!("{}: {}", tr(l, "ddz.went_out"), name_of(names, o)));
    }
    if r.hand.landlord.is_some() {
        v.push(format!("{}: {} · {}: {}", tr(l, "ddz.bombs"), r.hand.bombs, tr(l, "ddz.rockets"), r.hand.rockets));
    }
    match &r.result {
        Ok(res) => {
            v.push(ddz_formula(l, p, &r.hand, res));
            v.push(format!("{}: {}", tr(l, "ddz.running"), deltas_text(names, &r.running)));
        }
        Err(e) => v.push(err_text(l, names, e)),
    }
    v.push(format!("[{}]", tr(l, "ddz.rule_src")));
    v
}

fn ddz_items(l: Lang, p: &Preset, names: &[String], v: &DoudizhuView) -> Vec<HistItem> {
    v.rows
        .iter()
        .map(|r| HistItem {
            entry_id: r.entry_id.clone(),
            label: row_label(l, &v.session, r.segment, r.number),
            line: ddz_line(l, names, &r.hand),
            deltas: r.result.as_ref().map(|x| deltas_text(names, &x.deltas)).unwrap_or_else(|e| err_text(l, names, e)),
            details: ddz_details(l, p, names, r),
            warnings: Vec::new(),
            at_ms: r.at_ms,
            corrected_ms: r.corrected_ms.clone(),
        })
        .collect()
}

/// `T2·5` / `加赛·9`.
pub(crate) fn row_label(l: Lang, s: &SessionView, seg: usize, number: usize) -> String {
    let g = &s.segments[seg];
    if g.playoff {
        format!("{}·{number}", tr(l, "ddz.playoff"))
    } else {
        format!("{}{}·{number}", tr(l, "ddz.table_short"), g.number)
    }
}

/// The candidate entry replayed in place (live preview, also for an edit): the row, or why
/// the entry would be refused.
pub(crate) fn candidate_op(editing: Option<String>, hand: HandInput) -> (Op, String) {
    let target = editing.clone().unwrap_or_else(|| "preview".to_string());
    let op = match editing {
        Some(t) => Op::Correct { target: t, hand },
        None => Op::Hand { hand },
    };
    (op, target)
}

/// Checks a candidate op against the log as [`Match::append`] would and returns the match
/// with it appended ([`Match::preview`]).
pub(crate) fn with_candidate(x: &Match, op: Op) -> Result<Match, ImportError> {
    x.preview(Entry { after: None, id: "preview".into(), at_ms: now_ms(), op })
}

/// The 斗地主 match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let lang = ctx().lang;
    let view_memo: Memo<Option<DoudizhuView>> = Memo::new(move |_| {
        m.with(|o| {
            o.as_deref().and_then(|x| match replay(x) {
                MatchView::Doudizhu(v) => Some(v),
                _ => None,
            })
        })
    });
    let Some(first_view) = view_memo.get_untracked() else {
        return view! { <p class="empty">{tx("err.no_match")}</p> }.into_any();
    };
    let v = move || view_memo.get().expect("view present");
    let preset = Memo::new(move |_| {
        m.with(|o| o.as_deref().and_then(ddz_setup).map(|s| s.preset.clone()))
            .unwrap_or_else(|| builtin_presets()[0].clone())
    });
    let names =
        Memo::new(move |_| m.with(|o| o.as_deref().and_then(ddz_setup).map(|s| s.players.clone())).unwrap_or_default());
    let session = Signal::derive(move || v().session);
    let locked = Signal::derive(move || v().session.locked);
    let now = ticking_now(m, session);
    let form = DdzForm::new();
    form.reset(first_view.next_first_bidder());
    // The half-entered hand survives a reload, an update and back/forward.
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    crate::ui::draft::keep_draft(
        GameId::Doudizhu.as_str(),
        &mid,
        form.intent,
        move || form.draft(),
        move |d| form.set_draft(d),
    );
    // A new hand or a new table: the next deal's first caller, unless a hand is being entered.
    Effect::new(move |_| {
        let (rows, segs, next) = view_memo.with(|o| {
            o.as_ref().map(|v| (v.rows.len(), v.session.segments.len(), v.next_first_bidder())).unwrap_or((0, 1, 0))
        });
        let _ = (rows, segs);
        if form.editing.get_untracked().is_none()
            && form.bid.calls.with_untracked(Vec::is_empty)
            && !form.intent.changed_untracked()
        {
            form.bid.first.set(next);
        }
    });

    let candidate = Memo::new(move |_| -> Option<Result<DdzRow, ImportError>> {
        let x = m.get()?;
        let p = preset.get();
        let hand = form.hand(&p)?;
        let (op, target) = candidate_op(form.editing.get(), HandInput::Doudizhu(hand));
        let y = match with_candidate(&x, op) {
            Ok(y) => y,
            Err(e) => return Some(Err(e)),
        };
        let MatchView::Doudizhu(pv) = replay(&y) else { return None };
        pv.rows.into_iter().find(|r| r.entry_id == target).map(|r| match r.result {
            Ok(_) => Ok(r),
            Err(e) => Err(crate::record::games::doudizhu::rule_err(e)),
        })
    });

    // The edited hand deleted (here or in another tab): the form says so and starts a new
    // hand (the edit of an old hand is not the next hand's calls).
    let edit_gone = leave_edit_when_gone(m, form.editing, form.error, "entry.edit_gone", move || {
        form.reset(view_memo.get_untracked().map(|v| v.next_first_bidder()).unwrap_or(0))
    });
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let question = move || match candidate.get_untracked() {
        Some(Ok(r)) => Some(ddz_line(lang.get_untracked(), &names.get_untracked(), &r.hand)),
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
            let Some(hand) = form.hand(&p) else {
                form.error.set(Some(tr(l, "ddz.incomplete").to_string()));
                return false;
            };
            if let Some(Err(e)) = candidate.get_untracked() {
                form.error.set(Some(refusal_text(l, &names.get_untracked(), &e)));
                return false;
            }
            let (op, _) = candidate_op(form.editing.get_untracked(), HandInput::Doudizhu(hand));
            match commit(&x, op) {
                Ok(()) => {
                    let next = view_memo.get_untracked().map(|v| v.next_first_bidder()).unwrap_or(0);
                    form.reset(next);
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
    let on_void = move |id: String| act(m, Op::Void { target: id, reason: "delete".into() });
    let items = Signal::derive(move || ddz_items(lang.get(), &preset.get(), &names.get(), &v()));
    let values = Signal::derive(move || preset.get().bid_values);
    let names_s: Signal<Vec<String>> = names.into();
    let landlord = Memo::new(move |_| {
        let n = preset.with(|p| p.players);
        let top = preset.with(|p| p.bid_values.last().copied().unwrap_or(3));
        let calls = form.bid.calls.get();
        if !bidding_done(n, &calls, top) {
            return None;
        }
        Some(high_bid(n, form.bid.first.get(), &calls))
    });

    view! {
        <section class="page match ddz">
            <h1 class="match-title">
                {move || {
                    m.with(|x| x.as_ref().map(|x| if x.title.is_empty() { x.id.clone() } else { x.title.clone() }))
                        .unwrap_or_default()
                }}
            </h1>
            <p class="muted">
                {move || {
                    let p = preset.get();
                    preset_line(lang.get(), "ddz", &p.id, &p.name, &p.source)
                }}
            </p>
            {scoreboard(session, names_s, now)}
            {session_bar(m, session, names_s, now, locked)}
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
                    {bidding_pad(form.bid, names_s, values, "ddz", "ddz.unit", "ddz.first_bidder")}
                    {move || match landlord.get() {
                        None => ().into_any(),
                        Some(None) => {
                            view! {
                                <p class="banner info" id="ddz-redeal">
                                    {t("ddz.all_passed")}
                                </p>
                            }
                                .into_any()
                        }
                        Some(Some((ll, bid))) => {
                            view! {
                                <p class="verdict" id="ddz-landlord">
                                    {format!(
                                        "{} {} · {}{}",
                                        t("ddz.landlord"),
                                        name_of(&names.get(), ll),
                                        bid,
                                        t("ddz.unit"),
                                    )}
                                </p>
                                <label class="field-label">{t("ddz.bombs_played")}</label>
                                {stepper(
                                    form.bombs,
                                    Signal::derive(move || preset.get().max_bombs),
                                    "ddz-bombs".to_string(),
                                )}
                                <label class="field-label">{t("ddz.rockets_played")}</label>
                                <div class="chips" id="ddz-rockets">
                                    {(0..=preset.get().max_rockets)
                                        .map(|k| {
                                            view! {
                                                <button
                                                    class="btn chip"
                                                    data-rockets=k.to_string()
                                                    class:selected=move || form.rockets.get() == k
                                                    on:click=move |_| form.rockets.set(k)
                                                >
                                                    {k}
                                                </button>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                <label class="field-label">{t("ddz.went_out")}</label>
                                <div class="chips" id="ddz-out">
                                    {(0..names.get().len())
                                        .map(|i| {
                                            view! {
                                                <button
                                                    class="btn chip"
                                                    data-player=i.to_string()
                                                    class:selected=move || form.out.get() == Some(i)
                                                    on:click=move |_| form.out.set(Some(i))
                                                >
                                                    {move || {
                                                        format!(
                                                            "{}{}",
                                                            name_of(&names.get(), i),
                                                            if i == ll {
                                                                format!(" ({})", t("ddz.landlord"))
                                                            } else {
                                                                String::new()
                                                            },
                                                        )
                                                    }}
                                                </button>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                {move || match form.out.get() {
                                    Some(o) if o == ll => {
                                        view! {
                                            <label class="toggle">
                                                <input
                                                    type="checkbox"
                                                    id="ddz-spring"
                                                    prop:checked=move || form.spring.get()
                                                    on:change=move |ev| form.spring.set(event_target_checked(&ev))
                                                />
                                                {t("ddz.spring")}
                                            </label>
                                        }
                                            .into_any()
                                    }
                                    Some(_) => {
                                        view! {
                                            <label class="toggle">
                                                <input
                                                    type="checkbox"
                                                    id="ddz-anti-spring"
                                                    prop:checked=move || form.anti.get()
                                                    on:change=move |ev| form.anti.set(event_target_checked(&ev))
                                                />
                                                {t("ddz.anti_spring")}
                                            </label>
                                        }
                                            .into_any()
                                    }
                                    None => ().into_any(),
                                }}
                            }
                                .into_any()
                        }
                    }}
                </div>
                <div class="preview" id="preview" aria-live="polite">
                    {move || {
                        let l = lang.get();
                        let nm = names.get();
                        let p = preset.get();
                        match candidate.get() {
                            Some(Ok(r)) => {
                                let res = r.result.clone().expect("ok row");
                                view! {
                                    <p class="verdict" id="preview-verdict">
                                        {ddz_line(l, &nm, &r.hand)}
                                    </p>
                                    <p class="formula" id="preview-formula">
                                        {ddz_formula(l, &p, &r.hand, &res)}
                                    </p>
                                    <p class="deltas" id="preview-deltas">
                                        {deltas_text(&nm, &res.deltas)}
                                    </p>
                                    <p class="muted">{tr(l, "ddz.running")}": "{deltas_text(&nm, &r.running)}</p>
                                }
                                    .into_any()
                            }
                            Some(Err(e)) => {
                                view! {
                                    <p class="field-error" id="preview-error">
                                        {refusal_text(l, &nm, &e)}
                                    </p>
                                }
                                    .into_any()
                            }
                            None => view! { <p class="muted">{tr(l, "ddz.incomplete")}</p> }.into_any(),
                        }
                    }}
                </div>
                {move || {
                    form.error
                        .get()
                        .map(|e| {
                            view! {
                                <div class="banner error" role="alert" id="commit-error">
                                    {e}
                                </div>
                            }
                        })
                }}
                <div class="actions sticky">
                    <button
                        class="btn primary big"
                        id="commit"
                        disabled=move || candidate.with(|c| !matches!(c, Some(Ok(_))))
                        on:click=do_commit
                        on:keydown=no_key_repeat
                    >
                        {move || if form.editing.get().is_some() { t("entry.save_edit") } else { t("ddz.commit") }}
                    </button>
                    <Show when=move || form.editing.get().is_some()>
                        <button
                            class="btn"
                            id="cancel-edit"
                            on:click=move |_| {
                                form.reset(view_memo.get_untracked().map(|v| v.next_first_bidder()).unwrap_or(0))
                            }
                        >
                            {tx("common.cancel")}
                        </button>
                    </Show>
                </div>
            </Show>
            {match_actions(m, locked)}
            {ranking_view(session, names_s, now)}
            {history(items, locked, on_edit, on_void)}
            {result_sheet(m, session, names_s, Signal::derive(|| None), Signal::derive(Vec::new))}
            <crate::ui::widgets::EntryLog m=m describe=describe />
        </section>
    }
    .into_any()
}

// ---------------------------------------------------------------------------------------
// Set-up form (shared)
// ---------------------------------------------------------------------------------------

/// What the shared set-up form needs from a game's preset.
pub(crate) trait GamePreset: Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Key prefix and element id prefix (`ddz`, `sdy`).
    const PREFIX: &'static str;
    /// The built-in presets.
    fn builtins() -> Vec<Self>;
    /// Preset id.
    fn id(&self) -> &str;
    /// Chinese name.
    fn name(&self) -> &str;
    /// Source document.
    fn source(&self) -> &str;
    /// Players at the table.
    fn players(&self) -> usize;
    /// Session rules.
    fn session(&self) -> &SessionRules;
    /// Session rules, to change.
    fn session_mut(&mut self) -> &mut SessionRules;
    /// Reading parameters.
    fn readings(&self) -> &[Reading];
    /// The rules as a referee reads them, translated.
    fn summary(&self, l: Lang) -> Vec<String>;
    /// The set-up for these players.
    fn setup(self, players: Vec<String>) -> Setup;
}

impl GamePreset for Preset {
    const PREFIX: &'static str = "ddz";
    fn builtins() -> Vec<Self> {
        builtin_presets()
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn source(&self) -> &str {
        &self.source
    }
    fn players(&self) -> usize {
        self.players
    }
    fn session(&self) -> &SessionRules {
        &self.session
    }
    fn session_mut(&mut self) -> &mut SessionRules {
        &mut self.session
    }
    fn readings(&self) -> &[Reading] {
        &self.readings
    }
    fn summary(&self, l: Lang) -> Vec<String> {
        let bids = self.bid_values.iter().map(u8::to_string).collect::<Vec<_>>().join("/");
        vec![
            format!(
                "{}: {bids} · {} {} · {}",
                tr(l, "ddz.s_bids"),
                tr(l, "ddz.f_stake"),
                self.stake,
                tr(l, "ddz.s_redeal")
            ),
            format!(
                "{}: {} ×{}, {} ×{}, {} ×{}, {} ×{}",
                tr(l, "ddz.f_mult"),
                tr(l, "ddz.fk.bomb"),
                self.bomb_factor,
                tr(l, "ddz.fk.rocket"),
                self.rocket_factor,
                tr(l, "ddz.fk.spring"),
                self.spring_factor,
                tr(l, "ddz.fk.anti_spring"),
                self.anti_spring_factor
            ),
            tr(l, "ddz.s_score").replace("{k}", &self.landlord_share.to_string()),
        ]
    }
    fn setup(self, players: Vec<String>) -> Setup {
        Setup::Doudizhu(DoudizhuSetup { preset: self, players })
    }
}

/// The session line: `3 桌轮换 · 每桌 30 分钟 · 1 人出线 · 同分加赛`.
pub(crate) fn session_text(l: Lang, s: &SessionRules) -> String {
    format!(
        "{} · {} · {}{}",
        tr(l, "ddz.s_tables").replace("{n}", &s.tables.map(|x| x.to_string()).unwrap_or_else(|| "—".into())),
        s.minutes_per_table.map(|m| tr(l, "ddz.s_minutes").replace("{n}", &m.to_string())).unwrap_or_else(|| tr(
            l,
            "ddz.s_no_clock"
        )
        .to_string()),
        tr(l, "ddz.s_advancing").replace("{n}", &s.advancing.to_string()),
        if s.playoff_on_tie { format!(" · {}", tr(l, "ddz.s_playoff")) } else { String::new() }
    )
}

/// The set-up form shared by both games: preset (with its rules, readings and a JSON
/// editor for the match's own copy), title, player names, tables and minutes per table.
pub(crate) fn session_form<P: GamePreset>() -> impl IntoView {
    let lang = ctx().lang;
    let navigate = use_navigate();
    let prefix = P::PREFIX;
    let presets = P::builtins();
    let preset = RwSignal::new(presets[0].clone());
    let preset_json = RwSignal::new(String::new());
    let preset_err: RwSignal<Option<String>> = RwSignal::new(None);
    let title = RwSignal::new(String::new());
    let n = presets[0].players();
    let names: Vec<RwSignal<String>> = (0..n).map(|_| RwSignal::new(String::new())).collect();
    let tables = RwSignal::new(presets[0].session().tables.unwrap_or(3));
    let minutes = RwSignal::new(presets[0].session().minutes_per_table.unwrap_or(30));
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let apply_json = move |_| match crate::json::from_str::<P>(&preset_json.get_untracked()) {
        Ok(p) => {
            tables.set(p.session().tables.unwrap_or(tables.get_untracked()));
            minutes.set(p.session().minutes_per_table.unwrap_or(minutes.get_untracked()));
            preset.set(p);
            preset_err.set(None);
        }
        Err(e) => preset_err.set(Some(e.to_string())),
    };
    let names2 = names.clone();
    let create = move |_| {
        let l = lang.get_untracked();
        let mut p = preset.get_untracked();
        p.session_mut().tables = Some(tables.get_untracked());
        p.session_mut().minutes_per_table = Some(minutes.get_untracked());
        let players: Vec<String> = names2
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let v = s.get_untracked().trim().to_string();
                if v.is_empty() {
                    tr(l, "ddz.player_default").replace("{n}", &(i + 1).to_string())
                } else {
                    v
                }
            })
            .collect();
        if p.players() != players.len() {
            error.set(Some(format!("players: {} ≠ {}", p.players(), players.len())));
            return;
        }
        let tt = title.get_untracked().trim().to_string();
        let m = Match {
            id: crate::ui::new_id("m"),
            created_ms: now_ms(),
            title: if tt.is_empty() { players.join(" · ") } else { tt },
            setup: p.setup(players),
            entries: Vec::new(),
        };
        match create_match(m) {
            Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
            Err(e) => error.set(Some(e)),
        }
    };
    let presets2 = presets.clone();
    view! {
        <div class="new-form ddz-form" id=format!("{prefix}-form")>
            <label class="field-label" for=format!("{prefix}-preset")>
                {tx("new.preset")}
            </label>
            <select
                id=format!("{prefix}-preset")
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(p) = presets2.iter().find(|p| p.id() == id) {
                        preset.set(p.clone());
                        preset_json.set(String::new());
                    }
                }
            >
                {presets
                    .iter()
                    .map(|p| {
                        let id = p.id().to_string();
                        let val = id.clone();
                        let name = p.name().to_string();
                        view! {
                            <option value=val>
                                {move || {
                                    lookup(lang.get(), &format!("{prefix}.preset.{id}"))
                                        .map(str::to_string)
                                        .unwrap_or_else(|| name.clone())
                                }}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <h3>{tx("new.rules")}</h3>
            {move || {
                let p = preset.get();
                let l = lang.get();
                view! {
                    <div class="preset-summary" id=format!("{prefix}-rules")>
                        {(l != Lang::En).then(|| view! { <p class="muted">{p.source().to_string()}</p> })}
                        <ul>{p.summary(l).into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
                        <p>
                            {
                                let mut ss = p.session().clone();
                                ss.tables = Some(tables.get());
                                ss.minutes_per_table = Some(minutes.get());
                                session_text(l, &ss)
                            }
                        </p>
                        {p
                            .session()
                            .tables
                            .is_none()
                            .then(|| view! { <p class="reading">{tr(l, "ddz.tables_reading")}</p> })}
                        {(!p.readings().is_empty())
                            .then(|| {
                                view! {
                                    <div class="reading">
                                        <p>{tr(l, "preset.readings")}":"</p>
                                        <ul>
                                            {p
                                                .readings()
                                                .iter()
                                                .map(|r| {
                                                    view! {
                                                        <li>
                                                            <code>{r.field.clone()}</code>
                                                            {(l != Lang::En).then(|| format!(" — {}", r.note))}
                                                        </li>
                                                    }
                                                })
                                                .collect_view()}
                                        </ul>
                                    </div>
                                }
                            })}
                    </div>
                }
            }}
            <details class="preset">
                <summary>{tx("new.edit_preset")}</summary>
                <textarea
                    id=format!("{prefix}-preset-json")
                    rows="10"
                    prop:value=move || {
                        let j = preset_json.get();
                        if j.is_empty() { crate::json::to_string_pretty(&preset.get()).unwrap_or_default() } else { j }
                    }
                    on:input=move |ev| preset_json.set(event_target_value(&ev))
                ></textarea>
                <button class="btn" on:click=apply_json>
                    {tx("new.apply_preset")}
                </button>
                {move || {
                    preset_err
                        .get()
                        .map(|e| {
                            view! {
                                <p class="field-error" role="alert">
                                    {e}
                                </p>
                            }
                        })
                }}
            </details>
            <label class="field-label" for=format!("{prefix}-title")>
                {tx("new.match_title")}
            </label>
            <input
                id=format!("{prefix}-title")
                maxlength=crate::record::schema::MAX_TITLE
                class="wide"
                prop:value=move || title.get()
                on:input=move |ev| title.set(event_target_value(&ev))
            />
            <label class="field-label">{tx("ddz.players")}</label>
            <div class="seats">
                {names
                    .iter()
                    .enumerate()
                    .map(|(i, sig)| {
                        let sig = *sig;
                        view! {
                            <label>
                                {move || tr(lang.get(), "ddz.player_default").replace("{n}", &(i + 1).to_string())}
                                <input
                                    id=format!("{prefix}-player-{i}")
                                    maxlength=crate::record::schema::MAX_NAME
                                    prop:value=move || sig.get()
                                    on:input=move |ev| sig.set(event_target_value(&ev))
                                />
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("ddz.tables")}</label>
            <div class="chips" id=format!("{prefix}-tables")>
                {(1..=6u32)
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                data-tables=k.to_string()
                                class:selected=move || tables.get() == k
                                on:click=move |_| tables.set(k)
                            >
                                {k}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("ddz.minutes")}</label>
            <div class="chips" id=format!("{prefix}-minutes")>
                {[15u32, 20, 30, 45, 60]
                    .into_iter()
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                data-minutes=k.to_string()
                                class:selected=move || minutes.get() == k
                                on:click=move |_| minutes.set(k)
                            >
                                {k}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="muted">{tx("ddz.rotation_note")}</p>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert">
                                {e}
                            </div>
                        }
                    })
            }}
            <button class="btn primary big" id=format!("{prefix}-create") on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}

/// The 斗地主 set-up form.
#[component]
pub fn NewForm() -> impl IntoView {
    session_form::<Preset>()
}
