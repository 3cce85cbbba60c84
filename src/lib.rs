//! fairy-rules: chess variants as data.
//!
//! A variant is a YAML file (see `docs/authoring.md`) whose piece movement and board shape are
//! written in a small language (`grammar/fairy.pest`). [`Variant::from_file`] parses and
//! compiles it into an immutable [`Ruleset`]; the generic engine then gives legal moves,
//! makes moves, detects the end of the game, reads and writes FEN and move text (and a
//! variant's own notation, when its definition describes one), and counts perft.
//!
//! ```
//! use fairy_rules::Variant;
//! let falcon = Variant::from_file("variants/falcon-chess.yaml")?;
//! let start = falcon.start_position();
//! assert_eq!(falcon.fen(&start), "rnbfqkfbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBFQKFBNR w KQkq - 0 1");
//! let after = falcon.play_unchecked(&start, falcon.parse_move(&start, "e2e4")?);
//! assert_eq!(falcon.legal_moves(&after).len(), 24); // Black: 20 pawn moves, 4 knight moves
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Loading and reading text are bounded by [`Limits`] (definition and extended file sizes,
//! the `extends` depth, the movement's expansion, FEN and move-text length): past one, a
//! definition fails with the diagnostic `fairy::limit-exceeded` and a FEN or move with
//! [`FenError::Limit`] or [`MoveError::Limit`], each naming the limit. Loading costs time in
//! proportion to the definition's size.
//!
//! Data flows one way: [`definition`] (YAML with spans) → [`dsl`] (movement and board text) →
//! `compile` → [`Ruleset`] → the engine ([`Position`], [`Move`]) → [`notation`]; [`diagram`]
//! draws where a piece can move.
#![warn(missing_docs)]

pub mod bitboard;
pub mod cecp;
mod compile;
pub mod definition;
pub mod diagnostics;
pub mod diagram;
pub mod dsl;
mod engine;
mod game;
mod limits;
pub mod notation;
pub mod pgn;
pub mod picture;
pub mod playtest;
#[cfg(feature = "protocol")]
pub mod protocol;
mod record;
mod referee;
mod rules;
pub mod search;
pub mod solve;
mod variant;
#[cfg(feature = "web")]
pub mod web;

pub use bitboard::{Bitboard, Bits, Cell, Cells, MAX_CELLS};
pub use diagnostics::{DefinitionError, Problem, Source};
pub use diagram::{Diagram, DiagramError, Mark};
pub use engine::{
    Divide, Gate, Move, MoveKind, Outcome, ParameterError, ParameterValue, PerftBuffers, Position,
    Reason, UndoStack, Unseen,
};
pub use game::Game;
pub use limits::{Limit, LimitExceeded, Limits};
pub use notation::{FenError, FenField, MoveError};
pub use referee::{Refusal, View};
pub use rules::{
    containers, layers, Castling, Chance, Color, EndRules, Exception, Extinction, Flag, Kind,
    KindSet, Material, Parameter, ParameterValues, Piece, PieceRef, PieceType, Promotion, Return,
    Ruleset, Topology, ZoneRef, MAX_KINDS, MAX_PARAMETERS,
};
pub use variant::{LoadError, Variant};
