//! A set of board cells as one machine word.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The most cells a board may have: one bit per cell of a [`Bitboard`].
///
/// Cells are numbered rank by rank from White's side (missing cells get no number), so a
/// 12x12 grid with 16 cells removed still fits. A larger board is rejected when the definition
/// is compiled.
pub const MAX_CELLS: usize = 128;

/// A set of cells: bit `i` is cell `i` in the board's rank-major numbering.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding one cell.
    #[inline]
    pub const fn from_cell(cell: u8) -> Bitboard {
        // Two 64-bit halves: a variable 128-bit shift costs several instructions on x86-64.
        if cell < 64 {
            Bitboard((1u64 << cell) as u128)
        } else {
            Bitboard(((1u64 << (cell & 63)) as u128) << 64)
        }
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub const fn has(self, cell: u8) -> bool {
        let word = if cell < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        (word >> (cell & 63)) & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of cells in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest-numbered cell, if any.
    #[inline]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// The highest-numbered cell, if any.
    #[inline]
    pub const fn last(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(127 - self.0.leading_zeros() as u8)
        }
    }

    /// The set with `cell` added.
    #[inline]
    pub const fn with(self, cell: u8) -> Bitboard {
        Bitboard(self.0 | Bitboard::from_cell(cell).0)
    }

    /// The set with `cell` removed.
    #[inline]
    pub const fn without(self, cell: u8) -> Bitboard {
        Bitboard(self.0 & !Bitboard::from_cell(cell).0)
    }
}

impl Bitboard {
    /// The cells of the set, lowest first.
    #[inline]
    pub fn cells(self) -> Cells {
        Cells(self.0)
    }
}

/// Iterator over the cells of a [`Bitboard`], lowest first.
#[derive(Debug, Clone)]
pub struct Cells(u128);

impl Iterator for Cells {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(cell)
    }
}

impl IntoIterator for Bitboard {
    type Item = u8;
    type IntoIter = Cells;

    #[inline]
    fn into_iter(self) -> Cells {
        self.cells()
    }
}

macro_rules! bit_op {
    ($trait:ident, $f:ident, $assign:ident, $fa:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_cell_order() {
        let b = Bitboard::from_cell(3).with(127).with(0);
        assert_eq!(b.cells().collect::<Vec<_>>(), [0, 3, 127]);
        assert_eq!(b.first(), Some(0));
        assert_eq!(b.last(), Some(127));
        assert_eq!(b.without(3).count(), 2);
    }
}
