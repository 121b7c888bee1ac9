//! The referee's rulings on a team (RULES.md §0 **[r2]**): a level penalty (罚级) or a game
//! lost (判负 / 出局), entered on the match page of a team game (升级, 掼蛋) and kept in the
//! log as [`Op::Ruling`]; the replay applies them in order with the hands. Each ruling
//! names the team, the reason, the rule and the referee; it is recorded only after a
//! confirmation, and is deleted (voided) or undone like a hand.

use super::{commit, fmt_time, io, t, tx};
use crate::record::{schema, Match, Op};
use crate::rules::{Ruling, Team};
use leptos::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What a ruling does, in words: "蓝队 罚 2 级", "红队 判负 → 蓝队 胜本局".
pub fn ruling_text(teams: &BTreeMap<Team, String>, r: &Ruling) -> String {
    let name = |x: Team| teams.get(&x).cloned().filter(|n| !n.is_empty()).unwrap_or_else(|| format!("{x:?}"));
    match r {
        Ruling::LevelPenalty { team, levels } => {
            format!("{} {} {levels} {}", name(*team), t("ruling.minus"), t("ruling.levels_unit"))
        }
        Ruling::GameLost { team } => {
            format!("{} {} → {} {}", name(*team), t("ruling.game_lost"), name(team.other()), t("ruling.wins_game"))
        }
    }
}

/// The ruling panel: team, kind (levels for a level penalty), reason, rule, referee, a line
/// saying what will be recorded, and the rulings of the match that count (each deletable).
#[component]
pub fn RulingPanel(
    m: Memo<Option<Arc<Match>>>,
    teams: Signal<BTreeMap<Team, String>>,
    locked: Signal<bool>,
) -> impl IntoView {
    let team: RwSignal<Option<Team>> = RwSignal::new(None);
    let game_lost = RwSignal::new(false);
    let levels = RwSignal::new(1u32);
    let reason = RwSignal::new(String::new());
    let rule = RwSignal::new(String::new());
    let referee = RwSignal::new(String::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let ruling = move || {
        team.get().map(|team| {
            if game_lost.get() {
                Ruling::GameLost { team }
            } else {
                Ruling::LevelPenalty { team, levels: levels.get() }
            }
        })
    };
    let record = move |_| {
        error.set(None);
        let Some(x) = m.get_untracked() else { return };
        let Some(r) = ruling() else {
            error.set(Some(t("ruling.need_team").to_string()));
            return;
        };
        if referee.get_untracked().trim().is_empty() {
            error.set(Some(t("ruling.need_referee").to_string()));
            return;
        }
        // A ruling decides a game: recorded only when the referee confirms what it does.
        let question = format!("{}: {}?", t("ruling.confirm"), ruling_text(&teams.get_untracked(), &r));
        if !window().confirm_with_message(&question).unwrap_or(false) {
            return;
        }
        let op = Op::Ruling {
            ruling: r,
            reason: reason.get_untracked().trim().to_string(),
            rule: rule.get_untracked().trim().to_string(),
            referee: referee.get_untracked().trim().to_string(),
        };
        match commit(&x, op) {
            Ok(()) => {
                team.set(None);
                reason.set(String::new());
                rule.set(String::new());
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let delete = move |id: String| {
        let Some(x) = m.get_untracked() else { return };
        if !window().confirm_with_message(t("ruling.delete_confirm")).unwrap_or(false) {
            return;
        }
        if let Err(e) = commit(&x, Op::Void { target: id, reason: "delete".into() }) {
            io::alert(&e);
        }
    };
    // The rulings that count, newest first.
    let list = move || {
        m.with(|x| {
            let Some(x) = x.as_ref() else { return Vec::new() };
            let voided = x.voided();
            x.entries
                .iter()
                .rev()
                .filter(|e| !voided.contains(e.id.as_str()))
                .filter_map(|e| match &e.op {
                    Op::Ruling { ruling, reason, rule, referee } => {
                        Some((e.id.clone(), e.at_ms, *ruling, reason.clone(), rule.clone(), referee.clone()))
                    }
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <details class="ruling-panel" id="ruling-panel">
            <summary>{tx("ruling.title")}" ("{move || list().len()}")"</summary>
            <Show when=move || !locked.get()>
                <p class="field-label">{tx("ruling.team")}</p>
                <div class="actions">
                    {Team::BOTH
                        .into_iter()
                        .map(|x| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-ruling-team=format!("{x:?}")
                                    aria-pressed=move || (team.get() == Some(x)).to_string()
                                    class:selected=move || team.get() == Some(x)
                                    on:click=move |_| team.set(Some(x))
                                >
                                    {move || {
                                        teams
                                            .with(|tm| {
                                                tm.get(&x)
                                                    .cloned()
                                                    .filter(|n| !n.is_empty())
                                                    .unwrap_or_else(|| format!("{x:?}"))
                                            })
                                    }}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <p class="field-label">{tx("ruling.kind")}</p>
                <div class="actions">
                    <button
                        class="btn chip"
                        id="ruling-level-penalty"
                        class:selected=move || !game_lost.get()
                        on:click=move |_| game_lost.set(false)
                    >
                        {tx("ruling.level_penalty")}
                    </button>
                    <button
                        class="btn chip"
                        id="ruling-game-lost"
                        class:selected=move || game_lost.get()
                        on:click=move |_| game_lost.set(true)
                    >
                        {tx("ruling.game_lost")}
                    </button>
                </div>
                <Show when=move || !game_lost.get()>
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
                    placeholder="000 §一(五)4"
                    prop:value=move || rule.get()
                    on:input=move |ev| rule.set(event_target_value(&ev))
                />
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
                            .map(|r| ruling_text(&teams.get(), &r))
                            .unwrap_or_else(|| t("ruling.need_team").to_string())
                    }}
                </p>
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
                <button class="btn danger" id="ruling-commit" on:click=record>
                    {tx("ruling.commit")}
                </button>
            </Show>
            <ul class="rulings" id="rulings">
                {move || {
                    let tm = teams.get();
                    list()
                        .into_iter()
                        .map(|(id, at, r, why, rule, referee)| {
                            let target = id.clone();
                            let detail = [why, rule, referee]
                                .into_iter()
                                .filter(|s| !s.is_empty())
                                .collect::<Vec<_>>()
                                .join(" · ");
                            view! {
                                <li class="ruling-row" data-entry=id>
                                    <strong>{ruling_text(&tm, &r)}</strong>
                                    <span class="muted">" "{detail}" · "{fmt_time(at)}</span>
                                    <Show when=move || !locked.get()>
                                        <button
                                            class="btn delete"
                                            on:click={
                                                let target = target.clone();
                                                move |_| delete(target.clone())
                                            }
                                        >
                                            {tx("hist.delete")}
                                        </button>
                                    </Show>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </details>
    }
}
