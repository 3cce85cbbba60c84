//! Moves of layer games beside the pieces' own: actions that are not moves to a square
//! (planting a marker, capturing without moving, the sortie's return), diving, and the
//! moves of submerged pieces.

use crate::rules::layers::{Facing, RemoteReach};
use crate::rules::{Kind, Piece};
use crate::types::bitboard::{Bits, Cell};

use super::super::{Engine, Move, MoveKind};
use super::{Out, Sink};
use crate::rules::position::Pos;

/// A move that is not a plain move of a piece: `kind` says what it does.
fn action(from: Cell, to: Cell, piece: Piece, captured: Option<Piece>, kind: MoveKind) -> Move {
    Move {
        kind,
        ..Move::new(from, to, piece, captured)
    }
}

impl<const W: usize> Engine<'_, W> {
    /// During a sortie of the side to move whose piece still stands: its further captures
    /// and its return, and nothing else. Returns whether that was the case.
    pub(crate) fn sortie_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) -> bool {
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let Some(from) = pos.extra.sortie[us.index()] else {
            return false;
        };
        let Some(piece) = pos.slots[from.index()].piece.filter(|p| p.color() == us) else {
            return false;
        };
        if !out.gen.from.has(from) {
            return true;
        }
        let kind = piece.kind();
        let occ = st.blockers();
        let enemy = st.by_color[us.opponent().index()];
        if let Some(k) = self.kind_layers(kind) {
            for (r, remote) in k.remote.iter().enumerate() {
                if remote.sortie {
                    for to in self.remote_reach(pos, from, kind, r, occ) & enemy {
                        let captured = pos.slots[to.index()].piece;
                        let kind = MoveKind::Remote { remote: r as u8 };
                        out.emit(action(from, to, piece, captured, kind));
                    }
                }
            }
        }
        if !out.gen.noisy {
            out.emit(action(from, from, piece, None, MoveKind::Return));
        }
        true
    }

    /// Actions of the surface pieces and moves of the submerged ones.
    pub(crate) fn layer_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let occ = st.blockers();
        let enemy = st.by_color[us.opponent().index()];
        let open_below = self.open_below(pos);
        for from in st.by_color[us.index()] & out.gen.from {
            let slot = pos.slots[from.index()];
            let Some(piece) = slot.piece else {
                continue;
            };
            let kind = piece.kind();
            let Some(k) = self.kind_layers(kind) else {
                continue;
            };
            if let Some((marker, ammo)) = k.plant {
                if !out.gen.noisy && slot.state.ammo(ammo as usize) > 0 && slot.marker == 0 {
                    out.emit(action(from, from, piece, None, MoveKind::Plant { marker }));
                }
            }
            for r in 0..k.remote.len() {
                for to in self.remote_reach(pos, from, kind, r, occ) & enemy {
                    let captured = pos.slots[to.index()].piece;
                    let kind = MoveKind::Remote { remote: r as u8 };
                    out.emit(action(from, to, piece, captured, kind));
                }
            }
            if !out.gen.noisy
                && k.submerge
                    .is_some_and(|s| s.turns_under(slot.state.surfaced()) > 0)
            {
                let (quiet, reach) =
                    self.piece_reach(&pos.sets, kind, from, us, occ, st.unmoved.has(from));
                for to in (quiet | reach) & open_below {
                    out.emit(action(from, to, piece, None, MoveKind::Dive));
                }
            }
        }
        self.submerged_moves(out, open_below);
    }

    fn submerged_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>, open_below: Bits<W>) {
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let below = pos.extra.blockers_below(st.blocking);
        let royal = self.rules.royal_kinds;
        // A submerged piece surfaces onto an empty cell or an enemy that is not royal.
        let surfaceable = |cell: Cell| {
            pos.slots[cell.index()]
                .piece
                .is_none_or(|p| p.color() != us && !royal.has(p.kind()))
        };
        for from in pos.extra.under[us.index()] & out.gen.from {
            let Some(piece) = pos.slots[from.index()].under else {
                continue;
            };
            let (quiet, reach) = self.piece_reach(&pos.sets, piece.kind(), from, us, below, false);
            for to in (quiet | reach) & open_below {
                let captured = pos.slots[to.index()].piece;
                if !out.gen.noisy {
                    out.emit(action(from, to, piece, None, MoveKind::Submerged));
                }
                if surfaceable(to) && (!out.gen.noisy || captured.is_some()) {
                    out.emit(action(from, to, piece, captured, MoveKind::Surface));
                }
            }
            let above = pos.slots[from.index()].piece;
            if surfaceable(from) && (!out.gen.noisy || above.is_some()) {
                out.emit(action(from, from, piece, above, MoveKind::Surface));
            }
        }
    }

    /// Cells a submerged piece may move to: no submerged piece there, no barring marker, no
    /// barring piece on the surface.
    pub(crate) fn open_below(&self, pos: &Pos<W>) -> Bits<W> {
        let Some(layers) = &self.rules.layers else {
            return Bits::EMPTY;
        };
        let x = &pos.extra;
        let mut barred = x.under[0] | x.under[1];
        for cell in x.marked[0] | x.marked[1] {
            let ty = pos.slots[cell.index()].marker.saturating_sub(1);
            if layers.markers[ty as usize].bars_submerged {
                barred = barred.with(cell);
            }
        }
        for (kind, k) in layers.kinds.iter().enumerate() {
            if k.bars_submerged {
                let kind = Kind::new(kind as u8);
                barred |= pos.sets.of(crate::types::piece::Color::White, kind)
                    | pos.sets.of(crate::types::piece::Color::Black, kind);
            }
        }
        self.t.all & !barred
    }

    /// The cells the remote capture `remote` of the piece of `kind` on `from` could hit (the
    /// first occupied cell of each line and the empty cells before it), given the occupancy;
    /// none without ammunition.
    pub(crate) fn remote_reach(
        &self,
        pos: &Pos<W>,
        from: Cell,
        kind: Kind,
        remote: usize,
        occ: Bits<W>,
    ) -> Bits<W> {
        let Some(r) = self.kind_layers(kind).and_then(|k| k.remote.get(remote)) else {
            return Bits::EMPTY;
        };
        let slot = pos.slots[from.index()];
        if r.ammo.is_some_and(|a| slot.state.ammo(a as usize) == 0) {
            return Bits::EMPTY;
        }
        match &r.reach {
            RemoteReach::Ring(_) => self
                .t
                .rings
                .iter()
                .find(|(k, i, _)| *k == kind.get() && *i as usize == remote)
                .map_or(Bits::EMPTY, |(_, _, cells)| cells[from.index()]),
            RemoteReach::Lines { steps, facing } => {
                let color = slot.piece.map_or(pos.st.side, |p| p.color());
                let forward = if *facing {
                    slot.state.facing()
                } else {
                    Facing::forward(color)
                };
                let topo = &self.rules.topology;
                let mut out = Bits::EMPTY;
                for &(dx, dy, most) in steps {
                    let (dx, dy) = forward.turn((dx, dy));
                    let mut cell = from;
                    for _ in 0..most {
                        let Some(next) = topo.offset(cell, dx.into(), dy.into()) else {
                            break;
                        };
                        out = out.with(next);
                        if occ.has(next) {
                            break;
                        }
                        cell = next;
                    }
                }
                out
            }
        }
    }
}
