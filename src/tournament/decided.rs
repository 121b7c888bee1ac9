//! Whether a table's hands still count for its fixture: a fixture decided by a
//! disqualification (取消比赛资格 / 出局) ruled at another of its tables, or forfeited for
//! one ruled in another fixture (RULES.md §0 **[r2]**: the entrant's remaining fixtures are
//! forfeits; §1.4: a 南通 fixture of two tables). The standings already count nothing more
//! from such a table ([`super::standings::results`]); its match page says why
//! ([`decided_elsewhere`]) and still takes hands, so none is ever lost.
//!
//! The same page is told when its fixture was forfeited at the desk (RULES.md §6 forfeits:
//! the fixture is scored as a walkover, its tables' records not read) or when the match is
//! no leg of its competition's schedule any more (a new draw or schedule): [`table_notice`].

use super::standings::{results, FixtureResult};
use super::{Competition, Event};
use crate::record::Match;

/// Where the disqualification that decided a table's fixture was ruled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecidedElsewhere {
    /// The event's id.
    pub event: String,
    /// The competition's id.
    pub competition: String,
    /// The disqualified entrant's id (a side of the table's fixture).
    pub entrant: String,
    /// The round of the fixture where it was ruled.
    pub round: u32,
    /// The table of the match where it was ruled.
    pub table: u32,
    /// Ruled at another table of the table's own fixture: the fixture is decided there and
    /// this table's games not played out are forfeits (the games decided here stay);
    /// `false`: ruled in another fixture, and this one, not played out, is a forfeit (or this
    /// table is forfeited from the ruling on, the games finished there by then staying).
    pub same_fixture: bool,
    /// Disqualified by late arrivals in this many consecutive rounds, the last recorded at
    /// `round`, `table`, under the rule cited (`004 第三篇 §六4`; empty: none given)
    /// ([`super::late`]); `None`: by a `disqualified` ruling.
    pub late: Option<(u32, String)>,
}

/// A disqualification by late arrivals in consecutive rounds (004 第三篇 §六4,
/// [`super::late`]) whose last lateness was recorded in the match itself: the match alone
/// cannot tell, its page says it from the event.
#[derive(Clone, Debug, PartialEq)]
pub struct LateHere {
    /// The event's id.
    pub event: String,
    /// The competition's id.
    pub competition: String,
    /// The run: the entrant, how many rounds, where, the rule's citation.
    pub run: super::late::LateRun,
}

/// For the match `match_id`, a table's match of a fixture in one of `events`, reading every
/// record in `matches`: the entrant disqualified by the lateness recorded in it, the last of
/// as many consecutive rounds with a lateness as its preset's `late_disqualify_after` (004
/// 第三篇 §六4). `None` without one, or for a match not linked from any fixture.
pub fn late_here(events: &[Event], matches: &[Match], match_id: &str) -> Option<LateHere> {
    events.iter().find_map(|e| {
        e.competitions.iter().find_map(|c| {
            let linked = c.rounds.iter().flat_map(|r| &r.fixtures).flat_map(|f| &f.legs);
            if !linked.clone().any(|l| l.match_id.as_deref() == Some(match_id)) {
                return None;
            }
            let run = super::standings::late_runs(c, matches).into_iter().find(|r| r.match_id == match_id)?;
            Some(LateHere { event: e.id.clone(), competition: c.id.clone(), run })
        })
    })
}

/// For the match `match_id`, a table's match of a fixture in one of `events`, reading every
/// record in `matches`: the disqualification of one of the fixture's entrants ruled in
/// another match that takes this one's further hands out of the standings — at another
/// table of the same fixture while this one is not played out, or in another fixture while
/// this fixture is not played out (it is then a forfeit, or, with a game of it finished by
/// the ruling's time, this table not played out is forfeited from that time on). Exactly
/// when the standings score this table as forfeited ([`super::standings::LegResult`]'s
/// `forfeited`, or a fixture forfeited for a ruling elsewhere). One ruled at this same
/// fixture is named first. `None` when the hands count: no such ruling, a ruling in this
/// very match (its page shows it), this table played out, a match not linked from any
/// fixture or made for other entrants.
pub fn decided_elsewhere(events: &[Event], matches: &[Match], match_id: &str) -> Option<DecidedElsewhere> {
    let (e, c, fi, k) = linked(events, match_id)?;
    decided_at(e, c, matches, match_id, &results(c, matches), fi, k)
}

