//! Counting container moves in bulk. When the sink only counts and one verdict holds for
//! every sail to a cell, or for every group of a class transferring to a cell, the moves
//! are counted without being built or judged one by one; the others go the long way.

use crate::rules::containers::MAX_CAPACITY;
use crate::types::bitboard::{Bits, Cell};

use super::super::Engine;
use super::crews::Aboard;
use super::{Out, Sink};

/// The most sub-multisets of a crew: the subsets of [`MAX_CAPACITY`] distinct pieces.
const MOST_SUBSETS: usize = 1 << MAX_CAPACITY;

/// What one container's moves may count in bulk.
pub(super) struct Bulk<const W: usize> {
    /// Bulk counting applies at all: the sink counts legal moves, all of them; the mover has
    /// one royal piece to guard, not in check, and nothing makes every move suspect.
    on: bool,
    /// Cells where a piece aboard may promote: moves there are built, one per choice.
    promotion: Bits<W>,
    /// Every non-empty sub-multiset of the crew aboard as `(size, kinds)`, the kinds as a
    /// mask of indices into the crew's kinds.
    groups: [(u8, u8); MOST_SUBSETS],
    len: usize,
    /// The royal kinds aboard, as such a mask.
    royal: u8,
}

impl<const W: usize> Engine<'_, W> {
    /// What the moves of the crew `ours` may count in bulk.
    pub(super) fn bulk<K: Sink>(&self, out: &Out<'_, '_, W, K>, ours: &Aboard) -> Bulk<W> {
        let s = out.s;
        let on = K::COUNT && out.gen.legal && !out.gen.noisy && s.guard && !s.test_all && !s.check;
        let mut bulk = Bulk {
            on,
            promotion: Bits::EMPTY,
            groups: [(0, 0); MOST_SUBSETS],
            len: 0,
            royal: 0,
        };
        if !on {
            return bulk;
        }
        let zones = &self.t.promotion_zone[out.pos.st.side.index()];
        for (i, &(kind, n)) in ours.kinds().iter().enumerate() {
            bulk.promotion |= zones[kind.index()];
            if self.rules.royal_kinds.has(kind) {
                bulk.royal |= 1 << i;
            }
            // Each group so far, with 1 to n more of this kind.
            let before = bulk.len;
            for more in 1..=n {
                bulk.groups[bulk.len] = (more, 1 << i);
                bulk.len += 1;
                for j in 0..before {
                    let (size, mask) = bulk.groups[j];
                    bulk.groups[bulk.len] = (size + more, mask | 1 << i);
                    bulk.len += 1;
                }
            }
        }
        bulk
    }

    /// The cells among `targets` that the container on `from` sails to legally without a
    /// verdict per move: no piece aboard is royal or an enemy's, vacating `from` exposes
    /// nothing, and nothing happens on arrival (no promotion, no special effect).
    pub(super) fn sails_in_bulk<K: Sink>(
        &self,
        out: &Out<'_, '_, W, K>,
        bulk: &Bulk<W>,
        from: Cell,
        targets: Bits<W>,
    ) -> Bits<W> {
        let crew = out.pos.slots[from.index()].crew;
        let them = out.pos.st.side.opponent();
        if !bulk.on
            || out.s.critical.has(from)
            || crew.has(them)
            || crew.pieces().any(|p| self.rules.royal_kinds.has(p.kind()))
        {
            return Bits::EMPTY;
        }
        targets & !out.s.special & !bulk.promotion
    }

    /// The number of legal transfers from `from` to `to` of the groups that `groups` would
    /// emit for `movers` and `room`, each capturing the same piece or none; `None` when they
    /// must be built and judged one by one. Groups without a royal piece are legal unless
    /// they empty a critical container; groups with one are judged once per class.
    pub(super) fn transfers_in_bulk<K: Sink>(
        &self,
        out: &Out<'_, '_, W, K>,
        bulk: &Bulk<W>,
        (from, to): (Cell, Cell),
        ours: &Aboard,
        movers: &[bool; 8],
        room: u8,
    ) -> Option<usize> {
        if !bulk.on || bulk.promotion.has(to) || out.s.special.has(to) {
            return None;
        }
        let pos = out.pos;
        let whole = pos.slots[from.index()].crew.len();
        let movers = (0..ours.kinds().len())
            .filter(|&i| movers[i])
            .fold(0u8, |m, i| m | 1 << i);
        // Groups by class: `[holds a royal piece][empties the container]`.
        let mut counts = [[0usize; 2]; 2];
        for &(size, kinds) in &bulk.groups[..bulk.len] {
            if size <= room && kinds & movers != 0 {
                counts[usize::from(kinds & bulk.royal != 0)][usize::from(size == whole)] += 1;
            }
        }
        if counts[0][1] > 0 && out.s.critical.has(from) {
            return None;
        }
        let mut n = counts[0][0] + counts[0][1];
        for (empties, &count) in [false, true].into_iter().zip(&counts[1]) {
            if count > 0 && self.crew_step_safe_to(pos, from, to, empties) {
                n += count;
            }
        }
        Some(n)
    }
}
