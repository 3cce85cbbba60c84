//! Chance events: which moves trigger one, and what the drawn cell does.

use crate::bitboard::Bitboard;
use crate::rules::Ruleset;

use super::{Move, MoveKind, Position};

impl Ruleset {
    /// The cells the chance event after `m` draws from (uniformly), or the empty set when
    /// `m` triggers none. `m` is a legal move of `pos`, without an outcome yet.
    pub fn chance_cells(&self, pos: &Position, m: Move) -> Bitboard {
        let Some(chance) = &self.chance else {
            return Bitboard::EMPTY;
        };
        let cells = chance.cells[pos.side_to_move().index()];
        let (mover, partner) = self.paths(m);
        let touched = chance.on_path
            && !((mover | partner.map_or(Bitboard::EMPTY, |p| p.1)) & cells).is_empty();
        let occupied = chance.on_occupied && {
            let after = self.play_unchecked(pos, Move { outcome: None, ..m });
            !(after.occupied() & cells).is_empty()
        };
        if touched || occupied {
            cells
        } else {
            Bitboard::EMPTY
        }
    }

    /// The cells a move's piece goes over, its origin and destination included (a leap's
    /// path is just those two), and for castling the partner's landing cell and path.
    fn paths(&self, m: Move) -> (Bitboard, Option<(u8, Bitboard)>) {
        let path = |from: u8, to: u8| self.passed_cells(from, to).with(from).with(to);
        let partner = match m.kind {
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => Some((partner_to, path(partner_from, partner_to))),
            _ => None,
        };
        (path(m.from, m.to), partner)
    }

    /// Applies the drawn `cell` of `m`'s chance event to `p`, the position after `m`.
    /// Returns whether a piece was removed.
    pub(crate) fn apply_outcome(&self, p: &mut Position, m: Move, cell: u8) -> bool {
        let Some(chance) = &self.chance else {
            return false;
        };
        let z = &self.zobrist;
        let mut doomed = Bitboard::EMPTY;
        if chance.remove_piece {
            doomed = doomed.with(cell);
        }
        if chance.remove_mover {
            let (mover, partner) = self.paths(m);
            if mover.has(cell) {
                doomed = doomed.with(m.to);
            }
            if let Some((partner_to, path)) = partner {
                if path.has(cell) {
                    doomed = doomed.with(partner_to);
                }
            }
        }
        let mut removed = false;
        for c in doomed {
            removed |= p.remove(z, c).is_some();
        }
        let unmoved = self.without_orphaned_castlers(p, p.unmoved & !doomed);
        p.set_unmoved(z, unmoved);
        removed
    }
}
