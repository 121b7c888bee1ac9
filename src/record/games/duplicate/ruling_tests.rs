//! Rulings on 双升 boards (RULES.md §0 **[r2]**, §1.3), replayed through the match log: a
//! game lost on a board (the offending team's board result −20, *reading*), its edit in
//! place, void and appeals; warnings counted per team across boards; lateness and
//! disqualification; a level penalty refused; where a ruling applies checked; an old
//! match read unchanged.

use super::fixtures::{be, view};
use super::*;
use crate::record::schema;
use crate::record::{AppealDecision, Decider, Entry};
use crate::rules::ruling::{RulingRules, WarningEffect, WarningRule};
use crate::rules::Ruling;

fn put(m: &mut Match, id: &str, op: Op) -> Result<(), ImportError> {
    let at = m.entries.len() as f64 + 1.0;
    m.append(Entry { after: None, id: id.into(), at_ms: at, op })
}

fn hand(h: BoardEntry) -> Op {
    Op::Hand { hand: HandInput::Duplicate(h) }
}

fn on(number: u32, table: u8) -> Option<BoardAt> {
    Some(BoardAt { number, table })
}

fn ruling(r: Ruling, board: Option<BoardAt>, rule: &str) -> Op {
    Op::Ruling { ruling: r, player: None, board, reason: "暗示".into(), rule: rule.into(), referee: "王".into() }
}

fn edit(target: &str, r: Ruling, board: Option<BoardAt>) -> Op {
    Op::CorrectRuling {
        target: target.into(),
        ruling: r,
        player: None,
        board,
        reason: "改正".into(),
        rule: String::new(),
        referee: "王".into(),
    }
}

fn appeal(target: &str, decision: AppealDecision) -> Op {
    Op::Appeal {
        target: target.into(),
        appellant: "A队".into(),
        decision,
        decided_by: Decider::ChiefReferee,
        decided_ms: 100.0,
    }
}

fn void(target: &str) -> Op {
    Op::Void { target: target.into(), reason: crate::record::UNDO_REASON.into() }
}

const LOST_A: Ruling = Ruling::GameLost { team: Team::A };

/// Board 1 at both tables: at table 1 team B attacks 60, at table 2 team A attacks 100 —
/// team A's board result +40; board 2: B 90 at table 2, A 50 at table 1 — A −40.
fn two_boards() -> Match {
    let mut m = blank("d", 3, 0.0);
    put(&mut m, "b1t1", hand(be(1, 1, Team::B, 60))).unwrap();
    put(&mut m, "b1t2", hand(be(1, 2, Team::A, 100))).unwrap();
    put(&mut m, "b2t1", hand(be(2, 1, Team::A, 50))).unwrap();
    put(&mut m, "b2t2", hand(be(2, 2, Team::B, 90))).unwrap();
    m
}

fn total(v: &DuplicateView, t: Team) -> i32 {
    v.totals.totals[&t]
}

#[test]
fn a_game_lost_on_a_board_scores_it_minus_20_for_the_offender() {
    let mut m = two_boards();
    let v = view(&m);
    assert_eq!(v.board(1).unwrap().result, Some(40));
    assert_eq!(total(&v, Team::A), 0);
    put(&mut m, "r1", ruling(LOST_A, on(1, 1), "003 §二")).unwrap();
    let v = view(&m);
    let b1 = v.board(1).unwrap();
    assert_eq!(b1.result, Some(-20), "the offending team's board result is −20 whatever the tables scored");
    assert_eq!(b1.lost, Some(BoardLost { table: 1, team: Team::A, entry_id: "r1".into(), result: -20 }));
    assert_eq!(b1.status, BoardStatus::Scored);
    assert_eq!((total(&v, Team::A), total(&v, Team::B)), (-60, 60));
    assert_eq!(v.totals.boards_won[&Team::B], 2);
    assert_eq!(v.board(2).unwrap().running.as_ref().unwrap()[&Team::A], -60);
    assert!(v.refused.is_empty() && v.errors.is_empty());
    // Undo (void) restores the board as played.
    put(&mut m, "u1", void("r1")).unwrap();
    let v = view(&m);
    assert_eq!(v.board(1).unwrap().result, Some(40));
    assert_eq!(v.board(1).unwrap().lost, None);
    assert_eq!(total(&v, Team::A), 0);
}

