//! 掼蛋 match record (RULES.md §2): the set-up (with the match's own copy of the
//! preset), how a logged hand is checked, and the replay of the log into a [`GuandanView`].
//!
//! The log is the shared one of [`crate::record`]: a hand is `Op::Hand` carrying a
//! [`crate::rules::guandan::Hand`] (finishing order, fouls, the tribute paid before it, or a
//! forfeit); `Correct`/`Void` are folded in by [`effective`]. Game-specific readings of the
//! shared ops:
//!
//! * `Clock` — the clock of the round in progress (004 第三篇 §二(一)5: 60 min per round).
//! * `TimeVerdict { winner }` — the round's time is up and the referee closes it: the hand in
//!   progress does not count, the previous hand stands (`format.time_up`). With round scores
//!   the scores decide and `winner` is the team leading when time ran out; without round
//!   scores `winner` wins the game (as in 升级).
//! * `NextGame { start }` — the next game (best of 3) or round starts from `start.levels`
//!   (every round starts at 2, 004 第三篇 §二(四)1), with no declarer and no tribute due.
//!
//! Every number comes from [`crate::rules::guandan::apply`]; this module only decides which
//! hands count (not after the game is won, not past `format.hands_per_round`, not after a
//! time verdict) and sums rounds.

use crate::record::replay::{effective, Clock, OverrunRow};
use crate::record::schema::ImportError;
use crate::record::{ClockAction, HandInput, Match, Op};
use crate::rules::guandan::{
    apply, level_played, tribute_due, validate_hand, ForfeitReason, GuandanPreset, GuandanState, Hand, HandOutcome,
    PerTeam, TributeDue,
};
use crate::rules::shengji::InputError;
use crate::rules::{Rank, Seat, Team};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn ie(field: impl Into<String>, reason: impl Into<String>) -> ImportError {
    ImportError { field: field.into(), reason: reason.into(), msg: None }
}

/// Where a match starts: each team's level and the team whose level is played first
/// (`None` when both stand on the same level, or with a fixed-level preset).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuandanStart {
    /// Start levels (2:2 in every seed).
    pub levels: PerTeam<Rank>,
    /// The team whose level is played in hand 1.
    #[serde(default)]
    pub declarer: Option<Team>,
}

impl Default for GuandanStart {
    fn default() -> Self {
        GuandanStart { levels: PerTeam::new(Rank::TWO, Rank::TWO), declarer: None }
    }
}

impl GuandanStart {
    /// The engine state before hand 1.
    pub fn state(&self) -> GuandanState {
        GuandanState::new(self.levels, self.declarer)
    }
}

/// Set-up of a 掼蛋 match between two pairs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuandanSetup {
    /// The match's own copy of the preset (a referee may have changed any parameter).
    pub preset: GuandanPreset,
    /// Team names: `A` sits N/S, `B` E/W.
    #[serde(default)]
    pub teams: BTreeMap<Team, String>,
    /// Player names by seat.
    #[serde(default)]
    pub players: BTreeMap<Seat, String>,
    /// Start levels and first declarer.
    #[serde(default)]
    pub start: GuandanStart,
}

impl GuandanSetup {
    /// A set-up with this preset, default team names (`南北`/`东西` are left to the UI) and
    /// start 2:2.
    pub fn new(preset: GuandanPreset) -> GuandanSetup {
        GuandanSetup { preset, teams: BTreeMap::new(), players: BTreeMap::new(), start: GuandanStart::default() }
    }
}

/// Checks the set-up: names ≤ 60 characters; preset numbers in range (`upgrade` ≤ 12 per
/// finish, `a_rule.max_failures` ≥ 1, `fouls.warnings_per_foul` ≥ 1, formats ≥ 1); a start
/// with different levels names the first declarer (unless the preset fixes the level).
/// Errors name the field relative to `setup`.
pub fn validate_setup(s: &GuandanSetup) -> Result<(), ImportError> {
    for (t, n) in &s.teams {
        if n.chars().count() > 60 {
            return Err(ie(format!("teams.{t:?}"), "name longer than 60 characters"));
        }
    }
    for (seat, n) in &s.players {
        if n.chars().count() > 60 {
            return Err(ie(format!("players.{seat:?}"), "name longer than 60 characters"));
        }
    }
    let p = &s.preset;
    if p.id.chars().count() > 64 || p.name.chars().count() > 200 || p.source.chars().count() > 200 {
        return Err(ie("preset.name", "id, name or source too long (64 / 200 / 200 characters)"));
    }
    if let Some(u) = p.upgrade {
        for (k, v) in [("double", u.double), ("one_three", u.one_three), ("one_four", u.one_four)] {
            if v > 12 {
                return Err(ie(format!("preset.upgrade.{k}"), format!("{v} levels: at most 12 (2 → A)")));
            }
        }
    }
    if let Some(d) = p.deal_points {
        for (k, v) in [("double", d.double), ("one_three", d.one_three), ("one_four", d.one_four)] {
            if v > 1000 {
                return Err(ie(format!("preset.deal_points.{k}"), format!("{v}: at most 1000")));
            }
        }
    }
    if p.a_rule.max_failures == Some(0) {
        return Err(ie("preset.a_rule.max_failures", "must be at least 1 (or null: A must be played)"));
    }
    if p.fouls.warnings_per_foul == Some(0) {
        return Err(ie(
            "preset.fouls.warnings_per_foul",
            "must be at least 1 (or null: warnings have no level effect)",
        ));
    }
    if p.fouls.out_of_turn_levels > 12 {
        return Err(ie("preset.fouls.out_of_turn_levels", "at most 12"));
    }
    let f = &p.format;
    for (k, v) in [
        ("best_of", f.best_of),
        ("rounds", f.rounds),
        ("hands_per_round", f.hands_per_round),
        ("round_minutes", f.round_minutes),
    ] {
        if v == Some(0) {
            return Err(ie(format!("preset.format.{k}"), "must be at least 1 (or null)"));
        }
    }
    if p.fixed_level.is_none() && s.start.levels.a != s.start.levels.b && s.start.declarer.is_none() {
        return Err(ie("start.declarer", "the start levels differ: name the team whose level is played first"));
    }
    Ok(())
}

