//! The SVG rendering of a diagram: a standalone SVG 1.1 picture with no external resources.

use super::{Diagram, Mark};
use crate::render::board::{self, escape, rect, Board, BLUE, GREEN, INK, LEFT, LIGHT, RED};
use crate::rules::Piece;
#[cfg(feature = "protocol")]
use crate::types::bitboard::Cell;

/// Side of a board square, in pixels.
const SQUARE: u32 = 48;
/// Height of one legend row and width of one legend item.
const LEGEND_ROW: u32 = 26;
const LEGEND_ITEM: u32 = 150;
/// Side of the square a legend symbol is drawn in.
const LEGEND_SYMBOL: u32 = 24;

impl Diagram {
    /// The diagram as a standalone SVG 1.1 document (with `xmlns`, `width`, `height` and
    /// `viewBox`, sizes in pixels, 48 per square) that a browser shows as it is.
    ///
    /// Light and dark squares (missing squares left out), shaded regions in translucent
    /// blue, file letters and rank numbers, the pieces drawn as position pictures draw them
    /// (see [`crate::Ruleset::picture_svg`]), the diagrammed one on a blue disc, `m` as a green
    /// dot, `c` as a red ring, `x` as both, a capturable enemy with a red ring around it, and
    /// a legend below. Each marked square is a `<g>` with
    /// the class `move`, `capture`, `both` or `capturable`, so tools can find them. See the
    /// example of [`crate::Ruleset::diagram`].
    pub fn render_svg(&self) -> String {
        let board = self.board();
        let legend = self.legend_items();
        let per_row = ((board.picture_width() as u32 - board::RIGHT as u32) / LEGEND_ITEM).max(1);
        let rows = (legend.len() as u32).div_ceil(per_row);
        let legend_top = board.bottom() + board::FILE_ROW;
        let leg_lines = self.leg_lines();
        let legs_top = legend_top + f64::from(rows * LEGEND_ROW);
        let height = legs_top + f64::from(leg_lines.len() as u32 * LEGEND_ROW + 8);
        let mut s = board::svg_start(board.picture_width(), height, &self.title());
        s.push_str("<g id=\"squares\">\n");
        for cell in self.topology.cells() {
            s.push_str(&board.square_svg(cell));
        }
        s.push_str("</g>\n<g id=\"regions\" fill-opacity=\"0.4\">\n");
        for cell in self.topology.cells().filter(|&c| self.shaded.has(c)) {
            let (x, y) = board.corner(cell);
            s.push_str(&match board.outline(cell) {
                Some(points) => format!("<polygon points=\"{points}\" fill=\"{BLUE}\"/>\n"),
                None => rect(x, y, board.square(), BLUE),
            });
        }
        s.push_str(&format!(
            "</g>\n<g id=\"labels\" font-family=\"sans-serif\" font-size=\"14\" fill=\"{INK}\" text-anchor=\"middle\">\n"
        ));
        s.push_str(&board.labels_svg());
        s.push_str("</g>\n<g id=\"marks\">\n");
        for cell in self.topology.cells() {
            let (x, y) = board.corner(cell);
            let half = board.square() / 2.0;
            s.push_str(&self.square_content(self.mark(cell), x + half, y + half));
        }
        s.push_str("</g>\n");
        s.push_str(&format!(
            "<g id=\"legend\" font-family=\"sans-serif\" font-size=\"13\" fill=\"{INK}\">\n"
        ));
        for (i, (symbol, label)) in legend.iter().enumerate() {
            let i = i as u32;
            let x = LEFT + f64::from((i % per_row) * LEGEND_ITEM);
            let y = legend_top + f64::from((i / per_row) * LEGEND_ROW);
            s.push_str(&symbol.draw(x, y));
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{}</text>\n",
                x + f64::from(LEGEND_SYMBOL + 6),
                y + f64::from(LEGEND_SYMBOL / 2 + 5),
                escape(label)
            ));
        }
        s.push_str("</g>\n");
        if !leg_lines.is_empty() {
            // Two-leg moves, a line each under the legend.
            s.push_str(&format!(
                "<g id=\"legs\" font-family=\"sans-serif\" font-size=\"13\" fill=\"{INK}\">\n"
            ));
            for (i, line) in leg_lines.iter().enumerate() {
                let y = legs_top + f64::from(i as u32 * LEGEND_ROW + LEGEND_SYMBOL / 2 + 5);
                s.push_str(&format!(
                    "<text x=\"{LEFT}\" y=\"{y}\">{}</text>\n",
                    escape(line)
                ));
            }
            s.push_str("</g>\n");
        }
        s.push_str("</svg>\n");
        s
    }

    /// The board as diagrams draw it: [`SQUARE`] pixels a square, White at the bottom.
    fn board(&self) -> Board<'_> {
        Board::new(&self.topology, f64::from(SQUARE), false)
    }

    /// Where [`Diagram::render_svg`] draws `cell` for a click: its square's left and top
    /// edges and its side, in the picture's pixels (inside its hexagon on a hexagonal board).
    #[cfg(feature = "protocol")]
    pub(crate) fn square_rect(&self, cell: Cell) -> (u32, u32, u32) {
        let (x, y, side) = self.board().target(cell);
        (x as u32, y as u32, side as u32)
    }

    /// The drawing of one square's mark centred on `(cx, cy)`.
    fn square_content(&self, mark: Mark, cx: f64, cy: f64) -> String {
        match mark {
            Mark::Missing | Mark::Empty => String::new(),
            Mark::Origin => format!(
                "<g class=\"origin\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"22\" fill=\"{BLUE}\" fill-opacity=\"0.35\" stroke=\"{BLUE}\" stroke-width=\"3\"/>{}</g>\n",
                self.piece_image(self.piece, cx, cy)
            ),
            Mark::Blocker(p) => {
                format!("<g class=\"blocker\">{}</g>\n", self.piece_image(p, cx, cy))
            }
            Mark::Capturable(p) => format!(
                "<g class=\"capturable\">{}{}</g>\n",
                self.piece_image(p, cx, cy),
                ring(cx, cy, 20, 3)
            ),
            Mark::Move => format!("<g class=\"move\">{}</g>\n", dot(cx, cy, SQUARE)),
            Mark::Capture => format!("<g class=\"capture\">{}</g>\n", marker_ring(cx, cy, SQUARE)),
            Mark::MoveOrCapture => format!(
                "<g class=\"both\">{}{}</g>\n",
                dot(cx, cy, SQUARE),
                marker_ring(cx, cy, SQUARE)
            ),
        }
    }

    /// A piece centred on `(cx, cy)`, drawn as position pictures draw it: its image, or its
    /// letter in a disc.
    fn piece_image(&self, piece: Piece, cx: f64, cy: f64) -> String {
        let kind = piece.kind().index();
        let image = self.images.get(kind).and_then(Option::as_deref);
        let size = f64::from(SQUARE) - 6.0;
        let (x, y) = (cx - size / 2.0, cy - size / 2.0);
        crate::render::picture::piece_svg(image, self.letter(piece), piece.color(), x, y, size)
    }

    /// The legend entries: the four marks, then the shaded regions if any.
    fn legend_items(&self) -> Vec<(Symbol, String)> {
        let mut items = vec![
            (Symbol::Move, "move only".to_string()),
            (Symbol::Capture, "capture only".to_string()),
            (Symbol::Both, "move or capture".to_string()),
            (Symbol::Capturable, "capturable".to_string()),
        ];
        if !self.regions.is_empty() {
            items.push((Symbol::Region, self.regions.join(", ")));
        }
        items
    }
}

