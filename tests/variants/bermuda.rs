//! The Bermuda Chess Angle: chance events, royal capture, castling without check rules.

use fairy_rules::{Color, Game, Outcome, Reason, Variant};

fn bermuda() -> Variant {
    Variant::from_file("variants/bermuda.yaml").unwrap()
}

fn cell(v: &Variant, name: &str) -> fairy_rules::Cell {
    v.topology.parse_cell(name).unwrap()
}

/// The FEN after playing `moves` (with outcomes) from `fen`.
fn after(fen: &str, moves: &[&str]) -> String {
    let mut game = Game::from_fen(bermuda(), fen).unwrap();
    for m in moves {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game.fen()
}

// A white rook on c4 goes up the c-file to c7, all inside the Angle; a black pawn stands on f6.
const ROOK_RUN: &str = "4k5/10/10/10/5p4/10/2R7/10/10/4K5 w - - 0 1";

#[test]
fn the_mover_sinks_when_the_drawn_square_is_on_its_way() {
    for drawn in ["c4", "c5", "c6", "c7"] {
        let fen = after(ROOK_RUN, &[&format!("c4c7@{drawn}")]);
        assert_eq!(
            fen, "4k5/10/10/10/5p4/10/10/10/10/4K5 b - - 0 1",
            "drawn {drawn}"
        );
    }
}

#[test]
fn elsewhere_only_the_piece_on_the_drawn_square_sinks() {
    assert_eq!(
        after(ROOK_RUN, &["c4c7@d5"]),
        "4k5/10/10/2R7/5p4/10/10/10/10/4K5 b - - 1 1"
    );
    assert_eq!(
        after(ROOK_RUN, &["c4c7@f6"]),
        "4k5/10/10/2R7/10/10/10/10/10/4K5 b - - 0 1"
    );
}

#[test]
fn a_leaper_passes_no_square() {
    // The knight goes c3-e4: d3 and d4 are not on its way.
    let fen = "4k5/10/10/10/10/10/10/2N7/10/4K5 w - - 0 1";
    assert_eq!(
        after(fen, &["c3e4@d3"]),
        "4k5/10/10/10/10/10/4N5/10/10/4K5 b - - 1 1"
    );
    assert_eq!(
        after(fen, &["c3e4@c3"]),
        "4k5/10/10/10/10/10/10/10/10/4K5 b - - 0 1"
    );
}

#[test]
fn what_triggers_a_roll() {
    let v = bermuda();
    let count = |fen: &str, m: &str| {
        let pos = v.parse_fen(fen).unwrap();
        v.chance_cells(&pos, v.parse_move(&pos, m).unwrap()).count()
    };
    // Leaving the Angle still rolls; a move far from an empty Angle does not; any piece in
    // the Angle makes every move roll.
    assert_eq!(
        count("4k5/10/10/10/10/10/3R6/10/10/4K5 w - - 0 1", "d4d2"),
        36
    );
    assert_eq!(
        count("4k5/10/10/10/10/10/10/10/R9/4K5 w - - 0 1", "a2a1"),
        0
    );
    assert_eq!(
        count("4k5/10/10/10/10/10/6p3/10/R9/4K5 w - - 0 1", "a2a1"),
        36
    );
}

#[test]
fn a_king_sunk_by_the_dice_ends_the_game() {
    let mut game = Game::from_fen(bermuda(), "4k5/10/10/10/10/4K5/10/10/10/R9 b - - 0 1").unwrap();
    game.play("e10e9@e5").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::RoyalCaptured
        })
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(bermuda().perft(game.position(), 2), 0);
}

