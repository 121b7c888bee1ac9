//! The match state and the hand pipeline (RULES.md §1, steps 1–7 of the module
//! documentation): [`apply`] a hand, [`replay`] a log, rulings and time.

use super::*;

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
    /// Count of each penalty kind per team so far (for [`Amount::AfterFree`]), keyed
    /// `"A:kind"` ([`penalty_count_key`]): per game, except that [`apply_in_match`] sets a
    /// kind a warning ladder rules to the match's count before each hand.
    pub penalty_counts: BTreeMap<String, u32>,
    /// Penalty points given on the ruling panel during the hand in progress (RULES.md §0
    /// **[r2]**: a warning that became points, 002 §一5 the 2nd 80), in the order ruled: the
    /// next hand [`apply`]ed scores them as its own penalties of the same team, then they
    /// are cleared. Points still pending when the game ends without another hand lapse.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ruled_points: Vec<RuledPoints>,
}

/// Penalty points a ruling gave a team (RULES.md §0 **[r2]**, [`crate::rules::ruling::Effect::PointsDue`]),
/// scored with the hand in progress as a penalty of that team ([`State::ruled_points`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuledPoints {
    /// The penalised team.
    pub team: Team,
    /// Points (unsigned; the hand's declarer decides the sign, as for [`penalty_points`]).
    pub points: u32,
    /// The rule the warnings were counted under (a penalty kind such as `bury_not_at_once`,
    /// or the ruling's rule text).
    pub rule: String,
    /// Where the preset says so (the warning rule's citation, `002 §一5`).
    pub source: String,
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
            ruled_points: Vec::new(),
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
    /// Index in the hand's `penalties`; for a ruling's points (`ruled`), past them (the
    /// hand's penalty count + their position in [`State::ruled_points`]).
    pub index: usize,
    /// Signed effect on the attackers' score (+ when the declarer offended).
    pub effect: i32,
    /// Unsigned amount.
    pub amount: i32,
    /// How the amount was found, e.g. `2 × 10` (numbers only; the UI names the kind).
    pub how: String,
    /// The penalty rule's source (seed section).
    pub source: String,
    /// Points given on the ruling panel during the hand (RULES.md §0 **[r2]**), not entered
    /// with it: the team and rule they were given to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruled: Option<RuledPoints>,
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
        return Err(err("points", Why::Points { points: hand.points }));
    }
    if let Some(k) = hand.kitty {
        if !(0..=200).contains(&k.points) || k.points % 5 != 0 {
            return Err(err("kitty.points", Why::KittyPoints { points: k.points }));
        }
        if hand.points + k.points > 200 && preset.clamp.is_none() {
            // Not an error: penalties and multipliers may pass 200; plain points may not.
        }
    }
    if hand.kitty_jack.is_some() && hand.kitty.is_none() {
        return Err(err("kitty_jack", Why::JackNeedsKitty));
    }
    for (i, p) in hand.penalties.iter().enumerate() {
        let Some(rule) = preset.penalty_rule(&p.kind) else {
            return Err(err(
                format!("penalties[{i}].kind"),
                Why::NotAPenalty { kind: p.kind.clone(), preset: preset.id.clone() },
            ));
        };
        if p.cards == 0 || p.cards > 54 {
            return Err(err(format!("penalties[{i}].cards"), Why::CardCount { cards: p.cards }));
        }
        if matches!(rule.amount, Amount::GameLost) {
            return Err(err(format!("penalties[{i}].kind"), Why::GameLostKind { kind: p.kind.clone() }));
        }
        if matches!(rule.amount, Amount::Referee) && p.points.is_none() {
            return Err(err(format!("penalties[{i}].points"), Why::RefereePoints));
        }
        if let Some(pts) = p.points {
            if !(0..=400).contains(&pts) {
                return Err(err(format!("penalties[{i}].points"), Why::PenaltyPoints { points: pts }));
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
        let rule = preset.penalty_rule(&p.kind).ok_or_else(|| {
            err(format!("penalties[{i}].kind"), Why::NotAPenalty { kind: p.kind.clone(), preset: preset.id.clone() })
        })?;
        let key = penalty_count_key(p.team, &p.kind);
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
            // Refused by the hand's check; no points if reached all the same.
            Amount::GameLost => (0, "game_lost".to_string()),
        };
        let effect = if p.team == declarer { amount } else { -amount };
        out.push(AppliedPenalty { index: i, effect, amount, how, source: rule.source.clone(), ruled: None });
    }
    Ok(out)
}

