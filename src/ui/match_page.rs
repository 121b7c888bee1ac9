//! The match view — the referee's main job: scoreboard, clock and timers, hand entry with a
//! live preview, history with edit/delete/undo, level chart, result sheet and sign-off.

use super::widgets::{fmt_duration, no_key_repeat, vibrate, EntryLog, FormIntent, LevelChart, PointsInput, UndoButton};
use super::{ctx, fmt_time, io, now_ms, t, tx};
use crate::i18n::Lang;
use crate::record::game::GameId;
use crate::record::replay::{
    extend_shengji, preview_next_hand, replay, replay_shengji, HandRow, MatchView, ShengjiView,
};
use crate::record::{ClockAction, Entry, HandInput, Match, Op, Setup, ShengjiSetup, TimedAction};
use crate::rules::shengji::{
    self, Amount, Hand, JackSuit, Kitty, Note, Outcome, Penalty, Preset, Show, Side, Start, Unit,
};
use crate::rules::{Rank, Seat, Team, TimeVerdict};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;
use std::collections::BTreeMap;
use std::sync::Arc;

fn seat_label(lang: Lang, s: Seat) -> &'static str {
    crate::i18n::seat_name(lang, s)
}

/// The one-line verdict of a hand, e.g. "85 分 → 台下上台, 不升级".
pub fn verdict_line(lang: Lang, p: &Preset, o: &Outcome, teams: &BTreeMap<Team, String>) -> String {
    let tr = |k| crate::i18n::tr(lang, k);
    let winner_team = match o.side {
        Side::Declarer => o.declarer,
        Side::Attackers => o.declarer.other(),
    };
    let before = o.levels_before[&winner_team];
    let after = o.levels_after[&winner_team];
    let gained = after.index() as i32 - before.index() as i32;
    let who = match o.side {
        Side::Declarer => tr("res.declarer_holds"),
        Side::Attackers => tr("res.takeover"),
    };
    let mut s = format!("{} {} → {}", o.score, tr("res.points"), who);
    if let Some(w) = o.winner {
        s.push_str(&format!(", {} {}", team_label(teams, w), tr("res.passed_a")));
        return s;
    }
    if gained > 0 {
        s.push_str(&format!(", {} +{} ({before}→{after})", team_label(teams, winner_team), gained));
    } else {
        s.push_str(&format!(", {}", tr("res.no_rise")));
    }
    for n in &o.notes {
        if let Note::JackBack { to, .. } = n {
            s.push_str(&format!("; {} → {to}", team_label(teams, o.declarer)));
        }
    }
    let _ = p;
    s
}

fn team_label(teams: &BTreeMap<Team, String>, t: Team) -> String {
    teams.get(&t).cloned().filter(|n| !n.is_empty()).unwrap_or_else(|| format!("{t:?}"))
}

fn note_text(lang: Lang, n: &Note) -> String {
    let tr = |k| crate::i18n::tr(lang, k);
    match n {
        Note::Clamped { raw, score } => format!("{}: {raw} → {score}", tr("note.clamped")),
        Note::MustPlay { rank } => format!("{rank} {}", tr("note.must_play")),
        Note::CappedAtAce => tr("note.capped_a").to_string(),
        Note::JumpToAce => tr("note.jump_a").to_string(),
        Note::JackBack { suit, to } => format!(
            "{}: {} {to}",
            if *suit == JackSuit::Trump { tr("jack.trump") } else { tr("jack.offsuit") },
            tr("note.jack_back")
        ),
        Note::PassedAce { .. } => tr("note.passed_a").to_string(),
    }
}

/// The penalty kind's display name in the current language (preset name as fallback).
fn penalty_name(lang: Lang, p: &Preset, kind: &str) -> String {
    crate::i18n::penalty_kind(lang, kind)
        .map(str::to_string)
        .or_else(|| p.penalty_rule(kind).map(|r| r.name.clone()))
        .unwrap_or_else(|| kind.to_string())
}

/// The full explanation of an outcome: every step of the pipeline with its numbers.
fn explain(lang: Lang, p: &Preset, hand: &Hand, o: &Outcome) -> Vec<String> {
    let tr = |k| crate::i18n::tr(lang, k);
    let mut v = vec![format!("{}: {}", tr("exp.points"), hand.points)];
    if let Some(k) = hand.kitty {
        v.push(format!(
            "{}: {} × {} ({}) = {}",
            tr("exp.kitty"),
            k.points,
            o.multiplier,
            crate::i18n::unit_name(lang, k.unit),
            o.kitty_bonus
        ));
    }
    for ap in &o.penalties {
        let pen = &hand.penalties[ap.index];
        v.push(format!(
            "{} ({} {}): {} = {}{} [{}]",
            penalty_name(lang, p, &pen.kind),
            tr("exp.on"),
            pen.team_label(),
            ap.how,
            if ap.effect >= 0 { "+" } else { "" },
            ap.effect,
            ap.source
        ));
    }
    if let Some((lo, hi)) = p.clamp {
        v.push(format!("{}: {lo}–{hi} → {}", tr("exp.clamp"), o.score));
    }
    if let Some(b) = p.table.bands.get(o.band) {
        v.push(format!("{}: {} [{}]", tr("exp.table"), crate::i18n::band_text(lang, b), p.source));
    }
    for n in &o.notes {
        v.push(note_text(lang, n));
    }
    v.push(format!(
        "{}: {} · {} {}",
        tr("exp.next"),
        crate::i18n::team_side(lang, o.next_declarer),
        tr("sb.dealer"),
        o.next_dealer.map(|s| seat_label(lang, s)).unwrap_or("—"),
    ));
    v
}

trait TeamLabel {
    fn team_label(&self) -> String;
}
impl TeamLabel for Penalty {
    fn team_label(&self) -> String {
        format!("{:?}{}", self.team, self.seat.map(|s| format!("/{s:?}")).unwrap_or_default())
    }
}

#[derive(Clone, Copy)]
struct Form {
    points: RwSignal<i32>,
    kitty_on: RwSignal<bool>,
    kitty_points: RwSignal<i32>,
    unit: RwSignal<Unit>,
    jack: RwSignal<Option<JackSuit>>,
    penalties: RwSignal<Vec<Penalty>>,
    shows: RwSignal<Vec<Show>>,
    editing: RwSignal<Option<String>>,
    error: RwSignal<Option<String>>,
    /// One commit per intent: the referee's touches since the form was last (re)set.
    intent: FormIntent,
}

