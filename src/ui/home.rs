//! Home: matches stored on this device, newest first; the sample; import and export.

use super::{ctx, fmt_time, io, now_ms, t, tx};
use crate::record::replay::{replay, MatchView};
use crate::record::{sample, Match, Setup};
use crate::rules::Team;
use crate::store;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_navigate;

fn summary(m: &Match) -> String {
    let s = match &m.setup {
        Setup::Shengji(s) => s,
        Setup::Duplicate(_) => return super::games::duplicate::summary(m),
        Setup::Guandan(_) => return super::games::guandan::summary(m),
        Setup::Doudizhu(_) => return super::games::doudizhu::summary(m),
        Setup::Sandayi(_) => return super::games::sandayi::summary(m),
        Setup::Renju(_) => return super::games::renju::summary(m),
    };
    let MatchView::Shengji(v) = replay(m) else { return String::new() };
    let g = v.current();
    let name = |team: Team| s.teams.get(&team).cloned().unwrap_or_default();
    format!(
        "{} {} : {} {} · {} {}",
        name(Team::A),
        g.state.level(Team::A),
        g.state.level(Team::B),
        name(Team::B),
        g.rows.len(),
        t("home.hands")
    )
}

/// The home screen.
#[component]
pub fn Home() -> impl IntoView {
    let c = ctx();
    let navigate = use_navigate();
    let open_sample = move |_| {
        let m = sample::shengji_sample(now_ms());
        let id = m.id.clone();
        let exists = c.matches.with_untracked(|ms| ms.iter().any(|x| x.id == id));
        if !exists {
            if let Err(e) = store::save_match(&m) {
                io::alert(&super::save_error(crate::i18n::Action::Sample, &e));
                return;
            }
            super::added_match(m);
        }
        navigate(&format!("/match/{id}"), Default::default());
    };
    let restored: io::RestoreMsg = RwSignal::new(None);
    let stale = move || {
        let last = c.last_export.get().unwrap_or(0) as f64;
        c.matches.with(|ms| {
            ms.iter().flat_map(|m| &m.entries).any(|e| e.at_ms > last && now_ms() - e.at_ms > 86_400_000.0)
        })
    };
    view! {
        <section class="page home">
            <Show when=move || !c.quarantined.with(|q| q.is_empty())>
                <div class="banner warn" role="alert">
                    <strong>{tx("home.quarantine")}</strong>
                    <ul>
                        <For each=move || c.quarantined.get() key=|q| q.moved_to.clone() let:q>
                            <li>
                                <code>{q.key.clone()}</code>" → "<code>{q.moved_to.clone()}</code>": "{q.error.clone()}
                                {q.moved_to.starts_with(store::QUARANTINE_PREFIX).then(|| view! { <io::QuarantineActions key=q.moved_to.clone() msg=restored /> })}
                            </li>
                        </For>
                    </ul>
                </div>
            </Show>
            <io::RestoreMessage msg=restored />
            <Show when=stale>
                <div class="banner warn" role="status">{tx("home.export_reminder")}</div>
            </Show>
            <div class="actions">
                <A href="/new" attr:class="btn primary big">{tx("home.new")}</A>
                <button class="btn big" id="open-sample" on:click=open_sample>{tx("home.sample")}</button>
            </div>
            <h2>{tx("home.list")}</h2>
            <Show
                when=move || !c.matches.with(|m| m.is_empty())
                fallback=move || view! { <p class="empty">{tx("home.none")}</p> }
            >
                <ul class="match-list">
                    <For
                        each=move || c.matches.get()
                        key=|m| (m.id.clone(), m.entries.len())
                        let:m
                    >
                        <li>
                            <A href=format!("/match/{}", m.id) attr:class="match-link">
                                <span class="title">{if m.title.is_empty() { m.id.clone() } else { m.title.clone() }}</span>
                                <span class="sub">{summary(&m)}</span>
                                <span class="time">{fmt_time(m.updated_ms())}</span>
                            </A>
                        </li>
                    </For>
                </ul>
            </Show>
            <io::ImportExport />
        </section>
    }
}
