//! Home: matches stored on this device, newest first; the sample; import and export.

use super::{ctx, fmt_time, io, now_ms, t, tx};
use crate::i18n::Lang;
use crate::record::index::Row;
use crate::record::{sample, Match};
use crate::store;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_navigate;

/// A match's remembered summary line: (entries, newest entry id, language, text).
type Summary = (usize, Option<String>, Lang, String);

thread_local! {
    /// The list's summary line of each match, as computed for its log's length and last
    /// entry and the language (a summary replays the match: once per version, not on every
    /// visit to the list).
    static SUMMARIES: std::cell::RefCell<std::collections::HashMap<String, Summary>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// The game's summary line ([`super::games::summary`]), remembered per version of the match and language: the home list's
/// second line, also the index rows' ([`store::set_summarizer`]).
pub(super) fn summary(m: &Match) -> String {
    let lang = ctx().lang.get_untracked();
    let last = m.entries.last().map(|e| e.id.as_str());
    let hit = SUMMARIES.with(|c| {
        c.borrow()
            .get(&m.id)
            .filter(|(n, l, g, _)| *n == m.entries.len() && l.as_deref() == last && *g == lang)
            .map(|x| x.3.clone())
    });
    if let Some(s) = hit {
        return s;
    }
    let s = super::games::summary(m);
    SUMMARIES
        .with(|c| c.borrow_mut().insert(m.id.clone(), (m.entries.len(), last.map(str::to_string), lang, s.clone())));
    s
}

/// One line of the home list: from a stored index row until every match is read, then
/// from the match itself.
#[derive(Clone, Debug, PartialEq)]
struct Line<'a> {
    id: &'a str,
    title: &'a str,
    summary: std::borrow::Cow<'a, str>,
    updated_ms: f64,
}

impl<'a> Line<'a> {
    /// From the match itself: its summary by the summarizer the reading of the matches set
    /// ([`store::summarize`], [`summary`]), so that the games' code is not in the main module.
    fn of_match(m: &'a Match) -> Line<'a> {
        let title = if m.title.is_empty() { &m.id } else { &m.title };
        let summary = store::summarize(m).map(|(_, s)| s).unwrap_or_default();
        Line { id: &m.id, title, summary: summary.into(), updated_ms: m.updated_ms() }
    }

    fn of_row(r: &'a Row) -> Line<'a> {
        Line {
            id: &r.id,
            title: r.shown_title(),
            summary: r.summary.as_deref().unwrap_or_default().into(),
            updated_ms: r.updated_ms,
        }
    }
}

/// The list's items as HTML, every text escaped: one `innerHTML` for 300 rows instead of
/// 300 × 8 DOM calls. Each item is a plain link (the router takes its clicks).
fn list_html<'a>(lines: impl Iterator<Item = Line<'a>>) -> String {
    let mut out = String::new();
    for l in lines {
        out.push_str("<li><a class=\"match-link\" href=\"/match/");
        crate::html::push_escaped(&mut out, l.id);
        out.push_str("\"><span class=\"title\">");
        crate::html::push_escaped(&mut out, &crate::bidi::isolate(l.title));
        out.push_str("</span><span class=\"sub\">");
        crate::html::push_escaped(&mut out, &l.summary);
        out.push_str("</span><span class=\"time\">");
        crate::html::push_escaped(&mut out, &fmt_time(l.updated_ms));
        out.push_str("</span></a></li>");
    }
    out
}

/// The sample match stored (unless it is here already) and put in the app state; its id, or
/// the translated reason it could not be stored. Split out of the main module with the code
/// that reads the matches ([`super::reading`]).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn open_sample(c: super::Ctx) -> Result<String, String> {
    c.ensure_loaded();
    let m = sample::shengji_sample(now_ms());
    let id = m.id.clone();
    if !c.matches.with_untracked(|ms| ms.iter().any(|x| x.id == id)) {
        store::save_match(&m).map_err(|e| super::save_error(crate::i18n::Action::Sample, &e))?;
        super::added_match(m);
    }
    Ok(id)
}

