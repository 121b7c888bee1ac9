use super::fixtures::{be, view};
use super::*;
use crate::record::schema;
use crate::record::{Entry, Setup};
use crate::rules::shengji::{Kitty, Penalty, Unit};

fn setup(m: &Match) -> &DuplicateSetup {
    match &m.setup {
        Setup::Duplicate(s) => s,
        _ => unreachable!(),
    }
}

fn add(m: &mut Match, id: &str, h: BoardEntry) -> Result<(), ImportError> {
    let at = m.entries.len() as f64 + 1.0;
    m.append(Entry { after: None, id: id.into(), at_ms: at, op: Op::Hand { hand: HandInput::Duplicate(h) } })
}

fn correct(m: &mut Match, id: &str, target: &str, mut h: BoardEntry) -> Result<(), ImportError> {
    h.corrects = Some(target.into());
    let at = m.entries.len() as f64 + 1.0;
    m.append(Entry {
        after: None,
        id: id.into(),
        at_ms: at,
        op: Op::Correct { target: target.into(), hand: HandInput::Duplicate(h) },
    })
}

#[test]
fn seating_puts_each_team_on_both_sides() {
    let m = blank("d", 6, 0.0);
    let s = setup(&m);
    assert_eq!(s.side(Team::A, 1), Team::A);
    assert_eq!(s.side(Team::A, 2), Team::B);
    assert_eq!(s.side(Team::B, 1), Team::B);
    assert_eq!(s.team_at(Seat::E, 2), Team::A);
    // Board 1 is dealt by North: at table 1 team A deals, team B attacks; at table 2 the reverse.
    assert_eq!(s.default_attackers(1, Seat::N), Team::B);
    assert_eq!(s.default_attackers(2, Seat::N), Team::A);
}

/// The conformance case `ys-two-boards` through the log, entered in mixed order.
#[test]
fn the_conformance_boards_replay_to_the_same_totals() {
    let mut m = blank("d", 3, 0.0);
    let mut b1t2 = be(1, 2, Team::A, 85);
    b1t2.hand.kitty = Some(Kitty { points: 10, unit: Unit::Tractor(3) });
    let mut b3t1 = be(3, 1, Team::B, 70);
    b3t1.hand.kitty = Some(Kitty { points: 15, unit: Unit::Pair });
    add(&mut m, "e1", b1t2).unwrap();
    add(&mut m, "e2", be(2, 2, Team::B, 40)).unwrap();
    add(&mut m, "e3", b3t1).unwrap();
    let v = view(&m);
    assert_eq!(v.scored, 0);
    assert_eq!(v.board(1).unwrap().status, BoardStatus::Waiting);
    add(&mut m, "e4", be(1, 1, Team::B, 60)).unwrap();
    add(&mut m, "e5", be(2, 1, Team::A, 40)).unwrap();
    add(&mut m, "e6", be(3, 2, Team::A, 110)).unwrap();
    let v = view(&m);
    assert!(v.complete);
    assert_eq!(v.totals.totals[&Team::A], 120);
    assert_eq!(v.totals.totals[&Team::B], -120);
    assert_eq!(v.totals.boards_won[&Team::A], 1);
    assert_eq!(v.totals.boards_won[&Team::B], 1);
    assert_eq!(v.board(1).unwrap().result, Some(140));
    assert_eq!(v.board(1).unwrap().running.as_ref().unwrap()[&Team::A], 140);
    assert_eq!(v.board(3).unwrap().result_of(Team::B), Some(20));
    assert_eq!(v.table(1, 2).unwrap().score.as_ref().unwrap().score, 200);
    assert_eq!(v.verdict, DuplicateVerdict::Winner { team: Team::A, by_boards: false });
    assert!(v.first_error().is_none());
}

