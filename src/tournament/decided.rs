//! Whether a table's hands still count for its fixture: a fixture decided by a
//! disqualification (取消比赛资格 / 出局) ruled at another of its tables, or forfeited for
//! one ruled in another fixture (RULES.md §0 **[r2]**: the entrant's remaining fixtures are
//! forfeits; §1.4: a 南通 fixture of two tables). The standings already count nothing more
//! from such a table ([`super::standings::results`]); its match page says why
//! ([`decided_elsewhere`]) and still takes hands, so none is ever lost.

use super::standings::results;
use super::Event;
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
    for e in events {
        for c in &e.competitions {
            let fixtures = c.rounds.iter().flat_map(|r| r.fixtures.iter());
            let Some((fi, k)) = fixtures
                .enumerate()
                .find_map(|(i, f)| f.legs.iter().position(|l| l.match_id.as_deref() == Some(match_id)).map(|k| (i, k)))
            else {
                continue;
            };
            let res = results(c, matches);
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
            // Late arrivals in consecutive rounds (004 第三篇 §六4) disqualify as a ruling
            // recorded where the last of them was; one recorded in this very match is
            // [`late_here`]'s.
            let fixture_id = &fr.fixture;
            for run in super::standings::late_runs(c, matches) {
                if ours.contains(&run.entrant.as_str()) && run.match_id != match_id {
                    rulings.push(DecidedElsewhere {
                        event: e.id.clone(),
                        competition: c.id.clone(),
                        entrant: run.entrant.clone(),
                        round: run.round,
                        table: run.table,
                        same_fixture: &run.fixture == fixture_id,
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
            return void.then_some(d);
        }
    }
    None
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
}
