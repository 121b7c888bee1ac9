//! Conformance adapter for `guandan` (see tests/conformance.rs and shared/cases/README.md).
//!
//! Reads `preset`, `start`, `hands`, `expect`; compares every expected field present
//! (`levels`, `declarer`, `winner`, `a_failures`, `points`, `round_scores`). An unknown
//! preset, case field or expect field is a failure.
use referee::rules::guandan::{apply, apply_ruling, builtin_preset, time_up, GuandanState, Hand, PerTeam};
use referee::rules::{Rank, Ruling, Team, TimeVerdict};
use serde::de::DeserializeOwned;
use serde_json::Value;

const CASE_FIELDS: &[&str] = &["id", "source", "preset", "note", "start", "hands", "expect"];
const EXPECT_FIELDS: &[&str] =
    &["levels", "declarer", "winner", "a_failures", "points", "round_scores", "time_verdict"];

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulingStep {
    ruling: Ruling,
}

/// Replays `hands[]`: each element a hand, `{"ruling": …}` or `{"time_up": true}`.
fn play(
    preset: &referee::rules::guandan::GuandanPreset,
    start: &GuandanState,
    steps: &[Value],
) -> Result<GuandanState, String> {
    let mut state = start.clone().normalized(preset);
    for (k, v) in steps.iter().enumerate() {
        state = if v.get("ruling").is_some() {
            let r: RulingStep = parse(v, &format!("hands[{k}]"))?;
            apply_ruling(preset, &state, r.ruling).map_err(|e| format!("engine refused hands[{k}]: {e}"))?
        } else if let Some(t) = v.get("time_up") {
            if v.as_object().map_or(0, |o| o.len()) != 1 || t != &Value::Bool(true) {
                return Err(format!("bad hands[{k}]: expected {{\"time_up\": true}}"));
            }
            time_up(preset, &state).map_err(|e| format!("engine refused hands[{k}]: {e}"))?
        } else {
            let h: Hand = parse(v, "hands")?;
            apply(preset, &state, &h).0
        };
    }
    Ok(state)
}

fn parse<T: DeserializeOwned>(v: &Value, what: &str) -> Result<T, String> {
    serde_json::from_value(v.clone()).map_err(|e| format!("bad {what}: {e}"))
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "?".into())
}

fn check<T: PartialEq + serde::Serialize>(field: &str, expected: &T, got: &T) -> Result<(), String> {
    if expected == got {
        Ok(())
    } else {
        Err(format!("{field}: expected {}, got {}", json(expected), json(got)))
    }
}

pub fn run(case: &Value) -> Result<(), String> {
    let obj = case.as_object().ok_or("case is not an object")?;
    if let Some(k) = obj.keys().find(|k| !CASE_FIELDS.contains(&k.as_str())) {
        return Err(format!("unknown case field {k:?}"));
    }
    let id = case.get("preset").and_then(Value::as_str).ok_or("missing preset")?;
    let preset = builtin_preset(id).ok_or_else(|| format!("unknown preset {id:?}"))?;
    let start: GuandanState = parse(case.get("start").ok_or("missing start")?, "start")?;
    let hands: Vec<Value> = parse(case.get("hands").ok_or("missing hands")?, "hands")?;
    let expect = case.get("expect").and_then(Value::as_object).ok_or("missing expect")?;
    if let Some(k) = expect.keys().find(|k| !EXPECT_FIELDS.contains(&k.as_str())) {
        return Err(format!("unknown expect field {k:?}"));
    }

    let state = play(&preset, &start, &hands)?;

    if let Some(v) = expect.get("levels") {
        let want: PerTeam<Rank> = parse(v, "expect.levels")?;
        check("levels", &want, &state.levels)?;
    }
    if let Some(v) = expect.get("declarer") {
        let want: Option<Team> = parse(v, "expect.declarer")?;
        check("declarer", &want, &state.declarer)?;
    }
    if let Some(v) = expect.get("winner") {
        let want: Option<Team> = parse(v, "expect.winner")?;
        check("winner", &want, &state.winner)?;
    }
    if let Some(v) = expect.get("a_failures") {
        let want: PerTeam<u32> = parse(v, "expect.a_failures")?;
        check("a_failures", &want, &state.a_failures)?;
    }
    if let Some(v) = expect.get("points") {
        let want: PerTeam<u32> = parse(v, "expect.points")?;
        check("points", &Some(want), &state.points)?;
    }
    if let Some(v) = expect.get("time_verdict") {
        let want: TimeVerdict = parse(v, "expect.time_verdict")?;
        check("time_verdict", &Some(want), &state.time_verdict)?;
    }
    if let Some(v) = expect.get("round_scores") {
        let want: PerTeam<u32> = parse(v, "expect.round_scores")?;
        check("round_scores", &Some(want), &state.round_scores)?;
    }
    Ok(())
}
