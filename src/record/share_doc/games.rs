//! Each game's part of its result sheet ([`super::SheetBody`]): the columns it records and a
//! row per hand. Called by the game's [`crate::record::game::Game::sheet_body`].

use super::{fill, team_names, Row, SheetBody};
use crate::bidi::isolated;
use crate::i18n::{seat_name, tr, Lang};
use crate::record::games::session::{Deltas, Row as SessionRow, SessionView};
use crate::record::Match;
use crate::rules::{Seat, Team};
use std::collections::BTreeMap;

/// "胜者: X" / "进行中" / "平局".
fn winner_line(l: Lang, winner: Option<String>, finished: bool) -> String {
    match (winner, finished) {
        (Some(w), _) => fill(l, "share.winner_is", &[("who", w)]),
        (None, true) => tr(l, "share.tie").to_string(),
        (None, false) => tr(l, "share.in_progress").to_string(),
    }
}

/// The players of two teams by seat, as one meta row: "南北队: 北 张三, 南 李四 | …".
fn players_row(l: Lang, names: &[String; 2], players: &BTreeMap<Seat, String>) -> Option<(String, String)> {
    if players.values().all(|p| p.trim().is_empty()) {
        return None;
    }
    let side = |i: usize, seats: [Seat; 2]| {
        let ps: Vec<String> = seats
            .iter()
            .map(|s| format!("{} {}", seat_name(l, *s), players.get(s).map(|p| isolated(p)).unwrap_or_default()))
            .collect();
        format!("{}: {}", names[i], ps.join(", "))
    };
    Some((
        tr(l, "sheet.players").to_string(),
        format!("{} | {}", side(0, [Seat::N, Seat::S]), side(1, [Seat::E, Seat::W])),
    ))
}

/// 升级: a row a hand (declarer, level played, the attackers' points, both levels after),
/// a section a game when there are several, the levels each game ended at.
pub fn shengji(
    _m: &Match,
    s: &crate::record::games::shengji::ShengjiSetup,
    v: &crate::record::games::shengji::ShengjiView,
    l: Lang,
) -> SheetBody {
    let names = team_names(&s.teams, l);
    let mut rows = Vec::new();
    let several = v.games.len() > 1;
    for (gi, g) in v.games.iter().enumerate() {
        if several {
            rows.push(Row::section(fill(l, "share.game_n", &[("n", (gi + 1).to_string())])));
        }
        for (i, r) in g.rows.iter().enumerate() {
            let n = (i + 1).to_string();
            rows.push(Row::hand(match &r.result {
                Ok(o) => {
                    let lv = |t: Team| o.levels_after.get(&t).map(|x| x.name().to_string()).unwrap_or_default();
                    vec![
                        n,
                        names[o.declarer as usize].clone(),
                        o.level_played.name().to_string(),
                        o.score.to_string(),
                        lv(Team::A),
                        lv(Team::B),
                    ]
                }
                Err(_) => vec![
                    n,
                    String::new(),
                    String::new(),
                    r.hand.points.to_string(),
                    tr(l, "share.not_counted").to_string(),
                    String::new(),
                ],
            }));
            if let Ok(o) = &r.result {
                if let Some(d) = hand_detail(l, &s.preset, &names, &r.hand, o) {
                    rows.push(Row::detail(d, 6));
                }
            }
        }
        let end = |t: Team| {
            let mut c = g.state.level(t).name().to_string();
            if g.winner == Some(t) {
                c.push(' ');
                c.push_str(tr(l, "share.won"));
            }
            c
        };
        rows.push(Row::total(vec![
            tr(l, "share.levels").to_string(),
            String::new(),
            String::new(),
            String::new(),
            end(Team::A),
            end(Team::B),
        ]));
    }
    let mut result = Vec::new();
    if let (Some(tm), Some(points)) = (s.preset.team_match, &v.team_points) {
        // A team match (RULES.md §1.4 [r2]): each game as it scores, then the points it is
        // ranked by — as the replay counts them, forfeits included.
        for (i, g) in v.team_games.iter().enumerate() {
            let pts = |t: Team| g.score.points.get(&t).copied().unwrap_or(0).to_string();
            result.push(fill(
                l,
                "share.tm.game",
                &[
                    ("n", (i + 1).to_string()),
                    ("result", team_game_text(l, &names, g)),
                    ("a", pts(Team::A)),
                    ("b", pts(Team::B)),
                ],
            ));
        }
        let p = |t: Team| points.get(&t).copied().unwrap_or(0);
        let label = fill(
            l,
            "share.tm.points",
            &[("win", tm.win.to_string()), ("loss", tm.loss.to_string()), ("forfeit", tm.forfeit.to_string())],
        );
        result.push(format!("{label}: {} {} : {} {}", names[0], p(Team::A), p(Team::B), names[1]));
    } else if several || s.preset.timing.best_of > 1 {
        let w = |t| v.series.get(&t).copied().unwrap_or(0);
        result.push(format!("{}: {} {} : {} {}", tr(l, "sb.games_won"), names[0], w(Team::A), w(Team::B), names[1]));
    }
    let winner = v.series_winner.or(if s.preset.timing.best_of <= 1 { v.current().winner } else { None });
    let finished = winner.is_some() || v.over;
    result.push(winner_line(l, winner.map(|t| names[t as usize].clone()), finished));
    SheetBody {
        meta: players_row(l, &names, &s.players).into_iter().collect(),
        header: vec![
            "#".into(),
            tr(l, "share.declarer").into(),
            tr(l, "share.level").into(),
            tr(l, "share.points").into(),
            names[0].clone(),
            names[1].clone(),
        ],
        rows,
        result,
        blank_rows: 30,
    }
}

