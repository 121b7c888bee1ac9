//! 升级 match record (RULES.md §1): the set-up of two teams of two, the hand checks, and
//! the replay of a series of games (best of 3, or the 南通 team match's three games) with
//! the referee's rulings, time verdicts and per-action overruns.

mod summary;
#[cfg(test)]
mod tests;
mod view;

use crate::record::game::{self, GameId};
use crate::record::schema::{self, said, ImportError};
use crate::record::Match;
use crate::rules::shengji::{self, InputError, Preset, Start};
use crate::rules::{Arg, Seat, Team};
use crate::tournament::tables::{Leg, LegError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use summary::home_line;
pub use view::*;

/// Set-up of a 升级 match between two teams of two.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShengjiSetup {
    /// The match's own copy of the preset (a referee may have changed any parameter).
    pub preset: Preset,
    /// Team names: `A` sits N/S, `B` E/W.
    pub teams: BTreeMap<Team, String>,
    /// Player names by seat.
    pub players: BTreeMap<Seat, String>,
    /// Start levels, first declarer team and dealer seat of game 1.
    pub start: Start,
}

/// 升级's [`game::Game`] impl.
pub struct Shengji;

/// Checks the set-up: names of at most 60 characters, a level table, a minimum level not
/// above the maximum, and a first dealer on the first declarer team.
pub fn validate_setup(s: &ShengjiSetup) -> Result<(), ImportError> {
    for (t, n) in &s.teams {
        if n.chars().count() > 60 {
            return Err(said!(format!("teams.{t:?}"), "imp.name_too_long", max = Arg::Num(60)));
        }
        schema::check_named(n, format!("teams.{t:?}"))?;
    }
    for (seat, n) in &s.players {
        if n.chars().count() > 60 {
            return Err(said!(format!("players.{seat:?}"), "imp.name_too_long", max = Arg::Num(60)));
        }
    }
    if s.preset.table.bands.is_empty() {
        return Err(said!("preset.table.bands", "imp.sj_no_bands"));
    }
    check_preset_numbers(&s.preset)?;
    if let Some((lo, hi)) = s.preset.clamp {
        if lo > hi {
            return Err(said!(
                "preset.clamp",
                "imp.sj_clamp",
                lo = Arg::Text(lo.to_string()),
                hi = Arg::Text(hi.to_string())
            ));
        }
    }
    if let (Some(d), Some(declarer)) = (s.start.dealer, s.start.declarer) {
        if d.team() != declarer {
            return Err(said!("start.dealer", "imp.sj_dealer"));
        }
    }
    Ok(())
}

/// Checks the numbers of a 升级-family preset (升级 and 双升) that nothing else bounds: a
/// band's fixed levels at most the 12 from 2 to A, and time limits of 1 minute (second) to a
/// day — match time, bury and play limits, lateness that forfeits. Errors name the field
/// relative to the set-up (`preset.table.bands[2].levels`, `preset.timing.match_minutes`).
pub fn check_preset_numbers(p: &Preset) -> Result<(), ImportError> {
    for (i, b) in p.table.bands.iter().enumerate() {
        if b.levels > schema::MAX_LEVELS {
            return Err(said!(
                format!("preset.table.bands[{i}].levels"),
                "imp.at_most",
                max = Arg::Num(schema::MAX_LEVELS as i64)
            ));
        }
    }
    let t = &p.timing;
    schema::check_limit("preset.timing.match_minutes", t.match_minutes, schema::MAX_LIMIT_MINUTES)?;
    schema::check_limit("preset.timing.bury_seconds", t.bury_seconds, schema::MAX_LIMIT_SECONDS)?;
    schema::check_limit("preset.timing.play_seconds", t.play_seconds, schema::MAX_LIMIT_SECONDS)?;
    schema::check_limit(
        "preset.rulings.late_forfeit_minutes",
        p.rulings.late_forfeit_minutes,
        schema::MAX_LIMIT_MINUTES,
    )
}

/// Checks a hand against the preset ([`shengji::validate_hand`]) and its declarations
/// ([`shengji::check_declaring`]); errors name the field inside the hand.
pub fn check_hand(s: &ShengjiSetup, h: &shengji::Hand) -> Result<(), ImportError> {
    shengji::validate_hand(&s.preset, h).map_err(ImportError::from)?;
    if !h.declaring.is_empty() {
        shengji::check_declaring(&s.preset.declaring, &h.declaring).map_err(ImportError::from)?;
    }
    Ok(())
}

