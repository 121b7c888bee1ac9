//! The clocks of the match pages on elapsed time, shared by every game:
//!
//! * [`ticker`]: the half-second tick of a page; each tick also compares the wall clock with
//!   the monotonic clock ([`Watch`]) and reports a jump ([`JumpNotice`]);
//! * [`run_now`]: for a run (the match clock running since an entry, a bury/play countdown)
//!   the wall time its arithmetic stands for — its start plus the time really elapsed since,
//!   counted on `performance.now()` ([`Run`]). Each run's [`Heartbeat`] is kept in
//!   sessionStorage (`referee.run.<scope>`), so a reload or going home and back goes on
//!   where it was; a run with no heartbeat (a closed tab, another device's entry) goes on
//!   from its start by the wall clock, checked;
//! * countdowns kept in sessionStorage (`referee.countdown.<match id>`) so they survive
//!   reload and navigation ([`countdown_load`], [`countdown_store`]).
//!
//! The arithmetic is pure and tested natively ([`crate::record::elapsed`]).

use crate::record::elapsed::{Heartbeat, Jump, Reading, Run, Watch};
use leptos::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

use super::widgets::fmt_duration;
use super::{t, tx};

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Both clocks now.
pub fn reading() -> Reading {
    Reading { wall_ms: js_sys::Date::now(), mono_ms: performance_now() }
}

#[derive(Default)]
struct State {
    watch: Option<Watch>,
    runs: HashMap<String, Run>,
    /// Monotonic time of the last heartbeat written, per scope.
    beats: HashMap<String, f64>,
    jumps: Option<ArcRwSignal<Vec<Jump>>>,
    /// The runs going on when each jump of `jumps` was seen: (scope, start).
    at_jump: Vec<Vec<(String, f64)>>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

fn jumps() -> ArcRwSignal<Vec<Jump>> {
    STATE.with(|s| s.borrow_mut().jumps.get_or_insert_with(|| ArcRwSignal::new(Vec::new())).clone())
}

fn report(j: Jump) {
    let sig = jumps();
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let runs = s.runs.iter().map(|(k, r)| (k.clone(), r.start_ms)).collect();
        s.at_jump.push(runs);
    });
    sig.update(|v| v.push(j));
}

/// The notice is dismissed: the jumps stay uncounted.
fn dismiss() {
    STATE.with(|s| s.borrow_mut().at_jump.clear());
    jumps().set(Vec::new());
}

/// The referee counts the forward jumps shown (the device slept): each run going on when
/// it was seen gets its time.
fn credit_shown() {
    let shown = jumps().get_untracked();
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let at = std::mem::take(&mut s.at_jump);
        for (j, runs) in shown.iter().zip(at) {
            if j.delta_ms <= 0.0 {
                continue;
            }
            for (scope, start) in runs {
                if let Some(r) = s.runs.get_mut(&scope).filter(|r| r.start_ms == start) {
                    r.credit(j.delta_ms);
                }
                s.beats.remove(&scope);
            }
        }
    });
    jumps().set(Vec::new());
}

/// Compares the clocks now (called on every tick of every page).
fn observe() {
    let r = reading();
    let jump = STATE.with(|s| {
        let mut s = s.borrow_mut();
        match s.watch.as_mut() {
            Some(w) => w.observe(r),
            None => {
                s.watch = Some(Watch::new(r));
                None
            }
        }
    });
    if let Some(j) = jump {
        report(j);
    }
}

/// A signal ticking every half second while the page is open (its value: `Date.now()`);
/// each tick watches the wall clock for jumps.
pub fn ticker() -> RwSignal<f64> {
    observe();
    let now = RwSignal::new(js_sys::Date::now());
    let tick = set_interval_with_handle(
        move || {
            observe();
            now.set(js_sys::Date::now());
        },
        std::time::Duration::from_millis(500),
    )
    .ok();
    on_cleanup(move || {
        if let Some(h) = tick {
            h.clear();
        }
    });
    now
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

fn run_key(scope: &str) -> String {
    format!("referee.run.{scope}")
}

/// The wall time that run `scope` — started at wall time `start` — stands for now: `start`
/// plus the time elapsed since, on the monotonic clock. Give it to a clock's
/// `elapsed_ms(now)`. `None` (nothing running): the wall clock.
pub fn run_now(scope: &str, start: Option<f64>) -> f64 {
    let Some(start) = start else { return js_sys::Date::now() };
    let r = reading();
    let (run, jump, beat) = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let (run, jump) = match s.runs.get(scope) {
            Some(run) if run.start_ms == start => (*run, None),
            _ => {
                let hb = session()
                    .and_then(|st| st.get_item(&run_key(scope)).ok().flatten())
                    .and_then(|t| crate::json::from_str::<Heartbeat>(&t).ok())
                    .filter(|hb| hb.start_ms == start);
                let (run, jump) = match hb {
                    Some(hb) => Run::resume(&hb, r),
                    None => Run::first_seen(start, r),
                };
                s.runs.insert(scope.to_string(), run);
                s.beats.remove(scope);
                (run, jump)
            }
        };
        // A heartbeat a second at most.
        let due = s.beats.get(scope).is_none_or(|b| r.mono_ms - b >= 1000.0 || r.mono_ms < *b);
        if due {
            s.beats.insert(scope.to_string(), r.mono_ms);
        }
        (run, jump, due)
    });
    if beat {
        if let Some(st) = session() {
            if let Ok(text) = crate::json::to_string(&run.heartbeat(r)) {
                let _ = st.set_item(&run_key(scope), &text);
            }
        }
    }
    if let Some(j) = jump {
        report(j);
    }
    run.now_ms(r.mono_ms)
}

