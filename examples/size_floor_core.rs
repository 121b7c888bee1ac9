//! Size floor, part 1: the app's non-UI code alone, as the web app links it (rules of
//! every game, the match record with its schema, migrations, import checks and merge,
//! replay, tournament standings and the UI text tables) — no Leptos, no UI.
//! `scripts/size-floor.sh` builds it for wasm32 with the release profile and the same
//! wasm-opt as the app, and prints its gzip size. Results are kept alive with
//! `black_box` (no extra code), so the figure is a lower bound of what the app needs.
//! Not part of the app; native builds compile an empty library.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use referee::record::{replay, schema};
    use referee::tournament::{self, standings};
    use std::hint::black_box;
    use wasm_bindgen::prelude::*;

    /// Everything the app does with its data, once: read a stored match and its tail, read
    /// an import (migrations, checks), merge, replay every match, check a new entry,
    /// export; read, check and score a tournament; look up a UI text.
    #[wasm_bindgen]
    pub fn run(stored: &str, tail: &str, import: &str, event: &str, key: &str, now_ms: f64) -> String {
        let mut out = String::new();
        let local = match schema::load_stored_parts(stored, Some(tail)) {
            Ok(m) => vec![m],
            Err(e) => return e.to_string(),
        };
        let incoming = match schema::parse_import(import) {
            Ok(v) => v,
            Err(e) => return e.to_string(),
        };
        let merged = match schema::merge(&local, &incoming) {
            Ok((v, report)) => {
                black_box(&report);
                v
            }
            Err(e) => return e.to_string(),
        };
        for m in &merged {
            let view = replay::replay(m);
            if let Some((id, err)) = view.first_error() {
                out.push_str(&id);
                black_box(&err);
            }
            black_box(&view);
            if let Some(e) = m.entries.last() {
                if let Err(err) = schema::check_new_entry(m, e) {
                    out.push_str(&err.to_string());
                }
            }
            out.push_str(&schema::store_match(m));
        }
        out.push_str(&schema::export(&merged, now_ms));
        match tournament::load_event(event) {
            Ok(ev) => {
                for c in &ev.competitions {
                    black_box(standings::standings(c, &merged));
                    black_box(standings::results(c, &merged));
                }
                out.push_str(&tournament::store_event(&ev));
            }
            Err(e) => out.push_str(&e.to_string()),
        }
        black_box(referee::record::sample::shengji_sample(now_ms));
        black_box(referee::rules::shengji::builtin_presets());
        black_box(referee::rules::guandan::builtin_presets());
        black_box(referee::rules::doudizhu::builtin_presets());
        black_box(referee::rules::sandayi::builtin_presets());
        black_box(tournament::builtin_formats());
        for lang in [referee::i18n::Lang::ZhCn, referee::i18n::Lang::ZhTw, referee::i18n::Lang::En] {
            out.push_str(referee::i18n::lookup(lang, key).unwrap_or(""));
        }
        out
    }
}
