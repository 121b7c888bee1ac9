//! :GuandanPreset:掼蛋 (RULES.md §2) — being written (issue 5).

use crate::record::schema::ImportError;
use crate::record::Match;
use crate::rules::guandan::GuandanPreset;
use serde::{Deserialize, Serialize};

/// Set-up of a guandan match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GuandanSetup {
    /// The match's own copy of the preset.
    pub preset: GuandanPreset,
}

/// Checks the set-up.
pub fn validate_setup(_s: &GuandanSetup) -> Result<(), ImportError> {
    Ok(())
}

/// Checks one hand against the set-up and the log so far.
pub fn check_hand(_m: &Match, _s: &GuandanSetup, _h: &crate::rules::guandan::Hand) -> Result<(), ImportError> {
    Ok(())
}

/// Everything derived from a guandan match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GuandanView {
    /// Entries that count.
    pub entries: usize,
}

/// Replays the log.
pub fn replay(m: &Match, _s: &GuandanSetup) -> GuandanView {
    GuandanView { entries: crate::record::replay::effective(m).len() }
}
