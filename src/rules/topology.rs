//! The board as cells: which grid squares exist, their numbering, names and lines.

use super::hexagon;
use crate::types::bitboard::{Bitboard, Cell, MAX_CELLS};

/// The shape of a board's cells and how they are named (a definition's `board:`,
/// `docs/authoring.md`).
///
/// ```
/// use fairy_rules::rules::Geometry;
/// let chess = fairy_rules::Variant::bundled("chess")?;
/// assert_eq!(chess.topology.geometry(), Geometry::Square);
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Geometry {
    /// Square cells on a `width` x `height` grid (`board: 8x8`): files a, b, c ... from
    /// White's left, ranks from 1 on White's side.
    Square,
    /// Hexagonal cells forming a regular hexagon of `side` cells a side (`board: hex 6`),
    /// files running up the board: files a-z without j, each numbered from 1 at its bottom
    /// cell, as on Gliński's board. The grid is its axial layout, `2 side - 1` squares a
    /// side (see [`Topology`]).
    Hexagon {
        /// Cells along each edge, 1 to 13.
        side: u8,
    },
}

/// The cells of a board: a `width` x `height` grid minus missing squares.
///
/// Cells are numbered from 0 rank by rank from White's side, a-file first, skipping missing
/// squares. The numbering keeps grid order, so along any line a step that goes up the board
/// (or right along a rank) always reaches a higher cell number; ray scans rely on that. The
/// board is the definition's `board:` (`docs/authoring.md`).
///
/// A hexagonal board ([`Geometry::Hexagon`]) is laid out on its axial grid: grid column `q`
/// is file `q`, a step up a file is `(0, 1)`, and the two corners of the grid farther than
/// `side - 1` from its diagonal are missing; cells keep the hexagonal names (`f11`).
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
    geometry: Geometry,
    /// The cells in a FEN's board field, group by group: ranks from the top on a square
    /// board, files from a on a hexagonal one.
    rows: Vec<Vec<Cell>>,
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
        let mut topology = Topology {
            width,
            height,
            index,
            coords,
            all,
            geometry: Geometry::Square,
            rows: Vec::new(),
        };
        topology.rows = (0..height)
            .rev()
            .map(|rank| {
                (0..width)
                    .filter_map(|file| topology.cell(file.into(), rank.into()))
                    .collect()
            })
            .collect();
        Some(topology)
    }

    /// Builds the hexagonal board of side `side` (1 to 13) without the grid squares
    /// `removed(file, rank)` returns true for. Returns `None` when more than [`MAX_CELLS`]
    /// cells remain.
    pub(crate) fn hexagon(side: u8, removed: impl Fn(u8, u8) -> bool) -> Option<Topology> {
        let n = 2 * side - 1;
        let mut topology = Topology::new(n, n, |q, r| {
            hexagon::in_hexagon(side, q.into(), r.into()) && !removed(q, r)
        })?;
        topology.geometry = Geometry::Hexagon { side };
        // Hex-FEN: file by file from file a, each from its bottom cell up.
        topology.rows = (0..n)
            .map(|q| {
                (0..n)
                    .filter_map(|r| topology.cell(q.into(), r.into()))
                    .collect()
            })
            .collect();
        Some(topology)
    }

    /// The board as a definition writes it, without its missing cells: `8x8`, `hex 6`.
    ///
    /// ```
    /// let yaml = "name: Hex\nboard: hex 6 minus f6\npieces:\n  king: {letter: K, moves: K, royal: true}\nsetup: 6/7/8/9/10/K9/10/9/8/7/5k\n";
    /// let hex = fairy_rules::Variant::from_yaml("hex.yaml", yaml)?;
    /// assert_eq!(hex.topology.size_text(), "hex 6");
    /// assert_eq!(hex.topology.names_text(), "files a-l without j, a1-a6 to f1-f11");
    /// assert_eq!((hex.topology.cell_count(), hex.topology.shape_cells()), (90, 91));
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// assert_eq!((chess.topology.size_text(), chess.topology.names_text()), ("8x8".into(), "files a-h, ranks 1-8".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn size_text(&self) -> String {
        match self.geometry {
            Geometry::Square => format!("{}x{}", self.width, self.height),
            Geometry::Hexagon { side } => format!("hex {side}"),
        }
    }

    /// The names of the cells, in short: `files a-h, ranks 1-8`. See the example of
    /// [`Topology::size_text`].
    pub fn names_text(&self) -> String {
        let last = self.file_letter(self.width - 1);
        match self.geometry {
            Geometry::Square => format!("files a-{last}, ranks 1-{}", self.height),
            Geometry::Hexagon { side } => {
                let middle = self.file_letter(side - 1);
                format!(
                    "files a-{last} without j, a1-a{side} to {middle}1-{middle}{}",
                    self.height
                )
            }
        }
    }

    /// The cells of the board's shape, missing ones included: `width x height`, or a
    /// hexagon's `3 side (side - 1) + 1`. See the example of [`Topology::size_text`].
    pub fn shape_cells(&self) -> usize {
        let side = match self.geometry {
            Geometry::Square => return self.width as usize * self.height as usize,
            Geometry::Hexagon { side } => side as usize,
        };
        3 * side * (side - 1) + 1
    }

    /// Whether two distinct cells are a king's step apart: one of the eight neighbours of a
    /// square, one of the twelve of a hexagon (six through an edge, six through a vertex).
    pub(crate) fn king_step_apart(&self, a: Cell, b: Cell) -> bool {
        let ((af, ar), (bf, br)) = (self.coords(a), self.coords(b));
        let (dx, dy) = (bf as i8 - af as i8, br as i8 - ar as i8);
        match self.geometry {
            Geometry::Square => a != b && dx.abs() <= 1 && dy.abs() <= 1,
            Geometry::Hexagon { .. } => {
                hexagon::ORTHOGONAL.contains(&(dx, dy)) || hexagon::DIAGONAL.contains(&(dx, dy))
            }
        }
    }

    /// When `to` lies on one of the board's lines from `from` (a rank, file or diagonal;
    /// on a hexagonal board the six orthogonal and six diagonal lines), the unit step along
    /// it and how many steps lead there.
    pub(crate) fn line_to(&self, from: Cell, to: Cell) -> Option<((i32, i32), i32)> {
        let ((ff, fr), (tf, tr)) = (self.coords(from), self.coords(to));
        let (dx, dy) = (i32::from(tf) - i32::from(ff), i32::from(tr) - i32::from(fr));
        match self.geometry {
            Geometry::Square => (dx == 0 || dy == 0 || dx.abs() == dy.abs())
                .then(|| ((dx.signum(), dy.signum()), dx.abs().max(dy.abs()))),
            Geometry::Hexagon { .. } => hexagon::ORTHOGONAL
                .iter()
                .chain(&hexagon::DIAGONAL)
                .map(|&(ux, uy)| (i32::from(ux), i32::from(uy)))
                .find_map(|(ux, uy)| {
                    let n = if ux != 0 { dx / ux } else { dy / uy };
                    (n > 0 && (ux * n, uy * n) == (dx, dy)).then_some(((ux, uy), n))
                }),
        }
    }

    /// How the board's cells are shaped and named. See the example of [`Geometry`].
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The cells of a FEN's board field, group by group between the `/`s.
    pub(crate) fn rows(&self) -> &[Vec<Cell>] {
        &self.rows
    }

    /// What the groups of a FEN's board field are, and in which order they come: ranks from
    /// the top, or files from a, each from its cell 1 up (the Hex-FEN of the hexchess-board
    /// web component).
    pub(crate) fn rows_order(&self) -> &'static str {
        match self.geometry {
            Geometry::Square => "one group per rank from the top",
            Geometry::Hexagon { .. } => "one group per file from file a, each from its cell 1 up",
        }
    }

    /// The group `row` of a FEN's board field (see [`Topology::rows`]): `rank 8`, `file c`.
    pub(crate) fn row_label(&self, row: usize) -> String {
        match self.geometry {
            Geometry::Square => format!("rank {}", self.height as usize - row),
            Geometry::Hexagon { .. } => format!("file {}", self.file_letter(row as u8)),
        }
    }

    /// The number of groups of a FEN's board field, and what they are: `11 files`.
    pub(crate) fn rows_count(&self) -> String {
        let word = match self.geometry {
            Geometry::Square => "ranks",
            Geometry::Hexagon { .. } => "files",
        };
        format!("{} {word}", self.rows.len())
    }

    /// The step from a cell to the next of its group in a FEN's board field.
    pub(crate) fn row_step(&self) -> (i32, i32) {
        match self.geometry {
            Geometry::Square => (1, 0),
            Geometry::Hexagon { .. } => (0, 1),
        }
    }

    /// The file and zero-based rank of `cell`'s name (`f11` is `(5, 10)`): on a square
    /// board its grid square, on a hexagonal one its file and its number up the file.
    pub(crate) fn named_coords(&self, cell: Cell) -> (u8, u8) {
        let (f, r) = self.coords(cell);
        match self.geometry {
            Geometry::Square => (f, r),
            Geometry::Hexagon { side } => hexagon::named(side, f, r),
        }
    }

    /// The letter of file `file` (zero-based): `a` + file, or the hexagonal files' letters
    /// without j.
    pub(crate) fn file_letter(&self, file: u8) -> char {
        match self.geometry {
            Geometry::Square => (b'a' + file) as char,
            Geometry::Hexagon { .. } => hexagon::letter(file),
        }
    }

    /// The file (zero-based) a lower-case letter names, whether or not the board has it;
    /// `None` for a letter no file can have (`j` on a hexagonal board).
    pub(crate) fn file_of_letter(&self, letter: char) -> Option<u8> {
        match self.geometry {
            Geometry::Square => letter.is_ascii_lowercase().then(|| letter as u8 - b'a'),
            Geometry::Hexagon { .. } => hexagon::file_of_letter(letter),
        }
    }

    /// The cell named by file `file` and zero-based rank `rank` (`f11` is `(5, 10)`), if it
    /// exists.
    pub(crate) fn named_cell(&self, file: i32, rank: i32) -> Option<Cell> {
        match self.geometry {
            Geometry::Square => self.cell(file, rank),
            Geometry::Hexagon { side } => {
                let (q, r) = hexagon::grid(side, file, rank)?;
                self.cell(q.into(), r.into())
            }
        }
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
        let (f, r) = self.named_coords(cell);
        format!("{}{}", self.file_letter(f), r as u32 + 1)
    }

    /// The cell named by `text` (`e4`, `a10`: a lower-case file letter, then the rank from
    /// 1), if it exists on this board. See the example of [`Topology`].
    pub fn parse_cell(&self, text: &str) -> Option<Cell> {
        let (letter, rank) = split_square(text)?;
        let file = self.file_of_letter(letter)?;
        self.named_cell(file.into(), rank.into())
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

/// Splits a square name into its file letter and zero-based rank; `None` unless it is a
/// lower-case letter then a number from 1.
fn split_square(text: &str) -> Option<(char, u8)> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    if !file.is_ascii_lowercase() || bytes.len() < 2 || bytes.len() > 3 {
        return None;
    }
    let rank: u8 = text[1..].parse().ok()?;
    if rank == 0 || bytes[1] == b'0' || !text[1..].bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((file as char, rank - 1))
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
    fn hexagon_cells_take_glinski_names() {
        let t = Topology::hexagon(6, |q, r| (q, r) == (5, 5)).unwrap();
        assert_eq!(t.cell_count(), 90);
        assert_eq!(t.parse_cell("f6"), None);
        assert_eq!(t.parse_cell("j1"), None);
        assert_eq!(t.parse_cell("a7"), None);
        for name in ["a1", "a6", "b7", "f1", "f11", "g10", "k7", "l1", "l6"] {
            let cell = t.parse_cell(name).unwrap();
            assert_eq!(t.name(cell), name);
        }
        let names: Vec<String> = t.cells().map(|c| t.name(c)).collect();
        assert_eq!(names[..7], ["a1", "b1", "c1", "d1", "e1", "f1", "a2"]);
        let file =
            |row: usize| -> Vec<String> { t.rows()[row].iter().map(|&c| t.name(c)).collect() };
        assert_eq!(file(0), ["a1", "a2", "a3", "a4", "a5", "a6"]);
        assert_eq!(file(5).len(), 10);
        assert_eq!(t.row_label(9), "file k");
        let (f1, g1, e2) = (
            t.parse_cell("f1").unwrap(),
            t.parse_cell("g1").unwrap(),
            t.parse_cell("e2").unwrap(),
        );
        assert!(t.king_step_apart(f1, g1) && t.king_step_apart(f1, e2));
        assert_eq!(
            t.line_to(f1, t.parse_cell("f4").unwrap()),
            Some(((0, 1), 3))
        );
        assert_eq!(
            t.line_to(f1, t.parse_cell("d3").unwrap()),
            Some(((-1, 1), 2))
        );
        assert_eq!(t.line_to(f1, t.parse_cell("e3").unwrap()), None);
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
