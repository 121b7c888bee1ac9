//! One 掼蛋 hand as entered: the finishing order ([`FinishOrder`]), the fouls called during it,
//! a forfeit, and the check of the entry ([`validate_hand`]).

use super::*;

/// The four seats from 头游 to 末游. Always a permutation of N, E, S, W: serde and
/// [`FinishOrder::new`] reject a repeated seat, so every `Hand` can be scored.
/// Serialized as an array, e.g. `["N", "E", "S", "W"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[Seat; 4]", into = "[Seat; 4]")]
pub struct FinishOrder([Seat; 4]);

/// Error: a finishing order names a seat twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepeatedSeat(pub Seat);

impl fmt::Display for RepeatedSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "finishing order names seat {:?} twice; it must list N, E, S, W once each", self.0)
    }
}

impl std::error::Error for RepeatedSeat {}

impl FinishOrder {
    /// Checks that `seats` names every seat once (头游 first).
    pub fn new(seats: [Seat; 4]) -> Result<FinishOrder, RepeatedSeat> {
        for i in 0..4 {
            if seats[..i].contains(&seats[i]) {
                return Err(RepeatedSeat(seats[i]));
            }
        }
        Ok(FinishOrder(seats))
    }
    /// The seats, 头游 first.
    pub fn seats(&self) -> [Seat; 4] {
        self.0
    }
    /// 头游.
    pub fn first(&self) -> Seat {
        self.0[0]
    }
    /// 末游.
    pub fn last(&self) -> Seat {
        self.0[3]
    }
    /// 1-based place (1 = 头游 … 4 = 末游) of `seat`.
    pub fn place(&self, seat: Seat) -> u8 {
        self.0.iter().position(|s| *s == seat).map_or(4, |i| i as u8 + 1)
    }
    /// The winning team (team of 头游).
    pub fn winners(&self) -> Team {
        self.first().team()
    }
    /// The winners' finish, by their partner's place.
    pub fn finish(&self) -> Finish {
        Finish::from_partner_place(self.place(self.first().partner()))
    }
}

impl TryFrom<[Seat; 4]> for FinishOrder {
    type Error = RepeatedSeat;
    fn try_from(seats: [Seat; 4]) -> Result<Self, Self::Error> {
        FinishOrder::new(seats)
    }
}

impl From<FinishOrder> for [Seat; 4] {
    fn from(o: FinishOrder) -> [Seat; 4] {
        o.0
    }
}

/// The kind of a foul called during a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FoulKind {
    /// 越序出牌 — a card played out of turn reached the table.
    OutOfTurn,
    /// 警告 — e.g. a gesture of playing out of turn; [`FoulRules::warnings_per_foul`] of
    /// them within one hand make one out-of-turn foul.
    Warning,
    /// 暴露牌张 — exposed card (no level effect; recorded only).
    ExposedCard,
    /// Anything else the referee wants in the log (no level effect).
    Other,
}

/// A foul called during a hand. `team` is the team that committed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Foul {
    /// The offending team.
    pub team: Team,
    /// What happened.
    pub kind: FoulKind,
    /// The offending player, if recorded (must belong to `team`, see [`validate_hand`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// Free text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One hand as the referee enters it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hand {
    /// Finishing order, 头游 → 末游.
    pub order: FinishOrder,
    /// Fouls called during the hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fouls: Vec<Foul>,
    /// The tribute paid before this hand was played (due from the previous hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tribute: Option<TributeRecord>,
    /// A forfeit (弃权) recorded instead of a played hand: the game/round goes to the other
    /// team and `order` is not scored (by convention the winners' seats come first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
}

impl Hand {
    /// A hand with this finishing order and nothing else.
    pub fn new(order: FinishOrder) -> Hand {
        Hand { order, fouls: Vec::new(), tribute: None, forfeit: None }
    }
}

/// Why a team forfeits (RULES.md §2 "late arrival / forfeit"; 004 第一篇, 第三篇 §二(六)4:
/// 迟到10分钟作本轮弃权论处; 000 §四: 弃权 18:0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitReason {
    /// Arrived late by at least [`MatchFormat::late_forfeit_minutes`].
    Late,
    /// Did not appear.
    Absent,
    /// Left or refused to go on during the game.
    Withdrew,
    /// Any other referee decision (e.g. disqualification).
    Other,
}

/// A forfeit: `team` loses the game/round without (further) play.
///
/// Effect in [`apply`]: the other team wins the game (as if it had passed A, so round scores
/// give it [`RoundScoring::pass_base`] + level difference — a *reading*, the seeds are
/// silent); with per-deal points and [`MatchFormat::forfeit_score`] the round's points
/// become that score, winner first (18:0, 000 §四). Levels do not move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forfeit {
    /// The team that forfeits.
    pub team: Team,
    /// Why.
    pub reason: ForfeitReason,
    /// Minutes late (for [`ForfeitReason::Late`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes_late: Option<u32>,
}

/// A problem in a hand record other than its tribute (see [`validate_hand`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum HandError {
    /// A foul's `seat` belongs to the other team than its `team`.
    FoulSeatNotInTeam {
        /// Index of the foul in `Hand::fouls`.
        foul: usize,
        /// The seat given.
        seat: Seat,
        /// The team given.
        team: Team,
    },
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::FoulSeatNotInTeam { foul, seat, team } => {
                write!(f, "foul #{}: seat {seat:?} is not in team {team:?}", foul + 1)
            }
        }
    }
}

/// Checks a hand's fouls (the finishing order is already valid by construction).
/// The tribute is checked against the previous hand by [`validate_tribute`].
pub fn validate_hand(hand: &Hand) -> Result<(), Vec<HandError>> {
    let errors: Vec<HandError> = hand
        .fouls
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match f.seat {
            Some(seat) if seat.team() != f.team => Some(HandError::FoulSeatNotInTeam { foul: i, seat, team: f.team }),
            _ => None,
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
