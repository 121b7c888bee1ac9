//! Rulings in 斗地主 / 三打一 sessions (RULES.md §0 **[r2]**: a `game_lost` ends the session,
//! the others' totals stand and the offender ranks last — *reading*; a disqualification
//! likewise; warnings and lateness recorded; a level penalty refused), their appeals, and
//! editing a ruling in place ([`Op::CorrectRuling`]) with its void, in these games and in a
//! game of teams.

use super::games::doudizhu::{DoudizhuSetup, DoudizhuView};
use super::games::sandayi::{SandayiSetup, SandayiView};
use super::games::session::OutKind;
use super::replay::{replay, MatchView};
use super::{AppealDecision, Decider, Entry, HandInput, Match, Op, Setup, LATER_HAND, NOT_PLAYABLE, UNDO_REASON};
use crate::rules::doudizhu::{find_preset, rank_session_out, Hand};
use crate::rules::{Ruling, Team};

fn ddz() -> Match {
    Match {
        id: "ddz".into(),
        created_ms: 0.0,
        title: String::new(),
        setup: Setup::Doudizhu(DoudizhuSetup {
            preset: find_preset("jiankang-doudizhu").unwrap(),
            players: vec!["甲".into(), "乙".into(), "丙".into()],
        }),
        entries: Vec::new(),
    }
}

fn put(m: &mut Match, id: &str, op: Op) -> Result<(), super::ImportError> {
    let at = m.entries.len() as f64 + 1.0;
    m.append_replayed(Entry { after: None, id: id.into(), at_ms: at, op })
}

fn hand(landlord: usize, bid: u8, won: bool) -> Op {
    Op::Hand { hand: HandInput::Doudizhu(Hand { landlord: Some(landlord), bid, landlord_won: won, ..Hand::default() }) }
}

/// A ruling against `player` (the team is not read in a session).
fn ruling(r: Ruling, player: usize, rule: &str) -> Op {
    Op::Ruling {
        ruling: r,
        player: Some(player),
        board: None,
        reason: "暗示".into(),
        rule: rule.into(),
        referee: "王".into(),
    }
}

fn edit(target: &str, r: Ruling, player: Option<usize>, rule: &str) -> Op {
    Op::CorrectRuling {
        target: target.into(),
        ruling: r,
        player,
        board: None,
        reason: "改正".into(),
        rule: rule.into(),
        referee: "王".into(),
    }
}

const LOST: Ruling = Ruling::GameLost { team: Team::A };
const WARN: Ruling = Ruling::Warning { team: Team::A };

fn v(m: &Match) -> DoudizhuView {
    match replay(m) {
        MatchView::Doudizhu(v) => v,
        _ => unreachable!(),
    }
}

fn order(v: &DoudizhuView) -> Vec<usize> {
    v.session.ranking.standings.iter().map(|s| s.player).collect()
}

/// 甲 leads, is ruled to have lost (判负): the session ends, 甲 ranks last with his total
/// kept, 乙 and 丙 keep theirs and rank by them; no later hand or table counts; voiding the
/// ruling gives the session back.
#[test]
fn a_game_lost_ends_the_session_and_ranks_the_offender_last() {
    let mut m = ddz();
    put(&mut m, "h1", hand(0, 3, true)).unwrap(); // 甲 +6, 乙 −3, 丙 −3
    put(&mut m, "h2", hand(1, 1, true)).unwrap(); // 甲 −1, 乙 +2, 丙 −1
    assert_eq!(v(&m).session.totals, vec![5, -1, -4]);
    assert_eq!(order(&v(&m)), vec![0, 1, 2]);
    put(&mut m, "gl", ruling(LOST, 0, "000 §一(五)4")).unwrap();
    let x = v(&m);
    assert_eq!(x.session.totals, vec![5, -1, -4], "the others' totals stand");
    assert_eq!(order(&x), vec![1, 2, 0], "the offender ranks last");
    assert_eq!(x.session.ranking.standings[2].place, 3);
    assert_eq!(x.session.out, vec![(0, OutKind::GameLost)]);
    assert_eq!(x.session.advancing, vec![1]);
    assert!(x.session.over() && x.session.finished(0.0));
    let o = crate::tournament::outcome::outcome(&m);
    assert_eq!((o.winner, o.done, o.places.clone()), (Some(1), true, vec![3, 1, 2]));
    // No later hand, table or second game lost counts.
    let e = put(&mut m, "h3", hand(2, 1, true)).unwrap_err();
    assert_eq!(e.field, NOT_PLAYABLE);
    assert_eq!(e.msg.as_ref().map(|x| x.key), Some("err.why.not_playable"));
    assert!(e.reason.contains("session"), "{}", e.reason);
    assert!(put(&mut m, "n1", Op::NextGame { start: Default::default() }).is_err());
    assert!(put(&mut m, "gl2", ruling(LOST, 1, "")).is_err());
    // Undone, the session goes on.
    put(&mut m, "u", Op::Void { target: "gl".into(), reason: UNDO_REASON.into() }).unwrap();
    assert_eq!(order(&v(&m)), vec![0, 1, 2]);
    put(&mut m, "h3", hand(2, 1, true)).unwrap();
}

