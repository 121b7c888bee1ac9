//! Standings, recomputed from the match records every time (nothing about results is
//! stored in the event except what the desk itself records: a fixture forfeited without
//! play).
//!
//! Per fixture: each leg's [`Outcome`] mapped to the fixture's sides and summed (a team's
//! pairs' points add up, 000 §四 "代表队积分相加") — only a match made for the fixture's
//! entrants in their seats counts ([`super::tables::made_for`]: one made for another
//! pairing before a new draw counts nowhere); a forfeit gives the scoring's forfeit score
//! (18:0) and the win to the other side; two sides forfeiting both get nothing. An entrant
//! with `forfeits_cancel` forfeits has all its results cancelled (000 §四 "两轮弃权 比赛成绩
//! 一律取消"): it is listed without a place and, unless `cancel_keeps_opponents`, every
//! fixture it played is removed from everyone's totals.
//!
//! Ranking: the primary number, then each tie-break in order (双上 count, head-to-head — the
//! primary counted only between the tied entrants —, …); entrants still level share the
//! place and are marked for a play-off (加赛). Knock-out: by the round reached. Groups: the
//! session's own places.

use super::outcome::{disqualified_at, outcome, outcome_until, Outcome};
use super::{Competition, Format, Primary, Slot, TieBreak};
use crate::record::Match;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// One leg (table match) of a fixture as read now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegResult {
    /// Table.
    pub table: u32,
    /// Linked match id.
    pub match_id: Option<String>,
    /// The match is on this device.
    pub found: bool,
    /// The linked match was made for other entrants or seats than the fixture's now (a new
    /// draw, a knock-out side decided otherwise since; [`super::tables::made_for`]): it does
    /// not count here, and the leg can be given a new match.
    pub other_entrants: bool,
    /// Its outcome, mapped to the fixture's sides (`None` when not found or made for other
    /// entrants).
    pub outcome: Option<Outcome>,
    /// Scored as forfeited by a side disqualified in the event (RULES.md §0 **[r2]**): the
    /// leg not played out, its games finished by the ruling's time kept, the rest forfeits
    /// ([`results`]); the hands entered in it since do not count.
    pub forfeited: bool,
}

/// One fixture's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FixtureResult {
    /// Round number.
    pub round: u32,
    /// Fixture id.
    pub fixture: String,
    /// Entrant per side (`None`: a bye, or a winner not known yet).
    pub sides: Vec<Option<String>>,
    /// One side has a bye.
    pub bye: bool,
    /// The legs.
    pub legs: Vec<LegResult>,
    /// Points for, per side: the records' own points (升级: games won), or the forfeit score;
    /// with game points and no forfeit score a forfeited game counts as a game won by the
    /// other side, as the records count it (RULES.md §1.4 **[r2]**).
    pub score: Vec<i64>,
    /// Primary points awarded per side (match points, game points or points).
    pub awarded: Vec<i64>,
    /// Games won per side (with game points, each forfeited game won by the other side).
    pub games_won: Vec<u32>,
    /// 双上 per side.
    pub double_wins: Vec<u32>,
    /// Sides that forfeited (at the desk or in a record).
    pub forfeits: Vec<usize>,
    /// Forfeited at the desk, without play.
    pub walkover: bool,
    /// The winning side, once decided (a bye: its entrant, unless disqualified in an
    /// earlier round).
    pub winner: Option<usize>,
    /// Every leg done (or a forfeit / bye).
    pub done: bool,
    /// Any leg has play.
    pub started: bool,
    /// Removed by a cancellation.
    pub excluded: bool,
}

