use super::*;
use crate::record::games::guandan;
use crate::record::{Entry, HandInput, Op};
use crate::rules::guandan::{FinishOrder, Forfeit, ForfeitReason, Hand};
use crate::rules::{Seat, Seat::*, Team};
use crate::tournament::{builtin_format, draw, schedule, Entrant, EntrantKind, Event};

/// 4 teams, 健康杯 掼蛋 team format, drawn so that e1..e4 get numbers 1..4.
fn event() -> Event {
    let mut e = Event::new("ev", "健康杯", 0.0);
    for i in 1..=4 {
        e.entrants.push(Entrant {
            id: format!("e{i}"),
            name: format!("T{i}"),
            kind: EntrantKind::Team,
            members: vec![],
            unit: String::new(),
        });
    }
    let f = builtin_format("jiankang-guandan-team").unwrap();
    let mut c = f.competition("c1", "掼蛋", e.entrants.iter().map(|x| x.id.clone()).collect());
    c.draw.numbers = (1..=4).map(|i| (format!("e{i}"), i)).collect();
    schedule::generate(&mut c);
    e.competitions.push(c);
    e
}

fn hand(o: [Seat; 4]) -> Op {
    Op::Hand { hand: HandInput::Guandan(Hand::new(FinishOrder::new(o).unwrap())) }
}

/// A finished 5-deal match with these finishing orders; `A` = side 0 (N/S).
fn play(id: &str, deals: &[[Seat; 4]]) -> Match {
    let mut m = guandan::blank(id, "jiankang-guandan", 0.0).unwrap();
    for (i, o) in deals.iter().enumerate() {
        m.append(Entry { after: None, id: format!("h{i}"), at_ms: i as f64, op: hand(*o) }).unwrap();
    }
    m
}

const AA: [Seat; 4] = [N, S, E, W]; // A 双上: 5
const A13: [Seat; 4] = [N, E, S, W]; // A 一三游: 3
const A14: [Seat; 4] = [N, E, W, S]; // A 一四游: 1
const BB: [Seat; 4] = [E, W, N, S]; // B 双上: 5
const B13: [Seat; 4] = [E, N, W, S]; // B 3
const B14: [Seat; 4] = [E, N, S, W]; // B 1

/// Links fixture `fid` to `m` (not swapped: side 0 = A).
fn link(c: &mut Competition, fid: &str, m: &Match) {
    c.fixture_mut(fid).unwrap().legs[0].match_id = Some(m.id.clone());
}

fn fixture_of(c: &Competition, a: &str, b: &str) -> (String, bool) {
    for r in &c.rounds {
        for f in &r.fixtures {
            let s: Vec<&str> = f.sides.iter().filter_map(|s| s.entrant()).collect();
            if s == [a, b] {
                return (f.id.clone(), false);
            }
            if s == [b, a] {
                return (f.id.clone(), true);
            }
        }
    }
    panic!("no fixture {a} v {b}")
}

/// Plays `a` v `b` with deals written from `a`'s point of view.
fn meet(c: &mut Competition, ms: &mut Vec<Match>, a: &str, b: &str, deals: &[[Seat; 4]]) {
    let (fid, flipped) = fixture_of(c, a, b);
    let flip = |o: [Seat; 4]| {
        o.map(|s| match s {
            N => E,
            S => W,
            E => N,
            W => S,
        })
    };
    let d: Vec<[Seat; 4]> = deals.iter().map(|&o| if flipped { flip(o) } else { o }).collect();
    let m = play(&format!("m-{fid}"), &d);
    link(c, &fid, &m);
    ms.push(m);
}

/// A 南通 team competition (two pairs a team, RULES.md §1.4) of the test event's entrants,
/// drawn and scheduled.
fn nantong_competition() -> Competition {
    let e = event();
    let f = builtin_format("nantong-80fen-team").unwrap();
    let mut c = f.competition("c2", "80分", e.entrants.iter().map(|x| x.id.clone()).collect());
    draw::draw(&mut c, 1);
    schedule::generate(&mut c);
    c
}

/// Appends `op` to `m` as entry `id`, 1 ms after the one before.
fn put(m: &mut Match, id: &str, op: Op) {
    let at = m.entries.len() as f64 + 1.0;
    m.append(Entry { after: None, id: id.into(), at_ms: at, op }).unwrap();
}

/// `ruling` as the referee records it, with no reason or rule given.
fn ruled(ruling: crate::rules::Ruling) -> Op {
    Op::Ruling {
        ruling, player: None, board: None, reason: String::new(), rule: String::new(), referee: "裁判".into()
    }
}

#[test]
fn points_then_double_wins_then_head_to_head() {
    let mut e = event();
    let c = &mut e.competitions[0];
    let mut ms = Vec::new();
    // e1 v e2: e1 13 (AA, AA, A13), e2 8 (BB, B13) → e1 has 2 双上, e2 1.
    meet(c, &mut ms, "e1", "e2", &[AA, AA, A13, BB, B13]);
    meet(c, &mut ms, "e3", "e4", &[AA, A13, A13, A14, BB]); // e3 12 (1 双上), e4 5 (1 双上)
    meet(c, &mut ms, "e1", "e3", &[A14, BB, B13, B13, A13]); // e1 4, e3 11 (1 双上)
    meet(c, &mut ms, "e2", "e4", &[AA, AA, A13, A13, A14]); // e2 17 (2 双上), e4 0
    meet(c, &mut ms, "e1", "e4", &[AA, AA, A13, A13, A14]); // e1 17 (2 双上), e4 0
    meet(c, &mut ms, "e2", "e3", &[BB, BB, A14, A14, A14]); // e2 3, e3 10 (2 双上)
    let st = standings(c, &ms);
    assert!(st.complete);
    let tot = |id| st.row(id).unwrap().total;
    // e1: 13 + 4 + 17 = 34 (双上 4); e2: 8 + 17 + 3 = 28 (双上 3); e3: 12 + 11 + 10 = 33; e4: 5 + 0 + 0 = 5.
    assert_eq!([tot("e1"), tot("e2"), tot("e3"), tot("e4")], [34, 28, 33, 5]);
    let order: Vec<&str> = st.rows.iter().map(|r| r.entrant.as_str()).collect();
    assert_eq!(order, ["e1", "e3", "e2", "e4"]);
    assert_eq!(st.row("e1").unwrap().rank, Some(1));
    assert!(st.rows.iter().all(|r| r.decided_by.is_none() && !r.playoff));
}

