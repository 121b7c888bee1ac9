//! Events in localStorage: one key per event (`referee.event.<id>`), in the versioned
//! envelope of [`crate::tournament::store_event`]; unreadable values are quarantined like
//! matches ([`quarantine`]).

use super::{keys, quarantine, raw, storage_error, Quarantined, StoreError};
use crate::record::ImportError;
use crate::tournament::{self as tm, Event};

/// Prefix of event keys.
pub const EVENT_PREFIX: &str = "referee.event.";

/// The key of an event.
pub fn event_key(id: &str) -> String {
    format!("{EVENT_PREFIX}{id}")
}

/// Every stored event, newest first; unreadable values (or an event stored under another
/// id's key) are moved aside ([`quarantine`], at `now_ms`) and returned.
pub fn load_events(now_ms: f64) -> (Vec<Event>, Vec<Quarantined>) {
    let mut out = Vec::new();
    let mut bad: Vec<Quarantined> = Vec::new();
    let Some(s) = raw() else { return (out, Vec::new()) };
    for key in keys() {
        if !key.starts_with(EVENT_PREFIX) {
            continue;
        }
        let Some(text) = s.get_item(&key).ok().flatten() else { continue };
        match tm::load_event(&text) {
            Ok(e) if event_key(&e.id) == key => out.push(e),
            Ok(e) => bad.push(quarantine(&key, &text, super::other_id("q.event_other_id", &e.id), now_ms)),
            Err(e) => bad.push(quarantine(&key, &text, e, now_ms)),
        }
    }
    crate::sort::sort_by(&mut out, |a, b| b.created_ms.total_cmp(&a.created_ms));
    (out, bad)
}

/// The stored value of an event as it is (not read), `None` when absent.
pub fn event_value(id: &str) -> Option<String> {
    raw().and_then(|s| s.get_item(&event_key(id)).ok().flatten())
}

/// Reads one event. `Ok(None)` when absent; errors name the field.
pub fn read_event(id: &str) -> Result<Option<Event>, ImportError> {
    match event_value(id) {
        None => Ok(None),
        Some(text) => parse_event(&text).map(Some),
    }
}

thread_local! {
    /// The stored text of the event last written or read here, and that event: the event
    /// page saves each edit after reading the stored value again (another tab may have
    /// changed it), and a stored value equal to the text this page wrote is that event —
    /// read again, 64 entrants' 2,016 fixtures are a document of about 300 kB.
    static LAST: std::cell::RefCell<Option<(String, Event)>> = const { std::cell::RefCell::new(None) };
}

/// A stored event's value read as [`tm::load_event`] reads it (every check; errors name
/// the field), or, when it is the text last read here or written by [`save_event`] (an
/// event that validates), that event without reading it again.
pub fn parse_event(text: &str) -> Result<Event, ImportError> {
    if let Some(e) = LAST.with_borrow(|last| last.as_ref().filter(|(t, _)| t == text).map(|(_, e)| e.clone())) {
        return Ok(e);
    }
    let e = tm::load_event(text)?;
    LAST.set(Some((text.to_string(), e.clone())));
    Ok(e)
}

/// Writes an event; nothing changes on error ([`StoreError::Full`] when the quota is reached).
pub fn save_event(e: &Event) -> Result<(), StoreError> {
    let s = raw().ok_or_else(|| StoreError::Unavailable("no localStorage".into()))?;
    let text = tm::store_event(e);
    s.set_item(&event_key(&e.id), &text).map_err(storage_error)?;
    // Kept as read only when it would read (an event reads back as itself: the document
    // round-trips, tournament tests); else it is read again, and refused, next time.
    LAST.set(tm::validate_event(e).is_ok().then(|| (text, e.clone())));
    Ok(())
}

/// Removes an event (its matches stay).
pub fn delete_event(id: &str) {
    if let Some(s) = raw() {
        let _ = s.remove_item(&event_key(id));
    }
}

/// Every stored event that reads, newest first, leaving unreadable values where they are
/// (for an export: reading does not move anything aside; the event list does that).
pub fn readable_events() -> Vec<Event> {
    let Some(s) = raw() else { return Vec::new() };
    let mut out: Vec<Event> = keys()
        .into_iter()
        .filter(|k| k.starts_with(EVENT_PREFIX))
        .filter_map(|k| {
            s.get_item(&k).ok().flatten().and_then(|t| tm::load_event(&t).ok()).filter(|e| event_key(&e.id) == k)
        })
        .collect();
    crate::sort::sort_by(&mut out, |a, b| b.created_ms.total_cmp(&a.created_ms));
    out
}
