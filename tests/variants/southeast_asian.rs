//! The rules of the Southeast Asian games of Fairy-Stockfish's suite, exact moves in small
//! positions (each list agrees with Fairy-Stockfish): Makpong's king that may not flee a
//! check (`royal_may_not_flee`), Cambodian chess's first moves (`i` components with
//! `first_move_in_check`, `loses_first_move_to` and `first_moves_in_fen`) and Sittuyin's
//! standing promotion (`promotion: {standing: true}`).

use fairy_rules::Variant;

use crate::support::play::after;
use crate::support::{fsf, moves};

#[test]
fn a_checked_makpong_king_moves_only_to_capture_its_one_checker() {
    let makpong = fsf("makpong");
    let makruk = fsf("makruk");
    // The rook on h1 checks along the first rank: the king may not step away, the rook on
    // g2 blocks.
    let fen = "4k3/8/8/8/8/8/6R1/3K3r w - - 0 1";
    assert_eq!(moves(&makpong, fen), ["g2g1"]);
    assert_eq!(moves(&makruk, fen), ["d1c2", "d1d2", "d1e2", "g2g1"]);
    // The only checker stands next to the king: taking it is the king's one move.
    let fen = "4k3/8/8/8/8/8/3r4/R2K4 w - - 0 1";
    assert_eq!(moves(&makpong, fen), ["d1d2"]);
    assert_eq!(moves(&makruk, fen), ["d1c1", "d1d2", "d1e1"]);
}

#[test]
fn cambodian_king_and_met_leap_once_from_their_first_rank() {
    let v = fsf("cambodian");
    assert_eq!(
        v.fen(&v.start_position()),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    // d1b2 and d1f2: the king's leaps; e1e3: the met's.
    let fen = "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1";
    assert_eq!(
        moves(&v, fen),
        ["d1b2", "d1c1", "d1c2", "d1d2", "d1e2", "d1f2", "e1d2", "e1e3", "e1f2"]
    );
    // Without the rights in the castling field, no leaps.
    assert_eq!(
        moves(&v, "4k3/8/8/8/8/8/8/3KM3 w - - 0 1"),
        ["d1c1", "d1c2", "d1d2", "d1e2", "e1d2", "e1f2"]
    );
    // In check the king may not leap (and the met's leap does not answer the check).
    assert_eq!(
        moves(&v, "4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1"),
        ["d1c2", "d1d2", "d1e2"]
    );
    // Moving takes a piece's right away.
    assert_eq!(
        after(&v, "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1", "e1e3"),
        "4k3/8/8/8/8/4M3/8/3K4 b D - 1 1"
    );
}

#[test]
fn a_rook_on_the_cambodian_kings_line_takes_its_leap_away() {
    let v = fsf("cambodian");
    let fen = "r3k3/8/8/8/8/8/3P4/3KM3 b DE - 0 1";
    // Onto the king's file, behind the pawn: the right is gone though nothing is attacked.
    let on_file = after(&v, fen, "a8d8");
    assert_eq!(on_file, "3rk3/8/8/8/8/8/3P4/3KM3 w E - 1 2");
    assert_eq!(
        moves(&v, &on_file),
        ["d1c1", "d1c2", "d1e2", "d2d3", "e1e3", "e1f2"]
    );
    // Elsewhere it stays.
    let elsewhere = after(&v, fen, "a8b8");
    assert_eq!(elsewhere, "1r2k3/8/8/8/8/8/3P4/3KM3 w DE - 1 2");
    assert_eq!(
        moves(&v, &elsewhere),
        ["d1c1", "d1c2", "d1e2", "d1f2", "d2d3", "e1e3", "e1f2"]
    );
}

#[test]
fn first_move_rights_in_the_castling_field_name_first_move_pieces() {
    let v = fsf("cambodian");
    // f1 holds a khon, which has no first move.
    let err = v
        .parse_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEFde - 0 1")
        .unwrap_err();
    assert!(err.to_string().contains("`F`"), "{err}");
}

#[test]
fn a_sittuyin_pawn_promotes_standing_in_place_or_by_a_peaceful_ferz_step() {
    let v = fsf("sittuyin");
    // The pawn on d5 stands on a promotion square: in place, or a ferz step to c4 or e4;
    // not c6 (the ferz would attack the knight on b7), not e6 (check to the king on f7).
    // The pawn on a3, not the last one, stands outside the zone.
    let fen = "8/1n3k2/8/3P4/8/P7/8/4K3[] w - - 0 1";
    assert_eq!(
        moves(&v, fen),
        ["a3a4", "d5c4f", "d5d5f", "d5d6", "d5e4f", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // With a ferz on the board, no promotion.
    assert_eq!(
        moves(&v, "8/1n3k2/8/3P4/8/P7/8/4KF2[] w - - 0 1"),
        ["a3a4", "d5d6", "e1d1", "e1d2", "e1e2", "e1f2", "f1e2", "f1g2"]
    );
    // The last pawn promotes where it stands (g7 is a promotion square too; the pawn's
    // step onto g8 does not promote).
    assert_eq!(
        moves(&v, "1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1"),
        ["g7f6f", "g7f8f", "g7g7f", "g7g8", "g7h6f", "h8g8", "h8h7"]
    );
    assert_eq!(
        after(&v, "1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1", "g7g7f"),
        "1k5K/3r2F~1/8/8/8/8/8/8[] b - - 0 1"
    );
}

#[test]
fn first_move_rights_by_file_need_first_move_pieces_on_the_first_rank() {
    // The pawn's double step is a first move off the first rank: FEN's castling field
    // could not name it. Reported at the key.
    let yaml = "name: Off the first rank\nboard: 4x4\npieces:\n  king: { letter: K, moves: K, royal: true }\n  pawn: { letter: P, moves: fmWifmnD }\nsetup: k3/p3/P3/K3\nfirst_moves_in_fen: true\n";
    let err = Variant::from_yaml("off.yaml", yaml).unwrap_err();
    let p = &err.problems[0];
    assert_eq!(p.code, "fairy::unsupported-combination");
    assert_eq!(&yaml[p.span.clone()], "true");
    assert!(p.message.contains("on a2"), "{}", p.message);
}