impl game::Game for Shengji {
    const ID: GameId = GameId::Shengji;
    const PAIR_SIDES: bool = true;
    const RULINGS: bool = true;
    type Setup = ShengjiSetup;
    type Input = shengji::Hand;
    type View = ShengjiView;

    fn validate_setup(s: &ShengjiSetup) -> Result<(), ImportError> {
        validate_setup(s)
    }
    fn check_input(_m: &Match, s: &ShengjiSetup, h: &shengji::Hand) -> Result<(), ImportError> {
        check_hand(s, h)
    }
    fn replay(m: &Match, s: &ShengjiSetup) -> ShengjiView {
        replay_shengji(m, &s.preset, &s.start)
    }
    fn first_error(v: &ShengjiView) -> Option<(String, InputError)> {
        v.first_error()
    }
    fn levels(v: &ShengjiView) -> Option<std::collections::BTreeMap<crate::rules::Team, crate::rules::Rank>> {
        Some(v.current().state.levels.clone())
    }
    fn refused(v: &ShengjiView) -> Vec<(String, InputError)> {
        v.refused.clone()
    }
    fn ruling_rules(s: &ShengjiSetup) -> crate::rules::ruling::RulingRules {
        s.preset.rulings.clone()
    }
    fn rule_choices(s: &ShengjiSetup) -> Vec<crate::rules::ruling::RuleChoice> {
        s.preset.ruling_choices()
    }
    fn counted(v: &ShengjiView) -> Vec<(String, crate::rules::ruling::Counted)> {
        v.games.iter().flat_map(|g| &g.rulings).map(|r| (r.entry_id.clone(), r.counted)).collect()
    }
    fn outcome(v: &ShengjiView) -> crate::tournament::outcome::Outcome {
        // A team match forfeited (RULES.md §1.4 [r2]): `series` counts the games before the
        // forfeit as played, the forfeited ones won by the other team; they are forfeited by
        // the offender.
        let w = |t| v.series.get(&t).copied().unwrap_or(0);
        let games_won = vec![w(Team::A), w(Team::B)];
        let mut games_forfeited = Vec::new();
        if let (Some(f), Some(_)) = (v.forfeit, v.forfeited_from) {
            let n = v.games_forfeited;
            games_forfeited = Team::BOTH.iter().map(|&t| if t == f { n } else { 0 }).collect();
        }
        crate::tournament::outcome::Outcome {
            score: games_won.iter().map(|&x| x as i64).collect(),
            games_won,
            double_wins: vec![0, 0],
            games_forfeited,
            winner: v.series_winner.map(crate::tournament::outcome::side),
            locked: v.locked,
            done: v.series_winner.is_some() || v.over || v.locked,
            forfeits: v.forfeit.map(crate::tournament::outcome::side).into_iter().collect(),
            disqualified: v.disqualified.iter().map(|&t| crate::tournament::outcome::side(t)).collect(),
            hands: v.games.iter().map(|g| g.rows.len()).sum(),
            ..Default::default()
        }
    }
    fn participants(s: &ShengjiSetup, name: &dyn Fn(&str) -> String) -> String {
        crate::record::game::two_teams(&s.teams, name)
    }
    fn names(s: &ShengjiSetup) -> (BTreeMap<Team, String>, Vec<String>) {
        (s.teams.clone(), Vec::new())
    }
    fn sheet_body(
        m: &Match,
        s: &ShengjiSetup,
        v: &ShengjiView,
        l: crate::i18n::Lang,
    ) -> crate::record::share_doc::SheetBody {
        crate::record::share_doc::games::shengji(m, s, v, l)
    }
    fn leg_setup(leg: &Leg) -> Result<ShengjiSetup, LegError> {
        let mut p = shengji::builtin_preset(leg.preset_id).filter(|p| !p.duplicate).ok_or_else(|| leg.bad())?;
        if leg.best_of > 0 {
            p.timing.best_of = leg.best_of;
        }
        if leg.long_round && p.timing.unlimited_long_rounds {
            p.timing.deal_limit = None;
            p.timing.match_minutes = None;
        }
        Ok(ShengjiSetup { preset: p, teams: leg.teams(), players: leg.players(), start: Default::default() })
    }
    fn preset_ids() -> Vec<String> {
        shengji::builtin_presets().into_iter().filter(|p| !p.duplicate).map(|p| p.id).collect()
    }
    fn preset_json(s: &Self::Setup) -> Option<String> {
        crate::json::to_string(&s.preset).ok()
    }
}
