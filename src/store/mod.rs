//! localStorage adapter (gloo-storage): each match under `referee.match.<id>` with its
//! newest entries under `referee.tail.<id>` ([`schema::Tail`]), in the versioned schema of
//! [`crate::record::schema`]; write-through on every entry (a commit rewrites only the
//! tail, a few KB; every [`TAIL_MAX`] entries the whole match is written and the tail
//! removed); quarantine of corrupt or foreign values (moved to
//! `referee.quarantine.<ms>.<key>`, reported, never dropped; [`restore`] reads one back,
//! and removes it only when all of it is then stored).
//!
//! Each match also has its home-list row under `referee.index.<id>`
//! ([`crate::record::index`]), written with every whole write of the match; a commit
//! leaves it due and the page writes it later ([`write_due_rows`]). The list is shown
//! from those rows at start-up ([`list_start`]) while the matches themselves are read
//! and validated after it ([`Loader`]); a row that does not match the stored value (its
//! [`Fingerprint`]) is made again from the match.
//!
//! Events are stored beside the matches, one key each ([`load_events`], [`save_event`]).

use crate::record::index::{Fingerprint, Row};
use crate::record::schema::{self, said, ImportError, MergeReport};
use crate::record::{Entry, Match};
use crate::rules::Arg;
use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

mod events;
mod loader;
mod quarantine;
mod roster;
mod rows;

pub use events::*;
pub use loader::*;
pub use quarantine::*;
pub use roster::*;
pub use rows::*;

/// Prefix of every key this app owns.
pub const PREFIX: &str = "referee.";
/// Prefix of match keys.
pub const MATCH_PREFIX: &str = "referee.match.";
/// Prefix of match tails (the newest entries of a match).
pub const TAIL_PREFIX: &str = "referee.tail.";
/// Entries a tail holds before the next commit writes the whole match and drops the tail.
pub const TAIL_MAX: usize = 64;
/// Prefix of the home list's index rows ([`crate::record::index::Row`], one per match).
pub const INDEX_PREFIX: &str = "referee.index.";
/// Prefix of quarantined values.
pub const QUARANTINE_PREFIX: &str = "referee.quarantine.";
/// Prefix of deleted matches kept until the next export (`referee.deleted.<id>`, a stored
/// match document: a file of it imports as it is).
pub const DELETED_PREFIX: &str = "referee.deleted.";
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
    /// Why it could not be read: the field and the reason, typed where it can be so the
    /// UI says it in its language (`ui::quarantine_reason`); `Display` gives it in English.
    pub error: ImportError,
}

/// App settings (language, last export time, archived matches, time-limit alarms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// `zh-CN`, `zh-TW` or `en`.
    #[serde(default)]
    pub lang: String,
    /// Last export, ms since the epoch (as an integer).
    #[serde(default)]
    pub last_export_ms: Option<u64>,
    /// Matches archived by the referee: kept, listed apart from the home list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub archived: Vec<String>,
    /// At a time limit (match, round, bury/play countdown) the page beeps (default on).
    #[serde(default = "yes")]
    pub alarm_sound: bool,
    /// At a time limit the phone vibrates where it can (default on).
    #[serde(default = "yes")]
    pub alarm_vibrate: bool,
}

fn yes() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: String::new(),
            last_export_ms: None,
            archived: Vec::new(),
            alarm_sound: true,
            alarm_vibrate: true,
        }
    }
}

/// The page's localStorage (looked up once per page: each lookup crosses into JS).
fn raw() -> Option<web_sys::Storage> {
    thread_local! {
        static STORAGE: std::cell::OnceCell<Option<web_sys::Storage>> = const { std::cell::OnceCell::new() };
    }
    STORAGE.with(|s| s.get_or_init(|| web_sys::window()?.local_storage().ok().flatten()).clone())
}

