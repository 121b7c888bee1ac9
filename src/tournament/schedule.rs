//! Schedules: rounds × tables generated from the format, then editable (swap sides, change a
//! side or a table), with checks that name what an edit broke.
//!
//! * Round robin — the circle method: positions 1…n in draw order (a dummy added when n is
//!   odd: whoever meets it has a bye); position 1 stays, the others rotate one step per
//!   round. Every pair meets exactly once in n−1 (odd: n) rounds and, with an odd n, every
//!   entrant has exactly one bye.
//! * Knock-out — a bracket of the next power of two, seeded by draw number (1 and 2 can
//!   only meet in the final; the lowest numbers get the byes); later rounds name "winner
//!   of fixture x".
//! * Round robin in groups (**[r2]**, 004 第三篇) — groups of consecutive draw numbers, the
//!   circle method inside each group, every group's round k in the event's round k.
//! * Groups — consecutive draw numbers, `size` per group, one session each.

use super::{Competition, Fixture, Format, Leg, Round, SeatRule, Slot};
use std::collections::{BTreeMap, BTreeSet};

/// One round of [`circle`]: pairs of positions; `None` = a bye for the other.
pub type CircleRound = Vec<(usize, Option<usize>)>;

/// The circle method for `n` positions (`0..n`): `n − 1` rounds for even `n`, `n` for odd;
/// each pair `(a, b)` has `a` first as the method places it (the caller orients seats).
pub fn circle(n: usize) -> Vec<CircleRound> {
    if n < 2 {
        return Vec::new();
    }
    let m = n + n % 2;
    let mut p: Vec<Option<usize>> = (0..n).map(Some).collect();
    if n % 2 == 1 {
        p.push(None);
    }
    let mut rounds = Vec::with_capacity(m - 1);
    for _ in 0..m - 1 {
        let mut r = Vec::with_capacity(m / 2);
        for i in 0..m / 2 {
            match (p[i], p[m - 1 - i]) {
                (Some(a), b) => r.push((a, b)),
                (None, Some(b)) => r.push((b, None)),
                (None, None) => {}
            }
        }
        rounds.push(r);
        let last = p.pop().expect("m ≥ 2");
        p.insert(1, last);
    }
    rounds
}

/// Orients each pair of `rounds` (as [`circle`] made them) for the seat rule:
/// `LowerDrawNorthSouth` puts the lower position first; `Balanced` lets the fixed position
/// (pair 0 of each round) sit first in even rounds only and keeps every other pair as the
/// circle places it, so every entrant's N/S and E/W counts differ by at most one.
pub fn orient(rounds: &mut [CircleRound], rule: SeatRule) {
    for (r, round) in rounds.iter_mut().enumerate() {
        for (i, (a, b)) in round.iter_mut().enumerate() {
            let Some(bb) = *b else { continue };
            let swap = match rule {
                SeatRule::LowerDrawNorthSouth => bb < *a,
                SeatRule::Balanced => i == 0 && r % 2 == 1,
            };
            if swap {
                *b = Some(*a);
                *a = bb;
            }
        }
    }
}

fn legs(count: u32, next_table: &mut u32) -> Vec<Leg> {
    (0..count)
        .map(|_| {
            let l = Leg { table: *next_table, match_id: None, swapped: false };
            *next_table += 1;
            l
        })
        .collect()
}

fn ent(id: &str) -> Slot {
    Slot::Entrant { id: id.to_string() }
}

/// The bracket order of seeds for a knock-out of `size` (a power of two): `[1, 4, 2, 3]` for
/// 4, `[1, 8, 4, 5, 2, 7, 3, 6]` for 8 — adjacent seeds meet in round 1.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut v = vec![1];
    while v.len() < size {
        let n = v.len() * 2;
        v = v.iter().flat_map(|&x| [x, n + 1 - x]).collect();
    }
    v
}

/// Number of rounds of a knock-out of `n` entrants.
pub fn knockout_rounds(n: usize) -> u32 {
    let mut r = 0;
    while (1usize << r) < n {
        r += 1;
    }
    r
}

