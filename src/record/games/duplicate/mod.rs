//! 双升 duplicate team match (RULES.md §1.3, preset `yiyuan-shuangsheng`, seed 003 §二–三):
//! the set-up (two teams of two pairs, two tables, the board list), one table's entry of one
//! board ([`BoardEntry`]), the checks of both, and the replay of the log into traveller rows,
//! running totals, boards won and the tie-break.
//!
//! Seating: the team [`DuplicateSetup::ns_at_table1`] has its first pair N/S at table 1 and
//! its second pair E/W at table 2; the other team the reverse. In this module every
//! [`Team`] value names a *match team* (never a seat side): a board entry's `attackers`, a
//! penalty's `team` and a refusal's `team` are teams; [`DuplicateSetup::side`] gives the seat
//! side a team has at a table.

mod view;

use crate::record::replay::effective;
use crate::record::schema::said;
use crate::record::schema::ImportError;
use crate::record::{BoardAt, HandInput, Match, Op};
use crate::rules::shengji::{
    self, DupBoard, DuplicateVerdict, Hand, InputError, NotAccepted, Preset, RefusalRule, TableResult,
};
use crate::rules::{Arg, Msg, Rank, Seat, Team};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

pub use view::*;

/// An entry's error: `reason` in plain English, `msg` the same typed (`dup.why.*`).
fn iv(field: impl Into<String>, reason: impl Into<String>, msg: Msg) -> InputError {
    InputError { field: field.into(), reason: reason.into(), msg: Some(msg) }
}

/// [`iv`] as an [`ImportError`] (a refused entry).
fn iem(field: impl Into<String>, reason: impl Into<String>, msg: Msg) -> ImportError {
    ImportError { field: field.into(), reason: reason.into(), msg: Some(msg) }
}

fn refusal_kind(kind: &str) -> Msg {
    Msg::new("dup.why.refusal_kind", vec![("kind", Arg::Text(kind.to_string()))])
}

fn not_a_table(table: u8) -> Msg {
    Msg::new("dup.why.not_a_table", vec![("table", Arg::Num(table as i64))])
}

fn entered_twice(board: u32, table: u8) -> Msg {
    Msg::new("dup.why.entered_twice", vec![("board", Arg::Num(board as i64)), ("table", Arg::Num(table as i64))])
}

/// One team of four: its name and its two pairs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DupTeam {
    /// Team name (≤ 60 characters).
    pub name: String,
    /// `pairs[0]` plays table 1, `pairs[1]` table 2. In a pair the first player sits N (on
    /// the N/S side) or E (on the E/W side), the second S or W. Names may be empty.
    pub pairs: [[String; 2]; 2],
}

/// Set-up of a duplicate match (RULES.md §1.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuplicateSetup {
    /// The match's own copy of the preset (`yiyuan-shuangsheng`: linear kitty, clamp 0–200,
    /// the 003 penalty table). Must be a duplicate preset.
    pub preset: Preset,
    /// Both teams.
    pub teams: BTreeMap<Team, DupTeam>,
    /// The team whose pair sits N/S at table 1 (its other pair sits E/W at table 2).
    pub ns_at_table1: Team,
    /// The board list, in playing order: number, level, dealer seat.
    pub boards: Vec<DupBoard>,
    /// The "non-offending side does not accept the table result" rules (003 §三).
    pub refusals: Vec<RefusalRule>,
}

