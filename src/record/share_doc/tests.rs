use super::draw::{estimate, layout, wrap, WIDTH};
use super::*;
use crate::record::{Entry, HandInput};
use crate::rules::{Seat, Team};

fn at(_ms: f64) -> String {
    "12:00".into()
}

fn push(m: &mut Match, op: Op) {
    let id = format!("e{}", m.entries.len() + 1);
    let at = 1_000.0 * (m.entries.len() + 1) as f64;
    m.append(Entry { after: None, id, at_ms: at, op }).unwrap();
}

fn hands(doc: &ShareDoc) -> Vec<&Row> {
    doc.rows.iter().filter(|r| r.kind == RowKind::Hand).collect()
}

fn all_text(doc: &ShareDoc) -> String {
    let mut s = vec![doc.title.clone()];
    s.extend(doc.meta.iter().map(|(k, v)| format!("{k} {v}")));
    s.extend(doc.header.iter().cloned());
    s.extend(doc.rows.iter().flat_map(|r| r.cells.iter().cloned()));
    s.extend(doc.result.iter().cloned());
    s.extend(doc.signatures.iter().map(|x| format!("{} {}", x.label, x.name)));
    s.join("\n")
}

#[test]
fn shengji_sheet_has_every_hand_the_winner_and_names() {
    let mut m = crate::record::sample::shengji_sample(0.0);
    let place = Fixture { event: "健康杯".into(), competition: "炒地皮".into(), round: 2, table: 3 };
    let doc = match_doc(&m, Lang::ZhCn, Some(&place), &at, 0.0);
    let counted = match crate::record::replay::replay(&m) {
        MatchView::Shengji(v) => v.games.iter().map(|g| g.rows.len()).sum::<usize>(),
        _ => unreachable!(),
    };
    assert_eq!(hands(&doc).len(), counted);
    assert!(counted >= 11);
    assert_eq!(doc.header.len(), 6);
    assert!(doc.rows.iter().all(|r| r.kind == RowKind::Section || r.cells.len() == doc.header.len()));
    let text = all_text(&doc);
    for name in m.setup.names().0.values() {
        assert!(text.contains(name.as_str()), "{name} on the sheet");
    }
    assert!(text.contains("健康杯 · 炒地皮") && text.contains("第 2 轮 · 第 3 桌"), "{text}");
    assert!(doc.result.iter().any(|r| r.starts_with("胜者") || r == "比赛进行中"), "{:?}", doc.result);
    // Confirmations and the sign-off put their names on the signature lines.
    let state = crate::record::sheet::state(&m);
    push(&mut m, Op::Confirm { pair: crate::record::sheet::Pair::Ns, name: "王记".into(), state: state.clone() });
    push(&mut m, Op::Confirm { pair: crate::record::sheet::Pair::Ew, name: "李核".into(), state });
    push(&mut m, Op::SignOff { referee: "赵裁".into() });
    let doc = match_doc(&m, Lang::En, None, &at, 0.0);
    let names: Vec<&str> = doc.signatures.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["王记", "李核", "赵裁"]);
    assert!(!all_text(&doc).contains("轮"), "English labels");
}

#[test]
fn guandan_sheet_lists_every_hand_and_the_winner() {
    use crate::rules::guandan::{FinishOrder, Hand};
    use Seat::*;
    let mut m = crate::record::games::guandan::blank("g1", "guandan-3-2-1", 0.0).unwrap();
    if let Setup::Guandan(s) = &mut m.setup {
        s.teams.insert(crate::rules::Team::A, "红队".into());
        s.teams.insert(crate::rules::Team::B, "蓝队".into());
        s.players.insert(N, "张三".into());
    }
    // 双下 until the winners pass A.
    for _ in 0..12 {
        push(&mut m, Op::Hand { hand: HandInput::Guandan(Hand::new(FinishOrder::new([N, S, E, W]).unwrap())) });
        if matches!(crate::record::replay::replay(&m), MatchView::Guandan(v) if v.finished) {
            break;
        }
    }
    let n = m.entries.len();
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    assert_eq!(hands(&doc).len(), n);
    assert!(doc.result.contains(&"胜者: 红队".to_string()), "{:?}", doc.result);
    let text = all_text(&doc);
    assert!(text.contains("北 张三") && text.contains("双上"), "{text}");
}

