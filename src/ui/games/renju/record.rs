//! 五子棋 records: the forbidden moves of the match (each opens its lines on the board) and
//! the move record as text (copied or downloaded).

use super::*;

/// `navigator.clipboard.writeText(text)` where available; `false` when not.
fn copy_text(text: &str) -> bool {
    let nav = window().navigator();
    let Ok(clip) = js_sys::Reflect::get(&nav, &"clipboard".into()) else { return false };
    if clip.is_undefined() || clip.is_null() {
        return false;
    }
    let Ok(f) = js_sys::Reflect::get(&clip, &"writeText".into()) else { return false };
    let Ok(f) = f.dyn_into::<js_sys::Function>() else { return false };
    f.call1(&clip, &JsValue::from_str(text)).is_ok()
}

/// The forbidden moves of every game of the match; tapping one shows its game with the
/// move's lines (`focus`) and drops any pending stone.
#[component]
pub(super) fn ForbiddenList(
    view_memo: Memo<RenjuView>,
    shown: RwSignal<Option<usize>>,
    pending: RwSignal<Option<Point>>,
    focus: RwSignal<Option<String>>,
) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <Show when=move || view_memo.with(|v| v.games.iter().any(|g| g.forbidden_moves().next().is_some()))>
            <h2>{tx("rj.forbidden_moves")}</h2>
            <ul class="history" id="rj-forbidden-list">
                {move || {
                    let v = view_memo.get();
                    let l = lang.get();
                    v.games
                        .iter()
                        .enumerate()
                        .flat_map(|(gi, g)| g.forbidden_moves().map(move |r| (gi, g.number, r.clone())))
                        .map(|(gi, gn, r)| {
                            let id = r.entry_id.clone();
                            let verdict = r.verdict().unwrap_or(Verdict::None);
                            let status = r.claim.map(|c| claim_name(l, c)).unwrap_or("");
                            view! {
                                <li class="hand-row">
                                    <button
                                        class="btn link rj-forbidden-row"
                                        data-entry=id.clone()
                                        data-claim=format!("{:?}", r.claim.unwrap_or(ClaimStatus::Open))
                                        on:click=move |_| {
                                            shown.set(Some(gi));
                                            pending.set(None);
                                            focus.set(Some(id.clone()));
                                        }
                                    >
                                        {format!(
                                            "{} · {} {} {} · {} — {}",
                                            fill(l, "rj.game_n", gn),
                                            fill(l, "rj.move_n", r.number),
                                            stone_mark(r.stone),
                                            r.point,
                                            verdict_name(l, verdict),
                                            status,
                                        )}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </Show>
    }
}

/// The move record of the match as text ([`record_text`]), with copy and download.
#[component]
pub(super) fn MoveRecord(
    m: Memo<Option<Arc<Match>>>,
    setup: Memo<RenjuSetup>,
    view_memo: Memo<RenjuView>,
) -> impl IntoView {
    let lang = ctx().lang;
    let copied = RwSignal::new(false);
    view! {
        <details class="rj-record" id="rj-record-box">
            <summary>{tx("rj.record")}</summary>
            <pre id="rj-record">
                {move || {
                    m.with(|x| {
                        x.as_ref()
                            .map(|x| record_text(x, &setup.get(), &view_memo.get(), lang.get()))
                            .unwrap_or_default()
                    })
                }}
            </pre>
            <div class="actions">
                <button
                    class="btn"
                    id="rj-copy"
                    on:click=move |_| {
                        if let Some(x) = m.get_untracked() {
                            let text = record_text(
                                &x,
                                &setup.get_untracked(),
                                &view_memo.get_untracked(),
                                lang.get_untracked(),
                            );
                            copied.set(copy_text(&text));
                        }
                    }
                >
                    {move || if copied.get() { t("rj.copied") } else { t("rj.copy") }}
                </button>
                <button
                    class="btn"
                    id="rj-download"
                    on:click=move |_| {
                        if let Some(x) = m.get_untracked() {
                            let text = record_text(
                                &x,
                                &setup.get_untracked(),
                                &view_memo.get_untracked(),
                                lang.get_untracked(),
                            );
                            crate::ui::io::download(&format!("renju-{}.txt", x.id), "text/plain;charset=utf-8", &text);
                        }
                    }
                >
                    {tx("rj.download")}
                </button>
            </div>
        </details>
    }
}
