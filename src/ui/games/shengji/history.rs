//! 升级 history (edit/delete per hand) and the end of a game (next game of a series).

use super::*;

#[component]
pub(super) fn History(
    v: Signal<Arc<ShengjiView>>,
    /// Whole replays so far (rows are keyed by it).
    epoch: Signal<u64>,
    preset: Signal<Preset>,
    teams: Signal<BTreeMap<Team, String>>,
    form: Form,
    locked: Signal<bool>,
    on_void: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lang = ctx().lang;
    // Long matches: the newest rows only, unless the referee asks for all (keeps a commit
    // on a 1,000-hand match from rebuilding thousands of rows).
    const SHOWN: usize = 50;
    let show_all = RwSignal::new(false);
    view! {
        <h2>{tx("hist.title")}</h2>
        <ol class="history" id="history" reversed>
            // Keyed by entry, replay epoch, language and layout: a commit adds one row and
            // drops the oldest shown instead of rebuilding the list; an edit or a delete
            // (a whole replay) renders every row again.
            <For
                each=move || {
                    let view = v.get();
                    let l = lang.get().code();
                    let ep = epoch.get();
                    let multi = view.games.len() > 1;
                    let limit = if show_all.get() { usize::MAX } else { SHOWN };
                    view.games
                        .iter()
                        .enumerate()
                        .rev()
                        .flat_map(|(gi, g)| g.rows.iter().enumerate().rev().map(move |(ri, r)| (gi, ri, r)))
                        .take(limit)
                        .map(|(gi, ri, r)| {
                            use std::hash::{Hash, Hasher};
                            let mut h = std::collections::hash_map::DefaultHasher::new();
                            (&r.entry_id, ep, l, multi).hash(&mut h);
                            (h.finish(), gi, ri, multi)
                        })
                        .collect::<Vec<_>>()
                }
                key=|(k, ..)| *k
                children=move |(_, gi, ri, multi)| {
                    let r = v.with_untracked(|v| v.games[gi].rows[ri].clone());
                    let l = lang.get_untracked();
                    let p = preset.get_untracked();
                    let tm = teams.get_untracked();
                    let id = r.entry_id.clone();
                    let id2 = id.clone();
                    let id3 = id.clone();
                    let hand = r.hand.clone();
                    let line = match &r.result {
                        Ok(o) => verdict_line(l, &p, o, &tm),
                        Err(e) => {
                            let names = crate::i18n::Names {
                                teams: Some(&tm),
                                players: &[],
                            };
                            format!("⚠ {}", crate::i18n::reason_text(l, e.msg.as_ref(), &e.reason, names))
                        }
                    };
                    let levels = r.result.as_ref().ok().map(|o| levels_line(o, &tm)).unwrap_or_default();
                    let entered = entered_line(l, &p, &r.hand, r.result.as_ref().ok(), &tm);
                    let number = if multi { format!("{}-{}", gi + 1, r.number) } else { format!("#{}", r.number) };
                    let corrected = !r.corrected_ms.is_empty();
                    let open = RwSignal::new(false);
                    let body = move || {
                        open.get()
                            .then(|| {
                                let p = preset.get_untracked();
                                let details = match &r.result {
                                    Ok(o) => explain(l, &p, &r.hand, o, &teams.get_untracked()),
                                    Err(_) => vec![],
                                };
                                let (hand, id, id2) = (hand.clone(), id.clone(), id2.clone());
                                // Only rows that are new on screen get here: copy just this one.
                                // The steps, times and actions are built when the row is opened: a commit
                                // (or opening a long match) builds one summary line per row.
                                view! {
                                    <ul class="explain">
                                        {details
                                            .into_iter()
                                            .map(|s| {
                                                view! {
                                                    <li>
                                                        <crate::ui::rules_tab::CiteText text=s />
                                                    </li>
                                                }
                                            })
                                            .collect_view()}
                                    </ul>
                                    <p class="muted">{crate::ui::parts::entry_times(r.at_ms, &r.corrected_ms)}</p>
                                    <Show when=move || {
                                        !locked.get()
                                    }>
                                        {
                                            let (hand, id, id2) = (hand.clone(), id.clone(), id2.clone());
                                            crate::ui::parts::row_actions(
                                                Some(Box::new(move || form.load(&hand, Some(id.clone())))),
                                                Some("hand-entry"),
                                                "hist.confirm_delete",
                                                move || on_void(id2.clone()),
                                            )
                                        }
                                    </Show>
                                }
                            })
                    };
                    view! {
                        <li class="hand-row" data-entry=id3>
                            <details on:toggle=move |ev| {
                                open.set(event_target::<web_sys::HtmlDetailsElement>(&ev).open())
                            }>
                                <summary>
                                    <span class="num">{number}</span>
                                    <span class="line">{line} <span class="entered">{entered}</span></span>
                                    <span class="levels">{levels}</span>
                                    {corrected.then(|| view! { <span class="badge">{t("hist.corrected")}</span> })}
                                </summary>
                                {body}
                            </details>
                        </li>
                    }
                }
            />
        </ol>
        <Show when=move || !show_all.get() && v.with(|x| x.games.iter().map(|g| g.rows.len()).sum::<usize>() > SHOWN)>
            <button class="btn" id="history-all" on:click=move |_| show_all.set(true)>
                {tx("hist.show_all")}
            </button>
        </Show>
    }
}

