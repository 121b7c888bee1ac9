//! :Preset:斗地主 (RULES.md §3) — being written (issue 6).

use crate::record::schema::ImportError;
use crate::record::Match;
use crate::rules::doudizhu::Preset;
use serde::{Deserialize, Serialize};

/// Set-up of a doudizhu match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DoudizhuSetup {
    /// The match's own copy of the preset.
    pub preset: Preset,
}

/// Checks the set-up.
pub fn validate_setup(_s: &DoudizhuSetup) -> Result<(), ImportError> {
    Ok(())
}

/// Checks one hand against the set-up and the log so far.
pub fn check_hand(_m: &Match, _s: &DoudizhuSetup, _h: &crate::rules::doudizhu::Hand) -> Result<(), ImportError> {
    Ok(())
}

/// Everything derived from a doudizhu match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DoudizhuView {
    /// Entries that count.
    pub entries: usize,
}

/// Replays the log.
pub fn replay(m: &Match, _s: &DoudizhuSetup) -> DoudizhuView {
    DoudizhuView { entries: crate::record::replay::effective(m).len() }
}
