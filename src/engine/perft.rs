//! Perft: the number of leaf nodes of the legal move tree, the standard check of a move
//! generator.

use crate::rules::Ruleset;

use super::{Move, Position};

/// Perft split by root move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divide {
    /// Each legal root move with the leaf count below it.
    pub moves: Vec<(Move, u64)>,
    /// The sum.
    pub total: u64,
}

impl Ruleset {
    /// Counts the leaf nodes `depth` plies below `pos` (depth 0 counts 1).
    ///
    /// ```
    /// let capablanca = fairy_rules::Variant::from_file("variants/capablanca.yaml")?;
    /// assert_eq!(capablanca.perft(&capablanca.start_position(), 3), 25_228);
    /// # Ok::<(), fairy_rules::LoadError>(())
    /// ```
    ///
    /// Ended games are leaves without children (no legal moves); the move rule and repetition
    /// are not applied, as is usual for perft. With a chance event, a move that triggers it
    /// with k possible drawn cells counts as k moves, one per outcome. Allocates one move
    /// buffer per ply up front and nothing per node.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
        self.perft_with(pos, &mut buffers)
    }

    /// Perft with caller-provided move buffers, one per remaining ply (`buffers.len()` is the
    /// depth, at least 1).
    pub fn perft_with(&self, pos: &Position, buffers: &mut [Vec<Move>]) -> u64 {
        let Some((moves, rest)) = buffers.split_first_mut() else {
            return 1;
        };
        if self.chance.is_some() {
            self.legal_moves_into(pos, moves);
            return moves.iter().map(|&m| self.perft_move(pos, m, rest)).sum();
        }
        if rest.is_empty() {
            return self.count_legal_moves(pos, moves) as u64;
        }
        self.legal_moves_into(pos, moves);
        let mut nodes = 0;
        for &m in moves.iter() {
            nodes += self.perft_with(&self.play_unchecked(pos, m), rest);
        }
        nodes
    }

    /// Leaves below one move, over every outcome of the chance event it triggers.
    fn perft_move(&self, pos: &Position, m: Move, rest: &mut [Vec<Move>]) -> u64 {
        let cells = self.chance_cells(pos, m);
        if cells.is_empty() {
            return self.perft_with(&self.play_unchecked(pos, m), rest);
        }
        if rest.is_empty() {
            return cells.count() as u64;
        }
        cells
            .cells()
            .map(|c| self.perft_with(&self.play_unchecked(pos, m.with_outcome(c)), rest))
            .sum()
    }

    /// Perft with the work shared out over `threads` worker threads (rayon): one task per
    /// position two plies down (a few hundred tasks balance better than the root moves
    /// alone); each thread has its own move buffers. `threads` of 0 or 1 counts on the
    /// calling thread.
    ///
    /// # Errors
    /// The thread pool could not be created (the operating system refused the threads).
    pub fn perft_threads(
        &self,
        pos: &Position,
        depth: u32,
        threads: usize,
    ) -> Result<u64, rayon::ThreadPoolBuildError> {
        use rayon::prelude::*;
        // Chance events multiply the tree unevenly: counted on one thread.
        if threads <= 1 || depth < 2 || self.chance.is_some() {
            return Ok(self.perft(pos, depth));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        let grandchildren: Vec<Position> = self
            .legal_moves(pos)
            .into_iter()
            .flat_map(|m| {
                let child = self.play_unchecked(pos, m);
                self.legal_moves(&child)
                    .into_iter()
                    .map(|reply| self.play_unchecked(&child, reply))
                    .collect::<Vec<_>>()
            })
            .collect();
        Ok(pool.install(|| {
            grandchildren
                .par_iter()
                .map_init(
                    || -> Vec<Vec<Move>> { (2..depth).map(|_| Vec::with_capacity(256)).collect() },
                    |buffers, p| self.perft_with(p, buffers),
                )
                .sum()
        }))
    }

    /// Perft for each root move, in the generator's order.
    pub fn divide(&self, pos: &Position, depth: u32) -> Divide {
        if depth == 0 {
            return Divide {
                moves: Vec::new(),
                total: 1,
            };
        }
        let moves = self.legal_moves(pos);
        let mut buffers: Vec<Vec<Move>> = (1..depth).map(|_| Vec::with_capacity(256)).collect();
        let moves: Vec<(Move, u64)> = moves
            .into_iter()
            .map(|m| (m, self.perft_move(pos, m, &mut buffers)))
            .collect();
        let total = moves.iter().map(|(_, n)| n).sum();
        Divide { moves, total }
    }
}
