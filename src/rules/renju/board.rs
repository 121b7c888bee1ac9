//! The board ([`Board`]): stones by point, its stored shape ([`Position`]) and its ASCII
//! drawing (the tests' and the conformance cases' boards).

use super::*;

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
    pub(super) cells: [Option<Stone>; CELLS],
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
pub(super) fn parse_drawing(text: &str) -> Result<(Board, Vec<Point>), RenjuError> {
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
