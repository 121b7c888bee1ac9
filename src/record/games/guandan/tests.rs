use super::*;
use crate::record::replay::MatchView;
use crate::record::{schema, Entry};
use crate::rules::guandan::{
    AAttempt, Card, CardRank, FinishOrder, Forfeit, Foul, FoulKind, Suit, TributeKind, TributePayment, TributeRecord,
};
use Seat::*;

fn h(o: [Seat; 4]) -> Hand {
    Hand::new(FinishOrder::new(o).unwrap())
}
fn op(hand: Hand) -> Op {
    Op::Hand { hand: HandInput::Guandan(hand) }
}
fn push(m: &mut Match, id: &str, o: Op) {
    let at = m.entries.len() as f64 * 1000.0;
    m.append(Entry { after: None, id: id.into(), at_ms: at, op: o }).unwrap();
}
fn view(m: &Match) -> GuandanView {
    match crate::record::replay::replay(m) {
        MatchView::Guandan(v) => v,
        _ => panic!("a 掼蛋 match"),
    }
}
fn rk(s: &str) -> Rank {
    Rank::parse(s).unwrap()
}
fn card(r: &str, suit: Option<Suit>) -> Card {
    Card { rank: CardRank::parse(r).unwrap(), suit }
}

/// The e2e game: 一三游, then 双下 ×4 (the last one stops at A), one failed attempt at
/// A (一四游), then A passes.
fn full_game() -> Match {
    let mut m = blank("g1", "guandan-3-2-1", 0.0).unwrap();
    push(&mut m, "clock", Op::Clock { action: ClockAction::Start, elapsed_ms: None });
    push(&mut m, "h1", op(h([N, E, S, W])));
    let mut h2 = h([N, S, E, W]);
    h2.tribute = Some(TributeRecord {
        resisted: false,
        big_jokers_confirmed: false,
        payments: vec![TributePayment {
            from: W,
            to: N,
            card: card("A", Some(Suit::S)),
            returned: Some(card("3", Some(Suit::C))),
            highest_confirmed: true,
        }],
        leads: Some(W),
    });
    push(&mut m, "h2", op(h2));
    for i in 3..=5 {
        push(&mut m, &format!("h{i}"), op(h([N, S, E, W])));
    }
    push(&mut m, "h6", op(h([N, E, W, S])));
    push(&mut m, "h7", op(h([S, N, W, E])));
    m
}

#[test]
fn a_level_penalty_and_a_game_lost_by_ruling() {
    use crate::rules::Ruling;
    let mut m = blank("g2", "guandan-3-2-1", 0.0).unwrap();
    push(&mut m, "h1", op(h([N, S, E, W]))); // A 双下 +3 → 5
    let ruling = |ruling| Op::Ruling {
        ruling,
        player: None,
        board: None,
        reason: String::new(),
        rule: "004 第三篇 §五2(1)".into(),
        referee: "李".into(),
    };
    push(&mut m, "lp", ruling(Ruling::LevelPenalty { team: Team::A, levels: 2 }));
    assert_eq!(view(&m).current().state.levels.a, rk("3"));
    push(&mut m, "gl", ruling(Ruling::GameLost { team: Team::A }));
    assert_eq!(view(&m).current().winner, Some(Team::B));
    let mut more = m.clone();
    let err = more.append_replayed(Entry { after: None, id: "h2".into(), at_ms: 9.0, op: op(h([E, W, N, S])) });
    assert!(err.is_err(), "no hand after the game was lost by ruling");
    push(&mut m, "undo", Op::Void { target: "gl".into(), reason: String::new() });
    assert_eq!(view(&m).current().winner, None);
}

#[test]
fn forks_are_seen() {
    let mut m = full_game();
    m.entries.truncate(3);
    schema::assert_forks_are_seen(&m, &op(h([N, S, E, W])), &op(h([E, W, N, S])));
}

