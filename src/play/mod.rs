//! Playing games: a [`game::Game`] with its history, referee and undo, its records, the
//! search, the solver and the self-play test.

pub(crate) mod game;
pub mod pgn;
pub mod playtest;
pub(crate) mod record;
pub(crate) mod referee;
pub mod search;
pub mod solve;
pub mod tune;
