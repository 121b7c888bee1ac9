//! Browser tests: wasm-bindgen-test in headless Chromium, against the real localStorage.
//! Run: `cargo test --target wasm32-unknown-unknown --test web` (scripts/test.sh does).
#![cfg(target_arch = "wasm32")]

use referee::record::index::{Fingerprint, Row};
use referee::record::{sample, schema, Entry, HandInput, Match, Op};
use referee::rules::shengji::Hand;
use referee::store;
use wasm_bindgen_test::*;

/// A reason in plain words, for a value put in the quarantine by a test.
fn why(reason: &str) -> schema::ImportError {
    schema::ImportError { field: String::new(), reason: reason.into(), msg: None }
}

wasm_bindgen_test_configure!(run_in_browser);

fn ls() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

fn clear() {
    ls().clear().unwrap();
    store::forget_session();
}

/// A clean storage holding the 升级 sample match (returned as stored).
fn stored_sample() -> Match {
    clear();
    let m = sample::shengji_sample(1_700_000_000_000.0);
    store::save_match(&m).unwrap();
    m
}

#[wasm_bindgen_test]
fn a_match_written_through_the_store_survives_a_fresh_read() {
    let m = stored_sample();
    // A fresh read goes back to localStorage text, through the full validation.
    let raw = ls().get_item(&store::match_key(&m.id)).unwrap().unwrap();
    assert!(raw.contains(&format!("\"schema_version\":{}", schema::SCHEMA_VERSION)));
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
        assert!(!q.error.to_string().is_empty());
    }
    assert_eq!(store::quarantined().len(), 2);
}

#[wasm_bindgen_test]
fn unreadable_settings_are_moved_aside_and_reported_not_written_over() {
    clear();
    let bad = "{\"lang\":7,\"archived\":[\"m1\"]}";
    ls().set_item(store::SETTINGS_KEY, bad).unwrap();
    assert_eq!(store::settings(), store::Settings::default(), "the defaults stand in");
    let moved = store::take_moved();
    assert_eq!(moved.len(), 1, "reported");
    assert_eq!(moved[0].key, store::SETTINGS_KEY);
    assert!(moved[0].error.to_string().contains("lang"), "names the field: {}", moved[0].error);
    assert_eq!(ls().get_item(&moved[0].moved_to).unwrap().as_deref(), Some(bad), "kept as it was");
    // The next save writes the defaults, and the value moved aside is still there.
    store::save_settings(&store::settings()).unwrap();
    assert_eq!(ls().get_item(&moved[0].moved_to).unwrap().as_deref(), Some(bad));
    assert_eq!(store::quarantined().len(), 1);
    assert!(store::take_moved().is_empty(), "reported once");
}

#[wasm_bindgen_test]
fn append_keeps_entries_written_by_another_tab() {
    let m = stored_sample();
    let hand = |p| Op::Hand { hand: HandInput::Shengji(Hand { points: p, ..Default::default() }) };
    // Tab 1 appends from its (stale) copy…
    let tab1 = store::append_entry(&m, Entry { after: None, id: "tab1".into(), at_ms: 1.8e12, op: hand(40) }).unwrap();
    // …tab 2 still holds the old copy and appends too: tab 1's entry must survive.
    let tab2 =
        store::append_entry(&m, Entry { after: None, id: "tab2".into(), at_ms: 1.8e12 + 1.0, op: hand(60) }).unwrap();
    assert_eq!(tab2.entries.len(), m.entries.len() + 2);
    assert!(tab2.entries.iter().any(|e| e.id == "tab1"));
    assert_eq!(tab1.entries.len(), m.entries.len() + 1);
    let stored = store::read_match(&m.id).unwrap().unwrap();
    assert_eq!(stored, tab2);
}

fn hand(p: i32) -> Op {
    Op::Hand { hand: HandInput::Shengji(Hand { points: p, ..Default::default() }) }
}

fn overrun() -> Op {
    Op::Overrun { seat: referee::rules::Seat::N, action: referee::record::TimedAction::Play, seconds: 5 }
}

#[wasm_bindgen_test]
fn commits_go_to_the_tail_and_the_whole_match_is_written_every_tail_max_entries() {
    let m = stored_sample();
    let head = ls().get_item(&store::match_key(&m.id)).unwrap();
    let mut cur = m.clone();
    for i in 0..store::TAIL_MAX {
        cur = store::append_entry(
            &cur,
            Entry { after: None, id: format!("t{i}"), at_ms: 1.8e12 + i as f64, op: overrun() },
        )
        .unwrap();
        // Only the tail was written; a fresh read joins both.
        assert_eq!(ls().get_item(&store::match_key(&m.id)).unwrap(), head);
        let tail = schema::parse_tail(&ls().get_item(&store::tail_key(&m.id)).unwrap().unwrap()).unwrap();
        assert_eq!((tail.from, tail.entries.len()), (m.entries.len(), i + 1));
        assert_eq!(store::read_match(&m.id).unwrap().as_ref(), Some(&cur));
    }
    // The tail is full: the next commit writes the whole match and drops the tail.
    cur = store::append_entry(&cur, Entry { after: None, id: "last".into(), at_ms: 1.9e12, op: overrun() }).unwrap();
    assert!(ls().get_item(&store::tail_key(&m.id)).unwrap().is_none());
    assert_eq!(schema::load_stored(&ls().get_item(&store::match_key(&m.id)).unwrap().unwrap()).unwrap(), cur);
    let (all, bad) = store::load_all(0.0);
    assert_eq!((all, bad.len()), (vec![cur], 0));
}

