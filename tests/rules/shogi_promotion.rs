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
    // Outside the camp (the last rank) nothing promotes.
    assert_eq!(
        moves_from(&v, "k4/5/1S3/5/4K[] w - - 0 1", "b3"),
        ["b3a2", "b3a4", "b3b4", "b3c2", "b3c4"]
    );
    // The silver steps into the last rank: it may promote or not.
    assert_eq!(
        moves_from(&v, "4k/1S3/5/5/4K[] w - - 0 1", "b4"),
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

/// The cells `v`'s legal drops reach in `fen`, sorted.
fn drop_cells(v: &Variant, fen: &str) -> Vec<String> {
    let pos = v.parse_fen(fen).unwrap();
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter_map(|t| t.split_once('@').map(|(_, cell)| cell.to_string()))
        .collect();
    out.sort();
    out
}

#[test]
fn a_swallow_is_not_dropped_on_a_file_holding_two_of_its_side() {
    let v = Variant::from_file("variants/fsf/torishogi.yaml").unwrap();
    // Two white swallows on file a: no third there; and never on the last rank.
    let cells = drop_cells(&v, "3k3/7/7/7/S6/S6/3K3[S] w - - 0 1");
    assert_eq!(cells.len(), 35);
    assert!(cells
        .iter()
        .all(|c| !c.starts_with('a') && !c.ends_with('7')));
    // One on file a: a second may join it.
    let cells = drop_cells(&v, "3k3/7/7/7/7/S6/3K3[S] w - - 0 1");
    assert_eq!(cells.len(), 46 - 6);
    assert_eq!(
        cells
            .iter()
            .filter(|c| c.starts_with('a'))
            .collect::<Vec<_>>(),
        ["a1", "a3", "a4", "a5", "a6"]
    );
}

#[test]
fn kyoto_pieces_turn_over_at_every_move_and_drop_either_way_up() {
    let v = Variant::from_file("variants/fsf/kyotoshogi.yaml").unwrap();
    // The pawn steps and becomes a rook; the rook moves and becomes a pawn again.
    assert_eq!(moves_from(&v, "4k/5/5/P4/4K[] w - - 0 1", "a2"), ["a2a3r"]);
    assert_eq!(
        moves_from(&v, "4k/5/5/R4/4K[] w - - 0 1", "a2"),
        ["a2a1p", "a2a3p", "a2a4p", "a2a5p", "a2b2p", "a2c2p", "a2d2p", "a2e2p"]
    );
    // A captured rook goes to hand as a pawn, which drops as a pawn or as a rook.
    let mut pos = v.parse_fen("4k/3R1/5/5/K4[] b - - 0 1").unwrap();
    let m = v.parse_move(&pos, "e5d4").unwrap();
    v.make(&mut pos, m, &mut UndoStack::new());
    assert_eq!(v.fen(&pos), "5/3k1/5/5/K4[p] w - - 0 2");
    let pos = v.parse_fen("5/3kr/5/5/K4[P] w - - 0 1").unwrap();
    assert_eq!(drop_cells(&v, "5/3kr/5/5/K4[P] w - - 0 1").len(), 2 * 22);
    let turned = v.parse_move(&pos, "R@a5").unwrap();
    assert_eq!(v.move_text(turned), "R@a5");
    assert_ne!(turned, v.parse_move(&pos, "P@a5").unwrap());
}

#[test]
fn micro_pieces_turn_over_only_when_they_capture() {
    let v = Variant::from_file("variants/fsf/micro.yaml").unwrap();
    // A quiet step stays a pawn; a capture turns it into a knight.
    assert_eq!(moves_from(&v, "k3/4/4/P3/3K[] w - - 0 1", "a2"), ["a2a3"]);
    assert_eq!(moves_from(&v, "k3/4/p3/P3/3K[] w - - 0 1", "a2"), ["a2a3n"]);
}
