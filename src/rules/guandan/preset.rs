//! 掼蛋 presets as data (RULES.md §2, seed 004): [`GuandanPreset`] and its parameter groups,
//! and the built-in presets ([`builtin_presets`]).

use super::*;

/// A 掼蛋 rule set as data (RULES.md §2). A referee may copy a preset and change any field;
/// the engine never looks at `id`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuandanPreset {
    /// Stable identifier, e.g. `guandan-3-2-1`.
    pub id: String,
    /// Chinese display name.
    pub name: String,
    /// The seed document and section the preset reads (e.g. `004 第一篇`).
    pub source: String,
    /// Field paths (e.g. `"a_rule.max_failures"`) whose value is a *reading*: the document
    /// is silent or unreadable there, so the UI must show the value as editable/uncertain.
    #[serde(default)]
    pub readings: Vec<String>,
    /// Seed sections cited in the `rule` strings of each outcome.
    pub cites: Cites,
    /// Levels gained by the winners per finish (双下 / 一三 / 一四); `None` = levels do not
    /// move (per-deal game-point presets).
    pub upgrade: Option<ByFinish<u32>>,
    /// Every deal is played at this level (levels never move); `None` = the declarer's level.
    #[serde(default)]
    pub fixed_level: Option<Rank>,
    /// Passing A and failed attempts at A.
    pub a_rule: ARule,
    /// Game points for the winners per finish (双上 5 / 一三 3 / 一四 1); losers get 0.
    /// `None` = no per-deal points.
    #[serde(default)]
    pub deal_points: Option<ByFinish<u32>>,
    /// Round score when the round ends (`None` = no round scores).
    #[serde(default)]
    pub round_scoring: Option<RoundScoring>,
    /// What a called foul does to the levels.
    pub fouls: FoulRules,
    /// Tribute (进贡) rules.
    pub tribute: TributeRules,
    /// Match / round format, forfeits and ranking (information for the tournament layer).
    pub format: MatchFormat,
    /// Time limits per play.
    pub timing: Timing,
    /// The 报牌 rule (announcing the cards left, RULES.md §2 **[r2]**) in the document's
    /// words, shown on the match page; empty: none given. Absent in older copies.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub announce: String,
}

impl GuandanPreset {
    /// The preset's rules for rulings (RULES.md §0 **[r2]**), from its own data: every
    /// `warnings_per_foul`-th warning of a team in the match is one foul of the hand in
    /// progress (004 第一篇 §六2, [`FoulRules::warnings_per_foul`]),
    /// lateness of `format.late_forfeit_minutes` forfeits the round (004 §(六)), and the
    /// `format.late_disqualify_after`-th consecutive round with a lateness disqualifies (004
    /// 第三篇 §六4), cited as `cites.late`.
    pub fn ruling_rules(&self) -> crate::rules::ruling::RulingRules {
        use crate::rules::ruling::{RulingRules, WarningEffect, WarningRule};
        RulingRules {
            warnings: self
                .fouls
                .warnings_per_foul
                .filter(|&k| k > 0)
                .map(|k| WarningRule {
                    rule: String::new(),
                    nth: k,
                    every: k,
                    effect: WarningEffect::Foul,
                    cite: self.cites.fouls.clone(),
                })
                .into_iter()
                .collect(),
            late_forfeit_minutes: self.format.late_forfeit_minutes,
            late_disqualify_after: self.format.late_disqualify_after,
            late_cite: self.cites.late.clone(),
            board_lost_points: None,
        }
    }
}

/// Seed sections cited by the rule strings of a [`HandOutcome`] (e.g. `004 第一篇 §五`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cites {
    /// The upgrade table and "a rise stops at A".
    pub upgrade: String,
    /// Passing A (partner not last).
    pub a_pass: String,
    /// Failed attempts at A and their consequence.
    pub a_fail: String,
    /// Foul effects.
    pub fouls: String,
    /// Per-deal game points.
    pub deal_points: String,
    /// Round scores.
    pub round_scoring: String,
    /// Tribute and who leads.
    pub tribute: String,
    /// The lateness rules (004 第三篇 §六4: forfeit at the limit, disqualified by consecutive
    /// late arrivals); empty = not cited. Absent in older copies.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub late: String,
}

