//! Runs every conformance case file of `CONFORMANCE_DIR` (default `tests/cases`, the repo's
//! own copy of `../shared/cases`) exactly as `tests/cases/README.md` says: one line per case
//! that disagrees (`id: expected …, got …`), then `conformance: N passed, M failed`, and a
//! `pending: <game> (<n> cases)` line per game whose engine does not exist yet.
//!
//! When `../shared/cases` exists beside the project (`SHARED_CASES` overrides the path), every
//! file there must be in `tests/cases` with the same bytes and no case file may be only in the
//! copy: each difference is a failure (`cases copy: …`), so new shared cases reach the repo.
//!
//! Each game's adapter lives in `tests/conformance/<game>.rs` and exposes
//! `run(case) -> Result<(), String>` where the error reads "expected …, got …".

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

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

/// Differences between the shared cases and the repo's copy, one line each (empty when the
/// shared folder is not there: a bare clone tests its own copy).
fn copy_differences(copy: &Path) -> Vec<String> {
    let shared = std::env::var_os("SHARED_CASES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/cases"));
    let Ok(rd) = std::fs::read_dir(&shared) else { return Vec::new() };
    let names = |rd: std::fs::ReadDir| -> BTreeSet<String> {
        rd.filter_map(|e| e.ok())
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect()
    };
    let theirs = names(rd);
    let ours = std::fs::read_dir(copy).map(names).unwrap_or_default();
    let mut out = Vec::new();
    for n in &theirs {
        match (std::fs::read(shared.join(n)), std::fs::read(copy.join(n))) {
            (Ok(a), Ok(b)) if a == b => {}
            (Ok(_), Ok(_)) => {
                out.push(format!("cases copy: {n} differs from {}: copy it into {}", shared.display(), copy.display()))
            }
            (Ok(_), Err(_)) => {
                out.push(format!("cases copy: {n} is in {} but not in {}: copy it", shared.display(), copy.display()))
            }
            (Err(e), _) => out.push(format!("cases copy: cannot read {}: {e}", shared.join(n).display())),
        }
    }
    for n in ours.difference(&theirs) {
        out.push(format!("cases copy: {n} is only in {} (removed from {}?)", copy.display(), shared.display()));
    }
    out
}

fn main() {
    let copy = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let dir = std::env::var_os("CONFORMANCE_DIR").map(PathBuf::from).unwrap_or_else(|| copy.clone());
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) => {
            rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "json")).collect()
        }
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
    for d in copy_differences(&copy) {
        println!("{d}");
        failed += 1;
    }
    println!("conformance: {passed} passed, {failed} failed");
    if failed > 0 || passed == 0 {
        std::process::exit(1);
    }
}
