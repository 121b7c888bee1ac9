//! Rulings in words: against a team, a session's player or on a 双升 board, and their
//! reason · rule · referee.

use super::*;
use crate::rules::ruling::{Counted, Effect};

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

/// [`who_text`], or on a 双升 board [`board_ruling_text`]; a warning against a team with
/// its count (`counted`, from the record: [`crate::record::Match::preview_ruling`] or the
/// replay) says its number and what the preset's ladder made of it ([`warning_text`]); a
/// lateness at the preset's limit says the forfeit it is (RULES.md §0 **[r2]** `late`, 004
/// 第三篇 §六4): "己对 迟到 12 分钟 → 弃权, 乙对 获胜".
pub(super) fn step_text(
    teams: &BTreeMap<Team, String>,
    players: &[String],
    boards: Option<&Boards>,
    r: &Ruling,
    player: Option<usize>,
    board: Option<BoardAt>,
    counted: Option<Counted>,
) -> String {
    let own = |r: &Ruling| match (r, player, counted) {
        (Ruling::Warning { team }, None, Some(c)) => warning_text(teams, *team, &c),
        (Ruling::Late { team, .. }, None, Some(Counted { effect: Effect::Forfeit(_), .. })) => {
            format!(
                "{} → {}",
                ruling_text(teams, r),
                t("ruling.late_forfeit").replace("{team}", &team_name(teams, team.other()))
            )
        }
        _ => who_text(teams, players, r, player),
    };
    match (board, boards) {
        (Some(at), Some(b)) => board_ruling_text(teams, &at, b.lost_result, r, counted),
        (Some(at), None) => format!("{} · {}", board_at_text(&at), own(r)),
        _ => own(r),
    }
}

/// A team's name, isolated ([`crate::bidi::isolated`]; `A` / `B` when it has none).
fn team_name(teams: &BTreeMap<Team, String>, x: Team) -> String {
    teams.get(&x).filter(|n| !n.is_empty()).map(|n| crate::bidi::isolated(n)).unwrap_or_else(|| format!("{x:?}"))
}

/// The how-manieth warning a count says ("第 2 次警告"), or just "警告" without a number.
fn warning_nth(c: &Counted) -> String {
    c.warning_no
        .map_or_else(|| t("ruling.warning").to_string(), |n| t("ruling.warning_nth").replace("{n}", &n.to_string()))
}

/// A warning to `team` as counted under the preset's ladder (RULES.md §0 **[r2]**): its
/// number and what it became — "黄队 第 2 次警告 → 判负 (出局), 红队 胜本局" (南通 §四),
/// "… → 罚 80 分 (记入本副)" (002 §一5), "… → 犯规 1 次 (记入本副)" (004), "… → 罚 1 级";
/// a warning with no effect yet is "黄队 第 1 次警告".
pub(super) fn warning_text(teams: &BTreeMap<Team, String>, team: Team, c: &Counted) -> String {
    let then = match c.effect {
        Effect::Game(Ruling::GameLost { team: lost }) => {
            Some(format!("{}, {} {}", t("ruling.warning_lost"), team_name(teams, lost.other()), t("ruling.wins_game")))
        }
        Effect::Game(Ruling::LevelPenalty { levels, .. }) => {
            Some(format!("{} {levels} {}", t("ruling.minus"), t("ruling.levels_unit")))
        }
        Effect::PointsDue(_, points) => Some(t("ruling.points_due").replace("{n}", &points.to_string())),
        Effect::FoulDue(_) => Some(t("ruling.foul_due").to_string()),
        _ => None,
    };
    let head = format!("{} {}", team_name(teams, team), warning_nth(c));
    match then {
        Some(x) => format!("{head} → {x}"),
        None => head,
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
/// A warning that became the board lost says so: "第 1 副 · 第 1 桌 · 红队 第 2 次警告 →
/// 判负 (出局) → 红队 本副结果 −20 (解读)"; another counted warning as [`warning_text`].
pub(super) fn board_ruling_text(
    teams: &BTreeMap<Team, String>,
    at: &BoardAt,
    lost_result: i32,
    r: &Ruling,
    counted: Option<Counted>,
) -> String {
    let name = |x: Team| team_name(teams, x);
    let lost = |team: Team| {
        format!(
            "{} {} {} ({})",
            name(team),
            t("dup.board_result"),
            if lost_result > 0 { format!("+{lost_result}") } else { format!("−{}", -lost_result) },
            t("dup.reading")
        )
    };
    let what = match (r, counted) {
        (Ruling::GameLost { team }, _) => format!("{} {} → {}", name(*team), t("ruling.game_lost"), lost(*team)),
        (Ruling::Warning { team }, Some(c @ Counted { effect: Effect::Game(Ruling::GameLost { .. }), .. })) => {
            format!("{} {} → {} → {}", name(*team), warning_nth(&c), t("ruling.warning_lost"), lost(*team))
        }
        (Ruling::Warning { team }, Some(c)) => warning_text(teams, *team, &c),
        _ => ruling_text(teams, r),
    };
    format!("{} · {what}", board_at_text(at))
}
