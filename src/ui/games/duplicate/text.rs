//! 双升 texts: boards, tables, the played-as line, a table's score and a board's result, penalty and refusal names.

use super::*;

pub(super) const SEATS: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

pub(super) fn tr(l: Lang, k: &'static str) -> &'static str {
    crate::i18n::tr(l, k)
}

/// `+40`, `−20`, `0`.
pub(super) fn signed(n: i32) -> String {
    match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("−{}", -n),
        _ => "0".into(),
    }
}

/// "红队 (南北)": a team and the side it sits at `table`.
pub(super) fn team_at_table(l: Lang, s: &DuplicateSetup, team: Team, table: u8) -> String {
    format!("{} ({})", s.team_name(team), crate::i18n::team_side(l, s.side(team, table)))
}

/// The dealer's board check (003 §二15) in words: "庄家核对无误 (张三)".
pub(super) fn check_text(l: Lang, e: &BoardEntry) -> String {
    match &e.board_check {
        None => tr(l, "dup.check_none").to_string(),
        Some(c) => {
            let what = tr(l, if c.ok { "dup.check_ok" } else { "dup.check_error" });
            if c.by.trim().is_empty() {
                what.to_string()
            } else {
                format!("{what} ({})", c.by.trim())
            }
        }
    }
}

/// A refusal kind's name: the penalty's name, or the table's name of the dup-only kinds.
pub(super) fn refusal_name(l: Lang, p: &Preset, kind: &str) -> String {
    crate::i18n::lookup(l, &format!("dup.kind.{kind}")).map(str::to_string).unwrap_or_else(|| penalty_name(l, p, kind))
}

pub(super) fn board_label(l: Lang, n: u32) -> String {
    tr(l, "dup.board_n").replace("{n}", &n.to_string())
}

pub(super) fn table_label(l: Lang, n: u8) -> String {
    tr(l, "dup.table_n").replace("{n}", &n.to_string())
}

/// "级 5 · 庄 北".
pub(super) fn played_as(l: Lang, level: Rank, dealer: Seat) -> String {
    format!("{} {} · {} {}", tr(l, "dup.level"), level.name(), tr(l, "dup.dealer"), crate::i18n::seat_name(l, dealer))
}

/// The table's score step by step, from structured fields only.
pub(super) fn table_lines(l: Lang, s: &DuplicateSetup, e: &BoardEntry, sc: &TableScore) -> Vec<String> {
    let mut v = vec![format!("{}: {}", tr(l, "exp.points"), e.hand.points)];
    if let Some(k) = e.hand.kitty {
        v.push(format!(
            "{}: {} × {} ({}) = {}",
            tr(l, "exp.kitty"),
            k.points,
            sc.multiplier,
            crate::i18n::unit_name(l, k.unit),
            sc.kitty_bonus
        ));
        if sc.kitty_void {
            v.push(tr(l, "dup.kitty_void").to_string());
        }
    }
    for ap in &sc.penalties {
        let pen = &e.hand.penalties[ap.index];
        v.push(format!(
            "{} ({} {}): {} = {} [{}]",
            penalty_name(l, &s.preset, &pen.kind),
            tr(l, "exp.on"),
            s.team_name(pen.team),
            ap.how,
            signed(ap.effect),
            crate::i18n::data_text(l, &ap.source)
        ));
    }
    if sc.raw_score != sc.score {
        v.push(format!("{}: {} → {}", tr(l, "exp.clamp"), sc.raw_score, sc.score));
    }
    v.push(format!("{}: {}", tr(l, "dup.score"), sc.score));
    if !e.hand.declaring.is_empty() || e.hand.trump.is_some() {
        let shows = e
            .hand
            .declaring
            .iter()
            .map(|x| {
                format!(
                    "{} {}{}{}",
                    crate::i18n::seat_name(l, x.seat),
                    crate::i18n::show_name(l, &x.what),
                    if x.rebury { format!(" ({})", tr(l, "dup.rebury")) } else { String::new() },
                    if x.out_of_turn { format!(" ({})", tr(l, "dup.out_of_turn")) } else { String::new() }
                )
            })
            .collect::<Vec<_>>()
            .join(" → ");
        let trump = e.hand.trump.as_deref().map(|x| crate::i18n::suit_name(l, x)).unwrap_or("—");
        v.push(format!(
            "{}: {trump}{}",
            tr(l, "decl.trump"),
            if shows.is_empty() { String::new() } else { format!(" ({shows})") }
        ));
    }
    v
}

