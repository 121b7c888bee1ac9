//! 五子棋 with forbidden moves (RULES.md §5): the set-up of a renju match, the
//! referee's actions on the board, how each action is checked against the log, and the
//! replay of the log into per-game boards, move lists, verdicts of black moves (禁手),
//! claims, results and the match score.
//!
//! * Actions carry no colour: the colour of a stone is implied by the number of stones on the
//!   board of the game in progress (black first, RULES.md §5 "black first").
//! * Every black stone is judged by [`renju::judge`](crate::rules::renju::judge) (five,
//!   overline 长连, double four 四四, double three 三三 with the recursive false-three rule).
//! * A forbidden black move loses only if white points it out before playing on (RULES.md
//!   §5 "once white has played on it cannot be claimed"; seed 001 禁手 note 2). The replay
//!   marks it [`ClaimStatus::Claimed`] when a [`RenjuAction::Claim`] follows it, and
//!   [`ClaimStatus::NotClaimed`] as soon as a white stone (or any other game result) does —
//!   "not claimed" is recorded by the log itself, so undoing white's stone reopens the claim.
//! * A move that makes five wins even if it is also forbidden; white wins with five or more.
//! * A match is best of `preset.best_of` games (000 §三 "三局两胜"); colours of each next game
//!   are the referee's entry ([`RenjuAction::NextGame`]); who has black in game 1 is the 猜先
//!   result of the set-up.
//! * With a [`GameClock`], each player has `minutes` for all their moves of one game; the
//!   clock of the side to move runs between logged stones while the game clock
//!   ([`Op::Clock`]) runs.

use crate::i18n::{tr, Lang};
use crate::record::replay::{effective, Clock};
use crate::record::schema::ImportError;
use crate::record::{ClockAction, HandInput, Match, Op};
use crate::rules::renju::{Board, Judgement, Point, Preset, ShapeKind, Stone, Verdict};
use crate::rules::shengji::InputError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod check;
mod clock;
mod text;

pub use check::*;
use check::{apply, err, rule_on};
pub use clock::*;
pub use text::*;

/// Longest player name, characters.
pub const MAX_NAME: usize = 60;
/// Longest game clock, minutes per player per game.
pub const MAX_CLOCK_MINUTES: u32 = 600;

/// A player of the match, in set-up order (colours change between games, players do not).
/// Serialized as `"p1"` / `"p2"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// The first player of the set-up.
    P1,
    /// The second player of the set-up.
    P2,
}

impl Player {
    /// Both players, in set-up order.
    pub const BOTH: [Player; 2] = [Player::P1, Player::P2];
    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }
    /// 0 for `P1`, 1 for `P2` (the index into [`RenjuSetup::players`]).
    pub fn index(self) -> usize {
        match self {
            Player::P1 => 0,
            Player::P2 => 1,
        }
    }
}

/// A per-player game clock set by the event: each player has `minutes` for all their moves
/// of one game (a player whose time runs out loses the game when the referee records it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameClock {
    /// Minutes per player per game, 1…[`MAX_CLOCK_MINUTES`].
    pub minutes: u32,
}

/// Set-up of a renju match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenjuSetup {
    /// The match's own copy of the preset (`best_of` is the number of games).
    pub preset: Preset,
    /// Names of [`Player::P1`] and [`Player::P2`] (at most [`MAX_NAME`] characters each).
    pub players: [String; 2],
    /// The 猜先 result: who has black in game 1.
    pub first_black: Player,
    /// The per-player game clock, if the event sets one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<GameClock>,
}

impl Default for RenjuSetup {
    fn default() -> RenjuSetup {
        RenjuSetup {
            preset: Preset::rif(),
            players: [String::new(), String::new()],
            first_black: Player::P1,
            clock: None,
        }
    }
}

impl RenjuSetup {
    /// A player's name as entered (may be empty).
    pub fn name(&self, p: Player) -> &str {
        &self.players[p.index()]
    }
}

/// How a game ended. Serialized in snake case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Five in a row (derived from the stones, never entered).
    Five,
    /// White claimed black's forbidden move (derived from a [`RenjuAction::Claim`]).
    ForbiddenClaimed,
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    Time,
    /// Drawn (agreed, or the board is full).
    Draw,
    /// Lost by a referee's ruling (判负, RULES.md §0 **[r2]**; derived from an
    /// [`Op::Ruling`], never entered as a result).
    Ruling,
}

