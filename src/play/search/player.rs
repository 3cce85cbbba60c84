//! The engine as a player in a [`Game`]: it searches what its side sees and plays. In a game
//! of hidden information it searches several positions that its side cannot tell from the
//! truth and plays the move most of them choose (determinization, as in Perfect Information
//! Monte Carlo: Ginsberg's GIB, 2001).

use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::engine::{Move, Position, Unseen};
use crate::load::variant::Variant;
use crate::play::game::Game;

use super::{SearchLimits, SearchResult, Searcher};

/// Positions sampled per move when the side cannot see everything.
pub(crate) const SAMPLES: u32 = 4;

/// A move the engine played, with the search that chose it.
///
/// See the example of [`Searcher::play`].
#[derive(Debug, Clone)]
pub struct Played {
    /// The move as its side knows it (a capture it could not see is not named).
    pub played: Move,
    /// The search that chose the move (in a game of hidden information, of the first sample
    /// that chose it); `result.best` may differ from `played` when the hidden state refused
    /// the move found.
    pub result: SearchResult,
}

impl Searcher {
    /// Searches the side to move's view of `game` and plays the move found; `None` when the
    /// game is over or the side has no move it may play.
    ///
    /// When the opponent has hidden pieces or markers ([`crate::Ruleset::unseen`]), the search
    /// reads only the view and their number: it samples 4 positions consistent with
    /// the view ([`crate::Ruleset::determinize`], drawn with a seed taken from the view, so
    /// the same view gives the same move whatever is hidden), searches each with a share of
    /// `limits`' nodes and time, and plays the move chosen most often (the first sample's
    /// choice among equals). The view may allow a move that the hidden state forbids (a mine
    /// on the way); the referee then answers only "not possible", and the engine, like a
    /// person, tries its next choice, then the view's other legal moves.
    ///
    /// ```
    /// use std::time::Duration;
    /// use fairy_rules::search::{SearchLimits, Searcher};
    /// use fairy_rules::{Game, Variant};
    /// let mut game = Game::new(Variant::bundled("chess")?);
    /// let mut searcher = Searcher::new(game.variant().clone());
    /// let white = searcher.play(&mut game, &SearchLimits::depth(2)).expect("a move");
    /// let black = searcher.play(&mut game, &SearchLimits::time(Duration::from_millis(20))).expect("a move");
    /// assert_eq!(game.moves(), [white.played, black.played]);
    /// assert!(white.result.depth >= 1);
    /// # Ok::<(), fairy_rules::LoadError>(())
    /// ```
    pub fn play(&mut self, game: &mut Game, limits: &SearchLimits) -> Option<Played> {
        if game.outcome().is_some() {
            return None;
        }
        let side = game.position().side_to_move();
        let variant = game.variant().clone();
        let seen = variant.redact(game.position(), side);
        let unseen = variant.unseen(game.position(), side);
        let hashes = game.earlier_hashes().to_vec();
        let choices = if unseen.is_empty() {
            let r = self.search(&seen, &hashes, limits);
            r.best.into_iter().map(|m| (m, r.clone())).collect()
        } else {
            self.sample(&variant, &seen, &unseen, &hashes, limits)
        };
        let fallback = first_result(&choices);
        let tries = choices.into_iter().chain(
            variant
                .legal_moves(&seen)
                .into_iter()
                .map(|m| (m, fallback.clone())),
        );
        for (m, result) in tries {
            if let Ok(played) = game.attempt(side, &variant.move_text(m)) {
                return Some(Played { played, result });
            }
        }
        None
    }

    /// The moves chosen in positions sampled from `seen`, most often chosen first, each with
    /// the search of the first sample that chose it.
    fn sample(
        &mut self,
        variant: &Variant,
        seen: &Position,
        unseen: &Unseen,
        hashes: &[u64],
        limits: &SearchLimits,
    ) -> Vec<(Move, SearchResult)> {
        let side = seen.side_to_move();
        let mut rng = StdRng::seed_from_u64(seen.hash());
        let share = SearchLimits {
            nodes: limits.nodes.map(|n| (n / u64::from(SAMPLES)).max(1)),
            time: limits.time.map(|t| t / SAMPLES),
            ..limits.clone()
        };
        // Keyed by move text: a capture of a sampled hidden piece is the view's move.
        let mut votes: Vec<(String, u32, Move, SearchResult)> = Vec::new();
        for _ in 0..SAMPLES {
            let pos = variant.determinize(seen, side, unseen, &mut rng);
            let r = self.search(&pos, hashes, &share);
            let Some(best) = r.best else { continue };
            let text = variant.move_text(best);
            match votes.iter_mut().find(|v| v.0 == text) {
                Some(v) => v.1 += 1,
                None => votes.push((text, 1, best, r)),
            }
        }
        // A stable sort keeps the earlier sample first among equal counts.
        votes.sort_by_key(|v| std::cmp::Reverse(v.1));
        votes.into_iter().map(|(_, _, m, r)| (m, r)).collect()
    }
}

/// The search reported with a move that no search chose: the first choice's, or empty.
fn first_result(choices: &[(Move, SearchResult)]) -> SearchResult {
    choices.first().map_or_else(
        || SearchResult {
            best: None,
            score: super::Score(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
        },
        |c| c.1.clone(),
    )
}
