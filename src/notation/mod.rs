//! Text forms: positions (FEN) and moves.

mod crewmoves;
mod crews;
mod fen;
mod layermoves;
mod layers;
mod movetext;
mod placement;
mod written;

pub use fen::{FenError, FenField};
pub use movetext::MoveError;
pub(crate) use placement::{parse_placement, Placement};
