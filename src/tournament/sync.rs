//! The desk's sync: any number of table files merged into this device's matches
//! ([`crate::record::schema::merge`]: idempotent by match and entry id, a differing entry
//! kept local and reported), with every differing entry kept in the event as a
//! [`Conflict`] — both versions side by side — until the referee chooses. The choice is
//! logged twice: in the event ([`Resolution`], both entries verbatim) and in the match log
//! itself ([`resolution_entries`]), so the log keeps both versions:
//!
//! * take the file's version of a hand (or correction) → a `Correct` with the file's input;
//! * keep this device's version → the same `Correct` followed by a `Void` of it whose
//!   reason records the choice (the file's input stays in the log, the local one counts);
//! * other entries (clock, verdicts …): the file's version is appended as a new entry and
//!   the local one voided; keeping the local one appends nothing.

use super::Event;
use crate::record::schema::{self, ImportError, MergeReport};
use crate::record::{Entry, Match, Op};
use serde::{Deserialize, Serialize};

/// An entry that differs between this device and an imported file (same match id, same
/// entry id, different content), or a fork: a hand of the file and one here that follow the
/// same entry ([`crate::record::Entry::after`]; two devices each entered the next hand).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conflict {
    /// Match id.
    pub match_id: String,
    /// The entry on this device.
    pub local: Entry,
    /// The entry in the file.
    pub incoming: Entry,
    /// The file's name.
    pub file: String,
    /// When it was imported, ms.
    pub at_ms: f64,
}

/// Which version the referee chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// This device's entry.
    Local,
    /// The file's entry.
    Incoming,
}

/// A conflict the referee decided.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resolution {
    /// The conflict (both versions).
    pub conflict: Conflict,
    /// The choice.
    pub choice: Choice,
    /// When, ms.
    pub at_ms: f64,
    /// Ids of the entries appended to the match to record it.
    #[serde(default)]
    pub appended: Vec<String>,
}

/// One imported file and what it did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRecord {
    /// File name.
    pub file: String,
    /// When, ms.
    pub at_ms: f64,
    /// Matches new on this device.
    pub added: usize,
    /// Matches that gained entries.
    pub extended: usize,
    /// Matches already identical.
    pub unchanged: usize,
    /// New conflicts (not already pending or decided).
    pub conflicts: usize,
    /// New entries left out because they do not fit this device's log
    /// ([`schema::MergeReport::not_fitting`]).
    #[serde(default)]
    pub not_fitting: usize,
    /// Why the file was refused (nothing changed), if it was.
    #[serde(default)]
    pub error: Option<String>,
}

/// What merging one file did: the matches to save and the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// Matches that changed (save each).
    pub changed: Vec<Match>,
    /// The merge report.
    pub report: MergeReport,
    /// Conflicts added to the event.
    pub new_conflicts: usize,
}

fn same_conflict(a: &Conflict, b: &Conflict) -> bool {
    a.match_id == b.match_id && a.local.id == b.local.id && a.incoming == b.incoming
}

/// Reads one file's text and merges it into `local` (this device's matches), recording the
/// import and any new conflicts in `event`. A conflict already pending or already decided
/// (same match, entry and incoming version) is not added again, so importing a file twice
/// changes nothing. Errors (a newer schema version, a bad field, a merged match that would
/// not replay) leave everything unchanged except the import log.
pub fn import_text(
    event: &mut Event,
    local: &[Match],
    file: &str,
    text: &str,
    now_ms: f64,
) -> Result<Merged, ImportError> {
    let res = schema::parse_import(text).and_then(|incoming| merge_into(event, local, &incoming, file, now_ms));
    match &res {
        Ok(m) => event.imports.push(ImportRecord {
            file: file.into(),
            at_ms: now_ms,
            added: m.report.added.len(),
            extended: m.report.extended.len(),
            unchanged: m.report.unchanged.len(),
            conflicts: m.new_conflicts,
            not_fitting: m.report.not_fitting.len(),
            error: None,
        }),
        Err(e) => event.imports.push(ImportRecord {
            file: file.into(),
            at_ms: now_ms,
            added: 0,
            extended: 0,
            unchanged: 0,
            conflicts: 0,
            not_fitting: 0,
            error: Some(e.to_string()),
        }),
    }
    res
}

