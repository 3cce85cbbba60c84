//! Moves as values.

use crate::rules::containers::Kinds;
use crate::rules::{Kind, Piece};
use crate::types::bitboard::Cell;

/// A move: where it starts and ends, which piece makes it and what it captures, an optional
/// promotion, what else it does, and the outcome of the chance event it triggers.
///
/// A move is made only by the rule set that generated it ([`crate::Ruleset::legal_moves`]);
/// one built by hand is checked with [`crate::Ruleset::is_legal`]. Two moves are the same
/// move when every field is equal.
///
/// See the examples of [`Move::is_noisy`] and [`crate::Ruleset::chance_cells`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Cell the piece leaves (the cell it acts from, for an action that does not move it).
    pub from: Cell,
    /// Cell the piece arrives on (the target of a capture without moving).
    pub to: Cell,
    /// The piece that makes the move: for a container move, the strongest of the mover's
    /// pieces aboard that could make it; for a crew move, the group's mover.
    pub piece: Piece,
    /// The piece it captures: on `to`, the en passant victim, or a crewman of either colour
    /// for a crew move. Pieces that consequences of the move remove (a return, a marker, a
    /// sonar, a chance event) are not counted here.
    pub captured: Option<Piece>,
    /// Kind the piece becomes, if it promotes (container moves give their choices in
    /// [`MoveKind::Sail`] and [`MoveKind::Transfer`]).
    pub promotion: Option<Kind>,
    /// Special effects.
    pub kind: MoveKind,
    /// The cell drawn by the chance event this move triggers, once drawn; part of the move
    /// as recorded, so that a game replays exactly.
    pub outcome: Option<Cell>,
    /// A piece from the mover's hand entering on a gate the move opens (`hand: gating`).
    pub gate: Option<Gate>,
    /// The wall the side puts down after the move (`walls:`): the cell it goes on.
    pub wall: Option<Cell>,
}

/// Gating (`hand: gating`, S-chess): a piece of `kind` from the mover's hand enters on
/// `cell`, a gate the move's piece (or, castling, its partner) leaves for the first time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gate {
    /// The kind that enters.
    pub kind: Kind,
    /// The gate it enters on: the move's `from`, or a castling partner's cell.
    pub cell: Cell,
}

/// What a move does besides moving one piece.
///
/// See the example of [`crate::Position::in_hand`], which picks out the drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum MoveKind {
    /// A plain move or capture on `to`.
    Normal,
    /// Captures the piece on `captured`, which is not `to`.
    EnPassant {
        /// Cell of the captured piece.
        captured: Cell,
    },
    /// The king moves from `from` to `to` and the partner from `partner_from` to `partner_to`.
    Castle {
        /// The partner's (rook's) cell.
        partner_from: Cell,
        /// Where the partner lands: next to the king, on the side the king came from.
        partner_to: Cell,
    },
    /// Container games: the container on `from` moves to `to` with everything aboard.
    Sail {
        /// The choices of the mover's pieces aboard that promote on `to`, largest promoting
        /// kind first and sorted within a kind.
        promotions: Kinds,
    },
    /// Container games: pieces of the side to move go from the container on `from` to the
    /// one on `to`, capturing [`Move::captured`] there when it is set.
    Transfer {
        /// Their kinds: the one whose move it is (the mover) first, then its companions in
        /// the definition's order of kinds.
        group: Kinds,
        /// The choices of the group's pieces that promote, as for [`MoveKind::Sail`].
        promotions: Kinds,
    },
    /// Layer games: the piece on `from` (`to` is `from`) plants a marker of this type (index
    /// into [`crate::rules::layers::LayerRules::markers`]) on its cell.
    Plant {
        /// The marker type.
        marker: u8,
    },
    /// Layer games: the piece on `from` captures the piece on `to` without moving.
    Remote {
        /// Which of its remote captures (index into its
        /// [`crate::rules::layers::KindLayers::remote`]).
        remote: u8,
    },
    /// Games with pieces in hand: `piece` comes from its side's hand onto the empty cell `to`
    /// (`from` is `to`).
    Drop,
    /// Layer games: ends the sortie of the piece on `from` (`to` is `from`).
    Return,
    /// Layer games: the piece on `from` dives and goes under `to`.
    Dive,
    /// Layer games: the submerged piece under `from` moves under `to`.
    Submerged,
    /// Layer games: the submerged piece under `from` surfaces on `to` (which may be `from`),
    /// capturing the enemy piece standing there.
    Surface,
    /// A two-leg move (XBetza's `a`, the Chu Shogi lion's): the piece goes from `from` by
    /// way of `via`, capturing `taken` there, to `to`, capturing [`Move::captured`] there.
    /// Back on `from`, it captured without moving (`taken` set) or passed its turn (`taken`
    /// empty; `via` is then the first empty cell it could step onto and back from).
    TwoLegs {
        /// The cell the first leg ends on.
        via: Cell,
        /// The piece captured there, if any.
        taken: Option<Piece>,
    },
    /// Games with `pass: true`: the side passes its turn. `from` and `to` are the cell of
    /// its first royal piece (its first piece, without one), as Fairy-Stockfish writes a
    /// pass (`e2e2`).
    Pass,
}

