//! `/event/:id/hall`: the hall's screen. A landscape, large-type view (every text at least
//! 32 px on a 1920×1080 screen, readable from 5 m) of one competition at a time: its current
//! round — each fixture's tables, sides, score and the tables' result sheets (entered /
//! confirmed / signed) — beside its standings. It follows other tabs' writes as every page
//! does (the app's `storage` listener reloads the matches and bumps
//! [`super::super::Ctx::events_changed`]), and cycles through the event's competitions —
//! and through the parts of one whose round or standings have more rows than a slide
//! holds — every N seconds (`?every=N`, changed on screen; a tap on the slide pauses).

use super::*;
use crate::tournament::hall::{current_round, slides};
use leptos_router::hooks::use_query_map;

/// Rows of a table on one slide: what fits at 32 px on a 1280×720 screen.
const ROWS: usize = 8;
/// Seconds per slide unless `?every=N` says otherwise.
const DEFAULT_EVERY: u32 = 15;
/// The shortest and longest time a slide can be set to stay, seconds.
const EVERY_RANGE: (u32, u32) = (3, 600);

/// `/event/:id/hall`.
#[component]
pub fn HallPage() -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let params = use_params_map();
    let query = use_query_map();
    let id = Memo::new(move |_| params.read().get("id").unwrap_or_default());
    let ev: RwSignal<Option<Event>> = RwSignal::new(None);
    let load_error: RwSignal<Option<String>> = RwSignal::new(None);
    // Read again when another tab saved an event (the matches reload on their own).
    let changed = c.events_changed;
    Effect::new(move |_| {
        changed.track();
        match store::read_event(&id.get()) {
            Ok(e) => {
                if ev.with_untracked(|x| *x != e) {
                    ev.set(e);
                }
            }
            Err(x) => load_error.set(Some(x.to_string())),
        }
    });
    // Every competition's standings, by the event pages' own code.
    let all: Memo<Vec<Standings>> = Memo::new(move |_| {
        ev.with(|e| {
            let Some(e) = e else { return Vec::new() };
            c.matches.with(|ms| {
                let ms = owned(ms);
                e.competitions.iter().map(|cm| standings::standings(cm, &ms)).collect()
            })
        })
    });
    let deck = Memo::new(move |_| {
        all.with(|all| {
            let rows: Vec<(usize, usize)> = all
                .iter()
                .map(|s| {
                    let round = current_round(s);
                    (s.results.iter().filter(|r| Some(r.round) == round).count(), s.rows.len())
                })
                .collect();
            slides(&rows, ROWS)
        })
    });
    let pos = RwSignal::new(0usize);
    let every = RwSignal::new(
        query
            .read_untracked()
            .get("every")
            .and_then(|s| s.trim().parse::<u32>().ok())
            .unwrap_or(DEFAULT_EVERY)
            .clamp(EVERY_RANGE.0, EVERY_RANGE.1),
    );
    let paused = RwSignal::new(false);
    let timer: StoredValue<Option<IntervalHandle>> = StoredValue::new(None);
    let stop = move || {
        if let Some(h) = timer.get_value() {
            h.clear();
        }
        timer.set_value(None);
    };
    // The slide timer starts again whenever the time or the pause changes.
    Effect::new(move |_| {
        let secs = every.get();
        let p = paused.get();
        stop();
        if !p {
            let h = set_interval_with_handle(
                move || pos.update(|n| *n = n.wrapping_add(1)),
                std::time::Duration::from_secs(secs.into()),
            );
            timer.set_value(h.ok());
        }
    });
    on_cleanup(stop);
    let step = move |d: isize| {
        let n = deck.with_untracked(|d| d.len()).max(1);
        pos.update(|p| *p = ((*p % n) as isize + d).rem_euclid(n as isize) as usize);
    };
    let set_every =
        move |d: i32| every.update(|s| *s = (*s as i32 + d).clamp(EVERY_RANGE.0 as i32, EVERY_RANGE.1 as i32) as u32);
    let slide = move || deck.with(|d| (!d.is_empty()).then(|| d[pos.get() % d.len()]));
    let back = move || format!("/event/{}", id.get());
    let stage = move || {
        let l = lang.get();
        let e = ev.get()?;
        let Some(s) = slide() else {
            return Some(
                view! {
                    <div class="hall-stage">
                        <p class="hall-empty" id="hall-empty">
                            {tr(l, "hall.no_comp")}
                        </p>
                    </div>
                }
                .into_any(),
            );
        };
        let cm = e.competitions.get(s.comp)?.clone();
        let st = all.with(|a| a.get(s.comp).cloned())?;
        let round = current_round(&st);
        let fixtures: Vec<FixtureResult> =
            st.results.iter().filter(|r| Some(r.round) == round).skip(s.part * ROWS).take(ROWS).cloned().collect();
        let rows: Vec<standings::Row> = st.rows.iter().skip(s.part * ROWS).take(ROWS).cloned().collect();
        let round_title = match round {
            Some(n) => tr(l, "ev.round_n").replace("{n}", &n.to_string()),
            None => tr(l, "hall.no_schedule").to_string(),
        };
        let fixture_rows = fixtures
            .into_iter()
            .map(|r| {
                let fx = cm.fixture(&r.fixture).map(|(_, f)| f.clone());
                let names: Vec<String> = fx
                    .as_ref()
                    .map(|f| f.sides.iter().enumerate().map(|(k, sl)| slot_name(l, &e, Some(&r), k, sl)).collect())
                    .unwrap_or_default();
                let two = names.len() == 2;
                let tables = output::tables_text(&r);
                let score = output::score_text(l, &cm, &r);
                // The tables' result sheets; a fixture with no table to play (a bye, a
                // walkover) says what it is instead. A fixture of several tables is as far as
                // its least advanced table: its word, after the numbers of the tables at it
                // when the others are further on (the column holds one such label).
                let sheets = if r.bye || r.walkover || r.legs.is_empty() {
                    view! { <span class="hall-fx-status">{output::status(l, &r)}</span> }.into_any()
                } else {
                    let of = |leg: &standings::LegResult| leg.outcome.as_ref().map(|o| o.sheet).unwrap_or("empty");
                    let s = r.legs.iter().map(of).min_by_key(|s| sheet_rank(s)).unwrap_or("empty");
                    let behind: Vec<String> =
                        r.legs.iter().filter(|leg| of(leg) == s).map(|leg| leg.table.to_string()).collect();
                    // The event page's words, but a shorter one for nothing entered (the
                    // column is as wide as the longest).
                    let word = if s == "empty" { tr(l, "hall.st.empty") } else { crate::i18n::sheet_status(l, s) };
                    let label = if behind.len() < r.legs.len() {
                        format!("{} {word}", behind.join(" "))
                    } else {
                        word.to_string()
                    };
                    view! {
                        <span class="hall-sheet" data-table=behind.join(" ") data-sheet=s>
                            {label}
                        </span>
                    }
                    .into_any()
                };
                let sides = names
                    .iter()
                    .enumerate()
                    .map(|(k, n)| {
                        let sep = (k > 0).then_some(if two { " : " } else { " · " });
                        view! {
                            {sep}
                            <span
                                class="hall-side"
                                class:winner=r.winner == Some(k)
                                class:forfeited=r.forfeits.contains(&k)
                            >
                                {output::side_text(l, Some(&r), k, n.clone())}
                            </span>
                        }
                    })
                    .collect_view();
                view! {
                    <tr class="hall-fx" data-fixture=r.fixture.clone()>
                        <td class="hall-tables">{tables}</td>
                        <td class="hall-sides">{sides}</td>
                        <td class="hall-score">{score}</td>
                        <td class="hall-status">{sheets}</td>
                    </tr>
                }
            })
            .collect_view();
        let standing_rows = rows
            .into_iter()
            .map(|r| {
                view! {
                    <tr class="hall-st" data-entrant=r.entrant.clone()>
                        <td class="hall-rank">{r.rank.map(|x| x.to_string()).unwrap_or_else(|| "—".into())}</td>
                        <td class="hall-name">{e.entrant_label(&r.entrant)}</td>
                        <td class="hall-num">{r.played}</td>
                        <td class="hall-num hall-total">{r.total}</td>
                    </tr>
                }
            })
            .collect_view();
        let part = (s.parts > 1).then(|| format!(" ({}/{})", s.part + 1, s.parts));
        Some(
            view! {
                <div
                    class="hall-stage"
                    data-competition=cm.id.clone()
                    data-part=s.part
                    on:click=move |_| paused.update(|p| *p = !*p)
                >
                    <h2 class="hall-comp" id="hall-comp">
                        {crate::bidi::isolated(&cm.name)}
                        " · "
                        {game_name(l, &cm.game)}
                        {part}
                    </h2>
                    <div class="hall-panes">
                        <section class="hall-round" id="hall-round">
                            <h3>{round_title}</h3>
                            <table class="hall-table">
                                <thead>
                                    <tr>
                                        <th class="hall-tables">{tr(l, "ev.col.tables")}</th>
                                        <th class="hall-sides">{tr(l, "ev.col.sides")}</th>
                                        // The unit alone where it is not the score (积分): the column is narrow.
                                        <th class="hall-score">
                                            {tr(
                                                l,
                                                output::score_unit(&cm).unwrap_or_else(|| output::score_header(&cm)),
                                            )}
                                        </th>
                                        <th class="hall-status">{tr(l, "hall.sheet")}</th>
                                    </tr>
                                </thead>
                                <tbody>{fixture_rows}</tbody>
                            </table>
                        </section>
                        <section class="hall-standings" id="hall-standings">
                            <h3>
                                {tr(l, "ev.standings")}
                                {(!st.complete).then(|| format!(" · {}", tr(l, "hall.provisional")))}
                            </h3>
                            <table class="hall-table">
                                <thead>
                                    <tr>
                                        <th class="hall-rank">{tr(l, "ev.col.rank")}</th>
                                        <th class="hall-name">{tr(l, "ev.col.entrant")}</th>
                                        <th class="hall-num">{tr(l, "ev.col.played")}</th>
                                        <th class="hall-num">{tr(l, "ev.col.total")}</th>
                                    </tr>
                                </thead>
                                <tbody>{standing_rows}</tbody>
                            </table>
                        </section>
                    </div>
                </div>
            }
            .into_any(),
        )
    };
    let counter = move || {
        deck.with(|d| (d.len() > 1).then(|| format!("{}/{}", pos.get() % d.len() + 1, d.len()))).unwrap_or_default()
    };
    view! {
        <section class="hall" id="hall" class:paused=move || paused.get()>
            <header class="hall-head">
                <h1 id="hall-event">
                    {move || ev.with(|e| e.as_ref().map(|e| crate::bidi::isolated(&e.name)).unwrap_or_default())}
                </h1>
                <span class="hall-count" id="hall-count">
                    {counter}
                </span>
            </header>
            {move || {
                load_error
                    .get()
                    .map(|x| {
                        view! {
                            <p class="hall-empty" role="alert">
                                {x}
                            </p>
                        }
                    })
            }}
            {move || {
                (ev.with(|e| e.is_none()) && load_error.with(|x| x.is_none()))
                    .then(|| {
                        view! {
                            <p class="hall-empty" id="hall-missing">
                                {tx("ev.missing")}
                            </p>
                        }
                    })
            }}
            {stage}
            <footer class="hall-controls">
                <A href=back attr:class="btn hall-btn" attr:id="hall-back">
                    {tx("hall.back")}
                </A>
                <button class="btn hall-btn" id="hall-prev" title=tx("hall.prev") on:click=move |_| step(-1)>
                    "◀"
                </button>
                <button class="btn hall-btn" id="hall-pause" on:click=move |_| paused.update(|p| *p = !*p)>
                    {move || if paused.get() { t("hall.play") } else { t("hall.pause") }}
                </button>
                <button class="btn hall-btn" id="hall-next" title=tx("hall.next") on:click=move |_| step(1)>
                    "▶"
                </button>
                <button class="btn hall-btn" id="hall-slower" title=tx("hall.slower") on:click=move |_| set_every(5)>
                    "+"
                </button>
                <span class="hall-every" id="hall-every">
                    {move || t("hall.every").replace("{n}", &every.get().to_string())}
                </span>
                <button class="btn hall-btn" id="hall-faster" title=tx("hall.faster") on:click=move |_| set_every(-5)>
                    "−"
                </button>
            </footer>
        </section>
    }
}

/// How far a table's result sheet is ([`crate::record::sheet::Sheet::status`]): nothing
/// entered, entered, confirmed, signed.
fn sheet_rank(status: &str) -> u8 {
    match status {
        "entered" => 1,
        "confirmed" => 2,
        "signed" => 3,
        _ => 0,
    }
}
