//! The bottom layer: the words every other layer speaks. Cells and bitboards, sides, piece
//! kinds and pieces, the rule enums a definition chooses among, and the limits on reading.
//! It imports nothing of the crate.

pub mod bitboard;
pub(crate) mod letter;
pub mod limits;
pub mod piece;
pub mod rule_enums;
