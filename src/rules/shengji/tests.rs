use super::*;

fn jk() -> Preset {
    builtin_preset("jiankang-chaodipi").unwrap()
}
fn start(a: &str, b: &str, d: Team) -> Start {
    Start {
        levels: [(Team::A, r(a)), (Team::B, r(b))].into_iter().collect(),
        declarer: Some(d),
        dealer: Some(if d == Team::A { Seat::N } else { Seat::E }),
    }
}
fn h(points: i32) -> Hand {
    Hand { points, ..Default::default() }
}

#[test]
fn open_first_declarer_needs_the_show_and_takes_its_team() {
    let p = jk();
    let mut st = start("2", "2", Team::A);
    st.declarer = None;
    let mut s = State::new(&st);
    assert_eq!(apply(&p, &mut s.clone(), &h(60)).unwrap_err().field, "declarer_seat");
    let o = apply(&p, &mut s, &Hand { declarer_seat: Some(Seat::W), ..h(60) }).unwrap();
    assert_eq!((o.declarer, o.dealer), (Team::B, Some(Seat::W)));
    // B held (60 → 庄 +1); the partner deals next; later shows no longer decide the team.
    assert_eq!((s.declarer, s.dealer, s.level(Team::B)), (Team::B, Some(Seat::E), r("3")));
    let o = apply(&p, &mut s, &Hand { declarer_seat: Some(Seat::N), ..h(60) }).unwrap();
    assert_eq!(o.declarer, Team::B);
}

#[test]
fn rulings_level_penalty_floor_and_game_lost_end_the_game() {
    let p = jk();
    let mut s = State::new(&start("3", "5", Team::B));
    let o = apply_ruling(&mut s, Ruling::LevelPenalty { team: Team::A, levels: 3 }).unwrap();
    assert_eq!(o.levels_after[&Team::A], Rank::TWO);
    assert_eq!(s.declarer, Team::B);
    assert_eq!(apply_ruling(&mut s, Ruling::LevelPenalty { team: Team::A, levels: 0 }), Err(RulingError::NoLevels));
    apply_ruling(&mut s, Ruling::GameLost { team: Team::B }).unwrap();
    assert_eq!(s.winner, Some(Team::A));
    assert_eq!(apply(&p, &mut s.clone(), &h(40)).unwrap_err().field, "hand");
    assert_eq!(
        apply_ruling(&mut s, Ruling::GameLost { team: Team::A }),
        Err(RulingError::GameOver { winner: Team::A })
    );
    assert_eq!(time_up(&p, &mut s), Err(RulingError::GameOver { winner: Team::A }));
}

#[test]
fn time_up_leading_team_and_tie_rules() {
    let jk = jk();
    let qp = builtin_preset("qingpu-80fen").unwrap();
    let mut s = State::new(&start("4", "4", Team::B));
    assert_eq!(time_up(&jk, &mut s.clone()), Ok(TimeVerdict::Winner(Team::B)));
    assert_eq!(time_up(&qp, &mut s), Ok(TimeVerdict::OneMoreHand));
    assert_eq!(s.winner, None);
    // The one more hand is played; then the limit decides again.
    apply(&qp, &mut s, &h(40)).unwrap();
    assert_eq!(s.time_verdict, None);
    assert_eq!(time_up(&qp, &mut s), Ok(TimeVerdict::Winner(Team::B)));
    assert_eq!(s.winner, Some(Team::B));
}

