//! The SVG rendering of a diagram: a standalone SVG 1.1 picture with no external resources.

use super::{Diagram, Mark};
use crate::rules::Piece;

/// Side of a board square, in pixels.
const SQUARE: u32 = 48;
/// Room for the rank numbers on the left.
const LEFT: u32 = 32;
const TOP: u32 = 12;
const RIGHT: u32 = 12;
/// Room for the file letters below the board.
const FILES: u32 = 24;
/// Height of one legend row and width of one legend item.
const LEGEND_ROW: u32 = 26;
const LEGEND_ITEM: u32 = 150;
/// Side of the square a legend symbol is drawn in.
const LEGEND_SYMBOL: u32 = 24;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const SHADE: &str = "#3a6fd8";
const GREEN: &str = "#1f9d3a";
const RED: &str = "#d32f2f";
const INK: &str = "#222222";

impl Diagram {
    /// The diagram as a standalone SVG 1.1 document (with `xmlns`, `width`, `height` and
    /// `viewBox`, sizes in pixels, 48 per square) that a browser shows as it is.
    ///
    /// Light and dark squares (missing squares left out), shaded regions in translucent
    /// blue, file letters and rank numbers, the pieces drawn as position pictures draw them
    /// (see [`crate::Ruleset::picture_svg`]), the diagrammed one on a blue disc, `m` as a green
    /// dot, `c` as a red ring, `x` as both, a capturable enemy with a red ring around it, and
    /// a legend below. Each marked square is a `<g>` with
    /// the class `move`, `capture`, `both` or `capturable`, so tools can find them.
    pub fn render_svg(&self) -> String {
        let (w, h) = (self.topology.width() as u32, self.topology.height() as u32);
        let board_bottom = TOP + h * SQUARE;
        let legend = self.legend_items();
        let per_row = ((LEFT + w * SQUARE) / LEGEND_ITEM).max(1);
        let rows = (legend.len() as u32).div_ceil(per_row);
        let width = LEFT + w * SQUARE + RIGHT;
        let height = board_bottom + FILES + rows * LEGEND_ROW + 8;
        let mut s = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n\
             <title>{}</title>\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n",
            escape(&self.title())
        );
        s.push_str("<g id=\"squares\">\n");
        self.each_square(|file, rank, x, y| {
            let fill = if (file + rank) % 2 == 0 { DARK } else { LIGHT };
            s.push_str(&rect(x, y, SQUARE, fill));
        });
        s.push_str("</g>\n<g id=\"regions\" fill-opacity=\"0.4\">\n");
        self.each_square(|file, rank, x, y| {
            let cell = self.topology.cell(file as i32, rank as i32);
            if cell.is_some_and(|c| self.shaded.has(c)) {
                s.push_str(&rect(x, y, SQUARE, SHADE));
            }
        });
        s.push_str(&format!(
            "</g>\n<g id=\"labels\" font-family=\"sans-serif\" font-size=\"14\" fill=\"{INK}\" text-anchor=\"middle\">\n"
        ));
        for rank in 0..h {
            let y = TOP + (h - 1 - rank) * SQUARE + SQUARE / 2 + 5;
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{y}\">{}</text>\n",
                LEFT / 2,
                rank + 1
            ));
        }
        for file in 0..w {
            let x = LEFT + file * SQUARE + SQUARE / 2;
            s.push_str(&format!(
                "<text x=\"{x}\" y=\"{}\">{}</text>\n",
                board_bottom + 18,
                (b'a' + file as u8) as char
            ));
        }
        s.push_str("</g>\n<g id=\"marks\">\n");
        self.each_square(|file, rank, x, y| {
            let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
            s.push_str(&self.square_content(self.mark_at(file as u8, rank as u8), cx, cy));
        });
        s.push_str("</g>\n");
        let legend_top = board_bottom + FILES;
        s.push_str(&format!(
            "<g id=\"legend\" font-family=\"sans-serif\" font-size=\"13\" fill=\"{INK}\">\n"
        ));
        for (i, (symbol, label)) in legend.iter().enumerate() {
            let i = i as u32;
            let x = LEFT + (i % per_row) * LEGEND_ITEM;
            let y = legend_top + (i / per_row) * LEGEND_ROW;
            s.push_str(&symbol.draw(x, y));
            s.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{}</text>\n",
                x + LEGEND_SYMBOL + 6,
                y + LEGEND_SYMBOL / 2 + 5,
                escape(label)
            ));
        }
        s.push_str("</g>\n</svg>\n");
        s
    }

    /// Calls `f(file, rank, x, y)` for every existing square, `(x, y)` its top left corner.
    fn each_square(&self, mut f: impl FnMut(u32, u32, u32, u32)) {
        let (w, h) = (self.topology.width() as u32, self.topology.height() as u32);
        for rank in 0..h {
            for file in 0..w {
                if self.topology.cell(file as i32, rank as i32).is_some() {
                    let (x, y) = self.square_corner(file, rank);
                    f(file, rank, x, y);
                }
            }
        }
    }

    /// The top left corner of the square at zero-based `file` and `rank`.
    fn square_corner(&self, file: u32, rank: u32) -> (u32, u32) {
        let h = self.topology.height() as u32;
        (LEFT + file * SQUARE, TOP + (h - 1 - rank) * SQUARE)
    }

    /// Where [`Diagram::render_svg`] draws `cell`: its square's left and top edges and its
    /// side, in the picture's pixels.
    pub fn square_rect(&self, cell: crate::types::bitboard::Cell) -> (u32, u32, u32) {
        let (file, rank) = self.topology.coords(cell);
        let (x, y) = self.square_corner(u32::from(file), u32::from(rank));
        (x, y, SQUARE)
    }

    /// The drawing of one square's mark centred on `(cx, cy)`.
    fn square_content(&self, mark: Mark, cx: u32, cy: u32) -> String {
        match mark {
            Mark::Missing | Mark::Empty => String::new(),
            Mark::Origin => format!(
                "<g class=\"origin\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"22\" fill=\"{SHADE}\" fill-opacity=\"0.35\" stroke=\"{SHADE}\" stroke-width=\"3\"/>{}</g>\n",
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
    fn piece_image(&self, piece: Piece, cx: u32, cy: u32) -> String {
        let kind = piece.kind().index();
        let image = self.images.get(kind).and_then(Option::as_deref);
        let size = f64::from(SQUARE) - 6.0;
        let (x, y) = (f64::from(cx) - size / 2.0, f64::from(cy) - size / 2.0);
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
    fn draw(self, x: u32, y: u32) -> String {
        let s = LEGEND_SYMBOL;
        let (cx, cy) = (x + s / 2, y + s / 2);
        let mut out = rect(x, y, s, LIGHT);
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
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" fill=\"{SHADE}\" fill-opacity=\"0.4\"/>\n"
                ));
            }
        }
        out
    }
}

fn rect(x: u32, y: u32, side: u32, fill: &str) -> String {
    format!("<rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" fill=\"{fill}\"/>\n")
}

/// The `m` mark for a square of side `side`: a green dot.
fn dot(cx: u32, cy: u32, side: u32) -> String {
    format!(
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"{GREEN}\"/>",
        side / 6
    )
}

/// The `c` mark for a square of side `side`: a red ring.
fn marker_ring(cx: u32, cy: u32, side: u32) -> String {
    ring(cx, cy, side * 3 / 10, (side / 16).max(2))
}

fn ring(cx: u32, cy: u32, r: u32, stroke: u32) -> String {
    format!(
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" stroke=\"{RED}\" stroke-width=\"{stroke}\"/>"
    )
}

/// A bold letter centred on `(cx, cy)`, optionally on a halo: the same letter drawn first with
/// a wide stroke, so a white letter reads on light squares and a dark one on dark squares.
fn letter_text(
    letter: char,
    cx: u32,
    cy: u32,
    size: u32,
    fill: &str,
    halo: Option<&str>,
) -> String {
    let text = |paint: &str| {
        format!(
            "<text x=\"{cx}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" {paint}>{}</text>",
            cy + size * 7 / 20,
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

/// Text with the XML special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