#[test]
fn full_game_through_a_with_one_failure_and_one_tribute() {
    let m = full_game();
    let v = view(&m);
    assert!(v.first_error().is_none());
    let r = v.current();
    let lv: Vec<String> = r.rows.iter().map(|x| x.outcome().unwrap().levels_after.a.to_string()).collect();
    assert_eq!(lv, ["4", "7", "10", "K", "A", "A", "A"]);
    let o5 = r.rows[4].outcome().unwrap();
    assert_eq!((o5.upgrade, o5.rise), (3, 1), "a rise never skips A");
    assert_eq!(r.rows[5].outcome().unwrap().a_attempt, Some(AAttempt::Failed { team: Team::A, count: 1 }));
    assert_eq!(r.rows[6].before.a_failures.a, 1);
    assert_eq!(r.rows[6].outcome().unwrap().a_attempt, Some(AAttempt::Passed { team: Team::A }));
    assert_eq!(r.winner, Some(Team::A));
    assert!(v.finished);
    assert_eq!(v.match_winner, Some(Team::A));
    assert!(r.clock.running_since.is_none(), "the clock stops when the game is won");
    // The tribute of hand 2 was due from hand 1 (一三游: 末游 W pays 头游 N) and is valid.
    let due = r.rows[1].tribute_due.as_ref().unwrap();
    assert_eq!((due.kind, due.payers.clone()), (TributeKind::Single, vec![W]));
    assert!(r.rows[1].outcome().unwrap().tribute_errors.is_empty());
    assert_eq!(r.rows[1].level, Some(rk("4")));
    assert!(r
        .next_tribute(
            &blank("x", "guandan-3-2-1", 0.0)
                .map(|m| match m.setup {
                    crate::record::Setup::Guandan(s) => s.preset,
                    _ => unreachable!(),
                })
                .unwrap()
        )
        .is_none());
    // The chart has start + 7 points.
    assert_eq!(r.level_series().len(), 8);
}

#[test]
fn a_hand_after_the_win_cannot_count_and_import_refuses_it() {
    let mut m = full_game();
    push(&mut m, "h8", op(h([E, W, N, S])));
    let v = view(&m);
    assert_eq!(v.first_error().map(|(id, _)| id), Some("h8".to_string()));
    assert_eq!(v.current().rows[7].result, Err(RowError::GameOver { winner: Team::A }));
    let e = schema::validate_match(&m).unwrap_err();
    assert!(e.field.starts_with("entries[8].op.hand"), "{e}");
    // Undo (void) the extra hand: clean again.
    push(&mut m, "v8", Op::Void { target: "h8".into(), reason: "undo".into() });
    assert!(schema::validate_match(&m).is_ok());
}

#[test]
fn correcting_an_early_hand_recomputes_everything() {
    let mut m = full_game();
    // Hand 1 was really 双下 for A: 2 → 5, and everything shifts up.
    let c1 = Entry {
        after: None,
        id: "c1".into(),
        at_ms: 1e9,
        op: Op::Correct { target: "h1".into(), hand: HandInput::Guandan(h([N, S, E, W])) },
    };
    // It makes hands 6 and 7 impossible, so it is refused as an entry (Match::append) …
    let err = m.clone().append(c1.clone()).unwrap_err();
    assert_eq!(err.field, crate::record::LATER_HAND);
    // … and the replay of such a log (built by hand here) shows why.
    m.entries.push(c1);
    let v = view(&m);
    let r = v.current();
    assert_eq!(r.rows[0].corrected_ms.len(), 1);
    assert_eq!(r.rows[0].outcome().unwrap().levels_after.a, rk("5"));
    // Now A reaches A after hand 4; hand 5 (双下) passes A; hands 6, 7 cannot count.
    assert_eq!(r.winner, Some(Team::A));
    assert_eq!(r.rows[4].outcome().unwrap().a_attempt, Some(AAttempt::Passed { team: Team::A }));
    assert!(v.first_error().is_some());
    // Hand 2's tribute no longer matches the tribute due (双下 → double): a warning on the
    // row, not a refusal.
    assert!(!r.rows[1].outcome().unwrap().tribute_errors.is_empty());
}

