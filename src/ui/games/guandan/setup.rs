//! 掼蛋 set-up: the new-match form and the preset's summary.

use super::*;
use crate::ui::events::RosterTeams;

// ---------------------------------------------------------------------------------------
// Set-up form
// ---------------------------------------------------------------------------------------

/// The rules of a preset as a referee reads them, the *(reading)* parameters marked.
#[component]
pub(super) fn PresetSummary(#[prop(into)] preset: Signal<GuandanPreset>) -> impl IntoView {
    view! {
        {move || {
            let p = preset.get();
            let mut lines: Vec<String> = Vec::new();
            if let Some(u) = p.upgrade {
                lines
                    .push(
                        format!(
                            "{}: {} +{} · {} +{} · {} +{}{}",
                            t("gd.exp.table"),
                            t("gd.finish.double"),
                            u.double,
                            t("gd.finish.one_three"),
                            u.one_three,
                            t("gd.finish.one_four"),
                            u.one_four,
                            cite(&p.cites.upgrade),
                        ),
                    );
                lines
                    .push(
                        format!(
                            "{}: {} · {}{}",
                            t("gd.ps.a_rule"),
                            if p.a_rule.partner_not_last { t("gd.exp.a_partner_rule") } else { t("gd.exp.a_any_rule") },
                            a_rule_text(&p),
                            cite(&p.cites.a_fail),
                        ),
                    );
                lines.push(t("gd.ps.never_skip_a").to_string());
            }
            if let Some(d) = p.deal_points {
                lines
                    .push(
                        format!(
                            "{}: {} {} · {} {} · {} {}{}",
                            t("gd.exp.points"),
                            t("gd.finish.double"),
                            d.double,
                            t("gd.finish.one_three"),
                            d.one_three,
                            t("gd.finish.one_four"),
                            d.one_four,
                            cite(&p.cites.deal_points),
                        ),
                    );
            }
            if let Some(l) = p.fixed_level {
                lines.push(format!("{}: {l}", t("gd.ps.fixed_level")));
            }
            if let Some(rs) = p.round_scoring {
                lines
                    .push(
                        format!(
                            "{}: {} {} + {} ≤ {} · {} ≤ {}{}",
                            t("gd.ps.round_scoring"),
                            t("gd.ps.passed_a"),
                            rs.pass_base,
                            t("gd.ps.level_diff"),
                            rs.diff_cap,
                            t("gd.ps.not_passed"),
                            rs.gained_cap,
                            cite(&p.cites.round_scoring),
                        ),
                    );
            }
            lines
                .push(
                    format!(
                        "{}: {} {} · {}{}",
                        t("gd.fouls"),
                        t("gd.foul.out_of_turn"),
                        if p.fouls.out_of_turn_levels > 0 {
                            format!("→ {} +{}", t("gd.ps.opponents"), p.fouls.out_of_turn_levels)
                        } else {
                            t("gd.exp.no_level_effect").to_string()
                        },
                        p
                            .fouls
                            .warnings_per_foul
                            .map(|k| format!("{k} {} = 1 {}", t("gd.foul.warning"), t("gd.ps.foul_unit")))
                            .unwrap_or_else(|| t("gd.ps.warnings_none").to_string()),
                        cite(&p.cites.fouls),
                    ),
                );
            lines
                .push(
                    format!(
                        "{}: {} {} · {} · {}{}",
                        t("gd.trib.title"),
                        t("gd.ps.return_max"),
                        p.tribute.return_max.map(|r| r.name().to_string()).unwrap_or_else(|| "—".into()),
                        match p.tribute.single_payer {
                            SinglePayer::Last => t("gd.ps.payer_last"),
                            SinglePayer::LastOpponent => t("gd.ps.payer_last_opp"),
                        },
                        match p.tribute.double_tie_lead {
                            TieLead::SmallerReturnThenNextOfFirst => t("gd.tie.smaller_return"),
                            TieLead::NextOfFirst => t("gd.tie.next_of_first"),
                            TieLead::PayersChoose => t("gd.tie.payers_choose"),
                        },
                        cite(&p.cites.tribute),
                    ),
                );
            let f = &p.format;
            let mut fmt: Vec<String> = Vec::new();
            if let Some(n) = f.best_of {
                fmt.push(format!("{} {n}", t("gd.ps.best_of")));
            }
            if let Some(n) = f.rounds {
                fmt.push(format!("{n} {}", t("gd.ps.rounds")));
            }
            if let Some(n) = f.hands_per_round {
                fmt.push(format!("{n} {}", t("gd.ps.hands_per_round")));
            }
            if let Some(n) = f.round_minutes {
                fmt.push(format!("{n} {} {}", t("gd.min"), t("gd.per_round")));
            }
            if let Some(tu) = f.time_up {
                fmt.push(
                    match tu {
                        TimeUp::PreviousHandStands => t("gd.time.prev_stands").to_string(),
                        TimeUp::FinishHand => t("gd.time.finish_hand").to_string(),
                    },
                );
            }
            if let Some([a, b]) = f.forfeit_score {
                fmt.push(format!("{} {a}:{b}", t("gd.ps.forfeit")));
            }
            if let Some(n) = f.late_forfeit_minutes {
                fmt.push(format!("{} ≥ {n} {} → {}", t("gd.ff.late"), t("gd.min"), t("gd.ps.forfeit")));
            }
            if let Some(n) = f.forfeits_cancel_results {
                fmt.push(format!("{n} {}", t("gd.ps.forfeits_cancel")));
            }
            if !f.ranking.is_empty() {
                fmt.push(
                    format!(
                        "{}: {}",
                        t("gd.ps.ranking"),
                        f
                            .ranking
                            .iter()
                            .map(|k| match k {
                                RankKey::Points => t("gd.ps.rk_points"),
                                RankKey::DoubleWins => t("gd.ps.rk_double"),
                                RankKey::HeadToHead => t("gd.ps.rk_h2h"),
                                RankKey::RoundScoreTotal => t("gd.ps.rk_round"),
                            })
                            .collect::<Vec<_>>()
                            .join(" › "),
                    ),
                );
            }
            if !fmt.is_empty() {
                lines.push(format!("{}: {}", t("gd.ps.format"), fmt.join(" · ")));
            }
            if p.timing.first_play_seconds.is_some() || p.timing.play_seconds.is_some() {
                lines
                    .push(
                        format!(
                            "{}: {} {}s · {} {}s",
                            t("new.timing"),
                            t("gd.timer.first"),
                            p.timing.first_play_seconds.map(|x| x.to_string()).unwrap_or_else(|| "—".into()),
                            t("gd.timer.play"),
                            p.timing.play_seconds.map(|x| x.to_string()).unwrap_or_else(|| "—".into()),
                        ),
                    );
            }
            view! {
                <div class="preset-summary">
                    <p class="muted">{crate::ui::dt(&p.source)}</p>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    {(!p.readings.is_empty())
                        .then(|| {
                            view! {
                                <p class="reading">
                                    {t("preset.readings")}": "
                                    {crate::i18n::reading_names(crate::ui::ctx().lang.get(), &p.readings)}
                                </p>
                            }
                        })}
                </div>
            }
        }}
    }
}

