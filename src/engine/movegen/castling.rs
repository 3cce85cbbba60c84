//! Castling as data: the king moves the rule's distance toward an unmoved partner along its
//! rank, every cell between them empty (and free of blocking markers), and the partner lands
//! next to it on the side it came from.

use crate::definition::Distance;
use crate::rules::KindSet;

use super::super::{Engine, Move, MoveKind};
use super::{Out, Sink};

impl<const W: usize> Engine<'_, W> {
    /// Castling moves of the side to move's unmoved castling kings.
    pub(crate) fn castling_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let Some(castling) = &self.rules.castling else {
            return;
        };
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let them = us.opponent();
        let occ = st.blockers();
        for king in pos.sets.of(us, castling.king) & st.unmoved & out.gen.from {
            if !castling.ignore_check && self.attacked_by(pos, occ, king, them, KindSet::ALL) {
                continue;
            }
            let Some(piece) = pos.slots[king.index()].piece else {
                continue;
            };
            // Squares the king passes are judged as if it stood there, its own square vacated.
            let lifted = occ.without(king);
            for (dir, distance) in [(1i32, castling.kingside), (-1, castling.queenside)] {
                // A rank has at most 26 files: a stack buffer keeps generation allocation-free.
                let mut buffer = [king; 26];
                let mut len = 0;
                for cell in self.rules.topology.ray(king, dir, 0).take(26) {
                    buffer[len] = cell;
                    len += 1;
                }
                let ray = &buffer[..len];
                let Some(gap) = ray.iter().position(|&c| st.occupied().has(c)) else {
                    continue;
                };
                // No piece passes over a blocking marker.
                if ray[..gap].iter().any(|&c| st.blocking.has(c)) {
                    continue;
                }
                let partner = ray[gap];
                let Some(p) = pos.slots[partner.index()].piece else {
                    continue;
                };
                if p.color() != us || !castling.partners.has(p.kind()) || !st.unmoved.has(partner) {
                    continue;
                }
                // The king stops short of the partner: `gap` squares lie between them.
                let (shortest, longest) = match distance {
                    Distance::Fixed(d) if (d as usize) <= gap => (d as usize, d as usize),
                    Distance::Fixed(_) => continue,
                    Distance::Free => (1, gap),
                };
                // The king may not pass or land on an attacked square: it stops before the first.
                let safe = if castling.ignore_check {
                    longest
                } else {
                    ray[..longest]
                        .iter()
                        .position(|&c| self.attacked_by(pos, lifted, c, them, KindSet::ALL))
                        .unwrap_or(longest)
                };
                for d in shortest..=safe {
                    let king_to = ray[d - 1];
                    let partner_to = if d == 1 { king } else { ray[d - 2] };
                    out.emit(Move {
                        kind: MoveKind::Castle {
                            partner_from: partner,
                            partner_to,
                        },
                        ..Move::new(king, king_to, piece, None)
                    });
                }
            }
        }
    }
}
