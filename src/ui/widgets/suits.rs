//! The suit chips of the 亮主 parts (升级's trump named after a show that leaves it free,
//! 双升's dealer naming the trump when nobody shows): one chip a suit code (`S`, `H`, `C`,
//! `D`, `NT`), named in the UI language, the selected one marked.

use leptos::prelude::*;

/// A row of suit chips (`<div class="chips">`, with `id` when given): one `button.chip` a
/// code of `suits`, its `data-trump` the code; `selected` says which one is marked (tracked)
/// and a tap runs `pick` with the chip's code.
#[component]
pub fn SuitChips(
    suits: &'static [&'static str],
    #[prop(optional)] id: Option<&'static str>,
    #[prop(into)] selected: Signal<Option<String>>,
    pick: impl Fn(&'static str) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = crate::ui::ctx().lang;
    view! {
        <div class="chips" id=id>
            {suits
                .iter()
                .map(|&suit| {
                    view! {
                        <button
                            class="btn chip"
                            data-trump=suit
                            class:selected=move || selected.with(|s| s.as_deref() == Some(suit))
                            on:click=move |_| pick(suit)
                        >
                            {move || crate::i18n::suit_name(lang.get(), suit)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}
