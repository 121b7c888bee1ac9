//! Timing the referee's taps: the monotonic clock, the cooling window after a stored
//! entry (the app-wide tap guard), and held keys on buttons that write entries.

use leptos::prelude::*;

/// When the event happened, ms on the monotonic clock of [`mono_ms`] (its `timeStamp`):
/// a tap is timed when it was made, not when a busy page got to it.
pub fn event_time(ev: &web_sys::Event) -> f64 {
    let at = ev.time_stamp();
    if at > 0.0 {
        at
    } else {
        mono_ms()
    }
}

/// Monotonic time, ms (`performance.now()`): the repeat windows of [`FormIntent`] and
/// [`UndoButton`] do not move with the device's wall clock.
pub fn mono_ms() -> f64 {
    use wasm_bindgen::JsCast;
    let perf = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok();
    let now = perf.as_ref().and_then(|p| js_sys::Reflect::get(p, &"now".into()).ok());
    match (perf, now.and_then(|f| f.dyn_into::<js_sys::Function>().ok())) {
        (Some(p), Some(f)) => f.call0(&p).ok().and_then(|v| v.as_f64()).unwrap_or_else(js_sys::Date::now),
        _ => js_sys::Date::now(),
    }
}

thread_local! {
    /// When the newest entry of this page session was stored ([`mono_ms`]).
    static STORED_AT: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
}

/// An entry was just stored ([`crate::ui::commit`]): for [`crate::ui::intent::REPEAT_MS`] no tap
/// on the page's content counts ([`install_tap_guard`]). The page re-renders on a commit —
/// the next hand's blank form, the next game's, the result sheet — so the second tap of
/// a double tap (on 确认, 下一局, 签字, a forfeit…) would otherwise press whatever button
/// came under the finger (the next hand's 进贡, a stone on the board). `<body>` carries
/// `data-cooling` meanwhile, and the stylesheet then shows a transparent shield over the
/// content (`#tap-shield`, the header and banners above it): the tap goes nowhere, and a
/// test driver waits for the content to take taps again.
pub fn cool_after_commit() {
    let at = mono_ms();
    STORED_AT.with(|s| s.set(Some(at)));
    let body = document().body();
    if let Some(b) = &body {
        let _ = b.set_attribute("data-cooling", "");
    }
    // A little after the window (timers may run early by a ms): the guard is the rule.
    set_timeout(
        move || {
            if STORED_AT.with(|s| s.get()) == Some(at) {
                if let Some(b) = document().body() {
                    let _ = b.remove_attribute("data-cooling");
                }
            }
        },
        std::time::Duration::from_millis(crate::ui::intent::REPEAT_MS as u64 + 20),
    );
}

/// Whether a tap handled now falls within the repeat window of the newest stored entry.
/// Timed on handling, not on the event's `timeStamp`: a tap queued while the page was
/// busy storing the entry is handled after it, hence within the window.
fn cooling() -> bool {
    STORED_AT.with(|s| s.get()).is_some_and(|at| mono_ms() - at < crate::ui::intent::REPEAT_MS)
}

/// Installs the guard of [`cool_after_commit`] for the whole app (once, in the shell): a
/// click by the referee (trusted: a tap, a mouse click, Enter or Space on a button) on
/// anything inside `<main>` within the repeat window of a stored entry is stopped before
/// any handler sees it (capture phase on the window). Every game page, every button that
/// appends an entry: one mechanism. The header and the update banner are outside `<main>`.
pub fn install_tap_guard() {
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else { return };
    let on_click = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MouseEvent)>::new(|ev: web_sys::MouseEvent| {
        if !ev.is_trusted() || !cooling() {
            return;
        }
        let inside = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("main").ok().flatten())
            .is_some();
        if inside {
            ev.prevent_default();
            ev.stop_immediate_propagation();
        }
    });
    let _ = w.add_event_listener_with_callback_and_bool("click", on_click.as_ref().unchecked_ref(), true);
    on_click.forget();
}

/// `on:keydown` of a button that writes an entry: a key held down (a repeated keydown)
/// does not press it again (Enter would click on every repeat).
pub fn no_key_repeat(ev: leptos::ev::KeyboardEvent) {
    if ev.repeat() {
        ev.prevent_default();
    }
}
