//! The checks of a whole event ([`validate_event`]) and its versioned document
//! ([`store_event`], [`load_event`]: envelope, version, migrations, field paths).

use super::*;
use crate::record::schema::said;
use crate::rules::Arg;

fn check_id(id: &str, field: &str, max: usize) -> Result<(), ImportError> {
    if id.is_empty() || id.len() > max || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(said!(field, "imp.not_id_n", id = Arg::Text(format!("{:?}", id)), max = Arg::Num(max as i64)));
    }
    Ok(())
}

fn check_name(s: &str, field: &str, max: usize) -> Result<(), ImportError> {
    if s.chars().count() > max {
        return Err(said!(field, "imp.too_long", max = Arg::Num(max as i64)));
    }
    Ok(())
}

/// Checks every calendar date written in an event's `dates` text: each run of
/// `YYYY-M-D` (also with `/` or `.` between the numbers) must be a day that exists
/// (month 1–12, day within its month, 29 February only in a leap year). Other text
/// (`5月1日–3日`, `2024-05-01—03`) is free. Used where a referee types the dates, not
/// on stored or imported events (an event saved before this check still opens).
/// Error: field `dates`, key `imp.not_date` naming the first impossible date.
pub fn check_dates(s: &str) -> Result<(), ImportError> {
    let b = s.as_bytes();
    let digits = |i: usize| b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() || (i > 0 && b[i - 1].is_ascii_digit()) {
            i += 1;
            continue;
        }
        let n1 = digits(i);
        let sep = b.get(i + n1).copied();
        let date = (|| {
            if n1 != 4 || !matches!(sep, Some(b'-' | b'/' | b'.')) {
                return None;
            }
            let j = i + n1 + 1;
            let n2 = digits(j);
            if !(1..=2).contains(&n2) || b.get(j + n2) != sep.as_ref() {
                return None;
            }
            let k = j + n2 + 1;
            let n3 = digits(k);
            if !(1..=2).contains(&n3) {
                return None;
            }
            let num = |a: usize, n: usize| s[a..a + n].parse::<u32>().ok();
            Some((num(i, 4)?, num(j, n2)?, num(k, n3)?, k + n3))
        })();
        match date {
            Some((y, m, d, end)) => {
                let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
                let days = match m {
                    1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
                    4 | 6 | 9 | 11 => 30,
                    2 if leap => 29,
                    2 => 28,
                    _ => 0,
                };
                if d == 0 || d > days {
                    return Err(said!("dates", "imp.not_date", date = Arg::Text(s[i..end].to_string())));
                }
                i = end;
            }
            None => i += n1,
        }
    }
    Ok(())
}

/// A competition's name when none is typed: the game's name and the format's name
/// (`game`, `format`: both as shown, in the UI language), or the format's alone when it
/// names the game already — by its whole name or by one of the names the game's name lists
/// ("升级 / 80分 / 炒地皮", "Shengji (80 Points, Chaodipi)": a format called
/// "南通纺院 80分团体" is one of 80分), spaces and case aside —, within [`MAX_NAME`] characters: without the
/// format's note in brackets when it is too long, cut with "…" if still too long.
pub fn default_competition_name(game: &str, format: &str) -> String {
    // Compared in lower case with the spaces left out ("双升 队式" names "医院双升队式淘汰").
    let bare = |s: &str| s.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_lowercase).collect::<String>();
    let format_bare = bare(format);
    let names = std::iter::once(game).chain(game.split(['/', '(', ')', ',', '（', '）', '，']));
    let named = names.map(bare).any(|n| !n.is_empty() && format_bare.contains(&n));
    let full = if named { format.to_string() } else { format!("{game} {format}") };
    let fits = |s: &str| s.chars().count() <= MAX_NAME;
    if fits(&full) {
        return full;
    }
    if let Some((head, _)) = full.split_once(" (").or_else(|| full.split_once(" （")) {
        if fits(head) {
            return head.to_string();
        }
    }
    let mut cut: String = full.chars().take(MAX_NAME - 1).collect();
    cut.push('…');
    cut
}

