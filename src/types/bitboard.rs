//! Cells and sets of cells.
//!
//! A board's existing squares are numbered from 0 ("cells", see [`crate::Topology`]); a set
//! of cells is a bit set of `W` 64-bit words, [`Bits<W>`]. The engine works at the width its
//! board needs (one word up to 64 cells, two up to 128, four up to 256), so 8x8 chess pays for
//! one word; the public API speaks [`Bitboard`], the four-word set that holds any board.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// The most cells a board may have (16x16): every [`Cell`] number is one.
pub(crate) const MAX_CELLS: usize = 256;

/// A cell of a board: an existing square, numbered rank by rank from White's side (missing
/// squares get no number). Its name (`e4`) comes from the board's [`crate::Topology`]. See
/// the example of [`Bitboard`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell numbered `index` (a cell of a board when below its
    /// [`crate::Topology::cell_count`]). See the example of [`Bitboard`].
    #[inline]
    pub const fn new(index: u8) -> Cell {
        Cell(index)
    }

    /// Its number, for indexing per-cell tables. See the example of [`Bitboard`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its number as a byte.
    #[inline]
    pub(crate) const fn get(self) -> u8 {
        self.0
    }
}

/// A set of cells in `W` 64-bit words: bit `i` is cell `i`.
///
/// The engine picks the width from the board (`Bits<1>` up to 64 cells, `Bits<2>` up to 128,
/// `Bits<4>` up to 256); [`Bitboard`] is the four-word set of the public API. See the
/// example of [`Bitboard`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bits<const W: usize>([u64; W]);

/// A set of cells of any board: what the public API takes and returns. Bit `i` is cell `i`
/// (up to [`crate::Topology::cell_count`]); iteration goes lowest first. Sets combine with
/// `&`, `|`, `^` and `!` (the complement holds cells beyond the board too).
///
/// ```
/// use fairy_rules::{Bitboard, Cell};
/// let set = Bitboard::from_cell(Cell::new(3)).with(Cell::new(200));
/// assert_eq!(set.cells().map(Cell::index).collect::<Vec<_>>(), [3, 200]);
/// assert!(set.has(Cell::new(200)) && !set.has(Cell::new(4)));
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.single(), None);
/// let low = set & Bitboard::from_cell(Cell::new(3));
/// assert_eq!(low.single(), Some(Cell::new(3)));
/// assert!((set & !set).is_empty());
/// assert!(Bitboard::EMPTY.is_empty());
/// let collected: Bitboard = [Cell::new(7), Cell::new(1)].into_iter().collect();
/// assert_eq!(collected.into_iter().map(Cell::index).collect::<Vec<_>>(), [1, 7]);
/// ```
pub type Bitboard = Bits<4>;

