//! 掼蛋 (Guandan) — RULES.md §2, seeds 004 (第一至第四篇) and 000 §四.
//!
//! Everything a referee needs to score a 掼蛋 match without the cards themselves:
//!
//! 1. A hand is entered as its finishing order (头游 → 末游, [`Hand::order`]), the fouls
//!    called during it, and optionally the tribute paid before it ([`TributeRecord`]).
//! 2. Winners = the team of 头游. The position of the winners' partner (2nd, 3rd, 4th)
//!    is the [`Finish`] (双下 / 一三游 / 一四游) and looks up the upgrade or the game points.
//! 3. A rules ([`ARule`]): a rise never skips A; a team whose own A is being played passes A
//!    (wins) only if the partner is not last (preset parameter); failed attempts are counted
//!    and may send the team back to 2.
//! 4. Fouls ([`FoulRules`]): out-of-turn play gives the opponents levels; warnings add up
//!    to fouls within one hand.
//! 5. Scores: per-deal game points ([`GuandanPreset::deal_points`]) or round scores
//!    ([`RoundScoring`]).
//! 6. Next hand: the winners' level is played ([`GuandanState::declarer`]); the tribute due
//!    and who leads follow from the finishing order ([`tribute_due`]).
//!
//! Presets are data ([`GuandanPreset`], [`builtin_presets`]); behaviour follows the
//! parameters only. Every number in a [`HandOutcome`] comes with the rule that produced it,
//! citing the seed section stored in the preset ([`Cites`]).

use super::{Arg, Msg, Rank, Ruling, RulingError, Seat, Team, TimeTie, TimeVerdict};
use serde::{Deserialize, Serialize};
use std::fmt;

mod apply;
mod hand;
mod outcome;
mod preset;
mod shapes;
mod tribute;

pub use apply::*;
pub use hand::*;
pub use outcome::*;
pub use preset::*;
pub use shapes::*;
pub use tribute::*;

#[cfg(test)]
mod tests;
