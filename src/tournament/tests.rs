use super::*;

pub(crate) fn four_pairs() -> Event {
    let mut e = Event::new("ev1", "健康杯", 0.0);
    for (i, n) in ["红队", "蓝队", "绿队", "黄队"].iter().enumerate() {
        e.entrants.push(Entrant {
            id: format!("e{}", i + 1),
            name: n.to_string(),
            kind: EntrantKind::Team,
            members: vec![format!("{n}甲"), format!("{n}乙")],
            unit: String::new(),
        });
    }
    let f = builtin_format("jiankang-guandan-team").unwrap();
    e.competitions.push(f.competition("c1", "掼蛋 团体", e.entrants.iter().map(|x| x.id.clone()).collect()));
    e
}

/// A 南通 80分 team competition (`nantong-80fen-team`) of [`four_pairs`]'s entrants, drawn
/// and scheduled, whose first fixture side 1 forfeited at the desk; the event holds it after
/// [`four_pairs`]'s 掼蛋 competition.
pub(crate) fn nantong_desk_forfeit() -> (Event, Competition) {
    let mut e = four_pairs();
    let f = builtin_format("nantong-80fen-team").unwrap();
    let mut c = f.competition("n", "80分", e.entrants.iter().map(|x| x.id.clone()).collect());
    draw::draw(&mut c, 1);
    schedule::generate(&mut c);
    c.rounds[0].fixtures[0].forfeits = vec![1];
    e.competitions.push(c.clone());
    (e, c)
}

#[test]
fn builtin_formats_are_valid_competitions() {
    let mut e = four_pairs();
    for (i, f) in builtin_formats().into_iter().enumerate() {
        assert!(preset_ids(&f.game).contains(&f.preset_id), "{}", f.id);
        let ids = e.entrants.iter().map(|x| x.id.clone()).collect();
        e.competitions.push(f.competition(&format!("x{i}"), &f.id, ids));
    }
    validate_event(&e).unwrap();
    // The 健康杯 掼蛋 format reads its tie-breaks and forfeit rules from the preset.
    let jk = builtin_format("jiankang-guandan-team").unwrap();
    assert_eq!(jk.scoring.tie_breaks, vec![TieBreak::DoubleWins, TieBreak::HeadToHead]);
    assert_eq!(jk.scoring.forfeit_score, Some([18, 0]));
    assert_eq!(jk.scoring.forfeits_cancel, Some(2));
    assert_eq!(
        builtin_format("guandan-shift-3rounds").unwrap().format,
        Format::RoundRobin { max_rounds: Some(3), group_size: Some(4) }
    );
}

#[test]
fn store_and_load_round_trip_and_refusals() {
    let mut e = four_pairs();
    draw::draw(e.competitions.get_mut(0).unwrap(), 42);
    schedule::generate(e.competitions.get_mut(0).unwrap());
    let text = store_event(&e);
    assert_eq!(load_event(&text).unwrap(), e);
    // A newer version is refused with a clear message.
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["schema_version"] = Value::from(EVENT_VERSION + 1);
    let err = load_event(&v.to_string()).unwrap_err();
    assert!(err.reason.contains("newer"), "{err}");
    // A bad reference names the field.
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["event"]["competitions"][0]["entrants"][1] = Value::from("nobody");
    let err = load_event(&v.to_string()).unwrap_err();
    assert_eq!(err.field, "event.competitions[0].entrants[1]", "{err}");
    // Not an event.
    let m = crate::record::schema::export::<crate::record::Match>(&[], 0.0);
    assert_eq!(load_event(&m).unwrap_err().field, "kind");
}

