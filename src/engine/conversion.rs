//! Conversion on arrival (see [`crate::rules::conversion`]): which enemy pieces a move or a
//! drop turns over, made as an effect of the move, and the drops that must convert.

use crate::rules::conversion::{Conversion, ASCENDING};
use crate::rules::{Color, Piece};
use crate::types::bitboard::{Bits, Cell};
use crate::types::rule_enums::ConvertRule;

use super::board::{Board, View};
use super::Engine;

impl<const W: usize> Engine<'_, W> {
    /// The enemy pieces a piece of `us` arriving on `to` converts under `c`: the neighbours
    /// (`adjacent`), or every unbroken line of enemy pieces from `to` that ends on a piece
    /// of `us` (`enclosed`).
    pub(crate) fn converted(
        &self,
        b: &impl View<W>,
        c: &Conversion,
        to: Cell,
        us: Color,
    ) -> Bits<W> {
        let them = b.st().by_color[us.opponent().index()];
        match c.rule {
            ConvertRule::Adjacent => c.around[to.index()].resize::<W>() & them,
            ConvertRule::Enclosed => {
                let ours = b.st().by_color[us.index()];
                let mut out = Bits::EMPTY;
                for (d, &ray) in c.rays[to.index()].iter().enumerate() {
                    if let Some(end) = enclosing_end(ray.resize(), d, them, ours) {
                        out |= ray.resize::<W>() & !c.rays[end.index()][d].resize::<W>();
                        out = out.without(end);
                    }
                }
                out
            }
        }
    }

    /// The empty cells where a piece of `us` would convert under `c`: next to an enemy
    /// piece (`adjacent`), or at the far end of an unbroken line of enemy pieces that starts
    /// next to a piece of `us` (`enclosed`). Found from the pieces rather than from the
    /// empty cells, which in a game of drops outnumber them.
    pub(crate) fn converting_cells(&self, b: &impl View<W>, c: &Conversion, us: Color) -> Bits<W> {
        let st = b.st();
        let them = st.by_color[us.opponent().index()];
        let ours = st.by_color[us.index()];
        let empty = self.t.all & !st.occupied();
        let mut out = Bits::EMPTY;
        match c.rule {
            ConvertRule::Adjacent => {
                for cell in them {
                    out |= c.around[cell.index()].resize::<W>();
                }
            }
            ConvertRule::Enclosed => {
                for cell in ours {
                    for (d, &ray) in c.rays[cell.index()].iter().enumerate() {
                        if let Some(end) = enclosing_end(ray.resize(), d, them, empty) {
                            out = out.with(end);
                        }
                    }
                }
            }
        }
        out & empty
    }

    /// Turns over the pieces that a piece of `us` arriving on `to` converts, each lifted and
    /// put back in `us`'s colour (so the undo log and the key follow).
    pub(crate) fn convert(&self, b: &mut impl Board<W>, c: &Conversion, to: Cell, us: Color) {
        for cell in self.converted(b, c, to, us) {
            if let Some((piece, _)) = self.lift(b, cell) {
                let turned = Piece::new(piece.kind(), us);
                self.put(b, cell, turned, self.start_state(turned));
            }
        }
    }
}

/// The first cell along `ray` (direction `d`) that is not in `them`, when it is in `end`
/// and at least one cell of `them` comes before it.
#[inline]
fn enclosing_end<const W: usize>(
    ray: Bits<W>,
    d: usize,
    them: Bits<W>,
    end: Bits<W>,
) -> Option<Cell> {
    let rest = ray & !them;
    let stop = if ASCENDING[d] {
        rest.first()
    } else {
        rest.last()
    }?;
    let next = if ASCENDING[d] {
        ray.first()
    } else {
        ray.last()
    };
    (end.has(stop) && next != Some(stop)).then_some(stop)
}
