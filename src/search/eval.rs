//! Static evaluation: material, with values derived from each piece's movement.

use crate::engine::Position;
use crate::rules::{Color, Kind, Ruleset};

use super::Score;

/// Centipawns per unit of weighted empty-board mobility: this puts the orthodox knight
/// (5.25) at 320; then the pawn comes out at 73, the bishop at 362, the rook at 494 and the
/// queen at 856.
const CENTIPAWNS_PER_MOVE: f64 = 61.0;

/// Each piece kind's value in centipawns, indexed by kind.
///
/// A piece's value is `61 × m`, where `m` is its weighted empty-board mobility (see
/// [`Ruleset::empty_board_mobility`]): its moves on an empty board averaged over the cells,
/// a move that only moves or only captures counting half, each further square along a ride
/// weighing 0.7 of the one before. Like Fairy-Max's and Fairy-Stockfish's, it reads the value
/// off the movement, so a new piece needs no table; a royal piece that cannot be captured
/// (checkmate rule) is worth nothing as material. A definition may give a piece its own
/// `value:` instead.
#[derive(Debug, Clone)]
pub struct Values(Vec<i32>);

impl Values {
    /// The values of `rules`' pieces: each its `value:`, or derived from its movement.
    pub fn derived(rules: &Ruleset) -> Values {
        let royal_is_material = rules.end.royal == crate::definition::RoyalRule::Extinction;
        Values(
            (0..rules.pieces.len())
                .map(|k| {
                    let kind = Kind::new(k as u8);
                    if let Some(value) = rules.pieces[k].value {
                        value.min(i32::MAX as u32) as i32
                    } else if rules.pieces[k].royal && !royal_is_material {
                        0
                    } else {
                        (CENTIPAWNS_PER_MOVE * rules.empty_board_mobility(kind)).round() as i32
                    }
                })
                .collect(),
        )
    }

    /// The value of a `kind` piece in centipawns.
    pub fn of(&self, kind: Kind) -> i32 {
        self.0[kind.index()]
    }
}

/// The position's value for the side to move, in centipawns: its material minus the
/// opponent's, counting pieces on cells, aboard containers and submerged.
pub(super) fn evaluate(rules: &Ruleset, values: &Values, pos: &Position) -> Score {
    let us = pos.side_to_move();
    Score(material(rules, values, pos, us) - material(rules, values, pos, us.opponent()))
}

fn material(rules: &Ruleset, values: &Values, pos: &Position, side: Color) -> i32 {
    let mut total = 0;
    if rules.containers.is_some() {
        for cell in pos.occupied().cells() {
            total += pos
                .crew_at(cell)
                .pieces()
                .filter(|p| p.color() == side)
                .map(|p| values.of(p.kind()))
                .sum::<i32>();
        }
        return total;
    }
    for k in 0..rules.pieces.len() {
        let kind = Kind::new(k as u8);
        total += values.of(kind) * pos.pieces_of_kind(kind, side).count() as i32;
    }
    for cell in pos.submerged_of(side).cells() {
        total += pos.submerged_at(cell).map_or(0, |p| values.of(p.kind()));
    }
    total
}
