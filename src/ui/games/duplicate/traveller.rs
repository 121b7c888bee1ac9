//! 双升 match summary, travellers (both tables of every board), the summary table and the result sheet.

use super::*;

/// The two team cards: total, boards won, and the verdict.
#[component]
pub(super) fn Summary(setup: Signal<DuplicateSetup>, v: Signal<DuplicateView>) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <div class="scoreboard dup-score" id="dup-summary">
            {move || {
                let s = setup.get();
                let view = v.get();
                Team::BOTH
                    .into_iter()
                    .map(|team| {
                        let total = view.totals.totals.get(&team).copied().unwrap_or(0);
                        let won = view.totals.boards_won.get(&team).copied().unwrap_or(0);
                        let lead = matches!(view.verdict, DuplicateVerdict::Winner { team: w, .. } if w == team)
                            && view.scored > 0;
                        view! {
                            <div class=format!(
                                "team {}{}",
                                if team == Team::A { "team-a" } else { "team-b" },
                                if lead { " declarer" } else { "" },
                            )>
                                <div class="team-name">{s.team_name(team)}</div>
                                <div class="level" id=format!("dup-total-{team:?}")>
                                    {signed(total)}
                                </div>
                                <div class="muted">
                                    {t("dup.boards_won")}" "<span id=format!("dup-won-{team:?}")>{won}</span>
                                </div>
                                <div class="players muted">
                                    {format!(
                                        "{} {}: {}",
                                        t("dup.table_short"),
                                        1,
                                        crate::i18n::team_side(lang.get(), s.side(team, 1)),
                                    )}" · "
                                    {format!(
                                        "{} {}: {}",
                                        t("dup.table_short"),
                                        2,
                                        crate::i18n::team_side(lang.get(), s.side(team, 2)),
                                    )}
                                </div>
                            </div>
                        }
                    })
                    .collect_view()
            }}
            <div class="meta">
                <p class="verdict" id="dup-verdict">
                    {move || verdict_line(lang.get(), &setup.get(), &v.get())}
                </p>
                <p class="muted">
                    {t("dup.scored")}" "
                    <span id="dup-scored">{move || format!("{}/{}", v.get().scored, setup.get().boards.len())}</span>
                </p>
            </div>
        </div>
    }
}

/// The dealer's board check of a table's entry (003 §二15): checked (by whom), error found,
/// or not recorded.
fn check_badge(l: Lang, e: &BoardEntry) -> impl IntoView {
    let state = match &e.board_check {
        None => "none",
        Some(c) if c.ok => "ok",
        Some(_) => "error",
    };
    let text = check_text(l, e);
    view! {
        <span class="badge dup-check-badge" class:warn=state == "error" data-check=state>
            {text}
        </span>
    }
}

