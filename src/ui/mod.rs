//! The Leptos web shell: pages and shared widgets. Domain logic lives in `rules` and
//! `record`; components only read views and append entries.

pub mod clock;
mod draft;
mod events;
pub mod games;
mod home;
pub mod intent;
mod io;
mod match_page;
mod new_match;
mod parts;
mod reading;
pub(crate) mod rules_tab;
mod ruling;
mod scan;
mod settings;
mod widgets;

use crate::i18n::{tr, Action, Lang};
use crate::record::index::Row;
use crate::record::Match;
use crate::store::{self, Quarantined};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::{lazy_route, path, Lazy, LazyRoute};
use std::sync::Arc;

/// Shared app state, provided as context.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// Matches on this device, newest first; shared (Arc) so that a page reading its match
    /// on every commit does not copy the log. Empty until every match is read
    /// ([`Ctx::loaded`]): the home list is shown from the index rows first
    /// ([`Ctx::first_rows`]), the matches are read after it in slices, and anything else
    /// that needs them calls [`Ctx::ensure_loaded`] first (every page but home does).
    pub matches: RwSignal<Vec<Arc<Match>>>,
    /// Whether every stored match has been read into [`Ctx::matches`].
    pub loaded: RwSignal<bool>,
    /// The home list's rows at start-up ([`store::list_start`]), shown until
    /// [`Ctx::loaded`].
    pub first_rows: RwSignal<Vec<Row>>,
    /// UI language.
    pub lang: RwSignal<Lang>,
    /// Values moved aside at start-up (reported on the home screen).
    pub quarantined: RwSignal<Vec<Quarantined>>,
    /// A service-worker update is waiting.
    pub update_ready: RwSignal<bool>,
    /// Last export time, ms.
    pub last_export: RwSignal<Option<u64>>,
    /// Ids of the archived matches (settings `archived`): listed apart on the home page.
    pub archived: RwSignal<Vec<String>>,
    /// Bumped when the deleted matches kept until the next export changed.
    pub deleted_changed: RwSignal<u64>,
    /// Bumped when another tab changed a stored event (the event pages read it again).
    pub events_changed: RwSignal<u64>,
    /// The answer to the last request for persistent storage in this session
    /// ([`io::request_persistence`]): granted or not, or why the request failed.
    pub persist: RwSignal<Option<Result<bool, String>>>,
    /// A clock entry was stored less than [`intent::REPEAT_MS`] ago: the clock buttons are
    /// off, so the second tap of a double tap does not press the button that replaced the
    /// first one (开始 → 暂停).
    pub clock_cooling: RwSignal<bool>,
    /// A notice about something that happened behind the referee's back (another tab
    /// deleted the hand being edited, signed off the match with a stone pending): shown
    /// at the top of the screen, over the page, until dismissed ([`notify`]).
    pub notice: RwSignal<Option<Notice>>,
}

/// The app's notice ([`Ctx::notice`]): a text, and optionally a button that does
/// something about it (its label and what it does; pressing it also dismisses the notice).
#[derive(Clone)]
pub struct Notice {
    pub text: String,
    pub action: Option<(String, Callback<()>)>,
}

thread_local! {
    /// Reads the stored matches after the home list is shown; `None` once they are read.
    static LOADER: std::cell::RefCell<Option<store::Loader>> = const { std::cell::RefCell::new(None) };
    /// Whether the slices of [`LOADER`] are under way.
    static READING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// How many times another tab wrote each match's stored value (by its storage key) in
    /// this page's life ([`written_elsewhere`]).
    static ELSEWHERE: std::cell::RefCell<std::collections::HashMap<String, u64>> = Default::default();
}

/// How many times another tab wrote match `id` (its record or its tail) since this page
/// was loaded: a change of the match that comes with a new count was made elsewhere, not
/// by this tab's own buttons.
pub fn written_elsewhere(id: &str) -> u64 {
    ELSEWHERE.with(|w| {
        let w = w.borrow();
        w.get(&store::match_key(id)).copied().unwrap_or(0) + w.get(&store::tail_key(id)).copied().unwrap_or(0)
    })
}

/// Time given to one slice of reading matches after start-up, ms (a tap waits for at most
/// one slice).
const LOAD_SLICE_MS: f64 = 12.0;

