//! Rules that judge a legal move by the other legal moves or by what it does to the enemy:
//! forced capture (when a legal capture exists, only captures are legal) and no checks (a
//! move that leaves an enemy royal piece attacked is illegal). Games without them never
//! come here: `generate` looks at two flags of the rule set once per call.

use crate::bitboard::Bits;

use super::super::board::Trial;
use super::super::position::Pos;
use super::super::{Engine, Move};
use super::{Gen, Sink};

/// Passes on the moves the rules allow.
struct Filter<'a, 'p, const W: usize, K: Sink> {
    e: Engine<'a, W>,
    pos: &'p Pos<W>,
    inner: &'p mut K,
    captures_only: bool,
}

impl<const W: usize, K: Sink> Sink for Filter<'_, '_, W, K> {
    // Every move is judged on its own: nothing is counted in bulk.
    const COUNT: bool = false;
    #[inline]
    fn push(&mut self, m: Move) {
        if self.captures_only && !m.is_capture() {
            return;
        }
        if self.e.rules.no_checks && self.e.gives_check(self.pos, &m) {
            return;
        }
        self.inner.push(m);
    }
    fn add(&mut self, _: usize) {
        unreachable!("a filter is never counted into")
    }
    #[inline]
    fn full(&self) -> bool {
        self.inner.full()
    }
}

/// Looks for one legal capture.
struct AnyCapture(bool);

impl Sink for AnyCapture {
    const COUNT: bool = false;
    #[inline]
    fn push(&mut self, m: Move) {
        self.0 |= m.is_capture();
    }
    fn add(&mut self, _: usize) {
        unreachable!("never counted into")
    }
    #[inline]
    fn full(&self) -> bool {
        self.0
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Whether `m` (pseudo-legal in `pos`) leaves a royal piece of the opponent attacked.
    pub(crate) fn gives_check(&self, pos: &Pos<W>, m: &Move) -> bool {
        let mut t = Trial::new(pos);
        self.apply(&mut t, m);
        self.royal_attacked(&t, pos.st.side.opponent())
    }

    /// Whether the side to move has a legal capture (judged with the no-checks rule).
    pub(crate) fn has_legal_capture(&self, pos: &Pos<W>) -> bool {
        let gen = Gen {
            legal: true,
            noisy: true,
            from: Bits::ALL,
        };
        let mut any = AnyCapture(false);
        let mut filter = Filter {
            e: *self,
            pos,
            inner: &mut any,
            captures_only: true,
        };
        self.generate_moves(pos, gen, &mut filter);
        any.0
    }

    /// The legal moves `gen` asks for under forced capture and no checks.
    pub(crate) fn generate_filtered<K: Sink>(&self, pos: &Pos<W>, gen: Gen<W>, sink: &mut K) {
        let captures_only = self.rules.captures_forced && self.has_legal_capture(pos);
        let mut filter = Filter {
            e: *self,
            pos,
            inner: sink,
            captures_only,
        };
        self.generate_moves(pos, gen, &mut filter);
    }
}