/// Generates the schedule of `c` from its format and draw (entrants without a number follow
/// in entry order). Replaces any schedule; match links are dropped (the match records
/// stay on the device).
pub fn generate(c: &mut Competition) {
    let order = c.by_draw();
    let n = order.len();
    let mut rounds = Vec::new();
    match c.format.clone() {
        Format::RoundRobin { max_rounds, .. } => {
            // One circle per group (the whole field when not in groups); round k of every
            // group is the event's round k.
            let groups = c.groups().unwrap_or_else(|| vec![order.clone()]);
            let circles: Vec<Vec<CircleRound>> = groups
                .iter()
                .map(|g| {
                    let mut cr = circle(g.len());
                    if let Some(k) = max_rounds {
                        cr.truncate(k as usize);
                    }
                    orient(&mut cr, c.seat_rule);
                    cr
                })
                .collect();
            let count = circles.iter().map(Vec::len).max().unwrap_or(0);
            for ri in 0..count {
                let mut table = 1;
                let mut fixtures = Vec::new();
                // Playing fixtures first (tables 1…, group by group), the byes last.
                let mut pairs: Vec<(&str, Option<&str>)> = Vec::new();
                for (g, cr) in groups.iter().zip(&circles) {
                    for &(a, b) in cr.get(ri).into_iter().flatten() {
                        pairs.push((&g[a], b.map(|b| g[b].as_str())));
                    }
                }
                crate::sort::sort_by_key(&mut pairs, |(_, b)| b.is_none());
                for (k, (a, b)) in pairs.into_iter().enumerate() {
                    let id = format!("r{}f{}", ri + 1, k + 1);
                    let f = match b {
                        Some(b) => Fixture {
                            id,
                            sides: vec![ent(a), ent(b)],
                            legs: legs(c.legs, &mut table),
                            best_of: 0,
                            forfeits: vec![],
                        },
                        None => {
                            Fixture { id, sides: vec![ent(a), Slot::Bye], legs: vec![], best_of: 0, forfeits: vec![] }
                        }
                    };
                    fixtures.push(f);
                }
                rounds.push(Round { number: ri as u32 + 1, fixtures });
            }
        }
        Format::Knockout { best_of, long_rounds, long_best_of } => {
            let total = knockout_rounds(n);
            let size = 1usize << total;
            let bo = |r: u32| if r + long_rounds > total { long_best_of } else { best_of };
            if n >= 2 {
                let seeds = bracket_order(size);
                let mut table = 1;
                let mut fixtures = Vec::new();
                for (k, pair) in seeds.chunks(2).enumerate() {
                    let slot = |s: usize| if s <= n { ent(&order[s - 1]) } else { Slot::Bye };
                    let (mut a, mut b) = (pair[0], pair[1]);
                    if b < a {
                        std::mem::swap(&mut a, &mut b);
                    }
                    let bye = b > n;
                    fixtures.push(Fixture {
                        id: format!("r1f{}", k + 1),
                        sides: vec![slot(a), slot(b)],
                        legs: if bye { vec![] } else { legs(c.legs, &mut table) },
                        best_of: bo(1),
                        forfeits: vec![],
                    });
                }
                rounds.push(Round { number: 1, fixtures });
                for r in 2..=total {
                    let prev = &rounds[r as usize - 2];
                    let mut table = 1;
                    let fixtures = prev
                        .fixtures
                        .chunks(2)
                        .enumerate()
                        .map(|(k, two)| Fixture {
                            id: format!("r{r}f{}", k + 1),
                            sides: two.iter().map(|f| Slot::Winner { fixture: f.id.clone() }).collect(),
                            legs: legs(c.legs, &mut table),
                            best_of: bo(r),
                            forfeits: vec![],
                        })
                        .collect();
                    rounds.push(Round { number: r, fixtures });
                }
            }
        }
        Format::Groups { size } => {
            let mut table = 1;
            let fixtures = order
                .chunks(size.max(2) as usize)
                .enumerate()
                .map(|(k, g)| Fixture {
                    id: format!("r1f{}", k + 1),
                    sides: g.iter().map(|e| ent(e)).collect(),
                    legs: legs(1, &mut table),
                    best_of: 0,
                    forfeits: vec![],
                })
                .collect();
            rounds.push(Round { number: 1, fixtures });
        }
    }
    c.rounds = rounds;
}