impl Ctx {
    /// Reads every match not read yet, now (validated; what does not read is moved aside
    /// and reported), so that [`Ctx::matches`] holds them all. Nothing to do once loaded.
    pub fn ensure_loaded(&self) {
        if self.loaded.get_untracked() {
            return;
        }
        reading::install_summarizer(*self);
        let Some(loader) = LOADER.with(|l| l.borrow_mut().take()) else { return };
        let (ms, bad) = loader.finish();
        self.loaded_all(ms, bad);
        // A User Timing mark, for the benchmark (scripts/bench-web.mjs).
        let perf = js_sys::Reflect::get(&window(), &"performance".into()).ok();
        if let Some((perf, mark)) = perf.and_then(|p| Some((p.clone(), js_sys::Reflect::get(&p, &"mark".into()).ok()?)))
        {
            if let Some(mark) = mark.dyn_ref::<js_sys::Function>() {
                let _ = mark.call1(&perf, &"referee:matches-read".into());
            }
        }
    }

    fn loaded_all(&self, ms: Vec<Match>, bad: Vec<Quarantined>) {
        self.matches.set(ms.into_iter().map(Arc::new).collect());
        if !bad.is_empty() {
            self.quarantined.update(|q| q.extend(bad));
        }
        self.loaded.set(true);
        self.first_rows.set(Vec::new());
    }

    /// Starts reading the matches not read yet, in slices, after the next paint (the
    /// home page calls it as it draws the list from the index rows).
    pub fn read_after_paint(self) {
        if self.loaded.get_untracked() || READING.with(|r| r.replace(true)) {
            return;
        }
        widgets::after_next_paint(move || self.load_slice());
    }

    /// One slice of reading the matches after start-up ([`reading::read_slice`], whose code
    /// is fetched on first use); schedules the next one.
    fn load_slice(self) {
        leptos::task::spawn_local(async move {
            if !reading::read_slice(self).await {
                set_timeout(move || self.load_slice(), std::time::Duration::ZERO);
            }
        });
    }

    /// The slice [`Ctx::load_slice`] runs: reads matches for [`LOAD_SLICE_MS`]; when none
    /// is left, puts them all in the app state. Returns whether that is done.
    fn read_slice_now(self) -> bool {
        reading::install_summarizer(self);
        let t0 = now_ms();
        let done = LOADER.with(|l| {
            let mut l = l.borrow_mut();
            let loader = l.as_mut()?;
            Some(loader.step(&mut || now_ms() - t0 < LOAD_SLICE_MS))
        });
        match done {
            Some(false) => false,
            Some(true) | None => {
                self.ensure_loaded();
                preload_home_pages();
                true
            }
        }
    }

    /// Runs `f` once every match is read: now when they are, else after
    /// [`reading::read_all`] (whose code is fetched on first use). Code on the home page
    /// that needs the matches goes through here, so that the code that reads them is not
    /// part of the main module.
    pub fn when_loaded(self, f: impl FnOnce() + 'static) {
        if self.loaded.get_untracked() {
            f();
        } else {
            leptos::task::spawn_local(async move {
                reading::read_all(self).await;
                f();
            });
        }
    }

    /// Replaces (or adds) one match in the list, keeping newest first. Only once every
    /// match is read ([`Ctx::ensure_loaded`], [`Ctx::when_loaded`]).
    pub fn put(&self, m: Match) {
        self.matches.update(|ms| {
            let m = Arc::new(m);
            match ms.iter_mut().find(|x| x.id == m.id) {
                // Freed after the frame: a long log takes a while to drop.
                Some(x) => widgets::drop_later(std::mem::replace(x, m)),
                None => ms.push(m),
            }
            crate::sort::sort_by(ms, |a, b| b.updated_ms().total_cmp(&a.updated_ms()));
        });
    }
    /// Reloads every match from storage (after another tab wrote). Entries this tab wrote
    /// a moment ago that the other tab's write went over are put back
    /// ([`store::restore_lost`]); one that no longer fits is reported.
    pub fn reload(&self) {
        reading::install_summarizer(*self);
        // Read from the start: what the start-up reading moved aside so far is kept.
        let mut bad = LOADER.with(|l| l.borrow_mut().take()).map(store::Loader::abandon).unwrap_or_default();
        let (mut ms, more) = store::load_all(now_ms());
        bad.extend(more);
        let failed = store::restore_lost(&mut ms);
        bad.extend(store::take_moved());
        self.loaded_all(ms, bad);
        for (m, e, why) in failed {
            io::alert(&format!("{} ({m} / {e}): {why}", t("err.lost_entry")));
        }
    }
    /// Reads the settings again (another tab changed the language or exported).
    pub fn reload_settings(&self) {
        let s = store::settings();
        let lang = Lang::from_code(&s.lang);
        if self.lang.get_untracked() != lang {
            let c = *self;
            leptos::task::spawn_local(async move {
                let _ = switch_lang(c, lang).await;
            });
        }
        if self.last_export.get_untracked() != s.last_export_ms {
            self.last_export.set(s.last_export_ms);
        }
        if self.archived.get_untracked() != s.archived {
            self.archived.set(s.archived);
        }
    }
}

