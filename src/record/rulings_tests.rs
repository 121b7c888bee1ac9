//! Rulings of every kind and appeals, replayed through the match log (RULES.md §0 **[r2]**):
//! each ruling's effect, and its void / undo; each appeal decision, and its void.

use super::replay::{replay, MatchView};
use super::{AppealDecision, Decider, Entry, HandInput, Match, Op};
use crate::rules::{shengji, Rank, Ruling, Team};

fn put(m: &mut Match, id: &str, op: Op) -> Result<(), super::ImportError> {
    let at = m.entries.len() as f64 + 1.0;
    m.append(Entry { after: None, id: id.into(), at_ms: at, op })
}

fn hand(points: i32) -> Op {
    Op::Hand { hand: HandInput::Shengji(shengji::Hand { points, ..Default::default() }) }
}

/// A team's ruling under `rule` (no reason), by referee 王: the tests' one way to write one.
pub(crate) fn ruling(r: Ruling, rule: &str) -> Op {
    Op::Ruling { ruling: r, player: None, board: None, reason: String::new(), rule: rule.into(), referee: "王".into() }
}

fn appeal(target: &str, decision: AppealDecision) -> Op {
    Op::Appeal {
        target: target.into(),
        appellant: "红队".into(),
        decision,
        decided_by: Decider::ChiefReferee,
        decided_ms: 100.0,
    }
}

fn sj(m: &Match) -> super::replay::ShengjiView {
    match replay(m) {
        MatchView::Shengji(v) => v,
        _ => unreachable!(),
    }
}

fn rk(s: &str) -> Rank {
    Rank::parse(s).unwrap()
}

/// 南通 §四: signalling is warned first; the second warning under that rule is 出局 (game
/// lost); voiding it gives the game back.
#[test]
fn the_second_signalling_warning_loses_the_game_and_its_void_gives_it_back() {
    let mut m = super::sample::blank_shengji("w", "nantong-80fen", 0.0);
    put(&mut m, "w1", ruling(Ruling::Warning { team: Team::A }, "signalling")).unwrap();
    put(&mut m, "w2", ruling(Ruling::Warning { team: Team::A }, "other")).unwrap();
    assert_eq!(sj(&m).current().winner, None, "one warning under the rule, one under another");
    put(&mut m, "w3", ruling(Ruling::Warning { team: Team::A }, "signalling")).unwrap();
    let v = sj(&m);
    assert_eq!(v.current().winner, Some(Team::B));
    assert_eq!(v.current().rulings.last().unwrap().counted.warning_no, Some(2));
    put(&mut m, "u", Op::Void { target: "w3".into(), reason: super::UNDO_REASON.into() }).unwrap();
    assert_eq!(sj(&m).current().winner, None);
}

/// A referee records a 南通 signalling warning under the clause the 规则 tab cites beside the
/// rule (`南通 §四`) rather than its name: it counts under that rule, with one recorded by
/// name, and the second is 出局.
#[test]
fn a_warning_recorded_under_the_rules_citation_counts_under_that_rule() {
    let mut m = super::sample::blank_shengji("wc", "nantong-80fen", 0.0);
    put(&mut m, "w1", ruling(Ruling::Warning { team: Team::A }, " 南通 §四 ")).unwrap();
    assert_eq!(sj(&m).current().winner, None);
    put(&mut m, "w2", ruling(Ruling::Warning { team: Team::A }, "signalling")).unwrap();
    let v = sj(&m);
    assert_eq!(v.current().winner, Some(Team::B));
    assert_eq!(v.current().rulings.last().unwrap().counted.warning_no, Some(2));
}

/// The ruling panel previews a warning through the same append and replay as its commit:
/// in 南通 (§四), the first signalling warning is only counted; the second — recorded under
/// the rule's citation or its name — is the game lost (出局) for the warned team; under
/// another rule it is a first warning again. Nothing is appended by the preview.
#[test]
fn the_preview_of_a_warning_says_it_is_the_one_that_loses_the_game() {
    use crate::rules::ruling::{Counted, Effect};
    let mut m = super::sample::blank_shengji("pv", "nantong-80fen", 0.0);
    let entry = |rule: &str| Entry {
        after: None,
        id: "preview".into(),
        at_ms: 9.0,
        op: ruling(Ruling::Warning { team: Team::A }, rule),
    };
    assert_eq!(
        m.preview_ruling(entry("南通 §四")).unwrap(),
        Some(Counted { effect: Effect::Noted, warning_no: Some(1) })
    );
    put(&mut m, "w1", ruling(Ruling::Warning { team: Team::A }, "南通 §四")).unwrap();
    let lost = Some(Counted { effect: Effect::Game(Ruling::GameLost { team: Team::A }), warning_no: Some(2) });
    assert_eq!(m.preview_ruling(entry("南通 §四")).unwrap(), lost);
    assert_eq!(m.preview_ruling(entry("signalling")).unwrap(), lost);
    assert_eq!(m.preview_ruling(entry("other")).unwrap().map(|c| c.effect), Some(Effect::Noted));
    assert_eq!(m.entries.len(), 1);
    // Editing the first warning in place previews under the target's id.
    let edit = Entry {
        after: None,
        id: "preview".into(),
        at_ms: 9.0,
        op: Op::CorrectRuling {
            target: "w1".into(),
            ruling: Ruling::Warning { team: Team::B },
            player: None,
            board: None,
            reason: String::new(),
            rule: "南通 §四".into(),
            referee: "王".into(),
        },
    };
    assert_eq!(m.preview_ruling(edit).unwrap(), Some(Counted { effect: Effect::Noted, warning_no: Some(1) }));
}

