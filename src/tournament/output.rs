//! CSV output of standings and results (UTF-8 with a byte-order mark so spreadsheet
//! programs read the Chinese names; RFC 4180 quoting). Column headers and notes come from
//! the one string table ([`crate::i18n`]) in the chosen language.

use super::standings::{FixtureResult, Row, Standings};
use super::{Competition, Event, TieBreak};
use crate::i18n::{tr, Lang};

/// One CSV field, quoted when it holds a comma, quote, or line break (quotes doubled).
/// A field whose first character other than spaces, tabs, CR and LF is `=`, `+`, `-` or
/// `@` gets a leading `'` so a spreadsheet does not run it as a formula (names are typed by
/// people, or imported: a spreadsheet may drop the blanks before it looks); a plain
/// negative number (`-3`) is left as it is.
pub fn field(s: &str) -> String {
    let first = s.trim_start_matches([' ', '\t', '\r', '\n']).chars().next();
    let formula = match first {
        Some('=' | '+' | '@') => true,
        Some('-') => s.parse::<f64>().is_err(),
        _ => false,
    };
    let s = if formula { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

fn line(cells: &[String]) -> String {
    let mut l = cells.iter().map(|c| field(c)).collect::<Vec<_>>().join(",");
    l.push_str("\r\n");
    l
}

/// A tie-break's name.
pub fn tie_break_name(lang: Lang, t: TieBreak) -> &'static str {
    tr(
        lang,
        match t {
            TieBreak::DoubleWins => "ev.tb.double_wins",
            TieBreak::HeadToHead => "ev.tb.head_to_head",
            TieBreak::PointDiff => "ev.tb.point_diff",
            TieBreak::PointsFor => "ev.tb.points_for",
            TieBreak::Wins => "ev.tb.wins",
            TieBreak::DrawNumber => "ev.tb.draw_number",
        },
    )
}

/// The note of a standings row: cancelled, disqualified, play-off needed, placed by a
/// play-off, or the tie-break that decided it.
pub fn row_note(lang: Lang, r: &Row) -> String {
    if r.cancelled {
        tr(lang, "ev.cancelled").to_string()
    } else if r.disqualified {
        tr(lang, "ev.disqualified").to_string()
    } else if r.playoff {
        tr(lang, "ev.playoff").to_string()
    } else if r.by_playoff {
        tr(lang, "ev.by_playoff").to_string()
    } else if let Some(t) = r.decided_by {
        format!("{}: {}", tr(lang, "ev.decided_by"), tie_break_name(lang, t))
    } else {
        String::new()
    }
}

/// The status of a fixture as text.
pub fn status(lang: Lang, r: &FixtureResult) -> &'static str {
    tr(
        lang,
        if r.bye {
            "ev.st.bye"
        } else if r.walkover {
            "ev.st.walkover"
        } else if r.legs.iter().any(|l| l.other_entrants) {
            "ev.st.other_entrants"
        } else if r.done {
            "ev.st.done"
        } else if r.started {
            "ev.st.playing"
        } else {
            "ev.st.waiting"
        },
    )
}

/// Standings as CSV: place, draw number, entrant, unit, played, won, drawn, lost, the
/// primary total, points for / against, 双上, forfeits, note.
pub fn standings_csv(e: &Event, c: &Competition, st: &Standings, lang: Lang) -> String {
    let t = |k| tr(lang, k).to_string();
    let mut out = String::from("\u{feff}");
    out.push_str(&line(&[format!("{} — {}", e.name, c.name), e.dates.clone()]));
    out.push_str(&line(&[
        t("ev.col.rank"),
        t("ev.col.draw"),
        t("ev.col.entrant"),
        t("ev.col.unit"),
        t("ev.col.played"),
        t("ev.col.won"),
        t("ev.col.drawn"),
        t("ev.col.lost"),
        t("ev.col.total"),
        t("ev.col.for"),
        t("ev.col.against"),
        t("ev.col.double_wins"),
        t("ev.col.forfeits"),
        t("ev.col.note"),
    ]));
    for r in &st.rows {
        let en = e.entrant(&r.entrant);
        out.push_str(&line(&[
            r.rank.map(|x| x.to_string()).unwrap_or_default(),
            c.draw.numbers.get(&r.entrant).map(|x| x.to_string()).unwrap_or_default(),
            e.entrant_name(&r.entrant),
            en.map(|x| x.unit.clone()).unwrap_or_default(),
            r.played.to_string(),
            r.won.to_string(),
            r.drawn.to_string(),
            r.lost.to_string(),
            r.total.to_string(),
            r.points_for.to_string(),
            r.points_against.to_string(),
            r.double_wins.to_string(),
            r.forfeits.to_string(),
            row_note(lang, r),
        ]));
    }
    out
}

