//! The referee's rulings on a team (RULES.md §0 **[r2]**): a warning (counted for the match;
//! the preset turns the Nth into its penalty), a level penalty (罚级), a game lost (判负 /
//! 出局), lateness in minutes (at the preset's limit a forfeit) and a disqualification,
//! entered on the match page of a game with rulings and kept in the log as [`Op::Ruling`];
//! the replay applies them in order with the hands. Each names the team, the reason, the
//! rule and the referee; it is recorded only after a confirmation, and is deleted (voided)
//! or undone like a hand. An appeal ([`Op::Appeal`]) against a ruling records its decision
//! (upheld, overturned, replaced by the ruling chosen in the form), who decided and when;
//! the list shows the ruling, the appeal and the decision in force.

use super::{commit, fmt_time, io, t, tx};
use crate::record::{schema, AppealDecision, Decider, Match, Op};
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
        Ruling::Warning { team } => format!("{} {}", name(*team), t("ruling.warning")),
        Ruling::Late { team, minutes } => {
            format!("{} {} {minutes} {}", name(*team), t("ruling.late"), t("ruling.minutes_unit"))
        }
        Ruling::Disqualified { team } => format!("{} {}", name(*team), t("ruling.disqualified")),
    }
}

/// The kinds the panel offers, with their button id and text key.
const KINDS: [(Kind, &str, &str); 5] = [
    (Kind::Warning, "ruling-warning", "ruling.warning"),
    (Kind::LevelPenalty, "ruling-level-penalty", "ruling.level_penalty"),
    (Kind::GameLost, "ruling-game-lost", "ruling.game_lost"),
    (Kind::Late, "ruling-late", "ruling.late"),
    (Kind::Disqualified, "ruling-disqualified", "ruling.disqualified"),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Warning,
    LevelPenalty,
    GameLost,
    Late,
    Disqualified,
}

/// One ruling entry of the match with its appeal, for the list and the result sheet.
#[derive(Clone)]
struct Step {
    id: String,
    at: f64,
    ruling: Ruling,
    detail: String,
    /// The decision in force and its line ("申诉 (红队) → 撤销 · 裁判长 · 12:03").
    appeal: Option<(AppealDecision, String)>,
}

/// The rulings of `m` that are not deleted, newest first, each with the appeal in force.
fn steps(x: &Match, teams: &BTreeMap<Team, String>) -> Vec<Step> {
    let voided = x.voided();
    let appeals = x.appeals();
    x.entries
        .iter()
        .rev()
        .filter(|e| !voided.contains(e.id.as_str()))
        .filter_map(|e| match &e.op {
            Op::Ruling { ruling, reason, rule, referee } => {
                let detail = [reason.clone(), rule.clone(), referee.clone()]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(" · ");
                let appeal = appeals.get(e.id.as_str()).map(|(a, d)| {
                    let Op::Appeal { appellant, decided_by, decided_ms, .. } = &a.op else { unreachable!() };
                    let what = match d {
                        AppealDecision::Upheld => t("appeal.upheld").to_string(),
                        AppealDecision::Overturned => t("appeal.overturned").to_string(),
                        AppealDecision::Replaced { ruling } => {
                            format!("{} {}", t("appeal.replaced"), ruling_text(teams, ruling))
                        }
                    };
                    let by = match decided_by {
                        Decider::ChiefReferee => t("appeal.chief"),
                        Decider::Committee => t("appeal.committee"),
                    };
                    (*d, format!("{} ({appellant}) → {what} · {by} · {}", t("appeal.title"), fmt_time(*decided_ms)))
                });
                Some(Step { id: e.id.clone(), at: e.at_ms, ruling: *ruling, detail, appeal })
            }
            _ => None,
        })
        .collect()
}

