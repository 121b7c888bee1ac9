//! 五子棋 board: the 15×15 SVG (grid, star points, coordinates, stones, forbidden points, shapes, the pending stone and the tap targets).

use super::*;

/// Board geometry in SVG units: grid step and margin (the coordinates sit in the margin).
pub(super) const STEP: f64 = 20.0;

pub(super) const MARGIN: f64 = 25.0;

pub(super) const SIDE: f64 = 2.0 * MARGIN + 14.0 * STEP;

/// Star points (星位): d4, l4, h8, d12, l12.
pub(super) const STARS: [(u8, u8); 5] = [(3, 3), (11, 3), (7, 7), (3, 11), (11, 11)];

pub(super) fn xy(p: Point) -> (f64, f64) {
    (MARGIN + p.col as f64 * STEP, MARGIN + (14 - p.row) as f64 * STEP)
}

/// The 15×15 board of one game: grid, star points, coordinates a–o / 1–15, stones (with
/// move numbers or a last-move dot), forbidden moves ringed, the highlighted shape lines,
/// the ghost of the pending stone, optional forbidden-point marks, and one target per
/// intersection (`data-point="h8"`). A finger (or a pressed mouse) shows the loupe; lifting
/// it calls `on_tap` with the intersection nearest to where it was lifted.
#[component]
pub(super) fn BoardSvg(
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
            view! { <rect class="rj-hit" x=x - STEP / 2.0 y=y - STEP / 2.0 width=STEP height=STEP data-point=p.to_string() /> }
        })
        .collect_view();
    // The finger on the board: the intersection it would take, where the finger is (pixels
    // from the board's top left) and its height on the screen; shown magnified above the
    // finger (the loupe).
    let aim: RwSignal<Option<(Point, f64, f64, f64)>> = RwSignal::new(None);
    let board = NodeRef::<leptos::html::Div>::new();
    let aim_of = move |ev: &leptos::ev::PointerEvent| -> Option<(Point, f64, f64, f64)> {
        let r = board.get_untracked()?.get_bounding_client_rect();
        if r.width() <= 0.0 {
            return None;
        }
        let (fx, fy) = (ev.client_x() as f64 - r.left(), ev.client_y() as f64 - r.top());
        point_at(fx * SIDE / r.width(), fy * SIDE / r.width()).map(|p| (p, fx, fy, ev.client_y() as f64))
    };
    let track = move |ev: leptos::ev::PointerEvent| {
        let pressed = ev.pointer_type() != "mouse" || ev.buttons() != 0;
        aim.set(if live.get_untracked() && pressed { aim_of(&ev) } else { None });
    };
    // Lifting the finger takes the point the loupe shows (also when it moved onto another
    // intersection while down); a scroll cancels the pointer and takes nothing.
    let lift = move |ev: leptos::ev::PointerEvent| {
        let was_down = aim.get_untracked().is_some();
        aim.set(None);
        if let Some((p, ..)) = aim_of(&ev).filter(|_| was_down && live.get_untracked()) {
            on_tap(p);
        }
    };
    let stop = move |_: leptos::ev::PointerEvent| aim.set(None);
    view! {
        <div class="rj-board" class:live=move || live.get() node_ref=board>
            <svg
                viewBox=format!("0 0 {SIDE} {SIDE}")
                id="rj-board"
                role="img"
                aria-label=move || t("rj.board")
                on:pointerdown=track
                on:pointermove=track
                on:pointerup=lift
                on:pointercancel=stop
                on:pointerleave=stop
            >
                <g id="rj-art">
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
                                        {r
                                            .claim
                                            .is_some()
                                            .then(|| view! { <circle class="rj-ring" cx=x cy=y r=12.0 /> })}
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
                </g>
                {hits}
            </svg>
            {move || {
                aim.get()
                    .map(|(p, fx, fy, screen_y)| {
                        let top = if screen_y > LOUPE_PX + 60.0 { fy - LOUPE_PX - 40.0 } else { fy + 40.0 };
                        // Above the finger, so the finger does not hide it (below it near the
                        // top of the screen, where above would be off screen).
                        view! {
                            <div
                                class="rj-loupe"
                                id="rj-loupe"
                                data-point=p.to_string()
                                style=format!("left: {:.0}px; top: {:.0}px", fx - LOUPE_PX / 2.0, top)
                            >
                                {zoom(p)}
                            </div>
                        }
                    })
            }}
        </div>
    }
}

/// The loupe's size in CSS pixels (see `.rj-loupe`).
const LOUPE_PX: f64 = 132.0;

/// The intersection nearest to board coordinates (`x`, `y`, SVG units); `None` well
/// outside the grid.
fn point_at(x: f64, y: f64) -> Option<Point> {
    let col = ((x - MARGIN) / STEP).round();
    let row = 14.0 - ((y - MARGIN) / STEP).round();
    if !(-0.5..=14.5).contains(&col) || !(-0.5..=14.5).contains(&row) {
        return None;
    }
    Point::new(col.clamp(0.0, 14.0) as u8, row.clamp(0.0, 14.0) as u8)
}

/// The board around `p` magnified (±1.5 intersections), `p` ringed and named: the loupe
/// under the finger and the pending stone's close-up. Draws the board's art again by
/// reference (`<use href="#rj-art">`), so stones and marks are the board's own.
pub(super) fn zoom(p: Point) -> impl IntoView {
    let (x, y) = xy(p);
    let half = 1.6 * STEP;
    view! {
        <svg
            class="rj-zoom-svg"
            viewBox=format!("{} {} {} {}", x - half, y - half, 2.0 * half, 2.0 * half)
            aria-hidden="true"
        >
            <use href="#rj-art" />
            <circle class="rj-aim" cx=x cy=y r=11.5 />
        </svg>
        <span class="rj-zoom-name">{p.to_string()}</span>
    }
}
