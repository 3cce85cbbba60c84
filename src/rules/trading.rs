//! Trading rules: a set of pieces that may not be traded off freely, compiled from the
//! definition's `trading:` section. They are Chu Shogi's lion-trading rules
//! (`docs/games/chu-shogi.md`) stated for any kinds:
//!
//! - from afar: a protected piece may not capture another that does not stand next to its
//!   origin when it could be captured back on its arrival cell, unless its first leg
//!   captured a piece of a kind that is not `cheap` (a "bridge");
//! - counterstrike: after a piece of another kind captured a protected piece, the reply may
//!   not capture a protected piece with a piece of another kind.
//!
//! Both are judged by the move filters (`engine/movegen/filters.rs`) on moves otherwise
//! legal.

use super::KindSet;

/// A game's trading rules.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Trading {
    /// The protected kinds.
    pub kinds: KindSet,
    /// Captures from afar between protected pieces are limited.
    pub from_afar: bool,
    /// The kinds whose capture on a first leg opens no capture from afar.
    pub cheap: KindSet,
    /// A capture of a protected piece by another kind forbids the same in reply.
    pub counterstrike: bool,
}
