//! Move diagrams: what one piece standing on one cell can do, square by square, as variant
//! inventors draw them. [`Ruleset::diagram`] builds a [`Diagram`]; it renders as text
//! ([`Diagram::render_text`]) or as an SVG picture ([`Diagram::render_svg`]).
//!
//! ```
//! let chess = fairy_rules::Variant::from_file("variants/chess.yaml")?;
//! let knight = chess.kind_of_letter('N').unwrap();
//! let d4 = chess.topology.parse_cell("d4").unwrap();
//! let diagram = chess.diagram(knight, fairy_rules::Color::White, d4, None, &[])?;
//! assert_eq!(diagram.cells_marked(fairy_rules::Mark::MoveOrCapture).count(), 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod svg;
mod text;

use crate::engine::Position;
use crate::rules::{Color, Kind, Piece, Ruleset, Topology};
use crate::types::bitboard::{Bitboard, Cell};

/// What one square of a [`Diagram`] shows.
///
/// See the example of [`Ruleset::diagram`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The grid square is not part of the board.
    Missing,
    /// An empty square the piece can neither move to nor capture on.
    Empty,
    /// The diagrammed piece itself.
    Origin,
    /// Another piece it cannot capture: one of its own side, or an enemy out of reach.
    Blocker(Piece),
    /// `m`: an empty square it can move to but could not capture on.
    Move,
    /// `c`: an empty square it cannot move to but could capture an enemy on.
    Capture,
    /// `x`: an empty square it can move to, and could capture an enemy on.
    MoveOrCapture,
    /// An enemy piece it can capture.
    Capturable(Piece),
}

/// The move diagram of one piece on one cell, alone or among other pieces.
///
/// It shows the piece's own movement only: castling, en passant and whether a move would
/// leave a royal piece in check are not drawn.
///
/// See the example of [`Ruleset::diagram`].
#[derive(Debug, Clone)]
pub struct Diagram {
    variant: String,
    topology: Topology,
    piece: Piece,
    piece_name: String,
    cell: Cell,
    /// Indexed by cell number.
    marks: Vec<Mark>,
    shaded: Bitboard,
    regions: Vec<String>,
    /// Upper-case FEN letters, indexed by kind.
    letters: Vec<char>,
    /// Image names, indexed by kind (see [`crate::picture::image_names`]).
    images: Vec<Option<String>>,
    /// The two-leg moves: per first-leg cell, where the second leg may end.
    legs: Vec<(Cell, Bitboard)>,
    /// The cells it may pass by, stepping there and back.
    passes: Bitboard,
}

/// Why a diagram cannot be made.
///
/// See the example of [`Ruleset::diagram`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// The piece kind is not one of the variant's.
    #[error("there is no piece kind {}: the variant has {count} piece types", kind.get())]
    UnknownKind {
        /// The kind asked for.
        kind: Kind,
        /// How many piece types the variant has.
        count: usize,
    },
    /// The cell number is not on the board.
    #[error("there is no cell {}: the board has {count} cells", cell.get())]
    NoSuchCell {
        /// The cell asked for.
        cell: Cell,
        /// How many cells the board has.
        count: usize,
    },
    /// A region name the variant does not define.
    #[error("there is no region `{name}`; the variant's regions: {known}")]
    UnknownRegion {
        /// The name asked for.
        name: String,
        /// The defined names, comma-separated (`none` when there are none).
        known: String,
    },
}

