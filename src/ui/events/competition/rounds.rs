//! The schedule of one competition: generating it, each round's fixtures with their
//! tables and matches, each table's pack of match files, the blank recording sheets.

use super::*;

/// The schedule section (rounds, fixtures, table packs) and the print preview of a
/// table's blank recording sheet.
#[component]
pub(super) fn CompRounds(cx: CompCtx) -> impl IntoView {
    let CompCtx { ev, cid, comp, st, lang } = cx;
    let c = ctx();
    let event = move || cx.event();
    let mutate_comp = move |f: CompEdit| cx.mutate(f);
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
    // Gives why nothing was made (the reason alone: the caller names the fixture or table).
    let try_leg = move |fixture: String, leg: usize| -> Result<(), String> {
        let missing = || t("ev.missing").to_string();
        let e = ev.now().ok_or_else(missing)?;
        let cm = e.competition(&cid.get_value()).cloned().ok_or_else(missing)?;
        let res = c.matches.with_untracked(|ms| standings::results(&cm, &owned(ms)));
        match tables::leg_match(&e, &cm, &fixture, leg, &res, now_ms()) {
            Err(x) => Err(leg_error_text(&x)),
            Ok((mut m, swapped)) => {
                let (round, table) = cm
                    .fixture(&fixture)
                    .map(|(r, f)| (r, f.legs.get(leg).map(|l| l.table).unwrap_or(0)))
                    .unwrap_or((0, 0));
                m.title = match_title(&e, &cm, round, table, &m, lang.get_untracked());
                let id = store_leg_match(m)?;
                let linked = mutate_comp(Box::new(move |c| {
                    if let Some(l) = c.fixture_mut(&fixture).and_then(|f| f.legs.get_mut(leg)) {
                        l.match_id = Some(id);
                        l.swapped = swapped;
                    }
                    Ok(())
                }));
                if linked {
                    Ok(())
                } else {
                    Err(ev.msg.get_untracked().map(|(_, x)| x).unwrap_or_default())
                }
            }
        }
    };
    let make_leg = move |fixture: String, leg: usize| -> bool {
        match try_leg(fixture.clone(), leg) {
            Ok(()) => true,
            Err(x) => {
                ev.error(format!("{fixture}: {x}"));
                false
            }
        }
    };
    // The print preview of a table's blank recording sheet (the paper backup of the leg's
    // match: its stored match when made, else the match the leg would get).
    let print = RwSignal::new(None::<crate::record::share_doc::ShareDoc>);
    // The round a long schedule shows (`None`: the current round, [`current_round`]).
    let open_round = RwSignal::new(None::<u32>);
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
    // The ids of the matches stored on this device, and of those deleted here whose copy is
    // kept until the next export (restorable on the home page): where each leg's match is
    // ([`tables::leg_place`]).
    let stored = Memo::new(move |_| {
        c.matches.with(|ms| ms.iter().map(|m| m.id.clone()).collect::<std::collections::HashSet<String>>())
    });
    let kept = Memo::new(move |_| {
        c.deleted_changed.track();
        store::deleted().into_iter().map(|d| d.id).collect::<std::collections::HashSet<String>>()
    });
    // Every leg of the round still without a match, made at once: the results read once,
    // each match stored, then one saved edit links them all (a round of 32 fixtures in a
    // schedule of 2,016 would otherwise read the results and save the event 32 times). What
    // failed is said once per reason, naming its tables (storage running full fails every
    // table after it alike).
    let make_round = move |round: u32| {
        let Some(e) = ev.now() else { return };
        let Some(cm) = e.competition(&cid.get_value()).cloned() else { return };
        // Legs whose match is not on this device get no new one (tables::absent_legs):
        // each is named with what to do.
        let absent = stored.with_untracked(|s| {
            kept.with_untracked(|k| tables::absent_legs(&cm, round, |id| s.contains(id), |id| k.contains(id)))
        });
        let l = lang.get_untracked();
        let res = c.matches.with_untracked(|ms| standings::results(&cm, &owned(ms)));
        let by_id = cm.fixtures_by_id();
        let mut failed: Vec<(u32, String)> = Vec::new();
        let mut links: Vec<(String, usize, String, bool)> = Vec::new();
        let mut linked_tables: Vec<u32> = Vec::new();
        for (fixture, leg, made) in tables::round_leg_matches(&e, &cm, round, &res, now_ms()) {
            let table = by_id.get(fixture.as_str()).and_then(|(_, f)| f.legs.get(leg)).map(|x| x.table).unwrap_or(0);
            match made {
                Err(x) => failed.push((table, leg_error_text(&x))),
                Ok((mut m, swapped)) => {
                    m.title = match_title(&e, &cm, round, table, &m, l);
                    match store_leg_match(m) {
                        Ok(id) => {
                            links.push((fixture, leg, id, swapped));
                            linked_tables.push(table);
                        }
                        Err(x) => failed.push((table, x)),
                    }
                }
            }
        }
        let mut made = links.len();
        if made > 0 {
            ev.msg.set(None);
            let linked = mutate_comp(Box::new(move |c| {
                for (fixture, leg, id, swapped) in links {
                    if let Some(l) = c.fixture_mut(&fixture).and_then(|f| f.legs.get_mut(leg)) {
                        l.match_id = Some(id);
                        l.swapped = swapped;
                    }
                }
                Ok(())
            }));
            if !linked {
                made = 0;
                let why = ev.msg.get_untracked().filter(|(error, _)| *error).map(|(_, x)| x).unwrap_or_default();
                failed.extend(linked_tables.into_iter().map(|table| (table, why.clone())));
            }
        }
        let mut lines: Vec<String> = tables::failures_by_reason(&failed)
            .into_iter()
            .map(|(ts, why)| {
                let ts = ts.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                t("ev.sched.not_made").replace("{t}", &ts).replace("{why}", &why)
            })
            .collect();
        lines.extend(absent.iter().map(|a| format!("{}: {}", a.fixture, absent_text(l, a))));
        let done = (made > 0).then(|| format!("{} {made}", t("ev.sched.made")));
        if !lines.is_empty() {
            ev.error(done.into_iter().chain(lines).collect::<Vec<_>>().join(" · "));
        } else if let Some(x) = done {
            ev.ok(x);
        } else {
            ev.ok(t("ev.sched.all_made").to_string());
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
    view! {
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
                let results = standings::results_by_fixture(&s.results);
                let entrants: Vec<(String, String)> = cm
                    .entrants
                    .iter()
                    .map(|id| (id.clone(), e.entrant_label(id)))
                    .collect();
                let fixtures: usize = cm.rounds.iter().map(|r| r.fixtures.len()).sum();
                let shown = (fixtures > ALL_ROUNDS_UP_TO)
                    .then(|| open_round.get().filter(|n| cm.rounds.iter().any(|r| r.number == *n)))
                    .map(|opened| opened.or_else(|| current_round(&cm, &s)));
                Some(
                    // The side lists of every fixture offer the same entrants: labelled once.
                    // A long schedule shows one round's fixtures (the others collapsed, each with its
                    // button to create its matches and one to show it).
                    view! {
                        {shown
                            .is_some()
                            .then(|| {
                                view! {
                                    <p class="muted no-print" id="rounds-collapsed">
                                        {tr(l, "ev.sched.collapsed")}
                                    </p>
                                }
                            })}
                        {cm
                            .rounds
                            .iter()
                            .map(|r| {
                                let number = r.number;
                                let open = shown.is_none_or(|k| k == Some(number));
                                view! {
                                    <div class="round" data-round=number class:collapsed=!open>
                                        <h3>
                                            {tr(l, "ev.round_n").replace("{n}", &number.to_string())}" "
                                            <button
                                                class="btn chip no-print mk-round"
                                                data-round=number
                                                on:click=move |_| make_round(number)
                                            >
                                                {tx("ev.sched.make_round")}
                                            </button>
                                            {(!open)
                                                .then(|| {
                                                    view! {
                                                        " "
                                                        <button
                                                            class="btn chip no-print show-round"
                                                            data-round=number
                                                            on:click=move |_| open_round.set(Some(number))
                                                        >
                                                            {tr(l, "ev.sched.show_round")
                                                                .replace("{n}", &r.fixtures.len().to_string())}
                                                        </button>
                                                    }
                                                })}
                                        </h3>
                                        {open
                                            .then(|| {
                                                view! {
                                                    <div class="schedule">
                                                        {r
                                                            .fixtures
                                                            .iter()
                                                            .map(|f| fixture_row(
                                                                &e,
                                                                &cm,
                                                                f,
                                                                results.get(f.id.as_str()).map(|x| (*x).clone()),
                                                                &entrants,
                                                                l,
                                                                mutate_comp,
                                                                make_leg,
                                                                blank_leg,
                                                                stored
                                                                    .with(|s| {
                                                                        kept.with(|k| {
                                                                            f.legs
                                                                                .iter()
                                                                                .map(|x| tables::leg_place(
                                                                                    x,
                                                                                    |id| s.contains(id),
                                                                                    |id| k.contains(id),
                                                                                ))
                                                                                .collect()
                                                                        })
                                                                    }),
                                                            ))
                                                            .collect_view()}
                                                    </div>
                                                }
                                            })}
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
    }
}

/// The title of a table's match made from the schedule: event · competition · round ·
/// table · the sides as the match names them, at most 200 characters.
fn match_title(e: &Event, cm: &Competition, round: u32, table: u32, m: &Match, l: Lang) -> String {
    let names = m.setup.participants();
    let title = format!(
        "{} · {} · {} · {} · {names}",
        e.name,
        cm.name,
        tr(l, "ev.round_n").replace("{n}", &round.to_string()),
        tr(l, "ev.table_n").replace("{n}", &table.to_string())
    );
    title.chars().take(200).collect()
}

/// Stores a leg's match unless a match of its id is on the device already (made for the
/// same fixture, leg, entrants and seats: the id names them, [`tables::leg_match_id`]);
/// the id to link, or the translated error.
fn store_leg_match(m: Match) -> Result<String, String> {
    if ctx().matches.with_untracked(|ms| ms.iter().any(|x| x.id == m.id)) {
        Ok(m.id)
    } else {
        create_match(m)
    }
}

/// Schedules of more fixtures than this show one round's fixtures at a time (the current
/// round, or the one the referee opens): 64 entrants play 2,016 fixtures, each a row with
/// its buttons and side lists. A round robin of 16 entrants (120 fixtures) shows them all.
const ALL_ROUNDS_UP_TO: usize = 120;

/// The round whose fixtures a long schedule shows when the referee has opened none: the
/// first with a fixture not done, else the last.
fn current_round(cm: &Competition, s: &Standings) -> Option<u32> {
    let open: std::collections::HashSet<&str> =
        s.results.iter().filter(|r| !r.done).map(|r| r.fixture.as_str()).collect();
    cm.rounds
        .iter()
        .find(|r| r.fixtures.iter().any(|f| open.contains(f.id.as_str())))
        .or(cm.rounds.last())
        .map(|r| r.number)
}