/// A legend symbol, drawn in a small square.
#[derive(Debug, Clone, Copy)]
enum Symbol {
    Move,
    Capture,
    Both,
    Capturable,
    Region,
}

impl Symbol {
    /// The symbol in the square of side [`LEGEND_SYMBOL`] whose top left corner is `(x, y)`.
    fn draw(self, x: f64, y: f64) -> String {
        let s = LEGEND_SYMBOL;
        let (cx, cy) = (x + f64::from(s / 2), y + f64::from(s / 2));
        let mut out = rect(x, y, f64::from(s), LIGHT);
        match self {
            Symbol::Move => out.push_str(&dot(cx, cy, s)),
            Symbol::Capture => out.push_str(&marker_ring(cx, cy, s)),
            Symbol::Both => {
                out.push_str(&dot(cx, cy, s));
                out.push_str(&marker_ring(cx, cy, s));
            }
            Symbol::Capturable => {
                out.push_str(&letter_text('p', cx, cy, 14, INK, None));
                out.push_str(&ring(cx, cy, s * 2 / 5, 2));
            }
            Symbol::Region => {
                out.push_str(&format!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"{BLUE}\" fill-opacity=\"0.4\"/>\n"
                ));
            }
        }
        out
    }
}

/// The `m` mark for a square of side `side`: a green dot.
fn dot(cx: f64, cy: f64, side: u32) -> String {
    format!(
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{GREEN}\"/>",
        side / 6
    )
}

/// The `c` mark for a square of side `side`: a red ring.
fn marker_ring(cx: f64, cy: f64, side: u32) -> String {
    ring(cx, cy, side * 3 / 10, (side / 16).max(2))
}

fn ring(cx: f64, cy: f64, r: u32, stroke: u32) -> String {
    format!(
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" stroke=\"{RED}\" stroke-width=\"{stroke}\"/>"
    )
}

/// A bold letter centred on `(cx, cy)`, optionally on a halo: the same letter drawn first with
/// a wide stroke, so a white letter reads on light squares and a dark one on dark squares.
fn letter_text(
    letter: char,
    cx: f64,
    cy: f64,
    size: u32,
    fill: &str,
    halo: Option<&str>,
) -> String {
    let text = |paint: &str| {
        format!(
            "<text x=\"{cx}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" {paint}>{}</text>",
            cy + f64::from(size * 7 / 20),
            escape(&letter.to_string())
        )
    };
    let under = halo.map_or(String::new(), |c| {
        text(&format!(
            "fill=\"{c}\" stroke=\"{c}\" stroke-width=\"4\" stroke-linejoin=\"round\""
        ))
    });
    under + &text(&format!("fill=\"{fill}\""))
}
