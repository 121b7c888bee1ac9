//! The claim of a forbidden 五子棋 move: offered right after a forbidden black move, until
//! white plays on.

use super::*;

/// The claim banner: the forbidden move, the shapes behind it, the claim button.
#[component]
pub(super) fn ClaimBanner(rj: Rj) -> impl IntoView {
    let Rj { lang, view_memo, pending, .. } = rj;
    let locked = move || rj.locked();
    let act = move |a: RenjuAction| rj.act(a);
    view! {
        {move || {
            if locked() {
                return None;
            }
            let l = lang.get();
            let g = view_memo.with(|v| v.current().clone());
            let r = g.open_claim()?.clone();
            let j = r.judgement.clone()?;
            Some(
                view! {
                    <div class="banner warn rj-claim" role="alert" id="rj-claim-banner" data-verdict=j.verdict.as_str()>
                        <p class="big">
                            {format!(
                                "{} {} {} — {}: {}",
                                fill(l, "rj.move_n", r.number),
                                stone_mark(r.stone),
                                r.point,
                                t("rj.forbidden"),
                                verdict_name(l, j.verdict),
                            )}
                        </p>
                        <ul class="explain">
                            {shape_lines(l, &j)
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
                        <button
                            class="btn primary"
                            id="rj-claim"
                            on:click=move |_| {
                                if act(RenjuAction::Claim) {
                                    pending.set(None);
                                }
                            }
                        >
                            {t("rj.claim")}
                        </button>
                        <p class="muted">{t("rj.claim_rule")}</p>
                    </div>
                },
            )
        }}
    }
}
