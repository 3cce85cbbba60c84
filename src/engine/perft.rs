//! Perft: the number of leaf nodes of the legal move tree, the standard check of a move
//! generator.

use super::board::Undo;
use super::{Engine, Move};
use crate::rules::position::Pos;

/// Perft split by root move.
///
/// See the example of [`crate::Ruleset::perft_with`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divide {
    /// Each legal root move with the leaf count below it.
    pub moves: Vec<(Move, u64)>,
    /// The sum.
    pub total: u64,
}

impl<const W: usize> Engine<'_, W> {
    /// Makes `m` on `pos`, saving what `undo` needs to unmake it.
    #[inline]
    pub(crate) fn make(&self, pos: &mut Pos<W>, m: &Move, undo: &mut Undo<W>) {
        let mut board = undo.begin(pos);
        self.apply(&mut board, m);
    }

    /// Perft of `pos` to `lists.len()` plies (1 at depth 0), with one move list per ply.
    /// `pos` is made and unmade in place and comes back as it was.
    pub(crate) fn perft(
        &self,
        pos: &mut Pos<W>,
        lists: &mut [Vec<Move>],
        undo: &mut Undo<W>,
    ) -> u64 {
        let Some((moves, rest)) = lists.split_first_mut() else {
            return 1;
        };
        if self.rules.chance.is_none() && rest.is_empty() {
            return self.count_legal(pos) as u64;
        }
        moves.clear();
        self.legal_into(pos, moves);
        let mut nodes = 0;
        for m in moves.iter() {
            nodes += self.perft_move(pos, m, rest, undo);
        }
        nodes
    }

    /// Leaves below one move, over every outcome of the chance event it triggers.
    pub(crate) fn perft_move(
        &self,
        pos: &mut Pos<W>,
        m: &Move,
        rest: &mut [Vec<Move>],
        undo: &mut Undo<W>,
    ) -> u64 {
        let cells = self.chance_cells(pos, m);
        if cells.is_empty() {
            if rest.is_empty() {
                return 1;
            }
            self.make(pos, m, undo);
            let n = self.perft(pos, rest, undo);
            undo.restore(pos);
            return n;
        }
        if rest.is_empty() {
            return cells.count() as u64;
        }
        let mut nodes = 0;
        for c in cells {
            self.make(pos, &m.with_outcome(c), undo);
            nodes += self.perft(pos, rest, undo);
            undo.restore(pos);
        }
        nodes
    }

    /// Walks the legal move tree `depth` plies down as perft does, and returns the moves
    /// made and the bytes saved to unmake them, in total.
    pub(crate) fn saved_per_move(
        &self,
        pos: &mut Pos<W>,
        depth: u32,
        undo: &mut Undo<W>,
    ) -> (u64, u64) {
        if depth == 0 {
            return (0, 0);
        }
        let mut moves = Vec::new();
        self.legal_into(pos, &mut moves);
        let (mut made, mut bytes) = (0, 0);
        for m in moves {
            let cells = self.chance_cells(pos, &m);
            let outcomes: Vec<Move> = match cells.is_empty() {
                true => vec![m],
                false => cells.cells().map(|c| m.with_outcome(c)).collect(),
            };
            for m in outcomes {
                let before = undo.saved_bytes();
                self.make(pos, &m, undo);
                made += 1;
                bytes += (undo.saved_bytes() - before) as u64;
                let (n, b) = self.saved_per_move(pos, depth - 1, undo);
                undo.restore(pos);
                made += n;
                bytes += b;
            }
        }
        (made, bytes)
    }

    /// Perft for each root move, in the generator's order.
    pub(crate) fn divide(&self, pos: &mut Pos<W>, depth: u32) -> Divide {
        if depth == 0 {
            return Divide {
                moves: Vec::new(),
                total: 1,
            };
        }
        let mut moves = Vec::new();
        self.legal_into(pos, &mut moves);
        let mut lists: Vec<Vec<Move>> = (1..depth).map(|_| Vec::with_capacity(256)).collect();
        let mut undo = Undo::with_depth(depth as usize);
        let moves: Vec<(Move, u64)> = moves
            .into_iter()
            .map(|m| {
                let n = self.perft_move(pos, &m, &mut lists, &mut undo);
                (m, n)
            })
            .collect();
        let total = moves.iter().map(|(_, n)| n).sum();
        Divide { moves, total }
    }
}