fn set_raw(key: &str, value: &str) -> Result<(), StoreError> {
    let s = raw().ok_or_else(|| StoreError::Unavailable("no localStorage".into()))?;
    s.set_item(key, value).map_err(storage_error)
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

/// The key of a match's tail.
pub fn tail_key(id: &str) -> String {
    format!("{TAIL_PREFIX}{id}")
}

/// The key of a match's index row.
pub fn index_key(id: &str) -> String {
    format!("{INDEX_PREFIX}{id}")
}

/// Reads one match by id (its value and tail). `Ok(None)` when absent; `Err` with the
/// reason when unreadable.
pub fn read_match(id: &str) -> Result<Option<Match>, schema::ImportError> {
    let Some(s) = raw() else { return Ok(None) };
    match s.get_item(&match_key(id)).ok().flatten() {
        None => Ok(None),
        Some(text) => {
            let tail = s.get_item(&tail_key(id)).ok().flatten();
            schema::load_stored_parts(&text, tail.as_deref()).map(Some)
        }
    }
}

/// Loads every match; unreadable values are moved to a quarantine key and reported (a bad
/// tail alone is moved aside and its match read without it; a tail without its match is
/// moved aside). Matches come newest first (by last entry).
pub fn load_all(now_ms: f64) -> (Vec<Match>, Vec<Quarantined>) {
    Loader::new(match_ids(), now_ms, false).finish()
}

/// The ids of the stored matches, in key order.
fn match_ids() -> Vec<String> {
    keys().into_iter().filter_map(|k| k.strip_prefix(MATCH_PREFIX).map(str::to_string)).collect()
}

/// Reads the match stored under id `id` and its tail, validated as [`read_match`] is, and
/// remembers them for the commits' fast path. Whatever cannot be read is moved aside and
/// pushed to `bad` (a bad tail alone is moved aside and its match read without it).
/// Returns the match and the fingerprint of what it was read from; `None` when nothing
/// readable is stored under that id.
fn load_id(s: &web_sys::Storage, id: &str, now_ms: f64, bad: &mut Vec<Quarantined>) -> Option<(Match, Fingerprint)> {
    let key = match_key(id);
    let rs: &RawStorage = s.unchecked_ref();
    let head_js = rs.get_item_js(&key).ok()?;
    let text = head_js.as_string()?;
    let tkey = tail_key(id);
    let tail_js = rs.get_item_js(&tkey).unwrap_or(JsValue::NULL);
    let tail = tail_js.as_string();
    // The tail's entry count comes with the join (the commit cache needs it).
    let joined = schema::load_stored_counted(&text, tail.as_deref());
    let (m, tail_js, tail) = match (joined, tail) {
        (Ok((m, n)), tail) => (Ok(m), tail_js, tail.map(|t| (t, n))),
        // The tail is the trouble if the match reads without it: move the tail aside.
        (Err(e), Some(t)) => match schema::load_stored_parts(&text, None) {
            Ok(m) => {
                bad.push(quarantine(&tkey, &t, e, now_ms));
                (Ok(m), JsValue::NULL, None)
            }
            Err(e2) => {
                bad.push(quarantine(&tkey, &t, said!("", "q.tail_match_unread"), now_ms));
                (Err(e2), JsValue::NULL, None)
            }
        },
        (Err(e), None) => (Err(e), JsValue::NULL, None),
    };
    match m {
        Ok(m) if m.id == id => {
            let fp = fingerprint(&head_js, &tail_js)?;
            remember(&m, head_js, tail_js, tail);
            Some((m, fp))
        }
        Ok(m) => {
            bad.push(quarantine(&key, &text, other_id("q.match_other_id", &m.id), now_ms));
            None
        }
        Err(e) => {
            bad.push(quarantine(&key, &text, e, now_ms));
            None
        }
    }
}

/// Merges `incoming` (validated matches: an import, a restored value) into `local` (the
/// matches on this device) with [`schema::merge`] and writes every match that changed.
/// Returns those matches and the merge report. Errors: [`StoreError::Invalid`] when a
/// merged match would not validate (nothing written), or the storage error of a write
/// (the matches written before it are put back as they were).
pub fn merge_and_save(local: &[Match], incoming: &[Match]) -> Result<(Vec<Match>, MergeReport), StoreError> {
    let (changed, report) = schema::merge(local, incoming).map_err(StoreError::Invalid)?;
    for (i, m) in changed.iter().enumerate() {
        if let Err(e) = save_match(m) {
            for w in changed[..i].iter().rev() {
                match local.iter().find(|x| x.id == w.id) {
                    Some(before) => {
                        let _ = save_match(before);
                    }
                    None => delete_match(&w.id),
                }
            }
            return Err(e);
        }
    }
    Ok((changed, report))
}

/// Writes a whole match (write-through) and drops its tail. Nothing changes on error.
pub fn save_match(m: &Match) -> Result<(), StoreError> {
    let s = raw().ok_or_else(|| StoreError::Unavailable("no localStorage".into()))?;
    let rs: &RawStorage = s.unchecked_ref();
    write_whole(&s, rs, m, true)
}

/// `row`: also write the match's index row (a commit leaves it due instead:
/// [`write_due_rows`]).
fn write_whole(s: &web_sys::Storage, rs: &RawStorage, m: &Match, row: bool) -> Result<(), StoreError> {
    let key = match_key(&m.id);
    forget(&m.id);
    let head_js = JsValue::from_str(&schema::store_match(m));
    rs.set_item_js(&key, &head_js).map_err(storage_error)?;
    // The whole log is in the match's value now; a tail left by a crash here overlaps it
    // and is read once (schema::load_stored_parts).
    let _ = s.remove_item(&tail_key(&m.id));
    if row {
        write_row(m, &head_js, &JsValue::NULL);
    } else {
        DUE.with(|d| d.borrow_mut().insert(m.id.clone()));
    }
    remember(m, head_js, JsValue::NULL, None);
    Ok(())
}

/// What this tab knows is stored for one match: its value as a JS string (compared with
/// `===` to what is stored now, so any other writer — another tab, an import — is
/// noticed), its tail (JS string, or null, and the text), and the log's length and last
/// entry id (so a caller's copy can be checked to be that match).
struct Known {
    head_js: JsValue,
    tail_js: JsValue,
    tail: Option<(String, usize)>,
    entries: usize,
    last_id: Option<String>,
}

thread_local! {
    static KNOWN: RefCell<HashMap<String, Known>> = RefCell::new(HashMap::new());
}

/// `tail`: the stored tail's text and its number of entries.
fn remember(m: &Match, head_js: JsValue, tail_js: JsValue, tail: Option<(String, usize)>) {
    let k = Known { head_js, tail_js, tail, entries: m.entries.len(), last_id: m.entries.last().map(|e| e.id.clone()) };
    KNOWN.with(|w| w.borrow_mut().insert(m.id.clone(), k));
}

fn forget(id: &str) {
    KNOWN.with(|w| w.borrow_mut().remove(id));
}

#[wasm_bindgen]
extern "C" {
    /// `web_sys::Storage`, for the two calls below.
    #[wasm_bindgen(js_name = Storage)]
    type RawStorage;
    /// `Storage.getItem` without converting the value to Rust (a 1,000-hand match is
    /// ~100 KB; comparing it in JS costs microseconds).
    #[wasm_bindgen(method, js_name = getItem, catch)]
    fn get_item_js(this: &RawStorage, key: &str) -> Result<JsValue, JsValue>;
    /// `Storage.setItem` with a JS string made once by the caller.
    #[wasm_bindgen(method, js_name = setItem, catch)]
    fn set_item_js(this: &RawStorage, key: &str, value: &JsValue) -> Result<(), JsValue>;
}

fn storage_error(e: JsValue) -> StoreError {
    let name = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
    if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
        StoreError::Full
    } else {
        StoreError::Unavailable(format!("{e:?}"))
    }
}

