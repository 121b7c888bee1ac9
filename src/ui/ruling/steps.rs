//! The ruling entries of a match as in force (edits applied, with their appeal), and the
//! result sheet's list of them.

use super::*;

/// One ruling entry of the match with its appeal, for the list and the result sheet.
#[derive(Clone)]
pub(super) struct Step {
    pub(super) id: String,
    pub(super) at: f64,
    /// The ruling as in force after its edits (an appeal decides on top of it).
    pub(super) ruling: Ruling,
    /// A session's player it is against.
    pub(super) player: Option<usize>,
    /// A 双升 board and table it applies to.
    pub(super) board: Option<BoardAt>,
    /// Reason, rule and referee as in force, as stored, for loading the form to edit it.
    pub(super) fields: [String; 3],
    /// Reason, rule and referee as shown: a preset citation in the reader's language
    /// ([`crate::record::ruling_log::rule_shown`]).
    pub(super) shown: [String; 3],
    pub(super) detail: String,
    /// When it was last edited in place.
    pub(super) edited: Option<f64>,
    /// The decision in force and its line ("申诉 (红队) → 撤销 · 裁判长 · 12:03").
    pub(super) appeal: Option<(AppealDecision, String)>,
    /// What the ruling as shown amounted to in the replay (a warning's number and what the
    /// preset's ladder made of it); `None` where the game does not count it, or when an
    /// appeal put another ruling in its place.
    pub(super) counted: Option<crate::rules::ruling::Counted>,
}

/// The rulings of `m` that are not deleted, newest first, each as edited, with the appeal in
/// force and every appeal that counts on it, oldest first (RULES.md §0: the log keeps each
/// ruling, appeal and decision; the newest appeal decides) — as the record lists them
/// ([`crate::record::ruling_log::logged_rulings`]); their rules as read in `l`.
pub(super) fn steps(x: &Match, teams: &BTreeMap<Team, String>, players: &[String], l: Lang) -> Vec<Step> {
    let logged = crate::record::ruling_log::logged_rulings(x);
    let choices = x.setup.rule_choices();
    // What each warning or lateness amounted to (a lateness at the limit is the forfeit): a
    // replay, done only when there is one (the list
    // is drawn again on every commit).
    let counted: std::collections::HashMap<String, crate::rules::ruling::Counted> =
        if logged.iter().any(|r| matches!(r.ruling, Ruling::Warning { .. } | Ruling::Late { .. })) {
            crate::record::replay::replay(x).counted().into_iter().collect()
        } else {
            Default::default()
        };
    logged
        .into_iter()
        .rev()
        .map(|r| {
            let shown = [
                r.reason.to_string(),
                crate::record::ruling_log::rule_shown(l, &choices, r.rule),
                r.referee.to_string(),
            ];
            let detail = shown.iter().filter(|s| !s.is_empty()).cloned().collect::<Vec<_>>().join(" · ");
            let line = |a: &crate::record::ruling_log::AppealRow<'_>| {
                let what = match a.decision {
                    AppealDecision::Upheld => t("appeal.upheld").to_string(),
                    AppealDecision::Overturned => t("appeal.overturned").to_string(),
                    AppealDecision::Replaced { ruling } => {
                        format!("{} {}", t("appeal.replaced"), who_text(teams, players, &ruling, r.player))
                    }
                };
                let by = match a.decided_by {
                    Decider::ChiefReferee => t("appeal.chief"),
                    Decider::Committee => t("appeal.committee"),
                };
                format!("{} ({}) → {what} · {by} · {}", t("appeal.title"), a.appellant, fmt_time(a.decided_ms))
            };
            let appeal = r.decision().map(|d| (d, r.appeals.iter().map(line).collect::<Vec<_>>().join("; ")));
            Step {
                id: r.entry.id.clone(),
                at: r.entry.at_ms,
                ruling: r.ruling,
                player: r.player,
                board: r.board,
                fields: [r.reason.to_string(), r.rule.to_string(), r.referee.to_string()],
                shown,
                detail,
                edited: r.edited_ms,
                counted: match appeal {
                    Some((AppealDecision::Replaced { .. }, _)) => None,
                    _ => counted.get(&r.entry.id).copied(),
                },
                appeal,
            }
        })
        .collect()
}

/// The rulings of a match for the result sheet: each ruling, its appeal and the decision in
/// force (an overturned or replaced ruling struck through and labelled so in words,
/// [`crate::record::ruling_log::decision_label`], as the print says it).
#[component]
pub fn RulingSteps(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let lang = crate::ui::ctx().lang;
    view! {
        <ul class="rulings muted" id="sheet-rulings">
            {move || {
                let l = lang.get();
                let (tm, ps) = m.with(|x| x.as_ref().map(|x| x.setup.names()).unwrap_or_default());
                m.with(|x| x.as_ref().map(|x| steps(x, &tm, &ps, l)).unwrap_or_default())
                    .into_iter()
                    .map(|s| {
                        let gone = matches!(
                            s.appeal,
                            Some((AppealDecision::Overturned | AppealDecision::Replaced { .. }, _))
                        );
                        let status = crate::record::ruling_log::decision_label(
                            lang.get(),
                            s.appeal.as_ref().map(|(d, _)| *d),
                        );
                        view! {
                            <li data-entry=s.id.clone()>
                                <span class:voided=gone>
                                    {step_text(&tm, &ps, None, &s.ruling, s.player, s.board, s.counted)}
                                </span>
                                {status.map(|x| view! { <span class="ruling-status">" · "{x}</span> })}
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
