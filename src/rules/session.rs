//! What 斗地主 and 欢乐三打一 share (RULES.md §3, §4): the input errors ([`RuleError`] with a
//! typed [`Reason`]), the referee's readings of the seeds ([`Reading`]), the session rules
//! ([`SessionRules`]), the bidding ([`Call`], [`check_bidding`]: both games bid the same way,
//! each bid higher than the last), the session ranking ([`rank_session`]) and the scoring
//! factors ([`Factor`]). Each game's module re-exports them.

use super::{Arg, Msg};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

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
    /// The session is over: `player` lost it by a ruling (判负) or was disqualified, so no
    /// later hand, table or ruling that ends it counts (RULES.md §0 **[r2]**).
    SessionOver { player: usize },
    /// A level penalty (罚级) in a session: a session counts points, it has no levels.
    NoLevels,
    /// The session is over by time: the last table's clock had run past its limit when hand
    /// `hand` (1-based) was recorded, and that hand in progress was the last one (000 §二(九)
    /// "每桌进行30分钟"; RULES.md §3, §4). Only a play-off, when the totals tie at the cut,
    /// plays on.
    TimeOver { hand: usize },
    /// Table `table` (1-based, not the last) is over by time: its clock had run past its
    /// limit when hand `hand` (1-based in the session) was recorded, and that hand in
    /// progress was the table's last one (000 §二(九) "3桌轮赛，每桌进行30分钟"; RULES.md §3,
    /// §4). The session goes on at the next table (换桌), with its own clock; the message
    /// names that table (`table + 1`) as the page's next-table button does.
    TableTimeOver { table: usize, hand: usize },
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
            Reason::WrongGame { game } => m("ddz.why.wrong_game", vec![("game", Arg::Game(game))]),
            Reason::SessionOver { player } => m("ddz.why.session_over", vec![("player", P(*player))]),
            Reason::NoLevels => m("ddz.why.no_levels", vec![]),
            Reason::TimeOver { hand } => m("ddz.why.time_over", vec![("hand", num(*hand as i64))]),
            Reason::TableTimeOver { table, hand } => {
                let (t, h) = (*table as i64, *hand as i64);
                m("ddz.why.table_time_over", vec![("table", num(t)), ("hand", num(h)), ("next", num(t + 1))])
            }
        }
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
    crate::sort::sort_by(&mut order, |&a, &b| totals[b].cmp(&totals[a]).then(a.cmp(&b)));
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

/// [`rank_session`] when players are out of the session by a ruling (判负 / 取消资格,
/// RULES.md §0 **[r2]**, *reading*: the others' totals stand; the offender ranks last at the
/// table): the others are ranked by total as [`rank_session`] does (a tie at the cut among
/// them still needs a play-off), then the players in `out`, in that order (the first ruled
/// out ranks last), each on a place of its own whatever its total.
pub fn rank_session_out(totals: &[i64], advancing: usize, out: &[usize]) -> Ranking {
    if out.is_empty() {
        return rank_session(totals, advancing);
    }
    let others: Vec<usize> = (0..totals.len()).filter(|p| !out.contains(p)).collect();
    let sub: Vec<i64> = others.iter().map(|&p| totals[p]).collect();
    let mut r = rank_session(&sub, advancing.min(others.len()));
    for st in &mut r.standings {
        st.player = others[st.player];
    }
    r.playoff_players = r.playoff_players.iter().map(|&i| others[i]).collect();
    for &p in out.iter().rev().filter(|&&p| p < totals.len()) {
        let place = r.standings.len() + 1;
        r.standings.push(Standing { player: p, total: totals[p], place });
    }
    r
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

/// At least two players (error field `preset.players`).
pub(crate) fn check_players(players: usize) -> Result<(), RuleError> {
    if players < 2 {
        return Err(RuleError::new("preset.players", Reason::TooFewPlayers));
    }
    Ok(())
}

/// Every `(field, value)` at least 1 (the stake, each factor, each unit); the first one below
/// it is the error's field.
pub(crate) fn check_at_least_one(fields: &[(&str, i64)]) -> Result<(), RuleError> {
    match fields.iter().find(|(_, v)| *v < 1) {
        Some((field, v)) => Err(RuleError::new(*field, Reason::AtLeastOne { got: *v })),
        None => Ok(()),
    }
}

/// A replay is given as many players as the preset has (error field `players`).
pub(crate) fn check_replay_players(need: usize, got: usize) -> Result<(), RuleError> {
    if got != need {
        return Err(RuleError::new("players", Reason::WrongPlayers { need, got }));
    }
    Ok(())
}

/// Adds one hand's deltas to the session totals; `i` is the hand's index for the error when a
/// total would overflow.
pub(crate) fn add_to_totals(totals: &mut [i64], deltas: &[i64], i: usize) -> Result<(), RuleError> {
    for (t, d) in totals.iter_mut().zip(deltas) {
        *t = t.checked_add(*d).ok_or_else(|| RuleError::new("totals", Reason::TotalOverflow).in_hand(i))?;
    }
    Ok(())
}

/// Bid values: not empty, positive and strictly ascending (error field `preset.bid_values`).
pub(crate) fn check_bid_values(values: &[u8]) -> Result<(), RuleError> {
    if values.is_empty() || values[0] == 0 || values.windows(2).any(|w| w[0] >= w[1]) {
        return Err(RuleError::new("preset.bid_values", Reason::BidValuesNotAscending { values: values.to_vec() }));
    }
    Ok(())
}

/// The landlord's share equals the farmers' count, so that every hand sums to zero (error field
/// `preset.landlord_share`).
pub(crate) fn check_share(share: i64, players: usize) -> Result<(), RuleError> {
    if share != players as i64 - 1 {
        return Err(RuleError::new(
            "preset.landlord_share",
            Reason::ShareNotFarmers { farmers: players - 1, got: share },
        ));
    }
    Ok(())
}
