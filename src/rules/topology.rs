//! The board as cells: which grid squares exist, their numbering, names and lines.

use crate::types::bitboard::{Bitboard, Cell, MAX_CELLS};

/// The cells of a board: a `width` x `height` grid minus missing squares.
///
/// Cells are numbered from 0 rank by rank from White's side, a-file first, skipping missing
/// squares. The numbering keeps grid order, so along any line a step that goes up the board
/// (or right along a rank) always reaches a higher cell number; ray scans rely on that. The
/// board is the definition's `board:` (`docs/authoring.md`).
///
/// Seachess's board (`12x12 minus a1-b2, k1-l2, a11-b12, k11-l12`) has 128 of its 144
/// squares:
///
/// ```
/// let sea = fairy_rules::Variant::bundled("seachess")?;
/// let board = &sea.topology;
/// assert_eq!((board.width(), board.height(), board.cell_count()), (12, 12, 128));
/// let first: Vec<String> = board.cells().take(3).map(|c| board.name(c)).collect();
/// assert_eq!(first, ["c1", "d1", "e1"]); // a1 and b1 are missing
/// let j10 = board.parse_cell("j10").unwrap();
/// assert_eq!(j10.index(), 2 * 8 + 7 * 12 + 9); // ranks 1-2: 8 cells each, 3-9: 12 each, then a-i
/// assert_eq!(board.name(j10), "j10");
/// assert_eq!(board.parse_cell("a1"), None);
/// assert_eq!(board.parse_cell("m3"), None);
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Topology {
    width: u8,
    height: u8,
    /// Grid index (rank * width + file) to cell number.
    index: Vec<Option<Cell>>,
    /// Cell number to (file, rank).
    coords: Vec<(u8, u8)>,
    all: Bitboard,
}

impl Topology {
    /// Builds the topology of a grid whose squares `exists(file, rank)` returns true for.
    /// Returns `None` when more than [`MAX_CELLS`] squares exist.
    pub(crate) fn new(width: u8, height: u8, exists: impl Fn(u8, u8) -> bool) -> Option<Topology> {
        let mut index = vec![None; width as usize * height as usize];
        let mut coords = Vec::new();
        for rank in 0..height {
            for file in 0..width {
                if exists(file, rank) {
                    if coords.len() >= MAX_CELLS {
                        return None;
                    }
                    index[rank as usize * width as usize + file as usize] =
                        Some(Cell::new(coords.len() as u8));
                    coords.push((file, rank));
                }
            }
        }
        let all = Bitboard::first_cells(coords.len());
        Some(Topology {
            width,
            height,
            index,
            coords,
            all,
        })
    }

    /// Number of files of the grid, 1 to 16. See the example of [`Topology`].
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of ranks of the grid, 1 to 16. See the example of [`Topology`].
    pub fn height(&self) -> u8 {
        self.height
    }

    /// Number of cells (existing squares), at most 256; the cells are numbered
    /// `0..cell_count`. See the example of [`Topology`].
    pub fn cell_count(&self) -> usize {
        self.coords.len()
    }

    /// All cells.
    pub(crate) fn all(&self) -> Bitboard {
        self.all
    }

    /// The cells in number order: rank by rank from White's side, a-file first. See the
    /// example of [`Topology`].
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.coords.len()).map(|i| Cell::new(i as u8))
    }

    /// The cell at a grid square, if that square exists. Coordinates may be off the grid.
    pub(crate) fn cell(&self, file: i32, rank: i32) -> Option<Cell> {
        if file < 0 || rank < 0 || file >= self.width as i32 || rank >= self.height as i32 {
            return None;
        }
        self.index[rank as usize * self.width as usize + file as usize]
    }

    /// The (file, rank) of a cell, both zero-based.
    pub(crate) fn coords(&self, cell: Cell) -> (u8, u8) {
        self.coords[cell.index()]
    }

    /// The cell reached from `cell` by the offset, if it exists.
    pub(crate) fn offset(&self, cell: Cell, dx: i32, dy: i32) -> Option<Cell> {
        let (f, r) = self.coords(cell);
        self.cell(f as i32 + dx, r as i32 + dy)
    }

    /// The algebraic name of a cell: file letter then rank number, `a1`, `j10`. See the
    /// example of [`Topology`].
    ///
    /// # Panics
    /// When `cell` is not a cell of this board (its number is not below
    /// [`Topology::cell_count`]).
    pub fn name(&self, cell: Cell) -> String {
        let (f, r) = self.coords(cell);
        format!("{}{}", (b'a' + f) as char, r as u32 + 1)
    }

    /// The cell named by `text` (`e4`, `a10`: a lower-case file letter, then the rank from
    /// 1), if it exists on this board. See the example of [`Topology`].
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        let (file, rank) = split_square(text)?;
        self.cell(file as i32, rank as i32)
    }

    /// Cells along a line from `cell` by repeated `(dx, dy)` steps, nearest first, stopping at
    /// the grid edge or a missing square.
    pub(crate) fn ray(&self, cell: Cell, dx: i32, dy: i32) -> impl Iterator<Item = Cell> + '_ {
        let mut at = Some(cell);
        std::iter::from_fn(move || {
            at = self.offset(at?, dx, dy);
            at
        })
    }
}

/// Splits a square name into zero-based (file, rank); `None` unless it is a letter then a
/// number from 1.
pub(crate) fn split_square(text: &str) -> Option<(u8, u8)> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    if !file.is_ascii_lowercase() || bytes.len() < 2 || bytes.len() > 3 {
        return None;
    }
    let rank: u8 = text[1..].parse().ok()?;
    if rank == 0 || bytes[1] == b'0' || !text[1..].bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((file - b'a', rank - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_cells_are_skipped_in_numbering() {
        let t = Topology::new(6, 8, |f, r| {
            !matches!((f, r), (0, 0) | (5, 0) | (0, 7) | (5, 7))
        })
        .unwrap();
        assert_eq!(t.cell_count(), 44);
        assert_eq!(t.parse_cell("b1"), Some(Cell::new(0)));
        assert_eq!(t.parse_cell("a1"), None);
        assert_eq!(t.parse_cell("a2"), Some(Cell::new(4)));
        assert_eq!(t.name(Cell::new(43)), "e8");
        assert_eq!(t.ray(t.parse_cell("b2").unwrap(), -1, -1).count(), 0);
    }

    #[test]
    fn names_round_trip_with_two_digit_ranks() {
        let t = Topology::new(10, 10, |_, _| true).unwrap();
        let j10 = t.parse_cell("j10").unwrap();
        assert_eq!(j10, Cell::new(99));
        assert_eq!(t.name(j10), "j10");
        assert_eq!(t.parse_cell("k1"), None);
        assert_eq!(t.parse_cell("a0"), None);
        assert_eq!(t.parse_cell("a01"), None);
    }
}
