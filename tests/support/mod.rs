//! Helpers shared by the test crates: each `tests/<crate>/main.rs` includes this folder with
//! `#[path = "../support/mod.rs"] mod support;`. (`large_definitions.rs` here is included by
//! `tests/hostile/` and the benchmark on their own.)

// Each crate uses a part of these helpers; the rest is dead code in it.
#![allow(dead_code)]

use fairy_rules::{Move, Variant};

#[cfg(feature = "cli")]
pub mod cli;
pub mod diagnostics;
pub mod guide;
pub mod piped;
pub mod play;
pub mod problems;
pub mod seachess_fen;
pub mod shakmaty_perft;
#[cfg(feature = "cli")]
pub mod web_server;

/// A folder of its own for one test's files, named `fairy-{name}-…` in the system's
/// temporary folder and removed when the guard drops.
pub fn scratch(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("fairy-{name}-"))
        .tempdir()
        .unwrap()
}

/// The bundled game `variants/{name}.yaml`, read from its file.
pub fn variant(name: &str) -> Variant {
    Variant::from_file(format!("variants/{name}.yaml")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The definition `variants/fsf/{name}.yaml` of Fairy-Stockfish's suite.
pub fn fsf(name: &str) -> Variant {
    Variant::from_file(format!("variants/fsf/{name}.yaml"))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The sorted move texts of the legal moves in `fen`.
pub fn moves(v: &Variant, fen: &str) -> Vec<String> {
    let pos = v.parse_fen(fen).unwrap();
    sorted_texts(v, v.legal_moves(&pos))
}

/// The move texts of `moves`, sorted.
pub fn sorted_texts(v: &Variant, moves: Vec<Move>) -> Vec<String> {
    let mut texts: Vec<String> = moves.into_iter().map(|m| v.move_text(m)).collect();
    texts.sort();
    texts
}

/// `moves` sorted in `Move`'s order, to compare sets of moves.
pub fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}