#[test]
fn playoffs_round_trip_and_are_checked() {
    let mut e = four_pairs();
    let pf = |a: &str, b: &str, w: &str| Playoff { entrants: vec![a.into(), b.into()], winner: w.into() };
    e.competitions[0].playoffs.push(pf("e1", "e2", "e2"));
    let text = store_event(&e);
    assert_eq!(load_event(&text).unwrap(), e);
    let refused = |p: Playoff| {
        let mut x = four_pairs();
        x.competitions[0].playoffs.push(p);
        validate_event(&x).unwrap_err().field
    };
    assert_eq!(refused(pf("e1", "e2", "e3")), "competitions[0].playoffs[0].winner");
    assert_eq!(refused(pf("e1", "nobody", "e1")), "competitions[0].playoffs[0].entrants[1]");
    assert_eq!(refused(pf("e1", "e1", "e1")), "competitions[0].playoffs[0].entrants[1]");
    // An event stored before play-offs existed reads as none.
    let mut v: Value = serde_json::from_str(&store_event(&four_pairs())).unwrap();
    assert!(v["event"]["competitions"][0].get("playoffs").is_none());
    v["event"]["competitions"][0].as_object_mut().unwrap().remove("playoffs");
    assert!(load_event(&v.to_string()).unwrap().competitions[0].playoffs.is_empty());
}

#[test]
fn kinds_that_fit() {
    assert!(EntrantKind::Team.fits(EntrantKind::Pair));
    assert!(EntrantKind::Pair.fits(EntrantKind::Team));
    assert!(!EntrantKind::Player.fits(EntrantKind::Pair));
    assert!(EntrantKind::Player.fits(EntrantKind::Player));
}

#[test]
fn entrant_lines() {
    let v = parse_entrant_lines("红队: 张三, 李四\n\n蓝队：王五、赵六\n独行侠").unwrap();
    assert_eq!(v.len(), 3);
    assert_eq!(
        v[1],
        EntrantLine { line: 3, name: "蓝队".to_string(), members: vec!["王五".to_string(), "赵六".to_string()] }
    );
    assert!(v[2].members.is_empty());
    assert_eq!(v[2].line, 4);
}

#[test]
fn entrant_lines_refused_name_the_line_typed() {
    // An empty name before the colon, on line 3 of the text (an empty line counted).
    let err = parse_entrant_lines("红队: 张三, 李四\n\n : 无名, 氏\n蓝队").unwrap_err();
    assert_eq!(err, LineError { line: 3, problem: LineProblem::NoName });
    assert_eq!(err.to_string(), "line 3: no name before the colon");
    assert_eq!(parse_entrant_lines("：甲").unwrap_err().problem, LineProblem::NoName);
    // The limits the event validator enforces, named by line instead of list index.
    let long = "长".repeat(MAX_NAME + 1);
    let ok_name = "长".repeat(MAX_NAME);
    assert_eq!(
        parse_entrant_lines(&format!("甲\n{long}: 张三")).unwrap_err(),
        LineError { line: 2, problem: LineProblem::NameTooLong }
    );
    assert_eq!(parse_entrant_lines(&ok_name).unwrap()[0].name, ok_name);
    let many = (1..=MAX_MEMBERS + 1).map(|k| format!("队员{k}")).collect::<Vec<_>>().join(", ");
    assert_eq!(
        parse_entrant_lines(&format!("甲\n乙\n丙: {many}")).unwrap_err(),
        LineError { line: 3, problem: LineProblem::TooManyMembers }
    );
    assert_eq!(
        parse_entrant_lines(&format!("甲: 张三, {long}")).unwrap_err(),
        LineError { line: 1, problem: LineProblem::MemberTooLong(2) }
    );
}

