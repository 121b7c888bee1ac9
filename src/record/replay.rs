//! Replay: the match log → everything shown on screen. Pure and deterministic: the same
//! log always gives the same view.

use super::{games, ClockAction, Entry, HandInput, Match, Op, Setup, TimedAction};
use crate::rules::shengji::{self, InputError, Outcome, Start, State};
use crate::rules::{RulingError, Seat, Team};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// One hand as it counts now (after corrections), with its computed result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandRow {
    /// Id of the original `Hand` entry (corrections target it).
    pub entry_id: String,
    /// 1-based number within its game.
    pub number: usize,
    /// When it was first logged, ms.
    pub at_ms: f64,
    /// The input in force.
    pub hand: shengji::Hand,
    /// The pipeline's result, or why the hand cannot count (e.g. after the game ended).
    pub result: Result<Outcome, InputError>,
    /// Times of the corrections applied to it, ms (the log keeps each one).
    pub corrected_ms: Vec<f64>,
}

/// The match clock of one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Clock {
    /// Started at least once.
    pub started: bool,
    /// Running since this time (ms) — `None` when paused or not started.
    pub running_since: Option<f64>,
    /// Time run before `running_since`, ms.
    pub banked_ms: f64,
}

impl Clock {
    /// Elapsed running time at `now_ms`: for a running clock, `now_ms` is the wall time the
    /// run's arithmetic stands for ([`super::elapsed::Run::now_ms`] on a page, which counts
    /// the monotonic clock), not the device's wall clock.
    pub fn elapsed_ms(&self, now_ms: f64) -> f64 {
        self.banked_ms + self.running_since.map(|s| (now_ms - s).max(0.0)).unwrap_or(0.0)
    }
    fn act(&mut self, a: ClockAction, at: f64) {
        self.act_at(a, at, None);
    }
    /// A clock action at wall time `at`, with the elapsed total recorded with it
    /// ([`Op::Clock::elapsed_ms`]): a pause banks that total (never less than what was
    /// banked) instead of the wall time since the start, which a jump of the device clock
    /// would make wrong; without it (older logs) the wall time counts, as it did.
    pub fn act_at(&mut self, a: ClockAction, at: f64, elapsed: Option<f64>) {
        let elapsed = elapsed.filter(|e| e.is_finite() && *e >= 0.0);
        match a {
            ClockAction::Start | ClockAction::Resume => {
                if self.running_since.is_none() {
                    self.running_since = Some(at);
                    if let Some(e) = elapsed {
                        self.banked_ms = e.max(self.banked_ms);
                    }
                }
                self.started = true;
            }
            ClockAction::Pause => {
                if let Some(s) = self.running_since.take() {
                    self.banked_ms = match elapsed {
                        Some(e) => e.max(self.banked_ms),
                        None => self.banked_ms + (at - s).max(0.0),
                    };
                }
            }
        }
    }
}

/// One game of the series.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Game {
    /// Where it started.
    pub start: Start,
    /// Hands in order.
    pub rows: Vec<HandRow>,
    /// State after the last hand that counts.
    pub state: State,
    /// Winner: by passing A, or by time.
    pub winner: Option<Team>,
    /// Won by the time-limit verdict.
    pub by_time: bool,
    /// The referee's rulings in this game, in order.
    pub rulings: Vec<RulingRow>,
    /// The match clock.
    pub clock: Clock,
}

impl Game {
    fn new(start: Start) -> Game {
        Game {
            state: State::new(&start),
            start,
            rows: Vec::new(),
            winner: None,
            by_time: false,
            rulings: Vec::new(),
            clock: Clock::default(),
        }
    }
    /// Levels `[team A, team B]` after each hand, for the chart: index 0 = start.
    pub fn level_series(&self) -> Vec<[crate::rules::Rank; 2]> {
        let two = |l: &BTreeMap<Team, crate::rules::Rank>| {
            Team::BOTH.map(|t| l.get(&t).copied().unwrap_or(crate::rules::Rank::TWO))
        };
        let mut v = vec![two(&self.start.levels)];
        for r in &self.rows {
            if let Ok(o) = &r.result {
                v.push(two(&o.levels_after));
            }
        }
        v
    }
}

/// A logged overrun of a per-action limit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OverrunRow {
    /// Entry id.
    pub entry_id: String,
    /// Game index (0-based) and the hand in progress (1-based).
    pub game: usize,
    /// Hand in progress.
    pub hand: usize,
    /// Offending seat.
    pub seat: Seat,
    /// Which action.
    pub action: TimedAction,
    /// Seconds over.
    pub seconds: u32,
}

