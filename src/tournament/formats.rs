//! The built-in formats as data (the seeds' events): [`FormatPreset`], [`builtin_formats`].

use super::*;
use crate::record::game::GameId;

/// A competition format as data: which game and preset, entrant kind, legs, format and
/// scoring. Built-ins read the seeds; the referee may change any field of the competition
/// made from one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormatPreset {
    /// Stable id.
    pub id: String,
    /// Game id.
    pub game: String,
    /// Game preset id.
    pub preset_id: String,
    /// Seed document and section.
    pub source: String,
    /// Entrant kind.
    pub kind: EntrantKind,
    /// Matches per fixture (pairs per team).
    pub legs: u32,
    /// Format.
    pub format: Format,
    /// Scoring.
    pub scoring: Scoring,
    /// Seat rule.
    pub seat_rule: SeatRule,
    /// Rounds per table match override.
    pub rounds_per_match: Option<u32>,
    /// Parameters that are a *(reading)*.
    pub readings: Vec<String>,
}

/// The tie-breaks a 掼蛋 preset names in `format.ranking` (its first key is the primary).
pub fn guandan_tie_breaks(p: &crate::rules::guandan::GuandanPreset) -> Vec<TieBreak> {
    use crate::rules::guandan::RankKey;
    p.format
        .ranking
        .iter()
        .skip(1)
        .filter_map(|k| match k {
            RankKey::DoubleWins => Some(TieBreak::DoubleWins),
            RankKey::HeadToHead => Some(TieBreak::HeadToHead),
            RankKey::Points | RankKey::RoundScoreTotal => None,
        })
        .collect()
}