#[test]
fn equal_points_go_to_the_double_win_count() {
    let mut e = event();
    let c = &mut e.competitions[0];
    let mut ms = Vec::new();
    meet(c, &mut ms, "e1", "e3", &[AA, AA, B13, B13, B13]); // e1 10 (双上 2), e3 9
    meet(c, &mut ms, "e2", "e4", &[A13, A13, A13, A14, BB]); // e2 10, e4 5 (双上 1)
    meet(c, &mut ms, "e1", "e2", &[A13, B13, A14, B14, AA]); // e1 9 (双上 1), e2 4
    meet(c, &mut ms, "e1", "e4", &[BB, BB, BB, BB, BB]); // e1 0, e4 25
    meet(c, &mut ms, "e2", "e3", &[A13, A14, A14, BB, BB]); // e2 5, e3 10
    meet(c, &mut ms, "e3", "e4", &[AA, AA, AA, AA, AA]); // e3 25
    let st = standings(c, &ms);
    let r = |id| st.row(id).unwrap().clone();
    assert_eq!((r("e1").total, r("e1").double_wins), (19, 3));
    assert_eq!((r("e2").total, r("e2").double_wins), (19, 0));
    assert_eq!((r("e3").total, r("e4").total), (44, 30));
    let order: Vec<&str> = st.rows.iter().map(|r| r.entrant.as_str()).collect();
    assert_eq!(order, ["e3", "e4", "e1", "e2"]);
    assert_eq!((r("e1").rank, r("e2").rank), (Some(3), Some(4)));
    assert_eq!(r("e1").decided_by, Some(TieBreak::DoubleWins));
    assert_eq!(r("e3").decided_by, None);
}

#[test]
fn head_to_head_decides_equal_points_and_double_wins() {
    let mut e = event();
    let c = &mut e.competitions[0];
    let mut ms = Vec::new();
    meet(c, &mut ms, "e1", "e2", &[AA, A14, A14, B13, A14]); // e1 8 (1 双上), e2 3
    meet(c, &mut ms, "e1", "e3", &[BB, BB, BB, A13, A14]); // e1 4, e3 15
    meet(c, &mut ms, "e1", "e4", &[A14, BB, BB, BB, BB]); // e1 1, e4 20
    meet(c, &mut ms, "e2", "e3", &[BB, BB, BB, BB, A14]); // e2 1, e3 20
    meet(c, &mut ms, "e2", "e4", &[AA, A13, A13, B13, B13]); // e2 11 (1 双上), e4 6
    meet(c, &mut ms, "e3", "e4", &[AA, AA, AA, AA, AA]); // e3 25, e4 0
    let st = standings(c, &ms);
    let r = |id| st.row(id).unwrap().clone();
    assert_eq!(r("e1").total, 13);
    assert_eq!(r("e2").total, 15);
    // Correct one e2 v e4 deal (A13 → A14: e2 −2): e2 13 = e1 13, both 1 双上 → head-to-head
    // e1 8 : e2 3 → e1 ahead.
    let (fid, _) = fixture_of(c, "e2", "e4");
    let mid = c.fixture(&fid).unwrap().1.legs[0].match_id.clone().unwrap();
    let m = ms.iter_mut().find(|m| m.id == mid).unwrap();
    m.append(Entry {
        after: None,
        id: "c1".into(),
        at_ms: 10.0,
        op: Op::Correct { target: "h1".into(), hand: HandInput::Guandan(Hand::new(FinishOrder::new(A14).unwrap())) },
    })
    .unwrap();
    let st = standings(c, &ms);
    let r = |id| st.row(id).unwrap().clone();
    assert_eq!((r("e1").total, r("e1").double_wins), (13, 1));
    assert_eq!((r("e2").total, r("e2").double_wins), (13, 1));
    assert!(r("e1").rank < r("e2").rank);
    assert_eq!(r("e1").decided_by, Some(TieBreak::HeadToHead));
    assert_eq!(r("e2").decided_by, Some(TieBreak::HeadToHead));
    assert!(!r("e1").playoff);
}

#[test]
fn level_on_everything_shares_the_place_and_needs_a_playoff() {
    let mut e = event();
    let c = &mut e.competitions[0];
    // Unplayed entrants are level but nothing is decided yet: no play-off mark.
    let st = standings(c, &[]);
    assert!(st.rows.iter().all(|r| r.rank == Some(1) && !r.playoff && r.pending == 3));
    // A one-round event: e1 v e4 and e2 v e3 both end 9:8 for N/S (e1, e2), one 双上 each,
    // and e1, e2 never meet → level on points, 双上 and head-to-head → shared 1st, play-off.
    c.format = Format::RoundRobin { max_rounds: Some(1), group_size: None };
    schedule::generate(c);
    let mut ms = Vec::new();
    meet(c, &mut ms, "e1", "e4", &[AA, BB, A13, B13, A14]);
    meet(c, &mut ms, "e2", "e3", &[AA, BB, A13, B13, A14]);
    let st = standings(c, &ms);
    let (a, b) = (st.row("e1").unwrap(), st.row("e2").unwrap());
    assert_eq!((a.total, b.total), (9, 9));
    assert_eq!((a.rank, b.rank), (Some(1), Some(1)));
    assert!(a.playoff && b.playoff);
    assert_eq!(st.row("e3").unwrap().rank, Some(3));
    assert!(st.row("e3").unwrap().playoff, "e3 and e4 are level too (8, one 双上 each)");
}

#[test]
fn a_recorded_playoff_orders_the_level_entrants_and_scores_nothing() {
    let mut e = event();
    let c = &mut e.competitions[0];
    c.format = Format::RoundRobin { max_rounds: Some(1), group_size: None };
    schedule::generate(c);
    let mut ms = Vec::new();
    meet(c, &mut ms, "e1", "e4", &[AA, BB, A13, B13, A14]);
    meet(c, &mut ms, "e2", "e3", &[AA, BB, A13, B13, A14]);
    let pf = |a: &str, b: &str, w: &str| crate::tournament::Playoff {
        entrants: vec![a.to_string(), b.to_string()],
        winner: w.to_string(),
    };
    // A play-off between other entrants than the level ones does not count.
    c.playoffs.push(pf("e1", "e3", "e3"));
    assert!(standings(c, &ms).row("e1").unwrap().playoff);
    // e2 wins the play-off with e1: 1st and 2nd, points unchanged (加赛不记分).
    c.playoffs.push(pf("e2", "e1", "e2"));
    let st = standings(c, &ms);
    let (a, b) = (st.row("e1").unwrap(), st.row("e2").unwrap());
    assert_eq!((b.rank, a.rank), (Some(1), Some(2)));
    assert_eq!((a.total, b.total, a.played, b.played), (9, 9, 1, 1));
    assert!(a.by_playoff && b.by_playoff && !a.playoff && !b.playoff);
    assert_eq!(st.rows[0].entrant, "e2");
    let (x, y) = (st.row("e3").unwrap(), st.row("e4").unwrap());
    assert!(x.playoff && y.playoff && x.rank == Some(3) && y.rank == Some(3), "e3, e4 still level");
    // The newest play-off between the same entrants counts.
    c.playoffs.push(pf("e1", "e2", "e1"));
    assert_eq!(standings(c, &ms).row("e1").unwrap().rank, Some(1));
}

