//! Timing of an event's pure work with many entrants (`cargo bench --bench event`; also
//! runs unoptimised with `cargo test --bench event`): a 掼蛋 team round robin
//! (`jiankang-guandan-team`) of 16, 32 and 64 teams — n − 1 rounds of n / 2 fixtures — and
//! what the desk computes for it: the schedule, its check, the event's document (store,
//! load, validation), the standings and results with and without played matches, one
//! round's table matches made as the schedule's button makes them, a table's
//! "decided elsewhere" look-up, and the per-fixture look-ups the competition tab does for
//! its rows. Plain `std::time::Instant`, figures only, no assertions.
//!
//! `EVENT_SIZES` overrides the sizes (`EVENT_SIZES=64`).

use referee::record::{Entry, HandInput, Match, Op};
use referee::rules::guandan::{FinishOrder, Hand};
use referee::rules::Seat::*;
use referee::tournament::{
    self as tm, builtin_format, decided, draw, schedule, standings, tables, Competition, Entrant, EntrantKind, Event,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

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

/// An event of `n` teams of two pairs and its 掼蛋 team round robin, drawn (not scheduled).
fn event(n: usize) -> Event {
    let mut e = Event::new("bench", "健康杯", 0.0);
    for i in 1..=n {
        e.entrants.push(Entrant {
            id: format!("e{i}"),
            name: format!("队{i}"),
            kind: EntrantKind::Team,
            members: (1..=4).map(|k| format!("{i}-{k}")).collect(),
            unit: String::new(),
        });
    }
    let f = builtin_format("jiankang-guandan-team").expect("built-in format");
    let mut c = f.competition("c1", "掼蛋 团体", e.entrants.iter().map(|x| x.id.clone()).collect());
    draw::draw(&mut c, 7);
    e.competitions.push(c);
    e
}

/// The desk's save of an edit ([`Ev::mutate`] in the UI): read the stored event, validate,
/// check the teams, store it again.
fn save_cycle(text: &str) -> String {
    let e = tm::load_event(text).expect("valid event");
    tm::validate_event(&e).expect("valid event");
    tm::check_teams(&e, &e).expect("teams complete");
    tm::store_event(&e)
}

/// Links every leg of round `round` to a new match with five 掼蛋 hands, as the schedule's
/// "make the round's matches" button does and the tables then record; the matches.
fn play_round(e: &mut Event, round: usize) -> Vec<Match> {
    let c = e.competitions[0].clone();
    let res = standings::results(&c, &[]);
    let mut out = Vec::new();
    for f in &c.rounds[round].fixtures {
        for k in 0..f.legs.len() {
            let (mut m, swapped) = tables::leg_match(e, &c, &f.id, k, &res, 0.0).expect("leg match");
            let orders = [[N, S, E, W], [E, W, N, S], [N, E, S, W], [W, S, E, N], [N, S, W, E]];
            for (i, o) in orders.into_iter().enumerate() {
                let op = Op::Hand { hand: HandInput::Guandan(Hand::new(FinishOrder::new(o).unwrap())) };
                m.append(Entry { after: None, id: format!("h{i}"), at_ms: i as f64, op }).expect("hand");
            }
            let l = &mut e.competitions[0].fixture_mut(&f.id).unwrap().legs[k];
            l.match_id = Some(m.id.clone());
            l.swapped = swapped;
            out.push(m);
        }
    }
    out
}

fn report(n: usize) {
    let mut e = event(n);
    let gen = time(5, || {
        let mut c = e.competitions[0].clone();
        schedule::generate(&mut c);
        c
    });
    schedule::generate(&mut e.competitions[0]);
    let c: Competition = e.competitions[0].clone();
    let fixtures: usize = c.rounds.iter().map(|r| r.fixtures.len()).sum();
    let text = tm::store_event(&e);
    println!("{n} entrants: {} rounds, {fixtures} fixtures, event document {} kB", c.rounds.len(), text.len() / 1000);
    let p = |what: &str, d: Duration| println!("  {what:<52} {d:>10.1?}");
    p("schedule::generate", gen);
    p("schedule::check", time(5, || schedule::check(&c)));
    p("validate_event", time(5, || tm::validate_event(&e)));
    p("store_event", time(5, || tm::store_event(&e)));
    p("load_event", time(5, || tm::load_event(&text)));
    p("one saved edit (load, validate, check teams, store)", time(5, || save_cycle(&text)));
    p("standings, no match", time(5, || standings::standings(&c, &[])));

    // Round 1's matches made one leg at a time, as the UI makes them: the results read
    // again, the leg's match, and the event saved, per leg.
    let legs: Vec<(String, usize)> =
        c.rounds[0].fixtures.iter().flat_map(|f| (0..f.legs.len()).map(move |k| (f.id.clone(), k))).collect();
    p(
        &format!("round 1's {} matches, one saved edit each", legs.len()),
        time(3, || {
            let mut text = text.clone();
            for (fid, k) in &legs {
                let ev = tm::load_event(&text).unwrap();
                let cm = ev.competitions[0].clone();
                let res = standings::results(&cm, &[]);
                let (m, _) = tables::leg_match(&ev, &cm, fid, *k, &res, 0.0).unwrap();
                black_box(&m);
                text = save_cycle(&text);
            }
            text
        }),
    );
    p(
        &format!("round 1's {} matches at once, one saved edit", legs.len()),
        time(3, || {
            let ev = tm::load_event(&text).unwrap();
            let cm = ev.competitions[0].clone();
            let res = standings::results(&cm, &[]);
            black_box(tables::round_leg_matches(&ev, &cm, 1, &res, 0.0));
            save_cycle(&text)
        }),
    );
    p(
        "leg_match alone, every leg of round 1",
        time(5, || {
            let res = standings::results(&c, &[]);
            legs.iter().map(|(fid, k)| tables::leg_match(&e, &c, fid, *k, &res, 0.0).unwrap()).collect::<Vec<_>>()
        }),
    );

    // Three rounds played (five hands a table).
    let mut played = e.clone();
    let mut ms = Vec::new();
    for r in 0..3.min(c.rounds.len()) {
        ms.extend(play_round(&mut played, r));
    }
    let pc = played.competitions[0].clone();
    p(&format!("standings, {} matches played", ms.len()), time(5, || standings::standings(&pc, &ms)));
    let first = ms[0].id.clone();
    p(
        "decided_elsewhere, one table",
        time(5, || decided::decided_elsewhere(std::slice::from_ref(&played), &ms, &first)),
    );
    let st = standings::standings(&pc, &ms);
    // The competition tab's rows: each fixture's result found by id (schedule), each
    // result's fixture found by id (results table).
    p(
        "tab: each fixture's result by id",
        time(5, || {
            pc.rounds.iter().flat_map(|r| &r.fixtures).filter(|f| st.results.iter().any(|x| x.fixture == f.id)).count()
        }),
    );
    p(
        "tab: each result's fixture by id",
        time(5, || st.results.iter().filter(|r| pc.fixture(&r.fixture).is_some()).count()),
    );
    p(
        "tab: each fixture's result, results_by_fixture",
        time(5, || {
            let by = standings::results_by_fixture(&st.results);
            pc.rounds.iter().flat_map(|r| &r.fixtures).filter(|f| by.contains_key(f.id.as_str())).count()
        }),
    );
    p(
        "tab: each result's fixture, fixtures_by_id",
        time(5, || {
            let by = pc.fixtures_by_id();
            st.results.iter().filter(|r| by.contains_key(r.fixture.as_str())).count()
        }),
    );
}

fn main() {
    let sizes: Vec<usize> = std::env::var("EVENT_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![16, 32, 64]);
    for n in sizes {
        report(n);
    }
}
