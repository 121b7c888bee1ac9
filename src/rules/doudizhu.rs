//! 斗地主 — game id `doudizhu`, preset `jiankang-doudizhu` (RULES.md §3; seed 000 §二).
//!
//! Read next to RULES.md §3, top to bottom:
//!
//! 1. **叫分** (000 §二(二)): each player bids once, in turn, 1 / 2 / 3 分 or passes, each bid
//!    higher than the last; a 3 ends the bidding at once; the highest bidder is 地主; if
//!    everybody passes the cards are dealt again ([`check_bidding`], [`Hand::is_redeal`]).
//! 2. **底分** = the bid (000 §二(八) "底分：叫牌的分数"), times the session's 底注
//!    ([`Preset::stake`], 1 unless a referee changes it).
//! 3. **倍数** starts at 1 and doubles for every bomb and rocket *played* (kept in hand does
//!    not count); 春天 (farmers played no card) ×2; 反春 (the landlord played only his first
//!    hand) ×2 ([`multiplier`]).
//! 4. **结算** (000 §二(八)): landlord wins → 地主 `+2 × 底分 × 倍数`, each farmer
//!    `−底分 × 倍数`; landlord loses → the reverse ([`score_hand`]). Every hand sums to zero.
//! 5. **赛制** (000 §二(九)(十)): 3 tables in rotation, 30 minutes each; ranking by total, the
//!    higher score goes through, a tie at the top → play-off hands ([`rank_session`]).
//!
//! Players are indices into the session's player list (names live in the match record).
//! Scores are whole points (`i64`). All parameters are preset data ([`Preset`]); nothing here
//! tests a preset id.
//!
//! The bidding check, [`Call`], [`RuleError`], [`Reading`], [`SessionRules`] and the session
//! ranking are shared with 欢乐三打一 (`super::sandayi`), whose bidding has the same shape.

use super::{Arg, Msg};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

// ---------------------------------------------------------------------------------------
// Shared vocabulary (also used by 三打一)
// ---------------------------------------------------------------------------------------

/// A rule violation in the *input* (not a scoring violation): which hand (0-based index into
/// the hand list, `None` for a preset or session problem), which field (a path such as
/// `bids[2]` or `landlord`, player indices 0-based) and why ([`Reason`], rendered by
/// `src/i18n`: `hands[1].tanda: 摊打只能在头撂之后选择`).
///
/// Displays as `hands[1].tanda: ddz.why.tanda_needs_toulia`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleError {
    /// 0-based index of the offending hand, if the error concerns one hand.
    pub hand: Option<usize>,
    /// The field at fault, e.g. `bid`, `bids[3]`, `bombs[0]`, `preset.landlord_share`.
    pub field: String,
    /// What is wrong, with the numbers involved.
    pub reason: Reason,
}

/// Why an input breaks a rule of 斗地主 or 三打一 (player indices 0-based). Each reads
/// through its string-table key (`ddz.why.*`) in the UI language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Reason {
    /// The bid list has not one call per player.
    BidsLen { players: usize, got: usize },
    /// A player index outside `0..players`.
    PlayerOutOfRange { player: usize, players: usize },
    /// The first bidder is outside `0..players`.
    FirstBidderOutOfRange { players: usize },
    /// No players at all.
    NoPlayers,
    /// No first bidder recorded and none fits; the reason when player 0 starts.
    NoStartFits { from_0: Box<Reason> },
    /// A call recorded after the top bid ended the bidding.
    CalledAfterTop { top: u8 },
    /// A player left out (`null`) before the bidding ended.
    MissingBeforeEnd { top: u8 },
    /// A bid that is not one of the allowed values.
    BidNotAllowed { bid: u8, values: Vec<u8> },
    /// A bid not higher than the one before it.
    BidNotHigher { bid: u8, high: u8 },
    /// Everybody passed, yet a landlord is recorded (斗地主: redeal).
    AllPassedNoLandlord,
    /// Nobody bid, yet a landlord is recorded (三打一: the next deal is 荒番).
    NobodyBidNoLandlord,
    /// The highest bidder should be the landlord.
    HighestShouldBeLandlord { player: usize, unit: Unit },
    /// The landlord is not the last (highest) bidder.
    LandlordNotHighest { player: usize, got: usize, unit: Unit },
    /// The 斗地主 bid is not the highest bid.
    BidNotTop { top: u8, bid: u8 },
    /// The 三打一 档数 is not what the landlord bid.
    UnitsNotBid { top: u8, bid: u8 },
    /// The hand's bid is not one of the allowed values.
    HandBidNotAllowed { bid: u8, values: Vec<u8> },
    /// More bombs than one deal holds.
    TooManyBombs { max: u32, got: u32 },
    /// More rockets than one deal holds.
    TooManyRockets { max: u32, got: u32 },
    /// 春天 and 反春 together.
    SpringAndAntiSpring,
    /// 春天 with the landlord losing.
    SpringNeedsWin,
    /// 反春 with the landlord winning.
    AntiSpringNeedsLoss,
    /// The landlord won, but another player went out first.
    WentOutNotLandlord { landlord: usize, got: usize },
    /// The landlord lost, but is recorded as going out first.
    WentOutLandlord { got: usize },
    /// A redeal / void deal with something played.
    NothingPlayed { unit: Unit },
    /// A void deal with bombs.
    VoidNoBombs,
    /// The bombs list has not one entry per player.
    BombsLen { players: usize, got: usize },
    /// 头撂 recorded, but the first bidder did not open with the top bid.
    NotToulia { top: u8, first: usize },
    /// The first bidder opened with the top bid, but 头撂 is not recorded.
    IsToulia { top: u8, first: usize },
    /// 摊打 chosen without 头撂.
    TandaNeedsToulia,
    /// The previous deal was void: this one must be 荒番.
    MustBeHuangfan,
    /// The previous deal had a landlord: this one is not 荒番.
    NotHuangfan,
    /// A preset with fewer than 2 players.
    TooFewPlayers,
    /// A preset number below 1.
    AtLeastOne { got: i64 },
    /// Preset bids not ascending positive numbers.
    BidValuesNotAscending { values: Vec<u8> },
    /// 头撂's bid is not one of the allowed bids.
    TouliaBidNotAllowed { bid: u8, values: Vec<u8> },
    /// The landlord's share is not the number of farmers.
    ShareNotFarmers { farmers: usize, got: i64 },
    /// The session has another number of players than the preset.
    WrongPlayers { need: usize, got: usize },
    /// A multiplier power that overflows.
    PowerOverflow { factor: i64, count: u32 },
    /// A score that overflows.
    ScoreOverflow,
    /// A total that overflows.
    TotalOverflow,
    /// A hand of another game in this match.
    WrongGame { game: &'static str },
}

