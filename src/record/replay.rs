//! Replay: the match log → everything shown on screen. Pure and deterministic: the same
//! log always gives the same view.

use super::game::by_game;
use super::{games, ClockAction, Entry, HandInput, Match, Op, Setup};
use crate::rules::shengji::InputError;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

pub use super::games::shengji::{
    extend_shengji, preview_next_hand, replay_shengji, Game, HandRow, OverrunRow, RulingRow, ShengjiView,
};

/// The match clock of one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Clock {
    /// Started at least once.
    pub started: bool,
    /// Running since this time (ms) — `None` when paused or not started.
    pub running_since: Option<f64>,
    /// Time run before `running_since`, ms.
    pub banked_ms: f64,
}

impl Clock {
    /// Elapsed running time at `now_ms`: for a running clock, `now_ms` is the wall time the
    /// run's arithmetic stands for ([`super::elapsed::Run::now_ms`] on a page, which counts
    /// the monotonic clock), not the device's wall clock.
    pub fn elapsed_ms(&self, now_ms: f64) -> f64 {
        self.banked_ms + self.running_since.map(|s| (now_ms - s).max(0.0)).unwrap_or(0.0)
    }
    pub(crate) fn act(&mut self, a: ClockAction, at: f64) {
        self.act_at(a, at, None);
    }
    /// A clock action at wall time `at`, with the elapsed total recorded with it
    /// ([`Op::Clock::elapsed_ms`]): a pause banks that total (never less than what was
    /// banked) instead of the wall time since the start, which a jump of the device clock
    /// would make wrong; without it (older logs) the wall time counts, as it did.
    pub fn act_at(&mut self, a: ClockAction, at: f64, elapsed: Option<f64>) {
        let elapsed = elapsed.filter(|e| e.is_finite() && *e >= 0.0);
        match a {
            ClockAction::Start | ClockAction::Resume => {
                if self.running_since.is_none() {
                    self.running_since = Some(at);
                    if let Some(e) = elapsed {
                        self.banked_ms = e.max(self.banked_ms);
                    }
                }
                self.started = true;
            }
            ClockAction::Pause => {
                if let Some(s) = self.running_since.take() {
                    self.banked_ms = match elapsed {
                        Some(e) => e.max(self.banked_ms),
                        None => self.banked_ms + (at - s).max(0.0),
                    };
                }
            }
        }
    }
}

/// An entry that counts (not voided; corrections and voids themselves are folded in).
#[derive(Clone, Debug, PartialEq)]
pub struct Effective<'a> {
    /// The entry.
    pub entry: &'a Entry,
    /// For a `Hand` entry: the input in force (its newest non-voided correction, or itself).
    pub hand: Option<HandInput>,
    /// For a `Hand` entry: times of the corrections applied, ms.
    pub corrected_ms: Vec<f64>,
    /// For a `Ruling` entry: the ruling in force (an appeal's replacement, or its newest
    /// correction's, or its own).
    pub ruling: Option<crate::rules::Ruling>,
    /// For a `Ruling` entry in a game of players: the player it is against (its newest
    /// correction's, or its own; an appeal's replacement keeps the player).
    pub player: Option<usize>,
    /// For a `Ruling` entry: the rule it applies as in force (warnings count per rule).
    pub rule: &'a str,
    /// For a `Ruling` entry in a 双升 match: the board and table it applies to (its newest
    /// correction's, or its own; an appeal's replacement keeps them).
    pub board: Option<super::BoardAt>,
}

