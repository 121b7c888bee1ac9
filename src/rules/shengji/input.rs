//! What the referee enters for one 升级 hand ([`Hand`]): the attackers' points, kitty, penalties,
//! shows of the declaring sequence; and the input error ([`InputError`]) naming the field.

use super::*;

/// The largest unit of the last trick won by the attackers (抠底), RULES.md §1
/// "Kitty multiplier". A throw (甩牌) counts its largest unit.
/// Serialized as `"single"`, `"pair"`, `"tractor2"`, `"tractor3"`, ….
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// 单张.
    Single,
    /// 对子.
    Pair,
    /// 拖拉机 of `n` ≥ 2 consecutive pairs.
    Tractor(u8),
}

impl Unit {
    /// Parses `single`, `pair`, `tractorN` (N ≥ 2).
    pub fn parse(s: &str) -> Option<Unit> {
        match s {
            "single" => Some(Unit::Single),
            "pair" => Some(Unit::Pair),
            _ => {
                let n: u8 = s.strip_prefix("tractor")?.parse().ok()?;
                (2..=26).contains(&n).then_some(Unit::Tractor(n))
            }
        }
    }
    /// The serialized code (`single`, `pair`, `tractorN`).
    pub fn code(self) -> String {
        match self {
            Unit::Single => "single".into(),
            Unit::Pair => "pair".into(),
            Unit::Tractor(n) => format!("tractor{n}"),
        }
    }
}

impl Serialize for Unit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}
impl<'de> Deserialize<'de> for Unit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unit, D::Error> {
        let s = String::deserialize(d)?;
        Unit::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown kitty unit {s:?}: expected single, pair or tractorN (N ≥ 2)"))
        })
    }
}

/// The attackers won the last trick (抠底): the kitty's points and the trick's largest unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kitty {
    /// Points in the kitty (底牌), 0–200 in steps of 5.
    pub points: i32,
    /// Largest unit of the last trick.
    pub unit: Unit,
}

/// Which J won the last trick when the declarer plays J (J rule, 000 §一(二)2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JackSuit {
    /// 正J — a J of the trump suit.
    Trump,
    /// 副J — an off-suit J.
    Offsuit,
}

/// One penalty entry (RULES.md §1.1): team, seat, kind, card count, trick number, note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Penalty {
    /// The offending team.
    pub team: Team,
    /// A `kind` of the preset's penalty table (`failed_throw`, `wrong_card`, …).
    pub kind: String,
    /// Cards involved (or players, for `card_count`), ≥ 1. Default 1.
    #[serde(default = "one")]
    pub cards: u32,
    /// For per-unit penalties (双升 `failed_throw`): the failed unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Unit>,
    /// Points decided by the referee, for kinds whose amount is the referee's (`signalling`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// The offending seat, if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// Trick number (1-based), if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick: Option<u32>,
    /// Free note.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

fn one() -> u32 {
    1
}

/// One show in the declaring / frying sequence (亮主 / 反主 / 炒底), RULES.md §1.2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Show {
    /// Who showed.
    pub seat: Seat,
    /// What was shown: a code of the preset's [`Declaring::order`] (e.g. `pair:S`, `BJ2`).
    pub what: String,
    /// Whether a (re-)bury followed this show (restarts the bury clock).
    #[serde(default)]
    pub rebury: bool,
    /// **[r2]** 越区亮牌 (003 §三8): the referee ruled this show out of its turn. It stays in
    /// the sequence as shown (*reading*: the referee removes it if it is taken back), and its
    /// player loses the right to declare again on this board: a later show of the same seat is
    /// refused ([`Why::OutOfTurnBarred`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub out_of_turn: bool,
}

/// Everything the referee enters for one hand. Only `points` is required.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// The attackers' trick points, kitty excluded: 0–200 in steps of 5.
    pub points: i32,
    /// Present when the attackers 抠底.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kitty: Option<Kitty>,
    /// The J that won the last trick while the declarer plays J (J rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kitty_jack: Option<JackSuit>,
    /// Penalties of this hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<Penalty>,
    /// The declaring/frying sequence, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declaring: Vec<Show>,
    /// Trump suit finally played: `S`, `H`, `C`, `D`, or `NT` (no trump).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<String>,
    /// The declaring seat finally, when it differs from the scheduled dealer (炒底 / 反主).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer_seat: Option<Seat>,
}

/// A problem with one input field. `field` is a path such as `hands[3].points`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputError {
    /// Where: the field path.
    pub field: String,
    /// What is wrong, in plain words.
    pub reason: String,
    /// The same reason typed, when the engine gives one: the UI renders it in its language
    /// instead of `reason` (not serialized).
    #[serde(skip)]
    pub msg: Option<crate::rules::Msg>,
}

