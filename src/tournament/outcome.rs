//! What one match record says for the standings, read from its replay
//! ([`crate::record::replay::replay`]) — never stored, so a correction anywhere in a log
//! changes the standings at once.
//!
//! Sides: for 2-sided games side 0 is team `A` (N/S; 双升: the set-up's team `A`; 五子棋:
//! player 1), side 1 team `B`; for sessions (斗地主, 三打一) side `i` is player `i`.

use crate::record::replay::{replay, MatchView};
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
    /// Sides that forfeited in the record (掼蛋 forfeit entries).
    pub forfeits: Vec<usize>,
    /// The match winner, when decided (a session: first place without a play-off).
    pub winner: Option<usize>,
    /// No more play expected: the game's own end (series decided, all rounds played …) or
    /// signed off.
    pub done: bool,
    /// Signed off by the referee.
    pub locked: bool,
    /// Hands / moves that count so far.
    pub hands: usize,
    /// The session ranking (1-based place per side), for group sessions.
    pub places: Vec<usize>,
}

fn side(t: Team) -> usize {
    match t {
        Team::A => 0,
        Team::B => 1,
    }
}

/// Reads the outcome of `m` from its replay.
pub fn outcome(m: &Match) -> Outcome {
    let mut o = Outcome::default();
    match replay(m) {
        MatchView::Guandan(v) => {
            let per = |p: crate::rules::guandan::PerTeam<u32>| vec![p.a as i64, p.b as i64];
            o.score = v.points_total.map(per).or(v.round_score_total.map(per)).unwrap_or_else(|| per(v.rounds_won));
            o.games_won = vec![v.rounds_won.a, v.rounds_won.b];
            o.double_wins = vec![v.double_wins.a, v.double_wins.b];
            let mut f: Vec<usize> = v.rounds.iter().filter_map(|r| r.forfeit.map(side)).collect();
            f.sort();
            f.dedup();
            o.forfeits = f;
            o.winner = v.match_winner.map(side);
            o.locked = v.locked;
            o.done = v.finished || v.locked;
            o.hands = v.rounds.iter().map(|r| r.hands as usize).sum();
        }
        MatchView::Shengji(v) => {
            let w = |t| v.series.get(&t).copied().unwrap_or(0);
            o.games_won = vec![w(Team::A), w(Team::B)];
            o.score = o.games_won.iter().map(|&x| x as i64).collect();
            o.double_wins = vec![0, 0];
            o.winner = v.series_winner.map(side);
            o.locked = v.locked;
            o.done = v.series_winner.is_some() || v.locked;
            o.hands = v.games.iter().map(|g| g.rows.len()).sum();
        }
        MatchView::Duplicate(v) => {
            let g = |t| v.totals.totals.get(&t).copied().unwrap_or(0) as i64;
            let b = |t| v.totals.boards_won.get(&t).copied().unwrap_or(0);
            o.score = vec![g(Team::A), g(Team::B)];
            o.games_won = vec![b(Team::A), b(Team::B)];
            o.double_wins = vec![0, 0];
            o.winner = match v.verdict {
                crate::rules::shengji::DuplicateVerdict::Winner { team, .. } => Some(side(team)),
                _ => None,
            };
            o.locked = v.locked;
            o.done = v.complete || v.locked;
            if !o.done {
                o.winner = None;
            }
            o.hands = v.scored;
        }
        MatchView::Renju(v) => {
            use crate::record::games::renju::Player;
            let w = |p| v.wins.get(&p).copied().unwrap_or(0);
            o.games_won = vec![w(Player::P1), w(Player::P2)];
            o.score = o.games_won.iter().map(|&x| x as i64).collect();
            o.double_wins = vec![0, 0];
            o.winner = v.series_winner.map(|p| p.index());
            o.locked = v.locked;
            o.done = v.decided() || v.locked;
            o.hands = v.games.iter().map(|g| g.moves.len()).sum();
        }
        MatchView::Doudizhu(v) => session(&mut o, &v.session, v.rows.len()),
        MatchView::Sandayi(v) => session(&mut o, &v.session, v.rows.len()),
    }
    o
}

fn session(o: &mut Outcome, s: &crate::record::games::doudizhu::SessionView, hands: usize) {
    let n = s.totals.len();
    o.score = s.totals.clone();
    o.games_won = vec![0; n];
    o.double_wins = vec![0; n];
    o.places = vec![0; n];
    let ranking = s.playoff_ranking.as_ref().unwrap_or(&s.ranking);
    for st in &s.ranking.standings {
        if st.player < n {
            o.places[st.player] = st.place;
        }
    }
    if s.playoff_ranking.is_some() {
        for st in &ranking.standings {
            if st.player < n && !ranking.playoff {
                o.places[st.player] = st.place;
            }
        }
    }
    o.winner = if ranking.playoff { None } else { ranking.standings.first().map(|st| st.player) };
    o.locked = s.locked;
    o.done = s.locked;
    o.hands = hands;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::games::guandan;
    use crate::record::{Entry, HandInput, Op};
    use crate::rules::guandan::{FinishOrder, Hand};
    use crate::rules::Seat::*;

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
