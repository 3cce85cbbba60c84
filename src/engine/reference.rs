//! The slow reference for legality: every pseudo-legal move made, then the royal pieces
//! tested by a full forward scan of every enemy piece's captures. It shares nothing with the
//! legality filter (`safety`) or the backward attack tables (`attacks`), so tests compare
//! the two.

use crate::rules::{Color, KindSet, Piece};
use crate::types::bitboard::Bits;
use crate::types::rule_enums::{FacingRule, RoyalCheck, RoyalRule};

use super::board::{Log, Logged, View};
use super::movegen::{Gen, List};
use super::{Engine, Move, MoveKind};
use crate::rules::position::Pos;

impl<const W: usize> Engine<'_, W> {
    /// The legal moves of `pos` found the slow way (see the module documentation).
    pub(crate) fn legal_by_trial(&self, pos: &Pos<W>) -> Vec<Move> {
        let mut pseudo = Vec::new();
        let gen = Gen {
            legal: false,
            noisy: false,
            from: Bits::ALL,
        };
        self.generate(pos, gen, &mut List(&mut pseudo));
        let checkers = self.checkers_by_scan(pos);
        // Facing royal pieces under `must-break`: the side may pass even in check.
        let pass_breaks =
            self.rules.royals_facing == Some(FacingRule::MustBreak) && self.facing_by_scan(pos);
        let legal: Vec<Move> = pseudo
            .into_iter()
            .filter(|m| {
                if pass_breaks && m.kind == MoveKind::Pass {
                    return true;
                }
                // A gated move is legal exactly when the same move without its gate is, as
                // in Fairy-Stockfish (the piece gated in shields nothing).
                let judged = Move { gate: None, ..*m };
                let m = &judged;
                let mut after = pos.clone();
                let mut log = Log::default();
                self.apply(&mut Logged::new(&mut after, &mut log), m);
                // A move that gives check where the rules forbid it (`no_checks`, a
                // peaceful promotion).
                let checks_forbidden = (self.rules.no_checks || self.peaceful_promotion(m))
                    && self.checks_by_scan(&after);
                let refused = !checkers.is_empty() && self.refused_in_check(pos, m, checkers);
                self.safe_by_scan(pos, &after)
                    && !self.forbidden_drop_mate(pos, m)
                    && !checks_forbidden
                    && !refused
                    && !self.trade_refused_by_scan(pos, m, &after)
            })
            .collect();
        if self.rules.captures_forced && legal.iter().any(|m| m.is_capture()) {
            return legal.into_iter().filter(|m| m.is_capture()).collect();
        }
        legal
    }

    /// Whether the trading rules refuse `m` (see [`crate::rules::trading`]), the capture
    /// back on its arrival found by a forward scan of `after`.
    fn trade_refused_by_scan(&self, before: &Pos<W>, m: &Move, after: &Pos<W>) -> bool {
        let Some(t) = &self.rules.trading else {
            return false;
        };
        let taken = match m.kind {
            MoveKind::TwoLegs { taken, .. } => taken,
            _ => None,
        };
        let protected = |p: Option<Piece>| p.is_some_and(|p| t.kinds.has(p.kind()));
        let ours = t.kinds.has(m.piece.kind());
        if t.counterstrike && before.extra.counterstrike && !ours {
            return protected(m.captured) || protected(taken);
        }
        let topo = &self.rules.topology;
        let ((fx, fy), (tx, ty)) = (topo.coords(m.from), topo.coords(m.to));
        t.from_afar
            && ours
            && protected(m.captured)
            && fx.abs_diff(tx).max(fy.abs_diff(ty)) != 1
            && taken.is_none_or(|p| t.cheap.has(p.kind()))
            && self
                .captures_by_scan(after, before.st.side.opponent())
                .has(m.to)
    }

    /// Whether `m` is a standing promotion that may not give check (`peaceful`).
    fn peaceful_promotion(&self, m: &Move) -> bool {
        m.promotion.is_some()
            && self.rules.pieces[m.piece.kind().index()]
                .promotion
                .as_ref()
                .is_some_and(|p| p.standing && p.peaceful)
    }

    /// The pieces that attack a royal piece of the side to move, by a forward scan from
    /// each enemy piece on the surface.
    fn checkers_by_scan(&self, pos: &Pos<W>) -> Bits<W> {
        let us = pos.st.side;
        let them = us.opponent();
        let royals = pos.sets.of_kinds(us, self.rules.royal_kinds);
        let mut out = Bits::EMPTY;
        for cell in pos.st.by_color[them.index()] {
            let Some(p) = pos.slot(cell).piece.filter(|p| p.color() == them) else {
                continue;
            };
            let unmoved = pos.st.unmoved.has(cell);
            let (_, reach) =
                self.piece_reach(&pos.sets, p.kind(), cell, them, pos.st.blockers(), unmoved);
            if reach.intersects(royals) {
                out = out.with(cell);
            }
        }
        out
    }

    /// Whether a royal piece of the side to move in `after` is attacked, by a forward scan.
    fn checks_by_scan(&self, after: &Pos<W>) -> bool {
        let them = after.st.side;
        let royals = after.sets.of_kinds(them, self.rules.royal_kinds);
        self.check_among(royals, self.captures_by_scan(after, them.opponent()))
    }

    /// Whether a side whose royal pieces stand on `royals` is in check when the enemy
    /// captures on `attacked`, as `end: check:` counts several royal pieces.
    fn check_among(&self, royals: Bits<W>, attacked: Bits<W>) -> bool {
        match self.rules.end.check {
            RoyalCheck::Any => royals.intersects(attacked),
            RoyalCheck::All => !royals.is_empty() && royals.is_subset(attacked),
            RoyalCheck::Last => royals.count() == 1 && royals.intersects(attacked),
        }
    }

    /// Whether `after` (a move of the side to move in `before`) keeps that side's royal
    /// pieces on the board and out of every enemy capture, and royal pieces apart where the
    /// rules say so.
    fn safe_by_scan(&self, before: &Pos<W>, after: &Pos<W>) -> bool {
        let r = self.rules;
        let us = before.st.side;
        if r.royals_apart && self.royals_adjacent(after) {
            return false;
        }
        if r.end.royal != RoyalRule::Checkmate {
            return true;
        }
        if let Some(rule) = r.royals_facing {
            // Forbidden: never left facing. Must break: not facing still, if the turn
            // started so.
            let stays = rule == FacingRule::Forbidden || self.facing_by_scan(before);
            if stays && self.facing_by_scan(after) {
                return false;
            }
        }
        let royals = |p: &Pos<W>, side: Color| p.sets.of_kinds(side, r.royal_kinds);
        if royals(after, us).count() < royals(before, us).count() {
            return false;
        }
        let them = us.opponent();
        if r.explosion.is_some() {
            // Blowing up an enemy royal piece wins; a royal piece with an enemy royal piece
            // in its blast is out of check.
            if royals(after, them).count() < royals(before, them).count() {
                return true;
            }
            let attacked = self.captures_by_scan(after, them);
            return !royals(after, us)
                .cells()
                .any(|c| attacked.has(c) && !self.blast_shielded(after, c, us));
        }
        !self.check_among(royals(after, us), self.captures_by_scan(after, them))
    }

    /// Whether two royal pieces of opposite colours stand on one file or rank with every
    /// cell between them on the board and empty, cell by cell over the coordinates.
    fn facing_by_scan(&self, pos: &Pos<W>) -> bool {
        let r = self.rules;
        let topo = &r.topology;
        let white = pos.sets.of_kinds(Color::White, r.royal_kinds);
        let black = pos.sets.of_kinds(Color::Black, r.royal_kinds);
        white.cells().any(|w| {
            black.cells().any(|b| {
                let ((wf, wr), (bf, br)) = (topo.coords(w), topo.coords(b));
                let between: Vec<Option<crate::types::bitboard::Cell>> = if wf == bf {
                    (wr.min(br) + 1..wr.max(br))
                        .map(|rank| topo.cell(i32::from(wf), i32::from(rank)))
                        .collect()
                } else if wr == br {
                    (wf.min(bf) + 1..wf.max(bf))
                        .map(|file| topo.cell(i32::from(file), i32::from(wr)))
                        .collect()
                } else {
                    return false;
                };
                let occ = pos.st.blockers();
                between.iter().all(|c| c.is_some_and(|c| !occ.has(c)))
            })
        })
    }

    /// Every cell a piece of `by` could capture on in `pos`, found forward from each piece:
    /// by its movement on the surface (each kind aboard a container), submerged, or without
    /// moving.
    fn captures_by_scan(&self, pos: &Pos<W>, by: Color) -> Bits<W> {
        let st = &pos.st;
        let mut out = Bits::EMPTY;
        for cell in st.by_color[by.index()] | pos.extra.under[by.index()] {
            let slot = pos.slot(cell);
            let surface = slot.piece.filter(|p| p.color() == by);
            let aboard = slot.crew.kinds_of(by);
            let kinds = surface.map_or(aboard, |p| KindSet::EMPTY.with(p.kind()));
            for kind in kinds.iter() {
                let unmoved = surface.is_some() && st.unmoved.has(cell);
                out |= self
                    .piece_reach(&pos.sets, kind, cell, by, st.blockers(), unmoved)
                    .1;
                if let Some(layers) = self.rules.layers.as_ref() {
                    for r in 0..layers.kinds[kind.index()].remote.len() {
                        out |= self.remote_reach(pos, cell, kind, r, st.blockers());
                    }
                }
            }
            if let Some(p) = slot.under.filter(|p| p.color() == by) {
                out |= self
                    .piece_reach(&pos.sets, p.kind(), cell, by, pos.blockers_below(), false)
                    .1;
            }
        }
        out
    }
}
