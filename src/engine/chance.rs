//! Chance events: which moves trigger one, and what the drawn cell does.

use crate::rules::containers::Crew;
use crate::types::bitboard::{Bits, Cell};

use super::board::{Board, Trial};
use super::{Engine, Move, MoveKind};
use crate::rules::position::Pos;

impl<const W: usize> Engine<'_, W> {
    /// The cells the chance event after `m` draws from (uniformly), or the empty set when
    /// `m` triggers none. `m` is a legal move of `pos`, without an outcome yet.
    pub(crate) fn chance_cells(&self, pos: &Pos<W>, m: &Move) -> Bits<W> {
        let Some(chance) = &self.rules.chance else {
            return Bits::EMPTY;
        };
        let cells: Bits<W> = chance.cells[pos.st.side.index()].resize();
        let (mover, partner) = self.paths(m);
        let touched =
            chance.on_path && (mover | partner.map_or(Bits::EMPTY, |p| p.1)).intersects(cells);
        let occupied = chance.on_occupied && self.occupied_after(pos, m).intersects(cells);
        if touched || occupied {
            cells
        } else {
            Bits::EMPTY
        }
    }

    /// The surface cells occupied after `m` (before its chance event).
    fn occupied_after(&self, pos: &Pos<W>, m: &Move) -> Bits<W> {
        let occ = pos.st.occupied();
        match m.kind {
            MoveKind::Normal => occ.without(m.from).with(m.to),
            MoveKind::EnPassant { captured } => occ.without(m.from).without(captured).with(m.to),
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => occ
                .without(m.from)
                .without(partner_from)
                .with(m.to)
                .with(partner_to),
            _ => {
                let mut trial = Trial::new(pos);
                self.apply(&mut trial, &m.choice());
                trial.st.occupied()
            }
        }
    }

    /// The cells a move's pieces go over, origin and destination included (a leap's path is
    /// just those two; an action that moves nothing has its piece's cell), and for castling
    /// the partner's landing cell and path.
    fn paths(&self, m: &Move) -> (Bits<W>, Option<(Cell, Bits<W>)>) {
        let path = |from: Cell, to: Cell| self.passed_cells(from, to).with(from).with(to);
        match m.kind {
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => (
                path(m.from, m.to),
                Some((partner_to, path(partner_from, partner_to))),
            ),
            MoveKind::Plant { .. } | MoveKind::Remote { .. } | MoveKind::Return => {
                (Bits::from_cell(m.from), None)
            }
            // Leg by leg: the origin, the first leg's cell and the arrival.
            MoveKind::TwoLegs { via, .. } => (path(m.from, via) | path(via, m.to), None),
            _ => (path(m.from, m.to), None),
        }
    }

    /// Applies the drawn `cell` of `m`'s chance event to `b`, the position after `m`.
    /// Returns whether a piece was removed.
    pub(crate) fn apply_outcome(&self, b: &mut impl Board<W>, m: &Move, cell: Cell) -> bool {
        let Some(chance) = &self.rules.chance else {
            return false;
        };
        let mut removed = false;
        if chance.remove_piece {
            removed |= self.clear_surface(b, cell);
        }
        if chance.remove_mover {
            let (mover, partner) = self.paths(m);
            if mover.has(cell) {
                removed |= match m.kind {
                    MoveKind::Transfer { group, .. } => {
                        let mut crew = b.slot(m.to).crew;
                        let before = crew;
                        for k in group.iter() {
                            crew =
                                crew.without(crate::types::piece::Piece::new(k, m.piece.color()));
                        }
                        self.set_crew(b, m.to, crew);
                        crew != before
                    }
                    MoveKind::Dive | MoveKind::Submerged => self.take_under(b, m.to).is_some(),
                    MoveKind::Plant { .. } | MoveKind::Remote { .. } | MoveKind::Return => {
                        self.clear_surface(b, m.from)
                    }
                    _ => self.clear_surface(b, m.to),
                };
            }
            if let Some((partner_to, path)) = partner {
                if path.has(cell) {
                    removed |= self.clear_surface(b, partner_to);
                }
            }
        }
        removed
    }

    /// Removes whatever stands on the surface of `cell` (a container keeps no crew).
    fn clear_surface(&self, b: &mut impl Board<W>, cell: Cell) -> bool {
        let crew = b.slot(cell).crew;
        if crew.is_container() {
            let empty = Crew::container(crew.container_type().unwrap_or(0));
            self.set_crew(b, cell, empty);
            crew != empty
        } else {
            self.lift(b, cell).is_some()
        }
    }
}
