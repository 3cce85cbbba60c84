//! Explosions on capture (see [`crate::rules::explosion`]): the blast made as an effect of a
//! capture, and what it means for check.

use crate::rules::explosion::Explosion;
use crate::rules::Color;
use crate::types::bitboard::Cell;

use super::board::{Board, PieceSets, View};
use super::Engine;

impl<const W: usize> Engine<'_, W> {
    /// The blast of a capture on `center`: the piece standing there (the capturer) and every
    /// piece within the radius leave the board, except the kinds spared around the centre
    /// and the kinds immune to explosions. Each goes through `lift`, so the undo log and the
    /// key follow, and castling rights of pieces blown away lapse as for captured ones.
    pub(crate) fn explode(&self, b: &mut impl Board<W>, x: &Explosion, center: Cell) {
        if b.slot(center)
            .piece
            .is_some_and(|p| !x.immune.has(p.kind()))
        {
            self.lift(b, center);
        }
        let around = x.around[center.index()].resize::<W>() & b.st().occupied();
        let kept = x.spares.union(x.immune);
        for cell in around {
            if b.slot(cell).piece.is_some_and(|p| !kept.has(p.kind())) {
                self.lift(b, cell);
            }
        }
    }

    /// Whether the royal piece of `color` on `cell` is out of check because an enemy royal
    /// piece stands in its blast: capturing it would blow that piece up too (atomic chess's
    /// touching kings). Never so without explosions.
    #[inline]
    pub(crate) fn blast_shielded(&self, b: &impl View<W>, cell: Cell, color: Color) -> bool {
        let Some(x) = &self.rules.explosion else {
            return false;
        };
        let them = color.opponent();
        let exposed = self.rules.royal_kinds.minus(x.spares.union(x.immune));
        x.around[cell.index()]
            .resize::<W>()
            .intersects(b.sets().of_kinds(them, exposed))
    }

    /// Whether the move from `before` to `after` (of `before`'s side to move) blew up a royal
    /// piece of the opponent: such a move wins, whatever it leaves attacked.
    pub(crate) fn blew_up_enemy_royal(&self, before: &impl View<W>, after: &impl View<W>) -> bool {
        let r = self.rules;
        let them = before.st().side.opponent();
        r.explosion.is_some()
            && after.sets().of_kinds(them, r.royal_kinds).count()
                < before.sets().of_kinds(them, r.royal_kinds).count()
    }
}
