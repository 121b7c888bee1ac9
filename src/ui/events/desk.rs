//! Sync at the desk: the tables' files read in, merged, and conflicts shown side by side.

use super::*;

#[component]
pub(super) fn SyncTab(ev: Ev) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let busy = RwSignal::new(false);
    let on_files = move |x: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&x);
        let Some(list) = input.files() else { return };
        let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
        input.set_value("");
        if files.is_empty() {
            return;
        }
        busy.set(true);
        ev.msg.set(None);
        leptos::task::spawn_local(async move {
            let mut lines = Vec::new();
            let mut failed = false;
            for file in files {
                let name = file.name();
                if file.size() > crate::record::schema::MAX_IMPORT_BYTES as f64 {
                    lines.push(format!("{name}: {}", t("import.too_big")));
                    failed = true;
                    continue;
                }
                let text = match io::read_text(&file).await {
                    Ok(text) => text,
                    Err(x) => {
                        lines.push(format!("{name}: {x}"));
                        failed = true;
                        continue;
                    }
                };
                let Some(mut e) = ev.now() else { return };
                let local = c.matches.with_untracked(|ms| owned(ms));
                let res = sync::import_text(&mut e, &local, &name, &text, now_ms());
                match res {
                    Ok(merged) => {
                        let mut saved = true;
                        for m in &merged.changed {
                            if let Err(x) = store::save_match(m) {
                                lines.push(format!("{name}: {}", crate::ui::save_error(Action::Import, &x)));
                                saved = false;
                                failed = true;
                                break;
                            }
                        }
                        if saved {
                            for m in merged.changed {
                                c.put(m);
                            }
                            let r = &merged.report;
                            lines.push(format!(
                                "{name}: {} {}, {} {}, {} {}, {} {}",
                                r.added.len(),
                                t("io.added"),
                                r.extended.len(),
                                t("io.extended"),
                                r.unchanged.len(),
                                t("io.unchanged"),
                                merged.new_conflicts,
                                t("io.conflicts")
                            ));
                            for (m, e, why) in &r.not_fitting {
                                lines.push(format!(
                                    "{name}: {} — {m} / {e}: {}",
                                    t("io.not_fitting"),
                                    crate::ui::left_out_text(why)
                                ));
                            }
                        }
                    }
                    Err(x) => {
                        failed = true;
                        lines.push(format!(
                            "{name}: {} — {}",
                            t("import.invalid"),
                            crate::ui::io::field_and_reason(&x)
                        ));
                    }
                }
                if let Err(x) = save_event_as(&e, Action::Import) {
                    lines.push(x);
                    failed = true;
                } else {
                    ev.ev.set(Some(e));
                }
            }
            busy.set(false);
            ev.msg.set(Some((failed, lines.join(" · "))));
        });
    };
    let resolve = move |idx: usize, choice: sync::Choice| {
        let Some(e) = ev.now() else { return };
        let Some(conf) = e.conflicts.get(idx).cloned() else { return };
        let m = match store::read_match(&conf.match_id) {
            Ok(Some(m)) => Some(m),
            _ => c.matches.with_untracked(|ms| ms.iter().find(|x| x.id == conf.match_id).map(|m| (**m).clone())),
        };
        let Some(m) = m else {
            ev.error(t("ev.sync.no_match"));
            return;
        };
        let reason = match choice {
            sync::Choice::Local => t("ev.sync.reason_local"),
            sync::Choice::Incoming => t("ev.sync.reason_file"),
        };
        let reason = format!("{reason} ({})", conf.file);
        match sync::resolution_entries(&m, &conf, choice, &reason, || new_id("e"), now_ms()) {
            Err(x) => ev.error(format!("{}: {}", t("ev.sync.refused"), crate::ui::refusal_text(&x))),
            Ok((next, added)) => {
                if !added.is_empty() {
                    if let Err(x) = store::save_match(&next) {
                        ev.error(crate::ui::save_error(Action::Event, &x));
                        return;
                    }
                    c.put(next);
                }
                let ids = added.iter().map(|x| x.id.clone()).collect();
                // By value: the stored event's list may differ from the one shown.
                if ev.mutate(|e| {
                    if let Some(i) = e.conflicts.iter().position(|x| *x == conf) {
                        sync::record_resolution(e, i, choice, ids, now_ms());
                    }
                    Ok(())
                }) {
                    ev.ok(t("ev.sync.resolved"));
                }
            }
        }
    };
    let export_all = move |_| {
        let Some(e) = ev.now() else { return };
        let ids = e.match_ids();
        let ms: Vec<Match> =
            c.matches.with_untracked(|ms| ms.iter().filter(|m| ids.contains(&m.id)).map(|m| (**m).clone()).collect());
        if ms.is_empty() {
            ev.error(t("ev.sched.no_matches"));
            return;
        }
        let name = crate::tournament::files::file_name(&[&e.name, crate::ui::t("ev.sync.file_all")], "json");
        io::export(&ms, std::slice::from_ref(&e), &name, false);
    };
    view! {
        <section class="ev-sync" id="sync">
            <h2>{tx("ev.tab.sync")}</h2>
            <p class="muted">{tx("ev.sync.help")}</p>
            <div class="actions">
                <label class="btn primary file">
                    {tx("ev.sync.import")}
                    <input
                        type="file"
                        id="sync-files"
                        multiple=true
                        accept="application/json,.json"
                        on:change=on_files
                    />
                </label>
                <button class="btn" id="export-event-matches" on:click=export_all>
                    {tx("ev.sync.export_all")}
                </button>
            </div>
            <Show when=move || busy.get()>
                <p class="muted">"…"</p>
            </Show>
            <h3>{tx("ev.sync.conflicts")}</h3>
            {move || {
                let l = lang.get();
                let e = ev.ev.get()?;
                if e.conflicts.is_empty() {
                    return Some(
                        view! {
                            <p class="empty" id="no-conflicts">
                                {tr(l, "ev.sync.no_conflicts")}
                            </p>
                        }
                            .into_any(),
                    );
                }
                let ms = c.matches.get();
                Some(
                    view! {
                        <ul class="conflicts" id="conflicts">
                            {e
                                .conflicts
                                .iter()
                                .enumerate()
                                .map(|(i, cf)| {
                                    let m = ms.iter().find(|m| m.id == cf.match_id);
                                    let title = m
                                        .map(|m| {
                                            if m.title.is_empty() {
                                                m.id.clone()
                                            } else {
                                                crate::bidi::isolated(&m.title)
                                            }
                                        })
                                        .unwrap_or_else(|| cf.match_id.clone());
                                    conflict_item(
                                        l,
                                        m.map(|m| &**m),
                                        cf,
                                        format!("{title} · {}", cf.file),
                                        move |choice| resolve(i, choice),
                                    )
                                })
                                .collect_view()}
                        </ul>
                    }
                        .into_any(),
                )
            }}
            <details class="log" id="resolutions">
                <summary>
                    {tx("ev.sync.resolutions")}" ("
                    {move || ev.ev.with(|e| e.as_ref().map(|e| e.resolutions.len()).unwrap_or(0))}")"
                </summary>
                <ul>
                    {move || {
                        let l = lang.get();
                        let e = ev.ev.get()?;
                        let ms = c.matches.get();
                        Some(
                            e
                                .resolutions
                                .iter()
                                .rev()
                                .map(|r| {
                                    let m = ms.iter().find(|m| m.id == r.conflict.match_id);
                                    let chosen = match r.choice {
                                        sync::Choice::Local => tr(l, "ev.sync.kept_local"),
                                        sync::Choice::Incoming => tr(l, "ev.sync.took_file"),
                                    };
                                    view! {
                                        <li class="resolution">
                                            {fmt_time(r.at_ms)}" · "{chosen}" · "
                                            {describe(l, m.map(|m| &**m), &r.conflict.local)}" ⟷ "
                                            {describe(l, m.map(|m| &**m), &r.conflict.incoming)}
                                        </li>
                                    }
                                })
                                .collect_view(),
                        )
                    }}
                </ul>
            </details>
            <details class="log" id="import-log">
                <summary>
                    {tx("ev.sync.log")}" ("{move || ev.ev.with(|e| e.as_ref().map(|e| e.imports.len()).unwrap_or(0))}")"
                </summary>
                <ul>
                    {move || {
                        let e = ev.ev.get()?;
                        Some(
                            e
                                .imports
                                .iter()
                                .rev()
                                .map(|r| {
                                    view! {
                                        <li class:error=r
                                            .error
                                            .is_some()>
                                            {fmt_time(r.at_ms)}" · "{r.file.clone()}": "
                                            {match &r.error {
                                                Some(x) => x.clone(),
                                                None if r.not_fitting > 0 => {
                                                    format!(
                                                        "+{} / ~{} / ={} / !{} / ✕{}",
                                                        r.added,
                                                        r.extended,
                                                        r.unchanged,
                                                        r.conflicts,
                                                        r.not_fitting,
                                                    )
                                                }
                                                None => {
                                                    format!(
                                                        "+{} / ~{} / ={} / !{}",
                                                        r.added,
                                                        r.extended,
                                                        r.unchanged,
                                                        r.conflicts,
                                                    )
                                                }
                                            }}
                                        </li>
                                    }
                                })
                                .collect_view(),
                        )
                    }}
                </ul>
            </details>
        </section>
    }
}