/// Appends `entry` to the match as stored now (so another tab's entries are kept), saves,
/// and returns the saved match. On error nothing is stored and the caller keeps its form.
///
/// Fast path (the usual commit): when the match's value and tail are exactly what this tab
/// last wrote or read for `fallback`, the entry is checked against `fallback` and spliced
/// onto the tail ([`schema::store_tail_appended`]): one small write, no parse of the log.
/// Otherwise (another writer, or a full tail) the stored match is read and validated, the
/// entry appended, and the whole match written with no tail.
///
/// The caller has checked a new hand on `fallback` (the page's preview). When the stored
/// log is not `fallback` (another tab's hands came first), the log is replayed with the
/// entry ([`Match::append_replayed`]): a hand that no longer fits (after the game was won)
/// is refused with field [`crate::record::NOT_PLAYABLE`] and nothing is written.
pub fn append_entry(fallback: &Match, entry: Entry) -> Result<Match, StoreError> {
    append_entry_with(fallback, entry, false)
}

/// [`append_entry`]; `replay_all`: replay the log with the entry on the fast path too (for
/// an entry checked on another version of the log, [`restore_lost`]).
fn append_entry_with(fallback: &Match, mut entry: Entry, replay_all: bool) -> Result<Match, StoreError> {
    let id = fallback.id.as_str();
    // The hand it follows (`Entry::after`) is written with it: named on the log it lands on.
    let unstamped = entry.after.is_none();
    fallback.stamp(&mut entry);
    let s = raw().ok_or_else(|| StoreError::Unavailable("no localStorage".into()))?;
    let rs: &RawStorage = s.unchecked_ref();
    let head_js = rs.get_item_js(&match_key(id)).map_err(storage_error)?;
    let tkey = tail_key(id);
    let tail_js = rs.get_item_js(&tkey).map_err(storage_error)?;
    // Some(tail text, entries in it, whether the tail is due to be folded into the value).
    let spliced = KNOWN.with(|w| {
        let w = w.borrow();
        let k = w.get(id)?;
        let same = k.entries == fallback.entries.len()
            && k.last_id.as_deref() == fallback.entries.last().map(|e| e.id.as_str())
            && k.head_js == head_js
            && k.tail_js == tail_js;
        match &k.tail {
            _ if !same => None,
            None => Some((schema::store_tail(id, fallback.entries.len(), std::slice::from_ref(&entry)), 1, false)),
            Some((t, n)) => schema::store_tail_appended(t, &entry).map(|t| (t, n + 1, *n >= TAIL_MAX)),
        }
    });
    if let Some((tail, n, seal)) = spliced {
        let mut m = fallback.clone();
        if replay_all { m.append_replayed(entry.clone()) } else { m.append(entry.clone()) }
            .map_err(StoreError::Invalid)?;
        // A full tail: write the whole match; if that does not fit, the longer tail may.
        if seal {
            match write_whole(&s, rs, &m, false) {
                Ok(()) => return Ok(written(m, &entry)),
                Err(StoreError::Full) => {
                    KNOWN.with(|w| {
                        w.borrow_mut().insert(
                            id.to_string(),
                            Known {
                                head_js: head_js.clone(),
                                tail_js: tail_js.clone(),
                                tail: None,
                                entries: 0,
                                last_id: None,
                            },
                        )
                    });
                }
                Err(e) => return Err(e),
            }
        }
        let new_tail_js = JsValue::from_str(&tail);
        rs.set_item_js(&tkey, &new_tail_js).map_err(storage_error)?;
        DUE.with(|d| d.borrow_mut().insert(id.to_string()));
        KNOWN.with(|w| {
            if let Some(k) = w.borrow_mut().get_mut(id) {
                k.tail_js = new_tail_js;
                k.tail = Some((tail, n));
                k.entries = m.entries.len();
                k.last_id = m.entries.last().map(|e| e.id.clone());
            }
        });
        return Ok(written(m, &entry));
    }
    // Read what is stored now. What cannot be read (or holds another match) is kept aside
    // before it is written over; a bad tail alone does not take its readable value with it.
    let mut m = fallback.clone();
    let (mut head_bad, mut tail_bad): (Option<ImportError>, Option<ImportError>) = (None, None);
    if let Some(h) = head_js.as_string() {
        let tail = tail_js.as_string();
        match schema::load_stored_parts(&h, tail.as_deref()) {
            Ok(x) if x.id == id => m = x,
            Ok(x) => {
                head_bad = Some(other_id("q.match_other_id", &x.id));
                tail_bad = tail.map(|_| other_id("q.tail_other_match", &x.id));
            }
            Err(e) => match (tail.is_some(), schema::load_stored_parts(&h, None)) {
                (true, Ok(x)) if x.id == id => {
                    m = x;
                    tail_bad = Some(e);
                }
                _ => {
                    tail_bad = tail.map(|_| e.clone());
                    head_bad = Some(e);
                }
            },
        }
    }
    // Checked by the caller on another log, if any: replay it on this one (and it follows
    // this log's newest hand).
    if unstamped {
        entry.after = None;
        m.stamp(&mut entry);
    }
    m.append_replayed(entry.clone()).map_err(StoreError::Invalid)?;
    let now = js_sys::Date::now();
    if let (Some(why), Some(h)) = (head_bad, head_js.as_string()) {
        let q = quarantine(&match_key(id), &h, why, now);
        MOVED.with(|x| x.borrow_mut().push(q));
    }
    if let (Some(why), Some(t)) = (tail_bad, tail_js.as_string()) {
        let q = quarantine(&tkey, &t, why, now);
        MOVED.with(|x| x.borrow_mut().push(q));
    }
    write_whole(&s, rs, &m, false)?;
    Ok(written(m, &entry))
}

