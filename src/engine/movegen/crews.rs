//! Moves of a container game: container moves (sails) and crew moves (transfers), each
//! result listed once, without allocating.
//!
//! A sail moves a container with at least one piece of the side to move, by a non-capturing
//! move of one of them, to a cell with no container. A transfer moves a group of the side's
//! pieces from one container to another: one of them (the mover) reaches it by its own move,
//! onto a container with room, or capturing one piece there (never a royal one, a friendly
//! one only under `self_capture`); the others are companions (under `companions`). Distinct
//! moves are distinct results: the group and the promotion choices as multisets of kinds,
//! and the captured piece.

use crate::rules::containers::{Crew, Kinds};
use crate::types::bitboard::{Bits, Cell};

use crate::rules::{Color, Kind, Piece};

use super::super::safety::Verdict;
use super::super::{Engine, Move, MoveKind};
use super::crew_counts::Bulk;
use super::{Out, Sink};

/// One side's pieces aboard a container: `(kind, count)`, largest kind first.
#[derive(Clone, Copy)]
pub(super) struct Aboard {
    kinds: [(Kind, u8); 8],
    len: usize,
}

impl Aboard {
    fn of(crew: Crew, color: Color) -> Aboard {
        let mut a = Aboard {
            kinds: [(Kind::new(0), 0); 8],
            len: 0,
        };
        for p in crew.pieces().filter(|p| p.color() == color) {
            if a.len > 0 && a.kinds[a.len - 1].0 == p.kind() {
                a.kinds[a.len - 1].1 += 1;
            } else {
                a.kinds[a.len] = (p.kind(), 1);
                a.len += 1;
            }
        }
        a
    }

    pub(super) fn kinds(&self) -> &[(Kind, u8)] {
        &self.kinds[..self.len]
    }

    /// All of them as kinds, largest first.
    fn all(&self) -> Kinds {
        let mut k = Kinds::EMPTY;
        for &(kind, n) in self.kinds() {
            for _ in 0..n {
                k = k.push(kind);
            }
        }
        k
    }
}