#[test]
fn session_sheets_have_a_column_a_player_and_the_places() {
    use crate::rules::doudizhu::{find_preset, Hand};
    let mut m = Match {
        id: "d1".into(),
        created_ms: 0.0,
        title: "第1桌".into(),
        setup: Setup::Doudizhu(crate::record::games::doudizhu::DoudizhuSetup {
            preset: find_preset("jiankang-doudizhu").unwrap(),
            players: vec!["甲".into(), "乙".into(), "丙".into()],
        }),
        entries: vec![],
    };
    for i in 0..5 {
        let h = Hand { landlord: Some(i % 3), bid: 3, landlord_won: i % 2 == 0, ..Hand::default() };
        push(&mut m, Op::Hand { hand: HandInput::Doudizhu(h) });
    }
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    assert_eq!(hands(&doc).len(), 5);
    assert_eq!(doc.header[2..5], ["甲", "乙", "丙"]);
    assert!(hands(&doc).iter().all(|r| r.cells[2].starts_with(['+', '-'])), "{:?}", doc.rows);
    assert_eq!(doc.result.iter().filter(|r| r.starts_with("第 ")).count(), 3, "{:?}", doc.result);
    let blank = blank_doc(&m.setup, &m.title, Lang::En, None);
    assert_eq!(blank.header.len(), 6);
    assert_eq!(hands(&blank).len(), 24);
}

#[test]
fn renju_sheet_pairs_the_stones_and_names_the_winner() {
    use crate::record::games::renju::{Player, RenjuAction, RenjuSetup};
    use crate::rules::renju::Point;
    let mut m = Match {
        id: "r1".into(),
        created_ms: 0.0,
        title: String::new(),
        setup: Setup::Renju(RenjuSetup {
            preset: crate::rules::renju::Preset::rif(),
            players: ["张三".into(), "李四".into()],
            first_black: Player::P1,
            clock: None,
        }),
        entries: vec![],
    };
    // Black h8 … l8 (five), white on row 9.
    for p in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"] {
        push(
            &mut m,
            Op::Hand { hand: HandInput::Renju(RenjuAction::Stone { point: Point::parse(p).unwrap(), stone: None }) },
        );
    }
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    let rows = hands(&doc);
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[0].cells, ["1", "h8", "h9"]);
    assert_eq!(rows[4].cells, ["5", "l8", ""]);
    assert!(all_text(&doc).contains("胜者: 张三"));
}

#[test]
fn duplicate_and_sandayi_sheets_have_their_columns() {
    let m = crate::record::games::duplicate::blank("dup", 4, 0.0);
    let doc = match_doc(&m, Lang::ZhTw, None, &at, 0.0);
    assert_eq!(hands(&doc).len(), 4, "every board listed");
    assert_eq!(doc.header.len(), 6);
    let blank = blank_doc(&m.setup, "", Lang::ZhCn, None);
    assert_eq!(hands(&blank).len(), 4);
    let s = Setup::Sandayi(crate::record::games::sandayi::SandayiSetup {
        preset: crate::rules::sandayi::find_preset("qingpu-sandayi").unwrap(),
        players: vec!["东".into(), "南".into(), "西".into(), "北".into()],
    });
    let blank = blank_doc(&s, "T1", Lang::ZhCn, Some(&Fixture { round: 1, table: 5, ..Default::default() }));
    assert_eq!(blank.header.len(), 7);
    assert!(all_text(&blank).contains("第 1 轮 · 第 5 桌"));
    assert!(blank.signatures.iter().all(|s| s.name.is_empty()));
}

#[test]
fn every_text_has_three_languages() {
    for l in [Lang::ZhCn, Lang::ZhTw, Lang::En] {
        let doc = match_doc(&crate::record::sample::shengji_sample(0.0), l, None, &at, 0.0);
        assert!(!all_text(&doc).contains("share."), "a key without its text in {l:?}");
    }
}