/// How long this tab remembers the entries it wrote, to put back any that another tab's
/// write went over (see [`restore_lost`]), ms.
const RECENT_MS: f64 = 120_000.0;

thread_local! {
    /// Entries this tab wrote lately: (match id, entry, when written).
    static RECENT: RefCell<Vec<(String, Entry, f64)>> = const { RefCell::new(Vec::new()) };
    /// Values moved aside while committing, for the caller to report ([`take_moved`]).
    static MOVED: RefCell<Vec<Quarantined>> = const { RefCell::new(Vec::new()) };
}

fn written(m: Match, entry: &Entry) -> Match {
    let now = js_sys::Date::now();
    RECENT.with(|r| {
        let mut r = r.borrow_mut();
        r.retain(|(_, e, at)| e.id != entry.id && now - at < RECENT_MS);
        r.push((m.id.clone(), entry.clone(), now));
    });
    m
}

/// Forgets what this tab remembers of stored values and of its recent entries (after the
/// whole storage was cleared behind its back; the browser tests start each case so).
pub fn forget_session() {
    KNOWN.with(|k| k.borrow_mut().clear());
    DUE.with(|d| d.borrow_mut().clear());
    RECENT.with(|r| r.borrow_mut().clear());
    MOVED.with(|x| x.borrow_mut().clear());
}

