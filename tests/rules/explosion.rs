//! Explosions on capture (`explosion:`) and mutual immunity (`mutually_immune:`): exact
//! moves and positions in small atomic, atomic-without-check and Atomar positions (each
//! list agrees with Fairy-Stockfish's), the blast made and unmade, and the definition's
//! mistakes reported where they are.

use fairy_rules::UndoStack;

use crate::support::play::after;
use crate::support::problems::problem;
use crate::support::{fsf, moves};

#[test]
fn a_capture_blows_up_the_capturer_and_every_piece_around_but_pawns() {
    let v = fsf("atomic");
    // Nf3xe5: the knight, the pawn it takes and the bishop on d6 go; the pawn on e6 stays.
    assert_eq!(
        after(&v, "4k3/8/3bp3/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5"),
        "4k3/8/4p3/8/8/8/8/4K3 b - - 0 1"
    );
    // The blast takes a castling rook standing beside the capture, and its right with it.
    assert_eq!(
        after(&v, "r3k3/1p6/8/2N5/8/8/8/4K3 w q - 0 1", "c5b7"),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    // A capturing pawn explodes too.
    assert_eq!(
        after(&v, "4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1", "b2c3"),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        after(&v, "r3k3/1p6/1N6/8/8/8/8/4K3 w q - 0 1", "b6a8"),
        "4k3/1p6/8/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn a_king_never_captures_and_touching_kings_are_not_in_check() {
    let v = fsf("atomic");
    // In check from the pawn, the king may not take it: it would blow itself up.
    assert_eq!(
        moves(&v, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"),
        ["e1d1", "e1e2", "e1f1", "e1f2"]
    );
    // Beside the black king, the white king is out of the rook's reach: every square
    // beside the black king is safe, and taking the king is not a move.
    assert_eq!(
        moves(&v, "8/8/8/8/8/8/3k4/r2K4 w - - 0 1"),
        ["d1c1", "d1c2", "d1e1", "d1e2"]
    );
    let pos = v.parse_fen("8/8/8/8/8/8/3k4/r2K4 w - - 0 1").unwrap();
    assert!(!v.in_check(&pos));
}

#[test]
fn blowing_up_the_enemy_king_wins_whatever_it_leaves_attacked() {
    let v = fsf("atomic");
    // In check from h1: besides the king's steps and taking the rook, Qxg8 answers by
    // blowing up the black king beside g8.
    let fen = "Q5rk/8/8/8/8/8/8/4K2r w - - 0 1";
    assert_eq!(moves(&v, fen), ["a8g8", "a8h1", "e1d2", "e1e2", "e1f2"]);
    let mut pos = v.parse_fen(fen).unwrap();
    let m = v.parse_move(&pos, "a8g8").unwrap();
    v.make(&mut pos, m, &mut UndoStack::new());
    assert_eq!(v.fen(&pos), "8/8/8/8/8/8/8/4K2r b - - 0 1");
    assert!(v.legal_moves(&pos).is_empty());
    assert_eq!(
        v.outcome(&pos).map(|o| o.to_string()),
        Some("1-0 (royal piece captured)".to_string())
    );
}

#[test]
fn without_check_a_king_may_capture_and_blow_itself_up() {
    let v = fsf("nocheckatomic");
    assert_eq!(
        moves(&v, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    assert_eq!(
        after(&v, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2"),
        "4k3/8/8/8/8/8/8/8 b - - 0 1"
    );
    // Kings side by side: either may take the other, and both are gone.
    assert_eq!(
        moves(&v, "8/8/8/8/8/8/3k4/3K4 w - - 0 1"),
        ["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]
    );
}

#[test]
fn atomar_kings_survive_blasts_and_may_not_take_each_other() {
    let v = fsf("atomar");
    // The king takes the pawn and stays where it took.
    assert_eq!(
        after(&v, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1d2"),
        "4k3/8/8/8/8/8/3K4/8 b - - 0 1"
    );
    // A blast beside a king leaves it standing.
    assert_eq!(
        after(&v, "4kn2/8/8/8/8/8/8/4KR2 w - - 0 1", "f1f8"),
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        moves(&v, "8/8/8/8/8/8/3k4/3K4 w - - 0 1"),
        ["d1c1", "d1c2", "d1e1", "d1e2"]
    );
}

const BASE: &str = "extends: variants/chess.yaml\nname: Broken atomic\n";

#[test]
fn mistakes_are_reported_where_they_are() {
    let at = |text: &str| problem(&format!("{BASE}{text}"));
    assert_eq!(
        at("explosion:\n  radius: 9\n"),
        ("fairy::bad-radius".to_string(), 4, 11)
    );
    assert_eq!(
        at("explosion:\n  spares: [P, X]\n"),
        ("fairy::unknown-piece".to_string(), 4, 15)
    );
    assert_eq!(
        at("explosion:\n  immune: [Z]\n"),
        ("fairy::unknown-piece".to_string(), 4, 12)
    );
    assert_eq!(
        at("explosion:\n  radius: 1\n  blast: 2\n"),
        ("fairy::yaml".to_string(), 5, 3)
    );
    // A mutually immune king under the checkmate rule would be in check from the other.
    assert_eq!(
        at("mutually_immune: [N, K]\n"),
        ("fairy::unsupported-combination".to_string(), 3, 22)
    );
}
