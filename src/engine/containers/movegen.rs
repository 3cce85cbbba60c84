//! Legal moves of a container game: container moves (sails) and crew moves (transfers),
//! each result listed once.

use crate::bitboard::Bitboard;
use crate::rules::containers::{Crew, Kinds};
use crate::rules::{Color, Piece, Ruleset};

use super::super::movegen::retain_legal;
use super::super::{Move, MoveKind, Position};
use super::distinct_kinds;

/// A multiset of one side's kinds aboard: `(kind, count)`, largest kind first.
type Counts = Vec<(u8, u8)>;

impl Ruleset {
    /// Appends the legal moves of a container game to `out`.
    ///
    /// A sail moves a container with at least one piece of the side to move, by a
    /// non-capturing move of one of them, to a cell with no container. A transfer moves a
    /// group of the side's pieces from one container to another: one of them (the mover)
    /// reaches it by its own move, onto a container with room, or capturing one piece there
    /// (never a royal one); the others are companions. Moves that leave a royal piece of the
    /// mover attacked are left out (royal pieces adjacent under `royals_apart` too).
    pub(crate) fn container_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        let us = pos.side;
        let occ = pos.occupied();
        let ships = self.container_cells(pos);
        for from in pos.by_color[us.index()] {
            let crew = pos.crews[from as usize];
            let kinds: Vec<u8> = distinct_kinds(crew, us).collect();
            let reach: Vec<(Bitboard, Bitboard)> = kinds
                .iter()
                .map(|&k| self.piece_reach(k, from, us, occ, false))
                .collect();
            self.sails(pos, from, crew, &reach, ships, out);
            let ours: Counts = kinds
                .iter()
                .map(|&k| (k, crew.count(Piece::new(k, us))))
                .collect();
            self.transfers(pos, from, &ours, &reach, ships, out);
        }
        retain_legal(out, start, |m| {
            let next = self.play_unchecked(pos, *m);
            !(self.crew_royal_attacked(&next, us)
                || (self.royals_apart && self.royals_adjacent(&next)))
        });
    }

    fn sails(
        &self,
        pos: &Position,
        from: u8,
        crew: Crew,
        reach: &[(Bitboard, Bitboard)],
        ships: Bitboard,
        out: &mut Vec<Move>,
    ) {
        let us = pos.side;
        let mut targets = reach.iter().fold(Bitboard::EMPTY, |b, r| b | r.0) & !ships;
        if let Some((back, to)) = pos.undo_ban {
            if to == from {
                targets = targets.without(back);
            }
        }
        let ours: Vec<u8> = crew
            .pieces()
            .filter(|p| p.color() == us)
            .map(Piece::kind)
            .collect();
        for to in targets {
            for promotions in self.promotion_sets(&ours, us, to) {
                out.push(Move {
                    from,
                    to,
                    promotion: None,
                    kind: MoveKind::Sail { promotions },
                    outcome: None,
                });
            }
        }
    }

    fn transfers(
        &self,
        pos: &Position,
        from: u8,
        ours: &Counts,
        reach: &[(Bitboard, Bitboard)],
        ships: Bitboard,
        out: &mut Vec<Move>,
    ) {
        let Some(rules) = &self.containers else {
            return;
        };
        let us = pos.side;
        let others = ships.without(from);
        let quiet = reach.iter().fold(Bitboard::EMPTY, |b, r| b | r.0) & others;
        let capture = reach.iter().fold(Bitboard::EMPTY, |b, r| b | r.1) & others & pos.occupied();
        let most = if rules.companions { u8::MAX } else { 1 };
        for to in quiet {
            let target = pos.crews[to as usize];
            let room = self.capacity(target).saturating_sub(target.len());
            let movers: Vec<bool> = reach.iter().map(|r| r.0.has(to)).collect();
            self.groups(ours, &movers, room.min(most), |group, sorted| {
                for promotions in self.promotion_sets(sorted, us, to) {
                    out.push(transfer(from, to, group, None, promotions));
                }
            });
        }
        for to in capture {
            let target = pos.crews[to as usize];
            let room = (self.capacity(target) + 1).saturating_sub(target.len());
            let movers: Vec<bool> = reach.iter().map(|r| r.1.has(to)).collect();
            let mut last = None;
            for victim in target.pieces() {
                let own = victim.color() == us;
                if last == Some(victim)
                    || self.royal_kinds >> victim.kind() & 1 != 0
                    || (own && !rules.self_capture)
                {
                    continue;
                }
                last = Some(victim);
                self.groups(ours, &movers, room.min(most), |group, sorted| {
                    for promotions in self.promotion_sets(sorted, us, to) {
                        out.push(transfer(from, to, group, Some(victim), promotions));
                    }
                });
            }
        }
    }

    /// Calls `emit` once per group: every sub-multiset of `ours` of 1 to `room` pieces that
    /// holds a kind able to make the move (`movers`, by index into `ours`). The group is
    /// written mover first (the largest able kind), then the rest in the definition's order
    /// of kinds; `sorted` lists it largest first.
    fn groups(&self, ours: &Counts, movers: &[bool], room: u8, mut emit: impl FnMut(Kinds, &[u8])) {
        let mut take = vec![0u8; ours.len()];
        loop {
            // The next vector of counts, as an odometer.
            let mut i = 0;
            while i < ours.len() {
                if take[i] < ours[i].1 {
                    take[i] += 1;
                    break;
                }
                take[i] = 0;
                i += 1;
            }
            if i == ours.len() {
                return;
            }
            let size: u8 = take.iter().sum();
            if size > room {
                continue;
            }
            let Some(mover) = (0..ours.len()).find(|&j| take[j] > 0 && movers[j]) else {
                continue;
            };
            let sorted: Vec<u8> = ours
                .iter()
                .zip(&take)
                .flat_map(|(&(k, _), &n)| std::iter::repeat_n(k, n as usize))
                .collect();
            let mut group = Kinds::EMPTY.push(ours[mover].0);
            let mut skipped = false;
            for &k in sorted.iter().rev() {
                if k == ours[mover].0 && !skipped {
                    skipped = true;
                } else {
                    group = group.push(k);
                }
            }
            emit(group, &sorted);
        }
    }

    /// Every set of promotion choices for pieces of `color` of the kinds `arriving` (largest
    /// first) that end a move on `to`: each promoting piece chooses for itself, and pieces of
    /// one kind are interchangeable, so the choices of each kind form a multiset. One empty
    /// set when none promotes.
    pub(crate) fn promotion_sets(&self, arriving: &[u8], color: Color, to: u8) -> Vec<Kinds> {
        let mut sets = vec![Kinds::EMPTY];
        let mut i = 0;
        while i < arriving.len() {
            let kind = arriving[i];
            let n = arriving[i..].iter().take_while(|&&k| k == kind).count();
            i += n;
            let Some(p) = &self.pieces[kind as usize].promotion else {
                continue;
            };
            if !p.zone[color.index()].has(to) {
                continue;
            }
            let mut next = Vec::new();
            for set in &sets {
                multisets(&p.choices, n, *set, &mut next);
            }
            sets = next;
        }
        sets
    }
}

/// Appends to `out` every `prefix` followed by a non-decreasing choice of `n` items (by
/// position in `choices`).
fn multisets(choices: &[u8], n: usize, prefix: Kinds, out: &mut Vec<Kinds>) {
    fn go(choices: &[u8], n: usize, from: usize, acc: Kinds, out: &mut Vec<Kinds>) {
        if n == 0 {
            out.push(acc);
            return;
        }
        for i in from..choices.len() {
            go(choices, n - 1, i, acc.push(choices[i]), out);
        }
    }
    go(choices, n, 0, prefix, out);
}

fn transfer(from: u8, to: u8, group: Kinds, captured: Option<Piece>, promotions: Kinds) -> Move {
    Move {
        from,
        to,
        promotion: None,
        kind: MoveKind::Transfer {
            group,
            captured,
            promotions,
        },
        outcome: None,
    }
}
