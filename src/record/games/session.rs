//! The session machinery shared by 斗地主 and 欢乐三打一 (RULES.md §3, §4; 000 §二(九)(十)):
//! the set-up checks of a session, its sittings ([`Segment`]: tables in rotation, then
//! play-off hands) with their seating and clocks, the fold of a session's log into rows and
//! standings ([`Fold`], [`SessionView`]), and the hand built from the calls.
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
//! always name players by their index in the set-up's player list (calling order: index + 1
//! calls next), so a rotation never changes what a logged hand means.

use crate::record::replay::{Clock, Effective};
use crate::record::schema::said;
use crate::record::schema::ImportError;
use crate::record::{ClockAction, Op};
use crate::rules::doudizhu::{
    rank_session, rank_session_out, Call, HandResult, Ranking, Reason, RuleError, SessionRules, Standing,
};
use crate::rules::shengji::InputError;
use crate::rules::Arg;
use crate::rules::Ruling;
use serde::Serialize;

/// Longest player name, characters.
pub const MAX_NAME: usize = 60;
/// Most tables a session may have.
pub const MAX_TABLES: u32 = 12;
/// Longest table clock, minutes.
pub const MAX_MINUTES: u32 = 600;

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
        return Err(said!(
            "players",
            "imp.players_count",
            n = Arg::Num(n as i64),
            found = Arg::Num(players.len() as i64)
        ));
    }
    for (i, p) in players.iter().enumerate() {
        if p.chars().count() > MAX_NAME {
            return Err(said!(format!("players[{i}]"), "imp.name_too_long", max = Arg::Num(MAX_NAME as i64)));
        }
        crate::record::schema::check_named(p, format!("players[{i}]"))?;
    }
    if let Some(t) = session.tables {
        if t == 0 || t > MAX_TABLES {
            return Err(said!(
                "preset.session.tables",
                "imp.range",
                lo = Arg::Num(1),
                hi = Arg::Num(MAX_TABLES as i64),
                found = Arg::Num(t as i64)
            ));
        }
    }
    if let Some(m) = session.minutes_per_table {
        if m == 0 || m > MAX_MINUTES {
            return Err(said!(
                "preset.session.minutes_per_table",
                "imp.range",
                lo = Arg::Num(1),
                hi = Arg::Num(MAX_MINUTES as i64),
                found = Arg::Num(m as i64)
            ));
        }
    }
    if session.advancing == 0 || session.advancing >= n {
        return Err(said!(
            "preset.session.advancing",
            "imp.range",
            lo = Arg::Num(1),
            hi = Arg::Num((n - 1) as i64),
            found = Arg::Num(session.advancing as i64)
        ));
    }
    Ok(())
}

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
    /// Id of the [`Op::NextGame`] entry that moved the session here (`None` for table 1).
    pub started_by: Option<String>,
    /// The 1-based session number of the hand that closed this table by time: the first
    /// hand that counts recorded (its entry's `at_ms`) once this table's clock, as the logged
    /// clock entries run it, had reached `minutes_per_table` — the hand in progress when the
    /// table's time ran out (000 §二(九) "每桌进行30分钟"; RULES.md §3, §4). The table's clock
    /// stops there and no later hand at this table counts: [`Reason::TableTimeOver`] before
    /// the last table (the session moves on with [`Op::NextGame`]), [`Reason::TimeOver`] at
    /// the last one (where it is also [`SessionView::time_over`]). `None` for play-off hands
    /// and while the table's time has not run out at a hand (or no clock is used).
    pub time_over: Option<usize>,
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
/// needed play-off; never from the play-off. The error (field `next_game`) says why not,
/// typed (`ddz.why.next_*`) with its plain English reason. One rule for the replay
/// ([`Fold::other`] refuses other moves) and for the page (it offers this one).
pub fn next_sitting(current: &Segment, at_last_table: bool, playoff_needed: bool) -> Result<NextSitting, InputError> {
    use crate::rules::{Arg, Msg};
    let no = |reason: String, msg: Msg| InputError { field: "next_game".into(), reason, msg: Some(msg) };
    if current.playoff {
        Err(no(
            "the play-off is being played: there is no next table".to_string(),
            Msg::new("ddz.why.next_in_playoff", vec![]),
        ))
    } else if current.hands == 0 {
        Err(no(
            format!("table {} has no deal yet", current.number),
            Msg::new("ddz.why.next_no_deal", vec![("table", Arg::Num(current.number as i64))]),
        ))
    } else if !at_last_table {
        Ok(NextSitting::Table)
    } else if playoff_needed {
        Ok(NextSitting::Playoff)
    } else {
        Err(no(
            "the last table is played and no play-off is needed".to_string(),
            Msg::new("ddz.why.next_after_last", vec![]),
        ))
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

/// How a player left the session by a ruling (RULES.md §0 **[r2]**).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OutKind {
    /// 判负: the session ends; the others' totals stand and the offender ranks last
    /// *(reading of "a `game_lost` ends that player's table session")*.
    GameLost,
    /// 取消比赛资格: out of the session as for a game lost; the entrant's remaining fixtures
    /// of the event are forfeited too.
    Disqualified,
}

/// One ruling of a session as it counts now (after its edits and appeals).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionRulingRow {
    /// Id of the `Ruling` entry.
    pub entry_id: String,
    /// The player ruled against (index into the set-up's players).
    pub player: usize,
    /// The ruling in force (its `team` is not read).
    pub ruling: Ruling,
    /// Hands of the session played before it.
    pub after_hand: usize,
    /// For a warning: the how-manieth warning to that player under its rule (1-based).
    pub warning_no: Option<u32>,
    /// Why it could not count (a level penalty; a second game lost after the session ended).
    pub result: Result<(), RuleError>,
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
    /// Players out of the session by a ruling, in log order (they rank last, the first out
    /// lowest: [`rank_session_out`]); once one is out, no later hand or table counts.
    pub out: Vec<(usize, OutKind)>,
    /// The rulings that count, in log order.
    pub rulings: Vec<SessionRulingRow>,
    /// The 1-based number of the hand that ended the session by time: the first hand that
    /// counts recorded (its entry's `at_ms`) when the last table's clock, as the logged clock
    /// entries run it, had reached `minutes_per_table` — the hand in progress when time ran
    /// out (000 §二(九)(十); RULES.md §3, §4). No later table hand counts
    /// ([`Reason::TimeOver`]); a play-off for a tie at the cut still may be played. `None`
    /// while the clock of the last table has not run out at a hand (or is not used).
    pub time_over: Option<usize>,
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
    /// True when the ranking is final: in play-off hands, signed off, ended by a ruling or by
    /// time ([`SessionView::time_over`]), or the last table's time is up at `now_ms`.
    pub fn finished(&self, now_ms: f64) -> bool {
        self.current().playoff
            || self.locked
            || self.over()
            || self.time_over.is_some()
            || (self.at_last_table() && self.time_up(now_ms))
    }
    /// Why no further hand counts now, if so: the session ended by a ruling
    /// ([`Reason::SessionOver`]), the last table closed by time ([`Reason::TimeOver`], until
    /// a play-off starts), or an earlier table closed by time ([`Reason::TableTimeOver`],
    /// until the move to the next table). The same reason the replay gives a hand recorded
    /// now; the page closes its entry form on a closing by time.
    pub fn closed(&self) -> Option<Reason> {
        closed(&self.out, self.current(), self.at_last_table())
    }
    /// True when the session is over by its own rules or signed off, so its outcome is final:
    /// ended by a ruling, by the last table's time with no tie at the cut, or by play-off
    /// hands that decided a tie at the cut ([`SessionView::playoff_decided`]; RULES.md §3
    /// "ranking by total; tie → play-off hands", 000 §二(十) 「加赛，分出高低为止」). Derived
    /// by replay like everything else: an edit that undoes the decision undoes this too.
    pub fn done(&self) -> bool {
        self.locked || self.over() || (self.time_over.is_some() && !self.ranking.playoff) || self.playoff_decided()
    }
    /// True once play-off hands have broken a tie at the advancing cut: there was one
    /// (`ranking.playoff`) and none is left to break ([`SessionView::playoff_needed`] false,
    /// [`SessionView::advancing`] known). 000 §二(十) 「加赛，分出高低为止」.
    pub fn playoff_decided(&self) -> bool {
        self.ranking.playoff && !self.playoff_needed && self.playoff_ranking.is_some()
    }
    /// The places of the session: [`SessionView::ranking`]'s standings, with the players tied
    /// at the cut in the order the play-off decided once it has
    /// ([`SessionView::playoff_decided`]): each takes the tie's place plus its place in the
    /// play-off ranking minus one (players still level there share a place) and keeps its
    /// session total — play-off hands are unscored (RULES.md §3 "tie → play-off hands", §6;
    /// 000 §二(十)). Before the play-off has decided, or without a tie, the standings as
    /// ranked by total. The place order the page's ranking, the result sheet, the home line
    /// and the event's outcome use.
    pub fn final_standings(&self) -> Vec<Standing> {
        let mut out = self.ranking.standings.clone();
        let Some(po) = self.playoff_ranking.as_ref().filter(|_| self.playoff_decided()) else { return out };
        let tied = &self.ranking.playoff_players;
        // The tied players share one total, so they stand together in the ranking.
        let Some(start) = out.iter().position(|s| tied.contains(&s.player)) else { return out };
        let base = out[start].place;
        let decided: Vec<Standing> = po
            .standings
            .iter()
            .map(|p| Standing {
                player: p.player,
                total: self.totals.get(p.player).copied().unwrap_or(p.total),
                place: base + p.place - 1,
            })
            .collect();
        let end = (start + tied.len()).min(out.len());
        out.splice(start..end, decided);
        out
    }
    /// True once a ruling ended the session (a player lost it or was disqualified).
    pub fn over(&self) -> bool {
        !self.out.is_empty()
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
    out: Vec<(usize, OutKind)>,
    rulings: Vec<SessionRulingRow>,
    warnings: std::collections::BTreeMap<(usize, String), u32>,
    refused: Vec<(String, InputError)>,
    time_over: Option<usize>,
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
            out: Vec::new(),
            rulings: Vec::new(),
            warnings: Default::default(),
            refused: Vec::new(),
            time_over: None,
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
            started_by: None,
            time_over: None,
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
            Op::NextGame { .. } if !self.out.is_empty() => {
                let reason = Reason::SessionOver { player: self.out[0].0 };
                self.refused.push((id.to_string(), InputError::typed("next_game", reason.msg())));
            }
            Op::NextGame { .. } => {
                let at_last = self.segments.len() >= self.tables();
                // Before any play-off hand, a play-off is needed exactly when the ranking
                // has a tie at the cut (as `SessionView::playoff_needed`).
                let playoff_needed = rank_session(&self.totals, self.session.advancing.max(1)).playoff;
                if let Err(no) = next_sitting(self.segments.last().unwrap(), at_last, playoff_needed) {
                    self.refused.push((id.to_string(), no));
                    return;
                }
                self.segments.last_mut().unwrap().clock.act(ClockAction::Pause, at_ms);
                let k = self.segments.len();
                let seg = Segment { started_by: Some(id.to_string()), ..Self::segment(self.n, k, self.tables()) };
                self.segments.push(seg);
            }
            Op::SignOff { .. } => {
                self.locked = true;
                self.segments.last_mut().unwrap().clock.act(ClockAction::Pause, at_ms);
            }
            Op::Reopen { .. } => self.locked = false,
            _ => {}
        }
    }

    /// The segment the next hand belongs to, and the previous row (if any).
    pub fn last_row(&self) -> Option<&Row<H, R>> {
        self.rows.last()
    }

    /// Applies a ruling that counts (RULES.md §0 **[r2]**) against `eff.player`: a game
    /// lost or a disqualification ends the session (the others' totals stand, the offender
    /// ranks last — *reading*) and the table clock stops; a warning is counted per player and
    /// rule; lateness is recorded. A level penalty (a session has no levels) and a second
    /// ruling that would end a session already over are refused ([`SessionView::refused`]).
    pub fn ruling(&mut self, eff: &Effective<'_>) {
        let (Some(ruling), Some(player)) = (eff.ruling, eff.player) else { return };
        if player >= self.n {
            return; // refused when entered (`op.player`)
        }
        let mut warning_no = None;
        let result = match ruling {
            Ruling::LevelPenalty { .. } => Err(Reason::NoLevels),
            Ruling::GameLost { .. } | Ruling::Disqualified { .. } => match self.out.first() {
                Some(&(q, _)) => Err(Reason::SessionOver { player: q }),
                None => {
                    let kind = if matches!(ruling, Ruling::GameLost { .. }) {
                        OutKind::GameLost
                    } else {
                        OutKind::Disqualified
                    };
                    self.out.push((player, kind));
                    self.segments.last_mut().unwrap().clock.act(ClockAction::Pause, eff.entry.at_ms);
                    Ok(())
                }
            },
            Ruling::Warning { .. } => {
                let n = self.warnings.entry((player, eff.rule.trim().to_string())).or_default();
                *n += 1;
                warning_no = Some(*n);
                Ok(())
            }
            Ruling::Late { .. } => Ok(()),
        };
        let result = result.map_err(|reason| RuleError::new("ruling", reason));
        if let Err(e) = &result {
            self.refused.push((eff.entry.id.clone(), InputError::typed("ruling", e.reason.msg())));
        }
        self.rulings.push(SessionRulingRow {
            entry_id: eff.entry.id.clone(),
            player,
            ruling,
            after_hand: self.rows.len(),
            warning_no,
            result,
        });
    }

    fn advancing_n(&self) -> usize {
        self.session.advancing.max(1)
    }

    /// Adds a hand with its result (refused once the session or the table is closed:
    /// [`SessionView::closed`]).
    /// A hand that counts, recorded at a table once its clock has run to
    /// `minutes_per_table` (the clock as the logged entries run it, at the hand's `at_ms`),
    /// is the hand in progress when time ran out: it is the table's last hand
    /// ([`Segment::time_over`]) and stops the table's clock; at the last table it ends the
    /// table play ([`SessionView::time_over`]).
    pub fn hand(&mut self, eff: &Effective<'_>, hand: H, result: Result<R, RuleError>, carried_from: Option<usize>) {
        let at_last = self.segments.len() >= self.tables();
        let result = match closed(&self.out, self.segments.last().unwrap(), at_last) {
            Some(reason) => Err(RuleError::new("hand", reason)),
            None => result,
        };
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
        let limit_ms = self.session.minutes_per_table.map(|m| m as f64 * 60_000.0);
        let seg = &mut self.segments[si];
        let out_of_time = limit_ms.is_some_and(|l| seg.clock.started && seg.clock.elapsed_ms(eff.entry.at_ms) >= l);
        if result.is_ok() && !playoff && out_of_time {
            let number = self.rows.len() + 1;
            seg.time_over = Some(number);
            seg.clock.act(ClockAction::Pause, eff.entry.at_ms);
            if at_last {
                self.time_over = Some(number);
            }
        }
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
        let out: Vec<usize> = self.out.iter().map(|(p, _)| *p).collect();
        let Decision { ranking, playoff_needed, playoff_ranking, advancing } =
            decide(&self.totals, &self.playoff_totals, self.playoff_hands, self.advancing_n(), &out);
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
            out: self.out,
            rulings: self.rulings,
            time_over: self.time_over,
            refused: self.refused,
        };
        (self.rows, view)
    }
}

