//! The pure rules core: no web imports, tested natively with `cargo test`.
//!
//! One module per game family of `shared/RULES.md`; presets are serde data, never
//! `if preset == …`. Shared vocabulary (teams, seats, the 2…A rank ladder) lives here.

pub mod doudizhu;
pub mod guandan;
pub mod rank;
pub mod renju;
pub mod ruling;
pub mod sandayi;
pub mod session;
pub mod shengji;

pub use rank::Rank;

use serde::{Deserialize, Serialize};

/// A typed step or error as data for a renderer: the key of its template in the UI's
/// string table (`src/i18n/strings.tsv`, `{slot}` placeholders) and the value of each slot.
/// The engines build these from their own enums ([`guandan::Step`], [`doudizhu::Reason`]
/// …); `src/i18n` renders them in the UI language, so no engine writes a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Msg {
    /// Template key, e.g. `ddz.why.bid_not_higher`.
    pub key: &'static str,
    /// `(slot, value)` for every `{slot}` of the template.
    pub args: Vec<(&'static str, Arg)>,
}

/// One value of a [`Msg`] slot; the renderer decides how it reads in each language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Arg {
    /// A number as it is.
    Num(i64),
    /// A signed amount with a real minus sign (`+24`, `−12`, `0`).
    Signed(i64),
    /// A list of numbers, `[1, 2, 3]`.
    Nums(Vec<i64>),
    /// A seat, by its name.
    Seat(Seat),
    /// Seats, by their names.
    Seats(Vec<Seat>),
    /// A team: its name when the renderer knows the match's names, else `A` / `B`.
    Team(Team),
    /// A level / card rank (`10`, `A`).
    Rank(Rank),
    /// A player (0-based index): the name when the renderer knows the names, else the index.
    Player(usize),
    /// A citation of a seed document's section (`004 第一篇 §五`).
    Cite(String),
    /// Another string of the table, by key (a finish name, a verdict).
    Key(&'static str),
    /// A game, by its id (`guandan`): its name in the UI language.
    Game(&'static str),
    /// A declaring show code of a preset's order (RULES.md §1.2: `BJ2`, `SJ1`, `pair:H`, a
    /// level card `single:S`): its name in the UI language (大王对, ♥ 红心 对), as the
    /// declaring panel names it; a code the table does not know is shown as it is.
    Show(String),
    /// Text shown as it is (a point `h8`).
    Text(String),
    /// A library's own words (serde's message for a value that does not read), written in
    /// English: shown in the UI language where its wording is known
    /// (`src/i18n/library_words.rs`), else as written.
    Detail(String),
    /// A field path of an input (`hand.points`, `penalties[0].kind`): in words when the
    /// string table names it (`field.<path without indices>`), else as it is.
    Field(String),
    /// A nested message.
    Msg(Box<Msg>),
}

impl Msg {
    /// A message with these slots.
    pub fn new(key: &'static str, args: Vec<(&'static str, Arg)>) -> Msg {
        Msg { key, args }
    }
}

/// Shown where no renderer is at hand (logs, `Display` of an error): the key and its slots,
/// e.g. `ddz.why.bid_not_in(bid=9, values=[1, 2, 3])`.
impl std::fmt::Display for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key)?;
        if self.args.is_empty() {
            return Ok(());
        }
        let args: Vec<String> = self
            .args
            .iter()
            .map(|(k, v)| match v {
                Arg::Num(n) | Arg::Signed(n) => format!("{k}={n}"),
                Arg::Player(n) => format!("{k}={n}"),
                Arg::Nums(v) => format!("{k}={v:?}"),
                Arg::Seat(s) => format!("{k}={s:?}"),
                Arg::Seats(v) => format!("{k}={v:?}"),
                Arg::Team(t) => format!("{k}={t:?}"),
                Arg::Rank(r) => format!("{k}={r}"),
                Arg::Cite(c) | Arg::Text(c) | Arg::Detail(c) | Arg::Field(c) | Arg::Show(c) => format!("{k}={c}"),
                Arg::Key(c) | Arg::Game(c) => format!("{k}={c}"),
                Arg::Msg(m) => format!("{k}={m}"),
            })
            .collect();
        write!(f, "({})", args.join(", "))
    }
}

