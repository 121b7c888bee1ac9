//! The 五子棋 scoreboard: both players (colour, games won, clock), the clock control and
//! the game / move count, and the banner when a player's time is up.

use super::*;

/// Scoreboard, clock control, game and move count, time-up banner — compact, so the board
/// fits a phone screen.
#[component]
pub(super) fn Scoreboard(rj: Rj) -> impl IntoView {
    let Rj { view_memo, lang, setup, pending_result, .. } = rj;
    let name = move |p: Player| rj.name(p);
    let locked = move || rj.locked();
    let remaining = move |c: Stone| rj.remaining(c);
    let elapsed_now = move || rj.elapsed_now();
    let simple = move |op: Op| rj.simple(op);
    view! {
        <div class="rj-score" id="rj-score">
            {move || {
                let v = view_memo.get();
                let g = v.current().clone();
                let l = lang.get();
                Player::BOTH
                    .into_iter()
                    .map(|p| {
                        let colour = g.colour(p);
                        let to_move = g.result.is_none() && g.to_move() == colour;
                        let key = if p == Player::P1 { "p1" } else { "p2" };
                        let rem = remaining(colour);
                        view! {
                            <div
                                class=format!(
                                    "rj-player {}{}",
                                    if colour == Stone::Black { "black" } else { "white" },
                                    if to_move { " to-move" } else { "" },
                                )
                                id=format!("rj-player-{key}")
                                data-colour=if colour == Stone::Black { "black" } else { "white" }
                            >
                                <div class="rj-name">
                                    {stone_mark(colour)}" "{name(p)}" "
                                    <span class="muted">{colour_label(l, colour)}</span>
                                    {to_move.then(|| view! { <span class="badge">{t("rj.to_move")}</span> })}
                                </div>
                                <div class="rj-line">
                                    <span class="rj-wins" id=format!("rj-wins-{key}")>
                                        {v.wins[&p]}
                                    </span>
                                    {rem
                                        .map(|r| {
                                            view! {
                                                <span class="rj-clock" class:over=r <= 0.0 id=format!("rj-clock-{key}")>
                                                    {if r <= 0.0 {
                                                        format!("-{}", fmt_duration(-r))
                                                    } else {
                                                        fmt_duration(r)
                                                    }}
                                                </span>
                                            }
                                        })}
                                </div>
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </div>
        <div class="rj-status">
            <Show when=move || {
                setup.with(|s| s.clock.is_some()) && !locked()
            }>
                {move || {
                    let g = view_memo.with(|v| v.current().clone());
                    if g.result.is_some() {
                        return ().into_any();
                    }
                    let running = g.clock.running_since.is_some();
                    crate::ui::clock::clock_button(
                        ["rj-clock-start", "rj-clock-pause", "rj-clock-resume"],
                        g.clock.started || running,
                        running,
                        move |action| {
                            let elapsed_ms = if action == ClockAction::Pause { elapsed_now() } else { None };
                            simple(Op::Clock { action, elapsed_ms })
                        },
                    )
                }}
            </Show>
            <crate::ui::clock::JumpNotice />
            <span class="muted" id="rj-meta">
                {move || {
                    let v = view_memo.get();
                    let g = v.current();
                    let l = lang.get();
                    let s = setup.get();
                    let mut parts = vec![
                        fill(l, "rj.game_n", g.number),
                        format!("{} {}", g.moves.len(), t("rj.moves")),
                        fill(l, "rj.best_of_n", s.preset.best_of),
                    ];
                    if v.draws > 0 {
                        parts.push(format!("{} {}", v.draws, t("rj.draws")));
                    }
                    if let Some(k) = s.clock {
                        parts.push(fill(l, "rj.minutes_each", k.minutes));
                    }
                    parts.join(" · ")
                }}
            </span>
        </div>
        {move || {
            let g = view_memo.with(|v| v.current().clone());
            if g.result.is_some() || locked() {
                return None;
            }
            let c = g.to_move();
            remaining(c)
                .filter(|r| *r <= 0.0)
                .map(|_| {
                    view! {
                        <div class="banner warn" role="alert" id="rj-time-up">
                            <p>
                                {format!(
                                    "{} {} ({}) — {}",
                                    stone_mark(c),
                                    colour_label(lang.get(), c),
                                    name(g.player(c)),
                                    t("rj.time_up"),
                                )}
                            </p>
                            <button
                                class="btn primary"
                                id="rj-time-loss"
                                on:click=move |_| pending_result.set(Some((EndReason::Time, Some(c.other()))))
                            >
                                {t("rj.record_time_loss")}
                            </button>
                        </div>
                    }
                })
        }}
    }
}
