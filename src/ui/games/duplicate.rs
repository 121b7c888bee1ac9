//! 双升 duplicate team match pages (RULES.md §1.3, issue 4): the match summary, the entry form
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
    self as dup, entered, BoardEntry, BoardRow, BoardStatus, DupTeam, DuplicateSetup, DuplicateView, Refusal, TableRow,
};
use crate::record::{Entry, HandInput, Match, Op, Setup};
use crate::rules::shengji::{
    self, builtin_presets, default_boards, next_clockwise, Amount, DupBoard, DuplicateVerdict, Hand, Kitty, Penalty,
    Preset, Show, TableScore, Unit,
};
use crate::rules::{Rank, Seat, Team};
use crate::ui::parts::{MatchActions, PointsAndKitty};
use crate::ui::widgets::{leave_edit_when_gone, no_key_repeat, FormIntent};
use crate::ui::{commit, create_match, ctx, fmt_time, io, new_id, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use std::sync::Arc;

const SEATS: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

fn setup_of(m: &Match) -> Option<&DuplicateSetup> {
    match &m.setup {
        Setup::Duplicate(s) => Some(s),
        _ => None,
    }
}

fn tr(l: Lang, k: &'static str) -> &'static str {
    crate::i18n::tr(l, k)
}

/// `+40`, `−20`, `0`.
fn signed(n: i32) -> String {
    match n {
        n if n > 0 => format!("+{n}"),
        n if n < 0 => format!("−{}", -n),
        _ => "0".into(),
    }
}

/// "红队 (南北)": a team and the side it sits at `table`.
fn team_at_table(l: Lang, s: &DuplicateSetup, team: Team, table: u8) -> String {
    format!("{} ({})", s.team_name(team), crate::i18n::team_side(l, s.side(team, table)))
}

fn penalty_name(l: Lang, p: &Preset, kind: &str) -> String {
    crate::i18n::penalty_kind(l, kind)
        .map(str::to_string)
        .or_else(|| p.penalty_rule(kind).map(|r| r.name.clone()))
        .unwrap_or_else(|| kind.to_string())
}

/// A refusal kind's name: the penalty's name, or the table's name of the dup-only kinds.
fn refusal_name(l: Lang, p: &Preset, kind: &str) -> String {
    crate::i18n::lookup(l, &format!("dup.kind.{kind}")).map(str::to_string).unwrap_or_else(|| penalty_name(l, p, kind))
}

fn board_label(l: Lang, n: u32) -> String {
    tr(l, "dup.board_n").replace("{n}", &n.to_string())
}

fn table_label(l: Lang, n: u8) -> String {
    tr(l, "dup.table_n").replace("{n}", &n.to_string())
}

/// "级 5 · 庄 北".
fn played_as(l: Lang, level: Rank, dealer: Seat) -> String {
    format!("{} {} · {} {}", tr(l, "dup.level"), level.name(), tr(l, "dup.dealer"), crate::i18n::seat_name(l, dealer))
}

/// The table's score step by step, from structured fields only.
fn table_lines(l: Lang, s: &DuplicateSetup, e: &BoardEntry, sc: &TableScore) -> Vec<String> {
    let mut v = vec![format!("{}: {}", tr(l, "exp.points"), e.hand.points)];
    if let Some(k) = e.hand.kitty {
        v.push(format!(
            "{}: {} × {} ({}) = {}",
            tr(l, "exp.kitty"),
            k.points,
            sc.multiplier,
            crate::i18n::unit_name(l, k.unit),
            sc.kitty_bonus
        ));
    }
    for ap in &sc.penalties {
        let pen = &e.hand.penalties[ap.index];
        v.push(format!(
            "{} ({} {}): {} = {} [{}]",
            penalty_name(l, &s.preset, &pen.kind),
            tr(l, "exp.on"),
            s.team_name(pen.team),
            ap.how,
            signed(ap.effect),
            ap.source
        ));
    }
    if sc.raw_score != sc.score {
        v.push(format!("{}: {} → {}", tr(l, "exp.clamp"), sc.raw_score, sc.score));
    }
    v.push(format!("{}: {}", tr(l, "dup.score"), sc.score));
    if !e.hand.declaring.is_empty() || e.hand.trump.is_some() {
        let shows = e
            .hand
            .declaring
            .iter()
            .map(|x| {
                format!(
                    "{} {}{}",
                    crate::i18n::seat_name(l, x.seat),
                    crate::i18n::show_name(l, &x.what),
                    if x.rebury { format!(" ({})", tr(l, "dup.rebury")) } else { String::new() }
                )
            })
            .collect::<Vec<_>>()
            .join(" → ");
        let trump = e.hand.trump.as_deref().map(|x| crate::i18n::suit_name(l, x)).unwrap_or("—");
        v.push(format!(
            "{}: {trump}{}",
            tr(l, "decl.trump"),
            if shows.is_empty() { String::new() } else { format!(" ({shows})") }
        ));
    }
    v
}

/// "红队 +40 · 蓝队 −40" (with the refusal that replaced it, if any).
fn result_line(l: Lang, s: &DuplicateSetup, row: &BoardRow) -> String {
    let Some(a) = row.result else { return String::new() };
    let mut line = format!("{} {} · {} {}", s.team_name(Team::A), signed(a), s.team_name(Team::B), signed(-a));
    if let Some((table, r, pts)) = &row.refused {
        let src = s.refusal(&r.kind).map(|x| x.source.clone()).unwrap_or_default();
        line.push_str(&format!(
            " ({} {}: {} {}, {} {} {} [{}])",
            table_label(l, *table),
            refusal_name(l, &s.preset, &r.kind),
            tr(l, "dup.not_accepted"),
            s.team_name(r.team),
            tr(l, "dup.board_result"),
            signed(*pts),
            if row.double_refusal { tr(l, "dup.double_refusal") } else { "" },
            src
        ));
    }
    line
}

/// The verdict line: leader / winner, by total or by boards won, or play-off.
fn verdict_line(l: Lang, s: &DuplicateSetup, v: &DuplicateView) -> String {
    let ta = v.totals.totals.get(&Team::A).copied().unwrap_or(0);
    let tb = v.totals.totals.get(&Team::B).copied().unwrap_or(0);
    let wa = v.totals.boards_won.get(&Team::A).copied().unwrap_or(0);
    let wb = v.totals.boards_won.get(&Team::B).copied().unwrap_or(0);
    if v.scored == 0 {
        return tr(l, "dup.no_boards_yet").to_string();
    }
    match v.verdict {
        DuplicateVerdict::Winner { team, by_boards } => {
            let what = if v.complete { tr(l, "dup.wins") } else { tr(l, "dup.leads") };
            if by_boards {
                format!(
                    "{} {what} — {} ({} {wa} : {wb})",
                    s.team_name(team),
                    tr(l, "dup.by_boards"),
                    tr(l, "dup.boards_won")
                )
            } else {
                format!("{} {what} ({} : {})", s.team_name(team), signed(ta), signed(tb))
            }
        }
        DuplicateVerdict::PlayOff => {
            if v.complete {
                tr(l, "dup.playoff").to_string()
            } else {
                tr(l, "dup.level_so_far").to_string()
            }
        }
    }
}

/// One line for the home list: "红队 +40 : −40 蓝队 · 4/6 副".
pub fn summary(m: &Match) -> String {
    let Some(s) = setup_of(m) else { return String::new() };
    let v = dup::replay(m, s);
    let lang = ctx().lang.get_untracked();
    let ta = v.totals.totals.get(&Team::A).copied().unwrap_or(0);
    format!(
        "{} {} : {} {} · {}/{} {}",
        s.team_name(Team::A),
        signed(ta),
        signed(-ta),
        s.team_name(Team::B),
        v.scored,
        s.boards.len(),
        tr(lang, "dup.boards_scored")
    )
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

    let twice_text = move |l: Lang, cand: &Candidate| {
        tr(l, "dup.err_twice")
            .replace("{board}", &cand.entry.board.to_string())
            .replace("{table}", &cand.entry.table.to_string())
    };

    // The corrected entry deleted (here or in another tab): the form says so and keeps what
    // was typed as a new entry of the same board and table (that table's result is missing
    // now; one entered there since is caught by the same-table check).
    let edit_gone = leave_edit_when_gone(m, form.editing, form.error, "dup.edit_gone", move || form.editing.set(None));
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
            <h1 class="match-title">
                {move || mm.with(|x| if x.title.is_empty() { x.id.clone() } else { x.title.clone() })}
            </h1>
            <p class="muted">
                {move || {
                    let p = setup.get().preset;
                    format!("{} · {}", crate::i18n::preset_name(lang.get(), &p.id).unwrap_or(&p.name), p.source)
                }}
            </p>
            <Summary setup=setup.into() v=view_memo.into() />
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
                                                .map(|x| view! { <li>{x}</li> })
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
                {move || {
                    form.error
                        .get()
                        .map(|e| {
                            view! {
                                <div class="banner error" role="alert" id="dup-commit-error">
                                    {e}
                                </div>
                            }
                        })
                }}
                <div class="actions sticky">
                    <button class="btn primary big" id="dup-commit" on:click=do_commit on:keydown=no_key_repeat>
                        {move || if form.editing.get().is_some() { t("entry.save_edit") } else { t("dup.commit") }}
                    </button>
                    <Show when=move || form.editing.get().is_some()>
                        <button
                            class="btn"
                            id="dup-cancel-edit"
                            on:click=move |_| {
                                let s = setup.get_untracked();
                                form.fresh(&s, next_open(&s, &view_memo.get_untracked(), form.table.get_untracked()));
                            }
                        >
                            {tx("common.cancel")}
                        </button>
                    </Show>
                </div>
            </Show>
            <MatchActions m=m locked=Signal::derive(locked) undo="undo" export="export-match" share=true />
            <h2>{tx("dup.traveller")}</h2>
            <div class="dup-travellers" id="dup-travellers">
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
            </div>
            <SummaryTable setup=setup.into() v=view_memo.into() />
            <Sheet m=m v=view_memo.into() />
            <crate::ui::widgets::EntryLog m=m describe=describe />
        </section>
    }
}

/// The two team cards: total, boards won, and the verdict.
#[component]
fn Summary(setup: Signal<DuplicateSetup>, v: Signal<DuplicateView>) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <div class="scoreboard dup-score" id="dup-summary">
            {move || {
                let s = setup.get();
                let view = v.get();
                Team::BOTH
                    .into_iter()
                    .map(|team| {
                        let total = view.totals.totals.get(&team).copied().unwrap_or(0);
                        let won = view.totals.boards_won.get(&team).copied().unwrap_or(0);
                        let lead = matches!(view.verdict, DuplicateVerdict::Winner { team: w, .. } if w == team)
                            && view.scored > 0;
                        view! {
                            <div class=format!(
                                "team {}{}",
                                if team == Team::A { "team-a" } else { "team-b" },
                                if lead { " declarer" } else { "" },
                            )>
                                <div class="team-name">{s.team_name(team)}</div>
                                <div class="level" id=format!("dup-total-{team:?}")>
                                    {signed(total)}
                                </div>
                                <div class="muted">
                                    {t("dup.boards_won")}" "<span id=format!("dup-won-{team:?}")>{won}</span>
                                </div>
                                <div class="players muted">
                                    {format!(
                                        "{} {}: {}",
                                        t("dup.table_short"),
                                        1,
                                        crate::i18n::team_side(lang.get(), s.side(team, 1)),
                                    )}" · "
                                    {format!(
                                        "{} {}: {}",
                                        t("dup.table_short"),
                                        2,
                                        crate::i18n::team_side(lang.get(), s.side(team, 2)),
                                    )}
                                </div>
                            </div>
                        }
                    })
                    .collect_view()
            }}
            <div class="meta">
                <p class="verdict" id="dup-verdict">
                    {move || verdict_line(lang.get(), &setup.get(), &v.get())}
                </p>
                <p class="muted">
                    {t("dup.scored")}" "
                    <span id="dup-scored">{move || format!("{}/{}", v.get().scored, setup.get().boards.len())}</span>
                </p>
            </div>
        </div>
    }
}

