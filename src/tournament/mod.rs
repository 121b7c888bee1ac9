//! The tournament layer above single matches (RULES.md §6): an [`Event`] with its
//! entrants (players, pairs, teams with their members), and per game offered a
//! [`Competition`]: a draw (抽签 numbers, deterministic from a seed, [`draw`]), a format
//! (round robin by the circle method, knock-out with best of 3 from a chosen round, group
//! sessions, and the seeds' team formats — [`FormatPreset`]), an editable schedule of
//! rounds × tables ([`schedule`]), each table's match set-up ([`tables`]), standings
//! recomputed from the match records every time with the preset's tie-breaks and forfeits
//! ([`standings`]), the desk's merge of table files with side-by-side conflicts
//! ([`sync`]), and CSV output ([`output`]).
//!
//! Pure: no web dependencies; tested natively. An event is stored as one localStorage value
//! `referee.event.<id>` in a versioned envelope ([`store_event`], [`load_event`]) next to
//! the matches; the matches themselves stay ordinary match records linked by id
//! ([`Leg::match_id`]), so every number comes from replaying them.

pub mod decided;
pub mod draw;
pub mod files;
pub mod hall;
pub mod late;
pub mod outcome;
pub mod output;
pub mod roster;
pub mod schedule;
pub mod standings;
pub mod sync;
pub mod tables;
pub mod versions;

use crate::record::schema::{self, ImportError, Migration, APP_ID};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

mod document;
mod entrants;
mod formats;

pub use document::*;
pub use entrants::*;
pub use formats::*;
pub use versions::{compare_events, EventCounts, EventDiff};

/// The schema version of stored / exported events written by this build.
pub const EVENT_VERSION: u32 = 1;
/// Event migrations, index `i` upgrading version `i` to `i + 1` (none yet: version 1 is the
/// first; the next change of [`Event`] adds a step here and bumps [`EVENT_VERSION`]).
pub const EVENT_MIGRATIONS: &[Option<Migration>] = &[None];
/// Longest name of an event, entrant or competition, characters.
pub const MAX_NAME: usize = 60;
/// Most entrants in one event.
pub const MAX_ENTRANTS: usize = 256;
/// Most members of one entrant (a team of eight pairs).
pub const MAX_MEMBERS: usize = 16;

/// A number typed into a field that takes whole numbers from `lo` to `hi` only (a draw
/// number, [`draw::parse_draw_number`]; a table, [`schedule::parse_table`]) was not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotInRange {
    /// The lowest number the field takes.
    pub lo: u32,
    /// The highest number the field takes.
    pub hi: u32,
}

impl std::fmt::Display for NotInRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a whole number from {} to {}", self.lo, self.hi)
    }
}

/// `s` (trimmed) as a whole number from `lo` to `hi`; anything else (a sign, a fraction,
/// letters, a number out of range) is refused.
pub(crate) fn whole_in(s: &str, lo: u32, hi: u32) -> Result<u32, NotInRange> {
    let s = s.trim();
    let n = if s.bytes().all(|b| b.is_ascii_digit()) { s.parse::<u32>().ok() } else { None };
    n.filter(|n| (lo..=hi).contains(n)).ok_or(NotInRange { lo, hi })
}

/// A tournament: name, dates, entrants and the games offered (one [`Competition`] each),
/// plus the desk's sync log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// Stable id (letters, digits, `-`, `_`; ≤ 40 characters so match ids derived from it
    /// stay ≤ 64).
    pub id: String,
    /// Name, e.g. "第三届健康杯棋牌赛".
    pub name: String,
    /// Dates as the referee writes them (free text, e.g. "2024-05-01 — 05-02").
    #[serde(default)]
    pub dates: String,
    /// Venue (free text).
    #[serde(default)]
    pub venue: String,
    /// Creation time, ms since the Unix epoch.
    pub created_ms: f64,
    /// Everybody entered, in entry order.
    #[serde(default)]
    pub entrants: Vec<Entrant>,
    /// The games offered, one competition each.
    #[serde(default)]
    pub competitions: Vec<Competition>,
    /// Sync conflicts waiting for the referee's choice ([`sync`]).
    #[serde(default)]
    pub conflicts: Vec<sync::Conflict>,
    /// The referee's choices on conflicts (the log keeps both versions).
    #[serde(default)]
    pub resolutions: Vec<sync::Resolution>,
    /// Every file imported at the desk and what it did.
    #[serde(default)]
    pub imports: Vec<sync::ImportRecord>,
}

