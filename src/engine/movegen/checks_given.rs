//! Whether a move gives check, judged without making it, for the no-checks rule (a move may
//! not leave an enemy royal piece attacked: racing kings). [`CheckLook`] looks at the
//! position once: the enemy royal pieces, per kind the cells from which that kind would
//! attack one of them (Fairy-Stockfish's check squares), and which of the mover's pieces
//! stand first on a line or a lame path toward one of them (leaving may open it). A plain
//! move then gives check when its arrival is one of its kind's check cells, or when it
//! leaves such a first cell and another piece attacks through it. The check cells are seen
//! with the mover still on its departure, which changes nothing unless that departure is a
//! first cell: those moves are judged line by line. The generator counts a piece's other
//! arrivals in bulk ([`CheckLook::unsure`]). Moves with other effects, games whose moves
//! have them (explosions, containers, layers, conversions, returning pieces), hoppers and
//! must-jump leaps (an arrival may make a hurdle) and a royal piece already attacked are
//! left to the trial.

use crate::rules::tables::Hop;
use crate::rules::{Kind, KindSet};
use crate::types::bitboard::{Bits, Cell};
use crate::types::rule_enums::RoyalCheck;

use super::super::{Engine, Move, MoveKind};
use crate::rules::position::Pos;

/// The most kinds a game may have for its checks to be judged by [`CheckLook`]; a game
/// with more has each move tried.
const CHECK_KINDS: usize = 16;

/// What a position says about the checks the side to move could give.
pub(crate) struct CheckLook<const W: usize> {
    /// The enemy royal pieces' cells.
    royals: Bits<W>,
    /// Per kind, the cells from which a piece of it attacks an enemy royal piece by a
    /// leap or a line (lame paths are looked at per move).
    check_cells: [Bits<W>; CHECK_KINDS],
    /// The cells from which a lame path leads to one of them (for any kind).
    lame: Bits<W>,
    /// The mover's pieces that stand first on a line or lame path toward one of them.
    openers: Bits<W>,
    /// Whether plain moves are judged here (else each is tried).
    decides: bool,
}

impl<const W: usize> CheckLook<W> {
    /// The arrivals of a plain move of a `kind` piece from `from` that may give check: the
    /// kind's check cells, the starts of lame paths and `zone` (a promotion changes the
    /// piece), or every cell when the move must be judged line by line.
    #[inline]
    pub(crate) fn unsure(&self, kind: Kind, from: Cell, zone: Bits<W>) -> Bits<W> {
        if !self.decides || self.openers.has(from) {
            Bits::ALL
        } else {
            self.check_cells[kind.index()] | self.lame | zone
        }
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Whether the generator judges the no-checks rule itself, counting the moves that
    /// give no check in bulk. In a game with walls (a wall may block the check) or
    /// containers (whose crews' moves are counted by other means) the move filter judges
    /// each whole move instead.
    pub(crate) fn checks_in_generator(&self) -> bool {
        let r = self.rules;
        r.no_checks && r.walls.is_none() && r.containers.is_none()
    }

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
            && r.pieces.len() <= CHECK_KINDS
            && (royals.count() <= 1 || r.end.check == RoyalCheck::Any);
        let decides = plain_game
            && !royals
                .cells()
                .any(|c| self.attacked_by(pos, occ, c, us, KindSet::ALL));
        let mut openers = Bits::EMPTY;
        let mut check_cells = [Bits::EMPTY; CHECK_KINDS];
        let mut lame = Bits::EMPTY;
        if decides {
            let lines = &self.t.lines;
            let ours = pos.st.by_color[us.index()];
            for royal in royals.cells() {
                for (kind, from) in &a.leaps {
                    check_cells[*kind as usize] |= from[royal.index()];
                }
                for ray in &a.rays {
                    let line = ray.line;
                    let reach = lines.ray(line, royal);
                    if !ray.initial {
                        let seen = lines.slide(line, ray.extent.at(lines, line, royal), occ);
                        for kind in ray.kinds.iter() {
                            check_cells[kind.index()] |= seen;
                        }
                    }
                    if let Some(first) = lines.nearest(line, reach & occ) {
                        openers |= Bits::from_cell(first) & ours;
                    }
                }
                for (from, _, cond) in &a.conditional[royal.index()] {
                    lame = lame.with(*from);
                    for way in cond.alternatives() {
                        openers |= way.empty & ours;
                    }
                }
            }
        }
        CheckLook {
            royals,
            check_cells,
            lame,
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
        let kind = m.piece.kind();
        if look.openers.has(m.from) {
            return Some(self.gives_check_through(pos, look, m));
        }
        // Neither a line through the departure nor another's lame path matters: only the
        // arrival.
        Some(
            look.check_cells[kind.index()].has(m.to)
                || (look.lame.has(m.to) && self.lame_check(pos, look, m)),
        )
    }

    /// Whether `m`, a plain move that leaves a first cell toward an enemy royal piece,
    /// attacks one from its arrival or opens a line or a lame path to one.
    #[inline(never)]
    fn gives_check_through(&self, pos: &Pos<W>, look: &CheckLook<W>, m: &Move) -> bool {
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
                || !self
                    .attackers_of::<false>(pos, occ, royal, us, KindSet::ALL)
                    .without(m.from)
                    .is_empty()
            {
                return true;
            }
        }
        false
    }

    /// Whether the piece of `m` attacks an enemy royal piece from its arrival by a lame
    /// path.
    #[inline(never)]
    fn lame_check(&self, pos: &Pos<W>, look: &CheckLook<W>, m: &Move) -> bool {
        let a = &self.t.attacks[pos.st.side.index()];
        let occ = pos.st.blockers().without(m.from).with(m.to);
        let kind = m.piece.kind().index();
        look.royals.cells().any(|royal| {
            a.conditional[royal.index()].iter().any(|(from, k, cond)| {
                *from == m.to && *k as usize == kind && !cond.initial && cond.open(occ)
            })
        })
    }
}
