//! The match page of a session game (斗地主, 欢乐三打一), once: the title and preset line,
//! the scoreboard and session bar, the entry (the game's pad), the live preview, the commit
//! bar with its one-commit-per-intent, the draft kept across reloads, and the session panels.
//! A game supplies its types and texts through [`SessionGame`] and its hand form through
//! [`SessionForm`].

use super::*;
use crate::record::game::GameId;
use crate::record::games::doudizhu::rule_err;
use crate::record::games::session::Row;
use crate::record::replay::{replay, MatchView};
use crate::ui::parts::{BarLine, CommitBar};
use crate::ui::widgets::{event_time, leave_edit_when_gone, FormIntent};

// The page is generic only where it must be (memos over the game's types); its markup is
// one function over concrete parts, built once for every session game.

/// The hand being entered, as the shared page drives it: its bidding pad, edit target,
/// error line and intent, and how it is (re)set, loaded and kept as a draft.
pub(crate) trait SessionForm: Copy + Send + Sync + 'static {
    /// The game's preset.
    type Preset;
    /// The game's hand input.
    type Hand;
    /// The form as the referee left it ([`crate::ui::draft`]).
    type Draft: Serialize + DeserializeOwned + 'static;
    /// A blank form for a table under preset `p`.
    fn new(p: &Self::Preset) -> Self;
    /// The parts every session form has ([`FormBase`]).
    fn base(&self) -> FormBase;
    /// A new hand with `first` calling first.
    fn reset(&self, first: usize);
    /// The logged hand `h` (entry `id` when editing) back in the form.
    fn load(&self, p: &Self::Preset, h: &Self::Hand, id: Option<String>);
    /// The form as it stands (tracked).
    fn draft(&self) -> Self::Draft;
    /// Puts a draft back.
    fn set_draft(&self, d: Self::Draft);
    /// The i18n key saying why no hand can be computed yet.
    fn incomplete_key(&self) -> &'static str;
}

/// The parts of a session form that do not depend on the game: its bidding pad, the
/// hand being edited, the commit error line and the referee's touches.
#[derive(Clone, Copy)]
pub(crate) struct FormBase {
    /// The bidding pad's state.
    pub bid: BidState,
    /// The id of the hand being edited, `None` for a new hand.
    pub editing: RwSignal<Option<String>>,
    /// The commit error line.
    pub error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    pub intent: FormIntent,
}

impl FormBase {
    /// A blank base around bidding pad `bid`.
    pub fn new(bid: BidState) -> Self {
        FormBase { bid, editing: RwSignal::new(None), error: RwSignal::new(None), intent: FormIntent::new() }
    }
    /// The form now holds a new hand (`editing` `None`) or the logged hand `editing`: no
    /// error, no touches yet.
    pub fn start(&self, editing: Option<String>) {
        self.editing.set(editing);
        self.error.set(None);
        self.intent.fresh();
    }
    /// A draft that was editing `editing` is back: no error (its touches stand).
    pub fn restore(&self, editing: Option<String>) {
        self.editing.set(editing);
        self.error.set(None);
    }
}

