//! 掼蛋 end of a round, history (edit/delete per hand) and the result sheet with sign-off.

use super::*;

/// The round / game is over: who won, scores, and the next round if the format has one.
#[component]
pub(super) fn RoundEnd(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    let next = move |_| {
        let Some(x) = m.get_untracked() else { return };
        let start = crate::rules::shengji::Start {
            levels: Team::BOTH.iter().map(|t| (*t, Rank::TWO)).collect(),
            declarer: Some(Team::A),
            dealer: None,
        };
        if let Err(e) = commit(&x, Op::NextGame { start }) {
            io::alert(&e);
        }
    };
    view! {
        {move || {
            let view = v.get();
            let p = preset.get();
            let r: Round = view.current().clone();
            let tm = teams.get();
            let head = if let Some(f) = r.forfeit {
                format!(
                    "{} {} → {} {}",
                    team_label(&tm, f),
                    t("gd.forfeits"),
                    team_label(&tm, f.other()),
                    t("gd.wins"),
                )
            } else if let Some(w) = r.winner {
                if r.time_verdict.is_some() {
                    format!("{} {} ({})", team_label(&tm, w), t("gd.wins"), t("end.by_time"))
                } else {
                    crate::i18n::say(
                        crate::ui::ctx().lang.get(),
                        &p.a_rule.won_msg(w),
                        crate::i18n::Names {
                            teams: Some(&tm),
                            players: &[],
                        },
                    )
                }
            } else if r.time_verdict.is_some() {
                format!("{} · {}", t("gd.round_end.time"), t("gd.time.prev_stands"))
            } else {
                format!("{} ({} {})", t("gd.round_end.complete"), r.hands, crate::ui::hands_word(r.hands as usize))
            };
            let scores = r
                .state
                .round_scores
                .map(|s| {
                    format!(
                        "{}: {} {} : {} {}",
                        t("gd.sb.round_score"),
                        team_label(&tm, Team::A),
                        s.a,
                        s.b,
                        team_label(&tm, Team::B),
                    )
                })
                .or(
                    r
                        .state
                        .points
                        .map(|s| {
                            format!(
                                "{}: {} {} : {} {}",
                                t("gd.sb.points"),
                                team_label(&tm, Team::A),
                                s.a,
                                s.b,
                                team_label(&tm, Team::B),
                            )
                        }),
                );
            let _ = &p;
            view! {
                <div class="banner ok" id="gd-round-end">
                    <p class="big" id="gd-winner">
                        {head}
                    </p>
                    {scores.map(|s| view! { <p>{s}</p> })}
                    {view
                        .finished
                        .then(|| {
                            view! {
                                <p id="gd-match-winner">
                                    <strong>
                                        {format!(
                                            "{}: {}",
                                            t("gd.match_over"),
                                            view
                                                .match_winner
                                                .map(|w| format!("{} {}", team_label(&tm, w), t("gd.wins")))
                                                .unwrap_or_else(|| t("gd.tie").to_string()),
                                        )}
                                    </strong>
                                </p>
                            }
                        })}
                    {(view.can_start_next_round() && !view.locked)
                        .then(|| {
                            view! {
                                <button class="btn primary" id="gd-next-round" on:click=next>
                                    {t("gd.next_round")}
                                </button>
                            }
                        })}
                </div>
            }
        }}
    }
}

