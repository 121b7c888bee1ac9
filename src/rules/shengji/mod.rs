//! 升级 family (80分, 炒地皮, 双升) — game id `shengji`, RULES.md §1.
//!
//! The hand pipeline, in the order RULES.md §1 lists it:
//! 1. [`kitty_bonus`] — kitty points × the unit's multiplier when the attackers 抠底;
//! 2. [`penalty_points`] — a penalty on the declarer team adds to the attackers' score,
//!    one on the attackers subtracts;
//! 3. [`clamp_score`] — the preset's range, if any;
//! 4. [`LevelTable::look_up`] — the band of the level table the score falls in;
//! 5. [`rise`] — must-play ranks (必打) stop a rise; jump to A; then [`JackRule`];
//! 6. [`next_dealer`] — who deals/declares next;
//! 7. the match winner: the declarer at A that holds the deal.
//!
//! Everything a preset varies is data ([`Preset`]); no code looks at a preset's id.

use super::{Rank, Ruling, RulingError, Seat, Team, TeamMatch, TimeTie, TimeVerdict};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

mod builtin;
mod declaring;
mod duplicate;
mod input;
mod pipeline;
mod preset;

pub use builtin::*;
pub use declaring::*;
pub use duplicate::*;
pub use input::*;
pub use pipeline::*;
pub use preset::*;

#[cfg(test)]
mod tests;