/// The name a competition made from format `f` gets when none is typed, for the game `game`
/// and game preset `preset` the new-competition form has chosen: [`default_competition_name`]
/// of the format's name (`format_name`) after the game's name (`game_name`) while the form
/// keeps the format's own game and preset, else after the chosen preset's name
/// (`preset_name`) — so the name says which rules (规则) are played: the 南通 team format
/// played with 青浦 80分 (RULES.md §1 presets) is "青浦 80分 南通纺院 80分团体 …". Names as
/// shown, in the UI language.
pub fn new_competition_name(
    f: &FormatPreset,
    game: &str,
    preset: &str,
    game_name: &str,
    preset_name: &str,
    format_name: &str,
) -> String {
    let own = f.game == game && f.preset_id == preset;
    default_competition_name(if own { game_name } else { preset_name }, format_name)
}

/// Semantic checks of an event: ids (event ≤ 40, entrants and fixtures ≤ 12, competitions
/// ≤ 8 characters) unique where they must be; names ≤ 60 characters; every entrant a
/// competition lists exists; draw numbers belong to its entrants and are unique; every slot
/// names an entrant of the competition or an earlier fixture; side indexes in range; a game
/// id and preset that exist. Errors name the field (`competitions[0].rounds[2].fixtures[1].sides[0]`).
pub fn validate_event(e: &Event) -> Result<(), ImportError> {
    check_id(&e.id, "id", 40)?;
    check_name(&e.name, "name", MAX_NAME)?;
    check_name(&e.dates, "dates", MAX_NAME)?;
    check_name(&e.venue, "venue", MAX_NAME)?;
    schema::check_time(e.created_ms, "created_ms")?;
    if e.entrants.len() > MAX_ENTRANTS {
        return Err(said!("entrants", "imp.ev_entrants", max = Arg::Num(MAX_ENTRANTS as i64)));
    }
    let mut ids = HashSet::new();
    for (i, en) in e.entrants.iter().enumerate() {
        let f = |x: &str| format!("entrants[{i}].{x}");
        check_id(&en.id, &f("id"), 12)?;
        if !ids.insert(en.id.as_str()) {
            return Err(said!(f("id"), "imp.twice", id = Arg::Text(format!("{:?}", en.id))));
        }
        check_name(&en.name, &f("name"), MAX_NAME)?;
        // A table's match names its sides after the entrants (a set-up needs the names).
        schema::check_named(&en.name, f("name"))?;
        check_name(&en.unit, &f("unit"), MAX_NAME)?;
        if en.members.len() > MAX_MEMBERS {
            return Err(said!(f("members"), "imp.ev_members", max = Arg::Num(MAX_MEMBERS as i64)));
        }
        for (k, m) in en.members.iter().enumerate() {
            check_name(m, &f(&format!("members[{k}]")), MAX_NAME)?;
        }
    }
    let mut cids = HashSet::new();
    for (ci, c) in e.competitions.iter().enumerate() {
        let f = |x: &str| format!("competitions[{ci}].{x}");
        check_id(&c.id, &f("id"), 8)?;
        if !cids.insert(c.id.as_str()) {
            return Err(said!(f("id"), "imp.twice", id = Arg::Text(format!("{:?}", c.id))));
        }
        check_name(&c.name, &f("name"), MAX_NAME)?;
        check_name(&c.source, &f("source"), 200)?;
        if preset_ids(&c.game).is_empty() {
            return Err(said!(f("game"), "imp.ev_not_game", id = Arg::Text(format!("{:?}", c.game))));
        }
        if !preset_ids(&c.game).contains(&c.preset_id) {
            return Err(said!(
                f("preset_id"),
                "imp.ev_not_preset",
                id = Arg::Text(format!("{:?}", c.preset_id)),
                game = Arg::Text(c.game.clone())
            ));
        }
        if c.legs == 0 || c.legs > 8 {
            return Err(said!(f("legs"), "imp.between", lo = Arg::Num(1), hi = Arg::Num(8)));
        }
        match c.format {
            Format::Knockout { best_of, long_best_of, .. } => {
                for (k, v) in [("best_of", best_of), ("long_best_of", long_best_of)] {
                    if v == 0 || v > 9 || v % 2 == 0 {
                        return Err(said!(f(&format!("format.{k}")), "imp.ev_odd"));
                    }
                }
            }
            Format::Groups { size } if !(2..=8).contains(&size) => {
                return Err(said!(f("format.size"), "imp.between", lo = Arg::Num(2), hi = Arg::Num(8)));
            }
            Format::RoundRobin { max_rounds: Some(0), .. } => {
                return Err(said!(f("format.max_rounds"), "imp.at_least", min = Arg::Num(1)))
            }
            Format::RoundRobin { group_size: Some(g), .. } if !(2..=16).contains(&g) => {
                return Err(said!(f("format.group_size"), "imp.between", lo = Arg::Num(2), hi = Arg::Num(16)));
            }
            _ => {}
        }
        let mut seen = HashSet::new();
        for (k, id) in c.entrants.iter().enumerate() {
            if !ids.contains(id.as_str()) {
                return Err(said!(
                    f(&format!("entrants[{k}]")),
                    "imp.ev_no_entrant",
                    id = Arg::Text(format!("{:?}", id))
                ));
            }
            if !seen.insert(id.as_str()) {
                return Err(said!(f(&format!("entrants[{k}]")), "imp.twice", id = Arg::Text(format!("{:?}", id))));
            }
        }
        let mut nums = HashSet::new();
        for (id, n) in &c.draw.numbers {
            if !seen.contains(id.as_str()) {
                return Err(said!(f(&format!("draw.numbers.{id}")), "imp.ev_not_in_comp"));
            }
            if *n == 0 || !nums.insert(*n) {
                return Err(said!(f(&format!("draw.numbers.{id}")), "imp.ev_draw_no", n = Arg::Num(*n as i64)));
            }
        }
        for (k, p) in c.playoffs.iter().enumerate() {
            let fp = |x: &str| f(&format!("playoffs[{k}].{x}"));
            let mut who = HashSet::new();
            for (i, id) in p.entrants.iter().enumerate() {
                if !seen.contains(id.as_str()) || !who.insert(id.as_str()) {
                    return Err(said!(
                        fp(&format!("entrants[{i}]")),
                        "imp.ev_playoff_entrant",
                        id = Arg::Text(format!("{:?}", id))
                    ));
                }
            }
            if who.len() < 2 {
                return Err(said!(fp("entrants"), "imp.ev_playoff_two"));
            }
            if !who.contains(p.winner.as_str()) {
                return Err(said!(fp("winner"), "imp.ev_playoff_winner", id = Arg::Text(format!("{:?}", p.winner))));
            }
        }
        let mut fids: HashSet<&str> = HashSet::new();
        for (ri, r) in c.rounds.iter().enumerate() {
            for (fi, fx) in r.fixtures.iter().enumerate() {
                let ff = |x: &str| f(&format!("rounds[{ri}].fixtures[{fi}].{x}"));
                check_id(&fx.id, &ff("id"), 12)?;
                if fids.contains(fx.id.as_str()) {
                    return Err(said!(ff("id"), "imp.twice", id = Arg::Text(format!("{:?}", fx.id))));
                }
                if fx.sides.is_empty() || fx.sides.len() > 8 {
                    return Err(said!(ff("sides"), "imp.ev_sides"));
                }
                for (si, s) in fx.sides.iter().enumerate() {
                    match s {
                        Slot::Entrant { id } if !seen.contains(id.as_str()) => {
                            return Err(said!(
                                ff(&format!("sides[{si}]")),
                                "imp.ev_side_not_in_comp",
                                id = Arg::Text(format!("{:?}", id))
                            ))
                        }
                        Slot::Winner { fixture } if !fids.contains(fixture.as_str()) => {
                            return Err(said!(
                                ff(&format!("sides[{si}]")),
                                "imp.ev_no_fixture",
                                id = Arg::Text(format!("{:?}", fixture))
                            ))
                        }
                        _ => {}
                    }
                }
                for (k, s) in fx.forfeits.iter().enumerate() {
                    if *s >= fx.sides.len() {
                        return Err(said!(ff(&format!("forfeits[{k}]")), "imp.ev_no_side"));
                    }
                }
                for (li, l) in fx.legs.iter().enumerate() {
                    if let Some(m) = &l.match_id {
                        check_id(m, &ff(&format!("legs[{li}].match_id")), 64)?;
                    }
                }
                fids.insert(fx.id.as_str());
            }
        }
    }
    for (i, c) in e.conflicts.iter().enumerate() {
        check_id(&c.match_id, &format!("conflicts[{i}].match_id"), 64)?;
    }
    Ok(())
}