/// The context.
pub fn ctx() -> Ctx {
    expect_context::<Ctx>()
}

/// A reactive translated string.
pub fn tx(key: &'static str) -> impl Fn() -> &'static str + Clone + Send + Sync + 'static {
    let lang = ctx().lang;
    move || tr(lang.get(), key)
}

thread_local! {
    /// The language in force, for code that runs outside the component tree (async tasks).
    static LANG: std::cell::Cell<Lang> = const { std::cell::Cell::new(Lang::ZhCn) };
}

/// The translated string now. Inside the component tree it tracks the language signal
/// (call it in a reactive closure); outside (an async task) it uses the language in force.
pub fn t(key: &'static str) -> &'static str {
    let lang = use_context::<Ctx>().map(|c| c.lang.get()).unwrap_or_else(|| LANG.with(|l| l.get()));
    tr(lang, key)
}

/// The word for `n` hands after the number ("副", "hand" / "hands"), in the language in force.
pub fn hands_word(n: usize) -> &'static str {
    t(if n == 1 { "home.hand" } else { "home.hands" })
}

/// A built-in preset's text (name, source, note, rule) in the language in force
/// ([`crate::i18n::data_text`]); a referee's own text as typed.
pub fn dt(text: &str) -> String {
    let lang = use_context::<Ctx>().map(|c| c.lang.get()).unwrap_or_else(|| LANG.with(|l| l.get()));
    crate::i18n::data_text(lang, text)
}

/// Now, ms since the epoch.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// A random id (time + 64 random bits), safe for the schema's id rule.
pub fn new_id(prefix: &str) -> String {
    let r1 = (js_sys::Math::random() * 4294967296.0) as u64;
    let r2 = (js_sys::Math::random() * 4294967296.0) as u64;
    format!("{prefix}{:x}-{:08x}{:08x}", now_ms() as u64, r1, r2)
}

