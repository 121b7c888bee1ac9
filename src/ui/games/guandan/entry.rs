//! 掼蛋 hand entry: the finishing order, fouls and forfeits.

use super::*;

/// The four seats as they sit at the table (N top, play runs counter-clockwise N → W → S →
/// E); tapping them in finishing order fills 头游 … 末游.
#[component]
pub(super) fn HandEntry(form: Form, players: Signal<BTreeMap<Seat, String>>) -> impl IntoView {
    let seat_btn = move |s: Seat| {
        view! {
            <button
                class=format!("btn gd-seat gd-seat-{s:?}")
                id=format!("gd-seat-{s:?}")
                data-seat=format!("{s:?}")
                class:selected=move || form.order.get().contains(&s)
                on:click=move |_| {
                    form.tap(s);
                    form.error.set(None);
                }
            >
                <span class="gd-seat-name">{move || format!("{} ({})", seat(s), side(s.team()))}</span>
                <span class="gd-seat-player muted">
                    {move || players.get().get(&s).map(|p| crate::bidi::isolated(p)).unwrap_or_default()}
                </span>
                <span class="gd-place">
                    {move || {
                        form.order
                            .get()
                            .iter()
                            .position(|x| *x == s)
                            .map(|i| place(i as u8 + 1).to_string())
                            .unwrap_or_default()
                    }}
                </span>
            </button>
        }
    };
    view! {
        <div
            class="entry gd-entry"
            id="gd-entry"
            on:click=form.intent.watch()
            on:input=form.intent.watch()
            on:change=form.intent.watch()
        >
            <h2>{move || if form.editing.get().is_some() { t("entry.editing") } else { t("gd.entry.title") }}</h2>
            <div class="gd-table" id="gd-table">
                <div class="gd-cell n">{seat_btn(Seat::N)}</div>
                <div class="gd-cell w">{seat_btn(Seat::W)}</div>
                <div class="gd-cell c">
                    <span class="gd-order" id="gd-order">
                        {move || {
                            let o = form.order.get();
                            if o.is_empty() {
                                "—".to_string()
                            } else {
                                o.iter().map(|s| seat(*s)).collect::<Vec<_>>().join(" › ")
                            }
                        }}
                    </span>
                    <button class="btn link" id="gd-clear-order" on:click=move |_| form.order.set(Vec::new())>
                        {tx("gd.entry.clear")}
                    </button>
                </div>
                <div class="gd-cell e">{seat_btn(Seat::E)}</div>
                <div class="gd-cell s">{seat_btn(Seat::S)}</div>
            </div>
        </div>
    }
}

