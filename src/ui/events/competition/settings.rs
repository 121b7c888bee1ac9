//! The settings of one competition: its format and rules, the knockout's long rounds,
//! its entrants, the format as JSON, and deleting it.

use super::*;

/// The competition's heading and its settings (folded): rules, knockout length, entrants,
/// the format as JSON; 删除 deletes it (then `tab` goes back to the entrants).
#[component]
pub(super) fn CompSettings(cx: CompCtx, tab: RwSignal<String>) -> impl IntoView {
    let CompCtx { ev, cid, comp, lang, .. } = cx;
    let event = move || cx.event();
    let mutate_comp = move |f: CompEdit| cx.mutate(f);
    let json = RwSignal::new(String::new());
    let remove = move |_| {
        if !window().confirm_with_message(t("ev.comp.confirm_delete")).unwrap_or(false) {
            return;
        }
        let id = cid.get_value();
        let Some(shown) = ev.now() else { return };
        // The event as it was is kept aside first (About page: restore, download), so the
        // delete can be undone; the copy goes again when the delete is refused.
        let now = now_ms();
        let name = shown.competition(&id).map(|c| c.name.clone()).unwrap_or_else(|| id.clone());
        let why = crate::record::ImportError::said(
            "",
            "q.competition_deleted",
            vec![
                ("name", crate::rules::Arg::Text(crate::bidi::isolated(&name))),
                ("time", crate::rules::Arg::Text(fmt_time(now))),
            ],
        );
        let kept = match store::keep_event_copy(&shown.id, why, now) {
            Ok(kept) => kept,
            Err(x) => return ev.error(crate::ui::save_error(Action::Event, &x)),
        };
        if ev.mutate(|e| {
            e.competitions.retain(|c| c.id != id);
            Ok(())
        }) {
            ctx().quarantined.update(|v| v.extend(kept));
            tab.set("entrants".into());
        } else if let Some(q) = kept {
            store::drop_quarantined(&q.moved_to);
        }
    };
    view! {
        {move || {
            comp.get()
                .map(|cm| {
                    let l = lang.get();
                    let e = event();
                    let entrants: Vec<Entrant> = e.entrants.clone();
                    let cm2 = cm.clone();
                    view! {
                        <div class="print-head">
                            <h2 id="comp-title">{crate::bidi::isolated(&cm.name)}</h2>
                            <p class="muted">
                                {format!(
                                    "{} · {} · {} · {}",
                                    game_name(l, &cm.game),
                                    preset_label(l, &cm.game, &cm.preset_id),
                                    format_text(l, &cm.format),
                                    crate::i18n::data_text(l, &cm.source),
                                )}
                            </p>
                        </div>
                        <details class="ev-rules no-print">
                            <summary>{tx("ev.rules")}</summary>
                            <ul>{scoring_lines(l, &cm).into_iter().map(|x| view! { <li>{x}</li> }).collect_view()}</ul>
                            {(!cm.readings.is_empty())
                                .then(|| {
                                    view! {
                                        <p class="reading">
                                            {t("preset.readings")}": "{crate::i18n::reading_names(l, &cm.readings)}
                                        </p>
                                    }
                                })}
                            {if let Format::Knockout { best_of, long_rounds, long_best_of } = cm.format.clone() {
                                let opts: [(u32, u32, &'static str); 5] = [
                                    (1, 0, "ev.ko.none"),
                                    (1, 1, "ev.ko.final"),
                                    (1, 2, "ev.ko.semi"),
                                    (1, 3, "ev.ko.quarter"),
                                    (3, 0, "ev.ko.all"),
                                ];
                                Some(
                                    view! {
                                        <h3>{tx("ev.ko.long")}</h3>
                                        <div class="chips" id="ko-games">
                                            {opts
                                                .into_iter()
                                                .map(|(bo, k, key)| {
                                                    let sel = if bo == 3 {
                                                        best_of == 3
                                                    } else {
                                                        best_of == 1
                                                            && (k == 0 && (long_rounds == 0 || long_best_of == 1)
                                                                || k > 0 && long_rounds == k && long_best_of == 3)
                                                    };
                                                    view! {
                                                        <button
                                                            class="btn chip ko-games"
                                                            data-long=format!("{bo}-{k}")
                                                            class:selected=sel
                                                            on:click=move |_| {
                                                                mutate_comp(
                                                                    Box::new(move |c| {
                                                                        schedule::set_knockout_games(c, bo, k, 3);
                                                                        Ok(())
                                                                    }),
                                                                );
                                                            }
                                                        >
                                                            {tr(l, key)}
                                                        </button>
                                                    }
                                                })
                                                .collect_view()}
                                        </div>
                                    },
                                )
                            } else {
                                None
                            }}
                            <h3>{tx("ev.comp.entrants")}</h3>
                            <div class="chips">
                                {entrants
                                    .into_iter()
                                    .map(|en| {
                                        let id = en.id.clone();
                                        let on = cm2.entrants.contains(&en.id);
                                        let fixed = !cm2.rounds.is_empty();
                                        view! {
                                            <label class="btn chip" class:selected=on>
                                                <input
                                                    type="checkbox"
                                                    class="comp-entrant"
                                                    data-entrant=id.clone()
                                                    prop:checked=on
                                                    disabled=fixed
                                                    on:change=move |x| {
                                                        let checked = event_target_checked(&x);
                                                        let id = id.clone();
                                                        mutate_comp(
                                                            Box::new(move |c| {
                                                                c.entrants.retain(|e| *e != id);
                                                                c.draw.numbers.remove(&id);
                                                                if checked {
                                                                    c.entrants.push(id);
                                                                }
                                                                Ok(())
                                                            }),
                                                        );
                                                    }
                                                />
                                                {crate::bidi::isolated(&en.name)}
                                                " ("
                                                {kind_name(l, en.kind)}
                                                ")"
                                            </label>
                                        }
                                    })
                                    .collect_view()}
                            </div>
                            <h3>{tx("ev.comp.json")}</h3>
                            <textarea
                                rows="8"
                                id="comp-json"
                                prop:value=move || {
                                    let j = json.get();
                                    if j.is_empty() {
                                        comp.get()
                                            .map(|c| {
                                                crate::json::to_string_pretty(
                                                        &(
                                                            &c.format,
                                                            &c.scoring,
                                                            c.legs,
                                                            c.seat_rule,
                                                            c.rounds_per_match,
                                                        ),
                                                    )
                                                    .unwrap_or_default()
                                            })
                                            .unwrap_or_default()
                                    } else {
                                        j
                                    }
                                }
                                on:input=move |x| json.set(event_target_value(&x))
                            ></textarea>
                            <div class="actions">
                                <button
                                    class="btn"
                                    on:click=move |_| {
                                        let text = json.get_untracked();
                                        if text.is_empty() {
                                            return;
                                        }
                                        match crate::json::from_str::<
                                            (Format, tm::Scoring, u32, SeatRule, Option<u32>),
                                        >(&text) {
                                            Err(x) => ev.error(x.to_string()),
                                            Ok((f, s, legs, seat, rpm)) => {
                                                if mutate_comp(
                                                    Box::new(move |c| {
                                                        c.format = f;
                                                        c.scoring = s;
                                                        c.legs = legs;
                                                        c.seat_rule = seat;
                                                        c.rounds_per_match = rpm;
                                                        c.format_id = String::new();
                                                        Ok(())
                                                    }),
                                                ) {
                                                    json.set(String::new());
                                                }
                                            }
                                        }
                                    }
                                >
                                    {tx("new.apply_preset")}
                                </button>
                                <button class="btn" on:click=remove>
                                    {tx("ev.comp.delete")}
                                </button>
                            </div>
                        </details>
                    }
                })
        }}
    }
}