impl EndReason {
    /// The serialized name, e.g. `"forbidden_claimed"`.
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Five => "five",
            EndReason::ForbiddenClaimed => "forbidden_claimed",
            EndReason::Resignation => "resignation",
            EndReason::Time => "time",
            EndReason::Draw => "draw",
            EndReason::Ruling => "ruling",
        }
    }
}

/// One referee action on the board (the `hand` of an [`Op::Hand`] entry). Serialized with
/// an `"action"` tag: `{"action": "stone", "point": "h8"}`, `{"action": "claim"}`,
/// `{"action": "result", "reason": "resignation", "winner": "white"}`,
/// `{"action": "next_game", "black": "p2"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum RenjuAction {
    /// The next stone at `point`; its colour is implied by the move count (black first).
    /// Refused on an occupied point and after the game has ended.
    Stone {
        /// Where, `"a1"`…`"o15"`.
        point: Point,
        /// The colour the referee placed (the page writes it; older logs have none). When
        /// present it must be the colour to move: a stone placed as black is refused, not
        /// turned white, when another tab's stone came first or an earlier stone was
        /// deleted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stone: Option<Stone>,
    },
    /// White points out that black's last move is forbidden (三三/四四/长连): black loses.
    /// Refused unless the last stone is black's, it is forbidden, and the game is running.
    Claim,
    /// A result not read off the board: resignation or time (`winner` is the other colour),
    /// or a draw (`winner` is absent). Five and claimed forbidden moves are derived.
    #[serde(rename = "result")]
    GameResult {
        /// Why the game ended: `resignation`, `time` or `draw`.
        reason: EndReason,
        /// The winning colour; absent for a draw.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        winner: Option<Stone>,
    },
    /// The next game of the match starts, `black` playing black (the referee's entry).
    /// Refused while the game in progress has no result, and once the match is decided.
    NextGame {
        /// Who plays black in the new game.
        black: Player,
    },
}

/// Whether a forbidden black move was claimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimStatus {
    /// White has not moved yet: the claim is still possible.
    Open,
    /// White claimed it: black lost the game.
    Claimed,
    /// White played on (or the game ended otherwise): it can no longer be claimed.
    NotClaimed,
}

/// One stone as it counts now.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveRow {
    /// Id of the `Hand` entry.
    pub entry_id: String,
    /// 1-based move number within its game.
    pub number: usize,
    /// Where.
    pub point: Point,
    /// The colour (black on odd numbers).
    pub stone: Stone,
    /// When it was logged, ms.
    pub at_ms: f64,
    /// Times of corrections applied, ms.
    pub corrected_ms: Vec<f64>,
    /// For a black move: the engine's judgement (verdict and shapes) on the board before it.
    /// (`None` for white moves, and in the light replay used by [`check_hand`].)
    pub judgement: Option<Judgement>,
    /// For a forbidden black move: whether it was claimed.
    pub claim: Option<ClaimStatus>,
}

impl MoveRow {
    /// The verdict on a black move (`None` for white, or when not judged).
    pub fn verdict(&self) -> Option<Verdict> {
        self.judgement.as_ref().map(|j| j.verdict)
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The winning colour; `None` for a draw.
    pub winner: Option<Stone>,
    /// How.
    pub reason: EndReason,
    /// The entry that ended it (a stone, a claim or a result).
    pub entry_id: String,
    /// When, ms.
    pub at_ms: f64,
}
/// One game of the match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RenjuGame {
    /// 1-based game number.
    pub number: usize,
    /// Who plays black.
    pub black: Player,
    /// The board after the last stone that counts.
    pub board: Board,
    /// Stones in order.
    pub moves: Vec<MoveRow>,
    /// The result, once the game has ended.
    pub result: Option<GameResult>,
    /// The per-player clock.
    pub clock: TurnClock,
}

