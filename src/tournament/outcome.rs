//! What one match record says for the standings, read from its replay
//! ([`crate::record::replay::replay`]) — never stored, so a correction anywhere in a log
//! changes the standings at once.
//!
//! Sides: for 2-sided games side 0 is team `A` (N/S; 双升: the set-up's team `A`; 五子棋:
//! player 1), side 1 team `B`; for sessions (斗地主, 三打一) side `i` is player `i`.

use crate::record::replay::replay;
use crate::record::Match;
use crate::rules::Team;
use serde::Serialize;

/// One match's result as the standings use it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The match's own points per side: 掼蛋 per-deal points or round-score totals (else
    /// games won); 升级 games won; 双升 board totals; 五子棋 games won; sessions: totals.
    pub score: Vec<i64>,
    /// Games (局 / rounds / boards won) won per side.
    pub games_won: Vec<u32>,
    /// 双上 wins per side (掼蛋; 0 elsewhere).
    pub double_wins: Vec<u32>,
    /// Games forfeited per side (RULES.md §1.4 **[r2]**: a 南通 team match forfeited in its
    /// record — the game in progress and the games not started are forfeits, each also
    /// counted in the other side's `games_won`); empty = none.
    pub games_forfeited: Vec<u32>,
    /// Sides that forfeited in the record (掼蛋 forfeit entries; a ruling of lateness at the
    /// preset's limit or a disqualification).
    pub forfeits: Vec<usize>,
    /// Sides disqualified by a ruling (RULES.md §0 **[r2]**): their fixtures of the event not
    /// yet started become forfeits.
    pub disqualified: Vec<usize>,
    /// The match winner, when decided (a session: first place without a play-off).
    pub winner: Option<usize>,
    /// No more play expected: the game's own end (series decided, all rounds played …) or
    /// signed off.
    pub done: bool,
    /// Signed off by the referee.
    pub locked: bool,
    /// The result sheet's recording duties ([`crate::record::sheet::Sheet::status`]):
    /// `empty`, `entered`, `confirmed` (by E/W, as it stands) or `signed`.
    pub sheet: &'static str,
    /// Hands / moves that count so far.
    pub hands: usize,
    /// The session ranking (1-based place per side), for group sessions.
    pub places: Vec<usize>,
}

/// The side of a team: `A` 0, `B` 1.
pub fn side(t: Team) -> usize {
    match t {
        Team::A => 0,
        Team::B => 1,
    }
}

/// Reads the outcome of `m` from its replay ([`crate::record::game::Game::outcome`]).
pub fn outcome(m: &Match) -> Outcome {
    Outcome { sheet: crate::record::sheet::sheet(m).status(), ..replay(m).outcome() }
}

/// The outcome of `m` as it stood at `at_ms` (ms since the Unix epoch): replayed from the
/// entries logged at or before it — what was played by then (hands, game ends, rulings,
/// clock) — with every correction, void and appeal of the log whenever it was logged, as
/// they fix what was played, not play more. A game decided by an entry logged after
/// `at_ms` is not decided here.
///
/// Used for a disqualification (RULES.md §0 **[r2]**: the entrant's remaining games are
/// forfeits, its played results stay): the games finished by the ruling's time
/// ([`disqualified_at`]) stay. The times are the entries' own `at_ms`, as the devices
/// stamped them; the two tables of a 南通 fixture (RULES.md §1.4) are both recorded on the
/// desk device, so one clock orders them. A clock set wrong on another device skews the
/// order; correcting it is the referee's concern (the log shows every entry's time).
pub fn outcome_until(m: &Match, at_ms: f64) -> Outcome {
    use crate::record::Op;
    let mut before = m.clone();
    before.entries.retain(|e| {
        e.at_ms <= at_ms
            || matches!(e.op, Op::Correct { .. } | Op::CorrectRuling { .. } | Op::Void { .. } | Op::Appeal { .. })
    });
    outcome(&before)
}

/// When `m`'s earliest disqualification in force (RULES.md §0 **[r2]**, `disqualified`)
/// against its side `side` (the record's own: in games of teams 0 = team `A`, 1 = `B`; in
/// games of players the player's index) was ruled: the ruling entry's own time, ms since
/// the Unix epoch (a correction or an appeal's decision that makes it a disqualification
/// later does not move it). `None` without one.
pub fn disqualified_at(m: &Match, side: usize) -> Option<f64> {
    let players = m.setup.ruling_players().is_some();
    crate::record::replay::effective(m)
        .iter()
        .filter(|e| match e.ruling {
            Some(crate::rules::Ruling::Disqualified { team }) => {
                if players {
                    e.player == Some(side)
                } else {
                    self::side(team) == side
                }
            }
            _ => false,
        })
        .map(|e| e.entry.at_ms)
        .reduce(f64::min)
}