#[test]
fn castling_ignores_check_and_goes_three_or_four_squares() {
    // Black rooks attack g1 and the king itself: castling is allowed all the same.
    let v = bermuda();
    let pos = v
        .parse_fen("r5r2k/10/10/10/10/10/10/10/10/R4K3R w KQ - 0 1")
        .unwrap();
    let mut castles: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .filter(|m| matches!(m.kind, fairy_rules::MoveKind::Castle { .. }))
        .map(|m| v.move_text(m))
        .collect();
    castles.sort();
    assert_eq!(castles, ["f1b1", "f1i1"]);
    let kingside = after("r5r2k/10/10/10/10/10/10/10/10/R4K3R w KQ - 0 1", &["f1i1"]);
    assert_eq!(kingside, "r5r2k/10/10/10/10/10/10/10/10/R6RK1 b - - 1 1");
    let queenside = after("r5r2k/10/10/10/10/10/10/10/10/R4K3R w KQ - 0 1", &["f1b1"]);
    assert_eq!(queenside, "r5r2k/10/10/10/10/10/10/10/10/1KR6R b - - 1 1");
}

#[test]
fn outcomes_are_checked() {
    let v = bermuda();
    let pos = v.start_position();
    assert!(
        v.parse_move(&pos, "e2e4@e9").is_err(),
        "e9 is outside the Angle"
    );
    assert!(
        v.parse_move(&pos, "a2a3@c3").is_err(),
        "a2a3 triggers no roll"
    );
    let m = v.parse_move(&pos, "e2e4@d5").unwrap();
    assert_eq!(m.outcome, Some(cell(&v, "d5")));
    assert_eq!(v.move_text(m), "e2e4@d5");
}

/// A recorded game, each roll written after `@`.
const RECORD: &[&str] = &[
    "e2e4@e4", "e9e7@c3", "d2d4@h8", "d9d7@d7", "c1f4@g5", "b10c8@d6", "f4c7@c7", "f10e9@e8",
];

#[test]
fn a_recorded_game_replays_exactly() {
    let fen = |moves: &[&str]| {
        after(
            "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1",
            moves,
        )
    };
    let first = fen(RECORD);
    // e2e4@e4 and d9d7@d7 sank the pawns that arrived; c1f4@g5 missed the bishop's way;
    // f4c7@c7 sank the bishop on its destination, which restarts the fifty-move count.
    assert_eq!(
        first,
        "r1bsq1sbnr/ppp1kppppp/2n7/4p5/10/10/3P6/10/PPP2PPPPP/RN1SQKSBNR w KQ - 1 5"
    );
}

#[test]
fn a_seeded_game_is_reproducible_from_its_seed() {
    let play = |seed: u64| {
        let v = bermuda();
        let mut game = Game::new(v.clone()).with_seed(seed);
        // Always a move into or through the Angle, so that every ply rolls.
        for _ in 0..12 {
            let pos = game.position().clone();
            let rolling = game
                .legal_moves()
                .into_iter()
                .find(|&m| !v.chance_cells(&pos, m).is_empty());
            let Some(m) = rolling else { break };
            game.play_move(m).unwrap();
        }
        game.moves()
            .iter()
            .map(|&m| v.move_text(m))
            .collect::<Vec<_>>()
    };
    let seven = play(7);
    assert_eq!(seven.len(), 12);
    assert!(seven.iter().all(|m| m.contains('@')), "{seven:?}");
    assert_eq!(seven, play(7));
    assert_ne!(seven, play(8), "different seeds draw different squares");
}

#[test]
fn perft_counts_one_leaf_per_outcome() {
    let v = bermuda();
    let start = v.start_position();
    // 8 a/b/i/j pawn moves and the knight moves b1a3 and i1j3 roll nothing; the 12 c-h pawn
    // moves and b1c3, i1h3 enter the Angle and roll one of 36 squares: 10 + 14 * 36 = 514.
    assert_eq!(v.perft(&start, 1), 514);
    assert_eq!(v.perft(&start, 2), 433_596);
    let middle = v
        .parse_fen("r1bsqk1bnr/pppp1ppppp/2n7/4p5/3S6/2N7/10/10/PPPP1PPPPP/R1BSQKSBNR w KQkq - 0 1")
        .unwrap();
    // White's ship and knight stand in the Angle: every one of the 51 moves rolls.
    assert_eq!(v.legal_moves(&middle).len(), 51);
    assert_eq!(v.perft(&middle, 1), 51 * 36);
    assert_eq!(v.perft(&middle, 2), v.divide(&middle, 2).total);
}

