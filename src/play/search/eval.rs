//! Static evaluation: material, with values derived from each piece's movement; each piece's
//! mobility on its square of an empty board and on the board as it stands; the enemy pieces
//! attacked by pieces worth less (threats); the variant's goals (promotion, more for a
//! passed pawn, and flags); and, where royal pieces are checkmated, their shelter, their
//! activity in the ending and the mop-up of a lone one (driven to the edge, the pieces and
//! the king closing in).

use crate::engine::{Position, UndoStack};
use crate::rules::{Color, Kind, Piece, Ruleset};
use crate::types::bitboard::{Bitboard, Cell};
use crate::types::rule_enums::RoyalRule;

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

/// Centipawns per cell a non-royal piece reaches on the board as it stands (its mobility,
/// beyond the empty board's that [`MOBILITY_CP`] weighs).
const REACH_CP: i64 = 4;

/// Centipawns more for each of the first two cells a piece reaches, for pieces neither royal
/// nor pawns ([`crate::engine::Activity::first`]): a piece shut in loses most, as in
/// Stockfish's mobility tables, which rise steeply over the first moves and slowly after.
/// +21 Elo in chess self-play (docs/strength.md).
const FIRST_CP: i64 = 12;

/// A threat (an enemy piece a piece worth less reaches) counts the difference of their values
/// divided by this: 31 centipawns for a knight a pawn attacks, 22 for a rook a knight does.
const THREAT_SHARE: i64 = 8;

/// Centipawns outside a search's window beyond which the evaluation leaves mobility out.
const LAZY_MARGIN: i64 = 150;

/// Share of a promotion's gain (the best choice's value minus the piece's) counted one step
/// from the zone; it halves with each step further.
const PROMOTION_SHARE: f64 = 0.25;

/// A piece keeps its promotion bonus ([`PROMOTION_SHARE`]) divided by this while it is not
/// passed: while an enemy piece of its kind stands ahead of it on its file or a file beside.
/// Keeping a quarter instead cost 11 Elo in chess self-play (docs/strength.md).
const UNPASSED_SHARE: i32 = 2;

/// Centipawns for a flag piece one step from its zone; halved with each step further.
const FLAG_CP: i32 = 200;

/// Centipawns per own piece on a cell next to a royal piece while the enemy has all its
/// material (shelter); the term fades with the enemy's material.
const SHELTER_CP: i64 = 10;

/// Centipawns per half step (file plus rank) of a royal piece from the board's centre once
/// the material is gone (king activity in the ending); the term grows as material goes.
const CENTRE_CP: i64 = 3;

/// Centipawns per king step the royal pieces are nearer each other than the board's span,
/// for a side with at least twice the other's material, once the material is gone (mop-up:
/// the stronger king helps to drive the lone one to the edge).
const PROXIMITY_CP: i64 = 8;

/// Centipawns per half step a lone royal piece (its side has no other material) stands from
/// the board's centre, for its opponent, once the material is gone (mop-up: a lone king is
/// mated on the edge).
const EDGE_CP: i64 = 6;

/// Centipawns per king step a non-royal piece that does not promote is nearer a lone royal
/// piece than the board's span, for the lone piece's opponent, once the material is gone
/// (mop-up: short-range pieces, a ferz or a wazir, mate only from beside the king).
const TROPISM_CP: i64 = 3;

/// Per side, kind and cell, what a piece adds to the evaluation beyond its value: its
/// empty-board mobility there against its average (royal pieces aside, whose safety it would
/// misjudge), and its nearness to its promotion zone, counted in king steps (half of it
/// while the piece is not passed: [`Squares::unpassed`]).
pub(super) struct Squares {
    cells: usize,
    kinds: usize,
    bonus: Vec<i32>,
    /// Per side, kind and cell, the part of `bonus` that is nearness to the promotion zone.
    promotion: Vec<i32>,
    /// The kinds that promote to something worth more (pawns), each with its front spans by
    /// side and cell (at `side * cells + cell`): the cells ahead of it on its line and the
    /// lines beside, where an enemy piece of its kind stops it from being passed.
    pawns: Vec<(Kind, Vec<Bitboard>)>,
    /// Per kind, whether its first cells reached count [`FIRST_CP`] more: the kinds that
    /// are neither royal nor promote to something worth more.
    first: Vec<bool>,
    royal: Option<Royals>,
}

