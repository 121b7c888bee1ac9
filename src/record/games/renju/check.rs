//! How each 五子棋 action is checked against the log: applied to the games so far or refused
//! with a typed reason ([`Why`]), the referee's rulings on a player, and the checks of a
//! set-up and of a new action.

use super::{
    fold, score, ClaimStatus, EndReason, GameResult, MoveRow, Player, RenjuAction, RenjuGame, RenjuSetup, RenjuView,
    MAX_CLOCK_MINUTES, MAX_NAME,
};
use crate::record::schema::ImportError;
use crate::record::Match;
use crate::rules::renju::{self, Point, Stone, Verdict};
use crate::rules::shengji::InputError;
use crate::rules::{Arg, Msg};

pub(super) fn err(field: &str, reason: String) -> InputError {
    InputError { field: field.into(), reason, msg: None }
}

/// Why a 五子棋 entry is refused; rendered through the string table (`rj.why.*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The game already has a result.
    GameOver { game: usize, end: EndReason },
    /// The stone was placed in the other colour than the one to move.
    WrongColour { point: Point, placed: Stone, to_move: Stone },
    /// The point is off the board.
    OffBoard { point: Point },
    /// The point already holds a stone.
    Occupied { point: Point, stone: Stone },
    /// A claim with no stone on the board.
    NothingToClaim,
    /// A claim after white played on.
    LastIsWhite { number: usize, point: Point },
    /// A claim of a move that is not forbidden.
    NotForbidden { number: usize, point: Point, verdict: Verdict },
    /// A result that is read off the board (five, a claim) entered by hand.
    ReadOffBoard { end: EndReason },
    /// A resignation or time result without the winner.
    NeedsWinner { end: EndReason },
    /// A draw with a winner.
    DrawNoWinner,
    /// The next game before this one has a result.
    NoResultYet { game: usize },
    /// The next game after the match is decided.
    Decided,
}

impl Why {
    /// The reason as a template key and its slots.
    pub fn msg(&self) -> Msg {
        let num = |n: usize| Arg::Num(n as i64);
        let pt = |p: &Point| Arg::Text(p.to_string());
        let colour = |c: Stone| Arg::Key(if c == Stone::Black { "rj.black" } else { "rj.white" });
        let end = |r: EndReason| Arg::Key(end_key(r));
        match self {
            Why::GameOver { game, end: r } => {
                Msg::new("rj.why.game_over", vec![("game", num(*game)), ("end", end(*r))])
            }
            Why::WrongColour { point, placed, to_move } => Msg::new(
                "rj.why.wrong_colour",
                vec![("point", pt(point)), ("placed", colour(*placed)), ("to_move", colour(*to_move))],
            ),
            Why::OffBoard { point } => Msg::new("rj.why.off_board", vec![("point", pt(point))]),
            Why::Occupied { point, stone } => {
                Msg::new("rj.why.occupied", vec![("point", pt(point)), ("stone", colour(*stone))])
            }
            Why::NothingToClaim => Msg::new("rj.why.nothing_to_claim", vec![]),
            Why::LastIsWhite { number, point } => {
                Msg::new("rj.why.last_is_white", vec![("number", num(*number)), ("point", pt(point))])
            }
            Why::NotForbidden { number, point, verdict } => Msg::new(
                "rj.why.not_forbidden",
                vec![("number", num(*number)), ("point", pt(point)), ("verdict", Arg::Key(verdict_key(*verdict)))],
            ),
            Why::ReadOffBoard { end: r } => Msg::new("rj.why.read_off_board", vec![("end", end(*r))]),
            Why::NeedsWinner { end: r } => Msg::new("rj.why.needs_winner", vec![("end", end(*r))]),
            Why::DrawNoWinner => Msg::new("rj.why.draw_no_winner", vec![]),
            Why::NoResultYet { game } => Msg::new("rj.why.no_result_yet", vec![("game", num(*game))]),
            Why::Decided => Msg::new("rj.why.decided", vec![]),
        }
    }
}

/// The string-table key of a result's reason (`rj.end.<reason>`).
fn end_key(r: EndReason) -> &'static str {
    match r {
        EndReason::Five => "rj.end.five",
        EndReason::ForbiddenClaimed => "rj.end.forbidden_claimed",
        EndReason::Resignation => "rj.end.resignation",
        EndReason::Time => "rj.end.time",
        EndReason::Draw => "rj.end.draw",
        EndReason::Ruling => "rj.end.ruling",
    }
}

/// The string-table key of a verdict (`rj.v.<verdict>`).
fn verdict_key(v: Verdict) -> &'static str {
    match v {
        Verdict::Five => "rj.v.five",
        Verdict::Overline => "rj.v.overline",
        Verdict::DoubleFour => "rj.v.double_four",
        Verdict::DoubleThree => "rj.v.double_three",
        Verdict::None => "rj.v.none",
    }
}

/// An error on `field` with the typed reason `why` and `reason` in plain (English) words.
fn refused(field: &str, why: Why, reason: String) -> InputError {
    InputError { field: field.into(), reason, msg: Some(why.msg()) }
}

