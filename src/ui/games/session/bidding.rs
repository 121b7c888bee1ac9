//! The bidding pad (an illegal bid is refused with a message) and the number stepper of the session games.

use super::*;

/// The bidding being entered: who calls first and the calls so far, in calling order.
#[derive(Clone, Copy)]
pub(crate) struct BidState {
    /// First caller (player index).
    pub first: RwSignal<usize>,
    /// Whether the first caller is asked for each deal (三打一: the marker card decides,
    /// RULES.md §4) rather than taken from the rotation.
    pub ask: bool,
    /// Whether `first` was chosen for the deal being entered (always true unless `ask`).
    pub asked: RwSignal<bool>,
    /// Calls so far, from `first` on.
    pub calls: RwSignal<Vec<Call>>,
    /// Why the last tapped call was refused.
    pub error: RwSignal<Option<String>>,
}

impl BidState {
    /// A bidding whose first caller follows the rotation (preselected, changeable).
    pub(crate) fn new() -> Self {
        Self::with_ask(false)
    }
    /// A bidding whose first caller is asked for every deal: no caller is preselected and
    /// the calls wait until one is chosen.
    pub(crate) fn asking() -> Self {
        Self::with_ask(true)
    }
    fn with_ask(ask: bool) -> Self {
        BidState {
            first: RwSignal::new(0),
            ask,
            asked: RwSignal::new(!ask),
            calls: RwSignal::new(Vec::new()),
            error: RwSignal::new(None),
        }
    }
    /// Loads a recorded bid list (`first` as recorded or inferred).
    pub(crate) fn load(&self, bids: &[Option<Call>], first: usize) {
        self.first.set(first);
        self.asked.set(true);
        self.calls.set(calls_from(bids, first));
        self.error.set(None);
    }
    /// A new deal: `first` preselected, or (when `ask`) nobody until the referee chooses.
    pub(crate) fn reset(&self, first: usize) {
        self.first.set(first);
        self.asked.set(!self.ask);
        self.calls.set(Vec::new());
        self.error.set(None);
    }
    /// The first caller chosen for this deal, `None` while it is still to be asked.
    pub(crate) fn chosen_first(&self) -> Option<usize> {
        self.asked.get().then(|| self.first.get())
    }
}

