//! Rosters: teams (or pairs, or players) with their players, kept on the device across
//! events (`referee.roster`) so that the next event's entrants and a new match's teams are
//! picked instead of typed again. The stored value is a versioned document like an event's
//! ([`store_roster`], [`load_roster`]: `app`, `kind: "roster"`, `schema_version`
//! [`ROSTER_VERSION`], migrations, errors naming the field); `导出全部` carries it and an
//! import merges it by name ([`merge`]).

use super::{EntrantKind, MAX_MEMBERS, MAX_NAME};
use crate::record::schema::{self, said, ImportError, Migration, APP_ID};
use crate::rules::Arg;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Version of the roster document; an older value is migrated by [`ROSTER_MIGRATIONS`].
pub const ROSTER_VERSION: u32 = 1;
/// Migrations of the roster document, index = version migrated from (none yet: version 1
/// is the first).
pub const ROSTER_MIGRATIONS: &[Option<Migration>] = &[None];
/// Most teams a roster keeps.
pub const MAX_TEAMS: usize = 1000;

/// One kept team (or pair, or player): its name, kind, players in pair order, unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterTeam {
    /// The name (unique in the roster, ≤ [`MAX_NAME`] characters).
    pub name: String,
    /// Player, pair or team, as the entrant it was saved from.
    pub kind: EntrantKind,
    /// The players, in pair order (≤ [`MAX_MEMBERS`], each ≤ [`MAX_NAME`] characters).
    #[serde(default)]
    pub members: Vec<String>,
    /// The unit or club it represents, if any.
    #[serde(default)]
    pub unit: String,
}

/// The roster: kept teams in the order they were first saved.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Roster {
    /// The teams.
    pub teams: Vec<RosterTeam>,
}

/// The stored document of a roster.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredRoster {
    schema_version: u32,
    app: String,
    kind: String,
    roster: Roster,
}

/// Checks a roster: at most [`MAX_TEAMS`] teams, each with a name that is not empty and
/// not another team's, names and players within their limits. Errors name the field
/// (`teams[3].members[1]`).
pub fn validate_roster(r: &Roster) -> Result<(), ImportError> {
    if r.teams.len() > MAX_TEAMS {
        return Err(said!("teams", "imp.roster_teams", max = Arg::Num(MAX_TEAMS as i64)));
    }
    let mut names = std::collections::HashSet::new();
    for (i, t) in r.teams.iter().enumerate() {
        let f = |x: &str| format!("teams[{i}].{x}");
        if t.name.trim().is_empty() {
            return Err(said!(f("name"), "imp.empty"));
        }
        if t.name.chars().count() > MAX_NAME {
            return Err(said!(f("name"), "imp.too_long", max = Arg::Num(MAX_NAME as i64)));
        }
        if !names.insert(t.name.as_str()) {
            return Err(said!(f("name"), "imp.twice", id = Arg::Text(format!("{:?}", t.name))));
        }
        if t.unit.chars().count() > MAX_NAME {
            return Err(said!(f("unit"), "imp.too_long", max = Arg::Num(MAX_NAME as i64)));
        }
        if t.members.len() > MAX_MEMBERS {
            return Err(said!(f("members"), "imp.ev_members", max = Arg::Num(MAX_MEMBERS as i64)));
        }
        for (k, m) in t.members.iter().enumerate() {
            if m.chars().count() > MAX_NAME {
                return Err(said!(f(&format!("members[{k}]")), "imp.too_long", max = Arg::Num(MAX_NAME as i64)));
            }
        }
    }
    Ok(())
}

/// The roster as a stored document (localStorage `referee.roster`).
pub fn store_roster(r: &Roster) -> String {
    crate::json::to_string(&roster_doc(r)).expect("a roster always serializes")
}

/// The roster's document as a JSON value (what `导出全部` carries as `roster`).
pub fn roster_doc(r: &Roster) -> Value {
    let s =
        StoredRoster { schema_version: ROSTER_VERSION, app: APP_ID.into(), kind: "roster".into(), roster: r.clone() };
    serde_json::to_value(&s).expect("a roster always serializes")
}

/// Reads a stored roster document: size limit → JSON → `app` → `kind` → version (a newer
/// one refused: "update the app"; an older one migrated) → typed parse (errors name the
/// field) → [`validate_roster`]. Nothing is returned on error.
pub fn load_roster(text: &str) -> Result<Roster, ImportError> {
    roster_from_doc(schema::read_json(text)?)
}