/// What the royal terms need, where royal pieces are checkmated (under extinction a royal
/// piece is material like any other) and pieces stand alone on their cells.
struct Royals {
    /// Per cell, its king-step neighbours.
    rings: Vec<Bitboard>,
    /// Per cell, half steps (file plus rank) from the grid's centre, 0 at the nearest cells.
    centre: Vec<i64>,
    /// The most king steps between two cells of the grid.
    span: i64,
    /// Each side's material at the start (non-royal pieces, on the board and in hand).
    start: [i64; 2],
    /// The kinds that close in on a lone royal piece in the mop-up: neither royal nor
    /// promoting.
    hunters: Vec<Kind>,
}

impl Royals {
    fn new(rules: &Ruleset, values: &Values) -> Option<Royals> {
        if rules.end.royal != RoyalRule::Checkmate
            || rules.containers.is_some()
            || rules.royal_kinds().is_empty()
        {
            return None;
        }
        let start = rules.start_position();
        let start =
            [Color::White, Color::Black].map(|c| material(rules, values, None, &start, c).1);
        if start.contains(&0) {
            return None;
        }
        let t = &rules.topology;
        let (w, h) = (i64::from(t.width()), i64::from(t.height()));
        let rings = t
            .cells()
            .map(|cell| {
                let mut ring = Bitboard::EMPTY;
                for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
                    if let Some(n) = t.offset(cell, dx, dy).filter(|&n| n != cell) {
                        ring = ring.with(n);
                    }
                }
                ring
            })
            .collect();
        let half_steps = |cell| {
            let (f, r) = t.coords(cell);
            (2 * i64::from(f) - (w - 1)).abs() + (2 * i64::from(r) - (h - 1)).abs()
        };
        let nearest = t.cells().map(half_steps).min().unwrap_or(0);
        Some(Royals {
            rings,
            centre: t.cells().map(|c| half_steps(c) - nearest).collect(),
            span: w.max(h) - 1,
            start,
            hunters: (0..rules.pieces.len())
                .filter(|&k| !rules.pieces[k].royal && rules.pieces[k].promotion.is_none())
                .map(|k| Kind::new(k as u8))
                .collect(),
        })
    }

    /// King steps between two cells.
    fn steps(rules: &Ruleset, a: Cell, b: Cell) -> i64 {
        let ((af, ar), (bf, br)) = (rules.topology.coords(a), rules.topology.coords(b));
        i64::from(af.abs_diff(bf).max(ar.abs_diff(br)))
    }

    /// `side`'s royal terms: shelter, activity and mop-up, given each side's material.
    fn term(&self, rules: &Ruleset, pos: &Position, side: Color, material: [i64; 2]) -> i64 {
        let (s, o) = (side.index(), side.opponent().index());
        let start = self.start[0] + self.start[1];
        // 0 with all the material on the board, `start` with none of it.
        let gone = (start - material[0] - material[1]).clamp(0, start);
        let enemy = material[o].clamp(0, self.start[o]);
        let own = pos.pieces_of(side);
        let mut term = 0;
        let mut first = None;
        for kind in rules.royal_kinds().iter() {
            for royal in pos.pieces_of_kind(kind, side).cells() {
                first.get_or_insert(royal);
                let shelter = i64::from((self.rings[royal.index()] & own).count());
                term += SHELTER_CP * shelter * enemy / self.start[o];
                term -= CENTRE_CP * self.centre[royal.index()] * gone / start;
            }
        }
        if material[s] > 0 && material[s] >= 2 * material[o] {
            let theirs = rules
                .royal_kinds()
                .iter()
                .find_map(|k| pos.pieces_of_kind(k, side.opponent()).cells().next());
            if let Some(b) = theirs {
                let mut mop_up = 0;
                if let Some(a) = first {
                    mop_up += PROXIMITY_CP * (self.span - Self::steps(rules, a, b)).max(0);
                }
                // Against pieces, the edge and the hunters' nearness cost chess self-play
                // games (-14 Elo, 25 pairs): they are for the lone royal piece alone.
                if material[o] == 0 {
                    mop_up += EDGE_CP * self.centre[b.index()];
                    for &kind in &self.hunters {
                        for cell in pos.pieces_of_kind(kind, side).cells() {
                            let nearer = (self.span - Self::steps(rules, cell, b)).max(0);
                            mop_up += TROPISM_CP * nearer;
                        }
                    }
                }
                term += mop_up * gone / start;
            }
        }
        term
    }
}

