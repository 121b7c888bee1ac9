//! What the hall's screen (`/event/:id/hall`) shows of a competition: its current round and
//! how its rows are cut into slides of a fixed number of rows.

use super::standings::Standings;

/// The round the hall shows: the first with a fixture neither done nor removed by a
/// cancellation (byes count as done), else the last one; `None` before the schedule.
pub fn current_round(s: &Standings) -> Option<u32> {
    s.results
        .iter()
        .filter(|r| !r.done && !r.bye && !r.excluded)
        .map(|r| r.round)
        .min()
        .or_else(|| s.results.iter().map(|r| r.round).max())
}

/// One slide: the competition (its index in the event) and which part of its rows
/// (`part` of `parts`, each `rows_per_slide` rows of the round and of the standings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The competition's index in the event.
    pub comp: usize,
    /// Which part, from 0.
    pub part: usize,
    /// How many parts the competition has (at least 1).
    pub parts: usize,
}

/// The slides of an event: each competition's parts in turn. `rows` gives, per
/// competition, its fixtures in the current round and its standings' rows; a competition
/// with nothing yet still has one slide.
pub fn slides(rows: &[(usize, usize)], rows_per_slide: usize) -> Vec<Slide> {
    let n = rows_per_slide.max(1);
    rows.iter()
        .enumerate()
        .flat_map(|(comp, &(f, r))| {
            let parts = f.div_ceil(n).max(r.div_ceil(n)).max(1);
            (0..parts).map(move |part| Slide { comp, part, parts })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::standings::FixtureResult;

    fn fx(round: u32, done: bool) -> FixtureResult {
        FixtureResult {
            round,
            fixture: format!("r{round}"),
            sides: vec![],
            bye: false,
            legs: vec![],
            score: vec![],
            awarded: vec![],
            games_won: vec![],
            double_wins: vec![],
            forfeits: vec![],
            walkover: false,
            winner: None,
            done,
            started: done,
            excluded: false,
        }
    }

    #[test]
    fn the_current_round_is_the_first_not_done_else_the_last() {
        let mut s = Standings { rows: vec![], results: vec![], champion: None, complete: false };
        assert_eq!(current_round(&s), None);
        s.results = vec![fx(1, true), fx(1, true), fx(2, false), fx(3, false)];
        assert_eq!(current_round(&s), Some(2));
        let mut bye = fx(1, false);
        bye.bye = true;
        s.results = vec![bye, fx(1, true), fx(2, true)];
        assert_eq!(current_round(&s), Some(2));
    }

    #[test]
    fn slides_split_long_tables_and_keep_empty_competitions() {
        let d = slides(&[(2, 4), (0, 0), (9, 3)], 8);
        let got: Vec<(usize, usize, usize)> = d.iter().map(|s| (s.comp, s.part, s.parts)).collect();
        assert_eq!(got, vec![(0, 0, 1), (1, 0, 1), (2, 0, 2), (2, 1, 2)]);
    }
}