#[test]
fn per_deal_points_round_of_five_and_forfeit() {
    let mut m = blank("j1", "jiankang-guandan", 0.0).unwrap();
    for (i, o) in [[N, S, E, W], [E, N, W, S], [S, E, W, N], [W, E, N, S], [N, E, W, S]].into_iter().enumerate() {
        push(&mut m, &format!("h{i}"), op(h(o)));
    }
    let v = view(&m);
    assert_eq!(v.points_total, Some(PerTeam::new(5 + 1 + 1, 3 + 5)));
    assert_eq!(v.double_wins, PerTeam::new(1, 1));
    assert!(v.current().done() && v.finished);
    assert_eq!(v.match_winner, Some(Team::B));
    assert_eq!(v.current().rows[0].level, Some(rk("7")), "fixed level");
    // A sixth deal cannot count.
    push(&mut m, "h6", op(h([N, S, E, W])));
    assert_eq!(view(&m).current().rows[5].result, Err(RowError::RoundComplete { hands: 5 }));

    // Forfeit 18:0 at the start of a round.
    let mut m = blank("j2", "jiankang-guandan", 0.0).unwrap();
    let mut f = h([N, S, E, W]);
    f.forfeit = Some(Forfeit { team: Team::B, reason: ForfeitReason::Late, minutes_late: Some(15) });
    push(&mut m, "f", op(f));
    let v = view(&m);
    assert_eq!(v.points_total, Some(PerTeam::new(18, 0)));
    assert_eq!(v.current().forfeit, Some(Team::B));
    assert_eq!(v.match_winner, Some(Team::A));
    assert_eq!(v.current().hands, 0);
}

#[test]
fn check_hand_names_the_field() {
    let s = GuandanSetup::new(crate::rules::guandan::builtin_preset("guandan-3-2-1").unwrap());
    let m = blank("c", "guandan-3-2-1", 0.0).unwrap();
    let mut x = h([N, S, E, W]);
    x.fouls.push(Foul { team: Team::A, kind: FoulKind::Warning, seat: Some(E), note: None });
    assert_eq!(check_hand(&m, &s, &x).unwrap_err().field, "fouls[0].seat");
    let mut f = h([N, S, E, W]);
    f.forfeit = Some(Forfeit { team: Team::B, reason: ForfeitReason::Late, minutes_late: Some(6) });
    let e = check_hand(&m, &s, &f).unwrap_err();
    assert_eq!(e.field, "forfeit.minutes_late");
    assert!(e.reason.contains("10"), "{e:?}");
    f.forfeit = Some(Forfeit { team: Team::B, reason: ForfeitReason::Late, minutes_late: Some(10) });
    assert!(check_hand(&m, &s, &f).is_ok());
    // Through the shared entry check the path is prefixed.
    let mut m2 = m.clone();
    let e = m2.append(Entry { after: None, id: "x".into(), at_ms: 0.0, op: op(x) }).unwrap_err();
    assert_eq!(e.field, "op.hand.guandan.fouls[0].seat");
}

#[test]
fn setup_is_validated_and_round_trips() {
    let mut m = blank("s", "guandan-5-3-1", 0.0).unwrap();
    if let crate::record::Setup::Guandan(s) = &mut m.setup {
        s.start.levels = PerTeam::new(rk("5"), rk("2"));
    }
    assert_eq!(schema::validate_match(&m).unwrap_err().field, "setup.start.declarer");
    if let crate::record::Setup::Guandan(s) = &mut m.setup {
        s.start.declarer = Some(Team::A);
        s.preset.a_rule.max_failures = Some(0);
    }
    assert_eq!(schema::validate_match(&m).unwrap_err().field, "setup.preset.a_rule.max_failures");
    let m = full_game();
    let text = schema::export(std::slice::from_ref(&m), 1.0);
    assert_eq!(schema::parse_import(&text).unwrap(), vec![m]);
}

