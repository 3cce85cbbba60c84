//! Which positions the search may prune by a null move, and by how much late quiet moves
//! are reduced: each read off the compiled rule set, never the variant's name.

use crate::engine::Position;
use crate::rules::{Kind, Ruleset};
use crate::types::piece::Piece;
use crate::types::rule_enums::StalemateRule;

/// When passing the turn is a fair test of a position (null-move pruning): the search
/// assumes the side to move could do better than pass, which fails in zugzwang, where every
/// move makes things worse.
///
/// - Never where captures are forced or stalemate wins: there a side is often made to move
///   into a loss (a capture it must make, a piece it must give away).
/// - Always where a pass is a legal move: a side in zugzwang passes.
/// - Otherwise only for a side with a piece that can wait: a piece in hand (a drop) or, on
///   the board, one that is neither royal nor promoting (pieces that promote are the pawns
///   whose endings are full of zugzwang).
pub(super) struct NullMove {
    never: bool,
    always: bool,
    /// Per kind, whether a piece of it on the board lets its side wait.
    waits: Vec<bool>,
}

impl NullMove {
    pub(super) fn new(rules: &Ruleset) -> NullMove {
        NullMove {
            never: rules.captures_forced || rules.end.stalemate == StalemateRule::Win,
            always: rules.pass,
            waits: rules
                .pieces
                .iter()
                .map(|p| !p.royal && p.promotion.is_none())
                .collect(),
        }
    }

    /// Whether the side to move may be tested with a null move in `pos` (its check and
    /// sortie aside: [`Ruleset::null_move_allowed`]).
    pub(super) fn fits(&self, rules: &Ruleset, pos: &Position) -> bool {
        if self.never {
            return false;
        }
        if self.always {
            return true;
        }
        let side = pos.side_to_move();
        (0..rules.pieces.len()).any(|k| {
            let kind = Kind::new(k as u8);
            pos.in_hand(Piece::new(kind, side)) > 0
                || (self.waits[k] && !pos.pieces_of_kind(kind, side).is_empty())
        })
    }
}

/// The plies a null move takes off the depth: 3, and one more per 4 plies beyond 4.
pub(super) fn null_move_reduction(depth: u32) -> u32 {
    3 + depth.saturating_sub(4) / 4
}
/// Late move reduction of a quiet move searched `index`-th (from 0) at `depth`: plies
/// taken off, `0.75 + ln(depth) × ln(index) / 2.25` rounded down (Ethereal's formula), one
/// fewer in the principal variation, and at least one ply left to search.
pub(super) fn late_move_reduction(depth: u32, index: usize, pv: bool) -> u32 {
    let r = (0.75 + f64::from(depth).ln() * (index as f64).ln() / 2.25) as u32;
    r.saturating_sub(u32::from(pv)).min(depth.saturating_sub(2))
}
