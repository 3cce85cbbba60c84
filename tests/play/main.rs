//! Playing through the library: games and their end (checkmate, stalemate, the move rule,
//! repetition, undo), the search and the API it stands on, the problem solver, and
//! playtesting by self-play and the piece values tuned from it.

#[path = "../support/mod.rs"]
mod support;

mod checked;
mod game;
mod playtest;
mod search;
mod solve;
mod tune;