/// A best-of-3 match (guandan-5-3-1) whose first game A won by 双上 at A (hand "h1").
fn game_one_won() -> Match {
    let mut m = blank("b", "guandan-5-3-1", 0.0).unwrap();
    if let crate::record::Setup::Guandan(s) = &mut m.setup {
        s.start = GuandanStart { levels: PerTeam::new(Rank::ACE, rk("2")), declarer: Some(Team::A) };
    }
    push(&mut m, "h1", op(h([N, S, E, W])));
    m
}

#[test]
fn best_of_three_and_time_verdict() {
    let mut m = game_one_won();
    let v = view(&m);
    assert_eq!(v.rounds_won, PerTeam::new(1, 0));
    assert!(v.can_start_next_round());
    let start = crate::rules::shengji::Start::default();
    push(&mut m, "n1", Op::NextGame { start });
    let v = view(&m);
    assert_eq!(v.rounds.len(), 2);
    assert_eq!(v.current().state.levels, PerTeam::new(Rank::TWO, Rank::TWO));
    assert!(v.current().next_tribute(&crate::rules::guandan::builtin_preset("guandan-5-3-1").unwrap()).is_none());

    // Round scoring: the time verdict closes the round, the previous hand stands.
    let mut m = blank("t", "guandan-shift-3rounds", 0.0).unwrap();
    push(&mut m, "c", Op::Clock { action: ClockAction::Start, elapsed_ms: None });
    push(&mut m, "h1", op(h([N, S, E, W])));
    push(&mut m, "tv", Op::TimeVerdict { winner: Team::A, elapsed_ms: None });
    push(&mut m, "h2", op(h([E, W, N, S])));
    let v = view(&m);
    assert_eq!(v.current().time_verdict, Some(Team::A));
    assert_eq!(v.current().winner, None);
    assert_eq!(v.round_score_total, Some(PerTeam::new(3, 0)));
    assert_eq!(v.current().rows[1].result, Err(RowError::TimeUp));
    assert!(v.current().clock.running_since.is_none());
}

/// The next round starts only after this one is over: a second start (two tabs
/// pressing it at once) is refused, and so is deleting the hand that won the round once
/// the next round has started (it would leave round 1 unfinished behind round 2).
#[test]
fn a_next_round_needs_the_round_before_it_over() {
    let mut m = game_one_won();
    let next = || Op::NextGame { start: crate::rules::shengji::Start::default() };
    push(&mut m, "n1", next());
    let at = m.entries.len();
    let err = m.clone().append_replayed(Entry { after: None, id: "n2".into(), at_ms: 1e6, op: next() }).unwrap_err();
    assert_eq!(err.field, crate::record::NOT_PLAYABLE);
    assert_eq!(
        err.reason,
        format!("entries[{at}]: next_game: round 2 is not over (no winner, no time-up, deals left)")
    );
    let err = m
        .clone()
        .append(Entry {
            after: None,
            id: "d1".into(),
            at_ms: 1e6,
            op: Op::Void { target: "h1".into(), reason: "delete".into() },
        })
        .unwrap_err();
    assert_eq!(err.field, crate::record::LATER_HAND);
    assert!(err.reason.contains("next_game: round 1 is not over"), "{}", err.reason);
    // An older log with such an entry (built by hand here) still reads: the entry
    // changes nothing and is listed.
    m.entries.push(Entry { after: None, id: "n2".into(), at_ms: 1e6, op: next() });
    let v = view(&m);
    assert_eq!(v.rounds.len(), 2, "the refused start changes nothing");
    assert_eq!(v.refused.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), ["n2"]);
    assert!(schema::validate_match(&m).is_ok());
    // … and it does not stand in the way of what comes next.
    push(&mut m, "h2", op(h([N, S, E, W])));
}

