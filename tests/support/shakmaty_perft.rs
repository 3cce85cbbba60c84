//! shakmaty's perft, counting the last ply in bulk as ours does: shared by the differential
//! test and the benchmark (included with `#[path]`).

use shakmaty::{Chess, Position};

/// Leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            perft(&child, depth - 1)
        })
        .sum()
}
