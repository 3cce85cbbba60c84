//! The definitions of Fairy-Stockfish's suite (`variants/fsf/`) for tests, and their moves.

use fairy_rules::Variant;

/// The definition `variants/fsf/{name}.yaml`.
pub fn variant(name: &str) -> Variant {
    Variant::from_file(format!("variants/fsf/{name}.yaml"))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The sorted move texts of the legal moves in `fen`.
pub fn moves(v: &Variant, fen: &str) -> Vec<String> {
    let pos = v.parse_fen(fen).unwrap();
    let mut out: Vec<String> = v
        .legal_moves(&pos)
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    out.sort();
    out
}
