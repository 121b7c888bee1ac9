//! 升级 set-up: the form of a new match (preset, teams, players, start) and the preset's
//! summary (also shown by the 双升 form).

use crate::record::{schema, Match, Setup, ShengjiSetup};
use crate::rules::shengji::{builtin_presets, Amount, Preset, Start};
use crate::rules::{Rank, Seat, Team};
use crate::store;
use crate::ui::events::RosterTeams;
use crate::ui::parts::{SeatInputs, TeamInputs, TitleInput};
use crate::ui::{ctx, io, new_id, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

fn amount_text(a: &Amount) -> String {
    match a {
        Amount::PerCard { points } => format!("{points} × n"),
        Amount::Fixed { points } => format!("{points}"),
        Amount::PerUnit { single, pair, tractor } => format!("{single}/{pair}/{tractor}"),
        Amount::AfterFree { free, points } => format!("{free} × 0, {points}"),
        Amount::Referee => "—".into(),
        Amount::GameLost => t("ruling.game_lost").to_string(),
    }
}

/// A kitty multiplier scheme in words (its multipliers of a single, a pair, a tractor of N pairs).
fn kitty_scheme_text(k: crate::rules::shengji::KittyScheme) -> &'static str {
    match k {
        crate::rules::shengji::KittyScheme::Power => t("preset.kitty.power"),
        crate::rules::shengji::KittyScheme::Linear => t("preset.kitty.linear"),
    }
}

