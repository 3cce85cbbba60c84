//! Move ordering: the move the table remembers, then captures by most valuable victim and
//! least valuable attacker, then killers, then quiet moves by their history. The killers are
//! kept from one search to the next: forgetting them at each search lost 12 Elo. Tried and
//! left out, each without a verdict at 300 pairs (`docs/strength.md`): a counter move (the
//! quiet move that last refuted the move before, ordered after the killers), +5.2 Elo, a
//! continuation history (a quiet move's history after the move before it), +8.7 Elo, and
//! captures by a piece dearer than their victim ordered after the killers, +5.8 Elo.

use crate::engine::Move;

use super::eval::Values;

/// The bound of a history entry, either way.
const HISTORY_MAX: i32 = 1 << 14;
/// The largest change of a history entry at one cut-off (a quarter of its bound).
const HISTORY_BONUS_MAX: u32 = 1 << 12;

/// Killer moves (two per ply) and the history of quiet moves that caused cut-offs.
pub(super) struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    /// `history[(side * cells + from) * cells + to]`: each side's moves their own, as a
    /// move from one cell to another is a different move for each.
    history: Vec<i32>,
    cells: usize,
}

impl Heuristics {
    pub(super) fn new(cells: usize) -> Heuristics {
        Heuristics {
            killers: Vec::new(),
            history: vec![0; 2 * cells * cells],
            cells,
        }
    }

    pub(super) fn clear(&mut self) {
        self.killers.clear();
        self.history.fill(0);
    }

    fn killers_at(&mut self, ply: usize) -> &mut [Option<Move>; 2] {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        &mut self.killers[ply]
    }

    /// Whether `m` is one of the killer moves of `ply`.
    pub(super) fn is_killer(&self, m: Move, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(m)))
    }

    /// Remembers a quiet move that caused a cut-off at `ply`, searched `depth` plies deep,
    /// and the quiet moves `tried` before it in the order (searched, or pruned by futility),
    /// which did not: the history moves each toward its bound by `16·depth² + 32·depth`
    /// (at most [`HISTORY_BONUS_MAX`]), less as it nears it (history gravity, as Stockfish
    /// ages it).
    pub(super) fn cut(
        &mut self,
        m: Move,
        tried: impl Iterator<Item = Move>,
        ply: usize,
        depth: u32,
    ) {
        let k = self.killers_at(ply);
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (16 * depth * depth + 32 * depth).min(HISTORY_BONUS_MAX) as i32;
        for q in tried.filter(|q| q.captured.is_none() && q.promotion.is_none()) {
            self.nudge(q, -bonus);
        }
        self.nudge(m, bonus);
    }

    /// Where `m`'s history is kept.
    fn slot(&self, m: Move) -> usize {
        (m.piece.color().index() * self.cells + m.from.index()) * self.cells + m.to.index()
    }

    fn nudge(&mut self, m: Move, bonus: i32) {
        let slot = self.slot(m);
        let h = &mut self.history[slot];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// The order to search `moves` in: `keys` gets a `(key, index)` pair per move, the
    /// lower key first, for [`pick`] to draw from.
    pub(super) fn order(
        &mut self,
        moves: &[Move],
        tt: Option<Move>,
        ply: usize,
        values: &Values,
        keys: &mut Vec<(i64, u32)>,
    ) {
        let killers = *self.killers_at(ply);
        keys.clear();
        keys.extend(moves.iter().enumerate().map(|(i, &m)| {
            let key: i64 = if Some(m) == tt {
                0
            } else if let Some(victim) = m.captured.filter(|v| v.color() != m.piece.color()) {
                1_000_000 - 64 * i64::from(values.of(victim.kind()))
                    + i64::from(values.of(m.piece.kind())) / 16
            } else if m.promotion.is_some() {
                2_000_000
            } else if killers.contains(&Some(m)) {
                3_000_000
            } else {
                4_000_000_000 - i64::from(self.history[self.slot(m)])
            };
            (key, i as u32)
        }));
    }
}

/// Picks searched one by one before the rest of the moves is sorted at once: most nodes
/// end in a cut-off after a move or two, and a sort of all the moves is then wasted.
const LAZY_PICKS: usize = 4;

/// The index (into the moves [`Heuristics::order`] keyed) of the `i`-th move to search,
/// called for `i` = 0, 1, 2, ... in turn: the least pair of `keys[i..]` is brought to `i`.
/// The pairs are distinct, so the order is that of a full sort, found lazily.
pub(super) fn pick(keys: &mut [(i64, u32)], i: usize) -> usize {
    if i < LAZY_PICKS {
        let least = (i..keys.len()).min_by_key(|&j| keys[j]).unwrap_or(i);
        keys.swap(i, least);
    } else if i == LAZY_PICKS {
        keys[i..].sort_unstable();
    }
    keys[i].1 as usize
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::pick;

    proptest! {
        /// Picking one move at a time gives the order of a stable sort by key (ties in the
        /// order generated), before and after the rest is sorted at once.
        #[test]
        fn picking_is_a_stable_sort(keys in proptest::collection::vec(0i64..8, 0..40)) {
            let mut pairs: Vec<(i64, u32)> =
                keys.iter().enumerate().map(|(i, &k)| (k, i as u32)).collect();
            let picked: Vec<usize> = (0..pairs.len()).map(|i| pick(&mut pairs, i)).collect();
            let mut sorted: Vec<usize> = (0..keys.len()).collect();
            sorted.sort_by_key(|&i| keys[i]);
            prop_assert_eq!(picked, sorted);
        }
    }
}
