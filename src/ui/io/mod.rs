//! Export (download, Web Share) and import (validate all, preview, then merge) of a file
//! or of a table's QR codes (扫码导入, [`super::scan`]).

use super::{ctx, now_ms, t};
use crate::record::schema::{self, MergeReport, MAX_IMPORT_BYTES};
use crate::record::{Match, Op};
use crate::store;
use crate::tournament::{sync, Event};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

mod import;
pub use import::{
    field_and_reason, import_export_later, restore_deleted, QuarantineActions, RestoreMessage, RestoreMsg,
};

/// `window.alert` (used only for errors that must not be missed).
pub fn alert(msg: &str) {
    let _ = window().alert_with_message(msg);
}

/// Asks the browser to keep this origin's storage (`navigator.storage.persist()`): when
/// the first match is stored on this device ([`super::added_match`]) and from the button on
/// About, never on start. The answer goes to [`super::Ctx::persist`]; a refusal or a
/// rejected promise is an answer too (no uncaught error).
pub fn request_persistence() {
    let c = ctx();
    let Some(sm) = storage_manager() else {
        c.persist.set(Some(Err(t("about.persist_unsupported").to_string())));
        return;
    };
    let promise = match sm.persist() {
        Ok(p) => p,
        Err(e) => {
            c.persist.set(Some(Err(js_error_text(&e))));
            return;
        }
    };
    leptos::task::spawn_local(async move {
        let answer = match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(v) => Ok(v.as_bool() == Some(true)),
            Err(e) => Err(js_error_text(&e)),
        };
        c.persist.set(Some(answer));
    });
}

/// `navigator.storage`, where the browser has it.
pub fn storage_manager() -> Option<web_sys::StorageManager> {
    let sm = js_sys::Reflect::get(&window().navigator(), &"storage".into()).ok()?;
    (!sm.is_undefined() && !sm.is_null()).then(|| sm.unchecked_into())
}

/// A thrown JS value as text (`name: message`, or the value itself).
pub fn js_error_text(e: &JsValue) -> String {
    let get = |k: &str| js_sys::Reflect::get(e, &k.into()).ok().and_then(|v| v.as_string()).unwrap_or_default();
    match (get("name"), get("message")) {
        (n, m) if !n.is_empty() || !m.is_empty() => format!("{n}: {m}"),
        _ => e.as_string().unwrap_or_else(|| format!("{e:?}")),
    }
}

/// The text of a file to import, read as UTF-8 with no replacement: a file that is not
/// valid UTF-8 is refused (translated message naming the byte offset of the first bad
/// byte), so nothing is imported from it.
pub async fn read_text(file: &web_sys::File) -> Result<String, String> {
    let buf = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| t("import.unreadable").to_string())?;
    let bytes = js_sys::Uint8Array::new(&buf).to_vec();
    crate::record::schema::import_utf8(bytes).map_err(|offset| format!("{} {offset}", t("import.not_utf8")))
}