#[test]
fn a_board_entered_twice_for_one_table_is_refused_naming_board_and_table() {
    let mut m = blank("d", 6, 0.0);
    add(&mut m, "e1", be(3, 1, Team::B, 60)).unwrap();
    let e = add(&mut m, "e2", be(3, 1, Team::B, 65)).unwrap_err();
    assert_eq!(e.field, "op.hand.duplicate.board");
    assert!(e.reason.contains("board 3") && e.reason.contains("table 1"), "{e}");
    // The other table, and a correction of the entry, are fine.
    add(&mut m, "e3", be(3, 2, Team::A, 50)).unwrap();
    correct(&mut m, "c1", "e1", be(3, 1, Team::B, 65)).unwrap();
    assert_eq!(view(&m).board(3).unwrap().result, Some(50 - 65));
    // A correction that does not name its target repeats the board: refused.
    let mut c = be(3, 1, Team::B, 70);
    c.corrects = None;
    let e = m
        .append(Entry {
            after: None,
            id: "c2".into(),
            at_ms: 99.0,
            op: Op::Correct { target: "e1".into(), hand: HandInput::Duplicate(c) },
        })
        .unwrap_err();
    assert!(e.reason.contains("table 1"), "{e}");
    // Moving an entry onto a board already entered at that table is refused too.
    add(&mut m, "e4", be(4, 1, Team::A, 60)).unwrap();
    assert!(correct(&mut m, "c3", "e4", be(3, 1, Team::A, 60)).is_err());
    // After deleting (voiding) the entry, the board can be entered again.
    m.append(Entry {
        after: None,
        id: "v1".into(),
        at_ms: 200.0,
        op: Op::Void { target: "e1".into(), reason: String::new() },
    })
    .unwrap();
    add(&mut m, "e5", be(3, 1, Team::B, 45)).unwrap();
    assert_eq!(view(&m).board(3).unwrap().result, Some(5));
}

#[test]
fn an_imported_log_with_a_repeated_board_is_refused() {
    let mut m = blank("d", 2, 0.0);
    add(&mut m, "e1", be(1, 1, Team::B, 60)).unwrap();
    let dup = Entry {
        after: None,
        id: "e2".into(),
        at_ms: 5.0,
        op: Op::Hand { hand: HandInput::Duplicate(be(1, 1, Team::B, 80)) },
    };
    m.entries.push(dup);
    let e = schema::validate_match(&m).unwrap_err();
    assert!(e.field.starts_with("entries[1]") && e.reason.contains("board 1"), "{e}");
    assert!(view(&m).first_error().is_some());
}

#[test]
fn disagreeing_tables_are_flagged_before_scoring() {
    let mut m = blank("d", 2, 0.0);
    add(&mut m, "e1", be(1, 1, Team::B, 60)).unwrap();
    let mut wrong = be(1, 2, Team::A, 100);
    wrong.level = Rank::parse("5").unwrap();
    add(&mut m, "e2", wrong.clone()).unwrap();
    let v = view(&m);
    let b = v.board(1).unwrap();
    assert_eq!(b.status, BoardStatus::Flagged);
    assert!(b.level_differs && !b.dealer_differs);
    assert_eq!(b.result, None);
    assert_eq!(v.totals.totals[&Team::A], 0);
    assert_eq!(v.flagged(), vec![1]);
    // The referee confirms table 2 really played 5: scored.
    let mut ok = wrong.clone();
    ok.confirmed = true;
    correct(&mut m, "c1", "e2", ok).unwrap();
    assert_eq!(view(&m).board(1).unwrap().result, Some(40));
    // A dealer disagreement is flagged the same way; correcting the typo resolves it.
    add(&mut m, "e3", be(2, 1, Team::A, 60)).unwrap();
    let mut d = be(2, 2, Team::B, 60);
    d.dealer = Seat::W;
    add(&mut m, "e4", d).unwrap();
    let v = view(&m);
    assert!(v.board(2).unwrap().dealer_differs);
    assert_eq!(v.board(2).unwrap().status, BoardStatus::Flagged);
    correct(&mut m, "c2", "e4", be(2, 2, Team::B, 60)).unwrap();
    let v = view(&m);
    assert_eq!(v.board(2).unwrap().status, BoardStatus::Scored);
    assert!(v.complete);
}

