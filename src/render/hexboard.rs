//! The layout of a hexagonal board (`board: hex 6`), for [`super::board`]: its cells as
//! flat-topped hexagons in vertical files, each file half a cell higher or lower than the
//! next, as Gliński's board is drawn; in three colours.
//!
//! Positions are counted in half cells up from the bottom of the board: the cell numbered
//! `n` (from 0) on file `q` is `2n + |q - middle|` half cells up, so a rank bends at the
//! middle file and file f's first cell is the lowest.

use crate::rules::Topology;
use crate::types::bitboard::Cell;

/// The three cell colours: the middle cell's (mid-tone), the next one down its file's
/// (light) and the one below that (dark): f1 is dark on Gliński's board.
pub(crate) const SHADES: [&str; 3] = ["#d9b38c", "#f0d9b5", "#b58863"];

/// A hexagonal board drawn with cells `square` pixels high (across the flats).
#[derive(Debug, Clone, Copy)]
pub(crate) struct HexLayout {
    /// Cells a side.
    side: u8,
    square: f64,
    flip: bool,
}

impl HexLayout {
    pub(crate) fn new(side: u8, square: f64, flip: bool) -> HexLayout {
        HexLayout { side, square, flip }
    }

    /// The distance from a cell's centre to its corners.
    fn radius(&self) -> f64 {
        self.square / 3f64.sqrt()
    }

    /// The files a side: `2 side - 1`.
    fn files(&self) -> i32 {
        2 * i32::from(self.side) - 1
    }

    /// The width of the board's drawing, in pixels.
    pub(crate) fn width(&self) -> f64 {
        (1.5 * f64::from(self.files() - 1) + 2.0) * self.radius()
    }

    /// The height of the board's drawing, in pixels: the middle file's cells.
    pub(crate) fn height(&self) -> f64 {
        f64::from(self.files()) * self.square
    }

    /// The centre of the cell on file `file` numbered `number` (from 0), relative to the
    /// board's top left corner.
    pub(crate) fn centre(&self, file: u8, number: u8) -> (f64, f64) {
        let middle = i32::from(self.side) - 1;
        let half_cells = 2 * i32::from(number) + (i32::from(file) - middle).abs();
        let column = match self.flip {
            true => self.files() - 1 - i32::from(file),
            false => i32::from(file),
        };
        let up = f64::from(half_cells) * self.square / 2.0 + self.square / 2.0;
        let x = self.radius() + 1.5 * f64::from(column) * self.radius();
        let y = match self.flip {
            true => up,
            false => self.height() - up,
        };
        (x, y)
    }

    /// The six corners of the cell centred on `(x, y)`, as SVG polygon points.
    pub(crate) fn outline(&self, (x, y): (f64, f64)) -> String {
        let (r, h) = (self.radius(), self.square / 2.0);
        [
            (x - r, y),
            (x - r / 2.0, y - h),
            (x + r / 2.0, y - h),
            (x + r, y),
            (x + r / 2.0, y + h),
            (x - r / 2.0, y + h),
        ]
        .iter()
        .map(|&(px, py)| format!("{},{}", pixels(px), pixels(py)))
        .collect::<Vec<_>>()
        .join(" ")
    }
}

/// A length in pixels as SVG writes it here: to a tenth of a pixel, without a trailing `.0`.
pub(crate) fn pixels(v: f64) -> String {
    let tenths = (v * 10.0).round() / 10.0;
    format!("{tenths}")
}

/// The board as text: a line per half cell from the top, each file a column `1 +
/// cell_width` characters wide (its letter at the column's second character on the last
/// line), each cell's text (from `cell`) written at its column's start; a line starts with
/// the rank number of its first cell when that cell is the first of its rank as drawn.
pub(crate) fn text(
    t: &Topology,
    side: u8,
    flip: bool,
    cell_width: usize,
    mut cell: impl FnMut(Cell) -> String,
) -> Vec<(String, String)> {
    let middle = i32::from(side) - 1;
    let files = 2 * middle + 1;
    let column = cell_width + 1;
    let drawn = |k: i32| if flip { files - 1 - k } else { k };
    // The number (from 0) of the cell of file `q` `h` half cells up, if the hexagon has it.
    let number = |q: i32, h: i32| {
        let rise = h - (q - middle).abs();
        (rise >= 0 && rise % 2 == 0 && rise / 2 < files - (q - middle).abs()).then_some(rise / 2)
    };
    let first_of_rank = |n: i32| {
        (0..files)
            .map(drawn)
            .find(|&q| number(q, 2 * n + (q - middle).abs()).is_some())
    };
    let mut lines = Vec::new();
    for line in 0..=4 * middle {
        let h = if flip { line } else { 4 * middle - line };
        let first = (0..files).map(drawn).find_map(|q| Some((q, number(q, h)?)));
        let label = match first {
            Some((q, n)) if first_of_rank(n) == Some(q) => (n + 1).to_string(),
            _ => String::new(),
        };
        let mut row: Vec<char> = Vec::new();
        for k in 0..files {
            let q = drawn(k);
            let Some(c) = number(q, h).and_then(|n| t.named_cell(q, n)) else {
                continue;
            };
            let at = k as usize * column;
            row.resize(at, ' ');
            row.extend(cell(c).chars());
        }
        lines.push((label, row.into_iter().collect()));
    }
    let mut letters = String::new();
    for k in 0..files {
        letters.push(' ');
        letters.push_str(&format!("{:<cell_width$}", t.file_letter(drawn(k) as u8)));
    }
    lines.push((String::new(), letters));
    lines
}
