//! A game-tree search for every variant: iterative-deepening principal variation search
//! with aspiration windows, a transposition table, late move reductions, and reverse
//! futility and futility pruning near the leaves; quiescence on captures and promotions
//! (losing captures cut by static exchange evaluation); move ordering (the table's move,
//! most valuable victim / least valuable attacker, killers, history), check extensions and
//! mate scores; expectimax over the outcomes of a chance event; a root move that beat the
//! last iteration's in an iteration a limit cut short is played; an optional contempt for
//! draws. Each pruning rule was kept for a gain in self-play (`docs/strength.md`).
//!
//! ```
//! use fairy_rules::search::{SearchLimits, Searcher};
//! let chess = fairy_rules::Variant::bundled("chess")?;
//! // White mates in one: Ra8#.
//! let pos = chess.parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
//! let mut searcher = Searcher::new(chess.clone());
//! let result = searcher.search(&pos, &[], &SearchLimits::depth(3));
//! assert_eq!(chess.move_text(result.best.unwrap()), "a1a8");
//! assert_eq!(result.score.mate_in(), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The search plays the position it is given: in a game of hidden information, give it the
//! side's view ([`crate::Ruleset::redact`]).

mod eval;
mod order;
mod player;
mod prune;
mod tree;
mod tt;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::{Move, Position, UndoStack};
use crate::load::variant::Variant;

pub use eval::Values;
pub use player::Played;

/// Deepest iteration searched when no other limit is given.
pub(crate) const MAX_DEPTH: u32 = 64;

/// A score from the side to move's point of view: centipawns, or a mate. A mate in `n`
/// plies scores `Score::MATE - n` for the side that mates and its negation for the other.
///
/// See the example of [`Searcher::search_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// The score of a mate on the board (zero plies away).
    pub(crate) const MATE: i32 = 30_000;
    /// Scores beyond this (in absolute value) are mates.
    pub(crate) const MATE_BOUND: i32 = Score::MATE - 1_000;

    /// Full moves to the mate: positive when the side to move mates, negative when it is
    /// mated; `None` for a score that is no mate. See the example of
    /// [`Searcher::search_with`].
    pub fn mate_in(self) -> Option<i32> {
        let plies = Score::MATE - self.0.abs();
        (self.0.abs() > Score::MATE_BOUND).then(|| {
            let moves = (plies + 1) / 2;
            if self.0 > 0 {
                moves
            } else {
                -moves
            }
        })
    }
}

/// `cp 35`, `mate 3` or `mate -2`, as UCI engines report scores.
impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.mate_in() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

/// When a search stops; it stops at the first limit reached. Without any, it goes to
/// depth 64. Only the depth and node limits give the same result on every run.
///
/// See the examples of [`Searcher::search_with`] and [`Searcher::play`].
#[derive(Debug, Clone, Default)]
pub struct SearchLimits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Positions to visit, at most (checked every 1,024).
    pub nodes: Option<u64>,
    /// Time to think, wall-clock.
    pub time: Option<Duration>,
    /// Set from another thread to stop the search; the last finished iteration's move
    /// stands, or a move that beat it in the iteration stopped ([`SearchResult::best`]).
    pub stop: Option<Arc<AtomicBool>>,
}

impl SearchLimits {
    /// Search to `depth` plies. See the example of [`Searcher::search_with`].
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Search for `time` (wall-clock; the result depends on the machine). See the example
    /// of [`Searcher::play`].
    pub fn time(time: Duration) -> SearchLimits {
        SearchLimits {
            time: Some(time),
            ..SearchLimits::default()
        }
    }

    /// The time to think about one move on a clock with `left` on it, `increment` added
    /// after each move and `moves_to_go` moves to make before the next time control (`None`:
    /// the rest of the game, counted as [`MOVES_TO_GO`] moves): an equal share of what is
    /// left plus nine tenths of the increment, at most a third of what is left, less
    /// [`MOVE_OVERHEAD`] for the move to travel, and at least 10 ms.
    ///
    /// ```
    /// use std::time::Duration;
    /// use fairy_rules::search::SearchLimits;
    /// let s = Duration::from_secs;
    /// // A minute left and a second a move: 60/30 + 0.9 s, less 30 ms.
    /// assert_eq!(SearchLimits::clock_share(s(60), s(1), None), Duration::from_millis(2870));
    /// // Two moves to the control: at most a third of the time left.
    /// assert_eq!(SearchLimits::clock_share(s(60), s(0), Some(2)), Duration::from_millis(19970));
    /// ```
    pub fn clock_share(left: Duration, increment: Duration, moves_to_go: Option<u32>) -> Duration {
        let to_go = moves_to_go.unwrap_or(MOVES_TO_GO).max(1);
        let share = left / to_go + increment * 9 / 10;
        share
            .min(left / 3)
            .saturating_sub(MOVE_OVERHEAD)
            .max(Duration::from_millis(10))
    }
}