/// Why a game was won by a ruling (RULES.md §0 **[r2]**), from the ruling that decided it:
/// "黄队 第 2 次警告 → 判负 (出局)" for a warning the preset's ladder made the game lost
/// (南通 §四), "黄队 判负", "黄队 迟到 10 分钟", "黄队 取消比赛资格"; `None` when no ruling
/// decided it.
fn ruled_by(tm: &BTreeMap<Team, String>, g: &crate::record::games::shengji::Game) -> Option<String> {
    use crate::rules::Ruling;
    // A game won by a hand was not decided by a ruling after it (a disqualification then
    // keeps the winner the hand gave).
    if g.rows.iter().any(|h| matches!(&h.result, Ok(o) if o.winner.is_some())) {
        return None;
    }
    let r = g.rulings.iter().find(|r| matches!(&r.result, Ok(o) if o.winner.is_some()))?;
    let who = team_label(tm, r.ruling.team());
    Some(match (r.ruling, r.counted.warning_no) {
        (Ruling::Warning { .. }, Some(n)) => {
            format!("{who} {} → {}", t("ruling.warning_nth").replace("{n}", &n.to_string()), t("ruling.warning_lost"))
        }
        (Ruling::Late { minutes, .. }, _) => {
            format!("{who} {} {minutes} {}", t("ruling.late"), t("ruling.minutes_unit"))
        }
        (Ruling::Disqualified { .. }, _) => format!("{who} {}", t("ruling.disqualified")),
        _ => format!("{who} {}", t("ruling.game_lost")),
    })
}

#[component]
pub(super) fn GameEnd(
    m: Memo<Option<Arc<Match>>>,
    v: Signal<Arc<ShengjiView>>,
    teams: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    let next = move |_| {
        let Some(x) = m.get_untracked() else { return };
        let view = v.get_untracked();
        let loser = view.current().winner.map(|w| w.other()).unwrap_or(Team::A);
        let start = Start {
            levels: Team::BOTH.iter().map(|t| (*t, Rank::TWO)).collect(),
            declarer: Some(loser),
            dealer: Some(if loser == Team::A { Seat::N } else { Seat::E }),
        };
        if let Err(e) = commit(&x, Op::NextGame { start }) {
            io::alert(&e);
        }
    };
    view! {
        {move || {
            let view = v.get();
            let g = view.current();
            let tm = teams.get();
            if view.locked {
                return view! {
                    <div class="banner info" id="locked">
                        {t("end.locked")}
                    </div>
                }
                    .into_any();
            }
            let best_of = m.with(|x| x.as_ref().map(|x| setup_of(x).preset.timing.best_of).unwrap_or(1));
            view! {
                <div class="banner ok" id="game-winner">
                    <p class="big">
                        {g
                            .winner
                            .map(|w| {
                                format!(
                                    "{} {}{}",
                                    team_label(&tm, w),
                                    t("end.wins"),
                                    if g.by_time {
                                        format!(" ({})", t("end.by_time"))
                                    } else if g.by_deal_limit {
                                        format!(" ({})", t("end.by_deal_limit"))
                                    } else if let Some(why) = ruled_by(&tm, g) {
                                        format!(" ({why})")
                                    } else {
                                        String::new()
                                    },
                                )
                            })
                            .unwrap_or_default()}
                    </p>
                    {view
                        .series_winner
                        .map(|w| {
                            let score = |team: Team| {
                                view.team_points
                                    .as_ref()
                                    .and_then(|p| p.get(&team).copied())
                                    .unwrap_or(view.series[&team])
                            };
                            // A team match is won on points (2 a game won, 1 lost), a series on games.
                            view! {
                                <p id="series-winner">
                                    {t(if view.team_points.is_some() { "sj.tm.winner" } else { "end.series" })}": "
                                    {team_label(&tm, w)}" ("{score(Team::A)}":"{score(Team::B)}")"
                                </p>
                            }
                        })}
                    {(view.over && view.series_winner.is_none())
                        .then(|| view! { <p id="series-winner">{t("sj.tm.drawn")}</p> })}
                    // A team match over with a game left undecided (its game-ending ruling
                    // overturned after the last game was played) scores that game nothing.
                    {view
                        .over
                        .then(|| {
                            view.team_games
                                .iter()
                                .enumerate()
                                .filter(|(_, g)| g.score.winner.is_none())
                                .map(|(i, _)| t("sj.tm.undecided").replace("{n}", &(i + 1).to_string()))
                                .collect::<Vec<_>>()
                        })
                        .filter(|v| !v.is_empty())
                        .map(|v| {
                            view! {
                                <p class="muted" id="team-undecided">
                                    {v.join(" · ")}
                                </p>
                            }
                        })}
                    {(view.series_winner.is_none() && !view.over && best_of > 1)
                        .then(|| {
                            view! {
                                <button class="btn primary" id="next-game" on:click=next>
                                    {t("end.next_game")}
                                </button>
                            }
                        })}
                </div>
            }
                .into_any()
        }}
    }
}
