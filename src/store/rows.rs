//! The home list's rows (`referee.index.<id>`, [`crate::record::index`]): the UI's second line
//! of a match ([`Summarizer`]), the row written with every whole write of a match, and the rows
//! left due after commits ([`write_due_rows`]).

use super::*;

/// The home list's second line of a match, in the language in force: `(language code,
/// line)` (`None` when it cannot be made now). Set by the UI ([`set_summarizer`]).
pub type Summarizer = Rc<dyn Fn(&Match) -> Option<(String, String)>>;

thread_local! {
    static SUMMARIZER: RefCell<Option<Summarizer>> = const { RefCell::new(None) };
}

/// Sets what writes the summary line of the index rows (none: rows are written without
/// one, and are stale).
pub fn set_summarizer(f: Option<Summarizer>) {
    SUMMARIZER.with(|s| *s.borrow_mut() = f);
}

/// The summary line of `m` by the summarizer set ([`set_summarizer`]): `(language code,
/// line)`, `None` when none is set or it cannot make one now.
pub fn summarize(m: &Match) -> Option<(String, String)> {
    let f = SUMMARIZER.with(|s| s.borrow().clone())?;
    f(m)
}

/// The length of a stored value read as a JS string (UTF-16 code units), without copying
/// it; `None` for null (nothing stored).
fn units(v: &JsValue) -> Option<usize> {
    v.dyn_ref::<js_sys::JsString>().map(|s| s.length() as usize)
}

/// The fingerprint of a stored value and tail, read as JS strings (the tail may be null).
pub(super) fn fingerprint(head_js: &JsValue, tail_js: &JsValue) -> Option<Fingerprint> {
    Some(Fingerprint::new(units(head_js)?, units(tail_js)))
}

/// Writes the index row of `m`, stored now as `head_js` and `tail_js` (null without a
/// tail). A row that cannot be written (storage full) is left as it was: its fingerprint
/// no longer matches the stored value, so it is stale and made again at the next start.
pub(super) fn write_row(m: &Match, head_js: &JsValue, tail_js: &JsValue) {
    DUE.with(|d| d.borrow_mut().remove(&m.id));
    if let Some(fp) = fingerprint(head_js, tail_js) {
        let _ = set_raw(&index_key(&m.id), &Row::of(m, fp, summarize(m)).to_text());
    }
}

thread_local! {
    /// Matches whose index row a commit left out of date ([`write_due_rows`]).
    pub(super) static DUE: RefCell<std::collections::HashSet<String>> = RefCell::new(std::collections::HashSet::new());
}

/// Writes the index rows that commits left out of date, for the matches of `ms` (the
/// page's copies) that are what this tab last wrote or read. A commit does not write its
/// match's row: the row's summary replays the whole log (a few ms for 1,000 hands, on
/// every hand), so the page calls this when the home list is drawn and when it is hidden
/// or closed. A row still out of date at the next start is stale (its fingerprint no
/// longer matches) and is made again then.
pub fn write_due_rows<M: std::borrow::Borrow<Match>>(ms: &[M]) {
    let due: Vec<String> = DUE.with(|d| d.borrow_mut().drain().collect());
    for id in due {
        let Some(m) = ms.iter().map(|m| m.borrow()).find(|m| m.id == id) else { continue };
        let known = KNOWN.with(|w| {
            let w = w.borrow();
            let k = w.get(&id)?;
            let same = k.entries == m.entries.len() && k.last_id.as_deref() == m.entries.last().map(|e| e.id.as_str());
            same.then(|| (k.head_js.clone(), k.tail_js.clone()))
        });
        if let Some((head_js, tail_js)) = known {
            write_row(m, &head_js, &tail_js);
        }
    }
}
