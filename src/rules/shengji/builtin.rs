//! The built-in 升级 presets (RULES.md §1 table): [`builtin_presets`], [`builtin_preset`].

use super::*;
use crate::rules::ruling::{RulingRules, WarningEffect, WarningRule, BOARD_LOST_POINTS};

fn band(min: Option<i32>, max: Option<i32>, side: Side, levels: u32) -> Band {
    Band { min, max, side, levels, step: None, to_ace: false }
}

fn pr(kind: &str, name: &str, amount: Amount, source: &str) -> PenaltyRule {
    PenaltyRule { kind: kind.into(), name: name.into(), amount, source: source.into(), voids_kitty: false }
}

fn per_card(p: i32) -> Amount {
    Amount::PerCard { points: p }
}
fn fixed(p: i32) -> Amount {
    Amount::Fixed { points: p }
}

fn suits_pairs() -> Vec<Vec<String>> {
    ["S", "H", "C", "D"].iter().map(|s| vec![format!("pair:{s}")]).collect()
}

pub(super) fn r(s: &str) -> Rank {
    Rank::parse(s).expect("built-in rank")
}

/// 炒地皮 penalty table rows shared by the 002 presets, with the `revoke`, `kitty_count` and
/// `card_count` amounts given.
fn penalties_002(revoke: i32, card_count: i32, src: &str) -> Vec<PenaltyRule> {
    vec![
        pr("failed_throw", "甩牌失败", per_card(10), src),
        pr("wrong_card", "出错牌", per_card(10), src),
        pr("revoke", "藏牌", fixed(revoke), src),
        pr("kitty_count", "扣底张数错", fixed(80), src),
        pr("card_count", "多牌/少牌", fixed(card_count), src),
        pr("out_of_turn", "越序出牌", per_card(10), src),
        pr("exposed_card", "亮牌", per_card(10), src),
        pr("signalling", "暗示/作弊", Amount::Referee, src),
    ]
}

/// The 80 / 10-step table of 炒地皮细则 (002 §一6); `zero` is the band for score ≤ 0.
fn table_chaodipi_10(zero: Band) -> LevelTable {
    LevelTable {
        bands: vec![
            zero,
            Band {
                min: Some(1),
                max: Some(79),
                side: Side::Declarer,
                levels: 0,
                step: Some(Step { every: 10, from: 80, round_up: true }),
                to_ace: false,
            },
            Band {
                min: Some(80),
                max: None,
                side: Side::Attackers,
                levels: 0,
                step: Some(Step { every: 10, from: 80, round_up: false }),
                to_ace: false,
            },
        ],
        takeover: 80,
    }
}

