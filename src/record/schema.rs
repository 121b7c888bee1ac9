//! The one versioned JSON schema for localStorage and export, its migrations, and the
//! validation every import (and every stored value read back) goes through.
//!
//! A document is `{"schema_version": N, "app": "referee", "kind": "match" | "export",
//! …}`: a stored match is `{…, "kind": "match", "match": Match}`, an export
//! `{…, "kind": "export", "exported_ms": f64, "matches": [Match]}`. Reading is:
//! size limit → JSON → envelope → [`migrate`] → typed parse (errors carry the field path)
//! → semantic checks (ids, targets, every hand replays). Nothing is changed on error.

use super::{Entry, HandInput, Match, Op, Setup};
use crate::rules::shengji;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// The schema version written by this build. Version 2 stores the newest entries of a match
/// under a second key ([`Tail`]); version 3 (this build) adds the entry a hand follows
/// ([`super::Entry::after`]); documents are unchanged otherwise.
pub const SCHEMA_VERSION: u32 = 3;
/// The `app` marker of every document.
pub const APP_ID: &str = "referee";
/// Imports larger than this many bytes are refused before parsing.
pub const MAX_IMPORT_BYTES: usize = 8 * 1024 * 1024;
/// The longest team or player name, in characters.
pub const MAX_NAME: usize = 60;
/// The longest match title, referee name or sign-off text, in characters.
pub const MAX_TITLE: usize = 200;
/// The longest free text anywhere in a set-up or an entry, in characters (preset names,
/// sources and notes, penalty and ruling notes, reasons …); names and titles have their own,
/// shorter limits.
pub const MAX_TEXT: usize = 500;

/// The bytes of a file to import as text: UTF-8 with no replacement character put in for
/// bad bytes (a file that is not UTF-8 is refused, not read as "���王强"); a leading
/// byte-order mark is dropped, as a browser's decoder does. `Err`: the byte offset of the
/// first byte that is not valid UTF-8 (counted in the file, the mark included).
pub fn import_utf8(bytes: Vec<u8>) -> Result<String, usize> {
    let bom = if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    match String::from_utf8(bytes) {
        Ok(mut s) => {
            s.drain(..bom);
            Ok(s)
        }
        Err(e) => Err(e.utf8_error().valid_up_to()),
    }
}

/// Longest elapsed time a clock entry may record, ms (30 days: a clock is a match's).
pub const MAX_ELAPSED_MS: f64 = 30.0 * 86_400_000.0;

/// A problem in a document: the field path (`matches[0].entries[3].op.hand.points`) and
/// the reason in plain words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportError {
    /// Where.
    pub field: String,
    /// What is wrong.
    pub reason: String,
    /// The same reason typed, when an engine or the record gives one: the UI renders it in
    /// its language instead of `reason` (not serialized).
    #[serde(skip)]
    pub msg: Option<crate::rules::Msg>,
}

impl ImportError {
    /// An error on `field` whose reason is the typed `msg` (`reason` is its key and slots).
    pub fn typed(field: impl Into<String>, msg: crate::rules::Msg) -> ImportError {
        ImportError { field: field.into(), reason: msg.to_string(), msg: Some(msg) }
    }
}

impl ImportError {
    /// The field relative to the hand of an entry (`bids[1]` of `op.hand.doudizhu.bids[1]`);
    /// the whole path for any other field.
    pub fn field_in_hand(&self) -> &str {
        self.field
            .strip_prefix("op.hand.")
            .and_then(|rest| rest.split_once('.').map(|(_game, f)| f))
            .unwrap_or(&self.field)
    }
}

impl From<crate::rules::shengji::InputError> for ImportError {
    fn from(e: crate::rules::shengji::InputError) -> ImportError {
        ImportError { field: e.field, reason: e.reason, msg: e.msg }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.reason)
        } else {
            write!(f, "{}: {}", self.field, self.reason)
        }
    }
}

impl std::error::Error for ImportError {}

fn ie(field: impl Into<String>, reason: impl Into<String>) -> ImportError {
    ImportError { field: field.into(), reason: reason.into(), msg: None }
}

/// An export file: every match it carries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Export {
    /// Schema version (always [`SCHEMA_VERSION`] when written).
    pub schema_version: u32,
    /// Always [`APP_ID`].
    pub app: String,
    /// Always `"export"`.
    pub kind: String,
    /// When it was exported, ms since the Unix epoch.
    pub exported_ms: f64,
    /// The matches.
    pub matches: Vec<Match>,
}

/// A stored match (one localStorage value).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stored {
    /// Schema version.
    pub schema_version: u32,
    /// Always [`APP_ID`].
    pub app: String,
    /// Always `"match"`.
    pub kind: String,
    /// The match.
    #[serde(rename = "match")]
    pub data: Match,
}

/// [`Stored`] borrowing its match, so that writing does not copy the log.
#[derive(Serialize)]
struct StoredRef<'a> {
    schema_version: u32,
    app: &'a str,
    kind: &'a str,
    #[serde(rename = "match")]
    data: &'a Match,
}

/// Serializes one match for localStorage.
pub fn store_match(m: &Match) -> String {
    let s = StoredRef { schema_version: SCHEMA_VERSION, app: APP_ID, kind: "match", data: m };
    crate::json::to_string(&s).expect("a match always serializes")
}

/// The newest entries of a stored match, kept under their own key
/// (`referee.tail.<match id>`) so that a commit rewrites a few kilobytes instead of the
/// whole log: the match's own value ([`Stored`]) holds entries `0..from`… and the tail
/// entries `from..`. The two may overlap (a write of the whole match that stopped before
/// the tail was removed); [`load_stored_parts`] joins them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tail {
    /// Schema version (2 and later).
    pub schema_version: u32,
    /// Always [`APP_ID`].
    pub app: String,
    /// Always `"tail"`.
    pub kind: String,
    /// The match it belongs to.
    pub match_id: String,
    /// Index in the match's log of `entries[0]`.
    pub from: usize,
    /// The entries, in log order.
    pub entries: Vec<Entry>,
}

#[derive(Serialize)]
struct TailRef<'a> {
    schema_version: u32,
    app: &'a str,
    kind: &'a str,
    match_id: &'a str,
    from: usize,
    entries: &'a [Entry],
}

/// Serializes a [`Tail`]: `entries` are the match's log from index `from`.
pub fn store_tail(match_id: &str, from: usize, entries: &[Entry]) -> String {
    let t = TailRef { schema_version: SCHEMA_VERSION, app: APP_ID, kind: "tail", match_id, from, entries };
    crate::json::to_string(&t).expect("a tail always serializes")
}

/// The stored tail after `entry` is appended, spliced onto `prev` (the exact output of
/// [`store_tail`], which ends `]}`); byte for byte [`store_tail`] of the longer tail.
pub fn store_tail_appended(prev: &str, entry: &Entry) -> Option<String> {
    splice(prev, "]}", entry)
}

fn splice(prev: &str, end: &str, entry: &Entry) -> Option<String> {
    let head = prev.strip_suffix(end)?;
    let e = crate::json::to_string(entry).ok()?;
    let mut out = String::with_capacity(prev.len() + e.len() + 1);
    out.push_str(head);
    if !head.ends_with('[') {
        out.push(',');
    }
    out.push_str(&e);
    out.push_str(end);
    Some(out)
}

/// Reads a stored match from its own value and, if present, its [`Tail`]: both parsed and
/// migrated, the tail's entries joined to the log (where they overlap, the ids must agree),
/// and the whole match validated as an import is. Errors name the field; a field of the
/// tail is named `tail.…` (e.g. `tail.entries[2].op.hand.shengji.points`).
pub fn load_stored_parts(head: &str, tail: Option<&str>) -> Result<Match, ImportError> {
    load_stored_counted(head, tail).map(|(m, _)| m)
}

