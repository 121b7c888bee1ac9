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
use crate::record::schema::{self, said, ImportError};
use crate::record::{ClockAction, HandInput, Match, Op};
use crate::rules::guandan::{
    apply, level_played, tribute_due, validate_hand, ForfeitReason, GuandanPreset, GuandanState, Hand, HandOutcome,
    PerTeam, TributeDue,
};
use crate::rules::shengji::InputError;
use crate::rules::{Arg, Msg, Rank, Seat, Team};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
            return Err(said!(format!("teams.{t:?}"), "imp.name_too_long", max = Arg::Num(60)));
        }
        schema::check_named(n, format!("teams.{t:?}"))?;
    }
    for (seat, n) in &s.players {
        if n.chars().count() > 60 {
            return Err(said!(format!("players.{seat:?}"), "imp.name_too_long", max = Arg::Num(60)));
        }
    }
    let p = &s.preset;
    if p.id.chars().count() > 64 || p.name.chars().count() > 200 || p.source.chars().count() > 200 {
        return Err(said!("preset.name", "imp.preset_names"));
    }
    if let Some(u) = p.upgrade {
        for (k, v) in [("double", u.double), ("one_three", u.one_three), ("one_four", u.one_four)] {
            if v > 12 {
                return Err(said!(format!("preset.upgrade.{k}"), "imp.gd_levels", v = Arg::Text(v.to_string())));
            }
        }
    }
    if let Some(d) = p.deal_points {
        for (k, v) in [("double", d.double), ("one_three", d.one_three), ("one_four", d.one_four)] {
            if v > 1000 {
                return Err(said!(format!("preset.deal_points.{k}"), "imp.gd_points", v = Arg::Text(v.to_string())));
            }
        }
    }
    if p.a_rule.max_failures == Some(0) {
        return Err(said!("preset.a_rule.max_failures", "imp.gd_failures"));
    }
    if p.fouls.warnings_per_foul == Some(0) {
        return Err(said!("preset.fouls.warnings_per_foul", "imp.gd_warnings"));
    }
    if p.fouls.out_of_turn_levels > 12 {
        return Err(said!("preset.fouls.out_of_turn_levels", "imp.at_most", max = Arg::Num(12)));
    }
    let f = &p.format;
    for (k, v) in [
        ("best_of", f.best_of),
        ("rounds", f.rounds),
        ("hands_per_round", f.hands_per_round),
        ("round_minutes", f.round_minutes),
        ("late_disqualify_after", f.late_disqualify_after),
    ] {
        if v == Some(0) {
            return Err(said!(format!("preset.format.{k}"), "imp.at_least_one"));
        }
    }
    for (k, v) in [
        ("round_minutes", f.round_minutes),
        ("match_minutes", f.match_minutes),
        ("late_forfeit_minutes", f.late_forfeit_minutes),
    ] {
        schema::check_limit(format!("preset.format.{k}"), v, schema::MAX_LIMIT_MINUTES)?;
    }
    for (k, v) in [("first_play_seconds", p.timing.first_play_seconds), ("play_seconds", p.timing.play_seconds)] {
        schema::check_limit(format!("preset.timing.{k}"), v, schema::MAX_LIMIT_SECONDS)?;
    }
    if p.fixed_level.is_none() && s.start.levels.a != s.start.levels.b && s.start.declarer.is_none() {
        return Err(said!("start.declarer", "imp.gd_declarer"));
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
        let crate::rules::guandan::HandError::FoulSeatNotInTeam { foul, seat, team } = e;
        return Err(said!(
            format!("fouls[{foul}].seat"),
            "imp.gd_foul_seat",
            foul = Arg::Num(*foul as i64 + 1),
            seat = Arg::Seat(*seat),
            team = Arg::Team(*team),
        ));
    }
    if h.fouls.len() > 50 {
        return Err(said!("fouls", "imp.gd_fouls"));
    }
    if let Some(t) = &h.tribute {
        if t.payments.len() > 2 {
            return Err(said!("tribute.payments", "imp.gd_payments", n = Arg::Num(t.payments.len() as i64)));
        }
    }
    if let Some(f) = &h.forfeit {
        if !h.fouls.is_empty() {
            return Err(said!("fouls", "imp.gd_forfeit_fouls"));
        }
        if h.tribute.is_some() {
            return Err(said!("tribute", "imp.gd_forfeit_tribute"));
        }
        if let Some(n) = f.minutes_late {
            if n > 24 * 60 {
                return Err(said!("forfeit.minutes_late", "imp.over_day"));
            }
        }
        if f.reason == ForfeitReason::Late {
            match (f.minutes_late, s.preset.format.late_forfeit_minutes) {
                (None, _) => return Err(said!("forfeit.minutes_late", "imp.gd_late")),
                (Some(n), Some(limit)) if n < limit => {
                    return Err(said!(
                        "forfeit.minutes_late",
                        "imp.gd_not_forfeit",
                        n = Arg::Num(n as i64),
                        limit = Arg::Num(limit as i64)
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
        InputError { field: "order".into(), reason, msg: Some(self.msg()) }
    }
    /// The error typed, for the UI to render in its language.
    pub fn msg(&self) -> crate::rules::Msg {
        match self {
            RowError::GameOver { winner } => Msg::new("gd.why.game_over", vec![("team", Arg::Team(*winner))]),
            RowError::RoundComplete { hands } => {
                Msg::new("gd.why.round_complete", vec![("hands", Arg::Num(*hands as i64))])
            }
            RowError::TimeUp => Msg::new("gd.rowerr.time_up", vec![]),
        }
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
    /// Logged when the round clock had already passed `format.time_limit_minutes()`
    /// (information: a hand finished before time-up may be entered a little later).
    pub late: bool,
}

impl GuandanRow {
    /// The outcome if the hand counts.
    pub fn outcome(&self) -> Option<&HandOutcome> {
        self.result.as_ref().ok()
    }
}

/// The hand an entry form is about ([`GuandanView::form_hand`]): a hand being edited, or
/// the next one.
#[derive(Clone, Debug, PartialEq)]
pub struct FormHand {
    /// 1-based number within its round.
    pub number: usize,
    /// The level it is played at (`None`: the preset plays no level, e.g. none is due yet).
    pub level: Option<Rank>,
    /// The state before it (levels, declarer, A attempts).
    pub before: GuandanState,
    /// The tribute due before it, if any.
    pub due: Option<TributeDue>,
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
    /// The referee's rulings counted in this round: (entry id, ruling in force, what it
    /// amounted to), in order.
    pub rulings: Vec<(String, crate::rules::Ruling, crate::rules::ruling::Counted)>,
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
    /// Warnings per team given on the ruling panel during the hand in progress, to be scored
    /// with the next hand entered (004 第一篇 §六2, RULES.md §0 **[r2]**): the hand form shows
    /// them so that they are not entered again. Zero when the round is done.
    pub fn pending_warnings(&self) -> PerTeam<u32> {
        if self.done() {
            PerTeam::default()
        } else {
            self.state.ruled_warnings
        }
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
    /// The match's warnings so far (RULES.md §0 **[r2]**).
    pub register: crate::rules::ruling::Register,
    /// Teams disqualified by a ruling: the match goes to the other team, and their
    /// remaining fixtures of the event are forfeits.
    pub disqualified: Vec<Team>,
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
    /// Fouls and warnings called against `team` in the hands that count, over all rounds:
    /// those entered with a hand and the ruling panel's warnings scored with it (a count of
    /// calls, as the result sheet shows it; the level effect is each hand's [`HandOutcome`]).
    pub fn fouls_called(&self, team: Team) -> usize {
        self.rounds
            .iter()
            .flat_map(|r| &r.rows)
            .filter_map(|r| r.outcome().map(|o| (r, o)))
            .map(|(r, o)| {
                r.hand.fouls.iter().filter(|f| f.team == team).count()
                    + o.fouls.iter().filter(|f| f.team == team).map(|f| f.ruled_warnings as usize).sum::<usize>()
            })
            .sum()
    }
    /// The hands whose recorded tribute fits in `self` but no longer fits the tribute due
    /// in `after` (RULES.md §2 "Tribute"): an edit of an earlier hand (`after` = the match
    /// [`Match::preview`]ed with the correction) changed who pays whom, or how many. In log
    /// order: (round index, the hand's row in `after`); the hand `edited` itself is left out
    /// (its own tribute is checked as it is entered).
    pub fn tributes_broken<'a>(&self, after: &'a GuandanView, edited: &str) -> Vec<(usize, &'a GuandanRow)> {
        let fits = |r: &GuandanRow| r.outcome().is_some_and(|o| o.tribute_errors.is_empty());
        after
            .rounds
            .iter()
            .enumerate()
            .flat_map(|(i, r)| r.rows.iter().map(move |x| (i, x)))
            .filter(|(_, x)| x.entry_id != edited && x.hand.tribute.is_some())
            .filter(|(_, x)| x.outcome().is_some_and(|o| !o.tribute_errors.is_empty()))
            .filter(|(_, x)| self.row(&x.entry_id).is_some_and(|(_, old)| fits(old)))
            .collect()
    }
    /// The row of entry `id`, with its round index.
    pub fn row(&self, id: &str) -> Option<(usize, &GuandanRow)> {
        self.rounds.iter().enumerate().find_map(|(i, r)| r.rows.iter().find(|x| x.entry_id == id).map(|x| (i, x)))
    }
    /// The hand the entry form is about: the hand of entry `editing` as it was played — its
    /// number in its round, its level, the state before it and the tribute due before it
    /// (RULES.md §2 "Tribute") — or, with none (or an id not in the view), the next hand of
    /// the current round.
    pub fn form_hand(&self, preset: &GuandanPreset, editing: Option<&str>) -> FormHand {
        match editing.and_then(|id| self.row(id)) {
            Some((_, r)) => {
                FormHand { number: r.number, level: r.level, before: r.before.clone(), due: r.tribute_due.clone() }
            }
            None => {
                let c = self.current();
                FormHand {
                    number: c.hands as usize + 1,
                    level: c.next_level(preset),
                    before: c.state.clone(),
                    due: c.next_tribute(preset),
                }
            }
        }
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
    let limit_ms = preset.format.time_limit_minutes().map(|n| n as f64 * 60_000.0);
    let mut rounds = vec![Round::new(s.start.state(), preset)];
    let mut overruns = Vec::new();
    let mut refused = Vec::new();
    let mut locked = false;
    let rules = preset.ruling_rules();
    let mut register = crate::rules::ruling::Register::default();
    let mut disqualified: Vec<Team> = Vec::new();
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
            Op::Correct { .. } | Op::CorrectRuling { .. } | Op::Void { .. } => {}
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
                    let round = index + 1;
                    let reason = format!("round {round} is not over (no winner, no time-up, deals left)");
                    let msg = Msg::new("gd.why.round_not_over", vec![("round", Arg::Num(round as i64))]);
                    refused.push((e.id.clone(), InputError { field: "next_game".into(), reason, msg: Some(msg) }));
                    continue;
                }
                clock_act(&mut r.clock, ClockAction::Pause, e.at_ms);
                let lv = |t: Team| start.levels.get(&t).copied().unwrap_or(Rank::TWO);
                let st = GuandanState::new(PerTeam::new(lv(Team::A), lv(Team::B)), None);
                rounds.push(Round::new(st, preset));
            }
            Op::Appeal { .. } => {}
            Op::Ruling { .. } => {
                use crate::rules::ruling::Effect;
                let Some(ruling) = eff.ruling else { continue };
                // After the round is over (won, time up, all deals played) nothing is ruled in it.
                if let Some(over) = r.refusal() {
                    refused.push((
                        e.id.clone(),
                        InputError { field: "ruling".into(), reason: over.input_error().reason, msg: Some(over.msg()) },
                    ));
                    continue;
                }
                // Warnings are counted over the match (RULES.md §0 [r2]).
                let counted = register.record(&rules, ruling, eff.rule);
                // Lateness at the limit and a disqualification forfeit the round (the
                // opponents win it); a warning is shown with the next hand, and the foul it
                // became (the ladder's Nth) is scored with it.
                let game = match counted.effect {
                    Effect::Game(x) => Some(x),
                    Effect::Forfeit(team) | Effect::Disqualified(team) => {
                        r.forfeit = Some(team);
                        if matches!(counted.effect, Effect::Disqualified(_)) && !disqualified.contains(&team) {
                            disqualified.push(team);
                        }
                        Some(crate::rules::Ruling::GameLost { team })
                    }
                    Effect::PointsDue(..) | Effect::FoulDue(_) | Effect::Noted => None,
                };
                let applied = match (game, ruling) {
                    (Some(x), _) => crate::rules::guandan::apply_ruling(preset, &r.state, x),
                    (None, w @ crate::rules::Ruling::Warning { .. }) => {
                        crate::rules::guandan::apply_ruling(preset, &r.state, w).map(|mut next| {
                            if let Effect::FoulDue(team) = counted.effect {
                                next.ruled_fouls[team] += 1;
                            }
                            next
                        })
                    }
                    (None, _) => Ok(r.state.clone()),
                };
                match applied {
                    Ok(next) => {
                        r.state = next;
                        if r.state.winner.is_some() {
                            r.winner = r.state.winner;
                            clock_act(&mut r.clock, ClockAction::Pause, e.at_ms);
                        }
                        r.rulings.push((e.id.clone(), ruling, counted));
                    }
                    Err(x) => refused.push((
                        e.id.clone(),
                        InputError { field: "ruling".into(), reason: x.to_string(), msg: Some(x.msg()) },
                    )),
                }
            }
            Op::Confirm { .. } => {}
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
    // A disqualification ends the match: the other team wins it.
    let (finished, match_winner) = match disqualified.first() {
        Some(t) => (true, Some(t.other())),
        None => (finished, match_winner),
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
        register,
        disqualified,
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

/// The home list's line of a 掼蛋 match in language `l`, the teams by name (isolated; a
/// team not named by its side, "南北" / "东西"): the game, the score — per-deal points
/// "13:8 分" or round scores "5:3" where the preset counts them (RULES.md §2), else the
/// levels of the round in progress "5 : 3" — and that round's hands,
/// "掼蛋 · 红队 5 : 3 蓝队 · 12 副"; led by the result once the match is over or signed off
/// ([`crate::record::home::result`]), "已结束 · 红队 胜 · …".
pub fn home_line(l: crate::i18n::Lang, s: &GuandanSetup, v: &GuandanView) -> String {
    use crate::i18n::tr;
    let r = v.current();
    let names = crate::record::share_doc::team_names(&s.teams, l);
    let score = if let Some(p) = v.points_total {
        format!("{}:{} {}", p.a, p.b, tr(l, "gd.pts"))
    } else if let Some(p) = v.round_score_total {
        format!("{}:{}", p.a, p.b)
    } else {
        format!("{} : {}", r.state.levels.a, r.state.levels.b)
    };
    let line = format!(
        "{} · {} {score} {} · {} {}",
        tr(l, "game.guandan"),
        names[0],
        names[1],
        r.hands,
        tr(l, if r.hands == 1 { "home.hand" } else { "home.hands" })
    );
    crate::record::home::with_result::<Guandan>(l, v, &names, line)
}

/// The note beside a single tribute that 头游's own partner pays (一四游, when the preset's
/// [`crate::rules::guandan::TributeRules::single_payer`] is `last`: seed 004 「如果是單下，
/// 末游向頭游進貢」 read literally, RULES.md §2 "Tribute"), in language `l`:
/// "(解读: 末游进贡, 即使是头游的对家)", without "解读: " when the preset does not mark
/// `tribute.single_payer` as a reading; `None` for any other tribute.
pub fn tribute_note(l: crate::i18n::Lang, preset: &GuandanPreset, due: &TributeDue) -> Option<String> {
    use crate::i18n::tr;
    let partner_pays = due.kind == crate::rules::guandan::TributeKind::Single
        && matches!((due.payers.first(), due.receivers.first()), (Some(p), Some(r)) if p.partner() == *r);
    if !partner_pays {
        return None;
    }
    let what = tr(l, "gd.trib.partner_pays");
    Some(if preset.readings.iter().any(|r| r == "tribute.single_payer") {
        format!("({}: {what})", tr(l, "gd.trib.reading"))
    } else {
        format!("({what})")
    })
}

/// 掼蛋's [`crate::record::game::Game`] impl.
pub struct Guandan;

impl crate::record::game::Game for Guandan {
    const ID: crate::record::game::GameId = crate::record::game::GameId::Guandan;
    const PAIR_SIDES: bool = true;
    const DOUBLE_WINS: bool = true;
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
    fn ruling_rules(s: &GuandanSetup) -> crate::rules::ruling::RulingRules {
        s.preset.ruling_rules()
    }
    fn counted(v: &GuandanView) -> Vec<(String, crate::rules::ruling::Counted)> {
        v.rounds.iter().flat_map(|r| &r.rulings).map(|(id, _, c)| (id.clone(), *c)).collect()
    }
    fn levels(v: &GuandanView) -> Option<BTreeMap<Team, crate::rules::Rank>> {
        v.rounds.last().map(|r| BTreeMap::from([(Team::A, r.state.levels.a), (Team::B, r.state.levels.b)]))
    }
    fn outcome(v: &GuandanView) -> crate::tournament::outcome::Outcome {
        use crate::tournament::outcome::side;
        let per = |p: PerTeam<u32>| vec![p.a as i64, p.b as i64];
        let mut forfeits: Vec<usize> = v.rounds.iter().filter_map(|r| r.forfeit.map(side)).collect();
        crate::sort::sort(&mut forfeits);
        forfeits.dedup();
        crate::tournament::outcome::Outcome {
            score: v.points_total.map(per).or(v.round_score_total.map(per)).unwrap_or_else(|| per(v.rounds_won)),
            games_won: vec![v.rounds_won.a, v.rounds_won.b],
            double_wins: vec![v.double_wins.a, v.double_wins.b],
            forfeits,
            disqualified: v.disqualified.iter().map(|&t| side(t)).collect(),
            winner: v.match_winner.map(side),
            locked: v.locked,
            done: v.finished || v.locked,
            hands: v.rounds.iter().map(|r| r.hands as usize).sum(),
            ..Default::default()
        }
    }
    fn participants(s: &GuandanSetup, name: &dyn Fn(&str) -> String) -> String {
        crate::record::game::two_teams(&s.teams, name)
    }
    fn names(s: &GuandanSetup) -> (BTreeMap<Team, String>, Vec<String>) {
        (s.teams.clone(), Vec::new())
    }
    fn sheet_body(
        m: &Match,
        s: &GuandanSetup,
        v: &GuandanView,
        l: crate::i18n::Lang,
    ) -> crate::record::share_doc::SheetBody {
        crate::record::share_doc::games::guandan(m, s, v, l)
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
    fn preset_json(s: &Self::Setup) -> Option<String> {
        crate::json::to_string(&s.preset).ok()
    }
}

#[cfg(test)]
mod tests;
