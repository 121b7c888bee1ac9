//! Each table's match, created from the schedule: the competition's game and preset (its
//! own copy, with the fixture's best-of and the rounds-per-match override), the entrants'
//! names, and the seats — side 0 at N/S (team `A`) unless the seat rule or the leg turns it.
//!
//! Seats: a knock-out fixture whose sides came from earlier results is oriented when its
//! match is made (`LowerDrawNorthSouth`: the lower draw number sits N/S). A team fixture of
//! several legs alternates: in leg 2, 4 … side 1 sits N/S, so each team has one pair N/S
//! and one E/W (as in 双升 队式, RULES.md §1.3). The choice is stored in [`super::Leg::swapped`].
//!
//! Ids: a leg's match id names the entrants it is made for ([`leg_match_id`]), so a fixture
//! whose entrants changed (a new draw, a knock-out side decided otherwise) gets a new match
//! and never the record of another pairing; the standings count a linked match only when
//! it was made for the fixture's entrants ([`made_for`]).

use super::standings::FixtureResult;
use super::{draw, Competition, Entrant, EntrantKind, Event, SeatRule, Slot};
use crate::record::game::GameId;
use crate::record::Match;
use crate::rules::{Seat, Team};
use std::collections::BTreeMap;

/// Why a table's match cannot be made (yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegError {
    /// No such fixture or leg.
    NoSuchLeg,
    /// A side is not known yet (a knock-out winner still to be decided).
    Unresolved,
    /// The fixture is a bye.
    Bye,
    /// The leg already has a match.
    Exists(String),
    /// A group session needs this many players.
    GroupSize {
        /// Players in the group.
        have: usize,
        /// Players the preset needs.
        want: usize,
    },
    /// The game or preset is not built in.
    Preset(String),
}

impl std::fmt::Display for LegError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LegError::NoSuchLeg => f.write_str("no such fixture or table"),
            LegError::Unresolved => f.write_str("a side is not known yet"),
            LegError::Bye => f.write_str("a bye has no match"),
            LegError::Exists(id) => write!(f, "the match {id} exists"),
            LegError::GroupSize { have, want } => write!(f, "{have} players; a session needs {want}"),
            LegError::Preset(p) => write!(f, "no built-in preset {p}"),
        }
    }
}

/// What a game needs to set up a leg's match ([`crate::record::game::Game::leg_setup`]):
/// the competition's preset and overrides, and the sides in the order they sit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg<'a> {
    /// The competition's built-in game preset.
    pub preset_id: &'a str,
    /// The fixture's best-of; 0 keeps the preset's.
    pub best_of: u32,
    /// The competition's rounds-per-match override (掼蛋).
    pub rounds_per_match: Option<u32>,
    /// The fixture is in one of a knock-out's long rounds (`long_rounds`: the semi-finals and
    /// the final of 002), which some presets play without game limits.
    pub long_round: bool,
    /// The sides in seat order ([`seated`]): with two, the one at N/S (team `A`) first.
    pub sides: Vec<LegSide>,
}

/// One side of a leg's match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LegSide {
    /// Its name in the match (a team of several legs: with the leg's number).
    pub name: String,
    /// The pair that plays this leg (N, S or E, W).
    pub pair: [String; 2],
    /// A team's first and second pairs (双升 fields both in one match).
    pub pairs: [[String; 2]; 2],
}

impl Leg<'_> {
    /// The error for a preset the game does not have built in.
    pub fn bad(&self) -> LegError {
        LegError::Preset(self.preset_id.to_string())
    }
    /// Side `i`, or an empty one.
    pub fn side(&self, i: usize) -> &LegSide {
        const NONE: [String; 2] = [String::new(), String::new()];
        static EMPTY: LegSide = LegSide { name: String::new(), pair: NONE, pairs: [NONE, NONE] };
        self.sides.get(i).unwrap_or(&EMPTY)
    }
    /// Team names: side 0 is `A`, side 1 `B`.
    pub fn teams(&self) -> BTreeMap<Team, String> {
        [(Team::A, self.side(0).name.clone()), (Team::B, self.side(1).name.clone())].into_iter().collect()
    }
    /// Player names by seat: side 0's pair at N/S, side 1's at E/W.
    pub fn players(&self) -> BTreeMap<Seat, String> {
        let ([n, s], [e, w]) = (self.side(0).pair.clone(), self.side(1).pair.clone());
        [(Seat::N, n), (Seat::S, s), (Seat::E, e), (Seat::W, w)].into_iter().collect()
    }
    /// Every side's name, in order.
    pub fn names(&self) -> Vec<String> {
        self.sides.iter().map(|x| x.name.clone()).collect()
    }
    /// A session's players, checked against the `want` its preset seats.
    pub fn session_players(&self, want: usize) -> Result<Vec<String>, LegError> {
        let names = self.names();
        if names.len() != want {
            return Err(LegError::GroupSize { have: names.len(), want });
        }
        Ok(names)
    }
}

