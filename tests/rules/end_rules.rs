//! Game-end rules beyond checkmate. Generic mechanisms on edited chess: flag wins, royal
//! capture (extinction) and insufficient material. The end-rule family of Fairy-Stockfish's
//! suite: forced capture (`captures: forced`), extinction of a kind (`end: extinction`),
//! reversed checkmate (`end: checkmate: win`), check counting (`end: checks_to_win`, its FEN
//! forms, key and unmaking), no checks (`no_checks`) and the flag reply of racing kings
//! (`end: flag_reply`).

use fairy_rules::{Color, Game, Outcome, Reason, UndoStack, Variant};

use crate::support::{fsf, moves};

// ---------------------------------------------------------------------------------------
// Flag wins, royal capture and insufficient material, on edited chess
// ---------------------------------------------------------------------------------------

const CHESS: &str = include_str!("../../variants/chess.yaml");

/// Chess without its insufficient-material draws: the rules below win with less.
fn chess_playing_on() -> String {
    CHESS.replacen("  insufficient_material: [Kk, KBk, KNk]\n", "", 1)
}

/// Chess where a king standing on d4, e4, d5 or e5 after its own move wins (a flag win).
fn hill() -> Variant {
    let yaml = chess_playing_on()
        .replacen("regions:\n", "regions:\n  hill: d4-e5\n", 1)
        .replacen(
            "  repetition: 3\n",
            "  repetition: 3\n  flags:\n    - piece: K\n      zone: hill\n",
            1,
        );
    Variant::from_yaml("hill.yaml", &yaml).unwrap()
}

/// Chess where kings are captured like any piece: no check, losing the king loses.
fn extinction() -> Variant {
    let yaml = chess_playing_on().replacen("royal: checkmate", "royal: extinction", 1);
    Variant::from_yaml("extinction.yaml", &yaml).unwrap()
}

fn moves_of(v: &Variant, fen: &str, from: &str) -> Vec<String> {
    let pos = v.parse_fen(fen).unwrap();
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter(|t| t.starts_with(from))
        .collect();
    out.sort();
    out
}

#[test]
fn flag_win_on_the_move_that_lands_and_not_otherwise() {
    let fen = "4k3/8/8/8/8/4K3/8/8 w - - 0 1";
    let mut game = Game::from_fen(hill(), fen).unwrap();
    assert_eq!(game.outcome(), None);
    game.play("e3f3").unwrap();
    assert_eq!(game.outcome(), None, "f3 is not on the hill");
    game.play("e8d8").unwrap();
    game.play("f3e4").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Flag
        })
    );
    assert!(game.legal_moves().is_empty());
    let v = hill();
    assert_eq!(
        v.perft(game.position(), 1),
        0,
        "an ended game has no moves, in perft too"
    );
}

#[test]
fn flag_win_needs_a_legal_move() {
    // The black rook on a4 guards the fourth rank: Ke3-e4 and Ke3-d4 would be in check.
    let v = hill();
    let fen = "4k3/8/8/8/r7/4K3/8/8 w - - 0 1";
    assert_eq!(
        moves_of(&v, fen, "e3"),
        ["e3d2", "e3d3", "e3e2", "e3f2", "e3f3"]
    );
}

#[test]
fn flag_of_the_side_that_did_not_move_does_not_count() {
    // Black's king already on the hill with White to move: Black won on its move.
    let v = hill();
    let pos = v.parse_fen("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Flag
        })
    );
}