impl DuplicateSetup {
    /// A set-up with the built-in preset, default names, `n` default boards
    /// ([`shengji::default_boards`]) and the 003 refusal rules; team A sits N/S at table 1.
    pub fn new(preset: Preset, n: u32) -> DuplicateSetup {
        let team = |name: &str| DupTeam { name: name.into(), pairs: Default::default() };
        DuplicateSetup {
            preset,
            teams: [(Team::A, team("A")), (Team::B, team("B"))].into_iter().collect(),
            ns_at_table1: Team::A,
            boards: shengji::default_boards(n),
            refusals: shengji::default_refusals(),
        }
    }
    /// The seat side (`Team::A` = N/S, `Team::B` = E/W) where `team` sits at `table` (1 or 2).
    pub fn side(&self, team: Team, table: u8) -> Team {
        if (team == self.ns_at_table1) == (table == 1) {
            Team::A
        } else {
            Team::B
        }
    }
    /// The team sitting at `seat` at `table`.
    pub fn team_at(&self, seat: Seat, table: u8) -> Team {
        if self.side(Team::A, table) == seat.team() {
            Team::A
        } else {
            Team::B
        }
    }
    /// The player at `seat` at `table` (may be empty).
    pub fn player(&self, table: u8, seat: Seat) -> String {
        let team = self.team_at(seat, table);
        let i = if matches!(seat, Seat::N | Seat::E) { 0 } else { 1 };
        self.teams.get(&team).map(|t| t.pairs[(table.clamp(1, 2) - 1) as usize][i].clone()).unwrap_or_default()
    }
    /// The team's name for display, isolated ([`crate::bidi::isolated`]), or `A` / `B` when
    /// empty.
    pub fn team_name(&self, team: Team) -> String {
        self.teams
            .get(&team)
            .map(|t| crate::bidi::isolated(t.name.trim()))
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| format!("{team:?}"))
    }
    /// Board `number` of the list.
    pub fn board(&self, number: u32) -> Option<&DupBoard> {
        self.boards.iter().find(|b| b.number == number)
    }
    /// The refusal rule of `kind`.
    pub fn refusal(&self, kind: &str) -> Option<&RefusalRule> {
        self.refusals.iter().find(|r| r.kind == kind)
    }
    /// The attacking team by default at `table` when `dealer` deals: the team not on the
    /// dealer's side.
    pub fn default_attackers(&self, table: u8, dealer: Seat) -> Team {
        self.team_at(dealer, table).other()
    }
}

/// The referee's ruling "the non-offending side does not accept the table result"
/// (003 §三): the offending team's board result becomes −points of the refusal rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    /// A `kind` of the set-up's refusal rules (`revoke`, `kitty_count`, `card_count`,
    /// `dealer_seat`).
    pub kind: String,
    /// The offending team.
    pub team: Team,
}

/// **[r2]** 003 §二15: after the board, the dealer checks every hand and the kitty against the
/// board's deal record (牌型记录) before the cards go back in their wallet; an error found is
/// the dealer's responsibility. Recorded per board and table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardCheck {
    /// Who checked (the dealer at this table by default); ≤ 60 characters, may be empty.
    pub by: String,
    /// The cards matched the deal record (`true`), or the check found an error (`false`).
    pub ok: bool,
}

/// One table's result of one board (RULES.md §1.3): which board and table, the attacking
/// team, the hand input (points, 抠底 with unit, penalties), the level and dealer as played
/// there, and the referee's refusal ruling if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardEntry {
    /// Board number (one of the set-up's board list).
    pub board: u32,
    /// Table 1 or 2.
    pub table: u8,
    /// The attacking team (抓分方) at this table.
    pub attackers: Team,
    /// Points 0–200 (steps of 5, kitty excluded), 抠底 with kitty points and unit, penalties
    /// (each on a team), the declaring sequence if recorded.
    pub hand: Hand,
    /// The level as played at this table.
    pub level: Rank,
    /// The dealer seat as played at this table.
    pub dealer: Seat,
    /// The referee confirms that this table really played a level or dealer other than the
    /// board list's (otherwise two tables that disagree are flagged and not scored).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub confirmed: bool,
    /// "Does not accept the table result" (003 §三); `None` = the table result stands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusal: Option<Refusal>,
    /// **[r2]** The dealer's check of the board against its deal record (003 §二15); `None`
    /// = not recorded (every entry stored before revision 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_check: Option<BoardCheck>,
    /// For a correction: the id of the entry it corrects. It lets the one-entry-per-board-and-
    /// table check know that the input replaces, rather than repeats, that board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corrects: Option<String>,
}

impl BoardEntry {
    /// Level or dealer differ from the board list's `b`.
    pub fn off_list(&self, b: &DupBoard) -> bool {
        self.level != b.level || self.dealer != b.dealer
    }
    /// The engine's view of this table: attackers, hand, and the refusal as a replacement
    /// board result. Errors when the refusal kind is not a rule of the set-up.
    pub fn table_result(&self, s: &DuplicateSetup) -> Result<TableResult, InputError> {
        let not_accepted = match &self.refusal {
            None => None,
            Some(r) => {
                let rule = s.refusal(&r.kind).ok_or_else(|| {
                    iv(
                        "refusal.kind",
                        format!("{:?} is not a refusal rule of this match", r.kind),
                        refusal_kind(&r.kind),
                    )
                })?;
                Some(NotAccepted { team: r.team, points: rule.points })
            }
        };
        Ok(TableResult { attackers: self.attackers, hand: self.hand.clone(), not_accepted })
    }
}