/// Everything derived from a 升级 match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShengjiView {
    /// Games of the series, in order (at least one).
    pub games: Vec<Game>,
    /// Games won per team.
    pub series: BTreeMap<Team, u32>,
    /// The series winner once a team has won more than half of `best_of`.
    pub series_winner: Option<Team>,
    /// Signed off and not reopened.
    pub locked: bool,
    /// Overruns.
    pub overruns: Vec<OverrunRow>,
    /// Rulings that could not apply (after the game was won): (entry id, why).
    pub refused: Vec<(String, InputError)>,
}

/// A referee's ruling as it counts in a game (RULES.md §0 **[r2]**).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulingRow {
    /// Id of the `Ruling` entry.
    pub entry_id: String,
    /// Hands of the game played before it.
    pub after_hand: usize,
    /// What it does.
    pub ruling: crate::rules::Ruling,
    /// Levels before and after, and the winner after it; or why it could not apply.
    pub result: Result<shengji::RulingOutcome, RulingError>,
}

impl ShengjiView {
    /// The game in progress (the last one).
    pub fn current(&self) -> &Game {
        self.games.last().expect("a view has at least one game")
    }
    /// The first hand that cannot count, if any: (entry id, error).
    pub fn first_error(&self) -> Option<(String, InputError)> {
        self.games
            .iter()
            .flat_map(|g| &g.rows)
            .find_map(|r| r.result.as_ref().err().map(|e| (r.entry_id.clone(), e.clone())))
    }
}

/// An entry that counts (not voided; corrections and voids themselves are folded in).
#[derive(Clone, Debug, PartialEq)]
pub struct Effective<'a> {
    /// The entry.
    pub entry: &'a Entry,
    /// For a `Hand` entry: the input in force (its newest non-voided correction, or itself).
    pub hand: Option<HandInput>,
    /// For a `Hand` entry: times of the corrections applied, ms.
    pub corrected_ms: Vec<f64>,
}

/// The shared mechanics of every game's log: drops voided entries, folds corrections into
/// the hand they target, and drops `Correct`/`Void` entries themselves. Order is kept.
pub fn effective(m: &Match) -> Vec<Effective<'_>> {
    let voided = m.voided();
    let mut corrections: HashMap<&str, Vec<&Entry>> = HashMap::new();
    for e in &m.entries {
        if let Op::Correct { target, .. } = &e.op {
            if !voided.contains(e.id.as_str()) {
                corrections.entry(target.as_str()).or_default().push(e);
            }
        }
    }
    m.entries
        .iter()
        .filter(|e| !voided.contains(e.id.as_str()) && !matches!(e.op, Op::Correct { .. } | Op::Void { .. }))
        .map(|e| match &e.op {
            Op::Hand { hand } => {
                let cs = corrections.get(e.id.as_str());
                let resolved = cs
                    .and_then(|c| c.last())
                    .and_then(|c| match &c.op {
                        Op::Correct { hand, .. } => Some(hand.clone()),
                        _ => None,
                    })
                    .unwrap_or_else(|| hand.clone());
                Effective {
                    entry: e,
                    hand: Some(resolved),
                    corrected_ms: cs.map(|c| c.iter().map(|x| x.at_ms).collect()).unwrap_or_default(),
                }
            }
            _ => Effective { entry: e, hand: None, corrected_ms: Vec::new() },
        })
        .collect()
}

/// The derived view of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum MatchView {
    /// 升级.
    Shengji(ShengjiView),
    /// 双升 duplicate.
    Duplicate(games::duplicate::DuplicateView),
    /// 掼蛋.
    Guandan(games::guandan::GuandanView),
    /// 斗地主.
    Doudizhu(games::doudizhu::DoudizhuView),
    /// 三打一.
    Sandayi(games::sandayi::SandayiView),
    /// 五子棋.
    Renju(games::renju::RenjuView),
}

impl MatchView {
    /// The first hand that cannot count, if any (games whose replay refuses bad hands
    /// report them here so an import or an edit that breaks a later hand is refused).
    pub fn first_error(&self) -> Option<(String, InputError)> {
        match self {
            MatchView::Shengji(v) => v.first_error(),
            MatchView::Duplicate(v) => v.first_error(),
            MatchView::Renju(v) => v.first_error(),
            MatchView::Doudizhu(v) => v.first_error(),
            MatchView::Sandayi(v) => v.first_error(),
            MatchView::Guandan(v) => v.first_error(),
        }
    }
}

