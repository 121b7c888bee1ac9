//! What a judgement says of a move: [`Verdict`] (five, overline, double four, double three,
//! allowed), the shapes found ([`Shape`]) and the [`Judgement`] itself.

use super::*;

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
