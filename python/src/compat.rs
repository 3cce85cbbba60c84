//! Functions with pyffish's names and arguments (Fairy-Stockfish's Python module), over the
//! library's rules. A position is a variant's name, a FEN (`startpos` for the start) and
//! the moves played from it, in UCI as Fairy-Stockfish writes them.
//!
//! Where the semantics differ, the functions say so; in short: bad input raises (a
//! `FairyError`, a `ValueError`) where pyffish may crash or answer anything; a game ends
//! where its definition says, also by insufficient material, the move rule, repetition and
//! the counting rules, and a move after the end raises `GameOver`; options of
//! Fairy-Stockfish's own (`sfen`, `showPromoted`, `countStarted`) are accepted and, but for
//! `sfen`, ignored (`countStarted` as its default 0: the count starts as the rules say).

use pyo3::exceptions::PyNotImplementedError;
use pyo3::prelude::*;

use fairy_rules::{Color, FenError, FenField, Game, Outcome, Variant};

use crate::core::{self, guard, Failure};

/// A won game's score for the side to move, as Fairy-Stockfish's `VALUE_MATE`.
pub const VALUE_MATE: i32 = 32000;
/// A drawn game's score.
pub const VALUE_DRAW: i32 = 0;

/// pyffish's notations: `get_san`'s `notation`.
pub const NOTATIONS: [(&str, i32); 10] = [
    ("NOTATION_DEFAULT", 0),
    ("NOTATION_SAN", 1),
    ("NOTATION_LAN", 2),
    ("NOTATION_SHOGI_HOSKING", 3),
    ("NOTATION_SHOGI_HODGES", 4),
    ("NOTATION_SHOGI_HODGES_NUMBER", 5),
    ("NOTATION_JANGGI", 6),
    ("NOTATION_XIANGQI_WXF", 7),
    ("NOTATION_THAI_SAN", 8),
    ("NOTATION_THAI_LAN", 9),
];

/// Fairy-Stockfish's FEN validation codes (`validate_fen`).
pub const FEN_CODES: [(&str, i32); 16] = [
    ("FEN_INVALID_COUNTING_RULE", -14),
    ("FEN_INVALID_CHECK_COUNT", -13),
    ("FEN_INVALID_PROMOTED_PIECE", -12),
    ("FEN_INVALID_NB_PARTS", -11),
    ("FEN_INVALID_CHAR", -10),
    ("FEN_TOUCHING_KINGS", -9),
    ("FEN_INVALID_BOARD_GEOMETRY", -8),
    ("FEN_INVALID_POCKET_INFO", -7),
    ("FEN_INVALID_SIDE_TO_MOVE", -6),
    ("FEN_INVALID_CASTLING_INFO", -5),
    ("FEN_INVALID_EN_PASSANT_SQ", -4),
    ("FEN_INVALID_NUMBER_OF_KINGS", -3),
    ("FEN_INVALID_HALF_MOVE_COUNTER", -2),
    ("FEN_INVALID_MOVE_COUNTER", -1),
    ("FEN_EMPTY", 0),
    ("FEN_OK", 1),
];

/// The game of `variant` from `fen` with `moves` played.
fn game(variant: &str, fen: &str, moves: &[String]) -> Result<(Variant, Game), Failure> {
    let v = core::variant(variant)?;
    let game = core::game_after(&v, fen, moves)?;
    Ok((v, game))
}

/// `f` of the game of `variant` from `fen` with `moves` played, its failures and panics
/// raised as exceptions.
fn after<T>(
    variant: &str,
    fen: &str,
    moves: &[String],
    f: impl FnOnce(&Variant, &Game) -> Result<T, Failure>,
) -> PyResult<T> {
    Ok(guard(|| {
        let (v, game) = game(variant, fen, moves)?;
        f(&v, &game)
    })?)
}