/// A match of `preset` whose clock starts at 0, with a hand (北南 双下) logged at 59 minutes
/// and a second one (finishing `second`) at 61.
fn clocked(id: &str, preset: &str, second: [Seat; 4]) -> Match {
    let mut m = blank(id, preset, 0.0).unwrap();
    let start = Op::Clock { action: ClockAction::Start, elapsed_ms: None };
    m.append(Entry { after: None, id: "c".into(), at_ms: 0.0, op: start }).unwrap();
    m.append(Entry { after: None, id: "h1".into(), at_ms: 59.0 * 60_000.0, op: op(h([N, S, E, W])) }).unwrap();
    m.append(Entry { after: None, id: "h2".into(), at_ms: 61.0 * 60_000.0, op: op(h(second)) }).unwrap();
    m
}

#[test]
fn hands_logged_after_the_time_limit_are_flagged() {
    let m = clocked("l", "guandan-shift-3rounds", [N, S, E, W]);
    let v = view(&m);
    assert!(!v.current().rows[0].late);
    assert!(v.current().rows[1].late);
    assert!(v.first_error().is_none());
}

#[test]
fn a_match_time_limit_flags_late_hands_as_a_round_limit_does() {
    // guandan-knockout-60: 60 minutes a match (`format.match_minutes`), no round limit.
    let s = match &blank("k", "guandan-knockout-60", 0.0).unwrap().setup {
        crate::record::Setup::Guandan(s) => s.clone(),
        _ => panic!("a 掼蛋 match"),
    };
    assert_eq!(s.preset.format.round_minutes, None);
    assert_eq!(s.preset.format.time_limit_minutes(), Some(60));
    let m = clocked("k", "guandan-knockout-60", [E, W, N, S]);
    let v = view(&m);
    assert!(!v.current().rows[0].late);
    assert!(v.current().rows[1].late);
    // 5 : 5 with 二队 (B) declaring: the engine's verdict at the limit goes to A.
    let st = &v.current().state;
    assert_eq!((st.levels.a, st.levels.b), (rk("5"), rk("5")));
    let at = crate::rules::guandan::time_up(&s.preset, st).unwrap();
    assert_eq!(at.winner, Some(Team::A));
}

/// The home list's line of a 掼蛋 match (RULES.md §2): while the game is on, the levels and
/// hands alone; once the winners pass A, led by "已结束 · <winner> 胜".
#[test]
fn home_line_says_when_the_match_is_over_and_who_won() {
    use crate::bidi::isolated;
    use crate::i18n::Lang;
    let mut m = blank("g1", "guandan-3-2-1", 0.0).unwrap();
    if let crate::record::Setup::Guandan(s) = &mut m.setup {
        s.teams.insert(Team::A, "红队".into());
        s.teams.insert(Team::B, "蓝队".into());
    }
    let line = |m: &Match, l: Lang| match &m.setup {
        crate::record::Setup::Guandan(s) => home_line(l, s, &view(m)),
        _ => unreachable!(),
    };
    let (a, b) = (isolated("红队"), isolated("蓝队"));
    push(&mut m, "h1", op(h([N, S, E, W])));
    assert_eq!(line(&m, Lang::ZhCn), format!("掼蛋 · {a} 5 : 2 {b} · 1 副"));
    // 双下 until the winners pass A.
    for i in 2..20 {
        push(&mut m, &format!("h{i}"), op(h([N, S, E, W])));
        if view(&m).finished {
            break;
        }
    }
    assert!(view(&m).finished);
    let n = m.entries.len();
    assert_eq!(line(&m, Lang::ZhCn), format!("已结束 · {a} 胜 · 掼蛋 · {a} A : 2 {b} · {n} 副"));
    assert_eq!(line(&m, Lang::ZhTw), format!("已結束 · {a} 勝 · 摜蛋 · {a} A : 2 {b} · {n} 副"));
}

fn warn(team: Team) -> Op {
    crate::record::rulings_tests::ruling(crate::rules::Ruling::Warning { team }, "004 第一篇 §六2")
}

