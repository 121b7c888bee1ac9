//! Reading a document: envelope, version, typed parse with the failing field's path,
//! then [`load_stored`] and [`parse_import`].

use super::*;

pub(super) fn typed<T: for<'de> Deserialize<'de>>(doc: Value) -> Result<T, ImportError> {
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
    // serde's own words (English), inside a typed "the value does not read": the UI says them
    // in its language where their wording is known (Arg::Detail).
    let ie = |field: String, reason: String| said!(field, "imp.bad_value", detail = Arg::Detail(reason));
    let last = field.rsplit('.').next().unwrap_or("");
    let Some(Value::Object(o)) = at_path(doc, &field) else { return ie(field, reason) };
    let mut rest = o.clone();
    let inner = match last {
        "setup" | "match" => {
            let Some(Value::String(game)) = rest.remove("game") else { return ie(field, reason) };
            let v = Value::Object(rest);
            match crate::record::game::GameId::parse(&game) {
                Some(id) => {
                    crate::record::game::by_game!(id; GameId => G: sub::<<G as crate::record::game::Game>::Setup>(&v))
                }
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
                        ("action", "clock") => sub::<crate::record::ClockAction>(v),
                        ("action", _) => sub::<crate::record::TimedAction>(v),
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

/// The JSON value of a file's text: refused when longer than [`MAX_IMPORT_BYTES`], not
/// JSON (naming the line and column), or with a key given twice in one object (naming its
/// path, [`no_duplicate_keys`]). The first step of reading any of the app's files.
pub fn read_json(text: &str) -> Result<Value, ImportError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(said!(
            "",
            "imp.file_size",
            n = Arg::Num(text.len() as i64),
            max = Arg::Num(MAX_IMPORT_BYTES as i64)
        ));
    }
    let doc = serde_json::from_str(text).map_err(|e| {
        // The line and column are slots of their own: the detail without serde_json's
        // trailing "at line L column C".
        let detail = e.to_string();
        let detail = detail.rsplit_once(" at line ").map_or(detail.as_str(), |(d, _)| d).to_string();
        said!(
            "",
            "imp.not_json",
            line = Arg::Num(e.line() as i64),
            column = Arg::Num(e.column() as i64),
            detail = Arg::Detail(detail)
        )
    })?;
    no_duplicate_keys(text)?;
    Ok(doc)
}

/// Refuses JSON `text` in which an object has the same key twice (`"points": 30, "points":
/// 120`): a parsed value keeps the last one without a word, so the file would not say what
/// it seems to. Error: the path of the second key (`match.entries[0].op.hand.shengji.points`),
/// key `imp.duplicate_key`. `text` must be JSON (see [`crate::json::duplicate_key`]).
pub fn no_duplicate_keys(text: &str) -> Result<(), ImportError> {
    match crate::json::duplicate_key(text) {
        Some((path, key)) => Err(said!(path, "imp.duplicate_key", key = Arg::Text(format!("{key:?}")))),
        None => Ok(()),
    }
}

pub(super) fn envelope(text: &str, kind: &str) -> Result<Value, ImportError> {
    let doc = read_json(text)?;
    if !doc.is_object() {
        return Err(said!("", "imp.not_object"));
    }
    if doc.get("app").and_then(Value::as_str) != Some(APP_ID) {
        return Err(said!("app", "imp.not_app"));
    }
    let doc = migrate(doc)?;
    check_kind(&doc, kind, true)?;
    Ok(doc)
}

/// Checks a document's `kind` (`match`, `event`, `roster`): another kind is refused
/// (`imp.kind`, naming both), and so is none when `required` (`imp.missing`).
pub fn check_kind(doc: &Value, want: &str, required: bool) -> Result<(), ImportError> {
    match doc.get("kind").and_then(Value::as_str) {
        Some(k) if k == want => Ok(()),
        Some(k) => Err(said!(
            "kind",
            "imp.kind",
            want = Arg::Text(format!("{:?}", want)),
            found = Arg::Text(format!("{:?}", k))
        )),
        None if required => Err(said!("kind", "imp.missing")),
        None => Ok(()),
    }
}

/// A typed read's error as a file's error (`imp.bad_value`): the failing field's path
/// (empty for the document itself) and serde's own words.
pub fn bad_value(e: crate::json::PathError) -> ImportError {
    let path = e.path().to_string();
    said!(
        if path == "." { String::new() } else { path },
        "imp.bad_value",
        detail = Arg::Detail(e.into_inner().to_string())
    )
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
    check_time(e.exported_ms, "exported_ms")?;
    let mut seen = HashSet::new();
    for (i, m) in e.matches.iter().enumerate() {
        validate_match(m).map_err(|err| prefix(&format!("matches[{i}]"), err))?;
        if !seen.insert(m.id.as_str()) {
            return Err(said!(format!("matches[{i}].id"), "imp.twice_in_file", id = Arg::Text(format!("{:?}", m.id))));
        }
    }
    Ok(e.matches)
}

pub fn prefix(p: &str, e: ImportError) -> ImportError {
    let field = if e.field.is_empty() { p.to_string() } else { format!("{p}.{}", e.field) };
    ImportError { field, ..e }
}
