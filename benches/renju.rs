//! Timing of the renju judge (`cargo bench --bench renju`): one point, and every empty
//! point of busy positions. Plain `std::time::Instant`, figures only, no assertions.

#[path = "gen/mod.rs"]
mod gen;

use referee::rules::renju::{self, Board, Point, Stone};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Black on a regular lattice: threes everywhere, whose straight-four points are often
/// forbidden themselves — a stress case for the recursive false-three check.
fn lattice() -> Board {
    let mut b = Board::new();
    for p in Point::all() {
        if (p.col as u32 + 2 * p.row as u32).is_multiple_of(5) || (p.col + p.row).is_multiple_of(7) {
            b.place(p, Stone::Black).unwrap();
        }
    }
    b
}

/// Median time of `f` over `runs` runs.
fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            black_box(f());
            s.elapsed()
        })
        .collect();
    t.sort();
    t[runs / 2]
}

fn report(name: &str, b: &Board) {
    let empty: Vec<Point> = b.empty_points().collect();
    let forbidden = renju::forbidden_points(b).len();
    // The busiest single point: the one whose judgement takes longest.
    let (slow_p, slow_t) = empty.iter().map(|&p| (p, time(5, || renju::judge(b, p)))).max_by_key(|&(_, t)| t).unwrap();
    let centre = empty.iter().copied().min_by_key(|p| (p.col as i32 - 7).abs() + (p.row as i32 - 7).abs());
    let one = time(201, || renju::judge(b, centre.unwrap()));
    let all_fast = time(21, || renju::verdicts(b));
    let all_judge = time(11, || empty.iter().filter(|&&p| renju::judge(b, p).unwrap().verdict.is_forbidden()).count());
    println!(
        "{name}: {} stones ({} black), {} empty, {forbidden} forbidden",
        b.count(),
        b.stones(Stone::Black).len(),
        empty.len()
    );
    println!("  judge one point ({}):        {:>10.1?}", centre.unwrap(), one);
    println!("  judge slowest point ({slow_p}):  {:>10.1?}", slow_t);
    println!("  verdicts, all empty points:   {:>10.1?}", all_fast);
    println!("  judge, each empty point:      {:>10.1?}", all_judge);
}

fn main() {
    report("game-like (60 stones)", &gen::renju_game_like(60, 0x9E37_79B9_7F4A_7C15));
    report("game-like (100 stones)", &gen::renju_game_like(100, 0x2545_F491_4F6C_DD1D));
    report("black lattice", &lattice());
}