/// A disqualification puts the player out as a game lost does, and the standings see it.
#[test]
fn a_disqualification_puts_the_player_out() {
    let mut m = ddz();
    put(&mut m, "h1", hand(1, 2, true)).unwrap(); // 乙 +4
    put(&mut m, "dq", ruling(Ruling::Disqualified { team: Team::A }, 1, "")).unwrap();
    let x = v(&m);
    assert_eq!(x.session.out, vec![(1, OutKind::Disqualified)]);
    assert_eq!(order(&x), vec![0, 2, 1]);
    assert_eq!(crate::tournament::outcome::outcome(&m).disqualified, vec![1]);
}

/// Warnings are counted per player and rule, lateness recorded: neither changes a total.
/// A level penalty is refused with its typed reason (a session has no levels).
#[test]
fn warnings_and_lateness_are_recorded_and_a_level_penalty_refused() {
    let mut m = ddz();
    put(&mut m, "h1", hand(0, 1, true)).unwrap();
    put(&mut m, "w1", ruling(WARN, 2, "talk")).unwrap();
    put(&mut m, "w2", ruling(WARN, 2, "talk")).unwrap();
    put(&mut m, "w3", ruling(WARN, 1, "talk")).unwrap();
    put(&mut m, "l1", ruling(Ruling::Late { team: Team::A, minutes: 5 }, 0, "")).unwrap();
    let x = v(&m);
    let nos: Vec<_> = x.session.rulings.iter().map(|r| (r.player, r.warning_no)).collect();
    assert_eq!(nos, vec![(2, Some(1)), (2, Some(2)), (1, Some(1)), (0, None)]);
    assert_eq!(x.session.totals, vec![2, -1, -1]);
    assert!(!x.session.over());
    let e = put(&mut m, "lp", ruling(Ruling::LevelPenalty { team: Team::A, levels: 1 }, 0, "")).unwrap_err();
    assert_eq!(e.field, NOT_PLAYABLE);
    let why = e.msg.unwrap();
    assert!(format!("{why:?}").contains("ddz.why.no_levels"), "{why:?}");
}

/// A session's ruling names its player; a team game's names none.
#[test]
fn the_player_is_checked() {
    let mut m = ddz();
    let no_player = Op::Ruling {
        ruling: LOST,
        player: None,
        board: None,
        reason: String::new(),
        rule: String::new(),
        referee: "王".into(),
    };
    assert_eq!(put(&mut m, "a", no_player).unwrap_err().field, "op.player");
    assert_eq!(put(&mut m, "b", ruling(LOST, 3, "")).unwrap_err().field, "op.player");
    let mut sj = super::sample::blank_shengji("s", "chaodipi-10", 0.0);
    assert_eq!(put(&mut sj, "c", ruling(LOST, 0, "")).unwrap_err().field, "op.player");
    assert!(m.entries.is_empty() && sj.entries.is_empty());
}

/// An appeal overturns a session's game lost: the ranking goes back to the totals.
#[test]
fn an_overturned_game_lost_stops_counting() {
    let mut m = ddz();
    put(&mut m, "h1", hand(0, 3, true)).unwrap();
    put(&mut m, "gl", ruling(LOST, 0, "")).unwrap();
    let appeal = |d| Op::Appeal {
        target: "gl".into(),
        appellant: "甲".into(),
        decision: d,
        decided_by: Decider::ChiefReferee,
        decided_ms: 50.0,
    };
    put(&mut m, "ap", appeal(AppealDecision::Overturned)).unwrap();
    assert!(!v(&m).session.over());
    assert_eq!(order(&v(&m)), vec![0, 1, 2]);
    // Replaced by a warning: the same player is warned.
    put(&mut m, "ap2", appeal(AppealDecision::Replaced { ruling: WARN })).unwrap();
    let x = v(&m);
    assert!(!x.session.over());
    assert_eq!((x.session.rulings[0].player, x.session.rulings[0].warning_no), (0, Some(1)));
}