/// The score of `outcome` for the side to move: `VALUE_MATE` won, `-VALUE_MATE` lost,
/// `VALUE_DRAW` drawn.
fn value(outcome: &Outcome, side: Color) -> i32 {
    match core::winner(outcome) {
        Some(w) if w == side => VALUE_MATE,
        Some(_) => -VALUE_MATE,
        None => VALUE_DRAW,
    }
}

/// The names of every variant: the bundled definitions (the project's games and those of
/// Fairy-Stockfish's perft suite, under Fairy-Stockfish's names) and the loaded ones.
#[pyfunction]
pub fn variants() -> Vec<String> {
    core::variant_names()
}

/// The package's version as a tuple of three numbers.
#[pyfunction]
pub fn version() -> (u32, u32, u32) {
    let number = |s: &str| s.parse().unwrap_or(0);
    let mut parts = env!("CARGO_PKG_VERSION").split('.');
    let mut next = || number(parts.next().unwrap_or("0"));
    (next(), next(), next())
}

/// A line naming the package and its version.
#[pyfunction]
pub fn info() -> String {
    format!("fairy-rules {}", env!("CARGO_PKG_VERSION"))
}

/// Loads a variant definition: YAML text, or the path of a YAML file (pyffish reads
/// Fairy-Stockfish's INI format instead). It joins `variants()` under its file's stem or,
/// given as text, its name in lower case with hyphens, which is returned (pyffish returns
/// `None`); it takes the place of a variant of the same name. Raises `DefinitionError`
/// with every problem.
#[pyfunction]
pub fn load_variant_config(config: &str) -> PyResult<String> {
    Ok(guard(|| {
        core::load_definition(config).map(|(name, _)| name)
    })?)
}

/// The FEN of the variant's start position.
#[pyfunction]
pub fn start_fen(variant: &str) -> PyResult<String> {
    Ok(guard(|| {
        let v = core::variant(variant)?;
        Ok(core::start_fen(&v))
    })?)
}

/// Whether captured pieces go to the capturer's hand.
#[pyfunction]
pub fn captures_to_hand(variant: &str) -> PyResult<bool> {
    Ok(guard(|| {
        Ok(core::captures_to_hand(&core::variant(variant)?))
    })?)
}

/// Whether the variant is played on two boards: never here (no bughouse).
#[pyfunction]
pub fn two_boards(variant: &str) -> PyResult<bool> {
    Ok(guard(|| core::variant(variant).map(|_| false))?)
}

/// The legal moves after `moves`, in UCI. As in Fairy-Stockfish they do not stop at the
/// move rule, repetition or insufficient material; none after a checkmate, a stalemate or a
/// variant's own end.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
pub fn legal_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    after(variant, fen, &moves, |v, game| {
        Ok(core::position_moves(v, game.position())
            .into_iter()
            .map(|m| core::uci(v, m, chess960))
            .collect())
    })
}

/// The FEN after `moves`. `sfen=True` (shogi's SFEN) is not supported and raises
/// `NotImplementedError`; `showPromoted` and `countStarted` are ignored (promoted pieces are
/// written as the definition writes them).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, sfen = false, showPromoted = false, countStarted = 0))]
#[allow(non_snake_case, clippy::too_many_arguments)]
pub fn get_fen(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    sfen: bool,
    showPromoted: bool,
    countStarted: i64,
) -> PyResult<String> {
    let _ = (chess960, showPromoted, countStarted);
    if sfen {
        return Err(PyNotImplementedError::new_err(
            "SFEN is not supported: the FEN is the definition's",
        ));
    }
    after(variant, fen, &moves, |v, game| {
        Ok(core::fen(v, game.position()))
    })
}

/// A move in the given notation: `NOTATION_SAN` (1) SAN, `NOTATION_LAN` (2) long algebraic;
/// any other (the default 0, the shogi, janggi, xiangqi and Thai notations) the variant's
/// own notation when its definition has one, else SAN.
fn notated(v: &Variant, game: &Game, text: &str, notation: i32) -> Result<String, Failure> {
    let pos = game.position();
    let m = core::read_uci(v, pos, text)?;
    Ok(match notation {
        1 => core::san(v, pos, m),
        2 => core::lan(v, pos, m),
        _ => core::readable(v, pos, m),
    })
}

