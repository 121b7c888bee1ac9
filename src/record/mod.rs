//! The match record: an append-only list of entries (hands, corrections, voids, clock and
//! timer events, sign-off), the versioned JSON schema shared by localStorage and export,
//! migrations, and import validation. Every number on screen is derived by replaying a
//! record ([`replay`]), so editing hand 3 of 20 recomputes everything.
//!
//! Undo is an appended [`Op::Void`]; an edit is an appended [`Op::Correct`]; nothing
//! already logged is ever changed or removed. A void of a void takes the first one back
//! (undoing a delete brings the hand back).

pub mod elapsed;
pub mod game;
pub mod games;
pub mod index;
pub mod replay;
#[cfg(test)]
mod rulings_tests;
pub mod sample;
pub mod schema;
#[cfg(test)]
mod session_rulings_tests;
pub mod share_doc;
pub mod sheet;

use crate::rules::shengji::{self, Start};
use crate::rules::{Seat, Team};
use game::{by_game, GameId};
use serde::{Deserialize, Serialize};

pub use games::shengji::ShengjiSetup;
pub use schema::{ImportError, SCHEMA_VERSION};

/// The field of [`Match::append`]'s error when a void or a correction would make a later
/// hand impossible.
pub const LATER_HAND: &str = "op.later_hand";

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

/// [`Entry::after`] of the first entry that moves a game on (no entry id is `^`).
pub const START: &str = "^";

