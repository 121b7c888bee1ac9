use super::*;
use crate::record::{schema, Entry, Setup};

fn blank(first_black: Player) -> Match {
    Match {
        id: "rj1".into(),
        created_ms: 0.0,
        title: "第1桌".into(),
        setup: Setup::Renju(RenjuSetup {
            preset: Preset::rif(),
            players: ["张三".into(), "李四".into()],
            first_black,
            clock: Some(GameClock { minutes: 10 }),
        }),
        entries: Vec::new(),
    }
}

fn setup(m: &Match) -> RenjuSetup {
    match &m.setup {
        Setup::Renju(s) => s.clone(),
        _ => unreachable!(),
    }
}

struct Log {
    m: Match,
    n: usize,
}

impl Log {
    fn new(first_black: Player) -> Log {
        Log { m: blank(first_black), n: 0 }
    }
    fn op(&mut self, op: Op) -> Result<String, ImportError> {
        self.n += 1;
        let id = format!("e{}", self.n);
        self.m.append(Entry { after: None, id: id.clone(), at_ms: self.n as f64 * 1000.0, op })?;
        Ok(id)
    }
    fn act(&mut self, a: RenjuAction) -> Result<String, ImportError> {
        self.op(Op::Hand { hand: HandInput::Renju(a) })
    }
    fn stones(&mut self, pts: &str) {
        for p in pts.split_whitespace() {
            self.act(RenjuAction::Stone { point: Point::parse(p).unwrap(), stone: None })
                .unwrap_or_else(|e| panic!("{p}: {e}"));
        }
    }
    fn view(&self) -> RenjuView {
        replay(&self.m, &setup(&self.m))
    }
}

#[test]
fn forks_are_seen() {
    let mut l = Log::new(Player::P1);
    l.stones("h8 h9");
    let stone = |p: &str| Op::Hand {
        hand: HandInput::Renju(RenjuAction::Stone { point: Point::parse(p).unwrap(), stone: None }),
    };
    schema::assert_forks_are_seen(&l.m, &stone("i9"), &stone("g7"));
}

fn pt(s: &str) -> Point {
    Point::parse(s).unwrap()
}

/// Black builds a double three at h8 with g8 i8 (row) and h7 h9 (column) while white
/// plays far away: black's 5th stone h8 is 三三.
const DOUBLE_THREE: &str = "g8 a1 i8 a3 h7 a5 h9 a7";