#[test]
fn the_picture_grows_with_the_hands_and_keeps_every_cell() {
    let m = crate::record::sample::shengji_sample(0.0);
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    let d = layout(&doc, WIDTH, &estimate);
    assert_eq!(d.width, WIDTH);
    let texts = d.texts().join("\n");
    for r in hands(&doc) {
        for c in &r.cells {
            assert!(texts.contains(c.as_str()), "{c}");
        }
    }
    let blank = blank_doc(&m.setup, &m.title, Lang::ZhCn, None);
    let empty = Match { entries: vec![], ..m.clone() };
    let short = layout(&match_doc(&empty, Lang::ZhCn, None, &at, 0.0), WIDTH, &estimate);
    assert!(d.height > short.height + 10.0 * 30.0, "{} vs {}", d.height, short.height);
    assert!(layout(&blank, WIDTH, &estimate).height > d.height, "30 blank rows");
    // Nothing is drawn past the right margin.
    for i in &d.items {
        if let draw::Item::Text { x, text, size, bold, .. } = i {
            assert!(x + estimate(text, *size, *bold) <= WIDTH - 40.0, "{text}");
        }
    }
}

#[test]
fn wrap_breaks_between_words_and_cjk_characters() {
    let l = wrap("Referee sign-off and more", 200.0, 20.0, false, &estimate);
    assert!(l.len() > 1 && l.iter().all(|x| estimate(x, 20.0, false) <= 200.0), "{l:?}");
    assert_eq!(l.join(" "), "Referee sign-off and more");
    let c = wrap("南北方记录东西方复核裁判签字", 100.0, 20.0, false, &estimate);
    assert_eq!(c.concat(), "南北方记录东西方复核裁判签字");
    assert!(c.iter().all(|x| x.chars().count() <= 5));
}

#[test]
fn png_text_chunk_is_well_formed() {
    assert_eq!(super::draw::crc32_for_test(b"IEND"), 0xAE42_6082);
    // A 1×1 PNG's signature and header (the rest does not matter here).
    let mut png = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];
    png.extend_from_slice(b"IHDR");
    png.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F, 0x15, 0xC4, 0x89]);
    png.extend_from_slice(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xAE, 0x42, 0x60, 0x82]);
    let out = super::draw::png_with_text(&png, "k", "胜");
    assert_eq!(out.len(), png.len() + 12 + 1 + 5 + 3);
    assert_eq!(&out[33..37], &[0, 0, 0, 9]);
    assert_eq!(&out[37..41], b"iTXt");
    assert_eq!(&out[41..50], &[b'k', 0, 0, 0, 0, 0, 0xE8, 0x83, 0x9C]);
    assert_eq!(&out[54..], &png[33..], "the rest follows the chunk");
    assert_eq!(super::draw::png_with_text(b"nope", "k", "x"), b"nope");
}

#[test]
fn standings_sheet_lists_every_entrant() {
    let e = crate::tournament::tests::four_pairs();
    let c = &e.competitions[0];
    let st = crate::tournament::standings::standings(c, &[]);
    let doc = standings_doc(&e, c, &st, Lang::ZhCn, &at, 0.0);
    assert_eq!(hands(&doc).len(), 4);
    let text = all_text(&doc);
    for n in ["红队", "蓝队", "绿队", "黄队", "健康杯", "掼蛋 团体"] {
        assert!(text.contains(n), "{n}: {text}");
    }
    assert!(doc.rows.iter().all(|r| r.cells.len() == doc.header.len()));
    let en = standings_doc(&e, c, &st, Lang::En, &at, 0.0);
    assert!(!en.header.concat().contains(|c: char| c as u32 >= 0x2E80), "{:?}", en.header);
}

