//! Pictures of positions: the board as text, and as an SVG (or PNG) drawing with the
//! project's piece images.
//!
//! ```
//! let chess = fairy_rules::Variant::bundled("chess")?;
//! let none = fairy_rules::Bitboard::EMPTY;
//! let text = chess.picture_text(&chess.start_position(), none);
//! assert!(text.starts_with("8  r n b q k b n r\n"));
//! let svg = chess.picture_svg(&chess.start_position(), none);
//! assert_eq!(svg.matches("class=\"piece white\"").count(), 16);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod images;
#[cfg(feature = "png")]
mod png;
mod svg;

pub(crate) use images::image_names;
pub(crate) use images::piece_svg;
#[cfg(feature = "png")]
pub use png::{svg_to_png, svg_to_png_scaled, PngError};

/// The side of a square in [`Ruleset::picture_svg`]'s pictures, in pixels.
pub const SQUARE_PIXELS: u32 = 56;

use crate::engine::Position;
use crate::render::board::{drawn_order, hex_text, text_grid};
use crate::rules::{Color, Geometry, Ruleset, Topology};
use crate::types::bitboard::{Bitboard, Cell};

impl Ruleset {
    /// The position as text: a line per rank from the top, its number first, then the file
    /// letters; then the side to move and the FEN. Each cell is what the FEN writes for it
    /// (a letter, upper case White; a crew in its container's brackets; a layered cell in
    /// braces), `.` when empty, blank when the board has no such cell; cells are padded to
    /// the widest; an empty cell of `shaded` (regions: see [`Ruleset::region_cells`]) is
    /// `:`. Trailing spaces are cut; every line ends with a newline. See the examples of
    /// the [module](self) and of [`Ruleset::picture_text_marked`].
    pub fn picture_text(&self, pos: &Position, shaded: Bitboard) -> String {
        self.picture_text_marked(pos, shaded, Bitboard::EMPTY)
    }

    /// [`Ruleset::picture_text`] with the cells of `marked` (a last move's cells) in square
    /// brackets: `[P]`, or `|` between two marked neighbours.
    ///
    /// ```
    /// use fairy_rules::{Bitboard, Color, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let start = chess.start_position();
    /// let after = chess.play(&start, chess.parse_move(&start, "e2e4")?)?;
    /// let cell = |name| chess.topology.parse_cell(name).unwrap();
    /// let last_move = Bitboard::from_cell(cell("e2")).with(cell("e4"));
    /// let text = chess.picture_text_marked(&after, Bitboard::EMPTY, last_move);
    /// let lines: Vec<&str> = text.lines().collect();
    /// assert_eq!(lines[4], "4  . . . .[P]. . .");
    /// assert_eq!(lines[6], "2  P P P P[.]P P P");
    /// assert_eq!(&lines[8..], ["   a b c d e f g h", "black to move", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]);
    ///
    /// // From Black's end of the board.
    /// let turned = chess.picture_text_from(&after, Bitboard::EMPTY, Bitboard::EMPTY, Color::Black);
    /// assert!(turned.starts_with("1  R N B K Q B N R\n"));
    /// assert!(turned.contains("\n   h g f e d c b a\n"));
    /// let svg = chess.picture_svg_from(&after, Bitboard::EMPTY, Color::Black);
    /// assert_eq!(svg.matches("class=\"piece black\"").count(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn picture_text_marked(
        &self,
        pos: &Position,
        shaded: Bitboard,
        marked: Bitboard,
    ) -> String {
        self.picture_text_from(pos, shaded, marked, Color::White)
    }

    /// [`Ruleset::picture_text_marked`] as seen from `side`'s end of the board: for Black,
    /// turned around (rank 1 at the top, files from right to left). See the example of
    /// [`Ruleset::picture_text_marked`].
    pub fn picture_text_from(
        &self,
        pos: &Position,
        shaded: Bitboard,
        marked: Bitboard,
        side: Color,
    ) -> String {
        let flip = side == Color::Black;
        let text = |cell| {
            let t = self.cell_text(pos, cell);
            match (t.is_empty(), shaded.has(cell)) {
                (true, true) => ":".into(),
                (true, false) => ".".into(),
                (false, _) => t,
            }
        };
        let mut out = board_text(&self.topology, text, marked, flip);
        out.push_str(&format!("{}\n{}\n", self.status_line(pos), self.fen(pos)));
        out
    }

    /// Who is to move, and whether in check: `white to move`, `black to move, in check`.
    pub(crate) fn status_line(&self, pos: &Position) -> String {
        let side = pos.side_to_move().name();
        match self.in_check(pos) {
            true => format!("{side} to move, in check"),
            false => format!("{side} to move"),
        }
    }

    /// The cells of the royal pieces of the side to move when it is in check: where a
    /// picture marks the check.
    pub(crate) fn checked_royals(&self, pos: &Position) -> Bitboard {
        if !self.in_check(pos) {
            return Bitboard::EMPTY;
        }
        let side = pos.side_to_move();
        self.royal_kinds()
            .iter()
            .fold(Bitboard::EMPTY, |acc, k| acc | pos.pieces_of_kind(k, side))
    }

    /// The board's cells by name, laid out as the board is (blank where it has no cell): a
    /// guide to writing a FEN for an irregular board; ranks from the top, each line ending
    /// with a newline.
    ///
    /// ```
    /// use fairy_rules::{picture, Variant};
    /// let sea = Variant::bundled("seachess")?;
    /// let names = sea.cell_names_text();
    /// let lines: Vec<&str> = names.lines().collect();
    /// assert_eq!(lines[0], "12          c12 d12 e12 f12 g12 h12 i12 j12");
    /// assert_eq!(lines[2], "10  a10 b10 c10 d10 e10 f10 g10 h10 i10 j10 k10 l10");
    /// assert_eq!(picture::cell_names_text(&sea.topology), names);
    /// # Ok::<(), fairy_rules::LoadError>(())
    /// ```
    pub fn cell_names_text(&self) -> String {
        cell_names_text(&self.topology)
    }
}

