use super::*;
use crate::record::replay::{replay, MatchView};
use crate::record::{ClockAction, Entry, HandInput, Op, Setup, TimedAction};

#[test]
fn rulings_replay_like_hands_and_undo_by_void() {
    use crate::record::sample::blank_shengji;
    use crate::rules::Ruling;
    let mut m = blank_shengji("r", "jiankang-chaodipi", 0.0);
    let mut k = 0;
    let mut put = |m: &mut Match, op: Op| {
        k += 1;
        let id = format!("e{k}");
        m.append(Entry { after: None, id: id.clone(), at_ms: k as f64, op }).map(|_| id)
    };
    let hand = |points| Op::Hand { hand: HandInput::Shengji(shengji::Hand { points, ..Default::default() }) };
    let ruling = |ruling| Op::Ruling {
        ruling,
        player: None,
        board: None,
        reason: "暗示".into(),
        rule: "000 §一(五)4".into(),
        referee: "王裁判".into(),
    };
    let v = |m: &Match| match replay(m) {
        MatchView::Shengji(v) => v,
        _ => unreachable!(),
    };
    put(&mut m, hand(40)).unwrap(); // A 庄 40 → +2: A 4
    let lp = put(&mut m, ruling(Ruling::LevelPenalty { team: Team::A, levels: 1 })).unwrap();
    assert_eq!(v(&m).current().state.level(Team::A), crate::rules::Rank::parse("3").unwrap());
    put(&mut m, hand(40)).unwrap(); // A 3 → 5
    assert_eq!(v(&m).current().state.level(Team::A), crate::rules::Rank::parse("5").unwrap());
    // Undo the level penalty: the later hand replays from 4 (→ 6).
    put(&mut m, Op::Void { target: lp.clone(), reason: String::new() }).unwrap();
    assert_eq!(v(&m).current().state.level(Team::A), crate::rules::Rank::parse("6").unwrap());
    // A signals: game lost at once; B wins game 1 of the best of 3; no hand after it.
    put(&mut m, ruling(Ruling::GameLost { team: Team::A })).unwrap();
    let view = v(&m);
    assert_eq!((view.current().winner, view.series[&Team::B]), (Some(Team::B), 1));
    assert_eq!(view.current().rulings.len(), 1, "the voided level penalty no longer counts");
    // (A new hand is checked by the page's preview, or replayed when another tab wrote.)
    let err =
        m.clone().append_replayed(Entry { after: None, id: "late".into(), at_ms: 99.0, op: hand(40) }).unwrap_err();
    assert_eq!(err.field, crate::record::NOT_PLAYABLE);
    let err = put(&mut m, ruling(Ruling::GameLost { team: Team::B })).unwrap_err();
    assert_eq!(err.field, crate::record::NOT_PLAYABLE, "{err}");
    // A ruling names its referee.
    let err = put(
        &mut m,
        Op::Ruling {
            ruling: Ruling::GameLost { team: Team::B },
            player: None,
            board: None,
            reason: String::new(),
            rule: String::new(),
            referee: " ".into(),
        },
    )
    .unwrap_err();
    assert_eq!(err.field, "op.referee");
}

#[test]
fn nantong_team_match_plays_all_three_games() {
    use crate::record::sample::blank_shengji;
    let mut m = blank_shengji("tm", "nantong-80fen", 0.0);
    let mut k = 0;
    let mut put = |m: &mut Match, op: Op| {
        k += 1;
        m.append(Entry { after: None, id: format!("e{k}"), at_ms: k as f64, op }).unwrap();
    };
    let v = |m: &Match| match replay(m) {
        MatchView::Shengji(v) => v,
        _ => unreachable!(),
    };
    for w in [Team::A, Team::A] {
        put(&mut m, Op::TimeVerdict { winner: w, elapsed_ms: None });
        assert_eq!(v(&m).series_winner, None, "all three games are played, not best of 3");
        put(&mut m, Op::NextGame { start: Start::default() });
    }
    put(&mut m, Op::TimeVerdict { winner: Team::B, elapsed_ms: None });
    let view = v(&m);
    assert_eq!(view.series_winner, Some(Team::A));
    assert_eq!(view.series[&Team::A], 2);
}
use crate::record::sample;

/// A match of `preset` with these entries (ids `e1`, `e2` …, one second apart).
fn logged(preset: &str, ops: Vec<Op>) -> Match {
    let mut m = sample::blank_shengji("x", preset, 0.0);
    for (k, op) in ops.into_iter().enumerate() {
        m.append(Entry { after: None, id: format!("e{}", k + 1), at_ms: (k as f64 + 1.0) * 1000.0, op }).unwrap();
    }
    m
}

fn view_of(m: &Match) -> ShengjiView {
    match replay(m) {
        MatchView::Shengji(v) => v,
        _ => unreachable!(),
    }
}

