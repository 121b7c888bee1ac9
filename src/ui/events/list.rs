//! `/events`: the event list, a new event, and import of an event file.

use super::*;
use crate::rules::Arg;

/// `/events`: events on this device, a new event, and importing an event file.
#[component]
pub fn Events() -> impl IntoView {
    let loaded = load_events();
    let events = RwSignal::new(loaded.0);
    let problems = RwSignal::new(loaded.1);
    // Read again when another tab saved an event.
    let c = ctx();
    let changed = c.events_changed;
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
        if let Err(x) = tm::validate_event(&e).and_then(|()| tm::check_dates(&e.dates)) {
            error.set(Some(crate::ui::reason_of(&x, true)));
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
                Err(e) => error.set(Some(format!("{fname}: {} — {}", t("import.invalid"), io::field_and_reason(&e)))),
                Ok(e) => match import_event(c, &e, &fname) {
                    Ok(said) => {
                        info.set(Some(format!("{fname}: {said} {}", crate::bidi::isolate(&e.name))));
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
                                let count = |n: usize, one: &'static str, many: &'static str| {
                                    format!("{n} {}", t(if n == 1 { one } else { many }))
                                };
                                let sub = [
                                    e.dates.clone(),
                                    count(e.entrants.len(), "ev.entrants_1", "ev.entrants_n"),
                                    count(e.competitions.len(), "ev.games_1", "ev.games_n"),
                                ]
                                    .into_iter()
                                    .filter(|x| !x.trim().is_empty())
                                    .collect::<Vec<_>>()
                                    .join(" · ");
                                // "dates · 8 entrants · 1 game" (no dates: no leading "·").
                                view! {
                                    <li>
                                        <A href=format!("/event/{}", e.id) attr:class="match-link">
                                            <span class="title">{crate::bidi::isolated(&e.name)}</span>
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
            <RosterSection />
        </section>
    }
}

/// Stores event `e` read from file `fname`. When an event of its id is stored already and
/// differs, the referee is asked first, with what differs ([`tm::compare_events`],
/// [`versions_text`]); on yes the stored version is kept aside in the quarantine, reason
/// "replaced by an import of `fname`" ([`store::replace_event`]), then `e` is saved. An
/// equal one, or a no, changes nothing. A stored value that does not read is kept aside
/// all the same (with why it does not read). Gives the outcome's words (a `ev.import*`
/// text), or the translated error of a write (nothing changed then). `c` is the app's
/// context, taken by the page: this runs after the file is read, outside the component.
fn import_event(c: crate::ui::Ctx, e: &Event, fname: &str) -> Result<&'static str, String> {
    let now = now_ms();
    let why = match store::read_event(&e.id) {
        Ok(None) => None,
        Ok(Some(stored)) => {
            let Some(d) = tm::compare_events(&stored, e) else { return Ok(t("ev.import_same")) };
            let ask = format!(
                "{fname}: {}\n\n{}",
                versions_text(c.lang.get_untracked(), &d, VERSIONS_FILE),
                t("ev.import_replace_ask")
            );
            if !window().confirm_with_message(&ask).unwrap_or(false) {
                return Ok(t("ev.import_cancelled"));
            }
            Some(crate::record::ImportError::said(
                "",
                "q.replaced_by_import",
                vec![("file", Arg::Text(fname.to_string())), ("time", Arg::Text(fmt_time(now)))],
            ))
        }
        Err(unread) => Some(unread),
    };
    let Some(why) = why else {
        return save_event_as(e, Action::Import).map(|()| t("ev.imported"));
    };
    match store::replace_event(e, why, now) {
        Ok(kept) => {
            let replaced = kept.is_some();
            c.quarantined.update(|v| v.extend(kept));
            Ok(t(if replaced { "ev.import_replaced" } else { "ev.imported" }))
        }
        Err(x) => Err(crate::ui::save_error(Action::Import, &x)),
    }
}
