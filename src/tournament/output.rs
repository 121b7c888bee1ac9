//! CSV output of standings and results (UTF-8 with a byte-order mark so spreadsheet
//! programs read the Chinese names; RFC 4180 quoting). Column headers and notes come from
//! the one string table ([`crate::i18n`]) in the chosen language.

use super::standings::{FixtureResult, Row, Standings};
use super::{Competition, Event, Format, Primary, TieBreak};
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

/// A disqualification by late arrivals in `n` consecutive rounds in words, with the rule's
/// citation when given: "第 3 次连续迟到 → 取消比赛资格 (004 第三篇 §六4)" (004 第三篇 §六4,
/// [`super::late`]).
pub fn late_run_text(lang: Lang, n: u32, cite: &str) -> String {
    let what = tr(lang, "ev.late_run").replace("{n}", &n.to_string());
    if cite.trim().is_empty() {
        what
    } else {
        format!("{what} ({})", cite.trim())
    }
}

/// The note of a standings row: cancelled, disqualified (by late arrivals in consecutive
/// rounds: how many, and the rule), play-off needed, placed by a play-off, or the tie-break
/// that decided it.
pub fn row_note(lang: Lang, r: &Row) -> String {
    if r.cancelled {
        tr(lang, "ev.cancelled").to_string()
    } else if let Some((n, cite)) = r.late_run.as_ref().filter(|_| r.disqualified) {
        late_run_text(lang, *n, cite)
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

/// A column of the standings table. One list ([`standings_columns`]) makes the screen's
/// table, the 排名图 picture and the CSV, so they show the same columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Col {
    /// Place (`—` when none).
    Rank,
    /// Group number (group sessions, a round robin in groups).
    Group,
    /// The place inside the group (a round robin in groups).
    GroupRank,
    /// Draw number.
    Draw,
    /// The entrant's name.
    Entrant,
    /// Fixtures played.
    Played,
    /// Won.
    Won,
    /// Drawn.
    Drawn,
    /// Lost.
    Lost,
    /// The primary number (积分).
    Total,
    /// Points for.
    For,
    /// Points against.
    Against,
    /// 双上 wins: only where the game counts them ([`has_double_wins`]).
    DoubleWins,
    /// Forfeits.
    Forfeits,
    /// The row's note ([`row_note`]) and the fixtures still to play.
    Note,
}

impl Col {
    /// The header's string key.
    pub fn header(self) -> &'static str {
        match self {
            Col::Rank => "ev.col.rank",
            Col::Group => "ev.col.group",
            Col::GroupRank => "ev.col.group_rank",
            Col::Draw => "ev.col.draw",
            Col::Entrant => "ev.col.entrant",
            Col::Played => "ev.col.played",
            Col::Won => "ev.col.won",
            Col::Drawn => "ev.col.drawn",
            Col::Lost => "ev.col.lost",
            Col::Total => "ev.col.total",
            Col::For => "ev.col.for",
            Col::Against => "ev.col.against",
            Col::DoubleWins => "ev.col.double_wins",
            Col::Forfeits => "ev.col.forfeits",
            Col::Note => "ev.col.note",
        }
    }

    /// The cells' class on the screen.
    pub fn class(self) -> &'static str {
        match self {
            Col::Rank => "rank",
            Col::Group => "group",
            Col::GroupRank => "group-rank",
            Col::Draw => "draw",
            Col::Entrant => "name",
            Col::Played => "played",
            Col::Won => "won",
            Col::Drawn => "drawn",
            Col::Lost => "lost",
            Col::Total => "total",
            Col::For => "pf",
            Col::Against => "pa",
            Col::DoubleWins => "dw",
            Col::Forfeits => "ff",
            Col::Note => "note",
        }
    }

    /// Shown only where there is room: a wide screen and the CSV, not a phone's screen nor
    /// the 排名图 picture (a phone screen's width, [`crate::record::share_doc::standings_doc`]).
    pub fn wide(self) -> bool {
        matches!(self, Col::Draw | Col::Drawn | Col::For | Col::Against)
    }

    /// The cell of row `r` as text (the entrant as [`Event::entrant_label`] shows it).
    pub fn cell(self, lang: Lang, e: &Event, c: &Competition, r: &Row) -> String {
        match self {
            Col::Rank => r.rank.map(|x| x.to_string()).unwrap_or_else(|| "—".into()),
            Col::Group => r.group.map(|g| g.to_string()).unwrap_or_default(),
            Col::GroupRank => r.group_rank.map(|g| g.to_string()).unwrap_or_else(|| "—".into()),
            Col::Draw => c.draw.numbers.get(&r.entrant).map(|x| x.to_string()).unwrap_or_default(),
            Col::Entrant => e.entrant_label(&r.entrant),
            Col::Played => r.played.to_string(),
            Col::Won => r.won.to_string(),
            Col::Drawn => r.drawn.to_string(),
            Col::Lost => r.lost.to_string(),
            Col::Total => r.total.to_string(),
            Col::For => r.points_for.to_string(),
            Col::Against => r.points_against.to_string(),
            Col::DoubleWins => r.double_wins.to_string(),
            Col::Forfeits => r.forfeits.to_string(),
            Col::Note => {
                let mut note = row_note(lang, r);
                if r.pending > 0 {
                    note.push_str(&format!(" {} {}", r.pending, tr(lang, "ev.pending")));
                }
                note.trim().to_string()
            }
        }
    }
}

