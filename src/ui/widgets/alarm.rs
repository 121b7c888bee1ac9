//! Durations shown on clocks, and the alarm when a time limit is reached.

use leptos::prelude::*;

/// Formats ms as `h:mm:ss` or `m:ss`.
pub fn fmt_duration(ms: f64) -> String {
    let s = (ms.max(0.0) / 1000.0).floor() as u64;
    let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else {
        format!("{m}:{sec:02}")
    }
}

/// A time limit was reached (a match or round clock, a bury/play countdown): a beep and a
/// vibration of `ms`, each as the settings say (`alarm_sound`, `alarm_vibrate`).
pub fn alarm(ms: u32) {
    let s = crate::store::settings();
    if s.alarm_vibrate {
        vibrate(ms);
    }
    if s.alarm_sound {
        beep();
    }
}

/// Two short tones of 880 Hz through Web Audio, where the page may play sound (a page the
/// referee has tapped on); nothing otherwise.
fn beep() {
    thread_local! {
        static AUDIO: std::cell::OnceCell<Option<web_sys::AudioContext>> = const { std::cell::OnceCell::new() };
    }
    let Some(ctx) = AUDIO.with(|a| a.get_or_init(|| web_sys::AudioContext::new().ok()).clone()) else { return };
    let _ = ctx.resume();
    let t0 = ctx.current_time();
    for start in [0.0, 0.3] {
        let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else { return };
        osc.frequency().set_value(880.0);
        let g = gain.gain();
        g.set_value(0.0);
        let _ = g.set_value_at_time(0.3, t0 + start);
        let _ = g.set_value_at_time(0.0, t0 + start + 0.2);
        let _ = osc.connect_with_audio_node(&gain);
        let _ = gain.connect_with_audio_node(&ctx.destination());
        let _ = osc.start_with_when(t0 + start);
        let _ = osc.stop_with_when(t0 + start + 0.25);
    }
}

/// Vibrates where supported (`navigator.vibrate`).
pub fn vibrate(ms: u32) {
    let nav = window().navigator();
    if js_sys::Reflect::has(&nav, &"vibrate".into()).unwrap_or(false) {
        let _ = nav.vibrate_with_duration(ms);
    }
}
