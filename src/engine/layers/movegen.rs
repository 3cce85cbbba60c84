//! Legal moves of a layer game: surface moves with markers blocking, actions that are not
//! moves to a square (planting, remote captures, the sortie's return), diving, and the moves
//! of submerged pieces. Every candidate is made and tested, its effects included.

use crate::bitboard::Bitboard;
use crate::definition::RoyalRule;
use crate::engine::movegen::retain_legal;
use crate::engine::{Move, MoveKind, Position};
use crate::rules::Ruleset;

impl Ruleset {
    /// The legal moves of the side to move of a layer game, appended to `out`.
    pub(in crate::engine) fn layer_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        let extinction = self.end.royal == RoyalRule::Extinction;
        if (extinction || !self.end.flags.is_empty()) && self.decided(pos).is_some() {
            return;
        }
        if !self.sortie_moves(pos, out) {
            self.surface_moves(pos, out);
            self.submerged_moves(pos, out);
            if let Some(castling) = &self.castling {
                let us = pos.side;
                for king in pos.pieces_of_kind(castling.king, us) & pos.unmoved {
                    let from = out.len();
                    self.castling_moves(pos, king, out);
                    // No piece passes over a blocking marker.
                    let blocking = pos.layers().blocking;
                    retain_legal(out, from, |m| match m.kind {
                        MoveKind::Castle { partner_from, .. } => {
                            (self.passed_cells(m.from, partner_from) & blocking).is_empty()
                        }
                        _ => true,
                    });
                }
            }
        }
        retain_legal(out, start, |m| self.layer_move_legal(pos, m));
    }

    /// During a sortie of the side to move whose shooter still stands: its further shots and
    /// the return, and nothing else (returns whether that was the case).
    fn sortie_moves(&self, pos: &Position, out: &mut Vec<Move>) -> bool {
        let us = pos.side;
        let Some(from) = pos.layers().sortie[us.index()] else {
            return false;
        };
        let Some(piece) = pos.piece_at(from).filter(|p| p.color() == us) else {
            return false;
        };
        let kind = piece.kind();
        let occ = self.blocked(pos);
        let enemy = pos.pieces_of(us.opponent());
        for (r, remote) in self.layer_rules().kinds[kind as usize]
            .remote
            .iter()
            .enumerate()
        {
            if remote.sortie {
                for to in self.remote_reach(pos, from, kind, r, occ) & enemy {
                    out.push(action(from, to, MoveKind::Remote { remote: r as u8 }));
                }
            }
        }
        out.push(action(from, from, MoveKind::Return));
        true
    }

    /// Surface occupancy with blocking markers: what stops lines and paths.
    pub(crate) fn blocked(&self, pos: &Position) -> Bitboard {
        pos.occupied() | pos.layers().blocking
    }

    fn surface_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let them = us.opponent();
        let l = pos.layers();
        let rules = self.layer_rules();
        let occ = self.blocked(pos);
        let occupied = pos.occupied();
        let enemy = pos.pieces_of(them);
        let open_below = self.open_below(pos);
        for from in pos.pieces_of(us) {
            let kind = pos.piece_at(from).expect("occupied").kind();
            let k = &rules.kinds[kind as usize];
            let state = l.state[from as usize];
            let (quiet, reach) = self.piece_reach(kind, from, us, occ, pos.unmoved.has(from));
            let mut targets = (quiet & !occupied) | (reach & enemy);
            if k.hunts_submerged {
                targets |= reach & l.under_by_color[them.index()] & !occupied;
            }
            let zone = self.pieces[kind as usize]
                .promotion
                .as_ref()
                .map_or(Bitboard::EMPTY, |p| p.zone[us.index()]);
            for to in targets {
                self.push_with_promotions(kind, from, to, MoveKind::Normal, zone, out);
            }
            if self.pieces[kind as usize].en_passant {
                if let Some(victim) = pos.ep_victim {
                    for to in reach & pos.ep_targets & !occupied {
                        let ep = MoveKind::EnPassant { captured: victim };
                        self.push_with_promotions(kind, from, to, ep, zone, out);
                    }
                }
            }
            if let Some((marker, slot)) = k.plant {
                if state.ammo(slot as usize) > 0 && l.marker[from as usize] == 0 {
                    out.push(action(from, from, MoveKind::Plant { marker }));
                }
            }
            for r in 0..k.remote.len() {
                for to in self.remote_reach(pos, from, kind, r, occ) & enemy {
                    out.push(action(from, to, MoveKind::Remote { remote: r as u8 }));
                }
            }
            if k.submerge
                .is_some_and(|s| s.turns_under(state.surfaced()) > 0)
            {
                for to in (quiet | reach) & open_below {
                    out.push(action(from, to, MoveKind::Dive));
                }
            }
        }
    }

    fn submerged_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let us = pos.side;
        let l = pos.layers();
        let below = self.occupied_below(pos);
        let open_below = self.open_below(pos);
        // A submerged piece surfaces onto an empty cell or an enemy that is not royal.
        let surfaceable = |cell: u8| {
            pos.piece_at(cell)
                .is_none_or(|p| p.color() != us && self.royal_kinds >> p.kind() & 1 == 0)
        };
        for from in l.under_by_color[us.index()] {
            let kind = l.under[from as usize].expect("set").kind();
            let (quiet, reach) = self.piece_reach(kind, from, us, below, false);
            for to in (quiet | reach) & open_below {
                out.push(action(from, to, MoveKind::Submerged));
                if surfaceable(to) {
                    out.push(action(from, to, MoveKind::Surface));
                }
            }
            if surfaceable(from) {
                out.push(action(from, from, MoveKind::Surface));
            }
        }
    }

    /// Whether `m` leaves every royal piece of the mover on the board and unattacked, all
    /// its effects made.
    fn layer_move_legal(&self, pos: &Position, m: &Move) -> bool {
        if self.end.royal == RoyalRule::Extinction {
            return true;
        }
        let us = pos.side;
        let next = self.play_unchecked(pos, *m);
        next.royals(self, us).count() == pos.royals(self, us).count()
            && !self.royal_attacked(&next, us)
    }
}

/// A move that is not a plain move of a piece: `kind` says what it does.
fn action(from: u8, to: u8, kind: MoveKind) -> Move {
    Move {
        from,
        to,
        promotion: None,
        kind,
        outcome: None,
    }
}