#[test]
fn adding_typed_entrants_names_the_line_of_a_refusal() {
    let mut e = four_pairs();
    let before = e.clone();
    // What the parser takes, the event takes.
    let name = "长".repeat(MAX_NAME);
    let text = format!("\n{name}: {}\n独行侠", vec![name.clone(); MAX_MEMBERS].join("、"));
    assert_eq!(add_entrant_lines(&mut e, &text, EntrantKind::Team, "南通"), Ok(2));
    assert_eq!(e.entrants.len(), 6);
    assert_eq!(
        (e.entrants[4].id.as_str(), e.entrants[4].members.len(), e.entrants[4].unit.as_str()),
        ("e5", MAX_MEMBERS, "南通")
    );
    validate_event(&e).unwrap();
    // A player typed alone is their own member.
    let mut p = before.clone();
    add_entrant_lines(&mut p, "张三", EntrantKind::Player, "").unwrap();
    assert_eq!(p.entrants[4].members, vec!["张三".to_string()]);
    // ": 无名, 氏" on line 2: refused by line, nothing added.
    let mut x = before.clone();
    let err = add_entrant_lines(&mut x, "紫队: 甲, 乙\n: 无名, 氏", EntrantKind::Team, "").unwrap_err();
    assert_eq!(err, EntrantsError::Line(LineError { line: 2, problem: LineProblem::NoName }));
    assert_eq!(x, before);
    // A rule the event checks (here the unit's length) names the line typed, not
    // "entrants[5].unit".
    let err = add_entrant_lines(&mut x, "紫队\n\n橙队", EntrantKind::Team, &"单".repeat(MAX_NAME + 1)).unwrap_err();
    let EntrantsError::Line(l) = &err else { panic!("{err}") };
    assert_eq!(l.line, 1);
    assert_eq!(
        l.problem,
        LineProblem::Refused { field: "unit".into(), reason: format!("longer than {MAX_NAME} characters") }
    );
    assert_eq!(err.to_string(), format!("line 1: unit: longer than {MAX_NAME} characters"));
    assert_eq!(x, before);
    // Too many entrants is no one line's fault.
    let many = (1..=MAX_ENTRANTS).map(|i| format!("队{i}")).collect::<Vec<_>>().join("\n");
    let err = add_entrant_lines(&mut x, &many, EntrantKind::Team, "").unwrap_err();
    assert!(matches!(&err, EntrantsError::Event(i) if i.field == "entrants"), "{err}");
    assert_eq!(x, before);
    // Nothing typed: nothing added.
    assert_eq!(add_entrant_lines(&mut x, "\n  \n", EntrantKind::Team, ""), Ok(0));
}

/// A row pasted from a spreadsheet: the tab after the name separates it from the members,
/// tabs between members separate them, like the colon and commas of a typed line.
#[test]
fn entrant_lines_read_tabs_as_separators() {
    let v = parse_entrant_lines("白队\t白1\t白2\n黑队:\t黑1\t\t黑2\t\n灰队: 灰1\t灰2").unwrap();
    let got: Vec<(&str, Vec<&str>)> =
        v.iter().map(|x| (x.name.as_str(), x.members.iter().map(String::as_str).collect())).collect();
    assert_eq!(got, vec![("白队", vec!["白1", "白2"]), ("黑队", vec!["黑1", "黑2"]), ("灰队", vec!["灰1", "灰2"])]);
    assert_eq!(split_members("甲\t乙, 丙"), vec!["甲", "乙", "丙"]);
    let mut e = four_pairs();
    assert_eq!(add_entrant_lines(&mut e, "白队\t白1\t白2", EntrantKind::Team, ""), Ok(1));
    assert_eq!((e.entrants[4].name.as_str(), e.entrants[4].members.len()), ("白队", 2));
}

/// Two entrants never share a name: typed twice, or typed as an entrant's name, or given
/// to another entrant by a rename, it is refused naming the name and where it already is;
/// a blank rename is refused too. Nothing changes on a refusal.
#[test]
fn a_name_already_used_is_refused_naming_it() {
    let err = parse_entrant_lines("红队\n\n蓝队\n红队: 甲, 乙").unwrap_err();
    assert_eq!(err, LineError { line: 4, problem: LineProblem::NameTwice { name: "红队".into(), first: 1 } });
    assert_eq!(err.to_string(), "line 4: \"红队\" is also on line 1");
    let mut e = four_pairs();
    let before = e.clone();
    let err = add_entrant_lines(&mut e, "紫队\n 蓝队 : 甲, 乙", EntrantKind::Team, "").unwrap_err();
    assert_eq!(
        err,
        EntrantsError::Line(LineError { line: 2, problem: LineProblem::NameTaken { name: "蓝队".into(), row: 2 } })
    );
    assert_eq!(e, before);
    assert_eq!(rename_entrant(&mut e, "e3", " 红队 "), Err(RenameError::Taken { name: "红队".into(), row: 1 }));
    assert_eq!(rename_entrant(&mut e, "e3", "  "), Err(RenameError::Empty));
    assert_eq!(rename_entrant(&mut e, "e3", &"长".repeat(MAX_NAME + 1)), Err(RenameError::TooLong));
    assert_eq!(rename_entrant(&mut e, "e9", "紫队"), Err(RenameError::Missing));
    assert_eq!(e, before);
    // Its own name again, or a new one, is a rename.
    assert_eq!(rename_entrant(&mut e, "e3", "绿队"), Ok(()));
    assert_eq!(rename_entrant(&mut e, "e3", " 紫队 "), Ok(()));
    assert_eq!(e.entrants[2].name, "紫队");
}

