//! Runs every conformance case file of `CONFORMANCE_DIR` (default `../shared/cases` seen
//! from the project root) exactly as `shared/cases/README.md` says: one line per case that
//! disagrees (`id: expected …, got …`), then `conformance: N passed, M failed`, and a
//! `pending: <game> (<n> cases)` line per game whose engine does not exist yet.
//!
//! Each game's adapter lives in `tests/conformance/<game>.rs` and exposes
//! `run(case) -> Result<(), String>` where the error reads "expected …, got …".

use serde_json::Value;
use std::path::PathBuf;

#[path = "conformance/doudizhu.rs"]
mod doudizhu;
#[path = "conformance/guandan.rs"]
mod guandan;
#[path = "conformance/renju.rs"]
mod renju;
#[path = "conformance/sandayi.rs"]
mod sandayi;
#[path = "conformance/shengji.rs"]
mod shengji;

/// Games whose engine does not exist yet. A game stays here only while its issue is open.
const PENDING: &[&str] = &[];

fn run_case(game: &str, case: &Value) -> Result<(), String> {
    match game {
        "shengji" => shengji::run(case),
        "guandan" => guandan::run(case),
        "doudizhu" => doudizhu::run(case),
        "sandayi" => sandayi::run(case),
        "renju" => renju::run(case),
        other => Err(format!("unknown game {other:?} (no engine for this case file)")),
    }
}

fn main() {
    let dir = std::env::var_os("CONFORMANCE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/cases"));
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect(),
        Err(e) => {
            eprintln!("conformance: cannot read {}: {e}", dir.display());
            std::process::exit(1);
        }
    };
    files.sort();
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut pending = Vec::new();
    for path in &files {
        let game = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).expect("read case file");
        let cases: Vec<Value> = match serde_json::from_str(&text) {
            Ok(Value::Array(a)) => a,
            Ok(_) => {
                println!("{}: not a JSON array of cases", path.display());
                failed += 1;
                continue;
            }
            Err(e) => {
                println!("{}: invalid JSON: {e}", path.display());
                failed += 1;
                continue;
            }
        };
        if PENDING.contains(&game.as_str()) {
            pending.push(format!("pending: {game} ({} cases)", cases.len()));
            continue;
        }
        for case in &cases {
            let id = case.get("id").and_then(Value::as_str).unwrap_or("<no id>");
            let outcome = std::panic::catch_unwind(|| run_case(&game, case))
                .unwrap_or_else(|_| Err("engine panicked".to_string()));
            match outcome {
                Ok(()) => passed += 1,
                Err(msg) => {
                    failed += 1;
                    println!("{game}/{id}: {msg}");
                }
            }
        }
    }
    for p in &pending {
        println!("{p}");
    }
    println!("conformance: {passed} passed, {failed} failed");
    if failed > 0 || passed == 0 {
        std::process::exit(1);
    }
}
