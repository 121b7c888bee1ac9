#[test]
fn imported_bytes_must_be_utf8_and_the_first_bad_byte_is_named() {
    assert_eq!(import_utf8("{\"n\":\"王强\"}".as_bytes().to_vec()), Ok("{\"n\":\"王强\"}".to_string()));
    assert_eq!(import_utf8(b"\xEF\xBB\xBF{}".to_vec()), Ok("{}".to_string()));
    // "王" cut short after its first byte, right after the 6 bytes of `{"n":"`.
    let mut bad = b"{\"n\":\"".to_vec();
    bad.push(0xE7);
    bad.extend_from_slice("强\"}".as_bytes());
    assert_eq!(import_utf8(bad), Err(6));
    assert_eq!(import_utf8(vec![b'a', 0xFF]), Err(1));
    assert_eq!(import_utf8(b"\xEF\xBB\xBF\xC0".to_vec()), Err(3));
}

use super::*;
use crate::record::sample;

#[test]
fn shengji_forks_are_seen() {
    let base = sample::shengji_sample(1_700_000_000_000.0);
    let hand =
        |points| Op::Hand { hand: HandInput::Shengji(crate::rules::shengji::Hand { points, ..Default::default() }) };
    assert_forks_are_seen(&base, &hand(40), &hand(60));
}

#[test]
fn a_hand_names_the_hand_it_follows_and_old_entries_none() {
    let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
    let hand =
        |points| Op::Hand { hand: HandInput::Shengji(crate::rules::shengji::Hand { points, ..Default::default() }) };
    let put = |m: &mut Match, id: &str, op: Op| m.append(Entry { after: None, id: id.into(), at_ms: 1.0, op }).unwrap();
    put(&mut m, "c", Op::Clock { action: crate::record::ClockAction::Start, elapsed_ms: None });
    put(&mut m, "h1", hand(40));
    put(&mut m, "h2", hand(60));
    put(&mut m, "d2", Op::Void { target: "h2".into(), reason: String::new() });
    put(&mut m, "h2b", hand(85));
    let after: Vec<_> = m.entries.iter().map(|e| e.after.as_deref()).collect();
    assert_eq!(after, [None, Some(crate::record::START), Some("h1"), None, Some("h1")]);
    // An undo of the delete brings h2 back: the next hand follows h2b, the newest.
    put(&mut m, "u", Op::Void { target: "d2".into(), reason: String::new() });
    assert_eq!(m.predecessor(), "h2b");
    // Stored and read back as written; a schema-2 document (no `after`) still reads.
    assert_eq!(load_stored(&store_match(&m)).unwrap(), m);
    let old = store_match(&sample::shengji_sample(1.0)).replace("\"schema_version\":3", "\"schema_version\":2");
    let old = old.replace(",\"after\":\"^\"", "");
    let old = regex_free_strip_after(&old);
    let read = load_stored(&old).unwrap();
    assert!(read.entries.iter().all(|e| e.after.is_none()));
    // `after` only on entries that move the game on.
    let mut bad = m.clone();
    bad.entries[0].after = Some("h1".into());
    assert_eq!(validate_match(&bad).unwrap_err().field, "entries[0].after");
}

/// `text` without any `"after":"…"` member (a schema-2 document).
fn regex_free_strip_after(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("\"after\":\"") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 9..];
        let end = tail.find('"').unwrap();
        rest = tail[end + 1..].strip_prefix(',').unwrap_or(&tail[end + 1..]);
    }
    out.push_str(rest);
    out
}

#[test]
fn every_free_text_has_a_limit_named_by_its_path() {
    let mut m = sample::shengji_sample(1_700_000_000_000.0);
    validate_match(&m).unwrap();
    let long = "长".repeat(MAX_TEXT + 1);
    let mut bad = m.clone();
    let Setup::Shengji(s) = &mut bad.setup else { panic!("a 升级 sample") };
    s.preset.notes.push(long.clone());
    let k = s.preset.notes.len() - 1;
    let e = validate_match(&bad).unwrap_err();
    assert_eq!(e.field, format!("setup.preset.notes[{k}]"), "{e}");
    let mut bad = m.clone();
    let Setup::Shengji(s) = &mut bad.setup else { panic!() };
    s.preset.source = long.clone();
    assert_eq!(validate_match(&bad).unwrap_err().field, "setup.preset.source");
    // A hand's penalty note, at entry: refused, and nothing is appended.
    let mut hand = crate::rules::shengji::Hand { points: 40, ..Default::default() };
    hand.penalties.push(crate::rules::shengji::Penalty {
        team: crate::rules::Team::A,
        kind: "wrong_card".into(),
        cards: 1,
        unit: None,
        points: None,
        seat: None,
        trick: None,
        note: long,
    });
    let n = m.entries.len();
    let entry = |id: &str, hand| Entry {
        after: None,
        id: id.into(),
        at_ms: 1_700_000_100_000.0,
        op: Op::Hand { hand: HandInput::Shengji(hand) },
    };
    let err = m.append(entry("h-long", hand.clone())).unwrap_err();
    assert!(err.field.starts_with("op.hand"), "{err}");
    assert!(err.field.ends_with("penalties[0].note"), "{err}");
    assert_eq!(m.entries.len(), n);
    hand.penalties[0].note = "长".repeat(MAX_TEXT);
    m.append(entry("h-500", hand)).unwrap();
}

