//! The referee's register of rulings for one match (RULES.md §0 **[r2]**): warnings counted
//! per team (or player) and rule, turned by the preset's [`WarningRule`]s into their
//! penalty or foul at the Nth; lateness that reaches the preset's limit forfeits the round
//! (004 §(六), 第三篇 §六4: 10 minutes); a disqualification (004 第三篇 §五2(1), §六4)
//! forfeits the entrant's remaining fixtures. Pure: the game replays ask [`Register::record`]
//! what each ruling amounts to and apply it to their own state.

use super::{Ruling, Team};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A preset's rules for rulings beyond the game's own penalties (RULES.md §0 **[r2]**), as
/// data: serialized in the preset as `"rulings": {"warnings": [...], "late_forfeit_minutes": 10}`;
/// every part defaults to none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulingRules {
    /// What the Nth warning becomes, per rule.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<WarningRule>,
    /// Lateness of this many minutes or more forfeits the round (004 §(六): 10); `None` =
    /// lateness is recorded without an effect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_forfeit_minutes: Option<u32>,
    /// The entrant's how-manieth consecutive round with a lateness disqualifies it (004 第三篇
    /// §六4 「连续2次以上(不含2次)迟到，则取消比赛资格」: 3). Read by the tournament layer, which
    /// alone sees the rounds (`crate::tournament::late`) *(reading: any lateness recorded in
    /// the round's match counts, one at [`RulingRules::late_forfeit_minutes`] too; a round
    /// without one breaks the run)*. `None` = lateness never disqualifies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_disqualify_after: Option<u32>,
    /// Where the preset's document gives its lateness rules (`004 第三篇 §六4`), shown with
    /// their effects; empty = not given.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub late_cite: String,
    /// 双升 boards (RULES.md §1.3): a game lost on a board (判负) makes the offending team's
    /// board result −this many points, whatever the tables scored *(reading: RULES.md is
    /// silent on a board lost by ruling; its only board-level sanction is §1.3's "board −20",
    /// the result 003 §三 gives the offending team of a board it loses by a breach, so a board
    /// lost is scored as that)*. `None` = [`BOARD_LOST_POINTS`] (a preset stored before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_lost_points: Option<u32>,
}

/// 003's board −20 (RULES.md §1.3): the offending team's result on a board lost by ruling
/// when the preset names no other ([`RulingRules::board_lost_points`]).
pub const BOARD_LOST_POINTS: u32 = 20;

impl RulingRules {
    /// Neither warning rules, lateness rules nor a board-lost result.
    pub fn is_empty(&self) -> bool {
        self.warnings.is_empty()
            && self.late_forfeit_minutes.is_none()
            && self.late_disqualify_after.is_none()
            && self.board_lost_points.is_none()
    }
    /// The offending team's board result on a 双升 board lost by ruling (−20 in 003).
    pub fn board_lost_result(&self) -> i32 {
        -(self.board_lost_points.unwrap_or(BOARD_LOST_POINTS).min(1000) as i32)
    }
    /// The warning rule recorded under `rule` (a rule id such as `signalling`, or its
    /// citation such as `南通 §四`), if the preset has one by that name; a rule that counts
    /// every warning (empty `rule`) is not returned.
    pub fn ladder(&self, rule: &str) -> Option<&WarningRule> {
        let rule = rule.trim();
        if rule.is_empty() {
            return None;
        }
        self.warnings.iter().find(|w| {
            let own = w.rule.trim();
            !own.is_empty() && (own == rule || w.cite.trim() == rule)
        })
    }
    /// The warning rules a ruling can be recorded under, in preset order, each by its
    /// citation ([`RuleChoice`]); a rule without a citation is not offered.
    pub fn choices(&self) -> Vec<RuleChoice> {
        self.warnings
            .iter()
            .filter(|w| !w.cite.trim().is_empty())
            .map(|w| RuleChoice {
                kind: ChoiceKind::Warning,
                rule: w.rule.trim().to_string(),
                cite: w.cite.trim().to_string(),
            })
            .collect()
    }
    /// Whether an offence of `kind` (a penalty kind of the preset) is ruled by a warning
    /// ladder that never costs points (南通 `signalling`, RULES.md §1.1: a warning, then
    /// `game_lost`): it is recorded as a warning on the ruling panel, not as a hand's points
    /// penalty. A ladder that ends in points (002 §一5 `bury_not_at_once`: the 2nd is 80,
    /// scored with the hand in progress) does not count here.
    pub fn warned_not_penalised(&self, kind: &str) -> bool {
        self.ladder(kind).is_some_and(|w| !matches!(w.effect, WarningEffect::Points { .. }))
    }
    /// The rule a hand-form penalty of `kind` is counted under together with the ruling
    /// panel's warnings, if any: a penalty kind ruled by a warning ladder that ends in points
    /// (002 §一5 `bury_not_at_once`: 1st warning, 2nd and each later 80), an offence both the
    /// hand form and the ruling panel record. RULES.md §0 **[r2]** counts it once per team
    /// and rule for the match, wherever it is entered ([`Register::record_penalty`]). `None`
    /// for any other kind: the hand form counts it alone, per game (`check_cards`), or does
    /// not offer it ([`RulingRules::warned_not_penalised`]).
    pub fn counted_with_warnings(&self, kind: &str) -> Option<&str> {
        self.ladder(kind).filter(|w| matches!(w.effect, WarningEffect::Points { .. })).map(|w| w.rule.trim())
    }
}

