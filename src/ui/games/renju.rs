//! 五子棋 pages (RULES.md §5, issue 7): the referee's board and the set-up form.
//!
//! The board is a 15×15 SVG sized for a phone: tap an intersection to put the next stone
//! there as a ghost (with the engine's verdict for a black move), tap it again — or press
//! confirm — to log it, so a slip is not a move. A forbidden black move is marked on the
//! board with its shape named and the lines behind it highlighted, and the claim is offered
//! until white plays on. Everything shown is the replay of the log
//! ([`crate::record::games::renju::replay`]).

use crate::i18n::Lang;
use crate::record::games::renju::{
    claim_name, colour_label, end_name, fill, player_label, record_text, replay, result_line, shape_name,
    shapes_behind, verdict_name, ClaimStatus, EndReason, GameClock, Player, RenjuAction, RenjuGame, RenjuSetup,
    RenjuView,
};
use crate::record::{ClockAction, HandInput, Match, Op, Setup};
use crate::rules::renju::{self, Direction, Judgement, Point, Preset, Stone, Verdict};
use crate::ui::widgets::{fmt_duration, no_key_repeat, FormIntent, UndoButton};
use crate::ui::{commit, create_match, ctx, fmt_time, io, new_id, now_ms, t, tx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};

/// Board geometry in SVG units: grid step and margin (the coordinates sit in the margin).
const STEP: f64 = 20.0;
const MARGIN: f64 = 25.0;
const SIDE: f64 = 2.0 * MARGIN + 14.0 * STEP;
/// Star points (星位): d4, l4, h8, d12, l12.
const STARS: [(u8, u8); 5] = [(3, 3), (11, 3), (7, 7), (3, 11), (11, 11)];

/// The board's view toggles, kept across re-mounts of the page (the match page is built
/// again after each logged entry).
static SHOW_NUMBERS: AtomicBool = AtomicBool::new(false);
static SHOW_FORBIDDEN: AtomicBool = AtomicBool::new(false);

fn xy(p: Point) -> (f64, f64) {
    (MARGIN + p.col as f64 * STEP, MARGIN + (14 - p.row) as f64 * STEP)
}

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

