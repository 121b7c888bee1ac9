//! Applying a hand to the state (RULES.md §2 steps 2–6): [`apply`] and its helpers, the
//! level played, the rulings, and replay of a whole log.

use super::*;

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
///
/// Only a team that passed A scores `pass_base` + the level difference (RULES.md §2
/// `guandan-shift-3rounds`, 004 第三篇 §二(七)2 「先打过A的获胜方可得到100+级差分数」): the team
/// a time verdict names (§二(一)5, the round cut by time) passed nothing and scores its
/// levels gained, as the other team does.
pub fn round_scores(preset: &GuandanPreset, state: &GuandanState) -> Option<PerTeam<u32>> {
    let rs = preset.round_scoring?;
    let passed = |t: Team| state.winner == Some(t) && state.time_verdict.is_none();
    let steps = |t: Team| -> u32 {
        if passed(t) {
            13
        } else {
            state.levels[t].index() as u32
        }
    };
    let score = |t: Team| -> u32 {
        if passed(t) {
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
    // The ruling panel's warnings belong to this hand (counted with its fouls below).
    next.ruled_warnings = PerTeam::default();
    next.ruled_fouls = PerTeam::default();

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
        let ruled_warnings = state.ruled_warnings[team];
        let entered_warnings =
            hand.fouls.iter().filter(|f| f.team == team && f.kind == FoulKind::Warning).count() as u32;
        let warnings = entered_warnings + ruled_warnings;
        // The ruling panel's warnings count over the match (RULES.md §0 [r2]): the fouls they
        // became are in the state; those entered with the hand count within it.
        let ruled_fouls = state.ruled_fouls[team];
        let others = hand
            .fouls
            .iter()
            .filter(|f| f.team == team && matches!(f.kind, FoulKind::ExposedCard | FoulKind::Other))
            .count();
        if out_of_turn + warnings + ruled_fouls == 0 && others == 0 {
            continue;
        }
        let from_warnings = match preset.fouls.warnings_per_foul {
            Some(k) if k > 0 => entered_warnings / k,
            _ => 0,
        } + ruled_fouls;
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
        outcome.fouls.push(FoulEffect {
            team,
            out_of_turn,
            warnings,
            ruled_warnings,
            fouls,
            levels_to_opponents: got,
            rule,
        });
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
        // A warning is shown with the hand in progress; the foul it may become (counted over
        // the match by the record's register, RULES.md §0 [r2]) is added by the record.
        Ruling::Warning { team } => next.ruled_warnings[team] += 1,
        // Counted by the match's register (`rules::ruling`), which turns them into one of
        // the two above when they have a game effect.
        Ruling::Late { .. } | Ruling::Disqualified { .. } => {}
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
