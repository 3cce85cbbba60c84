//! The checked API: moves refused with typed errors, and positions that know their rule set.

use fairy_rules::{Game, MoveError, Outcome, PlayError, Reason, Variant};

fn chess() -> Variant {
    Variant::bundled("chess").unwrap()
}

#[test]
fn play_refuses_an_illegal_move_and_a_finished_game() {
    let chess = chess();
    let start = chess.start_position();
    let e4 = chess.parse_move(&start, "e2e4").unwrap();
    let after = chess.play(&start, e4).unwrap();
    assert_eq!(
        chess.fen(&after),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // White's move again, with Black to move.
    assert_eq!(chess.play(&after, e4), Err(PlayError::Illegal(e4)));
    let mated = chess
        .parse_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .unwrap();
    let a3 = chess.pseudo_legal_moves(&mated)[0];
    assert_eq!(
        chess.play(&mated, a3),
        Err(PlayError::GameOver(Outcome::Win {
            winner: fairy_rules::Color::Black,
            reason: Reason::Checkmate,
        }))
    );
}

#[test]
fn a_position_of_another_rule_set_is_refused() {
    let chess = chess();
    let start = chess.start_position();
    let e4 = chess.parse_move(&start, "e2e4").unwrap();
    // Same board size, other rules: the fingerprint tells them apart.
    let koth = Variant::bundled("king-of-the-hill").unwrap();
    assert_ne!(koth.fingerprint(), chess.fingerprint());
    assert!(!koth.owns(&start));
    assert_eq!(
        koth.play(&start, e4),
        Err(PlayError::ForeignPosition {
            expected: koth.fingerprint(),
            found: chess.fingerprint(),
        })
    );
    assert!(matches!(
        Game::from_position(koth, start.clone()),
        Err(PlayError::ForeignPosition { .. })
    ));
    // The same definition loaded twice is the same rule set.
    let again = Variant::from_file("variants/chess.yaml").unwrap();
    assert_eq!(again.fingerprint(), chess.fingerprint());
    assert!(again.play(&start, e4).is_ok());
    let game = Game::from_position(again, start).unwrap();
    assert_eq!(game.legal_moves().len(), 20);
}

#[cfg(debug_assertions)]
#[test]
#[should_panic(expected = "the position belongs to another rule set")]
fn the_unchecked_methods_assert_in_debug_builds() {
    let chess = chess();
    let koth = Variant::bundled("king-of-the-hill").unwrap();
    koth.legal_moves(&chess.start_position());
}

#[test]
fn move_errors_are_typed() {
    let mut game = Game::new(chess());
    for san in ["Nf3", "d5", "Nc3", "Nf6", "e4"] {
        game.push_san(san).unwrap();
    }
    match game.push_san("Nd7") {
        Err(MoveError::Ambiguous { text, candidates }) => {
            assert_eq!(text, "Nd7");
            assert_eq!(candidates, ["Nbd7", "Nfd7"]);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        game.play("e7e4"),
        Err(MoveError::Illegal { text, .. }) if text == "e7e4"
    ));
    assert!(matches!(game.play("e7"), Err(MoveError::Malformed { .. })));
    assert_eq!(game.moves().len(), 5);
    // After the end every move is refused with the result.
    let mut mate = Game::new(chess());
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        mate.play(m).unwrap();
    }
    let result = mate.outcome().unwrap();
    assert_eq!(mate.play("a2a3"), Err(MoveError::GameOver(result)));
    assert_eq!(mate.push_san("a3"), Err(MoveError::GameOver(result)));
    let a3 = mate.variant().pseudo_legal_moves(mate.position())[0];
    assert_eq!(mate.play_move(a3), Err(MoveError::GameOver(result)));
    // Undo takes the mate back; the game goes on.
    assert_eq!(
        mate.undo().map(|m| mate.variant().move_text(m)).as_deref(),
        Some("d8h4")
    );
    assert!(mate.outcome().is_none());
    assert!(mate.push_san("Qh4").is_ok());
}