/// Downloads `text` as a UTF-8 text file.
fn download_text(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("text/plain;charset=utf-8");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    let doc = document();
    if let Ok(a) = doc.create_element("a") {
        let a: web_sys::HtmlAnchorElement = a.unchecked_into();
        a.set_href(&url);
        a.set_download(name);
        let _ = doc.body().map(|b| b.append_child(&a));
        a.click();
        a.remove();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// `navigator.clipboard.writeText(text)` where available; `false` when not.
fn copy_text(text: &str) -> bool {
    let nav = window().navigator();
    let Ok(clip) = js_sys::Reflect::get(&nav, &"clipboard".into()) else { return false };
    if clip.is_undefined() || clip.is_null() {
        return false;
    }
    let Ok(f) = js_sys::Reflect::get(&clip, &"writeText".into()) else { return false };
    let Ok(f) = f.dyn_into::<js_sys::Function>() else { return false };
    f.call1(&clip, &JsValue::from_str(text)).is_ok()
}

/// The 15×15 board of one game: grid, star points, coordinates a–o / 1–15, stones (with
/// move numbers or a last-move dot), forbidden moves ringed, the highlighted shape lines,
/// the ghost of the pending stone, optional forbidden-point marks, and one tap target per
/// intersection (`data-point="h8"`).
#[component]
fn BoardSvg(
    game: Signal<RenjuGame>,
    pending: RwSignal<Option<Point>>,
    numbers: RwSignal<bool>,
    highlight: Signal<Option<Judgement>>,
    forbidden: Signal<Vec<(Point, Verdict)>>,
    live: Signal<bool>,
    on_tap: impl Fn(Point) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let lo = MARGIN;
    let hi = MARGIN + 14.0 * STEP;
    let grid = (0..15u8)
        .map(|i| {
            let k = MARGIN + i as f64 * STEP;
            view! {
                <line class="rj-grid" x1=lo y1=k x2=hi y2=k />
                <line class="rj-grid" x1=k y1=lo x2=k y2=hi />
            }
        })
        .collect_view();
    let stars = STARS
        .iter()
        .map(|&(c, r)| {
            let (x, y) = xy(Point { col: c, row: r });
            view! { <circle class="rj-star" cx=x cy=y r=2.6 /> }
        })
        .collect_view();
    let coords = (0..15u8)
        .map(|i| {
            let letter = ((b'a' + i) as char).to_string();
            let x = MARGIN + i as f64 * STEP;
            let y = MARGIN + (14 - i) as f64 * STEP;
            view! {
                <text class="rj-coord" x=x y=SIDE - 4.0 text-anchor="middle">
                    {letter}
                </text>
                <text class="rj-coord" x=13.0 y=y + 3.0 text-anchor="end">
                    {i + 1}
                </text>
            }
        })
        .collect_view();
    let hits = Point::all()
        .map(|p| {
            let (x, y) = xy(p);
            view! {
                <rect
                    class="rj-hit"
                    x=x - STEP / 2.0
                    y=y - STEP / 2.0
                    width=STEP
                    height=STEP
                    data-point=p.to_string()
                    on:click=move |_| on_tap(p)
                />
            }
        })
        .collect_view();
    view! {
        <div class="rj-board" class:live=move || live.get()>
            <svg viewBox=format!("0 0 {SIDE} {SIDE}") id="rj-board" role="img" aria-label=move || t("rj.board")>
                <rect class="rj-wood" x=0 y=0 width=SIDE height=SIDE rx=6 />
                {grid}
                {stars}
                {coords}
                {move || {
                    highlight
                        .get()
                        .map(|j| {
                            let kinds = shapes_behind(j.verdict);
                            j.shapes
                                .iter()
                                .filter(|s| kinds.contains(&s.kind))
                                .map(|s| {
                                    let (Some(a), Some(b)) = (s.stones.first(), s.stones.last()) else {
                                        return ().into_any()
                                    };
                                    let (x1, y1) = xy(*a);
                                    let (x2, y2) = xy(*b);
                                    let cls = if s.kind == renju::ShapeKind::FalseThree {
                                        "rj-hl false"
                                    } else {
                                        "rj-hl"
                                    };
                                    view! {
                                        <g class="rj-shape" data-kind=format!("{:?}", s.kind)>
                                            <line class=cls x1=x1 y1=y1 x2=x2 y2=y2 />
                                            {s
                                                .points
                                                .iter()
                                                .map(|p| {
                                                    let (x, y) = xy(*p);
                                                    view! { <circle class="rj-key" cx=x cy=y r=4.0 /> }
                                                })
                                                .collect_view()}
                                        </g>
                                    }
                                        .into_any()
                                })
                                .collect_view()
                        })
                }}
                {move || {
                    let g = game.get();
                    let show_n = numbers.get();
                    let last = g.moves.last().map(|r| r.point);
                    g.moves
                        .iter()
                        .map(|r| {
                            let (x, y) = xy(r.point);
                            let black = r.stone == Stone::Black;
                            let claim = match r.claim {
                                Some(ClaimStatus::Open) => " forbidden open",
                                Some(ClaimStatus::Claimed) => " forbidden claimed",
                                Some(ClaimStatus::NotClaimed) => " forbidden not-claimed",
                                None => "",
                            };
                            let cls = format!("rj-stone {}{claim}", if black { "black" } else { "white" });
                            view! {
                                <g
                                    class=cls
                                    data-stone=r.point.to_string()
                                    data-color=if black { "black" } else { "white" }
                                    data-number=r.number
                                >
                                    <circle cx=x cy=y r=9.3 />
                                    {r.claim.is_some().then(|| view! { <circle class="rj-ring" cx=x cy=y r=12.0 /> })}
                                    {show_n
                                        .then(|| {
                                            view! {
                                                <text class="rj-num" x=x y=y + 3.2 text-anchor="middle">
                                                    {r.number}
                                                </text>
                                            }
                                        })}
                                    {(!show_n && last == Some(r.point))
                                        .then(|| view! { <circle class="rj-last" cx=x cy=y r=2.8 /> })}
                                </g>
                            }
                        })
                        .collect_view()
                }}
                {move || {
                    forbidden
                        .get()
                        .into_iter()
                        .map(|(p, _)| {
                            let (x, y) = xy(p);
                            view! {
                                <path
                                    class="rj-fp"
                                    data-forbidden=p.to_string()
                                    d=format!("M{} {}l7 7m0 -7l-7 7", x - 3.5, y - 3.5)
                                />
                            }
                        })
                        .collect_view()
                }}
                {move || {
                    pending
                        .get()
                        .map(|p| {
                            let (x, y) = xy(p);
                            let c = game.with(|g| g.to_move());
                            view! {
                                <circle
                                    class=format!("rj-ghost {}", if c == Stone::Black { "black" } else { "white" })
                                    cx=x
                                    cy=y
                                    r=9.3
                                    data-ghost=p.to_string()
                                />
                            }
                        })
                }}
                {hits}
            </svg>
        </div>
    }
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
        "renju",
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
    let copied = RwSignal::new(false);
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
    let remaining = move |c: Stone| -> Option<f64> {
        let mins = setup.with(|s| s.clock.map(|k| k.minutes))?;
        let g = view_memo.with(|v| v.current().clone());
        Some(mins as f64 * 60_000.0 - g.clock.elapsed_ms(c, g.to_move(), now.get()))
    };

    view! {
        <section class="page match renju" id="rj-page">
            <h1 class="match-title">
                {move || {
                    m.with(|x| {
                        x.as_ref()
                            .map(|x| if x.title.is_empty() { x.id.clone() } else { x.title.clone() })
                            .unwrap_or_default()
                    })
                }}
            </h1>
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
                        if g.clock.running_since.is_some() {
                            view! {
                                <button
                                    class="btn"
                                    id="rj-clock-pause"
                                    disabled=move || crate::ui::ctx().clock_cooling.get()
                                    on:click=move |_| simple(Op::Clock {
                                        action: ClockAction::Pause,
                                        elapsed_ms: elapsed_now(),
                                    })
                                >
                                    {t("clock.pause")}
                                </button>
                            }
                                .into_any()
                        } else if g.clock.started {
                            view! {
                                <button
                                    class="btn"
                                    id="rj-clock-resume"
                                    disabled=move || crate::ui::ctx().clock_cooling.get()
                                    on:click=move |_| simple(Op::Clock {
                                        action: ClockAction::Resume,
                                        elapsed_ms: None,
                                    })
                                >
                                    {t("clock.resume")}
                                </button>
                            }
                                .into_any()
                        } else {
                            view! {
                                <button
                                    class="btn"
                                    id="rj-clock-start"
                                    disabled=move || crate::ui::ctx().clock_cooling.get()
                                    on:click=move |_| simple(Op::Clock {
                                        action: ClockAction::Start,
                                        elapsed_ms: None,
                                    })
                                >
                                    {t("clock.start")}
                                </button>
                            }
                                .into_any()
                        }
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
                                                        .map(|s| view! { <li>{s}</li> })
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
                                {shape_lines(l, &j).into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}
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
            <Show when=move || view_memo.with(|v| v.games.iter().any(|g| g.forbidden_moves().next().is_some()))>
                <h2>{tx("rj.forbidden_moves")}</h2>
                <ul class="history" id="rj-forbidden-list">
                    {move || {
                        let v = view_memo.get();
                        let l = lang.get();
                        v.games
                            .iter()
                            .enumerate()
                            .flat_map(|(gi, g)| g.forbidden_moves().map(move |r| (gi, g.number, r.clone())))
                            .map(|(gi, gn, r)| {
                                let id = r.entry_id.clone();
                                let verdict = r.verdict().unwrap_or(Verdict::None);
                                let status = r.claim.map(|c| claim_name(l, c)).unwrap_or("");
                                view! {
                                    <li class="hand-row">
                                        <button
                                            class="btn link rj-forbidden-row"
                                            data-entry=id.clone()
                                            data-claim=format!("{:?}", r.claim.unwrap_or(ClaimStatus::Open))
                                            on:click=move |_| {
                                                shown.set(Some(gi));
                                                pending.set(None);
                                                focus.set(Some(id.clone()));
                                            }
                                        >
                                            {format!(
                                                "{} · {} {} {} · {} — {}",
                                                fill(l, "rj.game_n", gn),
                                                fill(l, "rj.move_n", r.number),
                                                stone_mark(r.stone),
                                                r.point,
                                                verdict_name(l, verdict),
                                                status,
                                            )}
                                        </button>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </Show>

            // The move record: text (copy / download) and the JSON export.
            <details class="rj-record" id="rj-record-box">
                <summary>{tx("rj.record")}</summary>
                <pre id="rj-record">
                    {move || {
                        m.with(|x| {
                            x.as_ref()
                                .map(|x| record_text(x, &setup.get(), &view_memo.get(), lang.get()))
                                .unwrap_or_default()
                        })
                    }}
                </pre>
                <div class="actions">
                    <button
                        class="btn"
                        id="rj-copy"
                        on:click=move |_| {
                            if let Some(x) = m.get_untracked() {
                                let text = record_text(
                                    &x,
                                    &setup.get_untracked(),
                                    &view_memo.get_untracked(),
                                    lang.get_untracked(),
                                );
                                copied.set(copy_text(&text));
                            }
                        }
                    >
                        {move || if copied.get() { t("rj.copied") } else { t("rj.copy") }}
                    </button>
                    <button
                        class="btn"
                        id="rj-download"
                        on:click=move |_| {
                            if let Some(x) = m.get_untracked() {
                                let text = record_text(
                                    &x,
                                    &setup.get_untracked(),
                                    &view_memo.get_untracked(),
                                    lang.get_untracked(),
                                );
                                download_text(&format!("renju-{}.txt", x.id), &text);
                            }
                        }
                    >
                        {tx("rj.download")}
                    </button>
                </div>
            </details>
            <div class="actions">
                <button
                    class="btn"
                    id="rj-export"
                    on:click=move |_| {
                        if let Some(x) = m.get_untracked() {
                            io::export(&[x], "match", false)
                        }
                    }
                >
                    {tx("io.export_match")}
                </button>
                <Show when=io::can_share>
                    <button
                        class="btn"
                        on:click=move |_| {
                            if let Some(x) = m.get_untracked() {
                                io::export(&[x], "match", true)
                            }
                        }
                    >
                        {tx("io.share")}
                    </button>
                </Show>
            </div>

            <ResultSheet m=m v=view_memo.into() setup=setup.into() />
        </section>
    }
}

/// The result sheet: one row per game (black, white, moves, result), the match score, the
/// referee's sign-off (locks) and reopen with a reason.
#[component]
fn ResultSheet(m: Memo<Option<Arc<Match>>>, v: Signal<RenjuView>, setup: Signal<RenjuSetup>) -> impl IntoView {
    let lang = ctx().lang;
    let referee = RwSignal::new(String::new());
    let reason = RwSignal::new(String::new());
    let err: RwSignal<Option<String>> = RwSignal::new(None);
    let act = move |op: Op| {
        if let Some(x) = m.get_untracked() {
            match commit(&x, op) {
                Ok(()) => err.set(None),
                Err(e) => err.set(Some(e)),
            }
        }
    };
    view! {
        <details class="result-sheet" id="rj-sheet">
            <summary>{tx("sheet.title")}</summary>
            {move || {
                let view = v.get();
                let s = setup.get();
                let l = lang.get();
                let name = |p| player_label(l, &s, p);
                view! {
                    <table class="sheet">
                        <tr>
                            <th>"#"</th>
                            <th>{t("rj.black")}</th>
                            <th>{t("rj.white")}</th>
                            <th>{t("rj.moves")}</th>
                            <th>{t("rj.result")}</th>
                        </tr>
                        {view
                            .games
                            .iter()
                            .map(|g| {
                                view! {
                                    <tr data-game=g.number>
                                        <td>{g.number}</td>
                                        <td>{name(g.player(Stone::Black))}</td>
                                        <td>{name(g.player(Stone::White))}</td>
                                        <td>{g.moves.len()}</td>
                                        <td>{result_line(l, &s, g)}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                        <tr>
                            <td></td>
                            <td colspan="4" id="rj-sheet-score">
                                {format!(
                                    "{} {} : {} {}{}",
                                    name(Player::P1),
                                    view.wins[&Player::P1],
                                    view.wins[&Player::P2],
                                    name(Player::P2),
                                    view
                                        .series_winner
                                        .map(|w| format!(" · {}: {}", t("rj.match_winner"), name(w)))
                                        .unwrap_or_default(),
                                )}
                            </td>
                        </tr>
                    </table>
                    <p class="muted">
                        {format!(
                            "{} {} · {} · {} · {}",
                            t("rj.rules"),
                            s.preset.id,
                            s.preset.source,
                            fill(l, "rj.best_of_n", s.preset.best_of),
                            m.with(|x| x.as_ref().map(|x| fmt_time(x.created_ms))).unwrap_or_default(),
                        )}
                    </p>
                    {
                        view! {
                            <crate::ui::widgets::SignOff
                                locked=view.locked
                                referee=referee
                                reason=reason
                                ids=["rj-referee", "rj-sign-off", "rj-reopen"]
                                act=act
                            />
                        }
                    }
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
                }
            }}
        </details>
    }
}

/// The set-up form: title, the two players, the 猜先 result (who has black in game 1),
/// games in the match (the preset copy's `best_of`), and the per-player game clock.
#[component]
pub fn NewForm() -> impl IntoView {
    let lang = ctx().lang;
    let navigate = use_navigate();
    let title = RwSignal::new(String::new());
    let p1 = RwSignal::new(String::new());
    let p2 = RwSignal::new(String::new());
    let first_black = RwSignal::new(Player::P1);
    let best_of = RwSignal::new(Preset::rif().best_of);
    let clock: RwSignal<Option<u32>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let label = move |p: Player| {
        let v = if p == Player::P1 { p1.get() } else { p2.get() };
        let v = v.trim().to_string();
        if v.is_empty() {
            t(if p == Player::P1 { "rj.p1_default" } else { "rj.p2_default" }).to_string()
        } else {
            v
        }
    };
    let create = move |_| {
        let mut preset = Preset::rif();
        preset.best_of = best_of.get_untracked();
        let s = RenjuSetup {
            preset,
            players: [p1.get_untracked().trim().to_string(), p2.get_untracked().trim().to_string()],
            first_black: first_black.get_untracked(),
            clock: clock.get_untracked().map(|minutes| GameClock { minutes }),
        };
        let l = lang.get_untracked();
        let tt = title.get_untracked().trim().to_string();
        let m = Match {
            id: new_id("m"),
            created_ms: now_ms(),
            title: if tt.is_empty() {
                format!("{} vs {}", player_label(l, &s, Player::P1), player_label(l, &s, Player::P2))
            } else {
                tt
            },
            setup: Setup::Renju(s),
            entries: Vec::new(),
        };
        match create_match(m) {
            Ok(id) => navigate(&format!("/match/{id}"), Default::default()),
            Err(e) => error.set(Some(e)),
        }
    };
    view! {
        <div class="new-form rj-new">
            <p class="muted">{move || format!("{} {} · {}", t("rj.rules"), Preset::rif().id, Preset::rif().source)}</p>
            <details class="preset">
                <summary>{tx("new.rules")}</summary>
                <p class="muted">{tx("rj.rules_text")}</p>
            </details>
            <label class="field-label" for="rj-title">
                {tx("new.match_title")}
            </label>
            <input
                id="rj-title"
                maxlength=crate::record::schema::MAX_TITLE
                prop:value=move || title.get()
                on:input=move |ev| title.set(event_target_value(&ev))
            />
            <div class="two">
                <div>
                    <label class="field-label" for="rj-p1">
                        {tx("rj.p1")}
                    </label>
                    <input
                        id="rj-p1"
                        maxlength=crate::record::schema::MAX_NAME
                        placeholder=move || t("rj.p1_default")
                        prop:value=move || p1.get()
                        on:input=move |ev| p1.set(event_target_value(&ev))
                    />
                </div>
                <div>
                    <label class="field-label" for="rj-p2">
                        {tx("rj.p2")}
                    </label>
                    <input
                        id="rj-p2"
                        maxlength=crate::record::schema::MAX_NAME
                        placeholder=move || t("rj.p2_default")
                        prop:value=move || p2.get()
                        on:input=move |ev| p2.set(event_target_value(&ev))
                    />
                </div>
            </div>
            <label class="field-label">{tx("rj.guess")}</label>
            <div class="chips">
                {Player::BOTH
                    .into_iter()
                    .map(|p| {
                        view! {
                            <button
                                class="btn chip"
                                id=format!("rj-first-black-{}", if p == Player::P1 { "p1" } else { "p2" })
                                class:selected=move || first_black.get() == p
                                on:click=move |_| first_black.set(p)
                            >
                                {move || format!("● {} {}", label(p), t("rj.has_black"))}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("rj.games")}</label>
            <div class="chips">
                {[1u8, 3, 5]
                    .into_iter()
                    .map(|n| {
                        view! {
                            <button
                                class="btn chip"
                                id=format!("rj-best-of-{n}")
                                class:selected=move || best_of.get() == n
                                on:click=move |_| best_of.set(n)
                            >
                                {move || fill(lang.get(), "rj.best_of_n", n)}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field-label">{tx("rj.clock")}</label>
            <div class="chips">
                {[None, Some(5u32), Some(10), Some(15), Some(20), Some(30), Some(45), Some(60)]
                    .into_iter()
                    .map(|k| {
                        view! {
                            <button
                                class="btn chip"
                                id=format!("rj-clock-{}", k.unwrap_or(0))
                                class:selected=move || clock.get() == k
                                on:click=move |_| clock.set(k)
                            >
                                {move || match k {
                                    None => t("rj.no_clock").to_string(),
                                    Some(x) => fill(lang.get(), "rj.minutes_each", x),
                                }}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            {move || {
                error
                    .get()
                    .map(|e| {
                        view! {
                            <div class="banner error" role="alert">
                                {e}
                            </div>
                        }
                    })
            }}
            <button class="btn primary big" id="rj-create" on:click=create>
                {tx("new.create")}
            </button>
        </div>
    }
}