/// Whether the standings of `c` have a 双上 count to show: its game counts 双上
/// ([`crate::record::game::Game::DOUBLE_WINS`], 掼蛋 000 §四) or its scoring ranks by it.
pub fn has_double_wins(c: &Competition) -> bool {
    crate::record::game::GameId::parse(&c.game).is_some_and(|g| g.double_wins())
        || c.scoring.tie_breaks.contains(&TieBreak::DoubleWins)
}

/// The standings' columns of `c`, in order: the group columns only with groups, the 双上
/// column only where [`has_double_wins`].
pub fn standings_columns(c: &Competition) -> Vec<Col> {
    let groups = matches!(c.format, Format::Groups { .. }) || c.groups().is_some();
    let rr_groups = c.groups().is_some();
    let mut cols = vec![Col::Rank];
    if groups {
        cols.push(Col::Group);
    }
    if rr_groups {
        cols.push(Col::GroupRank);
    }
    cols.extend([
        Col::Draw,
        Col::Entrant,
        Col::Played,
        Col::Won,
        Col::Drawn,
        Col::Lost,
        Col::Total,
        Col::For,
        Col::Against,
    ]);
    if has_double_wins(c) {
        cols.push(Col::DoubleWins);
    }
    cols.extend([Col::Forfeits, Col::Note]);
    cols
}

/// The status of a fixture as text: a fixture removed by a cancellation of results (too
/// many forfeits, 000 §四 「两轮弃权 比赛成绩取消」) says it counts for nobody, whatever its
/// score.
pub fn status(lang: Lang, r: &FixtureResult) -> &'static str {
    tr(
        lang,
        if r.bye {
            "ev.st.bye"
        } else if r.excluded {
            "ev.st.excluded"
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

/// The string key of a fixture's score column header: with game points (RULES.md §1.4
/// **[r2]**) the column shows the points the fixture gave ([`fixture_score`]) and says so
/// (`ev.col.score_points`); otherwise the matches' own score (`ev.col.score`).
pub fn score_header(c: &Competition) -> &'static str {
    match c.scoring.primary {
        Primary::GamePoints { .. } => "ev.col.score_points",
        _ => "ev.col.score",
    }
}

/// The unit of [`fixture_score`] where it is not the matches' own score, as a string key:
/// `ev.col.total` (积分) with game points; `None` otherwise. Shown beside a fixture's score
/// where no column header says it (the schedule's fixture rows).
pub fn score_unit(c: &Competition) -> Option<&'static str> {
    match c.scoring.primary {
        Primary::GamePoints { .. } => Some("ev.col.total"),
        _ => None,
    }
}

