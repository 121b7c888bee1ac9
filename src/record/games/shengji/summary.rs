//! 升级's home-list line: the one line a match shows under its title on the home screen
//! (and in its stored index row).

use super::{Shengji, ShengjiSetup, ShengjiView};
use crate::i18n::{tr, Lang};
use crate::record::home::with_result;
use crate::record::share_doc::{fill, team_names};
use crate::rules::Team;

/// The home list's line of a 升级 match in language `l`, the teams by name (isolated,
/// [`crate::bidi::isolated`]; a team not named by its side, "南北" / "东西"):
///
/// * a match: the levels of the game in progress and its hands, "红队 5 : 3 蓝队 · 12 副";
/// * a 南通 team match being played (RULES.md §1.4 **[r2]**): the same, after which of its
///   games is in play, "团体赛 第 2/3 局 · 红队 5 : 3 蓝队 · 4 副";
/// * a team match over ([`ShengjiView::over`]: its games played, its time up, or forfeited):
///   its result on team points ([`ShengjiView::team_points`]) and the winner, or 平局 when
///   level, "团体赛结束 · 积分 红队 5 : 4 蓝队 · 红队 胜" — not its last game's levels;
/// * the first two, once the match is over by its own rules (a series won, RULES.md §1) or
///   signed off: led by the result ([`crate::record::home::result`]),
///   "已结束 · 红队 胜 · 红队 A : 5 蓝队 · 20 副";
/// * a series won in a game with no hand played (a disqualification, a game lost or a time
///   verdict before its first hand; RULES.md §0 **[r2]**, §1): the games won
///   ([`ShengjiView::series`]) and the hands of the whole match in place of that game's
///   levels and hands, "已结束 · 红队 胜 · 红队 2 : 0 蓝队 · 9 副".
pub fn home_line(l: Lang, s: &ShengjiSetup, v: &ShengjiView) -> String {
    let names = team_names(&s.teams, l);
    let g = v.current();
    let n = g.rows.len();
    let levels = format!(
        "{} {} : {} {} · {} {}",
        names[0],
        g.state.level(Team::A),
        g.state.level(Team::B),
        names[1],
        n,
        tr(l, if n == 1 { "home.hand" } else { "home.hands" })
    );
    let (Some(tm), Some(points)) = (s.preset.team_match, &v.team_points) else {
        if v.series_winner.is_some() && n == 0 {
            // The series was decided in a game with no hand (a ruling, a time verdict): its
            // levels say nothing, the games won and the match's hands do.
            let won = |t: Team| v.series.get(&t).copied().unwrap_or(0);
            let hands: usize = v.games.iter().map(|g| g.rows.len()).sum();
            let line = format!(
                "{} {} : {} {} · {} {}",
                names[0],
                won(Team::A),
                won(Team::B),
                names[1],
                hands,
                tr(l, if hands == 1 { "home.hand" } else { "home.hands" })
            );
            return with_result::<Shengji>(l, v, &names, line);
        }
        return with_result::<Shengji>(l, v, &names, levels);
    };
    if !v.over {
        let game = v.games.len().min(tm.games as usize).to_string();
        let line = format!("{} · {levels}", fill(l, "home.tm.game", &[("n", game), ("of", tm.games.to_string())]));
        return with_result::<Shengji>(l, v, &names, line);
    }
    let p = |t: Team| points.get(&t).copied().unwrap_or(0).to_string();
    let result = fill(
        l,
        "home.tm.over",
        &[("a", names[0].clone()), ("pa", p(Team::A)), ("pb", p(Team::B)), ("b", names[1].clone())],
    );
    let winner = match v.series_winner {
        Some(w) => fill(l, "home.tm.won", &[("who", names[w as usize].clone())]),
        None => tr(l, "home.tm.drawn").to_string(),
    };
    format!("{result} · {winner}")
}