impl<const W: usize> Default for Bits<W> {
    #[inline]
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> std::fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.cells().map(Cell::index))
            .finish()
    }
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Bits<W> = Bits([0; W]);

    /// Every bit of the width, also beyond a board's cells.
    pub(crate) const ALL: Bits<W> = Bits([u64::MAX; W]);

    /// The set holding one cell. See the example of [`Bitboard`].
    ///
    /// # Panics
    /// When the cell is not below `64 * W` (never for a [`Bitboard`]).
    #[inline]
    pub const fn from_cell(cell: Cell) -> Bits<W> {
        Bits::EMPTY.with(cell)
    }

    /// The set of the first `n` cells (`0..n`).
    pub(crate) fn first_cells(n: usize) -> Bits<W> {
        let mut words = [0; W];
        for (i, w) in words.iter_mut().enumerate() {
            let from = i * 64;
            *w = match n.saturating_sub(from) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1 << k) - 1,
            };
        }
        Bits(words)
    }

    /// Whether the set holds `cell` (false for a cell beyond its width). See the example of
    /// [`Bitboard`].
    #[inline]
    pub fn has(self, cell: Cell) -> bool {
        if W == 2 {
            // In registers: indexing the words would keep the set in memory.
            return self
                .wide()
                .checked_shr(cell.0 as u32)
                .is_some_and(|v| v & 1 != 0);
        }
        let word = cell.0 as usize >> 6;
        word < W && (self.0[word] >> (cell.0 & 63)) & 1 != 0
    }

    /// Whether the set is empty. See the example of [`Bitboard`].
    #[inline]
    pub fn is_empty(self) -> bool {
        if W == 2 {
            return self.wide() == 0;
        }
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the sets share a cell.
    #[inline]
    pub(crate) fn intersects(self, other: Bits<W>) -> bool {
        !(self & other).is_empty()
    }

    /// Whether every cell of `self` is in `other`.
    #[inline]
    pub(crate) fn is_subset(self, other: Bits<W>) -> bool {
        (self & !other).is_empty()
    }

    /// Number of cells in the set. See the example of [`Bitboard`].
    #[inline]
    pub fn count(self) -> u32 {
        if W == 2 {
            return self.wide().count_ones();
        }
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The first two words as one 128-bit word: two-word sets are worked on as that, in
    /// registers, rather than word by word.
    #[inline]
    const fn wide(self) -> u128 {
        let lo = if W > 0 { self.0[0] as u128 } else { 0 };
        let hi = if W > 1 { self.0[1] as u128 } else { 0 };
        lo | hi << 64
    }

    /// A two-word set from a 128-bit word (the first two words of a wider one).
    #[inline]
    const fn from_wide(v: u128) -> Bits<W> {
        let mut words = [0; W];
        if W > 0 {
            words[0] = v as u64;
        }
        if W > 1 {
            words[1] = (v >> 64) as u64;
        }
        Bits(words)
    }

    /// The lowest-numbered cell, if any.
    #[inline]
    pub(crate) fn first(self) -> Option<Cell> {
        if W == 2 {
            let v = self.wide();
            return (v != 0).then(|| Cell(v.trailing_zeros() as u8));
        }
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(Cell((i * 64) as u8 + w.trailing_zeros() as u8));
            }
        }
        None
    }

    /// The highest-numbered cell, if any.
    #[inline]
    pub(crate) fn last(self) -> Option<Cell> {
        if W == 2 {
            let v = self.wide();
            return (v != 0).then(|| Cell(127 - v.leading_zeros() as u8));
        }
        for (i, &w) in self.0.iter().enumerate().rev() {
            if w != 0 {
                return Some(Cell((i * 64) as u8 + 63 - w.leading_zeros() as u8));
            }
        }
        None
    }

    /// The only cell of a one-cell set; `None` for an empty set or one of several cells.
    /// See the example of [`Bitboard`].
    #[inline]
    pub fn single(self) -> Option<Cell> {
        (self.count() == 1).then(|| self.first()).flatten()
    }

    /// The set with `cell` added. See the example of [`Bitboard`].
    ///
    /// # Panics
    /// When the cell is not below `64 * W` (never for a [`Bitboard`]).
    #[inline]
    pub const fn with(mut self, cell: Cell) -> Bits<W> {
        if W == 2 {
            return Bits::from_wide(self.wide() | 1 << cell.0);
        }
        self.0[cell.0 as usize >> 6] |= 1 << (cell.0 & 63);
        self
    }

    /// The set with `cell` removed.
    #[inline]
    pub(crate) const fn without(mut self, cell: Cell) -> Bits<W> {
        if W == 2 {
            return Bits::from_wide(self.wide() & !(1 << cell.0));
        }
        self.0[cell.0 as usize >> 6] &= !(1 << (cell.0 & 63));
        self
    }

    /// The cells of the set, lowest first. See the example of [`Bitboard`].
    #[inline]
    pub fn cells(self) -> Cells<W> {
        Cells {
            words: self.0,
            at: 0,
        }
    }

    /// The same cells in a set of another width; cells beyond its width are dropped.
    #[inline]
    pub(crate) fn resize<const V: usize>(self) -> Bits<V> {
        let mut words = [0; V];
        let n = W.min(V);
        words[..n].copy_from_slice(&self.0[..n]);
        Bits(words)
    }
}

