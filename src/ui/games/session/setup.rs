//! The set-up form shared by the session games, over what it needs of a game's preset (GamePreset).

use super::*;

/// What the shared set-up form needs from a game's preset.
pub(crate) trait GamePreset: Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Key prefix and element id prefix (`ddz`, `sdy`).
    const PREFIX: &'static str;
    /// The built-in presets.
    fn builtins() -> Vec<Self>;
    /// Preset id.
    fn id(&self) -> &str;
    /// Chinese name.
    fn name(&self) -> &str;
    /// Source document.
    fn source(&self) -> &str;
    /// Players at the table.
    fn players(&self) -> usize;
    /// Session rules.
    fn session(&self) -> &SessionRules;
    /// Session rules, to change.
    fn session_mut(&mut self) -> &mut SessionRules;
    /// Reading parameters.
    fn readings(&self) -> &[Reading];
    /// The rules as a referee reads them, translated.
    fn summary(&self, l: Lang) -> Vec<String>;
    /// The set-up for these players.
    fn setup(self, players: Vec<String>) -> Setup;
}

/// [`GamePreset`]'s accessors for a preset with the fields `id`, `name`, `source`,
/// `players`, `session` and `readings` (both session games' presets have them).
macro_rules! preset_fields {
    () => {
        fn id(&self) -> &str {
            &self.id
        }
        fn name(&self) -> &str {
            &self.name
        }
        fn source(&self) -> &str {
            &self.source
        }
        fn players(&self) -> usize {
            self.players
        }
        fn session(&self) -> &SessionRules {
            &self.session
        }
        fn session_mut(&mut self) -> &mut SessionRules {
            &mut self.session
        }
        fn readings(&self) -> &[Reading] {
            &self.readings
        }
    };
}
pub(crate) use preset_fields;

/// The session line: `3 桌轮换 · 每桌 30 分钟 · 1 人出线 · 同分加赛`.
pub(crate) fn session_text(l: Lang, s: &SessionRules) -> String {
    format!(
        "{} · {} · {}{}",
        tr(l, "ddz.s_tables").replace("{n}", &s.tables.map(|x| x.to_string()).unwrap_or_else(|| "—".into())),
        s.minutes_per_table.map(|m| tr(l, "ddz.s_minutes").replace("{n}", &m.to_string())).unwrap_or_else(|| tr(
            l,
            "ddz.s_no_clock"
        )
        .to_string()),
        tr(l, "ddz.s_advancing").replace("{n}", &s.advancing.to_string()),
        if s.playoff_on_tie { format!(" · {}", tr(l, "ddz.s_playoff")) } else { String::new() }
    )
}