#[test]
fn deal_limit_gives_the_game_to_the_leader_after_the_twelfth_deal() {
    // chaodipi-10: 12 deals (reading). A declares: 70 → A +1 each time (A at 7 after 5),
    // then 80s: the deal passes back and forth with no level change.
    let mut ops: Vec<Op> = [70, 70, 70, 70, 70].into_iter().map(h).collect();
    ops.extend((0..6).map(|_| h(80)));
    let m = logged("chaodipi-10", ops.clone());
    let v = view_of(&m);
    assert_eq!(v.current().rows.len(), 11);
    assert_eq!(v.current().winner, None, "11 deals: the game goes on");
    ops.push(h(80));
    let m = logged("chaodipi-10", ops);
    let v = view_of(&m);
    let g = v.current();
    assert_eq!((g.winner, g.by_deal_limit, g.by_time), (Some(Team::A), true, false), "A leads 7 to 2");
    assert_eq!(v.series[&Team::A], 1);
    // No 13th deal in that game.
    let err = m.clone().append_replayed(Entry { after: None, id: "late".into(), at_ms: 99e3, op: h(80) }).unwrap_err();
    assert_eq!(err.field, crate::record::NOT_PLAYABLE, "{err}");
    // A copy without the limit (a semi-final's match) plays on.
    let mut m2 = logged("chaodipi-10", vec![]);
    let Setup::Shengji(s) = &mut m2.setup else { unreachable!() };
    s.preset.timing.deal_limit = None;
    for (k, e) in m.entries.iter().enumerate() {
        m2.append(Entry { id: format!("c{k}"), ..e.clone() }).unwrap();
    }
    assert_eq!(view_of(&m2).current().winner, None);
}

/// Three hands of 0 take the declarer A from 2 to 10, to A, then through A: a game won.
fn a_wins_a_game() -> Vec<Op> {
    vec![h(0), h(0), h(0)]
}

#[test]
fn nantong_time_up_in_the_third_game_gives_it_to_the_leader_and_ends_the_match() {
    let start = Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) };
    let mut ops = vec![start];
    ops.extend(a_wins_a_game());
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(Op::Ruling {
        ruling: crate::rules::Ruling::GameLost { team: Team::A },
        player: None,
        board: None,
        reason: "暗示".into(),
        rule: "南通 §四".into(),
        referee: "王".into(),
    });
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(h(40)); // game 3: A 2 → 4
    let v = view_of(&logged("nantong-80fen", ops.clone()));
    assert_eq!(v.games.len(), 3);
    assert!(v.current().clock.started, "one clock for the whole team match");
    assert!(!v.over);
    assert_eq!(v.team_points, Some(BTreeMap::from([(Team::A, 3), (Team::B, 3)])));
    // 90 minutes in all: the game in progress goes to A, leading 4 to 2; 2+1+2 : 1+2+1.
    ops.push(Op::TimeVerdict { winner: Team::A, elapsed_ms: Some(90.0 * 60_000.0) });
    let mut m = logged("nantong-80fen", ops);
    let v = view_of(&m);
    assert!(v.over && v.current().by_time);
    assert_eq!(v.team_points, Some(BTreeMap::from([(Team::A, 5), (Team::B, 4)])));
    assert_eq!(v.series_winner, Some(Team::A));
    let o = crate::tournament::outcome::outcome(&m);
    assert_eq!((o.games_won.clone(), o.winner, o.done), (vec![2, 1], Some(0), true));
    // No fourth game.
    let err = m
        .append(Entry { after: None, id: "n4".into(), at_ms: 99e3, op: Op::NextGame { start: Start::default() } })
        .unwrap_err();
    assert_eq!(err.field, crate::record::NOT_PLAYABLE, "{err}");
}

#[test]
fn nantong_time_up_in_the_second_game_leaves_the_third_unplayed() {
    let mut ops = vec![Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) }];
    ops.extend(a_wins_a_game());
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(Op::TimeVerdict { winner: Team::B, elapsed_ms: Some(90.0 * 60_000.0) });
    let v = view_of(&logged("nantong-80fen", ops));
    // 1 game each: 3 points each, a drawn team match, and nothing more to play.
    assert!(v.over);
    assert_eq!(v.team_points, Some(BTreeMap::from([(Team::A, 3), (Team::B, 3)])));
    assert_eq!(v.series_winner, None);
    assert!(Shengji::outcome(&v).done);
}

use crate::record::game::Game as _;

fn h(points: i32) -> Op {
    Op::Hand { hand: HandInput::Shengji(shengji::Hand { points, ..Default::default() }) }
}

#[test]
fn editing_an_early_hand_recomputes_later_ones() {
    let mut m = sample::blank_shengji("m1", "jiankang-chaodipi", 0.0);
    for (i, p) in [30, 85, 140, 0, 95].iter().enumerate() {
        m.append(Entry { after: None, id: format!("h{i}"), at_ms: i as f64, op: h(*p) }).unwrap();
    }
    let MatchView::Shengji(v) = replay(&m) else { panic!("a 升级 match") };
    assert_eq!(v.current().state.level(Team::A).name(), "J");
    // Hand 1 was really 100 (B takes over +1): everything after shifts.
    m.append(Entry {
        after: None,
        id: "c1".into(),
        at_ms: 10.0,
        op: Op::Correct {
            target: "h0".into(),
            hand: HandInput::Shengji(shengji::Hand { points: 100, ..Default::default() }),
        },
    })
    .unwrap();
    let MatchView::Shengji(v2) = replay(&m) else { panic!("a 升级 match") };
    assert_ne!(v.current().state, v2.current().state);
    assert_eq!(v2.current().rows[0].corrected_ms, vec![10.0]);
    // Undo the correction: back to the original.
    m.append(Entry {
        after: None,
        id: "v1".into(),
        at_ms: 11.0,
        op: Op::Void { target: "c1".into(), reason: String::new() },
    })
    .unwrap();
    let MatchView::Shengji(v3) = replay(&m) else { panic!("a 升级 match") };
    assert_eq!(v.current().state, v3.current().state);
}

