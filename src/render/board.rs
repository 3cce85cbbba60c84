//! The board as every drawing draws it: move diagrams ([`super::diagram`]) and pictures of
//! positions ([`super::picture`]) both lay their squares, colours, file letters and rank
//! numbers out here, as SVG and as text; the web playground shows these same SVG pictures.
//!
//! In SVG a board is a grid of squares `square` pixels a side, [`LEFT`] pixels from the
//! picture's left edge (room for the rank numbers) and [`TOP`] from its top, with [`RIGHT`]
//! pixels to spare on the right and a row of [`FILE_ROW`] pixels below it for the file
//! letters; what a drawing puts below that (a legend, a caption) is its own. Seen from
//! Black's end (`flip`) the board is turned around: rank 1 at the top, files from right to
//! left. A hexagonal board is laid out by [`super::hexboard`]: its cells are hexagons
//! `square` pixels across the flats, each drawn inside the square of [`Board::corner`].

use super::hexboard::{self, HexLayout};
use crate::rules::{hexagon, Geometry, Topology};
use crate::types::bitboard::Cell;

/// Room left of the board for the rank numbers, in pixels.
pub(crate) const LEFT: f64 = 32.0;
/// Margin above the board, in pixels.
pub(crate) const TOP: f64 = 12.0;
/// Margin right of the board, in pixels.
pub(crate) const RIGHT: f64 = 12.0;
/// Height of the row below the board that holds the file letters, in pixels.
pub(crate) const FILE_ROW: f64 = 24.0;
/// From the top of a row of text (the file letters, a caption) to its baseline, in pixels.
pub(crate) const BASELINE: f64 = 18.0;

/// The light squares.
pub(crate) const LIGHT: &str = "#f0d9b5";
/// The dark squares (`a1` is dark).
pub(crate) const DARK: &str = "#b58863";
/// Letters and outlines.
pub(crate) const INK: &str = "#222222";
/// Shaded regions, the diagrammed piece's disc, and the sea under a submerged piece.
pub(crate) const BLUE: &str = "#3a6fd8";
/// A diagram's `m` mark.
pub(crate) const GREEN: &str = "#1f9d3a";
/// A diagram's `c` mark and capturable pieces.
pub(crate) const RED: &str = "#d32f2f";
/// Under a royal piece in check.
pub(crate) const CHECK: &str = "#e03c31";
/// A container's outline.
pub(crate) const HULL: &str = "#6b4423";

/// The layout of one board in an SVG picture: its squares' side in pixels and which way up
/// it is.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Board<'a> {
    topology: &'a Topology,
    square: f64,
    flip: bool,
    /// The layout of a hexagonal board.
    hexagon: Option<HexLayout>,
}

impl<'a> Board<'a> {
    /// The board of `topology` with squares `square` pixels a side, turned around when `flip`.
    pub(crate) fn new(topology: &'a Topology, square: f64, flip: bool) -> Self {
        let hexagon = match topology.geometry() {
            Geometry::Hexagon { side } => Some(HexLayout::new(side, square, flip)),
            Geometry::Square => None,
        };
        Board {
            topology,
            square,
            flip,
            hexagon,
        }
    }

    /// The side of a square, in pixels.
    pub(crate) fn square(&self) -> f64 {
        self.square
    }

    /// The width of a picture of the board, margins included, in pixels.
    pub(crate) fn picture_width(&self) -> f64 {
        match self.hexagon {
            Some(h) => (LEFT + h.width() + RIGHT).ceil(),
            None => LEFT + f64::from(self.topology.width()) * self.square + RIGHT,
        }
    }

    /// The y of the board's lower edge, in pixels.
    pub(crate) fn bottom(&self) -> f64 {
        match self.hexagon {
            Some(h) => TOP + h.height(),
            None => TOP + f64::from(self.topology.height()) * self.square,
        }
    }