/// The entrants tab's draft survives the text a browser tab keeps; put back into the
/// event, members typed for a removed entrant, or equal to what is saved, are dropped.
#[test]
fn an_entrants_draft_round_trips_and_settles() {
    let mut d = EntrantsDraft { bulk: "白队\t白1\t白2".into(), ..Default::default() };
    d.members.insert("e1".into(), "红甲, 红丙".into());
    d.members.insert("e2".into(), "蓝队甲、蓝队乙".into());
    d.members.insert("e9".into(), "谁".into());
    let text = crate::json::to_string(&d).unwrap();
    assert_eq!(crate::json::from_str::<EntrantsDraft>(&text).unwrap(), d);
    let s = d.clone().settled(&four_pairs());
    assert_eq!(s.bulk, d.bulk);
    assert_eq!(s.members.keys().collect::<Vec<_>>(), ["e1"]);
    assert!(!s.is_empty());
    assert!(EntrantsDraft { bulk: " \n".into(), ..Default::default() }.is_empty());
}

#[test]
fn migration_hook_upgrades_old_events() {
    fn v0_to_v1(mut d: Value) -> Result<Value, ImportError> {
        // Version 0 (hypothetical) called the competitions "games".
        let g = d["event"].as_object_mut().unwrap().remove("games").unwrap_or(Value::Array(vec![]));
        d["event"]["competitions"] = g;
        Ok(d)
    }
    let e = four_pairs();
    let mut v: Value = serde_json::from_str(&store_event(&e)).unwrap();
    let comps = v["event"].as_object_mut().unwrap().remove("competitions").unwrap();
    v["event"]["games"] = comps;
    v["schema_version"] = Value::from(0);
    let up = schema::migrate_with(v, 1, &[Some(v0_to_v1)]).unwrap();
    let s: StoredEvent = serde_json::from_value(up).unwrap();
    assert_eq!(s.event, e);
}

#[test]
fn one_import_takes_an_event_file_a_match_file_or_an_export_of_both() {
    use crate::record::schema;
    let m = crate::record::sample::shengji_sample(1.0);
    let e = Event::new("ev1", "健康杯", 1.0);
    // An export of both.
    let text = export_bundle(std::slice::from_ref(&m), std::slice::from_ref(&e), 5.0);
    let b = parse_bundle(&text).unwrap();
    assert_eq!(b.matches, vec![m.clone()]);
    assert_eq!(b.events, vec![e.clone()]);
    // The matches of it, as the match import reads it (older apps ignore `events`).
    assert_eq!(schema::parse_import(&text).unwrap(), vec![m.clone()]);
    // An event file; a file of matches only.
    assert_eq!(parse_bundle(&store_event(&e)).unwrap(), Bundle { matches: vec![], events: vec![e.clone()] });
    let only = schema::export(std::slice::from_ref(&m), 5.0);
    assert!(!only.contains("\"events\""));
    assert_eq!(parse_bundle(&only).unwrap(), Bundle { matches: vec![m.clone()], events: vec![] });
    // A bad event inside is named by its place, and nothing is returned.
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["events"][0]["event"]["id"] = serde_json::json!("bad id!");
    let err = parse_bundle(&doc.to_string()).unwrap_err();
    assert_eq!(err.field, "events[0].event.id", "{err}");
    // The same event twice.
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let ev = doc["events"][0].clone();
    doc["events"].as_array_mut().unwrap().push(ev);
    assert_eq!(parse_bundle(&doc.to_string()).unwrap_err().field, "events[1].event.id");
}