/// Values moved aside during commits since the last call (to be reported like those
/// found at start-up).
pub fn take_moved() -> Vec<Quarantined> {
    MOVED.with(|x| std::mem::take(&mut *x.borrow_mut()))
}

/// After reading what other tabs wrote (on a `storage` event): two tabs committing at the
/// same moment each write from a copy without the other's entry, and the later write wins
/// (localStorage has no transactions). So every entry this tab wrote in the last
/// [`RECENT_MS`] that its match no longer has is appended again (both tabs then converge
/// on a log with both entries). `ms` is updated in place; returns what could not be put
/// back: (match id, entry id, why) — e.g. both tabs voided the same hand, or both entered
/// the hand that won the game (the log is replayed with each entry put back).
pub fn restore_lost(ms: &mut [Match]) -> Vec<(String, String, String)> {
    let now = js_sys::Date::now();
    let recent: Vec<(String, Entry, f64)> = RECENT.with(|r| {
        let mut r = r.borrow_mut();
        r.retain(|(_, _, at)| now - at < RECENT_MS);
        r.clone()
    });
    let mut failed = Vec::new();
    for (mid, e, _) in recent {
        let Some(m) = ms.iter_mut().find(|m| m.id == mid) else { continue };
        if m.entries.iter().any(|x| x.id == e.id) {
            continue;
        }
        match append_entry_with(m, e.clone(), true) {
            Ok(next) => *m = next,
            Err(err) => {
                RECENT.with(|r| r.borrow_mut().retain(|(_, x, _)| x.id != e.id));
                failed.push((mid.clone(), e.id.clone(), err.to_string()));
            }
        }
    }
    failed
}

/// Removes a match from this device.
pub fn delete_match(id: &str) {
    forget(id);
    DUE.with(|d| d.borrow_mut().remove(id));
    RECENT.with(|r| r.borrow_mut().retain(|(m, _, _)| m != id));
    if let Some(s) = raw() {
        let _ = s.remove_item(&match_key(id));
        let _ = s.remove_item(&tail_key(id));
        let _ = s.remove_item(&index_key(id));
    }
}

/// A match deleted on this device, kept until the next export ([`delete_keeping_copy`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Deleted {
    /// Its id.
    pub id: String,
    /// Its title (or id when untitled).
    pub title: String,
    /// The stored match document.
    pub text: String,
}