/// Editing a ruling in place: the replay uses the newest correction (another player,
/// another kind, another rule); voiding the correction brings the ruling back as it was.
#[test]
fn a_session_ruling_is_edited_in_place_and_the_edit_undone() {
    let mut m = ddz();
    put(&mut m, "h1", hand(0, 3, true)).unwrap();
    put(&mut m, "gl", ruling(LOST, 1, "")).unwrap();
    assert_eq!(order(&v(&m)), vec![0, 2, 1]);
    // Wrong player: it was 丙.
    put(&mut m, "e1", edit("gl", LOST, Some(2), "000 §一(五)4")).unwrap();
    let x = v(&m);
    assert_eq!(order(&x), vec![0, 1, 2]);
    assert_eq!(x.session.out, vec![(2, OutKind::GameLost)]);
    // Then only a warning: the session goes on.
    put(&mut m, "e2", edit("gl", WARN, Some(2), "talk")).unwrap();
    let x = v(&m);
    assert!(!x.session.over());
    assert_eq!(x.session.rulings.len(), 1);
    assert_eq!(x.session.rulings[0].warning_no, Some(1));
    put(&mut m, "h2", hand(1, 1, true)).unwrap();
    // Back to a game lost would leave h2 after the session ended: refused.
    let e = put(&mut m, "e3", edit("gl", LOST, Some(2), "")).unwrap_err();
    assert_eq!(e.field, LATER_HAND);
    // Undo of the edit: refused for the same reason (the game lost of e1 would be back)…
    assert_eq!(
        put(&mut m, "u", Op::Void { target: "e2".into(), reason: UNDO_REASON.into() }).unwrap_err().field,
        LATER_HAND
    );
    // …once h2 is deleted it counts: e1 is in force again.
    put(&mut m, "d", Op::Void { target: "h2".into(), reason: "delete".into() }).unwrap();
    put(&mut m, "u", Op::Void { target: "e2".into(), reason: UNDO_REASON.into() }).unwrap();
    assert_eq!(v(&m).session.out, vec![(2, OutKind::GameLost)]);
    // An edit names a ruling, not a hand.
    assert_eq!(put(&mut m, "e4", edit("h1", WARN, Some(0), "")).unwrap_err().field, "op.target");
}

/// 三打一 uses the same session rules: a game lost ranks the offender last of four.
#[test]
fn sandayi_game_lost() {
    use crate::rules::sandayi::Call;
    let mut m = Match {
        id: "sdy".into(),
        created_ms: 0.0,
        title: String::new(),
        setup: Setup::Sandayi(SandayiSetup {
            preset: crate::rules::sandayi::find_preset("qingpu-sandayi").unwrap(),
            players: vec!["东".into(), "南".into(), "西".into(), "北".into()],
        }),
        entries: Vec::new(),
    };
    let bids = vec![Some(Call::Bid(1)), Some(Call::Pass), Some(Call::Pass), Some(Call::Pass)];
    let h = crate::rules::sandayi::Hand {
        landlord: Some(0),
        bid: 1,
        first_bidder: Some(0),
        bids,
        landlord_won: true,
        ..Default::default()
    };
    put(&mut m, "h1", Op::Hand { hand: HandInput::Sandayi(h) }).unwrap();
    put(&mut m, "gl", ruling(LOST, 0, "")).unwrap();
    let MatchView::Sandayi(x) = replay(&m) else { unreachable!() };
    let x: SandayiView = x;
    assert!(x.session.totals[0] > 0);
    assert_eq!(x.session.ranking.standings.last().map(|s| s.player), Some(0));
    assert_eq!(x.session.out, vec![(0, OutKind::GameLost)]);
}

