//! The names a set-up form asks for: the match title, the two teams and the four seats'
//! players, each input limited to the lengths the record accepts.

use crate::record::schema::{MAX_NAME, MAX_TITLE};
use crate::rules::Seat;
use crate::ui::{t, tx};
use leptos::prelude::*;

/// The match title: its label and input (id `id`, optional `class`).
#[component]
pub fn TitleInput(
    #[prop(into)] id: String,
    value: RwSignal<String>,
    #[prop(optional)] class: Option<&'static str>,
) -> impl IntoView {
    view! {
        <label class="field-label" for=id.clone()>
            {tx("new.match_title")}
        </label>
        <input
            id=id
            maxlength=MAX_TITLE
            class=class
            prop:value=move || value.get()
            on:input=move |ev| value.set(event_target_value(&ev))
        />
    }
}

/// Both teams' names side by side (ids `ids`, team A first), the default names as
/// placeholders.
#[component]
pub fn TeamInputs(ids: [&'static str; 2], a: RwSignal<String>, b: RwSignal<String>) -> impl IntoView {
    let one = move |id: &'static str, label: &'static str, default: &'static str, value: RwSignal<String>| {
        view! {
            <div>
                <label class="field-label" for=id>
                    {tx(label)}
                </label>
                <input
                    id=id
                    maxlength=MAX_NAME
                    placeholder=move || t(default)
                    prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev))
                />
            </div>
        }
    };
    view! {
        <div class="two">
            {one(ids[0], "new.team_a", "new.team_a_default", a)} {one(ids[1], "new.team_b", "new.team_b_default", b)}
        </div>
    }
}

/// The players of the four seats N, E, S, W (`names` in that order; ids
/// `{prefix}player-N` …), each labelled by `label`.
#[component]
pub fn SeatInputs(
    prefix: &'static str,
    names: [RwSignal<String>; 4],
    label: impl Fn(Seat) -> String + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <div class="seats">
            {[Seat::N, Seat::E, Seat::S, Seat::W]
                .into_iter()
                .zip(names)
                .map(|(s, sig)| {
                    view! {
                        <label class=format!(
                            "seat seat-{s:?}",
                        )>
                            {move || label(s)}
                            <input
                                id=format!("{prefix}player-{s:?}")
                                maxlength=MAX_NAME
                                prop:value=move || sig.get()
                                on:input=move |ev| sig.set(event_target_value(&ev))
                            />
                        </label>
                    }
                })
                .collect_view()}
        </div>
    }
}
