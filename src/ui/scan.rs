//! 扫码导入 (desk side): the camera reads a table's 二维码传送 ([`crate::transfer`]) and the
//! document it carries goes to the import's preview and merge, exactly as a file does.
//!
//! Frames are grabbed from the camera (`getUserMedia`) into a canvas a few times a second
//! and read by the browser's `BarcodeDetector` where it has one, else by the `rqrr` decoder
//! compiled to wasm. The decoder, the fountain receiver and the document's parsing are in
//! [`scan_step`], a lazy function in a release build: that code is fetched the first time
//! a scan reads a frame, not at start-up. The camera, the timer and the JS promises stay
//! in the component (no JS closure inside a lazy function).

use super::io::js_error_text;
use super::{t, tx};
use crate::record::schema::ImportError;
use crate::tournament::Bundle;
use crate::transfer::Receiver;
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// How often a camera frame is read, in milliseconds (the table shows 5 frames a second).
const GRAB_MS: u64 = 120;

/// Why a scan gave no import.
#[derive(Debug, Clone)]
pub enum ScanFailed {
    /// The frames put together do not inflate or are not UTF-8.
    Unreadable,
    /// The document reads but is not a valid import ([`crate::tournament::parse_bundle`]).
    Invalid(ImportError),
}

/// What one camera frame gave ([`scan_step`]).
pub enum ScanInput {
    /// The frame's RGBA pixels, `width` × `height`, for the wasm decoder.
    Rgba(Vec<u8>, usize, usize),
    /// The texts the browser's `BarcodeDetector` read in it.
    Texts(Vec<String>),
}

/// The receiver after one frame, its progress (fragments resolved, in all), and, once the
/// document is whole, the import it reads as.
pub struct ScanStep {
    rx: Box<Receiver>,
    progress: (usize, usize),
    done: Option<Result<Bundle, ScanFailed>>,
}

/// One camera frame fed to the receiver `rx` (a new one when `None`): the QR codes found
/// in it ([`crate::transfer::scan_luma`]) taken, and the document parsed as an import file
/// is once complete.
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn scan_step(rx: Option<Box<Receiver>>, input: ScanInput) -> ScanStep {
    let mut rx = rx.unwrap_or_default();
    let texts = match input {
        ScanInput::Rgba(rgba, w, h) => crate::transfer::scan_luma(&crate::transfer::luma_of_rgba(&rgba), w, h),
        ScanInput::Texts(t) => t,
    };
    for text in &texts {
        rx.receive(text);
    }
    let done = rx.text().map(|r| match r {
        Ok(text) => crate::tournament::parse_bundle(&text).map_err(ScanFailed::Invalid),
        Err(_) => Err(ScanFailed::Unreadable),
    });
    ScanStep { progress: rx.progress(), rx, done }
}

