//! The ruling form: board and table (双升), team or player, kind (levels, minutes), reason,
//! rule, referee, the line saying what will be recorded, and its commit (or edit in place).

use super::*;
use crate::rules::ruling::ChoiceKind;

/// The form of the ruling panel, while the match is not signed off.
#[component]
pub(super) fn RulingForm(p: Panel) -> impl IntoView {
    let Panel {
        teams,
        locked,
        players,
        boards,
        session,
        on_boards,
        board_no,
        table_no,
        who,
        kind,
        levels,
        minutes,
        editing,
        reason,
        rule,
        referee,
        error,
        ..
    } = p;
    let ruling = move || p.ruling();
    let need_who = move || p.need_who();
    let board_at = move || p.board_at();
    let clear = move || p.clear();
    let record = move |_| p.record();
    // The choices of who: the two teams, or the session's players.
    let whos = move || -> Vec<(Who, String, String)> {
        if session {
            players.with(|ps| (0..ps.len()).map(|p| (Who::Player(p), format!("p{p}"), player_name(ps, p))).collect())
        } else {
            teams.with(|tm| {
                Team::BOTH
                    .into_iter()
                    .map(|x| {
                        let name = tm
                            .get(&x)
                            .filter(|n| !n.is_empty())
                            .map(|n| crate::bidi::isolated(n))
                            .unwrap_or_else(|| format!("{x:?}"));
                        (Who::Team(x), format!("{x:?}"), name)
                    })
                    .collect()
            })
        }
    };
    let lang = crate::ui::ctx().lang;
    // The preset's rules a ruling of `of` is recorded under (RULES.md §0 **[r2]**), each by
    // its name and citation, to fill the rule field with the citation (a warning recorded
    // under a ladder's counts under it): (citation, label).
    let choices_of = move |of: ChoiceKind| -> Vec<(String, String)> {
        let l = lang.get();
        p.choices()
            .into_iter()
            .filter(|c| c.kind == of)
            .map(|c| {
                let name = match c.rule.as_str() {
                    "" => crate::i18n::tr(l, "ruling.any_warning").to_string(),
                    r => crate::i18n::penalty_kind(l, r).map(str::to_string).unwrap_or_else(|| r.to_string()),
                };
                let label = format!("{name} · {}", crate::i18n::data_text(l, &c.cite));
                (c.cite, label)
            })
            .collect()
    };
    // The warning ladders' rules, offered for every kind.
    let rule_choices = move || choices_of(ChoiceKind::Warning);
    // The offences that lose the game at once (000 §一(四)2, §一(五)4), offered for a game lost.
    let lost_choices = move || if kind.get() == Kind::GameLost { choices_of(ChoiceKind::GameLost) } else { Vec::new() };
    // The rule field as read: a preset citation in the UI language; what is typed is stored
    // with a preset citation as the preset writes it (the text warnings are counted under).
    let shown_rule = move || rule.with(|x| crate::record::ruling_log::rule_shown(lang.get(), &p.choices(), x));
    let type_rule = move |typed: String| rule.set(crate::record::ruling_log::rule_stored(&p.choices(), &typed));
    // The rule field's example ("如 南通 §四", never read as a value typed): the preset's first
    // warning rule's citation (in the UI language), else a neutral word (no other
    // document's clause).
    let placeholder = move || {
        rule_choices()
            .into_iter()
            .next()
            .map(|(cite, _)| t("ruling.rule_eg").replace("{cite}", &crate::ui::dt(&cite)))
            .unwrap_or_else(|| t("ruling.rule_placeholder").to_string())
    };
    let kinds =
        move || KINDS.into_iter().filter(move |(k, _, _)| !((session || on_boards) && *k == Kind::LevelPenalty));
    view! {
        <Show when=move || !locked.get()>
            <Show when=move || on_boards>
                <label class="field-label" for="ruling-board">
                    {tx("dup.board")}
                </label>
                <select
                    id="ruling-board"
                    prop:value=move || board_no.get().to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse() {
                            board_no.set(n);
                        }
                    }
                >
                    {move || {
                        boards
                            .get()
                            .numbers
                            .into_iter()
                            .map(|n| {
                                view! {
                                    <option value=n.to_string() selected=move || board_no.get() == n>
                                        {t("dup.board_n").replace("{n}", &n.to_string())}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
                <p class="field-label">{tx("dup.table_short")}</p>
                <div class="actions">
                    {[1u8, 2]
                        .into_iter()
                        .map(|tb| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-ruling-table=tb.to_string()
                                    aria-pressed=move || (table_no.get() == tb).to_string()
                                    class:selected=move || table_no.get() == tb
                                    on:click=move |_| table_no.set(tb)
                                >
                                    {t("dup.table_n").replace("{n}", &tb.to_string())}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </Show>
            <p class="field-label">{move || if session { t("ruling.player") } else { t("ruling.team") }}</p>
            <div class="actions">
                {move || {
                    whos()
                        .into_iter()
                        .map(|(w, key, name)| {
                            let (team_attr, player_attr) = match w {
                                Who::Team(_) => (Some(key), None),
                                Who::Player(p) => (None, Some(p.to_string())),
                            };
                            view! {
                                <button
                                    class="btn chip"
                                    data-ruling-team=team_attr
                                    data-ruling-player=player_attr
                                    aria-pressed=move || (who.get() == Some(w)).to_string()
                                    class:selected=move || who.get() == Some(w)
                                    on:click=move |_| who.set(Some(w))
                                >
                                    {name}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <p class="field-label">{tx("ruling.kind")}</p>
            <div class="actions">
                {kinds()
                    .map(|(k, id, key)| {
                        view! {
                            <button
                                class="btn chip"
                                id=id
                                aria-pressed=move || (kind.get() == k).to_string()
                                class:selected=move || kind.get() == k
                                on:click=move |_| kind.set(k)
                            >
                                {t(key)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <Show when=move || kind.get() == Kind::Late>
                <div class="count late">
                    <button class="btn" aria-label="−" on:click=move |_| minutes.update(|n| *n = n.saturating_sub(1))>
                        "−"
                    </button>
                    <span id="ruling-minutes">{move || minutes.get()}" "{tx("ruling.minutes_unit")}</span>
                    <button class="btn" aria-label="+" on:click=move |_| minutes.update(|n| *n = (*n + 1).min(600))>
                        "+"
                    </button>
                </div>
            </Show>
            <Show when=move || kind.get() == Kind::LevelPenalty>
                <div class="count">
                    <button
                        class="btn"
                        aria-label="−"
                        on:click=move |_| levels.update(|n| *n = (*n).saturating_sub(1).max(1))
                    >
                        "−"
                    </button>
                    <span id="ruling-levels">{move || levels.get()}" "{tx("ruling.levels_unit")}</span>
                    <button class="btn" aria-label="+" on:click=move |_| levels.update(|n| *n = (*n + 1).min(12))>
                        "+"
                    </button>
                </div>
            </Show>
            <label class="field-label" for="ruling-reason">
                {tx("ruling.reason")}
            </label>
            <input
                id="ruling-reason"
                maxlength=schema::MAX_TEXT
                prop:value=move || reason.get()
                on:input=move |ev| reason.set(event_target_value(&ev))
            />
            <label class="field-label" for="ruling-rule">
                {tx("ruling.rule")}
            </label>
            <input
                id="ruling-rule"
                maxlength=schema::MAX_TEXT
                placeholder=placeholder
                prop:value=shown_rule
                on:input=move |ev| type_rule(event_target_value(&ev))
            />
            {move || rule_chips(rule_choices(), "ruling-rule-choices", "ruling.rule_choices", rule)}
            {move || rule_chips(lost_choices(), "ruling-lost-choices", "ruling.lost_choices", rule)}
            <label class="field-label" for="ruling-referee">
                {tx("ruling.referee")}
            </label>
            <input
                id="ruling-referee"
                maxlength=schema::MAX_TITLE
                prop:value=move || referee.get()
                on:input=move |ev| referee.set(event_target_value(&ev))
            />
            <p class="verdict" id="ruling-preview">
                {move || {
                    ruling()
                        .map(|(r, player)| {
                            let at = board_at();
                            players
                                .with(|ps| {
                                    teams
                                        .with(|tm| {
                                            boards
                                                .with(|b| {
                                                    step_text(
                                                        tm,
                                                        ps,
                                                        on_boards.then_some(b),
                                                        &r,
                                                        player,
                                                        at,
                                                        p.outcome(),
                                                    )
                                                })
                                        })
                                })
                        })
                        .map(|text| match p.late_run() {
                            Some(run) => format!("{text} · {run}"),
                            None => text,
                        })
                        .unwrap_or_else(need_who)
                }}
            </p>
            // A warning under no rule counts toward no rule's ladder: said while the preset
            // has rules to pick (a placeholder is easily taken for a value).
            {move || {
                let warning = ruling().is_some_and(|(r, _)| matches!(r, Ruling::Warning { .. }));
                (warning && rule.with(|x| x.trim().is_empty()) && !rule_choices().is_empty())
                    .then(|| {
                        view! {
                            <p class="verdict muted" id="ruling-no-rule">
                                {tx("ruling.no_rule")}
                            </p>
                        }
                    })
            }}
            {move || {
                p.effect()
                    .map(|e| {
                        view! {
                            <p class="verdict muted" id="ruling-effect">
                                {e}
                            </p>
                        }
                    })
            }}
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id="ruling-error">
                                {e}
                            </div>
                        }
                    })
            }}
            {move || {
                editing
                    .get()
                    .map(|_| {
                        view! {
                            <p class="banner info" id="ruling-editing">
                                {tx("ruling.editing")}
                                <button
                                    class="btn"
                                    id="ruling-edit-cancel"
                                    data-intent="skip"
                                    on:click=move |_| clear()
                                >
                                    {tx("ruling.edit_cancel")}
                                </button>
                            </p>
                        }
                    })
            }}
            <button class="btn danger" id="ruling-commit" data-intent="skip" on:click=record>
                {move || if editing.get().is_some() { t("ruling.edit_commit") } else { t("ruling.commit") }}
            </button>
        </Show>
    }
}

/// A group of rule chips (`chips`: citation, label) with id `id` and the accessible name of
/// text key `label`: a chip fills `rule` with its citation and shows pressed while it holds
/// it; nothing without chips.
fn rule_chips(
    chips: Vec<(String, String)>,
    id: &'static str,
    label: &'static str,
    rule: RwSignal<String>,
) -> impl IntoView {
    (!chips.is_empty()).then(|| {
        view! {
            <div class="chips" id=id role="group" aria-label=t(label)>
                {chips
                    .into_iter()
                    .map(|(cite, label)| {
                        let c2 = cite.clone();
                        let c3 = cite.clone();
                        let on = Signal::derive(move || rule.with(|x| x.trim() == c2.trim()));
                        view! {
                            <button
                                class="btn chip"
                                data-rule-cite=cite.clone()
                                aria-pressed=move || on.get().to_string()
                                class:selected=on
                                on:click=move |_| rule.set(c3.clone())
                            >
                                {label}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        }
    })
}