/// Local date-time text for `ms`.
pub fn fmt_time(ms: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    format!(
        "{}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// The translated message of a write that failed while doing `action`: storage full names
/// what was not saved ([`Action::full_key`]); any other failure says what was not saved
/// ([`Action::failed_key`]) and why.
pub fn save_error(action: Action, e: &store::StoreError) -> String {
    match e {
        store::StoreError::Full => t(action.full_key()).to_string(),
        store::StoreError::Unavailable(detail) => {
            format!("{}: {} ({detail})", t(action.failed_key()), t("err.unavailable"))
        }
        store::StoreError::Invalid(e) => format!("{}: {}", t(action.failed_key()), reason_of(e, true)),
    }
}

/// A refused entry's reason in the UI language (typed when the rule gave one), after its
/// field when `with_field`.
pub fn reason_of(e: &crate::record::ImportError, with_field: bool) -> String {
    reason_named(e, with_field, Default::default())
}

/// Why a stored value was moved aside ([`store::Quarantined::error`]): its field path as
/// stored (`entries[3].op.hand.points`, so the place can be found in the raw value) and the
/// reason in the UI language.
pub fn quarantine_reason(e: &crate::record::ImportError) -> String {
    let why = reason_of(e, false);
    if e.field.is_empty() {
        why
    } else {
        format!("{}: {why}", e.field)
    }
}

/// [`reason_of`], its teams and players read by the match's names.
pub fn reason_named(e: &crate::record::ImportError, with_field: bool, names: crate::i18n::Names) -> String {
    let lang = use_context::<Ctx>().map(|c| c.lang.get()).unwrap_or_else(|| LANG.with(|l| l.get()));
    if with_field {
        crate::i18n::import_error_text(lang, e, names)
    } else {
        crate::i18n::reason_text(lang, e.msg.as_ref(), &e.reason, names)
    }
}

/// Why [`crate::record::Match::append`] (or [`crate::record::Match::preview`]) refuses an
/// entry, in the UI language: a later hand it would break or a log it does not fit is said
/// so, with the rule's typed reason; any other refusal is `field: reason`. What a page's
/// live preview shows and what its commit says are this same text.
pub fn refusal_text(e: &crate::record::ImportError) -> String {
    refusal_named(e, Default::default())
}

/// [`refusal_text`], its teams and players read by the match's names
/// ([`crate::record::Setup::names`]).
pub fn refusal_named(e: &crate::record::ImportError, names: crate::i18n::Names) -> String {
    if e.field == crate::record::LATER_HAND {
        format!("{}: {}", t("entry.breaks_later"), reason_named(e, false, names))
    } else if e.field == crate::record::NOT_PLAYABLE {
        format!("{} ({})", t("entry.not_playable"), reason_named(e, false, names))
    } else {
        reason_named(e, true, names)
    }
}

/// Why a file's entry was left out of a merge ([`crate::record::schema::LeftOut`]), in the UI
/// language: its typed refusal when it has one, else its stored text.
pub fn left_out_text(why: &crate::record::schema::LeftOut) -> String {
    match &why.error {
        Some(e) => refusal_text(e),
        None => why.text.clone(),
    }
}

/// Appends an op to a match through storage (write-through: the stored copy is re-read so
/// another tab's entries are kept); on success the app state updates. On failure nothing
/// changed and the translated reason, naming what was not saved (the op's [`Action`]), is
/// returned (the caller keeps its form on screen).
pub fn commit(m: &Match, op: crate::record::Op) -> Result<(), String> {
    let c = ctx();
    let action = Action::of_op(&op);
    // Timed like the match clock while it runs on this page (clock::entry_time): the pauses
    // an entry implies count the time really played.
    let entry = crate::record::Entry { after: None, id: new_id("e"), at_ms: clock::entry_time(&m.id), op };
    let result = store::append_entry(m, entry);
    let moved = store::take_moved();
    if !moved.is_empty() {
        c.quarantined.update(|q| q.extend(moved));
        // Said here too: the list is on the home and About pages, not on a match page.
        io::alert(t("err.moved_aside"));
    }
    match result {
        Ok(saved) => {
            widgets::cool_after_commit();
            if matches!(action, Action::Clock) {
                c.clock_cooling.set(true);
                set_timeout(
                    move || c.clock_cooling.set(false),
                    std::time::Duration::from_millis(intent::REPEAT_MS as u64),
                );
            }
            c.put(saved);
            Ok(())
        }
        Err(store::StoreError::Invalid(e))
            if e.field == crate::record::LATER_HAND || e.field == crate::record::NOT_PLAYABLE =>
        {
            let (mut teams, players) = m.setup.names();
            // A side without a name reads as the game names it (五子棋: 棋手一), not 南北 / 东西.
            let l = ctx().lang.get_untracked();
            for (team, n) in teams.iter_mut() {
                if n.trim().is_empty() {
                    *n = m.setup.unnamed_side(l, *team);
                }
            }
            let names = crate::i18n::Names { teams: Some(&teams), players: &players };
            Err(format!("{}: {}", t(action.failed_key()), refusal_named(&e, names)))
        }
        Err(e) => Err(save_error(action, &e)),
    }
}

/// Shows `text` as the app's notice ([`Ctx::notice`]): at the top of the screen, where the
/// referee sees it whatever part of the page is scrolled into view.
pub fn notify(text: impl Into<String>) {
    notify_with(text, None);
}

/// [`notify`] with a button: `action` is its label and what it does.
pub fn notify_with(text: impl Into<String>, action: Option<(String, Callback<()>)>) {
    if let Some(c) = use_context::<Ctx>() {
        c.notice.set(Some(Notice { text: text.into(), action }));
    }
}

/// Saves a new match and opens it; returns the translated error on failure. The first
/// match stored on this device asks the browser to keep the storage
/// ([`io::request_persistence`]).
pub fn create_match(m: Match) -> Result<String, String> {
    crate::record::schema::validate_match(&m).map_err(|e| reason_of(&e, true))?;
    store::save_match(&m).map_err(|e| save_error(Action::NewMatch, &e))?;
    let id = m.id.clone();
    added_match(m);
    Ok(id)
}

/// Puts a match just stored (new, the sample) into the app state; when it is the first
/// match on this device, asks for persistent storage.
pub fn added_match(m: Match) {
    let c = ctx();
    c.ensure_loaded();
    let first = c.matches.with_untracked(|ms| ms.is_empty());
    c.put(m);
    if first {
        io::request_persistence();
    }
}

/// Mounts the app on `<body>`; when the language stored in the settings is not compiled in,
/// after reading its strings ([`load_lang`]; 简体中文 if they cannot be read). 简体中文's
/// strings outside the start-up screens ([`crate::i18n::SPLIT_BASE`]) are read after the
/// mount, and every page but home waits for them ([`strings_ready`]).
pub fn start() {
    console_error_panic_hook::set_once();
    let lang = Lang::from_code(&store::settings().lang);
    if crate::i18n::installed(lang) || lang == Lang::ZhCn {
        leptos::mount::mount_to_body(App);
    } else {
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = load_lang(lang).await {
                web_sys::console::warn_1(&e.into());
            }
            leptos::mount::mount_to_body(App);
        });
    }
}

