//! One legality test for every game.
//!
//! A move is legal when, made with all its effects and consequences, it leaves every royal
//! piece of the mover on the board and unattacked (under the checkmate rule), and no two
//! royal pieces of opposite colours on adjacent cells (under `royals_apart`). The test
//! itself is a trial: the move made on an overlay of the position ([`Trial`]) and the royal
//! pieces' cells asked for attackers backward with the attack tables.
//!
//! Most moves never need the trial. [`Safety`] looks at the position once: is the royal
//! piece in check, and by what (the cells a move must reach to answer a check by one line or
//! leap: capture the checker or block the line); which cells are critical (the only blocker
//! between the royal piece and an attacker's line or path, so vacating them may expose it),
//! with the line a pinned piece may still move along; which arrivals have effects that can
//! expose it (a capture whose victim returns, a destroying marker, a cell where a piece
//! would become an enemy hopper's hurdle); and whether anything makes every move suspect
//! (screens for must-jump leaps, a check by a hopper, several royal pieces in check,
//! consequences that follow every move, such as a sonar with submerged pieces about).
//! Under `royals_facing: forbidden` the only piece between two royal pieces on a file or
//! rank is pinned there. [`Engine::verdict`] then
//! classifies each move from the effects its kind makes (see `effects`): legal, illegal, or
//! to be tried.

use crate::rules::layers::{Facing, RemoteReach};
use crate::rules::{Color, Kind, KindSet};
use crate::types::bitboard::{Bits, Cell};
use crate::types::rule_enums::{FacingRule, RoyalCheck, RoyalRule};

use super::attacks::Layer;
use super::board::{PieceSets, Trial, View};
use super::{Engine, Move, MoveKind};
use crate::rules::position::{Pos, St};
use crate::rules::tables::{Hop, RayAttack};

/// The most pinned pieces whose line is remembered; more are tried move by move.
const MAX_PINS: usize = 8;

/// What a position says about the safety of the side to move's royal pieces.
#[derive(Debug, Clone)]
pub(crate) struct Safety<const W: usize> {
    /// The checkmate rule protects royal pieces and the side to move has some.
    pub(crate) guard: bool,
    /// One of them is attacked.
    pub(crate) check: bool,
    /// In check: the cells a move of another piece must reach to answer it (capture the
    /// only checker or block its line); empty when only the royal piece can answer; `None`
    /// when every move must be tried.
    pub(crate) evasion: Option<Bits<W>>,
    /// Cells whose vacating may expose a royal piece.
    pub(crate) critical: Bits<W>,
    /// Critical cells whose vacating may open something other than a pin line (a path, a
    /// capture line without moving): a move from there is tried even along its pin line.
    unpinned_critical: Bits<W>,
    /// Pinned pieces' cells with the cells they may still move to (their pin line and the
    /// pinner).
    pins: [(Cell, Bits<W>); MAX_PINS],
    pin_count: usize,
    /// Arrivals there have effects that may expose a royal piece: a destroying marker, an
    /// enemy piece whose capture makes it return.
    pub(crate) special: Bits<W>,
    /// Every move must be tried.
    pub(crate) test_all: bool,
    /// Moves that move a royal piece (of either side) must be tried for `royals_apart`.
    pub(crate) apart: bool,
    /// Moves of the side's royal pieces must be tried (explosions; several royal pieces
    /// under `check: all`).
    pub(crate) royal_trial: bool,
}

/// What [`Engine::verdict`] says of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    Legal,
    Illegal,
    /// A royal piece steps: legal when its destination is not attacked with it lifted.
    RoyalStep,
    /// A royal piece aboard moves to another container: legal when its destination is not
    /// attacked, its origin lifted if it empties (pieces there are then no shipmates).
    CrewStep,
    /// A container sails with the mover's royal piece aboard: legal when its destination is
    /// not attacked with the container lifted, by pieces other than those aboard.
    SailStep,
    /// The lone royal piece castles: legal when its destination is not attacked with it and
    /// its partner moved (the cells it passes are the generator's business).
    Castle,
    /// Another container sails: legal when the royal piece is not attacked with the
    /// container moved, by the pieces elsewhere or by the enemy pieces aboard from their new
    /// cell.
    Sail,
    /// Make it and look.
    Trial,
}

