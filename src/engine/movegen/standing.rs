//! Standing promotions (`promotion: {standing: true}`; Sittuyin's, Fairy-Stockfish's
//! `sittuyinPromotion`): a piece standing in its promotion zone promotes by a move of its
//! own instead of moving on: in place, or by one non-capturing move of the new kind onto an
//! empty cell. With `last_anywhere` the side's last piece of the kind may do so outside the
//! zone; with `peaceful` the new piece may not attack an enemy piece from where it lands,
//! and the promotion may not give check. A promotion `limit` closes a choice while the side
//! has that many of the kind. Games without standing promotions never come here: `generate`
//! looks at one flag of the rule set.

use crate::rules::{Kind, Piece};
use crate::types::bitboard::Bits;

use super::super::{Engine, Move};
use super::{Out, Sink};

impl<const W: usize> Engine<'_, W> {
    /// The standing promotions of the side to move.
    #[cold]
    #[inline(never)]
    pub(crate) fn standing_promotions<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let enemy = st.by_color[us.opponent().index()];
        let occupied = st.occupied();
        for (k, p) in self.rules.pieces.iter().enumerate() {
            let Some(promo) = p.promotion.as_ref().filter(|p| p.standing) else {
                continue;
            };
            let kind = Kind::new(k as u8);
            let all = pos.sets.of(us, kind);
            let zone: Bits<W> = promo.zone[us.index()].resize();
            let cells = if promo.last_anywhere && all.count() == 1 {
                all
            } else {
                all & zone
            };
            for from in cells & out.gen.from {
                let occ = st.blockers().without(from);
                for &choice in &promo.choices[us.index()] {
                    let full = promo.limit.iter().any(|&(c, most)| {
                        c == choice && pos.sets.of(us, c).count() as usize >= most as usize
                    });
                    if full {
                        continue;
                    }
                    let (quiet, _) = self.piece_reach(&pos.sets, choice, from, us, occ, false);
                    for to in (quiet & !occupied).with(from) {
                        if promo.peaceful {
                            let (_, reach) =
                                self.piece_reach(&pos.sets, choice, to, us, occ, false);
                            if reach.intersects(enemy) {
                                continue;
                            }
                        }
                        let m = Move {
                            promotion: Some(choice),
                            ..Move::new(from, to, Piece::new(kind, us), None)
                        };
                        if out.gen.legal
                            && (!self.legal_after(pos, &m)
                                || (promo.peaceful && self.gives_check(pos, &m)))
                        {
                            continue;
                        }
                        out.sink.push(m);
                        if out.sink.full() {
                            return;
                        }
                    }
                }
            }
        }
    }
}