/// [`load_stored_parts`], also giving the number of entries in the tail (0 without one).
pub fn load_stored_counted(head: &str, tail: Option<&str>) -> Result<(Match, usize), ImportError> {
    let doc = envelope(head, "match")?;
    let s: Stored = typed(doc)?;
    let mut m = s.data;
    let mut n = 0;
    if let Some(tail) = tail {
        let t = parse_tail(tail).map_err(|e| prefix("tail", e))?;
        n = t.entries.len();
        join_tail(&mut m, t).map_err(|e| prefix("tail", e))?;
    }
    validate_match(&m).map_err(|e| prefix("match", e))?;
    Ok((m, n))
}

/// Parses a stored [`Tail`] (envelope, version, fields).
pub fn parse_tail(text: &str) -> Result<Tail, ImportError> {
    let doc = envelope(text, "tail")?;
    typed(doc)
}

/// Appends the entries of `t` that `m` does not have yet.
fn join_tail(m: &mut Match, t: Tail) -> Result<(), ImportError> {
    if t.match_id != m.id {
        return Err(ie("match_id", format!("{:?} is not this match ({:?})", t.match_id, m.id)));
    }
    let have = m.entries.len();
    if t.from > have {
        return Err(ie(
            "from",
            format!("starts at entry {}, but the match has {have} entries: entries are missing", t.from),
        ));
    }
    for (i, e) in t.entries.into_iter().enumerate() {
        let at = t.from + i;
        match m.entries.get(at) {
            Some(x) if x.id == e.id => {}
            Some(x) => {
                return Err(ie(
                    format!("entries[{i}].id"),
                    format!("{:?} but the match has {:?} at entry {at}", e.id, x.id),
                ));
            }
            None => m.entries.push(e),
        }
    }
    Ok(())
}

/// [`Export`] borrowing its matches.
#[derive(Serialize)]
struct ExportRef<'a> {
    schema_version: u32,
    app: &'a str,
    kind: &'a str,
    exported_ms: f64,
    matches: Vec<&'a Match>,
}

/// Serializes matches (owned or shared) as an export file (pretty JSON).
pub fn export<M: std::borrow::Borrow<Match>>(matches: &[M], now_ms: f64) -> String {
    let e = ExportRef {
        schema_version: SCHEMA_VERSION,
        app: APP_ID,
        kind: "export",
        exported_ms: now_ms,
        matches: matches.iter().map(|m| m.borrow()).collect(),
    };
    crate::json::to_string_pretty(&e).expect("an export always serializes")
}

/// One migration step: upgrades a document of version `from` to `from + 1`.
pub type Migration = fn(Value) -> Result<Value, ImportError>;

/// The migrations of this build, index `i` upgrading version `i` to `i + 1`. Version 1 is
/// the first released schema.
pub const MIGRATIONS: &[Option<Migration>] = &[None, Some(v1_to_v2), Some(v2_to_v3)];

/// 1 → 2: a version-1 match or export reads as it is (version 2 only adds the [`Tail`]
/// key beside a stored match; a version-1 stored match is a match with no tail).
fn v1_to_v2(doc: Value) -> Result<Value, ImportError> {
    Ok(doc)
}

/// 2 → 3: a version-2 document reads as it is. Version 3 adds [`super::Entry::after`] (the
/// entry a hand follows, so that an import can tell a fork from two successive hands); the
/// entries of a version-2 document name none and are merged as before. Their predecessors
/// are not filled in from the log order: two devices could fill in different ones for the
/// same entry and then disagree about it on every sync.
fn v2_to_v3(doc: Value) -> Result<Value, ImportError> {
    Ok(doc)
}

/// Brings `doc` to [`SCHEMA_VERSION`] with [`MIGRATIONS`]; refuses a newer version.
pub fn migrate(doc: Value) -> Result<Value, ImportError> {
    migrate_with(doc, SCHEMA_VERSION, MIGRATIONS)
}

/// The migration hook: applies `steps[v]` for each version `v` from the document's up to
/// `current`. Errors: no or bad `schema_version`, a version newer than `current`
/// ("update the app"), or a version with no migration.
pub fn migrate_with(mut doc: Value, current: u32, steps: &[Option<Migration>]) -> Result<Value, ImportError> {
    let v = doc
        .get("schema_version")
        .ok_or_else(|| ie("schema_version", "missing: this is not a 裁判助手 file"))?
        .as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| ie("schema_version", "not a whole number 0–4294967295"))?;
    if v > current {
        return Err(ie(
            "schema_version",
            format!("version {v} is newer than this app's {current}: update the app first"),
        ));
    }
    let mut ver = v;
    while ver < current {
        let step = steps
            .get(ver as usize)
            .copied()
            .flatten()
            .ok_or_else(|| ie("schema_version", format!("no migration from version {ver}")))?;
        doc = step(doc)?;
        ver += 1;
        if let Some(o) = doc.as_object_mut() {
            o.insert("schema_version".into(), Value::from(ver));
        }
    }
    Ok(doc)
}

fn typed<T: for<'de> Deserialize<'de>>(doc: Value) -> Result<T, ImportError> {
    crate::json::from_value::<T>(&doc).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { String::new() } else { path };
        refine(&doc, field, e.into_inner().to_string())
    })
}

/// Deserializes `v` as `T`, naming the failing field relative to `v`.
fn sub<T: for<'de> Deserialize<'de>>(v: &Value) -> Result<(), (String, String)> {
    crate::json::from_value::<T>(v).map(|_| ()).map_err(|e| {
        let p = e.path().to_string();
        (if p == "." { String::new() } else { p }, e.into_inner().to_string())
    })
}

/// The value at a serde_path_to_error path (`matches[0].entries[3].op`).
fn at_path<'a>(doc: &'a Value, path: &str) -> Option<&'a Value> {
    let mut v = doc;
    for seg in path.split('.').filter(|s| !s.is_empty()) {
        let (name, rest) = seg.split_at(seg.find('[').unwrap_or(seg.len()));
        if !name.is_empty() {
            v = v.get(name)?;
        }
        for idx in rest.split(['[', ']']).filter(|s| !s.is_empty()) {
            v = v.get(idx.parse::<usize>().ok()?)?;
        }
    }
    Some(v)
}

/// serde loses the path inside internally tagged enums (`setup` by `game`, `op` by
/// `type`): read the value there again as its variant to name the field inside.
fn refine(doc: &Value, field: String, reason: String) -> ImportError {
    let last = field.rsplit('.').next().unwrap_or("");
    let Some(Value::Object(o)) = at_path(doc, &field) else { return ie(field, reason) };
    let mut rest = o.clone();
    let inner = match last {
        "setup" | "match" => {
            let Some(Value::String(game)) = rest.remove("game") else { return ie(field, reason) };
            let v = Value::Object(rest);
            match super::game::GameId::parse(&game) {
                Some(id) => super::game::by_game!(id; GameId => G: sub::<<G as super::game::Game>::Setup>(&v)),
                None => Ok(()),
            }
        }
        "op" => {
            let kind = rest.remove("type").and_then(|t| t.as_str().map(String::from)).unwrap_or_default();
            rest.iter()
                .map(|(k, v)| {
                    let r = match (k.as_str(), kind.as_str()) {
                        ("hand", _) => sub::<HandInput>(v),
                        ("target" | "reason" | "referee", _) => sub::<String>(v),
                        ("action", "clock") => sub::<super::ClockAction>(v),
                        ("action", _) => sub::<super::TimedAction>(v),
                        ("seat", _) => sub::<crate::rules::Seat>(v),
                        ("seconds", _) => sub::<u32>(v),
                        ("elapsed_ms", _) => sub::<Option<f64>>(v),
                        ("winner", _) => sub::<crate::rules::Team>(v),
                        ("start", _) => sub::<shengji::Start>(v),
                        _ => Ok(()),
                    };
                    r.map_err(|(p, why)| (if p.is_empty() { k.clone() } else { format!("{k}.{p}") }, why))
                })
                .find(Result::is_err)
                .unwrap_or(Ok(()))
        }
        _ => Ok(()),
    };
    match inner {
        Err((p, why)) if !p.is_empty() => ie(format!("{field}.{p}"), why),
        _ => ie(field, reason),
    }
}