/// 004 第一篇 §六2 (RULES.md §0 **[r2]**): two warnings to a team given on the ruling panel
/// during a hand are one foul in that hand, as two entered with the hand are: the next hand
/// scored gives the opponents +1, and the sheet counts the two warnings.
#[test]
fn ruling_panel_warnings_are_fouls_of_the_hand_in_progress() {
    use crate::rules::ruling::Effect;
    let mut m = blank("g1", "guandan-3-2-1", 0.0).unwrap();
    push(&mut m, "w1", warn(Team::A));
    push(&mut m, "w2", warn(Team::A));
    let v = view(&m);
    let counted = v.current().rulings.iter().map(|(_, _, c)| (c.effect, c.warning_no)).collect::<Vec<_>>();
    assert_eq!(counted, vec![(Effect::Noted, Some(1)), (Effect::FoulDue(Team::A), Some(2))]);
    assert_eq!(v.current().pending_warnings(), PerTeam::new(2, 0));
    // 东西 双下: +3 (2 → 5), and A's foul +1 (→ 6).
    push(&mut m, "h1", op(h([E, W, N, S])));
    let v = view(&m);
    let o = v.current().rows[0].outcome().unwrap();
    assert_eq!(o.levels_after, PerTeam::new(rk("2"), rk("6")));
    assert_eq!((o.fouls[0].team, o.fouls[0].fouls, o.fouls[0].warnings, o.fouls[0].ruled_warnings), (Team::A, 1, 2, 2));
    assert_eq!(v.current().pending_warnings(), PerTeam::new(0, 0));
    assert_eq!((v.fouls_called(Team::A), v.fouls_called(Team::B)), (2, 0));
    // The same two warnings entered with the hand give the same levels.
    let mut form = blank("g2", "guandan-3-2-1", 0.0).unwrap();
    let mut hand = h([E, W, N, S]);
    for _ in 0..2 {
        hand.fouls.push(Foul { team: Team::A, kind: FoulKind::Warning, seat: Some(N), note: None });
    }
    push(&mut form, "h1", op(hand));
    assert_eq!(view(&form).current().rows[0].outcome().unwrap().levels_after, o.levels_after);
    assert_eq!(view(&form).fouls_called(Team::A), 2);
}

/// RULES.md §0 **[r2]**: the ruling panel's warnings are counted over the match, every 2nd
/// a foul of the hand in progress (004 第一篇 §六2); those entered with a hand count within
/// it. One ruling-panel warning and one entered with the same hand are no foul; a second
/// ruling-panel warning in a later hand is the team's 2nd, a foul of that hand (the
/// opponents +1); with the first voided it is the 1st, and no foul.
#[test]
fn ruling_panel_warnings_count_over_the_match() {
    use crate::rules::ruling::Effect;
    let mut m = blank("g1", "guandan-3-2-1", 0.0).unwrap();
    push(&mut m, "w1", warn(Team::B));
    let mut hand = h([N, S, E, W]);
    hand.fouls.push(Foul { team: Team::B, kind: FoulKind::Warning, seat: Some(E), note: None });
    push(&mut m, "h1", op(hand));
    let o = view(&m).current().rows[0].outcome().unwrap().clone();
    // 双下 +3 (2 → 5), no foul: one warning entered with the hand, one ruled.
    assert_eq!(o.levels_after, PerTeam::new(rk("5"), rk("2")));
    assert_eq!((o.fouls[0].fouls, o.fouls[0].warnings, o.fouls[0].ruled_warnings), (0, 2, 1));
    push(&mut m, "w2", warn(Team::B));
    let v = view(&m);
    let last = v.current().rulings.last().unwrap().2;
    assert_eq!((last.effect, last.warning_no), (Effect::FoulDue(Team::B), Some(2)));
    assert_eq!(v.current().pending_warnings(), PerTeam::new(0, 1));
    // 双下 again: A +3 (5 → 8) and B's foul +1 (→ 9).
    push(&mut m, "h2", op(h([N, S, E, W])));
    let o = view(&m).current().rows[1].outcome().unwrap().clone();
    assert_eq!((o.fouls[0].fouls, o.fouls[0].warnings, o.fouls[0].levels_to_opponents), (1, 1, 1));
    assert_eq!(o.levels_after, PerTeam::new(rk("9"), rk("2")));
    // Voiding the first ruling-panel warning: the second is the 1st, no foul.
    push(&mut m, "u", Op::Void { target: "w1".into(), reason: crate::record::UNDO_REASON.into() });
    let v = view(&m);
    assert_eq!(v.current().rows[1].outcome().unwrap().levels_after, PerTeam::new(rk("8"), rk("2")));
    let last = v.current().rulings.last().unwrap().2;
    assert_eq!((last.effect, last.warning_no), (Effect::Noted, Some(1)));
}