/// One board's traveller: both tables, the team result, the running totals.
#[component]
pub(super) fn Traveller(
    l: Lang,
    s: DuplicateSetup,
    row: BoardRow,
    /// The rulings on this board that count (RULES.md §0 **[r2]**), in log order.
    rulings: Vec<DupRulingRow>,
    locked: bool,
    on_edit: impl Fn(TableRow) + Copy + Send + Sync + 'static,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let n = row.board.number;
    let status = match row.status {
        BoardStatus::Open => "open",
        BoardStatus::Waiting => "waiting",
        BoardStatus::Flagged => "flagged",
        BoardStatus::Scored => "scored",
    };
    let status_text = tr(
        l,
        match row.status {
            BoardStatus::Open => "dup.st_open",
            BoardStatus::Waiting => "dup.st_waiting",
            BoardStatus::Flagged => "dup.st_flagged",
            BoardStatus::Scored => "dup.st_scored",
        },
    );
    let rows = [1u8, 2]
        .into_iter()
        .map(|tb| {
            let tr_ = row.tables[(tb - 1) as usize].clone();
            match tr_ {
                None => view! {
                    <tr class="dup-missing" data-table=tb>
                        <td>{tb}</td>
                        <td colspan="4" class="muted">
                            {tr(l, "dup.not_entered")}
                        </td>
                    </tr>
                }
                .into_any(),
                Some(t_row) => {
                    let e = t_row.entry.clone();
                    let (score, lines) = match &t_row.score {
                        Ok(sc) => (sc.score.to_string(), table_lines(l, &s, &e, sc)),
                        Err(er) => {
                            let why = crate::i18n::reason_text(l, er.msg.as_ref(), &er.reason, Default::default());
                            (format!("⚠ {why}"), vec![])
                        }
                    };
                    let mut marks = String::new();
                    if t_row.off_list {
                        marks.push_str(&format!(
                            " ⚠{}",
                            if e.confirmed { format!(" ({})", tr(l, "dup.confirmed")) } else { String::new() }
                        ));
                    }
                    if let Some(r) = &e.refusal {
                        marks.push_str(&format!(
                            " · {} {} ({})",
                            tr(l, "dup.not_accepted"),
                            refusal_name(l, &s.preset, &r.kind),
                            s.team_name(r.team)
                        ));
                    }
                    let id = t_row.entry_id.clone();
                    let row_id = id.clone();
                    let open = RwSignal::new(false);
                    let edit_row = t_row.clone();
                    let when = format!(
                        "{}{}",
                        fmt_time(t_row.at_ms),
                        t_row
                            .corrected_ms
                            .iter()
                            .map(|c| format!(" · {} {}", tr(l, "hist.corrected"), fmt_time(*c)))
                            .collect::<String>()
                    );
                    view! {
                        <tr data-table=tb data-entry=row_id class:off-list=t_row.off_list>
                            <td>{tb}</td>
                            <td>{team_at_table(l, &s, e.attackers, tb)}</td>
                            <td>
                                {format!("{} · {}", e.level.name(), crate::i18n::seat_name(l, e.dealer))}{marks}
                                {(!t_row.corrected_ms.is_empty())
                                    .then(|| view! { <span class="badge">{tr(l, "hist.corrected")}</span> })} " "
                                {check_badge(l, &e)}
                            </td>
                            <td class="num dup-score-cell">{score}</td>
                            <td>
                                <button
                                    class="btn link dup-why"
                                    class:open=move || open.get()
                                    aria-expanded=move || open.get().to_string()
                                    on:click=move |_| open.update(|o| *o = !*o)
                                >
                                    {tr(l, "dup.why")}
                                </button>
                            </td>
                        </tr>
                        <Show when=move || open.get()>
                            <tr class="dup-detail" data-table=tb>
                                <td colspan="5">
                                    <ul class="explain">
                                        {lines
                                            .iter()
                                            .map(|x| {
                                                view! {
                                                    <li>
                                                        <crate::ui::rules_tab::CiteText text=x.clone() />
                                                    </li>
                                                }
                                            })
                                            .collect_view()}
                                    </ul>
                                    <p class="muted">{when.clone()}</p>
                                    {(!locked)
                                        .then(|| {
                                            let id = id.clone();
                                            let edit_row = edit_row.clone();
                                            crate::ui::parts::row_actions(
                                                Some(Box::new(move || on_edit(edit_row.clone()))),
                                                None,
                                                "dup.confirm_delete",
                                                move || on_void(id.clone()),
                                            )
                                        })}
                                </td>
                            </tr>
                        </Show>
                    }
                    .into_any()
                }
            }
        })
        .collect_view();
    let foot = match row.status {
        BoardStatus::Scored => {
            let running = row.running.clone().unwrap_or_default();
            format!(
                "{}: {} · {}: {} {} : {} {}",
                tr(l, "dup.board_result_title"),
                result_line(l, &s, &row),
                tr(l, "dup.running"),
                s.team_name(Team::A),
                signed(running.get(&Team::A).copied().unwrap_or(0)),
                signed(running.get(&Team::B).copied().unwrap_or(0)),
                s.team_name(Team::B)
            )
        }
        BoardStatus::Flagged => tr(l, "dup.flag_short").to_string(),
        _ => String::new(),
    };
    view! {
        <div class=format!("dup-board {status}") data-board=n data-status=status>
            <div class="dup-board-head">
                <strong>{board_label(l, n)}</strong>
                <span class="muted">{played_as(l, row.board.level, row.board.dealer)}</span>
                <span class=format!("badge dup-st-{status}")>{status_text}</span>
            </div>
            <table class="traveller">
                <thead>
                    <tr>
                        <th>{tr(l, "dup.table_short")}</th>
                        <th>{tr(l, "dup.attackers")}</th>
                        <th>{tr(l, "dup.level_dealer")}</th>
                        <th>{tr(l, "dup.score")}</th>
                        <th></th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            {(!foot.is_empty())
                .then(|| {
                    view! {
                        <p class="dup-result" data-result=row.result.map(|a| a.to_string()).unwrap_or_default()>
                            {foot}
                        </p>
                    }
                })}
            {(!rulings.is_empty())
                .then(|| {
                    view! {
                        <ul class="rulings dup-board-rulings">
                            {rulings
                                .iter()
                                .map(|r| {
                                    view! {
                                        <li data-entry=r.entry_id.clone() class:voided=r.result.is_err()>
                                            {board_ruling_line(l, &s, r)}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                })}
        </div>
    }
}

/// The match summary: every board's team results with running totals, the totals, boards
/// won and the tie-break.
#[component]
pub(super) fn SummaryTable(setup: Signal<DuplicateSetup>, v: Signal<DuplicateView>) -> impl IntoView {
    let lang = ctx().lang;
    view! {
        <h2>{tx("dup.summary")}</h2>
        {move || {
            let l = lang.get();
            let s = setup.get();
            let view = v.get();
            let cell = |x: Option<i32>| x.map(signed).unwrap_or_else(|| "—".into());
            view! {
                <table class="sheet dup-summary" id="dup-summary-table">
                    <thead>
                        <tr>
                            <th>{tr(l, "dup.board")}</th>
                            <th>{s.team_name(Team::A)}</th>
                            <th>{s.team_name(Team::B)}</th>
                            <th>{tr(l, "dup.running")}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {view
                            .boards
                            .iter()
                            .map(|b| {
                                let run = b
                                    .running
                                    .as_ref()
                                    .map(|r| format!("{} : {}", signed(r[&Team::A]), signed(r[&Team::B])))
                                    .unwrap_or_else(|| {
                                        tr(
                                                l,
                                                match b.status {
                                                    BoardStatus::Flagged => "dup.st_flagged",
                                                    BoardStatus::Waiting => "dup.st_waiting",
                                                    _ => "dup.st_open",
                                                },
                                            )
                                            .to_string()
                                    });
                                view! {
                                    <tr data-board=b.board.number>
                                        <td>{b.board.number}</td>
                                        <td class="num">{cell(b.result_of(Team::A))}</td>
                                        <td class="num">{cell(b.result_of(Team::B))}</td>
                                        <td>{run}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                    <tfoot>
                        <tr>
                            <th>{tr(l, "dup.total")}</th>
                            {Team::BOTH
                                .into_iter()
                                .map(|tm| {
                                    view! {
                                        <th class="num">{signed(view.totals.totals.get(&tm).copied().unwrap_or(0))}</th>
                                    }
                                })
                                .collect_view()}
                            <th></th>
                        </tr>
                        <tr>
                            <th>{tr(l, "dup.boards_won")}</th>
                            {Team::BOTH
                                .into_iter()
                                .map(|tm| {
                                    view! {
                                        <th class="num">{view.totals.boards_won.get(&tm).copied().unwrap_or(0)}</th>
                                    }
                                })
                                .collect_view()}
                            <th></th>
                        </tr>
                    </tfoot>
                </table>
                <p class="muted">{tr(l, "dup.tiebreak_rule")}</p>
            }
        }}
    }
}

/// Sign-off and reopen.
#[component]
pub(super) fn Sheet(m: Memo<Option<Arc<Match>>>, v: Signal<DuplicateView>) -> impl IntoView {
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                io::alert(&e);
            }
        }
    };
    view! {
        <details class="result-sheet" id="dup-sheet">
            <summary>{tx("sheet.title")}</summary>
            {move || {
                view! {
                    <crate::ui::widgets::SignOff
                        m=m
                        locked=v.get().locked
                        referee=referee
                        reason=reason
                        ids=["dup-referee", "sign-off", "reopen"]
                        act=act
                    />
                }
            }}
        </details>
    }
}

/// A log line: the op's name, and for a board entry its table and board.
pub(super) fn describe(l: Lang, op: &Op) -> String {
    let what = crate::i18n::op_name(l, op);
    match op {
        Op::Hand { hand: HandInput::Duplicate(b) } | Op::Correct { hand: HandInput::Duplicate(b), .. } => {
            format!("{what} · {} · {}", table_label(l, b.table), board_label(l, b.board))
        }
        // A ruling (or its edit) names the board and table it applies to.
        Op::Ruling { board: Some(at), .. } | Op::CorrectRuling { board: Some(at), .. } => {
            format!("{what} · {} · {}", table_label(l, at.table), board_label(l, at.number))
        }
        _ => what.to_string(),
    }
}