/// What made a 升级 hand's score, for the line under its row when the hand had a kitty
/// bonus, penalties or warnings (RULES.md §1 step 2, §1.1), as the match page's history row
/// says it: "抓分 60 · 罚 蓝队/北 查牌无误 #2 → 10 +10 = 70". Each penalty names its kind in
/// words, the team (and seat, when recorded), how its amount was found and its effect on the
/// attackers' score; a warning (amount 0) is listed too, and points given on the ruling panel
/// during the hand are marked as a ruling's. `None` for a hand of trick points only.
fn hand_detail(
    l: Lang,
    preset: &crate::rules::shengji::Preset,
    names: &[String; 2],
    hand: &crate::rules::shengji::Hand,
    o: &crate::rules::shengji::Outcome,
) -> Option<String> {
    let mut parts = vec![format!("{} {}", tr(l, "exp.points"), hand.points)];
    if let Some(k) = hand.kitty {
        parts.push(format!(
            "{} {} ×{} ({})",
            tr(l, "exp.kitty"),
            k.points,
            o.multiplier,
            crate::i18n::unit_name(l, k.unit)
        ));
    }
    let kind_name = |kind: &str| {
        crate::i18n::penalty_kind(l, kind)
            .map(str::to_string)
            .or_else(|| preset.penalty_rule(kind).map(|r| r.name.clone()))
            .unwrap_or_else(|| kind.to_string())
    };
    for ap in &o.penalties {
        let (who, what) = match (&ap.ruled, hand.penalties.get(ap.index)) {
            (Some(r), _) => {
                (names[r.team as usize].clone(), format!("{} ({})", kind_name(&r.rule), tr(l, "sj.ruled_penalty")))
            }
            (None, Some(p)) => {
                let seat = p.seat.map(|st| format!("/{}", seat_name(l, st))).unwrap_or_default();
                (format!("{}{seat}", names[p.team as usize]), kind_name(&p.kind))
            }
            (None, None) => continue,
        };
        parts.push(format!(
            "{} {who} {what} {} {}",
            tr(l, "exp.on"),
            ap.how,
            crate::rules::session::signed(ap.effect as i64)
        ));
    }
    if parts.len() == 1 {
        return None;
    }
    let total = if o.raw_score != o.score {
        format!("{} · {} → {}", o.raw_score, tr(l, "exp.clamp"), o.score)
    } else {
        o.score.to_string()
    };
    Some(format!("{} = {total}", parts.join(" · ")))
}

