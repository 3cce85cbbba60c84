//! Movement constructs on small test definitions: riders, hoppers, lame leaps and paths,
//! first-move and range limits, and boards with missing cells.

use fairy_rules::Variant;

/// A variant with one piece `X` moving as `moves` (and a pawn `P` as a blocker) on `board`,
/// starting from `setup`.
fn variant_on(board: &str, setup: &str, moves: &str) -> Variant {
    let yaml = format!(
        "name: Test\nboard: \"{board}\"\npieces:\n  x:\n    letter: X\n    moves: \"{moves}\"\n  p:\n    letter: P\n    moves: fmW\nsetup: \"{setup}\"\n"
    );
    Variant::from_yaml("test.yaml", &yaml).unwrap_or_else(|e| panic!("{:?}", e.problems))
}

/// Same on an empty 8x8 board.
fn variant(board: &str, moves: &str) -> Variant {
    variant_on(board, "8/8/8/8/8/8/8/8", moves)
}

/// Destinations of the piece on `from` in the position `fen`, sorted.
fn targets(v: &Variant, fen: &str, from: &str) -> Vec<String> {
    let pos = v.parse_fen(fen).unwrap();
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter_map(|t| t.strip_prefix(from).map(str::to_string))
        .collect();
    out.sort();
    out
}

#[test]
fn nightrider_rides_until_blocked() {
    let v = variant("8x8", "NN");
    assert_eq!(
        targets(&v, "8/8/8/8/8/8/8/X7 w - - 0 1", "a1"),
        ["b3", "c2", "c5", "d7", "e3", "g4"]
    );
    // A piece on c5 stops the (1,2) line there; capturing it is allowed (black pawn).
    assert_eq!(
        targets(&v, "8/8/8/2p5/8/8/8/X7 w - - 0 1", "a1"),
        ["b3", "c2", "c5", "e3", "g4"]
    );
}

#[test]
fn range_limits_a_rider() {
    let v = variant("8x8", "W2");
    assert_eq!(
        targets(&v, "8/8/8/8/8/8/8/X7 w - - 0 1", "a1"),
        ["a2", "a3", "b1", "c1"]
    );
}

#[test]
fn cannon_moves_like_a_rook_and_captures_over_a_screen() {
    let v = variant("8x8", "mRcpR");
    // Screen on a3 (white pawn); black pawns on a6 and d1.
    let t = targets(&v, "8/8/p7/8/8/P7/8/X2p4 w - - 0 1", "a1");
    assert_eq!(t, ["a2", "a6", "b1", "c1"]);
}

#[test]
fn grasshopper_lands_just_beyond_the_hurdle() {
    let v = variant("8x8", "gQ");
    let t = targets(&v, "8/8/8/8/8/2p5/8/X2P4 w - - 0 1", "a1");
    // Over c3 to d4; over d1 to e1; nothing on the a-file to hop.
    assert_eq!(t, ["d4", "e1"]);
}

#[test]
fn lame_knight_is_blocked_on_the_orthogonal_square() {
    let v = variant("8x8", "nN");
    assert_eq!(
        targets(&v, "8/8/8/8/8/8/8/X7 w - - 0 1", "a1"),
        ["b3", "c2"]
    );
    assert_eq!(targets(&v, "8/8/8/8/8/8/p7/X7 w - - 0 1", "a1"), ["c2"]);
}

#[test]
fn ordered_path_through_the_two_squares_ahead() {
    // A (2,1) move that first passes the two squares straight ahead, then one to the side.
    let v = variant("8x8", "[WWrW]");
    assert_eq!(
        targets(&v, "8/8/8/8/3X4/8/8/8 w - - 0 1", "d4"),
        ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
    );
    // d5 blocks both moves that go forward first (c6, e6); e4 blocks f3 and f5.
    assert_eq!(
        targets(&v, "8/8/8/3p4/3XP3/8/8/8 w - - 0 1", "d4"),
        ["b3", "b5", "c2", "e2"]
    );
}

#[test]
fn must_jump_needs_a_piece_in_between() {
    let v = variant("8x8", "jD");
    assert_eq!(
        targets(&v, "8/8/8/8/8/8/8/X7 w - - 0 1", "a1"),
        Vec::<String>::new()
    );
    assert_eq!(targets(&v, "8/8/8/8/8/8/P7/X7 w - - 0 1", "a1"), ["a3"]);
}