/// The key of [`State::penalty_counts`] for penalties of `kind` against `team`: `"A:check_cards"`.
pub fn penalty_count_key(team: Team, kind: &str) -> String {
    format!("{team:?}:{kind}")
}

/// Step 2 for points given on the ruling panel during the hand ([`State::ruled_points`]):
/// each one a penalty of its team, `+points` for the attackers when the declarer team was
/// penalised, `−points` when the attackers were (as [`penalty_points`]); indices from `first`.
pub fn ruled_penalties(declarer: Team, first: usize, ruled: &[RuledPoints]) -> Vec<AppliedPenalty> {
    ruled
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let amount = r.points.min(i32::MAX as u32) as i32;
            AppliedPenalty {
                index: first + k,
                effect: if r.team == declarer { amount } else { -amount },
                amount,
                how: format!("{amount}"),
                source: r.source.clone(),
                ruled: Some(r.clone()),
            }
        })
        .collect()
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
        return Err(err("hand", Why::MatchOver { winner: w }));
    }
    if state.declarer_open {
        // [r2] The first hand's declaring decides the declarer team and the dealer.
        let seat = hand.declarer_seat.ok_or_else(|| err("declarer_seat", Why::DeclarerOpen))?;
        state.declarer = seat.team();
        state.dealer = Some(seat);
        state.declarer_open = false;
    } else if let Some(seat) =
        hand.declarer_seat.filter(|s| state.hands == 0 && !preset.duplicate && s.team() != state.declarer)
    {
        // [r2] A set-up declarer is the expectation, not the rule: the first hand's show of
        // the other team makes that team the declarer (先亮者为庄), never dropped.
        state.declarer = seat.team();
        state.dealer = Some(seat);
    }
    let declarer = state.declarer;
    let attackers = declarer.other();
    let dealer = hand.declarer_seat.filter(|s| s.team() == declarer).or(state.dealer);
    let levels_before = state.levels.clone();
    let mut notes = Vec::new();

    // 1. kitty
    let (kb, mult) = kitty_bonus(preset.kitty, hand.kitty);
    // 2. penalties
    let mut applied = penalty_points(preset, declarer, &hand.penalties, &mut state.penalty_counts)?;
    // The ruling panel's points of this hand count as its own penalties of the same team.
    // They are cleared once the hand counts (below).
    applied.extend(ruled_penalties(declarer, hand.penalties.len(), &state.ruled_points));
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
    state.ruled_points.clear();
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

/// [`apply`] for a hand of a match whose warnings are counted in `register` (RULES.md §0
/// **[r2]**: counted per team for the match). A penalty kind a warning ladder ending in
/// points rules ([`crate::rules::ruling::RulingRules::counted_with_warnings`], 002 §一5
/// `bury_not_at_once`: 1st warning, 2nd and each later 80) has one count, wherever it was
/// entered: the hand's penalties of that kind take their number from the register (the
/// ruling panel's warnings and the hand form's penalties so far, over every game of the
/// match) and, once the hand counts, are added to it. Other kinds are counted per game by
/// the state, as [`apply`] does. Errors: as [`apply`]; the register is then unchanged.
pub fn apply_in_match(
    preset: &Preset,
    state: &mut State,
    register: &mut crate::rules::ruling::Register,
    hand: &Hand,
) -> Result<Outcome, InputError> {
    for p in &hand.penalties {
        if let Some(rule) = preset.rulings.counted_with_warnings(&p.kind) {
            state.penalty_counts.insert(penalty_count_key(p.team, &p.kind), register.count(p.team, rule));
        }
    }
    let out = apply(preset, state, hand)?;
    for p in &hand.penalties {
        register.record_penalty(&preset.rulings, p.team, &p.kind);
    }
    Ok(out)
}

/// Replays `hands` from `start`: the final state and each hand's outcome. Errors name the
/// hand (`hands[k].field`).
pub fn replay(preset: &Preset, start: &Start, hands: &[Hand]) -> Result<(State, Vec<Outcome>), InputError> {
    let mut s = State::new(start);
    let mut out = Vec::with_capacity(hands.len());
    for (k, h) in hands.iter().enumerate() {
        let o = apply(preset, &mut s, h).map_err(|e| InputError { field: format!("hands[{k}].{}", e.field), ..e })?;
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
        // Counted by the match's register (`rules::ruling`), which turns them into one of
        // the two above when they have a game effect.
        Ruling::Warning { .. } | Ruling::Late { .. } | Ruling::Disqualified { .. } => {}
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