impl Squares {
    pub(super) fn new(rules: &Ruleset, values: &Values) -> Squares {
        let cells = rules.topology.cell_count();
        let kinds = rules.pieces.len();
        let mut bonus = vec![0; 2 * kinds * cells];
        let mut promotion = vec![0; 2 * kinds * cells];
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
                let promotes = gain > 0 && !zone.is_empty();
                for (c, m) in mobility.iter().enumerate() {
                    let cell = Cell::new(c as u8);
                    let i = (color.index() * kinds + k) * cells + c;
                    if promotes && !zone.has(cell) {
                        let steps = distance(rules, cell, zone);
                        let near =
                            f64::from(gain) * PROMOTION_SHARE * 0.5f64.powi(steps as i32 - 1);
                        promotion[i] = near.round() as i32;
                    }
                    let mobility = if piece.royal {
                        0.0
                    } else {
                        MOBILITY_CP * (m - mean)
                    };
                    bonus[i] = mobility.round() as i32 + promotion[i];
                }
            }
        }
        let promotes: Vec<bool> = (0..kinds)
            .map(|k| {
                let of = |color: usize| &promotion[(color * kinds + k) * cells..][..cells];
                of(0).iter().chain(of(1)).any(|&b| b > 0)
            })
            .collect();
        let first = (0..kinds)
            .map(|k| !rules.pieces[k].royal && !promotes[k])
            .collect();
        // Pieces in crews have no square bonuses ([`material`]).
        let pawns = (0..kinds)
            .filter(|&k| !rules.pieces[k].royal && rules.containers.is_none() && promotes[k])
            .map(|k| {
                let zones = rules.pieces[k].promotion.as_ref().map(|p| p.zone);
                let spans = [0, 1]
                    .into_iter()
                    .flat_map(|c| rules.topology.cells().map(move |cell| (c, cell)))
                    .map(|(c, cell)| match zones {
                        Some(zones) if !zones[c].is_empty() => front_span(rules, cell, zones[c]),
                        _ => Bitboard::EMPTY,
                    })
                    .collect();
                (Kind::new(k as u8), spans)
            })
            .collect();
        Squares {
            cells,
            kinds,
            bonus,
            promotion,
            pawns,
            first,
            royal: Royals::new(rules, values),
        }
    }

    fn of(&self, color: Color, kind: Kind, cell: Cell) -> i32 {
        self.bonus[(color.index() * self.kinds + kind.index()) * self.cells + cell.index()]
    }

    /// What `side`'s pawns that are not passed give back of their promotion bonus.
    fn unpassed(&self, pos: &Position, side: Color) -> i64 {
        let mut term = 0;
        for (kind, spans) in &self.pawns {
            let enemies = pos.pieces_of_kind(*kind, side.opponent());
            if enemies.is_empty() {
                continue;
            }
            let base = (side.index() * self.kinds + kind.index()) * self.cells;
            for cell in pos.pieces_of_kind(*kind, side).cells() {
                if !(spans[side.index() * self.cells + cell.index()] & enemies).is_empty() {
                    let bonus = self.promotion[base + cell.index()];
                    term += i64::from(bonus - bonus / UNPASSED_SHARE);
                }
            }
        }
        term
    }
}