#[wasm_bindgen_test]
fn a_tail_changed_by_another_writer_is_read_before_appending() {
    let m = stored_sample();
    let mine = store::append_entry(&m, Entry { after: None, id: "mine1".into(), at_ms: 1.8e12, op: hand(40) }).unwrap();
    // Another tab appends to the tail behind this tab's back…
    let other = Entry { after: None, id: "other".into(), at_ms: 1.8e12 + 1.0, op: hand(60) };
    let tail = schema::store_tail(&m.id, m.entries.len(), &[mine.entries.last().unwrap().clone(), other]);
    ls().set_item(&store::tail_key(&m.id), &tail).unwrap();
    // …this tab's next commit, from its own copy, keeps that entry.
    let after = store::append_entry(&mine, Entry { after: None, id: "mine2".into(), at_ms: 1.8e12 + 2.0, op: hand(0) })
        .unwrap();
    let ids: Vec<&str> = after.entries.iter().rev().take(3).map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["mine2", "other", "mine1"]);
    assert_eq!(store::read_match(&m.id).unwrap(), Some(after));
}

#[wasm_bindgen_test]
fn an_entry_another_tab_wrote_over_is_put_back() {
    let m = stored_sample();
    let mine = store::append_entry(&m, Entry { after: None, id: "mine".into(), at_ms: 1.8e12, op: hand(40) }).unwrap();
    // The other tab, from a copy without "mine", writes its own entry over it.
    let theirs = Entry { after: None, id: "theirs".into(), at_ms: 1.8e12 + 1.0, op: hand(60) };
    ls().set_item(&store::tail_key(&m.id), &schema::store_tail(&m.id, m.entries.len(), &[theirs])).unwrap();
    let (mut all, bad) = store::load_all(0.0);
    assert!(bad.is_empty());
    assert!(!all[0].entries.iter().any(|e| e.id == "mine"));
    // This tab hears the storage event: its entry is appended again after theirs.
    assert!(store::restore_lost(&mut all).is_empty());
    let ids: Vec<&str> = all[0].entries.iter().rev().take(2).map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["mine", "theirs"]);
    assert_eq!(store::read_match(&m.id).unwrap().as_ref(), Some(&all[0]));
    assert_eq!(all[0].entries.len(), mine.entries.len() + 1);
    // Nothing to do once it is there.
    let before = all.clone();
    assert!(store::restore_lost(&mut all).is_empty());
    assert_eq!(all, before);
}

/// Sample + 85: the next hand of 40 wins the game for the attackers (record tests).
fn sample_one_hand_from_the_end() -> Match {
    let m = stored_sample();
    store::append_entry(&m, Entry { after: None, id: "h85".into(), at_ms: 1.8e12, op: hand(85) }).unwrap()
}

#[wasm_bindgen_test]
fn a_stale_tab_cannot_add_a_hand_after_another_tab_won_the_game() {
    let m = sample_one_hand_from_the_end();
    // Another tab enters the winning hand behind this tab's back…
    let won = Entry { after: None, id: "won".into(), at_ms: 1.8e12 + 1.0, op: hand(40) };
    let tail = schema::store_tail(&m.id, m.entries.len() - 1, &[m.entries.last().unwrap().clone(), won]);
    ls().set_item(&store::tail_key(&m.id), &tail).unwrap();
    let before = app_values();
    // …this tab, whose page still shows the form, commits a hand checked on its own copy:
    // refused (it would come after the game was won), nothing written.
    let err = store::append_entry(&m, Entry { after: None, id: "late".into(), at_ms: 1.8e12 + 2.0, op: hand(85) })
        .unwrap_err();
    match err {
        store::StoreError::Invalid(e) => {
            assert_eq!(e.field, referee::record::NOT_PLAYABLE);
            assert!(e.reason.contains("game over"), "{}", e.reason);
        }
        e => panic!("expected Invalid, got {e:?}"),
    }
    assert_eq!(app_values(), before);
    // What is stored still reads back, with the other tab's hand.
    let (all, bad) = store::load_all(0.0);
    assert!(bad.is_empty());
    assert_eq!(all[0].entries.last().unwrap().id, "won");
}

#[wasm_bindgen_test]
fn an_entry_put_back_after_another_tab_won_the_game_is_reported_not_stored() {
    let m = sample_one_hand_from_the_end();
    // Both tabs enter the winning hand at the same moment; the other tab's write wins.
    store::append_entry(&m, Entry { after: None, id: "mine".into(), at_ms: 1.8e12 + 1.0, op: hand(40) }).unwrap();
    let theirs = Entry { after: None, id: "theirs".into(), at_ms: 1.8e12 + 2.0, op: hand(40) };
    let tail = schema::store_tail(&m.id, m.entries.len() - 1, &[m.entries.last().unwrap().clone(), theirs]);
    ls().set_item(&store::tail_key(&m.id), &tail).unwrap();
    let (mut all, bad) = store::load_all(0.0);
    assert!(bad.is_empty());
    let before = app_values();
    // On the storage event this tab would put its hand back after theirs — after the
    // game was won: reported instead, and the stored match still reads back.
    let failed = store::restore_lost(&mut all);
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0].1, "mine");
    assert!(failed[0].2.contains("game over"), "{}", failed[0].2);
    assert_eq!(app_values(), before);
    assert_eq!(all[0].entries.last().unwrap().id, "theirs");
    let (again, bad) = store::load_all(0.0);
    assert!(bad.is_empty());
    assert_eq!(again, all);
}