/// The unit a bid counts in: 分 (斗地主) or 档 (三打一).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// 分.
    Fen,
    /// 档.
    Dang,
}

impl Reason {
    /// The reason as a template key and its slots, for `src/i18n`.
    pub fn msg(&self) -> Msg {
        use Arg::{Nums, Player as P};
        let num = |v: i64| Arg::Num(v);
        let list = |v: &[u8]| Nums(v.iter().map(|x| *x as i64).collect());
        let unit = |u: Unit| Arg::Key(if u == Unit::Fen { "ddz.why.unit_fen" } else { "ddz.why.unit_dang" });
        let m = Msg::new;
        match self {
            Reason::BidsLen { players, got } => {
                m("ddz.why.bids_len", vec![("players", num(*players as i64)), ("got", num(*got as i64))])
            }
            Reason::PlayerOutOfRange { player, players } => m(
                "ddz.why.player_out_of_range",
                vec![("player", num(*player as i64)), ("players", num(*players as i64))],
            ),
            Reason::FirstBidderOutOfRange { players } => {
                m("ddz.why.first_bidder_out_of_range", vec![("players", num(*players as i64))])
            }
            Reason::NoPlayers => m("ddz.why.no_players", vec![]),
            Reason::NoStartFits { from_0 } => {
                m("ddz.why.no_start_fits", vec![("why", Arg::Msg(Box::new(from_0.msg())))])
            }
            Reason::CalledAfterTop { top } => m("ddz.why.called_after_top", vec![("top", num(*top as i64))]),
            Reason::MissingBeforeEnd { top } => m("ddz.why.missing_before_end", vec![("top", num(*top as i64))]),
            Reason::BidNotAllowed { bid, values } => {
                m("ddz.why.bid_not_allowed", vec![("bid", num(*bid as i64)), ("values", list(values))])
            }
            Reason::BidNotHigher { bid, high } => {
                m("ddz.why.bid_not_higher", vec![("bid", num(*bid as i64)), ("high", num(*high as i64))])
            }
            Reason::AllPassedNoLandlord => m("ddz.why.all_passed_no_landlord", vec![]),
            Reason::NobodyBidNoLandlord => m("ddz.why.nobody_bid_no_landlord", vec![]),
            Reason::HighestShouldBeLandlord { player, unit: u } => {
                m("ddz.why.highest_should_be_landlord", vec![("player", P(*player)), ("unit", unit(*u))])
            }
            Reason::LandlordNotHighest { player, got, unit: u } => {
                m("ddz.why.landlord_not_highest", vec![("player", P(*player)), ("got", P(*got)), ("unit", unit(*u))])
            }
            Reason::BidNotTop { top, bid } => {
                m("ddz.why.bid_not_top", vec![("top", num(*top as i64)), ("bid", num(*bid as i64))])
            }
            Reason::UnitsNotBid { top, bid } => {
                m("ddz.why.units_not_bid", vec![("top", num(*top as i64)), ("bid", num(*bid as i64))])
            }
            Reason::HandBidNotAllowed { bid, values } => {
                m("ddz.why.hand_bid_not_allowed", vec![("bid", num(*bid as i64)), ("values", list(values))])
            }
            Reason::TooManyBombs { max, got } => {
                m("ddz.why.too_many_bombs", vec![("max", num(*max as i64)), ("got", num(*got as i64))])
            }
            Reason::TooManyRockets { max, got } => {
                m("ddz.why.too_many_rockets", vec![("max", num(*max as i64)), ("got", num(*got as i64))])
            }
            Reason::SpringAndAntiSpring => m("ddz.why.spring_and_anti_spring", vec![]),
            Reason::SpringNeedsWin => m("ddz.why.spring_needs_win", vec![]),
            Reason::AntiSpringNeedsLoss => m("ddz.why.anti_spring_needs_loss", vec![]),
            Reason::WentOutNotLandlord { landlord, got } => {
                m("ddz.why.went_out_not_landlord", vec![("landlord", P(*landlord)), ("got", P(*got))])
            }
            Reason::WentOutLandlord { got } => m("ddz.why.went_out_landlord", vec![("got", P(*got))]),
            Reason::NothingPlayed { unit: Unit::Fen } => m("ddz.why.redeal_nothing_played", vec![]),
            Reason::NothingPlayed { unit: Unit::Dang } => m("ddz.why.void_nothing_played", vec![]),
            Reason::VoidNoBombs => m("ddz.why.void_no_bombs", vec![]),
            Reason::BombsLen { players, got } => {
                m("ddz.why.bombs_len", vec![("players", num(*players as i64)), ("got", num(*got as i64))])
            }
            Reason::NotToulia { top, first } => {
                m("ddz.why.not_toulia", vec![("top", num(*top as i64)), ("first", P(*first))])
            }
            Reason::IsToulia { top, first } => {
                m("ddz.why.is_toulia", vec![("top", num(*top as i64)), ("first", P(*first))])
            }
            Reason::TandaNeedsToulia => m("ddz.why.tanda_needs_toulia", vec![]),
            Reason::MustBeHuangfan => m("ddz.why.must_be_huangfan", vec![]),
            Reason::NotHuangfan => m("ddz.why.not_huangfan", vec![]),
            Reason::TooFewPlayers => m("ddz.why.too_few_players", vec![]),
            Reason::AtLeastOne { got } => m("ddz.why.at_least_one", vec![("got", num(*got))]),
            Reason::BidValuesNotAscending { values } => {
                m("ddz.why.bid_values_not_ascending", vec![("values", list(values))])
            }
            Reason::TouliaBidNotAllowed { bid, values } => {
                m("ddz.why.toulia_bid_not_allowed", vec![("bid", num(*bid as i64)), ("values", list(values))])
            }
            Reason::ShareNotFarmers { farmers, got } => {
                m("ddz.why.share_not_farmers", vec![("farmers", num(*farmers as i64)), ("got", num(*got))])
            }
            Reason::WrongPlayers { need, got } => {
                m("ddz.why.wrong_players", vec![("need", num(*need as i64)), ("got", num(*got as i64))])
            }
            Reason::PowerOverflow { factor, count } => {
                m("ddz.why.power_overflow", vec![("factor", num(*factor)), ("count", num(*count as i64))])
            }
            Reason::ScoreOverflow => m("ddz.why.score_overflow", vec![]),
            Reason::TotalOverflow => m("ddz.why.total_overflow", vec![]),
            Reason::WrongGame { game } => m("ddz.why.wrong_game", vec![("game", Arg::Key(game_key(game)))]),
        }
    }
}

