//! `stalemate: pass`: a side without a legal move passes its turn (Fairy-Stockfish's
//! `passOnStalemate`: Ataxx, Othello). Games without it never come here: `generate` looks at
//! the rule once per call, beside forced capture and no checks.

use crate::types::bitboard::Bits;

use super::super::{Engine, Move};
use super::{Gen, Out, Sink};
use crate::rules::position::Pos;

/// Passes moves on, noting whether any came.
struct Noting<'k, K: Sink> {
    inner: &'k mut K,
    any: bool,
}

impl<K: Sink> Sink for Noting<'_, K> {
    const COUNT: bool = K::COUNT;
    #[inline]
    fn push(&mut self, m: Move) {
        self.any = true;
        self.inner.push(m);
    }
    #[inline]
    fn add(&mut self, n: usize) {
        self.any |= n > 0;
        self.inner.add(n);
    }
    #[inline]
    fn full(&self) -> bool {
        self.inner.full()
    }
}

impl<const W: usize> Engine<'_, W> {
    /// The moves `gen` asks for, and the pass when the side has no other legal move. Asked
    /// for the moves of some cells only, the side's other moves are looked for too.
    #[cold]
    pub(crate) fn generate_or_pass<K: Sink>(&self, pos: &Pos<W>, gen: Gen<W>, sink: &mut K) {
        let mut noting = Noting {
            inner: sink,
            any: false,
        };
        self.generate_filtered_if(pos, gen, &mut noting);
        if noting.any || gen.noisy {
            return;
        }
        let sink = noting.inner;
        if gen.from != Bits::ALL {
            let mut others = Noting {
                inner: &mut super::Any(false),
                any: false,
            };
            self.generate_filtered_if(pos, Gen::LEGAL, &mut others);
            if others.any {
                return;
            }
        }
        let s = self.safety(pos);
        let mut out = Out {
            e: *self,
            pos,
            s: &s,
            sink,
            gen,
            checks: None,
        };
        self.pass_move(&mut out);
    }
}