#[test]
fn first_move_only() {
    let v = variant("8x8", "WifmW3");
    let from_start = Variant::from_yaml(
        "t.yaml",
        "name: T\nboard: 8x8\npieces:\n  x:\n    letter: X\n    moves: WifmW3\nsetup: 8/8/8/8/8/8/8/X7\n",
    )
    .unwrap();
    let start = from_start.start_position();
    let mut t: Vec<String> = from_start
        .legal_moves(&start)
        .into_iter()
        .map(|m| from_start.move_text(m))
        .collect();
    t.sort();
    assert_eq!(t, ["a1a2", "a1a3", "a1a4", "a1b1"]);
    // The same square in a FEN of another game: X was not set up there, so it has moved.
    assert_eq!(
        targets(&v, "8/8/8/8/8/8/8/1X6 w - - 0 1", "b1"),
        ["a1", "b2", "c1"]
    );
}

#[test]
fn missing_cells_stop_lines_and_leaps() {
    let holes = "6x8 minus a1, f1, a8, f8";
    let v = variant_on(holes, "4/6/6/6/6/6/6/4", "R");
    // b1 has no cell to its left; its rank holds b1-e1 only.
    let fen = "4/6/6/6/6/6/6/X3 w - - 0 1";
    assert_eq!(
        targets(&v, fen, "b1"),
        ["b2", "b3", "b4", "b5", "b6", "b7", "b8", "c1", "d1", "e1"]
    );
    let v = variant_on(holes, "4/6/6/6/6/6/6/4", "N");
    assert_eq!(
        targets(&v, "4/6/6/6/6/6/6/X3 w - - 0 1", "b1"),
        ["a3", "c3", "d2"]
    );
}

/// `royals_apart` without containers: under extinction kings may stand next to each other
/// (they capture, not check); the rule forbids it.
#[test]
fn royals_apart_keeps_kings_off_neighbouring_squares() {
    let yaml = std::fs::read_to_string("variants/chess.yaml").unwrap();
    let extinction = yaml.replacen("royal: checkmate", "royal: extinction", 1);
    let apart = format!("{extinction}royals_apart: true\n");
    let king_moves = |yaml: &str| -> Vec<String> {
        let v = fairy_rules::Variant::from_yaml("t.yaml", yaml).unwrap();
        let pos = v.parse_fen("8/8/8/4k3/8/4K3/8/8 w - - 0 1").unwrap();
        let mut m: Vec<String> = v
            .legal_moves(&pos)
            .into_iter()
            .map(|m| v.move_text(m))
            .collect();
        m.sort();
        m
    };
    assert_eq!(
        king_moves(&extinction),
        ["e3d2", "e3d3", "e3d4", "e3e2", "e3e4", "e3f2", "e3f3", "e3f4"]
    );
    assert_eq!(king_moves(&apart), ["e3d2", "e3d3", "e3e2", "e3f2", "e3f3"]);
}

/// Regression (found by `tests/properties/mutation.rs`): a piece whose movement reaches the royal piece
/// along two routes (`RW`: the rook's ride and the wazir's step to the adjacent cell; `RD`:
/// the ride and the dabbaba's leap over the cell between) is one checker, not a double
/// check: another piece may capture it, and only a block that cuts every route answers.
#[test]
fn a_piece_checking_along_two_routes_is_one_checker() {
    let def = |moves: &str| {
        let yaml = format!(
            "name: Test\nboard: 8x8\npieces:\n  king:\n    letter: K\n    moves: K\n    royal: true\n  rook:\n    letter: R\n    moves: R\n  x:\n    letter: X\n    moves: \"{moves}\"\nsetup: \"4k3/8/8/8/8/8/8/4K3\"\n"
        );
        Variant::from_yaml("test.yaml", &yaml).unwrap_or_else(|e| panic!("{:?}", e.problems))
    };
    let moves = |v: &Variant, fen: &str| {
        let pos = v.parse_fen(fen).unwrap();
        let mut out: Vec<String> = v
            .legal_moves(&pos)
            .into_iter()
            .map(|m| v.move_text(m))
            .collect();
        out.sort();
        let mut reference: Vec<String> = v
            .legal_moves_by_trial(&pos)
            .into_iter()
            .map(|m| v.move_text(m))
            .collect();
        reference.sort();
        assert_eq!(out, reference, "{fen}");
        out
    };
    // The X on e2, next to the king: the rook captures it, as the king does (or steps
    // aside to a cell the X does not reach).
    let rw = def("RW");
    assert_eq!(
        moves(&rw, "4k3/8/8/8/8/8/R3x3/4K3 w - - 0 1"),
        ["a2e2", "e1d1", "e1e2", "e1f1"]
    );
    // The X on e3: blocking on e2 stops the ride but not the leap; capturing stops both.
    let rd = def("RD");
    assert_eq!(
        moves(&rd, "4k3/8/8/8/8/R3x3/R7/4K3 w - - 0 1"),
        ["a3e3", "e1d1", "e1d2", "e1f1", "e1f2"]
    );
}