fn colour_name(c: Stone) -> &'static str {
    match c {
        Stone::Black => "black",
        Stone::White => "white",
    }
}

/// Applies one action to the games so far; on error nothing changes.
pub(super) fn apply(
    v: &mut RenjuView,
    s: &RenjuSetup,
    a: &RenjuAction,
    id: &str,
    at: f64,
    corrected: &[f64],
    judge_moves: bool,
) -> Result<(), InputError> {
    let g = v.games.last_mut().expect("at least one game");
    let over = |g: &RenjuGame| {
        g.result.as_ref().map(|r| {
            refused(
                "action",
                Why::GameOver { game: g.number, end: r.reason },
                format!("game {} is over ({}): start the next game first", g.number, r.reason.as_str()),
            )
        })
    };
    match a {
        RenjuAction::Stone { point, stone: placed } => {
            if let Some(e) = over(g) {
                return Err(e);
            }
            if let Some(c) = placed.filter(|c| *c != g.to_move()) {
                return Err(refused(
                    "stone",
                    Why::WrongColour { point: *point, placed: c, to_move: g.to_move() },
                    format!("{point} was placed as {}, but it is {}'s move", colour_name(c), colour_name(g.to_move())),
                ));
            }
            if !point.is_on_board() {
                return Err(refused(
                    "point",
                    Why::OffBoard { point: *point },
                    format!("{point} is off the 15×15 board (a1…o15)"),
                ));
            }
            if let Some(c) = g.board.get(*point) {
                return Err(refused(
                    "point",
                    Why::Occupied { point: *point, stone: c },
                    format!("{point} already holds a {} stone", colour_name(c)),
                ));
            }
            let stone = g.to_move();
            let judgement =
                if judge_moves && stone == Stone::Black { renju::judge(&g.board, *point).ok() } else { None };
            let wins = renju::winner_after(&g.board, *point, stone).map_err(|e| err("point", e.to_string()))?.is_some();
            if stone == Stone::White {
                if let Some(last) = g.moves.last_mut() {
                    if last.claim == Some(ClaimStatus::Open) {
                        last.claim = Some(ClaimStatus::NotClaimed);
                    }
                }
            }
            g.clock.charge(stone, at);
            g.board.place(*point, stone).map_err(|e| err("point", e.to_string()))?;
            let forbidden = judgement.as_ref().is_some_and(|j| j.verdict.is_forbidden());
            g.moves.push(MoveRow {
                entry_id: id.into(),
                number: g.moves.len() + 1,
                point: *point,
                stone,
                at_ms: at,
                corrected_ms: corrected.to_vec(),
                judgement,
                claim: forbidden.then_some(ClaimStatus::Open),
            });
            if wins {
                g.result =
                    Some(GameResult { winner: Some(stone), reason: EndReason::Five, entry_id: id.into(), at_ms: at });
                g.clock.running_since = None;
            }
        }
        RenjuAction::Claim => {
            if let Some(e) = over(g) {
                return Err(e);
            }
            let Some(last) = g.moves.last() else {
                return Err(refused("action", Why::NothingToClaim, "no stone on the board: nothing to claim".into()));
            };
            if last.stone != Stone::Black {
                return Err(refused(
                    "action",
                    Why::LastIsWhite { number: last.number, point: last.point },
                    format!(
                        "the last stone ({} {}) is white's: once white has played on, black's move cannot be claimed",
                        last.number, last.point
                    ),
                ));
            }
            let mut before = g.board.clone();
            before.remove(last.point);
            let j = renju::judge(&before, last.point).map_err(|e| err("action", e.to_string()))?;
            if !j.verdict.is_forbidden() {
                return Err(refused(
                    "action",
                    Why::NotForbidden { number: last.number, point: last.point, verdict: j.verdict },
                    format!("black's move {} at {} is not forbidden (verdict: {})", last.number, last.point, j.verdict),
                ));
            }
            let to_move = g.to_move();
            let last = g.moves.last_mut().expect("checked");
            last.claim = Some(ClaimStatus::Claimed);
            last.judgement = Some(j);
            g.clock.stop(to_move, at);
            g.result = Some(GameResult {
                winner: Some(Stone::White),
                reason: EndReason::ForbiddenClaimed,
                entry_id: id.into(),
                at_ms: at,
            });
        }
        RenjuAction::GameResult { reason, winner } => {
            if let Some(e) = over(g) {
                return Err(e);
            }
            match (reason, winner) {
                (EndReason::Five | EndReason::ForbiddenClaimed | EndReason::Ruling, _) => {
                    return Err(refused(
                        "reason",
                        Why::ReadOffBoard { end: *reason },
                        format!("{:?} is read off the board: enter the stone or the claim instead", reason.as_str()),
                    ))
                }
                (EndReason::Resignation | EndReason::Time, None) => {
                    return Err(refused(
                        "winner",
                        Why::NeedsWinner { end: *reason },
                        format!("a {} result needs the winning colour", reason.as_str()),
                    ))
                }
                (EndReason::Draw, Some(_)) => {
                    return Err(refused("winner", Why::DrawNoWinner, "a draw has no winner".into()))
                }
                _ => {}
            }
            if let Some(last) = g.moves.last_mut() {
                if last.claim == Some(ClaimStatus::Open) {
                    last.claim = Some(ClaimStatus::NotClaimed);
                }
            }
            let to_move = g.to_move();
            g.clock.stop(to_move, at);
            g.result = Some(GameResult { winner: *winner, reason: *reason, entry_id: id.into(), at_ms: at });
        }
        RenjuAction::NextGame { black } => {
            if g.result.is_none() {
                return Err(refused(
                    "action",
                    Why::NoResultYet { game: g.number },
                    format!("game {} has no result yet", g.number),
                ));
            }
            score(v, s);
            if let Some(w) = v.series_winner {
                return Err(refused("action", Why::Decided, format!("the match is decided ({w:?} won)")));
            }
            let n = v.games.len() + 1;
            v.games.push(RenjuGame::new(n, *black));
        }
    }
    score(v, s);
    Ok(())
}

