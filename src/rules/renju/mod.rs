//! 五子棋 with forbidden moves (禁手, renju) — RULES.md §5, from seeds 000 §三 ("禁手模式")
//! and 001 "关于禁手的几个问题".
//!
//! The board is 15×15. Columns are `a`…`o` from the left, rows `1`…`15` from the bottom,
//! `h8` is the centre. Black moves first and has forbidden moves; white has none.
//!
//! The rules, in the order [`judge`] applies them to a black move (RIF rules):
//!
//! 1. **five** (五连): exactly five black stones in a row — black wins, even if the move
//!    is also one of the forbidden shapes below (001 禁手 3);
//! 2. **overline** (长连): six or more black stones in a row — forbidden (000 §三);
//! 3. **double four** (四四): the move makes two or more fours at once, also two fours on one
//!    line such as `● ● ● · ★ · ● ● ●` — forbidden (001 禁手 2);
//! 4. **double three** (三三): the move makes two or more *open* threes at once — forbidden
//!    (001 禁手 1). A three is open only if one move turns it into a straight four
//!    (活四, `· ● ● ● ● ·` with both ends making exactly five) and that move is itself not
//!    forbidden; "not forbidden" is judged by these same rules with the move on the board,
//!    so the check is recursive (a *false three*, 假三).
//!
//! A four and a three together (四三) are allowed. A forbidden move loses only if white points
//! it out at once (001 禁手 note 2); that is the referee's call, so nothing here decides it.
//!
//! Each rule concept is one small function over a `Line`: the eleven cells of one
//! direction centred on the move.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::str::FromStr;

mod board;
mod forbidden;
mod line;
mod point;
mod verdict;

pub use board::*;
pub use forbidden::*;
use line::*;
pub use point::*;
pub use verdict::*;

/// Board width and height (15 lines).
pub const SIZE: u8 = 15;
const CELLS: usize = SIZE as usize * SIZE as usize;

/// How many nested straight-four moves the false-three check follows (the move itself is
/// depth 0). Beyond it a point's threes are counted without checking their own
/// straight-four points. Game positions need 1–3 levels (random busy positions: at most 6).
pub const MAX_FALSE_THREE_DEPTH: usize = 8;

/// How many straight-four points one judgement may judge recursively (each position once,
/// thanks to a memo). Past it, threes are counted as at [`MAX_FALSE_THREE_DEPTH`]. Random
/// busy positions need at most a few dozen; the budget bounds artificial ones, so a
/// judgement never takes more than a few milliseconds.
pub const FALSE_THREE_BUDGET: usize = 4096;

// ---------------------------------------------------------------------------------------
// Presets
// ---------------------------------------------------------------------------------------

/// A named rule set of RULES.md §5, as data. Only `renju-rif` exists: 15×15, black's
/// forbidden moves as in the module documentation, a match is best of `best_of` games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preset {
    /// RULES.md preset id, e.g. `"renju-rif"`.
    pub id: String,
    /// The tournament document the preset reads.
    pub source: String,
    /// Games in a match (the first to win more than half wins it).
    pub best_of: u8,
}

impl Preset {
    /// `renju-rif`: RIF forbidden moves for black, best of 3 (000 §三 "三局两胜", 001).
    pub fn rif() -> Preset {
        Preset { id: "renju-rif".into(), source: "000 §三, 001 禁手".into(), best_of: 3 }
    }
    /// All built-in presets.
    pub fn all() -> Vec<Preset> {
        vec![Preset::rif()]
    }
    /// The built-in preset with this id; `None` for an unknown id.
    pub fn by_id(id: &str) -> Option<Preset> {
        Preset::all().into_iter().find(|p| p.id == id)
    }
}

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

/// What can go wrong when reading points and boards or asking about a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenjuError {
    /// The text is not a coordinate `a1`…`o15`.
    BadPoint(String),
    /// The point lies outside the 15×15 board (only possible through the public fields).
    OffBoard(Point),
    /// The point already holds a stone.
    Occupied(Point),
    /// A board drawing could not be read (see [`Board::from_text`]).
    BadText(String),
}

impl fmt::Display for RenjuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenjuError::BadPoint(s) => write!(f, "{s:?} is not a point a1…o15"),
            RenjuError::OffBoard(p) => write!(f, "{p} is off the 15×15 board"),
            RenjuError::Occupied(p) => write!(f, "{p} already holds a stone"),
            RenjuError::BadText(s) => write!(f, "bad board drawing: {s}"),
        }
    }
}

impl std::error::Error for RenjuError {}

#[cfg(test)]
mod tests;
