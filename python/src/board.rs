//! The python-chess-like API: [`Board`], a game in progress, and [`Outcome`], how it ended.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;

use fairy_rules::{Color, Game, Move, Variant};

use crate::core::{self, guard, Failure};
use crate::variant::VariantArg;

/// How a game ended.
///
/// `winner` is `True` for White, `False` for Black and `None` for a draw, as in python-chess;
/// `termination` names the reason in the library's words (`checkmate`, `stalemate`,
/// `move rule`, `repetition`, `insufficient material`, `flag`, `checks given`,
/// `royal piece captured`, `extinction`, ...).
#[pyclass(module = "fairy_rules", frozen, get_all, eq, skip_from_py_object)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// `True` if White won, `False` if Black won, `None` for a draw.
    pub winner: Option<bool>,
    /// Why the game ended.
    pub termination: String,
}

#[pymethods]
impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        match self.winner {
            Some(true) => "1-0",
            Some(false) => "0-1",
            None => "1/2-1/2",
        }
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!(
            "Outcome(termination={}, winner={winner})",
            crate::quote(&self.termination)
        )
    }
}

impl Outcome {
    /// The Python value of a library outcome.
    pub fn of(outcome: &fairy_rules::Outcome) -> Outcome {
        Outcome {
            winner: core::winner(outcome).map(|c| c == Color::White),
            termination: core::reason(outcome).to_string(),
        }
    }
}

/// A game of a variant in progress, in the manner of python-chess's `chess.Board`.
///
/// `Board(variant="chess", fen=None, *, chess960=False, seed=0)`: the variant's name (a bundled
/// one, one loaded with `load_variant_config`, or the path of a definition file) or a
/// `Variant`; `fen` the start position (`None`: the variant's own). Moves go in and come
/// out in UCI as Fairy-Stockfish writes it (`e2e4`, `e7e8q`, `P@e4`, `b2h8+` for a
/// shogi-style promotion; with `chess960=True` castling as the king's move onto its rook,
/// `e1h1`). `seed` draws the chance events and game parameters of the games that have them.
///
/// The game ends as the definition says: checkmate, stalemate, a variant's own end, and also
/// insufficient material, the move rule and repetition, which end it at once (in
/// python-chess they are claimed). Once it is over `legal_moves` is empty and `push` raises
/// `GameOver`.
#[pyclass(module = "fairy_rules", subclass, skip_from_py_object)]
#[derive(Clone)]
pub struct Board {
    pub(crate) variant: Variant,
    name: String,
    pub(crate) game: Game,
    chess960: bool,
}

impl Board {
    fn uci(&self, m: Move) -> String {
        core::uci(&self.variant, m, self.chess960)
    }

    fn read(&self, text: &str) -> Result<Move, Failure> {
        core::read_uci(&self.variant, self.game.position(), text)
    }

    fn play(&mut self, m: Move, text: &str) -> Result<String, Failure> {
        core::play(&mut self.game, m, text)?;
        let played = *self.game.moves().last().unwrap_or(&m);
        Ok(self.uci(played))
    }

