//! The match record: an append-only list of entries (hands, corrections, voids, clock and
//! timer events, sign-off), the versioned JSON schema shared by localStorage and export,
//! migrations, and import validation. Every number on screen is derived by replaying a
//! record ([`replay`]), so editing hand 3 of 20 recomputes everything.
//!
//! Undo is an appended [`Op::Void`]; an edit is an appended [`Op::Correct`]; nothing
//! already logged is ever changed or removed. A void of a void takes the first one back
//! (undoing a delete brings the hand back).

mod append;
pub mod elapsed;
mod entry;
pub mod game;
pub mod games;
pub mod home;
pub mod index;
pub mod replay;
pub mod ruling_draft;
pub mod ruling_log;
#[cfg(test)]
mod rulings_tests;
pub mod sample;
pub mod schema;
#[cfg(test)]
mod session_rulings_tests;
pub mod share_doc;
pub mod sheet;
#[cfg(test)]
mod tests;

use crate::rules::Team;
use game::{by_game, GameId};
use serde::{Deserialize, Serialize};

pub use append::*;
pub use entry::*;
pub use games::shengji::ShengjiSetup;
pub use schema::{ImportError, SCHEMA_VERSION};

/// The reason of the voids that "undo" appends ([`Match::undo_target`]); a void with any
/// other reason (a delete) can itself be undone.
pub const UNDO_REASON: &str = "undo";

/// The ids voided by the voids that count in `entries` (see [`Match::voided`]): from the
/// newest entry back, a void not voided itself voids its target.
pub(crate) fn voided_of<'a>(entries: impl DoubleEndedIterator<Item = &'a Entry>) -> std::collections::HashSet<&'a str> {
    let mut voided = std::collections::HashSet::new();
    for e in entries.rev() {
        if let Op::Void { target, .. } = &e.op {
            if !voided.contains(e.id.as_str()) {
                voided.insert(target.as_str());
            }
        }
    }
    voided
}

/// One match on this device: its setup (with its own copy of the preset) and its log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Match {
    /// Stable id, unique across devices (random); export/import merges by it.
    pub id: String,
    /// Creation time, ms since the Unix epoch.
    pub created_ms: f64,
    /// Title shown in lists (e.g. "第1桌 红队 vs 蓝队").
    pub title: String,
    /// The game and its setup.
    pub setup: Setup,
    /// The append-only log.
    pub entries: Vec<Entry>,
}

/// The game of a match and everything fixed at set-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum Setup {
    /// 升级 family (RULES.md §1).
    Shengji(ShengjiSetup),
    /// 双升 duplicate team match (RULES.md §1.3).
    Duplicate(games::duplicate::DuplicateSetup),
    /// 掼蛋 (RULES.md §2).
    Guandan(games::guandan::GuandanSetup),
    /// 斗地主 (RULES.md §3).
    Doudizhu(games::doudizhu::DoudizhuSetup),
    /// 欢乐三打一 (RULES.md §4).
    Sandayi(games::sandayi::SandayiSetup),
    /// 五子棋 (RULES.md §5).
    Renju(games::renju::RenjuSetup),
}

impl Setup {
    /// Whether the game's entries stand on their own: 双升 records each board of each table
    /// by itself; every other game's hands follow each other (a hand's levels, a stone's
    /// colour, a deal's seat depend on those before it). Used when an import leaves an
    /// entry out ([`schema::merge`]).
    pub fn entries_independent(&self) -> bool {
        by_game!(self; Setup(_) => G: G::INDEPENDENT_ENTRIES)
    }
    /// Whether referee rulings are recorded in this game ([`game::Game::RULINGS`]).
    pub fn rulings(&self) -> bool {
        by_game!(self; Setup(_) => G: G::RULINGS)
    }
    /// In a game whose rulings name a player instead of a team (斗地主, 三打一: a session
    /// of players), how many players there are; `None` in games of teams.
    pub fn ruling_players(&self) -> Option<usize> {
        by_game!(self; Setup(s) => G: G::ruling_players(s))
    }
    /// Checks where a ruling applies ([`game::Game::check_ruling_board`]).
    pub fn check_ruling_board(&self, board: Option<BoardAt>) -> Result<(), schema::ImportError> {
        by_game!(self; Setup(s) => G: G::check_ruling_board(s, board))
    }
    /// The game.
    pub fn id(&self) -> GameId {
        by_game!(self; Setup(_) => G: G::ID)
    }
    /// The stored game id ([`GameId::as_str`]).
    pub fn game(&self) -> &'static str {
        self.id().as_str()
    }
    /// The names this match's messages read ([`game::Game::names`]).
    pub fn names(&self) -> (std::collections::BTreeMap<Team, String>, Vec<String>) {
        by_game!(self; Setup(s) => G: G::names(s))
    }
    /// How this match names side `t` in `l` when it has no name ([`game::Game::unnamed_side`]).
    pub fn unnamed_side(&self, l: crate::i18n::Lang, t: Team) -> String {
        by_game!(self; Setup(s) => G: G::unnamed_side(s, l, t))
    }
    /// The entrants' names as one line, as entered ([`game::Game::participants`]): for
    /// file names and the titles the app stores.
    pub fn participants(&self) -> String {
        by_game!(self; Setup(s) => G: G::participants(s, &str::to_string))
    }
    /// [`Setup::participants`] for display, each name isolated ([`crate::bidi::isolated`]).
    pub fn participants_shown(&self) -> String {
        by_game!(self; Setup(s) => G: G::participants(s, &crate::bidi::isolated))
    }
    /// The preset as JSON text ([`game::Game::preset_json`]).
    pub fn preset_json(&self) -> Option<String> {
        by_game!(self; Setup(s) => G: G::preset_json(s))
    }
    /// The preset's rules for warnings and lateness ([`game::Game::ruling_rules`]).
    pub fn ruling_rules(&self) -> crate::rules::ruling::RulingRules {
        by_game!(self; Setup(s) => G: G::ruling_rules(s))
    }
    /// The preset rules a ruling can be recorded under ([`game::Game::rule_choices`]).
    pub fn rule_choices(&self) -> Vec<crate::rules::ruling::RuleChoice> {
        by_game!(self; Setup(s) => G: G::rule_choices(s))
    }
}

