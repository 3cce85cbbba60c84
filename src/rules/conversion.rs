//! Conversion on arrival: the rules of Ataxx and Othello (Fairy-Stockfish's
//! `flipEnclosedPieces`), compiled from the definition's `convert:` key.
//!
//! After a move or a drop (never a pass), enemy pieces change side: with `adjacent` those
//! one king step from the arrival cell, with `enclosed` those in an unbroken line from the
//! arrival cell, along one of the eight king directions, that ends on a piece of the mover
//! (Othello's outflanking). A missing square breaks a line.

use crate::types::bitboard::Bitboard;
use crate::types::rule_enums::ConvertRule;

use super::Topology;

/// A game's conversion rule, with the cell tables it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Conversion {
    /// Which enemy pieces change side.
    pub rule: ConvertRule,
    /// Per cell, its eight king-step neighbours on the board.
    pub(crate) around: Vec<Bitboard>,
    /// Per cell, the cells along each of the eight king directions (in the order of
    /// [`ASCENDING`]), up to the edge or a missing square.
    pub(crate) rays: Vec<[Bitboard; 8]>,
}

/// The eight king directions.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Per king direction, whether its cells come in ascending order of their numbers (then a
/// ray's nearest cell is its lowest).
pub(crate) const ASCENDING: [bool; 8] = {
    let mut out = [false; 8];
    let mut i = 0;
    while i < 8 {
        let (dx, dy) = DIRECTIONS[i];
        out[i] = dy > 0 || (dy == 0 && dx > 0);
        i += 1;
    }
    out
};

impl Conversion {
    /// The rule on `topology`'s board.
    pub(crate) fn new(rule: ConvertRule, topology: &Topology) -> Conversion {
        Conversion {
            rule,
            around: king_steps(topology),
            rays: topology
                .cells()
                .map(|c| DIRECTIONS.map(|(dx, dy)| topology.ray(c, dx, dy).collect()))
                .collect(),
        }
    }
}

/// Per cell, its king-step neighbours (for `adjacent` and for `drop: beside_own`).
pub(crate) fn king_steps(topology: &Topology) -> Vec<Bitboard> {
    topology
        .cells()
        .map(|c| {
            DIRECTIONS
                .iter()
                .filter_map(|&(dx, dy)| topology.offset(c, dx, dy))
                .collect()
        })
        .collect()
}