/// The page writes the colour it placed: a stone placed as black after another black
/// stone landed (two tabs at once) is refused, not turned white; stones from older
/// logs (no colour) still take the colour of their turn; the JSON of a stone without
/// colour is unchanged.
#[test]
fn a_stone_placed_as_black_is_not_turned_white() {
    let mut l = Log::new(Player::P1);
    l.act(RenjuAction::Stone { point: pt("h8"), stone: Some(Stone::Black) }).unwrap();
    let e = l.act(RenjuAction::Stone { point: pt("h9"), stone: Some(Stone::Black) }).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.stone", "{e}");
    assert!(e.reason.contains("h9 was placed as"), "{e}");
    l.act(RenjuAction::Stone { point: pt("h9"), stone: Some(Stone::White) }).unwrap();
    l.stones("h10");
    assert_eq!(
        l.view().current().moves.iter().map(|m| m.stone).collect::<Vec<_>>(),
        [Stone::Black, Stone::White, Stone::Black]
    );
    // Deleting the first stone would recolour the later ones: refused.
    let err = l.op(Op::Void { target: "e1".into(), reason: "delete".into() }).unwrap_err();
    assert_eq!(err.field, crate::record::LATER_HAND);
    let json = |a: &RenjuAction| serde_json::to_string(a).unwrap();
    assert_eq!(json(&RenjuAction::Stone { point: pt("h8"), stone: None }), r#"{"action":"stone","point":"h8"}"#);
    assert_eq!(
        json(&RenjuAction::Stone { point: pt("h8"), stone: Some(Stone::Black) }),
        r#"{"action":"stone","point":"h8","stone":"black"}"#
    );
}

#[test]
fn colours_alternate_and_a_five_ends_the_game() {
    let mut l = Log::new(Player::P2);
    l.stones("h8 a1 i8 a2 j8 a3 k8 a4 l8");
    let v = l.view();
    let g = v.current();
    assert_eq!(g.moves[0].stone, Stone::Black);
    assert_eq!(g.moves[1].stone, Stone::White);
    let r = g.result.as_ref().unwrap();
    assert_eq!((r.winner, r.reason), (Some(Stone::Black), EndReason::Five));
    assert_eq!(g.winner(), Some(Player::P2), "P2 had black (猜先)");
    assert_eq!(v.wins[&Player::P2], 1);
    let e = l.act(RenjuAction::Stone { point: pt("m8"), stone: None }).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.action", "{e}");
}

#[test]
fn an_occupied_point_is_refused_and_names_the_field() {
    let mut l = Log::new(Player::P1);
    l.stones("h8");
    let e = l.act(RenjuAction::Stone { point: pt("h8"), stone: None }).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.point");
    assert!(e.reason.contains("h8"), "{e}");
    let off = RenjuAction::Stone { point: Point { col: 15, row: 3 }, stone: None };
    let e = l.act(off).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.point");
    assert!(e.reason.contains("off"), "{e}");
    // A point that is not a1…o15 does not even parse.
    let json = r#"{"action":"stone","point":"p16"}"#;
    assert!(serde_json::from_str::<RenjuAction>(json).is_err());
}

#[test]
fn a_forbidden_double_three_is_judged_and_can_be_claimed() {
    let mut l = Log::new(Player::P1);
    l.stones(DOUBLE_THREE);
    l.stones("h8");
    let v = l.view();
    let last = v.current().moves.last().unwrap();
    assert_eq!(last.verdict(), Some(Verdict::DoubleThree));
    assert_eq!(last.claim, Some(ClaimStatus::Open));
    assert_eq!(last.judgement.as_ref().unwrap().shapes_of(ShapeKind::Three).count(), 2);
    l.act(RenjuAction::Claim).unwrap();
    let v = l.view();
    let g = v.current();
    assert_eq!(g.moves.last().unwrap().claim, Some(ClaimStatus::Claimed));
    let r = g.result.as_ref().unwrap();
    assert_eq!((r.winner, r.reason), (Some(Stone::White), EndReason::ForbiddenClaimed));
    assert_eq!(g.winner(), Some(Player::P2));
}

#[test]
fn white_playing_on_records_not_claimed_and_undo_reopens_the_claim() {
    let mut l = Log::new(Player::P1);
    l.stones(DOUBLE_THREE);
    l.stones("h8");
    let w = l.act(RenjuAction::Stone { point: pt("o15"), stone: None }).unwrap();
    let v = l.view();
    assert_eq!(v.current().moves[8].claim, Some(ClaimStatus::NotClaimed));
    assert!(v.current().result.is_none());
    let e = l.act(RenjuAction::Claim).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.action", "{e}");
    // Undo white's stone: the claim is possible again.
    l.op(Op::Void { target: w, reason: "undo".into() }).unwrap();
    assert_eq!(l.view().current().moves[8].claim, Some(ClaimStatus::Open));
    l.act(RenjuAction::Claim).unwrap();
}

#[test]
fn an_ordinary_move_cannot_be_claimed() {
    let mut l = Log::new(Player::P1);
    l.stones("h8");
    let e = l.act(RenjuAction::Claim).unwrap_err();
    assert!(e.reason.contains("not forbidden"), "{e}");
    let e = Log::new(Player::P1).act(RenjuAction::Claim).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.action");
}

#[test]
fn five_wins_even_when_it_is_also_forbidden() {
    // Black h8 would make five on row 8 and a double three elsewhere.
    let mut l = Log::new(Player::P1);
    l.stones("d8 a1 e8 a3 f8 a5 g8 a7 h7 a9 h9 a11 g9 a13 i7 n1");
    l.stones("h8");
    let v = l.view();
    let g = v.current();
    assert_eq!(g.moves.last().unwrap().verdict(), Some(Verdict::Five));
    assert_eq!(g.result.as_ref().unwrap().reason, EndReason::Five);
    assert_eq!(g.moves.last().unwrap().claim, None);
}

#[test]
fn results_next_games_and_the_match_score() {
    let mut l = Log::new(Player::P1);
    l.stones("h8 h9");
    let e = l.act(RenjuAction::NextGame { black: Player::P2 }).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.action");
    let e = l.act(RenjuAction::GameResult { reason: EndReason::Resignation, winner: None }).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.winner");
    let e = l.act(RenjuAction::GameResult { reason: EndReason::Five, winner: Some(Stone::Black) }).unwrap_err();
    assert_eq!(e.field, "op.hand.renju.reason");
    l.act(RenjuAction::GameResult { reason: EndReason::Resignation, winner: Some(Stone::White) }).unwrap();
    l.act(RenjuAction::NextGame { black: Player::P2 }).unwrap();
    l.stones("h8");
    l.act(RenjuAction::GameResult { reason: EndReason::Draw, winner: None }).unwrap();
    l.act(RenjuAction::NextGame { black: Player::P1 }).unwrap();
    l.act(RenjuAction::GameResult { reason: EndReason::Time, winner: Some(Stone::White) }).unwrap();
    let v = l.view();
    assert_eq!(v.games.len(), 3);
    assert_eq!(v.games[1].black, Player::P2);
    assert_eq!(v.games[1].board.count(), 1);
    assert_eq!(v.wins[&Player::P2], 2);
    assert_eq!(v.draws, 1);
    assert_eq!(v.series_winner, Some(Player::P2));
    let e = l.act(RenjuAction::NextGame { black: Player::P2 }).unwrap_err();
    assert!(e.reason.contains("decided"), "{e}");
}

#[test]
fn the_turn_clock_charges_the_side_to_move() {
    let mut l = Log::new(Player::P1);
    l.op(Op::Clock { action: ClockAction::Start, elapsed_ms: None }).unwrap(); // t = 1 s
    l.stones("h8"); // t = 2 s: black used 1 s
    l.stones("h9"); // t = 3 s: white used 1 s
    l.op(Op::Clock { action: ClockAction::Pause, elapsed_ms: None }).unwrap(); // t = 4 s: black used 2 s
    l.op(Op::Clock { action: ClockAction::Resume, elapsed_ms: None }).unwrap(); // t = 5 s
    l.stones("h10"); // t = 6 s: black used 3 s
    let g = l.view().current().clone();
    assert_eq!(g.clock.used_ms(Stone::Black), 3000.0);
    assert_eq!(g.clock.used_ms(Stone::White), 1000.0);
    assert_eq!(g.clock.elapsed_ms(Stone::White, g.to_move(), 8000.0), 3000.0);
    assert_eq!(g.clock.elapsed_ms(Stone::Black, g.to_move(), 8000.0), 3000.0);
}

/// A pause that records the mover's time (measured on the monotonic clock) banks it,
/// whatever the wall times of the entries say (the device clock put back an hour).
#[test]
fn a_pause_with_its_elapsed_time_banks_it() {
    let mut l = Log::new(Player::P1);
    l.op(Op::Clock { action: ClockAction::Start, elapsed_ms: None }).unwrap(); // t = 1 s
    l.stones("h8"); // t = 2 s: black used 1 s
    l.op(Op::Clock { action: ClockAction::Pause, elapsed_ms: Some(46_000.0) }).unwrap();
    let g = l.view().current().clone();
    assert_eq!((g.clock.used_ms(Stone::White), g.clock.used_ms(Stone::Black)), (46_000.0, 1000.0));
    assert_eq!(g.clock.running_since, None);
}

#[test]
fn export_and_import_restore_the_board() {
    let mut l = Log::new(Player::P1);
    l.stones(DOUBLE_THREE);
    l.stones("h8 o15");
    let file = schema::export(std::slice::from_ref(&l.m), 1.0);
    let back = schema::parse_import(&file).unwrap();
    assert_eq!(back, vec![l.m.clone()]);
    let v = replay(&back[0], &setup(&back[0]));
    assert_eq!(v, l.view());
    assert_eq!(v.current().board.get(pt("h8")), Some(Stone::Black));
    assert_eq!(v.current().board.get(pt("o15")), Some(Stone::White));
}

#[test]
fn an_import_whose_moves_do_not_replay_is_refused_with_the_field() {
    let mut l = Log::new(Player::P1);
    l.stones("h8 h9 h10");
    let mut doc: serde_json::Value = serde_json::from_str(&schema::export(&[l.m.clone()], 1.0)).unwrap();
    doc["matches"][0]["entries"][2]["op"]["hand"]["renju"]["point"] = "h8".into();
    let e = schema::parse_import(&doc.to_string()).unwrap_err();
    assert_eq!(e.field, "matches[0].entries[2].op.hand.renju.point", "{e}");
    doc["matches"][0]["entries"][2]["op"]["hand"]["renju"]["point"] = "z99".into();
    let e = schema::parse_import(&doc.to_string()).unwrap_err();
    assert!(e.field.starts_with("matches[0].entries[2].op"), "{e}");
    doc["matches"][0]["setup"]["players"][0] = "x".repeat(61).into();
    doc["matches"][0]["entries"][2]["op"]["hand"]["renju"]["point"] = "h11".into();
    let e = schema::parse_import(&doc.to_string()).unwrap_err();
    assert_eq!(e.field, "matches[0].setup.players[0]", "{e}");
}

#[test]
fn a_correction_that_breaks_a_later_stone_is_refused_on_import() {
    let mut l = Log::new(Player::P1);
    l.stones("h8 h9 h10 h11");
    // Correct stone 1 to h10: stone 3 would then be on an occupied point. check_hand
    // looks at the log's end (h10 occupied there) and refuses it outright.
    let e = l
        .op(Op::Correct {
            target: "e1".into(),
            hand: HandInput::Renju(RenjuAction::Stone { point: pt("h10"), stone: None }),
        })
        .unwrap_err();
    assert_eq!(e.field, "op.hand.renju.point");
    // A correction to a free point replays.
    l.op(Op::Correct {
        target: "e1".into(),
        hand: HandInput::Renju(RenjuAction::Stone { point: pt("i8"), stone: None }),
    })
    .unwrap();
    let v = l.view();
    assert_eq!(v.current().moves[0].point, pt("i8"));
    assert_eq!(v.current().moves[0].corrected_ms.len(), 1);
    assert!(schema::validate_match(&l.m).is_ok());
}

#[test]
fn setups_are_validated() {
    let mut s = RenjuSetup::default();
    assert!(validate_setup(&s).is_ok());
    s.preset.best_of = 2;
    assert_eq!(validate_setup(&s).unwrap_err().field, "preset.best_of");
    s.preset.best_of = 3;
    s.clock = Some(GameClock { minutes: 0 });
    assert_eq!(validate_setup(&s).unwrap_err().field, "clock.minutes");
}

#[test]
fn the_text_record_numbers_moves_and_names_forbidden_shapes() {
    let mut l = Log::new(Player::P1);
    l.stones(DOUBLE_THREE);
    l.stones("h8");
    l.act(RenjuAction::Claim).unwrap();
    l.act(RenjuAction::NextGame { black: Player::P2 }).unwrap();
    l.stones(DOUBLE_THREE);
    l.stones("h8 o15");
    let v = l.view();
    for lang in Lang::ALL {
        let text = record_text(&l.m, &setup(&l.m), &v, lang);
        assert!(!text.contains("rj."), "untranslated key in {lang:?}:\n{text}");
        assert!(text.contains("  1. ● g8"), "{text}");
        assert!(text.contains("  9. ● h8"), "{text}");
        assert!(text.contains(" 10. ○ o15"), "{text}");
    }
    let zh = record_text(&l.m, &setup(&l.m), &v, Lang::ZhCn);
    assert!(zh.contains("三三 — 已指出"), "{zh}");
    assert!(zh.contains("三三 — 未指出"), "{zh}");
    let en = record_text(&l.m, &setup(&l.m), &v, Lang::En);
    assert!(en.contains("not claimed"), "{en}");
    assert!(en.contains("Game 2"), "{en}");
}

/// 五子棋 (RULES.md §0 **[r2]**): a game lost by ruling ends the game in progress for the
/// opponent — a game of the best of 3 —; a second one decides the match; undoing it gives
/// the game back; a level penalty has no meaning here.
#[test]
fn a_game_lost_by_ruling_is_a_game_of_the_series() {
    use crate::rules::{Ruling, Team};
    let mut m = blank(Player::P1);
    let ruling = |r| Op::Ruling {
        ruling: r,
        player: None,
        board: None,
        reason: String::new(),
        rule: "000 §三".into(),
        referee: "王".into(),
    };
    let put = |m: &mut Match, id: &str, op: Op| {
        let at = m.entries.len() as f64 + 1.0;
        m.append(Entry { after: None, id: id.into(), at_ms: at, op })
    };
    put(&mut m, "s1", Op::Hand { hand: HandInput::Renju(RenjuAction::Stone { point: pt("h8"), stone: None }) })
        .unwrap();
    put(&mut m, "g1", ruling(Ruling::GameLost { team: Team::A })).unwrap();
    let v = replay(&m, &setup(&m));
    assert_eq!(
        (v.games[0].winner(), v.games[0].result.as_ref().unwrap().reason),
        (Some(Player::P2), EndReason::Ruling)
    );
    assert_eq!(v.series_winner, None);
    let err = put(&mut m, "lp", ruling(Ruling::LevelPenalty { team: Team::A, levels: 1 })).unwrap_err();
    assert_eq!(err.field, crate::record::NOT_PLAYABLE);
    put(&mut m, "n2", Op::Hand { hand: HandInput::Renju(RenjuAction::NextGame { black: Player::P2 }) }).unwrap();
    put(&mut m, "g2", ruling(Ruling::GameLost { team: Team::A })).unwrap();
    assert_eq!(replay(&m, &setup(&m)).series_winner, Some(Player::P2));
    put(&mut m, "u", Op::Void { target: "g2".into(), reason: crate::record::UNDO_REASON.into() }).unwrap();
    let v = replay(&m, &setup(&m));
    assert_eq!((v.series_winner, v.games[1].result.is_none()), (None, true));
    assert!(schema::validate_match(&m).is_ok());
}

/// The home list's line of a 五子棋 match (RULES.md §5, best of 3): while the series is on,
/// the games won and the game in play alone; once a player has won two games, led by
/// "已结束 · <winner> 胜".
#[test]
fn home_line_says_when_the_series_is_won_and_by_whom() {
    use crate::bidi::isolated;
    let (a, b) = (isolated("张三"), isolated("李四"));
    let line = |l: &Log, lang: Lang| home_line(lang, &setup(&l.m), &l.view());
    let mut l = Log::new(Player::P1);
    l.act(RenjuAction::GameResult { reason: EndReason::Resignation, winner: Some(Stone::White) }).unwrap();
    l.act(RenjuAction::NextGame { black: Player::P2 }).unwrap();
    l.stones("h8");
    assert_eq!(line(&l, Lang::ZhCn), format!("{a} 0 : 1 {b} · 第 2 局 · 1 手"));
    l.act(RenjuAction::GameResult { reason: EndReason::Resignation, winner: Some(Stone::White) }).unwrap();
    assert_eq!(line(&l, Lang::ZhCn), format!("{a} 1 : 1 {b} · 第 2 局 · 1 手"));
    l.act(RenjuAction::NextGame { black: Player::P1 }).unwrap();
    l.act(RenjuAction::GameResult { reason: EndReason::Time, winner: Some(Stone::White) }).unwrap();
    assert_eq!(line(&l, Lang::ZhCn), format!("已结束 · {b} 胜 · {a} 1 : 2 {b} · 第 3 局 · 0 手"));
    assert_eq!(line(&l, Lang::En), format!("over · {b} won · {a} 1 : 2 {b} · Game 3 · 0 moves"));
}
