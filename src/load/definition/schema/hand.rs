//! `hand:` and a piece's `drop:` (the guide's "Pieces in hand and drops" and "Gating").

use serde::Deserialize;

use crate::load::definition::Sp;
use crate::types::rule_enums::DropMate;

/// Pieces in hand (the crazyhouse and shogi families).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandDef {
    /// Where a captured piece goes: `capturer` (into the capturer's hand, changing colour)
    /// or `out` (it leaves the game; hands hold only what the setup or a FEN gives them).
    pub captures: Sp<CaptureDestination>,
    /// A captured piece that had promoted enters the hand as the piece it promoted from
    /// (true, the default, as in crazyhouse and shogi) or as it is (loop chess).
    #[serde(default = "yes")]
    pub demote: bool,
    /// While the side to move holds pieces and can drop one, it must drop: a placement
    /// phase (Fairy-Stockfish's `mustDrop`: placement chess, sittuyin's setup).
    #[serde(default)]
    pub must_drop: bool,
    /// Letters of the kinds that must be dropped (koedem's kings: `K`): while the side to
    /// move holds one of them, it drops no other kind, and it moves only if it has no legal
    /// drop of one (Fairy-Stockfish's `mustDropType`). Implies `must_drop`.
    #[serde(default)]
    pub must_drop_pieces: Option<Sp<String>>,
    /// Each side holds an endless supply of every kind with a `drop:` entry: a drop takes
    /// nothing from the hand, and the FEN has no pocket (Fairy-Stockfish's `freeDrops`;
    /// Ataxx's clone move).
    #[serde(default)]
    pub unlimited: bool,
    /// Gating (Fairy-Stockfish's `gating` with `seirawanGating`: S-chess, S-house): a region
    /// (per side, at most one cell per file) whose cells are gates. A piece standing on a
    /// gate in the setup keeps its gate open until it first moves; as part of that move the
    /// side may put a piece from its hand (one with a `drop:` entry whose zone holds the
    /// cell) on the cell it left. Castling may gate on the king's or the partner's cell.
    #[serde(default)]
    pub gating: Option<Sp<String>>,
}

/// Where a captured piece goes in a game with pieces in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureDestination {
    /// Into the capturer's hand, as a piece of the capturer's colour.
    Capturer,
    /// Off the board, for good.
    Out,
}

/// Where and how a piece may be dropped from its side's hand.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropDef {
    /// A region (per side) whose empty cells it may be dropped on; every cell when absent.
    #[serde(default)]
    pub zone: Option<Sp<String>>,
    /// Not onto a file that already holds this many pieces of its kind and side: 1 for
    /// shogi's pawn, 2 for tori shogi's swallow (Fairy-Stockfish's `dropNoDoubled` with
    /// `dropNoDoubledCount`). A promoted piece is a kind of its own and does not count.
    #[serde(default)]
    pub max_per_file: Option<Sp<u8>>,
    /// Whether a drop of it may give checkmate: `true` (the default), `false` (shogi's pawn
    /// may not), or `loses` (the drop is legal and the mate loses, Fairy-Stockfish's rule).
    #[serde(default)]
    pub mates: DropMate,
    /// It may also be dropped as any of its promotion choices, turned over (Kyoto shogi;
    /// Fairy-Stockfish's `dropPromoted`).
    #[serde(default)]
    pub promoted: bool,
    /// A side's pieces of this kind end up split evenly between light and dark cells: no
    /// drop may make that impossible (placement chess's bishops; Fairy-Stockfish's
    /// `dropOppositeColoredBishop`).
    #[serde(default)]
    pub opposite_colors: bool,
    /// Only onto a cell one king step from a piece of its side (Ataxx's clone move;
    /// Fairy-Stockfish's `enclosingDrop = ataxx`).
    #[serde(default)]
    pub beside_own: bool,
    /// Only where the drop converts at least one enemy piece under `convert:` (Othello;
    /// Fairy-Stockfish's `enclosingDrop = reversi`).
    #[serde(default)]
    pub must_convert: Option<Sp<bool>>,
    /// A region: while any of its cells is empty, drops go onto its empty cells only, and
    /// need not convert (Othello's four centre cells when the board starts empty;
    /// Fairy-Stockfish's `enclosingDropStart`).
    #[serde(default)]
    pub opening_zone: Option<Sp<String>>,
    /// It enters the board only by gating, never by a drop of its own (S-chess's hawk and
    /// elephant); needs `hand: gating`.
    #[serde(default)]
    pub gating_only: Option<Sp<bool>>,
}

fn yes() -> bool {
    true
}