/// The first fixture of `events` that links the match `match_id`: the event, the
/// competition, the fixture's index in schedule order and the leg.
fn linked<'a>(events: &'a [Event], match_id: &str) -> Option<(&'a Event, &'a Competition, usize, usize)> {
    events.iter().flat_map(|e| e.competitions.iter().map(move |c| (e, c))).find_map(|(e, c)| {
        c.rounds
            .iter()
            .flat_map(|r| r.fixtures.iter())
            .enumerate()
            .find_map(|(i, f)| f.legs.iter().position(|l| l.match_id.as_deref() == Some(match_id)).map(|k| (i, k)))
            .map(|(fi, k)| (e, c, fi, k))
    })
}

/// [`decided_elsewhere`] for leg `k` of fixture `fi` (schedule order) of `c`, `res` its
/// results (of `matches`), the table's match `match_id`.
fn decided_at(
    e: &Event,
    c: &Competition,
    matches: &[Match],
    match_id: &str,
    res: &[FixtureResult],
    fi: usize,
    k: usize,
) -> Option<DecidedElsewhere> {
    let fr = res.get(fi)?;
    let leg = fr.legs.get(k).filter(|l| !l.other_entrants)?;
    let ours: Vec<&str> = fr.sides.iter().flatten().map(String::as_str).collect();
    let mut rulings = Vec::new();
    for (i, r) in res.iter().enumerate() {
        for (j, l) in r.legs.iter().enumerate() {
            let Some(o) = l.outcome.as_ref().filter(|_| (i, j) != (fi, k)) else { continue };
            for &s in &o.disqualified {
                let Some(Some(id)) = r.sides.get(s) else { continue };
                if ours.contains(&id.as_str()) {
                    rulings.push(DecidedElsewhere {
                        event: e.id.clone(),
                        competition: c.id.clone(),
                        entrant: id.clone(),
                        round: r.round,
                        table: l.table,
                        same_fixture: i == fi,
                        late: None,
                    });
                }
            }
        }
    }
    // Late arrivals in consecutive rounds (004 第三篇 §六4) disqualify as a ruling recorded
    // where the last of them was; one recorded in this very match is [`late_here`]'s.
    for run in super::standings::late_runs(c, matches) {
        if ours.contains(&run.entrant.as_str()) && run.match_id != match_id {
            rulings.push(DecidedElsewhere {
                event: e.id.clone(),
                competition: c.id.clone(),
                entrant: run.entrant.clone(),
                round: run.round,
                table: run.table,
                same_fixture: run.fixture == fr.fixture,
                late: Some((run.count, run.cite.clone())),
            });
        }
    }
    crate::sort::sort_by_key(&mut rulings, |d| !d.same_fixture);
    let d = rulings.into_iter().next()?;
    // The standings score this table as forfeited from the ruling on: a table not
    // played out (its games finished by the ruling's time stay), or the fixture, not
    // played out, a forfeit for a ruling elsewhere (not a forfeit recorded at the
    // desk, whose fixture has no table's results).
    let forfeited = fr.walkover && !fr.legs.is_empty();
    let void = leg.forfeited || (!d.same_fixture && forfeited);
    void.then_some(d)
}

/// The fixture of a table's match forfeited at the desk (弃权 recorded on the event page,
/// without play: RULES.md §6 forfeits, §0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForfeitedAtDesk {
    /// The event's id.
    pub event: String,
    /// The competition's id.
    pub competition: String,
    /// The fixture's round.
    pub round: u32,
    /// The table of this match.
    pub table: u32,
    /// The entrant ids that forfeited (one side, or every side).
    pub forfeited: Vec<String>,
    /// The fixture as the standings score it: a walkover with the scoring's forfeit score
    /// (000 §四: 18 : 0) and the win to the other side, the table's records not read.
    pub result: FixtureResult,
}

/// A table's match made for a fixture of a competition whose schedule no longer has it as
/// a leg: a new draw or schedule dropped its fixture, the leg was given another match, or
/// the fixture's sides are now other entrants ([`super::tables::made_for`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unscheduled {
    /// The event's id.
    pub event: String,
    /// The competition's id.
    pub competition: String,
}

