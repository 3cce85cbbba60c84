//! Making a container game's move on a copy of the position.

use crate::rules::containers::{Crew, Kinds};
use crate::rules::{Color, Piece, Ruleset};

use super::super::{Move, MoveKind, Position};

impl Ruleset {
    /// The position after the sail or transfer `m` (see [`MoveKind`]); other kinds of move
    /// leave the position as it is, with the other side to move.
    pub(crate) fn play_container_move(&self, pos: &Position, m: Move) -> Position {
        let z = &self.zobrist;
        let mut p = pos.clone();
        let us = p.side;
        let mut resets = false;
        let mut ban = None;
        match m.kind {
            MoveKind::Sail { promotions } => {
                let crew = p.crews[m.from as usize];
                p.set_crew(z, m.from, Crew::NONE);
                let ours: Vec<Piece> = crew.pieces().filter(|q| q.color() == us).collect();
                resets = ours.iter().any(|q| self.resets_clock(*q));
                let promoted = self.promoted(&ours, m.to, promotions);
                let mut arrived = crew;
                for (old, new) in ours.iter().zip(&promoted) {
                    arrived = arrived.without(*old).with(*new);
                }
                p.set_crew(z, m.to, arrived);
                if self.containers.as_ref().is_some_and(|c| c.no_undo) {
                    ban = Some((m.from, m.to));
                }
            }
            MoveKind::Transfer {
                group,
                captured,
                promotions,
            } => {
                let mut group: Vec<Piece> = group.iter().map(|k| Piece::new(k, us)).collect();
                group.sort_unstable_by_key(|q| std::cmp::Reverse(q.kind()));
                let mut source = p.crews[m.from as usize];
                for q in &group {
                    source = source.without(*q);
                }
                p.set_crew(z, m.from, source);
                let mut target = p.crews[m.to as usize];
                if let Some(victim) = captured {
                    target = target.without(victim);
                    resets = true;
                }
                resets |= group.iter().any(|q| self.resets_clock(*q));
                for q in self.promoted(&group, m.to, promotions) {
                    target = target.with(q);
                }
                p.set_crew(z, m.to, target);
            }
            // No other kind of move exists in a container game: only the turn passes.
            _ => {}
        }
        p.set_undo_ban(z, ban);
        p.halfmove_clock = if resets {
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

    fn resets_clock(&self, piece: Piece) -> bool {
        self.pieces[piece.kind() as usize].resets_halfmove_clock
    }

    /// `moved` (largest kind first) after arriving on `to`: the pieces that promote there
    /// take the `promotions` in order, the others stay as they are.
    fn promoted(&self, moved: &[Piece], to: u8, promotions: Kinds) -> Vec<Piece> {
        let mut choices = promotions.iter();
        moved
            .iter()
            .map(|&q| {
                let promotes = self.pieces[q.kind() as usize]
                    .promotion
                    .as_ref()
                    .is_some_and(|p| p.zone[q.color().index()].has(to));
                if !promotes {
                    return q;
                }
                choices.next().map_or(q, |k| Piece::new(k, q.color()))
            })
            .collect()
    }
}