/// The set-up form shared by both games: preset (with its rules, readings and a JSON
/// editor for the match's own copy), title, player names, tables and minutes per table.
pub(crate) fn session_form<P: GamePreset>() -> impl IntoView {
    let lang = ctx().lang;
    let navigate = use_navigate();
    let prefix = P::PREFIX;
    let presets = P::builtins();
    let preset = RwSignal::new(presets[0].clone());
    let preset_json = RwSignal::new(String::new());
    let preset_err: RwSignal<Option<String>> = RwSignal::new(None);
    let title = RwSignal::new(String::new());
    let n = presets[0].players();
    let names: Vec<RwSignal<String>> = (0..n).map(|_| RwSignal::new(String::new())).collect();
    let tables = RwSignal::new(presets[0].session().tables.unwrap_or(3));
    let minutes = RwSignal::new(presets[0].session().minutes_per_table.unwrap_or(30));
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let apply_json = move |_| match crate::json::from_str::<P>(&preset_json.get_untracked()) {
        Ok(p) => {
            tables.set(p.session().tables.unwrap_or(tables.get_untracked()));
            minutes.set(p.session().minutes_per_table.unwrap_or(minutes.get_untracked()));
            preset.set(p);
            preset_err.set(None);
        }
        Err(e) => preset_err.set(Some(e.to_string())),
    };
    let names2 = names.clone();
    let create = move |_| {
        let l = lang.get_untracked();
        let mut p = preset.get_untracked();
        p.session_mut().tables = Some(tables.get_untracked());
        p.session_mut().minutes_per_table = Some(minutes.get_untracked());
        let players: Vec<String> = names2
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let v = s.get_untracked().trim().to_string();
                if v.is_empty() {
                    tr(l, "ddz.player_default").replace("{n}", &(i + 1).to_string())
                } else {
                    v
                }
            })
            .collect();
        if p.players() != players.len() {
            error.set(Some(format!("players: {} ≠ {}", p.players(), players.len())));
            return;
        }
        let tt = title.get_untracked().trim().to_string();
        let m = Match {
            id: crate::ui::new_id("m"),
            created_ms: now_ms(),
            title: if tt.is_empty() { players.join(" · ") } else { tt },
            setup: p.setup(players),
            entries: Vec::new(),
        };
        match create_match(m) {
            Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <div class="new-form ddz-form" id=format!("{prefix}-form")>
            <label class="field-label" for=format!("{prefix}-preset")>
                {tx("new.preset")}
            </label>
            <crate::ui::parts::PresetSelect
                id=format!("{prefix}-preset")
                presets=presets
                preset=preset
                json=preset_json
                key=|p: &P| p.id().to_string()
                label=move |l, p: &P| {
                    lookup(l, &format!("{prefix}.preset.{}", p.id()))
                        .map(str::to_string)
                        .unwrap_or_else(|| crate::i18n::data_text(l, p.name()))
                }
            />
            <h3>{tx("new.rules")}</h3>
            {move || {
                let p = preset.get();
                let l = lang.get();
                view! {
                    <div class="preset-summary" id=format!("{prefix}-rules")>
                        <p class="muted">{crate::i18n::data_text(l, p.source())}</p>
                        <ul>{p.summary(l).into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ul>
                        <p>
                            {
                                let mut ss = p.session().clone();
                                ss.tables = Some(tables.get());
                                ss.minutes_per_table = Some(minutes.get());
                                session_text(l, &ss)
                            }
                        </p>
                        {p
                            .session()
                            .tables
                            .is_none()
                            .then(|| view! { <p class="reading">{tr(l, "ddz.tables_reading")}</p> })}
                        {(!p.readings().is_empty())
                            .then(|| {
                                view! {
                                    <div class="reading">
                                        <p>{tr(l, "preset.readings")}":"</p>
                                        <ul>
                                            {p
                                                .readings()
                                                .iter()
                                                .map(|r| {
                                                    view! {
                                                        <li>
                                                            {crate::i18n::reading_name(l, &r.field)}
                                                            {format!(" — {}", crate::i18n::data_text(l, &r.note))}
                                                        </li>
                                                    }
                                                })
                                                .collect_view()}
                                        </ul>
                                    </div>
                                }
                            })}
                    </div>
                }
            }}
            <crate::ui::rules_tab::PresetForm preset=preset json=preset_json id=format!("{prefix}-preset-form") />
            <details class="preset">
                <summary>{tx("new.edit_preset")}</summary>
                <crate::ui::parts::PresetJson
                    id=format!("{prefix}-preset-json")
                    json=preset_json
                    preset=preset
                    error=preset_err
                    on_apply=apply_json
                />
            </details>
            <crate::ui::parts::TitleInput id=format!("{prefix}-title") value=title class="wide" />
            <label class="field-label">{tx("ddz.players")}</label>
            <div class="seats">
                {names
                    .iter()
                    .enumerate()
                    .map(|(i, sig)| {
                        let sig = *sig;
                        view! {
                            <label>
                                {move || tr(lang.get(), "ddz.player_default").replace("{n}", &(i + 1).to_string())}
                                <input
                                    id=format!("{prefix}-player-{i}")
                                    maxlength=crate::record::schema::MAX_NAME
                                    prop:value=move || sig.get()
                                    on:input=move |ev| sig.set(event_target_value(&ev))
                                />
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("ddz.tables")}</label>
            <div class="chips" id=format!("{prefix}-tables")>
                {(1..=6u32)
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                data-tables=k.to_string()
                                class:selected=move || tables.get() == k
                                on:click=move |_| tables.set(k)
                            >
                                {k}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("ddz.minutes")}</label>
            <div class="chips" id=format!("{prefix}-minutes")>
                {[15u32, 20, 30, 45, 60]
                    .into_iter()
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                data-minutes=k.to_string()
                                class:selected=move || minutes.get() == k
                                on:click=move |_| minutes.set(k)
                            >
                                {k}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="muted">{tx("ddz.rotation_note")}</p>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert">
                                {e}
                            </div>
                        }
                    })
            }}
            <button class="btn primary big" id=format!("{prefix}-create") on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}
