//! The result sheet shared: as a picture (PNG, drawn on a canvas from the sheet's drawing
//! list, shared with the Web Share API where it takes files, downloaded elsewhere) and
//! printed on A4 (the same document as HTML, with a blank recording sheet beside it).
//! [`ShareBar`] is the row of buttons under each game's result sheet; [`PrintSheet`] the
//! print preview any page can open with a [`ShareDoc`].

use crate::record::share_doc::{self, draw, Fixture, RowKind, ShareDoc};
use crate::record::Match;
use crate::ui::{ctx, fmt_time, io, now_ms, t, tx};
use leptos::prelude::*;
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};

/// Calls method `name` of the JS object `obj` with `args`.
fn call(obj: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(obj, &name.into())?.dyn_into()?;
    f.apply(obj, &args.iter().collect::<js_sys::Array>())
}

/// Sets property `name` of the JS object `obj`.
fn set(obj: &JsValue, name: &str, v: JsValue) {
    let _ = js_sys::Reflect::set(obj, &name.into(), &v);
}

/// The canvas font of a text run: `bold 30px sans-serif` (the system's CJK font).
fn font(size: f64, bold: bool) -> String {
    format!("{}{size}px sans-serif", if bold { "bold " } else { "" })
}

/// A canvas's height limit in Chromium, px: a longer sheet is drawn smaller.
const MAX_HEIGHT: f64 = 32_000.0;

/// Paints `d` on the 2D context `c` (its canvas already sized).
fn paint(c: &JsValue, d: &draw::Drawing) -> Result<(), JsValue> {
    set(c, "textBaseline", "top".into());
    for item in &d.items {
        match item {
            draw::Item::Rect { x, y, w, h, fill } => {
                set(c, "fillStyle", (*fill).into());
                call(c, "fillRect", &[(*x).into(), (*y).into(), (*w).into(), (*h).into()])?;
            }
            draw::Item::Line { x1, y1, x2, y2, width, color } => {
                set(c, "strokeStyle", (*color).into());
                set(c, "lineWidth", (*width).into());
                call(c, "beginPath", &[])?;
                call(c, "moveTo", &[(*x1).into(), (*y1).into()])?;
                call(c, "lineTo", &[(*x2).into(), (*y2).into()])?;
                call(c, "stroke", &[])?;
            }
            draw::Item::Text { x, y, size, bold, color, text } => {
                set(c, "font", font(*size, *bold).into());
                set(c, "fillStyle", (*color).into());
                call(c, "fillText", &[text.as_str().into(), (*x).into(), (*y).into()])?;
            }
        }
    }
    Ok(())
}

/// The PNG of `doc`: laid out with the canvas's own text widths, painted, encoded, and its
/// drawing list added as the file's text chunk ([`draw::png_with_text`]).
fn render_png(doc: &ShareDoc) -> Result<Vec<u8>, JsValue> {
    let canvas: JsValue = document().create_element("canvas")?.into();
    let c = call(&canvas, "getContext", &["2d".into()])?;
    let current = std::cell::RefCell::new(String::new());
    let measure = |text: &str, size: f64, bold: bool| {
        let f = font(size, bold);
        if *current.borrow() != f {
            set(&c, "font", f.as_str().into());
            *current.borrow_mut() = f;
        }
        call(&c, "measureText", &[text.into()])
            .and_then(|m| js_sys::Reflect::get(&m, &"width".into()))
            .ok()
            .and_then(|w| w.as_f64())
            .unwrap_or_else(|| draw::estimate(text, size, bold))
    };
    let d = draw::layout(doc, draw::WIDTH, &measure);
    let scale = (MAX_HEIGHT / d.height).min(1.0);
    set(&canvas, "width", (d.width * scale).round().into());
    set(&canvas, "height", (d.height * scale).ceil().into());
    if scale < 1.0 {
        call(&c, "scale", &[scale.into(), scale.into()])?;
    }
    paint(&c, &d)?;
    let url = call(&canvas, "toDataURL", &["image/png".into()])?.as_string().unwrap_or_default();
    let b64 = url.split_once(',').map(|(_, b)| b).unwrap_or("");
    let bin = window().atob(b64)?;
    let png: Vec<u8> = bin.chars().map(|ch| ch as u32 as u8).collect();
    let json = serde_json::to_string(&d).unwrap_or_default();
    Ok(draw::png_with_text(&png, draw::PNG_KEYWORD, &json))
}

/// [`render_png`], in a chunk of its own (fetched the first time a picture is made).
#[cfg_attr(not(debug_assertions), leptos::lazy)]
async fn sheet_png(doc: ShareDoc) -> Result<Vec<u8>, String> {
    render_png(&doc).map_err(|e| io::js_error_text(&e))
}

/// Downloads the PNG `bytes` as `name`.
fn download_png(name: &str, bytes: &[u8]) {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("image/png");
    if let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &opts) {
        io::download_blob(name, &blob);
    }
}

/// Shares the PNG `bytes` named `name` where the Web Share API takes files, else (or when
/// sharing fails for another reason than the user's cancel) downloads it.
async fn share_or_download(name: &str, bytes: &[u8]) {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let nav = window().navigator();
    let opts = web_sys::FilePropertyBag::new();
    opts.set_type("image/png");
    if let Ok(file) = web_sys::File::new_with_u8_array_sequence_and_options(&parts, name, &opts) {
        let data = js_sys::Object::new();
        set(&data, "files", js_sys::Array::of1(&file).into());
        let can = call(&nav, "canShare", &[data.clone().into()]).ok().and_then(|v| v.as_bool());
        if can == Some(true) {
            if let Ok(p) = call(&nav, "share", &[data.into()]).and_then(|p| p.dyn_into::<js_sys::Promise>()) {
                match wasm_bindgen_futures::JsFuture::from(p).await {
                    Ok(_) => return,
                    Err(e) => {
                        let why = js_sys::Reflect::get(&e, &"name".into()).ok().and_then(|n| n.as_string());
                        if why.as_deref() == Some("AbortError") {
                            return;
                        }
                    }
                }
            }
        }
    }
    download_png(name, bytes);
}