/// Why the hands entered in a table's match do not count (or no longer all count) in the
/// standings of the event it was made for. Its page says so and still takes hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableNotice {
    /// Its fixture was decided by a disqualification ruled elsewhere ([`decided_elsewhere`]).
    Decided(DecidedElsewhere),
    /// Its fixture was forfeited at the desk: the standings score the fixture as a walkover
    /// and read nothing of its tables' matches — no points, games or 双上 of the hands entered
    /// here (only a disqualification ruled in them still stands, RULES.md §0 **[r2]**).
    ForfeitedAtDesk(Box<ForfeitedAtDesk>),
    /// It is not a leg of any fixture of its competition any more: nothing of it counts.
    Unscheduled(Unscheduled),
}

/// What the page of match `match_id` should say about its place in `events`, reading the
/// records in `matches`:
/// - linked from a fixture's leg but made for other entrants or seats than the fixture's
///   now: [`TableNotice::Unscheduled`];
/// - linked from a fixture forfeited at the desk (its `forfeits`): [`TableNotice::ForfeitedAtDesk`];
/// - linked, and decided by a disqualification elsewhere: [`TableNotice::Decided`];
/// - linked from no fixture, while its id is one made for a leg of a competition
///   ([`super::tables::made_in`]: a new draw or schedule dropped it, or its leg was given
///   another match): [`TableNotice::Unscheduled`].
///
/// `None` when its hands count as they are, or the match is no event's.
pub fn table_notice(events: &[Event], matches: &[Match], match_id: &str) -> Option<TableNotice> {
    let Some((e, c, fi, k)) = linked(events, match_id) else {
        let (e, c) = events
            .iter()
            .flat_map(|e| e.competitions.iter().map(move |c| (e, c)))
            .find(|(e, c)| super::tables::made_in(e, c, match_id))?;
        return Some(TableNotice::Unscheduled(Unscheduled { event: e.id.clone(), competition: c.id.clone() }));
    };
    let unscheduled = || TableNotice::Unscheduled(Unscheduled { event: e.id.clone(), competition: c.id.clone() });
    let (round, f) = c.rounds.iter().flat_map(|r| r.fixtures.iter().map(move |f| (r.number, f))).nth(fi)?;
    let leg = f.legs.get(k)?;
    let res = results(c, matches);
    let fr = res.get(fi)?;
    let seated = super::tables::seated(&fr.sides, leg.swapped);
    if !super::tables::made_for(match_id, &f.id, k, seated.as_deref()) {
        return Some(unscheduled());
    }
    if !f.forfeits.is_empty() {
        let forfeited = f.forfeits.iter().filter_map(|&s| fr.sides.get(s).cloned().flatten()).collect();
        return Some(TableNotice::ForfeitedAtDesk(Box::new(ForfeitedAtDesk {
            event: e.id.clone(),
            competition: c.id.clone(),
            round,
            table: leg.table,
            forfeited,
            result: fr.clone(),
        })));
    }
    decided_at(e, c, matches, match_id, &res, fi, k).map(TableNotice::Decided)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::sample::blank_shengji;
    use crate::record::{Entry, HandInput, Op};
    use crate::rules::{Ruling, Team};
    use crate::tournament::{builtin_format, draw, schedule};

    fn put(m: &mut Match, id: &str, op: Op) {
        let at = m.entries.len() as f64 + 1.0;
        m.append(Entry { after: None, id: id.into(), at_ms: at, op }).unwrap();
    }

    fn hand(points: i32) -> Op {
        Op::Hand { hand: HandInput::Shengji(crate::rules::shengji::Hand { points, ..Default::default() }) }
    }

    fn disqualified(team: Team) -> Op {
        Op::Ruling {
            ruling: Ruling::Disqualified { team },
            player: None,
            board: None,
            reason: String::new(),
            rule: String::new(),
            referee: "裁判".into(),
        }
    }

    /// RULES.md §0 **[r2]** with §1.4: at a 南通 fixture (tables 1 and 2) the team at E/W of
    /// table 2 is disqualified. Table 1, not played out, is told that the fixture is decided
    /// at table 2 (its further hands count for nothing); table 2 itself, a table played out
    /// before the ruling, a fixture without a ruling and an unlinked match are not; a later
    /// fixture of the disqualified team (a forfeit) is told where it was ruled.
    #[test]
    fn the_other_table_of_a_disqualification_fixture_is_told_it_is_decided() {
        let (mut e, _) = crate::tournament::tests::nantong_desk_forfeit();
        let f = builtin_format("nantong-80fen-team").unwrap();
        let mut c = f.competition("n2", "80分", e.entrants.iter().map(|x| x.id.clone()).collect());
        draw::draw(&mut c, 1);
        schedule::generate(&mut c);
        let mut t1 = blank_shengji("t1", "nantong-80fen", 0.0);
        put(&mut t1, "h1", hand(60));
        let mut t2 = blank_shengji("t2", "nantong-80fen", 0.0);
        put(&mut t2, "h1", hand(40));
        let fx = &mut c.rounds[0].fixtures[0];
        fx.legs[0].match_id = Some("t1".into());
        fx.legs[1].match_id = Some("t2".into());
        let tables: Vec<u32> = fx.legs.iter().map(|l| l.table).collect();
        assert_eq!(tables, vec![1, 2]);
        let out = fx.sides[1].entrant().unwrap().to_string();
        e.competitions.push(c.clone());
        let events = std::slice::from_ref(&e);
        assert_eq!(decided_elsewhere(events, &[t1.clone(), t2.clone()], "t1"), None, "no ruling yet");

        put(&mut t2, "dq", disqualified(Team::B));
        put(&mut t1, "h2", hand(85));
        let ms = [t1.clone(), t2.clone()];
        let want = DecidedElsewhere {
            event: e.id.clone(),
            competition: "n2".into(),
            entrant: out.clone(),
            round: 1,
            table: 2,
            same_fixture: true,
            late: None,
        };
        assert_eq!(decided_elsewhere(events, &ms, "t1"), Some(want.clone()));
        assert_eq!(decided_elsewhere(events, &ms, "t2"), None, "the ruling's own table shows it");
        assert_eq!(decided_elsewhere(events, &ms, "elsewhere"), None, "not linked from a fixture");
        // The standings agree: table 1's game in progress is a forfeit, its hands count for
        // nothing (the same totals with or without them).
        let mut quiet = blank_shengji("t1", "nantong-80fen", 0.0);
        put(&mut quiet, "h1", hand(60));
        let st = crate::tournament::standings::results(&c, &ms);
        assert_eq!(st[0].awarded, crate::tournament::standings::results(&c, &[quiet, t2.clone()])[0].awarded);

        // Table 1 played out before the ruling (three games decided, its entries at times
        // 0.1 to 0.5, the ruling at 2): its results stand.
        let mut done = blank_shengji("t1", "nantong-80fen", 0.0);
        let mut put_early = |id: String, op: Op| {
            let at_ms = (done.entries.len() as f64 + 1.0) / 10.0;
            done.append(Entry { after: None, id, at_ms, op }).unwrap();
        };
        for g in 0..3 {
            if g > 0 {
                put_early(format!("n{g}"), Op::NextGame { start: Default::default() });
            }
            put_early(format!("v{g}"), Op::TimeVerdict { winner: Team::A, elapsed_ms: None });
        }
        let o = crate::tournament::outcome::outcome(&done);
        assert!(o.done, "{o:?}");
        assert_eq!(decided_elsewhere(events, &[done, t2.clone()], "t1"), None);

        // A later fixture of the disqualified team, a hand entered there: a forfeit, ruled
        // at round 1, table 2.
        let (ri, fi) = c
            .rounds
            .iter()
            .enumerate()
            .skip(1)
            .find_map(|(ri, r)| {
                r.fixtures
                    .iter()
                    .position(|x| x.sides.iter().any(|s| s.entrant() == Some(out.as_str())))
                    .map(|fi| (ri, fi))
            })
            .unwrap();
        let mut late = blank_shengji("late", "nantong-80fen", 0.0);
        put(&mut late, "h1", hand(40));
        e.competitions.last_mut().unwrap().rounds[ri].fixtures[fi].legs[0].match_id = Some("late".into());
        let events = std::slice::from_ref(&e);
        let ms = [t1, t2, late];
        assert_eq!(decided_elsewhere(events, &ms, "late"), Some(DecidedElsewhere { same_fixture: false, ..want }));
    }

    /// RULES.md §0 **[r2]** with §1.4: team B of a 南通 round-1 fixture is disqualified at
    /// table 2 at time 20, while its round-2 fixture is in play with a game won by it at
    /// table 1 at time 10 (before the ruling: it stays, so the fixture is not a forfeit as a
    /// whole) — each table there not played out is forfeited from the ruling on, and its
    /// page says so, as the standings score it (`forfeited`).
    #[test]
    fn a_fixture_in_play_with_a_game_before_the_ruling_is_told_it_is_decided() {
        let (mut e, _) = crate::tournament::tests::nantong_desk_forfeit();
        let f = builtin_format("nantong-80fen-team").unwrap();
        let mut c = f.competition("n2", "80分", e.entrants.iter().map(|x| x.id.clone()).collect());
        draw::draw(&mut c, 1);
        schedule::generate(&mut c);
        let mut dq = blank_shengji("dq", "nantong-80fen", 0.0);
        let at = |id: &str, at_ms: f64, op| Entry { after: None, id: id.into(), at_ms, op };
        dq.append(at("dq", 20.0, disqualified(Team::B))).unwrap();
        c.rounds[0].fixtures[0].legs[1].match_id = Some("dq".into());
        let out = c.rounds[0].fixtures[0].sides[1].entrant().unwrap().to_string();
        let (ri, fi, side) = c
            .rounds
            .iter()
            .enumerate()
            .skip(1)
            .find_map(|(ri, r)| {
                r.fixtures.iter().enumerate().find_map(|(fi, x)| {
                    x.sides.iter().position(|s| s.entrant() == Some(out.as_str())).map(|side| (ri, fi, side))
                })
            })
            .unwrap();
        let fx = &mut c.rounds[ri].fixtures[fi];
        let team = if (side == 1) != fx.legs[0].swapped { Team::B } else { Team::A };
        let mut t1 = blank_shengji("r2t1", "nantong-80fen", 0.0);
        t1.append(at("v1", 10.0, Op::TimeVerdict { winner: team, elapsed_ms: None })).unwrap();
        t1.append(at("n1", 11.0, Op::NextGame { start: Default::default() })).unwrap();
        t1.append(at("h", 30.0, hand(60))).unwrap();
        let mut t2 = blank_shengji("r2t2", "nantong-80fen", 0.0);
        t2.append(at("h", 15.0, hand(40))).unwrap();
        fx.legs[0].match_id = Some("r2t1".into());
        fx.legs[1].match_id = Some("r2t2".into());
        e.competitions.push(c.clone());
        let ms = [dq, t1, t2];
        let res = results(&c, &ms);
        let r = res.iter().find(|r| r.fixture == c.rounds[ri].fixtures[fi].id).unwrap();
        assert!(!r.walkover && r.legs.iter().all(|l| l.forfeited), "{r:?}");
        let want = DecidedElsewhere {
            event: e.id.clone(),
            competition: "n2".into(),
            entrant: out,
            round: 1,
            table: 2,
            same_fixture: false,
            late: None,
        };
        let events = std::slice::from_ref(&e);
        assert_eq!(decided_elsewhere(events, &ms, "r2t1"), Some(want.clone()));
        assert_eq!(decided_elsewhere(events, &ms, "r2t2"), Some(want));
    }

    /// A 健康杯 掼蛋 team round robin (000 §四: forfeit 18 : 0) of [`crate::tournament::tests::four_pairs`],
    /// drawn 1–4 in entry order and scheduled, and the match of round 1's first fixture
    /// made for it ([`crate::tournament::tables::leg_match`]) with five 双上 deals for side 0
    /// (25 : 0), linked.
    fn guandan_played() -> (Event, Match) {
        let mut e = crate::tournament::tests::four_pairs();
        let c = &mut e.competitions[0];
        c.draw.numbers = (1..=4).map(|i| (format!("e{i}"), i)).collect();
        schedule::generate(c);
        let c = e.competitions[0].clone();
        let res = results(&c, &[]);
        let (mut m, swapped) = crate::tournament::tables::leg_match(&e, &c, "r1f1", 0, &res, 0.0).unwrap();
        assert!(!swapped);
        for i in 0..5 {
            put(&mut m, &format!("h{i}"), guandan_aa());
        }
        let leg = &mut e.competitions[0].rounds[0].fixtures[0].legs[0];
        leg.match_id = Some(m.id.clone());
        (e, m)
    }

    fn guandan_aa() -> Op {
        use crate::rules::guandan::{FinishOrder, Hand};
        use crate::rules::Seat::*;
        Op::Hand { hand: HandInput::Guandan(Hand::new(FinishOrder::new([N, S, E, W]).unwrap())) }
    }

    /// RULES.md §6 forfeits (000 §四 18 : 0): the desk records side 1's forfeit of a fixture
    /// whose table has hands. The standings score it as a walkover — 18 : 0, the win to
    /// side 0, the table's match not read (the same result with or without its hands) —
    /// and the table's page is told so, naming who forfeited; withdrawn, the hands count
    /// again and nothing is said.
    #[test]
    fn a_table_of_a_fixture_forfeited_at_the_desk_is_told_its_hands_do_not_count() {
        let (mut e, m) = guandan_played();
        let ms = std::slice::from_ref(&m);
        let st = results(&e.competitions[0], ms);
        assert_eq!(st[0].score, vec![25, 0]);
        assert_eq!(table_notice(std::slice::from_ref(&e), ms, &m.id), None, "played, counted");

        e.competitions[0].rounds[0].fixtures[0].forfeits = vec![1];
        let c = e.competitions[0].clone();
        let st = results(&c, ms);
        let fr = &st[0];
        assert!(fr.walkover && fr.legs.is_empty(), "{fr:?}");
        assert_eq!((fr.score.clone(), fr.winner, fr.forfeits.clone()), (vec![18, 0], Some(0), vec![1]));
        let mut empty = m.clone();
        empty.entries.clear();
        assert_eq!(results(&c, &[empty]), st, "the hands entered at the table count for nothing");
        let out = c.rounds[0].fixtures[0].sides[1].entrant().unwrap().to_string();
        let events = std::slice::from_ref(&e);
        assert_eq!(
            table_notice(events, ms, &m.id),
            Some(TableNotice::ForfeitedAtDesk(Box::new(ForfeitedAtDesk {
                event: "ev1".into(),
                competition: "c1".into(),
                round: 1,
                table: 1,
                forfeited: vec![out],
                result: fr.clone(),
            })))
        );
        // Both sides forfeited: both named.
        e.competitions[0].rounds[0].fixtures[0].forfeits = vec![0, 1];
        let Some(TableNotice::ForfeitedAtDesk(d)) = table_notice(std::slice::from_ref(&e), ms, &m.id) else { panic!() };
        assert_eq!(d.forfeited.len(), 2);
        assert_eq!(d.result.score, vec![0, 0]);
        // The forfeit withdrawn: nothing to say.
        e.competitions[0].rounds[0].fixtures[0].forfeits.clear();
        assert_eq!(table_notice(std::slice::from_ref(&e), ms, &m.id), None);
    }

    /// RULES.md §6: the competition drawn again (the desk clears the schedule) or scheduled
    /// anew with other pairings: the old table's match is no leg of any fixture — its page
    /// is told it is out of the schedule and counts nowhere, as the standings have it. A
    /// match linked from a leg but made for other entrants is told the same; a match of no
    /// event is told nothing.
    #[test]
    fn a_table_dropped_from_the_schedule_is_told_it_counts_nowhere() {
        let (mut e, m) = guandan_played();
        let ms = std::slice::from_ref(&m);
        let gone = Some(TableNotice::Unscheduled(Unscheduled { event: "ev1".into(), competition: "c1".into() }));
        // Drawn again: the schedule cleared.
        let mut cleared = e.clone();
        cleared.competitions[0].rounds.clear();
        assert_eq!(table_notice(std::slice::from_ref(&cleared), ms, &m.id), gone);
        // Scheduled again from another draw: round 1's first fixture is other entrants and
        // has no match; the old match counts for nobody.
        let c = &mut e.competitions[0];
        c.draw.numbers = [("e2", 1), ("e1", 2), ("e3", 3), ("e4", 4)].into_iter().map(|(k, n)| (k.into(), n)).collect();
        schedule::generate(c);
        assert!(c.match_ids().is_empty());
        assert!(results(c, ms).iter().all(|r| !r.started), "counted nowhere");
        assert_eq!(table_notice(std::slice::from_ref(&e), ms, &m.id), gone);
        // Linked from a leg whose sides are now other entrants.
        e.competitions[0].rounds[0].fixtures[0].legs[0].match_id = Some(m.id.clone());
        let st = results(&e.competitions[0], ms);
        assert!(st[0].legs[0].other_entrants);
        assert_eq!(table_notice(std::slice::from_ref(&e), ms, &m.id), gone);
        // Another competition of the same event, or a match of no event: nothing said.
        let mut other = m.clone();
        other.id = "m-1".into();
        assert_eq!(table_notice(std::slice::from_ref(&e), std::slice::from_ref(&other), "m-1"), None);
        let mut e2 = cleared.clone();
        e2.competitions[0].id = "c2".into();
        assert_eq!(table_notice(std::slice::from_ref(&e2), ms, &m.id), None);
    }
}
