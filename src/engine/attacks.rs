//! Is a cell attacked, and by what? Answered backward from the cell with the reverse tables,
//! for every layer: pieces on the surface (aboard containers too), submerged pieces, and
//! captures without moving.

use crate::rules::layers::{Facing, RemoteReach};
use crate::rules::{Color, Kind, KindSet};
use crate::types::bitboard::{Bits, Cell};
use crate::types::rule_enums::RoyalCheck;

use super::board::{PieceSets, View};
use super::Engine;
use crate::rules::tables::{Hop, RayAttack};

/// How many groups of ray kinds are gathered for the line filter.
pub(crate) const MAX_RAY_GROUPS: usize = 8;

/// Where the attackers stand.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layer {
    Surface,
    Under,
}

impl<const W: usize> Engine<'_, W> {
    /// Whether any piece of `by` of a kind in `kinds` attacks `cell` (could capture a piece
    /// standing there), with `occ` standing for the surface blockers (a piece about to
    /// leave a cell is taken off the lines it blocked).
    #[inline]
    pub(crate) fn attacked_by(
        &self,
        b: &impl View<W>,
        occ: Bits<W>,
        cell: Cell,
        by: Color,
        kinds: KindSet,
    ) -> bool {
        !self
            .attackers_of::<true>(b, occ, cell, by, kinds)
            .is_empty()
    }

    /// The cells of every piece of `by` of a kind in `kinds` that attacks `cell`: on the
    /// surface, submerged (attacking through the submerged layer's own lines), or by a
    /// capture without moving. With `ANY`, stops at the first found.
    pub(crate) fn attackers_of<const ANY: bool>(
        &self,
        b: &impl View<W>,
        occ: Bits<W>,
        cell: Cell,
        by: Color,
        kinds: KindSet,
    ) -> Bits<W> {
        let mut out = self.layer_attackers::<ANY>(b, Layer::Surface, occ, cell, by, kinds);
        if ANY && !out.is_empty() {
            return out;
        }
        if !b.extra().under[by.index()].is_empty() {
            let below = b.blockers_below();
            out |= self.layer_attackers::<ANY>(b, Layer::Under, below, cell, by, kinds);
            if ANY && !out.is_empty() {
                return out;
            }
        }
        if self.rules.layers.is_some() {
            out |= self.remote_attackers::<ANY>(b, occ, cell, by, kinds);
        }
        out
    }

    /// The pieces of `by` of `kind` standing in `layer`.
    #[inline]
    fn members(&self, b: &impl View<W>, layer: Layer, by: Color, kind: Kind) -> Bits<W> {
        match layer {
            Layer::Surface => b.sets().of(by, kind),
            Layer::Under => b.extra().under[by.index()]
                .cells()
                .filter(|&c| b.slot(c).under.is_some_and(|p| p.kind() == kind))
                .collect(),
        }
    }

    /// Whether a piece of `by` with a kind in `kinds` stands in `layer` on `cell`: one look
    /// at the cell's slot.
    #[inline]
    pub(crate) fn holds(
        &self,
        b: &impl View<W>,
        layer: Layer,
        cell: Cell,
        by: Color,
        kinds: KindSet,
    ) -> bool {
        let slot = b.slot(cell);
        let piece = match layer {
            Layer::Surface => slot.piece,
            Layer::Under => slot.under,
        };
        match piece {
            Some(p) => p.color() == by && kinds.has(p.kind()),
            None => layer == Layer::Surface && slot.crew.kinds_of(by).intersects(kinds),
        }
    }

    fn layer_attackers<const ANY: bool>(
        &self,
        b: &impl View<W>,
        layer: Layer,
        occ: Bits<W>,
        cell: Cell,
        by: Color,
        kinds: KindSet,
    ) -> Bits<W> {
        let st = b.st();
        let a = &self.t.attacks[by.index()];
        let c = cell.index();
        let mut out = Bits::EMPTY;
        let theirs = match layer {
            Layer::Surface => st.by_color[by.index()],
            Layer::Under => b.extra().under[by.index()],
        };
        for (kind, from) in &a.leaps {
            let kind = Kind::new(*kind);
            if kinds.has(kind) && from[c].intersects(theirs) {
                out |= from[c] & self.members(b, layer, by, kind);
                if ANY && !out.is_empty() {
                    return out;
                }
            }
        }
        for (kind, from) in &a.initial_leaps {
            let kind = Kind::new(*kind);
            if kinds.has(kind) && from[c].intersects(theirs & st.unmoved) {
                out |= from[c] & st.unmoved & self.members(b, layer, by, kind);
                if ANY && !out.is_empty() {
                    return out;
                }
            }
        }
        // The pieces of each group of ray kinds, gathered once (surface only: a cheap filter).
        let groups = if layer == Layer::Surface {
            self.ray_groups(b.sets(), by)
        } else {
            [Bits::ALL; MAX_RAY_GROUPS]
        };
        let lines = &self.t.lines;
        for ray in &a.rays {
            let ray_kinds = KindSet(ray.kinds.0 & kinds.0);
            if ray_kinds.is_empty()
                || groups
                    .get(ray.group)
                    .is_some_and(|g| !g.intersects(lines.ray(ray.line, cell)))
            {
                continue;
            }
            if let Some(from) = self.ray_attacker(b, layer, ray, ray_kinds, occ, cell, by) {
                out = out.with(from);
                if ANY {
                    return out;
                }
            }
        }
        for (from, kind, cond) in &a.conditional[c] {
            let kind = Kind::new(*kind);
            if kinds.has(kind)
                && theirs.has(*from)
                && (!cond.initial || st.unmoved.has(*from))
                && cond.open(occ)
                && self.members(b, layer, by, kind).has(*from)
            {
                out = out.with(*from);
                if ANY {
                    return out;
                }
            }
        }
        out
    }

    /// The piece of `by` (of `kinds`) that attacks `cell` along `ray`, if any.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn ray_attacker(
        &self,
        b: &impl View<W>,
        layer: Layer,
        ray: &RayAttack<W>,
        kinds: KindSet,
        occ: Bits<W>,
        cell: Cell,
        by: Color,
    ) -> Option<Cell> {
        let lines = &self.t.lines;
        let line = ray.line;
        let first = lines.nearest(line, lines.ray(line, cell) & occ)?;
        if !ray.cannot_hop.is_empty()
            && b.slot(first)
                .piece
                .is_some_and(|p| ray.cannot_hop.has(p.kind()))
        {
            return None;
        }
        let from = match ray.hop {
            Hop::None => first,
            Hop::Cannon => lines.nearest(line, lines.ray(line, first) & occ)?,
            // The hurdle must stand right next to the target.
            Hop::Grasshopper => {
                if lines.next(line, cell) != Some(first) {
                    return None;
                }
                lines.nearest(line, lines.ray(line, first) & occ)?
            }
        };
        let st = b.st();
        let attacks = ray.extent.at(lines, line, cell).has(from)
            && (!ray.initial || st.unmoved.has(from))
            && self.holds(b, layer, from, by, kinds);
        attacks.then_some(from)
    }

    /// Pieces of `by` that capture on `cell` without moving: rings (never blocked) and lines
    /// (the first piece or blocking marker on the line stops them), each with ammunition.
    fn remote_attackers<const ANY: bool>(
        &self,
        b: &impl View<W>,
        occ: Bits<W>,
        cell: Cell,
        by: Color,
        kinds: KindSet,
    ) -> Bits<W> {
        let Some(layers) = &self.rules.layers else {
            return Bits::EMPTY;
        };
        let st = b.st();
        let topo = &self.rules.topology;
        let occ = occ | st.blocking;
        let mut out = Bits::EMPTY;
        for (kind, k) in layers.kinds.iter().enumerate() {
            let kind = Kind::new(kind as u8);
            if k.remote.is_empty() || !kinds.has(kind) {
                continue;
            }
            let shooters = b.sets().of(by, kind);
            if shooters.is_empty() {
                continue;
            }
            let loaded = |from: Cell, ammo: Option<u8>| {
                ammo.is_none_or(|slot| b.slot(from).state.ammo(slot as usize) > 0)
            };
            for (i, remote) in k.remote.iter().enumerate() {
                match &remote.reach {
                    RemoteReach::Ring(_) => {
                        let ring = self
                            .t
                            .rings
                            .iter()
                            .find(|(k, r, _)| *k == kind.get() && *r as usize == i)
                            .map_or(Bits::EMPTY, |(_, _, cells)| cells[cell.index()]);
                        for from in ring & shooters {
                            if loaded(from, remote.ammo) {
                                out = out.with(from);
                            }
                        }
                    }
                    RemoteReach::Lines { steps, facing } => {
                        let facings: &[Facing] = if *facing {
                            &Facing::ALL
                        } else {
                            std::slice::from_ref(match by {
                                Color::White => &Facing::North,
                                Color::Black => &Facing::South,
                            })
                        };
                        for &f in facings {
                            for &(dx, dy, most) in steps {
                                let (rx, ry) = f.turn((dx, dy));
                                let mut at = cell;
                                for _ in 0..most {
                                    let Some(back) =
                                        topo.offset(at, -i32::from(rx), -i32::from(ry))
                                    else {
                                        break;
                                    };
                                    if occ.has(back) {
                                        let s = b.slot(back).state;
                                        if shooters.has(back)
                                            && (!*facing || s.facing() == f)
                                            && loaded(back, remote.ammo)
                                        {
                                            out = out.with(back);
                                        }
                                        break;
                                    }
                                    at = back;
                                }
                            }
                        }
                    }
                }
                if ANY && !out.is_empty() {
                    return out;
                }
            }
        }
        out
    }

    /// The pieces of `by` of each group of ray kinds (see `AttackTables::groups`), gathered
    /// once per question so that a line without one is passed over; groups beyond the first
    /// [`MAX_RAY_GROUPS`] hold every cell (no filter).
    #[inline]
    pub(crate) fn ray_groups(
        &self,
        sets: impl PieceSets<W>,
        by: Color,
    ) -> [Bits<W>; MAX_RAY_GROUPS] {
        let mut groups = [Bits::ALL; MAX_RAY_GROUPS];
        for (g, kinds) in groups.iter_mut().zip(&self.t.attacks[by.index()].groups) {
            *g = sets.of_kinds(by, *kinds);
        }
        groups
    }

    /// Whether `color` is in check: one of its royal pieces attacked (in an explosion game,
    /// one with an enemy royal piece in its blast is not), or with several, as `end: check:`
    /// says: all of them attacked (`all`), or none while more than one is left (`last`).
    pub(crate) fn royal_attacked(&self, b: &impl View<W>, color: Color) -> bool {
        let st = b.st();
        let occ = st.blockers();
        let royals = b.sets().of_kinds(color, self.rules.royal_kinds);
        let attacked = |cell| self.royal_cell_attacked(b, occ, cell, color);
        match self.rules.end.check {
            RoyalCheck::Any => royals.cells().any(attacked),
            RoyalCheck::All => !royals.is_empty() && royals.cells().all(attacked),
            RoyalCheck::Last => royals.single().is_some_and(attacked),
        }
    }

    /// Whether a royal piece of `color` standing on `cell` would be in check, with `occ`
    /// standing for the blockers: attacked, and not shielded by an enemy royal piece in its
    /// blast (explosion games).
    #[inline]
    pub(crate) fn royal_cell_attacked(
        &self,
        b: &impl View<W>,
        occ: Bits<W>,
        cell: Cell,
        color: Color,
    ) -> bool {
        self.attacked_by(b, occ, cell, color.opponent(), KindSet::ALL)
            && !self.blast_shielded(b, cell, color)
    }

    /// Whether royal pieces of opposite colours face each other (`royals_facing:`): on one
    /// file or rank, every cell between them on the board and empty.
    pub(crate) fn royals_face(&self, b: &impl View<W>) -> bool {
        let white = b.sets().of_kinds(Color::White, self.rules.royal_kinds);
        let black = b.sets().of_kinds(Color::Black, self.rules.royal_kinds);
        let occ = b.st().blockers();
        white.cells().any(|w| self.faces(occ, w, black))
    }

    /// Whether a royal piece on `cell` would face one of `enemies` (see
    /// [`Engine::royals_face`]), with `occ` standing for the blockers.
    pub(crate) fn faces(&self, occ: Bits<W>, cell: Cell, enemies: Bits<W>) -> bool {
        let topo = &self.rules.topology;
        let (cf, cr) = topo.coords(cell);
        enemies.cells().any(|k| {
            let (kf, kr) = topo.coords(k);
            if cell == k || (cf != kf && cr != kr) {
                return false;
            }
            let step = (
                (i32::from(kf) - i32::from(cf)).signum(),
                (i32::from(kr) - i32::from(cr)).signum(),
            );
            let mut at = cell;
            loop {
                match topo.offset(at, step.0, step.1) {
                    Some(next) if next == k => return true,
                    Some(next) if !occ.has(next) => at = next,
                    _ => return false,
                }
            }
        })
    }

    /// Whether royal pieces of opposite colours stand on adjacent cells (sharing a cell is
    /// not adjacent).
    pub(crate) fn royals_adjacent(&self, b: &impl View<W>) -> bool {
        let white = b.sets().of_kinds(Color::White, self.rules.royal_kinds);
        let black = b.sets().of_kinds(Color::Black, self.rules.royal_kinds);
        let topo = &self.rules.topology;
        white.cells().any(|w| {
            black.cells().any(|k| {
                let (wf, wr) = topo.coords(w);
                let (bf, br) = topo.coords(k);
                w != k && wf.abs_diff(bf) <= 1 && wr.abs_diff(br) <= 1
            })
        })
    }
}
