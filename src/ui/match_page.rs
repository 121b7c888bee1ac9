//! `/match/:id`: the stored match, mounted as its game's page (the UI registry,
//! [`super::games::page`]) under its 记录 / 规则 tabs ([`super::rules_tab::MatchTabs`]), or why
//! there is none.

use super::{ctx, tx};
use crate::i18n::tr;
use crate::record::Match;
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;
use std::sync::Arc;

/// `/match/:id`.
#[component]
pub fn MatchPage() -> impl IntoView {
    let c = ctx();
    crate::ui::parts::EntryNamer::provide();
    crate::ui::parts::FieldRefusals::provide();
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
    // What the game page is given: the match, and once it is gone (deleted here or in
    // another tab) still its last version, so that the page's own memos and deferred
    // renders never find it missing while `game` takes the page down.
    let shown = Memo::new_with_compare(
        move |prev: Option<&Option<Arc<Match>>>| match (m.get(), prev) {
            (None, Some(Some(p))) if p.id == id.get_untracked() => Some(p.clone()),
            (now, _) => now,
        },
        |a: Option<&Option<Arc<Match>>>, b: Option<&Option<Arc<Match>>>| match (a, b) {
            (Some(Some(a)), Some(Some(b))) => !Arc::ptr_eq(a, b),
            (Some(None), Some(None)) => false,
            _ => true,
        },
    );
    // A table of a fixture decided by a disqualification ruled at another table (or in
    // another fixture), or by late arrivals in consecutive rounds, the last recorded here or
    // elsewhere (004 第三篇 §六4): the events that link this match, then the ruling read from
    // their competitions' matches (RULES.md §0 [r2], §1.4). The page still takes hands.
    let linked = Memo::new(move |_| {
        c.events_changed.track();
        let id = id.get();
        let events = crate::store::readable_events();
        events.into_iter().filter(|e| e.match_ids().contains(&id)).collect::<Vec<_>>()
    });
    let decided = Memo::new(move |_| {
        let events = linked.get();
        if events.is_empty() {
            return None;
        }
        let ids: std::collections::HashSet<String> = events.iter().flat_map(|e| e.match_ids()).collect();
        let ms: Vec<Match> =
            c.matches.with(|ms| ms.iter().filter(|m| ids.contains(&m.id)).map(|m| (**m).clone()).collect());
        let label =
            |event: &str, entrant: &str| events.iter().find(|e| e.id == event).map(|e| e.entrant_label(entrant));
        // Late arrivals in consecutive rounds (004 第三篇 §六4): the last of them recorded
        // here disqualifies, which this match alone cannot tell.
        let here = crate::tournament::decided::late_here(&events, &ms, &id.get())
            .and_then(|h| Some((label(&h.event, &h.run.entrant)?, h.run)));
        let elsewhere = crate::tournament::decided::decided_elsewhere(&events, &ms, &id.get())
            .and_then(|d| Some((label(&d.event, &d.entrant)?, d)));
        (here.is_some() || elsewhere.is_some()).then_some((here, elsewhere))
    });
    let notice = move || {
        decided.get().map(|(here, elsewhere)| {
            let l = c.lang.get();
            let here = here.map(|(team, run)| {
                let what = crate::tournament::output::late_run_text(l, run.count, &run.cite);
                let text = tr(l, "ev.late_here").replace("{team}", &team).replace("{what}", &what);
                view! {
                    <div class="banner warn" role="status" id="late-disqualified" data-count=run.count>
                        {text}
                    </div>
                }
            });
            let elsewhere = elsewhere.map(|(team, d)| {
                let (key, what) = match &d.late {
                    Some((n, cite)) => (
                        if d.same_fixture { "ev.late_at_table" } else { "ev.late_elsewhere" },
                        crate::tournament::output::late_run_text(l, *n, cite),
                    ),
                    None => {
                        (if d.same_fixture { "ev.decided_at_table" } else { "ev.decided_elsewhere" }, String::new())
                    }
                };
                let text = tr(l, key)
                    .replace("{what}", &what)
                    .replace("{team}", &team)
                    .replace("{round}", &d.round.to_string())
                    .replace("{table}", &d.table.to_string());
                view! {
                    <div class="banner warn" role="status" id="fixture-decided" data-table=d.table>
                        {text}
                    </div>
                }
            });
            view! {
                {here}
                {elsewhere}
            }
        })
    };
    move || match game.get() {
        None => {
            // Its stored value may have been moved aside (here or by another tab): say so.
            // Moved aside in this session, or found under a quarantine key from an earlier one.
            let key = crate::store::match_key(&id.get_untracked());
            let earlier = crate::store::keys()
                .iter()
                .any(|k| k.starts_with(crate::store::QUARANTINE_PREFIX) && k.ends_with(&format!(".{key}")));
            let aside = move || earlier || c.quarantined.with(|q| q.iter().any(|x| x.key == key));
            // Deleted here or in another tab: its copy is listed on home until the next export.
            let deleted = crate::store::deleted().iter().any(|d| d.id == id.get_untracked());
            view! {
                <section class="page">
                    <p class="empty" id="match-missing">
                        {tx("err.no_match")}
                        " "
                        <code>{id.get()}</code>
                    </p>
                    {deleted
                        .then(|| {
                            view! {
                                <div class="banner info" id="match-deleted">
                                    {tx("err.match_deleted")}
                                </div>
                            }
                        })}
                    <p>
                        <leptos_router::components::A href="/" attr:class="btn" attr:id="match-missing-home">
                            {tx("nav.home")}
                        </leptos_router::components::A>
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
        Some((_, g)) => view! {
            {notice}
            <super::rules_tab::MatchTabs m=shown page=move || super::games::page(g, shown) />
        }
        .into_any(),
    }
}