/// Checks the set-up: both teams named within 60 characters, a duplicate preset with a
/// non-empty table, a non-empty board list (≤ 200 boards) of unique numbers ≥ 1, and refusal
/// rules with unique kinds and 0–200 points. Errors name the field (`boards[3].number`).
pub fn validate_setup(s: &DuplicateSetup) -> Result<(), ImportError> {
    if !s.preset.duplicate {
        return Err(said!("preset.duplicate", "imp.dup_preset"));
    }
    for team in Team::BOTH {
        let t = s.teams.get(&team).ok_or_else(|| said!(format!("teams.{team:?}"), "imp.missing"))?;
        if t.name.chars().count() > 60 {
            return Err(said!(format!("teams.{team:?}.name"), "imp.too_long", max = Arg::Num(60)));
        }
        crate::record::schema::check_named(&t.name, format!("teams.{team:?}.name"))?;
        for (i, p) in t.pairs.iter().enumerate() {
            for (j, n) in p.iter().enumerate() {
                if n.chars().count() > 60 {
                    return Err(said!(format!("teams.{team:?}.pairs[{i}][{j}]"), "imp.too_long", max = Arg::Num(60)));
                }
            }
        }
    }
    crate::record::games::shengji::check_preset_numbers(&s.preset)?;
    if s.boards.is_empty() {
        return Err(said!("boards", "imp.dup_no_boards"));
    }
    if s.boards.len() > 200 {
        return Err(said!("boards", "imp.dup_many_boards"));
    }
    let mut seen = HashSet::new();
    for (i, b) in s.boards.iter().enumerate() {
        if b.number == 0 || b.number > 999 {
            return Err(said!(format!("boards[{i}].number"), "imp.dup_board_no", n = Arg::Num(b.number as i64)));
        }
        if !seen.insert(b.number) {
            return Err(said!(format!("boards[{i}].number"), "imp.dup_board_twice", n = Arg::Num(b.number as i64)));
        }
    }
    let mut kinds = HashSet::new();
    for (i, r) in s.refusals.iter().enumerate() {
        if !(0..=200).contains(&r.points) {
            return Err(said!(
                format!("refusals[{i}].points"),
                "imp.dup_refusal_points",
                n = Arg::Num(r.points as i64)
            ));
        }
        if !kinds.insert(r.kind.as_str()) {
            return Err(said!(
                format!("refusals[{i}].kind"),
                "imp.dup_refusal_twice",
                kind = Arg::Text(format!("{:?}", r.kind))
            ));
        }
    }
    Ok(())
}

/// The effective entry (id) holding `board` at `table` in the log so far, other than `except`.
pub fn entered(m: &Match, board: u32, table: u8, except: Option<&str>) -> Option<String> {
    effective(m).into_iter().find_map(|e| match (&e.entry.op, &e.hand) {
        (Op::Hand { .. }, Some(HandInput::Duplicate(b)))
            if b.board == board && b.table == table && Some(e.entry.id.as_str()) != except =>
        {
            Some(e.entry.id.clone())
        }
        _ => None,
    })
}

