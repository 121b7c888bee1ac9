//! 升级 match record (RULES.md §1): the set-up of two teams of two, the hand checks, and
//! the replay of a series of games (best of 3, or the 南通 team match's three games) with
//! the referee's rulings, time verdicts and per-action overruns.

use crate::record::game::{self, GameId};
use crate::record::replay::{effective, Clock, Effective};
use crate::record::schema::said;
use crate::record::schema::ImportError;
use crate::record::{ClockAction, HandInput, Match, Op, TimedAction};
use crate::rules::ruling::Effect;
use crate::rules::shengji::{self, InputError, Outcome, Preset, Start, State};
use crate::rules::{Arg, Msg, RulingError, Seat, Team};
use crate::tournament::tables::{Leg, LegError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Set-up of a 升级 match between two teams of two.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShengjiSetup {
    /// The match's own copy of the preset (a referee may have changed any parameter).
    pub preset: Preset,
    /// Team names: `A` sits N/S, `B` E/W.
    pub teams: BTreeMap<Team, String>,
    /// Player names by seat.
    pub players: BTreeMap<Seat, String>,
    /// Start levels, first declarer team and dealer seat of game 1.
    pub start: Start,
}

/// 升级's [`game::Game`] impl.
pub struct Shengji;

/// Checks the set-up: names of at most 60 characters, a level table, a minimum level not
/// above the maximum, and a first dealer on the first declarer team.
pub fn validate_setup(s: &ShengjiSetup) -> Result<(), ImportError> {
    for (t, n) in &s.teams {
        if n.chars().count() > 60 {
            return Err(said!(format!("teams.{t:?}"), "imp.name_too_long", max = Arg::Num(60)));
        }
    }
    for (seat, n) in &s.players {
        if n.chars().count() > 60 {
            return Err(said!(format!("players.{seat:?}"), "imp.name_too_long", max = Arg::Num(60)));
        }
    }
    if s.preset.table.bands.is_empty() {
        return Err(said!("preset.table.bands", "imp.sj_no_bands"));
    }
    if let Some((lo, hi)) = s.preset.clamp {
        if lo > hi {
            return Err(said!(
                "preset.clamp",
                "imp.sj_clamp",
                lo = Arg::Text(lo.to_string()),
                hi = Arg::Text(hi.to_string())
            ));
        }
    }
    if let (Some(d), Some(declarer)) = (s.start.dealer, s.start.declarer) {
        if d.team() != declarer {
            return Err(said!("start.dealer", "imp.sj_dealer"));
        }
    }
    Ok(())
}

/// Checks a hand against the preset ([`shengji::validate_hand`]) and its declarations
/// ([`shengji::check_declaring`]); errors name the field inside the hand.
pub fn check_hand(s: &ShengjiSetup, h: &shengji::Hand) -> Result<(), ImportError> {
    shengji::validate_hand(&s.preset, h).map_err(ImportError::from)?;
    if !h.declaring.is_empty() {
        shengji::check_declaring(&s.preset.declaring, &h.declaring).map_err(ImportError::from)?;
    }
    Ok(())
}

impl game::Game for Shengji {
    const ID: GameId = GameId::Shengji;
    const RULINGS: bool = true;
    type Setup = ShengjiSetup;
    type Input = shengji::Hand;
    type View = ShengjiView;

    fn validate_setup(s: &ShengjiSetup) -> Result<(), ImportError> {
        validate_setup(s)
    }
    fn check_input(_m: &Match, s: &ShengjiSetup, h: &shengji::Hand) -> Result<(), ImportError> {
        check_hand(s, h)
    }
    fn replay(m: &Match, s: &ShengjiSetup) -> ShengjiView {
        replay_shengji(m, &s.preset, &s.start)
    }
    fn first_error(v: &ShengjiView) -> Option<(String, InputError)> {
        v.first_error()
    }
    fn refused(v: &ShengjiView) -> Vec<(String, InputError)> {
        v.refused.clone()
    }
    fn outcome(v: &ShengjiView) -> crate::tournament::outcome::Outcome {
        let w = |t| v.series.get(&t).copied().unwrap_or(0);
        let games_won = vec![w(Team::A), w(Team::B)];
        crate::tournament::outcome::Outcome {
            score: games_won.iter().map(|&x| x as i64).collect(),
            games_won,
            double_wins: vec![0, 0],
            winner: v.series_winner.map(crate::tournament::outcome::side),
            locked: v.locked,
            done: v.series_winner.is_some() || v.over || v.locked,
            forfeits: v.forfeit.map(crate::tournament::outcome::side).into_iter().collect(),
            disqualified: v.disqualified.iter().map(|&t| crate::tournament::outcome::side(t)).collect(),
            hands: v.games.iter().map(|g| g.rows.len()).sum(),
            ..Default::default()
        }
    }
    fn participants(s: &ShengjiSetup) -> String {
        format!(
            "{} vs {}",
            s.teams.values().next().cloned().unwrap_or_default(),
            s.teams.values().nth(1).cloned().unwrap_or_default()
        )
    }
    fn names(s: &ShengjiSetup) -> (BTreeMap<Team, String>, Vec<String>) {
        (s.teams.clone(), Vec::new())
    }
    fn sheet_body(
        m: &Match,
        s: &ShengjiSetup,
        v: &ShengjiView,
        l: crate::i18n::Lang,
    ) -> crate::record::share_doc::SheetBody {
        crate::record::share_doc::games::shengji(m, s, v, l)
    }
    fn leg_setup(leg: &Leg) -> Result<ShengjiSetup, LegError> {
        let mut p = shengji::builtin_preset(leg.preset_id).filter(|p| !p.duplicate).ok_or_else(|| leg.bad())?;
        if leg.best_of > 0 {
            p.timing.best_of = leg.best_of;
        }
        if leg.long_round && p.timing.unlimited_long_rounds {
            p.timing.deal_limit = None;
            p.timing.match_minutes = None;
        }
        Ok(ShengjiSetup { preset: p, teams: leg.teams(), players: leg.players(), start: Default::default() })
    }
    fn preset_ids() -> Vec<String> {
        shengji::builtin_presets().into_iter().filter(|p| !p.duplicate).map(|p| p.id).collect()
    }
}

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
    /// The referee's rulings in this game, in order.
    pub rulings: Vec<RulingRow>,
    /// The match clock.
    pub clock: Clock,
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
    /// Entries that could not apply — a ruling after the game was won, a next game after a
    /// team match was over: (entry id, why).
    pub refused: Vec<(String, InputError)>,
    /// The match's warnings so far (RULES.md §0 **[r2]**).
    pub register: crate::rules::ruling::Register,
    /// The team that forfeited the match (lateness at the preset's limit, disqualified).
    pub forfeit: Option<Team>,
    /// Teams disqualified: their remaining fixtures of the event are forfeits.
    pub disqualified: Vec<Team>,
    /// A team match (南通, RULES.md §1.4 **[r2]**): each team's points so far (2 a game won,
    /// 1 lost), `None` for other presets.
    pub team_points: Option<BTreeMap<Team, u32>>,
    /// No more game is played: a team match's games all decided, or its time over (the game
    /// in progress went to the leading team by the time verdict; the games not started are
    /// not played and score nothing *(reading of 「三局未打完按领先队获胜」)*).
    pub over: bool,
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
            let msg = Msg::new("sj.why.game_over", vec![("team", Arg::Team(w))]);
            Err(InputError {
                field: "hand".into(),
                reason: format!("game over: team {w:?} already won"),
                msg: Some(msg),
            })
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
                let counted = result.is_ok();
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
                            g.clock.act(ClockAction::Pause, e.at_ms);
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
                let all_played = preset
                    .team_match
                    .is_some_and(|tm| self.games.iter().filter(|g| g.winner.is_some()).count() as u32 >= tm.games);
                if self.over || all_played {
                    self.refused.push((
                        e.id.clone(),
                        InputError {
                            field: "next_game".into(),
                            reason: "the team match is over".into(),
                            msg: Some(Msg::new("sj.why.team_match_over", vec![])),
                        },
                    ));
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
                match &result {
                    Ok(o) if o.winner.is_some() => {
                        g.winner = o.winner;
                        g.clock.act(ClockAction::Pause, e.at_ms);
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
                let points = tm.points(&winners);
                let played = winners.iter().flatten().count() as u32;
                self.over |= played >= tm.games;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::{replay, MatchView};
    use crate::record::{Entry, Setup};

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
            player: None,
            board: None,
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
                player: None,
                board: None,
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

    /// A match of `preset` with these entries (ids `e1`, `e2` …, one second apart).
    fn logged(preset: &str, ops: Vec<Op>) -> Match {
        let mut m = sample::blank_shengji("x", preset, 0.0);
        for (k, op) in ops.into_iter().enumerate() {
            m.append(Entry { after: None, id: format!("e{}", k + 1), at_ms: (k as f64 + 1.0) * 1000.0, op }).unwrap();
        }
        m
    }

    fn view_of(m: &Match) -> ShengjiView {
        match replay(m) {
            MatchView::Shengji(v) => v,
            _ => unreachable!(),
        }
    }

    #[test]
    fn deal_limit_gives_the_game_to_the_leader_after_the_twelfth_deal() {
        // chaodipi-10: 12 deals (reading). A declares: 70 → A +1 each time (A at 7 after 5),
        // then 80s: the deal passes back and forth with no level change.
        let mut ops: Vec<Op> = [70, 70, 70, 70, 70].into_iter().map(h).collect();
        ops.extend((0..6).map(|_| h(80)));
        let m = logged("chaodipi-10", ops.clone());
        let v = view_of(&m);
        assert_eq!(v.current().rows.len(), 11);
        assert_eq!(v.current().winner, None, "11 deals: the game goes on");
        ops.push(h(80));
        let m = logged("chaodipi-10", ops);
        let v = view_of(&m);
        let g = v.current();
        assert_eq!((g.winner, g.by_deal_limit, g.by_time), (Some(Team::A), true, false), "A leads 7 to 2");
        assert_eq!(v.series[&Team::A], 1);
        // No 13th deal in that game.
        let err =
            m.clone().append_replayed(Entry { after: None, id: "late".into(), at_ms: 99e3, op: h(80) }).unwrap_err();
        assert_eq!(err.field, crate::record::NOT_PLAYABLE, "{err}");
        // A copy without the limit (a semi-final's match) plays on.
        let mut m2 = logged("chaodipi-10", vec![]);
        let Setup::Shengji(s) = &mut m2.setup else { unreachable!() };
        s.preset.timing.deal_limit = None;
        for (k, e) in m.entries.iter().enumerate() {
            m2.append(Entry { id: format!("c{k}"), ..e.clone() }).unwrap();
        }
        assert_eq!(view_of(&m2).current().winner, None);
    }

    /// Three hands of 0 take the declarer A from 2 to 10, to A, then through A: a game won.
    fn a_wins_a_game() -> Vec<Op> {
        vec![h(0), h(0), h(0)]
    }

    #[test]
    fn nantong_time_up_in_the_third_game_gives_it_to_the_leader_and_ends_the_match() {
        let start = Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) };
        let mut ops = vec![start];
        ops.extend(a_wins_a_game());
        ops.push(Op::NextGame { start: Start::default() });
        ops.push(Op::Ruling {
            ruling: crate::rules::Ruling::GameLost { team: Team::A },
            player: None,
            board: None,
            reason: "暗示".into(),
            rule: "南通 §四".into(),
            referee: "王".into(),
        });
        ops.push(Op::NextGame { start: Start::default() });
        ops.push(h(40)); // game 3: A 2 → 4
        let v = view_of(&logged("nantong-80fen", ops.clone()));
        assert_eq!(v.games.len(), 3);
        assert!(v.current().clock.started, "one clock for the whole team match");
        assert!(!v.over);
        assert_eq!(v.team_points, Some(BTreeMap::from([(Team::A, 3), (Team::B, 3)])));
        // 90 minutes in all: the game in progress goes to A, leading 4 to 2; 2+1+2 : 1+2+1.
        ops.push(Op::TimeVerdict { winner: Team::A, elapsed_ms: Some(90.0 * 60_000.0) });
        let mut m = logged("nantong-80fen", ops);
        let v = view_of(&m);
        assert!(v.over && v.current().by_time);
        assert_eq!(v.team_points, Some(BTreeMap::from([(Team::A, 5), (Team::B, 4)])));
        assert_eq!(v.series_winner, Some(Team::A));
        let o = crate::tournament::outcome::outcome(&m);
        assert_eq!((o.games_won.clone(), o.winner, o.done), (vec![2, 1], Some(0), true));
        // No fourth game.
        let err = m
            .append(Entry { after: None, id: "n4".into(), at_ms: 99e3, op: Op::NextGame { start: Start::default() } })
            .unwrap_err();
        assert_eq!(err.field, crate::record::NOT_PLAYABLE, "{err}");
    }

    #[test]
    fn nantong_time_up_in_the_second_game_leaves_the_third_unplayed() {
        let mut ops = vec![Op::Clock { action: ClockAction::Start, elapsed_ms: Some(0.0) }];
        ops.extend(a_wins_a_game());
        ops.push(Op::NextGame { start: Start::default() });
        ops.push(Op::TimeVerdict { winner: Team::B, elapsed_ms: Some(90.0 * 60_000.0) });
        let v = view_of(&logged("nantong-80fen", ops));
        // 1 game each: 3 points each, a drawn team match, and nothing more to play.
        assert!(v.over);
        assert_eq!(v.team_points, Some(BTreeMap::from([(Team::A, 3), (Team::B, 3)])));
        assert_eq!(v.series_winner, None);
        assert!(Shengji::outcome(&v).done);
    }

    use crate::record::game::Game as _;

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
