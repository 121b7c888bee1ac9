use super::*;
use Seat::*;

fn preset(id: &str) -> GuandanPreset {
    builtin_preset(id).unwrap()
}
/// Steps as a zh-CN referee reads them, joined by "; " (no team names: `A` / `B`).
fn zh(steps: &[Step]) -> String {
    crate::i18n::steps_text(crate::i18n::Lang::ZhCn, steps, crate::i18n::Names::default())
}
fn rk(s: &str) -> Rank {
    Rank::parse(s).unwrap()
}
fn hand(o: [Seat; 4]) -> Hand {
    Hand::new(FinishOrder::new(o).unwrap())
}
fn at(a: &str, b: &str, d: Option<Team>) -> GuandanState {
    GuandanState::new(PerTeam::new(rk(a), rk(b)), d)
}
fn levels(s: &GuandanState) -> (String, String) {
    (s.levels.a.to_string(), s.levels.b.to_string())
}
fn card(r: &str, suit: Option<Suit>) -> Card {
    Card { rank: CardRank::parse(r).unwrap(), suit }
}

#[test]
fn rulings_and_time_up() {
    let p = preset("guandan-3-2-1");
    let s = GuandanState::new(PerTeam::new(rk("4"), rk("2")), Some(Team::A));
    let s2 = apply_ruling(&p, &s, Ruling::LevelPenalty { team: Team::A, levels: 5 }).unwrap();
    assert_eq!(s2.levels, PerTeam::new(Rank::TWO, Rank::TWO));
    assert_eq!(s2.declarer, Some(Team::A));
    let lost = apply_ruling(&p, &s, Ruling::GameLost { team: Team::A }).unwrap();
    assert_eq!(lost.winner, Some(Team::B));
    assert!(apply(&p, &lost, &hand([N, S, E, W])).1.ignored);
    assert_eq!(time_up(&p, &lost), Err(RulingError::GameOver { winner: Team::B }));
    // Equal levels at the time limit: the declarer by default, the other team in 004 第五篇.
    let tie = GuandanState::new(PerTeam::new(rk("5"), rk("5")), Some(Team::A));
    assert_eq!(time_up(&p, &tie).unwrap().winner, Some(Team::A));
    let ko = preset("guandan-knockout-60");
    assert_eq!(time_up(&ko, &tie).unwrap().time_verdict, Some(TimeVerdict::Winner(Team::B)));
    let fixed = preset("jiankang-guandan");
    assert_eq!(
        apply_ruling(&fixed, &GuandanState::fresh(), Ruling::LevelPenalty { team: Team::A, levels: 1 }),
        Err(RulingError::FixedLevel)
    );
}

#[test]
fn knockout_reaching_a_wins_at_once() {
    let ko = preset("guandan-knockout-60");
    let s = GuandanState::new(PerTeam::new(rk("J"), rk("3")), Some(Team::B));
    let (next, o) = apply(&ko, &s, &hand([S, N, E, W]));
    assert_eq!((next.levels.a, next.winner), (Rank::ACE, Some(Team::A)));
    assert_eq!(o.a_attempt, Some(AAttempt::Passed { team: Team::A }));
    // The same hand in a preset that must pass A only reaches A.
    let (next, _) = apply(&preset("guandan-3-2-1"), &s, &hand([S, N, E, W]));
    assert_eq!((next.levels.a, next.winner), (Rank::ACE, None));
}

#[test]
fn presets_have_the_five_ids_and_unique_names() {
    let ids: Vec<String> = builtin_presets().into_iter().map(|p| p.id).collect();
    assert_eq!(
        ids,
        ["guandan-3-2-1", "guandan-5-3-1", "jiankang-guandan", "guandan-shift-3rounds", "guandan-knockout-60"]
    );
    for p in builtin_presets() {
        assert!(!p.name.is_empty() && !p.source.is_empty());
    }
}

#[test]
fn preset_round_trips_through_json_and_readings_name_real_fields() {
    for p in builtin_presets() {
        let v = serde_json::to_value(&p).unwrap();
        let back: GuandanPreset = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back, p);
        for r in &p.readings {
            let mut cur = &v;
            for part in r.split('.') {
                cur = cur.get(part).unwrap_or_else(|| panic!("{}: reading {r} is no field", p.id));
            }
        }
    }
}