/// 002 §一5: the second warning for burying not at once is 80 points, due in the hand.
#[test]
fn a_warning_that_becomes_points_is_due_not_applied() {
    let mut m = super::sample::blank_shengji("p", "chaodipi-10", 0.0);
    put(&mut m, "w1", ruling(Ruling::Warning { team: Team::B }, "bury_not_at_once")).unwrap();
    put(&mut m, "w2", ruling(Ruling::Warning { team: Team::B }, "bury_not_at_once")).unwrap();
    let v = sj(&m);
    let row = v.current().rulings.last().unwrap();
    assert_eq!(row.counted.effect, crate::rules::ruling::Effect::PointsDue(Team::B, 80));
    assert_eq!(v.current().winner, None);
}

/// A disqualification forfeits the match (the series goes to the other team) and names the
/// side for the event; its void takes it back.
#[test]
fn a_disqualification_forfeits_the_match() {
    let mut m = super::sample::blank_shengji("d", "jiankang-chaodipi", 0.0);
    put(&mut m, "h1", hand(40)).unwrap();
    put(&mut m, "dq", ruling(Ruling::Disqualified { team: Team::A }, "004 第三篇 §五2(1)")).unwrap();
    let o = replay(&m).outcome();
    assert_eq!((o.winner, o.forfeits.clone(), o.disqualified.clone(), o.done), (Some(1), vec![0], vec![0], true));
    put(&mut m, "v", Op::Void { target: "dq".into(), reason: "delete".into() }).unwrap();
    let o = replay(&m).outcome();
    assert_eq!((o.winner, o.disqualified.len()), (None, 0));
}

/// 004 §(六): 10 minutes late forfeits the round; 9 is recorded with no effect.
#[test]
fn lateness_at_the_limit_forfeits_the_guandan_round() {
    let mut m = super::games::guandan::blank("l", "guandan-3-2-1", 0.0).unwrap();
    put(&mut m, "l1", ruling(Ruling::Late { team: Team::B, minutes: 9 }, "")).unwrap();
    let gv = |m: &Match| match replay(m) {
        MatchView::Guandan(v) => v,
        _ => unreachable!(),
    };
    assert_eq!(gv(&m).current().winner, None);
    put(&mut m, "l2", ruling(Ruling::Late { team: Team::B, minutes: 10 }, "")).unwrap();
    let v = gv(&m);
    assert_eq!((v.current().winner, v.current().forfeit), (Some(Team::A), Some(Team::B)));
    assert_eq!(replay(&m).outcome().forfeits, vec![1]);
    put(&mut m, "u", Op::Void { target: "l2".into(), reason: super::UNDO_REASON.into() }).unwrap();
    assert_eq!(gv(&m).current().winner, None);
}