/// A stored or exported event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredEvent {
    /// Schema version ([`EVENT_VERSION`]).
    pub schema_version: u32,
    /// Always [`APP_ID`].
    pub app: String,
    /// Always `"event"`.
    pub kind: String,
    /// The event.
    pub event: Event,
}

/// Serializes an event for localStorage (`referee.event.<id>`) or as an export file.
pub fn store_event(e: &Event) -> String {
    let s = StoredEvent { schema_version: EVENT_VERSION, app: APP_ID.into(), kind: "event".into(), event: e.clone() };
    crate::json::to_string(&s).expect("an event always serializes")
}

/// Reads a stored or exported event: size limit → JSON → `app` → version (a newer one is
/// refused: "update the app"; an older one migrated by [`EVENT_MIGRATIONS`]) → `kind` →
/// typed parse (errors carry the field path) → [`validate_event`]. Nothing changes on error.
pub fn load_event(text: &str) -> Result<Event, ImportError> {
    let doc = schema::read_json(text)?;
    if doc.get("app").and_then(Value::as_str) != Some(APP_ID) {
        return Err(said!("app", "imp.not_app"));
    }
    // Another kind of file (a match export has its own version numbers) is named as such
    // before its version is compared with the event schema's.
    schema::check_kind(&doc, "event", false)?;
    let doc = schema::migrate_with(doc, EVENT_VERSION, EVENT_MIGRATIONS)?;
    schema::check_kind(&doc, "event", true)?;
    let s: StoredEvent = crate::json::from_value(&doc).map_err(schema::bad_value)?;
    validate_event(&s.event).map_err(|e| schema::prefix("event", e))?;
    Ok(s.event)
}