/// The cells nearer `zone` than `cell` (in king steps) on `cell`'s line toward it and the
/// lines beside: files where the zone lies along ranks, ranks where it lies along files.
fn front_span(rules: &Ruleset, cell: Cell, zone: Bitboard) -> Bitboard {
    let t = &rules.topology;
    let spread = |axis: fn((u8, u8)) -> u8| {
        let mut values = zone.cells().map(|z| axis(t.coords(z)));
        let first = values.next().unwrap_or(0);
        values.fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v)))
    };
    let (files, ranks) = (spread(|c| c.0), spread(|c| c.1));
    let along_ranks = files.1 - files.0 >= ranks.1 - ranks.0;
    let here = distance(rules, cell, zone);
    let (f, r) = t.coords(cell);
    t.cells()
        .filter(|&c| {
            let (cf, cr) = t.coords(c);
            let side = if along_ranks {
                cf.abs_diff(f)
            } else {
                cr.abs_diff(r)
            };
            side <= 1 && distance(rules, c, zone) < here
        })
        .collect()
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

/// Each side's material with its pieces' square bonuses and its non-royal material alone
/// ([`material`]), indexed by colour: what [`evaluate_with`] needs of the pieces, which a
/// search keeps up to date move by move ([`Material::update`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Material {
    total: [i64; 2],
    non_royal: [i64; 2],
}

impl Material {
    /// `pos`'s, counted piece by piece.
    pub(super) fn of(rules: &Ruleset, values: &Values, squares: &Squares, pos: &Position) -> Self {
        let [white, black] =
            [Color::White, Color::Black].map(|c| material(rules, values, Some(squares), pos, c));
        Material {
            total: [white.0, black.0],
            non_royal: [white.1, black.1],
        }
    }

    /// Whether [`Material::update`] can follow `rules`' moves: not where pieces stand in
    /// crews or submerge, which [`Ruleset::last_changes`] does not report.
    pub(super) fn follows(rules: &Ruleset) -> bool {
        rules.containers.is_none() && rules.layers.is_none()
    }

    /// `self` brought past the last move made with `undo` on `pos`, from the pieces it
    /// moved, removed, added and took in or out of hand ([`Ruleset::last_changes`]).
    pub(super) fn update(
        &mut self,
        rules: &Ruleset,
        values: &Values,
        squares: &Squares,
        pos: &Position,
        undo: &UndoStack,
    ) {
        // `count` pieces like `piece` (fewer if negative): their values, and without royal ones.
        let worth = |piece: Piece, count: i64| {
            let kind = piece.kind();
            let value = count * i64::from(values.of(kind));
            (
                value,
                if rules.pieces[kind.index()].royal {
                    0
                } else {
                    value
                },
            )
        };
        // Per side, the change of [`Material::total`] and of [`Material::non_royal`]: one sum
        // per closure, since both cannot borrow one.
        let (mut on_board, mut in_hand) = ([[0; 2]; 2], [[0; 2]; 2]);
        rules.last_changes(
            pos,
            undo,
            |piece, before: Bitboard, after: Bitboard| {
                let (added, removed) = (after & !before, before & !after);
                let square = |cells: Bitboard| {
                    let of = |c| i64::from(squares.of(piece.color(), piece.kind(), c));
                    cells.cells().map(of).sum::<i64>()
                };
                let count = i64::from(added.count()) - i64::from(removed.count());
                let (value, non_royal) = worth(piece, count);
                let sums = &mut on_board[piece.color().index()];
                sums[0] += value + square(added) - square(removed);
                sums[1] += non_royal;
            },
            |piece, before, after| {
                let (value, non_royal) = worth(piece, i64::from(after) - i64::from(before));
                let sums = &mut in_hand[piece.color().index()];
                sums[0] += value;
                sums[1] += non_royal;
            },
        );
        for side in 0..2 {
            self.total[side] += on_board[side][0] + in_hand[side][0];
            self.non_royal[side] += on_board[side][1] + in_hand[side][1];
        }
    }
}