/// An appeal that overturns a level penalty restores the levels; upheld changes nothing;
/// voiding the appeal brings the penalty back; a replacement ruling applies in its place.
#[test]
fn appeals_overturn_uphold_or_replace_a_ruling() {
    let mut m = super::sample::blank_shengji("a", "jiankang-chaodipi", 0.0);
    put(&mut m, "h1", hand(40)).unwrap(); // A 2 → 4
    put(&mut m, "lp", ruling(Ruling::LevelPenalty { team: Team::A, levels: 2 }, "002 §三2")).unwrap();
    put(&mut m, "h2", hand(40)).unwrap(); // A 2 → 4
    assert_eq!(sj(&m).current().state.level(Team::A), rk("4"));
    put(&mut m, "up", appeal("lp", AppealDecision::Upheld)).unwrap();
    assert_eq!(sj(&m).current().state.level(Team::A), rk("4"));
    put(&mut m, "ov", appeal("lp", AppealDecision::Overturned)).unwrap();
    assert_eq!(sj(&m).current().state.level(Team::A), rk("6"), "levels restored");
    assert!(sj(&m).current().rulings.is_empty());
    put(&mut m, "u", Op::Void { target: "ov".into(), reason: super::UNDO_REASON.into() }).unwrap();
    assert_eq!(sj(&m).current().state.level(Team::A), rk("4"), "the appeal undone: the penalty again");
    put(
        &mut m,
        "rp",
        appeal("lp", AppealDecision::Replaced { ruling: Ruling::LevelPenalty { team: Team::A, levels: 1 } }),
    )
    .unwrap();
    assert_eq!(sj(&m).current().state.level(Team::A), rk("5"));
    // The log keeps all three steps: the ruling, the appeals, the decision in force.
    assert_eq!(m.appeals()["lp"].0.id, "rp");
}

/// An appeal against a hand: overturned, the hand no longer counts; a hand is never
/// "replaced"; an appeal against a deleted entry or a non-ruling is refused.
#[test]
fn an_appeal_against_a_hand() {
    let mut m = super::sample::blank_shengji("h", "jiankang-chaodipi", 0.0);
    put(&mut m, "h1", hand(40)).unwrap();
    put(&mut m, "h2", hand(40)).unwrap();
    let err = put(&mut m, "x", appeal("h2", AppealDecision::Replaced { ruling: Ruling::Warning { team: Team::A } }))
        .unwrap_err();
    assert_eq!(err.field, "op.decision");
    put(&mut m, "ov", appeal("h2", AppealDecision::Overturned)).unwrap();
    assert_eq!(sj(&m).current().rows.len(), 1);
    put(&mut m, "c", Op::Clock { action: super::ClockAction::Start, elapsed_ms: None }).unwrap();
    assert_eq!(put(&mut m, "y", appeal("c", AppealDecision::Upheld)).unwrap_err().field, "op.target");
    put(&mut m, "del", Op::Void { target: "h1".into(), reason: "delete".into() }).unwrap();
    assert_eq!(put(&mut m, "z", appeal("h1", AppealDecision::Upheld)).unwrap_err().field, "op.target");
    // Stored and read back.
    let back = super::schema::load_stored(&super::schema::store_match(&m)).unwrap();
    assert_eq!(back, m);
}

/// The levels a ruling's preview compares: a level penalty lowers the team's level, never
/// below 2, so a penalty at level 2 leaves the levels as they were.
#[test]
fn levels_before_and_after_a_level_penalty_at_the_floor() {
    let mut m = super::sample::blank_shengji("f", "jiankang-chaodipi", 0.0);
    let levels = |m: &Match| replay(m).levels().unwrap();
    assert_eq!(levels(&m)[&Team::A], rk("2"));
    let before = levels(&m);
    put(&mut m, "lp", ruling(Ruling::LevelPenalty { team: Team::A, levels: 2 }, "002 §三2")).unwrap();
    assert_eq!(levels(&m), before, "at level 2 a level penalty changes nothing");
    put(&mut m, "h1", hand(40)).unwrap(); // A 2 → 4
    put(&mut m, "lp2", ruling(Ruling::LevelPenalty { team: Team::A, levels: 1 }, "002 §三2")).unwrap();
    assert_eq!(levels(&m)[&Team::A], rk("3"));
}

/// RULES.md §1.4 **[r2]**, §0: a 南通 team match whose team B is disqualified during game 1
/// (a hand played) — the game in progress and the two not started are forfeits, all three
/// won by team A. The games won the match shows (the scoreboard's 胜局, the sheet's line)
/// are the ones the standings count: 3 : 0, not the 1 : 0 of the game in progress alone.
#[test]
fn a_team_match_forfeited_in_its_first_game_shows_every_forfeited_game_won() {
    let mut m = super::sample::blank_shengji("nq", "nantong-80fen", 0.0);
    put(&mut m, "h1", hand(40)).unwrap();
    put(&mut m, "dq", ruling(Ruling::Disqualified { team: Team::B }, "")).unwrap();
    let v = sj(&m);
    assert_eq!((v.series[&Team::A], v.series[&Team::B]), (3, 0));
    assert_eq!(v.team_points, Some([(Team::A, 6), (Team::B, 0)].into_iter().collect()));
    let o = replay(&m).outcome();
    assert_eq!((o.games_won.clone(), o.games_forfeited.clone()), (vec![3, 0], vec![0, 3]));
}