/// A partnership. `A` sits North/South (南北), `B` East/West (东西) — RULES.md §1 "Terms".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Team {
    A,
    B,
}

impl Team {
    /// The other partnership.
    pub fn other(self) -> Team {
        match self {
            Team::A => Team::B,
            Team::B => Team::A,
        }
    }
    /// Both teams, `A` first.
    pub const BOTH: [Team; 2] = [Team::A, Team::B];
}

/// A seat at a four-player table. Play (and the deal) moves counter-clockwise (逆时针):
/// N → W → S → E → N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    N,
    E,
    S,
    W,
}

impl Seat {
    /// All four seats in counter-clockwise order starting at North.
    pub const CCW: [Seat; 4] = [Seat::N, Seat::W, Seat::S, Seat::E];

    /// The partnership this seat belongs to (N/S → A, E/W → B).
    pub fn team(self) -> Team {
        match self {
            Seat::N | Seat::S => Team::A,
            Seat::E | Seat::W => Team::B,
        }
    }
    /// The next seat counter-clockwise (逆时针): N → W → S → E → N.
    pub fn next_ccw(self) -> Seat {
        match self {
            Seat::N => Seat::W,
            Seat::W => Seat::S,
            Seat::S => Seat::E,
            Seat::E => Seat::N,
        }
    }
    /// The partner's seat (across the table).
    pub fn partner(self) -> Seat {
        match self {
            Seat::N => Seat::S,
            Seat::S => Seat::N,
            Seat::E => Seat::W,
            Seat::W => Seat::E,
        }
    }
    /// Parses `"N"`, `"E"`, `"S"`, `"W"`.
    pub fn parse(s: &str) -> Option<Seat> {
        match s {
            "N" => Some(Seat::N),
            "E" => Some(Seat::E),
            "S" => Some(Seat::S),
            "W" => Some(Seat::W),
            _ => None,
        }
    }
}

/// A referee's ruling on a team (RULES.md §0 **[r2]**), replayed in order with the hands;
/// warnings, lateness and disqualification are counted by [`ruling::Register`]. Serialized with its `kind`, as the conformance format writes it:
/// `{"kind": "game_lost", "team": "A"}`, `{"kind": "level_penalty", "team": "B", "levels": 1}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ruling {
    /// 罚级 (002 §三2, 004 第三篇 §五2(1)): `team`'s level goes down by `levels` (1 or more),
    /// never below 2 *(reading: "罚级" = the offender loses levels)*.
    LevelPenalty {
        /// The offending team.
        team: Team,
        /// Levels taken off.
        levels: u32,
    },
    /// 判负 / 出局 (000 §一(四)2, §一(五)4; 002 §二6, §三2): the current game ends at once and
    /// `team`'s opponents win it.
    GameLost {
        /// The team that loses the game.
        team: Team,
    },
    /// 警告: counted per team and rule for the match; the preset's [`ruling::WarningRule`]s
    /// turn the Nth into its penalty or foul (002 §一5, 004 第一篇 §六2).
    Warning {
        /// The team warned.
        team: Team,
    },
    /// 迟到: lateness in minutes; at the preset's limit the round is forfeited (004 §(六): 10).
    Late {
        /// The late team.
        team: Team,
        /// Minutes late.
        minutes: u32,
    },
    /// 取消比赛资格 (004 第三篇 §五2(1), §六4): this match and the entrant's remaining
    /// fixtures of the event are forfeited; results already played stay.
    Disqualified {
        /// The team disqualified.
        team: Team,
    },
}

impl Ruling {
    /// The team the ruling is made against.
    pub fn team(self) -> Team {
        match self {
            Ruling::LevelPenalty { team, .. }
            | Ruling::GameLost { team }
            | Ruling::Warning { team }
            | Ruling::Late { team, .. }
            | Ruling::Disqualified { team } => team,
        }
    }
}

