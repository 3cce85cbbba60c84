//! The bulk counter's set-wise path: the moves of all the pieces of a kind counted at once
//! from its set-wise tables ([`SetWise`]), each leap one shift of the pieces' cells, instead
//! of piece by piece. Only counting asks for it, and only where no move needs a look of its
//! own; the moves it counts are those the per-piece path lists. The property playouts
//! compare the count with the list and with the slow reference at every ply of the bundled
//! variants and the suite games they play, and `tests/variants/fsf_random.rs` compares
//! perft(3) with Fairy-Stockfish's on random positions of every suite definition.

use crate::rules::setwise::{SetWise, MAX_RIDER_SETS};
use crate::rules::tables::{KindFacts, Mode, PieceTables};
use crate::rules::Kind;
use crate::types::bitboard::Bits;

use super::super::Engine;
use super::{Out, Sink};

impl<const W: usize> Engine<'_, W> {
    /// The cells the moves counted set-wise must reach (the answers to a check, or every
    /// cell), or `None` when no kind may be counted set-wise here: the sink lists moves, only
    /// some moves are asked for, or moves must be looked at one by one (under the no-checks
    /// rule, with arrivals whose effects may expose a royal piece, when every move is
    /// tried, or in a check whose answers are not a set of cells).
    #[inline]
    pub(super) fn setwise_allowed<K: Sink>(&self, out: &Out<'_, '_, W, K>) -> Option<Bits<W>> {
        if !K::COUNT || !out.gen.legal || out.gen.noisy || out.checks.is_some() {
            return None;
        }
        let s = out.s;
        if !s.guard {
            return Some(Bits::ALL);
        }
        if s.test_all || !s.special.is_empty() {
            return None;
        }
        if s.check {
            s.evasion
        } else {
            Some(Bits::ALL)
        }
    }

    /// Counts into the sink the moves of the side to move's pieces of `kind` on `cells`,
    /// none of them pinned, whose tables are `t` and `sw`, each arriving on `allowed`. A
    /// promoting arrival counts once per promotion choice.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn count_setwise<K: Sink>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        kind: Kind,
        facts: &KindFacts,
        t: &PieceTables<W>,
        sw: &SetWise<W>,
        cells: Bits<W>,
        allowed: Bits<W>,
    ) {
        let st = &out.pos.st;
        let us = st.side;
        let occ = st.blockers();
        // Walls take no piece: a quiet move stops short of them as of a piece.
        let closed = if self.rules.walls.is_some() {
            occ
        } else {
            st.occupied()
        };
        let quiet = !closed & allowed;
        let capture = st.by_color[us.opponent().index()] & allowed;
        let both = quiet | capture;
        let arrivals = |mode: Mode| match mode {
            Mode::Both => both,
            Mode::Quiet => quiet,
            Mode::Capture => capture,
        };
        let unmoved = if facts.first_move {
            cells & st.unmoved
        } else {
            Bits::EMPTY
        };
        let zone = self.t.promotion_zone[us.index()][kind.index()];
        let extra = facts.extra_choices[us.index()] as u32;
        let mut n = 0;
        let mut add = |targets: Bits<W>| {
            n += targets.count();
            if extra > 0 {
                n += (targets & zone).count() * extra;
            }
        };
        for leap in &sw.leaps {
            let from = if leap.initial { unmoved } else { cells } & leap.from;
            add(from.shifted(leap.shift) & arrivals(leap.mode));
        }
        for lame in &sw.lame {
            let leap = &lame.leap;
            let from = if leap.initial { unmoved } else { cells } & leap.from;
            if from.is_empty() {
                continue;
            }
            let mut open = Bits::EMPTY;
            for way in &lame.ways {
                open |= way
                    .iter()
                    .fold(from, |from, &back| from & !occ.shifted(back));
            }
            add(open.shifted(leap.shift) & arrivals(leap.mode));
        }
        if !sw.rides_filled && !t.plain_rides.is_empty() {
            let lines = &self.t.lines;
            for from in cells {
                let mut slid = Bits::EMPTY;
                for &line in &t.plain_rides {
                    slid |= lines.slide(line, lines.ray(line, from), occ);
                }
                add(slid & both);
            }
        }
        out.sink.add(n as usize);
    }

    /// Counts into the sink the moves along the lines of the side's [`LineFills`] of its
    /// pieces off the `critical` cells, each arriving on `allowed`: one fill per line from
    /// all its riders (of one line, only the nearest rider reaches a cell, so no move is
    /// counted twice).
    #[inline]
    pub(super) fn count_filled_lines<K: Sink>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        critical: Bits<W>,
        allowed: Bits<W>,
    ) {
        let st = &out.pos.st;
        let us = st.side;
        let fills = &self.t.line_fills[us.index()];
        if fills.lines.is_empty() {
            return;
        }
        let mut riders = [Bits::EMPTY; MAX_RIDER_SETS];
        let free = !critical & out.gen.from;
        for (cells, &kinds) in riders.iter_mut().zip(&fills.riders) {
            *cells = out.pos.sets.of_kinds(us, kinds) & free;
        }
        let occ = st.blockers();
        let closed = if self.rules.walls.is_some() {
            occ
        } else {
            st.occupied()
        };
        let arrivals = (!closed | st.by_color[us.opponent().index()]) & allowed;
        let empty = !occ;
        let mut n = 0;
        for (fill, at) in &fills.lines {
            let from = riders[*at];
            if !from.is_empty() {
                n += (fill.reach(from, empty) & arrivals).count();
            }
        }
        out.sink.add(n as usize);
    }
}
