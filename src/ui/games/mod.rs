//! Per-game pages: each module has `summary` (home list line), `Page` (the match view)
//! and `NewForm` (set-up form). 升级 lives in `ui::match_page` / `ui::new_match`.

pub mod doudizhu;
pub mod duplicate;
pub mod guandan;
pub mod renju;
pub mod sandayi;