#[test]
fn extinction_allows_moving_into_attack_and_capturing_the_king() {
    let v = extinction();
    // The white king may step next to the black rook's file; the rook may then take it.
    let fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
    assert!(
        moves_of(&v, fen, "e1").contains(&"e1d1".to_string()),
        "no check: e1d1 is legal"
    );
    let mut game = Game::from_fen(v, fen).unwrap();
    game.play("e1e2").unwrap();
    game.play("a1a2").unwrap();
    game.play("e2d2").unwrap();
    game.play("a2d2").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::RoyalCaptured
        })
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn extinction_of_both_royals_draws_and_no_move_is_stalemate() {
    let v = extinction();
    let both_gone = v.parse_fen("8/8/8/8/8/8/8/R6r w - - 0 1").unwrap();
    assert_eq!(
        v.outcome(&both_gone),
        Some(Outcome::Draw {
            reason: Reason::RoyalCaptured
        })
    );
    // A king that can only step into attack still has moves under extinction: no stalemate.
    let cornered = v.parse_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(v.legal_moves(&cornered).len(), 3);
    assert_eq!(v.outcome(&cornered), None);
}

#[test]
fn flag_definition_errors_point_at_the_name() {
    let yaml = CHESS.replacen(
        "  repetition: 3\n",
        "  repetition: 3\n  flags:\n    - piece: K\n      zone: hil\n",
        1,
    );
    let err = Variant::from_yaml("t.yaml", &yaml).unwrap_err();
    let p = &err.problems[0];
    assert_eq!(p.code, "fairy::unknown-region");
    assert_eq!(&yaml[p.span.clone()], "hil");
    let yaml = CHESS.replacen(
        "  repetition: 3\n",
        "  repetition: 3\n  flags:\n    - piece: Z\n      zone: last-rank\n",
        1,
    );
    let err = Variant::from_yaml("t.yaml", &yaml).unwrap_err();
    assert_eq!(err.problems[0].code, "fairy::unknown-piece");
}

/// Chess's insufficient material: king against king, or against king and one minor piece,
/// draws as soon as it is on the board, either way round; one more piece plays on.
#[test]
fn insufficient_material_draws_at_once() {
    let chess = Variant::bundled("chess").unwrap();
    let draw = Some(Outcome::Draw {
        reason: Reason::InsufficientMaterial,
    });
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1",
        "4k3/8/2n5/8/8/8/8/4K3 w - - 0 1",
    ] {
        let pos = chess.parse_fen(fen).unwrap();
        assert_eq!(chess.outcome(&pos), draw, "{fen}");
        // The moves are still there: the rule ends the game, not the move tree.
        assert!(chess.count_legal_moves(&pos) > 0, "{fen}");
    }
    for fen in [
        "4k3/8/8/8/8/8/8/2BBK3 w - - 0 1",
        "4k3/8/2n5/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    ] {
        let pos = chess.parse_fen(fen).unwrap();
        assert_eq!(chess.outcome(&pos), None, "{fen}");
    }
    // Reached by a capture in a game: the rook takes the last black piece but the king.
    let mut game = Game::from_fen(chess, "4k3/8/8/8/8/8/4r3/4KN2 w - - 0 1").unwrap();
    game.play("e1e2").unwrap();
    assert_eq!(game.outcome(), draw);
}

/// An entry with a letter no piece has is an error at that letter.
#[test]
fn insufficient_material_letters_are_checked() {
    let yaml = CHESS.replacen("[Kk, KBk, KNk]", "[Kk, KXk]", 1);
    let e = Variant::from_yaml("bad.yaml", &yaml).unwrap_err();
    let p = &e.problems[0];
    assert_eq!(
        (p.code, &yaml[p.span.clone()], p.message.as_str()),
        ("fairy::bad-material", "X", "`X` is not a piece letter")
    );
}

// ---------------------------------------------------------------------------------------
// The end rules of Fairy-Stockfish's suite
// ---------------------------------------------------------------------------------------