/// The string-table key of a game's name (`game.<id>`).
fn game_key(game: &str) -> &'static str {
    match game {
        "shengji" => "game.shengji",
        "duplicate" => "game.duplicate",
        "guandan" => "game.guandan",
        "doudizhu" => "game.doudizhu",
        "sandayi" => "game.sandayi",
        _ => "game.renju",
    }
}

impl RuleError {
    /// An error about `field` of no particular hand.
    pub fn new(field: impl Into<String>, reason: Reason) -> Self {
        RuleError { hand: None, field: field.into(), reason }
    }
    /// The same error, attributed to hand `index` (0-based).
    pub fn in_hand(mut self, index: usize) -> Self {
        self.hand = Some(index);
        self
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hand {
            Some(h) => write!(f, "hands[{h}].{}: {}", self.field, self.reason.msg()),
            None => write!(f, "{}: {}", self.field, self.reason.msg()),
        }
    }
}

impl std::error::Error for RuleError {}

/// A preset parameter that RULES.md (or this engine, where the documents are silent or
/// garbled) marks *(reading)*: the UI shows it as editable with this note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// The preset field name, e.g. `toulia_loss_units` or `session.minutes_per_table`.
    pub field: String,
    /// Why it is a reading: the document text and the interpretation chosen.
    pub note: String,
}

/// How a session (a 轮, several tables) is run and ranked — 000 §二(九)(十).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionRules {
    /// Tables each player visits in rotation (轮换); `None` when the document does not say.
    pub tables: Option<u32>,
    /// Minutes of play at each table (the table clock); `None` = no clock.
    pub minutes_per_table: Option<u32>,
    /// How many players of a table go through to the next round (by total score).
    pub advancing: usize,
    /// A tie at the advancing cut is broken by play-off hands (加赛), not by a tie-break.
    pub playoff_on_tie: bool,
}

/// One player's turn in the bidding: a pass (不叫) or a bid of that many 分 / 档.
///
/// Serialized as the JSON number of the bid, or the string `"pass"`. In a bid list
/// (`Vec<Option<Call>>`) `null` (`None`) marks a player the bidding never reached because
/// someone before them bid the top value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    /// 不叫 / Pass.
    Pass,
    /// A bid of this many 分 (斗地主) or 档 (三打一).
    Bid(u8),
}

impl Serialize for Call {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Call::Pass => s.serialize_str("pass"),
            Call::Bid(n) => s.serialize_u8(*n),
        }
    }
}

impl<'de> Deserialize<'de> for Call {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            N(u8),
            S(String),
        }
        match Raw::deserialize(d)? {
            Raw::N(n) => Ok(Call::Bid(n)),
            Raw::S(s) if s.eq_ignore_ascii_case("pass") => Ok(Call::Pass),
            Raw::S(s) => Err(serde::de::Error::custom(format!("a call is a bid number or \"pass\", not {s:?}"))),
        }
    }
}

/// What a bidding round establishes ([`check_bidding`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bidding {
    /// Who called first (given, or inferred from the calls when not recorded).
    pub first_bidder: usize,
    /// The players in calling order, starting with `first_bidder` (index + 1 each turn).
    pub order: Vec<usize>,
    /// The last and highest bidder with the bid, or `None` when everybody passed.
    pub winner: Option<(usize, u8)>,
    /// The first bidder bid the top value at once (三打一 头撂), so nobody else called.
    pub opened_at_top: bool,
}

/// Checks one bidding round and says who became landlord — 000 §二(二), 001 三打一 §一.
///
/// `bids[p]` is player `p`'s call, `None` if the bidding ended (someone bid the top value,
/// the largest of `bid_values`) before reaching `p`. Players call in index order from
/// `first_bidder` (wrapping round); when `first_bidder` is `None` every start is tried and
/// the first consistent one is used (the winner does not depend on the choice).
///
/// Rules applied: every bid is one of `bid_values`; each bid is strictly higher than the
/// last bid; a top bid ends the bidding, so exactly the players after it are `None`.
///
/// Errors name the field: `bids` (wrong length), `bids[p]` (bad value, not higher than
/// the previous bid, called after the end, or missing before the end), `first_bidder`.
pub fn check_bidding(
    bids: &[Option<Call>],
    first_bidder: Option<usize>,
    bid_values: &[u8],
    players: usize,
) -> Result<Bidding, RuleError> {
    if bids.len() != players {
        return Err(RuleError::new("bids", Reason::BidsLen { players, got: bids.len() }));
    }
    match first_bidder {
        Some(f) if f >= players => Err(RuleError::new("first_bidder", Reason::PlayerOutOfRange { player: f, players })),
        Some(f) => bidding_from(bids, f, bid_values),
        None => {
            let mut first_err = None;
            for start in 0..players {
                match bidding_from(bids, start, bid_values) {
                    Ok(b) => return Ok(b),
                    Err(e) => {
                        first_err.get_or_insert(e);
                    }
                }
            }
            let e = first_err.unwrap_or_else(|| RuleError::new("bids", Reason::NoPlayers));
            Err(RuleError::new(e.field, Reason::NoStartFits { from_0: Box::new(e.reason) }))
        }
    }
}

fn bidding_from(bids: &[Option<Call>], start: usize, bid_values: &[u8]) -> Result<Bidding, RuleError> {
    let n = bids.len();
    let top = bid_values.iter().copied().max().unwrap_or(0);
    let order: Vec<usize> = (0..n).map(|k| (start + k) % n).collect();
    let mut winner: Option<(usize, u8)> = None;
    let mut ended = false;
    for &p in &order {
        let field = format!("bids[{p}]");
        match (ended, bids[p]) {
            (true, None) => {}
            (true, Some(_)) => return Err(RuleError::new(field, Reason::CalledAfterTop { top })),
            (false, None) => return Err(RuleError::new(field, Reason::MissingBeforeEnd { top })),
            (false, Some(Call::Pass)) => {}
            (false, Some(Call::Bid(v))) => {
                if !bid_values.contains(&v) {
                    return Err(RuleError::new(field, Reason::BidNotAllowed { bid: v, values: bid_values.to_vec() }));
                }
                if let Some((_, high)) = winner {
                    if v <= high {
                        return Err(RuleError::new(field, Reason::BidNotHigher { bid: v, high }));
                    }
                }
                winner = Some((p, v));
                ended = v == top;
            }
        }
    }
    let opened_at_top = matches!(bids[start], Some(Call::Bid(v)) if v == top);
    Ok(Bidding { first_bidder: start, order, winner, opened_at_top })
}