/// The SAN of `move` (UCI) in the position of `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, r#move, chess960 = false, notation = 0))]
pub fn get_san(
    variant: &str,
    fen: &str,
    r#move: &str,
    chess960: bool,
    notation: i32,
) -> PyResult<String> {
    let _ = chess960;
    Ok(guard(|| {
        let (v, game) = game(variant, fen, &[])?;
        notated(&v, &game, r#move, notation)
    })?)
}

/// The SAN of each of `moves` (UCI), played in turn from `fen`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, notation = 0))]
pub fn get_san_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    notation: i32,
) -> PyResult<Vec<String>> {
    let _ = chess960;
    Ok(guard(|| {
        let (v, mut game) = game(variant, fen, &[])?;
        let mut out = Vec::with_capacity(moves.len());
        for text in &moves {
            out.push(notated(&v, &game, text, notation)?);
            let m = core::read_uci(&v, game.position(), text)?;
            core::play(&mut game, m, text)?;
        }
        Ok(out)
    })?)
}

/// Whether the side to move is in check after `moves` (pyffish's name: the last move gave
/// check).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
pub fn gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<bool> {
    let _ = chess960;
    after(variant, fen, &moves, |v, game| {
        Ok(core::in_check(v, game.position()))
    })
}

/// Whether `move` (UCI), legal after `moves`, captures. An illegal move raises (pyffish
/// answers `False`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, r#move, chess960 = false))]
pub fn is_capture(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    r#move: &str,
    chess960: bool,
) -> PyResult<bool> {
    let _ = chess960;
    after(variant, fen, &moves, |v, game| {
        Ok(core::is_capture(core::read_uci(
            v,
            game.position(),
            r#move,
        )?))
    })
}

/// The result after `moves` for the side to move: `VALUE_MATE` if it has won,
/// `-VALUE_MATE` if it has lost, `VALUE_DRAW` for a draw. Meant, as in pyffish, for a game
/// that is over; one that goes on answers `VALUE_DRAW` (pyffish answers as if the side to
/// move had no move).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
pub fn game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<i32> {
    let _ = chess960;
    after(variant, fen, &moves, |_, game| {
        let side = core::side(game.position());
        Ok(core::outcome(game).map_or(VALUE_DRAW, |o| value(&o, side)))
    })
}

/// `(True, result)` when the rules end the game after `moves` whatever the side to move
/// has (a variant's own end: a flag, the checks that win, royal pieces lost, extinction;
/// also insufficient material, where the definition lists it); `(False, 0)` otherwise. The
/// result is for the side to move, as in `game_result`. Checkmate and stalemate are
/// `game_result`'s, the move rule and repetition `is_optional_game_end`'s.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
pub fn is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    let _ = chess960;
    after(variant, fen, &moves, |_, game| {
        Ok(end_where(game, |r| {
            !core::is_optional_end(r) && !core::is_no_move_end(r)
        }))
    })
}

/// `(True, result)` when the game has ended by the move rule, repetition or the counting
/// rules after `moves` (in Fairy-Stockfish a player may claim those; here they end the
/// game); `(False, 0)` otherwise. `countStarted` is ignored: the count starts as the rules
/// say, as under Fairy-Stockfish's default 0.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false, countStarted = 0))]
#[allow(non_snake_case)]
pub fn is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    countStarted: i64,
) -> PyResult<(bool, i32)> {
    let _ = (chess960, countStarted);
    after(variant, fen, &moves, |_, game| {
        Ok(end_where(game, core::is_optional_end))
    })
}

/// `(True, result)` when the game is over for a reason `wanted` accepts.
fn end_where(game: &Game, wanted: impl Fn(fairy_rules::Reason) -> bool) -> (bool, i32) {
    let side = core::side(game.position());
    match core::outcome(game) {
        Some(o) if wanted(core::reason(&o)) => (true, value(&o, side)),
        _ => (false, VALUE_DRAW),
    }
}

