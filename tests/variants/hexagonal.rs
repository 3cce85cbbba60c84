//! Gliński's and McCooey's hexagonal chess (docs/games/glinski.md, docs/games/mccooey.md):
//! the start positions' moves and exact perft counts, each equal to the independent cube
//! coordinate generator of `hex_reference.rs`.

use fairy_rules::{Position, Variant};

use super::hex_reference::{Board, Kind, Rules};

fn variant(name: &str) -> Variant {
    Variant::from_file(format!("variants/{name}.yaml")).unwrap()
}

fn moves(v: &Variant, pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = v
        .legal_moves(pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    out.sort();
    out
}

/// Gliński's setup, White's pieces; Black's are their mirror images.
fn glinski_start() -> Board {
    Board::new(&[
        (Kind::King, &["g1"]),
        (Kind::Queen, &["e1"]),
        (Kind::Rook, &["c1", "i1"]),
        (Kind::Knight, &["d1", "h1"]),
        (Kind::Bishop, &["f1", "f2", "f3"]),
        (
            Kind::Pawn,
            &["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"],
        ),
    ])
}

/// McCooey's setup, White's pieces.
fn mccooey_start() -> Board {
    Board::new(&[
        (Kind::King, &["g1"]),
        (Kind::Queen, &["e1"]),
        (Kind::Rook, &["d1", "h1"]),
        (Kind::Knight, &["e2", "g2"]),
        (Kind::Bishop, &["f1", "f2", "f3"]),
        (Kind::Pawn, &["c1", "d2", "e3", "f4", "g3", "h2", "i1"]),
    ])
}

#[test]
fn glinski_start_has_the_51_moves_of_the_literature() {
    let v = variant("glinski");
    let start = v.start_position();
    let reference = glinski_start();
    assert_eq!(v.fen(&start), reference.hex_fen());
    let ours = moves(&v, &start);
    assert_eq!(ours.len(), 51);
    assert_eq!(ours, reference.legal_text(&Rules::glinski()));
}

#[test]
fn glinski_perft_matches_the_reference() {
    let v = variant("glinski");
    let start = v.start_position();
    let (board, rules) = (glinski_start(), Rules::glinski());
    for (depth, n) in [(1, 51), (2, 2_586), (3, 137_858), (4, 7_282_418)] {
        assert_eq!(v.perft(&start, depth), n, "depth {depth}");
        assert_eq!(board.perft(&rules, depth), n, "reference, depth {depth}");
    }
}

#[test]
fn mccooey_start_has_31_moves() {
    let v = variant("mccooey");
    let start = v.start_position();
    let reference = mccooey_start();
    assert_eq!(v.fen(&start), reference.hex_fen());
    let ours = moves(&v, &start);
    assert_eq!(ours.len(), 31);
    assert_eq!(ours, reference.legal_text(&Rules::mccooey()));
}

#[test]
fn mccooey_perft_matches_the_reference() {
    let v = variant("mccooey");
    let start = v.start_position();
    let (board, rules) = (mccooey_start(), Rules::mccooey());
    for (depth, n) in [(1, 31), (2, 947), (3, 33_307), (4, 1_157_852)] {
        assert_eq!(v.perft(&start, depth), n, "depth {depth}");
        assert_eq!(board.perft(&rules, depth), n, "reference, depth {depth}");
    }
}

/// Pawns a step from the far edge, a double step to answer en passant and a pawn that
/// reached another pawn's start cell by a capture, in both games.
fn promotion_race() -> Board {
    let mut b = Board::new(&[(Kind::King, &["f1"]), (Kind::Rook, &["a1"])]);
    let piece = |white: bool, kind: Kind| Some((white, kind));
    for (cell, p) in [
        ("e9", piece(true, Kind::Pawn)),
        ("c7", piece(true, Kind::Pawn)),
        ("d3", piece(true, Kind::Pawn)),
        ("f5", piece(true, Kind::Pawn)),
        ("e6", piece(false, Kind::Pawn)),
        ("g6", piece(false, Kind::Pawn)),
        ("d9", piece(false, Kind::Knight)),
        ("b2", piece(false, Kind::Pawn)),
        ("f11", None),
        ("i8", piece(false, Kind::King)),
    ] {
        b.put(cell, p);
    }
    b
}

#[test]
fn promotions_and_en_passant_match_the_reference() {
    let games = [
        ("glinski", Rules::glinski(), [31, 907, 27_319]),
        ("mccooey", Rules::mccooey(), [31, 877, 27_171]),
    ];
    for (name, rules, counts) in games {
        let v = variant(name);
        let board = promotion_race();
        assert_eq!(
            board.hex_fen(),
            "R4r/1p5/6P1/2P5n/5p2P1/K3P6/5p4/9/7k/7/6 w - - 0 1"
        );
        let pos = v.parse_fen(&board.hex_fen()).unwrap();
        assert_eq!(moves(&v, &pos), board.legal_text(&rules), "{name}");
        for (depth, n) in (1..=3).zip(counts) {
            assert_eq!(v.perft(&pos, depth), n, "{name}, depth {depth}");
            assert_eq!(
                board.perft(&rules, depth),
                n,
                "{name}, reference, depth {depth}"
            );
        }
    }
}

#[test]
fn a_glinski_pawn_captures_sideways_forward_and_double_steps_from_any_start_cell() {
    let v = variant("glinski");
    // White's pawn on d3 (a start cell) with black pieces on c3 and e4 beside it ahead.
    let pos = v
        .parse_fen("6/7/2p5/2P6/3p6/11/10/9/8/7/K4k w - - 0 1")
        .unwrap();
    let pawn: Vec<String> = moves(&v, &pos)
        .into_iter()
        .filter(|m| m.starts_with("d3"))
        .collect();
    assert_eq!(pawn, ["d3c3", "d3d4", "d3d5", "d3e4"]);
    // The capture on e4 lands on e4's start cell: from there it may step two.
    let mut after = pos;
    for text in ["d3e4", "l6l5"] {
        let m = v.parse_move(&after, text).unwrap();
        after = v.play(&after, m).unwrap();
    }
    let pawn: Vec<String> = moves(&v, &after)
        .into_iter()
        .filter(|m| m.starts_with("e4"))
        .collect();
    assert_eq!(pawn, ["e4e5", "e4e6"]);
}