/// The home screen.
#[component]
pub fn Home() -> impl IntoView {
    let c = ctx();
    let navigate = use_navigate();
    // The list, from the index rows until every match is read, then from the matches
    // (the same text when the rows were right: then the list is not written again).
    // Archived matches are listed apart (`shelf`: false = the list, true = the archive).
    let lines = move |shelf: bool| {
        c.archived.with(|a| {
            let keep = |id: &str| a.iter().any(|x| x == id) == shelf;
            if c.loaded.get() {
                c.matches.with(|ms| list_html(ms.iter().filter(|m| keep(&m.id)).map(|m| Line::of_match(m))))
            } else {
                c.first_rows.with(|rs| list_html(rs.iter().filter(|r| keep(&r.id)).map(Line::of_row)))
            }
        })
    };
    let list = Memo::new(move |_| lines(false));
    let shelf = Memo::new(move |_| lines(true));
    let shelf_count = move || {
        c.archived.with(|a| {
            if c.loaded.get() {
                c.matches.with(|ms| ms.iter().filter(|m| a.contains(&m.id)).count())
            } else {
                c.first_rows.with(|rs| rs.iter().filter(|r| a.contains(&r.id)).count())
            }
        })
    };
    // A kept copy that does not name a match is not offered for restore: it is moved aside
    // and reported.
    let unreadable = store::set_aside_unreadable_deleted(now_ms());
    if !unreadable.is_empty() {
        c.quarantined.update(|q| q.extend(unreadable));
    }
    let deleted = Memo::new(move |_| {
        c.deleted_changed.track();
        store::deleted()
    });
    // Restoring merges the copy as an import does: a match of the same id stored since
    // (re-imported, or the sample opened again) keeps its entries, the copy's are added.
    let restore = move |id: String| {
        leptos::task::spawn_local_scoped(async move {
            super::reading::read_all(c).await;
            let local: Vec<Match> = c.matches.with_untracked(|ms| ms.iter().map(|x| Match::clone(x)).collect());
            match io::restore_deleted(id.clone(), local).await {
                Ok((changed, _)) => {
                    for m in changed {
                        c.put(m);
                    }
                    store::drop_deleted(&id);
                    c.deleted_changed.update(|n| *n += 1);
                }
                Err((e, moved)) => {
                    if let Some(q) = moved {
                        c.quarantined.update(|v| v.push(q));
                        c.deleted_changed.update(|n| *n += 1);
                    }
                    io::alert(&super::save_error(crate::i18n::Action::RestoreDeleted, &e))
                }
            }
        });
    };
    // The matches are read after the list is first drawn.
    c.read_after_paint();
    // Rows the last commits left out of date (their summaries are computed for the list).
    if c.loaded.get_untracked() {
        c.matches.with_untracked(|ms| store::write_due_rows(ms));
    }
    let open_sample = move |_| {
        let navigate = navigate.clone();
        leptos::task::spawn_local_scoped(async move {
            if !super::strings_ready(c).await {
                io::alert(t("err.strings"));
                return;
            }
            match open_sample(c).await {
                Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
                Err(e) => io::alert(&e),
            }
        });
    };
    let restored: io::RestoreMsg = RwSignal::new(None);
    let stale = move || {
        let last = c.last_export.get().unwrap_or(0) as f64;
        let day_ago = now_ms() - 86_400_000.0;
        c.matches.with(|ms| ms.iter().flat_map(|m| &m.entries).any(|e| e.at_ms > last && e.at_ms < day_ago))
    };
    view! {
        <section class="page home">
            <Show when=move || !c.quarantined.with(|q| q.is_empty())>
                <div class="banner warn" role="alert">
                    <strong>{tx("home.quarantine")}</strong>
                    <ul>
                        <For each=move || c.quarantined.get() key=|q| q.moved_to.clone() let:q>
                            <li>
                                <code>{q.key.clone()}</code>
                                " → "
                                <code>{q.moved_to.clone()}</code>
                                ": "
                                {crate::ui::quarantine_reason(&q.error)}
                                {q
                                    .moved_to
                                    .starts_with(store::QUARANTINE_PREFIX)
                                    .then(|| view! { <io::QuarantineActions key=q.moved_to.clone() msg=restored /> })}
                            </li>
                        </For>
                    </ul>
                </div>
            </Show>
            // Values moved aside earlier (another start, another page) stay in the quarantine
            // until restored or removed: home says so while any is there, not only on the
            // start that moved it.
            {move || {
                c.quarantined.track();
                restored.track();
                let n = store::quarantined().len();
                (n > 0 && c.quarantined.with(|q| q.is_empty()))
                    .then(|| {
                        view! {
                            <div class="banner warn" role="status" id="quarantine-kept">
                                {t("home.quarantine_kept").replace("{n}", &n.to_string())}
                                " "
                                <A href="/about">{tx("nav.about")}</A>
                            </div>
                        }
                    })
            }}
            <io::RestoreMessage msg=restored />
            <Show when=stale>
                <div class="banner warn" role="status">
                    {tx("home.export_reminder")}
                </div>
            </Show>
            <div class="actions">
                <A href="/new" attr:class="btn primary big">
                    {tx("home.new")}
                </A>
                <button class="btn big" id="open-sample" on:click=open_sample>
                    {tx("home.sample")}
                </button>
            </div>
            <h2>{tx("home.list")}</h2>
            <Show
                when=move || !list.with(String::is_empty)
                fallback=move || view! { <p class="empty">{tx("home.none")}</p> }
            >
                <ul class="match-list" inner_html=list></ul>
            </Show>
            <Show when=move || { shelf_count() > 0 }>
                <details class="archived" id="archived">
                    <summary>{tx("home.archived")}" ("{shelf_count}")"</summary>
                    <ul class="match-list" inner_html=shelf></ul>
                </details>
            </Show>
            <Show when=move || !deleted.with(Vec::is_empty)>
                <div class="banner info" id="deleted">
                    <p>{tx("home.deleted")}</p>
                    <ul>
                        {move || {
                            deleted
                                .get()
                                .into_iter()
                                .map(|d| {
                                    let id = d.id.clone();
                                    let name = crate::tournament::files::file_name(&[&d.title], "json");
                                    let text = d.text.clone();
                                    view! {
                                        <li class="deleted-row">
                                            <span class="title">{crate::bidi::isolated(&d.title)}</span>
                                            <button class="btn restore" on:click=move |_| restore(id.clone())>
                                                {tx("home.restore")}
                                            </button>
                                            <button class="btn" on:click=move |_| io::download(&name, io::JSON, &text)>
                                                {tx("home.download")}
                                            </button>
                                        </li>
                                    }
                                })
                                .collect_view()
                        }}
                    </ul>
                </div>
            </Show>
            {Suspend::new(send_wrapper::SendWrapper::new(io::import_export_later()))}
        </section>
    }
}