// Counts below were confirmed by the independent generator in tests/reference/.

#[test]
fn castling_may_land_on_an_attacked_square() {
    // The black rook on i2 attacks i1, where the king lands: no matter, there is no check.
    let v = bermuda();
    let pos = v
        .parse_fen("5k4/10/10/10/10/10/10/10/8r1/R4K3R w KQ - 0 1")
        .unwrap();
    assert_eq!(v.perft(&pos, 1), 32);
    assert!(v
        .legal_moves(&pos)
        .iter()
        .any(|&m| v.move_text(m) == "f1i1"));
    let attacked = v
        .parse_fen("r4k3r/pp1R4pp/1N6N1/10/10/10/10/1n6n1/PP1r4PP/R4K3R w KQkq - 0 1")
        .unwrap();
    assert_eq!(v.perft(&attacked, 2), 566_271);
}

#[test]
fn a_sunk_bystander_leaves_en_passant_available() {
    // a2-a4 passes a3; the dice sink the bishop on h3, not the pawn: b4xa3 stays legal.
    let v = bermuda();
    let mut game =
        Game::from_fen(v.clone(), "5k4/10/10/10/10/10/1p8/7B2/P9/5K4 w - - 0 1").unwrap();
    game.play("a2a4@h3").unwrap();
    let moves: Vec<String> = game
        .legal_moves()
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    assert!(moves.contains(&"b4a3".to_string()), "{moves:?}");
    let start = v
        .parse_fen("5k4/10/10/10/10/10/1p8/7B2/P9/5K4 w - - 0 1")
        .unwrap();
    assert_eq!(v.perft(&start, 2), 91_676);
    // When the pawn that passed sinks itself (d2-d4, drawn d4), nothing is left to take.
    let fen = "5k4/10/10/10/10/10/4p5/10/3P6/5K4 w - - 0 1";
    let mut game = Game::from_fen(v.clone(), fen).unwrap();
    game.play("d2d4@d4").unwrap();
    assert!(!game
        .legal_moves()
        .into_iter()
        .any(|m| v.move_text(m) == "e4d3"));
    let mut game = Game::from_fen(v.clone(), fen).unwrap();
    game.play("d2d4@h8").unwrap();
    assert!(game
        .legal_moves()
        .into_iter()
        .any(|m| v.move_text(m) == "e4d3"));
}

#[test]
fn middle_game_counts() {
    let v = bermuda();
    let fen = "r2sqk1b1r/pp1p1ppp1p/2n1b3n1/2pP1sP3/4p5/2N2S1Q2/1pP1N5/3B2p3/PP2P1PPPP/R1B2K3R w KQkq - 0 1";
    let pos = v.parse_fen(fen).unwrap();
    assert_eq!(v.perft(&pos, 1), 2_628);
    assert_eq!(v.perft(&pos, 2), 4_580_244);
}

#[test]
fn a_seeded_games_record_replays_under_any_seed() {
    // Play 20 plies drawing the dice from seed 11, then replay the written record (each
    // roll after `@`) in a game seeded differently: the same final position.
    let v = bermuda();
    let mut original = Game::new(v.clone()).with_seed(11);
    for i in 0..20 {
        let moves = original.legal_moves();
        if moves.is_empty() {
            break;
        }
        original.play_move(moves[(i * 7) % moves.len()]).unwrap();
    }
    let record: Vec<String> = original.moves().iter().map(|&m| v.move_text(m)).collect();
    assert!(
        record.iter().filter(|m| m.contains('@')).count() >= 5,
        "{record:?}"
    );
    let mut replay = Game::new(v.clone()).with_seed(99);
    for m in &record {
        replay.play(m).unwrap();
    }
    assert_eq!(replay.fen(), original.fen());
}
