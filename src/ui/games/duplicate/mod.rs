//! 双升 duplicate team match pages (RULES.md §1.3): the match summary, the entry form
//! of one table's result of one board with a live preview, the traveller (both tables of
//! every board, the team result and the running totals), the result sheet with sign-off,
//! and the set-up form (teams of two pairs, seating, board list, preset copy).
//!
//! Every number shown is the replay of the log ([`crate::record::games::duplicate::replay`]).
//! A device usually sits at one table: the table chooser picks which table's results this
//! device enters; the other table's results arrive by export/import.

use crate::i18n::Lang;
use crate::record::game::GameId;
use crate::record::games::duplicate::{
    self as dup, entered, BoardCheck, BoardEntry, BoardRow, BoardStatus, DupRulingRow, DupTeam, DuplicateSetup,
    DuplicateView, Refusal, TableRow,
};
use crate::record::{Entry, HandInput, Match, Op, Setup};
use crate::rules::shengji::{
    self, builtin_presets, default_boards, next_clockwise, DupBoard, DuplicateVerdict, Hand, Kitty, Penalty, Preset,
    Show, TableScore, Unit,
};
use crate::rules::{Rank, Seat, Team};
use crate::ui::parts::{penalty_name, BarLine, CommitBar, MatchActions, PenaltyEditor, PointsAndKitty};
use crate::ui::widgets::{leave_edit_when_gone, FormIntent};
use crate::ui::{commit, create_match, ctx, fmt_time, io, new_id, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use std::sync::Arc;

mod entry;
mod setup;
mod text;
mod traveller;
use entry::*;
pub use setup::NewForm;
use text::*;
use traveller::*;

fn setup_of(m: &Match) -> Option<&DuplicateSetup> {
    match &m.setup {
        Setup::Duplicate(s) => Some(s),
        _ => None,
    }
}

/// One line for the home list, in the language in force
/// ([`crate::record::games::duplicate::home_line`]).
pub fn summary(m: &Match) -> String {
    let Some(s) = setup_of(m) else { return String::new() };
    crate::record::games::duplicate::home_line(ctx().lang.get_untracked(), s, &dup::replay(m, s))
}

/// The entry form's state: one table's result of one board.
#[derive(Clone, Copy)]
struct Form {
    table: RwSignal<u8>,
    board: RwSignal<u32>,
    attackers: RwSignal<Team>,
    level: RwSignal<Rank>,
    dealer: RwSignal<Seat>,
    confirmed: RwSignal<bool>,
    points: RwSignal<i32>,
    kitty_on: RwSignal<bool>,
    kitty_points: RwSignal<i32>,
    unit: RwSignal<Unit>,
    penalties: RwSignal<Vec<Penalty>>,
    shows: RwSignal<Vec<Show>>,
    named_trump: RwSignal<Option<String>>,
    refusal: RwSignal<Option<Refusal>>,
    /// The dealer's board check (003 §二15): not recorded, or who checked and whether the
    /// cards matched the deal record.
    check: RwSignal<Option<BoardCheck>>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    intent: FormIntent,
}

impl Form {
    fn new() -> Form {
        Form {
            table: RwSignal::new(1),
            board: RwSignal::new(1),
            attackers: RwSignal::new(Team::B),
            level: RwSignal::new(Rank::TWO),
            dealer: RwSignal::new(Seat::N),
            confirmed: RwSignal::new(false),
            points: RwSignal::new(0),
            kitty_on: RwSignal::new(false),
            kitty_points: RwSignal::new(0),
            unit: RwSignal::new(Unit::Single),
            penalties: RwSignal::new(Vec::new()),
            shows: RwSignal::new(Vec::new()),
            named_trump: RwSignal::new(None),
            refusal: RwSignal::new(None),
            check: RwSignal::new(None),
            editing: RwSignal::new(None),
            error: RwSignal::new(None),
            intent: FormIntent::new(),
        }
    }
    /// The entry as the form stands (tracked).
    fn entry(&self) -> BoardEntry {
        BoardEntry {
            board: self.board.get(),
            table: self.table.get(),
            attackers: self.attackers.get(),
            hand: Hand {
                points: self.points.get(),
                kitty: self.kitty_on.get().then(|| Kitty { points: self.kitty_points.get(), unit: self.unit.get() }),
                penalties: self.penalties.get(),
                trump: self.trump(),
                declaring: self.shows.get(),
                ..Default::default()
            },
            level: self.level.get(),
            dealer: self.dealer.get(),
            confirmed: self.confirmed.get(),
            refusal: self.refusal.get(),
            board_check: self.check.get(),
            corrects: self.editing.get(),
        }
    }
    /// The trump suit: the last show's, or — nobody declared — the suit the dealer named.
    fn trump(&self) -> Option<String> {
        match self.shows.with(|s| s.last().map(|x| shengji::trump_of(&x.what))) {
            Some(t) => Some(t),
            None => self.named_trump.get(),
        }
    }
    fn load(&self, e: &BoardEntry, id: Option<String>) {
        self.table.set(e.table);
        self.board.set(e.board);
        self.attackers.set(e.attackers);
        self.level.set(e.level);
        self.dealer.set(e.dealer);
        self.confirmed.set(e.confirmed);
        self.points.set(e.hand.points);
        self.kitty_on.set(e.hand.kitty.is_some());
        self.kitty_points.set(e.hand.kitty.map(|k| k.points).unwrap_or(0));
        self.unit.set(e.hand.kitty.map(|k| k.unit).unwrap_or(Unit::Single));
        self.penalties.set(e.hand.penalties.clone());
        self.shows.set(e.hand.declaring.clone());
        self.named_trump.set(if e.hand.declaring.is_empty() { e.hand.trump.clone() } else { None });
        self.refusal.set(e.refusal.clone());
        self.check.set(e.board_check.clone());
        self.editing.set(id);
        self.error.set(None);
        self.intent.fresh();
    }
    /// A blank entry of `board` at the form's table, as the board list says.
    fn fresh(&self, s: &DuplicateSetup, board: u32) {
        let table = self.table.get_untracked();
        let b = s.board(board).copied().unwrap_or(DupBoard { number: board, level: Rank::TWO, dealer: Seat::N });
        self.load(
            &BoardEntry {
                board,
                table,
                attackers: s.default_attackers(table, b.dealer),
                hand: Hand::default(),
                level: b.level,
                dealer: b.dealer,
                confirmed: false,
                refusal: None,
                board_check: None,
                corrects: None,
            },
            None,
        );
    }
}

/// The first listed board not yet entered at `table` (else the first board).
fn next_open(s: &DuplicateSetup, v: &DuplicateView, table: u8) -> u32 {
    s.boards
        .iter()
        .map(|b| b.number)
        .find(|n| v.table(*n, table).is_none())
        .or_else(|| s.boards.first().map(|b| b.number))
        .unwrap_or(1)
}

/// Where this device remembers which table it enters for a match. Not under the store's
/// `referee.` prefix: it is a device preference, not match data (never exported).
fn table_key(id: &str) -> String {
    format!("referee-ui.dup-table.{id}")
}

/// The table this device entered last for match `id` (1 by default).
fn saved_table(id: &str) -> u8 {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(&table_key(id)).ok().flatten())
        .and_then(|v| v.parse::<u8>().ok())
        .filter(|t| (1..=2).contains(t))
        .unwrap_or(1)
}

