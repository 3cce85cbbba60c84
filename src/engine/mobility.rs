//! How much a piece can do on an empty board: the measure its derived value rests on.

use crate::rules::{Color, Kind};
use crate::types::bitboard::{Bits, Cell};

use super::Engine;
use crate::rules::position::Pos;
use crate::rules::tables::{Hop, Mode};

/// Weight of each further square along a ride: a far square is more often blocked.
pub(crate) const RIDE_DECAY: f64 = 0.7;

/// A move that only moves or only captures does half of what one that does both does.
fn mode_weight(mode: Mode) -> f64 {
    match mode {
        Mode::Both => 1.0,
        Mode::Quiet | Mode::Capture => 0.5,
    }
}

/// What a side's non-royal pieces reach on the board as it stands: the search's mobility
/// and threats terms.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Activity {
    /// Cells reached, empty or holding an enemy piece, each counted once per piece that
    /// reaches it: mobility beyond the square bonuses, which count an empty board.
    pub(crate) reach: u32,
    /// For each enemy piece reached by a piece worth less, the difference of their values,
    /// in centipawns (a knight attacked by a pawn, a rook by a knight).
    pub(crate) threats: i64,
    /// Per piece of the kinds asked for, its cells reached up to [`FIRST_CELLS`]: the
    /// first cells a piece reaches count more than the rest (a piece shut in is worth less).
    pub(crate) first: u32,
}

/// How many of a piece's cells reached count in [`Activity::first`].
pub(crate) const FIRST_CELLS: u32 = 2;

impl<const W: usize> Engine<'_, W> {
    /// The weighted number of moves a White `kind` piece has on an empty board, averaged over
    /// the board's cells (see [`Engine::cell_mobility`]).
    pub(crate) fn empty_board_mobility(&self, kind: Kind) -> f64 {
        let cells = self.rules.topology.cell_count();
        let total: f64 = (0..cells)
            .map(|f| self.cell_mobility(kind, Color::White, Cell::new(f as u8)))
            .sum();
        total / cells.max(1) as f64
    }

    /// The weighted number of moves a `kind` piece of `color` has from `from` on an empty
    /// board: each destination counts 1, or 0.5 when reached only moving or only capturing,
    /// times `RIDE_DECAY` to the power of its distance along a ride minus one; hopping rides
    /// count half, first moves nothing (they happen once).
    pub(crate) fn cell_mobility(&self, kind: Kind, color: Color, from: Cell) -> f64 {
        let t = &self.t.pieces[color.index()][kind.index()];
        let f = from.index();
        let l = &t.leaps[f];
        let mut total = (l.quiet & l.capture).count() as f64;
        total += 0.5 * (l.quiet ^ l.capture).count() as f64;
        total += t.conditional[f]
            .iter()
            .filter(|c| !c.initial)
            .map(|c| mode_weight(c.mode))
            .sum::<f64>();
        for r in t.rides.iter().filter(|r| !r.initial) {
            let reach = r.extent.at(&self.t.lines, r.line, from);
            let hop = if r.hop == Hop::None { 1.0 } else { 0.5 };
            let mut weight = mode_weight(r.mode) * hop;
            let mut at = self.t.lines.next(r.line, from);
            while let Some(cell) = at.filter(|&c| reach.has(c)) {
                total += weight;
                weight *= RIDE_DECAY;
                at = self.t.lines.next(r.line, cell);
            }
        }
        total
    }

    /// What `side`'s non-royal pieces reach on `pos` by their leaps and plain rides
    /// (pseudo-legal, no move made), with `values` the centipawns of each kind by index and
    /// `first` the kinds whose first cells count in [`Activity::first`].
    pub(crate) fn activity(
        &self,
        pos: &Pos<W>,
        side: Color,
        values: &[i32],
        first: &[bool],
    ) -> Activity {
        let st = &pos.st;
        let occ = st.blockers();
        let (empty, enemy) = (!occ, st.by_color[side.opponent().index()]);
        let lines = &self.t.lines;
        let mut activity = Activity::default();
        for (k, (t, facts)) in self.t.pieces[side.index()]
            .iter()
            .zip(&self.t.kinds)
            .enumerate()
        {
            if facts.royal {
                continue;
            }
            let value = values[k];
            for from in pos.sets.of(side, Kind::new(k as u8)) {
                let l = &t.leaps[from.index()];
                let mut reach = (l.quiet & empty) | (l.capture & enemy);
                for &line in &t.plain_rides {
                    reach |= lines.slide(line, lines.ray(line, from), occ) & (empty | enemy);
                }
                activity.reach += reach.count();
                if first[k] {
                    activity.first += reach.count().min(FIRST_CELLS);
                }
                for cell in reach & enemy {
                    if let Some(victim) = pos.slots[cell.index()].piece {
                        let gain = values[victim.kind().index()] - value;
                        activity.threats += i64::from(gain.max(0));
                    }
                }
            }
        }
        activity
    }

    /// For each flag rule, `side`'s pieces that could win by it and the cells they must
    /// reach, resolved with the position's parameters.
    pub(crate) fn flag_goals(&self, pos: &Pos<W>, side: Color) -> Vec<(Bits<W>, Bits<W>)> {
        self.rules
            .end
            .flags
            .iter()
            .filter_map(|f| {
                let kind = self.piece_of(&pos.extra, f.piece, side)?;
                let zone = self.zone_of(&pos.extra, f.zone, side)?;
                Some((pos.sets.of(side, kind), zone))
            })
            .collect()
    }
}
