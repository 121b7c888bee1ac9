//! Long, valid hand sequences and busy renju positions for the benchmarks
//! (`benches/replay.rs`, `benches/renju.rs`) and for `examples/gen_match.rs` (the
//! 1,000-hand stored match of `scripts/bench.sh`).
//!
//! Every sequence is deterministic and stays valid however long it is: no game ends, so
//! each hand does the full work of the pipeline (nothing is skipped as "after the end").
#![allow(dead_code)]

use referee::record::{sample, Entry, HandInput, Match, Op};
use referee::rules::doudizhu::{self, Call};
use referee::rules::guandan::{self, FinishOrder};
use referee::rules::renju::{self, Board, Point, Stone};
use referee::rules::sandayi;
use referee::rules::shengji::{Hand, Kitty, Unit};
use referee::rules::Seat;

/// 升级 hands (preset `jiankang-chaodipi`) that never end the game: every hand lands in the
/// 80–95 band (attackers take over, no rise), by trick points alone or with a kitty.
pub fn shengji_hands(n: usize) -> Vec<Hand> {
    (0..n)
        .map(|i| match i % 6 {
            0 => Hand { points: 80, ..Default::default() },
            1 => Hand { points: 85, ..Default::default() },
            2 => Hand { points: 90, ..Default::default() },
            3 => Hand { points: 95, ..Default::default() },
            4 => Hand { points: 70, kitty: Some(Kitty { points: 5, unit: Unit::Single }), ..Default::default() },
            _ => Hand { points: 60, kitty: Some(Kitty { points: 5, unit: Unit::Pair }), ..Default::default() },
        })
        .collect()
}

/// A stored 升级 match (`sample::blank_shengji`, preset `jiankang-chaodipi`) with `n` hands
/// from [`shengji_hands`], one a minute from `t0_ms`. The match clock is not started (so
/// no time-limit verdict is due, however long the match).
pub fn shengji_match(id: &str, n: usize, t0_ms: f64) -> Match {
    let mut m = sample::blank_shengji(id, "jiankang-chaodipi", t0_ms);
    m.title = format!("{n} hands");
    for (i, h) in shengji_hands(n).into_iter().enumerate() {
        m.entries.push(Entry {
            after: Some(if i == 0 { referee::record::START.to_string() } else { format!("h{:05}", i - 1) }),
            id: format!("h{i:05}"),
            at_ms: t0_ms + 60_000.0 * (i + 1) as f64,
            op: Op::Hand { hand: HandInput::Shengji(h) },
        });
    }
    m
}

/// 掼蛋 hands (preset `guandan-3-2-1`, where a team that fails A three times falls back to
/// 2): the teams win in turn with the partner last (+1), climb to A, fail there and fall
/// back — so nobody ever passes A.
pub fn guandan_hands(n: usize) -> Vec<guandan::Hand> {
    use Seat::*;
    let orders = [[N, E, W, S], [E, N, S, W], [S, W, E, N], [W, S, N, E]];
    (0..n).map(|i| guandan::Hand::new(FinishOrder::new(orders[i % 4]).unwrap())).collect()
}

/// 斗地主 hands (3 players, preset `jiankang-doudizhu`): the landlord rotates, bids 1–3,
/// bombs, rockets and springs vary.
pub fn doudizhu_hands(n: usize) -> Vec<doudizhu::Hand> {
    (0..n)
        .map(|i| {
            if i % 17 == 16 {
                return doudizhu::Hand::redeal();
            }
            let won = i % 2 == 0;
            doudizhu::Hand {
                landlord: Some(i % 3),
                bid: 1 + (i % 3) as u8,
                bombs: (i % 3) as u32,
                rockets: (i % 5 == 0) as u32,
                spring: won && i % 7 == 0,
                anti_spring: !won && i % 11 == 1,
                landlord_won: won,
                ..Default::default()
            }
        })
        .collect()
}

/// 三打一 hands (4 players, preset `qingpu-sandayi`): the first caller rotates and bids
/// 1 or 2 档, the others pass; the landlord wins every other deal.
pub fn sandayi_hands(n: usize) -> Vec<sandayi::Hand> {
    (0..n)
        .map(|i| {
            let k = i % 4;
            let bid = 1 + (i % 2) as u8;
            let bids = (0..4).map(|p| Some(if p == k { Call::Bid(bid) } else { Call::Pass })).collect();
            sandayi::Hand {
                landlord: Some(k),
                bid,
                bids,
                first_bidder: Some(k),
                landlord_won: i % 2 == 0,
                ..Default::default()
            }
        })
        .collect()
}

/// A renju position of `n` stones, black and white in turn, pseudo-random round the centre
/// (11×11 square, xorshift from `seed`), skipping moves that would end the game with a five.
pub fn renju_game_like(n: usize, seed: u64) -> Board {
    let mut b = Board::new();
    let mut x = seed;
    let mut turn = Stone::Black;
    while b.count() < n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let p = Point::new(2 + (x % 11) as u8, 2 + ((x >> 8) % 11) as u8).unwrap();
        if b.get(p).is_some() || renju::winner_after(&b, p, turn).unwrap().is_some() {
            continue;
        }
        b.place(p, turn).unwrap();
        turn = turn.other();
    }
    b
}
