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
//! ranking are shared with 欢乐三打一 (`super::sandayi`), whose bidding has the same shape: they
//! live in [`super::session`] and are re-exported here.

use serde::{Deserialize, Serialize};

/// The vocabulary shared with 欢乐三打一, at its old paths (`rules::doudizhu::RuleError` …).
pub use super::session::*;

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
    check_players(preset.players)?;
    check_bid_values(&preset.bid_values)?;
    check_at_least_one(&[
        ("preset.stake", preset.stake),
        ("preset.bomb_factor", preset.bomb_factor),
        ("preset.rocket_factor", preset.rocket_factor),
        ("preset.spring_factor", preset.spring_factor),
        ("preset.anti_spring_factor", preset.anti_spring_factor),
    ])?;
    check_share(preset.landlord_share, preset.players)
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
    /// The engine's own Chinese summary, for logs and this module's tests only: no page shows
    /// it (the UI renders the formula from the fields above through `src/i18n`) and nothing
    /// stored holds it (results are replayed, never stored).
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
    check_replay_players(preset.players, players)?;
    let mut totals = vec![0i64; players];
    let mut results = Vec::with_capacity(hands.len());
    for (i, hand) in hands.iter().enumerate() {
        let r = score_hand(preset, hand).map_err(|e| e.in_hand(i))?;
        add_to_totals(&mut totals, &r.deltas, i)?;
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