fn win(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

#[test]
fn a_capture_when_there_is_one_is_forced() {
    let v = fsf("antichess");
    assert_eq!(moves(&v, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"), ["e4d5"]);
    // En passant is a capture too.
    assert_eq!(moves(&v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), ["e5d6"]);
    // The king is an ordinary piece: it must take too, and it may move into attack.
    assert_eq!(moves(&v, "8/8/8/8/8/8/3r4/4K3 w - - 0 1"), ["e1d2"]);
    assert_eq!(
        moves(&v, "8/8/8/8/8/8/r7/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn a_forced_capture_must_still_answer_check() {
    // Losers: the king is royal. In check from d2, the only capture takes the checker.
    let v = fsf("losers");
    assert_eq!(moves(&v, "4k2n/8/8/8/8/8/3p4/N3K3 w - - 0 1"), ["e1d2"]);
    // A capture that leaves the king attacked (by the pinned bishop) is not a legal
    // capture, so the quiet moves are legal.
    assert_eq!(
        moves(&v, "4k3/4r3/8/8/8/3p4/4B3/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1f1", "e1f2"]
    );
}

#[test]
fn losing_every_piece_or_the_king_or_one_king_of_three_decides() {
    // Antichess: the side left without pieces wins, and has no moves.
    let v = fsf("antichess");
    let mut game = Game::from_fen(v.clone(), "8/8/8/8/8/8/8/r6R b - - 0 1").unwrap();
    game.play("a1h1").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Extinction));
    assert!(game.legal_moves().is_empty());
    // Codrus: losing the king wins.
    let v = fsf("codrus");
    let mut game = Game::from_fen(v.clone(), "4k2R/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    game.play("h8e8").unwrap();
    assert_eq!(game.outcome(), win(Color::Black, Reason::Extinction));
    // Three kings: the first king lost of three loses.
    let v = fsf("threekings");
    let mut game = Game::from_fen(v.clone(), "k3k2k/8/8/8/8/8/R7/K3K2K w - - 0 1").unwrap();
    assert_eq!(game.outcome(), None);
    game.play("a2a8").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Extinction));
    // Extinction chess: losing the last piece of any kind loses.
    let v = fsf("extinction");
    let fen = "rnbqk3/7p/8/8/8/8/7P/RNBQK3 w - - 0 1";
    let mut game = Game::from_fen(v.clone(), fen).unwrap();
    game.play("h2h3").unwrap();
    assert_eq!(game.outcome(), None);
    let mut game = Game::from_fen(v.clone(), fen).unwrap();
    game.play("d1d8").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Extinction));
}

#[test]
fn a_bare_king_loses_unless_its_reply_bares_the_other() {
    // Shatranj (`pieces: all`, `left: 1`, `opponent_has: 2`, `claim: true`).
    let v = fsf("shatranj");
    let play = |fen: &str, line: &[&str]| {
        let mut game = Game::from_fen(v.clone(), fen).unwrap();
        for m in line {
            assert_eq!(game.outcome(), None, "{fen} before {m}");
            game.play(m).unwrap();
        }
        game.outcome()
    };
    // Baring the king against a king and one piece leaves it a reply.
    let one = "8/8/8/8/8/1k6/q7/R3K3 w - - 0 1";
    assert_eq!(play(one, &["a1a2"]), None);
    // If it does not bare the other king with it, it has lost.
    assert_eq!(
        play(one, &["a1a2", "b3b4"]),
        win(Color::White, Reason::Extinction)
    );
    // If it does, neither king is caught, and play goes on.
    assert_eq!(play(one, &["a1a2", "b3a2"]), None);
    // Against two pieces no reply can bare the other king: it has lost at once.
    assert_eq!(
        play("4k3/8/8/8/8/8/q7/RR2K3 w - - 0 1", &["a1a2"]),
        win(Color::White, Reason::Extinction)
    );
    // A bare king that has just moved is judged at once.
    let game = Game::from_fen(v.clone(), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Extinction));
    assert!(game.legal_moves().is_empty());
    // Courier has the same rule.
    let v = fsf("courier");
    let mut game = Game::from_fen(v, "6k5/12/12/12/12/12/12/R5K5 b - - 0 1").unwrap();
    assert_eq!(game.outcome(), None);
    game.play("g8f8").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Extinction));
}