#[test]
fn store_and_load_round_trip() {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let text = store_match(&m);
    assert_eq!(load_stored(&text).unwrap(), m);
}

#[test]
fn splicing_an_entry_onto_a_stored_tail_equals_storing_the_longer_tail() {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let mut entries = m.entries.clone();
    // Text that JSON must escape.
    entries.push(Entry {
        after: None,
        id: "v-x".into(),
        at_ms: 9e12,
        op: Op::Void { target: entries[0].id.clone(), reason: "\"]}}\u{2028}\n\\".into() },
    });
    let id = "m-\"]}";
    let mut text = store_tail(id, 3, &[]);
    for k in 0..entries.len() {
        text = store_tail_appended(&text, &entries[k]).expect("a stored tail has the shape");
        assert_eq!(text, store_tail(id, 3, &entries[..=k]));
        assert_eq!(parse_tail(&text).unwrap().entries, entries[..=k]);
    }
    assert_eq!(store_tail_appended("{\"not\":\"stored\"}", &entries[0]), None);
}

#[test]
fn a_match_is_read_back_from_its_value_and_its_tail() {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let n = m.entries.len();
    assert!(n >= 6);
    let mut head = m.clone();
    head.entries.truncate(n - 4);
    // The tail built entry by entry by splicing equals the tail stored at once.
    let mut tail = store_tail(&m.id, n - 4, &[]);
    for e in &m.entries[n - 4..] {
        tail = store_tail_appended(&tail, e).unwrap();
    }
    assert_eq!(tail, store_tail(&m.id, n - 4, &m.entries[n - 4..]));
    assert_eq!(load_stored_parts(&store_match(&head), Some(&tail)).unwrap(), m);
    assert_eq!(load_stored_parts(&store_match(&m), None).unwrap(), m);
    // A whole-match write that stopped before its tail was removed: the overlap is read once.
    assert_eq!(load_stored_parts(&store_match(&m), Some(&tail)).unwrap(), m);
    // A version-1 value (before tails) still reads.
    let v1 = store_match(&m).replacen("\"schema_version\":2", "\"schema_version\":1", 1);
    assert_eq!(load_stored_parts(&v1, None).unwrap(), m);
    // Gaps, disagreements, another match, bad fields: refused, naming the field.
    head.entries.truncate(n - 6);
    let e = load_stored_parts(&store_match(&head), Some(&tail)).unwrap_err();
    assert_eq!(e.field, "tail.from", "{e}");
    let other = store_tail(&m.id, n - 4, &m.entries[n - 3..]);
    let e = load_stored_parts(&store_match(&m), Some(&other)).unwrap_err();
    assert_eq!(e.field, "tail.entries[0].id", "{e}");
    let e = load_stored_parts(&store_match(&m), Some(&store_tail("someone-else", 0, &[]))).unwrap_err();
    assert_eq!(e.field, "tail.match_id", "{e}");
    let mut v: Value = serde_json::from_str(&tail).unwrap();
    v["entries"][1]["op"]["hand"]["shengji"]["points"] = Value::from("eighty");
    let e = load_stored_parts(&store_match(&m), Some(&v.to_string())).unwrap_err();
    assert!(e.field.starts_with("tail.entries[1].op"), "{e}");
    let e = load_stored_parts(&store_match(&m), Some("{\"app\":\"referee\",")).unwrap_err();
    assert_eq!(e.field, "tail", "{e}");
}