    /// The centre of a hexagonal board's cell, in pixels.
    fn hex_centre(&self, h: HexLayout, cell: Cell) -> (f64, f64) {
        let (file, number) = self.topology.named_coords(cell);
        let (x, y) = h.centre(file, number);
        (LEFT + x, TOP + y)
    }

    /// The corners of `cell`'s hexagon as SVG polygon points on a hexagonal board; `None` on
    /// a square board, whose cells are the squares at [`Board::corner`].
    pub(crate) fn outline(&self, cell: Cell) -> Option<String> {
        let h = self.hexagon?;
        Some(h.outline(self.hex_centre(h, cell)))
    }

    /// The square a click on `cell` lands in: its top left corner and side, in pixels. On a
    /// hexagonal board, the square inside its hexagon that touches its neighbours' without
    /// overlapping them.
    #[cfg(feature = "protocol")]
    pub(crate) fn target(&self, cell: Cell) -> (f64, f64, f64) {
        let (x, y) = self.corner(cell);
        match self.hexagon {
            Some(_) => {
                let side = self.square * 3f64.sqrt() / 2.0;
                let inset = (self.square - side) / 2.0;
                (x + inset, y + inset, side)
            }
            None => (x, y, self.square),
        }
    }

    /// The top left corner of `cell`'s square, in pixels: on a hexagonal board, of the square
    /// `square` pixels a side centred on its hexagon.
    pub(crate) fn corner(&self, cell: Cell) -> (f64, f64) {
        if let Some(h) = self.hexagon {
            let (x, y) = self.hex_centre(h, cell);
            let half = self.square / 2.0;
            return (x - half, y - half);
        }
        let (w, h) = (self.topology.width(), self.topology.height());
        let (file, rank) = self.topology.coords(cell);
        let (column, row) = match self.flip {
            true => (w - 1 - file, rank),
            false => (file, h - 1 - rank),
        };
        (
            LEFT + f64::from(column) * self.square,
            TOP + f64::from(row) * self.square,
        )
    }

    /// `cell`'s light or dark square, drawn at [`Board::corner`]; on a hexagonal board its
    /// hexagon in one of three colours.
    pub(crate) fn square_svg(&self, cell: Cell) -> String {
        let (file, rank) = self.topology.coords(cell);
        if let (Some(points), Geometry::Hexagon { side }) =
            (self.outline(cell), self.topology.geometry())
        {
            let fill = hexboard::SHADES[hexagon::shade(side, file, rank) as usize];
            return format!(
                "<polygon points=\"{points}\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"0.5\"/>\n"
            );
        }
        let fill = if (file + rank) % 2 == 0 { DARK } else { LIGHT };
        let (x, y) = self.corner(cell);
        rect(x, y, self.square, fill)
    }

    /// The rank numbers (centred left of their ranks) and file letters (centred below their
    /// files), one `<text>` each with its position only: the caller's group gives the font.
    pub(crate) fn labels_svg(&self) -> String {
        if let Some(h) = self.hexagon {
            return self.hex_labels_svg(h);
        }
        let (w, h) = (self.topology.width(), self.topology.height());
        let mut s = String::new();
        for rank in 0..h {
            let row = if self.flip { rank } else { h - 1 - rank };
            let y = TOP + f64::from(row) * self.square + self.square / 2.0 + 5.0;
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{y}\">{}</text>\n",
                LEFT / 2.0,
                rank + 1
            ));
        }
        for file in 0..w {
            let column = if self.flip { w - 1 - file } else { file };
            let x = LEFT + f64::from(column) * self.square + self.square / 2.0;
            s.push_str(&format!(
                "<text x=\"{x}\" y=\"{}\">{}</text>\n",
                self.bottom() + BASELINE,
                (b'a' + file) as char
            ));
        }
        s
    }
}

