//! The UI registry: each game's page, set-up form and home-list line, one module a game
//! (`summary`: the home list's line; `Page`: the match view; `NewForm`: the set-up form),
//! and the three functions below, the only UI code that dispatches on the game. A game
//! added to [`GameId`] is a compile error in each of them until it is listed.

pub mod doudizhu;
pub mod duplicate;
pub mod guandan;
pub mod renju;
pub mod sandayi;
/// The session parts shared by 斗地主 and 三打一 (no game of its own).
mod session;
pub mod shengji;

use crate::record::game::GameId;
use crate::record::Match;
use leptos::prelude::*;
use std::sync::Arc;

/// The home list's second line of match `m` (its game's `summary`).
pub fn summary(m: &Match) -> String {
    match m.setup.id() {
        GameId::Shengji => shengji::summary(m),
        GameId::Duplicate => duplicate::summary(m),
        GameId::Guandan => guandan::summary(m),
        GameId::Doudizhu => doudizhu::summary(m),
        GameId::Sandayi => sandayi::summary(m),
        GameId::Renju => renju::summary(m),
    }
}

/// The match page of game `g` for match `m` (mounted by `/match/:id`).
pub fn page(g: GameId, m: Memo<Option<Arc<Match>>>) -> AnyView {
    match g {
        GameId::Shengji => view! { <shengji::Page m=m /> }.into_any(),
        GameId::Duplicate => view! { <duplicate::Page m=m /> }.into_any(),
        GameId::Guandan => view! { <guandan::Page m=m /> }.into_any(),
        GameId::Doudizhu => view! { <doudizhu::Page m=m /> }.into_any(),
        GameId::Sandayi => view! { <sandayi::Page m=m /> }.into_any(),
        GameId::Renju => view! { <renju::Page m=m /> }.into_any(),
    }
}

/// The set-up form of game `g` (on `/new`).
pub fn new_form(g: GameId) -> AnyView {
    match g {
        GameId::Shengji => view! { <shengji::NewForm /> }.into_any(),
        GameId::Duplicate => view! { <duplicate::NewForm /> }.into_any(),
        GameId::Guandan => view! { <guandan::NewForm /> }.into_any(),
        GameId::Doudizhu => view! { <doudizhu::NewForm /> }.into_any(),
        GameId::Sandayi => view! { <sandayi::NewForm /> }.into_any(),
        GameId::Renju => view! { <renju::NewForm /> }.into_any(),
    }
}
