//! The engine as a player in a [`Game`]: it searches what its side sees and plays.

use crate::{Game, Move};

use super::{SearchLimits, SearchResult, Searcher};

/// A move the engine played, with the search that chose it.
#[derive(Debug, Clone)]
pub struct Played {
    /// The move as its side knows it (a capture it could not see is not named).
    pub played: Move,
    /// The search of the side's view; `result.best` may differ from `played` when the hidden
    /// state refused the move found.
    pub result: SearchResult,
}

impl Searcher {
    /// Searches the side to move's view of `game` and plays the move found; `None` when the
    /// game is over or the side has no move it may play.
    ///
    /// In a game of hidden information the view may allow a move that the hidden state
    /// forbids (a mine on the way); the referee then answers only "not possible", and the
    /// engine, like a person, tries the view's next legal move.
    pub fn play(&mut self, game: &mut Game, limits: &SearchLimits) -> Option<Played> {
        if game.outcome().is_some() {
            return None;
        }
        let side = game.position().side_to_move();
        let variant = game.variant().clone();
        let seen = variant.redact(game.position(), side);
        let result = self.search(&seen, game.earlier_hashes(), limits);
        let mut candidates: Vec<Move> = result.best.into_iter().collect();
        candidates.extend(variant.legal_moves(&seen));
        let played = candidates
            .into_iter()
            .find_map(|m| game.attempt(side, &variant.move_text(m)).ok())?;
        Some(Played { played, result })
    }
}
