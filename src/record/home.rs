//! The part of a match's home-list line that every game shares: whether the match is over
//! and who won it, read from the game's [`Game::outcome`] — so a referee with many tables
//! sees at a glance which matches are finished and their winners.

use super::game::Game;
use crate::i18n::{tr, Lang};
use crate::record::share_doc::fill;

/// The result of match view `v` for the home list in language `l`, once the match is over
/// by its own rules or signed off ([`crate::tournament::outcome::Outcome::done`]); `None`
/// while it is in play.
///
/// `names` are the sides as the game's line names them (two teams or players, A / player 1
/// first; a session's players by index), already isolated. Shapes:
///
/// * over with a winner: "已结束 · 红队 胜"; a session: its first place, "已结束 · 张三 第一";
/// * over level: "已结束 · 平局" — or, where a tie is played off ([`Game::TIE_PLAYED_OFF`]:
///   双升 RULES.md §1.3, sessions §3), "已结束 · 同分待加赛";
/// * signed off ([`crate::tournament::outcome::Outcome::locked`]): "已签字" in place of
///   "已结束", alone when the record names no winner.
pub fn result<G: Game>(l: Lang, v: &G::View, names: &[String]) -> Option<String> {
    let o = G::outcome(v);
    if !o.done {
        return None;
    }
    let state = tr(l, if o.locked { "sheet.st.signed" } else { "home.over" });
    let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| format!("#{}", i + 1));
    let who = match o.winner {
        Some(w) if G::SESSION => fill(l, "home.first", &[("who", name(w))]),
        Some(w) => fill(l, "home.tm.won", &[("who", name(w))]),
        None if o.locked => return Some(state.to_string()),
        None if G::TIE_PLAYED_OFF => tr(l, "home.playoff").to_string(),
        None => tr(l, "home.tm.drawn").to_string(),
    };
    Some(format!("{state} · {who}"))
}

/// The game's home-list line `line` of view `v`, led by its [`result`] once the match is
/// over: "已结束 · 红队 胜 · 红队 A : 5 蓝队 · 12 副"; `line` alone while it is in play.
pub fn with_result<G: Game>(l: Lang, v: &G::View, names: &[String], line: String) -> String {
    match result::<G>(l, v, names) {
        Some(r) => format!("{r} · {line}"),
        None => line,
    }
}
