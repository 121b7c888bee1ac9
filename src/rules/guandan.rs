//! 掼蛋 (Guandan) — RULES.md §2, seeds 004 (第一至第四篇) and 000 §四.
//!
//! Everything a referee needs to score a 掼蛋 match without the cards themselves:
//!
//! 1. A hand is entered as its finishing order (头游 → 末游, [`Hand::order`]), the fouls
//!    called during it, and optionally the tribute paid before it ([`TributeRecord`]).
//! 2. Winners = the team of 头游. The position of the winners' partner (2nd, 3rd, 4th)
//!    is the [`Finish`] (双下 / 一三游 / 一四游) and looks up the upgrade or the game points.
//! 3. A rules ([`ARule`]): a rise never skips A; a team whose own A is being played passes A
//!    (wins) only if the partner is not last (preset parameter); failed attempts are counted
//!    and may send the team back to 2.
//! 4. Fouls ([`FoulRules`]): out-of-turn play gives the opponents levels; warnings add up
//!    to fouls within one hand.
//! 5. Scores: per-deal game points ([`GuandanPreset::deal_points`]) or round scores
//!    ([`RoundScoring`]).
//! 6. Next hand: the winners' level is played ([`GuandanState::declarer`]); the tribute due
//!    and who leads follow from the finishing order ([`tribute_due`]).
//!
//! Presets are data ([`GuandanPreset`], [`builtin_presets`]); behaviour follows the
//! parameters only. Every number in a [`HandOutcome`] comes with the rule that produced it,
//! citing the seed section stored in the preset ([`Cites`]).

use super::{Arg, Msg, Rank, Ruling, RulingError, Seat, Team, TimeTie, TimeVerdict};
use serde::{Deserialize, Serialize};
use std::fmt;

// ---------------------------------------------------------------------------------------
// Small shared shapes
// ---------------------------------------------------------------------------------------

/// One value per team, serialized as `{"A": …, "B": …}` (team `A` = N/S, `B` = E/W).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerTeam<T> {
    /// Team A (南北).
    #[serde(rename = "A")]
    pub a: T,
    /// Team B (东西).
    #[serde(rename = "B")]
    pub b: T,
}

impl<T> PerTeam<T> {
    /// Builds from team A's and team B's value.
    pub fn new(a: T, b: T) -> Self {
        PerTeam { a, b }
    }
    /// The value of `team`.
    pub fn get(&self, team: Team) -> &T {
        match team {
            Team::A => &self.a,
            Team::B => &self.b,
        }
    }
    /// The value of `team`, mutably.
    pub fn get_mut(&mut self, team: Team) -> &mut T {
        match team {
            Team::A => &mut self.a,
            Team::B => &mut self.b,
        }
    }
}

impl<T> std::ops::Index<Team> for PerTeam<T> {
    type Output = T;
    fn index(&self, team: Team) -> &T {
        self.get(team)
    }
}

impl<T> std::ops::IndexMut<Team> for PerTeam<T> {
    fn index_mut(&mut self, team: Team) -> &mut T {
        self.get_mut(team)
    }
}

/// How the hand ended for the winners, by the place of 头游's partner (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    /// Partner 2nd: the opponents are the last two (双下 for them, 双上 for the winners).
    Double,
    /// Partner 3rd (一三游).
    OneThree,
    /// Partner 4th, i.e. last (一四游).
    OneFour,
}

impl Finish {
    /// From the partner's 1-based place (2, 3 or 4).
    pub fn from_partner_place(place: u8) -> Finish {
        match place {
            2 => Finish::Double,
            3 => Finish::OneThree,
            _ => Finish::OneFour,
        }
    }
    /// The partner's 1-based place (2, 3 or 4).
    pub fn partner_place(self) -> u8 {
        match self {
            Finish::Double => 2,
            Finish::OneThree => 3,
            Finish::OneFour => 4,
        }
    }
    /// The string-table key of the name the level rules use (004 第一篇 §五): 双下 / 一三游
    /// / 一四游.
    pub fn key(self) -> &'static str {
        match self {
            Finish::Double => "gd.finish.double",
            Finish::OneThree => "gd.finish.one_three",
            Finish::OneFour => "gd.finish.one_four",
        }
    }
}

/// A value per [`Finish`], serialized as `{"double": …, "one_three": …, "one_four": …}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByFinish<T> {
    /// Partner 2nd (双下 / 双上).
    pub double: T,
    /// Partner 3rd (一三游).
    pub one_three: T,
    /// Partner 4th (一四游).
    pub one_four: T,
}

impl<T: Copy> ByFinish<T> {
    /// The value for `finish`.
    pub fn get(&self, finish: Finish) -> T {
        match finish {
            Finish::Double => self.double,
            Finish::OneThree => self.one_three,
            Finish::OneFour => self.one_four,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Presets
// ---------------------------------------------------------------------------------------

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
    /// This many warnings to one team within one hand make one out-of-turn foul
    /// (2 in 004 第一篇 §六2); `None` = warnings have no level effect.
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
    /// Ranking keys, first applied first.
    #[serde(default)]
    pub ranking: Vec<RankKey>,
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
            name: s("掼蛋 三轮移位总得分制"),
            source: s("004 第三篇"),
            readings: vec![
                s("a_rule.partner_not_last"),
                s("a_rule.max_failures"),
                s("fouls.out_of_turn_levels"),
                s("tribute.single_payer"),
            ],
            cites: Cites {
                upgrade: s("004 第三篇 §二(四)3"),
                a_pass: s("004 第三篇 §二(四)1"),
                a_fail: s("004 第三篇 (未载)"),
                fouls: s("004 第三篇 §二(五)"),
                deal_points: s("—"),
                round_scoring: s("004 第三篇 §二(七)2"),
                tribute: s("004 第三篇 §二(三)4"),
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
                ranking: vec![RankKey::RoundScoreTotal],
                ..MatchFormat::default()
            },
            timing: Timing { first_play_seconds: Some(30), play_seconds: Some(15) },
        },
        GuandanPreset {
            id: s("guandan-knockout-60"),
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

// ---------------------------------------------------------------------------------------
// Hand input
// ---------------------------------------------------------------------------------------

/// The four seats from 头游 to 末游. Always a permutation of N, E, S, W: serde and
/// [`FinishOrder::new`] reject a repeated seat, so every `Hand` can be scored.
/// Serialized as an array, e.g. `["N", "E", "S", "W"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[Seat; 4]", into = "[Seat; 4]")]
pub struct FinishOrder([Seat; 4]);

/// Error: a finishing order names a seat twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepeatedSeat(pub Seat);

impl fmt::Display for RepeatedSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "finishing order names seat {:?} twice; it must list N, E, S, W once each", self.0)
    }
}

impl std::error::Error for RepeatedSeat {}

impl FinishOrder {
    /// Checks that `seats` names every seat once (头游 first).
    pub fn new(seats: [Seat; 4]) -> Result<FinishOrder, RepeatedSeat> {
        for i in 0..4 {
            if seats[..i].contains(&seats[i]) {
                return Err(RepeatedSeat(seats[i]));
            }
        }
        Ok(FinishOrder(seats))
    }
    /// The seats, 头游 first.
    pub fn seats(&self) -> [Seat; 4] {
        self.0
    }
    /// 头游.
    pub fn first(&self) -> Seat {
        self.0[0]
    }
    /// 末游.
    pub fn last(&self) -> Seat {
        self.0[3]
    }
    /// 1-based place (1 = 头游 … 4 = 末游) of `seat`.
    pub fn place(&self, seat: Seat) -> u8 {
        self.0.iter().position(|s| *s == seat).map_or(4, |i| i as u8 + 1)
    }
    /// The winning team (team of 头游).
    pub fn winners(&self) -> Team {
        self.first().team()
    }
    /// The winners' finish, by their partner's place.
    pub fn finish(&self) -> Finish {
        Finish::from_partner_place(self.place(self.first().partner()))
    }
}

impl TryFrom<[Seat; 4]> for FinishOrder {
    type Error = RepeatedSeat;
    fn try_from(seats: [Seat; 4]) -> Result<Self, Self::Error> {
        FinishOrder::new(seats)
    }
}

impl From<FinishOrder> for [Seat; 4] {
    fn from(o: FinishOrder) -> [Seat; 4] {
        o.0
    }
}

/// The kind of a foul called during a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FoulKind {
    /// 越序出牌 — a card played out of turn reached the table.
    OutOfTurn,
    /// 警告 — e.g. a gesture of playing out of turn; [`FoulRules::warnings_per_foul`] of
    /// them within one hand make one out-of-turn foul.
    Warning,
    /// 暴露牌张 — exposed card (no level effect; recorded only).
    ExposedCard,
    /// Anything else the referee wants in the log (no level effect).
    Other,
}

/// A foul called during a hand. `team` is the team that committed it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Foul {
    /// The offending team.
    pub team: Team,
    /// What happened.
    pub kind: FoulKind,
    /// The offending player, if recorded (must belong to `team`, see [`validate_hand`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// Free text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One hand as the referee enters it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hand {
    /// Finishing order, 头游 → 末游.
    pub order: FinishOrder,
    /// Fouls called during the hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fouls: Vec<Foul>,
    /// The tribute paid before this hand was played (due from the previous hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tribute: Option<TributeRecord>,
    /// A forfeit (弃权) recorded instead of a played hand: the game/round goes to the other
    /// team and `order` is not scored (by convention the winners' seats come first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
}

impl Hand {
    /// A hand with this finishing order and nothing else.
    pub fn new(order: FinishOrder) -> Hand {
        Hand { order, fouls: Vec::new(), tribute: None, forfeit: None }
    }
}

/// Why a team forfeits (RULES.md §2 "late arrival / forfeit"; 004 第一篇, 第三篇 §二(六)4:
/// 迟到10分钟作本轮弃权论处; 000 §四: 弃权 18:0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitReason {
    /// Arrived late by at least [`MatchFormat::late_forfeit_minutes`].
    Late,
    /// Did not appear.
    Absent,
    /// Left or refused to go on during the game.
    Withdrew,
    /// Any other referee decision (e.g. disqualification).
    Other,
}

/// A forfeit: `team` loses the game/round without (further) play.
///
/// Effect in [`apply`]: the other team wins the game (as if it had passed A, so round scores
/// give it [`RoundScoring::pass_base`] + level difference — a *reading*, the seeds are
/// silent); with per-deal points and [`MatchFormat::forfeit_score`] the round's points
/// become that score, winner first (18:0, 000 §四). Levels do not move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forfeit {
    /// The team that forfeits.
    pub team: Team,
    /// Why.
    pub reason: ForfeitReason,
    /// Minutes late (for [`ForfeitReason::Late`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes_late: Option<u32>,
}