/// Longest match id the match schema takes.
const MAX_MATCH_ID: usize = 64;

/// The entrants of a fixture in the order they sit in a leg's match: with two sides, the
/// one at N/S (team `A`) first — side 1 when the leg is `swapped`; a group session's
/// players in side order. `None` while a side is not known (a bye, a winner still to be
/// decided).
pub fn seated(sides: &[Option<String>], swapped: bool) -> Option<Vec<String>> {
    let mut v = sides.iter().cloned().collect::<Option<Vec<String>>>()?;
    if swapped && v.len() == 2 {
        v.swap(0, 1);
    }
    Some(v)
}

/// The entrants' tag in a match id: 8 lowercase hex digits of FNV-1a over the entrant ids
/// in seat order ([`seated`]).
pub fn sides_tag(seated: &[String]) -> String {
    let h = draw::fnv1a(seated.join("\u{1f}").as_bytes());
    format!("{:08x}", (h ^ (h >> 32)) as u32)
}

/// The deterministic id of a leg's match: `<event>-<competition>-<fixture>-<leg>-<tag>`
/// (1-based leg; the tag is [`sides_tag`] of the entrants in seat order), so the desk and a
/// table that both make it from the same event get the same id, while the same fixture
/// and leg with other entrants or seats (after a new draw) get another one. An event id so
/// long that the match id would pass 64 characters is replaced by 8 hex digits of its hash.
pub fn leg_match_id(e: &Event, c: &Competition, fixture: &str, leg: usize, seated: &[String]) -> String {
    let rest = format!("{}-{}-{}-{}", c.id, fixture, leg + 1, sides_tag(seated));
    if e.id.len() + 1 + rest.len() <= MAX_MATCH_ID {
        format!("{}-{rest}", e.id)
    } else {
        format!("{:08x}-{rest}", draw::fnv1a(e.id.as_bytes()) as u32)
    }
}

/// Whether the match `id`, linked from leg `leg` (0-based) of fixture `fixture`, was made
/// for these entrants in these seats (`seated`, [`seated`]; `None` while a side is not
/// known). An id made by [`leg_match_id`] for this fixture and leg carries its entrants'
/// tag, which must be theirs; an id without one (made by a build before the ids carried
/// it) cannot be checked and is taken as before.
pub fn made_for(id: &str, fixture: &str, leg: usize, seated: Option<&[String]>) -> bool {
    let Some((head, tag)) = id.rsplit_once('-') else { return true };
    let tagged = tag.len() == 8
        && tag.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && head.ends_with(&format!("-{fixture}-{}", leg + 1));
    !tagged || seated.is_some_and(|s| sides_tag(s) == tag)
}

/// Whether the match `id` was made for a leg of competition `c` of event `e`: an id of the
/// shape [`leg_match_id`] gives (`<event>-<competition>-r<n>f<n>-<leg>-<tag>`, the event's
/// part its id or, for a long one, its hash; an id without the tag, made by a build before
/// the ids carried it, too), whether or not the schedule still links it. A match made for a
/// fixture that a new draw or schedule has dropped is still known to be this competition's
/// this way.
pub fn made_in(e: &Event, c: &Competition, id: &str) -> bool {
    let hashed = format!("{:08x}", draw::fnv1a(e.id.as_bytes()) as u32);
    let of = |ev: &str| {
        id.strip_prefix(ev)
            .and_then(|x| x.strip_prefix('-'))
            .and_then(|x| x.strip_prefix(c.id.as_str()))
            .and_then(|x| x.strip_prefix('-'))
            .is_some_and(leg_part)
    };
    of(&e.id) || of(&hashed)
}