/// How game `g` of a 南通 team match was decided, for the sheet (RULES.md §1.4 **[r2]**, §0):
/// "红队 胜 (打完)", "红队 胜 (时间到, 领先方)", "红队 胜 (判罚: 绿队 判负)", "绿队 弃权, 红队 胜",
/// or "未决" — as the replay decided it ([`crate::record::games::shengji::GameEnd`]). `names`
/// are the teams' names, A then B ([`team_names`]).
pub fn team_game_text(l: Lang, names: &[String; 2], g: &crate::record::games::shengji::TeamGameRow) -> String {
    use crate::record::games::shengji::GameEnd;
    let Some(w) = g.score.winner else { return tr(l, "share.tm.undecided").to_string() };
    let key = match g.how {
        Some(GameEnd::Forfeit) => "share.tm.forfeit",
        Some(GameEnd::Time) => "share.tm.time",
        Some(GameEnd::DealLimit) => "share.tm.deal_limit",
        Some(GameEnd::Ruling) => "share.tm.ruling",
        Some(GameEnd::Played) | None => "share.tm.played",
    };
    let loser = g.score.forfeited_by.unwrap_or(w.other());
    fill(l, key, &[("who", names[w as usize].clone()), ("loser", names[loser as usize].clone())])
}

/// 掼蛋: a row a hand (头游, the finish, the level played, each team's level or points
/// after), a section a round when there are several, each round's end.
pub fn guandan(
    _m: &Match,
    s: &crate::record::games::guandan::GuandanSetup,
    v: &crate::record::games::guandan::GuandanView,
    l: Lang,
) -> SheetBody {
    let names = team_names(&s.teams, l);
    let levels = s.preset.upgrade.is_some();
    let mut rows = Vec::new();
    let several = v.rounds.len() > 1;
    let player = |seat: Seat| {
        let p = s.players.get(&seat).cloned().unwrap_or_default();
        if p.trim().is_empty() {
            seat_name(l, seat).to_string()
        } else {
            format!("{} {}", seat_name(l, seat), isolated(&p))
        }
    };
    for (ri, r) in v.rounds.iter().enumerate() {
        if several {
            rows.push(Row::section(fill(l, "share.round_n", &[("n", (ri + 1).to_string())])));
        }
        for row in &r.rows {
            let n = row.number.to_string();
            rows.push(Row::hand(match &row.result {
                Ok(o) if row.hand.forfeit.is_none() => {
                    let cell = |t: Team| {
                        let mut c = Vec::new();
                        if levels {
                            c.push(o.levels_after[t].name().to_string());
                        }
                        if let Some(p) = o.points {
                            c.push(format!("+{}", p[t]));
                        }
                        c.join(" ")
                    };
                    let finish = match o.finish {
                        crate::rules::guandan::Finish::Double => "gd.finish.double_up",
                        crate::rules::guandan::Finish::OneThree => "gd.finish.one_three",
                        crate::rules::guandan::Finish::OneFour => "gd.finish.one_four",
                    };
                    vec![
                        n,
                        player(o.first),
                        tr(l, finish).to_string(),
                        o.level_played.map(|x| x.name().to_string()).unwrap_or_default(),
                        cell(Team::A),
                        cell(Team::B),
                    ]
                }
                Ok(_) => vec![
                    n,
                    tr(l, "gd.forfeits").to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                ],
                Err(_) => vec![
                    n,
                    player(row.hand.order.first()),
                    String::new(),
                    String::new(),
                    tr(l, "share.not_counted").to_string(),
                    String::new(),
                ],
            }));
        }
        let end = |t: Team| {
            let mut c = Vec::new();
            if levels {
                c.push(r.state.levels[t].name().to_string());
            }
            if let Some(x) = r.state.points {
                c.push(format!("{} {}", x[t], tr(l, "gd.pts")));
            }
            if let Some(x) = r.state.round_scores {
                c.push(format!("{} {}", tr(l, "gd.sb.round_score"), x[t]));
            }
            if r.winner == Some(t) {
                c.push(tr(l, "share.won").to_string());
            }
            if r.forfeit == Some(t) {
                c.push(tr(l, "gd.forfeits").to_string());
            }
            c.join(" ")
        };
        rows.push(Row::total(vec![
            tr(l, "share.round_end").to_string(),
            String::new(),
            String::new(),
            String::new(),
            end(Team::A),
            end(Team::B),
        ]));
    }
    let mut result = Vec::new();
    if let Some(x) = v.points_total {
        result.push(format!("{}: {} {} : {} {}", tr(l, "gd.sb.points"), names[0], x.a, x.b, names[1]));
    }
    if several {
        let w = v.rounds_won;
        result.push(format!("{}: {} {} : {} {}", tr(l, "sb.games_won"), names[0], w.a, w.b, names[1]));
    }
    result.push(winner_line(l, v.match_winner.map(|t| names[t as usize].clone()), v.finished));
    SheetBody {
        meta: players_row(l, &names, &s.players).into_iter().collect(),
        header: vec![
            "#".into(),
            tr(l, "share.first").into(),
            tr(l, "share.finish").into(),
            tr(l, "share.level").into(),
            names[0].clone(),
            names[1].clone(),
        ],
        rows,
        result,
        blank_rows: 24,
    }
}

