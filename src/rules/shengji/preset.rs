//! 升级 presets as data (RULES.md §1): the level table ([`LevelTable`], [`Band`]), kitty
//! scheme, penalties, caps, the jack rule, declaring and timing ([`Preset`]).

use super::*;

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
        self.bands.iter().position(|b| b.contains(score)).ok_or_else(|| err("preset.table", Why::NoBand { score }))
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
    /// No points: the offence loses the game at once (RULES.md §0 `game_lost`, e.g. 000
    /// signalling 「视为输掉该局」). Recorded as a ruling, never as a hand's penalty (a hand
    /// naming it is refused).
    GameLost,
}

impl Amount {
    /// Whether the amount depends on the entry's `cards` count: per card (`PerCard`) or per
    /// failed unit (`PerUnit`, 双升 甩牌). The others — a fixed amount, a warning ladder
    /// (`AfterFree`: 002 `check_cards` 1st free then 10, `bury_not_at_once` 1st warning then
    /// 80), the referee's points, a game lost — cost the same whatever the count (RULES.md
    /// §1.1), so the hand form asks for no count.
    pub fn counts_cards(&self) -> bool {
        matches!(self, Amount::PerCard { .. } | Amount::PerUnit { .. })
    }
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
    /// **[r2]** The offence costs no points but the offending team's kitty right on the
    /// hand: it can neither 保底 nor 抠底 (003 §三2, kitty count wrong, result accepted). Read
    /// by the 双升 table score ([`super::score_table`]): when the offending team attacks, its
    /// kitty bonus does not count; when it declares, the score stands (保底 carries no points
    /// in 003's linear kitty: a *reading*). Absent in earlier stored presets (= `false`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub voids_kitty: bool,
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
    /// **[r2]** Codes whose show lets its player choose the trump (RULES.md §1.2 `nantong-80fen`:
    /// 大王小王连对 `JJ` and 红五星 `STAR`, 「反主可任选定主」 — not forced no-trump): the hand's
    /// trump after such a show is the suit the player names, or no-trump; after any other show
    /// it is the show's own ([`super::trump_of`]). Empty for presets without such shows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub free_trump: Vec<String>,
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
    /// The knock-out's long rounds (the semi-finals and the final, best of 3) are played
    /// without the game limits: a tournament table's match in such a round gets no
    /// `deal_limit` and no `match_minutes` (002 炒地皮细则 §一3 「半决赛、决赛每局牌总时间不受限制」
    /// **[r2]**). Absent in older stored copies: `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unlimited_long_rounds: bool,
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
    /// What counted warnings and lateness become (RULES.md §0 **[r2]**); absent in older
    /// stored presets (none).
    #[serde(default, skip_serializing_if = "crate::rules::ruling::RulingRules::is_empty")]
    pub rulings: crate::rules::ruling::RulingRules,
}

impl Preset {
    /// The rule of `kind`, or an error naming the kind.
    pub fn penalty_rule(&self, kind: &str) -> Option<&PenaltyRule> {
        self.penalties.iter().find(|r| r.kind == kind)
    }
    /// The penalty rows the hand form offers as a hand's points, in table order: every row
    /// but those that are rulings (RULES.md §0) — one that loses the game at once
    /// ([`Amount::GameLost`], 000 signalling) and one whose offence the preset's warning
    /// ladder rules without points ([`RulingRules::warned_not_penalised`]: 南通 `signalling`,
    /// RULES.md §1.1 「warning, then `game_lost` (出局)」), both entered on the ruling panel.
    ///
    /// [`RulingRules::warned_not_penalised`]: crate::rules::ruling::RulingRules::warned_not_penalised
    pub fn hand_penalties(&self) -> Vec<&PenaltyRule> {
        self.penalties
            .iter()
            .filter(|r| !matches!(r.amount, Amount::GameLost) && !self.rulings.warned_not_penalised(&r.kind))
            .collect()
    }
    /// The rules the ruling panel offers to record a ruling under (RULES.md §0 **[r2]**):
    /// the warning ladders' ([`crate::rules::ruling::RulingRules::choices`]), then each
    /// penalty row that loses the game at once ([`Amount::GameLost`], 000 §一(四)2 a failed
    /// throw concealed, §一(五)4 signalling) by its source, for a game lost (判负); rows
    /// without a source are not offered.
    pub fn ruling_choices(&self) -> Vec<crate::rules::ruling::RuleChoice> {
        let mut out = self.rulings.choices();
        out.extend(self.penalties.iter().filter(|r| matches!(r.amount, Amount::GameLost)).filter_map(|r| {
            let cite = r.source.trim();
            (!cite.is_empty()).then(|| crate::rules::ruling::RuleChoice {
                kind: crate::rules::ruling::ChoiceKind::GameLost,
                rule: r.kind.clone(),
                cite: cite.to_string(),
            })
        }));
        out
    }
    /// The penalty rows the hand form leaves to the ruling panel because a warning ladder
    /// rules them ([`Preset::hand_penalties`]), each with the warning rule's citation
    /// (`南通 §四`) to record the warning under.
    pub fn warned_penalties(&self) -> Vec<(&PenaltyRule, &str)> {
        self.penalties
            .iter()
            .filter(|r| !matches!(r.amount, Amount::GameLost))
            .filter_map(|r| {
                let w = self.rulings.ladder(&r.kind).filter(|_| self.rulings.warned_not_penalised(&r.kind))?;
                Some((r, w.cite.as_str()))
            })
            .collect()
    }
}