fn envelope(text: &str, kind: &str) -> Result<Value, ImportError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(ie("", format!("the file is {} bytes; the limit is {} bytes", text.len(), MAX_IMPORT_BYTES)));
    }
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| ie("", format!("not valid JSON (line {}, column {}): {e}", e.line(), e.column())))?;
    if !doc.is_object() {
        return Err(ie("", "not a 裁判助手 file: the top level is not an object"));
    }
    if doc.get("app").and_then(Value::as_str) != Some(APP_ID) {
        return Err(ie("app", "missing or not \"referee\": this is not a 裁判助手 file"));
    }
    let doc = migrate(doc)?;
    match doc.get("kind").and_then(Value::as_str) {
        Some(k) if k == kind => Ok(doc),
        Some(k) => Err(ie("kind", format!("expected {kind:?}, found {k:?}"))),
        None => Err(ie("kind", "missing")),
    }
}

/// Reads one stored match value: every check of an import. Errors name the field.
pub fn load_stored(text: &str) -> Result<Match, ImportError> {
    let doc = envelope(text, "match")?;
    let s: Stored = typed(doc)?;
    validate_match(&s.data).map_err(|e| prefix("match", e))?;
    Ok(s.data)
}

/// Reads an export file (or a single stored match) for import: every match validated
/// before anything is returned. Errors name the field (`matches[2].entries[5].op…`).
pub fn parse_import(text: &str) -> Result<Vec<Match>, ImportError> {
    if let Ok(doc) = envelope(text, "match") {
        let s: Stored = typed(doc)?;
        validate_match(&s.data).map_err(|e| prefix("match", e))?;
        return Ok(vec![s.data]);
    }
    let doc = envelope(text, "export")?;
    let e: Export = typed(doc)?;
    let mut seen = HashSet::new();
    for (i, m) in e.matches.iter().enumerate() {
        validate_match(m).map_err(|err| prefix(&format!("matches[{i}]"), err))?;
        if !seen.insert(m.id.as_str()) {
            return Err(ie(format!("matches[{i}].id"), format!("{:?} appears twice in the file", m.id)));
        }
    }
    Ok(e.matches)
}

fn prefix(p: &str, e: ImportError) -> ImportError {
    let field = if e.field.is_empty() { p.to_string() } else { format!("{p}.{}", e.field) };
    ImportError { field, ..e }
}

/// Refuses any string in `v` (as its JSON value) longer than [`MAX_TEXT`] characters, naming
/// the first one by its path under `field` (`setup.preset.notes[2]`). One check for every
/// free text of every game, so a new field has its limit without being listed.
fn check_texts<T: Serialize>(v: &T, field: &str) -> Result<(), ImportError> {
    fn walk(v: &Value, path: &mut String) -> Result<(), ImportError> {
        match v {
            Value::String(s) if s.chars().count() > MAX_TEXT => {
                Err(ie(path.clone(), format!("text longer than {MAX_TEXT} characters ({})", s.chars().count())))
            }
            Value::Array(a) => a.iter().enumerate().try_for_each(|(i, x)| {
                let n = path.len();
                path.push_str(&format!("[{i}]"));
                walk(x, path)?;
                path.truncate(n);
                Ok(())
            }),
            Value::Object(o) => o.iter().try_for_each(|(k, x)| {
                let n = path.len();
                path.push('.');
                path.push_str(k);
                walk(x, path)?;
                path.truncate(n);
                Ok(())
            }),
            _ => Ok(()),
        }
    }
    // Through the one serializer and parser of `crate::json` (no other serde copy of the
    // schema in the wasm).
    let text = crate::json::to_string(v).map_err(|e| ie(field, e.to_string()))?;
    if text.len() <= MAX_TEXT {
        return Ok(()); // no string in it can be longer (the common hand entry)
    }
    let value: Value = serde_json::from_str(&text).map_err(|e| ie(field, e.to_string()))?;
    walk(&value, &mut field.to_string())
}

fn check_id(id: &str, field: &str) -> Result<(), ImportError> {
    if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(ie(field, format!("{id:?} is not an id (1–64 letters, digits, - or _)")));
    }
    Ok(())
}

/// Semantic checks of a whole match: ids, names, targets, and that every hand replays.
pub fn validate_match(m: &Match) -> Result<(), ImportError> {
    check_id(&m.id, "id")?;
    if m.title.chars().count() > MAX_TITLE {
        return Err(ie("title", format!("longer than {MAX_TITLE} characters")));
    }
    if !m.created_ms.is_finite() {
        return Err(ie("created_ms", "not a finite time"));
    }
    check_texts(&m.setup, "setup")?;
    let setup_err = |e: ImportError| prefix("setup", e);
    super::game::by_game!(&m.setup; Setup(s) => G: G::validate_setup(s)).map_err(setup_err)?;
    let mut prior = Match { entries: Vec::with_capacity(m.entries.len()), ..m.clone() };
    let mut index = LogIndex::default();
    for (i, e) in m.entries.iter().enumerate() {
        check_entry(&prior, &index, e).map_err(|err| prefix(&format!("entries[{i}]"), err))?;
        prior.entries.push(e.clone());
        index.push(e);
    }
    // Every hand must replay (a correction may not make a later hand impossible).
    let view = super::replay::replay(m);
    if let Some((id, err)) = view.first_error() {
        let i = m.entries.iter().position(|e| e.id == id).unwrap_or(0);
        return Err(prefix(&format!("entries[{i}].op.hand"), err.into()));
    }
    Ok(())
}

/// Checks a new entry against the log so far: unique id, a known target of the right
/// kind, a hand of the match's game that the engine accepts, and no change while locked
/// (except a reopen). Errors name the field relative to the entry.
pub fn check_new_entry(m: &Match, e: &Entry) -> Result<(), ImportError> {
    // Only what checking `e` looks at: entries with its id or its target, whether the
    // target is voided, and the lock — one pass with no hashing of the whole log (this
    // runs on every commit).
    let target = match &e.op {
        Op::Correct { target, .. } | Op::Void { target, .. } => Some(target.as_str()),
        _ => None,
    };
    let mut index = LogIndex::default();
    for x in &m.entries {
        if x.id == e.id || Some(x.id.as_str()) == target {
            index.by_id.insert(x.id.as_str(), x);
        }
    }
    // Whether a void's target is voided now: a void of a void takes one back, so only the
    // whole log tells (a void is rare; a hand does not pay for this).
    if matches!(e.op, Op::Void { .. } | Op::Correct { .. }) {
        index.voided = m.voided();
    }
    // A correction of a deleted hand would count for nothing (another tab deleted the hand
    // being edited here): refused when entered. Only new entries are checked so: a log
    // that already has one still reads.
    if let Op::Correct { target, .. } = &e.op {
        if index.voided.contains(target.as_str()) {
            return Err(ie("op.target", format!("{target:?} is deleted: a correction of it would not count")));
        }
    }
    index.locked = m.locked();
    check_entry(m, &index, e)
}

/// The largest time an entry may have, ms either side of 1970 (JavaScript's date range).
pub const MAX_TIME_MS: f64 = 8.64e15;

/// What checking the next entry needs to know about the log so far (ids, voids, lock),
/// kept up to date entry by entry so that validating a whole log is O(n), not O(n²).
#[derive(Default)]
struct LogIndex<'a> {
    order: Vec<&'a Entry>,
    by_id: HashMap<&'a str, &'a Entry>,
    voided: HashSet<&'a str>,
    locked: bool,
}