/// Results as CSV: round, fixture, tables, the sides (N/S first), score, winner, status and
/// the match ids (to find each record).
pub fn results_csv(e: &Event, c: &Competition, st: &Standings, lang: Lang) -> String {
    let t = |k| tr(lang, k).to_string();
    let mut out = String::from("\u{feff}");
    out.push_str(&line(&[format!("{} — {}", e.name, c.name), e.dates.clone()]));
    out.push_str(&line(&[
        t("ev.col.round"),
        t("ev.col.fixture"),
        t("ev.col.tables"),
        t("ev.col.sides"),
        t("ev.col.score"),
        t("ev.col.winner"),
        t("ev.col.status"),
        t("ev.col.matches"),
    ]));
    for r in &st.results {
        let names: Vec<String> = r
            .sides
            .iter()
            .map(|s| {
                s.as_deref()
                    .map(|id| e.entrant_name(id))
                    .unwrap_or_else(|| if r.bye { t("ev.bye") } else { "?".into() })
            })
            .collect();
        out.push_str(&line(&[
            r.round.to_string(),
            r.fixture.clone(),
            r.legs.iter().map(|l| l.table.to_string()).collect::<Vec<_>>().join(" "),
            names.join(" : "),
            if r.bye || !(r.started || r.done) {
                String::new()
            } else {
                r.score.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" : ")
            },
            r.winner.and_then(|w| names.get(w).cloned()).unwrap_or_default(),
            status(lang, r).to_string(),
            r.legs.iter().filter_map(|l| l.match_id.clone()).collect::<Vec<_>>().join(" "),
        ]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_and_formulas_defused() {
        assert_eq!(field("红队"), "红队");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=SUM(A1)"), "'=SUM(A1)");
        assert_eq!(field("-3"), "-3");
        assert_eq!(field("-x"), "'-x");
    }

    #[test]
    fn formulas_behind_blanks_are_defused() {
        assert_eq!(field("\t=1+2"), "'\t=1+2");
        assert_eq!(field("  @SUM(A1)"), "'  @SUM(A1)");
        assert_eq!(field("\r\n+cmd"), "\"'\r\n+cmd\"");
        assert_eq!(field("\n-2+3"), "\"'\n-2+3\"");
        assert_eq!(field(" \t\r\n=HYPERLINK(\"x\")"), "\"' \t\r\n=HYPERLINK(\"\"x\"\")\"");
        // Not formulas: blanks alone, text after blanks, a plain negative number.
        assert_eq!(field("\t"), "\t");
        assert_eq!(field(" 王强"), " 王强");
        assert_eq!(field("-3.5"), "-3.5");
        assert_eq!(field("a=b"), "a=b");
    }

    #[test]
    fn standings_csv_has_a_row_per_entrant() {
        let mut e = crate::tournament::tests::four_pairs();
        crate::tournament::draw::draw(&mut e.competitions[0], 1);
        crate::tournament::schedule::generate(&mut e.competitions[0]);
        let c = &e.competitions[0];
        let st = crate::tournament::standings::standings(c, &[]);
        let csv = standings_csv(&e, c, &st, Lang::En);
        assert!(csv.starts_with('\u{feff}'));
        assert_eq!(csv.lines().count(), 2 + 4);
        assert!(csv.contains("红队"));
        let r = results_csv(&e, c, &st, Lang::ZhCn);
        assert_eq!(r.lines().count(), 2 + 6);
    }
}