/// A session of players (斗地主, 三打一): a row a hand (its table, each player's points, the
/// multiplier), the totals, the places ([`SessionView::final_standings`]: a tie at the cut
/// in the order a decided play-off gave it; RULES.md §3).
fn session<H, R: Deltas>(
    players: &[String],
    rows_in: &[SessionRow<H, R>],
    session: &SessionView,
    multiplier: impl Fn(&R) -> i64,
    l: Lang,
) -> SheetBody {
    let name = |i: usize| players.get(i).map(|p| isolated(p)).unwrap_or_else(|| format!("#{}", i + 1));
    let mut header = vec!["#".to_string(), tr(l, "share.table_col").to_string()];
    header.extend((0..players.len()).map(name));
    header.push(tr(l, "share.mult").to_string());
    let blank = |n: usize| std::iter::repeat_n(String::new(), n);
    let mut rows: Vec<Row> = rows_in
        .iter()
        .map(|r| {
            let seg = session.segments.get(r.segment);
            let table = match seg {
                Some(s) if s.playoff => tr(l, "share.playoff").to_string(),
                Some(s) => s.number.to_string(),
                None => String::new(),
            };
            let mut cells = vec![r.number.to_string(), table];
            match &r.result {
                Ok(x) => {
                    cells.extend(x.deltas().iter().map(|d| format!("{d:+}")));
                    cells.push(format!("×{}", multiplier(x)));
                }
                Err(_) => {
                    cells.push(tr(l, "share.not_counted").to_string());
                    cells.extend(blank(players.len()));
                }
            }
            Row::hand(cells)
        })
        .collect();
    let mut total = vec![tr(l, "share.total").to_string(), String::new()];
    total.extend(session.totals.iter().map(|t| t.to_string()));
    total.push(String::new());
    rows.push(Row::total(total));
    let mut result: Vec<String> = session
        .final_standings()
        .iter()
        .map(|s| {
            fill(
                l,
                "share.place_line",
                &[("place", s.place.to_string()), ("who", name(s.player)), ("total", s.total.to_string())],
            )
        })
        .collect();
    if session.playoff_needed {
        result.push(tr(l, "share.playoff_needed").to_string());
    }
    SheetBody { meta: Vec::new(), header, rows, result, blank_rows: 24 }
}

/// 斗地主 ([`session`]).
pub fn doudizhu(
    _m: &Match,
    s: &crate::record::games::doudizhu::DoudizhuSetup,
    v: &crate::record::games::doudizhu::DoudizhuView,
    l: Lang,
) -> SheetBody {
    session(&s.players, &v.rows, &v.session, |r| r.multiplier, l)
}

/// 三打一 ([`session`]).
pub fn sandayi(
    _m: &Match,
    s: &crate::record::games::sandayi::SandayiSetup,
    v: &crate::record::games::sandayi::SandayiView,
    l: Lang,
) -> SheetBody {
    session(&s.players, &v.rows, &v.session, |r| r.multiplier, l)
}