/// The moves a clock without a time control is expected to last for: the rest of the game
/// is taken to be this long, whatever has been played ([`SearchLimits::clock_share`]).
pub const MOVES_TO_GO: u32 = 30;

/// Time kept back from each move's share of a clock for the move to reach the other side
/// (a pipe, a GUI).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// What a search found.
///
/// See the example of [`Searcher::search_with`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the side to move has none (the game is over). The
    /// last finished iteration's, or the move that beat it in the iteration a limit cut
    /// short (the last iteration's move is searched first, so one that beats it is better
    /// at the greater depth).
    pub best: Option<Move>,
    /// Its score for the side to move (for a move of a cut iteration, at least this).
    pub score: Score,
    /// The last iteration finished, in plies.
    pub depth: u32,
    /// The deepest ply the search reached, check extensions and quiescence included (UCI's
    /// `seldepth`).
    pub seldepth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
}

/// A search with its memory (transposition table, killers, history), kept from one search
/// to the next within a game; [`Searcher::clear`] forgets it.
///
/// See the examples of [`Searcher::search_with`], [`Searcher::evaluate`], [`Searcher::set_star1`]
/// and [`Searcher::play`].
pub struct Searcher {
    variant: Variant,
    values: Values,
    squares: eval::Squares,
    table: tt::Table,
    heuristics: order::Heuristics,
    star1: bool,
    contempt: i32,
}

impl Searcher {
    /// A searcher for `variant` with a 16 MiB transposition table. See the example of
    /// [`Searcher::search_with`].
    pub fn new(variant: Variant) -> Searcher {
        Searcher::with_table(variant, 16)
    }

    /// A searcher with a transposition table of about `megabytes` MiB (UCI's `Hash`).
    ///
    /// See the example of [`Searcher::search_with`].
    pub fn with_table(variant: Variant, megabytes: usize) -> Searcher {
        let cells = variant.topology.cell_count();
        let values = Values::derived(&variant);
        Searcher {
            squares: eval::Squares::new(&variant, &values),
            values,
            variant,
            table: tt::Table::new(megabytes),
            heuristics: order::Heuristics::new(cells),
            star1: true,
            contempt: 0,
        }
    }

    /// Turns Star1 and Star2 pruning at chance nodes on (the default) or off (plain
    /// expectimax, which visits every outcome: the same move and score, found with more
    /// nodes).
    ///
    /// ```
    /// use fairy_rules::search::{SearchLimits, Searcher};
    /// let bermuda = fairy_rules::Variant::bundled("bermuda")?;
    /// let start = bermuda.start_position();
    /// let mut searcher = Searcher::new(bermuda.clone());
    /// let pruned = searcher.search(&start, &[], &SearchLimits::depth(2));
    /// searcher.clear();
    /// searcher.set_star1(false);
    /// let full = searcher.search(&start, &[], &SearchLimits::depth(2));
    /// assert_eq!((pruned.best, pruned.score), (full.best, full.score));
    /// assert!(pruned.nodes < full.nodes);
    /// # Ok::<(), fairy_rules::LoadError>(())
    /// ```
    pub fn set_star1(&mut self, on: bool) {
        self.star1 = on;
    }

