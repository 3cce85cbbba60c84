//! A placement: what stands where before a position is set up from it. The formats read one
//! from a FEN's board field; the engine puts it on an empty position.

use crate::types::bitboard::Cell;
use crate::types::piece::{Color, Piece};

/// What a board field places: pieces by cell (several on a cell aboard a container), the
/// containers by cell and type, and in a layer game the submerged pieces and the markers
/// (cell, type, owner).
#[derive(Debug, Default)]
pub(crate) struct Placement {
    pub(crate) pieces: Vec<(Cell, Piece)>,
    pub(crate) containers: Vec<(Cell, u8)>,
    pub(crate) under: Vec<(Cell, Piece)>,
    pub(crate) markers: Vec<(Cell, u8, Color)>,
    /// Pieces marked `'`: moved, though on a cell where the start position has them (with
    /// the byte of the mark).
    pub(crate) moved: Vec<(Cell, usize)>,
    /// Pieces marked `~`: promoted, so that they demote when captured.
    pub(crate) promoted: Vec<Cell>,
    /// The pieces in hand, from the pocket (`[Qn]`, or an extra rank after the last).
    pub(crate) hand: Vec<Piece>,
    /// The walls (`*`).
    pub(crate) walls: Vec<Cell>,
}
