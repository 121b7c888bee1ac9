use super::*;
use proptest::prelude::*;
use Call::{Bid, Pass};

fn preset() -> Preset {
    find_preset("qingpu-sandayi").unwrap()
}

/// A played hand derived from the calls (first caller inferred).
fn played(bids: Vec<Option<Call>>, won: bool) -> Hand {
    let b = bidding_outcome(&preset(), &bids, None).unwrap();
    let (landlord, bid) = b.winner.unwrap();
    Hand { landlord: Some(landlord), bid, toulia: b.opened_at_top, bids, landlord_won: won, ..Hand::default() }
}

fn void() -> Hand {
    Hand { bids: vec![Some(Pass); 4], ..Hand::default() }
}

#[test]
fn builtin_preset_is_valid_and_round_trips() {
    for p in builtin_presets() {
        validate_preset(&p).unwrap();
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Preset>(&json).unwrap(), p);
        assert!(p.readings.iter().any(|r| r.field == "toulia_loss_units"));
    }
}

#[test]
fn plain_win() {
    let h = played(vec![Some(Bid(2)), Some(Pass), Some(Pass), Some(Pass)], true);
    let r = score_hand(&preset(), &h).unwrap();
    assert_eq!(r.deltas, vec![6, -2, -2, -2]);
    assert_eq!(r.explanation, "倍数 1 × 底注 1 × 档数 2 = 2; 地主 +6, 农民各 −2");
    assert!(r.violations.is_empty());
}

#[test]
fn huangfan_loss() {
    let h = Hand { huangfan: true, ..played(vec![Some(Pass), Some(Bid(1)), Some(Pass), Some(Pass)], false) };
    let r = score_hand(&preset(), &h).unwrap();
    assert_eq!(r.deltas, vec![2, -6, 2, 2]);
    assert_eq!(r.explanation, "倍数 2 (荒番×2) × 底注 1 × 档数 1 = 2; 地主 −6, 农民各 +2");
}

#[test]
fn toulia_tanda_win_and_loss() {
    let h = Hand { tanda: true, ..played(vec![None, None, Some(Bid(3)), None], true) };
    assert!(h.toulia);
    let r = score_hand(&preset(), &h).unwrap();
    assert_eq!(r.deltas, vec![-8, -8, 24, -8]);
    assert_eq!(r.explanation, "倍数 2 (摊打×2) × 底注 1 × 头撂赢 4 = 8; 地主 +24, 农民各 −8");
    let lost = Hand { landlord_won: false, mingwang: true, ..h };
    let r = score_hand(&preset(), &lost).unwrap();
    assert_eq!(r.deltas, vec![12, 12, -36, 12]);
    assert_eq!(r.units, 3);
}

#[test]
fn bomb_limits_by_call() {
    // P0 passed, P1 bid 1, P2 bid 3 (landlord), P3 never reached.
    let mut h = played(vec![Some(Pass), Some(Bid(1)), Some(Bid(3)), None], false);
    h.bombs = vec![2, 1, 7, 3];
    let r = score_hand(&preset(), &h).unwrap();
    assert_eq!(r.deltas, vec![3, 3, -9, 3]);
    assert_eq!(r.violations.len(), 1);
    let v = &r.violations[0];
    assert_eq!((v.player, v.bombs, v.limit, v.standing), (0, 2, 1, BidStanding::Passed));
    assert_eq!(
        crate::i18n::say(crate::i18n::Lang::ZhCn, &v.msg(), Default::default()),
        "轮到叫牌选择Pass的农民本局最多打 1 次炸弹，实际打了 2 次（001 三打一 §三）"
    );
    // a farmer who bid 2 may bomb twice, not three times
    let mut h = played(vec![Some(Bid(2)), Some(Bid(3)), None, None], true);
    h.bombs = vec![2, 0, 0, 0];
    assert!(score_hand(&preset(), &h).unwrap().violations.is_empty());
    h.bombs[0] = 3;
    let v = &score_hand(&preset(), &h).unwrap().violations[0];
    assert_eq!((v.player, v.limit, v.standing), (0, 2, BidStanding::Bid(2)));
}

#[test]
fn invalid_hands_name_the_field() {
    let p = preset();
    let base = played(vec![Some(Pass), Some(Bid(1)), Some(Bid(2)), Some(Pass)], true);
    let cases: Vec<(Hand, &str)> = vec![
        (Hand { tanda: true, ..base.clone() }, "tanda"),
        (Hand { toulia: true, ..base.clone() }, "toulia"),
        (Hand { landlord: Some(1), ..base.clone() }, "landlord"),
        (Hand { landlord: None, ..base.clone() }, "landlord"),
        (Hand { bid: 3, ..base.clone() }, "bid"),
        (Hand { bombs: vec![1, 2], ..base.clone() }, "bombs"),
        (
            Hand {
                bids: vec![Some(Pass), Some(Bid(2)), Some(Bid(1)), Some(Pass)],
                first_bidder: Some(0),
                ..base.clone()
            },
            "bids[2]",
        ),
        (Hand { bids: vec![Some(Pass); 3], ..base.clone() }, "bids"),
        (Hand { first_bidder: Some(9), ..base.clone() }, "first_bidder"),
        (Hand { landlord: Some(0), ..void() }, "landlord"),
        (Hand { bombs: vec![0, 1, 0, 0], ..void() }, "bombs[1]"),
        (Hand { landlord_won: true, ..void() }, "landlord_won"),
    ];
    for (h, field) in cases {
        assert_eq!(validate_hand(&p, &h).unwrap_err().field, field, "{h:?}");
    }
    // the first caller bid 3 but the hand is not marked 头撂
    let mut h = played(vec![Some(Bid(3)), None, None, None], true);
    h.toulia = false;
    assert_eq!(validate_hand(&p, &h).unwrap_err().field, "toulia");
    // a 3 bid after others is not 头撂
    let h = played(vec![Some(Pass), Some(Bid(3)), None, None], true);
    assert!(!h.toulia);
    assert!(validate_hand(&p, &h).is_ok());
}

