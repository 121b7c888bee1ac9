//! 斗地主 match record (RULES.md §3; seed 000 §二) — set-up, hand checks and the replay of a
//! session — plus the session machinery shared with 欢乐三打一 ([`super::sandayi`]).
//!
//! A match is one **session** of one group of players (3 for 斗地主, 4 for 三打一): it is
//! played at `preset.session.tables` tables in rotation (000 §二(九) "3桌轮赛，每桌进行30分钟"),
//! each table with its own clock of `preset.session.minutes_per_table` minutes. The log
//! marks the move to the next table with an [`Op::NextGame`] entry (its `start` is unused);
//! a move past the last table starts **play-off hands** (加赛, 000 §二(十)), which only
//! decide a tie at the advancing cut and do not change the session totals.
//!
//! Seating rotates one seat per table: at table `k` (0-based) seat `s` holds player
//! `(s + k) mod n`, so each table's first deal is opened by a different player. Hands
//! always name players by their index in [`DoudizhuSetup::players`] (calling order: index + 1
//! calls next), so a rotation never changes what a logged hand means.
//!
//! Every number comes from the engine ([`crate::rules::doudizhu::score_hand`]); this module
//! only folds the log (voids, corrections, tables, clocks) into rows and standings.

use crate::record::replay::{effective, Clock, Effective};
use crate::record::schema::ImportError;
use crate::record::{ClockAction, Match, Op};
use crate::rules::doudizhu::{
    rank_session, score_hand, validate_hand, validate_preset, Call, Hand, HandResult, Preset, Ranking, RuleError,
    SessionRules,
};
use crate::rules::shengji::InputError;
use serde::{Deserialize, Serialize};

/// Longest player name, characters.
pub const MAX_NAME: usize = 60;
/// Most tables a session may have.
pub const MAX_TABLES: u32 = 12;
/// Longest table clock, minutes.
pub const MAX_MINUTES: u32 = 600;

/// Set-up of a 斗地主 session: the preset copy (tables, clock and ranking included in
/// `preset.session`) and the players' names in calling order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoudizhuSetup {
    /// The match's own copy of the preset (a referee may have changed any parameter).
    pub preset: Preset,
    /// Player names, `preset.players` of them (3); hands refer to players by index.
    #[serde(default)]
    pub players: Vec<String>,
}

fn ie(field: impl Into<String>, reason: impl Into<String>) -> ImportError {
    ImportError { field: field.into(), reason: reason.into(), msg: None }
}

/// An engine error as an import error on the same field.
pub fn rule_err(e: RuleError) -> ImportError {
    ImportError::typed(e.field, e.reason.msg())
}

/// Checks names and the session rules shared by both games: `players` has exactly
/// `n` names of at most [`MAX_NAME`] characters, tables 1–[`MAX_TABLES`], a clock of
/// 1–[`MAX_MINUTES`] minutes, at least one advancing player and fewer than `n`.
/// Errors name the field (`players`, `players[2]`, `preset.session.tables` …).
pub fn check_session(players: &[String], n: usize, session: &SessionRules) -> Result<(), ImportError> {
    if players.len() != n {
        return Err(ie("players", format!("needs {n} player names, found {}", players.len())));
    }
    for (i, p) in players.iter().enumerate() {
        if p.chars().count() > MAX_NAME {
            return Err(ie(format!("players[{i}]"), format!("name longer than {MAX_NAME} characters")));
        }
    }
    if let Some(t) = session.tables {
        if t == 0 || t > MAX_TABLES {
            return Err(ie("preset.session.tables", format!("must be 1–{MAX_TABLES}, found {t}")));
        }
    }
    if let Some(m) = session.minutes_per_table {
        if m == 0 || m > MAX_MINUTES {
            return Err(ie("preset.session.minutes_per_table", format!("must be 1–{MAX_MINUTES}, found {m}")));
        }
    }
    if session.advancing == 0 || session.advancing >= n {
        return Err(ie("preset.session.advancing", format!("must be 1–{}, found {}", n - 1, session.advancing)));
    }
    Ok(())
}

/// Checks the set-up: the preset ([`validate_preset`], errors on `preset.<field>`), the
/// names and the session ([`check_session`]).
pub fn validate_setup(s: &DoudizhuSetup) -> Result<(), ImportError> {
    validate_preset(&s.preset).map_err(rule_err)?;
    check_session(&s.players, s.preset.players, &s.preset.session)
}

/// Checks one hand against the set-up with the engine ([`validate_hand`]): errors name the
/// hand's field (`bid`, `bids[1]`, `landlord`, `went_out` …). The log so far does not
/// constrain a 斗地主 hand.
pub fn check_hand(_m: &Match, s: &DoudizhuSetup, h: &Hand) -> Result<(), ImportError> {
    validate_hand(&s.preset, h).map_err(rule_err)
}