proptest::proptest! {
    /// The one-pass check of a new entry gives what the full log index gives.
    #[test]
    fn checking_a_new_entry_equals_checking_it_with_the_full_index(
        ops in proptest::collection::vec((0u8..8, 0usize..40, 0i32..41), 1..40),
    ) {
        use crate::rules::shengji::Hand;
        let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
        for (i, (k, back, p)) in ops.into_iter().enumerate() {
            let ids: Vec<String> = m.entries.iter().map(|e| e.id.clone()).collect();
            let target = if ids.is_empty() { "none".to_string() } else { ids[back % ids.len()].clone() };
            let hand = HandInput::Shengji(Hand { points: p * 5 + (k as i32 % 2) * 3, ..Default::default() });
            let op = match k {
                0 | 1 => Op::Hand { hand },
                2 => Op::Correct { target, hand },
                3 => Op::Void { target, reason: String::new() },
                4 => Op::SignOff { referee: "r".into() },
                5 => Op::Reopen { reason: "x".into() },
                6 => Op::Overrun { seat: crate::rules::Seat::N, action: super::super::TimedAction::Play, seconds: 3 },
                _ => Op::Clock { action: super::super::ClockAction::Start, elapsed_ms: None },
            };
            // Sometimes an id already in the log.
            let id = if back % 7 == 0 && !ids.is_empty() { ids[back % ids.len()].clone() } else { format!("e{i}") };
            let e = Entry { after: None, id, at_ms: i as f64, op };
            let mut full = LogIndex::default();
            for x in &m.entries {
                full.push(x);
            }
            // The index kept entry by entry (voids of voids included) agrees with the
            // log's own view.
            proptest::prop_assert_eq!(&full.voided, &m.voided());
            proptest::prop_assert_eq!(full.locked, m.locked());
            // Plus the rule for new entries only: no correction of a deleted hand.
            let want = match &e.op {
                Op::Correct { target, .. } if full.voided.contains(target.as_str()) => {
                    Err(ie("op.target", format!("{target:?} is deleted: a correction of it would not count")))
                }
                _ => check_entry(&m, &full, &e),
            };
            proptest::prop_assert_eq!(check_new_entry(&m, &e), want.clone());
            if want.is_ok() {
                m.entries.push(e);
            }
        }
    }
}

#[test]
fn export_import_round_trip_and_idempotent_merge() {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let file = export(std::slice::from_ref(&m), 1.0);
    let got = parse_import(&file).unwrap();
    assert_eq!(got, vec![m.clone()]);
    let (changed, rep) = merge(std::slice::from_ref(&m), &got).unwrap();
    assert!(changed.is_empty());
    assert_eq!(rep.unchanged, vec![m.id.clone()]);
}

#[test]
fn errors_name_the_field() {
    let m = sample::shengji_sample(0.0);
    let mut v: Value = serde_json::from_str(&export(&[m], 0.0)).unwrap();
    v["matches"][0]["entries"][1]["op"]["hand"]["shengji"]["points"] = Value::from(83);
    let e = parse_import(&v.to_string()).unwrap_err();
    assert_eq!(e.field, "matches[0].entries[1].op.hand.shengji.points", "{e}");
    v["matches"][0]["entries"][1]["op"]["hand"]["shengji"]["points"] = Value::from("eighty");
    let e = parse_import(&v.to_string()).unwrap_err();
    assert!(e.field.starts_with("matches[0].entries[1].op"), "{e}");
}