#[wasm_bindgen_test]
fn a_commit_keeps_aside_another_match_found_under_the_key() {
    let m = stored_sample();
    let mut other = m.clone();
    other.id = "another-match".into();
    ls().set_item(&store::match_key(&m.id), &schema::store_match(&other)).unwrap();
    let saved = store::append_entry(&m, Entry { after: None, id: "n1".into(), at_ms: 1.8e12, op: hand(40) }).unwrap();
    assert_eq!(saved.id, m.id);
    let moved = store::take_moved();
    assert_eq!(moved.len(), 1, "{moved:?}");
    let kept = ls().get_item(&moved[0].moved_to).unwrap().unwrap();
    assert!(kept.contains("another-match"), "the other match is kept, not overwritten");
    assert_eq!(store::read_match(&m.id).unwrap(), Some(saved));
}

#[wasm_bindgen_test]
fn a_bad_or_orphan_tail_is_kept_aside_and_the_match_still_loads() {
    let m = stored_sample();
    ls().set_item(&store::tail_key(&m.id), "{\"schema_version\":2,\"app\":\"referee\",\"kind\":\"tail\"").unwrap();
    ls().set_item(&store::tail_key("gone"), &schema::store_tail("gone", 0, &[])).unwrap();
    let (all, bad) = store::load_all(7.0);
    assert_eq!(all, vec![m.clone()], "the match loads without its unreadable tail");
    assert_eq!(bad.len(), 2, "{bad:?}");
    for q in &bad {
        assert!(q.key.starts_with(store::TAIL_PREFIX));
        assert!(ls().get_item(&q.moved_to).unwrap().is_some(), "kept, not dropped");
        assert!(ls().get_item(&q.key).unwrap().is_none());
    }
    // Commits go on.
    let next = store::append_entry(&m, Entry { after: None, id: "n1".into(), at_ms: 1.8e12, op: hand(40) }).unwrap();
    assert_eq!(store::read_match(&m.id).unwrap(), Some(next));
}

#[wasm_bindgen_test]
fn an_invalid_entry_changes_nothing_stored() {
    let m = stored_sample();
    store::append_entry(&m, Entry { after: None, id: "ok".into(), at_ms: 1.8e12, op: hand(40) }).unwrap();
    let m = store::read_match(&m.id).unwrap().unwrap();
    let before = (ls().get_item(&store::match_key(&m.id)).unwrap(), ls().get_item(&store::tail_key(&m.id)).unwrap());
    assert!(before.1.is_some());
    let bad = Op::Hand { hand: HandInput::Shengji(Hand { points: 83, ..Default::default() }) };
    let err =
        store::append_entry(&m, Entry { after: None, id: "bad".into(), at_ms: 1.8e12 + 1.0, op: bad }).unwrap_err();
    assert!(err.to_string().contains("points"), "{err}");
    assert_eq!(
        (ls().get_item(&store::match_key(&m.id)).unwrap(), ls().get_item(&store::tail_key(&m.id)).unwrap()),
        before
    );
}

#[wasm_bindgen_test]
fn a_full_storage_is_reported_as_full_and_keeps_what_was_saved() {
    let m = stored_sample();
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
    let big_note = Entry { after: None, id: "full".into(), at_ms: 1.8e12, op: hand };
    let r = store::append_entry(&m, big_note);
    assert_eq!(r.unwrap_err(), store::StoreError::Full);
    assert_eq!(store::read_match(&m.id).unwrap(), Some(m), "what was saved is intact");
    clear();
}

// ---- the home list's index rows ---------------------------------------------------------

/// A summary line that says which version of the match it was made from.
fn summarize_entries() {
    store::set_summarizer(Some(std::rc::Rc::new(|m: &Match| {
        Some(("zh-CN".into(), format!("{} entries", m.entries.len())))
    })));
}

fn stored_row(id: &str) -> Option<Row> {
    ls().get_item(&store::index_key(id)).unwrap().and_then(|t| Row::parse(&t))
}

/// Whether match `id`'s stored row is fresh for its value and tail as stored now.
fn row_fresh(id: &str) -> bool {
    let head = ls().get_item(&store::match_key(id)).unwrap().unwrap();
    let tail = ls().get_item(&store::tail_key(id)).unwrap();
    stored_row(id).is_some_and(|r| r.fresh(id, &Fingerprint::of(&head, tail.as_deref()), "zh-CN"))
}

