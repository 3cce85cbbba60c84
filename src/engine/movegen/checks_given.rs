//! Whether a move gives check, judged without making it, for the no-checks rule (a move may
//! not leave an enemy royal piece attacked: racing kings). [`CheckLook`] looks at the
//! position once: the enemy royal pieces, and which of the mover's pieces stand first on a
//! line or a lame path toward one of them (leaving may open it). A plain move then gives
//! check when its piece attacks a royal piece from its arrival, or when it leaves such a
//! cell and another piece attacks through it. Moves with other effects, games whose moves
//! have them (explosions, containers, layers, conversions, returning pieces), hoppers and
//! must-jump leaps (an arrival may make a hurdle) and a royal piece already attacked are
//! left to the trial.

use crate::rules::tables::Hop;
use crate::rules::KindSet;
use crate::types::bitboard::Bits;
use crate::types::rule_enums::RoyalCheck;

use super::super::{Engine, Move, MoveKind};
use crate::rules::position::Pos;

/// What a position says about the checks the side to move could give.
pub(crate) struct CheckLook<const W: usize> {
    /// The enemy royal pieces' cells.
    royals: Bits<W>,
    /// The mover's pieces that stand first on a line or lame path toward one of them.
    openers: Bits<W>,
    /// Whether plain moves are judged here (else each is tried).
    decides: bool,
}

impl<const W: usize> Engine<'_, W> {
    /// Looks at `pos` for the checks its side to move could give (see the module
    /// documentation).
    pub(crate) fn check_look(&self, pos: &Pos<W>) -> CheckLook<W> {
        let r = self.rules;
        let us = pos.st.side;
        let a = &self.t.attacks[us.index()];
        let royals = pos.sets.of_kinds(us.opponent(), r.royal_kinds);
        let occ = pos.st.blockers();
        let plain_game = r.explosion.is_none()
            && r.containers.is_none()
            && r.layers.is_none()
            && r.convert.is_none()
            && r.returns.is_empty()
            && !a.screens
            && a.rays.iter().all(|ray| ray.hop == Hop::None)
            && (royals.count() <= 1 || r.end.check == RoyalCheck::Any);
        let decides = plain_game
            && !royals
                .cells()
                .any(|c| self.attacked_by(pos, occ, c, us, KindSet::ALL));
        let mut openers = Bits::EMPTY;
        if decides {
            let lines = &self.t.lines;
            let ours = pos.st.by_color[us.index()];
            for royal in royals.cells() {
                for ray in &a.rays {
                    let line = ray.line;
                    if let Some(first) = lines.nearest(line, lines.ray(line, royal) & occ) {
                        openers |= Bits::from_cell(first) & ours;
                    }
                }
                for (_, _, cond) in &a.conditional[royal.index()] {
                    for way in cond.alternatives() {
                        openers |= way.empty & ours;
                    }
                }
            }
        }
        CheckLook {
            royals,
            openers,
            decides,
        }
    }

    /// Whether the pseudo-legal `m` leaves an enemy royal piece attacked, judged by `look`;
    /// `None` when it must be made to be known.
    #[inline]
    pub(crate) fn gives_check_judged(
        &self,
        pos: &Pos<W>,
        look: &CheckLook<W>,
        m: &Move,
    ) -> Option<bool> {
        if !look.decides || m.kind != MoveKind::Normal || m.promotion.is_some() {
            return None;
        }
        let us = pos.st.side;
        let a = &self.t.attacks[us.index()];
        let lines = &self.t.lines;
        let occ = pos.st.blockers().without(m.from).with(m.to);
        let kind = m.piece.kind();
        for royal in look.royals.cells() {
            let c = royal.index();
            // Attacks that need the piece unmoved are gone once it moves.
            let direct = a
                .leaps
                .iter()
                .any(|(k, from)| *k as usize == kind.index() && from[c].has(m.to))
                || a.rays.iter().any(|ray| {
                    ray.kinds.has(kind)
                        && !ray.initial
                        && ray.extent.at(lines, ray.line, royal).has(m.to)
                        && lines.nearest(ray.line, lines.ray(ray.line, royal) & occ) == Some(m.to)
                })
                || a.conditional[c].iter().any(|(from, k, cond)| {
                    *from == m.to && *k as usize == kind.index() && !cond.initial && cond.open(occ)
                });
            if direct
                || (look.openers.has(m.from)
                    && !self
                        .attackers_of::<false>(pos, occ, royal, us, KindSet::ALL)
                        .without(m.from)
                        .is_empty())
            {
                return Some(true);
            }
        }
        Some(false)
    }
}