/// When `m`'s earliest lateness in force against its side `side` (the record's own, as in
/// [`disqualified_at`]) was recorded: a `late` ruling (RULES.md §0 **[r2]**) of any minutes, or
/// a 掼蛋 forfeit entered as a late arrival ([`crate::rules::guandan::ForfeitReason::Late`]);
/// the entry's own time, ms since the Unix epoch. `None` without one. Read for consecutive
/// late arrivals (004 第三篇 §六4, [`super::late`]).
pub fn late_at(m: &Match, side: usize) -> Option<f64> {
    use crate::record::HandInput;
    use crate::rules::guandan::ForfeitReason;
    let players = m.setup.ruling_players().is_some();
    crate::record::replay::effective(m)
        .iter()
        .filter(|e| match (&e.ruling, &e.hand) {
            (Some(crate::rules::Ruling::Late { team, .. }), _) => {
                if players {
                    e.player == Some(side)
                } else {
                    self::side(*team) == side
                }
            }
            (None, Some(HandInput::Guandan(h))) => {
                h.forfeit.as_ref().is_some_and(|f| f.reason == ForfeitReason::Late && self::side(f.team) == side)
            }
            _ => false,
        })
        .map(|e| e.entry.at_ms)
        .reduce(f64::min)
}

/// The outcome of a session (斗地主, 三打一) of `hands` hands: totals, places, and the
/// winner once no play-off is pending.
pub fn session(s: &crate::record::games::session::SessionView, hands: usize) -> Outcome {
    let mut o = Outcome::default();
    let n = s.totals.len();
    o.score = s.totals.clone();
    o.games_won = vec![0; n];
    o.double_wins = vec![0; n];
    o.places = vec![0; n];
    // Places as the session decided them: by total, a tie at the cut in the play-off's
    // order once it has decided (RULES.md §3, 000 §二(十)).
    let standings = s.final_standings();
    for st in &standings {
        if st.player < n {
            o.places[st.player] = st.place;
        }
    }
    o.winner = if s.playoff_needed { None } else { standings.first().map(|st| st.player) };
    o.locked = s.locked;
    // A ruling (RULES.md §0 [r2]), the last table's time or a decided play-off
    // (RULES.md §3) ends the session for the standings too.
    o.done = s.done();
    o.disqualified = s
        .out
        .iter()
        .filter(|(_, k)| *k == crate::record::games::session::OutKind::Disqualified)
        .map(|(p, _)| *p)
        .collect();
    o.hands = hands;
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::games::guandan;
    use crate::record::{Entry, HandInput, Op};
    use crate::rules::guandan::{FinishOrder, Hand};
    use crate::rules::Seat::*;

    /// RULES.md §0 **[r2]**: a disqualification's time is its own entry's, per side; the
    /// outcome at a time counts the games decided by entries logged by then, with a later
    /// correction of the log (a void) applied.
    #[test]
    fn disqualified_at_and_outcome_until() {
        use crate::rules::{Ruling, Team};
        let mut m = crate::record::sample::blank_shengji("t", "nantong-80fen", 0.0);
        fn put(m: &mut Match, id: &str, at_ms: f64, op: Op) {
            m.append(Entry { after: None, id: id.into(), at_ms, op }).unwrap();
        }
        let dq = |team| Op::Ruling {
            ruling: Ruling::Disqualified { team },
            player: None,
            board: None,
            reason: String::new(),
            rule: String::new(),
            referee: "裁判".into(),
        };
        put(&mut m, "v1", 10.0, Op::TimeVerdict { winner: Team::A, elapsed_ms: None });
        put(&mut m, "n1", 11.0, Op::NextGame { start: Default::default() });
        put(&mut m, "v2", 30.0, Op::TimeVerdict { winner: Team::B, elapsed_ms: None });
        put(&mut m, "dqb", 40.0, dq(Team::B));
        put(&mut m, "dqa", 50.0, dq(Team::A));
        assert_eq!((disqualified_at(&m, 0), disqualified_at(&m, 1)), (Some(50.0), Some(40.0)));
        assert_eq!(outcome_until(&m, 20.0).games_won, vec![1, 0]);
        assert_eq!(outcome_until(&m, 30.0).games_won, vec![1, 1]);
        assert!(outcome_until(&m, 30.0).disqualified.is_empty());
        put(&mut m, "u", 60.0, Op::Void { target: "v1".into(), reason: "undo".into() });
        assert_eq!(outcome_until(&m, 20.0).games_won, vec![0, 0], "the void counts whenever logged");
        put(&mut m, "x", 70.0, Op::Void { target: "dqb".into(), reason: String::new() });
        assert_eq!(disqualified_at(&m, 1), None);
    }

    #[test]
    fn guandan_points_double_wins_and_done() {
        let mut m = guandan::blank("g", "jiankang-guandan", 0.0).unwrap();
        for (i, o) in [[N, S, E, W], [E, W, N, S], [N, E, S, W], [N, S, W, E], [W, S, E, N]].into_iter().enumerate() {
            let op = Op::Hand { hand: HandInput::Guandan(Hand::new(FinishOrder::new(o).unwrap())) };
            m.append(Entry { after: None, id: format!("h{i}"), at_ms: i as f64, op }).unwrap();
        }
        let o = outcome(&m);
        assert_eq!(o.score, vec![5 + 3 + 5, 5 + 3]);
        assert_eq!(o.double_wins, vec![2, 1]);
        assert_eq!(o.winner, Some(0));
        assert!(o.done);
        assert_eq!(o.hands, 5);
    }
}