/// [`load_roster`] of a document already parsed (the `roster` of an export file).
pub fn roster_from_doc(doc: Value) -> Result<Roster, ImportError> {
    if doc.get("app").and_then(Value::as_str) != Some(APP_ID) {
        return Err(said!("app", "imp.not_app"));
    }
    schema::check_kind(&doc, "roster", true)?;
    let doc = schema::migrate_with(doc, ROSTER_VERSION, ROSTER_MIGRATIONS)?;
    let s: StoredRoster = crate::json::from_value(&doc).map_err(schema::bad_value)?;
    validate_roster(&s.roster).map_err(|e| schema::prefix("roster", e))?;
    Ok(s.roster)
}

impl Roster {
    /// The team named `name`.
    pub fn team(&self, name: &str) -> Option<&RosterTeam> {
        self.teams.iter().find(|t| t.name == name)
    }
    /// Keeps `t`: replaces the team of the same name (trimmed), or adds it at the end.
    /// `false` when it changed nothing.
    pub fn put(&mut self, mut t: RosterTeam) -> bool {
        t.name = t.name.trim().to_string();
        t.members = t.members.into_iter().map(|m| m.trim().to_string()).filter(|m| !m.is_empty()).collect();
        match self.teams.iter_mut().find(|x| x.name == t.name) {
            Some(x) if *x == t => false,
            Some(x) => {
                *x = t;
                true
            }
            None => {
                self.teams.push(t);
                true
            }
        }
    }
    /// Removes the team named `name`.
    pub fn remove(&mut self, name: &str) {
        self.teams.retain(|t| t.name != name);
    }
}

/// The roster team of an event's entrant (its name, kind, members and unit).
pub fn from_entrant(e: &super::Entrant) -> RosterTeam {
    RosterTeam { name: e.name.clone(), kind: e.kind, members: e.members.clone(), unit: e.unit.clone() }
}

/// A team as one line of the entrants' text (`name: player, player`), as
/// [`super::parse_entrant_lines`] reads it.
pub fn entrant_line(t: &RosterTeam) -> String {
    if t.members.is_empty() {
        t.name.clone()
    } else {
        format!("{}: {}", t.name, t.members.join(", "))
    }
}