/// The built-in presets of RULES.md §1, in table order.
pub fn builtin_presets() -> Vec<Preset> {
    use Side::*;
    let jiankang = Preset {
        id: "jiankang-chaodipi".into(),
        name: "健康杯 炒地皮".into(),
        source: "000 §一 炒地皮".into(),
        table: LevelTable {
            bands: vec![
                band(None, Some(0), Declarer, 5),
                band(Some(5), Some(15), Declarer, 4),
                band(Some(20), Some(35), Declarer, 3),
                band(Some(40), Some(55), Declarer, 2),
                band(Some(60), Some(75), Declarer, 1),
                band(Some(80), Some(95), Attackers, 0),
                band(Some(100), Some(115), Attackers, 1),
                band(Some(120), Some(135), Attackers, 2),
                band(Some(140), Some(155), Attackers, 3),
                band(Some(160), Some(175), Attackers, 4),
                band(Some(180), None, Attackers, 5),
            ],
            takeover: 80,
        },
        kitty: KittyScheme::Power,
        clamp: Some((0, 200)),
        caps: Caps { must_play: vec![r("2"), r("J"), r("A")] },
        jack: Some(JackRule { at: r("J"), trump_to: r("2"), offsuit_to: r("6"), offsuit_needs_takeover: false }),
        penalties: vec![
            pr("failed_throw", "甩牌失败", per_card(10), "000 §一(四)2"),
            pr("wrong_card", "出错牌", per_card(10), "000 §一(四)3"),
            pr("wrong_card_late", "藏牌(事后发现)", per_card(20), "000 §一(四)3"),
            pr("wrong_card_intentional", "故意出错牌 (出花式), 每次", fixed(20), "000 §一(四)3"),
            pr("failed_throw_concealed", "故意隐瞒甩牌失败 → 判负", Amount::GameLost, "000 §一(四)2"),
            pr("kitty_count", "扣底张数错", fixed(80), "000 §一(四)4"),
            // 10 for each player found long or short: 20 when one is long and another short.
            pr("card_count", "多牌/少牌 (每人)", fixed(10), "000 §一(四)6"),
            pr("out_of_turn", "越序出牌", per_card(10), "000 (reading: not in 000, 10 × cards as 002)"),
            pr("exposed_card", "亮牌", per_card(10), "000 (reading: 10 × cards, as 002)"),
            pr("signalling", "暗示/作弊 → 判负", Amount::GameLost, "000 §一(五)4"),
        ],
        declaring: Declaring {
            who: "明炒, 只能用对子(含王), 从庄家下家起逆时针一轮".into(),
            order: {
                let mut o = vec![vec!["BJ2".to_string()], vec!["SJ2".to_string()]];
                o.extend(suits_pairs());
                o
            },
            not_first: vec![],
            free_trump: vec![],
            none: "无人亮主: 重新发牌 (reading)".into(),
        },
        timing: Timing {
            match_minutes: Some(120),
            bury_seconds: None,
            play_seconds: None,
            best_of: 3,
            deal_limit: None,
            unlimited_long_rounds: false,
            tie: TimeTie::Declarer,
        },
        duplicate: false,
        team_match: None,
        rulings: RulingRules::default(),
        readings: vec![
            "penalties.wrong_card_late".into(),
            "penalties.card_count".into(),
            "penalties.out_of_turn".into(),
            "penalties.exposed_card".into(),
            "declaring.none".into(),
            "leading_team_on_tie".into(),
            "jack.offsuit_needs_takeover".into(),
        ],
        notes: vec![
            "比赛限时 2 小时, 时间到双方均未过 A 时领先者胜 (领先: 级别高; 同级 → 庄家方, reading)".into(),
            "决赛三局两胜".into(),
        ],
    };

    let c10_src = "002 炒地皮细则";
    let chaodipi10 = Preset {
        id: "chaodipi-10".into(),
        name: "炒地皮细则 (每 10 分一级)".into(),
        source: c10_src.into(),
        table: table_chaodipi_10(Band {
            min: None,
            max: Some(0),
            side: Side::Declarer,
            levels: 0,
            step: None,
            to_ace: true,
        }),
        kitty: KittyScheme::Power,
        clamp: None,
        caps: Caps { must_play: vec![r("A")] },
        jack: None,
        penalties: {
            let mut p = penalties_002(80, 80, "002 炒地皮细则 §二");
            // [r2] the fryer who did not count the kitty pays 80 too (炒家, the team penalised).
            p.push(pr("kitty_count_fryer", "炒家未数底牌", fixed(80), "002 炒地皮细则 §二"));
            p.push(pr("check_cards", "查牌无误", Amount::AfterFree { free: 1, points: 10 }, "002 炒地皮细则 §二"));
            p.push(pr(
                "bury_not_at_once",
                "八张底牌未一次扣下",
                Amount::AfterFree { free: 1, points: 80 },
                "002 炒地皮细则 §二",
            ));
            p
        },
        declaring: Declaring {
            who: "同 000: 明炒, 对子".into(),
            order: {
                let mut o = vec![vec!["BJ2".to_string()], vec!["SJ2".to_string()]];
                o.extend(suits_pairs());
                o
            },
            not_first: vec![],
            free_trump: vec![],
            none: "无人亮主: 重新发牌 (reading)".into(),
        },
        timing: Timing {
            match_minutes: None,
            bury_seconds: Some(60),
            play_seconds: Some(15),
            best_of: 3,
            deal_limit: Some(12),
            unlimited_long_rounds: true,
            tie: TimeTie::Declarer,
        },
        duplicate: false,
        team_match: None,
        rulings: RulingRules {
            warnings: vec![WarningRule {
                rule: "bury_not_at_once".into(),
                nth: 2,
                every: 1,
                effect: WarningEffect::Points { points: 80 },
                cite: "002 §一5".into(),
            }],
            late_forfeit_minutes: None,
            board_lost_points: None,
            ..RulingRules::default()
        },
        readings: vec![
            "kitty".into(),
            "declaring.order".into(),
            "declaring.none".into(),
            "leading_team_on_tie".into(),
            "timing.deal_limit".into(),
        ],
        notes: vec![
            "扣底 ≤ 60 秒 (每次重扣重新计时), 出牌 ≤ 15 秒".into(),
            "限时: 到时打完本副, 领先方胜".into(),
            "半决赛、决赛三局两胜".into(),
        ],
    };

    let nantong = Preset {
        id: "nantong-80fen".into(),
        name: "南通纺院 80分".into(),
        source: "002 南通纺院".into(),
        table: table_chaodipi_10(band(None, Some(0), Side::Declarer, 8)),
        kitty: KittyScheme::Power,
        clamp: Some((0, 200)),
        caps: Caps { must_play: vec![r("A")] },
        jack: None,
        penalties: penalties_002(80, 20, "002 南通纺院"),
        declaring: Declaring {
            who: "任何人可亮, 可反".into(),
            order: {
                let mut o = vec![
                    vec!["JJ".to_string()],
                    vec!["STAR".to_string()],
                    vec!["BJ1".to_string()],
                    vec!["SJ1".to_string()],
                ];
                o.extend(["S", "H", "C", "D"].iter().map(|s| vec![format!("pair:{s}"), format!("single:{s}")]));
                o
            },
            not_first: vec![],
            free_trump: vec!["JJ".into(), "STAR".into()],
            none: "无人亮主: 重新发牌 (reading)".into(),
        },
        timing: Timing {
            match_minutes: Some(90),
            bury_seconds: None,
            play_seconds: None,
            best_of: 3,
            deal_limit: None,
            unlimited_long_rounds: false,
            tie: TimeTie::Declarer,
        },
        duplicate: false,
        team_match: Some(TeamMatch { minutes: 90, games: 3, win: 2, loss: 1, forfeit: 0 }),
        rulings: RulingRules {
            warnings: vec![WarningRule {
                rule: "signalling".into(),
                nth: 2,
                every: 1,
                effect: WarningEffect::GameLost,
                cite: "南通 §四".into(),
            }],
            late_forfeit_minutes: None,
            board_lost_points: None,
            ..RulingRules::default()
        },
        readings: vec!["table.bands[0]".into(), "kitty".into(), "declaring.none".into(), "team_match.minutes".into()],
        notes: vec![
            "团体赛: 90 分钟打满 3 局, 胜 2 负 1 弃权 0; 时间到未完局领先方胜; 积分相同加赛一局, 加赛不记分".into(),
            "大王小王连对 或 红五星 亮主: 亮主者可任选定主 (反主可任选定主)".into(),
        ],
    };

    let qingpu = Preset {
        id: "qingpu-80fen".into(),
        name: "青浦 80分".into(),
        source: "001 80分".into(),
        table: LevelTable {
            bands: vec![
                band(None, Some(0), Declarer, 3),
                band(Some(5), Some(35), Declarer, 2),
                band(Some(40), Some(75), Declarer, 1),
                Band {
                    min: Some(80),
                    max: None,
                    side: Attackers,
                    levels: 0,
                    step: Some(Step { every: 40, from: 80, round_up: false }),
                    to_ace: false,
                },
            ],
            takeover: 80,
        },
        kitty: KittyScheme::Power,
        clamp: Some((0, 200)),
        caps: Caps { must_play: vec![r("A")] },
        jack: None,
        // [r2] 001's own table: no points for a wrong kitty count (the extra cards are
        // drawn); a wrong card count costs 10 a card found in the trick, 80 after it;
        // out-of-turn and exposed cards are not in 001 (readings).
        penalties: vec![
            pr("failed_throw", "甩牌失败", per_card(10), "001 80分"),
            pr("wrong_card", "出错牌 (并改正)", per_card(10), "001 80分"),
            pr("revoke", "藏牌 / 事后发现的错误", fixed(80), "001 80分"),
            pr("card_count", "多牌/少牌 (本轮发现)", per_card(10), "001 80分"),
            pr("card_count_late", "多牌/少牌 (事后发现)", fixed(80), "001 80分"),
            pr("out_of_turn", "越序出牌", per_card(10), "001 (reading: not in 001, 10 × cards)"),
            pr("exposed_card", "亮牌", per_card(10), "001 (reading: not in 001, 10 × cards)"),
            pr("signalling", "暗示/作弊", Amount::Referee, "001 §9"),
        ],
        declaring: Declaring {
            who: "摸牌时任何人可亮: 级牌单张或对子".into(),
            order: vec![
                ["S", "H", "C", "D"].iter().map(|s| format!("pair:{s}")).collect(),
                ["S", "H", "C", "D"].iter().map(|s| format!("single:{s}")).collect(),
            ],
            not_first: vec![],
            free_trump: vec![],
            none: "无人亮主: 底牌第一张的花色为主 (大王 → ♠, 小王 → ♥)".into(),
        },
        timing: Timing {
            match_minutes: Some(30),
            bury_seconds: None,
            play_seconds: None,
            best_of: 1,
            deal_limit: None,
            unlimited_long_rounds: false,
            tie: TimeTie::OneMoreHand,
        },
        duplicate: false,
        team_match: None,
        rulings: RulingRules::default(),
        readings: vec![
            "table.bands[3]".into(),
            "kitty".into(),
            "time_limit_verdict".into(),
            "penalties.out_of_turn".into(),
            "penalties.exposed_card".into(),
        ],
        notes: vec![
            "比赛 30 分钟; 到时级别高者胜, 同级再打一副 (reading)".into(),
            "错亮主牌: 违例方本副不准亮该花色的主 (001 §7)".into(),
            "扣底张数错: 不罚分, 多出的牌抽回 (001)".into(),
        ],
    };

    let yiyuan = Preset {
        id: "yiyuan-shuangsheng".into(),
        name: "医院 双升 队式".into(),
        source: "003 医院双升队式".into(),
        table: LevelTable {
            bands: vec![band(None, Some(75), Declarer, 0), band(Some(80), None, Attackers, 0)],
            takeover: 80,
        },
        kitty: KittyScheme::Linear,
        clamp: Some((0, 200)),
        caps: Caps { must_play: vec![] },
        jack: None,
        penalties: vec![
            pr("failed_throw", "甩牌失败", Amount::PerUnit { single: 10, pair: 20, tractor: 40 }, "003 §二"),
            pr("wrong_card", "出错牌", per_card(10), "003 §二"),
            pr("revoke", "藏牌 (不接受: 本副 −20)", fixed(20), "003 §二"),
            // [r2] 003 §三2: accepted → the offending side cannot 保底/抠底 (no points);
            // not accepted → the refusal rule `kitty_count` (board −20).
            PenaltyRule {
                voids_kitty: true,
                ..pr("kitty_count", "扣底张数错 (接受: 不能保底/抠底; 不接受: 本副 −20)", fixed(0), "003 §三2")
            },
            pr("card_count", "多牌/少牌", per_card(10), "003 §二"),
            pr("out_of_turn", "越序出牌 (影响结果时)", Amount::Referee, "003 §二"),
            pr("signalling", "暗示/作弊", Amount::Referee, "003 §二"),
        ],
        declaring: Declaring {
            who: "按座次, 扣底前后均可 (扣底后为抄底, 新庄家重扣), 可重复".into(),
            order: vec![
                vec!["BJ2".into()],
                vec!["SJ2".into()],
                ["S", "H", "C", "D"].iter().map(|s| format!("pair:{s}")).collect(),
                ["S", "H", "C", "D"].iter().map(|s| format!("single:{s}")).collect(),
            ],
            not_first: vec!["BJ2".into(), "SJ2".into()],
            free_trump: vec![],
            none: "无人亮主: 庄家指定花色 (不能无主), 不可反".into(),
        },
        timing: Timing {
            match_minutes: None,
            bury_seconds: None,
            play_seconds: None,
            best_of: 1,
            deal_limit: None,
            unlimited_long_rounds: false,
            tie: TimeTie::Declarer,
        },
        duplicate: true,
        team_match: None,
        // A board lost by ruling: the offending team's board result −20 (003's board −20,
        // RULES.md §1.3; a reading, RULES.md is silent on it).
        rulings: RulingRules { board_lost_points: Some(BOARD_LOST_POINTS), ..RulingRules::default() },
        readings: vec!["penalties.kitty_count".into(), "rulings.board_lost_points".into()],
        notes: vec![
            "每副牌固定级别, 副结果 = 抓分".into(),
            "扣底张数错 (莊家或抄底方): 对方接受结果 → 错误方不能保底或抠底; 不接受 → 错误方本副 −20 (003 §三2)".into(),
        ],
    };
    vec![jiankang, chaodipi10, nantong, qingpu, yiyuan]
}

/// The built-in preset with this id.
pub fn builtin_preset(id: &str) -> Option<Preset> {
    builtin_presets().into_iter().find(|p| p.id == id)
}
