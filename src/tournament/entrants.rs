//! Entrants typed or pasted one per line ([`parse_entrant_lines`], [`add_entrant_lines`]):
//! name, then members, with the line and the problem named on error; and the players a
//! team or pair entered in a competition must have ([`check_teams`]).

use super::*;

/// An entrant typed on one line ([`parse_entrant_lines`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantLine {
    /// 1-based number of the line in the text typed (empty lines counted).
    pub line: usize,
    /// The name: what comes before the colon, or the whole line.
    pub name: String,
    /// The members after the colon.
    pub members: Vec<String>,
}

/// Why a typed line cannot become an entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineProblem {
    /// Nothing before the colon (`: 张三, 李四`).
    NoName,
    /// The name is longer than [`MAX_NAME`] characters.
    NameTooLong,
    /// More than [`MAX_MEMBERS`] members.
    TooManyMembers,
    /// Member `k` (1-based) is longer than [`MAX_NAME`] characters.
    MemberTooLong(usize),
    /// The name was typed on an earlier line of the same text too (names identify entrants
    /// on the sheets and standings, so two entrants never share one).
    NameTwice {
        /// The name.
        name: String,
        /// The earlier line (1-based).
        first: usize,
    },
    /// The name is already an entrant's of the event.
    NameTaken {
        /// The name.
        name: String,
        /// That entrant's row in the event's list of entrants (1-based, as numbered on the
        /// entrants tab).
        row: usize,
    },
    /// Another rule of [`validate_event`] refuses the entrant: the entrant's field
    /// (`unit`, `members[2]` …) and the reason.
    Refused {
        /// The entrant's field.
        field: String,
        /// Why.
        reason: String,
    },
}

/// A refused line of typed entrants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// 1-based number of the line in the text typed.
    pub line: usize,
    /// What is wrong with it.
    pub problem: LineProblem,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.problem {
            LineProblem::NoName => f.write_str("no name before the colon"),
            LineProblem::NameTooLong => write!(f, "the name is longer than {MAX_NAME} characters"),
            LineProblem::TooManyMembers => write!(f, "more than {MAX_MEMBERS} members"),
            LineProblem::MemberTooLong(k) => write!(f, "member {k} is longer than {MAX_NAME} characters"),
            LineProblem::NameTwice { name, first } => write!(f, "{name:?} is also on line {first}"),
            LineProblem::NameTaken { name, row } => write!(f, "{name:?} is already entrant {row}"),
            LineProblem::Refused { field, reason } => write!(f, "{field}: {reason}"),
        }
    }
}

/// Why typed entrants were not added ([`add_entrant_lines`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntrantsError {
    /// A line cannot be an entrant.
    Line(LineError),
    /// The event refuses them for a reason of no one line (too many entrants).
    Event(ImportError),
}

impl std::fmt::Display for EntrantsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntrantsError::Line(x) => x.fmt(f),
            EntrantsError::Event(x) => x.fmt(f),
        }
    }
}

/// Adds the entrants typed as `text` ([`parse_entrant_lines`]) to `e`, each with a fresh
/// id, `kind` and `unit` (a player typed without members is their own only member), and
/// validates the event: a refusal that concerns one of the new entrants names the line it
/// was typed on, not its index in the list. A name the event already has is refused
/// ([`LineProblem::NameTaken`], naming the line and the entrant's row). Returns how many
/// were added (0 when no line was typed); `e` is unchanged on error.
pub fn add_entrant_lines(e: &mut Event, text: &str, kind: EntrantKind, unit: &str) -> Result<usize, EntrantsError> {
    let rows = parse_entrant_lines(text).map_err(EntrantsError::Line)?;
    for r in &rows {
        if let Some(row) = e.entrants.iter().position(|x| x.name.trim() == r.name) {
            let problem = LineProblem::NameTaken { name: r.name.clone(), row: row + 1 };
            return Err(EntrantsError::Line(LineError { line: r.line, problem }));
        }
    }
    let mut next = e.clone();
    let first = next.entrants.len();
    let lines: Vec<usize> = rows.iter().map(|r| r.line).collect();
    for r in rows {
        let id = next.next_entrant_id();
        let members =
            if kind == EntrantKind::Player && r.members.is_empty() { vec![r.name.clone()] } else { r.members };
        next.entrants.push(Entrant { id, name: r.name, kind, members, unit: unit.to_string() });
    }
    validate_event(&next).map_err(|x| {
        let typed = x.field.strip_prefix("entrants[").and_then(|f| f.split_once(']')).and_then(|(i, rest)| {
            let line = *lines.get(i.parse::<usize>().ok()?.checked_sub(first)?)?;
            Some(LineError {
                line,
                problem: LineProblem::Refused {
                    field: rest.trim_start_matches('.').to_string(),
                    reason: x.reason.clone(),
                },
            })
        });
        typed.map(EntrantsError::Line).unwrap_or(EntrantsError::Event(x))
    })?;
    let added = next.entrants.len() - first;
    *e = next;
    Ok(added)
}