#[test]
fn best_of_three_keeps_series_score() {
    let mut m = sample::blank_shengji("m2", "jiankang-chaodipi", 0.0);
    m.append(Entry {
        after: None,
        id: "t1".into(),
        at_ms: 1.0,
        op: Op::TimeVerdict { winner: Team::B, elapsed_ms: None },
    })
    .unwrap();
    m.append(Entry { after: None, id: "n1".into(), at_ms: 2.0, op: Op::NextGame { start: Start::default() } }).unwrap();
    m.append(Entry { after: None, id: "h1".into(), at_ms: 3.0, op: h(40) }).unwrap();
    let MatchView::Shengji(v) = replay(&m) else { panic!("a 升级 match") };
    assert_eq!(v.games.len(), 2);
    assert_eq!(v.series[&Team::B], 1);
    assert!(v.games[0].by_time);
    assert_eq!(v.series_winner, None);
}

/// An arbitrary log entry (valid or not: replay must cope with both).
fn arb_op(k: u8, points: i32, back: usize, ids: &[String]) -> Op {
    let target = if ids.is_empty() { "none".to_string() } else { ids[back % ids.len()].clone() };
    match k % 12 {
        0..=5 => h(points),
        6 => Op::Clock {
            action: [ClockAction::Start, ClockAction::Pause, ClockAction::Resume][back % 3],
            elapsed_ms: [None, Some(points as f64 * 1000.0)][back % 2],
        },
        7 => Op::Overrun { seat: Seat::CCW[back % 4], action: TimedAction::Play, seconds: 3 },
        8 => Op::Correct {
            target,
            hand: HandInput::Shengji(shengji::Hand { points: (points + 40) % 205, ..Default::default() }),
        },
        9 => Op::Void { target, reason: String::new() },
        10 => [Op::TimeVerdict { winner: Team::A, elapsed_ms: None }, Op::NextGame { start: Start::default() }]
            [back % 2]
            .clone(),
        _ => [Op::SignOff { referee: "r".into() }, Op::Reopen { reason: "x".into() }][back % 2].clone(),
    }
}

proptest::proptest! {
    /// Extending the view entry by entry (what the page does on each commit) gives the
    /// full replay; the preview of the next hand is the row a replay would give it.
    #[test]
    fn extending_and_previewing_equal_a_full_replay(
        ops in proptest::collection::vec((0u8..12, 0i32..41, 0usize..50), 0..60),
        next in 0i32..41,
    ) {
        let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
        let Setup::Shengji(s) = m.setup.clone() else { unreachable!() };
        let mut view = replay_shengji(&m, &s.preset, &s.start);
        let mut ids: Vec<String> = Vec::new();
        for (i, (k, p, back)) in ops.into_iter().enumerate() {
            let op = arb_op(k, p * 5, back, &ids);
            let id = format!("e{i}");
            ids.push(id.clone());
            m.entries.push(Entry { after: None, id, at_ms: i as f64 * 1000.0, op });
            let full = replay_shengji(&m, &s.preset, &s.start);
            if !extend_shengji(&mut view, &s.preset, &m, m.entries.len() - 1) {
                view = full.clone();
            }
            proptest::prop_assert_eq!(&view, &full);
        }
        let hand = shengji::Hand { points: next * 5, ..Default::default() };
        let row = preview_next_hand(&view, &s.preset, "p", 7e9, hand.clone());
        m.entries.push(Entry { after: None, id: "p".into(), at_ms: 7e9, op: h(next * 5) });
        let after = replay_shengji(&m, &s.preset, &s.start);
        proptest::prop_assert_eq!(after.current().rows.last(), Some(&row));
    }
}

#[test]
fn the_sample_replays_cleanly() {
    let m = sample::shengji_sample(0.0);
    let MatchView::Shengji(v) = replay(&m) else { panic!("a 升级 match") };
    assert!(v.first_error().is_none());
    assert!(v.current().rows.len() >= 8);
}

/// RULES.md §1.4 **[r2]**: a 南通 team match has one 90-minute clock over its games, whatever
/// ended a game. A game lost by a ruling (出局, RULES.md §0 `game_lost`) leaves it running
/// as a game won by its hands does, and a time verdict at 90 minutes in the next game ends
/// the team match (the third game is not played).
#[test]
fn nantong_clock_runs_on_after_a_game_lost_by_a_ruling() {
    let start = Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) };
    let lost = Op::Ruling {
        ruling: crate::rules::Ruling::GameLost { team: Team::B },
        player: None,
        board: None,
        reason: "暗示".into(),
        rule: "南通 §四".into(),
        referee: "王".into(),
    };
    let by_hands = {
        let mut ops = vec![start.clone()];
        ops.extend(a_wins_a_game());
        ops.push(Op::NextGame { start: Start::default() });
        view_of(&logged("nantong-80fen", ops))
    };
    let mut ops = vec![start, h(0), lost, Op::NextGame { start: Start::default() }];
    let v = view_of(&logged("nantong-80fen", ops.clone()));
    assert_eq!(v.games[0].winner, Some(Team::A));
    for (how, v) in [("hands", &by_hands), ("ruling", &v)] {
        let c = &v.current().clock;
        assert_eq!((c.started, c.running_since), (true, Some(1000.0)), "game 1 ended by its {how}");
    }
    ops.push(Op::TimeVerdict { winner: Team::B, elapsed_ms: Some(90.0 * 60_000.0) });
    let v = view_of(&logged("nantong-80fen", ops));
    assert!(v.over, "90 minutes in all: the team match is over");
    assert_eq!(v.team_points, Some(BTreeMap::from([(Team::A, 3), (Team::B, 3)])));
    assert!(Shengji::outcome(&v).done);
}

