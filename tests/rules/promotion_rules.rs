//! Promotion choices per side (`choices: {white, black}`), promotion only to pieces the side
//! has lost (`limit:`), and a placement phase (`hand: must_drop`, `drop: opposite_colors`,
//! `castling: drop_rights`): exact moves in small positions, and the diagnostics of the keys.

use fairy_rules::{UndoStack, Variant};

use crate::support::fsf;

/// The sorted move texts of `fen` (after `moves`), those starting with `from` only.
fn moves(v: &Variant, fen: &str, after: &[&str], from: &str) -> Vec<String> {
    let mut pos = v.parse_fen(fen).unwrap();
    let mut undo = UndoStack::new();
    for text in after {
        let m = v.parse_move(&pos, text).unwrap();
        v.make(&mut pos, m, &mut undo);
    }
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter(|t| t.starts_with(from))
        .collect();
    out.sort();
    out
}

#[test]
fn each_side_promotes_to_its_own_choices() {
    let v = fsf("sortofalmost");
    let fen = "8/1k5P/8/8/8/3K4/p7/8 w - - 0 1";
    assert_eq!(
        moves(&v, fen, &[], "h7"),
        ["h7h8b", "h7h8c", "h7h8n", "h7h8r"]
    );
    assert_eq!(
        moves(&v, fen, &["d3e3"], "a2"),
        ["a2a1b", "a2a1n", "a2a1q", "a2a1r"]
    );
    let v = fsf("chigorin");
    assert_eq!(moves(&v, fen, &[], "h7"), ["h7h8c", "h7h8n", "h7h8r"]);
    assert_eq!(moves(&v, fen, &["d3e3"], "a2"), ["a2a1b", "a2a1q", "a2a1r"]);
}

#[test]
fn a_pawn_promotes_only_to_pieces_its_side_has_lost() {
    let v = fsf("grand");
    // Nothing lost but a rook: on the ninth rank the pawn may stay a pawn, and onto the
    // tenth, where it must promote, only as a rook.
    let fen = "4k5/10/P9/10/10/10/10/10/1NBQKCABN1/R9 w - - 0 1";
    assert_eq!(moves(&v, fen, &[], "a8"), ["a8a9", "a8a9r"]);
    assert_eq!(moves(&v, fen, &["a8a9", "e10e9"], "a9"), ["a9a10r"]);
    // Nothing lost: the pawn may not enter the last rank at all.
    let fen = "4k5/P9/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1";
    assert!(moves(&v, fen, &[], "a9").is_empty());
    // A queen lost and a second queen made: the choice closes again for the other pawn.
    let fen = "4k5/P8P/10/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1";
    assert_eq!(moves(&v, fen, &[], "a9"), ["a9a10q"]);
    assert!(moves(&v, fen, &["a9a10q", "e10e9"], "j9").is_empty());
    // Black counts its own pieces: it lost its queen, White has one.
    let fen = "r3k4r/1nb2cabn1/10/10/10/10/10/10/9p/3QK5 b - - 0 1";
    assert_eq!(moves(&v, fen, &[], "j2"), ["j2j1q"]);
}

#[test]
fn while_a_side_holds_pieces_its_moves_are_drops_onto_its_back_rank() {
    let v = fsf("placement");
    let start = v.start_position();
    let all: Vec<String> = v
        .legal_moves(&start)
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    assert_eq!(all.len(), 40);
    assert!(all.iter().all(|m| m.contains('@') && m.ends_with('1')));
    // Its hand empty, White moves; Black, still holding a rook, must drop it.
    let fen = "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[r] b - - 0 1";
    assert_eq!(moves(&v, fen, &[], ""), ["R@h8"]);
}

#[test]
fn the_bishops_are_dropped_on_squares_of_opposite_colours() {
    let v = fsf("placement");
    let fen = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    // A bishop on c1 (dark): the other goes to a light square.
    assert_eq!(
        moves(&v, fen, &["B@c1", "N@b8"], "B@"),
        ["B@b1", "B@d1", "B@f1", "B@h1"]
    );
    // One dark and one light square left for two bishops: nothing else may take them.
    let fen = "8/pppppppp/8/8/8/8/PPPPPPPP/1QRNNRK1[BBkqrrbbnn] w - - 0 1";
    assert_eq!(moves(&v, fen, &[], ""), ["B@a1", "B@h1"]);
}

#[test]
fn a_king_and_rooks_dropped_home_may_castle() {
    let v = fsf("placement");
    let fen = "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1";
    let pos = v.parse_fen(fen).unwrap();
    assert_eq!(v.fen(&pos), fen);
    // The king dropped on e1 gains both castling rights with the rooks in the corners.
    let mut after = pos.clone();
    let mut undo = UndoStack::new();
    for text in ["K@e1", "r@h8"] {
        let m = v.parse_move(&after, text).unwrap();
        v.make(&mut after, m, &mut undo);
    }
    assert_eq!(
        v.fen(&after),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 2 2"
    );
    // Dropped elsewhere, it has none.
    let m = v.parse_move(&pos, "K@d1").unwrap();
    let mut elsewhere = pos.clone();
    v.make(&mut elsewhere, m, &mut undo);
    assert_eq!(
        v.fen(&elsewhere),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[r] b q - 1 1"
    );
}

/// The problems of a definition that does not load: (code, line, column), one-based.
fn problems(yaml: &str) -> Vec<(&'static str, usize, usize)> {
    let Err(d) = Variant::from_yaml("broken.yaml", yaml) else {
        panic!("the definition loaded");
    };
    d.problems
        .iter()
        .map(|p| {
            let before = &yaml[..p.span.start];
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |n| n + 1) + 1;
            (p.code, line, column)
        })
        .collect()
}

#[test]
fn mistakes_in_the_keys_are_reported_where_they_are() {
    let yaml = "\
name: Broken
board: 4x4
regions:
  far: { white: rank 4, black: rank 1 }
pieces:
  pawn:
    letter: P
    moves: fmW
    promotion:
      zone: far
      choices: { white: [Q, Q], black: [] }
      limit: { Q: 0, K: 1 }
  queen: { letter: Q, moves: Q }
  king: { letter: K, moves: K, royal: true }
setup: k3/4/P3/K3
castling:
  king: K
  partners: [Q]
  king_distance: 1
  drop_rights: { king: home, partners: far }
";
    assert_eq!(
        problems(yaml),
        [
            ("fairy::duplicate-promotion-choice", 11, 29),
            ("fairy::no-promotion-choice", 11, 40),
            ("fairy::bad-promotion-limit", 12, 19),
            ("fairy::bad-promotion-limit", 12, 25),
            ("fairy::unknown-region", 20, 24),
        ]
    );
}
