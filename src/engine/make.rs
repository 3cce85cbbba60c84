//! Making a move on a copy of the position.

use crate::bitboard::Bitboard;
use crate::rules::{Color, Piece, Ruleset};

use super::{Move, MoveKind, Position};

impl Ruleset {
    /// The position after `m`, which must be legal (or at least pseudo-legal) in `pos`.
    ///
    /// Checks nothing; use [`Ruleset::legal_moves`] or [`crate::Game::play`] for moves from
    /// outside.
    pub fn play_unchecked(&self, pos: &Position, m: Move) -> Position {
        if self.containers.is_some() {
            return self.play_container_move(pos, m);
        }
        if self.layers.is_some() {
            return self.play_layer_move(pos, m);
        }
        self.play_plain(pos, m)
    }

    /// [`Ruleset::play_unchecked`] for pieces on their own cells: the surface part of a move
    /// in a layer game.
    pub(super) fn play_plain(&self, pos: &Position, m: Move) -> Position {
        let z = &self.zobrist;
        let mut p = pos.clone();
        let us = p.side;
        let Some(piece) = p.remove(z, m.from) else {
            return p;
        };
        let mut unmoved = p.unmoved.without(m.from).without(m.to);
        let captured = match m.kind {
            MoveKind::Normal => p.remove(z, m.to),
            MoveKind::EnPassant { captured } => {
                unmoved = unmoved.without(captured);
                p.remove(z, captured)
            }
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => {
                if let Some(partner) = p.remove(z, partner_from) {
                    p.put(z, partner_to, partner);
                }
                unmoved = unmoved.without(partner_from).without(partner_to);
                None
            }
            _ => None,
        };
        let placed = m.promotion.map_or(piece, |k| Piece::new(k, us));
        p.put(z, m.to, placed);
        // A castling piece that moved or fell may leave its counterpart without a right.
        let cleared = pos.unmoved & !unmoved;
        if cleared.cells().any(|c| {
            pos.board[c as usize].is_some_and(|q| self.castling_kinds() >> q.kind() & 1 != 0)
        }) {
            unmoved = self.without_orphaned_castlers(&p, unmoved);
        }
        p.set_unmoved(z, unmoved);
        if let Some(victim) = captured {
            self.return_captured(&mut p, victim);
        }
        // A removal by chance is irreversible, as a capture is.
        let removed = m
            .outcome
            .is_some_and(|cell| self.apply_outcome(&mut p, m, cell));

        let kind = &self.pieces[piece.kind() as usize];
        let mut ep = (Bitboard::EMPTY, None);
        // En passant needs the piece that passed still there (the dice may have sunk it).
        let mover_stands = p.board[m.to as usize].is_some();
        if kind.en_passant && captured.is_none() && mover_stands && m.kind == MoveKind::Normal {
            let passed = self.passed_cells(m.from, m.to)
                & kind
                    .en_passant_zone
                    .map_or(!Bitboard::EMPTY, |z| z[us.index()]);
            // Only remember targets someone can capture on, so equal positions hash equally.
            if passed
                .into_iter()
                .any(|c| self.attacked_by(&p, c, us.opponent(), self.en_passant_kinds))
            {
                ep = (passed, Some(m.to));
            }
        }
        p.set_en_passant(z, ep.0, ep.1);
        p.halfmove_clock = if captured.is_some() || removed || kind.resets_halfmove_clock {
            0
        } else {
            p.halfmove_clock.saturating_add(1)
        };
        if us == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.set_side(z, us.opponent());
        p
    }

    /// The cells strictly between `from` and `to` when they lie on a straight line (rank, file
    /// or diagonal); empty otherwise or when they are adjacent.
    pub(crate) fn passed_cells(&self, from: u8, to: u8) -> Bitboard {
        let (fx, fy) = self.topology.coords(from);
        let (tx, ty) = self.topology.coords(to);
        let (dx, dy) = (tx as i32 - fx as i32, ty as i32 - fy as i32);
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return Bitboard::EMPTY;
        }
        let n = dx.abs().max(dy.abs());
        self.topology
            .ray(from, dx.signum(), dy.signum())
            .take(n.saturating_sub(1) as usize)
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// A captured piece under a return rule comes back when its owner has no other piece of
    /// its type: on the first empty cell of its order, or nowhere when all are taken.
    fn return_captured(&self, p: &mut Position, victim: Piece) {
        let (owner, kind) = (victim.color(), victim.kind());
        let Some(rule) = self
            .returns
            .iter()
            .find(|r| self.piece_of(p, r.piece, owner) == Some(kind))
        else {
            return;
        };
        if !p.pieces_of_kind(kind, owner).is_empty() {
            return;
        }
        if let Some(&cell) = rule.order[owner.index()][kind as usize]
            .iter()
            .find(|&&c| p.board[c as usize].is_none())
        {
            p.put(&self.zobrist, cell, victim);
        }
    }
}
