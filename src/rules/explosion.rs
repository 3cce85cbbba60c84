//! Explosions on capture: the rules of atomic chess and its relatives (Fairy-Stockfish's
//! `blastOnCapture` and `blastImmuneTypes`), compiled from the definition's `explosion:`
//! section.
//!
//! Every capture (en passant too) blows up the capture cell: the capturing piece leaves the
//! board with its victim, and so does every piece on the cells within `radius` king steps
//! of it, except the kinds the blast spares there and the kinds no explosion removes. Under
//! the checkmate rule the explosion also changes what is legal and what is check: a move
//! that blows up one of the mover's own royal pieces is illegal, a move that blows up an
//! enemy royal piece wins whatever else it leaves attacked, and royal pieces of opposite
//! colours on adjacent cells are not in check (capturing one would blow up the other).

use crate::types::bitboard::Bitboard;

use super::KindSet;

/// An explosion game's blast.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explosion {
    /// How far the blast reaches, in king steps from the capture cell.
    pub radius: u8,
    /// Kinds left standing on the cells around the capture cell (atomic's pawns); a
    /// capturing piece of these kinds is still removed.
    pub spares: KindSet,
    /// Kinds no explosion removes, the capturing piece included (Atomar's kings).
    pub immune: KindSet,
    /// Per cell, the cells around it within `radius` (the cell itself not included).
    pub(crate) around: Vec<Bitboard>,
}