    /// The text the board writes of moves.
    pub(crate) fn move_text(&self, m: Move) -> String {
        self.uci(m)
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant = VariantArg::Name("chess".into()), fen = None, *, chess960 = false, seed = 0))]
    fn new(variant: VariantArg, fen: Option<&str>, chess960: bool, seed: u64) -> PyResult<Board> {
        Ok(guard(|| {
            let (name, v) = variant.resolve()?;
            let game = core::new_game(&v, fen, seed)?;
            Ok(Board {
                variant: v,
                name,
                game,
                chess960,
            })
        })?)
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> String {
        self.name.clone()
    }

    /// The legal moves, in UCI; none once the game is over.
    #[getter]
    fn legal_moves(&self) -> PyResult<Vec<String>> {
        Ok(guard(|| {
            Ok(core::game_moves(&self.game)
                .into_iter()
                .map(|m| self.uci(m))
                .collect())
        })?)
    }

    /// The moves played, in UCI, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.game.moves().iter().map(|&m| self.uci(m)).collect()
    }

    /// `True` when White is to move, `False` when Black is, as in python-chess.
    #[getter]
    fn turn(&self) -> bool {
        core::white_to_move(self.game.position())
    }

    /// Whether castling is written as the king's move onto its rook (`e1h1`).
    #[getter]
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// Plays a move given in UCI. Raises `IllegalMove` (or its subclasses `InvalidMove`,
    /// `GameOver`) when it cannot be played; the board is then unchanged.
    fn push(&mut self, r#move: &str) -> PyResult<()> {
        self.push_uci(r#move).map(|_| ())
    }

    /// Plays a move given in UCI and returns it as played (with a chance event's drawn cell,
    /// `d2d4@e5`, in the games that have one).
    fn push_uci(&mut self, uci: &str) -> PyResult<String> {
        Ok(guard(|| {
            core::going_on(&self.game, uci)?;
            let m = self.read(uci)?;
            self.play(m, uci)
        })?)
    }

    /// Plays a move given in SAN (`Nf3`, `exd5`, `O-O`, `P@e4`; the engine's move text is read
    /// too) and returns it in UCI. Raises `IllegalMove`, `AmbiguousMove` or `InvalidMove`.
    fn push_san(&mut self, san: &str) -> PyResult<String> {
        Ok(guard(|| {
            core::going_on(&self.game, san)?;
            let m = core::read_san(&self.variant, self.game.position(), san)?;
            self.play(m, san)
        })?)
    }

    /// Reads a move in SAN and returns it in UCI, without playing it.
    fn parse_san(&self, san: &str) -> PyResult<String> {
        Ok(guard(|| {
            let m = core::read_san(&self.variant, self.game.position(), san)?;
            Ok(self.uci(m))
        })?)
    }

    /// Takes back the last move and returns it in UCI; `IndexError` when none was played.
    fn pop(&mut self) -> PyResult<String> {
        match guard(|| Ok(core::undo(&mut self.game)))? {
            Some(m) => Ok(self.uci(m)),
            None => Err(PyIndexError::new_err("pop from a board without moves")),
        }
    }

    /// The last move played, in UCI; `IndexError` when none was played.
    fn peek(&self) -> PyResult<String> {
        match self.game.moves().last() {
            Some(&m) => Ok(self.uci(m)),
            None => Err(PyIndexError::new_err("peek at a board without moves")),
        }
    }

    /// The position as FEN.
    fn fen(&self) -> PyResult<String> {
        Ok(guard(|| {
            Ok(core::fen(&self.variant, self.game.position()))
        })?)
    }

    /// The FEN of what a side sees (`True`: White, `False`: Black, `None`: the side to move):
    /// in a game of hidden parts the opponent's are left out; elsewhere the position's FEN.
    #[pyo3(signature = (side = None))]
    fn view_fen(&self, side: Option<bool>) -> PyResult<String> {
        let side = match side.unwrap_or_else(|| self.turn()) {
            true => Color::White,
            false => Color::Black,
        };
        Ok(guard(|| {
            Ok(core::view_fen(&self.variant, self.game.position(), side))
        })?)
    }

    /// The SAN of a legal move given in UCI.
    fn san(&self, r#move: &str) -> PyResult<String> {
        Ok(guard(|| {
            let m = self.read(r#move)?;
            Ok(core::san(&self.variant, self.game.position(), m))
        })?)
    }

    /// The long algebraic notation of a legal move given in UCI (`Ng1-f3`, `e7xd8=Q+`).
    fn lan(&self, r#move: &str) -> PyResult<String> {
        Ok(guard(|| {
            let m = self.read(r#move)?;
            Ok(core::lan(&self.variant, self.game.position(), m))
        })?)
    }

    /// Whether a legal move given in UCI captures.
    fn is_capture(&self, r#move: &str) -> PyResult<bool> {
        Ok(guard(|| Ok(core::is_capture(self.read(r#move)?)))?)
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> PyResult<bool> {
        Ok(guard(|| {
            Ok(core::in_check(&self.variant, self.game.position()))
        })?)
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> PyResult<bool> {
        Ok(guard(|| Ok(core::outcome(&self.game).is_some()))?)
    }

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> PyResult<Option<Outcome>> {
        Ok(guard(|| {
            Ok(core::outcome(&self.game).map(|o| Outcome::of(&o)))
        })?)
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    fn result(&self) -> PyResult<String> {
        Ok(self
            .outcome()?
            .map_or("*".to_string(), |o| o.result().to_string()))
    }

    /// The leaf nodes of the legal move tree `depth` plies below the position (the move rule
    /// and repetition aside, as is usual for perft).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let variant = self.variant.clone();
        let position = self.game.position().clone();
        Ok(py.detach(|| guard(|| Ok(core::perft(&variant, &position, depth))))?)
    }

    /// A copy of the board, its moves included.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "Board({}, {})",
            crate::quote(&self.name),
            crate::quote(&self.fen()?)
        ))
    }

    fn __str__(&self) -> PyResult<String> {
        self.fen()
    }
}
