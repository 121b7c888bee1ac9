//! 五子棋 result sheet: one row per game, the match score, sign-off.

use super::*;

/// The result sheet: one row per game (black, white, moves, result), the match score, the
/// referee's sign-off (locks) and reopen with a reason.
#[component]
pub(super) fn ResultSheet(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<RenjuView>,
    setup: Signal<RenjuSetup>,
) -> impl IntoView {
    let lang = ctx().lang;
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let err: RwSignal<Option<String>> = RwSignal::new(None);
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            match commit(&x, op) {
                Ok(()) => err.set(None),
                Err(e) => err.set(Some(e)),
            }
        }
    };
    view! {
        <details class="result-sheet" id="rj-sheet">
            <summary>{tx("sheet.title")}</summary>
            {move || {
                let view = v.get();
                let s = setup.get();
                let l = lang.get();
                let name = |p| player_label(l, &s, p);
                view! {
                    <table class="sheet">
                        <tr>
                            <th>"#"</th>
                            <th>{t("rj.black")}</th>
                            <th>{t("rj.white")}</th>
                            <th>{t("rj.moves")}</th>
                            <th>{t("rj.result")}</th>
                        </tr>
                        {view
                            .games
                            .iter()
                            .map(|g| {
                                view! {
                                    <tr data-game=g.number>
                                        <td>{g.number}</td>
                                        <td>{name(g.player(Stone::Black))}</td>
                                        <td>{name(g.player(Stone::White))}</td>
                                        <td>{g.moves.len()}</td>
                                        <td>{result_line(l, &s, g)}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                        <tr>
                            <td></td>
                            <td colspan="4" id="rj-sheet-score">
                                {format!(
                                    "{} {} : {} {}{}",
                                    name(Player::P1),
                                    view.wins[&Player::P1],
                                    view.wins[&Player::P2],
                                    name(Player::P2),
                                    view
                                        .series_winner
                                        .map(|w| format!(" · {}: {}", t("rj.match_winner"), name(w)))
                                        .unwrap_or_default(),
                                )}
                            </td>
                        </tr>
                    </table>
                    <p class="muted">
                        {format!(
                            "{} {} · {} · {} · {}",
                            t("rj.rules"),
                            crate::i18n::preset_name(l, &s.preset.id).unwrap_or(&s.preset.id),
                            crate::i18n::data_text(l, &s.preset.source),
                            fill(l, "rj.best_of_n", s.preset.best_of),
                            m.with(|x| x.as_ref().map(|x| fmt_time(x.created_ms))).unwrap_or_default(),
                        )}
                    </p>
                    {
                        view! {
                            <crate::ui::widgets::SignOff
                                m=m
                                locked=view.locked
                                referee=referee
                                reason=reason
                                ids=["rj-referee", "rj-sign-off", "rj-reopen"]
                                act=act
                            />
                        }
                    }
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
                }
            }}
        </details>
    }
}