impl<const W: usize> Safety<W> {
    /// No protection: every pseudo-legal move passes (pseudo-legal generation).
    pub(crate) fn permissive() -> Safety<W> {
        Safety {
            guard: false,
            check: false,
            evasion: None,
            critical: Bits::EMPTY,
            unpinned_critical: Bits::EMPTY,
            pins: [(Cell::new(0), Bits::EMPTY); MAX_PINS],
            pin_count: 0,
            special: Bits::EMPTY,
            test_all: false,
            apart: false,
            royal_trial: false,
        }
    }

    /// The cells the pinned piece on `cell` may move to, if it is pinned along a line.
    #[inline]
    pub(crate) fn pin_line(&self, cell: Cell) -> Option<Bits<W>> {
        self.pins[..self.pin_count]
            .iter()
            .find(|(c, _)| *c == cell)
            .map(|(_, mask)| *mask)
    }

    /// The cells a plain move of the simple piece on `from` may reach without a trial, or
    /// `None` when each must be tried.
    #[inline]
    pub(crate) fn allowed(&self, from: Cell, all: Bits<W>) -> Option<Bits<W>> {
        if self.test_all {
            return None;
        }
        let mut allowed = all;
        if self.check {
            allowed &= self.evasion?;
        }
        if self.critical.has(from) {
            if self.unpinned_critical.has(from) {
                return None;
            }
            allowed &= self.pin_line(from)?;
        }
        Some(allowed)
    }