/// [`Ruleset::cell_names_text`] of a board alone ([`crate::Variant::board_of_file`]). See
/// the example of [`Ruleset::cell_names_text`].
pub fn cell_names_text(topology: &Topology) -> String {
    board_text(topology, |cell| topology.name(cell), Bitboard::EMPTY, false)
}

/// The board with each cell's `text`, padded to the widest, the cells of `marked` in
/// brackets; drawn turned around when `flip`: as [`grid_text`] lays out a square board, and
/// a hexagonal board as its cells lie.
fn board_text(t: &Topology, text: impl Fn(Cell) -> String, marked: Bitboard, flip: bool) -> String {
    let Geometry::Hexagon { side } = t.geometry() else {
        return grid_text(t, &cell_grid(t, flip, text), marked, flip);
    };
    let width = t
        .cells()
        .map(|c| text(c).chars().count())
        .max()
        .unwrap_or(1);
    hex_text(t, side, flip, width, |cell| {
        let padded = format!("{:<width$}", text(cell));
        match marked.has(cell) {
            true => format!("[{padded}]"),
            false => format!(" {padded}"),
        }
    })
}

/// For each rank drawn, each file's text (`None` for a missing cell).
fn cell_grid(
    t: &Topology,
    flip: bool,
    text: impl Fn(crate::types::bitboard::Cell) -> String,
) -> Vec<Vec<Option<String>>> {
    let (ranks, files) = drawn_order(t, flip);
    ranks
        .iter()
        .map(|&rank| {
            files
                .iter()
                .map(|&file| t.cell(file, rank).map(&text))
                .collect()
        })
        .collect()
}

/// The grid with rank numbers on the left and file letters below, cells padded to the widest,
/// each cell of `marked` between `[` and `]`; drawn turned around when `flip`.
fn grid_text(
    topology: &Topology,
    grid: &[Vec<Option<String>>],
    marked: Bitboard,
    flip: bool,
) -> String {
    let width = grid
        .iter()
        .flatten()
        .flatten()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1);
    let mut rows = grid.iter();
    text_grid(topology, flip, width, |rank, files| {
        let cells = rows.next().expect("a row of cells per rank");
        let is_marked = |column: usize| {
            topology
                .cell(files[column], rank)
                .is_some_and(|c| marked.has(c))
        };
        let mut line = String::new();
        for (column, cell) in cells.iter().enumerate() {
            line.push(
                match (column > 0 && is_marked(column - 1), is_marked(column)) {
                    (true, true) => '|',
                    (false, true) => '[',
                    (true, false) => ']',
                    (false, false) => ' ',
                },
            );
            line.push_str(&format!("{:<width$}", cell.as_deref().unwrap_or("")));
        }
        if is_marked(cells.len() - 1) {
            line.push(']');
        }
        line
    })
}
