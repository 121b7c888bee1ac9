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
    /// Reason, rule and referee as in force, for loading the form to edit it.
    pub(super) fields: [String; 3],
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
/// force.
pub(super) fn steps(x: &Match, teams: &BTreeMap<Team, String>, players: &[String]) -> Vec<Step> {
    let voided = x.voided();
    let appeals = x.appeals();
    // Every appeal that counts on each contested entry, oldest first: the row says them
    // all (RULES.md §0: the log keeps each ruling, appeal and decision), the newest decides.
    let mut history: std::collections::HashMap<&str, Vec<&crate::record::Entry>> = std::collections::HashMap::new();
    for e in &x.entries {
        if let Op::Appeal { target, .. } = &e.op {
            if !voided.contains(e.id.as_str()) {
                history.entry(target.as_str()).or_default().push(e);
            }
        }
    }
    let edits = x.ruling_edits();
    let counted: std::collections::HashMap<String, crate::rules::ruling::Counted> =
        crate::record::replay::replay(x).counted().into_iter().collect();
    x.entries
        .iter()
        .rev()
        .filter(|e| !voided.contains(e.id.as_str()))
        .filter_map(|e| match &e.op {
            Op::Ruling { ruling, player, board, reason, rule, referee } => {
                let edit = edits.get(e.id.as_str());
                let (ruling, player, board, reason, rule, referee) = match edit.map(|c| &c.op) {
                    Some(Op::CorrectRuling { ruling, player, board, reason, rule, referee, .. }) => {
                        (ruling, player, board, reason, rule, referee)
                    }
                    _ => (ruling, player, board, reason, rule, referee),
                };
                let detail = [reason.clone(), rule.clone(), referee.clone()]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(" · ");
                let line = |a: &crate::record::Entry| {
                    let Op::Appeal { appellant, decided_by, decided_ms, decision: d, .. } = &a.op else {
                        unreachable!()
                    };
                    let what = match d {
                        AppealDecision::Upheld => t("appeal.upheld").to_string(),
                        AppealDecision::Overturned => t("appeal.overturned").to_string(),
                        AppealDecision::Replaced { ruling } => {
                            format!("{} {}", t("appeal.replaced"), who_text(teams, players, ruling, *player))
                        }
                    };
                    let by = match decided_by {
                        Decider::ChiefReferee => t("appeal.chief"),
                        Decider::Committee => t("appeal.committee"),
                    };
                    format!("{} ({appellant}) → {what} · {by} · {}", t("appeal.title"), fmt_time(*decided_ms))
                };
                let appeal = appeals.get(e.id.as_str()).map(|(_, d)| {
                    let all = history.get(e.id.as_str()).map(|v| v.iter().map(|a| line(a)).collect::<Vec<_>>());
                    (*d, all.unwrap_or_default().join("; "))
                });
                Some(Step {
                    id: e.id.clone(),
                    at: e.at_ms,
                    ruling: *ruling,
                    player: *player,
                    board: *board,
                    fields: [reason.clone(), rule.clone(), referee.clone()],
                    detail,
                    edited: edit.map(|c| c.at_ms),
                    counted: match appeal {
                        Some((AppealDecision::Replaced { .. }, _)) => None,
                        _ => counted.get(&e.id).copied(),
                    },
                    appeal,
                })
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
                m.with(|x| x.as_ref().map(|x| steps(x, &tm, &[])).unwrap_or_default())
                    .into_iter()
                    .map(|s| {
                        let gone = matches!(
                            s.appeal,
                            Some((AppealDecision::Overturned | AppealDecision::Replaced { .. }, _))
                        );
                        view! {
                            <li data-entry=s.id.clone()>
                                <span class:voided=gone>
                                    {step_text(&tm, &[], None, &s.ruling, s.player, s.board, s.counted)}
                                </span>
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