#[test]
fn a_bare_king_draws_under_a_drawing_extinction_rule() {
    // Shatar (`pieces: all`, `left: 1`, `result: draw`): baring either king draws.
    let v = fsf("shatar");
    let draw = Some(Outcome::Draw {
        reason: Reason::Extinction,
    });
    let mut game = Game::from_fen(v.clone(), "4k3/8/8/8/8/8/j7/R3K3 w - - 0 1").unwrap();
    game.play("a1a2").unwrap();
    assert_eq!(game.outcome(), draw);
    assert!(game.legal_moves().is_empty());
    // Black baring White's king gets the same.
    let mut game = Game::from_fen(v.clone(), "4k3/8/8/8/8/8/r7/R3K3 b - - 0 1").unwrap();
    game.play("a2a1").unwrap();
    assert_eq!(game.outcome(), draw);
    // With a piece left on each side, play goes on.
    let mut game = Game::from_fen(v, "4k3/8/8/8/8/8/j7/RN2K3 w - - 0 1").unwrap();
    game.play("b1c3").unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn checkmate_may_be_a_draw() {
    let yaml = chess_playing_on().replacen(
        "  royal: checkmate\n",
        "  royal: checkmate\n  checkmate: draw\n",
        1,
    );
    let v = Variant::from_yaml("mate-draws.yaml", &yaml).unwrap();
    let mut game = Game::from_fen(v, "k7/8/1K6/8/8/8/8/7R w - - 0 1").unwrap();
    game.play("h1h8").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn in_losers_checkmate_and_a_bare_king_win() {
    let v = fsf("losers");
    let mut game = Game::from_fen(v.clone(), "k7/6p1/1K6/8/8/8/8/7R w - - 0 1").unwrap();
    game.play("h1h8").unwrap();
    assert_eq!(game.outcome(), win(Color::Black, Reason::Checkmate));
    let mut game = Game::from_fen(v.clone(), "k7/8/8/8/8/8/1p6/RK6 b - - 0 1").unwrap();
    game.play("b2a1q").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Extinction));
}

#[test]
fn checks_are_counted_in_the_position_its_key_and_its_fen() {
    let v = fsf("3check");
    let mut pos = v.parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1").unwrap();
    let before = v.fen(&pos);
    let key = pos.hash();
    let m = v.parse_move(&pos, "a1a8").unwrap();
    let mut undo = UndoStack::default();
    v.make(&mut pos, m, &mut undo);
    assert_eq!(v.fen(&pos), "R3k3/8/8/8/8/8/8/4K3 b - - 1+3 1 1");
    assert_eq!(pos.checks_given(Color::White), 2);
    assert_eq!(pos.hash(), v.hash_from_scratch(&pos));
    assert!(v.unmake(&mut pos, &mut undo));
    assert_eq!((v.fen(&pos), pos.hash()), (before, key));
    // The same board with other counters is another position.
    let fresh = v.parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1").unwrap();
    assert_ne!(fresh.hash(), key);
    // The checks given, as a last field, read the same.
    let lichess = v.parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +1+0").unwrap();
    assert_eq!(v.fen(&lichess), "4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1");
    // The start position writes full counters and reads back.
    let start = v.fen(&v.start_position());
    assert_eq!(
        start,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    );
    assert_eq!(v.fen(&v.parse_fen(&start).unwrap()), start);
    // Counters beyond the rule are refused.
    assert!(v.parse_fen("4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 1").is_err());
}