/// Deletes match `m` from this device, keeping a copy under [`DELETED_PREFIX`] until the
/// next export ([`clear_deleted`]). Nothing changes on error (the copy could not be written,
/// e.g. storage is full: [`StoreError::Full`]).
pub fn delete_keeping_copy(m: &Match) -> Result<(), StoreError> {
    set_raw(&format!("{DELETED_PREFIX}{}", m.id), &schema::store_match(m))?;
    delete_match(&m.id);
    Ok(())
}

/// Moves the kept copy of deleted match `id` aside ([`quarantine`], reason `why`): it does
/// not read as a stored match, so it cannot be restored, but it is never dropped unseen.
/// `None` when no copy is stored.
pub fn set_aside_deleted(id: &str, why: ImportError, now_ms: f64) -> Option<Quarantined> {
    let key = format!("{DELETED_PREFIX}{id}");
    let text = raw()?.get_item(&key).ok().flatten()?;
    Some(quarantine(&key, &text, why, now_ms))
}

/// Moves aside every kept copy of a deleted match whose value does not even name a match
/// (not JSON, no `match` object: [`title_of`]), so the deleted list offers only copies
/// that may restore. Returns what was moved, to be reported like the values found at
/// start-up. A copy that names a match but does not read in full is moved when a restore
/// finds it ([`set_aside_deleted`]).
pub fn set_aside_unreadable_deleted(now_ms: f64) -> Vec<Quarantined> {
    let Some(s) = raw() else { return Vec::new() };
    keys()
        .into_iter()
        .filter(|k| k.starts_with(DELETED_PREFIX))
        .filter_map(|k| {
            let text = s.get_item(&k).ok().flatten()?;
            title_of(&text).is_none().then(|| quarantine(&k, &text, said!("", "q.not_stored_match"), now_ms))
        })
        .collect()
}

/// The deleted matches kept, by title (copies that do not name a match are left out:
/// [`set_aside_unreadable_deleted`] moves them aside).
pub fn deleted() -> Vec<Deleted> {
    let Some(s) = raw() else { return Vec::new() };
    let mut out: Vec<Deleted> = keys()
        .into_iter()
        .filter_map(|k| {
            let id = k.strip_prefix(DELETED_PREFIX)?.to_string();
            let text = s.get_item(&k).ok().flatten()?;
            let title = title_of(&text)?;
            Some(Deleted { id, title, text })
        })
        .collect();
    crate::sort::sort_by(&mut out, |a, b| a.title.cmp(&b.title));
    out
}

/// The kept copy of deleted match `id`, read and checked as a stored match is. Errors: no
/// copy, or it does not read.
pub fn deleted_match(id: &str) -> Result<Match, StoreError> {
    let text = raw().and_then(|s| s.get_item(&format!("{DELETED_PREFIX}{id}")).ok().flatten()).ok_or_else(|| {
        StoreError::Invalid(ImportError { field: String::new(), reason: format!("{id}: no deleted copy"), msg: None })
    })?;
    schema::load_stored(&text).map_err(StoreError::Invalid)
}

/// The title (else the id) a stored match value names, read without reading the match: the
/// deleted list shows it before the code that reads matches is loaded, and restoring
/// ([`deleted_match`]) checks the value in full. `None` when the value names neither.
fn title_of(text: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Doc {
        #[serde(rename = "match")]
        data: Head,
    }
    #[derive(serde::Deserialize)]
    struct Head {
        #[serde(default)]
        id: String,
        #[serde(default)]
        title: String,
    }
    let h = serde_json::from_str::<Doc>(text).ok()?.data;
    [h.title, h.id].into_iter().find(|t| !t.is_empty())
}

/// Drops the kept copy of deleted match `id` (once it is restored).
pub fn drop_deleted(id: &str) {
    if let Some(s) = raw() {
        let _ = s.remove_item(&format!("{DELETED_PREFIX}{id}"));
    }
}

/// Drops every deleted match's copy (after an export).
pub fn clear_deleted() {
    if let Some(s) = raw() {
        for k in keys().into_iter().filter(|k| k.starts_with(DELETED_PREFIX)) {
            let _ = s.remove_item(&k);
        }
    }
}

