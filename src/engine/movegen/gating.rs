//! Gating (`hand: gating`; Fairy-Stockfish's `gating` with `seirawanGating`, S-chess): a
//! move whose piece leaves an open gate for the first time may bring a piece from the hand
//! onto it, and castling may gate on the king's or the partner's cell. Off the hot path: the
//! ordinary moves are generated as in any game, then this pass adds, for the legal moves
//! that open a gate, one gated move per kind the hand holds whose drop zone has the gate
//! (when only their number is asked, the moves from the gates in each such kind's zone are
//! counted in bulk).
//! As in Fairy-Stockfish, the gated piece screens nothing within its own move: a gated move
//! is legal exactly when the same move without it is (a piece pinned along the back rank
//! stays pinned, though the piece gated in behind it would shield the king).

use crate::rules::Kind;
use crate::types::bitboard::Bits;

use super::super::{Engine, Gate, Move, MoveKind};
use super::{Count, Gen, Out, Sink};

impl<const W: usize> Engine<'_, W> {
    /// The gated moves of the side to move.
    #[cold]
    #[inline(never)]
    pub(crate) fn gating_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let held = &pos.hand[us.index()];
        let gates = self.t.gates[us.index()] & st.unmoved & st.by_color[us.index()];
        if gates.is_empty() || held.iter().all(|&n| n == 0) {
            return;
        }
        if K::COUNT {
            // A move from a gate has one gated form per kind in hand that may enter there:
            // per such kind, the moves from the gates in its zone, counted in bulk.
            for (k, &n) in held.iter().enumerate() {
                let from = gates & out.gen.from & self.t.drop_zone[us.index()][k];
                if n == 0 || from.is_empty() {
                    continue;
                }
                let mut count = Count(0);
                let mut from_gates = Out {
                    e: *self,
                    pos,
                    s: out.s,
                    sink: &mut count,
                    gen: Gen { from, ..out.gen },
                    checks: out.checks,
                };
                self.piece_moves(&mut from_gates);
                out.sink.add(count.0);
            }
            if out.gen.noisy {
                return;
            }
        }
        // The moves that open a gate (from one, or castling with a partner on one), each
        // turned into its gated moves as it comes.
        let mut gated = Gated {
            gates,
            held,
            zones: &self.t.drop_zone[us.index()],
            inner: &mut *out.sink,
        };
        let mut inner = Out {
            e: *self,
            pos,
            s: out.s,
            sink: &mut gated,
            gen: Gen {
                legal: out.gen.legal,
                noisy: out.gen.noisy,
                from: gates & out.gen.from,
            },
            checks: out.checks,
        };
        if !K::COUNT {
            self.piece_moves(&mut inner);
        }
        if !out.gen.noisy && !inner.sink.full() {
            inner.gen.from = out.gen.from;
            self.castling_moves(&mut inner);
        }
    }
}

/// Takes the legal moves that open a gate and passes on their gated forms: one per kind
/// the hand holds whose drop zone has the gate (counted in bulk when the sink counts).
struct Gated<'a, const W: usize, K: Sink> {
    gates: Bits<W>,
    held: &'a [u8],
    /// Per kind, the side's drop zone.
    zones: &'a [Bits<W>],
    inner: &'a mut K,
}

impl<const W: usize, K: Sink> Sink for Gated<'_, W, K> {
    const COUNT: bool = false;
    fn push(&mut self, m: Move) {
        let (partner_gate, landed) = match m.kind {
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => (
                Some(partner_from).filter(|&c| self.gates.has(c)),
                Bits::<W>::from_cell(m.to).with(partner_to),
            ),
            _ => (None, Bits::<W>::from_cell(m.to)),
        };
        let from_gate = Some(m.from).filter(|&c| self.gates.has(c));
        for cell in [from_gate, partner_gate].into_iter().flatten() {
            // The king or the partner landing on the gate closes it.
            if landed.has(cell) {
                continue;
            }
            let kinds =
                (0..self.held.len()).filter(|&k| self.held[k] > 0 && self.zones[k].has(cell));
            if K::COUNT {
                self.inner.add(kinds.count());
                continue;
            }
            for k in kinds {
                self.inner.push(Move {
                    gate: Some(Gate {
                        kind: Kind::new(k as u8),
                        cell,
                    }),
                    ..m
                });
            }
        }
    }
    fn add(&mut self, _: usize) {
        unreachable!("each move that opens a gate is looked at")
    }
    fn full(&self) -> bool {
        self.inner.full()
    }
}