#[component]
pub(super) fn History(
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    form: Form,
    locked: Signal<bool>,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <h2>{tx("hist.title")}</h2>
        <ol class="history" id="gd-history" reversed>
            {move || {
                let view = v.get();
                let p = preset.get();
                let tm = teams.get();
                let multi = view.rounds.len() > 1;
                view.rounds
                    .iter()
                    .enumerate()
                    .rev()
                    .flat_map(|(ri, r)| r.rows.iter().rev().map(move |x| (ri, x.clone())))
                    .map(|(ri, r)| {
                        let id = r.entry_id.clone();
                        let (line, details, levels, warn) = match &r.result {
                            Ok(o) => {
                                (
                                    verdict(&r.hand, o, &tm),
                                    explain(&p, Some(&r), &r.hand, o, &tm),
                                    if p.upgrade.is_some() {
                                        format!(
                                            "{} {} : {} {}",
                                            team_label(&tm, Team::A),
                                            o.levels_after.a,
                                            o.levels_after.b,
                                            team_label(&tm, Team::B),
                                        )
                                    } else {
                                        String::new()
                                    },
                                    !o.tribute_errors.is_empty(),
                                )
                            }
                            Err(e) => (format!("⚠ {}", row_error_text(e, &tm)), vec![], String::new(), true),
                        };
                        let hand = r.hand.clone();
                        let id_edit = id.clone();
                        let id_del = id.clone();
                        view! {
                            <li class="hand-row" class:gd-warn=warn data-entry=id.clone()>
                                <details>
                                    <summary>
                                        <span class="num">
                                            {if multi {
                                                format!("{}-{}", ri + 1, r.number)
                                            } else {
                                                format!("#{}", r.number)
                                            }}
                                        </span>
                                        <span class="line">
                                            {line} <span class="entered">{entered_text(&r.hand, &tm)}</span>
                                        </span>
                                        <span class="levels">{levels}</span>
                                        {(!r.corrected_ms.is_empty())
                                            .then(|| view! { <span class="badge">{t("hist.corrected")}</span> })}
                                        {r
                                            .late
                                            .then(|| view! { <span class="badge gd-late">{t("gd.late_badge")}</span> })}
                                    </summary>
                                    <ul class="explain">
                                        {details
                                            .into_iter()
                                            .map(|s| {
                                                view! {
                                                    <li>
                                                        <crate::ui::rules_tab::CiteText text=s />
                                                    </li>
                                                }
                                            })
                                            .collect_view()}
                                    </ul>
                                    <p class="muted">{crate::ui::parts::entry_times(r.at_ms, &r.corrected_ms)}</p>
                                    <Show when=move || {
                                        !locked.get()
                                    }>
                                        {
                                            let (hand, id, id_del) = (hand.clone(), id_edit.clone(), id_del.clone());
                                            let edit: Option<Box<dyn Fn()>> = hand
                                                .forfeit
                                                .is_none()
                                                .then(|| {
                                                    Box::new(move || form.load(&hand, id.clone())) as Box<dyn Fn()>
                                                });
                                            crate::ui::parts::row_actions(
                                                edit,
                                                Some("gd-entry"),
                                                "hist.confirm_delete",
                                                move || on_void(id_del.clone()),
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

#[component]
pub(super) fn ResultSheet(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    players: Signal<BTreeMap<Seat, String>>,
) -> impl IntoView {
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    view! {
        <details class="result-sheet" id="gd-sheet">
            <summary>{tx("sheet.title")}</summary>
            {move || {
                let view = v.get();
                let p = preset.get();
                let tm = teams.get();
                let pl = players.get();
                let fouls = |team: Team| view.fouls_called(team);
                view! {
                    <table class="sheet">
                        {crate::ui::parts::sheet_teams(
                            [team_label(&tm, Team::A), team_label(&tm, Team::B)],
                            &pl,
                            crate::ui::ctx().lang.get(),
                        )}
                        {view
                            .rounds
                            .iter()
                            .enumerate()
                            .map(|(i, r)| {
                                view! {
                                    <tr>
                                        <td>
                                            {format!(
                                                "{} {} ({} {})",
                                                t("gd.round"),
                                                i + 1,
                                                r.hands,
                                                crate::ui::hands_word(r.hands as usize),
                                            )}
                                        </td>
                                        {Team::BOTH
                                            .into_iter()
                                            .map(|team| {
                                                let mut cell = Vec::new();
                                                if p.upgrade.is_some() {
                                                    cell.push(r.state.levels[team].name().to_string());
                                                }
                                                if let Some(x) = r.state.points {
                                                    cell.push(format!("{} {}", x[team], t("gd.pts")));
                                                }
                                                if let Some(x) = r.state.round_scores {
                                                    cell.push(format!("{} {}", t("gd.sb.round_score"), x[team]));
                                                }
                                                if r.winner == Some(team) {
                                                    cell.push("✔".into());
                                                }
                                                if r.forfeit == Some(team) {
                                                    cell.push(t("gd.forfeits").to_string());
                                                }
                                                view! { <td>{cell.join(" · ")}</td> }
                                            })
                                            .collect_view()}
                                    </tr>
                                }
                            })
                            .collect_view()}
                        {view
                            .points_total
                            .map(|x| {
                                view! {
                                    <tr>
                                        <td>{t("gd.sb.points")}</td>
                                        <td>{x.a}</td>
                                        <td>{x.b}</td>
                                    </tr>
                                }
                            })}
                        {view
                            .points_total
                            .map(|_| {
                                view! {
                                    <tr>
                                        <td>{t("gd.sheet.double_wins")}</td>
                                        <td>{view.double_wins.a}</td>
                                        <td>{view.double_wins.b}</td>
                                    </tr>
                                }
                            })}
                        {view
                            .round_score_total
                            .map(|x| {
                                view! {
                                    <tr>
                                        <td>{t("gd.sb.round_score")}</td>
                                        <td>{x.a}</td>
                                        <td>{x.b}</td>
                                    </tr>
                                }
                            })} <tr>
                            <td>{t("gd.fouls")}</td>
                            <td>{fouls(Team::A)}</td>
                            <td>{fouls(Team::B)}</td>
                        </tr> <tr>
                            <td>{t("sheet.overruns")}</td>
                            {Team::BOTH
                                .into_iter()
                                .map(|team| {
                                    view! { <td>{view.overruns.iter().filter(|o| o.seat.team() == team).count()}</td> }
                                })
                                .collect_view()}
                        </tr>
                        {view
                            .finished
                            .then(|| {
                                view! {
                                    <tr>
                                        <td>{t("gd.match_over")}</td>
                                        <td colspan="2" id="gd-sheet-winner">
                                            {view
                                                .match_winner
                                                .map(|w| team_label(&tm, w))
                                                .unwrap_or_else(|| t("gd.tie").to_string())}
                                        </td>
                                    </tr>
                                }
                            })}
                    </table>
                    <ul class="muted">
                        {view
                            .overruns
                            .iter()
                            .map(|o| {
                                view! {
                                    <li>
                                        {format!(
                                            "{} {}-{} {} +{}s",
                                            seat(o.seat),
                                            o.game + 1,
                                            o.hand,
                                            t("gd.timer.play"),
                                            o.seconds,
                                        )}
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                    {
                        view! {
                            <crate::ui::widgets::SignOff
                                m=m
                                locked=view.locked
                                referee=referee
                                reason=reason
                                ids=["gd-referee-name", "gd-sign-off", "gd-reopen"]
                                act=act
                            />
                        }
                    }
                }
            }}
        </details>
    }
}
