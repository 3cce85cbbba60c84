//! Text forms: positions (FEN), moves in the engine's move text and in SAN.

mod checks;
mod crewmoves;
mod crews;
mod fen;
mod layermoves;
mod layers;
mod movetext;
mod placement;
mod san;
mod written;

pub use fen::{FenError, FenField};
pub use movetext::MoveError;
pub(crate) use placement::{parse_placement, Holds, Placement};