impl Move {
    /// A drop of `piece` from its side's hand onto `to`.
    pub(crate) fn drop(piece: Piece, to: Cell) -> Move {
        Move {
            kind: MoveKind::Drop,
            ..Move::new(to, to, piece, None)
        }
    }

    /// A plain move of `piece` from `from` to `to`, capturing `captured`: no promotion, no
    /// special effect. See the examples of [`Move::is_noisy`] and
    /// [`crate::Ruleset::gives_check`].
    pub fn new(from: Cell, to: Cell, piece: Piece, captured: Option<Piece>) -> Move {
        Move {
            from,
            to,
            piece,
            captured,
            promotion: None,
            kind: MoveKind::Normal,
            outcome: None,
            gate: None,
            wall: None,
        }
    }

    /// The same move with the chance event's drawn cell recorded. See the example of
    /// [`crate::Ruleset::chance_cells`].
    pub fn with_outcome(self, cell: Cell) -> Move {
        Move {
            outcome: Some(cell),
            ..self
        }
    }

    /// The same move as the player chooses it, without a chance outcome. See the example
    /// of [`crate::Ruleset::chance_cells`].
    pub fn choice(self) -> Move {
        Move {
            outcome: None,
            ..self
        }
    }

    /// Whether it captures (including en passant and captures without moving). See the
    /// example of [`Move::is_noisy`].
    pub fn is_capture(self) -> bool {
        self.captured.is_some() || matches!(self.kind, MoveKind::TwoLegs { taken: Some(_), .. })
    }

    /// Whether it captures or promotes: the moves a quiescence search looks at.
    ///
    /// ```
    /// use fairy_rules::{Color, Move, Piece, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let pos = chess.parse_fen("4k3/1P6/8/8/8/8/4p3/4K3 w - - 0 1")?;
    /// let promotion = chess.parse_move(&pos, "b7b8q")?;
    /// assert!(promotion.is_noisy() && !promotion.is_capture());
    /// let capture = chess.parse_move(&pos, "e1e2")?;
    /// assert!(capture.is_noisy() && capture.is_capture());
    /// let cell = |name| chess.topology.parse_cell(name).unwrap();
    /// let king = Piece::new(chess.kind_of_letter('K').unwrap(), Color::White);
    /// let pawn = Piece::new(chess.kind_of_letter('P').unwrap(), Color::Black);
    /// assert_eq!(capture, Move::new(cell("e1"), cell("e2"), king, Some(pawn)));
    /// assert!(!chess.parse_move(&pos, "e1d2")?.is_noisy());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_noisy(self) -> bool {
        self.is_capture()
            || self.promotion.is_some()
            || matches!(self.kind, MoveKind::Sail { promotions } | MoveKind::Transfer { promotions, .. } if !promotions.is_empty())
    }
}