impl<'a> LogIndex<'a> {
    fn push(&mut self, e: &'a Entry) {
        self.order.push(e);
        self.by_id.insert(e.id.as_str(), e);
        match &e.op {
            Op::SignOff { .. } => self.locked = true,
            Op::Reopen { .. } => self.locked = false,
            Op::Void { target, .. } => {
                let t = self.by_id.get(target.as_str()).map(|t| &t.op);
                if matches!(t, Some(Op::Void { .. })) {
                    // A void of a void: what the voided void voided counts again (and so
                    // on down a chain) — decided afresh over the log (undo of a delete;
                    // rare).
                    self.voided = crate::record::voided_of(self.order.iter().copied());
                } else {
                    self.voided.insert(target.as_str());
                }
                if matches!(t, Some(Op::SignOff { .. } | Op::Reopen { .. } | Op::Void { .. })) {
                    // As `Match::locked`: the last sign-off / reopen that still counts.
                    self.locked = self
                        .order
                        .iter()
                        .rev()
                        .filter(|x| !self.voided.contains(x.id.as_str()))
                        .find_map(|x| match x.op {
                            Op::SignOff { .. } => Some(true),
                            Op::Reopen { .. } => Some(false),
                            _ => None,
                        })
                        .unwrap_or(false);
                }
            }
            _ => {}
        }
    }
}

fn check_entry(m: &Match, index: &LogIndex, e: &Entry) -> Result<(), ImportError> {
    check_id(&e.id, "id")?;
    if !e.at_ms.is_finite() || e.at_ms.abs() > MAX_TIME_MS {
        return Err(ie("at_ms", "not a time (ms since 1970, within a date's range)"));
    }
    if index.by_id.contains_key(e.id.as_str()) {
        return Err(ie("id", format!("{:?} is already in the log", e.id)));
    }
    check_texts(&e.op, "op")?;
    if let Some(a) = &e.after {
        if !e.op.advances() || m.setup.entries_independent() {
            return Err(ie("after", "only a hand or a move to the next game names the entry it follows"));
        }
        if a != super::START {
            check_id(a, "after")?;
        }
    }
    let by_id = &index.by_id;
    let locked = index.locked;
    if locked && !matches!(e.op, Op::Reopen { .. }) {
        return Err(ie("op", "the match is signed off (locked): reopen it first"));
    }
    let check_hand = |h: &HandInput| -> Result<(), ImportError> {
        let game = |e: ImportError| prefix(&format!("op.hand.{}", h.game()), e);
        super::game::by_game!((h, &m.setup); HandInput(h), Setup(s) => G: G::check_input(m, s, h).map_err(game);
            else Err(ie("op.hand", format!("a {} entry in a {} match", h.game(), m.setup.game()))))
    };
    match &e.op {
        Op::Hand { hand } => check_hand(hand)?,
        Op::Correct { target, hand } => {
            match by_id.get(target.as_str()) {
                Some(Entry { op: Op::Hand { .. }, .. }) => {}
                Some(_) => return Err(ie("op.target", format!("{target:?} is not a hand"))),
                None => return Err(ie("op.target", format!("no entry {target:?} in this match"))),
            }
            check_hand(hand)?;
        }
        Op::Void { target, .. } => {
            // (Its reason's length: `check_texts`.) A void may be voided too: that takes it back (undo of a delete).
            if !by_id.contains_key(target.as_str()) {
                return Err(ie("op.target", format!("no entry {target:?} in this match")));
            }
            if index.voided.contains(target.as_str()) {
                return Err(ie("op.target", format!("{target:?} is already voided")));
            }
        }
        Op::SignOff { referee } | Op::Reopen { reason: referee } => {
            if referee.chars().count() > MAX_TITLE {
                return Err(ie("op", format!("text longer than {MAX_TITLE} characters")));
            }
            if matches!(e.op, Op::Reopen { .. }) && !locked {
                return Err(ie("op", "the match is not locked"));
            }
        }
        Op::Overrun { seconds, .. } => {
            if *seconds > 24 * 3600 {
                return Err(ie("op.seconds", "more than a day"));
            }
        }
        Op::Ruling { referee, .. } => {
            if !m.setup.rulings() {
                return Err(ie(
                    "op",
                    format!("rulings are recorded for 升级 and 掼蛋 only, not in a {} match", m.setup.game()),
                ));
            }
            if referee.trim().is_empty() {
                return Err(ie("op.referee", "a ruling names the referee who made it"));
            }
            if referee.chars().count() > MAX_TITLE {
                return Err(ie("op.referee", format!("longer than {MAX_TITLE} characters")));
            }
        }
        Op::Clock { elapsed_ms: Some(ms), .. } | Op::TimeVerdict { elapsed_ms: Some(ms), .. }
            if !(0.0..=MAX_ELAPSED_MS).contains(ms) =>
        {
            return Err(ie("op.elapsed_ms", format!("{ms} is not 0…{MAX_ELAPSED_MS} ms")));
        }
        Op::Clock { .. } | Op::TimeVerdict { .. } | Op::NextGame { .. } => {}
    }
    Ok(())
}

/// The merged order of two logs of one match (`local`, `incoming`; an id in both is one
/// entry, in `local`'s version): each log keeps its own order — the order its device
/// entered or merged them in, so a correction follows its hand and a stone the stones
/// before it — and where neither log orders two entries, the earlier time (then the
/// smaller id) comes first. Symmetric: the same two logs give the same order whichever is
/// local, so two devices that sync both ways end with the same log.
pub fn interleave(local: &[Entry], incoming: &[Entry]) -> Vec<Entry> {
    let local_by_id: HashMap<&str, &Entry> = local.iter().map(|e| (e.id.as_str(), e)).collect();
    let mut taken: HashSet<&str> = HashSet::new();
    let mut out = Vec::with_capacity(local.len() + incoming.len());
    let (mut i, mut j) = (0, 0);
    loop {
        while local.get(i).is_some_and(|e| taken.contains(e.id.as_str())) {
            i += 1;
        }
        while incoming.get(j).is_some_and(|e| taken.contains(e.id.as_str())) {
            j += 1;
        }
        let e = match (local.get(i), incoming.get(j)) {
            (None, None) => break,
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (Some(a), Some(b)) => {
                if a.at_ms.total_cmp(&b.at_ms).then_with(|| a.id.cmp(&b.id)).is_le() {
                    a
                } else {
                    b
                }
            }
        };
        taken.insert(e.id.as_str());
        out.push((*local_by_id.get(e.id.as_str()).unwrap_or(&e)).clone());
    }
    out
}

/// What merging an import into the matches on this device did.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MergeReport {
    /// Matches that were new here.
    pub added: Vec<String>,
    /// Matches that gained entries: (id, entries added).
    pub extended: Vec<(String, usize)>,
    /// Matches already identical here.
    pub unchanged: Vec<String>,
    /// Entries whose id exists here with different content: (match id, entry id). The
    /// local entry is kept; the referee chooses (issue 8).
    pub conflicts: Vec<(String, String)>,
    /// Known matches whose set-up, title or creation time differ here (match ids): the
    /// local ones are kept, the incoming ones applied nowhere.
    #[serde(default)]
    pub setup_differs: Vec<String>,
    /// New entries of the file that do not fit this device's log (the same 双升 board
    /// entered on both devices, a hand after a game won here): (match id, entry id, why).
    /// The rest of the file is merged; these are left out.
    #[serde(default)]
    pub not_fitting: Vec<(String, String, String)>,
    /// New entries of the file that move the game on from the same entry as one here (two
    /// devices each entered the next hand, differently): (match id, this device's entry id,
    /// the file's entry id). This device's entry is kept; the file's is left out, with the
    /// file's new entries after it (listed in `not_fitting`), until the referee chooses.
    #[serde(default)]
    pub forks: Vec<(String, String, String)>,
    /// New entries of the file entered identically here after the same entry (the same
    /// hand entered on both devices): (match id, this device's entry id, the file's entry
    /// id). Kept once, as this device's; the file's entries after it merge.
    #[serde(default)]
    pub same_entry: Vec<(String, String, String)>,
}

