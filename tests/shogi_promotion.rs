//! Shogi's promotion (`promotion: optional: true`) and promoted kinds (`promoted: true`):
//! optional on a move starting or ending in the zone, forced where the piece could never move
//! again, and a captured promoted piece going to hand as what it was.

use fairy_rules::{Position, UndoStack, Variant};

fn minishogi() -> Variant {
    Variant::from_file("variants/fsf/minishogi.yaml").unwrap()
}

/// The sorted move texts of the moves from `from` in `fen`.
fn moves_from(v: &Variant, fen: &str, from: &str) -> Vec<String> {
    let pos = v.parse_fen(fen).unwrap();
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter(|t| t.starts_with(from) && !t.contains('@'))
        .collect();
    out.sort();
    out
}

#[test]
fn promotion_is_optional_into_and_out_of_the_zone_and_forced_where_the_piece_would_be_stuck() {
    let v = minishogi();
    // The silver steps into the last rank: it may promote or not.
    assert_eq!(
        moves_from(&v, "k4/5/1S3/5/4K[] w - - 0 1", "b3"),
        ["b3a2", "b3a4", "b3a4v", "b3b4", "b3c2", "b3c4"]
    );
    assert_eq!(
        moves_from(&v, "k4/1S3/5/5/4K[] w - - 0 1", "b4"),
        ["b4a3", "b4a5", "b4a5v", "b4b5", "b4b5v", "b4c3", "b4c5", "b4c5v"]
    );
    // From the zone, even a move out of it may promote.
    assert_eq!(
        moves_from(&v, "1S2k/5/5/5/4K[] w - - 0 1", "b5"),
        ["b5a4", "b5a4v", "b5c4", "b5c4v"]
    );
    // A pawn on the last rank could never move again: it must promote there.
    assert_eq!(moves_from(&v, "4k/P4/5/5/4K[] w - - 0 1", "a4"), ["a4a5t"]);
}

#[test]
fn a_captured_promoted_piece_goes_to_hand_as_what_it_was() {
    let v = minishogi();
    // A horse (a promoted bishop) is taken by the king: Black holds a bishop.
    let mut pos: Position = v.parse_fen("4k/3H1/5/5/K4[] b - - 0 1").unwrap();
    let m = v.parse_move(&pos, "e5d4").unwrap();
    v.make(&mut pos, m, &mut UndoStack::new());
    assert_eq!(v.fen(&pos), "5/3k1/5/5/K4[b] w - - 0 2");
    // So is a tokin, as a pawn.
    let mut pos = v.parse_fen("4k/3T1/5/5/K4[] b - - 0 1").unwrap();
    let m = v.parse_move(&pos, "e5d4").unwrap();
    v.make(&mut pos, m, &mut UndoStack::new());
    assert_eq!(v.fen(&pos), "5/3k1/5/5/K4[p] w - - 0 2");
}