/// Why an entrant was not renamed ([`rename_entrant`]); the entrant keeps its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenameError {
    /// The new name is blank.
    Empty,
    /// The new name is longer than [`MAX_NAME`] characters.
    TooLong,
    /// Another entrant of the event has the name (names identify entrants on the sheets
    /// and standings).
    Taken {
        /// The name.
        name: String,
        /// That entrant's row in the event's list of entrants (1-based).
        row: usize,
    },
    /// The event has no entrant of that id (removed meanwhile, in another tab).
    Missing,
}

impl std::fmt::Display for RenameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenameError::Empty => f.write_str("the name is empty"),
            RenameError::TooLong => write!(f, "the name is longer than {MAX_NAME} characters"),
            RenameError::Taken { name, row } => write!(f, "{name:?} is already entrant {row}"),
            RenameError::Missing => f.write_str("no such entrant"),
        }
    }
}

/// Renames entrant `id` of `e` to `name` (trimmed). Refused, with `e` unchanged, when the
/// name is blank or too long, when another entrant has it, or when there is no such
/// entrant.
pub fn rename_entrant(e: &mut Event, id: &str, name: &str) -> Result<(), RenameError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(RenameError::Empty);
    }
    if name.chars().count() > MAX_NAME {
        return Err(RenameError::TooLong);
    }
    if let Some(row) = e.entrants.iter().position(|x| x.id != id && x.name.trim() == name) {
        return Err(RenameError::Taken { name: name.to_string(), row: row + 1 });
    }
    let en = e.entrants.iter_mut().find(|x| x.id == id).ok_or(RenameError::Missing)?;
    en.name = name.to_string();
    Ok(())
}

/// Parses entrants typed one per line as `name: member, member` (`：`, `,`, `，`, `、`, `;`
/// accepted); a tab separates like a colon after the name and like a comma between
/// members, so a row pasted from a spreadsheet (`team⇥member⇥member`) is a team with its
/// members. Empty lines are skipped. The first line that cannot be an entrant (no name, a
/// name or member longer than [`MAX_NAME`] characters, more than [`MAX_MEMBERS`] members,
/// a name typed on an earlier line too) refuses the whole text, naming that line.
pub fn parse_entrant_lines(text: &str) -> Result<Vec<EntrantLine>, LineError> {
    let mut out: Vec<EntrantLine> = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let l = l.trim();
        if l.is_empty() {
            continue;
        }
        let (name, rest) = match l.split_once([':', '：', '\t']) {
            Some((n, r)) => (n.trim(), r),
            None => (l, ""),
        };
        let members = split_members(rest);
        let refuse = |problem| Err(LineError { line: i + 1, problem });
        if name.is_empty() {
            return refuse(LineProblem::NoName);
        }
        if name.chars().count() > MAX_NAME {
            return refuse(LineProblem::NameTooLong);
        }
        if members.len() > MAX_MEMBERS {
            return refuse(LineProblem::TooManyMembers);
        }
        if let Some(k) = members.iter().position(|m| m.chars().count() > MAX_NAME) {
            return refuse(LineProblem::MemberTooLong(k + 1));
        }
        if let Some(first) = out.iter().find(|x| x.name == name) {
            return refuse(LineProblem::NameTwice { name: name.to_string(), first: first.line });
        }
        out.push(EntrantLine { line: i + 1, name: name.to_string(), members });
    }
    Ok(out)
}

/// Splits a member list at `,`, `，`, `、`, `;`, `；` and tabs (cells pasted from a
/// spreadsheet); blanks dropped.
pub fn split_members(s: &str) -> Vec<String> {
    s.split([',', '，', '、', ';', '；', '\t']).map(str::trim).filter(|m| !m.is_empty()).map(str::to_string).collect()
}

/// The entrants tab's text typed and not saved yet, as the browser tab keeps it so that a
/// reload brings it back (never part of the event or an export): the entrant list box, and
/// each entrant's members box left with text that was not saved, by entrant id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntrantsDraft {
    /// The entrant list box, as typed.
    #[serde(default)]
    pub bulk: String,
    /// Entrant id → its members box, as typed.
    #[serde(default)]
    pub members: BTreeMap<String, String>,
}