#[test]
fn imported_events_are_added_once_and_never_replace_this_devices() {
    let a = Event::new("ev1", "健康杯", 1.0);
    let mut a2 = a.clone();
    a2.venue = "体育馆".into();
    let b = Event::new("ev2", "青浦杯", 2.0);
    let r = import_events(std::slice::from_ref(&a), &[a.clone(), b.clone()]);
    assert_eq!(r, EventImport { added: vec![b.clone()], unchanged: vec!["ev1".into()], kept_local: vec![] });
    let r = import_events(std::slice::from_ref(&a), &[a2]);
    assert_eq!(r, EventImport { added: vec![], unchanged: vec![], kept_local: vec!["健康杯".into()] });
}

#[test]
fn typed_dates_must_exist() {
    for ok in [
        "",
        "2024-05-01",
        "2024-05-01—03",
        "2024/5/1–2024/5/3",
        "5月1日–3日",
        "2024-02-29",
        "2000.2.29",
        "第 2024-1 轮",
    ] {
        assert!(check_dates(ok).is_ok(), "{ok}");
    }
    for (bad, date) in [
        ("2026-13-45", "2026-13-45"),
        ("2026-02-29", "2026-02-29"),
        ("1900-2-29", "1900-2-29"),
        ("2024-05-01 至 2024-04-31", "2024-04-31"),
        ("2024/6/0", "2024/6/0"),
    ] {
        let e = check_dates(bad).unwrap_err();
        assert_eq!(e.field, "dates", "{bad}");
        assert!(format!("{e:?}").contains(date), "{bad}: {e:?}");
    }
}

#[test]
fn a_key_given_twice_in_an_event_or_roster_file_is_refused_naming_its_path() {
    let key = |e: &ImportError| (e.field.clone(), e.msg.as_ref().map(|m| m.key));
    let twice = |text: &str, what: &str, with: &str| {
        let at = text.find(what).unwrap_or_else(|| panic!("{what} not in {text}"));
        format!("{}{with}{}", &text[..at + what.len()], &text[at + what.len()..])
    };
    let dup = |f: &str| (f.to_string(), Some("imp.duplicate_key"));
    let e = four_pairs();
    let text = store_event(&e);
    let bad = twice(&text, "\"name\":\"蓝队\"", ",\"name\":\"紫队\"");
    assert_eq!(key(&load_event(&bad).unwrap_err()), dup("event.entrants[1].name"));
    assert_eq!(key(&parse_bundle(&bad).unwrap_err()), dup("event.entrants[1].name"));
    // A roster file, and the roster an export carries.
    let r = roster::Roster {
        teams: vec![roster::RosterTeam {
            name: "红队".into(),
            kind: EntrantKind::Team,
            members: vec![],
            unit: String::new(),
        }],
    };
    let text = roster::store_roster(&r);
    let bad = twice(&text, "\"name\":\"红队\"", ",\"name\":\"蓝队\"");
    assert_eq!(key(&roster::load_roster(&bad).unwrap_err()), dup("roster.teams[0].name"));
    assert_eq!(key(&parse_roster(&bad).unwrap_err()), dup("roster.teams[0].name"));
    let export = export_bundle_with::<crate::record::Match>(&[], &[], Some(&r), 0.0);
    let bad = twice(&export, "\"name\": \"红队\"", ",\"name\": \"蓝队\"");
    assert_eq!(key(&parse_roster(&bad).unwrap_err()), dup("roster.roster.teams[0].name"));
    assert_eq!(key(&parse_bundle(&bad).unwrap_err()), dup("roster.roster.teams[0].name"));
}

#[test]
fn an_events_time_and_entrant_names_are_checked() {
    let key = |e: &Event| {
        let err = validate_event(e).unwrap_err();
        (err.field.clone(), err.msg.as_ref().map(|m| m.key))
    };
    let e = four_pairs();
    validate_event(&e).unwrap();
    let mut x = e.clone();
    x.created_ms = 1e20;
    assert_eq!(key(&x), ("created_ms".to_string(), Some("imp.not_time_range")));
    // A table's match names its sides after the entrants.
    let mut x = e.clone();
    x.entrants[2].name = " ".into();
    assert_eq!(key(&x), ("entrants[2].name".to_string(), Some("imp.empty")));
}

