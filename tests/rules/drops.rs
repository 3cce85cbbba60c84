//! Pieces in hand and drops (`hand:`, `drop:`): what a capture puts in hand, demotion of
//! promoted pieces, drop zones, blocking a check by a drop, drops in move text, FEN and
//! SAN, and the definition errors.

use fairy_rules::{Color, Position, UndoStack, Variant};

use crate::support::fsf;

/// Plays `texts` (move text) from `pos`.
fn play(v: &Variant, pos: &mut Position, texts: &[&str]) {
    let mut undo = UndoStack::default();
    for text in texts {
        let m = v.parse_move(pos, text).unwrap();
        v.make(pos, m, &mut undo);
    }
}

/// The sorted move texts of the drops in `fen`.
fn drops(v: &Variant, fen: &str) -> Vec<String> {
    let pos = v.parse_fen(fen).unwrap();
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .filter(|t| t.contains('@'))
        .collect();
    out.sort();
    out
}

#[test]
fn a_capture_puts_the_piece_in_the_capturers_hand_changing_colour() {
    let v = fsf("crazyhouse");
    let mut pos = v.parse_fen("4k3/8/8/3n4/4P3/8/8/4K3[] w - - 0 1").unwrap();
    play(&v, &mut pos, &["e4d5"]);
    assert_eq!(v.fen(&pos), "4k3/8/8/3P4/8/8/8/4K3[N] b - - 0 1");
    // In pocket knight, captured pieces leave the game.
    let pk = fsf("pocketknight");
    let mut pos = pk
        .parse_fen("4k3/8/8/3n4/4P3/8/8/4K3[N] w - - 0 1")
        .unwrap();
    play(&pk, &mut pos, &["e4d5"]);
    assert_eq!(pk.fen(&pos), "4k3/8/8/3P4/8/8/8/4K3[N] b - - 0 1");
}

#[test]
fn a_captured_promoted_piece_demotes_unless_the_rules_keep_it() {
    let fen = "3qk3/4P3/8/8/8/8/8/4K3[] w - - 0 1";
    let v = fsf("crazyhouse");
    let mut pos = v.parse_fen(fen).unwrap();
    play(&v, &mut pos, &["e7d8q", "e8d8"]);
    assert_eq!(v.fen(&pos), "3k4/8/8/8/8/8/8/4K3[Qp] w - - 0 2");
    let mut pos_after_promotion = v.parse_fen(fen).unwrap();
    play(&v, &mut pos_after_promotion, &["e7d8q"]);
    assert_eq!(
        v.fen(&pos_after_promotion),
        "3Q~k3/8/8/8/8/8/8/4K3[Q] b - - 0 1"
    );
    let looped = fsf("loop");
    let mut pos = looped.parse_fen(fen).unwrap();
    play(&looped, &mut pos, &["e7d8q", "e8d8"]);
    assert_eq!(looped.fen(&pos), "3k4/8/8/8/8/8/8/4K3[Qq] w - - 0 2");
}

#[test]
fn pawns_are_dropped_only_in_their_zone() {
    let v = fsf("crazyhouse");
    let all = drops(&v, "k7/8/8/8/8/8/8/K7[P] w - - 0 1");
    assert_eq!(
        all.len(),
        62 - 2 * 7,
        "ranks 2 to 7 less the two kings' ranks' cells"
    );
    assert!(!all.iter().any(|t| t.ends_with('1') || t.ends_with('8')));
    let chessgi = fsf("chessgi");
    let first = drops(&chessgi, "k7/8/8/8/8/8/8/K7[P] w - - 0 1");
    assert!(first.contains(&"P@b1".to_string()));
    assert!(!first.iter().any(|t| t.ends_with('8')));
}

#[test]
fn a_drop_blocks_a_check_and_nothing_else_answers_it() {
    let v = fsf("crazyhouse");
    // The rook checks along the first rank; the king has no square: a knight drop between
    // them, on b1 to f1... only the cells between the rook and the king.
    assert_eq!(
        drops(&v, "7k/8/8/8/8/8/PP6/K6r[N] w - - 0 1"),
        ["N@b1", "N@c1", "N@d1", "N@e1", "N@f1", "N@g1"]
    );
    // A contact check cannot be blocked.
    assert!(drops(&v, "7k/8/8/8/8/8/PP6/Kr6[N] w - - 0 1").is_empty());
}

