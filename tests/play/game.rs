//! Game end: checkmate, stalemate, the move rule and repetition.

use fairy_rules::Cell;
use fairy_rules::{Color, Game, Outcome, Reason, Variant};

fn chess() -> Variant {
    Variant::from_file("variants/chess.yaml").unwrap()
}

fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn fools_mate() {
    let mut game = Game::new(chess());
    play(&mut game, "f2f3 e7e5 g2g4");
    assert_eq!(game.outcome(), None);
    play(&mut game, "d8h4");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    );
    assert!(game.legal_moves().is_empty());
    assert!(game.play("a2a3").is_err(), "no move after the end");
}

#[test]
fn stalemate_is_a_draw() {
    let game = Game::from_fen(chess(), "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn stalemate_result_is_configurable() {
    let yaml = std::fs::read_to_string("variants/chess.yaml")
        .unwrap()
        .replace("stalemate: draw", "stalemate: loss");
    let v = Variant::from_yaml("stalemate-loses.yaml", &yaml).unwrap();
    let game = Game::from_fen(v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn fifty_move_rule() {
    let mut game = Game::from_fen(chess(), "4k3/8/8/8/8/8/8/R3K3 w - - 98 80").unwrap();
    play(&mut game, "a1a2");
    assert_eq!(game.outcome(), None);
    play(&mut game, "e8d7");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: Reason::MoveRule
        })
    );
}

#[test]
fn mate_on_the_hundredth_ply_is_still_mate() {
    let game = Game::from_fen(chess(), "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn threefold_repetition() {
    let mut game = Game::new(chess());
    play(&mut game, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(
        game.outcome(),
        None,
        "the start position has occurred twice so far"
    );
    play(&mut game, "f6g8");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}

#[test]
fn lost_castling_rights_make_a_different_position() {
    let mut game = Game::from_fen(chess(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    // Ke1-f1-e1 returns to the same squares, but without the castling right.
    play(&mut game, "e1f1 e8d8 f1e1 d8e8 e1f1 e8d8 f1e1 d8e8");
    // Counting the start as equal to the position after d8e8 would make this the third time.
    assert_eq!(
        game.outcome(),
        None,
        "the start position had the castling right"
    );
    play(&mut game, "e1f1");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}

#[test]
fn rights_lost_on_both_sides_leave_no_trace_in_later_repetitions() {
    // After Ke2 and Ke1 neither king can castle; the h-rooks' shuffles then repeat the same
    // position after plies 8, 12 and 16: the third time draws.
    let mut game = Game::new(chess());
    play(
        &mut game,
        "e2e4 e7e5 g1f3 g8f6 e1e2 e8e7 e2e1 e7e8 h1g1 h8g8 g1h1 g8h8 h1g1 h8g8 g1h1",
    );
    assert_eq!(game.outcome(), None);
    play(&mut game, "g8h8");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
    assert_eq!(
        game.fen(),
        "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 14 9"
    );
}

#[test]
fn a_move_from_outside_is_an_error_not_a_panic() {
    let mut game = Game::new(chess());
    let pawn = game
        .position()
        .piece_at(fairy_rules::Cell::new(12))
        .unwrap();
    for (from, to) in [(100, 101), (12, 36), (12, 255)] {
        let m = fairy_rules::Move::new(Cell::new(from), Cell::new(to), pawn, None);
        assert!(game.play_move(m).is_err(), "{m:?}");
        let v = game.variant();
        assert!(!v.is_legal(game.position(), m));
        if to > 63 || from > 63 {
            assert!(!v.gives_check(game.position(), m));
            assert!(v.chance_cells(game.position(), m).is_empty());
        }
    }
    let e4 = game.variant().parse_move(game.position(), "e2e4").unwrap();
    assert!(game.play_move(e4).is_ok());
}

#[test]
fn undo_takes_back_each_move_to_the_game_before_it() {
    let mut game = Game::new(chess());
    assert_eq!(game.undo(), None, "nothing to take back");
    let moves = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f7f6 f3e5 f6e5 d1h5 g7g6";
    let mut before = Vec::new();
    for m in moves.split_whitespace() {
        before.push((
            game.fen(),
            game.position().hash(),
            game.earlier_hashes().len(),
        ));
        game.play(m).unwrap();
    }
    for (m, (fen, hash, earlier)) in moves.split_whitespace().rev().zip(before.iter().rev()) {
        let undone = game.undo().unwrap();
        assert_eq!(game.variant().move_text(undone), m);
        assert_eq!(&game.fen(), fen, "after taking back {m}");
        assert_eq!(game.position().hash(), *hash);
        assert_eq!(game.earlier_hashes().len(), *earlier);
        assert_eq!(game.moves().len(), *earlier);
    }
    assert_eq!(game.undo(), None);
    // The game goes on as new: the same moves reach checkmate.
    play(&mut game, "f2f3 e7e5 g2g4 d8h4");
    assert!(game.outcome().is_some());
    assert_eq!(
        game.undo().map(|m| game.variant().move_text(m)),
        Some("d8h4".into())
    );
    assert_eq!(game.outcome(), None, "the checkmate is taken back");
}

#[test]
fn a_chance_move_taken_back_draws_the_same_cell_again() {
    let mut game = Game::new(Variant::bundled("bermuda").unwrap()).with_seed(7);
    let first = game.play("e2e4").unwrap();
    assert!(first.outcome.is_some(), "e2e4 draws a cell in this game");
    game.undo().unwrap();
    let again = game.play("e2e4").unwrap();
    assert_eq!(again.outcome, first.outcome);
    // A second draw after it is the generator's next, not a repeat of the first.
    let mut straight = Game::new(Variant::bundled("bermuda").unwrap()).with_seed(7);
    straight.play("e2e4").unwrap();
    assert_eq!(game.fen(), straight.fen());
    let reply = straight
        .legal_moves()
        .into_iter()
        .find(|&m| {
            !straight
                .variant()
                .chance_cells(straight.position(), m)
                .is_empty()
        })
        .expect("a reply that draws a cell");
    game.play_move(reply).unwrap();
    straight.play_move(reply).unwrap();
    assert_eq!(game.moves().last(), straight.moves().last());
}
