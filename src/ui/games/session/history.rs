//! The history frame (edit / delete per hand), undo and export, the result sheet with sign-off, and the log's entry names.

use super::*;

/// One history row, already translated.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HistItem {
    /// Id of the hand entry.
    pub entry_id: String,
    /// `T1·3`.
    pub label: String,
    /// The one-line verdict.
    pub line: String,
    /// What was entered beyond the verdict: the multiplier earned and its factors (bombs,
    /// rockets, spring …); empty for a redeal.
    pub entered: String,
    /// Points per player, shown on the row itself.
    pub deltas: String,
    /// The rule one tap away: calls, formula, running totals.
    pub details: Vec<String>,
    /// Violations (flagged in red).
    pub warnings: Vec<String>,
    /// When logged, ms.
    pub at_ms: f64,
    /// Corrections, ms.
    pub corrected_ms: Vec<f64>,
}

/// The history: newest first, each row with its rule in `<details>`, edit and delete.
pub(crate) fn history(
    items: Signal<Vec<HistItem>>,
    locked: Signal<bool>,
    on_edit: impl Fn(String) + Copy + Send + Sync + 'static,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <h2>{tx("hist.title")}</h2>
        <ol class="history" id="history" reversed>
            {move || {
                let l = lang.get();
                items
                    .get()
                    .into_iter()
                    .rev()
                    .map(|it| {
                        let id = it.entry_id.clone();
                        let id2 = it.entry_id.clone();
                        let warn = !it.warnings.is_empty();
                        view! {
                            <li class="hand-row" class:violation=warn data-entry=it.entry_id.clone()>
                                <details>
                                    <summary>
                                        <span class="num">{it.label.clone()}</span>
                                        <span class="line">
                                            {it.line.clone()} <span class="entered">{it.entered.clone()}</span>
                                        </span>
                                        <span class="deltas">{it.deltas.clone()}</span>
                                        {warn
                                            .then(|| {
                                                view! { <span class="badge warn-badge">{tr(l, "sdy.violation")}</span> }
                                            })}
                                        {(!it.corrected_ms.is_empty())
                                            .then(|| view! { <span class="badge">{tr(l, "hist.corrected")}</span> })}
                                    </summary>
                                    <ul class="explain">
                                        {it
                                            .details
                                            .iter()
                                            .map(|s| {
                                                view! {
                                                    <li>
                                                        <crate::ui::rules_tab::CiteText text=s.clone() />
                                                    </li>
                                                }
                                            })
                                            .collect_view()}
                                    </ul>
                                    {warn
                                        .then(|| {
                                            view! {
                                                <ul class="violations">
                                                    {it
                                                        .warnings
                                                        .iter()
                                                        .map(|s| {
                                                            view! {
                                                                <li>
                                                                    <crate::ui::rules_tab::CiteText text=s.clone() />
                                                                </li>
                                                            }
                                                        })
                                                        .collect_view()}
                                                </ul>
                                            }
                                        })}
                                    <p class="muted">{crate::ui::parts::entry_times(it.at_ms, &it.corrected_ms)}</p>
                                    <Show when=move || {
                                        !locked.get()
                                    }>
                                        {
                                            let (id, id2) = (id.clone(), id2.clone());
                                            crate::ui::parts::row_actions(
                                                Some(Box::new(move || on_edit(id.clone()))),
                                                Some("hand-entry"),
                                                "hist.confirm_delete_deal",
                                                move || on_void(id2.clone()),
                                            )
                                        }
                                    </Show>
                                </details>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
}

/// Undo (void the newest action) and export.
pub(crate) fn match_actions(m: Memo<Option<Arc<Match>>>, locked: Signal<bool>) -> impl IntoView {
    view! { <crate::ui::parts::MatchActions m=m locked=locked undo="undo" export="export-match" /> }
}

/// The result sheet: each player's points per table, play-off, total and place
/// ([`SessionView::final_standings`]: a decided play-off orders a tie), an extra
/// column (三打一: violations), notes, and the referee's sign-off / reopen.
pub(crate) fn result_sheet(
    m: Memo<Option<Arc<Match>>>,
    session: Signal<SessionView>,
    names: Signal<Vec<String>>,
    extra: Signal<Option<(&'static str, Vec<String>)>>,
    notes: Signal<Vec<String>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    view! {
        <details class="result-sheet" id="result-sheet">
            <summary>{tx("sheet.title")}</summary>
            {move || {
                let s = session.get();
                let nm = names.get();
                let l = lang.get();
                let ex = extra.get();
                let regular: Vec<usize> = (0..s.segments.len()).filter(|&i| !s.segments[i].playoff).collect();
                let has_playoff = s.segments.iter().any(|g| g.playoff);
                let tied = s.playoff_needed && s.segments.iter().any(|g| g.hands > 0);
                view! {
                    <table class="sheet" id="sheet">
                        <tr>
                            <th>{tr(l, "ddz.player")}</th>
                            {regular.iter().map(|&i| view! { <th>{table_label(l, &s, i)}</th> }).collect_view()}
                            <th>{tr(l, "ddz.total")}</th>
                            <th>{tr(l, "ddz.place_h")}</th>
                            {has_playoff.then(|| view! { <th>{tr(l, "ddz.playoff")}</th> })}
                            {ex
                                .as_ref()
                                .map(|(h, _)| {
                                    let h: &'static str = h;
                                    view! { <th>{tr(l, h)}</th> }
                                })}
                        </tr>
                        {(0..nm.len())
                            .map(|p| {
                                let place = s
                                    .final_standings()
                                    .iter()
                                    .find(|x| x.player == p)
                                    .map(|x| x.place)
                                    .unwrap_or(0);
                                view! {
                                    <tr data-player=p.to_string()>
                                        <td>{name_of(&nm, p)}</td>
                                        {regular
                                            .iter()
                                            .map(|&i| view! { <td>{signed(s.segments[i].totals[p])}</td> })
                                            .collect_view()}
                                        <td class="sheet-total">{signed(s.totals[p])}</td>
                                        <td>
                                            {place}{(tied && s.ranking.playoff_players.contains(&p)).then_some(" *")}
                                        </td>
                                        {has_playoff.then(|| view! { <td>{signed(s.playoff_totals[p])}</td> })}
                                        {ex
                                            .as_ref()
                                            .map(|(_, v)| {
                                                let x = v.get(p).cloned().unwrap_or_default();
                                                let flag = !x.is_empty() && x != "0";
                                                view! {
                                                    <td class="sheet-extra" class:flag=flag>
                                                        {x}
                                                    </td>
                                                }
                                            })}
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </table>
                    {tied
                        .then(|| {
                            view! {
                                <p class="field-error" id="sheet-playoff">
                                    {"* "}
                                    {tr(l, "ddz.sheet_playoff")}
                                </p>
                            }
                        })}
                    <ul class="sheet-notes" id="sheet-notes">
                        {notes.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                    </ul>
                    {
                        view! {
                            <crate::ui::widgets::SignOff
                                m=m
                                locked=s.locked
                                referee=referee
                                reason=reason
                                ids=["referee-name", "sign-off", "reopen"]
                                act=move |op| act(m, op)
                            />
                        }
                    }
                }
            }}
        </details>
    }
}

/// A log line: "next table" for the session's table change, else the op's name.
pub(crate) fn describe(l: Lang, op: &Op) -> String {
    match op {
        Op::NextGame { .. } => tr(l, "ddz.log_next_table").to_string(),
        op => crate::i18n::op_name(l, op).to_string(),
    }
}

/// Everything a session page shows below its entry form, in order: the undo/export bar,
/// the ranking, the ruling panel (naming a player), the history, the result sheet and the
/// log. `extra`/`notes`: the result sheet's extra column and notes ([`result_sheet`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn session_panels(
    m: Memo<Option<Arc<Match>>>,
    locked: Signal<bool>,
    session: Signal<SessionView>,
    names: Signal<Vec<String>>,
    now: Signal<f64>,
    items: Signal<Vec<HistItem>>,
    on_edit: impl Fn(String) + Copy + Send + Sync + 'static,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
    extra: Signal<Option<(&'static str, Vec<String>)>>,
    notes: Signal<Vec<String>>,
) -> impl IntoView {
    view! {
        {match_actions(m, locked)}
        {ranking_view(session, names, now)}
        <crate::ui::ruling::RulingPanel
            m=m
            teams=Signal::derive(std::collections::BTreeMap::new)
            locked=locked
            players=names
        />
        {history(items, locked, on_edit, on_void)}
        {result_sheet(m, session, names, extra, notes)}
        <crate::ui::parts::ShareBar m=m />
        <crate::ui::widgets::EntryLog m=m describe=describe />
    }
}