#[test]
fn foreign_and_newer_files_are_refused() {
    assert_eq!(parse_import("[1,2]").unwrap_err().field, "");
    assert_eq!(parse_import(r#"{"app":"other"}"#).unwrap_err().field, "app");
    let e = parse_import(r#"{"app":"referee","schema_version":99,"kind":"export","matches":[]}"#).unwrap_err();
    assert!(e.reason.contains("newer"), "{e}");
    let big = " ".repeat(MAX_IMPORT_BYTES + 1);
    assert!(parse_import(&big).unwrap_err().reason.contains("limit"));
}

#[test]
fn migration_hook_upgrades_old_documents() {
    fn v0_to_v1(mut d: Value) -> Result<Value, ImportError> {
        // Version 0 (hypothetical) called the match list "games".
        let games = d.as_object_mut().unwrap().remove("games").ok_or_else(|| ie("games", "missing"))?;
        d["matches"] = games;
        Ok(d)
    }
    let doc = serde_json::json!({"schema_version": 0, "app": "referee", "kind": "export", "games": []});
    let out = migrate_with(doc, 1, &[Some(v0_to_v1)]).unwrap();
    assert_eq!(out["schema_version"], 1);
    assert!(out["matches"].is_array());
    let doc = serde_json::json!({"schema_version": 0});
    assert!(migrate_with(doc, 1, &[None]).is_err());
}

#[test]
fn locked_match_refuses_entries_until_reopened() {
    let mut m = sample::shengji_sample(0.0);
    let n = m.entries.len();
    m.append(Entry { after: None, id: "s1".into(), at_ms: 1.0, op: Op::SignOff { referee: "王".into() } }).unwrap();
    let hand = Op::Hand { hand: HandInput::Shengji(shengji::Hand { points: 40, ..Default::default() }) };
    assert!(m.append(Entry { after: None, id: "h-x".into(), at_ms: 2.0, op: hand.clone() }).is_err());
    m.append(Entry { after: None, id: "r1".into(), at_ms: 3.0, op: Op::Reopen { reason: "录入错误".into() } }).unwrap();
    m.append(Entry { after: None, id: "h-x".into(), at_ms: 4.0, op: hand }).unwrap();
    assert_eq!(m.entries.len(), n + 3);
}

#[test]
fn merge_adds_missing_entries_and_reports_conflicts() {
    let base = sample::shengji_sample(0.0);
    let mut a = base.clone();
    let mut b = base.clone();
    let h = |p| Op::Hand { hand: HandInput::Shengji(shengji::Hand { points: p, ..Default::default() }) };
    a.append(Entry { after: None, id: "x1".into(), at_ms: 9e12, op: h(40) }).unwrap();
    b.append(Entry { after: None, id: "x1".into(), at_ms: 9e12, op: h(60) }).unwrap();
    b.append(Entry { after: None, id: "x2".into(), at_ms: 9.1e12, op: h(60) }).unwrap();
    let (changed, rep) = merge(&[a], &[b]).unwrap();
    assert_eq!(rep.conflicts, vec![(base.id.clone(), "x1".to_string())]);
    assert_eq!(changed[0].entries.len(), base.entries.len() + 2);
    assert!(rep.setup_differs.is_empty() && rep.left_out());
}

/// The other device's clock is 10 minutes behind: its new hand and its correction of
/// this device's hand carry earlier times. Merged in the order they were entered
/// (after this device's log), not by time: the correction follows its hand, the new
/// hand is the last one.
#[test]
fn merge_keeps_the_order_entries_were_entered_in_not_the_clocks() {
    let h = |p| Op::Hand { hand: HandInput::Shengji(shengji::Hand { points: p, ..Default::default() }) };
    let mut here = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
    here.append(Entry { after: None, id: "h1".into(), at_ms: 1_000_000.0, op: h(40) }).unwrap();
    here.append(Entry { after: None, id: "h2".into(), at_ms: 1_100_000.0, op: h(60) }).unwrap();
    let mut there = here.clone();
    there
        .append(Entry {
            after: None,
            id: "c1".into(),
            at_ms: 500_000.0,
            op: Op::Correct { target: "h2".into(), hand: shengji_hand(70) },
        })
        .unwrap();
    there.append(Entry { after: None, id: "h3".into(), at_ms: 600_000.0, op: h(85) }).unwrap();
    let (changed, rep) = merge(std::slice::from_ref(&here), std::slice::from_ref(&there)).unwrap();
    assert_eq!(rep.extended, vec![("m".to_string(), 2)]);
    let ids: Vec<&str> = changed[0].entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["h1", "h2", "c1", "h3"]);
    assert_eq!(changed[0], there);
    // A time no date can have is refused when the file is read, naming it.
    let mut bad = there.clone();
    bad.entries.push(Entry { after: None, id: "h4".into(), at_ms: 1e308, op: h(0) });
    let err = parse_import(&export(&[bad], 1.0)).unwrap_err();
    assert!(err.field.ends_with("entries[4].at_ms"), "{err}");
}

/// A file whose new hand does not fit this device's log (the game was won here by
/// another hand before it) is left out and named, with the entries the file has after
/// it (they were entered after it); the report says something was left out.
#[test]
fn an_entry_that_does_not_fit_is_left_out_with_what_follows_it() {
    let h = |p| Op::Hand { hand: shengji_hand(p) };
    let mut base = sample::shengji_sample(0.0);
    base.append(Entry { after: None, id: "h85".into(), at_ms: 1e12, op: h(85) }).unwrap();
    let mut here = base.clone();
    here.append(Entry { after: None, id: "won".into(), at_ms: 1.1e12, op: h(40) }).unwrap();
    let mut there = base.clone();
    there.append(Entry { after: None, id: "theirs".into(), at_ms: 1.15e12, op: h(85) }).unwrap();
    let overrun = Op::Overrun { seat: crate::rules::Seat::N, action: super::super::TimedAction::Play, seconds: 5 };
    there.append(Entry { after: None, id: "o1".into(), at_ms: 1.2e12, op: overrun }).unwrap();
    // Entered by a schema-2 build, which names no predecessor (with one, "theirs" and
    // "won" follow the same hand: a fork, shengji_forks_are_seen).
    there.entries.iter_mut().skip(base.entries.len()).for_each(|e| e.after = None);
    let (changed, rep) = merge(std::slice::from_ref(&here), std::slice::from_ref(&there)).unwrap();
    assert!(changed.is_empty());
    assert_eq!(rep.unchanged, vec![here.id.clone()]);
    let got: Vec<(&str, &str)> = rep.not_fitting.iter().map(|(_, e, why)| (e.as_str(), why.as_str())).collect();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].0, "theirs");
    assert!(got[0].1.contains("game over"), "{}", got[0].1);
    assert_eq!(got[1], ("o1", "after \"theirs\", which does not fit"));
    assert!(rep.left_out());
}