impl Form {
    fn new() -> Form {
        Form {
            points: RwSignal::new(0),
            kitty_on: RwSignal::new(false),
            kitty_points: RwSignal::new(0),
            unit: RwSignal::new(Unit::Single),
            jack: RwSignal::new(None),
            penalties: RwSignal::new(Vec::new()),
            shows: RwSignal::new(Vec::new()),
            editing: RwSignal::new(None),
            error: RwSignal::new(None),
            intent: FormIntent::new(),
        }
    }
    fn hand(&self) -> Hand {
        let kitty = self.kitty_on.get().then(|| Kitty { points: self.kitty_points.get(), unit: self.unit.get() });
        let shows = self.shows.get();
        Hand {
            points: self.points.get(),
            kitty,
            kitty_jack: if kitty.is_some() { self.jack.get() } else { None },
            penalties: self.penalties.get(),
            trump: shows.last().map(|s| shengji::trump_of(&s.what)),
            declarer_seat: shows.last().map(|s| s.seat),
            declaring: shows,
        }
    }
    /// Puts `h` in the form; a field already holding its value is not set again (so a
    /// commit re-renders only the fields the referee had changed).
    fn load(&self, h: &Hand, id: Option<String>) {
        fn put<T: PartialEq + Send + Sync + 'static>(s: RwSignal<T>, v: T) {
            if s.with_untracked(|x| *x != v) {
                s.set(v);
            }
        }
        put(self.points, h.points);
        put(self.kitty_on, h.kitty.is_some());
        put(self.kitty_points, h.kitty.map(|k| k.points).unwrap_or(0));
        put(self.unit, h.kitty.map(|k| k.unit).unwrap_or(Unit::Single));
        put(self.jack, h.kitty_jack);
        put(self.penalties, h.penalties.clone());
        put(self.shows, h.declaring.clone());
        put(self.editing, id);
        put(self.error, None);
        self.intent.fresh();
    }
    fn reset(&self) {
        self.load(&Hand::default(), None);
    }
}

/// The live preview of the hand being entered, as text.
#[derive(Clone, PartialEq)]
enum Preview {
    /// Nothing to show yet.
    Empty,
    /// The entry is refused: `field: reason`.
    Error(String),
    /// The verdict line, the steps that produced it, and the reason a later hand would
    /// break (an edit of an earlier hand).
    Ok { verdict: String, lines: Vec<String>, later: Option<String> },
}

impl Preview {
    fn is_ok(&self) -> bool {
        matches!(self, Preview::Ok { .. })
    }
    fn verdict(&self) -> &str {
        match self {
            Preview::Ok { verdict, .. } => verdict,
            _ => "",
        }
    }
    fn lines(&self) -> &[String] {
        match self {
            Preview::Ok { lines, .. } => lines,
            _ => &[],
        }
    }
    fn later(&self) -> Option<&str> {
        match self {
            Preview::Ok { later, .. } => later.as_deref(),
            _ => None,
        }
    }
}

/// `/match/:id`.
#[component]
pub fn MatchPage() -> impl IntoView {
    let c = ctx();
    let params = use_params_map();
    let id = Memo::new(move |_| params.read().get("id").unwrap_or_default());
    // The match, shared with the list (Arc): a commit swaps the pointer, nothing is copied.
    let m = Memo::new_with_compare(
        move |_| c.matches.with(|ms| ms.iter().find(|x| x.id == id.get()).cloned()),
        |a: Option<&Option<Arc<Match>>>, b: Option<&Option<Arc<Match>>>| match (a, b) {
            (Some(Some(a)), Some(Some(b))) => !Arc::ptr_eq(a, b),
            (Some(None), Some(None)) => false,
            _ => true,
        },
    );
    // Re-mount the page only when the match or its game changes, not on every entry, so
    // forms and timers keep their state while entries are appended.
    let game = Memo::new(move |_| m.with(|x| x.as_ref().map(|x| (x.id.clone(), x.setup.id()))));
    move || match game.get() {
        None => {
            // Its stored value may have been moved aside (here or by another tab): say so.
            // Moved aside in this session, or found under a quarantine key from an earlier one.
            let key = crate::store::match_key(&id.get_untracked());
            let earlier = crate::store::keys()
                .iter()
                .any(|k| k.starts_with(crate::store::QUARANTINE_PREFIX) && k.ends_with(&format!(".{key}")));
            let aside = move || earlier || c.quarantined.with(|q| q.iter().any(|x| x.key == key));
            view! {
                <section class="page">
                    <p class="empty" id="match-missing">
                        {tx("err.no_match")}
                        " "
                        <code>{id.get()}</code>
                    </p>
                    <Show when=aside>
                        <div class="banner error" role="alert" id="match-quarantined">
                            {tx("err.match_quarantined")}
                            " "
                            <leptos_router::components::A href="/about">{tx("nav.about")}</leptos_router::components::A>
                        </div>
                    </Show>
                </section>
            }
            .into_any()
        }
        Some((_, g)) => match g {
            GameId::Shengji => view! { <ShengjiMatch m=m /> }.into_any(),
            GameId::Duplicate => view! { <super::games::duplicate::Page m=m /> }.into_any(),
            GameId::Guandan => view! { <super::games::guandan::Page m=m /> }.into_any(),
            GameId::Doudizhu => view! { <super::games::doudizhu::Page m=m /> }.into_any(),
            GameId::Sandayi => view! { <super::games::sandayi::Page m=m /> }.into_any(),
            GameId::Renju => view! { <super::games::renju::Page m=m /> }.into_any(),
        },
    }
}

fn setup_of(m: &Match) -> &ShengjiSetup {
    match &m.setup {
        Setup::Shengji(s) => s,
        _ => unreachable!("ShengjiMatch is only mounted for 升级 matches"),
    }
}

use super::commit;

