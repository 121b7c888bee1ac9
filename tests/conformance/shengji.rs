//! Conformance adapter for `shengji` (升级 family, RULES.md §1; case format in
//! shared/cases/README.md).

use referee::rules::shengji::{self, Hand, Start, TableResult};
use referee::rules::Team;
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
    hands: Vec<StrictHand>,
    boards: Option<Vec<Board>>,
    expect: Expect,
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
    let start = c.start.ok_or("case has neither start nor boards")?;
    let hands: Vec<Hand> = c
        .hands
        .into_iter()
        .map(|h| Hand { points: h.points, kitty: h.kitty, kitty_jack: h.kitty_jack, penalties: h.penalties, ..Default::default() })
        .collect();
    let (state, outcomes) = shengji::replay(&preset, &start, &hands).map_err(|e| format!("engine refused: {e}"))?;
    check("levels", &c.expect.levels, state.levels.clone())?;
    check("declarer", &c.expect.declarer, state.declarer)?;
    check("winner", &c.expect.winner, state.winner)?;
    check("scores", &c.expect.scores, outcomes.iter().map(|o| o.score).collect::<Vec<_>>())?;
    Ok(())
}
