//! 掼蛋 scoreboard (levels, A attempts), round clock with per-play timers and the time-up verdict, and what the next hand is.

use super::*;

#[component]
pub(super) fn Scoreboard(
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    players: Signal<BTreeMap<Seat, String>>,
    now: Signal<f64>,
) -> impl IntoView {
    view! {
        <div class="scoreboard gd-scoreboard" id="gd-scoreboard">
            {move || {
                let view = v.get();
                let p = preset.get();
                let r = view.current().clone();
                let tm = teams.get();
                let pl = players.get();
                let levels_move = p.upgrade.is_some();
                Team::BOTH
                    .into_iter()
                    .map(|team| {
                        let playing = r.state.declarer == Some(team) && !r.done() && p.fixed_level.is_none();
                        let seats = match team {
                            Team::A => [Seat::N, Seat::S],
                            Team::B => [Seat::E, Seat::W],
                        };
                        let names = seats
                            .iter()
                            .map(|s| {
                                format!(
                                    "{}{}",
                                    seat(*s),
                                    pl.get(s).map(|n| format!(" {}", crate::bidi::isolate(n))).unwrap_or_default(),
                                )
                            })
                            .collect::<Vec<_>>()
                            .join(" · ");
                        let level = r.state.levels[team];
                        let failures = r.state.a_failures[team];
                        let at_a = levels_move && level == Rank::ACE && r.winner.is_none();
                        view! {
                            <div class=format!(
                                "team {}{}",
                                if team == Team::A { "team-a" } else { "team-b" },
                                if playing { " declarer" } else { "" },
                            )>
                                <div class="team-name">
                                    {team_label(&tm, team)}
                                    {playing.then(|| view! { <span class="badge">{t("gd.sb.playing")}</span> })}
                                    {(r.winner == Some(team))
                                        .then(|| view! { <span class="badge gd-win">{t("gd.wins")}</span> })}
                                </div>
                                <div class="level" id=format!("gd-level-{team:?}")>
                                    {if levels_move || p.fixed_level.is_none() {
                                        level.name().to_string()
                                    } else {
                                        view.points_total.map(|x| x[team].to_string()).unwrap_or_default()
                                    }}
                                    {at_a
                                        .then(|| {
                                            view! {
                                                <sup class="gd-a-count" id=format!("gd-a-count-{team:?}")>
                                                    {a_attempt_no(failures)}
                                                </sup>
                                            }
                                        })}
                                </div>
                                {at_a
                                    .then(|| {
                                        view! {
                                            <div class="gd-a-line">
                                                {format!(
                                                    "{} {} · {} {failures} · {}",
                                                    t("gd.a.attempt"),
                                                    failures + 1,
                                                    t("gd.a.failures"),
                                                    a_rule_text(&p),
                                                )}
                                            </div>
                                        }
                                    })}
                                <div class="players muted">{names}</div>
                                <div class="series muted">
                                    {
                                        let points = view
                                            .points_total
                                            .map(|x| {
                                                format!(
                                                    "{} {} · {} {}",
                                                    t("gd.sb.points"),
                                                    x[team],
                                                    t("gd.finish.double"),
                                                    view.double_wins[team],
                                                )
                                            });
                                        let rounds = view
                                            .round_score_total
                                            .map(|x| format!("{} {}", t("gd.sb.round_score"), x[team]));
                                        let won = (view.rounds.len() > 1 || p.format.best_of.is_some())
                                            .then(|| format!("{} {}", t("sb.games_won"), view.rounds_won[team]));
                                        [points, rounds, won].into_iter().flatten().collect::<Vec<_>>().join(" · ")
                                    }
                                </div>
                            </div>
                        }
                    })
                    .collect_view()
            }}
            <div class="meta muted" id="gd-meta">
                {move || {
                    let view = v.get();
                    let p = preset.get();
                    let r = view.current();
                    let shown = if r.done() { r.hands.max(1) } else { r.hands + 1 };
                    let hand_no = match r.hands_per_round {
                        Some(n) => format!("{} {}/{n}", t("sb.hand"), shown.min(n)),
                        None => format!("{} {shown}", t("sb.hand")),
                    };
                    format!(
                        "{}{} · {} {} · {} {}",
                        if view.rounds.len() > 1 || p.format.best_of.is_some() || p.format.rounds.is_some() {
                            format!("{} {} · ", t("gd.round"), view.rounds.len())
                        } else {
                            String::new()
                        },
                        hand_no,
                        t("gd.plays"),
                        r.next_level(&p).map(|l| l.name()).unwrap_or("—"),
                        t("sb.elapsed"),
                        fmt_duration(r.clock.elapsed_ms(now.get())),
                    )
                }}
            </div>
        </div>
    }
}

