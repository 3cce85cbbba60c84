//! Is a cell attacked? Answered from the target with the reverse tables.

use crate::bitboard::Bitboard;
use crate::rules::{Color, RayAttack, Ruleset};

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
        if pos.layers.is_some() {
            let occ = occ | pos.layers().blocking;
            return self.attacked_on_surface(pos, occ, cell, by, kinds)
                || self.layer_attacked(pos, occ, cell, by, kinds);
        }
        self.attacked_on_surface(pos, occ, cell, by, kinds)
    }

    /// [`Self::attacked_through`] by the pieces on their own cells.
    #[inline]
    fn attacked_on_surface(
        &self,
        pos: &Position,
        occ: Bitboard,
        cell: u8,
        by: Color,
        kinds: u32,
    ) -> bool {
        let a = &self.attacks[by.index()];
        self.leap_attacked(pos, occ, cell, by, kinds)
            || a.rays.iter().any(|ray| {
                ray.kinds & kinds != 0
                    && self
                        .lines
                        .nearest(ray.line, self.lines.ray(ray.line, cell) & occ)
                        .is_some_and(|b| self.rides_onto(pos, ray, b, cell, by, kinds))
            })
            || a.conditional[cell as usize]
                .iter()
                .any(|(from, kind, cond)| {
                    kinds >> kind & 1 != 0
                        && stands(pos, *from, *kind, by, cond.initial)
                        && cond.open(occ)
                })
            || self.hopper_attacked(pos, occ, cell, by, kinds)
    }

    /// For the side to move: whether its royal piece on `royal` is attacked, and which of
    /// its pieces alone block an enemy line or path toward it, so that moving them may expose
    /// it. One pass over the lines answers both.
    pub(crate) fn check_and_pins(&self, pos: &Position, royal: u8) -> (bool, Bitboard) {
        let by = pos.side.opponent();
        let a = &self.attacks[by.index()];
        let occ = pos.occupied();
        let ours = pos.by_color[pos.side.index()];
        let mut pinned = Bitboard::EMPTY;
        let mut check = self.leap_attacked(pos, occ, royal, by, u32::MAX)
            || self.hopper_attacked(pos, occ, royal, by, u32::MAX);
        for ray in &a.rays {
            let blockers = self.lines.ray(ray.line, royal) & occ;
            let Some(first) = self.lines.nearest(ray.line, blockers) else {
                continue;
            };
            if !ours.has(first) {
                check |= self.rides_onto(pos, ray, first, royal, by, u32::MAX);
            } else if let Some(second) = self.lines.nearest(ray.line, blockers.without(first)) {
                if self.rides_onto(pos, ray, second, royal, by, u32::MAX) {
                    pinned = pinned.with(first);
                }
            }
        }
        for (from, kind, cond) in &a.conditional[royal as usize] {
            if !stands(pos, *from, *kind, by, cond.initial) {
                continue;
            }
            for alt in cond.alternatives() {
                let blockers = alt.empty & occ;
                if (alt.occupied & occ) != alt.occupied {
                    continue;
                }
                match blockers.count() {
                    0 => check = true,
                    1 if !(blockers & ours).is_empty() => pinned |= blockers,
                    _ => {}
                }
            }
        }
        (check, pinned)
    }

    /// Whether the piece on `b`, the nearest piece on `ray` seen from `cell`, attacks `cell`
    /// along it.
    #[inline]
    fn rides_onto(
        &self,
        pos: &Position,
        ray: &RayAttack,
        b: u8,
        cell: u8,
        by: Color,
        kinds: u32,
    ) -> bool {
        ray.extent.at(&self.lines, ray.line, cell).has(b)
            && pos.board[b as usize].is_some_and(|p| {
                p.color() == by
                    && (ray.kinds & kinds) >> p.kind() & 1 != 0
                    && (!ray.initial || pos.unmoved.has(b))
            })
    }

    #[inline]
    fn leap_attacked(
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
        a.leaps.iter().any(|(kind, from)| {
            kinds >> kind & 1 != 0 && !(from[c] & pos.by_kind[*kind as usize] & theirs).is_empty()
        }) || a.initial_leaps.iter().any(|(kind, from)| {
            kinds >> kind & 1 != 0
                && !(from[c] & pos.by_kind[*kind as usize] & theirs & pos.unmoved).is_empty()
        })
    }

    /// Hoppers are rare: their attacks are found by generating their moves forward.
    fn hopper_attacked(
        &self,
        pos: &Position,
        occ: Bitboard,
        cell: u8,
        by: Color,
        kinds: u32,
    ) -> bool {
        let a = &self.attacks[by.index()];
        let theirs = pos.by_color[by.index()] & occ;
        a.hoppers.iter().any(|&kind| {
            kinds >> kind & 1 != 0
                && (pos.by_kind[kind as usize] & theirs).cells().any(|from| {
                    self.tables[by.index()][kind as usize]
                        .rides
                        .iter()
                        .any(|ride| {
                            ride.mode.capture()
                                && (!ride.initial || pos.unmoved.has(from))
                                && line_targets(&self.lines, ride, from, occ).has(cell)
                        })
                })
        })
    }

    /// Whether any royal piece of `color` is attacked.
    pub(crate) fn royal_attacked(&self, pos: &Position, color: Color) -> bool {
        if self.containers.is_some() {
            return self.crew_royal_attacked(pos, color);
        }
        let them = color.opponent();
        pos.royals(self, color)
            .cells()
            .any(|cell| self.attacked_by(pos, cell, them, u32::MAX))
    }

    /// Whether royal pieces of opposite colours stand on adjacent cells (sharing a cell is
    /// not adjacent).
    pub(crate) fn royals_adjacent(&self, pos: &Position) -> bool {
        let white = self.royal_cells(pos, Color::White);
        let black = self.royal_cells(pos, Color::Black);
        white.cells().any(|w| {
            black.cells().any(|b| {
                let (wf, wr) = self.topology.coords(w);
                let (bf, br) = self.topology.coords(b);
                w != b && wf.abs_diff(bf) <= 1 && wr.abs_diff(br) <= 1
            })
        })
    }

    fn royal_cells(&self, pos: &Position, color: Color) -> Bitboard {
        if self.containers.is_some() {
            self.crew_royals(pos, color)
        } else {
            pos.royals(self, color)
        }
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self, pos: &Position) -> bool {
        self.royal_attacked(pos, pos.side)
    }
}

/// Whether a piece of `kind` and `color` stands on `cell` (unmoved, when `initial`).
#[inline]
fn stands(pos: &Position, cell: u8, kind: u8, color: Color, initial: bool) -> bool {
    pos.board[cell as usize].is_some_and(|p| p.color() == color && p.kind() == kind)
        && (!initial || pos.unmoved.has(cell))
}
