//! 五子棋 pages (RULES.md §5): the referee's board and the set-up form.
//!
//! The board is a 15×15 SVG sized for a phone: tap an intersection to put the next stone
//! there as a ghost (with the engine's verdict for a black move), tap it again — or press
//! confirm — to log it, so a slip is not a move. A forbidden black move is marked on the
//! board with its shape named and the lines behind it highlighted, and the claim is offered
//! until white plays on. Everything shown is the replay of the log
//! ([`crate::record::games::renju::replay`]).

use crate::i18n::Lang;
use crate::record::game::GameId;
use crate::record::games::renju::{
    claim_name, colour_label, end_name, fill, player_label, record_text, replay, result_line, shape_name,
    shapes_behind, verdict_name, ClaimStatus, EndReason, GameClock, Player, RenjuAction, RenjuGame, RenjuSetup,
    RenjuView,
};
use crate::record::{ClockAction, Entry, HandInput, Match, Op, Setup};
use crate::rules::renju::{self, Direction, Judgement, Point, Preset, Stone, Verdict};
use crate::ui::widgets::{fmt_duration, no_key_repeat, FormIntent, UndoButton};
use crate::ui::{commit, create_match, ctx, fmt_time, new_id, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};

mod board;
mod record;
mod setup;
mod sheet;
use board::*;
use record::*;
pub use setup::NewForm;
use sheet::*;

/// The board's view toggles, kept across re-mounts of the page (the match page is built
/// again after each logged entry).
static SHOW_NUMBERS: AtomicBool = AtomicBool::new(false);
static SHOW_FORBIDDEN: AtomicBool = AtomicBool::new(false);

fn setup_of(m: &Match) -> Option<&RenjuSetup> {
    match &m.setup {
        Setup::Renju(s) => Some(s),
        _ => None,
    }
}

fn dir_name(lang: Lang, d: Direction) -> &'static str {
    crate::i18n::tr(
        lang,
        match d {
            Direction::Horizontal => "rj.d.horizontal",
            Direction::Vertical => "rj.d.vertical",
            Direction::Diagonal => "rj.d.diagonal",
            Direction::AntiDiagonal => "rj.d.anti_diagonal",
        },
    )
}

fn stone_mark(c: Stone) -> &'static str {
    if c == Stone::Black {
        "●"
    } else {
        "○"
    }
}

/// The shapes behind a verdict as lines of text: "活三 · 横: g8 h8 i8".
fn shape_lines(lang: Lang, j: &Judgement) -> Vec<String> {
    let kinds = shapes_behind(j.verdict);
    j.shapes
        .iter()
        .filter(|s| kinds.contains(&s.kind))
        .map(|s| {
            let stones = s.stones.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ");
            let mut line = format!("{} · {}: {stones}", shape_name(lang, s.kind), dir_name(lang, s.direction));
            if !s.forbidden_points.is_empty() {
                let fp = s.forbidden_points.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ");
                line.push_str(&format!(" ({} {fp})", t("rj.forbidden_points_of")));
            }
            line
        })
        .collect()
}

/// One line for the home list: "张三 1 : 0 李四 · 第 2 局 · 17 手".
pub fn summary(m: &Match) -> String {
    let Some(s) = setup_of(m) else { return String::new() };
    let lang = ctx().lang.get();
    let v = replay(m, s);
    let g = v.current();
    format!(
        "{} {} : {} {} · {} · {} {}",
        player_label(lang, s, Player::P1),
        v.wins[&Player::P1],
        v.wins[&Player::P2],
        player_label(lang, s, Player::P2),
        fill(lang, "rj.game_n", g.number),
        g.moves.len(),
        t("rj.moves")
    )
}

/// The players as the two sides a ruling names: player 1 as team `A`, player 2 as `B`.
fn players_as_teams(setup: Memo<RenjuSetup>) -> Signal<std::collections::BTreeMap<crate::rules::Team, String>> {
    Signal::derive(move || {
        setup.with(|s| crate::rules::Team::BOTH.into_iter().zip(s.players.iter().cloned()).collect())
    })
}

