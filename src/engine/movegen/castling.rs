//! Castling as data: the king moves the rule's distance toward an unmoved partner along its
//! rank, every cell between them empty (and free of blocking markers), and the partner lands
//! next to it on the side it came from.

use crate::types::bitboard::{Bits, Cell};
use crate::types::rule_enums::Distance;

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
        let occ = st.blockers();
        let occupied = st.occupied();
        // The side's unmoved partners: most positions have none where the king's rank ray
        // first meets a piece, and are done with one test per side.
        let partners = pos.sets.of_kinds(us, castling.partners) & st.unmoved;
        for king in pos.sets.of(us, castling.king) & st.unmoved & out.gen.from {
            if !castling.ignore_check && self.in_check_before_castling(out, king) {
                continue;
            }
            // Squares the king passes are judged as if it stood there, its own square vacated.
            let lifted = occ.without(king);
            let rays = &self.t.rank_rays;
            for side in 0..2 {
                // The partner is the first piece along the rank.
                let beyond = rays[king.index()][side];
                let hit = beyond & occupied;
                let Some(partner) = (if side == 0 { hit.first() } else { hit.last() }) else {
                    continue;
                };
                if !partners.has(partner) {
                    continue;
                }
                let distance = if side == 0 {
                    castling.kingside
                } else {
                    castling.queenside
                };
                let Some(piece) = pos.slots[king.index()].piece else {
                    continue;
                };
                let between = beyond & !rays[partner.index()][side] & !Bits::from_cell(partner);
                // No piece passes over a blocking marker.
                if between.intersects(st.blocking) {
                    continue;
                }
                let Some(p) = pos.slots[partner.index()].piece else {
                    continue;
                };
                if p.color() != us || !castling.partners.has(p.kind()) || !st.unmoved.has(partner) {
                    continue;
                }
                if let Some(files) = castling.king_files {
                    if let Some(m) = self.castle_to_file(pos, king, partner, files[side], side) {
                        out.emit(m);
                    }
                    continue;
                }
                // The cells between, nearest the king first (a rank has at most 26 files).
                let mut ray = [king; 26];
                let gap = between.count() as usize;
                for (i, cell) in between.cells().enumerate() {
                    ray[if side == 0 { i } else { gap - 1 - i }] = cell;
                }
                let ray = &ray[..gap];
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
                        .position(|&c| self.royal_cell_attacked(pos, lifted, c, us))
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

    /// Chess960 castling of the king on `king` with the partner on `partner` toward `side`
    /// (0: the higher files): the king lands on `file` of its rank, the partner beside it on
    /// the centre's side. Every cell either passes or lands on must be empty but their own
    /// two (and free of blocking markers), and unless castling ignores check, no cell the
    /// king passes may be attacked with it lifted, nor its destination with both moved (its
    /// own square is judged before).
    fn castle_to_file(
        &self,
        pos: &crate::rules::position::Pos<W>,
        king: Cell,
        partner: Cell,
        file: u8,
        side: usize,
    ) -> Option<Move> {
        let castling = self.rules.castling.as_ref()?;
        let topo = &self.rules.topology;
        let st = &pos.st;
        let us = st.side;
        let (king_file, rank) = topo.coords(king);
        let king_to = topo.cell(i32::from(file), i32::from(rank))?;
        let toward_centre = if side == 0 { -1 } else { 1 };
        let partner_to = topo.offset(king_to, toward_centre, 0)?;
        let files = [
            king_file,
            file,
            topo.coords(partner).0,
            topo.coords(partner_to).0,
        ];
        let (low, high) = (*files.iter().min()?, *files.iter().max()?);
        let span: Bits<W> = (low..=high)
            .filter_map(|f| topo.cell(i32::from(f), i32::from(rank)))
            .collect();
        let others = span.without(king).without(partner);
        if others.intersects(st.occupied()) || span.intersects(st.blocking) {
            return None;
        }
        if !castling.ignore_check {
            // The squares passed with the king lifted, the partner still in place; the
            // destination with both moved (the partner may screen it).
            let lifted = st.blockers().without(king);
            let landed = lifted.without(partner).with(partner_to);
            let step = if file > king_file { 1 } else { -1 };
            let passed = topo
                .ray(king, step, 0)
                .take(usize::from(file.abs_diff(king_file)));
            for cell in passed {
                let occ = if cell == king_to { landed } else { lifted };
                if self.royal_cell_attacked(pos, occ, cell, us) {
                    return None;
                }
            }
        }
        let piece = pos.slots[king.index()].piece?;
        Some(Move {
            kind: MoveKind::Castle {
                partner_from: partner,
                partner_to,
            },
            ..Move::new(king, king_to, piece, None)
        })
    }

    /// Whether the castling king on `king` stands attacked: the safety look already knows
    /// when it is the side's lone royal piece, else it is asked.
    fn in_check_before_castling<K: Sink>(&self, out: &Out<'_, '_, W, K>, king: Cell) -> bool {
        let pos = out.pos;
        let s = out.s;
        let us = pos.st.side;
        if out.gen.legal
            && s.guard
            && !s.test_all
            && pos.sets.of_kinds(us, self.rules.royal_kinds).single() == Some(king)
        {
            return s.check;
        }
        let occ = pos.st.blockers();
        self.royal_cell_attacked(pos, occ, king, us)
    }
}
