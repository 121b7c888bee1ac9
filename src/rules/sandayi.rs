//! 欢乐三打一 — game id `sandayi`, preset `qingpu-sandayi` (RULES.md §4; seed 001 三打一).
//!
//! Read next to RULES.md §4, top to bottom:
//!
//! 1. **叫档** (001 三打一 §一): 4 players, 2 decks, 25 cards each and 8 in the kitty; whoever
//!    draws the marker card (标记牌) calls first; each calls 1 / 2 / 3 档 or passes, each bid
//!    higher than the last; the highest bidder is 地主 ([`bidding_outcome`]). Nobody bids →
//!    the deal is void and the **next** deal is 荒番 ([`next_is_huangfan`]).
//! 2. **头撂 / 摊打** (§六): 头撂 = the first caller bids 3 at once; only then may the landlord
//!    choose 摊打 (play with his hand shown).
//! 3. **炸弹限制** (§三): landlord — no limit; a farmer the bidding never reached — no limit;
//!    a farmer who bid 2 — at most 2 bombs; bid 1 — at most 1; passed — at most 1
//!    ([`BombLimits`], [`bomb_violations`]). Exceeding is flagged, the score is unchanged.
//! 4. **倍数** (§七): product of 荒番 ×2, 摊打 ×2, 明王 ×2 ([`multiplier`]).
//! 5. **结算** (§七): each farmer pays (landlord wins) or gets (landlord loses)
//!    `倍数 × 底注 × 档数`; the landlord gets or pays three times that. For 头撂 the 档数 is
//!    replaced by 4 on a win and 3 on a loss (RULES.md's reading of "地主赢牌得4倍底分，地主输
//!    牌扣3倍底分") ([`score_hand`]).
//!
//! Players are indices into the session's player list, in calling order (index + 1 calls
//! next, wrapping round). Scores are whole points (`i64`). Every parameter is preset data
//! ([`Preset`]). The bidding check, errors, readings and session ranking are shared with
//! 斗地主 ([`super::session`]) and re-exported here.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::session::{
    add_to_totals, check_at_least_one, check_bid_values, check_players, check_replay_players, check_share, deltas,
    factor_list, mul, signed,
};
pub use super::session::{
    check_bidding, rank_session, Bidding, Call, Factor, FactorKind, Ranking, Reading, Reason, RuleError, SessionRules,
    Standing, Unit,
};
use super::{Arg, Msg};

// ---------------------------------------------------------------------------------------
// Preset
// ---------------------------------------------------------------------------------------

/// Farmers' bomb limits by how they called (001 三打一 §三). `None` = no limit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BombLimits {
    /// The landlord (地主——没有限制).
    pub landlord: Option<u32>,
    /// A farmer the bidding never reached (未轮到叫牌的农民——没有限制).
    pub not_reached: Option<u32>,
    /// A farmer who passed (轮到叫牌选择Pass的农民——最多1次).
    pub passed: Option<u32>,
    /// A farmer who bid this many 档 → at most that many bombs (叫2档 → 2, 叫1档 → 1).
    /// A bid missing from the map has no limit. (JSON object keys are the bids as strings,
    /// read back through string keys.)
    #[serde(deserialize_with = "bid_keyed")]
    pub after_bid: BTreeMap<u8, Option<u32>>,
}

/// Reads a map keyed by bid from JSON object keys (`"2"`). Going through `String` keys
/// keeps this working when serde buffers the value (a preset inside the internally tagged
/// match set-up), where a `u8` key would be refused.
fn bid_keyed<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<u8, Option<u32>>, D::Error> {
    BTreeMap::<String, Option<u32>>::deserialize(d)?
        .into_iter()
        .map(|(k, v)| {
            k.trim()
                .parse::<u8>()
                .map(|bid| (bid, v))
                .map_err(|_| serde::de::Error::custom(format!("after_bid: {k:?} is not a bid (0–255)")))
        })
        .collect()
}

