//! 双升 entry of one table's result of one board: points, kitty, penalties and the declaring.

use super::*;
use crate::ui::parts::Toggle;
use crate::ui::widgets::SuitChips;

/// The entry form: table, board, attackers, level/dealer as played, points, 抠底, penalties,
/// the referee's refusal ruling.
#[component]
pub(super) fn EntryForm(
    form: Form,
    setup: Signal<DuplicateSetup>,
    v: Signal<DuplicateView>,
    match_id: Signal<String>,
) -> impl IntoView {
    let lang = ctx().lang;
    let pick_board = move |n: u32| {
        let s = setup.get_untracked();
        form.fresh(&s, n);
    };
    let pick_table = move |tb: u8| {
        form.table.set(tb);
        save_table(&match_id.get_untracked(), tb);
        let s = setup.get_untracked();
        form.fresh(&s, next_open(&s, &v.get_untracked(), tb));
    };
    let listed = move || setup.with(|s| s.board(form.board.get()).copied());
    let off_list = move || listed().is_some_and(|b| b.level != form.level.get() || b.dealer != form.dealer.get());
    let choose_refusal = move |kind: Option<String>| {
        let Some(kind) = kind else {
            form.refusal.set(None);
            return;
        };
        let s = setup.get_untracked();
        let table = form.table.get_untracked();
        let from_penalty = form.penalties.with_untracked(|ps| ps.iter().rev().find(|p| p.kind == kind).map(|p| p.team));
        let dealer_team = s.team_at(form.dealer.get_untracked(), table);
        let team = from_penalty.unwrap_or_else(|| {
            if s.refusal(&kind).is_some_and(|r| r.dealer_offends) {
                dealer_team
            } else {
                form.attackers.get_untracked()
            }
        });
        form.refusal.set(Some(Refusal { kind, team }));
    };
    view! {
        <div
            class="entry"
            id="dup-entry"
            on:click=form.intent.watch()
            on:input=form.intent.watch()
            on:change=form.intent.watch()
        >
            <h2>{move || if form.editing.get().is_some() { t("dup.editing") } else { t("dup.entry_title") }}</h2>
            <label class="field-label">{tx("dup.this_table")}</label>
            <div class="chips">
                {[1u8, 2]
                    .into_iter()
                    .map(|tb| {
                        view! {
                            <button
                                class="btn chip"
                                id=format!("dup-table-{tb}")
                                class:selected=move || form.table.get() == tb
                                disabled=move || form.editing.get().is_some()
                                on:click=move |_| pick_table(tb)
                            >
                                {move || table_label(lang.get(), tb)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("dup.board")}</label>
            <div class="chips dup-boards">
                {move || {
                    let s = setup.get();
                    let view = v.get();
                    let tb = form.table.get();
                    s.boards
                        .iter()
                        .map(|b| {
                            let n = b.number;
                            let done = view.table(n, tb).is_some();
                            view! {
                                <button
                                    class="btn chip"
                                    class:entered=done
                                    data-board-pick=n
                                    class:selected=move || form.board.get() == n
                                    disabled=move || form.editing.get().is_some()
                                    on:click=move |_| pick_board(n)
                                >
                                    {if done { format!("{n} ✓") } else { n.to_string() }}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            {move || {
                let l = lang.get();
                let tb = form.table.get();
                let n = form.board.get();
                let existing = v.with(|view| view.table(n, tb).cloned());
                (form.editing.get().is_none()).then_some(())?;
                let row = existing?;
                Some(
                    view! {
                        <div class="banner warn" id="dup-already">
                            {tr(l, "dup.err_twice")
                                .replace("{board}", &n.to_string())
                                .replace("{table}", &tb.to_string())}
                            " "
                            <button
                                class="btn"
                                id="dup-edit-existing"
                                on:click=move |_| form.load(&row.entry, Some(row.entry_id.clone()))
                            >
                                {tr(l, "hist.edit")}
                            </button>
                        </div>
                    },
                )
            }}
            <label class="field-label">{tx("dup.attackers")}</label>
            <div class="chips">
                {Team::BOTH
                    .into_iter()
                    .map(|team| {
                        view! {
                            <button
                                class="btn chip"
                                data-attackers=format!("{team:?}")
                                class:selected=move || form.attackers.get() == team
                                on:click=move |_| form.attackers.set(team)
                            >
                                {move || team_at_table(lang.get(), &setup.get(), team, form.table.get())}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <details class="dup-played" open=off_list>
                <summary>
                    {tx("dup.played_as")}": "{move || played_as(lang.get(), form.level.get(), form.dealer.get())}
                </summary>
                <label class="field-label" for="dup-level">
                    {tx("dup.level")}
                </label>
                <select
                    id="dup-level"
                    on:change=move |ev| form.level.set(Rank::parse(&event_target_value(&ev)).unwrap_or(Rank::TWO))
                >
                    {Rank::all()
                        .map(|r| {
                            view! {
                                <option value=r.name() prop:selected=move || form.level.get() == r>
                                    {r.name()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
                <label class="field-label">{tx("dup.dealer")}</label>
                <div class="chips">
                    {SEATS
                        .into_iter()
                        .map(|seat| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-dealer=format!("{seat:?}")
                                    class:selected=move || form.dealer.get() == seat
                                    on:click=move |_| form.dealer.set(seat)
                                >
                                    {move || {
                                        format!(
                                            "{} ({})",
                                            crate::i18n::seat_name(lang.get(), seat),
                                            setup.get().team_name(setup.get().team_at(seat, form.table.get())),
                                        )
                                    }}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </details>
            <Show when=off_list>
                <div class="banner warn" id="dup-off-list">
                    <p>
                        {move || {
                            let l = lang.get();
                            listed()
                                .map(|b| format!("{}: {}", tr(l, "dup.off_list"), played_as(l, b.level, b.dealer)))
                                .unwrap_or_default()
                        }}
                    </p>
                    <Toggle id="dup-confirm" checked=form.confirmed label="dup.confirm_played" />
                </div>
            </Show>
            <PointsAndKitty
                ids=["dup-points", "dup-kitty-on", "dup-kitty-points"]
                points=form.points
                kitty_on=form.kitty_on
                kitty_points=form.kitty_points
                unit=form.unit
                preset=Signal::derive(move || setup.get().preset)
            />
            <PenaltyEditor
                penalties=form.penalties
                preset=Signal::derive(move || setup.get().preset)
                new_team=move || form.attackers.get_untracked().other()
                team_name=move |l, tm| team_at_table(l, &setup.get(), tm, form.table.get_untracked())
                seats=SEATS
                per_unit_key="dup.units"
            />
            <details class="declaring" id="dup-declaring">
                <summary>
                    {tx("decl.title")}" "
                    {move || {
                        let n = form.shows.get().len();
                        if n == 0 { String::new() } else { format!("({n})") }
                    }}
                </summary>
                <Declaring form=form setup=setup />
            </details>
            <BoardCheckInput form=form setup=setup />
            <label class="field-label">{tx("dup.ruling")}</label>
            <div class="chips dup-ruling">
                <button
                    class="btn chip"
                    id="dup-accept"
                    class:selected=move || form.refusal.get().is_none()
                    on:click=move |_| choose_refusal(None)
                >
                    {tx("dup.accepts")}
                </button>
                {move || {
                    let l = lang.get();
                    let s = setup.get();
                    s.refusals
                        .iter()
                        .map(|r| {
                            let kind = r.kind.clone();
                            let k2 = kind.clone();
                            let label = format!(
                                "{}: {} → {} {}{}",
                                tr(l, "dup.not_accepted"),
                                refusal_name(l, &s.preset, &r.kind),
                                tr(l, "dup.board_result"),
                                signed(-r.points),
                                if r.reading { format!(" ({})", tr(l, "dup.reading")) } else { String::new() },
                            );
                            view! {
                                <button
                                    class="btn chip"
                                    data-refusal=kind.clone()
                                    class:selected=move || form.refusal.get().is_some_and(|x| x.kind == k2)
                                    title=crate::ui::dt(&r.source)
                                    on:click=move |_| choose_refusal(Some(kind.clone()))
                                >
                                    {label}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <Show when=move || form.refusal.get().is_some()>
                <label class="field-label">{tx("dup.offender")}</label>
                <div class="chips">
                    {Team::BOTH
                        .into_iter()
                        .map(|team| {
                            view! {
                                <button
                                    class="btn chip"
                                    data-offender=format!("{team:?}")
                                    class:selected=move || form.refusal.get().is_some_and(|r| r.team == team)
                                    on:click=move |_| {
                                        form.refusal
                                            .update(|r| {
                                                if let Some(r) = r {
                                                    r.team = team;
                                                }
                                            })
                                    }
                                >
                                    {move || team_at_table(lang.get(), &setup.get(), team, form.table.get())}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
            </Show>
        </div>
    }
}

/// The dealer's check of the board against its deal record (003 §二15): not recorded,
/// matched, or an error found; with who checked (the dealer at this table by default).
#[component]
fn BoardCheckInput(form: Form, setup: Signal<DuplicateSetup>) -> impl IntoView {
    let lang = ctx().lang;
    let pick = move |ok: Option<bool>| {
        let Some(ok) = ok else {
            form.check.set(None);
            return;
        };
        let by = form.check.get_untracked().map(|c| c.by).unwrap_or_else(|| {
            setup.with_untracked(|s| s.player(form.table.get_untracked(), form.dealer.get_untracked()))
        });
        form.check.set(Some(BoardCheck { by, ok }));
    };
    let chip = move |id: &'static str, key: &'static str, ok: Option<bool>| {
        view! {
            <button
                class="btn chip"
                id=id
                class:selected=move || form.check.with(|c| c.as_ref().map(|c| c.ok)) == ok
                on:click=move |_| pick(ok)
            >
                {move || tr(lang.get(), key)}
            </button>
        }
    };
    view! {
        <label class="field-label">{tx("dup.check")}</label>
        <p class="muted">{tx("dup.check_rule")}</p>
        <div class="chips dup-check">
            {chip("dup-check-none", "dup.check_none", None)} {chip("dup-check-ok", "dup.check_ok", Some(true))}
            {chip("dup-check-error", "dup.check_error", Some(false))}
        </div>
        <Show when=move || form.check.with(|c| c.is_some())>
            <label class="field-label" for="dup-check-by">
                {tx("dup.check_by")}
            </label>
            <input
                id="dup-check-by"
                maxlength="60"
                prop:value=move || form.check.with(|c| c.as_ref().map(|c| c.by.clone()).unwrap_or_default())
                on:input=move |ev| {
                    let v = event_target_value(&ev);
                    form.check
                        .update(|c| {
                            if let Some(c) = c {
                                c.by = v;
                            }
                        })
                }
            />
        </Show>
    }
}

/// The declaring sequence (RULES.md §1.2, 003 §二7–9): shows in seat order before and after
/// the bury (抄底 re-buries), each beating the standing one; nobody declares → the dealer names
/// a suit (not no-trump).
#[component]
pub(super) fn Declaring(form: Form, setup: Signal<DuplicateSetup>) -> impl IntoView {
    let lang = ctx().lang;
    let seat = RwSignal::new(Seat::N);
    let err: RwSignal<Option<String>> = RwSignal::new(None);
    let add = move |code: String| {
        let mut shows = form.shows.get_untracked();
        shows.push(Show { seat: seat.get_untracked(), what: code.clone(), rebury: false, out_of_turn: false });
        let d = setup.with_untracked(|s| s.preset.declaring.clone());
        match shengji::check_declaring(&d, &shows) {
            Ok(()) => {
                form.shows.set(shows);
                form.named_trump.set(None);
                err.set(None);
            }
            Err(e) => {
                let l = lang.get_untracked();
                let name = crate::i18n::show_name(l, &code);
                let barred = e.msg.as_ref().is_some_and(|m| m.key == "sj.why.out_of_turn_barred");
                let msg = if barred {
                    tr(l, "sj.why.out_of_turn_barred")
                        .replace("{seat}", crate::i18n::seat_name(l, seat.get_untracked()))
                        .replace("{what}", &name)
                } else if shows.len() == 1 {
                    format!("{name}: {}", tr(l, "dup.decl_not_first"))
                } else {
                    let standing = crate::i18n::show_name(l, &shows[shows.len() - 2].what);
                    format!("{name}: {} {standing}", tr(l, "dup.decl_not_higher"))
                };
                err.set(Some(msg));
            }
        }
    };
    view! {
        <p class="muted">{tx("dup.decl_rule")}</p>
        <div class="chips">
            {SEATS
                .into_iter()
                .map(|st| {
                    view! {
                        <button
                            class="btn chip"
                            data-show-seat=format!("{st:?}")
                            class:selected=move || seat.get() == st
                            on:click=move |_| seat.set(st)
                        >
                            {move || crate::i18n::seat_name(lang.get(), st)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <div class="chips">
            {move || {
                setup
                    .get()
                    .preset
                    .declaring
                    .order
                    .into_iter()
                    .flatten()
                    .map(|code| {
                        let c2 = code.clone();
                        view! {
                            <button class="btn chip" data-show=code.clone() on:click=move |_| add(c2.clone())>
                                {crate::i18n::show_name(lang.get(), &code)}
                            </button>
                        }
                    })
                    .collect_view()
            }}
        </div>
        {move || {
            err.get()
                .map(|e| {
                    view! {
                        <p class="field-error" role="alert">
                            {e}
                        </p>
                    }
                })
        }}
        <ol class="shows">
            {move || {
                form.shows
                    .get()
                    .into_iter()
                    .map(|x| {
                        view! {
                            <li>
                                {crate::i18n::seat_name(lang.get(), x.seat)}" "
                                {crate::i18n::show_name(lang.get(), &x.what)}
                                {x.rebury.then(|| format!(" · {}", t("decl.rebury")))}
                                {x
                                    .out_of_turn
                                    .then(|| {
                                        view! { <span class="dup-oot">{format!(" · {}", t("dup.out_of_turn"))}</span> }
                                    })}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
        <div class="actions">
            <button
                class="btn"
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            if let Some(l) = s.last_mut() {
                                l.rebury = true;
                            }
                        })
                }
            >
                {tx("dup.rebury")}
            </button>
            <button
                class="btn"
                id="dup-out-of-turn"
                title=tx("dup.out_of_turn_rule")
                disabled=move || form.shows.with(|s| s.is_empty())
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            if let Some(l) = s.last_mut() {
                                l.out_of_turn = !l.out_of_turn;
                            }
                        });
                    err.set(None);
                }
            >
                {tx("dup.mark_out_of_turn")}
            </button>
            <button
                class="btn"
                id="dup-remove-show"
                on:click=move |_| {
                    form.shows
                        .update(|s| {
                            s.pop();
                        });
                    err.set(None);
                }
            >
                {tx("decl.remove_last")}
            </button>
        </div>
        <Show when=move || form.shows.with(|s| s.is_empty())>
            <label class="field-label">{tx("dup.named_trump")}</label>
            <SuitChips
                suits=&["S", "H", "C", "D"]
                selected=form.named_trump
                pick=move |suit| {
                    form.named_trump
                        .update(|x| {
                            *x = if x.as_deref() == Some(suit) { None } else { Some(suit.to_string()) };
                        })
                }
            />
        </Show>
        <p class="muted">
            {tx("decl.trump")}": "
            {move || form.trump().map(|x| crate::i18n::suit_name(lang.get(), &x)).unwrap_or("—")}
        </p>
    }
}
