//! The session bar (table in rotation, its clock, next table, play-off), the scoreboard with running totals, and the ranking.

use super::*;

/// Whether to raise the play-off flag now: the top is tied and the session is over, or
/// play is under way at the last table.
pub(crate) fn tie_flag(s: &SessionView, now_ms: f64) -> bool {
    s.playoff_needed && (s.finished(now_ms) || (s.at_last_table() && s.current().hands > 0))
}

/// Records `op` on match `m`; a refusal is shown in an alert.
pub(crate) fn act(m: Memo<Option<Arc<Match>>>, op: Op) {
    if let Some(x) = m.get_untracked() {
        if let Err(e) = commit(&x, op) {
            io::alert(&e);
        }
    }
}

/// The scoreboard: each player's running total and place ([`SessionView::final_standings`]),
/// the play-off flag.
pub(crate) fn scoreboard(session: Signal<SessionView>, names: Signal<Vec<String>>, now: Signal<f64>) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <div class="ddz-board" id="scoreboard">
            {move || {
                let s = session.get();
                let nm = names.get();
                let l = lang.get();
                let tie: Vec<usize> = if tie_flag(&s, now.get()) {
                    s.ranking.playoff_players.clone()
                } else {
                    Vec::new()
                };
                let standings = s.final_standings();
                (0..nm.len())
                    .map(|i| {
                        let place = standings.iter().find(|x| x.player == i).map(|x| x.place).unwrap_or(0);
                        let through = s.advancing.contains(&i) && s.finished(now.get());
                        view! {
                            <div class="ddz-player" data-player=i.to_string() class:leader=place == 1>
                                <div class="name">{name_of(&nm, i)}</div>
                                <div class="total" id=format!("total-{i}")>
                                    {signed(s.totals[i])}
                                </div>
                                <div class="muted place">
                                    {tr(l, "ddz.place").replace("{n}", &place.to_string())}
                                    {tie
                                        .contains(&i)
                                        .then(|| view! { <span class="badge">{tr(l, "ddz.playoff")}</span> })}
                                    {through
                                        .then(|| view! { <span class="badge ok">{tr(l, "ddz.goes_through")}</span> })}
                                </div>
                                {(s.playoff_hands > 0)
                                    .then(|| {
                                        view! {
                                            <div class="muted">
                                                {tr(l, "ddz.playoff")}" "{signed(s.playoff_totals[i])}
                                            </div>
                                        }
                                    })}
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// The session bar: table and seating (rotation), the table clock with start / pause /
/// resume, the time-up banner, next table and play-off buttons.
pub(crate) fn session_bar(
    m: Memo<Option<Arc<Match>>>,
    session: Signal<SessionView>,
    names: Signal<Vec<String>>,
    now: Signal<f64>,
    locked: Signal<bool>,
) -> impl IntoView {
    let lang = ctx().lang;
    let elapsed_now = move || Some(session.with_untracked(|s| s.current().clock.elapsed_ms(now.get_untracked())));
    let time_up = Memo::new(move |_| session.with(|s| s.time_up(now.get())));
    Effect::new(move |prev: Option<bool>| {
        let up = time_up.get();
        if up && prev == Some(false) {
            crate::ui::widgets::alarm(400);
        }
        up
    });
    // Once the hand in progress is recorded, the table is closed by time and the page says
    // so where the entry form was: the banner asking to finish that hand goes.
    let time_up_banner = move || time_up.get() && !locked.get() && session.with(|s| s.current().time_over.is_none());
    view! {
        <div class="clockbar ddz-session" id="session-bar">
            {move || {
                let s = session.get();
                let l = lang.get();
                let seg = s.current().clone();
                let nm = names.get();
                let running = seg.clock.running_since.is_some();
                let seats = seg.seating.iter().map(|&p| name_of(&nm, p)).collect::<Vec<_>>().join(" → ");
                view! {
                    <span class="table-label" id="table-label">
                        {table_label(l, &s, s.segments.len() - 1)}
                    </span>
                    <span class="clock" id="table-clock">
                        {fmt_duration(seg.clock.elapsed_ms(now.get()))}
                        {(!seg.playoff).then(|| s.minutes_per_table.map(|mm| format!(" / {mm}:00"))).flatten()}
                    </span>
                    {if locked.get() {
                        ().into_any()
                    } else {
                        crate::ui::clock::clock_button(
                            ["clock-start", "clock-pause", "clock-resume"],
                            seg.clock.started,
                            running,
                            move |action| act(
                                m,
                                Op::Clock {
                                    action,
                                    elapsed_ms: elapsed_now(),
                                },
                            ),
                        )
                    }}
                    <p class="muted seating" id="seating">
                        {tr(l, "ddz.seating")}
                        ": "
                        {seats}
                    </p>
                }
            }}
            <Show when=time_up_banner>
                <div class="banner warn" role="alert" id="time-up">
                    {move || {
                        let l = lang.get();
                        if session.with(|s| s.at_last_table()) {
                            tr(l, "ddz.time_up_last")
                        } else {
                            tr(l, "ddz.time_up")
                        }
                    }}
                </div>
            </Show>
            <crate::ui::clock::JumpNotice />
            <Show when=move || {
                !locked.get()
            }>
                {move || {
                    let s = session.get();
                    let l = lang.get();
                    let move_on = s.next_sitting();
                    if move_on == Some(NextSitting::Table) {
                        let next = s.segments.len() + 1;
                        view! {
                            <button
                                class="btn"
                                class:primary=move || time_up.get()
                                id="next-table"
                                on:click=move |_| {
                                    if window()
                                        .confirm_with_message(
                                            &tr(lang.get_untracked(), "ddz.confirm_next")
                                                .replace("{k}", &next.to_string()),
                                        )
                                        .unwrap_or(false)
                                    {
                                        act(
                                            m,
                                            Op::NextGame {
                                                start: Default::default(),
                                            },
                                        );
                                    }
                                }
                            >
                                {tr(l, "ddz.next_table").replace("{k}", &next.to_string())}
                            </button>
                        }
                            .into_any()
                    } else if move_on == Some(NextSitting::Playoff) {
                        view! {
                            <button
                                class="btn primary"
                                id="start-playoff"
                                on:click=move |_| act(
                                    m,
                                    Op::NextGame {
                                        start: Default::default(),
                                    },
                                )
                            >
                                {tr(l, "ddz.start_playoff")}
                            </button>
                        }
                            .into_any()
                    } else {
                        ().into_any()
                    }
                }}
            </Show>
        </div>
    }
}

/// The ranking ([`SessionView::final_standings`]: a tie at the cut in the order a decided
/// play-off gave it, session totals shown) with the play-off flag and who goes through.
pub(crate) fn ranking_view(
    session: Signal<SessionView>,
    names: Signal<Vec<String>>,
    now: Signal<f64>,
) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        {move || {
            let s = session.get();
            let nm = names.get();
            let l = lang.get();
            let finished = s.finished(now.get());
            view! {
                <h2>{if finished { tr(l, "ddz.final_ranking") } else { tr(l, "ddz.ranking") }}</h2>
                <ol class="ddz-ranking" id="ranking">
                    {s
                        .final_standings()
                        .iter()
                        .map(|st| {
                            view! {
                                <li data-player=st.player.to_string() data-place=st.place.to_string()>
                                    <span class="place">{st.place}</span>
                                    <span class="name">{name_of(&nm, st.player)}</span>
                                    <span class="total">{signed(st.total)}</span>
                                    {s
                                        .out
                                        .iter()
                                        .find(|(p, _)| *p == st.player)
                                        .map(|(_, k)| {
                                            let text = match k {
                                                OutKind::GameLost => tr(l, "ruling.out_lost"),
                                                OutKind::Disqualified => tr(l, "ruling.out_disqualified"),
                                            };
                                            view! { <span class="out-flag">" · "{text}</span> }
                                        })}
                                    {(s.playoff_hands > 0 && s.ranking.playoff_players.contains(&st.player))
                                        .then(|| {
                                            format!(
                                                " · {} {}",
                                                tr(l, "ddz.playoff"),
                                                signed(s.playoff_totals[st.player]),
                                            )
                                        })}
                                </li>
                            }
                        })
                        .collect_view()}
                </ol>
                {s
                    .out
                    .first()
                    .map(|(p, _)| {
                        view! {
                            <div class="banner warn" id="session-over" role="status">
                                {tr(l, "ruling.session_over").replace("{who}", &name_of(&nm, *p))}
                            </div>
                        }
                    })}
                {(s.ranking.playoff && (!s.playoff_needed || tie_flag(&s, now.get())))
                    .then(|| {
                        let who = s
                            .ranking
                            .playoff_players
                            .iter()
                            .map(|&p| name_of(&nm, p))
                            .collect::<Vec<_>>()
                            .join(", ");
                        let total = s.ranking.playoff_players.first().map(|&p| s.totals[p]).unwrap_or(0);
                        if s.playoff_needed {
                            view! {
                                <div class="banner warn" id="playoff-flag" role="status">
                                    {tr(l, "ddz.playoff_needed")
                                        .replace("{who}", &who)
                                        .replace("{total}", &signed(total))}
                                </div>
                            }
                                .into_any()
                        } else {
                            view! {
                                <div class="banner info" id="playoff-flag">
                                    {tr(l, "ddz.playoff_decided").replace("{who}", &who)}
                                </div>
                            }
                                .into_any()
                        }
                    })}
                {(finished && !s.advancing.is_empty())
                    .then(|| {
                        view! {
                            <div class="banner ok" id="goes-through">
                                {tr(l, "ddz.goes_through")}
                                ": "
                                {s.advancing.iter().map(|&p| name_of(&nm, p)).collect::<Vec<_>>().join(", ")}
                            </div>
                        }
                    })}
            }
        }}
    }
}
