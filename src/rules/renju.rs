//! 五子棋 with forbidden moves (禁手, renju) — RULES.md §5, from seeds 000 §三 ("禁手模式")
//! and 001 "关于禁手的几个问题".
//!
//! The board is 15×15. Columns are `a`…`o` from the left, rows `1`…`15` from the bottom,
//! `h8` is the centre. Black moves first and has forbidden moves; white has none.
//!
//! The rules, in the order [`judge`] applies them to a black move (RIF rules):
//!
//! 1. **five** (五连): exactly five black stones in a row — black wins, even if the move
//!    is also one of the forbidden shapes below (001 禁手 3);
//! 2. **overline** (长连): six or more black stones in a row — forbidden (000 §三);
//! 3. **double four** (四四): the move makes two or more fours at once, also two fours on one
//!    line such as `● ● ● · ★ · ● ● ●` — forbidden (001 禁手 2);
//! 4. **double three** (三三): the move makes two or more *open* threes at once — forbidden
//!    (001 禁手 1). A three is open only if one move turns it into a straight four
//!    (活四, `· ● ● ● ● ·` with both ends making exactly five) and that move is itself not
//!    forbidden; "not forbidden" is judged by these same rules with the move on the board,
//!    so the check is recursive (a *false three*, 假三).
//!
//! A four and a three together (四三) are allowed. A forbidden move loses only if white points
//! it out at once (001 禁手 note 2); that is the referee's call, so nothing here decides it.
//!
//! Each rule concept is one small function over a `Line`: the eleven cells of one
//! direction centred on the move.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::str::FromStr;

/// Board width and height (15 lines).
pub const SIZE: u8 = 15;
const CELLS: usize = SIZE as usize * SIZE as usize;

/// How many nested straight-four moves the false-three check follows (the move itself is
/// depth 0). Beyond it a point's threes are counted without checking their own
/// straight-four points. Game positions need 1–3 levels (random busy positions: at most 6).
pub const MAX_FALSE_THREE_DEPTH: usize = 8;

/// How many straight-four points one judgement may judge recursively (each position once,
/// thanks to a memo). Past it, threes are counted as at [`MAX_FALSE_THREE_DEPTH`]. Random
/// busy positions need at most a few dozen; the budget bounds artificial ones, so a
/// judgement never takes more than a few milliseconds.
pub const FALSE_THREE_BUDGET: usize = 4096;

// ---------------------------------------------------------------------------------------
// Presets
// ---------------------------------------------------------------------------------------

/// A named rule set of RULES.md §5, as data. Only `renju-rif` exists: 15×15, black's
/// forbidden moves as in the module documentation, a match is best of `best_of` games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preset {
    /// RULES.md preset id, e.g. `"renju-rif"`.
    pub id: String,
    /// The tournament document the preset reads.
    pub source: String,
    /// Games in a match (the first to win more than half wins it).
    pub best_of: u8,
}

impl Preset {
    /// `renju-rif`: RIF forbidden moves for black, best of 3 (000 §三 "三局两胜", 001).
    pub fn rif() -> Preset {
        Preset { id: "renju-rif".into(), source: "000 §三, 001 禁手".into(), best_of: 3 }
    }
    /// All built-in presets.
    pub fn all() -> Vec<Preset> {
        vec![Preset::rif()]
    }
    /// The built-in preset with this id; `None` for an unknown id.
    pub fn by_id(id: &str) -> Option<Preset> {
        Preset::all().into_iter().find(|p| p.id == id)
    }
}

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

/// What can go wrong when reading points and boards or asking about a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RenjuError {
    /// The text is not a coordinate `a1`…`o15`.
    BadPoint(String),
    /// The point lies outside the 15×15 board (only possible through the public fields).
    OffBoard(Point),
    /// The point already holds a stone.
    Occupied(Point),
    /// A board drawing could not be read (see [`Board::from_text`]).
    BadText(String),
}

impl fmt::Display for RenjuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenjuError::BadPoint(s) => write!(f, "{s:?} is not a point a1…o15"),
            RenjuError::OffBoard(p) => write!(f, "{p} is off the 15×15 board"),
            RenjuError::Occupied(p) => write!(f, "{p} already holds a stone"),
            RenjuError::BadText(s) => write!(f, "bad board drawing: {s}"),
        }
    }
}

impl std::error::Error for RenjuError {}

// ---------------------------------------------------------------------------------------
// Points, stones, directions
// ---------------------------------------------------------------------------------------

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
    fn index(self) -> Option<usize> {
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

// ---------------------------------------------------------------------------------------
// Board
// ---------------------------------------------------------------------------------------

/// A position as two lists of points — the shape of the conformance cases and of a
/// [`Board`] in JSON: `{"black": ["h8", …], "white": [...]}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub black: Vec<Point>,
    pub white: Vec<Point>,
}

