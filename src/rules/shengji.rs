//! 升级 family (80分, 炒地皮, 双升) — game id `shengji`, RULES.md §1.
//!
//! The hand pipeline, in the order RULES.md §1 lists it:
//! 1. [`kitty_bonus`] — kitty points × the unit's multiplier when the attackers 抠底;
//! 2. [`penalty_points`] — a penalty on the declarer team adds to the attackers' score,
//!    one on the attackers subtracts;
//! 3. [`clamp_score`] — the preset's range, if any;
//! 4. [`LevelTable::look_up`] — the band of the level table the score falls in;
//! 5. [`rise`] — must-play ranks (必打) stop a rise; jump to A; then [`JackRule`];
//! 6. [`next_dealer`] — who deals/declares next;
//! 7. the match winner: the declarer at A that holds the deal.
//!
//! Everything a preset varies is data ([`Preset`]); no code looks at a preset's id.

use super::{Rank, Ruling, RulingError, Seat, Team, TeamMatch, TimeTie, TimeVerdict};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

// ---------------------------------------------------------------------------------------
// Input: what the referee enters for one hand
// ---------------------------------------------------------------------------------------

/// The largest unit of the last trick won by the attackers (抠底), RULES.md §1
/// "Kitty multiplier". A throw (甩牌) counts its largest unit.
/// Serialized as `"single"`, `"pair"`, `"tractor2"`, `"tractor3"`, ….
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// 单张.
    Single,
    /// 对子.
    Pair,
    /// 拖拉机 of `n` ≥ 2 consecutive pairs.
    Tractor(u8),
}

impl Unit {
    /// Parses `single`, `pair`, `tractorN` (N ≥ 2).
    pub fn parse(s: &str) -> Option<Unit> {
        match s {
            "single" => Some(Unit::Single),
            "pair" => Some(Unit::Pair),
            _ => {
                let n: u8 = s.strip_prefix("tractor")?.parse().ok()?;
                (2..=26).contains(&n).then_some(Unit::Tractor(n))
            }
        }
    }
    /// The serialized code (`single`, `pair`, `tractorN`).
    pub fn code(self) -> String {
        match self {
            Unit::Single => "single".into(),
            Unit::Pair => "pair".into(),
            Unit::Tractor(n) => format!("tractor{n}"),
        }
    }
}

impl Serialize for Unit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}
impl<'de> Deserialize<'de> for Unit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unit, D::Error> {
        let s = String::deserialize(d)?;
        Unit::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown kitty unit {s:?}: expected single, pair or tractorN (N ≥ 2)"))
        })
    }
}

/// The attackers won the last trick (抠底): the kitty's points and the trick's largest unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kitty {
    /// Points in the kitty (底牌), 0–200 in steps of 5.
    pub points: i32,
    /// Largest unit of the last trick.
    pub unit: Unit,
}

/// Which J won the last trick when the declarer plays J (J rule, 000 §一(二)2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JackSuit {
    /// 正J — a J of the trump suit.
    Trump,
    /// 副J — an off-suit J.
    Offsuit,
}

/// One penalty entry (RULES.md §1.1): team, seat, kind, card count, trick number, note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Penalty {
    /// The offending team.
    pub team: Team,
    /// A `kind` of the preset's penalty table (`failed_throw`, `wrong_card`, …).
    pub kind: String,
    /// Cards involved (or players, for `card_count`), ≥ 1. Default 1.
    #[serde(default = "one")]
    pub cards: u32,
    /// For per-unit penalties (双升 `failed_throw`): the failed unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<Unit>,
    /// Points decided by the referee, for kinds whose amount is the referee's (`signalling`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// The offending seat, if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// Trick number (1-based), if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick: Option<u32>,
    /// Free note.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

fn one() -> u32 {
    1
}

/// One show in the declaring / frying sequence (亮主 / 反主 / 炒底), RULES.md §1.2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Show {
    /// Who showed.
    pub seat: Seat,
    /// What was shown: a code of the preset's [`Declaring::order`] (e.g. `pair:S`, `BJ2`).
    pub what: String,
    /// Whether a (re-)bury followed this show (restarts the bury clock).
    #[serde(default)]
    pub rebury: bool,
}

/// Everything the referee enters for one hand. Only `points` is required.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    /// The attackers' trick points, kitty excluded: 0–200 in steps of 5.
    pub points: i32,
    /// Present when the attackers 抠底.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kitty: Option<Kitty>,
    /// The J that won the last trick while the declarer plays J (J rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kitty_jack: Option<JackSuit>,
    /// Penalties of this hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalties: Vec<Penalty>,
    /// The declaring/frying sequence, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declaring: Vec<Show>,
    /// Trump suit finally played: `S`, `H`, `C`, `D`, or `NT` (no trump).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<String>,
    /// The declaring seat finally, when it differs from the scheduled dealer (炒底 / 反主).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer_seat: Option<Seat>,
}

/// A problem with one input field. `field` is a path such as `hands[3].points`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputError {
    /// Where: the field path.
    pub field: String,
    /// What is wrong, in plain words.
    pub reason: String,
    /// The same reason typed, when the engine gives one: the UI renders it in its language
    /// instead of `reason` (not serialized).
    #[serde(skip)]
    pub msg: Option<super::Msg>,
}

impl InputError {
    /// An error on `field` whose reason is the typed `msg` (`reason` is its key and slots).
    pub fn typed(field: impl Into<String>, msg: super::Msg) -> InputError {
        InputError { field: field.into(), reason: msg.to_string(), msg: Some(msg) }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

impl std::error::Error for InputError {}

fn err(field: impl Into<String>, reason: impl Into<String>) -> InputError {
    InputError { field: field.into(), reason: reason.into(), msg: None }
}

// ---------------------------------------------------------------------------------------
// Presets (data)
// ---------------------------------------------------------------------------------------

/// Who gains levels in a band of the level table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The declarer team holds the deal and rises (庄家升级).
    Declarer,
    /// The attackers take over the deal (上台) and rise.
    Attackers,
}

/// A graduated part of a band: `levels += ⌊|score − from| / every⌋` (or ⌈…⌉ with `round_up`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// Width of one step in points (10 in 炒地皮细则, 40 in 青浦).
    pub every: i32,
    /// Anchor score the steps are counted from (80).
    pub from: i32,
    /// Count a started step (⌈…⌉) instead of only full steps.
    #[serde(default)]
    pub round_up: bool,
}