impl MatchView {
    /// Entries other than hands that do not count (a next round or table at the wrong
    /// moment): (entry id, error), in log order; empty for games that have none.
    pub fn refused(&self) -> Vec<(String, InputError)> {
        match self {
            MatchView::Guandan(v) => v.refused.clone(),
            MatchView::Doudizhu(v) => v.session.refused.clone(),
            MatchView::Sandayi(v) => v.session.refused.clone(),
            MatchView::Shengji(v) => v.refused.clone(),
            MatchView::Duplicate(_) | MatchView::Renju(_) => Vec::new(),
        }
    }
}

/// Replays the whole log.
pub fn replay(m: &Match) -> MatchView {
    match &m.setup {
        Setup::Shengji(s) => MatchView::Shengji(replay_shengji(m, &s.preset, &s.start)),
        Setup::Duplicate(s) => MatchView::Duplicate(games::duplicate::replay(m, s)),
        Setup::Guandan(s) => MatchView::Guandan(games::guandan::replay(m, s)),
        Setup::Doudizhu(s) => MatchView::Doudizhu(games::doudizhu::replay(m, s)),
        Setup::Sandayi(s) => MatchView::Sandayi(games::sandayi::replay(m, s)),
        Setup::Renju(s) => MatchView::Renju(games::renju::replay(m, s)),
    }
}

/// Replays a 升级 match: voids drop entries, the newest correction of a hand is in force.
pub fn replay_shengji(m: &Match, preset: &shengji::Preset, start: &Start) -> ShengjiView {
    let mut v = ShengjiView {
        games: vec![Game::new(start.clone())],
        series: BTreeMap::new(),
        series_winner: None,
        refused: Vec::new(),
        locked: false,
        overruns: Vec::new(),
    };
    for eff in effective(m) {
        v.step(preset, eff);
    }
    v.tally(preset);
    v
}

/// Brings `view` — the replay of `m.entries[..replayed]` with `preset` — up to the whole
/// log in time proportional to the new entries, not the log. Returns `false` (and leaves
/// `view` unusable: replay again) when a new entry is a correction or a void, which can
/// change earlier hands. The result equals [`replay_shengji`] of `m` (tested).
pub fn extend_shengji(view: &mut ShengjiView, preset: &shengji::Preset, m: &Match, replayed: usize) -> bool {
    let Some(new) = m.entries.get(replayed..) else { return false };
    if new.iter().any(|e| matches!(e.op, Op::Correct { .. } | Op::Void { .. })) {
        return false;
    }
    for e in new {
        // Nothing voids or corrects a new entry (that would be a newer Void/Correct).
        let hand = match &e.op {
            Op::Hand { hand } => Some(hand.clone()),
            _ => None,
        };
        view.step(preset, Effective { entry: e, hand, corrected_ms: Vec::new() });
    }
    view.tally(preset);
    true
}

/// The row a new hand would get if appended now, without replaying the log: the live
/// preview of the next hand. Equals the last row of [`replay_shengji`] of the log with the
/// hand appended (tested).
pub fn preview_next_hand(
    view: &ShengjiView,
    preset: &shengji::Preset,
    entry_id: &str,
    at_ms: f64,
    hand: shengji::Hand,
) -> HandRow {
    let g = view.current();
    let mut state = g.state.clone();
    let result = hand_result(preset, g.winner, &mut state, &hand);
    HandRow { entry_id: entry_id.to_string(), number: g.rows.len() + 1, at_ms, hand, result, corrected_ms: Vec::new() }
}

fn hand_result(
    preset: &shengji::Preset,
    winner: Option<Team>,
    state: &mut State,
    hand: &shengji::Hand,
) -> Result<Outcome, InputError> {
    match winner {
        Some(w) => {
            Err(InputError { field: "hand".into(), reason: format!("game over: team {w:?} already won"), msg: None })
        }
        None => shengji::apply(preset, state, hand),
    }
}

