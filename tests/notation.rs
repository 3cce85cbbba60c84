//! FEN and move text: round trips, the castling forms, and errors that name the problem.

use fairy_rules::{MoveError, Variant};

fn variant(name: &str) -> Variant {
    Variant::from_file(format!("variants/{name}.yaml")).unwrap()
}

#[test]
fn fen_round_trips() {
    let chess = variant("chess");
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/8/8/8/R3K3 b Q - 12 40",
    ] {
        assert_eq!(chess.fen(&chess.parse_fen(fen).unwrap()), fen);
    }
    let falcon = variant("falcon-chess");
    let fen = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
    assert_eq!(falcon.fen(&falcon.parse_fen(fen).unwrap()), fen);
}

#[test]
fn fen_after_moves_matches_the_usual_notation() {
    let chess = variant("chess");
    let mut pos = chess.start_position();
    for m in ["e2e4", "c7c5", "g1f3"] {
        pos = chess.play_unchecked(&pos, chess.parse_move(&pos, m).unwrap());
    }
    assert_eq!(
        chess.fen(&pos),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn en_passant_square_is_kept_only_when_a_capture_is_possible() {
    let chess = variant("chess");
    let start = chess.start_position();
    let after = chess.play_unchecked(&start, chess.parse_move(&start, "e2e4").unwrap());
    assert_eq!(
        chess.fen(&after),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // A hash that ignores a useless en passant square lets repetitions be seen.
    let pos = chess
        .parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
        .unwrap();
    assert_eq!(pos.hash(), after.hash());
}

#[test]
fn fen_errors_name_the_field() {
    let chess = variant("chess");
    assert_eq!(
        chess.parse_fen(" ").unwrap_err(),
        fairy_rules::FenError::Empty
    );
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w", "placement"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w", "placement"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w", "placement"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Q",
            "castling",
        ),
        ("4k3/8/8/8/8/8/8/3K3R w K", "castling"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - z9",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3",
            "en passant",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - x",
            "halfmove clock",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 0",
            "fullmove number",
        ),
    ];
    for (fen, field) in cases {
        let e = chess.parse_fen(fen).unwrap_err();
        assert_eq!(e.field().map(|f| f.name()), Some(field), "{fen}: {e}");
    }
    let e = chess
        .parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN placement: no piece has the letter `X`"
    );
    let e = chess
        .parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN placement: rank 1 has 8 cells (a1-h1) but 7 are written"
    );
    // The error names the field as written and the byte range of the offending part.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1";
    assert_eq!(
        chess.parse_fen(fen).unwrap_err(),
        fairy_rules::FenError::Field {
            field: fairy_rules::FenField::Castling,
            text: "KX".into(),
            span: 47..48,
            reason: "`X`: no white castling partner stands there".into(),
        }
    );
    assert_eq!(&fen[47..48], "X");
}