/// A problem in a hand record other than its tribute (see [`validate_hand`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum HandError {
    /// A foul's `seat` belongs to the other team than its `team`.
    FoulSeatNotInTeam {
        /// Index of the foul in `Hand::fouls`.
        foul: usize,
        /// The seat given.
        seat: Seat,
        /// The team given.
        team: Team,
    },
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::FoulSeatNotInTeam { foul, seat, team } => {
                write!(f, "foul #{}: seat {seat:?} is not in team {team:?}", foul + 1)
            }
        }
    }
}

/// Checks a hand's fouls (the finishing order is already valid by construction).
/// The tribute is checked against the previous hand by [`validate_tribute`].
pub fn validate_hand(hand: &Hand) -> Result<(), Vec<HandError>> {
    let errors: Vec<HandError> = hand
        .fouls
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match f.seat {
            Some(seat) if seat.team() != f.team => Some(HandError::FoulSeatNotInTeam { foul: i, seat, team: f.team }),
            _ => None,
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

// ---------------------------------------------------------------------------------------
// Cards and tribute
// ---------------------------------------------------------------------------------------

/// A card's rank including the jokers. Serialized as `"2"`…`"A"`, `"SJ"` (小王), `"BJ"` (大王).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardRank {
    /// A plain rank 2…A.
    Plain(Rank),
    /// 小王.
    SmallJoker,
    /// 大王.
    BigJoker,
}

impl CardRank {
    /// Parses `"2"`…`"A"`, `"SJ"`, `"BJ"`.
    pub fn parse(s: &str) -> Option<CardRank> {
        match s.trim().to_ascii_uppercase().as_str() {
            "SJ" => Some(CardRank::SmallJoker),
            "BJ" => Some(CardRank::BigJoker),
            other => Rank::parse(other).map(CardRank::Plain),
        }
    }
    /// Display name: `"2"`…`"A"`, `"SJ"`, `"BJ"`.
    pub fn name(self) -> &'static str {
        match self {
            CardRank::Plain(r) => r.name(),
            CardRank::SmallJoker => "SJ",
            CardRank::BigJoker => "BJ",
        }
    }
}

impl Serialize for CardRank {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for CardRank {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardRank, D::Error> {
        let s = String::deserialize(d)?;
        CardRank::parse(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown card {s:?}: expected 2…10, J, Q, K, A, SJ or BJ")))
    }
}

/// A suit: `S` ♠, `H` ♥, `D` ♦, `C` ♣.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// Spades ♠.
    S,
    /// Hearts ♥.
    H,
    /// Diamonds ♦.
    D,
    /// Clubs ♣.
    C,
}

/// A card, e.g. `{"rank": "A", "suit": "S"}` or `{"rank": "BJ"}`. The suit is optional
/// (only the heart level card matters to the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// Rank or joker.
    pub rank: CardRank,
    /// Suit, if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<Suit>,
}

impl Card {
    /// Strength of the card as a single when `level` is played: 大王 > 小王 > level card >
    /// A > K > … > 2 (004 第一篇 §三). Larger is stronger.
    pub fn power(&self, level: Rank) -> u8 {
        match self.rank {
            CardRank::BigJoker => 16,
            CardRank::SmallJoker => 15,
            CardRank::Plain(r) if r == level => 14,
            CardRank::Plain(r) => r.index() + 1,
        }
    }
    /// Is this the heart card of the level played (逢人配), which is never given as tribute?
    pub fn is_heart_level_card(&self, level: Rank) -> bool {
        self.rank == CardRank::Plain(level) && self.suit == Some(Suit::H)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suit = match self.suit {
            Some(Suit::S) => "♠",
            Some(Suit::H) => "♥",
            Some(Suit::D) => "♦",
            Some(Suit::C) => "♣",
            None => "",
        };
        match self.rank {
            CardRank::BigJoker => f.write_str("大王"),
            CardRank::SmallJoker => f.write_str("小王"),
            CardRank::Plain(r) => write!(f, "{suit}{r}"),
        }
    }
}

/// Single (单贡) or double (双贡) tribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TributeKind {
    /// One payer gives one card to 头游.
    Single,
    /// After 双下 both losers pay: the larger card to 头游, the other to 2nd.
    Double,
}

/// Who leads once the tribute has been paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum LeadRule {
    /// Single tribute: the payer leads.
    Payer {
        /// The payer.
        seat: Seat,
    },
    /// Double tribute: the payer of the larger tribute leads; equal tributes → `tie`.
    LargerTribute {
        /// Rule for equal tributes.
        tie: TieLead,
        /// 头游's 下家 (used by `tie`).
        next_of_first: Seat,
    },
}

/// The tribute due before the next hand, derived from the previous finishing order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TributeDue {
    /// Single or double.
    pub kind: TributeKind,
    /// Who pays: single → one seat; double → 3rd and 4th (in finishing order).
    pub payers: Vec<Seat>,
    /// Who receives: single → 头游; double → 头游 (gets the larger card), then 2nd.
    pub receivers: Vec<Seat>,
    /// Who leads when the tribute is paid.
    pub lead: LeadRule,
    /// Who leads after 抗贡 (头游).
    pub lead_if_resisted: Seat,
    /// The rule, with its source ([`Step::DoubleTribute`] or [`Step::SingleTribute`]).
    pub rule: Step,
}

impl TributeDue {
    /// Who receives each payer's card, in the order of [`TributeDue::payers`], when `level`
    /// is played and the payers give `cards` (`None`: not chosen yet): a single tribute goes
    /// to 头游; a double tribute's larger card goes to 头游 and the other to 2nd (equal or
    /// unknown cards: in payer order) — RULES.md §2 "Tribute".
    pub fn receivers_for(&self, cards: &[Option<Card>], level: Rank) -> Vec<Seat> {
        match (self.kind, self.receivers.as_slice(), cards) {
            (TributeKind::Double, [first, second], [Some(a), Some(b)]) if b.power(level) > a.power(level) => {
                vec![*second, *first]
            }
            (TributeKind::Double, [first, second], _) => vec![*first, *second],
            _ => self.payers.iter().map(|_| self.receivers[0]).collect(),
        }
    }
}

/// The tribute due for the next hand after a hand with finishing order `order`
/// (RULES.md §2 "Tribute"; cited from `preset.cites.tribute`).
///
/// 双下 (winners 1st and 2nd) → double tribute from 3rd and 4th; otherwise a single
/// tribute to 头游 from the payer chosen by [`TributeRules::single_payer`].
pub fn tribute_due(preset: &GuandanPreset, order: &FinishOrder) -> TributeDue {
    let first = order.first();
    let seats = order.seats();
    let cite = &preset.cites.tribute;
    match order.finish() {
        Finish::Double => TributeDue {
            kind: TributeKind::Double,
            payers: vec![seats[2], seats[3]],
            receivers: vec![seats[0], seats[1]],
            lead: LeadRule::LargerTribute { tie: preset.tribute.double_tie_lead, next_of_first: first.next_ccw() },
            lead_if_resisted: first,
            rule: Step::DoubleTribute { payers: [seats[2], seats[3]], first, cite: cite.clone() },
        },
        finish => {
            let payer = match (preset.tribute.single_payer, finish) {
                (SinglePayer::LastOpponent, Finish::OneFour) => seats[2],
                _ => seats[3],
            };
            TributeDue {
                kind: TributeKind::Single,
                payers: vec![payer],
                receivers: vec![first],
                lead: LeadRule::Payer { seat: payer },
                lead_if_resisted: first,
                rule: Step::SingleTribute { finish, payer, first, cite: cite.clone() },
            }
        }
    }
}

/// One tribute card handed over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TributePayment {
    /// Payer.
    pub from: Seat,
    /// Receiver.
    pub to: Seat,
    /// The tribute card.
    pub card: Card,
    /// The card returned (还贡).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<Card>,
    /// The referee confirms the card is the payer's highest except the heart level card.
    #[serde(default)]
    pub highest_confirmed: bool,
}

/// The tribute as it happened before a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TributeRecord {
    /// 抗贡: no tribute, because the payer(s) hold both big jokers.
    #[serde(default)]
    pub resisted: bool,
    /// The referee confirms the payer(s) hold both big jokers (required for 抗贡).
    #[serde(default)]
    pub big_jokers_confirmed: bool,
    /// The cards paid (empty for 抗贡).
    #[serde(default)]
    pub payments: Vec<TributePayment>,
    /// Who led the hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leads: Option<Seat>,
}

/// A problem with a [`TributeRecord`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum TributeError {
    /// A tribute was recorded before the first hand (nothing is due).
    NoneDue,
    /// 抗贡 recorded without the referee confirming both big jokers.
    ResistWithoutBigJokers,
    /// 抗贡 recorded together with payments.
    ResistWithPayments,
    /// Wrong number of payments for the tribute due.
    WrongCount {
        /// Payments due.
        expected: usize,
        /// Payments recorded.
        got: usize,
    },
    /// A payment from a seat that does not owe tribute (or pays twice).
    WrongPayer {
        /// The seat recorded.
        seat: Seat,
        /// The seats that owe tribute.
        expected: Vec<Seat>,
    },
    /// A payment to a seat that receives nothing (or receives twice).
    WrongReceiver {
        /// The seat recorded.
        seat: Seat,
        /// The seats that receive tribute.
        expected: Vec<Seat>,
    },
    /// Double tribute: the larger card must go to 头游.
    LargerNotToFirst {
        /// 头游.
        first: Seat,
    },
    /// The heart card of the level played (逢人配) is never tribute.
    HeartLevelCard {
        /// The payer.
        from: Seat,
    },
    /// The referee has not confirmed the card is the payer's highest (heart level card aside).
    HighestNotConfirmed {
        /// The payer.
        from: Seat,
    },
    /// No return card recorded.
    MissingReturn {
        /// The receiver who owes the return.
        by: Seat,
    },
    /// A return card above the limit (10).
    ReturnTooHigh {
        /// The receiver.
        by: Seat,
        /// The card returned.
        card: Card,
        /// The highest face value allowed.
        max: Rank,
    },
    /// A joker given back as the return card.
    ReturnIsJoker {
        /// The receiver.
        by: Seat,
    },
    /// The wrong player led.
    WrongLeader {
        /// Who may lead.
        expected: Vec<Seat>,
        /// Who was recorded.
        got: Seat,
    },
}