/// Reads `lang`'s strings from the file the build wrote for it (named in index.html's
/// `<meta name="referee-i18n">`: `zh-TW=/i18n/….tsv;en=/i18n/….tsv`; the service worker
/// keeps it offline) and installs them ([`crate::i18n::install`]). Nothing to do for a
/// language at hand. Errors: no such file named, or the fetch or its text failed (said in
/// English, for the console: the page goes on in the language it had).
pub async fn load_lang(lang: Lang) -> Result<(), String> {
    use wasm_bindgen_futures::JsFuture;
    if crate::i18n::installed(lang) {
        return Ok(());
    }
    // One read per language at a time: the start-up and a page may both ask for it.
    let text = LANG_READS.with(|r| {
        r.borrow_mut()
            .entry(lang.code())
            .or_insert_with(|| {
                wasm_bindgen_futures::future_to_promise(async move {
                    read_lang_file(lang).await.map(wasm_bindgen::JsValue::from).map_err(wasm_bindgen::JsValue::from)
                })
            })
            .clone()
    });
    let text = JsFuture::from(text).await;
    LANG_READS.with(|r| r.borrow_mut().remove(lang.code()));
    let text = text.map_err(|e| e.as_string().unwrap_or_default())?.as_string().unwrap_or_default();
    if crate::i18n::installed(lang) {
        return Ok(());
    }
    crate::i18n::install(lang, text).map(|_| ()).map_err(|e| format!("{}: {e}", lang.code()))
}

