//! Moves as values.

use crate::rules::containers::Kinds;
use crate::rules::Piece;

/// A move: from and to cells, an optional promotion, and what else it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Cell the piece leaves.
    pub from: u8,
    /// Cell the piece arrives on.
    pub to: u8,
    /// Kind the piece becomes, if it promotes.
    pub promotion: Option<u8>,
    /// Special effects.
    pub kind: MoveKind,
    /// The cell drawn by the chance event this move triggers, once drawn; part of the move
    /// as recorded, so that a game replays exactly.
    pub outcome: Option<u8>,
}

/// What a move does besides moving one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A plain move or capture on `to`.
    Normal,
    /// Captures the piece on `captured`, which is not `to`.
    EnPassant {
        /// Cell of the captured piece.
        captured: u8,
    },
    /// The king moves from `from` to `to` and the partner from `partner_from` to `partner_to`.
    Castle {
        /// The partner's (rook's) cell.
        partner_from: u8,
        /// Where the partner lands: next to the king, on the side the king came from.
        partner_to: u8,
    },
    /// Container games: the container on `from` moves to `to` with everything aboard.
    Sail {
        /// The choices of the mover's pieces aboard that promote on `to`, largest promoting
        /// kind first and sorted within a kind.
        promotions: Kinds,
    },
    /// Container games: pieces of the side to move go from the container on `from` to the
    /// one on `to`.
    Transfer {
        /// Their kinds: the one whose move it is (the mover) first, then its companions in
        /// the definition's order of kinds.
        group: Kinds,
        /// The piece captured on `to`, of either colour.
        captured: Option<Piece>,
        /// The choices of the group's pieces that promote, as for [`MoveKind::Sail`].
        promotions: Kinds,
    },
    /// Layer games: the piece on `from` (`to` is `from`) plants a marker of this type (index
    /// into `LayerRules::markers`) on its cell.
    Plant {
        /// The marker type.
        marker: u8,
    },
    /// Layer games: the piece on `from` captures the piece on `to` without moving.
    Remote {
        /// Which of its remote captures (index into its `KindLayers::remote`).
        remote: u8,
    },
    /// Layer games: ends the sortie of the piece on `from` (`to` is `from`).
    Return,
    /// Layer games: the piece on `from` dives and goes under `to`.
    Dive,
    /// Layer games: the submerged piece under `from` moves under `to`.
    Submerged,
    /// Layer games: the submerged piece under `from` surfaces on `to` (which may be `from`),
    /// capturing the enemy piece standing there.
    Surface,
}

impl Move {
    /// A plain move.
    pub fn new(from: u8, to: u8) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind: MoveKind::Normal,
            outcome: None,
        }
    }

    /// The same move with the chance event's drawn cell recorded.
    pub fn with_outcome(self, cell: u8) -> Move {
        Move {
            outcome: Some(cell),
            ..self
        }
    }
}
