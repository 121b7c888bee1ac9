//! One competition's tab: format, draw, schedule with table assignments and each table's
//! match, standings and results with print and CSV.

use super::*;

/// An edit of one competition (applied to a copy, validated, saved).
pub(super) type CompEdit = Box<dyn FnOnce(&mut Competition) -> Result<(), String>>;

#[component]
pub(super) fn CompetitionTab(ev: Ev, cid: String, tab: RwSignal<String>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let cid = StoredValue::new(cid);
    let comp = Memo::new(move |_| ev.ev.with(|e| e.as_ref().and_then(|e| e.competition(&cid.get_value()).cloned())));
    let st: Memo<Option<Standings>> = Memo::new(move |_| {
        let comp = comp.get()?;
        Some(c.matches.with(|ms| standings::standings(&comp, &owned(ms))))
    });
    let event = move || ev.ev.get().expect("event present");
    let mutate_comp = move |f: CompEdit| {
        let id = cid.get_value();
        ev.mutate(move |e| match e.competition_mut(&id) {
            Some(c) => f(c),
            None => Err(t("ev.missing").to_string()),
        })
    };
    let seed = RwSignal::new(String::new());
    let json = RwSignal::new(String::new());
    let do_draw = move |s: u64| {
        if comp.get_untracked().is_some_and(|c| !c.match_ids().is_empty())
            && !window().confirm_with_message(t("ev.draw.confirm_redo")).unwrap_or(false)
        {
            return;
        }
        mutate_comp(Box::new(move |c| {
            draw::draw(c, s);
            c.rounds.clear();
            Ok(())
        }));
    };
    let generate = move |_| {
        if comp.get_untracked().is_some_and(|c| !c.match_ids().is_empty())
            && !window().confirm_with_message(t("ev.sched.confirm_redo")).unwrap_or(false)
        {
            return;
        }
        mutate_comp(Box::new(|c| {
            if c.entrants.len() < 2 {
                return Err(t("ev.sched.too_few").to_string());
            }
            schedule::generate(c);
            Ok(())
        }));
    };
    // Creates (or links) the match of one leg. A stored match of the same id was made for
    // the same fixture, leg, entrants and seats (the id names them, tables::leg_match_id):
    // the schedule made again from the same draw, or a table that made it first. A match of
    // another pairing (before a new draw) has another id and is left as it is.
    let make_leg = move |fixture: String, leg: usize| -> bool {
        let Some(e) = ev.now() else { return false };
        let Some(cm) = e.competition(&cid.get_value()).cloned() else { return false };
        let res = c.matches.with_untracked(|ms| standings::results(&cm, &owned(ms)));
        match tables::leg_match(&e, &cm, &fixture, leg, &res, now_ms()) {
            Err(x) => {
                ev.error(format!("{fixture}: {}", leg_error_text(&x)));
                false
            }
            Ok((mut m, swapped)) => {
                let (round, table) = cm
                    .fixture(&fixture)
                    .map(|(r, f)| (r, f.legs.get(leg).map(|l| l.table).unwrap_or(0)))
                    .unwrap_or((0, 0));
                let names = m.setup.participants();
                let title = format!(
                    "{} · {} · {} · {} · {names}",
                    e.name,
                    cm.name,
                    tr(lang.get_untracked(), "ev.round_n").replace("{n}", &round.to_string()),
                    tr(lang.get_untracked(), "ev.table_n").replace("{n}", &table.to_string())
                );
                m.title = title.chars().take(200).collect();
                let exists = c.matches.with_untracked(|ms| ms.iter().any(|x| x.id == m.id));
                let id = if exists {
                    m.id.clone()
                } else {
                    match create_match(m) {
                        Ok(id) => id,
                        Err(x) => {
                            ev.error(x);
                            return false;
                        }
                    }
                };
                mutate_comp(Box::new(move |c| {
                    if let Some(l) = c.fixture_mut(&fixture).and_then(|f| f.legs.get_mut(leg)) {
                        l.match_id = Some(id);
                        l.swapped = swapped;
                    }
                    Ok(())
                }))
            }
        }
    };
    // The print preview of a table's blank recording sheet (the paper backup of the leg's
    // match: its stored match when made, else the match the leg would get).
    let print = RwSignal::new(None::<crate::record::share_doc::ShareDoc>);
    let blank_leg = move |fixture: String, leg: usize| {
        let Some(e) = ev.now() else { return };
        let Some(cm) = e.competition(&cid.get_value()).cloned() else { return };
        let Some((round, l)) = cm.fixture(&fixture).and_then(|(r, f)| f.legs.get(leg).map(|l| (r, l.clone()))) else {
            return;
        };
        let stored =
            l.match_id.as_ref().and_then(|id| c.matches.with_untracked(|ms| ms.iter().find(|m| &m.id == id).cloned()));
        let m = match stored {
            Some(m) => (*m).clone(),
            None => {
                let res = c.matches.with_untracked(|ms| standings::results(&cm, &owned(ms)));
                match tables::leg_match(&e, &cm, &fixture, leg, &res, now_ms()) {
                    Ok((m, _)) => m,
                    Err(x) => {
                        ev.error(format!("{fixture}: {}", leg_error_text(&x)));
                        return;
                    }
                }
            }
        };
        let place = crate::record::share_doc::Fixture {
            event: e.name.clone(),
            competition: cm.name.clone(),
            round,
            table: l.table,
        };
        print.set(Some(crate::record::share_doc::blank_doc(&m.setup, &m.title, lang.get_untracked(), Some(&place))));
    };
    let standings_png = move || {
        let (Some(e), Some(cm), Some(s)) = (ev.now(), comp.get_untracked(), st.get_untracked()) else { return };
        let l = lang.get_untracked();
        let doc = crate::record::share_doc::standings_doc(&e, &cm, &s, l, &fmt_time, now_ms());
        let name = crate::tournament::files::file_name(&[&e.name, &cm.name, tr(l, "ev.standings")], "png");
        crate::ui::parts::deliver_png(doc, name);
    };
    let make_round = move |round: u32| {
        let Some(cm) = comp.get_untracked() else { return };
        let mut made = 0;
        // Each leg's success clears the message line: the failures are kept and shown last.
        let mut failed: Vec<String> = Vec::new();
        if let Some(r) = cm.rounds.iter().find(|r| r.number == round) {
            for f in &r.fixtures {
                for (k, l) in f.legs.iter().enumerate() {
                    if l.match_id.is_some() {
                        continue;
                    }
                    ev.msg.set(None);
                    if make_leg(f.id.clone(), k) {
                        made += 1;
                    } else if let Some((true, x)) = ev.msg.get_untracked() {
                        failed.push(x);
                    }
                }
            }
        }
        let done = (made > 0).then(|| format!("{} {made}", t("ev.sched.made")));
        if !failed.is_empty() {
            ev.error(done.into_iter().chain(failed).collect::<Vec<_>>().join(" · "));
        } else if let Some(x) = done {
            ev.ok(x);
        }
    };
    let table_pack = move |table: u32| {
        let (Some(e), Some(cm)) = (ev.now(), comp.get_untracked()) else { return };
        let ids: Vec<String> = cm
            .rounds
            .iter()
            .flat_map(|r| &r.fixtures)
            .flat_map(|f| &f.legs)
            .filter(|l| l.table == table)
            .filter_map(|l| l.match_id.clone())
            .collect();
        let ms: Vec<Match> =
            c.matches.with_untracked(|ms| ms.iter().filter(|m| ids.contains(&m.id)).map(|m| (**m).clone()).collect());
        if ms.is_empty() {
            ev.error(t("ev.sched.no_matches"));
            return;
        }
        let table = format!("T{table}");
        let name = crate::tournament::files::file_name(&[&e.name, &cm.name, &table], "json");
        io::export(&ms, &[], &name, false);
    };
    let csv = move |which: &'static str| {
        let (Some(e), Some(cm), Some(s)) = (ev.now(), comp.get_untracked(), st.get_untracked()) else { return };
        let l = lang.get_untracked();
        let text = if which == "standings" {
            output::standings_csv(&e, &cm, &s, l)
        } else {
            output::results_csv(&e, &cm, &s, l)
        };
        download(
            &format!("{}-{}-{which}.csv", safe_name(&e.name), safe_name(&cm.name)),
            "text/csv;charset=utf-8",
            &text,
        );
    };
    let remove = move |_| {
        if !window().confirm_with_message(t("ev.comp.confirm_delete")).unwrap_or(false) {
            return;
        }
        let id = cid.get_value();
        if ev.mutate(|e| {
            e.competitions.retain(|c| c.id != id);
            Ok(())
        }) {
            tab.set("entrants".into());
        }
    };
    view! {
        <section class="ev-comp" data-competition=move || cid.get_value()>
            {move || {
                comp.get()
                    .map(|cm| {
                        let l = lang.get();
                        let e = event();
                        let entrants: Vec<Entrant> = e.entrants.clone();
                        let cm2 = cm.clone();
                        view! {
                            <div class="print-head">
                                <h2 id="comp-title">{cm.name.clone()}</h2>
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
                                <ul>
                                    {scoring_lines(l, &cm).into_iter().map(|x| view! { <li>{x}</li> }).collect_view()}
                                </ul>
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
                                                    {en.name.clone()}
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
            <section class="ev-draw no-print">
                <h2>{tx("ev.draw")}</h2>
                <p class="muted">{tx("ev.draw.help")}</p>
                <label class="field-label" for="draw-seed">
                    {tx("ev.draw.seed")}
                </label>
                <div class="draw-row">
                    <input
                        id="draw-seed"
                        inputmode="numeric"
                        placeholder=move || t("ev.draw.seed")
                        prop:value=move || seed.get()
                        on:input=move |x| seed.set(event_target_value(&x))
                    />
                    <button
                        class="btn primary"
                        id="draw-go"
                        on:click=move |_| match draw::seed_from_text(&seed.get_untracked()) {
                            Some(s) => do_draw(s),
                            None => ev.error(t("ev.draw.seed_needed")),
                        }
                    >
                        {tx("ev.draw.go")}
                    </button>
                    <button
                        class="btn"
                        id="draw-tap"
                        on:click=move |_| {
                            let s = (js_sys::Math::random() * 1e9) as u64 ^ (now_ms() as u64 % 1000);
                            seed.set(s.to_string());
                            do_draw(s);
                        }
                    >
                        {tx("ev.draw.tap")}
                    </button>
                </div>
                {move || {
                    comp.get()
                        .map(|cm| {
                            let e = event();
                            let seed_line = cm
                                .draw
                                .seed
                                .map(|s| format!("{}: {s}", t("ev.draw.seed")))
                                .unwrap_or_else(|| t("ev.draw.manual").to_string());
                            view! {
                                <p class="muted" id="draw-seed-used">
                                    {seed_line}
                                </p>
                                <table class="sheet draw" id="draw-table">
                                    <thead>
                                        <tr>
                                            <th>{tx("ev.col.draw")}</th>
                                            <th>{tx("ev.col.entrant")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>
                                        {cm
                                            .by_draw()
                                            .into_iter()
                                            .map(|id| {
                                                let n = cm.draw.numbers.get(&id).copied();
                                                let id2 = id.clone();
                                                view! {
                                                    <tr data-entrant=id.clone()>
                                                        <td>
                                                            <input
                                                                type="number"
                                                                min="1"
                                                                class="draw-num"
                                                                prop:value=n.map(|x| x.to_string()).unwrap_or_default()
                                                                on:change=move |x| {
                                                                    let v: Option<u32> = event_target_value(&x)
                                                                        .trim()
                                                                        .parse()
                                                                        .ok();
                                                                    let id = id2.clone();
                                                                    let taken = comp
                                                                        .get_untracked()
                                                                        .is_some_and(|c| {
                                                                            c.draw
                                                                                .numbers
                                                                                .iter()
                                                                                .any(|(k, n)| *k != id && Some(*n) == v)
                                                                        });
                                                                    if taken {
                                                                        ev.error(t("ev.draw.dup"));
                                                                        return;
                                                                    }
                                                                    mutate_comp(
                                                                        Box::new(move |c| {
                                                                            c.draw.seed = None;
                                                                            match v {
                                                                                Some(v) if v > 0 => {
                                                                                    c.draw.numbers.insert(id, v);
                                                                                }
                                                                                _ => {
                                                                                    c.draw.numbers.remove(&id);
                                                                                }
                                                                            }
                                                                            Ok(())
                                                                        }),
                                                                    );
                                                                }
                                                            />
                                                        </td>
                                                        <td>{e.entrant_name(&id)}</td>
                                                    </tr>
                                                }
                                            })
                                            .collect_view()}
                                    </tbody>
                                </table>
                                {cm
                                    .groups()
                                    .map(|gs| {
                                        view! {
                                            <div class="ev-groups" id="groups">
                                                <h3>{tx("ev.groups")}</h3>
                                                <ul>
                                                    {gs
                                                        .into_iter()
                                                        .enumerate()
                                                        .map(|(k, g)| {
                                                            let names = g
                                                                .iter()
                                                                .map(|id| e.entrant_name(id))
                                                                .collect::<Vec<_>>()
                                                                .join(" · ");
                                                            view! {
                                                                <li data-group=k
                                                                    + 1>
                                                                    {move || {
                                                                        tr(lang.get(), "ev.group_n")
                                                                            .replace("{n}", &(k + 1).to_string())
                                                                    }}": "{names}
                                                                </li>
                                                            }
                                                        })
                                                        .collect_view()}
                                                </ul>
                                            </div>
                                        }
                                    })}
                            }
                        })
                }}
            </section>
            <section class="ev-schedule">
                <h2>{tx("ev.schedule")}</h2>
                <div class="actions no-print">
                    <button class="btn primary" id="gen-schedule" on:click=generate>
                        {tx("ev.sched.generate")}
                    </button>
                </div>
                {move || {
                    comp.get()
                        .map(|cm| {
                            let w = schedule::check(&cm);
                            let e = event();
                            (!w.is_empty())
                                .then(|| {
                                    view! {
                                        <div class="banner warn no-print" role="alert" id="sched-warnings">
                                            <ul>
                                                {w
                                                    .into_iter()
                                                    .map(|x| {
                                                        view! { <li>{warning_text(lang.get_untracked(), &e, &x)}</li> }
                                                    })
                                                    .collect_view()}
                                            </ul>
                                        </div>
                                    }
                                })
                        })
                }}
                {move || {
                    let cm = comp.get()?;
                    let s = st.get()?;
                    let e = event();
                    let l = lang.get();
                    let tables_used: std::collections::BTreeSet<u32> = cm
                        .rounds
                        .iter()
                        .flat_map(|r| &r.fixtures)
                        .flat_map(|f| &f.legs)
                        .filter(|l| l.match_id.is_some())
                        .map(|l| l.table)
                        .collect();
                    Some(
                        view! {
                            {cm
                                .rounds
                                .iter()
                                .map(|r| {
                                    let number = r.number;
                                    view! {
                                        <div class="round" data-round=number>
                                            <h3>
                                                {tr(l, "ev.round_n").replace("{n}", &number.to_string())}" "
                                                <button
                                                    class="btn chip no-print mk-round"
                                                    data-round=number
                                                    on:click=move |_| make_round(number)
                                                >
                                                    {tx("ev.sched.make_round")}
                                                </button>
                                            </h3>
                                            <div class="schedule">
                                                {r
                                                    .fixtures
                                                    .iter()
                                                    .map(|f| fixture_row(
                                                        &e,
                                                        &cm,
                                                        f,
                                                        s.results.iter().find(|x| x.fixture == f.id).cloned(),
                                                        l,
                                                        mutate_comp,
                                                        make_leg,
                                                        blank_leg,
                                                    ))
                                                    .collect_view()}
                                            </div>
                                        </div>
                                    }
                                })
                                .collect_view()}
                            {(!tables_used.is_empty())
                                .then(|| {
                                    view! {
                                        <div class="actions no-print table-packs">
                                            <span class="muted">{tx("ev.sched.packs")}</span>
                                            {tables_used
                                                .into_iter()
                                                .map(|tno| {
                                                    view! {
                                                        <button
                                                            class="btn chip table-pack"
                                                            data-table=tno
                                                            on:click=move |_| table_pack(tno)
                                                        >
                                                            {tr(l, "ev.table_n").replace("{n}", &tno.to_string())}
                                                        </button>
                                                    }
                                                })
                                                .collect_view()}
                                        </div>
                                    }
                                })}
                        },
                    )
                }}
            </section>
            <crate::ui::parts::PrintSheet doc=print />
            <section class="ev-standings">
                <h2>{tx("ev.standings")}</h2>
                <div class="actions no-print">
                    <button
                        class="btn"
                        id="ev-print"
                        on:click=move |_| {
                            let _ = window().print();
                        }
                    >
                        {tx("ev.print")}
                    </button>
                    <button class="btn" id="ev-standings-png" on:click=move |_| standings_png()>
                        {tx("share.standings_png")}
                    </button>
                    <button class="btn" id="csv-standings" on:click=move |_| csv("standings")>
                        {tx("ev.csv_standings")}
                    </button>
                    <button class="btn" id="csv-results" on:click=move |_| csv("results")>
                        {tx("ev.csv_results")}
                    </button>
                </div>
                {move || {
                    let cm = comp.get()?;
                    let s = st.get()?;
                    let e = event();
                    let l = lang.get();
                    let groups = matches!(cm.format, Format::Groups { .. }) || cm.groups().is_some();
                    let rr_groups = cm.groups().is_some();
                    Some(
                        view! {
                            <p class="muted">
                                {if s.complete { tr(l, "ev.complete") } else { tr(l, "ev.provisional") }}
                            </p>
                            {s
                                .champion
                                .as_ref()
                                .map(|id| {
                                    view! {
                                        <p class="verdict" id="champion">
                                            {tr(l, "ev.champion")}
                                            ": "
                                            {e.entrant_name(id)}
                                        </p>
                                    }
                                })}
                            <div class="table-scroll">
                                <table class="sheet standings" id="standings">
                                    <thead>
                                        <tr>
                                            <th class="rank">{tx("ev.col.rank")}</th>
                                            {groups.then(|| view! { <th class="group">{tx("ev.col.group")}</th> })}
                                            {rr_groups
                                                .then(|| {
                                                    view! { <th class="group-rank">{tx("ev.col.group_rank")}</th> }
                                                })}
                                            <th class="draw">{tx("ev.col.draw")}</th>
                                            <th class="name">{tx("ev.col.entrant")}</th>
                                            <th>{tx("ev.col.played")}</th>
                                            <th class="won">{tx("ev.col.won")}</th>
                                            <th class="drawn">{tx("ev.col.drawn")}</th>
                                            <th class="lost">{tx("ev.col.lost")}</th>
                                            <th class="total">{tx("ev.col.total")}</th>
                                            <th class="pf">{tx("ev.col.for")}</th>
                                            <th class="pa">{tx("ev.col.against")}</th>
                                            <th class="dw">{tx("ev.col.double_wins")}</th>
                                            <th class="ff">{tx("ev.col.forfeits")}</th>
                                            <th class="note">{tx("ev.col.note")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>
                                        {s
                                            .rows
                                            .iter()
                                            .map(|r| {
                                                view! {
                                                    <tr
                                                        class="st-row"
                                                        class:cancelled=r.cancelled
                                                        class:playoff=r.playoff
                                                        data-entrant=r.entrant.clone()
                                                    >
                                                        <td class="rank">
                                                            {r
                                                                .rank
                                                                .map(|x| x.to_string())
                                                                .unwrap_or_else(|| "—".into())}
                                                        </td>
                                                        {groups
                                                            .then(|| {
                                                                view! {
                                                                    <td class="group">
                                                                        {r.group.map(|g| g.to_string()).unwrap_or_default()}
                                                                    </td>
                                                                }
                                                            })}
                                                        {rr_groups
                                                            .then(|| {
                                                                view! {
                                                                    <td class="group-rank">
                                                                        {r
                                                                            .group_rank
                                                                            .map(|g| g.to_string())
                                                                            .unwrap_or_else(|| "—".into())}
                                                                    </td>
                                                                }
                                                            })}
                                                        <td class="draw">
                                                            {cm
                                                                .draw
                                                                .numbers
                                                                .get(&r.entrant)
                                                                .map(|x| x.to_string())
                                                                .unwrap_or_default()}
                                                        </td>
                                                        <td class="name">{e.entrant_name(&r.entrant)}</td>
                                                        <td>{r.played}</td>
                                                        <td class="won">{r.won}</td>
                                                        <td class="drawn">{r.drawn}</td>
                                                        <td class="lost">{r.lost}</td>
                                                        <td class="total">{r.total}</td>
                                                        <td class="pf">{r.points_for}</td>
                                                        <td class="pa">{r.points_against}</td>
                                                        <td class="dw">{r.double_wins}</td>
                                                        <td class="ff">{r.forfeits}</td>
                                                        <td class="note">
                                                            {output::row_note(l, r)}
                                                            {(r.pending > 0)
                                                                .then(|| format!(" {} {}", r.pending, tr(l, "ev.pending")))}
                                                        </td>
                                                    </tr>
                                                }
                                            })
                                            .collect_view()}
                                    </tbody>
                                </table>
                            </div>
                            <Playoffs s=s.clone() cm=cm.clone() e=e.clone() mutate_comp=mutate_comp />
                            <h2>{tx("ev.results")}</h2>
                            <div class="table-scroll">
                                <table class="sheet results" id="results">
                                    <thead>
                                        <tr>
                                            <th>{tx("ev.col.round")}</th>
                                            <th>{tx("ev.col.tables")}</th>
                                            <th>{tx("ev.col.sides")}</th>
                                            <th>{tx("ev.col.score")}</th>
                                            <th>{tx("ev.col.winner")}</th>
                                            <th>{tx("ev.col.status")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>
                                        {s
                                            .results
                                            .iter()
                                            .map(|r| {
                                                let fx = cm.fixture(&r.fixture).map(|(_, f)| f.clone());
                                                let names: Vec<String> = fx
                                                    .as_ref()
                                                    .map(|f| {
                                                        f.sides
                                                            .iter()
                                                            .enumerate()
                                                            .map(|(k, sl)| slot_name(l, &e, Some(r), k, sl))
                                                            .collect()
                                                    })
                                                    .unwrap_or_default();
                                                view! {
                                                    <tr class="res-row" data-fixture=r.fixture.clone()>
                                                        <td>{r.round}</td>
                                                        <td>
                                                            {r
                                                                .legs
                                                                .iter()
                                                                .map(|x| x.table.to_string())
                                                                .collect::<Vec<_>>()
                                                                .join(" ")}
                                                        </td>
                                                        <td>{names.join(" : ")}</td>
                                                        <td class="score">
                                                            {if r.bye || !(r.started || r.done) {
                                                                String::new()
                                                            } else {
                                                                r.score
                                                                    .iter()
                                                                    .map(|x| x.to_string())
                                                                    .collect::<Vec<_>>()
                                                                    .join(" : ")
                                                            }}
                                                        </td>
                                                        <td>
                                                            {r
                                                                .winner
                                                                .and_then(|w| names.get(w).cloned())
                                                                .unwrap_or_default()}
                                                        </td>
                                                        <td>{output::status(l, r)}</td>
                                                    </tr>
                                                }
                                            })
                                            .collect_view()}
                                    </tbody>
                                </table>
                            </div>
                        },
                    )
                }}
            </section>
        </section>
    }
}

/// The play-offs (加赛) of the standings: for each group of entrants level on everything with
/// nothing left to play, one button per entrant records it as the winner of their play-off
/// game ([`crate::tournament::Playoff`]: order only, no points); a recorded one can be removed.
#[component]
fn Playoffs(
    s: Standings,
    cm: Competition,
    e: Event,
    mutate_comp: impl Fn(CompEdit) -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = ctx().lang;
    let l = lang.get_untracked();
    // Level groups: rows marked for a play-off, by shared place.
    let mut groups: Vec<Vec<String>> = Vec::new();
    for r in s.rows.iter().filter(|r| r.playoff) {
        match groups.last_mut() {
            Some(g) if s.row(&g[0]).map(|x| x.rank) == Some(r.rank) => g.push(r.entrant.clone()),
            _ => groups.push(vec![r.entrant.clone()]),
        }
    }
    let counted: Vec<(usize, String)> = cm
        .playoffs
        .iter()
        .enumerate()
        .filter(|(_, p)| p.entrants.iter().all(|id| s.row(id).is_some_and(|r| r.by_playoff)))
        .map(|(k, p)| (k, p.winner.clone()))
        .collect();
    (!groups.is_empty() || !counted.is_empty()).then(|| {
        view! {
            <div class="ev-playoffs" id="playoffs">
                <h3>{tr(l, "ev.po.title")}</h3>
                <p class="muted">{tr(l, "ev.po.hint")}</p>
                {groups
                    .into_iter()
                    .map(|g| {
                        view! {
                            <div class="chips playoff-group">
                                {g
                                    .iter()
                                    .map(|id| {
                                        let who = id.clone();
                                        let all = g.clone();
                                        view! {
                                            <button
                                                class="btn chip playoff-win"
                                                data-entrant=id.clone()
                                                on:click=move |_| {
                                                    let p = crate::tournament::Playoff {
                                                        entrants: all.clone(),
                                                        winner: who.clone(),
                                                    };
                                                    mutate_comp(
                                                        Box::new(move |c| {
                                                            c.playoffs.push(p);
                                                            Ok(())
                                                        }),
                                                    );
                                                }
                                            >
                                                {tr(l, "ev.po.won").replace("{who}", &e.entrant_name(id))}
                                            </button>
                                        }
                                    })
                                    .collect_view()}
                            </div>
                        }
                    })
                    .collect_view()}
                {counted
                    .into_iter()
                    .map(|(k, winner)| {
                        view! {
                            <p class="playoff-recorded">
                                {tr(l, "ev.po.recorded").replace("{who}", &e.entrant_name(&winner))} " "
                                <button
                                    class="btn small playoff-remove"
                                    on:click=move |_| {
                                        mutate_comp(
                                            Box::new(move |c| {
                                                if k < c.playoffs.len() {
                                                    c.playoffs.remove(k);
                                                }
                                                Ok(())
                                            }),
                                        );
                                    }
                                >
                                    {tr(l, "ev.po.remove")}
                                </button>
                            </p>
                        }
                    })
                    .collect_view()}
            </div>
        }
    })
}