/// RULES.md §1.4 **[r2]**: a 南通 team match's one clock stops when the match is over — its
/// third game decided by hands, or a team disqualified (§0) — and not before: the time of a
/// finished match does not run on towards its 90 minutes.
#[test]
fn nantong_clock_stops_when_the_team_match_is_over() {
    let start = Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) };
    let mut ops = vec![start.clone()];
    for k in 0..3 {
        if k > 0 {
            ops.push(Op::NextGame { start: Start::default() });
        }
        ops.extend(a_wins_a_game());
        let v = view_of(&logged("nantong-80fen", ops.clone()));
        let running = v.current().clock.running_since.is_some();
        assert_eq!(running, k < 2, "after game {}", k + 1);
    }
    let v = view_of(&logged("nantong-80fen", ops.clone()));
    // Stopped at the entry that won the third game: 1 + 3 + 1 + 3 + 1 + 3 entries, 1 s apart.
    assert_eq!(v.current().clock.elapsed_ms(1e9), (ops.len() as f64 - 1.0) * 1000.0);
    let dq = Op::Ruling {
        ruling: crate::rules::Ruling::Disqualified { team: Team::B },
        player: None,
        board: None,
        reason: String::new(),
        rule: String::new(),
        referee: "王".into(),
    };
    let v = view_of(&logged("nantong-80fen", vec![start, h(0), dq]));
    assert!(v.over);
    assert_eq!(v.current().clock.running_since, None, "a forfeited team match stops its clock");
}

/// A team match's games as they score (RULES.md §1.4 **[r2]**): how each was decided, and
/// their points adding up to the team points — a game by its hands, one by a ruling, one by
/// the time verdict; then a disqualification in game 2 makes games 2 and 3 forfeits.
#[test]
fn nantong_team_games_say_how_each_game_was_decided() {
    let ruling = |r| crate::record::rulings_tests::ruling(r, "");
    let mut ops = vec![Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) }];
    ops.extend(a_wins_a_game());
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(ruling(crate::rules::Ruling::GameLost { team: Team::A }));
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(Op::TimeVerdict { winner: Team::B, elapsed_ms: Some(90.0 * 60_000.0) });
    let v = view_of(&logged("nantong-80fen", ops));
    let how: Vec<_> = v.team_games.iter().map(|g| (g.score.winner, g.how)).collect();
    assert_eq!(
        how,
        [
            (Some(Team::A), Some(GameEnd::Played)),
            (Some(Team::B), Some(GameEnd::Ruling)),
            (Some(Team::B), Some(GameEnd::Time))
        ]
    );
    let scored: Vec<_> = v.team_games.iter().map(|g| g.score.clone()).collect();
    assert_eq!(Some(crate::rules::TeamMatch::total(&scored)), v.team_points);
    let mut ops = a_wins_a_game();
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(ruling(crate::rules::Ruling::Disqualified { team: Team::A }));
    let v = view_of(&logged("nantong-80fen", ops));
    let how: Vec<_> = v.team_games.iter().map(|g| (g.score.forfeited_by, g.how)).collect();
    assert_eq!(
        how,
        [
            (None, Some(GameEnd::Played)),
            (Some(Team::A), Some(GameEnd::Forfeit)),
            (Some(Team::A), Some(GameEnd::Forfeit))
        ]
    );
    assert_eq!(v.team_points, Some(BTreeMap::from([(Team::A, 2), (Team::B, 5)])));
    // Other presets have none.
    assert!(view_of(&logged("chaodipi-10", a_wins_a_game())).team_games.is_empty());
}

/// The home list's line, in language `l`, of a match of `preset` logged with `ops`, its
/// teams named 红队 (A) and 绿队 (B).
fn named_home_line(l: crate::i18n::Lang, ops: Vec<Op>, preset: &str) -> String {
    let mut m = logged(preset, ops);
    let Setup::Shengji(s) = &mut m.setup else { unreachable!() };
    s.teams = BTreeMap::from([(Team::A, "红队".to_string()), (Team::B, "绿队".to_string())]);
    let v = view_of(&m);
    let Setup::Shengji(s) = &m.setup else { unreachable!() };
    home_line(l, s, &v)
}

