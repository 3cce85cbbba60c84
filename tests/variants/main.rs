//! The games, one module each (Bermuda, Falcon Chess, Flying Dutchman, the hexagonal games
//! against their own reference, PiRaTeKnIcS, Seachess, the Xiangqi and Southeast Asian
//! families, a generated variant of 64 kinds), the legal-move snapshots of every bundled game
//! and every definition of `variants/fsf/`, the exact perft counts (our own,
//! Fairy-Stockfish's suite, and chess against shakmaty) and perft without allocation.

#[path = "../support/mod.rs"]
mod support;

mod alloc;
mod bermuda;
mod chu_hachu;
mod chu_shogi;
mod differential;
mod falcon;
mod flying_dutchman;
mod fsf_perft;
mod fsf_random;
mod hex_reference;
mod hexagonal;
mod legal_moves;
mod many_kinds;
mod perft;
mod pirateknics;
mod seachess;
mod southeast_asian;
mod xiangqi;
