//! The generic engine: one core for every game.
//!
//! A [`Position`] holds every occupant in cell sets at the width its board needs
//! (`position`); moves are made in place or tried on an overlay through one path built from
//! effects (`board`, `effects`, `make`); attacks are found backward from a cell with the
//! compiled tables (`attacks`); one legality test serves every game (`safety`); the move
//! generator (`movegen`) lists, counts or finds legal moves through one driver.
//!
//! The code is generic over the cell-set width `W` (64-bit words per set) and instantiated
//! for 1, 2 and 4 words; the public API dispatches once per call (`dispatch!`).

mod api;
mod attacks;
mod board;
mod chance;
mod conversion;
mod counting;
mod effects;
mod end_rules;
mod explosion;
mod hash;
mod make;
mod mobility;
mod movegen;
mod moves;
mod outcome;
mod overlay;
mod parameters;
mod perft;
mod reference;
mod safety;
mod unmoved;
mod view;

pub use crate::rules::position::Position;
pub use api::{Memory, PerftBuffers, PlayError, UndoStack};
pub(crate) use mobility::Activity;
pub use moves::{Gate, Move, MoveKind};
pub use outcome::{Outcome, Reason};
pub use parameters::ParameterError;
pub use perft::Divide;
pub use view::Unseen;

use crate::rules::tables::Tables;
use crate::rules::Ruleset;

/// The engine for one rule set at one width: the rules and their tables.
#[derive(Clone, Copy)]
pub(crate) struct Engine<'a, const W: usize> {
    pub(crate) rules: &'a Ruleset,
    pub(crate) t: &'a Tables<W>,
}

/// Runs `$body` with `$e` bound to the engine of `$rules` and `$p` to the inner position of
/// `$pos` (a `&Position` or `&mut Position`), at their common width.
///
/// # Panics
/// When the position belongs to a variant with another board size; in debug builds, also
/// when it belongs to another rule set of the same size (its fingerprint differs).
macro_rules! dispatch {
    ($rules:expr, $pos:expr, $e:ident, $p:ident => $body:expr) => {{
        use $crate::rules::position::AnyPos;
        use $crate::rules::tables::AnyTables;
        let rules: &$crate::rules::Ruleset = $rules;
        match (&rules.tables, $pos) {
            (AnyTables::N64(t), AnyPos::N64($p)) => {
                debug_assert_eq!($p.fingerprint, rules.fingerprint, "the position belongs to another rule set");
                let $e = $crate::engine::Engine { rules, t };
                $body
            }
            (AnyTables::N128(t), AnyPos::N128($p)) => {
                debug_assert_eq!($p.fingerprint, rules.fingerprint, "the position belongs to another rule set");
                let $e = $crate::engine::Engine { rules, t };
                $body
            }
            (AnyTables::N256(t), AnyPos::N256($p)) => {
                debug_assert_eq!($p.fingerprint, rules.fingerprint, "the position belongs to another rule set");
                let $e = $crate::engine::Engine { rules, t };
                $body
            }
            _ => panic!("the position belongs to a variant with another board size"),
        }
    }};
}
pub(crate) use dispatch;

/// Runs `$body` with `$e` bound to the engine of `$rules`, at its width.
macro_rules! with_engine {
    ($rules:expr, $e:ident => $body:expr) => {{
        use $crate::rules::tables::AnyTables;
        let rules: &$crate::rules::Ruleset = $rules;
        match &rules.tables {
            AnyTables::N64(t) => {
                let $e = $crate::engine::Engine { rules, t };
                $body
            }
            AnyTables::N128(t) => {
                let $e = $crate::engine::Engine { rules, t };
                $body
            }
            AnyTables::N256(t) => {
                let $e = $crate::engine::Engine { rules, t };
                $body
            }
        }
    }};
}
pub(crate) use with_engine;