#[test]
fn void_deal_makes_the_next_huangfan() {
    let p = preset();
    assert!(!next_is_huangfan(None));
    assert!(next_is_huangfan(Some(&void())));
    let r = score_hand(&p, &void()).unwrap();
    assert_eq!(r.deltas, vec![0; 4]);
    let next = Hand { huangfan: true, ..played(vec![Some(Bid(1)), Some(Pass), Some(Pass), Some(Pass)], true) };
    assert!(!next_is_huangfan(Some(&next)));
    let r = replay(&p, 4, &[void(), next.clone()]).unwrap();
    assert_eq!(r.totals, vec![6, -2, -2, -2]);
    let e = replay(&p, 4, &[void(), Hand { huangfan: false, ..next.clone() }]).unwrap_err();
    assert_eq!((e.hand, e.field.as_str()), (Some(1), "huangfan"));
    let e = replay(&p, 4, &[next.clone(), next.clone()]).unwrap_err();
    assert_eq!((e.hand, e.field.as_str()), (Some(1), "huangfan"));
    // a void 荒番 deal keeps the next one 荒番
    let r = replay(&p, 4, &[void(), Hand { huangfan: true, ..void() }, next]).unwrap();
    assert_eq!(r.totals, vec![6, -2, -2, -2]);
}

#[test]
fn replay_collects_violations() {
    let mut h = played(vec![Some(Pass), Some(Bid(1)), Some(Bid(3)), None], false);
    h.bombs = vec![2, 2, 0, 0];
    let r = replay(&preset(), 4, &[h.clone(), h]).unwrap();
    assert_eq!(r.totals, vec![6, 6, -18, 6]);
    let got: Vec<(usize, usize)> = r.violations.iter().map(|v| (v.hand, v.violation.player)).collect();
    assert_eq!(got, vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
    assert_eq!(replay(&preset(), 3, &[]).unwrap_err().field, "players");
}

#[test]
fn hand_serde_shape() {
    let json = r#"{"landlord":2,"bid":3,"bids":["pass",1,3,null],"landlord_won":false,"bombs":[2,1,0,3]}"#;
    let h: Hand = serde_json::from_str(json).unwrap();
    assert_eq!(h.bids, vec![Some(Pass), Some(Bid(1)), Some(Bid(3)), None]);
    let back: Hand = serde_json::from_str(&serde_json::to_string(&h).unwrap()).unwrap();
    assert_eq!(back, h);
}

/// A valid played or void hand: calls built in order from a random first caller.
fn arb_hand() -> impl Strategy<Value = Hand> {
    (0usize..4, proptest::collection::vec(0u8..=3, 4), any::<[bool; 4]>(), proptest::collection::vec(0u32..4, 4))
        .prop_map(|(first, wants, [won, tanda, mingwang, huangfan], bombs)| {
            let mut bids = vec![None; 4];
            let mut high = 0u8;
            for (k, &want) in wants.iter().enumerate() {
                let p = (first + k) % 4;
                if high == 3 {
                    break;
                }
                bids[p] = Some(if want > high {
                    high = want;
                    Bid(want)
                } else {
                    Pass
                });
            }
            let b = bidding_outcome(&preset(), &bids, Some(first)).unwrap();
            match b.winner {
                None => Hand { huangfan, first_bidder: Some(first), ..Hand { bids, ..Hand::default() } },
                Some((l, v)) => Hand {
                    landlord: Some(l),
                    bid: v,
                    first_bidder: Some(first),
                    toulia: b.opened_at_top,
                    tanda: tanda && b.opened_at_top,
                    mingwang,
                    huangfan,
                    landlord_won: won,
                    bids,
                    bombs,
                },
            }
        })
}

proptest! {
    #[test]
    fn every_hand_sums_to_zero(h in arb_hand(), stake in 1i64..50) {
        let p = Preset { stake, ..preset() };
        let r = score_hand(&p, &h).unwrap();
        prop_assert_eq!(r.deltas.iter().sum::<i64>(), 0);
        if let Some(l) = h.landlord {
            prop_assert_eq!(r.deltas[l] > 0, h.landlord_won);
            prop_assert_eq!(r.unit, r.multiplier * stake * r.units);
            for v in &r.violations {
                prop_assert!(v.bombs > v.limit);
                prop_assert!(v.player != l);
            }
        }
    }

    #[test]
    fn replay_is_deterministic(raw in proptest::collection::vec(arb_hand(), 0..25)) {
        // make 荒番 follow the void deals, as the app fills it in
        let mut hands = raw;
        for i in 1..hands.len() {
            hands[i].huangfan = next_is_huangfan(Some(&hands[i - 1]));
        }
        let a = replay(&preset(), 4, &hands).unwrap();
        let b = replay(&preset(), 4, &hands).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.totals.iter().sum::<i64>(), 0);
        for p in 0..4 {
            prop_assert_eq!(a.totals[p], a.hands.iter().map(|h| h.deltas[p]).sum::<i64>());
        }
    }
}