impl<'a> Effective<'a> {
    /// An entry as logged, nothing folded in: a new entry that nothing corrects, voids or
    /// appeals yet (the incremental replays).
    pub fn plain(e: &'a Entry) -> Effective<'a> {
        let (ruling, player, rule, board) = match &e.op {
            Op::Ruling { ruling, player, rule, board, .. } => (Some(*ruling), *player, rule.as_str(), *board),
            _ => (None, None, "", None),
        };
        let hand = match &e.op {
            Op::Hand { hand } => Some(hand.clone()),
            _ => None,
        };
        Effective { entry: e, hand, corrected_ms: Vec::new(), ruling, player, rule, board }
    }
}

/// The shared mechanics of every game's log: drops voided entries, folds corrections into
/// the hand they target, applies the appeals' decisions (an overturned entry is dropped, a
/// replaced ruling carries its replacement; a ruling edited in place its newest correction),
/// and drops `Correct`/`CorrectRuling`/`Void`/`Appeal` entries
/// themselves. Order is kept.
pub fn effective(m: &Match) -> Vec<Effective<'_>> {
    let appeals = m.appeals();
    let mut voided = m.voided();
    for (target, (_, d)) in &appeals {
        if *d == super::AppealDecision::Overturned {
            voided.insert(target);
        }
    }
    let edits = m.ruling_edits();
    let mut corrections: HashMap<&str, Vec<&Entry>> = HashMap::new();
    for e in &m.entries {
        if let Op::Correct { target, .. } = &e.op {
            if !voided.contains(e.id.as_str()) {
                corrections.entry(target.as_str()).or_default().push(e);
            }
        }
    }
    m.entries
        .iter()
        .filter(|e| {
            !voided.contains(e.id.as_str())
                && !matches!(e.op, Op::Correct { .. } | Op::CorrectRuling { .. } | Op::Void { .. } | Op::Appeal { .. })
        })
        .map(|e| match &e.op {
            Op::Hand { hand } => {
                let cs = corrections.get(e.id.as_str());
                let resolved = cs
                    .and_then(|c| c.last())
                    .and_then(|c| match &c.op {
                        Op::Correct { hand, .. } => Some(hand.clone()),
                        _ => None,
                    })
                    .unwrap_or_else(|| hand.clone());
                Effective {
                    entry: e,
                    hand: Some(resolved),
                    corrected_ms: cs.map(|c| c.iter().map(|x| x.at_ms).collect()).unwrap_or_default(),
                    ruling: None,
                    player: None,
                    rule: "",
                    board: None,
                }
            }
            Op::Ruling { ruling, player, rule, board, .. } => {
                // The newest correction in force, then the appeal's decision on top of it.
                let (ruling, player, rule, board) = match edits.get(e.id.as_str()).map(|c| &c.op) {
                    Some(Op::CorrectRuling { ruling, player, rule, board, .. }) => {
                        (*ruling, *player, rule.as_str(), *board)
                    }
                    _ => (*ruling, *player, rule.as_str(), *board),
                };
                let ruling = match appeals.get(e.id.as_str()) {
                    Some((_, super::AppealDecision::Replaced { ruling })) => *ruling,
                    _ => ruling,
                };
                let corrected_ms = edits.get(e.id.as_str()).map(|c| vec![c.at_ms]).unwrap_or_default();
                Effective { entry: e, hand: None, corrected_ms, ruling: Some(ruling), player, rule, board }
            }
            _ => Effective {
                entry: e,
                hand: None,
                corrected_ms: Vec::new(),
                ruling: None,
                player: None,
                rule: "",
                board: None,
            },
        })
        .collect()
}

/// The derived view of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum MatchView {
    /// 升级.
    Shengji(ShengjiView),
    /// 双升 duplicate.
    Duplicate(games::duplicate::DuplicateView),
    /// 掼蛋.
    Guandan(games::guandan::GuandanView),
    /// 斗地主.
    Doudizhu(games::doudizhu::DoudizhuView),
    /// 三打一.
    Sandayi(games::sandayi::SandayiView),
    /// 五子棋.
    Renju(games::renju::RenjuView),
}

impl MatchView {
    /// The first hand that cannot count, if any (games whose replay refuses bad hands
    /// report them here so an import or an edit that breaks a later hand is refused).
    pub fn first_error(&self) -> Option<(String, InputError)> {
        by_game!(self; MatchView(v) => G: G::first_error(v))
    }

    /// Entries other than hands that do not count (a next round or table at the wrong
    /// moment): (entry id, error), in log order; empty for games that have none.
    pub fn refused(&self) -> Vec<(String, InputError)> {
        by_game!(self; MatchView(v) => G: G::refused(v))
    }

    /// What the match says for the standings ([`super::game::Game::outcome`]).
    pub fn outcome(&self) -> crate::tournament::outcome::Outcome {
        by_game!(self; MatchView(v) => G: G::outcome(v))
    }

    /// Each team's level now ([`super::game::Game::levels`]), `None` in games without levels.
    pub fn levels(&self) -> Option<BTreeMap<crate::rules::Team, crate::rules::Rank>> {
        by_game!(self; MatchView(v) => G: G::levels(v))
    }

    /// What each ruling that counted amounted to, by entry id ([`super::game::Game::counted`]).
    pub fn counted(&self) -> Vec<(String, crate::rules::ruling::Counted)> {
        by_game!(self; MatchView(v) => G: G::counted(v))
    }
}

/// Replays the whole log.
pub fn replay(m: &Match) -> MatchView {
    by_game!(&m.setup; Setup(s) => G: into MatchView(G::replay(m, s)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_pauses_and_resumes() {
        let mut c = Clock::default();
        c.act(ClockAction::Start, 0.0);
        c.act(ClockAction::Pause, 1000.0);
        assert_eq!(c.elapsed_ms(5000.0), 1000.0);
        c.act(ClockAction::Resume, 6000.0);
        assert_eq!(c.elapsed_ms(7000.0), 2000.0);
    }
}
