//! A move played and taken back, with every check a made move must pass.

use fairy_rules::{UndoStack, Variant};

/// The FEN after `text` (written as the engine writes it) is played in `fen`; the move's
/// text, the position's key and the unmade position are checked on the way.
pub fn after(v: &Variant, fen: &str, text: &str) -> String {
    let mut pos = v.parse_fen(fen).unwrap();
    let (before, hash) = (v.fen(&pos), pos.hash());
    let m = v.parse_move(&pos, text).unwrap();
    assert_eq!(v.move_text(m), text, "{text}: written back");
    let mut undo = UndoStack::new();
    v.make(&mut pos, m, &mut undo);
    let out = v.fen(&pos);
    assert_eq!(pos.hash(), v.hash_from_scratch(&pos), "{text}: hash");
    assert!(v.unmake(&mut pos, &mut undo));
    assert_eq!((v.fen(&pos), pos.hash()), (before, hash), "{text}: unmade");
    out
}
