//! Events (issue 8): the chief referee's tablet above single matches — event list and new
//! event (`/events`), and the event page (`/event/:id`): entrants, one tab per game offered
//! (format, draw, schedule with table assignments and each table's match, standings and
//! results with print and CSV), and the desk's sync of table files with side-by-side
//! conflicts. Domain logic is [`crate::tournament`]; this file only stores events
//! (`referee.event.<id>`, the versioned envelope of [`crate::tournament::store_event`]) and
//! draws the screens.

use super::{create_match, ctx, fmt_time, io, new_id, now_ms, t, tx};
use crate::i18n::{game_name, seat_name, team_side, tr, Action, Lang};
use crate::record::{Entry, HandInput, Match, Op};
use crate::store;
use crate::tournament::standings::{FixtureResult, Standings};
use crate::tournament::{
    self as tm, builtin_formats, draw, output, schedule, standings, sync, tables, Competition, Entrant, EntrantKind,
    Event, Format, Primary, SeatRule, Slot,
};
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_params_map};
use wasm_bindgen::{JsCast, JsValue};

// ---------------------------------------------------------------------------------------
// Storage: one key per event
// ---------------------------------------------------------------------------------------

/// Longest text of an entrant's member list: [`tm::MAX_MEMBERS`] names of
/// [`tm::MAX_NAME`] characters with a separator (", ") between each two.
const MEMBERS_TEXT_MAX: usize = tm::MAX_MEMBERS * (tm::MAX_NAME + 2);

/// Prefix of event keys.
pub const EVENT_PREFIX: &str = "referee.event.";

/// Owned copies of the shared matches (the tournament functions take `&[Match]`).
fn owned(ms: &[std::sync::Arc<Match>]) -> Vec<Match> {
    ms.iter().map(|m| (**m).clone()).collect()
}

fn raw() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn event_key(id: &str) -> String {
    format!("{EVENT_PREFIX}{id}")
}

/// Every stored event, newest first; unreadable values are moved aside
/// ([`store::quarantine`]) and reported as text.
pub fn load_events() -> (Vec<Event>, Vec<String>) {
    let mut out = Vec::new();
    let mut bad: Vec<store::Quarantined> = Vec::new();
    let Some(s) = raw() else { return (out, Vec::new()) };
    for key in store::keys() {
        if !key.starts_with(EVENT_PREFIX) {
            continue;
        }
        let Some(text) = s.get_item(&key).ok().flatten() else { continue };
        match tm::load_event(&text) {
            Ok(e) if event_key(&e.id) == key => out.push(e),
            Ok(e) => bad.push(store::quarantine(&key, &text, &format!("the event inside has id {:?}", e.id), now_ms())),
            Err(e) => bad.push(store::quarantine(&key, &text, &e.to_string(), now_ms())),
        }
    }
    out.sort_by(|a, b| b.created_ms.total_cmp(&a.created_ms));
    (out, bad.into_iter().map(|q| format!("{} → {}: {}", q.key, q.moved_to, q.error)).collect())
}

/// Reads one event. `Ok(None)` when absent.
pub fn read_event(id: &str) -> Result<Option<Event>, String> {
    match raw().and_then(|s| s.get_item(&event_key(id)).ok().flatten()) {
        None => Ok(None),
        Some(text) => tm::load_event(&text).map(Some).map_err(|e| e.to_string()),
    }
}

/// Writes an event (translated error on failure, naming an event change; nothing changes
/// then).
pub fn save_event(e: &Event) -> Result<(), String> {
    save_event_as(e, Action::Event)
}

/// Writes an event; the error names `action` (an import of an event file, of the tables'
/// files at the desk).
fn save_event_as(e: &Event, action: Action) -> Result<(), String> {
    let s =
        raw().ok_or_else(|| super::save_error(action, &store::StoreError::Unavailable("no localStorage".into())))?;
    s.set_item(&event_key(&e.id), &tm::store_event(e)).map_err(|err| {
        let name = js_sys::Reflect::get(&err, &"name".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
        let err = if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
            store::StoreError::Full
        } else {
            store::StoreError::Unavailable(io::js_error_text(&err))
        };
        super::save_error(action, &err)
    })
}

/// Removes an event (its matches stay).
pub fn delete_event(id: &str) {
    if let Some(s) = raw() {
        let _ = s.remove_item(&event_key(id));
    }
}

/// Downloads `text` as a file.
fn download(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    let doc = document();
    if let Ok(a) = doc.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        let _ = doc.body().map(|b| b.append_child(&a));
        a.click();
        a.remove();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

fn safe_name(s: &str) -> String {
    s.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { '_' }).collect()
}

// ---------------------------------------------------------------------------------------
// Text helpers
// ---------------------------------------------------------------------------------------

fn kind_name(l: Lang, k: EntrantKind) -> &'static str {
    tr(
        l,
        match k {
            EntrantKind::Player => "ev.kind.player",
            EntrantKind::Pair => "ev.kind.pair",
            EntrantKind::Team => "ev.kind.team",
        },
    )
}

/// A game preset's name: the table's translation, else (Chinese screens) the preset's own
/// name, else its id.
fn preset_label(l: Lang, game: &str, id: &str) -> String {
    if let Some(n) = crate::i18n::preset_name(l, id) {
        return n.to_string();
    }
    if l != Lang::En {
        let own = crate::record::game::GameId::parse(game).and_then(|g| g.preset_name(id));
        if let Some(n) = own {
            return n;
        }
    }
    id.to_string()
}

fn format_name(l: Lang, id: &str) -> String {
    crate::i18n::lookup(l, &format!("ev.fmt.{id}")).map(str::to_string).unwrap_or_else(|| id.to_string())
}

fn format_text(l: Lang, f: &Format) -> String {
    match f {
        Format::RoundRobin { max_rounds } => {
            let mut s = tr(l, "ev.f.rr").to_string();
            if let Some(n) = max_rounds {
                s.push_str(&format!(" ({})", tr(l, "ev.f.first_rounds").replace("{n}", &n.to_string())));
            }
            s
        }
        Format::Knockout { best_of, long_rounds, long_best_of } => {
            let mut s =
                format!("{} · {}", tr(l, "ev.f.ko"), tr(l, "ev.f.best_of").replace("{n}", &best_of.to_string()));
            if *long_rounds > 0 && long_best_of != best_of {
                s.push_str(&format!(
                    "; {}",
                    tr(l, "ev.f.long")
                        .replace("{k}", &long_rounds.to_string())
                        .replace("{n}", &long_best_of.to_string())
                ));
            }
            s
        }
        Format::Groups { size } => tr(l, "ev.f.groups").replace("{n}", &size.to_string()),
    }
}

fn primary_text(l: Lang, p: &Primary) -> String {
    match p {
        Primary::MatchPoints { win, draw, loss, forfeit } => tr(l, "ev.p.match")
            .replace("{w}", &win.to_string())
            .replace("{d}", &draw.to_string())
            .replace("{l}", &loss.to_string())
            .replace("{f}", &forfeit.to_string()),
        Primary::GamePoints { win, loss, forfeit, games } => tr(l, "ev.p.game")
            .replace("{w}", &win.to_string())
            .replace("{l}", &loss.to_string())
            .replace("{f}", &forfeit.to_string())
            .replace("{g}", &games.to_string()),
        Primary::Points => tr(l, "ev.p.points").to_string(),
    }
}

fn scoring_lines(l: Lang, c: &Competition) -> Vec<String> {
    let mut v = vec![format!("{}: {}", tr(l, "ev.scoring"), primary_text(l, &c.scoring.primary))];
    if !c.scoring.tie_breaks.is_empty() {
        v.push(format!(
            "{}: {}",
            tr(l, "ev.tie_breaks"),
            c.scoring.tie_breaks.iter().map(|x| output::tie_break_name(l, *x)).collect::<Vec<_>>().join(" → ")
        ));
    }
    v.push(tr(l, "ev.playoff_rule").to_string());
    if let Some([w, lo]) = c.scoring.forfeit_score {
        v.push(format!("{}: {w}:{lo}", tr(l, "ev.forfeit_score")));
    }
    if let Some(n) = c.scoring.forfeits_cancel {
        v.push(format!(
            "{} ({})",
            tr(l, "ev.forfeits_cancel").replace("{n}", &n.to_string()),
            tr(l, if c.scoring.cancel_keeps_opponents { "ev.cancel_keeps" } else { "ev.cancel_all" })
        ));
    }
    v.push(format!(
        "{}: {}",
        tr(l, "ev.seats"),
        tr(l, if c.seat_rule == SeatRule::Balanced { "ev.seat.balanced" } else { "ev.seat.lower_draw" })
    ));
    v
}

fn slot_name(l: Lang, e: &Event, r: Option<&FixtureResult>, k: usize, s: &Slot) -> String {
    match (r.and_then(|r| r.sides.get(k).cloned().flatten()), s) {
        (Some(id), _) => e.entrant_name(&id),
        (None, Slot::Bye) => tr(l, "ev.bye").to_string(),
        (None, Slot::Winner { fixture }) => tr(l, "ev.winner_of").replace("{f}", fixture),
        (None, Slot::Entrant { id }) => e.entrant_name(id),
    }
}

/// A log entry as the referee reads it (for the side-by-side conflict view).
/// One choice between two versions of an entry (a differing entry, or a fork): this
/// device's and the file's side by side, each with its button; `choose` records the choice.
/// Shared by the event's sync page and the home import.
pub(crate) fn conflict_item(
    l: Lang,
    m: Option<&Match>,
    cf: &sync::Conflict,
    head: String,
    choose: impl Fn(sync::Choice) + Clone + Send + Sync + 'static,
) -> impl IntoView {
    let keep = choose.clone();
    view! {
        <li class="conflict" data-match=cf.match_id.clone() data-entry=cf.local.id.clone()>
            <p>
                <strong>{head}</strong>
            </p>
            <div class="side-by-side">
                <div class="version local">
                    <h4>{tr(l, "ev.sync.local")}</h4>
                    <p class="desc">{describe(l, m, &cf.local)}</p>
                    <p class="muted">{fmt_time(cf.local.at_ms)}</p>
                    <button class="btn keep-local" on:click=move |_| keep(sync::Choice::Local)>
                        {tr(l, "ev.sync.keep_local")}
                    </button>
                </div>
                <div class="version incoming">
                    <h4>{tr(l, "ev.sync.file")}</h4>
                    <p class="desc">{describe(l, m, &cf.incoming)}</p>
                    <p class="muted">{fmt_time(cf.incoming.at_ms)}</p>
                    <button class="btn primary take-file" on:click=move |_| choose(sync::Choice::Incoming)>
                        {tr(l, "ev.sync.take_file")}
                    </button>
                </div>
            </div>
        </li>
    }
}

