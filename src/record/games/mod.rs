//! Per-game parts of the match record: each game's set-up, how its hand inputs are checked
//! against the set-up, and its replay into a view — each behind one
//! [`crate::record::game::Game`] impl. The shared mechanics (voids,
//! corrections, locking) live in [`crate::record::replay::effective`].

pub mod doudizhu;
pub mod duplicate;
pub mod guandan;
pub mod renju;
pub mod sandayi;
pub mod session;
pub mod shengji;
