//! The entries of a match's log: [`Entry`] and what it does ([`Op`]), with the inputs
//! and decisions an entry carries (a hand's input per game, clock and timed actions, where
//! a 双升 ruling applies, an appeal's decision and who made it).

use super::game::{by_game, GameId};
use super::{games, sheet};
use crate::rules::shengji::{self, Start};
use crate::rules::{Seat, Team};
use serde::{Deserialize, Serialize};

/// [`Entry::after`] of the first entry that moves a game on (no entry id is `^`).
pub const START: &str = "^";

/// One log entry: when, and what was done.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// For an entry that moves a game on ([`Op::advances`]: a hand, a next game) in a game
    /// whose hands follow each other (every game but 双升's boards): the id of the entry of
    /// that kind it follows, the newest one that counted when it was entered, or [`START`]
    /// for the first. Two such entries after the same one are a fork — two devices each
    /// entered the next hand — which an import shows instead of merging them as two
    /// successive hands. `None` on other entries and on entries of schema 2 and earlier
    /// (merged as before). Set by [`Match::append`](super::Match::append); schema 3.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    /// Stable id, unique in the match (random; survives export/import).
    pub id: String,
    /// When it was logged, ms since the Unix epoch. A page that runs the match's clock stamps
    /// the wall time that run stands for (its start plus the time elapsed since on the
    /// monotonic clock), so the pause an entry implies (a game won, the next game, a
    /// sign-off) never counts a jump of the device clock.
    pub at_ms: f64,
    /// What was done.
    pub op: Op,
}

impl Op {
    /// Whether the entry moves a game on: a hand (a stone, a deal …) or a move to the next
    /// game, round or table. Corrections and voids name their target instead.
    pub fn advances(&self) -> bool {
        matches!(self, Op::Hand { .. } | Op::NextGame { .. })
    }
}

/// A hand's input, per game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandInput {
    /// 升级 hand.
    Shengji(shengji::Hand),
    /// One table's result of one 双升 board.
    Duplicate(games::duplicate::BoardEntry),
    /// 掼蛋 hand.
    Guandan(crate::rules::guandan::Hand),
    /// 斗地主 hand.
    Doudizhu(crate::rules::doudizhu::Hand),
    /// 三打一 hand.
    Sandayi(crate::rules::sandayi::Hand),
    /// 五子棋 action (a stone, a claim, a game result …).
    Renju(games::renju::RenjuAction),
}

impl HandInput {
    /// The game this input belongs to.
    pub fn id(&self) -> GameId {
        by_game!(self; HandInput(_) => G: G::ID)
    }
    /// The stored game id this input belongs to (as [`Setup::game`](super::Setup::game)).
    pub fn game(&self) -> &'static str {
        self.id().as_str()
    }
}

/// Clock actions on the match clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockAction {
    /// Start (or restart after a stop).
    Start,
    /// Referee stoppage.
    Pause,
    /// Resume after a stoppage.
    Resume,
}

/// Timed actions with a per-action limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimedAction {
    /// Burying the kitty (扣底).
    Bury,
    /// One play.
    Play,
}

