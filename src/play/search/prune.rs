//! How much late quiet moves are reduced.
//!
//! Null-move pruning was tried (with a rule against zugzwang: never where captures are forced or
//! stalemate wins, always where a pass is legal, else only for a side with a piece in hand or a
//! piece that neither is royal nor promotes) and left out: four self-play tests found no clear gain
//! at 20,000 positions per move, the fourth (only in a null window) +22 Elo with an interval from
//! -1 to +45, and a fifth (a reduction growing with the evaluation's margin over beta) none at
//! 20,000 nor at 40,000, nor at 80,000 with two move orderings beside it (`docs/strength.md`). Late
//! move pruning (near the leaves, outside the principal variation, quiet moves from the
//! `3 + depth²`-th on not searched) was tried too and left out: no gain in its self-play test; so
//! were internal iterative reduction (a node without a remembered move searched a ply shallower),
//! reductions moved by a move's history (a ply per 8,192), and moves that lose an exchange ordered
//! last or not searched near the leaves (no gain at equal time: the exchanges cost speed; a capture
//! by a dearer piece on a defended cell ordered last, judged by one attack query, +4.6 Elo),
//! razoring (+14 Elo, no verdict at 300 pairs), delta pruning in quiescence (no gain), reductions
//! from the third move on rather than the fourth (no gain) and Stockfish's "improving" (a ply more
//! reduction where the static evaluation fell since the side's last move, a ply less reverse
//! futility margin where it rose: H0), and the table's score standing in for the static evaluation
//! where its bound says it is nearer the truth (H0).

/// Late move reduction of a quiet move searched `index`-th (from 0) at `depth`: plies
/// taken off, `0.75 + ln(depth) × ln(index) / 2.25` rounded down (Ethereal's formula), one
/// fewer in the principal variation, and at least one ply left to search.
pub(super) fn late_move_reduction(depth: u32, index: usize, pv: bool) -> u32 {
    let r = (0.75 + f64::from(depth).ln() * (index as f64).ln() / 2.25) as u32;
    r.saturating_sub(u32::from(pv)).min(depth.saturating_sub(2))
}
