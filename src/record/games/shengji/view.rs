//! The replay of a 升级 log into its view: each game's hands as they count now, the
//! rulings, time verdicts and overruns, and the series score.

use crate::record::replay::{effective, Clock, Effective};
use crate::record::{ClockAction, HandInput, Match, Op, TimedAction};
use crate::rules::ruling::Effect;
use crate::rules::shengji::{self, InputError, Outcome, Start, State};
use crate::rules::{Arg, Msg, RulingError, Seat, Team};
use serde::Serialize;
use std::collections::BTreeMap;

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
    /// Won by the leading team when the preset's deal limit was reached
    /// ([`shengji::Timing::deal_limit`], 002 「每局牌限12牌结束」 *(reading)*).
    pub by_deal_limit: bool,
    /// Won by a ruling: a game lost (判负 / 出局, or the warning that became one), or the game
    /// in progress when a team forfeited or was disqualified (RULES.md §0 **[r2]**).
    pub by_ruling: bool,
    /// The referee's rulings in this game, in order.
    pub rulings: Vec<RulingRow>,
    /// The match clock.
    pub clock: Clock,
    /// Hands that count recorded (their entry's `at_ms`) once the clock had reached the
    /// preset's `match_minutes`: the first is the hand in progress when time ran out, any
    /// later one a hand played because the levels were still equal (RULES.md §1 "Leading
    /// team", [`shengji::Timing::tie`]). 0 while the time is not up at a hand, or with no
    /// time limit.
    pub hands_after_time: usize,
}

impl Game {
    pub(crate) fn new(start: Start) -> Game {
        Game {
            state: State::new(&start),
            start,
            rows: Vec::new(),
            winner: None,
            by_time: false,
            by_deal_limit: false,
            by_ruling: false,
            rulings: Vec::new(),
            clock: Clock::default(),
            hands_after_time: 0,
        }
    }
    /// Where the game stands at its time limit at `now_ms` (the clock's arithmetic time, as
    /// for [`Clock::elapsed_ms`]), with `timing` the preset's: `None` while the limit of
    /// `match_minutes` is not reached, with none, or once the game is decided. RULES.md §1
    /// "Leading team" and `specials`: at the limit the hand in progress is finished, then the
    /// leading team (the higher level) wins; equal levels as [`shengji::Timing::tie`] says —
    /// the declarer, the other team, or (青浦 **[r2]** *(reading)*) one more hand, again
    /// while the levels stay equal.
    pub fn time_up(&self, timing: &shengji::Timing, now_ms: f64) -> Option<TimeUp> {
        let limit = timing.match_minutes? as f64 * 60_000.0;
        if self.winner.is_some() || self.clock.elapsed_ms(now_ms) < limit {
            return None;
        }
        let verdict = self.state.time_verdict_with(timing.tie);
        Some(match (self.hands_after_time, verdict) {
            (0, leading) => TimeUp::FinishHand { leading },
            (_, crate::rules::TimeVerdict::Winner(w)) => TimeUp::VerdictDue(w),
            (_, crate::rules::TimeVerdict::OneMoreHand) => TimeUp::OneMoreHand,
        })
    }
    /// How it was decided; `None` while it is not.
    pub fn end(&self) -> Option<GameEnd> {
        self.winner?;
        Some(if self.by_time {
            GameEnd::Time
        } else if self.by_deal_limit {
            GameEnd::DealLimit
        } else if self.by_ruling {
            GameEnd::Ruling
        } else {
            GameEnd::Played
        })
    }
    /// Penalty points given on the ruling panel during the hand in progress, per team in
    /// the order ruled (RULES.md §0 **[r2]**, 002 §一5): the next hand entered scores them
    /// ([`State::ruled_points`]), so the hand form says they need not be entered. None once
    /// the game is decided: points pending then lapse.
    pub fn pending_points(&self) -> BTreeMap<Team, u32> {
        let mut out = BTreeMap::new();
        if self.winner.is_none() {
            for r in &self.state.ruled_points {
                *out.entry(r.team).or_insert(0) += r.points;
            }
        }
        out
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

/// A game whose time limit is reached and which is not decided ([`Game::time_up`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUp {
    /// The hand in progress when time ran out is still to be recorded; `leading` is the
    /// verdict as the levels stand now (it may change with that hand).
    FinishHand {
        /// The verdict if the game ended at the levels of now.
        leading: crate::rules::TimeVerdict,
    },
    /// The hands since the limit are recorded and the levels are equal, under a preset whose
    /// tie is one more hand ([`crate::rules::TimeTie::OneMoreHand`]): another hand is played.
    OneMoreHand,
    /// The hands since the limit are recorded and decide it: the verdict is due now, this
    /// team wins.
    VerdictDue(Team),
}

/// How a game was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// By its hands: the winner holds the deal at A (RULES.md §1 step 7).
    Played,
    /// By the time-limit verdict: the leading team (RULES.md §1 leading team, §1.4).
    Time,
    /// By the preset's deal limit: the leading team (RULES.md §1 `chaodipi-10`).
    DealLimit,
    /// By a ruling (RULES.md §0 **[r2]** `game_lost`: 判负 / 出局).
    Ruling,
    /// A team match's game forfeited (RULES.md §1.4 **[r2]** 「弃权零分」, §0 a
    /// disqualification or lateness at the limit): not played out, or not played at all.
    Forfeit,
}