// ---------------------------------------------------------------------------------------
// Session machinery shared with 三打一
// ---------------------------------------------------------------------------------------

/// One sitting of a session: a regular table or a round of play-off hands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Segment {
    /// 1-based table number, or 1-based play-off round.
    pub number: usize,
    /// Play-off hands (after the last table).
    pub playoff: bool,
    /// Player indices in seat order at this table (rotation: seat `s` holds `(s + k) mod n`).
    pub seating: Vec<usize>,
    /// This table's clock.
    pub clock: Clock,
    /// Hands played here.
    pub hands: usize,
    /// Each player's points at this table.
    pub totals: Vec<i64>,
}

/// Where a move on from the sitting `current` goes ([`next_sitting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NextSitting {
    /// The next table of the rotation.
    Table,
    /// The play-off hands (after the last table, a tie at the advancing cut).
    Playoff,
}

/// Whether the session may move on from `current` now, and where: only from a sitting
/// with a deal; to the next table before the last one; past the last table only into a
/// needed play-off; never from the play-off. The error says why not. One rule for the
/// replay ([`Fold::other`] refuses other moves) and for the page (it offers this one).
pub fn next_sitting(current: &Segment, at_last_table: bool, playoff_needed: bool) -> Result<NextSitting, String> {
    if current.playoff {
        Err("the play-off is being played: there is no next table".to_string())
    } else if current.hands == 0 {
        Err(format!("table {} has no deal yet", current.number))
    } else if !at_last_table {
        Ok(NextSitting::Table)
    } else if playoff_needed {
        Ok(NextSitting::Playoff)
    } else {
        Err("the last table is played and no play-off is needed".to_string())
    }
}

/// Seat order at table `k` (0-based) for `n` players: rotated one seat per table.
pub fn seating(n: usize, k: usize) -> Vec<usize> {
    (0..n).map(|s| (s + k) % n.max(1)).collect()
}

/// One hand as it counts now (after corrections), with its result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row<H, R> {
    /// Id of the original `Hand` entry (corrections target it).
    pub entry_id: String,
    /// 1-based number in the session (play-off hands continue the count).
    pub number: usize,
    /// Index into [`SessionView::segments`].
    pub segment: usize,
    /// When it was first logged, ms.
    pub at_ms: f64,
    /// The input in force (三打一: with 荒番 as carried, see `carried_from`).
    pub hand: H,
    /// The engine's result, or why the hand cannot count.
    pub result: Result<R, RuleError>,
    /// Times of the corrections applied to it, ms.
    pub corrected_ms: Vec<f64>,
    /// Running totals after this hand: session totals for a table hand, play-off totals
    /// for a play-off hand.
    pub running: Vec<i64>,
    /// 三打一: the number of the void deal this hand's 荒番 was carried from (`None` when the
    /// hand is not 荒番 or its 荒番 was entered by hand for the first deal of the log).
    pub carried_from: Option<usize>,
}

/// The standings of a session (000 §二(十)): totals, ranking, play-off.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionView {
    /// Tables in the session (from the preset; 1 when the preset says none).
    pub tables: usize,
    /// Minutes per table, if clocked.
    pub minutes_per_table: Option<u32>,
    /// The sittings so far (at least one).
    pub segments: Vec<Segment>,
    /// Session totals per player (table hands only).
    pub totals: Vec<i64>,
    /// Ranking by session total, with the play-off flag.
    pub ranking: Ranking,
    /// Play-off totals per player (play-off hands only).
    pub playoff_totals: Vec<i64>,
    /// Play-off hands that count.
    pub playoff_hands: usize,
    /// The tied players ranked by their play-off totals, once play-off hands were played.
    pub playoff_ranking: Option<Ranking>,
    /// True while a tie at the advancing cut is not broken (by play-off hands).
    pub playoff_needed: bool,
    /// The players who go through, once decided (empty while a play-off is needed).
    pub advancing: Vec<usize>,
    /// Signed off and not reopened.
    pub locked: bool,
    /// Entries other than hands that could not count, in log order: (entry id, error) — a
    /// move to the next table from a table with no deal yet, past the last table when no
    /// play-off is needed, or from the play-off (two tabs moving on at once, an open
    /// confirm acted on after another tab moved, a file with too many moves). They change
    /// nothing.
    pub refused: Vec<(String, InputError)>,
}