/// A 15×15 board. Serialized as a [`Position`]; deserializing rejects off-board and
/// doubly occupied points. `Display` draws it as text (see [`Board::from_text`]).
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Position", into = "Position")]
pub struct Board {
    cells: [Option<Stone>; CELLS],
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The empty board.
    pub fn new() -> Board {
        Board { cells: [None; CELLS] }
    }
    /// A board with these stones. Errors: [`RenjuError::OffBoard`], or
    /// [`RenjuError::Occupied`] when a point is listed twice.
    pub fn from_stones(black: &[Point], white: &[Point]) -> Result<Board, RenjuError> {
        let mut board = Board::new();
        for &p in black {
            board.place(p, Stone::Black)?;
        }
        for &p in white {
            board.place(p, Stone::White)?;
        }
        Ok(board)
    }
    /// Reads a drawing: 15 rows from row 15 (top) to row 1 (bottom), each with 15 cells
    /// `X`/`x` black, `O`/`o` white, `.`/`+`/`*` empty (`*` marks a point of interest).
    /// Spaces are ignored, a row may start with its row number (checked), and a line
    /// starting with `a` (the column letters) and blank lines are skipped — so the output of
    /// `Display` reads back. Errors with [`RenjuError::BadText`].
    pub fn from_text(text: &str) -> Result<Board, RenjuError> {
        parse_drawing(text).map(|(board, _)| board)
    }
    /// The stone at `p`; `None` for an empty or off-board point.
    pub fn get(&self, p: Point) -> Option<Stone> {
        p.index().and_then(|i| self.cells[i])
    }
    /// Puts `stone` on the empty point `p`. Errors: off the board, or occupied.
    pub fn place(&mut self, p: Point, stone: Stone) -> Result<(), RenjuError> {
        let i = p.index().ok_or(RenjuError::OffBoard(p))?;
        if self.cells[i].is_some() {
            return Err(RenjuError::Occupied(p));
        }
        self.cells[i] = Some(stone);
        Ok(())
    }
    /// Takes the stone off `p` and returns it (`None` if there was none).
    pub fn remove(&mut self, p: Point) -> Option<Stone> {
        p.index().and_then(|i| self.cells[i].take())
    }
    /// The points holding `stone`, row by row from `a1`.
    pub fn stones(&self, stone: Stone) -> Vec<Point> {
        Point::all().filter(|&p| self.get(p) == Some(stone)).collect()
    }
    /// The empty points, row by row from `a1`.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        Point::all().filter(|&p| self.get(p).is_none())
    }
    /// Number of stones of both colours.
    pub fn count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }
    /// The stones of `stone`'s colour in an unbroken row through `p` along `dir`,
    /// in order along `dir` (empty if `p` does not hold `stone`).
    pub fn run(&self, p: Point, dir: Direction, stone: Stone) -> Vec<Point> {
        if self.get(p) != Some(stone) {
            return Vec::new();
        }
        let mut back = 0;
        while p.step(dir, -(back + 1)).is_some_and(|q| self.get(q) == Some(stone)) {
            back += 1;
        }
        (-back..).map_while(|k| p.step(dir, k).filter(|&q| self.get(q) == Some(stone))).collect()
    }
}

impl From<Board> for Position {
    fn from(b: Board) -> Position {
        Position { black: b.stones(Stone::Black), white: b.stones(Stone::White) }
    }
}

impl TryFrom<Position> for Board {
    type Error = RenjuError;
    fn try_from(p: Position) -> Result<Board, RenjuError> {
        Board::from_stones(&p.black, &p.white)
    }
}

impl fmt::Display for Board {
    /// Rows 15 … 1, `X` black, `O` white, `.` empty, then the column letters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..SIZE).rev() {
            write!(f, "{:>2}", row + 1)?;
            for col in 0..SIZE {
                let c = match self.get(Point { col, row }) {
                    Some(Stone::Black) => 'X',
                    Some(Stone::White) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "  ")?;
        for col in 0..SIZE {
            write!(f, " {}", (b'a' + col) as char)?;
        }
        writeln!(f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        fmt::Display::fmt(self, f)
    }
}

/// [`Board::from_text`], also returning the points marked `*` (row by row from the top).
fn parse_drawing(text: &str) -> Result<(Board, Vec<Point>), RenjuError> {
    let bad = |s: String| RenjuError::BadText(s);
    let mut board = Board::new();
    let mut marks = Vec::new();
    let mut rows_read = 0u8;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('a') {
            continue;
        }
        if rows_read == SIZE {
            return Err(bad(format!("more than {SIZE} rows at {line:?}")));
        }
        let row = SIZE - 1 - rows_read;
        let label_len = line.bytes().take_while(u8::is_ascii_digit).count();
        if label_len > 0 && line[..label_len] != (row + 1).to_string() {
            return Err(bad(format!("row labelled {} where row {} belongs", &line[..label_len], row + 1)));
        }
        let cells: Vec<char> = line[label_len..].chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != SIZE as usize {
            return Err(bad(format!("row {} has {} cells, not {SIZE}", row + 1, cells.len())));
        }
        for (col, &c) in (0u8..).zip(&cells) {
            let p = Point { col, row };
            match c {
                'X' | 'x' => board.cells[p.index().unwrap()] = Some(Stone::Black),
                'O' | 'o' => board.cells[p.index().unwrap()] = Some(Stone::White),
                '.' | '+' => {}
                '*' => marks.push(p),
                other => return Err(bad(format!("unknown cell {other:?} at {p}"))),
            }
        }
        rows_read += 1;
    }
    if rows_read != SIZE {
        return Err(bad(format!("{rows_read} rows, not {SIZE}")));
    }
    Ok((board, marks))
}

// ---------------------------------------------------------------------------------------
// Verdicts and judgements
// ---------------------------------------------------------------------------------------

/// What a black move at an empty point does. Serialized as `"five"`, `"overline"`,
/// `"double_four"`, `"double_three"`, `"none"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Exactly five in a row: black wins (even if the move is also a forbidden shape).
    Five,
    /// Six or more in a row: forbidden (长连).
    Overline,
    /// Two or more fours: forbidden (四四).
    DoubleFour,
    /// Two or more open threes: forbidden (三三).
    DoubleThree,
    /// An ordinary move.
    None,
}

impl Verdict {
    /// Whether the move is a forbidden move (禁手) for black.
    pub fn is_forbidden(self) -> bool {
        matches!(self, Verdict::Overline | Verdict::DoubleFour | Verdict::DoubleThree)
    }
    /// The serialized name, e.g. `"double_three"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Five => "five",
            Verdict::Overline => "overline",
            Verdict::DoubleFour => "double_four",
            Verdict::DoubleThree => "double_three",
            Verdict::None => "none",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The kind of a [`Shape`]. Serialized in snake case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShapeKind {
    /// Exactly five in a row.
    Five,
    /// Six or more in a row.
    Overline,
    /// A four: one more stone makes exactly five. A straight four (活四) is one four with
    /// two such points.
    Four,
    /// An open three: one more stone, at a point that is not forbidden, makes a straight four.
    Three,
    /// A three whose every straight-four point is forbidden (假三); it does not count.
    FalseThree,
}

/// One shape the move makes along one line, for a UI to highlight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    pub kind: ShapeKind,
    pub direction: Direction,
    /// The black stones of the shape, the move included, in order along `direction`.
    pub stones: Vec<Point>,
    /// Key empty points: for a four, where black makes five; for a three, where black makes
    /// a straight four and is not forbidden. Empty for five, overline and false three.
    pub points: Vec<Point>,
    /// For a three or false three: the straight-four points that are themselves forbidden.
    pub forbidden_points: Vec<Point>,
}