#[test]
fn the_board_lost_result_is_the_preset_s_parameter() {
    let mut m = two_boards();
    if let crate::record::Setup::Duplicate(s) = &mut m.setup {
        assert_eq!(s.preset.rulings.board_lost_points, Some(20), "the built-in preset names it (a reading)");
        assert!(s.preset.readings.iter().any(|r| r == "rulings.board_lost_points"));
        s.preset.rulings.board_lost_points = Some(50);
    }
    put(&mut m, "r1", ruling(Ruling::GameLost { team: Team::B }, on(2, 2), "")).unwrap();
    assert_eq!(view(&m).board(2).unwrap().result, Some(50));
}

#[test]
fn a_board_lost_before_it_was_entered_is_scored_at_once_and_closed_at_that_table() {
    let mut m = blank("d", 3, 0.0);
    put(&mut m, "r1", ruling(Ruling::GameLost { team: Team::B }, on(1, 2), "")).unwrap();
    let v = view(&m);
    assert_eq!(v.board(1).unwrap().status, BoardStatus::Scored);
    assert_eq!(v.board(1).unwrap().result, Some(20));
    assert_eq!(v.scored, 1);
    // The board ended at table 2: its result there cannot be entered; table 1 plays it.
    let e = put(&mut m, "b1t2", hand(be(1, 2, Team::A, 100))).unwrap_err();
    assert!(e.reason.contains("dup.why.board_lost"), "{e:?}");
    put(&mut m, "b1t1", hand(be(1, 1, Team::B, 60))).unwrap();
    assert_eq!(view(&m).board(1).unwrap().result, Some(20));
    // A second game lost on the same board is refused, typed.
    let e = put(&mut m, "r2", ruling(LOST_A, on(1, 1), "")).unwrap_err();
    assert!(e.reason.contains("dup.why.already_lost"), "{e:?}");
    // Voiding the ruling would leave nothing impossible (the table 2 entry was refused).
    put(&mut m, "u1", void("r1")).unwrap();
    assert_eq!(view(&m).board(1).unwrap().status, BoardStatus::Waiting);
}

#[test]
fn an_edit_in_place_moves_the_loss_and_undo_brings_it_back() {
    let mut m = two_boards();
    put(&mut m, "r1", ruling(LOST_A, on(1, 1), "")).unwrap();
    // Edited: team B lost board 2 instead.
    put(&mut m, "c1", edit("r1", Ruling::GameLost { team: Team::B }, on(2, 1))).unwrap();
    let v = view(&m);
    assert_eq!(v.board(1).unwrap().result, Some(40));
    assert_eq!(v.board(2).unwrap().result, Some(20));
    assert_eq!(v.board(2).unwrap().lost.as_ref().map(|l| (l.table, l.team)), Some((1, Team::B)));
    assert_eq!(v.rulings[0].board, on(2, 1));
    assert_eq!(total(&v, Team::A), 60);
    // Edited into a warning: no board is lost.
    put(&mut m, "c2", edit("r1", Ruling::Warning { team: Team::A }, on(2, 1))).unwrap();
    let v = view(&m);
    assert!(v.boards.iter().all(|b| b.lost.is_none()));
    assert_eq!(total(&v, Team::A), 0);
    assert_eq!(v.register.warnings[&(Team::A, String::new())], 1);
    // Undo the second edit: the first is in force again.
    put(&mut m, "u2", void("c2")).unwrap();
    assert_eq!(view(&m).board(2).unwrap().result, Some(20));
    // An edit that would lose a board already lost by another ruling is refused.
    put(&mut m, "r2", ruling(LOST_A, on(1, 2), "")).unwrap();
    let e = put(&mut m, "c3", edit("r2", LOST_A, on(2, 2))).unwrap_err();
    assert!(e.reason.contains("dup.why.already_lost"), "{e:?}");
}

