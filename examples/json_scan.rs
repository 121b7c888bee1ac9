//! Measures the check for keys given twice ([`referee::json::duplicate_key`]) on the stored
//! value of a 1,000-hand 升级 match, beside what reading that value costs anyway:
//!
//!     cargo run --release --example json_scan -- [N=1000] [ITERATIONS=200]
//!
//! Prints the figures; asserts nothing about them.

#[path = "../benches/gen/mod.rs"]
mod gen;

use referee::record::schema;
use std::hint::black_box;
use std::time::Instant;

fn per_iteration(iterations: u32, mut f: impl FnMut()) -> f64 {
    f();
    let t = Instant::now();
    for _ in 0..iterations {
        f();
    }
    t.elapsed().as_secs_f64() * 1000.0 / iterations as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().map(|s| s.parse().expect("N is a number")).unwrap_or(1000);
    let iterations: u32 = args.next().map(|s| s.parse().expect("ITERATIONS is a number")).unwrap_or(200);
    let m = gen::shengji_match("bench", n, 1_700_000_000_000.0);
    for (what, text) in [("stored (compact)", schema::store_match(&m)), ("export (pretty)", schema::export(&[&m], 0.0))]
    {
        assert!(referee::json::duplicate_key(&text).is_none());
        let scan = per_iteration(iterations, || {
            black_box(referee::json::duplicate_key(black_box(&text)));
        });
        let parse = per_iteration(iterations, || {
            black_box(serde_json::from_str::<serde_json::Value>(black_box(&text)).unwrap());
        });
        let load = per_iteration(iterations.div_ceil(10), || {
            black_box(schema::parse_import(black_box(&text)).unwrap());
        });
        println!(
            "{n} hands, {what}, {} bytes: scan {scan:.3} ms ({:.0} MB/s), serde_json::Value parse {parse:.3} ms, whole import read {load:.3} ms",
            text.len(),
            text.len() as f64 / scan / 1000.0,
        );
    }
}