/// The local time as `YYYYMMDD-HHMM`, for file names.
fn stamp() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{}{:02}{:02}-{:02}{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// `referee-<what>-<stamp>.json`, e.g. the export of everything (`referee-all-…`).
pub fn stamped_name(what: &str) -> String {
    format!("referee-{what}-{}.json", stamp())
}

/// The export file name of match `m`, saying what it is: its event, game, round, table and
/// sides when an event on this device schedules it (`健康杯-掼蛋-R2-T3-绿队-黄队.json`), else
/// its game, title (or sides) and the time ([`crate::tournament::files::match_file_name`]).
pub fn match_file_name(m: &Match) -> String {
    let events = store::readable_events();
    let place = crate::tournament::files::place_of(&events, &m.id);
    let game = crate::i18n::game_name(ctx().lang.get_untracked(), m.setup.game());
    crate::tournament::files::match_file_name(place, game, &m.title, &m.setup.participants(), &stamp())
}

/// Downloads the matches and events as one JSON export file named `name` and, where the
/// Web Share API takes files and `share` is set, offers to share it. Records the export time.
pub fn export<M: std::borrow::Borrow<Match>>(matches: &[M], events: &[Event], name: &str, share: bool) {
    deliver(name, &crate::tournament::export_bundle(matches, events, now_ms()), share);
}

/// Downloads (or shares, see [`export`]) the export file `text` named `name`; records the
/// export time.
pub fn deliver(name: &str, text: &str, share: bool) {
    let name = name.to_string();
    if share {
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let nav = window().navigator();
        let can =
            js_sys::Reflect::get(&nav, &"canShare".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        if let (Some(can), Ok(file)) = (
            can,
            web_sys::File::new_with_str_sequence_and_options(&parts, &name, &{
                let o = web_sys::FilePropertyBag::new();
                o.set_type("application/json");
                o
            }),
        ) {
            let data = js_sys::Object::new();
            let files = js_sys::Array::of1(&file);
            let _ = js_sys::Reflect::set(&data, &"files".into(), &files);
            if can.call1(&nav, &data).ok().and_then(|v| v.as_bool()) == Some(true) {
                if let Ok(f) =
                    js_sys::Reflect::get(&nav, &"share".into()).and_then(|f| f.dyn_into::<js_sys::Function>())
                {
                    let _ = f.call1(&nav, &data);
                    mark_exported();
                    return;
                }
            }
        }
    }
    download(&name, JSON, text);
    mark_exported();
}

/// The MIME type of the JSON files the app writes (exports, quarantined values).
pub const JSON: &str = "application/json";

/// Downloads `text` as a file named `name` of type `mime` (a link to a blob, clicked): the
/// one download of the app (exports, quarantined values, move records, event sheets).
pub fn download(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else { return };
    download_blob(name, &blob);
}

/// Downloads `blob` as a file named `name` (a link to it, clicked): [`download`]'s way, for
/// any content (a PNG picture).
pub fn download_blob(name: &str, blob: &web_sys::Blob) {
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else { return };
    let doc = document();
    if let Ok(a) = doc.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        let _ = doc.body().map(|b| b.append_child(&a));
        a.click();
        a.remove();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Records the export time in the settings. The file is out already; when the time
/// cannot be stored (storage full) the referee is told, and "last export" stays as it was
/// (what a reload would show).
fn mark_exported() {
    let c = ctx();
    let now = now_ms() as u64;
    let mut s = store::settings();
    s.last_export_ms = Some(now);
    match store::save_settings(&s) {
        Ok(()) => {
            c.last_export.set(Some(now));
            // The copies of deleted matches were kept until this export.
            store::clear_deleted();
            c.deleted_changed.update(|n| *n += 1);
        }
        Err(e) => alert(&super::save_error(crate::i18n::Action::ExportMark, &e)),
    }
}

/// Archives match `id` (`on`) or takes it out of the archive: the settings' `archived`
/// list. On error (storage full) the referee is told and nothing changes.
pub fn set_archived(id: &str, on: bool) {
    let c = ctx();
    let mut s = store::settings();
    s.archived.retain(|x| x != id);
    if on {
        s.archived.push(id.to_string());
    }
    match store::save_settings(&s) {
        Ok(()) => c.archived.set(s.archived),
        Err(e) => alert(&super::save_error(crate::i18n::Action::Settings, &e)),
    }
}

/// Deletes match `m` after the referee confirms, keeping a copy until the next export
/// ([`store::delete_keeping_copy`]); when even the copy cannot be stored, the match is
/// downloaded as a file first. Returns whether it was deleted.
pub fn delete_match(m: &Match) -> bool {
    let title = if m.title.is_empty() { m.id.clone() } else { crate::bidi::isolated(&m.title) };
    let ask = t("io.delete_ask").replace("{title}", &title);
    if !window().confirm_with_message(&ask).unwrap_or(false) {
        return false;
    }
    let c = ctx();
    if store::delete_keeping_copy(m).is_err() {
        let name = match_file_name(m);
        download(&name, JSON, &schema::export(std::slice::from_ref(m), now_ms()));
        store::delete_match(&m.id);
        alert(&t("io.delete_downloaded").replace("{file}", &name));
    }
    c.matches.update(|ms| ms.retain(|x| x.id != m.id));
    c.deleted_changed.update(|n| *n += 1);
    true
}

/// Whether the share button makes sense here.
pub fn can_share() -> bool {
    js_sys::Reflect::has(&window().navigator(), &"canShare".into()).unwrap_or(false)
}