/// Passing A (过A) and failed attempts (RULES.md §2 "A rule"), as data.
///
/// An *attempt* is a hand played at a team's own A (that team is the declarer and stands at
/// A). The attempt succeeds — the team passes A and wins the match — when the team is the
/// winner and, if `partner_not_last`, 头游's partner is not 末游. Every other outcome of an
/// attempt is a failure and counts towards `max_failures`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ARule {
    /// At A the winners pass only if the partner is not last (一四游 does not pass).
    pub partner_not_last: bool,
    /// After this many failed attempts the team goes back to `fall_back_to`; `None` = A must
    /// be played however often it fails.
    pub max_failures: Option<u32>,
    /// The level a team falls back to after `max_failures` (2 in 004 第一篇).
    pub fall_back_to: Rank,
    /// The first team to reach A wins at once (004 第五篇 「最先打到A」 **[r2]** *(reading)*),
    /// instead of having to pass it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub win_on_reaching: bool,
}

impl ARule {
    /// How `team` won the game by its levels, typed (RULES.md §2 "A rule"): "{team} 过A获胜"
    /// (`gd.won.passed_a`), or "{team} 最先打到A获胜" (`gd.won.reached_a`) when the first
    /// team to reach A wins ([`ARule::win_on_reaching`], 004 第五篇 **[r2]** *(reading)*).
    pub fn won_msg(&self, team: Team) -> Msg {
        won_msg(self.win_on_reaching, team)
    }
}

/// "{team} 最先打到A获胜" when `reached_a`, else "{team} 过A获胜", typed.
pub(super) fn won_msg(reached_a: bool, team: Team) -> Msg {
    let key = if reached_a { "gd.won.reached_a" } else { "gd.won.passed_a" };
    Msg::new(key, vec![("team", Arg::Team(team))])
}

/// Round scores (004 第三篇 §二(七)2): the team that passes A gets
/// `pass_base + min(diff_cap, level difference)`; a team that did not pass A gets
/// `min(gained_cap, levels gained)`.
///
/// Levels are counted from 2, where every round starts (004 第三篇 §二(四)1); a team that
/// passed A counts as 13 steps above 2 (one step past A = index 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundScoring {
    /// Base score for passing A (100).
    pub pass_base: u32,
    /// Cap of the level-difference bonus (15).
    pub diff_cap: u32,
    /// Cap of the score of a team that did not pass A (12).
    pub gained_cap: u32,
}

impl RoundScoring {
    /// The highest score one round can give (`pass_base + diff_cap`, 115).
    pub fn max_per_round(&self) -> u32 {
        self.pass_base + self.diff_cap
    }
}

/// Level effects of fouls (RULES.md §2 "other", 004 第一篇 §六2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FoulRules {
    /// Levels the opponents gain for each out-of-turn foul (越序出牌); 0 = no level effect.
    /// Never passes A: the rise stops at A.
    pub out_of_turn_levels: u32,
    /// This many warnings to one team make one out-of-turn foul (2 in 004 第一篇 §六2):
    /// those entered with a hand count within it (「一付牌中」); those given on the ruling
    /// panel are counted over the match (RULES.md §0 **[r2]** "counted per player (or team)
    /// for the match"), each Nth one a foul of the hand in progress; `None` = warnings have
    /// no level effect.
    pub warnings_per_foul: Option<u32>,
}

/// Who pays the single tribute (单贡) when the winners are not 双上.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SinglePayer {
    /// 末游 pays 头游, even when 末游 is 头游's partner (一四游) — the seed's literal wording.
    Last,
    /// The losing team's player who finished last (3rd in 一四游, 4th in 一三游).
    LastOpponent,
}

/// Who leads after a double tribute when both tribute cards are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieLead {
    /// The payer who got the smaller return card; equal returns → 头游's 下家 (004 第一篇 §四).
    SmallerReturnThenNextOfFirst,
    /// 头游's 下家 (the next seat counter-clockwise; 004 第三篇, 第四篇).
    NextOfFirst,
    /// The payers choose (004 第二篇 §三); the record must name one of them.
    PayersChoose,
}

