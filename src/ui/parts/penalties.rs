//! The penalties of a 升级 hand (also of a 双升 board): a chip per penalty kind of the
//! preset, and one editable line per penalty (team, seat, cards or units, the unit, the
//! referee's points, the trick, a note).

use crate::i18n::Lang;
use crate::rules::shengji::{Amount, Penalty, Preset, Unit};
use crate::rules::{Seat, Team};
use crate::ui::{ctx, t, tx};
use leptos::prelude::*;

/// A penalty kind's name in language `l`: the table's name, else the preset's, else the kind.
pub fn penalty_name(l: Lang, p: &Preset, kind: &str) -> String {
    crate::i18n::penalty_kind(l, kind)
        .map(str::to_string)
        .or_else(|| p.penalty_rule(kind).map(|r| r.name.clone()))
        .unwrap_or_else(|| kind.to_string())
}

/// The penalties being entered. A chip adds a penalty of its kind on `new_team()` (one
/// card, no seat); each line names its team by `team_name`, offers the seats in the order
/// `seats`, and counts its cards with the i18n key `per_unit_key` when the rule counts
/// units (`pen.cards` otherwise).
#[component]
pub fn PenaltyEditor(
    penalties: RwSignal<Vec<Penalty>>,
    #[prop(into)] preset: Signal<Preset>,
    new_team: impl Fn() -> Team + Copy + Send + Sync + 'static,
    team_name: impl Fn(Lang, Team) -> String + Copy + Send + Sync + 'static,
    seats: [Seat; 4],
    per_unit_key: &'static str,
) -> impl IntoView {
    let lang = ctx().lang;
    let add = move |kind: String| {
        let team = new_team();
        penalties.update(|ps| {
            ps.push(Penalty {
                team,
                kind,
                cards: 1,
                unit: None,
                points: None,
                seat: None,
                trick: None,
                note: String::new(),
            })
        });
    };
    // The chips offer the kinds that cost points (`Preset::hand_penalties`): one that loses
    // the game, or that the preset's warning ladder rules without points (南通 signalling:
    // a warning, then the game lost), is a ruling, entered on the ruling panel — a line says
    // so, with the citation to record the warning under and a way to the panel.
    let open_rulings = move |_| {
        if let Some(el) = document().get_element_by_id("ruling-panel") {
            let _ = el.set_attribute("open", "");
            el.scroll_into_view();
        }
    };
    view! {
        <label class="field-label">{tx("entry.penalties")}</label>
        {move || {
            let l = lang.get();
            preset
                .with(|p| {
                    p.warned_penalties()
                        .into_iter()
                        .map(|(r, cite)| {
                            view! {
                                <p class="muted pen-warned" data-kind=r.kind.clone()>
                                    {crate::i18n::tr(l, "pen.warned")
                                        .replace("{kind}", &penalty_name(l, p, &r.kind))
                                        .replace("{cite}", &crate::i18n::data_text(l, cite))}
                                    " "
                                    <button class="btn chip pen-open-rulings" on:click=open_rulings>
                                        {crate::i18n::tr(l, "pen.open_rulings")}
                                    </button>
                                </p>
                            }
                        })
                        .collect_view()
                })
        }}
        <div class="chips">
            {move || {
                preset
                    .get()
                    .hand_penalties()
                    .into_iter()
                    .map(|r| {
                        let kind = r.kind.clone();
                        let name = preset.with_untracked(|p| penalty_name(lang.get(), p, &r.kind));
                        view! {
                            <button class="btn chip" data-kind=r.kind.clone() on:click=move |_| add(kind.clone())>
                                "+ "
                                {name}
                            </button>
                        }
                    })
                    .collect_view()
            }}
        </div>
        <ul class="penalties">
            {move || {
                penalties
                    .get()
                    .into_iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let l = lang.get();
                        let pr = preset.get();
                        let rule = pr.penalty_rule(&p.kind).cloned();
                        let per_unit = matches!(rule.as_ref().map(|r| &r.amount), Some(Amount::PerUnit { .. }));
                        let referee = matches!(rule.as_ref().map(|r| &r.amount), Some(Amount::Referee));
                        let counts = rule.as_ref().is_none_or(|r| r.amount.counts_cards());
                        let upd = move |f: Box<dyn Fn(&mut Penalty)>| {
                            penalties
                                .update(|ps| {
                                    if let Some(x) = ps.get_mut(i) {
                                        f(x)
                                    }
                                })
                        };
                        view! {
                            <li class="penalty" data-penalty=i>
                                <strong>{penalty_name(l, &pr, &p.kind)}</strong>
                                <select
                                    class="pen-team"
                                    on:change=move |ev| {
                                        let tm = if event_target_value(&ev) == "A" { Team::A } else { Team::B };
                                        upd(Box::new(move |x| x.team = tm));
                                    }
                                >
                                    {Team::BOTH
                                        .into_iter()
                                        .map(|tm| {
                                            view! {
                                                <option value=format!("{tm:?}") selected=p.team == tm>
                                                    {team_name(l, tm)}
                                                </option>
                                            }
                                        })
                                        .collect_view()}
                                </select>
                                <select
                                    class="pen-seat"
                                    on:change=move |ev| {
                                        let st = Seat::parse(&event_target_value(&ev));
                                        upd(Box::new(move |x| x.seat = st));
                                    }
                                >
                                    <option value="">{crate::i18n::tr(l, "pen.seat")}</option>
                                    {seats
                                        .iter()
                                        .map(|st| {
                                            view! {
                                                <option value=format!("{st:?}") selected=p.seat == Some(*st)>
                                                    {crate::i18n::seat_name(l, *st)}
                                                </option>
                                            }
                                        })
                                        .collect_view()}
                                </select>
                                // A count only where the amount depends on it (RULES.md §1.1).
                                {counts
                                    .then(|| {
                                        view! {
                                            <span class="count">
                                                <button
                                                    class="btn step"
                                                    on:click=move |_| upd(
                                                        Box::new(|x| x.cards = x.cards.saturating_sub(1).max(1)),
                                                    )
                                                >
                                                    "−"
                                                </button>
                                                <span class="pen-cards">
                                                    {p.cards}" "
                                                    {if per_unit {
                                                        crate::i18n::tr(l, per_unit_key)
                                                    } else {
                                                        crate::i18n::tr(l, "pen.cards")
                                                    }}
                                                </span>
                                                <button
                                                    class="btn step"
                                                    on:click=move |_| upd(Box::new(|x| x.cards = (x.cards + 1).min(54)))
                                                >
                                                    "+"
                                                </button>
                                            </span>
                                        }
                                    })}
                                {per_unit
                                    .then(|| {
                                        view! {
                                            <select
                                                class="pen-unit"
                                                on:change=move |ev| {
                                                    let u = Unit::parse(&event_target_value(&ev));
                                                    upd(Box::new(move |x| x.unit = u));
                                                }
                                            >
                                                {[Unit::Single, Unit::Pair, Unit::Tractor(2)]
                                                    .into_iter()
                                                    .map(|u| {
                                                        view! {
                                                            <option
                                                                value=u.code()
                                                                selected=p.unit.unwrap_or(Unit::Single) == u
                                                            >
                                                                {crate::i18n::unit_name(l, u)}
                                                            </option>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </select>
                                        }
                                    })}
                                {referee
                                    .then(|| {
                                        view! {
                                            <input
                                                class="pen-points"
                                                inputmode="numeric"
                                                placeholder=t("pen.points")
                                                prop:value=p.points.map(|x| x.to_string()).unwrap_or_default()
                                                on:change=move |ev| {
                                                    let n = event_target_value(&ev).trim().parse::<i32>().ok();
                                                    upd(Box::new(move |x| x.points = n));
                                                }
                                            />
                                        }
                                    })}
                                <input
                                    class="pen-trick"
                                    inputmode="numeric"
                                    placeholder=t("pen.trick")
                                    prop:value=p.trick.map(|x| x.to_string()).unwrap_or_default()
                                    on:change=move |ev| {
                                        let n = event_target_value(&ev).trim().parse::<u32>().ok();
                                        upd(Box::new(move |x| x.trick = n));
                                    }
                                />
                                <input
                                    class="pen-note"
                                    maxlength=crate::record::schema::MAX_TEXT
                                    placeholder=t("pen.note")
                                    prop:value=p.note.clone()
                                    on:change=move |ev| {
                                        let st = event_target_value(&ev);
                                        upd(Box::new(move |x| x.note = st.clone()));
                                    }
                                />
                                <button
                                    class="btn danger"
                                    on:click=move |_| {
                                        penalties
                                            .update(|ps| {
                                                if i < ps.len() {
                                                    ps.remove(i);
                                                }
                                            })
                                    }
                                >
                                    "✕"
                                </button>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ul>
    }
}
