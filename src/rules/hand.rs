//! Pieces in hand and drops: the rules of the crazyhouse and shogi families (Fairy-Stockfish's
//! `pieceDrops`, `capturesToHand`, `dropLoop`, `promotionZonePawnDrops`, `dropNoDoubled`,
//! `shogiPawnDropMateIllegal`), compiled from the definition's `hand:` section and each
//! piece's `drop:` entry.

use crate::types::bitboard::Bitboard;
use crate::types::rule_enums::DropMate;

use super::{Kind, KindSet, MAX_KINDS};

/// What happens to captured pieces, and how promoted pieces come back.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HandRules {
    /// A captured piece goes into the capturer's hand, changing colour (crazyhouse, shogi);
    /// otherwise it leaves the game and hands hold only what the position gives them.
    pub captures_to_hand: bool,
    /// A captured piece that had promoted enters the hand as the kind it promoted from
    /// (`demote: true`, crazyhouse and shogi); otherwise as it is (loop chess).
    pub demote: bool,
    /// Per kind, the kind a promoted piece of it demotes to: the one kind whose promotion
    /// lists it (itself where none or several do; the compiler refuses several under
    /// `demote`).
    pub demotion: [Kind; MAX_KINDS],
    /// While the side to move holds pieces and has a legal drop, its moves are drops only
    /// (`must_drop: true`; Fairy-Stockfish's `mustDrop`).
    pub must_drop: bool,
    /// Under `must_drop`, the kinds that must be dropped (`must_drop_pieces:`; every kind
    /// without it): while the side to move holds one of them, it drops no other kind.
    pub must_drop_kinds: KindSet,
    /// The kinds whose drops keep them split evenly between light and dark cells
    /// (`opposite_colors: true`; Fairy-Stockfish's `dropOppositeColoredBishop`).
    pub opposite_colors: KindSet,
    /// The dark cells (a1's colour: file + rank even), for `opposite_colors`.
    pub dark: Bitboard,
    /// Every kind with a drop rule may be dropped whether held or not, and a drop takes
    /// nothing from the hand (`unlimited: true`; Fairy-Stockfish's `freeDrops`).
    pub unlimited: bool,
    /// Per cell, its king-step neighbours (for `beside_own`).
    pub(crate) around: Vec<Bitboard>,
    /// Per side (White, Black), the gates (`gating:`; Fairy-Stockfish's `gating` with
    /// `seirawanGating`): when the piece that has stood on a gate since the start first
    /// leaves it, a piece from the side's hand may enter on it as part of the move. Empty
    /// without gating.
    pub gates: [Bitboard; 2],
}

/// Where and how a piece may be dropped from its side's hand.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct DropRule {
    /// Per side (White, Black), the cells it may be dropped on (empty ones only).
    pub zone: [Bitboard; 2],
    /// Not onto a file that already holds this many pieces of its kind and side (shogi's
    /// pawn: 1, `max_per_file: 1`); `None`: any number.
    pub max_per_file: Option<u8>,
    /// What a drop of it that checkmates does: nothing special, illegal (`mates: false`,
    /// shogi's pawn) or lose (`mates: loses`, Fairy-Stockfish's rule).
    pub mates: DropMate,
    /// It may also be dropped as each of its promotion choices (`promoted: true`, Kyoto
    /// shogi): such a drop is a [`crate::Move`] of the held piece with that `promotion`.
    pub promoted: bool,
    /// A side's pieces of this kind end up split evenly between light and dark cells
    /// (`opposite_colors: true`).
    pub opposite_colors: bool,
    /// Only onto a cell one king step from a piece of its side (`beside_own: true`).
    pub beside_own: bool,
    /// Only where it converts an enemy piece under the game's conversion rule
    /// (`must_convert: true`).
    pub must_convert: bool,
    /// Per side, cells that must all be filled first: while one is empty, drops go onto
    /// them only, converting or not (`opening_zone:`).
    pub opening: Option<[Bitboard; 2]>,
    /// It enters the board only by gating, never by a drop of its own (`gating_only: true`,
    /// S-chess's hawk and elephant).
    pub gating_only: bool,
}

impl DropRule {
    /// Anywhere on `board`, any number per file, mate allowed.
    pub(crate) fn anywhere(board: Bitboard) -> DropRule {
        DropRule {
            zone: [board; 2],
            max_per_file: None,
            mates: DropMate::Allowed,
            promoted: false,
            opposite_colors: false,
            beside_own: false,
            must_convert: false,
            opening: None,
            gating_only: false,
        }
    }
}