/// The 排名图 picture shows the standings' columns as a phone's screen shows them (the one
/// list, [`crate::tournament::output::standings_columns`]): forfeits and the note included,
/// the 双上 column only for a game that counts 双上 (掼蛋, not a 南通 80分 competition).
#[test]
fn the_standings_picture_has_the_screens_columns() {
    use crate::tournament::output::{standings_columns, standings_csv, Col};
    let (e, c) = crate::tournament::tests::nantong_desk_forfeit();
    let st = crate::tournament::standings::standings(&c, &[]);
    let doc = standings_doc(&e, &c, &st, Lang::ZhCn, &at, 0.0);
    let phone: Vec<String> = standings_columns(&c)
        .into_iter()
        .filter(|x| !x.wide())
        .map(|x| tr(Lang::ZhCn, x.header()).to_string())
        .collect();
    assert_eq!(doc.header, phone);
    assert_eq!(doc.header, ["名次", "参赛者", "场", "胜", "负", "积分", "弃权", "备注"]);
    assert!(doc.rows.iter().all(|r| r.cells.len() == doc.header.len()));
    let forfeited = e.entrant_label(st.results[0].sides[1].as_deref().unwrap());
    let row = doc.rows.iter().find(|r| r.cells[1] == forfeited).unwrap();
    assert_eq!(row.cells[6], "1", "{:?}", row.cells);
    assert!(!standings_csv(&e, &c, &st, Lang::ZhCn).contains("双上"));
    // 掼蛋 counts 双上: its column is there, on the screen, the picture and the CSV.
    let g = &e.competitions[0];
    assert!(standings_columns(g).contains(&Col::DoubleWins));
    let st = crate::tournament::standings::standings(g, &[]);
    assert!(standings_doc(&e, g, &st, Lang::ZhCn, &at, 0.0).header.contains(&"双上".to_string()));
    assert!(standings_csv(&e, g, &st, Lang::ZhCn).contains("双上"));
}

#[test]
fn right_to_left_names_and_bidi_controls_are_isolated_on_the_sheet() {
    let mut m = crate::record::sample::shengji_sample(0.0);
    let Setup::Shengji(s) = &mut m.setup else { unreachable!() };
    s.teams.insert(Team::A, "قەشقەر".into());
    s.teams.insert(Team::B, "红\u{202E}队".into());
    m.title = String::new();
    let place = Fixture { event: "健康杯".into(), competition: "炒地皮".into(), round: 1, table: 1 };
    let doc = match_doc(&m, Lang::ZhCn, Some(&place), &at, 0.0);
    let text = all_text(&doc);
    assert!(text.contains("\u{2068}قەشقەر\u{2069} vs \u{2068}红队\u{2069}"), "{text}");
    assert!(!text.contains('\u{202E}'), "no override reaches the sheet");
    // Every right-to-left character is inside an isolate.
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '\u{2068}' => depth += 1,
            '\u{2069}' => depth -= 1,
            'ق' => assert_eq!(depth, 1, "{text}"),
            _ => {}
        }
    }
    assert_eq!(depth, 0);
    // The file name keeps the names as entered.
    assert_eq!(m.setup.participants(), "قەشقەر vs 红\u{202E}队");
}

/// A 南通 team match (RULES.md §1.4 **[r2]**) between 红队 (A) and 绿队 (B), with these
/// entries after it.
fn nantong(ops: Vec<Op>) -> Match {
    let mut m = crate::record::sample::blank_shengji("nt", "nantong-80fen", 0.0);
    let Setup::Shengji(s) = &mut m.setup else { unreachable!() };
    s.teams.insert(Team::A, "红队".into());
    s.teams.insert(Team::B, "绿队".into());
    m.title = String::new();
    for op in ops {
        push(&mut m, op);
    }
    m
}

fn sj_hand(points: i32) -> Op {
    Op::Hand { hand: HandInput::Shengji(crate::rules::shengji::Hand { points, ..Default::default() }) }
}

/// Three hands of 0: the declarer A goes from 2 to 10, to A, then through A — game won.
fn a_wins_by_hands() -> Vec<Op> {
    vec![sj_hand(0), sj_hand(0), sj_hand(0)]
}

