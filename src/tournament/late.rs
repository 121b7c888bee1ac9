//! Consecutive late arrivals (RULES.md §0 **[r2]** `disqualified`; 004 第三篇 §六4
//! 「每轮比赛迟到10分钟，作本轮弃权论处，连续2次以上(不含2次)迟到，则取消比赛资格」): the
//! entrant late in its Nth round in a row (the preset's
//! [`crate::rules::ruling::RulingRules::late_disqualify_after`], 3) is disqualified from
//! the time of that lateness, as a recorded `disqualified` ruling disqualifies it
//! ([`super::standings::results`]). A match alone cannot see earlier rounds; this reads the
//! competition's table matches.
//!
//! *Reading*: a round counts as late when any lateness against the entrant is recorded in one
//! of its table matches of that round ([`super::outcome::late_at`]: a `late` ruling of any
//! minutes, one at the forfeit limit included, or a 掼蛋 forfeit entered as a late arrival);
//! "consecutive" runs over the rounds in which the entrant has a fixture with an opponent (a
//! bye asks no arrival and neither counts nor breaks the run); a round of it without a
//! lateness — played, forfeited at the desk or not yet recorded — breaks the run.

use super::outcome::late_at;
use super::Competition;
use crate::record::Match;
use serde::Serialize;
use std::collections::HashMap;

/// An entrant disqualified by late arrivals in consecutive rounds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LateRun {
    /// The entrant's id.
    pub entrant: String,
    /// How many consecutive rounds it was late in (the preset's `late_disqualify_after`).
    pub count: u32,
    /// The round of the last of them.
    pub round: u32,
    /// That round's fixture id.
    pub fixture: String,
    /// The table of the match where that lateness was recorded.
    pub table: u32,
    /// That match's id.
    pub match_id: String,
    /// When that lateness was recorded, ms since the Unix epoch (the entry's own time): the
    /// disqualification's time.
    pub at_ms: f64,
    /// The preset's citation of the rule (`004 第三篇 §六4`; empty when it gives none).
    pub cite: String,
}

/// The lateness recorded against an entrant in one round: the earliest, where.
struct Late {
    at_ms: f64,
    table: u32,
    match_id: String,
    fixture: String,
    after: Option<u32>,
    cite: String,
}