/// Checks one table's entry against the set-up and the log so far: a listed board, table 1
/// or 2, a hand the engine accepts (and a valid declaring sequence), a known refusal kind,
/// and — the duplicate rule — no other entry in force for the same board at the same table
/// (a correction must name the entry it corrects in `corrects`). Field paths are relative to
/// the entry (`board`, `hand.points`, `refusal.kind`).
pub fn check_hand(m: &Match, s: &DuplicateSetup, h: &BoardEntry) -> Result<(), ImportError> {
    if s.board(h.board).is_none() {
        let list = s.boards.iter().map(|b| b.number.to_string()).collect::<Vec<_>>().join(", ");
        let msg = Msg::new(
            "dup.why.board_not_listed",
            vec![("board", Arg::Num(h.board as i64)), ("list", Arg::Text(list.clone()))],
        );
        return Err(iem("board", format!("board {} is not in the board list ({list})", h.board), msg));
    }
    if !(1..=2).contains(&h.table) {
        return Err(iem("table", format!("{} is not a table (1 or 2)", h.table), not_a_table(h.table)));
    }
    // The engine's errors keep their typed reason.
    let in_hand = |e: InputError| ImportError { field: format!("hand.{}", e.field), reason: e.reason, msg: e.msg };
    shengji::validate_hand(&s.preset, &h.hand).map_err(in_hand)?;
    if !h.hand.declaring.is_empty() {
        shengji::check_declaring(&s.preset.declaring, &h.hand.declaring).map_err(in_hand)?;
    }
    if let Some(c) = &h.board_check {
        if c.by.chars().count() > 60 {
            let msg = Msg::new("dup.why.name_too_long", vec![("max", Arg::Num(60))]);
            return Err(iem("board_check.by", "longer than 60 characters", msg));
        }
    }
    if let Some(r) = &h.refusal {
        if s.refusal(&r.kind).is_none() {
            let reason = format!("{:?} is not a refusal rule of this match", r.kind);
            return Err(iem("refusal.kind", reason, refusal_kind(&r.kind)));
        }
    }
    if let Some(id) = &h.corrects {
        let ok = m.entries.iter().any(|e| e.id == *id && matches!(e.op, Op::Hand { hand: HandInput::Duplicate(_) }));
        if !ok {
            let msg = Msg::new("dup.why.no_entry", vec![("id", Arg::Text(id.clone()))]);
            return Err(iem("corrects", format!("no board entry {id:?} in this match"), msg));
        }
    }
    // A board lost by ruling at this table ended there (RULES.md §0 [r2]): no result of it is
    // entered after the ruling (replayed only when the log has rulings).
    if h.corrects.is_none() && m.entries.iter().any(|e| matches!(e.op, Op::Ruling { .. })) {
        if let Some(l) = replay(m, s).board(h.board).and_then(|b| b.lost.clone()).filter(|l| l.table == h.table) {
            let msg = Msg::new(
                "dup.why.board_lost",
                vec![
                    ("board", Arg::Num(h.board as i64)),
                    ("table", Arg::Num(h.table as i64)),
                    ("team", Arg::Text(s.team_name(l.team))),
                ],
            );
            return Err(ImportError::typed("board", msg));
        }
    }
    if let Some(other) = entered(m, h.board, h.table, h.corrects.as_deref()) {
        return Err(iem(
            "board",
            format!(
                "board {} is already entered for table {} (entry {other}): correct that entry instead of entering it again",
                h.board, h.table
            ),
            entered_twice(h.board, h.table),
        ));
    }
    Ok(())
}

/// A new duplicate match on the built-in `yiyuan-shuangsheng` preset with `n` default boards.
/// Panics only if the built-in preset is missing (a build error).
pub fn blank(id: &str, n: u32, now_ms: f64) -> Match {
    let preset = shengji::builtin_preset("yiyuan-shuangsheng").expect("built-in duplicate preset");
    Match {
        id: id.into(),
        created_ms: now_ms,
        title: String::new(),
        setup: crate::record::Setup::Duplicate(DuplicateSetup::new(preset, n)),
        entries: Vec::new(),
    }
}

/// The home list's line of a 双升 match in language `l` (RULES.md §1.3): team A's and team
/// B's totals and the board results entered, "红队 +40 : −40 蓝队 · 4/6 副已计分" (a team not
/// named by its letter); led by the result once the match is over or signed off
/// ([`crate::record::home::result`]), "已结束 · 红队 胜 · …".
pub fn home_line(l: crate::i18n::Lang, s: &DuplicateSetup, v: &DuplicateView) -> String {
    use crate::rules::session::signed;
    let ta = i64::from(v.totals.totals.get(&Team::A).copied().unwrap_or(0));
    let names = [s.team_name(Team::A), s.team_name(Team::B)];
    let line = format!(
        "{} {} : {} {} · {}/{} {}",
        names[0],
        signed(ta),
        signed(-ta),
        names[1],
        v.scored,
        s.boards.len(),
        crate::i18n::tr(l, "dup.boards_scored")
    );
    crate::record::home::with_result::<Duplicate>(l, v, &names, line)
}

/// 双升's [`crate::record::game::Game`] impl.
pub struct Duplicate;

impl crate::record::game::Game for Duplicate {
    const ID: crate::record::game::GameId = crate::record::game::GameId::Duplicate;
    const INDEPENDENT_ENTRIES: bool = true;
    const TIE_PLAYED_OFF: bool = true;
    const RULINGS: bool = true;
    const NUMBERED_HANDS: bool = false;
    const TEAM_PAIRS: u32 = 2;
    const PAIR_SIDES: bool = true;
    type Setup = DuplicateSetup;
    type Input = BoardEntry;
    type View = DuplicateView;