#[component]
pub(super) fn ClockBar(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    now: Signal<f64>,
) -> impl IntoView {
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    // Per-play countdown: (limit seconds, started at ms), counted on the monotonic clock and
    // kept for a reload or a way back (crate::ui::clock).
    let mid = m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default());
    let countdown: RwSignal<Option<(u32, f64)>> =
        crate::ui::clock::countdown_signal(&mid, |w| w.parse().ok(), |l: &u32| l.to_string());
    let cd_scope = StoredValue::new(crate::ui::clock::countdown_scope(&mid));
    let buzzed = RwSignal::new(false);
    let overrun_seat = RwSignal::new(Seat::N);
    let remaining = move || {
        now.track();
        countdown.get().map(|(l, s)| l as f64 - cd_scope.with_value(|c| crate::ui::clock::since(c, s)) / 1000.0)
    };
    Effect::new(move |_| {
        if remaining().is_some_and(|r| r < 0.0) && !buzzed.get_untracked() {
            buzzed.set(true);
            crate::ui::widgets::alarm(400);
        }
    });
    let elapsed_now = move || Some(v.with_untracked(|v| v.current().clock.elapsed_ms(now.get_untracked())));
    // What a verdict rests on, shown on its button.
    let rests_on = move || crate::ui::clock::rests_on(v.with(|v| v.current().clock.elapsed_ms(now.get())));
    let time_up = move || {
        let view = v.get();
        let r = view.current();
        preset
            .get()
            .format
            .time_limit_minutes()
            .is_some_and(|mins| !r.done() && r.clock.elapsed_ms(now.get()) >= mins as f64 * 60_000.0)
    };
    let time_buzzed = RwSignal::new(false);
    Effect::new(move |_| {
        if time_up() && !time_buzzed.get_untracked() {
            time_buzzed.set(true);
            crate::ui::widgets::alarm(800);
        }
    });
    // The team ahead when time runs out: round scores, else points, else the engine's
    // verdict on the levels (equal levels decided by the preset's `time_tie`; none before
    // the first hand, when the referee picks).
    let leader = move || -> Option<Team> {
        let view = v.get();
        let r = view.current();
        let Some(by) = r.state.round_scores.or(r.state.points) else {
            return preset.with(|p| crate::rules::guandan::time_up(p, &r.state).ok().and_then(|s| s.winner));
        };
        match by.a.cmp(&by.b) {
            std::cmp::Ordering::Greater => Some(Team::A),
            std::cmp::Ordering::Less => Some(Team::B),
            std::cmp::Ordering::Equal => None,
        }
    };
    view! {
        <div class="clockbar gd-clockbar">
            {move || {
                let view = v.get();
                let r = view.current();
                let running = r.clock.running_since.is_some();
                let limit = preset.get().format.time_limit_minutes();
                let done = r.done();
                view! {
                    <span class="clock" id="gd-clock">
                        {fmt_duration(r.clock.elapsed_ms(now.get()))}
                        {limit.map(|l| format!(" / {l}:00"))}
                    </span>
                    {if done {
                        view! { <span></span> }.into_any()
                    } else {
                        crate::ui::clock::clock_button(
                            ["gd-clock-start", "gd-clock-pause", "gd-clock-resume"],
                            r.clock.started,
                            running,
                            move |action| act(Op::Clock {
                                action,
                                elapsed_ms: elapsed_now(),
                            }),
                        )
                    }}
                }
            }} <Show when=time_up>
                <div class="banner warn" role="alert" id="gd-time-up">
                    <p>
                        <strong>{tx("clock.time_up")}</strong>
                        " "
                        {move || {
                            let f = preset.get().format;
                            match f.time_up {
                                Some(TimeUp::FinishHand) => t("gd.time.finish_hand").to_string(),
                                Some(TimeUp::PreviousHandStands) => t("gd.time.prev_stands").to_string(),
                                None => {
                                    format!(
                                        "{}; {}: {}",
                                        t("gd.time.higher_wins"),
                                        t("pf.format.time_tie"),
                                        t(
                                            match f.time_tie {
                                                crate::rules::TimeTie::Declarer => "choice.format.time_tie.declarer",
                                                crate::rules::TimeTie::NotDeclarer => {
                                                    "choice.format.time_tie.not_declarer"
                                                }
                                                crate::rules::TimeTie::OneMoreHand => {
                                                    "choice.format.time_tie.one_more_hand"
                                                }
                                            },
                                        ),
                                    )
                                }
                            }
                        }}
                    </p>
                    <p class="muted">{tx("gd.time.enter_first")}</p>
                    {move || {
                        let tm = teams.get();
                        let rs = preset.get().round_scoring.is_some();
                        match leader() {
                            Some(w) => {
                                view! {
                                    <button
                                        class="btn primary"
                                        id="gd-time-verdict"
                                        on:click=move |_| act(Op::TimeVerdict {
                                            winner: w,
                                            elapsed_ms: elapsed_now(),
                                        })
                                    >
                                        {format!(
                                            "{}{}",
                                            t("gd.time.record"),
                                            if rs {
                                                String::new()
                                            } else {
                                                format!(": {} {}", team_label(&tm, w), t("gd.wins"))
                                            },
                                        )}
                                        {rests_on}
                                    </button>
                                }
                                    .into_any()
                            }
                            None => {
                                Team::BOTH
                                    .into_iter()
                                    .map(|w| {
                                        view! {
                                            <button
                                                class="btn"
                                                data-team=format!("{w:?}")
                                                on:click=move |_| act(Op::TimeVerdict {
                                                    winner: w,
                                                    elapsed_ms: elapsed_now(),
                                                })
                                            >
                                                {format!(
                                                    "{}: {} {}",
                                                    t("gd.time.record"),
                                                    team_label(&tm, w),
                                                    t("gd.time.tie_pick"),
                                                )}
                                                {rests_on}
                                            </button>
                                        }
                                    })
                                    .collect_view()
                                    .into_any()
                            }
                        }
                    }}
                </div>
            </Show> <crate::ui::clock::JumpNotice />
            <div class="timers">
                {move || {
                    if v.get().current().done() {
                        return None;
                    }
                    let tm = preset.get().timing;
                    Some(
                        [(tm.first_play_seconds, "gd.timer.first"), (tm.play_seconds, "gd.timer.play")]
                            .into_iter()
                            .filter_map(|(s, key)| s.map(|s| (s, key)))
                            .map(|(s, key)| {
                                view! {
                                    <button
                                        class="btn"
                                        data-timer=s.to_string()
                                        on:click=move |_| {
                                            countdown.set(Some((s, now_ms())));
                                            buzzed.set(false);
                                        }
                                    >
                                        {format!(
                                            "{} {s}s",
                                            match key {
                                                "gd.timer.first" => t("gd.timer.first"),
                                                _ => t("gd.timer.play"),
                                            },
                                        )}
                                    </button>
                                }
                            })
                            .collect_view(),
                    )
                }}
            </div>
            {move || {
                remaining()
                    .map(|r| {
                        let limit = countdown.get_untracked().map(|(l, _)| l).unwrap_or(0);
                        crate::ui::clock::countdown_box(
                            ["gd-countdown", "gd-log-overrun"],
                            r,
                            limit,
                            overrun_seat,
                            move |seat, seconds| act(Op::Overrun {
                                seat,
                                action: TimedAction::Play,
                                seconds,
                            }),
                            move || countdown.set(None),
                        )
                    })
            }}
        </div>
    }
}