/// The 欢乐三打一 parameters (RULES.md §4). A referee may copy a preset and change any
/// field; [`validate_preset`] keeps the result zero-sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preset {
    /// Preset id, e.g. `qingpu-sandayi`.
    pub id: String,
    /// Chinese display name.
    pub name: String,
    /// The document and section the preset reads.
    pub source: String,
    /// Players at a table (4).
    pub players: usize,
    /// Decks used (2) — informational.
    pub decks: u32,
    /// Cards dealt to each player (25) — informational.
    pub hand_cards: u32,
    /// Cards in the kitty (底牌, 8), given to the landlord — informational.
    pub kitty_cards: u32,
    /// Allowed bids in 档, ascending; the largest ends the bidding at once (1, 2, 3).
    pub bid_values: Vec<u8>,
    /// 底注 in points (1); the session may change it.
    pub stake: i64,
    /// The landlord wins/loses this many times a farmer's amount (3 = the number of
    /// farmers, so the hand sums to zero).
    pub landlord_share: i64,
    /// 荒番 multiplier (×2): the deal after one nobody bid on.
    pub huangfan_factor: i64,
    /// 摊打 multiplier (×2).
    pub tanda_factor: i64,
    /// 明王 multiplier (×2).
    pub mingwang_factor: i64,
    /// The opening bid that makes a 头撂 (3).
    pub toulia_bid: u8,
    /// 档数 used instead of the bid when a 头撂 landlord wins (4).
    pub toulia_win_units: i64,
    /// 档数 used instead of the bid when a 头撂 landlord loses (3).
    pub toulia_loss_units: i64,
    /// 摊打 may be chosen only after a 头撂 (true).
    pub tanda_needs_toulia: bool,
    /// Farmers' bomb limits by their call.
    pub bomb_limits: BombLimits,
    /// Tables, clock, ranking.
    pub session: SessionRules,
    /// Parameters that are readings (editable, flagged in the UI).
    pub readings: Vec<Reading>,
}

/// The built-in 三打一 presets: `qingpu-sandayi` (001, 2015 青浦区教育系统教工棋牌比赛).
pub fn builtin_presets() -> Vec<Preset> {
    vec![Preset {
        id: "qingpu-sandayi".into(),
        name: "青浦欢乐三打一".into(),
        source: "001 2015年青浦区教育系统教工棋牌比赛·欢乐三打一比赛规则".into(),
        players: 4,
        decks: 2,
        hand_cards: 25,
        kitty_cards: 8,
        bid_values: vec![1, 2, 3],
        stake: 1,
        landlord_share: 3,
        huangfan_factor: 2,
        tanda_factor: 2,
        mingwang_factor: 2,
        toulia_bid: 3,
        toulia_win_units: 4,
        toulia_loss_units: 3,
        tanda_needs_toulia: true,
        bomb_limits: BombLimits {
            landlord: None,
            not_reached: None,
            passed: Some(1),
            after_bid: BTreeMap::from([(1, Some(1)), (2, Some(2))]),
        },
        session: SessionRules { tables: None, minutes_per_table: Some(30), advancing: 1, playoff_on_tie: true },
        readings: vec![
            Reading {
                field: "toulia_win_units".into(),
                note: "RULES.md §4 的读法：“地主赢牌得4倍底分”= 头撂赢时以 4 代替档数，每位农民付 倍数×底注×4".into(),
            },
            Reading {
                field: "toulia_loss_units".into(),
                note: "RULES.md §4 的读法：“地主输牌扣3倍底分”= 头撂输时以 3 代替档数（即头撂所叫的 3 档）".into(),
            },
            Reading {
                field: "huangfan_factor".into(),
                note: "001 §一、§七：无人叫档则下一局为荒番局（×2）；连续无人叫档时不累乘，仍为 ×2（文件未写）".into(),
            },
            Reading {
                field: "mingwang_factor".into(),
                note: "001 §七 只在公式中写“明王×2”，没有解释何为明王；由裁判记录是否明王".into(),
            },
            Reading { field: "stake".into(), note: "001 §七 写“底注”但未给数值；默认 1".into() },
            Reading {
                field: "session.minutes_per_table".into(),
                note: "001 “每场比赛限时?0分钟”字迹不清；按同一文件 80分 的限时 30 分钟".into(),
            },
            Reading {
                field: "session.advancing".into(),
                note: "001 未写排名办法；按 000 §二(十) 以总分排名，最高分并列时加赛".into(),
            },
        ],
    }]
}

