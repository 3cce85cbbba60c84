//! The text rendering of a diagram: a grid of three-character cells.

use super::{Diagram, Mark};
use crate::render::board::{hex_text, push_line, text_grid};
use crate::rules::Geometry;

impl Diagram {
    /// The diagram as text, one line per rank from the top, then the file letters, then a
    /// legend; every line ends with a newline.
    ///
    /// Each square is three characters: ` . ` empty (` : ` in a shaded region), blank for a
    /// missing square, ` m `, ` c ` or ` x ` for a square the piece can move to only, capture
    /// on only, or both; pieces are bracketed so that no letter reads as a mark: `[F]` the
    /// piece itself, `(p)` another piece, `{p}` an enemy piece it can capture (FEN letters,
    /// upper case White). Rank numbers are right-aligned in a column on the left; trailing
    /// spaces are cut. A hexagonal board is drawn as its cells lie, a line per half cell,
    /// each line numbered with the rank that starts on it. A piece with two-leg moves has
    /// a line per first-leg cell after the legend, and one for its passes (see
    /// [`Diagram::two_legs`]). See the example of [`crate::Ruleset::diagram`].
    pub fn render_text(&self) -> String {
        let t = &self.topology;
        let mut out = match t.geometry() {
            Geometry::Hexagon { side } => hex_text(t, side, false, 2, |cell| {
                let (file, rank) = t.coords(cell);
                let mut s = String::new();
                self.push_square(&mut s, file, rank);
                s
            }),
            Geometry::Square => text_grid(t, false, 2, |rank, files| {
                let mut line = String::new();
                for &file in files {
                    self.push_square(&mut line, file as u8, rank as u8);
                }
                line
            }),
        };
        let mut legend = String::from(
            "m move only, c capture only, x move or capture, [ ] the piece, ( ) other pieces, { } capturable",
        );
        if !self.regions.is_empty() {
            legend.push_str(&format!(", : {}", self.regions.join(", ")));
        }
        push_line(&mut out, &legend);
        for line in self.leg_lines() {
            push_line(&mut out, &line);
        }
        out
    }

    fn push_square(&self, line: &mut String, file: u8, rank: u8) {
        let [a, b, c] = match self.mark_at(file, rank) {
            Mark::Missing => [' ', ' ', ' '],
            Mark::Empty => {
                let shaded = self
                    .topology
                    .cell(file as i32, rank as i32)
                    .is_some_and(|c| self.shaded.has(c));
                [' ', if shaded { ':' } else { '.' }, ' ']
            }
            Mark::Origin => ['[', self.letter(self.piece), ']'],
            Mark::Blocker(p) => ['(', self.letter(p), ')'],
            Mark::Move => [' ', 'm', ' '],
            Mark::Capture => [' ', 'c', ' '],
            Mark::MoveOrCapture => [' ', 'x', ' '],
            Mark::Capturable(p) => ['{', self.letter(p), '}'],
        };
        line.extend([a, b, c]);
    }
}