    fn pin(&mut self, cell: Cell, mask: Bits<W>) {
        self.critical = self.critical.with(cell);
        if let Some(p) = self.pins[..self.pin_count]
            .iter_mut()
            .find(|(c, _)| *c == cell)
        {
            p.1 &= mask;
        } else if self.pin_count < MAX_PINS {
            self.pins[self.pin_count] = (cell, mask);
            self.pin_count += 1;
        } else {
            self.test_all = true;
        }
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Looks at `pos` for the side to move's royal pieces (see the module documentation).
    #[inline]
    pub(crate) fn safety(&self, pos: &Pos<W>) -> Safety<W> {
        let mut s = Safety::permissive();
        self.look(pos, &mut s);
        s
    }

    /// [`Engine::safety`] written into `s`, which comes in permissive: the look (a few
    /// hundred bytes) is built where the generator keeps it, not copied out at each return.
    fn look(&self, pos: &Pos<W>, s: &mut Safety<W>) {
        let r = self.rules;
        let st = &pos.st;
        let us = st.side;
        let them = us.opponent();
        let guard = r.end.royal == RoyalRule::Checkmate && !r.royal_kinds.is_empty();
        let royals = if guard {
            pos.sets.of_kinds(us, r.royal_kinds)
        } else {
            Bits::EMPTY
        };
        s.guard = guard && !royals.is_empty();
        s.apart = r.royals_apart;
        if !s.guard {
            return;
        }
        let explosion = r.explosion.is_some();
        if explosion
            && (r.containers.is_some()
                || r.layers.is_some()
                || royals
                    .single()
                    .is_none_or(|royal| self.blast_shielded(pos, royal, us)))
        {
            // Royal pieces in one another's blast are out of check: every move is tried.
            s.check = self.royal_attacked(pos, us);
            s.test_all = true;
            return;
        }
        s.special = self.special_arrivals(pos);
        if explosion {
            // A capture's blast may take any piece around it, and a royal piece may step into
            // the enemy's blast: captures and royal moves are tried, the others judged as in
            // any game.
            s.special |= st.by_color[them.index()] | st.ep_targets;
            s.royal_trial = true;
        }
        // Facing royal pieces under `must-break` oblige every move; with containers a crew
        // may carry a royal piece into the facing.
        let facing = match r.royals_facing {
            Some(FacingRule::MustBreak) => self.royals_face(pos),
            Some(FacingRule::Forbidden) => r.containers.is_some(),
            None => false,
        };
        s.test_all = self.t.attacks[them.index()].screens || facing || self.volatile(pos);
        let Some(royal) = royals.single() else {
            self.several_royals(pos, royals, s);
            return;
        };
        self.look_from(pos, royal, s);
        if r.royals_facing == Some(FacingRule::Forbidden) {
            self.facing_pins(pos, royal, s);
        }
    }

    /// Under `royals_facing: forbidden`, the only piece between the royal piece on `royal`
    /// and an enemy one on its file or rank is pinned there, as by a rook.
    fn facing_pins(&self, pos: &Pos<W>, royal: Cell, s: &mut Safety<W>) {
        let topo = &self.rules.topology;
        let occ = pos.st.blockers();
        let (rf, rr) = topo.coords(royal);
        for enemy in pos
            .sets
            .of_kinds(pos.st.side.opponent(), self.rules.royal_kinds)
            .cells()
        {
            let (ef, er) = topo.coords(enemy);
            if rf != ef && rr != er {
                continue;
            }
            let step = (
                (i32::from(ef) - i32::from(rf)).signum(),
                (i32::from(er) - i32::from(rr)).signum(),
            );
            // The cells between, unless a hole or the board's edge parts them.
            let mut between = Bits::EMPTY;
            let mut at = royal;
            let mut reached = false;
            while let Some(next) = topo.offset(at, step.0, step.1) {
                if next == enemy {
                    reached = true;
                    break;
                }
                between = between.with(next);
                at = next;
            }
            if !reached {
                continue;
            }
            match (between & occ).single() {
                Some(blocker) => s.pin(blocker, between),
                None if (between & occ).is_empty() => s.test_all = true,
                None => {}
            }
        }
    }

    /// [`Engine::safety`] for a side with several royal pieces: when only the last is
    /// protected (`check: last`) no move of this position endangers it (a move adds royal
    /// pieces at most). Otherwise, when none is attacked, the pins and critical cells around
    /// each one are gathered as for a lone royal piece, so a move that keeps off them is
    /// legal unseen; a royal piece standing on one (shielding another) is tried (see
    /// [`Engine::verdict`]), and under `check: all` every move from a critical cell and every
    /// royal move. In check, or with crews or layers, any move is tried.
    /// (`s` is changed in place: every return of `safety` gives back the one value it
    /// built, with no copy.)
    #[cold]
    fn several_royals(&self, pos: &Pos<W>, royals: Bits<W>, s: &mut Safety<W>) {
        let check = self.rules.end.check;
        if check == RoyalCheck::Last {
            s.guard = false;
            return;
        }
        let r = self.rules;
        s.check = self.royal_attacked(pos, pos.st.side);
        // The verdicts for crews and layers know a lone royal piece only.
        if s.check
            || s.test_all
            || r.royals_facing.is_some()
            || r.containers.is_some()
            || r.layers.is_some()
        {
            s.test_all = true;
            return;
        }
        // Each look may find an attack it cannot rule out (`check` set then): one is enough
        // to try every move.
        let mut unsure = false;
        for royal in royals.cells() {
            self.look_from(pos, royal, s);
            unsure |= s.check;
        }
        s.check = unsure;
        s.test_all = unsure;
        if check == RoyalCheck::All {
            // One royal piece may be left attacked while another is not: a move that may
            // expose one is tried, never refused unseen.
            s.unpinned_critical = s.critical;
            s.royal_trial = true;
        }
    }

    /// Arrival cells whose effects may expose a royal piece: destroying markers, and enemy
    /// pieces that return when captured.
    fn special_arrivals(&self, pos: &Pos<W>) -> Bits<W> {
        let r = self.rules;
        let st = &pos.st;
        let mut special = Bits::EMPTY;
        if let Some(layers) = &r.layers {
            for cell in pos.extra.marked[0] | pos.extra.marked[1] {
                let ty = pos.slots[cell.index()].marker.saturating_sub(1);
                if layers.markers.get(ty as usize).is_some_and(|m| m.destroys) {
                    special = special.with(cell);
                }
            }
        }
        let them = st.side.opponent();
        for rule in &r.returns {
            if let Some(kind) = self.piece_of(&pos.extra, rule.piece, them) {
                special |= pos.sets.of(them, kind);
            }
        }
        special
    }

    /// Whether consequences that follow any move may change the attacks on the mover's
    /// royal pieces: a sonar with submerged pieces about, or the opponent's submerged pieces
    /// about to surface.
    fn volatile(&self, pos: &Pos<W>) -> bool {
        let x = &pos.extra;
        let them = pos.st.side.opponent();
        let under = x.under[0] | x.under[1];
        if under.is_empty() {
            return false;
        }
        !self.t.sonars.is_empty()
            || x.under[them.index()]
                .cells()
                .any(|c| pos.slots[c.index()].under_state.submerged() == 0)
    }

    /// Checks, checkers, critical cells and pins around the lone royal piece on `royal`.
    fn look_from(&self, pos: &Pos<W>, royal: Cell, s: &mut Safety<W>) {
        let st = &pos.st;
        let us = st.side;
        let them = us.opponent();
        let a = &self.t.attacks[them.index()];
        let lines = &self.t.lines;
        let occ = st.blockers();
        let theirs = st.by_color[them.index()];
        // Cells a move of another piece must reach to answer every check found so far: the
        // intersection of each check's cells, as one piece may check along two routes (a
        // leap and a ride to the same cell, `RW`), which one capture answers.
        let mut answer = Bits::ALL;
        // The checking pieces' cells: two pieces are a double check.
        let mut checkers = Bits::EMPTY;
        let mut exact = true;
        let c = royal.index();
        for (kind, from) in &a.leaps {
            let hits = from[c] & pos.sets.of(them, Kind::new(*kind));
            if !hits.is_empty() {
                checkers |= hits;
                answer &= hits;
            }
        }
        for (kind, from) in &a.initial_leaps {
            let hits = from[c] & pos.sets.of(them, Kind::new(*kind)) & st.unmoved;
            if !hits.is_empty() {
                checkers |= hits;
                answer &= hits;
            }
        }
        // The enemy pieces of each group of ray kinds: a line without one is passed over.
        let groups = self.ray_groups(&pos.sets, them);
        let mut hopper_check = false;
        for ray in &a.rays {
            let line = ray.line;
            if groups
                .get(ray.group)
                .is_some_and(|g| !g.intersects(lines.ray(line, royal)))
            {
                continue;
            }
            if ray.hop != Hop::None {
                if let Some(from) = self.hopper_line(pos, royal, ray, s) {
                    checkers = checkers.with(from);
                    hopper_check = true;
                }
                continue;
            }
            let blockers = lines.ray(line, royal) & occ;
            let Some(first) = lines.nearest(line, blockers) else {
                continue;
            };
            let reach = ray.extent.at(lines, line, royal);
            let attacker = |cell: Cell| {
                reach.has(cell)
                    && self.holds(pos, Layer::Surface, cell, them, ray.kinds)
                    && (!ray.initial || st.unmoved.has(cell))
            };
            if theirs.has(first) && attacker(first) {
                checkers |= Bits::from_cell(first);
                answer &= lines.ray(line, royal) ^ lines.ray(line, first);
                continue;
            }
            // A blocking marker stays when its cell's piece leaves.
            if st.blocking.has(first) {
                continue;
            }
            if let Some(second) = lines.nearest(line, blockers.without(first)) {
                if attacker(second) {
                    let mask = lines.ray(line, royal) ^ lines.ray(line, second);
                    s.pin(first, mask);
                }
            }
        }
        for (from, kind, cond) in &a.conditional[c] {
            if !pos.sets.of(them, Kind::new(*kind)).has(*from)
                || (cond.initial && !st.unmoved.has(*from))
            {
                continue;
            }
            for alt in cond.alternatives() {
                if !alt.occupied.is_subset(occ) {
                    continue;
                }
                let blockers = alt.empty & occ;
                match blockers.count() {
                    0 => exact = false,
                    1 => {
                        let cut = blockers & !st.blocking;
                        s.critical |= cut;
                        s.unpinned_critical |= cut;
                    }
                    _ => {}
                }
            }
        }
        // Submerged attackers and captures without moving: found by the general test; their
        // blockers are critical too.
        if !pos.extra.under[them.index()].is_empty() || self.rules.layers.is_some() {
            let all = self.attackers_of::<false>(pos, occ, royal, them, KindSet::ALL);
            if !all.is_subset(checkers) {
                exact = false;
            }
            self.remote_critical(pos, royal, s);
        }
        // A hopper's check is answered in more ways than one line says (moving its hurdle
        // away too): every move is tried.
        exact &= !hopper_check;
        s.check = !checkers.is_empty() || !exact;
        if s.check {
            s.evasion = match (exact, checkers.count()) {
                (true, 1) => Some(answer),
                (true, _) => Some(Bits::EMPTY),
                (false, _) => None,
            };
        }
    }

    /// A hopper's line toward `royal`: its attacker, if it checks. Otherwise, when an enemy
    /// hopper of the line stands among its first three pieces, the first two are critical
    /// (either leaving may make a hurdle of the other) and every cell up to the second is a
    /// special arrival (a piece arriving before it may become a hurdle, or a hurdle of
    /// another kind); farther changes leave the hopper at least a third piece out.
    fn hopper_line(
        &self,
        pos: &Pos<W>,
        royal: Cell,
        ray: &RayAttack<W>,
        s: &mut Safety<W>,
    ) -> Option<Cell> {
        let lines = &self.t.lines;
        let line = ray.line;
        let them = pos.st.side.opponent();
        let occ = pos.st.blockers();
        if let Some(from) = self.ray_attacker(pos, Layer::Surface, ray, ray.kinds, occ, royal, them)
        {
            return Some(from);
        }
        let on_line = lines.ray(line, royal) & occ;
        let first = lines.nearest(line, on_line);
        let second = first.and_then(|b| lines.nearest(line, on_line.without(b)));
        let third =
            second.and_then(|b| lines.nearest(line, on_line.without(b) & lines.ray(line, b)));
        let near = [first, second, third];
        if !near
            .iter()
            .flatten()
            .any(|&c| self.holds(pos, Layer::Surface, c, them, ray.kinds))
        {
            return None;
        }
        for c in [first, second].into_iter().flatten() {
            s.critical = s.critical.with(c);
            s.unpinned_critical = s.unpinned_critical.with(c);
        }
        s.special |= match second.or(first) {
            Some(last) => lines.ray(line, royal) ^ lines.ray(line, last),
            None => lines.ray(line, royal),
        };
        None
    }

    /// The blockers of capture lines without moving aimed at `royal` are critical.
    fn remote_critical(&self, pos: &Pos<W>, royal: Cell, s: &mut Safety<W>) {
        let Some(layers) = &self.rules.layers else {
            return;
        };
        let st = &pos.st;
        let them = st.side.opponent();
        let occ = st.blockers();
        let topo = &self.rules.topology;
        for (kind, k) in layers.kinds.iter().enumerate() {
            let shooters = pos.sets.of(them, Kind::new(kind as u8));
            if shooters.is_empty() {
                continue;
            }
            for remote in &k.remote {
                let RemoteReach::Lines { steps, .. } = &remote.reach else {
                    continue;
                };
                for f in Facing::ALL {
                    for &(dx, dy, most) in steps {
                        let (rx, ry) = f.turn((dx, dy));
                        let mut at = royal;
                        let mut first = None;
                        for _ in 0..most {
                            let Some(back) = topo.offset(at, -i32::from(rx), -i32::from(ry)) else {
                                break;
                            };
                            if occ.has(back) {
                                match first {
                                    None => first = Some(back),
                                    Some(blocker) => {
                                        if shooters.has(back) && !st.blocking.has(blocker) {
                                            s.critical = s.critical.with(blocker);
                                            s.unpinned_critical = s.unpinned_critical.with(blocker);
                                        }
                                        break;
                                    }
                                }
                            }
                            at = back;
                        }
                    }
                }
            }
        }
    }

    /// What `s` says of the move `m` of `pos` (see [`Verdict`]). The move must be
    /// pseudo-legal.
    pub(crate) fn verdict(&self, pos: &Pos<W>, s: &Safety<W>, m: &Move) -> Verdict {
        let royal = |k: Kind| self.rules.royal_kinds.has(k);
        if !s.guard {
            let moves_royal = match m.kind {
                MoveKind::Sail { .. } => pos.slots[m.from.index()]
                    .crew
                    .pieces()
                    .any(|p| royal(p.kind())),
                MoveKind::Transfer { group, .. } => group.iter().any(royal),
                _ => royal(m.piece.kind()),
            };
            return if s.apart && moves_royal {
                Verdict::Trial
            } else {
                Verdict::Legal
            };
        }
        if s.test_all {
            return Verdict::Trial;
        }
        match m.kind {
            MoveKind::Normal => {
                if s.special.has(m.to) || m.promotion.is_some_and(royal) {
                    return Verdict::Trial;
                }
                if royal(m.piece.kind()) {
                    // A royal piece on a critical cell shields another one.
                    return if s.critical.has(m.from) || s.royal_trial {
                        Verdict::Trial
                    } else {
                        Verdict::RoyalStep
                    };
                }
                match s.allowed(m.from, !Bits::EMPTY) {
                    Some(allowed) if allowed.has(m.to) => Verdict::Legal,
                    Some(_) => Verdict::Illegal,
                    None => Verdict::Trial,
                }
            }
            MoveKind::Sail { .. } | MoveKind::Transfer { .. } => {
                let crew = pos.slots[m.from.index()].crew;
                let them = pos.st.side.opponent();
                if s.special.has(m.to) {
                    return Verdict::Trial;
                }
                let leaves = match m.kind {
                    MoveKind::Transfer { group, .. } => {
                        if group.iter().any(royal) {
                            return Verdict::CrewStep;
                        }
                        crew.len() as usize == group.len()
                    }
                    _ => {
                        let royal_of =
                            |c: Color| crew.pieces().any(|p| p.color() == c && royal(p.kind()));
                        if royal_of(them) {
                            return Verdict::Trial;
                        }
                        if royal_of(them.opponent()) {
                            return Verdict::SailStep;
                        }
                        // Enemy pieces aboard arrive somewhere new, or a check or a pin
                        // is in play: the royal piece's attackers are asked anew.
                        if crew.has(them) || s.check || s.critical.has(m.from) {
                            return Verdict::Sail;
                        }
                        true
                    }
                };
                if s.check || (leaves && s.critical.has(m.from)) {
                    Verdict::Trial
                } else {
                    Verdict::Legal
                }
            }
            MoveKind::Castle { partner_to, .. }
                if royal(m.piece.kind())
                    && !s.special.has(m.to)
                    && !s.special.has(partner_to)
                    && self.rules.royals_facing.is_none()
                    && !s.royal_trial =>
            {
                Verdict::Castle
            }
            MoveKind::Plant { .. } | MoveKind::Return | MoveKind::Submerged if !s.check => {
                Verdict::Legal
            }
            MoveKind::Remote { .. }
                if !s.check && !s.critical.has(m.to) && !s.special.has(m.to) =>
            {
                Verdict::Legal
            }
            MoveKind::Dive if !s.check && !s.critical.has(m.from) && self.t.sonars.is_empty() => {
                Verdict::Legal
            }
            MoveKind::Surface if !s.check && !s.special.has(m.to) => Verdict::Legal,
            MoveKind::Drop => self.drop_verdict(s, m.to),
            _ => Verdict::Trial,
        }
    }

    /// Whether the royal piece stepping by `m` (a plain move) is safe on its destination.
    #[inline]
    pub(crate) fn royal_step_safe(&self, pos: &Pos<W>, m: &Move) -> bool {
        self.royal_step_safe_to(pos, m.from, m.to)
    }

    /// Whether the royal piece on `from` is safe on `to`, judged with it lifted off `from`.
    #[inline]
    pub(crate) fn royal_step_safe_to(&self, pos: &Pos<W>, from: Cell, to: Cell) -> bool {
        let st = &pos.st;
        let them = st.side.opponent();
        let occ = vacate(st, st.blockers(), from);
        let r = self.rules;
        !(self.attacked_by(pos, occ, to, them, KindSet::ALL)
            || (r.royals_apart && self.next_to_enemy_royal(pos, to, them))
            || (r.royals_facing == Some(FacingRule::Forbidden)
                && self.faces(occ, to, pos.sets.of_kinds(them, r.royal_kinds))))
    }

    /// [`Verdict::Castle`]: the king's destination, judged with the king and its partner
    /// moved (the partner's cell may have screened it).
    fn castle_safe(&self, pos: &Pos<W>, m: &Move) -> bool {
        let MoveKind::Castle {
            partner_from,
            partner_to,
        } = m.kind
        else {
            return self.legal_after(pos, m);
        };
        let st = &pos.st;
        let them = st.side.opponent();
        let occ = vacate(st, vacate(st, st.blockers(), m.from), partner_from).with(partner_to);
        !(self.attacked_by(pos, occ, m.to, them, KindSet::ALL)
            || (self.rules.royals_apart && self.next_to_enemy_royal(pos, m.to, them)))
    }

    /// [`Verdict::CrewStep`]: the group leaves its container (lifted when it empties); the
    /// pieces already on the destination are shipmates and attack nothing there.
    fn crew_step_safe(&self, pos: &Pos<W>, m: &Move) -> bool {
        let MoveKind::Transfer { group, .. } = m.kind else {
            return self.legal_after(pos, m);
        };
        let empties = pos.slots[m.from.index()].crew.len() as usize == group.len();
        self.crew_step_safe_to(pos, m.from, m.to, empties)
    }

    /// [`Verdict::CrewStep`] from `from` to `to`, by a group that `empties` its container
    /// or not: the same for every such group.
    pub(crate) fn crew_step_safe_to(
        &self,
        pos: &Pos<W>,
        from: Cell,
        to: Cell,
        empties: bool,
    ) -> bool {
        let st = &pos.st;
        let them = st.side.opponent();
        let occ = if empties {
            vacate(st, st.blockers(), from)
        } else {
            st.blockers()
        };
        let r = self.rules;
        !(self.attacked_by(pos, occ, to, them, KindSet::ALL)
            || (r.royals_apart && self.next_to_enemy_royal(pos, to, them))
            || (r.royals_facing == Some(FacingRule::Forbidden)
                && self.faces(occ, to, pos.sets.of_kinds(them, r.royal_kinds))))
    }

    /// [`Verdict::SailStep`]: the container and everything aboard go to an empty cell, so
    /// the enemy pieces aboard stay shipmates.
    fn sail_step_safe(&self, pos: &Pos<W>, m: &Move) -> bool {
        let st = &pos.st;
        let them = st.side.opponent();
        let occ = vacate(st, st.blockers(), m.from);
        let attackers = self.attackers_of::<false>(pos, occ, m.to, them, KindSet::ALL);
        !(!attackers.without(m.from).is_empty()
            || (self.rules.royals_apart && self.next_to_enemy_royal(pos, m.to, them)))
    }

    /// [`Verdict::Sail`], for the lone royal piece of the mover (a trial otherwise).
    fn sail_safe(&self, pos: &Pos<W>, s: &Safety<W>, m: &Move) -> bool {
        let st = &pos.st;
        let us = st.side;
        let them = us.opponent();
        let Some(royal) = pos.sets.of_kinds(us, self.rules.royal_kinds).single() else {
            return self.legal_after(pos, m);
        };
        if s.test_all {
            return self.legal_after(pos, m);
        }
        let occ = vacate(st, st.blockers(), m.from).with(m.to);
        // Without a check, a pin through `from` or another layer, the pieces elsewhere
        // cannot reach the royal piece after the sail: the new blocker on `to` only blocks.
        let settled = !s.check && !s.critical.has(m.from) && self.rules.layers.is_none();
        if !settled {
            let elsewhere = self.attackers_of::<false>(pos, occ, royal, them, KindSet::ALL);
            if !elsewhere.without(m.from).is_empty() {
                return false;
            }
        }
        let aboard = pos.slots[m.from.index()].crew.kinds_of(them);
        !aboard.iter().any(|kind| {
            self.piece_reach(&pos.sets, kind, m.to, them, occ, false)
                .1
                .has(royal)
        })
    }

    fn next_to_enemy_royal(&self, pos: &Pos<W>, cell: Cell, them: Color) -> bool {
        let topo = &self.rules.topology;
        pos.sets
            .of_kinds(them, self.rules.royal_kinds)
            .cells()
            .any(|k| topo.king_step_apart(k, cell))
    }

    /// The trial: `m` made on an overlay of `pos`, and the royal pieces looked at.
    pub(crate) fn legal_after(&self, pos: &Pos<W>, m: &Move) -> bool {
        let r = self.rules;
        let us = pos.st.side;
        // Facing royal pieces under `must-break`: the side may pass even in check.
        if m.kind == MoveKind::Pass
            && r.royals_facing == Some(FacingRule::MustBreak)
            && self.royals_face(pos)
        {
            return true;
        }
        let mut t = Trial::new(pos);
        self.apply(&mut t, m);
        let guard = r.end.royal == RoyalRule::Checkmate;
        if guard {
            let before = pos.sets.of_kinds(us, r.royal_kinds).count();
            let after = t.sets().of_kinds(us, r.royal_kinds);
            if after.count() < before {
                return false;
            }
            // A move that blows up an enemy royal piece wins, whatever it leaves attacked.
            if !self.blew_up_enemy_royal(pos, &t) && self.royal_attacked(&t, us) {
                return false;
            }
            if let Some(rule) = r.royals_facing {
                // Forbidden: never left facing. Must break: not facing still, if the turn
                // started so.
                let stays = match rule {
                    FacingRule::Forbidden => true,
                    FacingRule::MustBreak => self.royals_face(pos),
                };
                if stays && self.royals_face(&t) {
                    return false;
                }
            }
        }
        !(r.royals_apart && self.royals_adjacent(&t))
    }

    /// Whether `m` (pseudo-legal in `pos`) is legal, given `s`.
    #[inline]
    pub(crate) fn judge(&self, pos: &Pos<W>, s: &Safety<W>, m: &Move) -> bool {
        match self.verdict(pos, s, m) {
            Verdict::Legal => true,
            Verdict::Illegal => false,
            Verdict::RoyalStep => self.royal_step_safe(pos, m),
            Verdict::CrewStep => self.crew_step_safe(pos, m),
            Verdict::SailStep => self.sail_step_safe(pos, m),
            Verdict::Castle => self.castle_safe(pos, m),
            Verdict::Sail => self.sail_safe(pos, s, m),
            Verdict::Trial => self.legal_after(pos, m),
        }
    }
}

/// `occ` with the piece on `cell` gone: a blocking marker there stays and still blocks.
fn vacate<const W: usize>(st: &St<W>, occ: Bits<W>, cell: Cell) -> Bits<W> {
    if st.blocking.has(cell) {
        occ
    } else {
        occ.without(cell)
    }
}