#[test]
fn refusals_replace_the_offending_teams_board_result() {
    let mut m = blank("d", 2, 0.0);
    // Board 1: B (attacking at table 1) revokes; A does not accept → B −20.
    let mut t1 = be(1, 1, Team::B, 120);
    t1.hand.penalties.push(Penalty {
        team: Team::B,
        kind: "revoke".into(),
        cards: 1,
        unit: None,
        points: None,
        seat: Some(Seat::E),
        trick: Some(4),
        note: String::new(),
    });
    t1.refusal = Some(Refusal { kind: "revoke".into(), team: Team::B });
    add(&mut m, "e1", t1).unwrap();
    add(&mut m, "e2", be(1, 2, Team::A, 40)).unwrap();
    // Board 2: dealer-seat error at table 2 (team B deals E there), not accepted → B −10.
    add(&mut m, "e3", be(2, 1, Team::A, 80)).unwrap();
    let mut t2 = be(2, 2, Team::B, 80);
    t2.refusal = Some(Refusal { kind: "dealer_seat".into(), team: Team::B });
    add(&mut m, "e4", t2).unwrap();
    let v = view(&m);
    assert_eq!(v.board(1).unwrap().result_of(Team::B), Some(-20));
    assert_eq!(v.board(1).unwrap().refused.as_ref().map(|r| (r.0, r.2)), Some((1, -20)));
    assert_eq!(v.board(2).unwrap().result_of(Team::B), Some(-10));
    assert_eq!(v.totals.totals[&Team::A], 30);
    // Accepted: the table result stands with the 20-point penalty (120 − 20 = 100).
    let mut acc = be(1, 1, Team::B, 120);
    acc.hand.penalties.push(Penalty {
        team: Team::B,
        kind: "revoke".into(),
        cards: 1,
        unit: None,
        points: None,
        seat: None,
        trick: None,
        note: String::new(),
    });
    correct(&mut m, "c1", "e1", acc).unwrap();
    assert_eq!(view(&m).board(1).unwrap().result_of(Team::B), Some(60));
    // An unknown refusal kind is refused.
    let mut bad = be(1, 1, Team::B, 120);
    bad.refusal = Some(Refusal { kind: "nope".into(), team: Team::A });
    assert_eq!(correct(&mut m, "c2", "e1", bad).unwrap_err().field, "op.hand.duplicate.refusal.kind");
}

#[test]
fn entries_from_two_devices_merge_to_the_same_totals() {
    let base = blank("d", 6, 0.0);
    let file = schema::export(std::slice::from_ref(&base), 0.0);
    let mut dev2 = schema::parse_import(&file).unwrap().remove(0);
    let mut dev1 = base.clone();
    let pts1 = [60, 85, 40, 100, 20, 75];
    let pts2 = [95, 30, 40, 80, 145, 60];
    for k in 1..=6u32 {
        let s = setup(&dev1).clone();
        let d = s.board(k).unwrap().dealer;
        let a1 = s.default_attackers(1, d);
        let a2 = s.default_attackers(2, d);
        let e1 = Entry {
            after: None,
            id: format!("t1b{k}"),
            at_ms: 100.0 * k as f64,
            op: Op::Hand { hand: HandInput::Duplicate(be(k, 1, a1, pts1[k as usize - 1])) },
        };
        dev1.append(e1).unwrap();
        let e2 = Entry {
            after: None,
            id: format!("t2b{k}"),
            at_ms: 100.0 * k as f64 + 7.0,
            op: Op::Hand { hand: HandInput::Duplicate(be(k, 2, a2, pts2[k as usize - 1])) },
        };
        dev2.append(e2).unwrap();
    }
    let into1 = schema::merge(
        std::slice::from_ref(&dev1),
        &schema::parse_import(&schema::export(std::slice::from_ref(&dev2), 1.0)).unwrap(),
    )
    .unwrap()
    .0
    .remove(0);
    let into2 = schema::merge(
        std::slice::from_ref(&dev2),
        &schema::parse_import(&schema::export(std::slice::from_ref(&into1), 2.0)).unwrap(),
    )
    .unwrap()
    .0
    .remove(0);
    let (v1, v2) = (view(&into1), view(&into2));
    assert!(v1.complete && v2.complete);
    assert_eq!(v1.totals, v2.totals);
    // By hand: team A's result = its attacking score − B's attacking score per board.
    let s = setup(&base);
    let mut a = 0;
    for k in 1..=6usize {
        let d = s.board(k as u32).unwrap().dealer;
        let (p1, p2) = (pts1[k - 1], pts2[k - 1]);
        let a_at_t1 = s.default_attackers(1, d) == Team::A;
        a += if a_at_t1 { p1 - p2 } else { p2 - p1 };
    }
    assert_eq!(v1.totals.totals[&Team::A], a);
}