/// A move of every cell of a set by one number of cells (cell `i` to `i + delta`), as
/// [`Bits::shifted`] makes it: a leap's difference of cell numbers, kept ready for applying
/// without a branch (as a rotation of a one-word set, as two shifts of a wider one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Shift {
    up: u8,
    down: u8,
    /// `delta` modulo 64.
    rotate: u8,
}

impl Shift {
    /// The shift of `delta` cells (negative: toward cell 0), or `None` beyond the largest
    /// board.
    pub(crate) fn new(delta: i32) -> Option<Shift> {
        let n = u8::try_from(delta.unsigned_abs()).ok()?;
        let rotate = delta.rem_euclid(64) as u8;
        Some(if delta >= 0 {
            Shift {
                up: n,
                down: 0,
                rotate,
            }
        } else {
            Shift {
                up: 0,
                down: n,
                rotate,
            }
        })
    }
}

impl<const W: usize> Bits<W> {
    /// Every cell moved by `shift`. What becomes of the cells it would take beyond the
    /// width is left open (a one-word set rotates them to its other end, a wider one drops
    /// them): the caller keeps only cells whose move stays on the board, as a leap's
    /// origins or a line's entered cells do.
    #[inline]
    pub(crate) fn shifted(self, shift: Shift) -> Bits<W> {
        if W == 1 {
            // One instruction, where two shifts would take two and their amounts.
            return Bits::from_wide(self.0[0].rotate_left(shift.rotate as u32) as u128);
        }
        let (up, down) = (shift.up as u32, shift.down as u32);
        if W == 2 {
            let v = self.wide();
            return Bits::from_wide(
                v.checked_shl(up)
                    .unwrap_or(0)
                    .checked_shr(down)
                    .unwrap_or(0),
            );
        }
        self.words_up(up as usize).words_down(down as usize)
    }

    /// Every cell `i` to `i + n`, word by word.
    fn words_up(self, n: usize) -> Bits<W> {
        let (q, r) = (n / 64, n % 64);
        let mut words = [0; W];
        for (i, w) in words.iter_mut().enumerate().skip(q) {
            *w = self.0[i - q] << r;
            if r > 0 && i > q {
                *w |= self.0[i - q - 1] >> (64 - r);
            }
        }
        Bits(words)
    }

    /// Every cell `i` to `i - n`, word by word.
    fn words_down(self, n: usize) -> Bits<W> {
        let (q, r) = (n / 64, n % 64);
        let mut words = [0; W];
        for (i, w) in words.iter_mut().enumerate().take(W.saturating_sub(q)) {
            *w = self.0[i + q] >> r;
            if r > 0 && i + q + 1 < W {
                *w |= self.0[i + q + 1] << (64 - r);
            }
        }
        Bits(words)
    }
}

impl<const W: usize> FromIterator<Cell> for Bits<W> {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        iter.into_iter().fold(Bits::EMPTY, Bits::with)
    }
}

/// Iterator over the cells of a set, lowest first ([`Bits::cells`]). See the example of
/// [`Bitboard`].
#[derive(Debug, Clone)]
pub struct Cells<const W: usize> {
    words: [u64; W],
    at: usize,
}