/// Makes the picture of `doc` and shares or downloads it as `name`.
pub fn deliver_png(doc: ShareDoc, name: String) {
    leptos::task::spawn_local(async move {
        match sheet_png(doc).await {
            Ok(bytes) => share_or_download(&name, &bytes).await,
            Err(e) => io::alert(&format!("{}: {e}", t("share.png_failed"))),
        }
    });
}

/// The fixture of match `m` in this device's events, if one schedules it.
fn fixture_of(m: &Match) -> Option<Fixture> {
    Fixture::of(&crate::store::readable_events(), &m.id)
}

/// The result sheet of `m` in the page's language.
fn doc_of(m: &Match) -> ShareDoc {
    share_doc::match_doc(m, ctx().lang.get_untracked(), fixture_of(m).as_ref(), &fmt_time, now_ms())
}

/// The buttons under a result sheet: the picture (成绩图), the A4 print (打印) and the blank
/// recording sheet of the same table (空白记录表).
#[component]
pub fn ShareBar(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let print = RwSignal::new(None::<ShareDoc>);
    let png = move |_| {
        if let Some(x) = m.get_untracked() {
            let name = io::match_file_name(&x);
            let name = format!("{}.png", name.strip_suffix(".json").unwrap_or(&name));
            deliver_png(doc_of(&x), name);
        }
    };
    let open = move |_| print.set(m.get_untracked().map(|x| doc_of(&x)));
    let blank = move |_| {
        print.set(
            m.get_untracked()
                .map(|x| share_doc::blank_doc(&x.setup, &x.title, ctx().lang.get_untracked(), fixture_of(&x).as_ref())),
        )
    };
    view! {
        <div class="actions share-bar">
            <button class="btn" id="share-png" on:click=png>
                {tx("share.png")}
            </button>
            <button class="btn" id="share-print" on:click=open>
                {tx("share.print")}
            </button>
            <button class="btn" id="share-blank" on:click=blank>
                {tx("share.blank")}
            </button>
        </div>
        <PrintSheet doc=print />
    }
}

/// The print preview of `doc` while it is set: the sheet as HTML over the page, with 打印
/// (the browser's print, A4) and 关闭. In print only the sheet is shown (`style/main.css`).
#[component]
pub fn PrintSheet(doc: RwSignal<Option<ShareDoc>>) -> impl IntoView {
    move || {
        doc.get().map(|d| {
            view! {
                <div class="print-doc" id="print-doc" role="dialog" aria-modal="true">
                    <div class="print-tools no-print">
                        <button
                            class="btn primary"
                            id="print-now"
                            on:click=|_| {
                                let _ = window().print();
                            }
                        >
                            {tx("share.print")}
                        </button>
                        <button class="btn" id="print-close" on:click=move |_| doc.set(None)>
                            {tx("share.close")}
                        </button>
                    </div>
                    {doc_html(&d)}
                </div>
            }
        })
    }
}

/// `d` as printable HTML: heading, meta, the table, results, signature lines, footer.
fn doc_html(d: &ShareDoc) -> impl IntoView {
    let n = d.header.len().max(1);
    let blank = d.rows.iter().all(|r| r.cells.iter().skip(1).all(String::is_empty));
    view! {
        <h1 class="print-title">{d.title.clone()}</h1>
        <table class="print-meta">
            {d
                .meta
                .iter()
                .map(|(k, v)| {
                    view! {
                        <tr>
                            <th>{k.clone()}</th>
                            <td>{v.clone()}</td>
                        </tr>
                    }
                })
                .collect_view()}
        </table>
        <table class=if blank { "print-table blank" } else { "print-table" }>
            <thead>
                <tr>{d.header.iter().map(|h| view! { <th>{h.clone()}</th> }).collect_view()}</tr>
            </thead>
            <tbody>
                {d
                    .rows
                    .iter()
                    .map(|r| match r.kind {
                        RowKind::Section => {
                            view! {
                                <tr class="section">
                                    <td colspan=n.to_string()>{r.cells.first().cloned()}</td>
                                </tr>
                            }
                                .into_any()
                        }
                        RowKind::Detail => {
                            view! {
                                <tr class="detail">
                                    <td colspan=n.to_string()>{r.cells.first().cloned()}</td>
                                </tr>
                            }
                                .into_any()
                        }
                        kind => {
                            view! {
                                <tr class=if kind == RowKind::Total {
                                    "total"
                                } else {
                                    ""
                                }>{r.cells.iter().map(|c| view! { <td>{c.clone()}</td> }).collect_view()}</tr>
                            }
                                .into_any()
                        }
                    })
                    .collect_view()}
            </tbody>
        </table>
        <div class="print-result">{d.result.iter().map(|r| view! { <p>{r.clone()}</p> }).collect_view()}</div>
        <div class="print-signatures">
            {d
                .signatures
                .iter()
                .map(|s| {
                    view! {
                        <p class="sig">
                            <span class="sig-label">{s.label.clone()}":"</span>
                            <span class="sig-name">{s.name.clone()}</span>
                        </p>
                    }
                })
                .collect_view()}
        </div>
        <p class="print-footer muted">{d.footer.clone()}</p>
    }
}