/// 五子棋 (RULES.md §5, §0 **[r2]**): a ruling's line and its appeal's name the player the
/// ruling is against (player 1 as side `A`, player 2 as `B`), not the 升级 seat pairs; a
/// player without a name reads as the set-up form's default (棋手一 / Player 2).
#[test]
fn renju_ruling_lines_name_the_players() {
    use crate::record::games::renju::{Player, RenjuSetup};
    use crate::record::{AppealDecision, Decider};
    use crate::rules::Ruling;
    let renju = |players: [&str; 2]| Match {
        id: "r2".into(),
        created_ms: 0.0,
        title: String::new(),
        setup: Setup::Renju(RenjuSetup {
            preset: crate::rules::renju::Preset::rif(),
            players: players.map(String::from),
            first_black: Player::P1,
            clock: None,
        }),
        entries: vec![],
    };
    let mut m = renju(["张三", "李四"]);
    push(&mut m, sj_ruling(Ruling::Warning { team: Team::B }, "001"));
    push(
        &mut m,
        sj_appeal("e1", AppealDecision::Replaced { ruling: Ruling::GameLost { team: Team::B } }, Decider::ChiefReferee),
    );
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    let r = results(&doc);
    assert!(r.iter().any(|x| x.starts_with("判罚: 警告 · 李四 · ")), "{r:?}");
    assert!(r.iter().any(|x| x.contains("改判为 判负 · 李四")), "{r:?}");
    assert!(!r.iter().any(|x| x.contains("东西") || x.contains("南北")), "{r:?}");
    let mut m = renju(["张三", ""]);
    push(&mut m, sj_ruling(Ruling::Warning { team: Team::B }, "001"));
    push(&mut m, sj_ruling(Ruling::Late { team: Team::A, minutes: 5 }, "001"));
    let r = results(&match_doc(&m, Lang::En, None, &at, 0.0));
    assert!(r.iter().any(|x| x.starts_with("Ruling: Warning · Player 2 · ")), "{r:?}");
    assert!(r.iter().any(|x| x.contains(" · 张三 · ")), "{r:?}");
}

fn sj_ruling(ruling: crate::rules::Ruling, rule: &str) -> Op {
    Op::Ruling {
        ruling, player: None, board: None, reason: "暗示".into(), rule: rule.into(), referee: "王裁".into()
    }
}

fn sj_appeal(target: &str, decision: crate::record::AppealDecision, by: crate::record::Decider) -> Op {
    Op::Appeal { target: target.into(), appellant: "红队".into(), decision, decided_by: by, decided_ms: 5e6 }
}

/// The sheet's result lines without the names' isolates.
fn results(doc: &ShareDoc) -> Vec<String> {
    doc.result.iter().map(|r| r.replace(['\u{2068}', '\u{2069}'], "")).collect()
}

/// Every result line is drawn on the picture (the print renders the same lines).
fn drawn(doc: &ShareDoc) {
    let squash = |s: &str| s.replace(['\u{2068}', '\u{2069}', ' '], "");
    let texts = squash(&layout(doc, WIDTH, &estimate).texts().concat());
    for r in &doc.result {
        assert!(texts.contains(&squash(r)), "{r} on the picture");
    }
}

