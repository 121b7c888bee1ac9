//! Export (download, Web Share) and import (validate all, preview, then merge) of a file
//! or of a table's QR codes (扫码导入, [`super::scan`]).

use super::{ctx, fmt_time, now_ms, t, tx};
use crate::record::schema::{self, MergeReport, MAX_IMPORT_BYTES};
use crate::record::{Match, Op};
use crate::store;
use crate::tournament::{sync, Event};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// `window.alert` (used only for errors that must not be missed).
pub fn alert(msg: &str) {
    let _ = window().alert_with_message(msg);
}

/// Asks the browser to keep this origin's storage (`navigator.storage.persist()`): when
/// the first match is stored on this device ([`super::added_match`]) and from the button on
/// About, never on start. The answer goes to [`super::Ctx::persist`]; a refusal or a
/// rejected promise is an answer too (no uncaught error).
pub fn request_persistence() {
    let c = ctx();
    let Some(sm) = storage_manager() else {
        c.persist.set(Some(Err(t("about.persist_unsupported").to_string())));
        return;
    };
    let promise = match sm.persist() {
        Ok(p) => p,
        Err(e) => {
            c.persist.set(Some(Err(js_error_text(&e))));
            return;
        }
    };
    leptos::task::spawn_local(async move {
        let answer = match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(v) => Ok(v.as_bool() == Some(true)),
            Err(e) => Err(js_error_text(&e)),
        };
        c.persist.set(Some(answer));
    });
}

/// `navigator.storage`, where the browser has it.
pub fn storage_manager() -> Option<web_sys::StorageManager> {
    let sm = js_sys::Reflect::get(&window().navigator(), &"storage".into()).ok()?;
    (!sm.is_undefined() && !sm.is_null()).then(|| sm.unchecked_into())
}

/// A thrown JS value as text (`name: message`, or the value itself).
pub fn js_error_text(e: &JsValue) -> String {
    let get = |k: &str| js_sys::Reflect::get(e, &k.into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
    match (get("name"), get("message")) {
        (n, m) if !n.is_empty() || !m.is_empty() => format!("{n}: {m}"),
        _ => e.as_string().unwrap_or_else(|| format!("{e:?}")),
    }
}

/// The text of a file to import, read as UTF-8 with no replacement: a file that is not
/// valid UTF-8 is refused (translated message naming the byte offset of the first bad
/// byte), so nothing is imported from it.
pub async fn read_text(file: &web_sys::File) -> Result<String, String> {
    let buf = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| t("import.unreadable").to_string())?;
    let bytes = js_sys::Uint8Array::new(&buf).to_vec();
    crate::record::schema::import_utf8(bytes).map_err(|offset| format!("{} {offset}", t("import.not_utf8")))
}

