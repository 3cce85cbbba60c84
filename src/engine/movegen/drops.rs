//! Drops: a piece of the side to move's hand onto an empty cell of its drop zone, one move
//! per kind held and cell. A drop can block a check but never exposes the royal piece, so
//! most need no trial; the bulk counter counts them by cell sets.

use crate::bitboard::{Bits, Cell};
use crate::rules::{Kind, Piece};

use super::super::board::{Trial, Undo};
use super::super::position::Pos;
use super::super::safety::Verdict;
use super::super::{Engine, Move};
use super::{Out, Sink};

impl<const W: usize> Engine<'_, W> {
    /// The drops of the side to move, when the generator asks for quiet moves from anywhere.
    pub(crate) fn drop_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        if self.rules.hand.is_none() || out.gen.noisy || out.gen.from != Bits::ALL {
            return;
        }
        let pos = out.pos;
        let us = pos.st.side;
        let empty = self.t.all & !pos.st.occupied() & !pos.st.blocking;
        for (k, &held) in pos.st.hand[us.index()].iter().enumerate() {
            if held == 0 {
                continue;
            }
            let kind = Kind::new(k as u8);
            let Some(rule) = &self.rules.pieces[k].drop else {
                continue;
            };
            let mut targets = empty & self.t.drop_zone[us.index()][k];
            if let Some(max) = rule.max_per_file {
                targets &= !self.files_holding(pos, Piece::new(kind, us), max);
            }
            let piece = Piece::new(kind, us);
            // Each drop as the piece is, then turned over where it may be.
            let turned: &[Kind] = match &self.rules.pieces[k].promotion {
                Some(p) if rule.promoted => &p.choices,
                _ => &[],
            };
            if K::COUNT && rule.mates && out.gen.legal && self.drops_unjudged(out) {
                out.sink.add(targets.count() as usize * (1 + turned.len()));
                continue;
            }
            for to in targets {
                let plain = Move::drop(piece, to);
                let turned = turned.iter().map(|&c| Move {
                    promotion: Some(c),
                    ..plain
                });
                for m in std::iter::once(plain).chain(turned) {
                    if out.gen.legal && self.forbidden_drop_mate(pos, &m) {
                        continue;
                    }
                    out.emit(m);
                    if out.sink.full() {
                        return;
                    }
                }
            }
        }
    }

    /// Whether every drop is legal as it stands: no check to answer, nothing that makes
    /// every move suspect, no cell where an arrival has effects.
    fn drops_unjudged<K: Sink>(&self, out: &Out<'_, '_, W, K>) -> bool {
        let s = &out.s;
        !s.apart && (!s.guard || (!s.check && !s.test_all && s.special.is_empty()))
    }

    /// The cells of the files holding `max` or more pieces like `piece` (for
    /// `max_per_file`).
    fn files_holding(&self, pos: &Pos<W>, piece: Piece, max: u8) -> Bits<W> {
        let topo = &self.rules.topology;
        let mut per_file = [0u8; 32];
        let mut files = 0u64;
        for cell in pos.sets.of(piece.color(), piece.kind()) {
            let file = topo.coords(cell).0 as usize;
            per_file[file] += 1;
            if per_file[file] >= max {
                files |= 1 << file;
            }
        }
        if files == 0 {
            return Bits::EMPTY;
        }
        self.t
            .all
            .cells()
            .filter(|&c| files & 1 << topo.coords(c).0 != 0)
            .collect()
    }

    /// Whether `m` is a drop of a piece that may not mate (`mates: false`) and, legal
    /// otherwise, checkmates: the opponent is in check after it and has no legal move.
    pub(crate) fn forbidden_drop_mate(&self, pos: &Pos<W>, m: &Move) -> bool {
        if m.kind != super::super::MoveKind::Drop
            || self.rules.pieces[m.piece.kind().index()]
                .drop
                .as_ref()
                .is_none_or(|d| d.mates)
        {
            return false;
        }
        let them = pos.st.side.opponent();
        let mut trial = Trial::new(pos);
        self.apply(&mut trial, m);
        if !self.royal_attacked(&trial, them) {
            return false;
        }
        let mut after = pos.clone();
        let mut undo = Undo::with_depth(1);
        self.apply(&mut undo.begin(&mut after), m);
        !self.has_legal(&after)
    }

    /// The verdict on a drop: legal unless a check must be answered (then only by blocking
    /// it) or something makes every move suspect.
    pub(crate) fn drop_verdict(&self, s: &super::super::safety::Safety<W>, to: Cell) -> Verdict {
        if s.test_all || s.special.has(to) {
            return Verdict::Trial;
        }
        if !s.check {
            return Verdict::Legal;
        }
        match s.evasion {
            Some(cells) if cells.has(to) => Verdict::Legal,
            Some(_) => Verdict::Illegal,
            None => Verdict::Trial,
        }
    }
}