impl Ruleset {
    /// The move diagram of a piece of `kind` and `color` standing on `cell`.
    ///
    /// With `blockers` the piece is put into a copy of that position (replacing whatever
    /// stood on `cell`); without, onto an empty board. Its first-move (`i`) components count
    /// when the position has this very piece unmoved on `cell`, or, when the piece is new
    /// there, when the start position has it on `cell`. The cells of the named `regions`
    /// (as they are for `color`) are shaded.
    ///
    /// The falcon of Falcon Chess (`docs/games/falcon-chess.md`) in the start position,
    /// moved to the centre:
    ///
    /// ```
    /// use fairy_rules::{Color, Mark, Piece, Variant};
    /// let falcon = Variant::bundled("falcon-chess")?;
    /// let kind = falcon.kind_of_letter('F').unwrap();
    /// let e4 = falcon.central_cell().unwrap();
    /// assert_eq!(falcon.topology.name(e4), "e4");
    /// let start = falcon.start_position();
    /// let diagram = falcon.diagram(kind, Color::White, e4, Some(&start), &["last-rank"])?;
    /// assert_eq!(diagram.title(), "Falcon Chess: white falcon (F) on e4");
    /// assert_eq!(diagram.mark(e4), Mark::Origin);
    /// let black_pawn = Piece::new(falcon.kind_of_letter('P').unwrap(), Color::Black);
    /// assert_eq!(diagram.cells_marked(Mark::Capturable(black_pawn)).count(), 4); // c7 d7 f7 g7
    /// assert_eq!(diagram.cells_marked(Mark::MoveOrCapture).count(), 6);
    /// assert_eq!(diagram.mark_at(2, 6), Mark::Capturable(black_pawn)); // c7, zero-based
    /// assert_eq!(diagram.shaded(), falcon.region_cells(&["last-rank"], Color::White)?);
    /// assert_eq!(diagram.shaded().count(), 10);
    /// assert!(diagram.render_text().contains("\n4  .  .  .  . [F] .  .  .  .  .\n"));
    /// assert!(diagram.render_svg().contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    ///
    /// let e = falcon.region_cells(&["nope"], Color::White).unwrap_err();
    /// assert_eq!(e.to_string(), "there is no region `nope`; the variant's regions: last-rank");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`DiagramError`] for a kind or cell the variant does not have, or an unknown region.
    pub fn diagram(
        &self,
        kind: Kind,
        color: Color,
        cell: Cell,
        blockers: Option<&Position>,
        regions: &[&str],
    ) -> Result<Diagram, DiagramError> {
        if kind.index() >= self.pieces.len() {
            return Err(DiagramError::UnknownKind {
                kind,
                count: self.pieces.len(),
            });
        }
        let count = self.topology.cell_count();
        if cell.index() >= count {
            return Err(DiagramError::NoSuchCell { cell, count });
        }
        let shaded = self.region_cells(regions, color)?;
        let piece = Piece::new(kind, color);
        let (pos, unmoved) = match blockers {
            Some(pos) if pos.piece_at(cell) == Some(piece) => {
                (pos.clone(), pos.unmoved().has(cell))
            }
            Some(pos) => (pos.clone(), self.start.piece_at(cell) == Some(piece)),
            None => (
                self.empty_position(),
                self.start.piece_at(cell) == Some(piece),
            ),
        };
        let mut pos = pos;
        self.replace_piece(&mut pos, cell, piece, unmoved);
        let (quiet, reach) = self.piece_targets(&pos, kind, cell, color);
        let (legs, passes) = self.two_leg_targets(kind, cell, color);
        let marks = self
            .topology
            .cells()
            .map(|c| match pos.piece_at(c) {
                _ if c == cell => Mark::Origin,
                Some(p) if p.color() != color && reach.has(c) => Mark::Capturable(p),
                Some(p) => Mark::Blocker(p),
                None => match (quiet.has(c), reach.has(c)) {
                    (true, true) => Mark::MoveOrCapture,
                    (true, false) => Mark::Move,
                    (false, true) => Mark::Capture,
                    (false, false) => Mark::Empty,
                },
            })
            .collect();
        Ok(Diagram {
            variant: self.name.clone(),
            topology: self.topology.clone(),
            piece,
            piece_name: self.pieces[kind.index()].name.clone(),
            cell,
            marks,
            shaded,
            regions: regions.iter().map(|r| r.to_string()).collect(),
            letters: self.pieces.iter().map(|p| p.letter).collect(),
            images: self.pieces.iter().map(|p| p.image.clone()).collect(),
            legs,
            passes,
        })
    }

    /// The cell nearest the centre of the grid, where diagrams put their piece by default:
    /// file `(width - 1) / 2` and rank `(height - 1) / 2` zero-based (d4 on 8x8, e4 on 10x8),
    /// or, when that square is missing, the nearest existing cell (the lowest-numbered of
    /// equally near ones). `None` for a board without cells. See the example of
    /// [`Ruleset::diagram`].
    pub fn central_cell(&self) -> Option<Cell> {
        let t = &self.topology;
        let (cf, cr) = ((t.width() as i32 - 1) / 2, (t.height() as i32 - 1) / 2);
        t.cells().min_by_key(|&c| {
            let (f, r) = t.coords(c);
            let (df, dr) = (f as i32 - cf, r as i32 - cr);
            df * df + dr * dr
        })
    }

    /// The union of the named regions (the definition's `regions:`) as they are for
    /// `color`. See the example of [`Ruleset::diagram`].
    ///
    /// # Errors
    /// [`DiagramError::UnknownRegion`] for a name the variant does not define.
    pub fn region_cells(&self, names: &[&str], color: Color) -> Result<Bitboard, DiagramError> {
        names
            .iter()
            .try_fold(Bitboard::EMPTY, |acc, name| match self.regions.get(*name) {
                Some(sides) => Ok(acc | sides[color.index()]),
                None => Err(DiagramError::UnknownRegion {
                    name: name.to_string(),
                    known: if self.regions.is_empty() {
                        "none".to_string()
                    } else {
                        self.regions.keys().cloned().collect::<Vec<_>>().join(", ")
                    },
                }),
            })
    }
}

