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