/// The built-in preset with this id, if any.
pub fn find_preset(id: &str) -> Option<Preset> {
    builtin_presets().into_iter().find(|p| p.id == id)
}

/// Checks a (possibly edited) preset: at least two players, bids ascending and positive,
/// `toulia_bid` one of them, factors, stake and 头撂 units at least 1,
/// `landlord_share == players − 1`. Errors name the field as `preset.<field>`.
pub fn validate_preset(preset: &Preset) -> Result<(), RuleError> {
    check_players(preset.players)?;
    check_bid_values(&preset.bid_values)?;
    if !preset.bid_values.contains(&preset.toulia_bid) {
        return Err(RuleError::new(
            "preset.toulia_bid",
            Reason::TouliaBidNotAllowed { bid: preset.toulia_bid, values: preset.bid_values.clone() },
        ));
    }
    check_at_least_one(&[
        ("preset.stake", preset.stake),
        ("preset.huangfan_factor", preset.huangfan_factor),
        ("preset.tanda_factor", preset.tanda_factor),
        ("preset.mingwang_factor", preset.mingwang_factor),
        ("preset.toulia_win_units", preset.toulia_win_units),
        ("preset.toulia_loss_units", preset.toulia_loss_units),
    ])?;
    check_share(preset.landlord_share, preset.players)
}

// ---------------------------------------------------------------------------------------
// Hand
// ---------------------------------------------------------------------------------------

/// One deal as the referee records it (fields as in `shared/cases/README.md`, players as
/// indices).
///
/// `landlord: None` records a deal nobody bid on: `bid` 0, every call a pass, nothing
/// played, scores nothing — and the next deal is 荒番.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// The landlord (地主), or `None` when nobody bid.
    pub landlord: Option<usize>,
    /// The landlord's bid in 档 (1–3); 0 when nobody bid.
    #[serde(default)]
    pub bid: u8,
    /// Each player's call: a bid, a pass, or `None` (JSON `null`) when the bidding ended
    /// (a 3 档 bid) before reaching that player. One entry per player.
    pub bids: Vec<Option<Call>>,
    /// Who held the marker card (首叫); inferred from `bids` when not recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_bidder: Option<usize>,
    /// 荒番: the previous deal was void (nobody bid).
    #[serde(default)]
    pub huangfan: bool,
    /// 摊打 (only after 头撂).
    #[serde(default)]
    pub tanda: bool,
    /// 明王.
    #[serde(default)]
    pub mingwang: bool,
    /// 头撂: the first caller bid 3 档 at once.
    #[serde(default)]
    pub toulia: bool,
    /// The landlord went out first.
    #[serde(default)]
    pub landlord_won: bool,
    /// Bombs each player played (one entry per player; an empty list means none).
    #[serde(default)]
    pub bombs: Vec<u32>,
}

impl Hand {
    /// True for a deal nobody bid on.
    pub fn is_void(&self) -> bool {
        self.landlord.is_none()
    }
    /// Bombs played by `player` (0 when `bombs` is empty).
    pub fn bombs_of(&self, player: usize) -> u32 {
        self.bombs.get(player).copied().unwrap_or(0)
    }
}

/// Whether the deal after `previous` is 荒番 (001 三打一 §一 "如果没有玩家叫档，则开始下一局，
/// 下一局为荒番局"): true exactly when the previous deal was void (nobody bid). `None` (no
/// previous deal in the log) → false.
pub fn next_is_huangfan(previous: Option<&Hand>) -> bool {
    previous.is_some_and(Hand::is_void)
}

/// What the calls establish: landlord, bid and whether it is a 头撂 — for filling in a
/// hand from the calls. Errors as [`check_bidding`].
pub fn bidding_outcome(
    preset: &Preset,
    bids: &[Option<Call>],
    first_bidder: Option<usize>,
) -> Result<Bidding, RuleError> {
    check_bidding(bids, first_bidder, &preset.bid_values, preset.players)
}