/// The home list's line of a 南通 team match (RULES.md §1.4 **[r2]**): while it is played, the
/// game of the three in play and its levels; once over — all games played, time up, or
/// forfeited — its result on team points and the winner, not the last game's levels. Other
/// presets keep the levels line.
#[test]
fn nantong_home_line_says_the_game_in_play_then_the_result() {
    use crate::bidi::isolated;
    use crate::i18n::Lang;
    let (a, b) = (isolated("红队"), isolated("绿队"));
    let start = Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) };
    let mut ops = vec![start.clone()];
    ops.extend(a_wins_a_game());
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(crate::record::rulings_tests::ruling(crate::rules::Ruling::GameLost { team: Team::A }, ""));
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(h(40)); // game 3: A 2 → 6
    assert_eq!(
        named_home_line(Lang::ZhCn, ops.clone(), "nantong-80fen"),
        format!("团体赛 第 3/3 局 · {a} 6 : 2 {b} · 1 副")
    );
    assert_eq!(
        named_home_line(Lang::En, ops.clone(), "nantong-80fen"),
        format!("Team match, game 3 of 3 · {a} 6 : 2 {b} · 1 hand")
    );
    // Time up: the game in progress goes to A; 2+1+2 : 1+2+1.
    ops.push(Op::TimeVerdict { winner: Team::A, elapsed_ms: Some(90.0 * 60_000.0) });
    assert_eq!(
        named_home_line(Lang::ZhCn, ops.clone(), "nantong-80fen"),
        format!("团体赛结束 · 积分 {a} 5 : 4 {b} · {a} 胜")
    );
    assert_eq!(
        named_home_line(Lang::ZhTw, ops.clone(), "nantong-80fen"),
        format!("團體賽結束 · 積分 {a} 5 : 4 {b} · {a} 勝")
    );
    assert_eq!(
        named_home_line(Lang::En, ops, "nantong-80fen"),
        format!("Team match over · points {a} 5 : 4 {b} · {a} won")
    );
    // Time up in game 2 with a game each: level on points.
    let mut ops = vec![start];
    ops.extend(a_wins_a_game());
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(Op::TimeVerdict { winner: Team::B, elapsed_ms: Some(90.0 * 60_000.0) });
    assert_eq!(named_home_line(Lang::ZhCn, ops, "nantong-80fen"), format!("团体赛结束 · 积分 {a} 3 : 3 {b} · 平局"));
    // A disqualified in game 2: games 2 and 3 are forfeits, B wins 5 to 2.
    let mut ops = a_wins_a_game();
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(crate::record::rulings_tests::ruling(crate::rules::Ruling::Disqualified { team: Team::A }, ""));
    assert_eq!(named_home_line(Lang::ZhCn, ops, "nantong-80fen"), format!("团体赛结束 · 积分 {a} 2 : 5 {b} · {b} 胜"));
    // Not a team match: the levels and hands of the game.
    assert_eq!(named_home_line(Lang::ZhCn, vec![h(40), h(40)], "chaodipi-10"), format!("{a} 10 : 2 {b} · 2 副"));
}

/// The home list's line of a 升级 best-of-3 match (RULES.md §1): while the series is on, the
/// levels and hands alone; once a team has won it, led by "已结束 · <winner> 胜", and by
/// "已签字" once signed off. The 南通 team match's own result line is not led twice.
#[test]
fn home_line_says_when_a_series_is_over_and_who_won_it() {
    use crate::bidi::isolated;
    use crate::i18n::Lang;
    let (a, b) = (isolated("红队"), isolated("绿队"));
    let time_b = Op::TimeVerdict { winner: Team::B, elapsed_ms: None };
    let mut ops = vec![time_b.clone(), Op::NextGame { start: Start::default() }, h(40)];
    // One game each way to go: unchanged.
    assert_eq!(named_home_line(Lang::ZhCn, ops.clone(), "jiankang-chaodipi"), format!("{a} 4 : 2 {b} · 1 副"));
    ops.push(time_b);
    assert_eq!(
        named_home_line(Lang::ZhCn, ops.clone(), "jiankang-chaodipi"),
        format!("已结束 · {b} 胜 · {a} 4 : 2 {b} · 1 副")
    );
    assert_eq!(
        named_home_line(Lang::ZhTw, ops.clone(), "jiankang-chaodipi"),
        format!("已結束 · {b} 勝 · {a} 4 : 2 {b} · 1 副")
    );
    assert_eq!(
        named_home_line(Lang::En, ops.clone(), "jiankang-chaodipi"),
        format!("over · {b} won · {a} 4 : 2 {b} · 1 hand")
    );
    ops.push(Op::SignOff { referee: "赵裁".into() });
    assert_eq!(
        named_home_line(Lang::ZhCn, ops, "jiankang-chaodipi"),
        format!("已签字 · {b} 胜 · {a} 4 : 2 {b} · 1 副")
    );
    // A 南通 team match over says its result once.
    let mut ops = a_wins_a_game();
    ops.push(Op::NextGame { start: Start::default() });
    ops.push(crate::record::rulings_tests::ruling(crate::rules::Ruling::Disqualified { team: Team::A }, ""));
    assert_eq!(named_home_line(Lang::ZhCn, ops, "nantong-80fen"), format!("团体赛结束 · 积分 {a} 2 : 5 {b} · {b} 胜"));
}

/// A best-of-3 (炒地皮) won in a game with no hand played (RULES.md §1; §0 **[r2]**: B
/// disqualified right after game 2 starts): the home line gives the games won, 2 : 0, and
/// the match's hands, not the levels and hands of the unplayed game; signed off the same.
#[test]
fn home_line_of_a_series_won_in_an_unplayed_game_gives_the_games_won() {
    use crate::bidi::isolated;
    use crate::i18n::Lang;
    let (a, b) = (isolated("红队"), isolated("绿队"));
    // Game 1: two hands of 0 take the declarer A from 10 through A.
    let mut ops = vec![h(0), h(0), Op::NextGame { start: Start::default() }];
    ops.push(crate::record::rulings_tests::ruling(crate::rules::Ruling::Disqualified { team: Team::B }, ""));
    assert_eq!(
        named_home_line(Lang::ZhCn, ops.clone(), "chaodipi-10"),
        format!("已结束 · {a} 胜 · {a} 2 : 0 {b} · 2 副")
    );
    assert_eq!(
        named_home_line(Lang::En, ops.clone(), "chaodipi-10"),
        format!("over · {a} won · {a} 2 : 0 {b} · 2 hands")
    );
    ops.push(Op::SignOff { referee: "赵裁".into() });
    assert_eq!(named_home_line(Lang::ZhTw, ops, "chaodipi-10"), format!("已簽字 · {a} 勝 · {a} 2 : 0 {b} · 2 副"));
    // Won by time verdicts, the second before any hand: 0 : 2, no hand in the match.
    let time_b = Op::TimeVerdict { winner: Team::B, elapsed_ms: None };
    let ops = vec![time_b.clone(), Op::NextGame { start: Start::default() }, time_b];
    assert_eq!(
        named_home_line(Lang::ZhCn, ops, "jiankang-chaodipi"),
        format!("已结束 · {b} 胜 · {a} 0 : 2 {b} · 0 副")
    );
}

