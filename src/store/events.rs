//! Events in localStorage: one key per event (`referee.event.<id>`), in the versioned
//! envelope of [`crate::tournament::store_event`]; unreadable values are quarantined like
//! matches ([`quarantine`]), and so is the stored value an import or a restore replaces or
//! a delete removes ([`keep_event_copy`]), so that it can be got back.

use super::{
    drop_quarantined, keys, original_key, quarantine, quarantine_key, quarantined_value, raw, set_raw, storage_error,
    Quarantined, StoreError,
};
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

/// Copies the stored value of event `id` (as it is, read or not) into the quarantine, at
/// `now_ms`, with reason `why`, leaving the stored value in place: the About page lists,
/// restores and downloads it. `Ok(None)` when no event `id` is stored; on error (the copy
/// could not be written, e.g. [`StoreError::Full`]) nothing changes.
pub fn keep_event_copy(id: &str, why: ImportError, now_ms: f64) -> Result<Option<Quarantined>, StoreError> {
    let key = event_key(id);
    let Some(text) = event_value(id) else { return Ok(None) };
    let to = quarantine_key(&key, now_ms);
    set_raw(&to, &text)?;
    Ok(Some(Quarantined { key, moved_to: to, error: why }))
}

/// Removes an event (its matches stay), keeping no copy: for taking back an event this
/// same import just added. The referee's delete is [`delete_event_keeping_copy`].
pub fn delete_event(id: &str) {
    if let Some(s) = raw() {
        let _ = s.remove_item(&event_key(id));
    }
}

/// Deletes event `id` (its matches stay), first keeping its stored value aside
/// ([`keep_event_copy`], reason `why`) so it can be restored. On error nothing changes.
pub fn delete_event_keeping_copy(id: &str, why: ImportError, now_ms: f64) -> Result<Option<Quarantined>, StoreError> {
    let kept = keep_event_copy(id, why, now_ms)?;
    delete_event(id);
    Ok(kept)
}

/// Writes `e` over the stored event of its id, first keeping that one aside
/// ([`keep_event_copy`], reason `why`; `None` when none was stored). On error nothing
/// changes (a copy already made is removed again).
pub fn replace_event(e: &Event, why: ImportError, now_ms: f64) -> Result<Option<Quarantined>, StoreError> {
    let kept = keep_event_copy(&e.id, why, now_ms)?;
    if let Err(x) = save_event(e) {
        if let Some(q) = &kept {
            drop_quarantined(&q.moved_to);
        }
        return Err(x);
    }
    Ok(kept)
}

/// The event a quarantined value holds: `None` when `moved_to` is not the quarantine key of
/// an event ([`original_key`] outside [`EVENT_PREFIX`]) or is no longer stored; else the
/// event read, or why it does not read.
pub fn quarantined_event(moved_to: &str) -> Option<Result<Event, ImportError>> {
    if !original_key(moved_to)?.starts_with(EVENT_PREFIX) {
        return None;
    }
    quarantined_value(moved_to).map(|text| tm::load_event(&text))
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
