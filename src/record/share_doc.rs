//! The result sheet as a document: what the score-sheet picture (PNG) and the A4 print of a
//! match show, and the blank recording sheet a referee fills on paper when a device fails.
//!
//! A [`ShareDoc`] is plain text in the reader's language: a title, meta rows (event, round,
//! table, game, sides, times), one table (a header, a row a hand, section and total rows),
//! result lines (winner, rulings) and the signature lines (recorder, verifier, referee). Each
//! game fills its part — the hand table and its result lines, a [`SheetBody`] — through
//! [`crate::record::game::Game::sheet_body`]; everything else is shared here. The picture
//! is drawn from it by [`draw::layout`] (a list of text runs, lines and rectangles), the
//! print renders it as HTML.

pub mod draw;
pub mod games;
#[cfg(test)]
mod tests;

use super::game::by_game;
use super::replay::MatchView;
use super::{Match, Op, Setup};
use crate::bidi::isolated;
use crate::i18n::{tr, Lang};
use serde::Serialize;

/// What a table row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RowKind {
    /// A hand (or a board, a stone pair).
    Hand,
    /// A heading row inside the table (a new game or round): its first cell spans the row.
    Section,
    /// A total or result row (levels at the end, totals, places): drawn bold.
    Total,
    /// A line about the hand above it (what made its score: penalties, warnings): its first
    /// cell spans the row, drawn plain; the other cells are empty, so the row has as many
    /// cells as the header.
    Detail,
}

/// One row of the sheet's table: as many cells as the header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Hand, section or total.
    pub kind: RowKind,
    /// The cells, left to right (a section row: one cell).
    pub cells: Vec<String>,
}

impl Row {
    /// A hand row.
    pub fn hand(cells: Vec<String>) -> Row {
        Row { kind: RowKind::Hand, cells }
    }
    /// A section heading spanning the row.
    pub fn section(text: String) -> Row {
        Row { kind: RowKind::Section, cells: vec![text] }
    }
    /// A total row.
    pub fn total(cells: Vec<String>) -> Row {
        Row { kind: RowKind::Total, cells }
    }
    /// A line about the hand above, spanning a row of `n` cells.
    pub fn detail(text: String, n: usize) -> Row {
        Row { kind: RowKind::Detail, cells: std::iter::once(text).chain((1..n).map(|_| String::new())).collect() }
    }
}

/// A game's part of its result sheet: the hand table and what it amounts to.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SheetBody {
    /// More meta rows of the game (players by seat, preset): (label, value).
    pub meta: Vec<(String, String)>,
    /// The table's column headings (the columns the game records).
    pub header: Vec<String>,
    /// The rows: every hand that counts or was entered, with sections and totals.
    pub rows: Vec<Row>,
    /// The result lines: the winner (or "in progress"), places, notes.
    pub result: Vec<String>,
    /// Rows a blank recording sheet leaves for a game's worth of hands.
    pub blank_rows: usize,
}

/// Where a match is played in an event (its fixture): names and numbers for the sheet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Fixture {
    /// The event's name.
    pub event: String,
    /// The competition's name.
    pub competition: String,
    /// The round (1-based).
    pub round: u32,
    /// The table number.
    pub table: u32,
}

impl Fixture {
    /// The fixture of match `match_id` in `events`, if an event schedules it.
    pub fn of(events: &[crate::tournament::Event], match_id: &str) -> Option<Fixture> {
        crate::tournament::files::place_of(events, match_id).map(|p| Fixture {
            event: p.event.name.clone(),
            competition: p.competition.name.clone(),
            round: p.round,
            table: p.table,
        })
    }
}

/// A signature line: who signs as what; `name` empty when nobody has (drawn as a blank).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Signature {
    /// What the line is for (记录 / 复核 / 裁判).
    pub label: String,
    /// The name on the sheet, or empty.
    pub name: String,
}

/// A result sheet (or a blank recording sheet) as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShareDoc {
    /// The heading: the match's title (or sides) and the sheet's name.
    pub title: String,
    /// Meta rows: (label, value), e.g. (赛事, 健康杯).
    pub meta: Vec<(String, String)>,
    /// The table's column headings.
    pub header: Vec<String>,
    /// The table's rows.
    pub rows: Vec<Row>,
    /// Result lines under the table (winner, rulings …).
    pub result: Vec<String>,
    /// Recorder, verifier and referee lines.
    pub signatures: Vec<Signature>,
    /// The last line: the app and when the sheet was made.
    pub footer: String,
}