impl SessionView {
    /// The sitting in progress (the last one).
    pub fn current(&self) -> &Segment {
        self.segments.last().expect("a session has at least one sitting")
    }
    /// True on the last regular table or later.
    pub fn at_last_table(&self) -> bool {
        self.segments.len() >= self.tables
    }
    /// Where the session may move on to now, if anywhere ([`next_sitting`]).
    pub fn next_sitting(&self) -> Option<NextSitting> {
        next_sitting(self.current(), self.at_last_table(), self.playoff_needed).ok()
    }
    /// True when the current table's clock has reached its limit at `now_ms`.
    pub fn time_up(&self, now_ms: f64) -> bool {
        let c = self.current();
        !c.playoff && self.minutes_per_table.is_some_and(|m| c.clock.elapsed_ms(now_ms) >= m as f64 * 60_000.0)
    }
    /// True when the ranking is final: in play-off hands, signed off, or the last table's
    /// time is up.
    pub fn finished(&self, now_ms: f64) -> bool {
        self.current().playoff || self.locked || (self.at_last_table() && self.time_up(now_ms))
    }
}

/// The points of a result, per player.
pub trait Deltas {
    /// Points won (+) or lost (−) by each player.
    fn deltas(&self) -> &[i64];
}

impl Deltas for HandResult {
    fn deltas(&self) -> &[i64] {
        &self.deltas
    }
}

impl Deltas for crate::rules::sandayi::HandResult {
    fn deltas(&self) -> &[i64] {
        &self.deltas
    }
}

fn act(c: &mut Clock, a: ClockAction, at: f64) {
    c.act_at(a, at, None);
}

/// Folds a session's log: the game's replay feeds it hands, everything else (clocks, table
/// moves, sign-off) it reads itself.
pub struct Fold<H, R> {
    n: usize,
    session: SessionRules,
    segments: Vec<Segment>,
    rows: Vec<Row<H, R>>,
    totals: Vec<i64>,
    playoff_totals: Vec<i64>,
    playoff_hands: usize,
    locked: bool,
    refused: Vec<(String, InputError)>,
}

impl<H, R: Deltas> Fold<H, R> {
    /// A fold for `n` players under `session`.
    pub fn new(n: usize, session: &SessionRules) -> Self {
        Fold {
            n,
            session: session.clone(),
            segments: vec![Self::segment(n, 0, 1)],
            rows: Vec::new(),
            totals: vec![0; n],
            playoff_totals: vec![0; n],
            playoff_hands: 0,
            locked: false,
            refused: Vec::new(),
        }
    }

    fn tables(&self) -> usize {
        self.session.tables.unwrap_or(1).max(1) as usize
    }

    fn segment(n: usize, k: usize, tables: usize) -> Segment {
        let playoff = k >= tables;
        Segment {
            number: if playoff { k - tables + 1 } else { k + 1 },
            playoff,
            seating: seating(n, k),
            clock: Clock::default(),
            hands: 0,
            totals: vec![0; n],
        }
    }

    /// Applies a non-hand entry `id` (clock, next table, sign-off, reopen; others are
    /// ignored). A move to the next table counts only from a table with a deal, and past
    /// the last table only into a needed play-off (as the page offers them); otherwise it
    /// is refused ([`SessionView::refused`]).
    pub fn other(&mut self, id: &str, op: &Op, at_ms: f64) {
        match op {
            Op::Clock { action, elapsed_ms } => {
                self.segments.last_mut().unwrap().clock.act_at(*action, at_ms, *elapsed_ms)
            }
            Op::NextGame { .. } => {
                let at_last = self.segments.len() >= self.tables();
                // Before any play-off hand, a play-off is needed exactly when the ranking
                // has a tie at the cut (as `SessionView::playoff_needed`).
                let playoff_needed = rank_session(&self.totals, self.session.advancing.max(1)).playoff;
                if let Err(reason) = next_sitting(self.segments.last().unwrap(), at_last, playoff_needed) {
                    self.refused.push((id.to_string(), InputError { field: "next_game".into(), reason, msg: None }));
                    return;
                }
                act(&mut self.segments.last_mut().unwrap().clock, ClockAction::Pause, at_ms);
                let k = self.segments.len();
                let seg = Self::segment(self.n, k, self.tables());
                self.segments.push(seg);
            }
            Op::SignOff { .. } => {
                self.locked = true;
                act(&mut self.segments.last_mut().unwrap().clock, ClockAction::Pause, at_ms);
            }
            Op::Reopen { .. } => self.locked = false,
            _ => {}
        }
    }

    /// The segment the next hand belongs to, and the previous row (if any).
    pub fn last_row(&self) -> Option<&Row<H, R>> {
        self.rows.last()
    }