/// One row of a level table: the scores `min..=max` (either open) → who rises by how much.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Band {
    /// Lowest score of the band (inclusive); `None` = no lower bound.
    pub min: Option<i32>,
    /// Highest score of the band (inclusive); `None` = no upper bound.
    pub max: Option<i32>,
    /// Who rises.
    pub side: Side,
    /// Fixed levels (before any step).
    pub levels: u32,
    /// Graduated levels on top of `levels`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
    /// The declarer jumps straight to A (never past it) — 炒地皮细则 大光.
    #[serde(default)]
    pub to_ace: bool,
}

impl Band {
    fn contains(&self, score: i32) -> bool {
        self.min.is_none_or(|m| score >= m) && self.max.is_none_or(|m| score <= m)
    }
    /// Levels this band gives for `score` (A-jumps are handled by the caller).
    pub fn levels_for(&self, score: i32) -> u32 {
        let mut n = self.levels as i64;
        if let Some(st) = self.step {
            let d = (score - st.from).abs() as i64;
            let e = st.every.max(1) as i64;
            n += if st.round_up { (d + e - 1) / e } else { d / e };
        }
        n.max(0) as u32
    }
    /// Short description, e.g. `80–95`, `≥180`, `≤0`.
    pub fn range_text(&self) -> String {
        match (self.min, self.max) {
            (Some(a), Some(b)) if a == b => format!("{a}"),
            (Some(a), Some(b)) => format!("{a}–{b}"),
            (Some(a), None) => format!("≥{a}"),
            (None, Some(b)) => format!("≤{b}"),
            (None, None) => "all".into(),
        }
    }
}

/// The level table: the attackers' score → result (RULES.md §1 presets, column "level table").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelTable {
    /// Bands, checked in order; the first that contains the score applies.
    pub bands: Vec<Band>,
    /// Lowest score at which the attackers take over (80): the J rule's line.
    pub takeover: i32,
}

impl LevelTable {
    /// The index of the band containing `score`, or an error naming the score.
    pub fn look_up(&self, score: i32) -> Result<usize, InputError> {
        self.bands
            .iter()
            .position(|b| b.contains(score))
            .ok_or_else(|| err("preset.table", format!("no band of the level table contains score {score}")))
    }
}

/// How the kitty multiplier grows with tractor length (RULES.md §1 "Kitty multiplier").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KittyScheme {
    /// single ×2, pair ×4, tractorN ×2^(N+1).
    Power,
    /// single ×2, pair ×4, tractorN ×4N.
    Linear,
}

impl KittyScheme {
    /// The multiplier for `unit`.
    pub fn multiplier(self, unit: Unit) -> i32 {
        match (self, unit) {
            (_, Unit::Single) => 2,
            (_, Unit::Pair) => 4,
            (KittyScheme::Power, Unit::Tractor(n)) => 1i32 << (n as u32 + 1).min(30),
            (KittyScheme::Linear, Unit::Tractor(n)) => 4 * n as i32,
        }
    }
}

/// How many points a penalty kind costs (RULES.md §1.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Amount {
    /// `points` × cards.
    PerCard { points: i32 },
    /// A fixed amount, whatever the card count.
    Fixed { points: i32 },
    /// Per failed unit (双升 甩牌): single / pair / tractor.
    PerUnit { single: i32, pair: i32, tractor: i32 },
    /// The first `free` occurrences of this kind for a team in the match cost nothing
    /// (a warning); each later one costs `points`.
    AfterFree { free: u32, points: i32 },
    /// The referee decides (warning → points → game lost): the entry's `points`.
    Referee,
}

/// One row of a preset's penalty table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyRule {
    /// The kind code (`failed_throw`, `wrong_card`, …).
    pub kind: String,
    /// Chinese name shown on the button.
    pub name: String,
    /// The amount.
    pub amount: Amount,
    /// The source rule, shown one tap away.
    pub source: String,
}

/// Caps on a rise: the must-play ranks (必打) a rise stops at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caps {
    /// A rise that would pass one of these ranks stops on it (A is always a cap).
    pub must_play: Vec<Rank>,
}

/// The J rule (000 §一(二)2): declarer at J, attackers 抠底 with a J and reach the
/// take-over line → declarer back to `trump_to` (正J) or `offsuit_to` (副J).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JackRule {
    /// The declarer's level at which the rule applies (J).
    pub at: Rank,
    /// Where a trump J sends the declarer (2).
    pub trump_to: Rank,
    /// Where an off-suit J sends the declarer (6).
    pub offsuit_to: Rank,
    /// Whether a 副J also needs the attackers at the take-over line (80). **[r2]**: 000 sets
    /// no 80 condition for 副J, so the built-in preset has `false` *(reading)*; a match stored
    /// with an earlier copy of the preset (no such field) keeps the earlier reading, `true`.
    #[serde(default = "yes")]
    pub offsuit_needs_takeover: bool,
}

fn yes() -> bool {
    true
}

/// Declaring / frying rules (RULES.md §1.2) as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaring {
    /// Who may show, in words.
    pub who: String,
    /// Classes of shows, highest first; shows in one class are equal (a later show must be
    /// in a strictly higher class). Codes: `BJ2` 大王对, `SJ2` 小王对, `BJ1` 大王, `SJ1` 小王,
    /// `JJ` 大王小王连对, `STAR` 红五星, `pair:S|H|C|D` level-card pair, `single:S|H|C|D`.
    pub order: Vec<Vec<String>>,
    /// Codes that may not open the sequence (双升: a joker pair cannot be first).
    #[serde(default)]
    pub not_first: Vec<String>,
    /// What happens when nobody declares, in words.
    pub none: String,
}

/// Time limits of a preset (RULES.md §1 "specials").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timing {
    /// Match time limit in minutes; at the limit the hand in progress is finished and the
    /// leading team wins.
    pub match_minutes: Option<u32>,
    /// Bury (扣底) limit in seconds; each re-bury restarts it.
    pub bury_seconds: Option<u32>,
    /// Limit per play in seconds.
    pub play_seconds: Option<u32>,
    /// Games in a series (1, or 3 for best of 3).
    pub best_of: u32,
    /// Deals in a game before the limit is reached (002 炒地皮细则 「每局牌限12牌结束」 read as
    /// 12 deals **[r2]** *(reading)*); at the limit the hand in progress is finished and the
    /// leading team wins, as at the time limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal_limit: Option<u32>,
    /// How equal levels are decided at the limit (RULES.md §1 "Leading team"; 001: one more
    /// hand **[r2]**). A stored copy without the field keeps revision 1's reading, the declarer.
    #[serde(default, skip_serializing_if = "TimeTie::is_declarer")]
    pub tie: TimeTie,
}