#[test]
fn offsuit_jack_condition_is_a_parameter() {
    let mut p = jk();
    let hand =
        Hand { kitty: Some(Kitty { points: 10, unit: Unit::Single }), kitty_jack: Some(JackSuit::Offsuit), ..h(40) };
    let (s, _) = replay(&p, &start("J", "5", Team::A), std::slice::from_ref(&hand)).unwrap();
    assert_eq!(s.level(Team::A), r("6"));
    p.jack.as_mut().unwrap().offsuit_needs_takeover = true;
    let (s, _) = replay(&p, &start("J", "5", Team::A), &[hand]).unwrap();
    assert_eq!(s.level(Team::A), r("Q"));
    // A stored copy of the preset without the field keeps revision 1's reading.
    let j: JackRule = serde_json::from_str(r#"{"at":"J","trump_to":"2","offsuit_to":"6"}"#).unwrap();
    assert!(j.offsuit_needs_takeover);
}

#[test]
fn nantong_team_match_points_count_every_game() {
    let tm = builtin_preset("nantong-80fen").unwrap().team_match.unwrap();
    let pts = tm.points(&[Some(Team::A), Some(Team::A), Some(Team::B)]);
    assert_eq!((pts[&Team::A], pts[&Team::B]), (5, 4));
    assert_eq!(tm.points(&[Some(Team::B), None])[&Team::B], 2);
}

#[test]
fn power_and_linear_multipliers() {
    assert_eq!(KittyScheme::Power.multiplier(Unit::Tractor(2)), 8);
    assert_eq!(KittyScheme::Power.multiplier(Unit::Tractor(3)), 16);
    assert_eq!(KittyScheme::Linear.multiplier(Unit::Tractor(3)), 12);
}

#[test]
fn unit_serde() {
    let u: Unit = serde_json::from_str("\"tractor4\"").unwrap();
    assert_eq!(u, Unit::Tractor(4));
    assert!(serde_json::from_str::<Unit>("\"tractor1\"").is_err());
}

#[test]
fn dealer_alternates_and_passes_ccw() {
    let p = jk();
    let (s, _) = replay(&p, &start("2", "2", Team::A), &[h(30), h(30), h(90)]).unwrap();
    // N deals, keeps → S; keeps → N; N loses → next ccw W (team B).
    assert_eq!(s.dealer, Some(Seat::W));
    assert_eq!(s.declarer, Team::B);
}

#[test]
fn bad_points_are_refused_with_field() {
    let e = apply(&jk(), &mut State::new(&Start::default()), &h(83)).unwrap_err();
    assert_eq!(e.field, "points");
    let e = replay(&jk(), &Start::default(), &[h(80), h(205)]).unwrap_err();
    assert_eq!(e.field, "hands[1].points");
}

#[test]
fn after_free_counts_per_team() {
    let p = builtin_preset("chaodipi-10").unwrap();
    let pen = |t| Penalty {
        team: t,
        kind: "check_cards".into(),
        cards: 1,
        unit: None,
        points: None,
        seat: None,
        trick: None,
        note: String::new(),
    };
    let hand = Hand { points: 40, penalties: vec![pen(Team::B), pen(Team::B), pen(Team::A)], ..Default::default() };
    let o = preview(&p, &State::new(&Start::default()), &hand).unwrap();
    assert_eq!(o.penalties.iter().map(|x| x.effect).collect::<Vec<_>>(), vec![0, -10, 0]);
}

#[test]
fn declaring_order_000() {
    let d = jk().declaring;
    let s = |w: &str| Show { seat: Seat::N, what: w.into(), rebury: false, out_of_turn: false };
    assert!(check_declaring(&d, &[s("pair:D"), s("pair:S"), s("SJ2"), s("BJ2")]).is_ok());
    assert!(check_declaring(&d, &[s("pair:S"), s("pair:H")]).is_err());
    assert!(check_declaring(&d, &[s("single:S")]).is_err());
    let y = builtin_preset("yiyuan-shuangsheng").unwrap().declaring;
    assert!(check_declaring(&y, &[s("BJ2")]).is_err());
    assert!(check_declaring(&y, &[s("single:H"), s("pair:C"), s("SJ2")]).is_ok());
}

#[test]
fn presets_round_trip_as_json() {
    for p in builtin_presets() {
        let j = serde_json::to_string(&p).unwrap();
        let q: Preset = serde_json::from_str(&j).unwrap();
        assert_eq!(p, q);
    }
}

#[test]
fn leading_team_tie_goes_to_declarer() {
    let s = State::new(&start("5", "5", Team::B));
    assert_eq!(s.leading_team(), Team::B);
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn hand_strategy() -> impl Strategy<Value = Hand> {
        (
            0..=40i32,
            proptest::option::of((0..=20i32, 0..4u8)),
            proptest::collection::vec((any::<bool>(), 1..4u32), 0..2),
        )
            .prop_map(|(p, k, pens)| Hand {
                points: p * 5,
                kitty: k.map(|(kp, u)| Kitty {
                    points: kp * 5,
                    unit: match u {
                        0 => Unit::Single,
                        1 => Unit::Pair,
                        n => Unit::Tractor(n),
                    },
                }),
                penalties: pens
                    .into_iter()
                    .map(|(a, c)| Penalty {
                        team: if a { Team::A } else { Team::B },
                        kind: "wrong_card".into(),
                        cards: c,
                        unit: None,
                        points: None,
                        seat: None,
                        trick: None,
                        note: String::new(),
                    })
                    .collect(),
                ..Default::default()
            })
    }

    proptest! {
        #[test]
        fn levels_stay_on_ladder_and_replay_is_deterministic(
            pi in 0..4usize, hands in proptest::collection::vec(hand_strategy(), 0..40)
        ) {
            let p = &builtin_presets()[pi];
            let st = Start::default();
            let mut s = State::new(&st);
            let mut played = Vec::new();
            for h in &hands {
                if s.winner.is_some() { break; }
                apply(p, &mut s, h).unwrap();
                played.push(h.clone());
                for t in Team::BOTH { prop_assert!(s.level(t) >= Rank::TWO && s.level(t) <= Rank::ACE); }
            }
            let (s2, _) = replay(p, &st, &played).unwrap();
            prop_assert_eq!(s, s2);
        }

        #[test]
        fn declarer_penalty_never_lowers_attackers_score(pi in 0..4usize, h in hand_strategy(), cards in 1..5u32) {
            let p = &builtin_presets()[pi];
            let s = State::new(&Start::default());
            let base = preview(p, &s, &h).unwrap();
            let mut h2 = h.clone();
            h2.penalties.push(Penalty { team: s.declarer, kind: "wrong_card".into(), cards, unit: None, points: None, seat: None, trick: None, note: String::new() });
            let with = preview(p, &s, &h2).unwrap();
            prop_assert!(with.score >= base.score);
        }

        #[test]
        fn more_points_never_give_declarer_more_levels(pi in 0..4usize, a in 0..=40i32, b in 0..=40i32, lv in 0..12u8) {
            let p = &builtin_presets()[pi];
            let (lo, hi) = (a.min(b) * 5, a.max(b) * 5);
            let mut st = Start::default();
            st.levels.insert(Team::A, Rank::from_index(lv).unwrap());
            let s = State::new(&st);
            let gain = |pts: i32| {
                let o = preview(p, &s, &Hand { points: pts, ..Default::default() }).unwrap();
                if o.side == Side::Declarer { o.levels_after[&Team::A].index() as i32 - lv as i32 } else { -1 }
            };
            prop_assert!(gain(hi) <= gain(lo));
        }
    }
}

#[test]
fn penalties_000_r2_intentional_wrong_card_and_game_lost_kinds() {
    let p = jk();
    let pen = |t, kind: &str| Penalty {
        team: t,
        kind: kind.into(),
        cards: 3,
        unit: None,
        points: None,
        seat: None,
        trick: None,
        note: String::new(),
    };
    // 20 per occurrence whatever the cards (000 §一(四)3): two occurrences by the declarer.
    let hand = Hand {
        points: 40,
        penalties: vec![pen(Team::A, "wrong_card_intentional"), pen(Team::A, "wrong_card_intentional")],
        ..Default::default()
    };
    let o = preview(&p, &State::new(&start("2", "2", Team::A)), &hand).unwrap();
    assert_eq!(o.penalties.iter().map(|x| x.effect).collect::<Vec<_>>(), vec![20, 20]);
    // Signalling and a concealed failed throw lose the game: a ruling, never a hand's points.
    for kind in ["signalling", "failed_throw_concealed"] {
        assert_eq!(p.penalty_rule(kind).unwrap().amount, Amount::GameLost);
        let hand = Hand { points: 40, penalties: vec![pen(Team::B, kind)], ..Default::default() };
        let e = preview(&p, &State::new(&start("2", "2", Team::A)), &hand).unwrap_err();
        assert_eq!(e.field, "penalties[0].kind");
        assert!(e.reason.contains("game_lost"), "{}", e.reason);
    }
    // Out-of-turn and exposed cards are not in 000: readings, marked as such.
    for r in ["penalties.out_of_turn", "penalties.exposed_card"] {
        assert!(p.readings.iter().any(|x| x == r), "{r}");
    }
}

#[test]
fn first_hand_show_of_the_other_team_is_not_dropped_when_the_declarer_was_set() {
    let p = jk();
    let mut s = State::new(&start("2", "2", Team::A));
    // Set-up said 红队 (N) would declare; 东 (蓝队) showed and it stood on the first hand.
    let o = apply(&p, &mut s, &Hand { declarer_seat: Some(Seat::E), ..h(60) }).unwrap();
    assert_eq!((o.declarer, o.dealer), (Team::B, Some(Seat::E)));
}

#[test]
fn penalty_tables_001_and_002_r2() {
    let q = builtin_preset("qingpu-80fen").unwrap();
    // 001: no points for a wrong kitty count; card count 10 a card in the trick, 80 after.
    assert!(q.penalty_rule("kitty_count").is_none());
    assert_eq!(q.penalty_rule("card_count").unwrap().amount, Amount::PerCard { points: 10 });
    assert_eq!(q.penalty_rule("card_count_late").unwrap().amount, Amount::Fixed { points: 80 });
    assert!(q.notes.iter().any(|n| n.contains("001 §7")), "the wrong declaration bars that suit");
    // 002: the fryer who did not count the kitty pays 80 too.
    let c = builtin_preset("chaodipi-10").unwrap();
    assert_eq!(c.penalty_rule("kitty_count_fryer").unwrap().amount, Amount::Fixed { points: 80 });
    assert_eq!(c.penalty_rule("kitty_count").unwrap().amount, Amount::Fixed { points: 80 });
}

/// RULES.md §1.2 **[r2]**: in 南通 a 大王小王连对 or a 红五星 lets its player name the trump
/// (data of the preset, not a rule of the code); no other built-in preset has such shows, and
/// their stored form does not change (the field is left out when empty).
#[test]
fn free_trump_shows_are_preset_data() {
    let p = builtin_preset("nantong-80fen").unwrap();
    assert_eq!(p.declaring.free_trump, ["JJ", "STAR"]);
    for code in &p.declaring.free_trump {
        assert!(show_class(&p.declaring, code).is_some(), "{code} is a show of the preset");
    }
    for id in ["jiankang-chaodipi", "chaodipi-10", "qingpu-80fen", "yiyuan-shuangsheng"] {
        let q = builtin_preset(id).unwrap();
        assert!(q.declaring.free_trump.is_empty(), "{id}");
        assert!(!serde_json::to_string(&q.declaring).unwrap().contains("free_trump"), "{id}");
    }
}

/// RULES.md §1.1 `signalling`: 南通 warns, then the game is lost (出局) — never points — so
/// the hand form does not offer it as a points penalty but leaves it to the ruling panel,
/// under the warning rule's citation; 002 and 001 (warning or points) and 003 (a reading
/// with points) keep it as the referee's points; 000 loses the game at once (a ruling). A
/// ladder that ends in points (002 §一5 `bury_not_at_once`) stays a hand's penalty.
#[test]
fn the_hand_form_offers_no_points_for_an_offence_a_warning_ladder_rules() {
    let kinds = |id: &str| -> Vec<String> {
        builtin_preset(id).unwrap().hand_penalties().into_iter().map(|r| r.kind.clone()).collect()
    };
    let nantong = builtin_preset("nantong-80fen").unwrap();
    assert!(!kinds("nantong-80fen").contains(&"signalling".to_string()));
    assert!(kinds("nantong-80fen").contains(&"failed_throw".to_string()));
    let warned: Vec<(String, String)> =
        nantong.warned_penalties().into_iter().map(|(r, cite)| (r.kind.clone(), cite.to_string())).collect();
    assert_eq!(warned, [("signalling".to_string(), "南通 §四".to_string())]);
    for id in ["chaodipi-10", "qingpu-80fen", "yiyuan-shuangsheng"] {
        assert!(kinds(id).contains(&"signalling".to_string()), "{id}");
        assert!(builtin_preset(id).unwrap().warned_penalties().is_empty(), "{id}");
    }
    assert!(kinds("chaodipi-10").contains(&"bury_not_at_once".to_string()));
    assert!(!kinds("jiankang-chaodipi").contains(&"signalling".to_string()));
}

/// RULES.md §0 **[r2]**, §1.1: the rules a ruling can be recorded under. 健康杯 (000) has no
/// warning ladder, but two offences that lose the game at once — a failed throw concealed
/// (000 §一(四)2) and signalling (000 §一(五)4) — offered for a game lost by their sources;
/// 南通 offers its signalling ladder for a warning (南通 §四) and nothing for a game lost.
#[test]
fn ruling_choices_offer_the_game_lost_rules_beside_the_warning_ladders() {
    use crate::rules::ruling::{ChoiceKind, RuleChoice};
    let choice = |kind, rule: &str, cite: &str| RuleChoice { kind, rule: rule.into(), cite: cite.into() };
    assert_eq!(
        jk().ruling_choices(),
        [
            choice(ChoiceKind::GameLost, "failed_throw_concealed", "000 §一(四)2"),
            choice(ChoiceKind::GameLost, "signalling", "000 §一(五)4"),
        ]
    );
    assert_eq!(
        builtin_preset("nantong-80fen").unwrap().ruling_choices(),
        [choice(ChoiceKind::Warning, "signalling", "南通 §四")]
    );
    assert_eq!(
        builtin_preset("chaodipi-10").unwrap().ruling_choices(),
        [choice(ChoiceKind::Warning, "bury_not_at_once", "002 §一5")]
    );
}

/// RULES.md §0 **[r2]**, 002 §一5: a kind a warning ladder ending in points rules is counted
/// in the match's register, over its games (two fresh game states here): the 1st burying
/// not at once is 0, the 2nd 80; a ruling-panel warning under it counts as one. A hand that
/// does not count adds nothing; `check_cards` (no ladder) keeps each game's own count.
#[test]
fn a_ladder_kind_is_counted_in_the_matchs_register_over_its_games() {
    use crate::rules::ruling::{Effect, Register};
    let p = builtin_preset("chaodipi-10").unwrap();
    assert_eq!(p.rulings.counted_with_warnings("bury_not_at_once"), Some("bury_not_at_once"));
    assert_eq!(p.rulings.counted_with_warnings("check_cards"), None);
    assert_eq!(builtin_preset("nantong-80fen").unwrap().rulings.counted_with_warnings("signalling"), None);
    let pen = |kind: &str| Penalty {
        team: Team::A,
        kind: kind.into(),
        cards: 1,
        unit: None,
        points: None,
        seat: None,
        trick: None,
        note: String::new(),
    };
    let hand = |kind: &str| Hand { points: 60, penalties: vec![pen(kind)], ..Default::default() };
    let effects = |o: Outcome| o.penalties.iter().map(|x| x.effect).collect::<Vec<_>>();
    let mut reg = Register::default();
    let mut game1 = State::new(&Start::default());
    assert_eq!(effects(apply_in_match(&p, &mut game1, &mut reg, &hand("bury_not_at_once")).unwrap()), [0]);
    assert_eq!(effects(apply_in_match(&p, &mut game1, &mut reg, &hand("check_cards")).unwrap()), [0]);
    let mut game2 = State::new(&Start::default());
    let bad = Hand { points: 3, ..hand("bury_not_at_once") };
    assert!(apply_in_match(&p, &mut game2, &mut reg, &bad).is_err());
    assert_eq!(reg.count(Team::A, "bury_not_at_once"), 1, "a hand refused counts nothing");
    assert_eq!(effects(apply_in_match(&p, &mut game2, &mut reg, &hand("bury_not_at_once")).unwrap()), [80]);
    assert_eq!(effects(apply_in_match(&p, &mut game2, &mut reg, &hand("check_cards")).unwrap()), [0]);
    let third = reg.record(&p.rulings, Ruling::Warning { team: Team::A }, "002 §一5");
    assert_eq!((third.effect, third.warning_no), (Effect::PointsDue(Team::A, 80), Some(3)));
    assert_eq!(reg.count(Team::B, "bury_not_at_once"), 0);
}

/// Only a per-card or per-unit amount asks for a count (RULES.md §1.1): 002's check_cards
/// and bury_not_at_once are a warning ladder, 000's card_count a fixed amount.
#[test]
fn only_per_card_and_per_unit_amounts_count_cards() {
    let counts = |id: &str, kind: &str| {
        builtin_preset(id).unwrap().penalty_rule(kind).unwrap_or_else(|| panic!("{id} {kind}")).amount.counts_cards()
    };
    assert!(counts("chaodipi-10", "wrong_card"));
    assert!(counts("yiyuan-shuangsheng", "failed_throw"));
    assert!(!counts("chaodipi-10", "check_cards"));
    assert!(!counts("chaodipi-10", "bury_not_at_once"));
    assert!(!counts("chaodipi-10", "kitty_count"));
    assert!(!Amount::Referee.counts_cards());
    assert!(!Amount::GameLost.counts_cards());
}