impl ShengjiView {
    /// One entry that counts, in log order.
    fn step(&mut self, preset: &shengji::Preset, eff: Effective<'_>) {
        let e = eff.entry;
        let game_index = self.games.len() - 1;
        let g = self.games.last_mut().expect("a view has at least one game");
        match &e.op {
            Op::Hand { .. } => {
                let Some(HandInput::Shengji(hand)) = eff.hand else { return };
                let result = hand_result(preset, g.winner, &mut g.state, &hand);
                if let Ok(o) = &result {
                    if o.winner.is_some() {
                        g.winner = o.winner;
                    }
                }
                g.rows.push(HandRow {
                    entry_id: e.id.clone(),
                    number: g.rows.len() + 1,
                    at_ms: e.at_ms,
                    hand,
                    result,
                    corrected_ms: eff.corrected_ms,
                });
            }
            Op::Correct { .. } | Op::Void { .. } => {}
            Op::Clock { action, elapsed_ms } => g.clock.act_at(*action, e.at_ms, *elapsed_ms),
            Op::Overrun { seat, action, seconds } => self.overruns.push(OverrunRow {
                entry_id: e.id.clone(),
                game: game_index,
                hand: g.rows.len() + 1,
                seat: *seat,
                action: *action,
                seconds: *seconds,
            }),
            Op::TimeVerdict { winner, elapsed_ms } => {
                if g.winner.is_none() {
                    g.winner = Some(*winner);
                    g.by_time = true;
                }
                g.clock.act_at(ClockAction::Pause, e.at_ms, *elapsed_ms);
            }
            Op::NextGame { start } => {
                g.clock.act(ClockAction::Pause, e.at_ms);
                self.games.push(Game::new(start.clone()));
            }
            Op::Ruling { ruling, .. } => {
                let result = match g.winner {
                    Some(winner) => Err(RulingError::GameOver { winner }),
                    None => shengji::apply_ruling(&mut g.state, *ruling),
                };
                match &result {
                    Ok(o) if o.winner.is_some() => {
                        g.winner = o.winner;
                        g.clock.act(ClockAction::Pause, e.at_ms);
                    }
                    Ok(_) => {}
                    Err(err) => self.refused.push((
                        e.id.clone(),
                        InputError { field: "ruling".into(), reason: err.to_string(), msg: None },
                    )),
                }
                g.rulings.push(RulingRow { entry_id: e.id.clone(), after_hand: g.rows.len(), ruling: *ruling, result });
            }
            Op::SignOff { .. } => self.locked = true,
            Op::Reopen { .. } => self.locked = false,
        }
    }