/// The 升级 sample (stored, with its row) and a second match under another id, one
/// entry newer.
fn two_stored() -> (Match, Match) {
    clear();
    summarize_entries();
    let a = sample::shengji_sample(1_700_000_000_000.0);
    store::save_match(&a).unwrap();
    let mut b = a.clone();
    b.id = "second".into();
    b.title = "第二场".into();
    b.entries.push(Entry { after: None, id: "b-last".into(), at_ms: a.updated_ms() + 1.0, op: overrun() });
    store::save_match(&b).unwrap();
    (a, b)
}

#[wasm_bindgen_test]
fn the_list_comes_from_the_rows_and_the_matches_are_read_after_it() {
    let (a, b) = two_stored();
    let row = stored_row(&a.id).expect("saving writes the row");
    assert_eq!(row.summary.as_deref(), Some(format!("{} entries", a.entries.len()).as_str()));
    store::forget_session();
    let start = store::list_start("zh-CN", 1.0);
    let ids: Vec<&str> = start.rows.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["second", a.id.as_str()], "newest first, as load_all");
    assert_eq!(start.rows[1], row);
    assert!(!start.loader.done(), "both rows were fresh: nothing read yet");
    let (all, bad) = start.loader.finish();
    assert_eq!((all, bad.len()), (vec![b, a], 0));
}

#[wasm_bindgen_test]
fn a_missing_unreadable_or_stale_row_is_made_again_when_the_match_is_read() {
    let (a, b) = two_stored();
    let b_row = stored_row(&b.id).unwrap();
    // Another writer (an older build, another device's file written by hand) appended a
    // hand to the sample without touching its row; the second match's row is gone…
    let mut a2 = a.clone();
    a2.entries.push(Entry { after: None, id: "behind".into(), at_ms: 1.9e12, op: hand(40) });
    ls().set_item(&store::match_key(&a.id), &schema::store_match(&a2)).unwrap();
    ls().remove_item(&store::index_key(&b.id)).unwrap();
    store::forget_session();
    // …so neither is listed from its row: no match is read to draw the first list (the
    // code that reads matches is not needed for it), both are listed once read.
    let start = store::list_start("zh-CN", 1.0);
    assert!(start.rows.is_empty(), "no fresh row: nothing listed before the matches are read");
    assert!(!start.loader.done(), "nothing read yet");
    let a2_line = format!("{} entries", a2.entries.len());
    let (all, bad) = start.loader.finish();
    assert_eq!((all, bad.len()), (vec![a2.clone(), b.clone()], 0));
    // …and both rows are stored again, fresh for what is stored.
    assert_eq!(stored_row(&b.id), Some(b_row));
    assert_eq!(stored_row(&a.id).unwrap().summary.as_deref(), Some(a2_line.as_str()));
    assert!(row_fresh(&a.id) && row_fresh(&b.id));

    // A row that does not read, one of another language, and one written for other
    // lengths are made again too.
    ls().set_item(&store::index_key(&a.id), "{\"v\":1,").unwrap();
    let mut other_fp = stored_row(&b.id).unwrap();
    other_fp.fp = Fingerprint::new(1, None);
    other_fp.summary = Some("谎报".into());
    ls().set_item(&store::index_key(&b.id), &other_fp.to_text()).unwrap();
    store::forget_session();
    let start = store::list_start("zh-CN", 1.0);
    assert!(start.rows.iter().all(|r| r.summary.as_deref() != Some("谎报")));
    assert!(start.rows.is_empty(), "neither row is fresh");
    let (all, _) = start.loader.finish();
    assert_eq!(all, vec![a2.clone(), b.clone()]);
    assert_eq!(stored_row(&a.id).unwrap().entries, a2.entries.len());
    assert!(row_fresh(&a.id) && row_fresh(&b.id), "both rows made again");
    store::forget_session();
    let start = store::list_start("en", 1.0);
    assert!(start.rows.is_empty(), "rows in another language are not used, and made again");
    assert!(!start.loader.done());
}

#[wasm_bindgen_test]
fn a_row_that_lies_is_corrected_when_the_matches_are_read() {
    let (a, b) = two_stored();
    // A row with the right lengths but another summary (an earlier build's wording).
    let mut lie = stored_row(&a.id).unwrap();
    lie.summary = Some("旧的摘要".into());
    ls().set_item(&store::index_key(&a.id), &lie.to_text()).unwrap();
    store::forget_session();
    let start = store::list_start("zh-CN", 1.0);
    assert_eq!(start.rows[1].summary.as_deref(), Some("旧的摘要"), "shown until the matches are read");
    let (all, bad) = start.loader.finish();
    assert_eq!((all, bad.len()), (vec![b, a.clone()], 0));
    assert_eq!(stored_row(&a.id).unwrap().summary, Some(format!("{} entries", a.entries.len())));
}

