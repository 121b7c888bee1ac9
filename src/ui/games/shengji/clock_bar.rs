//! 升级 clock bar: the match clock, the time verdict, the bury/play countdowns and overruns.

use super::*;
use crate::record::games::shengji::TimeUp;

#[component]
pub(super) fn ClockBar(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<Arc<ShengjiView>>,
    preset: Signal<Preset>,
    now: Signal<f64>,
    teams: Signal<BTreeMap<Team, String>>,
    /// Per-action countdown: (action, started at ms). Shared with the declaring editor,
    /// whose re-bury restarts the bury clock.
    countdown: RwSignal<Option<(TimedAction, f64)>>,
) -> impl IntoView {
    let cd_scope = StoredValue::new(crate::ui::clock::countdown_scope(
        &m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default()),
    ));
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    // The start time of the countdown that already buzzed (one buzz per overrun).
    let buzzed: RwSignal<Option<f64>> = RwSignal::new(None);
    let overrun_seat = RwSignal::new(Seat::N);
    let limit_of = move |a: TimedAction| -> Option<u32> {
        let p = preset.get();
        match a {
            TimedAction::Bury => p.timing.bury_seconds,
            TimedAction::Play => p.timing.play_seconds,
        }
    };
    // Counted on the monotonic clock from its start (kept for a reload: crate::ui::clock).
    let remaining = move || {
        now.track();
        countdown.get().and_then(|(a, s)| {
            limit_of(a).map(|l| l as f64 - cd_scope.with_value(|c| crate::ui::clock::since(c, s)) / 1000.0)
        })
    };
    Effect::new(move |_| {
        if let Some((_, start)) = countdown.get() {
            if remaining().is_some_and(|r| r < 0.0) && buzzed.get_untracked() != Some(start) {
                buzzed.set(Some(start));
                crate::ui::widgets::alarm(400);
            }
        }
    });
    let clock_state = Memo::new(move |_| {
        v.with(|v| {
            let c = &v.current().clock;
            (c.started, c.running_since.is_some())
        })
    });
    let elapsed_now = move || Some(v.with_untracked(|v| v.current().clock.elapsed_ms(now.get_untracked())));
    // Where the game stands at its time limit: the hand in progress to finish, one more
    // hand on equal levels, or the verdict due now (RULES.md §1 "Leading team").
    let stage = move || {
        let at = now.get();
        preset.with(|p| v.with(|v| v.current().time_up(&p.timing, at)))
    };
    let time_up = move || stage().is_some();
    // The button that records the time verdict for team `w`, with the clock's time.
    let verdict_button = move |w: Team| {
        view! {
            <button
                class="btn primary"
                id="time-verdict"
                on:click=move |_| {
                    act(Op::TimeVerdict {
                        winner: w,
                        elapsed_ms: elapsed_now(),
                    });
                }
            >
                {move || crate::ui::clock::verdict_label(v.with(|v| v.current().clock.elapsed_ms(now.get())))}
            </button>
        }
    };
    // The match limit reached: sound and vibration once (as the settings say).
    Effect::new(move |prev: Option<bool>| {
        let up = time_up();
        if up && prev == Some(false) {
            crate::ui::widgets::alarm(800);
        }
        up
    });
    view! {
        <div class="clockbar">
            <span class="clock" id="match-clock">
                {move || {
                    let elapsed = v.with(|v| v.current().clock.elapsed_ms(now.get()));
                    let limit = preset.with(|p| p.timing.match_minutes);
                    format!("{}{}", fmt_duration(elapsed), limit.map(|l| format!(" / {l}:00")).unwrap_or_default())
                }}
            </span>
            // The buttons change with the clock's state only (not on every tick or commit).
            {move || {
                let (started, running) = clock_state.get();
                crate::ui::clock::clock_button(
                    ["clock-start", "clock-pause", "clock-resume"],
                    started,
                    running,
                    move |action| act(Op::Clock {
                        action,
                        elapsed_ms: elapsed_now(),
                    }),
                )
            }}
            <Show when=time_up>
                <div class="banner warn" role="alert" id="time-up">
                    // The higher level wins; equal levels as the preset says (RULES.md §1
                    // [r2]: 青浦 plays one more hand, never the declarer by default).
                    {move || match stage() {
                        None => ().into_any(),
                        Some(TimeUp::VerdictDue(w)) => {
                            view! {
                                <p id="verdict-due">
                                    {t("clock.verdict_due").replace("{team}", &team_label(&teams.get(), w))}
                                </p>
                                {verdict_button(w)}
                            }
                                .into_any()
                        }
                        Some(TimeUp::FinishHand { leading: TimeVerdict::Winner(w) }) => {
                            view! {
                                <p>
                                    // A team match (RULES.md §1.4 [r2]): the verdict gives
                                    // the game in progress to the leader at once and ends it.
                                    {format!(
                                        "{} {}: {}",
                                        t("clock.time_up"),
                                        if preset.with(|p| p.team_match.is_some()) {
                                            t("clock.rule_team")
                                        } else {
                                            t("clock.rule")
                                        },
                                        team_label(&teams.get(), w),
                                    )}
                                </p>
                                {verdict_button(w)}
                            }
                                .into_any()
                        }
                        Some(TimeUp::FinishHand { leading: TimeVerdict::OneMoreHand }) => {
                            view! {
                                <p id="finish-then-tie">
                                    {format!("{} {}", t("clock.time_up"), t("clock.rule_tie_one_more"))}
                                </p>
                            }
                                .into_any()
                        }
                        Some(TimeUp::OneMoreHand) => {
                            view! {
                                <p id="one-more-hand">
                                    {format!("{} {}", t("clock.time_up"), t("clock.one_more_hand"))}
                                </p>
                            }
                                .into_any()
                        }
                    }}
                </div>
            </Show>
            <crate::ui::clock::JumpNotice />
            <div class="timers">
                {[TimedAction::Bury, TimedAction::Play]
                    .into_iter()
                    .map(|a| {
                        let label = if a == TimedAction::Bury { "timer.bury" } else { "timer.play" };
                        // Only the preset's own limits (RULES.md §1 specials: 002 bury ≤ 60 s,
                        // play ≤ 15 s); a preset without one has no button for it.
                        view! {
                            <Show when=move || limit_of(a).is_some()>
                                <button class="btn" on:click=move |_| countdown.set(Some((a, now_ms())))>
                                    {move || { format!("{} {}s", t(label), limit_of(a).unwrap_or_default()) }}
                                </button>
                            </Show>
                        }
                    })
                    .collect_view()}
            </div>
            {move || {
                remaining()
                    .map(|r| {
                        let limit = countdown.get_untracked().and_then(|(a, _)| limit_of(a)).unwrap_or(0);
                        crate::ui::clock::countdown_box(
                            ["countdown", "log-overrun"],
                            r,
                            limit,
                            overrun_seat,
                            move |seat, seconds| {
                                if let Some((action, _)) = countdown.get_untracked() {
                                    act(Op::Overrun {
                                        seat,
                                        action,
                                        seconds,
                                    });
                                }
                            },
                            move || countdown.set(None),
                        )
                    })
            }}
        </div>
    }
}