impl fmt::Display for TributeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TributeError::*;
        match self {
            NoneDue => write!(f, "no tribute is due before the first hand"),
            ResistWithoutBigJokers => {
                write!(f, "抗贡 needs the referee to confirm the payer(s) hold both big jokers")
            }
            ResistWithPayments => write!(f, "抗贡 means no tribute card is paid"),
            WrongCount { expected, got } => {
                write!(f, "expected {expected} tribute card(s), got {got}")
            }
            WrongPayer { seat, expected } => {
                write!(f, "{seat:?} does not owe tribute (payers: {expected:?})")
            }
            WrongReceiver { seat, expected } => {
                write!(f, "{seat:?} does not receive tribute (receivers: {expected:?})")
            }
            LargerNotToFirst { first } => write!(f, "the larger tribute card must go to 头游 {first:?}"),
            HeartLevelCard { from } => {
                write!(f, "{from:?} gave the heart level card (逢人配), which is never tribute")
            }
            HighestNotConfirmed { from } => write!(
                f,
                "referee has not confirmed {from:?}'s tribute is the highest card except the heart level card"
            ),
            MissingReturn { by } => write!(f, "{by:?} has not returned a card"),
            ReturnTooHigh { by, card, max } => {
                write!(f, "{by:?} returned {card}, above the limit {max}")
            }
            ReturnIsJoker { by } => write!(f, "{by:?} returned a joker; the return must be ≤ the limit"),
            WrongLeader { expected, got } => {
                write!(f, "{got:?} led, but the lead belongs to {expected:?}")
            }
        }
    }
}

/// Checks a tribute record against the tribute `due` when `level` is played, and returns
/// the seat(s) who may lead (one seat, or both payers under [`TieLead::PayersChoose`]).
///
/// Errors (all found, not just the first): 抗贡 without the referee's big-joker confirmation;
/// wrong payers/receivers/count; the larger double tribute not going to 头游; a heart level
/// card given; highest card not confirmed; a return missing, a joker or above
/// [`TributeRules::return_max`]; `leads` not one of the seats allowed to lead.
pub fn validate_tribute(
    preset: &GuandanPreset,
    due: &TributeDue,
    level: Rank,
    record: &TributeRecord,
) -> Result<Vec<Seat>, Vec<TributeError>> {
    let mut errors = Vec::new();
    let leaders: Vec<Seat> = if record.resisted {
        if !record.big_jokers_confirmed {
            errors.push(TributeError::ResistWithoutBigJokers);
        }
        if !record.payments.is_empty() {
            errors.push(TributeError::ResistWithPayments);
        }
        vec![due.lead_if_resisted]
    } else {
        let expected = due.payers.len();
        if record.payments.len() != expected {
            errors.push(TributeError::WrongCount { expected, got: record.payments.len() });
        }
        let mut payers_left = due.payers.clone();
        let mut receivers_left = due.receivers.clone();
        for p in &record.payments {
            match payers_left.iter().position(|s| *s == p.from) {
                Some(i) => {
                    payers_left.remove(i);
                }
                None => errors.push(TributeError::WrongPayer { seat: p.from, expected: due.payers.clone() }),
            }
            match receivers_left.iter().position(|s| *s == p.to) {
                Some(i) => {
                    receivers_left.remove(i);
                }
                None => errors.push(TributeError::WrongReceiver { seat: p.to, expected: due.receivers.clone() }),
            }
            if p.card.is_heart_level_card(level) {
                errors.push(TributeError::HeartLevelCard { from: p.from });
            }
            if !p.highest_confirmed {
                errors.push(TributeError::HighestNotConfirmed { from: p.from });
            }
            match p.returned {
                None => errors.push(TributeError::MissingReturn { by: p.to }),
                Some(c) => match (c.rank, preset.tribute.return_max) {
                    (CardRank::BigJoker | CardRank::SmallJoker, _) => {
                        errors.push(TributeError::ReturnIsJoker { by: p.to })
                    }
                    (CardRank::Plain(r), Some(max)) if r > max => {
                        errors.push(TributeError::ReturnTooHigh { by: p.to, card: c, max })
                    }
                    _ => {}
                },
            }
        }
        match due.lead {
            LeadRule::Payer { seat } => vec![seat],
            LeadRule::LargerTribute { tie, next_of_first } => {
                double_tribute_leaders(record, due, level, tie, next_of_first, &mut errors)
            }
        }
    };
    if let Some(got) = record.leads {
        if !leaders.is_empty() && !leaders.contains(&got) {
            errors.push(TributeError::WrongLeader { expected: leaders.clone(), got });
        }
    }
    if errors.is_empty() {
        Ok(leaders)
    } else {
        Err(errors)
    }
}

/// Who leads after a double tribute (and whether the larger card went to 头游).
fn double_tribute_leaders(
    record: &TributeRecord,
    due: &TributeDue,
    level: Rank,
    tie: TieLead,
    next_of_first: Seat,
    errors: &mut Vec<TributeError>,
) -> Vec<Seat> {
    let [p, q] = match record.payments.as_slice() {
        [p, q] => [p, q],
        _ => return Vec::new(),
    };
    let first = due.receivers[0];
    let (pp, qp) = (p.card.power(level), q.card.power(level));
    if pp != qp {
        let (big, small) = if pp > qp { (p, q) } else { (q, p) };
        if big.to != first && small.to == first {
            errors.push(TributeError::LargerNotToFirst { first });
        }
        return vec![big.from];
    }
    match tie {
        TieLead::NextOfFirst => vec![next_of_first],
        TieLead::PayersChoose => vec![p.from, q.from],
        TieLead::SmallerReturnThenNextOfFirst => {
            match (p.returned.map(|c| c.power(level)), q.returned.map(|c| c.power(level))) {
                (Some(a), Some(b)) if a < b => vec![p.from],
                (Some(a), Some(b)) if b < a => vec![q.from],
                _ => vec![next_of_first],
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// State, outcome, replay
// ---------------------------------------------------------------------------------------

/// The match state between hands. Deserializes from the conformance `start` shape
/// (`{"levels": {"A": "2", "B": "2"}, "declarer": null}`); the other fields default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuandanState {
    /// Each team's level (2…A).
    pub levels: PerTeam<Rank>,
    /// The team whose level is played next (the winners of the last hand); `None` before
    /// the first hand.
    pub declarer: Option<Team>,
    /// The team that passed A (won the match/round), if any.
    #[serde(default)]
    pub winner: Option<Team>,
    /// Failed attempts at A so far, per team (reset when the team falls back).
    #[serde(default)]
    pub a_failures: PerTeam<u32>,
    /// Per-deal game points (`Some` only for presets with [`GuandanPreset::deal_points`]).
    #[serde(default)]
    pub points: Option<PerTeam<u32>>,
    /// Round scores if the round ended now (`Some` only for presets with [`RoundScoring`]).
    #[serde(default)]
    pub round_scores: Option<PerTeam<u32>>,
    /// Number of 双上 wins per team (a ranking key).
    #[serde(default)]
    pub double_wins: PerTeam<u32>,
    /// Hands scored so far.
    #[serde(default)]
    pub hands_played: u32,
    /// Finishing order of the last hand scored (decides the next tribute).
    #[serde(default)]
    pub last_order: Option<FinishOrder>,
    /// The verdict of the last time limit reached, if any **[r2]**.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_verdict: Option<TimeVerdict>,
}

impl GuandanState {
    /// A match that starts with these levels and declarer (usually 2:2 and `None`).
    pub fn new(levels: PerTeam<Rank>, declarer: Option<Team>) -> GuandanState {
        GuandanState {
            levels,
            declarer,
            winner: None,
            a_failures: PerTeam::default(),
            points: None,
            round_scores: None,
            double_wins: PerTeam::default(),
            hands_played: 0,
            last_order: None,
            time_verdict: None,
        }
    }

    /// A fresh match at 2:2.
    pub fn fresh() -> GuandanState {
        GuandanState::new(PerTeam::new(Rank::TWO, Rank::TWO), None)
    }

    /// This state with the preset's score fields filled in (points 0:0 / round scores).
    pub fn normalized(mut self, preset: &GuandanPreset) -> GuandanState {
        self.points = preset.deal_points.map(|_| self.points.unwrap_or_default());
        self.round_scores = round_scores(preset, &self);
        self
    }
}

/// What happened at A in a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum AAttempt {
    /// The team passed A and won.
    Passed {
        /// The team.
        team: Team,
    },
    /// The attempt failed; `count` failures so far.
    Failed {
        /// The team.
        team: Team,
        /// Failures including this one.
        count: u32,
    },
    /// The attempt failed and was the last allowed: the team falls back to `to`.
    FellBack {
        /// The team.
        team: Team,
        /// Failures including this one.
        count: u32,
        /// The level it falls back to.
        to: Rank,
    },
}

/// The level effect of the fouls of one team in one hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FoulEffect {
    /// The offending team.
    pub team: Team,
    /// Out-of-turn fouls called.
    pub out_of_turn: u32,
    /// Warnings called.
    pub warnings: u32,
    /// Fouls counted (out-of-turn + warnings / warnings_per_foul).
    pub fouls: u32,
    /// Levels the opponents actually gained (after the stop at A).
    pub levels_to_opponents: u32,
    /// The rule, with its source ([`Step::Fouls`] or [`Step::FoulsNoEffect`]).
    pub rule: Step,
}

/// Everything one hand did, each number with the rule that produced it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandOutcome {
    /// The match was already won: the hand changes nothing.
    pub ignored: bool,
    /// Team of 头游.
    pub winners: Team,
    /// 头游.
    pub first: Seat,
    /// 1-based place of 头游's partner (2, 3, 4).
    pub partner_place: u8,
    /// 双下 / 一三游 / 一四游.
    pub finish: Finish,
    /// The level this hand was played at, if known.
    pub level_played: Option<Rank>,
    /// The declarer before the hand.
    pub declarer_before: Option<Team>,
    /// Levels before the hand.
    pub levels_before: PerTeam<Rank>,
    /// Levels after the hand (after A rule and fouls).
    pub levels_after: PerTeam<Rank>,
    /// Levels the table grants the winners (0 at their own A, or for point presets).
    pub upgrade: u32,
    /// Levels the winners actually rose by the table (after the stop at A).
    pub rise: u32,
    /// What happened at A, if this hand was an attempt.
    pub a_attempt: Option<AAttempt>,
    /// Level effects of fouls, one per offending team with any foul.
    pub fouls: Vec<FoulEffect>,
    /// Per-deal game points this hand gave (winners' points; losers 0).
    pub points: Option<PerTeam<u32>>,
    /// Declarer for the next hand (the winners).
    pub next_declarer: Option<Team>,
    /// The level played next.
    pub next_level: Option<Rank>,
    /// The match winner after this hand.
    pub winner: Option<Team>,
    /// Tribute due before the next hand.
    pub next_tribute: Option<TributeDue>,
    /// Who led this hand, if the tribute record names it.
    pub led_by: Option<Seat>,
    /// Problems with this hand's tribute record (empty = fine or none recorded).
    pub tribute_errors: Vec<TributeError>,
    /// The headline rules: what produced the upgrade/points, each citing its source
    /// (e.g. [`Step::Upgrade`], read `004 第一篇 §五: 双下 +3`).
    pub rule: Vec<Step>,
    /// Further rules applied (stop at A, A attempt, fall-back, fouls, round scores), each
    /// with its source.
    pub notes: Vec<Step>,
}