#[wasm_bindgen_test]
fn a_corrupt_match_is_still_kept_aside_and_reported_whatever_its_row_says() {
    let (a, b) = two_stored();
    // The second match's value replaced by text of the same length that is not a match:
    // its row still looks fresh, so the list shows it first…
    let text = ls().get_item(&store::match_key(&b.id)).unwrap().unwrap();
    let garbage: String = "x".repeat(text.encode_utf16().count());
    ls().set_item(&store::match_key(&b.id), &garbage).unwrap();
    // …and the sample's value is cut short (another length: its row is stale).
    let a_text = ls().get_item(&store::match_key(&a.id)).unwrap().unwrap();
    let cut: String = a_text.chars().take(a_text.chars().count() / 2).collect();
    ls().set_item(&store::match_key(&a.id), &cut).unwrap();
    store::forget_session();
    let start = store::list_start("zh-CN", 5.0);
    assert_eq!(start.rows.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), ["second"]);
    // Reading the matches after the list finds both: kept aside, reported.
    let (all, bad) = start.loader.finish();
    assert!(all.is_empty());
    assert_eq!(bad.len(), 2, "the stale one and the one whose row looked fresh");
    let mut keys: Vec<&str> = bad.iter().map(|q| q.key.as_str()).collect();
    keys.sort();
    let mut want = [store::match_key(&a.id), store::match_key(&b.id)];
    want.sort();
    assert_eq!(keys, want.iter().map(String::as_str).collect::<Vec<_>>());
    for q in &bad {
        assert!(ls().get_item(&q.moved_to).unwrap().is_some(), "kept, not dropped");
        assert!(stored_row(q.key.strip_prefix(store::MATCH_PREFIX).unwrap()).is_none(), "its row is gone");
    }
    let b_bad = bad.iter().find(|q| q.key == store::match_key(&b.id)).unwrap();
    assert_eq!(ls().get_item(&b_bad.moved_to).unwrap(), Some(garbage));
}

#[wasm_bindgen_test]
fn a_commit_leaves_its_row_due_and_the_due_rows_are_written_later() {
    let (a, _) = two_stored();
    assert!(row_fresh(&a.id));
    let before = ls().get_item(&store::index_key(&a.id)).unwrap();
    let next = store::append_entry(&a, Entry { after: None, id: "n1".into(), at_ms: 1.8e12, op: hand(40) }).unwrap();
    assert_eq!(ls().get_item(&store::index_key(&a.id)).unwrap(), before, "a commit does not write the row");
    assert!(!row_fresh(&a.id), "so it is stale: the next start makes it again");
    // Written when the page asks (the home list drawn, the page hidden), for the version
    // this tab wrote.
    store::write_due_rows(std::slice::from_ref(&next));
    assert!(row_fresh(&a.id));
    assert_eq!(stored_row(&a.id).unwrap().summary, Some(format!("{} entries", next.entries.len())));
    // A row written for a version that another writer has replaced since is stale.
    let next =
        store::append_entry(&next, Entry { after: None, id: "n2".into(), at_ms: 1.8e12 + 1.0, op: hand(40) }).unwrap();
    let mut other = next.clone();
    other.entries.push(Entry { after: None, id: "other".into(), at_ms: 1.9e12, op: overrun() });
    ls().set_item(&store::match_key(&a.id), &schema::store_match(&other)).unwrap();
    ls().remove_item(&store::tail_key(&a.id)).unwrap();
    store::write_due_rows(std::slice::from_ref(&next));
    assert!(!row_fresh(&a.id));
    store::forget_session();
    let start = store::list_start("zh-CN", 1.0);
    // Not listed from its stale row; made again when the start's reading reads the match.
    assert!(start.rows.iter().all(|r| r.id != a.id));
    let (all, _) = start.loader.finish();
    assert!(all.iter().any(|m| m.id == a.id), "listed once read");
    assert!(row_fresh(&a.id), "made again at the start");
    assert_eq!(stored_row(&a.id).unwrap().summary, Some(format!("{} entries", other.entries.len())));
}

#[wasm_bindgen_test]
fn rows_follow_their_matches_out_and_orphans_go() {
    let (a, b) = two_stored();
    store::delete_match(&b.id);
    assert!(stored_row(&b.id).is_none(), "deleting a match deletes its row");
    // A row whose match is not stored (removed by hand) is not listed, and goes once the
    // matches are read; a match without a row is listed once read.
    ls().set_item(&store::index_key("ghost"), &stored_row(&a.id).unwrap().to_text()).unwrap();
    ls().remove_item(&store::index_key(&a.id)).unwrap();
    store::forget_session();
    let start = store::list_start("zh-CN", 1.0);
    assert!(start.rows.is_empty(), "neither the ghost nor the match without a row, before reading");
    let (all, _) = start.loader.finish();
    assert_eq!(all.iter().map(|m| m.id.as_str()).collect::<Vec<_>>(), [a.id.as_str()]);
    assert!(ls().get_item(&store::index_key("ghost")).unwrap().is_none());
    assert!(stored_row(&a.id).is_some());
}

#[wasm_bindgen_test]
fn export_then_import_round_trips_in_the_browser() {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let text = schema::export(std::slice::from_ref(&m), 1.0);
    assert_eq!(schema::parse_import(&text).unwrap(), vec![m]);
}

/// Everything this app stores, key by key.
fn app_values() -> Vec<(String, Option<String>)> {
    let mut ks: Vec<String> = store::keys().into_iter().filter(|k| k.starts_with(store::PREFIX)).collect();
    ks.sort();
    ks.into_iter()
        .map(|k| {
            let v = ls().get_item(&k).unwrap();
            (k, v)
        })
        .collect()
}

