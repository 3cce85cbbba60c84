//! What is read and written: FEN, move text, SAN and the variants' own notations, PGN and
//! game records, move diagrams, and pictures of positions (text, SVG, PNG), hexagonal boards
//! included.

#[path = "../support/mod.rs"]
mod support;

mod diagram;
mod fsf_fen;
mod hexagonal_pictures;
mod notation;
mod pgn;
mod show;