/// The local time as `YYYYMMDD-HHMM`, for file names.
fn stamp() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{}{:02}{:02}-{:02}{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// `referee-<what>-<stamp>.json`, e.g. the export of everything (`referee-all-…`).
pub fn stamped_name(what: &str) -> String {
    format!("referee-{what}-{}.json", stamp())
}

/// The export file name of match `m`, saying what it is: its event, game, round, table and
/// sides when an event on this device schedules it (`健康杯-掼蛋-R2-T3-绿队-黄队.json`), else
/// its game, title (or sides) and the time ([`crate::tournament::files::match_file_name`]).
pub fn match_file_name(m: &Match) -> String {
    let events = store::readable_events();
    let place = crate::tournament::files::place_of(&events, &m.id);
    let game = crate::i18n::game_name(ctx().lang.get_untracked(), m.setup.game());
    crate::tournament::files::match_file_name(place, game, &m.title, &m.setup.participants(), &stamp())
}

/// Downloads the matches and events as one JSON export file named `name` and, where the
/// Web Share API takes files and `share` is set, offers to share it. Records the export time.
pub fn export<M: std::borrow::Borrow<Match>>(matches: &[M], events: &[Event], name: &str, share: bool) {
    deliver(name, &crate::tournament::export_bundle(matches, events, now_ms()), share);
}

/// Downloads (or shares, see [`export`]) the export file `text` named `name`; records the
/// export time.
pub fn deliver(name: &str, text: &str, share: bool) {
    let name = name.to_string();
    if share {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let nav = window().navigator();
        let can =
            js_sys::Reflect::get(&nav, &"canShare".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        if let (Some(can), Ok(file)) = (
            can,
            web_sys::File::new_with_str_sequence_and_options(&parts, &name, &{
                let o = web_sys::FilePropertyBag::new();
                o.set_type("application/json");
                o
            }),
        ) {
            let data = js_sys::Object::new();
            let files = js_sys::Array::of1(&file);
            let _ = js_sys::Reflect::set(&data, &"files".into(), &files);
            if can.call1(&nav, &data).ok().and_then(|v| v.as_bool()) == Some(true) {
                if let Ok(f) =
                    js_sys::Reflect::get(&nav, &"share".into()).and_then(|f| f.dyn_into::<js_sys::Function>())
                {
                    let _ = f.call1(&nav, &data);
                    mark_exported();
                    return;
                }
            }
        }
    }
    download(&name, JSON, text);
    mark_exported();
}

/// The MIME type of the JSON files the app writes (exports, quarantined values).
pub const JSON: &str = "application/json";

/// Downloads `text` as a file named `name` of type `mime` (a link to a blob, clicked): the
/// one download of the app (exports, quarantined values, move records, event sheets).
pub fn download(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else { return };
    download_blob(name, &blob);
}

/// Downloads `blob` as a file named `name` (a link to it, clicked): [`download`]'s way, for
/// any content (a PNG picture).
pub fn download_blob(name: &str, blob: &web_sys::Blob) {
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else { return };
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

/// Records the export time in the settings. The file is out already; when the time
/// cannot be stored (storage full) the referee is told, and "last export" stays as it was
/// (what a reload would show).
fn mark_exported() {
    let c = ctx();
    let now = now_ms() as u64;
    let mut s = store::settings();
    s.last_export_ms = Some(now);
    match store::save_settings(&s) {
        Ok(()) => {
            c.last_export.set(Some(now));
            // The copies of deleted matches were kept until this export.
            store::clear_deleted();
            c.deleted_changed.update(|n| *n += 1);
        }
        Err(e) => alert(&super::save_error(crate::i18n::Action::ExportMark, &e)),
    }
}

/// Archives match `id` (`on`) or takes it out of the archive: the settings' `archived`
/// list. On error (storage full) the referee is told and nothing changes.
pub fn set_archived(id: &str, on: bool) {
    let c = ctx();
    let mut s = store::settings();
    s.archived.retain(|x| x != id);
    if on {
        s.archived.push(id.to_string());
    }
    match store::save_settings(&s) {
        Ok(()) => c.archived.set(s.archived),
        Err(e) => alert(&super::save_error(crate::i18n::Action::Settings, &e)),
    }
}

/// Deletes match `m` after the referee confirms, keeping a copy until the next export
/// ([`store::delete_keeping_copy`]); when even the copy cannot be stored, the match is
/// downloaded as a file first. Returns whether it was deleted.
pub fn delete_match(m: &Match) -> bool {
    let title = if m.title.is_empty() { m.id.clone() } else { m.title.clone() };
    let ask = t("io.delete_ask").replace("{title}", &title);
    if !window().confirm_with_message(&ask).unwrap_or(false) {
        return false;
    }
    let c = ctx();
    if store::delete_keeping_copy(m).is_err() {
        let name = match_file_name(m);
        download(&name, JSON, &schema::export(std::slice::from_ref(m), now_ms()));
        store::delete_match(&m.id);
        alert(&t("io.delete_downloaded").replace("{file}", &name));
    }
    c.matches.update(|ms| ms.retain(|x| x.id != m.id));
    c.deleted_changed.update(|n| *n += 1);
    true
}

/// Whether the share button makes sense here.
pub fn can_share() -> bool {
    js_sys::Reflect::has(&window().navigator(), &"canShare".into()).unwrap_or(false)
}

// The work of import, export-all and restore, split out of the main module in a release
// build (each fetched the first time it is used, precached like the pages): the home page
// is usable before this code is loaded. A debug build (the browser tests, `trunk serve`)
// is not split, and there they are plain async functions: the split's loader import would
// otherwise be left unresolved and the test module would not load. Pure
// work on the values given and storage, no event handlers or JS closures inside (those
// stay in the components that await these).

/// An import file's text read as matches and events ([`crate::tournament::parse_bundle`]).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn read_bundle(
    text: String,
) -> Result<(crate::tournament::Bundle, Option<crate::tournament::roster::Roster>), schema::ImportError> {
    Ok((crate::tournament::parse_bundle(&text)?, crate::tournament::parse_roster(&text)?))
}

/// Which part of an import could not be stored ([`store_import`]).
pub enum ImportFailed {
    /// An event (storage full, unavailable).
    Events(store::StoreError),
    /// The merge of the matches ([`store::merge_and_save`]).
    Matches(store::StoreError),
    /// The roster's teams not here ([`crate::tournament::roster::merge`]).
    Roster(store::StoreError),
}

/// Stores an import beside `local` (the matches on this device, all read): the events not
/// here yet first ([`crate::tournament::import_events`] against the stored ones), then
/// the matches merged ([`store::merge_and_save`]). When either cannot be stored, the
/// events stored here are taken out again: the import changes nothing. Gives the matches
/// changed, the merge's report, what became of the events and how many roster teams were
/// added. The file's roster teams not here are added first, and put back as they were when
/// the rest cannot be stored.
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn store_import(
    local: Vec<Match>,
    matches: Vec<Match>,
    events: Vec<Event>,
    roster: Option<crate::tournament::roster::Roster>,
) -> Result<(Vec<Match>, MergeReport, crate::tournament::EventImport, usize), ImportFailed> {
    let roster_before = store::roster_value();
    let mut teams_added = 0;
    if let Some(incoming) = roster {
        let (here, _) = store::read_roster(now_ms());
        let (merged, added) = crate::tournament::roster::merge(&here, &incoming);
        if added > 0 {
            store::save_roster(&merged).map_err(ImportFailed::Roster)?;
            teams_added = added;
        }
    }
    let put_back = |stored: &[&str]| {
        stored.iter().for_each(|id| store::delete_event(id));
        if teams_added > 0 {
            store::put_back_roster(roster_before.as_deref());
        }
    };
    let evs = crate::tournament::import_events(&store::readable_events(), &events);
    let mut stored: Vec<&str> = Vec::new();
    for e in &evs.added {
        if let Err(x) = store::save_event(e) {
            put_back(&stored);
            return Err(ImportFailed::Events(x));
        }
        stored.push(&e.id);
    }
    match store::merge_and_save(&local, &matches) {
        Err(e) => {
            put_back(&stored);
            Err(ImportFailed::Matches(e))
        }
        Ok((changed, report)) => Ok((changed, report, evs, teams_added)),
    }
}

/// The text of an export of `matches` and every event stored ([`crate::tournament::export_bundle`]).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn export_all_text(matches: Vec<std::sync::Arc<Match>>, now_ms: f64) -> String {
    let (roster, _) = store::read_roster(now_ms);
    crate::tournament::export_bundle_with(&matches, &store::readable_events(), Some(&roster), now_ms)
}

/// A quarantined value read back and merged into `local` ([`store::restore`]).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn restore_quarantined(key: String, local: Vec<Match>) -> Result<store::Restored, store::StoreError> {
    store::restore(&key, &local)
}