/// `r<n>f<n>-<leg>` with an optional `-<8 hex digits>` tag: the part of a leg's match id
/// after its competition ([`leg_match_id`]).
fn leg_part(s: &str) -> bool {
    let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
    let mut parts = s.split('-');
    let fixture = parts.next().and_then(|f| f.strip_prefix('r')).and_then(|f| f.split_once('f'));
    let fixture_ok = fixture.is_some_and(|(r, f)| digits(r) && digits(f));
    let leg_ok = parts.next().is_some_and(digits);
    let tag_ok = match parts.next() {
        None => true,
        Some(t) => t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)),
    };
    fixture_ok && leg_ok && tag_ok && parts.next().is_none()
}

/// Where a leg's linked match is, as this device sees it (the desk's schedule, RULES.md §6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegPlace {
    /// No match made for the leg yet.
    NotMade,
    /// Its match is stored on this device.
    Here,
    /// Its match (the id) was deleted on this device and a copy is kept in the deleted list:
    /// it can be restored on the home page until the next export.
    Deleted(String),
    /// Its match (the id) is not on this device and no copy is kept: deleted and exported
    /// since, or made on another device and not imported here.
    Missing(String),
}

/// The [`LegPlace`] of `leg`: `stored` says whether a match id is stored on this device,
/// `kept` whether a deleted copy of it is kept.
pub fn leg_place(leg: &super::Leg, stored: impl Fn(&str) -> bool, kept: impl Fn(&str) -> bool) -> LegPlace {
    match leg.match_id.as_deref() {
        None => LegPlace::NotMade,
        Some(id) if stored(id) => LegPlace::Here,
        Some(id) if kept(id) => LegPlace::Deleted(id.to_string()),
        Some(id) => LegPlace::Missing(id.to_string()),
    }
}

/// A leg whose linked match is not on this device ([`LegPlace::Deleted`] or
/// [`LegPlace::Missing`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbsentLeg {
    /// The fixture's id.
    pub fixture: String,
    /// The leg, 0-based.
    pub leg: usize,
    /// Its table.
    pub table: u32,
    /// Where its match is.
    pub place: LegPlace,
}

/// The legs of round `round` of `c` that link a match not on this device (`stored`,
/// `kept`: as for [`leg_place`]), in schedule order. Making the round's matches leaves
/// them as they are and names them: a new empty match under the same id (ids are made from
/// the fixture, leg and seats, [`leg_match_id`]) would show the fixture as not started
/// while its hands sit in the kept copy or in a table's file, and restoring or importing
/// them would then have to merge into it; the referee restores (or imports) the match.
pub fn absent_legs(
    c: &Competition,
    round: u32,
    stored: impl Fn(&str) -> bool,
    kept: impl Fn(&str) -> bool,
) -> Vec<AbsentLeg> {
    c.rounds
        .iter()
        .filter(|r| r.number == round)
        .flat_map(|r| &r.fixtures)
        .flat_map(|f| f.legs.iter().enumerate().map(move |(k, l)| (f, k, l)))
        .filter_map(|(f, k, l)| match leg_place(l, &stored, &kept) {
            p @ (LegPlace::Deleted(_) | LegPlace::Missing(_)) => {
                Some(AbsentLeg { fixture: f.id.clone(), leg: k, table: l.table, place: p })
            }
            _ => None,
        })
        .collect()
}

fn side_name(en: Option<&Entrant>, leg: usize, legs: u32) -> String {
    let Some(en) = en else { return String::new() };
    if en.kind == EntrantKind::Team && legs > 1 {
        format!("{} {}", en.name, leg + 1)
    } else {
        en.name.clone()
    }
}

/// The match of leg `leg` of fixture `fixture`, and whether side 0 sits E/W in it. `results`
/// are the competition's current [`super::standings::results`] (they resolve knock-out
/// winners). A leg that has a match gets no other one, unless that match was made for
/// other entrants ([`super::standings::LegResult::other_entrants`]); that match stays as
/// it is. The title is left empty for the caller (translated text).
pub fn leg_match(
    e: &Event,
    c: &Competition,
    fixture: &str,
    leg: usize,
    results: &[FixtureResult],
    now_ms: f64,
) -> Result<(Match, bool), LegError> {
    let (round, f) = c.fixture(fixture).ok_or(LegError::NoSuchLeg)?;
    let fr = results.iter().find(|r| r.fixture == fixture).ok_or(LegError::NoSuchLeg)?;
    fixture_leg_match(e, c, round, f, leg, fr, now_ms)
}

/// One leg still without its match in a round ([`round_leg_matches`]): the fixture's id, the
/// leg (0-based) and what [`leg_match`] makes for it.
pub type RoundLeg = (String, usize, Result<(Match, bool), LegError>);