thread_local! {
    /// The language files being read ([`load_lang`]): their text, or the error in English.
    static LANG_READS: std::cell::RefCell<std::collections::HashMap<&'static str, js_sys::Promise>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// Waits until the strings of the language in force are at hand: at once, but for
/// 简体中文's rest in a release build ([`crate::i18n::SPLIT_BASE`]), which the start reads
/// after the home screen is up. Every page but home and everything on home that shows a
/// game's text (the matches' summaries, a sample match, an import) waits here first.
/// Returns whether they are at hand: a file that cannot be read (said in the console; read
/// again at the next call) leaves a page unshown ([`Page`]) and the sample unopened, so no
/// key is ever shown or stored as a text; the matches are read all the same (without
/// summaries, made again later).
pub async fn strings_ready(c: Ctx) -> bool {
    let lang = c.lang.get_untracked();
    if crate::i18n::installed(lang) {
        return true;
    }
    if let Err(e) = load_lang(lang).await {
        web_sys::console::warn_1(&e.into());
    }
    let missed = crate::i18n::take_missed();
    if !missed.is_empty() {
        // A screen drawn before showed a key outside src/i18n/start-keys.txt: again now.
        web_sys::console::warn_1(&format!("strings read late ({}): {}", lang.code(), missed.join(", ")).into());
        c.lang.update(|_| ());
    }
    crate::i18n::installed(lang)
}

/// The text of `lang`'s strings file (see [`load_lang`]).
async fn read_lang_file(lang: Lang) -> Result<String, String> {
    use wasm_bindgen_futures::JsFuture;
    let url = document()
        .query_selector("meta[name=referee-i18n]")
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"))
        .and_then(|c| {
            c.split(';')
                .find_map(|p| p.split_once('=').filter(|(code, _)| *code == lang.code()).map(|(_, u)| u.to_string()))
        })
        .ok_or_else(|| format!("no strings file named for {}", lang.code()))?;
    let failed = |what: &str, e: wasm_bindgen::JsValue| format!("{url}: {what}: {e:?}");
    let resp: web_sys::Response =
        JsFuture::from(window().fetch_with_str(&url)).await.map_err(|e| failed("fetch", e))?.unchecked_into();
    if !resp.ok() {
        return Err(format!("{url}: HTTP {}", resp.status()));
    }
    let text = JsFuture::from(resp.text().map_err(|e| failed("text", e))?).await.map_err(|e| failed("text", e))?;
    Ok(text.as_string().unwrap_or_default())
}

/// Switches the UI to `lang` once its strings are at hand ([`load_lang`]); `Err` (said in
/// the language in force) when they cannot be read, and the language stays.
pub async fn switch_lang(c: Ctx, lang: Lang) -> Result<(), String> {
    match load_lang(lang).await {
        Ok(()) => {
            if c.lang.get_untracked() != lang {
                c.lang.set(lang);
            }
            Ok(())
        }
        Err(e) => {
            web_sys::console::warn_1(&e.clone().into());
            Err(format!("{} ({e})", t("err.lang_file")))
        }
    }
}

#[component]
fn App() -> impl IntoView {
    let settings = store::settings();
    let c = Ctx {
        matches: RwSignal::new(Vec::new()),
        loaded: RwSignal::new(false),
        first_rows: RwSignal::new(Vec::new()),
        lang: RwSignal::new(Lang::from_code(&settings.lang)),
        // A settings value that did not read was moved aside by `store::settings` above.
        quarantined: RwSignal::new(store::take_moved()),
        update_ready: RwSignal::new(false),
        last_export: RwSignal::new(settings.last_export_ms),
        archived: RwSignal::new(settings.archived.clone()),
        deleted_changed: RwSignal::new(0),
        events_changed: RwSignal::new(0),
        persist: RwSignal::new(None),
        clock_cooling: RwSignal::new(false),
        notice: RwSignal::new(None),
    };
    provide_context(c);
    // 简体中文's strings outside the start-up screens, read once home is painted.
    if !crate::i18n::installed(c.lang.get_untracked()) {
        widgets::after_next_paint(move || {
            leptos::task::spawn_local(async move {
                strings_ready(c).await;
            })
        });
    }
    draft::install_leave_questions();
    widgets::install_tap_guard();
    // The games' summaries (the index rows' and the home list's second line) read the
    // context, so they run under this component's owner ([`reading::install_summarizer`]).
    reading::keep_owner();
    // The home list from the index; the matches are read after the first paint.
    let start = store::list_start(c.lang.get_untracked().code(), now_ms());
    c.first_rows.set(start.rows);
    LOADER.with(|l| *l.borrow_mut() = Some(start.loader));
    // html lang (and the language for async tasks) follows the setting.
    Effect::new(move |_| {
        LANG.with(|l| l.set(c.lang.get()));
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            if let Some(el) = doc.document_element() {
                let _ = el.set_attribute("lang", c.lang.get().code());
            }
        }
    });
    // Another tab wrote: read what it changed again (`key` is none when it cleared all).
    let storage_listener = window_event_listener(leptos::ev::storage, move |e: web_sys::StorageEvent| {
        let bump_events = || c.events_changed.update(|n| *n += 1);
        match e.key() {
            None => {
                c.reload_settings();
                bump_events();
                leptos::task::spawn_local(reading::reload(c));
            }
            Some(k) if k == store::SETTINGS_KEY => c.reload_settings(),
            Some(k) if k.starts_with(store::EVENT_PREFIX) || k == store::ROSTER_KEY => bump_events(),
            // An index row follows its match's own write (which is heard on its own).
            Some(k) if k.starts_with(store::INDEX_PREFIX) => {}
            Some(k) if k.starts_with(store::DELETED_PREFIX) => c.deleted_changed.update(|n| *n += 1),
            Some(k) if k.starts_with(store::PREFIX) => {
                ELSEWHERE.with(|w| *w.borrow_mut().entry(k).or_default() += 1);
                leptos::task::spawn_local(reading::reload(c))
            }
            Some(_) => {}
        }
    });
    // The page is hidden or closed: the index rows the last commits left out of date
    // (`visibilitychange` bubbles from the document to the window).
    let due_rows = move || c.matches.with_untracked(|ms| store::write_due_rows(ms));
    let hide_listener = window_event_listener_untyped("pagehide", move |_| due_rows());
    let hidden_listener = window_event_listener_untyped("visibilitychange", move |_| {
        if document().hidden() {
            due_rows();
        }
    });
    let update_listener = window_event_listener_untyped("sw-update-ready", move |_| c.update_ready.set(true));
    // The code of a page could not be fetched, neither again nor by a reload (the loader,
    // scripts/loader-recover.mjs, leaves the page blank rather than stop the app): said.
    let code_listener = window_event_listener_untyped("referee-code-missing", move |_| {
        c.notice.set(Some(Notice { text: t("err.code_missing").to_string(), action: None }))
    });
    if js_sys::Reflect::get(&window(), &"__swUpdateReady".into()).ok().and_then(|v| v.as_bool()) == Some(true) {
        c.update_ready.set(true);
    }
    on_cleanup(move || {
        storage_listener.remove();
        hide_listener.remove();
        hidden_listener.remove();
        update_listener.remove();
        code_listener.remove();
    });
    // The pages split out of the main module (named here: a type path with `<…>` does not
    // survive leptosfmt inside `view!`).
    let new_lazy = Lazy::<Page<NewMatchRoute>>::new();
    let match_lazy = Lazy::<Page<MatchRoute>>::new();
    let settings_lazy = Lazy::<Page<SettingsRoute>>::new();
    let about_lazy = Lazy::<Page<AboutRoute>>::new();
    let events_lazy = Lazy::<Page<EventsRoute>>::new();
    let event_lazy = Lazy::<Page<EventRoute>>::new();
    let hall_lazy = Lazy::<Page<HallRoute>>::new();
    view! {
        <Router>
            <OpeningAddress />
            <header class="topbar">
                <A href="/" attr:class="brand">
                    {tx("app.name")}
                </A>
                <nav>
                    <A href="/new">{tx("nav.new")}</A>
                    <A href="/events">{tx("nav.events")}</A>
                    <A href="/settings">{tx("nav.settings")}</A>
                    <A href="/about">{tx("nav.about")}</A>
                </nav>
            </header>
            <Show when=move || c.update_ready.get()>
                <div class="banner update" role="status">
                    <span>{tx("sw.update")}</span>
                    <button
                        class="btn"
                        id="update-reload"
                        on:click=move |_| {
                            draft::reloading(true);
                            let f = js_sys::Reflect::get(&window(), &"__swApplyUpdate".into()).ok();
                            let applying = f
                                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
                                .and_then(|f| f.call0(&wasm_bindgen::JsValue::NULL).ok())
                                .and_then(|v| v.as_bool())
                                .unwrap_or(false);
                            if !applying {
                                draft::reloading(false);
                            }
                        }
                    >
                        {tx("sw.reload")}
                    </button>
                    // The banner lies over the header: "later" gives the header back (the
                    // waiting version is offered again at the next start).
                    <button class="btn" id="update-later" on:click=move |_| c.update_ready.set(false)>
                        {tx("sw.later")}
                    </button>
                </div>
            </Show>
            {move || {
                c.notice
                    .get()
                    .map(|n| {
                        let action = n
                            .action
                            .map(|(label, f)| {
                                view! {
                                    <button
                                        class="btn primary"
                                        id="notice-action"
                                        on:click=move |_| {
                                            c.notice.set(None);
                                            f.run(());
                                        }
                                    >
                                        {label}
                                    </button>
                                }
                            });
                        view! {
                            <div class="banner notice" id="notice" role="alert">
                                <span>{n.text}</span>
                                {action}
                                <button class="btn" id="notice-close" on:click=move |_| c.notice.set(None)>
                                    {tx("clock.jump_ok")}
                                </button>
                            </div>
                        }
                    })
            }}
            <main>
                <Routes fallback=|| view! { <p class="empty">{tx("err.not_found")}</p> }>
                    // Home is in the main module; every other page is its own chunk,
                    // fetched when first opened (see `NewMatchRoute` and the others below).
                    <Route path=path!("/") view=home::Home />
                    <Route path=path!("/new") view=new_lazy />
                    <Route path=path!("/match/:id") view=match_lazy />
                    <Route path=path!("/settings") view=settings_lazy />
                    <Route path=path!("/about") view=about_lazy />
                    <Route path=path!("/events") view=events_lazy />
                    <Route path=path!("/event/:id") view=event_lazy />
                    <Route path=path!("/event/:id/hall") view=hall_lazy />
                </Routes>
            </main>
            // Over the content while `<body>` has `data-cooling` (widgets::cool_after_commit).
            <div id="tap-shield" aria-hidden="true"></div>
        </Router>
    }
}