#[test]
fn forfeit_gives_18_to_0_and_two_forfeits_cancel_all_results() {
    let mut e = event();
    let c = &mut e.competitions[0];
    let mut ms = Vec::new();
    meet(c, &mut ms, "e1", "e2", &[AA, AA, AA, AA, BB]); // e1 20, e2 5
                                                         // e4 forfeits against e3 at the desk: 18:0.
    let (fid, flipped) = fixture_of(c, "e3", "e4");
    c.fixture_mut(&fid).unwrap().forfeits = vec![if flipped { 0 } else { 1 }];
    let st = standings(c, &ms);
    assert_eq!(st.row("e3").unwrap().total, 18);
    assert_eq!(st.row("e3").unwrap().won, 1);
    assert_eq!(st.row("e4").unwrap().forfeits, 1);
    assert!(!st.row("e4").unwrap().cancelled);
    // e4 forfeits again, this time recorded in the match (a forfeit entry at the table).
    let (fid, flipped) = fixture_of(c, "e2", "e4");
    let mut m = guandan::blank("m-f", "jiankang-guandan", 0.0).unwrap();
    let mut h = Hand::new(FinishOrder::new(AA).unwrap());
    h.forfeit = Some(Forfeit {
        team: if flipped { Team::A } else { Team::B },
        reason: ForfeitReason::Absent,
        minutes_late: None,
    });
    m.append(Entry { after: None, id: "f".into(), at_ms: 0.0, op: Op::Hand { hand: HandInput::Guandan(h) } }).unwrap();
    link(c, &fid, &m);
    ms.push(m);
    let before = standings(c, &ms[..1]);
    assert_eq!(before.row("e2").unwrap().total, 5);
    let st = standings(c, &ms);
    let r4 = st.row("e4").unwrap();
    assert_eq!(r4.forfeits, 2);
    assert!(r4.cancelled && r4.rank.is_none());
    assert_eq!(st.rows.last().unwrap().entrant, "e4", "cancelled last");
    // Its matches no longer count for anybody: e3's 18 and e2's 18 are gone.
    assert_eq!(st.row("e3").unwrap().total, 0);
    assert_eq!(st.row("e2").unwrap().total, 5);
    // Keeping the opponents' results (the other reading) gives them back.
    c.scoring.cancel_keeps_opponents = true;
    let st = standings(c, &ms);
    assert_eq!(st.row("e3").unwrap().total, 18);
    assert_eq!(st.row("e2").unwrap().total, 5 + 18);
    assert!(st.row("e4").unwrap().cancelled);
}

#[test]
fn two_sides_forfeiting_both_get_nothing() {
    let mut e = event();
    let c = &mut e.competitions[0];
    c.rounds[0].fixtures[0].forfeits = vec![0, 1];
    let st = standings(c, &[]);
    let r = &st.results[0];
    assert!(r.done && r.winner.is_none());
    assert_eq!(r.score, vec![0, 0]);
}

#[test]
fn swapped_legs_map_back_to_their_sides() {
    let mut e = event();
    let c = &mut e.competitions[0];
    let m = play("m1", &[AA, AA, AA, AA, AA]);
    let f = &mut c.rounds[0].fixtures[0];
    f.legs[0].match_id = Some("m1".into());
    f.legs[0].swapped = true;
    let side1 = f.sides[1].entrant().unwrap().to_string();
    let st = standings(c, &[m]);
    assert_eq!(st.row(&side1).unwrap().total, 25);
}

#[test]
fn game_points_win_2_loss_1_forfeit_0_for_teams_of_two_pairs() {
    use crate::record::sample::blank_shengji;
    let mut c = nantong_competition();
    // Fixture 1: leg 1 side 0 wins 2 games to 1; leg 2 side 1 wins 2–0.
    let mk = |id: &str, winners: &[Team]| {
        let mut m = blank_shengji(id, "nantong-80fen", 0.0);
        for (k, w) in winners.iter().enumerate() {
            if k > 0 {
                m.append(Entry {
                    after: None,
                    id: format!("n{k}"),
                    at_ms: k as f64 * 10.0,
                    op: Op::NextGame { start: Default::default() },
                })
                .unwrap();
            }
            m.append(Entry {
                after: None,
                id: format!("t{k}"),
                at_ms: k as f64 * 10.0 + 1.0,
                op: Op::TimeVerdict { winner: *w, elapsed_ms: None },
            })
            .unwrap();
        }
        m.append(Entry { after: None, id: "s".into(), at_ms: 99.0, op: Op::SignOff { referee: "裁判".into() } })
            .unwrap();
        m
    };
    let m1 = mk("l1", &[Team::A, Team::B, Team::A]);
    let m2 = mk("l2", &[Team::B, Team::B]);
    let fx = &mut c.rounds[0].fixtures[0];
    fx.legs[0].match_id = Some("l1".into());
    fx.legs[1].match_id = Some("l2".into());
    let (s0, s1) = (fx.sides[0].entrant().unwrap().to_string(), fx.sides[1].entrant().unwrap().to_string());
    // A forfeit in fixture 2: the forfeiting team gets 0, the other 2 × 3 games × 2 legs.
    c.rounds[0].fixtures[1].forfeits = vec![1];
    let (w2, l2) = (
        c.rounds[0].fixtures[1].sides[0].entrant().unwrap().to_string(),
        c.rounds[0].fixtures[1].sides[1].entrant().unwrap().to_string(),
    );
    let st = standings(&c, &[m1, m2]);
    // Side 0: leg 1 2 wins 1 loss = 5, leg 2 0 wins 2 losses = 2 → 7. Side 1: 4 + 4 = 8.
    assert_eq!(st.row(&s0).unwrap().total, 7);
    assert_eq!(st.row(&s1).unwrap().total, 8);
    assert_eq!(st.results[0].winner, Some(1));
    assert_eq!(st.row(&w2).unwrap().total, 12);
    assert_eq!(st.row(&l2).unwrap().total, 0);
}