/// RULES.md §1.4 **[r2]** (南通 team match): a game won gives 2 points, a game lost 1, a
/// forfeit 0; §0: a disqualification forfeits the match and the results played stay. Game 1
/// was lost by team B (出局): A 2, B 1, as played. B is disqualified during game 2: game 2
/// and game 3 (not started) are forfeits — A 2 each, B 0 — not a game lost (1) for B.
#[test]
fn a_nantong_team_match_forfeited_by_disqualification_scores_its_games_as_forfeits() {
    let mut m = super::sample::blank_shengji("nf", "nantong-80fen", 0.0);
    put(&mut m, "g1", ruling(Ruling::GameLost { team: Team::B }, "南通 §四")).unwrap();
    put(&mut m, "n1", Op::NextGame { start: Default::default() }).unwrap();
    put(&mut m, "dq", ruling(Ruling::Disqualified { team: Team::B }, "")).unwrap();
    let v = sj(&m);
    assert_eq!(v.team_points, Some([(Team::A, 2 + 2 + 2), (Team::B, 1)].into_iter().collect()));
    assert!(v.over);
    let o = replay(&m).outcome();
    assert_eq!((o.games_won.clone(), o.games_forfeited.clone()), (vec![3, 0], vec![0, 2]));
    // Undone, the forfeit goes and game 1 stands as played.
    put(&mut m, "u", Op::Void { target: "dq".into(), reason: super::UNDO_REASON.into() }).unwrap();
    assert_eq!(sj(&m).team_points, Some([(Team::A, 2), (Team::B, 1)].into_iter().collect()));
}

/// Game 1 of a 南通 team match won by A on the table; game 2: a hand, then two signalling
/// warnings on A — the 2nd is 出局 (南通 §四), game 2 to B.
fn nantong_game_two_lost_by_signalling(m: &mut Match) {
    for (i, p) in [0, 0, 0].into_iter().enumerate() {
        put(m, &format!("a{i}"), hand(p)).unwrap(); // A 2 → 10 → A → through A
    }
    assert_eq!(sj(m).current().winner, Some(Team::A));
    put(m, "n1", Op::NextGame { start: Default::default() }).unwrap();
    put(m, "h1", hand(40)).unwrap();
    put(m, "w1", ruling(Ruling::Warning { team: Team::A }, "signalling")).unwrap();
    put(m, "w2", ruling(Ruling::Warning { team: Team::A }, "signalling")).unwrap();
    assert_eq!(sj(m).current().winner, Some(Team::B));
}

/// RULES.md §0 **[r2]**: an appeal that overturns the 出局 before the next game is started
/// undoes it — game 2 is in progress again and its hands go on.
#[test]
fn an_overturned_game_lost_before_the_next_game_reopens_the_game() {
    let mut m = super::sample::blank_shengji("o1", "nantong-80fen", 0.0);
    nantong_game_two_lost_by_signalling(&mut m);
    put(&mut m, "ov", appeal("w2", AppealDecision::Overturned)).unwrap();
    let v = sj(&m);
    assert_eq!((v.games.len(), v.current().winner, v.over), (2, None, false));
    put(&mut m, "h2", hand(40)).unwrap();
    assert_eq!(sj(&m).current().rows.len(), 2, "game 2 plays on");
    put(&mut m, "n2", Op::NextGame { start: Default::default() }).unwrap();
    assert_eq!(sj(&m).games.len(), 3);
}