/// One entrant's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Entrant id.
    pub entrant: String,
    /// Place (equal places shared); `None` when cancelled or not yet decided (knock-out).
    pub rank: Option<u32>,
    /// Group number (group sessions; **[r2]** a round robin in groups).
    pub group: Option<u32>,
    /// **[r2]** The place inside the group (a round robin in groups; `rank` is the place over
    /// all groups, by the same keys).
    pub group_rank: Option<u32>,
    /// Fixtures played (done).
    pub played: u32,
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Byes.
    pub byes: u32,
    /// The primary number.
    pub total: i64,
    /// Points for.
    pub points_for: i64,
    /// Points against.
    pub points_against: i64,
    /// 双上 wins.
    pub double_wins: u32,
    /// Forfeits.
    pub forfeits: u32,
    /// Results cancelled (too many forfeits).
    pub cancelled: bool,
    /// Fixtures scheduled and not done yet.
    pub pending: u32,
    /// The tie-break that separated it from an entrant level on everything before.
    pub decided_by: Option<TieBreak>,
    /// Level with another entrant after every tie-break: a play-off (加赛) decides.
    pub playoff: bool,
    /// Its place among entrants level on everything was decided by a recorded play-off
    /// ([`super::Playoff`]), which scores nothing.
    pub by_playoff: bool,
    /// Disqualified by a ruling in one of its matches (RULES.md §0 **[r2]**), or by late
    /// arrivals in consecutive rounds (004 第三篇 §六4): its remaining fixtures are forfeits.
    pub disqualified: bool,
    /// Disqualified by late arrivals in this many consecutive rounds, under the rule cited
    /// (`004 第三篇 §六4`; empty: none given) ([`super::late`]).
    pub late_run: Option<(u32, String)>,
}

/// Standings of one competition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standings {
    /// Ranked rows (cancelled last).
    pub rows: Vec<Row>,
    /// Every fixture's result, in schedule order.
    pub results: Vec<FixtureResult>,
    /// Knock-out: the winner of the final.
    pub champion: Option<String>,
    /// Every fixture done.
    pub complete: bool,
}

impl Standings {
    /// The row of an entrant.
    pub fn row(&self, id: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.entrant == id)
    }
}

/// `results` (as [`results`] or [`Standings::results`] give them) by fixture id: one pass,
/// for callers that find the result of many fixtures (every row of a schedule) — a search
/// of the list per fixture is quadratic in the schedule (2,016 fixtures for 64 entrants).
/// An id given twice keeps its first result, as a search finds it.
pub fn results_by_fixture(results: &[FixtureResult]) -> HashMap<&str, &FixtureResult> {
    let mut out = HashMap::new();
    for r in results {
        out.entry(r.fixture.as_str()).or_insert(r);
    }
    out
}

fn map_sides<T: Clone + Default>(v: &[T], swapped: bool, n: usize) -> Vec<T> {
    let mut out: Vec<T> = (0..n).map(|i| v.get(i).cloned().unwrap_or_default()).collect();
    if swapped && n == 2 {
        out.swap(0, 1);
    }
    out
}

fn map_outcome(o: Outcome, swapped: bool, n: usize) -> Outcome {
    let flip = |i: usize| if swapped && n == 2 { 1 - i } else { i };
    Outcome {
        score: map_sides(&o.score, swapped, n),
        games_won: map_sides(&o.games_won, swapped, n),
        double_wins: map_sides(&o.double_wins, swapped, n),
        games_forfeited: map_sides(&o.games_forfeited, swapped, n),
        forfeits: o.forfeits.iter().map(|&s| flip(s)).collect(),
        disqualified: o.disqualified.iter().map(|&s| flip(s)).collect(),
        winner: o.winner.map(flip),
        places: map_sides(&o.places, swapped, n),
        ..o
    }
}

/// Every fixture's result, in schedule order, reading the linked matches from `matches`.
/// An entrant disqualified by a ruling in one of its matches (RULES.md §0 **[r2]**: its
/// remaining fixtures are forfeits, its played results stay) forfeits, from the time of its
/// earliest ruling ([`disqualified_at`]) on:
/// - at the fixture where it was ruled, each other table not played out (the other pair of
///   a 南通 team fixture, RULES.md §1.4): the games finished there by the ruling's time stay,
///   the others — finished later or not at all — are forfeits;
/// - each other fixture of it not played out: with a game finished in it by the ruling's
///   time, each table not played out as above (that game stays); else the whole fixture is a
///   forfeit, whatever was entered in it.
///
/// A table (or fixture) played out stays as played. Times are the entries' `at_ms`
/// ([`outcome_until`]). A desk forfeit of a fixture does not hide a disqualification ruled
/// in its matches.
///
/// An entrant late in as many consecutive rounds as the preset's `late_disqualify_after`
/// (004 第三篇 §六4: 3; [`super::late`]) is disqualified the same way, from the time of that
/// lateness, the fixture where it was recorded counting as the one it was ruled at.
pub fn results(c: &Competition, matches: &[Match]) -> Vec<FixtureResult> {
    results_and_disqualified(c, matches).0
}

/// The entrants of `c` disqualified by late arrivals in consecutive rounds (004 第三篇 §六4,
/// [`super::late::runs`]), read from the records in `matches`.
pub fn late_runs(c: &Competition, matches: &[Match]) -> Vec<super::late::LateRun> {
    results_and_disqualified(c, matches).2
}