/// Forgets run `scope` (a countdown stopped).
pub fn run_end(scope: &str) {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.runs.remove(scope);
        s.beats.remove(scope);
    });
    if let Some(st) = session() {
        let _ = st.remove_item(&run_key(scope));
    }
}

/// Milliseconds elapsed since `start` on run `scope` (a countdown).
pub fn since(scope: &str, start: f64) -> f64 {
    (run_now(scope, Some(start)) - start).max(0.0)
}

fn countdown_key(mid: &str) -> String {
    format!("referee.countdown.{mid}")
}

/// The countdown running on match `mid` in this tab, if any: (what, started at wall ms).
pub fn countdown_load(mid: &str) -> Option<(String, f64)> {
    let text = session()?.get_item(&countdown_key(mid)).ok()??;
    let (what, start) = text.split_once(' ')?;
    Some((what.to_string(), start.parse().ok()?))
}

/// Keeps (or, `None`, drops) the countdown of match `mid` for a reload or a way back.
pub fn countdown_store(mid: &str, c: Option<(&str, f64)>) {
    let Some(st) = session() else { return };
    match c {
        Some((what, start)) => {
            let _ = st.set_item(&countdown_key(mid), &format!("{what} {start}"));
        }
        None => {
            let _ = st.remove_item(&countdown_key(mid));
            run_end(&countdown_scope(mid));
        }
    }
}

/// The run scope of match `mid`'s countdown.
pub fn countdown_scope(mid: &str) -> String {
    format!("{mid}.countdown")
}

/// The run scope of match `mid`'s clock.
pub fn clock_scope(mid: &str) -> String {
    format!("{mid}.clock")
}

/// The time to stamp on an entry of match `mid`, ms since the epoch: while this page runs
/// the match's clock, the wall time that run stands for (its start plus the time elapsed
/// since on the monotonic clock, as [`run_now`]); otherwise the wall clock. An entry that
/// stops the clock by itself (a game won by a hand or a ruling, the next game, a sign-off)
/// then banks the time really played, never a jump of the device clock.
pub fn entry_time(mid: &str) -> f64 {
    let scope = clock_scope(mid);
    let r = reading();
    STATE.with(|s| s.borrow().runs.get(&scope).map(|run| run.now_ms(r.mono_ms))).unwrap_or(r.wall_ms)
}

/// The notice of a wall-clock jump seen on this page: how much, and that it did not count.
#[component]
pub fn JumpNotice() -> impl IntoView {
    let sig = jumps();
    let shown = move || sig.with(|v| v.clone());
    view! {
        {move || {
            let js = shown();
            (!js.is_empty())
                .then(|| {
                    let text = js
                        .iter()
                        .map(|j| {
                            format!(
                                "{}{}",
                                if j.delta_ms >= 0.0 { "+" } else { "−" },
                                fmt_duration((j.delta_ms.abs() / 1000.0).round() * 1000.0),
                            )
                        })
                        .collect::<Vec<_>>()
                        .join(", ");
                    let forward = js.iter().any(|j| j.delta_ms > 0.0);
                    // A forward jump may be a device that slept (its monotonic clock stopped):
                    // the referee may count it.
                    view! {
                        <div class="banner warn" role="alert" id="clock-jump">
                            <p>{format!("{} {text} · {}", t("clock.jump"), t("clock.jump_not_counted"))}</p>
                            <div class="actions">
                                <button class="btn" id="clock-jump-ok" on:click=move |_| dismiss()>
                                    {tx("clock.jump_ok")}
                                </button>
                                {forward
                                    .then(|| {
                                        view! {
                                            <button class="btn" id="clock-jump-count" on:click=move |_| credit_shown()>
                                                {tx("clock.jump_count")}
                                            </button>
                                        }
                                    })}
                            </div>
                        </div>
                    }
                })
        }}
    }
}