/// What an entrant is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntrantKind {
    /// One player (五子棋, 斗地主, 三打一).
    Player,
    /// A partnership of two (升级, 掼蛋).
    Pair,
    /// A team (代表队) of pairs: `members` in pair order (members 1–2 = pair 1, 3–4 = pair 2 …).
    Team,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// Stable id within the event (`t1`, `p12` …).
    pub id: String,
    /// Display name (player name, pair name or team name).
    pub name: String,
    /// Player, pair or team.
    pub kind: EntrantKind,
    /// Member names: a pair's two players; a team's players in pair order.
    #[serde(default)]
    pub members: Vec<String>,
    /// Unit / club represented (代表队, 分会), if any.
    #[serde(default)]
    pub unit: String,
}

impl EntrantKind {
    /// Whether an entrant of this kind can play in a format made for `format`: the same
    /// kind, or a pair and a team for each other (a team fields its pairs, a pair is a team
    /// of one pair).
    pub fn fits(self, format: EntrantKind) -> bool {
        self == format
            || matches!((self, format), (EntrantKind::Pair, EntrantKind::Team) | (EntrantKind::Team, EntrantKind::Pair))
    }
}

impl Entrant {
    /// Pair `k` (0-based) of a team, or the pair itself: two names (empty when missing).
    pub fn pair(&self, k: usize) -> [String; 2] {
        let m = |i: usize| self.members.get(i).cloned().unwrap_or_default();
        match self.kind {
            EntrantKind::Team => [m(2 * k), m(2 * k + 1)],
            _ => [m(0), m(1)],
        }
    }
    /// Number of pairs a team can field (members / 2); 1 for a pair or a player.
    pub fn pairs(&self) -> usize {
        match self.kind {
            EntrantKind::Team => self.members.len() / 2,
            _ => 1,
        }
    }
}

/// One game offered at the event, with its entrants, format, draw and schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Competition {
    /// Stable id within the event (`c1` …, ≤ 8 characters).
    pub id: String,
    /// Display name, e.g. "掼蛋 团体".
    pub name: String,
    /// Game id of its matches (`shengji`, `duplicate`, `guandan`, `doudizhu`, `sandayi`,
    /// `renju`).
    pub game: String,
    /// The game preset every table's match copies (a built-in id of that game).
    pub preset_id: String,
    /// The [`FormatPreset`] it was made from (`""` when set by hand).
    #[serde(default)]
    pub format_id: String,
    /// Seed document and section the format reads (e.g. "000 §四").
    #[serde(default)]
    pub source: String,
    /// Entrant ids taking part, in entry order.
    #[serde(default)]
    pub entrants: Vec<String>,
    /// How entrants meet.
    pub format: Format,
    /// How results become standings.
    pub scoring: Scoring,
    /// Matches per fixture: 1 for players and pairs; a team fields this many pairs, pair `k`
    /// against pair `k`, one table each (南通纺院: 2).
    #[serde(default = "one")]
    pub legs: u32,
    /// Who sits N/S.
    #[serde(default)]
    pub seat_rule: SeatRule,
    /// Override of the number of rounds in each table's match (a 3-round shift event plays
    /// one round per table: `Some(1)`); `None` keeps the preset's.
    #[serde(default)]
    pub rounds_per_match: Option<u32>,
    /// Parameters of this format that are a *(reading)* of an unclear document.
    #[serde(default)]
    pub readings: Vec<String>,
    /// The draw.
    #[serde(default)]
    pub draw: Draw,
    /// The schedule (generated, then editable).
    #[serde(default)]
    pub rounds: Vec<Round>,
    /// Play-off games (加赛) recorded at the desk between entrants level on everything; each
    /// decides their order only and scores nothing (南通 §一 「加赛不记分」, RULES.md §1.4
    /// **[r2]**). Absent in older stored events.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub playoffs: Vec<Playoff>,
}