/// One rule applied to a hand, with its numbers and the seed section it comes from
/// (`cite`); `src/i18n` renders it in the UI language (`gd.step.*`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// The match was already won: the hand counts for nothing.
    MatchOver { winner: Team, cite: String },
    /// A team forfeited: the other wins (levels do not move).
    Forfeit { team: Team, winner: Team, cite: String },
    /// A forfeit with the preset's forfeit score.
    ForfeitScored { team: Team, winner: Team, cite: String, win: u32, lose: u32, points_cite: String },
    /// The winners played their own A and passed it.
    PassedA { finish: Finish, team: Team, cite: String },
    /// The winners played their own A, but the partner came last: A not passed.
    PartnerLastAtA { finish: Finish, cite: String },
    /// The level table's rise for the finish.
    Upgrade { finish: Finish, levels: u32, cite: String },
    /// The team reached A first and wins (presets that win on reaching A).
    ReachedA { team: Team, cite: String },
    /// The rise stopped at A.
    StopsAtA { before: Rank, levels: u32, after: Rank, cite: String },
    /// The declarer lost a hand at its own A.
    DeclarerLostAtA { team: Team, cite: String },
    /// A failed attempt at A reached the limit: the team falls back.
    FellBack { team: Team, count: u32, to: Rank, cite: String },
    /// A failed attempt at A, `count` so far, falling back at `max`.
    FailedAtA { team: Team, count: u32, max: u32, to: Rank, cite: String },
    /// A failed attempt at A where A must be played until passed (no fall-back).
    FailedAtAMustPlay { team: Team, count: u32, cite: String },
    /// Per-deal game points of the hand.
    DealPoints { finish: Finish, team: Team, points: u32, cite: String },
    /// The preset neither rises nor scores points.
    NoScoring { cite: String },
    /// Fouls give the opponents levels.
    Fouls { team: Team, fouls: u32, out_of_turn: u32, warnings: u32, opponents: Team, levels: u32, cite: String },
    /// As [`Step::Fouls`], the opponents' rise stopped at A.
    FoulsStopAtA {
        team: Team,
        fouls: u32,
        out_of_turn: u32,
        warnings: u32,
        opponents: Team,
        levels: u32,
        before: Rank,
        after: Rank,
        cite: String,
    },
    /// Fouls or warnings without a level effect.
    FoulsNoEffect { team: Team, cite: String },
    /// The round's scores if it ended now.
    RoundScores { a: u32, b: u32, pass_base: u32, diff_cap: u32, gained_cap: u32, cite: String },
    /// Double tribute after 双下.
    DoubleTribute { payers: [Seat; 2], first: Seat, cite: String },
    /// Single tribute to 头游.
    SingleTribute { finish: Finish, payer: Seat, first: Seat, cite: String },
    /// The winners rose no level, and why (`why`: a `gd.why.*` key).
    NoRise { team: Team, why: NoRise },
}

/// Why the winners of a hand rose no level ([`Step::NoRise`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoRise {
    /// They were playing their own A: the hand was an attempt at A, not a rise.
    AttemptAtA,
    /// They stand on A already (a rise stops at A).
    AlreadyAtA,
    /// The level table gives this finish no level.
    TableGivesNone,
}

impl NoRise {
    /// The string-table key of the reason.
    pub fn key(self) -> &'static str {
        match self {
            NoRise::AttemptAtA => "gd.why.attempt_at_a",
            NoRise::AlreadyAtA => "gd.why.already_at_a",
            NoRise::TableGivesNone => "gd.why.table_gives_none",
        }
    }
}

impl Step {
    /// The step as a template key and its slots, for `src/i18n`.
    pub fn msg(&self) -> Msg {
        use Arg::{Cite, Key, Num, Rank as R, Seat as S, Team as T};
        let c = |cite: &String| ("cite", Cite(cite.clone()));
        let n = |v: u32| Num(v as i64);
        match self {
            Step::MatchOver { winner, cite } => Msg::new("gd.step.match_over", vec![c(cite), ("winner", T(*winner))]),
            Step::Forfeit { team, winner, cite } => {
                Msg::new("gd.step.forfeit", vec![c(cite), ("team", T(*team)), ("winner", T(*winner))])
            }
            Step::ForfeitScored { team, winner, cite, win, lose, points_cite } => Msg::new(
                "gd.step.forfeit_scored",
                vec![
                    c(cite),
                    ("team", T(*team)),
                    ("winner", T(*winner)),
                    ("points_cite", Cite(points_cite.clone())),
                    ("win", n(*win)),
                    ("lose", n(*lose)),
                ],
            ),
            Step::PassedA { finish, team, cite } => {
                Msg::new("gd.step.passed_a", vec![c(cite), ("finish", Key(finish.key())), ("team", T(*team))])
            }
            Step::PartnerLastAtA { finish, cite } => {
                Msg::new("gd.step.partner_last_at_a", vec![c(cite), ("finish", Key(finish.key()))])
            }
            Step::Upgrade { finish, levels, cite } => {
                Msg::new("gd.step.upgrade", vec![c(cite), ("finish", Key(finish.key())), ("n", n(*levels))])
            }
            Step::ReachedA { team, cite } => Msg::new("gd.step.reached_a", vec![c(cite), ("team", T(*team))]),
            Step::StopsAtA { before, levels, after, cite } => Msg::new(
                "gd.step.stops_at_a",
                vec![c(cite), ("before", R(*before)), ("n", n(*levels)), ("after", R(*after))],
            ),
            Step::DeclarerLostAtA { team, cite } => {
                Msg::new("gd.step.declarer_lost_at_a", vec![c(cite), ("team", T(*team))])
            }
            Step::FellBack { team, count, to, cite } => {
                Msg::new("gd.step.fell_back", vec![c(cite), ("team", T(*team)), ("count", n(*count)), ("to", R(*to))])
            }
            Step::FailedAtA { team, count, max, to, cite } => Msg::new(
                "gd.step.failed_at_a",
                vec![c(cite), ("team", T(*team)), ("count", n(*count)), ("max", n(*max)), ("to", R(*to))],
            ),
            Step::FailedAtAMustPlay { team, count, cite } => {
                Msg::new("gd.step.failed_at_a_must_play", vec![c(cite), ("team", T(*team)), ("count", n(*count))])
            }
            Step::DealPoints { finish, team, points, cite } => Msg::new(
                "gd.step.deal_points",
                vec![
                    c(cite),
                    ("finish", Key(if *finish == Finish::Double { "gd.finish.double_up" } else { finish.key() })),
                    ("team", T(*team)),
                    ("points", n(*points)),
                ],
            ),
            Step::NoScoring { cite } => Msg::new("gd.step.no_scoring", vec![c(cite)]),
            Step::Fouls { team, fouls, out_of_turn, warnings, opponents, levels, cite } => Msg::new(
                "gd.step.fouls",
                vec![
                    c(cite),
                    ("team", T(*team)),
                    ("fouls", n(*fouls)),
                    ("out_of_turn", n(*out_of_turn)),
                    ("warnings", n(*warnings)),
                    ("opponents", T(*opponents)),
                    ("n", n(*levels)),
                ],
            ),
            Step::FoulsStopAtA { team, fouls, out_of_turn, warnings, opponents, levels, before, after, cite } => {
                Msg::new(
                    "gd.step.fouls_stop_at_a",
                    vec![
                        c(cite),
                        ("team", T(*team)),
                        ("fouls", n(*fouls)),
                        ("out_of_turn", n(*out_of_turn)),
                        ("warnings", n(*warnings)),
                        ("opponents", T(*opponents)),
                        ("n", n(*levels)),
                        ("before", R(*before)),
                        ("after", R(*after)),
                    ],
                )
            }
            Step::FoulsNoEffect { team, cite } => {
                Msg::new("gd.step.fouls_no_effect", vec![c(cite), ("team", T(*team))])
            }
            Step::RoundScores { a, b, pass_base, diff_cap, gained_cap, cite } => Msg::new(
                "gd.step.round_scores",
                vec![
                    c(cite),
                    ("a", n(*a)),
                    ("b", n(*b)),
                    ("pass_base", n(*pass_base)),
                    ("diff_cap", n(*diff_cap)),
                    ("gained_cap", n(*gained_cap)),
                ],
            ),
            Step::DoubleTribute { payers, first, cite } => Msg::new(
                "gd.step.double_tribute",
                vec![c(cite), ("p1", S(payers[0])), ("p2", S(payers[1])), ("first", S(*first))],
            ),
            Step::SingleTribute { finish, payer, first, cite } => Msg::new(
                "gd.step.single_tribute",
                vec![c(cite), ("finish", Key(finish.key())), ("payer", S(*payer)), ("first", S(*first))],
            ),
            Step::NoRise { team, why } => {
                Msg::new("gd.step.no_rise", vec![("team", T(*team)), ("why", Key(why.key()))])
            }
        }
    }
}

/// The level played next in `state`: the preset's fixed level, else the declarer's level,
/// else (before the first hand) the common level if both teams stand on it.
pub fn level_played(preset: &GuandanPreset, state: &GuandanState) -> Option<Rank> {
    if let Some(l) = preset.fixed_level {
        return Some(l);
    }
    match state.declarer {
        Some(d) => Some(state.levels[d]),
        None if state.levels.a == state.levels.b => Some(state.levels.a),
        None => None,
    }
}

/// The team playing its own A in the next hand from `state`, with the attempt's number
/// (1 = the first), when that hand is an attempt at A (RULES.md §2 "A rule"); `None` when
/// the match is won or the preset counts no levels.
pub fn next_attempt_at_a(preset: &GuandanPreset, state: &GuandanState) -> Option<(Team, u32)> {
    let d = state.declarer?;
    (preset.upgrade.is_some() && state.winner.is_none() && state.levels[d] == Rank::ACE)
        .then(|| (d, state.a_failures[d] + 1))
}