/// RULES.md §1.4 **[r2]**, §0: a table's team match forfeited in its record (a team
/// disqualified there) scores its games not played out as forfeits, as the desk's forfeit
/// does: the forfeiting team 0 a game, the other 2. Leg 1: side 0 wins 2 games to 1 (5 : 4);
/// leg 2: side 1 is disqualified during game 1 — its 3 games are forfeits (6 : 0).
#[test]
fn game_points_of_a_team_match_forfeited_in_its_record() {
    use crate::record::sample::blank_shengji;
    use crate::rules::Ruling;
    let mut c = nantong_competition();
    let mut m1 = blank_shengji("l1", "nantong-80fen", 0.0);
    for (k, w) in [Team::A, Team::B, Team::A].into_iter().enumerate() {
        if k > 0 {
            put(&mut m1, &format!("n{k}"), Op::NextGame { start: Default::default() });
        }
        put(&mut m1, &format!("t{k}"), Op::TimeVerdict { winner: w, elapsed_ms: None });
    }
    let mut m2 = blank_shengji("l2", "nantong-80fen", 0.0);
    // Ruled at table 2 after table 1 was played out (its games at times 1 to 5).
    put_at(&mut m2, "dq", 10.0, ruled(Ruling::Disqualified { team: Team::B }));
    let fx = &mut c.rounds[0].fixtures[0];
    fx.legs[0].match_id = Some("l1".into());
    fx.legs[1].match_id = Some("l2".into());
    let (s0, s1) = (fx.sides[0].entrant().unwrap().to_string(), fx.sides[1].entrant().unwrap().to_string());
    let st = standings(&c, &[m1, m2]);
    assert!(st.results[0].done);
    assert_eq!(st.row(&s0).unwrap().total, 5 + 6);
    assert_eq!(st.row(&s1).unwrap().total, 4);
}

#[test]
fn knockout_advances_winners_and_places_by_round() {
    let e = event();
    let f = builtin_format("guandan-5-3-1-ko").unwrap();
    let mut c = f.competition("k", "ko", e.entrants.iter().map(|x| x.id.clone()).collect());
    c.draw.numbers = (1..=4).map(|i| (format!("e{i}"), i)).collect();
    schedule::generate(&mut c);
    // r1f1: 1 v 4, r1f2: 2 v 3 (bracket [1, 4, 2, 3]).
    assert_eq!(
        c.rounds[0].fixtures[0].sides,
        vec![Slot::Entrant { id: "e1".into() }, Slot::Entrant { id: "e4".into() }]
    );
    c.rounds[0].fixtures[0].forfeits = vec![1];
    c.rounds[0].fixtures[1].forfeits = vec![0];
    let st = standings(&c, &[]);
    assert_eq!(st.results[2].sides, vec![Some("e1".to_string()), Some("e3".to_string())]);
    assert_eq!(st.row("e4").unwrap().rank, Some(3));
    assert_eq!(st.row("e2").unwrap().rank, Some(3));
    assert_eq!(st.row("e1").unwrap().rank, None);
    c.rounds[1].fixtures[0].forfeits = vec![1];
    let st = standings(&c, &[]);
    assert_eq!(st.champion.as_deref(), Some("e1"));
    assert_eq!(st.row("e1").unwrap().rank, Some(1));
    assert_eq!(st.row("e3").unwrap().rank, Some(2));
    assert!(st.complete);
}

#[test]
fn a_new_draw_never_credits_the_match_of_another_pairing() {
    use crate::tournament::tables::leg_match;
    let mut e = event();
    let mut c = e.competitions[0].clone();
    // Draw 1: r1f1 is e3 v e2; its match is made, linked and won 25:0 by e3.
    draw::draw(&mut c, 1);
    schedule::generate(&mut c);
    let sides = |c: &Competition| c.rounds[0].fixtures[0].sides.clone();
    let first = sides(&c);
    assert_eq!(first, vec![Slot::Entrant { id: "e3".into() }, Slot::Entrant { id: "e2".into() }]);
    e.competitions = vec![c.clone()];
    let (mut old, swapped) = leg_match(&e, &c, "r1f1", 0, &results(&c, &[]), 0.0).unwrap();
    for (i, o) in [AA; 5].iter().enumerate() {
        old.append(Entry { after: None, id: format!("h{i}"), at_ms: i as f64, op: hand(*o) }).unwrap();
    }
    let link = |c: &mut Competition, id: &str, swapped: bool| {
        let l = &mut c.rounds[0].fixtures[0].legs[0];
        l.match_id = Some(id.to_string());
        l.swapped = swapped;
    };
    link(&mut c, &old.id, swapped);
    let st = standings(&c, std::slice::from_ref(&old));
    assert_eq!(st.row("e3").unwrap().total, 25);
    // Draw 16 (the schedule cleared and made again): r1f1 is e3 v e4. Its match gets
    // another id than the old one, which stays as it was.
    draw::draw(&mut c, 16);
    c.rounds.clear();
    schedule::generate(&mut c);
    assert_eq!(sides(&c), vec![Slot::Entrant { id: "e3".into() }, Slot::Entrant { id: "e4".into() }]);
    e.competitions = vec![c.clone()];
    let res = results(&c, std::slice::from_ref(&old));
    assert!(res.iter().all(|r| !r.started && !r.done), "nothing linked yet, nothing played");
    let (new, _) = leg_match(&e, &c, "r1f1", 0, &res, 0.0).unwrap();
    assert_ne!(new.id, old.id);
    // Linked to the old match anyway (as an earlier build did): it is not credited.
    link(&mut c, &old.id, false);
    let st = standings(&c, std::slice::from_ref(&old));
    let r = &st.results[0];
    assert!(r.legs[0].other_entrants);
    assert!(r.legs[0].outcome.is_none());
    assert_eq!(r.score, vec![0, 0]);
    assert!(!r.started && !r.done && r.winner.is_none());
    assert!(st.rows.iter().all(|r| r.total == 0 && r.played == 0));
    // … and the leg can be given the match made for its own sides.
    assert_eq!(leg_match(&e, &c, "r1f1", 0, &st.results, 0.0).unwrap().0.id, new.id);
    // The first draw again: the same fixture, entrants and seats find the played match.
    draw::draw(&mut c, 1);
    c.rounds.clear();
    schedule::generate(&mut c);
    assert_eq!(sides(&c), first);
    e.competitions = vec![c.clone()];
    let (again, sw) = leg_match(&e, &c, "r1f1", 0, &results(&c, &[]), 0.0).unwrap();
    assert_eq!(again.id, old.id);
    link(&mut c, &again.id, sw);
    assert_eq!(standings(&c, std::slice::from_ref(&old)).row("e3").unwrap().total, 25);
}

