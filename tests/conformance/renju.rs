//! Conformance adapter for `renju` (五子棋, RULES.md §5; case format in
//! shared/cases/README.md): `black`, `white` and `point` in, the verdict on a black move at
//! `point` compared with `expect`.

use referee::rules::renju::{self, Board, Point, Preset, Verdict};
use serde_json::Value;

pub fn run(case: &Value) -> Result<(), String> {
    let preset = field(case, "preset")?.as_str().ok_or("field preset: not a string")?;
    Preset::by_id(preset).ok_or_else(|| format!("field preset: unknown preset {preset:?}"))?;
    let black = points(case, "black")?;
    let white = points(case, "white")?;
    let point = point(field(case, "point")?).map_err(|e| format!("field point: {e}"))?;
    let expect: Verdict =
        serde_json::from_value(field(case, "expect")?.clone()).map_err(|e| format!("field expect: {e}"))?;
    let board = Board::from_stones(&black, &white).map_err(|e| format!("fields black/white: {e}"))?;
    let got = renju::judge(&board, point).map_err(|e| format!("field point: {e}"))?.verdict;
    if got == expect {
        Ok(())
    } else {
        Err(format!("expected {expect}, got {got}"))
    }
}

fn field<'a>(case: &'a Value, name: &str) -> Result<&'a Value, String> {
    case.get(name).ok_or_else(|| format!("missing field {name}"))
}

fn point(v: &Value) -> Result<Point, String> {
    let s = v.as_str().ok_or_else(|| format!("{v} is not a string"))?;
    Point::parse(s).map_err(|e| e.to_string())
}

fn points(case: &Value, name: &str) -> Result<Vec<Point>, String> {
    field(case, name)?
        .as_array()
        .ok_or_else(|| format!("field {name}: not an array"))?
        .iter()
        .map(|v| point(v).map_err(|e| format!("field {name}: {e}")))
        .collect()
}