/// Whether `call` may follow `calls` (the calls so far, in calling order) — 000 §二(二): a
/// pass always may; a bid must be one of `bid_values` ([`Reason::BidNotAllowed`]) and
/// higher than the last bid ([`Reason::BidNotHigher`]). (Whether the bidding is over already
/// is the caller's: a top bid ends it.)
pub fn check_call(calls: &[Call], call: Call, bid_values: &[u8]) -> Result<(), Reason> {
    let Call::Bid(v) = call else { return Ok(()) };
    if !bid_values.contains(&v) {
        return Err(Reason::BidNotAllowed { bid: v, values: bid_values.to_vec() });
    }
    let high = calls.iter().filter_map(|c| if let Call::Bid(b) = c { Some(*b) } else { None }).max();
    match high {
        Some(high) if v <= high => Err(Reason::BidNotHigher { bid: v, high }),
        _ => Ok(()),
    }
}

/// A player's place in a session ranking ([`rank_session`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Player index.
    pub player: usize,
    /// Session total in points.
    pub total: i64,
    /// 1-based place; equal totals share a place (1, 2, 2, 4).
    pub place: usize,
}

/// A session ranking: highest total first, with the play-off flag of 000 §二(十).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranking {
    /// Everybody, sorted by total (descending), then by player index.
    pub standings: Vec<Standing>,
    /// True when the totals tie across the advancing cut (for one advancing player: the top
    /// scores tie), so play-off hands (加赛) decide.
    pub playoff: bool,
    /// The players who must play off (empty when `playoff` is false).
    pub playoff_players: Vec<usize>,
}

/// Ranks a session by total — 000 §二(十) "根据积分高低决定胜负，高分者胜出进入下一轮；如果出现
/// 二位选手分数相同的情况时，加赛，分出高低为止".
///
/// `totals[p]` is player `p`'s total; `advancing` players go through (1 in the built-in
/// presets). If the totals at the cut tie (the last advancing place and the first
/// non-advancing one are equal), `playoff` is set and `playoff_players` lists everyone on
/// that total.
pub fn rank_session(totals: &[i64], advancing: usize) -> Ranking {
    let mut order: Vec<usize> = (0..totals.len()).collect();
    order.sort_by(|&a, &b| totals[b].cmp(&totals[a]).then(a.cmp(&b)));
    let mut standings: Vec<Standing> = Vec::with_capacity(order.len());
    for (i, &p) in order.iter().enumerate() {
        let place = match standings.last() {
            Some(prev) if prev.total == totals[p] => prev.place,
            _ => i + 1,
        };
        standings.push(Standing { player: p, total: totals[p], place });
    }
    let cut_tie =
        advancing >= 1 && advancing < standings.len() && standings[advancing - 1].total == standings[advancing].total;
    let playoff_players = if cut_tie {
        let t = standings[advancing].total;
        standings.iter().filter(|s| s.total == t).map(|s| s.player).collect()
    } else {
        Vec::new()
    };
    Ranking { standings, playoff: cut_tie, playoff_players }
}

/// One multiplier factor of a hand, for the explanation and for translated UIs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Factor {
    /// What doubled the hand.
    pub kind: FactorKind,
    /// How many times it applied (bombs played; 1 for a flag).
    pub count: u32,
    /// The combined factor, e.g. 4 for two bombs at ×2 each.
    pub times: i64,
}

/// The causes of a multiplier (斗地主 and 三打一).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FactorKind {
    /// 炸弹 played (斗地主).
    Bomb,
    /// 火箭 played (斗地主).
    Rocket,
    /// 春天 (斗地主).
    Spring,
    /// 反春 (斗地主).
    AntiSpring,
    /// 荒番 (三打一).
    Huangfan,
    /// 摊打 (三打一).
    Tanda,
    /// 明王 (三打一).
    Mingwang,
}

impl FactorKind {
    /// The Chinese label used in explanations.
    pub fn label(self) -> &'static str {
        match self {
            FactorKind::Bomb => "炸弹",
            FactorKind::Rocket => "火箭",
            FactorKind::Spring => "春天",
            FactorKind::AntiSpring => "反春",
            FactorKind::Huangfan => "荒番",
            FactorKind::Tanda => "摊打",
            FactorKind::Mingwang => "明王",
        }
    }
}

/// `"(炸弹×2, 火箭×2)"`, or `""` when there is no factor.
pub(crate) fn factor_list(factors: &[Factor]) -> String {
    if factors.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = factors
        .iter()
        .map(|f| {
            if f.count > 1 {
                format!("{}{}个×{}", f.kind.label(), f.count, f.times)
            } else {
                format!("{}×{}", f.kind.label(), f.times)
            }
        })
        .collect();
    format!(" ({})", parts.join(", "))
}

/// A signed amount with a real minus sign: `+24`, `−12`, `0`.
pub(crate) fn signed(v: i64) -> String {
    match v.cmp(&0) {
        std::cmp::Ordering::Greater => format!("+{v}"),
        std::cmp::Ordering::Less => format!("−{}", v.unsigned_abs()),
        std::cmp::Ordering::Equal => "0".to_string(),
    }
}

/// `factor^count`, or an overflow error on `field`.
pub(crate) fn power(factor: i64, count: u32, field: &str) -> Result<i64, RuleError> {
    factor.checked_pow(count).ok_or_else(|| RuleError::new(field, Reason::PowerOverflow { factor, count }))
}

pub(crate) fn mul(a: i64, b: i64, field: &str) -> Result<i64, RuleError> {
    a.checked_mul(b).ok_or_else(|| RuleError::new(field, Reason::ScoreOverflow))
}

/// Landlord and farmer deltas for a per-farmer `unit`; the hand sums to zero because the
/// landlord's share equals the number of farmers (checked by the preset validation).
pub(crate) fn deltas(players: usize, landlord: usize, landlord_won: bool, unit: i64, share: i64) -> Vec<i64> {
    let sign = if landlord_won { 1 } else { -1 };
    (0..players).map(|p| if p == landlord { sign * share * unit } else { -sign * unit }).collect()
}

// ---------------------------------------------------------------------------------------
// 斗地主 preset
// ---------------------------------------------------------------------------------------