/// What the shared match page asks of a session game.
pub(crate) trait SessionGame: 'static {
    /// The game's preset.
    type Preset: GamePreset;
    /// The hand input.
    type Hand: Clone + PartialEq + Send + Sync + 'static;
    /// The engine's result of a hand.
    type Result: Clone + PartialEq + Send + Sync + 'static;
    /// Everything derived from a match.
    type View: Clone + PartialEq + Send + Sync + 'static;
    /// What the log carries to the hand being entered (三打一's 荒番); `()` when nothing.
    /// Its default stands while the match is gone.
    type Carry: Clone + Default + PartialEq + Send + Sync + 'static;
    /// The hand form.
    type Form: SessionForm<Preset = Self::Preset, Hand = Self::Hand>;
    /// The game.
    const ID: GameId;
    /// The i18n key of the rule cited under the preview.
    const RULE_SRC: &'static str;
    /// This game's view of a replay.
    fn view_of(v: MatchView) -> Option<Self::View>;
    /// The preset and players of a match of this game.
    fn setup_of(m: &Match) -> Option<(&Self::Preset, &[String])>;
    /// The hand rows of a view.
    fn rows(v: &Self::View) -> &[Row<Self::Hand, Self::Result>];
    /// Tables, clocks, totals and ranking of a view.
    fn session(v: &Self::View) -> &SessionView;
    /// Who calls first in the next deal.
    fn next_first_bidder(v: &Self::View) -> usize;
    /// The hand as the record's input.
    fn input(h: Self::Hand) -> HandInput;
    /// Each player's change from a hand's result.
    fn deltas(r: &Self::Result) -> &[i64];
    /// What the log carries to the hand being entered (`editing`: the hand being edited).
    fn carry(m: &Match, v: &Self::View, editing: Option<&str>) -> Self::Carry;
    /// The hand as entered, once complete.
    fn hand(form: Self::Form, p: &Self::Preset, carry: &Self::Carry) -> Option<Self::Hand>;
    /// A hand's verdict line.
    fn line(l: Lang, names: &[String], h: &Self::Hand) -> String;
    /// A hand's formula with the numbers filled in.
    fn formula(l: Lang, p: &Self::Preset, h: &Self::Hand, r: &Self::Result) -> String;
    /// The history's items.
    fn items(l: Lang, p: &Self::Preset, names: &[String], v: &Self::View) -> Vec<HistItem>;
    /// The entry pad under the heading: the calls and the play.
    fn pad(form: Self::Form, preset: Memo<Self::Preset>, names: Memo<Vec<String>>, carry: Memo<Self::Carry>)
        -> AnyView;
    /// Lines the preview lists after a hand's deltas, as an alert (三打一's violations).
    fn preview_notes(_l: Lang, _names: &[String], _r: &Self::Result) -> Vec<String> {
        Vec::new()
    }
    /// The result sheet's extra column: its heading key and one cell per player.
    fn sheet_extra(_v: &Self::View, _players: usize) -> Option<(&'static str, Vec<String>)> {
        None
    }
    /// Notes under the result sheet.
    fn notes(_l: Lang, _names: &[String], _v: &Self::View) -> Vec<String> {
        Vec::new()
    }
}

/// A game's hand row.
type RowOf<G> = Row<<G as SessionGame>::Hand, <G as SessionGame>::Result>;

/// The hand being entered as the log would score it: its row, or why it is refused;
/// `None` while incomplete.
type Candidate<G> = Option<Result<RowOf<G>, ImportError>>;

/// The row of entry `id` in view `v`, cloned.
fn row_of<G: SessionGame>(v: &G::View, id: &str) -> Option<RowOf<G>> {
    G::rows(v).iter().find(|r| r.entry_id == id).cloned()
}

