//! The counting rules (`end: counting`): makruk's board's and pieces' honour and ASEAN
//! chess's count, as Fairy-Stockfish writes them in FEN. The FENs after moves were written
//! by Fairy-Stockfish 11.1 (Debian's) from the same moves, except where a test says that a
//! later Fairy-Stockfish counts a ply earlier.

use fairy_rules::{Color, Game, Outcome, Reason, UndoStack, Variant};

use crate::support::fsf;

fn makruk() -> Variant {
    Variant::bundled("makruk").unwrap()
}

/// Plays `moves` from `fen` and returns the game.
fn played(v: Variant, fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_fen(v, fen).unwrap();
    for m in moves {
        game.play(m).unwrap();
    }
    game
}

#[test]
fn a_lone_king_counts_from_the_pieces_on_the_board_to_the_limit_of_the_stronger_side() {
    // Against a rook: 16 moves (32 plies), counted from the 3 pieces (6 plies).
    let game = played(makruk(), "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", &["a1a2"]);
    assert_eq!(game.position().count(), Some((6, 32)));
    assert_eq!(game.fen(), "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1");
    // The count runs a ply a move, whoever moves.
    let game = played(
        makruk(),
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
        &["a1a2", "e5e4"],
    );
    assert_eq!(game.fen(), "8/8/8/8/4k3/8/R7/4K3 w - 32 7 2");
    // The limits by the stronger side's pieces, tried in order.
    for (fen, limit) in [
        ("8/8/8/4k3/8/8/7R/R3K3 w - - 0 1", 16),
        ("8/8/8/4k3/8/8/7N/R3K3 w - - 0 1", 32),
        ("8/8/8/4k3/8/8/7S/S3K3 w - - 0 1", 44),
        ("8/8/8/4k3/8/8/7N/N3K3 w - - 0 1", 64),
        ("8/8/8/4k3/8/8/7S/M3K3 w - - 0 1", 88),
        ("8/8/8/4k3/8/8/7M/M3K3 w - - 0 1", 128),
    ] {
        let game = played(makruk(), fen, &["e1e2"]);
        assert_eq!(game.position().count(), Some((8, limit)), "{fen}");
    }
}

#[test]
fn a_side_with_pieces_left_counts_from_zero_and_a_capture_that_bares_its_king_starts_again() {
    // Black still has its met: the board's honour, 64 moves from 0.
    let fen = "8/8/8/4k3/8/8/1m6/R3K3 w - - 0 1";
    let game = played(makruk(), fen, &["a1a2"]);
    assert_eq!(game.fen(), "8/8/8/4k3/8/8/Rm6/4K3 b - 128 0 1");
    // The rook takes the met: Black's lone king counts the pieces' honour from 3 pieces.
    let game = played(makruk(), fen, &["a1a2", "e5e4", "a2b2"]);
    assert_eq!(game.fen(), "8/8/8/8/4k3/8/1R6/4K3 b - 32 6 2");
}

#[test]
fn nobody_counts_while_a_pawn_stands_on_the_board() {
    let game = played(makruk(), "8/8/8/4k3/8/1p6/8/R3K3 w - - 0 1", &["a1a2"]);
    assert_eq!(game.position().count(), None);
    assert_eq!(game.fen(), "8/8/8/4k3/8/1p6/R7/4K3 b - - 1 1");
    // A king alone that takes the last pawn counts at once, a ply below the pieces' honour
    // (Fairy-Stockfish since 11.1; 11.1 starts the count a ply later, at the same 6).
    let fen = "6M1/8/8/8/k7/1P2K3/8/8 b - - 0 1";
    let game = played(makruk(), fen, &["a4b3"]);
    assert_eq!(game.fen(), "6M1/8/8/8/8/1k2K3/8/8 w - 128 5 2");
    let game = played(makruk(), fen, &["a4b3", "e3e4"]);
    assert_eq!(game.fen(), "6M1/8/8/8/4K3/1k6/8/8 b - 128 6 2");
}

#[test]
fn the_count_past_its_limit_draws_unless_the_move_mates() {
    let fen = "k7/8/1K6/8/8/8/8/7R w - 32 32 1";
    assert_eq!(makruk().parse_fen(fen).unwrap().count(), Some((32, 32)));
    let game = played(makruk(), fen, &["h1h2"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Counting
        })
    );
    assert!(game.legal_moves().is_empty());
    let game = played(makruk(), fen, &["h1h8"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
    // One ply before the limit the game goes on.
    let game = played(makruk(), "k7/8/1K6/8/8/8/8/7R w - 32 31 1", &["h1h2"]);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.fen(), "k7/8/1K6/8/8/8/7R/8 b - 32 32 1");
}

#[test]
fn a_count_in_a_fen_is_read_back_and_a_bad_one_is_named() {
    let v = makruk();
    let fen = "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1";
    assert_eq!(v.fen(&v.parse_fen(fen).unwrap()), fen);
    let e = v
        .parse_fen("8/8/8/4k3/8/8/R7/4K3 b - 70000 6 1")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN count: the count's limit `70000` is above 65535"
    );
}

#[test]
fn unmaking_a_move_restores_the_count_and_the_key_leaves_it_out() {
    let v = makruk();
    // The capture starts the pieces' honour again: unmade, the board's honour is back.
    let mut pos = v.parse_fen("8/8/8/8/4k3/8/Rm6/4K3 w - 128 1 2").unwrap();
    let before = v.fen(&pos);
    let key = pos.hash();
    let m = v.parse_move(&pos, "a2b2").unwrap();
    let mut undo = UndoStack::default();
    v.make(&mut pos, m, &mut undo);
    assert_eq!(v.fen(&pos), "8/8/8/8/4k3/8/1R6/4K3 b - 32 6 2");
    assert_eq!(pos.hash(), v.hash_from_scratch(&pos));
    assert!(v.unmake(&mut pos, &mut undo));
    assert_eq!((v.fen(&pos), pos.hash()), (before, key));
    // As in Fairy-Stockfish, the count never changes the moves and is not in the key.
    let other = v.parse_fen("8/8/8/8/4k3/8/Rm6/4K3 w - 128 9 2").unwrap();
    assert_eq!(other.hash(), key);
}

#[test]
fn asean_chess_counts_a_lone_king_from_zero() {
    let game = played(fsf("asean"), "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", &["a1a2"]);
    assert_eq!(game.fen(), "8/8/8/4k3/8/8/R7/4K3 b - 32 0 1");
    // No limit against a met alone: no count.
    let game = played(fsf("asean"), "8/8/8/4k3/8/8/8/Q3K3 w - - 0 1", &["a1b2"]);
    assert_eq!(game.position().count(), None);
}

#[test]
fn a_bad_letter_in_a_limit_is_reported_at_the_letter() {
    let yaml = include_str!("../../variants/fsf/makruk.yaml").replacen("has: SS", "has: SX", 1);
    let e = Variant::from_yaml("bad.yaml", &yaml).unwrap_err();
    let p = &e.problems[0];
    assert_eq!(
        (p.code, &yaml[p.span.clone()], p.message.as_str()),
        ("fairy::bad-counting", "X", "`X` is not a piece letter")
    );
}
