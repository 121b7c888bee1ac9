//! One fixture's row in a competition's schedule: its slots, table, match and result.

use super::*;

/// One fixture's row: `r` its result now; `entrants` the competition's entrants (id, label
/// as [`Event::entrant_label`] shows it) its side lists offer, read once for all rows.
#[allow(clippy::too_many_arguments)]
pub(super) fn fixture_row(
    e: &Event,
    cm: &Competition,
    f: &tm::Fixture,
    r: Option<FixtureResult>,
    entrants: &[(String, String)],
    l: Lang,
    mutate_comp: impl Fn(CompEdit) -> bool + Copy + 'static,
    make_leg: impl Fn(String, usize) -> bool + Copy + 'static,
    blank_leg: impl Fn(String, usize) + Copy + 'static,
    places: Vec<tables::LegPlace>,
) -> impl IntoView {
    let fid = f.id.clone();
    let names: Vec<String> = f.sides.iter().enumerate().map(|(k, s)| slot_name(l, e, r.as_ref(), k, s)).collect();
    let editable = !schedule::has_matches(f);
    let two = f.sides.len() == 2;
    let bye = f.sides.iter().any(|s| matches!(s, Slot::Bye));
    // Sides that forfeited: at the desk, in a record or by a disqualification.
    let ff = r.as_ref().map(|r| r.forfeits.clone()).unwrap_or_else(|| f.forfeits.clone());
    let side_cell = move |k: usize, name: String| {
        let forfeited = ff.contains(&k);
        view! {
            <span class="side-name" class:forfeited=forfeited>
                {name}
                {forfeited.then(|| format!(" ({})", tr(l, "ev.forfeit")))}
            </span>
        }
    };
    let (fid_swap, fid_ff, fid_tab, fid_label) = (fid.clone(), fid.clone(), fid.clone(), fid.clone());
    let fid_blank = fid.clone();
    let score = r.as_ref().map(|r| output::score_text(l, cm, r)).unwrap_or_default();
    let score_title = tr(l, output::score_header(cm));
    // The unit where it is not the matches' own score (a forfeit word needs none).
    let unit = output::score_unit(cm)
        .filter(|_| score.chars().any(|c| c.is_ascii_digit()))
        .map(|k| view! { <span class="muted score-unit">{format!(" {}", tr(l, k))}</span> });
    let status = r.as_ref().map(|r| output::status(l, r)).unwrap_or_default();
    let sides_n = f.sides.len();
    view! {
        <div class="fixture" data-fixture=fid.clone() class:bye=bye>
            <div class="fx-head">
                <span class="tables">
                    {(!f.legs.is_empty())
                        .then(|| {
                            view! {
                                <span class="muted" id=format!("fx-tables-{fid}")>
                                    {tr(l, "ev.col.tables")}
                                </span>
                            }
                        })}
                    {f
                        .legs
                        .iter()
                        .enumerate()
                        .map(|(k, leg)| {
                            let fid = fid_tab.clone();
                            let stored = leg.table;
                            view! {
                                <input
                                    type="number"
                                    min="1"
                                    max=schedule::MAX_TABLE
                                    class="table-no"
                                    aria-labelledby=format!("fx-tables-{fid_label}")
                                    data-leg=k
                                    prop:value=leg.table.to_string()
                                    on:change=move |x| {
                                        let input: web_sys::HtmlInputElement = event_target(&x);
                                        let bad = t("ev.sched.bad_table")
                                            .replace("{hi}", &schedule::MAX_TABLE.to_string());
                                        let typed = schedule::parse_table(&typed_number(&input));
                                        let fid = fid.clone();
                                        let saved = mutate_comp(
                                            Box::new(move |c| match typed {
                                                Ok(v) if schedule::set_table(c, &fid, k, v) => Ok(()),
                                                _ => Err(bad),
                                            }),
                                        );
                                        if !saved {
                                            input.set_value(&stored.to_string());
                                        }
                                    }
                                />
                            }
                        })
                        .collect_view()}
                </span>
                {(f.best_of > 1)
                    .then(|| {
                        view! {
                            <span class="badge">{tr(l, "ev.f.best_of").replace("{n}", &f.best_of.to_string())}</span>
                        }
                    })}
                <span class="score" title=score_title>
                    {score}
                    {unit}
                </span>
                <span class="muted status">{status}</span>
            </div>
            {if two {
                view! {
                    <div class="fx-sides">
                        <span class="side ns">
                            <span class="seat-tag">{team_side(l, crate::rules::Team::A)}</span>
                            {side_cell(0, names[0].clone())}
                        </span>
                        {(editable && !bye)
                            .then(|| {
                                view! {
                                    <button
                                        class="btn chip swap no-print"
                                        title=tr(l, "ev.sched.swap")
                                        on:click=move |_| {
                                            let fid = fid_swap.clone();
                                            mutate_comp(
                                                Box::new(move |c| {
                                                    schedule::swap_sides(c, &fid);
                                                    Ok(())
                                                }),
                                            );
                                        }
                                    >
                                        "⇅"
                                    </button>
                                }
                            })}
                        <span class="side ew">
                            <span class="seat-tag">{team_side(l, crate::rules::Team::B)}</span>
                            {side_cell(1, names[1].clone())}
                        </span>
                    </div>
                }
                    .into_any()
            } else {
                view! {
                    <div class="fx-sides group">
                        {names
                            .iter()
                            .enumerate()
                            .map(|(k, n)| view! { <span class="side group-member">{side_cell(k, n.clone())}</span> })
                            .collect_view()}
                    </div>
                }
                    .into_any()
            }}
            <div class="legs no-print">
                {f
                    .legs
                    .iter()
                    .enumerate()
                    .map(|(k, leg)| match leg.match_id.clone() {
                        Some(id) if r.as_ref().and_then(|r| r.legs.get(k)).is_some_and(|x| x.other_entrants) => {
                            let fid = fid.clone();
                            let label = format!("{} ↗", tr(l, "ev.table_n").replace("{n}", &leg.table.to_string()));
                            // A match made for other entrants (a knock-out side decided otherwise
                            // since): it stays reachable, and the leg can be given its own.
                            view! {
                                <A
                                    href=format!("/match/{id}")
                                    attr:class="btn chip open-match other-entrants"
                                    attr:data-leg=k.to_string()
                                    attr:title=tr(l, "ev.st.other_entrants")
                                >
                                    {label}
                                </A>
                                <button
                                    class="btn chip mk-match"
                                    data-leg=k
                                    on:click=move |_| {
                                        make_leg(fid.clone(), k);
                                    }
                                >
                                    {tr(l, "ev.sched.make")}
                                    " "
                                    {tr(l, "ev.table_n").replace("{n}", &leg.table.to_string())}
                                </button>
                            }
                                .into_any()
                        }
                        Some(id) => {
                            let label = format!("{} ↗", tr(l, "ev.table_n").replace("{n}", &leg.table.to_string()));
                            let absent = places
                                .get(k)
                                .filter(|p| matches!(p, tables::LegPlace::Deleted(_) | tables::LegPlace::Missing(_)))
                                .map(|p| {
                                    let a = tables::AbsentLeg {
                                        fixture: fid.clone(),
                                        leg: k,
                                        table: leg.table,
                                        place: p.clone(),
                                    };
                                    let deleted = matches!(p, tables::LegPlace::Deleted(_));
                                    // Its match deleted on this device (or never here): said on the leg,
                                    // with what to do; the link still opens the page that says the same.
                                    view! {
                                        <span
                                            class="banner warn leg-absent"
                                            role="status"
                                            data-leg=k
                                            data-deleted=deleted.to_string()
                                        >
                                            {absent_text(l, &a)}
                                        </span>
                                    }
                                });
                            let sheet = r
                                .as_ref()
                                .and_then(|r| r.legs.get(k))
                                .and_then(|x| x.outcome.as_ref())
                                .map(|o| o.sheet)
                                .filter(|s| !s.is_empty());
                            // The table's result sheet: entered / confirmed (E/W) / signed.
                            view! {
                                <A
                                    href=format!("/match/{id}")
                                    attr:class="btn chip open-match"
                                    attr:data-leg=k.to_string()
                                >
                                    {label}
                                </A>
                                {absent}
                                {sheet
                                    .map(|s| {
                                        view! {
                                            <span class="badge sheet-st" data-leg=k data-sheet=s>
                                                {crate::i18n::sheet_status(l, s)}
                                            </span>
                                        }
                                    })}
                            }
                                .into_any()
                        }
                        None => {
                            let fid = fid.clone();
                            view! {
                                <button
                                    class="btn chip mk-match"
                                    data-leg=k
                                    on:click=move |_| {
                                        make_leg(fid.clone(), k);
                                    }
                                >
                                    {tr(l, "ev.sched.make")}
                                    " "
                                    {tr(l, "ev.table_n").replace("{n}", &leg.table.to_string())}
                                </button>
                            }
                                .into_any()
                        }
                    })
                    .collect_view()}
                {(!bye)
                    .then(|| {
                        let fid_e = fid_ff.clone();
                        view! {
                            <details class="fx-more">
                                <summary>{tr(l, "ev.sched.more")}</summary>
                                <div class="chips blank-sheets">
                                    {f
                                        .legs
                                        .iter()
                                        .enumerate()
                                        .map(|(k, leg)| {
                                            let fid = fid_blank.clone();
                                            view! {
                                                <button
                                                    class="btn chip blank-sheet"
                                                    data-leg=k
                                                    on:click=move |_| blank_leg(fid.clone(), k)
                                                >
                                                    {tr(l, "share.blank")}
                                                    " · "
                                                    {tr(l, "ev.table_n").replace("{n}", &leg.table.to_string())}
                                                </button>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                <div class="chips">
                                    {(0..sides_n)
                                        .map(|k| {
                                            let fid = fid_ff.clone();
                                            let on = f.forfeits.contains(&k);
                                            let ask = tr(
                                                    l,
                                                    if on { "ev.confirm_unforfeit" } else { "ev.confirm_forfeit" },
                                                )
                                                .replace("{name}", &names.get(k).cloned().unwrap_or_default());
                                            view! {
                                                <button
                                                    class="btn chip forfeit"
                                                    data-side=k
                                                    class:selected=on
                                                    on:click=move |_| {
                                                        if !window().confirm_with_message(&ask).unwrap_or(false) {
                                                            return;
                                                        }
                                                        let fid = fid.clone();
                                                        mutate_comp(
                                                            Box::new(move |c| {
                                                                if let Some(f) = c.fixture_mut(&fid) {
                                                                    if f.forfeits.contains(&k) {
                                                                        f.forfeits.retain(|x| *x != k);
                                                                    } else {
                                                                        f.forfeits.push(k);
                                                                        crate::sort::sort(&mut f.forfeits);
                                                                    }
                                                                }
                                                                Ok(())
                                                            }),
                                                        );
                                                    }
                                                >
                                                    {tr(l, "ev.forfeit")}
                                                    ": "
                                                    {names.get(k).cloned().unwrap_or_default()}
                                                </button>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                {editable
                                    .then(|| {
                                        view! {
                                            <div class="edit-sides">
                                                {(0..sides_n)
                                                    .map(|k| {
                                                        let fid = fid_e.clone();
                                                        let cur = f
                                                            .sides
                                                            .get(k)
                                                            .and_then(|s| s.entrant().map(str::to_string));
                                                        view! {
                                                            <label class="seat-field">
                                                                <span>{format!("{} {}", tr(l, "ev.side"), k + 1)}</span>
                                                                <select
                                                                    class="side-select"
                                                                    data-side=k
                                                                    on:change=move |x| {
                                                                        let v = event_target_value(&x);
                                                                        let fid = fid.clone();
                                                                        mutate_comp(
                                                                            Box::new(move |c| {
                                                                                if schedule::set_side(c, &fid, k, &v) {
                                                                                    Ok(())
                                                                                } else {
                                                                                    Err(t("ev.sched.locked").to_string())
                                                                                }
                                                                            }),
                                                                        );
                                                                    }
                                                                >
                                                                    <option value="" selected=cur.is_none()>
                                                                        "—"
                                                                    </option>
                                                                    {entrants
                                                                        .iter()
                                                                        .map(|(id, n)| {
                                                                            view! {
                                                                                <option
                                                                                    value=id.clone()
                                                                                    selected=cur.as_deref() == Some(id.as_str())
                                                                                >
                                                                                    {n.clone()}
                                                                                </option>
                                                                            }
                                                                        })
                                                                        .collect_view()}
                                                                </select>
                                                            </label>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                        }
                                    })}
                            </details>
                        }
                    })}
            </div>
        </div>
    }
    .into_any()
}

/// What the desk is told of a leg whose match is not on this device: deleted here (restore
/// it on the home page) or not here at all (import its file); either way no new match is
/// made for it ([`tables::absent_legs`]).
pub(super) fn absent_text(l: Lang, a: &tables::AbsentLeg) -> String {
    let key = match a.place {
        tables::LegPlace::Deleted(_) => "ev.leg_deleted",
        _ => "ev.leg_missing",
    };
    tr(l, key).replace("{n}", &a.table.to_string())
}

/// What a number box holds as text: its value, or text that is no number at all (the
/// browser gives an empty value for a `type="number"` box holding letters, which would
/// otherwise read as "cleared") as `"?"`.
pub(super) fn typed_number(input: &web_sys::HtmlInputElement) -> String {
    let v = input.value();
    if v.trim().is_empty() && !input.check_validity() {
        "?".to_string()
    } else {
        v
    }
}