    fn validate_setup(s: &DuplicateSetup) -> Result<(), ImportError> {
        validate_setup(s)
    }
    fn check_input(m: &Match, s: &DuplicateSetup, h: &BoardEntry) -> Result<(), ImportError> {
        check_hand(m, s, h)
    }
    fn replay(m: &Match, s: &DuplicateSetup) -> DuplicateView {
        replay(m, s)
    }
    fn first_error(v: &DuplicateView) -> Option<(String, InputError)> {
        v.first_error()
    }
    fn refused(v: &DuplicateView) -> Vec<(String, InputError)> {
        v.refused.clone()
    }
    fn ruling_rules(s: &DuplicateSetup) -> crate::rules::ruling::RulingRules {
        s.preset.rulings.clone()
    }
    fn rule_choices(s: &DuplicateSetup) -> Vec<crate::rules::ruling::RuleChoice> {
        s.preset.ruling_choices()
    }
    fn counted(v: &DuplicateView) -> Vec<(String, crate::rules::ruling::Counted)> {
        v.rulings.iter().filter_map(|r| Some((r.entry_id.clone(), r.counted?))).collect()
    }
    fn check_ruling_board(s: &DuplicateSetup, board: Option<BoardAt>) -> Result<(), ImportError> {
        let at = board.ok_or_else(|| said!("op.board", "imp.dup_ruling_board"))?;
        if s.board(at.number).is_none() {
            return Err(said!("op.board.number", "imp.dup_not_board", n = Arg::Num(at.number as i64)));
        }
        if !(1..=2).contains(&at.table) {
            return Err(said!("op.board.table", "imp.dup_not_table", n = Arg::Num(at.table as i64)));
        }
        Ok(())
    }
    fn outcome(v: &DuplicateView) -> crate::tournament::outcome::Outcome {
        use crate::tournament::outcome::side;
        let g = |t| v.totals.totals.get(&t).copied().unwrap_or(0) as i64;
        let b = |t| v.totals.boards_won.get(&t).copied().unwrap_or(0);
        // A forfeited match (late at the limit, disqualified) goes to the other team.
        let done = v.complete || v.locked || v.forfeit.is_some();
        crate::tournament::outcome::Outcome {
            score: vec![g(Team::A), g(Team::B)],
            games_won: vec![b(Team::A), b(Team::B)],
            double_wins: vec![0, 0],
            winner: match (v.forfeit, v.verdict) {
                (Some(f), _) => Some(side(f.other())),
                (None, DuplicateVerdict::Winner { team, .. }) if done => Some(side(team)),
                _ => None,
            },
            forfeits: v.forfeit.map(side).into_iter().collect(),
            disqualified: v.disqualified.iter().map(|&t| side(t)).collect(),
            locked: v.locked,
            done,
            hands: v.scored,
            ..Default::default()
        }
    }
    fn participants(s: &DuplicateSetup, name: &dyn Fn(&str) -> String) -> String {
        s.teams.values().map(|x| name(&x.name)).collect::<Vec<_>>().join(" vs ")
    }
    fn names(s: &DuplicateSetup) -> (BTreeMap<Team, String>, Vec<String>) {
        (s.teams.iter().map(|(t, x)| (*t, x.name.clone())).collect(), Vec::new())
    }
    fn sheet_body(
        m: &Match,
        s: &DuplicateSetup,
        v: &DuplicateView,
        l: crate::i18n::Lang,
    ) -> crate::record::share_doc::SheetBody {
        crate::record::share_doc::games::duplicate(m, s, v, l)
    }
    fn leg_setup(leg: &crate::tournament::tables::Leg) -> Result<DuplicateSetup, crate::tournament::tables::LegError> {
        let p = shengji::builtin_preset(leg.preset_id).filter(|p| p.duplicate).ok_or_else(|| leg.bad())?;
        let mut s = DuplicateSetup::new(p, 6);
        let team = |i: usize| {
            let side = leg.side(i);
            DupTeam { name: side.name.clone(), pairs: side.pairs.clone() }
        };
        s.teams = [(Team::A, team(0)), (Team::B, team(1))].into_iter().collect();
        Ok(s)
    }
    fn preset_ids() -> Vec<String> {
        shengji::builtin_presets().into_iter().filter(|p| p.duplicate).map(|p| p.id).collect()
    }
    fn preset_json(s: &Self::Setup) -> Option<String> {
        crate::json::to_string(&s.preset).ok()
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod ruling_tests;

#[cfg(test)]
mod fixtures;