    /// Adds a hand with its result.
    pub fn hand(&mut self, eff: &Effective<'_>, hand: H, result: Result<R, RuleError>, carried_from: Option<usize>) {
        let si = self.segments.len() - 1;
        let seg = &mut self.segments[si];
        seg.hands += 1;
        let playoff = seg.playoff;
        if let Ok(r) = &result {
            for (p, d) in r.deltas().iter().enumerate().take(self.n) {
                seg.totals[p] = seg.totals[p].saturating_add(*d);
                let t = if playoff { &mut self.playoff_totals[p] } else { &mut self.totals[p] };
                *t = t.saturating_add(*d);
            }
        }
        if playoff {
            self.playoff_hands += 1;
        }
        let running = if playoff { self.playoff_totals.clone() } else { self.totals.clone() };
        self.rows.push(Row {
            entry_id: eff.entry.id.clone(),
            number: self.rows.len() + 1,
            segment: si,
            at_ms: eff.entry.at_ms,
            hand,
            result,
            corrected_ms: eff.corrected_ms.clone(),
            running,
            carried_from,
        });
    }

    /// The rows and the standings.
    pub fn finish(self) -> (Vec<Row<H, R>>, SessionView) {
        let advancing_n = self.session.advancing.max(1);
        let ranking = rank_session(&self.totals, advancing_n);
        let mut playoff_needed = ranking.playoff;
        let mut playoff_ranking = None;
        let mut advancing: Vec<usize> = Vec::new();
        if ranking.playoff {
            let tie_total = self.totals[ranking.playoff_players[0]];
            let above: Vec<usize> =
                ranking.standings.iter().filter(|s| s.total > tie_total).map(|s| s.player).collect();
            let need = advancing_n - above.len();
            if self.playoff_hands > 0 {
                let tied = &ranking.playoff_players;
                let sub: Vec<i64> = tied.iter().map(|&p| self.playoff_totals[p]).collect();
                let mut r = rank_session(&sub, need);
                for s in &mut r.standings {
                    s.player = tied[s.player];
                }
                r.playoff_players = r.playoff_players.iter().map(|&i| tied[i]).collect();
                if !r.playoff {
                    playoff_needed = false;
                    advancing = above.clone();
                    advancing.extend(r.standings.iter().take(need).map(|s| s.player));
                }
                playoff_ranking = Some(r);
            }
        } else {
            advancing = ranking.standings.iter().take(advancing_n).map(|s| s.player).collect();
        }
        let view = SessionView {
            tables: self.tables(),
            minutes_per_table: self.session.minutes_per_table,
            segments: self.segments,
            totals: self.totals,
            ranking,
            playoff_totals: self.playoff_totals,
            playoff_hands: self.playoff_hands,
            playoff_ranking,
            playoff_needed,
            advancing,
            locked: self.locked,
            refused: self.refused,
        };
        (self.rows, view)
    }
}

/// The first row that cannot count, as (entry id, error) for [`crate::record::replay::MatchView::first_error`].
pub fn first_error<H, R>(rows: &[Row<H, R>]) -> Option<(String, InputError)> {
    rows.iter().find_map(|r| {
        r.result.as_ref().err().map(|e| (r.entry_id.clone(), InputError::typed(e.field.clone(), e.reason.msg())))
    })
}

// ---------------------------------------------------------------------------------------
// Building a hand from the calls (both games)
// ---------------------------------------------------------------------------------------

/// The calls of a recorded bid list (one entry per player, see
/// [`crate::rules::doudizhu::check_bidding`]) in calling order from `first` (up to the first `None`).
pub fn calls_from(bids: &[Option<Call>], first: usize) -> Vec<Call> {
    let n = bids.len();
    (0..n).map(|k| bids[(first + k) % n]).take_while(Option::is_some).flatten().collect()
}

/// True when the bidding is over: everybody called, or someone bid the top value.
pub fn bidding_done(n: usize, calls: &[Call], top: u8) -> bool {
    calls.len() >= n || calls.last() == Some(&Call::Bid(top))
}

/// The full bid list (one entry per player, `None` after a top bid) once the bidding is over.
pub fn bids_from(n: usize, first: usize, calls: &[Call], top: u8) -> Option<Vec<Option<Call>>> {
    if !bidding_done(n, calls, top) {
        return None;
    }
    let mut v = vec![None; n];
    for (k, c) in calls.iter().enumerate().take(n) {
        v[(first + k) % n] = Some(*c);
    }
    Some(v)
}

