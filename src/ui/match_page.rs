//! `/match/:id`: the stored match, mounted as its game's page (the UI registry,
//! [`super::games::page`]) under its 记录 / 规则 tabs ([`super::rules_tab::MatchTabs`]), or why
//! there is none.

use super::{ctx, tx};
use crate::i18n::tr;
use crate::record::Match;
use crate::tournament::decided::TableNotice;
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
    // A table's match of an event: its fixture decided by a disqualification ruled at
    // another table (or in another fixture, RULES.md §0 [r2], §1.4) or by late arrivals in
    // consecutive rounds, the last recorded here or elsewhere (004 第三篇 §六4), forfeited at
    // the desk (§6), or no longer in the competition's schedule (a new draw or schedule).
    // Read from the events that link this match or made it (its id names them), and their
    // competitions' matches; another tab's save of an event or a match updates it. The page
    // still takes hands.
    let linked = Memo::new(move |_| {
        c.events_changed.track();
        let id = id.get();
        let events = crate::store::readable_events();
        events
            .into_iter()
            .filter(|e| {
                e.match_ids().contains(&id)
                    || e.competitions.iter().any(|x| crate::tournament::tables::made_in(e, x, &id))
            })
            .collect::<Vec<_>>()
    });
    let told = Memo::new(move |_| {
        let events = linked.get();
        if events.is_empty() {
            return None;
        }
        let ids: std::collections::HashSet<String> = events.iter().flat_map(|e| e.match_ids()).collect();
        let ms: Vec<Match> =
            c.matches.with(|ms| ms.iter().filter(|m| ids.contains(&m.id)).map(|m| (**m).clone()).collect());
        let id = id.get();
        let n = crate::tournament::decided::table_notice(&events, &ms, &id);
        // Late arrivals in consecutive rounds (004 第三篇 §六4): the last of them recorded
        // here disqualifies, which this match alone cannot tell.
        let here = crate::tournament::decided::late_here(&events, &ms, &id).and_then(|h| {
            let team = events.iter().find(|e| e.id == h.event).map(|e| e.entrant_label(&h.run.entrant))?;
            Some((team, h.run))
        });
        (n.is_some() || here.is_some()).then_some((n, here, events))
    });
    let notice = move || {
        told.get().map(|(n, here, events)| {
            let l = c.lang.get();
            let event = |id: &str| events.iter().find(|e| e.id == id);
            let here = here.map(|(team, run)| {
                let what = crate::tournament::output::late_run_text(l, run.count, &run.cite);
                let text = tr(l, "ev.late_here").replace("{team}", &team).replace("{what}", &what);
                view! {
                    <div class="banner warn" role="status" id="late-disqualified" data-count=run.count>
                        {text}
                    </div>
                }
            });
            let told = n.map(|n| match n {
                TableNotice::Decided(d) => {
                    let team = event(&d.event).map(|e| e.entrant_label(&d.entrant)).unwrap_or_default();
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
                    .into_any()
                }
                TableNotice::ForfeitedAtDesk(d) => {
                    let e = event(&d.event);
                    let team = d
                        .forfeited
                        .iter()
                        .map(|x| e.map(|e| e.entrant_label(x)).unwrap_or_else(|| x.clone()))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let score = e
                        .and_then(|e| e.competition(&d.competition))
                        .map(|cm| crate::tournament::output::score_text(l, cm, &d.result))
                        .unwrap_or_default();
                    let text = tr(l, "ev.forfeited_at_desk")
                        .replace("{team}", &team)
                        .replace("{round}", &d.round.to_string())
                        .replace("{score}", &score);
                    view! {
                        <div class="banner warn" role="status" id="fixture-forfeited" data-table=d.table>
                            {text}
                        </div>
                    }
                    .into_any()
                }
                TableNotice::Unscheduled(u) => {
                    let e = event(&u.event);
                    let name = e.map(|e| crate::bidi::isolated(&e.name)).unwrap_or_default();
                    let comp = e
                        .and_then(|e| e.competition(&u.competition))
                        .map(|x| crate::bidi::isolated(&x.name))
                        .unwrap_or_default();
                    let text = tr(l, "ev.unscheduled").replace("{event}", &name).replace("{competition}", &comp);
                    view! {
                        <div class="banner warn" role="status" id="match-unscheduled">
                            {text}
                        </div>
                    }
                    .into_any()
                }
            });
            view! {
                {here}
                {told}
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
