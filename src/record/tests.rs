use super::*;
use crate::rules::shengji::Hand;

fn hand(points: i32) -> Op {
    Op::Hand { hand: HandInput::Shengji(Hand { points, ..Hand::default() }) }
}

/// The tester's case: deleting a hand that let the other team keep playing leaves a
/// later hand after the game was won — refused, nothing changed (a stored match must
/// replay, or it could not be read back).
#[test]
fn a_void_that_breaks_a_later_hand_is_refused() {
    let mut m = sample::shengji_sample(1.0);
    for (i, p) in [85, 85, 40, 85].into_iter().enumerate() {
        m.append(Entry { after: None, id: format!("t{i}"), at_ms: 10.0 + i as f64, op: hand(p) }).unwrap();
    }
    assert!(replay::replay(&m).first_error().is_none());
    let before = m.clone();
    let err = m
        .append(Entry {
            after: None,
            id: "v".into(),
            at_ms: 20.0,
            op: Op::Void { target: "t1".into(), reason: "delete".into() },
        })
        .unwrap_err();
    assert_eq!(err.field, LATER_HAND);
    // Named by its place in the log: the last hand, t3, now comes after the game is won.
    let t3 = m.entries.iter().position(|e| e.id == "t3").unwrap();
    assert_eq!(err.reason, format!("entries[{t3}] would no longer replay: hand: game over: team A already won"));
    assert_eq!(m, before);
    // Deleting from the newest back is fine.
    for (i, t) in ["t3", "t2", "t1"].into_iter().enumerate() {
        m.append(Entry {
            after: None,
            id: format!("v{i}"),
            at_ms: 21.0 + i as f64,
            op: Op::Void { target: t.into(), reason: "delete".into() },
        })
        .unwrap();
    }
    assert!(schema::validate_match(&m).is_ok());
}

/// The same refusal typed: the broken hand named by its number among the hands (the
/// sample's 11, then the 4 entered: #15), the field in words and the reason in each
/// language, with the match's team name; the English reason is as before.
#[test]
fn a_refused_delete_names_the_hand_by_number_in_every_language() {
    use crate::i18n::{say, Lang, Names};
    let mut m = sample::shengji_sample(1.0);
    let hands_before = m.entries.iter().filter(|e| matches!(e.op, Op::Hand { .. })).count();
    for (i, p) in [85, 85, 40, 85].into_iter().enumerate() {
        m.append(Entry { after: None, id: format!("t{i}"), at_ms: 10.0 + i as f64, op: hand(p) }).unwrap();
    }
    let void = Op::Void { target: "t1".into(), reason: "delete".into() };
    let err = m.append(Entry { after: None, id: "v".into(), at_ms: 20.0, op: void }).unwrap_err();
    let msg = err.msg.expect("typed");
    let (teams, players) = m.setup.names();
    let names = Names { teams: Some(&teams), players: &players };
    let a = teams[&Team::A].clone();
    let en = say(Lang::En, &msg, names);
    let number = hands_before + 4;
    assert_eq!(
        en,
        format!("hand #{number} would no longer replay: the hand: game over: {a} already won, no hand can follow")
    );
    assert!(say(Lang::ZhCn, &msg, names).starts_with(&format!("#{number} 副将无法重算: 本副: 本局已结束: {a} 已获胜")));
    assert!(say(Lang::ZhTw, &msg, names).starts_with(&format!("#{number} 副將無法重算: 本副: 本局已結束: {a} 已獲勝")));
}

/// Undo steps back through actions: right after a delete it brings the hand back (a
/// void of the void), then it takes back the hands newest first — never undoing its
/// own undo.
#[test]
fn undo_after_a_delete_brings_the_hand_back() {
    let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
    for (i, p) in [40, 60, 85].into_iter().enumerate() {
        m.append(Entry { after: None, id: format!("h{}", i + 1), at_ms: 1.0 + i as f64, op: hand(p) }).unwrap();
    }
    let hands = |m: &Match| replay::effective(m).iter().map(|e| e.entry.id.clone()).collect::<Vec<_>>();
    let undo = |m: &mut Match, id: &str| {
        let target = m.undo_target().expect("something to undo").id.clone();
        m.append(Entry {
            after: None,
            id: id.into(),
            at_ms: 10.0,
            op: Op::Void { target, reason: UNDO_REASON.into() },
        })
        .unwrap();
    };
    m.append(Entry {
        after: None,
        id: "del".into(),
        at_ms: 5.0,
        op: Op::Void { target: "h1".into(), reason: "delete".into() },
    })
    .unwrap();
    assert_eq!(hands(&m), ["h2", "h3"]);
    assert_eq!(m.undo_target().unwrap().id, "del");
    undo(&mut m, "u1");
    assert_eq!(hands(&m), ["h1", "h2", "h3"]);
    assert!(m.voided().contains("del") && !m.voided().contains("h1"));
    assert_eq!(m.undo_target().unwrap().id, "h3");
    undo(&mut m, "u2");
    undo(&mut m, "u3");
    assert_eq!(hands(&m), ["h1"]);
    assert!(schema::validate_match(&m).is_ok());
    // The delete can be entered again once taken back; a void already voided cannot.
    m.append(Entry {
        after: None,
        id: "del2".into(),
        at_ms: 20.0,
        op: Op::Void { target: "h1".into(), reason: "delete".into() },
    })
    .unwrap();
    assert!(hands(&m).is_empty());
    let err = m
        .append(Entry {
            after: None,
            id: "x".into(),
            at_ms: 21.0,
            op: Op::Void { target: "del".into(), reason: "delete".into() },
        })
        .unwrap_err();
    assert_eq!(err.field, "op.target");
    // Undo of that second delete: a chain of voids is decided as a whole.
    undo(&mut m, "u4");
    assert_eq!(hands(&m), ["h1"]);
    assert!(schema::validate_match(&m).is_ok());
    let back = schema::load_stored(&schema::store_match(&m)).unwrap();
    assert_eq!(hands(&back), ["h1"]);
}

