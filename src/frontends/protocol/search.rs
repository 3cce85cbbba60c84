//! Engine moves: the caps every search gets whatever its request asks, and a search taken out
//! of the server to run without it (`fairy web` runs one off its lock, and stops it when its
//! client goes away).
//!
//! Each search makes its own transposition table ([`TABLE_MIB`]) and drops it when it ends:
//! a game keeps no engine between moves, so memory grows with the searches running at once
//! ([`SearchCaps::searches`]), not with the games open.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::types::EngineLimits;
use crate::engine::Move;
use crate::play::game::Game;
use crate::play::search::{SearchLimits, Searcher, MAX_DEPTH};
use crate::types::piece::Color;

/// The transposition table of one search, in MiB.
pub(crate) const TABLE_MIB: usize = 16;

/// Positions searched when a request gives no limit at all.
const DEFAULT_NODES: u64 = 20_000;

/// The caps of every engine move, whatever its request asks: a request's limits are lowered
/// to them, and a request without some limit gets the cap.
///
/// See the example of [`SearchCaps::limits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchCaps {
    /// Deepest search, in plies (64 by default).
    pub depth: u32,
    /// Most positions visited (100 million by default).
    pub nodes: u64,
    /// Longest time to think (60 seconds by default).
    pub time: Duration,
    /// Most searches running at once (4 by default); an engine move beyond them is answered
    /// with [`super::ErrorCode::Busy`]. Only `fairy web` runs more than one.
    pub searches: usize,
}

impl Default for SearchCaps {
    fn default() -> SearchCaps {
        SearchCaps {
            depth: MAX_DEPTH,
            nodes: 100_000_000,
            time: Duration::from_secs(60),
            searches: 4,
        }
    }
}

impl SearchCaps {
    /// The limits of a search that `asked` for, within the caps: each limit asked is lowered
    /// to its cap (and raised to at least 1), and the caps hold even for limits not asked.
    /// A request with no limit at all searches 20,000 positions.
    ///
    /// ```
    /// use std::time::Duration;
    /// use fairy_rules::protocol::{EngineLimits, SearchCaps};
    /// let caps = SearchCaps { depth: 2, ..SearchCaps::default() };
    /// let asked = EngineLimits { depth: Some(9), nodes: None, movetime_ms: Some(500) };
    /// let limits = caps.limits(&asked);
    /// assert_eq!((limits.depth, limits.nodes, limits.time), (Some(2), Some(100_000_000), Some(Duration::from_millis(500))));
    /// let default = caps.limits(&EngineLimits::default());
    /// assert_eq!((default.nodes, default.time), (Some(20_000), Some(Duration::from_secs(60))));
    /// ```
    pub fn limits(&self, asked: &EngineLimits) -> SearchLimits {
        let none = asked.depth.is_none() && asked.nodes.is_none() && asked.movetime_ms.is_none();
        let nodes = match none {
            true => DEFAULT_NODES,
            false => asked.nodes.unwrap_or(u64::MAX),
        };
        let time = asked
            .movetime_ms
            .map_or(self.time, |ms| Duration::from_millis(ms).min(self.time));
        SearchLimits {
            depth: Some(
                asked
                    .depth
                    .unwrap_or(self.depth)
                    .clamp(1, self.depth.max(1)),
            ),
            nodes: Some(nodes.clamp(1, self.nodes.max(1))),
            time: Some(time.max(Duration::from_millis(1))),
            stop: None,
        }
    }
}

/// A search as the server knows it while it runs: its stop flag and its place among the
/// searches running, given back when it is dropped (finished or not).
pub(super) struct Ticket {
    pub(super) stop: Arc<AtomicBool>,
    running: Arc<AtomicUsize>,
}

impl Ticket {
    /// A place among the searches that `running` counts, if fewer than `most` run.
    pub(super) fn take(running: &Arc<AtomicUsize>, most: usize) -> Option<Ticket> {
        running
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < most).then_some(n + 1)
            })
            .ok()?;
        Some(Ticket {
            stop: Arc::default(),
            running: running.clone(),
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.running.fetch_sub(1, Ordering::SeqCst);
    }
}

/// An engine move taken out of the server: [`PendingSearch::run`] searches without the
/// server, and [`super::Server::finish`] plays the move found. Until then the game refuses
/// moves and undos ([`super::ErrorCode::Busy`]); dropping it unfinished frees the game.
pub(crate) struct PendingSearch {
    pub(super) id: Option<Value>,
    pub(super) game_id: String,
    /// The seat's side (`None`: a client that sees everything).
    pub(super) side: Option<Color>,
    /// A copy of the game, to play the move on.
    pub(super) game: Game,
    pub(super) limits: SearchLimits,
    pub(super) ticket: Arc<Ticket>,
}

/// A search that has run, for [`super::Server::finish`].
pub(crate) struct FinishedSearch {
    pub(super) search: Box<PendingSearch>,
    /// The move played on the copy and the search's score, if the side could move.
    pub(super) played: Option<(Move, i32)>,
}

impl PendingSearch {
    /// The flag that stops the search when set (from any thread); a stopped search plays no
    /// move.
    pub(crate) fn stop_flag(&self) -> Arc<AtomicBool> {
        self.ticket.stop.clone()
    }

    /// Searches and plays the move on the copy of the game: as long as the limits allow,
    /// or until the stop flag is set.
    pub(crate) fn run(mut self: Box<Self>) -> FinishedSearch {
        let mut searcher = Searcher::with_table(self.game.variant().clone(), TABLE_MIB);
        let limits = SearchLimits {
            stop: Some(self.stop_flag()),
            ..self.limits.clone()
        };
        let played = searcher
            .play(&mut self.game, &limits)
            .map(|p| (p.played, p.result.score.0));
        FinishedSearch {
            search: self,
            played,
        }
    }
}