/// Changes a knock-out's games per match (best of `best_of`, the last `long_rounds` rounds
/// best of `long_best_of`) and re-stamps every fixture of the schedule that has no match
/// yet. `false` when the competition is not a knock-out.
pub fn set_knockout_games(c: &mut Competition, best_of: u32, long_rounds: u32, long_best_of: u32) -> bool {
    if !matches!(c.format, Format::Knockout { .. }) {
        return false;
    }
    c.format = Format::Knockout { best_of, long_rounds, long_best_of };
    let total = c.rounds.len() as u32;
    for r in c.rounds.iter_mut() {
        let bo = if r.number + long_rounds > total { long_best_of } else { best_of };
        for f in r.fixtures.iter_mut() {
            if !has_matches(f) {
                f.best_of = bo;
            }
        }
    }
    true
}

/// Whether any leg of the fixture already has its match (then its sides are fixed).
pub fn has_matches(f: &Fixture) -> bool {
    f.legs.iter().any(|l| l.match_id.is_some())
}

/// Swaps the two sides of a fixture (N/S ↔ E/W). Refused (`false`) when a match exists or the
/// fixture has more than two sides.
pub fn swap_sides(c: &mut Competition, fixture: &str) -> bool {
    let Some(f) = c.fixture_mut(fixture) else { return false };
    if has_matches(f) || f.sides.len() != 2 {
        return false;
    }
    f.sides.swap(0, 1);
    for s in f.forfeits.iter_mut() {
        *s = 1 - *s;
    }
    true
}

/// Puts entrant `id` on side `side` of a fixture (a manual change of the schedule). Refused
/// when a match exists or the side does not exist. A bye fixture that gets an opponent
/// gains its legs.
pub fn set_side(c: &mut Competition, fixture: &str, side: usize, id: &str) -> bool {
    let legs_n = c.legs;
    let max_table = c
        .rounds
        .iter()
        .find(|r| r.fixtures.iter().any(|f| f.id == fixture))
        .map(|r| r.fixtures.iter().flat_map(|f| &f.legs).map(|l| l.table).max().unwrap_or(0))
        .unwrap_or(0);
    let Some(f) = c.fixture_mut(fixture) else { return false };
    if has_matches(f) || side >= f.sides.len() {
        return false;
    }
    f.sides[side] = ent(id);
    if f.legs.is_empty() && f.sides.iter().all(|s| !matches!(s, Slot::Bye)) {
        let mut t = max_table + 1;
        f.legs = legs(legs_n, &mut t);
    }
    true
}

/// The highest table number: four digits, above the 1024 tables a round of a full event
/// can seat ([`super::MAX_ENTRANTS`] teams of 8 legs).
pub const MAX_TABLE: u32 = 9999;

/// A table number as typed into the schedule: a whole number from 1 to [`MAX_TABLE`].
pub fn parse_table(s: &str) -> Result<u32, super::NotInRange> {
    super::whole_in(s, 1, MAX_TABLE)
}

/// Sets the table of leg `leg` of a fixture; `false` (nothing changed) for a table outside
/// 1 to [`MAX_TABLE`] or a leg the fixture does not have.
pub fn set_table(c: &mut Competition, fixture: &str, leg: usize, table: u32) -> bool {
    let Some(f) = c.fixture_mut(fixture) else { return false };
    match f.legs.get_mut(leg) {
        Some(l) if (1..=MAX_TABLE).contains(&table) => {
            l.table = table;
            true
        }
        _ => false,
    }
}

/// Something an edit (or the generator) left wrong in a schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// An entrant appears twice in one round.
    TwiceInRound {
        /// Round number.
        round: u32,
        /// Entrant id.
        entrant: String,
    },
    /// Two entrants of different groups meet (round robin in groups).
    OtherGroup {
        /// Entrant ids.
        a: String,
        /// Entrant ids.
        b: String,
    },
    /// Two entrants meet more than once (round robin).
    MetTwice {
        /// Entrant ids.
        a: String,
        /// Entrant ids.
        b: String,
    },
    /// Two legs of one round share a table.
    TableTwice {
        /// Round number.
        round: u32,
        /// Table number.
        table: u32,
    },
    /// An entrant of the competition meets nobody in the schedule.
    Unscheduled {
        /// Entrant id.
        entrant: String,
    },
    /// A group session has the wrong number of players for the format.
    GroupSize {
        /// Fixture id.
        fixture: String,
        /// Players in it.
        size: usize,
        /// Players a session needs.
        want: usize,
    },
}