/// Which ruling a [`RuleChoice`] is offered for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceKind {
    /// A warning counted under a ladder ([`WarningRule`]).
    Warning,
    /// A game lost (判负) at once: an offence the preset rules `game_lost` (RULES.md §1.1,
    /// 000 §一(四)2, §一(五)4).
    GameLost,
}

/// A preset rule a ruling can be recorded under, as the ruling panel offers it (RULES.md §0
/// **[r2]**: a ruling names the rule it applies): the ruling's rule field stores `cite`, the
/// text a warning is counted under ([`Register::record`] reads a warning rule's citation as
/// its rule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleChoice {
    /// The ruling it is offered for.
    pub kind: ChoiceKind,
    /// The rule's id: a penalty kind (`signalling`), or empty for a ladder counting every
    /// warning.
    pub rule: String,
    /// Its citation as stored in the ruling (`南通 §四`, `000 §一(五)4`), trimmed, never empty.
    pub cite: String,
}

/// What the Nth warning to one team under one rule becomes (002 §一5: the 1st is a warning,
/// the 2nd and each later one 80 points; 004 第一篇 §六2: every 2nd warning is 1 foul).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarningRule {
    /// The rule the warnings are recorded under (the ruling's `rule` field, e.g. `002 §一5`);
    /// empty = every warning counts towards this rule.
    #[serde(default)]
    pub rule: String,
    /// The warning number that first has the effect (1-based; 2 = the second warning).
    pub nth: u32,
    /// After the `nth`, every `every`-th further warning has it again (1 = each later one,
    /// 2 = every second); 0 = only the `nth`.
    #[serde(default)]
    pub every: u32,
    /// What it becomes.
    pub effect: WarningEffect,
    /// Where the preset's document says so (`002 §一5`).
    pub cite: String,
}

impl WarningRule {
    /// Whether the `n`th warning (1-based) under this rule has the effect.
    pub fn applies(&self, n: u32) -> bool {
        n >= self.nth
            && self.nth > 0
            && (n == self.nth || (self.every > 0 && (n - self.nth).is_multiple_of(self.every)))
    }
}

/// What a counted warning becomes. Serialized with its `kind` (`{"kind": "points", "points": 80}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum WarningEffect {
    /// Penalty points to the offender's opponents, scored with the hand it falls in (升级
    /// family: the replay adds them to the next hand as that hand's penalty of the offending
    /// team, `shengji::State::ruled_points`; they lapse if the game ends first).
    Points {
        /// Points.
        points: u32,
    },
    /// One foul (掼蛋: the preset's out-of-turn levels to the opponents, due in the hand).
    Foul,
    /// A level penalty of `levels`.
    LevelPenalty {
        /// Levels taken off.
        levels: u32,
    },
    /// The game is lost.
    GameLost,
}

