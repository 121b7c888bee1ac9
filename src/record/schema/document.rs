//! The documents written: a stored match ([`Stored`]) and its [`Tail`] (the newest entries
//! under their own key), an [`Export`] file; and reading a stored match back from its parts.

use super::*;

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
    /// Events carried along (`导出全部`), each a stored event document (`kind: "event"`, its
    /// own schema version), read by [`crate::tournament::parse_bundle`]; absent in files of
    /// one match or of an event's matches alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Value>,
    /// The roster carried along (`导出全部`), a stored roster document (`kind: "roster"`),
    /// read by [`crate::tournament::parse_roster`]; absent in other files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roster: Option<Value>,
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
        return Err(said!(
            "match_id",
            "imp.tail_other",
            id = Arg::Text(format!("{:?}", t.match_id)),
            this = Arg::Text(format!("{:?}", m.id))
        ));
    }
    let have = m.entries.len();
    if t.from > have {
        return Err(said!("from", "imp.tail_gap", from = Arg::Num(t.from as i64), have = Arg::Num(have as i64)));
    }
    for (i, e) in t.entries.into_iter().enumerate() {
        let at = t.from + i;
        match m.entries.get(at) {
            Some(x) if x.id == e.id => {}
            Some(x) => {
                return Err(said!(
                    format!("entries[{i}].id"),
                    "imp.tail_differs",
                    id = Arg::Text(format!("{:?}", e.id)),
                    have = Arg::Text(format!("{:?}", x.id)),
                    at = Arg::Num(at as i64)
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
    #[serde(skip_serializing_if = "<[Value]>::is_empty")]
    events: &'a [Value],
    #[serde(skip_serializing_if = "Option::is_none")]
    roster: Option<&'a Value>,
}

/// Serializes matches (owned or shared) as an export file (pretty JSON).
pub fn export<M: std::borrow::Borrow<Match>>(matches: &[M], now_ms: f64) -> String {
    export_with(matches, &[], now_ms)
}

/// [`export`] carrying `events` too (stored event documents, see [`Export::events`]).
pub fn export_with<M: std::borrow::Borrow<Match>>(matches: &[M], events: &[Value], now_ms: f64) -> String {
    export_with_roster(matches, events, None, now_ms)
}

/// [`export_with`] carrying a roster document too (see [`Export::roster`]).
pub fn export_with_roster<M: std::borrow::Borrow<Match>>(
    matches: &[M],
    events: &[Value],
    roster: Option<&Value>,
    now_ms: f64,
) -> String {
    let e = ExportRef {
        schema_version: SCHEMA_VERSION,
        app: APP_ID,
        kind: "export",
        exported_ms: now_ms,
        matches: matches.iter().map(|m| m.borrow()).collect(),
        events,
        roster,
    };
    crate::json::to_string_pretty(&e).expect("an export always serializes")
}
