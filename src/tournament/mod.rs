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

pub mod draw;
pub mod outcome;
pub mod output;
pub mod schedule;
pub mod standings;
pub mod sync;
pub mod tables;

use crate::record::schema::{self, ImportError, Migration, APP_ID, MAX_IMPORT_BYTES};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashSet};

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

fn ie(field: impl Into<String>, reason: impl Into<String>) -> ImportError {
    ImportError { field: field.into(), reason: reason.into(), msg: None }
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
}

fn one() -> u32 {
    1
}

/// How entrants meet (RULES.md §6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Format {
    /// Single round robin by the circle method; an odd field gets one bye per round.
    /// `max_rounds` keeps only the first rounds (3-round shift: `Some(3)`).
    RoundRobin {
        /// Play only this many rounds.
        #[serde(default)]
        max_rounds: Option<u32>,
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
        v.sort_by_key(|e| (self.draw.numbers.get(e).copied().unwrap_or(u32::MAX), pos[e.as_str()]));
        v
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

/// An entrant typed on one line ([`parse_entrant_lines`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantLine {
    /// 1-based number of the line in the text typed (empty lines counted).
    pub line: usize,
    /// The name: what comes before the colon, or the whole line.
    pub name: String,
    /// The members after the colon.
    pub members: Vec<String>,
}

/// Why a typed line cannot become an entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// Nothing before the colon (`: 张三, 李四`).
    NoName,
    /// The name is longer than [`MAX_NAME`] characters.
    NameTooLong,
    /// More than [`MAX_MEMBERS`] members.
    TooManyMembers,
    /// Member `k` (1-based) is longer than [`MAX_NAME`] characters.
    MemberTooLong(usize),
    /// Another rule of [`validate_event`] refuses the entrant: the entrant's field
    /// (`unit`, `members[2]` …) and the reason.
    Refused {
        /// The entrant's field.
        field: String,
        /// Why.
        reason: String,
    },
}

/// A refused line of typed entrants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based number of the line in the text typed.
    pub line: usize,
    /// What is wrong with it.
    pub problem: LineProblem,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.problem {
            LineProblem::NoName => f.write_str("no name before the colon"),
            LineProblem::NameTooLong => write!(f, "the name is longer than {MAX_NAME} characters"),
            LineProblem::TooManyMembers => write!(f, "more than {MAX_MEMBERS} members"),
            LineProblem::MemberTooLong(k) => write!(f, "member {k} is longer than {MAX_NAME} characters"),
            LineProblem::Refused { field, reason } => write!(f, "{field}: {reason}"),
        }
    }
}

/// Why typed entrants were not added ([`add_entrant_lines`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntrantsError {
    /// A line cannot be an entrant.
    Line(LineError),
    /// The event refuses them for a reason of no one line (too many entrants).
    Event(ImportError),
}

impl std::fmt::Display for EntrantsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntrantsError::Line(x) => x.fmt(f),
            EntrantsError::Event(x) => x.fmt(f),
        }
    }
}

/// Adds the entrants typed as `text` ([`parse_entrant_lines`]) to `e`, each with a fresh
/// id, `kind` and `unit` (a player typed without members is their own only member), and
/// validates the event: a refusal that concerns one of the new entrants names the line it
/// was typed on, not its index in the list. Returns how many were added (0 when no line
/// was typed); `e` is unchanged on error.
pub fn add_entrant_lines(e: &mut Event, text: &str, kind: EntrantKind, unit: &str) -> Result<usize, EntrantsError> {
    let rows = parse_entrant_lines(text).map_err(EntrantsError::Line)?;
    let mut next = e.clone();
    let first = next.entrants.len();
    let lines: Vec<usize> = rows.iter().map(|r| r.line).collect();
    for r in rows {
        let id = next.next_entrant_id();
        let members =
            if kind == EntrantKind::Player && r.members.is_empty() { vec![r.name.clone()] } else { r.members };
        next.entrants.push(Entrant { id, name: r.name, kind, members, unit: unit.to_string() });
    }
    validate_event(&next).map_err(|x| {
        let typed = x.field.strip_prefix("entrants[").and_then(|f| f.split_once(']')).and_then(|(i, rest)| {
            let line = *lines.get(i.parse::<usize>().ok()?.checked_sub(first)?)?;
            Some(LineError {
                line,
                problem: LineProblem::Refused {
                    field: rest.trim_start_matches('.').to_string(),
                    reason: x.reason.clone(),
                },
            })
        });
        typed.map(EntrantsError::Line).unwrap_or(EntrantsError::Event(x))
    })?;
    let added = next.entrants.len() - first;
    *e = next;
    Ok(added)
}

