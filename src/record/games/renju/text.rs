//! A 五子棋 match as text in the UI language: verdicts, shapes, claims, ends, the players,
//! each game's result line and the whole move record ([`record_text`]).

use super::*;

/// The translated name of a verdict (`rj.v.<verdict>`), e.g. "三三" / "double-three (三三)".
pub fn verdict_name(lang: Lang, v: Verdict) -> &'static str {
    tr(
        lang,
        match v {
            Verdict::Five => "rj.v.five",
            Verdict::Overline => "rj.v.overline",
            Verdict::DoubleFour => "rj.v.double_four",
            Verdict::DoubleThree => "rj.v.double_three",
            Verdict::None => "rj.v.none",
        },
    )
}

/// The translated name of a shape kind (`rj.k.<kind>`).
pub fn shape_name(lang: Lang, k: ShapeKind) -> &'static str {
    tr(
        lang,
        match k {
            ShapeKind::Five => "rj.k.five",
            ShapeKind::Overline => "rj.k.overline",
            ShapeKind::Four => "rj.k.four",
            ShapeKind::Three => "rj.k.three",
            ShapeKind::FalseThree => "rj.k.false_three",
        },
    )
}

/// The shape kinds behind a verdict, for highlighting: three (and false three) for 三三,
/// four for 四四, the row for 长连 and five.
pub fn shapes_behind(v: Verdict) -> &'static [ShapeKind] {
    match v {
        Verdict::Five => &[ShapeKind::Five],
        Verdict::Overline => &[ShapeKind::Overline],
        Verdict::DoubleFour => &[ShapeKind::Four],
        Verdict::DoubleThree => &[ShapeKind::Three, ShapeKind::FalseThree],
        Verdict::None => &[],
    }
}

/// The translated claim status (`rj.claim.<status>`).
pub fn claim_name(lang: Lang, c: ClaimStatus) -> &'static str {
    tr(
        lang,
        match c {
            ClaimStatus::Open => "rj.claim.open",
            ClaimStatus::Claimed => "rj.claim.claimed",
            ClaimStatus::NotClaimed => "rj.claim.not_claimed",
        },
    )
}

/// The translated reason of a result (`rj.end.<reason>`).
pub fn end_name(lang: Lang, r: EndReason) -> &'static str {
    tr(
        lang,
        match r {
            EndReason::Five => "rj.end.five",
            EndReason::ForbiddenClaimed => "rj.end.forbidden_claimed",
            EndReason::Resignation => "rj.end.resignation",
            EndReason::Time => "rj.end.time",
            EndReason::Draw => "rj.end.draw",
            EndReason::Ruling => "rj.end.ruling",
        },
    )
}

/// The translated colour (`rj.black` / `rj.white`).
pub fn colour_label(lang: Lang, c: Stone) -> &'static str {
    tr(lang, if c == Stone::Black { "rj.black" } else { "rj.white" })
}

/// A player's name, isolated for display ([`crate::bidi::isolated`]), or the translated
/// default ("棋手一" / "Player 1") when empty.
pub fn player_label(lang: Lang, s: &RenjuSetup, p: Player) -> String {
    let n = s.name(p).trim();
    if n.is_empty() {
        tr(lang, if p == Player::P1 { "rj.p1_default" } else { "rj.p2_default" }).to_string()
    } else {
        crate::bidi::isolated(n)
    }
}

/// The home list's line of a 五子棋 match in language `l` (RULES.md §5): games won by each
/// player ([`player_label`]), the game in play and its moves, "张三 1 : 0 李四 · 第 2 局 · 17
/// 手"; led by the result once the series is decided or the match signed off
/// ([`crate::record::home::result`]), "已结束 · 张三 胜 · …".
pub fn home_line(lang: Lang, s: &RenjuSetup, v: &RenjuView) -> String {
    let g = v.current();
    let names = [player_label(lang, s, Player::P1), player_label(lang, s, Player::P2)];
    let wins = |p: Player| v.wins.get(&p).copied().unwrap_or(0);
    let line = format!(
        "{} {} : {} {} · {} · {} {}",
        names[0],
        wins(Player::P1),
        wins(Player::P2),
        names[1],
        fill(lang, "rj.game_n", g.number),
        g.moves.len(),
        tr(lang, "rj.moves")
    );
    crate::record::home::with_result::<Renju>(lang, v, &names, line)
}