impl MergeReport {
    /// Whether anything incoming was not applied (a conflicting entry, a set-up or title
    /// that differs, an entry that does not fit): after such a merge the incoming value is
    /// not all in storage.
    pub fn left_out(&self) -> bool {
        !self.conflicts.is_empty()
            || !self.setup_differs.is_empty()
            || !self.not_fitting.is_empty()
            || !self.forks.is_empty()
    }
}

/// The file's new entries that follow the same entry as one that counts here
/// ([`super::Entry::after`]), in a game whose hands follow each other: for each, this
/// device's entry, the file's, and whether they are the same entry in all but id and time.
/// Voids of both logs count (a hand deleted on either device is no fork).
fn forks_of<'a>(loc: &'a Match, inc: &'a Match, new: &HashSet<&str>) -> Vec<(&'a Entry, &'a Entry, bool)> {
    if loc.setup.entries_independent() || !inc.entries.iter().any(|e| e.after.is_some() && new.contains(e.id.as_str()))
    {
        return Vec::new();
    }
    let voided = super::voided_of(loc.entries.iter().chain(inc.entries.iter().filter(|e| new.contains(e.id.as_str()))));
    let counts = |e: &&Entry| e.op.advances() && !voided.contains(e.id.as_str());
    let mut here: HashMap<&str, &Entry> = HashMap::new();
    for e in loc.entries.iter().filter(counts) {
        if let Some(a) = &e.after {
            here.entry(a.as_str()).or_insert(e);
        }
    }
    inc.entries
        .iter()
        .filter(|e| new.contains(e.id.as_str()))
        .filter(counts)
        .filter_map(|e| {
            let l = here.get(e.after.as_deref()?)?;
            Some((*l, e, l.op == e.op))
        })
        .collect()
}

/// Merges `incoming` into `local` (both already validated): a new match is added; a known
/// match gains the entries it lacks (by entry id, in time order); an entry that differs is
/// reported as a conflict and the local one kept, as are a set-up, title or creation time
/// that differ (reported in `setup_differs`). Importing the same file twice changes
/// nothing the second time. Returns the merged matches that changed and a report; a merged
/// match that would not validate is refused with its error and nothing changes.
pub fn merge(local: &[Match], incoming: &[Match]) -> Result<(Vec<Match>, MergeReport), ImportError> {
    let mut report = MergeReport::default();
    let mut changed = Vec::new();
    for (i, inc) in incoming.iter().enumerate() {
        match local.iter().find(|m| m.id == inc.id) {
            None => {
                report.added.push(inc.id.clone());
                changed.push(inc.clone());
            }
            Some(loc) => {
                if loc.setup != inc.setup || loc.title != inc.title || loc.created_ms != inc.created_ms {
                    report.setup_differs.push(inc.id.clone());
                }
                let mut merged = loc.clone();
                let mut new = Vec::new();
                for e in &inc.entries {
                    match loc.entries.iter().find(|x| x.id == e.id) {
                        Some(x) if x == e => {}
                        Some(_) => report.conflicts.push((inc.id.clone(), e.id.clone())),
                        None => new.push(e),
                    }
                }
                // Two devices that each entered the next hand: the file's one is not merged
                // as the hand after this device's (the levels after it would be wrong).
                // The same hand entered on both is kept once; a different one is a fork,
                // left out with the file's new entries after it.
                let new_ids: HashSet<&str> = new.iter().map(|e| e.id.as_str()).collect();
                let mut drop: HashSet<&str> = HashSet::new();
                for (l, e, same) in forks_of(loc, inc, &new_ids) {
                    drop.insert(&e.id);
                    let row = (inc.id.clone(), l.id.clone(), e.id.clone());
                    if same {
                        report.same_entry.push(row);
                    } else {
                        report.forks.push(row);
                        let at = inc.entries.iter().position(|x| x.id == e.id).unwrap_or(0);
                        for x in inc.entries[at + 1..].iter().filter(|x| new_ids.contains(x.id.as_str())) {
                            if drop.insert(&x.id) {
                                report.not_fitting.push((
                                    inc.id.clone(),
                                    x.id.clone(),
                                    format!("after {:?}, which forks from {:?} here", e.id, l.id),
                                ));
                            }
                        }
                        break;
                    }
                }
                let kept: Vec<Entry>;
                let inc_entries: &[Entry] = if drop.is_empty() {
                    &inc.entries
                } else {
                    new.retain(|e| !drop.contains(e.id.as_str()));
                    kept = inc.entries.iter().filter(|e| !drop.contains(e.id.as_str())).cloned().collect();
                    &kept
                };
                let mut added = new.len();
                if added > 0 {
                    merged.entries = interleave(&loc.entries, inc_entries);
                }
                if added > 0 && validate_match(&merged).is_err() {
                    // Some new entries do not fit this device's log: this device's log as
                    // it is, then the file's new entries one by one; those that do not fit
                    // are left out (and reported) instead of refusing the whole file. In a
                    // game whose entries follow each other (every game but 双升's boards),
                    // the file's entries after one left out are left out too: they were
                    // entered after it (a reply to a stone that is not here).
                    merged = loc.clone();
                    added = 0;
                    let independent = loc.setup.entries_independent();
                    let mut left: Vec<&Entry> = Vec::new();
                    let mut why_of: HashMap<&str, String> = HashMap::new();
                    for e in new {
                        if !independent && !left.is_empty() {
                            why_of.insert(&e.id, format!("after {:?}, which does not fit", left[0].id));
                            left.push(e);
                            continue;
                        }
                        match merged.append_replayed(e.clone()) {
                            Ok(()) => added += 1,
                            Err(why) => {
                                why_of.insert(&e.id, why.to_string());
                                left.push(e);
                            }
                        }
                    }
                    // Independent entries: one may fit once another of the file is in.
                    while independent && !left.is_empty() {
                        let before = left.len();
                        left.retain(|e| merged.append_replayed((*e).clone()).is_err());
                        added += before - left.len();
                        if left.len() == before {
                            break;
                        }
                    }
                    for e in left {
                        report.not_fitting.push((
                            inc.id.clone(),
                            e.id.clone(),
                            why_of.remove(e.id.as_str()).unwrap_or_default(),
                        ));
                    }
                }
                if added == 0 {
                    report.unchanged.push(inc.id.clone());
                    continue;
                }
                validate_match(&merged).map_err(|e| prefix(&format!("matches[{i}] (merged)"), e))?;
                report.extended.push((inc.id.clone(), added));
                changed.push(merged);
            }
        }
    }
    Ok((changed, report))
}