#[wasm_bindgen_test]
fn a_quarantined_match_value_is_restored_and_restoring_again_changes_nothing() {
    clear();
    // A tab of an older build set aside this build's value as "newer".
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let text = schema::store_match(&m);
    assert!(text.contains(&format!("\"schema_version\":{}", schema::SCHEMA_VERSION)));
    let q = store::quarantine(
        &store::match_key(&m.id),
        &text,
        why("schema_version: version 2 is newer than this app's 1"),
        5.0,
    );
    assert!(store::load_all(6.0).0.is_empty());
    let r = store::restore(&q.moved_to, &[]).unwrap();
    assert_eq!(r.matches, vec![m.clone()]);
    assert_eq!(r.report.added, vec![m.id.clone()]);
    assert_eq!(store::read_match(&m.id).unwrap(), Some(m.clone()));
    assert!(store::quarantined().is_empty(), "the quarantine key is removed");
    // The same value set aside again: restoring it merges nothing new.
    let q = store::quarantine("referee.match.copy", &text, why("another match under the key"), 7.0);
    let before = ls().get_item(&store::match_key(&m.id)).unwrap();
    let r = store::restore(&q.moved_to, std::slice::from_ref(&m)).unwrap();
    assert_eq!((r.matches, r.report.unchanged), (vec![m.clone()], vec![m.id.clone()]));
    assert_eq!(ls().get_item(&store::match_key(&m.id)).unwrap(), before);
    assert!(store::quarantined().is_empty());
}

#[wasm_bindgen_test]
fn a_quarantined_tail_is_merged_into_its_match() {
    clear();
    let mut m = sample::shengji_sample(1_700_000_000_000.0);
    // Written by a schema-2 build (its hands name no predecessor): with one, hand 10 of the
    // tail and the hand entered after hand 9 meanwhile would be a fork (the merge's tests).
    m.entries.iter_mut().for_each(|e| e.after = None);
    let n = m.entries.len();
    let mut head = m.clone();
    head.entries.truncate(n - 3);
    store::save_match(&head).unwrap();
    // Its tail was set aside, and the match went on without it.
    let tail = schema::store_tail(&m.id, n - 3, &m.entries[n - 3..]);
    let q = store::quarantine(&store::tail_key(&m.id), &tail, why("newer"), 5.0);
    let later =
        store::append_entry(&head, Entry { after: None, id: "later".into(), at_ms: 1.9e12, op: hand(40) }).unwrap();
    let r = store::restore(&q.moved_to, std::slice::from_ref(&later)).unwrap();
    assert_eq!(r.report.extended, vec![(m.id.clone(), 3)]);
    let mut want = m.entries.clone();
    want.push(later.entries.last().unwrap().clone());
    assert_eq!(r.matches[0].entries, want, "every entry kept, in time order");
    assert_eq!(store::read_match(&m.id).unwrap().as_ref(), Some(&r.matches[0]));
    assert!(store::quarantined().is_empty());
    // A tail whose match is not here is refused, naming why, and kept.
    let orphan = store::quarantine(&store::tail_key("gone"), &schema::store_tail("gone", 0, &[]), why("no match"), 6.0);
    let before = app_values();
    let err = store::restore(&orphan.moved_to, std::slice::from_ref(&r.matches[0])).unwrap_err();
    let store::StoreError::Invalid(e) = err else { panic!("{err}") };
    assert_eq!(e.field, "match_id", "{e}");
    assert_eq!(app_values(), before);
}

