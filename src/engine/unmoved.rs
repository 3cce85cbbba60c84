//! Which pieces count as unmoved: the state behind first-move components, castling rights
//! and open gates.
//!
//! Only meaningful marks are kept, so that equal positions have equal unmoved sets (and
//! hashes) however they were reached: a castling king keeps its mark only while an unmoved
//! partner stands on its rank, and a partner only while such a king does; a piece on a gate
//! keeps it while its side may still gate (see [`Engine::gates_live`]). A piece loses its
//! mark when it leaves its cell (see `effects`).

use crate::rules::{Color, Piece};
use crate::types::bitboard::Bits;

use super::board::{Board, PieceSets, View};
use super::{Engine, Move};

impl<const W: usize> Engine<'_, W> {
    /// `unmoved` without the castling marks that no longer stand for a right on `b`, and
    /// without the marks of gates their side can no longer use.
    pub(crate) fn without_orphaned_castlers(&self, b: &impl View<W>, unmoved: Bits<W>) -> Bits<W> {
        let mut out = unmoved;
        // Marks on gates that still matter, whatever castling says of them.
        let mut gates = Bits::EMPTY;
        if self.t.gating {
            for color in Color::BOTH {
                let on_gates =
                    unmoved & self.t.gates[color.index()] & b.st().by_color[color.index()];
                if self.gates_live(b, color) {
                    gates |= on_gates;
                } else {
                    // Dead gates keep only the marks castling or a first move needs.
                    for cell in on_gates {
                        let kind = b.slot(cell).piece.map(|p| p.kind());
                        if kind.is_some_and(|k| !self.rules.remembers_unmoved(k)) {
                            out = out.without(cell);
                        }
                    }
                }
            }
        }
        let Some(c) = &self.rules.castling else {
            return out;
        };
        let st = b.st();
        let topo = &self.rules.topology;
        let same_rank = |a, b| topo.coords(a).1 == topo.coords(b).1;
        let first_move = |cell| {
            b.slot(cell)
                .piece
                .is_some_and(|p| self.rules.pieces[p.kind().index()].first_move)
        };
        for color in Color::BOTH {
            let ours = st.by_color[color.index()] & unmoved;
            let kings = ours & b.sets().of(color, c.king);
            let partners = ours & b.sets().of_kinds(color, c.partners) & !kings;
            for king in kings {
                let paired = partners.cells().any(|p| same_rank(king, p));
                if !paired && !first_move(king) && !gates.has(king) {
                    out = out.without(king);
                }
            }
            for partner in partners {
                let paired = kings.cells().any(|k| same_rank(k, partner));
                if !paired && !first_move(partner) && !gates.has(partner) {
                    out = out.without(partner);
                }
            }
        }
        out
    }

    /// Takes first-move rights from the enemy pieces whose `loses_first_move_to:` names the
    /// kind that made `m` when it ended on their file or rank (Cambodian chess: a rook aimed
    /// at the king, whatever stands between).
    #[cold]
    #[inline(never)]
    pub(crate) fn lose_first_moves(&self, b: &mut impl Board<W>, m: &Move) {
        let mover = m.piece.kind();
        let them = m.piece.color().opponent();
        let topo = &self.rules.topology;
        let (file, rank) = topo.coords(m.to);
        let st = b.st();
        let mut unmoved = st.unmoved;
        for cell in st.unmoved & st.by_color[them.index()] {
            let Some(p) = b.slot(cell).piece else {
                continue;
            };
            let (f, r) = topo.coords(cell);
            if (f == file || r == rank)
                && self.rules.pieces[p.kind().index()]
                    .loses_first_move_to
                    .has(mover)
            {
                unmoved = unmoved.without(cell);
            }
        }
        if unmoved != b.st().unmoved {
            super::effects::set_unmoved(b.st_mut(), &self.rules.zobrist, unmoved);
        }
    }

    /// Whether `color` may still gate: it holds a piece that may enter by gating, or
    /// captures go to hand (so it may come to hold one). Fairy-Stockfish forgets the gates
    /// of a side whose hand is empty for good in the same way (`seirawanGating`).
    pub(crate) fn gates_live(&self, b: &impl View<W>, color: Color) -> bool {
        let Some(hand) = &self.rules.hand else {
            return false;
        };
        hand.captures_to_hand
            || self.rules.kinds().any(|k| {
                self.rules.pieces[k.index()].drop.is_some() && b.held(Piece::new(k, color)) > 0
            })
    }
}