/// A disqualification ruled in one match (RULES.md §0 **[r2]**): that match and the
/// entrant's fixtures not yet started are forfeits; a result already played stays.
#[test]
fn a_disqualified_entrant_forfeits_its_remaining_fixtures() {
    let mut e = event();
    let c = &mut e.competitions[0];
    let mut ms = Vec::new();
    meet(c, &mut ms, "e2", "e3", &[AA, AA, AA, AA, BB]); // played before
    let (fid, flipped) = fixture_of(c, "e1", "e3");
    let mut m = guandan::blank("m-dq", "jiankang-guandan", 0.0).unwrap();
    m.append(Entry { after: None, id: "h".into(), at_ms: 0.0, op: hand(AA) }).unwrap();
    let op = Op::Ruling {
        ruling: crate::rules::Ruling::Disqualified { team: if flipped { Team::A } else { Team::B } },
        player: None,
        board: None,
        reason: "连续迟到".into(),
        rule: "004 第三篇 §六4".into(),
        referee: "王".into(),
    };
    m.append(Entry { after: None, id: "dq".into(), at_ms: 1.0, op }).unwrap();
    link(c, &fid, &m);
    ms.push(m);
    let rs = results(c, &ms);
    let of = |a: &str, b: &str| {
        let (id, _) = fixture_of(c, a, b);
        rs.iter().find(|r| r.fixture == id).unwrap().clone()
    };
    let played = of("e2", "e3");
    assert!(!played.walkover && played.done, "the result played stays");
    let remaining = of("e3", "e4");
    assert!(remaining.walkover);
    assert_eq!(remaining.sides[remaining.winner.unwrap()].as_deref(), Some("e4"));
    let ruled = of("e1", "e3");
    assert_eq!(ruled.sides[ruled.winner.unwrap()].as_deref(), Some("e1"));
    // Undone, nothing is forfeited.
    ms.last_mut()
        .unwrap()
        .append(Entry {
            after: None,
            id: "u".into(),
            at_ms: 2.0,
            op: Op::Void { target: "dq".into(), reason: "undo".into() },
        })
        .unwrap();
    assert!(!results(c, &ms).iter().any(|r| r.walkover));
}

/// [r2] A round robin in groups (004 第三篇): each entrant is ranked inside its group and
/// over the whole field by the same keys.
#[test]
fn a_round_robin_in_groups_ranks_in_the_group_and_overall() {
    let mut e = event();
    let c = &mut e.competitions[0];
    c.format = Format::RoundRobin { max_rounds: None, group_size: Some(2) };
    schedule::generate(c);
    assert_eq!(c.rounds.len(), 1, "two groups of 2: one round");
    assert_eq!(c.groups().unwrap(), vec![vec!["e1", "e2"], vec!["e3", "e4"]]);
    let mut ms = Vec::new();
    meet(c, &mut ms, "e1", "e2", &[AA, AA, A13, BB, B13]); // e1 13, e2 8
    meet(c, &mut ms, "e3", "e4", &[BB, BB, BB, BB, A14]); // e3 1, e4 20
    let st = standings(c, &ms);
    assert!(st.complete);
    let r = |id| st.row(id).unwrap().clone();
    assert_eq!([r("e1").group, r("e2").group, r("e3").group, r("e4").group], [Some(1), Some(1), Some(2), Some(2)]);
    assert_eq!([r("e1").group_rank, r("e2").group_rank], [Some(1), Some(2)]);
    assert_eq!([r("e4").group_rank, r("e3").group_rank], [Some(1), Some(2)]);
    let order: Vec<&str> = st.rows.iter().map(|r| r.entrant.as_str()).collect();
    assert_eq!(order, ["e4", "e1", "e2", "e3"], "overall: 20, 13, 8, 1");
    assert_eq!(r("e2").rank, Some(3));
}

/// RULES.md §0 **[r2]** `disqualified`: the entrant's remaining fixtures of the event become
/// forfeits, its played results stay. In a 南通 team fixture (RULES.md §1.4, two legs, one a
/// pair) a team disqualified at one table forfeits the other leg too when that leg has not
/// started (no match made, or made with nothing played), so the fixture is decided; its
/// fixtures of the later rounds are forfeits as before.
#[test]
fn a_team_disqualified_in_one_leg_forfeits_the_leg_not_started() {
    use crate::record::sample::blank_shengji;
    use crate::rules::Ruling;
    let c = nantong_competition();
    let mut dq = blank_shengji("l2", "nantong-80fen", 0.0);
    let op = Op::Ruling {
        ruling: Ruling::Disqualified { team: Team::B },
        player: None,
        board: None,
        reason: "连续迟到".into(),
        rule: "004 第三篇 §六4".into(),
        referee: "裁判".into(),
    };
    dq.append(Entry { after: None, id: "dq".into(), at_ms: 1.0, op }).unwrap();
    let fx = &c.rounds[0].fixtures[0];
    let (s0, s1) = (fx.sides[0].entrant().unwrap().to_string(), fx.sides[1].entrant().unwrap().to_string());
    // The other leg: no match yet, or its match made and nothing played.
    for other in [None, Some(blank_shengji("l1", "nantong-80fen", 0.0))] {
        let mut c = c.clone();
        let fx = &mut c.rounds[0].fixtures[0];
        fx.legs[0].match_id = other.as_ref().map(|m| m.id.clone());
        fx.legs[1].match_id = Some("l2".into());
        let ms: Vec<Match> = other.into_iter().chain([dq.clone()]).collect();
        let st = standings(&c, &ms);
        let r = &st.results[0];
        assert!(r.done, "the leg not started is a forfeit: the fixture is decided");
        assert_eq!((r.winner, r.forfeits.clone()), (Some(0), vec![1]));
        // Each leg: 3 games to the other team (2 a game won), 0 to the forfeiting one.
        assert_eq!(r.awarded, vec![6 + 6, 0]);
        assert_eq!((st.row(&s0).unwrap().total, st.row(&s1).unwrap().total), (12, 0));
        let row = st.row(&s1).unwrap();
        assert_eq!(row.pending, 0, "every fixture of the disqualified team is decided");
        for later in st.results.iter().filter(|x| x.round > 1 && x.sides.contains(&Some(s1.clone()))) {
            assert!(later.walkover && later.forfeits.len() == 1, "{later:?}");
        }
    }
}

