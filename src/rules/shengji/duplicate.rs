//! 双升 duplicate (RULES.md §1.3): a board played at two tables ([`score_board`]), the
//! match totals and verdict, the default boards and refusals.

use super::*;

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
        let ts = score_table(preset, t).map_err(|e| InputError { field: format!("tables[{i}].{}", e.field), ..e })?;
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
    /// Kitty bonus (step 1): kitty points × multiplier; 0 when `kitty_void`.
    pub kitty_bonus: i32,
    /// **[r2]** The attackers' 抠底 does not count: a penalty of theirs on the hand takes
    /// their kitty right ([`PenaltyRule::voids_kitty`], 003 §三2 accepted).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub kitty_void: bool,
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
    let kitty_void = t.hand.kitty.is_some() && kitty_voided(preset, t.attackers, &t.hand.penalties);
    let (kb, mult) = kitty_bonus(preset.kitty, t.hand.kitty);
    let kb = if kitty_void { 0 } else { kb };
    let mut counts = BTreeMap::new();
    let applied = penalty_points(preset, t.attackers.other(), &t.hand.penalties, &mut counts)?;
    let raw = t.hand.points + kb + applied.iter().map(|p| p.effect).sum::<i32>();
    Ok(TableScore {
        attackers: t.attackers,
        multiplier: mult,
        kitty_bonus: kb,
        kitty_void,
        penalties: applied,
        raw_score: raw,
        score: clamp_score(preset.clamp, raw),
    })
}

/// **[r2]** `team` has lost its kitty right on this hand: one of the hand's penalties on it is
/// of a kind that [`PenaltyRule::voids_kitty`] (003 §三2, the result accepted).
pub fn kitty_voided(preset: &Preset, team: Team, penalties: &[Penalty]) -> bool {
    penalties.iter().any(|p| p.team == team && preset.penalty_rule(&p.kind).is_some_and(|r| r.voids_kitty))
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
