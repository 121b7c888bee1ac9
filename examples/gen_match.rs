//! Prints a stored 升级 match (the localStorage value, `schema::store_match`) with N valid
//! hands that never end the game — for `scripts/bench.sh` (the 1,000-hand match):
//!
//!     cargo run --release --example gen_match -- [N=1000] [ID=bench-1000]
//!
//! The output is checked with `schema::load_stored` before it is printed.

#[path = "../benches/gen/mod.rs"]
mod gen;

use referee::record::replay::{replay, MatchView};
use referee::record::schema;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().map(|s| s.parse().expect("N is a number")).unwrap_or(1000);
    let id = args.next().unwrap_or_else(|| format!("bench-{n}"));
    // One hand a minute, the last one a minute ago, so the match looks current.
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as f64)
        .unwrap_or(1_700_000_000_000.0);
    let t0 = now_ms - 60_000.0 * (n as f64 + 1.0);
    let m = gen::shengji_match(&id, n, t0);
    let text = schema::store_match(&m);
    let back = schema::load_stored(&text).unwrap_or_else(|e| panic!("generated match is invalid: {e}"));
    assert_eq!(back, m);
    let MatchView::Shengji(v) = replay(&m) else { panic!("not a 升级 view") };
    assert!(v.first_error().is_none());
    assert_eq!(v.current().rows.len(), n, "every hand counts");
    assert!(v.current().winner.is_none(), "the game must not end");
    println!("{text}");
}