/// The rulings of a match for the result sheet: each ruling, its appeal and the decision in
/// force (an overturned ruling struck through).
#[component]
pub fn RulingSteps(m: Memo<Option<Arc<Match>>>, teams: Signal<BTreeMap<Team, String>>) -> impl IntoView {
    view! {
        <ul class="rulings muted" id="sheet-rulings">
            {move || {
                let tm = teams.get();
                m.with(|x| x.as_ref().map(|x| steps(x, &tm)).unwrap_or_default())
                    .into_iter()
                    .map(|s| {
                        let gone = matches!(
                            s.appeal,
                            Some((AppealDecision::Overturned | AppealDecision::Replaced { .. }, _))
                        );
                        view! {
                            <li data-entry=s.id.clone()>
                                <span class:voided=gone>{ruling_text(&tm, &s.ruling)}</span>
                                " · "
                                {s.detail.clone()}
                                " · "
                                {fmt_time(s.at)}
                                {s.appeal.map(|(_, line)| view! { <span class="appeal">" · "{line}</span> })}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
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
    let kind = RwSignal::new(Kind::LevelPenalty);
    let levels = RwSignal::new(1u32);
    let minutes = RwSignal::new(10u32);
    // The ruling whose appeal form is open, and the form's choices.
    let appealing: RwSignal<Option<String>> = RwSignal::new(None);
    let appellant = RwSignal::new(String::new());
    let decision = RwSignal::new(0u8); // 0 upheld, 1 overturned, 2 replaced
    let decider = RwSignal::new(Decider::ChiefReferee);
    let reason = RwSignal::new(String::new());
    let rule = RwSignal::new(String::new());
    let referee = RwSignal::new(String::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let ruling = move || {
        team.get().map(|team| match kind.get() {
            Kind::Warning => Ruling::Warning { team },
            Kind::LevelPenalty => Ruling::LevelPenalty { team, levels: levels.get() },
            Kind::GameLost => Ruling::GameLost { team },
            Kind::Late => Ruling::Late { team, minutes: minutes.get() },
            Kind::Disqualified => Ruling::Disqualified { team },
        })
    };
    let decide = move |target: String| {
        error.set(None);
        let Some(x) = m.get_untracked() else { return };
        let d = match decision.get_untracked() {
            0 => AppealDecision::Upheld,
            1 => AppealDecision::Overturned,
            _ => match ruling() {
                Some(r) => AppealDecision::Replaced { ruling: r },
                None => {
                    error.set(Some(t("ruling.need_team").to_string()));
                    return;
                }
            },
        };
        if !window().confirm_with_message(t("appeal.confirm")).unwrap_or(false) {
            return;
        }
        let op = Op::Appeal {
            target,
            appellant: appellant.get_untracked().trim().to_string(),
            decision: d,
            decided_by: decider.get_untracked(),
            decided_ms: js_sys::Date::now(),
        };
        match commit(&x, op) {
            Ok(()) => {
                appealing.set(None);
                appellant.set(String::new());
            }
            Err(e) => error.set(Some(e)),
        }
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
    // The rulings not deleted, newest first, with their appeals.
    let list = move || {
        let tm = teams.get();
        m.with(|x| x.as_ref().map(|x| steps(x, &tm)).unwrap_or_default())
    };
    view! {
        <details class="ruling-panel" id="ruling-panel">
            <summary>
                {tx("ruling.title")}" ("
                {move || m.with(|x| x.as_ref().map(|x| steps(x, &BTreeMap::new()).len()).unwrap_or(0))}")"
            </summary>
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
                    {KINDS
                        .into_iter()
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
                        <button
                            class="btn"
                            aria-label="−"
                            on:click=move |_| minutes.update(|n| *n = n.saturating_sub(1))
                        >
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
                        .map(|s| {
                            let id = s.id.clone();
                            let target = id.clone();
                            let open_id = id.clone();
                            let form_id = id.clone();
                            let decide_id = id.clone();
                            let gone = matches!(
                                s.appeal,
                                Some((AppealDecision::Overturned | AppealDecision::Replaced { .. }, _))
                            );
                            view! {
                                <li class="ruling-row" data-entry=id>
                                    <strong class:voided=gone>{ruling_text(&tm, &s.ruling)}</strong>
                                    <span class="muted">" "{s.detail.clone()}" · "{fmt_time(s.at)}</span>
                                    {s.appeal.map(|(_, line)| view! { <span class="appeal">" "{line}</span> })}
                                    <Show when=move || !locked.get()>
                                        <button
                                            class="btn appeal-open"
                                            on:click={
                                                let open_id = open_id.clone();
                                                move |_| appealing.set(Some(open_id.clone()))
                                            }
                                        >
                                            {tx("appeal.title")}
                                        </button>
                                    </Show>
                                    <Show when={
                                        let form_id = form_id.clone();
                                        move || appealing.get().as_deref() == Some(form_id.as_str())
                                    }>
                                        <div class="appeal-form">
                                            <input
                                                class="appeal-appellant"
                                                maxlength=schema::MAX_TITLE
                                                placeholder=t("appeal.appellant")
                                                prop:value=move || appellant.get()
                                                on:input=move |ev| appellant.set(event_target_value(&ev))
                                            />
                                            <div class="actions">
                                                {[
                                                    (0u8, "appeal-upheld", "appeal.upheld"),
                                                    (1, "appeal-overturned", "appeal.overturned"),
                                                    (2, "appeal-replaced", "appeal.replaced_form"),
                                                ]
                                                    .into_iter()
                                                    .map(|(d, cls, key)| {
                                                        view! {
                                                            <button
                                                                class=format!("btn chip {cls}")
                                                                class:selected=move || decision.get() == d
                                                                on:click=move |_| decision.set(d)
                                                            >
                                                                {t(key)}
                                                            </button>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                            <div class="actions">
                                                {[
                                                    (Decider::ChiefReferee, "appeal-chief", "appeal.chief"),
                                                    (Decider::Committee, "appeal-committee", "appeal.committee"),
                                                ]
                                                    .into_iter()
                                                    .map(|(d, cls, key)| {
                                                        view! {
                                                            <button
                                                                class=format!("btn chip {cls}")
                                                                class:selected=move || decider.get() == d
                                                                on:click=move |_| decider.set(d)
                                                            >
                                                                {t(key)}
                                                            </button>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                            <button
                                                class="btn appeal-commit"
                                                on:click={
                                                    let decide_id = decide_id.clone();
                                                    move |_| decide(decide_id.clone())
                                                }
                                            >
                                                {tx("appeal.commit")}
                                            </button>
                                        </div>
                                    </Show>
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
