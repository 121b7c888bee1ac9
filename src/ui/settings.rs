//! Settings (language) and About (version, storage used, persistence).

use super::{ctx, fmt_time, io, tx, t};
use crate::i18n::Lang;
use crate::store;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// `/settings`.
#[component]
pub fn SettingsPage() -> impl IntoView {
    let c = ctx();
    let set = move |l: Lang| {
        c.lang.set(l);
        let mut s = store::settings();
        s.lang = l.code().to_string();
        let _ = store::save_settings(&s);
    };
    view! {
        <section class="page settings">
            <h1>{tx("nav.settings")}</h1>
            <label class="field-label">{tx("settings.language")}</label>
            <div class="chips">
                {Lang::ALL.into_iter().map(|l| view! {
                    <button class="btn chip" class:selected=move || c.lang.get() == l data-lang=l.code() on:click=move |_| set(l)>{l.native_name()}</button>
                }).collect_view()}
            </div>
        </section>
    }
}

/// `/about`.
#[component]
pub fn About() -> impl IntoView {
    let c = ctx();
    let used = RwSignal::new(store::bytes_used());
    let persisted: RwSignal<Option<bool>> = RwSignal::new(None);
    let quota: RwSignal<Option<(f64, f64)>> = RwSignal::new(None);
    let restored: io::RestoreMsg = RwSignal::new(None);
    leptos::task::spawn_local(async move {
        let nav = window().navigator();
        let Ok(sm) = js_sys::Reflect::get(&nav, &"storage".into()) else { return };
        if sm.is_undefined() {
            return;
        }
        let sm: web_sys::StorageManager = sm.unchecked_into();
        if let Ok(p) = sm.persisted() {
            if let Ok(v) = wasm_bindgen_futures::JsFuture::from(p).await {
                persisted.set(v.as_bool());
            }
        }
        if let Ok(p) = sm.estimate() {
            if let Ok(v) = wasm_bindgen_futures::JsFuture::from(p).await {
                let g = |k: &str| js_sys::Reflect::get(&v, &k.into()).ok().and_then(|x| x.as_f64()).unwrap_or(0.0);
                quota.set(Some((g("usage"), g("quota"))));
            }
        }
    });
    view! {
        <section class="page about">
            <h1>{tx("app.name")}</h1>
            <p>{tx("about.blurb")}</p>
            <dl>
                <dt>{tx("about.version")}</dt><dd id="version">{env!("CARGO_PKG_VERSION")}" · schema "{crate::record::SCHEMA_VERSION}</dd>
                <dt>{tx("about.storage")}</dt><dd id="storage-used">{move || format!("{:.1} KB", used.get() as f64 / 1024.0)}
                    {move || quota.get().map(|(u, q)| format!(" · {} {:.1} / {:.0} MB", t("about.origin"), u / 1e6, q / 1e6))}</dd>
                <dt>{tx("about.persist")}</dt><dd>{move || match persisted.get() { Some(true) => t("about.persist_yes"), Some(false) => t("about.persist_no"), None => "—" }}</dd>
                <dt>{tx("io.last_export")}</dt><dd>{move || c.last_export.get().map(|ms| fmt_time(ms as f64)).unwrap_or_else(|| t("io.never").to_string())}</dd>
                <dt>{tx("about.matches")}</dt><dd>{move || c.matches.with(|m| m.len())}</dd>
            </dl>
            <h2>{tx("about.quarantine")}</h2>
            <io::RestoreMessage msg=restored />
            <ul id="quarantine-list">{move || {
                // Again after a restore (which updates the reported list).
                c.quarantined.track();
                store::quarantined().into_iter().map(|(k, v)| view! {
                    <li><code>{k.clone()}</code>": "<code>{v}</code><io::QuarantineActions key=k msg=restored /></li>
                }).collect_view()
            }}</ul>
            <button class="btn" on:click=move |_| used.set(store::bytes_used())>{tx("about.refresh")}</button>
        </section>
    }
}