/// A table string with `{n}` replaced (e.g. `rj.game_n` → "第 2 局" / "Game 2").
pub fn fill(lang: Lang, key: &'static str, n: impl std::fmt::Display) -> String {
    tr(lang, key).replace("{n}", &n.to_string())
}

/// "白胜 (认输)" / "White wins (resignation)" / "和棋".
pub fn result_line(lang: Lang, s: &RenjuSetup, g: &RenjuGame) -> String {
    match &g.result {
        None => tr(lang, "rj.in_progress").to_string(),
        Some(r) => match r.winner {
            Some(c) => format!(
                "{} {} ({}) — {}",
                player_label(lang, s, g.player(c)),
                tr(lang, "rj.wins"),
                colour_label(lang, c),
                end_name(lang, r.reason)
            ),
            None => end_name(lang, r.reason).to_string(),
        },
    }
}

/// The move record as text, in `lang`: a header (title, rules, players, score), then per game
/// the colours, the result and the numbered moves, one per line, forbidden black moves with
/// their shape and claim status (`  9. ● j9  三三 — 已指出`).
pub fn record_text(m: &Match, s: &RenjuSetup, v: &RenjuView, lang: Lang) -> String {
    let mut out = String::new();
    let name = |p| player_label(lang, s, p);
    out.push_str(&format!("{} · {}\n", tr(lang, "game.renju"), if m.title.is_empty() { &m.id } else { &m.title }));
    out.push_str(&format!(
        "{}: {} ({}) · {}\n",
        tr(lang, "rj.rules"),
        crate::i18n::preset_name(lang, &s.preset.id).unwrap_or(&s.preset.id),
        crate::i18n::data_text(lang, &s.preset.source),
        fill(lang, "rj.best_of_n", s.preset.best_of)
    ));
    if let Some(c) = s.clock {
        out.push_str(&format!("{}: {}\n", tr(lang, "rj.clock"), fill(lang, "rj.minutes_each", c.minutes)));
    }
    out.push_str(&format!(
        "{}: {} {} : {} {}{}\n",
        tr(lang, "rj.score"),
        name(Player::P1),
        v.wins[&Player::P1],
        v.wins[&Player::P2],
        name(Player::P2),
        if v.draws > 0 { format!(" ({} {})", v.draws, tr(lang, "rj.draws")) } else { String::new() }
    ));
    if let Some(w) = v.series_winner {
        out.push_str(&format!("{}: {}\n", tr(lang, "rj.match_winner"), name(w)));
    }
    for g in &v.games {
        out.push('\n');
        out.push_str(&format!(
            "{} · ● {}: {} · ○ {}: {} · {}\n",
            fill(lang, "rj.game_n", g.number),
            tr(lang, "rj.black"),
            name(g.player(Stone::Black)),
            tr(lang, "rj.white"),
            name(g.player(Stone::White)),
            result_line(lang, s, g)
        ));
        for r in &g.moves {
            let mark = if r.stone == Stone::Black { '●' } else { '○' };
            let mut line = format!("{:>3}. {mark} {}", r.number, r.point);
            if let (Some(j), Some(c)) = (&r.judgement, r.claim) {
                line.push_str(&format!(
                    "  {} {} — {}",
                    tr(lang, "rj.forbidden"),
                    verdict_name(lang, j.verdict),
                    claim_name(lang, c)
                ));
            } else if g.result.as_ref().is_some_and(|x| x.entry_id == r.entry_id && x.reason == EndReason::Five) {
                line.push_str(&format!("  {}", end_name(lang, EndReason::Five)));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}