#[component]
fn ShengjiMatch(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let mm = move || m.get().expect("match present");
    // The replayed view, shared (Arc) so that every reader gets it without a deep copy, and
    // extended in place when entries were only appended (a commit on a 1,000-hand match
    // replays one hand, not 1,000): (match id, entries replayed, id of the last one, view,
    // epoch). The epoch counts whole replays: rows of the history are keyed by it, so an
    // append renders one new row and a replay (an edit, a delete) renders them all again.
    type Cached = Option<(String, usize, Option<String>, Arc<ShengjiView>, u64)>;
    let view_memo: Memo<Cached> = Memo::new_owning(move |prev: Option<Cached>| {
        m.with(|o| {
            let Some(x) = o.as_ref() else { return (None, true) };
            let s = setup_of(x);
            let last = |n: usize| n.checked_sub(1).and_then(|i| x.entries.get(i)).map(|e| e.id.clone());
            let mut epoch = 0;
            if let Some(Some((id, n, last_id, mut view, ep))) = prev {
                epoch = ep + 1;
                if id == x.id && n <= x.entries.len() && last(n) == last_id {
                    if n == x.entries.len() {
                        return (Some((id, n, last_id, view, ep)), false);
                    }
                    if extend_shengji(Arc::make_mut(&mut view), &s.preset, x, n) {
                        let n = x.entries.len();
                        return (Some((id, n, last(n), view, ep)), true);
                    }
                }
                // The old view is dropped after this frame, not during the commit.
                super::widgets::drop_later(view);
            }
            let view = Arc::new(replay_shengji(x, &s.preset, &s.start));
            let n = x.entries.len();
            (Some((x.id.clone(), n, last(n), view, epoch)), true)
        })
    });
    let v = move || view_memo.with(|c| c.as_ref().map(|c| c.3.clone())).expect("view present");
    // The history and the chart follow one frame late (widgets::after_paint): a commit
    // paints the scoreboard and the preview first. They read the newest view untracked.
    let shown = super::widgets::after_paint(view_memo);
    let v_late = move || {
        shown.track();
        view_memo.with_untracked(|c| c.as_ref().map(|c| c.3.clone())).expect("view present")
    };
    let epoch_late = Signal::derive(move || {
        shown.track();
        view_memo.with_untracked(|c| c.as_ref().map(|c| c.4).unwrap_or(0))
    });
    let preset = Memo::new(move |_| m.with(|o| o.as_ref().map(|x| setup_of(x).preset.clone())).expect("preset"));
    let teams = Memo::new(move |_| m.with(|o| o.as_ref().map(|x| setup_of(x).teams.clone())).unwrap_or_default());
    let players = Memo::new(move |_| m.with(|o| o.as_ref().map(|x| setup_of(x).players.clone())).unwrap_or_default());
    let form = Form::new();
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    // The half-entered hand survives a reload, an update and back/forward.
    super::draft::keep_draft(
        "shengji",
        &mid,
        form.intent,
        move || (form.hand(), form.editing.get()),
        move |(h, id): (Hand, Option<String>)| form.load(&h, id),
    );
    let countdown = super::clock::countdown_signal(
        &mid,
        |w| match w {
            "bury" => Some(TimedAction::Bury),
            "play" => Some(TimedAction::Play),
            _ => None,
        },
        |a| if *a == TimedAction::Bury { "bury".into() } else { "play".into() },
    );
    // The clock's "now": the running clock's start plus the time elapsed since, on the
    // monotonic clock (super::clock), never the device's wall clock alone.
    let tick = super::clock::ticker();
    let running_since =
        Memo::new(move |_| view_memo.with(|c| c.as_ref().and_then(|c| c.3.current().clock.running_since)));
    let scope = super::clock::clock_scope(&mid);
    let now = Signal::derive(move || {
        tick.track();
        super::clock::run_now(&scope, running_since.get())
    });

    // The candidate entry: the live preview. A new hand is played on a copy of the current
    // state (the log is not replayed); an edit of hand k replays the log with it in place.
    let candidate = Memo::new(move |_| {
        if form.editing.get().is_none() {
            let hand = form.hand();
            let view = view_memo.with(|c| c.as_ref().map(|c| c.3.clone()))?;
            let row = preset.with(|p| preview_next_hand(&view, p, "preview", now_ms(), hand));
            return Some((Some(row), view.first_error()));
        }
        let mut x = Match::clone(&*m.get()?);
        let hand = form.hand();
        let op = match form.editing.get() {
            Some(target) => Op::Correct { target, hand: HandInput::Shengji(hand) },
            None => Op::Hand { hand: HandInput::Shengji(hand) },
        };
        let target = form.editing.get().unwrap_or_else(|| "preview".to_string());
        x.entries.push(Entry { after: None, id: "preview".into(), at_ms: now_ms(), op });
        let MatchView::Shengji(pv) = replay(&x) else { return None };
        let row = pv.games.iter().flat_map(|g| &g.rows).find(|r| r.entry_id == target).cloned();
        let later_error = pv.first_error().filter(|(id, _)| *id != target);
        Some((row, later_error))
    });

    // The preview's text, compared so that an unchanged preview renders nothing.
    let preview = Memo::new(move |_| {
        let l = lang.get();
        let p = preset.get();
        let tm = teams.get();
        match candidate.get() {
            Some((Some(HandRow { result: Ok(o), hand, .. }), later)) => Preview::Ok {
                verdict: verdict_line(l, &p, &o, &tm),
                lines: explain(l, &p, &hand, &o),
                later: later.map(|(_, e)| e.reason),
            },
            // The first declarer is open (RULES.md §1 [r2]): the show decides it.
            Some((Some(HandRow { result: Err(e), .. }), _)) if e.field == "declarer_seat" => {
                Preview::Error(t("entry.need_show").to_string())
            }
            Some((Some(HandRow { result: Err(e), .. }), _)) => Preview::Error(format!("{}: {}", e.field, e.reason)),
            _ => Preview::Empty,
        }
    });

    // Memos: read by every history row, they notify only when the value changes.
    let locked_memo = Memo::new(move |_| view_memo.with(|c| c.as_ref().is_some_and(|c| c.3.locked)));
    let game_over_memo =
        Memo::new(move |_| view_memo.with(|c| c.as_ref().is_some_and(|c| c.3.current().winner.is_some())));
    let locked = move || locked_memo.get();
    let game_over = move || game_over_memo.get();

    // The edited hand deleted (here or in another tab): the form says so and starts a new
    // hand (the edit of an old hand is not the next hand).
    let edit_gone =
        super::widgets::leave_edit_when_gone(m, form.editing, form.error, "entry.edit_gone", move || form.reset());
    // One commit per intent: a repeated press stores nothing more, an untouched form asks.
    let do_commit = move |ev: leptos::ev::MouseEvent| {
        form.intent.commit(
            crate::ui::widgets::event_time(&ev),
            move || preview.with_untracked(|p| p.is_ok().then(|| p.verdict().to_string())),
            move || {
                if edit_gone() {
                    return false;
                }
                let Some(x) = m.get_untracked() else { return false };
                let Some(Some((row, later))) = candidate.get_untracked().map(|(r, l)| Some((r, l))) else {
                    return false;
                };
                match row.map(|r| r.result) {
                    Some(Ok(_)) => {}
                    Some(Err(e)) => {
                        form.error.set(Some(format!("{}: {}", e.field, e.reason)));
                        return false;
                    }
                    None => return false,
                }
                if let Some((_, e)) = later {
                    form.error.set(Some(format!("{}: {}", t("entry.breaks_later"), e.reason)));
                    return false;
                }
                let hand = HandInput::Shengji(form.hand());
                let op = match form.editing.get_untracked() {
                    Some(target) => Op::Correct { target, hand },
                    None => Op::Hand { hand },
                };
                let stored = match commit(&x, op) {
                    Ok(()) => {
                        form.reset();
                        true
                    }
                    Err(e) => {
                        form.error.set(Some(e));
                        false
                    }
                };
                super::widgets::drop_later(x);
                stored
            },
        )
    };

    let simple = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };

    view! {
        <section class="page match">
            <h1 class="match-title">
                {move || {
                    m.with(|x| x.as_ref().map(|x| if x.title.is_empty() { x.id.clone() } else { x.title.clone() }))
                        .unwrap_or_default()
                }}
            </h1>
            <p class="muted">
                {move || {
                    let p = preset.get();
                    format!("{} · {}", crate::i18n::preset_name(lang.get(), &p.id).unwrap_or(&p.name), p.source)
                }}
            </p>
            <Scoreboard v=Signal::derive(v) teams=teams.into() players=players.into() now=now />
            <ClockBar m=m v=Signal::derive(v) preset=preset.into() now=now teams=teams.into() countdown=countdown />
            <Show
                when=move || !locked() && !game_over()
                fallback=move || view! { <GameEnd m=m v=Signal::derive(v) teams=teams.into() /> }
            >
                <HandEntry
                    form=form
                    preset=preset.into()
                    v=Signal::derive(v)
                    players=players.into()
                    countdown=countdown
                />
                // The preview's elements stay in place while the hand is edited and committed;
                // only their text changes (rebuilding an element re-sets all its attributes).
                <div class="preview" id="preview" aria-live="polite">
                    <Show
                        when=move || preview.with(|p| p.is_ok())
                        fallback=move || {
                            view! {
                                <p class=move || {
                                    if preview.with(|p| matches!(p, Preview::Error(_))) {
                                        "field-error"
                                    } else {
                                        "muted"
                                    }
                                }>
                                    {move || {
                                        preview
                                            .with(|p| match p {
                                                Preview::Error(e) => e.clone(),
                                                _ => "…".to_string(),
                                            })
                                    }}
                                </p>
                            }
                        }
                    >
                        <p class="verdict" id="preview-verdict">
                            {move || preview.with(|p| p.verdict().to_string())}
                        </p>
                        <ul class="explain">
                            {move || {
                                preview
                                    .with(|p| p.lines().iter().map(|s| view! { <li>{s.clone()}</li> }).collect_view())
                            }}
                        </ul>
                        {move || {
                            preview
                                .with(|p| {
                                    p.later()
                                        .map(|e| {
                                            view! {
                                                <p class="field-error">{t("entry.breaks_later")}": "{e.to_string()}</p>
                                            }
                                        })
                                })
                        }}
                    </Show>
                </div>
                {move || {
                    form.error
                        .get()
                        .map(|e| {
                            view! {
                                <div class="banner error" role="alert" id="commit-error">
                                    {e}
                                </div>
                            }
                        })
                }}
                <div class="actions sticky">
                    <button class="btn primary big" id="commit" on:click=do_commit on:keydown=no_key_repeat>
                        {move || if form.editing.get().is_some() { t("entry.save_edit") } else { t("entry.commit") }}
                    </button>
                    <Show when=move || form.editing.get().is_some()>
                        <button class="btn" on:click=move |_| form.reset()>
                            {tx("common.cancel")}
                        </button>
                    </Show>
                </div>
            </Show>
            <div class="actions">
                <UndoButton m=m locked=locked_memo id="undo" />
                <button class="btn" id="export-match" on:click=move |_| io::export(&[mm()], "match", false)>
                    {tx("io.export_match")}
                </button>
                <Show when=io::can_share>
                    <button class="btn" on:click=move |_| io::export(&[mm()], "match", true)>
                        {tx("io.share")}
                    </button>
                </Show>
            </div>
            <super::ruling::RulingPanel m=m teams=teams.into() locked=locked_memo.into() />
            <h2>{tx("chart.title")}</h2>
            <LevelChart series=Signal::derive(move || v_late().current().level_series()) names=teams.into() />
            <History
                v=Signal::derive(v_late)
                epoch=epoch_late
                preset=preset.into()
                teams=teams.into()
                form=form
                locked=locked_memo.into()
                on_void=move |id: String| simple(Op::Void {
                    target: id,
                    reason: "delete".into(),
                })
            />
            <ResultSheet m=m v=Signal::derive(v) teams=teams.into() players=players.into() />
            <EntryLog m=m />
        </section>
    }
}

