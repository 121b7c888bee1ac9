//! Settings (language) and About (version, storage used, persistence).

use super::parts::CheckRow;
use super::{ctx, fmt_time, io, save_error, t, tx};
use crate::i18n::{Action, Lang};
use crate::store;
use leptos::prelude::*;

/// `/settings`.
#[component]
pub fn SettingsPage() -> impl IntoView {
    let c = ctx();
    // Why the last change could not be stored (shown in the language now in force).
    let error: RwSignal<Option<store::StoreError>> = RwSignal::new(None);
    // The choice is stored at once; the page switches when the language's strings are read
    // ([`super::switch_lang`]: a moment for a language not compiled in).
    let lang_error: RwSignal<Option<String>> = RwSignal::new(None);
    let set = move |l: Lang| {
        let mut s = store::settings();
        s.lang = l.code().to_string();
        error.set(store::save_settings(&s).err());
        leptos::task::spawn_local(async move {
            lang_error.set(super::switch_lang(c, l).await.err());
        });
    };
    let first = store::settings();
    let sound = RwSignal::new(first.alarm_sound);
    let buzz = RwSignal::new(first.alarm_vibrate);
    // `which`: true the sound, false the vibration. Shown as stored: a refused write leaves
    // the box as it was.
    let set_alarm = move |which: bool, on: bool| {
        let mut s = store::settings();
        if which {
            s.alarm_sound = on;
        } else {
            s.alarm_vibrate = on;
        }
        let res = store::save_settings(&s);
        let s = store::settings();
        sound.set(s.alarm_sound);
        buzz.set(s.alarm_vibrate);
        error.set(res.err());
    };
    view! {
        <section class="page settings">
            <h1>{tx("nav.settings")}</h1>
            <label class="field-label">{tx("settings.language")}</label>
            <div class="chips">
                {Lang::ALL
                    .into_iter()
                    .map(|l| {
                        view! {
                            <button
                                class="btn chip"
                                class:selected=move || c.lang.get() == l
                                data-lang=l.code()
                                on:click=move |_| set(l)
                            >
                                {l.native_name()}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {move || {
                lang_error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id="lang-error">
                                {e}
                            </div>
                        }
                    })
            }}
            <label class="field-label">{tx("settings.alarm")}</label>
            <CheckRow
                id="alarm-sound"
                label="settings.alarm_sound"
                checked=sound
                on_change=move |on| set_alarm(true, on)
            />
            <CheckRow
                id="alarm-vibrate"
                label="settings.alarm_vibrate"
                checked=buzz
                on_change=move |on| set_alarm(false, on)
            />
            <div class="actions">
                <button class="btn" id="alarm-test" on:click=move |_| crate::ui::widgets::alarm(400)>
                    {tx("settings.alarm_test")}
                </button>
            </div>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id="settings-error">
                                {save_error(Action::Settings, &e)}
                            </div>
                        }
                    })
            }}
        </section>
    }
}

/// localStorage of this origin, as About shows it: in use now, and its quota (what was in
/// use plus the free space probed when the page opened), in characters ([`store::Usage`]).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Space {
    usage: store::Usage,
    /// `None` until probed, or when the probe failed.
    quota: Option<usize>,
}

/// KB of `n` characters (1 KB = 1,024 characters, the unit of both figures).
fn kb(n: usize) -> String {
    format!("{:.1} KB", n as f64 / 1024.0)
}