/// Checks a schedule (after edits): nobody twice in a round, no pair twice (round robin), no
/// table twice in a round, nobody left out, group sessions of the right size.
pub fn check(c: &Competition) -> Vec<Warning> {
    let mut w = Vec::new();
    let mut met: BTreeMap<(String, String), u32> = BTreeMap::new();
    let mut seen_any = BTreeSet::new();
    for r in &c.rounds {
        let mut seen = BTreeSet::new();
        let mut tables = BTreeSet::new();
        for f in &r.fixtures {
            let ids: Vec<&str> = f.sides.iter().filter_map(|s| s.entrant()).collect();
            for id in &ids {
                seen_any.insert(id.to_string());
                if !seen.insert(id.to_string()) {
                    w.push(Warning::TwiceInRound { round: r.number, entrant: id.to_string() });
                }
            }
            if ids.len() == 2 && f.sides.len() == 2 {
                let (a, b) = if ids[0] < ids[1] { (ids[0], ids[1]) } else { (ids[1], ids[0]) };
                *met.entry((a.to_string(), b.to_string())).or_default() += 1;
            }
            for l in &f.legs {
                if !tables.insert(l.table) {
                    w.push(Warning::TableTwice { round: r.number, table: l.table });
                }
            }
        }
    }
    if let Format::Groups { size } = c.format {
        for f in c.rounds.iter().flat_map(|r| &r.fixtures) {
            if f.sides.len() != size as usize {
                w.push(Warning::GroupSize { fixture: f.id.clone(), size: f.sides.len(), want: size as usize });
            }
        }
    }
    if matches!(c.format, Format::RoundRobin { .. }) {
        for (a, b) in met.keys() {
            if c.groups().is_some() && c.group_of(a) != c.group_of(b) {
                w.push(Warning::OtherGroup { a: a.clone(), b: b.clone() });
            }
        }
        for ((a, b), n) in met {
            if n > 1 {
                w.push(Warning::MetTwice { a, b });
            }
        }
    }
    if !c.rounds.is_empty() && !matches!(c.format, Format::Knockout { .. }) {
        for e in &c.entrants {
            if !seen_any.contains(e) {
                w.push(Warning::Unscheduled { entrant: e.clone() });
            }
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{builtin_format, draw, Entrant, EntrantKind, Event};
    use std::collections::HashMap;

    fn comp(n: usize, format_id: &str) -> Competition {
        let mut e = Event::new("ev", "t", 0.0);
        for i in 0..n {
            e.entrants.push(Entrant {
                id: format!("e{i}"),
                name: format!("P{i}"),
                kind: EntrantKind::Pair,
                members: vec![],
                unit: String::new(),
            });
        }
        let f = builtin_format(format_id).unwrap();
        let mut c = f.competition("c1", "x", e.entrants.iter().map(|x| x.id.clone()).collect());
        draw::draw(&mut c, 7);
        c
    }

    #[test]
    fn circle_method_every_pair_meets_exactly_once_and_byes_are_balanced() {
        for n in 2..=17 {
            let rounds = circle(n);
            assert_eq!(rounds.len(), if n % 2 == 0 { n - 1 } else { n }, "n = {n}");
            let mut met: HashMap<(usize, usize), u32> = HashMap::new();
            let mut byes = vec![0; n];
            for r in &rounds {
                let mut in_round = vec![0; n];
                for &(a, b) in r {
                    in_round[a] += 1;
                    match b {
                        Some(b) => {
                            in_round[b] += 1;
                            *met.entry((a.min(b), a.max(b))).or_default() += 1;
                        }
                        None => byes[a] += 1,
                    }
                }
                assert!(in_round.iter().all(|&k| k == 1), "n = {n}: everybody exactly once per round");
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "n = {n}: every pair meets");
            assert!(met.values().all(|&k| k == 1), "n = {n}: exactly once");
            let want = if n % 2 == 1 { 1 } else { 0 };
            assert!(byes.iter().all(|&b| b == want), "n = {n}: byes {byes:?}");
        }
    }

    #[test]
    fn balanced_seats_differ_by_at_most_one_and_lower_draw_sits_north_south() {
        for n in 2..=20 {
            let mut r = circle(n);
            orient(&mut r, SeatRule::Balanced);
            let mut ns = vec![0i32; n];
            let mut games = vec![0i32; n];
            for &(a, b) in r.iter().flatten() {
                if let Some(b) = b {
                    ns[a] += 1;
                    games[a] += 1;
                    games[b] += 1;
                }
            }
            for i in 0..n {
                let ew = games[i] - ns[i];
                assert!((ns[i] - ew).abs() <= 1, "n = {n}, entrant {i}: N/S {} vs E/W {ew}", ns[i]);
            }
            let mut r = circle(n);
            orient(&mut r, SeatRule::LowerDrawNorthSouth);
            assert!(r.iter().flatten().all(|&(a, b)| b.is_none_or(|b| a < b)));
        }
    }

    #[test]
    fn round_robin_schedule_follows_the_draw_and_checks_edits() {
        let mut c = comp(5, "round-robin-2-1-0");
        generate(&mut c);
        assert_eq!(c.rounds.len(), 5);
        for r in &c.rounds {
            assert_eq!(r.fixtures.len(), 3);
            let bye = r.fixtures.last().unwrap();
            assert_eq!(bye.sides[1], Slot::Bye);
            assert!(bye.legs.is_empty());
            let tables: Vec<u32> = r.fixtures.iter().flat_map(|f| &f.legs).map(|l| l.table).collect();
            assert_eq!(tables, vec![1, 2]);
        }
        assert!(check(&c).is_empty());
        // Swap sides of one fixture; put somebody twice in a round: the check names it.
        let f = c.rounds[0].fixtures[0].clone();
        assert!(swap_sides(&mut c, &f.id));
        assert_eq!(c.rounds[0].fixtures[0].sides[0], f.sides[1]);
        let dup = c.rounds[0].fixtures[1].sides[0].entrant().unwrap().to_string();
        assert!(set_side(&mut c, &f.id, 0, &dup));
        let w = check(&c);
        assert!(w.contains(&Warning::TwiceInRound { round: 1, entrant: dup }), "{w:?}");
        assert!(set_table(&mut c, "r1f2", 0, 1));
        assert!(check(&c).contains(&Warning::TableTwice { round: 1, table: 1 }));
        // A table beyond four digits (or none) is refused; the table stays.
        for t in [0, MAX_TABLE + 1, 100_000] {
            assert!(!set_table(&mut c, "r1f2", 0, t), "{t}");
        }
        assert_eq!(c.fixture("r1f2").unwrap().1.legs[0].table, 1);
        assert!(set_table(&mut c, "r1f2", 0, MAX_TABLE));
        assert!(set_table(&mut c, "r1f2", 0, 1));
        // A fixture with a match cannot be swapped.
        c.rounds[1].fixtures[0].legs[0].match_id = Some("m1".into());
        assert!(!swap_sides(&mut c, "r2f1"));
    }

    /// A table typed into the schedule: a whole number from 1 to 9999; anything else is
    /// refused with that range.
    #[test]
    fn typed_tables_are_whole_numbers_in_range() {
        assert_eq!(parse_table(" 12 "), Ok(12));
        assert_eq!(parse_table("9999"), Ok(MAX_TABLE));
        for s in ["", "-3", "0", "100000", "2.5", "九"] {
            assert_eq!(parse_table(s), Err(crate::tournament::NotInRange { lo: 1, hi: 9999 }), "{s}");
        }
    }

    #[test]
    fn shift_format_plays_three_rounds_and_team_legs_take_tables() {
        let mut c = comp(8, "guandan-shift-3rounds");
        generate(&mut c);
        assert_eq!(c.rounds.len(), 3);
        assert!(check(&c).is_empty());
        let mut c = comp(4, "nantong-80fen-team");
        generate(&mut c);
        assert_eq!(c.rounds.len(), 3);
        let t: Vec<u32> = c.rounds[0].fixtures.iter().flat_map(|f| &f.legs).map(|l| l.table).collect();
        assert_eq!(t, vec![1, 2, 3, 4], "two legs (pairs) per fixture, one table each");
    }

    #[test]
    fn knockout_bracket_with_byes_and_best_of_three_from_the_semis() {
        assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        let mut c = comp(6, "chaodipi-10-ko");
        generate(&mut c);
        assert_eq!(c.rounds.len(), 3);
        let r1 = &c.rounds[0].fixtures;
        assert_eq!(r1.len(), 4);
        let byes: Vec<&Fixture> = r1.iter().filter(|f| f.sides.contains(&Slot::Bye)).collect();
        assert_eq!(byes.len(), 2);
        // The byes go to draw numbers 1 and 2.
        let order = c.by_draw();
        let bye_ids: BTreeSet<&str> = byes.iter().map(|f| f.sides[0].entrant().unwrap()).collect();
        assert_eq!(bye_ids, [order[0].as_str(), order[1].as_str()].into_iter().collect());
        assert_eq!(c.rounds[0].fixtures[0].best_of, 1);
        assert_eq!(c.rounds[1].fixtures[0].best_of, 3, "semi-final best of 3");
        assert_eq!(c.rounds[2].fixtures[0].best_of, 3, "final best of 3");
        assert_eq!(
            c.rounds[2].fixtures[0].sides,
            vec![Slot::Winner { fixture: "r2f1".into() }, Slot::Winner { fixture: "r2f2".into() }]
        );
        // The referee moves best of 3 to the final only; a fixture with a match keeps its own.
        c.rounds[1].fixtures[1].legs[0].match_id = Some("m".into());
        assert!(set_knockout_games(&mut c, 1, 1, 3));
        let bo: Vec<u32> = c.rounds.iter().map(|r| r.fixtures[0].best_of).collect();
        assert_eq!(bo, vec![1, 1, 3]);
        assert_eq!(c.rounds[1].fixtures[1].best_of, 3, "has a match: unchanged");
    }

    /// [r2] 004 第三篇: groups of 4 pairs by draw number; each pair meets the 3 others of its
    /// group once in 3 rounds, and nobody of another group.
    #[test]
    fn the_shift_event_plays_groups_of_four_pairs() {
        let mut c = comp(10, "guandan-shift-3rounds");
        generate(&mut c);
        let order = c.by_draw();
        let groups = c.groups().unwrap();
        assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), vec![4, 4, 2]);
        assert_eq!(groups[1][0], order[4]);
        assert_eq!(c.group_of(&order[9]), Some(3));
        assert_eq!(c.rounds.len(), 3);
        let mut met: HashMap<(String, String), u32> = HashMap::new();
        for r in &c.rounds {
            let tables: Vec<u32> = r.fixtures.iter().flat_map(|f| &f.legs).map(|l| l.table).collect();
            assert_eq!(tables, (1..=tables.len() as u32).collect::<Vec<_>>(), "tables numbered across groups");
            for f in &r.fixtures {
                let ids: Vec<&str> = f.sides.iter().filter_map(|s| s.entrant()).collect();
                if ids.len() == 2 {
                    assert_eq!(c.group_of(ids[0]), c.group_of(ids[1]), "{ids:?}");
                    let k = (ids[0].min(ids[1]).to_string(), ids[0].max(ids[1]).to_string());
                    *met.entry(k).or_default() += 1;
                }
            }
        }
        // 6 pairings in each group of 4, 1 in the group of 2 (played in round 1).
        assert_eq!(met.len(), 6 + 6 + 1);
        assert!(met.values().all(|&n| n == 1));
        assert_eq!(c.rounds[0].fixtures.len(), 5);
        assert_eq!(c.rounds[1].fixtures.len(), 4, "the short group has nobody left to meet");
        assert!(check(&c).is_empty(), "{:?}", check(&c));
        // An edit that pairs two groups is named.
        let other = order[4].clone();
        assert!(set_side(&mut c, "r1f1", 1, &other));
        assert!(check(&c).iter().any(|w| matches!(w, Warning::OtherGroup { .. })), "{:?}", check(&c));
    }

    #[test]
    fn groups_follow_the_draw_and_a_short_group_is_flagged() {
        let mut c = comp(7, "jiankang-doudizhu-groups");
        generate(&mut c);
        let sizes: Vec<usize> = c.rounds[0].fixtures.iter().map(|f| f.sides.len()).collect();
        assert_eq!(sizes, vec![3, 3, 1]);
        let order = c.by_draw();
        assert_eq!(c.rounds[0].fixtures[1].sides[0].entrant(), Some(order[3].as_str()));
        assert_eq!(check(&c), vec![Warning::GroupSize { fixture: "r1f3".into(), size: 1, want: 3 }]);
    }
}