/// Tribute rules (进贡 / 还贡 / 抗贡, RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TributeRules {
    /// Highest face value a return card may have (10 → "10 or lower"); `None` = any card.
    pub return_max: Option<Rank>,
    /// Who pays a single tribute.
    pub single_payer: SinglePayer,
    /// Who leads after a double tribute of two equal cards.
    pub double_tie_lead: TieLead,
}

/// What happens when a round's time runs out in the middle of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeUp {
    /// The hand in progress does not count; the previous hand stands (004 第三篇 §二(一)5).
    PreviousHandStands,
    /// The hand in progress is finished and counts.
    FinishHand,
}

/// A ranking key for teams across a tournament, in order of application.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RankKey {
    /// Total per-deal game points.
    Points,
    /// Number of 双上 (partner 2nd) wins.
    DoubleWins,
    /// Result of the two teams' own match.
    HeadToHead,
    /// Sum of round scores.
    RoundScoreTotal,
}

/// Match and tournament format (information for the tournament layer, RULES.md §6).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchFormat {
    /// Matches are best of this many games (a game = first to pass A).
    #[serde(default)]
    pub best_of: Option<u32>,
    /// Number of rounds (轮).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Deals (局) per round.
    #[serde(default)]
    pub hands_per_round: Option<u32>,
    /// Round time limit in minutes.
    #[serde(default)]
    pub round_minutes: Option<u32>,
    /// Time limit of a match in minutes (004 第五篇: 60) **[r2]**; at the limit the higher
    /// level wins, equal levels decided by `time_tie`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_minutes: Option<u32>,
    /// Who wins at the time limit with equal levels (004 第五篇: the team not declaring)
    /// **[r2]**; a stored copy without the field reads as revision 1's reading, the declarer.
    #[serde(default, skip_serializing_if = "TimeTie::is_declarer")]
    pub time_tie: TimeTie,
    /// What happens when the time runs out mid-hand.
    #[serde(default)]
    pub time_up: Option<TimeUp>,
    /// Score of a forfeited match, winner first (18:0).
    #[serde(default)]
    pub forfeit_score: Option<[u32; 2]>,
    /// After this many forfeits all of the team's results are cancelled.
    #[serde(default)]
    pub forfeits_cancel_results: Option<u32>,
    /// Arriving this many minutes late is a forfeit.
    #[serde(default)]
    pub late_forfeit_minutes: Option<u32>,
    /// The how-manieth consecutive round an entrant arrives late in disqualifies it (004 第三篇
    /// §六4: 3, 「连续2次以上(不含2次)迟到」; [`crate::rules::ruling::RulingRules::late_disqualify_after`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_disqualify_after: Option<u32>,
    /// Ranking keys, first applied first.
    #[serde(default)]
    pub ranking: Vec<RankKey>,
}

impl MatchFormat {
    /// The limit the clock of a round (or of the match, when it is one game) runs against,
    /// in minutes: [`MatchFormat::round_minutes`], else [`MatchFormat::match_minutes`].
    pub fn time_limit_minutes(&self) -> Option<u32> {
        self.round_minutes.or(self.match_minutes)
    }
}

/// Time limits per play, in seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Timing {
    /// The first play of a deal.
    #[serde(default)]
    pub first_play_seconds: Option<u32>,
    /// Every later play.
    #[serde(default)]
    pub play_seconds: Option<u32>,
}