/// The match page of session game `G`.
pub(crate) fn session_page<G: SessionGame>(m: Memo<Option<Arc<Match>>>) -> AnyView {
    let lang = ctx().lang;
    let view_memo: Memo<Option<G::View>> =
        Memo::new(move |_| m.with(|o| o.as_deref().and_then(|x| G::view_of(replay(x)))));
    let Some(first_view) = view_memo.get_untracked() else {
        return view! { <p class="empty">{tx("err.no_match")}</p> }.into_any();
    };
    let v = move || view_memo.get().expect("view present");
    let preset = Memo::new(move |_| {
        m.with(|o| o.as_deref().and_then(G::setup_of).map(|s| s.0.clone()))
            .unwrap_or_else(|| <G::Preset as GamePreset>::builtins()[0].clone())
    });
    let names =
        Memo::new(move |_| m.with(|o| o.as_deref().and_then(G::setup_of).map(|s| s.1.to_vec())).unwrap_or_default());
    let players = preset.with_untracked(|p| p.players());
    let session = Signal::derive(move || G::session(&v()).clone());
    let locked = Signal::derive(move || view_memo.with(|o| o.as_ref().is_some_and(|v| G::session(v).locked)));
    let now = ticking_now(m, session);
    let form = preset.with_untracked(G::Form::new);
    let next_first = move || view_memo.with_untracked(|o| o.as_ref().map(G::next_first_bidder).unwrap_or(0));
    form.reset(G::next_first_bidder(&first_view));
    // The entry form is open unless the match is signed off or the table's time is over
    // (SessionView::closed): the last table's ends the session, an earlier table's ends
    // that table until the move to the next one (the next-table button stays in the session
    // bar); an earlier hand may still be edited then. A session ended by a ruling keeps the
    // form, whose preview refuses a further hand and says why (the ruling's row and the
    // session-over line stand above it).
    let editing = form.base().editing;
    let closed = Memo::new(move |_| {
        view_memo.with(|o| {
            o.as_ref().and_then(|v| G::session(v).closed()).filter(|r| {
                matches!(
                    r,
                    crate::rules::doudizhu::Reason::TimeOver { .. }
                        | crate::rules::doudizhu::Reason::TableTimeOver { .. }
                )
            })
        })
    });
    let open = Signal::derive(move || !locked.get() && (closed.with(Option::is_none) || editing.get().is_some()));
    // The match signed off (or ended) in another tab while a deal is typed here: said.
    crate::ui::parts::tell_when_closed_elsewhere(m, form.base().intent, move || open.get());
    // The half-entered hand survives a reload, an update and back/forward.
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    crate::ui::draft::keep_draft(
        G::ID.as_str(),
        &mid,
        form.base().intent,
        move || form.draft(),
        move |d| form.set_draft(d),
    );
    // A new hand or a new table: the next deal's first caller, unless a hand is being entered.
    Effect::new(move |_| {
        let next = view_memo.with(|o| o.as_ref().map(G::next_first_bidder).unwrap_or(0));
        if form.base().editing.get_untracked().is_none()
            && form.base().bid.calls.with_untracked(Vec::is_empty)
            && !form.base().intent.changed_untracked()
        {
            form.base().bid.first.set(next);
        }
    });
    let carry = Memo::new(move |_| {
        let editing = form.base().editing.get();
        view_memo.with(|v| {
            m.with(|x| match (x.as_deref(), v) {
                (Some(x), Some(v)) => G::carry(x, v, editing.as_deref()),
                _ => G::Carry::default(),
            })
        })
    });

    let candidate = Memo::new(move |_| -> Candidate<G> {
        let x = m.get()?;
        let hand = preset.with(|p| carry.with(|c| G::hand(form, p, c)))?;
        let (op, target) = candidate_op(form.base().editing.get(), G::input(hand));
        let y = match with_candidate(&x, op) {
            Ok(y) => y,
            Err(e) => return Some(Err(e)),
        };
        let pv = G::view_of(replay(&y))?;
        row_of::<G>(&pv, &target).map(|r| match &r.result {
            Ok(_) => Ok(r),
            Err(e) => Err(rule_err(e.clone())),
        })
    });

    // The edited hand deleted (here or in another tab): the form says so and starts a new
    // hand (the edit of an old hand is not the next hand's calls).
    let edit_gone = leave_edit_when_gone(
        m,
        form.base().editing,
        form.base().error,
        "entry.edit_gone",
        form.base().intent,
        move || form.reset(next_first()),
    );
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let question = move || match candidate.get_untracked() {
        Some(Ok(r)) => Some(G::line(lang.get_untracked(), &names.get_untracked(), &r.hand)),
        _ => None,
    };
    let do_commit = move |ev: leptos::ev::MouseEvent| {
        form.base().intent.commit(event_time(&ev), question, move || {
            if edit_gone() {
                return false;
            }
            let l = lang.get_untracked();
            let Some(x) = m.get_untracked() else { return false };
            let Some(hand) = preset.with_untracked(|p| carry.with_untracked(|c| G::hand(form, p, c))) else {
                form.base().error.set(Some(tr(l, form.incomplete_key()).to_string()));
                return false;
            };
            if let Some(Err(e)) = candidate.get_untracked() {
                form.base().error.set(Some(refusal_text(l, &names.get_untracked(), &e)));
                return false;
            }
            let (op, _) = candidate_op(form.base().editing.get_untracked(), G::input(hand));
            match commit(&x, op) {
                Ok(()) => {
                    form.reset(next_first());
                    true
                }
                Err(e) => {
                    form.base().error.set(Some(e));
                    false
                }
            }
        })
    };
    let on_edit = Callback::new(move |id: String| {
        if let Some(r) = view_memo.with_untracked(|o| o.as_ref().and_then(|v| row_of::<G>(v, &id))) {
            preset.with_untracked(|p| form.load(p, &r.hand, Some(id)));
        }
    });
    let on_void = Callback::new(move |id: String| act(m, Op::Void { target: id, reason: "delete".into() }));
    let preview = Memo::new(move |_| {
        let l = lang.get();
        names.with(|nm| match candidate.get() {
            Some(Ok(r)) => {
                let res = r.result.as_ref().expect("ok row");
                Preview::Ready {
                    verdict: G::line(l, nm, &r.hand),
                    formula: preset.with(|p| G::formula(l, p, &r.hand, res)),
                    deltas: deltas_text(nm, G::deltas(res)),
                    notes: G::preview_notes(l, nm, res),
                    running: deltas_text(nm, &r.running),
                }
            }
            Some(Err(e)) => Preview::Refused(refusal_text(l, nm, &e)),
            None => Preview::Incomplete(tr(l, form.incomplete_key()).to_string()),
        })
    });
    let prefix = <G::Preset as GamePreset>::PREFIX;
    page_view(PageParts {
        m,
        prefix,
        rule_src: G::RULE_SRC,
        preset_line: Signal::derive(move || {
            preset.with(|p| preset_line(lang.get(), prefix, p.id(), p.name(), p.source()))
        }),
        session,
        locked,
        open,
        closed: closed.into(),
        now,
        names: names.into(),
        intent: form.base().intent,
        editing: form.base().editing,
        error: form.base().error,
        pad: Callback::new(move |()| G::pad(form, preset, names, carry)),
        preview: preview.into(),
        name: Callback::new(move |id: String| {
            view_memo.with_untracked(|v| {
                let v = v.as_ref()?;
                let l = lang.get_untracked();
                match G::rows(v).iter().find(|r| r.entry_id == id) {
                    Some(r) => Some(row_label(l, G::session(v), r.segment, r.number)),
                    // A change of table (or the start of the play-off) named as such.
                    None => crate::record::games::session::move_label(l, G::session(v), &id),
                }
            })
        }),
        on_commit: Callback::new(do_commit),
        on_cancel: Callback::new(move |()| form.reset(next_first())),
        disabled: Signal::derive(move || candidate.with(|c| !matches!(c, Some(Ok(_))))),
        items: Signal::derive(move || preset.with(|p| names.with(|nm| G::items(lang.get(), p, nm, &v())))),
        on_edit,
        on_void,
        extra: Signal::derive(move || G::sheet_extra(&v(), players)),
        notes: Signal::derive(move || names.with(|nm| G::notes(lang.get(), nm, &v()))),
    })
}