#[test]
fn a_default_competition_name_does_not_name_the_game_twice() {
    // The game's and the formats' names as the three languages show them.
    let n = default_competition_name;
    assert_eq!(n("升级 / 80分 / 炒地皮", "南通纺院 80分团体 (胜2负1弃权0)"), "南通纺院 80分团体 (胜2负1弃权0)");
    assert_eq!(
        n("Shengji (80 Points, Chaodipi)", "Nantong 80 Points teams (win 2 / loss 1 / forfeit 0)"),
        "Nantong 80 Points teams (win 2 / loss 1 / forfeit 0)"
    );
    assert_eq!(n("双升 队式", "医院双升队式淘汰"), "医院双升队式淘汰");
    assert_eq!(n("升级 / 80分 / 炒地皮", "炒地皮淘汰 (半决赛起三局两胜)"), "炒地皮淘汰 (半决赛起三局两胜)");
    assert_eq!(n("掼蛋", "掼蛋 3 轮移位总得分"), "掼蛋 3 轮移位总得分");
    // A format that does not name the game gets it in front.
    assert_eq!(n("掼蛋", "单循环 胜2平1负0"), "掼蛋 单循环 胜2平1负0");
    assert_eq!(
        n("Renju (five in a row)", "Round robin, win 2 / draw 1 / loss 0"),
        "Renju (five in a row) Round robin, win 2 / draw 1 / loss 0"
    );
    // Too long: the note in brackets goes, then the name is cut.
    let long = "长".repeat(MAX_NAME - 3);
    assert_eq!(n("掼蛋", &format!("{long} (注)")), format!("掼蛋 {long}"));
    assert_eq!(n("掼蛋", &"长".repeat(MAX_NAME + 5)).chars().count(), MAX_NAME);
}

/// The default name follows the rules (规则) chosen on the new-competition form: the format's
/// own preset keeps the game's name, another preset of the game (or another game's) puts
/// that preset's name in front, never the name of rules the competition does not play.
#[test]
fn a_new_competitions_default_name_follows_the_chosen_rules() {
    let nt = builtin_format("nantong-80fen-team").unwrap();
    let (game, format) = ("升级 / 80分 / 炒地皮", "南通纺院 80分团体 (胜2负1弃权0)");
    let own = new_competition_name(&nt, &nt.game, &nt.preset_id, game, "南通纺院 80分", format);
    assert_eq!(own, default_competition_name(game, format));
    assert_eq!(own, "南通纺院 80分团体 (胜2负1弃权0)");
    let qingpu = new_competition_name(&nt, &nt.game, "qingpu-80fen", game, "青浦 80分", format);
    assert_eq!(qingpu, "青浦 80分 南通纺院 80分团体 (胜2负1弃权0)");
    assert_ne!(qingpu, own, "another 规则, another name");

    let rr = builtin_format("round-robin-2-1-0").unwrap();
    let format = "单循环 胜2平1负0";
    assert_eq!(
        new_competition_name(&rr, &rr.game, &rr.preset_id, "掼蛋", "掼蛋 3-2-1", format),
        "掼蛋 单循环 胜2平1负0"
    );
    assert_eq!(
        new_competition_name(&rr, &rr.game, "guandan-5-3-1", "掼蛋", "掼蛋 5-3-1 升级 (A必打, 三局两胜)", format),
        "掼蛋 5-3-1 升级 (A必打, 三局两胜) 单循环 胜2平1负0"
    );
    // Another game (its first preset): that preset's name.
    assert_eq!(
        new_competition_name(&rr, &nt.game, "jiankang-chaodipi", game, "健康杯 炒地皮", format),
        "健康杯 炒地皮 单循环 胜2平1负0"
    );
}

