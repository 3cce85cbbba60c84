//! Playing games: a [`game::Game`] with its history, referee and undo, its records, the
//! search, the solver, the self-play test and the piece values tuned from its games.

pub(crate) mod game;
pub mod pgn;
pub mod playtest;
pub(crate) mod record;
pub(crate) mod referee;
pub mod search;
pub mod solve;
pub mod tune;
