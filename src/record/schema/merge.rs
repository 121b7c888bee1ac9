//! Merging an import into the matches on this device: the merged order of two logs
//! ([`interleave`]), [`merge`] and its [`MergeReport`] (conflicts, forks, set-ups that differ).

use super::*;

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

/// Why a new entry of a file was left out of a merge: its text in English, as stored and
/// logged (`"after \"e7\", which does not fit"`, or the refusal's `field: reason`), and the
/// typed error the UI renders in its language. Serialized as the text alone; two are equal
/// when their texts are.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LeftOut {
    /// The English text.
    pub text: String,
    /// The refusal, typed (not serialized).
    #[serde(skip)]
    pub error: Option<ImportError>,
}

impl LeftOut {
    /// The English text.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl From<ImportError> for LeftOut {
    fn from(e: ImportError) -> LeftOut {
        LeftOut { text: e.to_string(), error: Some(e) }
    }
}

impl std::ops::Deref for LeftOut {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq for LeftOut {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
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
    /// local entry is kept; the referee chooses.
    pub conflicts: Vec<(String, String)>,
    /// Known matches whose set-up, title or creation time differ here (match ids): the
    /// local ones are kept, the incoming ones applied nowhere.
    #[serde(default)]
    pub setup_differs: Vec<String>,
    /// New entries of the file that do not fit this device's log (the same 双升 board
    /// entered on both devices, a hand after a game won here): (match id, entry id, why).
    /// The rest of the file is merged; these are left out.
    #[serde(default)]
    pub not_fitting: Vec<(String, String, LeftOut)>,
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
/// ([`crate::record::Entry::after`]), in a game whose hands follow each other: for each, this
/// device's entry, the file's, and whether they are the same entry in all but id and time.
/// Voids of both logs count (a hand deleted on either device is no fork).
fn forks_of<'a>(loc: &'a Match, inc: &'a Match, new: &HashSet<&str>) -> Vec<(&'a Entry, &'a Entry, bool)> {
    if loc.setup.entries_independent() || !inc.entries.iter().any(|e| e.after.is_some() && new.contains(e.id.as_str()))
    {
        return Vec::new();
    }
    let voided =
        crate::record::voided_of(loc.entries.iter().chain(inc.entries.iter().filter(|e| new.contains(e.id.as_str()))));
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
                                    LeftOut::from(said!(
                                        "",
                                        "imp.after_fork",
                                        id = Arg::Text(format!("{:?}", e.id)),
                                        here = Arg::Text(format!("{:?}", l.id)),
                                    )),
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
                    let mut why_of: HashMap<&str, LeftOut> = HashMap::new();
                    for e in new {
                        if !independent && !left.is_empty() {
                            why_of.insert(
                                &e.id,
                                LeftOut::from(said!("", "imp.after_left", id = Arg::Text(format!("{:?}", left[0].id)))),
                            );
                            left.push(e);
                            continue;
                        }
                        match merged.append_replayed(e.clone()) {
                            Ok(()) => added += 1,
                            Err(why) => {
                                why_of.insert(&e.id, LeftOut::from(why));
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
        m.append(crate::record::Entry { after: None, id: id.into(), at_ms: 9e12, op: op.clone() }).unwrap();
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