/// Merges validated `incoming` matches into `local` and records the conflicts in `event`.
pub fn merge_into(
    event: &mut Event,
    local: &[Match],
    incoming: &[Match],
    file: &str,
    now_ms: f64,
) -> Result<Merged, ImportError> {
    let (changed, report) = schema::merge(local, incoming)?;
    let mut new_conflicts = 0;
    for c in conflicts_of(local, incoming, &report, file, now_ms) {
        let known = event.conflicts.iter().any(|x| same_conflict(x, &c))
            || event.resolutions.iter().any(|r| same_conflict(&r.conflict, &c));
        if !known {
            event.conflicts.push(c);
            new_conflicts += 1;
        }
    }
    Ok(Merged { changed, report, new_conflicts })
}

/// What a merge of `incoming` into `local` left for the referee to choose, both versions
/// side by side: each entry that differs (same id), and each fork — the file's hand and this
/// device's follow the same entry (two devices each entered the next hand).
pub fn conflicts_of(
    local: &[Match],
    incoming: &[Match],
    report: &MergeReport,
    file: &str,
    now_ms: f64,
) -> Vec<Conflict> {
    let pairs = report.conflicts.iter().map(|(m, e)| (m, e, e)).chain(report.forks.iter().map(|(m, l, i)| (m, l, i)));
    pairs
        .filter_map(|(mid, lid, iid)| {
            let find = |ms: &[Match], eid: &String| {
                ms.iter().find(|m| &m.id == mid).and_then(|m| m.entries.iter().find(|e| &e.id == eid)).cloned()
            };
            let (l, i) = (find(local, lid)?, find(incoming, iid)?);
            Some(Conflict { match_id: mid.clone(), local: l, incoming: i, file: file.into(), at_ms: now_ms })
        })
        .collect()
}

/// The entries that record choice `choice` on conflict `c` in match `m` (ids from `new_id`,
/// time `now_ms`; `reason` is the text of the void that records "kept this device's"), and
/// the match with them appended — checked in full ([`schema::validate_match`]: every hand
/// must still replay). Errors name the problem; nothing changes on error.
pub fn resolution_entries(
    m: &Match,
    c: &Conflict,
    choice: Choice,
    reason: &str,
    mut new_id: impl FnMut() -> String,
    now_ms: f64,
) -> Result<(Match, Vec<Entry>), ImportError> {
    let mut out = Vec::new();
    let hand_fix = match (&c.local.op, &c.incoming.op) {
        (Op::Hand { .. }, Op::Hand { hand }) => Some((c.local.id.clone(), hand.clone())),
        (Op::Correct { .. }, Op::Correct { target, hand }) => Some((target.clone(), hand.clone())),
        _ => None,
    };
    let mut at = now_ms;
    let mut entry = |op: Op, out: &mut Vec<Entry>| {
        out.push(Entry { after: None, id: new_id(), at_ms: at, op });
        at += 1.0;
    };
    match (choice, hand_fix) {
        (Choice::Incoming, Some((target, hand))) => entry(Op::Correct { target, hand }, &mut out),
        (Choice::Local, Some((target, hand))) => {
            entry(Op::Correct { target, hand }, &mut out);
            let cid = out[0].id.clone();
            entry(Op::Void { target: cid, reason: reason.into() }, &mut out);
        }
        (Choice::Incoming, None) => {
            if matches!(c.local.op, Op::Void { .. }) {
                // A void cannot be voided: the file's op is added next to it.
                entry(c.incoming.op.clone(), &mut out);
            } else {
                entry(Op::Void { target: c.local.id.clone(), reason: reason.into() }, &mut out);
                entry(c.incoming.op.clone(), &mut out);
            }
        }
        (Choice::Local, None) => {}
    }
    let mut next = m.clone();
    for e in &out {
        next.append(e.clone())?;
    }
    schema::validate_match(&next)?;
    Ok((next, out))
}

