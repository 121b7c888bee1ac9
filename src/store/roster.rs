//! The roster in localStorage: one value, `referee.roster`, in the versioned envelope of
//! [`crate::tournament::roster::store_roster`]. A value that does not read is moved aside
//! ([`quarantine`]) and reported like a match or an event, never dropped.

use super::{quarantine, raw, set_raw, Quarantined, StoreError};
use crate::tournament::roster::{self, Roster};

/// The roster's key.
pub const ROSTER_KEY: &str = "referee.roster";

/// The stored roster (empty when none is stored). A value that does not read is moved
/// aside at `now_ms` and returned beside an empty roster.
pub fn read_roster(now_ms: f64) -> (Roster, Option<Quarantined>) {
    let Some(text) = raw().and_then(|s| s.get_item(ROSTER_KEY).ok().flatten()) else {
        return (Roster::default(), None);
    };
    match roster::load_roster(&text) {
        Ok(r) => (r, None),
        Err(e) => (Roster::default(), Some(quarantine(ROSTER_KEY, &text, e, now_ms))),
    }
}

/// The stored roster's value as it is (not read), `None` when absent.
pub fn roster_value() -> Option<String> {
    raw().and_then(|s| s.get_item(ROSTER_KEY).ok().flatten())
}

/// Writes the roster (validated first: [`StoreError::Invalid`] names the field); nothing
/// changes on error ([`StoreError::Full`] when the quota is reached).
pub fn save_roster(r: &Roster) -> Result<(), StoreError> {
    roster::validate_roster(r).map_err(StoreError::Invalid)?;
    set_raw(ROSTER_KEY, &roster::store_roster(r))
}

/// Puts back a roster value read before (`None`: removes it), undoing a [`save_roster`] of
/// an import that could not be finished.
pub fn put_back_roster(value: Option<&str>) {
    match value {
        Some(v) => {
            let _ = set_raw(ROSTER_KEY, v);
        }
        None => {
            if let Some(s) = raw() {
                let _ = s.remove_item(ROSTER_KEY);
            }
        }
    }
}