/// RULES.md §0 **[r2]** (a disqualified entrant's remaining fixtures are forfeits, its
/// played results stay) with §1.4 (南通 2/1/0 a game): team 1 is disqualified at table 2 of
/// round 1. (a) Table 1 had game 1 decided when it was ruled: that game stays, the two
/// others are forfeits. (b) A hand entered afterwards in a round-2 fixture of the
/// disqualified team does not undo that fixture's forfeit. (c) The desk scoring the round-1
/// fixture as a forfeit keeps the later forfeits (the disqualification still counts).
#[test]
fn a_disqualification_holds_over_a_table_in_play_later_entries_and_a_desk_forfeit() {
    use crate::record::sample::blank_shengji;
    use crate::rules::Ruling;
    let mut c = nantong_competition();
    let hand = |points: i32| Op::Hand {
        hand: crate::record::HandInput::Shengji(crate::rules::shengji::Hand { points, ..Default::default() }),
    };
    // Table 1: side 0 (N/S, team A of the match) wins game 1 by a time verdict, game 2 begun.
    let mut t1 = blank_shengji("t1", "nantong-80fen", 0.0);
    put(&mut t1, "v1", Op::TimeVerdict { winner: Team::A, elapsed_ms: None });
    put(&mut t1, "n1", Op::NextGame { start: Default::default() });
    put(&mut t1, "h1", hand(60));
    // Table 2: side 1 (E/W, team B) disqualified.
    let mut t2 = blank_shengji("t2", "nantong-80fen", 0.0);
    put(&mut t2, "dq", ruled(Ruling::Disqualified { team: Team::B }));
    let fx = &mut c.rounds[0].fixtures[0];
    fx.legs[0].match_id = Some("t1".into());
    fx.legs[1].match_id = Some("t2".into());
    let (s0, s1) = (fx.sides[0].entrant().unwrap().to_string(), fx.sides[1].entrant().unwrap().to_string());
    let st = standings(&c, &[t1.clone(), t2.clone()]);
    let r = &st.results[0];
    assert!(r.done && r.winner == Some(0), "{r:?}");
    // Table 1: game 1 as played (won 2, lost 1) + 2 forfeits (2 each, 0); table 2: 3 forfeits.
    assert_eq!(r.awarded, vec![2 + 4 + 6, 1]);

    // (b) A round-2 fixture of the disqualified team, one hand entered after the ruling.
    let (ri, fi, side) = c
        .rounds
        .iter()
        .enumerate()
        .skip(1)
        .find_map(|(ri, rd)| {
            rd.fixtures.iter().enumerate().find_map(|(fi, x)| {
                x.sides.iter().position(|sd| sd.entrant() == Some(s1.as_str())).map(|side| (ri, fi, side))
            })
        })
        .expect("the disqualified team plays in a later round");
    let mut late = blank_shengji("late", "nantong-80fen", 0.0);
    put(&mut late, "h", hand(40));
    c.rounds[ri].fixtures[fi].legs[0].match_id = Some("late".into());
    let ms = [t1, t2, late];
    let st = standings(&c, &ms);
    let later = st.results.iter().find(|x| x.fixture == c.rounds[ri].fixtures[fi].id).unwrap();
    assert!(later.walkover && later.forfeits == vec![side], "{later:?}");

    // (c) The desk scores the round-1 fixture as a forfeit by side 1: the later one stays one.
    c.rounds[0].fixtures[0].forfeits = vec![1];
    let st = standings(&c, &ms);
    let later = st.results.iter().find(|x| x.fixture == c.rounds[ri].fixtures[fi].id).unwrap();
    assert!(later.walkover && later.forfeits == vec![side], "{later:?}");
    assert_eq!(st.row(&s1).unwrap().pending, 0);
    // The standings say who was disqualified (the row's note).
    assert!(st.row(&s1).unwrap().disqualified && !st.row(&s0).unwrap().disqualified);
    let note = crate::tournament::output::row_note(crate::i18n::Lang::ZhCn, st.row(&s1).unwrap());
    assert!(note.starts_with("取消资格"), "{note}");
}

/// Entrants are all level before anything is played: no play-off (加赛) is due yet, neither
/// before the schedule nor with the fixtures made and none played (RULES.md §1.4, §6: teams
/// level *after everything* play one).
#[test]
fn no_playoff_is_due_before_anything_is_played() {
    let e = event();
    let f = builtin_format("nantong-80fen-team").unwrap();
    let mut c = f.competition("c2", "80分", e.entrants.iter().map(|x| x.id.clone()).collect());
    let st = standings(&c, &[]);
    assert!(st.rows.iter().all(|r| !r.playoff), "{:?}", st.rows);
    draw::draw(&mut c, 1);
    schedule::generate(&mut c);
    let st = standings(&c, &[]);
    assert!(st.rows.iter().all(|r| !r.playoff), "{:?}", st.rows);
}

/// RULES.md §1.4 **[r2]** (南通: 2 a game won, 1 lost, 0 forfeited) with a fixture forfeited
/// at the desk: every game of both legs is a forfeit, counted as a game won by the other
/// team as a table's record counts a forfeited game — the score (in games, like a played
/// fixture's) is 6 : 0 and the points 12 : 0, never a 0 : 0 with a winner.
#[test]
fn a_desk_forfeit_of_a_team_fixture_scores_its_games() {
    let mut c = nantong_competition();
    c.rounds[0].fixtures[0].forfeits = vec![1];
    let st = standings(&c, &[]);
    let r = &st.results[0];
    assert!(r.walkover && r.done && r.winner == Some(0), "{r:?}");
    assert_eq!(r.awarded, vec![12, 0]);
    assert_eq!((r.score.clone(), r.games_won.clone()), (vec![6, 0], vec![6, 0]));
    let s0 = r.sides[0].clone().unwrap();
    let row = st.row(&s0).unwrap();
    assert_eq!((row.total, row.points_for, row.points_against), (12, 6, 0));
}

/// RULES.md §0 **[r2]** with §1.4: a team disqualified at one table of a fixture forfeits the
/// other table too. The fixture's score counts that table's games as the standings do, the
/// same whether that table's match was never started (the forfeit is the desk's reading)
/// or forfeited in its own record by a ruling there too: 6 : 0 in games, 12 : 0 in points.
/// With a game decided at the other table before (won by the team staying), that game
/// stays: 6 : 0 in games (one played, two forfeited, three at the ruled table), 12 : 1.
#[test]
fn a_disqualification_fixture_scores_every_table_in_one_unit() {
    use crate::record::sample::blank_shengji;
    use crate::rules::Ruling;
    let dq = |id: &str| {
        let mut m = blank_shengji(id, "nantong-80fen", 0.0);
        put(&mut m, "dq", ruled(Ruling::Disqualified { team: Team::B }));
        m
    };
    let mut decided = blank_shengji("t1", "nantong-80fen", 0.0);
    put(&mut decided, "v1", Op::TimeVerdict { winner: Team::A, elapsed_ms: None });
    put(&mut decided, "n1", Op::NextGame { start: Default::default() });
    let cases: [(Option<Match>, [i64; 2], [i64; 2]); 3] =
        [(None, [6, 0], [12, 0]), (Some(dq("t1")), [6, 0], [12, 0]), (Some(decided), [6, 0], [12, 1])];
    for (table1, score, awarded) in cases {
        let mut c = nantong_competition();
        let fx = &mut c.rounds[0].fixtures[0];
        fx.legs[0].match_id = table1.as_ref().map(|m| m.id.clone());
        fx.legs[1].match_id = Some("t2".into());
        let ms: Vec<Match> = table1.into_iter().chain([dq("t2")]).collect();
        let st = standings(&c, &ms);
        let r = &st.results[0];
        assert!(r.done && r.winner == Some(0), "{r:?}");
        assert_eq!(r.score, score.to_vec(), "{r:?}");
        assert_eq!(r.awarded, awarded.to_vec(), "{r:?}");
        let games: Vec<i64> = r.games_won.iter().map(|&g| g as i64).collect();
        assert_eq!(r.score, games, "the score is the games won");
        let s0 = r.sides[0].clone().unwrap();
        assert_eq!(st.row(&s0).unwrap().points_for, score[0]);
    }
}