/// The last (highest) bidder and bid.
pub fn high_bid(n: usize, first: usize, calls: &[Call]) -> Option<(usize, u8)> {
    calls.iter().enumerate().rev().find_map(|(k, c)| match c {
        Call::Bid(v) => Some(((first + k) % n.max(1), *v)),
        Call::Pass => None,
    })
}

// ---------------------------------------------------------------------------------------
// 斗地主 replay
// ---------------------------------------------------------------------------------------

/// A 斗地主 hand row.
pub type DdzRow = Row<Hand, HandResult>;

/// Everything derived from a 斗地主 match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DoudizhuView {
    /// Hands in order.
    pub rows: Vec<DdzRow>,
    /// Tables, clocks, totals, ranking, play-off.
    pub session: SessionView,
}

impl DoudizhuView {
    /// The first hand that cannot count, if any. Other entries that do not count
    /// ([`SessionView::refused`]) are refused when entered, not when read: an older log
    /// that has one still reads.
    pub fn first_error(&self) -> Option<(String, InputError)> {
        first_error(&self.rows)
    }
    /// Who calls first in the next deal: the player after the last deal's first caller
    /// (000 §二(三) "之后轮流首先叫牌"), or the first seat of the table for its first deal.
    pub fn next_first_bidder(&self) -> usize {
        next_first_bidder(&self.rows, &self.session, |h: &Hand| h.first_bidder)
    }
}

/// The next deal's first caller: after the previous deal's first caller within the same
/// sitting; the sitting's first seat for its first deal.
pub fn next_first_bidder<H, R>(rows: &[Row<H, R>], s: &SessionView, first_of: impl Fn(&H) -> Option<usize>) -> usize {
    let si = s.segments.len() - 1;
    let n = s.totals.len().max(1);
    match rows.last() {
        Some(r) if r.segment == si => first_of(&r.hand).map(|f| (f + 1) % n).unwrap_or(s.current().seating[0]),
        _ => s.current().seating[0],
    }
}

/// Replays a 斗地主 match: voids drop entries, the newest correction of a hand is in force,
/// each hand is scored by the engine, tables and clocks follow the log.
pub fn replay(m: &Match, s: &DoudizhuSetup) -> DoudizhuView {
    let mut fold: Fold<Hand, HandResult> = Fold::new(s.preset.players, &s.preset.session);
    for eff in effective(m) {
        match (&eff.entry.op, &eff.hand) {
            (Op::Hand { .. }, Some(crate::record::HandInput::Doudizhu(h))) => {
                let result = score_hand(&s.preset, h);
                fold.hand(&eff, h.clone(), result, None);
            }
            (Op::Hand { .. }, Some(other)) => {
                let err = RuleError::new("hand", crate::rules::doudizhu::Reason::WrongGame { game: other.game() });
                fold.hand(&eff, Hand::redeal(), Err(err), None);
            }
            (op, _) => fold.other(&eff.entry.id, op, eff.entry.at_ms),
        }
    }
    let (rows, session) = fold.finish();
    DoudizhuView { rows, session }
}

/// 斗地主's [`crate::record::game::Game`] impl.
pub struct Doudizhu;

impl crate::record::game::Game for Doudizhu {
    const ID: crate::record::game::GameId = crate::record::game::GameId::Doudizhu;
    const SESSION: bool = true;
    type Setup = DoudizhuSetup;
    type Input = Hand;
    type View = DoudizhuView;

