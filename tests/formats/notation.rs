//! Notations of positions and moves. FEN and move text: round trips, the castling forms,
//! and errors that name the problem. SAN: chess's against shakmaty's (an independent, widely
//! used implementation) in random games; every move of every bundled variant written and read
//! back; the lenient forms. The variants' own notations (`notation:` in a definition):
//! PiRaTeKnIcS's sample game replayed in the inventor's text, Seachess's special forms, and
//! written-then-read round trips over random playouts of both.

use fairy_rules::{Color, Game, Move, MoveError, Outcome, Position, Reason, Variant};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

use crate::support::seachess_fen::fen as sea;
use crate::support::variant;

// ---------------------------------------------------------------------------------------
// FEN and move text
// ---------------------------------------------------------------------------------------

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
        Err(MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["f1g1/j1f1", "f1h1", "f1i1"])
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

// ---------------------------------------------------------------------------------------
// SAN
// ---------------------------------------------------------------------------------------

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
        "`Nd2` is ambiguous: it could be Nbd2 or Nfd2"
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
        "`O-O` is ambiguous: it could be O-O:g1 or O-O:h1 or O-O:i1"
    );
}

// ---------------------------------------------------------------------------------------
// The variants' own notations
// ---------------------------------------------------------------------------------------

/// The moves of a record in the inventor's layout: `12) white, black;` per line.
fn record_moves(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (number, moves) = line.split_once(')').expect("a move number");
        let number = number.trim();
        for (i, m) in moves
            .split([',', ';'])
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .enumerate()
        {
            let label = format!("{number}{}", if i == 0 { "." } else { "..." });
            out.push((label, m.to_string()));
        }
    }
    out
}

fn play(v: &Variant, pos: &Position, text: &str) -> Position {
    let m = v
        .parse_notation(pos, text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    // What the library writes reads back as the same move.
    let written = v.write_notation(pos, m).unwrap();
    assert_eq!(
        v.parse_notation(pos, &written),
        Ok(m),
        "{text} written {written}"
    );
    v.play_unchecked(pos, m)
}

#[test]
fn the_sample_game_replays_in_the_inventors_text() {
    let v = variant("pirateknics");
    assert_eq!(v.notation_name(), Some("the inventor's notation"));
    let record = include_str!("../fixtures/pirateknics-sample-game-1.txt");
    let moves = record_moves(record);
    assert_eq!(moves.len(), 64);
    assert_eq!(moves[63].0, "32...");
    let mut pos = v.start_position();
    for (label, text) in &moves {
        let m = v
            .parse_notation(&pos, text)
            .unwrap_or_else(|e| panic!("{label} {text}: {e}"));
        assert!(v.outcome(&pos).is_none(), "{label}: the game was over");
        let written = v.write_notation(&pos, m).unwrap();
        assert_eq!(v.parse_notation(&pos, &written), Ok(m), "{label} {written}");
        pos = v.play_unchecked(&pos, m);
    }
    // White resigned here: in check from the knight and the rook.
    assert_eq!(v.fen(&pos), FINAL);
    assert_eq!(pos.side_to_move(), Color::White);
    assert!(v.in_check(&pos));
    let k = v.kind_of_letter('K').unwrap();
    let king = pos.pieces_of_kind(k, Color::White).single().unwrap();
    assert_eq!(v.attackers(&pos, king, Color::Black).count(), 2);
    assert!(v.outcome(&pos).is_none());
}

/// After 32...b1<NK>-d2: the white king aboard the ship on d2 with a black knight, attacked
/// by the pawn on e3 and the queen on f2; the ship may not go back to b1 (the no-undo field).
const FINAL: &str =
    "<>1<b><nnk>/<NBQ>3<ppp>1/<>1<P>1<>1/<B>4<RQp>/1<PPP><r><>1<PPP>/4<pp>1/1<>1<Kn>1<NBq>/2<><> w - b1d2 1 33";

fn checkmated(v: &Variant, pos: &Position) -> bool {
    matches!(
        v.outcome(pos),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Checkmate
        })
    )
}

