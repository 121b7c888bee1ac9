//! Conformance adapter for `doudizhu` (see tests/conformance.rs and shared/cases/README.md
//! "doudizhu and sandayi"): maps player names to indices, builds [`Hand`]s, replays them
//! with the named preset and compares `expect.totals` and `expect.violations` (斗地主 has
//! no violations, so any expected one fails). Unknown presets and fields are failures.
use referee::rules::doudizhu::{find_preset, replay, Call, Hand};
use serde_json::{Map, Value};
use std::collections::BTreeSet;

const CASE_FIELDS: &[&str] = &["id", "source", "preset", "note", "players", "base", "hands", "expect"];
const HAND_FIELDS: &[&str] =
    &["landlord", "bid", "bombs", "rockets", "spring", "anti_spring", "landlord_won", "bids", "first_bidder"];
const EXPECT_FIELDS: &[&str] = &["totals", "violations"];

pub fn run(case: &Value) -> Result<(), String> {
    let case = object(case, "case")?;
    known_fields(case, CASE_FIELDS, "")?;
    let preset_id = case.get("preset").and_then(Value::as_str).ok_or("missing field preset")?;
    let mut preset =
        find_preset(preset_id).ok_or_else(|| format!("expected a known doudizhu preset, got preset {preset_id:?}"))?;
    let players = names(case.get("players"), "players")?;
    if let Some(dup) = players.iter().enumerate().find(|(i, p)| players[..*i].contains(p)) {
        return Err(format!("players: duplicate name {:?}", dup.1));
    }
    if let Some(base) = case.get("base") {
        preset.stake = base.as_i64().ok_or_else(|| format!("base: expected an integer, got {base}"))?;
    }
    let hands = case
        .get("hands")
        .and_then(Value::as_array)
        .ok_or("hands: expected an array")?
        .iter()
        .enumerate()
        .map(|(i, h)| hand(h, &players).map_err(|e| format!("hands[{i}].{e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let expect = object(case.get("expect").unwrap_or(&Value::Null), "expect")?;
    known_fields(expect, EXPECT_FIELDS, "expect.")?;

    let r = replay(&preset, players.len(), &hands).map_err(|e| format!("engine rejected the case: {e}"))?;
    let mut errors = compare_totals(expect, &players, &r.totals)?;
    if let Some(v) = expect.get("violations") {
        let want: BTreeSet<String> = names(Some(v), "expect.violations")?.into_iter().collect();
        if !want.is_empty() {
            errors.push(format!("expected violations {want:?}, got []"));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}

fn hand(v: &Value, players: &[String]) -> Result<Hand, String> {
    let h = object(v, "")?;
    known_fields(h, HAND_FIELDS, "")?;
    let landlord = match h.get("landlord") {
        None => return Err("landlord: missing".into()),
        Some(Value::Null) => None,
        Some(name) => Some(player(name, players).map_err(|e| format!("landlord: {e}"))?),
    };
    let bids = match h.get("bids") {
        None | Some(Value::Null) => None,
        Some(Value::Object(m)) => {
            let mut calls = Vec::with_capacity(players.len());
            for p in players {
                let c = m.get(p).ok_or_else(|| format!("bids: missing player {p:?}"))?;
                calls.push(serde_json::from_value::<Option<Call>>(c.clone()).map_err(|e| format!("bids.{p}: {e}"))?);
            }
            if let Some(extra) = m.keys().find(|k| !players.contains(k)) {
                return Err(format!("bids: unknown player {extra:?}"));
            }
            Some(calls)
        }
        Some(other) => return Err(format!("bids: expected an object, got {other}")),
    };
    let first_bidder = match h.get("first_bidder") {
        None | Some(Value::Null) => None,
        Some(name) => Some(player(name, players).map_err(|e| format!("first_bidder: {e}"))?),
    };
    Ok(Hand {
        landlord,
        bid: uint(h, "bid")?.try_into().map_err(|_| "bid: too large".to_string())?,
        bombs: uint(h, "bombs")?,
        rockets: uint(h, "rockets")?,
        spring: flag(h, "spring")?,
        anti_spring: flag(h, "anti_spring")?,
        landlord_won: h
            .get("landlord_won")
            .ok_or("landlord_won: missing")?
            .as_bool()
            .ok_or("landlord_won: expected true or false")?,
        bids,
        first_bidder,
        went_out: None,
    })
}

fn compare_totals(expect: &Map<String, Value>, players: &[String], got: &[i64]) -> Result<Vec<String>, String> {
    let want = object(expect.get("totals").unwrap_or(&Value::Null), "expect.totals")?;
    if let Some(extra) = want.keys().find(|k| !players.contains(k)) {
        return Err(format!("expect.totals: unknown player {extra:?}"));
    }
    let mut errors = Vec::new();
    for (p, g) in players.iter().zip(got) {
        let w = want
            .get(p)
            .ok_or_else(|| format!("expect.totals: missing player {p:?}"))?
            .as_i64()
            .ok_or_else(|| format!("expect.totals.{p}: expected an integer"))?;
        if w != *g {
            errors.push(format!("expected totals.{p} = {w}, got {g}"));
        }
    }
    Ok(errors)
}

fn object<'a>(v: &'a Value, what: &str) -> Result<&'a Map<String, Value>, String> {
    v.as_object().ok_or_else(|| format!("{what}: expected an object, got {v}"))
}

fn known_fields(m: &Map<String, Value>, known: &[&str], prefix: &str) -> Result<(), String> {
    match m.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(format!("{prefix}{k}: unknown field")),
        None => Ok(()),
    }
}

fn names(v: Option<&Value>, field: &str) -> Result<Vec<String>, String> {
    let arr = v.and_then(Value::as_array).ok_or_else(|| format!("{field}: expected an array of names"))?;
    arr.iter()
        .map(|n| n.as_str().map(str::to_string).ok_or_else(|| format!("{field}: expected a name, got {n}")))
        .collect()
}

fn player(v: &Value, players: &[String]) -> Result<usize, String> {
    let name = v.as_str().ok_or_else(|| format!("expected a player name, got {v}"))?;
    players.iter().position(|p| p == name).ok_or_else(|| format!("unknown player {name:?}"))
}

fn uint(h: &Map<String, Value>, field: &str) -> Result<u32, String> {
    match h.get(field) {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v
            .as_u64()
            .and_then(|x| u32::try_from(x).ok())
            .ok_or_else(|| format!("{field}: expected a non-negative integer, got {v}")),
    }
}

fn flag(h: &Map<String, Value>, field: &str) -> Result<bool, String> {
    match h.get(field) {
        None => Ok(false),
        Some(v) => v.as_bool().ok_or_else(|| format!("{field}: expected true or false, got {v}")),
    }
}