/// [`leg_match`] for every leg of round `round` (its number) that has no match yet, in
/// schedule order (fixture by fixture, leg by leg): what the schedule's "create all
/// matches of this round" makes, each leg as [`leg_match`] makes it alone. `results` as
/// for [`leg_match`]; the fixtures and results are looked up once for the whole round
/// (with 64 entrants a round has 32 fixtures in a schedule of 2,016). Empty for a round
/// that does not exist.
pub fn round_leg_matches(
    e: &Event,
    c: &Competition,
    round: u32,
    results: &[FixtureResult],
    now_ms: f64,
) -> Vec<RoundLeg> {
    let by_fixture = super::standings::results_by_fixture(results);
    let Some(r) = c.rounds.iter().find(|r| r.number == round) else { return Vec::new() };
    let mut out = Vec::new();
    for f in &r.fixtures {
        for (k, l) in f.legs.iter().enumerate() {
            if l.match_id.is_some() {
                continue;
            }
            let made = match by_fixture.get(f.id.as_str()) {
                Some(fr) => fixture_leg_match(e, c, r.number, f, k, fr, now_ms),
                None => Err(LegError::NoSuchLeg),
            };
            out.push((f.id.clone(), k, made));
        }
    }
    out
}

/// [`leg_match`] of leg `leg` of fixture `f` (in round `round`), whose current result is `fr`.
fn fixture_leg_match(
    e: &Event,
    c: &Competition,
    round: u32,
    f: &super::Fixture,
    leg: usize,
    fr: &FixtureResult,
    now_ms: f64,
) -> Result<(Match, bool), LegError> {
    let fixture = f.id.as_str();
    let long_round = match c.format {
        super::Format::Knockout { long_rounds, .. } => round + long_rounds > c.rounds.len() as u32,
        _ => false,
    };
    let l = f.legs.get(leg).ok_or(LegError::NoSuchLeg)?;
    if let Some(id) = &l.match_id {
        if !fr.legs.get(leg).is_some_and(|x| x.other_entrants) {
            return Err(LegError::Exists(id.clone()));
        }
    }
    if f.sides.iter().any(|s| matches!(s, Slot::Bye)) {
        return Err(LegError::Bye);
    }
    let ids: Vec<String> = fr.sides.iter().cloned().collect::<Option<Vec<_>>>().ok_or(LegError::Unresolved)?;
    let entrants: Vec<Option<&Entrant>> = ids.iter().map(|id| e.entrant(id)).collect();
    let mut swapped = false;
    if ids.len() == 2 {
        let from_results = f.sides.iter().any(|s| matches!(s, Slot::Winner { .. }));
        if from_results && c.seat_rule == SeatRule::LowerDrawNorthSouth {
            let n = |id: &str| c.draw.numbers.get(id).copied().unwrap_or(u32::MAX);
            swapped = n(&ids[1]) < n(&ids[0]);
        }
        if leg % 2 == 1 {
            swapped = !swapped;
        }
    }
    let (a, b) = if swapped { (1, 0) } else { (0, 1) };
    let id = leg_match_id(e, c, fixture, leg, &seated(&fr.sides, swapped).ok_or(LegError::Unresolved)?);
    let order: Vec<usize> = if ids.len() == 2 { vec![a, b] } else { (0..ids.len()).collect() };
    let sides = order
        .into_iter()
        .map(|s| {
            let en = entrants.get(s).copied().flatten();
            LegSide {
                name: side_name(en, leg, c.legs),
                pair: en.map(|x| x.pair(leg)).unwrap_or_default(),
                pairs: [0, 1].map(|k| en.map(|x| x.pair(k)).unwrap_or_default()),
            }
        })
        .collect();
    let game = GameId::parse(&c.game).ok_or_else(|| LegError::Preset(c.game.clone()))?;
    let setup = game.leg_setup(&Leg {
        preset_id: &c.preset_id,
        best_of: f.best_of,
        rounds_per_match: c.rounds_per_match,
        long_round,
        sides,
    })?;
    Ok((Match { id, created_ms: now_ms, title: String::new(), setup, entries: Vec::new() }, swapped))
}

