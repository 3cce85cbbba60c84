//! Legal move generation: pseudo-legal moves from the tables, then a legality filter that
//! only makes the moves that could expose a royal piece.

use crate::bitboard::Bitboard;
use crate::definition::Distance;
use crate::rules::{Color, Hop, Lines, Ride, Ruleset};

use super::{Move, MoveKind, Position};

/// The cells a line move from `from` can arrive on (empty cells and the capture cell), given
/// the occupancy.
#[inline]
pub(crate) fn line_targets(lines: &Lines, ride: &Ride, from: u8, occ: Bitboard) -> Bitboard {
    let reach = ride.reach[from as usize];
    match ride.hop {
        Hop::None => lines.slide(ride.line, reach, occ),
        Hop::Cannon => {
            let Some(screen) = lines.nearest(ride.line, reach & occ) else {
                return Bitboard::EMPTY;
            };
            let beyond = reach & lines.rays[ride.line][screen as usize];
            lines.slide(ride.line, beyond, occ)
        }
        Hop::Grasshopper => {
            let Some(hurdle) = lines.nearest(ride.line, reach & occ) else {
                return Bitboard::EMPTY;
            };
            match lines.next[ride.line][hurdle as usize] {
                Some(landing) => Bitboard::from_cell(landing),
                None => Bitboard::EMPTY,
            }
        }
    }
}

impl Ruleset {
    /// The legal moves of the side to move, appended to `out` (which is cleared first).
    ///
    /// Reuse one buffer across calls to avoid allocation. The order is the generator's
    /// (by origin cell); sort for presentation.
    pub fn legal_moves_into(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        let us = pos.side;
        let them = us.opponent();
        let royals = pos.royals(self, us);
        // Which moves can expose a royal piece and so must be tried: all of them when in check
        // or against hoppers and must-jump moves (any move may make a screen); otherwise the
        // moves of pinned pieces and of the royal piece, en passant and castling.
        let always = !royals.is_empty()
            && (self.attacks[them.index()].screens || self.royal_attacked(pos, us));
        let pinned = if always || royals.is_empty() {
            Bitboard::EMPTY
        } else {
            self.pinned(pos, royals, them)
        };
        let lone_royal = royals.count() == 1;
        let occ = pos.occupied();
        for from in pos.by_color[us.index()] {
            let piece = pos.board[from as usize].expect("bitboards match the board");
            let start = out.len();
            self.piece_moves(pos, piece.kind(), from, us, out);
            if royals.is_empty() {
                continue;
            }
            if always || pinned.has(from) || (royals.has(from) && !lone_royal) {
                self.keep_legal(pos, out, start);
            } else if royals.has(from) {
                keep(out, start, |m| {
                    !self.attacked_through(pos, occ.without(from), m.to, them, u32::MAX)
                });
            } else if !pos.ep_targets.is_empty() {
                self.keep_legal_special(pos, out, start);
            }
        }
        if let Some(castling) = &self.castling {
            for king in pos.pieces_of_kind(castling.king, us) & pos.unmoved {
                let start = out.len();
                self.castling_moves(pos, king, out);
                self.keep_legal(pos, out, start);
            }
        }
    }

    /// Keeps the moves of `out[start..]` that leave no royal piece of the mover attacked.
    fn keep_legal(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        keep(out, start, |m| {
            !self.royal_attacked(&self.play_unchecked(pos, *m), pos.side)
        });
    }

    /// Same, trying only the moves that are not plain (en passant removes two pieces from
    /// their lines).
    fn keep_legal_special(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        keep(out, start, |m| {
            m.kind == MoveKind::Normal
                || !self.royal_attacked(&self.play_unchecked(pos, *m), pos.side)
        });
    }

    /// Pieces of the side to move that alone stand between one of its `royals` and an enemy
    /// line or path attack: moving them may expose the royal piece. Others may move freely
    /// (when not in check).
    fn pinned(&self, pos: &Position, royals: Bitboard, them: Color) -> Bitboard {
        let attacks = &self.attacks[them.index()];
        let occ = pos.occupied();
        let ours = pos.by_color[them.opponent().index()];
        let mut pinned = Bitboard::EMPTY;
        for royal in royals {
            let r = royal as usize;
            for ray in &attacks.rays {
                let blockers = self.lines.rays[ray.line][r] & occ;
                let Some(first) = self.lines.nearest(ray.line, blockers) else {
                    continue;
                };
                if !ours.has(first) {
                    continue;
                }
                let Some(second) = self.lines.nearest(ray.line, blockers.without(first)) else {
                    continue;
                };
                let attacker = pos.board[second as usize].expect("occupied");
                if attacker.color() == them
                    && ray.kinds >> attacker.kind() & 1 != 0
                    && ray.reach[r].has(second)
                    && (!ray.initial || pos.unmoved.has(second))
                {
                    pinned = pinned.with(first);
                }
            }
            for (from, kind, cond) in &attacks.conditional[r] {
                if !pos.board[*from as usize]
                    .is_some_and(|p| p.color() == them && p.kind() == *kind)
                {
                    continue;
                }
                for alt in &cond.alternatives {
                    let blockers = alt.empty & occ;
                    if blockers.count() == 1 && !(blockers & ours).is_empty() {
                        pinned |= blockers;
                    }
                }
            }
        }
        pinned
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(pos, &mut out);
        out
    }

