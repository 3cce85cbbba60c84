//! Making a move of a layer game: the move or action itself, then the effects that follow
//! every move (sonar, the mover's turn counters, forced surfacing of the opponent's pieces).

use crate::bitboard::Bitboard;
use crate::engine::{Move, MoveKind, Position};
use crate::rules::layers::{Facing, PieceState};
use crate::rules::{Color, Piece, Ruleset};

impl Ruleset {
    /// The position after `m` in a layer game (see [`Ruleset::play_unchecked`]).
    pub(in crate::engine) fn play_layer_move(&self, pos: &Position, m: Move) -> Position {
        let z = &self.zobrist;
        let us = pos.side;
        let mut captured = false;
        let mut p = match m.kind {
            MoveKind::Normal | MoveKind::EnPassant { .. } | MoveKind::Castle { .. } => {
                let mut p = self.play_plain(pos, m);
                captured |= self.carry_state(&mut p, pos, m);
                p
            }
            _ => {
                let mut p = pos.clone();
                captured |= self.play_action(&mut p, m);
                p.set_en_passant(z, Bitboard::EMPTY, None);
                p.halfmove_clock = p.halfmove_clock.saturating_add(1);
                if us == Color::Black {
                    p.fullmove = p.fullmove.saturating_add(1);
                }
                p.set_side(z, us.opponent());
                p
            }
        };
        let shot_out = match m.kind {
            MoveKind::Remote { remote } => {
                let kind = pos.piece_at(m.from).expect("the shooter").kind();
                self.layer_rules().kinds[kind as usize].remote[remote as usize].sortie
            }
            _ => false,
        };
        p.layers_mut().sortie[us.index()] = shot_out.then_some(m.from);
        captured |= self.sonar(&mut p);
        self.count_turn(&mut p, us);
        captured |= self.surface_expired(&mut p, us.opponent());
        if captured {
            p.halfmove_clock = 0;
        }
        // A piece stays unmoved only while the same piece stands on its cell (effects may
        // have removed it, and a surfacing piece may have taken its place).
        let unmoved = p
            .unmoved
            .cells()
            .filter(|&c| p.piece_at(c) == pos.piece_at(c))
            .fold(Bitboard::EMPTY, Bitboard::with);
        if unmoved != p.unmoved {
            let unmoved = self.without_orphaned_castlers(&p, unmoved);
            p.set_unmoved(z, unmoved);
        }
        p.refresh_layer_key(z);
        p
    }

    /// After a surface move made by [`Ruleset::play_plain`]: the moved pieces' states follow
    /// them (facing, reload), a hunter captures below, a marker destroys the arrival. Returns
    /// whether anything more was captured.
    fn carry_state(&self, p: &mut Position, pos: &Position, m: Move) -> bool {
        let us = pos.side;
        let l = p.layers_mut();
        if let MoveKind::EnPassant { captured } = m.kind {
            l.state[captured as usize] = PieceState::default();
        }
        let partner = match m.kind {
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => Some((partner_from, partner_to)),
            _ => None,
        };
        // Both states are taken before either is put down: castling may swap the two cells.
        let moved = [Some((m.from, m.to)), partner]
            .map(|mv| mv.map(|(from, to)| (from, to, std::mem::take(&mut l.state[from as usize]))));
        for (from, to, state) in moved.into_iter().flatten() {
            let piece = p.piece_at(to).expect("it arrived");
            let state = if m.promotion.is_some() && from == m.from {
                self.layer_rules().start_state(piece.kind(), us)
            } else {
                state
            };
            let state = self.moved_state(piece, state, from, to);
            p.layers_mut().state[to as usize] = state;
        }
        let mut captured = false;
        let mover = p.piece_at(m.to).expect("it arrived");
        let l = p.layers_mut();
        if self.layer_rules().kinds[mover.kind() as usize].hunts_submerged
            && l.under[m.to as usize].is_some_and(|s| s.color() != us)
        {
            l.take_under(m.to);
            captured = true;
        }
        captured | self.enter_marker(p, m.to)
    }

    /// A piece's state after it moved from `from` to `to`: facing the move's direction when
    /// it is straight, ammunition refilled in its reload cells.
    fn moved_state(&self, piece: Piece, mut state: PieceState, from: u8, to: u8) -> PieceState {
        let k = &self.layer_rules().kinds[piece.kind() as usize];
        if k.facing {
            let (fx, fy) = self.topology.coords(from);
            let (tx, ty) = self.topology.coords(to);
            if let Some(f) = Facing::of_move(tx as i32 - fx as i32, ty as i32 - fy as i32) {
                state = state.with_facing(f);
            }
        }
        for (slot, a) in k.ammo.iter().enumerate() {
            if a.reload[piece.color().index()].has(to) {
                state = state.with_ammo(slot, a.count);
            }
        }
        state
    }

    /// A piece arriving on the surface of `cell`: a destroying marker there takes it and
    /// itself away. Returns whether it did.
    fn enter_marker(&self, p: &mut Position, cell: u8) -> bool {
        let Some((ty, _)) = p.layers().marker_at(cell) else {
            return false;
        };
        if !self.layer_rules().markers[ty as usize].destroys {
            return false;
        }
        p.remove(&self.zobrist, cell);
        let l = p.layers_mut();
        l.state[cell as usize] = PieceState::default();
        l.clear_marker(cell);
        true
    }