/// One game of a team match on its result sheet (RULES.md §1.4 **[r2]**): who won it, how,
/// and the points it gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamGameRow {
    /// Who won, who forfeited, and each team's points for it.
    pub score: crate::rules::TeamGame,
    /// How it was decided ([`GameEnd::Forfeit`] for a forfeit); `None` while it is not.
    pub how: Option<GameEnd>,
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
    /// Games won per team; in a team match forfeited (RULES.md §1.4 **[r2]**, §0) the games
    /// decided before the forfeit as played and each forfeited game
    /// ([`ShengjiView::games_forfeited`]) won by the other team, as the standings count them.
    pub series: BTreeMap<Team, u32>,
    /// The series winner once a team has won more than half of `best_of`.
    pub series_winner: Option<Team>,
    /// Signed off and not reopened.
    pub locked: bool,
    /// Overruns.
    pub overruns: Vec<OverrunRow>,
    /// Entries that could not apply — a ruling after the game was won, a next game after a
    /// team match was over: (entry id, why).
    pub refused: Vec<(String, InputError)>,
    /// The match's warnings so far (RULES.md §0 **[r2]**), with the hand form's penalties of a
    /// kind a warning ladder ending in points rules (002 §一5 `bury_not_at_once`).
    pub register: crate::rules::ruling::Register,
    /// The team that forfeited the match (lateness at the preset's limit, disqualified).
    pub forfeit: Option<Team>,
    /// Teams disqualified: their remaining fixtures of the event are forfeits.
    pub disqualified: Vec<Team>,
    /// A team match (南通, RULES.md §1.4 **[r2]**): each team's points so far (2 a game won,
    /// 1 lost), `None` for other presets.
    pub team_points: Option<BTreeMap<Team, u32>>,
    /// No more game is played: a team match's games all decided — or all started and the
    /// last decided, an earlier one an appeal left undecided scoring nothing — or its time
    /// over (the game in progress went to the leading team by the time verdict; the games not
    /// started are not played and score nothing *(reading of 「三局未打完按领先队获胜」)*).
    pub over: bool,
    /// A team match forfeited (RULES.md §1.4 **[r2]**, §0): its first game that is a forfeit
    /// — the game in progress when the forfeit was ruled, or the next one when that game was
    /// already decided. It and the later games of the match score the forfeit (0) to the
    /// forfeiting team and a win to the other; `None` otherwise.
    pub forfeited_from: Option<usize>,
    /// The games of a team match forfeited ([`ShengjiView::forfeited_from`] and later); 0
    /// otherwise.
    pub games_forfeited: u32,
    /// A team match (RULES.md §1.4 **[r2]**): its games as they score, in order — the games
    /// played so far and, when it was forfeited, every game from
    /// [`ShengjiView::forfeited_from`] to the last as a forfeit; their points add up to
    /// [`ShengjiView::team_points`]. Empty for other presets.
    pub team_games: Vec<TeamGameRow>,
}

/// A referee's ruling as it counts in a game (RULES.md §0 **[r2]**).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulingRow {
    /// Id of the `Ruling` entry.
    pub entry_id: String,
    /// Hands of the game played before it.
    pub after_hand: usize,
    /// What it does: the ruling in force (an appeal's replacement, or as entered).
    pub ruling: crate::rules::Ruling,
    /// What it amounted to once counted (a warning's number and effect).
    pub counted: crate::rules::ruling::Counted,
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