/// A 升级-family preset: every parameter of RULES.md §1 for one tournament document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preset {
    /// Stable id (`jiankang-chaodipi`, …). A copied preset gets a new id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Source document and section.
    pub source: String,
    /// The level table.
    pub table: LevelTable,
    /// Kitty multiplier scheme.
    pub kitty: KittyScheme,
    /// Score clamp `[min, max]`, if any.
    pub clamp: Option<(i32, i32)>,
    /// Must-play ranks.
    pub caps: Caps,
    /// The J rule, if the preset has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jack: Option<JackRule>,
    /// Penalty table.
    pub penalties: Vec<PenaltyRule>,
    /// Declaring / frying rules.
    pub declaring: Declaring,
    /// Time limits.
    pub timing: Timing,
    /// Duplicate (双升 队式): boards at fixed levels, the score is the result.
    #[serde(default)]
    pub duplicate: bool,
    /// A team match of several games, all played (南通 team event, RULES.md §1.4 **[r2]**).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_match: Option<TeamMatch>,
    /// Parameters that are a *(reading)* of an unclear document, as field names.
    #[serde(default)]
    pub readings: Vec<String>,
    /// Free text of other rules (time-limit verdict, first-hand trump …).
    #[serde(default)]
    pub notes: Vec<String>,
}

impl Preset {
    /// The rule of `kind`, or an error naming the kind.
    pub fn penalty_rule(&self, kind: &str) -> Option<&PenaltyRule> {
        self.penalties.iter().find(|r| r.kind == kind)
    }
}

// ---------------------------------------------------------------------------------------
// Built-in presets (RULES.md §1 table)
// ---------------------------------------------------------------------------------------

fn band(min: Option<i32>, max: Option<i32>, side: Side, levels: u32) -> Band {
    Band { min, max, side, levels, step: None, to_ace: false }
}

fn pr(kind: &str, name: &str, amount: Amount, source: &str) -> PenaltyRule {
    PenaltyRule { kind: kind.into(), name: name.into(), amount, source: source.into() }
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

fn r(s: &str) -> Rank {
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
    let jk_src = "000 §一";
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
            pr("kitty_count", "扣底张数错", fixed(80), "000 §一(四)4"),
            pr("card_count", "多牌/少牌 (每人)", per_card(10), "000 §一(四)6"),
            pr("out_of_turn", "越序出牌", per_card(10), "000 §一(三) (reading)"),
            pr("exposed_card", "亮牌", per_card(10), jk_src),
            pr("signalling", "暗示/作弊", Amount::Referee, "000 §一(五)4"),
        ],
        declaring: Declaring {
            who: "明炒, 只能用对子(含王), 从庄家下家起逆时针一轮".into(),
            order: {
                let mut o = vec![vec!["BJ2".to_string()], vec!["SJ2".to_string()]];
                o.extend(suits_pairs());
                o
            },
            not_first: vec![],
            none: "无人亮主: 重新发牌 (reading)".into(),
        },
        timing: Timing {
            match_minutes: Some(120),
            bury_seconds: None,
            play_seconds: None,
            best_of: 3,
            deal_limit: None,
            tie: TimeTie::Declarer,
        },
        duplicate: false,
        team_match: None,
        readings: vec![
            "penalties.out_of_turn".into(),
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
            none: "无人亮主: 重新发牌 (reading)".into(),
        },
        timing: Timing {
            match_minutes: None,
            bury_seconds: Some(60),
            play_seconds: Some(15),
            best_of: 3,
            deal_limit: Some(12),
            tie: TimeTie::Declarer,
        },
        duplicate: false,
        team_match: None,
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
            none: "无人亮主: 重新发牌 (reading)".into(),
        },
        timing: Timing {
            match_minutes: Some(90),
            bury_seconds: None,
            play_seconds: None,
            best_of: 3,
            deal_limit: None,
            tie: TimeTie::Declarer,
        },
        duplicate: false,
        team_match: Some(TeamMatch { minutes: 90, games: 3, win: 2, loss: 1, forfeit: 0 }),
        readings: vec!["table.bands[0]".into(), "kitty".into(), "declaring.none".into(), "team_match.minutes".into()],
        notes: vec!["团体赛: 90 分钟 3 局, 胜 2 负 1 弃权 0; 未完局领先方胜".into()],
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
        penalties: penalties_002(80, 80, "001 80分"),
        declaring: Declaring {
            who: "摸牌时任何人可亮: 级牌单张或对子".into(),
            order: vec![
                ["S", "H", "C", "D"].iter().map(|s| format!("pair:{s}")).collect(),
                ["S", "H", "C", "D"].iter().map(|s| format!("single:{s}")).collect(),
            ],
            not_first: vec![],
            none: "无人亮主: 底牌第一张的花色为主 (大王 → ♠, 小王 → ♥)".into(),
        },
        timing: Timing {
            match_minutes: Some(30),
            bury_seconds: None,
            play_seconds: None,
            best_of: 1,
            deal_limit: None,
            tie: TimeTie::OneMoreHand,
        },
        duplicate: false,
        team_match: None,
        readings: vec!["table.bands[3]".into(), "kitty".into(), "time_limit_verdict".into()],
        notes: vec!["比赛 30 分钟; 到时级别高者胜, 同级再打一副 (reading)".into()],
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
            pr("kitty_count", "扣底张数错", fixed(20), "003 §二"),
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
            none: "无人亮主: 庄家指定花色 (不能无主), 不可反".into(),
        },
        timing: Timing {
            match_minutes: None,
            bury_seconds: None,
            play_seconds: None,
            best_of: 1,
            deal_limit: None,
            tie: TimeTie::Declarer,
        },
        duplicate: true,
        team_match: None,
        readings: vec![],
        notes: vec!["每副牌固定级别, 副结果 = 抓分".into()],
    };
    vec![jiankang, chaodipi10, nantong, qingpu, yiyuan]
}