/// Where and when an entrant was first disqualified.
#[derive(Clone, Debug)]
struct Ruled {
    /// The round of the first fixture it was ruled in.
    round: u32,
    /// The earliest ruling's time, ms since the Unix epoch ([`disqualified_at`]; infinite
    /// when the record names none: then every game decided stays).
    at_ms: f64,
    /// The fixture of the lateness that disqualified it ([`super::late::LateRun`]), when
    /// that is the earliest: counted as ruled there.
    fixture: Option<String>,
}

/// [`results`], the entrants disqualified by a ruling in one of their matches or by late
/// arrivals, and those by late arrivals ([`late_runs`]).
fn results_and_disqualified(
    c: &Competition,
    matches: &[Match],
) -> (Vec<FixtureResult>, HashMap<String, Ruled>, Vec<super::late::LateRun>) {
    let first = results_with(c, matches, &HashMap::new());
    // Read from every fixture's linked matches, a fixture the desk scored as a forfeit too
    // (its legs are not scored then, but a disqualification ruled in them still stands).
    let by_id: HashMap<&str, &Match> = matches.iter().map(|m| (m.id.as_str(), m)).collect();
    let fixtures = c.rounds.iter().flat_map(|r| r.fixtures.iter());
    let mut disqualified: HashMap<String, Ruled> = HashMap::new();
    for (fr, f) in first.iter().zip(fixtures) {
        for (k, l) in f.legs.iter().enumerate() {
            let (_, m, Some(o)) = leg_outcome(f, k, l, &fr.sides, &by_id) else { continue };
            for &side in &o.disqualified {
                // The ruling against the side as the record names it (its seats swapped).
                let own = if l.swapped && fr.sides.len() == 2 { 1 - side } else { side };
                let at_ms = m.and_then(|m| disqualified_at(m, own)).unwrap_or(f64::INFINITY);
                if let Some(Some(id)) = fr.sides.get(side) {
                    let r = disqualified.entry(id.clone()).or_insert(Ruled { round: fr.round, at_ms, fixture: None });
                    r.round = r.round.min(fr.round);
                    r.at_ms = r.at_ms.min(at_ms);
                }
            }
        }
    }
    let sides: Vec<Vec<Option<String>>> = first.iter().map(|fr| fr.sides.clone()).collect();
    let late = super::late::runs(c, &sides, &by_id);
    for run in &late {
        let r = disqualified.entry(run.entrant.clone()).or_insert(Ruled {
            round: run.round,
            at_ms: f64::INFINITY,
            fixture: None,
        });
        r.round = r.round.min(run.round);
        if run.at_ms < r.at_ms {
            r.at_ms = run.at_ms;
            r.fixture = Some(run.fixture.clone());
        }
    }
    if disqualified.is_empty() {
        (first, disqualified, late)
    } else {
        (results_with(c, matches, &disqualified), disqualified, late)
    }
}

