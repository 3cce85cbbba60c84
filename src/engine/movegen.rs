//! Legal move generation: pseudo-legal moves from the tables, then a legality filter that
//! only makes the moves that could expose a royal piece.

use crate::bitboard::Bitboard;
use crate::definition::{Distance, RoyalRule};
use crate::rules::{Color, Hop, Lines, Ride, Ruleset};

use super::{Move, MoveKind, Position};

/// The cells a line move from `from` can arrive on (empty cells and the capture cell), given
/// the occupancy.
#[inline]
pub(crate) fn line_targets(lines: &Lines, ride: &Ride, from: u8, occ: Bitboard) -> Bitboard {
    let reach = ride.extent.at(lines, ride.line, from);
    match ride.hop {
        Hop::None => lines.slide(ride.line, reach, occ),
        Hop::Cannon => {
            let Some(screen) = lines.nearest(ride.line, reach & occ) else {
                return Bitboard::EMPTY;
            };
            let beyond = reach & lines.ray(ride.line, screen);
            lines.slide(ride.line, beyond, occ)
        }
        Hop::Grasshopper => {
            let Some(hurdle) = lines.nearest(ride.line, reach & occ) else {
                return Bitboard::EMPTY;
            };
            match lines.next(ride.line, hurdle) {
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
        self.generate(pos, out, false);
    }

    /// The number of legal moves, using `scratch` as a buffer. Faster than listing them:
    /// pieces whose moves need no legality test are counted, not listed (perft's last ply).
    pub fn count_legal_moves(&self, pos: &Position, scratch: &mut Vec<Move>) -> usize {
        scratch.clear();
        self.generate(pos, scratch, true)
    }

    /// Generates the legal moves into `out`, or with `count_only` counts them (leaving `out`
    /// as it was). Returns the number of moves.
    fn generate(&self, pos: &Position, out: &mut Vec<Move>, count_only: bool) -> usize {
        let start = out.len();
        if self.containers.is_some() {
            self.container_moves(pos, out);
        } else if self.layers.is_some() {
            self.layer_moves(pos, out);
        } else if self.royals_apart {
            // Rare: every move is made and its royal pieces' cells compared.
            self.generate_pieces(pos, out, false);
            retain_legal(out, start, |m| {
                !self.royals_adjacent(&self.play_unchecked(pos, *m))
            });
        } else {
            return self.generate_pieces(pos, out, count_only);
        }
        let n = out.len() - start;
        if count_only {
            out.truncate(start);
        }
        n
    }

    /// [`Self::generate`] for pieces on their own cells.
    fn generate_pieces(&self, pos: &Position, out: &mut Vec<Move>, count_only: bool) -> usize {
        let extinction = self.end.royal == RoyalRule::Extinction;
        if (extinction || !self.end.flags.is_empty()) && self.decided(pos).is_some() {
            return 0;
        }
        let us = pos.side;
        let them = us.opponent();
        // Under extinction there is no check: royal pieces move like any other.
        let royals = if extinction {
            Bitboard::EMPTY
        } else {
            pos.royals(self, us)
        };
        // Which moves can expose a royal piece and so must be tried: all of them when in check
        // or against hoppers and must-jump moves (any move may make a screen); otherwise the
        // moves of pinned pieces and of the royal piece, en passant and castling.
        let lone_royal = royals.count() == 1;
        let (check, pinned) = match royals.first() {
            Some(royal) if lone_royal => self.check_and_pins(pos, royal),
            Some(_) => (self.royal_attacked(pos, us), Bitboard::EMPTY),
            None => (false, Bitboard::EMPTY),
        };
        // Several royal pieces are rare: then every move is tried.
        // A returning piece may attack the capturer's royal piece: then every move is tried.
        let test_every_move = !royals.is_empty()
            && (check
                || !lone_royal
                || self.attacks[them.index()].screens
                || !self.returns.is_empty());
        let occ = pos.occupied();
        let mut counted = 0;
        let ours = pos.by_color[us.index()];
        // Kind by kind, so that each kind's tables are looked up once.
        for (kind, cells) in pos.by_kind[..self.pieces.len()].iter().enumerate() {
            let kind = kind as u8;
            for from in *cells & ours {
                let start = out.len();
                if royals.is_empty() {
                    self.piece_moves(pos, kind, from, us, out);
                } else if test_every_move || pinned.has(from) {
                    self.piece_moves(pos, kind, from, us, out);
                    self.keep_legal(pos, out, start);
                } else if royals.has(from) {
                    self.piece_moves(pos, kind, from, us, out);
                    retain_legal(out, start, |m| {
                        !self.attacked_through(pos, occ.without(from), m.to, them, u32::MAX)
                    });
                } else if self.pieces[kind as usize].en_passant && !pos.ep_targets.is_empty() {
                    self.piece_moves(pos, kind, from, us, out);
                    self.keep_legal_special(pos, out, start);
                } else if count_only {
                    counted += self.piece_move_count(pos, kind, from, us);
                } else {
                    self.piece_moves(pos, kind, from, us, out);
                }
                if count_only {
                    counted += out.len() - start;
                    out.truncate(start);
                }
            }
        }
        if let Some(castling) = &self.castling {
            for king in pos.pieces_of_kind(castling.king, us) & pos.unmoved {
                let start = out.len();
                self.castling_moves(pos, king, out);
                // Without check (no royal piece to protect, or extinction) any castling stands.
                if !royals.is_empty() {
                    self.keep_legal(pos, out, start);
                }
                if count_only {
                    counted += out.len() - start;
                    out.truncate(start);
                }
            }
        }
        if count_only {
            counted
        } else {
            out.len()
        }
    }

    /// Keeps the moves of `out[start..]` that leave no royal piece of the mover attacked.
    fn keep_legal(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        retain_legal(out, start, |m| {
            !self.royal_attacked(&self.play_unchecked(pos, *m), pos.side)
        });
    }

    /// Same, trying only the moves that are not plain (en passant removes two pieces from
    /// their lines).
    fn keep_legal_special(&self, pos: &Position, out: &mut Vec<Move>, start: usize) {
        retain_legal(out, start, |m| {
            m.kind == MoveKind::Normal
                || !self.royal_attacked(&self.play_unchecked(pos, *m), pos.side)
        });
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(pos, &mut out);
        out
    }

    /// Whether a piece of `kind` and `color` could go from `from` to `to` by its own
    /// movement on some board, whatever stands in the way (castling aside).
    pub(crate) fn could_move(&self, kind: u8, color: Color, from: u8, to: u8) -> bool {
        let t = &self.tables[color.index()][kind as usize];
        let f = from as usize;
        let l = &t.leaps[f];
        (l.quiet | l.capture | l.initial_quiet | l.initial_capture).has(to)
            || t.conditional[f].iter().any(|c| c.to == to)
            || t.rides
                .iter()
                .any(|r| r.extent.at(&self.lines, r.line, from).has(to))
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
        let occ = pos.occupied();
        let (quiet, reach) = self.piece_reach(kind, from, us, occ, pos.unmoved.has(from));
        (quiet & !occ, reach)
    }

    /// Where a piece could go without capturing and where it could capture, given the
    /// occupancy `occ` (which blocks lines and paths), whoever stands on the targets: a line
    /// reaches up to and including its first occupied cell in both sets.
    #[inline]
    pub(crate) fn piece_reach(
        &self,
        kind: u8,
        from: u8,
        us: Color,
        occ: Bitboard,
        unmoved: bool,
    ) -> (Bitboard, Bitboard) {
        let t = &self.tables[us.index()][kind as usize];
        let f = from as usize;
        let leaps = &t.leaps[f];
        let mut quiet = leaps.quiet;
        let mut reach = leaps.capture;
        if unmoved && self.pieces[kind as usize].has_initial {
            quiet |= leaps.initial_quiet;
            reach |= leaps.initial_capture;
        }
        for c in &t.conditional[f] {
            if (!c.initial || unmoved) && c.open(occ) {
                if c.mode.quiet() {
                    quiet = quiet.with(c.to);
                }
                if c.mode.capture() {
                    reach = reach.with(c.to);
                }
            }
        }
        for &line in &t.plain_rides {
            let targets = self.lines.slide(line, self.lines.ray(line, from), occ);
            quiet |= targets;
            reach |= targets;
        }
        for ride in t.other_rides.iter().map(|&i| &t.rides[i]) {
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
        (quiet, reach)
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

    /// The number of moves [`Self::piece_moves`] would list, without en passant.
    #[inline]
    fn piece_move_count(&self, pos: &Position, kind: u8, from: u8, us: Color) -> usize {
        let (quiet, reach) = self.piece_targets(pos, kind, from, us);
        let targets = quiet | (reach & pos.by_color[us.opponent().index()]);
        let mut n = targets.count() as usize;
        if let Some(p) = &self.pieces[kind as usize].promotion {
            // Each promoting arrival is one move per choice (the compiler requires a choice).
            n += (targets & p.zone[us.index()]).count() as usize * (p.choices.len() - 1);
        }
        n
    }

    #[inline]
    pub(super) fn push_with_promotions(
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
                    outcome: None,
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                promotion: None,
                kind: mk,
                outcome: None,
            });
        }
    }

    /// Castling of the unmoved king on `king` with the first piece along its rank each way,
    /// when that is an unmoved partner: every square between them empty, the king moving the
    /// rule's distance and the partner landing next to it on the side it came from.
    pub(super) fn castling_moves(&self, pos: &Position, king: u8, out: &mut Vec<Move>) {
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
                    outcome: None,
                });
            }
        }
    }
}

/// Keeps the moves of `out[start..]` for which `legal` holds, in order, without allocating.
#[inline]
pub(super) fn retain_legal(out: &mut Vec<Move>, start: usize, legal: impl Fn(&Move) -> bool) {
    let mut write = start;
    for read in start..out.len() {
        if legal(&out[read]) {
            out[write] = out[read];
            write += 1;
        }
    }
    out.truncate(write);
}