#[wasm_bindgen_test]
fn a_value_that_does_not_read_is_refused_and_kept() {
    let m = stored_sample();
    let garbage =
        store::quarantine("referee.match.broken", "{\"schema_version\":2,\"app\":\"referee\",", why("not JSON"), 5.0);
    let mut v: serde_json::Value = serde_json::from_str(&schema::store_match(&m)).unwrap();
    v["match"]["entries"][1]["op"]["hand"]["shengji"]["points"] = 83.into();
    let bad = store::quarantine("referee.match.bad", &v.to_string(), why("points"), 5.0);
    let newer = store::quarantine(
        "referee.match.newer",
        &schema::store_match(&m).replace(
            &format!("\"schema_version\":{}", schema::SCHEMA_VERSION),
            &format!("\"schema_version\":{}", schema::SCHEMA_VERSION + 1),
        ),
        why("newer"),
        5.0,
    );
    let before = app_values();
    for (q, field) in [(&garbage, ""), (&bad, "match.entries[1].op.hand.shengji.points"), (&newer, "schema_version")] {
        match store::restore(&q.moved_to, std::slice::from_ref(&m)) {
            Err(store::StoreError::Invalid(e)) => assert_eq!(e.field, field, "{e}"),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(app_values(), before, "nothing changed, every value still set aside");
    assert_eq!(store::quarantined().len(), 3);
}

/// Where a tab set `key`'s value aside (as [`store::quarantine`] names it), written
/// directly so that the stored value under `key` stays.
fn set_aside(key: &str, text: &str) -> String {
    let q = format!("{}5.{key}", store::QUARANTINE_PREFIX);
    ls().set_item(&q, text).unwrap();
    q
}

#[wasm_bindgen_test]
fn a_quarantined_copy_that_differs_is_merged_where_it_can_and_kept() {
    let m = stored_sample();
    // A copy with hand 11 at 65 points, other team names and one new hand.
    let mut copy = m.clone();
    let h11 = copy.entries.iter_mut().find(|e| e.id == "sample-h11").unwrap();
    let Op::Hand { hand: HandInput::Shengji(h) } = &mut h11.op else { panic!() };
    assert_ne!(h.points, 65);
    h.points = 65;
    let referee::record::Setup::Shengji(s) = &mut copy.setup else { panic!() };
    s.teams.insert(referee::rules::Team::A, "金队".into());
    copy.append(Entry { after: None, id: "new-hand".into(), at_ms: 1.9e12, op: hand(40) }).unwrap();
    let text = schema::store_match(&copy);
    let q = set_aside(&store::match_key(&m.id), &text);
    let r = store::restore(&q, std::slice::from_ref(&m)).unwrap();
    assert_eq!(r.report.conflicts, vec![(m.id.clone(), "sample-h11".to_string())]);
    assert_eq!(r.report.setup_differs, vec![m.id.clone()]);
    assert_eq!(r.report.extended, vec![(m.id.clone(), 1)]);
    assert!(r.kept, "not all of it applied: the value stays quarantined");
    // The new hand is merged; the local entry and set-up are kept…
    let mut want = m.clone();
    want.entries.push(copy.entries.last().unwrap().clone());
    assert_eq!(r.matches, vec![want.clone()]);
    assert_eq!(store::read_match(&m.id).unwrap(), Some(want.clone()));
    // …and the copy's version is still there, whole, to be downloaded.
    assert_eq!(store::quarantined_value(&q), Some(text));
    // Restoring it again changes nothing and still keeps it.
    let before = app_values();
    let r = store::restore(&q, std::slice::from_ref(&want)).unwrap();
    assert!(r.kept && r.report.extended.is_empty());
    assert_eq!(app_values(), before);
    // A copy that differs only in its title is kept too (nothing merged).
    let mut titled = want.clone();
    titled.title = "another title".into();
    let q2 = set_aside("referee.match.titled", &schema::store_match(&titled));
    let r = store::restore(&q2, std::slice::from_ref(&want)).unwrap();
    assert_eq!((r.kept, r.report.setup_differs.clone(), r.report.conflicts.len()), (true, vec![m.id.clone()], 0));
    assert_eq!(store::read_match(&m.id).unwrap(), Some(want));
    assert!(store::quarantined_value(&q2).is_some());
}

#[wasm_bindgen_test]
fn a_quarantined_copy_with_only_new_hands_is_restored_and_removed() {
    let m = stored_sample();
    let mut copy = m.clone();
    copy.append(Entry { after: None, id: "new-hand".into(), at_ms: 1.9e12, op: hand(40) }).unwrap();
    let q = set_aside(&store::match_key(&m.id), &schema::store_match(&copy));
    let r = store::restore(&q, std::slice::from_ref(&m)).unwrap();
    assert!(!r.kept && !r.report.left_out());
    assert_eq!(r.report.extended, vec![(m.id.clone(), 1)]);
    assert_eq!(store::read_match(&m.id).unwrap(), Some(copy));
    assert_eq!(store::quarantined_value(&q), None, "all of it is stored: the key is removed");
}

/// The sample stored with an entry inserted mid-log by time (as a restore or an import
/// does), and a tail another tab wrote against the match before it: from entry 10, which
/// is now the inserted entry.
fn sample_and_stale_tail(extra: &[Entry]) -> (referee::record::Match, String) {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let mut stored = m.clone();
    let at = stored.entries.iter().position(|e| e.id == "sample-h10").unwrap();
    let mid = Entry { after: None, id: "mid".into(), at_ms: stored.entries[at].at_ms - 1.0, op: overrun() };
    stored.entries.insert(at, mid);
    store::save_match(&stored).unwrap();
    let mut entries = m.entries[at..].to_vec();
    entries.extend_from_slice(extra);
    let tail = schema::store_tail(&m.id, at, &entries);
    assert!(
        schema::load_stored_parts(&schema::store_match(&stored), Some(&tail)).is_err(),
        "does not join by position"
    );
    (stored, set_aside(&store::tail_key(&m.id), &tail))
}

#[wasm_bindgen_test]
fn a_quarantined_tail_is_restored_by_entry_id_not_position() {
    clear();
    // Every entry of the tail is in the match: nothing changes, the key is removed.
    let (stored, q) = sample_and_stale_tail(&[]);
    let before = ls().get_item(&store::match_key(&stored.id)).unwrap();
    let r = store::restore(&q, std::slice::from_ref(&stored)).unwrap();
    assert_eq!((r.kept, r.report.unchanged.clone()), (false, vec![stored.id.clone()]));
    assert_eq!(r.matches, vec![stored.clone()]);
    assert_eq!(ls().get_item(&store::match_key(&stored.id)).unwrap(), before);
    assert_eq!(store::quarantined_value(&q), None);

    // One entry of the tail is missing: it is added (in time order), the key removed —
    // also when the caller does not hold the match (it is read from storage).
    clear();
    let new = Entry { after: None, id: "t-new".into(), at_ms: 1.9e12, op: hand(40) };
    let (stored, q) = sample_and_stale_tail(std::slice::from_ref(&new));
    let r = store::restore(&q, &[]).unwrap();
    assert_eq!((r.kept, r.report.extended.clone()), (false, vec![(stored.id.clone(), 1)]));
    let mut want = stored.clone();
    want.entries.push(new);
    assert_eq!(r.matches, vec![want.clone()]);
    assert_eq!(store::read_match(&stored.id).unwrap(), Some(want));
    assert_eq!(store::quarantined_value(&q), None);
}

// One commit per intent: the pure rules of `ui::intent`, over a fake clock.
mod intent {
    use referee::ui::intent::{Intent, Press, Undo, REPEAT_MS};
    use wasm_bindgen_test::*;

    /// A form the referee touched once, committed at t = 1000.
    fn committed() -> Intent {
        let mut i = Intent::default();
        i.touch();
        assert_eq!(i.press(1000.0), Press::Commit(1));
        i.finish(1, true, 1010.0);
        i
    }

    #[wasm_bindgen_test]
    fn a_touched_form_commits_once_and_its_repeats_store_nothing() {
        let mut i = committed();
        // A double tap (10 ms), two touch taps 120 ms apart, a burst that keeps going.
        assert_eq!(i.press(1020.0), Press::Ignore);
        assert_eq!(i.press(1130.0), Press::Ignore);
        assert_eq!(i.press(1130.0 + REPEAT_MS - 1.0), Press::Ignore, "the window slides with each ignored press");
        assert!(!i.touched(), "a stored commit leaves the form untouched");
    }

    #[wasm_bindgen_test]
    fn an_untouched_form_asks_and_a_press_while_asking_does_nothing() {
        let mut i = Intent::default();
        assert_eq!(i.press(0.0), Press::Ask(0));
        assert_eq!(i.press(50.0), Press::Ignore, "the question is open");
        i.finish(0, false, 3000.0); // declined
        assert_eq!(i.press(3100.0), Press::Ignore, "a tap queued behind the dialog");
        assert_eq!(i.press(4000.0), Press::Ask(0), "asked again later");
        i.finish(0, true, 4100.0); // confirmed and stored
        assert_eq!(i.press(4200.0), Press::Ignore);
        // After the window, the blank form after a commit asks again (it is not the referee's).
        assert_eq!(i.press(4200.0 + REPEAT_MS + 1.0), Press::Ask(0));
    }

    #[wasm_bindgen_test]
    fn after_a_commit_the_blank_form_asks_unless_touched() {
        let mut i = committed();
        assert_eq!(i.press(1010.0 + REPEAT_MS), Press::Ask(1));
        i.finish(1, false, 1600.0);
        // A touch is a new intent: it commits at once, even right after the previous press.
        i.touch();
        assert_eq!(i.press(1601.0), Press::Commit(2));
        i.finish(2, true, 1605.0);
        assert_eq!(i.press(1606.0), Press::Ignore);
    }

    #[wasm_bindgen_test]
    fn a_refused_commit_is_not_consumed_and_fresh_forms_ask() {
        let mut i = Intent::default();
        i.touch();
        assert_eq!(i.press(0.0), Press::Commit(1));
        i.finish(1, false, 5.0); // refused (storage full, the page's check): nothing stored
        assert_eq!(i.press(100.0), Press::Commit(1), "pressing again at once is a new try");
        i.finish(1, true, 110.0);
        assert_eq!(i.press(200.0), Press::Ignore, "once stored, a repeat is ignored");
        i.touch();
        i.fresh(); // the page loaded a hand to edit, or cancelled
        assert_eq!(i.press(2000.0), Press::Ask(2));
    }

    #[wasm_bindgen_test]
    fn a_press_queued_while_the_page_was_busy_is_a_repeat() {
        // Tapped at 1005, while the commit pressed at 1000 was still being stored (until 1010).
        let mut i = committed();
        assert_eq!(i.press(1005.0), Press::Ignore);
    }

    #[wasm_bindgen_test]
    fn undo_voids_the_entry_it_names_once_per_press() {
        let mut u = Undo::default();
        assert_eq!(u.press(Some("e9"), Some("e9"), 0.0), Some("e9".to_string()));
        u.finish("e9", true, 10.0);
        // Re-rendered at once: the button names e8 now; a double tap's second press is a repeat.
        assert_eq!(u.press(Some("e8"), Some("e8"), 130.0), None);
        assert_eq!(u.press(Some("e8"), Some("e8"), 130.0 + REPEAT_MS - 1.0), None, "the window slides");
        // Not yet re-rendered: the button still names e9, already voided by this button.
        assert_eq!(u.press(Some("e9"), Some("e8"), 5000.0), None);
        // A deliberate second undo, later: e8.
        assert_eq!(u.press(Some("e8"), Some("e8"), 6000.0), Some("e8".to_string()));
        u.finish("e8", false, 6010.0); // not saved
        assert_eq!(
            u.press(Some("e8"), Some("e8"), 6100.0),
            Some("e8".to_string()),
            "not voided: may be tried again at once"
        );
        u.finish("e8", true, 6110.0);
        assert_eq!(u.press(Some("e7"), Some("e7"), 6200.0), None);
        // A name the match no longer undoes (another tab undid it), or none: nothing.
        assert_eq!(u.press(Some("e6"), Some("e5"), 8000.0), None);
        assert_eq!(u.press(None, None, 9000.0), None);
    }
}