fn results_with(c: &Competition, matches: &[Match], disqualified: &HashMap<String, Ruled>) -> Vec<FixtureResult> {
    let by_id: HashMap<&str, &Match> = matches.iter().map(|m| (m.id.as_str(), m)).collect();
    let mut winners: HashMap<String, Option<String>> = HashMap::new();
    let mut out = Vec::new();
    for r in &c.rounds {
        for f in &r.fixtures {
            let n = f.sides.len();
            let sides: Vec<Option<String>> = f
                .sides
                .iter()
                .map(|s| match s {
                    Slot::Entrant { id } => Some(id.clone()),
                    Slot::Winner { fixture } => winners.get(fixture).cloned().flatten(),
                    Slot::Bye => None,
                })
                .collect();
            let bye = f.sides.iter().any(|s| matches!(s, Slot::Bye));
            let mut fr = FixtureResult {
                round: r.number,
                fixture: f.id.clone(),
                sides: sides.clone(),
                bye,
                legs: Vec::new(),
                score: vec![0; n],
                awarded: vec![0; n],
                games_won: vec![0; n],
                double_wins: vec![0; n],
                forfeits: Vec::new(),
                walkover: false,
                winner: None,
                done: false,
                started: false,
                excluded: false,
            };
            if bye {
                let alone = f.sides.iter().position(|s| !matches!(s, Slot::Bye)).filter(|&i| sides[i].is_some());
                // A bye in a round after its entrant's disqualification (RULES.md §0 [r2]: its
                // remaining rounds are forfeits) gives it nothing: no win, no bye counted.
                let out = alone
                    .and_then(|i| sides[i].as_ref())
                    .and_then(|id| disqualified.get(id))
                    .is_some_and(|ruled| r.number > ruled.round);
                fr.winner = alone.filter(|_| !out);
                fr.done = alone.is_some();
            } else if !f.forfeits.is_empty() {
                score_walkover(c, f.forfeits.clone(), n, &mut fr);
            } else {
                let ruled = |i: usize| sides[i].as_ref().and_then(|id| disqualified.get(id));
                let out: Vec<usize> = (0..n).filter(|&i| ruled(i).is_some()).collect();
                let at_ms = out.iter().filter_map(|&i| ruled(i)).map(|r| r.at_ms).fold(f64::INFINITY, f64::min);
                // Disqualified by a lateness recorded at this fixture (004 第三篇 §六4): as if
                // ruled here.
                let late_here = out.iter().any(|&i| ruled(i).is_some_and(|r| r.fixture.as_deref() == Some(&f.id)));
                score_play(c, f, n, &by_id, &out, at_ms, late_here, &mut fr);
                let ruled_here =
                    late_here || fr.legs.iter().any(|l| l.outcome.as_ref().is_some_and(|o| !o.disqualified.is_empty()));
                if !out.is_empty() && !fr.done && !ruled_here {
                    // An entrant disqualified elsewhere, and this fixture not played out with
                    // no game finished in it by the ruling's time (else its tables were scored
                    // from that time on, [`score_play`]): a forfeit, whatever was entered in it.
                    let table = std::mem::take(&mut fr.legs);
                    fr.score = vec![0; n];
                    fr.awarded = vec![0; n];
                    fr.games_won = vec![0; n];
                    fr.double_wins = vec![0; n];
                    score_walkover(c, out, n, &mut fr);
                    fr.legs = table;
                }
            }
            let w = fr.winner.and_then(|i| sides.get(i).cloned().flatten());
            winners.insert(f.id.clone(), w);
            out.push(fr);
        }
    }
    out
}

fn legs_count(c: &Competition) -> i64 {
    c.legs.max(1) as i64
}

fn score_walkover(c: &Competition, mut forfeits: Vec<usize>, n: usize, fr: &mut FixtureResult) {
    crate::sort::sort(&mut forfeits);
    forfeits.dedup();
    fr.walkover = true;
    fr.done = true;
    let all = forfeits.len() >= n;
    fr.forfeits = forfeits.clone();
    if all {
        return;
    }
    let winner = (0..n).find(|i| !forfeits.contains(i)).expect("not all forfeited");
    fr.winner = if n == 2 { Some(winner) } else { None };
    // Game points (RULES.md §1.4 [r2]): every game of every leg is a forfeit, counted as a
    // game won by the other side, as a table's match forfeited in its record counts them;
    // the score is in games like a played fixture's, unless the scoring names one.
    let forfeited_games = match c.scoring.primary {
        Primary::GamePoints { games, .. } => games * legs_count(c) as u32,
        _ => 0,
    };
    let [fw, fl] = c.scoring.forfeit_score.unwrap_or([forfeited_games as i64, 0]);
    for i in 0..n {
        let won = !forfeits.contains(&i);
        fr.games_won[i] = if won { forfeited_games } else { 0 };
        fr.score[i] = if won { fw } else { fl };
        fr.awarded[i] = match c.scoring.primary {
            Primary::Points => fr.score[i],
            Primary::MatchPoints { win, forfeit, .. } => {
                if won {
                    win
                } else {
                    forfeit
                }
            }
            Primary::GamePoints { win, forfeit, games, .. } => {
                (if won { win } else { forfeit }) * games as i64 * legs_count(c)
            }
        };
    }
}