/// Another tab deleted the hand being edited here: the correction is refused (it
/// would be stored and count for nothing); after the delete is undone it is taken.
#[test]
fn a_correction_of_a_deleted_hand_is_refused() {
    let mut m = sample::blank_shengji("m", "jiankang-chaodipi", 0.0);
    m.append(Entry { after: None, id: "h1".into(), at_ms: 1.0, op: hand(40) }).unwrap();
    m.append(Entry {
        after: None,
        id: "del".into(),
        at_ms: 2.0,
        op: Op::Void { target: "h1".into(), reason: "delete".into() },
    })
    .unwrap();
    let fix = Entry {
        after: None,
        id: "c1".into(),
        at_ms: 3.0,
        op: Op::Correct { target: "h1".into(), hand: HandInput::Shengji(Hand { points: 60, ..Hand::default() }) },
    };
    let err = m.clone().append_replayed(fix.clone()).unwrap_err();
    assert_eq!(
        (err.field.as_str(), err.reason.as_str()),
        ("op.target", "\"h1\" is deleted: a correction of it would not count")
    );
    m.append(Entry {
        after: None,
        id: "u".into(),
        at_ms: 4.0,
        op: Op::Void { target: "del".into(), reason: UNDO_REASON.into() },
    })
    .unwrap();
    m.append(fix).unwrap();
}

/// A hand checked on an older log (another tab's hand won the game first): `append`
/// trusts its caller's check, `append_replayed` replays and refuses it, naming its
/// place and the rule; nothing changes, and a hand that fits is taken.
#[test]
fn a_new_hand_after_the_game_was_won_is_refused_when_replayed() {
    let mut m = sample::shengji_sample(1.0);
    for (i, p) in [85, 40].into_iter().enumerate() {
        m.append(Entry { after: None, id: format!("t{i}"), at_ms: 10.0 + i as f64, op: hand(p) }).unwrap();
    }
    let before = m.clone();
    let late = Entry { after: None, id: "late".into(), at_ms: 30.0, op: hand(85) };
    let err = m.append_replayed(late.clone()).unwrap_err();
    assert_eq!(err.field, NOT_PLAYABLE);
    assert_eq!(err.reason, format!("entries[{}]: hand: game over: team A already won", before.entries.len()));
    assert_eq!(m, before);
    // Unchecked, the same hand would make a match that cannot be read back.
    let mut unchecked = before.clone();
    unchecked.append(late).unwrap();
    assert!(schema::validate_match(&unchecked).is_err());
    // The log as it is replays (its game was won by the last hand: sample + 85, 40).
    assert!(replay::replay(&m).first_error().is_none());
    // Before the game was won, a replayed hand is taken.
    let mut early = sample::shengji_sample(1.0);
    early.append_replayed(Entry { after: None, id: "ok".into(), at_ms: 10.0, op: hand(40) }).unwrap();
    assert_eq!(early.entries.len(), sample::shengji_sample(1.0).entries.len() + 1);
}

/// `check` takes and refuses what `append` does, for the entries it checks in place (a new
/// hand, a penalty) and for those it previews (a void, a correction), and changes nothing.
#[test]
fn check_agrees_with_append() {
    let mut m = sample::shengji_sample(1.0);
    for (i, p) in [85, 85, 40, 85].into_iter().enumerate() {
        m.append(Entry { after: None, id: format!("t{i}"), at_ms: 10.0 + i as f64, op: hand(p) }).unwrap();
    }
    let before = m.clone();
    let e = |id: &str, op: Op| Entry { after: None, id: id.into(), at_ms: 30.0, op };
    let cases = [
        e("n", hand(60)),
        e("t0", hand(60)),
        e("v", Op::Void { target: "t1".into(), reason: "delete".into() }),
        e("v3", Op::Void { target: "t3".into(), reason: "delete".into() }),
        e("vx", Op::Void { target: "nowhere".into(), reason: "delete".into() }),
        e("c", Op::Correct { target: "t3".into(), hand: HandInput::Shengji(Hand { points: 50, ..Hand::default() }) }),
    ];
    for entry in cases {
        let checked = m.check(entry.clone()).map_err(|e| e.field);
        assert_eq!(m, before, "{}: check changes nothing", entry.id);
        let appended = m.clone().append(entry.clone()).map_err(|e| e.field);
        assert_eq!(checked, appended, "{}", entry.id);
    }
    assert!(m.check(e("t0", hand(60))).is_err(), "an id already in the log");
    assert!(m.check(e("v", Op::Void { target: "t1".into(), reason: "delete".into() })).is_err());
}
