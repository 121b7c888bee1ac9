//! localStorage adapter (gloo-storage): one key per match (`referee.match.<id>`) in the
//! versioned schema of [`crate::record::schema`], write-through on every entry, and
//! quarantine of corrupt or foreign values (moved to `referee.quarantine.<ms>.<key>`,
//! reported, never dropped).

use crate::record::{schema, Entry, Match};
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

/// Prefix of every key this app owns.
pub const PREFIX: &str = "referee.";
/// Prefix of match keys.
pub const MATCH_PREFIX: &str = "referee.match.";
/// Prefix of quarantined values.
pub const QUARANTINE_PREFIX: &str = "referee.quarantine.";
/// Settings key.
pub const SETTINGS_KEY: &str = "referee.settings";

/// Why a write failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The browser refused: storage full (QuotaExceededError).
    Full,
    /// Storage unavailable (private mode, disabled) or another browser error.
    Unavailable(String),
    /// The entry does not fit the stored match (field and reason).
    Invalid(schema::ImportError),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Full => f.write_str("storage full (QuotaExceededError)"),
            StoreError::Unavailable(s) => write!(f, "storage unavailable: {s}"),
            StoreError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

/// A value that could not be read, moved aside.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quarantined {
    /// The original key.
    pub key: String,
    /// Where the raw value now is (equal to `key` when it could not be moved).
    pub moved_to: String,
    /// Why it could not be read (field and reason).
    pub error: String,
}

/// App settings (language, last export time).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// `zh-CN`, `zh-TW` or `en`.
    #[serde(default)]
    pub lang: String,
    /// Last export, ms since the epoch (as an integer).
    #[serde(default)]
    pub last_export_ms: Option<u64>,
}

fn raw() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn set_raw(key: &str, value: &str) -> Result<(), StoreError> {
    let s = raw().ok_or_else(|| StoreError::Unavailable("no localStorage".into()))?;
    s.set_item(key, value).map_err(|e| {
        let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
        if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
            StoreError::Full
        } else {
            StoreError::Unavailable(format!("{e:?}"))
        }
    })
}

/// All keys of localStorage.
pub fn keys() -> Vec<String> {
    let Some(s) = raw() else { return Vec::new() };
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}

/// The key of a match.
pub fn match_key(id: &str) -> String {
    format!("{MATCH_PREFIX}{id}")
}

/// Reads one match by id. `Ok(None)` when absent; `Err` with the reason when unreadable.
pub fn read_match(id: &str) -> Result<Option<Match>, schema::ImportError> {
    match raw().and_then(|s| s.get_item(&match_key(id)).ok().flatten()) {
        None => Ok(None),
        Some(text) => schema::load_stored(&text).map(Some),
    }
}

/// Loads every match; unreadable values are moved to a quarantine key and reported.
/// Matches come newest first (by last entry).
pub fn load_all(now_ms: f64) -> (Vec<Match>, Vec<Quarantined>) {
    let mut out = Vec::new();
    let mut bad = Vec::new();
    let Some(s) = raw() else { return (out, bad) };
    for key in keys() {
        if !key.starts_with(MATCH_PREFIX) {
            continue;
        }
        let Some(text) = s.get_item(&key).ok().flatten() else { continue };
        match schema::load_stored(&text) {
            Ok(m) if match_key(&m.id) == key => out.push(m),
            Ok(m) => bad.push(quarantine(&key, &text, &format!("the match inside has id {:?}", m.id), now_ms)),
            Err(e) => bad.push(quarantine(&key, &text, &e.to_string(), now_ms)),
        }
    }
    out.sort_by(|a, b| b.updated_ms().total_cmp(&a.updated_ms()));
    (out, bad)
}

/// Moves a raw value aside (never deletes it unless the copy was written).
pub fn quarantine(key: &str, text: &str, error: &str, now_ms: f64) -> Quarantined {
    let to = format!("{QUARANTINE_PREFIX}{}.{}", now_ms as u64, key);
    let moved = set_raw(&to, text).is_ok();
    if moved {
        if let Some(s) = raw() {
            let _ = s.remove_item(key);
        }
    }
    Quarantined { key: key.into(), moved_to: if moved { to } else { key.into() }, error: error.into() }
}

/// Quarantined values still stored: (key, first 200 characters).
pub fn quarantined() -> Vec<(String, String)> {
    let Some(s) = raw() else { return Vec::new() };
    keys()
        .into_iter()
        .filter(|k| k.starts_with(QUARANTINE_PREFIX))
        .map(|k| {
            let v = s.get_item(&k).ok().flatten().unwrap_or_default();
            (k, v.chars().take(200).collect())
        })
        .collect()
}

/// Writes a whole match (write-through). Nothing else changes on error.
pub fn save_match(m: &Match) -> Result<(), StoreError> {
    set_raw(&match_key(&m.id), &schema::store_match(m))
}

/// Appends `entry` to the match as stored now (so another tab's entries are kept), saves,
/// and returns the saved match. On error nothing is stored and the caller keeps its form.
pub fn append_entry(fallback: &Match, entry: Entry) -> Result<Match, StoreError> {
    let mut m = match read_match(&fallback.id) {
        Ok(Some(m)) => m,
        _ => fallback.clone(),
    };
    m.append(entry).map_err(StoreError::Invalid)?;
    save_match(&m)?;
    Ok(m)
}

/// Removes a match from this device.
pub fn delete_match(id: &str) {
    if let Some(s) = raw() {
        let _ = s.remove_item(&match_key(id));
    }
}

/// Reads the settings (defaults when absent or unreadable).
pub fn settings() -> Settings {
    LocalStorage::get(SETTINGS_KEY).unwrap_or_default()
}

/// Writes the settings.
pub fn save_settings(s: &Settings) -> Result<(), StoreError> {
    set_raw(SETTINGS_KEY, &serde_json::to_string(s).unwrap_or_default())
}

/// Bytes used by this app's keys (UTF-16: 2 bytes per code unit of key and value).
pub fn bytes_used() -> usize {
    let Some(s) = raw() else { return 0 };
    keys()
        .into_iter()
        .filter(|k| k.starts_with(PREFIX))
        .map(|k| {
            let v = s.get_item(&k).ok().flatten().unwrap_or_default();
            (k.encode_utf16().count() + v.encode_utf16().count()) * 2
        })
        .sum()
}
