//! Container games: every piece stands aboard a neutral container (a ship), several to a
//! cell. Crewed containers block lines, empty ones do not; pieces aboard the same container
//! never attack each other. The mechanism behind PiRaTeKnIcS (RULINGS.md).

mod make;
mod movegen;

use crate::bitboard::Bitboard;
use crate::notation::Placement;
use crate::rules::containers::Crew;
use crate::rules::{Color, Piece, Ruleset};

use super::Position;

impl Ruleset {
    /// Puts a placement on an empty position: pieces on their cells, or in a container game
    /// the containers and their crews.
    pub(crate) fn place(&self, pos: &mut Position, placement: &Placement) {
        let z = &self.zobrist;
        if self.containers.is_none() {
            for &(cell, piece) in &placement.pieces {
                pos.put(z, cell, piece);
            }
            if self.layers.is_some() {
                self.place_layers(pos, &placement.under, &placement.markers);
            }
            return;
        }
        pos.crews = vec![Crew::NONE; self.topology.cell_count()];
        for &(cell, ty) in &placement.containers {
            pos.set_crew(z, cell, Crew::container(ty));
        }
        for &(cell, piece) in &placement.pieces {
            let crew = pos.crews[cell as usize].with(piece);
            pos.set_crew(z, cell, crew);
        }
    }

    /// How many pieces the container `crew` stands for holds (0 for no container).
    pub(crate) fn capacity(&self, crew: Crew) -> u8 {
        match (&self.containers, crew.container_type()) {
            (Some(c), Some(t)) => c.types[t as usize].capacity,
            _ => 0,
        }
    }

    /// The cells that hold a container, crewed or not.
    pub(crate) fn container_cells(&self, pos: &Position) -> Bitboard {
        pos.crews
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_container())
            .fold(Bitboard::EMPTY, |b, (cell, _)| b.with(cell as u8))
    }

    /// The cells where a royal piece of `color` stands aboard.
    pub(crate) fn crew_royals(&self, pos: &Position, color: Color) -> Bitboard {
        pos.by_color[color.index()]
            .cells()
            .filter(|&cell| {
                pos.crews[cell as usize]
                    .pieces()
                    .any(|p| p.color() == color && self.royal_kinds >> p.kind() & 1 != 0)
            })
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// Whether a piece of `by` aboard another container could capture on `cell`: crewed
    /// containers block lines, and shipmates never attack each other.
    pub(crate) fn crew_attacked(&self, pos: &Position, cell: u8, by: Color) -> bool {
        let occ = pos.occupied();
        pos.by_color[by.index()].without(cell).cells().any(|from| {
            distinct_kinds(pos.crews[from as usize], by)
                .any(|kind| self.piece_reach(kind, from, by, occ, false).1.has(cell))
        })
    }

    /// Whether any royal piece of `color` is attacked, in a container game.
    pub(crate) fn crew_royal_attacked(&self, pos: &Position, color: Color) -> bool {
        let them = color.opponent();
        self.crew_royals(pos, color)
            .cells()
            .any(|cell| self.crew_attacked(pos, cell, them))
    }
}

/// The distinct kinds of `color`'s pieces in `crew`, largest first.
pub(crate) fn distinct_kinds(crew: Crew, color: Color) -> impl Iterator<Item = u8> {
    let mut last = None;
    crew.pieces()
        .filter(move |p: &Piece| p.color() == color)
        .map(Piece::kind)
        .filter(move |&k| {
            let new = last != Some(k);
            last = Some(k);
            new
        })
}