/// What one import file holds: matches, events, or both (`导出全部`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bundle {
    /// The matches, each validated.
    pub matches: Vec<crate::record::Match>,
    /// The events, each validated.
    pub events: Vec<Event>,
}

/// Serializes matches and events as one export file ([`schema::Export`] with its
/// `events`: each a document of [`store_event`]).
pub fn export_bundle<M: std::borrow::Borrow<crate::record::Match>>(
    matches: &[M],
    events: &[Event],
    now_ms: f64,
) -> String {
    export_bundle_with(matches, events, None, now_ms)
}

/// [`export_bundle`] carrying the roster too (`导出全部`: [`schema::Export::roster`], a
/// document of [`super::roster::store_roster`]); an empty roster is left out.
pub fn export_bundle_with<M: std::borrow::Borrow<crate::record::Match>>(
    matches: &[M],
    events: &[Event],
    roster: Option<&super::roster::Roster>,
    now_ms: f64,
) -> String {
    let roster = roster.filter(|r| !r.teams.is_empty()).map(super::roster::roster_doc);
    let docs: Vec<Value> = events
        .iter()
        .map(|e| {
            let s = StoredEvent {
                schema_version: EVENT_VERSION,
                app: APP_ID.into(),
                kind: "event".into(),
                event: e.clone(),
            };
            serde_json::to_value(&s).expect("an event always serializes")
        })
        .collect();
    schema::export_with_roster(matches, &docs, roster.as_ref(), now_ms)
}

