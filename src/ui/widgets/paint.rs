//! Work put off until after the next frame is drawn, so a tap paints first.

use leptos::prelude::*;

/// A counter that follows `source` one frame late: each time `source` notifies, the
/// counter is bumped once after the next frame is drawn (an animation frame, then a
/// `setTimeout` of 0; several changes before then are bumped once).
///
/// Parts of a page that are not what the referee looks at after a tap (the history
/// list, the level chart) track this counter instead of the view and read the view
/// untracked, so a commit paints the scoreboard and the preview first and those parts
/// one frame later (commit → paint). They always read the newest view.
pub fn after_paint(source: impl Track + Send + Sync + 'static) -> ReadSignal<u64> {
    let (tick, set_tick) = signal(0u64);
    let pending = StoredValue::new(false);
    let first = StoredValue::new(true);
    Effect::new(move |_| {
        source.track();
        // The first run is the page being built: it already shows the current view.
        if first.get_value() {
            first.set_value(false);
            return;
        }
        if pending.get_value() {
            return;
        }
        pending.set_value(true);
        after_next_paint(move || {
            // The page may have gone meanwhile (try_: nothing to do then).
            pending.try_set_value(false);
            set_tick.try_update(|n| *n += 1);
        });
    });
    tick
}

/// Drops `value` after the next frame is drawn, so that freeing a large structure (a
/// 1,000-hand view or match) is not on the path from a tap to the next frame.
pub fn drop_later<T: 'static>(value: T) {
    after_next_paint(move || drop(value));
}

/// Work to run after the next paint.
type AfterPaint = Box<dyn FnOnce()>;

thread_local! {
    /// Work waiting for the next frame to be drawn; `Some` while a frame is awaited.
    static AFTER_PAINT: std::cell::RefCell<Option<Vec<AfterPaint>>> = const { std::cell::RefCell::new(None) };
}

/// Resolves after the next frame is drawn ([`after_next_paint`]).
pub async fn next_paint() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        after_next_paint(move || {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        })
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// Runs `f` after the next frame is drawn (an animation frame, then a `setTimeout` of 0).
/// Everything queued before that frame shares one animation-frame request (each request
/// costs a closure handed to JS, which shows on a commit).
pub fn after_next_paint(f: impl FnOnce() + 'static) {
    let first = AFTER_PAINT.with(|q| {
        let mut q = q.borrow_mut();
        let first = q.is_none();
        q.get_or_insert_with(Vec::new).push(Box::new(f));
        first
    });
    if first {
        request_animation_frame(move || {
            set_timeout(
                move || {
                    for f in AFTER_PAINT.with(|q| q.borrow_mut().take()).unwrap_or_default() {
                        f();
                    }
                },
                std::time::Duration::ZERO,
            )
        });
    }
}
