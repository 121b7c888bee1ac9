//! Built-in sample match (preset `jiankang-chaodipi`, seed 000 §一) so a first-time user sees
//! the main job at once: a dozen hands with 抠底, penalties and a correction.

use super::{ClockAction, Entry, HandInput, Match, Op, Setup, ShengjiSetup};
use crate::rules::shengji::{self, Hand, JackSuit, Kitty, Penalty, Start, Unit};
use crate::rules::{Seat, Team};

/// A new 升级 match with default names, the given built-in preset, start 2:2, A declares
/// from North. Panics if `preset_id` is not built in (callers pass a listed id).
pub fn blank_shengji(id: &str, preset_id: &str, now_ms: f64) -> Match {
    let preset = shengji::builtin_preset(preset_id).expect("built-in preset");
    Match {
        id: id.into(),
        created_ms: now_ms,
        title: String::new(),
        setup: Setup::Shengji(ShengjiSetup {
            preset,
            teams: [(Team::A, "南北队".to_string()), (Team::B, "东西队".to_string())].into_iter().collect(),
            players: [(Seat::N, "北"), (Seat::S, "南"), (Seat::E, "东"), (Seat::W, "西")]
                .into_iter()
                .map(|(s, n)| (s, n.to_string()))
                .collect(),
            start: Start::default(),
        }),
        entries: Vec::new(),
    }
}

fn pen(team: Team, kind: &str, cards: u32, seat: Seat, trick: u32) -> Penalty {
    Penalty {
        team,
        kind: kind.into(),
        cards,
        unit: None,
        points: None,
        seat: Some(seat),
        trick: Some(trick),
        note: String::new(),
    }
}

/// The sample: 健康杯 炒地皮, 红队 (N/S) vs 蓝队 (E/W), 12 hands, one corrected.
pub fn shengji_sample(now_ms: f64) -> Match {
    let mut m = blank_shengji("sample-chaodipi", "jiankang-chaodipi", now_ms - 3_600_000.0);
    m.title = "示例: 健康杯 炒地皮 红队 vs 蓝队".into();
    if let Setup::Shengji(s) = &mut m.setup {
        s.teams = [(Team::A, "红队".to_string()), (Team::B, "蓝队".to_string())].into_iter().collect();
        s.players = [(Seat::N, "张伟"), (Seat::S, "李娜"), (Seat::E, "王强"), (Seat::W, "刘洋")]
            .into_iter()
            .map(|(s, n)| (s, n.to_string()))
            .collect();
    }
    let hands: Vec<Hand> = vec![
        Hand { points: 30, ..Default::default() },
        Hand { points: 85, ..Default::default() },
        Hand { points: 40, kitty: Some(Kitty { points: 20, unit: Unit::Pair }), ..Default::default() },
        Hand { points: 55, penalties: vec![pen(Team::A, "failed_throw", 2, Seat::W, 7)], ..Default::default() },
        Hand { points: 120, ..Default::default() },
        Hand { points: 0, ..Default::default() },
        Hand { points: 65, ..Default::default() },
        Hand { points: 25, kitty: Some(Kitty { points: 15, unit: Unit::Tractor(2) }), ..Default::default() },
        Hand { points: 70, penalties: vec![pen(Team::B, "wrong_card", 1, Seat::E, 12)], ..Default::default() },
        Hand { points: 45, ..Default::default() },
        Hand {
            points: 60,
            kitty: Some(Kitty { points: 10, unit: Unit::Single }),
            kitty_jack: Some(JackSuit::Offsuit),
            ..Default::default()
        },
    ];
    let t0 = now_ms - 3_500_000.0;
    m.entries.push(Entry {
        after: None,
        id: "sample-clock".into(),
        at_ms: t0,
        op: Op::Clock { action: ClockAction::Start, elapsed_ms: None },
    });
    for (i, h) in hands.into_iter().enumerate() {
        m.entries.push(Entry {
            after: Some(if i == 0 { crate::record::START.to_string() } else { format!("sample-h{i:02}") }),
            id: format!("sample-h{:02}", i + 1),
            at_ms: t0 + 300_000.0 * (i + 1) as f64,
            op: Op::Hand { hand: HandInput::Shengji(h) },
        });
    }
    // The referee corrected hand 2: the attackers had 90, not 85.
    m.entries.push(Entry {
        after: None,
        id: "sample-c02".into(),
        at_ms: t0 + 3_400_000.0,
        op: Op::Correct {
            target: "sample-h02".into(),
            hand: HandInput::Shengji(Hand { points: 90, ..Default::default() }),
        },
    });
    m
}