#[component]
fn Scoreboard(
    v: Signal<Arc<ShengjiView>>,
    teams: Signal<BTreeMap<Team, String>>,
    players: Signal<BTreeMap<Seat, String>>,
    now: Signal<f64>,
) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <div class="scoreboard" id="scoreboard">
            // Built once; each part is a memo, so a commit changes only the text that changed.
            {Team::BOTH
                .into_iter()
                .map(|team| {
                    let decl = Memo::new(move |_| {
                        v.with(|v| {
                            let s = &v.current().state;
                            s.declarer == team && !s.declarer_open && v.current().winner.is_none()
                        })
                    });
                    let level = Memo::new(move |_| v.with(|v| v.current().state.level(team).name()));
                    let won = Memo::new(move |_| v.with(|v| v.series.get(&team).copied().unwrap_or(0)));
                    let seats = match team {
                        Team::A => [Seat::N, Seat::S],
                        Team::B => [Seat::E, Seat::W],
                    };
                    let names = move || {
                        players
                            .with(|pl| {
                                seats
                                    .iter()
                                    .map(|s| {
                                        format!(
                                            "{}{}",
                                            seat_label(lang.get(), *s),
                                            pl.get(s).cloned().unwrap_or_default(),
                                        )
                                    })
                                    .collect::<Vec<_>>()
                                    .join(" · ")
                            })
                    };
                    view! {
                        <div class=move || {
                            format!(
                                "team {}{}",
                                if team == Team::A { "team-a" } else { "team-b" },
                                if decl.get() { " declarer" } else { "" },
                            )
                        }>
                            <div class="team-name">
                                {move || teams.with(|tm| team_label(tm, team))}
                                <span class="badge declarer-badge">{tx("sb.declarer")}</span>
                            </div>
                            <div class="level" id=format!("level-{team:?}")>
                                {move || level.get()}
                            </div>
                            <div class="players muted">{names}</div>
                            <div class="series muted">{tx("sb.games_won")}" "{move || won.get()}</div>
                        </div>
                    }
                })
                .collect_view()}
            <div class="meta muted">
                {move || {
                    let view = v.get();
                    let g = view.current();
                    format!(
                        "{} {} · {} {} · {} {}{}",
                        t("sb.hand"),
                        g.rows.len() + 1,
                        t("sb.dealer"),
                        g.state.dealer.map(|s| seat_label(lang.get(), s)).unwrap_or("—"),
                        t("sb.elapsed"),
                        fmt_duration(g.clock.elapsed_ms(now.get())),
                        if view.games.len() > 1 {
                            format!(" · {} {}", t("sb.game"), view.games.len())
                        } else {
                            String::new()
                        },
                    )
                }}
            </div>
        </div>
    }
}

