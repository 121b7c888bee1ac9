//! 掼蛋 tribute and return (进贡/还贡) entry, checked against what is due.

use super::*;

/// The tribute as entered, checked: (the record, its problems in words, the typed errors,
/// the seats whose boxes are in error).
pub(super) type TributeCheck = (Option<TributeRecord>, Vec<String>, Vec<TributeError>, Vec<Seat>);

pub(super) const CARD_RANKS: [&str; 15] =
    ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "SJ", "BJ"];

#[component]
pub(super) fn TributeEditor(
    form: Form,
    preset: Signal<GuandanPreset>,
    entry_ctx: Signal<EntryCtx>,
    tribute: Signal<TributeCheck>,
) -> impl IntoView {
    // Each box is labelled with the pair it will be stored as: a double tribute's receivers
    // follow the cards picked (the larger to 头游), so the label changes with them.
    let payer_block = move |due: TributeDue, i: usize, level: Rank, ret_max: Option<Rank>| {
        let from = due.payers[i];
        let due2 = due.clone();
        let to = Memo::new(move |_| form.pairs(&due2, level).get(i).map(|p| p.1).unwrap_or(due2.receivers[0]));
        let pay = move || form.pay(from);
        view! {
            <div class="gd-pay" data-payer=format!("{from:?}") data-receiver=move || format!("{:?}", to.get())>
                <p class="gd-pay-head">
                    <strong class="gd-pay-pair">{move || format!("{} → {}", seat(from), seat(to.get()))}</strong>
                </p>
                <span class="field-label">{tx("gd.trib.card")}</span>
                <div class="chips gd-ranks">
                    {CARD_RANKS
                        .iter()
                        .map(|code| {
                            let r = CardRank::parse(code).expect("card rank");
                            view! {
                                <button
                                    class="btn chip gd-rank"
                                    data-card-rank=*code
                                    class:selected=move || pay().card == Some(r)
                                    class:gd-level-card=move || r == CardRank::Plain(level)
                                    on:click=move |_| {
                                        form.set_pay(
                                            from,
                                            |p| {
                                                p.card = Some(r);
                                                if !matches!(r, CardRank::Plain(_)) {
                                                    p.suit = None;
                                                }
                                            },
                                        )
                                    }
                                >
                                    {move || rank_text(r)}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <Show when=move || matches!(pay().card, Some(CardRank::Plain(_)))>
                    <div class="chips gd-suits">
                        {[Suit::S, Suit::H, Suit::D, Suit::C]
                            .into_iter()
                            .map(|s| {
                                view! {
                                    <button
                                        class=format!("btn chip gd-suit suit-{s:?}")
                                        data-card-suit=format!("{s:?}")
                                        class:selected=move || pay().suit == Some(s)
                                        on:click=move |_| form.set_pay(from, |p| p.suit = Some(s))
                                    >
                                        {suit_symbol(s)}
                                    </button>
                                }
                            })
                            .collect_view()}
                    </div>
                </Show>
                <label class="toggle">
                    <input
                        type="checkbox"
                        class="gd-confirm"
                        data-confirm=format!("{from:?}")
                        prop:checked=move || pay().confirmed
                        on:change=move |ev| {
                            let c = event_target_checked(&ev);
                            form.set_pay(from, |p| p.confirmed = c);
                        }
                    />
                    {move || format!("{} (♥{level} {})", t("gd.trib.confirm_highest"), t("gd.trib.excepted"))}
                </label>
                <span class="field-label gd-return-pair">
                    {move || {
                        format!(
                            "{} {} → {}{}",
                            t("gd.trib.return"),
                            seat(to.get()),
                            seat(from),
                            ret_max.map(|m| format!(" (≤ {m})")).unwrap_or_default(),
                        )
                    }}
                </span>
                <div class="chips gd-ranks">
                    {Rank::all()
                        .map(|r| {
                            let cr = CardRank::Plain(r);
                            let over = ret_max.is_some_and(|m| r > m);
                            view! {
                                <button
                                    class="btn chip gd-rank"
                                    class:gd-over=over
                                    data-return-rank=r.name()
                                    class:selected=move || pay().ret == Some(cr)
                                    on:click=move |_| form.set_pay(from, |p| p.ret = Some(cr))
                                >
                                    {r.name()}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <div class="chips gd-suits">
                    {[Suit::S, Suit::H, Suit::D, Suit::C]
                        .into_iter()
                        .map(|s| {
                            view! {
                                <button
                                    class=format!("btn chip gd-suit suit-{s:?}")
                                    data-return-suit=format!("{s:?}")
                                    class:selected=move || pay().ret_suit == Some(s)
                                    on:click=move |_| {
                                        form.set_pay(
                                            from,
                                            |p| p.ret_suit = if p.ret_suit == Some(s) { None } else { Some(s) },
                                        )
                                    }
                                >
                                    {suit_symbol(s)}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </div>
        }
    };
    view! {
        <div class="gd-tribute" id="gd-tribute">
            <h3>{tx("gd.trib.title")}</h3>
            <p class="muted">{move || entry_ctx.get().due.map(|d| due_text(&d, &preset.get())).unwrap_or_default()}</p>
            <div class="chips">
                {[(TMode::Off, "off"), (TMode::Paid, "paid"), (TMode::Resisted, "resisted")]
                    .into_iter()
                    .map(|(mode, code)| {
                        view! {
                            <button
                                class="btn chip"
                                data-tribute=code
                                class:selected=move || form.tmode.get() == mode
                                on:click=move |_| form.tmode.set(mode)
                            >
                                {move || match mode {
                                    TMode::Off => t("gd.trib.not_recorded"),
                                    TMode::Paid => t("gd.trib.paid"),
                                    TMode::Resisted => t("gd.trib.resist"),
                                }}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {move || {
                let c = entry_ctx.get();
                let p = preset.get();
                let level = c.level.unwrap_or(Rank::TWO);
                match (form.tmode.get(), c.due) {
                    (TMode::Paid, Some(due)) => {
                        (0..due.payers.len())
                            .map(|i| payer_block(due.clone(), i, level, p.tribute.return_max))
                            .collect_view()
                            .into_any()
                    }
                    (TMode::Resisted, Some(due)) => {
                        view! {
                            <label class="toggle">
                                <input
                                    type="checkbox"
                                    id="gd-jokers"
                                    prop:checked=move || form.jokers.get()
                                    on:change=move |ev| form.jokers.set(event_target_checked(&ev))
                                />
                                {move || format!("{} ({})", t("gd.trib.jokers_confirm"), seats_text(&due.payers))}
                            </label>
                        }
                            .into_any()
                    }
                    _ => view! { <span></span> }.into_any(),
                }
            }}
            {move || {
                let (rec, missing, errors, leaders) = tribute.get();
                if form.tmode.get() == TMode::Off {
                    return view! { <span></span> }.into_any();
                }
                view! {
                    <div class="gd-trib-status" id="gd-trib-status">
                        {(leaders.len() > 1)
                            .then(|| {
                                view! {
                                    <span class="field-label">{t("gd.trib.who_leads")}</span>
                                    <div class="chips">
                                        {leaders
                                            .iter()
                                            .map(|s| {
                                                let s = *s;
                                                view! {
                                                    <button
                                                        class="btn chip"
                                                        data-lead=format!("{s:?}")
                                                        class:selected=move || form.leads.get() == Some(s)
                                                        on:click=move |_| form.leads.set(Some(s))
                                                    >
                                                        {seat(s)}
                                                    </button>
                                                }
                                            })
                                            .collect_view()}
                                    </div>
                                }
                            })}
                        {missing.iter().map(|m| view! { <p class="field-error">{m.clone()}</p> }).collect_view()}
                        {missing
                            .is_empty()
                            .then(|| {
                                errors
                                    .iter()
                                    .map(|e| view! { <p class="field-error gd-terr">{tribute_error_text(e)}</p> })
                                    .collect_view()
                            })}
                        {(missing.is_empty() && errors.is_empty())
                            .then(|| {
                                rec.and_then(|r| r.leads)
                                    .map(|l| {
                                        view! {
                                            <p class="gd-ok" id="gd-trib-ok">
                                                {format!("✔ {} · {} {}", t("gd.trib.valid"), seat(l), t("gd.leads"))}
                                            </p>
                                        }
                                    })
                            })}
                    </div>
                }
                    .into_any()
            }}
        </div>
    }
}
