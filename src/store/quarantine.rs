//! Quarantine: a value that does not read is moved aside (`referee.quarantine.<ms>.<key>`),
//! reported and never dropped; [`restore`] reads one back.

use super::*;

/// The reason of a value holding another id than its key's: `key` (a `q.*` row of the
/// string table with slot `{id}`) naming the id found inside.
pub fn other_id(key: &'static str, id: &str) -> ImportError {
    ImportError::said("", key, vec![("id", Arg::Text(format!("{id:?}")))])
}

/// Where a value of `key` moved aside at `now_ms` is kept: `referee.quarantine.<ms>.<key>`.
pub fn quarantine_key(key: &str, now_ms: f64) -> String {
    format!("{QUARANTINE_PREFIX}{}.{}", now_ms as u64, key)
}

/// The key a quarantined value was moved from (`referee.quarantine.<ms>.<key>` → `<key>`);
/// `None` for a key not of that form.
pub fn original_key(moved_to: &str) -> Option<&str> {
    moved_to.strip_prefix(QUARANTINE_PREFIX)?.split_once('.').map(|(_, key)| key)
}

/// Removes a quarantined value (once what it held is stored again); a key outside
/// [`QUARANTINE_PREFIX`] is left alone.
pub fn drop_quarantined(moved_to: &str) {
    if let (true, Some(s)) = (moved_to.starts_with(QUARANTINE_PREFIX), raw()) {
        let _ = s.remove_item(moved_to);
    }
}

/// Moves a raw value aside (never deletes it unless the copy was written).
pub fn quarantine(key: &str, text: &str, error: ImportError, now_ms: f64) -> Quarantined {
    let to = quarantine_key(key, now_ms);
    let moved = set_raw(&to, text).is_ok();
    if moved {
        if let Some(s) = raw() {
            let _ = s.remove_item(key);
            // The list's row of a match moved aside describes a value no longer there.
            if let Some(id) = key.strip_prefix(MATCH_PREFIX) {
                let _ = s.remove_item(&index_key(id));
            }
        }
    }
    Quarantined { key: key.into(), moved_to: if moved { to } else { key.into() }, error }
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

/// The whole raw value of a quarantined key (`moved_to` of [`Quarantined`], a key of
/// [`quarantined`]); `None` for a key outside [`QUARANTINE_PREFIX`] or no longer stored.
pub fn quarantined_value(moved_to: &str) -> Option<String> {
    if !moved_to.starts_with(QUARANTINE_PREFIX) {
        return None;
    }
    raw()?.get_item(moved_to).ok().flatten()
}

/// What [`restore`] put back.
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    /// The matches the value held, each as stored now (merged with what was here).
    pub matches: Vec<Match>,
    /// What the merge did, as for an import.
    pub report: MergeReport,
    /// Whether the quarantine key was kept: something in the value was not applied
    /// ([`MergeReport::left_out`]: entries that differ from this device's, a set-up or
    /// title that differs), so it stays quarantined, to be downloaded.
    pub kept: bool,
}

/// Reads a quarantined value back and merges it into `local` (the matches on this
/// device) as an import is merged ([`merge_and_save`]: by entry id, an entry already
/// saved is never dropped, restoring twice changes nothing the second time). The value
/// may be:
/// - a stored match or an export file, of any version this build migrates
///   ([`schema::parse_import`]);
/// - a stored tail ([`schema::Tail`]): its entries, by id (not by position: a tail
///   written against an older version of the match still restores), merged into its
///   stored match (read with [`read_match`]; its set-up, title and id are the tail's).
///
/// An event's value ([`quarantined_event`]) is not restored here: an event does not merge
/// entry by entry, so the page asks before it replaces the stored one, which is then kept
/// aside in its turn ([`replace_event`]).
///
/// The quarantine key is then removed only when everything in the value is in storage;
/// when something was not applied (an entry whose id is here with other content, a match
/// whose set-up or title differs here: [`MergeReport::left_out`]) the rest is merged and
/// the key kept ([`Restored::kept`]).
///
/// Errors: [`StoreError::Invalid`] naming the field — the value does not read (`""` for
/// the whole value, e.g. not JSON or no longer stored; `schema_version` for a newer
/// version…), a tail whose match is not stored (`match_id`) or whose stored match does
/// not read, a merged match that would not validate — or the storage error of a write.
/// On error nothing changes and the value stays quarantined.
pub fn restore(moved_to: &str, local: &[Match]) -> Result<Restored, StoreError> {
    let text = quarantined_value(moved_to).ok_or_else(|| {
        StoreError::Invalid(ImportError {
            field: String::new(),
            reason: "no quarantined value is stored under this key".into(),
            msg: None,
        })
    })?;
    // The matches merged into: `local`, and for a tail the stored match if `local` lacks it.
    let mut base = std::borrow::Cow::Borrowed(local);
    let incoming = match schema::parse_tail(&text) {
        Ok(tail) => {
            let stored = read_match(&tail.match_id).map_err(StoreError::Invalid)?.ok_or_else(|| {
                let reason = format!("no match {:?} is stored on this device to join this tail to", tail.match_id);
                StoreError::Invalid(ImportError { field: "match_id".into(), reason, msg: None })
            })?;
            let inc = Match { entries: tail.entries, ..stored.clone() };
            if !local.iter().any(|m| m.id == stored.id) {
                base.to_mut().push(stored);
            }
            vec![inc]
        }
        // Not a tail: a match or an export.
        Err(e) if e.field == "kind" => schema::parse_import(&text).map_err(StoreError::Invalid)?,
        Err(e) => return Err(StoreError::Invalid(e)),
    };
    let (changed, report) = merge_and_save(&base, &incoming)?;
    let kept = report.left_out();
    if !kept {
        if let Some(s) = raw() {
            let _ = s.remove_item(moved_to);
        }
    }
    let now = |m: &Match| changed.iter().chain(base.iter()).find(|x| x.id == m.id).unwrap_or(m).clone();
    Ok(Restored { matches: incoming.iter().map(now).collect(), report, kept })
}