/// How a player stood in the bidding — what decides his bomb limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BidStanding {
    /// The landlord.
    Landlord,
    /// A farmer the bidding never reached.
    NotReached,
    /// A farmer who passed.
    Passed,
    /// A farmer who bid this many 档 and was outbid.
    Bid(u8),
}

impl BidStanding {
    /// The standing as a template key and its slots (read as in 001 §三: 轮到叫牌选择Pass的农民).
    pub fn msg(self) -> Msg {
        match self {
            BidStanding::Landlord => Msg::new("ddz.why.st_landlord", vec![]),
            BidStanding::NotReached => Msg::new("ddz.why.st_not_reached", vec![]),
            BidStanding::Passed => Msg::new("ddz.why.st_passed", vec![]),
            BidStanding::Bid(v) => Msg::new("ddz.why.st_bid", vec![("v", Arg::Num(v as i64))]),
        }
    }
}

/// A farmer (or landlord, if a preset limits him) who played more bombs than allowed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// Player index.
    pub player: usize,
    /// Bombs the player played.
    pub bombs: u32,
    /// The limit that applied.
    pub limit: u32,
    /// Why that limit applied.
    pub standing: BidStanding,
}

impl Violation {
    /// The violation as a template key and its slots (`src/i18n` reads it
    /// `轮到叫牌选择Pass的农民本局最多打 1 次炸弹，实际打了 2 次（001 三打一 §三）`).
    pub fn msg(&self) -> Msg {
        Msg::new(
            "ddz.why.bomb_limit",
            vec![
                ("standing", Arg::Msg(Box::new(self.standing.msg()))),
                ("limit", Arg::Num(self.limit as i64)),
                ("bombs", Arg::Num(self.bombs as i64)),
            ],
        )
    }
}

/// A [`Violation`] with the 0-based index of its hand, for a replayed session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandViolation {
    /// 0-based hand index.
    pub hand: usize,
    /// The violation.
    pub violation: Violation,
}

/// The score of one hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    /// Points won (+) or lost (−) by each player; sums to zero.
    pub deltas: Vec<i64>,
    /// 倍数 (1 when nothing doubled).
    pub multiplier: i64,
    /// What made up the multiplier (荒番, 摊打, 明王 in that order).
    pub factors: Vec<Factor>,
    /// The 档数 used: the bid, or the 头撂 win/loss units; 0 for a void deal.
    pub units: i64,
    /// Each farmer's amount, 倍数 × 底注 × 档数.
    pub unit: i64,
    /// The formula with the numbers, e.g. `倍数 2 (荒番×2) × 底注 1 × 档数 1 = 2; 地主 −6,
    /// 农民各 +2`.
    /// The engine's own Chinese summary, for logs and this module's tests only: no page shows
    /// it (the UI renders the formula from the fields above through `src/i18n`) and nothing
    /// stored holds it (results are replayed, never stored).
    pub explanation: String,
    /// Bomb-limit violations in this hand (they do not change the score).
    pub violations: Vec<Violation>,
}

