//! Drops: a piece of the side to move's hand onto an empty cell of its drop zone, one move
//! per kind held and cell. A drop can block a check but never exposes the royal piece, so
//! most need no trial; the bulk counter counts them by cell sets.

use crate::bitboard::{Bits, Cell};
use crate::rules::{Kind, KindSet, Piece};

use super::super::board::{Trial, Undo};
use super::super::position::Pos;
use super::super::safety::Safety;
use super::super::safety::Verdict;
use super::super::{Engine, Move};
use super::{Any, Gen, Out, Sink};

impl<const W: usize> Engine<'_, W> {
    /// The drops of the side to move, when the generator asks for quiet moves from anywhere.
    pub(crate) fn drop_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let Some(hand) = &self.rules.hand else {
            return;
        };
        if out.gen.noisy || out.gen.from != Bits::ALL {
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
            let Some(rule) = self.rules.pieces[k]
                .drop
                .as_ref()
                .filter(|r| !r.gating_only)
            else {
                continue;
            };
            let mut targets = empty & self.t.drop_zone[us.index()][k];
            if let Some(max) = rule.max_per_file {
                targets &= !self.files_holding(pos, Piece::new(kind, us), max);
            }
            if hand.opposite_colors != KindSet::EMPTY {
                targets &= self.colors_kept(pos, kind, empty);
            }
            let piece = Piece::new(kind, us);
            // Each drop as the piece is, then turned over where it may be.
            let turned: &[Kind] = match &self.rules.pieces[k].promotion {
                Some(p) if rule.promoted => &p.choices[us.index()],
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

    /// Under `must_drop`, whether the side to move holds a piece and has a legal drop: then
    /// its drops are its only moves (Fairy-Stockfish's `mustDrop`; without a legal drop, as
    /// when no drop answers a check, it moves).
    pub(crate) fn must_drop(&self, pos: &Pos<W>, s: &Safety<W>, gen: Gen<W>) -> bool {
        if pos.st.hand[pos.st.side.index()].iter().all(|&n| n == 0) {
            return false;
        }
        let s = if gen.legal {
            s.clone()
        } else {
            self.safety(pos)
        };
        let mut any = Any(false);
        let mut probe = Out {
            e: *self,
            pos,
            s,
            sink: &mut any,
            gen: Gen::LEGAL,
        };
        self.drop_moves(&mut probe);
        any.0
    }

    /// The cells a piece of `kind` may be dropped on so that every kind with
    /// `opposite_colors` can still end up split evenly between light and dark cells: a piece
    /// of such a kind not onto a colour that holds its half already; another piece not onto
    /// the last free cell of a colour that the kind's pieces still in hand need.
    fn colors_kept(&self, pos: &Pos<W>, kind: Kind, empty: Bits<W>) -> Bits<W> {
        let Some(hand) = &self.rules.hand else {
            return Bits::ALL;
        };
        let us = pos.st.side;
        let dark: Bits<W> = hand.dark.resize();
        let mut allowed = Bits::ALL;
        for bound in hand.opposite_colors.iter() {
            let on = pos.sets.of(us, bound);
            let total = on.count() as usize + pos.st.hand[us.index()][bound.index()] as usize;
            for color in [dark, self.t.all & !dark] {
                if bound == kind {
                    // Its own colour may take no more than half, rounded up.
                    if (on & color).count() as usize >= total.div_ceil(2) {
                        allowed &= !color;
                    }
                } else {
                    let free = empty & self.t.drop_zone[us.index()][bound.index()] & color;
                    let room = (on & color).count() as usize + free.count() as usize;
                    if room < total / 2 {
                        return Bits::EMPTY;
                    }
                    if room == total / 2 {
                        allowed &= !free;
                    }
                }
            }
        }
        allowed
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
