//! The recursive false-three check (假三) and the public questions: [`judge`] one move,
//! the [`verdicts`] and [`forbidden_points`] of a board, the [`winner_after`] a move.

use super::*;

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