#[test]
fn a_dropped_pawn_on_its_start_square_may_double_step() {
    let v = fsf("crazyhouse");
    let mut pos = v.parse_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    play(&v, &mut pos, &["P@d2", "e8e7"]);
    assert!(v.parse_move(&pos, "d2d4").is_ok());
    // The FEN says so as it would of a pawn that never moved.
    assert_eq!(v.fen(&pos), "8/4k3/8/8/8/8/3P4/4K3[] w - - 1 2");
}

#[test]
fn drops_in_move_text_and_san() {
    let v = fsf("crazyhouse");
    let pos = v.parse_fen("4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1").unwrap();
    let m = v.parse_move(&pos, "N@e6").unwrap();
    assert_eq!(v.move_text(m), "N@e6");
    assert_eq!(v.san(&pos, m), "N@e6");
    assert_eq!(
        v.read_move(&pos, "N@f6+").unwrap().to,
        v.topology.parse_cell("f6").unwrap()
    );
    // Black's queen is not White's to drop; a knight is not dropped on a full cell.
    let err = v.parse_move(&pos, "Q@d4").unwrap_err().to_string();
    assert!(err.contains("white holds no queen in hand"), "{err}");
    let err = v.parse_move(&pos, "N@e1").unwrap_err().to_string();
    assert!(err.contains("e1 is not empty"), "{err}");
    assert_eq!(
        pos.in_hand(fairy_rules::Piece::new(
            v.kind_of_letter('Q').unwrap(),
            Color::Black
        )),
        1
    );
}

#[test]
fn mistakes_in_the_hand_are_diagnosed() {
    let e = Variant::from_yaml(
        "no-hand",
        "name: X\nboard: 8x8\npieces:\n  king:\n    letter: K\n    moves: K\n    royal: true\n  \
         knight:\n    letter: N\n    moves: N\n    drop: {}\nsetup: 4k3/8/8/8/8/8/8/4K3\n",
    );
    let e = e.expect_err("a drop without a hand");
    let codes: Vec<&str> = e.problems.iter().map(|p| p.code).collect();
    assert!(codes.contains(&"fairy::drop-without-hand"), "{codes:?}");
    // The report miette draws names it too; drawing it takes the graphical handler, which
    // only the `cli` feature brings in.
    #[cfg(feature = "cli")]
    {
        let text = format!("{:?}", miette::Report::new(e));
        assert!(text.contains("drop-without-hand"), "{text}");
    }
    let v = Variant::bundled("chess").unwrap();
    let err = v
        .parse_fen("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(err.contains("no pieces in hand"), "{err}");
    let err = v
        .parse_fen("4k3/8/8/8/8/8/8/4Q~K3 w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(err.contains("`~` marks a promoted piece"), "{err}");
}

/// A 5x5 game with shogi's pawn-drop rules: not on a file holding a pawn of one's own, and
/// never a mate.
const PAWN_DROP_RULES: &str = "
name: Pawn drops
board: 5x5
regions:
  pawn-drops:
    white: rank 1-4
    black: rank 2-5
hand:
  captures: capturer
pieces:
  pawn:
    letter: P
    moves: fW
    drop:
      zone: pawn-drops
      max_per_file: 1
      mates: false
  gold:
    letter: G
    moves: WfF
    drop: {}
  king:
    letter: K
    moves: K
    royal: true
setup: 2k2/5/5/5/2K2[]
";

#[test]
fn pawns_are_not_dropped_on_a_file_with_a_pawn_or_to_mate() {
    let v = Variant::from_yaml("pawn-drops", PAWN_DROP_RULES).unwrap();
    // A pawn on the c-file: no pawn drop there.
    let on_files: Vec<String> = drops(&v, "4k/5/2P2/5/K4[P] w - - 0 1")
        .into_iter()
        .filter(|t| t.starts_with("P@c"))
        .collect();
    assert!(on_files.is_empty(), "{on_files:?}");
    // P@a4 would mate the king on a5 (the golds on b3 and c4 guard a4, b4 and b5): refused;
    // the pawn may still be dropped elsewhere, and a gold may mate from a4.
    let mate = "k4/2G2/1G3/5/4K[PG] w - - 0 1";
    let all = drops(&v, mate);
    assert!(!all.contains(&"P@a4".to_string()), "{all:?}");
    assert!(all.contains(&"P@a3".to_string()), "{all:?}");
    assert!(all.contains(&"G@a4".to_string()), "{all:?}");
    // Without the gold guarding b5 the same drop is only a check, and legal.
    let check = drops(&v, "k4/5/1G3/5/4K[P] w - - 0 1");
    assert!(check.contains(&"P@a4".to_string()), "{check:?}");
}