/// The built-in preset with this id.
pub fn builtin_preset(id: &str) -> Option<Preset> {
    builtin_presets().into_iter().find(|p| p.id == id)
}

// ---------------------------------------------------------------------------------------
// Match state and the pipeline
// ---------------------------------------------------------------------------------------

/// Where a match starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Start {
    /// Start level of each team.
    pub levels: BTreeMap<Team, Rank>,
    /// Declarer team of the first hand; `None` leaves it open **[r2]**: the first hand's
    /// declaring decides it (the team of the seat whose show stood, `Hand::declarer_seat`).
    pub declarer: Option<Team>,
    /// Dealer seat of the first hand (must belong to `declarer`), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<Seat>,
}

impl Default for Start {
    fn default() -> Self {
        Start {
            levels: Team::BOTH.iter().map(|t| (*t, Rank::TWO)).collect(),
            declarer: Some(Team::A),
            dealer: Some(Seat::N),
        }
    }
}

/// The state derived by replaying hands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each team's level.
    pub levels: BTreeMap<Team, Rank>,
    /// Declarer team of the next hand (team A while [`State::declarer_open`]).
    pub declarer: Team,
    /// The first hand's declarer is still open: the hand's declaring decides it **[r2]**.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub declarer_open: bool,
    /// Dealer seat of the next hand.
    pub dealer: Option<Seat>,
    /// The game's winner: a declarer at A that held the deal, a ruling (§0) or the time
    /// verdict.
    pub winner: Option<Team>,
    /// The verdict of the last time limit reached, if any (RULES.md §1 "Leading team").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_verdict: Option<TimeVerdict>,
    /// Hands played.
    pub hands: u32,
    /// Count of each penalty kind per team so far (for [`Amount::AfterFree`]).
    pub penalty_counts: BTreeMap<String, u32>,
}

impl State {
    /// The state at `start`.
    pub fn new(start: &Start) -> State {
        State {
            levels: start.levels.clone(),
            declarer: start.declarer.unwrap_or(Team::A),
            declarer_open: start.declarer.is_none(),
            dealer: start.declarer.and(start.dealer),
            winner: None,
            time_verdict: None,
            hands: 0,
            penalty_counts: BTreeMap::new(),
        }
    }
    /// A team's level.
    pub fn level(&self, t: Team) -> Rank {
        self.levels.get(&t).copied().unwrap_or(Rank::TWO)
    }
    /// The leading team at a time limit: the higher level; equal levels → the team that is
    /// declarer *(reading)* — RULES.md §1 "Leading team".
    pub fn leading_team(&self) -> Team {
        self.time_verdict_with(TimeTie::Declarer).winner().unwrap_or(self.declarer)
    }
    /// The verdict if the time limit were reached now, equal levels decided by `tie`.
    pub fn time_verdict_with(&self, tie: TimeTie) -> TimeVerdict {
        let declarer = (!self.declarer_open).then_some(self.declarer);
        TimeVerdict::at((self.level(Team::A), self.level(Team::B)), declarer, tie)
    }
}

/// One penalty as it entered the score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppliedPenalty {
    /// Index in the hand's `penalties`.
    pub index: usize,
    /// Signed effect on the attackers' score (+ when the declarer offended).
    pub effect: i32,
    /// Unsigned amount.
    pub amount: i32,
    /// How the amount was found, e.g. `2 × 10` (numbers only; the UI names the kind).
    pub how: String,
    /// The penalty rule's source (seed section).
    pub source: String,
}

/// A cap or special rule that changed a hand's result — shown with the numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum Note {
    /// Step 3: the score was clamped from `raw` to `score`.
    Clamped { raw: i32, score: i32 },
    /// Step 5: a rise stopped at a must-play rank (必打).
    MustPlay { rank: Rank },
    /// Step 5: a rise stopped at A (never past it).
    CappedAtAce,
    /// Band `to_ace`: the declarer jumps straight to A (大光).
    JumpToAce,
    /// J rule: the declarer team goes back to `to`.
    JackBack { suit: JackSuit, to: Rank },
    /// Step 7: the declarer at A held the deal and wins the match.
    PassedAce { team: Team },
}

/// Everything the pipeline computed for one hand — the live preview and the history row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Declarer team of this hand.
    pub declarer: Team,
    /// Dealer seat of this hand.
    pub dealer: Option<Seat>,
    /// Level played (the declarer's level).
    pub level_played: Rank,
    /// Kitty multiplier used (0 without 抠底).
    pub multiplier: i32,
    /// Kitty bonus (step 1).
    pub kitty_bonus: i32,
    /// Penalties (step 2).
    pub penalties: Vec<AppliedPenalty>,
    /// Score before the clamp.
    pub raw_score: i32,
    /// Final attackers' score (step 3).
    pub score: i32,
    /// Index of the level-table band used (step 4).
    pub band: usize,
    /// Who rises.
    pub side: Side,
    /// Levels the band gives before caps.
    pub nominal_levels: u32,
    /// Levels before the hand.
    pub levels_before: BTreeMap<Team, Rank>,
    /// Levels after the hand.
    pub levels_after: BTreeMap<Team, Rank>,
    /// Caps and special rules that applied (steps 3, 5 and 7), in order.
    pub notes: Vec<Note>,
    /// Declarer team of the next hand (step 6).
    pub next_declarer: Team,
    /// Dealer seat of the next hand.
    pub next_dealer: Option<Seat>,
    /// Match winner after this hand (step 7).
    pub winner: Option<Team>,
}

/// Checks one hand's input against the preset (field paths relative to the hand).
pub fn validate_hand(preset: &Preset, hand: &Hand) -> Result<(), InputError> {
    if !(0..=200).contains(&hand.points) || hand.points % 5 != 0 {
        return Err(err("points", format!("{} is not a score 0–200 in steps of 5", hand.points)));
    }
    if let Some(k) = hand.kitty {
        if !(0..=200).contains(&k.points) || k.points % 5 != 0 {
            return Err(err("kitty.points", format!("{} is not 0–200 in steps of 5", k.points)));
        }
        if hand.points + k.points > 200 && preset.clamp.is_none() {
            // Not an error: penalties and multipliers may pass 200; plain points may not.
        }
    }
    if hand.kitty_jack.is_some() && hand.kitty.is_none() {
        return Err(err("kitty_jack", "a J 抠底 needs the 抠底 (kitty) itself"));
    }
    for (i, p) in hand.penalties.iter().enumerate() {
        let Some(rule) = preset.penalty_rule(&p.kind) else {
            return Err(err(
                format!("penalties[{i}].kind"),
                format!("{:?} is not a penalty of preset {}", p.kind, preset.id),
            ));
        };
        if p.cards == 0 || p.cards > 54 {
            return Err(err(format!("penalties[{i}].cards"), format!("{} is not a card count 1–54", p.cards)));
        }
        if matches!(rule.amount, Amount::Referee) && p.points.is_none() {
            return Err(err(format!("penalties[{i}].points"), "the referee must give the points for this kind"));
        }
        if let Some(pts) = p.points {
            if !(0..=400).contains(&pts) {
                return Err(err(format!("penalties[{i}].points"), format!("{pts} is not 0–400")));
            }
        }
    }
    Ok(())
}