/// 双升: a row a board (its level, each table's attackers and score, the board result of
/// each team), the totals and the verdict.
pub fn duplicate(
    _m: &Match,
    s: &crate::record::games::duplicate::DuplicateSetup,
    v: &crate::record::games::duplicate::DuplicateView,
    l: Lang,
) -> SheetBody {
    let names: [String; 2] = Team::BOTH.map(|t| {
        s.teams
            .get(&t)
            .filter(|x| !x.name.trim().is_empty())
            .map(|x| isolated(&x.name))
            .unwrap_or_else(|| crate::i18n::team_side(l, t).to_string())
    });
    let table = |t: &Option<crate::record::games::duplicate::TableRow>| match t {
        Some(x) => match &x.score {
            Ok(sc) => format!("{} {}", names[sc.attackers as usize], sc.score),
            Err(_) => tr(l, "share.not_counted").to_string(),
        },
        None => String::new(),
    };
    let mut rows: Vec<Row> = v
        .boards
        .iter()
        .map(|b| {
            let res = |t: Team| b.result_of(t).map(|x| format!("{x:+}")).unwrap_or_default();
            Row::hand(vec![
                b.board.number.to_string(),
                b.board.level.name().to_string(),
                table(&b.tables[0]),
                table(&b.tables[1]),
                res(Team::A),
                res(Team::B),
            ])
        })
        .collect();
    let tot = |t: Team| v.totals.totals.get(&t).copied().unwrap_or(0).to_string();
    rows.push(Row::total(vec![
        tr(l, "share.total").to_string(),
        String::new(),
        String::new(),
        String::new(),
        tot(Team::A),
        tot(Team::B),
    ]));
    let won = |t: Team| v.totals.boards_won.get(&t).copied().unwrap_or(0);
    let mut result =
        vec![format!("{}: {} {} : {} {}", tr(l, "share.boards_won"), names[0], won(Team::A), won(Team::B), names[1])];
    result.push(match (&v.verdict, v.complete) {
        (crate::rules::shengji::DuplicateVerdict::Winner { team, .. }, true) => {
            winner_line(l, Some(names[*team as usize].clone()), true)
        }
        (crate::rules::shengji::DuplicateVerdict::PlayOff, true) => tr(l, "share.playoff_needed").to_string(),
        _ => winner_line(l, None, false),
    });
    let pairs: Vec<String> = Team::BOTH
        .iter()
        .filter_map(|t| s.teams.get(t).map(|x| (t, x)))
        .map(|(t, x)| {
            format!(
                "{}: {}",
                names[*t as usize],
                x.pairs
                    .iter()
                    .map(|p| p.iter().map(|n| isolated(n)).collect::<Vec<_>>().join(" / "))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
        .collect();
    SheetBody {
        meta: vec![(tr(l, "sheet.players").to_string(), pairs.join(" | "))],
        header: vec![
            tr(l, "dup.board").into(),
            tr(l, "share.level").into(),
            fill(l, "share.table_n", &[("n", "1".into())]),
            fill(l, "share.table_n", &[("n", "2".into())]),
            names[0].clone(),
            names[1].clone(),
        ],
        rows,
        result,
        blank_rows: s.boards.len().max(1),
    }
}

/// 五子棋: a row a move pair (black's point, white's point), a section a game (who plays
/// black), each game's end.
pub fn renju(
    _m: &Match,
    s: &crate::record::games::renju::RenjuSetup,
    v: &crate::record::games::renju::RenjuView,
    l: Lang,
) -> SheetBody {
    use crate::record::games::renju::Player;
    use crate::rules::renju::Stone;
    // The players' names as the sheet shows them, isolated.
    let name = |p: Player| isolated(s.name(p));
    let mut rows = Vec::new();
    for g in &v.games {
        rows.push(Row::section(fill(l, "share.renju_game", &[("n", g.number.to_string()), ("black", name(g.black))])));
        for (i, pair) in g.moves.chunks(2).enumerate() {
            let point = |k: usize| pair.get(k).map(|m| m.point.to_string()).unwrap_or_default();
            rows.push(Row::hand(vec![(i + 1).to_string(), point(0), point(1)]));
        }
        if let Some(r) = &g.result {
            let key = format!("rj.end.{}", r.reason.as_str());
            let why = crate::i18n::lookup(l, &key).unwrap_or("").to_string();
            let who = match r.winner {
                Some(c) => fill(l, "share.winner_is", &[("who", name(g.player(c)))]),
                None => tr(l, "share.tie").to_string(),
            };
            let colour = match r.winner {
                Some(Stone::Black) => tr(l, "share.black").to_string(),
                Some(Stone::White) => tr(l, "share.white").to_string(),
                None => String::new(),
            };
            rows.push(Row::total(vec![who, colour, why]));
        }
    }
    let w = |p| v.wins.get(&p).copied().unwrap_or(0);
    let mut result = vec![format!(
        "{}: {} {} : {} {}",
        tr(l, "sb.games_won"),
        name(Player::P1),
        w(Player::P1),
        w(Player::P2),
        name(Player::P2)
    )];
    let winner = v.series_winner.or(v.disqualified.map(|p| p.other()));
    result.push(winner_line(l, winner.map(name), winner.is_some()));
    SheetBody {
        meta: Vec::new(),
        header: vec!["#".into(), tr(l, "share.black").into(), tr(l, "share.white").into()],
        rows,
        result,
        blank_rows: 40,
    }
}