/// The outcome of a leg not played out, forfeited by the sides `out` (disqualified in the
/// event, RULES.md §0 **[r2]**), mapped to the fixture's sides: as a walkover of that one
/// table's match — the scoring's forfeit score, and with game points each of the match's
/// games not decided a forfeit (RULES.md §1.4 **[r2]**: 0 to the forfeiting side, a game won
/// to the other); the games `played` decided stay as they were (`played`: the leg as it stood
/// when the disqualification was ruled, [`outcome_until`]). With game points and no
/// forfeit score the score is the games won, as a table's match forfeited in its record
/// scores them (the games `played` decided and the forfeited ones).
fn leg_forfeit(c: &Competition, out: &[usize], n: usize, played: Option<&Outcome>) -> Outcome {
    let all = out.len() >= n;
    let lost = |i: usize| out.contains(&i);
    let won = |i: usize| played.and_then(|o| o.games_won.get(i).copied()).unwrap_or(0);
    let decided: u32 = (0..n).map(won).sum();
    let games = match c.scoring.primary {
        Primary::GamePoints { games, .. } if !all => games.saturating_sub(decided),
        _ => 0,
    };
    let in_games = matches!(c.scoring.primary, Primary::GamePoints { .. }) && c.scoring.forfeit_score.is_none();
    let [fw, fl] = c.scoring.forfeit_score.unwrap_or([0, 0]);
    Outcome {
        score: (0..n)
            .map(|i| {
                if in_games {
                    (won(i) + if lost(i) { 0 } else { games }) as i64
                } else if all {
                    0
                } else if lost(i) {
                    fl
                } else {
                    fw
                }
            })
            .collect(),
        games_won: (0..n).map(|i| won(i) + if lost(i) { 0 } else { games }).collect(),
        double_wins: vec![0; n],
        games_forfeited: (0..n).map(|i| if lost(i) { games } else { 0 }).collect(),
        forfeits: out.to_vec(),
        winner: if n == 2 && !all { (0..n).find(|&i| !lost(i)) } else { None },
        done: true,
        ..Outcome::default()
    }
}

/// Leg `k` of `f` as read from `by_id`: whether its linked match was made for other
/// entrants ([`super::tables::made_for`]), the match, and its outcome mapped to the fixture's
/// sides (`None` when not found or made for others).
fn leg_outcome<'a>(
    f: &super::Fixture,
    k: usize,
    l: &super::Leg,
    sides: &[Option<String>],
    by_id: &HashMap<&str, &'a Match>,
) -> (bool, Option<&'a Match>, Option<Outcome>) {
    let seated = super::tables::seated(sides, l.swapped);
    let other_entrants =
        l.match_id.as_deref().is_some_and(|id| !super::tables::made_for(id, &f.id, k, seated.as_deref()));
    let m = l.match_id.as_deref().and_then(|id| by_id.get(id)).copied();
    let o = m.filter(|_| !other_entrants).map(|m| map_outcome(outcome(m), l.swapped, sides.len()));
    (other_entrants, m, o)
}