impl Diagram {
    /// What a cell shows; [`Mark::Missing`] for a cell number not on the board. See the
    /// example of [`Ruleset::diagram`].
    pub fn mark(&self, cell: Cell) -> Mark {
        self.marks
            .get(cell.index())
            .copied()
            .unwrap_or(Mark::Missing)
    }

    /// What the grid square at zero-based `file` and `rank` shows; [`Mark::Missing`] for a
    /// square missing from the board or off the grid. See the example of
    /// [`Ruleset::diagram`].
    pub fn mark_at(&self, file: u8, rank: u8) -> Mark {
        match self.topology.cell(file as i32, rank as i32) {
            Some(cell) => self.mark(cell),
            None => Mark::Missing,
        }
    }

    /// The cells showing exactly `mark`. See the example of [`Ruleset::diagram`].
    pub fn cells_marked(&self, mark: Mark) -> Bitboard {
        self.topology
            .cells()
            .filter(|&c| self.marks[c.index()] == mark)
            .collect()
    }

    /// The piece's two-leg moves (XBetza's `a`), whatever stands around it: per cell its
    /// first leg captures on, in cell order, the cells its second leg may end on (its own
    /// cell for a capture without moving).
    ///
    /// The Chu Shogi lion on f6 captures on any of its eight neighbours, then steps on:
    ///
    /// ```
    /// let chu = fairy_rules::Variant::bundled("chu-shogi")?;
    /// let lion = chu.kind_of_letter('N').unwrap();
    /// let f6 = chu.topology.parse_cell("f6").unwrap();
    /// let d = chu.diagram(lion, fairy_rules::Color::White, f6, None, &[])?;
    /// assert_eq!(d.two_legs().len(), 8);
    /// let (via, to) = d.two_legs()[0];
    /// assert_eq!(chu.topology.name(via), "e5");
    /// assert_eq!(to.count(), 8); // e5's neighbours, f6 (a capture without moving) among them
    /// assert!(to.has(f6));
    /// assert_eq!(d.passes().count(), 8);
    /// assert!(d.render_text().contains("\ncaptures on e5, then to d4 e4 f4 d5 f5 d6 e6 f6 (back)\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn two_legs(&self) -> &[(Cell, Bitboard)] {
        &self.legs
    }

    /// The cells the piece may pass its turn by, stepping onto one empty and back (XBetza's
    /// `mab`). See the example of [`Diagram::two_legs`].
    pub fn passes(&self) -> Bitboard {
        self.passes
    }

    /// The lines that list the two-leg moves and passes under a drawing: `captures on e5,
    /// then to d4 d5 ... f6 (back)`, `passes by an empty e5 e6 ... and back`.
    pub(crate) fn leg_lines(&self) -> Vec<String> {
        let t = &self.topology;
        let names = |cells: Bitboard| {
            cells
                .cells()
                .map(|c| match c == self.cell {
                    true => format!("{} (back)", t.name(c)),
                    false => t.name(c),
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut lines: Vec<String> = self
            .legs
            .iter()
            .map(|&(via, to)| format!("captures on {}, then to {}", t.name(via), names(to)))
            .collect();
        if !self.passes.is_empty() {
            lines.push(format!(
                "passes by an empty {} and back",
                names(self.passes)
            ));
        }
        lines
    }

    /// The cells of the shaded regions. See the example of [`Ruleset::diagram`].
    pub fn shaded(&self) -> Bitboard {
        self.shaded
    }

    /// The FEN letter of a piece: upper case for White; `?` for a kind the variant lacks.
    pub(crate) fn letter(&self, piece: Piece) -> char {
        let l = self
            .letters
            .get(piece.kind().index())
            .copied()
            .unwrap_or('?');
        match piece.color() {
            Color::White => l,
            Color::Black => crate::types::letter::lower(l),
        }
    }

    /// A one-line description: `Falcon Chess: white falcon (F) on e4`. See the example of
    /// [`Ruleset::diagram`].
    pub fn title(&self) -> String {
        format!(
            "{}: {} {} ({}) on {}",
            self.variant,
            self.piece.color().name(),
            self.piece_name,
            self.letter(self.piece),
            self.topology.name(self.cell)
        )
    }
}
