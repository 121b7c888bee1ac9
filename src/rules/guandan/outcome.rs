//! The state of a 掼蛋 match between hands ([`GuandanState`]) and what a hand did to it:
//! [`HandOutcome`] with its typed rule steps ([`Step`]), the result at A ([`AAttempt`]) and why a
//! team did not rise ([`NoRise`]).

use super::*;

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
    /// Warnings given per team on the ruling panel (RULES.md §0 **[r2]**) during the hand in
    /// progress, shown with the next hand scored (its fouls' `warnings`), then cleared; what
    /// they amount to is [`GuandanState::ruled_fouls`].
    #[serde(default, skip_serializing_if = "no_warnings")]
    pub ruled_warnings: PerTeam<u32>,
    /// Fouls per team the ruling panel's warnings became during the hand in progress: a
    /// team's warnings are counted over the match (RULES.md §0 **[r2]**), and every
    /// [`super::FoulRules::warnings_per_foul`]-th is one foul of the hand in progress, scored
    /// with the next hand, then cleared.
    #[serde(default, skip_serializing_if = "no_warnings")]
    pub ruled_fouls: PerTeam<u32>,
}

fn no_warnings(w: &PerTeam<u32>) -> bool {
    w.a == 0 && w.b == 0
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
            ruled_warnings: PerTeam::default(),
            ruled_fouls: PerTeam::default(),
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
    /// Warnings called, both entered with the hand and given on the ruling panel during it
    /// (the latter count toward fouls over the match, [`GuandanState::ruled_fouls`]).
    pub warnings: u32,
    /// Of `warnings`, those given on the ruling panel ([`GuandanState::ruled_warnings`]).
    #[serde(default)]
    pub ruled_warnings: u32,
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

impl HandOutcome {
    /// How the hand won the game by the levels, typed — "{team} 过A获胜" (`gd.won.passed_a`),
    /// or "{team} 最先打到A获胜" (`gd.won.reached_a`) when the hand's rule was
    /// [`Step::ReachedA`] (RULES.md §2 "A rule", [`ARule::won_msg`]); `None` when it did not.
    pub fn won_msg(&self) -> Option<Msg> {
        let Some(AAttempt::Passed { team }) = self.a_attempt else { return None };
        let reached = self.rule.iter().any(|s| matches!(s, Step::ReachedA { .. }));
        Some(won_msg(reached, team))
    }
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