#[test]
fn the_continuations_after_the_resignation() {
    let v = variant("pirateknics");
    let pos = v.parse_fen(FINAL).unwrap();
    // The ship sails on with the king, and the knight leaves it for the ship on b2: mate.
    let after = play(&v, &pos, "d2<KN>-d3");
    let mate = play(&v, &after, "d3N-b2 **");
    assert!(checkmated(&v, &mate), "{}", v.fen(&mate));
    // The king steps to the ship on d1; the pawn takes the knight on f2, becoming a knight:
    // mate, with a remark after the move.
    let after = play(&v, &pos, "d2K-d1");
    let m = v
        .parse_notation(
            &after,
            "e3P(N) x f2N ** n.b the knight goes, the bishop stays",
        )
        .unwrap();
    let knight = v.kind_of_letter('N').unwrap();
    assert_eq!(
        m.captured.map(|p| (p.kind(), p.color())),
        Some((knight, Color::White))
    );
    let mate = v.play_unchecked(&after, m);
    assert!(checkmated(&v, &mate), "{}", v.fen(&mate));
    // Taking the bishop instead is another move, and no mate.
    let bishop = v.parse_notation(&after, "e3P(N) x f2B").unwrap();
    assert_ne!(bishop, m);
    assert!(!checkmated(&v, &v.play_unchecked(&after, bishop)));
    // Sailing straight back to b1 reverses Black's last move: refused.
    let refused = v.parse_notation(&pos, "d2<KN>-b1").unwrap_err();
    assert!(
        matches!(&refused, MoveError::Illegal { reason, .. } if reason == "no legal move is written so"),
        "{refused}"
    );
    let sails: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .filter_map(|m| v.write_notation(&pos, m))
        .filter(|t| t.starts_with("d2<"))
        .collect();
    assert!(!sails.iter().any(|t| t.ends_with("-b1")), "{sails:?}");
    assert!(!sails.is_empty());
}

/// Every legal move along seeded random playouts, written in the variant's notation, reads
/// back as the same move.
fn round_trips(v: &Variant, seed: u64, games: usize, plies: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = v.start_position();
        for _ in 0..plies {
            let legal: Vec<Move> = v.legal_moves(&pos);
            if legal.is_empty() || v.outcome(&pos).is_some() {
                break;
            }
            for &m in &legal {
                let text = v.write_notation(&pos, m).unwrap();
                assert_eq!(
                    v.parse_notation(&pos, &text),
                    Ok(m),
                    "{text} in {}",
                    v.fen(&pos)
                );
                checked += 1;
            }
            let m = legal[rng.random_range(0..legal.len())];
            pos = v.play_unchecked(&pos, m);
        }
    }
    checked
}

#[test]
fn pirateknics_moves_read_back_from_the_inventors_text() {
    let v = variant("pirateknics");
    assert!(round_trips(&v, 7, 3, 40) > 3000);
    // Promotions: each promoting pawn with its choice, in the group and in a sailing crew.
    let promoting = v
        .parse_fen("2<b>1/2<PPN>3/6/5<k>/6/6/6/<K>3 w - - 0 1")
        .unwrap();
    let mut texts = Vec::new();
    for m in v.legal_moves(&promoting) {
        let text = v.write_notation(&promoting, m).unwrap();
        assert_eq!(v.parse_notation(&promoting, &text), Ok(m), "{text}");
        texts.push(text);
    }
    assert!(texts.contains(&"c7P(N)P(Q) x d8B".to_string()), "{texts:?}");
    // A capture takes an enemy piece unless the text says `own`: before the captured letter,
    // as the inventor's published games write it, or (our earlier form) before the cell.
    let mixed = v
        .parse_fen("<k>3/5<BR>/6/3<Pp>2/6/6/6/<K>3 w - - 0 1")
        .unwrap();
    let enemy = v.parse_notation(&mixed, "f7BR x d5P").unwrap();
    assert_eq!(v.move_text(enemy), "f7BRxd5p");
    let own = v.parse_notation(&mixed, "f7BR x d5 own P").unwrap();
    assert_eq!(v.move_text(own), "f7BRxd5P");
    assert_eq!(v.parse_notation(&mixed, "f7BR x own d5P"), Ok(own));
    assert_eq!(v.parse_notation(&mixed, "f7BR x d5 own P **"), Ok(own));
    assert_eq!(
        v.write_notation(&mixed, own).as_deref(),
        Some("f7BR x d5 own P")
    );
    assert_eq!(
        v.write_notation(&mixed, enemy).as_deref(),
        Some("f7BR x d5P")
    );
    let m = v.parse_notation(&promoting, "c7P(Q)P(N) x d8B").unwrap();
    assert_eq!(v.move_text(m), "c7PPxd8b=NQ");
    assert_eq!(v.parse_notation(&promoting, "c7 P(N) P(Q) x d8 B !"), Ok(m));
}

