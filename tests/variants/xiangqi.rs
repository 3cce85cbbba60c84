//! The Xiangqi family's rules (`variants/fsf/xiangqi.yaml`, `janggi.yaml`): facing royal
//! pieces (`royals_facing: forbidden` and `must-break`), passing (`pass: true`), cannons
//! that may not hop over or capture cannons (`cannot_hop:`, `cannot_capture:`), and the
//! palace with its diagonals (`within:`). Each list is the one Fairy-Stockfish gives.

use crate::support::{fsf, moves};

#[test]
fn the_flying_general_forbids_leaving_the_generals_facing() {
    let v = fsf("xiangqi");
    // The general may not step onto the file of the other one, open between them.
    assert_eq!(
        moves(&v, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
        ["e1e2", "e1f1"]
    );
    // The horse between the generals may not leave the file: it has no move.
    assert_eq!(
        moves(&v, "4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1"),
        ["e1d1", "e1f1"]
    );
}

#[test]
fn bikjang_must_be_broken_or_answered_by_a_pass_even_in_check() {
    let v = fsf("janggi");
    // Facing: the general steps off the file or passes (`e1e1`); e2 stays on it.
    assert_eq!(
        moves(&v, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
        ["e1d1", "e1e1", "e1f1"]
    );
    // Facing and in check by the chariot: only the pass is left.
    assert_eq!(moves(&v, "3k5/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1"), ["d1d1"]);
    // In check without facing: no pass.
    assert_eq!(moves(&v, "5k3/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1"), ["d1d2"]);
}

#[test]
fn the_janggi_cannon_neither_hops_over_nor_captures_a_cannon() {
    let v = fsf("janggi");
    // e4's cannon may not hop the black cannon on e6; it hops its soldier down to e2, e1.
    assert_eq!(
        moves(&v, "5k3/9/9/9/4c4/9/4C4/4P4/9/3K5 w - - 0 1"),
        ["d1d1", "d1d2", "d1e1", "d1e2", "e3d3", "e3f3", "e4e1", "e4e2"]
    );
    // a1's cannon hops its soldier but may not capture the cannon on a4.
    assert_eq!(
        moves(&v, "5k3/9/9/9/9/9/c8/9/P8/C2K5 w - - 0 1"),
        [
            "a1a3", "a1e1", "a1f1", "a1g1", "a1h1", "a1i1", "a2a3", "a2b2", "d1d1", "d1d2", "d1e1",
            "d1e2"
        ]
    );
    // Along the palace diagonal too: d1's cannon may not hop the cannon on e2.
    assert_eq!(
        moves(&v, "3k5/9/9/9/9/9/4C4/9/4c4/3CK4 w - - 0 1"),
        ["d1f1", "d1g1", "d1h1", "d1i1", "e1e1", "e1e2", "e1f1"]
    );
}

#[test]
fn palace_diagonals_belong_to_the_pieces_inside() {
    let v = fsf("janggi");
    // The guard on e2 steps along the diagonals; the chariot on d1 may not go through it.
    assert_eq!(
        moves(&v, "5k3/9/9/9/9/9/9/9/4A4/3RK4 w - - 0 1"),
        [
            "d1a1", "d1b1", "d1c1", "d1d10", "d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7",
            "d1d8", "d1d9", "e1e1", "e1f1", "e2d2", "e2d3", "e2e3", "e2f1", "e2f2", "e2f3"
        ]
    );
}

#[test]
fn a_pass_is_read_and_written_as_the_general_standing_still() {
    let v = fsf("janggi");
    let pos = v.start_position();
    let m = v.parse_move(&pos, "e2e2").unwrap();
    assert_eq!(v.move_text(m), "e2e2");
    let mut after = pos.clone();
    v.make(&mut after, m, &mut fairy_rules::UndoStack::new());
    assert_eq!(
        v.fen(&after),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
    );
}

#[test]
fn the_suites_positions_write_back_unchanged() {
    for (name, fen) in [
        (
            "xiangqi",
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        ),
        ("xiangqi", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"),
        (
            "janggi",
            "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
        ),
        (
            "janggi",
            "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
        ),
    ] {
        let v = fsf(name);
        assert_eq!(v.fen(&v.parse_fen(fen).unwrap()), fen);
    }
}

#[test]
fn two_passes_in_a_row_and_a_facing_answered_by_a_pass_end_the_game() {
    let v = fsf("janggi");
    let mut pos = v.start_position();
    let mut undo = fairy_rules::UndoStack::new();
    for text in ["e2e2", "e9e9"] {
        let m = v.parse_move(&pos, text).unwrap();
        v.make(&mut pos, m, &mut undo);
    }
    assert!(v.legal_moves(&pos).is_empty());
    // The generals face each other; Black passes: the game is over.
    let mut pos = v.parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    let m = v.parse_move(&pos, "e10e10").unwrap();
    v.make(&mut pos, m, &mut undo);
    assert!(v.legal_moves(&pos).is_empty());
}