/// Step 1: the kitty bonus and its multiplier; (0, 0) without 抠底.
pub fn kitty_bonus(scheme: KittyScheme, kitty: Option<Kitty>) -> (i32, i32) {
    match kitty {
        Some(k) => {
            let m = scheme.multiplier(k.unit);
            (k.points * m, m)
        }
        None => (0, 0),
    }
}

/// Step 2: each penalty's effect on the attackers' score. `counts` holds earlier
/// occurrences per `team:kind` (for [`Amount::AfterFree`]) and is advanced.
pub fn penalty_points(
    preset: &Preset,
    declarer: Team,
    penalties: &[Penalty],
    counts: &mut BTreeMap<String, u32>,
) -> Result<Vec<AppliedPenalty>, InputError> {
    let mut out = Vec::new();
    for (i, p) in penalties.iter().enumerate() {
        let rule = preset
            .penalty_rule(&p.kind)
            .ok_or_else(|| err(format!("penalties[{i}].kind"), format!("unknown penalty kind {:?}", p.kind)))?;
        let key = format!("{:?}:{}", p.team, p.kind);
        let seen = counts.get(&key).copied().unwrap_or(0);
        counts.insert(key, seen + 1);
        let (amount, how) = match &rule.amount {
            Amount::PerCard { points } => (points * p.cards as i32, format!("{} × {}", p.cards, points)),
            Amount::Fixed { points } => (*points, format!("{points}")),
            Amount::PerUnit { single, pair, tractor } => {
                let per = match p.unit.unwrap_or(Unit::Single) {
                    Unit::Single => *single,
                    Unit::Pair => *pair,
                    Unit::Tractor(_) => *tractor,
                };
                (per * p.cards as i32, format!("{} × {per}", p.cards))
            }
            Amount::AfterFree { free, points } => {
                if seen < *free {
                    (0, format!("#{} → 0", seen + 1))
                } else {
                    (*points, format!("#{} → {points}", seen + 1))
                }
            }
            Amount::Referee => {
                let pts = p.points.unwrap_or(0);
                (pts, format!("{pts}"))
            }
        };
        let effect = if p.team == declarer { amount } else { -amount };
        out.push(AppliedPenalty { index: i, effect, amount, how, source: rule.source.clone() });
    }
    Ok(out)
}

/// Step 3: the clamp, if the preset has one.
pub fn clamp_score(clamp: Option<(i32, i32)>, score: i32) -> i32 {
    match clamp {
        Some((lo, hi)) => score.max(lo).min(hi),
        None => score,
    }
}

/// Step 5: a rise of `n` levels from `from`, stopping at the first must-play rank passed
/// (and never past A). Returns the new rank and the must-play rank that stopped it, if any.
pub fn rise(from: Rank, n: u32, caps: &Caps) -> (Rank, Option<Rank>) {
    let target = from.up(n);
    let stop = caps.must_play.iter().copied().filter(|c| *c > from && *c < target).min();
    match stop {
        Some(c) => (c, Some(c)),
        None => (target, None),
    }
}

/// Step 6: the dealer of the next hand. A team that keeps the deal alternates partners;
/// on take-over the deal passes to the next seat counter-clockwise of the new team.
pub fn next_dealer(dealer: Option<Seat>, kept: bool) -> Option<Seat> {
    dealer.map(|d| if kept { d.partner() } else { d.next_ccw() })
}

/// Runs the whole pipeline for one hand on `state` without changing it — the live preview.
pub fn preview(preset: &Preset, state: &State, hand: &Hand) -> Result<Outcome, InputError> {
    let mut s = state.clone();
    apply(preset, &mut s, hand)
}