/// Test helper for every game whose hands follow each other: two devices each append the
/// next entry (`a` here, `b` there) to the same log `base`. Merging one into the other keeps
/// this device's log and reports a fork when `a` and `b` differ; the same hand entered on
/// both is kept once; and a device that had seen the other's hand merges its next one as
/// the hand after it.
#[cfg(test)]
pub(crate) fn assert_forks_are_seen(base: &Match, a: &Op, b: &Op) {
    assert_ne!(a, b, "two different next entries");
    let put = |m: &Match, id: &str, op: &Op| {
        let mut m = m.clone();
        m.append(super::Entry { after: None, id: id.into(), at_ms: 9e12, op: op.clone() }).unwrap();
        m
    };
    let here = put(base, "here5", a);
    let there = put(base, "there5", b);
    let there_more = put(&there, "there6", a);
    for (x, y) in [(&here, &there_more), (&there, &here)] {
        let (changed, r) = merge(std::slice::from_ref(x), std::slice::from_ref(y)).unwrap();
        let (xi, yi) =
            (&x.entries.last().unwrap().id, &y.entries.iter().rev().find(|e| e.id.ends_with('5')).unwrap().id);
        assert_eq!(r.forks, vec![(x.id.clone(), xi.clone(), yi.clone())], "{r:?}");
        assert!(changed.is_empty(), "this device's log stays as it was: {r:?}");
        assert!(r.left_out());
        if y.entries.len() > there.entries.len() {
            assert_eq!(r.not_fitting.len(), 1, "the file's hand after the fork goes with it: {r:?}");
        }
    }
    // The same hand entered on both devices: kept once.
    let same = put(base, "same5", a);
    let (changed, r) = merge(std::slice::from_ref(&here), std::slice::from_ref(&same)).unwrap();
    assert_eq!(r.same_entry, vec![(here.id.clone(), "here5".to_string(), "same5".to_string())]);
    assert!(changed.is_empty() && r.forks.is_empty() && !r.left_out(), "{r:?}");
    // A device that had the other's hand 5: its hand 6 follows it, no fork.
    let (changed, r) = merge(std::slice::from_ref(&here), std::slice::from_ref(&put(&here, "next6", b))).unwrap();
    assert!(r.forks.is_empty(), "{r:?}");
    assert_eq!(changed[0].entries.last().unwrap().id, "next6");
    assert_eq!(changed[0].entries.last().unwrap().after.as_deref(), Some("here5"));
    // A hand 5 deleted there and entered again: no fork with this device's (deleted) one.
    let mut redo = put(&here, "del", &Op::Void { target: "here5".into(), reason: String::new() });
    redo = put(&redo, "redo5", b);
    assert_eq!(redo.entries.last().unwrap().after, here.entries.last().unwrap().after);
    let (changed, r) = merge(std::slice::from_ref(&here), std::slice::from_ref(&redo)).unwrap();
    assert!(r.forks.is_empty(), "{r:?}");
    assert_eq!(changed[0].entries.len(), redo.entries.len());
}

#[cfg(test)]
mod tests {
    #[test]
    fn imported_bytes_must_be_utf8_and_the_first_bad_byte_is_named() {
        assert_eq!(import_utf8("{\"n\":\"王强\"}".as_bytes().to_vec()), Ok("{\"n\":\"王强\"}".to_string()));
        assert_eq!(import_utf8(b"\xEF\xBB\xBF{}".to_vec()), Ok("{}".to_string()));
        // "王" cut short after its first byte, right after the 6 bytes of `{"n":"`.
        let mut bad = b"{\"n\":\"".to_vec();
        bad.push(0xE7);
        bad.extend_from_slice("强\"}".as_bytes());
        assert_eq!(import_utf8(bad), Err(6));
        assert_eq!(import_utf8(vec![b'a', 0xFF]), Err(1));
        assert_eq!(import_utf8(b"\xEF\xBB\xBF\xC0".to_vec()), Err(3));
    }

    use super::*;
    use crate::record::sample;

    #[test]
    fn shengji_forks_are_seen() {
        let base = sample::shengji_sample(1_700_000_000_000.0);
        let hand = |points| Op::Hand {
            hand: HandInput::Shengji(crate::rules::shengji::Hand { points, ..Default::default() }),
        };
        assert_forks_are_seen(&base, &hand(40), &hand(60));
    }

    #[test]
    fn a_hand_names_the_hand_it_follows_and_old_entries_none() {
        let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
        let hand = |points| Op::Hand {
            hand: HandInput::Shengji(crate::rules::shengji::Hand { points, ..Default::default() }),
        };
        let put =
            |m: &mut Match, id: &str, op: Op| m.append(Entry { after: None, id: id.into(), at_ms: 1.0, op }).unwrap();
        put(&mut m, "c", Op::Clock { action: crate::record::ClockAction::Start, elapsed_ms: None });
        put(&mut m, "h1", hand(40));
        put(&mut m, "h2", hand(60));
        put(&mut m, "d2", Op::Void { target: "h2".into(), reason: String::new() });
        put(&mut m, "h2b", hand(85));
        let after: Vec<_> = m.entries.iter().map(|e| e.after.as_deref()).collect();
        assert_eq!(after, [None, Some(crate::record::START), Some("h1"), None, Some("h1")]);
        // An undo of the delete brings h2 back: the next hand follows h2b, the newest.
        put(&mut m, "u", Op::Void { target: "d2".into(), reason: String::new() });
        assert_eq!(m.predecessor(), "h2b");
        // Stored and read back as written; a schema-2 document (no `after`) still reads.
        assert_eq!(load_stored(&store_match(&m)).unwrap(), m);
        let old = store_match(&sample::shengji_sample(1.0)).replace("\"schema_version\":3", "\"schema_version\":2");
        let old = old.replace(",\"after\":\"^\"", "");
        let old = regex_free_strip_after(&old);
        let read = load_stored(&old).unwrap();
        assert!(read.entries.iter().all(|e| e.after.is_none()));
        // `after` only on entries that move the game on.
        let mut bad = m.clone();
        bad.entries[0].after = Some("h1".into());
        assert_eq!(validate_match(&bad).unwrap_err().field, "entries[0].after");
    }

    /// `text` without any `"after":"…"` member (a schema-2 document).
    fn regex_free_strip_after(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(i) = rest.find("\"after\":\"") {
            out.push_str(&rest[..i]);
            let tail = &rest[i + 9..];
            let end = tail.find('"').unwrap();
            rest = tail[end + 1..].strip_prefix(',').unwrap_or(&tail[end + 1..]);
        }
        out.push_str(rest);
        out
    }

    #[test]
    fn every_free_text_has_a_limit_named_by_its_path() {
        let mut m = sample::shengji_sample(1_700_000_000_000.0);
        validate_match(&m).unwrap();
        let long = "长".repeat(MAX_TEXT + 1);
        let mut bad = m.clone();
        let Setup::Shengji(s) = &mut bad.setup else { panic!("a 升级 sample") };
        s.preset.notes.push(long.clone());
        let k = s.preset.notes.len() - 1;
        let e = validate_match(&bad).unwrap_err();
        assert_eq!(e.field, format!("setup.preset.notes[{k}]"), "{e}");
        let mut bad = m.clone();
        let Setup::Shengji(s) = &mut bad.setup else { panic!() };
        s.preset.source = long.clone();
        assert_eq!(validate_match(&bad).unwrap_err().field, "setup.preset.source");
        // A hand's penalty note, at entry: refused, and nothing is appended.
        let mut hand = crate::rules::shengji::Hand { points: 40, ..Default::default() };
        hand.penalties.push(crate::rules::shengji::Penalty {
            team: crate::rules::Team::A,
            kind: "wrong_card".into(),
            cards: 1,
            unit: None,
            points: None,
            seat: None,
            trick: None,
            note: long,
        });
        let n = m.entries.len();
        let entry = |id: &str, hand| Entry {
            after: None,
            id: id.into(),
            at_ms: 1_700_000_100_000.0,
            op: Op::Hand { hand: HandInput::Shengji(hand) },
        };
        let err = m.append(entry("h-long", hand.clone())).unwrap_err();
        assert!(err.field.starts_with("op.hand"), "{err}");
        assert!(err.field.ends_with("penalties[0].note"), "{err}");
        assert_eq!(m.entries.len(), n);
        hand.penalties[0].note = "长".repeat(MAX_TEXT);
        m.append(entry("h-500", hand)).unwrap();
    }

    #[test]
    fn store_and_load_round_trip() {
        let m = sample::shengji_sample(1_700_000_000_000.0);
        let text = store_match(&m);
        assert_eq!(load_stored(&text).unwrap(), m);
    }

