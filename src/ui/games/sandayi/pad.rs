//! The 三打一 entry pad after the calls: 荒番 (entered for the first deal, else carried),
//! the landlord with 头撂, 摊打 and 明王, the bombs per player with their limits, the result.

use super::*;
use crate::ui::parts::Toggle;

/// 荒番: a toggle for the first deal of the log; a later deal shows the 荒番 the log
/// carries to it (`carried`: whether, and from which void deal).
#[component]
pub(super) fn HuangfanRow(form: SdyForm, carried: Memo<Option<(bool, usize)>>) -> impl IntoView {
    view! {
        {move || match carried.get() {
            None => view! { <Toggle id="sdy-huangfan" checked=form.huangfan label="sdy.huangfan_first" /> }.into_any(),
            Some((true, k)) => {
                view! {
                    <p class="banner warn" id="sdy-huangfan-carried">
                        {t("sdy.carried").replace("{k}", &k.to_string())}
                    </p>
                }
                    .into_any()
            }
            Some((false, _)) => ().into_any(),
        }}
    }
}

/// Once the calls are complete: the landlord (or nobody bid), 摊打 and 明王, the bombs per
/// player with the limit their standing in the bidding gives, the result.
#[component]
pub(super) fn LandlordPad(form: SdyForm, preset: Memo<Preset>, names: Memo<Vec<String>>) -> impl IntoView {
    let lang = ctx().lang;
    // (bids, landlord) once the calls are complete; landlord `None` = nobody bid.
    let outcome = Memo::new(move |_| {
        let p = preset.get();
        let top = p.bid_values.last().copied().unwrap_or(3);
        let calls = form.base.bid.calls.get();
        let first = form.base.bid.first.get();
        if !bidding_done(p.players, &calls, top) {
            return None;
        }
        let bids = bids_from(p.players, first, &calls, top)?;
        Some((bids, high_bid(p.players, first, &calls), calls.first() == Some(&Call::Bid(p.toulia_bid))))
    });
    view! {
        {move || match outcome.get() {
            None => ().into_any(),
            Some((_, None, _)) => {
                view! {
                    <p class="banner info" id="sdy-void">
                        {t("sdy.all_passed")}
                    </p>
                }
                    .into_any()
            }
            Some((bids, Some((ll, bid)), toulia)) => {
                let p = preset.get();
                let tanda_offered = toulia || !p.tanda_needs_toulia;
                view! {
                    <p class="verdict" id="sdy-landlord">
                        {format!("{} {} · {}{}", t("ddz.landlord"), name_of(&names.get(), ll), bid, t("sdy.unit"))}
                        {toulia
                            .then(|| {
                                view! {
                                    <span class="badge" id="sdy-toulia">
                                        {t("sdy.toulia")}
                                    </span>
                                }
                            })}
                    </p>
                    <div class="row">
                        {tanda_offered
                            .then(|| {
                                view! { <Toggle id="sdy-tanda" checked=form.tanda label="sdy.tanda_opt" /> }
                            })} <Toggle id="sdy-mingwang" checked=form.mingwang label="sdy.mingwang_opt" />
                    </div>
                    {(!tanda_offered)
                        .then(|| {
                            view! {
                                <p class="muted" id="sdy-tanda-note">
                                    {t("sdy.tanda_after_toulia")}
                                </p>
                            }
                        })}
                    <label class="field-label">{t("sdy.bombs_per_player")}</label>
                    <ul class="sdy-bombs" id="sdy-bombs">
                        {(0..p.players)
                            .map(|i| {
                                let st = standing(&bids, ll, i);
                                let limit = bomb_limit(&p, st);
                                let over = move || {
                                    limit.is_some_and(|k| { form.bombs.with(|b| b.get(i).copied().unwrap_or(0)) > k })
                                };
                                view! {
                                    <li data-player=i.to_string() class:over=over>
                                        <span class="name">{name_of(&names.get(), i)}</span>
                                        <span class="muted standing">
                                            {standing_text(lang.get(), st)}" · " {limit_text(lang.get(), limit)}
                                        </span>
                                        <span class="ddz-stepper">
                                            <button
                                                class="btn step"
                                                id=format!("sdy-bombs-{i}-minus")
                                                on:click=move |_| {
                                                    form.bombs
                                                        .update(|b| {
                                                            if let Some(x) = b.get_mut(i) {
                                                                *x = x.saturating_sub(1);
                                                            }
                                                        })
                                                }
                                            >
                                                "−"
                                            </button>
                                            <span class="ddz-count" id=format!("sdy-bombs-{i}")>
                                                {move || { form.bombs.with(|b| b.get(i).copied().unwrap_or(0)) }}
                                            </span>
                                            <button
                                                class="btn step"
                                                id=format!("sdy-bombs-{i}-plus")
                                                on:click=move |_| {
                                                    form.bombs
                                                        .update(|b| {
                                                            if let Some(x) = b.get_mut(i) {
                                                                *x = (*x + 1).min(99);
                                                            }
                                                        })
                                                }
                                            >
                                                "+"
                                            </button>
                                        </span>
                                        <Show when=over>
                                            <span class="over-flag" role="alert" id=format!("sdy-over-{i}")>
                                                {move || t("sdy.over_limit")}
                                            </span>
                                        </Show>
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                    <label class="field-label">{t("sdy.result")}</label>
                    <div class="chips">
                        <button
                            class="btn chip"
                            id="sdy-won"
                            class:selected=move || form.won.get() == Some(true)
                            on:click=move |_| form.won.set(Some(true))
                        >
                            {t("ddz.landlord_wins")}
                        </button>
                        <button
                            class="btn chip"
                            id="sdy-lost"
                            class:selected=move || form.won.get() == Some(false)
                            on:click=move |_| form.won.set(Some(false))
                        >
                            {t("ddz.farmers_win")}
                        </button>
                    </div>
                }
                    .into_any()
            }
        }}
    }
}
