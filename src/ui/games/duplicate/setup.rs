//! 双升 set-up: teams of two pairs, seating, the board list and the preset's copy.

use super::*;

/// The set-up form: title, the two teams (name, the pair at each table), which team sits N/S
/// at table 1, the board list (count; level and dealer per board) and the preset copy.
#[component]
pub fn NewForm() -> impl IntoView {
    let lang = ctx().lang;
    let navigate = use_navigate();
    let presets: Vec<Preset> = builtin_presets().into_iter().filter(|p| p.duplicate).collect();
    let preset = RwSignal::new(presets.first().cloned().expect("a built-in duplicate preset"));
    let preset_json = RwSignal::new(String::new());
    let preset_err: RwSignal<Option<String>> = RwSignal::new(None);
    let title = RwSignal::new(String::new());
    let names: [RwSignal<String>; 2] = std::array::from_fn(|_| RwSignal::new(String::new()));
    // players[team][table - 1][0 = N/E, 1 = S/W]
    let players: [[[RwSignal<String>; 2]; 2]; 2] =
        std::array::from_fn(|_| std::array::from_fn(|_| std::array::from_fn(|_| RwSignal::new(String::new()))));
    let ns1 = RwSignal::new(Team::A);
    let boards = RwSignal::new(default_boards(6));
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let set_count = move |n: u32| {
        let n = n.clamp(1, 200);
        boards.update(|bs| {
            if (n as usize) <= bs.len() {
                bs.truncate(n as usize);
            } else {
                let defaults = default_boards(n);
                while bs.len() < n as usize {
                    let k = bs.len() as u32 + 1;
                    let dealer = bs.last().map(|b| next_clockwise(b.dealer)).unwrap_or(Seat::N);
                    bs.push(DupBoard { number: k, level: defaults[k as usize - 1].level, dealer });
                }
            }
        });
    };
    let apply_json = move |_| match crate::json::from_str::<Preset>(&preset_json.get_untracked()) {
        Ok(p) if p.duplicate => {
            preset.set(p);
            preset_err.set(None);
        }
        Ok(_) => preset_err.set(Some(t("dup.not_duplicate").to_string())),
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
        let team_names = [nm(names[0], t("dup.team_a_default")), nm(names[1], t("dup.team_b_default"))];
        let teams = Team::BOTH
            .into_iter()
            .enumerate()
            .map(|(i, team)| {
                let p = |tb: usize, k: usize| players[i][tb][k].get_untracked().trim().to_string();
                (team, DupTeam { name: team_names[i].clone(), pairs: [[p(0, 0), p(0, 1)], [p(1, 0), p(1, 1)]] })
            })
            .collect();
        let setup = DuplicateSetup {
            preset: preset.get_untracked(),
            teams,
            ns_at_table1: ns1.get_untracked(),
            boards: boards.get_untracked(),
            refusals: crate::rules::shengji::default_refusals(),
        };
        let m = Match {
            id: new_id("m"),
            created_ms: now_ms(),
            title: {
                let tt = title.get_untracked().trim().to_string();
                if tt.is_empty() {
                    format!("{} vs {}", team_names[0], team_names[1])
                } else {
                    tt
                }
            },
            setup: Setup::Duplicate(setup),
            entries: Vec::new(),
        };
        match create_match(m) {
            Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
            Err(e) => error.set(Some(e)),
        }
    };
    // The side a team sits at a table, for the pair labels.
    let side = move |team: Team, tb: u8| if (team == ns1.get()) == (tb == 1) { Team::A } else { Team::B };
    view! {
        <div class="new-form dup-new">
            <crate::ui::rules_tab::PresetForm preset=preset json=preset_json id="dup-preset-form" />
            <details class="preset">
                <summary>{tx("new.rules")}</summary>
                <crate::ui::games::shengji::PresetSummary preset=preset />
                <h3>{tx("dup.refusals")}</h3>
                <ul class="muted">
                    {move || {
                        let l = lang.get();
                        let p = preset.get();
                        crate::rules::shengji::default_refusals()
                            .into_iter()
                            .map(|r| {
                                view! {
                                    <li>
                                        {format!(
                                            "{}: {} {} [{}]{}",
                                            refusal_name(l, &p, &r.kind),
                                            tr(l, "dup.board_result"),
                                            signed(-r.points),
                                            crate::i18n::data_text(l, &r.source),
                                            if r.reading {
                                                format!(" ({})", tr(l, "dup.reading"))
                                            } else {
                                                String::new()
                                            },
                                        )}
                                    </li>
                                }
                            })
                            .collect_view()
                    }} // A board lost by ruling (RULES.md §0 [r2]): the preset's result, a reading.
                    <li id="dup-board-lost-rule">
                        {move || {
                            let l = lang.get();
                            format!(
                                "{}: {} {} ({})",
                                tr(l, "reading.rulings.board_lost_points"),
                                tr(l, "dup.board_result"),
                                signed(preset.get().rulings.board_lost_result()),
                                tr(l, "dup.reading"),
                            )
                        }}
                    </li>
                </ul>
                <label class="field-label">{tx("new.edit_preset")}</label>
                <crate::ui::parts::PresetJson
                    id="dup-preset-json"
                    json=preset_json
                    preset=preset
                    error=preset_err
                    on_apply=apply_json
                />
            </details>
            <crate::ui::parts::TitleInput id="dup-title" value=title />
            <div class="two dup-teams">
                {Team::BOTH
                    .into_iter()
                    .enumerate()
                    .map(|(i, team)| {
                        let sig = names[i];
                        let dflt = if i == 0 { "dup.team_a_default" } else { "dup.team_b_default" };
                        view! {
                            <fieldset class=format!("dup-team {}", if i == 0 { "team-a" } else { "team-b" })>
                                <legend>
                                    {move || format!("{} {}", t("dup.team"), if i == 0 { "A" } else { "B" })}
                                </legend>
                                <label class="field-label" for=format!("dup-team-{team:?}")>
                                    {tx("dup.team_name")}
                                </label>
                                <input
                                    id=format!("dup-team-{team:?}")
                                    maxlength=crate::record::schema::MAX_NAME
                                    placeholder=move || t(dflt)
                                    prop:value=move || sig.get()
                                    on:input=move |ev| sig.set(event_target_value(&ev))
                                />
                                {[1u8, 2]
                                    .into_iter()
                                    .map(|tb| {
                                        view! {
                                            <p class="field-label">
                                                {move || {
                                                    format!(
                                                        "{} · {}",
                                                        table_label(lang.get(), tb),
                                                        crate::i18n::team_side(lang.get(), side(team, tb)),
                                                    )
                                                }}
                                            </p>
                                            <div class="two">
                                                {[0usize, 1]
                                                    .into_iter()
                                                    .map(|k| {
                                                        let p = players[i][(tb - 1) as usize][k];
                                                        let seat = move || match (side(team, tb), k) {
                                                            (Team::A, 0) => Seat::N,
                                                            (Team::A, _) => Seat::S,
                                                            (Team::B, 0) => Seat::E,
                                                            (Team::B, _) => Seat::W,
                                                        };
                                                        view! {
                                                            <label class="seat-field">
                                                                <span>
                                                                    {move || crate::i18n::seat_name(lang.get(), seat())}
                                                                </span>
                                                                <input
                                                                    id=format!("dup-player-{team:?}-{tb}-{k}")
                                                                    maxlength=crate::record::schema::MAX_NAME
                                                                    placeholder=move || crate::i18n::seat_name(
                                                                        lang.get(),
                                                                        seat(),
                                                                    )
                                                                    prop:value=move || p.get()
                                                                    on:input=move |ev| p.set(event_target_value(&ev))
                                                                />
                                                            </label>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                        }
                                    })
                                    .collect_view()}
                            </fieldset>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("dup.ns_at_table1")}</label>
            <div class="chips">
                {Team::BOTH
                    .into_iter()
                    .enumerate()
                    .map(|(i, team)| {
                        let sig = names[i];
                        let dflt = if i == 0 { "dup.team_a_default" } else { "dup.team_b_default" };
                        view! {
                            <button
                                class="btn chip"
                                id=format!("dup-ns1-{team:?}")
                                class:selected=move || ns1.get() == team
                                on:click=move |_| ns1.set(team)
                            >
                                {move || {
                                    let n = sig.get();
                                    if n.trim().is_empty() { t(dflt).to_string() } else { n }
                                }}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("dup.boards")}</label>
            <div class="row">
                <button
                    class="btn step"
                    id="dup-boards-minus"
                    on:click=move |_| set_count(boards.with_untracked(|b| b.len() as u32).saturating_sub(1))
                >
                    "−"
                </button>
                <span class="big-number" id="dup-board-count">
                    {move || boards.with(|b| b.len())}
                </span>
                <button
                    class="btn step"
                    id="dup-boards-plus"
                    on:click=move |_| set_count(boards.with_untracked(|b| b.len() as u32) + 1)
                >
                    "+"
                </button>
                <div class="chips">
                    {[4u32, 6, 8, 12, 16]
                        .into_iter()
                        .map(|n| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-count=n
                                    class:selected=move || boards.with(|b| b.len() as u32 == n)
                                    on:click=move |_| set_count(n)
                                >
                                    {n}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </div>
            <p class="muted">{tx("dup.boards_help")}</p>
            <table class="sheet dup-board-list">
                <thead>
                    <tr>
                        <th>{tx("dup.board")}</th>
                        <th>{tx("dup.level")}</th>
                        <th>{tx("dup.dealer")}</th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        boards
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, b)| {
                                view! {
                                    <tr>
                                        <td>{b.number}</td>
                                        <td>
                                            <select
                                                id=format!("dup-board-level-{}", b.number)
                                                on:change=move |ev| {
                                                    let r = Rank::parse(&event_target_value(&ev)).unwrap_or(Rank::TWO);
                                                    boards.update(|bs| bs[i].level = r);
                                                }
                                            >
                                                {Rank::all()
                                                    .map(|r| {
                                                        view! {
                                                            <option value=r.name() selected=r == b.level>
                                                                {r.name()}
                                                            </option>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </select>
                                        </td>
                                        <td>
                                            <select
                                                id=format!("dup-board-dealer-{}", b.number)
                                                on:change=move |ev| {
                                                    let st = Seat::parse(&event_target_value(&ev)).unwrap_or(Seat::N);
                                                    boards.update(|bs| bs[i].dealer = st);
                                                }
                                            >
                                                {SEATS
                                                    .into_iter()
                                                    .map(|st| {
                                                        view! {
                                                            <option value=format!("{st:?}") selected=st == b.dealer>
                                                                {move || crate::i18n::seat_name(lang.get(), st)}
                                                            </option>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </select>
                                        </td>
                                    </tr>
                                }
                            })
                            .collect_view()
                    }}
                </tbody>
            </table>
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
            <button class="btn primary big" id="dup-create" on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}
