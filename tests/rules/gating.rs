//! Gating (`hand: gating`, S-chess): a piece from the hand enters on the back-rank square a
//! piece first leaves, as part of that move; castling gates on the king's or the rook's
//! square. Exact moves and FENs in small positions, as Fairy-Stockfish's `seirawan` and
//! `shouse` give them.

use crate::support::play::after;
use crate::support::problems::problem;
use crate::support::{fsf, moves};

#[test]
fn a_piece_leaving_its_gate_may_bring_one_in_from_the_hand() {
    let v = fsf("seirawan");
    // The knight's three moves, each with and without the hawk; the rook's and the king's
    // gates too. Castling is blocked by the knight.
    assert_eq!(
        moves(&v, "4k3/8/8/8/8/8/8/RN2K3[H] w QB - 0 1"),
        [
            "a1a2", "a1a2h", "a1a3", "a1a3h", "a1a4", "a1a4h", "a1a5", "a1a5h", "a1a6", "a1a6h",
            "a1a7", "a1a7h", "a1a8", "a1a8h", "b1a3", "b1a3h", "b1c3", "b1c3h", "b1d2", "b1d2h",
            "e1d1", "e1d1h", "e1d2", "e1d2h", "e1e2", "e1e2h", "e1f1", "e1f1h", "e1f2", "e1f2h"
        ]
    );
}

#[test]
fn castling_gates_on_the_kings_square_or_the_rooks() {
    let v = fsf("seirawan");
    let fen = "4k3/8/8/8/8/8/8/R3K2R[H] w KQ - 0 1";
    assert_eq!(
        moves(&v, fen),
        [
            "a1a2", "a1a2h", "a1a3", "a1a3h", "a1a4", "a1a4h", "a1a5", "a1a5h", "a1a6", "a1a6h",
            "a1a7", "a1a7h", "a1a8", "a1a8h", "a1b1", "a1b1h", "a1c1", "a1c1h", "a1d1", "a1d1h",
            "a1e1h", "e1c1", "e1c1h", "e1d1", "e1d1h", "e1d2", "e1d2h", "e1e2", "e1e2h", "e1f1",
            "e1f1h", "e1f2", "e1f2h", "e1g1", "e1g1h", "h1e1h", "h1f1", "h1f1h", "h1g1", "h1g1h",
            "h1h2", "h1h2h", "h1h3", "h1h3h", "h1h4", "h1h4h", "h1h5", "h1h5h", "h1h6", "h1h6h",
            "h1h7", "h1h7h", "h1h8", "h1h8h"
        ]
    );
    // The hand is empty after gating: no gate is written any more. Without gating, the
    // rook left on a1 keeps its gate (`A`), no longer a castling right.
    assert_eq!(
        after(&v, fen, "e1g1h"),
        "4k3/8/8/8/8/8/8/R3HRK1[] b - - 1 1"
    );
    assert_eq!(after(&v, fen, "h1e1h"), "4k3/8/8/8/8/8/8/R4RKH[] b - - 1 1");
    assert_eq!(after(&v, fen, "e1g1"), "4k3/8/8/8/8/8/8/R4RK1[H] b A - 1 1");
}

#[test]
fn the_gated_piece_shields_nothing_within_its_own_move() {
    // As Fairy-Stockfish judges it: the queen pinned along the back rank may not leave the
    // rank, though the elephant gated in behind it would shield the king.
    let v = fsf("seirawan");
    assert_eq!(
        moves(&v, "4k3/8/8/8/8/8/8/r2QK3[E] w D - 0 1"),
        ["d1a1", "d1a1e", "d1b1", "d1b1e", "d1c1", "d1c1e", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn gates_are_written_in_the_castling_field() {
    let v = fsf("seirawan");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1";
    assert_eq!(v.fen(&v.start_position()), start);
    assert_eq!(
        after(&v, start, "g1f3h"),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"
    );
    let fen = "4k3/8/8/8/8/8/8/RN2K3[H] w QB - 0 1";
    assert_eq!(
        after(&v, fen, "b1c3h"),
        "4k3/8/8/8/8/2N5/8/RH2K3[] b Q - 1 1"
    );
    assert_eq!(
        after(&v, fen, "b1c3"),
        "4k3/8/8/8/8/2N5/8/R3K3[H] b Q - 1 1"
    );
}

#[test]
fn s_house_drops_and_gates_what_it_captured() {
    // A knight in hand is dropped anywhere or gated on b1; a pawn is dropped on ranks 2 to
    // 7 only, so it is never gated.
    let v = fsf("shouse");
    let all = moves(&v, "4k3/8/8/8/8/8/8/1N2K3[PN] w B - 0 1");
    assert_eq!(all.len(), 120);
    let board: Vec<&String> = all.iter().filter(|m| !m.contains('@')).collect();
    assert_eq!(
        board,
        [
            "b1a3", "b1a3n", "b1c3", "b1c3n", "b1d2", "b1d2n", "e1d1", "e1d2", "e1e2", "e1f1",
            "e1f2"
        ]
    );
    assert_eq!(all.iter().filter(|m| m.starts_with("P@")).count(), 48);
}

#[test]
fn chess960_castling_gates_unless_king_or_rook_lands_on_the_gate() {
    let v = fsf("seirawan960");
    let fen = "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1";
    let all = moves(&v, fen);
    // The king lands on the rook's square and the rook on the king's, so no gate (written
    // with the rook's move, since f1g1 is also a king step).
    assert!(all.contains(&"f1g1/g1f1".to_string()), "{all:?}");
    assert!(
        !all.iter()
            .any(|m| m.starts_with("f1g1") && m != "f1g1/g1f1"),
        "{all:?}"
    );
    assert!(!all.iter().any(|m| m.starts_with("g1f1")), "{all:?}");
    for text in ["e1d3", "e1d3h", "e1d3e", "h1g3e"] {
        assert!(all.contains(&text.to_string()), "{text}");
    }
    assert_eq!(all.len(), 26);
}

#[test]
fn gating_mistakes_are_reported_at_their_keys() {
    let base = "extends: variants/chess.yaml\nname: Broken gating\nregions:\n  back-rank: { white: rank 1, black: rank 8 }\n  home: { white: rank 1-2, black: rank 7-8 }\n";
    let hawk = "pieces:\n  hawk:\n    letter: H\n    moves: BN\n    drop: { gating_only: true }\n";
    // `gating_only` without gates.
    let yaml = format!("{base}hand:\n  captures: out\n{hawk}");
    assert_eq!(
        problem(&yaml),
        ("fairy::gating-only-without-gates".into(), 12, 26)
    );
    // Two gates on a file: a FEN could not name them.
    let yaml = format!("{base}hand:\n  captures: out\n  gating: home\n{hawk}");
    assert_eq!(problem(&yaml), ("fairy::bad-gates".into(), 8, 11));
    // Gating with explosions is not written.
    let yaml = format!(
        "{base}explosion: {{ radius: 1 }}\nhand:\n  captures: out\n  gating: back-rank\n{hawk}"
    );
    assert_eq!(
        problem(&yaml),
        ("fairy::unsupported-combination".into(), 9, 3)
    );
}