    /// Quiet targets and capture reach (cells it could capture on, ignoring who stands there)
    /// of one piece.
    #[inline]
    pub(crate) fn piece_targets(
        &self,
        pos: &Position,
        kind: u8,
        from: u8,
        us: Color,
    ) -> (Bitboard, Bitboard) {
        let t = &self.tables[us.index()][kind as usize];
        let f = from as usize;
        let occ = pos.occupied();
        let unmoved = pos.unmoved.has(from);
        let mut quiet = t.leap_quiet[f];
        let mut reach = t.leap_capture[f];
        if unmoved && self.pieces[kind as usize].has_initial {
            quiet |= t.initial_quiet[f];
            reach |= t.initial_capture[f];
        }
        for c in &t.conditional[f] {
            if (!c.initial || unmoved) && c.alternatives.iter().any(|a| a.open(occ)) {
                if c.mode.quiet() {
                    quiet = quiet.with(c.to);
                }
                if c.mode.capture() {
                    reach = reach.with(c.to);
                }
            }
        }
        for ride in &t.rides {
            if ride.initial && !unmoved {
                continue;
            }
            let targets = line_targets(&self.lines, ride, from, occ);
            if ride.mode.quiet() {
                quiet |= targets;
            }
            if ride.mode.capture() {
                reach |= targets;
            }
        }
        (quiet & !occ, reach)
    }

    fn piece_moves(&self, pos: &Position, kind: u8, from: u8, us: Color, out: &mut Vec<Move>) {
        let (quiet, reach) = self.piece_targets(pos, kind, from, us);
        let captures = reach & pos.by_color[us.opponent().index()];
        let piece = &self.pieces[kind as usize];
        let zone = piece
            .promotion
            .as_ref()
            .map_or(Bitboard::EMPTY, |p| p.zone[us.index()]);
        for to in quiet | captures {
            self.push_with_promotions(kind, from, to, MoveKind::Normal, zone, out);
        }
        if piece.en_passant && !pos.ep_targets.is_empty() {
            if let Some(victim) = pos.ep_victim {
                for to in reach & pos.ep_targets & !pos.occupied() {
                    self.push_with_promotions(
                        kind,
                        from,
                        to,
                        MoveKind::EnPassant { captured: victim },
                        zone,
                        out,
                    );
                }
            }
        }
    }

    #[inline]
    fn push_with_promotions(
        &self,
        kind: u8,
        from: u8,
        to: u8,
        mk: MoveKind,
        zone: Bitboard,
        out: &mut Vec<Move>,
    ) {
        if zone.has(to) {
            let promotion = self.pieces[kind as usize]
                .promotion
                .as_ref()
                .expect("zone implies promotion");
            for &choice in &promotion.choices {
                out.push(Move {
                    from,
                    to,
                    promotion: Some(choice),
                    kind: mk,
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                promotion: None,
                kind: mk,
            });
        }
    }

    /// Castling of the unmoved king on `king` with the first piece along its rank each way,
    /// when that is an unmoved partner: every square between them empty, the king moving the
    /// rule's distance and the partner landing next to it on the side it came from.
    fn castling_moves(&self, pos: &Position, king: u8, out: &mut Vec<Move>) {
        let castling = self.castling.as_ref().expect("called only with castling");
        let us = pos.side;
        let them = us.opponent();
        if !castling.ignore_check && self.attacked_by(pos, king, them, u32::MAX) {
            return;
        }
        // Squares the king passes are judged as if it stood there, its own square vacated.
        let lifted = pos.occupied().without(king);
        for (dir, distance) in [(1i32, castling.kingside), (-1, castling.queenside)] {
            // A rank has at most 26 files: a stack buffer keeps move generation allocation-free.
            let mut buffer = [0u8; 26];
            let mut len = 0;
            for cell in self.topology.ray(king, dir, 0) {
                buffer[len] = cell;
                len += 1;
            }
            let ray = &buffer[..len];
            let Some(gap) = ray.iter().position(|&c| pos.board[c as usize].is_some()) else {
                continue;
            };
            let partner = ray[gap];
            let Some(p) = pos.board[partner as usize] else {
                continue;
            };
            if p.color() != us
                || castling.partners >> p.kind() & 1 == 0
                || !pos.unmoved.has(partner)
            {
                continue;
            }
            // The king stops short of the partner: `gap` squares lie between them.
            let (shortest, longest) = match distance {
                Distance::Fixed(d) if (d as usize) <= gap => (d as usize, d as usize),
                Distance::Fixed(_) => continue,
                Distance::Free => (1, gap),
            };
            // The king may not pass or land on an attacked square: it stops before the first.
            let safe = if castling.ignore_check {
                longest
            } else {
                ray[..longest]
                    .iter()
                    .position(|&c| self.attacked_through(pos, lifted, c, them, u32::MAX))
                    .unwrap_or(longest)
            };
            for d in shortest..=safe {
                let king_to = ray[d - 1];
                let partner_to = if d == 1 { king } else { ray[d - 2] };
                out.push(Move {
                    from: king,
                    to: king_to,
                    promotion: None,
                    kind: MoveKind::Castle {
                        partner_from: partner,
                        partner_to,
                    },
                });
            }
        }
    }
}

/// Keeps the moves of `out[start..]` for which `legal` holds, in order, without allocating.
#[inline]
fn keep(out: &mut Vec<Move>, start: usize, legal: impl Fn(&Move) -> bool) {
    let mut write = start;
    for read in start..out.len() {
        if legal(&out[read]) {
            out[write] = out[read];
            write += 1;
        }
    }
    out.truncate(write);
}
