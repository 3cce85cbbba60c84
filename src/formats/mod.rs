//! Text formats of positions, moves and games: FEN, move text, SAN and a variant's own
//! notation ([`notation`]), PGN ([`pgn`]), and the names XBoard gives
//! variants (`xboard_names`, public through [`crate::cecp`]).

pub mod notation;
pub mod pgn;
pub(crate) mod xboard_names;