    fn validate_setup(s: &DoudizhuSetup) -> Result<(), ImportError> {
        validate_setup(s)
    }
    fn check_input(m: &Match, s: &DoudizhuSetup, h: &Hand) -> Result<(), ImportError> {
        check_hand(m, s, h)
    }
    fn replay(m: &Match, s: &DoudizhuSetup) -> DoudizhuView {
        replay(m, s)
    }
    fn first_error(v: &DoudizhuView) -> Option<(String, InputError)> {
        v.first_error()
    }
    fn refused(v: &DoudizhuView) -> Vec<(String, InputError)> {
        v.session.refused.clone()
    }
    fn outcome(v: &DoudizhuView) -> crate::tournament::outcome::Outcome {
        crate::tournament::outcome::session(&v.session, v.rows.len())
    }
    fn participants(s: &DoudizhuSetup) -> String {
        s.players.join(" / ")
    }
    fn leg_setup(leg: &crate::tournament::tables::Leg) -> Result<DoudizhuSetup, crate::tournament::tables::LegError> {
        let preset = crate::rules::doudizhu::builtin_presets()
            .into_iter()
            .find(|p| p.id == leg.preset_id)
            .ok_or_else(|| leg.bad())?;
        Ok(DoudizhuSetup { players: leg.session_players(preset.players)?, preset })
    }
    fn preset_ids() -> Vec<String> {
        crate::rules::doudizhu::builtin_presets().into_iter().map(|p| p.id).collect()
    }
    fn preset_name(id: &str) -> Option<String> {
        crate::rules::doudizhu::builtin_presets().into_iter().find(|p| p.id == id).map(|p| p.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay::{self, MatchView};
    use crate::record::{schema, Entry, HandInput, Setup};
    use crate::rules::doudizhu::find_preset;
    use proptest::prelude::*;

    pub(crate) fn blank(id: &str) -> Match {
        Match {
            id: id.into(),
            created_ms: 0.0,
            title: String::new(),
            setup: Setup::Doudizhu(DoudizhuSetup {
                preset: find_preset("jiankang-doudizhu").unwrap(),
                players: vec!["甲".into(), "乙".into(), "丙".into()],
            }),
            entries: Vec::new(),
        }
    }

    fn hand(landlord: usize, bid: u8, bombs: u32, won: bool) -> Hand {
        Hand { landlord: Some(landlord), bid, bombs, landlord_won: won, ..Hand::default() }
    }

    fn put(m: &mut Match, id: &str, at: f64, op: Op) -> Result<(), ImportError> {
        m.append(Entry { after: None, id: id.into(), at_ms: at, op })
    }

    fn h(x: Hand) -> Op {
        Op::Hand { hand: HandInput::Doudizhu(x) }
    }

    fn view(m: &Match) -> DoudizhuView {
        match replay::replay(m) {
            MatchView::Doudizhu(v) => v,
            _ => panic!("a 斗地主 match"),
        }
    }

    #[test]
    fn forks_are_seen() {
        let mut m = blank("ddz");
        put(&mut m, "h1", 1.0, h(hand(0, 3, 0, true))).unwrap();
        schema::assert_forks_are_seen(&m, &h(hand(1, 2, 1, true)), &h(hand(2, 1, 0, false)));
    }

    #[test]
    fn bidding_helpers() {
        use Call::{Bid, Pass};
        assert!(!bidding_done(3, &[Pass, Bid(1)], 3));
        assert!(bidding_done(3, &[Pass, Bid(3)], 3));
        assert_eq!(bids_from(3, 2, &[Pass, Bid(3)], 3), Some(vec![Some(Bid(3)), None, Some(Pass)]));
        assert_eq!(bids_from(3, 2, &[Pass, Bid(1)], 3), None);
        assert_eq!(high_bid(3, 2, &[Pass, Bid(1), Bid(2)]), Some((1, 2)));
        assert_eq!(calls_from(&[Some(Bid(3)), None, Some(Pass)], 2), vec![Pass, Bid(3)]);
        assert_eq!(bids_from(3, 1, &[Pass, Pass, Pass], 3), Some(vec![Some(Pass); 3]));
        // what the helpers build is what the engine accepts
        let bids = bids_from(4, 3, &[Pass, Bid(1), Bid(2), Pass], 3).unwrap();
        let b = crate::rules::doudizhu::check_bidding(&bids, Some(3), &[1, 2, 3], 4).unwrap();
        assert_eq!(b.winner, high_bid(4, 3, &[Pass, Bid(1), Bid(2), Pass]));
    }

    #[test]
    fn setup_is_checked() {
        let m = blank("d1");
        schema::validate_match(&m).unwrap();
        let mut bad = m.clone();
        if let Setup::Doudizhu(s) = &mut bad.setup {
            s.players.pop();
        }
        assert_eq!(schema::validate_match(&bad).unwrap_err().field, "setup.players");
        let mut bad = m.clone();
        if let Setup::Doudizhu(s) = &mut bad.setup {
            s.preset.session.tables = Some(0);
        }
        assert_eq!(schema::validate_match(&bad).unwrap_err().field, "setup.preset.session.tables");
        let mut bad = m;
        if let Setup::Doudizhu(s) = &mut bad.setup {
            s.preset.landlord_share = 3;
        }
        assert_eq!(schema::validate_match(&bad).unwrap_err().field, "setup.preset.landlord_share");
    }

    #[test]
    fn bad_hands_are_refused_naming_the_field() {
        let mut m = blank("d2");
        let e = put(&mut m, "h1", 1.0, h(hand(0, 4, 0, true))).unwrap_err();
        assert_eq!(e.field, "op.hand.doudizhu.bid");
        let bids = vec![Some(Call::Bid(2)), Some(Call::Bid(1)), Some(Call::Pass)];
        let e = put(&mut m, "h1", 1.0, h(Hand { bids: Some(bids), first_bidder: Some(0), ..hand(0, 2, 0, true) }))
            .unwrap_err();
        assert_eq!(e.field, "op.hand.doudizhu.bids[1]");
        assert!(m.entries.is_empty());
    }

    #[test]
    fn three_tables_rotate_with_running_totals_and_ranking() {
        let mut m = blank("d3");
        put(&mut m, "c1", 0.0, Op::Clock { action: ClockAction::Start, elapsed_ms: None }).unwrap();
        put(&mut m, "h1", 1.0, h(Hand { rockets: 1, ..hand(0, 3, 1, true) })).unwrap(); // +24 −12 −12
        put(&mut m, "n1", 1_800_000.0, Op::NextGame { start: Default::default() }).unwrap();
        put(&mut m, "h2", 1_800_001.0, h(hand(1, 2, 0, false))).unwrap(); // +2 −4 +2
        put(&mut m, "n2", 1_800_002.0, Op::NextGame { start: Default::default() }).unwrap();
        put(&mut m, "h3", 1_800_003.0, h(Hand { spring: true, ..hand(2, 1, 2, true) })).unwrap(); // −8 −8 +16
        let v = view(&m);
        assert_eq!(v.session.segments.len(), 3);
        assert_eq!(v.session.segments[0].clock.elapsed_ms(5e6), 1_800_000.0);
        assert_eq!(v.session.segments[1].seating, vec![1, 2, 0]);
        assert_eq!(v.session.totals, vec![18, -24, 6]);
        assert_eq!(v.rows[1].running, vec![26, -16, -10]);
        assert_eq!(v.session.segments[2].totals, vec![-8, -8, 16]);
        assert_eq!(v.session.advancing, vec![0]);
        assert!(!v.session.playoff_needed);
        assert!(v.session.at_last_table());
        assert!(v.first_error().is_none());
        // next first caller rotates within the table
        assert_eq!(v.next_first_bidder(), v.session.current().seating[0]);
    }

    #[test]
    fn a_tie_at_the_top_needs_play_off_hands() {
        let mut m = blank("d4");
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap(); // +2 −1 −1
        put(&mut m, "h2", 2.0, h(hand(1, 1, 0, true))).unwrap(); // −1 +2 −1 → 1 1 −2
        let v = view(&m);
        assert!(v.session.playoff_needed);
        assert_eq!(v.session.ranking.playoff_players, vec![0, 1]);
        assert!(v.session.advancing.is_empty());
        // tables=3: two moves reach the last table (each table after a deal: a redeal
        // keeps the tie), a third starts the play-off
        for (i, id) in ["n1", "n2", "n3"].iter().enumerate() {
            if i > 0 {
                put(&mut m, &format!("r{i}"), 3.0 + i as f64, h(Hand::redeal())).unwrap();
            }
            put(&mut m, id, 3.5 + i as f64, Op::NextGame { start: Default::default() }).unwrap();
        }
        put(&mut m, "p1", 10.0, h(hand(1, 2, 0, true))).unwrap(); // play-off: −2 +4 −2
        let v = view(&m);
        assert!(v.session.current().playoff);
        assert_eq!(v.session.totals, vec![1, 1, -2], "play-off hands do not change the totals");
        assert_eq!(v.session.playoff_totals, vec![-2, 4, -2]);
        assert!(!v.session.playoff_needed);
        assert_eq!(v.session.advancing, vec![1]);
    }

    /// Moving on counts only from a table with a deal and, past the last table, only into
    /// a needed play-off: a second move (two tabs, or a confirm left open while another
    /// tab moved on) is refused instead of skipping a table.
    #[test]
    fn a_move_to_the_next_table_needs_a_deal_at_this_one() {
        let mut m = blank("d5");
        let next = || Op::NextGame { start: Default::default() };
        let err = m
            .clone()
            .append_replayed(crate::record::Entry { after: None, id: "n0".into(), at_ms: 0.5, op: next() })
            .unwrap_err();
        assert_eq!(
            (err.field.as_str(), err.reason.as_str()),
            (crate::record::NOT_PLAYABLE, "entries[0]: next_game: table 1 has no deal yet")
        );
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap();
        put(&mut m, "n1", 2.0, next()).unwrap();
        let err = m
            .clone()
            .append_replayed(crate::record::Entry { after: None, id: "n2".into(), at_ms: 3.0, op: next() })
            .unwrap_err();
        assert!(err.reason.ends_with("table 2 has no deal yet"), "{}", err.reason);
        put(&mut m, "h2", 4.0, h(hand(1, 1, 0, false))).unwrap();
        put(&mut m, "n2", 5.0, next()).unwrap();
        put(&mut m, "h3", 6.0, h(hand(2, 1, 0, false))).unwrap();
        // The last table is played and nobody is tied at the cut: no fourth sitting.
        let v = view(&m);
        assert!(v.session.at_last_table() && !v.session.playoff_needed, "{:?}", v.session.totals);
        let err = m
            .clone()
            .append_replayed(crate::record::Entry { after: None, id: "n3".into(), at_ms: 7.0, op: next() })
            .unwrap_err();
        assert!(err.reason.ends_with("no play-off is needed"), "{}", err.reason);
        // Deleting table 2's only deal once table 3 has started is refused too.
        let err = m
            .append(crate::record::Entry {
                after: None,
                id: "v".into(),
                at_ms: 8.0,
                op: Op::Void { target: "h2".into(), reason: "delete".into() },
            })
            .unwrap_err();
        assert_eq!(err.field, crate::record::LATER_HAND);
    }

    #[test]
    fn edit_and_undo_recompute() {
        let mut m = blank("d5");
        put(&mut m, "h1", 1.0, h(hand(0, 1, 0, true))).unwrap();
        put(&mut m, "h2", 2.0, h(hand(0, 1, 0, true))).unwrap();
        put(&mut m, "c1", 3.0, Op::Correct { target: "h1".into(), hand: HandInput::Doudizhu(hand(0, 3, 0, false)) })
            .unwrap();
        let v = view(&m);
        assert_eq!(v.session.totals, vec![-6 + 2, 3 - 1, 3 - 1]);
        assert_eq!(v.rows[0].corrected_ms, vec![3.0]);
        let t = m.undo_target().unwrap().id.clone();
        put(&mut m, "v1", 4.0, Op::Void { target: t, reason: "undo".into() }).unwrap();
        assert_eq!(view(&m).session.totals, vec![4, -2, -2]);
        put(&mut m, "v2", 5.0, Op::Void { target: "h1".into(), reason: "delete".into() }).unwrap();
        let v = view(&m);
        assert_eq!(v.rows.len(), 1);
        assert_eq!(v.rows[0].number, 1);
    }

    #[test]
    fn export_import_keeps_the_session() {
        let mut m = blank("d6");
        put(&mut m, "h1", 1.0, h(Hand { went_out: Some(0), ..hand(0, 3, 1, true) })).unwrap();
        put(
            &mut m,
            "h2",
            2.0,
            h(Hand { bids: Some(vec![Some(Call::Pass); 3]), first_bidder: Some(1), ..Hand::redeal() }),
        )
        .unwrap();
        let file = schema::export(std::slice::from_ref(&m), 9.0);
        let back = schema::parse_import(&file).unwrap();
        assert_eq!(back, vec![m.clone()]);
        assert_eq!(view(&back[0]), view(&m));
        assert_eq!(view(&m).rows[1].result.as_ref().unwrap().deltas, vec![0, 0, 0]);
    }

    fn arb_hand() -> impl Strategy<Value = Hand> {
        (0usize..3, 1u8..=3, 0u32..=13, 0u32..=1, any::<bool>(), 0u8..3, 0usize..2).prop_map(
            |(landlord, bid, bombs, rockets, won, special, farmer)| Hand {
                rockets,
                spring: won && special == 1,
                anti_spring: !won && special == 2,
                went_out: Some(if won { landlord } else { (landlord + 1 + farmer) % 3 }),
                ..hand(landlord, bid, bombs, won)
            },
        )
    }

    proptest! {
        #[test]
        fn each_logged_hand_sums_to_zero(hands in proptest::collection::vec(
            prop_oneof![9 => arb_hand(), 1 => Just(Hand::redeal())], 1..25), moves in 0usize..4) {
            let mut m = blank("dp");
            for (i, x) in hands.iter().enumerate() {
                if i > 0 && i % 7 == 0 && i / 7 <= moves {
                    // Refused when it cannot count (past the last table, no play-off needed).
                    let _ = put(&mut m, &format!("n{i}"), i as f64, Op::NextGame { start: Default::default() });
                }
                put(&mut m, &format!("h{i}"), i as f64 + 0.5, h(x.clone())).unwrap();
            }
            let v = view(&m);
            prop_assert!(v.first_error().is_none());
            for r in &v.rows {
                prop_assert_eq!(r.result.as_ref().unwrap().deltas.iter().sum::<i64>(), 0);
            }
            prop_assert_eq!(v.session.totals.iter().sum::<i64>() + v.session.playoff_totals.iter().sum::<i64>(), 0);
            let seg_sum: i64 = v.session.segments.iter().flat_map(|s| s.totals.iter()).sum();
            prop_assert_eq!(seg_sum, 0);
        }
    }
}
