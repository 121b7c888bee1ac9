//! `/event/:id`: the event page, its header and its tabs (entrants, one per game offered,
//! sync).

use super::*;

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
        match store::read_event(&id.get()) {
            Ok(e) => {
                if ev.ev.with_untracked(|x| *x != e) {
                    ev.ev.set(e);
                }
            }
            Err(x) => load_error.set(Some(crate::ui::io::field_and_reason(&x))),
        }
    });
    // The tab shown is kept in this history entry's state (the address stays as it is): back
    // from a table's match, or a reload, the page opens on the competition it was left on.
    let tab = RwSignal::new(remembered_tab().unwrap_or_else(|| "entrants".to_string()));
    Effect::new(move |_| remember_tab(&tab.get()));
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

/// The key of the event page's tab in `history.state`.
const TAB_STATE: &str = "refereeEventTab";

/// The tab this history entry was left on ([`remember_tab`]), if any.
fn remembered_tab() -> Option<String> {
    let state = window().history().ok()?.state().ok()?;
    if !state.is_object() {
        return None;
    }
    js_sys::Reflect::get(&state, &TAB_STATE.into()).ok()?.as_string().filter(|t| !t.is_empty())
}

/// Keeps `tab` in the state of the history entry shown (what else the state holds stays),
/// replacing it: no new entry, the address unchanged.
fn remember_tab(tab: &str) {
    let Ok(history) = window().history() else { return };
    let old = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
    let state = js_sys::Object::new();
    if old.is_object() {
        let _ = js_sys::Object::assign(&state, wasm_bindgen::JsCast::unchecked_ref(&old));
    }
    let _ = js_sys::Reflect::set(&state, &TAB_STATE.into(), &tab.into());
    let _ = history.replace_state(&state, "");
}

#[component]
fn EventBody(ev: Ev, tab: RwSignal<String>) -> impl IntoView {
    let lang = ctx().lang;
    // A tab remembered that this event does not have (a competition removed since): 参赛者.
    Effect::new(move |_| {
        let t = tab.get();
        let known = matches!(t.as_str(), "entrants" | "add" | "sync")
            || ev.ev.with(|e| e.as_ref().is_some_and(|e| e.competition(&t).is_some()));
        if !known {
            tab.set("entrants".into());
        }
    });
    // The message line sits above the tabs: an error said while the referee works further
    // down (a bad line of entrants) is scrolled into view, or the button would seem to do
    // nothing.
    Effect::new(move |_| {
        if ev.msg.with(|m| m.as_ref().is_some_and(|(err, _)| *err)) {
            request_animation_frame(|| {
                let Some(el) = document().get_element_by_id("ev-msg") else { return };
                let r = el.get_bounding_client_rect();
                let h = window().inner_height().ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
                if r.top() < 0.0 || r.bottom() > h {
                    el.scroll_into_view();
                }
            });
        }
    });
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
    let hall = move || ev.ev.with(|e| e.as_ref().map(|e| format!("/event/{}/hall", e.id)).unwrap_or_default());
    let conflicts = move || ev.ev.with(|e| e.as_ref().map(|e| e.conflicts.len()).unwrap_or(0));
    let edit = move |field: &'static str| {
        move |x: leptos::ev::Event| {
            let v = event_target_value(&x).trim().to_string();
            ev.mutate(|e| {
                match field {
                    "name" if !v.is_empty() => e.name = v,
                    "dates" => {
                        tm::check_dates(&v).map_err(|x| crate::ui::reason_of(&x, true))?;
                        e.dates = v
                    }
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
            // Kept aside first (About page: restore, download), so a delete can be undone.
            let now = now_ms();
            let why = crate::record::ImportError::said(
                "",
                "q.event_deleted",
                vec![("time", crate::rules::Arg::Text(fmt_time(now)))],
            );
            match store::delete_event_keeping_copy(&e.id, why, now) {
                Ok(kept) => {
                    ctx().quarantined.update(|v| v.extend(kept));
                    navigate("/events", Default::default());
                }
                Err(x) => ev.error(crate::ui::save_error(Action::Event, &x)),
            }
        }
    };
    view! {
        <section class="page event" id="event-page">
            <header class="ev-head">
                <h1 id="ev-title">{move || crate::bidi::isolated(&head().0)}</h1>
                <p class="muted">
                    {move || {
                        let (_, d, v) = head();
                        [d, v]
                            .into_iter()
                            .filter(|x| !x.is_empty())
                            .map(|x| crate::bidi::isolated(&x))
                            .collect::<Vec<_>>()
                            .join(" · ")
                    }}
                </p>
                <A href=hall attr:class="btn no-print" attr:id="hall-open">
                    {tx("hall.open")}
                </A>
            </header>
            <details class="ev-edit no-print">
                <summary>{tx("ev.edit")}</summary>
                <label class="field-label" for="ev-edit-name">
                    {tx("ev.name")}
                </label>
                <input id="ev-edit-name" maxlength=tm::MAX_NAME prop:value=move || head().0 on:change=edit("name") />
                <div class="two">
                    <div>
                        <label class="field-label" for="ev-edit-dates">
                            {tx("ev.dates")}
                        </label>
                        <input
                            id="ev-edit-dates"
                            maxlength=tm::MAX_NAME
                            prop:value=move || head().1
                            on:change=edit("dates")
                        />
                    </div>
                    <div>
                        <label class="field-label" for="ev-edit-venue">
                            {tx("ev.venue")}
                        </label>
                        <input
                            id="ev-edit-venue"
                            maxlength=tm::MAX_NAME
                            prop:value=move || head().2
                            on:change=edit("venue")
                        />
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
                    <button class="btn" id="ev-delete" on:click=remove>
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
                                    {crate::bidi::isolated(&name)}
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
