//! The transposition table: what an earlier search learned about a position, by its
//! Zobrist key. Only the full search uses it: quiescence reading and storing entries too
//! (Stockfish's) made +19.8 and then +6.5 Elo in self-play, without a verdict in either
//! test (`docs/strength.md`).

use crate::engine::Move;

/// How an entry's score bounds the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// The true score.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) best: Option<Move>,
    /// From the side to move's point of view; mate scores relative to this node.
    pub(super) score: i32,
    pub(super) depth: u8,
    pub(super) bound: Bound,
}

/// A fixed-size table, one entry per slot, replaced when the new search went as deep or
/// deeper or the slot holds another position. A node that fails low stores its best-scoring
/// move, though its scores are bounds only: keeping the move remembered before instead
/// gained nothing in self-play (`docs/strength.md`).
pub(super) struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one slot), a power of two of slots.
    pub(super) fn new(megabytes: usize) -> Table {
        let slot = std::mem::size_of::<Option<Entry>>();
        let wanted = (megabytes.max(1) << 20) / slot;
        let slots = wanted.next_power_of_two() / 2;
        Table {
            slots: vec![None; slots.max(1)],
        }
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.index(key)].filter(|e| e.key == key)
    }

    pub(super) fn store(&mut self, entry: Entry) {
        let i = self.index(entry.key);
        let keep = self.slots[i].is_some_and(|old| old.key == entry.key && old.depth > entry.depth);
        if !keep {
            self.slots[i] = Some(entry);
        }
    }

    pub(super) fn clear(&mut self) {
        self.slots.fill(None);
    }
}
