//! 升级 result sheet: levels per game, a team match's games as they score and its points,
//! overruns, sign-off.

use super::*;

/// A 南通 team match's rows of the sheet (RULES.md §1.4 **[r2]**): a row a game as the replay
/// scores it ([`ShengjiView::team_games`]: who won and how — played, by time, by a ruling, a
/// forfeit — and each team's points for it, the forfeited games included), then the team
/// points the match is ranked by. Nothing for other presets.
fn team_games(
    view: &ShengjiView,
    tm: &BTreeMap<Team, String>,
    m: Memo<Option<Arc<Match>>>,
    l: Lang,
) -> Option<impl IntoView + use<>> {
    let (Some(points), Some(rule)) =
        (view.team_points.clone(), m.with_untracked(|x| x.as_ref().and_then(|x| setup_of(x).preset.team_match)))
    else {
        return None;
    };
    let names = [team_label(tm, Team::A), team_label(tm, Team::B)];
    let pts = |p: &BTreeMap<Team, u32>, team: Team| p.get(&team).copied().unwrap_or(0);
    let rows = view
        .team_games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let game = crate::record::share_doc::fill(l, "share.game_n", &[("n", (i + 1).to_string())]);
            let how = crate::record::share_doc::games::team_game_text(l, &names, g);
            view! {
                <tr class="team-game" data-game=i + 1>
                    <td>{format!("{game}: {how}")}</td>
                    <td>{pts(&g.score.points, Team::A)}</td>
                    <td>{pts(&g.score.points, Team::B)}</td>
                </tr>
            }
        })
        .collect_view();
    let label = crate::record::share_doc::fill(
        l,
        "share.tm.points",
        &[("win", rule.win.to_string()), ("loss", rule.loss.to_string()), ("forfeit", rule.forfeit.to_string())],
    );
    Some(view! {
        {rows}
        <tr id="sheet-team-points">
            <th>{label}</th>
            <th>{pts(&points, Team::A)}</th>
            <th>{pts(&points, Team::B)}</th>
        </tr>
    })
}

#[component]
pub(super) fn ResultSheet(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<Arc<ShengjiView>>,
    teams: Signal<BTreeMap<Team, String>>,
    players: Signal<BTreeMap<Seat, String>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let open = RwSignal::new(false);
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    view! {
        <details
            class="result-sheet"
            id="result-sheet"
            on:toggle=move |ev| open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
        >
            <summary>{tx("sheet.title")}</summary>
            // Rendered while open only (a closed sheet costs nothing on each commit).
            {move || {
                open.get()
                    .then(|| {
                        let view = v.get();
                        let tm = teams.get();
                        let pl = players.get();
                        let l = lang.get();
                        view! {
                            <table class="sheet">
                                {crate::ui::parts::sheet_teams(
                                    [team_label(&tm, Team::A), team_label(&tm, Team::B)],
                                    &pl,
                                    l,
                                )}
                                {view
                                    .games
                                    .iter()
                                    .enumerate()
                                    .map(|(i, g)| {
                                        view! {
                                            <tr>
                                                <td>
                                                    {t("share.game_n").replace("{n}", &(i + 1).to_string())}" ("
                                                    {g.rows.len()}" "{crate::ui::hands_word(g.rows.len())}")"
                                                </td>
                                                {Team::BOTH
                                                    .into_iter()
                                                    .map(|team| {
                                                        view! {
                                                            <td>
                                                                {g.state.level(team).name()}
                                                                {(g.winner == Some(team))
                                                                    .then(|| {
                                                                        format!(
                                                                            " ✔{}",
                                                                            if g.by_time {
                                                                                format!(" ({})", t("end.by_time"))
                                                                            } else {
                                                                                String::new()
                                                                            },
                                                                        )
                                                                    })}
                                                            </td>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </tr>
                                        }
                                    })
                                    .collect_view()} {team_games(&view, &tm, m, l)} <tr>
                                    <td>{t("sheet.overruns")}</td>
                                    {Team::BOTH
                                        .into_iter()
                                        .map(|team| {
                                            view! {
                                                <td>
                                                    {view.overruns.iter().filter(|o| o.seat.team() == team).count()}
                                                </td>
                                            }
                                        })
                                        .collect_view()}
                                </tr>
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
                                                    seat_label(l, o.seat),
                                                    o.game + 1,
                                                    o.hand,
                                                    if o.action == TimedAction::Bury {
                                                        t("timer.bury")
                                                    } else {
                                                        t("timer.play")
                                                    },
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
                                        ids=["referee-name", "sign-off", "reopen"]
                                        act=act
                                    />
                                }
                            }
                        }
                    })
            }}
        </details>
    }
}