/// The verdict on a black move and the shapes behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    /// Where black plays.
    pub point: Point,
    pub verdict: Verdict,
    /// Every five, overline, four, three and false three the move makes, by direction
    /// (`Horizontal`, `Vertical`, `Diagonal`, `AntiDiagonal`).
    pub shapes: Vec<Shape>,
}

impl Judgement {
    /// The shapes of one kind.
    pub fn shapes_of(&self, kind: ShapeKind) -> impl Iterator<Item = &Shape> {
        self.shapes.iter().filter(move |s| s.kind == kind)
    }
}

// ---------------------------------------------------------------------------------------
// One line through the move
// ---------------------------------------------------------------------------------------

const REACH: usize = 5;
const LEN: usize = 2 * REACH + 1;
/// Index of the move in a [`Line`].
const MID: usize = REACH;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Black,
    Empty,
    /// A white stone or the edge of the board.
    Blocked,
}

/// The eleven cells at offsets −5…+5 from the move along one direction, the move (index
/// [`MID`]) black. Five cells each side are enough to tell exactly five from six.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Line([Cell; LEN]);

impl Line {
    fn read(board: &Board, p: Point, dir: Direction) -> Line {
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
    fn with(self, i: usize) -> Line {
        let mut l = self;
        l.0[i] = Cell::Black;
        l
    }

    /// First and last index of the unbroken black run through the move.
    fn run(&self) -> (usize, usize) {
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
    fn length(&self) -> usize {
        let (a, b) = self.run();
        b - a + 1
    }

    fn is_five(&self) -> bool {
        self.length() == 5
    }

    fn is_overline(&self) -> bool {
        self.length() >= 6
    }

    /// Black stones other than the move within four cells of it.
    fn neighbours(&self) -> usize {
        (MID - 4..=MID + 4).filter(|&i| i != MID && self.0[i] == Cell::Black).count()
    }

    /// The empty cells where one black stone makes exactly five together with the move.
    /// At most two (a proof: both fives contain the move, neither contains the other's point).
    fn five_points(&self) -> Vec<usize> {
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
    fn is_straight_four(&self) -> bool {
        is_straight(&self.five_points())
    }

    /// How many fours the move makes on this line: 0, 1 (a four or a straight four) or
    /// 2 (two fours on one line, e.g. `●●●·★·●●●`, `●·●★●·●`, `●●·★●·●●`).
    fn four_count(&self) -> usize {
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
    fn straight_four_points(&self) -> Vec<usize> {
        if self.neighbours() < 2 {
            return Vec::new();
        }
        (MID - 3..=MID + 3).filter(|&i| self.0[i] == Cell::Empty && self.with(i).is_straight_four()).collect()
    }

    /// The black cells of the run that a stone at the empty cell `i` joins, minus `i`: the
    /// four of a five point, or the three of a straight-four point.
    fn stones_beside(&self, i: usize) -> Vec<usize> {
        let (a, b) = self.with(i).run();
        (a..=b).filter(|&j| j != i).collect()
    }
}

/// Whether two five points are the two ends of one run of four.
fn is_straight(fives: &[usize]) -> bool {
    matches!(fives, [a, b] if b - a == 5)
}

fn at(p: Point, dir: Direction, i: usize) -> Point {
    p.step(dir, i as i32 - MID as i32).expect("a line index names an on-board cell")
}

// ---------------------------------------------------------------------------------------
// The recursive false-three check
// ---------------------------------------------------------------------------------------

/// State of one judging run: the black stones added so far (the move, then straight-four
/// points being tried) and a memo of points already judged. The memo key is the set of
/// added stones plus the point; the set also fixes the depth, so memoised answers do not
/// depend on the order of the search (unless [`FALSE_THREE_BUDGET`] runs out).
#[derive(Default)]
struct Search {
    added: Vec<u8>,
    memo: HashMap<(Vec<u8>, u8), bool>,
    judged: usize,
}

impl Search {
    fn key(&self, q: usize) -> (Vec<u8>, u8) {
        let mut set = self.added.clone();
        set.sort_unstable();
        (set, q as u8)
    }

    /// Whether a black stone at the empty point `q` would be forbidden on `board` (which
    /// already holds the added stones).
    fn is_forbidden(&mut self, board: &mut Board, q: Point) -> bool {
        let qi = q.index().expect("on board");
        let key = self.key(qi);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        self.judged += 1;
        board.cells[qi] = Some(Stone::Black);
        self.added.push(qi as u8);
        let v = self.verdict(board, q).is_forbidden();
        self.added.pop();
        board.cells[qi] = None;
        self.memo.insert(key, v);
        v
    }

    /// The verdict on the black stone at `p`, already on `board` (short-circuiting).
    fn verdict(&mut self, board: &mut Board, p: Point) -> Verdict {
        let lines = Direction::ALL.map(|d| Line::read(board, p, d));
        if lines.iter().any(Line::is_five) {
            return Verdict::Five;
        }
        if lines.iter().any(Line::is_overline) {
            return Verdict::Overline;
        }
        let fours = lines.map(|l| l.four_count());
        if fours.iter().sum::<usize>() >= 2 {
            return Verdict::DoubleFour;
        }
        let candidates: Vec<(Direction, Vec<usize>)> = Direction::ALL
            .into_iter()
            .zip(lines)
            .zip(fours)
            .filter(|&(_, n)| n == 0)
            .map(|(dl, _)| dl)
            .map(|(d, l)| (d, l.straight_four_points()))
            .filter(|(_, pts)| !pts.is_empty())
            .collect();
        if candidates.len() < 2 {
            return Verdict::None;
        }
        if self.added.len() > MAX_FALSE_THREE_DEPTH || self.judged > FALSE_THREE_BUDGET {
            return Verdict::DoubleThree;
        }
        let mut threes = 0;
        for (d, pts) in candidates {
            if pts.iter().any(|&i| !self.is_forbidden(board, at(p, d, i))) {
                threes += 1;
                if threes == 2 {
                    return Verdict::DoubleThree;
                }
            }
        }
        Verdict::None
    }

    /// Every shape the black stone at `p` (on `board`, depth 0) makes, and the verdict.
    fn judgement(&mut self, board: &mut Board, p: Point) -> Judgement {
        let mut shapes = Vec::new();
        for d in Direction::ALL {
            let line = Line::read(board, p, d);
            let points = |idx: &[usize]| idx.iter().map(|&i| at(p, d, i)).collect::<Vec<_>>();
            if line.is_five() || line.is_overline() {
                shapes.push(Shape {
                    kind: if line.is_five() { ShapeKind::Five } else { ShapeKind::Overline },
                    direction: d,
                    stones: board.run(p, d, Stone::Black),
                    points: vec![],
                    forbidden_points: vec![],
                });
                continue;
            }
            let fives = line.five_points();
            if line.is_straight_four() {
                shapes.push(Shape {
                    kind: ShapeKind::Four,
                    direction: d,
                    stones: points(&line.stones_beside(fives[0])),
                    points: points(&fives),
                    forbidden_points: vec![],
                });
                continue;
            }
            for &f in &fives {
                shapes.push(Shape {
                    kind: ShapeKind::Four,
                    direction: d,
                    stones: points(&line.stones_beside(f)),
                    points: points(&[f]),
                    forbidden_points: vec![],
                });
            }
            if !fives.is_empty() {
                continue;
            }
            let sf = line.straight_four_points();
            if sf.is_empty() {
                continue;
            }
            let stones: BTreeSet<usize> = sf.iter().flat_map(|&i| line.stones_beside(i)).collect();
            let stones: Vec<usize> = stones.into_iter().collect();
            let (bad, good): (Vec<usize>, Vec<usize>) =
                sf.iter().partition(|&&i| self.is_forbidden(board, at(p, d, i)));
            shapes.push(Shape {
                kind: if good.is_empty() { ShapeKind::FalseThree } else { ShapeKind::Three },
                direction: d,
                stones: points(&stones),
                points: points(&good),
                forbidden_points: points(&bad),
            });
        }
        let count = |k: ShapeKind| shapes.iter().filter(|s| s.kind == k).count();
        let verdict = if count(ShapeKind::Five) > 0 {
            Verdict::Five
        } else if count(ShapeKind::Overline) > 0 {
            Verdict::Overline
        } else if count(ShapeKind::Four) >= 2 {
            Verdict::DoubleFour
        } else if count(ShapeKind::Three) >= 2 {
            Verdict::DoubleThree
        } else {
            Verdict::None
        };
        Judgement { point: p, verdict, shapes }
    }
}

// ---------------------------------------------------------------------------------------
// Public questions
// ---------------------------------------------------------------------------------------

/// Judges a **black** move at the empty point `p` of `board` (RULES.md §5): five first,
/// then overline, double four, double three with the recursive false-three rule. The
/// [`Judgement`] lists the shapes behind the verdict. Errors: `p` off the board or occupied.
pub fn judge(board: &Board, p: Point) -> Result<Judgement, RenjuError> {
    let mut b = board.clone();
    b.place(p, Stone::Black)?;
    let mut search = Search::default();
    search.added.push(p.index().expect("placed, so on board") as u8);
    Ok(search.judgement(&mut b, p))
}

/// The verdict on a black move at every empty point, row by row from `a1` — for marking
/// forbidden points (禁手点) on the board. Same verdicts as [`judge`] on each point, but
/// without the shape details, stopping as soon as the verdict is known.
pub fn verdicts(board: &Board) -> Vec<(Point, Verdict)> {
    let mut b = board.clone();
    let empty: Vec<Point> = board.empty_points().collect();
    empty
        .into_iter()
        .map(|p| {
            let i = p.index().expect("on board");
            b.cells[i] = Some(Stone::Black);
            let mut search = Search { added: vec![i as u8], ..Search::default() };
            let v = search.verdict(&mut b, p);
            b.cells[i] = None;
            (p, v)
        })
        .collect()
}

/// The empty points where a black move would be forbidden, with the reason.
pub fn forbidden_points(board: &Board) -> Vec<(Point, Verdict)> {
    verdicts(board).into_iter().filter(|(_, v)| v.is_forbidden()).collect()
}

/// Who wins if `stone` is played at the empty point `p`: white with five or more in a
/// row, black with exactly five (an overline does not win for black, it is forbidden).
/// Forbidden moves are not decided here: they lose only when white points them out at
/// once (RULES.md §5), which is the referee's call — see [`judge`].
/// Errors: `p` off the board or occupied.
pub fn winner_after(board: &Board, p: Point, stone: Stone) -> Result<Option<Stone>, RenjuError> {
    let mut b = board.clone();
    b.place(p, stone)?;
    let wins = Direction::ALL.into_iter().any(|d| {
        let n = b.run(p, d, stone).len();
        match stone {
            Stone::Black => n == 5,
            Stone::White => n >= 5,
        }
    });
    Ok(wins.then_some(stone))
}

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A drawing with exactly one `*`, the point to judge.
    fn position(text: &str) -> (Board, Point) {
        let (board, marks) = parse_drawing(text).expect("drawing");
        assert_eq!(marks.len(), 1, "mark the move with one *");
        (board, marks[0])
    }

    fn verdict(text: &str) -> Verdict {
        let (board, p) = position(text);
        judge(&board, p).unwrap().verdict
    }

    fn pt(s: &str) -> Point {
        Point::parse(s).unwrap()
    }

    fn pts(list: &[&str]) -> Vec<Point> {
        list.iter().map(|s| pt(s)).collect()
    }

    // --- points and boards --------------------------------------------------------------

    #[test]
    fn points_read_and_write_as_letter_and_row() {
        assert_eq!(pt("a1"), Point { col: 0, row: 0 });
        assert_eq!(pt("h8"), Point::CENTER);
        assert_eq!(pt("O15"), Point { col: 14, row: 14 });
        assert_eq!(pt("o15").to_string(), "o15");
        for bad in ["", "h", "p1", "h0", "h16", "h08", "88", "h-1", "h 8", "h8x"] {
            assert_eq!(Point::parse(bad), Err(RenjuError::BadPoint(bad.into())), "{bad:?}");
        }
        assert_eq!(serde_json::to_string(&pt("h8")).unwrap(), "\"h8\"");
        assert_eq!(serde_json::from_str::<Point>("\"c13\"").unwrap(), pt("c13"));
        assert!(serde_json::from_str::<Point>("\"z9\"").is_err());
    }

    #[test]
    fn stones_go_on_empty_points_only() {
        let mut b = Board::new();
        assert_eq!(b.place(pt("h8"), Stone::Black), Ok(()));
        assert_eq!(b.place(pt("h8"), Stone::White), Err(RenjuError::Occupied(pt("h8"))));
        let off = Point { col: 15, row: 0 };
        assert_eq!(b.place(off, Stone::White), Err(RenjuError::OffBoard(off)));
        assert_eq!(b.get(pt("h8")), Some(Stone::Black));
        assert_eq!(b.get(off), None);
        assert_eq!(b.remove(pt("h8")), Some(Stone::Black));
        assert_eq!(b.remove(pt("h8")), None);
        assert_eq!(b, Board::new());
        assert_eq!(Board::from_stones(&pts(&["h8"]), &pts(&["h8"])), Err(RenjuError::Occupied(pt("h8"))));
    }

    #[test]
    fn a_drawing_reads_back_from_display() {
        let b = Board::from_stones(&pts(&["h8", "a1", "o15"]), &pts(&["a15", "o1"])).unwrap();
        let text = b.to_string();
        assert!(text.starts_with("15 O . . "), "{text}");
        assert!(text.contains(" 8 . . . . . . . X . . . . . . .\n"), "{text}");
        assert_eq!(Board::from_text(&text).unwrap(), b);
        let json = serde_json::to_string(&b).unwrap();
        assert_eq!(json, r#"{"black":["a1","h8","o15"],"white":["o1","a15"]}"#);
        assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
        assert!(serde_json::from_str::<Board>(r#"{"black":["h8"],"white":["h8"]}"#).is_err());
    }

    #[test]
    fn a_bad_drawing_is_an_error() {
        let short = ". . .\n".repeat(15);
        assert!(matches!(Board::from_text(&short), Err(RenjuError::BadText(_))));
        let mislabelled = (1..=15).map(|r| format!("{r} {}\n", ". ".repeat(15))).collect::<String>();
        assert!(matches!(Board::from_text(&mislabelled), Err(RenjuError::BadText(_))));
        let fourteen = ". ".repeat(15) + "\n";
        assert!(Board::from_text(&fourteen.repeat(14)).is_err());
        assert!(Board::from_text(&fourteen.repeat(16)).is_err());
        assert!(Board::from_text(&fourteen.replace('.', "?").repeat(15)).is_err());
    }

    #[test]
    fn judging_an_occupied_point_is_an_error() {
        let b = Board::from_stones(&pts(&["h8"]), &[]).unwrap();
        assert_eq!(judge(&b, pt("h8")), Err(RenjuError::Occupied(pt("h8"))));
        assert_eq!(winner_after(&b, pt("h8"), Stone::White), Err(RenjuError::Occupied(pt("h8"))));
    }

    #[test]
    fn the_only_preset_is_rif() {
        assert_eq!(Preset::by_id("renju-rif").unwrap().best_of, 3);
        assert_eq!(Preset::by_id("gomoku-free"), None);
    }

    #[test]
    fn verdicts_serialize_in_snake_case() {
        let names: Vec<String> =
            [Verdict::Five, Verdict::Overline, Verdict::DoubleFour, Verdict::DoubleThree, Verdict::None]
                .iter()
                .map(|v| serde_json::to_string(v).unwrap())
                .collect();
        assert_eq!(names, ["\"five\"", "\"overline\"", "\"double_four\"", "\"double_three\"", "\"none\""]);
    }

    // --- five and overline --------------------------------------------------------------

    #[test]
    fn exactly_five_wins() {
        assert_eq!(
            verdict(
                "
                15 . . . . . . . . . . . . . . .
                14 . . . . . . . . . . . . . . .
                13 . . . . . . . . . . . . . . .
                12 . . . . . . . . . . . . . . .
                11 . . . . . . . . . . . . . . .
                10 . . . . . . . . . . . . . . .
                 9 . . . . . . . . . . . . . . .
                 8 . . . . . X X * X X O . . . .
                 7 . . . . . . . . . . . . . . .
                 6 . . . . . . . . . . . . . . .
                 5 . . . . . . . . . . . . . . .
                 4 . . . . . . . . . . . . . . .
                 3 . . . . . . . . . . . . . . .
                 2 . . . . . . . . . . . . . . .
                 1 . . . . . . . . . . . . . . .
                   a b c d e f g h i j k l m n o"
            ),
            Verdict::Five
        );
    }

    #[test]
    fn six_in_a_row_is_an_overline() {
        assert_eq!(
            verdict(
                "
                15 . . . . . . . . . . . . . . .
                14 . . . . . . . . . . . . . . .
                13 . . . . . . . . . . . . . . .
                12 . . . . . . . . . . . . . . .
                11 . . . . . . . . . . . . . . .
                10 . . . . . . . . . . . . . . .
                 9 . . . . . . . . . . . . . . .
                 8 . . . . X X X * X X . . . . .
                 7 . . . . . . . . . . . . . . .
                 6 . . . . . . . . . . . . . . .
                 5 . . . . . . . . . . . . . . .
                 4 . . . . . . . . . . . . . . .
                 3 . . . . . . . . . . . . . . .
                 2 . . . . . . . . . . . . . . .
                 1 . . . . . . . . . . . . . . .
                   a b c d e f g h i j k l m n o"
            ),
            Verdict::Overline
        );
    }

    #[test]
    fn five_beats_an_overline_and_a_double_four_made_at_the_same_time() {
        // Row 8: five. Column h: overline. Diagonal and anti-diagonal: fours.
        let (board, p) = position(
            "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . X . . . . . . .
            13 . . . . . . . X . . . . . . .
            12 . . . . . . . X . . . X . . .
            11 . . . . X . . X . . X . . . .
            10 . . . . . X . X . X . . . . .
             9 . . . . . . X X . . . . . . .
             8 . . . X X X X * . . . . . . .
             7 . . . . . . . X . . . . . . .
             6 . . . . . . . . . . . . . . .
             5 . . . . . . . . . . . . . . .
             4 . . . . . . . . . . . . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o",
        );
        let j = judge(&board, p).unwrap();
        assert_eq!(j.verdict, Verdict::Five);
        let five = j.shapes_of(ShapeKind::Five).next().unwrap();
        assert_eq!(five.stones, pts(&["d8", "e8", "f8", "g8", "h8"]));
        assert_eq!(j.shapes_of(ShapeKind::Overline).count(), 1);
        assert_eq!(j.shapes_of(ShapeKind::Four).count(), 2);
    }

    #[test]
    fn white_wins_with_an_overline_black_does_not() {
        let b = Board::from_text(
            "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . . . . . . . . .
            13 . . . . . . . . . . . . . . .
            12 . . . . . . . . . . . . . . .
            11 . . . . . . . . . . . . . . .
            10 . . . . . . . . . . . . . . .
             9 . . . . . . . . . . . . . . .
             8 . . . . O O O . O O . . . . .
             7 . . . . X X X . X X . . . . .
             6 . . . . . . . . . . . . . . .
             5 . . . . X X . X X . . . . . .
             4 . . . . . . . . . . . . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o",
        )
        .unwrap();
        assert_eq!(winner_after(&b, pt("h8"), Stone::White), Ok(Some(Stone::White)));
        assert_eq!(winner_after(&b, pt("h7"), Stone::Black), Ok(None));
        assert_eq!(winner_after(&b, pt("g5"), Stone::Black), Ok(Some(Stone::Black)));
        assert_eq!(winner_after(&b, pt("g5"), Stone::White), Ok(None));
    }

    // --- fours --------------------------------------------------------------------------

    #[test]
    fn two_fours_on_two_lines_are_a_double_four() {
        assert_eq!(
            verdict(
                "
                15 . . . . . . . . . . . . . . .
                14 . . . . . . . . . . . . . . .
                13 . . . . . . . . . . . . . . .
                12 . . . . . . . . . . . . . . .
                11 . . . . . . . . . . . . . . .
                10 . . . . . . . . . . . . . . .
                 9 . . . . . . . . . . . . . . .
                 8 . . . O X X X * . . . . . . .
                 7 . . . . . . . X . . . . . . .
                 6 . . . . . . . X . . . . . . .
                 5 . . . . . . . X . . . . . . .
                 4 . . . . . . . O . . . . . . .
                 3 . . . . . . . . . . . . . . .
                 2 . . . . . . . . . . . . . . .
                 1 . . . . . . . . . . . . . . .
                   a b c d e f g h i j k l m n o"
            ),
            Verdict::DoubleFour
        );
    }

    #[test]
    fn two_fours_on_one_line_are_a_double_four() {
        for row in ["X X X . * . X X X", "X . X * X . X . .", "X X . * X . X X ."] {
            let text = format!(
                "{}  8 . . . {row} . . .\n{}",
                ". . . . . . . . . . . . . . .\n".repeat(7),
                ". . . . . . . . . . . . . . .\n".repeat(7)
            );
            let (board, p) = position(&text);
            let j = judge(&board, p).unwrap();
            assert_eq!(j.verdict, Verdict::DoubleFour, "{row}");
            let fours: Vec<&Shape> = j.shapes_of(ShapeKind::Four).collect();
            assert_eq!(fours.len(), 2, "{row}");
            assert!(fours.iter().all(|s| s.direction == Direction::Horizontal && s.points.len() == 1));
        }
    }

    #[test]
    fn a_straight_four_is_one_four() {
        let (board, p) = position(
            "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . . . . . . . . .
            13 . . . . . . . . . . . . . . .
            12 . . . . . . . . . . . . . . .
            11 . . . . . . . . . . . . . . .
            10 . . . . . . . . . . . . . . .
             9 . . . . . . . . . . . . . . .
             8 . . . . . X X * X . . . . . .
             7 . . . . . . . . . . . . . . .
             6 . . . . . . . . . . . . . . .
             5 . . . . . . . . . . . . . . .
             4 . . . . . . . . . . . . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o",
        );
        let j = judge(&board, p).unwrap();
        assert_eq!(j.verdict, Verdict::None);
        assert_eq!(
            j.shapes,
            vec![Shape {
                kind: ShapeKind::Four,
                direction: Direction::Horizontal,
                stones: pts(&["f8", "g8", "h8", "i8"]),
                points: pts(&["e8", "j8"]),
                forbidden_points: vec![],
            }]
        );
    }

    #[test]
    fn a_four_whose_five_would_be_six_is_no_four() {
        // g8 would make c8–h8, six: the row is not a four, so only the column counts.
        assert_eq!(
            verdict(
                "
                15 . . . . . . . . . . . . . . .
                14 . . . . . . . . . . . . . . .
                13 . . . . . . . X . . . . . . .
                12 . . . . . . . X . . . . . . .
                11 . . . . . . . X . . . . . . .
                10 . . . . . . . . . . . . . . .
                 9 . . . . . . . . . . . . . . .
                 8 . . X X X X . * . . . . . . .
                 7 . . . . . . . . . . . . . . .
                 6 . . . . . . . . . . . . . . .
                 5 . . . . . . . . . . . . . . .
                 4 . . . . . . . . . . . . . . .
                 3 . . . . . . . . . . . . . . .
                 2 . . . . . . . . . . . . . . .
                 1 . . . . . . . . . . . . . . .
                   a b c d e f g h i j k l m n o"
            ),
            Verdict::None
        );
    }

    #[test]
    fn four_three_is_allowed() {
        assert_eq!(
            verdict(
                "
                15 . . . . . . . . . . . . . . .
                14 . . . . . . . . . . . . . . .
                13 . . . . . . . . . . . . . . .
                12 . . . . . . . . . . . . . . .
                11 . . . . . . . . . . . . . . .
                10 . . . . . . . . . . . . . . .
                 9 . . . . . . . . . . . . . . .
                 8 . . . O X X X * . . . . . . .
                 7 . . . . . . . X . . . . . . .
                 6 . . . . . . . X . . . . . . .
                 5 . . . . . . . . . . . . . . .
                 4 . . . . . . . . . . . . . . .
                 3 . . . . . . . . . . . . . . .
                 2 . . . . . . . . . . . . . . .
                 1 . . . . . . . . . . . . . . .
                   a b c d e f g h i j k l m n o"
            ),
            Verdict::None
        );
    }

    // --- threes -------------------------------------------------------------------------

    #[test]
    fn two_open_threes_are_a_double_three() {
        let (board, p) = position(
            "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . . . . . . . . .
            13 . . . . . . . . . . . . . . .
            12 . . . . . . . . . . . . . . .
            11 . . . . . . . . . . . . . . .
            10 . . . . . . . . . . . . . . .
             9 . . . . . . . . . . . . . . .
             8 . . . . . X X * . . . . . . .
             7 . . . . . . . X . . . . . . .
             6 . . . . . . . . . . . . . . .
             5 . . . . . . . X . . . . . . .
             4 . . . . . . . . . . . . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o",
        );
        let j = judge(&board, p).unwrap();
        assert_eq!(j.verdict, Verdict::DoubleThree);
        let threes: Vec<&Shape> = j.shapes_of(ShapeKind::Three).collect();
        assert_eq!(threes[0].direction, Direction::Horizontal);
        assert_eq!(threes[0].stones, pts(&["f8", "g8", "h8"]));
        assert_eq!(threes[0].points, pts(&["e8", "i8"]));
        // The split three h5 · h7 h8 makes its straight four only at h6.
        assert_eq!(threes[1].direction, Direction::Vertical);
        assert_eq!(threes[1].stones, pts(&["h5", "h7", "h8"]));
        assert_eq!(threes[1].points, pts(&["h6"]));
    }

    #[test]
    fn a_three_closed_by_white_or_the_edge_is_not_open() {
        // Row 8 is closed at e8 beside f8 g8 h8 and i8 gives no straight four; column b runs
        // into the edge: b1 b2 b3 with a stone at b4 touches b0.
        assert_eq!(
            verdict(
                "
                15 . . . . . . . . . . . . . . .
                14 . . . . . . . . . . . . . . .
                13 . . . . . . . . . . . . . . .
                12 . . . . . . . . . . . . . . .
                11 . . . . . . . . . . . . . . .
                10 . . . . . . . . . . . . . . .
                 9 . . . . . . . . . . . . . . .
                 8 . . . . O X X * . . . . . . .
                 7 . . . . . . . X . . . . . . .
                 6 . . . . . . . X . . . . . . .
                 5 . . . . . . . . . . . . . . .
                 4 . . . . . . . . . . . . . . .
                 3 . . . . . . . . . . . . . . .
                 2 . . . . . . . . . . . . . . .
                 1 . . . . . . . . . . . . . . .
                   a b c d e f g h i j k l m n o"
            ),
            Verdict::None
        );
        assert_eq!(
            verdict(
                "
                15 . . . . . . . . . . . . . . .
                14 . . . . . . . . . . . . . . .
                13 . . . . . . . . . . . . . . .
                12 . . . . . . . . . . . . . . .
                11 . . . . . . . . . . . . . . .
                10 . . . . . . . . . . . . . . .
                 9 . . . . . . . . . . . . . . .
                 8 . . . . . . . . . . . . . . .
                 7 . . . . . . . . . . . . . . .
                 6 . . . . . . . . . . . . . . .
                 5 . . . . . . . . . . . . . . .
                 4 . . . . . . . . . . . . . . .
                 3 . X . . . . . . . . . . . . .
                 2 . X . . . . . . . . . . . . .
                 1 . * X X . . . . . . . . . . .
                   a b c d e f g h i j k l m n o"
            ),
            Verdict::None
        );
    }

    #[test]
    fn a_three_whose_straight_four_point_is_an_overline_is_false() {
        let (board, p) = position(
            "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . . . . . . . . .
            13 . . . . . . . . . . . . . . .
            12 . . . . . . . . . . . . . . .
            11 . . . . . . . . . X . . . . .
            10 . . . . . . . . . X . . . . .
             9 . . . . . . . . . X . . . . .
             8 . . . . O . X * X . . . . . .
             7 . . . . . . . X . X . . . . .
             6 . . . . . . . X . X . . . . .
             5 . . . . . . . . . . . . . . .
             4 . . . . . . . . . . . . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o",
        );
        // g8 h8 i8: f8 makes f–i, but e8 is white, so not straight; j8 makes g–j, a straight
        // four, but j8 joins j6 j7 · j9 j10 j11 into six — forbidden. False three.
        let j = judge(&board, p).unwrap();
        assert_eq!(j.verdict, Verdict::None);
        let row = j.shapes.iter().find(|s| s.direction == Direction::Horizontal).unwrap();
        assert_eq!(row.kind, ShapeKind::FalseThree);
        assert_eq!(row.forbidden_points, pts(&["j8"]));
        assert_eq!(j.shapes_of(ShapeKind::Three).count(), 1);
    }

    #[test]
    fn a_three_is_false_when_its_straight_four_point_is_a_double_three_itself() {
        // quintet's test position (cases q013, q012), four levels deep. g8 makes the diagonal
        // three e6 f7 g8 and the row three f8 g8 h8, whose only straight-four point is i8
        // (e8 would let d8 make six). i8 makes the three i5 · i7 i8 and the three i8 j7 · l5,
        // whose straight-four point is k6. k6 makes k4 k5 k6 and k6 l6 m6; the latter can
        // become a straight four at n6 (j6 would be a double four). So k6 is a double three,
        // i8 has only one real three and is allowed, and g8 is a double three.
        // White o6 kills n6: then k6 is allowed, i8 is a double three, f8 g8 h8 is false and
        // g8 is allowed.
        let text = "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . . . . . . . . .
            13 . . . . . . . . . . . . . . .
            12 . . . . . . . . . . . . . . .
            11 . . . . . . . . . . . . . . .
            10 . . . . . . . . . . . . . . .
             9 . . . . . . O . . . . . . . .
             8 . . X . . X * X . . . . . . .
             7 . . . . . X . . X X . . . . .
             6 . . . . X . . . . . . X X . .
             5 . . . . . . . . X O X X . . .
             4 . . . . . . . . . . X . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o";
        assert_eq!(verdict(text), Verdict::DoubleThree);
        let closed = text.replace(" 6 . . . . X . . . . . . X X . .", " 6 . . . . X . . . . . . X X . O");
        let (board, p) = position(&closed);
        let j = judge(&board, p).unwrap();
        assert_eq!(j.verdict, Verdict::None);
        let row = j.shapes.iter().find(|s| s.direction == Direction::Horizontal).unwrap();
        assert_eq!((row.kind, &row.forbidden_points), (ShapeKind::FalseThree, &pts(&["i8"])));
    }

    #[test]
    fn verdicts_mark_every_forbidden_point() {
        let board = Board::from_text(
            "
            15 . . . . . . . . . . . . . . .
            14 . . . . . . . . . . . . . . .
            13 . . . . . . . . . . . . . . .
            12 . . . . . . . . . . . . . . .
            11 . . . . . . . . . . . . . . .
            10 . . . . . . . . . . . . . . .
             9 . . . . . . . X . . . . . . .
             8 . . . . . . X . X . . . . . .
             7 . . . . . . . X . . . . . . .
             6 . . . . . . . . . . . . . . .
             5 . . . . . . . . . . . . . . .
             4 . . . . . . . . . . . . . . .
             3 . . . . . . . . . . . . . . .
             2 . . . . . . . . . . . . . . .
             1 . . . . . . . . . . . . . . .
               a b c d e f g h i j k l m n o",
        )
        .unwrap();
        assert_eq!(verdicts(&board).len(), 225 - 4);
        assert_eq!(forbidden_points(&board), vec![(pt("h8"), Verdict::DoubleThree)]);
    }

    #[test]
    fn a_dense_position_is_judged_quickly() {
        // Black on a regular lattice (no white): threes everywhere, whose straight-four
        // points are often forbidden themselves.
        let mut b = Board::new();
        for p in Point::all() {
            if (p.col as u32 + 2 * p.row as u32).is_multiple_of(5) || (p.col + p.row).is_multiple_of(7) {
                b.place(p, Stone::Black).unwrap();
            }
        }
        let start = std::time::Instant::now();
        let all = verdicts(&b);
        for (p, v) in &all {
            assert_eq!(judge(&b, *p).unwrap().verdict, *v, "{p}");
        }
        assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
    }

    // --- properties ---------------------------------------------------------------------

    /// The eight symmetries of the square: `k % 4` quarter turns, then a mirror if `k >= 4`.
    fn transform(p: Point, k: u8) -> Point {
        let mut q = p;
        for _ in 0..k % 4 {
            q = Point { col: SIZE - 1 - q.row, row: q.col };
        }
        if k >= 4 {
            q = Point { col: SIZE - 1 - q.col, row: q.row };
        }
        q
    }

    fn transform_board(b: &Board, k: u8) -> Board {
        let mut t = Board::new();
        for p in Point::all() {
            if let Some(s) = b.get(p) {
                t.place(transform(p, k), s).unwrap();
            }
        }
        t
    }

    fn kinds(j: &Judgement) -> Vec<ShapeKind> {
        let mut k: Vec<ShapeKind> = j.shapes.iter().map(|s| s.kind).collect();
        k.sort_by_key(|k| *k as u8);
        k
    }

    /// Mostly black stones packed round the centre, so shapes are common.
    fn busy_board() -> impl Strategy<Value = Board> {
        prop::collection::vec((3u8..12, 3u8..12, prop::bool::weighted(0.7)), 0..45).prop_map(|v| {
            let mut b = Board::new();
            for (col, row, black) in v {
                let s = if black { Stone::Black } else { Stone::White };
                let _ = b.place(Point { col, row }, s);
            }
            b
        })
    }

    proptest! {
        #[test]
        fn the_verdict_does_not_depend_on_how_the_board_is_turned(
            b in busy_board(), col in 2u8..13, row in 2u8..13, k in 1u8..8
        ) {
            let p = Point { col, row };
            prop_assume!(b.get(p).is_none());
            let j = judge(&b, p).unwrap();
            let t = judge(&transform_board(&b, k), transform(p, k)).unwrap();
            prop_assert_eq!(j.verdict, t.verdict);
            prop_assert_eq!(kinds(&j), kinds(&t));
        }

        #[test]
        fn placing_then_removing_a_stone_changes_nothing(
            b in busy_board(), col in 0u8..15, row in 0u8..15, q in 0u8..225, white in any::<bool>()
        ) {
            let p = Point { col, row };
            let r = Point { col: q % 15, row: q / 15 };
            prop_assume!(b.get(p).is_none() && b.get(r).is_none() && p != r);
            let before = judge(&b, p).unwrap();
            let mut b2 = b.clone();
            b2.place(r, if white { Stone::White } else { Stone::Black }).unwrap();
            b2.remove(r);
            prop_assert_eq!(&b2, &b);
            prop_assert_eq!(judge(&b2, p).unwrap(), before);
        }

        #[test]
        fn the_fast_verdicts_agree_with_judge(b in busy_board()) {
            for (p, v) in verdicts(&b) {
                prop_assert_eq!(judge(&b, p).unwrap().verdict, v, "{}", p);
            }
        }

        #[test]
        fn boards_read_back_from_text_and_json(b in busy_board()) {
            prop_assert_eq!(Board::from_text(&b.to_string()).unwrap(), b.clone());
            let json = serde_json::to_string(&b).unwrap();
            prop_assert_eq!(serde_json::from_str::<Board>(&json).unwrap(), b);
        }
    }
}