/// RULES.md §1.4 **[r2]** 「打满三局」 and §0 **[r2]**: the 出局 that decided game 2 is
/// overturned after game 3 was played. Game 2 is undecided and, its hands being past, scores
/// nothing (0 : 0); the match has had its three games and is over at 2+0+1 : 1+0+2 — no
/// fourth game is taken. A new ruling applies to the game in progress (game 3, decided), so
/// it cannot decide game 2; the appeal's decision can, replacing the ruling with 判负.
#[test]
fn an_overturned_game_lost_after_the_last_game_leaves_it_undecided_and_no_fourth_game() {
    use crate::rules::shengji::Start;
    let mut m = super::sample::blank_shengji("o3", "nantong-80fen", 0.0);
    nantong_game_two_lost_by_signalling(&mut m);
    let b_declares = Start { declarer: Some(Team::B), dealer: Some(crate::rules::Seat::E), ..Default::default() };
    put(&mut m, "n2", Op::NextGame { start: b_declares }).unwrap();
    for (i, p) in [0, 0, 0].into_iter().enumerate() {
        put(&mut m, &format!("b{i}"), hand(p)).unwrap();
    }
    let v = sj(&m);
    assert_eq!((v.current().winner, v.over, v.series_winner), (Some(Team::B), true, Some(Team::B)));
    assert_eq!(v.team_points, Some([(Team::A, 4), (Team::B, 5)].into_iter().collect()));

    put(&mut m, "ov", appeal("w2", AppealDecision::Overturned)).unwrap();
    let v = sj(&m);
    assert_eq!(v.games.len(), 3);
    assert_eq!(v.games[1].winner, None, "the overturned 出局 no longer decides game 2");
    assert_eq!((v.team_games[1].score.points[&Team::A], v.team_games[1].score.points[&Team::B]), (0, 0));
    assert_eq!(v.team_games[1].how, None);
    assert!(v.over, "three games started, the last decided: nothing is left to play");
    assert_eq!(v.team_points, Some([(Team::A, 3), (Team::B, 3)].into_iter().collect()));
    assert_eq!(v.series_winner, None, "level on points");
    let o = replay(&m).outcome();
    assert_eq!((o.games_won.clone(), o.done), (vec![1, 1], true));
    // No fourth game: refused by the record, not only hidden by the page.
    let next =
        |id: &str| Entry { after: None, id: id.into(), at_ms: 99.0, op: Op::NextGame { start: Default::default() } };
    let err = m.check(next("n3")).unwrap_err();
    assert_eq!(err.field, super::NOT_PLAYABLE, "{err}");
    let err = m.clone().append(next("n3")).unwrap_err();
    assert_eq!(err.field, super::NOT_PLAYABLE, "{err}");
    assert!(err.reason.contains("the team match is over"), "{}", err.reason);
    // A new ruling is about the game in progress (game 3, won): refused.
    let err = put(&mut m, "gl", ruling(Ruling::GameLost { team: Team::A }, "南通 §四")).unwrap_err();
    assert_eq!(err.field, super::NOT_PLAYABLE, "{err}");
    // The committee's decision replaces the ruling in its place: game 2 is B's again.
    put(&mut m, "rp", appeal("w2", AppealDecision::Replaced { ruling: Ruling::GameLost { team: Team::A } })).unwrap();
    let v = sj(&m);
    assert_eq!(v.games[1].winner, Some(Team::B));
    assert_eq!(v.team_points, Some([(Team::A, 4), (Team::B, 5)].into_iter().collect()));
    assert_eq!((v.over, v.series_winner), (true, Some(Team::B)));
}

/// RULES.md §1.4 **[r2]**: game 2 left undecided by an appeal while game 3 is in progress —
/// game 3 plays on, no fourth game can be started, and the match ends when game 3 is decided.
#[test]
fn an_overturn_during_the_last_game_lets_it_play_on_but_starts_no_fourth_game() {
    let mut m = super::sample::blank_shengji("o2", "nantong-80fen", 0.0);
    nantong_game_two_lost_by_signalling(&mut m);
    put(&mut m, "n2", Op::NextGame { start: Default::default() }).unwrap();
    put(&mut m, "ov", appeal("w2", AppealDecision::Overturned)).unwrap();
    let v = sj(&m);
    assert_eq!((v.games.len(), v.games[1].winner, v.over), (3, None, false));
    let err = put(&mut m, "n3", Op::NextGame { start: Default::default() }).unwrap_err();
    assert_eq!(err.field, super::NOT_PLAYABLE, "{err}");
    assert!(err.reason.contains("all 3 games of the team match are started"), "{}", err.reason);
    for (i, p) in [0, 0, 0].into_iter().enumerate() {
        put(&mut m, &format!("c{i}"), hand(p)).unwrap(); // A declares game 3 and wins it
    }
    let v = sj(&m);
    assert!(v.over);
    assert_eq!(v.team_points, Some([(Team::A, 4), (Team::B, 2)].into_iter().collect()));
    assert_eq!(v.series_winner, Some(Team::A));
}

/// RULES.md §1.4 **[r2]**, §0: a team match forfeited (B disqualified in game 2) has its
/// remaining games scored as forfeits; none of them is started and played.
#[test]
fn no_next_game_after_a_team_match_is_forfeited() {
    let mut m = super::sample::blank_shengji("nf", "nantong-80fen", 0.0);
    put(&mut m, "g1", ruling(Ruling::GameLost { team: Team::B }, "南通 §四")).unwrap();
    put(&mut m, "n1", Op::NextGame { start: Default::default() }).unwrap();
    put(&mut m, "dq", ruling(Ruling::Disqualified { team: Team::B }, "")).unwrap();
    let err = put(&mut m, "n2", Op::NextGame { start: Default::default() }).unwrap_err();
    assert_eq!(err.field, super::NOT_PLAYABLE, "{err}");
    assert_eq!(sj(&m).games.len(), 2);
}