    /// Series score and winner from the games.
    fn tally(&mut self, preset: &shengji::Preset) {
        let mut series: BTreeMap<Team, u32> = Team::BOTH.iter().map(|t| (*t, 0)).collect();
        for g in &self.games {
            if let Some(w) = g.winner {
                *series.get_mut(&w).unwrap() += 1;
            }
        }
        self.series_winner = match preset.team_match {
            // 南通 team match (RULES.md §1.4 [r2]): every game is played; the winner is known
            // once they all are (2 per game won, 1 per game lost: never equal over 3 games).
            Some(tm) => {
                let winners: Vec<Option<Team>> = self.games.iter().map(|g| g.winner).collect();
                let points = tm.points(&winners);
                let played = winners.iter().flatten().count() as u32;
                (played >= tm.games && points[&Team::A] != points[&Team::B]).then(|| {
                    if points[&Team::A] > points[&Team::B] {
                        Team::A
                    } else {
                        Team::B
                    }
                })
            }
            None => {
                let need = preset.timing.best_of.max(1) / 2 + 1;
                Team::BOTH.into_iter().find(|t| series[t] >= need)
            }
        };
        self.series = series;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulings_replay_like_hands_and_undo_by_void() {
        use crate::record::sample::blank_shengji;
        use crate::rules::Ruling;
        let mut m = blank_shengji("r", "jiankang-chaodipi", 0.0);
        let mut k = 0;
        let mut put = |m: &mut Match, op: Op| {
            k += 1;
            let id = format!("e{k}");
            m.append(Entry { after: None, id: id.clone(), at_ms: k as f64, op }).map(|_| id)
        };
        let hand = |points| Op::Hand { hand: HandInput::Shengji(shengji::Hand { points, ..Default::default() }) };
        let ruling = |ruling| Op::Ruling {
            ruling,
            reason: "暗示".into(),
            rule: "000 §一(五)4".into(),
            referee: "王裁判".into(),
        };
        let v = |m: &Match| match replay(m) {
            MatchView::Shengji(v) => v,
            _ => unreachable!(),
        };
        put(&mut m, hand(40)).unwrap(); // A 庄 40 → +2: A 4
        let lp = put(&mut m, ruling(Ruling::LevelPenalty { team: Team::A, levels: 1 })).unwrap();
        assert_eq!(v(&m).current().state.level(Team::A), crate::rules::Rank::parse("3").unwrap());
        put(&mut m, hand(40)).unwrap(); // A 3 → 5
        assert_eq!(v(&m).current().state.level(Team::A), crate::rules::Rank::parse("5").unwrap());
        // Undo the level penalty: the later hand replays from 4 (→ 6).
        put(&mut m, Op::Void { target: lp.clone(), reason: String::new() }).unwrap();
        assert_eq!(v(&m).current().state.level(Team::A), crate::rules::Rank::parse("6").unwrap());
        // A signals: game lost at once; B wins game 1 of the best of 3; no hand after it.
        put(&mut m, ruling(Ruling::GameLost { team: Team::A })).unwrap();
        let view = v(&m);
        assert_eq!((view.current().winner, view.series[&Team::B]), (Some(Team::B), 1));
        assert_eq!(view.current().rulings.len(), 1, "the voided level penalty no longer counts");
        // (A new hand is checked by the page's preview, or replayed when another tab wrote.)
        let err =
            m.clone().append_replayed(Entry { after: None, id: "late".into(), at_ms: 99.0, op: hand(40) }).unwrap_err();
        assert_eq!(err.field, crate::record::NOT_PLAYABLE);
        let err = put(&mut m, ruling(Ruling::GameLost { team: Team::B })).unwrap_err();
        assert_eq!(err.field, crate::record::NOT_PLAYABLE, "{err}");
        // A ruling names its referee.
        let err = put(
            &mut m,
            Op::Ruling {
                ruling: Ruling::GameLost { team: Team::B },
                reason: String::new(),
                rule: String::new(),
                referee: " ".into(),
            },
        )
        .unwrap_err();
        assert_eq!(err.field, "op.referee");
    }

    #[test]
    fn nantong_team_match_plays_all_three_games() {
        use crate::record::sample::blank_shengji;
        let mut m = blank_shengji("tm", "nantong-80fen", 0.0);
        let mut k = 0;
        let mut put = |m: &mut Match, op: Op| {
            k += 1;
            m.append(Entry { after: None, id: format!("e{k}"), at_ms: k as f64, op }).unwrap();
        };
        let v = |m: &Match| match replay(m) {
            MatchView::Shengji(v) => v,
            _ => unreachable!(),
        };
        for w in [Team::A, Team::A] {
            put(&mut m, Op::TimeVerdict { winner: w, elapsed_ms: None });
            assert_eq!(v(&m).series_winner, None, "all three games are played, not best of 3");
            put(&mut m, Op::NextGame { start: Start::default() });
        }
        put(&mut m, Op::TimeVerdict { winner: Team::B, elapsed_ms: None });
        let view = v(&m);
        assert_eq!(view.series_winner, Some(Team::A));
        assert_eq!(view.series[&Team::A], 2);
    }
    use crate::record::sample;

    fn h(points: i32) -> Op {
        Op::Hand { hand: HandInput::Shengji(shengji::Hand { points, ..Default::default() }) }
    }

    #[test]
    fn editing_an_early_hand_recomputes_later_ones() {
        let mut m = sample::blank_shengji("m1", "jiankang-chaodipi", 0.0);
        for (i, p) in [30, 85, 140, 0, 95].iter().enumerate() {
            m.append(Entry { after: None, id: format!("h{i}"), at_ms: i as f64, op: h(*p) }).unwrap();
        }
        let MatchView::Shengji(v) = replay(&m) else { panic!("a 升级 match") };
        assert_eq!(v.current().state.level(Team::A).name(), "J");
        // Hand 1 was really 100 (B takes over +1): everything after shifts.
        m.append(Entry {
            after: None,
            id: "c1".into(),
            at_ms: 10.0,
            op: Op::Correct {
                target: "h0".into(),
                hand: HandInput::Shengji(shengji::Hand { points: 100, ..Default::default() }),
            },
        })
        .unwrap();
        let MatchView::Shengji(v2) = replay(&m) else { panic!("a 升级 match") };
        assert_ne!(v.current().state, v2.current().state);
        assert_eq!(v2.current().rows[0].corrected_ms, vec![10.0]);
        // Undo the correction: back to the original.
        m.append(Entry {
            after: None,
            id: "v1".into(),
            at_ms: 11.0,
            op: Op::Void { target: "c1".into(), reason: String::new() },
        })
        .unwrap();
        let MatchView::Shengji(v3) = replay(&m) else { panic!("a 升级 match") };
        assert_eq!(v.current().state, v3.current().state);
    }

    #[test]
    fn clock_pauses_and_resumes() {
        let mut c = Clock::default();
        c.act(ClockAction::Start, 0.0);
        c.act(ClockAction::Pause, 1000.0);
        assert_eq!(c.elapsed_ms(5000.0), 1000.0);
        c.act(ClockAction::Resume, 6000.0);
        assert_eq!(c.elapsed_ms(7000.0), 2000.0);
    }

    #[test]
    fn best_of_three_keeps_series_score() {
        let mut m = sample::blank_shengji("m2", "jiankang-chaodipi", 0.0);
        m.append(Entry {
            after: None,
            id: "t1".into(),
            at_ms: 1.0,
            op: Op::TimeVerdict { winner: Team::B, elapsed_ms: None },
        })
        .unwrap();
        m.append(Entry { after: None, id: "n1".into(), at_ms: 2.0, op: Op::NextGame { start: Start::default() } })
            .unwrap();
        m.append(Entry { after: None, id: "h1".into(), at_ms: 3.0, op: h(40) }).unwrap();
        let MatchView::Shengji(v) = replay(&m) else { panic!("a 升级 match") };
        assert_eq!(v.games.len(), 2);
        assert_eq!(v.series[&Team::B], 1);
        assert!(v.games[0].by_time);
        assert_eq!(v.series_winner, None);
    }

    /// An arbitrary log entry (valid or not: replay must cope with both).
    fn arb_op(k: u8, points: i32, back: usize, ids: &[String]) -> Op {
        let target = if ids.is_empty() { "none".to_string() } else { ids[back % ids.len()].clone() };
        match k % 12 {
            0..=5 => h(points),
            6 => Op::Clock {
                action: [ClockAction::Start, ClockAction::Pause, ClockAction::Resume][back % 3],
                elapsed_ms: [None, Some(points as f64 * 1000.0)][back % 2],
            },
            7 => Op::Overrun { seat: Seat::CCW[back % 4], action: TimedAction::Play, seconds: 3 },
            8 => Op::Correct {
                target,
                hand: HandInput::Shengji(shengji::Hand { points: (points + 40) % 205, ..Default::default() }),
            },
            9 => Op::Void { target, reason: String::new() },
            10 => [Op::TimeVerdict { winner: Team::A, elapsed_ms: None }, Op::NextGame { start: Start::default() }]
                [back % 2]
                .clone(),
            _ => [Op::SignOff { referee: "r".into() }, Op::Reopen { reason: "x".into() }][back % 2].clone(),
        }
    }

    proptest::proptest! {
        /// Extending the view entry by entry (what the page does on each commit) gives the
        /// full replay; the preview of the next hand is the row a replay would give it.
        #[test]
        fn extending_and_previewing_equal_a_full_replay(
            ops in proptest::collection::vec((0u8..12, 0i32..41, 0usize..50), 0..60),
            next in 0i32..41,
        ) {
            let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
            let Setup::Shengji(s) = m.setup.clone() else { unreachable!() };
            let mut view = replay_shengji(&m, &s.preset, &s.start);
            let mut ids: Vec<String> = Vec::new();
            for (i, (k, p, back)) in ops.into_iter().enumerate() {
                let op = arb_op(k, p * 5, back, &ids);
                let id = format!("e{i}");
                ids.push(id.clone());
                m.entries.push(Entry { after: None, id, at_ms: i as f64 * 1000.0, op });
                let full = replay_shengji(&m, &s.preset, &s.start);
                if !extend_shengji(&mut view, &s.preset, &m, m.entries.len() - 1) {
                    view = full.clone();
                }
                proptest::prop_assert_eq!(&view, &full);
            }
            let hand = shengji::Hand { points: next * 5, ..Default::default() };
            let row = preview_next_hand(&view, &s.preset, "p", 7e9, hand.clone());
            m.entries.push(Entry { after: None, id: "p".into(), at_ms: 7e9, op: h(next * 5) });
            let after = replay_shengji(&m, &s.preset, &s.start);
            proptest::prop_assert_eq!(after.current().rows.last(), Some(&row));
        }
    }

    #[test]
    fn the_sample_replays_cleanly() {
        let m = sample::shengji_sample(0.0);
        let MatchView::Shengji(v) = replay(&m) else { panic!("a 升级 match") };
        assert!(v.first_error().is_none());
        assert!(v.current().rows.len() >= 8);
    }
}
