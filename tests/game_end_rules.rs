//! Generic game-end mechanisms beyond checkmate: flag wins and royal capture (extinction).

use fairy_rules::{Color, Game, Outcome, Reason, Variant};

const CHESS: &str = include_str!("../variants/chess.yaml");

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