/// One entry in words, for a side-by-side choice between two versions.
pub(crate) fn describe(l: Lang, m: Option<&Match>, e: &Entry) -> String {
    let hand_text = |h: &HandInput| -> String {
        match h {
            HandInput::Guandan(g) => {
                let name = |s: crate::rules::Seat| {
                    let p = m.and_then(|m| match &m.setup {
                        crate::record::Setup::Guandan(x) => x.players.get(&s).cloned(),
                        _ => None,
                    });
                    match p.filter(|p| !p.is_empty()) {
                        Some(p) => format!("{} {p}", seat_name(l, s)),
                        None => seat_name(l, s).to_string(),
                    }
                };
                if let Some(f) = &g.forfeit {
                    format!("{}: {}", tr(l, "ev.sync.forfeit"), team_side(l, f.team))
                } else {
                    format!(
                        "{}: {}",
                        tr(l, "ev.sync.order"),
                        g.order.seats().iter().map(|s| name(*s)).collect::<Vec<_>>().join(" → ")
                    )
                }
            }
            HandInput::Shengji(s) => format!("{}: {}", tr(l, "ev.sync.points"), s.points),
            other => {
                let j = crate::json::to_string(other).unwrap_or_default();
                j.chars().take(200).collect()
            }
        }
    };
    let number =
        m.and_then(|m| m.entries.iter().filter(|x| matches!(x.op, Op::Hand { .. })).position(|x| x.id == e.id));
    let op = crate::i18n::op_name(l, &e.op);
    let body = match &e.op {
        Op::Hand { hand } => hand_text(hand),
        Op::Correct { hand, .. } => hand_text(hand),
        Op::Void { target, reason } => format!("{target} {reason}"),
        other => crate::json::to_string(other).unwrap_or_default().chars().take(200).collect(),
    };
    match number {
        Some(n) => format!("{op} #{} · {body}", n + 1),
        None => format!("{op} · {body}"),
    }
}

// ---------------------------------------------------------------------------------------
// Event list
// ---------------------------------------------------------------------------------------