/// The rules of a preset as a referee reads them, with the *(reading)* parameters marked.
#[component]
pub fn PresetSummary(#[prop(into)] preset: Signal<Preset>) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        {move || {
            let p = preset.get();
            let l = lang.get();
            view! {
                <div class="preset-summary">
                    <p class="muted">{crate::ui::dt(&p.source)}</p>
                    <h3>{t("preset.table")}</h3>
                    <ul>
                        {p.table.bands.iter().map(|b| view! { <li>{crate::i18n::band_text(l, b)}</li> }).collect_view()}
                    </ul>
                    <p>
                        {t("preset.kitty")}": "{kitty_scheme_text(p.kitty)}" · "{t("preset.clamp")}": "
                        {p.clamp.map(|(a, b)| format!("{a}–{b}")).unwrap_or_else(|| "—".into())} " · "
                        {t("preset.must_play")}": "
                        {p.caps.must_play.iter().map(|r| r.name()).collect::<Vec<_>>().join(", ")}
                    </p>
                    <h3>{t("preset.penalties")}</h3>
                    <ul>
                        {p
                            .penalties
                            .iter()
                            .map(|r| {
                                view! {
                                    <li>
                                        {crate::i18n::penalty_kind(l, &r.kind).unwrap_or(&r.name).to_string()}": "
                                        {amount_text(&r.amount)}" ["{crate::ui::dt(&r.source)}"]"
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                    {(!p.readings.is_empty())
                        .then(|| {
                            view! {
                                <p class="reading">
                                    {t("preset.readings")}": "{crate::i18n::reading_names(l, &p.readings)}
                                </p>
                            }
                        })}
                    <ul class="muted">
                        {p.notes.iter().map(|n| view! { <li>{crate::ui::dt(n)}</li> }).collect_view()}
                    </ul>
                </div>
            }
        }}
    }
}

/// The 升级 set-up form.
#[component]
pub fn NewForm() -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let navigate = use_navigate();
    let presets: Vec<Preset> = builtin_presets().into_iter().filter(|p| !p.duplicate).collect();
    let preset = RwSignal::new(presets[0].clone());
    let preset_json = RwSignal::new(String::new());
    let preset_err: RwSignal<Option<String>> = RwSignal::new(None);
    let title = RwSignal::new(String::new());
    let team_a = RwSignal::new(String::new());
    let team_b = RwSignal::new(String::new());
    let names: [RwSignal<String>; 4] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let level_a = RwSignal::new(Rank::TWO);
    let level_b = RwSignal::new(Rank::TWO);
    let declarer = RwSignal::new(Team::A);
    let dealer = RwSignal::new(Seat::N);
    // RULES.md §1 [r2]: the first hand's declaring may decide the declarer (先亮者为庄).
    let open = RwSignal::new(false);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let seats = [Seat::N, Seat::E, Seat::S, Seat::W];
    let apply_json = move |_| match crate::json::from_str::<Preset>(&preset_json.get_untracked()) {
        Ok(p) if !p.table.bands.is_empty() => {
            preset.set(p);
            preset_err.set(None);
        }
        Ok(_) => preset_err.set(Some(t("preset.empty_table").to_string())),
        Err(e) => preset_err.set(Some(e.to_string())),
    };
    let create = move |_| {
        let d = dealer.get_untracked();
        let open = open.get_untracked();
        if !open && d.team() != declarer.get_untracked() {
            error.set(Some(t("new.dealer_team").to_string()));
            return;
        }
        let nm = |s: RwSignal<String>, dflt: &str| {
            let v = s.get_untracked().trim().to_string();
            if v.is_empty() {
                dflt.to_string()
            } else {
                v
            }
        };
        let teams = [(Team::A, nm(team_a, t("new.team_a_default"))), (Team::B, nm(team_b, t("new.team_b_default")))];
        let p = preset.get_untracked();
        let m = Match {
            id: new_id("m"),
            created_ms: now_ms(),
            title: {
                let tt = title.get_untracked().trim().to_string();
                if tt.is_empty() {
                    format!("{} vs {}", teams[0].1, teams[1].1)
                } else {
                    tt
                }
            },
            setup: Setup::Shengji(ShengjiSetup {
                preset: p,
                teams: teams.into_iter().collect(),
                players: seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (*s, names[i].get_untracked().trim().to_string()))
                    .collect(),
                start: Start {
                    levels: [(Team::A, level_a.get_untracked()), (Team::B, level_b.get_untracked())]
                        .into_iter()
                        .collect(),
                    declarer: (!open).then(|| declarer.get_untracked()),
                    dealer: (!open).then_some(d),
                },
            }),
            entries: Vec::new(),
        };
        if let Err(e) = schema::validate_match(&m) {
            error.set(Some(e.to_string()));
            return;
        }
        match store::save_match(&m) {
            Ok(()) => {
                let id = m.id.clone();
                crate::ui::added_match(m);
                navigate(&format!("/match/{id}"), Default::default());
            }
            Err(e) => {
                let msg = crate::ui::save_error(crate::i18n::Action::NewMatch, &e);
                io::alert(&msg);
                error.set(Some(msg));
            }
        }
    };
    view! {
        <div class="new-form">
            <label class="field-label" for="preset">
                {tx("new.preset")}
            </label>
            <crate::ui::parts::PresetSelect
                id="preset"
                presets=presets
                preset=preset
                json=preset_json
                key=|p: &Preset| p.id.clone()
                label=|l, p: &Preset| {
                    crate::i18n::preset_name(l, &p.id)
                        .map(str::to_string)
                        .unwrap_or_else(|| crate::i18n::data_text(l, &p.name))
                }
            />
            <crate::ui::rules_tab::PresetForm preset=preset json=preset_json id="preset-form" />
            <details class="preset">
                <summary>{tx("new.rules")}</summary>
                <PresetSummary preset=preset />
                <label class="field-label">{tx("new.edit_preset")}</label>
                <crate::ui::parts::PresetJson
                    id="preset-json"
                    json=preset_json
                    preset=preset
                    error=preset_err
                    on_apply=apply_json
                />
            </details>
            <TitleInput id="title" value=title />
            <TeamInputs ids=["team-a", "team-b"] a=team_a b=team_b />
            <RosterTeams a=team_a b=team_b seats=names />
            <SeatInputs prefix="" names=names label=move |s| crate::i18n::seat_name(lang.get(), s).to_string() />
            <div class="two">
                {[(Team::A, level_a), (Team::B, level_b)]
                    .into_iter()
                    .map(|(team, sig)| {
                        view! {
                            <div>
                                <label class="field-label" for=format!("level-{team:?}-start")>
                                    {move || {
                                        format!("{} {}", crate::i18n::team_side(lang.get(), team), t("new.start_level"))
                                    }}
                                </label>
                                <select
                                    id=format!("level-{team:?}-start")
                                    on:change=move |ev| {
                                        sig.set(Rank::parse(&event_target_value(&ev)).unwrap_or(Rank::TWO))
                                    }
                                >
                                    {Rank::all()
                                        .map(|r| view! { <option value=r.name()>{r.name()}</option> })
                                        .collect_view()}
                                </select>
                            </div>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("new.first_dealer")}</label>
            <div class="chips">
                {seats
                    .iter()
                    .map(|s| {
                        let s = *s;
                        view! {
                            <button
                                class="btn chip"
                                class:selected=move || !open.get() && dealer.get() == s
                                data-seat=format!("{s:?}")
                                on:click=move |_| {
                                    dealer.set(s);
                                    declarer.set(s.team());
                                    open.set(false);
                                }
                            >
                                {move || {
                                    format!(
                                        "{} ({})",
                                        crate::i18n::seat_name(lang.get(), s),
                                        crate::i18n::team_side(lang.get(), s.team()),
                                    )
                                }}
                            </button>
                        }
                    })
                    .collect_view()}
                <button
                    class="btn chip"
                    class:selected=move || open.get()
                    data-seat="open"
                    on:click=move |_| open.set(true)
                >
                    {tx("new.declarer_open")}
                </button>
            </div>
            <p class="muted">
                {move || {
                    let p = preset.get();
                    format!(
                        "{}: {} · {} {}s / {} {}s{}",
                        t("new.timing"),
                        p.timing.match_minutes.map(|m| format!("{m} min")).unwrap_or_else(|| "—".into()),
                        t("timer.bury"),
                        p.timing.bury_seconds.map(|x| x.to_string()).unwrap_or_else(|| "—".into()),
                        t("timer.play"),
                        p.timing.play_seconds.map(|x| x.to_string()).unwrap_or_else(|| "—".into()),
                        p
                            .timing
                            .deal_limit
                            .map(|n| {
                                format!(
                                    " · {} ({})",
                                    t("new.deal_limit").replace("{n}", &n.to_string()),
                                    t("sj.reading"),
                                )
                            })
                            .unwrap_or_default(),
                    )
                }}
            </p>
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
            <button class="btn primary big" id="create" on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}