/// One play-off game (加赛) between entrants level on everything in the standings (the 南通
/// team event: the two teams each send one pair to play one game): its winner places first
/// among them, the others stay level and may play again. It scores nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Playoff {
    /// The entrant ids level on everything that played it (two or more, each once); it
    /// counts only while exactly these entrants are level.
    pub entrants: Vec<String>,
    /// The winner, one of `entrants`.
    pub winner: String,
}

impl Playoff {
    /// Whether it was played by exactly the entrants of `ids` (in any order).
    pub fn between(&self, ids: &[&str]) -> bool {
        self.entrants.len() == ids.len() && ids.iter().all(|id| self.entrants.iter().any(|e| e == id))
    }
}

fn one() -> u32 {
    1
}

/// How entrants meet (RULES.md §6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Format {
    /// Single round robin by the circle method; an odd field gets one bye per round.
    /// `max_rounds` keeps only the first rounds (3-round shift: `Some(3)`). **[r2]** With
    /// `group_size`, the round robin is played inside groups of that many entrants, drawn by
    /// draw number (numbers 1–4 group 1, 5–8 group 2 …; a short last group gets byes), every
    /// group's round k played as the event's round k (004 第三篇 §二(七)1: groups of 4 pairs,
    /// each pair meets the 3 others once in 3 rounds); the standings rank inside each group
    /// and over all groups.
    RoundRobin {
        /// Play only this many rounds.
        #[serde(default)]
        max_rounds: Option<u32>,
        /// Entrants per group (`None`: one round robin of the whole field, every event
        /// stored before r2).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group_size: Option<u32>,
    },
    /// Single elimination, seeded by draw number (the lowest numbers get the byes). Matches
    /// are best of `best_of` games; the last `long_rounds` rounds (1 = final, 2 = semi-finals
    /// and final …) are best of `long_best_of`.
    Knockout {
        /// Games per match in the early rounds (1).
        best_of: u32,
        /// How many of the last rounds are played long.
        long_rounds: u32,
        /// Games per match in those rounds (3).
        long_best_of: u32,
    },
    /// Sessions of `size` players at one table (斗地主 3, 三打一 4), groups by draw number;
    /// each group is one match and is ranked by its session totals.
    Groups {
        /// Players per group.
        size: u32,
    },
}

/// How a competition turns results into a ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// The main ranking number.
    pub primary: Primary,
    /// Tie-breaks, first applied first; ties left after them share a place and are marked
    /// for a play-off (加赛).
    #[serde(default)]
    pub tie_breaks: Vec<TieBreak>,
    /// Score of a forfeited fixture, winner first, in the primary's points (000 §四: 18:0).
    /// `None` = the winner gets the win and no points.
    #[serde(default)]
    pub forfeit_score: Option<[i64; 2]>,
    /// An entrant with this many forfeits has all its results cancelled (000 §四: 2).
    #[serde(default)]
    pub forfeits_cancel: Option<u32>,
    /// With a cancellation: the opponents keep their results against the cancelled entrant
    /// (`false`: every match of the cancelled entrant is removed — *(reading)* of
    /// "比赛成绩一律取消").
    #[serde(default)]
    pub cancel_keeps_opponents: bool,
}

/// The main ranking number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Primary {
    /// Match points per fixture: win / draw / loss, and what a forfeiting side gets.
    MatchPoints {
        /// For a won fixture.
        win: i64,
        /// For a drawn fixture.
        draw: i64,
        /// For a lost fixture.
        loss: i64,
        /// For a forfeited fixture.
        forfeit: i64,
    },
    /// Points per game (局) of every match: win / loss, forfeit for each game of a forfeited
    /// match (002 南通纺院: 赢一局得2分, 输一局得1分, 弃权零分; `games` = 3 per match).
    GamePoints {
        /// Per game won.
        win: i64,
        /// Per game lost.
        loss: i64,
        /// Per game forfeited.
        forfeit: i64,
        /// Games of one match (a forfeit counts this many).
        games: u32,
    },
    /// The match records' own points, summed over every match (掼蛋 per-deal points
    /// 000 §四, round-score totals 004 第三篇, 双升 board totals; games won otherwise).
    Points,
}