/// The match view of a renju match.
#[component]
pub fn Page(m: Memo<Option<Arc<Match>>>) -> impl IntoView {
    let c = ctx();
    let lang = c.lang;
    let setup = Memo::new(move |_| m.with(|o| o.as_deref().and_then(setup_of).cloned().unwrap_or_default()));
    let view_memo: Memo<RenjuView> = Memo::new(move |_| {
        m.with(|o| match o.as_deref().and_then(|x| setup_of(x).map(|s| (x, s))) {
            Some((x, s)) => replay(x, s),
            None => RenjuView::empty(&RenjuSetup::default()),
        })
    });
    let pending: RwSignal<Option<Point>> = RwSignal::new(None);
    // One commit per intent: the pending stone is the form (touched when a point is
    // picked); a repeated confirm or a third tap stores one stone.
    let intent = FormIntent::new();
    // A stone picked and not yet confirmed survives a reload, an update and back/forward;
    // no stone pending, nothing to keep (nor to ask about when leaving).
    crate::ui::draft::keep_draft(
        GameId::Renju.as_str(),
        &m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default()),
        intent,
        move || pending.get(),
        move |p: Option<Point>| pending.set(p),
    );
    Effect::new(move |_| {
        if pending.with(Option::is_none) {
            intent.fresh();
        }
    });
    let numbers = RwSignal::new(SHOW_NUMBERS.load(Ordering::Relaxed));
    let show_forbidden = RwSignal::new(SHOW_FORBIDDEN.load(Ordering::Relaxed));
    Effect::new(move |_| SHOW_NUMBERS.store(numbers.get(), Ordering::Relaxed));
    Effect::new(move |_| SHOW_FORBIDDEN.store(show_forbidden.get(), Ordering::Relaxed));
    let focus: RwSignal<Option<String>> = RwSignal::new(None);
    let shown: RwSignal<Option<usize>> = RwSignal::new(None);
    let msg: RwSignal<Option<String>> = RwSignal::new(None);
    let pending_result: RwSignal<Option<(EndReason, Option<Stone>)>> = RwSignal::new(None);
    let next_black: RwSignal<Option<Player>> = RwSignal::new(None);
    // The clock's "now" on the monotonic clock (crate::ui::clock), not the wall clock alone.
    let tick = crate::ui::clock::ticker();
    let scope =
        crate::ui::clock::clock_scope(&m.with_untracked(|x| x.as_ref().map(|x| x.id.clone()).unwrap_or_default()));
    let running_since = Memo::new(move |_| view_memo.with(|v| v.current().clock.running_since));
    let now = Signal::derive(move || {
        tick.track();
        crate::ui::clock::run_now(&scope, running_since.get())
    });
    let elapsed_now = move || {
        Some(view_memo.with_untracked(|v| {
            let g = v.current();
            g.clock.elapsed_ms(g.to_move(), g.to_move(), now.get_untracked())
        }))
    };

    let name = move |p: Player| player_label(lang.get(), &setup.get(), p);
    let locked = move || view_memo.with(|v| v.locked);
    // Signed off (here or in another tab) with a stone pending: the stone can no longer be
    // placed, so it and its draft go, and the referee is told (no leave question then).
    Effect::new(move |_| {
        if locked() && pending.with_untracked(Option::is_some) {
            pending.set(None);
            crate::ui::notify(t("rj.pending_dropped"));
        }
    });
    let shown_index = move || {
        let n = view_memo.with(|v| v.games.len());
        shown.get().filter(|i| *i < n).unwrap_or(n - 1)
    };
    let shown_game = Memo::new(move |_| {
        let i = shown_index();
        view_memo.with(|v| v.games[i].clone())
    });
    let is_current = move || view_memo.with(|v| shown_index() + 1 == v.games.len());
    let live = Memo::new(move |_| is_current() && !locked() && view_memo.with(|v| v.current().result.is_none()));
    // The engine's judgement of the pending stone (black only).
    let pending_judgement = Memo::new(move |_| {
        let p = pending.get()?;
        if !live.get() {
            return None;
        }
        shown_game.with(|g| {
            (g.to_move() == Stone::Black && g.board.get(p).is_none()).then(|| renju::judge(&g.board, p).ok()).flatten()
        })
    });
    // The pending stone checked as its commit would be ([`Match::preview`]): why the commit
    // would refuse it (translated), if it would.
    let pending_refusal = Memo::new(move |_| {
        let p = pending.get()?;
        if !live.get() {
            return None;
        }
        let _ = lang.get();
        let stone = Some(view_memo.with(|v| v.current().to_move()));
        let op = Op::Hand { hand: HandInput::Renju(RenjuAction::Stone { point: p, stone }) };
        m.with(|x| x.as_ref()?.preview(Entry { after: None, id: "preview".into(), at_ms: now_ms(), op }).err())
            .map(|e| crate::ui::refusal_text(&e))
    });
    let highlight = Memo::new(move |_| {
        if let Some(j) = pending_judgement.get() {
            return (j.verdict != Verdict::None).then_some(j);
        }
        if pending.get().is_some() {
            return None;
        }
        shown_game.with(|g| {
            if let Some(id) = focus.get() {
                if let Some(r) = g.moves.iter().find(|r| r.entry_id == id) {
                    return r.judgement.clone();
                }
            }
            g.open_claim().and_then(|r| r.judgement.clone())
        })
    });
    let forbidden_marks = Memo::new(move |_| {
        if !show_forbidden.get() || !live.get() {
            return Vec::new();
        }
        shown_game.with(|g| if g.to_move() == Stone::Black { renju::forbidden_points(&g.board) } else { Vec::new() })
    });

    let act = move |a: RenjuAction| -> bool {
        let Some(x) = m.get_untracked() else { return false };
        match commit(&x, Op::Hand { hand: HandInput::Renju(a) }) {
            Ok(()) => {
                msg.set(None);
                true
            }
            Err(e) => {
                msg.set(Some(e));
                false
            }
        }
    };
    let simple = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            if let Err(e) = commit(&x, op) {
                msg.set(Some(e));
            }
        }
    };
    // `at`: when the tap or the press happened.
    let place = move |p: Point, at: f64| {
        intent.commit(
            at,
            move || Some(format!("{} {p}", t("rj.confirm"))),
            move || {
                // The colour shown when the referee placed it: checked when saved.
                let stone = Some(view_memo.with_untracked(|v| v.current().to_move()));
                let placed = act(RenjuAction::Stone { point: p, stone });
                if placed {
                    pending.set(None);
                    focus.set(None);
                }
                placed
            },
        )
    };
    let on_tap = move |p: Point| {
        if !live.get_untracked() {
            return;
        }
        if shown_game.with_untracked(|g| g.board.get(p).is_some()) {
            msg.set(Some(format!("{p}: {}", t("rj.occupied"))));
            pending.set(None);
            return;
        }
        msg.set(None);
        pending_result.set(None);
        if pending.get_untracked() == Some(p) {
            place(p, crate::ui::widgets::mono_ms());
        } else {
            pending.set(Some(p));
            intent.touch();
        }
    };
    // The pending stone moved by one intersection (a tap that took the neighbour of the
    // point meant); an occupied or off-board target leaves it where it is.
    let nudge = move |dc: i8, dr: i8| {
        let Some(p) = pending.get_untracked() else { return };
        let Some(q) =
            p.col.checked_add_signed(dc).zip(p.row.checked_add_signed(dr)).and_then(|(c, r)| Point::new(c, r))
        else {
            return;
        };
        if shown_game.with_untracked(|g| g.board.get(q).is_some()) {
            msg.set(Some(format!("{q}: {}", t("rj.occupied"))));
            return;
        }
        msg.set(None);
        pending.set(Some(q));
        intent.touch();
    };
    let remaining = move |c: Stone| -> Option<f64> {
        let mins = setup.with(|s| s.clock.map(|k| k.minutes))?;
        let g = view_memo.with(|v| v.current().clone());
        Some(mins as f64 * 60_000.0 - g.clock.elapsed_ms(c, g.to_move(), now.get()))
    };
    // A player's time runs out: sound and vibration once (as the settings say).
    Effect::new(move |prev: Option<bool>| {
        let g = view_memo.with(|v| v.current().clone());
        let up = g.result.is_none() && remaining(g.to_move()).is_some_and(|r| r <= 0.0);
        if up && prev == Some(false) {
            crate::ui::widgets::alarm(800);
        }
        up
    });

    view! {
        <section class="page match renju" id="rj-page">
            {crate::ui::parts::match_title(m)}
            // Scoreboard: both players (colour in this game, games won, clock), then the clock
            // control and the game / move count — compact, so the board fits a phone screen.
            <div class="rj-score" id="rj-score">
                {move || {
                    let v = view_memo.get();
                    let g = v.current().clone();
                    let l = lang.get();
                    Player::BOTH
                        .into_iter()
                        .map(|p| {
                            let colour = g.colour(p);
                            let to_move = g.result.is_none() && g.to_move() == colour;
                            let key = if p == Player::P1 { "p1" } else { "p2" };
                            let rem = remaining(colour);
                            view! {
                                <div
                                    class=format!(
                                        "rj-player {}{}",
                                        if colour == Stone::Black { "black" } else { "white" },
                                        if to_move { " to-move" } else { "" },
                                    )
                                    id=format!("rj-player-{key}")
                                    data-colour=if colour == Stone::Black { "black" } else { "white" }
                                >
                                    <div class="rj-name">
                                        {stone_mark(colour)}" "{name(p)}" "
                                        <span class="muted">{colour_label(l, colour)}</span>
                                        {to_move.then(|| view! { <span class="badge">{t("rj.to_move")}</span> })}
                                    </div>
                                    <div class="rj-line">
                                        <span class="rj-wins" id=format!("rj-wins-{key}")>
                                            {v.wins[&p]}
                                        </span>
                                        {rem
                                            .map(|r| {
                                                view! {
                                                    <span
                                                        class="rj-clock"
                                                        class:over=r <= 0.0
                                                        id=format!("rj-clock-{key}")
                                                    >
                                                        {if r <= 0.0 {
                                                            format!("-{}", fmt_duration(-r))
                                                        } else {
                                                            fmt_duration(r)
                                                        }}
                                                    </span>
                                                }
                                            })}
                                    </div>
                                </div>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <div class="rj-status">
                <Show when=move || {
                    setup.with(|s| s.clock.is_some()) && !locked()
                }>
                    {move || {
                        let g = view_memo.with(|v| v.current().clone());
                        if g.result.is_some() {
                            return ().into_any();
                        }
                        let running = g.clock.running_since.is_some();
                        crate::ui::clock::clock_button(
                            ["rj-clock-start", "rj-clock-pause", "rj-clock-resume"],
                            g.clock.started || running,
                            running,
                            move |action| {
                                let elapsed_ms = if action == ClockAction::Pause { elapsed_now() } else { None };
                                simple(Op::Clock { action, elapsed_ms })
                            },
                        )
                    }}
                </Show>
                <crate::ui::clock::JumpNotice />
                <span class="muted" id="rj-meta">
                    {move || {
                        let v = view_memo.get();
                        let g = v.current();
                        let l = lang.get();
                        let s = setup.get();
                        let mut parts = vec![
                            fill(l, "rj.game_n", g.number),
                            format!("{} {}", g.moves.len(), t("rj.moves")),
                            fill(l, "rj.best_of_n", s.preset.best_of),
                        ];
                        if v.draws > 0 {
                            parts.push(format!("{} {}", v.draws, t("rj.draws")));
                        }
                        if let Some(k) = s.clock {
                            parts.push(fill(l, "rj.minutes_each", k.minutes));
                        }
                        parts.join(" · ")
                    }}
                </span>
            </div>
            {move || {
                let g = view_memo.with(|v| v.current().clone());
                if g.result.is_some() || locked() {
                    return None;
                }
                let c = g.to_move();
                remaining(c)
                    .filter(|r| *r <= 0.0)
                    .map(|_| {
                        view! {
                            <div class="banner warn" role="alert" id="rj-time-up">
                                <p>
                                    {format!(
                                        "{} {} ({}) — {}",
                                        stone_mark(c),
                                        colour_label(lang.get(), c),
                                        name(g.player(c)),
                                        t("rj.time_up"),
                                    )}
                                </p>
                                <button
                                    class="btn primary"
                                    id="rj-time-loss"
                                    on:click=move |_| pending_result.set(Some((EndReason::Time, Some(c.other()))))
                                >
                                    {t("rj.record_time_loss")}
                                </button>
                            </div>
                        }
                    })
            }}

            // Games of the match: which board is shown.
            <Show when=move || view_memo.with(|v| v.games.len() > 1)>
                <div class="chips" id="rj-games">
                    {move || {
                        (0..view_memo.with(|v| v.games.len()))
                            .map(|i| {
                                view! {
                                    <button
                                        class="btn chip"
                                        class:selected=move || shown_index() == i
                                        id=format!("rj-game-{}", i + 1)
                                        on:click=move |_| {
                                            shown.set(Some(i));
                                            pending.set(None);
                                            focus.set(None);
                                        }
                                    >
                                        {move || fill(lang.get(), "rj.game_n", i + 1)}
                                    </button>
                                }
                            })
                            .collect_view()
                    }}
                </div>
            </Show>

            <BoardSvg
                game=shown_game.into()
                pending=pending
                numbers=numbers
                highlight=highlight.into()
                forbidden=forbidden_marks.into()
                live=live.into()
                on_tap=on_tap
            />

            {move || {
                msg.get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert" id="rj-error">
                                {e}
                            </div>
                        }
                    })
            }}

            // The live preview of the pending stone; confirm on a second tap or here.
            <Show when=move || live.get()>
                <div class="preview" id="rj-preview" aria-live="polite">
                    {move || {
                        let l = lang.get();
                        let g = shown_game.get();
                        let c = g.to_move();
                        let who = format!("{} {} ({})", stone_mark(c), colour_label(l, c), name(g.player(c)));
                        match pending.get() {
                            None => {
                                view! {
                                    <p class="verdict" id="rj-turn">
                                        {format!("{} · {}", fill(l, "rj.move_n", g.moves.len() + 1), who)}
                                    </p>
                                    <p class="muted">{t("rj.tap_hint")}</p>
                                }
                                    .into_any()
                            }
                            Some(p) => {
                                let j = pending_judgement.get();
                                let wins = renju::winner_after(&g.board, p, c).ok().flatten().is_some();
                                let verdict = j.as_ref().map(|j| j.verdict).unwrap_or(Verdict::None);
                                let closes = c == Stone::White && g.open_claim().is_some();
                                view! {
                                    <p class="verdict" id="rj-pending">
                                        {format!("{} · {} · {p}", fill(l, "rj.move_n", g.moves.len() + 1), who)}
                                    </p>
                                    <div class="rj-zoom" id="rj-zoom" data-point=p.to_string()>
                                        <div class="rj-zoom-view">{board::zoom(p)}</div>
                                        <div class="rj-nudge" role="group" aria-label=t("rj.nudge")>
                                            {[
                                                ("up", "↑", 0i8, 1i8),
                                                ("left", "←", -1, 0),
                                                ("right", "→", 1, 0),
                                                ("down", "↓", 0, -1),
                                            ]
                                                .into_iter()
                                                .map(|(k, arrow, dc, dr)| {
                                                    view! {
                                                        <button
                                                            class=format!("btn rj-nudge-{k}")
                                                            id=format!("rj-nudge-{k}")
                                                            aria-label=format!("{} {arrow}", t("rj.nudge"))
                                                            on:click=move |_| nudge(dc, dr)
                                                        >
                                                            {arrow}
                                                        </button>
                                                    }
                                                })
                                                .collect_view()}
                                        </div>
                                    </div>
                                    {pending_refusal
                                        .get()
                                        .map(|e| {
                                            view! {
                                                <p class="field-error" id="rj-pending-error">
                                                    {e}
                                                </p>
                                            }
                                        })}
                                    {verdict
                                        .is_forbidden()
                                        .then(|| {
                                            view! {
                                                <p
                                                    class="rj-forbidden-text"
                                                    id="rj-pending-verdict"
                                                    data-verdict=verdict.as_str()
                                                >
                                                    {format!("{}: {}", t("rj.forbidden"), verdict_name(l, verdict))}
                                                </p>
                                                <ul class="explain">
                                                    {j
                                                        .as_ref()
                                                        .map(|j| shape_lines(l, j))
                                                        .unwrap_or_default()
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
                                            }
                                        })}
                                    {wins
                                        .then(|| {
                                            view! {
                                                <p class="rj-five" id="rj-pending-verdict" data-verdict="five">
                                                    {format!(
                                                        "{}: {} {}",
                                                        end_name(l, EndReason::Five),
                                                        colour_label(l, c),
                                                        t("rj.wins"),
                                                    )}
                                                </p>
                                            }
                                        })}
                                    {closes.then(|| view! { <p class="muted">{t("rj.closes_claim")}</p> })}
                                    <p class="muted">{t("rj.confirm_hint")}</p>
                                    <div class="actions">
                                        <button
                                            class="btn primary big"
                                            id="rj-confirm"
                                            on:click=move |ev| place(p, crate::ui::widgets::event_time(&ev))
                                            on:keydown=no_key_repeat
                                        >
                                            {format!("{} {p}", t("rj.confirm"))}
                                        </button>
                                        <button class="btn" id="rj-cancel" on:click=move |_| pending.set(None)>
                                            {t("common.cancel")}
                                        </button>
                                    </div>
                                }
                                    .into_any()
                            }
                        }
                    }}
                </div>
            </Show>

            // The claim: offered right after a forbidden black move, until white plays on.
            {move || {
                if locked() {
                    return None;
                }
                let l = lang.get();
                let g = view_memo.with(|v| v.current().clone());
                let r = g.open_claim()?.clone();
                let j = r.judgement.clone()?;
                Some(
                    view! {
                        <div
                            class="banner warn rj-claim"
                            role="alert"
                            id="rj-claim-banner"
                            data-verdict=j.verdict.as_str()
                        >
                            <p class="big">
                                {format!(
                                    "{} {} {} — {}: {}",
                                    fill(l, "rj.move_n", r.number),
                                    stone_mark(r.stone),
                                    r.point,
                                    t("rj.forbidden"),
                                    verdict_name(l, j.verdict),
                                )}
                            </p>
                            <ul class="explain">
                                {shape_lines(l, &j)
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
                            <button
                                class="btn primary"
                                id="rj-claim"
                                on:click=move |_| {
                                    if act(RenjuAction::Claim) {
                                        pending.set(None);
                                    }
                                }
                            >
                                {t("rj.claim")}
                            </button>
                            <p class="muted">{t("rj.claim_rule")}</p>
                        </div>
                    },
                )
            }}

            // Results not read off the board: resignation, time, draw (previewed, then confirmed).
            <Show when=move || live.get()>
                <details class="rj-results" id="rj-results">
                    <summary>{tx("rj.other_result")}</summary>
                    <div class="chips">
                        {[
                            (EndReason::Resignation, Stone::Black, "rj-resign-black"),
                            (EndReason::Resignation, Stone::White, "rj-resign-white"),
                            (EndReason::Time, Stone::Black, "rj-time-black"),
                            (EndReason::Time, Stone::White, "rj-time-white"),
                        ]
                            .into_iter()
                            .map(|(reason, loser, id)| {
                                view! {
                                    <button
                                        class="btn chip"
                                        id=id
                                        on:click=move |_| {
                                            pending.set(None);
                                            pending_result.set(Some((reason, Some(loser.other()))));
                                        }
                                    >
                                        {move || {
                                            format!(
                                                "{} {} — {}",
                                                stone_mark(loser),
                                                colour_label(lang.get(), loser),
                                                if reason == EndReason::Time {
                                                    t("rj.loses_on_time")
                                                } else {
                                                    t("rj.resigns")
                                                },
                                            )
                                        }}
                                    </button>
                                }
                            })
                            .collect_view()}
                        <button
                            class="btn chip"
                            id="rj-draw"
                            on:click=move |_| {
                                pending.set(None);
                                pending_result.set(Some((EndReason::Draw, None)));
                            }
                        >
                            {tx("rj.end.draw")}
                        </button>
                    </div>
                </details>
            </Show>
            {move || {
                pending_result
                    .get()
                    .filter(|_| live.get())
                    .map(|(reason, winner)| {
                        let l = lang.get();
                        let g = shown_game.get();
                        let text = match winner {
                            Some(c) => {
                                format!(
                                    "{} {} ({}) — {}",
                                    name(g.player(c)),
                                    t("rj.wins"),
                                    colour_label(l, c),
                                    end_name(l, reason),
                                )
                            }
                            None => end_name(l, reason).to_string(),
                        };
                        view! {
                            <div class="preview" id="rj-result-preview">
                                <p class="verdict">{text}</p>
                                <div class="actions">
                                    <button
                                        class="btn primary big"
                                        id="rj-result-confirm"
                                        on:click=move |_| {
                                            if act(RenjuAction::GameResult {
                                                reason,
                                                winner,
                                            }) {
                                                pending_result.set(None);
                                            }
                                        }
                                    >
                                        {t("rj.record_result")}
                                    </button>
                                    <button class="btn" on:click=move |_| pending_result.set(None)>
                                        {t("common.cancel")}
                                    </button>
                                </div>
                            </div>
                        }
                    })
            }}

            // The end of a game: the result, the match score, the next game with its colours.
            {move || {
                let v = view_memo.get();
                let g = v.current().clone();
                let r = g.result.clone()?;
                let l = lang.get();
                let s = setup.get();
                let default_black = g.black.other();
                Some(
                    view! {
                        <div class="banner ok" id="rj-game-end" data-reason=r.reason.as_str()>
                            <p class="big" id="rj-game-result">
                                {format!("{}: {}", fill(l, "rj.game_n", g.number), result_line(l, &s, &g))}
                            </p>
                            <p id="rj-match-score">
                                {format!(
                                    "{}: {} {} : {} {}",
                                    t("rj.score"),
                                    name(Player::P1),
                                    v.wins[&Player::P1],
                                    v.wins[&Player::P2],
                                    name(Player::P2),
                                )}
                            </p>
                            {match v.series_winner {
                                Some(w) => {
                                    view! {
                                        <p class="big" id="rj-series-winner">
                                            {format!("{}: {}", t("rj.match_winner"), name(w))}
                                        </p>
                                    }
                                        .into_any()
                                }
                                None if !v.locked => {
                                    view! {
                                        <p class="field-label">{fill(l, "rj.who_black_in", g.number + 1)}</p>
                                        <div class="chips">
                                            {Player::BOTH
                                                .into_iter()
                                                .map(|p| {
                                                    view! {
                                                        <button
                                                            class="btn chip"
                                                            id=format!(
                                                                "rj-next-black-{}",
                                                                if p == Player::P1 { "p1" } else { "p2" },
                                                            )
                                                            class:selected=move || {
                                                                next_black.get().unwrap_or(default_black) == p
                                                            }
                                                            on:click=move |_| next_black.set(Some(p))
                                                        >
                                                            {format!("● {}", name(p))}
                                                        </button>
                                                    }
                                                })
                                                .collect_view()}
                                        </div>
                                        <button
                                            class="btn primary"
                                            id="rj-next-game"
                                            on:click=move |_| {
                                                let black = next_black.get_untracked().unwrap_or(default_black);
                                                if act(RenjuAction::NextGame { black }) {
                                                    next_black.set(None);
                                                    shown.set(None);
                                                    focus.set(None);
                                                }
                                            }
                                        >
                                            {t("end.next_game")}
                                        </button>
                                    }
                                        .into_any()
                                }
                                None => ().into_any(),
                            }}
                        </div>
                    },
                )
            }}

            <div class="actions rj-tools">
                <button
                    class="btn chip"
                    id="rj-numbers"
                    class:selected=move || numbers.get()
                    on:click=move |_| numbers.update(|n| *n = !*n)
                >
                    {tx("rj.numbers")}
                </button>
                <button
                    class="btn chip"
                    id="rj-show-forbidden"
                    class:selected=move || show_forbidden.get()
                    on:click=move |_| show_forbidden.update(|n| *n = !*n)
                >
                    {tx("rj.show_forbidden")}
                </button>
                <UndoButton
                    m=m
                    locked=Signal::derive(locked)
                    id="rj-undo"
                    before=Callback::new(move |_| {
                        pending.set(None);
                        pending_result.set(None);
                    })
                    on_error=Callback::new(move |e: String| msg.set(Some(e)))
                />
            </div>

            <crate::ui::ruling::RulingPanel m=m teams=players_as_teams(setup) locked=Signal::derive(locked) />

            // Forbidden moves of the match: tap one to see its lines on the board.
            <ForbiddenList view_memo=view_memo shown=shown pending=pending focus=focus />

            // The move record: text (copy / download) and the JSON export.
            <MoveRecord m=m setup=setup view_memo=view_memo />
            <crate::ui::parts::MatchActions m=m export="rj-export" share=true />
            <ResultSheet m=m v=view_memo.into() setup=setup.into() />
            <crate::ui::parts::ShareBar m=m />
        </section>
    }
}