fn save_table(id: &str, table: u8) {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.set_item(&table_key(id), &table.to_string());
    }
}

/// What the candidate entry would do: the check's refusal, the board it would land on.
#[derive(Clone, PartialEq)]
struct Candidate {
    entry: BoardEntry,
    /// Another entry already holds this board at this table.
    twice: Option<String>,
    /// The log's check refused it (field: reason).
    refused: Option<String>,
    /// The board row after it.
    row: Option<BoardRow>,
}

/// The match view.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let mm = Memo::new(move |_| {
        m.get().filter(|x| setup_of(x).is_some()).unwrap_or_else(|| Arc::new(dup::blank("missing", 1, 0.0)))
    });
    let setup = Memo::new(move |_| mm.with(|x| setup_of(x).cloned().expect("a duplicate set-up")));
    let view_memo = Memo::new(move |_| mm.with(|x| dup::replay(x, setup_of(x).expect("a duplicate set-up"))));
    // The page is rebuilt after every commit (the match changes): the table this device
    // enters is remembered per match, the board moves on to the next one not entered.
    let form = Form::new();
    let table0 = saved_table(&mm.with_untracked(|x| x.id.clone()));
    form.table.set(table0);
    form.fresh(&setup.get_untracked(), next_open(&setup.get_untracked(), &view_memo.get_untracked(), table0));
    // The half-entered result survives a reload, an update and back/forward.
    crate::ui::draft::keep_draft(
        GameId::Duplicate.as_str(),
        &mm.with_untracked(|x| x.id.clone()),
        form.intent,
        move || form.entry(),
        move |e: BoardEntry| {
            let id = e.corrects.clone();
            form.load(&e, id)
        },
    );
    let locked = move || view_memo.with(|v| v.locked);
    // The match signed off in another tab while a result is typed here: said.
    crate::ui::parts::tell_when_closed_elsewhere(m, form.intent, move || !locked());

    let candidate = Memo::new(move |_| {
        let x = mm.get();
        let entry = form.entry();
        let editing = form.editing.get();
        let hand = HandInput::Duplicate(entry.clone());
        let op = match editing.clone() {
            Some(target) => Op::Correct { target, hand },
            None => Op::Hand { hand },
        };
        let e = Entry { after: None, id: "preview".into(), at_ms: x.updated_ms() + 1.0, op };
        let twice = entered(&x, entry.board, entry.table, editing.as_deref());
        // Checked as a commit would be; a refused board is still shown, with the reason.
        let (refused, y) = match x.preview(e.clone()) {
            Ok(y) => (None, y),
            Err(er) => {
                let mut y = Match::clone(&x);
                y.entries.push(e);
                (Some(crate::ui::reason_of(&er, true)), y)
            }
        };
        let row = setup_of(&y).map(|s| dup::replay(&y, s)).and_then(|v| v.board(entry.board).cloned());
        Candidate { entry, twice, refused, row }
    });

    // A typed field refused (a score typed as "93"): the form still holds its last valid
    // value, whose score is not what would be stored; the preview says why, as the entry
    // bar does, in place of that score.
    let refusals = crate::ui::parts::FieldRefusals::get();
    let twice_text = move |l: Lang, cand: &Candidate| {
        tr(l, "dup.err_twice")
            .replace("{board}", &cand.entry.board.to_string())
            .replace("{table}", &cand.entry.table.to_string())
    };

    // The corrected entry deleted (here or in another tab): the form says so and keeps what
    // was typed as a new entry of the same board and table (that table's result is missing
    // now; one entered there since is caught by the same-table check).
    let edit_gone =
        leave_edit_when_gone(m, form.editing, form.error, "dup.edit_gone", form.intent, move || form.editing.set(None));
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let question = move || {
        let l = lang.get_untracked();
        candidate.with_untracked(|c| {
            let e = &c.entry;
            (c.twice.is_none() && c.refused.is_none()).then(|| {
                format!(
                    "{} · {} · {} {}",
                    table_label(l, e.table),
                    board_label(l, e.board),
                    e.hand.points,
                    tr(l, "res.points")
                )
            })
        })
    };
    let do_commit = move |ev: leptos::ev::MouseEvent| {
        form.intent.commit(crate::ui::widgets::event_time(&ev), question, move || {
            if edit_gone() {
                return false;
            }
            let Some(x) = m.get_untracked() else { return false };
            let cand = candidate.get_untracked();
            let l = lang.get_untracked();
            if cand.twice.is_some() {
                form.error.set(Some(twice_text(l, &cand)));
                return false;
            }
            if let Some(r) = cand.refused {
                form.error.set(Some(r));
                return false;
            }
            let hand = HandInput::Duplicate(cand.entry.clone());
            let op = match form.editing.get_untracked() {
                Some(target) => Op::Correct { target, hand },
                None => Op::Hand { hand },
            };
            match commit(&x, op) {
                Ok(()) => {
                    let s = setup.get_untracked();
                    let next = next_open(&s, &view_memo.get_untracked(), form.table.get_untracked());
                    form.fresh(&s, next);
                    true
                }
                Err(e) => {
                    form.error.set(Some(e));
                    false
                }
            }
        })
    };

    let simple = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };

    let edit = move |row: TableRow| {
        form.load(&row.entry, Some(row.entry_id.clone()));
        if let Some(el) = document().get_element_by_id("dup-entry") {
            el.scroll_into_view();
        }
    };

    view! {
        <section class="page match dup">
            {crate::ui::parts::match_title(m)}
            <p class="muted">
                {move || {
                    let p = setup.get().preset;
                    let l = lang.get();
                    let name = crate::i18n::preset_name(l, &p.id)
                        .map(str::to_string)
                        .unwrap_or_else(|| crate::i18n::data_text(l, &p.name));
                    format!("{name} · {}", crate::i18n::data_text(l, &p.source))
                }}
            </p> <Summary setup=setup.into() v=view_memo.into() />
            {move || {
                let l = lang.get();
                let v = view_memo.get();
                let flagged: Vec<BoardRow> = v
                    .boards
                    .iter()
                    .filter(|b| b.status == BoardStatus::Flagged)
                    .cloned()
                    .collect();
                (!flagged.is_empty())
                    .then(|| {
                        view! {
                            <div class="banner warn" role="alert" id="dup-flags">
                                <strong>{tr(l, "dup.flags_title")}</strong>
                                <ul>
                                    {flagged
                                        .into_iter()
                                        .map(|b| {
                                            let what = match (b.level_differs, b.dealer_differs) {
                                                (true, true) => tr(l, "dup.differs_both"),
                                                (true, false) => tr(l, "dup.differs_level"),
                                                _ => tr(l, "dup.differs_dealer"),
                                            };
                                            let sides = b
                                                .tables
                                                .iter()
                                                .flatten()
                                                .map(|tr_| {
                                                    format!(
                                                        "{}: {}",
                                                        table_label(l, tr_.entry.table),
                                                        played_as(l, tr_.entry.level, tr_.entry.dealer),
                                                    )
                                                })
                                                .collect::<Vec<_>>()
                                                .join("; ");
                                            view! {
                                                <li data-flag=b
                                                    .board
                                                    .number>
                                                    {board_label(l, b.board.number)}": "{what}" ("{sides}"; "
                                                    {tr(l, "dup.list")}": "{played_as(l, b.board.level, b.board.dealer)}
                                                    ")"
                                                </li>
                                            }
                                        })
                                        .collect_view()}
                                </ul>
                                <p>{tr(l, "dup.flags_help")}</p>
                            </div>
                        }
                    })
            }}
            <Show
                when=move || !locked()
                fallback=move || {
                    view! {
                        <div class="banner info" id="locked">
                            {tx("end.locked")}
                        </div>
                    }
                }
            >
                <EntryForm
                    form=form
                    setup=setup.into()
                    v=view_memo.into()
                    match_id=Signal::derive(move || mm.with(|x| x.id.clone()))
                />
                <div class="preview" id="dup-preview" aria-live="polite">
                    {move || {
                        let l = lang.get();
                        let s = setup.get();
                        let cand = candidate.get();
                        let mut out: Vec<AnyView> = Vec::new();
                        out.push(
                            view! {
                                <p class="muted">
                                    {format!(
                                        "{} · {} · {} {}",
                                        table_label(l, cand.entry.table),
                                        board_label(l, cand.entry.board),
                                        tr(l, "dup.attackers"),
                                        team_at_table(l, &s, cand.entry.attackers, cand.entry.table),
                                    )}
                                </p>
                            }
                                .into_any(),
                        );
                        if let Some(r) = refusals.and_then(crate::ui::parts::FieldRefusals::first) {
                            out.push(view! { <p class="field-error">{r}</p> }.into_any());
                            return out;
                        }
                        if cand.twice.is_some() {
                            out.push(
                                view! {
                                    <p class="muted" id="dup-twice">
                                        {twice_text(l, &cand)}
                                    </p>
                                }
                                    .into_any(),
                            );
                        } else if let Some(r) = cand.refused.clone() {
                            out.push(view! { <p class="field-error">{r}</p> }.into_any());
                        }
                        if let Some(row) = cand.row.clone() {
                            let mine = row.tables[(cand.entry.table.clamp(1, 2) - 1) as usize].clone();
                            if let Some(TableRow { score: Ok(sc), entry, .. }) = mine.filter(|_| cand.twice.is_none()) {
                                out.push(
                                    view! {
                                        <p class="verdict" id="dup-preview-score">
                                            {format!("{} {}", tr(l, "dup.table_score"), sc.score)}
                                        </p>
                                        <ul class="explain">
                                            {table_lines(l, &s, &entry, &sc)
                                                .into_iter()
                                                .map(|x| {
                                                    view! {
                                                        <li>
                                                            <crate::ui::rules_tab::CiteText text=x />
                                                        </li>
                                                    }
                                                })
                                                .collect_view()}
                                        </ul>
                                    }
                                        .into_any(),
                                );
                            }
                            if cand.twice.is_none() {
                                let line = match row.status {
                                    BoardStatus::Scored => {
                                        format!("{}: {}", tr(l, "dup.board_result_title"), result_line(l, &s, &row))
                                    }
                                    BoardStatus::Flagged => tr(l, "dup.will_flag").to_string(),
                                    _ => tr(l, "dup.waiting_other").to_string(),
                                };
                                out.push(
                                    view! {
                                        <p class="verdict" id="dup-preview-result">
                                            {line}
                                        </p>
                                    }
                                        .into_any(),
                                );
                            }
                        }
                        out
                    }}
                </div>
                <CommitBar
                    m=m
                    intent=form.intent
                    verdict=Signal::derive(move || {
                        let l = lang.get();
                        let cand = candidate.get();
                        let at = format!(
                            "{} · {}",
                            table_label(l, cand.entry.table),
                            board_label(l, cand.entry.board),
                        );
                        let score = cand
                            .row
                            .as_ref()
                            .and_then(|row| row.tables[(cand.entry.table.clamp(1, 2) - 1) as usize].as_ref())
                            .and_then(|t| t.score.as_ref().ok().map(|sc| sc.score));
                        if cand.twice.is_some() {
                            BarLine::Refusal(twice_text(l, &cand))
                        } else if let Some(r) = cand.refused.clone() {
                            BarLine::Refusal(r)
                        } else if let Some(sc) = score {
                            BarLine::Verdict(format!("{at} · {} {sc}", tr(l, "dup.table_score")))
                        } else {
                            BarLine::Hint(at)
                        }
                    })
                    name=Callback::new(move |id: String| {
                        let l = lang.get_untracked();
                        m.with_untracked(|x| {
                            x.as_deref()?
                                .entries
                                .iter()
                                .find(|e| e.id == id)
                                .and_then(|e| match &e.op {
                                    Op::Hand { hand: HandInput::Duplicate(b) } => {
                                        Some(format!("{} · {}", table_label(l, b.table), board_label(l, b.board)))
                                    }
                                    _ => None,
                                })
                        })
                    })
                    ids=["dup-commit-error", "dup-commit"]
                    error=form.error
                    editing=Signal::derive(move || form.editing.get().is_some())
                    label="dup.commit"
                    on_commit=do_commit
                    on_cancel=move || {
                        let s = setup.get_untracked();
                        form.fresh(&s, next_open(&s, &view_memo.get_untracked(), form.table.get_untracked()));
                    }
                    cancel_id="dup-cancel-edit"
                />
            </Show> <MatchActions m=m locked=Signal::derive(locked) undo="undo" export="export-match" share=true />
            <crate::ui::ruling::RulingPanel
                m=m
                teams=Signal::derive(move || {
                    setup.with(|s| Team::BOTH.into_iter().map(|t| (t, s.team_name(t))).collect())
                })
                locked=Signal::derive(locked)
                boards=Signal::derive(move || {
                    setup
                        .with(|s| crate::ui::ruling::Boards {
                            numbers: s.boards.iter().map(|b| b.number).collect(),
                            lost_result: s.preset.rulings.board_lost_result(),
                        })
                })
            /> <h2>{tx("dup.traveller")}</h2> <div class="dup-travellers" id="dup-travellers">
                {move || {
                    let l = lang.get();
                    let s = setup.get();
                    let v = view_memo.get();
                    let lk = v.locked;
                    v.boards
                        .into_iter()
                        .map(|row| {
                            view! {
                                <Traveller
                                    l=l
                                    s=s.clone()
                                    rulings=v
                                        .rulings
                                        .iter()
                                        .filter(|r| r.board.map(|at| at.number) == Some(row.board.number))
                                        .cloned()
                                        .collect()
                                    row=row
                                    locked=lk
                                    on_edit=edit
                                    on_void=move |id: String| simple(Op::Void {
                                        target: id,
                                        reason: "delete".into(),
                                    })
                                />
                            }
                        })
                        .collect_view()
                }}
            </div> <SummaryTable setup=setup.into() v=view_memo.into() /> <Sheet m=m v=view_memo.into() />
            <crate::ui::parts::ShareBar m=m /> <crate::ui::widgets::EntryLog m=m describe=describe />
        </section>
    }
}
