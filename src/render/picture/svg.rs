//! The SVG picture of a position.

use super::piece_svg;
use crate::engine::Position;
use crate::render::board::{self, Board, BLUE, CHECK, HULL, INK};
use crate::rules::layers::{Facing, PieceState};
use crate::rules::{Color, Piece, Ruleset};
use crate::types::bitboard::{Bitboard, Cell};

/// Side of a square, in pixels.
const SQUARE: f64 = super::SQUARE_PIXELS as f64;
/// Height of the row below the file letters that holds the caption, in pixels.
const CAPTION_ROW: f64 = 28.0;

impl Ruleset {
    /// The position as a standalone SVG 1.1 document, 56 pixels per square: light and dark
    /// squares (none where the board has no cell), file letters and rank numbers, each piece
    /// as its image (see [`crate::PieceType::image`]) or its letter in a disc, a crew inside its
    /// container's outline, a submerged piece small and faded at the foot of its cell, a
    /// marker as its letter in a dashed diamond, the cells of `shaded` (regions: see
    /// [`Ruleset::region_cells`]) under translucent blue, a royal piece in check on red; a piece
    /// that has a facing with an arrow at the edge it faces; a caption says who is to move and
    /// whether in check (`white to move`, `black to move, in check`). Every piece is a `<g>`
    /// of class `piece` and `white` or `black`, so tools can find them. See the examples of
    /// the [module](super) and of [`Ruleset::picture_text_marked`].
    pub fn picture_svg(&self, pos: &Position, shaded: Bitboard) -> String {
        self.picture_svg_from(pos, shaded, Color::White)
    }

    /// [`Ruleset::picture_svg`] as seen from `side`'s end of the board: for Black, turned
    /// around (its first rank at the bottom, files from right to left). See the example of
    /// [`Ruleset::picture_text_marked`].
    pub fn picture_svg_from(&self, pos: &Position, shaded: Bitboard, side: Color) -> String {
        let flip = side == Color::Black;
        let board = Board::new(&self.topology, SQUARE, flip);
        let width = board.picture_width();
        let caption_top = board.bottom() + board::FILE_ROW;
        let mut s = board::svg_start(width, caption_top + CAPTION_ROW, &self.name);
        let mut pieces = String::new();
        let checked = self.checked_royals(pos);
        for cell in self.topology.cells() {
            let (x, y) = board.corner(cell);
            s.push_str(&board.square_svg(cell));
            // A region's or a check's colour over the cell: its square, or its hexagon.
            let over = |class: &str, fill: &str, opacity: &str| {
                match board.outline(cell) {
                Some(points) => format!(
                    "<polygon class=\"{class}\" points=\"{points}\" fill=\"{fill}\" fill-opacity=\"{opacity}\"/>\n"
                ),
                None => format!(
                    "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\" fill-opacity=\"{opacity}\"/>\n"
                ),
            }
            };
            if shaded.has(cell) {
                s.push_str(&over("region", BLUE, "0.35"));
            }
            if checked.has(cell) {
                s.push_str(&over("check", CHECK, "0.6"));
            }
            pieces.push_str(&self.cell_svg(pos, cell, x, y, flip));
        }
        s.push_str(&format!(
            "<g font-family=\"DejaVu Sans, sans-serif\" font-size=\"14\" fill=\"{INK}\" text-anchor=\"middle\">\n"
        ));
        s.push_str(&board.labels_svg());
        s.push_str(&format!(
            "<text x=\"{}\" y=\"{}\">{}</text>\n</g>\n",
            width / 2.0,
            caption_top + board::BASELINE,
            self.status_line(pos)
        ));
        s.push_str(&pieces);
        s.push_str("</svg>\n");
        s
    }

    /// Where [`Ruleset::picture_svg`] draws `cell` for a click: its square's left and top
    /// edges and its side, in the picture's pixels (inside its hexagon on a hexagonal board).
    #[cfg(feature = "protocol")]
    pub(crate) fn picture_cell_rect(&self, cell: Cell) -> (f64, f64, f64) {
        Board::new(&self.topology, SQUARE, false).target(cell)
    }

