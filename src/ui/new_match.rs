//! `/new`: choose the game, then its set-up form (the UI registry, [`super::games::new_form`]).

use super::{ctx, tx};
use crate::record::game::GameId;
use leptos::prelude::*;

/// `/new`: choose the game, then its set-up form.
#[component]
pub fn NewMatch() -> impl IntoView {
    let game = RwSignal::new(GameId::Shengji);
    view! {
        <section class="page new">
            <h1>{tx("new.title")}</h1>
            <div class="chips" role="tablist">
                {GameId::ALL
                    .into_iter()
                    .map(|g| {
                        view! {
                            <button
                                class="btn chip"
                                role="tab"
                                data-game=g.as_str()
                                class:selected=move || game.get() == g
                                on:click=move |_| game.set(g)
                            >
                                {move || crate::i18n::game_name(ctx().lang.get(), g.as_str())}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {move || super::games::new_form(game.get())}
        </section>
    }
}