/// `/events`: events on this device, a new event, and importing an event file.
#[component]
pub fn Events() -> impl IntoView {
    let loaded = load_events();
    let events = RwSignal::new(loaded.0);
    let problems = RwSignal::new(loaded.1);
    // Read again when another tab saved an event.
    let changed = ctx().events_changed;
    Effect::new(move |first: Option<()>| {
        changed.track();
        if first.is_some() {
            let (list, bad) = load_events();
            events.set(list);
            if !bad.is_empty() {
                problems.update(|p| p.extend(bad));
            }
        }
    });
    let name = RwSignal::new(String::new());
    let dates = RwSignal::new(String::new());
    let venue = RwSignal::new(String::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let info: RwSignal<Option<String>> = RwSignal::new(None);
    let navigate = use_navigate();
    let create = move |_| {
        let n = name.get_untracked().trim().to_string();
        if n.is_empty() {
            error.set(Some(t("ev.name_needed").to_string()));
            return;
        }
        let mut e = Event::new(&new_id("ev"), &n, now_ms());
        e.dates = dates.get_untracked().trim().to_string();
        e.venue = venue.get_untracked().trim().to_string();
        if let Err(x) = tm::validate_event(&e) {
            error.set(Some(x.to_string()));
            return;
        }
        match save_event(&e) {
            Ok(()) => navigate(&format!("/event/{}", e.id), Default::default()),
            Err(x) => error.set(Some(x)),
        }
    };
    let on_file = move |ev: leptos::ev::Event| {
        error.set(None);
        info.set(None);
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        input.set_value("");
        let fname = file.name();
        leptos::task::spawn_local(async move {
            let text = match io::read_text(&file).await {
                Ok(text) => text,
                Err(e) => {
                    error.set(Some(format!("{fname}: {e}")));
                    return;
                }
            };
            match tm::load_event(&text) {
                Err(e) => error.set(Some(format!("{fname}: {} — {e}", t("import.invalid")))),
                Ok(e) => match save_event_as(&e, Action::Import) {
                    Ok(()) => {
                        info.set(Some(format!("{fname}: {} {}", t("ev.imported"), e.name)));
                        events.set(load_events().0);
                    }
                    Err(x) => error.set(Some(x)),
                },
            }
        });
    };
    view! {
        <section class="page events">
            <h1>{tx("ev.title")}</h1>
            <Show when=move || !problems.with(|p| p.is_empty())>
                <div class="banner warn" role="alert">
                    <strong>{tx("home.quarantine")}</strong>
                    <ul>{move || problems.get().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
                </div>
            </Show>
            <Show
                when=move || !events.with(|e| e.is_empty())
                fallback=move || view! { <p class="empty">{tx("ev.none")}</p> }
            >
                <ul class="match-list" id="event-list">
                    {move || {
                        events
                            .get()
                            .into_iter()
                            .map(|e| {
                                let sub = format!(
                                    "{} · {} {} · {} {}",
                                    e.dates,
                                    e.entrants.len(),
                                    t("ev.entrants_n"),
                                    e.competitions.len(),
                                    t("ev.games_n"),
                                );
                                view! {
                                    <li>
                                        <A href=format!("/event/{}", e.id) attr:class="match-link">
                                            <span class="title">{e.name.clone()}</span>
                                            <span class="sub">{sub}</span>
                                            <span class="time">{fmt_time(e.created_ms)}</span>
                                        </A>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </Show>
            <h2>{tx("ev.new")}</h2>
            <div class="new-form">
                <label class="field-label" for="ev-name">
                    {tx("ev.name")}
                </label>
                <input
                    id="ev-name"
                    maxlength=tm::MAX_NAME
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
                <div class="two">
                    <div>
                        <label class="field-label" for="ev-dates">
                            {tx("ev.dates")}
                        </label>
                        <input
                            id="ev-dates"
                            maxlength=tm::MAX_NAME
                            placeholder="2024-05-01"
                            prop:value=move || dates.get()
                            on:input=move |ev| dates.set(event_target_value(&ev))
                        />
                    </div>
                    <div>
                        <label class="field-label" for="ev-venue">
                            {tx("ev.venue")}
                        </label>
                        <input
                            id="ev-venue"
                            maxlength=tm::MAX_NAME
                            prop:value=move || venue.get()
                            on:input=move |ev| venue.set(event_target_value(&ev))
                        />
                    </div>
                </div>
                {move || {
                    error
                        .get()
                        .map(|e| {
                            view! {
                                <div class="banner error" role="alert" id="ev-error">
                                    {e}
                                </div>
                            }
                        })
                }}
                {move || {
                    info.get()
                        .map(|e| {
                            view! {
                                <div class="banner ok" role="status">
                                    {e}
                                </div>
                            }
                        })
                }}
                <button class="btn primary big" id="ev-create" on:click=create>
                    {tx("ev.create")}
                </button>
            </div>
            <h2>{tx("ev.import_event")}</h2>
            <p class="muted">{tx("ev.import_event_help")}</p>
            <label class="btn file">
                {tx("ev.import_event")}
                <input type="file" id="ev-import" accept="application/json,.json" on:change=on_file />
            </label>
        </section>
    }
}

// ---------------------------------------------------------------------------------------
// Event page
// ---------------------------------------------------------------------------------------

/// The event being edited, with write-through saving and one message line.
#[derive(Clone, Copy)]
struct Ev {
    ev: RwSignal<Option<Event>>,
    msg: RwSignal<Option<(bool, String)>>,
}

impl Ev {
    fn now(&self) -> Option<Event> {
        self.ev.get_untracked()
    }
    /// Applies `f` to a copy of the event as stored now, validates, saves, then shows it and
    /// clears the message line (an earlier error no longer applies). `false` (and a
    /// message) on error; nothing changes then. The stored copy, not the
    /// one shown, is edited, so what another tab saved meanwhile is kept (edits name
    /// entrants, competitions and fixtures by id). A stored value that no longer reads is
    /// moved aside and reported ([`store::quarantine`]) before the shown copy is saved.
    fn mutate(&self, f: impl FnOnce(&mut Event) -> Result<(), String>) -> bool {
        let Some(shown) = self.now() else { return false };
        let key = event_key(&shown.id);
        let stored = raw().and_then(|s| s.get_item(&key).ok().flatten());
        let mut e = match stored.as_deref().map(tm::load_event) {
            Some(Ok(x)) if x.id == shown.id => x,
            Some(r) => {
                let why = match r {
                    Ok(x) => format!("the event inside has id {:?}", x.id),
                    Err(x) => x.to_string(),
                };
                let q = store::quarantine(&key, stored.as_deref().unwrap_or_default(), &why, now_ms());
                ctx().quarantined.update(|v| v.push(q));
                shown
            }
            None => shown,
        };
        if let Err(x) = f(&mut e) {
            self.msg.set(Some((true, x)));
            return false;
        }
        if let Err(x) = tm::validate_event(&e) {
            self.msg.set(Some((true, x.to_string())));
            return false;
        }
        match save_event(&e) {
            Ok(()) => {
                self.msg.set(None);
                self.ev.set(Some(e));
                true
            }
            Err(x) => {
                self.msg.set(Some((true, x)));
                false
            }
        }
    }
    /// Shows an error on the message line (until the next successful change).
    fn error(&self, s: impl Into<String>) {
        self.msg.set(Some((true, s.into())));
    }
    /// Shows what an action did on the message line.
    fn ok(&self, s: impl Into<String>) {
        self.msg.set(Some((false, s.into())));
    }
}

/// `/event/:id`.
#[component]
pub fn EventPage() -> impl IntoView {
    let params = use_params_map();
    let id = Memo::new(move |_| params.read().get("id").unwrap_or_default());
    let ev = Ev { ev: RwSignal::new(None), msg: RwSignal::new(None) };
    let load_error: RwSignal<Option<String>> = RwSignal::new(None);
    // Read again when another tab saved an event.
    let changed = ctx().events_changed;
    Effect::new(move |_| {
        changed.track();
        match read_event(&id.get()) {
            Ok(e) => {
                if ev.ev.with_untracked(|x| *x != e) {
                    ev.ev.set(e);
                }
            }
            Err(x) => load_error.set(Some(x)),
        }
    });
    let tab = RwSignal::new("entrants".to_string());
    view! {
        <Show
            when=move || ev.ev.with(|e| e.is_some())
            fallback=move || {
                view! {
                    <section class="page">
                        <p class="empty" id="event-missing">
                            {tx("ev.missing")}
                            " "
                            <code>{move || id.get()}</code>
                        </p>
                        {move || {
                            load_error
                                .get()
                                .map(|e| {
                                    view! {
                                        <div class="banner error" role="alert">
                                            {e}
                                        </div>
                                    }
                                })
                        }}
                        <A href="/events" attr:class="btn">
                            {tx("nav.events")}
                        </A>
                    </section>
                }
            }
        >
            <EventBody ev=ev tab=tab />
        </Show>
    }
}

#[component]
fn EventBody(ev: Ev, tab: RwSignal<String>) -> impl IntoView {
    let lang = ctx().lang;
    let head = move || {
        ev.ev.with(|e| e.as_ref().map(|e| (e.name.clone(), e.dates.clone(), e.venue.clone())).unwrap_or_default())
    };
    let tabs = move || {
        ev.ev.with(|e| {
            e.as_ref()
                .map(|e| e.competitions.iter().map(|c| (c.id.clone(), c.name.clone())).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    let conflicts = move || ev.ev.with(|e| e.as_ref().map(|e| e.conflicts.len()).unwrap_or(0));
    let edit = move |field: &'static str| {
        move |x: leptos::ev::Event| {
            let v = event_target_value(&x).trim().to_string();
            ev.mutate(|e| {
                match field {
                    "name" if !v.is_empty() => e.name = v,
                    "dates" => e.dates = v,
                    "venue" => e.venue = v,
                    _ => {}
                }
                Ok(())
            });
        }
    };
    let navigate = use_navigate();
    let remove = move |_| {
        let Some(e) = ev.now() else { return };
        if window().confirm_with_message(t("ev.confirm_delete")).unwrap_or(false) {
            delete_event(&e.id);
            navigate("/events", Default::default());
        }
    };
    view! {
        <section class="page event" id="event-page">
            <header class="ev-head">
                <h1 id="ev-title">{move || head().0}</h1>
                <p class="muted">
                    {move || {
                        let (_, d, v) = head();
                        [d, v].into_iter().filter(|x| !x.is_empty()).collect::<Vec<_>>().join(" · ")
                    }}
                </p>
            </header>
            <details class="ev-edit no-print">
                <summary>{tx("ev.edit")}</summary>
                <label class="field-label">{tx("ev.name")}</label>
                <input id="ev-edit-name" maxlength=tm::MAX_NAME prop:value=move || head().0 on:change=edit("name") />
                <div class="two">
                    <div>
                        <label class="field-label">{tx("ev.dates")}</label>
                        <input maxlength=tm::MAX_NAME prop:value=move || head().1 on:change=edit("dates") />
                    </div>
                    <div>
                        <label class="field-label">{tx("ev.venue")}</label>
                        <input maxlength=tm::MAX_NAME prop:value=move || head().2 on:change=edit("venue") />
                    </div>
                </div>
                <div class="actions">
                    <button
                        class="btn"
                        id="export-event"
                        on:click=move |_| {
                            if let Some(e) = ev.now() {
                                download(
                                    &format!("referee-event-{}.json", safe_name(&e.name)),
                                    "application/json",
                                    &tm::store_event(&e),
                                );
                            }
                        }
                    >
                        {tx("ev.export_event")}
                    </button>
                    <button class="btn" on:click=remove>
                        {tx("ev.delete")}
                    </button>
                </div>
            </details>
            {move || {
                ev.msg
                    .get()
                    .map(|(err, m)| {
                        view! {
                            <div
                                class=if err { "banner error no-print" } else { "banner ok no-print" }
                                role="status"
                                id="ev-msg"
                            >
                                <span>{m}</span>
                                " "
                                <button class="btn chip" on:click=move |_| ev.msg.set(None)>
                                    "×"
                                </button>
                            </div>
                        }
                    })
            }}
            <div class="chips ev-tabs no-print" role="tablist">
                <button
                    class="btn chip"
                    role="tab"
                    data-tab="entrants"
                    class:selected=move || tab.get() == "entrants"
                    on:click=move |_| tab.set("entrants".into())
                >
                    {tx("ev.tab.entrants")}
                </button>
                {move || {
                    tabs()
                        .into_iter()
                        .map(|(id, name)| {
                            let id2 = id.clone();
                            let id3 = id.clone();
                            view! {
                                <button
                                    class="btn chip"
                                    role="tab"
                                    data-tab=id
                                    class:selected=move || tab.get() == id2
                                    on:click=move |_| tab.set(id3.clone())
                                >
                                    {name}
                                </button>
                            }
                        })
                        .collect_view()
                }}
                <button
                    class="btn chip"
                    role="tab"
                    data-tab="add"
                    class:selected=move || tab.get() == "add"
                    on:click=move |_| tab.set("add".into())
                >
                    "+ "
                    {tx("ev.tab.add")}
                </button>
                <button
                    class="btn chip"
                    role="tab"
                    data-tab="sync"
                    class:selected=move || tab.get() == "sync"
                    on:click=move |_| tab.set("sync".into())
                >
                    {tx("ev.tab.sync")}
                    {move || {
                        (conflicts() > 0)
                            .then(|| {
                                view! {
                                    <span class="badge" id="conflict-count">
                                        {conflicts()}
                                    </span>
                                }
                            })
                    }}
                </button>
            </div>
            {move || {
                let which = tab.get();
                let _ = lang;
                match which.as_str() {
                    "entrants" => view! { <EntrantsTab ev=ev /> }.into_any(),
                    "add" => view! { <AddCompetition ev=ev tab=tab /> }.into_any(),
                    "sync" => view! { <SyncTab ev=ev /> }.into_any(),
                    cid => view! { <CompetitionTab ev=ev cid=cid.to_string() tab=tab /> }.into_any(),
                }
            }}
        </section>
    }
}

// ---------------------------------------------------------------------------------------
// Entrants
// ---------------------------------------------------------------------------------------

#[component]
fn EntrantsTab(ev: Ev) -> impl IntoView {
    let lang = ctx().lang;
    let kind = RwSignal::new(EntrantKind::Team);
    let bulk = RwSignal::new(String::new());
    let unit = RwSignal::new(String::new());
    let add = move |_| {
        let text = bulk.get_untracked();
        let k = kind.get_untracked();
        let u = unit.get_untracked().trim().to_string();
        let l = lang.get_untracked();
        if text.trim().is_empty() {
            ev.error(t("ev.en.none_given"));
            return;
        }
        if ev.mutate(|e| tm::add_entrant_lines(e, &text, k, &u).map(|_| ()).map_err(|x| entrants_error_text(l, &x))) {
            bulk.set(String::new());
        }
    };
    let entrants = move || ev.ev.with(|e| e.as_ref().map(|e| e.entrants.clone()).unwrap_or_default());
    let used = move |id: &str| {
        ev.ev.with_untracked(|e| {
            e.as_ref().is_some_and(|e| e.competitions.iter().any(|c| c.entrants.iter().any(|x| x == id)))
        })
    };
    view! {
        <section class="ev-entrants">
            <h2>{tx("ev.tab.entrants")}" ("{move || entrants().len()}")"</h2>
            <table class="sheet entrants" id="entrants">
                <thead>
                    <tr>
                        <th>"#"</th>
                        <th>{tx("ev.col.entrant")}</th>
                        <th>{tx("ev.kind")}</th>
                        <th>{tx("ev.members")}</th>
                        <th>{tx("ev.col.unit")}</th>
                        <th class="no-print"></th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        entrants()
                            .into_iter()
                            .enumerate()
                            .map(|(i, en)| {
                                let id = en.id.clone();
                                let (id_n, id_m, id_u, id_d) = (id.clone(), id.clone(), id.clone(), id.clone());
                                view! {
                                    <tr data-entrant=id.clone()>
                                        <td>{i + 1}</td>
                                        <td>
                                            <input
                                                class="en-name"
                                                maxlength=tm::MAX_NAME
                                                prop:value=en.name.clone()
                                                on:change=move |x| {
                                                    let v = event_target_value(&x).trim().to_string();
                                                    let id = id_n.clone();
                                                    ev.mutate(|e| {
                                                        if let Some(en) = e.entrants.iter_mut().find(|en| en.id == id) {
                                                            if !v.is_empty() {
                                                                en.name = v;
                                                            }
                                                        }
                                                        Ok(())
                                                    });
                                                }
                                            />
                                        </td>
                                        <td>{move || kind_name(lang.get(), en.kind)}</td>
                                        <td>
                                            <input
                                                class="en-members"
                                                maxlength=MEMBERS_TEXT_MAX
                                                prop:value=en.members.join(", ")
                                                on:change=move |x| {
                                                    let v = event_target_value(&x);
                                                    let id = id_m.clone();
                                                    ev.mutate(|e| {
                                                        if let Some(en) = e.entrants.iter_mut().find(|en| en.id == id) {
                                                            en.members = tm::split_members(&v);
                                                        }
                                                        Ok(())
                                                    });
                                                }
                                            />
                                        </td>
                                        <td>
                                            <input
                                                class="en-unit"
                                                maxlength=tm::MAX_NAME
                                                prop:value=en.unit.clone()
                                                on:change=move |x| {
                                                    let v = event_target_value(&x).trim().to_string();
                                                    let id = id_u.clone();
                                                    ev.mutate(|e| {
                                                        if let Some(en) = e.entrants.iter_mut().find(|en| en.id == id) {
                                                            en.unit = v;
                                                        }
                                                        Ok(())
                                                    });
                                                }
                                            />
                                        </td>
                                        <td class="no-print">
                                            <button
                                                class="btn chip"
                                                on:click=move |_| {
                                                    let id = id_d.clone();
                                                    if used(&id) {
                                                        ev.error(t("ev.en.in_use"));
                                                        return;
                                                    }
                                                    ev.mutate(|e| {
                                                        e.entrants.retain(|x| x.id != id);
                                                        Ok(())
                                                    });
                                                }
                                            >
                                                "×"
                                            </button>
                                        </td>
                                    </tr>
                                }
                            })
                            .collect_view()
                    }}
                </tbody>
            </table>
            <h3>{tx("ev.en.add")}</h3>
            <div class="chips" role="radiogroup">
                {[EntrantKind::Team, EntrantKind::Pair, EntrantKind::Player]
                    .into_iter()
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                data-kind=format!("{k:?}").to_lowercase()
                                class:selected=move || kind.get() == k
                                on:click=move |_| kind.set(k)
                            >
                                {move || kind_name(lang.get(), k)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label" for="en-bulk">
                {tx("ev.en.bulk")}
            </label>
            <textarea
                id="en-bulk"
                rows="6"
                placeholder=move || t("ev.en.bulk_example")
                prop:value=move || bulk.get()
                on:input=move |x| bulk.set(event_target_value(&x))
            ></textarea>
            <label class="field-label" for="en-unit">
                {tx("ev.col.unit")}
            </label>
            <input
                id="en-unit"
                maxlength=tm::MAX_NAME
                prop:value=move || unit.get()
                on:input=move |x| unit.set(event_target_value(&x))
            />
            <button class="btn primary" id="en-add" on:click=add>
                {tx("ev.en.add")}
            </button>
        </section>
    }
}

// ---------------------------------------------------------------------------------------
// A new competition (game offered)
// ---------------------------------------------------------------------------------------

#[component]
fn AddCompetition(ev: Ev, tab: RwSignal<String>) -> impl IntoView {
    let lang = ctx().lang;
    let formats = builtin_formats();
    let format_id = RwSignal::new(formats[0].id.clone());
    let game = RwSignal::new(formats[0].game.clone());
    let preset = RwSignal::new(formats[0].preset_id.clone());
    let name = RwSignal::new(String::new());
    let formats2 = formats.clone();
    let pick = move |id: String| {
        if let Some(f) = formats2.iter().find(|f| f.id == id) {
            game.set(f.game.clone());
            preset.set(f.preset_id.clone());
        }
        format_id.set(id);
    };
    let create = move |_| {
        let Some(f) = tm::builtin_format(&format_id.get_untracked()) else { return };
        let g = game.get_untracked();
        let groups = matches!(f.format, Format::Groups { .. });
        if groups != crate::record::game::GameId::parse(&g).is_some_and(|g| g.session()) {
            ev.error(t("ev.add.game_format"));
            return;
        }
        let mut new_id_out = String::new();
        let nm = name.get_untracked().trim().to_string();
        let ok = ev.mutate(|e| {
            let id = e.next_competition_id();
            let ids = e.entrants.iter().filter(|x| x.kind.fits(f.kind)).map(|x| x.id.clone()).collect();
            let label = if nm.is_empty() {
                format!("{} {}", game_name(lang.get_untracked(), &g), format_name(lang.get_untracked(), &f.id))
            } else {
                nm.clone()
            };
            let mut c = f.competition(&id, &label.chars().take(tm::MAX_NAME).collect::<String>(), ids);
            c.game = g.clone();
            c.preset_id = preset.get_untracked();
            new_id_out = id;
            e.competitions.push(c);
            Ok(())
        });
        if ok {
            name.set(String::new());
            tab.set(new_id_out);
        }
    };
    view! {
        <section class="ev-add new-form">
            <h2>{tx("ev.tab.add")}</h2>
            <label class="field-label" for="comp-format">
                {tx("ev.add.format")}
            </label>
            <select id="comp-format" on:change=move |x| pick(event_target_value(&x))>
                {formats
                    .iter()
                    .map(|f| {
                        let id = f.id.clone();
                        let id2 = f.id.clone();
                        let val = f.id.clone();
                        view! {
                            <option value=val selected=move || format_id.get() == id2>
                                {move || {
                                    format!(
                                        "{} — {}",
                                        format_name(lang.get(), &id),
                                        tm::builtin_format(&id).map(|f| f.source).unwrap_or_default(),
                                    )
                                }}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <p class="muted">
                {move || {
                    tm::builtin_format(&format_id.get())
                        .map(|f| {
                            let c = f.competition("x", "", vec![]);
                            let l = lang.get();
                            let mut v = vec![
                                format!("{}: {}", tr(l, "ev.kind"), kind_name(l, f.kind)),
                                format_text(l, &f.format),
                            ];
                            if f.legs > 1 {
                                v.push(tr(l, "ev.legs").replace("{n}", &f.legs.to_string()));
                            }
                            v.extend(scoring_lines(l, &c));
                            if !f.readings.is_empty() {
                                v.push(format!("{}: {}", tr(l, "preset.readings"), f.readings.join(", ")));
                            }
                            v.join(" · ")
                        })
                }}
            </p>
            <div class="two">
                <div>
                    <label class="field-label" for="comp-game">
                        {tx("ev.add.game")}
                    </label>
                    <select
                        id="comp-game"
                        on:change=move |x| {
                            let g = event_target_value(&x);
                            preset.set(tm::preset_ids(&g).into_iter().next().unwrap_or_default());
                            game.set(g);
                        }
                    >
                        {crate::record::game::GameId::ALL
                            .into_iter()
                            .map(|g| g.as_str())
                            .map(|g| {
                                view! {
                                    <option value=g selected=move || game.get() == g>
                                        {move || game_name(lang.get(), g)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </div>
                <div>
                    <label class="field-label" for="comp-preset">
                        {tx("new.preset")}
                    </label>
                    <select id="comp-preset" on:change=move |x| preset.set(event_target_value(&x))>
                        {move || {
                            tm::preset_ids(&game.get())
                                .into_iter()
                                .map(|p| {
                                    let p2 = p.clone();
                                    let p3 = p.clone();
                                    view! {
                                        <option value=p selected=move || preset.get() == p2>
                                            {move || preset_label(lang.get(), &game.get_untracked(), &p3)}
                                        </option>
                                    }
                                })
                                .collect_view()
                        }}
                    </select>
                </div>
            </div>
            <label class="field-label" for="comp-name">
                {tx("ev.add.name")}
            </label>
            <input
                id="comp-name"
                maxlength=tm::MAX_NAME
                placeholder=move || {
                    format!("{} {}", game_name(lang.get(), &game.get()), format_name(lang.get(), &format_id.get()))
                }
                prop:value=move || name.get()
                on:input=move |x| name.set(event_target_value(&x))
            />
            <p class="muted">{tx("ev.add.entrants_note")}</p>
            <button class="btn primary big" id="comp-add" on:click=create>
                {tx("ev.add.create")}
            </button>
        </section>
    }
}

// ---------------------------------------------------------------------------------------
// One competition: format, draw, schedule, standings
// ---------------------------------------------------------------------------------------

/// An edit of one competition (applied to a copy, validated, saved).
type CompEdit = Box<dyn FnOnce(&mut Competition) -> Result<(), String>>;

#[component]
fn CompetitionTab(ev: Ev, cid: String, tab: RwSignal<String>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let cid = StoredValue::new(cid);
    let comp = Memo::new(move |_| ev.ev.with(|e| e.as_ref().and_then(|e| e.competition(&cid.get_value()).cloned())));
    let st: Memo<Option<Standings>> = Memo::new(move |_| {
        let comp = comp.get()?;
        Some(c.matches.with(|ms| standings::standings(&comp, &owned(ms))))
    });
    let event = move || ev.ev.get().expect("event present");
    let mutate_comp = move |f: CompEdit| {
        let id = cid.get_value();
        ev.mutate(move |e| match e.competition_mut(&id) {
            Some(c) => f(c),
            None => Err(t("ev.missing").to_string()),
        })
    };
    let seed = RwSignal::new(String::new());
    let json = RwSignal::new(String::new());
    let do_draw = move |s: u64| {
        if comp.get_untracked().is_some_and(|c| !c.match_ids().is_empty())
            && !window().confirm_with_message(t("ev.draw.confirm_redo")).unwrap_or(false)
        {
            return;
        }
        mutate_comp(Box::new(move |c| {
            draw::draw(c, s);
            c.rounds.clear();
            Ok(())
        }));
    };
    let generate = move |_| {
        if comp.get_untracked().is_some_and(|c| !c.match_ids().is_empty())
            && !window().confirm_with_message(t("ev.sched.confirm_redo")).unwrap_or(false)
        {
            return;
        }
        mutate_comp(Box::new(|c| {
            if c.entrants.len() < 2 {
                return Err(t("ev.sched.too_few").to_string());
            }
            schedule::generate(c);
            Ok(())
        }));
    };
    // Creates (or links) the match of one leg. A stored match of the same id was made for
    // the same fixture, leg, entrants and seats (the id names them, tables::leg_match_id):
    // the schedule made again from the same draw, or a table that made it first. A match of
    // another pairing (before a new draw) has another id and is left as it is.
    let make_leg = move |fixture: String, leg: usize| -> bool {
        let Some(e) = ev.now() else { return false };
        let Some(cm) = e.competition(&cid.get_value()).cloned() else { return false };
        let res = c.matches.with_untracked(|ms| standings::results(&cm, &owned(ms)));
        match tables::leg_match(&e, &cm, &fixture, leg, &res, now_ms()) {
            Err(x) => {
                ev.error(format!("{fixture}: {}", leg_error_text(&x)));
                false
            }
            Ok((mut m, swapped)) => {
                let (round, table) = cm
                    .fixture(&fixture)
                    .map(|(r, f)| (r, f.legs.get(leg).map(|l| l.table).unwrap_or(0)))
                    .unwrap_or((0, 0));
                let names = m.setup.participants();
                let title = format!(
                    "{} · {} · {} · {} · {names}",
                    e.name,
                    cm.name,
                    tr(lang.get_untracked(), "ev.round_n").replace("{n}", &round.to_string()),
                    tr(lang.get_untracked(), "ev.table_n").replace("{n}", &table.to_string())
                );
                m.title = title.chars().take(200).collect();
                let exists = c.matches.with_untracked(|ms| ms.iter().any(|x| x.id == m.id));
                let id = if exists {
                    m.id.clone()
                } else {
                    match create_match(m) {
                        Ok(id) => id,
                        Err(x) => {
                            ev.error(x);
                            return false;
                        }
                    }
                };
                mutate_comp(Box::new(move |c| {
                    if let Some(l) = c.fixture_mut(&fixture).and_then(|f| f.legs.get_mut(leg)) {
                        l.match_id = Some(id);
                        l.swapped = swapped;
                    }
                    Ok(())
                }))
            }
        }
    };
    let make_round = move |round: u32| {
        let Some(cm) = comp.get_untracked() else { return };
        let mut made = 0;
        // Each leg's success clears the message line: the failures are kept and shown last.
        let mut failed: Vec<String> = Vec::new();
        if let Some(r) = cm.rounds.iter().find(|r| r.number == round) {
            for f in &r.fixtures {
                for (k, l) in f.legs.iter().enumerate() {
                    if l.match_id.is_some() {
                        continue;
                    }
                    ev.msg.set(None);
                    if make_leg(f.id.clone(), k) {
                        made += 1;
                    } else if let Some((true, x)) = ev.msg.get_untracked() {
                        failed.push(x);
                    }
                }
            }
        }
        let done = (made > 0).then(|| format!("{} {made}", t("ev.sched.made")));
        if !failed.is_empty() {
            ev.error(done.into_iter().chain(failed).collect::<Vec<_>>().join(" · "));
        } else if let Some(x) = done {
            ev.ok(x);
        }
    };
    let table_pack = move |table: u32| {
        let Some(cm) = comp.get_untracked() else { return };
        let ids: Vec<String> = cm
            .rounds
            .iter()
            .flat_map(|r| &r.fixtures)
            .flat_map(|f| &f.legs)
            .filter(|l| l.table == table)
            .filter_map(|l| l.match_id.clone())
            .collect();
        let ms: Vec<Match> =
            c.matches.with_untracked(|ms| ms.iter().filter(|m| ids.contains(&m.id)).map(|m| (**m).clone()).collect());
        if ms.is_empty() {
            ev.error(t("ev.sched.no_matches"));
            return;
        }
        io::export(&ms, &format!("{}-table{table}", cm.id), false);
    };
    let csv = move |which: &'static str| {
        let (Some(e), Some(cm), Some(s)) = (ev.now(), comp.get_untracked(), st.get_untracked()) else { return };
        let l = lang.get_untracked();
        let text = if which == "standings" {
            output::standings_csv(&e, &cm, &s, l)
        } else {
            output::results_csv(&e, &cm, &s, l)
        };
        download(
            &format!("{}-{}-{which}.csv", safe_name(&e.name), safe_name(&cm.name)),
            "text/csv;charset=utf-8",
            &text,
        );
    };
    let remove = move |_| {
        if !window().confirm_with_message(t("ev.comp.confirm_delete")).unwrap_or(false) {
            return;
        }
        let id = cid.get_value();
        if ev.mutate(|e| {
            e.competitions.retain(|c| c.id != id);
            Ok(())
        }) {
            tab.set("entrants".into());
        }
    };
    view! {
        <section class="ev-comp" data-competition=move || cid.get_value()>
            {move || {
                comp.get()
                    .map(|cm| {
                        let l = lang.get();
                        let e = event();
                        let entrants: Vec<Entrant> = e.entrants.clone();
                        let cm2 = cm.clone();
                        view! {
                            <div class="print-head">
                                <h2 id="comp-title">{cm.name.clone()}</h2>
                                <p class="muted">
                                    {format!(
                                        "{} · {} · {} · {}",
                                        game_name(l, &cm.game),
                                        preset_label(l, &cm.game, &cm.preset_id),
                                        format_text(l, &cm.format),
                                        cm.source,
                                    )}
                                </p>
                            </div>
                            <details class="ev-rules no-print">
                                <summary>{tx("ev.rules")}</summary>
                                <ul>
                                    {scoring_lines(l, &cm).into_iter().map(|x| view! { <li>{x}</li> }).collect_view()}
                                </ul>
                                {(!cm.readings.is_empty())
                                    .then(|| {
                                        view! {
                                            <p class="reading">{t("preset.readings")}": "{cm.readings.join(", ")}</p>
                                        }
                                    })}
                                {if let Format::Knockout { best_of, long_rounds, long_best_of } = cm.format.clone() {
                                    let opts: [(u32, u32, &'static str); 5] = [
                                        (1, 0, "ev.ko.none"),
                                        (1, 1, "ev.ko.final"),
                                        (1, 2, "ev.ko.semi"),
                                        (1, 3, "ev.ko.quarter"),
                                        (3, 0, "ev.ko.all"),
                                    ];
                                    Some(
                                        view! {
                                            <h3>{tx("ev.ko.long")}</h3>
                                            <div class="chips" id="ko-games">
                                                {opts
                                                    .into_iter()
                                                    .map(|(bo, k, key)| {
                                                        let sel = if bo == 3 {
                                                            best_of == 3
                                                        } else {
                                                            best_of == 1
                                                                && (k == 0 && (long_rounds == 0 || long_best_of == 1)
                                                                    || k > 0 && long_rounds == k && long_best_of == 3)
                                                        };
                                                        view! {
                                                            <button
                                                                class="btn chip ko-games"
                                                                data-long=format!("{bo}-{k}")
                                                                class:selected=sel
                                                                on:click=move |_| {
                                                                    mutate_comp(
                                                                        Box::new(move |c| {
                                                                            schedule::set_knockout_games(c, bo, k, 3);
                                                                            Ok(())
                                                                        }),
                                                                    );
                                                                }
                                                            >
                                                                {tr(l, key)}
                                                            </button>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                        },
                                    )
                                } else {
                                    None
                                }}
                                <h3>{tx("ev.comp.entrants")}</h3>
                                <div class="chips">
                                    {entrants
                                        .into_iter()
                                        .map(|en| {
                                            let id = en.id.clone();
                                            let on = cm2.entrants.contains(&en.id);
                                            let fixed = !cm2.rounds.is_empty();
                                            view! {
                                                <label class="btn chip" class:selected=on>
                                                    <input
                                                        type="checkbox"
                                                        class="comp-entrant"
                                                        data-entrant=id.clone()
                                                        prop:checked=on
                                                        disabled=fixed
                                                        on:change=move |x| {
                                                            let checked = event_target_checked(&x);
                                                            let id = id.clone();
                                                            mutate_comp(
                                                                Box::new(move |c| {
                                                                    c.entrants.retain(|e| *e != id);
                                                                    c.draw.numbers.remove(&id);
                                                                    if checked {
                                                                        c.entrants.push(id);
                                                                    }
                                                                    Ok(())
                                                                }),
                                                            );
                                                        }
                                                    />
                                                    {en.name.clone()}
                                                    " ("
                                                    {kind_name(l, en.kind)}
                                                    ")"
                                                </label>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                <h3>{tx("ev.comp.json")}</h3>
                                <textarea
                                    rows="8"
                                    id="comp-json"
                                    prop:value=move || {
                                        let j = json.get();
                                        if j.is_empty() {
                                            comp.get()
                                                .map(|c| {
                                                    crate::json::to_string_pretty(
                                                            &(
                                                                &c.format,
                                                                &c.scoring,
                                                                c.legs,
                                                                c.seat_rule,
                                                                c.rounds_per_match,
                                                            ),
                                                        )
                                                        .unwrap_or_default()
                                                })
                                                .unwrap_or_default()
                                        } else {
                                            j
                                        }
                                    }
                                    on:input=move |x| json.set(event_target_value(&x))
                                ></textarea>
                                <div class="actions">
                                    <button
                                        class="btn"
                                        on:click=move |_| {
                                            let text = json.get_untracked();
                                            if text.is_empty() {
                                                return;
                                            }
                                            match crate::json::from_str::<
                                                (Format, tm::Scoring, u32, SeatRule, Option<u32>),
                                            >(&text) {
                                                Err(x) => ev.error(x.to_string()),
                                                Ok((f, s, legs, seat, rpm)) => {
                                                    if mutate_comp(
                                                        Box::new(move |c| {
                                                            c.format = f;
                                                            c.scoring = s;
                                                            c.legs = legs;
                                                            c.seat_rule = seat;
                                                            c.rounds_per_match = rpm;
                                                            c.format_id = String::new();
                                                            Ok(())
                                                        }),
                                                    ) {
                                                        json.set(String::new());
                                                    }
                                                }
                                            }
                                        }
                                    >
                                        {tx("new.apply_preset")}
                                    </button>
                                    <button class="btn" on:click=remove>
                                        {tx("ev.comp.delete")}
                                    </button>
                                </div>
                            </details>
                        }
                    })
            }}
            <section class="ev-draw no-print">
                <h2>{tx("ev.draw")}</h2>
                <p class="muted">{tx("ev.draw.help")}</p>
                <div class="draw-row">
                    <input
                        id="draw-seed"
                        inputmode="numeric"
                        placeholder=move || t("ev.draw.seed")
                        prop:value=move || seed.get()
                        on:input=move |x| seed.set(event_target_value(&x))
                    />
                    <button
                        class="btn primary"
                        id="draw-go"
                        on:click=move |_| match draw::seed_from_text(&seed.get_untracked()) {
                            Some(s) => do_draw(s),
                            None => ev.error(t("ev.draw.seed_needed")),
                        }
                    >
                        {tx("ev.draw.go")}
                    </button>
                    <button
                        class="btn"
                        id="draw-tap"
                        on:click=move |_| {
                            let s = (js_sys::Math::random() * 1e9) as u64 ^ (now_ms() as u64 % 1000);
                            seed.set(s.to_string());
                            do_draw(s);
                        }
                    >
                        {tx("ev.draw.tap")}
                    </button>
                </div>
                {move || {
                    comp.get()
                        .map(|cm| {
                            let e = event();
                            let seed_line = cm
                                .draw
                                .seed
                                .map(|s| format!("{}: {s}", t("ev.draw.seed")))
                                .unwrap_or_else(|| t("ev.draw.manual").to_string());
                            view! {
                                <p class="muted" id="draw-seed-used">
                                    {seed_line}
                                </p>
                                <table class="sheet draw" id="draw-table">
                                    <thead>
                                        <tr>
                                            <th>{tx("ev.col.draw")}</th>
                                            <th>{tx("ev.col.entrant")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>
                                        {cm
                                            .by_draw()
                                            .into_iter()
                                            .map(|id| {
                                                let n = cm.draw.numbers.get(&id).copied();
                                                let id2 = id.clone();
                                                view! {
                                                    <tr data-entrant=id.clone()>
                                                        <td>
                                                            <input
                                                                type="number"
                                                                min="1"
                                                                class="draw-num"
                                                                prop:value=n.map(|x| x.to_string()).unwrap_or_default()
                                                                on:change=move |x| {
                                                                    let v: Option<u32> = event_target_value(&x)
                                                                        .trim()
                                                                        .parse()
                                                                        .ok();
                                                                    let id = id2.clone();
                                                                    let taken = comp
                                                                        .get_untracked()
                                                                        .is_some_and(|c| {
                                                                            c.draw
                                                                                .numbers
                                                                                .iter()
                                                                                .any(|(k, n)| *k != id && Some(*n) == v)
                                                                        });
                                                                    if taken {
                                                                        ev.error(t("ev.draw.dup"));
                                                                        return;
                                                                    }
                                                                    mutate_comp(
                                                                        Box::new(move |c| {
                                                                            c.draw.seed = None;
                                                                            match v {
                                                                                Some(v) if v > 0 => {
                                                                                    c.draw.numbers.insert(id, v);
                                                                                }
                                                                                _ => {
                                                                                    c.draw.numbers.remove(&id);
                                                                                }
                                                                            }
                                                                            Ok(())
                                                                        }),
                                                                    );
                                                                }
                                                            />
                                                        </td>
                                                        <td>{e.entrant_name(&id)}</td>
                                                    </tr>
                                                }
                                            })
                                            .collect_view()}
                                    </tbody>
                                </table>
                            }
                        })
                }}
            </section>
            <section class="ev-schedule">
                <h2>{tx("ev.schedule")}</h2>
                <div class="actions no-print">
                    <button class="btn primary" id="gen-schedule" on:click=generate>
                        {tx("ev.sched.generate")}
                    </button>
                </div>
                {move || {
                    comp.get()
                        .map(|cm| {
                            let w = schedule::check(&cm);
                            let e = event();
                            (!w.is_empty())
                                .then(|| {
                                    view! {
                                        <div class="banner warn no-print" role="alert" id="sched-warnings">
                                            <ul>
                                                {w
                                                    .into_iter()
                                                    .map(|x| {
                                                        view! { <li>{warning_text(lang.get_untracked(), &e, &x)}</li> }
                                                    })
                                                    .collect_view()}
                                            </ul>
                                        </div>
                                    }
                                })
                        })
                }}
                {move || {
                    let cm = comp.get()?;
                    let s = st.get()?;
                    let e = event();
                    let l = lang.get();
                    let tables_used: std::collections::BTreeSet<u32> = cm
                        .rounds
                        .iter()
                        .flat_map(|r| &r.fixtures)
                        .flat_map(|f| &f.legs)
                        .filter(|l| l.match_id.is_some())
                        .map(|l| l.table)
                        .collect();
                    Some(
                        view! {
                            {cm
                                .rounds
                                .iter()
                                .map(|r| {
                                    let number = r.number;
                                    view! {
                                        <div class="round" data-round=number>
                                            <h3>
                                                {tr(l, "ev.round_n").replace("{n}", &number.to_string())}" "
                                                <button
                                                    class="btn chip no-print mk-round"
                                                    data-round=number
                                                    on:click=move |_| make_round(number)
                                                >
                                                    {tx("ev.sched.make_round")}
                                                </button>
                                            </h3>
                                            <div class="schedule">
                                                {r
                                                    .fixtures
                                                    .iter()
                                                    .map(|f| fixture_row(
                                                        &e,
                                                        &cm,
                                                        f,
                                                        s.results.iter().find(|x| x.fixture == f.id).cloned(),
                                                        l,
                                                        mutate_comp,
                                                        make_leg,
                                                    ))
                                                    .collect_view()}
                                            </div>
                                        </div>
                                    }
                                })
                                .collect_view()}
                            {(!tables_used.is_empty())
                                .then(|| {
                                    view! {
                                        <div class="actions no-print table-packs">
                                            <span class="muted">{tx("ev.sched.packs")}</span>
                                            {tables_used
                                                .into_iter()
                                                .map(|tno| {
                                                    view! {
                                                        <button
                                                            class="btn chip table-pack"
                                                            data-table=tno
                                                            on:click=move |_| table_pack(tno)
                                                        >
                                                            {tr(l, "ev.table_n").replace("{n}", &tno.to_string())}
                                                        </button>
                                                    }
                                                })
                                                .collect_view()}
                                        </div>
                                    }
                                })}
                        },
                    )
                }}
            </section>
            <section class="ev-standings">
                <h2>{tx("ev.standings")}</h2>
                <div class="actions no-print">
                    <button
                        class="btn"
                        id="ev-print"
                        on:click=move |_| {
                            let _ = window().print();
                        }
                    >
                        {tx("ev.print")}
                    </button>
                    <button class="btn" id="csv-standings" on:click=move |_| csv("standings")>
                        {tx("ev.csv_standings")}
                    </button>
                    <button class="btn" id="csv-results" on:click=move |_| csv("results")>
                        {tx("ev.csv_results")}
                    </button>
                </div>
                {move || {
                    let cm = comp.get()?;
                    let s = st.get()?;
                    let e = event();
                    let l = lang.get();
                    let groups = matches!(cm.format, Format::Groups { .. });
                    Some(
                        view! {
                            <p class="muted">
                                {if s.complete { tr(l, "ev.complete") } else { tr(l, "ev.provisional") }}
                            </p>
                            {s
                                .champion
                                .as_ref()
                                .map(|id| {
                                    view! {
                                        <p class="verdict" id="champion">
                                            {tr(l, "ev.champion")}
                                            ": "
                                            {e.entrant_name(id)}
                                        </p>
                                    }
                                })}
                            <div class="table-scroll">
                                <table class="sheet standings" id="standings">
                                    <thead>
                                        <tr>
                                            <th class="rank">{tx("ev.col.rank")}</th>
                                            {groups.then(|| view! { <th>{tx("ev.col.group")}</th> })}
                                            <th class="draw">{tx("ev.col.draw")}</th>
                                            <th class="name">{tx("ev.col.entrant")}</th>
                                            <th>{tx("ev.col.played")}</th>
                                            <th class="won">{tx("ev.col.won")}</th>
                                            <th class="drawn">{tx("ev.col.drawn")}</th>
                                            <th class="lost">{tx("ev.col.lost")}</th>
                                            <th class="total">{tx("ev.col.total")}</th>
                                            <th class="pf">{tx("ev.col.for")}</th>
                                            <th class="pa">{tx("ev.col.against")}</th>
                                            <th class="dw">{tx("ev.col.double_wins")}</th>
                                            <th class="ff">{tx("ev.col.forfeits")}</th>
                                            <th class="note">{tx("ev.col.note")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>
                                        {s
                                            .rows
                                            .iter()
                                            .map(|r| {
                                                view! {
                                                    <tr
                                                        class="st-row"
                                                        class:cancelled=r.cancelled
                                                        class:playoff=r.playoff
                                                        data-entrant=r.entrant.clone()
                                                    >
                                                        <td class="rank">
                                                            {r
                                                                .rank
                                                                .map(|x| x.to_string())
                                                                .unwrap_or_else(|| "—".into())}
                                                        </td>
                                                        {groups
                                                            .then(|| {
                                                                view! {
                                                                    <td>
                                                                        {r.group.map(|g| g.to_string()).unwrap_or_default()}
                                                                    </td>
                                                                }
                                                            })}
                                                        <td class="draw">
                                                            {cm
                                                                .draw
                                                                .numbers
                                                                .get(&r.entrant)
                                                                .map(|x| x.to_string())
                                                                .unwrap_or_default()}
                                                        </td>
                                                        <td class="name">{e.entrant_name(&r.entrant)}</td>
                                                        <td>{r.played}</td>
                                                        <td class="won">{r.won}</td>
                                                        <td class="drawn">{r.drawn}</td>
                                                        <td class="lost">{r.lost}</td>
                                                        <td class="total">{r.total}</td>
                                                        <td class="pf">{r.points_for}</td>
                                                        <td class="pa">{r.points_against}</td>
                                                        <td class="dw">{r.double_wins}</td>
                                                        <td class="ff">{r.forfeits}</td>
                                                        <td class="note">
                                                            {output::row_note(l, r)}
                                                            {(r.pending > 0)
                                                                .then(|| format!(" {} {}", r.pending, tr(l, "ev.pending")))}
                                                        </td>
                                                    </tr>
                                                }
                                            })
                                            .collect_view()}
                                    </tbody>
                                </table>
                            </div>
                            <h2>{tx("ev.results")}</h2>
                            <div class="table-scroll">
                                <table class="sheet results" id="results">
                                    <thead>
                                        <tr>
                                            <th>{tx("ev.col.round")}</th>
                                            <th>{tx("ev.col.tables")}</th>
                                            <th>{tx("ev.col.sides")}</th>
                                            <th>{tx("ev.col.score")}</th>
                                            <th>{tx("ev.col.winner")}</th>
                                            <th>{tx("ev.col.status")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>
                                        {s
                                            .results
                                            .iter()
                                            .map(|r| {
                                                let fx = cm.fixture(&r.fixture).map(|(_, f)| f.clone());
                                                let names: Vec<String> = fx
                                                    .as_ref()
                                                    .map(|f| {
                                                        f.sides
                                                            .iter()
                                                            .enumerate()
                                                            .map(|(k, sl)| slot_name(l, &e, Some(r), k, sl))
                                                            .collect()
                                                    })
                                                    .unwrap_or_default();
                                                view! {
                                                    <tr class="res-row" data-fixture=r.fixture.clone()>
                                                        <td>{r.round}</td>
                                                        <td>
                                                            {r
                                                                .legs
                                                                .iter()
                                                                .map(|x| x.table.to_string())
                                                                .collect::<Vec<_>>()
                                                                .join(" ")}
                                                        </td>
                                                        <td>{names.join(" : ")}</td>
                                                        <td class="score">
                                                            {if r.bye || !(r.started || r.done) {
                                                                String::new()
                                                            } else {
                                                                r.score
                                                                    .iter()
                                                                    .map(|x| x.to_string())
                                                                    .collect::<Vec<_>>()
                                                                    .join(" : ")
                                                            }}
                                                        </td>
                                                        <td>
                                                            {r
                                                                .winner
                                                                .and_then(|w| names.get(w).cloned())
                                                                .unwrap_or_default()}
                                                        </td>
                                                        <td>{output::status(l, r)}</td>
                                                    </tr>
                                                }
                                            })
                                            .collect_view()}
                                    </tbody>
                                </table>
                            </div>
                        },
                    )
                }}
            </section>
        </section>
    }
}

/// Why typed entrants were refused, naming the line typed (1-based).
fn entrants_error_text(l: Lang, e: &tm::EntrantsError) -> String {
    let tm::EntrantsError::Line(x) = e else { return e.to_string() };
    let max = |s: &str| s.replace("{max}", &tm::MAX_NAME.to_string());
    let why = match &x.problem {
        tm::LineProblem::NoName => tr(l, "ev.en.no_name").to_string(),
        tm::LineProblem::NameTooLong => max(tr(l, "ev.en.name_long")),
        tm::LineProblem::TooManyMembers => tr(l, "ev.en.members_many").replace("{max}", &tm::MAX_MEMBERS.to_string()),
        tm::LineProblem::MemberTooLong(k) => max(tr(l, "ev.en.member_long")).replace("{k}", &k.to_string()),
        tm::LineProblem::Refused { field, reason } => format!("{field}: {reason}"),
    };
    format!("{}: {why}", tr(l, "ev.en.line").replace("{n}", &x.line.to_string()))
}

fn leg_error_text(e: &tables::LegError) -> String {
    match e {
        tables::LegError::Unresolved => t("ev.leg.unresolved").to_string(),
        tables::LegError::Bye => t("ev.bye").to_string(),
        tables::LegError::GroupSize { have, want } => {
            t("ev.leg.group_size").replace("{have}", &have.to_string()).replace("{want}", &want.to_string())
        }
        other => other.to_string(),
    }
}

fn warning_text(l: Lang, e: &Event, w: &schedule::Warning) -> String {
    use schedule::Warning::*;
    match w {
        TwiceInRound { round, entrant } => {
            tr(l, "ev.warn.twice").replace("{r}", &round.to_string()).replace("{e}", &e.entrant_name(entrant))
        }
        MetTwice { a, b } => {
            tr(l, "ev.warn.met_twice").replace("{a}", &e.entrant_name(a)).replace("{b}", &e.entrant_name(b))
        }
        TableTwice { round, table } => {
            tr(l, "ev.warn.table").replace("{r}", &round.to_string()).replace("{t}", &table.to_string())
        }
        Unscheduled { entrant } => tr(l, "ev.warn.unscheduled").replace("{e}", &e.entrant_name(entrant)),
        GroupSize { fixture, size, want } => tr(l, "ev.warn.group")
            .replace("{f}", fixture)
            .replace("{n}", &size.to_string())
            .replace("{k}", &want.to_string()),
    }
}

#[allow(clippy::too_many_arguments)]
fn fixture_row(
    e: &Event,
    cm: &Competition,
    f: &tm::Fixture,
    r: Option<FixtureResult>,
    l: Lang,
    mutate_comp: impl Fn(CompEdit) -> bool + Copy + 'static,
    make_leg: impl Fn(String, usize) -> bool + Copy + 'static,
) -> impl IntoView {
    let fid = f.id.clone();
    let names: Vec<String> = f.sides.iter().enumerate().map(|(k, s)| slot_name(l, e, r.as_ref(), k, s)).collect();
    let editable = !schedule::has_matches(f);
    let two = f.sides.len() == 2;
    let bye = f.sides.iter().any(|s| matches!(s, Slot::Bye));
    let ff = f.forfeits.clone();
    let side_cell = move |k: usize, name: String| {
        let forfeited = ff.contains(&k);
        view! {
            <span class="side-name" class:forfeited=forfeited>
                {name}
                {forfeited.then(|| format!(" ({})", tr(l, "ev.forfeit")))}
            </span>
        }
    };
    let (fid_swap, fid_ff, fid_tab) = (fid.clone(), fid.clone(), fid.clone());
    let entrants: Vec<(String, String)> = cm.entrants.iter().map(|id| (id.clone(), e.entrant_name(id))).collect();
    let score = r
        .as_ref()
        .filter(|r| !r.bye && (r.started || r.done))
        .map(|r| r.score.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" : "))
        .unwrap_or_default();
    let status = r.as_ref().map(|r| output::status(l, r)).unwrap_or_default();
    let sides_n = f.sides.len();
    view! {
        <div class="fixture" data-fixture=fid.clone() class:bye=bye>
            <div class="fx-head">
                <span class="tables">
                    {(!f.legs.is_empty()).then(|| view! { <span class="muted">{tr(l, "ev.col.tables")}</span> })}
                    {f
                        .legs
                        .iter()
                        .enumerate()
                        .map(|(k, leg)| {
                            let fid = fid_tab.clone();
                            view! {
                                <input
                                    type="number"
                                    min="1"
                                    class="table-no"
                                    data-leg=k
                                    prop:value=leg.table.to_string()
                                    on:change=move |x| {
                                        let v: u32 = event_target_value(&x).trim().parse().unwrap_or(0);
                                        let fid = fid.clone();
                                        mutate_comp(
                                            Box::new(move |c| {
                                                if schedule::set_table(c, &fid, k, v) {
                                                    Ok(())
                                                } else {
                                                    Err(t("ev.sched.bad_table").to_string())
                                                }
                                            }),
                                        );
                                    }
                                />
                            }
                        })
                        .collect_view()}
                </span>
                {(f.best_of > 1)
                    .then(|| {
                        view! {
                            <span class="badge">{tr(l, "ev.f.best_of").replace("{n}", &f.best_of.to_string())}</span>
                        }
                    })}
                <span class="score">{score}</span>
                <span class="muted status">{status}</span>
            </div>
            {if two {
                view! {
                    <div class="fx-sides">
                        <span class="side ns">
                            <span class="seat-tag">{team_side(l, crate::rules::Team::A)}</span>
                            {side_cell(0, names[0].clone())}
                        </span>
                        {(editable && !bye)
                            .then(|| {
                                view! {
                                    <button
                                        class="btn chip swap no-print"
                                        title=tr(l, "ev.sched.swap")
                                        on:click=move |_| {
                                            let fid = fid_swap.clone();
                                            mutate_comp(
                                                Box::new(move |c| {
                                                    schedule::swap_sides(c, &fid);
                                                    Ok(())
                                                }),
                                            );
                                        }
                                    >
                                        "⇅"
                                    </button>
                                }
                            })}
                        <span class="side ew">
                            <span class="seat-tag">{team_side(l, crate::rules::Team::B)}</span>
                            {side_cell(1, names[1].clone())}
                        </span>
                    </div>
                }
                    .into_any()
            } else {
                view! {
                    <div class="fx-sides group">
                        {names
                            .iter()
                            .enumerate()
                            .map(|(k, n)| view! { <span class="side group-member">{side_cell(k, n.clone())}</span> })
                            .collect_view()}
                    </div>
                }
                    .into_any()
            }}
            <div class="legs no-print">
                {f
                    .legs
                    .iter()
                    .enumerate()
                    .map(|(k, leg)| match leg.match_id.clone() {
                        Some(id) if r.as_ref().and_then(|r| r.legs.get(k)).is_some_and(|x| x.other_entrants) => {
                            let fid = fid.clone();
                            let label = format!("{} ↗", tr(l, "ev.table_n").replace("{n}", &leg.table.to_string()));
                            // A match made for other entrants (a knock-out side decided otherwise
                            // since): it stays reachable, and the leg can be given its own.
                            view! {
                                <A
                                    href=format!("/match/{id}")
                                    attr:class="btn chip open-match other-entrants"
                                    attr:data-leg=k.to_string()
                                    attr:title=tr(l, "ev.st.other_entrants")
                                >
                                    {label}
                                </A>
                                <button
                                    class="btn chip mk-match"
                                    data-leg=k
                                    on:click=move |_| {
                                        make_leg(fid.clone(), k);
                                    }
                                >
                                    {tr(l, "ev.sched.make")}
                                    " "
                                    {tr(l, "ev.table_n").replace("{n}", &leg.table.to_string())}
                                </button>
                            }
                                .into_any()
                        }
                        Some(id) => {
                            let label = format!("{} ↗", tr(l, "ev.table_n").replace("{n}", &leg.table.to_string()));
                            view! {
                                <A
                                    href=format!("/match/{id}")
                                    attr:class="btn chip open-match"
                                    attr:data-leg=k.to_string()
                                >
                                    {label}
                                </A>
                            }
                                .into_any()
                        }
                        None => {
                            let fid = fid.clone();
                            view! {
                                <button
                                    class="btn chip mk-match"
                                    data-leg=k
                                    on:click=move |_| {
                                        make_leg(fid.clone(), k);
                                    }
                                >
                                    {tr(l, "ev.sched.make")}
                                    " "
                                    {tr(l, "ev.table_n").replace("{n}", &leg.table.to_string())}
                                </button>
                            }
                                .into_any()
                        }
                    })
                    .collect_view()}
                {(!bye)
                    .then(|| {
                        let entrants = entrants.clone();
                        let fid_e = fid_ff.clone();
                        view! {
                            <details class="fx-more">
                                <summary>{tr(l, "ev.sched.more")}</summary>
                                <div class="chips">
                                    {(0..sides_n)
                                        .map(|k| {
                                            let fid = fid_ff.clone();
                                            let on = f.forfeits.contains(&k);
                                            view! {
                                                <button
                                                    class="btn chip forfeit"
                                                    data-side=k
                                                    class:selected=on
                                                    on:click=move |_| {
                                                        let fid = fid.clone();
                                                        mutate_comp(
                                                            Box::new(move |c| {
                                                                if let Some(f) = c.fixture_mut(&fid) {
                                                                    if f.forfeits.contains(&k) {
                                                                        f.forfeits.retain(|x| *x != k);
                                                                    } else {
                                                                        f.forfeits.push(k);
                                                                        f.forfeits.sort();
                                                                    }
                                                                }
                                                                Ok(())
                                                            }),
                                                        );
                                                    }
                                                >
                                                    {tr(l, "ev.forfeit")}
                                                    ": "
                                                    {names.get(k).cloned().unwrap_or_default()}
                                                </button>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                {editable
                                    .then(|| {
                                        view! {
                                            <div class="edit-sides">
                                                {(0..sides_n)
                                                    .map(|k| {
                                                        let fid = fid_e.clone();
                                                        let cur = f
                                                            .sides
                                                            .get(k)
                                                            .and_then(|s| s.entrant().map(str::to_string));
                                                        view! {
                                                            <select
                                                                class="side-select"
                                                                data-side=k
                                                                on:change=move |x| {
                                                                    let v = event_target_value(&x);
                                                                    let fid = fid.clone();
                                                                    mutate_comp(
                                                                        Box::new(move |c| {
                                                                            if schedule::set_side(c, &fid, k, &v) {
                                                                                Ok(())
                                                                            } else {
                                                                                Err(t("ev.sched.locked").to_string())
                                                                            }
                                                                        }),
                                                                    );
                                                                }
                                                            >
                                                                <option value="" selected=cur.is_none()>
                                                                    "—"
                                                                </option>
                                                                {entrants
                                                                    .iter()
                                                                    .map(|(id, n)| {
                                                                        view! {
                                                                            <option
                                                                                value=id.clone()
                                                                                selected=cur.as_deref() == Some(id.as_str())
                                                                            >
                                                                                {n.clone()}
                                                                            </option>
                                                                        }
                                                                    })
                                                                    .collect_view()}
                                                            </select>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                        }
                                    })}
                            </details>
                        }
                    })}
            </div>
        </div>
    }
    .into_any()
}

// ---------------------------------------------------------------------------------------
// Sync at the desk
// ---------------------------------------------------------------------------------------

#[component]
fn SyncTab(ev: Ev) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let busy = RwSignal::new(false);
    let on_files = move |x: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&x);
        let Some(list) = input.files() else { return };
        let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
        input.set_value("");
        if files.is_empty() {
            return;
        }
        busy.set(true);
        ev.msg.set(None);
        leptos::task::spawn_local(async move {
            let mut lines = Vec::new();
            let mut failed = false;
            for file in files {
                let name = file.name();
                if file.size() > crate::record::schema::MAX_IMPORT_BYTES as f64 {
                    lines.push(format!("{name}: {}", t("import.too_big")));
                    failed = true;
                    continue;
                }
                let text = match io::read_text(&file).await {
                    Ok(text) => text,
                    Err(x) => {
                        lines.push(format!("{name}: {x}"));
                        failed = true;
                        continue;
                    }
                };
                let Some(mut e) = ev.now() else { return };
                let local = c.matches.with_untracked(|ms| owned(ms));
                let res = sync::import_text(&mut e, &local, &name, &text, now_ms());
                match res {
                    Ok(merged) => {
                        let mut saved = true;
                        for m in &merged.changed {
                            if let Err(x) = store::save_match(m) {
                                lines.push(format!("{name}: {}", super::save_error(Action::Import, &x)));
                                saved = false;
                                failed = true;
                                break;
                            }
                        }
                        if saved {
                            for m in merged.changed {
                                c.put(m);
                            }
                            let r = &merged.report;
                            lines.push(format!(
                                "{name}: {} {}, {} {}, {} {}, {} {}",
                                r.added.len(),
                                t("io.added"),
                                r.extended.len(),
                                t("io.extended"),
                                r.unchanged.len(),
                                t("io.unchanged"),
                                merged.new_conflicts,
                                t("io.conflicts")
                            ));
                            for (m, e, why) in &r.not_fitting {
                                lines.push(format!("{name}: {} — {m} / {e}: {why}", t("io.not_fitting")));
                            }
                        }
                    }
                    Err(x) => {
                        failed = true;
                        lines.push(format!("{name}: {} — {}", t("import.invalid"), x));
                    }
                }
                if let Err(x) = save_event_as(&e, Action::Import) {
                    lines.push(x);
                    failed = true;
                } else {
                    ev.ev.set(Some(e));
                }
            }
            busy.set(false);
            ev.msg.set(Some((failed, lines.join(" · "))));
        });
    };
    let resolve = move |idx: usize, choice: sync::Choice| {
        let Some(e) = ev.now() else { return };
        let Some(conf) = e.conflicts.get(idx).cloned() else { return };
        let m = match store::read_match(&conf.match_id) {
            Ok(Some(m)) => Some(m),
            _ => c.matches.with_untracked(|ms| ms.iter().find(|x| x.id == conf.match_id).map(|m| (**m).clone())),
        };
        let Some(m) = m else {
            ev.error(t("ev.sync.no_match"));
            return;
        };
        let reason = match choice {
            sync::Choice::Local => t("ev.sync.reason_local"),
            sync::Choice::Incoming => t("ev.sync.reason_file"),
        };
        let reason = format!("{reason} ({})", conf.file);
        match sync::resolution_entries(&m, &conf, choice, &reason, || new_id("e"), now_ms()) {
            Err(x) => ev.error(format!("{}: {x}", t("ev.sync.refused"))),
            Ok((next, added)) => {
                if !added.is_empty() {
                    if let Err(x) = store::save_match(&next) {
                        ev.error(super::save_error(Action::Event, &x));
                        return;
                    }
                    c.put(next);
                }
                let ids = added.iter().map(|x| x.id.clone()).collect();
                // By value: the stored event's list may differ from the one shown.
                if ev.mutate(|e| {
                    if let Some(i) = e.conflicts.iter().position(|x| *x == conf) {
                        sync::record_resolution(e, i, choice, ids, now_ms());
                    }
                    Ok(())
                }) {
                    ev.ok(t("ev.sync.resolved"));
                }
            }
        }
    };
    let export_all = move |_| {
        let Some(e) = ev.now() else { return };
        let ids = e.match_ids();
        let ms: Vec<Match> =
            c.matches.with_untracked(|ms| ms.iter().filter(|m| ids.contains(&m.id)).map(|m| (**m).clone()).collect());
        if ms.is_empty() {
            ev.error(t("ev.sched.no_matches"));
            return;
        }
        io::export(&ms, &format!("event-{}", safe_name(&e.name)), false);
    };
    view! {
        <section class="ev-sync" id="sync">
            <h2>{tx("ev.tab.sync")}</h2>
            <p class="muted">{tx("ev.sync.help")}</p>
            <div class="actions">
                <label class="btn primary file">
                    {tx("ev.sync.import")}
                    <input
                        type="file"
                        id="sync-files"
                        multiple=true
                        accept="application/json,.json"
                        on:change=on_files
                    />
                </label>
                <button class="btn" id="export-event-matches" on:click=export_all>
                    {tx("ev.sync.export_all")}
                </button>
            </div>
            <Show when=move || busy.get()>
                <p class="muted">"…"</p>
            </Show>
            <h3>{tx("ev.sync.conflicts")}</h3>
            {move || {
                let l = lang.get();
                let e = ev.ev.get()?;
                if e.conflicts.is_empty() {
                    return Some(
                        view! {
                            <p class="empty" id="no-conflicts">
                                {tr(l, "ev.sync.no_conflicts")}
                            </p>
                        }
                            .into_any(),
                    );
                }
                let ms = c.matches.get();
                Some(
                    view! {
                        <ul class="conflicts" id="conflicts">
                            {e
                                .conflicts
                                .iter()
                                .enumerate()
                                .map(|(i, cf)| {
                                    let m = ms.iter().find(|m| m.id == cf.match_id);
                                    let title = m
                                        .map(|m| if m.title.is_empty() { m.id.clone() } else { m.title.clone() })
                                        .unwrap_or_else(|| cf.match_id.clone());
                                    conflict_item(
                                        l,
                                        m.map(|m| &**m),
                                        cf,
                                        format!("{title} · {}", cf.file),
                                        move |choice| resolve(i, choice),
                                    )
                                })
                                .collect_view()}
                        </ul>
                    }
                        .into_any(),
                )
            }}
            <details class="log" id="resolutions">
                <summary>
                    {tx("ev.sync.resolutions")}" ("
                    {move || ev.ev.with(|e| e.as_ref().map(|e| e.resolutions.len()).unwrap_or(0))}")"
                </summary>
                <ul>
                    {move || {
                        let l = lang.get();
                        let e = ev.ev.get()?;
                        let ms = c.matches.get();
                        Some(
                            e
                                .resolutions
                                .iter()
                                .rev()
                                .map(|r| {
                                    let m = ms.iter().find(|m| m.id == r.conflict.match_id);
                                    let chosen = match r.choice {
                                        sync::Choice::Local => tr(l, "ev.sync.kept_local"),
                                        sync::Choice::Incoming => tr(l, "ev.sync.took_file"),
                                    };
                                    view! {
                                        <li class="resolution">
                                            {fmt_time(r.at_ms)}" · "{chosen}" · "
                                            {describe(l, m.map(|m| &**m), &r.conflict.local)}" ⟷ "
                                            {describe(l, m.map(|m| &**m), &r.conflict.incoming)}
                                        </li>
                                    }
                                })
                                .collect_view(),
                        )
                    }}
                </ul>
            </details>
            <details class="log" id="import-log">
                <summary>
                    {tx("ev.sync.log")}" ("{move || ev.ev.with(|e| e.as_ref().map(|e| e.imports.len()).unwrap_or(0))}")"
                </summary>
                <ul>
                    {move || {
                        let e = ev.ev.get()?;
                        Some(
                            e
                                .imports
                                .iter()
                                .rev()
                                .map(|r| {
                                    view! {
                                        <li class:error=r
                                            .error
                                            .is_some()>
                                            {fmt_time(r.at_ms)}" · "{r.file.clone()}": "
                                            {match &r.error {
                                                Some(x) => x.clone(),
                                                None if r.not_fitting > 0 => {
                                                    format!(
                                                        "+{} / ~{} / ={} / !{} / ✕{}",
                                                        r.added,
                                                        r.extended,
                                                        r.unchanged,
                                                        r.conflicts,
                                                        r.not_fitting,
                                                    )
                                                }
                                                None => {
                                                    format!(
                                                        "+{} / ~{} / ={} / !{}",
                                                        r.added,
                                                        r.extended,
                                                        r.unchanged,
                                                        r.conflicts,
                                                    )
                                                }
                                            }}
                                        </li>
                                    }
                                })
                                .collect_view(),
                        )
                    }}
                </ul>
            </details>
        </section>
    }
}
