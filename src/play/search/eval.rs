//! Static evaluation: material, with values derived from each piece's movement; each piece's
//! mobility on its square; and the variant's goals (promotion, flags).

use crate::engine::Position;
use crate::rules::{Color, Kind, Ruleset};
use crate::types::bitboard::{Bitboard, Cell};

use super::Score;

/// Centipawns per unit of weighted empty-board mobility: this puts the orthodox knight
/// (5.25) at 320; then the pawn comes out at 73, the bishop at 362, the rook at 494 and the
/// queen at 856.
const CENTIPAWNS_PER_MOVE: f64 = 61.0;

/// Each piece kind's value in centipawns, indexed by kind.
///
/// A piece's value is `61 × m`, where `m` is its weighted empty-board mobility: its moves
/// on an empty board averaged over the cells,
/// a move that only moves or only captures counting half, each further square along a ride
/// weighing 0.7 of the one before. Like Fairy-Max's and Fairy-Stockfish's, it reads the value
/// off the movement, so a new piece needs no table; a royal piece that cannot be captured
/// (checkmate rule) is worth nothing as material. A definition may give a piece its own
/// `value:` instead.
///
/// See the example of [`super::Searcher::evaluate`].
#[derive(Debug, Clone)]
pub struct Values(Vec<i32>);

impl Values {
    /// The values of `rules`' pieces: each its `value:`, or derived from its movement.
    pub(crate) fn derived(rules: &Ruleset) -> Values {
        let royal_is_material = rules.end.royal == crate::types::rule_enums::RoyalRule::Extinction;
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

    /// The value of a `kind` piece in centipawns. See the example of
    /// [`super::Searcher::evaluate`].
    ///
    /// # Panics
    /// When `kind` is not one of the variant's kinds.
    pub fn of(&self, kind: Kind) -> i32 {
        self.0[kind.index()]
    }
}

/// Centipawns per weighted move a piece has from its square on an empty board beyond its
/// average over the board (a knight in the centre gains, in a corner loses).
const MOBILITY_CP: f64 = 8.0;

/// Share of a promotion's gain (the best choice's value minus the piece's) counted one step
/// from the zone; it halves with each step further.
const PROMOTION_SHARE: f64 = 0.25;

/// Centipawns for a flag piece one step from its zone; halved with each step further.
const FLAG_CP: i32 = 200;

/// Per side, kind and cell, what a piece adds to the evaluation beyond its value: its
/// empty-board mobility there against its average (royal pieces aside, whose safety it would
/// misjudge), and its nearness to its promotion zone, counted in king steps.
pub(super) struct Squares {
    cells: usize,
    kinds: usize,
    bonus: Vec<i32>,
}

impl Squares {
    pub(super) fn new(rules: &Ruleset, values: &Values) -> Squares {
        let cells = rules.topology.cell_count();
        let kinds = rules.pieces.len();
        let mut bonus = vec![0; 2 * kinds * cells];
        for color in [Color::White, Color::Black] {
            for k in 0..kinds {
                let kind = Kind::new(k as u8);
                let piece = &rules.pieces[k];
                let mobility: Vec<f64> = (0..cells)
                    .map(|c| rules.cell_mobility(kind, color, Cell::new(c as u8)))
                    .collect();
                let mean = mobility.iter().sum::<f64>() / cells.max(1) as f64;
                let gain = piece.promotion.as_ref().map_or(0, |p| {
                    let choices = &p.choices[color.index()];
                    let best = choices.iter().map(|&c| values.of(c)).max().unwrap_or(0);
                    (best - values.of(kind)).max(0)
                });
                let zone = piece
                    .promotion
                    .as_ref()
                    .map_or(Bitboard::EMPTY, |p| p.zone[color.index()]);
                for (c, m) in mobility.iter().enumerate() {
                    let cell = Cell::new(c as u8);
                    let mut b = 0.0;
                    if !piece.royal {
                        b += MOBILITY_CP * (m - mean);
                    }
                    if gain > 0 && !zone.is_empty() && !zone.has(cell) {
                        let steps = distance(rules, cell, zone);
                        b += f64::from(gain) * PROMOTION_SHARE * 0.5f64.powi(steps as i32 - 1);
                    }
                    bonus[(color.index() * kinds + k) * cells + c] = b.round() as i32;
                }
            }
        }
        Squares {
            cells,
            kinds,
            bonus,
        }
    }

    fn of(&self, color: Color, kind: Kind, cell: Cell) -> i32 {
        self.bonus[(color.index() * self.kinds + kind.index()) * self.cells + cell.index()]
    }
}

/// King steps from `cell` to the nearest cell of `zone` (not empty).
fn distance(rules: &Ruleset, cell: Cell, zone: Bitboard) -> u32 {
    let (f, r) = rules.topology.coords(cell);
    zone.cells()
        .map(|z| {
            let (zf, zr) = rules.topology.coords(z);
            u32::from(f.abs_diff(zf).max(r.abs_diff(zr)))
        })
        .min()
        .unwrap_or(0)
}

/// The position's value for the side to move, in centipawns: its material minus the
/// opponent's (pieces on cells, aboard containers, submerged and in hand), the pieces' square
/// bonuses and the nearness of flag pieces to their zones.
pub(super) fn evaluate(
    rules: &Ruleset,
    values: &Values,
    squares: &Squares,
    pos: &Position,
) -> Score {
    let us = pos.side_to_move();
    let side = |c| material(rules, values, squares, pos, c) + flags(rules, pos, c);
    Score(side(us) - side(us.opponent()))
}

fn material(
    rules: &Ruleset,
    values: &Values,
    squares: &Squares,
    pos: &Position,
    side: Color,
) -> i32 {
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
        for cell in pos.pieces_of_kind(kind, side).cells() {
            total += values.of(kind) + squares.of(side, kind, cell);
        }
        // A piece in hand may go anywhere it can be dropped: its value, without a square.
        total +=
            i32::from(pos.in_hand(crate::types::piece::Piece::new(kind, side))) * values.of(kind);
    }
    for cell in pos.submerged_of(side).cells() {
        total += pos.submerged_at(cell).map_or(0, |p| values.of(p.kind()));
    }
    total
}

/// The best of `side`'s flag pieces: [`FLAG_CP`] one step from its zone, halved per step.
fn flags(rules: &Ruleset, pos: &Position, side: Color) -> i32 {
    if rules.end.flags.is_empty() {
        return 0;
    }
    rules
        .flag_goals(pos, side)
        .into_iter()
        .filter(|(_, zone)| !zone.is_empty())
        .flat_map(|(pieces, zone)| pieces.cells().map(move |c| (c, zone)))
        .map(|(cell, zone)| {
            let steps = distance(rules, cell, zone).clamp(1, 31);
            FLAG_CP >> (steps - 1)
        })
        .max()
        .unwrap_or(0)
}
