//! Fixtures shared by the 双升 tests: a match's view, and a board entry as the list plays it.

use super::*;
use crate::record::replay::{replay as replay_any, MatchView};

/// The 双升 view of `m` (panics for another game).
pub(super) fn view(m: &Match) -> DuplicateView {
    match replay_any(m) {
        MatchView::Duplicate(v) => v,
        _ => panic!("a duplicate match"),
    }
}

/// An entry as played by the list (level and dealer of board `board`).
pub(super) fn be(board: u32, table: u8, attackers: Team, points: i32) -> BoardEntry {
    let b = shengji::default_boards(board)[board as usize - 1];
    BoardEntry {
        board,
        table,
        attackers,
        hand: Hand { points, ..Default::default() },
        level: b.level,
        dealer: b.dealer,
        confirmed: false,
        refusal: None,
        board_check: None,
        corrects: None,
    }
}