    /// Planting, remote captures, the return and the submerged moves. Returns whether a piece
    /// was captured.
    fn play_action(&self, p: &mut Position, m: Move) -> bool {
        let z = &self.zobrist;
        let rules = self.layer_rules();
        let us = p.side;
        match m.kind {
            MoveKind::Plant { marker } => {
                let kind = p.piece_at(m.from).expect("the planter").kind();
                let slot = rules.kinds[kind as usize].plant.expect("a planter").1 as usize;
                let l = p.layers_mut();
                let state = l.state[m.from as usize];
                l.state[m.from as usize] = state.with_ammo(slot, state.ammo(slot) - 1);
                l.set_marker(rules, m.from, marker, us);
                false
            }
            MoveKind::Remote { remote } => {
                let kind = p.piece_at(m.from).expect("the shooter").kind();
                let slot = rules.kinds[kind as usize].remote[remote as usize].ammo;
                p.remove(z, m.to);
                let l = p.layers_mut();
                l.state[m.to as usize] = PieceState::default();
                if let Some(slot) = slot.map(usize::from) {
                    let state = l.state[m.from as usize];
                    l.state[m.from as usize] = state.with_ammo(slot, state.ammo(slot) - 1);
                }
                true
            }
            MoveKind::Dive => {
                let piece = p.remove(z, m.from).expect("the diver");
                let l = p.layers_mut();
                let state = std::mem::take(&mut l.state[m.from as usize]);
                let submerge = rules.kinds[piece.kind() as usize]
                    .submerge
                    .expect("a diver");
                let under = submerge.turns_under(state.surfaced());
                l.put_under(m.to, piece, state.with_surfaced(0).with_submerged(under));
                false
            }
            MoveKind::Submerged => {
                let l = p.layers_mut();
                let (piece, state) = l.take_under(m.from).expect("a submerged piece");
                l.put_under(m.to, piece, state);
                false
            }
            MoveKind::Surface => {
                let (piece, state) = p
                    .layers_mut()
                    .take_under(m.from)
                    .expect("a submerged piece");
                let captured = p.remove(z, m.to).is_some();
                p.put(z, m.to, piece);
                p.layers_mut().state[m.to as usize] = state.with_surfaced(0).with_submerged(0);
                captured | self.enter_marker(p, m.to)
            }
            MoveKind::Return => false,
            _ => unreachable!("surface moves are made by play_plain"),
        }
    }

    /// Forces up the submerged pieces on the sonar cells of enemy pieces. Returns whether a
    /// piece was captured or destroyed.
    fn sonar(&self, p: &mut Position) -> bool {
        let mut captured = false;
        for (kind, k) in self.layer_rules().kinds.iter().enumerate() {
            if k.sonar.is_empty() {
                continue;
            }
            for color in Color::BOTH {
                for from in p.pieces_of_kind(kind as u8, color) {
                    let targets = k.sonar[from as usize]
                        & p.layers().under_by_color[color.opponent().index()];
                    for cell in targets {
                        captured |= self.force_up(p, cell);
                    }
                }
            }
        }
        captured
    }

    /// The end of `us`'s turn: its divers on the surface count one more surface turn, its
    /// submerged pieces one turn less to stay.
    fn count_turn(&self, p: &mut Position, us: Color) {
        let rules = self.layer_rules();
        let divers: Vec<(u8, u8)> = rules
            .kinds
            .iter()
            .enumerate()
            .filter_map(|(kind, k)| Some((kind as u8, k.submerge?.surface_cap())))
            .collect();
        for (kind, cap) in divers {
            for cell in p.pieces_of_kind(kind, us) {
                let s = &mut p.layers_mut().state[cell as usize];
                *s = s.with_surfaced((s.surfaced() + 1).min(cap));
            }
        }
        let l = p.layers_mut();
        for cell in l.under_by_color[us.index()] {
            let s = &mut l.under_state[cell as usize];
            *s = s.with_submerged(s.submerged().saturating_sub(1));
        }
    }

    /// The start of `side`'s turn: its submerged pieces whose time is up surface. Returns
    /// whether a piece was captured or destroyed.
    fn surface_expired(&self, p: &mut Position, side: Color) -> bool {
        let l = p.layers();
        let expired: Vec<u8> = l.under_by_color[side.index()]
            .cells()
            .filter(|&c| l.under_state[c as usize].submerged() == 0)
            .collect();
        let mut captured = false;
        for cell in expired {
            captured |= self.force_up(p, cell);
        }
        captured
    }

    /// Brings the submerged piece under `cell` up: a royal piece above destroys it, any other
    /// piece above (of either colour) is captured, a destroying marker destroys it. Returns
    /// whether a piece was taken off.
    fn force_up(&self, p: &mut Position, cell: u8) -> bool {
        let z = &self.zobrist;
        let Some((piece, state)) = p.layers_mut().take_under(cell) else {
            return false;
        };
        let mut taken = false;
        if let Some(above) = p.piece_at(cell) {
            if self.royal_kinds >> above.kind() & 1 != 0 {
                return true;
            }
            p.remove(z, cell);
            p.layers_mut().state[cell as usize] = PieceState::default();
            taken = true;
        }
        p.put(z, cell, piece);
        p.layers_mut().state[cell as usize] = state.with_surfaced(0).with_submerged(0);
        taken | self.enter_marker(p, cell)
    }
}
