//! Points, stones and directions of the 15×15 board: [`Point`] (`a1`…`o15`), [`Stone`],
//! [`Direction`].

use super::*;

/// An intersection. `col` 0…14 is `a`…`o` from the left, `row` 0…14 is `1`…`15` from the
/// bottom (both 0-based). Written and serialized as `"h8"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// 0 = column `a` (left) … 14 = column `o`.
    pub col: u8,
    /// 0 = row `1` (bottom) … 14 = row `15`.
    pub row: u8,
}

impl Point {
    /// The centre point `h8`.
    pub const CENTER: Point = Point { col: 7, row: 7 };

    /// The point at 0-based `col`, `row`; `None` off the board.
    pub fn new(col: u8, row: u8) -> Option<Point> {
        (col < SIZE && row < SIZE).then_some(Point { col, row })
    }
    /// Reads `"h8"`: a column letter `a`…`o` (either case) and a row number `1`…`15`
    /// without leading zeros. Errors with [`RenjuError::BadPoint`].
    pub fn parse(s: &str) -> Result<Point, RenjuError> {
        let bad = || RenjuError::BadPoint(s.to_string());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !('a'..='o').contains(&letter)
            || digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        Point::new(letter as u8 - b'a', row.wrapping_sub(1)).ok_or_else(bad)
    }
    /// Whether the point lies on the 15×15 board.
    pub fn is_on_board(self) -> bool {
        self.col < SIZE && self.row < SIZE
    }
    /// The point `k` steps along `dir` (negative `k` goes back); `None` off the board.
    pub fn step(self, dir: Direction, k: i32) -> Option<Point> {
        let (dc, dr) = dir.delta();
        let c = self.col as i32 + dc * k;
        let r = self.row as i32 + dr * k;
        if (0..SIZE as i32).contains(&c) && (0..SIZE as i32).contains(&r) {
            Some(Point { col: c as u8, row: r as u8 })
        } else {
            None
        }
    }
    /// All 225 points, row by row from `a1` to `o15`.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..SIZE).flat_map(|row| (0..SIZE).map(move |col| Point { col, row }))
    }
    pub(super) fn index(self) -> Option<usize> {
        self.is_on_board().then(|| self.row as usize * SIZE as usize + self.col as usize)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_on_board() {
            write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
        } else {
            write!(f, "(col {}, row {})", self.col, self.row)
        }
    }
}

impl FromStr for Point {
    type Err = RenjuError;
    fn from_str(s: &str) -> Result<Point, RenjuError> {
        Point::parse(s)
    }
}

impl Serialize for Point {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let s = String::deserialize(d)?;
        Point::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// A stone colour; black moves first. Serialized as `"black"` / `"white"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    /// The opponent's colour.
    pub fn other(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }
}

/// One of the four lines through a point. Serialized in snake case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Along a row (→).
    Horizontal,
    /// Along a column (↑).
    Vertical,
    /// Up and to the right (↗, `a1`–`o15`).
    Diagonal,
    /// Down and to the right (↘, `a15`–`o1`).
    AntiDiagonal,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] =
        [Direction::Horizontal, Direction::Vertical, Direction::Diagonal, Direction::AntiDiagonal];
    /// One step as (columns, rows); rows grow upwards.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}