/// Two devices correct the same hand, each its own way, and sync both ways: they end
/// with the same log (the later correction in force on both), whichever imports first.
#[test]
fn two_devices_that_sync_both_ways_end_with_the_same_log() {
    let mut base = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
    base.append(Entry { after: None, id: "h1".into(), at_ms: 1_000.0, op: Op::Hand { hand: shengji_hand(40) } })
        .unwrap();
    let (mut a, mut b) = (base.clone(), base.clone());
    a.append(Entry {
        after: None,
        id: "ca".into(),
        at_ms: 2_000.0,
        op: Op::Correct { target: "h1".into(), hand: shengji_hand(60) },
    })
    .unwrap();
    b.append(Entry {
        after: None,
        id: "cb".into(),
        at_ms: 3_000.0,
        op: Op::Correct { target: "h1".into(), hand: shengji_hand(70) },
    })
    .unwrap();
    let a2 = merge(std::slice::from_ref(&a), std::slice::from_ref(&b)).unwrap().0.remove(0);
    let b2 = merge(std::slice::from_ref(&b), std::slice::from_ref(&a)).unwrap().0.remove(0);
    assert_eq!(a2, b2);
    let ids: Vec<&str> = a2.entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(ids, ["h1", "ca", "cb"]);
    // Syncing again changes nothing.
    let (changed, rep) = merge(std::slice::from_ref(&a2), std::slice::from_ref(&b2)).unwrap();
    assert!(changed.is_empty() && !rep.left_out());
}

fn shengji_hand(points: i32) -> HandInput {
    HandInput::Shengji(shengji::Hand { points, ..Default::default() })
}

#[test]
fn merge_reports_a_set_up_or_title_that_differs_and_keeps_the_local_one() {
    let base = sample::shengji_sample(0.0);
    let mut b = base.clone();
    b.title = "another title".into();
    let (changed, rep) = merge(std::slice::from_ref(&base), &[b]).unwrap();
    assert!(changed.is_empty());
    assert_eq!((rep.unchanged.clone(), rep.setup_differs.clone()), (vec![base.id.clone()], vec![base.id.clone()]));
    assert!(rep.left_out());
    let (_, rep) = merge(std::slice::from_ref(&base), std::slice::from_ref(&base)).unwrap();
    assert!(!rep.left_out());
}

