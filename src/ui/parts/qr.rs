//! 二维码传送 (table side): the match's export shown as QR codes, for the desk's 扫码导入
//! (`crate::ui::io::import::ImportExport`) to read with its camera; no file, no network.

use crate::record::Match;
use crate::transfer::Frames;
use crate::ui::{now_ms, tx};
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// The canvas's side in pixels: each code is drawn at a whole number of pixels a module,
/// with a quiet zone of 4 modules, centred (CSS scales the canvas to the screen).
pub const QR_SIDE: u32 = 480;

/// Frames a second of a sequence (a camera at 15–30 frames a second sees each one a few
/// times).
const FRAMES_PER_SECOND: u64 = 5;

/// The 二维码传送 button of match `m` and, while open, the screen of its QR codes.
#[component]
pub fn QrSend(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let open = RwSignal::new(false);
    view! {
        <button class="btn" id="qr-send" on:click=move |_| open.set(true)>
            {tx("qr.send")}
        </button>
        <Show when=move || open.get()>
            <QrScreen m=m close=Callback::new(move |_| open.set(false)) />
        </Show>
    }
}

/// The match as QR codes, large, over the page: one code when it fits, else the fountain
/// sequence at [`FRAMES_PER_SECOND`], with the frame counter. The document is the match's
/// export ([`crate::tournament::export_bundle`]) as the page was when opened.
#[component]
fn QrScreen(m: Memo<Option<Arc<Match>>>, close: Callback<()>) -> impl IntoView {
    let text = m.get_untracked().map(|x| crate::tournament::export_bundle(&[x], &[], now_ms())).unwrap_or_default();
    let frames = StoredValue::new(Frames::new(&text));
    let total = frames.with_value(|f| f.fragment_count());
    let shown = RwSignal::new(0usize);
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let step = move || {
        let Some(el) = canvas.get_untracked() else { return };
        let Some(frame) = frames.try_update_value(|f| f.next_frame()) else { return };
        draw(&el, &frame);
        shown.update(|n| *n += 1);
    };
    // The first code as soon as the canvas is there; a sequence moves on by itself.
    Effect::new(move |_| {
        if canvas.get().is_some() && shown.get_untracked() == 0 {
            step();
        }
    });
    let tick = (total > 1)
        .then(|| set_interval_with_handle(step, std::time::Duration::from_millis(1000 / FRAMES_PER_SECOND)).ok())
        .flatten();
    on_cleanup(move || {
        if let Some(h) = tick {
            h.clear();
        }
    });
    let counter = move || {
        let n = shown.get();
        if total > 1 {
            crate::ui::t("qr.counter").replace("{n}", &n.to_string()).replace("{k}", &total.to_string())
        } else {
            crate::ui::t("qr.single").to_string()
        }
    };
    view! {
        <div class="qr-screen" role="dialog" id="qr-screen">
            <canvas
                node_ref=canvas
                id="qr-canvas"
                width=QR_SIDE
                height=QR_SIDE
                data-frame=move || shown.get()
                data-fragments=total
            ></canvas>
            <p id="qr-counter">{counter}</p>
            <p class="muted">{tx("qr.hint")}</p>
            <button class="btn primary" id="qr-close" on:click=move |_| close.run(())>
                {tx("qr.close")}
            </button>
        </div>
    }
}

/// Draws frame `text` as a QR code on `canvas` ([`QR_SIDE`] square, white ground).
fn draw(canvas: &web_sys::HtmlCanvasElement, text: &str) {
    let Some(cx) =
        canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let side = QR_SIDE as f64;
    cx.set_fill_style_str("#fff");
    cx.fill_rect(0.0, 0.0, side, side);
    let Some((w, dark)) = crate::transfer::qr_matrix(text) else { return };
    let scale = (QR_SIDE as usize / (w + 8)).max(1) as f64;
    let origin = ((side - scale * w as f64) / 2.0).floor();
    cx.set_fill_style_str("#000");
    for (i, _) in dark.iter().enumerate().filter(|(_, d)| **d) {
        let (x, y) = ((i % w) as f64, (i / w) as f64);
        cx.fill_rect(origin + x * scale, origin + y * scale, scale, scale);
    }
}
