//! Recording duties of a table's result sheet (RULES.md §0 **[r2]**, 000 §四(二)3
//! 「签号前者坐南北方负责记录分数，签号后者坐东西方负责复核签字」): the N/S pair records, the
//! E/W pair confirms on the same device, the referee signs last.
//!
//! A confirmation is an [`Op::Confirm`] entry naming the pair, the confirmer and the sheet's
//! state it covers ([`state`]: the count and a hash of the entries that make the result). A
//! later change of any hand (a new hand, an edit, a delete, a ruling …) gives the sheet
//! another state, and the confirmation no longer covers it: it is shown void, and the pair
//! confirms again. Undoing the change brings the confirmed state — and so the confirmation —
//! back.

use super::{Match, Op};
use serde::{Deserialize, Serialize};

/// The pair of a table that confirms its result sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pair {
    /// North/South: the recorder (the lower draw number).
    Ns,
    /// East/West: the verifier.
    Ew,
}

/// Whether entry op `op` is part of what a result sheet states: every entry but the
/// sheet's own duties (confirmations, sign-off, reopen), voids (whose effect is which
/// entries count) and the clock's start/pause/resume.
fn states(op: &Op) -> bool {
    !matches!(op, Op::Confirm { .. } | Op::SignOff { .. } | Op::Reopen { .. } | Op::Void { .. } | Op::Clock { .. })
}

/// The sheet's state: `"<n>:<hash>"`, `n` the entries that count and state the result
/// ([`states`]), `hash` the 64-bit FNV-1a of their ids in log order, 16 hex digits. Two
/// logs with the same counting result entries (a correction is an entry of its own) have
/// the same state.
pub fn state(m: &Match) -> String {
    let voided = m.voided();
    let mut n = 0usize;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for e in m.entries.iter().filter(|e| states(&e.op) && !voided.contains(e.id.as_str())) {
        n += 1;
        for b in e.id.bytes().chain(std::iter::once(0)) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{n}:{h:016x}")
}

/// One confirmation of the log, as it stands now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Confirmation {
    /// The entry's id.
    pub id: String,
    /// Which pair confirmed.
    pub pair: Pair,
    /// Who, as typed.
    pub name: String,
    /// Whether it covers the sheet as it is now (the state it confirmed is [`state`]);
    /// `false`: a hand changed since, the confirmation is void.
    pub current: bool,
}

/// Where a table's result sheet stands: entered, confirmed, signed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Sheet {
    /// Entries that state the result and count ([`state`]'s `n`): 0 → nothing entered.
    pub entries: usize,
    /// The sheet's state now ([`state`]), what a new confirmation covers.
    pub state: String,
    /// Every confirmation that counts (not undone), in log order.
    pub confirmations: Vec<Confirmation>,
    /// Signed off by the referee and not reopened.
    pub signed: bool,
    /// The referee's name of the sign-off in force, as typed (`None` when not signed).
    pub referee: Option<String>,
}

impl Sheet {
    /// The newest confirmation of `pair` that covers the sheet as it is now.
    pub fn current(&self, pair: Pair) -> Option<&Confirmation> {
        self.confirmations.iter().rev().find(|c| c.pair == pair && c.current)
    }
    /// Confirmed by the verifier (E/W) as it is now.
    pub fn confirmed(&self) -> bool {
        self.current(Pair::Ew).is_some()
    }
    /// The status word of the sheet: `signed`, `confirmed`, `entered` or `empty`.
    pub fn status(&self) -> &'static str {
        if self.signed {
            "signed"
        } else if self.confirmed() {
            "confirmed"
        } else if self.entries > 0 {
            "entered"
        } else {
            "empty"
        }
    }
}