/// Replays a 升级 match: voids drop entries, the newest correction of a hand is in force.
pub fn replay_shengji(m: &Match, preset: &shengji::Preset, start: &Start) -> ShengjiView {
    let mut v = ShengjiView {
        games: vec![Game::new(start.clone())],
        series: BTreeMap::new(),
        series_winner: None,
        refused: Vec::new(),
        locked: false,
        overruns: Vec::new(),
        register: Default::default(),
        forfeit: None,
        disqualified: Vec::new(),
        team_points: None,
        over: false,
        forfeited_from: None,
        games_forfeited: 0,
        team_games: Vec::new(),
    };
    for eff in effective(m) {
        v.step(preset, eff);
    }
    v.tally(preset);
    v
}

/// Brings `view` — the replay of `m.entries[..replayed]` with `preset` — up to the whole
/// log in time proportional to the new entries, not the log. Returns `false` (and leaves
/// `view` unusable: replay again) when a new entry is a correction, a void or an appeal, which can
/// change earlier hands. The result equals [`replay_shengji`] of `m` (tested).
pub fn extend_shengji(view: &mut ShengjiView, preset: &shengji::Preset, m: &Match, replayed: usize) -> bool {
    let Some(new) = m.entries.get(replayed..) else { return false };
    if new
        .iter()
        .any(|e| matches!(e.op, Op::Correct { .. } | Op::CorrectRuling { .. } | Op::Void { .. } | Op::Appeal { .. }))
    {
        return false;
    }
    for e in new {
        // Nothing voids or corrects a new entry (that would be a newer Void/Correct).
        view.step(preset, Effective::plain(e));
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
    let mut register = view.register.clone();
    let result = hand_result(preset, g.winner, &mut state, &mut register, &hand);
    HandRow { entry_id: entry_id.to_string(), number: g.rows.len() + 1, at_ms, hand, result, corrected_ms: Vec::new() }
}

/// A hand's result in the game `state` (won by `winner`, if it is): a penalty kind that a
/// warning ladder rules is counted with the match's warnings in `register`
/// ([`shengji::apply_in_match`], RULES.md §0 **[r2]**, 002 §一5).
fn hand_result(
    preset: &shengji::Preset,
    winner: Option<Team>,
    state: &mut State,
    register: &mut crate::rules::ruling::Register,
    hand: &shengji::Hand,
) -> Result<Outcome, InputError> {
    match winner {
        Some(w) => {
            let msg = Msg::new("sj.why.game_over", vec![("team", Arg::Team(w))]);
            Err(InputError {
                field: "hand".into(),
                reason: format!("game over: team {w:?} already won"),
                msg: Some(msg),
            })
        }
        None => shengji::apply_in_match(preset, state, register, hand),
    }
}

/// The clock when a game ends by a ruling (a game lost, RULES.md §0) or by the deal limit
/// (RULES.md §1 `chaodipi-10`): it stops with the game — except in a team match (南通,
/// RULES.md §1.4 **[r2]**), whose one clock of 90 minutes in all runs over its games whatever
/// ended one, as it does after a game won by its hands (the next game carries it on).
fn pause_at_game_end(preset: &shengji::Preset, clock: &mut Clock, at_ms: f64) {
    if preset.team_match.is_none() {
        clock.act(ClockAction::Pause, at_ms);
    }
}

impl ShengjiView {
    /// One entry that counts, in log order. A team match (RULES.md §1.4 **[r2]**) that it
    /// ends — its last game decided, or forfeited — stops the match's one clock there: the
    /// time of a match over is not run on (a time verdict pauses it itself).
    fn step(&mut self, preset: &shengji::Preset, eff: Effective<'_>) {
        let at_ms = eff.entry.at_ms;
        self.step_entry(preset, eff);
        if let Some(tm) = preset.team_match {
            if self.all_games_done(&tm) || self.forfeited_from.is_some() {
                if let Some(g) = self.games.last_mut() {
                    g.clock.act(ClockAction::Pause, at_ms);
                }
            }
        }
    }

    fn step_entry(&mut self, preset: &shengji::Preset, eff: Effective<'_>) {
        let e = eff.entry;
        let game_index = self.games.len() - 1;
        // A team match with no game left to play (a forfeit then scores only the others).
        let games_done = preset.team_match.is_some_and(|tm| self.all_games_done(&tm));
        let g = self.games.last_mut().expect("a view has at least one game");
        match &e.op {
            Op::Hand { .. } => {
                let Some(HandInput::Shengji(hand)) = eff.hand else { return };
                let result = hand_result(preset, g.winner, &mut g.state, &mut self.register, &hand);
                let counted = result.is_ok();
                let limit_ms = preset.timing.match_minutes.map(|m| m as f64 * 60_000.0);
                if counted && g.clock.started && limit_ms.is_some_and(|l| g.clock.elapsed_ms(e.at_ms) >= l) {
                    g.hands_after_time += 1;
                }
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
                // The deal limit (002 「每局牌限12牌结束」, 12 deals *(reading)*): once that many
                // deals are played the leading team wins — the deal in hand was finished, as
                // this is its result; equal levels as the preset's `tie` says (one more hand
                // plays on until the levels differ).
                if let (true, None, Some(limit)) = (counted, g.winner, preset.timing.deal_limit) {
                    let played = g.rows.iter().filter(|r| r.result.is_ok()).count();
                    if limit > 0 && played >= limit as usize {
                        if let Some(w) = g.state.time_verdict_with(preset.timing.tie).winner() {
                            g.winner = Some(w);
                            g.by_deal_limit = true;
                            pause_at_game_end(preset, &mut g.clock, e.at_ms);
                        }
                    }
                }
            }
            Op::Correct { .. } | Op::CorrectRuling { .. } | Op::Void { .. } => {}
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
                // A team match's time is for all its games (90 minutes in all): a verdict at its
                // end gave the game in progress to the leader, and no game is played after it.
                if let Some(tm) = preset.team_match {
                    if g.clock.elapsed_ms(e.at_ms) >= tm.minutes as f64 * 60_000.0 {
                        self.over = true;
                    }
                }
            }
            Op::NextGame { start } => {
                // A team match has exactly its `games` games (「打满三局」): none after the
                // last one is started, even when an appeal left an earlier one undecided.
                // A forfeit scores the games left as forfeits: none is played.
                let over = self.over || games_done || self.forfeited_from.is_some();
                let refusal = match preset.team_match {
                    _ if over => {
                        Some(("the team match is over".to_string(), Msg::new("sj.why.team_match_over", vec![])))
                    }
                    Some(tm) if self.games.len() as u32 >= tm.games => Some((
                        format!("all {} games of the team match are started", tm.games),
                        Msg::new("sj.why.team_match_games", vec![("games", Arg::Num(tm.games as i64))]),
                    )),
                    _ => None,
                };
                if let Some((reason, msg)) = refusal {
                    self.refused.push((e.id.clone(), InputError { field: "next_game".into(), reason, msg: Some(msg) }));
                    return;
                }
                let g = self.games.last_mut().expect("a view has at least one game");
                match preset.team_match {
                    // One clock for the whole team match: the next game goes on counting it.
                    Some(_) => {
                        let clock = g.clock.clone();
                        self.games.push(Game { clock, ..Game::new(start.clone()) });
                    }
                    None => {
                        g.clock.act(ClockAction::Pause, e.at_ms);
                        self.games.push(Game::new(start.clone()));
                    }
                }
            }
            Op::Appeal { .. } => {}
            Op::Ruling { .. } => {
                let Some(ruling) = eff.ruling else { return };
                let counted = self.register.record(&preset.rulings, ruling, eff.rule);
                // What the ruling does to this game: a warning that became a level penalty or
                // a game lost, a forfeit or disqualification ends the game for the offender.
                let game = match counted.effect {
                    Effect::Game(r) => Some(r),
                    Effect::Forfeit(team) | Effect::Disqualified(team) => {
                        // A team match already over (time up, every game decided) keeps its
                        // games as played.
                        let open = preset.team_match.is_some() && !self.over && !games_done;
                        if self.forfeit.is_none() && open {
                            self.forfeited_from = Some(game_index + usize::from(g.winner.is_some()));
                        }
                        self.forfeit.get_or_insert(team);
                        if let Effect::Disqualified(t) = counted.effect {
                            if !self.disqualified.contains(&t) {
                                self.disqualified.push(t);
                            }
                        }
                        g.winner.is_none().then_some(crate::rules::Ruling::GameLost { team })
                    }
                    Effect::PointsDue(..) | Effect::FoulDue(_) | Effect::Noted => None,
                };
                let result = match (g.winner, game) {
                    (Some(winner), _) if !matches!(counted.effect, Effect::Forfeit(_) | Effect::Disqualified(_)) => {
                        Err(RulingError::GameOver { winner })
                    }
                    (_, Some(r)) => shengji::apply_ruling(&mut g.state, r),
                    (_, None) => Ok(shengji::RulingOutcome {
                        levels_before: g.state.levels.clone(),
                        levels_after: g.state.levels.clone(),
                        winner: g.winner,
                    }),
                };
                // A warning that became points (002 §一5: the 2nd 80) is scored with the hand in
                // progress, as that hand's penalty of the team (RULES.md §0 **[r2]**).
                if let (Ok(_), Effect::PointsDue(team, points)) = (&result, counted.effect) {
                    let ladder = preset
                        .rulings
                        .ladder(eff.rule)
                        .or_else(|| preset.rulings.warnings.iter().find(|w| w.rule.trim().is_empty()));
                    let rule = ladder.map(|w| w.rule.trim()).filter(|r| !r.is_empty()).unwrap_or(eff.rule.trim());
                    let source = ladder.map(|w| w.cite.trim()).filter(|c| !c.is_empty()).unwrap_or(eff.rule.trim());
                    g.state.ruled_points.push(shengji::RuledPoints {
                        team,
                        points,
                        rule: rule.to_string(),
                        source: source.to_string(),
                    });
                }
                match &result {
                    Ok(o) if o.winner.is_some() => {
                        g.by_ruling |= g.winner.is_none();
                        g.winner = o.winner;
                        pause_at_game_end(preset, &mut g.clock, e.at_ms);
                    }
                    Ok(_) => {}
                    Err(err) => self.refused.push((
                        e.id.clone(),
                        InputError { field: "ruling".into(), reason: err.to_string(), msg: Some(err.msg()) },
                    )),
                }
                g.rulings.push(RulingRow { entry_id: e.id.clone(), after_hand: g.rows.len(), ruling, counted, result });
            }
            Op::Confirm { .. } => {}
            Op::SignOff { .. } => self.locked = true,
            Op::Reopen { .. } => self.locked = false,
        }
    }

    /// Whether a team match (RULES.md §1.4 **[r2]**, 「打满三局」) has no game left to play:
    /// `tm.games` games decided, or all `tm.games` started and the last one decided. An
    /// earlier game an appeal left undecided (RULES.md §0: an overturned 出局 undoes its
    /// effect) after the next game was started is not played again: it scores nothing
    /// (0 : 0, [`crate::rules::TeamMatch::scored_games`]) unless the appeal's decision
    /// replaces the ruling with one that decides it.
    fn all_games_done(&self, tm: &crate::rules::TeamMatch) -> bool {
        let decided = self.games.iter().filter(|g| g.winner.is_some()).count() as u32;
        decided >= tm.games || (self.games.len() as u32 >= tm.games && self.current().winner.is_some())
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
            // A time-up ends it: the games decided count, equal points are a drawn match.
            Some(tm) => {
                let winners: Vec<Option<Team>> = self.games.iter().map(|g| g.winner).collect();
                // A forfeit (disqualified, late at the limit) scores the games not played out
                // as forfeits: 0 to the forfeiting team, a win to the other (「弃权零分」).
                let forfeit = match (self.forfeit, self.forfeited_from) {
                    (Some(f), Some(from)) => {
                        self.games_forfeited = tm.forfeited_games(from);
                        // Games won as the standings count them: those decided before the
                        // forfeit as played, every forfeited one (the game in progress
                        // included) to the other team.
                        for t in Team::BOTH {
                            let won = winners[..from.min(winners.len())].iter().filter(|w| **w == Some(t)).count();
                            series.insert(t, won as u32 + if t == f { 0 } else { self.games_forfeited });
                        }
                        Some((f, from))
                    }
                    _ => None,
                };
                let scored = tm.scored_games(&winners, forfeit);
                let points = crate::rules::TeamMatch::total(&scored);
                self.team_games = scored
                    .into_iter()
                    .enumerate()
                    .map(|(i, score)| {
                        let how = match score.forfeited_by {
                            Some(_) => Some(GameEnd::Forfeit),
                            None => self.games.get(i).and_then(Game::end),
                        };
                        TeamGameRow { score, how }
                    })
                    .collect();
                self.over |= self.all_games_done(&tm) || self.forfeited_from.is_some();
                self.team_points = Some(points.clone());
                (self.over && points[&Team::A] != points[&Team::B]).then(|| {
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
        // A forfeited match (late at the limit, disqualified) goes to the other team.
        if let Some(f) = self.forfeit {
            self.series_winner = Some(f.other());
        }
        self.series = series;
    }
}