/// The numbers of a fixture's score column, per side, in one unit for every fixture of the
/// competition: with game points (RULES.md §1.4 **[r2]**: 2 a game won, 1 lost, 0
/// forfeited) the points the standings add to each side's total
/// ([`FixtureResult::awarded`]: a forfeit and a fixture decided by a disqualification
/// included); otherwise the matches' own score ([`FixtureResult::score`], the standings'
/// points for and against).
pub fn fixture_score<'a>(c: &Competition, r: &'a FixtureResult) -> &'a [i64] {
    match c.scoring.primary {
        Primary::GamePoints { .. } => &r.awarded,
        _ => &r.score,
    }
}

/// A fixture's score column as text: empty for a bye or before play; a forfeit that scores
/// nothing (no forfeit score in the scoring) reads as the forfeit (`ev.st.walkover`), never
/// as a 0 : 0 beside a winner; else [`fixture_score`] as `a : b`.
pub fn score_text(lang: Lang, c: &Competition, r: &FixtureResult) -> String {
    if r.bye || !(r.started || r.done) {
        return String::new();
    }
    let v = fixture_score(c, r);
    if r.walkover && v.iter().all(|&x| x == 0) {
        return tr(lang, "ev.st.walkover").to_string();
    }
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" : ")
}

/// A fixture's table column as text: its tables' numbers (`"1 2"`), or `—` when no table
/// plays it — a fixture forfeited at the desk (弃权, RULES.md §6 forfeits) or a bye. One
/// text for the results table, the hall and the results CSV.
pub fn tables_text(r: &FixtureResult) -> String {
    if r.legs.is_empty() {
        return "—".into();
    }
    r.legs.iter().map(|l| l.table.to_string()).collect::<Vec<_>>().join(" ")
}

/// A side's name in a fixture as the results show it: `name (弃权)` when that side forfeited
/// the fixture — at the desk, in a record, or by a disqualification (RULES.md §0 **[r2]**).
pub fn side_text(lang: Lang, r: Option<&FixtureResult>, k: usize, name: String) -> String {
    if r.is_some_and(|r| r.forfeits.contains(&k)) {
        format!("{name} ({})", tr(lang, "ev.forfeit"))
    } else {
        name
    }
}

/// Standings as CSV: the standings' columns ([`standings_columns`], every one) with the
/// entrant's unit after its name.
pub fn standings_csv(e: &Event, c: &Competition, st: &Standings, lang: Lang) -> String {
    let mut cols: Vec<Option<Col>> = standings_columns(c).into_iter().map(Some).collect();
    let at = cols.iter().position(|x| *x == Some(Col::Entrant)).map_or(cols.len(), |k| k + 1);
    cols.insert(at, None);
    let mut out = String::from("\u{feff}");
    out.push_str(&line(&[format!("{} — {}", e.name, c.name), e.dates.clone()]));
    let header: Vec<String> = cols.iter().map(|x| tr(lang, x.map_or("ev.col.unit", Col::header)).to_string()).collect();
    out.push_str(&line(&header));
    for r in &st.rows {
        let cells: Vec<String> = cols
            .iter()
            .map(|x| match x {
                None => e.entrant(&r.entrant).map(|x| x.unit.clone()).unwrap_or_default(),
                Some(Col::Entrant) => e.entrant_name(&r.entrant),
                Some(Col::Rank) => r.rank.map(|x| x.to_string()).unwrap_or_default(),
                Some(col) => col.cell(lang, e, c, r),
            })
            .collect();
        out.push_str(&line(&cells));
    }
    out
}