/// Why a hand recorded now at sitting `current` cannot count, if so: a ruling put a player
/// out (`out`, [`Reason::SessionOver`]), or, outside a play-off, the table's time ran out at
/// hand [`Segment::time_over`]: at the last table (`at_last`) the session's table play is
/// over ([`Reason::TimeOver`]), before it only this table is ([`Reason::TableTimeOver`]).
fn closed(out: &[(usize, OutKind)], current: &Segment, at_last: bool) -> Option<Reason> {
    match out.first() {
        Some(&(player, _)) => Some(Reason::SessionOver { player }),
        None if current.playoff => None,
        None => current.time_over.map(|hand| {
            if at_last {
                Reason::TimeOver { hand }
            } else {
                Reason::TableTimeOver { table: current.number, hand }
            }
        }),
    }
}

/// The ranking of a session and what the play-off decided ([`decide`]).
struct Decision {
    ranking: Ranking,
    playoff_needed: bool,
    playoff_ranking: Option<Ranking>,
    advancing: Vec<usize>,
}

/// Ranks the session totals (players in `out` last, [`rank_session_out`]) and, on a tie at
/// the cut of `advancing_n`, the tied players by their play-off totals once `playoff_hands`
/// were played (000 §二(十)): whether a play-off is still needed and who goes through.
fn decide(totals: &[i64], playoff_totals: &[i64], playoff_hands: usize, advancing_n: usize, out: &[usize]) -> Decision {
    let ranking = rank_session_out(totals, advancing_n, out);
    let mut playoff_needed = ranking.playoff;
    let mut playoff_ranking = None;
    let mut advancing: Vec<usize> = Vec::new();
    if ranking.playoff {
        let tie_total = totals[ranking.playoff_players[0]];
        let above: Vec<usize> = ranking
            .standings
            .iter()
            .filter(|s| s.total > tie_total && !out.contains(&s.player))
            .map(|s| s.player)
            .collect();
        let need = advancing_n - above.len();
        if playoff_hands > 0 {
            let tied = &ranking.playoff_players;
            let sub: Vec<i64> = tied.iter().map(|&p| playoff_totals[p]).collect();
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
        advancing =
            ranking.standings.iter().filter(|s| !out.contains(&s.player)).take(advancing_n).map(|s| s.player).collect();
    }
    Decision { ranking, playoff_needed, playoff_ranking, advancing }
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

/// A player's display name, isolated ([`crate::bidi::isolated`]; `P2` when the name is empty).
pub fn name_of(names: &[String], i: usize) -> String {
    names
        .get(i)
        .map(|s| crate::bidi::isolated(s.trim()))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| format!("P{}", i + 1))
}

/// Label of sitting `seg` of session `s` in language `l`: `第 2/3 桌` / `加赛 1`.
pub fn table_label(l: crate::i18n::Lang, s: &SessionView, seg: usize) -> String {
    use crate::i18n::tr;
    let g = &s.segments[seg];
    if g.playoff {
        format!("{} {}", tr(l, "ddz.playoff"), g.number)
    } else {
        tr(l, "ddz.table_of").replace("{k}", &g.number.to_string()).replace("{n}", &s.tables.to_string())
    }
}

/// The name of the move to another sitting logged as entry `id` of session `s` in language
/// `l` (for the undo button and the log): `换桌 · 第 2/3 桌`, or `开始加赛` into the play-off;
/// `None` when no sitting was started by `id`.
pub fn move_label(l: crate::i18n::Lang, s: &SessionView, id: &str) -> Option<String> {
    use crate::i18n::tr;
    let k = s.segments.iter().position(|g| g.started_by.as_deref() == Some(id))?;
    Some(if s.segments[k].playoff {
        tr(l, "ddz.start_playoff").to_string()
    } else {
        format!("{} · {}", tr(l, "ddz.log_next_table"), table_label(l, s, k))
    })
}

/// The home list's line of a session of game `G` (斗地主, 三打一; RULES.md §3) in language
/// `l`: the sitting in play, the hands that count and the first place's session total
/// ([`SessionView::final_standings`]: a decided play-off orders a tie),
/// `第 2/3 桌 · 5 局 · 甲 +24` (counted in the game's word, [`crate::record::game::Game::HAND_WORDS`];
/// players named by [`name_of`] from `names`); led by the
/// result once the session is ended by a ruling or signed off
/// ([`crate::record::home::result`]: its first place, "已结束 · 甲 第一 · …").
pub fn home_line<G: crate::record::game::Game>(
    l: crate::i18n::Lang,
    v: &G::View,
    s: &SessionView,
    names: &[String],
    hands: usize,
) -> String {
    let lead = s
        .final_standings()
        .first()
        .map(|st| format!(" · {} {}", name_of(names, st.player), crate::rules::session::signed(st.total)))
        .unwrap_or_default();
    let line = format!(
        "{} · {} {}{}",
        table_label(l, s, s.segments.len() - 1),
        hands,
        crate::i18n::tr(l, G::ID.hands_word(hands)),
        lead
    );
    let shown: Vec<String> = (0..s.totals.len().max(names.len())).map(|i| name_of(names, i)).collect();
    crate::record::home::with_result::<G>(l, v, &shown, line)
}
