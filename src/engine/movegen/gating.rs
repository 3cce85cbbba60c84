//! Gating (`hand: gating`; Fairy-Stockfish's `gating` with `seirawanGating`, S-chess): a
//! move whose piece leaves an open gate for the first time may bring a piece from the hand
//! onto it, and castling may gate on the king's or the partner's cell. Off the hot path: the
//! ordinary moves are generated as in any game, then this pass adds, for the legal moves
//! that open a gate, one gated move per kind the hand holds whose drop zone has the gate.
//! As in Fairy-Stockfish, the gated piece screens nothing within its own move: a gated move
//! is legal exactly when the same move without it is (a piece pinned along the back rank
//! stays pinned, though the piece gated in behind it would shield the king).

use crate::rules::Kind;
use crate::types::bitboard::Bits;

use super::super::{Engine, Gate, Move, MoveKind};
use super::{Gen, List, Out, Sink};

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
        // The moves that open a gate: from one, or castling with a partner on one.
        let mut moves = Vec::new();
        {
            let mut inner = Out {
                e: *self,
                pos,
                s: out.s,
                sink: &mut List(&mut moves),
                gen: Gen {
                    legal: out.gen.legal,
                    noisy: out.gen.noisy,
                    from: gates & out.gen.from,
                },
            };
            self.piece_moves(&mut inner);
            if !out.gen.noisy {
                inner.gen.from = out.gen.from;
                self.castling_moves(&mut inner);
            }
        }
        for m in moves {
            let (partner_gate, landed) = match m.kind {
                MoveKind::Castle {
                    partner_from,
                    partner_to,
                } => (
                    Some(partner_from).filter(|&c| gates.has(c)),
                    Bits::<W>::from_cell(m.to).with(partner_to),
                ),
                _ => (None, Bits::<W>::from_cell(m.to)),
            };
            let from_gate = Some(m.from).filter(|&c| gates.has(c));
            for cell in [from_gate, partner_gate].into_iter().flatten() {
                // The king or the partner landing on the gate closes it.
                if landed.has(cell) {
                    continue;
                }
                for (k, &n) in held.iter().enumerate() {
                    if n == 0 || !self.t.drop_zone[us.index()][k].has(cell) {
                        continue;
                    }
                    let gated = Move {
                        gate: Some(Gate {
                            kind: Kind::new(k as u8),
                            cell,
                        }),
                        ..m
                    };
                    out.sink.push(gated);
                    if out.sink.full() {
                        return;
                    }
                }
            }
        }
    }
}