/// Parses entrants typed one per line as `name: member, member` (`：`, `,`, `，`, `、`, `;`
/// accepted); empty lines are skipped. The first line that cannot be an entrant (no name,
/// a name or member longer than [`MAX_NAME`] characters, more than [`MAX_MEMBERS`]
/// members) refuses the whole text, naming that line.
pub fn parse_entrant_lines(text: &str) -> Result<Vec<EntrantLine>, LineError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() {
            continue;
        }
        let (name, rest) = match l.split_once([':', '：']) {
            Some((n, r)) => (n.trim(), r),
            None => (l, ""),
        };
        let members = split_members(rest);
        let refuse = |problem| Err(LineError { line: i + 1, problem });
        if name.is_empty() {
            return refuse(LineProblem::NoName);
        }
        if name.chars().count() > MAX_NAME {
            return refuse(LineProblem::NameTooLong);
        }
        if members.len() > MAX_MEMBERS {
            return refuse(LineProblem::TooManyMembers);
        }
        if let Some(k) = members.iter().position(|m| m.chars().count() > MAX_NAME) {
            return refuse(LineProblem::MemberTooLong(k + 1));
        }
        out.push(EntrantLine { line: i + 1, name: name.to_string(), members });
    }
    Ok(out)
}

/// Splits a member list at `,`, `，`, `、`, `;`, `；`; blanks dropped.
pub fn split_members(s: &str) -> Vec<String> {
    s.split([',', '，', '、', ';', '；']).map(str::trim).filter(|m| !m.is_empty()).map(str::to_string).collect()
}

fn next_id<'a>(prefix: &str, ids: impl Iterator<Item = &'a str>) -> String {
    let n = ids.filter_map(|i| i.strip_prefix(prefix)?.parse::<u32>().ok()).max().unwrap_or(0);
    format!("{prefix}{}", n + 1)
}

// ---------------------------------------------------------------------------------------
// Built-in formats (data; the seeds' events)
// ---------------------------------------------------------------------------------------

/// A competition format as data: which game and preset, entrant kind, legs, format and
/// scoring. Built-ins read the seeds; the referee may change any field of the competition
/// made from one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormatPreset {
    /// Stable id.
    pub id: String,
    /// Game id.
    pub game: String,
    /// Game preset id.
    pub preset_id: String,
    /// Seed document and section.
    pub source: String,
    /// Entrant kind.
    pub kind: EntrantKind,
    /// Matches per fixture (pairs per team).
    pub legs: u32,
    /// Format.
    pub format: Format,
    /// Scoring.
    pub scoring: Scoring,
    /// Seat rule.
    pub seat_rule: SeatRule,
    /// Rounds per table match override.
    pub rounds_per_match: Option<u32>,
    /// Parameters that are a *(reading)*.
    pub readings: Vec<String>,
}

/// The tie-breaks a 掼蛋 preset names in `format.ranking` (its first key is the primary).
pub fn guandan_tie_breaks(p: &crate::rules::guandan::GuandanPreset) -> Vec<TieBreak> {
    use crate::rules::guandan::RankKey;
    p.format
        .ranking
        .iter()
        .skip(1)
        .filter_map(|k| match k {
            RankKey::DoubleWins => Some(TieBreak::DoubleWins),
            RankKey::HeadToHead => Some(TieBreak::HeadToHead),
            RankKey::Points | RankKey::RoundScoreTotal => None,
        })
        .collect()
}