/// The legs' outcomes summed into `fr`. `disqualified`: the fixture's sides disqualified in
/// the event (RULES.md §0 **[r2]**: their remaining fixtures are forfeits, results played
/// stay), the earliest ruled at `ruled_at_ms` (ms since the Unix epoch). When the
/// disqualification was ruled at one of the fixture's tables, or a game of the fixture was
/// finished by `ruled_at_ms` ([`outcome_until`]), each leg not played out by `ruled_at_ms` is forfeited by
/// them ([`leg_forfeit`]): its games finished by `ruled_at_ms` stay, the rest are forfeits;
/// otherwise a fixture not played out is left to be a walkover ([`results`]). `late_here`:
/// the disqualification is a lateness recorded at one of the fixture's tables (004 第三篇
/// §六4), counted as ruled here.
#[allow(clippy::too_many_arguments)]
fn score_play(
    c: &Competition,
    f: &super::Fixture,
    n: usize,
    by_id: &HashMap<&str, &Match>,
    disqualified: &[usize],
    ruled_at_ms: f64,
    late_here: bool,
    fr: &mut FixtureResult,
) {
    let mut all_done = !f.legs.is_empty();
    let mut leg_winners = Vec::new();
    let read: Vec<(bool, Option<&Match>, Option<Outcome>)> =
        f.legs.iter().enumerate().map(|(k, l)| leg_outcome(f, k, l, &fr.sides, by_id)).collect();
    // A leg has play: a hand, a forfeit in its record, or a game decided (a time verdict
    // decides one with no hand) or the match over.
    let started = |o: &Option<Outcome>| {
        o.as_ref()
            .is_some_and(|o| o.hands > 0 || !o.forfeits.is_empty() || o.games_won.iter().any(|&g| g > 0) || o.done)
    };
    // Each leg as it stood when the disqualification was ruled: the games finished by then
    // stay, one finished later is a forfeit like those not finished.
    let before: Vec<Option<Outcome>> = f
        .legs
        .iter()
        .zip(&read)
        .map(|(l, (_, m, o))| {
            let m = m.filter(|_| o.is_some() && !disqualified.is_empty())?;
            Some(map_outcome(outcome_until(m, ruled_at_ms), l.swapped, n))
        })
        .collect();
    let ruled_here = late_here || read.iter().any(|(_, _, o)| o.as_ref().is_some_and(|o| !o.disqualified.is_empty()));
    let decided_before = before.iter().flatten().any(|o| o.games_won.iter().any(|&g| g > 0));
    // Ruled at one of this fixture's tables, or ruled elsewhere with a game of this fixture
    // finished before: every table not played out is forfeited from the ruling on.
    let forfeit_rest = !disqualified.is_empty() && (ruled_here || decided_before);
    for ((l, (other_entrants, m, o)), played) in f.legs.iter().zip(read).zip(before) {
        // Not played out by the ruling: a table played out after it is forfeited from the
        // ruling on like one still in play (its later games were played by a side already out).
        let open = !o.as_ref().is_some_and(|o| o.done) || played.as_ref().is_some_and(|p| !p.done);
        let forfeited = (forfeit_rest && open).then(|| leg_forfeit(c, disqualified, n, played.as_ref()));
        fr.started |= started(&o);
        if let Some(o) = forfeited.as_ref().or(o.as_ref()) {
            for i in 0..n {
                fr.score[i] += o.score[i];
                fr.games_won[i] += o.games_won[i];
                fr.double_wins[i] += o.double_wins[i];
            }
            fr.forfeits.extend(o.forfeits.iter().copied());
            all_done &= o.done;
            leg_winners.push(o.winner);
            if let Primary::GamePoints { win, loss, forfeit, .. } = c.scoring.primary {
                // Games forfeited in the record (RULES.md §1.4 [r2]; counted as won by the other
                // side) score the forfeit for the forfeiting side, not a loss.
                let lost_by_forfeit = |i: usize| o.games_forfeited.get(i).copied().unwrap_or(0);
                let games: u32 = o.games_won.iter().sum();
                for i in 0..n {
                    let lost = games.saturating_sub(o.games_won[i] + lost_by_forfeit(i));
                    fr.awarded[i] +=
                        win * o.games_won[i] as i64 + loss * lost as i64 + forfeit * lost_by_forfeit(i) as i64;
                }
            }
        } else {
            all_done = false;
        }
        fr.legs.push(LegResult {
            table: l.table,
            match_id: l.match_id.clone(),
            found: m.is_some(),
            other_entrants,
            outcome: o,
            forfeited: forfeited.is_some(),
        });
    }
    crate::sort::sort(&mut fr.forfeits);
    fr.forfeits.dedup();
    fr.done = all_done;
    if n != 2 {
        // A group session: its own ranking; the first place is the "winner".
        fr.winner = if all_done { leg_winners.first().copied().flatten() } else { None };
        fr.awarded.clone_from(&fr.score);
        return;
    }
    if !all_done {
        if let Primary::Points = c.scoring.primary {
            fr.awarded.clone_from(&fr.score);
        }
        return;
    }
    let compare = |v: &[i64]| match v[0].cmp(&v[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    match c.scoring.primary {
        Primary::Points => {
            fr.awarded.clone_from(&fr.score);
            fr.winner =
                if leg_winners.len() == 1 { leg_winners[0].or_else(|| compare(&fr.score)) } else { compare(&fr.score) };
        }
        Primary::GamePoints { .. } => {
            fr.winner = compare(&fr.awarded);
        }
        Primary::MatchPoints { win, draw, loss, forfeit } => {
            fr.winner =
                if leg_winners.len() == 1 { leg_winners[0].or_else(|| compare(&fr.score)) } else { compare(&fr.score) };
            for i in 0..2 {
                fr.awarded[i] = match fr.winner {
                    Some(w) if w == i => win,
                    Some(_) if fr.forfeits.contains(&i) => forfeit,
                    Some(_) => loss,
                    None => draw,
                };
            }
        }
    }
}

/// The standings of `c` from the match records in `matches`.
pub fn standings(c: &Competition, matches: &[Match]) -> Standings {
    let (mut results, disqualified, late) = results_and_disqualified(c, matches);
    // Forfeits and cancellations.
    let mut forfeits: BTreeMap<&str, u32> = BTreeMap::new();
    for r in &results {
        for &s in &r.forfeits {
            if let Some(Some(id)) = r.sides.get(s) {
                *forfeits.entry(id.as_str()).or_default() += 1;
            }
        }
    }
    let cancelled: Vec<String> = match c.scoring.forfeits_cancel {
        Some(k) if k > 0 => forfeits.iter().filter(|(_, &n)| n >= k).map(|(id, _)| id.to_string()).collect(),
        _ => Vec::new(),
    };
    let forfeits: BTreeMap<String, u32> = forfeits.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    if !c.scoring.cancel_keeps_opponents {
        for r in results.iter_mut() {
            if r.sides.iter().flatten().any(|id| cancelled.contains(id)) {
                r.excluded = true;
            }
        }
    }
    let mut rows: Vec<Row> = c
        .entrants
        .iter()
        .map(|id| Row {
            entrant: id.clone(),
            rank: None,
            group: c.group_of(id),
            group_rank: None,
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            byes: 0,
            total: 0,
            points_for: 0,
            points_against: 0,
            double_wins: 0,
            forfeits: forfeits.get(id).copied().unwrap_or(0),
            cancelled: cancelled.contains(id),
            pending: 0,
            decided_by: None,
            playoff: false,
            by_playoff: false,
            disqualified: disqualified.contains_key(id),
            late_run: late.iter().find(|r| &r.entrant == id).map(|r| (r.count, r.cite.clone())),
        })
        .collect();
    let index: HashMap<String, usize> = rows.iter().enumerate().map(|(i, r)| (r.entrant.clone(), i)).collect();
    for (fi, r) in results.iter().enumerate() {
        for (s, id) in r.sides.iter().enumerate() {
            let Some(&ri) = id.as_ref().and_then(|id| index.get(id)) else { continue };
            let row = &mut rows[ri];
            if r.bye {
                row.byes += u32::from(r.winner == Some(s));
                continue;
            }
            if !r.done {
                row.pending += 1;
                continue;
            }
            if r.excluded || row.cancelled {
                continue;
            }
            row.played += 1;
            match r.winner {
                Some(w) if w == s => row.won += 1,
                Some(_) => row.lost += 1,
                None if r.sides.len() == 2 => row.drawn += 1,
                None => {}
            }
            row.total += r.awarded[s];
            row.points_for += r.score[s];
            row.points_against += r.score.iter().enumerate().filter(|(k, _)| *k != s).map(|(_, v)| v).sum::<i64>();
            row.double_wins += r.double_wins[s];
            if let Format::Groups { .. } = c.format {
                row.group = Some(fi as u32 + 1);
                let place =
                    r.legs.first().and_then(|l| l.outcome.as_ref()).and_then(|o| o.places.get(s).copied()).unwrap_or(0);
                row.rank = (place > 0).then_some(place as u32);
            }
        }
    }
    let mut champion = None;
    match c.format {
        Format::RoundRobin { .. } => {
            let live: Vec<usize> = (0..rows.len()).filter(|&i| !rows[i].cancelled).collect();
            let mut keys = vec![None];
            keys.extend(c.scoring.tie_breaks.iter().copied().map(Some));
            if let Some(groups) = c.groups() {
                // Each group ranked on its own (the place inside the group), then the whole
                // field by the same keys (the overall place: 004 第三篇 总得分).
                for g in groups {
                    let members: Vec<usize> = live.iter().copied().filter(|&i| g.contains(&rows[i].entrant)).collect();
                    if members.is_empty() {
                        continue;
                    }
                    let mut scratch = rows.clone();
                    rank_group(c, &results, &mut scratch, members.clone(), &keys, 1);
                    for i in members {
                        rows[i].group_rank = scratch[i].rank;
                    }
                }
            }
            rank_group(c, &results, &mut rows, live, &keys, 1);
            crate::sort::sort_by_key(&mut rows, |r| (r.cancelled, r.rank.unwrap_or(u32::MAX)));
        }
        Format::Knockout { .. } => {
            let total_rounds = c.rounds.len() as u32;
            let last = results.iter().rev().find(|r| r.round == total_rounds);
            champion = last.and_then(|r| r.winner.and_then(|w| r.sides[w].clone()));
            for r in &results {
                if r.bye || !r.done {
                    continue;
                }
                let Some(w) = r.winner else { continue };
                for (s, id) in r.sides.iter().enumerate() {
                    if s == w {
                        continue;
                    }
                    if let Some(&ri) = id.as_ref().and_then(|id| index.get(id)) {
                        rows[ri].rank = Some((1u32 << (total_rounds - r.round)) + 1);
                    }
                }
            }
            if let Some(&ri) = champion.as_ref().and_then(|id| index.get(id)) {
                rows[ri].rank = Some(1);
            }
            crate::sort::sort_by_key(&mut rows, |r| (r.cancelled, r.rank.unwrap_or(u32::MAX)));
        }
        Format::Groups { .. } => {
            crate::sort::sort_by_key(&mut rows, |r| (r.group.unwrap_or(u32::MAX), r.rank.unwrap_or(u32::MAX)));
        }
    }
    let complete = !results.is_empty() && results.iter().all(|r| r.done);
    Standings { rows, results, champion, complete }
}

/// The value of a ranking key for `row` (bigger ranks first); `None` = the primary.
fn key_value(
    c: &Competition,
    results: &[FixtureResult],
    rows: &[Row],
    group: &[usize],
    i: usize,
    key: Option<TieBreak>,
) -> i64 {
    let r = &rows[i];
    match key {
        None => r.total,
        Some(TieBreak::DoubleWins) => r.double_wins as i64,
        Some(TieBreak::PointDiff) => r.points_for - r.points_against,
        Some(TieBreak::PointsFor) => r.points_for,
        Some(TieBreak::Wins) => r.won as i64,
        Some(TieBreak::DrawNumber) => -(c.draw.numbers.get(&r.entrant).copied().unwrap_or(u32::MAX) as i64),
        Some(TieBreak::HeadToHead) => {
            let ids: Vec<&str> = group.iter().map(|&g| rows[g].entrant.as_str()).collect();
            results
                .iter()
                .filter(|x| {
                    x.done
                        && !x.excluded
                        && !x.bye
                        && x.sides.iter().all(|s| s.as_deref().is_some_and(|s| ids.contains(&s)))
                })
                .filter_map(|x| {
                    x.sides.iter().position(|s| s.as_deref() == Some(r.entrant.as_str())).map(|s| x.awarded[s])
                })
                .sum()
        }
    }
}

fn rank_group(
    c: &Competition,
    results: &[FixtureResult],
    rows: &mut [Row],
    group: Vec<usize>,
    keys: &[Option<TieBreak>],
    start: u32,
) {
    if group.len() == 1 {
        rows[group[0]].rank = Some(start);
        return;
    }
    let Some((&key, rest)) = keys.split_first() else {
        // Level on everything: a shared place; a play-off once they have all played and none
        // of them has a fixture left to play (not before the first round: all level at 0).
        let settled = group.iter().all(|&i| rows[i].pending == 0 && rows[i].played > 0);
        let ids: Vec<&str> = group.iter().map(|&i| rows[i].entrant.as_str()).collect();
        // A recorded play-off between exactly these entrants (the newest counts): its
        // winner first, the others level again (they may play another).
        let won = settled
            .then(|| c.playoffs.iter().rev().find(|p| p.between(&ids)))
            .flatten()
            .and_then(|p| group.iter().copied().find(|&i| rows[i].entrant == p.winner));
        if let Some(w) = won {
            let rest: Vec<usize> = group.iter().copied().filter(|&i| i != w).collect();
            rows[w].rank = Some(start);
            for &i in &group {
                rows[i].by_playoff = true;
            }
            rank_group(c, results, rows, rest, &[], start + 1);
            return;
        }
        for &i in &group {
            rows[i].rank = Some(start);
            rows[i].playoff = settled;
        }
        return;
    };
    let mut vals: Vec<(i64, usize)> = group.iter().map(|&i| (key_value(c, results, rows, &group, i, key), i)).collect();
    crate::sort::sort_by(&mut vals, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let split = vals.first().map(|v| v.0) != vals.last().map(|v| v.0);
    let mut k = 0;
    let mut place = start;
    while k < vals.len() {
        let v = vals[k].0;
        let run: Vec<usize> = vals[k..].iter().take_while(|x| x.0 == v).map(|x| x.1).collect();
        let len = run.len();
        if split {
            if let Some(tb) = key {
                for &i in &run {
                    rows[i].decided_by.get_or_insert(tb);
                }
            }
        }
        rank_group(c, results, rows, run, rest, place);
        place += len as u32;
        k += len;
    }
}

#[cfg(test)]
mod tests;