/// `/about`.
#[component]
pub fn About() -> impl IntoView {
    let c = ctx();
    let space = RwSignal::new(Space { usage: store::usage(), quota: None });
    let probed = RwSignal::new(false);
    let persisted: RwSignal<Option<bool>> = RwSignal::new(None);
    let restored: io::RestoreMsg = RwSignal::new(None);
    // The probe writes up to the quota for a moment: once, after the page has painted.
    let probe = move || {
        let free = store::probe_free();
        let usage = store::usage();
        space.set(Space { usage, quota: free.map(|f| usage.origin + f) });
        probed.set(true);
    };
    set_timeout(probe, std::time::Duration::from_millis(50));
    let read_persisted = move || {
        leptos::task::spawn_local(async move {
            let Some(sm) = io::storage_manager() else { return };
            if let Ok(p) = sm.persisted() {
                if let Ok(v) = wasm_bindgen_futures::JsFuture::from(p).await {
                    persisted.set(v.as_bool());
                }
            }
        });
    };
    read_persisted();
    // A request answered while this page is open.
    Effect::new(move |_| {
        if let Some(Ok(v)) = c.persist.get() {
            persisted.set(Some(v));
        }
    });
    // This app's use; all of the origin's against the quota (probed, or the usual limit).
    let app_line = move || format!("{} {}", t("about.app_use"), kb(space.with(|s| s.usage.app)));
    let origin_line = move || {
        let Space { usage, quota } = space.get();
        match quota {
            Some(q) => format!(
                "{} {} / {} · {} {}",
                t("about.origin_use"),
                kb(usage.origin),
                kb(q),
                t("about.free"),
                kb(q.saturating_sub(usage.origin))
            ),
            None if probed.get() => {
                format!("{} {} / {}", t("about.origin_use"), kb(usage.origin), t("about.quota_usual"))
            }
            None => format!("{} {} / …", t("about.origin_use"), kb(usage.origin)),
        }
    };
    let quota_note = move || space.with(|s| s.quota.is_some()).then(|| t("about.quota_probed"));
    let full = move || space.with(|s| s.quota.is_some_and(|q| q.saturating_sub(s.usage.origin) < 16 * 1024));
    view! {
        <section class="page about">
            <h1>{tx("app.name")}</h1>
            <p>{tx("about.blurb")}</p>
            <dl>
                <dt>{tx("about.version")}</dt>
                <dd id="version">{env!("CARGO_PKG_VERSION")}" · schema "{crate::record::SCHEMA_VERSION}</dd>
                <dt>{tx("about.storage")}</dt>
                <dd id="storage-used">
                    <span class="line">{app_line}</span>
                    <span class="line">{origin_line}</span>
                    <span class="line muted">{quota_note}</span>
                    <Show when=full>
                        <span class="line banner warn" id="storage-full" role="status">
                            {tx("about.nearly_full")}
                        </span>
                    </Show>
                </dd>
                <dt>{tx("about.persist")}</dt>
                <dd id="persist">
                    <span id="persist-state">
                        {move || match persisted.get() {
                            Some(true) => t("about.persist_yes"),
                            Some(false) => t("about.persist_no"),
                            None => "—",
                        }}
                    </span>
                    {move || match c.persist.get() {
                        Some(Err(why)) => {
                            Some(
                                view! {
                                    <span class="error" id="persist-error">
                                        " · "
                                        {t("about.persist_failed")}
                                        " ("
                                        {why}
                                        ")"
                                    </span>
                                },
                            )
                        }
                        _ => None,
                    }}
                    <Show when=move || {
                        persisted.get() != Some(true)
                    }>
                        " "<button class="btn" id="persist-ask" on:click=move |_| io::request_persistence()>
                            {tx("about.persist_ask")}
                        </button>
                    </Show>
                </dd>
                <dt>{tx("io.last_export")}</dt>
                <dd id="last-export">
                    {move || {
                        c.last_export.get().map(|ms| fmt_time(ms as f64)).unwrap_or_else(|| t("io.never").to_string())
                    }}
                </dd>
                <dt>{tx("about.matches")}</dt>
                <dd>{move || c.matches.with(|m| m.len())}</dd>
            </dl>
            <h2>{tx("about.quarantine")}</h2>
            <io::RestoreMessage msg=restored />
            <ul id="quarantine-list">
                {move || {
                    c.quarantined.track();
                    store::quarantined()
                        .into_iter()
                        .map(|(k, v)| {
                            let why = c
                                .quarantined
                                .with_untracked(|q| {
                                    q.iter().find(|x| x.moved_to == k).map(|x| crate::ui::quarantine_reason(&x.error))
                                })
                                .map(|w| format!(" ({w})"));
                            // Why it was moved aside, when this session did it or found it
                            // (the stored value keeps no reason).
                            // Again after a restore (which updates the reported list).
                            view! {
                                <li>
                                    <code>{k.clone()}</code>
                                    <span class="why">{why}</span>
                                    ": "
                                    <code>{v}</code>
                                    <io::QuarantineActions key=k msg=restored />
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <button class="btn" on:click=move |_| space.update(|s| s.usage = store::usage())>
                {tx("about.refresh")}
            </button>
        </section>
    }
}