/// Both devices entered board 1 of table 1 (another id): the other device's copy is
/// left out and named, its other boards merge (the file used to be refused whole).
#[test]
fn the_same_board_entered_on_both_devices_is_left_out_and_the_rest_merged() {
    let base = blank("d", 6, 0.0);
    let (mut dev1, mut dev2) = (base.clone(), base.clone());
    let s = setup(&base).clone();
    let d = s.board(1).unwrap().dealer;
    let a1 = s.default_attackers(1, d);
    let hand = |k, pts| Op::Hand { hand: HandInput::Duplicate(be(k, 1, a1, pts)) };
    dev1.append(Entry { after: None, id: "mine".into(), at_ms: 1.0, op: hand(1, 60) }).unwrap();
    dev2.append(Entry { after: None, id: "theirs".into(), at_ms: 2.0, op: hand(1, 65) }).unwrap();
    let d2 = s.board(2).unwrap().dealer;
    let b2 = Op::Hand { hand: HandInput::Duplicate(be(2, 1, s.default_attackers(1, d2), 85)) };
    dev2.append(Entry { after: None, id: "board2".into(), at_ms: 3.0, op: b2 }).unwrap();
    let file = schema::parse_import(&schema::export(std::slice::from_ref(&dev2), 4.0)).unwrap();
    let (changed, rep) = schema::merge(std::slice::from_ref(&dev1), &file).unwrap();
    assert_eq!(rep.not_fitting.iter().map(|(_, e, _)| e.as_str()).collect::<Vec<_>>(), ["theirs"]);
    assert!(rep.not_fitting[0].2.contains("board 1"), "{:?}", rep.not_fitting);
    let ids: Vec<&str> = changed[0].entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["mine", "board2"]);
}

#[test]
fn the_declaring_sequence_follows_the_preset() {
    use crate::rules::shengji::Show;
    let mut m = blank("d", 2, 0.0);
    let show = |seat, what: &str| Show { seat, what: what.into(), rebury: false, out_of_turn: false };
    let mut b = be(1, 1, Team::B, 60);
    b.hand.declaring = vec![show(Seat::N, "BJ2")];
    let e = add(&mut m, "e1", b.clone()).unwrap_err();
    assert_eq!(e.field, "op.hand.duplicate.hand.declaring[0].what", "{e}");
    // single level card, countered by a pair, then 抄底 with a small-joker pair → no trump.
    b.hand.declaring =
        vec![show(Seat::N, "single:S"), show(Seat::E, "pair:H"), Show { rebury: true, ..show(Seat::W, "SJ2") }];
    b.hand.trump = Some("NT".into());
    add(&mut m, "e1", b.clone()).unwrap();
    // A level pair cannot counter a level pair.
    b.table = 2;
    b.hand.declaring = vec![show(Seat::N, "pair:S"), show(Seat::E, "pair:H")];
    assert_eq!(add(&mut m, "e2", b).unwrap_err().field, "op.hand.duplicate.hand.declaring[1].what");
}

#[test]
fn setup_errors_name_the_field() {
    let mut m = blank("d", 3, 0.0);
    if let Setup::Duplicate(s) = &mut m.setup {
        s.boards[2].number = 1;
    }
    assert_eq!(schema::validate_match(&m).unwrap_err().field, "setup.boards[2].number");
    let mut m = blank("d", 3, 0.0);
    if let Setup::Duplicate(s) = &mut m.setup {
        s.preset = shengji::builtin_preset("jiankang-chaodipi").unwrap();
    }
    assert_eq!(schema::validate_match(&m).unwrap_err().field, "setup.preset.duplicate");
    let mut m = blank("d", 3, 0.0);
    assert_eq!(
        add(&mut m, "e1", {
            let mut b = be(1, 1, Team::A, 40);
            b.board = 9;
            b
        })
        .unwrap_err()
        .field,
        "op.hand.duplicate.board"
    );
    assert_eq!(
        add(&mut m, "e1", {
            let mut b = be(1, 1, Team::A, 40);
            b.table = 3;
            b
        })
        .unwrap_err()
        .field,
        "op.hand.duplicate.table"
    );
    assert_eq!(add(&mut m, "e1", be(1, 1, Team::A, 42)).unwrap_err().field, "op.hand.duplicate.hand.points");
}

fn kitty_count_on(team: Team) -> Penalty {
    Penalty {
        team,
        kind: "kitty_count".into(),
        cards: 1,
        unit: None,
        points: None,
        seat: None,
        trick: None,
        note: String::new(),
    }
}