/// The position's value for the side to move, in centipawns: its material minus the
/// opponent's (pieces on cells, aboard containers, submerged and in hand), the pieces' square
/// bonuses less what pawns that are not passed give back ([`Squares::unpassed`]), their
/// mobility ([`REACH_CP`] per cell reached, [`FIRST_CP`] more for a piece's first two) and
/// threats (enemy pieces a piece worth less reaches, [`THREAT_SHARE`]), the nearness of flag
/// pieces to their zones and the royal terms ([`Royals`]).
pub(super) fn evaluate(
    rules: &Ruleset,
    values: &Values,
    squares: &Squares,
    pos: &Position,
) -> Score {
    let material = Material::of(rules, values, squares, pos);
    evaluate_with(rules, values, squares, pos, &material, None)
}

/// [`evaluate`] given `pos`'s [`Material`]. Given a `window` (alpha, beta) for the side to
/// move, mobility and threats, the dearest terms, are left out where the others alone lie
/// more than [`LAZY_MARGIN`] outside it (lazy evaluation: they seldom move a score that far).
pub(super) fn evaluate_with(
    rules: &Ruleset,
    values: &Values,
    squares: &Squares,
    pos: &Position,
    material: &Material,
    window: Option<(i32, i32)>,
) -> Score {
    let us = pos.side_to_move();
    let side = |c: Color| material.total[c.index()] + i64::from(flags(rules, pos, c));
    let mut score = side(Color::White) - side(Color::Black);
    score -= squares.unpassed(pos, Color::White) - squares.unpassed(pos, Color::Black);
    if let Some(royal) = &squares.royal {
        score += royal.term(rules, pos, Color::White, material.non_royal)
            - royal.term(rules, pos, Color::Black, material.non_royal);
    }
    if us == Color::Black {
        score = -score;
    }
    let outside = window.is_some_and(|(alpha, beta)| {
        score - LAZY_MARGIN >= i64::from(beta) || score + LAZY_MARGIN <= i64::from(alpha)
    });
    if !outside {
        let ours = rules.activity(pos, us, &values.0, &squares.first);
        let theirs = rules.activity(pos, us.opponent(), &values.0, &squares.first);
        score += REACH_CP * (i64::from(ours.reach) - i64::from(theirs.reach));
        score += FIRST_CP * (i64::from(ours.first) - i64::from(theirs.first));
        score += (ours.threats - theirs.threats) / THREAT_SHARE;
    }
    // A definition's `value:` may be anything up to `i32::MAX`: sums are taken in 64 bits,
    // and no evaluation may pass for a mate.
    let bound = i64::from(Score::MATE_BOUND - 1);
    Score(score.clamp(-bound, bound) as i32)
}