/// The 扫码导入 button and, while scanning, the camera's picture and the progress.
/// `on_start` runs when a scan starts (the import clears its messages); `on_done` gets the
/// import the codes carried, or why there is none. Stopping, or leaving the page, turns
/// the camera off.
#[component]
pub fn ScanImport(on_start: Callback<()>, on_done: Callback<Result<Bundle, ScanFailed>>) -> impl IntoView {
    let active = RwSignal::new(false);
    let progress = RwSignal::new((0usize, 0usize));
    let failed: RwSignal<Option<String>> = RwSignal::new(None);
    let video = NodeRef::<leptos::html::Video>::new();
    let stream: StoredValue<Option<web_sys::MediaStream>, LocalStorage> = StoredValue::new_local(None);
    let rx: StoredValue<Option<Box<Receiver>>, LocalStorage> = StoredValue::new_local(None);
    let grab: StoredValue<Option<web_sys::HtmlCanvasElement>, LocalStorage> = StoredValue::new_local(None);
    let detector: StoredValue<Option<JsValue>, LocalStorage> = StoredValue::new_local(None);
    let tick: StoredValue<Option<IntervalHandle>> = StoredValue::new(None);
    let busy = StoredValue::new(false);
    // A new scan outdates the frames of the one before still being read.
    let run = StoredValue::new(0u32);
    let stop = move || {
        if let Some(h) = tick.try_update_value(|h| h.take()).flatten() {
            h.clear();
        }
        if let Some(s) = stream.try_update_value(|s| s.take()).flatten() {
            for track in s.get_tracks().iter() {
                track.unchecked_into::<web_sys::MediaStreamTrack>().stop();
            }
        }
        if let Some(v) = video.get_untracked() {
            v.set_src_object(None);
        }
        run.update_value(|n| *n += 1);
        busy.set_value(false);
        let _ = active.try_set(false);
    };
    on_cleanup(stop);
    let feed = move |input: ScanInput, this_run: u32| {
        leptos::task::spawn_local(async move {
            let before = rx.try_update_value(|r| r.take()).flatten();
            let step = scan_step(before, input).await;
            if run.try_get_value() != Some(this_run) {
                return;
            }
            let _ = progress.try_set(step.progress);
            match step.done {
                Some(done) => {
                    stop();
                    on_done.run(done);
                }
                None => {
                    rx.set_value(Some(step.rx));
                    busy.set_value(false);
                }
            }
        });
    };
    let frame = move || {
        if busy.get_value() {
            return;
        }
        let Some(v) = video.get_untracked() else { return };
        let (w, h) = (v.video_width(), v.video_height());
        if v.ready_state() < 2 || w == 0 || h == 0 {
            return;
        }
        let Some(canvas) = grab.with_value(|c| c.clone()) else { return };
        canvas.set_width(w);
        canvas.set_height(h);
        let Some(cx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        if cx.draw_image_with_html_video_element_and_dw_and_dh(&v, 0.0, 0.0, w as f64, h as f64).is_err() {
            return;
        }
        busy.set_value(true);
        let this_run = run.get_value();
        if let Some(det) = detector.with_value(|d| d.clone()) {
            let promise = js_sys::Reflect::get(&det, &"detect".into())
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
                .and_then(|f| f.call1(&det, &canvas).ok())
                .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
            if let Some(promise) = promise {
                leptos::task::spawn_local(async move {
                    match wasm_bindgen_futures::JsFuture::from(promise).await {
                        Ok(found) => {
                            let texts = js_sys::Array::from(&found)
                                .iter()
                                .filter_map(|b| js_sys::Reflect::get(&b, &"rawValue".into()).ok()?.as_string())
                                .collect();
                            feed(ScanInput::Texts(texts), this_run);
                        }
                        Err(_) => {
                            // The browser's detector failed: the wasm decoder from now on.
                            detector.set_value(None);
                            busy.set_value(false);
                        }
                    }
                });
                return;
            }
            detector.set_value(None);
        }
        match cx.get_image_data(0.0, 0.0, w as f64, h as f64) {
            Ok(img) => feed(ScanInput::Rgba(img.data().0, w as usize, h as usize), this_run),
            Err(_) => busy.set_value(false),
        }
    };
    let start = move |_| {
        stop();
        on_start.run(());
        failed.set(None);
        progress.set((0, 0));
        rx.set_value(None);
        let devices = window().navigator().media_devices().ok();
        let constraints = web_sys::MediaStreamConstraints::new();
        let video_wanted = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&video_wanted, &"facingMode".into(), &"environment".into());
        constraints.set_video(&video_wanted);
        constraints.set_audio(&JsValue::FALSE);
        let Some(promise) = devices.and_then(|d| d.get_user_media_with_constraints(&constraints).ok()) else {
            failed.set(Some(t("qr.no_camera").to_string()));
            return;
        };
        if grab.with_value(Option::is_none) {
            grab.set_value(document().create_element("canvas").ok().map(|c| c.unchecked_into()));
        }
        detector.set_value(barcode_detector());
        active.set(true);
        let this_run = run.get_value();
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await {
                Ok(s) => {
                    let s: web_sys::MediaStream = s.unchecked_into();
                    if run.try_get_value() != Some(this_run) {
                        for track in s.get_tracks().iter() {
                            track.unchecked_into::<web_sys::MediaStreamTrack>().stop();
                        }
                        return;
                    }
                    if let Some(v) = video.get_untracked() {
                        v.set_src_object(Some(&s));
                        let _ = v.play();
                    }
                    stream.set_value(Some(s));
                    tick.set_value(set_interval_with_handle(frame, std::time::Duration::from_millis(GRAB_MS)).ok());
                }
                Err(e) => {
                    let _ = failed.try_set(Some(camera_error_text(&e)));
                    let _ = active.try_set(false);
                }
            }
        });
    };
    let received = move || {
        let (n, k) = progress.get();
        if k == 0 {
            t("qr.scanning").to_string()
        } else {
            t("qr.received").replace("{n}", &n.to_string()).replace("{k}", &k.to_string())
        }
    };
    view! {
        <button class="btn" id="scan-import" on:click=start>
            {tx("qr.scan")}
        </button>
        <div class="qr-scan" id="qr-scan" hidden=move || !active.get()>
            <video node_ref=video id="scan-video" autoplay=true muted=true playsinline=true></video>
            <progress id="scan-progress" max=move || progress.get().1.max(1) value=move || progress.get().0></progress>
            <p id="scan-status" role="status">
                {received}
            </p>
            <button class="btn" id="scan-stop" on:click=move |_| stop()>
                {tx("qr.stop")}
            </button>
        </div>
        {move || {
            failed
                .get()
                .map(|e| {
                    view! {
                        <div class="banner error" role="alert" id="scan-error">
                            {e}
                        </div>
                    }
                })
        }}
    }
}

/// A `BarcodeDetector` for QR codes, where the browser has one.
fn barcode_detector() -> Option<JsValue> {
    let ctor = js_sys::Reflect::get(&window(), &"BarcodeDetector".into()).ok()?.dyn_into::<js_sys::Function>().ok()?;
    let opts = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&opts, &"formats".into(), &js_sys::Array::of1(&"qr_code".into()));
    js_sys::Reflect::construct(&ctor, &js_sys::Array::of1(&opts)).ok()
}

/// Why the camera could not be used, in the UI language: the usual refusals of
/// `getUserMedia` by their `DOMException` name, anything else with the browser's own words.
fn camera_error_text(e: &JsValue) -> String {
    let name = js_sys::Reflect::get(e, &"name".into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
    let key = match name.as_str() {
        "NotFoundError" | "OverconstrainedError" => "qr.cam.not_found",
        "NotAllowedError" => "qr.cam.denied",
        "NotReadableError" | "AbortError" => "qr.cam.busy",
        "SecurityError" => "qr.cam.insecure",
        _ => return format!("{}: {}", t("qr.no_camera"), js_error_text(e)),
    };
    format!("{}: {}", t("qr.no_camera"), t(key))
}
