//! The end rules a position decides by itself besides the royal rule: extinction of a piece
//! type (Fairy-Stockfish's `extinctionPieceTypes`), check counting (`checkCounting`) and
//! flags, with the flag reply of racing kings and the held flags of Jeson Mor (`flagMove`).

use crate::rules::{Color, Extinction};
use crate::types::rule_enums::MateRule;

use super::movegen::{Gen, Sink};
use super::outcome::{Outcome, Reason};
use super::{Engine, Move};
use crate::rules::position::Pos;

/// The result for `side` when a rule that `result` describes applies to it.
pub(super) fn against(side: Color, result: MateRule, reason: Reason) -> Outcome {
    let winner = match result {
        MateRule::Loss => side.opponent(),
        MateRule::Win => side,
        MateRule::Draw => return Outcome::Draw { reason },
    };
    Outcome::Win { winner, reason }
}

/// Looks for a move of a kind onto a zone.
struct Reach<const W: usize> {
    kind: crate::rules::Kind,
    zone: crate::types::bitboard::Bits<W>,
    found: bool,
}

impl<const W: usize> Sink for Reach<W> {
    const COUNT: bool = false;
    #[inline]
    fn push(&mut self, m: Move) {
        self.found |= m.piece.kind() == self.kind && self.zone.has(m.to);
    }
    fn add(&mut self, _: usize) {
        unreachable!("never counted into")
    }
    #[inline]
    fn full(&self) -> bool {
        self.found
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Whether `x` applies to `side`: at most `x.left` pieces of one of its kinds (or of all
    /// together), on the board and in hand, while the opponent has at least `x.opponent_has`
    /// of them (one more against the side to move under `x.claim`).
    fn extinct(&self, pos: &Pos<W>, x: Extinction, side: Color) -> bool {
        let has = |side: Color, k: crate::rules::Kind| {
            pos.sets.of(side, k).count() + u32::from(pos.hand[side.index()][k.index()])
        };
        let all = |side: Color| {
            let held: u32 = pos.hand[side.index()].iter().map(|&h| u32::from(h)).sum();
            pos.st.by_color[side.index()].count() + held
        };
        let needed = u32::from(x.opponent_has) + u32::from(x.claim && side == pos.st.side);
        let caught = |own: u32, theirs: u32| own <= u32::from(x.left) && theirs >= needed;
        match x.kinds {
            None => caught(all(side), all(side.opponent())),
            Some(kinds) => kinds
                .iter()
                .any(|k| caught(has(side, k), has(side.opponent(), k))),
        }
    }

    /// The extinction rule's verdict: the side that moved is judged first.
    pub(crate) fn extinction_outcome(&self, pos: &Pos<W>, x: Extinction) -> Option<Outcome> {
        let side = pos.st.side;
        [side.opponent(), side]
            .into_iter()
            .find(|&c| self.extinct(pos, x, c))
            .map(|c| against(c, x.result, Reason::Extinction))
    }

    /// Check counting: the side that moved has given the checks that win.
    pub(crate) fn checks_outcome(&self, pos: &Pos<W>) -> Option<Outcome> {
        let mover = pos.st.side.opponent();
        (pos.extra.checks[mover.index()] >= self.rules.end.checks_to_win).then_some(Outcome::Win {
            winner: mover,
            reason: Reason::Checks,
        })
    }

    /// Whether a piece of `side` stands in one of its flag zones (unattacked, for a safe
    /// flag).
    pub(crate) fn flag_reached(&self, pos: &Pos<W>, side: Color) -> bool {
        self.flag_reached_of(pos, side, |_| true)
    }

    /// [`Engine::flag_reached`] among the flags `which` accepts.
    fn flag_reached_of(
        &self,
        pos: &Pos<W>,
        side: Color,
        which: impl Fn(&crate::rules::Flag) -> bool,
    ) -> bool {
        let x = &pos.extra;
        self.rules.end.flags.iter().filter(|f| which(f)).any(|f| {
            let (Some(k), Some(z)) = (
                self.piece_of(x, f.piece, side),
                self.zone_of(x, f.zone, side),
            ) else {
                return false;
            };
            let arrived = pos.sets.of(side, k) & z;
            if !f.safe {
                return !arrived.is_empty();
            }
            let occ = pos.st.blockers();
            arrived.cells().any(|cell| {
                !self.attacked_by(pos, occ, cell, side.opponent(), crate::rules::KindSet::ALL)
            })
        })
    }

    /// Safe flags (`safe: true`): the side to move wins when its flag piece stands in its
    /// zone unattacked (it arrived attacked and survived), drawn if the mover's does too;
    /// else the mover wins when its own does.
    pub(crate) fn safe_flag_outcome(&self, pos: &Pos<W>) -> Option<Outcome> {
        let side = pos.st.side;
        let mover = side.opponent();
        let reason = Reason::Flag;
        match (self.flag_reached(pos, side), self.flag_reached(pos, mover)) {
            (true, true) => Some(Outcome::Draw { reason }),
            (true, false) => Some(Outcome::Win {
                winner: side,
                reason,
            }),
            (false, true) => Some(Outcome::Win {
                winner: mover,
                reason,
            }),
            (false, false) => None,
        }
    }

    /// Held flags (`hold: true`): the side to move wins when a piece of it stands in its
    /// zone, having survived the reply; the mover wins at once only by a flag not held.
    pub(crate) fn held_flag_outcome(&self, pos: &Pos<W>) -> Option<Outcome> {
        let side = pos.st.side;
        let mover = side.opponent();
        let reason = Reason::Flag;
        if self.flag_reached(pos, side) {
            return Some(Outcome::Win {
                winner: side,
                reason,
            });
        }
        self.flag_reached_of(pos, mover, |f| !f.hold)
            .then_some(Outcome::Win {
                winner: mover,
                reason,
            })
    }

    /// Flags with the reply: White's arrival leaves Black one move if a legal one of them
    /// reaches Black's flag zone; then the game ends, drawn if both arrived.
    pub(crate) fn flag_reply_outcome(&self, pos: &Pos<W>) -> Option<Outcome> {
        let side = pos.st.side;
        let mover = side.opponent();
        let reason = Reason::Flag;
        if self.flag_reached(pos, side) {
            if side == Color::White && self.flag_reached(pos, Color::Black) {
                return Some(Outcome::Draw { reason });
            }
            return Some(Outcome::Win {
                winner: side,
                reason,
            });
        }
        if !self.flag_reached(pos, mover) {
            return None;
        }
        if mover == Color::White && self.can_reach_flag(pos, side) {
            return None;
        }
        Some(Outcome::Win {
            winner: mover,
            reason,
        })
    }

    /// Whether `side` (to move) has a legal move that puts a flag piece in its zone.
    fn can_reach_flag(&self, pos: &Pos<W>, side: Color) -> bool {
        let x = &pos.extra;
        self.rules.end.flags.iter().any(|f| {
            let (Some(kind), Some(zone)) = (
                self.piece_of(x, f.piece, side),
                self.zone_of(x, f.zone, side),
            ) else {
                return false;
            };
            let mut reach = Reach {
                kind,
                zone,
                found: false,
            };
            let gen = Gen {
                from: pos.sets.of(side, kind),
                ..Gen::LEGAL
            };
            self.generate_ruled(pos, gen, &mut reach);
            reach.found
        })
    }
}