#[test]
fn appeals_uphold_overturn_or_replace_a_board_lost() {
    let mut m = two_boards();
    put(&mut m, "r1", ruling(LOST_A, on(1, 1), "")).unwrap();
    put(&mut m, "a1", appeal("r1", AppealDecision::Upheld)).unwrap();
    assert_eq!(view(&m).board(1).unwrap().result, Some(-20));
    // Overturned: the board as played, the totals restored.
    put(&mut m, "a2", appeal("r1", AppealDecision::Overturned)).unwrap();
    let v = view(&m);
    assert_eq!(v.board(1).unwrap().result, Some(40));
    assert_eq!(total(&v, Team::A), 0);
    assert!(v.rulings.is_empty(), "an overturned ruling stops counting");
    // Undo the appeal: the upheld decision is in force again.
    put(&mut m, "u2", void("a2")).unwrap();
    assert_eq!(view(&m).board(1).unwrap().result, Some(-20));
    // Replaced by a warning on the same board: the board as played, one warning counted.
    put(&mut m, "a3", appeal("r1", AppealDecision::Replaced { ruling: Ruling::Warning { team: Team::A } })).unwrap();
    let v = view(&m);
    assert_eq!(v.board(1).unwrap().result, Some(40));
    assert_eq!(v.rulings[0].board, on(1, 1), "a replacement keeps the board and table");
    assert_eq!(v.rulings[0].counted.unwrap().warning_no, Some(1));
}

#[test]
fn warnings_count_per_team_across_boards_and_the_nth_loses_its_board() {
    let mut m = two_boards();
    if let crate::record::Setup::Duplicate(s) = &mut m.setup {
        s.preset.rulings = RulingRules {
            warnings: vec![WarningRule {
                rule: "signalling".into(),
                nth: 2,
                every: 1,
                effect: WarningEffect::GameLost,
                cite: "003 §二".into(),
            }],
            ..s.preset.rulings.clone()
        };
    }
    let warn = |t| Ruling::Warning { team: t };
    put(&mut m, "w1", ruling(warn(Team::A), on(1, 1), "signalling")).unwrap();
    put(&mut m, "w2", ruling(warn(Team::B), on(1, 2), "signalling")).unwrap();
    let v = view(&m);
    assert!(v.boards.iter().all(|b| b.lost.is_none()), "first warnings of each team");
    // Team A's second signalling warning, on board 2 at table 2: board 2 is lost by A.
    put(&mut m, "w3", ruling(warn(Team::A), on(2, 2), "signalling")).unwrap();
    let v = view(&m);
    assert_eq!(v.rulings[2].counted.unwrap().warning_no, Some(2));
    assert_eq!(v.board(2).unwrap().lost.as_ref().map(|l| (l.table, l.team)), Some((2, Team::A)));
    assert_eq!(v.board(2).unwrap().result, Some(-20));
    assert_eq!(v.board(1).unwrap().result, Some(40));
    // Voiding the first warning makes the third the first: board 2 as played.
    put(&mut m, "u1", void("w1")).unwrap();
    let v = view(&m);
    assert_eq!(v.board(2).unwrap().result, Some(-40));
    assert_eq!(v.rulings[1].counted.unwrap().warning_no, Some(1));
}

#[test]
fn a_level_penalty_is_refused_typed() {
    let mut m = two_boards();
    let e = put(&mut m, "r1", ruling(Ruling::LevelPenalty { team: Team::A, levels: 1 }, on(1, 1), "")).unwrap_err();
    assert!(e.reason.contains("dup.why.no_levels"), "{e:?}");
    let v = {
        let mut x = m.clone();
        x.entries.push(Entry {
            after: None,
            id: "r1".into(),
            at_ms: 9.0,
            op: ruling(Ruling::LevelPenalty { team: Team::A, levels: 1 }, on(1, 1), ""),
        });
        view(&x)
    };
    let (id, err) = &v.refused[0];
    assert_eq!(id, "r1");
    assert_eq!(err.msg.as_ref().map(|x| x.key), Some("dup.why.no_levels"));
    // Edited into a level penalty: refused too.
    put(&mut m, "r2", ruling(LOST_A, on(1, 1), "")).unwrap();
    let e = put(&mut m, "c2", edit("r2", Ruling::LevelPenalty { team: Team::A, levels: 2 }, on(1, 1))).unwrap_err();
    assert!(e.reason.contains("dup.why.no_levels"), "{e:?}");
}