/// Why a ruling cannot be applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum RulingError {
    /// The game was already won by `winner`: no ruling changes it (an appeal does).
    GameOver {
        /// The team that won the game.
        winner: Team,
    },
    /// A level penalty of 0 levels.
    NoLevels,
    /// The preset plays a fixed level (per-deal points): there is no level to take off.
    FixedLevel,
}

impl std::fmt::Display for RulingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulingError::GameOver { winner } => write!(f, "the game is over: team {winner:?} won it"),
            RulingError::NoLevels => f.write_str("a level penalty takes off at least 1 level"),
            RulingError::FixedLevel => f.write_str("this preset plays a fixed level: no level to take off"),
        }
    }
}

impl std::error::Error for RulingError {}

impl RulingError {
    /// The error typed, for the UI to render in its language (keys `err.why.ruling_*`); its
    /// `Display` is the same reason in plain English (logs, exports).
    pub fn msg(&self) -> Msg {
        match self {
            RulingError::GameOver { winner } => {
                Msg::new("err.why.ruling_game_over", vec![("team", Arg::Team(*winner))])
            }
            RulingError::NoLevels => Msg::new("err.why.ruling_no_levels", vec![]),
            RulingError::FixedLevel => Msg::new("err.why.ruling_fixed_level", vec![]),
        }
    }
}

/// How equal levels are decided when a game's time limit is reached (RULES.md §1 "Leading
/// team", §2 `guandan-knockout-60` **[r2]**). Serialized in snake case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeTie {
    /// The team that is declarer (台上) wins *(reading of revision 1, kept as the default)*.
    #[default]
    Declarer,
    /// The team that is not declaring (在台下) wins (004 第五篇 「打到相同数字的在台下为胜」).
    NotDeclarer,
    /// One more hand is played (001 青浦, *reading*; never the declarer by default **[r2]**).
    OneMoreHand,
}

impl TimeTie {
    /// Whether this is the default, [`TimeTie::Declarer`] (not written in stored presets).
    pub fn is_declarer(&self) -> bool {
        *self == TimeTie::Declarer
    }
}

/// The verdict when a game's time limit is reached: a team wins, or one more hand is played.
/// Serialized as `"A"`, `"B"` or `"one_more_hand"` (the conformance `time_verdict`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeVerdict {
    /// This team wins the game.
    Winner(Team),
    /// Equal levels: one more hand decides.
    OneMoreHand,
}

impl TimeVerdict {
    /// The verdict at `levels` (A's, B's) with `declarer` the team declaring now (`None`
    /// before the first hand): the higher level wins; equal levels are decided by `tie`.
    pub fn at(levels: (Rank, Rank), declarer: Option<Team>, tie: TimeTie) -> TimeVerdict {
        let (a, b) = levels;
        if a != b {
            return TimeVerdict::Winner(if a > b { Team::A } else { Team::B });
        }
        match (tie, declarer) {
            (TimeTie::Declarer, Some(d)) => TimeVerdict::Winner(d),
            (TimeTie::NotDeclarer, Some(d)) => TimeVerdict::Winner(d.other()),
            _ => TimeVerdict::OneMoreHand,
        }
    }
    /// The winning team, if the verdict names one.
    pub fn winner(self) -> Option<Team> {
        match self {
            TimeVerdict::Winner(t) => Some(t),
            TimeVerdict::OneMoreHand => None,
        }
    }
}

impl Serialize for TimeVerdict {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            TimeVerdict::Winner(t) => t.serialize(s),
            TimeVerdict::OneMoreHand => s.serialize_str("one_more_hand"),
        }
    }
}

impl<'de> Deserialize<'de> for TimeVerdict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        match s.as_str() {
            "A" => Ok(TimeVerdict::Winner(Team::A)),
            "B" => Ok(TimeVerdict::Winner(Team::B)),
            "one_more_hand" => Ok(TimeVerdict::OneMoreHand),
            other => Err(serde::de::Error::custom(format!(
                "{other:?} is not a time verdict (\"A\", \"B\" or \"one_more_hand\")"
            ))),
        }
    }
}

