//! Walls: a turn of two parts, the move and then a wall put on an empty cell (duck chess,
//! the Game of the Amazons; Fairy-Stockfish's `wallingRule`), compiled from the
//! definition's `walls:` section.
//!
//! A wall belongs to no side. Nothing stands on it, moves onto it or passes over it, and it
//! is never captured; FEN writes it `*`. Each move (never a pass) carries the cell of its
//! wall ([`crate::Move::wall`]), so that a move with two walls to choose from is two moves,
//! as Fairy-Stockfish counts them. A move that leaves no cell for its wall cannot be made.

use crate::types::bitboard::Bitboard;
use crate::types::rule_enums::WallPlacement;

/// A game's wall rule.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Walls {
    /// Where the wall may go, among the cells the move leaves empty.
    pub placement: WallPlacement,
    /// Only the newest wall stays: placing one takes the others away (the duck, which must
    /// then move, since the cell it stands on is not empty when the next is chosen).
    pub keep_last: bool,
    /// Per side, the cells its walls may go on.
    pub region: [Bitboard; 2],
}