/// The stored copy of deleted match `id` merged into `local` as an import is
/// ([`store::deleted_match`], [`store::merge_and_save`]).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
pub async fn restore_deleted(id: String, local: Vec<Match>) -> Result<(Vec<Match>, MergeReport), store::StoreError> {
    store::deleted_match(&id).and_then(|m| store::merge_and_save(&local, &[m]))
}

/// What a merge left for the referee to choose ([`sync::conflicts_of`]).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn conflicts_of(
    local: Vec<Match>,
    incoming: Vec<Match>,
    report: MergeReport,
    file: String,
) -> Vec<sync::Conflict> {
    sync::conflicts_of(&local, &incoming, &report, &file, now_ms())
}

/// A conflict settled as the referee chose, `reason` logged with it
/// ([`sync::resolution_entries`]) and stored. `Ok(false)` when its match is not here;
/// `Err` the translated reason it was refused or not stored (nothing changed).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn resolve_conflict(
    c: super::Ctx,
    cf: sync::Conflict,
    choice: sync::Choice,
    reason: String,
) -> Result<bool, String> {
    c.ensure_loaded();
    let Some(m) = c.matches.with_untracked(|ms| ms.iter().find(|x| x.id == cf.match_id).map(|m| Match::clone(m)))
    else {
        return Ok(false);
    };
    match sync::resolution_entries(&m, &cf, choice, &reason, || super::new_id("e"), now_ms()) {
        Err(e) => Err(format!("{}: {}", t("ev.sync.refused"), super::refusal_text(&e))),
        Ok((next, added)) => {
            if !added.is_empty() {
                store::save_match(&next).map_err(|e| format!("{}: {e}", t("err.save")))?;
                c.put(next);
            }
            Ok(true)
        }
    }
}

