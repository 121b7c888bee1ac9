//! The import/export panel of home and settings (export-all; import: validate all, preview,
//! then merge), the restore actions of quarantined values, and the work they run (split out
//! of the main module in a release build).

use super::*;
use crate::rules::Arg;
use crate::ui::{self, ctx, fmt_time, now_ms, t, tx};

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

/// The event kept in the quarantine under `key` restored ([`restore_event`]); `None` when
/// `key` holds no event ([`store::quarantined_event`]).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn restore_kept_event(c: ui::Ctx, key: String) -> Option<Result<String, String>> {
    let kept = store::quarantined_event(&key)?;
    Some(restore_event(c, &key, kept))
}

/// The stored copy of deleted match `id` merged into `local` as an import is
/// ([`store::deleted_match`], [`store::merge_and_save`]). A copy that does not read is
/// moved aside ([`store::set_aside_deleted`]) and returned with the error, to be reported.
#[cfg_attr(not(debug_assertions), leptos::lazy)]
pub async fn restore_deleted(
    id: String,
    local: Vec<Match>,
) -> Result<(Vec<Match>, MergeReport), (store::StoreError, Option<store::Quarantined>)> {
    let m = match store::deleted_match(&id) {
        Ok(m) => m,
        Err(store::StoreError::Invalid(e)) => {
            let q = store::set_aside_deleted(&id, e.clone(), now_ms());
            return Err((store::StoreError::Invalid(e), q));
        }
        Err(e) => return Err((e, None)),
    };
    store::merge_and_save(&local, &[m]).map_err(|e| (e, None))
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
    c: ui::Ctx,
    cf: sync::Conflict,
    choice: sync::Choice,
    reason: String,
) -> Result<bool, String> {
    c.ensure_loaded();
    let Some(m) = c.matches.with_untracked(|ms| ms.iter().find(|x| x.id == cf.match_id).map(|m| Match::clone(m)))
    else {
        return Ok(false);
    };
    match sync::resolution_entries(&m, &cf, choice, &reason, || ui::new_id("e"), now_ms()) {
        Err(e) => Err(format!("{}: {}", t("ev.sync.refused"), ui::refusal_text(&e))),
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

/// [`ImportExport`], drawn once the home screen is painted: in a release build its code
/// and the QR scanner's are split out of the main module, and fetched then.
pub async fn import_export_later() -> AnyView {
    ui::widgets::next_paint().await;
    import_export_view().await
}

#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn import_export_view() -> AnyView {
    view! { <ImportExport /> }.into_any()
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
            ui::reading::read_all(c).await;
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
        leptos::task::spawn_local(ui::reading::read_all(c));
        error.set(None);
        done.set(None);
        events_done.set(None);
        pending.set(None);
    });
    let scan_done = Callback::new(move |r: Result<crate::tournament::Bundle, ui::scan::ScanFailed>| {
        let name = t("qr.scanned").to_string();
        match r {
            // A table sends one match's export: there is no roster in it.
            Ok(b) => pending.set(Some(Pending { matches: b.matches, events: b.events, roster: None, file: name })),
            Err(ui::scan::ScanFailed::Unreadable) => error.set(Some(format!("{name}: {}", t("qr.unreadable")))),
            Err(ui::scan::ScanFailed::Invalid(e)) => {
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
            ui::reading::read_all(c).await;
            let local: Vec<Match> = c.matches.with_untracked(|ms| ms.iter().map(|m| Match::clone(m)).collect());
            let file = p.file.clone();
            let incoming = p.matches.clone();
            match store_import(local.clone(), p.matches, p.events, p.roster).await {
                Err(ImportFailed::Matches(store::StoreError::Invalid(e))) => {
                    error.set(Some(format!("{}: {}", t("import.invalid"), field_and_reason(&e))))
                }
                Err(ImportFailed::Events(e) | ImportFailed::Matches(e) | ImportFailed::Roster(e)) => {
                    error.set(Some(ui::save_error(crate::i18n::Action::Import, &e)))
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
                            ui::reading::read_all(c).await;
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
                <ui::scan::ScanImport on_start=scan_start on_done=scan_done />
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
                                    {crate::ui::hands_word(hands)}
                                    {(!p.events.is_empty())
                                        .then(|| {
                                            format!(
                                                ", {} {}: {}",
                                                p.events.len(),
                                                t("io.events"),
                                                p
                                                    .events
                                                    .iter()
                                                    .map(|e| crate::bidi::isolated(&e.name))
                                                    .collect::<Vec<_>>()
                                                    .join(", "),
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
                                                            <li>{format!("{m} / {e}: {}", ui::left_out_text(why))}</li>
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
                                            ui::events::conflict_item(
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

/// A match's title for display (isolated, [`crate::bidi::isolated`]), or its id when untitled.
fn title(m: &Match) -> String {
    if m.title.is_empty() {
        m.id.clone()
    } else {
        crate::bidi::isolated(&m.title)
    }
}

/// Hand entries in a match's log.
fn hands(m: &Match) -> usize {
    m.entries.iter().filter(|e| matches!(e.op, Op::Hand { .. })).count()
}

/// `field: reason` of a file error (`(file)` for the file as a whole).
pub fn field_and_reason(e: &schema::ImportError) -> String {
    format!("{}: {}", if e.field.is_empty() { t("io.whole_file") } else { &e.field }, ui::reason_of(e, false))
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
            // An event kept aside restores as an event, asking before it replaces one; its
            // code is fetched with the restore, not with the home page.
            if let Some(said) = restore_kept_event(c, k.clone()).await {
                msg.set(Some(said));
                return;
            }
            ui::reading::read_all(c).await;
            let local: Vec<Match> = c.matches.with_untracked(|ms| ms.iter().map(|m| Match::clone(m)).collect());
            msg.set(Some(match restore_quarantined(k.clone(), local).await {
                Ok(r) => {
                    let what: Vec<String> = r
                        .matches
                        .iter()
                        .map(|m| format!("{}, {} {}", title(m), hands(m), crate::ui::hands_word(hands(m))))
                        .collect();
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
                Err(e) => Err(ui::save_error(crate::i18n::Action::Restore, &e)),
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

/// Restores an event kept in the quarantine under `moved_to` (`kept`: what it holds, read),
/// as an event file is imported on the events page: an event of its id stored here and
/// different is not written over silently (an event cannot be merged entry by entry as a
/// match is): the referee is asked, with what differs ([`crate::tournament::compare_events`]),
/// and on yes that one is kept aside in its turn ([`store::replace_event`], reason "replaced
/// by restoring `moved_to`"). An equal one stored: the copy is removed from the quarantine.
/// A copy that does not read is refused and stays. Gives the message; on error or a no
/// nothing changes.
fn restore_event(c: ui::Ctx, moved_to: &str, kept: Result<Event, schema::ImportError>) -> Result<String, String> {
    let e = kept.map_err(|x| format!("{moved_to}: {} — {}", t("quarantine.refused"), field_and_reason(&x)))?;
    let label = crate::bidi::isolated(&e.name);
    let now = now_ms();
    let why = match store::read_event(&e.id) {
        Ok(Some(stored)) => {
            let Some(d) = crate::tournament::compare_events(&stored, &e) else {
                store::drop_quarantined(moved_to);
                c.quarantined.update(|q| q.retain(|x| x.moved_to != moved_to));
                return Ok(format!("{} {label}", t("quarantine.event_same")));
            };
            let ask = format!(
                "{}\n\n{}",
                ui::events::versions_text(c.lang.get_untracked(), &d, ui::events::VERSIONS_KEPT),
                t("quarantine.event_replace_ask")
            );
            if !window().confirm_with_message(&ask).unwrap_or(false) {
                return Ok(format!("{} {label}", t("quarantine.event_cancelled")));
            }
            Some(schema::ImportError::said(
                "",
                "q.replaced_by_restore",
                vec![("key", Arg::Text(moved_to.to_string())), ("time", Arg::Text(fmt_time(now)))],
            ))
        }
        Ok(None) => None,
        // A stored value that does not read is kept aside with why.
        Err(unread) => Some(unread),
    };
    let failed = |x: store::StoreError| ui::save_error(crate::i18n::Action::Restore, &x);
    let replaced = match why {
        Some(why) => store::replace_event(&e, why, now).map_err(failed)?,
        None => store::save_event(&e).map(|()| None).map_err(failed)?,
    };
    store::drop_quarantined(moved_to);
    let more = if replaced.is_some() { format!(" {}", t("quarantine.event_replaced_kept")) } else { String::new() };
    c.quarantined.update(|q| {
        q.retain(|x| x.moved_to != moved_to);
        q.extend(replaced);
    });
    c.events_changed.update(|n| *n += 1);
    Ok(format!("{} {label}.{more}", t("quarantine.event_restored")))
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