/// Moves conflict `index` of `event` to its resolutions with the choice and the ids of the
/// entries appended.
pub fn record_resolution(event: &mut Event, index: usize, choice: Choice, appended: Vec<String>, now_ms: f64) {
    if index < event.conflicts.len() {
        let conflict = event.conflicts.remove(index);
        event.resolutions.push(Resolution { conflict, choice, at_ms: now_ms, appended });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::games::guandan;
    use crate::record::replay::effective;
    use crate::record::{schema::export, HandInput};
    use crate::rules::guandan::{FinishOrder, Hand};
    use crate::rules::Seat::*;

    fn h(o: [crate::rules::Seat; 4]) -> Op {
        Op::Hand { hand: HandInput::Guandan(Hand::new(FinishOrder::new(o).unwrap())) }
    }

    fn setup() -> (Event, Match, Match) {
        let e = Event::new("ev", "x", 0.0);
        let mut base = guandan::blank("m1", "jiankang-guandan", 0.0).unwrap();
        base.append(Entry { after: None, id: "h1".into(), at_ms: 1.0, op: h([N, S, E, W]) }).unwrap();
        let mut desk = base.clone();
        let mut table = base.clone();
        desk.append(Entry { after: None, id: "h2".into(), at_ms: 2.0, op: h([N, E, S, W]) }).unwrap();
        table.append(Entry { after: None, id: "h2".into(), at_ms: 2.0, op: h([E, W, N, S]) }).unwrap();
        table.append(Entry { after: None, id: "h3".into(), at_ms: 3.0, op: h([E, N, W, S]) }).unwrap();
        (e, desk, table)
    }

    #[test]
    fn import_is_idempotent_and_conflicts_are_kept_once() {
        let (mut e, desk, table) = setup();
        let file = export(std::slice::from_ref(&table), 5.0);
        let r = import_text(&mut e, std::slice::from_ref(&desk), "t1.json", &file, 10.0).unwrap();
        assert_eq!(r.report.extended, vec![("m1".to_string(), 1)]);
        assert_eq!(r.new_conflicts, 1);
        assert_eq!(e.conflicts.len(), 1);
        assert_eq!(e.conflicts[0].local.op, h([N, E, S, W]));
        assert_eq!(e.conflicts[0].incoming.op, h([E, W, N, S]));
        let merged = r.changed[0].clone();
        // The same file again: nothing new.
        let r2 = import_text(&mut e, std::slice::from_ref(&merged), "t1.json", &file, 11.0).unwrap();
        assert!(r2.changed.is_empty());
        assert_eq!(r2.new_conflicts, 0);
        assert_eq!(e.conflicts.len(), 1);
        assert_eq!(e.imports.len(), 2);
    }

    #[test]
    fn a_fork_is_a_conflict_at_the_desk_and_either_hand_can_be_kept() {
        // Desk and table each enter hand 2 after hand 1 (their own ids): not two hands.
        let e0 = Event::new("ev", "x", 0.0);
        let mut base = guandan::blank("m1", "guandan-3-2-1", 0.0).unwrap();
        base.append(Entry { after: None, id: "h1".into(), at_ms: 1.0, op: h([N, S, E, W]) }).unwrap();
        let (mut desk, mut table) = (base.clone(), base.clone());
        desk.append(Entry { after: None, id: "d2".into(), at_ms: 2.0, op: h([N, E, S, W]) }).unwrap();
        table.append(Entry { after: None, id: "t2".into(), at_ms: 2.0, op: h([E, W, N, S]) }).unwrap();
        let mut e = e0.clone();
        let r = import_text(
            &mut e,
            std::slice::from_ref(&desk),
            "t.json",
            &export(std::slice::from_ref(&table), 5.0),
            10.0,
        )
        .unwrap();
        assert!(r.changed.is_empty());
        assert_eq!(r.report.forks, vec![("m1".to_string(), "d2".to_string(), "t2".to_string())]);
        assert_eq!(
            (r.new_conflicts, e.conflicts[0].local.id.as_str(), e.conflicts[0].incoming.id.as_str()),
            (1, "d2", "t2")
        );
        let c = e.conflicts[0].clone();
        let mut n = 0;
        let mut ids = || {
            n += 1;
            format!("r{n}")
        };
        let (m_in, _) = resolution_entries(&desk, &c, Choice::Incoming, "file", &mut ids, 20.0).unwrap();
        let eff = effective(&m_in);
        assert_eq!(eff.iter().filter(|x| x.hand.is_some()).count(), 2, "still two hands, not three");
        let Op::Hand { hand: theirs } = &table.entries[1].op else { panic!("a hand") };
        assert_eq!(eff.iter().find(|x| x.entry.id == "d2").unwrap().hand.as_ref(), Some(theirs));
    }

    #[test]
    fn a_newer_file_is_refused_and_logged() {
        let (mut e, desk, _) = setup();
        let text = r#"{"app":"referee","schema_version":99,"kind":"export","matches":[]}"#;
        let err = import_text(&mut e, &[desk], "new.json", text, 1.0).unwrap_err();
        assert!(err.reason.contains("newer"));
        assert!(e.imports[0].error.as_deref().unwrap().contains("update the app"));
    }

    #[test]
    fn choosing_either_version_keeps_both_in_the_log() {
        let (mut e, desk, table) = setup();
        let file = export(std::slice::from_ref(&table), 5.0);
        let r = import_text(&mut e, std::slice::from_ref(&desk), "t1.json", &file, 10.0).unwrap();
        let merged = r.changed[0].clone();
        let c = e.conflicts[0].clone();
        let mut n = 0;
        let mut ids = || {
            n += 1;
            format!("r{n}")
        };
        // Take the table's version: one correction.
        let (m_in, added) = resolution_entries(&merged, &c, Choice::Incoming, "kept", &mut ids, 20.0).unwrap();
        assert_eq!(added.len(), 1);
        let eff = effective(&m_in);
        let hand2 = eff.iter().find(|x| x.entry.id == "h2").unwrap();
        assert_eq!(hand2.hand, Some(HandInput::Guandan(Hand::new(FinishOrder::new([E, W, N, S]).unwrap()))));
        // Keep the desk's: a correction to the table's version, voided with the reason.
        let (m_loc, added) =
            resolution_entries(&merged, &c, Choice::Local, "同步冲突: 保留本机", &mut ids, 20.0).unwrap();
        assert_eq!(added.len(), 2);
        assert!(matches!(&added[1].op, Op::Void { reason, .. } if reason.contains("保留")));
        let eff = effective(&m_loc);
        let hand2 = eff.iter().find(|x| x.entry.id == "h2").unwrap();
        assert_eq!(hand2.hand, Some(HandInput::Guandan(Hand::new(FinishOrder::new([N, E, S, W]).unwrap()))));
        assert!(m_loc.entries.iter().any(|x| matches!(&x.op, Op::Correct { hand, .. } if *hand == HandInput::Guandan(Hand::new(FinishOrder::new([E, W, N, S]).unwrap())))));
        record_resolution(&mut e, 0, Choice::Local, added.iter().map(|x| x.id.clone()).collect(), 21.0);
        assert!(e.conflicts.is_empty());
        assert_eq!(e.resolutions[0].choice, Choice::Local);
        // Re-importing the table's file does not bring the decided conflict back.
        let r3 = import_text(&mut e, std::slice::from_ref(&m_loc), "t1.json", &file, 30.0).unwrap();
        assert_eq!(r3.new_conflicts, 0);
        assert!(e.conflicts.is_empty());
    }

    #[test]
    fn an_entry_that_does_not_fit_the_desk_log_is_left_out_and_reported() {
        // The desk signed the match off before the table's newer hands: they would come
        // after the sign-off. The rest of the file merges; these are left out, each named.
        let (mut e, desk, table) = setup();
        let mut desk = desk;
        desk.append(Entry { after: None, id: "s".into(), at_ms: 2.5, op: Op::SignOff { referee: "甲".into() } })
            .unwrap();
        let file = export(std::slice::from_ref(&table), 5.0);
        let r = import_text(&mut e, std::slice::from_ref(&desk), "t.json", &file, 10.0).unwrap();
        let new: Vec<&str> = table
            .entries
            .iter()
            .filter(|x| !desk.entries.iter().any(|d| d.id == x.id))
            .map(|x| x.id.as_str())
            .collect();
        assert!(!new.is_empty());
        assert_eq!(r.report.not_fitting.iter().map(|(_, id, _)| id.as_str()).collect::<Vec<_>>(), new);
        assert!(
            r.report.not_fitting.iter().all(|(m, _, why)| *m == desk.id && why.contains("signed off")),
            "{:?}",
            r.report.not_fitting
        );
        assert!(r.changed.is_empty(), "nothing else to merge");
        assert_eq!(e.imports.last().unwrap().not_fitting, new.len());
    }
}