/// Runs the pipeline for one hand and advances `state`. Errors: invalid input (field path
/// relative to the hand), or a hand after the match was won.
pub fn apply(preset: &Preset, state: &mut State, hand: &Hand) -> Result<Outcome, InputError> {
    validate_hand(preset, hand)?;
    if let Some(w) = state.winner {
        return Err(err("hand", format!("the match is over: team {w:?} won it")));
    }
    if state.declarer_open {
        // [r2] The first hand's declaring decides the declarer team and the dealer.
        let seat = hand
            .declarer_seat
            .ok_or_else(|| err("declarer_seat", "the first declarer is open: name the seat whose show stood"))?;
        state.declarer = seat.team();
        state.dealer = Some(seat);
        state.declarer_open = false;
    }
    let declarer = state.declarer;
    let attackers = declarer.other();
    let dealer = hand.declarer_seat.filter(|s| s.team() == declarer).or(state.dealer);
    let levels_before = state.levels.clone();
    let mut notes = Vec::new();

    // 1. kitty
    let (kb, mult) = kitty_bonus(preset.kitty, hand.kitty);
    // 2. penalties
    let applied = penalty_points(preset, declarer, &hand.penalties, &mut state.penalty_counts)?;
    let raw = hand.points + kb + applied.iter().map(|p| p.effect).sum::<i32>();
    // 3. clamp
    let score = clamp_score(preset.clamp, raw);
    if score != raw {
        notes.push(Note::Clamped { raw, score });
    }
    // 4. table
    let bi = preset.table.look_up(score)?;
    let b = &preset.table.bands[bi];
    let n = b.levels_for(score);
    let winner_team = match b.side {
        Side::Declarer => declarer,
        Side::Attackers => attackers,
    };
    // 7 (checked before the rise): the declarer at A who holds the deal wins.
    let mut winner = None;
    if preset.duplicate {
        // Boards at fixed levels: no level change.
    } else if b.side == Side::Declarer && state.level(declarer) == Rank::ACE {
        winner = Some(declarer);
        notes.push(Note::PassedAce { team: declarer });
    } else {
        // 5. caps
        let from = state.level(winner_team);
        let (to, stopped) = if b.to_ace {
            notes.push(Note::JumpToAce);
            (Rank::ACE, None)
        } else {
            rise(from, n, &preset.caps)
        };
        if let Some(c) = stopped {
            notes.push(Note::MustPlay { rank: c });
        } else if !b.to_ace && from.index() as u32 + n > Rank::ACE.index() as u32 {
            notes.push(Note::CappedAtAce);
        }
        state.levels.insert(winner_team, to);
    }
    // J rule
    if let (Some(j), Some(suit)) = (&preset.jack, hand.kitty_jack) {
        let needs_takeover = match suit {
            JackSuit::Trump => true,
            JackSuit::Offsuit => j.offsuit_needs_takeover,
        };
        let reached = !needs_takeover || score >= preset.table.takeover;
        if levels_before.get(&declarer) == Some(&j.at) && hand.kitty.is_some() && reached {
            let back = match suit {
                JackSuit::Trump => j.trump_to,
                JackSuit::Offsuit => j.offsuit_to,
            };
            state.levels.insert(declarer, back);
            notes.push(Note::JackBack { suit, to: back });
        }
    }
    // 6. next declarer
    let kept = b.side == Side::Declarer;
    let next_declarer = if kept { declarer } else { attackers };
    let next = next_dealer(dealer, kept);
    state.declarer = next_declarer;
    state.dealer = next;
    state.winner = winner;
    state.time_verdict = None;
    state.hands += 1;
    Ok(Outcome {
        declarer,
        dealer,
        level_played: levels_before.get(&declarer).copied().unwrap_or(Rank::TWO),
        multiplier: mult,
        kitty_bonus: kb,
        penalties: applied,
        raw_score: raw,
        score,
        band: bi,
        side: b.side,
        nominal_levels: n,
        levels_before,
        levels_after: state.levels.clone(),
        notes,
        next_declarer,
        next_dealer: next,
        winner,
    })
}

/// Replays `hands` from `start`: the final state and each hand's outcome. Errors name the
/// hand (`hands[k].field`).
pub fn replay(preset: &Preset, start: &Start, hands: &[Hand]) -> Result<(State, Vec<Outcome>), InputError> {
    let mut s = State::new(start);
    let mut out = Vec::with_capacity(hands.len());
    for (k, h) in hands.iter().enumerate() {
        let o = apply(preset, &mut s, h).map_err(|e| err(format!("hands[{k}].{}", e.field), e.reason))?;
        out.push(o);
    }
    Ok((s, out))
}

/// What a ruling did to the game (RULES.md §0 **[r2]**).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulingOutcome {
    /// Levels before the ruling.
    pub levels_before: BTreeMap<Team, Rank>,
    /// Levels after it (a level penalty never goes below 2).
    pub levels_after: BTreeMap<Team, Rank>,
    /// The game's winner after it (`Some` after a `game_lost`).
    pub winner: Option<Team>,
}

/// Applies a referee's ruling to `state`: a `level_penalty` lowers the team's level (never
/// below 2; the declarer and the dealer stay); a `game_lost` ends the game, the opponents
/// winning it. Errors: the game is already won, or a penalty of 0 levels.
pub fn apply_ruling(state: &mut State, ruling: Ruling) -> Result<RulingOutcome, RulingError> {
    if let Some(winner) = state.winner {
        return Err(RulingError::GameOver { winner });
    }
    let levels_before = state.levels.clone();
    match ruling {
        Ruling::LevelPenalty { team, levels } => {
            if levels == 0 {
                return Err(RulingError::NoLevels);
            }
            state.levels.insert(team, state.level(team).down(levels));
        }
        Ruling::GameLost { team } => state.winner = Some(team.other()),
    }
    state.time_verdict = None;
    Ok(RulingOutcome { levels_before, levels_after: state.levels.clone(), winner: state.winner })
}

/// The preset's time limit (or deal limit) is reached after the hands so far: the leading
/// team wins the game, equal levels decided by the preset's [`Timing::tie`]; with
/// [`TimeVerdict::OneMoreHand`] the game goes on for one more hand. Errors: the game is
/// already won.
pub fn time_up(preset: &Preset, state: &mut State) -> Result<TimeVerdict, RulingError> {
    if let Some(winner) = state.winner {
        return Err(RulingError::GameOver { winner });
    }
    let verdict = state.time_verdict_with(preset.timing.tie);
    state.winner = verdict.winner();
    state.time_verdict = Some(verdict);
    Ok(verdict)
}

/// A human-readable line for a band, e.g. `80–95 → 台下上台 +0`.
pub fn band_text(b: &Band) -> String {
    let who = match b.side {
        Side::Declarer => "庄家",
        Side::Attackers => "台下上台",
    };
    let mut s = format!("{} → {who}", b.range_text());
    if b.to_ace {
        s.push_str(" 直升 A");
    } else {
        s.push_str(&format!(" +{}", b.levels));
        if let Some(st) = b.step {
            s.push_str(&format!(", 每{}{} 分 +1 (自 {} 起)", if st.round_up { "" } else { "满 " }, st.every, st.from));
        }
    }
    s
}

// ---------------------------------------------------------------------------------------
// 双升 duplicate (RULES.md §1.3)
// ---------------------------------------------------------------------------------------

/// One table's result of a duplicate board: which team attacked and its hand input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableResult {
    /// The attacking team at this table.
    pub attackers: Team,
    /// The hand (points, kitty, penalties).
    #[serde(flatten)]
    pub hand: Hand,
    /// The offending team's board result is replaced by −`board_penalty` because the other
    /// side did not accept the table result (e.g. 藏牌 → −20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_accepted: Option<NotAccepted>,
}

/// "The non-offending side does not accept the table result" (003): the offending team's
/// board result becomes `−points`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotAccepted {
    /// The offending team.
    pub team: Team,
    /// The replacement board result, as a positive number (20 or 10).
    pub points: i32,
}

/// One board's team results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardResult {
    /// Attackers' score at each table.
    pub scores: Vec<(Team, i32)>,
    /// Team A's board result (team B's is the negation).
    pub a: i32,
}

