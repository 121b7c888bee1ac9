//! :Preset:欢乐三打一 (RULES.md §4) — being written (issue 6).

use crate::record::schema::ImportError;
use crate::record::Match;
use crate::rules::sandayi::Preset;
use serde::{Deserialize, Serialize};

/// Set-up of a sandayi match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SandayiSetup {
    /// The match's own copy of the preset.
    pub preset: Preset,
}

/// Checks the set-up.
pub fn validate_setup(_s: &SandayiSetup) -> Result<(), ImportError> {
    Ok(())
}

/// Checks one hand against the set-up and the log so far.
pub fn check_hand(_m: &Match, _s: &SandayiSetup, _h: &crate::rules::sandayi::Hand) -> Result<(), ImportError> {
    Ok(())
}

/// Everything derived from a sandayi match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SandayiView {
    /// Entries that count.
    pub entries: usize,
}

/// Replays the log.
pub fn replay(m: &Match, _s: &SandayiSetup) -> SandayiView {
    SandayiView { entries: crate::record::replay::effective(m).len() }
}