/// Reads the settings (defaults when absent). A stored value that does not read as
/// [`Settings`] (not JSON, a field of another type) is moved aside like any other
/// ([`quarantine`]) and reported with the values moved aside during commits
/// ([`take_moved`]), so the next save does not write over it unseen; then the defaults.
pub fn settings() -> Settings {
    let why = match LocalStorage::get::<serde_json::Value>(SETTINGS_KEY) {
        Ok(v) => match crate::json::from_value::<Settings>(&v) {
            Ok(s) => return s,
            Err(e) => ImportError { field: e.path().to_string(), reason: e.inner().to_string(), msg: None },
        },
        Err(gloo_storage::errors::StorageError::SerdeError(e)) => said!(
            "",
            "imp.not_json",
            line = Arg::Num(e.line() as i64),
            column = Arg::Num(e.column() as i64),
            detail = Arg::Text(e.to_string())
        ),
        // Absent, or no storage at all.
        Err(_) => return Settings::default(),
    };
    // Reported once per tab, even when the copy cannot be written (storage full) and the
    // value stays where it is.
    thread_local! {
        static REPORTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if let Some(text) = raw().and_then(|s| s.get_item(SETTINGS_KEY).ok().flatten()) {
        if !REPORTED.with(|r| r.replace(true)) {
            let q = quarantine(SETTINGS_KEY, &text, why, js_sys::Date::now());
            MOVED.with(|x| x.borrow_mut().push(q));
        }
    }
    Settings::default()
}

/// Writes the settings.
pub fn save_settings(s: &Settings) -> Result<(), StoreError> {
    set_raw(SETTINGS_KEY, &crate::json::to_string(s).unwrap_or_default())
}

/// What localStorage holds now, in characters (UTF-16 code units) of keys and values,
/// the measure the browsers' quota counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// This app's keys ([`PREFIX`]).
    pub app: usize,
    /// Every key of this origin (this app's and any other's).
    pub origin: usize,
}

/// Sums the lengths of the keys and values in localStorage (in JS: the values are not
/// copied into Rust).
pub fn usage() -> Usage {
    let Some(s) = raw() else { return Usage::default() };
    let rs: &RawStorage = s.unchecked_ref();
    let mut u = Usage::default();
    for k in keys() {
        let v = rs.get_item_js(&k).ok().map(|v| v.unchecked_into::<js_sys::JsString>().length() as usize).unwrap_or(0);
        let n = k.encode_utf16().count() + v;
        u.origin += n;
        if k.starts_with(PREFIX) {
            u.app += n;
        }
    }
    u
}

/// The scratch key of [`probe_free`]: outside [`PREFIX`], so that other tabs of the app
/// ignore its `storage` events.
const PROBE_KEY: &str = "__referee_probe";

/// How many more characters localStorage accepts now: the longest value a scratch key
/// takes (doubling, then halving to within 1,024 characters; the key is removed at
/// once). `None` without localStorage or when a write fails otherwise than by the quota.
pub fn probe_free() -> Option<usize> {
    let s = raw()?;
    let rs: &RawStorage = s.unchecked_ref();
    let unit = js_sys::JsString::from("x");
    let fits = |n: usize| -> Option<bool> {
        let v: JsValue = unit.repeat(n as i32).into();
        match rs.set_item_js(PROBE_KEY, &v).map_err(storage_error) {
            Ok(()) => Some(true),
            Err(StoreError::Full) => Some(false),
            Err(_) => None,
        }
    };
    let result = (|| {
        let (mut lo, mut hi) = (0usize, None);
        let mut n = 1 << 16;
        // Up to 256 M characters (no browser gives localStorage that much).
        while hi.is_none() && n <= 1 << 28 {
            if fits(n)? {
                lo = n;
                n *= 2
            } else {
                hi = Some(n)
            }
        }
        let mut hi = hi.unwrap_or(n);
        while hi - lo > 1024 {
            let mid = lo + (hi - lo) / 2;
            if fits(mid)? {
                lo = mid
            } else {
                hi = mid
            }
        }
        Some(lo)
    })();
    let _ = s.remove_item(PROBE_KEY);
    // The probe's own key counts against the quota as well.
    result.map(|n| if n == 0 { 0 } else { n + PROBE_KEY.len() })
}