/// A tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// More 双上 wins (000 §四 "赢取双上次数多者名次在前").
    DoubleWins,
    /// The primary number counted only in the tied entrants' matches against each other
    /// (000 §四 "两队相互间成绩决定名次").
    HeadToHead,
    /// Points for minus points against.
    PointDiff,
    /// Points for.
    PointsFor,
    /// Fixtures won.
    Wins,
    /// Lower draw number first (a last resort some events name).
    DrawNumber,
}

/// Who sits N/S (team `A`) at each table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatRule {
    /// The lower draw number sits N/S and keeps the score sheet (000 §四(二)3 "签号前者坐南北";
    /// 004 第三篇 §二(二)2 "排前坐南北").
    #[default]
    LowerDrawNorthSouth,
    /// Sides alternate so every entrant sits N/S about as often as E/W.
    Balanced,
}

/// The draw: each entrant's number (签号), from a seed (reproducible) or entered by hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    /// The seed the numbers came from (`None` when entered by hand).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Entrant id → number, 1-based.
    #[serde(default)]
    pub numbers: BTreeMap<String, u32>,
}

/// One round of the schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// 1-based.
    pub number: u32,
    /// Its fixtures (a bye is a fixture with a [`Slot::Bye`] side and no legs).
    pub fixtures: Vec<Fixture>,
}

/// Two (or, for a group session, more) sides meeting in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// Stable id within the competition (`r1f2`).
    pub id: String,
    /// The sides; with two, side 0 sits N/S (team `A`) in leg 1.
    pub sides: Vec<Slot>,
    /// One table's match each.
    #[serde(default)]
    pub legs: Vec<Leg>,
    /// Games per match (knock-out: 1 or 3; 0 = the preset's).
    #[serde(default)]
    pub best_of: u32,
    /// Sides that forfeited (弃权) without playing — recorded at the desk.
    #[serde(default)]
    pub forfeits: Vec<usize>,
}

/// One table's match of a fixture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leg {
    /// Table number.
    pub table: u32,
    /// The match record, once created.
    #[serde(default)]
    pub match_id: Option<String>,
    /// In that match side 0 sits E/W (team `B`) and side 1 N/S — set when the match is
    /// created ([`tables::leg_match`]) so results map back to the right side.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub swapped: bool,
}

/// A side of a fixture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "slot", rename_all = "snake_case")]
pub enum Slot {
    /// A known entrant.
    Entrant {
        /// Entrant id.
        id: String,
    },
    /// The winner of an earlier fixture (knock-out).
    Winner {
        /// Fixture id.
        fixture: String,
    },
    /// Nobody: the other side has a bye.
    Bye,
}

impl Slot {
    /// The entrant id, if the slot names one directly.
    pub fn entrant(&self) -> Option<&str> {
        match self {
            Slot::Entrant { id } => Some(id),
            _ => None,
        }
    }
}