#[test]
fn a_key_given_twice_in_a_file_is_refused_naming_its_path() {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    let stored = store_match(&m);
    let twice = |text: &str, what: &str, with: &str| {
        let at = text.find(what).unwrap_or_else(|| panic!("{what} not in the text"));
        format!("{}{with}{}", &text[..at + what.len()], &text[at + what.len()..])
    };
    let refused = |r: Result<Vec<Match>, ImportError>| {
        let e = r.unwrap_err();
        assert_eq!(e.msg.as_ref().map(|m| m.key), Some("imp.duplicate_key"), "{e}");
        e.field
    };
    // A hand's points 30 then 120: the last would win, silently.
    let entries = stored.find("\"entries\":[").unwrap();
    let (head, rest) = stored.split_at(entries);
    let hand = format!("{head}{}", twice(rest, "\"points\":30", ",\"points\":120"));
    let first = m.entries.iter().position(|e| matches!(e.op, Op::Hand { .. })).unwrap();
    assert_eq!(refused(load_stored(&hand).map(|m| vec![m])), format!("match.entries[{first}].op.hand.shengji.points"));
    assert_eq!(refused(parse_import(&hand)), format!("match.entries[{first}].op.hand.shengji.points"));
    // The version 3 then 1: read as a version-1 document it would be migrated.
    let version = twice(&stored, "\"schema_version\":3", ",\"schema_version\":1");
    assert_eq!(refused(load_stored(&version).map(|m| vec![m])), "schema_version");
    // The match's id twice.
    let id = twice(&stored, "\"id\":\"sample-chaodipi\"", ",\"id\":\"other\"");
    assert_eq!(refused(parse_import(&id)), "match.id");
    // In an export, and in a stored tail.
    let exported = export(std::slice::from_ref(&m), 0.0);
    let e = twice(&exported, "\"exported_ms\": 0.0", ",\"exported_ms\": 1.0");
    assert_eq!(refused(parse_import(&e)), "exported_ms");
    let tail = store_tail(&m.id, 10, &m.entries[10..]);
    let t = twice(&tail, "\"from\":10", ",\"from\":11");
    let e = load_stored_parts(&stored, Some(&t)).unwrap_err();
    assert_eq!((e.field.as_str(), e.msg.map(|m| m.key)), ("tail.from", Some("imp.duplicate_key")));
    // The same key in different objects is no repeat.
    assert_eq!(load_stored(&stored).unwrap(), m);
    // The message, in all three languages.
    let e = load_stored(&version).unwrap_err();
    assert_eq!(e.reason, "key \"schema_version\" appears twice in one object: which value is meant cannot be told");
    for l in [crate::i18n::Lang::ZhCn, crate::i18n::Lang::ZhTw] {
        let text = crate::i18n::say(l, e.msg.as_ref().unwrap(), Default::default());
        assert!(text.contains("\"schema_version\"") && !text.contains('{'), "{text}");
    }
}

/// The field and message key of `m`'s refusal.
fn refusal(m: &Match) -> (String, &'static str) {
    let e = validate_match(m).unwrap_err();
    (e.field.clone(), e.msg.as_ref().map(|m| m.key).unwrap_or_else(|| panic!("untyped: {e}")))
}

#[test]
fn times_titles_and_ruling_levels_out_of_range_are_refused() {
    let m = sample::shengji_sample(1_700_000_000_000.0);
    validate_match(&m).unwrap();
    let with = |f: &dyn Fn(&mut Match)| {
        let mut x = m.clone();
        f(&mut x);
        refusal(&x)
    };
    let r = |f: &str, k: &'static str| (f.to_string(), k);
    // The creation time is a time as entries' `at_ms` are.
    assert_eq!(with(&|x| x.created_ms = 1e20), r("created_ms", "imp.not_time_range"));
    assert_eq!(with(&|x| x.created_ms = -1e20), r("created_ms", "imp.not_time_range"));
    let mut x = m.clone();
    x.created_ms = MAX_TIME_MS;
    validate_match(&x).unwrap();
    // No title is fine (the id or the sides are shown); spaces alone are refused.
    x.title = String::new();
    validate_match(&x).unwrap();
    assert_eq!(with(&|x| x.title = " \u{3000} ".into()), r("title", "imp.blank_title"));
    // An export's time.
    let mut v: Value = serde_json::from_str(&export(std::slice::from_ref(&m), 0.0)).unwrap();
    v["exported_ms"] = Value::from(1e20);
    let e = parse_import(&v.to_string()).unwrap_err();
    assert_eq!((e.field.as_str(), e.msg.map(|m| m.key)), ("exported_ms", Some("imp.not_time_range")));
    // A level penalty of more than the 12 levels from 2 to A; an appeal decided at no time.
    let ruling = |levels| Op::Ruling {
        ruling: crate::rules::Ruling::LevelPenalty { team: crate::rules::Team::A, levels },
        player: None,
        board: None,
        rule: String::new(),
        reason: String::new(),
        referee: "裁判".into(),
    };
    let mut x = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
    let at = |id: &str, op| Entry { after: None, id: id.into(), at_ms: 1.0, op };
    x.append(at("r1", ruling(12))).unwrap();
    validate_match(&x).unwrap();
    let e = x.clone().append(at("r2", ruling(13))).unwrap_err();
    assert_eq!((e.field.as_str(), e.msg.map(|m| m.key)), ("op.ruling.levels", Some("imp.at_most")));
    let appeal = |ms| Op::Appeal {
        target: "r1".into(),
        appellant: String::new(),
        decision: crate::record::AppealDecision::Upheld,
        decided_by: crate::record::Decider::ChiefReferee,
        decided_ms: ms,
    };
    let e = x.clone().append(at("a1", appeal(1e20))).unwrap_err();
    assert_eq!((e.field.as_str(), e.msg.map(|m| m.key)), ("op.decided_ms", Some("imp.not_time")));
    x.append(at("a1", appeal(1.0))).unwrap();
}