#[component]
pub(super) fn FoulEditor(
    form: Form,
    preset: Signal<GuandanPreset>,
    /// The teams' names (a team without one is named by its seats).
    teams: Signal<BTreeMap<Team, String>>,
    /// Warnings per team given on the ruling panel during this hand, scored with it
    /// ([`crate::record::games::guandan::Round::pending_warnings`]); zero when correcting an
    /// earlier hand.
    pending: Signal<PerTeam<u32>>,
) -> impl IntoView {
    let add = move |kind: FoulKind| {
        let s = form.foul_seat.get_untracked();
        form.fouls.update(|f| f.push(Foul { team: s.team(), kind, seat: Some(s), note: None }));
    };
    view! {
        <div class="gd-fouls" id="gd-fouls">
            <h3>{tx("gd.fouls")}</h3>
            <p class="muted">
                {move || {
                    let p = preset.get();
                    format!(
                        "{}: {} · {}",
                        t("gd.foul.out_of_turn"),
                        if p.fouls.out_of_turn_levels > 0 {
                            format!(
                                "{} +{} ({})",
                                t("gd.ps.opponents"),
                                p.fouls.out_of_turn_levels,
                                t("gd.ps.own_not_lowered"),
                            )
                        } else {
                            t("gd.exp.no_level_effect").to_string()
                        },
                        p
                            .fouls
                            .warnings_per_foul
                            .map(|k| format!("{k} {} = 1 {}", t("gd.foul.warning"), t("gd.ps.foul_unit")))
                            .unwrap_or_else(|| t("gd.ps.warnings_none").to_string()),
                    )
                }}
            </p>
            {move || {
                let p = pending.get();
                Team::BOTH
                    .into_iter()
                    .filter(|&tm| p[tm] > 0)
                    .map(|tm| {
                        view! {
                            <p class="banner info gd-ruled-warnings" data-team=format!("{tm:?}")>
                                {t("gd.foul.ruled_pending")
                                    .replace("{team}", &teams.with(|x| team_label(x, tm)))
                                    .replace("{n}", &p[tm].to_string())}
                            </p>
                        }
                    })
                    .collect_view()
            }}
            <div class="chips">
                {SEATS
                    .into_iter()
                    .map(|s| {
                        view! {
                            <button
                                class="btn chip"
                                data-foul-seat=format!("{s:?}")
                                class:selected=move || form.foul_seat.get() == s
                                on:click=move |_| form.foul_seat.set(s)
                            >
                                {move || seat(s)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <div class="chips">
                {[
                    (FoulKind::OutOfTurn, "out_of_turn"),
                    (FoulKind::Warning, "warning"),
                    (FoulKind::ExposedCard, "exposed_card"),
                    (FoulKind::Other, "other"),
                ]
                    .into_iter()
                    .map(|(k, code)| {
                        view! {
                            <button class="btn chip" data-foul-kind=code on:click=move |_| add(k)>
                                {move || format!("+ {}", foul_kind_name(k))}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <ul class="gd-foul-list">
                {move || {
                    form.fouls
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, f)| {
                            view! {
                                <li class="penalty">
                                    <span>
                                        {format!(
                                            "{} ({}) · {}",
                                            f.seat.map(seat).unwrap_or("—"),
                                            side(f.team),
                                            foul_kind_name(f.kind),
                                        )}
                                    </span>
                                    <button
                                        class="btn danger"
                                        on:click=move |_| {
                                            form.fouls
                                                .update(|x| {
                                                    if i < x.len() {
                                                        x.remove(i);
                                                    }
                                                })
                                        }
                                    >
                                        "✕"
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </div>
    }
}

/// Forfeit / late arrival: the other team wins the game or round (per-deal presets: the
/// forfeit score).
#[component]
pub(super) fn ForfeitBox(
    m: Memo<Option<Arc<Match>>>,
    preset: Signal<GuandanPreset>,
    teams: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    let team = RwSignal::new(Team::B);
    let reason = RwSignal::new(ForfeitReason::Late);
    let minutes = RwSignal::new(10u32);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let record = move |_| {
        let Some(x) = m.get_untracked() else { return };
        let tm = team.get_untracked();
        let r = reason.get_untracked();
        let f =
            Forfeit { team: tm, reason: r, minutes_late: (r == ForfeitReason::Late).then(|| minutes.get_untracked()) };
        let order = match tm {
            Team::B => [Seat::N, Seat::S, Seat::E, Seat::W],
            Team::A => [Seat::E, Seat::W, Seat::N, Seat::S],
        };
        let Ok(order) = FinishOrder::new(order) else { return };
        let msg = format!("{}: {} {}?", t("gd.ff.title"), team_label(&teams.get_untracked(), tm), t("gd.forfeits"));
        if !window().confirm_with_message(&msg).unwrap_or(false) {
            return;
        }
        let hand = Hand { order, fouls: Vec::new(), tribute: None, forfeit: Some(f) };
        match commit(&x, Op::Hand { hand: HandInput::Guandan(hand) }) {
            Ok(()) => error.set(None),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <details class="gd-forfeit" id="gd-forfeit">
            <summary>{tx("gd.ff.title")}</summary>
            <div class="chips">
                {Team::BOTH
                    .into_iter()
                    .map(|tm| {
                        view! {
                            <button
                                class="btn chip"
                                data-forfeit-team=format!("{tm:?}")
                                class:selected=move || team.get() == tm
                                on:click=move |_| team.set(tm)
                            >
                                {move || team_label(&teams.get(), tm)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <div class="chips">
                {[ForfeitReason::Late, ForfeitReason::Absent, ForfeitReason::Withdrew, ForfeitReason::Other]
                    .into_iter()
                    .map(|r| {
                        view! {
                            <button
                                class="btn chip"
                                data-forfeit-reason=format!("{r:?}")
                                class:selected=move || reason.get() == r
                                on:click=move |_| reason.set(r)
                            >
                                {move || forfeit_reason_name(r)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <Show when=move || reason.get() == ForfeitReason::Late>
                <div class="row">
                    <button class="btn step" on:click=move |_| minutes.update(|x| *x = x.saturating_sub(5))>
                        "−5"
                    </button>
                    <button class="btn step" on:click=move |_| minutes.update(|x| *x = x.saturating_sub(1))>
                        "−1"
                    </button>
                    <span class="gd-minutes" id="gd-ff-minutes">
                        {move || format!("{} {}", minutes.get(), t("gd.min"))}
                    </span>
                    <button class="btn step" on:click=move |_| minutes.update(|x| *x = (*x + 1).min(600))>
                        "+1"
                    </button>
                    <button class="btn step" on:click=move |_| minutes.update(|x| *x = (*x + 5).min(600))>
                        "+5"
                    </button>
                </div>
            </Show>
            <p class="muted">
                {move || {
                    let p = preset.get();
                    let mut s = format!(
                        "{} → {} {}",
                        team_label(&teams.get(), team.get()),
                        team_label(&teams.get(), team.get().other()),
                        t("gd.wins"),
                    );
                    if let (Some(_), Some([a, b])) = (p.deal_points, p.format.forfeit_score) {
                        s.push_str(&format!(" ({a}:{b})"));
                    }
                    if let Some(n) = p.format.late_forfeit_minutes {
                        s.push_str(&format!(" · {} ≥ {n} {}", t("gd.ff.late"), t("gd.min")));
                    }
                    if p.round_scoring.is_some() {
                        s.push_str(&format!(" · {}", t("gd.ff.round_reading")));
                    }
                    s
                }}
            </p>
            {move || {
                let p = preset.get();
                let short = reason.get() == ForfeitReason::Late
                    && p.format.late_forfeit_minutes.is_some_and(|n| minutes.get() < n);
                short.then(|| view! { <p class="field-error">{t("gd.ff.too_early")}</p> })
            }}
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="field-error" role="alert">
                                {e}
                            </p>
                        }
                    })
            }}
            <button class="btn danger" id="gd-ff-commit" on:click=record>
                {tx("gd.ff.record")}
            </button>
        </details>
    }
}