/// A countdown signal of match `mid` that survives a reload and going home and back: what
/// runs (`name`/`parse` write and read it) and its start, kept in sessionStorage.
pub fn countdown_signal<T: Clone + Send + Sync + 'static>(
    mid: &str,
    parse: impl Fn(&str) -> Option<T>,
    name: impl Fn(&T) -> String + 'static,
) -> RwSignal<Option<(T, f64)>> {
    let restored = countdown_load(mid).and_then(|(w, s)| parse(&w).map(|x| (x, s)));
    let sig = RwSignal::new(restored);
    let mid = mid.to_string();
    Effect::new(move |_| {
        let c = sig.with(|c| c.as_ref().map(|(x, s)| (name(x), *s)));
        countdown_store(&mid, c.as_ref().map(|(n, s)| (n.as_str(), *s)));
    });
    sig
}

/// The time-verdict button: it records the verdict resting on this elapsed time, shown.
pub fn verdict_label(elapsed_ms: f64) -> String {
    format!("{}{}", t("clock.record_verdict"), rests_on(elapsed_ms))
}

/// " (elapsed 30:02)?": the elapsed time a verdict rests on, after its button's text.
pub fn rests_on(elapsed_ms: f64) -> String {
    format!(" ({} {})?", t("clock.rests_on"), fmt_duration(elapsed_ms))
}

/// The overrun button: `over` seconds past a limit of `limit` seconds, shown.
pub fn overrun_label(over: u32, limit: u32) -> String {
    format!("{} +{over}s ({} {}s / {limit}s)?", t("timer.log_overrun"), t("clock.rests_on"), limit + over)
}

/// The match clock's one button for its state: 开始 before it started, 暂停 while it runs,
/// 继续 while paused (`ids`: start, pause, resume), off while the clock buttons cool down
/// after a clock entry. `act` records the action (with the elapsed time the page's clock
/// entries carry).
pub fn clock_button(
    ids: [&'static str; 3],
    started: bool,
    running: bool,
    act: impl Fn(crate::record::ClockAction) + Copy + Send + Sync + 'static,
) -> AnyView {
    use crate::record::ClockAction;
    let (action, id, key) = if !started {
        (ClockAction::Start, ids[0], "clock.start")
    } else if running {
        (ClockAction::Pause, ids[1], "clock.pause")
    } else {
        (ClockAction::Resume, ids[2], "clock.resume")
    };
    view! {
        <button class="btn" id=id disabled=move || super::ctx().clock_cooling.get() on:click=move |_| act(action)>
            {t(key)}
        </button>
    }
    .into_any()
}

/// A running bury/play countdown: the seconds left (`+N` once over, then the seat that
/// overran and the button recording it), and 停止. `remaining` is in seconds (negative:
/// over), `limit` the countdown's seconds; `ids`: the box's and the overrun button's.
/// `seat` keeps the chosen seat between ticks; `log` records (seat, seconds over).
pub fn countdown_box(
    ids: [&'static str; 2],
    remaining: f64,
    limit: u32,
    seat: RwSignal<crate::rules::Seat>,
    log: impl Fn(crate::rules::Seat, u32) + Copy + Send + Sync + 'static,
    stop: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    use crate::rules::Seat;
    let over = remaining < 0.0;
    let secs = (-remaining).ceil() as u32;
    let lang = super::ctx().lang;
    view! {
        <div class="countdown" class:over=over id=ids[0]>
            <span class="big-number">
                {if over { format!("+{:.0}", -remaining) } else { format!("{:.0}", remaining.ceil()) }}
            </span>
            {over
                .then(|| {
                    view! {
                        <select on:change=move |ev| {
                            seat.set(Seat::parse(&event_target_value(&ev)).unwrap_or(Seat::N))
                        }>
                            {Seat::CCW
                                .iter()
                                .map(|s| {
                                    view! {
                                        <option value=format!("{s:?}")>{crate::i18n::seat_name(lang.get(), *s)}</option>
                                    }
                                })
                                .collect_view()}
                        </select>
                        <button
                            class="btn primary"
                            id=ids[1]
                            on:click=move |_| {
                                log(seat.get_untracked(), secs);
                                stop();
                            }
                        >
                            {overrun_label(secs, limit)}
                        </button>
                    }
                })}
            <button class="btn" on:click=move |_| stop()>
                {t("timer.stop")}
            </button>
        </div>
    }
}