/// The live preview of the hand being entered, as text.
#[derive(Clone, PartialEq)]
enum Preview {
    /// Complete and accepted: verdict, formula, deltas, the game's notes (三打一's
    /// violations), running totals after it.
    Ready { verdict: String, formula: String, deltas: String, notes: Vec<String>, running: String },
    /// Complete and refused: why.
    Refused(String),
    /// Not complete: what is missing.
    Incomplete(String),
}

/// Everything the page shows, with the game's types gone: the markup is built once for
/// every session game.
struct PageParts {
    m: Memo<Option<Arc<Match>>>,
    /// Class and key prefix (`ddz`, `sdy`).
    prefix: &'static str,
    /// The i18n key of the rule cited under the preview.
    rule_src: &'static str,
    preset_line: Signal<String>,
    session: Signal<SessionView>,
    locked: Signal<bool>,
    /// Whether the entry form shows: not signed off, and neither the session nor the table
    /// in play closed by time (or an earlier hand being edited).
    open: Signal<bool>,
    /// The table's time is over ([`SessionView::closed`]: the last table's ended the
    /// session, an earlier table's ended that table): said instead of the entry form.
    closed: Signal<Option<crate::rules::doudizhu::Reason>>,
    now: Signal<f64>,
    names: Signal<Vec<String>>,
    intent: FormIntent,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// Builds the game's entry pad (again when the entry reappears).
    pad: Callback<(), AnyView>,
    preview: Signal<Preview>,
    /// A logged hand's label (`T2·5`, with its table) or a change of table's
    /// ([`crate::record::games::session::move_label`]), for the undo button and the log.
    name: Callback<String, Option<String>>,
    on_commit: Callback<leptos::ev::MouseEvent>,
    on_cancel: Callback<()>,
    disabled: Signal<bool>,
    items: Signal<Vec<HistItem>>,
    on_edit: Callback<String>,
    on_void: Callback<String>,
    extra: Signal<Option<(&'static str, Vec<String>)>>,
    notes: Signal<Vec<String>>,
}

/// The page of a session game from its parts.
fn page_view(p: PageParts) -> AnyView {
    let lang = ctx().lang;
    let PageParts {
        m,
        prefix,
        rule_src,
        preset_line,
        session,
        locked,
        open,
        closed,
        now,
        names,
        intent,
        editing,
        error,
        ..
    } = p;
    let (pad, preview, name, on_commit, on_cancel, disabled) =
        (p.pad, p.preview, p.name, p.on_commit, p.on_cancel, p.disabled);
    let verdict = Signal::derive(move || match preview.get() {
        Preview::Ready { verdict, deltas, .. } => BarLine::Verdict(format!("{verdict} · {deltas}")),
        Preview::Refused(e) => BarLine::Refusal(e),
        Preview::Incomplete(h) => BarLine::Hint(h),
    });
    let (on_edit, on_void) = (p.on_edit, p.on_void);
    // The undo button and the log name entries as this page does, with the form closed too.
    crate::ui::parts::EntryNamer::set(name);
    view! {
        <section class=format!(
            "page match {prefix}",
        )>
            {crate::ui::parts::match_title(m)} <p class="muted">{preset_line}</p> {scoreboard(session, names, now)}
            {session_bar(m, session, names, now, locked)}
            <Show
                when=move || open.get()
                fallback=move || {
                    if locked.get() {
                        view! {
                            <div class="banner info" id="locked">
                                {tx("end.locked")}
                            </div>
                        }
                            .into_any()
                    } else {
                        let why = closed
                            .get()
                            .map(|r| {
                                names
                                    .with(|nm| {
                                        crate::i18n::say(
                                            lang.get(),
                                            &r.msg(),
                                            crate::i18n::Names {
                                                players: nm,
                                                teams: None,
                                            },
                                        )
                                    })
                            });
                        view! {
                            <div class="banner info" id="session-closed">
                                {why}
                            </div>
                        }
                            .into_any()
                    }
                }
            >
                <div
                    class="entry"
                    id="hand-entry"
                    on:click=intent.watch()
                    on:input=intent.watch()
                    on:change=intent.watch()
                >
                    <h2>{move || if editing.get().is_some() { t("entry.editing") } else { t("ddz.enter_hand") }}</h2>
                    {pad.run(())}
                </div>
                <div class="preview" id="preview" aria-live="polite">
                    {move || {
                        let l = lang.get();
                        match preview.get() {
                            Preview::Ready { verdict, formula, deltas, notes, running } => {
                                view! {
                                    <p class="verdict" id="preview-verdict">
                                        {verdict}
                                    </p>
                                    <p class="formula" id="preview-formula">
                                        {formula}
                                    </p>
                                    <p class="muted preview-cite">
                                        <crate::ui::rules_tab::CiteText text=format!("[{}]", tr(l, rule_src)) />
                                    </p>
                                    <p class="deltas" id="preview-deltas">
                                        {deltas}
                                    </p>
                                    {(!notes.is_empty())
                                        .then(|| {
                                            view! {
                                                <ul class="violations" id="preview-violations" role="alert">
                                                    {notes.into_iter().map(|x| view! { <li>{x}</li> }).collect_view()}
                                                </ul>
                                            }
                                        })}
                                    <p class="muted">{tr(l, "ddz.running")}": "{running}</p>
                                }
                                    .into_any()
                            }
                            Preview::Refused(e) => {
                                view! {
                                    <p class="field-error" id="preview-error">
                                        {e}
                                    </p>
                                }
                                    .into_any()
                            }
                            Preview::Incomplete(h) => view! { <p class="muted">{h}</p> }.into_any(),
                        }
                    }}
                </div>
                <CommitBar
                    m=m
                    intent=intent
                    verdict=verdict
                    name=name
                    ids=["commit-error", "commit"]
                    error=error
                    editing=Signal::derive(move || editing.get().is_some())
                    label="ddz.commit"
                    on_commit=move |ev| on_commit.run(ev)
                    on_cancel=move || on_cancel.run(())
                    cancel_id="cancel-edit"
                    disabled=disabled
                />
            </Show>
            {session_panels(
                m,
                locked,
                session,
                names,
                now,
                p.items,
                move |id| on_edit.run(id),
                move |id| on_void.run(id),
                p.extra,
                p.notes,
            )}
        </section>
    }
    .into_any()
}