#[component]
fn ClockBar(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<Arc<ShengjiView>>,
    preset: Signal<Preset>,
    now: Signal<f64>,
    teams: Signal<BTreeMap<Team, String>>,
    /// Per-action countdown: (action, started at ms). Shared with the declaring editor,
    /// whose re-bury restarts the bury clock.
    countdown: RwSignal<Option<(TimedAction, f64)>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let cd_scope = StoredValue::new(super::clock::countdown_scope(
        &m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default()),
    ));
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    // The start time of the countdown that already buzzed (one buzz per overrun).
    let buzzed: RwSignal<Option<f64>> = RwSignal::new(None);
    let overrun_seat = RwSignal::new(Seat::N);
    let limit_of = move |a: TimedAction| -> Option<u32> {
        let p = preset.get();
        match a {
            TimedAction::Bury => p.timing.bury_seconds,
            TimedAction::Play => p.timing.play_seconds,
        }
    };
    // Counted on the monotonic clock from its start (kept for a reload: super::clock).
    let remaining = move || {
        now.track();
        countdown.get().and_then(|(a, s)| {
            limit_of(a).map(|l| l as f64 - cd_scope.with_value(|c| super::clock::since(c, s)) / 1000.0)
        })
    };
    Effect::new(move |_| {
        if let Some((_, start)) = countdown.get() {
            if remaining().is_some_and(|r| r < 0.0) && buzzed.get_untracked() != Some(start) {
                buzzed.set(Some(start));
                vibrate(400);
            }
        }
    });
    let clock_state = Memo::new(move |_| {
        v.with(|v| {
            let c = &v.current().clock;
            (c.started, c.running_since.is_some())
        })
    });
    let elapsed_now = move || Some(v.with_untracked(|v| v.current().clock.elapsed_ms(now.get_untracked())));
    let time_up = move || {
        let view = v.get();
        let g = view.current();
        preset
            .get()
            .timing
            .match_minutes
            .is_some_and(|mins| g.winner.is_none() && g.clock.elapsed_ms(now.get()) >= mins as f64 * 60_000.0)
    };
    let verdict = move || {
        let tie = preset.with(|p| p.timing.tie);
        v.with(|v| v.current().state.time_verdict_with(tie))
    };
    view! {
        <div class="clockbar">
            <span class="clock" id="match-clock">
                {move || {
                    let elapsed = v.with(|v| v.current().clock.elapsed_ms(now.get()));
                    let limit = preset.with(|p| p.timing.match_minutes);
                    format!("{}{}", fmt_duration(elapsed), limit.map(|l| format!(" / {l}:00")).unwrap_or_default())
                }}
            </span>
            // The buttons change with the clock's state only (not on every tick or commit).
            {move || {
                let (started, running) = clock_state.get();
                view! {
                    {if !started {
                        view! {
                            <button
                                class="btn"
                                id="clock-start"
                                disabled=move || crate::ui::ctx().clock_cooling.get()
                                on:click=move |_| act(Op::Clock {
                                    action: ClockAction::Start,
                                    elapsed_ms: elapsed_now(),
                                })
                            >
                                {t("clock.start")}
                            </button>
                        }
                            .into_any()
                    } else if running {
                        view! {
                            <button
                                class="btn"
                                id="clock-pause"
                                disabled=move || crate::ui::ctx().clock_cooling.get()
                                on:click=move |_| act(Op::Clock {
                                    action: ClockAction::Pause,
                                    elapsed_ms: elapsed_now(),
                                })
                            >
                                {t("clock.pause")}
                            </button>
                        }
                            .into_any()
                    } else {
                        view! {
                            <button
                                class="btn"
                                id="clock-resume"
                                disabled=move || crate::ui::ctx().clock_cooling.get()
                                on:click=move |_| act(Op::Clock {
                                    action: ClockAction::Resume,
                                    elapsed_ms: elapsed_now(),
                                })
                            >
                                {t("clock.resume")}
                            </button>
                        }
                            .into_any()
                    }}
                }
            }}
            <Show when=time_up>
                <div class="banner warn" role="alert" id="time-up">
                    // The higher level wins; equal levels as the preset says (RULES.md §1
                    // [r2]: 青浦 plays one more hand, never the declarer by default).
                    {move || match verdict() {
                        TimeVerdict::Winner(w) => {
                            view! {
                                <p>
                                    {format!(
                                        "{} {}: {}",
                                        t("clock.time_up"),
                                        t("clock.rule"),
                                        team_label(&teams.get(), w),
                                    )}
                                </p>
                                <button
                                    class="btn primary"
                                    id="time-verdict"
                                    on:click=move |_| {
                                        act(Op::TimeVerdict {
                                            winner: w,
                                            elapsed_ms: elapsed_now(),
                                        });
                                    }
                                >
                                    {move || super::clock::verdict_label(
                                        v.with(|v| v.current().clock.elapsed_ms(now.get())),
                                    )}
                                </button>
                            }
                                .into_any()
                        }
                        TimeVerdict::OneMoreHand => {
                            view! {
                                <p id="one-more-hand">
                                    {format!("{} {}", t("clock.time_up"), t("clock.one_more_hand"))}
                                </p>
                            }
                                .into_any()
                        }
                    }}
                </div>
            </Show>
            <super::clock::JumpNotice />
            <div class="timers">
                {[TimedAction::Bury, TimedAction::Play]
                    .into_iter()
                    .map(|a| {
                        let label = if a == TimedAction::Bury { "timer.bury" } else { "timer.play" };
                        view! {
                            <button
                                class="btn"
                                disabled=move || limit_of(a).is_none()
                                on:click=move |_| countdown.set(Some((a, now_ms())))
                            >
                                {move || {
                                    format!(
                                        "{} {}s",
                                        t(label),
                                        limit_of(a).map(|l| l.to_string()).unwrap_or_else(|| "—".into()),
                                    )
                                }}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {move || {
                remaining()
                    .map(|r| {
                        let over = r < 0.0;
                        view! {
                            <div class="countdown" class:over=over id="countdown">
                                <span class="big-number">
                                    {if over { format!("+{:.0}", -r) } else { format!("{:.0}", r.ceil()) }}
                                </span>
                                {over
                                    .then(|| {
                                        view! {
                                            <select on:change=move |ev| {
                                                overrun_seat
                                                    .set(Seat::parse(&event_target_value(&ev)).unwrap_or(Seat::N))
                                            }>
                                                {Seat::CCW
                                                    .iter()
                                                    .map(|s| {
                                                        view! {
                                                            <option value=format!(
                                                                "{s:?}",
                                                            )>{seat_label(lang.get(), *s)}</option>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </select>
                                            <button
                                                class="btn primary"
                                                id="log-overrun"
                                                on:click=move |_| {
                                                    if let Some((a, _)) = countdown.get_untracked() {
                                                        act(Op::Overrun {
                                                            seat: overrun_seat.get_untracked(),
                                                            action: a,
                                                            seconds: (-r).ceil() as u32,
                                                        });
                                                    }
                                                    countdown.set(None);
                                                }
                                            >
                                                {super::clock::overrun_label(
                                                    (-r).ceil() as u32,
                                                    countdown
                                                        .get_untracked()
                                                        .and_then(|(a, _)| limit_of(a))
                                                        .unwrap_or(0),
                                                )}
                                            </button>
                                        }
                                    })}
                                <button class="btn" on:click=move |_| countdown.set(None)>
                                    {t("timer.stop")}
                                </button>
                            </div>
                        }
                    })
            }}
        </div>
    }
}

#[component]
fn HandEntry(
    form: Form,
    preset: Signal<Preset>,
    v: Signal<Arc<ShengjiView>>,
    players: Signal<BTreeMap<Seat, String>>,
    countdown: RwSignal<Option<(TimedAction, f64)>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let _ = players;
    let jack_applies = move || {
        let p = preset.get();
        let view = v.get();
        let g = view.current();
        p.jack.as_ref().is_some_and(|j| g.state.level(g.state.declarer) == j.at) && form.kitty_on.get()
    };
    let add_penalty = move |kind: String| {
        let declarer = v.get_untracked().current().state.declarer;
        form.penalties.update(|ps| {
            ps.push(Penalty {
                team: declarer,
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
    let counts: RwSignal<[i32; 5]> = RwSignal::new([0, 0, 0, 0, 8]);
    // The card check needs the declarer only (not every commit).
    let declarer = Memo::new(move |_| v.with(|v| v.current().state.declarer));
    view! {
        <div
            class="entry"
            id="hand-entry"
            on:click=form.intent.watch()
            on:input=form.intent.watch()
            on:change=form.intent.watch()
        >
            <h2>{move || if form.editing.get().is_some() { t("entry.editing") } else { t("entry.title") }}</h2>
            <label class="field-label">{tx("entry.points")}</label>
            <PointsInput value=form.points id="points" />
            <div class="row">
                <label class="toggle">
                    <input
                        type="checkbox"
                        id="kitty-on"
                        prop:checked=move || form.kitty_on.get()
                        on:change=move |ev| form.kitty_on.set(event_target_checked(&ev))
                    />
                    {tx("entry.kitty")}
                </label>
            </div>
            <Show when=move || form.kitty_on.get()>
                <div class="kitty">
                    <label class="field-label">{tx("entry.kitty_points")}</label>
                    <PointsInput value=form.kitty_points id="kitty-points" />
                    <label class="field-label">{tx("entry.unit")}</label>
                    <div class="chips">
                        {[
                            Unit::Single,
                            Unit::Pair,
                            Unit::Tractor(2),
                            Unit::Tractor(3),
                            Unit::Tractor(4),
                            Unit::Tractor(5),
                        ]
                            .into_iter()
                            .map(|u| {
                                view! {
                                    <button
                                        class="btn chip"
                                        class:selected=move || form.unit.get() == u
                                        data-unit=u.code()
                                        on:click=move |_| form.unit.set(u)
                                    >
                                        {move || {
                                            format!(
                                                "{} ×{}",
                                                crate::i18n::unit_name(lang.get(), u),
                                                preset.get().kitty.multiplier(u),
                                            )
                                        }}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                    <Show when=jack_applies>
                        <label class="field-label">{tx("entry.jack")}</label>
                        <div class="chips">
                            {[None, Some(JackSuit::Trump), Some(JackSuit::Offsuit)]
                                .into_iter()
                                .map(|j| {
                                    view! {
                                        <button
                                            class="btn chip"
                                            class:selected=move || form.jack.get() == j
                                            on:click=move |_| form.jack.set(j)
                                        >
                                            {move || match j {
                                                None => t("jack.none"),
                                                Some(JackSuit::Trump) => t("jack.trump"),
                                                Some(JackSuit::Offsuit) => t("jack.offsuit"),
                                            }}
                                        </button>
                                    }
                                })
                                .collect_view()}
                        </div>
                    </Show>
                </div>
            </Show>
            <label class="field-label">{tx("entry.penalties")}</label>
            <div class="chips">
                {move || {
                    preset
                        .get()
                        .penalties
                        .into_iter()
                        .map(|r| {
                            let kind = r.kind.clone();
                            let name = penalty_name(lang.get(), &preset.get_untracked(), &r.kind);
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
                            let rule = preset.get().penalty_rule(&p.kind).cloned();
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
                            view! {
                                <li class="penalty">
                                    <strong>{penalty_name(lang.get(), &preset.get_untracked(), &p.kind)}</strong>
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
                                                        {crate::i18n::team_side(lang.get(), tm)}
                                                    </option>
                                                }
                                            })
                                            .collect_view()}
                                    </select>
                                    <select
                                        class="pen-seat"
                                        on:change=move |ev| {
                                            let s = Seat::parse(&event_target_value(&ev));
                                            upd(Box::new(move |x| x.seat = s));
                                        }
                                    >
                                        <option value="">{t("pen.seat")}</option>
                                        {Seat::CCW
                                            .iter()
                                            .map(|s| {
                                                view! {
                                                    <option value=format!("{s:?}") selected=p.seat == Some(*s)>
                                                        {seat_label(lang.get(), *s)}
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
                                        <span class="pen-cards">{p.cards}" "{t("pen.cards")}</span>
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
                                                <select on:change=move |ev| {
                                                    let u = Unit::parse(&event_target_value(&ev));
                                                    upd(Box::new(move |x| x.unit = u));
                                                }>
                                                    {[Unit::Single, Unit::Pair, Unit::Tractor(2)]
                                                        .into_iter()
                                                        .map(|u| {
                                                            view! {
                                                                <option value=u.code() selected=p.unit == Some(u)>
                                                                    {crate::i18n::unit_name(lang.get(), u)}
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
                                                    placeholder=t("pen.points")
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
                                        placeholder=t("pen.trick")
                                        prop:value=p.trick.map(|x| x.to_string()).unwrap_or_default()
                                        on:change=move |ev| {
                                            let n = event_target_value(&ev).trim().parse::<u32>().ok();
                                            upd(Box::new(move |x| x.trick = n));
                                        }
                                    />
                                    <input
                                        class="pen-note"
                                        maxlength=crate::record::schema::MAX_TEXT
                                        placeholder=t("pen.note")
                                        prop:value=p.note.clone()
                                        on:change=move |ev| {
                                            let s = event_target_value(&ev);
                                            upd(Box::new(move |x| x.note = s.clone()));
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
            <details class="declaring">
                <summary>
                    {tx("decl.title")}" "
                    {move || {
                        let s = form.shows.get();
                        if s.is_empty() { String::new() } else { format!("({})", s.len()) }
                    }}
                </summary>
                <p class="muted">{move || preset.get().declaring.who}</p>
                <DeclaringEditor form=form preset=preset countdown=countdown />
            </details>
            <details class="cardcheck">
                <summary>{tx("check.title")}</summary>
                <div class="grid5">
                    {(0..5usize)
                        .map(|i| {
                            let label = move || {
                                if i < 4 {
                                    seat_label(lang.get(), [Seat::N, Seat::E, Seat::S, Seat::W][i]).to_string()
                                } else {
                                    t("check.kitty").to_string()
                                }
                            };
                            view! {
                                <label>
                                    {label}
                                    <input
                                        inputmode="numeric"
                                        prop:value=move || counts.get()[i].to_string()
                                        on:change=move |ev| {
                                            let n = event_target_value(&ev).trim().parse::<i32>().unwrap_or(0);
                                            counts.update(|c| c[i] = n);
                                        }
                                    />
                                </label>
                            }
                        })
                        .collect_view()}
                </div>
                {move || {
                    let c = counts.get();
                    let mut props: Vec<(String, Team, Option<Seat>, u32)> = Vec::new();
                    for (i, s) in [Seat::N, Seat::E, Seat::S, Seat::W].into_iter().enumerate() {
                        if c[i] != 0 {
                            props.push(("card_count".into(), s.team(), Some(s), c[i].unsigned_abs()));
                        }
                    }
                    if c[4] != 8 {
                        props.push(("kitty_count".into(), declarer.get(), None, 1));
                    }
                    if props.is_empty() {
                        return // The declarer is read only when the kitty count is off (so a commit does not
                        // rebuild this part).
                        view! { <p class="muted">{t("check.ok")}</p> }
                            .into_any();
                    }
                    view! {
                        <ul>
                            {props
                                .into_iter()
                                .map(|(kind, team, seat, cards)| {
                                    let known = preset.get().penalty_rule(&kind).is_some();
                                    let k2 = kind.clone();
                                    view! {
                                        <li>
                                            {penalty_name(lang.get(), &preset.get_untracked(), &kind)}" · "
                                            {crate::i18n::team_side(lang.get(), team)}
                                            {seat.map(|s| format!(" {}", seat_label(lang.get(), s)))}
                                            {known
                                                .then(|| {
                                                    view! {
                                                        <button
                                                            class="btn chip"
                                                            on:click=move |_| {
                                                                form.penalties
                                                                    .update(|ps| {
                                                                        ps.push(Penalty {
                                                                            team,
                                                                            kind: k2.clone(),
                                                                            cards,
                                                                            unit: None,
                                                                            points: None,
                                                                            seat,
                                                                            trick: None,
                                                                            note: t("check.title").to_string(),
                                                                        })
                                                                    })
                                                            }
                                                        >
                                                            {t("check.propose")}
                                                        </button>
                                                    }
                                                })}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                        .into_any()
                }}
            </details>
        </div>
    }
}

#[component]
fn DeclaringEditor(
    form: Form,
    preset: Signal<Preset>,
    countdown: RwSignal<Option<(TimedAction, f64)>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let seat = RwSignal::new(Seat::N);
    let err: RwSignal<Option<String>> = RwSignal::new(None);
    let add = move |code: String, rebury: bool| {
        let mut shows = form.shows.get_untracked();
        shows.push(Show { seat: seat.get_untracked(), what: code, rebury });
        match shengji::check_declaring(&preset.get_untracked().declaring, &shows) {
            Ok(()) => {
                form.shows.set(shows);
                err.set(None);
            }
            Err(e) => err.set(Some(e.reason)),
        }
    };
    view! {
        <div class="chips">
            {Seat::CCW
                .iter()
                .map(|s| {
                    let s = *s;
                    view! {
                        <button class="btn chip" class:selected=move || seat.get() == s on:click=move |_| seat.set(s)>
                            {move || seat_label(lang.get(), s)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <div class="chips">
            {move || {
                preset
                    .get()
                    .declaring
                    .order
                    .into_iter()
                    .flatten()
                    .map(|code| {
                        let c2 = code.clone();
                        view! {
                            <button class="btn chip" on:click=move |_| add(c2.clone(), false)>
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
                    .map(|s| {
                        view! {
                            <li>
                                {seat_label(lang.get(), s.seat)}" "{crate::i18n::show_name(lang.get(), &s.what)}
                                {s.rebury.then(|| format!(" · {}", t("decl.rebury")))}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
        <div class="actions">
            <button
                class="btn"
                id="rebury"
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            if let Some(l) = s.last_mut() {
                                l.rebury = true;
                            }
                        });
                    if preset.get_untracked().timing.bury_seconds.is_some() {
                        countdown.set(Some((TimedAction::Bury, now_ms())));
                    }
                }
            >
                {tx("decl.rebury")}
            </button>
            <button
                class="btn"
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            s.pop();
                        })
                }
            >
                {tx("decl.remove_last")}
            </button>
        </div>
        <p class="muted">
            {tx("decl.trump")}": "
            {move || {
                form.shows
                    .get()
                    .last()
                    .map(|s| crate::i18n::suit_name(lang.get(), &shengji::trump_of(&s.what)))
                    .unwrap_or("—")
            }} " · "{move || preset.get().declaring.none}
        </p>
    }
}

#[component]
fn History(
    v: Signal<Arc<ShengjiView>>,
    /// Whole replays so far (rows are keyed by it).
    epoch: Signal<u64>,
    preset: Signal<Preset>,
    teams: Signal<BTreeMap<Team, String>>,
    form: Form,
    locked: Signal<bool>,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = ctx().lang;
    // Long matches: the newest rows only, unless the referee asks for all (keeps a commit
    // on a 1,000-hand match from rebuilding thousands of rows).
    const SHOWN: usize = 50;
    let show_all = RwSignal::new(false);
    view! {
        <h2>{tx("hist.title")}</h2>
        <ol class="history" id="history" reversed>
            // Keyed by entry, replay epoch, language and layout: a commit adds one row and
            // drops the oldest shown instead of rebuilding the list; an edit or a delete
            // (a whole replay) renders every row again.
            <For
                each=move || {
                    let view = v.get();
                    let l = lang.get().code();
                    let ep = epoch.get();
                    let multi = view.games.len() > 1;
                    let limit = if show_all.get() { usize::MAX } else { SHOWN };
                    view.games
                        .iter()
                        .enumerate()
                        .rev()
                        .flat_map(|(gi, g)| g.rows.iter().enumerate().rev().map(move |(ri, r)| (gi, ri, r)))
                        .take(limit)
                        .map(|(gi, ri, r)| {
                            use std::hash::{Hash, Hasher};
                            let mut h = std::collections::hash_map::DefaultHasher::new();
                            (&r.entry_id, ep, l, multi).hash(&mut h);
                            (h.finish(), gi, ri, multi)
                        })
                        .collect::<Vec<_>>()
                }
                key=|(k, ..)| *k
                children=move |(_, gi, ri, multi)| {
                    let r = v.with_untracked(|v| v.games[gi].rows[ri].clone());
                    let l = lang.get_untracked();
                    let p = preset.get_untracked();
                    let tm = teams.get_untracked();
                    let id = r.entry_id.clone();
                    let id2 = id.clone();
                    let id3 = id.clone();
                    let hand = r.hand.clone();
                    let line = match &r.result {
                        Ok(o) => verdict_line(l, &p, o, &tm),
                        Err(e) => format!("⚠ {}", e.reason),
                    };
                    let levels = r
                        .result
                        .as_ref()
                        .ok()
                        .map(|o| format!("{} : {}", o.levels_after[&Team::A], o.levels_after[&Team::B]))
                        .unwrap_or_default();
                    let number = if multi { format!("{}-{}", gi + 1, r.number) } else { format!("#{}", r.number) };
                    let corrected = !r.corrected_ms.is_empty();
                    let open = RwSignal::new(false);
                    let body = move || {
                        open.get()
                            .then(|| {
                                let p = preset.get_untracked();
                                let details = match &r.result {
                                    Ok(o) => explain(l, &p, &r.hand, o),
                                    Err(_) => vec![],
                                };
                                let (hand, id, id2) = (hand.clone(), id.clone(), id2.clone());
                                // Only rows that are new on screen get here: copy just this one.
                                // The steps, times and actions are built when the row is opened: a commit
                                // (or opening a long match) builds one summary line per row.
                                view! {
                                    <ul class="explain">
                                        {details.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
                                    </ul>
                                    <p class="muted">
                                        {fmt_time(r.at_ms)}
                                        {r
                                            .corrected_ms
                                            .iter()
                                            .map(|c| format!(" · {} {}", t("hist.corrected"), fmt_time(*c)))
                                            .collect::<String>()}
                                    </p>
                                    <Show when=move || !locked.get()>
                                        <div class="actions">
                                            <button
                                                class="btn edit"
                                                on:click={
                                                    let hand = hand.clone();
                                                    let id = id.clone();
                                                    move |_| {
                                                        form.load(&hand, Some(id.clone()));
                                                        if let Some(el) = document().get_element_by_id("hand-entry") {
                                                            el.scroll_into_view();
                                                        }
                                                    }
                                                }
                                            >
                                                {tx("hist.edit")}
                                            </button>
                                            <button
                                                class="btn danger delete"
                                                on:click={
                                                    let id = id2.clone();
                                                    move |_| {
                                                        if window()
                                                            .confirm_with_message(t("hist.confirm_delete"))
                                                            .unwrap_or(false)
                                                        {
                                                            on_void(id.clone());
                                                        }
                                                    }
                                                }
                                            >
                                                {tx("hist.delete")}
                                            </button>
                                        </div>
                                    </Show>
                                }
                            })
                    };
                    view! {
                        <li class="hand-row" data-entry=id3>
                            <details on:toggle=move |ev| {
                                open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
                            }>
                                <summary>
                                    <span class="num">{number}</span>
                                    <span class="line">{line}</span>
                                    <span class="levels">{levels}</span>
                                    {corrected.then(|| view! { <span class="badge">{t("hist.corrected")}</span> })}
                                </summary>
                                {body}
                            </details>
                        </li>
                    }
                }
            />
        </ol>
        <Show when=move || !show_all.get() && v.with(|x| x.games.iter().map(|g| g.rows.len()).sum::<usize>() > SHOWN)>
            <button class="btn" id="history-all" on:click=move |_| show_all.set(true)>
                {tx("hist.show_all")}
            </button>
        </Show>
    }
}

#[component]
fn GameEnd(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<Arc<ShengjiView>>,
    teams: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    let next = move |_| {
        let Some(x) = m.get_untracked() else { return };
        let view = v.get_untracked();
        let loser = view.current().winner.map(|w| w.other()).unwrap_or(Team::A);
        let start = Start {
            levels: Team::BOTH.iter().map(|t| (*t, Rank::TWO)).collect(),
            declarer: Some(loser),
            dealer: Some(if loser == Team::A { Seat::N } else { Seat::E }),
        };
        if let Err(e) = commit(&x, Op::NextGame { start }) {
            io::alert(&e);
        }
    };
    view! {
        {move || {
            let view = v.get();
            let g = view.current();
            let tm = teams.get();
            if view.locked {
                return view! {
                    <div class="banner info" id="locked">
                        {t("end.locked")}
                    </div>
                }
                    .into_any();
            }
            let best_of = m.with(|x| x.as_ref().map(|x| setup_of(x).preset.timing.best_of).unwrap_or(1));
            view! {
                <div class="banner ok" id="game-winner">
                    <p class="big">
                        {g
                            .winner
                            .map(|w| {
                                format!(
                                    "{} {}{}",
                                    team_label(&tm, w),
                                    t("end.wins"),
                                    if g.by_time { format!(" ({})", t("end.by_time")) } else { String::new() },
                                )
                            })
                            .unwrap_or_default()}
                    </p>
                    {view
                        .series_winner
                        .map(|w| {
                            view! {
                                <p id="series-winner">
                                    {t("end.series")}": "{team_label(&tm, w)}" ("{view.series[&Team::A]}":"
                                    {view.series[&Team::B]}")"
                                </p>
                            }
                        })}
                    {(view.series_winner.is_none() && best_of > 1)
                        .then(|| {
                            view! {
                                <button class="btn primary" id="next-game" on:click=next>
                                    {t("end.next_game")}
                                </button>
                            }
                        })}
                </div>
            }
                .into_any()
        }}
    }
}

#[component]
fn ResultSheet(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<Arc<ShengjiView>>,
    teams: Signal<BTreeMap<Team, String>>,
    players: Signal<BTreeMap<Seat, String>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    view! {
        <details
            class="result-sheet"
            id="result-sheet"
            on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
        >
            <summary>{tx("sheet.title")}</summary>
            // Rendered while open only (a closed sheet costs nothing on each commit).
            {move || {
                open.get()
                    .then(|| {
                        let view = v.get();
                        let tm = teams.get();
                        let pl = players.get();
                        let l = lang.get();
                        view! {
                            <table class="sheet">
                                <tr>
                                    <th></th>
                                    {Team::BOTH
                                        .into_iter()
                                        .map(|team| view! { <th>{team_label(&tm, team)}</th> })
                                        .collect_view()}
                                </tr>
                                <tr>
                                    <td>{t("sheet.players")}</td>
                                    {Team::BOTH
                                        .into_iter()
                                        .map(|team| {
                                            let seats = match team {
                                                Team::A => [Seat::N, Seat::S],
                                                Team::B => [Seat::E, Seat::W],
                                            };
                                            view! {
                                                <td>
                                                    {seats
                                                        .iter()
                                                        .map(|s| {
                                                            format!(
                                                                "{} {}",
                                                                seat_label(l, *s),
                                                                pl.get(s).cloned().unwrap_or_default(),
                                                            )
                                                        })
                                                        .collect::<Vec<_>>()
                                                        .join(", ")}
                                                </td>
                                            }
                                        })
                                        .collect_view()}
                                </tr>
                                {view
                                    .games
                                    .iter()
                                    .enumerate()
                                    .map(|(i, g)| {
                                        view! {
                                            <tr>
                                                <td>
                                                    {t("sb.game")}" "{i + 1}" ("{g.rows.len()}" "{t("home.hands")}")"
                                                </td>
                                                {Team::BOTH
                                                    .into_iter()
                                                    .map(|team| {
                                                        view! {
                                                            <td>
                                                                {g.state.level(team).name()}
                                                                {(g.winner == Some(team))
                                                                    .then(|| {
                                                                        format!(
                                                                            " ✔{}",
                                                                            if g.by_time {
                                                                                format!(" ({})", t("end.by_time"))
                                                                            } else {
                                                                                String::new()
                                                                            },
                                                                        )
                                                                    })}
                                                            </td>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </tr>
                                        }
                                    })
                                    .collect_view()}
                                <tr>
                                    <td>{t("sheet.overruns")}</td>
                                    {Team::BOTH
                                        .into_iter()
                                        .map(|team| {
                                            view! {
                                                <td>
                                                    {view.overruns.iter().filter(|o| o.seat.team() == team).count()}
                                                </td>
                                            }
                                        })
                                        .collect_view()}
                                </tr>
                            </table>
                            <ul class="muted">
                                {view
                                    .overruns
                                    .iter()
                                    .map(|o| {
                                        view! {
                                            <li>
                                                {format!(
                                                    "{} {}-{} {} +{}s",
                                                    seat_label(l, o.seat),
                                                    o.game + 1,
                                                    o.hand,
                                                    if o.action == TimedAction::Bury {
                                                        t("timer.bury")
                                                    } else {
                                                        t("timer.play")
                                                    },
                                                    o.seconds,
                                                )}
                                            </li>
                                        }
                                    })
                                    .collect_view()}
                            </ul>
                            <super::ruling::RulingSteps m=m teams=teams />
                            {
                                view! {
                                    <crate::ui::widgets::SignOff
                                        locked=view.locked
                                        referee=referee
                                        reason=reason
                                        ids=["referee-name", "sign-off", "reopen"]
                                        act=act
                                    />
                                }
                            }
                        }
                    })
            }}
        </details>
    }
}
