//! The level progression chart of a 升级 match.

use crate::rules::{Rank, Team};
use crate::ui::tx;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// Level progression chart: one polyline per team, hand number on the x-axis, levels
/// 2…A on the y-axis. Inline SVG sized by its container.
#[component]
pub fn LevelChart(
    /// Levels `[team A, team B]` after each hand; index 0 = start.
    series: Signal<Vec<[Rank; 2]>>,
    names: Signal<BTreeMap<Team, String>>,
) -> impl IntoView {
    const W: f64 = 320.0;
    const H: f64 = 180.0;
    const L: f64 = 26.0;
    const B: f64 = 18.0;
    // Computed once per change (the caller's signal is derived), compared cheaply.
    let s = Memo::new(move |_| series.get());
    let n = Memo::new(move |_| s.with(|s| s.len().max(2) - 1));
    let x = move |i: usize, n: usize| L + (W - L - 6.0) * i as f64 / n as f64;
    let y = |r: Rank| 6.0 + (H - B - 12.0) * (12.0 - r.index() as f64) / 12.0;
    // At most one point per horizontal unit (a 1,000-hand match would draw 1,000 points on
    // a 320-unit chart); whole units, written without float formatting.
    let line = move |team: Team| {
        s.with(|s| {
            use std::fmt::Write;
            let n = s.len().max(2) - 1;
            let step = s.len().div_ceil(W as usize).max(1);
            let mut out = String::with_capacity(s.len().min(W as usize) * 8);
            let mut put = |i: usize| {
                let r = s[i][if team == Team::A { 0 } else { 1 }];
                let _ = write!(out, "{},{} ", x(i, n).round() as i32, y(r).round() as i32);
            };
            for i in (0..s.len()).step_by(step) {
                put(i);
            }
            if !s.is_empty() && (s.len() - 1) % step != 0 {
                put(s.len() - 1);
            }
            out
        })
    };
    let grid = Rank::all()
        .filter(|r| r.index() % 3 == 0 || *r == Rank::ACE)
        .map(|r| {
            view! {
                <g>
                    <line x1=L y1=y(r) x2=W y2=y(r) class="grid" />
                    <text x=2 y=y(r) + 4.0 class="axis">
                        {r.name()}
                    </text>
                </g>
            }
        })
        .collect_view();
    view! {
        <figure class="chart">
            <svg viewBox=format!("0 0 {W} {H}") role="img" aria-label=tx("chart.title")>
                {grid}
                // Hand-number ticks: every hand up to 12, else every n/6-th. Thirteen fixed
                // slots whose position and text follow n (a new hand moves them; rebuilding
                // the elements would remove and set all their attributes again).
                {(0..=12usize)
                    .map(|k| {
                        let tick = Memo::new(move |_| {
                            let n = n.get();
                            let i = if n <= 12 { k } else { k * (n / 6).max(1) };
                            let width = 6.0 * i.to_string().len() as f64;
                            (i <= n).then(|| (i, (x(i, n) - 3.0).min(W - 1.0 - width).round() as i32))
                        });
                        let label = Memo::new(move |_| tick.get().map(|t| t.0));
                        // Kept inside the chart: a label near the right edge ends at it.
                        view! {
                            <text
                                x=move || tick.get().map(|t| t.1).unwrap_or(0)
                                y=H - 4.0
                                class="axis"
                                visibility=move || if label.get().is_some() { "visible" } else { "hidden" }
                            >
                                {move || label.get().map(|i| i.to_string()).unwrap_or_default()}
                            </text>
                        }
                    })
                    .collect_view()}
                <polyline points=move || line(Team::A) class="team-a" fill="none" />
                <polyline points=move || line(Team::B) class="team-b" fill="none" />
            </svg>
            <figcaption>
                <span class="key team-a">
                    "━ "
                    {move || names.with(|nm| nm.get(&Team::A).map(|n| crate::bidi::isolated(n)).unwrap_or_default())}
                </span>
                <span class="key team-b">
                    "━ "
                    {move || names.with(|nm| nm.get(&Team::B).map(|n| crate::bidi::isolated(n)).unwrap_or_default())}
                </span>
                <span class="muted">" · "{tx("chart.x")}</span>
            </figcaption>
        </figure>
    }
}