/// The built-in formats: the seeds' events (RULES.md §6 and the presets' format data).
///
/// | id | game / preset | entrants | format | scoring |
/// |---|---|---|---|---|
/// | `jiankang-guandan-team` | 掼蛋 `jiankang-guandan` (000 §四) | teams (pairs) | round robin | deal points; then 双上 count, head-to-head (the preset's `format.ranking`); forfeit 18:0; 2 forfeits cancel |
/// | `guandan-shift-3rounds` | 掼蛋 `guandan-shift-3rounds` (004 第三篇) | pairs | **[r2]** groups of 4 pairs by draw number, a round robin (3 rounds) in each | round-score totals, ranked in the group and overall |
/// | `nantong-80fen-team` | 升级 `nantong-80fen` (002) | teams of 2 pairs | round robin *(reading)* | per game win 2 / loss 1 / forfeit 0, 3 games |
/// | `jiankang-chaodipi-ko` | 升级 `jiankang-chaodipi` (000 §一) | pairs | knock-out, final best of 3 | — |
/// | `chaodipi-10-ko` | 升级 `chaodipi-10` (002 细则) | pairs | knock-out, semi-finals and final best of 3 | — |
/// | `yiyuan-duplicate-ko` | 双升 `yiyuan-shuangsheng` (003) | teams of 2 pairs | knock-out | board totals |
/// | `renju-rif-ko` | 五子棋 `renju-rif` (000 §三) | players | knock-out, every match best of 3 *(reading)* | — |
/// | `guandan-5-3-1-ko` | 掼蛋 `guandan-5-3-1` (004 第二篇) | pairs | knock-out, best of 3 | — |
/// | `jiankang-doudizhu-groups` | 斗地主 (000 §二) | players | groups of 3 | session totals |
/// | `qingpu-sandayi-groups` | 三打一 (001) | players | groups of 4 | session totals |
/// | `round-robin-2-1-0` | any 2-sided game | pairs | round robin | win 2 / draw 1 / loss 0 |
pub fn builtin_formats() -> Vec<FormatPreset> {
    use crate::rules::guandan::builtin_preset as gd;
    let s = |x: &str| x.to_string();
    let rr = Format::RoundRobin { max_rounds: None, group_size: None };
    let ko = |best_of, long_rounds, long_best_of| Format::Knockout { best_of, long_rounds, long_best_of };
    let none = Scoring {
        primary: Primary::Points,
        tie_breaks: vec![],
        forfeit_score: None,
        forfeits_cancel: None,
        cancel_keeps_opponents: false,
    };
    let jk = gd("jiankang-guandan").expect("built-in preset");
    let mut v = vec![FormatPreset {
        id: s("jiankang-guandan-team"),
        game: GameId::Guandan.to_string(),
        preset_id: s("jiankang-guandan"),
        source: s("000 §四"),
        kind: EntrantKind::Team,
        legs: 1,
        format: rr.clone(),
        scoring: Scoring {
            primary: Primary::Points,
            tie_breaks: guandan_tie_breaks(&jk),
            forfeit_score: jk.format.forfeit_score.map(|[w, l]| [w as i64, l as i64]),
            forfeits_cancel: jk.format.forfeits_cancel_results,
            cancel_keeps_opponents: false,
        },
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![s("scoring.cancel_keeps_opponents"), s("legs")],
    }];
    v.push(FormatPreset {
        id: s("guandan-shift-3rounds"),
        game: GameId::Guandan.to_string(),
        preset_id: s("guandan-shift-3rounds"),
        source: s("004 第三篇"),
        kind: EntrantKind::Pair,
        legs: 1,
        // [r2] 004 第三篇 §二(七)1: groups of 4 pairs, each pair meets the 3 others once.
        format: Format::RoundRobin {
            max_rounds: gd("guandan-shift-3rounds").and_then(|p| p.format.rounds),
            group_size: Some(4),
        },
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: Some(1),
        readings: vec![s("scoring.tie_breaks")],
    });
    v.push(FormatPreset {
        id: s("nantong-80fen-team"),
        game: GameId::Shengji.to_string(),
        preset_id: s("nantong-80fen"),
        source: s("002 南通纺院"),
        kind: EntrantKind::Team,
        legs: 2,
        format: rr.clone(),
        scoring: Scoring {
            primary: Primary::GamePoints { win: 2, loss: 1, forfeit: 0, games: 3 },
            tie_breaks: vec![],
            forfeit_score: None,
            forfeits_cancel: None,
            cancel_keeps_opponents: false,
        },
        seat_rule: SeatRule::Balanced,
        rounds_per_match: None,
        readings: vec![s("format")],
    });
    v.push(FormatPreset {
        id: s("jiankang-chaodipi-ko"),
        game: GameId::Shengji.to_string(),
        preset_id: s("jiankang-chaodipi"),
        source: s("000 §一"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: ko(1, 1, 3),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("chaodipi-10-ko"),
        game: GameId::Shengji.to_string(),
        preset_id: s("chaodipi-10"),
        source: s("002 炒地皮细则"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: ko(1, 2, 3),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("yiyuan-duplicate-ko"),
        game: GameId::Duplicate.to_string(),
        preset_id: s("yiyuan-shuangsheng"),
        source: s("003"),
        kind: EntrantKind::Team,
        legs: 1,
        format: ko(1, 0, 1),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("renju-rif-ko"),
        game: GameId::Renju.to_string(),
        preset_id: s("renju-rif"),
        source: s("000 §三"),
        kind: EntrantKind::Player,
        legs: 1,
        format: ko(3, 0, 3),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![s("format")],
    });
    v.push(FormatPreset {
        id: s("guandan-5-3-1-ko"),
        game: GameId::Guandan.to_string(),
        preset_id: s("guandan-5-3-1"),
        source: s("004 第二篇"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: ko(3, 0, 3),
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("jiankang-doudizhu-groups"),
        game: GameId::Doudizhu.to_string(),
        preset_id: s("jiankang-doudizhu"),
        source: s("000 §二"),
        kind: EntrantKind::Player,
        legs: 1,
        format: Format::Groups { size: 3 },
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("qingpu-sandayi-groups"),
        game: GameId::Sandayi.to_string(),
        preset_id: s("qingpu-sandayi"),
        source: s("001"),
        kind: EntrantKind::Player,
        legs: 1,
        format: Format::Groups { size: 4 },
        scoring: none.clone(),
        seat_rule: SeatRule::LowerDrawNorthSouth,
        rounds_per_match: None,
        readings: vec![],
    });
    v.push(FormatPreset {
        id: s("round-robin-2-1-0"),
        game: GameId::Guandan.to_string(),
        preset_id: s("guandan-3-2-1"),
        source: s("RULES.md §6"),
        kind: EntrantKind::Pair,
        legs: 1,
        format: rr,
        scoring: Scoring {
            primary: Primary::MatchPoints { win: 2, draw: 1, loss: 0, forfeit: 0 },
            tie_breaks: vec![TieBreak::HeadToHead, TieBreak::PointDiff],
            forfeit_score: None,
            forfeits_cancel: None,
            cancel_keeps_opponents: false,
        },
        seat_rule: SeatRule::Balanced,
        rounds_per_match: None,
        readings: vec![],
    });
    v
}

/// The built-in format with this id.
pub fn builtin_format(id: &str) -> Option<FormatPreset> {
    builtin_formats().into_iter().find(|f| f.id == id)
}

/// The built-in game preset ids of a game (for the competition form).
pub fn preset_ids(game: &str) -> Vec<String> {
    crate::record::game::GameId::parse(game).map(|g| g.preset_ids()).unwrap_or_default()
}

impl FormatPreset {
    /// A competition of this format over `entrants`, with id `id` and no draw or schedule.
    pub fn competition(&self, id: &str, name: &str, entrants: Vec<String>) -> Competition {
        Competition {
            id: id.into(),
            name: name.into(),
            game: self.game.clone(),
            preset_id: self.preset_id.clone(),
            format_id: self.id.clone(),
            source: self.source.clone(),
            entrants,
            format: self.format.clone(),
            scoring: self.scoring.clone(),
            legs: self.legs,
            seat_rule: self.seat_rule,
            rounds_per_match: self.rounds_per_match,
            readings: self.readings.clone(),
            draw: Draw::default(),
            rounds: Vec::new(),
            playoffs: Vec::new(),
        }
    }
}
