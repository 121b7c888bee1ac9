//! The standings and results of one competition: print, PNG and CSV, the standings
//! table, the play-offs, the results table.

use super::*;

/// The standings section: print and export buttons, the standings table, the play-offs,
/// the results table.
#[component]
pub(super) fn CompStandings(cx: CompCtx) -> impl IntoView {
    let CompCtx { ev, comp, st, lang, .. } = cx;
    let event = move || cx.event();
    let mutate_comp = move |f: CompEdit| cx.mutate(f);
    let standings_png = move || {
        let (Some(e), Some(cm), Some(s)) = (ev.now(), comp.get_untracked(), st.get_untracked()) else { return };
        let l = lang.get_untracked();
        let doc = crate::record::share_doc::standings_doc(&e, &cm, &s, l, &fmt_time, now_ms());
        let name = crate::tournament::files::file_name(&[&e.name, &cm.name, tr(l, "ev.standings")], "png");
        crate::ui::parts::deliver_png(doc, name);
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
    view! {
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
                let cols = output::standings_columns(&cm);
                let fixtures = cm.fixtures_by_id();
                Some(
                    // Each result row names its fixture's sides: the fixtures found in one pass.
                    view! {
                        <p class="muted">{if s.complete { tr(l, "ev.complete") } else { tr(l, "ev.provisional") }}</p>
                        {s
                            .champion
                            .as_ref()
                            .map(|id| {
                                view! {
                                    <p class="verdict" id="champion">
                                        {tr(l, "ev.champion")}
                                        ": "
                                        {e.entrant_label(id)}
                                    </p>
                                }
                            })}
                        <div class="table-scroll">
                            <table class="sheet standings" id="standings">
                                <thead>
                                    <tr>
                                        {cols
                                            .iter()
                                            .map(|&x| {
                                                view! {
                                                    <th class=x.class() class:wide=x.wide()>
                                                        {tr(l, x.header())}
                                                    </th>
                                                }
                                            })
                                            .collect_view()}
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
                                                    {cols
                                                        .iter()
                                                        .map(|&x| {
                                                            view! {
                                                                <td class=x.class() class:wide=x.wide()>
                                                                    {x.cell(l, &e, &cm, r)}
                                                                </td>
                                                            }
                                                        })
                                                        .collect_view()}
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
                                        <th>{tr(l, output::score_header(&cm))}</th>
                                        <th>{tx("ev.col.winner")}</th>
                                        <th>{tx("ev.col.status")}</th>
                                    </tr>
                                </thead>
                                <tbody>
                                    {s
                                        .results
                                        .iter()
                                        .map(|r| {
                                            let names: Vec<String> = fixtures
                                                .get(r.fixture.as_str())
                                                .map(|(_, f)| {
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
                                                    <td class="tables">{output::tables_text(r)}</td>
                                                    <td>
                                                        {names
                                                            .iter()
                                                            .enumerate()
                                                            .map(|(k, n)| output::side_text(l, Some(r), k, n.clone()))
                                                            .collect::<Vec<_>>()
                                                            .join(" : ")}
                                                    </td>
                                                    <td class="score">{output::score_text(l, &cm, r)}</td>
                                                    <td>
                                                        {r
                                                            .winner
                                                            .and_then(|w| names.get(w).cloned())
                                                            .unwrap_or_default()}
                                                    </td>
                                                    <td class="status">{output::status(l, r)}</td>
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
                                                {tr(l, "ev.po.won").replace("{who}", &e.entrant_label(id))}
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
                                {tr(l, "ev.po.recorded").replace("{who}", &e.entrant_label(&winner))} " "
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
