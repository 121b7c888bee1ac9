//! 升级 result sheet: levels per game, overruns, sign-off.

use super::*;

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
                                                    {t("sb.game")}" "{i + 1}" ("{g.rows.len()}" "
                                                    {crate::ui::hands_word(g.rows.len())}")"
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
                                    .collect_view()} <tr>
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
                            <crate::ui::ruling::RulingSteps m=m teams=teams />
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
