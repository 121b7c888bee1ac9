//! The live preview of the pending 五子棋 stone: its verdict, the zoom with the nudge
//! arrows, confirm and cancel.

use super::*;

/// The preview of the pending stone; confirm on a second tap or here.
#[component]
pub(super) fn PendingPreview(rj: Rj) -> impl IntoView {
    let Rj { lang, pending, shown_game, live, pending_judgement, pending_refusal, .. } = rj;
    let name = move |p: Player| rj.name(p);
    let place = move |p: Point, at: f64| rj.place(p, at);
    let nudge = move |dc: i8, dr: i8| rj.nudge(dc, dr);
    view! {
        <Show when=move || live.get()>
            <div class="preview" id="rj-preview" aria-live="polite">
                {move || {
                    let l = lang.get();
                    let g = shown_game.get();
                    let c = g.to_move();
                    let who = format!("{} {} ({})", stone_mark(c), colour_label(l, c), name(g.player(c)));
                    match pending.get() {
                        None => {
                            view! {
                                <p class="verdict" id="rj-turn">
                                    {format!("{} · {}", fill(l, "rj.move_n", g.moves.len() + 1), who)}
                                </p>
                                <p class="muted">{t("rj.tap_hint")}</p>
                            }
                                .into_any()
                        }
                        Some(p) => {
                            let j = pending_judgement.get();
                            let wins = renju::winner_after(&g.board, p, c).ok().flatten().is_some();
                            let verdict = j.as_ref().map(|j| j.verdict).unwrap_or(Verdict::None);
                            let closes = c == Stone::White && g.open_claim().is_some();
                            view! {
                                <p class="verdict" id="rj-pending">
                                    {format!("{} · {} · {p}", fill(l, "rj.move_n", g.moves.len() + 1), who)}
                                </p>
                                <div class="rj-zoom" id="rj-zoom" data-point=p.to_string()>
                                    <div class="rj-zoom-view">{board::zoom(p)}</div>
                                    <div class="rj-nudge" role="group" aria-label=t("rj.nudge")>
                                        {[
                                            ("up", "↑", 0i8, 1i8),
                                            ("left", "←", -1, 0),
                                            ("right", "→", 1, 0),
                                            ("down", "↓", 0, -1),
                                        ]
                                            .into_iter()
                                            .map(|(k, arrow, dc, dr)| {
                                                view! {
                                                    <button
                                                        class=format!("btn rj-nudge-{k}")
                                                        id=format!("rj-nudge-{k}")
                                                        aria-label=format!("{} {arrow}", t("rj.nudge"))
                                                        on:click=move |_| nudge(dc, dr)
                                                    >
                                                        {arrow}
                                                    </button>
                                                }
                                            })
                                            .collect_view()}
                                    </div>
                                </div>
                                {pending_refusal
                                    .get()
                                    .map(|e| {
                                        view! {
                                            <p class="field-error" id="rj-pending-error">
                                                {e}
                                            </p>
                                        }
                                    })}
                                {verdict
                                    .is_forbidden()
                                    .then(|| {
                                        view! {
                                            <p
                                                class="rj-forbidden-text"
                                                id="rj-pending-verdict"
                                                data-verdict=verdict.as_str()
                                            >
                                                {format!("{}: {}", t("rj.forbidden"), verdict_name(l, verdict))}
                                            </p>
                                            <ul class="explain">
                                                {j
                                                    .as_ref()
                                                    .map(|j| shape_lines(l, j))
                                                    .unwrap_or_default()
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
                                        }
                                    })}
                                {wins
                                    .then(|| {
                                        view! {
                                            <p class="rj-five" id="rj-pending-verdict" data-verdict="five">
                                                {format!(
                                                    "{}: {} {}",
                                                    end_name(l, EndReason::Five),
                                                    colour_label(l, c),
                                                    t("rj.wins"),
                                                )}
                                            </p>
                                        }
                                    })}
                                {closes.then(|| view! { <p class="muted">{t("rj.closes_claim")}</p> })}
                                <p class="muted">{t("rj.confirm_hint")}</p>
                                <div class="actions">
                                    <button
                                        class="btn primary big"
                                        id="rj-confirm"
                                        on:click=move |ev| place(p, crate::ui::widgets::event_time(&ev))
                                        on:keydown=no_key_repeat
                                    >
                                        {format!("{} {p}", t("rj.confirm"))}
                                    </button>
                                    <button class="btn" id="rj-cancel" on:click=move |_| pending.set(None)>
                                        {t("common.cancel")}
                                    </button>
                                </div>
                            }
                                .into_any()
                        }
                    }
                }}
            </div>
        </Show>
    }
}