/// Checks one hand on its own (the context — tribute due, game over — is the replay's job):
/// the engine's [`validate_hand`] (a foul's seat belongs to its team), sizes, and a forfeit
/// (no fouls or tribute with it; a late arrival needs the minutes, at least
/// `format.late_forfeit_minutes`). Errors name the field relative to the hand.
pub fn check_hand(_m: &Match, s: &GuandanSetup, h: &Hand) -> Result<(), ImportError> {
    if let Err(errs) = validate_hand(h) {
        let e = &errs[0];
        let crate::rules::guandan::HandError::FoulSeatNotInTeam { foul, .. } = e;
        return Err(ie(format!("fouls[{foul}].seat"), e.to_string()));
    }
    if h.fouls.len() > 50 {
        return Err(ie("fouls", "more than 50 fouls in one hand"));
    }
    if let Some(t) = &h.tribute {
        if t.payments.len() > 2 {
            return Err(ie("tribute.payments", format!("{} payments: a tribute has one or two", t.payments.len())));
        }
    }
    if let Some(f) = &h.forfeit {
        if !h.fouls.is_empty() {
            return Err(ie("fouls", "a forfeit records no fouls"));
        }
        if h.tribute.is_some() {
            return Err(ie("tribute", "a forfeit records no tribute"));
        }
        if let Some(n) = f.minutes_late {
            if n > 24 * 60 {
                return Err(ie("forfeit.minutes_late", "more than a day"));
            }
        }
        if f.reason == ForfeitReason::Late {
            match (f.minutes_late, s.preset.format.late_forfeit_minutes) {
                (None, _) => return Err(ie("forfeit.minutes_late", "a late arrival needs the minutes late")),
                (Some(n), Some(limit)) if n < limit => {
                    return Err(ie(
                        "forfeit.minutes_late",
                        format!("{n} min late is below this preset's {limit} min: not a forfeit"),
                    ))
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// Why a logged hand cannot count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum RowError {
    /// The game/round was already won (passed A, or a forfeit).
    GameOver {
        /// The winner.
        winner: Team,
    },
    /// The round already has its `format.hands_per_round` deals.
    RoundComplete {
        /// Deals per round.
        hands: u32,
    },
    /// The round was closed by the time verdict.
    TimeUp,
}

impl RowError {
    /// The error in the shared `{field, reason}` shape (for imports and edits).
    pub fn input_error(&self) -> InputError {
        let reason = match self {
            RowError::GameOver { winner } => format!("game over: team {winner:?} already won"),
            RowError::RoundComplete { hands } => format!("the round is complete ({hands} deals): start the next round"),
            RowError::TimeUp => "the round's time is up (verdict recorded): the hand does not count".to_string(),
        };
        InputError { field: "order".into(), reason, msg: None }
    }
}

/// One hand as it counts now (after corrections), with what the engine made of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GuandanRow {
    /// Id of the original `Hand` entry (corrections target it).
    pub entry_id: String,
    /// 1-based number within its round.
    pub number: usize,
    /// When it was first logged, ms.
    pub at_ms: f64,
    /// The input in force.
    pub hand: Hand,
    /// The engine's outcome, or why the hand cannot count.
    pub result: Result<HandOutcome, RowError>,
    /// The state before the hand (levels, declarer, A failures …).
    pub before: GuandanState,
    /// The tribute due before this hand (from the previous hand), if any.
    pub tribute_due: Option<TributeDue>,
    /// The level this hand is played at.
    pub level: Option<Rank>,
    /// Times of the corrections applied to it, ms.
    pub corrected_ms: Vec<f64>,
    /// Logged when the round clock had already passed `format.round_minutes`
    /// (information: a hand finished before time-up may be entered a little later).
    pub late: bool,
}

impl GuandanRow {
    /// The outcome if the hand counts.
    pub fn outcome(&self) -> Option<&HandOutcome> {
        self.result.as_ref().ok()
    }
}

/// One game / round of the match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Round {
    /// The state it started from.
    pub start: GuandanState,
    /// Hands in order.
    pub rows: Vec<GuandanRow>,
    /// State after the last hand that counts.
    pub state: GuandanState,
    /// The winner: by passing A, by a forfeit, or by the time verdict of a preset without
    /// round scores.
    pub winner: Option<Team>,
    /// The team that forfeited, if any.
    pub forfeit: Option<Team>,
    /// The time verdict (the team leading when time ran out), if recorded.
    pub time_verdict: Option<Team>,
    /// The round clock.
    pub clock: Clock,
    /// Hands that count (a forfeit is not a hand).
    pub hands: u32,
    /// The referee's rulings that applied in this round: (entry id, ruling), in order.
    pub rulings: Vec<(String, crate::rules::Ruling)>,
    /// `format.hands_per_round`, if the round has a fixed number of deals.
    pub hands_per_round: Option<u32>,
}

impl Round {
    fn new(start: GuandanState, preset: &GuandanPreset) -> Round {
        let start = start.normalized(preset);
        Round {
            state: start.clone(),
            start,
            rows: Vec::new(),
            winner: None,
            forfeit: None,
            time_verdict: None,
            clock: Clock::default(),
            hands: 0,
            rulings: Vec::new(),
            hands_per_round: preset.format.hands_per_round,
        }
    }
    /// No more hands count in this round: won, closed by time, or all its deals played.
    pub fn done(&self) -> bool {
        self.winner.is_some() || self.time_verdict.is_some() || self.hands_per_round.is_some_and(|n| self.hands >= n)
    }
    fn refusal(&self) -> Option<RowError> {
        if let Some(w) = self.winner {
            Some(RowError::GameOver { winner: w })
        } else if self.time_verdict.is_some() {
            Some(RowError::TimeUp)
        } else {
            self.hands_per_round.filter(|n| self.hands >= *n).map(|hands| RowError::RoundComplete { hands })
        }
    }
    /// Levels after each counted hand, for the chart: index 0 = start.
    pub fn level_series(&self) -> Vec<[Rank; 2]> {
        let m = |l: PerTeam<Rank>| [l.a, l.b];
        let mut v = vec![m(self.start.levels)];
        for r in &self.rows {
            if let Ok(o) = &r.result {
                if r.hand.forfeit.is_none() {
                    v.push(m(o.levels_after));
                }
            }
        }
        v
    }
    /// The tribute due before the next hand (`None` when the round is done or before its
    /// first hand).
    pub fn next_tribute(&self, preset: &GuandanPreset) -> Option<TributeDue> {
        if self.done() {
            return None;
        }
        self.state.last_order.map(|o| tribute_due(preset, &o))
    }
    /// The level played in the next hand.
    pub fn next_level(&self, preset: &GuandanPreset) -> Option<Rank> {
        level_played(preset, &self.state)
    }
}

/// Everything derived from a 掼蛋 match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GuandanView {
    /// Games / rounds in order (at least one).
    pub rounds: Vec<Round>,
    /// Games/rounds won per team.
    pub rounds_won: PerTeam<u32>,
    /// Per-deal points over all rounds (`Some` for per-deal presets).
    pub points_total: Option<PerTeam<u32>>,
    /// Round scores over all rounds (`Some` for round-scoring presets; a round in progress
    /// counts as if it ended now).
    pub round_score_total: Option<PerTeam<u32>>,
    /// 双上 wins over all rounds (a ranking key of 000 §四).
    pub double_wins: PerTeam<u32>,
    /// No further round is expected: best-of decided, all `format.rounds` played, or the
    /// single game/round done.
    pub finished: bool,
    /// The match winner once finished (best of: the series; otherwise the leader by points,
    /// round scores or games won — `None` on a tie).
    pub match_winner: Option<Team>,
    /// Signed off and not reopened.
    pub locked: bool,
    /// Overruns of the per-play time limit.
    pub overruns: Vec<OverrunRow>,
    /// Entries other than hands that could not count, in log order: (entry id, error) —
    /// a next round started while the round before it was not over (two tabs starting it
    /// at once, or the round's winning hand deleted afterwards). They change nothing.
    pub refused: Vec<(String, InputError)>,
}

impl GuandanView {
    /// The round in progress (the last one).
    pub fn current(&self) -> &Round {
        self.rounds.last().expect("a view has at least one round")
    }
    /// The first hand that cannot count, if any: (entry id, error). Other entries that do
    /// not count ([`GuandanView::refused`]) are refused when entered, not when read: an
    /// older log that has one still reads.
    pub fn first_error(&self) -> Option<(String, InputError)> {
        self.rounds
            .iter()
            .flat_map(|r| &r.rows)
            .find_map(|r| r.result.as_ref().err().map(|e| (r.entry_id.clone(), e.input_error())))
    }
    /// The row of entry `id`, with its round index.
    pub fn row(&self, id: &str) -> Option<(usize, &GuandanRow)> {
        self.rounds.iter().enumerate().find_map(|(i, r)| r.rows.iter().find(|x| x.entry_id == id).map(|x| (i, x)))
    }
    /// Whether the next round may start now (the current one is done and the match is not).
    pub fn can_start_next_round(&self) -> bool {
        self.current().done() && !self.finished
    }
}

fn clock_act(c: &mut Clock, a: ClockAction, at: f64) {
    c.act_at(a, at, None);
}

/// Replays the log: voids drop entries, the newest correction of a hand is in force.
pub fn replay(m: &Match, s: &GuandanSetup) -> GuandanView {
    let preset = &s.preset;
    let limit_ms = preset.format.round_minutes.map(|n| n as f64 * 60_000.0);
    let mut rounds = vec![Round::new(s.start.state(), preset)];
    let mut overruns = Vec::new();
    let mut refused = Vec::new();
    let mut locked = false;
    for eff in effective(m) {
        let e = eff.entry;
        let index = rounds.len() - 1;
        let r = rounds.last_mut().expect("at least one round");
        match &e.op {
            Op::Hand { .. } => {
                let Some(HandInput::Guandan(hand)) = eff.hand else { continue };
                let before = r.state.clone();
                let due = if r.done() { None } else { before.last_order.map(|o| tribute_due(preset, &o)) };
                let level = level_played(preset, &before);
                let result = match r.refusal() {
                    Some(err) => Err(err),
                    None => {
                        let (next, outcome) = apply(preset, &before, &hand);
                        r.state = next;
                        if hand.forfeit.is_some() {
                            r.forfeit = hand.forfeit.as_ref().map(|f| f.team);
                        } else {
                            r.hands += 1;
                        }
                        if r.state.winner.is_some() {
                            r.winner = r.state.winner;
                        }
                        if r.done() {
                            // The game/round is over: its clock stops.
                            clock_act(&mut r.clock, ClockAction::Pause, e.at_ms);
                        }
                        Ok(outcome)
                    }
                };
                let late = limit_ms.is_some_and(|l| r.clock.started && r.clock.elapsed_ms(e.at_ms) >= l);
                r.rows.push(GuandanRow {
                    entry_id: e.id.clone(),
                    number: r.rows.len() + 1,
                    at_ms: e.at_ms,
                    hand,
                    result,
                    before,
                    tribute_due: due,
                    level,
                    corrected_ms: eff.corrected_ms,
                    late,
                });
            }
            Op::Correct { .. } | Op::Void { .. } => {}
            Op::Clock { action, elapsed_ms } => r.clock.act_at(*action, e.at_ms, *elapsed_ms),
            Op::Overrun { seat, action, seconds } => overruns.push(OverrunRow {
                entry_id: e.id.clone(),
                game: index,
                hand: r.rows.len() + 1,
                seat: *seat,
                action: *action,
                seconds: *seconds,
            }),
            Op::TimeVerdict { winner, elapsed_ms } => {
                if !r.done() {
                    r.time_verdict = Some(*winner);
                    if preset.round_scoring.is_none() {
                        r.winner = Some(*winner);
                    }
                }
                r.clock.act_at(ClockAction::Pause, e.at_ms, *elapsed_ms);
            }
            Op::NextGame { start } => {
                if !r.done() {
                    // The page offers the next round only once this one is over.
                    let reason = format!("round {} is not over (no winner, no time-up, deals left)", index + 1);
                    refused.push((e.id.clone(), InputError { field: "next_game".into(), reason, msg: None }));
                    continue;
                }
                clock_act(&mut r.clock, ClockAction::Pause, e.at_ms);
                let lv = |t: Team| start.levels.get(&t).copied().unwrap_or(Rank::TWO);
                let st = GuandanState::new(PerTeam::new(lv(Team::A), lv(Team::B)), None);
                rounds.push(Round::new(st, preset));
            }
            Op::Ruling { ruling, .. } => {
                // After the round is over (won, time up, all deals played) nothing is ruled in it.
                let applied = match r.refusal() {
                    Some(over) => Err(over.input_error().reason),
                    None => crate::rules::guandan::apply_ruling(preset, &r.state, *ruling).map_err(|x| x.to_string()),
                };
                match applied {
                    Ok(next) => {
                        r.state = next;
                        if r.state.winner.is_some() {
                            r.winner = r.state.winner;
                            clock_act(&mut r.clock, ClockAction::Pause, e.at_ms);
                        }
                        r.rulings.push((e.id.clone(), *ruling));
                    }
                    Err(reason) => {
                        refused.push((e.id.clone(), InputError { field: "ruling".into(), reason, msg: None }))
                    }
                }
            }
            Op::SignOff { .. } => locked = true,
            Op::Reopen { .. } => locked = false,
        }
    }
    let mut rounds_won = PerTeam::new(0, 0);
    let mut double_wins = PerTeam::new(0, 0);
    let mut points_total = preset.deal_points.map(|_| PerTeam::new(0, 0));
    let mut round_score_total = preset.round_scoring.map(|_| PerTeam::new(0, 0));
    for r in &rounds {
        if let Some(w) = r.winner {
            rounds_won[w] += 1;
        }
        for t in Team::BOTH {
            double_wins[t] += r.state.double_wins[t];
            if let (Some(tot), Some(p)) = (points_total.as_mut(), r.state.points) {
                tot[t] += p[t];
            }
            if let (Some(tot), Some(p)) = (round_score_total.as_mut(), r.state.round_scores) {
                tot[t] += p[t];
            }
        }
    }
    let cur = rounds.last().expect("at least one round");
    let f = &preset.format;
    let (finished, match_winner) = if let Some(n) = f.best_of {
        let need = n / 2 + 1;
        let w = Team::BOTH.into_iter().find(|t| rounds_won[*t] >= need);
        (w.is_some() || (rounds.len() as u32 >= n && cur.done()), w)
    } else {
        let all = f.rounds.unwrap_or(1);
        let finished = cur.done() && rounds.len() as u32 >= all;
        let by = points_total.or(round_score_total).unwrap_or(rounds_won);
        let w = match by.a.cmp(&by.b) {
            std::cmp::Ordering::Greater => Some(Team::A),
            std::cmp::Ordering::Less => Some(Team::B),
            std::cmp::Ordering::Equal => None,
        };
        (finished, if finished { w } else { None })
    };
    GuandanView {
        rounds,
        rounds_won,
        points_total,
        round_score_total,
        double_wins,
        finished,
        match_winner,
        locked,
        overruns,
        refused,
    }
}

/// A new 掼蛋 match with this built-in preset, start 2:2, no names. `None` if `preset_id`
/// is not built in.
pub fn blank(id: &str, preset_id: &str, now_ms: f64) -> Option<Match> {
    let preset = crate::rules::guandan::builtin_preset(preset_id)?;
    Some(Match {
        id: id.into(),
        created_ms: now_ms,
        title: String::new(),
        setup: crate::record::Setup::Guandan(GuandanSetup::new(preset)),
        entries: Vec::new(),
    })
}

/// 掼蛋's [`crate::record::game::Game`] impl.
pub struct Guandan;

impl crate::record::game::Game for Guandan {
    const ID: crate::record::game::GameId = crate::record::game::GameId::Guandan;
    const RULINGS: bool = true;
    type Setup = GuandanSetup;
    type Input = Hand;
    type View = GuandanView;

    fn validate_setup(s: &GuandanSetup) -> Result<(), ImportError> {
        validate_setup(s)
    }
    fn check_input(m: &Match, s: &GuandanSetup, h: &Hand) -> Result<(), ImportError> {
        check_hand(m, s, h)
    }
    fn replay(m: &Match, s: &GuandanSetup) -> GuandanView {
        replay(m, s)
    }
    fn first_error(v: &GuandanView) -> Option<(String, InputError)> {
        v.first_error()
    }
    fn refused(v: &GuandanView) -> Vec<(String, InputError)> {
        v.refused.clone()
    }
    fn outcome(v: &GuandanView) -> crate::tournament::outcome::Outcome {
        use crate::tournament::outcome::side;
        let per = |p: PerTeam<u32>| vec![p.a as i64, p.b as i64];
        let mut forfeits: Vec<usize> = v.rounds.iter().filter_map(|r| r.forfeit.map(side)).collect();
        forfeits.sort();
        forfeits.dedup();
        crate::tournament::outcome::Outcome {
            score: v.points_total.map(per).or(v.round_score_total.map(per)).unwrap_or_else(|| per(v.rounds_won)),
            games_won: vec![v.rounds_won.a, v.rounds_won.b],
            double_wins: vec![v.double_wins.a, v.double_wins.b],
            forfeits,
            winner: v.match_winner.map(side),
            locked: v.locked,
            done: v.finished || v.locked,
            hands: v.rounds.iter().map(|r| r.hands as usize).sum(),
            ..Default::default()
        }
    }
    fn participants(s: &GuandanSetup) -> String {
        format!(
            "{} vs {}",
            s.teams.values().next().cloned().unwrap_or_default(),
            s.teams.values().nth(1).cloned().unwrap_or_default()
        )
    }
    fn leg_setup(leg: &crate::tournament::tables::Leg) -> Result<GuandanSetup, crate::tournament::tables::LegError> {
        let mut p = crate::rules::guandan::builtin_preset(leg.preset_id).ok_or_else(|| leg.bad())?;
        if leg.best_of > 0 {
            p.format.best_of = (leg.best_of > 1).then_some(leg.best_of);
        }
        if let Some(n) = leg.rounds_per_match {
            p.format.rounds = Some(n);
        }
        let mut s = GuandanSetup::new(p);
        s.teams = leg.teams();
        s.players = leg.players();
        Ok(s)
    }
    fn preset_ids() -> Vec<String> {
        crate::rules::guandan::builtin_presets().into_iter().map(|p| p.id).collect()
    }
    fn preset_name(id: &str) -> Option<String> {
        crate::rules::guandan::builtin_preset(id).map(|p| p.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::MatchView;
    use crate::record::{schema, Entry};
    use crate::rules::guandan::{
        AAttempt, Card, CardRank, FinishOrder, Forfeit, Foul, FoulKind, Suit, TributeKind, TributePayment,
        TributeRecord,
    };
    use Seat::*;

    fn h(o: [Seat; 4]) -> Hand {
        Hand::new(FinishOrder::new(o).unwrap())
    }
    fn op(hand: Hand) -> Op {
        Op::Hand { hand: HandInput::Guandan(hand) }
    }
    fn push(m: &mut Match, id: &str, o: Op) {
        let at = m.entries.len() as f64 * 1000.0;
        m.append(Entry { after: None, id: id.into(), at_ms: at, op: o }).unwrap();
    }
    fn view(m: &Match) -> GuandanView {
        match crate::record::replay::replay(m) {
            MatchView::Guandan(v) => v,
            _ => panic!("a 掼蛋 match"),
        }
    }
    fn rk(s: &str) -> Rank {
        Rank::parse(s).unwrap()
    }
    fn card(r: &str, suit: Option<Suit>) -> Card {
        Card { rank: CardRank::parse(r).unwrap(), suit }
    }

    /// The e2e game: 一三游, then 双下 ×4 (the last one stops at A), one failed attempt at
    /// A (一四游), then A passes.
    fn full_game() -> Match {
        let mut m = blank("g1", "guandan-3-2-1", 0.0).unwrap();
        push(&mut m, "clock", Op::Clock { action: ClockAction::Start, elapsed_ms: None });
        push(&mut m, "h1", op(h([N, E, S, W])));
        let mut h2 = h([N, S, E, W]);
        h2.tribute = Some(TributeRecord {
            resisted: false,
            big_jokers_confirmed: false,
            payments: vec![TributePayment {
                from: W,
                to: N,
                card: card("A", Some(Suit::S)),
                returned: Some(card("3", Some(Suit::C))),
                highest_confirmed: true,
            }],
            leads: Some(W),
        });
        push(&mut m, "h2", op(h2));
        for i in 3..=5 {
            push(&mut m, &format!("h{i}"), op(h([N, S, E, W])));
        }
        push(&mut m, "h6", op(h([N, E, W, S])));
        push(&mut m, "h7", op(h([S, N, W, E])));
        m
    }

    #[test]
    fn a_level_penalty_and_a_game_lost_by_ruling() {
        use crate::rules::Ruling;
        let mut m = blank("g2", "guandan-3-2-1", 0.0).unwrap();
        push(&mut m, "h1", op(h([N, S, E, W]))); // A 双下 +3 → 5
        let ruling = |ruling| Op::Ruling {
            ruling,
            reason: String::new(),
            rule: "004 第三篇 §五2(1)".into(),
            referee: "李".into(),
        };
        push(&mut m, "lp", ruling(Ruling::LevelPenalty { team: Team::A, levels: 2 }));
        assert_eq!(view(&m).current().state.levels.a, rk("3"));
        push(&mut m, "gl", ruling(Ruling::GameLost { team: Team::A }));
        assert_eq!(view(&m).current().winner, Some(Team::B));
        let mut more = m.clone();
        let err = more.append_replayed(Entry { after: None, id: "h2".into(), at_ms: 9.0, op: op(h([E, W, N, S])) });
        assert!(err.is_err(), "no hand after the game was lost by ruling");
        push(&mut m, "undo", Op::Void { target: "gl".into(), reason: String::new() });
        assert_eq!(view(&m).current().winner, None);
    }

    #[test]
    fn forks_are_seen() {
        let mut m = full_game();
        m.entries.truncate(3);
        schema::assert_forks_are_seen(&m, &op(h([N, S, E, W])), &op(h([E, W, N, S])));
    }

    #[test]
    fn full_game_through_a_with_one_failure_and_one_tribute() {
        let m = full_game();
        let v = view(&m);
        assert!(v.first_error().is_none());
        let r = v.current();
        let lv: Vec<String> = r.rows.iter().map(|x| x.outcome().unwrap().levels_after.a.to_string()).collect();
        assert_eq!(lv, ["4", "7", "10", "K", "A", "A", "A"]);
        let o5 = r.rows[4].outcome().unwrap();
        assert_eq!((o5.upgrade, o5.rise), (3, 1), "a rise never skips A");
        assert_eq!(r.rows[5].outcome().unwrap().a_attempt, Some(AAttempt::Failed { team: Team::A, count: 1 }));
        assert_eq!(r.rows[6].before.a_failures.a, 1);
        assert_eq!(r.rows[6].outcome().unwrap().a_attempt, Some(AAttempt::Passed { team: Team::A }));
        assert_eq!(r.winner, Some(Team::A));
        assert!(v.finished);
        assert_eq!(v.match_winner, Some(Team::A));
        assert!(r.clock.running_since.is_none(), "the clock stops when the game is won");
        // The tribute of hand 2 was due from hand 1 (一三游: 末游 W pays 头游 N) and is valid.
        let due = r.rows[1].tribute_due.as_ref().unwrap();
        assert_eq!((due.kind, due.payers.clone()), (TributeKind::Single, vec![W]));
        assert!(r.rows[1].outcome().unwrap().tribute_errors.is_empty());
        assert_eq!(r.rows[1].level, Some(rk("4")));
        assert!(r
            .next_tribute(
                &blank("x", "guandan-3-2-1", 0.0)
                    .map(|m| match m.setup {
                        crate::record::Setup::Guandan(s) => s.preset,
                        _ => unreachable!(),
                    })
                    .unwrap()
            )
            .is_none());
        // The chart has start + 7 points.
        assert_eq!(r.level_series().len(), 8);
    }

    #[test]
    fn a_hand_after_the_win_cannot_count_and_import_refuses_it() {
        let mut m = full_game();
        push(&mut m, "h8", op(h([E, W, N, S])));
        let v = view(&m);
        assert_eq!(v.first_error().map(|(id, _)| id), Some("h8".to_string()));
        assert_eq!(v.current().rows[7].result, Err(RowError::GameOver { winner: Team::A }));
        let e = schema::validate_match(&m).unwrap_err();
        assert!(e.field.starts_with("entries[8].op.hand"), "{e}");
        // Undo (void) the extra hand: clean again.
        push(&mut m, "v8", Op::Void { target: "h8".into(), reason: "undo".into() });
        assert!(schema::validate_match(&m).is_ok());
    }

    #[test]
    fn correcting_an_early_hand_recomputes_everything() {
        let mut m = full_game();
        // Hand 1 was really 双下 for A: 2 → 5, and everything shifts up.
        let c1 = Entry {
            after: None,
            id: "c1".into(),
            at_ms: 1e9,
            op: Op::Correct { target: "h1".into(), hand: HandInput::Guandan(h([N, S, E, W])) },
        };
        // It makes hands 6 and 7 impossible, so it is refused as an entry (Match::append) …
        let err = m.clone().append(c1.clone()).unwrap_err();
        assert_eq!(err.field, crate::record::LATER_HAND);
        // … and the replay of such a log (built by hand here) shows why.
        m.entries.push(c1);
        let v = view(&m);
        let r = v.current();
        assert_eq!(r.rows[0].corrected_ms.len(), 1);
        assert_eq!(r.rows[0].outcome().unwrap().levels_after.a, rk("5"));
        // Now A reaches A after hand 4; hand 5 (双下) passes A; hands 6, 7 cannot count.
        assert_eq!(r.winner, Some(Team::A));
        assert_eq!(r.rows[4].outcome().unwrap().a_attempt, Some(AAttempt::Passed { team: Team::A }));
        assert!(v.first_error().is_some());
        // Hand 2's tribute no longer matches the tribute due (双下 → double): a warning on the
        // row, not a refusal.
        assert!(!r.rows[1].outcome().unwrap().tribute_errors.is_empty());
    }

    #[test]
    fn per_deal_points_round_of_five_and_forfeit() {
        let mut m = blank("j1", "jiankang-guandan", 0.0).unwrap();
        for (i, o) in [[N, S, E, W], [E, N, W, S], [S, E, W, N], [W, E, N, S], [N, E, W, S]].into_iter().enumerate() {
            push(&mut m, &format!("h{i}"), op(h(o)));
        }
        let v = view(&m);
        assert_eq!(v.points_total, Some(PerTeam::new(5 + 1 + 1, 3 + 5)));
        assert_eq!(v.double_wins, PerTeam::new(1, 1));
        assert!(v.current().done() && v.finished);
        assert_eq!(v.match_winner, Some(Team::B));
        assert_eq!(v.current().rows[0].level, Some(rk("7")), "fixed level");
        // A sixth deal cannot count.
        push(&mut m, "h6", op(h([N, S, E, W])));
        assert_eq!(view(&m).current().rows[5].result, Err(RowError::RoundComplete { hands: 5 }));

        // Forfeit 18:0 at the start of a round.
        let mut m = blank("j2", "jiankang-guandan", 0.0).unwrap();
        let mut f = h([N, S, E, W]);
        f.forfeit = Some(Forfeit { team: Team::B, reason: ForfeitReason::Late, minutes_late: Some(15) });
        push(&mut m, "f", op(f));
        let v = view(&m);
        assert_eq!(v.points_total, Some(PerTeam::new(18, 0)));
        assert_eq!(v.current().forfeit, Some(Team::B));
        assert_eq!(v.match_winner, Some(Team::A));
        assert_eq!(v.current().hands, 0);
    }

    #[test]
    fn check_hand_names_the_field() {
        let s = GuandanSetup::new(crate::rules::guandan::builtin_preset("guandan-3-2-1").unwrap());
        let m = blank("c", "guandan-3-2-1", 0.0).unwrap();
        let mut x = h([N, S, E, W]);
        x.fouls.push(Foul { team: Team::A, kind: FoulKind::Warning, seat: Some(E), note: None });
        assert_eq!(check_hand(&m, &s, &x).unwrap_err().field, "fouls[0].seat");
        let mut f = h([N, S, E, W]);
        f.forfeit = Some(Forfeit { team: Team::B, reason: ForfeitReason::Late, minutes_late: Some(6) });
        let e = check_hand(&m, &s, &f).unwrap_err();
        assert_eq!(e.field, "forfeit.minutes_late");
        assert!(e.reason.contains("10"), "{e:?}");
        f.forfeit = Some(Forfeit { team: Team::B, reason: ForfeitReason::Late, minutes_late: Some(10) });
        assert!(check_hand(&m, &s, &f).is_ok());
        // Through the shared entry check the path is prefixed.
        let mut m2 = m.clone();
        let e = m2.append(Entry { after: None, id: "x".into(), at_ms: 0.0, op: op(x) }).unwrap_err();
        assert_eq!(e.field, "op.hand.guandan.fouls[0].seat");
    }

    #[test]
    fn setup_is_validated_and_round_trips() {
        let mut m = blank("s", "guandan-5-3-1", 0.0).unwrap();
        if let crate::record::Setup::Guandan(s) = &mut m.setup {
            s.start.levels = PerTeam::new(rk("5"), rk("2"));
        }
        assert_eq!(schema::validate_match(&m).unwrap_err().field, "setup.start.declarer");
        if let crate::record::Setup::Guandan(s) = &mut m.setup {
            s.start.declarer = Some(Team::A);
            s.preset.a_rule.max_failures = Some(0);
        }
        assert_eq!(schema::validate_match(&m).unwrap_err().field, "setup.preset.a_rule.max_failures");
        let m = full_game();
        let text = schema::export(std::slice::from_ref(&m), 1.0);
        assert_eq!(schema::parse_import(&text).unwrap(), vec![m]);
    }

    /// A best-of-3 match (guandan-5-3-1) whose first game A won by 双上 at A (hand "h1").
    fn game_one_won() -> Match {
        let mut m = blank("b", "guandan-5-3-1", 0.0).unwrap();
        if let crate::record::Setup::Guandan(s) = &mut m.setup {
            s.start = GuandanStart { levels: PerTeam::new(Rank::ACE, rk("2")), declarer: Some(Team::A) };
        }
        push(&mut m, "h1", op(h([N, S, E, W])));
        m
    }

    #[test]
    fn best_of_three_and_time_verdict() {
        let mut m = game_one_won();
        let v = view(&m);
        assert_eq!(v.rounds_won, PerTeam::new(1, 0));
        assert!(v.can_start_next_round());
        let start = crate::rules::shengji::Start::default();
        push(&mut m, "n1", Op::NextGame { start });
        let v = view(&m);
        assert_eq!(v.rounds.len(), 2);
        assert_eq!(v.current().state.levels, PerTeam::new(Rank::TWO, Rank::TWO));
        assert!(v.current().next_tribute(&crate::rules::guandan::builtin_preset("guandan-5-3-1").unwrap()).is_none());

        // Round scoring: the time verdict closes the round, the previous hand stands.
        let mut m = blank("t", "guandan-shift-3rounds", 0.0).unwrap();
        push(&mut m, "c", Op::Clock { action: ClockAction::Start, elapsed_ms: None });
        push(&mut m, "h1", op(h([N, S, E, W])));
        push(&mut m, "tv", Op::TimeVerdict { winner: Team::A, elapsed_ms: None });
        push(&mut m, "h2", op(h([E, W, N, S])));
        let v = view(&m);
        assert_eq!(v.current().time_verdict, Some(Team::A));
        assert_eq!(v.current().winner, None);
        assert_eq!(v.round_score_total, Some(PerTeam::new(3, 0)));
        assert_eq!(v.current().rows[1].result, Err(RowError::TimeUp));
        assert!(v.current().clock.running_since.is_none());
    }

    /// The next round starts only after this one is over: a second start (two tabs
    /// pressing it at once) is refused, and so is deleting the hand that won the round once
    /// the next round has started (it would leave round 1 unfinished behind round 2).
    #[test]
    fn a_next_round_needs_the_round_before_it_over() {
        let mut m = game_one_won();
        let next = || Op::NextGame { start: crate::rules::shengji::Start::default() };
        push(&mut m, "n1", next());
        let at = m.entries.len();
        let err =
            m.clone().append_replayed(Entry { after: None, id: "n2".into(), at_ms: 1e6, op: next() }).unwrap_err();
        assert_eq!(err.field, crate::record::NOT_PLAYABLE);
        assert_eq!(
            err.reason,
            format!("entries[{at}]: next_game: round 2 is not over (no winner, no time-up, deals left)")
        );
        let err = m
            .clone()
            .append(Entry {
                after: None,
                id: "d1".into(),
                at_ms: 1e6,
                op: Op::Void { target: "h1".into(), reason: "delete".into() },
            })
            .unwrap_err();
        assert_eq!(err.field, crate::record::LATER_HAND);
        assert!(err.reason.contains("next_game: round 1 is not over"), "{}", err.reason);
        // An older log with such an entry (built by hand here) still reads: the entry
        // changes nothing and is listed.
        m.entries.push(Entry { after: None, id: "n2".into(), at_ms: 1e6, op: next() });
        let v = view(&m);
        assert_eq!(v.rounds.len(), 2, "the refused start changes nothing");
        assert_eq!(v.refused.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>(), ["n2"]);
        assert!(schema::validate_match(&m).is_ok());
        // … and it does not stand in the way of what comes next.
        push(&mut m, "h2", op(h([N, S, E, W])));
    }

    #[test]
    fn hands_logged_after_the_time_limit_are_flagged() {
        let mut m = blank("l", "guandan-shift-3rounds", 0.0).unwrap();
        m.append(Entry {
            after: None,
            id: "c".into(),
            at_ms: 0.0,
            op: Op::Clock { action: ClockAction::Start, elapsed_ms: None },
        })
        .unwrap();
        m.append(Entry { after: None, id: "h1".into(), at_ms: 59.0 * 60_000.0, op: op(h([N, S, E, W])) }).unwrap();
        m.append(Entry { after: None, id: "h2".into(), at_ms: 61.0 * 60_000.0, op: op(h([N, S, E, W])) }).unwrap();
        let v = view(&m);
        assert!(!v.current().rows[0].late);
        assert!(v.current().rows[1].late);
        assert!(v.first_error().is_none());
    }
}