/// The two forms of the inventor's published PiRaTeKnIcS games that his legend does not
/// show: `own` between the cell and the captured letter, and a crew in round brackets.
#[test]
fn pirateknics_reads_the_inventors_published_forms() {
    let v = variant("pirateknics");
    // White's bishop on c1 takes White's own pawn on f4; then the rook on a3 its own pawn
    // on c3, with his double check mark.
    let pos = v
        .parse_fen("<k>3/6/6/6/5<P>/<R>1<P>3/6/1<B>1<K> w - - 0 1")
        .unwrap();
    let bishop = v.parse_notation(&pos, "c1B x f4 own P").unwrap();
    assert_eq!(v.move_text(bishop), "c1Bxf4P");
    let rook = v.parse_notation(&pos, "a3R x c3 own P **").unwrap();
    assert_eq!(v.move_text(rook), "a3Rxc3P");
    assert_eq!(
        v.write_notation(&pos, rook).as_deref(),
        Some("a3R x c3 own P")
    );
    // A ship with three queens sails written in round brackets; it is written in the
    // legend's angle brackets, and the brackets must pair.
    let ship = v
        .parse_fen("3<k>/6/1<QQQ>4/6/6/6/6/<K>3 w - - 0 1")
        .unwrap();
    let sail = v.parse_notation(&ship, "b6(QQQ)-b7").unwrap();
    assert_eq!(v.move_text(sail), "b6-b7");
    assert_eq!(v.parse_notation(&ship, "b6<QQQ>-b7"), Ok(sail));
    assert_eq!(v.write_notation(&ship, sail).as_deref(), Some("b6<QQQ>-b7"));
    assert!(matches!(
        v.parse_notation(&ship, "b6(QQQ>-b7"),
        Err(fairy_rules::MoveError::Illegal { .. })
    ));
}

/// The move of `pos` written `text` by `write_notation`, read back from that text, made by
/// the engine as `engine` (its own text).
fn written_so(v: &Variant, fen: &str, engine: &str, text: &str) {
    let pos = v.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let m = v
        .parse_move(&pos, engine)
        .unwrap_or_else(|e| panic!("{engine}: {e}"));
    assert_eq!(v.write_notation(&pos, m).as_deref(), Some(text), "{engine}");
    assert_eq!(v.parse_notation(&pos, text), Ok(m), "{text}");
}

#[test]
fn seachess_special_forms_are_written_as_the_inventor_writes_them() {
    let v = variant("seachess");
    let kings = "g1=K g12=k";
    // Plain moves and captures.
    written_so(
        &v,
        &sea(&format!("{kings} e5=C e6=b"), "w", "-"),
        "e5e6",
        "Ce5 x e6",
    );
    written_so(
        &v,
        &sea(&format!("{kings} e5=C e7=b"), "w", "-"),
        "e5e6",
        "Ce5 - e6",
    );
    // A cruiser plants a mine on its square: a hidden move.
    written_so(
        &v,
        &sea(&format!("{kings} e5=C"), "w", "-"),
        "e5:M",
        "Ce5 - M (h)",
    );
    // A boat steps onto Black's mine, which destroys it.
    written_so(
        &v,
        &sea(&format!("{kings} e4=B e5={{*m}}"), "w", "-"),
        "e4e5",
        "Be4 - e5 - Mx",
    );
    // A submarine after two turns on the surface dives with a knight's move: hidden.
    written_so(
        &v,
        &sea(&format!("{kings} e4=S"), "w", "e4.surfaced=2"),
        "e4_f6",
        "Se4v - f6 (h)",
    );
    // A submerged submarine surfaces where it is, taking the cruiser above it.
    written_so(
        &v,
        &sea(&format!("{kings} f6={{c_S}}"), "w", "_f6.submerged=1"),
        "_f6f6",
        "sSf6^x",
    );
    // A destroyer's arrival beside a submerged submarine forces it up: it takes the cruiser
    // above it. (The inventor's example comes from a board with an a1 and a sonar reaching
    // diagonally; on this board the destroyer's sonar reaches the four orthogonal squares.)
    written_so(
        &v,
        &sea(&format!("{kings} c3=D f5={{C_s}}"), "w", "_f5.submerged=1"),
        "c3e5",
        "Dc3 - e5 > f5^ x f5",
    );
    // A submarine that dives beside an enemy destroyer is forced up at once, under the
    // cruiser it dived below, which it takes. The mark follows the referee, which announces
    // every dive as a hidden move.
    written_so(
        &v,
        &sea(&format!("{kings} e4=S f6=c f7=d"), "w", "e4.surfaced=2"),
        "e4_f6",
        "Se4v - f6 > f6^ x f6 (h)",
    );
    // A torpedo on the diagonal ahead, two squares away.
    written_so(
        &v,
        &sea(&format!("{kings} j5=T h7=c"), "w", "-"),
        "j5xh7",
        "Tj5 xt h7",
    );
    // Back in the own haven, the cruiser's mine and the torpedo boat's torpedo reload.
    written_so(
        &v,
        &sea(&format!("{kings} e5=C"), "w", "e5.mine=0"),
        "e5e2",
        "Ce5 - e2 < M",
    );
    written_so(
        &v,
        &sea(&format!("{kings} j5=T"), "w", "j5.torpedo=0"),
        "j5j2",
        "Tj5 - j2 < T",
    );
    // Read leniently: spacing, case of letters, a check mark; the suffixes may be left out.
    let pos = v
        .parse_fen(&sea(&format!("{kings} e5=C"), "w", "e5.mine=0"))
        .unwrap();
    let reload = v.parse_move(&pos, "e5e2").unwrap();
    for text in ["Ce5-e2<M", "ce5 - e2", "Ce5 - e2 < M +"] {
        assert_eq!(v.parse_notation(&pos, text), Ok(reload), "{text}");
    }
}

