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
//! The code is layered, and each layer imports only the layers below it (`docs/architecture.md`
//! draws them; the test `tests/architecture` checks every import):
//!
//! | layer | holds |
//! |---|---|
//! | [`frontends`] | XBoard's protocol, UCI, the JSON-lines protocol, the web playground |
//! | [`play`] | [`Game`] with its referee and undo, records, search, solver, self-play, tuning |
//! | [`load`] | definitions, the movement language, the compiler, diagnostics, [`Variant`] |
//! | [`render`] | move diagrams and pictures of positions |
//! | [`formats`] | FEN, move text, SAN, a variant's own notation, PGN |
//! | [`engine`] | move generation, making moves, attacks, game end, perft |
//! | [`rules`] | the compiled [`Ruleset`], its tables, [`Position`] |
//! | [`types`] | cells, bitboards, sides, kinds, pieces, rule enums, [`Limits`] |
//!
//! Data flows up through them: a definition is loaded into a [`Ruleset`], which the engine
//! plays and the formats read and write. The modules named after their former places
//! (`fairy_rules::notation`, `fairy_rules::search`, ...) remain as re-exports.
#![warn(missing_docs)]
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]

/// The README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

pub mod engine;
pub mod formats;
pub mod frontends;
pub mod load;
pub mod play;
pub mod render;
pub mod rules;
pub mod types;

pub use engine::{
    Divide, Gate, Memory, Move, MoveKind, Outcome, ParameterError, PerftBuffers, PlayError,
    Position, Reason, UndoStack, Unseen,
};
pub use formats::notation;
pub use formats::notation::{FenError, FenField, MoveError};
pub use frontends::cecp;
#[cfg(feature = "protocol")]
pub use frontends::protocol;
pub use frontends::uci;
#[cfg(feature = "web")]
pub use frontends::web;
pub use load::diagnostics::{DefinitionError, Problem, Source};
pub use load::variant::{LoadError, Variant};
pub use load::{diagnostics, dsl};
pub use play::game::Game;
pub use play::record::RecordTextError;
pub use play::referee::{Refusal, View};
pub use play::{playtest, search, solve, tune};
pub use render::diagram::{Diagram, DiagramError, Mark};
pub use render::{diagram, picture};
pub use rules::{
    containers, layers, Castling, Chance, Counting, EndRules, Exception, Extinction, Flag,
    Geometry, Material, Parameter, ParameterValues, PieceRef, PieceType, Promotion, Return,
    Ruleset, Topology, ZoneRef,
};
pub use types::bitboard::{self, Bitboard, Bits, Cell, Cells};
pub use types::limits::{Limit, LimitExceeded, Limits};
pub use types::piece::{Color, Kind, KindSet, Piece, MAX_KINDS};

/// PGN: the text format ([`formats::pgn`]) and games to and from it ([`play::pgn`]).
pub mod pgn {
    pub use crate::formats::pgn::*;
    pub use crate::play::pgn::{RecordError, Replay, Tags};
}