/// The entry form: table, board, attackers, level/dealer as played, points, 抠底, penalties,
/// the referee's refusal ruling.
#[component]
fn EntryForm(
    form: Form,
    setup: Signal<DuplicateSetup>,
    v: Signal<DuplicateView>,
    match_id: Signal<String>,
) -> impl IntoView {
    let lang = ctx().lang;
    let pick_board = move |n: u32| {
        let s = setup.get_untracked();
        form.fresh(&s, n);
    };
    let pick_table = move |tb: u8| {
        form.table.set(tb);
        save_table(&match_id.get_untracked(), tb);
        let s = setup.get_untracked();
        form.fresh(&s, next_open(&s, &v.get_untracked(), tb));
    };
    let listed = move || setup.with(|s| s.board(form.board.get()).copied());
    let off_list = move || listed().is_some_and(|b| b.level != form.level.get() || b.dealer != form.dealer.get());
    let add_penalty = move |kind: String| {
        let defender = form.attackers.get_untracked().other();
        form.penalties.update(|ps| {
            ps.push(Penalty {
                team: defender,
                kind,
                cards: 1,
                unit: None,
                points: None,
                seat: None,
                trick: None,
                note: String::new(),
            })
        });
    };
    let choose_refusal = move |kind: Option<String>| {
        let Some(kind) = kind else {
            form.refusal.set(None);
            return;
        };
        let s = setup.get_untracked();
        let table = form.table.get_untracked();
        let from_penalty = form.penalties.with_untracked(|ps| ps.iter().rev().find(|p| p.kind == kind).map(|p| p.team));
        let dealer_team = s.team_at(form.dealer.get_untracked(), table);
        let team = from_penalty.unwrap_or_else(|| {
            if s.refusal(&kind).is_some_and(|r| r.dealer_offends) {
                dealer_team
            } else {
                form.attackers.get_untracked()
            }
        });
        form.refusal.set(Some(Refusal { kind, team }));
    };
    view! {
        <div
            class="entry"
            id="dup-entry"
            on:click=form.intent.watch()
            on:input=form.intent.watch()
            on:change=form.intent.watch()
        >
            <h2>{move || if form.editing.get().is_some() { t("dup.editing") } else { t("dup.entry_title") }}</h2>
            <label class="field-label">{tx("dup.this_table")}</label>
            <div class="chips">
                {[1u8, 2]
                    .into_iter()
                    .map(|tb| {
                        view! {
                            <button
                                class="btn chip"
                                id=format!("dup-table-{tb}")
                                class:selected=move || form.table.get() == tb
                                disabled=move || form.editing.get().is_some()
                                on:click=move |_| pick_table(tb)
                            >
                                {move || table_label(lang.get(), tb)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("dup.board")}</label>
            <div class="chips dup-boards">
                {move || {
                    let s = setup.get();
                    let view = v.get();
                    let tb = form.table.get();
                    s.boards
                        .iter()
                        .map(|b| {
                            let n = b.number;
                            let done = view.table(n, tb).is_some();
                            view! {
                                <button
                                    class="btn chip"
                                    class:entered=done
                                    data-board-pick=n
                                    class:selected=move || form.board.get() == n
                                    disabled=move || form.editing.get().is_some()
                                    on:click=move |_| pick_board(n)
                                >
                                    {if done { format!("{n} ✓") } else { n.to_string() }}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            {move || {
                let l = lang.get();
                let tb = form.table.get();
                let n = form.board.get();
                let existing = v.with(|view| view.table(n, tb).cloned());
                (form.editing.get().is_none()).then_some(())?;
                let row = existing?;
                Some(
                    view! {
                        <div class="banner warn" id="dup-already">
                            {tr(l, "dup.err_twice")
                                .replace("{board}", &n.to_string())
                                .replace("{table}", &tb.to_string())}
                            " "
                            <button
                                class="btn"
                                id="dup-edit-existing"
                                on:click=move |_| form.load(&row.entry, Some(row.entry_id.clone()))
                            >
                                {tr(l, "hist.edit")}
                            </button>
                        </div>
                    },
                )
            }}
            <label class="field-label">{tx("dup.attackers")}</label>
            <div class="chips">
                {Team::BOTH
                    .into_iter()
                    .map(|team| {
                        view! {
                            <button
                                class="btn chip"
                                data-attackers=format!("{team:?}")
                                class:selected=move || form.attackers.get() == team
                                on:click=move |_| form.attackers.set(team)
                            >
                                {move || team_at_table(lang.get(), &setup.get(), team, form.table.get())}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <details class="dup-played" open=off_list>
                <summary>
                    {tx("dup.played_as")}": "{move || played_as(lang.get(), form.level.get(), form.dealer.get())}
                </summary>
                <label class="field-label" for="dup-level">
                    {tx("dup.level")}
                </label>
                <select
                    id="dup-level"
                    on:change=move |ev| form.level.set(Rank::parse(&event_target_value(&ev)).unwrap_or(Rank::TWO))
                >
                    {Rank::all()
                        .map(|r| {
                            view! {
                                <option value=r.name() prop:selected=move || form.level.get() == r>
                                    {r.name()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
                <label class="field-label">{tx("dup.dealer")}</label>
                <div class="chips">
                    {SEATS
                        .into_iter()
                        .map(|seat| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-dealer=format!("{seat:?}")
                                    class:selected=move || form.dealer.get() == seat
                                    on:click=move |_| form.dealer.set(seat)
                                >
                                    {move || {
                                        format!(
                                            "{} ({})",
                                            crate::i18n::seat_name(lang.get(), seat),
                                            setup.get().team_name(setup.get().team_at(seat, form.table.get())),
                                        )
                                    }}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </details>
            <Show when=off_list>
                <div class="banner warn" id="dup-off-list">
                    <p>
                        {move || {
                            let l = lang.get();
                            listed()
                                .map(|b| format!("{}: {}", tr(l, "dup.off_list"), played_as(l, b.level, b.dealer)))
                                .unwrap_or_default()
                        }}
                    </p>
                    <label class="toggle">
                        <input
                            type="checkbox"
                            id="dup-confirm"
                            prop:checked=move || form.confirmed.get()
                            on:change=move |ev| form.confirmed.set(event_target_checked(&ev))
                        />
                        {tx("dup.confirm_played")}
                    </label>
                </div>
            </Show>
            <PointsAndKitty
                prefix="dup-"
                points=form.points
                kitty_on=form.kitty_on
                kitty_points=form.kitty_points
                unit=form.unit
                preset=Signal::derive(move || setup.get().preset)
            />
            <label class="field-label">{tx("entry.penalties")}</label>
            <div class="chips">
                {move || {
                    setup
                        .get()
                        .preset
                        .penalties
                        .into_iter()
                        .map(|r| {
                            let kind = r.kind.clone();
                            let name = penalty_name(lang.get(), &setup.get_untracked().preset, &r.kind);
                            view! {
                                <button
                                    class="btn chip"
                                    data-kind=r.kind.clone()
                                    on:click=move |_| add_penalty(kind.clone())
                                >
                                    "+ "
                                    {name}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <ul class="penalties">
                {move || {
                    form.penalties
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, p)| {
                            let l = lang.get();
                            let s = setup.get();
                            let rule = s.preset.penalty_rule(&p.kind).cloned();
                            let per_unit = matches!(rule.as_ref().map(|r| &r.amount), Some(Amount::PerUnit { .. }));
                            let referee = matches!(rule.as_ref().map(|r| &r.amount), Some(Amount::Referee));
                            let upd = move |f: Box<dyn Fn(&mut Penalty)>| {
                                form.penalties
                                    .update(|ps| {
                                        if let Some(x) = ps.get_mut(i) {
                                            f(x)
                                        }
                                    })
                            };
                            let table = form.table.get_untracked();
                            view! {
                                <li class="penalty" data-penalty=i>
                                    <strong>{penalty_name(l, &s.preset, &p.kind)}</strong>
                                    <select
                                        class="pen-team"
                                        on:change=move |ev| {
                                            let tm = if event_target_value(&ev) == "A" { Team::A } else { Team::B };
                                            upd(Box::new(move |x| x.team = tm));
                                        }
                                    >
                                        {Team::BOTH
                                            .into_iter()
                                            .map(|tm| {
                                                view! {
                                                    <option value=format!("{tm:?}") selected=p.team == tm>
                                                        {team_at_table(l, &s, tm, table)}
                                                    </option>
                                                }
                                            })
                                            .collect_view()}
                                    </select>
                                    <select
                                        class="pen-seat"
                                        on:change=move |ev| {
                                            let st = Seat::parse(&event_target_value(&ev));
                                            upd(Box::new(move |x| x.seat = st));
                                        }
                                    >
                                        <option value="">{tr(l, "pen.seat")}</option>
                                        {SEATS
                                            .iter()
                                            .map(|st| {
                                                view! {
                                                    <option value=format!("{st:?}") selected=p.seat == Some(*st)>
                                                        {crate::i18n::seat_name(l, *st)}
                                                    </option>
                                                }
                                            })
                                            .collect_view()}
                                    </select>
                                    <span class="count">
                                        <button
                                            class="btn step"
                                            on:click=move |_| upd(
                                                Box::new(|x| x.cards = x.cards.saturating_sub(1).max(1)),
                                            )
                                        >
                                            "−"
                                        </button>
                                        <span class="pen-cards">
                                            {p.cards}" "{if per_unit { tr(l, "dup.units") } else { tr(l, "pen.cards") }}
                                        </span>
                                        <button
                                            class="btn step"
                                            on:click=move |_| upd(Box::new(|x| x.cards = (x.cards + 1).min(54)))
                                        >
                                            "+"
                                        </button>
                                    </span>
                                    {per_unit
                                        .then(|| {
                                            view! {
                                                <select
                                                    class="pen-unit"
                                                    on:change=move |ev| {
                                                        let u = Unit::parse(&event_target_value(&ev));
                                                        upd(Box::new(move |x| x.unit = u));
                                                    }
                                                >
                                                    {[Unit::Single, Unit::Pair, Unit::Tractor(2)]
                                                        .into_iter()
                                                        .map(|u| {
                                                            view! {
                                                                <option
                                                                    value=u.code()
                                                                    selected=p.unit.unwrap_or(Unit::Single) == u
                                                                >
                                                                    {crate::i18n::unit_name(l, u)}
                                                                </option>
                                                            }
                                                        })
                                                        .collect_view()}
                                                </select>
                                            }
                                        })}
                                    {referee
                                        .then(|| {
                                            view! {
                                                <input
                                                    class="pen-points"
                                                    inputmode="numeric"
                                                    placeholder=tr(l, "pen.points")
                                                    prop:value=p.points.map(|x| x.to_string()).unwrap_or_default()
                                                    on:change=move |ev| {
                                                        let n = event_target_value(&ev).trim().parse::<i32>().ok();
                                                        upd(Box::new(move |x| x.points = n));
                                                    }
                                                />
                                            }
                                        })}
                                    <input
                                        class="pen-trick"
                                        inputmode="numeric"
                                        placeholder=tr(l, "pen.trick")
                                        prop:value=p.trick.map(|x| x.to_string()).unwrap_or_default()
                                        on:change=move |ev| {
                                            let n = event_target_value(&ev).trim().parse::<u32>().ok();
                                            upd(Box::new(move |x| x.trick = n));
                                        }
                                    />
                                    <input
                                        class="pen-note"
                                        maxlength=crate::record::schema::MAX_TEXT
                                        placeholder=tr(l, "pen.note")
                                        prop:value=p.note.clone()
                                        on:change=move |ev| {
                                            let st = event_target_value(&ev);
                                            upd(Box::new(move |x| x.note = st.clone()));
                                        }
                                    />
                                    <button
                                        class="btn danger"
                                        on:click=move |_| {
                                            form.penalties
                                                .update(|ps| {
                                                    if i < ps.len() {
                                                        ps.remove(i);
                                                    }
                                                })
                                        }
                                    >
                                        "✕"
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <details class="declaring" id="dup-declaring">
                <summary>
                    {tx("decl.title")}" "
                    {move || {
                        let n = form.shows.get().len();
                        if n == 0 { String::new() } else { format!("({n})") }
                    }}
                </summary>
                <Declaring form=form setup=setup />
            </details>
            <label class="field-label">{tx("dup.ruling")}</label>
            <div class="chips dup-ruling">
                <button
                    class="btn chip"
                    id="dup-accept"
                    class:selected=move || form.refusal.get().is_none()
                    on:click=move |_| choose_refusal(None)
                >
                    {tx("dup.accepts")}
                </button>
                {move || {
                    let l = lang.get();
                    let s = setup.get();
                    s.refusals
                        .iter()
                        .map(|r| {
                            let kind = r.kind.clone();
                            let k2 = kind.clone();
                            let label = format!(
                                "{}: {} → {} {}{}",
                                tr(l, "dup.not_accepted"),
                                refusal_name(l, &s.preset, &r.kind),
                                tr(l, "dup.board_result"),
                                signed(-r.points),
                                if r.reading { format!(" ({})", tr(l, "dup.reading")) } else { String::new() },
                            );
                            view! {
                                <button
                                    class="btn chip"
                                    data-refusal=kind.clone()
                                    class:selected=move || form.refusal.get().is_some_and(|x| x.kind == k2)
                                    title=r.source.clone()
                                    on:click=move |_| choose_refusal(Some(kind.clone()))
                                >
                                    {label}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <Show when=move || form.refusal.get().is_some()>
                <label class="field-label">{tx("dup.offender")}</label>
                <div class="chips">
                    {Team::BOTH
                        .into_iter()
                        .map(|team| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-offender=format!("{team:?}")
                                    class:selected=move || form.refusal.get().is_some_and(|r| r.team == team)
                                    on:click=move |_| {
                                        form.refusal
                                            .update(|r| {
                                                if let Some(r) = r {
                                                    r.team = team;
                                                }
                                            })
                                    }
                                >
                                    {move || team_at_table(lang.get(), &setup.get(), team, form.table.get())}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </Show>
        </div>
    }
}

/// The declaring sequence (RULES.md §1.2, 003 §二7–9): shows in seat order before and after
/// the bury (抄底 re-buries), each beating the standing one; nobody declares → the dealer names
/// a suit (not no-trump).
#[component]
fn Declaring(form: Form, setup: Signal<DuplicateSetup>) -> impl IntoView {
    let lang = ctx().lang;
    let seat = RwSignal::new(Seat::N);
    let err: RwSignal<Option<String>> = RwSignal::new(None);
    let add = move |code: String| {
        let mut shows = form.shows.get_untracked();
        shows.push(Show { seat: seat.get_untracked(), what: code.clone(), rebury: false });
        let d = setup.with_untracked(|s| s.preset.declaring.clone());
        match shengji::check_declaring(&d, &shows) {
            Ok(()) => {
                form.shows.set(shows);
                form.named_trump.set(None);
                err.set(None);
            }
            Err(_) => {
                let l = lang.get_untracked();
                let name = crate::i18n::show_name(l, &code);
                let msg = if shows.len() == 1 {
                    format!("{name}: {}", tr(l, "dup.decl_not_first"))
                } else {
                    let standing = crate::i18n::show_name(l, &shows[shows.len() - 2].what);
                    format!("{name}: {} {standing}", tr(l, "dup.decl_not_higher"))
                };
                err.set(Some(msg));
            }
        }
    };
    view! {
        <p class="muted">{tx("dup.decl_rule")}</p>
        <div class="chips">
            {SEATS
                .into_iter()
                .map(|st| {
                    view! {
                        <button
                            class="btn chip"
                            data-show-seat=format!("{st:?}")
                            class:selected=move || seat.get() == st
                            on:click=move |_| seat.set(st)
                        >
                            {move || crate::i18n::seat_name(lang.get(), st)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <div class="chips">
            {move || {
                setup
                    .get()
                    .preset
                    .declaring
                    .order
                    .into_iter()
                    .flatten()
                    .map(|code| {
                        let c2 = code.clone();
                        view! {
                            <button class="btn chip" data-show=code.clone() on:click=move |_| add(c2.clone())>
                                {crate::i18n::show_name(lang.get(), &code)}
                            </button>
                        }
                    })
                    .collect_view()
            }}
        </div>
        {move || {
            err.get()
                .map(|e| {
                    view! {
                        <p class="field-error" role="alert">
                            {e}
                        </p>
                    }
                })
        }}
        <ol class="shows">
            {move || {
                form.shows
                    .get()
                    .into_iter()
                    .map(|x| {
                        view! {
                            <li>
                                {crate::i18n::seat_name(lang.get(), x.seat)}" "
                                {crate::i18n::show_name(lang.get(), &x.what)}
                                {x.rebury.then(|| format!(" · {}", t("decl.rebury")))}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
        <div class="actions">
            <button
                class="btn"
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            if let Some(l) = s.last_mut() {
                                l.rebury = true;
                            }
                        })
                }
            >
                {tx("dup.rebury")}
            </button>
            <button
                class="btn"
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            s.pop();
                        });
                    err.set(None);
                }
            >
                {tx("decl.remove_last")}
            </button>
        </div>
        <Show when=move || form.shows.with(|s| s.is_empty())>
            <label class="field-label">{tx("dup.named_trump")}</label>
            <div class="chips">
                {["S", "H", "C", "D"]
                    .into_iter()
                    .map(|suit| {
                        view! {
                            <button
                                class="btn chip"
                                data-trump=suit
                                class:selected=move || form.named_trump.get().as_deref() == Some(suit)
                                on:click=move |_| {
                                    form.named_trump
                                        .update(|x| {
                                            *x = if x.as_deref() == Some(suit) { None } else { Some(suit.to_string()) };
                                        })
                                }
                            >
                                {move || crate::i18n::suit_name(lang.get(), suit)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </Show>
        <p class="muted">
            {tx("decl.trump")}": "
            {move || form.trump().map(|x| crate::i18n::suit_name(lang.get(), &x)).unwrap_or("—")}
        </p>
    }
}

/// One board's traveller: both tables, the team result, the running totals.
#[component]
fn Traveller(
    l: Lang,
    s: DuplicateSetup,
    row: BoardRow,
    locked: bool,
    on_edit: impl Fn(TableRow) + Copy + Send + Sync + 'static,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let n = row.board.number;
    let status = match row.status {
        BoardStatus::Open => "open",
        BoardStatus::Waiting => "waiting",
        BoardStatus::Flagged => "flagged",
        BoardStatus::Scored => "scored",
    };
    let status_text = tr(
        l,
        match row.status {
            BoardStatus::Open => "dup.st_open",
            BoardStatus::Waiting => "dup.st_waiting",
            BoardStatus::Flagged => "dup.st_flagged",
            BoardStatus::Scored => "dup.st_scored",
        },
    );
    let rows = [1u8, 2]
        .into_iter()
        .map(|tb| {
            let tr_ = row.tables[(tb - 1) as usize].clone();
            match tr_ {
                None => view! {
                    <tr class="dup-missing" data-table=tb>
                        <td>{tb}</td>
                        <td colspan="4" class="muted">
                            {tr(l, "dup.not_entered")}
                        </td>
                    </tr>
                }
                .into_any(),
                Some(t_row) => {
                    let e = t_row.entry.clone();
                    let (score, lines) = match &t_row.score {
                        Ok(sc) => (sc.score.to_string(), table_lines(l, &s, &e, sc)),
                        Err(er) => (format!("⚠ {}", er.reason), vec![]),
                    };
                    let mut marks = String::new();
                    if t_row.off_list {
                        marks.push_str(&format!(
                            " ⚠{}",
                            if e.confirmed { format!(" ({})", tr(l, "dup.confirmed")) } else { String::new() }
                        ));
                    }
                    if let Some(r) = &e.refusal {
                        marks.push_str(&format!(
                            " · {} {} ({})",
                            tr(l, "dup.not_accepted"),
                            refusal_name(l, &s.preset, &r.kind),
                            s.team_name(r.team)
                        ));
                    }
                    let id = t_row.entry_id.clone();
                    let row_id = id.clone();
                    let open = RwSignal::new(false);
                    let edit_row = t_row.clone();
                    let when = format!(
                        "{}{}",
                        fmt_time(t_row.at_ms),
                        t_row
                            .corrected_ms
                            .iter()
                            .map(|c| format!(" · {} {}", tr(l, "hist.corrected"), fmt_time(*c)))
                            .collect::<String>()
                    );
                    view! {
                        <tr data-table=tb data-entry=row_id class:off-list=t_row.off_list>
                            <td>{tb}</td>
                            <td>{team_at_table(l, &s, e.attackers, tb)}</td>
                            <td>
                                {format!("{} · {}", e.level.name(), crate::i18n::seat_name(l, e.dealer))}{marks}
                                {(!t_row.corrected_ms.is_empty())
                                    .then(|| view! { <span class="badge">{tr(l, "hist.corrected")}</span> })}
                            </td>
                            <td class="num dup-score-cell">{score}</td>
                            <td>
                                <button
                                    class="btn link dup-why"
                                    class:open=move || open.get()
                                    aria-expanded=move || open.get().to_string()
                                    on:click=move |_| open.update(|o| *o = !*o)
                                >
                                    {tr(l, "dup.why")}
                                </button>
                            </td>
                        </tr>
                        <Show when=move || open.get()>
                            <tr class="dup-detail" data-table=tb>
                                <td colspan="5">
                                    <ul class="explain">
                                        {lines.iter().map(|x| view! { <li>{x.clone()}</li> }).collect_view()}
                                    </ul>
                                    <p class="muted">{when.clone()}</p>
                                    {(!locked)
                                        .then(|| {
                                            let id = id.clone();
                                            let edit_row = edit_row.clone();
                                            crate::ui::parts::row_actions(
                                                Some(Box::new(move || on_edit(edit_row.clone()))),
                                                None,
                                                "dup.confirm_delete",
                                                move || on_void(id.clone()),
                                            )
                                        })}
                                </td>
                            </tr>
                        </Show>
                    }
                    .into_any()
                }
            }
        })
        .collect_view();
    let foot = match row.status {
        BoardStatus::Scored => {
            let running = row.running.clone().unwrap_or_default();
            format!(
                "{}: {} · {}: {} {} : {} {}",
                tr(l, "dup.board_result_title"),
                result_line(l, &s, &row),
                tr(l, "dup.running"),
                s.team_name(Team::A),
                signed(running.get(&Team::A).copied().unwrap_or(0)),
                signed(running.get(&Team::B).copied().unwrap_or(0)),
                s.team_name(Team::B)
            )
        }
        BoardStatus::Flagged => tr(l, "dup.flag_short").to_string(),
        _ => String::new(),
    };
    view! {
        <div class=format!("dup-board {status}") data-board=n data-status=status>
            <div class="dup-board-head">
                <strong>{board_label(l, n)}</strong>
                <span class="muted">{played_as(l, row.board.level, row.board.dealer)}</span>
                <span class=format!("badge dup-st-{status}")>{status_text}</span>
            </div>
            <table class="traveller">
                <thead>
                    <tr>
                        <th>{tr(l, "dup.table_short")}</th>
                        <th>{tr(l, "dup.attackers")}</th>
                        <th>{tr(l, "dup.level_dealer")}</th>
                        <th>{tr(l, "dup.score")}</th>
                        <th></th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            {(!foot.is_empty())
                .then(|| {
                    view! {
                        <p class="dup-result" data-result=row.result.map(|a| a.to_string()).unwrap_or_default()>
                            {foot}
                        </p>
                    }
                })}
        </div>
    }
}

/// The match summary: every board's team results with running totals, the totals, boards
/// won and the tie-break.
#[component]
fn SummaryTable(setup: Signal<DuplicateSetup>, v: Signal<DuplicateView>) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <h2>{tx("dup.summary")}</h2>
        {move || {
            let l = lang.get();
            let s = setup.get();
            let view = v.get();
            let cell = |x: Option<i32>| x.map(signed).unwrap_or_else(|| "—".into());
            view! {
                <table class="sheet dup-summary" id="dup-summary-table">
                    <thead>
                        <tr>
                            <th>{tr(l, "dup.board")}</th>
                            <th>{s.team_name(Team::A)}</th>
                            <th>{s.team_name(Team::B)}</th>
                            <th>{tr(l, "dup.running")}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {view
                            .boards
                            .iter()
                            .map(|b| {
                                let run = b
                                    .running
                                    .as_ref()
                                    .map(|r| format!("{} : {}", signed(r[&Team::A]), signed(r[&Team::B])))
                                    .unwrap_or_else(|| {
                                        tr(
                                                l,
                                                match b.status {
                                                    BoardStatus::Flagged => "dup.st_flagged",
                                                    BoardStatus::Waiting => "dup.st_waiting",
                                                    _ => "dup.st_open",
                                                },
                                            )
                                            .to_string()
                                    });
                                view! {
                                    <tr data-board=b.board.number>
                                        <td>{b.board.number}</td>
                                        <td class="num">{cell(b.result_of(Team::A))}</td>
                                        <td class="num">{cell(b.result_of(Team::B))}</td>
                                        <td>{run}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                    <tfoot>
                        <tr>
                            <th>{tr(l, "dup.total")}</th>
                            {Team::BOTH
                                .into_iter()
                                .map(|tm| {
                                    view! {
                                        <th class="num">{signed(view.totals.totals.get(&tm).copied().unwrap_or(0))}</th>
                                    }
                                })
                                .collect_view()}
                            <th></th>
                        </tr>
                        <tr>
                            <th>{tr(l, "dup.boards_won")}</th>
                            {Team::BOTH
                                .into_iter()
                                .map(|tm| {
                                    view! {
                                        <th class="num">{view.totals.boards_won.get(&tm).copied().unwrap_or(0)}</th>
                                    }
                                })
                                .collect_view()}
                            <th></th>
                        </tr>
                    </tfoot>
                </table>
                <p class="muted">{tr(l, "dup.tiebreak_rule")}</p>
            }
        }}
    }
}

/// Sign-off and reopen.
#[component]
fn Sheet(m: Memo<Option<Arc<Match>>>, v: Signal<DuplicateView>) -> impl IntoView {
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    view! {
        <details class="result-sheet" id="dup-sheet">
            <summary>{tx("sheet.title")}</summary>
            {move || {
                view! {
                    <crate::ui::widgets::SignOff
                        locked=v.get().locked
                        referee=referee
                        reason=reason
                        ids=["dup-referee", "sign-off", "reopen"]
                        act=act
                    />
                }
            }}
        </details>
    }
}

/// A log line: the op's name, and for a board entry its table and board.
fn describe(l: Lang, op: &Op) -> String {
    let what = crate::i18n::op_name(l, op);
    match op {
        Op::Hand { hand: HandInput::Duplicate(b) } | Op::Correct { hand: HandInput::Duplicate(b), .. } => {
            format!("{what} · {} · {}", table_label(l, b.table), board_label(l, b.board))
        }
        _ => what.to_string(),
    }
}

/// The set-up form: title, the two teams (name, the pair at each table), which team sits N/S
/// at table 1, the board list (count; level and dealer per board) and the preset copy.
#[component]
pub fn NewForm() -> impl IntoView {
    let lang = ctx().lang;
    let navigate = use_navigate();
    let presets: Vec<Preset> = builtin_presets().into_iter().filter(|p| p.duplicate).collect();
    let preset = RwSignal::new(presets.first().cloned().expect("a built-in duplicate preset"));
    let preset_json = RwSignal::new(String::new());
    let preset_err: RwSignal<Option<String>> = RwSignal::new(None);
    let title = RwSignal::new(String::new());
    let names: [RwSignal<String>; 2] = std::array::from_fn(|_| RwSignal::new(String::new()));
    // players[team][table - 1][0 = N/E, 1 = S/W]
    let players: [[[RwSignal<String>; 2]; 2]; 2] =
        std::array::from_fn(|_| std::array::from_fn(|_| std::array::from_fn(|_| RwSignal::new(String::new()))));
    let ns1 = RwSignal::new(Team::A);
    let boards = RwSignal::new(default_boards(6));
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let set_count = move |n: u32| {
        let n = n.clamp(1, 200);
        boards.update(|bs| {
            if (n as usize) <= bs.len() {
                bs.truncate(n as usize);
            } else {
                let defaults = default_boards(n);
                while bs.len() < n as usize {
                    let k = bs.len() as u32 + 1;
                    let dealer = bs.last().map(|b| next_clockwise(b.dealer)).unwrap_or(Seat::N);
                    bs.push(DupBoard { number: k, level: defaults[k as usize - 1].level, dealer });
                }
            }
        });
    };
    let apply_json = move |_| match crate::json::from_str::<Preset>(&preset_json.get_untracked()) {
        Ok(p) if p.duplicate => {
            preset.set(p);
            preset_err.set(None);
        }
        Ok(_) => preset_err.set(Some(t("dup.not_duplicate").to_string())),
        Err(e) => preset_err.set(Some(e.to_string())),
    };
    let create = move |_| {
        let nm = |s: RwSignal<String>, dflt: &str| {
            let v = s.get_untracked().trim().to_string();
            if v.is_empty() {
                dflt.to_string()
            } else {
                v
            }
        };
        let team_names = [nm(names[0], t("dup.team_a_default")), nm(names[1], t("dup.team_b_default"))];
        let teams = Team::BOTH
            .into_iter()
            .enumerate()
            .map(|(i, team)| {
                let p = |tb: usize, k: usize| players[i][tb][k].get_untracked().trim().to_string();
                (team, DupTeam { name: team_names[i].clone(), pairs: [[p(0, 0), p(0, 1)], [p(1, 0), p(1, 1)]] })
            })
            .collect();
        let setup = DuplicateSetup {
            preset: preset.get_untracked(),
            teams,
            ns_at_table1: ns1.get_untracked(),
            boards: boards.get_untracked(),
            refusals: crate::rules::shengji::default_refusals(),
        };
        let m = Match {
            id: new_id("m"),
            created_ms: now_ms(),
            title: {
                let tt = title.get_untracked().trim().to_string();
                if tt.is_empty() {
                    format!("{} vs {}", team_names[0], team_names[1])
                } else {
                    tt
                }
            },
            setup: Setup::Duplicate(setup),
            entries: Vec::new(),
        };
        match create_match(m) {
            Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
            Err(e) => error.set(Some(e)),
        }
    };
    // The side a team sits at a table, for the pair labels.
    let side = move |team: Team, tb: u8| if (team == ns1.get()) == (tb == 1) { Team::A } else { Team::B };
    view! {
        <div class="new-form dup-new">
            <details class="preset">
                <summary>{tx("new.rules")}</summary>
                <crate::ui::games::shengji::PresetSummary preset=preset />
                <h3>{tx("dup.refusals")}</h3>
                <ul class="muted">
                    {move || {
                        let l = lang.get();
                        let p = preset.get();
                        crate::rules::shengji::default_refusals()
                            .into_iter()
                            .map(|r| {
                                view! {
                                    <li>
                                        {format!(
                                            "{}: {} {} [{}]{}",
                                            refusal_name(l, &p, &r.kind),
                                            tr(l, "dup.board_result"),
                                            signed(-r.points),
                                            r.source,
                                            if r.reading {
                                                format!(" ({})", tr(l, "dup.reading"))
                                            } else {
                                                String::new()
                                            },
                                        )}
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
                <label class="field-label">{tx("new.edit_preset")}</label>
                <textarea
                    id="dup-preset-json"
                    rows="10"
                    prop:value=move || {
                        let j = preset_json.get();
                        if j.is_empty() { crate::json::to_string_pretty(&preset.get()).unwrap_or_default() } else { j }
                    }
                    on:input=move |ev| preset_json.set(event_target_value(&ev))
                ></textarea>
                <button class="btn" on:click=apply_json>
                    {tx("new.apply_preset")}
                </button>
                {move || {
                    preset_err
                        .get()
                        .map(|e| {
                            view! {
                                <p class="field-error" role="alert">
                                    {e}
                                </p>
                            }
                        })
                }}
            </details>
            <label class="field-label" for="dup-title">
                {tx("new.match_title")}
            </label>
            <input
                id="dup-title"
                maxlength=crate::record::schema::MAX_TITLE
                prop:value=move || title.get()
                on:input=move |ev| title.set(event_target_value(&ev))
            />
            <div class="two dup-teams">
                {Team::BOTH
                    .into_iter()
                    .enumerate()
                    .map(|(i, team)| {
                        let sig = names[i];
                        let dflt = if i == 0 { "dup.team_a_default" } else { "dup.team_b_default" };
                        view! {
                            <fieldset class=format!("dup-team {}", if i == 0 { "team-a" } else { "team-b" })>
                                <legend>
                                    {move || format!("{} {}", t("dup.team"), if i == 0 { "A" } else { "B" })}
                                </legend>
                                <input
                                    id=format!("dup-team-{team:?}")
                                    maxlength=crate::record::schema::MAX_NAME
                                    placeholder=move || t(dflt)
                                    prop:value=move || sig.get()
                                    on:input=move |ev| sig.set(event_target_value(&ev))
                                />
                                {[1u8, 2]
                                    .into_iter()
                                    .map(|tb| {
                                        view! {
                                            <p class="field-label">
                                                {move || {
                                                    format!(
                                                        "{} · {}",
                                                        table_label(lang.get(), tb),
                                                        crate::i18n::team_side(lang.get(), side(team, tb)),
                                                    )
                                                }}
                                            </p>
                                            <div class="two">
                                                {[0usize, 1]
                                                    .into_iter()
                                                    .map(|k| {
                                                        let p = players[i][(tb - 1) as usize][k];
                                                        let seat = move || match (side(team, tb), k) {
                                                            (Team::A, 0) => Seat::N,
                                                            (Team::A, _) => Seat::S,
                                                            (Team::B, 0) => Seat::E,
                                                            (Team::B, _) => Seat::W,
                                                        };
                                                        view! {
                                                            <input
                                                                id=format!("dup-player-{team:?}-{tb}-{k}")
                                                                maxlength=crate::record::schema::MAX_NAME
                                                                placeholder=move || crate::i18n::seat_name(
                                                                    lang.get(),
                                                                    seat(),
                                                                )
                                                                prop:value=move || p.get()
                                                                on:input=move |ev| p.set(event_target_value(&ev))
                                                            />
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                        }
                                    })
                                    .collect_view()}
                            </fieldset>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("dup.ns_at_table1")}</label>
            <div class="chips">
                {Team::BOTH
                    .into_iter()
                    .enumerate()
                    .map(|(i, team)| {
                        let sig = names[i];
                        let dflt = if i == 0 { "dup.team_a_default" } else { "dup.team_b_default" };
                        view! {
                            <button
                                class="btn chip"
                                id=format!("dup-ns1-{team:?}")
                                class:selected=move || ns1.get() == team
                                on:click=move |_| ns1.set(team)
                            >
                                {move || {
                                    let n = sig.get();
                                    if n.trim().is_empty() { t(dflt).to_string() } else { n }
                                }}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("dup.boards")}</label>
            <div class="row">
                <button
                    class="btn step"
                    id="dup-boards-minus"
                    on:click=move |_| set_count(boards.with_untracked(|b| b.len() as u32).saturating_sub(1))
                >
                    "−"
                </button>
                <span class="big-number" id="dup-board-count">
                    {move || boards.with(|b| b.len())}
                </span>
                <button
                    class="btn step"
                    id="dup-boards-plus"
                    on:click=move |_| set_count(boards.with_untracked(|b| b.len() as u32) + 1)
                >
                    "+"
                </button>
                <div class="chips">
                    {[4u32, 6, 8, 12, 16]
                        .into_iter()
                        .map(|n| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-count=n
                                    class:selected=move || boards.with(|b| b.len() as u32 == n)
                                    on:click=move |_| set_count(n)
                                >
                                    {n}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </div>
            <p class="muted">{tx("dup.boards_help")}</p>
            <table class="sheet dup-board-list">
                <thead>
                    <tr>
                        <th>{tx("dup.board")}</th>
                        <th>{tx("dup.level")}</th>
                        <th>{tx("dup.dealer")}</th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        boards
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, b)| {
                                view! {
                                    <tr>
                                        <td>{b.number}</td>
                                        <td>
                                            <select
                                                id=format!("dup-board-level-{}", b.number)
                                                on:change=move |ev| {
                                                    let r = Rank::parse(&event_target_value(&ev)).unwrap_or(Rank::TWO);
                                                    boards.update(|bs| bs[i].level = r);
                                                }
                                            >
                                                {Rank::all()
                                                    .map(|r| {
                                                        view! {
                                                            <option value=r.name() selected=r == b.level>
                                                                {r.name()}
                                                            </option>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </select>
                                        </td>
                                        <td>
                                            <select
                                                id=format!("dup-board-dealer-{}", b.number)
                                                on:change=move |ev| {
                                                    let st = Seat::parse(&event_target_value(&ev)).unwrap_or(Seat::N);
                                                    boards.update(|bs| bs[i].dealer = st);
                                                }
                                            >
                                                {SEATS
                                                    .into_iter()
                                                    .map(|st| {
                                                        view! {
                                                            <option value=format!("{st:?}") selected=st == b.dealer>
                                                                {move || crate::i18n::seat_name(lang.get(), st)}
                                                            </option>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </select>
                                        </td>
                                    </tr>
                                }
                            })
                            .collect_view()
                    }}
                </tbody>
            </table>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert">
                                {e}
                            </div>
                        }
                    })
            }}
            <button class="btn primary big" id="dup-create" on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}