impl RenjuGame {
    fn new(number: usize, black: Player) -> RenjuGame {
        RenjuGame { number, black, board: Board::new(), moves: Vec::new(), result: None, clock: TurnClock::default() }
    }
    /// The colour of the next stone (black on an even number of stones).
    pub fn to_move(&self) -> Stone {
        if self.moves.len().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }
    /// Who plays `c` in this game.
    pub fn player(&self, c: Stone) -> Player {
        match c {
            Stone::Black => self.black,
            Stone::White => self.black.other(),
        }
    }
    /// The colour `p` plays in this game.
    pub fn colour(&self, p: Player) -> Stone {
        if p == self.black {
            Stone::Black
        } else {
            Stone::White
        }
    }
    /// The winner of the game, by player.
    pub fn winner(&self) -> Option<Player> {
        self.result.as_ref().and_then(|r| r.winner).map(|c| self.player(c))
    }
    /// Black's last move if it is forbidden and can still be claimed.
    pub fn open_claim(&self) -> Option<&MoveRow> {
        self.moves.last().filter(|r| r.claim == Some(ClaimStatus::Open))
    }
    /// Every forbidden black move of the game.
    pub fn forbidden_moves(&self) -> impl Iterator<Item = &MoveRow> {
        self.moves.iter().filter(|r| r.claim.is_some())
    }
}

/// Everything derived from a renju match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RenjuView {
    /// Games in order (at least one; the last is in progress or just ended).
    pub games: Vec<RenjuGame>,
    /// Games won per player.
    pub wins: BTreeMap<Player, u32>,
    /// Drawn games.
    pub draws: u32,
    /// The match winner once a player has won more than half of `best_of`.
    pub series_winner: Option<Player>,
    /// Signed off and not reopened.
    pub locked: bool,
    /// Entries that cannot count (after an edit or in an imported file): entry id, error.
    pub errors: Vec<(String, InputError)>,
    /// The player disqualified by a ruling, if any: the match is the opponent's.
    pub disqualified: Option<Player>,
}

impl RenjuView {
    /// The view of a match with no entries.
    pub fn empty(s: &RenjuSetup) -> RenjuView {
        let mut v = RenjuView {
            games: vec![RenjuGame::new(1, s.first_black)],
            wins: BTreeMap::new(),
            draws: 0,
            series_winner: None,
            locked: false,
            errors: Vec::new(),
            disqualified: None,
        };
        score(&mut v, s);
        v
    }
    /// The game in progress (the last one).
    pub fn current(&self) -> &RenjuGame {
        self.games.last().expect("a view has at least one game")
    }
    /// The first entry that cannot count, if any.
    pub fn first_error(&self) -> Option<(String, InputError)> {
        self.errors.first().cloned()
    }
    /// Whether the match is over (decided, or its last game ended with all games played).
    pub fn decided(&self) -> bool {
        self.series_winner.is_some()
    }
}

fn score(v: &mut RenjuView, s: &RenjuSetup) {
    let mut wins: BTreeMap<Player, u32> = Player::BOTH.iter().map(|p| (*p, 0)).collect();
    let mut draws = 0;
    for g in &v.games {
        match (&g.result, g.winner()) {
            (Some(_), Some(p)) => *wins.get_mut(&p).expect("both players") += 1,
            (Some(_), None) => draws += 1,
            _ => {}
        }
    }
    let need = (s.preset.best_of.max(1) / 2 + 1) as u32;
    v.series_winner = Player::BOTH.into_iter().find(|p| wins[p] >= need);
    // A disqualification gives the match to the opponent.
    if let Some(p) = v.disqualified {
        v.series_winner = Some(p.other());
    }
    v.wins = wins;
    v.draws = draws;
}

fn fold(m: &Match, s: &RenjuSetup, judge_moves: bool) -> RenjuView {
    let mut v = RenjuView::empty(s);
    let mut register = crate::rules::ruling::Register::default();
    for eff in effective(m) {
        let e = eff.entry;
        match &e.op {
            Op::Hand { .. } => match &eff.hand {
                Some(HandInput::Renju(a)) => {
                    if let Err(x) = apply(&mut v, s, a, &e.id, e.at_ms, &eff.corrected_ms, judge_moves) {
                        v.errors.push((e.id.clone(), x));
                    }
                }
                Some(h) => v.errors.push((e.id.clone(), err("hand", format!("a {} hand in a renju match", h.game())))),
                None => {}
            },
            Op::Clock { action, elapsed_ms } => {
                let g = v.games.last_mut().expect("at least one game");
                if g.result.is_none() {
                    let to_move = g.to_move();
                    g.clock.act(*action, to_move, e.at_ms, *elapsed_ms);
                }
            }
            Op::Ruling { .. } => {
                if let Some(r) = eff.ruling {
                    if let Err(x) = rule_on(&mut v, s, &mut register, r, eff.rule, &e.id, e.at_ms) {
                        v.errors.push((e.id.clone(), x));
                    }
                }
            }
            Op::SignOff { .. } => v.locked = true,
            Op::Reopen { .. } => v.locked = false,
            // Voids, corrections and appeals are folded by `effective`; 升级-only ops have no effect here.
            _ => {}
        }
    }
    v
}

