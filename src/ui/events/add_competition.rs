//! A new competition (a game offered): game, preset, format and scoring.

use super::*;

#[component]
pub(super) fn AddCompetition(ev: Ev, tab: RwSignal<String>) -> impl IntoView {
    let lang = ctx().lang;
    let formats = builtin_formats();
    let format_id = RwSignal::new(formats[0].id.clone());
    let game = RwSignal::new(formats[0].game.clone());
    let preset = RwSignal::new(formats[0].preset_id.clone());
    let name = RwSignal::new(String::new());
    let formats2 = formats.clone();
    let pick = move |id: String| {
        if let Some(f) = formats2.iter().find(|f| f.id == id) {
            game.set(f.game.clone());
            preset.set(f.preset_id.clone());
        }
        format_id.set(id);
    };
    let create = move |_| {
        let Some(f) = tm::builtin_format(&format_id.get_untracked()) else { return };
        let g = game.get_untracked();
        let groups = matches!(f.format, Format::Groups { .. });
        if groups != crate::record::game::GameId::parse(&g).is_some_and(|g| g.session()) {
            ev.error(t("ev.add.game_format"));
            return;
        }
        let mut new_id_out = String::new();
        let nm = name.get_untracked().trim().to_string();
        let ok = ev.mutate(|e| {
            let id = e.next_competition_id();
            let ids = e.entrants.iter().filter(|x| x.kind.fits(f.kind)).map(|x| x.id.clone()).collect();
            let label = if nm.is_empty() {
                default_name(lang.get_untracked(), &f, &g, &preset.get_untracked())
            } else {
                nm.chars().take(tm::MAX_NAME).collect()
            };
            let mut c = f.competition(&id, &label, ids);
            c.game = g.clone();
            c.preset_id = preset.get_untracked();
            new_id_out = id;
            e.competitions.push(c);
            Ok(())
        });
        if ok {
            name.set(String::new());
            tab.set(new_id_out);
        }
    };
    view! {
        <section class="ev-add new-form">
            <h2>{tx("ev.tab.add")}</h2>
            <label class="field-label" for="comp-format">
                {tx("ev.add.format")}
            </label>
            <select id="comp-format" on:change=move |x| pick(event_target_value(&x))>
                {formats
                    .iter()
                    .map(|f| {
                        let id = f.id.clone();
                        let id2 = f.id.clone();
                        let val = f.id.clone();
                        view! {
                            <option value=val selected=move || format_id.get() == id2>
                                {move || {
                                    format!(
                                        "{} — {}",
                                        format_name(lang.get(), &id),
                                        tm::builtin_format(&id)
                                            .map(|f| crate::i18n::data_text(lang.get(), &f.source))
                                            .unwrap_or_default(),
                                    )
                                }}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <p class="muted">
                {move || {
                    tm::builtin_format(&format_id.get())
                        .map(|f| {
                            let c = f.competition("x", "", vec![]);
                            let l = lang.get();
                            let mut v = vec![
                                format!("{}: {}", tr(l, "ev.kind"), kind_name(l, f.kind)),
                                format_text(l, &f.format),
                            ];
                            if f.legs > 1 {
                                v.push(tr(l, "ev.legs").replace("{n}", &f.legs.to_string()));
                            }
                            v.extend(scoring_lines(l, &c));
                            if !f.readings.is_empty() {
                                v.push(
                                    format!(
                                        "{}: {}",
                                        tr(l, "preset.readings"),
                                        crate::i18n::reading_names(l, &f.readings),
                                    ),
                                );
                            }
                            v.join(" · ")
                        })
                }}
            </p>
            <div class="two">
                <div>
                    <label class="field-label" for="comp-game">
                        {tx("ev.add.game")}
                    </label>
                    <select
                        id="comp-game"
                        on:change=move |x| {
                            let g = event_target_value(&x);
                            preset.set(tm::preset_ids(&g).into_iter().next().unwrap_or_default());
                            game.set(g);
                        }
                    >
                        {crate::record::game::GameId::ALL
                            .into_iter()
                            .map(|g| g.as_str())
                            .map(|g| {
                                view! {
                                    <option value=g selected=move || game.get() == g>
                                        {move || game_name(lang.get(), g)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </div>
                <div>
                    <label class="field-label" for="comp-preset">
                        {tx("new.preset")}
                    </label>
                    <select id="comp-preset" on:change=move |x| preset.set(event_target_value(&x))>
                        {move || {
                            tm::preset_ids(&game.get())
                                .into_iter()
                                .map(|p| {
                                    let p2 = p.clone();
                                    let p3 = p.clone();
                                    view! {
                                        <option value=p selected=move || preset.get() == p2>
                                            {move || preset_label(lang.get(), &game.get_untracked(), &p3)}
                                        </option>
                                    }
                                })
                                .collect_view()
                        }}
                    </select>
                </div>
            </div>
            <label class="field-label" for="comp-name">
                {tx("ev.add.name")}
            </label>
            <input
                id="comp-name"
                maxlength=tm::MAX_NAME
                placeholder=move || {
                    tm::builtin_format(&format_id.get())
                        .map(|f| default_name(lang.get(), &f, &game.get(), &preset.get()))
                        .unwrap_or_default()
                }
                prop:value=move || name.get()
                on:input=move |x| name.set(event_target_value(&x))
            />
            <p class="muted">{tx("ev.add.entrants_note")}</p>
            <button class="btn primary big" id="comp-add" on:click=create>
                {tx("ev.add.create")}
            </button>
        </section>
    }
}

/// The name a new competition gets when none is typed ([`tm::new_competition_name`]): it
/// follows the form's format, game and rules (规则) selects, in the UI language.
fn default_name(l: Lang, f: &tm::FormatPreset, game: &str, preset: &str) -> String {
    tm::new_competition_name(
        f,
        game,
        preset,
        game_name(l, game),
        &preset_label(l, game, preset),
        &format_name(l, &f.id),
    )
}
