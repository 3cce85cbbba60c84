//! Is a cell attacked? Answered from the target with the reverse tables.

use crate::bitboard::Bitboard;
use crate::rules::{Color, Ruleset};

use super::movegen::line_targets;
use super::Position;

impl Ruleset {
    /// Whether any piece of `by` attacks `cell`: could capture a piece standing there.
    ///
    /// `kinds` restricts the attackers to a bit set of piece kinds (`u32::MAX` for all).
    #[inline]
    pub(crate) fn attacked_by(&self, pos: &Position, cell: u8, by: Color, kinds: u32) -> bool {
        self.attacked_through(pos, pos.occupied(), cell, by, kinds)
    }

    /// Same, with the occupancy `occ` standing in for the position's: a piece about to leave
    /// a cell is taken off the lines it blocked (a king stepping along a check line).
    pub(crate) fn attacked_through(
        &self,
        pos: &Position,
        occ: Bitboard,
        cell: u8,
        by: Color,
        kinds: u32,
    ) -> bool {
        let a = &self.attacks[by.index()];
        let theirs = pos.by_color[by.index()] & occ;
        let c = cell as usize;
        for (kind, from) in &a.leaps {
            if kinds >> kind & 1 != 0
                && !(from[c] & pos.by_kind[*kind as usize] & theirs).is_empty()
            {
                return true;
            }
        }
        for (kind, from) in &a.initial_leaps {
            if kinds >> kind & 1 != 0
                && !(from[c] & pos.by_kind[*kind as usize] & theirs & pos.unmoved).is_empty()
            {
                return true;
            }
        }
        for ray in &a.rays {
            if ray.kinds & kinds == 0 {
                continue;
            }
            let full = self.lines.rays[ray.line][c];
            if let Some(b) = self.lines.nearest(ray.line, full & occ) {
                if ray.reach[c].has(b) {
                    if let Some(p) = pos.board[b as usize] {
                        if p.color() == by
                            && (ray.kinds & kinds) >> p.kind() & 1 != 0
                            && (!ray.initial || pos.unmoved.has(b))
                        {
                            return true;
                        }
                    }
                }
            }
        }
        for (from, kind, cond) in &a.conditional[c] {
            if kinds >> kind & 1 != 0
                && pos.board[*from as usize].is_some_and(|p| p.color() == by && p.kind() == *kind)
                && (!cond.initial || pos.unmoved.has(*from))
                && cond.alternatives.iter().any(|alt| alt.open(occ))
            {
                return true;
            }
        }
        for &kind in &a.hoppers {
            if kinds >> kind & 1 == 0 {
                continue;
            }
            for from in pos.by_kind[kind as usize] & theirs {
                let tables = &self.tables[by.index()][kind as usize];
                for ride in tables
                    .rides
                    .iter()
                    .filter(|r| r.mode.capture() && (!r.initial || pos.unmoved.has(from)))
                {
                    if line_targets(&self.lines, ride, from, occ).has(cell) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether any royal piece of `color` is attacked.
    pub(crate) fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        let them = color.opponent();
        pos.royals(self, color)
            .cells()
            .any(|cell| self.attacked_by(pos, cell, them, u32::MAX))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self, pos: &Position) -> bool {
        self.royal_attacked(pos, pos.side)
    }

    /// Cells attacked by `by`, for diagrams and tests (slow: asks every cell).
    pub fn attacked_cells(&self, pos: &Position, by: Color) -> Bitboard {
        (0..self.topology.cell_count() as u8)
            .filter(|&c| self.attacked_by(pos, c, by, u32::MAX))
            .fold(Bitboard::EMPTY, Bitboard::with)
    }
}
