//! The replay of a 双升 log into its view: per-board traveller rows, rulings on boards,
//! running totals, boards won and the tie-break.

use super::{entered_twice, iv, not_a_table, BoardEntry, DuplicateSetup, Refusal};
use crate::record::replay::effective;
use crate::record::{BoardAt, HandInput, Match, Op};
use crate::rules::ruling::{Counted, Effect, Register};
use crate::rules::shengji::{self, DupBoard, DuplicateTotals, DuplicateVerdict, InputError, TableResult, TableScore};
use crate::rules::{Arg, Msg, Ruling, Team};
use serde::Serialize;
use std::collections::BTreeMap;

/// One table's entry as it counts now, with its score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableRow {
    /// Id of the original `Hand` entry (corrections target it).
    pub entry_id: String,
    /// When it was first logged, ms.
    pub at_ms: f64,
    /// Times of the corrections applied, ms.
    pub corrected_ms: Vec<f64>,
    /// The input in force.
    pub entry: BoardEntry,
    /// The table's score step by step, or why it cannot count.
    pub score: Result<TableScore, InputError>,
    /// Level or dealer differ from the board list.
    pub off_list: bool,
}

/// Where a board stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardStatus {
    /// No table has entered it.
    Open,
    /// One table has entered it.
    Waiting,
    /// The two tables disagree on level or dealer (and the referee has not confirmed the
    /// deviating table): not scored until one entry is corrected or confirmed.
    Flagged,
    /// Both tables in, consistent: scored.
    Scored,
}

/// A board lost by a ruling: where, by whom, and the ruling's entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardLost {
    /// The table (1|2) the ruling was made at.
    pub table: u8,
    /// The offending team (it loses the board).
    pub team: Team,
    /// Id of the `Ruling` entry.
    pub entry_id: String,
    /// The offending team's board result (−20 in 003).
    pub result: i32,
}

/// One ruling of the match as the replay counted it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DupRulingRow {
    /// Id of the `Ruling` entry.
    pub entry_id: String,
    /// The ruling in force (its edit's, an appeal's replacement, or as entered).
    pub ruling: Ruling,
    /// The board and table it applies to.
    pub board: Option<BoardAt>,
    /// What it amounted to (a warning's number under its rule and its effect); `None` when
    /// refused before counting (a level penalty).
    pub counted: Option<Counted>,
    /// Whether it applies, or why not.
    pub result: Result<(), InputError>,
}

/// One board of the traveller: both tables, the team result and the running totals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardRow {
    /// The board as listed.
    pub board: DupBoard,
    /// Table 1 and table 2.
    pub tables: [Option<TableRow>; 2],
    /// Open / waiting / flagged / scored.
    pub status: BoardStatus,
    /// The tables disagree on the level.
    pub level_differs: bool,
    /// The tables disagree on the dealer.
    pub dealer_differs: bool,
    /// Team A's board result (team B's is its negation), once scored.
    pub result: Option<i32>,
    /// The refusal that replaced the board result: (table 1|2, the ruling, −points).
    pub refused: Option<(u8, Refusal, i32)>,
    /// Both tables carry a refusal: the later table's applies (RULES.md is silent).
    pub double_refusal: bool,
    /// The board was lost by a ruling (判负, RULES.md §0 **[r2]**) at one table: the offending
    /// team's board result is the preset's [`crate::rules::ruling::RulingRules::board_lost_result`]
    /// whatever the tables scored, and the board is scored at once.
    pub lost: Option<BoardLost>,
    /// Running totals after this board (scored boards only).
    pub running: Option<BTreeMap<Team, i32>>,
}

impl BoardRow {
    /// Team `t`'s board result, once scored.
    pub fn result_of(&self, t: Team) -> Option<i32> {
        self.result.map(|a| if t == Team::A { a } else { -a })
    }
}

/// Everything derived from a duplicate match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuplicateView {
    /// The boards in list order.
    pub boards: Vec<BoardRow>,
    /// Totals and boards won over the scored boards.
    pub totals: DuplicateTotals,
    /// Boards scored.
    pub scored: usize,
    /// Every board is scored.
    pub complete: bool,
    /// The tie-break ladder on the totals so far (final once `complete`).
    pub verdict: DuplicateVerdict,
    /// Signed off and not reopened.
    pub locked: bool,
    /// Entries that cannot count: (entry id, why) — a board entered twice for one table, a
    /// board not in the list, an input the engine refuses, a table's board after it was lost
    /// there by ruling.
    pub errors: Vec<(String, InputError)>,
    /// The rulings (RULES.md §0 **[r2]**), in log order, as counted.
    pub rulings: Vec<DupRulingRow>,
    /// Rulings that cannot count: (entry id, why) — a level penalty (boards are played at
    /// fixed levels), a second game lost on one board.
    pub refused: Vec<(String, InputError)>,
    /// The warnings counted so far, per team and rule (across boards).
    pub register: Register,
    /// The team that forfeited the match (lateness at the preset's limit, a disqualification):
    /// the other team wins it whatever the boards say.
    pub forfeit: Option<Team>,
    /// Teams disqualified by a ruling (their remaining fixtures of the event are forfeited).
    pub disqualified: Vec<Team>,
}