/// Checks one hand against the preset (RULES.md §4). Errors name the field: `bids`,
/// `bids[p]`, `first_bidder`, `landlord`, `bid`, `toulia`, `tanda`, `bombs`, `bombs[p]`,
/// `mingwang`, `landlord_won`. (Whether `huangfan` is right depends on the previous deal and
/// is checked by [`replay`].)
pub fn validate_hand(preset: &Preset, hand: &Hand) -> Result<(), RuleError> {
    let n = preset.players;
    let b = bidding_outcome(preset, &hand.bids, hand.first_bidder)?;
    if !hand.bombs.is_empty() && hand.bombs.len() != n {
        return Err(RuleError::new("bombs", Reason::BombsLen { players: n, got: hand.bombs.len() }));
    }
    match (b.winner, hand.landlord) {
        (None, None) => {
            let field = if hand.bid != 0 {
                "bid"
            } else if hand.toulia {
                "toulia"
            } else if hand.tanda {
                "tanda"
            } else if hand.mingwang {
                "mingwang"
            } else if hand.landlord_won {
                "landlord_won"
            } else if let Some(p) = hand.bombs.iter().position(|&x| x > 0) {
                return Err(RuleError::new(format!("bombs[{p}]"), Reason::VoidNoBombs));
            } else {
                return Ok(());
            };
            Err(RuleError::new(field, Reason::NothingPlayed { unit: Unit::Dang }))
        }
        (None, Some(_)) => Err(RuleError::new("landlord", Reason::NobodyBidNoLandlord)),
        (Some((w, _)), None) => {
            Err(RuleError::new("landlord", Reason::HighestShouldBeLandlord { player: w, unit: Unit::Dang }))
        }
        (Some((w, v)), Some(l)) => {
            if l >= n {
                return Err(RuleError::new("landlord", Reason::PlayerOutOfRange { player: l, players: n }));
            }
            if w != l {
                return Err(RuleError::new(
                    "landlord",
                    Reason::LandlordNotHighest { player: w, got: l, unit: Unit::Dang },
                ));
            }
            if v != hand.bid {
                return Err(RuleError::new("bid", Reason::UnitsNotBid { top: v, bid: hand.bid }));
            }
            let opened_toulia = matches!(hand.bids[b.first_bidder], Some(Call::Bid(x)) if x == preset.toulia_bid);
            if hand.toulia && !opened_toulia {
                return Err(RuleError::new(
                    "toulia",
                    Reason::NotToulia { top: preset.toulia_bid, first: b.first_bidder },
                ));
            }
            if !hand.toulia && opened_toulia {
                return Err(RuleError::new(
                    "toulia",
                    Reason::IsToulia { top: preset.toulia_bid, first: b.first_bidder },
                ));
            }
            if hand.tanda && preset.tanda_needs_toulia && !hand.toulia {
                return Err(RuleError::new("tanda", Reason::TandaNeedsToulia));
            }
            Ok(())
        }
    }
}

/// Each player's standing in the bidding of a played hand.
fn standing(hand: &Hand, player: usize) -> BidStanding {
    if hand.landlord == Some(player) {
        return BidStanding::Landlord;
    }
    match hand.bids.get(player).copied().flatten() {
        None => BidStanding::NotReached,
        Some(Call::Pass) => BidStanding::Passed,
        Some(Call::Bid(v)) => BidStanding::Bid(v),
    }
}

/// The bomb limit for a standing (`None` = no limit) — 001 三打一 §三.
pub fn bomb_limit(preset: &Preset, standing: BidStanding) -> Option<u32> {
    let l = &preset.bomb_limits;
    match standing {
        BidStanding::Landlord => l.landlord,
        BidStanding::NotReached => l.not_reached,
        BidStanding::Passed => l.passed,
        BidStanding::Bid(v) => l.after_bid.get(&v).copied().flatten(),
    }
}

/// Players who played more bombs than their limit allows (001 三打一 §三), in player order.
/// Call on a validated hand; a void deal has none.
pub fn bomb_violations(preset: &Preset, hand: &Hand) -> Vec<Violation> {
    if hand.is_void() {
        return Vec::new();
    }
    (0..preset.players)
        .filter_map(|p| {
            let bombs = hand.bombs_of(p);
            let st = standing(hand, p);
            let limit = bomb_limit(preset, st)?;
            (bombs > limit).then_some(Violation { player: p, bombs, limit, standing: st })
        })
        .collect()
}

/// 倍数 and its factors — 001 三打一 §七: product of 荒番 ×2, 摊打 ×2, 明王 ×2.
pub fn multiplier(preset: &Preset, hand: &Hand) -> Result<(i64, Vec<Factor>), RuleError> {
    let mut factors = Vec::new();
    for (on, kind, times) in [
        (hand.huangfan, FactorKind::Huangfan, preset.huangfan_factor),
        (hand.tanda, FactorKind::Tanda, preset.tanda_factor),
        (hand.mingwang, FactorKind::Mingwang, preset.mingwang_factor),
    ] {
        if on {
            factors.push(Factor { kind, count: 1, times });
        }
    }
    let mut m = 1i64;
    for f in &factors {
        m = mul(m, f.times, "huangfan")?;
    }
    Ok((m, factors))
}