/// The set-up form: preset (own editable copy), title, team and player names, start levels
/// and the first declarer.
#[component]
pub fn NewForm() -> impl IntoView {
    let navigate = use_navigate();
    let presets = builtin_presets();
    let preset = RwSignal::new(presets[0].clone());
    let preset_json = RwSignal::new(String::new());
    let preset_err: RwSignal<Option<String>> = RwSignal::new(None);
    let title = RwSignal::new(String::new());
    let team_a = RwSignal::new(String::new());
    let team_b = RwSignal::new(String::new());
    let names: [RwSignal<String>; 4] = std::array::from_fn(|_| RwSignal::new(String::new()));
    let level_a = RwSignal::new(Rank::TWO);
    let level_b = RwSignal::new(Rank::TWO);
    let declarer: RwSignal<Option<Team>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let apply_json = move |_| match crate::json::from_str::<GuandanPreset>(&preset_json.get_untracked()) {
        Ok(p) => {
            preset.set(p);
            preset_err.set(None);
        }
        Err(e) => preset_err.set(Some(e.to_string())),
    };
    let create = move |_| {
        let nm = |s: RwSignal<String>, dflt: &str| {
            let v = s.get_untracked().trim().to_string();
            if v.is_empty() {
                dflt.to_string()
            } else {
                v
            }
        };
        let teams = [(Team::A, nm(team_a, t("new.team_a_default"))), (Team::B, nm(team_b, t("new.team_b_default")))];
        let tt = title.get_untracked().trim().to_string();
        let m = Match {
            id: new_id("m"),
            created_ms: now_ms(),
            title: if tt.is_empty() { format!("{} {} vs {}", t("game.guandan"), teams[0].1, teams[1].1) } else { tt },
            setup: Setup::Guandan(GuandanSetup {
                preset: preset.get_untracked(),
                teams: teams.into_iter().collect(),
                players: SEATS
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (*s, names[i].get_untracked().trim().to_string()))
                    .collect(),
                start: GuandanStart {
                    levels: PerTeam::new(level_a.get_untracked(), level_b.get_untracked()),
                    declarer: declarer.get_untracked(),
                },
            }),
            entries: Vec::new(),
        };
        match create_match(m) {
            Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <div class="new-form gd-new">
            <label class="field-label" for="gd-preset">
                {tx("new.preset")}
            </label>
            <crate::ui::parts::PresetSelect
                id="gd-preset"
                presets=presets
                preset=preset
                json=preset_json
                key=|p: &GuandanPreset| p.id.clone()
                label=|_, p: &GuandanPreset| preset_label(p)
            />
            <crate::ui::rules_tab::PresetForm preset=preset json=preset_json id="gd-preset-form" />
            <details class="preset">
                <summary>{tx("new.rules")}</summary>
                <PresetSummary preset=preset />
                <label class="field-label">{tx("new.edit_preset")}</label>
                <crate::ui::parts::PresetJson
                    id="gd-preset-json"
                    json=preset_json
                    preset=preset
                    error=preset_err
                    on_apply=apply_json
                    apply_id="gd-apply-preset"
                />
            </details>
            <TitleInput id="gd-title" value=title class="gd-wide" />
            <TeamInputs ids=["gd-team-A", "gd-team-B"] a=team_a b=team_b />
            <RosterTeams a=team_a b=team_b seats=names />
            <SeatInputs prefix="gd-" names=names label=move |s| format!("{} ({})", seat(s), side(s.team())) />
            <Show when=move || preset.with(|p| p.fixed_level.is_none())>
                <div class="two">
                    {[(Team::A, level_a), (Team::B, level_b)]
                        .into_iter()
                        .map(|(team, sig)| {
                            view! {
                                <div>
                                    <label class="field-label" for=format!("gd-level-{team:?}-start")>
                                        {move || format!("{} {}", side(team), t("new.start_level"))}
                                    </label>
                                    <select
                                        id=format!("gd-level-{team:?}-start")
                                        on:change=move |ev| {
                                            sig.set(Rank::parse(&event_target_value(&ev)).unwrap_or(Rank::TWO))
                                        }
                                    >
                                        {Rank::all()
                                            .map(|r| {
                                                view! {
                                                    <option value=r.name() selected=move || sig.get() == r>
                                                        {r.name()}
                                                    </option>
                                                }
                                            })
                                            .collect_view()}
                                    </select>
                                </div>
                            }
                        })
                        .collect_view()}
                </div>
                <span class="field-label">{tx("gd.new.first_declarer")}</span>
                <div class="chips">
                    {[None, Some(Team::A), Some(Team::B)]
                        .into_iter()
                        .map(|d| {
                            view! {
                                <button
                                    class="btn chip"
                                    class:selected=move || declarer.get() == d
                                    data-declarer=d.map(|x| format!("{x:?}")).unwrap_or_else(|| "none".into())
                                    on:click=move |_| declarer.set(d)
                                >
                                    {move || match d {
                                        None => t("gd.new.declarer_none").to_string(),
                                        Some(x) => side(x).to_string(),
                                    }}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </Show>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id="gd-new-error">
                                {e}
                            </div>
                        }
                    })
            }}
            <button class="btn primary big" id="gd-create" on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}
