//! Two versions of one event (the same id): the one stored on this device and one from a
//! file or the quarantine, compared in a referee's terms, so that replacing the stored
//! one is asked first and names what would change. The results themselves live in the
//! match records, which an event replace leaves as they are; what an older event loses is
//! its competitions, its schedule's links to the tables' matches and the desk's forfeits
//! (RULES.md §6: standings are replayed from those).

use super::{Competition, Event, Slot};

/// What one version of an event holds, counted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventCounts {
    /// Entrants entered.
    pub entrants: usize,
    /// Competitions (games offered).
    pub competitions: usize,
    /// Fixtures scheduled, byes left out.
    pub fixtures: usize,
    /// Fixtures with at least one table's match record linked (a match created for it).
    pub with_matches: usize,
    /// Fixtures with a forfeit (弃权) recorded at the desk.
    pub forfeits: usize,
}

impl EventCounts {
    /// Counts `e`.
    pub fn of(e: &Event) -> EventCounts {
        let fixtures = || {
            e.competitions
                .iter()
                .flat_map(|c: &Competition| c.rounds.iter())
                .flat_map(|r| r.fixtures.iter())
                .filter(|f| !f.sides.contains(&Slot::Bye))
        };
        EventCounts {
            entrants: e.entrants.len(),
            competitions: e.competitions.len(),
            fixtures: fixtures().count(),
            with_matches: fixtures().filter(|f| f.legs.iter().any(|l| l.match_id.is_some())).count(),
            forfeits: fixtures().filter(|f| !f.forfeits.is_empty()).count(),
        }
    }
}

/// How two versions of one event differ ([`compare_events`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventDiff {
    /// The version stored on this device, counted.
    pub stored: EventCounts,
    /// The other version (a file's, a kept copy's), counted.
    pub other: EventCounts,
    /// Names of the competitions only the stored version has (by competition id): they
    /// go if the other version replaces it.
    pub only_stored: Vec<String>,
    /// Names of the competitions only the other version has.
    pub only_other: Vec<String>,
}

impl EventDiff {
    /// The counts and the competitions are the same on both sides: what differs is
    /// elsewhere (name, dates, draw, tables, entrants' names, the desk's log …).
    pub fn counts_equal(&self) -> bool {
        self.stored == self.other && self.only_stored.is_empty() && self.only_other.is_empty()
    }
}

/// Compares the stored version of an event with another one of the same id. `None` when
/// they are equal in every field (replacing one with the other changes nothing).
pub fn compare_events(stored: &Event, other: &Event) -> Option<EventDiff> {
    if stored == other {
        return None;
    }
    let only = |a: &Event, b: &Event| -> Vec<String> {
        a.competitions.iter().filter(|c| b.competition(&c.id).is_none()).map(|c| c.name.clone()).collect()
    };
    Some(EventDiff {
        stored: EventCounts::of(stored),
        other: EventCounts::of(other),
        only_stored: only(stored, other),
        only_other: only(other, stored),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::tests::{four_pairs, nantong_desk_forfeit};
    use crate::tournament::Event;

    #[test]
    fn equal_versions_differ_in_nothing() {
        let (e, _) = nantong_desk_forfeit();
        assert_eq!(compare_events(&e, &e.clone()), None);
    }

    #[test]
    fn an_older_version_is_counted_against_the_stored_one() {
        // Stored: two competitions, the 南通 one drawn and scheduled with a forfeit and a
        // table's match linked. The older file: before the 南通 competition existed.
        let (mut stored, c) = nantong_desk_forfeit();
        let older = four_pairs();
        let n = stored.competitions.len() - 1;
        stored.competitions[n].rounds[1].fixtures[0].legs[0].match_id = Some("m1".into());
        let d = compare_events(&stored, &older).expect("they differ");
        let fixtures = c.rounds.iter().flat_map(|r| &r.fixtures).filter(|f| !f.sides.contains(&Slot::Bye)).count();
        assert!(fixtures > 1);
        assert_eq!(d.stored, EventCounts { entrants: 4, competitions: 2, fixtures, with_matches: 1, forfeits: 1 });
        assert_eq!(d.other, EventCounts { entrants: 4, competitions: 1, fixtures: 0, with_matches: 0, forfeits: 0 });
        assert_eq!(d.only_stored, vec!["80分".to_string()]);
        assert!(d.only_other.is_empty());
        assert!(!d.counts_equal());
        // The other way round: the file has what the stored one lacks.
        let back = compare_events(&older, &stored).unwrap();
        assert_eq!(back.only_other, vec!["80分".to_string()]);
        assert_eq!(back.other.forfeits, 1);
    }

    #[test]
    fn a_forfeit_missing_from_the_file_is_counted() {
        let (stored, _) = nantong_desk_forfeit();
        let mut file: Event = stored.clone();
        let n = file.competitions.len() - 1;
        file.competitions[n].rounds[0].fixtures[0].forfeits.clear();
        let d = compare_events(&stored, &file).unwrap();
        assert_eq!((d.stored.forfeits, d.other.forfeits), (1, 0));
        assert!(!d.counts_equal());
    }

    #[test]
    fn versions_equal_in_counts_differ_elsewhere() {
        let stored = four_pairs();
        let mut file = stored.clone();
        file.venue = "体育馆".into();
        let d = compare_events(&stored, &file).unwrap();
        assert!(d.counts_equal());
    }
}
