//! The points of a 升级 hand (also a 双升 board's): the attackers' points, and the kitty
//! (抠底: its points and the unit of the last trick, with the preset's multiplier).

use crate::rules::shengji::{Preset, Unit};
use crate::ui::parts::Toggle;
use crate::ui::tx;
use crate::ui::widgets::PointsInput;
use leptos::prelude::*;

/// The units a kitty can be taken with, as the chips offer them.
const UNITS: [Unit; 6] =
    [Unit::Single, Unit::Pair, Unit::Tractor(2), Unit::Tractor(3), Unit::Tractor(4), Unit::Tractor(5)];

/// Points, the kitty toggle and, when it is on, the kitty's points and unit; `children`
/// (the J of a 升级 kitty) follow the units. `ids`: the points input, the kitty toggle and
/// the kitty's points input.
#[component]
pub fn PointsAndKitty(
    ids: [&'static str; 3],
    points: RwSignal<i32>,
    kitty_on: RwSignal<bool>,
    kitty_points: RwSignal<i32>,
    unit: RwSignal<Unit>,
    /// The preset whose kitty multipliers the chips show.
    #[prop(into)]
    preset: Signal<Preset>,
    #[prop(optional)] children: Option<ChildrenFn>,
) -> impl IntoView {
    let lang = crate::ui::ctx().lang;
    let children = StoredValue::new(children);
    view! {
        <label class="field-label" for=ids[0]>
            {tx("entry.points")}
        </label>
        <PointsInput value=points id=ids[0] />
        <div class="row">
            <Toggle id=ids[1] checked=kitty_on label="entry.kitty" />
        </div>
        <Show when=move || kitty_on.get()>
            <div class="kitty">
                <label class="field-label" for=ids[2]>
                    {tx("entry.kitty_points")}
                </label>
                <PointsInput value=kitty_points id=ids[2] />
                <label class="field-label">{tx("entry.unit")}</label>
                <div class="chips">
                    {UNITS
                        .into_iter()
                        .map(|u| {
                            view! {
                                <button
                                    class="btn chip"
                                    class:selected=move || unit.get() == u
                                    data-unit=u.code()
                                    on:click=move |_| unit.set(u)
                                >
                                    {move || {
                                        format!(
                                            "{} ×{}",
                                            crate::i18n::unit_name(lang.get(), u),
                                            preset.with(|p| p.kitty.multiplier(u)),
                                        )
                                    }}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                {move || children.with_value(|c| c.as_ref().map(|c| c()))}
            </div>
        </Show>
    }
}