/// The tables of a round whose matches could not be made (building the whole round at
/// once), grouped by why: each reason once, in the order first met, with the tables that
/// failed for it, ascending and each once — so storage running full at five tables is one
/// line naming the five, not five lines.
pub fn failures_by_reason(failed: &[(u32, String)]) -> Vec<(Vec<u32>, String)> {
    let mut out: Vec<(Vec<u32>, String)> = Vec::new();
    for (table, why) in failed {
        match out.iter_mut().find(|(_, w)| w == why) {
            Some((tables, _)) => {
                if !tables.contains(table) {
                    tables.push(*table);
                }
            }
            None => out.push((vec![*table], why.clone())),
        }
    }
    for (tables, _) in &mut out {
        crate::sort::sort(tables);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same reason at several tables is said once, naming them all; another reason
    /// gets its own line.
    #[test]
    fn round_failures_are_grouped_by_reason() {
        let full = "存储已满".to_string();
        let open = "对手未定".to_string();
        let failed =
            vec![(6, full.clone()), (3, full.clone()), (4, open.clone()), (6, full.clone()), (5, full.clone())];
        assert_eq!(failures_by_reason(&failed), vec![(vec![3, 5, 6], full), (vec![4], open)]);
        assert!(failures_by_reason(&[]).is_empty());
    }
    use crate::record::schema::validate_match;
    use crate::record::Setup;
    use crate::tournament::{builtin_formats, draw, schedule, standings};

    /// Competition `id` of the built-in `format` for every entrant of `e`, drawn in entrant
    /// order (e1 → 1 …) and scheduled.
    fn drawn(e: &Event, format: &str, id: &str, name: &str) -> Competition {
        let f = crate::tournament::builtin_format(format).unwrap();
        let mut c = f.competition(id, name, e.entrants.iter().map(|x| x.id.clone()).collect());
        c.draw.numbers = (1..=e.entrants.len() as u32).map(|i| (format!("e{i}"), i)).collect();
        schedule::generate(&mut c);
        c
    }

    fn event(kind: EntrantKind, n: usize, members: usize) -> Event {
        let mut e = Event::new("ev1", "健康杯", 0.0);
        for i in 1..=n {
            e.entrants.push(Entrant {
                id: format!("e{i}"),
                name: format!("队{i}"),
                kind,
                members: (1..=members).map(|k| format!("{i}-{k}")).collect(),
                unit: String::new(),
            });
        }
        e
    }

    #[test]
    fn every_builtin_format_makes_valid_table_matches() {
        for f in builtin_formats() {
            let (n, members) = match f.format {
                crate::tournament::Format::Groups { size } => (size as usize, 1),
                _ => (4, 4),
            };
            let mut e = event(f.kind, n, members);
            let mut c = f.competition("c1", &f.id, e.entrants.iter().map(|x| x.id.clone()).collect());
            draw::draw(&mut c, 3);
            schedule::generate(&mut c);
            e.competitions.push(c.clone());
            let res = standings::results(&c, &[]);
            let fx = &c.rounds[0].fixtures[0];
            let (m, swapped) = leg_match(&e, &c, &fx.id, 0, &res, 1.0).unwrap_or_else(|err| panic!("{}: {err}", f.id));
            validate_match(&m).unwrap_or_else(|err| panic!("{}: {err}", f.id));
            assert_eq!(m.setup.game(), f.game);
            assert!(!swapped);
            let seated: Vec<String> = fx.sides.iter().map(|s| s.entrant().unwrap().to_string()).collect();
            assert_eq!(m.id, format!("ev1-c1-{}-1-{}", fx.id, sides_tag(&seated)));
            if c.legs > 1 {
                let (_, swapped) = leg_match(&e, &c, &fx.id, 1, &res, 1.0).unwrap();
                assert!(swapped, "{}: the second pair sits the other way", f.id);
            }
        }
    }

    #[test]
    fn names_seats_and_preset_overrides() {
        let mut e = event(EntrantKind::Team, 4, 2);
        let mut c = drawn(&e, "guandan-shift-3rounds", "c1", "x");
        e.competitions.push(c.clone());
        let res = standings::results(&c, &[]);
        let (m, _) = leg_match(&e, &c, "r1f1", 0, &res, 0.0).unwrap();
        let Setup::Guandan(s) = &m.setup else { panic!() };
        assert_eq!(s.teams[&Team::A], "队1");
        assert_eq!(s.teams[&Team::B], "队4");
        assert_eq!(s.players[&Seat::N], "1-1");
        assert_eq!(s.players[&Seat::W], "4-2");
        assert_eq!(s.preset.format.rounds, Some(1), "one round per table in a shift event");
        // A leg with a match cannot be made twice.
        c.rounds[0].fixtures[0].legs[0].match_id = Some(m.id.clone());
        assert_eq!(leg_match(&e, &c, "r1f1", 0, &res, 0.0).unwrap_err(), LegError::Exists(m.id));
    }

    #[test]
    fn knockout_final_waits_for_winners_then_seats_the_lower_draw_north_south() {
        let mut e = event(EntrantKind::Pair, 4, 2);
        let mut c = drawn(&e, "jiankang-chaodipi-ko", "k", "ko");
        e.competitions.push(c.clone());
        let res = standings::results(&c, &[]);
        assert_eq!(leg_match(&e, &c, "r2f1", 0, &res, 0.0).unwrap_err(), LegError::Unresolved);
        // e4 beats e1 (forfeit), e2 beats e3: final e4 v e2 → e2 (draw 2) sits N/S.
        c.rounds[0].fixtures[0].forfeits = vec![0];
        c.rounds[0].fixtures[1].forfeits = vec![1];
        let res = standings::results(&c, &[]);
        let (m, swapped) = leg_match(&e, &c, "r2f1", 0, &res, 0.0).unwrap();
        assert!(swapped);
        let Setup::Shengji(s) = &m.setup else { panic!() };
        assert_eq!(s.teams[&Team::A], "队2");
        assert_eq!(s.preset.timing.best_of, 3, "final best of 3 (000 §一)");
    }

    #[test]
    fn chaodipi_10_limits_games_before_the_semi_finals_only() {
        // 8 pairs: quarter-finals one game with the 12-deal limit (reading); semi-finals and
        // final best of 3 without game limits (002 炒地皮细则 §一2–3).
        let e = event(EntrantKind::Pair, 8, 2);
        let mut c = drawn(&e, "chaodipi-10-ko", "k", "ko");
        let timing = |c: &Competition, f: &str| {
            let res = standings::results(c, &[]);
            let (m, _) = leg_match(&e, c, f, 0, &res, 0.0).unwrap();
            let Setup::Shengji(s) = m.setup else { panic!() };
            (s.preset.timing.best_of, s.preset.timing.deal_limit, s.preset.timing.match_minutes)
        };
        assert_eq!(timing(&c, "r1f1"), (1, Some(12), None));
        for f in &mut c.rounds[0].fixtures {
            f.forfeits = vec![1];
        }
        assert_eq!(timing(&c, "r2f1"), (3, None, None), "semi-final");
        for f in &mut c.rounds[1].fixtures {
            f.forfeits = vec![1];
        }
        assert_eq!(timing(&c, "r3f1"), (3, None, None), "final");
    }

    #[test]
    fn match_ids_name_the_entrants_in_their_seats() {
        let e = event(EntrantKind::Pair, 4, 2);
        let f = crate::tournament::builtin_format("round-robin-2-1-0").unwrap();
        let c = f.competition("c1", "x", e.entrants.iter().map(|x| x.id.clone()).collect());
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let id = leg_match_id(&e, &c, "r1f1", 0, &s(&["e1", "e2"]));
        assert!(id.starts_with("ev1-c1-r1f1-1-") && id.len() == "ev1-c1-r1f1-1-".len() + 8, "{id}");
        // Other entrants, or the same two the other way round, get another id.
        assert_ne!(id, leg_match_id(&e, &c, "r1f1", 0, &s(&["e1", "e3"])));
        assert_ne!(id, leg_match_id(&e, &c, "r1f1", 0, &s(&["e2", "e1"])));
        assert!(made_for(&id, "r1f1", 0, Some(&s(&["e1", "e2"]))));
        assert!(!made_for(&id, "r1f1", 0, Some(&s(&["e1", "e3"]))));
        assert!(!made_for(&id, "r1f1", 0, Some(&s(&["e2", "e1"]))));
        assert!(!made_for(&id, "r1f1", 0, None), "a side no longer known");
        // Ids without a tag (an earlier build's, or any other) cannot be checked.
        assert!(made_for("ev1-c1-r1f1-1", "r1f1", 0, Some(&s(&["e1", "e3"]))));
        assert!(made_for("m1", "r1f1", 0, None));
        // The longest event id still gives a valid match id of at most 64 characters.
        let mut long = e.clone();
        long.id = "x".repeat(40);
        let id = leg_match_id(&long, &c, "r12f8", 7, &s(&["e1", "e2"]));
        assert!(id.len() <= 64, "{id}");
        assert!(made_for(&id, "r12f8", 7, Some(&s(&["e1", "e2"]))));
        let mut c = c;
        c.rounds.push(crate::tournament::Round {
            number: 1,
            fixtures: vec![crate::tournament::Fixture {
                id: "r12f8".into(),
                sides: vec![Slot::Entrant { id: "e1".into() }, Slot::Entrant { id: "e2".into() }],
                legs: vec![crate::tournament::Leg { table: 1, match_id: Some(id), swapped: false }],
                best_of: 0,
                forfeits: vec![],
            }],
        });
        long.competitions.push(c);
        crate::tournament::validate_event(&long).unwrap();
    }

    #[test]
    fn a_knockout_side_decided_otherwise_gets_a_new_match() {
        let mut e = event(EntrantKind::Pair, 4, 2);
        let mut c = drawn(&e, "jiankang-chaodipi-ko", "k", "ko");
        // e4 and e2 win the semi-finals (forfeits): the final e4 v e2 is made and linked.
        c.rounds[0].fixtures[0].forfeits = vec![0];
        c.rounds[0].fixtures[1].forfeits = vec![1];
        e.competitions = vec![c.clone()];
        let (m, swapped) = leg_match(&e, &c, "r2f1", 0, &standings::results(&c, &[]), 0.0).unwrap();
        let leg = &mut c.rounds[1].fixtures[0].legs[0];
        leg.match_id = Some(m.id.clone());
        leg.swapped = swapped;
        let res = standings::results(&c, std::slice::from_ref(&m));
        assert!(!res[2].legs[0].other_entrants);
        assert_eq!(leg_match(&e, &c, "r2f1", 0, &res, 0.0).unwrap_err(), LegError::Exists(m.id.clone()));
        // The desk corrects semi-final 1: e1 won it. The final's match was made for e4 v e2:
        // it no longer counts, and the final can be given its own match (the old one stays).
        c.rounds[0].fixtures[0].forfeits = vec![1];
        let res = standings::results(&c, std::slice::from_ref(&m));
        assert_eq!(res[2].sides, vec![Some("e1".to_string()), Some("e2".to_string())]);
        assert!(res[2].legs[0].other_entrants && res[2].legs[0].found);
        assert!(res[2].legs[0].outcome.is_none());
        let (m2, swapped2) = leg_match(&e, &c, "r2f1", 0, &res, 0.0).unwrap();
        assert_ne!(m2.id, m.id);
        assert!(!swapped2, "e1 (draw 1) sits N/S");
        let Setup::Shengji(s) = &m2.setup else { panic!() };
        assert_eq!(s.teams[&Team::A], "队1");
    }

    /// A leg's match id names its event and competition ([`leg_match_id`]): a match a new
    /// schedule no longer links is still known to be that competition's; another
    /// competition's, another event's or a match made by hand is not.
    #[test]
    fn a_legs_match_id_is_known_to_its_competition_after_the_schedule_drops_it() {
        let mut e = event(EntrantKind::Pair, 4, 2);
        let c = drawn(&e, "round-robin-2-1-0", "c1", "x");
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let id = leg_match_id(&e, &c, "r1f1", 0, &s(&["e1", "e4"]));
        assert!(made_in(&e, &c, &id));
        assert!(made_in(&e, &c, "ev1-c1-r3f12-2"), "an id without the tag");
        let mut c2 = c.clone();
        c2.id = "c2".into();
        assert!(!made_in(&e, &c2, &id), "another competition");
        assert!(!made_in(&e, &c, "ev1-c1-r1f1-1-0000000g"), "not a tag");
        assert!(!made_in(&e, &c, "ev1-c1-x1f1-1"));
        assert!(!made_in(&e, &c, "m-123"), "made by hand");
        let mut other = e.clone();
        other.id = "ev2".into();
        assert!(!made_in(&other, &c, &id), "another event");
        // A long event id: the match id carries its hash.
        e.id = "x".repeat(40);
        let mut c = c;
        c.id = "c1234567".into();
        let id = leg_match_id(&e, &c, "r12f8", 7, &s(&["e1", "e2"]));
        assert!(!id.starts_with(&e.id), "{id}");
        assert!(made_in(&e, &c, &id));
    }

    /// A leg whose match was deleted on this device: with a kept copy it is
    /// [`LegPlace::Deleted`] (restorable from home), without one [`LegPlace::Missing`];
    /// [`absent_legs`] names them for the round, not the legs stored here or not made.
    #[test]
    fn legs_whose_match_is_not_on_this_device_are_named() {
        let e = event(EntrantKind::Pair, 4, 2);
        let mut c = drawn(&e, "round-robin-2-1-0", "c1", "x");
        let r1 = &mut c.rounds[0];
        assert_eq!(r1.fixtures.len(), 2);
        r1.fixtures[0].legs[0].match_id = Some("a".into());
        r1.fixtures[1].legs[0].match_id = Some("b".into());
        c.rounds[1].fixtures[0].legs[0].match_id = Some("z".into());
        let stored = |id: &str| id == "a";
        let kept = |id: &str| id == "b" || id == "z";
        let place = |l: &crate::tournament::Leg| leg_place(l, stored, kept);
        assert_eq!(place(&c.rounds[0].fixtures[0].legs[0]), LegPlace::Here);
        assert_eq!(place(&c.rounds[0].fixtures[1].legs[0]), LegPlace::Deleted("b".into()));
        assert_eq!(place(&c.rounds[1].fixtures[1].legs[0]), LegPlace::NotMade);
        assert_eq!(leg_place(&c.rounds[0].fixtures[1].legs[0], stored, |_| false), LegPlace::Missing("b".into()));
        let table = c.rounds[0].fixtures[1].legs[0].table;
        assert_eq!(
            absent_legs(&c, 1, stored, kept),
            vec![AbsentLeg { fixture: "r1f2".into(), leg: 0, table, place: LegPlace::Deleted("b".into()) }]
        );
        assert_eq!(absent_legs(&c, 2, stored, kept).len(), 1);
        assert!(absent_legs(&c, 3, stored, kept).is_empty());
    }

    /// A round's table matches made at once ([`round_leg_matches`], the schedule's "create
    /// all matches of this round") are the matches [`leg_match`] makes leg by leg, in
    /// schedule order, legs with a match left out — on a 64-team round robin (63 rounds of
    /// 32 fixtures) and a knock-out whose later rounds wait for winners; the one-pass
    /// look-ups ([`Competition::fixtures_by_id`], [`standings::results_by_fixture`]) find what
    /// the searches find.
    #[test]
    fn a_round_made_at_once_gives_the_matches_made_leg_by_leg() {
        for (format, n) in [("jiankang-guandan-team", 64), ("nantong-80fen-team", 9), ("jiankang-chaodipi-ko", 6)] {
            let mut e = event(EntrantKind::Team, n, 4);
            let mut c = drawn(&e, format, "c1", "x");
            // A leg already linked is left out; a desk forfeit decides a knock-out side.
            let mut played = c.rounds[0].fixtures.iter_mut().filter(|f| !f.legs.is_empty());
            played.next().unwrap().legs[0].match_id = Some("linked".into());
            if format.ends_with("-ko") {
                played.next().unwrap().forfeits = vec![1];
            }
            e.competitions.push(c.clone());
            let res = standings::results(&c, &[]);
            let by_id = c.fixtures_by_id();
            let by_fixture = standings::results_by_fixture(&res);
            for f in c.rounds.iter().flat_map(|r| &r.fixtures) {
                assert_eq!(by_id.get(f.id.as_str()).copied(), c.fixture(&f.id), "{format} {}", f.id);
                assert_eq!(
                    by_fixture.get(f.id.as_str()).copied(),
                    res.iter().find(|r| r.fixture == f.id),
                    "{format} {}",
                    f.id
                );
            }
            assert_eq!(by_id.len(), c.rounds.iter().map(|r| r.fixtures.len()).sum::<usize>());
            let mut made = 0;
            for r in &c.rounds {
                let want: Vec<RoundLeg> = r
                    .fixtures
                    .iter()
                    .flat_map(|f| f.legs.iter().enumerate().map(move |(k, l)| (f, k, l)))
                    .filter(|(_, _, l)| l.match_id.is_none())
                    .map(|(f, k, _)| (f.id.clone(), k, leg_match(&e, &c, &f.id, k, &res, 5.0)))
                    .collect();
                made += want.iter().filter(|x| x.2.is_ok()).count();
                assert_eq!(round_leg_matches(&e, &c, r.number, &res, 5.0), want, "{format} round {}", r.number);
            }
            assert!(made > 0, "{format}");
            assert!(round_leg_matches(&e, &c, c.rounds.len() as u32 + 1, &res, 5.0).is_empty());
        }
    }
}
