//! Which pieces count as unmoved: the state behind first-move components and castling rights.
//!
//! Only meaningful bits are kept, so that equal positions have equal unmoved sets (and
//! hashes) however they were reached: a castling king keeps its bit only while an unmoved
//! partner stands on its rank, and a partner only while such a king does.

use crate::bitboard::Bitboard;
use crate::rules::{Color, Ruleset};

use super::Position;

impl Ruleset {
    /// Bit set of the kinds whose unmoved state is a castling right (the king and partners).
    pub(crate) fn castling_kinds(&self) -> u32 {
        self.castling
            .as_ref()
            .map_or(0, |c| c.partners | 1 << c.king)
    }

    /// Whether a piece of `kind` standing unmoved matters at all.
    pub(crate) fn remembers_unmoved(&self, kind: u8) -> bool {
        self.pieces[kind as usize].has_initial || self.castling_kinds() >> kind & 1 != 0
    }

    /// `unmoved` without the castling bits that no longer stand for a right in `pos`.
    pub(crate) fn without_orphaned_castlers(&self, pos: &Position, unmoved: Bitboard) -> Bitboard {
        let Some(c) = &self.castling else {
            return unmoved;
        };
        let partner_cells = (0..self.pieces.len())
            .filter(|&k| c.partners >> k & 1 != 0)
            .fold(Bitboard::EMPTY, |acc, k| acc | pos.by_kind[k]);
        let mut out = unmoved;
        for color in Color::BOTH {
            let ours = pos.pieces_of(color) & unmoved;
            let kings = ours & pos.by_kind[c.king as usize];
            let partners = ours & partner_cells & !kings;
            let same_rank = |a: u8, b: u8| self.topology.coords(a).1 == self.topology.coords(b).1;
            for king in kings {
                let paired = partners.cells().any(|p| same_rank(king, p));
                if !paired && !self.pieces[c.king as usize].has_initial {
                    out = out.without(king);
                }
            }
            for partner in partners {
                let paired = kings.cells().any(|k| same_rank(k, partner));
                let kind = pos.board[partner as usize].expect("occupied").kind();
                if !paired && !self.pieces[kind as usize].has_initial {
                    out = out.without(partner);
                }
            }
        }
        out
    }
}
