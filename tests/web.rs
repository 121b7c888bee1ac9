//! Browser tests: wasm-bindgen-test in headless Chromium, against the real localStorage.
//! Run: `cargo test --target wasm32-unknown-unknown --test web` (scripts/test.sh does).
#![cfg(target_arch = "wasm32")]

use referee::record::{sample, schema, Entry, HandInput, Op};
use referee::rules::shengji::Hand;
use referee::store;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn ls() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn clear() {
    ls().clear().unwrap();
}

#[wasm_bindgen_test]
fn a_match_written_through_the_store_survives_a_fresh_read() {
    clear();
    let m = sample::shengji_sample(1_700_000_000_000.0);
    store::save_match(&m).unwrap();
    // A fresh read goes back to localStorage text, through the full validation.
    let raw = ls().get_item(&store::match_key(&m.id)).unwrap().unwrap();
    assert!(raw.contains("\"schema_version\":1"));
    assert_eq!(store::read_match(&m.id).unwrap(), Some(m.clone()));
    let (all, bad) = store::load_all(0.0);
    assert_eq!(all, vec![m]);
    assert!(bad.is_empty());
}

#[wasm_bindgen_test]
fn a_malformed_value_is_reported_and_kept_aside() {
    clear();
    let good = sample::shengji_sample(1_700_000_000_000.0);
    store::save_match(&good).unwrap();
    ls().set_item("referee.match.broken", "{\"schema_version\":1,\"app\":\"referee\",").unwrap();
    ls().set_item("referee.match.foreign", "{\"hello\":\"world\"}").unwrap();
    let (all, bad) = store::load_all(42.0);
    assert_eq!(all.len(), 1, "the good match still loads");
    assert_eq!(bad.len(), 2);
    for q in &bad {
        assert_ne!(q.moved_to, q.key, "moved aside");
        let kept = ls().get_item(&q.moved_to).unwrap();
        assert!(kept.is_some(), "the raw value is kept, not dropped");
        assert!(ls().get_item(&q.key).unwrap().is_none());
        assert!(!q.error.is_empty());
    }
    assert_eq!(store::quarantined().len(), 2);
}

#[wasm_bindgen_test]
fn append_keeps_entries_written_by_another_tab() {
    clear();
    let m = sample::shengji_sample(1_700_000_000_000.0);
    store::save_match(&m).unwrap();
    let hand = |p| Op::Hand { hand: HandInput::Shengji(Hand { points: p, ..Default::default() }) };
    // Tab 1 appends from its (stale) copy…
    let tab1 = store::append_entry(&m, Entry { id: "tab1".into(), at_ms: 1.8e12, op: hand(40) }).unwrap();
    // …tab 2 still holds the old copy and appends too: tab 1's entry must survive.
    let tab2 = store::append_entry(&m, Entry { id: "tab2".into(), at_ms: 1.8e12 + 1.0, op: hand(60) }).unwrap();
    assert_eq!(tab2.entries.len(), m.entries.len() + 2);
    assert!(tab2.entries.iter().any(|e| e.id == "tab1"));
    assert_eq!(tab1.entries.len(), m.entries.len() + 1);
    let stored = store::read_match(&m.id).unwrap().unwrap();
    assert_eq!(stored, tab2);
}

#[wasm_bindgen_test]
fn an_invalid_entry_changes_nothing_stored() {
    clear();
    let m = sample::shengji_sample(1_700_000_000_000.0);
    store::save_match(&m).unwrap();
    let before = ls().get_item(&store::match_key(&m.id)).unwrap();
    let bad = Op::Hand { hand: HandInput::Shengji(Hand { points: 83, ..Default::default() }) };
    let err = store::append_entry(&m, Entry { id: "bad".into(), at_ms: 1.8e12, op: bad }).unwrap_err();
    assert!(err.to_string().contains("points"), "{err}");
    assert_eq!(ls().get_item(&store::match_key(&m.id)).unwrap(), before);
}

#[wasm_bindgen_test]
fn a_full_storage_is_reported_as_full_and_keeps_what_was_saved() {
    clear();
    let m = sample::shengji_sample(1_700_000_000_000.0);
    store::save_match(&m).unwrap();
    // Fill localStorage to its quota with filler.
    let chunk = "x".repeat(512 * 1024);
    let mut i = 0;
    while ls().set_item(&format!("filler.{i}"), &chunk).is_ok() {
        i += 1;
        assert!(i < 200, "quota never reached");
    }
    let mut small = "y".repeat(64 * 1024);
    let mut k = 0;
    while !small.is_empty() {
        k += 1;
        if ls().set_item(&format!("filler.s{k}"), &small).is_err() {
            small.truncate(small.len() / 2);
        }
    }
    let hand = Op::Hand { hand: HandInput::Shengji(Hand { points: 40, ..Default::default() }) };
    let big_note = Entry { id: "full".into(), at_ms: 1.8e12, op: hand };
    let r = store::append_entry(&m, big_note);
    assert_eq!(r.unwrap_err(), store::StoreError::Full);
    assert_eq!(store::read_match(&m.id).unwrap(), Some(m), "what was saved is intact");
    clear();
}

#[wasm_bindgen_test]
fn export_then_import_round_trips_in_the_browser() {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let text = schema::export(std::slice::from_ref(&m), 1.0);
    assert_eq!(schema::parse_import(&text).unwrap(), vec![m]);
}