/// The 斗地主 parameters (RULES.md §3). A referee may copy a preset and change any field;
/// [`validate_preset`] keeps the result meaningful (every hand still sums to zero).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preset {
    /// Preset id, e.g. `jiankang-doudizhu`.
    pub id: String,
    /// Chinese display name.
    pub name: String,
    /// The document and section the preset reads.
    pub source: String,
    /// Players at a table (3).
    pub players: usize,
    /// Allowed bids in 分, ascending; the largest ends the bidding at once (1, 2, 3).
    pub bid_values: Vec<u8>,
    /// 底注: points per 分 of bid (1). 底分 = 底注 × bid.
    pub stake: i64,
    /// Multiplier for each bomb played (×2).
    pub bomb_factor: i64,
    /// Multiplier for each rocket played (×2).
    pub rocket_factor: i64,
    /// 春天 multiplier (×2).
    pub spring_factor: i64,
    /// 反春 multiplier (×2).
    pub anti_spring_factor: i64,
    /// The landlord wins/loses this many times a farmer's amount (2 = the number of
    /// farmers, so the hand sums to zero).
    pub landlord_share: i64,
    /// Most bombs one deal can contain (13 ranks × 4 cards in one deck).
    pub max_bombs: u32,
    /// Most rockets one deal can contain (one pair of jokers).
    pub max_rockets: u32,
    /// Tables, clock, ranking.
    pub session: SessionRules,
    /// Parameters that are readings (editable, flagged in the UI).
    pub readings: Vec<Reading>,
}

/// The built-in 斗地主 presets: `jiankang-doudizhu` (000 §二, 第三届健康杯).
pub fn builtin_presets() -> Vec<Preset> {
    vec![Preset {
        id: "jiankang-doudizhu".into(),
        name: "健康杯斗地主".into(),
        source: "000 §二 第三届健康杯棋牌赛规则·斗地主".into(),
        players: 3,
        bid_values: vec![1, 2, 3],
        stake: 1,
        bomb_factor: 2,
        rocket_factor: 2,
        spring_factor: 2,
        anti_spring_factor: 2,
        landlord_share: 2,
        max_bombs: 13,
        max_rockets: 1,
        session: SessionRules { tables: Some(3), minutes_per_table: Some(30), advancing: 1, playoff_on_tie: true },
        readings: vec![
            Reading {
                field: "stake".into(),
                note: "000 §二(八) 只写“底分：叫牌的分数”，没有另设底注；默认 1，比赛可另定".into(),
            },
            Reading {
                field: "max_bombs".into(),
                note: "文件未写；按一副牌 13 种点数各 4 张推得，只用于检查录入".into(),
            },
        ],
    }]
}

/// The built-in preset with this id, if any.
pub fn find_preset(id: &str) -> Option<Preset> {
    builtin_presets().into_iter().find(|p| p.id == id)
}

/// Checks a (possibly edited) preset: at least two players, bids ascending and positive,
/// factors and stake at least 1, `landlord_share == players − 1` (so hands sum to zero).
/// Errors name the field as `preset.<field>`.
pub fn validate_preset(preset: &Preset) -> Result<(), RuleError> {
    if preset.players < 2 {
        return Err(RuleError::new("preset.players", Reason::TooFewPlayers));
    }
    check_bid_values(&preset.bid_values)?;
    for (field, v) in [
        ("preset.stake", preset.stake),
        ("preset.bomb_factor", preset.bomb_factor),
        ("preset.rocket_factor", preset.rocket_factor),
        ("preset.spring_factor", preset.spring_factor),
        ("preset.anti_spring_factor", preset.anti_spring_factor),
    ] {
        if v < 1 {
            return Err(RuleError::new(field, Reason::AtLeastOne { got: v }));
        }
    }
    check_share(preset.landlord_share, preset.players)
}

pub(crate) fn check_bid_values(values: &[u8]) -> Result<(), RuleError> {
    if values.is_empty() || values[0] == 0 || values.windows(2).any(|w| w[0] >= w[1]) {
        return Err(RuleError::new("preset.bid_values", Reason::BidValuesNotAscending { values: values.to_vec() }));
    }
    Ok(())
}