// The pages other than home, each a lazy route: in a release build (scripts/split-build.mjs)
// the code of its `view` is split out of the main module into its own wasm chunk, fetched
// the first time the page is opened (code shared by several pages goes into shared chunks);
// the service worker precaches every chunk, so this works offline as before. Without the
// split (the browser tests' binary), `view` is an ordinary call. `data` runs in the main
// module, while the chunk loads, and only takes the context: every page but home reads the
// matches in full, so its `view` reads them first ([`Ctx::ensure_loaded`]), in the chunks'
// code (the code that reads matches is not in the main module).

/// A page split out of the main module (the lazy route `R`), drawn once the strings of the
/// language in force are at hand ([`strings_ready`]) and its code is fetched.
struct Page<R>(R, Ctx);

impl<R: LazyRoute> LazyRoute for Page<R> {
    fn data() -> Self {
        Page(R::data(), ctx())
    }
    async fn view(this: Self) -> AnyView {
        if !strings_ready(this.1).await {
            return view! {
                <p class="empty" id="strings-failed" role="alert">
                    {tx("err.strings")}
                </p>
            }
            .into_any();
        }
        R::view(this.0).await
    }
    fn preload() -> impl std::future::Future<Output = ()> {
        R::preload()
    }
}

/// Keeps `window.__refereeAddress` at the address the router shows or is opening (path,
/// query, fragment). The address bar changes only once the page's code is in, so a reload
/// for code that could not be fetched (`scripts/loader-recover.mjs`) goes here instead.
#[component]
fn OpeningAddress() -> impl IntoView {
    let loc = leptos_router::hooks::use_location();
    Effect::new(move |_| {
        let search = loc.search.get();
        let query = if search.is_empty() { String::new() } else { format!("?{search}") };
        let to = format!("{}{query}{}", loc.pathname.get(), loc.hash.get());
        let _ = js_sys::Reflect::set(&window(), &"__refereeAddress".into(), &to.into());
    });
}