#[test]
fn seachess_forms_of_our_own_read_back() {
    let v = variant("seachess");
    let castles = sea("g1=K c1=C j1=T g12=k", "w", "-").replacen(" w - ", " w KQ ", 1);
    let cases = [
        // Castling both ways, a promotion, a submerged move, the aircraft's strike.
        (castles.clone(), "g1e1", "Kg1 - e1 & Cc1 - f1"),
        (castles, "g1i1", "Kg1 - i1 & Tj1 - h1"),
        (
            sea("g1=K g12=k d11=B", "w", "-"),
            "d11d12s",
            "Bd11 - d12 = S",
        ),
        (
            sea("g1=K g12=k f6={_S}", "w", "_f6.submerged=1"),
            "_f6_g8",
            "sSf6 - g8 (h)",
        ),
        (
            sea("g1=K g12=k f6={_S}", "w", "_f6.submerged=1"),
            "_f6g8",
            "sSf6 - g8^",
        ),
        (sea("g1=K g12=k e5=A h8=c", "w", "-"), "e5xh8", "Ae5 xa h8"),
    ];
    for (fen, engine, text) in &cases {
        written_so(&v, fen, engine, text);
        let pos = v.parse_fen(fen).unwrap();
        for m in v.legal_moves(&pos) {
            let written = v.write_notation(&pos, m).unwrap();
            assert_eq!(
                v.parse_notation(&pos, &written),
                Ok(m),
                "{written} in {fen}"
            );
        }
    }
}

#[test]
fn seachess_moves_read_back_from_the_inventors_text() {
    let v = variant("seachess");
    assert!(round_trips(&v, 11, 3, 60) > 3000);
}

/// Chess with the guide's long algebraic notation: the same keys serve any game.
fn long_algebraic() -> Variant {
    let chess = std::fs::read_to_string("variants/chess.yaml").unwrap();
    let yaml = format!(
        "{chess}\nnotation:\n  name: long algebraic\n  templates:\n    move: \"{{piece}}{{from}}-{{to}}\"\n    capture: \"{{piece}}{{from}}x{{to}}\"\n    promotion: \"{{piece}}{{from}}-{{to}}={{promotion}}\"\n    capture_promotion: \"{{piece}}{{from}}x{{to}}={{promotion}}\"\n    castle: \"{{piece}}{{from}}-{{to}} castles\"\n  ignore: [\"+\", \"#\", \"!\", \"?\"]\n"
    );
    Variant::from_yaml("long-algebraic.yaml", &yaml).unwrap()
}