/// Scores one hand — RULES.md §4 / 001 三打一 §七: each farmer pays (landlord wins) or gets
/// (landlord loses) `倍数 × 底注 × 档数`, where 档数 is the bid, or `toulia_win_units` (4) /
/// `toulia_loss_units` (3) after a 头撂; the landlord gets or pays `landlord_share` (3) times
/// that. A void deal scores 0. Bomb-limit violations are listed, the score is unchanged.
///
/// Errors: invalid preset or hand ([`validate_preset`], [`validate_hand`]), overflow.
pub fn score_hand(preset: &Preset, hand: &Hand) -> Result<HandResult, RuleError> {
    validate_preset(preset)?;
    validate_hand(preset, hand)?;
    let n = preset.players;
    let Some(landlord) = hand.landlord else {
        let (m, factors) = multiplier(preset, hand)?;
        return Ok(HandResult {
            deltas: vec![0; n],
            multiplier: m,
            factors,
            units: 0,
            unit: 0,
            explanation: "无人叫档，本局不计分；下一局为荒番局".into(),
            violations: Vec::new(),
        });
    };
    let (m, factors) = multiplier(preset, hand)?;
    let (units, units_text) = match (hand.toulia, hand.landlord_won) {
        (true, true) => (preset.toulia_win_units, format!("头撂赢 {}", preset.toulia_win_units)),
        (true, false) => (preset.toulia_loss_units, format!("头撂输 {}", preset.toulia_loss_units)),
        (false, _) => (hand.bid as i64, format!("档数 {}", hand.bid)),
    };
    let unit = mul(mul(m, preset.stake, "stake")?, units, "bid")?;
    mul(unit, preset.landlord_share, "bid")?;
    let deltas = deltas(n, landlord, hand.landlord_won, unit, preset.landlord_share);
    let explanation = format!(
        "倍数 {m}{} × 底注 {} × {units_text} = {unit}; 地主 {}, 农民各 {}",
        factor_list(&factors),
        preset.stake,
        signed(deltas[landlord]),
        signed(if hand.landlord_won { -unit } else { unit }),
    );
    Ok(HandResult {
        deltas,
        multiplier: m,
        factors,
        units,
        unit,
        explanation,
        violations: bomb_violations(preset, hand),
    })
}

/// A whole session replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// Each player's total, the sum of the hands' deltas.
    pub totals: Vec<i64>,
    /// Each hand's result, in order.
    pub hands: Vec<HandResult>,
    /// All bomb-limit violations with their hand index, in hand then player order.
    pub violations: Vec<HandViolation>,
}

/// Replays a session's hands in order — deterministic, pure.
///
/// `players` must equal `preset.players` (error field `players`). Besides each hand's own
/// checks, a hand that follows a recorded hand must have `huangfan` exactly when that hand
/// was void ([`next_is_huangfan`]); the first hand of the list may be either (the void deal
/// may predate the log). The first invalid hand stops the replay with its error.
pub fn replay(preset: &Preset, players: usize, hands: &[Hand]) -> Result<Replay, RuleError> {
    validate_preset(preset)?;
    check_replay_players(preset.players, players)?;
    let mut totals = vec![0i64; players];
    let mut results = Vec::with_capacity(hands.len());
    let mut violations = Vec::new();
    for (i, hand) in hands.iter().enumerate() {
        if i > 0 {
            let expected = next_is_huangfan(Some(&hands[i - 1]));
            if hand.huangfan != expected {
                let why = if expected { Reason::MustBeHuangfan } else { Reason::NotHuangfan };
                return Err(RuleError::new("huangfan", why).in_hand(i));
            }
        }
        let r = score_hand(preset, hand).map_err(|e| e.in_hand(i))?;
        add_to_totals(&mut totals, &r.deltas, i)?;
        violations.extend(r.violations.iter().cloned().map(|v| HandViolation { hand: i, violation: v }));
        results.push(r);
    }
    Ok(Replay { totals, hands: results, violations })
}

#[cfg(test)]
mod tests;