/// The five built-in presets of RULES.md §2: `guandan-3-2-1`, `guandan-5-3-1`,
/// `jiankang-guandan`, `guandan-shift-3rounds`, `guandan-knockout-60` **[r2]**.
pub fn builtin_presets() -> Vec<GuandanPreset> {
    let r = |s: &str| Rank::parse(s).expect("valid rank literal");
    let s = |x: &str| x.to_string();
    let tribute_004_1 = TributeRules {
        return_max: Some(r("10")),
        single_payer: SinglePayer::Last,
        double_tie_lead: TieLead::SmallerReturnThenNextOfFirst,
    };
    vec![
        GuandanPreset {
            id: s("guandan-3-2-1"),
            announce: s("报牌: 剩 6 张及以下须报牌 (004 第一篇); 004 第四篇为 10 张 (reading: 第一篇)"),
            name: s("掼蛋 3-2-1 升级"),
            source: s("004 第一/三/四篇"),
            readings: vec![s("tribute.single_payer"), s("tribute.double_tie_lead")],
            cites: Cites {
                upgrade: s("004 第一篇 §五"),
                a_pass: s("004 第一篇 §五"),
                a_fail: s("004 第一篇 §五 (A三牌不过返回2)"),
                fouls: s("004 第一篇 §六2"),
                deal_points: s("—"),
                round_scoring: s("—"),
                tribute: s("004 第一篇 §四"),
                late: String::new(),
            },
            upgrade: Some(ByFinish { double: 3, one_three: 2, one_four: 1 }),
            fixed_level: None,
            a_rule: ARule {
                partner_not_last: true,
                max_failures: Some(3),
                fall_back_to: Rank::TWO,
                win_on_reaching: false,
            },
            deal_points: None,
            round_scoring: None,
            fouls: FoulRules { out_of_turn_levels: 1, warnings_per_foul: Some(2) },
            tribute: tribute_004_1,
            format: MatchFormat { late_forfeit_minutes: Some(10), ..MatchFormat::default() },
            timing: Timing { first_play_seconds: Some(180), play_seconds: Some(30) },
        },
        GuandanPreset {
            id: s("guandan-5-3-1"),
            announce: s("报牌: 剩 10 张及以下须报牌 (004 第四篇, reading)"),
            name: s("掼蛋 5-3-1 升级（A必打）"),
            source: s("004 第二篇"),
            readings: vec![
                s("a_rule.partner_not_last"),
                s("fouls.out_of_turn_levels"),
                s("fouls.warnings_per_foul"),
                s("tribute.single_payer"),
            ],
            cites: Cites {
                upgrade: s("004 第二篇 §四"),
                a_pass: s("004 第二篇 §四"),
                a_fail: s("004 第二篇 §四 (A必打)"),
                fouls: s("004 第二篇 (无判罚条款)"),
                deal_points: s("—"),
                round_scoring: s("—"),
                tribute: s("004 第二篇 §三"),
                late: String::new(),
            },
            upgrade: Some(ByFinish { double: 5, one_three: 3, one_four: 1 }),
            fixed_level: None,
            a_rule: ARule {
                partner_not_last: true,
                max_failures: None,
                fall_back_to: Rank::TWO,
                win_on_reaching: false,
            },
            deal_points: None,
            round_scoring: None,
            fouls: FoulRules { out_of_turn_levels: 0, warnings_per_foul: None },
            tribute: TributeRules {
                return_max: Some(r("10")),
                single_payer: SinglePayer::Last,
                double_tie_lead: TieLead::PayersChoose,
            },
            format: MatchFormat { best_of: Some(3), late_forfeit_minutes: Some(10), ..MatchFormat::default() },
            timing: Timing::default(),
        },
        GuandanPreset {
            id: s("jiankang-guandan"),
            announce: s("报牌: 剩 10 张及以下须报牌 (000 §四(二)8)"),
            name: s("健康杯掼蛋（局分制）"),
            source: s("000 §四"),
            readings: vec![
                s("fixed_level"),
                s("tribute.return_max"),
                s("tribute.single_payer"),
                s("tribute.double_tie_lead"),
            ],
            cites: Cites {
                upgrade: s("000 §四(二)4"),
                a_pass: s("—"),
                a_fail: s("—"),
                fouls: s("000 §四(三)5"),
                deal_points: s("000 §四(二)4"),
                round_scoring: s("—"),
                tribute: s("004 第一篇 §四 (000 未载)"),
                late: String::new(),
            },
            upgrade: None,
            fixed_level: Some(r("7")),
            a_rule: ARule {
                partner_not_last: true,
                max_failures: None,
                fall_back_to: Rank::TWO,
                win_on_reaching: false,
            },
            deal_points: Some(ByFinish { double: 5, one_three: 3, one_four: 1 }),
            round_scoring: None,
            fouls: FoulRules { out_of_turn_levels: 0, warnings_per_foul: None },
            tribute: tribute_004_1,
            format: MatchFormat {
                hands_per_round: Some(5),
                forfeit_score: Some([18, 0]),
                forfeits_cancel_results: Some(2),
                ranking: vec![RankKey::Points, RankKey::DoubleWins, RankKey::HeadToHead],
                ..MatchFormat::default()
            },
            timing: Timing::default(),
        },
        GuandanPreset {
            id: s("guandan-shift-3rounds"),
            announce: s("报牌: 双方可约定 10 张以内报牌; 未约定则不得问牌也不得报牌 (004 第三篇)"),
            name: s("掼蛋 三轮移位总得分制"),
            source: s("004 第三篇"),
            readings: vec![
                s("a_rule.partner_not_last"),
                s("a_rule.max_failures"),
                s("fouls.out_of_turn_levels"),
                s("tribute.single_payer"),
                s("format.late_disqualify_after"),
            ],
            cites: Cites {
                upgrade: s("004 第三篇 §二(四)3"),
                a_pass: s("004 第三篇 §二(四)1"),
                a_fail: s("004 第三篇 (未载)"),
                fouls: s("004 第三篇 §二(五)"),
                deal_points: s("—"),
                round_scoring: s("004 第三篇 §二(七)2"),
                tribute: s("004 第三篇 §二(三)4"),
                late: s("004 第三篇 §六4"),
            },
            upgrade: Some(ByFinish { double: 3, one_three: 2, one_four: 1 }),
            fixed_level: None,
            a_rule: ARule {
                partner_not_last: true,
                max_failures: None,
                fall_back_to: Rank::TWO,
                win_on_reaching: false,
            },
            deal_points: None,
            round_scoring: Some(RoundScoring { pass_base: 100, diff_cap: 15, gained_cap: 12 }),
            fouls: FoulRules { out_of_turn_levels: 0, warnings_per_foul: None },
            tribute: TributeRules {
                return_max: Some(r("10")),
                single_payer: SinglePayer::Last,
                double_tie_lead: TieLead::NextOfFirst,
            },
            format: MatchFormat {
                rounds: Some(3),
                round_minutes: Some(60),
                time_up: Some(TimeUp::PreviousHandStands),
                late_forfeit_minutes: Some(10),
                late_disqualify_after: Some(3),
                ranking: vec![RankKey::RoundScoreTotal],
                ..MatchFormat::default()
            },
            timing: Timing { first_play_seconds: Some(30), play_seconds: Some(15) },
        },
        GuandanPreset {
            id: s("guandan-knockout-60"),
            announce: s("报牌: 剩 10 张及以下须报牌 (004 第四篇, reading)"),
            name: s("掼蛋 淘汰赛（60分钟）"),
            source: s("004 第五篇"),
            readings: vec![
                s("a_rule.win_on_reaching"),
                s("fouls.out_of_turn_levels"),
                s("tribute.single_payer"),
                s("tribute.double_tie_lead"),
            ],
            cites: Cites {
                upgrade: s("004 第五篇"),
                a_pass: s("004 第五篇 (最先打到A)"),
                a_fail: s("—"),
                fouls: s("004 第一篇 §六2"),
                deal_points: s("—"),
                round_scoring: s("—"),
                tribute: s("004 第一篇 §四"),
                late: String::new(),
            },
            upgrade: Some(ByFinish { double: 3, one_three: 2, one_four: 1 }),
            fixed_level: None,
            a_rule: ARule {
                partner_not_last: true,
                max_failures: None,
                fall_back_to: Rank::TWO,
                win_on_reaching: true,
            },
            deal_points: None,
            round_scoring: None,
            fouls: FoulRules { out_of_turn_levels: 1, warnings_per_foul: Some(2) },
            tribute: tribute_004_1,
            format: MatchFormat {
                match_minutes: Some(60),
                time_tie: TimeTie::NotDeclarer,
                late_forfeit_minutes: Some(10),
                ..MatchFormat::default()
            },
            timing: Timing::default(),
        },
    ]
}

/// The built-in preset with this id, if any.
pub fn builtin_preset(id: &str) -> Option<GuandanPreset> {
    builtin_presets().into_iter().find(|p| p.id == id)
}