impl EntrantsDraft {
    /// Whether nothing is typed (no draft is kept then).
    pub fn is_empty(&self) -> bool {
        self.bulk.trim().is_empty() && self.members.is_empty()
    }
    /// The draft as it can be put back into the tab of event `e`: members typed for an
    /// entrant `e` no longer has (removed since) are dropped, and so are members typed that
    /// are what is saved now (nothing left to save). The list box stays as typed.
    pub fn settled(mut self, e: &Event) -> EntrantsDraft {
        self.members.retain(|id, typed| e.entrant(id).is_some_and(|en| split_members(typed) != en.members));
        self
    }
}

pub(super) fn next_id<'a>(prefix: &str, ids: impl Iterator<Item = &'a str>) -> String {
    let n = ids.filter_map(|i| i.strip_prefix(prefix)?.parse::<u32>().ok()).max().unwrap_or(0);
    format!("{prefix}{}", n + 1)
}

/// A team (or a pair) entered in a competition with fewer players than its matches seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortTeam {
    /// The competition's id.
    pub competition: String,
    /// The team's (or pair's) entrant id.
    pub entrant: String,
    /// Players it has (members with a name).
    pub have: usize,
    /// Players it needs, two per pair: [`Competition::team_players`] for a team,
    /// [`Competition::pair_players`] for a pair.
    pub need: usize,
}

impl std::fmt::Display for ShortTeam {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "competitions {}: team {} has {} players; it needs {} ({} pairs)",
            self.competition,
            self.entrant,
            self.have,
            self.need,
            self.need / 2
        )
    }
}

impl Competition {
    /// The players a team entered in it must have: two per pair it fields — one pair at each
    /// table of a fixture ([`Competition::legs`]; 南通, RULES.md §1.4 **[r2]**: 2 pairs),
    /// each table seating [`crate::record::game::GameId::team_pairs`] pairs of it (双升 队式,
    /// §1.3: both). A game id the build does not know counts one pair per table.
    pub fn team_players(&self) -> usize {
        let per_table = crate::record::game::GameId::parse(&self.game).map_or(1, |g| g.team_pairs());
        2 * (self.legs.max(1) * per_table) as usize
    }
    /// The players a pair entered in it must have: its two, where the game seats each side as
    /// a pair of named players ([`crate::record::game::GameId::pair_sides`]: 升级, 双升, 掼蛋 —
    /// the match's N/S and E/W seats are named after them); none in a game of single players.
    /// A game id the build does not know counts two, as [`Competition::team_players`] counts
    /// a pair.
    pub fn pair_players(&self) -> usize {
        if crate::record::game::GameId::parse(&self.game).is_none_or(|g| g.pair_sides()) {
            2
        } else {
            0
        }
    }
}

/// Every team (an entrant of kind [`EntrantKind::Team`]) entered in a competition of `e`
/// with fewer named members than [`Competition::team_players`], and every pair
/// ([`EntrantKind::Pair`]) with fewer than [`Competition::pair_players`], in competition
/// order, then the competition's entrant order. A team or pair entered in no competition
/// may have none yet.
pub fn short_teams(e: &Event) -> Vec<ShortTeam> {
    let mut out = Vec::new();
    for c in &e.competitions {
        for id in &c.entrants {
            let Some(en) = e.entrant(id) else { continue };
            let need = match en.kind {
                EntrantKind::Team => c.team_players(),
                EntrantKind::Pair => c.pair_players(),
                EntrantKind::Player => continue,
            };
            let have = en.members.iter().filter(|m| !m.trim().is_empty()).count();
            if have < need {
                out.push(ShortTeam { competition: c.id.clone(), entrant: id.clone(), have, need });
            }
        }
    }
    out
}

/// Checks a change of an event from `before` to `after`: refused, naming the first one, when
/// it leaves a team of a competition short of the players its matches seat
/// ([`short_teams`]: a team without players entered in a 南通 team competition, RULES.md
/// §1.4 **[r2]**, a pair without its two players in a 升级 or 掼蛋 competition, whose
/// match seats them by name (§6), or one whose members were cleared) that was not short so
/// before (the
/// same competition and team, no fewer players) — an event stored short stays editable,
/// and can be mended. The caller keeps `before` on error.
pub fn check_teams(before: &Event, after: &Event) -> Result<(), ShortTeam> {
    let old = short_teams(before);
    let was = |s: &ShortTeam| {
        old.iter().any(|o| o.competition == s.competition && o.entrant == s.entrant && o.have <= s.have)
    };
    match short_teams(after).into_iter().find(|s| !was(s)) {
        Some(s) => Err(s),
        None => Ok(()),
    }
}
