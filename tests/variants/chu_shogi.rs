//! Chu Shogi (`variants/chu-shogi.yaml`, docs/games/chu-shogi.md): the lion's and the
//! lion-power pieces' two-leg moves, the lion-trading rules and the promotion on entering,
//! on positions whose moves HaChu listed or judged the same way (its `lift` highlights and
//! its answers to `usermove`), and the start position's perft counts.

use fairy_rules::{cecp, MoveKind, Variant};

use crate::support::{moves, variant};

fn chu() -> Variant {
    variant("chu-shogi")
}

/// The sorted move texts from `from` in `board` (White to move).
fn from(v: &Variant, board: &str, from: &str) -> Vec<String> {
    moves(v, &format!("{board} w - - 0 1"))
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn strs(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn the_lion_captures_twice_captures_without_moving_and_passes() {
    // Black pawns on f7 and f8, a black gold on g7 (HaChu's `lift f6` and `put f7`).
    let v = chu();
    let lion = from(&v, "k11/12/12/12/5p6/5pg5/5N6/12/12/12/12/11K", "f6");
    let mut expected: Vec<String> = [
        // Every cell of the 5x5 square around it but f6: steps and leaps.
        "d4", "d5", "d6", "d7", "d8", "e4", "e5", "e6", "e7", "e8", "f4", "f5", "f7", "f8", "g4",
        "g5", "g6", "g7", "g8", "h4", "h5", "h6", "h7", "h8",
        // The pass, by the empty e5.
        "f6",
    ]
    .iter()
    .map(|to| format!("f6{to}"))
    .collect();
    // Capturing on f7 or g7, then a second step anywhere but onto its own pieces.
    for second in ["e6", "e7", "e8", "f6", "f8", "g6", "g7", "g8"] {
        expected.push(format!("f6f7,f7{second}"));
    }
    for second in ["f6", "f7", "f8", "g6", "g8", "h6", "h7", "h8"] {
        expected.push(format!("f6g7,g7{second}"));
    }
    expected.sort();
    assert_eq!(lion, expected);
}

#[test]
fn the_falcon_and_the_eagle_have_lion_power_one_way() {
    let v = chu();
    // The horned falcon: two pawns ahead; no pass, since f7 is not empty.
    let falcon = from(&v, "k11/12/12/12/5p6/5p6/5Ж6/12/12/12/12/11K", "f6f");
    assert_eq!(
        falcon,
        strs(&[
            "f6f1",
            "f6f2",
            "f6f3",
            "f6f4",
            "f6f5",
            "f6f7",
            "f6f7,f7f6",
            "f6f7,f7f8",
            "f6f8"
        ])
    );
    // The soaring eagle: pawns on g7 and h8, and an empty e7 to pass by.
    let eagle = from(&v, "k11/12/12/12/7p4/6p5/5Ш6/12/12/12/12/11K", "f6");
    for m in [
        "f6g7",
        "f6h8",
        "f6g7,g7h8",
        "f6g7,g7f6",
        "f6f6",
        "f6e7",
        "f6d8",
    ] {
        assert!(eagle.contains(&m.to_string()), "{m} in {eagle:?}");
    }
    for m in ["f6i9", "f6g7,g7h7", "f6c9", "f6e7,e7d8"] {
        assert!(!eagle.contains(&m.to_string()), "{m} in {eagle:?}");
    }
}

#[test]
fn two_leg_moves_read_and_write_in_every_form() {
    let v = chu();
    let pos = v
        .parse_fen("k11/12/12/12/5p6/5pg5/5N6/12/12/12/12/11K w - - 0 1")
        .unwrap();
    let double = v.parse_move(&pos, "f6f7,f7f8").unwrap();
    assert!(matches!(
        double.kind,
        MoveKind::TwoLegs { taken: Some(_), .. }
    ));
    assert_eq!(v.san(&pos, double), "Nf6xf7xf8");
    assert_eq!(v.parse_san(&pos, "Nf6xf7xf8").unwrap(), double);
    let igui = v.parse_move(&pos, "f6f7,f7f6").unwrap();
    assert_eq!(
        (igui.from, igui.to, igui.captured),
        (double.from, double.from, None)
    );
    assert!(igui.is_capture() && igui.is_noisy());
    assert_eq!(v.san(&pos, igui), "Nf6xf7-f6");
    let pass = v.parse_move(&pos, "f6f6").unwrap();
    assert!(!pass.is_capture());
    assert_eq!(v.move_text(pass), "f6f6");
    assert_eq!(v.san(&pos, pass), "Nf6-e5-f6");
    // The legs of a pass through another empty cell name the same move.
    assert_eq!(v.parse_move(&pos, "f6e6,e6f6").unwrap(), pass);
    // Made: both pawns are gone, the lion stands on f8.
    let after = v.play(&pos, double).unwrap();
    assert_eq!(
        v.fen(&after),
        "k11/12/12/12/5N6/6g5/12/12/12/12/12/11K b - - 0 1"
    );
    // The XBoard protocol's forms: the legs, and `@@@@` for the pass.
    assert_eq!(cecp::move_text(&v, double), "f6f7,f7f8");
    assert_eq!(cecp::parse_move(&v, &pos, "f6f7,f7f8"), Ok(double));
    assert_eq!(cecp::move_text(&v, pass), "@@@@");
    assert_eq!(cecp::parse_move(&v, &pos, "@@@@"), Ok(pass));
    assert_eq!(cecp::parse_move(&v, &pos, "f6f7,f7f6"), Ok(igui));
    assert!(cecp::parse_move(&v, &pos, "f6f7,f8f9").is_err());
    let e = v.parse_move(&pos, "f6f7,f8f9").unwrap_err().to_string();
    assert_eq!(
        e,
        "`f6f7,f8f9` is not a move: the second leg starts on f8, not on f7 where the first ends"
    );
    let e = v.parse_move(&pos, "f6e6,e6e7").unwrap_err().to_string();
    assert_eq!(
        e,
        "`f6e6,e6e7` is not legal here: no legal move goes from f6 by way of e6 to e7"
    );
}

#[test]
fn a_protected_lion_is_taken_from_afar_only_over_a_bridge() {
    let v = chu();
    // A black gold on f9 protects the black lion on f8: not by the leap, not over a pawn
    // or a go-between, but over a silver; unprotected, by the leap too.
    let protected = "k11/12/12/5g6/5n6/12/5N6/12/12/12/12/11K";
    assert!(!from(&v, protected, "f6").contains(&"f6f8".to_string()));
    let unprotected = "k11/12/12/12/5n6/12/5N6/12/12/12/12/11K";
    assert!(from(&v, unprotected, "f6").contains(&"f6f8".to_string()));
    for (bridge, allowed) in [("p", false), ("i", false), ("s", true)] {
        let board = format!("k11/12/12/5g6/5n6/5{bridge}6/5N6/12/12/12/12/11K");
        let list = from(&v, &board, "f6");
        assert_eq!(
            list.contains(&"f6f7,f7f8".to_string()),
            allowed,
            "over {bridge}"
        );
        assert!(
            list.contains(&"f6f7".to_string()),
            "the bridge itself, over {bridge}"
        );
    }
    // A knight's leap is from afar too; a neighbour is always taken.
    let knight = "k11/12/12/6g5/6n5/12/5N6/12/12/12/12/11K";
    assert!(!from(&v, knight, "f6").contains(&"f6g8".to_string()));
    let next = "k11/12/12/12/5g6/5n6/5N6/12/12/12/12/11K";
    assert!(from(&v, next, "f6").contains(&"f6f7".to_string()));
    // The promoted kirin is a lion; a horned falcon is not, and takes from afar freely.
    let kirin = "k11/12/12/5g6/5n6/12/5Ξ6/12/12/12/12/11K";
    assert!(!from(&v, kirin, "f6").contains(&"f6f8".to_string()));
    let falcon = "k11/12/12/5g6/5n6/12/5Ж6/12/12/12/12/11K";
    assert!(from(&v, falcon, "f6").contains(&"f6f8".to_string()));
}

#[test]
fn a_lion_taken_by_another_piece_is_not_avenged_in_kind_at_once() {
    let v = chu();
    // White's rook takes the lion on f8; Black's rook may not take White's lion on c3 in
    // reply, but may a move later.
    let pos = v
        .parse_fen("k11/12/2r9/12/1R3n6/12/12/12/12/2N9/12/11K w - - 0 1")
        .unwrap();
    let pos = v.play(&pos, v.parse_move(&pos, "b8f8").unwrap()).unwrap();
    let e = v.parse_move(&pos, "c10c3").unwrap_err();
    assert!(matches!(e, fairy_rules::MoveError::Illegal { .. }), "{e}");
    assert!(v.parse_move(&pos, "c10c4").is_ok());
    // The rule is part of the position: FEN marks it after the en passant field, and the
    // same board without it is another position.
    assert_eq!(
        v.fen(&pos),
        "k11/12/2r9/12/5R6/12/12/12/12/2N9/12/11K b - -! 0 1"
    );
    assert_eq!(v.parse_fen(&v.fen(&pos)).unwrap(), pos);
    let fresh = v
        .parse_fen("k11/12/2r9/12/5R6/12/12/12/12/2N9/12/11K b - - 0 1")
        .unwrap();
    assert_ne!(fresh.hash(), pos.hash());
    assert!(v.parse_move(&fresh, "c10c3").is_ok());
    let pos = v.play(&pos, v.parse_move(&pos, "a12a11").unwrap()).unwrap();
    let pos = v.play(&pos, v.parse_move(&pos, "l1l2").unwrap()).unwrap();
    assert!(v.parse_move(&pos, "c10c3").is_ok());
}

#[test]
fn promotion_is_open_on_entering_and_on_captures_only() {
    let v = chu();
    // A silver entering the zone may promote (δ, the promoted silver) or not.
    assert_eq!(
        from(&v, "k11/12/12/12/5S6/12/12/12/12/12/12/11K", "f8"),
        strs(&["f8e7", "f8e9", "f8e9δ", "f8f9", "f8f9δ", "f8g7", "f8g9", "f8g9δ"])
    );
    // Inside the zone a quiet move never promotes, a capture may.
    assert_eq!(
        from(&v, "k11/12/5p6/5S6/12/12/12/12/12/12/12/11K", "f9"),
        strs(&["f9e10", "f9e8", "f9f10", "f9f10δ", "f9g10", "f9g8"])
    );
    // Leaving it: a quiet move does not promote, a capture may.
    assert_eq!(
        from(&v, "k11/12/12/5G6/12/12/12/12/12/12/12/11K", "f9f8"),
        strs(&["f9f8"])
    );
    assert_eq!(
        from(&v, "k11/12/12/5G6/5p6/12/12/12/12/12/12/11K", "f9f8"),
        strs(&["f9f8", "f9f8θ"])
    );
    // A pawn entering may stay a pawn; one capturing onto the last rank must promote; one
    // stepping there quietly from inside the zone may not, and is stuck.
    assert_eq!(
        from(&v, "k11/12/12/12/5P6/12/12/12/12/12/12/11K", "f8"),
        strs(&["f8f9", "f8f9y"])
    );
    assert_eq!(
        from(&v, "k4p6/5P6/12/12/12/12/12/12/12/12/12/11K", "f11"),
        strs(&["f11f12y"])
    );
    assert_eq!(
        from(&v, "k11/5P6/12/12/12/12/12/12/12/12/12/11K", "f11"),
        strs(&["f11f12"])
    );
}

#[test]
fn promoted_pieces_read_as_hachu_writes_them() {
    let v = chu();
    let hachu = v
        .parse_fen("k11/12/12/12/12/12/5+O6/12/12/12/12/11+E w - - 0 1")
        .unwrap();
    let ours = v
        .parse_fen("k11/12/12/12/12/12/5Ξ6/12/12/12/12/11Σ w - - 0 1")
        .unwrap();
    assert_eq!(v.fen(&hachu), v.fen(&ours));
    assert_eq!(v.legal_moves(&hachu), v.legal_moves(&ours));
    // Written as HaChu writes them (`promoted_in_fen: plus`).
    assert_eq!(
        v.fen(&ours),
        "k11/12/12/12/12/12/5+O6/12/12/12/12/11+E w - - 0 1"
    );
}

#[test]
fn start_position_perft() {
    let v = chu();
    let start = v.start_position();
    let counts: Vec<u64> = (1..=3).map(|d| v.perft(&start, d)).collect();
    assert_eq!(counts, [36, 1_296, 48_315]);
}