pub(crate) fn check_share(share: i64, players: usize) -> Result<(), RuleError> {
    if share != players as i64 - 1 {
        return Err(RuleError::new(
            "preset.landlord_share",
            Reason::ShareNotFarmers { farmers: players - 1, got: share },
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// 斗地主 hand
// ---------------------------------------------------------------------------------------

/// One deal as the referee records it (fields as in `shared/cases/README.md`, players as
/// indices).
///
/// `landlord: None` records a deal everybody passed (重新发牌): then `bid` is 0, nothing was
/// played and the deal scores nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// The landlord (地主), or `None` when everybody passed.
    pub landlord: Option<usize>,
    /// The winning bid in 分 (1–3), 0 for a redeal.
    #[serde(default)]
    pub bid: u8,
    /// Bombs played in the deal (all players together).
    #[serde(default)]
    pub bombs: u32,
    /// Rockets (双王) played.
    #[serde(default)]
    pub rockets: u32,
    /// 春天: the farmers played no card (the landlord won).
    #[serde(default)]
    pub spring: bool,
    /// 反春: the landlord played only his first hand (the landlord lost).
    #[serde(default)]
    pub anti_spring: bool,
    /// The landlord went out first.
    #[serde(default)]
    pub landlord_won: bool,
    /// Optional record of every player's call (see [`check_bidding`]); when present the
    /// landlord and bid must agree with it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bids: Option<Vec<Option<Call>>>,
    /// Optional first caller (抽明牌 for the first deal, then in turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_bidder: Option<usize>,
    /// Optional record of who went out first (出完牌) — 000 §二(七): the landlord exactly when
    /// `landlord_won`, otherwise one of the farmers. `None` for a redeal or when not recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub went_out: Option<usize>,
}

impl Hand {
    /// A deal everybody passed: 重新发牌, scores nothing.
    pub fn redeal() -> Hand {
        Hand::default()
    }
    /// True for a deal everybody passed.
    pub fn is_redeal(&self) -> bool {
        self.landlord.is_none()
    }
}

/// The score of one hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    /// Points won (+) or lost (−) by each player; sums to zero.
    pub deltas: Vec<i64>,
    /// 底分 = 底注 × bid (0 for a redeal).
    pub base: i64,
    /// 倍数 (1 when nothing doubled).
    pub multiplier: i64,
    /// What made up the multiplier, in order bombs, rockets, spring, anti-spring.
    pub factors: Vec<Factor>,
    /// Each farmer's amount, 底分 × 倍数.
    pub unit: i64,
    /// The formula with the numbers, e.g. `底分 3 × 倍数 4 (炸弹×2, 火箭×2) = 12; 地主 +24,
    /// 农民各 −12`.
    pub explanation: String,
}

/// Checks one hand against the preset (RULES.md §3). Errors name the field: `landlord`,
/// `bid`, `bombs`, `rockets`, `spring`, `anti_spring`, `went_out`, `bids[p]`, `first_bidder`.
pub fn validate_hand(preset: &Preset, hand: &Hand) -> Result<(), RuleError> {
    let n = preset.players;
    if let Some(bids) = &hand.bids {
        let b = check_bidding(bids, hand.first_bidder, &preset.bid_values, n)?;
        match (b.winner, hand.landlord) {
            (None, Some(_)) => return Err(RuleError::new("landlord", Reason::AllPassedNoLandlord)),
            (Some((w, _)), None) => {
                return Err(RuleError::new("landlord", Reason::HighestShouldBeLandlord { player: w, unit: Unit::Fen }))
            }
            (Some((w, v)), Some(l)) => {
                if w != l {
                    return Err(RuleError::new(
                        "landlord",
                        Reason::LandlordNotHighest { player: w, got: l, unit: Unit::Fen },
                    ));
                }
                if v != hand.bid {
                    return Err(RuleError::new("bid", Reason::BidNotTop { top: v, bid: hand.bid }));
                }
            }
            (None, None) => {}
        }
    } else if hand.first_bidder.is_some_and(|f| f >= n) {
        return Err(RuleError::new("first_bidder", Reason::FirstBidderOutOfRange { players: n }));
    }
    let Some(landlord) = hand.landlord else {
        return check_redeal(hand);
    };
    if landlord >= n {
        return Err(RuleError::new("landlord", Reason::PlayerOutOfRange { player: landlord, players: n }));
    }
    if !preset.bid_values.contains(&hand.bid) {
        return Err(RuleError::new(
            "bid",
            Reason::HandBidNotAllowed { bid: hand.bid, values: preset.bid_values.clone() },
        ));
    }
    if hand.bombs > preset.max_bombs {
        return Err(RuleError::new("bombs", Reason::TooManyBombs { max: preset.max_bombs, got: hand.bombs }));
    }
    if hand.rockets > preset.max_rockets {
        return Err(RuleError::new("rockets", Reason::TooManyRockets { max: preset.max_rockets, got: hand.rockets }));
    }
    if hand.spring && hand.anti_spring {
        return Err(RuleError::new("anti_spring", Reason::SpringAndAntiSpring));
    }
    if hand.spring && !hand.landlord_won {
        return Err(RuleError::new("spring", Reason::SpringNeedsWin));
    }
    if hand.anti_spring && hand.landlord_won {
        return Err(RuleError::new("anti_spring", Reason::AntiSpringNeedsLoss));
    }
    if let Some(out) = hand.went_out {
        if out >= n {
            return Err(RuleError::new("went_out", Reason::PlayerOutOfRange { player: out, players: n }));
        }
        if (out == landlord) != hand.landlord_won {
            return Err(RuleError::new(
                "went_out",
                if hand.landlord_won {
                    Reason::WentOutNotLandlord { landlord, got: out }
                } else {
                    Reason::WentOutLandlord { got: out }
                },
            ));
        }
    }
    Ok(())
}

fn check_redeal(hand: &Hand) -> Result<(), RuleError> {
    let field = if hand.bid != 0 {
        "bid"
    } else if hand.bombs != 0 {
        "bombs"
    } else if hand.rockets != 0 {
        "rockets"
    } else if hand.spring {
        "spring"
    } else if hand.anti_spring {
        "anti_spring"
    } else if hand.landlord_won {
        "landlord_won"
    } else if hand.went_out.is_some() {
        "went_out"
    } else {
        return Ok(());
    };
    Err(RuleError::new(field, Reason::NothingPlayed { unit: Unit::Fen }))
}

/// 倍数 and its factors — 000 §二(八): starts at 1, ×2 per bomb and per rocket played,
/// 春天 ×2, 反春 ×2 (factors from the preset). Errors only on arithmetic overflow.
pub fn multiplier(preset: &Preset, hand: &Hand) -> Result<(i64, Vec<Factor>), RuleError> {
    let mut factors = Vec::new();
    if hand.bombs > 0 {
        let times = power(preset.bomb_factor, hand.bombs, "bombs")?;
        factors.push(Factor { kind: FactorKind::Bomb, count: hand.bombs, times });
    }
    if hand.rockets > 0 {
        let times = power(preset.rocket_factor, hand.rockets, "rockets")?;
        factors.push(Factor { kind: FactorKind::Rocket, count: hand.rockets, times });
    }
    if hand.spring {
        factors.push(Factor { kind: FactorKind::Spring, count: 1, times: preset.spring_factor });
    }
    if hand.anti_spring {
        factors.push(Factor { kind: FactorKind::AntiSpring, count: 1, times: preset.anti_spring_factor });
    }
    let mut m = 1i64;
    for f in &factors {
        m = mul(m, f.times, "bombs")?;
    }
    Ok((m, factors))
}

/// Scores one hand — RULES.md §3 / 000 §二(八): each farmer pays (or gets) 底分 × 倍数, the
/// landlord gets (or pays) `landlord_share` (2) times that. A redeal scores 0 for all.
///
/// Errors: the preset or hand is invalid ([`validate_preset`], [`validate_hand`]) or the
/// numbers overflow.
pub fn score_hand(preset: &Preset, hand: &Hand) -> Result<HandResult, RuleError> {
    validate_preset(preset)?;
    validate_hand(preset, hand)?;
    let n = preset.players;
    let Some(landlord) = hand.landlord else {
        return Ok(HandResult {
            deltas: vec![0; n],
            base: 0,
            multiplier: 1,
            factors: Vec::new(),
            unit: 0,
            explanation: "无人叫分，重新发牌；本局不计分".into(),
        });
    };
    let base = mul(preset.stake, hand.bid as i64, "bid")?;
    let (m, factors) = multiplier(preset, hand)?;
    let unit = mul(base, m, "bombs")?;
    mul(unit, preset.landlord_share, "bombs")?;
    let deltas = deltas(n, landlord, hand.landlord_won, unit, preset.landlord_share);
    let base_text = if preset.stake == 1 {
        format!("底分 {base}")
    } else {
        format!("底注 {} × 叫分 {} = 底分 {base}", preset.stake, hand.bid)
    };
    let explanation = format!(
        "{base_text} × 倍数 {m}{} = {unit}; 地主 {}, 农民各 {}",
        factor_list(&factors),
        signed(deltas[landlord]),
        signed(if hand.landlord_won { -unit } else { unit }),
    );
    Ok(HandResult { deltas, base, multiplier: m, factors, unit, explanation })
}

/// A whole session replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// Each player's total, the sum of the hands' deltas.
    pub totals: Vec<i64>,
    /// Each hand's result, in order.
    pub hands: Vec<HandResult>,
}

/// Replays a session's hands in order — deterministic, pure.
///
/// `players` must equal `preset.players` (error field `players`). The first invalid hand
/// stops the replay with its error (carrying the 0-based hand index).
pub fn replay(preset: &Preset, players: usize, hands: &[Hand]) -> Result<Replay, RuleError> {
    validate_preset(preset)?;
    if players != preset.players {
        return Err(RuleError::new("players", Reason::WrongPlayers { need: preset.players, got: players }));
    }
    let mut totals = vec![0i64; players];
    let mut results = Vec::with_capacity(hands.len());
    for (i, hand) in hands.iter().enumerate() {
        let r = score_hand(preset, hand).map_err(|e| e.in_hand(i))?;
        for (t, d) in totals.iter_mut().zip(&r.deltas) {
            *t = t.checked_add(*d).ok_or_else(|| RuleError::new("totals", Reason::TotalOverflow).in_hand(i))?;
        }
        results.push(r);
    }
    Ok(Replay { totals, hands: results })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn preset() -> Preset {
        find_preset("jiankang-doudizhu").unwrap()
    }

    fn hand(landlord: usize, bid: u8, bombs: u32, rockets: u32, won: bool) -> Hand {
        Hand { landlord: Some(landlord), bid, bombs, rockets, landlord_won: won, ..Hand::default() }
    }

    #[test]
    fn builtin_preset_is_valid_and_round_trips() {
        for p in builtin_presets() {
            validate_preset(&p).unwrap();
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(serde_json::from_str::<Preset>(&json).unwrap(), p);
        }
        assert!(find_preset("nope").is_none());
    }

    #[test]
    fn bomb_and_rocket_double() {
        let r = score_hand(&preset(), &hand(0, 3, 1, 1, true)).unwrap();
        assert_eq!(r.deltas, vec![24, -12, -12]);
        assert_eq!(r.multiplier, 4);
        assert_eq!(r.explanation, "底分 3 × 倍数 4 (炸弹×2, 火箭×2) = 12; 地主 +24, 农民各 −12");
    }

    #[test]
    fn spring_and_two_bombs() {
        let h = Hand { spring: true, ..hand(2, 1, 2, 0, true) };
        let r = score_hand(&preset(), &h).unwrap();
        assert_eq!(r.deltas, vec![-8, -8, 16]);
        assert_eq!(r.explanation, "底分 1 × 倍数 8 (炸弹2个×4, 春天×2) = 8; 地主 +16, 农民各 −8");
    }

    #[test]
    fn anti_spring_loss() {
        let h = Hand { anti_spring: true, ..hand(1, 2, 0, 0, false) };
        let r = score_hand(&preset(), &h).unwrap();
        assert_eq!(r.deltas, vec![4, -8, 4]);
        assert_eq!(r.explanation, "底分 2 × 倍数 2 (反春×2) = 4; 地主 −8, 农民各 +4");
    }

    #[test]
    fn stake_is_shown_when_not_one() {
        let p = Preset { stake: 5, ..preset() };
        let r = score_hand(&p, &hand(0, 2, 0, 0, false)).unwrap();
        assert_eq!(r.deltas, vec![-20, 10, 10]);
        assert!(r.explanation.starts_with("底注 5 × 叫分 2 = 底分 10 × 倍数 1 = 10"), "{}", r.explanation);
    }

    #[test]
    fn redeal_scores_nothing() {
        let r = score_hand(&preset(), &Hand::redeal()).unwrap();
        assert_eq!(r.deltas, vec![0, 0, 0]);
        let bad = Hand { bid: 2, ..Hand::redeal() };
        assert_eq!(score_hand(&preset(), &bad).unwrap_err().field, "bid");
    }

    #[test]
    fn invalid_hands_name_the_field() {
        let p = preset();
        let cases: Vec<(Hand, &str)> = vec![
            (hand(3, 1, 0, 0, true), "landlord"),
            (hand(0, 4, 0, 0, true), "bid"),
            (hand(0, 0, 0, 0, true), "bid"),
            (hand(0, 1, 14, 0, true), "bombs"),
            (hand(0, 1, 0, 2, true), "rockets"),
            (Hand { spring: true, ..hand(0, 1, 0, 0, false) }, "spring"),
            (Hand { anti_spring: true, ..hand(0, 1, 0, 0, true) }, "anti_spring"),
            (Hand { spring: true, anti_spring: true, ..hand(0, 1, 0, 0, true) }, "anti_spring"),
        ];
        for (h, field) in cases {
            assert_eq!(validate_hand(&p, &h).unwrap_err().field, field, "{h:?}");
        }
    }

    #[test]
    fn went_out_agrees_with_the_result() {
        let p = preset();
        let ok = Hand { went_out: Some(1), ..hand(0, 2, 0, 0, false) };
        validate_hand(&p, &ok).unwrap();
        let ok = Hand { went_out: Some(0), ..hand(0, 2, 0, 0, true) };
        validate_hand(&p, &ok).unwrap();
        for h in [
            Hand { went_out: Some(0), ..hand(0, 2, 0, 0, false) },
            Hand { went_out: Some(2), ..hand(0, 2, 0, 0, true) },
            Hand { went_out: Some(3), ..hand(0, 2, 0, 0, true) },
            Hand { went_out: Some(0), ..Hand::redeal() },
        ] {
            assert_eq!(validate_hand(&p, &h).unwrap_err().field, "went_out", "{h:?}");
        }
    }

    #[test]
    fn bidding_landlord_is_the_highest_bidder() {
        let p = preset();
        let bids = vec![Some(Call::Bid(1)), Some(Call::Pass), Some(Call::Bid(2))];
        let ok = Hand { bids: Some(bids.clone()), first_bidder: Some(0), ..hand(2, 2, 0, 0, true) };
        validate_hand(&p, &ok).unwrap();
        let wrong = Hand { bids: Some(bids.clone()), ..hand(0, 2, 0, 0, true) };
        assert_eq!(validate_hand(&p, &wrong).unwrap_err().field, "landlord");
        let wrong_bid = Hand { bids: Some(bids), ..hand(2, 1, 0, 0, true) };
        assert_eq!(validate_hand(&p, &wrong_bid).unwrap_err().field, "bid");
        // all pass → redeal
        let all_pass = vec![Some(Call::Pass); 3];
        let h = Hand { bids: Some(all_pass.clone()), ..Hand::redeal() };
        validate_hand(&p, &h).unwrap();
        let h = Hand { bids: Some(all_pass), ..hand(0, 1, 0, 0, true) };
        assert_eq!(validate_hand(&p, &h).unwrap_err().field, "landlord");
    }

    #[test]
    fn bidding_rules() {
        let v = [1, 2, 3];
        // 3 ends the bidding: the rest are None
        let b = check_bidding(&[Some(Call::Bid(3)), None, None], Some(0), &v, 3).unwrap();
        assert_eq!(b.winner, Some((0, 3)));
        assert!(b.opened_at_top);
        // not increasing
        let e = check_bidding(&[Some(Call::Bid(2)), Some(Call::Bid(2)), Some(Call::Pass)], Some(0), &v, 3).unwrap_err();
        assert_eq!(e.field, "bids[1]");
        // a call after the top bid
        let e = check_bidding(&[Some(Call::Bid(3)), Some(Call::Pass), None], Some(0), &v, 3).unwrap_err();
        assert_eq!(e.field, "bids[1]");
        // None before the end
        let e = check_bidding(&[Some(Call::Pass), None, Some(Call::Pass)], Some(0), &v, 3).unwrap_err();
        assert_eq!(e.field, "bids[1]");
        // inferred first bidder: 2 opened with 3
        let b = check_bidding(&[None, None, Some(Call::Bid(3))], None, &v, 3).unwrap();
        assert_eq!((b.first_bidder, b.winner, b.order), (2, Some((2, 3)), vec![2, 0, 1]));
        assert!(check_bidding(&[Some(Call::Bid(3)), None, Some(Call::Bid(3))], None, &v, 3).is_err());
        assert_eq!(check_bidding(&[None], None, &v, 3).unwrap_err().field, "bids");
    }

    #[test]
    fn a_call_must_top_the_last_bid() {
        let v = [1, 2, 3];
        assert_eq!(check_call(&[], Call::Bid(1), &v), Ok(()));
        assert_eq!(check_call(&[Call::Bid(1), Call::Pass], Call::Pass, &v), Ok(()));
        assert_eq!(check_call(&[Call::Bid(1)], Call::Bid(2), &v), Ok(()));
        assert_eq!(
            check_call(&[Call::Bid(2), Call::Pass], Call::Bid(1), &v),
            Err(Reason::BidNotHigher { bid: 1, high: 2 })
        );
        assert_eq!(check_call(&[Call::Bid(2)], Call::Bid(2), &v), Err(Reason::BidNotHigher { bid: 2, high: 2 }));
        assert_eq!(check_call(&[], Call::Bid(4), &v), Err(Reason::BidNotAllowed { bid: 4, values: v.to_vec() }));
    }

    #[test]
    fn call_serde() {
        let v: Vec<Option<Call>> = serde_json::from_str(r#"[2, "pass", null]"#).unwrap();
        assert_eq!(v, vec![Some(Call::Bid(2)), Some(Call::Pass), None]);
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"[2,"pass",null]"#);
        assert!(serde_json::from_str::<Call>(r#""double""#).is_err());
    }

    #[test]
    fn session_from_the_cases() {
        let hands =
            vec![hand(0, 3, 1, 1, true), Hand { spring: true, ..hand(2, 1, 2, 0, true) }, hand(1, 2, 0, 0, false)];
        let r = replay(&preset(), 3, &hands).unwrap();
        assert_eq!(r.totals, vec![18, -24, 6]);
        let rank = rank_session(&r.totals, preset().session.advancing);
        assert_eq!(rank.standings[0], Standing { player: 0, total: 18, place: 1 });
        assert!(!rank.playoff);
        let e = replay(&preset(), 3, &[hand(0, 1, 0, 0, true), hand(0, 9, 0, 0, true)]).unwrap_err();
        assert_eq!((e.hand, e.field.as_str()), (Some(1), "bid"));
        assert_eq!(
            crate::i18n::rule_error_text(crate::i18n::Lang::ZhCn, &e, Default::default()),
            "hands[1].bid: 叫分 9 不在可叫的 [1, 2, 3] 之中"
        );
        assert_eq!(replay(&preset(), 4, &[]).unwrap_err().field, "players");
    }

    #[test]
    fn ranking_ties_and_playoff() {
        let r = rank_session(&[5, 9, 9, -23], 1);
        assert_eq!(
            r.standings.iter().map(|s| (s.player, s.place)).collect::<Vec<_>>(),
            vec![(1, 1), (2, 1), (0, 3), (3, 4)]
        );
        assert!(r.playoff);
        assert_eq!(r.playoff_players, vec![1, 2]);
        let r = rank_session(&[9, 5, 5], 1);
        assert!(!r.playoff);
        let r = rank_session(&[9, 5, 5], 2);
        assert_eq!(r.playoff_players, vec![1, 2]);
    }

    #[test]
    fn edited_preset_is_checked() {
        let p = Preset { landlord_share: 3, ..preset() };
        assert_eq!(validate_preset(&p).unwrap_err().field, "preset.landlord_share");
        let p = Preset { bid_values: vec![2, 1], ..preset() };
        assert_eq!(validate_preset(&p).unwrap_err().field, "preset.bid_values");
        let p = Preset { bomb_factor: 0, ..preset() };
        assert_eq!(validate_preset(&p).unwrap_err().field, "preset.bomb_factor");
    }

    fn arb_hand() -> impl Strategy<Value = Hand> {
        (0usize..3, 1u8..=3, 0u32..=13, 0u32..=1, any::<bool>(), 0u8..3).prop_map(
            |(landlord, bid, bombs, rockets, won, special)| Hand {
                spring: won && special == 1,
                anti_spring: !won && special == 2,
                ..hand(landlord, bid, bombs, rockets, won)
            },
        )
    }

    proptest! {
        #[test]
        fn every_hand_sums_to_zero(h in arb_hand(), stake in 1i64..100) {
            let p = Preset { stake, ..preset() };
            let r = score_hand(&p, &h).unwrap();
            prop_assert_eq!(r.deltas.iter().sum::<i64>(), 0);
            prop_assert_eq!(r.unit, r.base * r.multiplier);
            let l = h.landlord.unwrap();
            prop_assert_eq!(r.deltas[l] > 0, h.landlord_won);
        }

        #[test]
        fn replay_is_deterministic(hands in proptest::collection::vec(
            prop_oneof![9 => arb_hand(), 1 => Just(Hand::redeal())], 0..30)) {
            let a = replay(&preset(), 3, &hands).unwrap();
            let b = replay(&preset(), 3, &hands).unwrap();
            prop_assert_eq!(&a, &b);
            prop_assert_eq!(a.totals.iter().sum::<i64>(), 0);
            for p in 0..3 {
                prop_assert_eq!(a.totals[p], a.hands.iter().map(|h| h.deltas[p]).sum::<i64>());
            }
        }
    }
}
