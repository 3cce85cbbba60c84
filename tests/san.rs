//! SAN: chess's against shakmaty's (an independent, widely used implementation) in random
//! games; every move of every bundled variant written and read back; the lenient forms.

use fairy_rules::{Game, Move, MoveError, Variant};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

/// Positions from random playouts of `variant`: `games` playouts of up to `plies` plies.
fn playouts(variant: &Variant, seed: u64, games: usize, plies: usize) -> Vec<Game> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = Game::new(variant.clone()).with_seed(seed + g as u64);
        for _ in 0..plies {
            let moves = game.legal_moves();
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            out.push(game.clone());
            game.play_move(m).unwrap();
        }
    }
    out
}

#[test]
fn chess_san_is_shakmaty_s() {
    let chess = Variant::bundled("chess").unwrap();
    let mut compared = 0;
    for game in playouts(&chess, 7, 60, 120) {
        let fen = game.fen();
        let theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        for m in game.legal_moves() {
            let uci = UciMove::from_ascii(chess.move_text(m).as_bytes()).unwrap();
            let their_move = uci.to_move(&theirs).unwrap();
            let san = SanPlus::from_move(theirs.clone(), &their_move).to_string();
            assert_eq!(chess.san(game.position(), m), san, "at {fen}");
            assert_eq!(
                chess.parse_san(game.position(), &san),
                Ok(m),
                "{san} at {fen}"
            );
            compared += 1;
        }
    }
    assert!(compared > 100_000, "{compared} moves compared");
}

/// Every legal move of every bundled variant, in random games, written in SAN and read
/// back, is the same move, and no two moves of a position share their SAN.
#[test]
fn every_move_of_every_variant_reads_back() {
    for name in Variant::bundled_names() {
        let v = Variant::bundled(name).unwrap();
        for game in playouts(&v, 11, 6, 80) {
            let pos = game.position();
            let mut seen = std::collections::HashSet::new();
            for m in game.legal_moves() {
                let san = v.san(pos, m);
                assert!(
                    seen.insert(san.clone()),
                    "{name}: {san} twice at {}",
                    game.fen()
                );
                let back = v.parse_san(pos, &san);
                assert_eq!(back, Ok(m), "{name}: {san} at {}", game.fen());
            }
        }
    }
}

fn read(v: &Variant, fen: &str, text: &str) -> Result<String, MoveError> {
    let pos = v.parse_fen(fen).unwrap();
    v.parse_san(&pos, text).map(|m: Move| v.move_text(m))
}

#[test]
fn players_forms_are_read() {
    let chess = Variant::bundled("chess").unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for text in [
        "Nf3", "Ng1f3", "nf3", "N-f3", "Ngf3", "g1f3", "Nf3!?", "Nf3 ",
    ] {
        assert_eq!(read(&chess, start, text).as_deref(), Ok("g1f3"), "{text}");
    }
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for (text, want) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O-O+", "e1c1"),
        ("0-0-0", "e1c1"),
    ] {
        assert_eq!(read(&chess, castle, text).as_deref(), Ok(want), "{text}");
    }
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    for text in ["exd6", "ed6", "exd6 e.p.", "e:d6"] {
        assert_eq!(read(&chess, ep, text).as_deref(), Ok("e5d6"), "{text}");
    }
    let promote = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    for (text, want) in [
        ("b8=Q+", "b7b8q"),
        ("b8Q", "b7b8q"),
        ("b8=n", "b7b8n"),
        ("b8N", "b7b8n"),
    ] {
        assert_eq!(read(&chess, promote, text).as_deref(), Ok(want), "{text}");
    }
    // A pawn capture read as such, a bishop's with its capital.
    let bishop = "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1";
    assert_eq!(read(&chess, bishop, "bxc3").as_deref(), Ok("b2c3"));
    assert_eq!(read(&chess, bishop, "Bxc3").as_deref(), Ok("d2c3"));
    // Ambiguity and impossibility are named.
    let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(
        read(&chess, knights, "Nd2").unwrap_err().to_string(),
        "`Nd2` is not legal here: it could be Nbd2 or Nfd2"
    );
    assert_eq!(read(&chess, knights, "Nbd2").as_deref(), Ok("b1d2"));
    assert_eq!(
        read(&chess, start, "Nf4").unwrap_err().to_string(),
        "`Nf4` is not legal here: no legal move reads so"
    );
    // A promotion is never guessed.
    assert!(read(&chess, promote, "b8").is_err());
}

#[test]
fn castling_on_wide_boards_and_free_castling() {
    let capablanca = Variant::bundled("capablanca").unwrap();
    let pos = capablanca
        .parse_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
        .unwrap();
    let king_side = capablanca.parse_san(&pos, "O-O").unwrap();
    assert_eq!(capablanca.move_text(king_side), "f1i1");
    assert_eq!(capablanca.san(&pos, king_side), "O-O");
    // Falcon Chess: the king may stop on any square toward the rook; it is named.
    let falcon = Variant::bundled("falcon-chess").unwrap();
    let pos = falcon
        .parse_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
        .unwrap();
    let one = falcon.parse_move(&pos, "f1g1/j1f1").unwrap();
    assert_eq!(falcon.san(&pos, one), "O-O:g1+");
    assert_eq!(falcon.parse_san(&pos, "O-O:g1"), Ok(one));
    assert_eq!(
        falcon.parse_san(&pos, "O-O").unwrap_err().to_string(),
        "`O-O` is not legal here: the king may stop on g1, h1, i1: write it after a colon (O-O:g1)"
    );
}