/// RULES.md §1.4 **[r2]**: a 南通 team fields 2 pairs, so a team entered in its competition
/// needs 4 players; one with none (or too few) is refused, naming the competition, the team
/// and what is missing — while a team entered in no competition may wait for its players,
/// and an event stored short stays editable.
#[test]
fn a_team_without_the_players_its_format_needs_is_refused() {
    let team = |id: &str, name: &str, members: &[&str]| Entrant {
        id: id.into(),
        name: name.into(),
        kind: EntrantKind::Team,
        members: members.iter().map(|m| m.to_string()).collect(),
        unit: String::new(),
    };
    let mut before = Event::new("ev1", "南通杯", 0.0);
    before.entrants = vec![team("e1", "红队", &["红1", "红2", "红3", "红4"]), team("e2", "蓝队", &[])];
    assert_eq!(check_teams(&Event::new("ev1", "南通杯", 0.0), &before), Ok(()), "no competition yet");
    let nt = builtin_format("nantong-80fen-team").unwrap();
    let mut after = before.clone();
    after.competitions.push(nt.competition("c1", "80分", vec!["e1".into(), "e2".into()]));
    validate_event(&after).unwrap();
    let short = ShortTeam { competition: "c1".into(), entrant: "e2".into(), have: 0, need: 4 };
    assert_eq!(check_teams(&before, &after), Err(short.clone()));
    assert_eq!(short.to_string(), "competitions c1: team e2 has 0 players; it needs 4 (2 pairs)");
    // One pair is not enough either; two are.
    after.entrants[1].members = vec!["蓝1".into(), "蓝2".into()];
    assert_eq!(check_teams(&before, &after), Err(ShortTeam { have: 2, ..short.clone() }));
    after.entrants[1].members = vec!["蓝1".into(), "蓝2".into(), "蓝3".into(), "蓝4".into()];
    assert_eq!(check_teams(&before, &after), Ok(()));
    // Clearing a team's members once it is entered is refused.
    let mut cleared = after.clone();
    cleared.entrants[0].members.clear();
    assert_eq!(check_teams(&after, &cleared), Err(ShortTeam { entrant: "e1".into(), ..short.clone() }));
    // An event stored short: other changes, and mending it, go through; making it worse not.
    let mut stored = after.clone();
    stored.entrants[1].members = vec!["蓝1".into()];
    let mut renamed = stored.clone();
    renamed.name = "南通杯 2".into();
    assert_eq!(check_teams(&stored, &renamed), Ok(()));
    let mut mended = stored.clone();
    mended.entrants[1].members.push("蓝2".into());
    assert_eq!(check_teams(&stored, &mended), Ok(()));
    let mut worse = stored.clone();
    worse.entrants[1].members.clear();
    assert!(check_teams(&stored, &worse).is_err());

    // A team of one pair is enough for a team event of one table; 双升 队式 seats both pairs
    // of a team in one match (RULES.md §1.3): four players.
    let two = |id: &str| team(id, id, &["甲", "乙"]);
    let mut e = Event::new("ev2", "x", 0.0);
    e.entrants = vec![two("e1"), two("e2")];
    let mut gd = e.clone();
    gd.competitions.push(builtin_format("jiankang-guandan-team").unwrap().competition(
        "c1",
        "掼蛋",
        vec!["e1".into(), "e2".into()],
    ));
    assert_eq!(check_teams(&e, &gd), Ok(()));
    let mut dup = e.clone();
    let d = builtin_format("yiyuan-duplicate-ko").unwrap().competition("c1", "双升", vec!["e1".into(), "e2".into()]);
    assert_eq!(d.team_players(), 4);
    dup.competitions.push(d);
    assert_eq!(check_teams(&e, &dup).unwrap_err().need, 4);
}