    /// Sets the contempt, in centipawns (0 by default): a drawn end (by repetition, a move
    /// rule, the material, a stalemate that draws) scores this much below zero for the side
    /// to move at the root of each search, and as much above zero for its opponent, so that
    /// the side the searcher plays for avoids a draw while it stands less than this much
    /// worse. Against a weaker opponent a draw is a loss of points; in self-play (balance
    /// statistics) it should stay 0. UCI's `Contempt`, as in Fairy-Stockfish.
    ///
    /// ```
    /// use fairy_rules::search::{Score, SearchLimits, Searcher};
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// // Every move leaves a king against a king and a bishop: a draw by the material.
    /// let kings = chess.parse_fen("8/8/8/4k3/8/8/8/2b1K3 w - - 0 1")?;
    /// let mut searcher = Searcher::new(chess.clone());
    /// assert_eq!(searcher.search(&kings, &[], &SearchLimits::depth(2)).score, Score(0));
    /// searcher.set_contempt(30);
    /// assert_eq!(searcher.search(&kings, &[], &SearchLimits::depth(2)).score, Score(-30));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_contempt(&mut self, centipawns: i32) {
        self.contempt = centipawns.clamp(-Score::MATE_BOUND / 2, Score::MATE_BOUND / 2);
    }

    /// The piece values the evaluation uses, in centipawns. See the example of
    /// [`Searcher::evaluate`].
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The static evaluation of `pos` for the side to move: material, each piece's mobility on
    /// its square (its empty-board moves there against its average, 8 centipawns each) and on
    /// the board as it stands (4 centipawns per cell a non-royal piece reaches, 12 more for
    /// each of the first two a piece that is no pawn reaches), threats (an eighth of the
    /// difference in value for each enemy piece a piece worth less reaches), a promoting
    /// piece's nearness to its zone (a quarter of the promotion's gain one king step away,
    /// halved per step further; half of that while an enemy piece of its kind stands ahead of
    /// it on its line or a line beside, so that it is not passed), a flag piece's nearness to
    /// its zone (200 centipawns one step away, halved per step further) and, where royal pieces
    /// are checkmated, each royal piece's shelter (10 centipawns per own piece next to it,
    /// times the share of its material the enemy keeps), its distance from the centre in the
    /// ending (3 centipawns per half step, times the share of the start's material gone) and,
    /// for a side with twice the other's material, the kings' nearness (8 centipawns per king
    /// step, times the same share: mop-up), with, against a lone royal piece, its distance from
    /// the centre and the nearness of the pieces that hunt it.
    ///
    /// ```
    /// use fairy_rules::search::{Score, Searcher};
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let searcher = Searcher::new(chess.clone());
    /// // Derived from the movement: P N B R Q K (the king is no material under checkmate).
    /// let values: Vec<i32> = chess.kinds().map(|k| searcher.values().of(k)).collect();
    /// assert_eq!(values, [73, 320, 362, 494, 856, 0]);
    /// assert_eq!(searcher.evaluate(&chess.start_position()), Score(0));
    /// let queenless = chess.parse_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")?;
    /// assert!(searcher.evaluate(&queenless).0 > 800);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate(&self, pos: &Position) -> Score {
        eval::evaluate(&self.variant, &self.values, &self.squares, pos)
    }

    /// Forgets what earlier searches learned (for a new game). See the example of
    /// [`Searcher::set_star1`].
    pub fn clear(&mut self) {
        self.table.clear();
        self.heuristics.clear();
    }

    /// Searches `pos` within `limits`. `history` holds the hashes of the game's earlier
    /// positions (oldest first, without `pos`: [`crate::Game::earlier_hashes`]), so that
    /// repetitions are seen. See the examples of [`Searcher::search_with`] and of the
    /// [module](self).
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &SearchLimits,
    ) -> SearchResult {
        self.search_with(pos, history, limits, &mut |_| {})
    }

    /// [`Searcher::search`], calling `report` after each finished iteration (depth 1, 2,
    /// ...), and once more when a root move of the iteration a limit cut short replaces
    /// the last one's ([`SearchResult::best`]).
    ///
    /// ```
    /// use fairy_rules::search::{Score, SearchLimits, Searcher};
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let pos = chess.parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
    /// let mut searcher = Searcher::new(chess.clone());
    /// let mut reports = Vec::new();
    /// let result = searcher.search_with(&pos, &[], &SearchLimits::depth(3), &mut |r| {
    ///     reports.push((r.depth, r.score.to_string()))
    /// });
    /// assert_eq!(reports[0], (1, "mate 1".to_string()));
    /// assert_eq!(result.pv.first(), result.best.as_ref());
    /// assert_eq!(chess.move_text(result.best.unwrap()), "a1a8");
    /// assert_eq!(result.score.mate_in(), Some(1));
    /// assert_eq!(Score(-29_997).mate_in(), Some(-2)); // mated in three plies
    /// assert_eq!(Score(35).mate_in(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_with(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &SearchLimits,
        report: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let mut tree = tree::Tree {
            rules: &self.variant,
            values: &self.values,
            squares: &self.squares,
            table: &mut self.table,
            heuristics: &mut self.heuristics,
            limits,
            start: Instant::now(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            undo: UndoStack::new(),
            path: history.to_vec(),
            lists: Vec::new(),
            keys: Vec::new(),
            material: Vec::new(),
            star1: self.star1,
            contempt: self.contempt,
            root_side: pos.side_to_move(),
            root_best: None,
        };
        tree.iterate(pos.clone(), report)
    }
}