/// RULES.md §0 **[r2]**: a disqualified entrant's remaining rounds are forfeits, its played
/// results stay. In a 3-team 南通 round robin (a bye each round) the team disqualified in
/// round 1 gets nothing from its later bye — no winner, no bye counted —, while a bye
/// before a disqualification (the team ruled out in the last round) stays its own.
#[test]
fn a_bye_after_a_disqualification_gives_nothing() {
    use crate::record::sample::blank_shengji;
    use crate::rules::Ruling;
    let f = builtin_format("nantong-80fen-team").unwrap();
    let mut c = f.competition("c3", "80分", vec!["e1".into(), "e2".into(), "e3".into()]);
    draw::draw(&mut c, 1);
    schedule::generate(&mut c);
    let playing = |c: &Competition, round: usize| {
        c.rounds[round].fixtures.iter().position(|f| !f.sides.iter().any(|s| matches!(s, Slot::Bye))).unwrap()
    };
    let bye_of = |st: &Standings, id: &str| {
        st.results.iter().find(|r| r.bye && r.sides.contains(&Some(id.to_string()))).unwrap().clone()
    };
    let mut dq = blank_shengji("dq", "nantong-80fen", 0.0);
    put(&mut dq, "dq", ruled(Ruling::Disqualified { team: Team::B }));
    // Round 1: side 1 disqualified at table 1; its bye is in a later round.
    let mut early = c.clone();
    let k = playing(&early, 0);
    early.rounds[0].fixtures[k].legs[0].match_id = Some("dq".into());
    let out = early.rounds[0].fixtures[k].sides[1].entrant().unwrap().to_string();
    let st = standings(&early, std::slice::from_ref(&dq));
    assert!(st.row(&out).unwrap().disqualified);
    let bye = bye_of(&st, &out);
    assert!(bye.round > 1 && bye.done && bye.winner.is_none(), "{bye:?}");
    assert_eq!(st.row(&out).unwrap().byes, 0);
    // Last round: the side ruled out there had its bye before; it stays.
    let last = c.rounds.len() - 1;
    let k = playing(&c, last);
    c.rounds[last].fixtures[k].legs[0].match_id = Some("dq".into());
    let out = c.rounds[last].fixtures[k].sides[1].entrant().unwrap().to_string();
    let st = standings(&c, std::slice::from_ref(&dq));
    assert!(st.row(&out).unwrap().disqualified);
    let bye = bye_of(&st, &out);
    assert!(bye.round < c.rounds[last].number && bye.winner.is_some(), "{bye:?}");
    assert_eq!(st.row(&out).unwrap().byes, 1);
}

/// Appends `op` to `m` as entry `id`, logged at `at` ms.
fn put_at(m: &mut Match, id: &str, at: f64, op: Op) {
    m.append(Entry { after: None, id: id.into(), at_ms: at, op }).unwrap();
}

/// Table 1 of a 南通 team match (RULES.md §1.4 **[r2]**): game 1 won by `g1` at time 10,
/// game 2 won by `g2` at time 30, game 3 begun (a hand at time 40), not played out.
fn two_games_then_a_hand(id: &str, g1: Team, g2: Team) -> Match {
    let mut m = crate::record::sample::blank_shengji(id, "nantong-80fen", 0.0);
    put_at(&mut m, "v1", 10.0, Op::TimeVerdict { winner: g1, elapsed_ms: None });
    put_at(&mut m, "n1", 11.0, Op::NextGame { start: Default::default() });
    put_at(&mut m, "v2", 30.0, Op::TimeVerdict { winner: g2, elapsed_ms: None });
    put_at(&mut m, "n2", 31.0, Op::NextGame { start: Default::default() });
    let h = crate::rules::shengji::Hand { points: 60, ..Default::default() };
    put_at(&mut m, "h", 40.0, Op::Hand { hand: HandInput::Shengji(h) });
    m
}

/// RULES.md §0 **[r2]** (a disqualified entrant's remaining games are forfeits, its played
/// results stay) with §1.4 (南通 2/1/0 a game): team B (side 1) is disqualified at table 2.
/// Table 1, not played out, had game 1 won by B at time 10 and game 2 won by B at time 30.
/// (a) Ruled at time 20: game 2, finished after the ruling, is a forfeit like game 3 —
/// table 1 scores 2 forfeits to side 0 and game 1 as played (side 0 1 + 2 + 2, side 1 2),
/// table 2 3 forfeits (6 : 0): 11 : 2 in points, 5 : 1 in games, and the rows follow.
/// (b) Ruled at time 35: both games finished before it stay (side 0 1 + 1 + 2, side 1 4).
#[test]
fn a_game_finished_at_the_other_table_after_a_disqualification_is_a_forfeit() {
    use crate::rules::Ruling;
    for (ruled_at, awarded, score) in [(20.0, [11, 2], [5, 1]), (35.0, [10, 4], [4, 2])] {
        let mut c = nantong_competition();
        let t1 = two_games_then_a_hand("t1", Team::B, Team::B);
        let mut t2 = crate::record::sample::blank_shengji("t2", "nantong-80fen", 0.0);
        put_at(&mut t2, "dq", ruled_at, ruled(Ruling::Disqualified { team: Team::B }));
        let fx = &mut c.rounds[0].fixtures[0];
        assert!(!fx.legs[0].swapped && !fx.legs[1].swapped);
        fx.legs[0].match_id = Some("t1".into());
        fx.legs[1].match_id = Some("t2".into());
        let (s0, s1) = (fx.sides[0].entrant().unwrap().to_string(), fx.sides[1].entrant().unwrap().to_string());
        let st = standings(&c, &[t1, t2]);
        let r = &st.results[0];
        assert!(r.done && r.winner == Some(0) && !r.walkover, "{r:?}");
        assert!(r.legs[0].forfeited, "table 1 is scored from the ruling on");
        assert_eq!(r.awarded, awarded.to_vec(), "ruled at {ruled_at}: {r:?}");
        assert_eq!(r.score, score.to_vec(), "ruled at {ruled_at}: {r:?}");
        let games: Vec<i64> = r.games_won.iter().map(|&g| g as i64).collect();
        assert_eq!(r.score, games, "the score is the games won");
        let (a, b) = (st.row(&s0).unwrap(), st.row(&s1).unwrap());
        assert_eq!((a.total, a.points_for, a.points_against, a.won), (awarded[0], score[0], score[1], 1));
        // B's later rounds are forfeits: 0 points, 6 games against each.
        let later = c.rounds.len() as i64 - 1;
        assert_eq!((b.total, b.points_for, b.points_against), (awarded[1], score[1], score[0] + 6 * later));
        assert_eq!((b.lost, b.pending), (c.rounds.len() as u32, 0));
        assert!(b.disqualified);
    }
}