/// What one ruling amounts to once counted ([`Register::record`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Effect {
    /// Apply this to the game (a level penalty or a game lost; a warning that became one).
    Game(Ruling),
    /// A warning that became penalty points, due in the current hand: (team, points).
    PointsDue(Team, u32),
    /// A warning that became a foul, due in the current hand.
    FoulDue(Team),
    /// The team forfeits this round / match (lateness at the limit).
    Forfeit(Team),
    /// The team is disqualified: this match is forfeited and so are its remaining fixtures.
    Disqualified(Team),
    /// Recorded with no effect (a first warning, lateness under the limit).
    Noted,
}

/// A counted ruling: its effect and, for a warning, its number under its rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Counted {
    /// What it does.
    pub effect: Effect,
    /// For a warning: the how-manieth warning to that team under its rule (1-based).
    pub warning_no: Option<u32>,
}

/// The warnings of one match so far, per team and rule (RULES.md §0 **[r2]**: counted for the
/// match, not the game).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Register {
    /// Warnings counted: (team, rule as recorded, trimmed) → count. Under a rule that a
    /// hand-form penalty kind shares ([`RulingRules::counted_with_warnings`], 002 §一5
    /// `bury_not_at_once`) the count also holds that kind's hand-form penalties, in log order.
    pub warnings: BTreeMap<(Team, String), u32>,
}

