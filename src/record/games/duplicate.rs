//! 双升 duplicate team match (RULES.md §1.3) — being written (issue 4).

use crate::record::schema::ImportError;
use crate::record::Match;
use crate::rules::shengji::Preset;
use serde::{Deserialize, Serialize};

/// Set-up of a duplicate match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DuplicateSetup {
    /// The match's own copy of the preset (`yiyuan-shuangsheng`).
    pub preset: Preset,
}

/// One table's result of one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardEntry {
    /// Board number (1-based).
    pub board: u32,
}

/// Checks the set-up.
pub fn validate_setup(_s: &DuplicateSetup) -> Result<(), ImportError> {
    Ok(())
}

/// Checks one entry's input against the set-up and the log so far.
pub fn check_hand(_m: &Match, _s: &DuplicateSetup, _h: &BoardEntry) -> Result<(), ImportError> {
    Ok(())
}

/// Everything derived from a duplicate match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuplicateView {
    /// Entries that count.
    pub entries: usize,
}

/// Replays the log.
pub fn replay(m: &Match, _s: &DuplicateSetup) -> DuplicateView {
    DuplicateView { entries: crate::record::replay::effective(m).len() }
}