/// [r2] 003 §三2: a wrong kitty count accepted costs the offending side its 保底/抠底 (no
/// points); not accepted, the offending team's board result is −20.
#[test]
fn a_wrong_kitty_count_accepted_voids_the_kitty_not_accepted_is_board_minus_20() {
    let mut m = blank("d", 1, 0.0);
    // Table 1: B attacks, 抠底 10 × 4 = 40; B (the side that re-buried before A's 抄底 took the
    // deal back) counted its bury wrong, and A accepts: B's kitty bonus does not count.
    let mut t1 = be(1, 1, Team::B, 60);
    t1.hand.kitty = Some(Kitty { points: 10, unit: Unit::Pair });
    t1.hand.penalties.push(kitty_count_on(Team::B));
    add(&mut m, "e1", t1.clone()).unwrap();
    add(&mut m, "e2", be(1, 2, Team::A, 50)).unwrap();
    let v = view(&m);
    let sc = v.table(1, 1).unwrap().score.clone().unwrap();
    assert!(sc.kitty_void);
    assert_eq!((sc.multiplier, sc.kitty_bonus, sc.score), (4, 0, 60));
    assert_eq!(sc.penalties[0].effect, 0, "no points for the offence itself");
    assert_eq!(v.board(1).unwrap().result_of(Team::B), Some(10));
    // The declarer offends (the usual case): 保底 scores nothing, the attackers' kitty stands.
    let mut t1d = t1.clone();
    t1d.hand.penalties = vec![kitty_count_on(Team::A)];
    correct(&mut m, "c1", "e1", t1d).unwrap();
    let sc = view(&m).table(1, 1).unwrap().score.clone().unwrap();
    assert!(!sc.kitty_void);
    assert_eq!(sc.score, 100);
    // Not accepted: the offending team (A, the dealer's side at table 1) gets −20 for the board.
    let mut t1r = t1.clone();
    t1r.hand.penalties = vec![kitty_count_on(Team::A)];
    t1r.refusal = Some(Refusal { kind: "kitty_count".into(), team: Team::A });
    correct(&mut m, "c2", "e1", t1r).unwrap();
    let v = view(&m);
    assert_eq!(v.board(1).unwrap().result_of(Team::A), Some(-20));
    assert_eq!(v.totals.totals[&Team::B], 20);
}

/// A match stored with the preset before r2 keeps its 20-point kitty-count penalty.
#[test]
fn a_stored_preset_before_r2_keeps_its_kitty_count_points() {
    let mut m = blank("d", 1, 0.0);
    if let Setup::Duplicate(s) = &mut m.setup {
        let json = crate::json::to_string(&s.preset).unwrap();
        assert!(json.contains("\"voids_kitty\":true"));
        s.preset = serde_json::from_str(&json.replace(",\"voids_kitty\":true", "")).unwrap();
        let rule = s.preset.penalties.iter_mut().find(|r| r.kind == "kitty_count").unwrap();
        rule.amount = shengji::Amount::Fixed { points: 20 };
        assert!(!s.preset.penalty_rule("kitty_count").unwrap().voids_kitty);
    }
    let mut t1 = be(1, 1, Team::B, 60);
    t1.hand.kitty = Some(Kitty { points: 10, unit: Unit::Pair });
    t1.hand.penalties.push(kitty_count_on(Team::B));
    add(&mut m, "e1", t1).unwrap();
    let sc = view(&m).table(1, 1).unwrap().score.clone().unwrap();
    assert!(!sc.kitty_void);
    assert_eq!(sc.score, 60 + 40 - 20);
}