fn bury_warning(team: Team) -> Op {
    crate::record::rulings_tests::ruling(crate::rules::Ruling::Warning { team }, "bury_not_at_once")
}

/// 002 §一5 (RULES.md §0 **[r2]**): the 2nd warning for burying not at once, given on the
/// ruling panel against the declarer team (A), is 80 points scored with the next hand: the
/// attackers' 60 count as 140 (B +6: 2 → 8, and the deal passes), as a hand-form penalty of
/// 80 on the declarer would; nothing is pending after it.
#[test]
fn ruling_panel_points_on_the_declarer_are_scored_with_the_next_hand() {
    let m = logged("chaodipi-10", vec![bury_warning(Team::A), bury_warning(Team::A)]);
    let v = view_of(&m);
    assert_eq!(v.current().pending_points(), BTreeMap::from([(Team::A, 80)]));
    let m = logged("chaodipi-10", vec![bury_warning(Team::A), bury_warning(Team::A), h(60)]);
    let v = view_of(&m);
    let o = v.current().rows[0].result.clone().unwrap();
    assert_eq!((o.raw_score, o.score, o.side), (140, 140, shengji::Side::Attackers));
    assert_eq!(o.levels_after[&Team::B], crate::rules::Rank::parse("8").unwrap());
    assert_eq!(o.levels_after[&Team::A], crate::rules::Rank::TWO);
    assert_eq!(o.next_declarer, Team::B);
    let ap = &o.penalties[0];
    assert_eq!((ap.effect, ap.amount, ap.source.as_str()), (80, 80, "002 §一5"));
    assert_eq!(ap.ruled.as_ref().map(|r| (r.team, r.rule.as_str())), Some((Team::A, "bury_not_at_once")));
    assert!(v.current().pending_points().is_empty());
    assert!(v.current().state.ruled_points.is_empty());
    // The same 80 entered with the hand as the referee's points on A: the same result.
    let mut hand = shengji::Hand { points: 60, ..Default::default() };
    hand.penalties.push(shengji::Penalty {
        team: Team::A,
        kind: "signalling".into(),
        cards: 1,
        unit: None,
        points: Some(80),
        seat: None,
        trick: None,
        note: String::new(),
    });
    let form = logged("chaodipi-10", vec![Op::Hand { hand: HandInput::Shengji(hand) }]);
    let f = view_of(&form).current().rows[0].result.clone().unwrap();
    assert_eq!((f.score, f.levels_after.clone(), f.next_declarer), (o.score, o.levels_after.clone(), o.next_declarer));
}

/// The same against the attackers (B): their 60 count as −20, the declarer's 大光 band (A
/// straight to A), as a hand-form penalty on the attackers lowers their score.
#[test]
fn ruling_panel_points_on_the_attackers_lower_their_score() {
    let m = logged("chaodipi-10", vec![bury_warning(Team::B), h(5), bury_warning(Team::B), h(60)]);
    let v = view_of(&m);
    let first = v.current().rows[0].result.clone().unwrap();
    assert!(first.penalties.is_empty(), "a 1st warning is only a warning");
    let o = v.current().rows[1].result.clone().unwrap();
    assert_eq!((o.declarer, o.score), (Team::A, -20));
    assert_eq!(o.penalties.iter().map(|p| p.effect).collect::<Vec<_>>(), vec![-80]);
    assert_eq!(o.levels_after[&Team::A], crate::rules::Rank::ACE);
}

/// An overturned (appeal) or voided 2nd warning no longer counts, and one warning is no
/// penalty: the hand's 60 stay 60.
#[test]
fn ruling_panel_points_lapse_with_the_warning_and_need_two_warnings() {
    use crate::record::{AppealDecision, Decider};
    let score = |m: &Match| view_of(m).current().rows.last().unwrap().result.clone().unwrap().score;
    let one = logged("chaodipi-10", vec![bury_warning(Team::A), h(60)]);
    assert_eq!(score(&one), 60);
    let appeal = Op::Appeal {
        target: "e2".into(),
        appellant: "南北队".into(),
        decision: AppealDecision::Overturned,
        decided_by: Decider::ChiefReferee,
        decided_ms: 2500.0,
    };
    let overturned = logged("chaodipi-10", vec![bury_warning(Team::A), bury_warning(Team::A), appeal, h(60)]);
    assert_eq!(score(&overturned), 60);
    assert!(view_of(&overturned).current().rows[0].result.as_ref().unwrap().penalties.is_empty());
    let void = Op::Void { target: "e2".into(), reason: crate::record::UNDO_REASON.into() };
    let voided = logged("chaodipi-10", vec![bury_warning(Team::A), bury_warning(Team::A), h(60), void]);
    assert_eq!(score(&voided), 60);
    // Pending points lapse when the game ends without another hand.
    let ended = logged(
        "chaodipi-10",
        vec![bury_warning(Team::A), bury_warning(Team::A), Op::TimeVerdict { winner: Team::A, elapsed_ms: None }],
    );
    assert!(view_of(&ended).current().pending_points().is_empty());
}

