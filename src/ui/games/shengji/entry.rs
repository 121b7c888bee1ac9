//! 升级 hand entry: points, kitty, jack, penalties, declaring and the card check.

use super::*;
use crate::ui::widgets::SuitChips;

#[component]
pub(super) fn HandEntry(
    form: Form,
    preset: Signal<Preset>,
    v: Signal<Arc<ShengjiView>>,
    players: Signal<BTreeMap<Seat, String>>,
    /// The teams' names (a team without one is named by its side).
    teams: Signal<BTreeMap<Team, String>>,
    countdown: RwSignal<Option<(TimedAction, f64)>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let _ = players;
    let jack_applies = move || {
        let p = preset.get();
        let view = v.get();
        let g = view.current();
        p.jack.as_ref().is_some_and(|j| g.state.level(g.state.declarer) == j.at) && form.kitty_on.get()
    };
    let counts: RwSignal<[i32; 5]> = RwSignal::new([0, 0, 0, 0, 8]);
    // The card check needs the declarer only (not every commit).
    let declarer = Memo::new(move |_| v.with(|v| v.current().state.declarer));
    view! {
        <div
            class="entry"
            id="hand-entry"
            on:click=form.intent.watch()
            on:input=form.intent.watch()
            on:change=form.intent.watch()
        >
            <h2>{move || if form.editing.get().is_some() { t("entry.editing") } else { t("entry.title") }}</h2>
            <PointsAndKitty
                ids=["points", "kitty-on", "kitty-points"]
                points=form.points
                kitty_on=form.kitty_on
                kitty_points=form.kitty_points
                unit=form.unit
                preset=preset
            >
                <Show when=jack_applies>
                    <label class="field-label">{tx("entry.jack")}</label>
                    <div class="chips">
                        {[None, Some(JackSuit::Trump), Some(JackSuit::Offsuit)]
                            .into_iter()
                            .map(|j| {
                                view! {
                                    <button
                                        class="btn chip"
                                        class:selected=move || form.jack.get() == j
                                        on:click=move |_| form.jack.set(j)
                                    >
                                        {move || match j {
                                            None => t("jack.none"),
                                            Some(JackSuit::Trump) => t("jack.trump"),
                                            Some(JackSuit::Offsuit) => t("jack.offsuit"),
                                        }}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                </Show>
            </PointsAndKitty>
            <PenaltyEditor
                penalties=form.penalties
                preset=preset
                new_team=move || v.with_untracked(|v| v.current().state.declarer)
                team_name=move |l, tm| crate::i18n::team_side(l, tm).to_string()
                seats=Seat::CCW
                per_unit_key="pen.cards"
            />
            // Points given on the ruling panel during this hand (RULES.md §0 [r2], 002 §一5) are
            // scored with it: said here so that they are not entered again; none while an
            // earlier hand is corrected.
            {move || {
                if form.editing.get().is_some() {
                    return Vec::new();
                }
                let l = lang.get();
                v.with(|v| v.current().pending_points())
                    .into_iter()
                    .map(|(tm, n)| {
                        view! {
                            <p class="banner info sj-ruled-points" data-team=format!("{tm:?}")>
                                {t("sj.ruled_pending")
                                    .replace(
                                        "{team}",
                                        &teams
                                            .with(|x| {
                                                x.get(&tm)
                                                    .filter(|n| !n.trim().is_empty())
                                                    .map(|n| crate::bidi::isolated(n))
                                            })
                                            .unwrap_or_else(|| crate::i18n::team_side(l, tm).to_string()),
                                    )
                                    .replace("{n}", &n.to_string())}
                            </p>
                        }
                    })
                    .collect::<Vec<_>>()
            }}
            <details class="declaring">
                <summary>
                    {tx("decl.title")}" "
                    {move || {
                        let s = form.shows.get();
                        if s.is_empty() { String::new() } else { format!("({})", s.len()) }
                    }}
                </summary>
                <p class="muted">{move || crate::ui::dt(&preset.get().declaring.who)}</p>
                <DeclaringEditor form=form preset=preset countdown=countdown />
            </details>
            <details class="cardcheck">
                <summary>{tx("check.title")}</summary>
                <div class="grid5">
                    {(0..5usize)
                        .map(|i| {
                            let label = move || {
                                if i < 4 {
                                    seat_label(lang.get(), [Seat::N, Seat::E, Seat::S, Seat::W][i]).to_string()
                                } else {
                                    t("check.kitty").to_string()
                                }
                            };
                            view! {
                                <label>
                                    {label}
                                    <input
                                        inputmode="numeric"
                                        prop:value=move || counts.get()[i].to_string()
                                        on:change=move |ev| {
                                            let n = event_target_value(&ev).trim().parse::<i32>().unwrap_or(0);
                                            counts.update(|c| c[i] = n);
                                        }
                                    />
                                </label>
                            }
                        })
                        .collect_view()}
                </div>
                {move || {
                    let c = counts.get();
                    let mut props: Vec<(String, Team, Option<Seat>, u32)> = Vec::new();
                    for (i, s) in [Seat::N, Seat::E, Seat::S, Seat::W].into_iter().enumerate() {
                        if c[i] != 0 {
                            props.push(("card_count".into(), s.team(), Some(s), c[i].unsigned_abs()));
                        }
                    }
                    if c[4] != 8 {
                        props.push(("kitty_count".into(), declarer.get(), None, 1));
                    }
                    if props.is_empty() {
                        return // The declarer is read only when the kitty count is off (so a commit does not
                        // rebuild this part).
                        view! { <p class="muted">{t("check.ok")}</p> }
                            .into_any();
                    }
                    view! {
                        <ul>
                            {props
                                .into_iter()
                                .map(|(kind, team, seat, cards)| {
                                    let known = preset.get().penalty_rule(&kind).is_some();
                                    let k2 = kind.clone();
                                    view! {
                                        <li>
                                            {penalty_name(lang.get(), &preset.get_untracked(), &kind)}" · "
                                            {crate::i18n::team_side(lang.get(), team)}
                                            {seat.map(|s| format!(" {}", seat_label(lang.get(), s)))}
                                            {known
                                                .then(|| {
                                                    view! {
                                                        <button
                                                            class="btn chip"
                                                            on:click=move |_| {
                                                                form.penalties
                                                                    .update(|ps| {
                                                                        ps.push(Penalty {
                                                                            team,
                                                                            kind: k2.clone(),
                                                                            cards,
                                                                            unit: None,
                                                                            points: None,
                                                                            seat,
                                                                            trick: None,
                                                                            note: t("check.title").to_string(),
                                                                        })
                                                                    })
                                                            }
                                                        >
                                                            {t("check.propose")}
                                                        </button>
                                                    }
                                                })}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                        .into_any()
                }}
            </details>
        </div>
    }
}

#[component]
pub(super) fn DeclaringEditor(
    form: Form,
    preset: Signal<Preset>,
    countdown: RwSignal<Option<(TimedAction, f64)>>,
) -> impl IntoView {
    let lang = ctx().lang;
    let seat = RwSignal::new(Seat::N);
    let err: RwSignal<Option<String>> = RwSignal::new(None);
    let add = move |code: String, rebury: bool| {
        let mut shows = form.shows.get_untracked();
        shows.push(Show { seat: seat.get_untracked(), what: code, rebury, out_of_turn: false });
        match shengji::check_declaring(&preset.get_untracked().declaring, &shows) {
            Ok(()) => {
                form.shows.set(shows);
                form.chosen_trump.set(None);
                err.set(None);
            }
            Err(e) => err.set(Some(crate::i18n::reason_text(
                lang.get_untracked(),
                e.msg.as_ref(),
                &e.reason,
                Default::default(),
            ))),
        }
    };
    view! {
        <div class="chips">
            {Seat::CCW
                .iter()
                .map(|s| {
                    let s = *s;
                    view! {
                        <button
                            class="btn chip"
                            data-show-seat=format!("{s:?}")
                            class:selected=move || seat.get() == s
                            on:click=move |_| seat.set(s)
                        >
                            {move || seat_label(lang.get(), s)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <div class="chips">
            {move || {
                preset
                    .get()
                    .declaring
                    .order
                    .into_iter()
                    .flatten()
                    .map(|code| {
                        let c2 = code.clone();
                        view! {
                            <button class="btn chip" data-show=code.clone() on:click=move |_| add(c2.clone(), false)>
                                {crate::i18n::show_name(lang.get(), &code)}
                            </button>
                        }
                    })
                    .collect_view()
            }}
        </div>
        {move || {
            err.get()
                .map(|e| {
                    view! {
                        <p class="field-error" role="alert">
                            {e}
                        </p>
                    }
                })
        }}
        <ol class="shows">
            {move || {
                form.shows
                    .get()
                    .into_iter()
                    .map(|s| {
                        view! {
                            <li>
                                {seat_label(lang.get(), s.seat)}" "{crate::i18n::show_name(lang.get(), &s.what)}
                                {s.rebury.then(|| format!(" · {}", t("decl.rebury")))}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
        <div class="actions">
            <button
                class="btn"
                id="rebury"
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            if let Some(l) = s.last_mut() {
                                l.rebury = true;
                            }
                        });
                    if preset.get_untracked().timing.bury_seconds.is_some() {
                        countdown.set(Some((TimedAction::Bury, now_ms())));
                    }
                }
            >
                {tx("decl.rebury")}
            </button>
            <button
                class="btn"
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            s.pop();
                        });
                    form.chosen_trump.set(None);
                }
            >
                {tx("decl.remove_last")}
            </button>
        </div>
        // RULES.md §1.2 [r2]: after such a show its player names the trump (no-trump unless named).
        <Show when=move || {
            form.shows.with(|s| s.last().is_some_and(|x| preset.with(|p| p.declaring.free_trump.contains(&x.what))))
        }>
            <label class="field-label">{tx("decl.free_trump")}</label>
            <SuitChips
                suits=&["S", "H", "C", "D", "NT"]
                id="free-trump"
                selected=Signal::derive(move || form.shows.with(|s| form.trump_after(s)))
                pick=move |suit| form.chosen_trump.set((suit != "NT").then(|| suit.to_string()))
            />
        </Show>
        <p class="muted">
            {tx("decl.trump")}": "
            {move || {
                form.shows
                    .with(|s| form.trump_after(s))
                    .map(|x| crate::i18n::suit_name(lang.get(), &x))
                    .unwrap_or("—")
            }} " · "{move || crate::ui::dt(&preset.get().declaring.none)}
        </p>
    }
}