/// For White and Black, whether the side cannot win by its material after `moves`: its
/// pieces (on the board and in hand) against the opponent's royal pieces alone form a set
/// that the definition lists as drawn (`end: insufficient_material`). A definition without
/// that list answers `(False, False)`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960 = false))]
pub fn has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    let _ = chess960;
    after(variant, fen, &moves, |v, game| {
        let [white, black] = core::insufficient_material(v, game.position());
        Ok((white, black))
    })
}

/// Fairy-Stockfish's code for a FEN: `FEN_OK` (1), or the negative code of the first field
/// at fault (`FEN_INVALID_CHAR` for a placement with a letter the variant lacks,
/// `FEN_INVALID_BOARD_GEOMETRY` for one of the wrong shape, `FEN_INVALID_POCKET_INFO` for
/// the hand, `FEN_INVALID_SIDE_TO_MOVE`, `FEN_INVALID_CASTLING_INFO`,
/// `FEN_INVALID_EN_PASSANT_SQ`, `FEN_INVALID_CHECK_COUNT`, the counters'; `FEN_TOUCHING_KINGS`
/// for a side not to move in check; `FEN_INVALID_NB_PARTS` for extra fields or a text too
/// long; `FEN_EMPTY` (0) for an empty one). An unknown variant raises.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
pub fn validate_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<i32> {
    let _ = chess960;
    Ok(guard(|| {
        let v = core::variant(variant)?;
        Ok(match core::position(&v, fen) {
            Ok(_) => 1,
            Err(Failure::Fen(e, _)) => fen_code(&v, &e, fen),
            Err(other) => return Err(other),
        })
    })?)
}

/// The validation code of a FEN error.
fn fen_code(v: &Variant, e: &FenError, fen: &str) -> i32 {
    match e {
        FenError::Empty => 0,
        FenError::TooManyFields { .. } | FenError::Limit(_) => -11,
        FenError::Position { .. } => -9,
        FenError::Parameters(_) => -11,
        FenError::Field { field, span, .. } => match field {
            FenField::Placement => placement_code(v, fen, span.clone()),
            FenField::SideToMove => -6,
            FenField::Castling => -5,
            FenField::EnPassant | FenField::LastContainerMove => -4,
            FenField::HalfmoveClock => -2,
            FenField::FullmoveNumber => -1,
            FenField::Checks => -13,
            _ => -11,
        },
        _ => -11,
    }
}

/// The code of a placement error at `span` of `fen`: in the hand's brackets
/// `FEN_INVALID_POCKET_INFO`; on one character that is no piece's letter, digit nor `/` (a
/// letter the variant lacks, a sign out of place) `FEN_INVALID_CHAR`; else (ranks or cells
/// miscounted) `FEN_INVALID_BOARD_GEOMETRY`.
fn placement_code(v: &Variant, fen: &str, span: std::ops::Range<usize>) -> i32 {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let in_hand = placement.find('[').is_some_and(|open| span.start > open);
    let mut part = fen.get(span).unwrap_or("").chars();
    let one_sign = match (part.next(), part.next()) {
        (Some(c), None) => !c.is_ascii_digit() && c != '/' && !core::is_piece_letter(v, c),
        _ => false,
    };
    if in_hand {
        -7
    } else if one_sign {
        -10
    } else {
        -8
    }
}

/// What the side to move sees of the position of `fen`, as FEN: in a game of hidden parts the
/// opponent's are left out; in any other game the position itself (the library has no fog
/// of war: pyffish's fog-of-war chess hides the squares a side does not attack).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960 = false))]
pub fn get_fog_fen(fen: &str, variant: &str, chess960: bool) -> PyResult<String> {
    let _ = chess960;
    Ok(guard(|| {
        let v = core::variant(variant)?;
        let pos = core::position(&v, fen)?;
        Ok(core::view_fen(&v, &pos, core::side(&pos)))
    })?)
}