impl Match {
    /// The decisions in force: for each contested entry, the newest appeal on it that counts
    /// (not voided): target id → (appeal entry, decision).
    pub fn appeals(&self) -> std::collections::HashMap<&str, (&Entry, AppealDecision)> {
        let voided = self.voided();
        let mut out = std::collections::HashMap::new();
        for e in &self.entries {
            if let Op::Appeal { target, decision, .. } = &e.op {
                if !voided.contains(e.id.as_str()) {
                    out.insert(target.as_str(), (e, *decision));
                }
            }
        }
        out
    }

    /// The rulings edited in place: for each `Ruling` entry with a correction that counts
    /// (not voided), the newest such [`Op::CorrectRuling`] entry: target id → entry.
    pub fn ruling_edits(&self) -> std::collections::HashMap<&str, &Entry> {
        let voided = self.voided();
        let mut out = std::collections::HashMap::new();
        for e in &self.entries {
            if let Op::CorrectRuling { target, .. } = &e.op {
                if !voided.contains(e.id.as_str()) {
                    out.insert(target.as_str(), e);
                }
            }
        }
        out
    }

    /// The ids of entries that are voided: targets of the voids that count. A void counts
    /// unless a void that counts targets it (so voiding a void — undoing a delete — brings
    /// its target back). Targets come before their voids, so one pass from the newest
    /// entry back decides each void before its target is reached.
    pub fn voided(&self) -> std::collections::HashSet<&str> {
        voided_of(self.entries.iter())
    }

    /// Whether the match is locked (signed off and not reopened since).
    pub fn locked(&self) -> bool {
        let voided = self.voided();
        let mut locked = false;
        for e in &self.entries {
            if voided.contains(e.id.as_str()) {
                continue;
            }
            match e.op {
                Op::SignOff { .. } => locked = true,
                Op::Reopen { .. } => locked = false,
                _ => {}
            }
        }
        locked
    }

    /// The id the next entry that moves the game on follows ([`Entry::after`]): the newest
    /// [`Op::advances`] entry that counts, or [`START`]. Decided from the newest entry back,
    /// as [`Match::voided`] is, so it usually looks at one entry.
    pub fn predecessor(&self) -> &str {
        let mut voided = std::collections::HashSet::new();
        for e in self.entries.iter().rev() {
            if voided.contains(e.id.as_str()) {
                continue;
            }
            match &e.op {
                Op::Void { target, .. } => {
                    voided.insert(target.as_str());
                }
                op if op.advances() => return &e.id,
                _ => {}
            }
        }
        START
    }

    /// Sets `e.after` to [`Match::predecessor`] when `e` moves a game on in a game whose
    /// hands follow each other and names no predecessor yet; leaves it otherwise.
    pub fn stamp(&self, e: &mut Entry) {
        if e.after.is_none() && e.op.advances() && !self.setup.entries_independent() {
            e.after = Some(self.predecessor().to_string());
        }
    }

    /// The entry that "undo" voids: the newest action not yet undone. Actions are the
    /// entries that count ([`Match::voided`]) other than sign-off, reopen and undo's own
    /// voids (reason [`UNDO_REASON`]); a delete (a void with another reason) is an action,
    /// so undo right after a delete voids that void and the hand comes back. `None` when
    /// there is nothing to undo.
    pub fn undo_target(&self) -> Option<&Entry> {
        let voided = self.voided();
        self.entries.iter().rev().find(|e| {
            !voided.contains(e.id.as_str())
                && !matches!(e.op, Op::SignOff { .. } | Op::Reopen { .. })
                && !matches!(&e.op, Op::Void { reason, .. } if reason == UNDO_REASON)
        })
    }

    /// Time of the newest entry (or creation), ms.
    pub fn updated_ms(&self) -> f64 {
        self.entries.last().map(|e| e.at_ms).unwrap_or(self.created_ms)
    }
}