    /// What stands on one cell, drawn in the square whose top left corner is `(x, y)` (on a
    /// board turned around when `flip`).
    fn cell_svg(&self, pos: &Position, cell: Cell, x: f64, y: f64, flip: bool) -> String {
        let mut out = String::new();
        if self.containers.is_some() {
            let crew = pos.crew_at(cell);
            if crew.is_container() {
                out.push_str(&format!(
                    "<rect class=\"container\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"8\" fill=\"none\" stroke=\"{HULL}\" stroke-width=\"3\"/>\n",
                    x + 3.0,
                    y + 3.0,
                    SQUARE - 6.0,
                    SQUARE - 6.0
                ));
                let crew: Vec<Piece> = crew.pieces().collect();
                let n = crew.len().max(1) as f64;
                let size = ((SQUARE - 10.0) / n).min(SQUARE * 0.62);
                for (i, p) in crew.iter().enumerate() {
                    let px = x + (SQUARE - n * size) / 2.0 + i as f64 * size;
                    out.push_str(&self.piece_drawing(*p, px, y + (SQUARE - size) / 2.0, size));
                }
            }
            return out;
        }
        if pos.walls().has(cell) {
            // A wall (`walls:`): a dark block filling most of the square.
            out.push_str(&format!(
                "<rect class=\"wall\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"4\" fill=\"{INK}\" fill-opacity=\"0.8\"/>\n",
                x + 6.0,
                y + 6.0,
                SQUARE - 12.0,
                SQUARE - 12.0
            ));
        }
        if let Some(p) = pos.piece_at(cell) {
            out.push_str(&self.piece_drawing(p, x + 3.0, y + 3.0, SQUARE - 6.0));
            out.push_str(&self.facing_arrow(p, pos.state_at(cell), x, y, flip));
        }
        if let Some(p) = pos.submerged_at(cell) {
            let size = SQUARE * 0.45;
            out.push_str(&format!(
                "<g class=\"submerged\" opacity=\"0.65\"><rect x=\"{}\" y=\"{}\" width=\"{size}\" height=\"{size}\" fill=\"{BLUE}\" fill-opacity=\"0.5\"/>{}</g>\n",
                x + SQUARE - size,
                y + SQUARE - size,
                self.piece_drawing(p, x + SQUARE - size, y + SQUARE - size, size)
            ));
        }
        if let Some((ty, color)) = pos.marker_at(cell) {
            let letter = self
                .layers
                .as_ref()
                .map_or('?', |l| l.markers[ty as usize].letter);
            let letter = match color {
                Color::White => letter,
                Color::Black => letter.to_ascii_lowercase(),
            };
            let (cx, cy, r) = (x + 11.0, y + 11.0, 9.0);
            out.push_str(&format!(
                "<g class=\"marker\"><path d=\"M{cx} {} L{} {cy} L{cx} {} L{} {cy} Z\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-dasharray=\"3 2\"/>\
                 <text x=\"{cx}\" y=\"{}\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"10\" text-anchor=\"middle\" fill=\"{INK}\">{letter}</text></g>\n",
                cy - r,
                cx + r,
                cy + r,
                cx - r,
                cy + 3.5
            ));
        }
        out
    }

    /// For a piece whose state has a facing, a small arrow at the square's edge it faces (the
    /// opposite edge on a board turned around when `flip`).
    fn facing_arrow(&self, p: Piece, state: PieceState, x: f64, y: f64, flip: bool) -> String {
        let faces = self
            .layers
            .as_ref()
            .and_then(|l| l.kinds.get(p.kind().index()))
            .is_some_and(|k| k.facing);
        if !faces {
            return String::new();
        }
        let (cx, cy, half) = (x + SQUARE / 2.0, y + SQUARE / 2.0, SQUARE / 2.0);
        // The arrow's tip, then its two back corners, for a piece facing north; turned.
        let (dx, dy) = match state.facing() {
            Facing::North => (0.0, -1.0),
            Facing::East => (1.0, 0.0),
            Facing::South => (0.0, 1.0),
            Facing::West => (-1.0, 0.0),
        };
        let (dx, dy) = if flip { (-dx, -dy) } else { (dx, dy) };
        let point = |along: f64, across: f64| {
            (cx + dx * along - dy * across, cy + dy * along + dx * across)
        };
        let (tip, left, right) = (
            point(half - 1.0, 0.0),
            point(half - 9.0, -6.0),
            point(half - 9.0, 6.0),
        );
        format!(
            "<path class=\"facing\" d=\"M{} {} L{} {} L{} {} Z\" fill=\"#e8c000\" stroke=\"{INK}\"/>\n",
            tip.0, tip.1, left.0, left.1, right.0, right.1
        )
    }

    fn piece_drawing(&self, p: Piece, x: f64, y: f64, size: f64) -> String {
        let t = &self.pieces[p.kind().index()];
        piece_svg(t.image.as_deref(), t.letter, p.color(), x, y, size)
    }
}
