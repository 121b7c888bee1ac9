//! One line through the move: the eleven cells of one direction centred on it, and the
//! shape questions asked of it (five, overline, fours, open threes).

use super::*;

const REACH: usize = 5;
const LEN: usize = 2 * REACH + 1;
/// Index of the move in a [`Line`].
const MID: usize = REACH;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cell {
    Black,
    Empty,
    /// A white stone or the edge of the board.
    Blocked,
}

/// The eleven cells at offsets −5…+5 from the move along one direction, the move (index
/// [`MID`]) black. Five cells each side are enough to tell exactly five from six.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Line([Cell; LEN]);

impl Line {
    pub(super) fn read(board: &Board, p: Point, dir: Direction) -> Line {
        let mut cells = [Cell::Blocked; LEN];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = match p.step(dir, i as i32 - MID as i32).map(|q| board.get(q)) {
                None | Some(Some(Stone::White)) => Cell::Blocked,
                Some(Some(Stone::Black)) => Cell::Black,
                Some(None) => Cell::Empty,
            };
        }
        cells[MID] = Cell::Black;
        Line(cells)
    }

    /// This line with a black stone added at the empty cell `i`.
    pub(super) fn with(self, i: usize) -> Line {
        let mut l = self;
        l.0[i] = Cell::Black;
        l
    }

    /// First and last index of the unbroken black run through the move.
    pub(super) fn run(&self) -> (usize, usize) {
        let (mut a, mut b) = (MID, MID);
        while a > 0 && self.0[a - 1] == Cell::Black {
            a -= 1;
        }
        while b + 1 < LEN && self.0[b + 1] == Cell::Black {
            b += 1;
        }
        (a, b)
    }

    /// Length of that run; a run touching the window's end is at least six long, so
    /// 5 means exactly five and 6 means "six or more".
    pub(super) fn length(&self) -> usize {
        let (a, b) = self.run();
        b - a + 1
    }

    pub(super) fn is_five(&self) -> bool {
        self.length() == 5
    }

    pub(super) fn is_overline(&self) -> bool {
        self.length() >= 6
    }

    /// Black stones other than the move within four cells of it.
    pub(super) fn neighbours(&self) -> usize {
        (MID - 4..=MID + 4).filter(|&i| i != MID && self.0[i] == Cell::Black).count()
    }

    /// The empty cells where one black stone makes exactly five together with the move.
    /// At most two (a proof: both fives contain the move, neither contains the other's point).
    pub(super) fn five_points(&self) -> Vec<usize> {
        if self.neighbours() < 3 {
            return Vec::new();
        }
        (MID - 4..=MID + 4)
            .filter(|&i| self.0[i] == Cell::Empty)
            .filter(|&i| {
                let l = self.with(i);
                let (a, b) = l.run();
                b - a + 1 == 5 && (a..=b).contains(&i)
            })
            .collect()
    }

    /// A straight four (活四): one run of four with a five point at each end.
    pub(super) fn is_straight_four(&self) -> bool {
        is_straight(&self.five_points())
    }

    /// How many fours the move makes on this line: 0, 1 (a four or a straight four) or
    /// 2 (two fours on one line, e.g. `●●●·★·●●●`, `●·●★●·●`, `●●·★●·●●`).
    pub(super) fn four_count(&self) -> usize {
        let fives = self.five_points();
        if is_straight(&fives) {
            1
        } else {
            fives.len()
        }
    }

    /// The empty cells where one black stone makes a straight four with the move: the move
    /// makes a three here if any of them is not forbidden. Only asked when the line has no
    /// four (a four and a three on one line is a four).
    pub(super) fn straight_four_points(&self) -> Vec<usize> {
        if self.neighbours() < 2 {
            return Vec::new();
        }
        (MID - 3..=MID + 3).filter(|&i| self.0[i] == Cell::Empty && self.with(i).is_straight_four()).collect()
    }

    /// The black cells of the run that a stone at the empty cell `i` joins, minus `i`: the
    /// four of a five point, or the three of a straight-four point.
    pub(super) fn stones_beside(&self, i: usize) -> Vec<usize> {
        let (a, b) = self.with(i).run();
        (a..=b).filter(|&j| j != i).collect()
    }
}

/// Whether two five points are the two ends of one run of four.
fn is_straight(fives: &[usize]) -> bool {
    matches!(fives, [a, b] if b - a == 5)
}

pub(super) fn at(p: Point, dir: Direction, i: usize) -> Point {
    p.step(dir, i as i32 - MID as i32).expect("a line index names an on-board cell")
}