#[test]
fn a_long_digit_run_is_an_error_not_an_overflow() {
    let chess = variant("chess");
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/99999999999999999999999QRNBQKBNR w - - 0 1";
    let e = chess.parse_fen(fen).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN placement: rank 1 has 8 cells (a1-h1) but this count goes past its end"
    );
    match e {
        fairy_rules::FenError::Field { span, .. } => {
            assert_eq!(&fen[span], "99999999999999999999999")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn move_text_round_trips_for_every_legal_move() {
    for (name, fen) in [
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "chess",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ),
        (
            "falcon-chess",
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        ),
        (
            "capablanca",
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R b KQkq - 0 1",
        ),
    ] {
        let v = variant(name);
        let pos = v.parse_fen(fen).unwrap();
        for m in v.legal_moves(&pos) {
            assert_eq!(
                v.parse_move(&pos, &v.move_text(m)),
                Ok(m),
                "{name} {fen} {}",
                v.move_text(m)
            );
        }
    }
}

#[test]
fn castling_accepts_the_uci_forms() {
    let chess = variant("chess");
    let pos = chess
        .parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap();
    let short = chess.parse_move(&pos, "e1g1").unwrap();
    assert_eq!(
        chess.parse_move(&pos, "e1h1").unwrap(),
        short,
        "king takes own rook (Chess960 UCI)"
    );
    assert_eq!(chess.move_text(short), "e1g1");
    let falcon = variant("falcon-chess");
    let pos = falcon
        .parse_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
        .unwrap();
    // One square over, a plain king step lands too: the short form is the step.
    let step = falcon.parse_move(&pos, "f1g1").unwrap();
    assert_eq!(step.kind, fairy_rules::MoveKind::Normal);
    let castle = falcon.parse_move(&pos, "f1g1/j1f1").unwrap();
    match falcon.parse_move(&pos, "f1g1/j1h1") {
        Err(MoveError::Illegal { reason, .. }) => {
            assert_eq!(reason, "the king on f1 cannot castle that way")
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(castle.kind, fairy_rules::MoveKind::Castle { .. }));
    let after = falcon.play_unchecked(&pos, castle);
    assert_eq!(
        falcon.fen(&after),
        "r4k3r/10/10/10/10/10/10/R4RK3 b kq - 1 1"
    );
}

#[test]
fn move_errors_say_what_is_wrong() {
    let chess = variant("chess");
    let start = chess.start_position();
    let illegal = |t: &str| match chess.parse_move(&start, t) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{t}: {other:?}"),
    };
    let malformed = |t: &str| match chess.parse_move(&start, t) {
        Err(MoveError::Malformed { reason, .. }) => reason,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(illegal("e3e4"), "e3 is empty");
    assert_eq!(illegal("e7e5"), "the piece on e7 is not white's");
    assert_eq!(illegal("e2e5"), "the pawn on e2 cannot go to e5");
    assert_eq!(illegal("c1d2"), "the bishop on c1 has no legal move");
    assert_eq!(
        malformed("e2"),
        "a move needs an origin and a destination square"
    );
    assert_eq!(malformed("e2e9"), "e9 is not a square of this board");
    assert_eq!(
        malformed("E2E4"),
        "expected a square such as `e4` at `E2E4`"
    );
    assert_eq!(malformed("e2e4zz"), "unexpected `zz` after the squares");
    assert_eq!(malformed("e2e4x"), "no piece has the letter `x`");
    let promo = chess.parse_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    match chess.parse_move(&promo, "a7a8") {
        Err(MoveError::Illegal { reason, .. }) => {
            assert_eq!(reason, "the move promotes; add one of q, r, b, n")
        }
        other => panic!("{other:?}"),
    }
    assert!(chess.parse_move(&promo, "a7a8n").is_ok());
    assert!(chess.parse_move(&promo, "a7a8k").is_err());
}

#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    let e = variant("chess")
        .parse_fen("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN position: black is in check with white to move"
    );
}

#[test]
fn king_onto_partner_is_ambiguous_under_free_castling() {
    let falcon = variant("falcon-chess");
    let pos = falcon
        .parse_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
        .unwrap();
    match falcon.parse_move(&pos, "f1j1") {
        Err(MoveError::Illegal { reason, .. }) => {
            assert_eq!(
                reason,
                "it could be any of f1g1/j1f1, f1h1, f1i1; write the one meant"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn huge_clocks_do_not_overflow() {
    let chess = variant("chess");
    let pos = chess
        .parse_fen("4k3/8/8/8/8/8/8/R3K3 b - - 4294967295 4294967295")
        .unwrap();
    assert_eq!(
        chess.perft(&pos, 2),
        chess.perft(
            &chess.parse_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1").unwrap(),
            2
        )
    );
}

#[test]
fn en_passant_after_a_diagonal_step_reads_back() {
    // A piece whose first move is a lame two-square diagonal, capturable en passant.
    let yaml = "name: T\nboard: 8x8\npieces:\n  pawn:\n    letter: P\n    moves: fmWfcFifmnA\n    en_passant: true\n    resets_halfmove_clock: true\n  king:\n    letter: K\n    moves: K\n    royal: true\nsetup: 4k3/8/8/8/1p6/8/1P6/4K3\n";
    let v = fairy_rules::Variant::from_yaml("t.yaml", yaml).unwrap();
    let pos = v.start_position();
    let after = v.play_unchecked(&pos, v.parse_move(&pos, "b2d4").unwrap());
    let fen = v.fen(&after);
    // The black pawn on b4 captures diagonally onto c3, the square passed.
    assert_eq!(fen, "4k3/8/8/8/1p1P4/8/8/4K3 b - c3 0 1");
    assert!(v.parse_fen(&fen).unwrap() == after);
}

/// A pawn that moves as a queen passes f3 going g2-e4; the f2 pawn could have passed f3 too
/// (from f4). The en passant field names the piece that did (`f3>e4`), so the position reads
/// back whole and the capture (`g4xf3`) takes the right pawn; a wrong name is refused.
#[test]
fn en_passant_names_the_passer_when_another_piece_could_have_passed() {
    let yaml = "name: T\nboard: 8x8\npieces:\n  pawn:\n    letter: P\n    moves: Q\n    en_passant: true\n  king:\n    letter: K\n    moves: K\n    royal: true\nsetup: 7k/8/8/8/6p1/8/5PP1/4K3\n";
    let v = Variant::from_yaml("t.yaml", yaml).unwrap();
    let pos = v.start_position();
    let after = v.play_unchecked(&pos, v.parse_move(&pos, "g2e4").unwrap());
    let fen = v.fen(&after);
    assert_eq!(fen, "7k/8/8/8/4P1p1/8/5P2/4K3 b - f3>e4 1 1");
    let read = v.parse_fen(&fen).unwrap();
    assert!(read == after);
    let take =
        |p: &fairy_rules::Position| v.fen(&v.play_unchecked(p, v.parse_move(p, "g4xf3").unwrap()));
    assert_eq!(take(&read), "7k/8/8/8/8/5p2/5P2/4K3 w - - 0 2");
    assert_eq!(take(&read), take(&after));
    // Without the name, the reader takes the first pawn that could have passed: f2.
    let guessed = v.parse_fen("7k/8/8/8/4P1p1/8/5P2/4K3 b - f3 1 1").unwrap();
    assert_eq!(take(&guessed), "7k/8/8/8/4P3/5p2/8/4K3 w - - 0 2");
    // The pawn may also step to f3 without capturing: that move keeps the plain text, and
    // the capture is marked with `x`, so every legal move has a text of its own.
    let texts: Vec<String> = v
        .legal_moves(&after)
        .iter()
        .map(|&m| v.move_text(m))
        .collect();
    assert_eq!(
        texts
            .iter()
            .filter(|t| t.starts_with("g4") && t.ends_with("f3"))
            .count(),
        2
    );
    assert!(texts.contains(&"g4f3".to_string()) && texts.contains(&"g4xf3".to_string()));
    let quiet = v.play_unchecked(&after, v.parse_move(&after, "g4f3").unwrap());
    assert_eq!(v.fen(&quiet), "7k/8/8/8/4P3/5p2/5P2/4K3 w - - 2 2");
    let e = v
        .parse_fen("7k/8/8/8/4P1p1/8/5P2/4K3 b - f3>e1 1 1")
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("no white piece on e1 could have passed"),
        "{e}"
    );
}

/// Issue 15, finding 5: a pawn that may step back stands on its start square again having
/// moved. Its FEN says so with `'`, reads back to the same position and hash, and gives no
/// double step; `'` on a piece that is not a first-move piece back home is refused.
#[test]
fn a_first_move_piece_back_home_is_written_as_moved() {
    let yaml = std::fs::read_to_string("variants/chess.yaml")
        .unwrap()
        .replace("moves: fmWfcFifmnD", "moves: fmWfcFifmnDbmW");
    let v = Variant::from_yaml("Backstep chess", &yaml).unwrap();
    let mut pos = v.start_position();
    for text in ["e2e3", "e7e6", "e3e2", "e6e7"] {
        let m = v.parse_move(&pos, text).unwrap();
        pos = v.play_unchecked(&pos, m);
    }
    let fen = v.fen(&pos);
    assert_eq!(
        fen,
        "rnbqkbnr/ppppp'ppp/8/8/8/8/PPPPP'PPP/RNBQKBNR w KQkq - 0 3"
    );
    let back = v.parse_fen(&fen).unwrap();
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(v.fen(&back), fen);
    let moves: Vec<String> = v
        .legal_moves(&back)
        .iter()
        .map(|&m| v.move_text(m))
        .collect();
    assert!(moves.contains(&"d2d4".to_string()) && !moves.contains(&"e2e4".to_string()));
    // Without the marks the pawns are unmoved, as in the start position.
    let unmarked = v.parse_fen(&fen.replace('\'', "")).unwrap();
    assert_eq!(unmarked.hash(), v.start_position().hash());
    // A mark on a piece that is not back home, or not a first-move piece, is an error.
    for (bad, at) in [
        (
            "rnbqkbnr/pppppppp/8/8/4P'3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            24,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN'BQKBNR w KQkq - 0 1",
            37,
        ),
    ] {
        let e = v.parse_fen(bad).unwrap_err();
        let fairy_rules::FenError::Field { span, reason, .. } = &e else {
            panic!("{e}")
        };
        assert_eq!((span.start, &bad[span.clone()]), (at, "'"), "{bad}");
        assert!(
            reason.starts_with("`'` marks a first-move piece"),
            "{reason}"
        );
    }
}