#[test]
fn lateness_at_the_limit_and_disqualification_forfeit_the_match() {
    let mut m = two_boards();
    if let crate::record::Setup::Duplicate(s) = &mut m.setup {
        s.preset.rulings.late_forfeit_minutes = Some(10);
    }
    put(&mut m, "l1", ruling(Ruling::Late { team: Team::B, minutes: 5 }, on(1, 1), "")).unwrap();
    let o = view(&m);
    assert_eq!(o.forfeit, None);
    assert_eq!(crate::tournament::outcome::outcome(&m).winner, None);
    put(&mut m, "l2", ruling(Ruling::Late { team: Team::B, minutes: 10 }, on(2, 1), "")).unwrap();
    let o = crate::tournament::outcome::outcome(&m);
    assert_eq!((o.winner, o.done, o.forfeits.clone()), (Some(0), true, vec![1]));
    put(&mut m, "u2", void("l2")).unwrap();
    put(&mut m, "d1", ruling(Ruling::Disqualified { team: Team::A }, on(3, 2), "")).unwrap();
    let o = crate::tournament::outcome::outcome(&m);
    assert_eq!((o.winner, o.disqualified.clone()), (Some(1), vec![0]));
    put(&mut m, "a1", appeal("d1", AppealDecision::Overturned)).unwrap();
    let o = crate::tournament::outcome::outcome(&m);
    assert_eq!((o.winner, o.disqualified.len(), o.done), (None, 0, false));
}

#[test]
fn a_ruling_names_a_board_of_the_list_and_a_table() {
    let mut m = two_boards();
    let e = put(&mut m, "r1", ruling(LOST_A, None, "")).unwrap_err();
    assert!(e.field.ends_with("op.board"), "{e:?}");
    let e = put(&mut m, "r2", ruling(LOST_A, on(7, 1), "")).unwrap_err();
    assert!(e.field.ends_with("op.board.number"), "{e:?}");
    let e = put(&mut m, "r3", ruling(LOST_A, on(1, 3), "")).unwrap_err();
    assert!(e.field.ends_with("op.board.table"), "{e:?}");
    // Other games name no board.
    let mut sj = crate::record::sample::blank_shengji("s", "jiankang-chaodipi", 0.0);
    let e = put(&mut sj, "r4", ruling(LOST_A, on(1, 1), "")).unwrap_err();
    assert!(e.field.ends_with("op.board"), "{e:?}");
}

/// A 双升 match stored before rulings on boards (its preset's copy has no
/// `board_lost_points`, its entries no ruling) reads unchanged: the same document back, the
/// same traveller; a ruling on it then scores a lost board −20 (003's board −20).
#[test]
fn an_old_match_loads_unchanged() {
    let mut m = two_boards();
    if let crate::record::Setup::Duplicate(s) = &mut m.setup {
        s.preset.rulings = RulingRules::default();
        s.preset.readings.retain(|r| r != "rulings.board_lost_points");
    }
    let stored = schema::store_match(&m);
    assert!(!stored.contains("board_lost_points") && !stored.contains("\"rulings\""), "{stored}");
    let back = schema::load_stored(&stored).unwrap();
    assert_eq!(back, m);
    assert_eq!(schema::store_match(&back), stored);
    let v = view(&back);
    assert_eq!(v.board(1).unwrap().result, Some(40));
    assert!(v.rulings.is_empty() && v.forfeit.is_none());
    let mut back = back;
    put(&mut back, "r1", ruling(LOST_A, on(1, 1), "")).unwrap();
    assert_eq!(view(&back).board(1).unwrap().result, Some(-20));
}