/// The field of [`Match::append_replayed`]'s error when the new entry itself does not
/// replay on the log as it is (a hand after the game was won, say: another tab's hand
/// came first).
pub const NOT_PLAYABLE: &str = "op.not_playable";

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
    /// The entrants' names as one line ([`game::Game::participants`]).
    pub fn participants(&self) -> String {
        by_game!(self; Setup(s) => G: G::participants(s))
    }
}

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
    /// (merged as before). Set by [`Match::append`]; schema 3.
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
    /// The stored game id this input belongs to (as [`Setup::game`]).
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
        /// clock ([`elapsed`]); the replay takes it instead of the wall time between entries.
        /// Absent in older logs: then the wall times count, as they did.
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
        /// In a game of players (斗地主, 三打一: [`Setup::ruling_players`]) the player it is
        /// made against, an index into the set-up's players; `ruling`'s team is then not
        /// read (written as `A`). Absent in games of teams (and in every older log).
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

    /// Appends an entry after checking it against the log
    /// ([`schema::check_new_entry`]). Errors name the field; on error nothing changes.
    ///
    /// A void or a correction changes an earlier hand, so the whole log is replayed with
    /// it: if a hand that replayed before no longer does (deleting hand 13 leaves hand 14
    /// after the game was won, say), the entry is refused with field [`LATER_HAND`] and
    /// the later hand's error — a stored match must replay ([`schema::validate_match`]),
    /// or it could not be read back. A move to the next game ([`Op::NextGame`]) is
    /// replayed too (refused with [`NOT_PLAYABLE`] when it cannot count). Other entries
    /// cannot change an earlier hand and are not replayed here: a new hand's own result is
    /// the caller's to have checked on this very log (the page's preview). When the log
    /// may have changed since that check (another tab wrote), use
    /// [`Match::append_replayed`].
    pub fn append(&mut self, entry: Entry) -> Result<(), ImportError> {
        // A move to the next game/table/round is rare and only counts at the right moment
        // (the round before it over, a deal at this table): replayed too.
        let replay = matches!(
            entry.op,
            Op::Void { .. }
                | Op::Correct { .. }
                | Op::NextGame { .. }
                | Op::Ruling { .. }
                | Op::CorrectRuling { .. }
                | Op::Appeal { .. }
        );
        self.append_checked(entry, replay)
    }

    /// The match with `entry` appended, or why not: the same checks as [`Match::append`],
    /// so a page's live preview refuses exactly what its commit would. `self` is unchanged.
    pub fn preview(&self, entry: Entry) -> Result<Match, ImportError> {
        let mut m = self.clone();
        m.append(entry)?;
        Ok(m)
    }

    /// [`Match::append`], and the log is replayed with the entry whatever it is: for an
    /// entry checked against another version of the log (another tab's hands came first,
    /// or an entry put back after another tab's write). A new entry that does not replay
    /// itself is refused with field [`NOT_PLAYABLE`] (reason: its place and the rule's
    /// error, e.g. `entries[25]: hand: game over: team A already won`); one that breaks a
    /// later hand with [`LATER_HAND`]. On error nothing changes.
    pub fn append_replayed(&mut self, entry: Entry) -> Result<(), ImportError> {
        self.append_checked(entry, true)
    }

    fn append_checked(&mut self, mut entry: Entry, replay: bool) -> Result<(), ImportError> {
        self.stamp(&mut entry);
        schema::check_new_entry(self, &entry)?;
        // The log replays before (every match here was read, imported or appended through
        // these checks), so one replay with the entry tells.
        let new_id = entry.id.clone();
        self.entries.push(entry);
        if replay {
            let view = replay::replay(self);
            let mut failed = view.first_error();
            if failed.is_none() {
                // An entry other than a hand that does not count (a next round before this
                // one is over) is refused when it is new — one an older log already had
                // is not held against this entry.
                let after = view.refused();
                if !after.is_empty() {
                    let e = self.entries.pop().expect("just pushed");
                    let before: std::collections::HashSet<String> =
                        replay::replay(self).refused().into_iter().map(|(id, _)| id).collect();
                    self.entries.push(e);
                    failed = after.into_iter().find(|(id, _)| !before.contains(id));
                }
            }
            if let Some((id, e)) = failed {
                // A later entry is named as the log stands without this one (as the page shows
                // it); the new entry itself while it is in the log (its hand number counts it).
                let new_place = (id == new_id).then(|| self.place_of(&id));
                self.entries.pop();
                let place = new_place.unwrap_or_else(|| self.place_of(&id));
                let (field, at) = if id == new_id {
                    (NOT_PLAYABLE, format!("entries[{}]", self.entries.len()))
                } else {
                    (
                        LATER_HAND,
                        self.entries.iter().position(|x| x.id == id).map(|i| format!("entries[{i}]")).unwrap_or(id),
                    )
                };
                let reason = if field == NOT_PLAYABLE {
                    format!("{at}: {}: {}", e.field, e.reason)
                } else {
                    format!("{at} would no longer replay: {}: {}", e.field, e.reason)
                };
                // The typed reason, when the rule gave one, wrapped the same way, the entry
                // named by its hand number and the field in words.
                let msg = e.msg.map(|why| {
                    use crate::rules::{Arg, Msg};
                    let key = if field == NOT_PLAYABLE { "err.why.not_playable" } else { "err.why.later_hand" };
                    Msg::new(
                        key,
                        vec![
                            ("at", Arg::Msg(Box::new(place))),
                            ("field", Arg::Field(e.field)),
                            ("why", Arg::Msg(Box::new(why))),
                        ],
                    )
                });
                return Err(ImportError { field: field.into(), reason, msg });
            }
        }
        Ok(())
    }

    /// How an error names the entry `id`: a hand by its number among the hands that count
    /// (`err.at.hand`, `#12`; in a match of several games, counted in its game:
    /// `err.at.game_hand`), any other entry — or a hand of a game whose hands are not numbered
    /// ([`game::Game::NUMBERED_HANDS`]) — by its 1-based place in the log (`err.at.entry`).
    pub fn place_of(&self, id: &str) -> crate::rules::Msg {
        use crate::rules::{Arg, Msg};
        let game = self.setup.id();
        let by_place = || {
            let i = self.entries.iter().position(|x| x.id == id).unwrap_or(self.entries.len());
            Msg::new("err.at.entry", vec![("n", Arg::Num(i as i64 + 1))])
        };
        if !game.numbered_hands() {
            return by_place();
        }
        // A session's hands are counted across its tables; a game's hands within the game.
        let (mut games, mut hands) = (1usize, 0usize);
        for eff in replay::effective(self) {
            match &eff.entry.op {
                Op::NextGame { .. } if !game.session() => {
                    games += 1;
                    hands = 0;
                }
                Op::Hand { .. } => hands += 1,
                _ => {}
            }
            if eff.entry.id == id {
                if !matches!(eff.entry.op, Op::Hand { .. }) {
                    break;
                }
                let n = ("n", Arg::Num(hands as i64));
                return if games > 1 {
                    Msg::new("err.at.game_hand", vec![("game", Arg::Num(games as i64)), n])
                } else {
                    Msg::new("err.at.hand", vec![n])
                };
            }
        }
        by_place()
    }

    /// Time of the newest entry (or creation), ms.
    pub fn updated_ms(&self) -> f64 {
        self.entries.last().map(|e| e.at_ms).unwrap_or(self.created_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::shengji::Hand;

    fn hand(points: i32) -> Op {
        Op::Hand { hand: HandInput::Shengji(Hand { points, ..Hand::default() }) }
    }

    /// The tester's case: deleting a hand that let the other team keep playing leaves a
    /// later hand after the game was won — refused, nothing changed (a stored match must
    /// replay, or it could not be read back).
    #[test]
    fn a_void_that_breaks_a_later_hand_is_refused() {
        let mut m = sample::shengji_sample(1.0);
        for (i, p) in [85, 85, 40, 85].into_iter().enumerate() {
            m.append(Entry { after: None, id: format!("t{i}"), at_ms: 10.0 + i as f64, op: hand(p) }).unwrap();
        }
        assert!(replay::replay(&m).first_error().is_none());
        let before = m.clone();
        let err = m
            .append(Entry {
                after: None,
                id: "v".into(),
                at_ms: 20.0,
                op: Op::Void { target: "t1".into(), reason: "delete".into() },
            })
            .unwrap_err();
        assert_eq!(err.field, LATER_HAND);
        // Named by its place in the log: the last hand, t3, now comes after the game is won.
        let t3 = m.entries.iter().position(|e| e.id == "t3").unwrap();
        assert_eq!(err.reason, format!("entries[{t3}] would no longer replay: hand: game over: team A already won"));
        assert_eq!(m, before);
        // Deleting from the newest back is fine.
        for (i, t) in ["t3", "t2", "t1"].into_iter().enumerate() {
            m.append(Entry {
                after: None,
                id: format!("v{i}"),
                at_ms: 21.0 + i as f64,
                op: Op::Void { target: t.into(), reason: "delete".into() },
            })
            .unwrap();
        }
        assert!(schema::validate_match(&m).is_ok());
    }

    /// The same refusal typed: the broken hand named by its number among the hands (the
    /// sample's 11, then the 4 entered: #15), the field in words and the reason in each
    /// language, with the match's team name; the English reason is as before.
    #[test]
    fn a_refused_delete_names_the_hand_by_number_in_every_language() {
        use crate::i18n::{say, Lang, Names};
        let mut m = sample::shengji_sample(1.0);
        let hands_before = m.entries.iter().filter(|e| matches!(e.op, Op::Hand { .. })).count();
        for (i, p) in [85, 85, 40, 85].into_iter().enumerate() {
            m.append(Entry { after: None, id: format!("t{i}"), at_ms: 10.0 + i as f64, op: hand(p) }).unwrap();
        }
        let void = Op::Void { target: "t1".into(), reason: "delete".into() };
        let err = m.append(Entry { after: None, id: "v".into(), at_ms: 20.0, op: void }).unwrap_err();
        let msg = err.msg.expect("typed");
        let (teams, players) = m.setup.names();
        let names = Names { teams: Some(&teams), players: &players };
        let a = teams[&Team::A].clone();
        let en = say(Lang::En, &msg, names);
        let number = hands_before + 4;
        assert_eq!(
            en,
            format!("hand #{number} would no longer replay: the hand: game over: {a} already won, no hand can follow")
        );
        assert!(
            say(Lang::ZhCn, &msg, names).starts_with(&format!("#{number} 副将无法重算: 本副: 本局已结束: {a} 已获胜"))
        );
        assert!(
            say(Lang::ZhTw, &msg, names).starts_with(&format!("#{number} 副將無法重算: 本副: 本局已結束: {a} 已獲勝"))
        );
    }

    /// Undo steps back through actions: right after a delete it brings the hand back (a
    /// void of the void), then it takes back the hands newest first — never undoing its
    /// own undo.
    #[test]
    fn undo_after_a_delete_brings_the_hand_back() {
        let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
        for (i, p) in [40, 60, 85].into_iter().enumerate() {
            m.append(Entry { after: None, id: format!("h{}", i + 1), at_ms: 1.0 + i as f64, op: hand(p) }).unwrap();
        }
        let hands = |m: &Match| replay::effective(m).iter().map(|e| e.entry.id.clone()).collect::<Vec<_>>();
        let undo = |m: &mut Match, id: &str| {
            let target = m.undo_target().expect("something to undo").id.clone();
            m.append(Entry {
                after: None,
                id: id.into(),
                at_ms: 10.0,
                op: Op::Void { target, reason: UNDO_REASON.into() },
            })
            .unwrap();
        };
        m.append(Entry {
            after: None,
            id: "del".into(),
            at_ms: 5.0,
            op: Op::Void { target: "h1".into(), reason: "delete".into() },
        })
        .unwrap();
        assert_eq!(hands(&m), ["h2", "h3"]);
        assert_eq!(m.undo_target().unwrap().id, "del");
        undo(&mut m, "u1");
        assert_eq!(hands(&m), ["h1", "h2", "h3"]);
        assert!(m.voided().contains("del") && !m.voided().contains("h1"));
        assert_eq!(m.undo_target().unwrap().id, "h3");
        undo(&mut m, "u2");
        undo(&mut m, "u3");
        assert_eq!(hands(&m), ["h1"]);
        assert!(schema::validate_match(&m).is_ok());
        // The delete can be entered again once taken back; a void already voided cannot.
        m.append(Entry {
            after: None,
            id: "del2".into(),
            at_ms: 20.0,
            op: Op::Void { target: "h1".into(), reason: "delete".into() },
        })
        .unwrap();
        assert!(hands(&m).is_empty());
        let err = m
            .append(Entry {
                after: None,
                id: "x".into(),
                at_ms: 21.0,
                op: Op::Void { target: "del".into(), reason: "delete".into() },
            })
            .unwrap_err();
        assert_eq!(err.field, "op.target");
        // Undo of that second delete: a chain of voids is decided as a whole.
        undo(&mut m, "u4");
        assert_eq!(hands(&m), ["h1"]);
        assert!(schema::validate_match(&m).is_ok());
        let back = schema::load_stored(&schema::store_match(&m)).unwrap();
        assert_eq!(hands(&back), ["h1"]);
    }

    /// Another tab deleted the hand being edited here: the correction is refused (it
    /// would be stored and count for nothing); after the delete is undone it is taken.
    #[test]
    fn a_correction_of_a_deleted_hand_is_refused() {
        let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
        m.append(Entry { after: None, id: "h1".into(), at_ms: 1.0, op: hand(40) }).unwrap();
        m.append(Entry {
            after: None,
            id: "del".into(),
            at_ms: 2.0,
            op: Op::Void { target: "h1".into(), reason: "delete".into() },
        })
        .unwrap();
        let fix = Entry {
            after: None,
            id: "c1".into(),
            at_ms: 3.0,
            op: Op::Correct { target: "h1".into(), hand: HandInput::Shengji(Hand { points: 60, ..Hand::default() }) },
        };
        let err = m.clone().append_replayed(fix.clone()).unwrap_err();
        assert_eq!(
            (err.field.as_str(), err.reason.as_str()),
            ("op.target", "\"h1\" is deleted: a correction of it would not count")
        );
        m.append(Entry {
            after: None,
            id: "u".into(),
            at_ms: 4.0,
            op: Op::Void { target: "del".into(), reason: UNDO_REASON.into() },
        })
        .unwrap();
        m.append(fix).unwrap();
    }

    /// A hand checked on an older log (another tab's hand won the game first): `append`
    /// trusts its caller's check, `append_replayed` replays and refuses it, naming its
    /// place and the rule; nothing changes, and a hand that fits is taken.
    #[test]
    fn a_new_hand_after_the_game_was_won_is_refused_when_replayed() {
        let mut m = sample::shengji_sample(1.0);
        for (i, p) in [85, 40].into_iter().enumerate() {
            m.append(Entry { after: None, id: format!("t{i}"), at_ms: 10.0 + i as f64, op: hand(p) }).unwrap();
        }
        let before = m.clone();
        let late = Entry { after: None, id: "late".into(), at_ms: 30.0, op: hand(85) };
        let err = m.append_replayed(late.clone()).unwrap_err();
        assert_eq!(err.field, NOT_PLAYABLE);
        assert_eq!(err.reason, format!("entries[{}]: hand: game over: team A already won", before.entries.len()));
        assert_eq!(m, before);
        // Unchecked, the same hand would make a match that cannot be read back.
        let mut unchecked = before.clone();
        unchecked.append(late).unwrap();
        assert!(schema::validate_match(&unchecked).is_err());
        // The log as it is replays (its game was won by the last hand: sample + 85, 40).
        assert!(replay::replay(&m).first_error().is_none());
        // Before the game was won, a replayed hand is taken.
        let mut early = sample::shengji_sample(1.0);
        early.append_replayed(Entry { after: None, id: "ok".into(), at_ms: 10.0, op: hand(40) }).unwrap();
        assert_eq!(early.entries.len(), sample::shengji_sample(1.0).entries.len() + 1);
    }
}