/// A hand entered with one penalty of `kind` against `team`: the attackers' 60 points.
fn hand_with(team: Team, kind: &str) -> shengji::Hand {
    let mut hand = shengji::Hand { points: 60, ..Default::default() };
    hand.penalties.push(shengji::Penalty {
        team,
        kind: kind.into(),
        cards: 1,
        unit: None,
        points: None,
        seat: None,
        trick: None,
        note: String::new(),
    });
    hand
}

fn hand_op(team: Team, kind: &str) -> Op {
    Op::Hand { hand: HandInput::Shengji(hand_with(team, kind)) }
}

/// The effects of the hand-form penalties of `row` (its ruled points left out).
fn form_effects(row: &HandRow) -> Vec<(i32, String)> {
    let o = row.result.as_ref().unwrap();
    o.penalties.iter().filter(|p| p.ruled.is_none()).map(|p| (p.effect, p.how.clone())).collect()
}

/// 002 §一5, RULES.md §0 **[r2]**: one count for burying not at once, wherever it is entered.
/// A 1st warning on the ruling panel, then the offence entered with a hand against the same
/// team (A, the declarer) is its 2nd: 80, in the hand form's preview as in the replay.
#[test]
fn a_ruling_panel_warning_then_the_hand_forms_bury_penalty_is_the_second() {
    let m = logged("chaodipi-10", vec![bury_warning(Team::A)]);
    let preview = preview_next_hand(&view_of(&m), &sample_preset(&m), "p", 9e9, hand_with(Team::A, "bury_not_at_once"));
    assert_eq!(form_effects(&preview), [(80, "#2 → 80".to_string())]);
    let m = logged("chaodipi-10", vec![bury_warning(Team::A), hand_op(Team::A, "bury_not_at_once")]);
    let v = view_of(&m);
    assert_eq!(form_effects(&v.current().rows[0]), [(80, "#2 → 80".to_string())]);
    assert_eq!(v.current().rows[0].result.as_ref().unwrap().score, 140);
    // The other team's count is its own.
    let m = logged("chaodipi-10", vec![bury_warning(Team::B), hand_op(Team::A, "bury_not_at_once")]);
    assert_eq!(form_effects(&view_of(&m).current().rows[0]), [(0, "#1 → 0".to_string())]);
}

/// The other way round: the offence entered with a hand is the 1st (a warning, 0 points); a
/// warning on the ruling panel after it is the 2nd — the panel's preview says so (第 2 次警告
/// → 罚 80 分) — and its 80 are scored with the next hand.
#[test]
fn the_hand_forms_bury_penalty_then_a_ruling_panel_warning_is_the_second() {
    use crate::rules::ruling::{Counted, Effect};
    let m = logged("chaodipi-10", vec![hand_op(Team::A, "bury_not_at_once")]);
    assert_eq!(form_effects(&view_of(&m).current().rows[0]), [(0, "#1 → 0".to_string())]);
    let second = Counted { effect: Effect::PointsDue(Team::A, 80), warning_no: Some(2) };
    let entry = Entry { after: None, id: "preview".into(), at_ms: 9e9, op: bury_warning(Team::A) };
    assert_eq!(m.preview_ruling(entry).unwrap(), Some(second));
    let m = logged("chaodipi-10", vec![hand_op(Team::A, "bury_not_at_once"), bury_warning(Team::A), h(60)]);
    let v = view_of(&m);
    assert_eq!(v.current().rulings[0].counted, second);
    // Hand 1: A declares, 60 → A +2 and keeps the deal; hand 2: A's 80 make the 60 140.
    let o = v.current().rows[1].result.clone().unwrap();
    assert_eq!((o.declarer, o.raw_score), (Team::A, 140));
    let ruled: Vec<(i32, Option<Team>)> =
        o.penalties.iter().map(|p| (p.effect, p.ruled.as_ref().map(|r| r.team))).collect();
    assert_eq!(ruled, [(80, Some(Team::A))]);
    // An overturned hand-form penalty (its hand appealed) drops out: the warning is the 1st.
    let appeal = Op::Appeal {
        target: "e1".into(),
        appellant: "南北队".into(),
        decision: crate::record::AppealDecision::Overturned,
        decided_by: crate::record::Decider::ChiefReferee,
        decided_ms: 1500.0,
    };
    let m = logged("chaodipi-10", vec![hand_op(Team::A, "bury_not_at_once"), appeal, bury_warning(Team::A)]);
    assert_eq!(view_of(&m).current().rulings[0].counted, Counted { effect: Effect::Noted, warning_no: Some(1) });
}