/// 红队 wins game 1 by its hands (2 : 1) and is disqualified in game 2; two appeals uphold
/// it. Game 2 (in progress) and game 3 are forfeits, 0 : 2 each: 2 : 5 in all, as the
/// standings count it.
#[test]
fn nantong_sheet_after_a_disqualification_shows_the_forfeits_points_and_both_appeals() {
    use crate::record::{AppealDecision, Decider};
    let mut ops = a_wins_by_hands();
    ops.push(Op::NextGame { start: Default::default() });
    ops.push(sj_hand(40));
    ops.push(sj_ruling(crate::rules::Ruling::Disqualified { team: Team::A }, "004 §六4"));
    let dq = format!("e{}", ops.len());
    ops.push(sj_appeal(&dq, AppealDecision::Upheld, Decider::ChiefReferee));
    ops.push(sj_appeal(&dq, AppealDecision::Upheld, Decider::Committee));
    let m = nantong(ops);
    let o = crate::tournament::outcome::outcome(&m);
    assert_eq!((o.games_won.clone(), o.games_forfeited.clone()), (vec![1, 2], vec![2, 0]));
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    let r = results(&doc);
    let expected = [
        "第 1 局: 红队 胜 (打完) · 积分 2 : 1",
        "第 2 局: 红队 弃权, 绿队 胜 · 积分 0 : 2",
        "第 3 局: 红队 弃权, 绿队 胜 · 积分 0 : 2",
        "团体积分 (每局胜 2 · 负 1 · 弃权 0): 红队 2 : 5 绿队",
        "胜者: 绿队",
        "判罚: 取消比赛资格 · 红队 · 暗示 · 004 §六4 · 王裁",
        "申诉 1 (红队) → 维持原判 · 裁判长 · 12:00",
        "申诉 2 (红队) → 维持原判 · 仲裁委员会 · 12:00",
    ];
    assert_eq!(r, expected);
    drawn(&doc);
    for l in [Lang::ZhTw, Lang::En] {
        let doc = match_doc(&m, l, None, &at, 0.0);
        assert!(!all_text(&doc).contains("share."), "a key without its text in {l:?}");
        assert_eq!(doc.result.len(), expected.len());
    }
    let en = results(&match_doc(&m, Lang::En, None, &at, 0.0));
    assert_eq!(en[1], "Game 2: 红队 forfeited, 绿队 won · points 0 : 2");
}

/// An appeal that overturns the disqualification: the ruling stays on the sheet, marked
/// overturned, with both appeals oldest first (the newest decides); the match goes on as
/// played (game 2 undecided, 2 : 1).
#[test]
fn nantong_sheet_keeps_an_overturned_ruling_and_its_appeals() {
    use crate::record::{AppealDecision, Decider};
    let mut ops = a_wins_by_hands();
    ops.push(Op::NextGame { start: Default::default() });
    ops.push(sj_ruling(crate::rules::Ruling::Disqualified { team: Team::A }, ""));
    let dq = format!("e{}", ops.len());
    ops.push(sj_appeal(&dq, AppealDecision::Upheld, Decider::ChiefReferee));
    ops.push(sj_appeal(&dq, AppealDecision::Overturned, Decider::Committee));
    let m = nantong(ops);
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    assert_eq!(
        results(&doc),
        [
            "第 1 局: 红队 胜 (打完) · 积分 2 : 1",
            "第 2 局: 未决 · 积分 0 : 0",
            "团体积分 (每局胜 2 · 负 1 · 弃权 0): 红队 2 : 1 绿队",
            "比赛进行中",
            "判罚: 取消比赛资格 · 红队 · 暗示 · 王裁 · 已撤销 (申诉裁决, 不计)",
            "申诉 1 (红队) → 维持原判 · 裁判长 · 12:00",
            "申诉 2 (红队) → 撤销判罚 · 仲裁委员会 · 12:00",
        ]
    );
    drawn(&doc);
    let en = match_doc(&m, Lang::En, None, &at, 0.0);
    assert!(!all_text(&en).contains("share."));
}

