//! The position: a compact, copyable value. Moves are made by copying and changing the copy.

use crate::bitboard::{Bitboard, MAX_CELLS};
use crate::rules::containers::Crew;
use crate::rules::{Color, Piece, Ruleset, Zobrist, MAX_KINDS, MAX_PARAMETERS};

/// A game parameter without a value yet.
pub(crate) const UNSET: u8 = u8::MAX;

/// A game position: pieces, side to move, castling and first-move state, en passant, clocks.
///
/// Holds no heap data, so copying it is a plain memory copy (a few hundred bytes). It is only
/// meaningful together with the [`Ruleset`] it was made for.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [Option<Piece>; MAX_CELLS],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; MAX_KINDS],
    /// Unmoved pieces whose state matters: those with first-move components, and castling
    /// kings and partners while they hold a right together.
    pub(crate) unmoved: Bitboard,
    /// Cells where a capture en passant may land this turn.
    pub(crate) ep_targets: Bitboard,
    /// The cell of the piece such a capture removes.
    pub(crate) ep_victim: Option<u8>,
    pub(crate) side: Color,
    /// Each game parameter's value per side (a piece kind or a cell); [`UNSET`] when none.
    pub(crate) params: [[u8; 2]; MAX_PARAMETERS],
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    /// In a container game, what stands on each cell (empty otherwise, so that other games
    /// copy no more than a pointer). `by_color` then marks the cells with crew of a colour,
    /// and `board` and `by_kind` stay empty.
    pub(crate) crews: Vec<Crew>,
    /// The last move if it was a container move `(from, to)`, which the side to move may not
    /// reverse (the no-undo rule).
    pub(crate) undo_ban: Option<(u8, u8)>,
    /// In a layer game, submerged pieces, markers, piece state and sorties (`None` otherwise).
    pub(crate) layers: Option<Box<super::layers::Layers>>,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("side", &self.side)
            .field("occupied", &self.occupied())
            .field("hash", &format_args!("{:016x}", self.hash))
            .finish_non_exhaustive()
    }
}

impl Position {
    /// An empty board with White to move.
    pub(crate) fn empty() -> Position {
        Position {
            board: [None; MAX_CELLS],
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; MAX_KINDS],
            unmoved: Bitboard::EMPTY,
            ep_targets: Bitboard::EMPTY,
            ep_victim: None,
            side: Color::White,
            params: [[UNSET; 2]; MAX_PARAMETERS],
            halfmove_clock: 0,
            fullmove: 1,
            hash: 0,
            crews: Vec::new(),
            undo_ban: None,
            layers: None,
        }
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece_at(&self, cell: u8) -> Option<Piece> {
        self.board[cell as usize]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Cells occupied by `color`.
    #[inline]
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Cells holding pieces of `kind` and `color`.
    #[inline]
    pub fn pieces_of_kind(&self, kind: u8, color: Color) -> Bitboard {
        self.by_kind[kind as usize] & self.by_color[color.index()]
    }

    /// Plies since the last capture or clock-resetting move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// Move number, starting at 1 and increased after Black's move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Zobrist key of everything that makes positions equal for repetition: pieces, side to
    /// move, the unmoved pieces that matter (castling rights, first moves) and en passant
    /// targets.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Cells where an en passant capture may land.
    pub fn en_passant_targets(&self) -> Bitboard {
        self.ep_targets
    }

    /// Cells of the unmoved pieces whose state matters: pieces with first-move components,
    /// and castling kings and partners while they hold a right together.
    pub fn unmoved(&self) -> Bitboard {
        self.unmoved
    }

    #[inline]
    pub(crate) fn put(&mut self, z: &Zobrist, cell: u8, piece: Piece) {
        debug_assert!(self.board[cell as usize].is_none());
        self.board[cell as usize] = Some(piece);
        let bit = Bitboard::from_cell(cell);
        self.by_color[piece.color().index()] |= bit;
        self.by_kind[piece.kind() as usize] |= bit;
        self.hash ^= z.pieces[piece.index()][cell as usize];
    }

    #[inline]
    pub(crate) fn remove(&mut self, z: &Zobrist, cell: u8) -> Option<Piece> {
        let piece = self.board[cell as usize].take()?;
        let bit = !Bitboard::from_cell(cell);
        self.by_color[piece.color().index()] &= bit;
        self.by_kind[piece.kind() as usize] &= bit;
        self.hash ^= z.pieces[piece.index()][cell as usize];
        Some(piece)
    }

    /// What stands on a cell of a container game ([`Crew::NONE`] in other games).
    pub fn crew_at(&self, cell: u8) -> Crew {
        self.crews.get(cell as usize).copied().unwrap_or(Crew::NONE)
    }

    /// The last move, when it was a container move that the side to move may not reverse.
    pub fn undo_ban(&self) -> Option<(u8, u8)> {
        self.undo_ban
    }

    /// Puts `crew` on `cell` of a container game, keeping the colour sets and the key.
    pub(crate) fn set_crew(&mut self, z: &Zobrist, cell: u8, crew: Crew) {
        let old = self.crews[cell as usize];
        if old == crew {
            return;
        }
        if old.is_container() {
            self.hash ^= z.crew(cell, old);
        }
        if crew.is_container() {
            self.hash ^= z.crew(cell, crew);
        }
        self.crews[cell as usize] = crew;
        for color in Color::BOTH {
            let set = &mut self.by_color[color.index()];
            *set = if crew.has(color) {
                set.with(cell)
            } else {
                set.without(cell)
            };
        }
    }

    pub(crate) fn set_undo_ban(&mut self, z: &Zobrist, ban: Option<(u8, u8)>) {
        if let Some((from, to)) = self.undo_ban {
            self.hash ^= z.undo_ban(from, to);
        }
        if let Some((from, to)) = ban {
            self.hash ^= z.undo_ban(from, to);
        }
        self.undo_ban = ban;
    }

    pub(crate) fn set_unmoved(&mut self, z: &Zobrist, unmoved: Bitboard) {
        for cell in self.unmoved ^ unmoved {
            self.hash ^= z.unmoved[cell as usize];
        }
        self.unmoved = unmoved;
    }

    pub(crate) fn set_en_passant(&mut self, z: &Zobrist, targets: Bitboard, victim: Option<u8>) {
        for cell in self.ep_targets ^ targets {
            self.hash ^= z.en_passant[cell as usize];
        }
        self.ep_targets = targets;
        self.ep_victim = victim;
    }

    pub(crate) fn set_side(&mut self, z: &Zobrist, side: Color) {
        if self.side != side {
            self.hash ^= z.black_to_move;
        }
        self.side = side;
    }

    /// Cells of the royal pieces of `color`.
    #[inline]
    pub(crate) fn royals(&self, rules: &Ruleset, color: Color) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        let mut kinds = rules.royal_kinds;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            out |= self.by_kind[k];
        }
        out & self.by_color[color.index()]
    }
}
