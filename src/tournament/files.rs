//! Names of the files the app writes, saying what they hold: a match's export is named by
//! its event, game, round, table and sides (`健康杯-掼蛋-R2-T3-绿队-黄队.json`).

use super::{Competition, Event};

/// Where a match is played in an event: the leg whose `match_id` it is.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The event.
    pub event: &'a Event,
    /// The competition of the event.
    pub competition: &'a Competition,
    /// The round's number (1-based).
    pub round: u32,
    /// The leg's table number.
    pub table: u32,
}

/// The first leg of `events` played as match `match_id`, if any.
pub fn place_of<'a>(events: &'a [Event], match_id: &str) -> Option<Place<'a>> {
    events.iter().find_map(|event| {
        event.competitions.iter().find_map(|competition| {
            competition.rounds.iter().find_map(|r| {
                r.fixtures
                    .iter()
                    .flat_map(|f| &f.legs)
                    .find(|l| l.match_id.as_deref() == Some(match_id))
                    .map(|l| Place { event, competition, round: r.number, table: l.table })
            })
        })
    })
}

/// Longest file name made, in characters before `.json` (file systems allow 255 bytes; a
/// Chinese character is 3 bytes in UTF-8).
pub const MAX_STEM_CHARS: usize = 80;

/// One part of a file name: characters that file systems or shells refuse or misread
/// (`/ \ : * ? " < > |`, control characters, spaces) become `_`, runs of `_` one, and the
/// ends trimmed of `_`, `.` and `-`.
pub fn clean_part(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let c = if c.is_control() || c.is_whitespace() || "/\\:*?\"<>|".contains(c) { '_' } else { c };
        if c == '_' && out.ends_with('_') {
            continue;
        }
        out.push(c);
    }
    out.trim_matches(['_', '.', '-']).to_string()
}

/// A file name from its parts: each cleaned ([`clean_part`]), empty ones left out, joined
/// by `-`, cut to [`MAX_STEM_CHARS`] characters, then `ext` (e.g. `"json"`) appended.
pub fn file_name(parts: &[&str], ext: &str) -> String {
    let stem: Vec<String> = parts.iter().map(|p| clean_part(p)).filter(|p| !p.is_empty()).collect();
    let stem: String = stem.join("-").chars().take(MAX_STEM_CHARS).collect();
    let stem = stem.trim_end_matches(['_', '.', '-']);
    format!("{}.{ext}", if stem.is_empty() { "referee" } else { stem })
}

/// The export file name of one match: `event-game-R<round>-T<table>-<sides>` when an
/// event schedules it, else `game-<title or sides>-<stamp>`. `game`: the game's name in the
/// user's language; `sides`: the entrants as one line (`A vs B`, `a / b / c`); `stamp`: the
/// export time as `YYYYMMDD-HHMM`.
pub fn match_file_name(place: Option<Place<'_>>, game: &str, title: &str, sides: &str, stamp: &str) -> String {
    let sides = sides.replace(" vs ", " - ").replace(" / ", " - ");
    let sides: Vec<&str> = sides.split(" - ").collect();
    match place {
        Some(p) => {
            let round = format!("R{}", p.round);
            let table = format!("T{}", p.table);
            let mut parts = vec![p.event.name.as_str(), game, round.as_str(), table.as_str()];
            parts.extend(sides.iter().copied());
            file_name(&parts, "json")
        }
        None => {
            let mut parts = vec![game];
            if title.trim().is_empty() {
                parts.extend(sides.iter().copied());
            } else {
                parts.push(title);
            }
            parts.push(stamp);
            file_name(&parts, "json")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_cleaned_and_joined() {
        assert_eq!(clean_part(" 绿队 / 黄队 "), "绿队_黄队");
        assert_eq!(clean_part("a:b*c?\"d\"<e>|f\\g"), "a_b_c_d_e_f_g");
        assert_eq!(clean_part("..-x-.."), "x");
        assert_eq!(file_name(&["健康杯", "", "掼蛋", "R2"], "json"), "健康杯-掼蛋-R2.json");
        assert_eq!(file_name(&["", "///"], "json"), "referee.json");
        let long = "长".repeat(200);
        let name = file_name(&[&long], "json");
        assert_eq!(name.chars().count(), MAX_STEM_CHARS + 5);
    }

    #[test]
    fn a_scheduled_match_is_named_by_event_round_table_and_sides() {
        let mut e = Event::new("ev1", "健康杯", 0.0);
        let f = super::super::builtin_format("jiankang-guandan-team").expect("a built-in format");
        let mut c = f.competition("c1", "掼蛋 团体", vec![]);
        c.rounds = crate::json::from_str(
            r#"[{"number":1,"fixtures":[]},
                {"number":2,"fixtures":[{"id":"f1","sides":[],"legs":[{"table":3,"match_id":"m-9"}]}]}]"#,
        )
        .expect("rounds");
        e.competitions.push(c);
        let events = vec![e];
        let p = place_of(&events, "m-9").expect("scheduled");
        assert_eq!((p.round, p.table), (2, 3));
        assert!(place_of(&events, "m-1").is_none());
        assert_eq!(
            match_file_name(Some(p), "掼蛋", "", "绿队 vs 黄队", "20261201-0845"),
            "健康杯-掼蛋-R2-T3-绿队-黄队.json"
        );
        assert_eq!(
            match_file_name(None, "掼蛋", "", "绿队 vs 黄队", "20261201-0845"),
            "掼蛋-绿队-黄队-20261201-0845.json"
        );
        assert_eq!(
            match_file_name(None, "斗地主", "决赛 第1桌", "a / b / c", "20261201-0845"),
            "斗地主-决赛_第1桌-20261201-0845.json"
        );
    }
}