/// Seed 004 「如果是單下，末游向頭游進貢」 (RULES.md §2 "Tribute"): after 一四游 the preset's
/// `single_payer = last` has 头游's partner pay, and the tribute line says it is that reading;
/// a tribute from the losers, or a preset whose losers pay, has no note.
#[test]
fn a_single_tribute_from_the_partner_of_first_carries_the_reading() {
    use crate::i18n::Lang;
    use crate::rules::guandan::{builtin_preset, SinglePayer};
    let p = builtin_preset("guandan-3-2-1").unwrap();
    assert_eq!(p.tribute.single_payer, SinglePayer::Last);
    let one_four = tribute_due(&p, &FinishOrder::new([N, E, W, S]).unwrap());
    assert_eq!((one_four.payers.clone(), one_four.receivers.clone()), (vec![S], vec![N]));
    assert_eq!(tribute_note(Lang::ZhCn, &p, &one_four).as_deref(), Some("(解读: 末游进贡, 即使是头游的对家)"));
    assert_eq!(tribute_note(Lang::ZhTw, &p, &one_four).as_deref(), Some("(解讀: 末游進貢, 即使是頭游的對家)"));
    assert_eq!(
        tribute_note(Lang::En, &p, &one_four).as_deref(),
        Some("(reading: the last finisher pays, even 1st's partner)")
    );
    // Not marked a reading: the rule alone.
    let mut plain = p.clone();
    plain.readings.retain(|r| r != "tribute.single_payer");
    assert_eq!(tribute_note(Lang::ZhCn, &plain, &one_four).as_deref(), Some("(末游进贡, 即使是头游的对家)"));
    // 一三游: the losers' last pays — no note.
    assert_eq!(tribute_note(Lang::ZhCn, &p, &tribute_due(&p, &FinishOrder::new([N, E, S, W]).unwrap())), None);
    // The losers' last player pays after 一四游 too: no note.
    let mut other = p.clone();
    other.tribute.single_payer = SinglePayer::LastOpponent;
    let due = tribute_due(&other, &FinishOrder::new([N, E, W, S]).unwrap());
    assert_eq!(tribute_note(Lang::ZhCn, &other, &due), None);
}