impl DuplicateView {
    /// The first entry that cannot count, if any (an import with one is refused).
    pub fn first_error(&self) -> Option<(String, InputError)> {
        self.errors.first().cloned()
    }
    /// Numbers of the flagged boards.
    pub fn flagged(&self) -> Vec<u32> {
        self.boards.iter().filter(|b| b.status == BoardStatus::Flagged).map(|b| b.board.number).collect()
    }
    /// The row of board `number`.
    pub fn board(&self, number: u32) -> Option<&BoardRow> {
        self.boards.iter().find(|b| b.board.number == number)
    }
    /// The row of `table` (1|2) of board `number`.
    pub fn table(&self, number: u32, table: u8) -> Option<&TableRow> {
        self.board(number).and_then(|b| b.tables.get((table.clamp(1, 2) - 1) as usize)).and_then(|t| t.as_ref())
    }
}

/// Replays the log: `effective(m)` folded into per-board traveller rows. A board whose two
/// tables disagree on level or dealer is flagged before it is scored (unless the deviating
/// table's entry is `confirmed`); scored boards give the zero-sum team result
/// ([`shengji::score_board`]), running totals in list order, boards won and the tie-break
/// ([`shengji::duplicate_verdict`]).
pub fn replay(m: &Match, s: &DuplicateSetup) -> DuplicateView {
    let mut boards: Vec<BoardRow> = s
        .boards
        .iter()
        .map(|b| BoardRow {
            board: *b,
            tables: [None, None],
            status: BoardStatus::Open,
            level_differs: false,
            dealer_differs: false,
            result: None,
            refused: None,
            double_refusal: false,
            lost: None,
            running: None,
        })
        .collect();
    let mut errors = Vec::new();
    let mut locked = false;
    let mut rulings = Vec::new();
    let mut refused = Vec::new();
    let mut register = Register::default();
    let mut forfeit = None;
    let mut disqualified = Vec::new();
    for eff in effective(m) {
        let e = eff.entry;
        match &e.op {
            Op::Hand { .. } => {
                let Some(HandInput::Duplicate(h)) = eff.hand else { continue };
                let Some(row) = boards.iter_mut().find(|b| b.board.number == h.board) else {
                    let msg = Msg::new("dup.why.board_not_in_list", vec![("board", Arg::Num(h.board as i64))]);
                    errors
                        .push((e.id.clone(), iv("board", format!("board {} is not in the board list", h.board), msg)));
                    continue;
                };
                if !(1..=2).contains(&h.table) {
                    let reason = format!("{} is not a table (1 or 2)", h.table);
                    errors.push((e.id.clone(), iv("table", reason, not_a_table(h.table))));
                    continue;
                }
                // The board ended at this table when it was lost there by ruling (no later
                // result of it counts); an entry made before the ruling stays as played.
                if let Some(l) = row.lost.as_ref().filter(|l| l.table == h.table) {
                    let msg = Msg::new(
                        "dup.why.board_lost",
                        vec![
                            ("board", Arg::Num(h.board as i64)),
                            ("table", Arg::Num(h.table as i64)),
                            ("team", Arg::Text(s.team_name(l.team))),
                        ],
                    );
                    errors.push((e.id.clone(), InputError::typed("board", msg)));
                    continue;
                }
                let slot = &mut row.tables[(h.table - 1) as usize];
                if let Some(first) = slot {
                    errors.push((
                        e.id.clone(),
                        iv(
                            "board",
                            format!(
                                "board {} is already entered for table {} (entry {})",
                                h.board, h.table, first.entry_id
                            ),
                            entered_twice(h.board, h.table),
                        ),
                    ));
                    continue;
                }
                let score = h.table_result(s).and_then(|t| shengji::score_table(&s.preset, &t));
                if let Err(er) = &score {
                    errors.push((e.id.clone(), er.clone()));
                }
                *slot = Some(TableRow {
                    entry_id: e.id.clone(),
                    at_ms: e.at_ms,
                    corrected_ms: eff.corrected_ms,
                    off_list: h.off_list(&row.board),
                    entry: h,
                    score,
                });
            }
            Op::Ruling { .. } => {
                let Some(ruling) = eff.ruling else { continue };
                let mut row =
                    DupRulingRow { entry_id: e.id.clone(), ruling, board: eff.board, counted: None, result: Ok(()) };
                row.result = rule_on(s, &mut boards, &mut register, &mut row, eff.rule).map(|effect| match effect {
                    Effect::Forfeit(team) | Effect::Disqualified(team) => {
                        forfeit.get_or_insert(team);
                        if matches!(effect, Effect::Disqualified(_)) && !disqualified.contains(&team) {
                            disqualified.push(team);
                        }
                    }
                    _ => {}
                });
                if let Err(er) = &row.result {
                    refused.push((e.id.clone(), er.clone()));
                }
                rulings.push(row);
            }
            Op::SignOff { .. } => locked = true,
            Op::Reopen { .. } => locked = false,
            _ => {}
        }
    }
    let mut scored_results = Vec::new();
    for row in &mut boards {
        // A board lost by ruling is scored at once: the offending team's result is the
        // preset's, whatever (and whether) the tables scored.
        if let Some(l) = &row.lost {
            let a = if l.team == Team::A { l.result } else { -l.result };
            let scores = row
                .tables
                .iter()
                .flatten()
                .filter_map(|t| t.score.as_ref().ok().map(|x| (x.attackers, x.score)))
                .collect();
            let result = shengji::BoardResult { scores, a };
            row.result = Some(a);
            row.status = BoardStatus::Scored;
            scored_results.push(result);
            row.running = Some(shengji::duplicate_totals(&scored_results).totals);
            continue;
        }
        let [Some(t1), Some(t2)] = &row.tables else {
            row.status = if row.tables.iter().any(Option::is_some) { BoardStatus::Waiting } else { BoardStatus::Open };
            continue;
        };
        row.level_differs = t1.entry.level != t2.entry.level;
        row.dealer_differs = t1.entry.dealer != t2.entry.dealer;
        let resolved = [t1, t2].iter().all(|t| !t.off_list || t.entry.confirmed);
        if (row.level_differs || row.dealer_differs) && !resolved {
            row.status = BoardStatus::Flagged;
            continue;
        }
        if t1.score.is_err() || t2.score.is_err() {
            row.status = BoardStatus::Waiting;
            continue;
        }
        let tables: Result<Vec<TableResult>, InputError> = [t1, t2].iter().map(|t| t.entry.table_result(s)).collect();
        let Ok(result) = tables.and_then(|ts| shengji::score_board(&s.preset, &ts)) else {
            row.status = BoardStatus::Waiting;
            continue;
        };
        let refusals: Vec<(u8, Refusal, i32)> = [t1, t2]
            .iter()
            .filter_map(|t| {
                let r = t.entry.refusal.clone()?;
                let pts = s.refusal(&r.kind).map(|x| x.points).unwrap_or(0);
                Some((t.entry.table, r, -pts))
            })
            .collect();
        row.double_refusal = refusals.len() > 1;
        row.refused = refusals.last().cloned();
        row.result = Some(result.a);
        row.status = BoardStatus::Scored;
        scored_results.push(result);
        let t = shengji::duplicate_totals(&scored_results);
        row.running = Some(t.totals);
    }
    let totals = shengji::duplicate_totals(&scored_results);
    let scored = scored_results.len();
    DuplicateView {
        complete: scored == boards.len(),
        verdict: shengji::duplicate_verdict(&totals),
        boards,
        totals,
        scored,
        locked,
        errors,
        rulings,
        refused,
        register,
        forfeit,
        disqualified,
    }
}

