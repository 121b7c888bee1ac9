//! Start-up: the home list from the index rows ([`list_start`]), then every match read and
//! validated in slices after the first paint ([`Loader`]).

use super::*;

/// What the home list shows at start-up ([`list_start`]).
pub struct Start {
    /// A row per stored match that reads, newest first (by last entry, as [`load_all`]).
    pub rows: Vec<Row>,
    /// Reads the matches in full (those read already are in it).
    pub loader: Loader,
}

/// The home list at start-up, before the matches are read in full: for every stored
/// match its index row when that is fresh for the value stored now ([`Row::fresh`]: the
/// same fingerprint, versions and language `lang`; the values are not copied out of
/// localStorage). Any other match (no row, a row that does not read, a stale one) is left
/// to the [`Start::loader`], which reads every match (an unreadable value is moved aside
/// and reported) and writes the rows that differ: no match is parsed here, so the code
/// that reads matches need not be loaded for the first list.
pub fn list_start(lang: &str, now_ms: f64) -> Start {
    let ids = match_ids();
    let mut loader = Loader::new(Vec::new(), now_ms, true);
    let mut rows: Vec<(usize, Row)> = Vec::new();
    let Some(s) = raw() else { return Start { rows: Vec::new(), loader } };
    let rs: &RawStorage = s.unchecked_ref();
    for (i, id) in ids.iter().enumerate() {
        let head_js = rs.get_item_js(&match_key(id)).unwrap_or(JsValue::NULL);
        let tail_js = rs.get_item_js(&tail_key(id)).unwrap_or(JsValue::NULL);
        let Some(fp) = fingerprint(&head_js, &tail_js) else { continue };
        loader.ids.push((i, id.clone()));
        // A match without a fresh row is listed once the loader has read it (and written
        // its row again).
        let row = s.get_item(&index_key(id)).ok().flatten().and_then(|t| Row::parse(&t));
        if let Some(row) = row.filter(|r| r.fresh(id, &fp, lang)) {
            rows.push((i, row));
        }
    }
    crate::sort::sort_by(&mut rows, |a, b| b.1.updated_ms.total_cmp(&a.1.updated_ms).then(a.0.cmp(&b.0)));
    Start { rows: rows.into_iter().map(|(_, r)| r).collect(), loader }
}

/// Reads stored matches one by one, so that the page can read them in slices after the
/// home list is shown ([`list_start`]), then gives them all, as [`load_all`] does.
pub struct Loader {
    /// (position in key order, id) of the matches to read, in key order.
    ids: Vec<(usize, String)>,
    /// How many of `ids` were read.
    next: usize,
    /// (position in key order, match) of the matches read.
    loaded: Vec<(usize, Match)>,
    bad: Vec<Quarantined>,
    now_ms: f64,
    /// Whether each match read has its index row written again where it differs from
    /// the stored one (a summary this build words otherwise, say).
    rows: bool,
}

impl Loader {
    pub(super) fn new(ids: Vec<String>, now_ms: f64, rows: bool) -> Loader {
        Loader {
            ids: ids.into_iter().enumerate().collect(),
            next: 0,
            loaded: Vec::new(),
            bad: Vec::new(),
            now_ms,
            rows,
        }
    }

    /// Whether every match was read.
    pub fn done(&self) -> bool {
        self.next >= self.ids.len()
    }

    /// Reads matches while `more()` says so (at least one); returns [`Loader::done`].
    pub fn step(&mut self, more: &mut dyn FnMut() -> bool) -> bool {
        let Some(s) = raw() else {
            self.next = self.ids.len();
            return true;
        };
        while !self.done() {
            let (i, id) = self.ids[self.next].clone();
            self.next += 1;
            if let Some((m, fp)) = load_id(&s, &id, self.now_ms, &mut self.bad) {
                if self.rows {
                    let row = Row::of(&m, fp, summarize(&m)).to_text();
                    if s.get_item(&index_key(&id)).ok().flatten().as_deref() != Some(row.as_str()) {
                        let _ = set_raw(&index_key(&id), &row);
                    }
                }
                self.loaded.push((i, m));
            }
            if !more() {
                break;
            }
        }
        self.done()
    }

    /// Reads what is left, moves aside tails whose match is not stored, removes index
    /// rows whose match is not stored (a row only repeats what its match says), and
    /// returns the matches, newest first (by last entry), and every value moved aside.
    pub fn finish(mut self) -> (Vec<Match>, Vec<Quarantined>) {
        while !self.step(&mut || true) {}
        let Some(s) = raw() else { return (Vec::new(), self.bad) };
        for key in keys() {
            if let Some(id) = key.strip_prefix(TAIL_PREFIX) {
                if s.get_item(&match_key(id)).ok().flatten().is_none() {
                    if let Some(t) = s.get_item(&key).ok().flatten() {
                        self.bad.push(quarantine(&key, &t, said!("", "q.tail_no_match"), self.now_ms));
                    }
                }
            } else if let Some(id) = key.strip_prefix(INDEX_PREFIX) {
                if s.get_item(&match_key(id)).ok().flatten().is_none() {
                    let _ = s.remove_item(&key);
                }
            }
        }
        crate::sort::sort_by_key(&mut self.loaded, |(i, _)| *i);
        let mut out: Vec<Match> = self.loaded.into_iter().map(|(_, m)| m).collect();
        crate::sort::sort_by(&mut out, |a, b| b.updated_ms().total_cmp(&a.updated_ms()));
        (out, self.bad)
    }

    /// Stops reading: the values moved aside so far (to be reported).
    pub fn abandon(self) -> Vec<Quarantined> {
        self.bad
    }
}
