//! Conversion on arrival (see [`crate::rules::conversion`]): which enemy pieces a move or a
//! drop turns over, made as an effect of the move, and the drops that must convert.

use crate::rules::conversion::Conversion;
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
                for line in &c.lines[to.index()] {
                    let run = line.iter().take_while(|&&cell| them.has(cell)).count();
                    if run > 0 && line.get(run).is_some_and(|&end| ours.has(end)) {
                        out |= line[..run].iter().copied().collect::<Bits<W>>();
                    }
                }
                out
            }
        }
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