impl InputError {
    /// An error on `field` whose reason is the typed `msg` (`reason` is its key and slots).
    pub fn typed(field: impl Into<String>, msg: crate::rules::Msg) -> InputError {
        InputError { field: field.into(), reason: msg.to_string(), msg: Some(msg) }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

impl std::error::Error for InputError {}

/// Why a 升级 hand's input (or the preset's level table) cannot count: the engine's errors
/// typed, rendered by the UI in its language ([`Why::msg`], keys `sj.why.*`), with plain
/// English words for logs and exports ([`Why::words`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// A show code the preset's declaring order does not know.
    NotAShow {
        /// The code entered.
        what: String,
    },
    /// A show the preset does not allow to open the declaring.
    NotFirst {
        /// The code entered.
        what: String,
    },
    /// A show that does not beat the one standing (a strictly higher class is needed).
    DoesNotBeat {
        /// The code entered.
        what: String,
        /// The show it had to beat.
        standing: String,
    },
    /// A show by a seat that lost its right to declare on this board by an earlier show out
    /// of its turn (越区亮牌, 003 §三8).
    OutOfTurnBarred {
        /// The barred seat.
        seat: Seat,
        /// The code entered.
        what: String,
    },
    /// Trick points outside 0–200 or not a multiple of 5.
    Points {
        /// The points entered.
        points: i32,
    },
    /// Kitty points outside 0–200 or not a multiple of 5.
    KittyPoints {
        /// The points entered.
        points: i32,
    },
    /// A J 抠底 recorded without the 抠底 itself.
    JackNeedsKitty,
    /// A penalty kind the preset's table does not have.
    NotAPenalty {
        /// The kind entered.
        kind: String,
        /// The preset's id.
        preset: String,
    },
    /// A card count outside 1–54.
    CardCount {
        /// The count entered.
        cards: u32,
    },
    /// A penalty whose amount is the referee's, given without points.
    RefereePoints,
    /// A penalty kind that loses the game (`Amount::GameLost`): a ruling, not a hand's points.
    GameLostKind {
        /// The kind entered.
        kind: String,
    },
    /// Penalty points outside 0–400.
    PenaltyPoints {
        /// The points entered.
        points: i32,
    },
    /// A hand after the match was won.
    MatchOver {
        /// The team that won it.
        winner: Team,
    },
    /// The first declarer is open (RULES.md §1 [r2]) and no seat was named.
    DeclarerOpen,
    /// No band of the level table contains the score (a preset error).
    NoBand {
        /// The score looked up.
        score: i32,
    },
}

impl Why {
    /// The typed message: key `sj.why.<name>` and its slots.
    pub fn msg(&self) -> crate::rules::Msg {
        use crate::rules::{Arg, Msg};
        let text = |s: &str| Arg::Text(s.to_string());
        let show = |s: &str| Arg::Show(s.to_string());
        match self {
            Why::NotAShow { what } => Msg::new("sj.why.not_a_show", vec![("what", text(what))]),
            Why::NotFirst { what } => Msg::new("sj.why.not_first", vec![("what", show(what))]),
            Why::DoesNotBeat { what, standing } => {
                Msg::new("sj.why.does_not_beat", vec![("what", show(what)), ("standing", show(standing))])
            }
            Why::OutOfTurnBarred { seat, what } => {
                Msg::new("sj.why.out_of_turn_barred", vec![("seat", Arg::Seat(*seat)), ("what", show(what))])
            }
            Why::Points { points } => Msg::new("sj.why.points", vec![("points", Arg::Num(*points as i64))]),
            Why::KittyPoints { points } => Msg::new("sj.why.kitty_points", vec![("points", Arg::Num(*points as i64))]),
            Why::JackNeedsKitty => Msg::new("sj.why.jack_needs_kitty", vec![]),
            Why::NotAPenalty { kind, preset } => {
                Msg::new("sj.why.not_a_penalty", vec![("kind", text(kind)), ("preset", text(preset))])
            }
            Why::CardCount { cards } => Msg::new("sj.why.card_count", vec![("cards", Arg::Num(*cards as i64))]),
            Why::RefereePoints => Msg::new("sj.why.referee_points", vec![]),
            Why::GameLostKind { kind } => Msg::new("sj.why.game_lost_kind", vec![("kind", text(kind))]),
            Why::PenaltyPoints { points } => {
                Msg::new("sj.why.penalty_points", vec![("points", Arg::Num(*points as i64))])
            }
            Why::MatchOver { winner } => Msg::new("sj.why.match_over", vec![("team", Arg::Team(*winner))]),
            Why::DeclarerOpen => Msg::new("sj.why.declarer_open", vec![]),
            Why::NoBand { score } => Msg::new("sj.why.no_band", vec![("score", Arg::Num(*score as i64))]),
        }
    }
    /// The reason in plain English words (an export's or a log's `reason`).
    pub fn words(&self) -> String {
        match self {
            Why::NotAShow { what } => format!("{what:?} is not a show of this preset"),
            Why::NotFirst { what } => format!("{what} may not be the first show"),
            Why::DoesNotBeat { what, standing } => format!("{what} does not beat the standing show {standing}"),
            Why::OutOfTurnBarred { seat, what } => {
                format!("{seat:?} showed out of turn earlier on this board and may not declare again ({what})")
            }
            Why::Points { points } => format!("{points} is not a score 0–200 in steps of 5"),
            Why::KittyPoints { points } => format!("{points} is not 0–200 in steps of 5"),
            Why::JackNeedsKitty => "a J 抠底 needs the 抠底 (kitty) itself".into(),
            Why::NotAPenalty { kind, preset } => format!("{kind:?} is not a penalty of preset {preset}"),
            Why::CardCount { cards } => format!("{cards} is not a card count 1–54"),
            Why::RefereePoints => "the referee must give the points for this kind".into(),
            Why::GameLostKind { kind } => {
                format!("{kind:?} loses the game: record it as a game_lost ruling, not as points")
            }
            Why::PenaltyPoints { points } => format!("{points} is not 0–400"),
            Why::MatchOver { winner } => format!("the match is over: team {winner:?} won it"),
            Why::DeclarerOpen => "the first declarer is open: name the seat whose show stood".into(),
            Why::NoBand { score } => format!("no band of the level table contains score {score}"),
        }
    }
}

/// An error on `field` (a path relative to the hand), typed: `reason` is [`Why::words`],
/// `msg` [`Why::msg`].
pub(super) fn err(field: impl Into<String>, why: Why) -> InputError {
    InputError { field: field.into(), reason: why.words(), msg: Some(why.msg()) }
}