/// Round scores if the round ended in `state` (004 第三篇 §二(七)2); `None` when the preset
/// has no [`RoundScoring`]. See [`RoundScoring`] for how levels are counted.
pub fn round_scores(preset: &GuandanPreset, state: &GuandanState) -> Option<PerTeam<u32>> {
    let rs = preset.round_scoring?;
    let steps = |t: Team| -> u32 {
        if state.winner == Some(t) {
            13
        } else {
            state.levels[t].index() as u32
        }
    };
    let score = |t: Team| -> u32 {
        if state.winner == Some(t) {
            rs.pass_base + rs.diff_cap.min(steps(t).saturating_sub(steps(t.other())))
        } else {
            rs.gained_cap.min(steps(t))
        }
    };
    Some(PerTeam::new(score(Team::A), score(Team::B)))
}

/// Scores one hand: the new state and what happened. Pure; `state` is not changed.
///
/// Pipeline (RULES.md §2): winners = team of 头游 → finish by partner's place → A attempt
/// (pass / fail / fall back) or upgrade with the stop at A → the declarer's failed attempt
/// when it lost → foul levels to the opponents → game points → next declarer = winners.
/// A hand entered after the match was won is `ignored` and changes nothing.
pub fn apply(preset: &GuandanPreset, state: &GuandanState, hand: &Hand) -> (GuandanState, HandOutcome) {
    let state = state.clone().normalized(preset);
    let order = hand.order;
    let first = order.first();
    let winners = order.winners();
    let finish = order.finish();
    let level = level_played(preset, &state);
    let mut outcome = HandOutcome {
        ignored: false,
        winners,
        first,
        partner_place: finish.partner_place(),
        finish,
        level_played: level,
        declarer_before: state.declarer,
        levels_before: state.levels,
        levels_after: state.levels,
        upgrade: 0,
        rise: 0,
        a_attempt: None,
        fouls: Vec::new(),
        points: None,
        next_declarer: state.declarer,
        next_level: level,
        winner: state.winner,
        next_tribute: None,
        led_by: hand.tribute.as_ref().and_then(|t| t.leads),
        tribute_errors: Vec::new(),
        rule: Vec::new(),
        notes: Vec::new(),
    };
    let cites = &preset.cites;
    if let Some(w) = state.winner {
        outcome.ignored = true;
        outcome.rule = vec![Step::MatchOver { winner: w, cite: cites.a_pass.clone() }];
        return (state, outcome);
    }
    let mut next = state.clone();

    // A forfeit instead of a played hand: the other team wins; levels do not move.
    if let Some(f) = &hand.forfeit {
        let w = f.team.other();
        next.winner = Some(w);
        outcome.winners = w;
        outcome.winner = Some(w);
        outcome.led_by = None;
        let mut rule = Step::Forfeit { team: f.team, winner: w, cite: cites.a_pass.clone() };
        if let (Some(_), Some([win, lose])) = (preset.deal_points, preset.format.forfeit_score) {
            let mut pts = PerTeam::new(0, 0);
            pts[w] = win;
            pts[f.team] = lose;
            next.points = Some(pts);
            outcome.points = Some(pts);
            rule = Step::ForfeitScored {
                team: f.team,
                winner: w,
                cite: cites.a_pass.clone(),
                win,
                lose,
                points_cite: cites.deal_points.clone(),
            };
        }
        next.round_scores = round_scores(preset, &next);
        outcome.levels_after = next.levels;
        outcome.next_declarer = next.declarer;
        outcome.next_level = level_played(preset, &next);
        outcome.rule = vec![rule];
        return (next, outcome);
    }

    // Tribute paid before this hand, checked against the previous hand's result.
    if let Some(record) = &hand.tribute {
        outcome.tribute_errors = match (&state.last_order, level) {
            (Some(prev), Some(l)) => {
                validate_tribute(preset, &tribute_due(preset, prev), l, record).err().unwrap_or_default()
            }
            (Some(prev), None) => {
                validate_tribute(preset, &tribute_due(preset, prev), Rank::TWO, record).err().unwrap_or_default()
            }
            (None, _) => vec![TributeError::NoneDue],
        };
    }

    // Upgrade, A rule.
    let mut headline = Vec::new();
    if let Some(table) = preset.upgrade {
        let n = table.get(finish);
        let at_own_a = state.declarer == Some(winners) && state.levels[winners] == Rank::ACE;
        if at_own_a {
            let passes = !(preset.a_rule.partner_not_last && finish == Finish::OneFour);
            if passes {
                next.winner = Some(winners);
                outcome.a_attempt = Some(AAttempt::Passed { team: winners });
                headline.push(Step::PassedA { finish, team: winners, cite: cites.a_pass.clone() });
            } else {
                headline.push(Step::PartnerLastAtA { finish, cite: cites.a_pass.clone() });
                outcome.a_attempt = Some(fail_at_a(preset, &mut next, winners, &mut outcome.notes));
            }
        } else {
            let before = state.levels[winners];
            let after = before.up(n);
            next.levels[winners] = after;
            outcome.upgrade = n;
            outcome.rise = (after.index() - before.index()) as u32;
            headline.push(Step::Upgrade { finish, levels: n, cite: cites.upgrade.clone() });
            if preset.a_rule.win_on_reaching && after == Rank::ACE {
                next.winner = Some(winners);
                outcome.a_attempt = Some(AAttempt::Passed { team: winners });
                headline.push(Step::ReachedA { team: winners, cite: cites.a_pass.clone() });
            }
            if outcome.rise < n {
                outcome.notes.push(Step::StopsAtA { before, levels: n, after, cite: cites.upgrade.clone() });
            }
        }
        // The declarer was playing its own A and lost the hand.
        if let Some(d) = state.declarer {
            if d != winners && state.levels[d] == Rank::ACE {
                outcome.notes.push(Step::DeclarerLostAtA { team: d, cite: cites.a_pass.clone() });
                outcome.a_attempt = Some(fail_at_a(preset, &mut next, d, &mut outcome.notes));
            }
        }
    }

    // Per-deal game points.
    if let Some(table) = preset.deal_points {
        let gained = table.get(finish);
        let mut this = PerTeam::new(0, 0);
        this[winners] = gained;
        let mut total = next.points.unwrap_or_default();
        total[winners] += gained;
        next.points = Some(total);
        outcome.points = Some(this);
        headline.push(Step::DealPoints { finish, team: winners, points: gained, cite: cites.deal_points.clone() });
    }
    if preset.upgrade.is_none() && preset.deal_points.is_none() {
        headline.push(Step::NoScoring { cite: cites.upgrade.clone() });
    }

    // Fouls: levels to the opponents, never past A.
    for team in Team::BOTH {
        let out_of_turn = hand.fouls.iter().filter(|f| f.team == team && f.kind == FoulKind::OutOfTurn).count() as u32;
        let warnings = hand.fouls.iter().filter(|f| f.team == team && f.kind == FoulKind::Warning).count() as u32;
        let others = hand
            .fouls
            .iter()
            .filter(|f| f.team == team && matches!(f.kind, FoulKind::ExposedCard | FoulKind::Other))
            .count();
        if out_of_turn + warnings == 0 && others == 0 {
            continue;
        }
        let from_warnings = match preset.fouls.warnings_per_foul {
            Some(k) if k > 0 => warnings / k,
            _ => 0,
        };
        let fouls = out_of_turn + from_warnings;
        let opp = team.other();
        let want = fouls * preset.fouls.out_of_turn_levels;
        let before = next.levels[opp];
        let after = before.up(want);
        next.levels[opp] = after;
        let got = (after.index() - before.index()) as u32;
        let cite = cites.fouls.clone();
        let rule = if want == 0 {
            Step::FoulsNoEffect { team, cite }
        } else if got < want {
            Step::FoulsStopAtA { team, fouls, out_of_turn, warnings, opponents: opp, levels: want, before, after, cite }
        } else {
            Step::Fouls { team, fouls, out_of_turn, warnings, opponents: opp, levels: want, cite }
        };
        outcome.notes.push(rule.clone());
        outcome.fouls.push(FoulEffect { team, out_of_turn, warnings, fouls, levels_to_opponents: got, rule });
    }

    if finish == Finish::Double {
        next.double_wins[winners] += 1;
    }
    next.declarer = Some(winners);
    next.hands_played += 1;
    next.last_order = Some(order);
    next.round_scores = round_scores(preset, &next);
    if let (Some(rs), Some(scores)) = (preset.round_scoring, next.round_scores) {
        outcome.notes.push(Step::RoundScores {
            a: scores.a,
            b: scores.b,
            pass_base: rs.pass_base,
            diff_cap: rs.diff_cap,
            gained_cap: rs.gained_cap,
            cite: cites.round_scoring.clone(),
        });
    }

    outcome.levels_after = next.levels;
    outcome.next_declarer = next.declarer;
    outcome.next_level = level_played(preset, &next);
    outcome.winner = next.winner;
    outcome.next_tribute = if next.winner.is_none() { Some(tribute_due(preset, &order)) } else { None };
    if let Some(why) = no_rise(preset, &state, &outcome) {
        outcome.notes.push(Step::NoRise { team: winners, why });
    }
    outcome.rule = headline;
    (next, outcome)
}

/// Counts a failed attempt at A for `team`, falling back when the preset's limit is reached.
fn fail_at_a(preset: &GuandanPreset, next: &mut GuandanState, team: Team, notes: &mut Vec<Step>) -> AAttempt {
    let count = next.a_failures[team] + 1;
    let cite = preset.cites.a_fail.clone();
    let to = preset.a_rule.fall_back_to;
    match preset.a_rule.max_failures {
        Some(max) if count >= max => {
            next.levels[team] = to;
            next.a_failures[team] = 0;
            notes.push(Step::FellBack { team, count, to, cite });
            AAttempt::FellBack { team, count, to }
        }
        max => {
            next.a_failures[team] = count;
            notes.push(match max {
                Some(max) => Step::FailedAtA { team, count, max, to, cite },
                None => Step::FailedAtAMustPlay { team, count, cite },
            });
            AAttempt::Failed { team, count }
        }
    }
}

/// Why the winners of a played hand rose no level, if they rose none: the hand was their
/// attempt at their own A, they stand on A already, or the table gives the finish nothing.
/// `None` when they rose, passed A, or the preset counts no levels.
fn no_rise(preset: &GuandanPreset, before: &GuandanState, o: &HandOutcome) -> Option<NoRise> {
    if o.rise > 0 || (o.winner.is_some() && o.a_attempt.is_some()) {
        return None;
    }
    let table = preset.upgrade?;
    let at_a = before.levels[o.winners] == Rank::ACE;
    Some(if at_a && before.declarer == Some(o.winners) {
        NoRise::AttemptAtA
    } else if at_a {
        NoRise::AlreadyAtA
    } else if table.get(o.finish) == 0 {
        NoRise::TableGivesNone
    } else {
        return None;
    })
}