/// What an import's roster does beside this device's: a team not here (by name) is added
/// at the end, one here is kept as it is here (equal or not). Gives the roster and how many
/// teams were added.
pub fn merge(local: &Roster, incoming: &Roster) -> (Roster, usize) {
    let mut out = local.clone();
    let mut added = 0;
    for t in &incoming.teams {
        if out.team(&t.name).is_none() && out.teams.len() < MAX_TEAMS {
            out.teams.push(t.clone());
            added += 1;
        }
    }
    (out, added)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn team(name: &str, members: &[&str]) -> RosterTeam {
        RosterTeam {
            name: name.into(),
            kind: EntrantKind::Team,
            members: members.iter().map(|m| m.to_string()).collect(),
            unit: String::new(),
        }
    }

    fn two() -> Roster {
        Roster {
            teams: vec![team("红队", &["红甲", "红乙"]), team("蓝队", &["蓝甲", "蓝乙", "蓝丙", "蓝丁"])]
        }
    }

    #[test]
    fn a_roster_round_trips_through_its_stored_document() {
        let r = two();
        let text = store_roster(&r);
        let doc: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(doc["kind"], "roster");
        assert_eq!(doc["schema_version"], ROSTER_VERSION);
        assert_eq!(doc["app"], APP_ID);
        assert_eq!(load_roster(&text).unwrap(), r);
        assert_eq!(roster_from_doc(roster_doc(&r)).unwrap(), r);
        assert_eq!(load_roster(&store_roster(&Roster::default())).unwrap(), Roster::default());
    }

    #[test]
    fn a_value_that_does_not_read_is_refused_naming_the_field() {
        let r = two();
        let doc = roster_doc(&r);
        let with = |f: &dyn Fn(&mut Value)| {
            let mut d = doc.clone();
            f(&mut d);
            load_roster(&d.to_string()).unwrap_err()
        };
        assert_eq!(load_roster("{not json").unwrap_err().field, "");
        assert_eq!(with(&|d| d["app"] = "other".into()).field, "app");
        assert_eq!(with(&|d| d["kind"] = "event".into()).field, "kind");
        let newer = with(&|d| d["schema_version"] = (ROSTER_VERSION + 1).into());
        assert_eq!(newer.field, "schema_version");
        assert!(newer.reason.contains("newer"), "{newer:?}");
        // Version 0 has no migration: refused, not read as something else.
        assert_eq!(with(&|d| d["schema_version"] = 0.into()).field, "schema_version");
        assert_eq!(with(&|d| d["roster"]["teams"][1]["name"] = "红队".into()).field, "roster.teams[1].name");
        assert_eq!(with(&|d| d["roster"]["teams"][0]["name"] = " ".into()).field, "roster.teams[0].name");
        assert_eq!(
            with(&|d| d["roster"]["teams"][0]["members"][1] = "x".repeat(61).into()).field,
            "roster.teams[0].members[1]"
        );
        assert!(with(&|d| d["roster"]["teams"][0]["kind"] = "club".into()).field.starts_with("roster.teams[0]"));
        assert!(with(&|d| d["roster"]["extra"] = 1.into()).field.starts_with("roster"));
    }

    #[test]
    fn put_replaces_by_name_and_trims() {
        let mut r = two();
        assert!(!r.put(team("红队", &["红甲", "红乙"])));
        assert!(r.put(team(" 红队 ", &["红甲", " 红丙 ", ""])));
        assert_eq!(r.teams[0], team("红队", &["红甲", "红丙"]));
        assert!(r.put(team("绿队", &[])));
        assert_eq!(r.teams.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), ["红队", "蓝队", "绿队"]);
        r.remove("蓝队");
        assert_eq!(r.teams.len(), 2);
        assert_eq!(entrant_line(&r.teams[0]), "红队: 红甲, 红丙");
        assert_eq!(entrant_line(&r.teams[1]), "绿队");
    }

    #[test]
    fn an_import_adds_the_teams_not_here_and_keeps_this_devices() {
        let local = two();
        let incoming = Roster { teams: vec![team("红队", &["别人"]), team("黄队", &["黄甲", "黄乙"])] };
        let (out, added) = merge(&local, &incoming);
        assert_eq!(added, 1);
        assert_eq!(out.teams[0], local.teams[0]);
        assert_eq!(out.teams[2], incoming.teams[1]);
        assert_eq!(merge(&out, &incoming), (out.clone(), 0));
    }

    #[test]
    fn export_all_carries_the_roster_and_the_import_reads_it() {
        use crate::tournament::{export_bundle, export_bundle_with, parse_bundle, parse_roster, Event};
        let r = two();
        let e = Event::new("ev1", "健康杯", 1.0);
        let text = export_bundle_with::<crate::record::Match>(&[], std::slice::from_ref(&e), Some(&r), 5.0);
        let doc: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(doc["roster"]["kind"], "roster");
        assert_eq!(parse_roster(&text).unwrap(), Some(r.clone()));
        // The rest of the file reads as before.
        assert_eq!(parse_bundle(&text).unwrap().events, vec![e.clone()]);
        // No roster, or an empty one: the file has none.
        let plain = export_bundle::<crate::record::Match>(&[], std::slice::from_ref(&e), 5.0);
        assert_eq!(parse_roster(&plain).unwrap(), None);
        let empty = export_bundle_with::<crate::record::Match>(&[], &[], Some(&Roster::default()), 5.0);
        assert!(serde_json::from_str::<Value>(&empty).unwrap().get("roster").is_none());
        // A roster file alone is an import too: no match, no event, its roster.
        let file = store_roster(&r);
        assert_eq!(parse_bundle(&file).unwrap(), Default::default());
        assert_eq!(parse_roster(&file).unwrap(), Some(r.clone()));
        // A bad roster in an export is refused, naming the field; an event file has none.
        let mut bad = doc.clone();
        bad["roster"]["roster"]["teams"][0]["name"] = "".into();
        assert_eq!(parse_roster(&bad.to_string()).unwrap_err().field, "roster.roster.teams[0].name");
        assert_eq!(parse_roster(&crate::tournament::store_event(&e)).unwrap(), None);
    }
}
