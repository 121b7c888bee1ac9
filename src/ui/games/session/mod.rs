//! The session parts shared by 斗地主 ([`super::doudizhu`]) and 欢乐三打一
//! ([`super::sandayi`]): the bidding pad (an illegal bid is refused with a message), the
//! session bar (table in rotation, its clock, next table, play-off), the scoreboard with
//! running totals and ranking, the history frame (edit / delete / undo), the result sheet
//! with sign-off, the log, and the set-up form.
//!
//! Everything shown is derived by replaying the log ([`crate::record::replay::replay`]);
//! formulas are built from the engine's structured fields with table strings, never from
//! its Chinese explanation.

use crate::i18n::{lookup, tr, Lang, Names};
pub(crate) use crate::record::games::doudizhu::{bidding_done, bids_from, calls_from, high_bid};
use crate::record::games::doudizhu::{NextSitting, SessionView};
use crate::record::games::session::OutKind;
use crate::record::{Entry, HandInput, ImportError, Match, Op, Setup};
use crate::rules::doudizhu::{check_call, signed, Call, Factor, FactorKind, Reading, Reason, RuleError, SessionRules};
use crate::ui::widgets::{fmt_duration, vibrate};
use crate::ui::{commit, create_match, ctx, io, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::Arc;

mod bidding;
mod board;
mod history;
mod page;
mod setup;
pub(crate) use bidding::*;
pub(crate) use board::*;
pub(crate) use history::*;
pub(crate) use page::*;
pub(crate) use setup::*;

// ---------------------------------------------------------------------------------------
// Small shared helpers
// ---------------------------------------------------------------------------------------

pub(crate) use crate::record::games::session::{name_of, table_label};

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

/// `倍数 8 (炸弹 ×2, 春天 ×2)`: a hand's multiplier and the factors that made it, as its
/// history row shows what was entered.
pub(crate) fn multiplier_text(l: Lang, multiplier: i64, fs: &[Factor]) -> String {
    format!("{} {multiplier}{}", tr(l, "ddz.f_mult"), factors_text(l, fs))
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
    crate::i18n::rule_error_words(l, e, Names { players: names, teams: None })
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
    let shown = lookup(l, &format!("{prefix}.preset.{id}"))
        .map(str::to_string)
        .unwrap_or_else(|| crate::i18n::data_text(l, name));
    format!("{shown} · {}", crate::i18n::data_text(l, source))
}

// ---------------------------------------------------------------------------------------
// Row labels and the candidate entry (shared)
// ---------------------------------------------------------------------------------------

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