/// Applies a referee's ruling (RULES.md §0 **[r2]**) to `state`: a `level_penalty` lowers the
/// team's level (never below 2; the team whose level is played next stays); a `game_lost`
/// ends the game, the opponents winning it. Errors: the game is already won, a penalty of
/// 0 levels, or a level penalty in a preset that plays a fixed level.
pub fn apply_ruling(preset: &GuandanPreset, state: &GuandanState, ruling: Ruling) -> Result<GuandanState, RulingError> {
    let mut next = state.clone().normalized(preset);
    if let Some(winner) = next.winner {
        return Err(RulingError::GameOver { winner });
    }
    match ruling {
        Ruling::LevelPenalty { team, levels } => {
            if levels == 0 {
                return Err(RulingError::NoLevels);
            }
            if preset.fixed_level.is_some() {
                return Err(RulingError::FixedLevel);
            }
            next.levels[team] = next.levels[team].down(levels);
        }
        Ruling::GameLost { team } => next.winner = Some(team.other()),
    }
    next.time_verdict = None;
    next.round_scores = round_scores(preset, &next);
    Ok(next)
}

/// The match's time limit is reached after the hands so far (RULES.md §2; 004 第五篇
/// **[r2]**): the higher level wins; equal levels are decided by the preset's
/// [`MatchFormat::time_tie`] (the team whose level is played next counts as declaring).
/// Errors: the game is already won.
pub fn time_up(preset: &GuandanPreset, state: &GuandanState) -> Result<GuandanState, RulingError> {
    let mut next = state.clone().normalized(preset);
    if let Some(winner) = next.winner {
        return Err(RulingError::GameOver { winner });
    }
    let verdict = TimeVerdict::at((next.levels.a, next.levels.b), next.declarer, preset.format.time_tie);
    next.winner = verdict.winner();
    next.time_verdict = Some(verdict);
    next.round_scores = round_scores(preset, &next);
    Ok(next)
}

/// The outcome of one more hand from `state`, without changing anything.
pub fn preview(preset: &GuandanPreset, state: &GuandanState, hand: &Hand) -> HandOutcome {
    apply(preset, state, hand).1
}

/// A replay: the final state and one outcome per hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replay {
    /// State after the last hand.
    pub state: GuandanState,
    /// One outcome per hand, in order.
    pub outcomes: Vec<HandOutcome>,
}

/// Replays `hands` from `start` and returns the state after the last one.
pub fn replay(preset: &GuandanPreset, start: &GuandanState, hands: &[Hand]) -> GuandanState {
    replay_detailed(preset, start, hands).state
}