#[test]
fn every_games_set_up_refuses_blank_names_and_limits_out_of_range() {
    use crate::record::games::{doudizhu::DoudizhuSetup, duplicate, guandan, sandayi::SandayiSetup};
    use crate::rules::Team;
    let r = |f: &str, k: &'static str| (f.to_string(), k);
    let range = "imp.range";
    // 升级: team names; a band's levels; time limits (minutes to a day, seconds to a day).
    let sj = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
    validate_match(&sj).unwrap();
    let with_sj = |f: &dyn Fn(&mut crate::record::ShengjiSetup)| {
        let mut x = sj.clone();
        let Setup::Shengji(s) = &mut x.setup else { unreachable!() };
        f(s);
        refusal(&x)
    };
    assert_eq!(with_sj(&|s| s.teams.insert(Team::B, "  ".into()).map(drop).unwrap()), r("setup.teams.B", "imp.empty"));
    assert_eq!(
        with_sj(&|s| s.teams.insert(Team::A, String::new()).map(drop).unwrap()),
        r("setup.teams.A", "imp.empty")
    );
    assert_eq!(
        with_sj(&|s| s.preset.table.bands[1].levels = 255),
        r("setup.preset.table.bands[1].levels", "imp.at_most")
    );
    assert_eq!(
        with_sj(&|s| s.preset.timing.match_minutes = Some(u32::MAX)),
        r("setup.preset.timing.match_minutes", range)
    );
    assert_eq!(with_sj(&|s| s.preset.timing.match_minutes = Some(0)), r("setup.preset.timing.match_minutes", range));
    assert_eq!(with_sj(&|s| s.preset.timing.bury_seconds = Some(86_401)), r("setup.preset.timing.bury_seconds", range));
    assert_eq!(with_sj(&|s| s.preset.timing.play_seconds = Some(0)), r("setup.preset.timing.play_seconds", range));
    assert_eq!(
        with_sj(&|s| s.preset.rulings.late_forfeit_minutes = Some(1441)),
        r("setup.preset.rulings.late_forfeit_minutes", range)
    );
    // The bounds themselves are taken; player names may stay empty in 升级.
    let mut x = sj.clone();
    let Setup::Shengji(s) = &mut x.setup else { unreachable!() };
    s.preset.table.bands[1].levels = 12;
    s.preset.timing.match_minutes = Some(24 * 60);
    s.preset.timing.bury_seconds = Some(86_400);
    s.players.values_mut().for_each(String::clear);
    validate_match(&x).unwrap();
    // 双升: the teams' names and the preset's numbers.
    let dup = duplicate::blank("d", 6, 0.0);
    validate_match(&dup).unwrap();
    let with_dup = |f: &dyn Fn(&mut duplicate::DuplicateSetup)| {
        let mut x = dup.clone();
        let Setup::Duplicate(s) = &mut x.setup else { unreachable!() };
        f(s);
        refusal(&x)
    };
    assert_eq!(
        with_dup(&|s| s.teams.get_mut(&Team::A).unwrap().name = " ".into()),
        r("setup.teams.A.name", "imp.empty")
    );
    assert_eq!(
        with_dup(&|s| s.preset.timing.match_minutes = Some(4_294_967_295)),
        r("setup.preset.timing.match_minutes", range)
    );
    assert_eq!(
        with_dup(&|s| s.preset.table.bands[0].levels = 13),
        r("setup.preset.table.bands[0].levels", "imp.at_most")
    );
    // 掼蛋: the teams' names (when given); the format's minutes and the timing's seconds.
    let mut gd = guandan::blank("g", "jiankang-guandan", 0.0).unwrap();
    let Setup::Guandan(s) = &mut gd.setup else { unreachable!() };
    s.teams = [(Team::A, "红队".to_string()), (Team::B, "蓝队".to_string())].into_iter().collect();
    validate_match(&gd).unwrap();
    let with_gd = |f: &dyn Fn(&mut guandan::GuandanSetup)| {
        let mut x = gd.clone();
        let Setup::Guandan(s) = &mut x.setup else { unreachable!() };
        f(s);
        refusal(&x)
    };
    assert_eq!(with_gd(&|s| s.teams.insert(Team::A, "\t".into()).map(drop).unwrap()), r("setup.teams.A", "imp.empty"));
    assert_eq!(with_gd(&|s| s.preset.format.round_minutes = Some(1441)), r("setup.preset.format.round_minutes", range));
    assert_eq!(
        with_gd(&|s| s.preset.format.match_minutes = Some(u32::MAX)),
        r("setup.preset.format.match_minutes", range)
    );
    assert_eq!(
        with_gd(&|s| s.preset.format.late_forfeit_minutes = Some(0)),
        r("setup.preset.format.late_forfeit_minutes", range)
    );
    assert_eq!(
        with_gd(&|s| s.preset.timing.first_play_seconds = Some(86_401)),
        r("setup.preset.timing.first_play_seconds", range)
    );
    assert_eq!(with_gd(&|s| s.preset.timing.play_seconds = Some(0)), r("setup.preset.timing.play_seconds", range));
    // 斗地主 and 三打一: every player of the session is named.
    let session =
        |setup: Setup| Match { id: "s".into(), created_ms: 0.0, title: String::new(), setup, entries: vec![] };
    let names = |n: usize| (1..=n).map(|i| format!("P{i}")).collect::<Vec<_>>();
    let ddz = |players| {
        session(Setup::Doudizhu(DoudizhuSetup {
            preset: crate::rules::doudizhu::find_preset("jiankang-doudizhu").unwrap(),
            players,
        }))
    };
    validate_match(&ddz(names(3))).unwrap();
    assert_eq!(refusal(&ddz(vec!["甲".into(), " ".into(), "丙".into()])), r("setup.players[1]", "imp.empty"));
    let sdy = |players| {
        session(Setup::Sandayi(SandayiSetup {
            preset: crate::rules::sandayi::find_preset("qingpu-sandayi").unwrap(),
            players,
        }))
    };
    validate_match(&sdy(names(4))).unwrap();
    let mut blank = names(4);
    blank[3].clear();
    assert_eq!(refusal(&sdy(blank)), r("setup.players[3]", "imp.empty"));
}