/// Scores one duplicate board: the team's board result = its attacking pair's score −
/// the opponents' attacking pair's score (zero-sum). Errors name the table.
pub fn score_board(preset: &Preset, tables: &[TableResult]) -> Result<BoardResult, InputError> {
    let mut scores = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        let ts = score_table(preset, t).map_err(|e| err(format!("tables[{i}].{}", e.field), e.reason))?;
        scores.push((t.attackers, ts.score));
    }
    let sum = |team: Team| scores.iter().filter(|(t, _)| *t == team).map(|(_, s)| *s).sum::<i32>();
    let mut a = sum(Team::A) - sum(Team::B);
    for t in tables {
        if let Some(na) = &t.not_accepted {
            a = if na.team == Team::A { -na.points } else { na.points };
        }
    }
    Ok(BoardResult { scores, a })
}

/// Match totals of a duplicate match: per-team totals and boards won.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuplicateTotals {
    /// Sum of board results per team.
    pub totals: BTreeMap<Team, i32>,
    /// Boards with a positive result per team.
    pub boards_won: BTreeMap<Team, u32>,
}

/// Sums board results (RULES.md §1.3: tie → more boards won; still tied → play-off).
pub fn duplicate_totals(boards: &[BoardResult]) -> DuplicateTotals {
    let mut t = DuplicateTotals::default();
    for team in Team::BOTH {
        t.totals.insert(team, 0);
        t.boards_won.insert(team, 0);
    }
    for b in boards {
        *t.totals.get_mut(&Team::A).unwrap() += b.a;
        *t.totals.get_mut(&Team::B).unwrap() -= b.a;
        if b.a > 0 {
            *t.boards_won.get_mut(&Team::A).unwrap() += 1;
        } else if b.a < 0 {
            *t.boards_won.get_mut(&Team::B).unwrap() += 1;
        }
    }
    t
}

/// One table's score on a duplicate board, step by step (RULES.md §1 steps 1–3 with the
/// preset's kitty scheme; §1.3 has no level table): shown in the traveller row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableScore {
    /// The attacking team at this table.
    pub attackers: Team,
    /// Kitty multiplier used (0 without 抠底).
    pub multiplier: i32,
    /// Kitty bonus (step 1): kitty points × multiplier.
    pub kitty_bonus: i32,
    /// Penalties (step 2): a penalty on the declaring team adds, one on the attackers subtracts.
    pub penalties: Vec<AppliedPenalty>,
    /// Points + kitty bonus + penalties, before the clamp.
    pub raw_score: i32,
    /// The attackers' score after the clamp (step 3) — what enters the board result.
    pub score: i32,
}

/// Scores one table of a duplicate board: steps 1–3 of the hand pipeline (RULES.md §1, §1.3).
/// Errors: invalid input, the field path relative to the table (`points`, `penalties[0].kind` …).
pub fn score_table(preset: &Preset, t: &TableResult) -> Result<TableScore, InputError> {
    validate_hand(preset, &t.hand)?;
    let (kb, mult) = kitty_bonus(preset.kitty, t.hand.kitty);
    let mut counts = BTreeMap::new();
    let applied = penalty_points(preset, t.attackers.other(), &t.hand.penalties, &mut counts)?;
    let raw = t.hand.points + kb + applied.iter().map(|p| p.effect).sum::<i32>();
    Ok(TableScore {
        attackers: t.attackers,
        multiplier: mult,
        kitty_bonus: kb,
        penalties: applied,
        raw_score: raw,
        score: clamp_score(preset.clamp, raw),
    })
}

/// One board of a duplicate match's board list (RULES.md §1.3, 003 §二4–5): its number, the
/// level it is played at and its dealer seat (庄家 and first to show).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DupBoard {
    /// Board number, 1-based, unique in the match.
    pub number: u32,
    /// The level (基牌) the board is played at.
    pub level: Rank,
    /// The dealer seat marked on the board.
    pub dealer: Seat,
}

/// The next seat clockwise (顺时针): N → E → S → W → N — how the dealer moves from board to
/// board (003 §二5). Play itself moves counter-clockwise ([`Seat::next_ccw`]).
pub fn next_clockwise(s: Seat) -> Seat {
    match s {
        Seat::N => Seat::E,
        Seat::E => Seat::S,
        Seat::S => Seat::W,
        Seat::W => Seat::N,
    }
}

/// The default board list of `n` boards (RULES.md §1.3): board 1 dealt by North, then
/// clockwise; board k at level k (2, 3, 4 …, wrapping after A). Every entry is editable.
pub fn default_boards(n: u32) -> Vec<DupBoard> {
    let mut dealer = Seat::N;
    (1..=n)
        .map(|k| {
            let b = DupBoard { number: k, level: Rank::from_index(((k - 1) % 13) as u8).unwrap_or(Rank::TWO), dealer };
            dealer = next_clockwise(dealer);
            b
        })
        .collect()
}

/// A penalty kind where the referee asks the non-offending side whether it accepts the table
/// result (003 §三): when it does not, the offending team's board result is replaced by
/// −`points` ([`NotAccepted`]); when it does, the table result stands (with the preset's
/// penalty, if any).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefusalRule {
    /// The kind (`revoke`, `kitty_count`, `card_count`, `dealer_seat`).
    pub kind: String,
    /// The replacement board result of the offending team, as a positive number (20 or 10).
    pub points: i32,
    /// The offending team is normally the dealer's (庄位错误, 扣底张数错): the form's default.
    #[serde(default)]
    pub dealer_offends: bool,
    /// Source rule (seed section).
    pub source: String,
    /// This amount is a *(reading)* of an unclear sentence.
    #[serde(default)]
    pub reading: bool,
}

/// The refusal rules of `yiyuan-shuangsheng` (003 §三1, 2, 3, 6; RULES.md §1.3 "board −20").
/// 庄位错误 "扣庄家方10分" is read as the dealer team's board result −10 *(reading)*.
pub fn default_refusals() -> Vec<RefusalRule> {
    let r = |kind: &str, points, dealer_offends, source: &str, reading| RefusalRule {
        kind: kind.into(),
        points,
        dealer_offends,
        source: source.into(),
        reading,
    };
    vec![
        r("revoke", 20, false, "003 §三3", false),
        r("kitty_count", 20, true, "003 §三2", false),
        r("card_count", 20, false, "003 §三6 → §三2", false),
        r("dealer_seat", 10, true, "003 §三1", true),
    ]
}

