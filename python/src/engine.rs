//! The engine: [`Engine`] searches a [`Board`] and answers a [`SearchResult`].

use pyo3::prelude::*;

use fairy_rules::search::Searcher;
use fairy_rules::Variant;

use crate::board::Board;
use crate::core::{self, guard, Failure};
use crate::variant::VariantArg;

/// Plies searched when `search` is given no limit.
const DEFAULT_DEPTH: u32 = 6;

/// What a search found.
///
/// `best_move` is in UCI (`None` when the game is over); `score` is from the side to move's
/// point of view, in centipawns, or a mate score (then `mate` gives full moves to the mate:
/// positive when the side to move mates, negative when it is mated; `None` otherwise);
/// `depth` the last iteration finished, `nodes` the positions visited, `pv` the expected
/// line in UCI, starting with `best_move`.
#[pyclass(module = "fairy_rules", frozen, get_all, skip_from_py_object)]
#[derive(Debug, Clone)]
pub struct SearchResult {
    /// The move to play, in UCI; `None` when there is none.
    pub best_move: Option<String>,
    /// The score for the side to move.
    pub score: i32,
    /// Full moves to mate, when the score is a mate.
    pub mate: Option<i32>,
    /// The last iteration finished, in plies.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line, in UCI.
    pub pv: Vec<String>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let quote = |s: &String| crate::quote(s);
        let pv: Vec<String> = self.pv.iter().map(quote).collect();
        format!(
            "SearchResult(best_move={}, score={}, mate={}, depth={}, nodes={}, pv=[{}])",
            self.best_move.as_ref().map_or("None".into(), quote),
            self.score,
            self.mate.map_or("None".into(), |m| m.to_string()),
            self.depth,
            self.nodes,
            pv.join(", ")
        )
    }
}

/// The library's engine for one variant: `Engine(variant)`, then `search(board, depth=None,
/// nodes=None, time=None)` with a depth in plies, a number of nodes and a time in seconds
/// (the first limit reached ends it; with none, 6 plies). It keeps what it learned (its
/// transposition table) from one search to the next. In a game of hidden parts it searches
/// what the side to move sees, as it plays.
#[pyclass(module = "fairy_rules")]
pub struct Engine {
    name: String,
    variant: Variant,
    searcher: Searcher,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (variant = VariantArg::Name("chess".into())))]
    fn new(variant: VariantArg) -> PyResult<Engine> {
        Ok(guard(|| {
            let (name, variant) = variant.resolve()?;
            Ok(Engine {
                name,
                searcher: core::searcher(&variant),
                variant,
            })
        })?)
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> String {
        self.name.clone()
    }

    /// Searches the board's position (its earlier positions count for repetition).
    #[pyo3(signature = (board, depth = None, nodes = None, time = None))]
    fn search(
        &mut self,
        py: Python<'_>,
        board: PyRef<'_, Board>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<SearchResult> {
        if !core::same_variant(&self.variant, &board.variant) {
            return Err(Failure::Argument(format!(
                "the engine plays {}, the board another variant",
                self.name
            ))
            .into());
        }
        let depth = match (depth, nodes, time) {
            (None, None, None) => Some(DEFAULT_DEPTH),
            _ => depth,
        };
        let limits = core::limits(depth, nodes, time)?;
        let game = board.game.clone();
        let searcher = &mut self.searcher;
        let result = py.detach(|| guard(|| Ok(core::search(searcher, &game, &limits))))?;
        let (score, mate) = core::score(&result);
        Ok(SearchResult {
            best_move: result.best.map(|m| board.move_text(m)),
            score,
            mate,
            depth: result.depth,
            nodes: result.nodes,
            pv: result.pv.iter().map(|&m| board.move_text(m)).collect(),
        })
    }

    /// Forgets what earlier searches learned (for a new game).
    fn clear(&mut self) {
        self.searcher.clear();
    }

    fn __repr__(&self) -> String {
        format!("Engine({})", crate::quote(&self.name))
    }
}