/// RULES.md §6 (seats named after the players, 000 §四(二)3): a pair entered in a 升级 or
/// 掼蛋 competition needs its two players, as a team needs its pairs — a pair with none or
/// one is refused, naming it; a pair entered in no competition may wait for them; a pair
/// stored short stays editable; a player needs no members.
#[test]
fn a_pair_without_its_two_players_is_refused_where_its_match_seats_them() {
    let pair = |id: &str, members: &[&str]| Entrant {
        id: id.into(),
        name: format!("{id}对"),
        kind: EntrantKind::Pair,
        members: members.iter().map(|m| m.to_string()).collect(),
        unit: String::new(),
    };
    let mut before = Event::new("ev1", "健康杯", 0.0);
    before.entrants = vec![pair("e1", &["甲", "乙"]), pair("e2", &[]), pair("e3", &["丙"])];
    assert_eq!(check_teams(&Event::new("ev1", "健康杯", 0.0), &before), Ok(()), "no competition yet");
    for format in ["jiankang-chaodipi-ko", "guandan-5-3-1-ko", "round-robin-2-1-0"] {
        let c = builtin_format(format).unwrap().competition("c1", "对抗", vec!["e1".into(), "e2".into(), "e3".into()]);
        assert_eq!(c.pair_players(), 2, "{format}");
        let mut after = before.clone();
        after.competitions.push(c);
        validate_event(&after).unwrap();
        let short = ShortTeam { competition: "c1".into(), entrant: "e2".into(), have: 0, need: 2 };
        assert_eq!(check_teams(&before, &after), Err(short.clone()), "{format}");
        after.entrants[1].members = vec!["丁".into(), "戊".into()];
        assert_eq!(check_teams(&before, &after), Err(ShortTeam { entrant: "e3".into(), have: 1, ..short.clone() }));
        after.entrants[2].members.push("己".into());
        assert_eq!(check_teams(&before, &after), Ok(()), "{format}");
        // Once entered, a pair's players cannot be cleared; a pair stored short can be mended.
        let mut cleared = after.clone();
        cleared.entrants[0].members.truncate(1);
        assert_eq!(check_teams(&after, &cleared), Err(ShortTeam { entrant: "e1".into(), have: 1, ..short.clone() }));
        let mut mended = cleared.clone();
        mended.entrants[0].members.push("乙".into());
        assert_eq!(check_teams(&cleared, &mended), Ok(()));
    }
    // Players of a 五子棋 competition need no members.
    let mut e = Event::new("ev2", "x", 0.0);
    e.entrants = vec![Entrant { members: vec![], kind: EntrantKind::Player, ..pair("e1", &[]) }];
    let mut rj = e.clone();
    rj.competitions.push(builtin_format("renju-rif-ko").unwrap().competition("c1", "五子棋", vec!["e1".into()]));
    assert_eq!(check_teams(&e, &rj), Ok(()));
}

/// A 64-team round robin (2,016 fixtures) with matches linked, legs swapped, desk forfeits
/// and a play-off reads back as itself: the event page keeps the event it stored beside
/// the stored text and takes it for that text without reading it again.
#[test]
fn a_large_event_reads_back_as_itself() {
    let mut e = Event::new("big", "健康杯", 1_717_171_717_171.5);
    for i in 1..=64 {
        e.entrants.push(Entrant {
            id: format!("e{i}"),
            name: format!("队{i} \"x\""),
            kind: EntrantKind::Team,
            members: (1..=4).map(|k| format!("{i}-{k}")).collect(),
            unit: "单位".into(),
        });
    }
    let f = builtin_format("jiankang-guandan-team").unwrap();
    let mut c = f.competition("c1", "掼蛋 团体", e.entrants.iter().map(|x| x.id.clone()).collect());
    draw::draw(&mut c, 9);
    schedule::generate(&mut c);
    assert_eq!(c.rounds.iter().map(|r| r.fixtures.len()).sum::<usize>(), 2016);
    for (k, fx) in c.rounds.iter_mut().flat_map(|r| r.fixtures.iter_mut()).enumerate().step_by(7) {
        fx.legs[0].match_id = Some(format!("m{k}"));
        fx.legs[0].swapped = k % 2 == 1;
        if k % 3 == 0 {
            fx.forfeits = vec![1];
        }
    }
    c.playoffs.push(Playoff { entrants: vec!["e1".into(), "e2".into()], winner: "e2".into() });
    e.competitions.push(c);
    validate_event(&e).unwrap();
    assert_eq!(load_event(&store_event(&e)).unwrap(), e);
}
