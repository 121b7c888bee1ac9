//! Points entry without a keyboard: stepper and keypad.

use crate::ui::{t, tx};
use leptos::prelude::*;

/// Points entry without a keyboard: ±5/±10/±20 steps and a 0–200 keypad in steps of 5.
/// `value` is always a valid score; typed input outside 0–200 or off the 5-step is refused
/// with a message and the old value kept. While the typed text is refused, the field is
/// reported to the page's [`crate::ui::parts::FieldRefusals`] (keyed by `id`), so the entry
/// bar says so and does not commit the old value in its place.
#[component]
pub fn PointsInput(value: RwSignal<i32>, #[prop(into)] id: String) -> impl IntoView {
    let msg: RwSignal<Option<String>> = RwSignal::new(None);
    let keypad = RwSignal::new(false);
    let refusals = crate::ui::parts::FieldRefusals::get();
    let field = StoredValue::new(id.clone());
    let refuse = move |m: Option<String>| {
        if let (Some(r), Some(f)) = (refusals, field.try_get_value()) {
            r.set(&f, m);
        }
    };
    let score = |s: &str| s.trim().parse::<i32>().ok().filter(|n| (0..=200).contains(n) && n % 5 == 0);
    let refusal = |s: &str| format!("“{s}”: {}", t("entry.points_invalid"));
    // A value set from outside (a step, the keypad, the page loading an edit or clearing
    // the form after a commit) is what the field shows: nothing typed is refused then.
    Effect::new(move |_| {
        value.track();
        refuse(None);
    });
    on_cleanup(move || refuse(None));
    let step = move |d: i32| {
        value.update(|v| *v = (*v + d).clamp(0, 200));
        msg.set(None);
        refuse(None);
    };
    let typed = move |ev: leptos::ev::Event| {
        let s = event_target_value(&ev);
        match score(&s) {
            Some(n) => {
                value.set(n);
                msg.set(None);
                refuse(None);
            }
            None => {
                msg.set(Some(refusal(&s)));
                refuse(Some(refusal(&s)));
            }
        }
    };
    // While typing, a complete valid score goes to `value` at once, so the verdict beside
    // the commit button follows the keys; any other text is refused to the entry bar at once
    // (the bar's line says why, its commit stores nothing) and beside the field on the change
    // (blur, Enter).
    let typing = move |ev: leptos::ev::Event| {
        let s = event_target_value(&ev);
        match score(&s) {
            Some(n) => {
                if n != value.get_untracked() {
                    value.set(n);
                }
                msg.set(None);
                refuse(None);
            }
            None => refuse(Some(refusal(&s))),
        }
    };
    let input_id = id.clone();
    view! {
        <div class="points">
            <div class="stepper">
                <button class="btn step" on:click=move |_| step(-20)>
                    "−20"
                </button>
                <button class="btn step" on:click=move |_| step(-10)>
                    "−10"
                </button>
                <button class="btn step" on:click=move |_| step(-5)>
                    "−5"
                </button>
                <input
                    id=input_id
                    class="points-value"
                    inputmode="numeric"
                    prop:value=move || value.get().to_string()
                    on:input=typing
                    on:change=typed
                    aria-label=tx("entry.points")
                />
                <button class="btn step" on:click=move |_| step(5)>
                    "+5"
                </button>
                <button class="btn step" on:click=move |_| step(10)>
                    "+10"
                </button>
                <button class="btn step" on:click=move |_| step(20)>
                    "+20"
                </button>
            </div>
            <button class="btn link" data-intent="skip" on:click=move |_| keypad.update(|k| *k = !*k)>
                {tx("entry.keypad")}
            </button>
            <Show when=move || keypad.get()>
                <div class="keypad">
                    {(0..=40)
                        .map(|i| {
                            let n = i * 5;
                            view! {
                                <button
                                    class="btn key"
                                    class:selected=move || value.get() == n
                                    on:click=move |_| {
                                        value.set(n);
                                        msg.set(None);
                                        refuse(None);
                                        keypad.set(false);
                                    }
                                >
                                    {n}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </Show>
            {move || {
                msg.get()
                    .map(|m| {
                        view! {
                            <p class="field-error" role="alert">
                                {m}
                            </p>
                        }
                    })
            }}
        </div>
    }
}