/// Results as CSV: round, fixture, tables, the sides (N/S first, a forfeiting one marked),
/// the score ([`score_text`]), winner, status and the match ids (to find each record).
pub fn results_csv(e: &Event, c: &Competition, st: &Standings, lang: Lang) -> String {
    let t = |k| tr(lang, k).to_string();
    let mut out = String::from("\u{feff}");
    out.push_str(&line(&[format!("{} — {}", e.name, c.name), e.dates.clone()]));
    out.push_str(&line(&[
        t("ev.col.round"),
        t("ev.col.fixture"),
        t("ev.col.tables"),
        t("ev.col.sides"),
        t(score_header(c)),
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
        let sides: Vec<String> =
            names.iter().enumerate().map(|(k, n)| side_text(lang, Some(r), k, n.clone())).collect();
        out.push_str(&line(&[
            r.round.to_string(),
            r.fixture.clone(),
            tables_text(r),
            sides.join(" : "),
            score_text(lang, c, r),
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

    /// RULES.md §1.4 **[r2]**: a 南通 fixture forfeited at the desk reads as the points it
    /// gave (12 : 0, in a column headed as points) with the forfeiting team named, never
    /// 0 : 0 beside a winner; a forfeit that scores nothing (a knock-out without a forfeit
    /// score) reads as a forfeit.
    #[test]
    fn a_forfeited_fixture_reads_as_a_forfeit_with_the_score_that_counts() {
        use crate::tournament::{builtin_format, draw, schedule};
        let (mut e, c) = crate::tournament::tests::nantong_desk_forfeit();
        let st = crate::tournament::standings::standings(&c, &[]);
        let r = &st.results[0];
        assert_eq!(score_text(Lang::ZhCn, &c, r), "12 : 0");
        let csv = results_csv(&e, &c, &st, Lang::ZhCn);
        assert!(csv.contains("比分 (积分)"), "{csv}");
        let loser = e.entrant_name(r.sides[1].as_deref().unwrap());
        let line = csv.lines().find(|l| l.starts_with("1,r1f1,")).unwrap();
        assert!(line.contains(&format!("{loser} (弃权)")) && line.contains(",12 : 0,"), "{line}");

        let f = builtin_format("jiankang-chaodipi-ko").unwrap();
        let mut k = f.competition("k", "ko", e.entrants.iter().map(|x| x.id.clone()).collect());
        draw::draw(&mut k, 1);
        schedule::generate(&mut k);
        k.rounds[0].fixtures[0].forfeits = vec![0];
        let st = crate::tournament::standings::standings(&k, &[]);
        assert!(st.results[0].winner.is_some());
        assert_eq!(score_text(Lang::ZhCn, &k, &st.results[0]), "弃权");
        e.competitions = vec![k.clone()];
        assert!(!results_csv(&e, &k, &st, Lang::ZhCn).contains("0 : 0"));
    }

    /// A fixture forfeited at the desk before its tables' matches were made plays at no
    /// table: its table column reads `—` on the screen and in the CSV, never an empty cell;
    /// a fixture still to play keeps its table numbers, a bye reads `—` too.
    #[test]
    fn a_fixture_forfeited_at_the_desk_reads_a_dash_for_its_tables() {
        let (e, c) = crate::tournament::tests::nantong_desk_forfeit();
        assert!(c.rounds[0].fixtures[0].legs.iter().all(|l| l.match_id.is_none()));
        let st = crate::tournament::standings::standings(&c, &[]);
        assert_eq!(tables_text(&st.results[0]), "—");
        assert_eq!(tables_text(&st.results[1]), "3 4");
        let csv = results_csv(&e, &c, &st, Lang::ZhCn);
        let line = csv.lines().find(|l| l.starts_with("1,r1f1,")).unwrap();
        assert!(line.starts_with("1,r1f1,—,"), "{line}");
        let line = csv.lines().find(|l| l.starts_with("1,r1f2,")).unwrap();
        assert!(line.starts_with("1,r1f2,3 4,"), "{line}");

        let mut odd = c.clone();
        odd.entrants.pop();
        crate::tournament::schedule::generate(&mut odd);
        let st = crate::tournament::standings::standings(&odd, &[]);
        let bye = st.results.iter().find(|r| r.bye).unwrap();
        assert_eq!(tables_text(bye), "—");
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