/// An empty movement is a piece with no moves of its own: it stands where it is put, blocks
/// lines and can be captured.
#[test]
fn an_empty_movement_is_a_piece_that_never_moves() {
    let yaml = "name: Walls\nboard: 8x8\npieces:\n  king:\n    letter: K\n    moves: K\n    royal: true\n  rook:\n    letter: R\n    moves: R\n  wall:\n    letter: W\n    moves: \"\"\nsetup: 4k3/8/8/8/8/8/8/W3K2R\n";
    let v = fairy_rules::Variant::from_yaml("walls.yaml", yaml).unwrap();
    let start = v.start_position();
    let mut moves: Vec<String> = v
        .legal_moves(&start)
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    moves.sort();
    // The king's 5 steps and the rook's 9 moves; none from a1.
    assert_eq!(moves.len(), 14, "{moves:?}");
    assert!(moves.iter().all(|m| !m.starts_with("a1")), "{moves:?}");
    // A black wall on h4 stops the rook's line there, and is taken.
    let pos = v.parse_fen("4k3/8/8/8/7w/8/8/4K2R w - - 0 1").unwrap();
    let up: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter(|t| t.starts_with("h1h"))
        .collect();
    assert_eq!(up, ["h1h2", "h1h3", "h1h4"]);
}

/// `takes_en_passant: false`: the sergeant's double step is taken en passant by a pawn, but
/// the sergeant takes no pawn that way (Wolf chess in Fairy-Stockfish). Without
/// `en_passant: true` the key is an error at its value.
#[test]
fn a_piece_taken_en_passant_that_takes_no_one_so() {
    let pieces =
        "pieces:\n  pawn:\n    letter: P\n    moves: fmWfcFifmnD\n    en_passant: true\n  \
                  sergeant:\n    letter: S\n    moves: fKifmnD\n    en_passant: true\n    \
                  takes_en_passant: false\n  king:\n    letter: K\n    moves: K\n    royal: true\n";
    let yaml = format!("name: T\nboard: 8x8\n{pieces}setup: k7/1s4p1/8/8/2p4S/8/1S4P1/K7\n");
    let v = Variant::from_yaml("t.yaml", &yaml).unwrap();
    let start = v.start_position();
    // b2-b4 passes b3, where the pawn on c4 takes the sergeant.
    let pos = v
        .play(&start, v.parse_move(&start, "b2b4").unwrap())
        .unwrap();
    assert_eq!(v.fen(&pos), "k7/1s4p1/8/8/1Sp4S/8/6P1/K7 b - b3 1 1");
    let taken = v.play(&pos, v.parse_move(&pos, "c4b3").unwrap()).unwrap();
    assert_eq!(v.fen(&taken), "k7/1s4p1/8/8/7S/1p6/6P1/K7 w - - 0 2");
    // g7-g5 passes g6, which the sergeant on h5 may step onto, taking nothing: no target.
    let pos = v
        .play(&start, v.parse_move(&start, "h4h5").unwrap())
        .unwrap();
    let pos = v.play(&pos, v.parse_move(&pos, "g7g5").unwrap()).unwrap();
    assert_eq!(v.fen(&pos), "k7/1s6/8/6pS/2p5/8/1S4P1/K7 w - - 2 2");
    let stepped = v.play(&pos, v.parse_move(&pos, "h5g6").unwrap()).unwrap();
    assert_eq!(v.fen(&stepped), "k7/1s6/6S1/6p1/2p5/8/1S4P1/K7 b - - 3 2");
    let broken = yaml.replace(
        "    moves: fKifmnD\n    en_passant: true\n",
        "    moves: fKifmnD\n",
    );
    assert_eq!(
        crate::support::problems::problem(&broken),
        ("fairy::takes-without-en-passant".to_string(), 11, 23)
    );
}
