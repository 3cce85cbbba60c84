//! The generic engine: positions, move generation, making moves, attacks, game end, perft.

mod attacks;
mod chance;
mod containers;
mod layers;
mod make;
mod movegen;
mod moves;
mod outcome;
mod parameters;
mod perft;
mod position;
mod unmoved;

pub use moves::{Move, MoveKind};
pub use outcome::{Outcome, Reason};
pub use parameters::ParameterError;
pub use perft::Divide;
pub use position::Position;