/// "红队 +40 · 蓝队 −40" (with the refusal that replaced it, if any).
pub(super) fn result_line(l: Lang, s: &DuplicateSetup, row: &BoardRow) -> String {
    let Some(a) = row.result else { return String::new() };
    let mut line = format!("{} {} · {} {}", s.team_name(Team::A), signed(a), s.team_name(Team::B), signed(-a));
    if let Some((table, r, pts)) = &row.refused {
        let src = s.refusal(&r.kind).map(|x| crate::i18n::data_text(l, &x.source)).unwrap_or_default();
        line.push_str(&format!(
            " ({} {}: {} {}, {} {} {} [{}])",
            table_label(l, *table),
            refusal_name(l, &s.preset, &r.kind),
            tr(l, "dup.not_accepted"),
            s.team_name(r.team),
            tr(l, "dup.board_result"),
            signed(*pts),
            if row.double_refusal { tr(l, "dup.double_refusal") } else { "" },
            src
        ));
    }
    if let Some(lost) = &row.lost {
        line.push_str(&format!(
            " ({} {}: {} {} {} ({}))",
            table_label(l, lost.table),
            tr(l, "ruling.game_lost"),
            s.team_name(lost.team),
            tr(l, "dup.board_result"),
            signed(lost.result),
            tr(l, "dup.reading")
        ));
    }
    line
}

/// A ruling on a board, as the traveller lists it: "第 1 桌 · 红队 警告 (第 2 次)", or why it
/// does not count.
pub(super) fn board_ruling_line(l: Lang, s: &DuplicateSetup, r: &DupRulingRow) -> String {
    let who = s.team_name(r.ruling.team());
    let what = match r.ruling {
        crate::rules::Ruling::GameLost { .. } => tr(l, "ruling.game_lost").to_string(),
        crate::rules::Ruling::Warning { .. } => tr(l, "ruling.warning").to_string(),
        crate::rules::Ruling::Late { minutes, .. } => {
            format!("{} {minutes} {}", tr(l, "ruling.late"), tr(l, "ruling.minutes_unit"))
        }
        crate::rules::Ruling::Disqualified { .. } => tr(l, "ruling.disqualified").to_string(),
        crate::rules::Ruling::LevelPenalty { levels, .. } => {
            format!("{} {levels} {}", tr(l, "ruling.minus"), tr(l, "ruling.levels_unit"))
        }
    };
    let table = r.board.map(|at| format!("{} · ", table_label(l, at.table))).unwrap_or_default();
    let nth = r
        .counted
        .and_then(|c| c.warning_no)
        .map(|n| format!(" ({})", tr(l, "dup.warning_no").replace("{n}", &n.to_string())))
        .unwrap_or_default();
    let why = match &r.result {
        Err(e) => format!(" — {}", crate::i18n::reason_text(l, e.msg.as_ref(), &e.reason, Default::default())),
        Ok(()) => String::new(),
    };
    format!("{} {table}{who} {what}{nth}{why}", tr(l, "ruling.kind"))
}

/// The verdict line: leader / winner, by total or by boards won, or play-off.
pub(super) fn verdict_line(l: Lang, s: &DuplicateSetup, v: &DuplicateView) -> String {
    let ta = v.totals.totals.get(&Team::A).copied().unwrap_or(0);
    let tb = v.totals.totals.get(&Team::B).copied().unwrap_or(0);
    let wa = v.totals.boards_won.get(&Team::A).copied().unwrap_or(0);
    let wb = v.totals.boards_won.get(&Team::B).copied().unwrap_or(0);
    if v.scored == 0 {
        return tr(l, "dup.no_boards_yet").to_string();
    }
    match v.verdict {
        DuplicateVerdict::Winner { team, by_boards } => {
            let what = if v.complete { tr(l, "dup.wins") } else { tr(l, "dup.leads") };
            if by_boards {
                format!(
                    "{} {what} — {} ({} {wa} : {wb})",
                    s.team_name(team),
                    tr(l, "dup.by_boards"),
                    tr(l, "dup.boards_won")
                )
            } else {
                format!("{} {what} ({} : {})", s.team_name(team), signed(ta), signed(tb))
            }
        }
        DuplicateVerdict::PlayOff => {
            if v.complete {
                tr(l, "dup.playoff").to_string()
            } else {
                tr(l, "dup.level_so_far").to_string()
            }
        }
    }
}
