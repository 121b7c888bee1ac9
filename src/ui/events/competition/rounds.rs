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
                let id = if exists { m.id.clone() } else { create_match(m)? };
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
    // Every leg of the round without a match, each tried once; what failed is said once per
    // reason, naming its tables (storage running full fails every table after it alike).
    let make_round = move |round: u32| {
        let Some(cm) = comp.get_untracked() else { return };
        let mut made = 0;
        let mut failed: Vec<(u32, String)> = Vec::new();
        if let Some(r) = cm.rounds.iter().find(|r| r.number == round) {
            for f in &r.fixtures {
                for (k, l) in f.legs.iter().enumerate() {
                    if l.match_id.is_some() {
                        continue;
                    }
                    match try_leg(f.id.clone(), k) {
                        Ok(()) => made += 1,
                        Err(x) => failed.push((l.table, x)),
                    }
                }
            }
        }
        let done = (made > 0).then(|| format!("{} {made}", t("ev.sched.made")));
        if failed.is_empty() {
            if let Some(x) = done {
                ev.ok(x);
            }
            return;
        }
        let lines = tables::failures_by_reason(&failed).into_iter().map(|(ts, why)| {
            let ts = ts.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
            t("ev.sched.not_made").replace("{t}", &ts).replace("{why}", &why)
        });
        ev.error(done.into_iter().chain(lines).collect::<Vec<_>>().join(" · "));
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
    }
}
