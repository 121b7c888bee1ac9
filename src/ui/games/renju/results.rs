//! The results of a 五子棋 game: those not read off the board (resignation, time, draw:
//! previewed, then confirmed) and the end of a game (its result, the match score, the
//! next game with its colours).

use super::*;

/// Results not read off the board: resignation, time, draw (previewed, then confirmed).
#[component]
pub(super) fn OtherResults(rj: Rj) -> impl IntoView {
    let Rj { lang, pending, pending_result, shown_game, live, .. } = rj;
    let name = move |p: Player| rj.name(p);
    let act = move |a: RenjuAction| rj.act(a);
    view! {
        <Show when=move || live.get()>
            <details class="rj-results" id="rj-results">
                <summary>{tx("rj.other_result")}</summary>
                <div class="chips">
                    {[
                        (EndReason::Resignation, Stone::Black, "rj-resign-black"),
                        (EndReason::Resignation, Stone::White, "rj-resign-white"),
                        (EndReason::Time, Stone::Black, "rj-time-black"),
                        (EndReason::Time, Stone::White, "rj-time-white"),
                    ]
                        .into_iter()
                        .map(|(reason, loser, id)| {
                            view! {
                                <button
                                    class="btn chip"
                                    id=id
                                    on:click=move |_| {
                                        pending.set(None);
                                        pending_result.set(Some((reason, Some(loser.other()))));
                                    }
                                >
                                    {move || {
                                        format!(
                                            "{} {} — {}",
                                            stone_mark(loser),
                                            colour_label(lang.get(), loser),
                                            if reason == EndReason::Time {
                                                t("rj.loses_on_time")
                                            } else {
                                                t("rj.resigns")
                                            },
                                        )
                                    }}
                                </button>
                            }
                        })
                        .collect_view()}
                    <button
                        class="btn chip"
                        id="rj-draw"
                        on:click=move |_| {
                            pending.set(None);
                            pending_result.set(Some((EndReason::Draw, None)));
                        }
                    >
                        {tx("rj.end.draw")}
                    </button>
                </div>
            </details>
        </Show>
        {move || {
            pending_result
                .get()
                .filter(|_| live.get())
                .map(|(reason, winner)| {
                    let l = lang.get();
                    let g = shown_game.get();
                    let text = match winner {
                        Some(c) => {
                            format!(
                                "{} {} ({}) — {}",
                                name(g.player(c)),
                                t("rj.wins"),
                                colour_label(l, c),
                                end_name(l, reason),
                            )
                        }
                        None => end_name(l, reason).to_string(),
                    };
                    view! {
                        <div class="preview" id="rj-result-preview">
                            <p class="verdict">{text}</p>
                            <div class="actions">
                                <button
                                    class="btn primary big"
                                    id="rj-result-confirm"
                                    on:click=move |_| {
                                        if act(RenjuAction::GameResult {
                                            reason,
                                            winner,
                                        }) {
                                            pending_result.set(None);
                                        }
                                    }
                                >
                                    {t("rj.record_result")}
                                </button>
                                <button class="btn" on:click=move |_| pending_result.set(None)>
                                    {t("common.cancel")}
                                </button>
                            </div>
                        </div>
                    }
                })
        }}
    }
}

/// The end of a game: the result, the match score, the next game with its colours.
#[component]
pub(super) fn GameEnd(rj: Rj) -> impl IntoView {
    let Rj { view_memo, lang, setup, next_black, shown, focus, .. } = rj;
    let name = move |p: Player| rj.name(p);
    let act = move |a: RenjuAction| rj.act(a);
    view! {
        {move || {
            let v = view_memo.get();
            let g = v.current().clone();
            let r = g.result.clone()?;
            let l = lang.get();
            let s = setup.get();
            let default_black = g.black.other();
            Some(
                view! {
                    <div class="banner ok" id="rj-game-end" data-reason=r.reason.as_str()>
                        <p class="big" id="rj-game-result">
                            {format!("{}: {}", fill(l, "rj.game_n", g.number), result_line(l, &s, &g))}
                        </p>
                        <p id="rj-match-score">
                            {format!(
                                "{}: {} {} : {} {}",
                                t("rj.score"),
                                name(Player::P1),
                                v.wins[&Player::P1],
                                v.wins[&Player::P2],
                                name(Player::P2),
                            )}
                        </p>
                        {match v.series_winner {
                            Some(w) => {
                                view! {
                                    <p class="big" id="rj-series-winner">
                                        {format!("{}: {}", t("rj.match_winner"), name(w))}
                                    </p>
                                }
                                    .into_any()
                            }
                            None if !v.locked => {
                                view! {
                                    <p class="field-label">{fill(l, "rj.who_black_in", g.number + 1)}</p>
                                    <div class="chips">
                                        {Player::BOTH
                                            .into_iter()
                                            .map(|p| {
                                                view! {
                                                    <button
                                                        class="btn chip"
                                                        id=format!(
                                                            "rj-next-black-{}",
                                                            if p == Player::P1 { "p1" } else { "p2" },
                                                        )
                                                        class:selected=move || {
                                                            next_black.get().unwrap_or(default_black) == p
                                                        }
                                                        on:click=move |_| next_black.set(Some(p))
                                                    >
                                                        {format!("● {}", name(p))}
                                                    </button>
                                                }
                                            })
                                            .collect_view()}
                                    </div>
                                    <button
                                        class="btn primary"
                                        id="rj-next-game"
                                        on:click=move |_| {
                                            let black = next_black.get_untracked().unwrap_or(default_black);
                                            if act(RenjuAction::NextGame { black }) {
                                                next_black.set(None);
                                                shown.set(None);
                                                focus.set(None);
                                            }
                                        }
                                    >
                                        {t("end.next_game")}
                                    </button>
                                }
                                    .into_any()
                            }
                            None => ().into_any(),
                        }}
                    </div>
                },
            )
        }}
    }
}