/// A text of the table `strings.tsv` with `{name}` placeholders filled.
pub(crate) fn fill(l: Lang, key: &'static str, args: &[(&str, String)]) -> String {
    let mut s = tr(l, key).to_string();
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

/// The result sheet of match `m` in language `l`: `place` its fixture when an event
/// schedules it, `time` formats a time (ms since the Unix epoch) as the reader's local time,
/// `now_ms` the time the sheet is made.
pub fn match_doc(m: &Match, l: Lang, place: Option<&Fixture>, time: &dyn Fn(f64) -> String, now_ms: f64) -> ShareDoc {
    let view = super::replay::replay(m);
    let body = body_of(m, &view, l);
    let mut doc = frame(m, l, place, body);
    let hands: Vec<f64> = m.entries.iter().filter(|e| matches!(e.op, Op::Hand { .. })).map(|e| e.at_ms).collect();
    if let (Some(first), Some(last)) = (hands.first(), hands.last()) {
        doc.meta.push((tr(l, "share.times").to_string(), format!("{} – {}", time(*first), time(*last))));
    }
    doc.result.extend(rulings(m, l, time));
    // Recorder and verifier as confirmed now, the referee who signed (not reopened since).
    let sheet = super::sheet::sheet(m);
    let name = |p| sheet.current(p).map(|c| isolated(&c.name)).unwrap_or_default();
    doc.signatures[0].name = name(super::sheet::Pair::Ns);
    doc.signatures[1].name = name(super::sheet::Pair::Ew);
    doc.signatures[2].name = sheet.referee.as_deref().map(isolated).unwrap_or_default();
    doc.footer = format!("{} · {}", tr(l, "app.name"), time(now_ms));
    doc
}

/// The blank recording sheet of a match of set-up `setup` (a device's match, or a fixture's
/// leg): the game's columns and empty rows for a game's worth of hands, the sides and the
/// fixture filled in, the signature lines empty.
pub fn blank_doc(setup: &Setup, title: &str, l: Lang, place: Option<&Fixture>) -> ShareDoc {
    let m =
        Match { id: String::new(), created_ms: 0.0, title: title.to_string(), setup: setup.clone(), entries: vec![] };
    let view = super::replay::replay(&m);
    let mut body = body_of(&m, &view, l);
    let n = body.header.len();
    body.rows = (1..=body.blank_rows)
        .map(|i| Row::hand(std::iter::once(i.to_string()).chain((1..n).map(|_| String::new())).collect()))
        .collect();
    body.result = Vec::new();
    let mut doc = frame(&m, l, place, body);
    let head = if title.trim().is_empty() { m.setup.participants_shown() } else { isolated(title) };
    doc.title = format!("{head} · {}", tr(l, "share.blank_title"));
    doc.meta.push((tr(l, "share.date").to_string(), String::new()));
    doc.result.push(format!("{}: ", tr(l, "share.winner")));
    doc.result.push(format!("{}: ", tr(l, "share.rulings")));
    doc.footer = tr(l, "app.name").to_string();
    doc
}

/// The game's part of the sheet, asked of the game ([`crate::record::game::Game::sheet_body`]).
fn body_of(m: &Match, view: &MatchView, l: Lang) -> SheetBody {
    by_game!((&m.setup, view); Setup(s), MatchView(v) => G: G::sheet_body(m, s, v, l); else SheetBody::default())
}

/// The shared head and foot around `body`.
fn frame(m: &Match, l: Lang, place: Option<&Fixture>, body: SheetBody) -> ShareDoc {
    let game = crate::i18n::game_name(l, m.setup.game());
    let sides = m.setup.participants_shown();
    let head = if m.title.trim().is_empty() { sides.clone() } else { isolated(&m.title) };
    let mut meta = Vec::new();
    if let Some(p) = place {
        meta.push((tr(l, "share.event").to_string(), format!("{} · {}", isolated(&p.event), isolated(&p.competition))));
        meta.push((
            tr(l, "share.round_table").to_string(),
            fill(l, "share.round_table_value", &[("round", p.round.to_string()), ("table", p.table.to_string())]),
        ));
    }
    meta.push((tr(l, "share.game").to_string(), game.to_string()));
    meta.push((tr(l, "share.sides").to_string(), sides));
    meta.extend(body.meta);
    let sig = |k: &'static str| Signature { label: tr(l, k).to_string(), name: String::new() };
    ShareDoc {
        title: format!("{head} · {}", tr(l, "sheet.title")),
        meta,
        header: body.header,
        rows: body.rows,
        result: body.result,
        signatures: vec![sig("share.recorder"), sig("share.verifier"), sig("share.referee")],
        footer: String::new(),
    }
}

/// The rulings of the log ([`super::ruling_log::logged_rulings`], RULES.md §0 **[r2]**: the
/// log keeps the ruling, each appeal and its decision), oldest first: a line a ruling — what,
/// against whom, why, the rule, the referee, and "overturned" / "replaced" when the newest
/// appeal decided so — followed by a line an appeal, oldest first (the newest decides).
/// When more than one ruling is appealed, the ruling lines are numbered ("判罚 2: …") and
/// each appeal line names its ruling ("申诉 1 对判罚 2 「警告 · 红队」 (绿队) → …").
/// `time` formats a decision's time.
fn rulings(m: &Match, l: Lang, time: &dyn Fn(f64) -> String) -> Vec<String> {
    let (teams, players) = m.setup.names();
    // The preset's citations, to say a ruling's rule in the reader's language.
    let choices = m.setup.rule_choices();
    // What each warning amounted to under the preset's ladder (RULES.md §0 [r2]).
    let counted: std::collections::HashMap<String, crate::rules::ruling::Counted> =
        super::replay::replay(m).counted().into_iter().collect();
    let who = |ruling: crate::rules::Ruling, player: Option<usize>| match player {
        Some(p) => players.get(p).map(|n| isolated(n)).unwrap_or_else(|| format!("#{}", p + 1)),
        None => {
            let t = ruling.team();
            teams
                .get(&t)
                .filter(|n| !n.trim().is_empty())
                .map(|n| isolated(n))
                .unwrap_or_else(|| m.setup.unnamed_side(l, t))
        }
    };
    let what = |ruling: crate::rules::Ruling, player: Option<usize>| {
        let w = match ruling {
            crate::rules::Ruling::LevelPenalty { levels, .. } => {
                format!("{} {levels} {}", tr(l, "ruling.level_penalty"), tr(l, "ruling.levels_unit"))
            }
            crate::rules::Ruling::GameLost { .. } => tr(l, "ruling.game_lost").to_string(),
            crate::rules::Ruling::Warning { .. } => tr(l, "ruling.warning").to_string(),
            crate::rules::Ruling::Late { minutes, .. } => {
                format!("{} {minutes} {}", tr(l, "ruling.late"), tr(l, "ruling.minutes_unit"))
            }
            crate::rules::Ruling::Disqualified { .. } => tr(l, "ruling.disqualified").to_string(),
        };
        format!("{w} · {}", who(ruling, player))
    };
    let mut out = Vec::new();
    let logged = super::ruling_log::logged_rulings(m);
    // With more than one ruling appealed, the appeal lines of one would read as another's:
    // the rulings are then numbered and each appeal line names the ruling it contests (its
    // number, what and against whom).
    let named = logged.iter().filter(|r| !r.appeals.is_empty()).count() > 1;
    for (k, r) in logged.into_iter().enumerate() {
        // A warning says its number and what the ladder made of it, unless an appeal put
        // another ruling in its place.
        let line = match (r.ruling, counted.get(&r.entry.id), r.decision()) {
            (_, _, Some(super::AppealDecision::Replaced { .. })) | (_, None, _) => what(r.ruling, r.player),
            (crate::rules::Ruling::Warning { .. }, Some(c), _) => {
                format!("{} · {}", warning_words(l, c), who(r.ruling, r.player))
            }
            _ => what(r.ruling, r.player),
        };
        let head =
            if named { format!("{} {}", tr(l, "share.ruling"), k + 1) } else { tr(l, "share.ruling").to_string() };
        let mut parts = vec![format!("{head}: {line}")];
        let rule = super::ruling_log::rule_shown(l, &choices, r.rule);
        for x in [r.reason, rule.as_str(), r.referee] {
            if !x.trim().is_empty() {
                parts.push(isolated(x));
            }
        }
        if let Some(label) = super::ruling_log::decision_label(l, r.decision()) {
            parts.push(label.to_string());
        }
        out.push(parts.join(" · "));
        for (i, a) in r.appeals.iter().enumerate() {
            let decision = match a.decision {
                super::AppealDecision::Upheld => tr(l, "appeal.upheld").to_string(),
                super::AppealDecision::Overturned => tr(l, "appeal.overturned").to_string(),
                super::AppealDecision::Replaced { ruling } => {
                    format!("{} {}", tr(l, "appeal.replaced"), what(ruling, r.player))
                }
            };
            let by = match a.decided_by {
                super::Decider::ChiefReferee => tr(l, "appeal.chief"),
                super::Decider::Committee => tr(l, "appeal.committee"),
            };
            let appellant =
                if a.appellant.trim().is_empty() { String::new() } else { format!(" ({})", isolated(a.appellant)) };
            let on = if named {
                format!(
                    " {}",
                    fill(l, "share.appeal_on", &[("n", (k + 1).to_string()), ("what", what(r.ruling, r.player))])
                )
            } else {
                String::new()
            };
            out.push(format!(
                "{} {}{on}{appellant} → {decision} · {by} · {}",
                tr(l, "appeal.title"),
                i + 1,
                time(a.decided_ms)
            ));
        }
    }
    out
}

/// A counted warning in words (RULES.md §0 **[r2]**): its number and what the preset's
/// ladder made of it — "第 2 次警告 → 判负 (出局)" (南通 §四), "第 2 次警告 → 罚 80 分 (记入本副)".
fn warning_words(l: Lang, c: &crate::rules::ruling::Counted) -> String {
    use crate::rules::ruling::Effect;
    let nth = c.warning_no.map_or_else(
        || tr(l, "ruling.warning").to_string(),
        |n| tr(l, "ruling.warning_nth").replace("{n}", &n.to_string()),
    );
    let then = match c.effect {
        Effect::Game(crate::rules::Ruling::GameLost { .. }) => Some(tr(l, "ruling.warning_lost").to_string()),
        Effect::Game(crate::rules::Ruling::LevelPenalty { levels, .. }) => {
            Some(format!("{} {levels} {}", tr(l, "ruling.minus"), tr(l, "ruling.levels_unit")))
        }
        Effect::PointsDue(_, points) => Some(tr(l, "ruling.points_due").replace("{n}", &points.to_string())),
        Effect::FoulDue(_) => Some(tr(l, "ruling.foul_due").to_string()),
        _ => None,
    };
    match then {
        Some(x) => format!("{nth} → {x}"),
        None => nth,
    }
}

/// The two teams' names, A then B, isolated ([`isolated`]; the side's name, 南北 / 东西, when
/// the set-up has none).
pub(crate) fn team_names(teams: &std::collections::BTreeMap<crate::rules::Team, String>, l: Lang) -> [String; 2] {
    crate::rules::Team::BOTH.map(|t| {
        teams
            .get(&t)
            .filter(|n| !n.trim().is_empty())
            .map(|n| isolated(n))
            .unwrap_or_else(|| crate::i18n::team_side(l, t).to_string())
    })
}

/// The standings of competition `c` of event `e` as a sheet (the standings picture): a row
/// an entrant in the standings' columns as a phone's screen shows them
/// ([`crate::tournament::output::standings_columns`] but the [`Col::wide`] ones; the 双上
/// column only where the game counts 双上) — and the champion once decided.
///
/// [`Col::wide`]: crate::tournament::output::Col::wide `time` and `now_ms` as in [`match_doc`].
pub fn standings_doc(
    e: &crate::tournament::Event,
    c: &crate::tournament::Competition,
    st: &crate::tournament::standings::Standings,
    l: Lang,
    time: &dyn Fn(f64) -> String,
    now_ms: f64,
) -> ShareDoc {
    let t = |k: &'static str| tr(l, k).to_string();
    let mut meta = vec![(t("share.event"), isolated(&e.name))];
    if !e.dates.trim().is_empty() {
        meta.push((t("share.date"), e.dates.clone()));
    }
    meta.push((t("share.game"), crate::i18n::game_name(l, &c.game).to_string()));
    // The screen's columns as a phone shows them (the picture is a phone screen wide).
    let cols: Vec<crate::tournament::output::Col> =
        crate::tournament::output::standings_columns(c).into_iter().filter(|x| !x.wide()).collect();
    let rows = st.rows.iter().map(|r| Row::hand(cols.iter().map(|x| x.cell(l, e, c, r)).collect())).collect();
    let mut result = vec![t(if st.complete { "ev.complete" } else { "ev.provisional" })];
    if let Some(ch) = &st.champion {
        result.push(fill(l, "share.winner_is", &[("who", e.entrant_label(ch))]));
    }
    ShareDoc {
        title: fill(l, "share.standings_title", &[("name", isolated(&c.name))]),
        meta,
        header: cols.iter().map(|x| t(x.header())).collect(),
        rows,
        result,
        signatures: vec![Signature { label: t("share.referee"), name: String::new() }],
        footer: format!("{} · {}", tr(l, "app.name"), time(now_ms)),
    }
}