impl Competition {
    /// The fixture with this id and its round number.
    pub fn fixture(&self, id: &str) -> Option<(u32, &Fixture)> {
        self.rounds.iter().find_map(|r| r.fixtures.iter().find(|f| f.id == id).map(|f| (r.number, f)))
    }
    /// Every fixture of the schedule by id, with its round number: one pass over the
    /// schedule for callers that look up many fixtures (a round's table matches, the
    /// competition tab's rows), where [`Competition::fixture`] scans the schedule each time.
    /// An id given twice (refused by [`validate_event`]) keeps its first fixture, as
    /// [`Competition::fixture`] finds it.
    pub fn fixtures_by_id(&self) -> HashMap<&str, (u32, &Fixture)> {
        let mut out = HashMap::new();
        for r in &self.rounds {
            for f in &r.fixtures {
                out.entry(f.id.as_str()).or_insert((r.number, f));
            }
        }
        out
    }
    /// The fixture with this id, mutably.
    pub fn fixture_mut(&mut self, id: &str) -> Option<&mut Fixture> {
        self.rounds.iter_mut().flat_map(|r| r.fixtures.iter_mut()).find(|f| f.id == id)
    }
    /// Every match id linked from the schedule.
    pub fn match_ids(&self) -> Vec<String> {
        self.rounds.iter().flat_map(|r| &r.fixtures).flat_map(|f| &f.legs).filter_map(|l| l.match_id.clone()).collect()
    }
    /// The entrants of this competition, in draw order (numbered first, by number; then the
    /// rest in entry order).
    pub fn by_draw(&self) -> Vec<String> {
        let mut v = self.entrants.clone();
        let pos: BTreeMap<&str, usize> = self.entrants.iter().enumerate().map(|(i, e)| (e.as_str(), i)).collect();
        crate::sort::sort_by_key(&mut v, |e| (self.draw.numbers.get(e).copied().unwrap_or(u32::MAX), pos[e.as_str()]));
        v
    }
    /// **[r2]** The groups of a round robin in groups ([`Format::RoundRobin`] with a
    /// `group_size`): the entrants in draw order, `group_size` at a time (group 1 first).
    /// `None` for any other format.
    pub fn groups(&self) -> Option<Vec<Vec<String>>> {
        let Format::RoundRobin { group_size: Some(g), .. } = self.format else { return None };
        Some(self.by_draw().chunks(g.max(2) as usize).map(<[String]>::to_vec).collect())
    }
    /// The group number (1-based) of `entrant` in a round robin in groups.
    pub fn group_of(&self, entrant: &str) -> Option<u32> {
        self.groups()?.iter().position(|g| g.iter().any(|e| e == entrant)).map(|k| k as u32 + 1)
    }
}

impl Event {
    /// A new, empty event.
    pub fn new(id: &str, name: &str, now_ms: f64) -> Event {
        Event {
            id: id.into(),
            name: name.into(),
            dates: String::new(),
            venue: String::new(),
            created_ms: now_ms,
            entrants: Vec::new(),
            competitions: Vec::new(),
            conflicts: Vec::new(),
            resolutions: Vec::new(),
            imports: Vec::new(),
        }
    }
    /// The entrant with this id.
    pub fn entrant(&self, id: &str) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.id == id)
    }
    /// The entrant's name, or the id when unknown.
    pub fn entrant_name(&self, id: &str) -> String {
        self.entrant(id).map(|e| e.name.clone()).unwrap_or_else(|| id.to_string())
    }
    /// [`Event::entrant_name`] for display in the app's texts, isolated
    /// ([`crate::bidi::isolated`]); the CSV files keep the name as entered.
    pub fn entrant_label(&self, id: &str) -> String {
        crate::bidi::isolated(&self.entrant_name(id))
    }
    /// The competition with this id.
    pub fn competition(&self, id: &str) -> Option<&Competition> {
        self.competitions.iter().find(|c| c.id == id)
    }
    /// The competition with this id, mutably.
    pub fn competition_mut(&mut self, id: &str) -> Option<&mut Competition> {
        self.competitions.iter_mut().find(|c| c.id == id)
    }
    /// A fresh entrant id (`e1`, `e2` …).
    pub fn next_entrant_id(&self) -> String {
        next_id("e", self.entrants.iter().map(|e| e.id.as_str()))
    }
    /// A fresh competition id (`c1`, `c2` …).
    pub fn next_competition_id(&self) -> String {
        next_id("c", self.competitions.iter().map(|c| c.id.as_str()))
    }
    /// Every match id linked from any schedule.
    pub fn match_ids(&self) -> Vec<String> {
        self.competitions.iter().flat_map(|c| c.match_ids()).collect()
    }
}

#[cfg(test)]
pub(crate) mod tests;