/// Reads the sheet of `m`.
pub fn sheet(m: &Match) -> Sheet {
    let now = state(m);
    let voided = m.voided();
    let confirmations = m
        .entries
        .iter()
        .filter(|e| !voided.contains(e.id.as_str()))
        .filter_map(|e| match &e.op {
            Op::Confirm { pair, name, state } => {
                Some(Confirmation { id: e.id.clone(), pair: *pair, name: name.clone(), current: *state == now })
            }
            _ => None,
        })
        .collect();
    let entries = now.split(':').next().and_then(|n| n.parse().ok()).unwrap_or(0);
    // The sign-off in force: the last one not undone, unless reopened after it.
    let referee = m.entries.iter().filter(|e| !voided.contains(e.id.as_str())).fold(None, |r, e| match &e.op {
        Op::SignOff { referee } => Some(referee.clone()),
        Op::Reopen { .. } => None,
        _ => r,
    });
    Sheet { entries, state: now, confirmations, signed: m.locked(), referee }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Entry;

    fn with(m: &mut Match, id: &str, op: Op) {
        m.append(Entry { after: None, id: id.into(), at_ms: 1.0, op }).unwrap();
    }

    fn confirm(m: &Match, pair: Pair, name: &str) -> Op {
        Op::Confirm { pair, name: name.into(), state: state(m) }
    }

    #[test]
    fn confirmed_then_changed_then_reconfirmed_and_signed() {
        let mut m = crate::record::sample::shengji_sample(0.0);
        let first = sheet(&m);
        assert!(first.entries > 0);
        assert_eq!(first.status(), "entered");
        let ns = confirm(&m, Pair::Ns, "南北");
        with(&mut m, "c1", ns);
        let ew = confirm(&m, Pair::Ew, "东西");
        with(&mut m, "c2", ew);
        let s = sheet(&m);
        assert_eq!(s.status(), "confirmed");
        assert_eq!(s.current(Pair::Ew).unwrap().name, "东西");
        assert_eq!(s.state, first.state, "a confirmation is not part of what it confirms");
        // A hand deleted: both confirmations no longer cover the sheet.
        let hand = m.entries.iter().rev().find(|e| matches!(e.op, Op::Hand { .. })).unwrap().id.clone();
        with(&mut m, "v1", Op::Void { target: hand, reason: "x".into() });
        let s = sheet(&m);
        assert_eq!(s.status(), "entered");
        assert_eq!(s.confirmations.len(), 2);
        assert!(s.confirmations.iter().all(|c| !c.current));
        assert_eq!(s.entries, first.entries - 1);
        // Confirmed again, then signed.
        let ew = confirm(&m, Pair::Ew, "东西");
        with(&mut m, "c3", ew);
        assert_eq!(sheet(&m).status(), "confirmed");
        with(&mut m, "s1", Op::SignOff { referee: "裁判".into() });
        assert_eq!(sheet(&m).status(), "signed");
        // Undoing the delete (after a reopen) brings back the state the first pair confirmed.
        with(&mut m, "r1", Op::Reopen { reason: "r".into() });
        with(&mut m, "v2", Op::Void { target: "v1".into(), reason: "undo".into() });
        let s = sheet(&m);
        assert_eq!(s.state, first.state);
        assert!(s.confirmations[0].current && s.confirmations[1].current && !s.confirmations[2].current);
    }

    #[test]
    fn an_undone_confirmation_does_not_count() {
        let mut m = crate::record::sample::shengji_sample(0.0);
        let ew = confirm(&m, Pair::Ew, "东西");
        with(&mut m, "c1", ew);
        with(&mut m, "v1", Op::Void { target: "c1".into(), reason: "undo".into() });
        let s = sheet(&m);
        assert!(s.confirmations.is_empty());
        assert_eq!(s.status(), "entered");
    }

    #[test]
    fn a_confirmation_names_someone() {
        let mut m = crate::record::sample::shengji_sample(0.0);
        let e = Entry {
            after: None,
            id: "c1".into(),
            at_ms: 1.0,
            op: Op::Confirm { pair: Pair::Ew, name: " ".into(), state: state(&m) },
        };
        assert!(m.append(e).is_err());
    }

    /// The sheet names the referee of the sign-off in force: none before, none after a
    /// reopening, the new one after signing again.
    #[test]
    fn the_sheet_names_the_referee_who_signed_it() {
        let mut m = crate::record::sample::shengji_sample(0.0);
        assert_eq!(sheet(&m).referee, None);
        with(&mut m, "s1", Op::SignOff { referee: "裁判甲".into() });
        assert_eq!(sheet(&m).referee.as_deref(), Some("裁判甲"));
        with(&mut m, "r1", Op::Reopen { reason: "改错".into() });
        assert_eq!(sheet(&m).referee, None);
        with(&mut m, "s2", Op::SignOff { referee: "裁判乙".into() });
        assert_eq!(sheet(&m).referee.as_deref(), Some("裁判乙"));
    }
}