/// RULES.md §0 **[r2]** with §1.4, as above, with table 1 then played out after the ruling
/// (game 3 won by B at time 50): ruled at time 20, the games finished after it are forfeits
/// all the same (11 : 2 in points, 5 : 1 in games), not the 3 games B won there; ruled at
/// time 60, after table 1 was played out, its games stand (B 3 games: 3 + 6 : 6).
#[test]
fn a_table_played_out_after_a_disqualification_is_scored_from_the_ruling_on() {
    use crate::rules::Ruling;
    for (ruled_at, awarded, score, forfeited) in [(20.0, [11, 2], [5, 1], true), (60.0, [9, 6], [3, 3], false)] {
        let mut c = nantong_competition();
        let mut t1 = two_games_then_a_hand("t1", Team::B, Team::B);
        put_at(&mut t1, "v3", 50.0, Op::TimeVerdict { winner: Team::B, elapsed_ms: None });
        assert!(crate::tournament::outcome::outcome(&t1).done, "table 1 is played out");
        let mut t2 = crate::record::sample::blank_shengji("t2", "nantong-80fen", 0.0);
        put_at(&mut t2, "dq", ruled_at, ruled(Ruling::Disqualified { team: Team::B }));
        let fx = &mut c.rounds[0].fixtures[0];
        fx.legs[0].match_id = Some("t1".into());
        fx.legs[1].match_id = Some("t2".into());
        let st = standings(&c, &[t1, t2]);
        let r = &st.results[0];
        assert_eq!(r.legs[0].forfeited, forfeited, "ruled at {ruled_at}: {r:?}");
        assert_eq!(r.awarded, awarded.to_vec(), "ruled at {ruled_at}: {r:?}");
        assert_eq!(r.score, score.to_vec(), "ruled at {ruled_at}: {r:?}");
    }
}

/// RULES.md §0 **[r2]** (the entrant's remaining fixtures are forfeits, its played results
/// stay) with §1.4: team X is disqualified in round 1 at time 20 while its round-2 fixture
/// is in play. There, table 1 had game 1 won by X at time 10 (before the ruling: it stays)
/// and game 2 won by X at time 30 (after it: a forfeit, like game 3); table 2 has a hand at
/// time 15 and no game decided (3 forfeits). Round 2 scores 2 : 11 in points, 1 : 5 in
/// games, won by X's opponent — not a forfeit of the whole fixture (0 : 12) — and the rows
/// follow. With no game finished there before the ruling (ruled at time 5) it is one.
#[test]
fn a_fixture_in_play_when_its_entrant_is_disqualified_elsewhere_keeps_the_games_finished_before() {
    use crate::record::sample::blank_shengji;
    use crate::rules::Ruling;
    for ruled_at in [20.0, 5.0] {
        let mut c = nantong_competition();
        let fx = &mut c.rounds[0].fixtures[0];
        let x = fx.sides[1].entrant().unwrap().to_string();
        let mut dq = blank_shengji("dq", "nantong-80fen", 0.0);
        put_at(&mut dq, "dq", ruled_at, ruled(Ruling::Disqualified { team: Team::B }));
        fx.legs[1].match_id = Some("dq".into());
        let (ri, fi, side) = c
            .rounds
            .iter()
            .enumerate()
            .skip(1)
            .find_map(|(ri, rd)| {
                rd.fixtures.iter().enumerate().find_map(|(fi, f)| {
                    f.sides.iter().position(|s| s.entrant() == Some(x.as_str())).map(|side| (ri, fi, side))
                })
            })
            .expect("the disqualified team plays in round 2");
        let f = &mut c.rounds[ri].fixtures[fi];
        let team = |leg: usize| if (side == 1) != f.legs[leg].swapped { Team::B } else { Team::A };
        let t1 = two_games_then_a_hand("r2t1", team(0), team(0));
        let mut t2 = blank_shengji("r2t2", "nantong-80fen", 0.0);
        let h = crate::rules::shengji::Hand { points: 60, ..Default::default() };
        put_at(&mut t2, "h", 15.0, Op::Hand { hand: HandInput::Shengji(h) });
        f.legs[0].match_id = Some("r2t1".into());
        f.legs[1].match_id = Some("r2t2".into());
        let other = f.sides[1 - side].entrant().unwrap().to_string();
        let st = standings(&c, &[dq, t1, t2]);
        let r = st.results.iter().find(|r| r.fixture == c.rounds[ri].fixtures[fi].id).unwrap();
        assert!(r.done && r.winner == Some(1 - side), "{r:?}");
        assert_eq!(r.forfeits, vec![side]);
        let (ours, theirs) = if ruled_at == 20.0 { ((2, 1), (11, 5)) } else { ((0, 0), (12, 6)) };
        assert_eq!(r.walkover, ruled_at == 5.0, "{r:?}");
        assert_eq!((r.awarded[side], r.score[side]), ours, "ruled at {ruled_at}: {r:?}");
        assert_eq!((r.awarded[1 - side], r.score[1 - side]), theirs, "ruled at {ruled_at}: {r:?}");
        if ruled_at == 20.0 {
            assert!(r.legs.iter().all(|l| l.forfeited), "{r:?}");
        }
        // X: round 1 (6 forfeited games, 0 points), round 2, the later rounds forfeits; its
        // round-2 opponent has nothing else decided.
        let row = st.row(&x).unwrap();
        assert_eq!((row.total, row.points_for, row.lost, row.pending), (ours.0, ours.1, c.rounds.len() as u32, 0));
        let row = st.row(&other).unwrap();
        assert_eq!((row.won, row.total, row.points_for, row.points_against), (1, theirs.0, theirs.1, ours.1));
    }
}

/// 000 §四 (two forfeits cancel all results): once e4's results are cancelled, its
/// fixtures read "成绩取消, 不计" in the results list (they count for nobody), the
/// others keep their status.
#[test]
fn the_fixtures_of_an_entrant_whose_results_are_cancelled_say_they_do_not_count() {
    use crate::i18n::Lang;
    use crate::tournament::output::status;
    let mut e = event();
    let c = &mut e.competitions[0];
    let mut ms = Vec::new();
    meet(c, &mut ms, "e1", "e2", &[AA, AA, AA, AA, BB]);
    for other in ["e3", "e2"] {
        let (fid, flipped) = fixture_of(c, other, "e4");
        c.fixture_mut(&fid).unwrap().forfeits = vec![if flipped { 0 } else { 1 }];
    }
    let st = standings(c, &ms);
    assert!(st.row("e4").unwrap().cancelled);
    let of = |a: &str, b: &str| {
        let (fid, _) = fixture_of(c, a, b);
        st.results.iter().find(|r| r.fixture == fid).unwrap().clone()
    };
    assert_eq!(status(Lang::ZhCn, &of("e3", "e4")), "成绩取消, 不计");
    assert_eq!(status(Lang::En, &of("e2", "e4")), "results cancelled: not counted");
    assert_eq!(status(Lang::ZhCn, &of("e1", "e2")), "已结束");
}