/// `side`'s material with its pieces' square bonuses (if `squares` are given), and its
/// non-royal material alone: the values of its pieces on the board and in hand, not those
/// submerged (0 where pieces stand in crews, which have no royal terms).
fn material(
    rules: &Ruleset,
    values: &Values,
    squares: Option<&Squares>,
    pos: &Position,
    side: Color,
) -> (i64, i64) {
    let value = |kind| i64::from(values.of(kind));
    let mut total = 0;
    if rules.containers.is_some() {
        for cell in pos.occupied().cells() {
            total += pos
                .crew_at(cell)
                .pieces()
                .filter(|p| p.color() == side)
                .map(|p| value(p.kind()))
                .sum::<i64>();
        }
        return (total, 0);
    }
    let mut non_royal = 0;
    for k in 0..rules.pieces.len() {
        let kind = Kind::new(k as u8);
        let on_cells = pos.pieces_of_kind(kind, side);
        total += i64::from(on_cells.count()) * value(kind);
        if let Some(squares) = squares {
            for cell in on_cells.cells() {
                total += i64::from(squares.of(side, kind, cell));
            }
        }
        // A piece in hand may go anywhere it can be dropped: its value, without a square.
        let in_hand = i64::from(pos.in_hand(crate::types::piece::Piece::new(kind, side)));
        total += in_hand * value(kind);
        if !rules.pieces[k].royal {
            non_royal += (i64::from(on_cells.count()) + in_hand) * value(kind);
        }
    }
    for cell in pos.submerged_of(side).cells() {
        total += pos.submerged_at(cell).map_or(0, |p| value(p.kind()));
    }
    (total, non_royal)
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

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::engine::Move;
    use crate::load::variant::Variant;

    /// White's and Black's [`crate::engine::Activity`] on a chess position, with the derived
    /// values.
    fn chess_activity(fen: &str) -> [crate::engine::Activity; 2] {
        let chess = Variant::bundled("chess").unwrap();
        let values = Values::derived(&chess);
        let pos = chess.parse_fen(fen).unwrap();
        let first = Squares::new(&chess, &values).first;
        [Color::White, Color::Black].map(|c| chess.activity(&pos, c, &values.0, &first))
    }

    /// A piece's first two cells reached count again for every kind but pawns and the king:
    /// a knight shut in by its pawns has none, a bishop on an open diagonal only two.
    #[test]
    fn first_cells_count_for_pieces_that_are_no_pawns() {
        let first = |fen: &str| chess_activity(fen).map(|a| a.first);
        // The a1 knight reaches b3 and c2, the c1 bishop seven cells; the a7 pawn a6.
        assert_eq!(first("4k3/p7/8/8/8/8/8/NKB5 w - - 0 1"), [4, 0]);
        // The knight shut in by its own pawns.
        assert_eq!(first("4k3/8/8/8/8/1P6/P1P5/NK6 w - - 0 1"), [0, 0]);
    }

    /// Mobility counts each cell a non-royal piece reaches once per piece: empty cells by
    /// its leaps and rides (not a pawn's double step, a first move), enemy pieces it could
    /// take, not its own side's pieces.
    #[test]
    fn mobility_counts_the_cells_each_piece_reaches() {
        let reach = |fen: &str| chess_activity(fen).map(|a| a.reach);
        // Four knight moves and eight single pawn steps a side.
        assert_eq!(
            reach("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            [12, 12]
        );
        // Knight 7 (not e6), rook 4 up the file (a5 taken) and 3 along the rank, pawn 1;
        // Black's pawn 1, its king none.
        assert_eq!(reach("4k3/8/4P3/p7/3N4/8/8/R3K3 w - - 0 1"), [15, 1]);
    }

    /// A threat is an enemy piece reached by a piece worth less, counted by the difference
    /// of their derived values (P 73, N 320, R 494): not a piece worth as much or more,
    /// nor the king.
    #[test]
    fn threats_count_what_a_cheaper_piece_attacks() {
        let threats = |fen: &str| chess_activity(fen).map(|a| a.threats);
        // The e4 pawn attacks the d5 knight (320 - 73); the knight the c3 rook (494 - 320).
        assert_eq!(threats("4k3/8/8/3n4/4P3/2R5/8/4K3 w - - 0 1"), [247, 174]);
        // A rook attacking a knight, a knight checking the king: none.
        assert_eq!(threats("4k3/8/5N2/8/8/8/n7/R3K3 b - - 0 1"), [0, 0]);
    }

    /// A pawn with an enemy pawn ahead of it on its file or a file beside gives back half its
    /// promotion bonus: a quarter of the queen's gain over it (856 - 73) one step from the
    /// last rank, halved per step further.
    #[test]
    fn pawns_that_are_not_passed_give_back_half_their_promotion_bonus() {
        let chess = Variant::bundled("chess").unwrap();
        let values = Values::derived(&chess);
        let squares = Squares::new(&chess, &values);
        let unpassed = |fen: &str| {
            let pos = chess.parse_fen(fen).unwrap();
            [Color::White, Color::Black].map(|c| squares.unpassed(&pos, c))
        };
        // d5 (bonus 49) has e7 ahead beside it, e7 (bonus 6) d5 ahead beside it.
        assert_eq!(unpassed("4k3/4p3/8/3P4/8/8/8/4K3 w - - 0 1"), [25, 3]);
        // Face to face on the d-file: d5 gives back 25, d6 (bonus 12) 6.
        assert_eq!(unpassed("4k3/8/3p4/3P4/8/8/8/4K3 w - - 0 1"), [25, 6]);
        // Past each other: both passed.
        assert_eq!(unpassed("4k3/8/8/3P4/4p3/8/8/4K3 w - - 0 1"), [0, 0]);
    }

    /// Where the promotion zone is a file, a pawn's front span runs along its rank toward
    /// it: an enemy pawn on the next rank nearer the zone stops it from being passed, one
    /// ahead on its file (toward the far rank) does not.
    #[test]
    fn a_front_span_runs_toward_a_zone_along_a_file() {
        let yaml = "name: Sideways\nboard: 6x6\n\
            regions:\n  far: { white: file f, black: file a }\n\
            pieces:\n  pawn:\n    letter: P\n    moves: rmW\n    \
            promotion: { zone: far, choices: [Q] }\n  \
            queen: { letter: Q, moves: Q }\n  king: { letter: K, moves: K, royal: true }\n\
            setup: k5/6/6/6/6/5K\n";
        let v = Variant::from_yaml("sideways.yaml", yaml).unwrap();
        let values = Values::derived(&v);
        let squares = Squares::new(&v, &values);
        let unpassed = |fen: &str| squares.unpassed(&v.parse_fen(fen).unwrap(), Color::White);
        // White's c3 with Black's e4 a rank up, two files nearer the f-file: not passed.
        assert!(unpassed("k5/6/4p1/2P3/6/5K w - - 0 1") > 0);
        // With Black's pawn on c5 instead, ahead on the file but not toward the zone: passed.
        assert_eq!(unpassed("k5/2p3/6/2P3/6/5K w - - 0 1"), 0);
    }

    /// Over random games in every bundled variant and every one of Fairy-Stockfish's suite
    /// whose moves it can follow: after each legal move, the material updated from the
    /// move's changes equals a fresh count.
    #[test]
    fn material_kept_move_by_move_matches_a_fresh_count() {
        let mut followed = 0;
        for name in Variant::bundled_names().chain(Variant::suite_names()) {
            let v = Variant::bundled(name).unwrap();
            if !Material::follows(&v) {
                continue;
            }
            followed += 1;
            let (values, mut rng) = (Values::derived(&v), StdRng::seed_from_u64(0x3A7E));
            let squares = Squares::new(&v, &values);
            let count = |pos: &Position| Material::of(&v, &values, &squares, pos);
            // A move's chance event, if any, decided by its first possible cell.
            let decided = |pos: &Position, m: Move| match v.chance_cells(pos, m).cells().next() {
                Some(cell) => m.with_outcome(cell),
                None => m,
            };
            for game in 0..3 {
                let mut pos = v.start_position();
                v.draw_parameters(&mut pos, &mut rng);
                let mut undo = UndoStack::new();
                for ply in 0..80 {
                    let legal = v.legal_moves(&pos);
                    if legal.is_empty() {
                        break;
                    }
                    let before = count(&pos);
                    for &m in &legal {
                        let m = decided(&pos, m);
                        v.make(&mut pos, m, &mut undo);
                        let mut kept = before;
                        kept.update(&v, &values, &squares, &pos, &undo);
                        let text = v.move_text(m);
                        assert_eq!(kept, count(&pos), "{name} game {game} ply {ply}: {text}");
                        v.unmake(&mut pos, &mut undo);
                    }
                    let m = decided(&pos, legal[rng.random_range(0..legal.len())]);
                    pos = v.play_unchecked(&pos, m);
                }
            }
        }
        // All but the games with crews or submerged pieces.
        assert!(followed >= 90, "{followed}");
    }
}