/// [r2] 003 §三8: after a show ruled out of turn, that seat may not declare again on the board.
#[test]
fn a_show_out_of_turn_bars_that_seat_for_the_board() {
    use crate::rules::shengji::{Show, Why};
    let mut m = blank("d", 1, 0.0);
    let show = |seat, what: &str| Show { seat, what: what.into(), rebury: false, out_of_turn: false };
    let mut b = be(1, 1, Team::B, 60);
    b.hand.declaring = vec![Show { out_of_turn: true, ..show(Seat::E, "single:S") }, show(Seat::E, "pair:H")];
    let e = add(&mut m, "e1", b.clone()).unwrap_err();
    assert_eq!(e.field, "op.hand.duplicate.hand.declaring[1].seat", "{e}");
    let msg = shengji::check_declaring(&setup(&m).preset.declaring, &b.hand.declaring).unwrap_err().msg.unwrap();
    assert_eq!(msg, Why::OutOfTurnBarred { seat: Seat::E, what: "pair:H".into() }.msg());
    for l in crate::i18n::Lang::ALL {
        let text = crate::i18n::say(l, &msg, crate::i18n::Names::default());
        assert!(!text.contains("sj.why") && !text.contains("{seat}"), "{text}");
    }
    // Another seat may still counter, and the mark survives the log and an export.
    b.hand.declaring = vec![Show { out_of_turn: true, ..show(Seat::E, "single:S") }, show(Seat::S, "pair:H")];
    b.hand.trump = Some("H".into());
    add(&mut m, "e1", b).unwrap();
    let file = schema::export(std::slice::from_ref(&m), 0.0);
    assert!(file.contains("out_of_turn"));
    let back = schema::parse_import(&file).unwrap().remove(0);
    assert!(view(&back).table(1, 1).unwrap().entry.hand.declaring[0].out_of_turn);
}

/// [r2] 003 §二15: the dealer's board check is kept per board and table; entries without it
/// (stored before r2) read as not checked.
#[test]
fn the_dealers_board_check_is_recorded_per_table() {
    let mut m = blank("d", 1, 0.0);
    let mut t1 = be(1, 1, Team::B, 60);
    t1.board_check = Some(BoardCheck { by: "张三".into(), ok: true });
    add(&mut m, "e1", t1).unwrap();
    add(&mut m, "e2", be(1, 2, Team::A, 60)).unwrap();
    let v = view(&m);
    assert_eq!(v.table(1, 1).unwrap().entry.board_check, Some(BoardCheck { by: "张三".into(), ok: true }));
    assert_eq!(v.table(1, 2).unwrap().entry.board_check, None);
    let file = schema::export(std::slice::from_ref(&m), 0.0);
    assert_eq!(file.matches("board_check").count(), 1, "absent when not recorded");
    let mut long = be(1, 2, Team::A, 60);
    long.board_check = Some(BoardCheck { by: "x".repeat(61), ok: false });
    assert_eq!(correct(&mut m, "c1", "e2", long).unwrap_err().field, "op.hand.duplicate.board_check.by");
}

/// The home list's line of a 双升 match (RULES.md §1.3): while boards are missing, the totals
/// and boards entered alone; once every board is scored, led by "已结束 · <winner> 胜" — or,
/// level on totals and boards won, by "同分待加赛" (a play-off decides, not a draw).
#[test]
fn home_line_says_when_the_match_is_over_and_who_won_or_that_a_play_off_is_due() {
    use crate::i18n::Lang;
    let line = |m: &Match, l: Lang| home_line(l, setup(m), &view(m));
    let mut m = blank("d", 3, 0.0);
    let mut b1t2 = be(1, 2, Team::A, 85);
    b1t2.hand.kitty = Some(Kitty { points: 10, unit: Unit::Tractor(3) });
    let mut b3t1 = be(3, 1, Team::B, 70);
    b3t1.hand.kitty = Some(Kitty { points: 15, unit: Unit::Pair });
    add(&mut m, "e1", b1t2).unwrap();
    add(&mut m, "e2", be(2, 2, Team::B, 40)).unwrap();
    add(&mut m, "e3", b3t1).unwrap();
    add(&mut m, "e4", be(1, 1, Team::B, 60)).unwrap();
    add(&mut m, "e5", be(2, 1, Team::A, 40)).unwrap();
    assert_eq!(line(&m, Lang::ZhCn), "A +140 : −140 B · 2/3 副已计分");
    add(&mut m, "e6", be(3, 2, Team::A, 110)).unwrap();
    assert_eq!(line(&m, Lang::ZhCn), "已结束 · A 胜 · A +120 : −120 B · 3/3 副已计分");
    assert_eq!(line(&m, Lang::En), "over · A won · A +120 : −120 B · 3/3 boards scored");
    // One board, the same score at both tables: level, a play-off is due.
    let mut m = blank("d", 1, 0.0);
    add(&mut m, "e1", be(1, 1, Team::B, 60)).unwrap();
    add(&mut m, "e2", be(1, 2, Team::A, 60)).unwrap();
    assert_eq!(line(&m, Lang::ZhCn), "已结束 · 同分待加赛 · A 0 : 0 B · 1/1 副已计分");
}