#[test]
fn finishing_order_rejects_repeats() {
    assert_eq!(FinishOrder::new([N, S, N, W]), Err(RepeatedSeat(N)));
    assert!(serde_json::from_str::<FinishOrder>(r#"["N","N","E","W"]"#).is_err());
    let o: FinishOrder = serde_json::from_str(r#"["E","N","W","S"]"#).unwrap();
    assert_eq!((o.winners(), o.finish()), (Team::B, Finish::OneThree));
}

#[test]
fn upgrade_by_partner_place_3_2_1() {
    let p = preset("guandan-3-2-1");
    for (o, want) in [([N, S, E, W], "5"), ([N, E, S, W], "4"), ([N, E, W, S], "3")] {
        let s = replay(&p, &GuandanState::fresh(), &[hand(o)]);
        assert_eq!(s.levels.a.to_string(), want);
        assert_eq!(s.declarer, Some(Team::A));
    }
}

#[test]
fn upgrade_by_partner_place_5_3_1() {
    let p = preset("guandan-5-3-1");
    let s = replay(&p, &GuandanState::fresh(), &[hand([W, E, N, S])]);
    assert_eq!(levels(&s), ("2".into(), "7".into()));
    let s = replay(&p, &GuandanState::fresh(), &[hand([W, N, S, E])]);
    assert_eq!(s.levels.b, rk("3"));
}

#[test]
fn rise_stops_at_a_and_says_so() {
    let p = preset("guandan-3-2-1");
    let r = replay_detailed(&p, &at("Q", "2", Some(Team::A)), &[hand([S, N, W, E])]);
    assert_eq!(r.state.levels.a, Rank::ACE);
    assert_eq!(r.state.winner, None);
    let o = &r.outcomes[0];
    assert_eq!((o.upgrade, o.rise), (3, 2));
    assert_eq!(zh(&o.rule), "004 第一篇 §五: 双下 +3");
    assert!(o.notes.iter().any(|n| zh(std::slice::from_ref(n)).contains("不越过A")));
}

#[test]
fn reaching_a_as_non_declarer_is_not_a_pass() {
    // B stands at A but A's level is played: B's 双下 keeps B at A, no winner.
    let p = preset("guandan-3-2-1");
    let s = replay(&p, &at("5", "A", Some(Team::A)), &[hand([E, W, N, S])]);
    assert_eq!(s.winner, None);
    assert_eq!(s.declarer, Some(Team::B));
    // Next hand B plays its own A and passes.
    let s = replay(&p, &s, &[hand([E, N, W, S])]);
    assert_eq!(s.winner, Some(Team::B));
}

#[test]
fn pass_a_needs_partner_not_last() {
    let p = preset("guandan-3-2-1");
    let s = replay(&p, &at("A", "10", Some(Team::A)), &[hand([N, E, S, W])]);
    assert_eq!(s.winner, Some(Team::A));
    let s = replay(&p, &at("A", "10", Some(Team::A)), &[hand([N, E, W, S])]);
    assert_eq!(s.winner, None);
    assert_eq!(s.a_failures, PerTeam::new(1, 0));
    // Same hand with the parameter off: passes.
    let mut q = p.clone();
    q.a_rule.partner_not_last = false;
    let s = replay(&q, &at("A", "10", Some(Team::A)), &[hand([N, E, W, S])]);
    assert_eq!(s.winner, Some(Team::A));
}

#[test]
fn three_failures_send_back_to_two() {
    let p = preset("guandan-3-2-1");
    let r = replay_detailed(
        &p,
        &at("A", "9", Some(Team::A)),
        &[hand([N, E, W, S]), hand([N, W, E, S]), hand([E, N, W, S])],
    );
    assert_eq!(levels(&r.state), ("2".into(), "J".into()));
    assert_eq!(r.state.declarer, Some(Team::B));
    assert_eq!(r.state.a_failures, PerTeam::new(0, 0));
    assert_eq!(r.outcomes[1].a_attempt, Some(AAttempt::Failed { team: Team::A, count: 2 }));
    assert_eq!(r.outcomes[2].a_attempt, Some(AAttempt::FellBack { team: Team::A, count: 3, to: Rank::TWO }));
}

#[test]
fn no_fallback_when_a_must_be_played() {
    let p = preset("guandan-5-3-1");
    let hands: Vec<Hand> = (0..10).map(|_| hand([N, E, W, S])).collect();
    let s = replay(&p, &at("A", "9", Some(Team::A)), &hands);
    assert_eq!(s.levels.a, Rank::ACE);
    assert_eq!(s.a_failures.a, 10);
    assert_eq!(s.winner, None);
}

#[test]
fn out_of_turn_gives_opponents_a_level_and_two_warnings_are_a_foul() {
    let p = preset("guandan-3-2-1");
    let mut h = hand([N, S, E, W]);
    h.fouls.push(Foul { team: Team::A, kind: FoulKind::OutOfTurn, seat: Some(N), note: None });
    let r = replay_detailed(&p, &GuandanState::fresh(), &[h]);
    assert_eq!(levels(&r.state), ("5".into(), "3".into()));
    assert_eq!(r.outcomes[0].fouls[0].levels_to_opponents, 1);

    let mut h = hand([N, S, E, W]);
    for _ in 0..3 {
        h.fouls.push(Foul { team: Team::B, kind: FoulKind::Warning, seat: None, note: None });
    }
    let s = replay(&p, &GuandanState::fresh(), &[h]);
    assert_eq!(levels(&s), ("6".into(), "2".into()), "3 warnings = 1 foul → A +1");
}

#[test]
fn foul_levels_stop_at_a_and_do_not_pass_it() {
    let p = preset("guandan-3-2-1");
    let mut h = hand([E, W, N, S]);
    h.fouls.push(Foul { team: Team::B, kind: FoulKind::OutOfTurn, seat: None, note: None });
    h.fouls.push(Foul { team: Team::B, kind: FoulKind::OutOfTurn, seat: None, note: None });
    let s = replay(&p, &at("K", "2", Some(Team::A)), &[h]);
    assert_eq!(s.levels.a, Rank::ACE);
    assert_eq!(s.winner, None);
}

#[test]
fn foul_without_level_effect_is_recorded() {
    let p = preset("guandan-shift-3rounds");
    let mut h = hand([N, S, E, W]);
    h.fouls.push(Foul { team: Team::A, kind: FoulKind::OutOfTurn, seat: None, note: None });
    let r = replay_detailed(&p, &GuandanState::fresh(), &[h]);
    assert_eq!(r.state.levels.b, Rank::TWO);
    assert_eq!(r.outcomes[0].fouls.len(), 1);
}

#[test]
fn validate_hand_checks_foul_seat() {
    let mut h = hand([N, S, E, W]);
    h.fouls.push(Foul { team: Team::A, kind: FoulKind::Warning, seat: Some(E), note: None });
    assert_eq!(validate_hand(&h), Err(vec![HandError::FoulSeatNotInTeam { foul: 0, seat: E, team: Team::A }]));
}

#[test]
fn deal_points_jiankang() {
    let p = preset("jiankang-guandan");
    let r = replay_detailed(&p, &GuandanState::fresh(), &[hand([N, S, E, W]), hand([E, N, W, S]), hand([S, E, W, N])]);
    assert_eq!(r.state.points, Some(PerTeam::new(6, 3)));
    assert_eq!(r.state.double_wins, PerTeam::new(1, 0));
    assert_eq!(r.state.levels, PerTeam::new(Rank::TWO, Rank::TWO), "levels do not move");
    assert_eq!(r.outcomes[0].level_played, Some(rk("7")));
    assert_eq!(zh(&r.outcomes[0].rule), "000 §四(二)4: 双上 A 积5分, 输方0分");
}

#[test]
fn round_scores_shift() {
    let p = preset("guandan-shift-3rounds");
    let s = replay(&p, &at("K", "10", Some(Team::A)), &[hand([N, S, E, W]), hand([S, E, N, W])]);
    assert_eq!(s.winner, Some(Team::A));
    assert_eq!(s.round_scores, Some(PerTeam::new(105, 8)));
    // Nobody passed A: levels gained, capped at 12.
    let s = replay(&p, &GuandanState::fresh(), &[hand([N, S, E, W])]);
    assert_eq!(s.round_scores, Some(PerTeam::new(3, 0)));
    // Level difference capped at 15: winner vs loser still at 2 → 100 + min(15, 13).
    let s = replay(&p, &at("A", "2", Some(Team::A)), &[hand([N, S, E, W])]);
    assert_eq!(s.round_scores, Some(PerTeam::new(113, 0)));
    assert_eq!(p.round_scoring.unwrap().max_per_round() * 3, 345);
}

#[test]
fn forfeit_gives_the_game_and_the_forfeit_score() {
    let p = preset("jiankang-guandan");
    let mut f = hand([N, S, E, W]);
    f.forfeit = Some(Forfeit { team: Team::B, reason: ForfeitReason::Late, minutes_late: Some(12) });
    let r = replay_detailed(&p, &GuandanState::fresh(), &[hand([E, W, N, S]), f, hand([E, W, N, S])]);
    assert_eq!(r.state.winner, Some(Team::A));
    assert_eq!(r.state.points, Some(PerTeam::new(18, 0)), "000 §四: 弃权 18:0");
    assert_eq!(r.state.hands_played, 1, "a forfeit is not a hand");
    assert!(r.outcomes[2].ignored);
    // Level presets: the other team wins, levels stay.
    let q = preset("guandan-3-2-1");
    let mut f = hand([E, W, N, S]);
    f.forfeit = Some(Forfeit { team: Team::A, reason: ForfeitReason::Absent, minutes_late: None });
    let s = replay(&q, &at("5", "3", Some(Team::A)), &[f]);
    assert_eq!((s.winner, levels(&s)), (Some(Team::B), ("5".into(), "3".into())));
    // JSON: the field is optional and omitted when absent.
    let j = serde_json::to_string(&hand([N, S, E, W])).unwrap();
    assert!(!j.contains("forfeit"));
}

#[test]
fn hands_after_the_win_are_ignored() {
    let p = preset("guandan-3-2-1");
    let r = replay_detailed(&p, &at("A", "2", Some(Team::A)), &[hand([N, S, E, W]), hand([E, W, N, S])]);
    assert_eq!(r.state.winner, Some(Team::A));
    assert_eq!(r.state.levels.b, Rank::TWO);
    assert!(r.outcomes[1].ignored);
    assert_eq!(r.state.hands_played, 1);
}

#[test]
fn preview_does_not_mutate_and_matches_apply() {
    let p = preset("guandan-3-2-1");
    let s = at("4", "6", Some(Team::B));
    let before = s.clone();
    let o = preview(&p, &s, &hand([N, E, S, W]));
    assert_eq!(s, before);
    assert_eq!(o.levels_after.a, rk("6"));
    assert_eq!(o.next_declarer, Some(Team::A));
    assert_eq!(o.next_level, Some(rk("6")));
}

#[test]
fn tribute_due_single_and_double() {
    let p = preset("guandan-3-2-1");
    let d = tribute_due(&p, &FinishOrder::new([N, S, E, W]).unwrap());
    assert_eq!(d.kind, TributeKind::Double);
    assert_eq!((d.payers.clone(), d.receivers.clone()), (vec![E, W], vec![N, S]));
    assert_eq!(d.lead, LeadRule::LargerTribute { tie: TieLead::SmallerReturnThenNextOfFirst, next_of_first: W });
    assert_eq!(d.lead_if_resisted, N);

    let d = tribute_due(&p, &FinishOrder::new([N, E, S, W]).unwrap());
    assert_eq!((d.kind, d.payers.clone(), d.receivers.clone()), (TributeKind::Single, vec![W], vec![N]));
    assert_eq!(d.lead, LeadRule::Payer { seat: W });

    // 一四游: literal reading — 末游 (the partner) pays; the other reading is a parameter.
    let o = FinishOrder::new([N, E, W, S]).unwrap();
    assert_eq!(tribute_due(&p, &o).payers, vec![S]);
    let mut q = p.clone();
    q.tribute.single_payer = SinglePayer::LastOpponent;
    assert_eq!(tribute_due(&q, &o).payers, vec![W]);
}

#[test]
fn the_next_hand_at_own_a_is_an_attempt() {
    let p = preset("guandan-3-2-1");
    assert_eq!(next_attempt_at_a(&p, &at("A", "5", Some(Team::A))), Some((Team::A, 1)));
    let mut s = at("A", "5", Some(Team::A));
    s.a_failures.a = 2;
    assert_eq!(next_attempt_at_a(&p, &s), Some((Team::A, 3)));
    assert_eq!(next_attempt_at_a(&p, &at("A", "5", Some(Team::B))), None);
    assert_eq!(next_attempt_at_a(&p, &at("A", "A", None)), None);
    s.winner = Some(Team::A);
    assert_eq!(next_attempt_at_a(&p, &s), None);
}

#[test]
fn tribute_receivers_follow_the_cards() {
    let p = preset("guandan-3-2-1");
    let d = tribute_due(&p, &FinishOrder::new([N, S, E, W]).unwrap());
    let (ace, king) = (card("A", Some(Suit::S)), card("K", Some(Suit::S)));
    assert_eq!(d.receivers_for(&[Some(ace), Some(king)], Rank::TWO), vec![N, S]);
    assert_eq!(d.receivers_for(&[Some(king), Some(ace)], Rank::TWO), vec![S, N]);
    assert_eq!(d.receivers_for(&[Some(king), None], Rank::TWO), vec![N, S]);
    let single = tribute_due(&p, &FinishOrder::new([N, E, S, W]).unwrap());
    assert_eq!(single.receivers_for(&[Some(ace)], Rank::TWO), vec![N]);
    assert_eq!(single.receivers_for(&[], Rank::TWO), vec![N]);
}

#[test]
fn card_power_puts_level_card_above_ace() {
    let l = rk("5");
    let order = ["2", "3", "4", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "5", "SJ", "BJ"];
    for w in order.windows(2) {
        assert!(card(w[0], None).power(l) < card(w[1], None).power(l), "{} < {}", w[0], w[1]);
    }
    assert!(card("5", Some(Suit::H)).is_heart_level_card(l));
    assert!(!card("5", Some(Suit::S)).is_heart_level_card(l));
    let c: Card = serde_json::from_str(r#"{"rank":"BJ"}"#).unwrap();
    assert_eq!(c.to_string(), "大王");
}

fn pay(from: Seat, to: Seat, c: Card, ret: Card) -> TributePayment {
    TributePayment { from, to, card: c, returned: Some(ret), highest_confirmed: true }
}

#[test]
fn tribute_single_valid_and_errors() {
    let p = preset("guandan-3-2-1");
    let due = tribute_due(&p, &FinishOrder::new([N, E, S, W]).unwrap());
    let ok = TributeRecord {
        resisted: false,
        big_jokers_confirmed: false,
        payments: vec![pay(W, N, card("A", Some(Suit::S)), card("3", None))],
        leads: Some(W),
    };
    assert_eq!(validate_tribute(&p, &due, rk("5"), &ok), Ok(vec![W]));

    let mut bad = ok.clone();
    bad.payments[0].returned = Some(card("J", None));
    bad.payments[0].card = card("5", Some(Suit::H));
    bad.payments[0].highest_confirmed = false;
    bad.leads = Some(N);
    let errs = validate_tribute(&p, &due, rk("5"), &bad).unwrap_err();
    assert!(errs.contains(&TributeError::HeartLevelCard { from: W }));
    assert!(errs.contains(&TributeError::HighestNotConfirmed { from: W }));
    assert!(errs.contains(&TributeError::ReturnTooHigh { by: N, card: card("J", None), max: rk("10") }));
    assert!(errs.contains(&TributeError::WrongLeader { expected: vec![W], got: N }));

    let mut wrong = ok.clone();
    wrong.payments[0].from = E;
    let errs = validate_tribute(&p, &due, rk("5"), &wrong).unwrap_err();
    assert_eq!(errs, vec![TributeError::WrongPayer { seat: E, expected: vec![W] }]);
}

#[test]
fn tribute_resist_needs_both_big_jokers_and_first_leads() {
    let p = preset("guandan-3-2-1");
    let due = tribute_due(&p, &FinishOrder::new([N, S, E, W]).unwrap());
    let mut rec = TributeRecord { resisted: true, big_jokers_confirmed: false, payments: vec![], leads: Some(N) };
    assert_eq!(validate_tribute(&p, &due, rk("2"), &rec), Err(vec![TributeError::ResistWithoutBigJokers]));
    rec.big_jokers_confirmed = true;
    assert_eq!(validate_tribute(&p, &due, rk("2"), &rec), Ok(vec![N]));
    rec.leads = Some(E);
    assert!(validate_tribute(&p, &due, rk("2"), &rec).is_err());
}

#[test]
fn double_tribute_larger_leads_and_ties() {
    let p = preset("guandan-3-2-1");
    let due = tribute_due(&p, &FinishOrder::new([N, S, E, W]).unwrap());
    // Level 5: a 5 beats an A.
    let rec = TributeRecord {
        resisted: false,
        big_jokers_confirmed: false,
        payments: vec![
            pay(E, S, card("A", None), card("4", None)),
            pay(W, N, card("5", Some(Suit::S)), card("3", None)),
        ],
        leads: None,
    };
    assert_eq!(validate_tribute(&p, &due, rk("5"), &rec), Ok(vec![W]));
    // Larger card to the 2nd: error.
    let mut swapped = rec.clone();
    swapped.payments[0].to = N;
    swapped.payments[1].to = S;
    assert_eq!(validate_tribute(&p, &due, rk("5"), &swapped), Err(vec![TributeError::LargerNotToFirst { first: N }]));
    // Equal cards: smaller return leads; equal returns → 头游's 下家 (W after N).
    let mut tie = rec.clone();
    tie.payments[1].card = card("A", None);
    assert_eq!(validate_tribute(&p, &due, rk("5"), &tie), Ok(vec![W]));
    tie.payments[1].returned = Some(card("4", None));
    assert_eq!(validate_tribute(&p, &due, rk("5"), &tie), Ok(vec![W]));
    tie.payments[0].returned = Some(card("2", None));
    assert_eq!(validate_tribute(&p, &due, rk("5"), &tie), Ok(vec![E]));
    // 5-3-1: payers choose.
    let q = preset("guandan-5-3-1");
    let due_q = tribute_due(&q, &FinishOrder::new([N, S, E, W]).unwrap());
    assert_eq!(validate_tribute(&q, &due_q, rk("5"), &tie), Ok(vec![E, W]));
}

#[test]
fn tribute_in_replay_is_checked_against_previous_hand() {
    let p = preset("guandan-3-2-1");
    let mut h2 = hand([E, N, W, S]);
    h2.tribute = Some(TributeRecord {
        resisted: false,
        big_jokers_confirmed: false,
        payments: vec![pay(W, N, card("BJ", None), card("2", None))],
        leads: Some(W),
    });
    let mut h1 = hand([N, E, S, W]);
    h1.tribute = h2.tribute.clone();
    let r = replay_detailed(&p, &GuandanState::fresh(), &[h1, h2]);
    assert_eq!(r.outcomes[0].tribute_errors, vec![TributeError::NoneDue]);
    assert!(r.outcomes[1].tribute_errors.is_empty());
    assert_eq!(r.outcomes[1].led_by, Some(W));
}

#[test]
fn state_deserializes_from_case_start_shape() {
    let s: GuandanState = serde_json::from_str(r#"{"levels":{"A":"2","B":"10"},"declarer":null}"#).unwrap();
    assert_eq!(s, at("2", "10", None));
    assert!(serde_json::from_str::<GuandanState>(r#"{"levels":{"A":"2","B":"2"},"declarer":null,"x":1}"#).is_err());
    let h: Result<Hand, _> =
        serde_json::from_str(r#"{"order":["N","S","E","W"],"fouls":[{"team":"A","kind":"bogus"}]}"#);
    assert!(h.is_err());
}

// ---- property tests -------------------------------------------------------------

use proptest::prelude::*;

fn seat_perm() -> impl Strategy<Value = FinishOrder> {
    Just([N, E, S, W]).prop_shuffle().prop_map(|v| FinishOrder::new(v).unwrap())
}
fn foul() -> impl Strategy<Value = Foul> {
    (
        prop_oneof![Just(Team::A), Just(Team::B)],
        prop_oneof![Just(FoulKind::OutOfTurn), Just(FoulKind::Warning), Just(FoulKind::Other)],
    )
        .prop_map(|(team, kind)| Foul { team, kind, seat: None, note: None })
}
fn any_hand() -> impl Strategy<Value = Hand> {
    (seat_perm(), prop::collection::vec(foul(), 0..3)).prop_map(|(order, fouls)| Hand {
        order,
        fouls,
        tribute: None,
        forfeit: None,
    })
}
fn any_start() -> impl Strategy<Value = GuandanState> {
    (0u8..13, 0u8..13, prop_oneof![Just(None), Just(Some(Team::A)), Just(Some(Team::B))]).prop_map(|(a, b, d)| {
        GuandanState::new(PerTeam::new(Rank::from_index(a).unwrap(), Rank::from_index(b).unwrap()), d)
    })
}
fn any_preset() -> impl Strategy<Value = GuandanPreset> {
    (0usize..4).prop_map(|i| builtin_presets().swap_remove(i))
}

proptest! {
    #[test]
    fn levels_stay_on_the_ladder(p in any_preset(), start in any_start(), hands in prop::collection::vec(any_hand(), 0..40)) {
        let r = replay_detailed(&p, &start, &hands);
        prop_assert!(r.state.levels.a.index() <= 12 && r.state.levels.b.index() <= 12);
        for o in &r.outcomes {
            prop_assert!(o.levels_after.a <= Rank::ACE && o.levels_after.b <= Rank::ACE);
            prop_assert!(o.levels_after.a >= Rank::TWO && o.levels_after.b >= Rank::TWO);
        }
        if let Some(max) = p.a_rule.max_failures {
            prop_assert!(r.state.a_failures.a < max && r.state.a_failures.b < max);
        }
    }

    #[test]
    fn replay_is_deterministic(p in any_preset(), start in any_start(), hands in prop::collection::vec(any_hand(), 0..40)) {
        prop_assert_eq!(replay_detailed(&p, &start, &hands), replay_detailed(&p, &start, &hands));
    }

    #[test]
    fn replay_equals_step_by_step(p in any_preset(), start in any_start(), hands in prop::collection::vec(any_hand(), 1..20)) {
        let all = replay(&p, &start, &hands);
        let (init, last) = hands.split_at(hands.len() - 1);
        let mid = replay(&p, &start, init);
        prop_assert_eq!(apply(&p, &mid, &last[0]).0, all);
    }

    #[test]
    fn deal_points_never_negative_and_sum_per_hand(hands in prop::collection::vec(any_hand(), 0..40)) {
        let p = builtin_preset("jiankang-guandan").unwrap();
        let r = replay_detailed(&p, &GuandanState::fresh(), &hands);
        let pts = r.state.points.unwrap();
        let total: u32 = r.outcomes.iter().map(|o| o.points.unwrap().a + o.points.unwrap().b).sum();
        prop_assert_eq!(pts.a + pts.b, total);
        prop_assert!(pts.a as i64 >= 0 && pts.b as i64 >= 0);
        prop_assert!(pts.a + pts.b <= 5 * hands.len() as u32);
    }

    #[test]
    fn winner_only_by_passing_own_a(p in any_preset(), start in any_start(), hands in prop::collection::vec(any_hand(), 0..40)) {
        let r = replay_detailed(&p, &start, &hands);
        for o in &r.outcomes {
            if let Some(AAttempt::Passed { team }) = o.a_attempt {
                prop_assert_eq!(o.declarer_before, Some(team));
                prop_assert_eq!(o.levels_before[team], Rank::ACE);
            }
        }
        if let Some(w) = r.state.winner {
            let passed = Some(AAttempt::Passed { team: w });
            let earned = r.outcomes.iter().any(|o| o.a_attempt == passed);
            prop_assert!(start.winner == Some(w) || earned);
        }
        if let Some(rs) = r.state.round_scores {
            prop_assert!(rs.a <= 115 && rs.b <= 115);
        }
    }
}

#[test]
fn every_builtin_preset_names_its_announce_rule_and_older_copies_read() {
    for p in builtin_presets() {
        assert!(p.announce.starts_with("报牌"), "{}", p.id);
    }
    // A copy stored before the field existed still reads (no announce rule shown).
    let mut v = serde_json::to_value(preset("guandan-3-2-1")).unwrap();
    v.as_object_mut().unwrap().remove("announce");
    let p: GuandanPreset = serde_json::from_value(v).unwrap();
    assert!(p.announce.is_empty());
}

/// A double tribute (双贡) whose payers are 北 and 南 (东 头游, 西 二游): each payer's box is
/// labelled with the receiver the engine gives its card to, and the stored payments are
/// exactly those pairs with the returns typed in those boxes — also when the second payer's
/// card is the larger, and when the level card (larger than A) decides.
#[test]
fn double_tribute_is_stored_as_labelled() {
    let p = preset("guandan-3-2-1");
    let due = tribute_due(&p, &FinishOrder::new([E, W, N, S]).unwrap());
    assert_eq!((due.kind, due.payers.clone(), due.receivers.clone()), (TributeKind::Double, vec![N, S], vec![E, W]));
    let level = rk("5");
    let entry = |c: &str, s: Suit, r: &str| TributeEntry {
        card: Some(card(c, Some(s))),
        returned: Some(card(r, Some(Suit::C))),
        highest_confirmed: true,
    };
    // No card chosen yet: in payer order.
    assert_eq!(due.pairs(&[None, None], level), vec![(N, E), (S, W)]);
    // 南's A is the larger: 南 → 东 (头游), 北 → 西.
    let entered = [entry("3", Suit::S, "4"), entry("A", Suit::H, "6")];
    let labels = due.pairs(&[entered[0].card, entered[1].card], level);
    assert_eq!(labels, vec![(N, W), (S, E)]);
    let stored = due.payments(&entered, level);
    assert_eq!(stored.iter().map(|x| (x.from, x.to)).collect::<Vec<_>>(), labels);
    assert_eq!(stored.iter().map(|x| x.returned).collect::<Vec<_>>(), vec![entered[0].returned, entered[1].returned]);
    let record = TributeRecord { resisted: false, big_jokers_confirmed: false, payments: stored, leads: None };
    assert_eq!(validate_tribute(&p, &due, level, &record), Ok(vec![S]));
    // 北's 5 is the level card while 5 is played, larger than 南's A: 北 → 东, 南 → 西.
    let entered = [entry("5", Suit::S, "4"), entry("A", Suit::H, "6")];
    let labels = due.pairs(&[entered[0].card, entered[1].card], level);
    assert_eq!(labels, vec![(N, E), (S, W)]);
    let stored = due.payments(&entered, level);
    assert_eq!(stored.iter().map(|x| (x.from, x.to)).collect::<Vec<_>>(), labels);
    // A card not chosen yet stores nothing for that payer; the other keeps its label.
    let partial = due.payments(&[entry("3", Suit::S, "4"), TributeEntry::default()], level);
    assert_eq!(partial.iter().map(|x| (x.from, x.to)).collect::<Vec<_>>(), vec![(N, E)]);
}

/// RULES.md §2 `guandan-shift-3rounds` (004 第三篇 §二(七)2 「先打过A的获胜方可得到100+级差分数…
/// 输方不扣分，升级时可得分，但得分最高不超过12分」; §二(一)5 time up → the previous hand
/// stands): a round cut by time was passed by nobody, so the team leading at the limit scores
/// its levels gained, not 100 + the level difference.
#[test]
fn shift_round_cut_by_time_scores_levels_gained_only() {
    let p = preset("guandan-shift-3rounds");
    let s = replay(&p, &GuandanState::fresh(), &[hand([N, S, E, W]), hand([E, N, W, S])]);
    assert_eq!(levels(&s), ("5".to_string(), "4".to_string()));
    let t = time_up(&p, &s).unwrap();
    assert_eq!(t.winner, Some(Team::A), "the leading team wins the round's time verdict");
    assert_eq!(t.round_scores, Some(PerTeam::new(3, 2)));
    // Passing A still scores 100 + the level difference.
    let s = replay(&p, &at("A", "4", Some(Team::A)), &[hand([N, E, S, W])]);
    assert_eq!(s.round_scores, Some(PerTeam::new(111, 2)));
}