#[test]
fn every_built_in_preset_and_the_sample_pass_the_set_up_checks() {
    validate_match(&sample::shengji_sample(1_700_000_000_000.0)).unwrap();
    for p in crate::rules::shengji::builtin_presets() {
        crate::record::games::shengji::check_preset_numbers(&p).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
    for p in crate::rules::guandan::builtin_presets() {
        let mut m = crate::record::games::guandan::blank("g", &p.id, 0.0).unwrap();
        if let Setup::Guandan(s) = &mut m.setup {
            s.teams = [(crate::rules::Team::A, "甲".to_string()), (crate::rules::Team::B, "乙".to_string())].into();
        }
        validate_match(&m).unwrap_or_else(|e| panic!("{}: {e}", p.id));
    }
}

/// A file refused for a value serde cannot read says why in the UI language: serde's own
/// words (and serde_json's, for a file that is not JSON) read in Chinese, the place too.
#[test]
fn a_value_that_does_not_read_is_refused_in_the_ui_language() {
    use crate::i18n::{import_error_text, Lang, Names};
    let m = sample::shengji_sample(0.0);
    let mut v: Value = serde_json::from_str(&export(&[m], 0.0)).unwrap();
    v["matches"][0]["entries"][1]["op"]["hand"]["shengji"]["points"] = Value::from("eighty");
    let bad_value = parse_import(&v.to_string()).unwrap_err();
    let not_json = parse_import("{\"app\": \"referee\",").unwrap_err();
    for e in [&bad_value, &not_json] {
        let zh = import_error_text(Lang::ZhCn, e, Names::default());
        for english in ["invalid", "expected", "EOF", "while parsing", "at line"] {
            assert!(!zh.contains(english), "{zh}");
        }
        assert!(import_error_text(Lang::En, e, Names::default()).contains("expected") || e == &not_json);
    }
    let zh = import_error_text(Lang::ZhCn, &not_json, Names::default());
    assert!(zh.contains("文件在") && zh.contains("中途结束"), "{zh}");
}