/// Reads any file the app writes for import: an event file ([`load_event`]), one stored
/// match, or an export (matches, and the events it carries, each read as an event file
/// is). Everything is validated before anything is returned; errors name the field
/// (`events[1].event.competitions[0].game`, `matches[2].entries[5]…`).
pub fn parse_bundle(text: &str) -> Result<Bundle, ImportError> {
    let kind = serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|d| d.get("kind").and_then(Value::as_str).map(str::to_string));
    if kind.as_deref() == Some("event") {
        return Ok(Bundle { matches: Vec::new(), events: vec![load_event(text)?] });
    }
    // A roster file holds no match or event: its roster is read by [`parse_roster`].
    if kind.as_deref() == Some("roster") {
        parse_roster(text)?;
        return Ok(Bundle::default());
    }
    let matches = schema::parse_import(text)?;
    let mut events = Vec::new();
    if kind.as_deref() == Some("export") {
        let doc = schema::read_json(text)?;
        let docs = doc.get("events").and_then(Value::as_array).cloned().unwrap_or_default();
        let mut seen = std::collections::HashSet::new();
        for (i, d) in docs.iter().enumerate() {
            let e = load_event(&d.to_string()).map_err(|e| {
                let field =
                    if e.field.is_empty() { format!("events[{i}]") } else { format!("events[{i}].{}", e.field) };
                ImportError { field, ..e }
            })?;
            if !seen.insert(e.id.clone()) {
                return Err(said!(
                    format!("events[{i}].event.id"),
                    "imp.twice_in_file",
                    id = Arg::Text(format!("{:?}", e.id))
                ));
            }
            events.push(e);
        }
    }
    Ok(Bundle { matches, events })
}

/// The roster an import file carries: a roster file's, or an export's `roster`
/// ([`schema::Export::roster`]); `None` in any other file. Errors name the field
/// (`roster.roster.teams[2].name` in an export).
pub fn parse_roster(text: &str) -> Result<Option<super::roster::Roster>, ImportError> {
    let Ok(doc) = serde_json::from_str::<Value>(text) else { return Ok(None) };
    match doc.get("kind").and_then(Value::as_str) {
        Some("roster") => super::roster::load_roster(text).map(Some),
        Some("export") => match doc.get("roster") {
            None | Some(Value::Null) => Ok(None),
            Some(r) => {
                // Read without `read_json`: its check of keys given twice is made here.
                schema::no_duplicate_keys(text)?;
                super::roster::roster_from_doc(r.clone()).map(Some).map_err(|e| {
                    let field = if e.field.is_empty() { "roster".into() } else { format!("roster.{}", e.field) };
                    ImportError { field, ..e }
                })
            }
        },
        _ => Ok(None),
    }
}

/// What importing `incoming` events does beside `local` ones: an event not here is added;
/// one here already and equal changes nothing; one here that differs keeps this device's
/// version (replacing an event is the event page's import, which says so).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventImport {
    /// Events to store.
    pub added: Vec<Event>,
    /// Ids of events here already, equal.
    pub unchanged: Vec<String>,
    /// Names of events here already that differ: this device's version stays.
    pub kept_local: Vec<String>,
}

/// Sorts `incoming` events into [`EventImport`] against `local`.
pub fn import_events(local: &[Event], incoming: &[Event]) -> EventImport {
    let mut out = EventImport::default();
    for e in incoming {
        match local.iter().find(|l| l.id == e.id) {
            None => out.added.push(e.clone()),
            Some(l) if l == e => out.unchanged.push(e.id.clone()),
            Some(l) => out.kept_local.push(l.name.clone()),
        }
    }
    out
}