impl<const W: usize> Iterator for Cells<W> {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if W == 2 {
            let v = Bits(self.words).wide();
            if v == 0 {
                return None;
            }
            self.words = Bits::<W>::from_wide(v & (v - 1)).0;
            return Some(Cell(v.trailing_zeros() as u8));
        }
        while self.at < W {
            let w = self.words[self.at];
            if w != 0 {
                self.words[self.at] = w & (w - 1);
                return Some(Cell((self.at * 64) as u8 + w.trailing_zeros() as u8));
            }
            self.at += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.at.min(W)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for Cells<W> {}

impl<const W: usize> IntoIterator for Bits<W> {
    type Item = Cell;
    type IntoIter = Cells<W>;

    #[inline]
    fn into_iter(self) -> Cells<W> {
        self.cells()
    }
}

macro_rules! bit_op {
    ($trait:ident, $f:ident, $assign:ident, $fa:ident, $op:path) => {
        impl<const W: usize> $trait for Bits<W> {
            type Output = Bits<W>;
            #[inline]
            fn $f(mut self, rhs: Bits<W>) -> Bits<W> {
                if W == 2 {
                    return Bits::from_wide($op(self.wide(), rhs.wide()));
                }
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a = $op(*a, b);
                }
                self
            }
        }
        impl<const W: usize> $assign for Bits<W> {
            #[inline]
            fn $fa(&mut self, rhs: Bits<W>) {
                *self = $trait::$f(*self, rhs);
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, BitAnd::bitand);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, BitOr::bitor);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, BitXor::bitxor);

impl<const W: usize> Not for Bits<W> {
    type Output = Bits<W>;
    /// Every other bit of the width, also beyond the board's cells: intersect with the
    /// board's cells where that matters.
    #[inline]
    fn not(mut self) -> Bits<W> {
        if W == 2 {
            return Bits::from_wide(!self.wide());
        }
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(i: u8) -> Cell {
        Cell::new(i)
    }

    #[test]
    fn iterates_in_cell_order_across_words() {
        let b = Bitboard::from_cell(c(3))
            .with(c(255))
            .with(c(0))
            .with(c(64));
        assert_eq!(
            b.cells().map(Cell::index).collect::<Vec<_>>(),
            [0, 3, 64, 255]
        );
        assert_eq!(b.first(), Some(c(0)));
        assert_eq!(b.last(), Some(c(255)));
        assert_eq!(b.without(c(3)).count(), 3);
        assert_eq!(b.cells().len(), 4);
    }

    #[test]
    fn shifts_move_every_cell_that_stays_within_the_width() {
        fn check<const W: usize>(cells: &[u8], delta: i32) {
            let set: Bits<W> = cells.iter().map(|&i| c(i)).collect();
            let shift = Shift::new(delta).expect("a shift within the largest board");
            let width = 0..64 * W as i32;
            let expected: Bits<W> = cells
                .iter()
                .map(|&i| i as i32 + delta)
                .filter(|i| width.contains(i))
                .map(|i| c(i as u8))
                .collect();
            // Only the cells whose move stays within the width are promised.
            let landing: Bits<W> = width
                .clone()
                .filter(|&i| width.contains(&(i - delta)))
                .map(|i| c(i as u8))
                .collect();
            let shifted = set.shifted(shift);
            assert_eq!(
                shifted & landing,
                expected,
                "{cells:?} by {delta} at {W} words"
            );
        }
        for delta in [0, 1, -1, 7, -9, 17, -17, 63, -63] {
            check::<1>(&[0, 1, 8, 30, 62, 63], delta);
        }
        for delta in [1, -1, 10, -10, 64, -64, 70, -70, 127, -127] {
            check::<2>(&[0, 5, 63, 64, 65, 100, 127], delta);
            check::<4>(&[0, 5, 63, 64, 65, 100, 127, 128, 191, 200, 255], delta);
        }
        for delta in [128, -128, 130, -130, 200, -200, 255, -255] {
            check::<4>(&[0, 5, 63, 64, 65, 100, 127, 128, 191, 200, 255], delta);
        }
        assert_eq!(Shift::new(256), None);
    }

    #[test]
    fn one_word_sets_and_resizing() {
        let b: Bits<1> = Bits::from_cell(c(63)).with(c(5));
        assert_eq!(b.last(), Some(c(63)));
        assert!(!b.has(c(64)), "a cell beyond the width is never in the set");
        let wide: Bitboard = b.resize();
        assert_eq!(wide.count(), 2);
        let back: Bits<1> = wide.with(c(100)).resize();
        assert_eq!(back, b);
        assert_eq!(Bits::<2>::first_cells(70).count(), 70);
        assert_eq!(Bits::<4>::first_cells(256).count(), 256);
        assert_eq!(Bits::<1>::first_cells(0), Bits::EMPTY);
        assert_eq!(b.single(), None);
        assert_eq!(Bits::<1>::from_cell(c(9)).single(), Some(c(9)));
    }
}
