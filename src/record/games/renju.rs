//! 五子棋 (RULES.md §5) — being written (issue 7).

use crate::record::schema::ImportError;
use crate::record::Match;
use crate::rules::renju::Preset;
use serde::{Deserialize, Serialize};

/// Set-up of a renju match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RenjuSetup {
    /// The match's own copy of the preset.
    pub preset: Preset,
}

/// One referee action on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum RenjuAction {
    /// A stone at a point (`h8`).
    Stone {
        /// The point.
        point: String,
    },
}

/// Checks the set-up.
pub fn validate_setup(_s: &RenjuSetup) -> Result<(), ImportError> {
    Ok(())
}

/// Checks one action against the set-up and the log so far.
pub fn check_hand(_m: &Match, _s: &RenjuSetup, _h: &RenjuAction) -> Result<(), ImportError> {
    Ok(())
}

/// Everything derived from a renju match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RenjuView {
    /// Entries that count.
    pub entries: usize,
}

/// Replays the log.
pub fn replay(m: &Match, _s: &RenjuSetup) -> RenjuView {
    RenjuView { entries: crate::record::replay::effective(m).len() }
}