/// A referee's ruling (RULES.md §0 **[r2]**) on a player (team `A` = player 1, `B` = player
/// 2): a game lost — as ruled, or lateness at the limit, or a disqualification — ends the
/// game in progress, the opponent winning it (a lost game of the best of 3); a
/// disqualification also gives the match to the opponent. Warnings are counted (五子棋's
/// preset turns none into a penalty); a level penalty has no meaning here and is refused.
pub(super) fn rule_on(
    v: &mut RenjuView,
    s: &RenjuSetup,
    register: &mut crate::rules::ruling::Register,
    r: crate::rules::Ruling,
    rule: &str,
    id: &str,
    at: f64,
) -> Result<(), InputError> {
    use crate::rules::ruling::Effect;
    use crate::rules::Ruling;
    let player = |t: crate::rules::Team| if t == crate::rules::Team::A { Player::P1 } else { Player::P2 };
    if let Ruling::LevelPenalty { .. } = r {
        return Err(err("ruling", "五子棋 has no levels: a level penalty does not apply".into()));
    }
    let counted = register.record(&crate::rules::ruling::RulingRules::default(), r, rule);
    let loser = match counted.effect {
        Effect::Game(Ruling::GameLost { team }) | Effect::Forfeit(team) => player(team),
        Effect::Disqualified(team) => {
            v.disqualified.get_or_insert(player(team));
            player(team)
        }
        _ => return Ok(()),
    };
    let g = v.games.last_mut().expect("at least one game");
    if g.result.is_none() {
        let to_move = g.to_move();
        g.clock.stop(to_move, at);
        let winner = g.colour(loser.other());
        g.result = Some(GameResult { winner: Some(winner), reason: EndReason::Ruling, entry_id: id.into(), at_ms: at });
    } else if v.disqualified.is_none() {
        return Err(refused(
            "ruling",
            Why::GameOver { game: g.number, end: g.result.as_ref().map(|x| x.reason).unwrap_or(EndReason::Ruling) },
            format!("game {} is over", g.number),
        ));
    }
    score(v, s);
    Ok(())
}

/// Checks the set-up: names at most [`MAX_NAME`] characters, `preset.best_of` odd 1…9,
/// clock 1…[`MAX_CLOCK_MINUTES`] minutes. Errors name the field (`players[1]`,
/// `preset.best_of`, `clock.minutes`).
pub fn validate_setup(s: &RenjuSetup) -> Result<(), ImportError> {
    for (i, n) in s.players.iter().enumerate() {
        if n.chars().count() > MAX_NAME {
            return Err(ImportError {
                field: format!("players[{i}]"),
                reason: format!("name longer than {MAX_NAME} characters"),
                msg: None,
            });
        }
    }
    let b = s.preset.best_of;
    if b == 0 || b > 9 || b.is_multiple_of(2) {
        return Err(ImportError {
            field: "preset.best_of".into(),
            reason: format!("{b} is not an odd number of games from 1 to 9"),
            msg: None,
        });
    }
    if s.preset.id.is_empty() {
        return Err(ImportError { field: "preset.id".into(), reason: "empty".into(), msg: None });
    }
    if let Some(c) = s.clock {
        if c.minutes == 0 || c.minutes > MAX_CLOCK_MINUTES {
            return Err(ImportError {
                field: "clock.minutes".into(),
                reason: format!("{} is not 1…{MAX_CLOCK_MINUTES} minutes", c.minutes),
                msg: None,
            });
        }
    }
    Ok(())
}

/// Checks one action against the set-up and the log so far, as the next action of the log:
/// a stone on an empty point while the game runs, a claim right after a forbidden black
/// move, a result entered only for resignation / time / draw, a next game only after a
/// result and before the match is decided. Errors name the field (`point`, `action`,
/// `reason`, `winner`). (A correction is checked the same way against the log's end; the
/// replay check of [`crate::record::schema::validate_match`] catches the rest.)
pub fn check_hand(m: &Match, s: &RenjuSetup, h: &RenjuAction) -> Result<(), ImportError> {
    let mut v = fold(m, s, false);
    apply(&mut v, s, h, "new", m.updated_ms(), &[], false).map_err(ImportError::from)
}