/// The bidding pad: first caller chips, the calls so far, a pass / bid row for the player
/// whose turn it is. A bid that is not higher than the last one is refused with a message.
pub(crate) fn bidding_pad(
    bs: BidState,
    names: Signal<Vec<String>>,
    values: Signal<Vec<u8>>,
    prefix: &'static str,
    unit_key: &'static str,
    first_key: &'static str,
) -> impl IntoView {
    let lang = ctx().lang;
    let n = move || names.with(Vec::len);
    let top = move || values.with(|v| v.last().copied().unwrap_or(3));
    let done = move || bidding_done(n(), &bs.calls.get(), top());
    let current = move || (bs.first.get() + bs.calls.with(Vec::len)) % n().max(1);
    let tap = move |c: Call| {
        let l = lang.get_untracked();
        let nn = names.with_untracked(Vec::len);
        let tp = values.with_untracked(|v| v.last().copied().unwrap_or(3));
        let calls = bs.calls.get_untracked();
        if bidding_done(nn, &calls, tp) {
            return;
        }
        let who = name_of(&names.get_untracked(), (bs.first.get_untracked() + calls.len()) % nn.max(1));
        // The engine says whether the call may follow; the pad says it with the caller's name.
        match values.with_untracked(|vs| check_call(&calls, c, vs)) {
            Ok(()) => {}
            Err(Reason::BidNotAllowed { bid, .. }) => {
                bs.error.set(Some(format!("{who}: {bid}{} — {}", tr(l, unit_key), tr(l, "ddz.bid_unknown"))));
                return;
            }
            Err(Reason::BidNotHigher { bid, high }) => {
                bs.error.set(Some(
                    tr(l, "ddz.bid_illegal")
                        .replace("{name}", &who)
                        .replace("{v}", &format!("{bid}{}", tr(l, unit_key)))
                        .replace("{high}", &format!("{high}{}", tr(l, unit_key))),
                ));
                vibrate(200);
                return;
            }
            Err(other) => {
                bs.error.set(Some(format!("{who}: {}", crate::i18n::say(l, &other.msg(), Names::default()))));
                return;
            }
        }
        bs.error.set(None);
        bs.calls.update(|cs| cs.push(c));
    };
    view! {
        <div class="bidding" id=format!("{prefix}-bidding")>
            <label class="field-label">{move || tr(lang.get(), first_key)}</label>
            <div class="chips" id=format!("{prefix}-first")>
                {move || {
                    (0..n())
                        .map(|i| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-player=i.to_string()
                                    class:selected=move || bs.asked.get() && bs.first.get() == i
                                    on:click=move |_| {
                                        if bs.first.get_untracked() != i || !bs.asked.get_untracked() {
                                            bs.first.set(i);
                                            bs.calls.set(Vec::new());
                                            bs.error.set(None);
                                            bs.asked.set(true);
                                        }
                                    }
                                >
                                    {move || name_of(&names.get(), i)}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <ol class="calls" id=format!("{prefix}-calls")>
                {move || {
                    let l = lang.get();
                    let nm = names.get();
                    let first = bs.first.get();
                    bs.calls
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(k, c)| {
                            view! {
                                <li class:bid=matches!(
                                    c,
                                    Call::Bid(_)
                                )>
                                    {format!(
                                        "{} {}",
                                        name_of(&nm, (first + k) % nm.len().max(1)),
                                        call_text(l, c, unit_key),
                                    )}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
            <Show when=move || !bs.asked.get()>
                <p class="turn ask" id=format!("{prefix}-ask-first")>
                    {move || tr(lang.get(), "bid.ask_first")}
                </p>
            </Show>
            <Show when=move || bs.asked.get() && !done()>
                <p class="turn" id=format!("{prefix}-turn")>
                    {move || tr(lang.get(), "ddz.now_calling").replace("{name}", &name_of(&names.get(), current()))}
                </p>
                <div class="chips bid-pad">
                    <button class="btn chip" data-call="pass" on:click=move |_| tap(Call::Pass)>
                        {move || tr(lang.get(), "ddz.pass")}
                    </button>
                    {move || {
                        let high = high_bid(n(), bs.first.get(), &bs.calls.get()).map(|(_, v)| v).unwrap_or(0);
                        values
                            .get()
                            .into_iter()
                            .map(|v| {
                                view! {
                                    <button
                                        class="btn chip"
                                        data-call=v.to_string()
                                        class:illegal=v <= high
                                        on:click=move |_| tap(Call::Bid(v))
                                    >
                                        {move || format!("{v}{}", tr(lang.get(), unit_key))}
                                    </button>
                                }
                            })
                            .collect_view()
                    }}
                </div>
            </Show>
            {move || {
                bs.error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="field-error" role="alert" id=format!("{prefix}-bid-error")>
                                {e}
                            </p>
                        }
                    })
            }}
            <div class="actions">
                <button
                    class="btn"
                    id=format!("{prefix}-call-undo")
                    disabled=move || bs.calls.with(Vec::is_empty)
                    on:click=move |_| {
                        bs.calls
                            .update(|c| {
                                c.pop();
                            });
                        bs.error.set(None);
                    }
                >
                    {move || tr(lang.get(), "ddz.call_undo")}
                </button>
                <button
                    class="btn"
                    id=format!("{prefix}-call-reset")
                    disabled=move || bs.calls.with(Vec::is_empty)
                    on:click=move |_| bs.reset(bs.first.get_untracked())
                >
                    {move || tr(lang.get(), "ddz.call_reset")}
                </button>
            </div>
        </div>
    }
}

/// A − n + stepper without a keyboard.
pub(crate) fn stepper(value: RwSignal<u32>, max: Signal<u32>, id: String) -> impl IntoView {
    let minus = format!("{id}-minus");
    let plus = format!("{id}-plus");
    // A comparison with `>` in a view! attribute would end the tag: named here instead.
    let at_max = move || value.get() >= max.get();
    view! {
        <span class="ddz-stepper">
            <button
                class="btn step"
                id=minus
                disabled=move || value.get() == 0
                on:click=move |_| value.update(|v| *v = v.saturating_sub(1))
            >
                "−"
            </button>
            <span class="ddz-count" id=id>
                {move || value.get()}
            </span>
            <button
                class="btn step"
                id=plus
                disabled=at_max
                on:click=move |_| value.update(|v| *v = (*v + 1).min(max.get_untracked()))
            >
                "+"
            </button>
        </span>
    }
}