impl Register {
    /// How many times `team` was warned (or, for a shared kind, penalised in the hand form)
    /// under `rule` (trimmed) so far.
    pub fn count(&self, team: Team, rule: &str) -> u32 {
        self.warnings.get(&(team, rule.trim().to_string())).copied().unwrap_or(0)
    }
    /// Counts a hand-form penalty of `kind` against `team` as one occurrence under the warning
    /// ladder that rules the kind ([`RulingRules::counted_with_warnings`]; RULES.md §0
    /// **[r2]**, 002 §一5: the 1st burying not at once is a warning, the 2nd 80, whether
    /// entered with a hand or on the ruling panel). Returns the occurrence's number (1-based)
    /// under that rule; `None`, counting nothing, for a kind no such ladder rules. The
    /// penalty's points are the hand form's (its `Amount` and this count), not the ladder's.
    pub fn record_penalty(&mut self, rules: &RulingRules, team: Team, kind: &str) -> Option<u32> {
        let rule = rules.counted_with_warnings(kind)?;
        let n = self.warnings.entry((team, rule.to_string())).or_default();
        *n += 1;
        Some(*n)
    }
    /// Counts `ruling`, recorded under `rule`, against the preset's `rules`, and says what it
    /// amounts to. A warning is counted under its own rule; a [`WarningRule`] with an empty
    /// rule counts every warning of the team. The first matching rule decides. A warning
    /// recorded under a warning rule's citation (`南通 §四`, what the 规则 tab shows beside it)
    /// counts under that rule (`signalling`), as if recorded under its name.
    pub fn record(&mut self, rules: &RulingRules, ruling: Ruling, rule: &str) -> Counted {
        let rule = rule.trim();
        let rule = rules
            .warnings
            .iter()
            .find(|w| !w.rule.trim().is_empty() && !w.cite.trim().is_empty() && w.cite.trim() == rule)
            .map_or(rule, |w| w.rule.trim());
        match ruling {
            Ruling::Warning { team } => {
                *self.warnings.entry((team, rule.to_string())).or_default() += 1;
                let total: u32 = self.warnings.iter().filter(|((t, _), _)| *t == team).map(|(_, n)| n).sum();
                let own = self.warnings[&(team, rule.to_string())];
                let hit = rules.warnings.iter().find_map(|w| {
                    let n = if w.rule.trim().is_empty() { total } else { own };
                    (w.rule.trim().is_empty() || w.rule.trim() == rule).then_some((w, n))
                });
                let (effect, n) = match hit {
                    Some((w, n)) if w.applies(n) => (
                        match w.effect {
                            WarningEffect::Points { points } => Effect::PointsDue(team, points),
                            WarningEffect::Foul => Effect::FoulDue(team),
                            WarningEffect::LevelPenalty { levels } => {
                                Effect::Game(Ruling::LevelPenalty { team, levels })
                            }
                            WarningEffect::GameLost => Effect::Game(Ruling::GameLost { team }),
                        },
                        n,
                    ),
                    Some((_, n)) => (Effect::Noted, n),
                    None => (Effect::Noted, own),
                };
                Counted { effect, warning_no: Some(n) }
            }
            Ruling::Late { team, minutes } => {
                let effect = match rules.late_forfeit_minutes {
                    Some(limit) if minutes >= limit => Effect::Forfeit(team),
                    _ => Effect::Noted,
                };
                Counted { effect, warning_no: None }
            }
            Ruling::Disqualified { team } => Counted { effect: Effect::Disqualified(team), warning_no: None },
            Ruling::LevelPenalty { .. } | Ruling::GameLost { .. } => {
                Counted { effect: Effect::Game(ruling), warning_no: None }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> RulingRules {
        RulingRules {
            warnings: vec![
                WarningRule {
                    rule: "002 §一5".into(),
                    nth: 2,
                    every: 1,
                    effect: WarningEffect::Points { points: 80 },
                    cite: "002 §一5".into(),
                },
                WarningRule { rule: String::new(), nth: 2, every: 2, effect: WarningEffect::Foul, cite: "004".into() },
            ],
            late_forfeit_minutes: Some(10),
            board_lost_points: None,
            ..RulingRules::default()
        }
    }

    #[test]
    fn the_nth_warning_becomes_its_penalty() {
        let mut r = Register::default();
        let w = Ruling::Warning { team: Team::A };
        assert_eq!(r.record(&rules(), w, "002 §一5").effect, Effect::Noted);
        assert_eq!(
            r.record(&rules(), w, "002 §一5"),
            Counted { effect: Effect::PointsDue(Team::A, 80), warning_no: Some(2) }
        );
        assert_eq!(r.record(&rules(), w, " 002 §一5 ").effect, Effect::PointsDue(Team::A, 80));
        // The other team's count is its own.
        assert_eq!(r.record(&rules(), Ruling::Warning { team: Team::B }, "002 §一5").effect, Effect::Noted);
    }

    #[test]
    fn every_second_warning_is_a_foul() {
        let mut r = Register::default();
        let w = Ruling::Warning { team: Team::B };
        let got: Vec<Effect> = (0..4).map(|_| r.record(&rules(), w, "talk").effect).collect();
        assert_eq!(got, [Effect::Noted, Effect::FoulDue(Team::B), Effect::Noted, Effect::FoulDue(Team::B)]);
        assert!(!WarningRule {
            rule: String::new(),
            nth: 2,
            every: 0,
            effect: WarningEffect::Foul,
            cite: String::new()
        }
        .applies(3));
    }

    #[test]
    fn lateness_at_the_limit_forfeits() {
        let mut r = Register::default();
        assert_eq!(r.record(&rules(), Ruling::Late { team: Team::A, minutes: 9 }, "").effect, Effect::Noted);
        assert_eq!(
            r.record(&rules(), Ruling::Late { team: Team::A, minutes: 10 }, "").effect,
            Effect::Forfeit(Team::A)
        );
        assert_eq!(
            r.record(&RulingRules::default(), Ruling::Late { team: Team::A, minutes: 30 }, "").effect,
            Effect::Noted
        );
        assert_eq!(
            r.record(&rules(), Ruling::Disqualified { team: Team::B }, "").effect,
            Effect::Disqualified(Team::B)
        );
    }
}