/// What an entry does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Op {
    /// A hand was played.
    Hand {
        /// Its input.
        hand: HandInput,
    },
    /// Hand `target` is corrected to `hand` (the original stays in the log).
    Correct {
        /// Id of a `Hand` entry.
        target: String,
        /// The corrected input.
        hand: HandInput,
    },
    /// Entry `target` no longer counts (delete / undo). Cannot target another void.
    Void {
        /// Id of any non-void entry.
        target: String,
        /// Why, if given.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
    },
    /// The match clock.
    Clock {
        /// Start / pause / resume.
        action: ClockAction,
        /// The clock's elapsed total at this moment, ms, measured on the device's monotonic
        /// clock ([`elapsed`](super::elapsed)); the replay takes it instead of the wall time
        /// between entries. Absent in older logs: then the wall times count, as they did.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        elapsed_ms: Option<f64>,
    },
    /// A per-action limit was overrun.
    Overrun {
        /// Offending seat.
        seat: Seat,
        /// Which action.
        action: TimedAction,
        /// Seconds over the limit.
        seconds: u32,
    },
    /// The time limit was reached and, after the hand in progress, the referee recorded the
    /// verdict (the leading team wins the game).
    TimeVerdict {
        /// The winner by time.
        winner: Team,
        /// The elapsed time the verdict rests on, ms (the clock stops there); absent in older
        /// logs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        elapsed_ms: Option<f64>,
    },
    /// A referee's ruling on a team (RULES.md §0 **[r2]**): a level penalty (罚级) or a game
    /// lost (判负 / 出局), replayed in order with the hands (升级 and 掼蛋). Voided, and so
    /// undone, like any entry; a ruling after the game was won is refused.
    Ruling {
        /// What it does to the game.
        ruling: crate::rules::Ruling,
        /// In a game of players (斗地主, 三打一:
        /// [`Setup::ruling_players`](super::Setup::ruling_players)) the player it is made
        /// against, an index into the set-up's players; `ruling`'s team is then not read
        /// (written as `A`). Absent in games of teams (and in every older log).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<usize>,
        /// In a 双升 match (RULES.md §1.3) the board and table it applies to; absent in every
        /// other game (and in every older log).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        board: Option<BoardAt>,
        /// Why, in the referee's words.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
        /// The rule applied: a preset rule or a document § (`000 §一(五)4`).
        #[serde(default, skip_serializing_if = "String::is_empty")]
        rule: String,
        /// The referee who made it.
        referee: String,
    },
    /// Ruling `target` is edited in place (the "edit a ruling as a hand"): from now
    /// on the replay uses these fields instead of the ruling's own; the original stays in the
    /// log, the newest correction that counts is in force, and voiding (undoing) it brings
    /// the previous version back. An appeal against the ruling still decides on top of it.
    CorrectRuling {
        /// Id of a `Ruling` entry.
        target: String,
        /// The ruling as corrected.
        ruling: crate::rules::Ruling,
        /// The player, in a game of players (as [`Op::Ruling`]'s).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<usize>,
        /// The board and table, in a 双升 match (as [`Op::Ruling`]'s).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        board: Option<BoardAt>,
        /// Why, in the referee's words.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        reason: String,
        /// The rule applied.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        rule: String,
        /// The referee who made the ruling.
        referee: String,
    },
    /// An appeal against a ruling or a hand (RULES.md §0 **[r2]**; 000 §四(一)3, 004 第三篇
    /// §六5) and its decision: `upheld` changes nothing, `overturned` makes the contested entry
    /// stop counting, `replaced` puts a new ruling in its place (a ruling's only). The replay
    /// uses the decision of the newest appeal that counts; voided (undone) like any entry.
    Appeal {
        /// Id of the contested `Ruling` or `Hand` entry.
        target: String,
        /// Who appealed (a team, a player), in the referee's words.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        appellant: String,
        /// What was decided.
        decision: AppealDecision,
        /// Who decided.
        decided_by: Decider,
        /// When it was decided, ms since the Unix epoch.
        decided_ms: f64,
    },
    /// A new game of the series starts (best of 3): the series score is kept.
    NextGame {
        /// Where it starts.
        start: Start,
    },
    /// A pair of the table confirms the result sheet as it stands (N/S records, E/W
    /// verifies: [`sheet`]). It covers the sheet's `state` ([`sheet::state`]); after a change
    /// of any hand it no longer does and shows void.
    Confirm {
        /// Which pair.
        pair: sheet::Pair,
        /// Who confirmed, as typed.
        name: String,
        /// The sheet's state it covers (`"<entries>:<hash>"`).
        state: String,
    },
    /// The referee signs the result sheet off: the match is locked.
    SignOff {
        /// Referee's name.
        referee: String,
    },
    /// A locked match is reopened explicitly (logged).
    Reopen {
        /// Why.
        reason: String,
    },
}

/// Where a ruling in a 双升 match applies (RULES.md §1.3, §0 **[r2]**): one board at one
/// table. Serialized as `{"number": 3, "table": 1}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardAt {
    /// The board number (one of the set-up's board list).
    pub number: u32,
    /// Table 1 or 2 (the two rooms of the team match).
    pub table: u8,
}

/// The decision on an appeal ([`Op::Appeal`]). Serialized with its `kind`:
/// `{"kind": "upheld"}`, `{"kind": "replaced", "ruling": {"kind": "warning", "team": "A"}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum AppealDecision {
    /// The contested entry stands.
    Upheld,
    /// The contested entry stops counting.
    Overturned,
    /// A new ruling takes the contested ruling's place.
    Replaced {
        /// The ruling in force instead.
        ruling: crate::rules::Ruling,
    },
}

/// Who decides an appeal: the chief referee (裁判长, 000 §四(一)3 「裁判长判罚为最终判罚」) or,
/// for major questions, the arbitration committee (仲裁委员会, 004 第三篇 §六5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    /// 裁判长.
    ChiefReferee,
    /// 仲裁委员会.
    Committee,
}