/// Applies one ruling of a 双升 match (RULES.md §0 **[r2]**, §1.3) to the boards: a level
/// penalty is refused (boards are played at fixed levels: `dup.why.no_levels`); a warning is
/// counted per team and rule across boards by the preset's rules, and one that becomes a
/// game lost loses the ruling's board; a game lost loses its board at its table for the
/// offending team (a board already lost by ruling is refused: `dup.why.already_lost`);
/// lateness and disqualification are returned for the match. `row.counted` is filled in.
fn rule_on(
    s: &DuplicateSetup,
    boards: &mut [BoardRow],
    register: &mut Register,
    row: &mut DupRulingRow,
    rule: &str,
) -> Result<Effect, InputError> {
    if let Ruling::LevelPenalty { .. } = row.ruling {
        return Err(InputError::typed("ruling", Msg::new("dup.why.no_levels", vec![])));
    }
    let counted = register.record(&s.preset.rulings, row.ruling, rule);
    row.counted = Some(counted);
    match counted.effect {
        Effect::Game(Ruling::GameLost { team }) => {
            let at = row.board.ok_or_else(|| {
                iv(
                    "board",
                    "a ruling in a 双升 match names its board and table",
                    Msg::new("dup.why.ruling_board", vec![]),
                )
            })?;
            let b = boards.iter_mut().find(|b| b.board.number == at.number).ok_or_else(|| {
                iv(
                    "board.number",
                    format!("board {} is not in the board list", at.number),
                    Msg::new("dup.why.board_not_in_list", vec![("board", Arg::Num(at.number as i64))]),
                )
            })?;
            if let Some(l) = &b.lost {
                let msg = Msg::new(
                    "dup.why.already_lost",
                    vec![("board", Arg::Num(at.number as i64)), ("team", Arg::Text(s.team_name(l.team)))],
                );
                return Err(InputError::typed("ruling", msg));
            }
            b.lost = Some(BoardLost {
                table: at.table,
                team,
                entry_id: row.entry_id.clone(),
                result: s.preset.rulings.board_lost_result(),
            });
            Ok(counted.effect)
        }
        Effect::Game(_) => Err(InputError::typed("ruling", Msg::new("dup.why.no_levels", vec![]))),
        other => Ok(other),
    }
}
