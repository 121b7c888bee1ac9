//! Rulings in words: against a team, a session's player or on a 双升 board, and their
//! reason · rule · referee.

use super::*;

/// A player's name in a session, isolated ([`crate::bidi::isolated`]; `P2` when empty).
pub(super) fn player_name(players: &[String], p: usize) -> String {
    players
        .get(p)
        .map(|s| crate::bidi::isolated(s.trim()))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| format!("P{}", p + 1))
}

/// What a ruling against a session's player does, in words: "甲 判负 → 本桌比赛结束 …
/// (解读)", "乙 警告".
pub(super) fn player_ruling_text(players: &[String], p: usize, r: &Ruling) -> String {
    let name = player_name(players, p);
    match r {
        Ruling::GameLost { .. } => format!("{name} {} → {}", t("ruling.game_lost"), t("ruling.session_lost")),
        Ruling::Disqualified { .. } => format!("{name} {} → {}", t("ruling.disqualified"), t("ruling.session_out")),
        Ruling::Warning { .. } => format!("{name} {}", t("ruling.warning")),
        Ruling::Late { minutes, .. } => format!("{name} {} {minutes} {}", t("ruling.late"), t("ruling.minutes_unit")),
        Ruling::LevelPenalty { levels, .. } => {
            format!("{name} {} {levels} {}", t("ruling.minus"), t("ruling.levels_unit"))
        }
    }
}

/// [`ruling_text`] for a ruling against a team or, with `player`, a session's player.
pub(super) fn who_text(
    teams: &BTreeMap<Team, String>,
    players: &[String],
    r: &Ruling,
    player: Option<usize>,
) -> String {
    match player {
        Some(p) => player_ruling_text(players, p, r),
        None => ruling_text(teams, r),
    }
}

/// [`who_text`], or on a 双升 board [`board_ruling_text`].
pub(super) fn step_text(
    teams: &BTreeMap<Team, String>,
    players: &[String],
    boards: Option<&Boards>,
    r: &Ruling,
    player: Option<usize>,
    board: Option<BoardAt>,
) -> String {
    match (board, boards) {
        (Some(at), Some(b)) => board_ruling_text(teams, &at, b.lost_result, r),
        (Some(at), None) => format!("{} · {}", board_at_text(&at), who_text(teams, players, r, player)),
        _ => who_text(teams, players, r, player),
    }
}

/// A ruling's reason · rule · referee (the ones given), its rule a link to the 规则 tab.
pub(super) fn detail_view(fields: &[String; 3]) -> impl IntoView {
    let shown: Vec<(usize, String)> = fields.iter().cloned().enumerate().filter(|(_, s)| !s.is_empty()).collect();
    let n = shown.len();
    shown
        .into_iter()
        .enumerate()
        .map(|(k, (i, s))| {
            let sep = (k + 1 < n).then_some(" · ");
            view! {
                <crate::ui::rules_tab::CiteText text=s whole=i == 1 />
                {sep}
            }
        })
        .collect_view()
}

/// What a ruling does, in words: "蓝队 罚 2 级", "红队 判负 → 蓝队 胜本局".
pub fn ruling_text(teams: &BTreeMap<Team, String>, r: &Ruling) -> String {
    let name = |x: Team| {
        teams.get(&x).filter(|n| !n.is_empty()).map(|n| crate::bidi::isolated(n)).unwrap_or_else(|| format!("{x:?}"))
    };
    match r {
        Ruling::LevelPenalty { team, levels } => {
            format!("{} {} {levels} {}", name(*team), t("ruling.minus"), t("ruling.levels_unit"))
        }
        Ruling::GameLost { team } => {
            format!("{} {} → {} {}", name(*team), t("ruling.game_lost"), name(team.other()), t("ruling.wins_game"))
        }
        Ruling::Warning { team } => format!("{} {}", name(*team), t("ruling.warning")),
        Ruling::Late { team, minutes } => {
            format!("{} {} {minutes} {}", name(*team), t("ruling.late"), t("ruling.minutes_unit"))
        }
        Ruling::Disqualified { team } => format!("{} {}", name(*team), t("ruling.disqualified")),
    }
}

/// Where a ruling applies, in words: "第 3 副 · 第 1 桌".
pub fn board_at_text(at: &BoardAt) -> String {
    format!(
        "{} · {}",
        t("dup.board_n").replace("{n}", &at.number.to_string()),
        t("dup.table_n").replace("{n}", &at.table.to_string())
    )
}

/// A ruling on a 双升 board, in words: "第 3 副 · 第 1 桌 · 红队 判负 → 红队 本副结果 −20 (解读)".
pub(super) fn board_ruling_text(teams: &BTreeMap<Team, String>, at: &BoardAt, lost_result: i32, r: &Ruling) -> String {
    let name = |x: Team| {
        teams.get(&x).filter(|n| !n.is_empty()).map(|n| crate::bidi::isolated(n)).unwrap_or_else(|| format!("{x:?}"))
    };
    let what = match r {
        Ruling::GameLost { team } => format!(
            "{} {} → {} {} {} ({})",
            name(*team),
            t("ruling.game_lost"),
            name(*team),
            t("dup.board_result"),
            if lost_result > 0 { format!("+{lost_result}") } else { format!("−{}", -lost_result) },
            t("dup.reading")
        ),
        _ => ruling_text(teams, r),
    };
    format!("{} · {what}", board_at_text(at))
}