    #[test]
    fn splicing_an_entry_onto_a_stored_tail_equals_storing_the_longer_tail() {
        let m = sample::shengji_sample(1_700_000_000_000.0);
        let mut entries = m.entries.clone();
        // Text that JSON must escape.
        entries.push(Entry {
            after: None,
            id: "v-x".into(),
            at_ms: 9e12,
            op: Op::Void { target: entries[0].id.clone(), reason: "\"]}}\u{2028}\n\\".into() },
        });
        let id = "m-\"]}";
        let mut text = store_tail(id, 3, &[]);
        for k in 0..entries.len() {
            text = store_tail_appended(&text, &entries[k]).expect("a stored tail has the shape");
            assert_eq!(text, store_tail(id, 3, &entries[..=k]));
            assert_eq!(parse_tail(&text).unwrap().entries, entries[..=k]);
        }
        assert_eq!(store_tail_appended("{\"not\":\"stored\"}", &entries[0]), None);
    }

    #[test]
    fn a_match_is_read_back_from_its_value_and_its_tail() {
        let m = sample::shengji_sample(1_700_000_000_000.0);
        let n = m.entries.len();
        assert!(n >= 6);
        let mut head = m.clone();
        head.entries.truncate(n - 4);
        // The tail built entry by entry by splicing equals the tail stored at once.
        let mut tail = store_tail(&m.id, n - 4, &[]);
        for e in &m.entries[n - 4..] {
            tail = store_tail_appended(&tail, e).unwrap();
        }
        assert_eq!(tail, store_tail(&m.id, n - 4, &m.entries[n - 4..]));
        assert_eq!(load_stored_parts(&store_match(&head), Some(&tail)).unwrap(), m);
        assert_eq!(load_stored_parts(&store_match(&m), None).unwrap(), m);
        // A whole-match write that stopped before its tail was removed: the overlap is read once.
        assert_eq!(load_stored_parts(&store_match(&m), Some(&tail)).unwrap(), m);
        // A version-1 value (before tails) still reads.
        let v1 = store_match(&m).replacen("\"schema_version\":2", "\"schema_version\":1", 1);
        assert_eq!(load_stored_parts(&v1, None).unwrap(), m);
        // Gaps, disagreements, another match, bad fields: refused, naming the field.
        head.entries.truncate(n - 6);
        let e = load_stored_parts(&store_match(&head), Some(&tail)).unwrap_err();
        assert_eq!(e.field, "tail.from", "{e}");
        let other = store_tail(&m.id, n - 4, &m.entries[n - 3..]);
        let e = load_stored_parts(&store_match(&m), Some(&other)).unwrap_err();
        assert_eq!(e.field, "tail.entries[0].id", "{e}");
        let e = load_stored_parts(&store_match(&m), Some(&store_tail("someone-else", 0, &[]))).unwrap_err();
        assert_eq!(e.field, "tail.match_id", "{e}");
        let mut v: Value = serde_json::from_str(&tail).unwrap();
        v["entries"][1]["op"]["hand"]["shengji"]["points"] = Value::from("eighty");
        let e = load_stored_parts(&store_match(&m), Some(&v.to_string())).unwrap_err();
        assert!(e.field.starts_with("tail.entries[1].op"), "{e}");
        let e = load_stored_parts(&store_match(&m), Some("{\"app\":\"referee\",")).unwrap_err();
        assert_eq!(e.field, "tail", "{e}");
    }

    proptest::proptest! {
        /// The one-pass check of a new entry gives what the full log index gives.
        #[test]
        fn checking_a_new_entry_equals_checking_it_with_the_full_index(
            ops in proptest::collection::vec((0u8..8, 0usize..40, 0i32..41), 1..40),
        ) {
            use crate::rules::shengji::Hand;
            let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
            for (i, (k, back, p)) in ops.into_iter().enumerate() {
                let ids: Vec<String> = m.entries.iter().map(|e| e.id.clone()).collect();
                let target = if ids.is_empty() { "none".to_string() } else { ids[back % ids.len()].clone() };
                let hand = HandInput::Shengji(Hand { points: p * 5 + (k as i32 % 2) * 3, ..Default::default() });
                let op = match k {
                    0 | 1 => Op::Hand { hand },
                    2 => Op::Correct { target, hand },
                    3 => Op::Void { target, reason: String::new() },
                    4 => Op::SignOff { referee: "r".into() },
                    5 => Op::Reopen { reason: "x".into() },
                    6 => Op::Overrun { seat: crate::rules::Seat::N, action: super::super::TimedAction::Play, seconds: 3 },
                    _ => Op::Clock { action: super::super::ClockAction::Start, elapsed_ms: None },
                };
                // Sometimes an id already in the log.
                let id = if back % 7 == 0 && !ids.is_empty() { ids[back % ids.len()].clone() } else { format!("e{i}") };
                let e = Entry { after: None, id, at_ms: i as f64, op };
                let mut full = LogIndex::default();
                for x in &m.entries {
                    full.push(x);
                }
                // The index kept entry by entry (voids of voids included) agrees with the
                // log's own view.
                proptest::prop_assert_eq!(&full.voided, &m.voided());
                proptest::prop_assert_eq!(full.locked, m.locked());
                // Plus the rule for new entries only: no correction of a deleted hand.
                let want = match &e.op {
                    Op::Correct { target, .. } if full.voided.contains(target.as_str()) => {
                        Err(ie("op.target", format!("{target:?} is deleted: a correction of it would not count")))
                    }
                    _ => check_entry(&m, &full, &e),
                };
                proptest::prop_assert_eq!(check_new_entry(&m, &e), want.clone());
                if want.is_ok() {
                    m.entries.push(e);
                }
            }
        }
    }

    #[test]
    fn export_import_round_trip_and_idempotent_merge() {
        let m = sample::shengji_sample(1_700_000_000_000.0);
        let file = export(std::slice::from_ref(&m), 1.0);
        let got = parse_import(&file).unwrap();
        assert_eq!(got, vec![m.clone()]);
        let (changed, rep) = merge(std::slice::from_ref(&m), &got).unwrap();
        assert!(changed.is_empty());
        assert_eq!(rep.unchanged, vec![m.id.clone()]);
    }

    #[test]
    fn errors_name_the_field() {
        let m = sample::shengji_sample(0.0);
        let mut v: Value = serde_json::from_str(&export(&[m], 0.0)).unwrap();
        v["matches"][0]["entries"][1]["op"]["hand"]["shengji"]["points"] = Value::from(83);
        let e = parse_import(&v.to_string()).unwrap_err();
        assert_eq!(e.field, "matches[0].entries[1].op.hand.shengji.points", "{e}");
        v["matches"][0]["entries"][1]["op"]["hand"]["shengji"]["points"] = Value::from("eighty");
        let e = parse_import(&v.to_string()).unwrap_err();
        assert!(e.field.starts_with("matches[0].entries[1].op"), "{e}");
    }