#[derive(Clone)]
struct Pending {
    matches: Vec<Match>,
    events: Vec<Event>,
    roster: Option<crate::tournament::roster::Roster>,
    file: String,
}

/// Export-all and import, with a preview of what a file holds before anything changes.
#[component]
pub fn ImportExport() -> impl IntoView {
    let c = ctx();
    let pending: RwSignal<Option<Pending>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let done: RwSignal<Option<MergeReport>> = RwSignal::new(None);
    let events_done: RwSignal<Option<crate::tournament::EventImport>> = RwSignal::new(None);
    // What the last merge left for the referee to choose (forks, differing entries).
    let choices: RwSignal<Vec<sync::Conflict>> = RwSignal::new(Vec::new());
    let on_file = move |ev: leptos::ev::Event| {
        error.set(None);
        done.set(None);
        events_done.set(None);
        pending.set(None);
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        input.set_value("");
        let name = file.name();
        if file.size() > MAX_IMPORT_BYTES as f64 {
            error.set(Some(format!("{name}: {} ({} > {MAX_IMPORT_BYTES} bytes)", t("import.too_big"), file.size())));
            return;
        }
        leptos::task::spawn_local(async move {
            // The preview says which matches are already here.
            super::reading::read_all(c).await;
            let text = match read_text(&file).await {
                Ok(text) => text,
                Err(e) => {
                    error.set(Some(format!("{name}: {e}")));
                    return;
                }
            };
            match read_bundle(text).await {
                Ok((b, roster)) => {
                    pending.set(Some(Pending { matches: b.matches, events: b.events, roster, file: name }))
                }
                Err(e) => error.set(Some(format!("{name}: {} — {}", t("import.invalid"), field_and_reason(&e)))),
            }
        });
    };
    // 扫码导入: the codes' document goes to the same preview and merge as a file.
    let scan_start = Callback::new(move |_| {
        leptos::task::spawn_local(super::reading::read_all(c));
        error.set(None);
        done.set(None);
        events_done.set(None);
        pending.set(None);
    });
    let scan_done = Callback::new(move |r: Result<crate::tournament::Bundle, super::scan::ScanFailed>| {
        let name = t("qr.scanned").to_string();
        match r {
            // A table sends one match's export: there is no roster in it.
            Ok(b) => pending.set(Some(Pending { matches: b.matches, events: b.events, roster: None, file: name })),
            Err(super::scan::ScanFailed::Unreadable) => error.set(Some(format!("{name}: {}", t("qr.unreadable")))),
            Err(super::scan::ScanFailed::Invalid(e)) => {
                error.set(Some(format!("{name}: {} — {}", t("import.invalid"), field_and_reason(&e))))
            }
        }
    });
    // One merge at a time: a second tap while the first is loading its code or storing
    // does nothing.
    let merging = StoredValue::new(false);
    let confirm = move |_| {
        let Some(p) = pending.get_untracked() else { return };
        if merging.get_value() {
            return;
        }
        merging.set_value(true);
        leptos::task::spawn_local_scoped(async move {
            super::reading::read_all(c).await;
            let local: Vec<Match> = c.matches.with_untracked(|ms| ms.iter().map(|m| Match::clone(m)).collect());
            let file = p.file.clone();
            let incoming = p.matches.clone();
            match store_import(local.clone(), p.matches, p.events, p.roster).await {
                Err(ImportFailed::Matches(store::StoreError::Invalid(e))) => {
                    error.set(Some(format!("{}: {}", t("import.invalid"), field_and_reason(&e))))
                }
                Err(ImportFailed::Events(e) | ImportFailed::Matches(e) | ImportFailed::Roster(e)) => {
                    error.set(Some(super::save_error(crate::i18n::Action::Import, &e)))
                }
                Ok((changed, report, evs, teams)) => {
                    if !evs.added.is_empty() || teams > 0 {
                        c.events_changed.update(|n| *n += 1);
                    }
                    events_done.set(Some(evs));
                    for m in changed {
                        c.put(m);
                    }
                    choices.set(conflicts_of(local, incoming, report.clone(), file).await);
                    pending.set(None);
                    done.set(Some(report));
                }
            }
            merging.try_set_value(false);
        });
    };
    // The referee keeps one of two versions: logged as the desk's choices are
    // (`sync::resolution_entries`: the other version stays in the log).
    let resolve = move |cf: sync::Conflict, choice: sync::Choice| {
        let reason = match choice {
            sync::Choice::Local => t("ev.sync.reason_local"),
            sync::Choice::Incoming => t("ev.sync.reason_file"),
        };
        let reason = format!("{reason} ({})", cf.file);
        leptos::task::spawn_local_scoped(async move {
            match resolve_conflict(c, cf.clone(), choice, reason).await {
                Err(e) => error.set(Some(e)),
                Ok(true) => choices.update(|v| v.retain(|x| *x != cf)),
                Ok(false) => {}
            }
        });
    };
    view! {
        <section class="io">
            <h2>{tx("io.title")}</h2>
            <div class="actions">
                <button
                    class="btn"
                    id="export-all"
                    on:click=move |_| {
                        leptos::task::spawn_local_scoped(async move {
                            super::reading::read_all(c).await;
                            let matches = c.matches.get_untracked();
                            let text = export_all_text(matches, now_ms()).await;
                            deliver(&stamped_name("all"), &text, false);
                        });
                    }
                >
                    {tx("io.export_all")}
                </button>
                <label class="btn file">
                    {tx("io.import")}
                    <input type="file" id="import-file" accept="application/json,.json" on:change=on_file />
                </label>
                <super::scan::ScanImport on_start=scan_start on_done=scan_done />
            </div>
            <p class="muted">
                {tx("io.last_export")}": "
                {move || c.last_export.get().map(|ms| fmt_time(ms as f64)).unwrap_or_else(|| t("io.never").to_string())}
            </p>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id="import-error">
                                {e}
                            </div>
                        }
                    })
            }}
            {move || {
                pending
                    .get()
                    .map(|p| {
                        let hands: usize = p.matches.iter().map(hands).sum();
                        let rows = p
                            .matches
                            .iter()
                            .map(|m| {
                                let known = c.matches.with_untracked(|ms| ms.iter().any(|x| x.id == m.id));
                                view! {
                                    <li>
                                        {title(m)}" · "{m.entries.len()}" "{t("io.entries")}
                                        {if known { format!(" ({})", t("io.known")) } else { String::new() }}
                                    </li>
                                }
                            })
                            .collect_view();
                        view! {
                            <div class="banner info" id="import-preview">
                                <p>
                                    <strong>{p.file.clone()}</strong>
                                    ": "
                                    {p.matches.len()}
                                    " "
                                    {t("io.matches")}
                                    ", "
                                    {hands}
                                    " "
                                    {t("home.hands")}
                                    {(!p.events.is_empty())
                                        .then(|| {
                                            format!(
                                                ", {} {}: {}",
                                                p.events.len(),
                                                t("io.events"),
                                                p.events.iter().map(|e| e.name.as_str()).collect::<Vec<_>>().join(", "),
                                            )
                                        })}
                                    {p.roster.as_ref().map(|r| format!(", {} {}", r.teams.len(), t("roster.teams_n")))}
                                </p>
                                <ul>{rows}</ul>
                                <div class="actions">
                                    <button class="btn primary" id="import-confirm" on:click=confirm>
                                        {tx("io.merge")}
                                    </button>
                                    <button class="btn" on:click=move |_| pending.set(None)>
                                        {tx("common.cancel")}
                                    </button>
                                </div>
                            </div>
                        }
                    })
            }}
            {move || {
                done.get()
                    .map(|r| {
                        view! {
                            <div class="banner ok" role="status" id="import-done">
                                {t("io.done")}
                                ": "
                                {r.added.len()}
                                " "
                                {t("io.added")}
                                ", "
                                {r.extended.len()}
                                " "
                                {t("io.extended")}
                                ", "
                                {r.unchanged.len()}
                                " "
                                {t("io.unchanged")}
                                {(!r.conflicts.is_empty())
                                    .then(|| format!(", {} {}", r.conflicts.len(), t("io.conflicts")))}
                                {(!r.setup_differs.is_empty())
                                    .then(|| format!(", {} {}", r.setup_differs.len(), t("io.setup_differs")))}
                                {(!r.not_fitting.is_empty())
                                    .then(|| format!(", {} {}", r.not_fitting.len(), t("io.not_fitting")))}
                                {(!r.forks.is_empty()).then(|| format!(", {} {}", r.forks.len(), t("io.forks")))}
                                {(!r.same_entry.is_empty())
                                    .then(|| format!(", {} {}", r.same_entry.len(), t("io.same_entry")))}
                                {events_done
                                    .get()
                                    .filter(|x| {
                                        !x.added.is_empty() || !x.unchanged.is_empty() || !x.kept_local.is_empty()
                                    })
                                    .map(|x| {
                                        let mut s = format!(
                                            "; {}: {} {}, {} {}",
                                            t("io.events"),
                                            x.added.len(),
                                            t("io.events_added"),
                                            x.unchanged.len(),
                                            t("io.events_unchanged"),
                                        );
                                        if !x.kept_local.is_empty() {
                                            s.push_str(
                                                &format!("; {}: {}", t("io.events_kept"), x.kept_local.join(", ")),
                                            );
                                        }
                                        s
                                    })}
                                {(!r.not_fitting.is_empty())
                                    .then(|| {
                                        view! {
                                            <ul class="not-fitting" id="import-not-fitting">
                                                {r
                                                    .not_fitting
                                                    .iter()
                                                    .map(|(m, e, why)| {
                                                        view! {
                                                            <li>
                                                                {format!("{m} / {e}: {}", super::left_out_text(why))}
                                                            </li>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </ul>
                                        }
                                    })}
                            </div>
                        }
                    })
            }}
            {move || {
                let list = choices.get();
                (!list.is_empty())
                    .then(|| {
                        let l = c.lang.get();
                        let ms = c.matches.get();
                        view! {
                            <div class="banner warn" id="import-choices">
                                <p>{t("io.choose")}</p>
                                <ul class="conflicts">
                                    {list
                                        .into_iter()
                                        .map(|cf| {
                                            let m = ms.iter().find(|m| m.id == cf.match_id).map(|m| &**m);
                                            let no = m.and_then(|m| hand_number(m, &cf.local.id));
                                            let head = format!(
                                                "{}{}",
                                                m.map(title).unwrap_or_else(|| cf.match_id.clone()),
                                                no.map(|n| format!(" · #{n}")).unwrap_or_default(),
                                            );
                                            let target = cf.clone();
                                            super::events::conflict_item(
                                                l,
                                                m,
                                                &cf,
                                                head,
                                                move |choice| { resolve(target.clone(), choice) },
                                            )
                                        })
                                        .collect_view()}
                                </ul>
                            </div>
                        }
                    })
            }}
        </section>
    }
}

/// The number of hand `id` among the hands of `m` that count (1 for the first).
fn hand_number(m: &Match, id: &str) -> Option<usize> {
    let voided = m.voided();
    let mut n = 0;
    for e in &m.entries {
        if matches!(e.op, Op::Hand { .. }) && !voided.contains(e.id.as_str()) {
            n += 1;
            if e.id == id {
                return Some(n);
            }
        }
    }
    None
}

/// A match's title, or its id when untitled.
fn title(m: &Match) -> String {
    if m.title.is_empty() {
        m.id.clone()
    } else {
        m.title.clone()
    }
}

/// Hand entries in a match's log.
fn hands(m: &Match) -> usize {
    m.entries.iter().filter(|e| matches!(e.op, Op::Hand { .. })).count()
}

/// `field: reason` of a file error (`(file)` for the file as a whole).
pub(crate) fn field_and_reason(e: &schema::ImportError) -> String {
    format!("{}: {}", if e.field.is_empty() { t("io.whole_file") } else { &e.field }, super::reason_of(e, false))
}

/// The outcome of the last restore of a quarantined value: the message to show, `Ok` on
/// success. Shown by [`RestoreMessage`].
pub type RestoreMsg = RwSignal<Option<Result<String, String>>>;

/// The two actions of one quarantined value (`key` is where it is now, a
/// [`store::QUARANTINE_PREFIX`] key): 恢复 reads it back and merges it into this device
/// ([`store::restore`]; the app's matches and quarantine list follow; a value not all
/// applied stays listed, and the message says why), 下载 saves the raw value as a
/// `.json` file. The outcome goes to `msg`; on error nothing changes.
#[component]
pub fn QuarantineActions(key: String, msg: RestoreMsg) -> impl IntoView {
    let c = ctx();
    let (k, k2) = (key.clone(), key.clone());
    let restore = move |_| {
        let k = k.clone();
        leptos::task::spawn_local_scoped(async move {
            super::reading::read_all(c).await;
            let local: Vec<Match> = c.matches.with_untracked(|ms| ms.iter().map(|m| Match::clone(m)).collect());
            msg.set(Some(match restore_quarantined(k.clone(), local).await {
                Ok(r) => {
                    let what: Vec<String> =
                        r.matches.iter().map(|m| format!("{}, {} {}", title(m), hands(m), t("home.hands"))).collect();
                    let conflicts = r.report.conflicts.len();
                    for m in r.matches {
                        c.put(m);
                    }
                    let mut extra =
                        if conflicts > 0 { format!(" ({conflicts} {})", t("io.conflicts")) } else { String::new() };
                    if r.kept {
                        // Not all of it applied: it stays quarantined, to be downloaded.
                        let mut why = Vec::new();
                        if conflicts > 0 {
                            why.push(format!("{conflicts} {}", t("quarantine.kept_entries")));
                        }
                        if !r.report.setup_differs.is_empty() {
                            why.push(t("quarantine.kept_setup").to_string());
                        }
                        if !r.report.not_fitting.is_empty() {
                            why.push(format!("{} {}", r.report.not_fitting.len(), t("io.not_fitting")));
                        }
                        extra.push_str(&format!(". {}{}", t("quarantine.kept"), why.join(t("quarantine.kept_and"))));
                    } else {
                        c.quarantined.update(|q| q.retain(|x| x.moved_to != k));
                    }
                    Ok(format!("{}{}{extra}", t("quarantine.restored"), what.join("; ")))
                }
                Err(store::StoreError::Invalid(e)) => {
                    Err(format!("{k}: {} — {}", t("quarantine.refused"), field_and_reason(&e)))
                }
                Err(e) => Err(super::save_error(crate::i18n::Action::Restore, &e)),
            }));
        });
    };
    let save = move |_| {
        if let Some(text) = store::quarantined_value(&k2) {
            download(&format!("{k2}.json"), JSON, &text);
        }
    };
    view! {
        <div class="actions">
            <button class="btn restore" data-key=key.clone() on:click=restore>
                {tx("quarantine.restore")}
            </button>
            <button class="btn download" data-key=key on:click=save>
                {tx("quarantine.download")}
            </button>
        </div>
    }
}

/// The outcome of the last restore: `#restore-done` or `#restore-error`.
#[component]
pub fn RestoreMessage(msg: RestoreMsg) -> impl IntoView {
    move || {
        msg.get().map(|r| match r {
            Ok(s) => view! {
                <div class="banner ok" role="status" id="restore-done">
                    {s}
                </div>
            }
            .into_any(),
            Err(s) => view! {
                <div class="banner error" role="alert" id="restore-error">
                    {s}
                </div>
            }
            .into_any(),
        })
    }
}
