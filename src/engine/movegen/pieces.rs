//! Moves of pieces standing on their own cells: leaps, conditional moves (lame leaps, paths,
//! `j` jumps), rides and hops, en passant and promotion.

use crate::rules::{Color, Kind, MAX_KINDS};
use crate::types::bitboard::{Bits, Cell};

use super::super::board::PieceSets;
use super::super::{Engine, Move, MoveKind};
use super::{Out, Sink};
use crate::rules::tables::{Hop, KindFacts, Lines, PieceTables, Ride};

/// The cells a line move from `from` can arrive on (empty cells and the capture cell), given
/// the occupancy; `unhoppable` holds the pieces a hop may not go over (`cannot_hop:`).
#[inline]
pub(crate) fn line_targets<const W: usize>(
    lines: &Lines<W>,
    ride: &Ride<W>,
    from: Cell,
    occ: Bits<W>,
    unhoppable: Bits<W>,
) -> Bits<W> {
    let reach = ride.extent.at(lines, ride.line, from);
    match ride.hop {
        Hop::None => lines.slide(ride.line, reach, occ),
        Hop::Cannon => {
            let Some(screen) = lines.nearest(ride.line, reach & occ) else {
                return Bits::EMPTY;
            };
            if unhoppable.has(screen) {
                return Bits::EMPTY;
            }
            let beyond = reach & lines.ray(ride.line, screen);
            lines.slide(ride.line, beyond, occ)
        }
        Hop::Grasshopper => {
            let Some(hurdle) = lines.nearest(ride.line, reach & occ) else {
                return Bits::EMPTY;
            };
            if unhoppable.has(hurdle) {
                return Bits::EMPTY;
            }
            match lines.next(ride.line, hurdle) {
                Some(landing) => Bits::from_cell(landing),
                None => Bits::EMPTY,
            }
        }
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Where a piece of `kind` and `us` on `from` could go without capturing and where it
    /// could capture, given the occupancy `occ` (which blocks lines and paths), whoever
    /// stands on the targets: a line reaches up to and including its first occupied cell in
    /// both sets. `unmoved` adds its first-move components. `sets` tells the kinds on the
    /// board, for `cannot_hop:` and `cannot_capture:`.
    #[inline(always)]
    pub(crate) fn piece_reach(
        &self,
        sets: impl PieceSets<W>,
        kind: Kind,
        from: Cell,
        us: Color,
        occ: Bits<W>,
        unmoved: bool,
    ) -> (Bits<W>, Bits<W>) {
        let t = &self.t.pieces[us.index()][kind.index()];
        let facts = &self.t.kinds[kind.index()];
        self.reach_of::<false>(sets, t, facts, from, us, occ, unmoved)
    }

    /// [`Self::piece_reach`] of the kind whose tables and facts are `t` and `facts` (looked
    /// up once per kind by the generator, not once per piece); `PLAIN` when its facts say
    /// `plain` (its hop and capture limits then known empty, their tests compiled out).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn reach_of<const PLAIN: bool>(
        &self,
        sets: impl PieceSets<W>,
        t: &PieceTables<W>,
        facts: &KindFacts,
        from: Cell,
        us: Color,
        occ: Bits<W>,
        unmoved: bool,
    ) -> (Bits<W>, Bits<W>) {
        let f = from.index();
        let leaps = &t.leaps[f];
        let mut quiet = leaps.quiet;
        let mut reach = leaps.capture;
        let first_move = unmoved && facts.first_move;
        if first_move {
            quiet |= leaps.initial_quiet;
            reach |= leaps.initial_capture;
        }
        if t.has_conditional {
            for c in &t.conditional[f] {
                if (!c.initial || first_move) && c.open(occ) {
                    if c.mode.quiet() {
                        quiet = quiet.with(c.to);
                    }
                    if c.mode.capture() {
                        reach = reach.with(c.to);
                    }
                }
            }
        }
        let lines = &self.t.lines;
        // One accumulator for the plain rides (both quiet and capturing), kept in a
        // register rather than two sets updated per line.
        let mut slid = Bits::EMPTY;
        for &line in &t.plain_rides {
            slid |= lines.slide(line, lines.ray(line, from), occ);
        }
        quiet |= slid;
        reach |= slid;
        for ride in t.other_rides.iter().map(|&i| &t.rides[i]) {
            if ride.initial && !first_move {
                continue;
            }
            let unhoppable = if PLAIN || ride.cannot_hop.is_empty() {
                Bits::EMPTY
            } else {
                sets.of_kinds(Color::White, ride.cannot_hop)
                    | sets.of_kinds(Color::Black, ride.cannot_hop)
            };
            let targets = line_targets(lines, ride, from, occ, unhoppable);
            if ride.mode.quiet() {
                quiet |= targets;
            }
            if ride.mode.capture() {
                reach |= targets;
            }
        }
        if !PLAIN {
            let spared = facts.cannot_capture;
            if !spared.is_empty() {
                reach &= !sets.of_kinds(us.opponent(), spared);
            }
        }
        (quiet, reach)
    }

    /// Whether a piece of `kind` and `color` could go from `from` to `to` by its own
    /// movement on some board, whatever stands in the way (castling aside).
    pub(crate) fn could_move(&self, kind: Kind, color: Color, from: Cell, to: Cell) -> bool {
        let t = &self.t.pieces[color.index()][kind.index()];
        let f = from.index();
        let l = &t.leaps[f];
        (l.quiet | l.capture | l.initial_quiet | l.initial_capture).has(to)
            || t.conditional[f].iter().any(|c| c.to == to)
            || t.rides
                .iter()
                .any(|r| r.extent.at(&self.t.lines, r.line, from).has(to))
    }

    /// Whether a `kind` piece of `color` on `from` reaches `to` on an empty board by a
    /// non-capturing move.
    pub(crate) fn could_move_quietly(
        &self,
        kind: Kind,
        color: Color,
        from: Cell,
        to: Cell,
    ) -> bool {
        let t = &self.t.pieces[color.index()][kind.index()];
        let f = from.index();
        let l = &t.leaps[f];
        (l.quiet | l.initial_quiet).has(to)
            || t.conditional[f]
                .iter()
                .any(|c| c.to == to && c.mode.quiet())
            || t.rides
                .iter()
                .any(|r| r.mode.quiet() && r.extent.at(&self.t.lines, r.line, from).has(to))
    }

    /// The moves of the side to move's pieces on their own cells.
    pub(crate) fn piece_moves<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let pos = out.pos;
        let us = pos.st.side;
        let setwise = self.setwise_allowed(out);
        if let Some(allowed) = setwise {
            self.count_filled_lines(out, out.s.critical, allowed);
        }
        let en_passant = pos.st.ep_victim.is_some();
        for (k, facts) in self.t.kinds.iter().enumerate() {
            let mut cells = pos.sets.0[us.index()][k] & out.gen.from;
            if cells.is_empty() {
                continue;
            }
            let kind = Kind::new(k as u8);
            let tables = &self.t.pieces[us.index()][k];
            if let (Some(allowed), Some(sw)) = (setwise, &tables.setwise) {
                // En passant is listed piece by piece, with the kind's other moves.
                if !(en_passant && facts.en_passant) {
                    let free = cells & !out.s.critical;
                    self.count_setwise(out, kind, facts, tables, sw, free, allowed);
                    // Pinned pieces' moves are judged piece by piece.
                    cells &= out.s.critical;
                    if cells.is_empty() {
                        if out.sink.full() {
                            return;
                        }
                        continue;
                    }
                }
            }
            // Most kinds of most games have none of the position-dependent rules: their
            // tests are compiled out of the hot loop.
            if facts.plain {
                self.kind_moves::<K, true>(out, kind, facts, cells);
            } else {
                self.kind_moves::<K, false>(out, kind, facts, cells);
            }
            if out.sink.full() {
                return;
            }
        }
    }

    /// The moves of the side to move's pieces of `kind` on `cells`; `PLAIN` as the kind's
    /// `facts` say.
    #[inline(always)]
    fn kind_moves<K: Sink, const PLAIN: bool>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        kind: Kind,
        facts: &KindFacts,
        cells: Bits<W>,
    ) {
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let them = us.opponent();
        let occ = st.blockers();
        let occupied = st.occupied();
        // Walls take no piece: a quiet move stops short of them as of a piece.
        let closed = if self.rules.walls.is_some() {
            occ
        } else {
            occupied
        };
        // The kind's tables, read once for all its pieces.
        let tables = &self.t.pieces[us.index()][kind.index()];
        let hunts = facts.hunts;
        let zone = self.t.promotion_zone[us.index()][kind.index()];
        let mut open = [kind; MAX_KINDS];
        let (forced, choices, enemy) = if PLAIN {
            // Only a kind that may promote here reads its choices.
            let choices = if zone.is_empty() {
                &[][..]
            } else {
                self.promotion_choices(kind, us)
            };
            (zone, choices, st.by_color[them.index()])
        } else {
            let choices = if facts.limited_promotion {
                self.open_choices(pos, kind, us, &mut open)
            } else {
                self.promotion_choices(kind, us)
            };
            // A mutually immune kind does not capture its own kind.
            let mut enemy = st.by_color[them.index()];
            if self.rules.mutually_immune.has(kind) {
                enemy &= !pos.sets.of(them, kind);
            }
            (self.forced_promotion(kind, us, zone), choices, enemy)
        };
        let under_enemy = pos.extra.under[them.index()];
        let ep = facts.en_passant && st.ep_victim.is_some();
        let kind_promo = Promo {
            zone,
            forced,
            choices,
        };
        let ours = st.by_color[us.index()];
        for from in cells {
            // A leaper hemmed in by its own side (a pawn behind a pawn) has nothing to look at.
            if (tables.destinations[from.index()] & !ours).is_empty() {
                continue;
            }
            // An optional promotion is open to every move from the zone.
            let widened;
            let promo = if !PLAIN && facts.optional_promotion && zone.has(from) {
                widened = Promo {
                    zone: self.t.all,
                    ..kind_promo
                };
                &widened
            } else {
                &kind_promo
            };
            let zone = promo.zone;
            let (quiet, reach) = self.reach_of::<PLAIN>(
                &pos.sets,
                tables,
                facts,
                from,
                us,
                occ,
                st.unmoved.has(from),
            );
            let mut captures = reach & enemy;
            if hunts {
                captures |= reach & under_enemy & !occupied;
            }
            let mut quiet = quiet & !closed & !captures;
            let quiet_unpromoted =
                facts.promotes_on_capture || (facts.promotes_entering && kind_promo.zone.has(from));
            if !PLAIN && quiet_unpromoted {
                // Its quiet moves (here) never promote: emitted apart, off the hot path.
                if !out.gen.noisy {
                    self.emit_unpromoted(out, kind, from, quiet);
                }
                quiet = Bits::EMPTY;
            } else if out.gen.noisy {
                quiet &= zone;
            }
            self.emit_targets::<K, PLAIN>(out, kind, facts, from, quiet | captures, promo);
            if ep && reach.intersects(st.ep_targets) {
                self.en_passant_moves(out, kind, from, reach, promo);
            }
            if !PLAIN && tables.has_legs {
                self.two_leg_moves(out, kind, facts, tables, from, promo);
            }
            if out.sink.full() {
                return;
            }
        }
    }

    /// The quiet moves of a piece that promotes only by capturing (`on_capture`).
    #[cold]
    #[inline(never)]
    fn emit_unpromoted<K: Sink>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        kind: Kind,
        from: Cell,
        quiet: Bits<W>,
    ) {
        let facts = &self.t.kinds[kind.index()];
        self.emit_targets::<K, false>(out, kind, facts, from, quiet, &Promo::NONE);
    }

    /// Emits the plain moves of the piece of `kind` on `from` (`facts` describe it) to
    /// `targets`, counting them in bulk when the sink counts and none can expose a royal
    /// piece nor give a check the rules forbid. `PLAIN` as the kind's `facts` say.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn emit_targets<K: Sink, const PLAIN: bool>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        kind: Kind,
        facts: &KindFacts,
        from: Cell,
        targets: Bits<W>,
        promo: &Promo<'_, W>,
    ) {
        let zone = promo.zone;
        // The moves still to be emitted one by one, after those counted in bulk.
        let mut each = targets;
        if K::COUNT && out.gen.legal {
            // Under the no-checks rule, the arrivals that may give check are judged one by
            // one; the others are counted with the rest.
            let judged = out
                .checks
                .map_or(Bits::EMPTY, |look| targets & look.unsure(kind, from, zone));
            let targets = targets & !judged;
            let s = out.s;
            let special = if s.guard { s.special } else { Bits::EMPTY };
            if s.guard
                && facts.royal
                && !s.test_all
                && !targets.intersects(zone)
                && !s.critical.has(from)
                && !s.royal_trial
            {
                // The royal piece: each destination judged with it lifted.
                let n = (targets & !special)
                    .cells()
                    .filter(|&to| self.royal_step_safe_to(out.pos, from, to))
                    .count();
                out.sink.add(n);
                each = (targets & special) | judged;
            } else {
                let bulk = if !s.guard {
                    (!facts.royal || !s.apart).then_some(Bits::ALL)
                } else if facts.royal || facts.promotes_to_royal {
                    None
                } else {
                    s.allowed(from, Bits::ALL)
                };
                if let Some(allowed) = bulk {
                    let easy = targets & allowed & !special;
                    let mut n = easy.count() as usize;
                    // Each arrival in the zone counts once per open choice (a plain kind's
                    // are fixed: its extra choices are in its facts).
                    if PLAIN {
                        let extra = facts.extra_choices[out.pos.st.side.index()];
                        if extra > 0 {
                            n += (easy & zone).count() as usize * extra as usize;
                        }
                    } else {
                        let promoting = (easy & zone).count() as usize;
                        n = n + promoting * promo.choices.len() - promoting;
                    }
                    if !PLAIN && facts.optional_promotion {
                        // Staying unpromoted, where that is allowed.
                        n += (easy & zone & !promo.forced).count() as usize;
                    }
                    out.sink.add(n);
                    each = (targets & special) | judged;
                }
            }
        }
        if each.is_empty() {
            return;
        }
        for to in each {
            self.emit_with_promotions(out, self.plain(out.pos, from, to), promo);
        }
    }

    /// The cells where a promotion of `kind` is forced: its whole zone, or for an optional
    /// promotion the cells from which it could never move again.
    #[inline]
    fn forced_promotion(&self, kind: Kind, us: crate::rules::Color, zone: Bits<W>) -> Bits<W> {
        if !self.t.kinds[kind.index()].optional_promotion {
            return zone;
        }
        self.rules.pieces[kind.index()]
            .promotion
            .as_ref()
            .map_or(zone, |p| p.forced[us.index()].resize())
    }

    /// The kinds a piece of `kind` and side `us` may promote to (none without promotion).
    #[inline]
    fn promotion_choices(&self, kind: Kind, us: Color) -> &[Kind] {
        self.rules.pieces[kind.index()]
            .promotion
            .as_ref()
            .map_or(&[][..], |p| &p.choices[us.index()][..])
    }

    /// The choices of [`Self::promotion_choices`] still open in `pos` under the promotion's
    /// `limit` (fewer pieces of the kind on the board than the limit), written into `buf`.
    fn open_choices<'b>(
        &self,
        pos: &crate::rules::position::Pos<W>,
        kind: Kind,
        us: Color,
        buf: &'b mut [Kind; MAX_KINDS],
    ) -> &'b [Kind] {
        let Some(p) = &self.rules.pieces[kind.index()].promotion else {
            return &buf[..0];
        };
        let mut n = 0;
        for &choice in &p.choices[us.index()] {
            let open = p.limit.iter().all(|&(k, most)| {
                k != choice || (pos.sets.0[us.index()][k.index()].count() as usize) < most as usize
            });
            if open {
                buf[n] = choice;
                n += 1;
            }
        }
        &buf[..n]
    }

    /// Emits `m`, once per promotion choice when it ends in the zone, and unpromoted unless
    /// the promotion is forced there.
    #[inline(always)]
    fn emit_with_promotions<K: Sink>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        m: Move,
        promo: &Promo<'_, W>,
    ) {
        if promo.zone.has(m.to) {
            for &choice in promo.choices {
                out.emit(Move {
                    promotion: Some(choice),
                    ..m
                });
            }
            // Unpromoted, the move is quiet unless it captures: no noisy move.
            if promo.forced.has(m.to) || (out.gen.noisy && !m.is_capture()) {
                return;
            }
        }
        out.emit(m);
    }

    /// The two-leg moves of the piece on `from`: each capture on a first leg's cell with its
    /// second leg, and one pass by an empty neighbour (XBetza's `mab`). A move back to
    /// `from` never promotes.
    #[cold]
    #[inline(never)]
    fn two_leg_moves<K: Sink>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        kind: Kind,
        facts: &KindFacts,
        t: &PieceTables<W>,
        from: Cell,
        promo: &Promo<'_, W>,
    ) {
        let pos = out.pos;
        let st = &pos.st;
        let us = st.side;
        let them = us.opponent();
        let piece = crate::types::piece::Piece::new(kind, us);
        let mut enemy = st.by_color[them.index()];
        if self.rules.mutually_immune.has(kind) {
            enemy &= !pos.sets.of(them, kind);
        }
        enemy &= !pos.sets.of_kinds(them, facts.cannot_capture);
        let closed = st.blockers() | st.occupied();
        for leg in &t.legs[from.index()] {
            if !enemy.has(leg.via) {
                continue;
            }
            let taken = pos.slots[leg.via.index()].piece;
            let kind = MoveKind::TwoLegs {
                via: leg.via,
                taken,
            };
            if leg.to == from {
                out.emit(Move {
                    kind,
                    ..Move::new(from, from, piece, None)
                });
                continue;
            }
            let arrives = if enemy.has(leg.to) {
                leg.mode.capture()
            } else {
                leg.mode.quiet() && !closed.has(leg.to)
            };
            if arrives {
                let m = Move {
                    kind,
                    ..Move::new(from, leg.to, piece, pos.slots[leg.to.index()].piece)
                };
                self.emit_with_promotions(out, m, promo);
            }
        }
        let passes = t.passes[from.index()] & !closed;
        if let (Some(via), false) = (passes.first(), out.gen.noisy) {
            out.emit(Move {
                kind: MoveKind::TwoLegs { via, taken: None },
                ..Move::new(from, from, piece, None)
            });
        }
    }

    fn en_passant_moves<K: Sink>(
        &self,
        out: &mut Out<'_, '_, W, K>,
        kind: Kind,
        from: Cell,
        reach: Bits<W>,
        promo: &Promo<'_, W>,
    ) {
        let st = &out.pos.st;
        let Some(victim) = st.ep_victim else {
            return;
        };
        let piece = crate::types::piece::Piece::new(kind, st.side);
        let captured = out.pos.slots[victim.index()].piece;
        for to in reach & st.ep_targets & !(st.occupied() | out.pos.walls()) {
            let m = Move {
                kind: MoveKind::EnPassant { captured: victim },
                ..Move::new(from, to, piece, captured)
            };
            self.emit_with_promotions(out, m, promo);
        }
    }
}

/// Where a piece's move promotes: ending in `zone`, and only promoted on `forced` (the whole
/// zone unless the promotion is optional), to one of `choices` (those open to the side).
#[derive(Clone, Copy)]
struct Promo<'c, const W: usize> {
    zone: Bits<W>,
    forced: Bits<W>,
    choices: &'c [Kind],
}

impl<const W: usize> Promo<'_, W> {
    /// No promotion.
    const NONE: Promo<'static, W> = Promo {
        zone: Bits::EMPTY,
        forced: Bits::EMPTY,
        choices: &[],
    };
}