    #[test]
    fn foreign_and_newer_files_are_refused() {
        assert_eq!(parse_import("[1,2]").unwrap_err().field, "");
        assert_eq!(parse_import(r#"{"app":"other"}"#).unwrap_err().field, "app");
        let e = parse_import(r#"{"app":"referee","schema_version":99,"kind":"export","matches":[]}"#).unwrap_err();
        assert!(e.reason.contains("newer"), "{e}");
        let big = " ".repeat(MAX_IMPORT_BYTES + 1);
        assert!(parse_import(&big).unwrap_err().reason.contains("limit"));
    }

    #[test]
    fn migration_hook_upgrades_old_documents() {
        fn v0_to_v1(mut d: Value) -> Result<Value, ImportError> {
            // Version 0 (hypothetical) called the match list "games".
            let games = d.as_object_mut().unwrap().remove("games").ok_or_else(|| ie("games", "missing"))?;
            d["matches"] = games;
            Ok(d)
        }
        let doc = serde_json::json!({"schema_version": 0, "app": "referee", "kind": "export", "games": []});
        let out = migrate_with(doc, 1, &[Some(v0_to_v1)]).unwrap();
        assert_eq!(out["schema_version"], 1);
        assert!(out["matches"].is_array());
        let doc = serde_json::json!({"schema_version": 0});
        assert!(migrate_with(doc, 1, &[None]).is_err());
    }

    #[test]
    fn locked_match_refuses_entries_until_reopened() {
        let mut m = sample::shengji_sample(0.0);
        let n = m.entries.len();
        m.append(Entry { after: None, id: "s1".into(), at_ms: 1.0, op: Op::SignOff { referee: "王".into() } }).unwrap();
        let hand = Op::Hand { hand: HandInput::Shengji(shengji::Hand { points: 40, ..Default::default() }) };
        assert!(m.append(Entry { after: None, id: "h-x".into(), at_ms: 2.0, op: hand.clone() }).is_err());
        m.append(Entry { after: None, id: "r1".into(), at_ms: 3.0, op: Op::Reopen { reason: "录入错误".into() } })
            .unwrap();
        m.append(Entry { after: None, id: "h-x".into(), at_ms: 4.0, op: hand }).unwrap();
        assert_eq!(m.entries.len(), n + 3);
    }

    #[test]
    fn merge_adds_missing_entries_and_reports_conflicts() {
        let base = sample::shengji_sample(0.0);
        let mut a = base.clone();
        let mut b = base.clone();
        let h = |p| Op::Hand { hand: HandInput::Shengji(shengji::Hand { points: p, ..Default::default() }) };
        a.append(Entry { after: None, id: "x1".into(), at_ms: 9e12, op: h(40) }).unwrap();
        b.append(Entry { after: None, id: "x1".into(), at_ms: 9e12, op: h(60) }).unwrap();
        b.append(Entry { after: None, id: "x2".into(), at_ms: 9.1e12, op: h(60) }).unwrap();
        let (changed, rep) = merge(&[a], &[b]).unwrap();
        assert_eq!(rep.conflicts, vec![(base.id.clone(), "x1".to_string())]);
        assert_eq!(changed[0].entries.len(), base.entries.len() + 2);
        assert!(rep.setup_differs.is_empty() && rep.left_out());
    }

    /// The other device's clock is 10 minutes behind: its new hand and its correction of
    /// this device's hand carry earlier times. Merged in the order they were entered
    /// (after this device's log), not by time: the correction follows its hand, the new
    /// hand is the last one.
    #[test]
    fn merge_keeps_the_order_entries_were_entered_in_not_the_clocks() {
        let h = |p| Op::Hand { hand: HandInput::Shengji(shengji::Hand { points: p, ..Default::default() }) };
        let mut here = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
        here.append(Entry { after: None, id: "h1".into(), at_ms: 1_000_000.0, op: h(40) }).unwrap();
        here.append(Entry { after: None, id: "h2".into(), at_ms: 1_100_000.0, op: h(60) }).unwrap();
        let mut there = here.clone();
        there
            .append(Entry {
                after: None,
                id: "c1".into(),
                at_ms: 500_000.0,
                op: Op::Correct { target: "h2".into(), hand: shengji_hand(70) },
            })
            .unwrap();
        there.append(Entry { after: None, id: "h3".into(), at_ms: 600_000.0, op: h(85) }).unwrap();
        let (changed, rep) = merge(std::slice::from_ref(&here), std::slice::from_ref(&there)).unwrap();
        assert_eq!(rep.extended, vec![("m".to_string(), 2)]);
        let ids: Vec<&str> = changed[0].entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["h1", "h2", "c1", "h3"]);
        assert_eq!(changed[0], there);
        // A time no date can have is refused when the file is read, naming it.
        let mut bad = there.clone();
        bad.entries.push(Entry { after: None, id: "h4".into(), at_ms: 1e308, op: h(0) });
        let err = parse_import(&export(&[bad], 1.0)).unwrap_err();
        assert!(err.field.ends_with("entries[4].at_ms"), "{err}");
    }

    /// A file whose new hand does not fit this device's log (the game was won here by
    /// another hand before it) is left out and named, with the entries the file has after
    /// it (they were entered after it); the report says something was left out.
    #[test]
    fn an_entry_that_does_not_fit_is_left_out_with_what_follows_it() {
        let h = |p| Op::Hand { hand: shengji_hand(p) };
        let mut base = sample::shengji_sample(0.0);
        base.append(Entry { after: None, id: "h85".into(), at_ms: 1e12, op: h(85) }).unwrap();
        let mut here = base.clone();
        here.append(Entry { after: None, id: "won".into(), at_ms: 1.1e12, op: h(40) }).unwrap();
        let mut there = base.clone();
        there.append(Entry { after: None, id: "theirs".into(), at_ms: 1.15e12, op: h(85) }).unwrap();
        let overrun = Op::Overrun { seat: crate::rules::Seat::N, action: super::super::TimedAction::Play, seconds: 5 };
        there.append(Entry { after: None, id: "o1".into(), at_ms: 1.2e12, op: overrun }).unwrap();
        // Entered by a schema-2 build, which names no predecessor (with one, "theirs" and
        // "won" follow the same hand: a fork, shengji_forks_are_seen).
        there.entries.iter_mut().skip(base.entries.len()).for_each(|e| e.after = None);
        let (changed, rep) = merge(std::slice::from_ref(&here), std::slice::from_ref(&there)).unwrap();
        assert!(changed.is_empty());
        assert_eq!(rep.unchanged, vec![here.id.clone()]);
        let got: Vec<(&str, &str)> = rep.not_fitting.iter().map(|(_, e, why)| (e.as_str(), why.as_str())).collect();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].0, "theirs");
        assert!(got[0].1.contains("game over"), "{}", got[0].1);
        assert_eq!(got[1], ("o1", "after \"theirs\", which does not fit"));
        assert!(rep.left_out());
    }

    /// Two devices correct the same hand, each its own way, and sync both ways: they end
    /// with the same log (the later correction in force on both), whichever imports first.
    #[test]
    fn two_devices_that_sync_both_ways_end_with_the_same_log() {
        let mut base = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
        base.append(Entry { after: None, id: "h1".into(), at_ms: 1_000.0, op: Op::Hand { hand: shengji_hand(40) } })
            .unwrap();
        let (mut a, mut b) = (base.clone(), base.clone());
        a.append(Entry {
            after: None,
            id: "ca".into(),
            at_ms: 2_000.0,
            op: Op::Correct { target: "h1".into(), hand: shengji_hand(60) },
        })
        .unwrap();
        b.append(Entry {
            after: None,
            id: "cb".into(),
            at_ms: 3_000.0,
            op: Op::Correct { target: "h1".into(), hand: shengji_hand(70) },
        })
        .unwrap();
        let a2 = merge(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap().0.remove(0);
        let b2 = merge(std::slice::from_ref(&b), std::slice::from_ref(&a)).unwrap().0.remove(0);
        assert_eq!(a2, b2);
        let ids: Vec<&str> = a2.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["h1", "ca", "cb"]);
        // Syncing again changes nothing.
        let (changed, rep) = merge(std::slice::from_ref(&a2), std::slice::from_ref(&b2)).unwrap();
        assert!(changed.is_empty() && !rep.left_out());
    }

    fn shengji_hand(points: i32) -> HandInput {
        HandInput::Shengji(shengji::Hand { points, ..Default::default() })
    }

    #[test]
    fn merge_reports_a_set_up_or_title_that_differs_and_keeps_the_local_one() {
        let base = sample::shengji_sample(0.0);
        let mut b = base.clone();
        b.title = "another title".into();
        let (changed, rep) = merge(std::slice::from_ref(&base), &[b]).unwrap();
        assert!(changed.is_empty());
        assert_eq!((rep.unchanged.clone(), rep.setup_differs.clone()), (vec![base.id.clone()], vec![base.id.clone()]));
        assert!(rep.left_out());
        let (_, rep) = merge(std::slice::from_ref(&base), std::slice::from_ref(&base)).unwrap();
        assert!(!rep.left_out());
    }
}
