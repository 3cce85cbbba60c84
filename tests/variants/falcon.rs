//! Falcon Chess legal-move sets, as insta snapshots. Each snapshot was read square by square
//! against docs/games/falcon-chess.md (and the counts against tests/reference/falcon_reference.py).

use fairy_rules::Variant;

fn falcon() -> Variant {
    Variant::from_file("variants/falcon-chess.yaml").unwrap()
}

/// The position's FEN, then its legal moves sorted, one per line.
fn listing(fen: &str) -> String {
    let v = falcon();
    let pos = v.parse_fen(fen).unwrap();
    let mut moves: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    moves.sort();
    format!("{fen}\n{} moves\n{}\n", moves.len(), moves.join("\n"))
}

/// The falcon's destinations from `square` (moves starting there), sorted.
fn falcon_targets(fen: &str, square: &str) -> Vec<String> {
    let v = falcon();
    let pos = v.parse_fen(fen).unwrap();
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter(|t| t.starts_with(square))
        .map(|t| t[square.len()..].to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn start_position() {
    insta::assert_snapshot!(listing(
        "rnbfqkfbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBFQKFBNR w KQkq - 0 1"
    ));
}

// Falcon on e4; its three paths to f7 are e5-e6, e5-f6 and f5-f6.
#[test]
fn one_path_to_f7_blocked() {
    // e6 closes e5-e6 only.
    let fen = "k9/10/4p5/10/4F5/10/10/K9 w - - 0 1";
    assert!(falcon_targets(fen, "e4").contains(&"f7".to_string()));
    insta::assert_snapshot!(listing(fen));
}

#[test]
fn two_paths_to_f7_blocked() {
    // e6 closes e5-e6, f5 closes f5-f6; e5-f6 stays open.
    let fen = "k9/10/4p5/5p4/4F5/10/10/K9 w - - 0 1";
    assert!(falcon_targets(fen, "e4").contains(&"f7".to_string()));
    insta::assert_snapshot!(listing(fen));
}

#[test]
fn all_three_paths_to_f7_blocked() {
    // e5 closes e5-e6 and e5-f6, f6 closes f5-f6.
    let fen = "k9/10/5p4/4p5/4F5/10/10/K9 w - - 0 1";
    assert!(!falcon_targets(fen, "e4").contains(&"f7".to_string()));
    insta::assert_snapshot!(listing(fen));
}

#[test]
fn falcon_in_the_corner_and_on_the_edge() {
    insta::assert_snapshot!(listing("k9/10/10/10/10/10/10/F7FK w - - 0 1"));
}

#[test]
fn free_castling_every_king_destination() {
    insta::assert_snapshot!(listing(
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"
    ));
}

#[test]
fn free_castling_with_an_attacked_transit_square() {
    // The black rook on h8 attacks h1: the king may go to g1 but not to h1 (attacked) nor i1
    // (through h1). Queenside is untouched.
    let fen = "4k2r2/10/10/10/10/10/10/R4K3R w KQ - 0 1";
    let kingside: Vec<String> = falcon_targets(fen, "f1")
        .into_iter()
        .filter(|t| t.starts_with('g') || t.starts_with('h') || t.starts_with('i'))
        .collect();
    assert_eq!(kingside, ["g1", "g1/j1f1", "g2"]);
    insta::assert_snapshot!(listing(fen));
}

#[test]
fn no_castling_out_of_check() {
    let fen = "5r2k1/10/10/10/10/10/10/R4K3R w KQ - 0 1";
    assert!(falcon_targets(fen, "f1")
        .iter()
        .all(|t| !t.contains('/') && !["b1", "c1", "d1", "h1", "i1"].contains(&t.as_str())));
    insta::assert_snapshot!(listing(fen));
}

#[test]
fn promotion_to_falcon() {
    insta::assert_snapshot!(listing("1r1n5k/2P7/10/10/10/10/10/K9 w - - 0 1"));
}

#[test]
fn two_square_castling_is_a_yaml_option() {
    let yaml = std::fs::read_to_string("variants/falcon-chess.yaml")
        .unwrap()
        .replace("king_distance: free", "king_distance: 2");
    let v = Variant::from_yaml("falcon-two-square.yaml", &yaml).unwrap();
    let pos = v
        .parse_fen("r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1")
        .unwrap();
    let mut castles: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .filter(|m| matches!(m.kind, fairy_rules::MoveKind::Castle { .. }))
        .map(|m| v.move_text(m))
        .collect();
    castles.sort();
    assert_eq!(castles, ["f1d1", "f1h1"]);
    let after = v.play_unchecked(&pos, v.parse_move(&pos, "f1h1").unwrap());
    assert_eq!(
        v.fen(&after),
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R5RK2 b kq - 1 1"
    );
}

#[test]
fn castling_transit_is_judged_with_the_king_lifted() {
    // The black falcon on e2 reaches h1 only through f1 and g1. With the king gone from f1 it
    // attacks h1, so the king may not pass h1 (f1h1, f1i1); g1 is safe.
    let fen = "k9/10/10/10/10/10/4fPP3/5K3R w K - 0 1";
    let kingside: Vec<String> = falcon_targets(fen, "f1");
    assert_eq!(kingside, ["e1", "e2", "g1", "g1/j1f1"]);
}

/// Regression (found by `tests/properties/playouts.rs`): the pawn on d4 is pinned on the d-file by
/// the rook on d6, and it also stands on the black falcon's only open path to the king
/// (e5-d4-d3-d2; the paths through e4 are blocked by the knight). Moving along the pin line
/// to d5 opens the path: illegal, though the pin alone would allow it.
#[test]
fn a_pinned_piece_on_a_falcon_path_may_not_open_it_along_its_pin_line() {
    let v = falcon();
    let pos = v
        .parse_fen("4k5/10/3r6/4f5/3PN5/10/3K6/10 w - - 0 1")
        .unwrap();
    let mut moves: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    moves.sort();
    let mut reference: Vec<String> = v
        .legal_moves_by_trial(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    reference.sort();
    assert_eq!(moves, reference);
    assert!(!moves.contains(&"d4d5".to_string()), "{moves:?}");
    assert_eq!(v.count_legal_moves(&pos), moves.len());
    // Nor may the knight leave e4, which would open the paths through e4 and e3 or d3.
    assert!(!moves.iter().any(|m| m.starts_with("e4")), "{moves:?}");
    assert!(moves.iter().any(|m| m.starts_with("d2")), "the king moves");
}