/// What the hand the form is about is — the next one, or the hand being edited (`editing`,
/// its entry id): its number, level played, tribute due and who leads.
#[component]
pub(super) fn NextInfo(
    v: Signal<GuandanView>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
    #[prop(into)] editing: Signal<Option<String>>,
) -> impl IntoView {
    view! {
        <div class="gd-next" id="gd-next">
            {move || {
                let view = v.get();
                let p = preset.get();
                let r = view.form_hand(&p, editing.get().as_deref());
                let tm = teams.get();
                let level = r.level;
                let whose = r
                    .before
                    .declarer
                    .filter(|_| p.fixed_level.is_none())
                    .map(|d| format!(" ({})", team_label(&tm, d)))
                    .unwrap_or_default();
                let due = r.due.clone();
                let at_a = crate::rules::guandan::next_attempt_at_a(&p, &r.before)
                    .map(|(d, attempt)| {
                        format!(
                            "{} A{} · {} {attempt} · {}",
                            team_label(&tm, d),
                            a_attempt_no(attempt - 1),
                            t("gd.a.attempt"),
                            a_rule_text(&p),
                        )
                    });
                view! {
                    <p>
                        <strong>
                            {format!(
                                "{} {}: {} {}{whose}",
                                t("sb.hand"),
                                r.number,
                                t("gd.plays"),
                                level.map(|l| l.name()).unwrap_or("—"),
                            )}
                        </strong>
                    </p>
                    {at_a
                        .map(|s| {
                            view! {
                                <p class="gd-a-line" id="gd-next-a">
                                    {s}
                                </p>
                            }
                        })}
                    <p id="gd-due">
                        {match &due {
                            Some(d) => due_text(d, &p),
                            None if r.number <= 1 => t("gd.trib.none_first").to_string(),
                            None => t("gd.terr.none_due").to_string(),
                        }}
                    </p>
                }
            }}
        </div>
    }
}
