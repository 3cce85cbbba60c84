//! Drops: a piece of the side to move's hand onto an empty cell of its drop zone, one move
//! per kind held and cell. A drop can block a check but never exposes the royal piece, so
//! most need no trial; the bulk counter counts them by cell sets.

use crate::rules::{Kind, KindSet, Piece};
use crate::types::bitboard::{Bits, Cell};
use crate::types::rule_enums::DropMate;

use super::super::board::{Trial, Undo};
use super::super::safety::Safety;
use super::super::safety::Verdict;
use super::super::{Engine, Move};
use super::{Any, Gen, Out, Sink};
use crate::rules::position::Pos;

impl<const W: usize> Engine<'_, W> {
    /// The drops of the side to move, when the generator asks for quiet moves from anywhere.
    pub(crate) fn drop_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let Some(hand) = &self.rules.hand else {
            return;
        };
        if out.gen.noisy || out.gen.from != Bits::ALL {
            return;
        }
        let pos = out.pos;
        let us = pos.st.side;
        let empty = self.t.all & !pos.st.occupied() & !pos.st.blocking;
        let droppable = self.droppable(pos);
        let kinds = self.rules.pieces.len();
        for (k, &held) in pos.hand[us.index()].iter().enumerate().take(kinds) {
            if (held == 0 && !hand.unlimited) || !droppable.has(Kind::new(k as u8)) {
                continue;
            }
            let kind = Kind::new(k as u8);
            let Some(rule) = self.rules.pieces[k]
                .drop
                .as_ref()
                .filter(|r| !r.gating_only)
            else {
                continue;
            };
            let mut targets = empty & self.t.drop_zone[us.index()][k];
            if let Some(max) = rule.max_per_file {
                targets &= !self.files_holding(pos, Piece::new(kind, us), max);
            }
            if hand.opposite_colors != KindSet::EMPTY {
                targets &= self.colors_kept(pos, kind, empty);
            }
            if rule.beside_own || rule.must_convert || rule.opening.is_some() {
                targets = self.placement_rules(pos, hand, rule, targets);
            }
            let piece = Piece::new(kind, us);
            // Each drop as the piece is, then turned over where it may be.
            let turned: &[Kind] = match &self.rules.pieces[k].promotion {
                Some(p) if rule.promoted => &p.choices[us.index()],
                _ => &[],
            };
            if K::COUNT
                && rule.mates != DropMate::Forbidden
                && out.gen.legal
                && self.drops_unjudged(out)
            {
                out.sink.add(targets.count() as usize * (1 + turned.len()));
                continue;
            }
            for to in targets {
                let plain = Move::drop(piece, to);
                let turned = turned.iter().map(|&c| Move {
                    promotion: Some(c),
                    ..plain
                });
                for m in std::iter::once(plain).chain(turned) {
                    if out.gen.legal && self.forbidden_drop_mate(pos, &m) {
                        continue;
                    }
                    out.emit(m);
                    if out.sink.full() {
                        return;
                    }
                }
            }
        }
    }

    /// The drop targets left by the rules of where a drop may go beside other pieces: next
    /// to a piece of the side (`beside_own`), the empty cells of the opening zone while it
    /// has some (`opening_zone`), else only where the drop converts (`must_convert`).
    #[cold]
    fn placement_rules(
        &self,
        pos: &Pos<W>,
        hand: &crate::rules::hand::HandRules,
        rule: &crate::rules::hand::DropRule,
        mut targets: Bits<W>,
    ) -> Bits<W> {
        let us = pos.st.side;
        if rule.beside_own {
            let mut near = Bits::EMPTY;
            for cell in pos.st.by_color[us.index()] {
                near |= hand.around[cell.index()].resize::<W>();
            }
            targets &= near;
        }
        if let Some(zone) = rule.opening {
            let zone = zone[us.index()].resize::<W>();
            if !(zone & self.t.all & !pos.st.occupied()).is_empty() {
                return targets & zone;
            }
        }
        if let (true, Some(c)) = (rule.must_convert, &self.rules.convert) {
            targets &= self.converting_cells(pos, c, us);
        }
        targets
    }

    /// Under `must_drop`, whether the side to move holds a piece and has a legal drop: then
    /// its drops are its only moves (Fairy-Stockfish's `mustDrop`; without a legal drop, as
    /// when no drop answers a check, it moves).
    pub(crate) fn must_drop(&self, pos: &Pos<W>, s: &Safety<W>, gen: Gen<W>) -> bool {
        let must = self
            .rules
            .hand
            .as_ref()
            .map_or(KindSet::EMPTY, |h| h.must_drop_kinds);
        if !holds_any(&pos.hand[pos.st.side.index()], must) {
            return false;
        }
        let own;
        let s = if gen.legal {
            s
        } else {
            own = self.safety(pos);
            &own
        };
        let mut any = Any(false);
        let mut probe = Out {
            e: *self,
            pos,
            s,
            sink: &mut any,
            gen: Gen::LEGAL,
            checks: None,
        };
        self.drop_moves(&mut probe);
        any.0
    }

    /// The kinds the side to move may drop: under `must_drop_pieces`, while it holds a
    /// kind that must be dropped, those kinds only; else every kind.
    fn droppable(&self, pos: &Pos<W>) -> KindSet {
        let Some(hand) = self.rules.hand.as_ref().filter(|h| h.must_drop) else {
            return KindSet::ALL;
        };
        if holds_any(&pos.hand[pos.st.side.index()], hand.must_drop_kinds) {
            hand.must_drop_kinds
        } else {
            KindSet::ALL
        }
    }

    /// The cells a piece of `kind` may be dropped on so that every kind with
    /// `opposite_colors` can still end up split evenly between light and dark cells: a piece
    /// of such a kind not onto a colour that holds its half already; another piece not onto
    /// the last free cell of a colour that the kind's pieces still in hand need.
    fn colors_kept(&self, pos: &Pos<W>, kind: Kind, empty: Bits<W>) -> Bits<W> {
        let Some(hand) = &self.rules.hand else {
            return Bits::ALL;
        };
        let us = pos.st.side;
        let dark: Bits<W> = hand.dark.resize();
        let mut allowed = Bits::ALL;
        for bound in hand.opposite_colors.iter() {
            let on = pos.sets.of(us, bound);
            let total = on.count() as usize + pos.hand[us.index()][bound.index()] as usize;
            for color in [dark, self.t.all & !dark] {
                if bound == kind {
                    // Its own colour may take no more than half, rounded up.
                    if (on & color).count() as usize >= total.div_ceil(2) {
                        allowed &= !color;
                    }
                } else {
                    let free = empty & self.t.drop_zone[us.index()][bound.index()] & color;
                    let room = (on & color).count() as usize + free.count() as usize;
                    if room < total / 2 {
                        return Bits::EMPTY;
                    }
                    if room == total / 2 {
                        allowed &= !free;
                    }
                }
            }
        }
        allowed
    }

    /// Whether every drop is legal as it stands: no check to answer, nothing that makes
    /// every move suspect, no cell where an arrival has effects.
    fn drops_unjudged<K: Sink>(&self, out: &Out<'_, '_, W, K>) -> bool {
        let s = out.s;
        out.checks.is_none()
            && !s.apart
            && (!s.guard || (!s.check && !s.test_all && s.special.is_empty()))
    }

    /// The cells of the files holding `max` or more pieces like `piece` (for
    /// `max_per_file`).
    fn files_holding(&self, pos: &Pos<W>, piece: Piece, max: u8) -> Bits<W> {
        let topo = &self.rules.topology;
        let mut per_file = [0u8; 32];
        let mut files = 0u64;
        for cell in pos.sets.of(piece.color(), piece.kind()) {
            let file = topo.coords(cell).0 as usize;
            per_file[file] += 1;
            if per_file[file] >= max {
                files |= 1 << file;
            }
        }
        if files == 0 {
            return Bits::EMPTY;
        }
        self.t
            .all
            .cells()
            .filter(|&c| files & 1 << topo.coords(c).0 != 0)
            .collect()
    }

    /// Whether `m` is a drop of a piece that may not mate (`mates: false`) and, legal
    /// otherwise, checkmates: the opponent is in check after it and has no legal move.
    pub(crate) fn forbidden_drop_mate(&self, pos: &Pos<W>, m: &Move) -> bool {
        if m.kind != super::super::MoveKind::Drop
            || self.rules.pieces[m.piece.kind().index()]
                .drop
                .as_ref()
                .is_none_or(|d| d.mates != DropMate::Forbidden)
        {
            return false;
        }
        let them = pos.st.side.opponent();
        let mut trial = Trial::new(pos);
        self.apply(&mut trial, m);
        if !self.royal_attacked(&trial, them) {
            return false;
        }
        let mut after = pos.clone();
        let mut undo = Undo::with_depth(1);
        self.apply(&mut undo.begin(&mut after), m);
        !self.has_legal(&after)
    }

    /// The verdict on a drop: legal unless a check must be answered (then only by blocking
    /// it) or something makes every move suspect.
    pub(crate) fn drop_verdict(&self, s: &super::super::safety::Safety<W>, to: Cell) -> Verdict {
        if s.test_all || s.special.has(to) {
            return Verdict::Trial;
        }
        if !s.check {
            return Verdict::Legal;
        }
        match s.evasion {
            Some(cells) if cells.has(to) => Verdict::Legal,
            Some(_) => Verdict::Illegal,
            None => Verdict::Trial,
        }
    }
}

/// Whether a hand holds a piece of one of `kinds`.
fn holds_any(held: &[u8], kinds: KindSet) -> bool {
    held.iter()
        .enumerate()
        .any(|(k, &n)| n > 0 && kinds.has(Kind::new(k as u8)))
}
