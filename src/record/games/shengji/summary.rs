//! 升级's home-list line: the one line a match shows under its title on the home screen
//! (and in its stored index row).

use super::{ShengjiSetup, ShengjiView};
use crate::i18n::{tr, Lang};
use crate::rules::Team;

/// The home list's line of a 升级 match in language `l`: the levels of the game in
/// progress and its hands, "红队 5 : 3 蓝队 · 12 副" (team names isolated,
/// [`crate::bidi::isolated`]; empty when not named).
pub fn home_line(l: Lang, s: &ShengjiSetup, v: &ShengjiView) -> String {
    let g = v.current();
    let name = |team: Team| s.teams.get(&team).map(|n| crate::bidi::isolated(n)).unwrap_or_default();
    let n = g.rows.len();
    format!(
        "{} {} : {} {} · {} {}",
        name(Team::A),
        g.state.level(Team::A),
        g.state.level(Team::B),
        name(Team::B),
        n,
        tr(l, if n == 1 { "home.hand" } else { "home.hands" })
    )
}