/// Who wins a duplicate match on the totals so far (RULES.md §1.3, 003 §二14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum DuplicateVerdict {
    /// `team` leads: on the total, or — totals equal — on boards won (`by_boards`).
    Winner {
        /// The leading team.
        team: Team,
        /// Decided by the tie-break (more boards won) rather than the total.
        by_boards: bool,
    },
    /// Totals and boards won are equal: a play-off (加赛) decides.
    PlayOff,
}

/// The tie-break ladder of RULES.md §1.3: the higher total; equal → more boards won; still
/// equal → play-off.
pub fn duplicate_verdict(t: &DuplicateTotals) -> DuplicateVerdict {
    let get = |m: &BTreeMap<Team, i32>, team| m.get(&team).copied().unwrap_or(0);
    let (a, b) = (get(&t.totals, Team::A), get(&t.totals, Team::B));
    if a != b {
        return DuplicateVerdict::Winner { team: if a > b { Team::A } else { Team::B }, by_boards: false };
    }
    let won = |team| t.boards_won.get(&team).copied().unwrap_or(0);
    match won(Team::A).cmp(&won(Team::B)) {
        std::cmp::Ordering::Greater => DuplicateVerdict::Winner { team: Team::A, by_boards: true },
        std::cmp::Ordering::Less => DuplicateVerdict::Winner { team: Team::B, by_boards: true },
        std::cmp::Ordering::Equal => DuplicateVerdict::PlayOff,
    }
}

#[cfg(test)]
mod duplicate_tests {
    use super::*;

    fn ys() -> Preset {
        builtin_preset("yiyuan-shuangsheng").unwrap()
    }

    fn tr(attackers: Team, points: i32) -> TableResult {
        TableResult { attackers, hand: Hand { points, ..Default::default() }, not_accepted: None }
    }

    #[test]
    fn boards_rotate_the_dealer_clockwise_from_north() {
        let b = default_boards(6);
        let d: Vec<Seat> = b.iter().map(|x| x.dealer).collect();
        assert_eq!(d, vec![Seat::N, Seat::E, Seat::S, Seat::W, Seat::N, Seat::E]);
        assert_eq!(b[0].level, Rank::TWO);
        assert_eq!(b[3].level.name(), "5");
        assert_eq!(default_boards(14)[13].level, Rank::TWO);
    }

    #[test]
    fn table_score_shows_each_step() {
        let mut t = tr(Team::A, 85);
        t.hand.kitty = Some(Kitty { points: 10, unit: Unit::Tractor(3) });
        t.hand.penalties.push(Penalty {
            team: Team::B,
            kind: "failed_throw".into(),
            cards: 1,
            unit: Some(Unit::Pair),
            points: None,
            seat: None,
            trick: None,
            note: String::new(),
        });
        let s = score_table(&ys(), &t).unwrap();
        assert_eq!((s.multiplier, s.kitty_bonus), (12, 120));
        assert_eq!(s.penalties[0].effect, 20);
        assert_eq!((s.raw_score, s.score), (225, 200));
    }

    #[test]
    fn refusal_replaces_the_board_result() {
        let p = ys();
        let mut t2 = tr(Team::B, 30);
        t2.not_accepted = Some(NotAccepted { team: Team::A, points: 20 });
        let b = score_board(&p, &[tr(Team::A, 120), t2]).unwrap();
        assert_eq!(b.a, -20);
        let rules = default_refusals();
        assert_eq!(rules.iter().find(|r| r.kind == "dealer_seat").unwrap().points, 10);
        assert!(rules.iter().filter(|r| r.kind != "dealer_seat").all(|r| r.points == 20));
    }

    #[test]
    fn tie_break_boards_won_then_play_off() {
        let p = ys();
        let b1 = score_board(&p, &[tr(Team::A, 100), tr(Team::B, 60)]).unwrap(); // A +40
        let b2 = score_board(&p, &[tr(Team::A, 40), tr(Team::B, 60)]).unwrap(); // A −20
        let b3 = score_board(&p, &[tr(Team::A, 40), tr(Team::B, 60)]).unwrap(); // A −20
        let t = duplicate_totals(&[b1.clone(), b2.clone(), b3]);
        assert_eq!(t.totals[&Team::A], 0);
        assert_eq!(duplicate_verdict(&t), DuplicateVerdict::Winner { team: Team::B, by_boards: true });
        let t = duplicate_totals(&[b1.clone(), b2.clone()]);
        assert_eq!(duplicate_verdict(&t), DuplicateVerdict::Winner { team: Team::A, by_boards: false });
        let even = score_board(&p, &[tr(Team::A, 50), tr(Team::B, 50)]).unwrap();
        assert_eq!(duplicate_verdict(&duplicate_totals(&[even])), DuplicateVerdict::PlayOff);
    }
}

// ---------------------------------------------------------------------------------------
// Declaring sequence (RULES.md §1.2)
// ---------------------------------------------------------------------------------------

/// The class index of a show code in the preset's order (0 = highest), if listed.
pub fn show_class(d: &Declaring, code: &str) -> Option<usize> {
    d.order.iter().position(|c| c.iter().any(|x| x == code))
}

/// Checks a declaring sequence: every code is known, the first is allowed to open, and each
/// later show beats the standing one (a strictly higher class). Errors name the show.
pub fn check_declaring(d: &Declaring, shows: &[Show]) -> Result<(), InputError> {
    let mut best: Option<usize> = None;
    for (i, s) in shows.iter().enumerate() {
        let c = show_class(d, &s.what)
            .ok_or_else(|| err(format!("declaring[{i}].what"), format!("{:?} is not a show of this preset", s.what)))?;
        if i == 0 && d.not_first.contains(&s.what) {
            return Err(err(format!("declaring[{i}].what"), format!("{} may not be the first show", s.what)));
        }
        if let Some(b) = best {
            if c >= b {
                return Err(err(
                    format!("declaring[{i}].what"),
                    format!("{} does not beat the standing show {}", s.what, shows[i - 1].what),
                ));
            }
        }
        best = Some(c);
    }
    Ok(())
}

/// The trump suit a show gives: the suit of level cards, `NT` for jokers.
pub fn trump_of(code: &str) -> String {
    match code.split_once(':') {
        Some((_, suit)) => suit.to_string(),
        None => "NT".into(),
    }
}

#[cfg(test)]
mod tests;