/// `/new` ([`new_match::NewMatch`]), split out of the main module.
struct NewMatchRoute(Ctx);

#[lazy_route]
impl LazyRoute for NewMatchRoute {
    fn data() -> Self {
        Self(ctx())
    }
    fn view(this: Self) -> AnyView {
        this.0.ensure_loaded();
        new_match::NewMatch().into_any()
    }
}

/// `/match/:id` ([`match_page::MatchPage`]), split out of the main module.
struct MatchRoute(Ctx);

/// Fetches and instantiates the code (the chunks) of the pages home opens, a match and a
/// new match, ahead of a tap: called once home has read every match. Only while a service
/// worker controls the page, so the files come from its cache (on a first visit its install
/// is downloading them).
fn preload_home_pages() {
    let sw = window().navigator().service_worker();
    let controlled = js_sys::Reflect::get(&sw, &"controller".into()).is_ok_and(|c| !c.is_null() && !c.is_undefined());
    if controlled {
        leptos::task::spawn_local(async {
            <Page<MatchRoute> as LazyRoute>::preload().await;
            <Page<NewMatchRoute> as LazyRoute>::preload().await;
        });
    }
}

#[lazy_route]
impl LazyRoute for MatchRoute {
    fn data() -> Self {
        Self(ctx())
    }
    fn view(this: Self) -> AnyView {
        this.0.ensure_loaded();
        match_page::MatchPage().into_any()
    }
}

/// `/settings` ([`settings::SettingsPage`]), split out of the main module.
struct SettingsRoute(Ctx);

#[lazy_route]
impl LazyRoute for SettingsRoute {
    fn data() -> Self {
        Self(ctx())
    }
    fn view(this: Self) -> AnyView {
        this.0.ensure_loaded();
        settings::SettingsPage().into_any()
    }
}

/// `/about` ([`settings::About`]), split out of the main module.
struct AboutRoute(Ctx);

#[lazy_route]
impl LazyRoute for AboutRoute {
    fn data() -> Self {
        Self(ctx())
    }
    fn view(this: Self) -> AnyView {
        this.0.ensure_loaded();
        settings::About().into_any()
    }
}

/// `/events` ([`events::Events`]), split out of the main module.
struct EventsRoute(Ctx);

#[lazy_route]
impl LazyRoute for EventsRoute {
    fn data() -> Self {
        Self(ctx())
    }
    fn view(this: Self) -> AnyView {
        this.0.ensure_loaded();
        events::Events().into_any()
    }
}

/// `/event/:id` ([`events::EventPage`]), split out of the main module.
struct EventRoute(Ctx);

#[lazy_route]
impl LazyRoute for EventRoute {
    fn data() -> Self {
        Self(ctx())
    }
    fn view(this: Self) -> AnyView {
        this.0.ensure_loaded();
        events::EventPage().into_any()
    }
}

/// `/event/:id/hall` ([`events::HallPage`]), split out of the main module.
struct HallRoute(Ctx);

#[lazy_route]
impl LazyRoute for HallRoute {
    fn data() -> Self {
        Self(ctx())
    }
    fn view(this: Self) -> AnyView {
        this.0.ensure_loaded();
        events::HallPage().into_any()
    }
}

use wasm_bindgen::JsCast;
