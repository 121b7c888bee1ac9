//! Conformance adapter for `shengji` (升级 family, RULES.md §1; case format in
//! shared/cases/README.md).

use referee::rules::shengji::{self, Hand, Start, State, TableResult};
use referee::rules::{Ruling, Seat, Team, TimeVerdict};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    levels: Option<BTreeMap<Team, referee::rules::Rank>>,
    declarer: Option<Team>,
    #[serde(default, deserialize_with = "nullable")]
    winner: Option<Option<Team>>,
    scores: Option<Vec<i32>>,
    totals: Option<BTreeMap<Team, i32>>,
    boards_won: Option<BTreeMap<Team, u32>>,
    time_verdict: Option<TimeVerdict>,
    game_winners: Option<Vec<Option<Team>>>,
    game_points: Option<BTreeMap<Team, u32>>,
}

fn nullable<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<Team>>, D::Error> {
    Ok(Some(Option::<Team>::deserialize(d)?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Board {
    tables: Vec<TableResult>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[allow(dead_code)]
    id: String,
    #[allow(dead_code)]
    source: Option<String>,
    #[allow(dead_code)]
    note: Option<String>,
    preset: String,
    start: Option<Start>,
    #[serde(default)]
    hands: Vec<Value>,
    boards: Option<Vec<Board>>,
    team_match: Option<TeamMatchCase>,
    expect: Expect,
}

/// A team match (RULES.md §1.4): games, each with its own start and hands.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamMatchCase {
    games: Vec<GameCase>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameCase {
    start: Start,
    hands: Vec<Value>,
}

/// An element of `hands[]`: a hand, a ruling or the time limit.
enum Step {
    Hand(Hand),
    Ruling(Ruling),
    TimeUp,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulingStep {
    ruling: Ruling,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TimeUpStep {
    time_up: bool,
}

fn step(v: &Value) -> Result<Step, String> {
    let understood = |e: serde_json::Error| format!("case not understood: {e}");
    if v.get("ruling").is_some() {
        let r: RulingStep = serde_json::from_value(v.clone()).map_err(understood)?;
        return Ok(Step::Ruling(r.ruling));
    }
    if v.get("time_up").is_some() {
        let t: TimeUpStep = serde_json::from_value(v.clone()).map_err(understood)?;
        return if t.time_up { Ok(Step::TimeUp) } else { Err("case not understood: time_up must be true".into()) };
    }
    let h: StrictHand = serde_json::from_value(v.clone()).map_err(understood)?;
    Ok(Step::Hand(Hand {
        points: h.points,
        kitty: h.kitty,
        kitty_jack: h.kitty_jack,
        penalties: h.penalties,
        declarer_seat: h.declared_by,
        ..Default::default()
    }))
}

/// Replays one game's steps: the final state, the hands' scores and the last time verdict.
fn play(
    preset: &shengji::Preset,
    start: &Start,
    steps: &[Value],
) -> Result<(State, Vec<i32>, Option<TimeVerdict>), String> {
    let mut state = State::new(start);
    let (mut scores, mut verdict) = (Vec::new(), None);
    for (k, v) in steps.iter().enumerate() {
        match step(v)? {
            Step::Hand(h) => {
                let o =
                    shengji::apply(preset, &mut state, &h).map_err(|e| format!("engine refused: hands[{k}].{e}"))?;
                scores.push(o.score);
            }
            Step::Ruling(r) => {
                shengji::apply_ruling(&mut state, r).map_err(|e| format!("engine refused: hands[{k}].ruling: {e}"))?;
            }
            Step::TimeUp => {
                verdict = Some(
                    shengji::time_up(preset, &mut state)
                        .map_err(|e| format!("engine refused: hands[{k}].time_up: {e}"))?,
                );
            }
        }
    }
    Ok((state, scores, verdict))
}

/// The case format's hand: only the fields the README names (an unknown field fails).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StrictHand {
    points: i32,
    kitty: Option<shengji::Kitty>,
    kitty_jack: Option<shengji::JackSuit>,
    #[serde(default)]
    penalties: Vec<shengji::Penalty>,
    declared_by: Option<Seat>,
}

fn check<T: PartialEq + std::fmt::Debug>(field: &str, expected: &Option<T>, got: T) -> Result<(), String> {
    match expected {
        Some(e) if *e != got => Err(format!("{field}: expected {e:?}, got {got:?}")),
        _ => Ok(()),
    }
}

pub fn run(case: &Value) -> Result<(), String> {
    let c: Case = serde_json::from_value(case.clone()).map_err(|e| format!("case not understood: {e}"))?;
    let preset = shengji::builtin_preset(&c.preset).ok_or_else(|| format!("unknown preset {:?}", c.preset))?;
    if let Some(boards) = &c.boards {
        let mut results = Vec::new();
        for (i, b) in boards.iter().enumerate() {
            results.push(shengji::score_board(&preset, &b.tables).map_err(|e| format!("boards[{i}].{e}"))?);
        }
        let t = shengji::duplicate_totals(&results);
        check("totals", &c.expect.totals, t.totals)?;
        check("boards_won", &c.expect.boards_won, t.boards_won)?;
        return Ok(());
    }
    if let Some(tm) = &c.team_match {
        let rule = preset.team_match.ok_or_else(|| format!("preset {} has no team match", preset.id))?;
        let mut winners = Vec::new();
        for (g, game) in tm.games.iter().enumerate() {
            let (state, _, _) =
                play(&preset, &game.start, &game.hands).map_err(|e| format!("team_match.games[{g}]: {e}"))?;
            winners.push(state.winner);
        }
        check("game_winners", &c.expect.game_winners, winners.clone())?;
        check("game_points", &c.expect.game_points, rule.points(&winners))?;
        return Ok(());
    }
    let start = c.start.ok_or("case has neither start, boards nor team_match")?;
    let (state, scores, verdict) = play(&preset, &start, &c.hands)?;
    check("levels", &c.expect.levels, state.levels.clone())?;
    check("declarer", &c.expect.declarer, state.declarer)?;
    check("winner", &c.expect.winner, state.winner)?;
    check("scores", &c.expect.scores, scores)?;
    if c.expect.time_verdict.is_some() {
        check("time_verdict", &c.expect.time_verdict.map(Some), verdict)?;
    }
    Ok(())
}