/// Replays `hands` from `start`, keeping every hand's [`HandOutcome`].
pub fn replay_detailed(preset: &GuandanPreset, start: &GuandanState, hands: &[Hand]) -> Replay {
    let mut state = start.clone().normalized(preset);
    let mut outcomes = Vec::with_capacity(hands.len());
    for hand in hands {
        let (next, outcome) = apply(preset, &state, hand);
        state = next;
        outcomes.push(outcome);
    }
    Replay { state, outcomes }
}

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use Seat::*;

    fn preset(id: &str) -> GuandanPreset {
        builtin_preset(id).unwrap()
    }
    /// Steps as a zh-CN referee reads them, joined by "; " (no team names: `A` / `B`).
    fn zh(steps: &[Step]) -> String {
        crate::i18n::steps_text(crate::i18n::Lang::ZhCn, steps, crate::i18n::Names::default())
    }
    fn rk(s: &str) -> Rank {
        Rank::parse(s).unwrap()
    }
    fn hand(o: [Seat; 4]) -> Hand {
        Hand::new(FinishOrder::new(o).unwrap())
    }
    fn at(a: &str, b: &str, d: Option<Team>) -> GuandanState {
        GuandanState::new(PerTeam::new(rk(a), rk(b)), d)
    }
    fn levels(s: &GuandanState) -> (String, String) {
        (s.levels.a.to_string(), s.levels.b.to_string())
    }
    fn card(r: &str, suit: Option<Suit>) -> Card {
        Card { rank: CardRank::parse(r).unwrap(), suit }
    }

    #[test]
    fn rulings_and_time_up() {
        let p = preset("guandan-3-2-1");
        let s = GuandanState::new(PerTeam::new(rk("4"), rk("2")), Some(Team::A));
        let s2 = apply_ruling(&p, &s, Ruling::LevelPenalty { team: Team::A, levels: 5 }).unwrap();
        assert_eq!(s2.levels, PerTeam::new(Rank::TWO, Rank::TWO));
        assert_eq!(s2.declarer, Some(Team::A));
        let lost = apply_ruling(&p, &s, Ruling::GameLost { team: Team::A }).unwrap();
        assert_eq!(lost.winner, Some(Team::B));
        assert!(apply(&p, &lost, &hand([N, S, E, W])).1.ignored);
        assert_eq!(time_up(&p, &lost), Err(RulingError::GameOver { winner: Team::B }));
        // Equal levels at the time limit: the declarer by default, the other team in 004 第五篇.
        let tie = GuandanState::new(PerTeam::new(rk("5"), rk("5")), Some(Team::A));
        assert_eq!(time_up(&p, &tie).unwrap().winner, Some(Team::A));
        let ko = preset("guandan-knockout-60");
        assert_eq!(time_up(&ko, &tie).unwrap().time_verdict, Some(TimeVerdict::Winner(Team::B)));
        let fixed = preset("jiankang-guandan");
        assert_eq!(
            apply_ruling(&fixed, &GuandanState::fresh(), Ruling::LevelPenalty { team: Team::A, levels: 1 }),
            Err(RulingError::FixedLevel)
        );
    }

    #[test]
    fn knockout_reaching_a_wins_at_once() {
        let ko = preset("guandan-knockout-60");
        let s = GuandanState::new(PerTeam::new(rk("J"), rk("3")), Some(Team::B));
        let (next, o) = apply(&ko, &s, &hand([S, N, E, W]));
        assert_eq!((next.levels.a, next.winner), (Rank::ACE, Some(Team::A)));
        assert_eq!(o.a_attempt, Some(AAttempt::Passed { team: Team::A }));
        // The same hand in a preset that must pass A only reaches A.
        let (next, _) = apply(&preset("guandan-3-2-1"), &s, &hand([S, N, E, W]));
        assert_eq!((next.levels.a, next.winner), (Rank::ACE, None));
    }

    #[test]
    fn presets_have_the_five_ids_and_unique_names() {
        let ids: Vec<String> = builtin_presets().into_iter().map(|p| p.id).collect();
        assert_eq!(
            ids,
            ["guandan-3-2-1", "guandan-5-3-1", "jiankang-guandan", "guandan-shift-3rounds", "guandan-knockout-60"]
        );
        for p in builtin_presets() {
            assert!(!p.name.is_empty() && !p.source.is_empty());
        }
    }

    #[test]
    fn preset_round_trips_through_json_and_readings_name_real_fields() {
        for p in builtin_presets() {
            let v = serde_json::to_value(&p).unwrap();
            let back: GuandanPreset = serde_json::from_value(v.clone()).unwrap();
            assert_eq!(back, p);
            for r in &p.readings {
                let mut cur = &v;
                for part in r.split('.') {
                    cur = cur.get(part).unwrap_or_else(|| panic!("{}: reading {r} is no field", p.id));
                }
            }
        }
    }

    #[test]
    fn finishing_order_rejects_repeats() {
        assert_eq!(FinishOrder::new([N, S, N, W]), Err(RepeatedSeat(N)));
        assert!(serde_json::from_str::<FinishOrder>(r#"["N","N","E","W"]"#).is_err());
        let o: FinishOrder = serde_json::from_str(r#"["E","N","W","S"]"#).unwrap();
        assert_eq!((o.winners(), o.finish()), (Team::B, Finish::OneThree));
    }

    #[test]
    fn upgrade_by_partner_place_3_2_1() {
        let p = preset("guandan-3-2-1");
        for (o, want) in [([N, S, E, W], "5"), ([N, E, S, W], "4"), ([N, E, W, S], "3")] {
            let s = replay(&p, &GuandanState::fresh(), &[hand(o)]);
            assert_eq!(s.levels.a.to_string(), want);
            assert_eq!(s.declarer, Some(Team::A));
        }
    }

    #[test]
    fn upgrade_by_partner_place_5_3_1() {
        let p = preset("guandan-5-3-1");
        let s = replay(&p, &GuandanState::fresh(), &[hand([W, E, N, S])]);
        assert_eq!(levels(&s), ("2".into(), "7".into()));
        let s = replay(&p, &GuandanState::fresh(), &[hand([W, N, S, E])]);
        assert_eq!(s.levels.b, rk("3"));
    }

    #[test]
    fn rise_stops_at_a_and_says_so() {
        let p = preset("guandan-3-2-1");
        let r = replay_detailed(&p, &at("Q", "2", Some(Team::A)), &[hand([S, N, W, E])]);
        assert_eq!(r.state.levels.a, Rank::ACE);
        assert_eq!(r.state.winner, None);
        let o = &r.outcomes[0];
        assert_eq!((o.upgrade, o.rise), (3, 2));
        assert_eq!(zh(&o.rule), "004 第一篇 §五: 双下 +3");
        assert!(o.notes.iter().any(|n| zh(std::slice::from_ref(n)).contains("不越过A")));
    }

    #[test]
    fn reaching_a_as_non_declarer_is_not_a_pass() {
        // B stands at A but A's level is played: B's 双下 keeps B at A, no winner.
        let p = preset("guandan-3-2-1");
        let s = replay(&p, &at("5", "A", Some(Team::A)), &[hand([E, W, N, S])]);
        assert_eq!(s.winner, None);
        assert_eq!(s.declarer, Some(Team::B));
        // Next hand B plays its own A and passes.
        let s = replay(&p, &s, &[hand([E, N, W, S])]);
        assert_eq!(s.winner, Some(Team::B));
    }

    #[test]
    fn pass_a_needs_partner_not_last() {
        let p = preset("guandan-3-2-1");
        let s = replay(&p, &at("A", "10", Some(Team::A)), &[hand([N, E, S, W])]);
        assert_eq!(s.winner, Some(Team::A));
        let s = replay(&p, &at("A", "10", Some(Team::A)), &[hand([N, E, W, S])]);
        assert_eq!(s.winner, None);
        assert_eq!(s.a_failures, PerTeam::new(1, 0));
        // Same hand with the parameter off: passes.
        let mut q = p.clone();
        q.a_rule.partner_not_last = false;
        let s = replay(&q, &at("A", "10", Some(Team::A)), &[hand([N, E, W, S])]);
        assert_eq!(s.winner, Some(Team::A));
    }

    #[test]
    fn three_failures_send_back_to_two() {
        let p = preset("guandan-3-2-1");
        let r = replay_detailed(
            &p,
            &at("A", "9", Some(Team::A)),
            &[hand([N, E, W, S]), hand([N, W, E, S]), hand([E, N, W, S])],
        );
        assert_eq!(levels(&r.state), ("2".into(), "J".into()));
        assert_eq!(r.state.declarer, Some(Team::B));
        assert_eq!(r.state.a_failures, PerTeam::new(0, 0));
        assert_eq!(r.outcomes[1].a_attempt, Some(AAttempt::Failed { team: Team::A, count: 2 }));
        assert_eq!(r.outcomes[2].a_attempt, Some(AAttempt::FellBack { team: Team::A, count: 3, to: Rank::TWO }));
    }

    #[test]
    fn no_fallback_when_a_must_be_played() {
        let p = preset("guandan-5-3-1");
        let hands: Vec<Hand> = (0..10).map(|_| hand([N, E, W, S])).collect();
        let s = replay(&p, &at("A", "9", Some(Team::A)), &hands);
        assert_eq!(s.levels.a, Rank::ACE);
        assert_eq!(s.a_failures.a, 10);
        assert_eq!(s.winner, None);
    }

    #[test]
    fn out_of_turn_gives_opponents_a_level_and_two_warnings_are_a_foul() {
        let p = preset("guandan-3-2-1");
        let mut h = hand([N, S, E, W]);
        h.fouls.push(Foul { team: Team::A, kind: FoulKind::OutOfTurn, seat: Some(N), note: None });
        let r = replay_detailed(&p, &GuandanState::fresh(), &[h]);
        assert_eq!(levels(&r.state), ("5".into(), "3".into()));
        assert_eq!(r.outcomes[0].fouls[0].levels_to_opponents, 1);

        let mut h = hand([N, S, E, W]);
        for _ in 0..3 {
            h.fouls.push(Foul { team: Team::B, kind: FoulKind::Warning, seat: None, note: None });
        }
        let s = replay(&p, &GuandanState::fresh(), &[h]);
        assert_eq!(levels(&s), ("6".into(), "2".into()), "3 warnings = 1 foul → A +1");
    }

    #[test]
    fn foul_levels_stop_at_a_and_do_not_pass_it() {
        let p = preset("guandan-3-2-1");
        let mut h = hand([E, W, N, S]);
        h.fouls.push(Foul { team: Team::B, kind: FoulKind::OutOfTurn, seat: None, note: None });
        h.fouls.push(Foul { team: Team::B, kind: FoulKind::OutOfTurn, seat: None, note: None });
        let s = replay(&p, &at("K", "2", Some(Team::A)), &[h]);
        assert_eq!(s.levels.a, Rank::ACE);
        assert_eq!(s.winner, None);
    }

    #[test]
    fn foul_without_level_effect_is_recorded() {
        let p = preset("guandan-shift-3rounds");
        let mut h = hand([N, S, E, W]);
        h.fouls.push(Foul { team: Team::A, kind: FoulKind::OutOfTurn, seat: None, note: None });
        let r = replay_detailed(&p, &GuandanState::fresh(), &[h]);
        assert_eq!(r.state.levels.b, Rank::TWO);
        assert_eq!(r.outcomes[0].fouls.len(), 1);
    }

    #[test]
    fn validate_hand_checks_foul_seat() {
        let mut h = hand([N, S, E, W]);
        h.fouls.push(Foul { team: Team::A, kind: FoulKind::Warning, seat: Some(E), note: None });
        assert_eq!(validate_hand(&h), Err(vec![HandError::FoulSeatNotInTeam { foul: 0, seat: E, team: Team::A }]));
    }

    #[test]
    fn deal_points_jiankang() {
        let p = preset("jiankang-guandan");
        let r =
            replay_detailed(&p, &GuandanState::fresh(), &[hand([N, S, E, W]), hand([E, N, W, S]), hand([S, E, W, N])]);
        assert_eq!(r.state.points, Some(PerTeam::new(6, 3)));
        assert_eq!(r.state.double_wins, PerTeam::new(1, 0));
        assert_eq!(r.state.levels, PerTeam::new(Rank::TWO, Rank::TWO), "levels do not move");
        assert_eq!(r.outcomes[0].level_played, Some(rk("7")));
        assert_eq!(zh(&r.outcomes[0].rule), "000 §四(二)4: 双上 A 积5分, 输方0分");
    }

    #[test]
    fn round_scores_shift() {
        let p = preset("guandan-shift-3rounds");
        let s = replay(&p, &at("K", "10", Some(Team::A)), &[hand([N, S, E, W]), hand([S, E, N, W])]);
        assert_eq!(s.winner, Some(Team::A));
        assert_eq!(s.round_scores, Some(PerTeam::new(105, 8)));
        // Nobody passed A: levels gained, capped at 12.
        let s = replay(&p, &GuandanState::fresh(), &[hand([N, S, E, W])]);
        assert_eq!(s.round_scores, Some(PerTeam::new(3, 0)));
        // Level difference capped at 15: winner vs loser still at 2 → 100 + min(15, 13).
        let s = replay(&p, &at("A", "2", Some(Team::A)), &[hand([N, S, E, W])]);
        assert_eq!(s.round_scores, Some(PerTeam::new(113, 0)));
        assert_eq!(p.round_scoring.unwrap().max_per_round() * 3, 345);
    }

    #[test]
    fn forfeit_gives_the_game_and_the_forfeit_score() {
        let p = preset("jiankang-guandan");
        let mut f = hand([N, S, E, W]);
        f.forfeit = Some(Forfeit { team: Team::B, reason: ForfeitReason::Late, minutes_late: Some(12) });
        let r = replay_detailed(&p, &GuandanState::fresh(), &[hand([E, W, N, S]), f, hand([E, W, N, S])]);
        assert_eq!(r.state.winner, Some(Team::A));
        assert_eq!(r.state.points, Some(PerTeam::new(18, 0)), "000 §四: 弃权 18:0");
        assert_eq!(r.state.hands_played, 1, "a forfeit is not a hand");
        assert!(r.outcomes[2].ignored);
        // Level presets: the other team wins, levels stay.
        let q = preset("guandan-3-2-1");
        let mut f = hand([E, W, N, S]);
        f.forfeit = Some(Forfeit { team: Team::A, reason: ForfeitReason::Absent, minutes_late: None });
        let s = replay(&q, &at("5", "3", Some(Team::A)), &[f]);
        assert_eq!((s.winner, levels(&s)), (Some(Team::B), ("5".into(), "3".into())));
        // JSON: the field is optional and omitted when absent.
        let j = serde_json::to_string(&hand([N, S, E, W])).unwrap();
        assert!(!j.contains("forfeit"));
    }

    #[test]
    fn hands_after_the_win_are_ignored() {
        let p = preset("guandan-3-2-1");
        let r = replay_detailed(&p, &at("A", "2", Some(Team::A)), &[hand([N, S, E, W]), hand([E, W, N, S])]);
        assert_eq!(r.state.winner, Some(Team::A));
        assert_eq!(r.state.levels.b, Rank::TWO);
        assert!(r.outcomes[1].ignored);
        assert_eq!(r.state.hands_played, 1);
    }

    #[test]
    fn preview_does_not_mutate_and_matches_apply() {
        let p = preset("guandan-3-2-1");
        let s = at("4", "6", Some(Team::B));
        let before = s.clone();
        let o = preview(&p, &s, &hand([N, E, S, W]));
        assert_eq!(s, before);
        assert_eq!(o.levels_after.a, rk("6"));
        assert_eq!(o.next_declarer, Some(Team::A));
        assert_eq!(o.next_level, Some(rk("6")));
    }

    #[test]
    fn tribute_due_single_and_double() {
        let p = preset("guandan-3-2-1");
        let d = tribute_due(&p, &FinishOrder::new([N, S, E, W]).unwrap());
        assert_eq!(d.kind, TributeKind::Double);
        assert_eq!((d.payers.clone(), d.receivers.clone()), (vec![E, W], vec![N, S]));
        assert_eq!(d.lead, LeadRule::LargerTribute { tie: TieLead::SmallerReturnThenNextOfFirst, next_of_first: W });
        assert_eq!(d.lead_if_resisted, N);

        let d = tribute_due(&p, &FinishOrder::new([N, E, S, W]).unwrap());
        assert_eq!((d.kind, d.payers.clone(), d.receivers.clone()), (TributeKind::Single, vec![W], vec![N]));
        assert_eq!(d.lead, LeadRule::Payer { seat: W });

        // 一四游: literal reading — 末游 (the partner) pays; the other reading is a parameter.
        let o = FinishOrder::new([N, E, W, S]).unwrap();
        assert_eq!(tribute_due(&p, &o).payers, vec![S]);
        let mut q = p.clone();
        q.tribute.single_payer = SinglePayer::LastOpponent;
        assert_eq!(tribute_due(&q, &o).payers, vec![W]);
    }

    #[test]
    fn the_next_hand_at_own_a_is_an_attempt() {
        let p = preset("guandan-3-2-1");
        assert_eq!(next_attempt_at_a(&p, &at("A", "5", Some(Team::A))), Some((Team::A, 1)));
        let mut s = at("A", "5", Some(Team::A));
        s.a_failures.a = 2;
        assert_eq!(next_attempt_at_a(&p, &s), Some((Team::A, 3)));
        assert_eq!(next_attempt_at_a(&p, &at("A", "5", Some(Team::B))), None);
        assert_eq!(next_attempt_at_a(&p, &at("A", "A", None)), None);
        s.winner = Some(Team::A);
        assert_eq!(next_attempt_at_a(&p, &s), None);
    }

    #[test]
    fn tribute_receivers_follow_the_cards() {
        let p = preset("guandan-3-2-1");
        let d = tribute_due(&p, &FinishOrder::new([N, S, E, W]).unwrap());
        let (ace, king) = (card("A", Some(Suit::S)), card("K", Some(Suit::S)));
        assert_eq!(d.receivers_for(&[Some(ace), Some(king)], Rank::TWO), vec![N, S]);
        assert_eq!(d.receivers_for(&[Some(king), Some(ace)], Rank::TWO), vec![S, N]);
        assert_eq!(d.receivers_for(&[Some(king), None], Rank::TWO), vec![N, S]);
        let single = tribute_due(&p, &FinishOrder::new([N, E, S, W]).unwrap());
        assert_eq!(single.receivers_for(&[Some(ace)], Rank::TWO), vec![N]);
        assert_eq!(single.receivers_for(&[], Rank::TWO), vec![N]);
    }

    #[test]
    fn card_power_puts_level_card_above_ace() {
        let l = rk("5");
        let order = ["2", "3", "4", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "5", "SJ", "BJ"];
        for w in order.windows(2) {
            assert!(card(w[0], None).power(l) < card(w[1], None).power(l), "{} < {}", w[0], w[1]);
        }
        assert!(card("5", Some(Suit::H)).is_heart_level_card(l));
        assert!(!card("5", Some(Suit::S)).is_heart_level_card(l));
        let c: Card = serde_json::from_str(r#"{"rank":"BJ"}"#).unwrap();
        assert_eq!(c.to_string(), "大王");
    }

    fn pay(from: Seat, to: Seat, c: Card, ret: Card) -> TributePayment {
        TributePayment { from, to, card: c, returned: Some(ret), highest_confirmed: true }
    }

    #[test]
    fn tribute_single_valid_and_errors() {
        let p = preset("guandan-3-2-1");
        let due = tribute_due(&p, &FinishOrder::new([N, E, S, W]).unwrap());
        let ok = TributeRecord {
            resisted: false,
            big_jokers_confirmed: false,
            payments: vec![pay(W, N, card("A", Some(Suit::S)), card("3", None))],
            leads: Some(W),
        };
        assert_eq!(validate_tribute(&p, &due, rk("5"), &ok), Ok(vec![W]));

        let mut bad = ok.clone();
        bad.payments[0].returned = Some(card("J", None));
        bad.payments[0].card = card("5", Some(Suit::H));
        bad.payments[0].highest_confirmed = false;
        bad.leads = Some(N);
        let errs = validate_tribute(&p, &due, rk("5"), &bad).unwrap_err();
        assert!(errs.contains(&TributeError::HeartLevelCard { from: W }));
        assert!(errs.contains(&TributeError::HighestNotConfirmed { from: W }));
        assert!(errs.contains(&TributeError::ReturnTooHigh { by: N, card: card("J", None), max: rk("10") }));
        assert!(errs.contains(&TributeError::WrongLeader { expected: vec![W], got: N }));

        let mut wrong = ok.clone();
        wrong.payments[0].from = E;
        let errs = validate_tribute(&p, &due, rk("5"), &wrong).unwrap_err();
        assert_eq!(errs, vec![TributeError::WrongPayer { seat: E, expected: vec![W] }]);
    }

    #[test]
    fn tribute_resist_needs_both_big_jokers_and_first_leads() {
        let p = preset("guandan-3-2-1");
        let due = tribute_due(&p, &FinishOrder::new([N, S, E, W]).unwrap());
        let mut rec = TributeRecord { resisted: true, big_jokers_confirmed: false, payments: vec![], leads: Some(N) };
        assert_eq!(validate_tribute(&p, &due, rk("2"), &rec), Err(vec![TributeError::ResistWithoutBigJokers]));
        rec.big_jokers_confirmed = true;
        assert_eq!(validate_tribute(&p, &due, rk("2"), &rec), Ok(vec![N]));
        rec.leads = Some(E);
        assert!(validate_tribute(&p, &due, rk("2"), &rec).is_err());
    }

    #[test]
    fn double_tribute_larger_leads_and_ties() {
        let p = preset("guandan-3-2-1");
        let due = tribute_due(&p, &FinishOrder::new([N, S, E, W]).unwrap());
        // Level 5: a 5 beats an A.
        let rec = TributeRecord {
            resisted: false,
            big_jokers_confirmed: false,
            payments: vec![
                pay(E, S, card("A", None), card("4", None)),
                pay(W, N, card("5", Some(Suit::S)), card("3", None)),
            ],
            leads: None,
        };
        assert_eq!(validate_tribute(&p, &due, rk("5"), &rec), Ok(vec![W]));
        // Larger card to the 2nd: error.
        let mut swapped = rec.clone();
        swapped.payments[0].to = N;
        swapped.payments[1].to = S;
        assert_eq!(
            validate_tribute(&p, &due, rk("5"), &swapped),
            Err(vec![TributeError::LargerNotToFirst { first: N }])
        );
        // Equal cards: smaller return leads; equal returns → 头游's 下家 (W after N).
        let mut tie = rec.clone();
        tie.payments[1].card = card("A", None);
        assert_eq!(validate_tribute(&p, &due, rk("5"), &tie), Ok(vec![W]));
        tie.payments[1].returned = Some(card("4", None));
        assert_eq!(validate_tribute(&p, &due, rk("5"), &tie), Ok(vec![W]));
        tie.payments[0].returned = Some(card("2", None));
        assert_eq!(validate_tribute(&p, &due, rk("5"), &tie), Ok(vec![E]));
        // 5-3-1: payers choose.
        let q = preset("guandan-5-3-1");
        let due_q = tribute_due(&q, &FinishOrder::new([N, S, E, W]).unwrap());
        assert_eq!(validate_tribute(&q, &due_q, rk("5"), &tie), Ok(vec![E, W]));
    }

    #[test]
    fn tribute_in_replay_is_checked_against_previous_hand() {
        let p = preset("guandan-3-2-1");
        let mut h2 = hand([E, N, W, S]);
        h2.tribute = Some(TributeRecord {
            resisted: false,
            big_jokers_confirmed: false,
            payments: vec![pay(W, N, card("BJ", None), card("2", None))],
            leads: Some(W),
        });
        let mut h1 = hand([N, E, S, W]);
        h1.tribute = h2.tribute.clone();
        let r = replay_detailed(&p, &GuandanState::fresh(), &[h1, h2]);
        assert_eq!(r.outcomes[0].tribute_errors, vec![TributeError::NoneDue]);
        assert!(r.outcomes[1].tribute_errors.is_empty());
        assert_eq!(r.outcomes[1].led_by, Some(W));
    }

    #[test]
    fn state_deserializes_from_case_start_shape() {
        let s: GuandanState = serde_json::from_str(r#"{"levels":{"A":"2","B":"10"},"declarer":null}"#).unwrap();
        assert_eq!(s, at("2", "10", None));
        assert!(serde_json::from_str::<GuandanState>(r#"{"levels":{"A":"2","B":"2"},"declarer":null,"x":1}"#).is_err());
        let h: Result<Hand, _> =
            serde_json::from_str(r#"{"order":["N","S","E","W"],"fouls":[{"team":"A","kind":"bogus"}]}"#);
        assert!(h.is_err());
    }

    // ---- property tests -------------------------------------------------------------

    use proptest::prelude::*;

    fn seat_perm() -> impl Strategy<Value = FinishOrder> {
        Just([N, E, S, W]).prop_shuffle().prop_map(|v| FinishOrder::new(v).unwrap())
    }
    fn foul() -> impl Strategy<Value = Foul> {
        (
            prop_oneof![Just(Team::A), Just(Team::B)],
            prop_oneof![Just(FoulKind::OutOfTurn), Just(FoulKind::Warning), Just(FoulKind::Other)],
        )
            .prop_map(|(team, kind)| Foul { team, kind, seat: None, note: None })
    }
    fn any_hand() -> impl Strategy<Value = Hand> {
        (seat_perm(), prop::collection::vec(foul(), 0..3)).prop_map(|(order, fouls)| Hand {
            order,
            fouls,
            tribute: None,
            forfeit: None,
        })
    }
    fn any_start() -> impl Strategy<Value = GuandanState> {
        (0u8..13, 0u8..13, prop_oneof![Just(None), Just(Some(Team::A)), Just(Some(Team::B))]).prop_map(|(a, b, d)| {
            GuandanState::new(PerTeam::new(Rank::from_index(a).unwrap(), Rank::from_index(b).unwrap()), d)
        })
    }
    fn any_preset() -> impl Strategy<Value = GuandanPreset> {
        (0usize..4).prop_map(|i| builtin_presets().swap_remove(i))
    }

    proptest! {
        #[test]
        fn levels_stay_on_the_ladder(p in any_preset(), start in any_start(), hands in prop::collection::vec(any_hand(), 0..40)) {
            let r = replay_detailed(&p, &start, &hands);
            prop_assert!(r.state.levels.a.index() <= 12 && r.state.levels.b.index() <= 12);
            for o in &r.outcomes {
                prop_assert!(o.levels_after.a <= Rank::ACE && o.levels_after.b <= Rank::ACE);
                prop_assert!(o.levels_after.a >= Rank::TWO && o.levels_after.b >= Rank::TWO);
            }
            if let Some(max) = p.a_rule.max_failures {
                prop_assert!(r.state.a_failures.a < max && r.state.a_failures.b < max);
            }
        }

        #[test]
        fn replay_is_deterministic(p in any_preset(), start in any_start(), hands in prop::collection::vec(any_hand(), 0..40)) {
            prop_assert_eq!(replay_detailed(&p, &start, &hands), replay_detailed(&p, &start, &hands));
        }

        #[test]
        fn replay_equals_step_by_step(p in any_preset(), start in any_start(), hands in prop::collection::vec(any_hand(), 1..20)) {
            let all = replay(&p, &start, &hands);
            let (init, last) = hands.split_at(hands.len() - 1);
            let mid = replay(&p, &start, init);
            prop_assert_eq!(apply(&p, &mid, &last[0]).0, all);
        }

        #[test]
        fn deal_points_never_negative_and_sum_per_hand(hands in prop::collection::vec(any_hand(), 0..40)) {
            let p = builtin_preset("jiankang-guandan").unwrap();
            let r = replay_detailed(&p, &GuandanState::fresh(), &hands);
            let pts = r.state.points.unwrap();
            let total: u32 = r.outcomes.iter().map(|o| o.points.unwrap().a + o.points.unwrap().b).sum();
            prop_assert_eq!(pts.a + pts.b, total);
            prop_assert!(pts.a as i64 >= 0 && pts.b as i64 >= 0);
            prop_assert!(pts.a + pts.b <= 5 * hands.len() as u32);
        }

        #[test]
        fn winner_only_by_passing_own_a(p in any_preset(), start in any_start(), hands in prop::collection::vec(any_hand(), 0..40)) {
            let r = replay_detailed(&p, &start, &hands);
            for o in &r.outcomes {
                if let Some(AAttempt::Passed { team }) = o.a_attempt {
                    prop_assert_eq!(o.declarer_before, Some(team));
                    prop_assert_eq!(o.levels_before[team], Rank::ACE);
                }
            }
            if let Some(w) = r.state.winner {
                let passed = Some(AAttempt::Passed { team: w });
                let earned = r.outcomes.iter().any(|o| o.a_attempt == passed);
                prop_assert!(start.winner == Some(w) || earned);
            }
            if let Some(rs) = r.state.round_scores {
                prop_assert!(rs.a <= 115 && rs.b <= 115);
            }
        }
    }
}