/// The count is the match's, not the game's (RULES.md §0 **[r2]** 「counted … for the match」):
/// burying not at once in game 1 and again in game 2 of a best of 3 is the 2nd, 80.
#[test]
fn the_bury_penalty_is_counted_over_the_games_of_the_match() {
    let ops = vec![
        hand_op(Team::A, "bury_not_at_once"),
        Op::TimeVerdict { winner: Team::A, elapsed_ms: None },
        Op::NextGame { start: Start::default() },
    ];
    let m = logged("chaodipi-10", ops.clone());
    let preview = preview_next_hand(&view_of(&m), &sample_preset(&m), "p", 9e9, hand_with(Team::A, "bury_not_at_once"));
    assert_eq!(form_effects(&preview), [(80, "#2 → 80".to_string())]);
    let mut ops = ops;
    ops.push(hand_op(Team::A, "bury_not_at_once"));
    let v = view_of(&logged("chaodipi-10", ops));
    assert_eq!(v.games.len(), 2);
    assert_eq!(form_effects(&v.current().rows[0]), [(80, "#2 → 80".to_string())]);
}

/// A kind no warning ladder rules keeps the hand form's own count per game: 002 `check_cards`
/// (1 free, then 10) starts again in game 2, and a warning under its name does not count.
#[test]
fn check_cards_keeps_its_count_per_game() {
    let warning = crate::record::rulings_tests::ruling(crate::rules::Ruling::Warning { team: Team::A }, "check_cards");
    let ops = vec![
        warning,
        hand_op(Team::A, "check_cards"),
        hand_op(Team::A, "check_cards"),
        Op::TimeVerdict { winner: Team::A, elapsed_ms: None },
        Op::NextGame { start: Start::default() },
        hand_op(Team::A, "check_cards"),
    ];
    let v = view_of(&logged("chaodipi-10", ops));
    assert_eq!(form_effects(&v.games[0].rows[0]), [(0, "#1 → 0".to_string())]);
    assert_eq!(form_effects(&v.games[0].rows[1]), [(10, "#2 → 10".to_string())]);
    assert_eq!(form_effects(&v.games[1].rows[0]), [(0, "#1 → 0".to_string())]);
}

/// The preset a match was set up with.
fn sample_preset(m: &Match) -> shengji::Preset {
    let Setup::Shengji(s) = m.setup.clone() else { unreachable!() };
    s.preset
}

/// Appends `ops` to a new match of `preset`, each at its own time (minutes).
fn logged_at(preset: &str, ops: Vec<(f64, Op)>) -> Match {
    let mut m = sample::blank_shengji("t", preset, 0.0);
    for (k, (minutes, op)) in ops.into_iter().enumerate() {
        m.append(Entry { after: None, id: format!("e{}", k + 1), at_ms: minutes * 60_000.0, op }).unwrap();
    }
    m
}

#[test]
fn time_up_asks_for_the_hand_in_progress_then_for_the_verdict() {
    // jiankang-chaodipi: 120 minutes, then the leading team wins (equal → the declarer).
    let start = Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) };
    let mut ops = vec![(0.0, start), (10.0, h(40))]; // A 庄 40 → +2: A 4
    let timing = shengji::builtin_preset("jiankang-chaodipi").unwrap().timing;
    let min = |m: f64| m * 60_000.0;
    let v = view_of(&logged_at("jiankang-chaodipi", ops.clone()));
    assert_eq!(v.current().time_up(&timing, min(119.0)), None);
    // Time is up: the hand in progress is finished first, A leading as things stand.
    assert_eq!(
        v.current().time_up(&timing, min(121.0)),
        Some(TimeUp::FinishHand { leading: crate::rules::TimeVerdict::Winner(Team::A) })
    );
    // That hand recorded: the verdict is due now, no further hand is played.
    ops.push((125.0, h(90))); // B takes over at 4 : 2 — A still leads
    let v = view_of(&logged_at("jiankang-chaodipi", ops.clone()));
    assert_eq!(v.current().hands_after_time, 1);
    assert_eq!(v.current().time_up(&timing, min(126.0)), Some(TimeUp::VerdictDue(Team::A)));
    // The verdict recorded: the game is decided, nothing is asked any more.
    ops.push((127.0, Op::TimeVerdict { winner: Team::A, elapsed_ms: None }));
    let v = view_of(&logged_at("jiankang-chaodipi", ops));
    assert_eq!(v.current().time_up(&timing, min(128.0)), None);
}

#[test]
fn time_up_on_equal_levels_plays_one_more_hand_where_the_preset_says_so() {
    // qingpu-80fen: 30 minutes; equal levels → one more hand (RULES.md §1 [r2], reading).
    let timing = shengji::builtin_preset("qingpu-80fen").unwrap().timing;
    let min = |m: f64| m * 60_000.0;
    let start = Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) };
    let mut ops = vec![(0.0, start)];
    let v = view_of(&logged_at("qingpu-80fen", ops.clone()));
    assert_eq!(
        v.current().time_up(&timing, min(31.0)),
        Some(TimeUp::FinishHand { leading: crate::rules::TimeVerdict::OneMoreHand })
    );
    // The hand in progress: 80 → B takes over at +0, both still at 2: one more hand.
    ops.push((32.0, h(80)));
    let v = view_of(&logged_at("qingpu-80fen", ops.clone()));
    assert_eq!(v.current().time_up(&timing, min(33.0)), Some(TimeUp::OneMoreHand));
    // The extra hand: B 庄 40 → +1, B leads 3 : 2 — the verdict is due now.
    ops.push((38.0, h(40)));
    let v = view_of(&logged_at("qingpu-80fen", ops));
    assert_eq!(v.current().hands_after_time, 2);
    assert_eq!(v.current().time_up(&timing, min(39.0)), Some(TimeUp::VerdictDue(Team::B)));
}