impl Board<'_> {
    /// A hexagonal board's labels: each rank's number left of its leftmost cell as drawn,
    /// each file's letter below its lowest.
    fn hex_labels_svg(&self, h: HexLayout) -> String {
        let t = self.topology;
        let mut ranks: Vec<Option<(f64, f64)>> = vec![None; t.height() as usize];
        let mut files: Vec<Option<(f64, f64)>> = vec![None; t.width() as usize];
        for cell in t.cells() {
            let (file, rank) = t.named_coords(cell);
            let (x, y) = self.hex_centre(h, cell);
            let leftmost = &mut ranks[rank as usize];
            if leftmost.is_none_or(|(lx, _)| x < lx) {
                *leftmost = Some((x, y));
            }
            let lowest = &mut files[file as usize];
            if lowest.is_none_or(|(_, ly)| y > ly) {
                *lowest = Some((x, y));
            }
        }
        let half = self.square / 2.0;
        let mut s = String::new();
        let mut label = |x: f64, y: f64, text: String| {
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{text}</text>\n",
                hexboard::pixels(x),
                hexboard::pixels(y)
            ));
        };
        for (rank, at) in ranks.iter().enumerate() {
            if let Some((x, y)) = at {
                label(x - half - 6.0, y + 5.0, (rank + 1).to_string());
            }
        }
        for (file, at) in files.iter().enumerate() {
            if let Some((x, y)) = at {
                label(
                    *x,
                    y + half + BASELINE - 2.0,
                    t.file_letter(file as u8).to_string(),
                );
            }
        }
        s
    }
}

/// A hexagonal board of side `side` as text (see [`hexboard::text`]): each line its rank
/// number right-aligned in a column and a space, then its cells; then the file letters.
/// Trailing spaces are cut; every line ends with a newline.
pub(crate) fn hex_text(
    t: &Topology,
    side: u8,
    flip: bool,
    cell_width: usize,
    cell: impl FnMut(Cell) -> String,
) -> String {
    let label = t.height().to_string().len();
    let mut out = String::new();
    for (number, line) in hexboard::text(t, side, flip, cell_width, cell) {
        push_line(&mut out, &format!("{number:>label$} {line}"));
    }
    out
}

/// The opening of a standalone SVG 1.1 document `width` by `height` pixels with a `title`
/// (escaped here) and a white background; the caller closes it with `</svg>`.
pub(crate) fn svg_start(width: f64, height: f64, title: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n\
         <title>{}</title>\n<rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n",
        escape(title)
    )
}

/// A square `side` pixels a side with its top left corner at `(x, y)`, filled with `fill`.
pub(crate) fn rect(x: f64, y: f64, side: f64, fill: &str) -> String {
    format!("<rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" fill=\"{fill}\"/>\n")
}

/// Text with the XML special characters escaped.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The board's rank numbers and file indices in the order drawn as text: from the top, and
/// from the left, turned around when `flip`.
pub(crate) fn drawn_order(t: &Topology, flip: bool) -> (Vec<i32>, Vec<i32>) {
    let (ranks, files) = (0..t.height() as i32, 0..t.width() as i32);
    match flip {
        true => (ranks.collect(), files.rev().collect()),
        false => (ranks.rev().collect(), files.collect()),
    }
}

/// The board as text: a line per rank drawn (see [`drawn_order`]), its number right-aligned
/// in a column and a space, then `row(rank, files)` (the rank's cells, each column
/// `1 + cell_width` characters); then the file letters, each at the second character of its
/// column. Trailing spaces are cut; every line ends with a newline.
pub(crate) fn text_grid(
    t: &Topology,
    flip: bool,
    cell_width: usize,
    mut row: impl FnMut(i32, &[i32]) -> String,
) -> String {
    let (ranks, files) = drawn_order(t, flip);
    let label = t.height().to_string().len();
    let mut out = String::new();
    for &rank in &ranks {
        push_line(
            &mut out,
            &format!("{:>label$} {}", rank + 1, row(rank, &files)),
        );
    }
    let mut letters = " ".repeat(label + 1);
    for &file in &files {
        letters.push(' ');
        letters.push_str(&format!("{:<cell_width$}", (b'a' + file as u8) as char));
    }
    push_line(&mut out, &letters);
    out
}

/// `line` with its trailing spaces cut, and a newline.
pub(crate) fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}