/// Editing in a game of teams: a level penalty of 1 corrected to 2 takes 2 levels; the
/// corrected rule is the one warnings count under.
#[test]
fn a_team_ruling_is_edited_in_place() {
    let mut m = super::sample::blank_shengji("s", "chaodipi-10", 0.0);
    let team = |r: Ruling| Op::Ruling {
        ruling: r,
        player: None,
        board: None,
        reason: String::new(),
        rule: String::new(),
        referee: "王".into(),
    };
    put(&mut m, "lp", team(Ruling::LevelPenalty { team: Team::A, levels: 1 })).unwrap();
    put(&mut m, "e", edit("lp", Ruling::LevelPenalty { team: Team::B, levels: 2 }, None, "002 §三2")).unwrap();
    let MatchView::Shengji(x) = replay(&m) else { unreachable!() };
    let r = &x.current().rulings[0];
    assert_eq!(r.ruling, Ruling::LevelPenalty { team: Team::B, levels: 2 });
    // Levels start at 2: never below 2, so the levels are unchanged; the row shows the edit.
    assert!(r.result.is_ok());
    assert_eq!(put(&mut m, "e2", edit("lp", WARN, Some(0), "")).unwrap_err().field, "op.player");
}

/// An older log's ruling (no `player`) reads unchanged; the edit entry round-trips.
#[test]
fn the_stored_form_is_backward_compatible() {
    let old = r#"{"type":"ruling","ruling":{"kind":"game_lost","team":"B"},"referee":"王"}"#;
    let op: Op = serde_json::from_str(old).unwrap();
    assert_eq!(
        op,
        Op::Ruling {
            ruling: Ruling::GameLost { team: Team::B },
            player: None,
            board: None,
            reason: String::new(),
            rule: String::new(),
            referee: "王".into()
        }
    );
    assert_eq!(serde_json::to_string(&op).unwrap(), old);
    let e = edit("r1", LOST, Some(2), "x");
    let text = serde_json::to_string(&e).unwrap();
    assert!(text.starts_with(r#"{"type":"correct_ruling","target":"r1""#), "{text}");
    assert_eq!(serde_json::from_str::<Op>(&text).unwrap(), e);
}

/// The ranking with players out: the others by total (a tie among them still a play-off),
/// then the players out, the first out lowest.
#[test]
fn ranking_with_players_out() {
    let r = rank_session_out(&[9, 5, 5, 1], 1, &[0]);
    let got: Vec<(usize, usize)> = r.standings.iter().map(|s| (s.player, s.place)).collect();
    assert_eq!(got, vec![(1, 1), (2, 1), (3, 3), (0, 4)]);
    assert!(r.playoff);
    assert_eq!(r.playoff_players, vec![1, 2]);
    let r = rank_session_out(&[9, 5, 5, 1], 1, &[1, 3]);
    let got: Vec<usize> = r.standings.iter().map(|s| s.player).collect();
    assert_eq!(got, vec![0, 2, 3, 1]);
    assert!(!r.playoff);
}

/// The home list's line of a 斗地主 session (RULES.md §3): while it is played, the table,
/// hands and leader alone; once a ruling ends it (RULES.md §0 **[r2]**), led by its first
/// place, "已结束 · 甲 第一"; once signed off, by "已签字".
#[test]
fn home_line_says_when_a_session_is_over_and_its_first_place() {
    use crate::bidi::isolated;
    use crate::i18n::Lang;
    let line = |m: &Match, l: Lang| match &m.setup {
        Setup::Doudizhu(s) => super::games::doudizhu::home_line(l, s, &v(m)),
        _ => unreachable!(),
    };
    let jia = isolated("甲");
    let mut m = ddz();
    put(&mut m, "h1", hand(0, 2, true)).unwrap(); // 甲 +4
    assert_eq!(line(&m, Lang::ZhCn), format!("第 1/3 桌 · 1 局 · {jia} +4"));
    put(&mut m, "dq", ruling(Ruling::Disqualified { team: Team::A }, 1, "")).unwrap();
    assert_eq!(line(&m, Lang::ZhCn), format!("已结束 · {jia} 第一 · 第 1/3 桌 · 1 局 · {jia} +4"));
    assert_eq!(line(&m, Lang::En), format!("over · {jia} first · Table 1 of 3 · 1 hand · {jia} +4"));
    put(&mut m, "so", Op::SignOff { referee: "赵裁".into() }).unwrap();
    assert_eq!(line(&m, Lang::ZhTw), format!("已簽字 · {jia} 第一 · 第 1/3 桌 · 1 局 · {jia} +4"));
}