/// RULES.md §2 "A rule": in 淘汰赛（60分钟） the first team to reach A wins (004 第五篇
/// 「最先打到A」 *(reading)*), and both the hand's verdict and the round's banner say so —
/// not the 过A wording of the rule that must pass A.
#[test]
fn reaching_a_first_is_told_as_reaching_a_not_passing_it() {
    use crate::bidi::isolated;
    use crate::i18n::{say, Lang, Names};
    use crate::rules::guandan::builtin_preset;
    let mut m = blank("ko", "guandan-knockout-60", 0.0).unwrap();
    let teams = BTreeMap::from([(Team::A, "红队".to_string()), (Team::B, "蓝队".to_string())]);
    let names = Names { teams: Some(&teams), players: &[] };
    for i in 1..=4 {
        push(&mut m, &format!("h{i}"), op(h([N, S, E, W])));
    }
    let v = view(&m);
    assert_eq!(v.current().winner, Some(Team::A));
    let last = v.current().rows.last().unwrap().outcome().unwrap();
    let red = isolated("红队");
    assert_eq!(say(Lang::ZhCn, &last.won_msg().unwrap(), names), format!("{red} 最先打到A获胜"));
    let ko = builtin_preset("guandan-knockout-60").unwrap();
    assert_eq!(say(Lang::ZhTw, &ko.a_rule.won_msg(Team::A), names), format!("{red} 最先打到A獲勝"));
    assert_eq!(say(Lang::En, &ko.a_rule.won_msg(Team::A), names), format!("{red} reached A first and wins"));
    // The rule that must pass A keeps its words.
    let p = builtin_preset("guandan-3-2-1").unwrap();
    assert_eq!(say(Lang::ZhCn, &p.a_rule.won_msg(Team::A), names), format!("{red} 过A获胜"));
    let passed = view(&full_game()).current().rows.last().unwrap().outcome().unwrap().won_msg().unwrap();
    assert_eq!(say(Lang::ZhCn, &passed, names), format!("{red} 过A获胜"));
}

/// RULES.md §2 "Tribute": hand 2 recorded with the double tribute due after hand 1's 双下;
/// editing hand 1 to 一三游 (a single tribute due) leaves hand 2's tribute not fitting, and
/// the edit's preview names hand 2 — an edit that keeps it fitting names none.
#[test]
fn an_edit_names_the_later_hands_whose_tribute_no_longer_fits() {
    let mut m = blank("t", "guandan-3-2-1", 0.0).unwrap();
    push(&mut m, "h1", op(h([N, S, E, W])));
    let mut h2 = h([N, S, E, W]);
    let pay = |from: Seat, to: Seat, r: &str| TributePayment {
        from,
        to,
        card: card(r, Some(Suit::S)),
        returned: Some(card("3", Some(Suit::C))),
        highest_confirmed: true,
    };
    h2.tribute = Some(TributeRecord {
        resisted: false,
        big_jokers_confirmed: false,
        payments: vec![pay(E, N, "A"), pay(W, S, "K")],
        leads: Some(E),
    });
    push(&mut m, "h2", op(h2));
    let before = view(&m);
    assert!(before.current().rows[1].outcome().unwrap().tribute_errors.is_empty());
    let edit = |o: [Seat; 4]| Entry {
        after: None,
        id: "c1".into(),
        at_ms: 1e6,
        op: Op::Correct { target: "h1".into(), hand: HandInput::Guandan(h(o)) },
    };
    let after = view(&m.preview(edit([N, E, S, W])).unwrap());
    let broken = before.tributes_broken(&after, "h1");
    assert_eq!(broken.iter().map(|(i, r)| (*i, r.number, r.entry_id.as_str())).collect::<Vec<_>>(), vec![(0, 2, "h2")]);
    // Still 双下 with E and W swapped: the same double tribute fits — nothing named.
    let after = view(&m.preview(edit([N, S, W, E])).unwrap());
    assert!(before.tributes_broken(&after, "h1").is_empty());
}

/// The entry form's hand: an edited hand is named by its own number, level and tribute due,
/// not by the next hand's.
#[test]
fn the_form_hand_is_the_edited_hand_or_the_next_one() {
    let m = full_game();
    let v = view(&m);
    let p = crate::rules::guandan::builtin_preset("guandan-3-2-1").unwrap();
    let first = v.form_hand(&p, Some("h1"));
    assert_eq!((first.number, first.level, first.due.is_none()), (1, Some(rk("2")), true));
    assert_eq!(first.before, v.rounds[0].start);
    let second = v.form_hand(&p, Some("h2"));
    assert_eq!(second.number, 2);
    assert!(second.due.is_some(), "a tribute was due before hand 2");
    assert_eq!(second.before, v.rounds[0].rows[1].before);
    let next = v.form_hand(&p, None);
    assert_eq!(next.number, v.current().hands as usize + 1);
    assert_eq!(v.form_hand(&p, Some("no such entry")), next);
}