/// Three games won by play (红队), by the second signalling warning (出局, 绿队) and by a
/// game lost (判负, 红队): 2+1+2 : 1+2+1 = 5 : 4.
#[test]
fn nantong_sheet_of_three_games_says_how_each_was_won_and_the_points() {
    use crate::rules::Ruling;
    let mut ops = a_wins_by_hands();
    ops.push(Op::NextGame { start: Default::default() });
    ops.push(sj_ruling(Ruling::Warning { team: Team::A }, "signalling"));
    ops.push(sj_ruling(Ruling::Warning { team: Team::A }, "signalling"));
    ops.push(Op::NextGame { start: Default::default() });
    ops.push(sj_ruling(Ruling::GameLost { team: Team::B }, "南通 §四"));
    let m = nantong(ops);
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    let r = results(&doc);
    assert_eq!(
        r[..5],
        [
            "第 1 局: 红队 胜 (打完) · 积分 2 : 1",
            "第 2 局: 绿队 胜 (判罚: 红队 判负) · 积分 1 : 2",
            "第 3 局: 红队 胜 (判罚: 绿队 判负) · 积分 2 : 1",
            "团体积分 (每局胜 2 · 负 1 · 弃权 0): 红队 5 : 4 绿队",
            "胜者: 红队",
        ]
    );
    assert_eq!(r.iter().filter(|l| l.starts_with("判罚: ")).count(), 3, "{r:?}");
    drawn(&doc);
    // A best-of-3 sheet keeps its games-won line and has no team points.
    let plain = match_doc(&crate::record::sample::shengji_sample(0.0), Lang::ZhCn, None, &at, 0.0);
    assert!(!all_text(&plain).contains("团体积分"));
}

/// RULES.md §0 [r2], 南通 §四: the sheet's line for the second signalling warning says it
/// lost the game (出局), in each language; the first is only numbered.
#[test]
fn the_sheet_says_which_warning_lost_the_game() {
    let mut m = crate::record::sample::blank_shengji("sw", "nantong-80fen", 0.0);
    let warn = || Op::Ruling {
        ruling: crate::rules::Ruling::Warning { team: Team::A },
        player: None,
        board: None,
        reason: "暗示".into(),
        rule: "南通 §四".into(),
        referee: "王".into(),
    };
    push(&mut m, warn());
    push(&mut m, warn());
    let text = all_text(&match_doc(&m, Lang::ZhCn, None, &at, 0.0));
    assert!(text.contains("第 1 次警告 ·"), "{text}");
    assert!(text.contains("第 2 次警告 → 判负 (出局)"), "{text}");
    let en = all_text(&match_doc(&m, Lang::En, None, &at, 0.0));
    assert!(en.contains("warning no. 2 → game lost (out)"), "{en}");
}

/// RULES.md §0 [r2]: a ruling's rule stored as the preset's citation (`南通 §四`) reads in the
/// sheet's language (print and picture): "Nantong §4" in English; other text as typed.
#[test]
fn the_sheet_says_a_preset_citation_in_its_language() {
    let mut m = crate::record::sample::blank_shengji("sc", "nantong-80fen", 0.0);
    let warn = |rule: &str| Op::Ruling {
        ruling: crate::rules::Ruling::Warning { team: Team::A },
        player: None,
        board: None,
        reason: "暗示".into(),
        rule: rule.into(),
        referee: "王".into(),
    };
    push(&mut m, warn("南通 §四"));
    push(&mut m, warn("自定 §四"));
    let en = results(&match_doc(&m, Lang::En, None, &at, 0.0));
    let lines: Vec<&String> = en.iter().filter(|l| l.contains("暗示")).collect();
    assert_eq!(lines.len(), 2, "{en:?}");
    assert!(lines[0].contains("· Nantong §4 ·") && !lines[0].contains("南通"), "{en:?}");
    assert!(lines[1].contains("· 自定 §四 ·"), "{en:?}");
    let zh = results(&match_doc(&m, Lang::ZhCn, None, &at, 0.0));
    assert!(zh.iter().any(|l| l.contains("· 南通 §四 ·")), "{zh:?}");
}