#[test]
fn a_notation_of_another_game_uses_the_same_keys() {
    let v = long_algebraic();
    assert_eq!(v.notation_name(), Some("long algebraic"));
    let start = v.start_position();
    let e4 = v.parse_move(&start, "e2e4").unwrap();
    assert_eq!(v.write_notation(&start, e4).as_deref(), Some("Pe2-e4"));
    assert_eq!(v.parse_notation(&start, "pe2 - e4 !"), Ok(e4));
    // None legal: the nearest legal moves, in this notation.
    assert_eq!(
        v.parse_notation(&start, "Pe2-e5").unwrap_err().to_string(),
        "`Pe2-e5` is not legal here: no legal move is written so"
    );
    let nearest = v.nearest_moves(&start, "Pe2-e5", 3);
    assert_eq!(
        nearest.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>(),
        ["Pe2-e3", "Pe2-e4", "Pa2-a3"]
    );
    let nearest = v.nearest_moves(&start, "Ng1-f4", 2);
    assert_eq!(
        nearest.iter().map(|(_, t)| t.as_str()).collect::<Vec<_>>(),
        ["Ng1-f3", "Ng1-h3"]
    );
    let pos = v.parse_fen("3r2k1/4P3/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    for (engine, text) in [
        ("e7d8n", "Pe7xd8=N"),
        ("e7e8q", "Pe7-e8=Q"),
        ("e1g1", "Ke1-g1 castles"),
    ] {
        let m = v.parse_move(&pos, engine).unwrap();
        assert_eq!(v.write_notation(&pos, m).as_deref(), Some(text));
        assert_eq!(v.parse_notation(&pos, text), Ok(m));
    }
    assert_eq!(
        v.parse_notation(&pos, "").unwrap_err().to_string(),
        "`` is not a move: it is empty"
    );
    // Without a notation section: no written form, and the engine's text is read.
    let plain = variant("chess");
    let start = plain.start_position();
    let e4 = plain.parse_move(&start, "e2e4").unwrap();
    assert_eq!(plain.notation_name(), None);
    assert_eq!(plain.write_notation(&start, e4), None);
    assert_eq!(plain.parse_notation(&start, "e2e4"), Ok(e4));
}

#[test]
fn several_moves_written_alike_are_named() {
    // A template that drops the origin makes moves share a text: the reader lists them.
    let chess = std::fs::read_to_string("variants/chess.yaml").unwrap();
    let yaml =
        format!("{chess}\nnotation:\n  name: short\n  templates:\n    move: \"{{piece}}{{to}}\"\n");
    let v = Variant::from_yaml("short.yaml", &yaml).unwrap();
    let pos = v.parse_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
    assert_eq!(
        v.parse_notation(&pos, "Rd1").unwrap_err().to_string(),
        "`Rd1` is ambiguous: it could be Rd1 (a1d1) or Rd1 (h1d1)"
    );
}

#[test]
fn a_drawn_cell_follows_the_move_after_an_at_sign() {
    let bermuda = std::fs::read_to_string("variants/bermuda.yaml").unwrap();
    let yaml = format!(
        "{bermuda}\nnotation:\n  name: long algebraic\n  templates:\n    move: \"{{piece}}{{from}}-{{to}}\"\n"
    );
    let v = Variant::from_yaml("bermuda-notation.yaml", &yaml).unwrap();
    let start = v.start_position();
    let m = v.parse_move(&start, "e2e4@d5").unwrap();
    assert_eq!(v.write_notation(&start, m).as_deref(), Some("Pe2-e4@d5"));
    assert_eq!(v.parse_notation(&start, "Pe2-e4 @d5"), Ok(m));
    assert_eq!(v.parse_notation(&start, "Pe2-e4"), Ok(m.choice()));
    assert!(v.parse_notation(&start, "Pe2-e4@a1").is_err());
}

#[test]
fn a_board_move_is_not_disambiguated_against_a_drop_of_the_same_piece() {
    // White's queen on d1 and one in hand: a drop is written `Q@b1`, so the board moves to
    // b1 and d2 need no origin, as python-chess writes them.
    let zh = crate::support::fsf("crazyhouse");
    let pos = zh
        .parse_fen("rnb1k1nr/p1p4p/6pb/1p2p3/1P2p3/8/PPP1PPPP/R2QKB1R[Qbnnp] w KQkq - 0 9")
        .unwrap();
    for (text, san) in [("d1b1", "Qb1"), ("d1d2", "Qd2")] {
        let m = zh.parse_move(&pos, text).unwrap();
        assert_eq!(zh.san(&pos, m), san);
        assert_eq!(zh.parse_san(&pos, san).unwrap(), m);
    }
    let drop = zh.parse_san(&pos, "Q@b1").unwrap();
    assert_eq!(zh.san(&pos, drop), "Q@b1");
}