impl<const W: usize> Engine<'_, W> {
    /// The sails and transfers of the side to move.
    pub(crate) fn crew_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let occ = st.blockers();
        for from in st.by_color[us.index()] & out.gen.from {
            let crew = pos.slots[from.index()].crew;
            let ours = Aboard::of(crew, us);
            let mut reach = [(Bits::EMPTY, Bits::EMPTY); 8];
            for (r, &(kind, _)) in reach.iter_mut().zip(ours.kinds()) {
                *r = self.piece_reach(&pos.sets, kind, from, us, occ, false);
            }
            let reach = &reach[..ours.len];
            let bulk = self.bulk(out, &ours);
            self.sails(out, &bulk, from, &ours, reach);
            self.transfers(out, &bulk, from, &ours, reach);
            if out.sink.full() {
                return;
            }
        }
    }

    fn sails<K: Sink>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        bulk: &Bulk<W>,
        from: Cell,
        ours: &Aboard,
        reach: &[(Bits<W>, Bits<W>)],
    ) {
        let x = &out.pos.extra;
        let us = out.pos.st.side;
        let mut targets = reach.iter().fold(Bits::EMPTY, |b, r| b | r.0) & !x.containers;
        if let Some((back, to)) = x.undo_ban {
            if to == from {
                targets = targets.without(back);
            }
        }
        let counted = self.sails_in_bulk(out, bulk, from, targets);
        if !counted.is_empty() {
            out.sink.add(counted.count() as usize);
        }
        let arriving = ours.all();
        for to in targets & !counted {
            let Some(&(mover, _)) = ours
                .kinds()
                .iter()
                .zip(reach)
                .find(|(_, r)| r.0.has(to))
                .map(|(k, _)| k)
            else {
                continue;
            };
            let m = Move {
                kind: MoveKind::Sail {
                    promotions: Kinds::EMPTY,
                },
                ..Move::new(from, to, Piece::new(mover, us), None)
            };
            self.emit_promoting(out, m, arriving);
        }
    }

    fn transfers<K: Sink>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        bulk: &Bulk<W>,
        from: Cell,
        ours: &Aboard,
        reach: &[(Bits<W>, Bits<W>)],
    ) {
        let Some(rules) = &self.rules.containers else {
            return;
        };
        let pos = out.pos;
        let us = pos.st.side;
        let others = pos.extra.containers.without(from);
        let quiet = reach.iter().fold(Bits::EMPTY, |b, r| b | r.0) & others;
        let capture = reach.iter().fold(Bits::EMPTY, |b, r| b | r.1) & others & pos.st.occupied();
        let most = if rules.companions { u8::MAX } else { 1 };
        let mut movers = [false; 8];
        for to in quiet {
            let target = pos.slots[to.index()].crew;
            let room = self.capacity(target).saturating_sub(target.len());
            for (m, r) in movers.iter_mut().zip(reach) {
                *m = r.0.has(to);
            }
            if let Some(n) =
                self.transfers_in_bulk(out, bulk, (from, to), ours, &movers, room.min(most))
            {
                out.sink.add(n);
                continue;
            }
            self.groups(ours, &movers, room.min(most), |mover, group, sorted| {
                let m = Move {
                    kind: MoveKind::Transfer {
                        group,
                        promotions: Kinds::EMPTY,
                    },
                    ..Move::new(from, to, Piece::new(mover, us), None)
                };
                self.emit_promoting(out, m, sorted);
            });
        }
        for to in capture {
            let target = pos.slots[to.index()].crew;
            let room = (self.capacity(target) + 1).saturating_sub(target.len());
            for (m, r) in movers.iter_mut().zip(reach) {
                *m = r.1.has(to);
            }
            let bulk = self.transfers_in_bulk(out, bulk, (from, to), ours, &movers, room.min(most));
            let mut last = None;
            for victim in target.pieces() {
                let own = victim.color() == us;
                if last == Some(victim)
                    || self.rules.royal_kinds.has(victim.kind())
                    || (own && !rules.self_capture)
                {
                    continue;
                }
                last = Some(victim);
                if let Some(n) = bulk {
                    out.sink.add(n);
                    continue;
                }
                self.groups(ours, &movers, room.min(most), |mover, group, sorted| {
                    let m = Move {
                        kind: MoveKind::Transfer {
                            group,
                            promotions: Kinds::EMPTY,
                        },
                        ..Move::new(from, to, Piece::new(mover, us), Some(victim))
                    };
                    self.emit_promoting(out, m, sorted);
                });
            }
        }
    }

    /// Emits `m` (a sail or transfer without promotions) once per set of promotion choices
    /// of the pieces `arriving` (largest kind first) on its destination; in bulk when the
    /// sink counts and the move needs no trial.
    fn emit_promoting<K: Sink>(&self, out: &mut Out<'_, '_, W, K>, m: Move, arriving: Kinds) {
        let color = m.piece.color();
        let promotes = self.may_promote(arriving, color, m.to);
        if out.gen.noisy && m.captured.is_none() && !promotes {
            return;
        }
        let sets = if promotes {
            self.promotion_set_count(arriving, color, m.to)
        } else {
            1
        };
        if K::COUNT && out.gen.legal {
            match self.verdict(out.pos, out.s, &m) {
                Verdict::Legal => return out.sink.add(sets),
                Verdict::Illegal => return,
                _ => {}
            }
        }
        self.promotion_sets(arriving, color, m.to, &mut |promotions| {
            let kind = match m.kind {
                MoveKind::Sail { .. } => MoveKind::Sail { promotions },
                MoveKind::Transfer { group, .. } => MoveKind::Transfer { group, promotions },
                other => other,
            };
            out.emit(Move { kind, ..m });
        });
    }

    /// Calls `emit` once per group: every sub-multiset of `ours` of 1 to `room` pieces that
    /// holds a kind able to make the move (`movers`, by index into `ours`). The group is
    /// written mover first (the largest able kind), then the rest in the definition's order
    /// of kinds; `emit` gets the mover's kind, the group and the group largest first.
    fn groups(
        &self,
        ours: &Aboard,
        movers: &[bool; 8],
        room: u8,
        mut emit: impl FnMut(Kind, Kinds, Kinds),
    ) {
        let kinds = ours.kinds();
        let mut take = [0u8; 8];
        loop {
            // The next vector of counts, as an odometer.
            let mut i = 0;
            while i < kinds.len() {
                if take[i] < kinds[i].1 {
                    take[i] += 1;
                    break;
                }
                take[i] = 0;
                i += 1;
            }
            if i == kinds.len() {
                return;
            }
            let size: u8 = take[..kinds.len()].iter().sum();
            if size > room {
                continue;
            }
            let Some(mover) = (0..kinds.len()).find(|&j| take[j] > 0 && movers[j]) else {
                continue;
            };
            let mut sorted = Kinds::EMPTY;
            for (&(k, _), &n) in kinds.iter().zip(&take) {
                for _ in 0..n {
                    sorted = sorted.push(k);
                }
            }
            let mut group = Kinds::EMPTY.push(kinds[mover].0);
            let mut skipped = false;
            for j in (0..kinds.len()).rev() {
                for _ in 0..take[j] {
                    if j == mover && !skipped {
                        skipped = true;
                    } else {
                        group = group.push(kinds[j].0);
                    }
                }
            }
            emit(kinds[mover].0, group, sorted);
        }
    }

    /// Whether a piece of `arriving` may promote on `to` (a quick look before the choices).
    #[inline]
    fn may_promote(&self, arriving: Kinds, color: Color, to: Cell) -> bool {
        let zones = &self.t.promotion_zone[color.index()];
        arriving.iter().any(|k| zones[k.index()].has(to))
    }

    /// The pieces of `arriving` (largest kind first) of `color` that promote on `to`, as
    /// `(choices, how many)` per kind.
    fn promoting(&self, arriving: Kinds, color: Color, to: Cell) -> ([(&[Kind], usize); 8], usize) {
        let mut groups: [(&[Kind], usize); 8] = [(&[], 0); 8];
        let mut len = 0;
        let mut last = None;
        for kind in arriving.iter() {
            if !self.t.promotion_zone[color.index()][kind.index()].has(to) {
                continue;
            }
            let Some(p) = &self.rules.pieces[kind.index()].promotion else {
                continue;
            };
            if last == Some(kind) {
                groups[len - 1].1 += 1;
            } else {
                groups[len] = (&p.choices[color.index()][..], 1);
                len += 1;
                last = Some(kind);
            }
        }
        (groups, len)
    }

    /// How many sets of promotion choices the pieces `arriving` on `to` have (1 when none
    /// promotes): each promoting piece chooses for itself, pieces of one kind being
    /// interchangeable.
    fn promotion_set_count(&self, arriving: Kinds, color: Color, to: Cell) -> usize {
        let (groups, len) = self.promoting(arriving, color, to);
        groups[..len]
            .iter()
            .map(|&(choices, n)| multichoose(choices.len(), n))
            .product()
    }

    /// Calls `emit` with every set of promotion choices (see
    /// [`Self::promotion_set_count`]); once with the empty set when none promotes.
    pub(crate) fn promotion_sets(
        &self,
        arriving: Kinds,
        color: Color,
        to: Cell,
        emit: &mut dyn FnMut(Kinds),
    ) {
        let (groups, len) = self.promoting(arriving, color, to);
        multisets(&groups[..len], Kinds::EMPTY, emit);
    }
}

/// The number of multisets of `n` items from `k` kinds.
fn multichoose(k: usize, n: usize) -> usize {
    // C(k + n - 1, n), small numbers.
    let mut r = 1usize;
    for i in 0..n {
        r = r * (k + i) / (i + 1);
    }
    r
}

/// Calls `emit` with `acc` followed by, for each group in order, a non-decreasing choice
/// (by position in its choices) of its count of items.
fn multisets(groups: &[(&[Kind], usize)], acc: Kinds, emit: &mut dyn FnMut(Kinds)) {
    let Some((&(choices, n), rest)) = groups.split_first() else {
        emit(acc);
        return;
    };
    fn pick(
        choices: &[Kind],
        n: usize,
        from: usize,
        acc: Kinds,
        rest: &[(&[Kind], usize)],
        emit: &mut dyn FnMut(Kinds),
    ) {
        if n == 0 {
            multisets(rest, acc, emit);
            return;
        }
        for i in from..choices.len() {
            pick(choices, n - 1, i, acc.push(choices[i]), rest, emit);
        }
    }
    pick(choices, n, 0, acc, rest, emit);
}