/// The built-in formats: the seeds' events (RULES.md §6 and the presets' format data).
///
/// | id | game / preset | entrants | format | scoring |
/// |---|---|---|---|---|
/// | `jiankang-guandan-team` | 掼蛋 `jiankang-guandan` (000 §四) | teams (pairs) | round robin | deal points; then 双上 count, head-to-head (the preset's `format.ranking`); forfeit 18:0; 2 forfeits cancel |
/// | `guandan-shift-3rounds` | 掼蛋 `guandan-shift-3rounds` (004 第三篇) | pairs | 3 rounds of the circle, one round per table | round-score totals |
/// | `nantong-80fen-team` | 升级 `nantong-80fen` (002) | teams of 2 pairs | round robin *(reading)* | per game win 2 / loss 1 / forfeit 0, 3 games |
/// | `jiankang-chaodipi-ko` | 升级 `jiankang-chaodipi` (000 §一) | pairs | knock-out, final best of 3 | — |
/// | `chaodipi-10-ko` | 升级 `chaodipi-10` (002 细则) | pairs | knock-out, semi-finals and final best of 3 | — |
/// | `yiyuan-duplicate-ko` | 双升 `yiyuan-shuangsheng` (003) | teams of 2 pairs | knock-out | board totals |
/// | `renju-rif-ko` | 五子棋 `renju-rif` (000 §三) | players | knock-out, every match best of 3 *(reading)* | — |
/// | `guandan-5-3-1-ko` | 掼蛋 `guandan-5-3-1` (004 第二篇) | pairs | knock-out, best of 3 | — |
/// | `jiankang-doudizhu-groups` | 斗地主 (000 §二) | players | groups of 3 | session totals |
/// | `qingpu-sandayi-groups` | 三打一 (001) | players | groups of 4 | session totals |
/// | `round-robin-2-1-0` | any 2-sided game | pairs | round robin | win 2 / draw 1 / loss 0 |
pub fn builtin_formats() -> Vec<FormatPreset> {
    use crate::rules::guandan::builtin_preset as gd;
    let s = |x: &str| x.to_string();
    let rr = Format::RoundRobin { max_rounds: None };
    let ko = |best_of, long_rounds, long_best_of| Format::Knockout { best_of, long_rounds, long_best_of };
    let none = Scoring {
        primary: Primary::Points,
        tie_breaks: vec![],
        forfeit_score: None,
        forfeits_cancel: None,
        cancel_keeps_opponents: false,
    };
    let jk = gd("jiankang-guandan").expect("built-in preset");
    let mut v = vec![FormatPreset {
        id: s("jiankang-guandan-team"),
        game: s("guandan"),
        preset_id: s("jiankang-guandan"),
        source: s("000 §四"),
        kind: EntrantKind::Team,
        legs: 1,
        format: rr.clone(),
        scoring: Scoring {
            primary: Primary::Points,
            tie_breaks: guandan_tie_breaks(&jk),
            forfeit_score: jk.format.forfeit_score.map(|[w, l]| [w as i64, l as i64]),
            forfeits_cancel: jk.format.forfeits_cancel_results,
            cancel_keeps_opponents: false,
        },
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![s("scoring.cancel_keeps_opponents"), s("legs")],
    }];
    v.push(FormatPreset {
        id: s("guandan-shift-3rounds"),
        game: s("guandan"),
        preset_id: s("guandan-shift-3rounds"),
        source: s("004 第三篇"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: Format::RoundRobin { max_rounds: gd("guandan-shift-3rounds").and_then(|p| p.format.rounds) },
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: Some(1),
        readings: vec![s("scoring.tie_breaks")],
    });
    v.push(FormatPreset {
        id: s("nantong-80fen-team"),
        game: s("shengji"),
        preset_id: s("nantong-80fen"),
        source: s("002 南通纺院"),
        kind: EntrantKind::Team,
        legs: 2,
        format: rr.clone(),
        scoring: Scoring {
            primary: Primary::GamePoints { win: 2, loss: 1, forfeit: 0, games: 3 },
            tie_breaks: vec![],
            forfeit_score: None,
            forfeits_cancel: None,
            cancel_keeps_opponents: false,
        },
        seat_rule: SeatRule::Balanced,
        rounds_per_match: None,
        readings: vec![s("format")],
    });
    v.push(FormatPreset {
        id: s("jiankang-chaodipi-ko"),
        game: s("shengji"),
        preset_id: s("jiankang-chaodipi"),
        source: s("000 §一"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: ko(1, 1, 3),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("chaodipi-10-ko"),
        game: s("shengji"),
        preset_id: s("chaodipi-10"),
        source: s("002 炒地皮细则"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: ko(1, 2, 3),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("yiyuan-duplicate-ko"),
        game: s("duplicate"),
        preset_id: s("yiyuan-shuangsheng"),
        source: s("003"),
        kind: EntrantKind::Team,
        legs: 1,
        format: ko(1, 0, 1),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("renju-rif-ko"),
        game: s("renju"),
        preset_id: s("renju-rif"),
        source: s("000 §三"),
        kind: EntrantKind::Player,
        legs: 1,
        format: ko(3, 0, 3),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![s("format")],
    });
    v.push(FormatPreset {
        id: s("guandan-5-3-1-ko"),
        game: s("guandan"),
        preset_id: s("guandan-5-3-1"),
        source: s("004 第二篇"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: ko(3, 0, 3),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("jiankang-doudizhu-groups"),
        game: s("doudizhu"),
        preset_id: s("jiankang-doudizhu"),
        source: s("000 §二"),
        kind: EntrantKind::Player,
        legs: 1,
        format: Format::Groups { size: 3 },
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("qingpu-sandayi-groups"),
        game: s("sandayi"),
        preset_id: s("qingpu-sandayi"),
        source: s("001"),
        kind: EntrantKind::Player,
        legs: 1,
        format: Format::Groups { size: 4 },
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("round-robin-2-1-0"),
        game: s("guandan"),
        preset_id: s("guandan-3-2-1"),
        source: s("RULES.md §6"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: rr,
        scoring: Scoring {
            primary: Primary::MatchPoints { win: 2, draw: 1, loss: 0, forfeit: 0 },
            tie_breaks: vec![TieBreak::HeadToHead, TieBreak::PointDiff],
            forfeit_score: None,
            forfeits_cancel: None,
            cancel_keeps_opponents: false,
        },
        seat_rule: SeatRule::Balanced,
        rounds_per_match: None,
        readings: vec![],
    });
    v
}

/// The built-in format with this id.
pub fn builtin_format(id: &str) -> Option<FormatPreset> {
    builtin_formats().into_iter().find(|f| f.id == id)
}

/// The built-in game preset ids of a game (for the competition form).
pub fn preset_ids(game: &str) -> Vec<String> {
    crate::record::game::GameId::parse(game).map(|g| g.preset_ids()).unwrap_or_default()
}

impl FormatPreset {
    /// A competition of this format over `entrants`, with id `id` and no draw or schedule.
    pub fn competition(&self, id: &str, name: &str, entrants: Vec<String>) -> Competition {
        Competition {
            id: id.into(),
            name: name.into(),
            game: self.game.clone(),
            preset_id: self.preset_id.clone(),
            format_id: self.id.clone(),
            source: self.source.clone(),
            entrants,
            format: self.format.clone(),
            scoring: self.scoring.clone(),
            legs: self.legs,
            seat_rule: self.seat_rule,
            rounds_per_match: self.rounds_per_match,
            readings: self.readings.clone(),
            draw: Draw::default(),
            rounds: Vec::new(),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Validation and storage
// ---------------------------------------------------------------------------------------

fn check_id(id: &str, field: &str, max: usize) -> Result<(), ImportError> {
    if id.is_empty() || id.len() > max || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(ie(field, format!("{id:?} is not an id (1–{max} letters, digits, - or _)")));
    }
    Ok(())
}

fn check_name(s: &str, field: &str, max: usize) -> Result<(), ImportError> {
    if s.chars().count() > max {
        return Err(ie(field, format!("longer than {max} characters")));
    }
    Ok(())
}

/// Semantic checks of an event: ids (event ≤ 40, entrants and fixtures ≤ 12, competitions
/// ≤ 8 characters) unique where they must be; names ≤ 60 characters; every entrant a
/// competition lists exists; draw numbers belong to its entrants and are unique; every slot
/// names an entrant of the competition or an earlier fixture; side indexes in range; a game
/// id and preset that exist. Errors name the field (`competitions[0].rounds[2].fixtures[1].sides[0]`).
pub fn validate_event(e: &Event) -> Result<(), ImportError> {
    check_id(&e.id, "id", 40)?;
    check_name(&e.name, "name", MAX_NAME)?;
    check_name(&e.dates, "dates", MAX_NAME)?;
    check_name(&e.venue, "venue", MAX_NAME)?;
    if !e.created_ms.is_finite() {
        return Err(ie("created_ms", "not a finite time"));
    }
    if e.entrants.len() > MAX_ENTRANTS {
        return Err(ie("entrants", format!("more than {MAX_ENTRANTS} entrants")));
    }
    let mut ids = HashSet::new();
    for (i, en) in e.entrants.iter().enumerate() {
        let f = |x: &str| format!("entrants[{i}].{x}");
        check_id(&en.id, &f("id"), 12)?;
        if !ids.insert(en.id.as_str()) {
            return Err(ie(f("id"), format!("{:?} appears twice", en.id)));
        }
        check_name(&en.name, &f("name"), MAX_NAME)?;
        check_name(&en.unit, &f("unit"), MAX_NAME)?;
        if en.members.len() > MAX_MEMBERS {
            return Err(ie(f("members"), format!("more than {MAX_MEMBERS} members")));
        }
        for (k, m) in en.members.iter().enumerate() {
            check_name(m, &f(&format!("members[{k}]")), MAX_NAME)?;
        }
    }
    let mut cids = HashSet::new();
    for (ci, c) in e.competitions.iter().enumerate() {
        let f = |x: &str| format!("competitions[{ci}].{x}");
        check_id(&c.id, &f("id"), 8)?;
        if !cids.insert(c.id.as_str()) {
            return Err(ie(f("id"), format!("{:?} appears twice", c.id)));
        }
        check_name(&c.name, &f("name"), MAX_NAME)?;
        check_name(&c.source, &f("source"), 200)?;
        if preset_ids(&c.game).is_empty() {
            return Err(ie(f("game"), format!("{:?} is not a game", c.game)));
        }
        if !preset_ids(&c.game).contains(&c.preset_id) {
            return Err(ie(f("preset_id"), format!("{:?} is not a built-in {} preset", c.preset_id, c.game)));
        }
        if c.legs == 0 || c.legs > 8 {
            return Err(ie(f("legs"), "must be 1–8"));
        }
        match c.format {
            Format::Knockout { best_of, long_best_of, .. } => {
                for (k, v) in [("best_of", best_of), ("long_best_of", long_best_of)] {
                    if v == 0 || v > 9 || v % 2 == 0 {
                        return Err(ie(f(&format!("format.{k}")), "an odd number 1–9"));
                    }
                }
            }
            Format::Groups { size } if !(2..=8).contains(&size) => {
                return Err(ie(f("format.size"), "must be 2–8"));
            }
            Format::RoundRobin { max_rounds: Some(0) } => return Err(ie(f("format.max_rounds"), "must be at least 1")),
            _ => {}
        }
        let mut seen = HashSet::new();
        for (k, id) in c.entrants.iter().enumerate() {
            if !ids.contains(id.as_str()) {
                return Err(ie(f(&format!("entrants[{k}]")), format!("no entrant {id:?} in the event")));
            }
            if !seen.insert(id.as_str()) {
                return Err(ie(f(&format!("entrants[{k}]")), format!("{id:?} appears twice")));
            }
        }
        let mut nums = HashSet::new();
        for (id, n) in &c.draw.numbers {
            if !seen.contains(id.as_str()) {
                return Err(ie(f(&format!("draw.numbers.{id}")), "not an entrant of this competition"));
            }
            if *n == 0 || !nums.insert(*n) {
                return Err(ie(f(&format!("draw.numbers.{id}")), format!("number {n} is 0 or given twice")));
            }
        }
        let mut fids: HashSet<&str> = HashSet::new();
        for (ri, r) in c.rounds.iter().enumerate() {
            for (fi, fx) in r.fixtures.iter().enumerate() {
                let ff = |x: &str| f(&format!("rounds[{ri}].fixtures[{fi}].{x}"));
                check_id(&fx.id, &ff("id"), 12)?;
                if fids.contains(fx.id.as_str()) {
                    return Err(ie(ff("id"), format!("{:?} appears twice", fx.id)));
                }
                if fx.sides.is_empty() || fx.sides.len() > 8 {
                    return Err(ie(ff("sides"), "1–8 sides"));
                }
                for (si, s) in fx.sides.iter().enumerate() {
                    match s {
                        Slot::Entrant { id } if !seen.contains(id.as_str()) => {
                            return Err(ie(
                                ff(&format!("sides[{si}]")),
                                format!("{id:?} is not an entrant of this competition"),
                            ))
                        }
                        Slot::Winner { fixture } if !fids.contains(fixture.as_str()) => {
                            return Err(ie(ff(&format!("sides[{si}]")), format!("no earlier fixture {fixture:?}")))
                        }
                        _ => {}
                    }
                }
                for (k, s) in fx.forfeits.iter().enumerate() {
                    if *s >= fx.sides.len() {
                        return Err(ie(ff(&format!("forfeits[{k}]")), "no such side"));
                    }
                }
                for (li, l) in fx.legs.iter().enumerate() {
                    if let Some(m) = &l.match_id {
                        check_id(m, &ff(&format!("legs[{li}].match_id")), 64)?;
                    }
                }
                fids.insert(fx.id.as_str());
            }
        }
    }
    for (i, c) in e.conflicts.iter().enumerate() {
        check_id(&c.match_id, &format!("conflicts[{i}].match_id"), 64)?;
    }
    Ok(())
}

/// A stored or exported event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredEvent {
    /// Schema version ([`EVENT_VERSION`]).
    pub schema_version: u32,
    /// Always [`APP_ID`].
    pub app: String,
    /// Always `"event"`.
    pub kind: String,
    /// The event.
    pub event: Event,
}

/// Serializes an event for localStorage (`referee.event.<id>`) or as an export file.
pub fn store_event(e: &Event) -> String {
    let s = StoredEvent { schema_version: EVENT_VERSION, app: APP_ID.into(), kind: "event".into(), event: e.clone() };
    crate::json::to_string(&s).expect("an event always serializes")
}

/// Reads a stored or exported event: size limit → JSON → `app` → version (a newer one is
/// refused: "update the app"; an older one migrated by [`EVENT_MIGRATIONS`]) → `kind` →
/// typed parse (errors carry the field path) → [`validate_event`]. Nothing changes on error.
pub fn load_event(text: &str) -> Result<Event, ImportError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(ie("", format!("the file is {} bytes; the limit is {MAX_IMPORT_BYTES} bytes", text.len())));
    }
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| ie("", format!("not valid JSON (line {}, column {}): {e}", e.line(), e.column())))?;
    if doc.get("app").and_then(Value::as_str) != Some(APP_ID) {
        return Err(ie("app", "missing or not \"referee\": this is not a 裁判助手 file"));
    }
    // Another kind of file (a match export has its own version numbers) is named as such
    // before its version is compared with the event schema's.
    if let Some(k) = doc.get("kind").and_then(Value::as_str).filter(|k| *k != "event") {
        return Err(ie("kind", format!("expected \"event\", found {k:?}")));
    }
    let doc = schema::migrate_with(doc, EVENT_VERSION, EVENT_MIGRATIONS)?;
    match doc.get("kind").and_then(Value::as_str) {
        Some("event") => {}
        Some(k) => return Err(ie("kind", format!("expected \"event\", found {k:?}"))),
        None => return Err(ie("kind", "missing")),
    }
    let s: StoredEvent = crate::json::from_value(&doc).map_err(|e| {
        let path = e.path().to_string();
        ie(if path == "." { String::new() } else { path }, e.into_inner().to_string())
    })?;
    validate_event(&s.event)
        .map_err(|e| ie(if e.field.is_empty() { "event".into() } else { format!("event.{}", e.field) }, e.reason))?;
    Ok(s.event)
}

#[cfg(test)]
mod tests;