/// RULES.md §0 [r2] (an appeal names the ruling it contests): with two rulings appealed, the
/// sheet (print and picture) numbers the rulings and each appeal line names its ruling by
/// number, what and against whom; in each language.
#[test]
fn with_two_rulings_appealed_each_appeal_line_names_its_ruling() {
    use crate::record::{AppealDecision, Decider};
    use crate::rules::Ruling;
    let mut ops = vec![sj_ruling(Ruling::Warning { team: Team::B }, "")];
    let w = format!("e{}", ops.len());
    ops.push(sj_ruling(Ruling::LevelPenalty { team: Team::A, levels: 1 }, ""));
    let lp = format!("e{}", ops.len());
    ops.push(sj_appeal(&w, AppealDecision::Upheld, Decider::ChiefReferee));
    ops.push(sj_appeal(&lp, AppealDecision::Overturned, Decider::Committee));
    let m = nantong(ops);
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    let r = results(&doc);
    let from = r.iter().position(|l| l.starts_with("判罚")).unwrap();
    assert_eq!(
        r[from..],
        [
            "判罚 1: 第 1 次警告 · 绿队 · 暗示 · 王裁",
            "申诉 1 对判罚 1 「警告 · 绿队」 (红队) → 维持原判 · 裁判长 · 12:00",
            "判罚 2: 罚级 1 级 · 红队 · 暗示 · 王裁 · 已撤销 (申诉裁决, 不计)",
            "申诉 1 对判罚 2 「罚级 1 级 · 红队」 (红队) → 撤销判罚 · 仲裁委员会 · 12:00",
        ]
    );
    drawn(&doc);
    let en = results(&match_doc(&m, Lang::En, None, &at, 0.0));
    assert!(en.iter().any(|l| l.starts_with("Appeal 1 on ruling 2 “")), "{en:?}");
    let tw = results(&match_doc(&m, Lang::ZhTw, None, &at, 0.0));
    assert!(tw.iter().any(|l| l.starts_with("申訴 1 對判罰 1 「")), "{tw:?}");
}

/// RULES.md §1 step 2, §1.1: the 升级 sheet lists each hand's penalties and warnings with the
/// hand — kind in words, team, how the amount was found, its effect — so the score can be
/// checked by hand (002 check_cards: the 1st free, then 10 each).
#[test]
fn shengji_sheet_lists_each_hands_penalties() {
    let mut m = crate::record::sample::blank_shengji("pen", "chaodipi-10", 0.0);
    let Setup::Shengji(s) = &mut m.setup else { unreachable!() };
    s.teams.insert(Team::A, "红队".into());
    s.teams.insert(Team::B, "蓝队".into());
    let check = |seat| crate::rules::shengji::Penalty {
        team: Team::A,
        kind: "check_cards".into(),
        cards: 1,
        unit: None,
        points: None,
        seat,
        trick: None,
        note: String::new(),
    };
    let hand = |points, p| Op::Hand {
        hand: HandInput::Shengji(crate::rules::shengji::Hand { points, penalties: vec![p], ..Default::default() }),
    };
    push(&mut m, hand(60, check(None)));
    push(&mut m, hand(60, check(Some(Seat::N))));
    push(
        &mut m,
        Op::Hand { hand: HandInput::Shengji(crate::rules::shengji::Hand { points: 60, ..Default::default() }) },
    );
    let doc = match_doc(&m, Lang::ZhCn, None, &at, 0.0);
    let points: Vec<&str> = hands(&doc).iter().map(|r| r.cells[3].as_str()).collect();
    assert_eq!(points, ["60", "70", "60"]);
    // A line under each hand with a penalty or a warning, spanning the row.
    let details: Vec<(usize, &str)> = doc
        .rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.kind == RowKind::Detail)
        .map(|(i, r)| (i, r.cells[0].as_str()))
        .collect();
    assert_eq!(
        details,
        [(1, "抓分 60 · 罚 红队 查牌无误 #1 → 0 0 = 60"), (3, "抓分 60 · 罚 红队/北 查牌无误 #2 → 10 +10 = 70"),]
    );
    assert!(doc.rows.iter().all(|r| r.cells.len() == doc.header.len()), "{:?}", doc.rows);
    let en = match_doc(&m, Lang::En, None, &at, 0.0);
    let line = &en.rows.iter().find(|r| r.kind == RowKind::Detail).unwrap().cells[0];
    assert!(line.contains("check found nothing"), "{line}");
    // The picture draws the lines too.
    let squash = |s: &str| s.replace(['\u{2068}', '\u{2069}', ' '], "");
    let texts = squash(&layout(&doc, WIDTH, &estimate).texts().concat());
    assert!(texts.contains(&squash(details[1].1)), "{texts}");
    drawn(&doc);
}