/// The entrants of `c` disqualified by consecutive late arrivals, in the order the
/// disqualifying lateness falls in the schedule. `sides`: each fixture's entrants per side,
/// in schedule order (the standings' first reading, [`super::standings::results`]); the
/// matches are read from `by_id`, each only where it was made for its fixture's entrants
/// ([`super::tables::made_for`]). An entrant is named once, at the first run that reaches
/// the count of the match where its last lateness was recorded.
pub fn runs(c: &Competition, sides: &[Vec<Option<String>>], by_id: &HashMap<&str, &Match>) -> Vec<LateRun> {
    let mut run: HashMap<&str, u32> = HashMap::new();
    let mut out: Vec<LateRun> = Vec::new();
    let mut k = 0;
    for r in &c.rounds {
        // Entrants with a fixture against an opponent this round, in schedule order, and the
        // lateness recorded against each.
        let mut playing: Vec<&str> = Vec::new();
        let mut late: HashMap<&str, Late> = HashMap::new();
        for f in &r.fixtures {
            let Some(fs) = sides.get(k) else { break };
            k += 1;
            if f.sides.iter().any(|s| matches!(s, super::Slot::Bye)) {
                continue;
            }
            for (i, id) in fs.iter().enumerate() {
                let Some(id) = id.as_deref() else { continue };
                if !playing.contains(&id) {
                    playing.push(id);
                }
                for (j, l) in f.legs.iter().enumerate() {
                    let seated = super::tables::seated(fs, l.swapped);
                    let Some(mid) = l.match_id.as_deref() else { continue };
                    if !super::tables::made_for(mid, &f.id, j, seated.as_deref()) {
                        continue;
                    }
                    let Some(m) = by_id.get(mid) else { continue };
                    let own = if l.swapped && fs.len() == 2 { 1 - i } else { i };
                    let Some(at_ms) = late_at(m, own) else { continue };
                    if late.get(id).is_some_and(|x| x.at_ms <= at_ms) {
                        continue;
                    }
                    let rules = m.setup.ruling_rules();
                    late.insert(
                        id,
                        Late {
                            at_ms,
                            table: l.table,
                            match_id: mid.to_string(),
                            fixture: f.id.clone(),
                            after: rules.late_disqualify_after,
                            cite: rules.late_cite.trim().to_string(),
                        },
                    );
                }
            }
        }
        for id in playing {
            if out.iter().any(|x| x.entrant == id) {
                continue;
            }
            let n = run.entry(id).or_default();
            let Some(l) = late.get(id) else {
                *n = 0;
                continue;
            };
            *n += 1;
            if l.after.is_some_and(|after| after > 0 && *n >= after) {
                out.push(LateRun {
                    entrant: id.to_string(),
                    count: *n,
                    round: r.number,
                    fixture: l.fixture.clone(),
                    table: l.table,
                    match_id: l.match_id.clone(),
                    at_ms: l.at_ms,
                    cite: l.cite.clone(),
                });
            }
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::record::{Entry, Op};
    use crate::rules::{Ruling, Team};
    use crate::tournament::standings::{results, standings};
    use crate::tournament::tables::leg_match;
    use crate::tournament::{builtin_format, draw, schedule, Event};

    /// A `guandan-shift-3rounds` competition (004 第三篇: one group of 4 pairs, 3 rounds) of
    /// [`crate::tournament::tests::four_pairs`]'s entrants, each table's match made and
    /// linked; the event holds it. Returns the event, the competition, the matches and the
    /// entrant of side 0 of round 1's first fixture.
    pub(crate) fn shift_event() -> (Event, Competition, Vec<Match>, String) {
        let mut e = crate::tournament::tests::four_pairs();
        e.competitions.clear();
        let f = builtin_format("guandan-shift-3rounds").unwrap();
        let mut c = f.competition("s3", "三轮移位", e.entrants.iter().map(|x| x.id.clone()).collect());
        draw::draw(&mut c, 1);
        schedule::generate(&mut c);
        assert_eq!(c.rounds.len(), 3);
        e.competitions.push(c.clone());
        let res = results(&c, &[]);
        let mut ms = Vec::new();
        for ri in 0..c.rounds.len() {
            for fi in 0..c.rounds[ri].fixtures.len() {
                let id = c.rounds[ri].fixtures[fi].id.clone();
                let (m, swapped) = leg_match(&e, &c, &id, 0, &res, 0.0).unwrap();
                let l = &mut c.rounds[ri].fixtures[fi].legs[0];
                l.match_id = Some(m.id.clone());
                l.swapped = swapped;
                ms.push(m);
            }
        }
        e.competitions[0] = c.clone();
        let x = c.rounds[0].fixtures[0].sides[0].entrant().unwrap().to_string();
        (e, c, ms, x)
    }

    /// Records `x` late by `minutes` at `at_ms` in its round-`round` table match.
    pub(crate) fn late(c: &Competition, ms: &mut [Match], x: &str, round: usize, minutes: u32, at_ms: f64) {
        let f = c.rounds[round - 1]
            .fixtures
            .iter()
            .find(|f| f.sides.iter().any(|s| s.entrant() == Some(x)))
            .expect("a fixture every round");
        let side = f.sides.iter().position(|s| s.entrant() == Some(x)).unwrap();
        let l = &f.legs[0];
        let team = if (side == 1) != l.swapped { Team::B } else { Team::A };
        let m = ms.iter_mut().find(|m| Some(&m.id) == l.match_id.as_ref()).unwrap();
        let op = Op::Ruling {
            ruling: Ruling::Late { team, minutes },
            player: None,
            board: None,
            reason: String::new(),
            rule: String::new(),
            referee: "裁判".into(),
        };
        m.append(Entry { after: None, id: format!("late{round}"), at_ms, op }).unwrap();
    }

    /// 004 第三篇 §六4 「连续2次以上(不含2次)迟到，则取消比赛资格」 (RULES.md §0 **[r2]**
    /// `disqualified`): a pair late in rounds 1 (5 min), 2 (12 min: that round's forfeit) and
    /// 3 (3 min) is disqualified at the third lateness — the round-3 table, not played out,
    /// is its forfeit, the standings say why; rounds 1 and 2 stay as recorded.
    #[test]
    fn a_third_consecutive_lateness_disqualifies() {
        let (_, c, mut ms, x) = shift_event();
        late(&c, &mut ms, &x, 1, 5, 100.0);
        late(&c, &mut ms, &x, 2, 12, 200.0);
        let st = standings(&c, &ms);
        assert!(!st.row(&x).unwrap().disqualified, "two late arrivals do not disqualify");
        let before = results(&c, &ms);
        late(&c, &mut ms, &x, 3, 3, 300.0);
        let runs = crate::tournament::standings::late_runs(&c, &ms);
        assert_eq!(runs.len(), 1, "{runs:?}");
        assert_eq!((runs[0].entrant.as_str(), runs[0].count, runs[0].round, runs[0].at_ms), (x.as_str(), 3, 3, 300.0));
        assert_eq!(runs[0].cite, "004 第三篇 §六4");
        let st = standings(&c, &ms);
        let row = st.row(&x).unwrap();
        assert!(row.disqualified);
        assert_eq!(row.late_run, Some((3, "004 第三篇 §六4".to_string())));
        let note = |l| crate::tournament::output::row_note(l, row);
        assert_eq!(note(crate::i18n::Lang::ZhCn), "第 3 次连续迟到 → 取消比赛资格 (004 第三篇 §六4)");
        assert_eq!(note(crate::i18n::Lang::En), "late 3 rounds in a row → disqualified (004 第三篇 §六4)");
        assert_eq!(row.pending, 0, "its round-3 table is decided: a forfeit");
        let r3 = st.results.iter().find(|r| r.round == 3 && r.sides.iter().any(|s| s.as_deref() == Some(&x))).unwrap();
        let side = r3.sides.iter().position(|s| s.as_deref() == Some(&x)).unwrap();
        assert!(r3.done && r3.forfeits.contains(&side) && r3.winner == Some(1 - side), "{r3:?}");
        // A round played out stays as it was (round 2: its own forfeit, 12 minutes late), and
        // so does every fixture without it. (Its round-1 table, never played out, is one of
        // its remaining fixtures now: a forfeit, as after a recorded disqualification.)
        let has_x = |r: &crate::tournament::standings::FixtureResult| r.sides.iter().any(|s| s.as_deref() == Some(&x));
        for r in st.results.iter().filter(|r| r.round == 2 || !has_x(r)) {
            let was = before.iter().find(|b| b.fixture == r.fixture).unwrap();
            assert_eq!((r.awarded.clone(), r.winner, r.done), (was.awarded.clone(), was.winner, was.done));
        }
    }

    /// A round without a lateness breaks the run (rounds 1 and 3 late, 2 not); a preset
    /// without the rule never disqualifies for lateness.
    #[test]
    fn a_round_on_time_breaks_the_run() {
        let (_, c, mut ms, x) = shift_event();
        late(&c, &mut ms, &x, 1, 5, 100.0);
        late(&c, &mut ms, &x, 3, 5, 300.0);
        assert!(!standings(&c, &ms).row(&x).unwrap().disqualified);
        late(&c, &mut ms, &x, 2, 5, 200.0);
        assert!(standings(&c, &ms).row(&x).unwrap().disqualified);
        for m in ms.iter_mut() {
            let crate::record::Setup::Guandan(s) = &mut m.setup else { panic!() };
            s.preset.format.late_disqualify_after = None;
        }
        assert!(!standings(&c, &ms).row(&x).unwrap().disqualified);
    }

    /// The match page's notices (004 第三篇 §六4): the table where the disqualifying lateness
    /// was recorded is told so ([`crate::tournament::decided::late_here`]); a later fixture of
    /// the entrant, a forfeit now, is told where and why
    /// ([`crate::tournament::decided::decided_elsewhere`]). Here a preset disqualifying at the
    /// 2nd, so that round 3 comes after it.
    #[test]
    fn the_tables_are_told() {
        use crate::tournament::decided::{decided_elsewhere, late_here};
        let (e, c, mut ms, x) = shift_event();
        let id_of = |round: usize| {
            let f =
                c.rounds[round - 1].fixtures.iter().find(|f| f.sides.iter().any(|s| s.entrant() == Some(x.as_str())));
            f.unwrap().legs[0].match_id.clone().unwrap()
        };
        late(&c, &mut ms, &x, 1, 5, 100.0);
        late(&c, &mut ms, &x, 2, 5, 200.0);
        let events = std::slice::from_ref(&e);
        assert_eq!(late_here(events, &ms, &id_of(2)), None, "the preset's 3rd, not the 2nd");
        assert_eq!(decided_elsewhere(events, &ms, &id_of(3)), None);
        for m in ms.iter_mut() {
            let crate::record::Setup::Guandan(s) = &mut m.setup else { panic!() };
            s.preset.format.late_disqualify_after = Some(2);
        }
        let here = late_here(events, &ms, &id_of(2)).expect("told at round 2");
        assert_eq!((here.run.entrant.as_str(), here.run.count, here.run.round), (x.as_str(), 2, 2));
        assert_eq!(late_here(events, &ms, &id_of(1)), None);
        let d = decided_elsewhere(events, &ms, &id_of(3)).expect("round 3 is told");
        assert_eq!((d.entrant.as_str(), d.round, d.same_fixture), (x.as_str(), 2, false));
        assert_eq!(d.late, Some((2, "004 第三篇 §六4".to_string())));
    }
}