/// A team match of several games of levels (南通 team event, RULES.md §1.4 **[r2]**): every
/// game is played, each game won scores `win`, lost `loss`, forfeited `forfeit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// Minutes for the whole team match (90); at the end the game in progress goes to the
    /// team leading it *(reading of 「三局未打完按领先队获胜」)*.
    pub minutes: u32,
    /// Games played, all of them (「打满三局」: 3, not best of 3).
    pub games: u32,
    /// Points for a game won (2).
    pub win: u32,
    /// Points for a game lost (1).
    pub loss: u32,
    /// Points for a game forfeited (0).
    pub forfeit: u32,
}

/// One game of a team match as it scores (RULES.md §1.4 **[r2]**): a game played (won or
/// not decided yet) or a forfeit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamGame {
    /// The team that won it (a forfeit: the other team); `None` while not decided.
    pub winner: Option<Team>,
    /// The team that forfeited it (「弃权」), when it is a forfeit.
    pub forfeited_by: Option<Team>,
    /// Each team's points for it: [`TeamMatch::win`] / [`TeamMatch::loss`] for a game
    /// played, [`TeamMatch::forfeit`] / [`TeamMatch::win`] for a forfeit, 0 each while not
    /// decided.
    pub points: std::collections::BTreeMap<Team, u32>,
}

impl TeamMatch {
    /// The games of the match as they score, in order: the games played so far from their
    /// `winners` (`None`: not decided yet), or, when `forfeit` is `Some((team, from))` —
    /// the match forfeited by `team` from game `from` (0-based) on — the games before
    /// `from` as played and every game from `from` to [`TeamMatch::games`] a forfeit.
    pub fn scored_games(&self, winners: &[Option<Team>], forfeit: Option<(Team, usize)>) -> Vec<TeamGame> {
        let two = |w: u32, l: u32, winner: Team| -> std::collections::BTreeMap<Team, u32> {
            [(winner, w), (winner.other(), l)].into_iter().collect()
        };
        let played = forfeit.map_or(winners.len(), |(_, from)| from.min(winners.len()));
        let mut out: Vec<TeamGame> = winners[..played]
            .iter()
            .map(|w| TeamGame {
                winner: *w,
                forfeited_by: None,
                points: match w {
                    Some(t) => two(self.win, self.loss, *t),
                    None => two(0, 0, Team::A),
                },
            })
            .collect();
        if let Some((team, from)) = forfeit {
            out.extend((0..self.forfeited_games(from)).map(|_| TeamGame {
                winner: Some(team.other()),
                forfeited_by: Some(team),
                points: two(self.win, self.forfeit, team.other()),
            }));
        }
        out
    }
    /// Each team's points over `games` ([`TeamMatch::scored_games`]).
    pub fn total(games: &[TeamGame]) -> std::collections::BTreeMap<Team, u32> {
        let mut pts: std::collections::BTreeMap<Team, u32> = Team::BOTH.iter().map(|t| (*t, 0)).collect();
        for g in games {
            for (t, p) in &g.points {
                *pts.entry(*t).or_default() += p;
            }
        }
        pts
    }
    /// Each team's points from the winners of the games played so far, in order (a `None`
    /// game is not decided yet and scores nothing).
    pub fn points(&self, winners: &[Option<Team>]) -> std::collections::BTreeMap<Team, u32> {
        Self::total(&self.scored_games(winners, None))
    }
    /// [`TeamMatch::points`] of a match forfeited by `team` from game `from` (0-based) on
    /// (RULES.md §1.4 **[r2]** 「弃权零分」, §0: a disqualification or lateness at the limit
    /// forfeits the match, the results played stay): the games before `from` count as
    /// played; that game and every later one of the `games` is a forfeit — `forfeit` points
    /// to `team`, `win` to the other.
    pub fn points_forfeited(
        &self,
        winners: &[Option<Team>],
        team: Team,
        from: usize,
    ) -> std::collections::BTreeMap<Team, u32> {
        Self::total(&self.scored_games(winners, Some((team, from))))
    }
    /// How many of the match's games are forfeits when it is forfeited from game `from`.
    pub fn forfeited_games(&self, from: usize) -> u32 {
        (self.games as usize).saturating_sub(from) as u32
    }
}