/// Replays the log: voided entries dropped, corrections in force, every black stone judged.
pub fn replay(m: &Match, s: &RenjuSetup) -> RenjuView {
    fold(m, s, true)
}

/// 五子棋's [`crate::record::game::Game`] impl.
pub struct Renju;

impl crate::record::game::Game for Renju {
    const ID: crate::record::game::GameId = crate::record::game::GameId::Renju;
    const RULINGS: bool = true;
    const NUMBERED_HANDS: bool = false;
    type Setup = RenjuSetup;
    type Input = RenjuAction;
    type View = RenjuView;

    fn validate_setup(s: &RenjuSetup) -> Result<(), ImportError> {
        validate_setup(s)
    }
    fn check_input(m: &Match, s: &RenjuSetup, h: &RenjuAction) -> Result<(), ImportError> {
        check_hand(m, s, h)
    }
    fn replay(m: &Match, s: &RenjuSetup) -> RenjuView {
        replay(m, s)
    }
    fn first_error(v: &RenjuView) -> Option<(String, InputError)> {
        v.first_error()
    }
    fn outcome(v: &RenjuView) -> crate::tournament::outcome::Outcome {
        let w = |p| v.wins.get(&p).copied().unwrap_or(0);
        let games_won = vec![w(Player::P1), w(Player::P2)];
        crate::tournament::outcome::Outcome {
            score: games_won.iter().map(|&x| x as i64).collect(),
            games_won,
            double_wins: vec![0, 0],
            winner: v.series_winner.map(|p| p.index()),
            forfeits: v.disqualified.map(|p| p.index()).into_iter().collect(),
            disqualified: v.disqualified.map(|p| p.index()).into_iter().collect(),
            locked: v.locked,
            done: v.decided() || v.locked,
            hands: v.games.iter().map(|g| g.moves.len()).sum(),
            ..Default::default()
        }
    }
    fn participants(s: &RenjuSetup, name: &dyn Fn(&str) -> String) -> String {
        s.players.iter().map(|p| name(p)).collect::<Vec<_>>().join(" vs ")
    }
    /// The players as the two sides a ruling names (player 1 as team `A`, player 2 as `B`,
    /// RULES.md §0 **[r2]**: a ruling names who it is against).
    fn names(s: &RenjuSetup) -> (std::collections::BTreeMap<crate::rules::Team, String>, Vec<String>) {
        (crate::rules::Team::BOTH.into_iter().zip(s.players.iter().cloned()).collect(), Vec::new())
    }
    fn unnamed_side(_s: &RenjuSetup, l: crate::i18n::Lang, t: crate::rules::Team) -> String {
        let key = if t == crate::rules::Team::A { "rj.p1_default" } else { "rj.p2_default" };
        crate::i18n::tr(l, key).to_string()
    }
    fn sheet_body(
        m: &Match,
        s: &RenjuSetup,
        v: &RenjuView,
        l: crate::i18n::Lang,
    ) -> crate::record::share_doc::SheetBody {
        crate::record::share_doc::games::renju(m, s, v, l)
    }
    fn leg_setup(leg: &crate::tournament::tables::Leg) -> Result<RenjuSetup, crate::tournament::tables::LegError> {
        let mut p = Preset::by_id(leg.preset_id).ok_or_else(|| leg.bad())?;
        if leg.best_of > 0 {
            p.best_of = leg.best_of.min(9) as u8;
        }
        Ok(RenjuSetup {
            preset: p,
            players: [leg.side(0).name.clone(), leg.side(1).name.clone()],
            first_black: Player::P1,
            clock: None,
        })
    }
    fn preset_ids() -> Vec<String> {
        Preset::all().into_iter().map(|p| p.id).collect()
    }
    fn preset_json(s: &Self::Setup) -> Option<String> {
        crate::json::to_string(&s.preset).ok()
    }
}

#[cfg(test)]
mod tests;
