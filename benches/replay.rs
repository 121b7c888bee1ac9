//! Criterion benchmarks (`cargo bench --bench replay`): replaying 10,000 hands of each
//! game with its rules engine, the 升级 match log through `record::replay` (what the app
//! does on every screen update), and the renju judge. Sequences: `benches/gen/mod.rs`.
//!
//! `REPLAY_HANDS` overrides the 10,000.

mod gen;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use referee::record::{replay, schema};
use referee::rules::renju;
use referee::rules::{doudizhu, guandan, sandayi, shengji};
use std::hint::black_box;

fn hands() -> usize {
    std::env::var("REPLAY_HANDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000)
}

fn replays(c: &mut Criterion) {
    let n = hands();
    let mut g = c.benchmark_group(format!("replay_{n}_hands"));
    g.throughput(Throughput::Elements(n as u64));
    g.sample_size(20);

    let p = shengji::builtin_preset("jiankang-chaodipi").unwrap();
    let start = shengji::Start::default();
    let hs = gen::shengji_hands(n);
    let (state, out) = shengji::replay(&p, &start, &hs).expect("valid 升级 hands");
    assert_eq!(out.len(), n);
    assert!(out.iter().all(|o| o.winner.is_none()), "{state:?}");
    g.bench_function("shengji", |b| b.iter(|| shengji::replay(&p, &start, black_box(&hs)).unwrap()));

    let gp = guandan::builtin_preset("guandan-3-2-1").unwrap();
    let gs = guandan::GuandanState::fresh();
    let gh = gen::guandan_hands(n);
    let r = guandan::replay_detailed(&gp, &gs, &gh);
    assert!(r.state.winner.is_none() && r.outcomes.iter().all(|o| !o.ignored), "掼蛋 game ended");
    g.bench_function("guandan", |b| b.iter(|| guandan::replay(&gp, &gs, black_box(&gh))));

    let dp = doudizhu::find_preset("jiankang-doudizhu").unwrap();
    let dh = gen::doudizhu_hands(n);
    doudizhu::replay(&dp, 3, &dh).expect("valid 斗地主 hands");
    g.bench_function("doudizhu", |b| b.iter(|| doudizhu::replay(&dp, 3, black_box(&dh)).unwrap()));

    let sp = sandayi::find_preset("qingpu-sandayi").unwrap();
    let sh = gen::sandayi_hands(n);
    sandayi::replay(&sp, 4, &sh).expect("valid 三打一 hands");
    g.bench_function("sandayi", |b| b.iter(|| sandayi::replay(&sp, 4, black_box(&sh)).unwrap()));

    // The whole record path for 升级: log → view (what every screen update does), and a
    // stored value → validated match (what opening the app does).
    let m = gen::shengji_match("bench", n, 1_700_000_000_000.0);
    g.bench_function("shengji_match_log", |b| b.iter(|| replay::replay(black_box(&m))));
    g.finish();

    // Reading a stored match back: JSON + every validation (the app does this for every
    // match at start-up and for the match being committed to). Slow: its own group.
    let mut g = c.benchmark_group(format!("load_stored_{n}_hands"));
    g.sample_size(10);
    let text = schema::store_match(&m);
    g.bench_function("shengji", |b| b.iter(|| schema::load_stored(black_box(&text)).unwrap()));
    g.finish();

    // One more hand on a 1,000-hand match. `fast_commit_path` is what a commit does when
    // the stored value and tail are what this tab last wrote (store::append_entry's fast
    // path): copy the match, check and append the entry, splice it onto the tail's text,
    // extend the view by one hand. `whole_commit_path` is the other path (another tab
    // wrote, or every 64th entry): read the stored value back, append, serialize the whole
    // match, replay it.
    let mut g = c.benchmark_group("commit_on_1000_hands");
    let m = gen::shengji_match("bench", 1000, 1_700_000_000_000.0);
    let text = schema::store_match(&m);
    let extra = referee::record::Entry {
        after: None,
        id: "extra".into(),
        at_ms: 1_800_000_000_000.0,
        op: referee::record::Op::Hand {
            hand: referee::record::HandInput::Shengji(shengji::Hand { points: 85, ..Default::default() }),
        },
    };
    g.bench_function("load_stored", |b| b.iter(|| schema::load_stored(black_box(&text)).unwrap()));
    g.bench_function("append", |b| {
        b.iter_batched(|| m.clone(), |mut x| x.append(extra.clone()).unwrap(), BatchSize::LargeInput)
    });
    g.bench_function("store_match", |b| b.iter(|| schema::store_match(black_box(&m))));
    g.bench_function("replay", |b| b.iter(|| replay::replay(black_box(&m))));
    let tail = schema::store_tail(&m.id, 990, &m.entries[990..]);
    let referee::record::Setup::Shengji(setup) = &m.setup else { unreachable!("a 升级 match") };
    let view = replay::replay_shengji(&m, &setup.preset, &setup.start);
    g.bench_function("fast_commit_path", |b| {
        b.iter_batched(
            || view.clone(),
            |mut v| {
                let mut x = black_box(&m).clone();
                x.append(extra.clone()).unwrap();
                let t = schema::store_tail_appended(&tail, &extra).unwrap();
                assert!(replay::extend_shengji(&mut v, &setup.preset, &x, m.entries.len()));
                (t, v, x)
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("whole_commit_path", |b| {
        b.iter(|| {
            let mut x = schema::load_stored(black_box(&text)).unwrap();
            x.append(extra.clone()).unwrap();
            let saved = schema::store_match(&x);
            (saved, replay::replay(&x))
        })
    });
    g.finish();
}

fn renju_judgement(c: &mut Criterion) {
    let mut g = c.benchmark_group("renju");
    for (name, n, seed) in [("60_stones", 60, 0x9E37_79B9_7F4A_7C15u64), ("100_stones", 100, 0x2545_F491_4F6C_DD1D)] {
        let b = gen::renju_game_like(n, seed);
        let centre = b.empty_points().min_by_key(|p| (p.col as i32 - 7).abs() + (p.row as i32 - 7).abs()).unwrap();
        g.bench_function(format!("judge_one_point_{name}"), |bn| {
            bn.iter(|| renju::judge(black_box(&b), centre).unwrap())
        });
        g.bench_function(format!("verdicts_all_points_{name}"), |bn| bn.iter(|| renju::verdicts(black_box(&b))));
    }
    g.finish();
}

criterion_group!(benches, replays, renju_judgement);
criterion_main!(benches);