#[test]
fn the_last_check_wins_at_once() {
    let v = fsf("3check");
    let mut game = Game::from_fen(v.clone(), "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1").unwrap();
    game.play("a1a8").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Checks));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn no_move_may_give_check() {
    let v = fsf("racingkings");
    // The rook may not go to g2 (check along the second rank) nor to a1 (along the a-file).
    let fen = "8/8/8/8/8/8/k7/6RK w - - 0 1";
    let rook: Vec<String> = moves(&v, fen)
        .into_iter()
        .filter(|m| m.starts_with("g1"))
        .collect();
    assert_eq!(
        rook,
        ["g1b1", "g1c1", "g1d1", "g1e1", "g1f1", "g1g3", "g1g4", "g1g5", "g1g6", "g1g7", "g1g8"]
    );
}

#[test]
fn black_may_answer_whites_arrival() {
    let v = fsf("racingkings");
    // Black's king can reach the eighth rank: the game goes on for Black's move.
    let mut game = Game::from_fen(v.clone(), "8/1k5K/8/8/8/8/8/8 w - - 0 1").unwrap();
    game.play("h7h8").unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.legal_moves().len(), 8);
    game.play("b7b8").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Flag
        })
    );
    // Arriving elsewhere, Black loses after its move.
    let mut game = Game::from_fen(v.clone(), "8/1k5K/8/8/8/8/8/8 w - - 0 1").unwrap();
    game.play("h7h8").unwrap();
    game.play("b7b6").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Flag));
    // Black's king too far: White wins at once.
    let mut game = Game::from_fen(v.clone(), "8/7K/8/1k6/8/8/8/8 w - - 0 1").unwrap();
    game.play("h7h8").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Flag));
    // Black arriving first wins at once.
    let mut game = Game::from_fen(v.clone(), "8/1k6/8/8/8/8/8/7K b - - 0 1").unwrap();
    game.play("b7b8").unwrap();
    assert_eq!(game.outcome(), win(Color::Black, Reason::Flag));
}

#[test]
fn a_bad_extinction_kind_is_reported_at_its_letter() {
    let yaml = include_str!("../../variants/fsf/threekings.yaml")
        .replacen("pieces: K\n", "pieces: KX\n", 1)
        .replacen("extends: ../chess.yaml", "extends: variants/chess.yaml", 1);
    let e = Variant::from_yaml("bad.yaml", &yaml).unwrap_err();
    let p = &e.problems[0];
    assert_eq!(
        (p.code, &yaml[p.span.clone()], p.message.as_str()),
        ("fairy::bad-extinction", "X", "`X` is not a piece letter")
    );
}

#[test]
fn check_counting_without_check_is_refused() {
    let yaml = include_str!("../../variants/fsf/3check.yaml")
        .replacen(
            "  checks_to_win: 3\n",
            "  royal: extinction\n  checks_to_win: 3\n",
            1,
        )
        .replacen("extends: ../chess.yaml", "extends: variants/chess.yaml", 1);
    let e = Variant::from_yaml("bad.yaml", &yaml).unwrap_err();
    let p = &e.problems[0];
    assert_eq!(
        (p.code, &yaml[p.span.clone()]),
        ("fairy::unsupported-combination", "3")
    );
}

#[test]
fn a_safe_flag_wins_only_unattacked() {
    let v = fsf("dobutsu");
    let fen = "2g/L2/2l/3[] w - - 0 1";
    // The lion reaches the far rank where no enemy piece attacks it: White wins at once.
    let mut game = Game::from_fen(v.clone(), fen).unwrap();
    game.play("a3a4").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Flag));
    // Arriving where the giraffe attacks it, the game goes on: the giraffe may take it.
    let mut game = Game::from_fen(v.clone(), fen).unwrap();
    game.play("a3b4").unwrap();
    assert_eq!(game.outcome(), None);
    game.play("c4b4").unwrap();
    assert_eq!(game.outcome(), win(Color::Black, Reason::RoyalCaptured));
    // If the reply leaves it standing unattacked, it wins at the start of White's turn.
    let mut game = Game::from_fen(v.clone(), fen).unwrap();
    game.play("a3b4").unwrap();
    game.play("c4c3").unwrap();
    assert_eq!(game.outcome(), win(Color::White, Reason::Flag));
}
