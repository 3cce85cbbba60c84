//! Making a move: its own effects, one function per [`MoveKind`], then the consequences that
//! follow any move, in the fixed order `Engine::consequences` lists, through the primitive
//! effects of `effects` on any [`Board`].

use crate::rules::containers::{Crew, Kinds};
use crate::rules::layers::{Facing, PieceState};
use crate::rules::{Color, Kind, Piece};
use crate::types::bitboard::{Bits, Cell};
use crate::types::rule_enums::{DropMate, FacingRule};

use super::board::{Board, PieceSets, View};
use super::counting::Counted;
use super::effects::{set_en_passant, set_hand, set_side, set_sortie, set_undo_ban};
use super::{Engine, Move, MoveKind};

/// The extra state a turn rewrites: the undo ban, passes in a row, and whether the royals
/// faced, the move was a losing drop and it was a counterstrike.
type TurnExtra = (Option<(Cell, Cell)>, u8, bool, bool, bool);

/// What the move's own effects leave for its consequences.
struct Made<const W: usize> {
    /// The side that moved.
    us: Color,
    /// The unmoved marks before the move: the castling rights step looks at those it cleared.
    unmoved_before: Bits<W>,
    /// Under `must-break`, whether the royal pieces faced each other before the move.
    faced: bool,
    /// The move dropped a piece whose checkmate loses (`mates: loses`).
    losing_drop: bool,
    /// The piece the move itself captured, with its state.
    victim: Option<(Piece, PieceState)>,
    /// The piece a two-leg move captured on its first leg, with its state.
    passed_victim: Option<(Piece, PieceState)>,
    /// Surface cells pieces arrived on: a destroying marker there takes them.
    arrivals: [Option<Cell>; 2],
    /// Whether a piece was taken off (the halfmove clock restarts).
    taken: bool,
    /// Whether the moving pieces restart the halfmove clock.
    resets: bool,
    /// The sail the opponent may not undo next (`no_undo`).
    ban: Option<(Cell, Cell)>,
    /// The cell of the piece that went on a sortie.
    sortie: Option<Cell>,
}

impl<const W: usize> Engine<'_, W> {
    /// Makes `m` on `b`. `m` must be a legal (or at least pseudo-legal) move of `b`'s
    /// position; nothing is checked.
    pub(crate) fn apply(&self, b: &mut impl Board<W>, m: &Move) {
        let r = self.rules;
        let made = &mut Made {
            us: b.st().side,
            unmoved_before: b.st().unmoved,
            faced: r.royals_facing == Some(FacingRule::MustBreak) && self.royals_face(b),
            losing_drop: false,
            victim: None,
            passed_victim: None,
            arrivals: [None; 2],
            taken: false,
            resets: r.pieces[m.piece.kind().index()].resets_halfmove_clock,
            ban: None,
            sortie: None,
        };
        match m.kind {
            MoveKind::Normal => self.make_normal(b, m, made),
            MoveKind::EnPassant { captured } => self.make_en_passant(b, m, captured, made),
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => self.make_castle(b, m, partner_from, partner_to, made),
            MoveKind::Sail { promotions } => self.make_sail(b, m, promotions, made),
            MoveKind::Transfer { group, promotions } => {
                self.make_transfer(b, m, group, promotions, made)
            }
            MoveKind::Plant { marker } => self.make_plant(b, m, marker),
            MoveKind::Remote { remote } => self.make_remote(b, m, remote, made),
            MoveKind::Drop => self.make_drop(b, m, made),
            MoveKind::Dive => self.make_dive(b, m),
            MoveKind::Submerged => self.make_submerged(b, m),
            MoveKind::Surface => self.make_surface(b, m, made),
            MoveKind::TwoLegs { via, .. } => self.make_two_legs(b, m, via, made),
            MoveKind::Return | MoveKind::Pass => {}
        }
        self.consequences(b, m, made);
    }

    /// The consequences of any move, in this order (each step sees what the earlier ones
    /// left; most do nothing unless their rule is in the game):
    ///
    /// 1. `conversion`: a plain move or drop converts enemy pieces around or beyond its
    ///    arrival, before anything else changes the board;
    /// 2. `gating`: a piece from the hand enters on the gate the move vacated;
    /// 3. `wall`: the side puts down its wall;
    /// 4. `explosion`: a capture blows up its arrival's surroundings;
    /// 5. `captured`: the captured piece comes back (a return rule) or goes into the
    ///    capturer's hand, after the blast, which cannot take it again;
    /// 6. `destroying_markers`: a destroying marker takes what arrived on it;
    /// 7. `chance`: the chance event acts on its drawn cell;
    /// 8. `layer_turn` (layer games): the sortie, sonars forcing submerged pieces up, the
    ///    mover's turn counters, the opponent's expired submerged pieces surfacing, sorties
    ///    whose piece is gone ending;
    /// 9. `first_move_losses`: enemy pieces lose first-move rights to the mover's kind;
    /// 10. `castling_rights`: rights that lost their partner to any step above go;
    /// 11. `en_passant_targets`: on the final board (a step above may have taken the piece
    ///     that passed);
    /// 12. `checks`: a check given counts towards `checks_to_win`;
    /// 13. `clocks`: the halfmove clock (restarted when any step took a piece), the
    ///     fullmove number, the undo ban, passes, and the side to move;
    /// 14. `count_after`: the counting rules' count, on the final board.
    // Inlined: a call per move costs 1% of chess perft.
    #[inline(always)]
    fn consequences(&self, b: &mut impl Board<W>, m: &Move, made: &mut Made<W>) {
        self.conversion(b, m, made);
        self.gating(b, m, made);
        self.wall(b, m);
        self.explosion(b, m, made);
        self.captured(b, made);
        self.destroying_markers(b, made);
        self.chance(b, m, made);
        self.layer_turn(b, made);
        self.first_move_losses(b, m);
        self.castling_rights(b, made);
        self.en_passant_targets(b, m);
        self.checks(b, made);
        self.clocks(b, m, made);
        let done = Counted {
            us: made.us,
            taken: made.taken,
            victim: made.victim.map(|(p, _)| p.kind()),
            promoted: m.promotion.is_some(),
        };
        self.count_after(b, done);
    }

    // The move's own effects, one function per kind.

    /// A plain move or capture on `to`.
    #[inline]
    fn make_normal(&self, b: &mut impl Board<W>, m: &Move, made: &mut Made<W>) {
        if let Some(mover) = self.lift(b, m.from) {
            made.victim = self.lift(b, m.to);
            self.land(b, m, mover, made);
        }
    }

    /// An en passant capture: the victim stands on `captured`, not on `to`.
    #[inline]
    fn make_en_passant(&self, b: &mut impl Board<W>, m: &Move, captured: Cell, made: &mut Made<W>) {
        if let Some(mover) = self.lift(b, m.from) {
            made.victim = self.lift(b, captured);
            self.land(b, m, mover, made);
        }
    }

    /// A two-leg move: the piece on `via` (if any) is taken in passing, then the mover
    /// arrives on `to` as on a plain move (back on `from`, capturing nothing there). Cold:
    /// only games with multi-leg moves make one.
    #[cold]
    #[inline(never)]
    fn make_two_legs(&self, b: &mut impl Board<W>, m: &Move, via: Cell, made: &mut Made<W>) {
        if let Some(mover) = self.lift(b, m.from) {
            made.passed_victim = self.lift(b, via);
            made.victim = self.lift(b, m.to);
            self.land(b, m, mover, made);
        }
    }

    /// Castling: the king is lifted, the partner moves, then the king lands (either may land
    /// where the other stood).
    #[inline]
    fn make_castle(
        &self,
        b: &mut impl Board<W>,
        m: &Move,
        partner_from: Cell,
        partner_to: Cell,
        made: &mut Made<W>,
    ) {
        if let Some(king) = self.lift(b, m.from) {
            if let Some((partner, s)) = self.lift(b, partner_from) {
                let s = self.moved_state(partner, s, partner_from, partner_to);
                self.put(b, partner_to, partner, s);
                made.arrivals[1] = Some(partner_to);
            }
            self.land(b, m, king, made);
        }
    }

    /// The lifted mover lands on `to`, promoted when the move promotes it; a hunter there
    /// captures below.
    // Inlined into its three callers, for the same reason as `consequences`.
    #[inline(always)]
    fn land(
        &self,
        b: &mut impl Board<W>,
        m: &Move,
        (piece, state): (Piece, PieceState),
        made: &mut Made<W>,
    ) {
        let (placed, state) = match m.promotion {
            Some(k) => self.promotion(piece, k),
            None => (piece, state),
        };
        let state = self.moved_state(placed, state, m.from, m.to);
        self.put(b, m.to, placed, state);
        made.arrivals[0] = Some(m.to);
        made.taken |= self.hunt(b, placed, m.to);
    }

    /// What `piece` is after promoting to `kind`, with its new state. A kind that exists only
    /// by promotion needs no mark to demote, and one that turns back into its base kind
    /// (Kyoto shogi) demotes.
    fn promotion(&self, piece: Piece, kind: Kind) -> (Piece, PieceState) {
        let r = self.rules;
        let placed = Piece::new(kind, piece.color());
        let state = self.start_state(placed);
        let marked = r.hand.as_ref().is_some_and(|h| h.demote)
            && !r.pieces[kind.index()].promoted
            && !r.pieces[piece.kind().index()].promoted;
        (placed, if marked { state.with_promoted() } else { state })
    }

    /// Container games: the container sails with everything aboard; the mover's pieces
    /// aboard promote on arrival.
    fn make_sail(&self, b: &mut impl Board<W>, m: &Move, promotions: Kinds, made: &mut Made<W>) {
        let us = made.us;
        let crew = b.slot(m.from).crew;
        self.set_crew(b, m.from, Crew::NONE);
        let ours: Kinds = crew
            .pieces()
            .filter(|p| p.color() == us)
            .fold(Kinds::EMPTY, |k, p| k.push(p.kind()));
        made.resets = self.any_resets(ours);
        let mut arrived = crew;
        for (old, new) in self.promoted(ours, us, m.to, promotions) {
            if old != new {
                arrived = arrived.without(old).with(new);
            }
        }
        self.set_crew(b, m.to, arrived);
        made.arrivals[0] = Some(m.to);
        if self.rules.containers.as_ref().is_some_and(|c| c.no_undo) {
            made.ban = Some((m.from, m.to));
        }
    }

    /// Container games: a group of the mover's pieces goes from one container to another,
    /// capturing a crewman there when the move says so.
    fn make_transfer(
        &self,
        b: &mut impl Board<W>,
        m: &Move,
        group: Kinds,
        promotions: Kinds,
        made: &mut Made<W>,
    ) {
        let us = made.us;
        let mut kinds = [Kind::new(0); 8];
        let n = group.len();
        for (slot, k) in kinds.iter_mut().zip(group.iter()) {
            *slot = k;
        }
        kinds[..n].sort_unstable_by(|a, b| b.cmp(a));
        let sorted = kinds[..n].iter().fold(Kinds::EMPTY, |acc, &k| acc.push(k));
        let mut source = b.slot(m.from).crew;
        for k in sorted.iter() {
            source = source.without(Piece::new(k, us));
        }
        self.set_crew(b, m.from, source);
        let mut target = b.slot(m.to).crew;
        if let Some(v) = m.captured {
            target = target.without(v);
            made.victim = Some((v, PieceState::default()));
        }
        made.resets = self.any_resets(sorted);
        for (_, new) in self.promoted(sorted, us, m.to, promotions) {
            target = target.with(new);
        }
        self.set_crew(b, m.to, target);
        made.arrivals[0] = Some(m.to);
    }

    /// Whether any of `kinds` restarts the halfmove clock when it moves.
    fn any_resets(&self, kinds: Kinds) -> bool {
        kinds
            .iter()
            .any(|k| self.rules.pieces[k.index()].resets_halfmove_clock)
    }

    /// Layer games: the piece plants a marker on its cell, spending its planting ammunition.
    fn make_plant(&self, b: &mut impl Board<W>, m: &Move, marker: u8) {
        if let Some((_, slot)) = self.kind_layers(m.piece.kind()).and_then(|k| k.plant) {
            self.spend_ammo(b, m.from, slot as usize);
        }
        self.set_marker(b, m.from, marker, m.piece.color());
    }

    /// Layer games: the piece captures on `to` without moving, spending ammunition; a remote
    /// capture that sorties puts the piece on a sortie.
    fn make_remote(&self, b: &mut impl Board<W>, m: &Move, remote: u8, made: &mut Made<W>) {
        made.victim = self.lift(b, m.to);
        if let Some(rm) = self
            .kind_layers(m.piece.kind())
            .and_then(|k| k.remote.get(remote as usize))
        {
            if let Some(slot) = rm.ammo {
                self.spend_ammo(b, m.from, usize::from(slot));
            }
            if rm.sortie {
                made.sortie = Some(m.from);
            }
        }
    }

    /// The piece on `cell` has one round less in its ammunition `slot`.
    fn spend_ammo(&self, b: &mut impl Board<W>, cell: Cell, slot: usize) {
        let state = b.slot(cell).state;
        let left = state.ammo(slot).saturating_sub(1);
        self.set_state(b, cell, state.with_ammo(slot, left));
    }

    /// A drop from the hand (turned over: the held piece's promotion is placed); it may count
    /// as unmoved and gain castling rights.
    fn make_drop(&self, b: &mut impl Board<W>, m: &Move, made: &mut Made<W>) {
        let r = self.rules;
        let z = &r.zobrist;
        let us = made.us;
        if !r.hand.as_ref().is_some_and(|h| h.unlimited) {
            let held = b.held(m.piece);
            set_hand(b, z, m.piece, held.saturating_sub(1));
        }
        let placed = m.promotion.map_or(m.piece, |k| Piece::new(k, us));
        made.losing_drop = r.pieces[m.piece.kind().index()]
            .drop
            .as_ref()
            .is_some_and(|d| d.mates == DropMate::Loses);
        self.put(b, m.to, placed, self.start_state(placed));
        let mut unmoved = b.st().unmoved;
        if self.dropped_unmoved(placed, m.to) {
            unmoved = unmoved.with(m.to);
        }
        if r.castling.as_ref().is_some_and(|c| c.drop_rights.is_some()) {
            unmoved |= self.dropped_castling_rights(b, placed, m.to);
        }
        if unmoved != b.st().unmoved {
            super::effects::set_unmoved(b.st_mut(), z, unmoved);
        }
        made.arrivals[0] = Some(m.to);
    }

    /// Layer games: the piece dives under `to`, to stay there as long as its surface turns
    /// allow.
    fn make_dive(&self, b: &mut impl Board<W>, m: &Move) {
        if let Some((piece, state)) = self.lift(b, m.from) {
            let under = self
                .kind_layers(piece.kind())
                .and_then(|k| k.submerge)
                .map_or(0, |s| s.turns_under(state.surfaced()));
            let state = state.with_surfaced(0).with_submerged(under);
            self.put_under(b, m.to, piece, state);
        }
    }

    /// Layer games: a submerged piece moves under water.
    fn make_submerged(&self, b: &mut impl Board<W>, m: &Move) {
        if let Some((piece, state)) = self.take_under(b, m.from) {
            self.put_under(b, m.to, piece, state);
        }
    }

    /// Layer games: a submerged piece surfaces on `to`, capturing what stands there.
    fn make_surface(&self, b: &mut impl Board<W>, m: &Move, made: &mut Made<W>) {
        if let Some((piece, state)) = self.take_under(b, m.from) {
            made.victim = self.lift(b, m.to);
            self.put(b, m.to, piece, state.with_surfaced(0).with_submerged(0));
            made.arrivals[0] = Some(m.to);
        }
    }

    // The consequences, in the order of `consequences`.

    /// Enemy pieces converted around or beyond a plain move's or a drop's arrival.
    #[inline]
    fn conversion(&self, b: &mut impl Board<W>, m: &Move, made: &Made<W>) {
        if let Some(c) = &self.rules.convert {
            if matches!(m.kind, MoveKind::Normal | MoveKind::Drop) {
                self.convert(b, c, m.to, made.us);
            }
        }
    }

    /// A piece from the hand entering on the gate the move opened.
    #[inline]
    fn gating(&self, b: &mut impl Board<W>, m: &Move, made: &Made<W>) {
        if let Some(gate) = m.gate {
            self.gate_in(b, made.us, gate);
        }
    }

    /// The wall the side puts down.
    #[inline]
    fn wall(&self, b: &mut impl Board<W>, m: &Move) {
        if let (Some(cell), Some(w)) = (m.wall, &self.rules.walls) {
            self.put_wall(b, cell, w.keep_last);
        }
    }

    /// A capture's explosion around the arrival.
    #[inline]
    fn explosion(&self, b: &mut impl Board<W>, m: &Move, made: &Made<W>) {
        if let (Some(_), Some(x)) = (made.victim, &self.rules.explosion) {
            self.explode(b, x, m.to);
        }
    }

    /// The captured piece returns to the board under a return rule, or else goes into the
    /// capturer's hand where captures do.
    #[inline]
    fn captured(&self, b: &mut impl Board<W>, made: &mut Made<W>) {
        if let Some(passed) = made.passed_victim {
            self.take(b, made, passed);
        }
        if let Some(victim) = made.victim {
            self.take(b, made, victim);
        }
    }

    /// One captured piece: back to the board under a return rule, or into the hand.
    #[inline]
    fn take(&self, b: &mut impl Board<W>, made: &mut Made<W>, (v, state): (Piece, PieceState)) {
        made.taken = true;
        if !self.return_captured(b, v) {
            self.put_in_hand(b, made.us, v, state);
        }
    }

    /// Destroying markers take what arrived on them (they exist only in layer games).
    #[inline]
    fn destroying_markers(&self, b: &mut impl Board<W>, made: &mut Made<W>) {
        if self.rules.layers.is_some() {
            for cell in made.arrivals.into_iter().flatten() {
                made.taken |= self.enter_marker(b, cell);
            }
        }
    }

    /// The chance event acting on its drawn cell.
    #[inline]
    fn chance(&self, b: &mut impl Board<W>, m: &Move, made: &mut Made<W>) {
        if let Some(cell) = m.outcome {
            made.taken |= self.apply_outcome(b, m, cell);
        }
    }

    /// Layer games, the end of the turn: the mover's sortie, sonars, the mover's turn
    /// counters, the opponent's expired submerged pieces surfacing, lost sorties ending.
    #[inline]
    fn layer_turn(&self, b: &mut impl Board<W>, made: &mut Made<W>) {
        if self.rules.layers.is_some() {
            let us = made.us;
            if b.extra().sortie[us.index()] != made.sortie {
                set_sortie(b.extra_mut(), &self.rules.zobrist, us, made.sortie);
            }
            made.taken |= self.sonar(b);
            self.count_turn(b, us);
            made.taken |= self.surface_expired(b, us.opponent());
            self.end_lost_sorties(b);
        }
    }

    /// First-move rights the enemy loses to the mover's kind (`loses_first_move_to:`).
    #[inline]
    fn first_move_losses(&self, b: &mut impl Board<W>, m: &Move) {
        if self.rules.first_move_losses {
            self.lose_first_moves(b, m);
        }
    }

    /// When the steps above cleared unmoved marks, castling rights that lost their partner
    /// go too.
    #[inline]
    fn castling_rights(&self, b: &mut impl Board<W>, made: &Made<W>) {
        let cleared = made.unmoved_before & !b.st().unmoved;
        if !cleared.is_empty() && (self.rules.castling.is_some() || self.t.gating) {
            let unmoved = self.without_orphaned_castlers(b, b.st().unmoved);
            super::effects::set_unmoved(b.st_mut(), &self.rules.zobrist, unmoved);
        }
    }

    /// The en passant targets the move leaves.
    #[inline]
    fn en_passant_targets(&self, b: &mut impl Board<W>, m: &Move) {
        let (targets, victim) = self.en_passant_after(b, m);
        set_en_passant(b.st_mut(), &self.rules.zobrist, targets, victim);
    }

    /// A check given counts towards `checks_to_win`.
    #[inline]
    fn checks(&self, b: &mut impl Board<W>, made: &Made<W>) {
        let us = made.us;
        if self.rules.end.checks_to_win > 0 && self.royal_attacked(b, us.opponent()) {
            let z = &self.rules.zobrist;
            let (st, x) = b.extra_mut();
            let n = x.checks[us.index()];
            st.hash ^= z.checks(us, n) ^ z.checks(us, n.saturating_add(1));
            x.checks[us.index()] = n.saturating_add(1);
        }
    }

    /// The clocks, the undo ban (lapsed when the sailed ship lost its crew on arrival: it
    /// cannot be sailed back), passes, the royals' facing, and the side to move.
    #[inline]
    fn clocks(&self, b: &mut impl Board<W>, m: &Move, made: &Made<W>) {
        let z = &self.rules.zobrist;
        let us = made.us;
        let ban = made.ban.filter(|&(_, to)| !b.slot(to).crew.is_empty());
        let passes = if m.kind == MoveKind::Pass {
            (b.extra().passes + 1).min(2)
        } else {
            0
        };
        let counterstrike = self.rules.trading.is_some() && self.counterstrike(m, made);
        let turn = (ban, passes, made.faced, made.losing_drop, counterstrike);
        self.set_turn_extra(b, turn);
        let st = b.st_mut();
        st.halfmove = if made.taken || made.resets {
            0
        } else {
            st.halfmove.saturating_add(1)
        };
        if us == Color::Black {
            st.fullmove = st.fullmove.saturating_add(1);
        }
        set_side(st, z, us.opponent());
    }

    /// Sets the extra state a turn rewrites: `(undo ban, passes, faced, losing drop,
    /// counterstrike)`. Only a change saves it, so games without these rules never do.
    #[inline]
    fn set_turn_extra(&self, b: &mut impl Board<W>, turn: TurnExtra) {
        let x = b.extra();
        let (ban, passes, faced, losing_drop, counterstrike) = turn;
        if (
            x.undo_ban,
            x.passes,
            x.faced,
            x.losing_drop,
            x.counterstrike,
        ) == turn
        {
            return;
        }
        let z = &self.rules.zobrist;
        let (st, x) = b.extra_mut();
        set_undo_ban((&mut *st, &mut *x), z, ban);
        x.passes = passes;
        x.faced = faced;
        x.losing_drop = losing_drop;
        if x.counterstrike != counterstrike {
            st.hash ^= z.counterstrike;
            x.counterstrike = counterstrike;
        }
    }

    /// Whether `m` captured a piece the trading rules protect with a piece of another kind,
    /// under `counterstrike`.
    #[inline]
    fn counterstrike(&self, m: &Move, made: &Made<W>) -> bool {
        self.rules.trading.as_ref().is_some_and(|t| {
            t.counterstrike
                && !t.kinds.has(m.piece.kind())
                && made
                    .victim
                    .into_iter()
                    .chain(made.passed_victim)
                    .any(|(v, _)| t.kinds.has(v.kind()))
        })
    }

    /// A null move: the turn passes, en passant targets and a no-undo ban lapse, the clocks
    /// advance; nothing else happens (no turn counters, no consequences).
    pub(crate) fn apply_null(&self, b: &mut impl Board<W>) {
        let z = &self.rules.zobrist;
        self.set_turn_extra(b, (None, 0, false, false, false));
        let st = b.st_mut();
        let us = st.side;
        set_en_passant(st, z, Bits::EMPTY, None);
        st.halfmove = st.halfmove.saturating_add(1);
        if us == Color::Black {
            st.fullmove = st.fullmove.saturating_add(1);
        }
        set_side(st, z, us.opponent());
    }

    /// The en passant targets after `m`: the cells a piece taking part in en passant passed
    /// with a plain move (within its en passant zone), when an enemy piece could capture on
    /// one of them, so that equal positions hash equally.
    fn en_passant_after(&self, b: &impl View<W>, m: &Move) -> (Bits<W>, Option<Cell>) {
        let none = (Bits::EMPTY, None);
        let kind = &self.rules.pieces[m.piece.kind().index()];
        if !kind.en_passant || m.captured.is_some() || m.kind != MoveKind::Normal {
            return none;
        }
        // The dice or a marker may have taken the piece that passed.
        if b.slot(m.to).piece != Some(m.piece) {
            return none;
        }
        let us = m.piece.color();
        let zone = kind
            .en_passant_zone
            .map_or(!Bits::EMPTY, |z| z[us.index()].resize());
        let passed = self.passed_cells(m.from, m.to) & zone;
        let them = us.opponent();
        if passed
            .cells()
            .any(|c| self.attacked_by(b, b.st().blockers(), c, them, self.rules.en_passant_kinds))
        {
            (passed, Some(m.to))
        } else {
            none
        }
    }

    /// The cells strictly between `from` and `to` when they lie on one of the board's
    /// straight lines (rank, file or diagonal); empty otherwise or when they are adjacent.
    pub(crate) fn passed_cells(&self, from: Cell, to: Cell) -> Bits<W> {
        let topo = &self.rules.topology;
        let Some(((sx, sy), n)) = topo.line_to(from, to) else {
            return Bits::EMPTY;
        };
        // Stepped cell by cell (a hole in the board ends the line).
        topo.ray(from, sx, sy)
            .take((n as usize).saturating_sub(1))
            .collect()
    }

    /// The state a new piece starts with (full ammunition, facing forward).
    pub(crate) fn start_state(&self, piece: Piece) -> PieceState {
        self.rules
            .layers
            .as_ref()
            .map_or(PieceState::default(), |l| {
                l.start_state(piece.kind(), piece.color())
            })
    }

    pub(crate) fn kind_layers(&self, kind: Kind) -> Option<&crate::rules::layers::KindLayers> {
        self.rules.layers.as_ref().map(|l| &l.kinds[kind.index()])
    }

    /// A piece's state after it moved from `from` to `to`: facing the move's direction when
    /// it is straight, ammunition refilled in its reload cells.
    fn moved_state(&self, piece: Piece, mut state: PieceState, from: Cell, to: Cell) -> PieceState {
        let Some(k) = self.kind_layers(piece.kind()) else {
            return state;
        };
        if k.facing {
            let topo = &self.rules.topology;
            let (fx, fy) = topo.coords(from);
            let (tx, ty) = topo.coords(to);
            if let Some(f) = Facing::of_move(tx as i32 - fx as i32, ty as i32 - fy as i32) {
                state = state.with_facing(f);
            }
        }
        for (slot, a) in k.ammo.iter().enumerate() {
            if a.reload[piece.color().index()].has(to) {
                state = state.with_ammo(slot, a.count);
            }
        }
        state
    }

    /// The pieces of `moved` (kinds of `color`, largest first) arriving on `to`, each with
    /// what it is there: those that promote take the `promotions` in order.
    fn promoted(
        &self,
        moved: Kinds,
        color: Color,
        to: Cell,
        promotions: Kinds,
    ) -> impl Iterator<Item = (Piece, Piece)> + '_ {
        let mut choices = promotions.iter();
        moved.iter().map(move |k| {
            let old = Piece::new(k, color);
            let promotes = self.t.promotion_zone[color.index()][k.index()].has(to);
            match promotes.then(|| choices.next()).flatten() {
                Some(new) => (old, Piece::new(new, color)),
                None => (old, old),
            }
        })
    }

    /// A hunter arriving on `cell` captures an enemy submerged piece there. Returns whether
    /// it did.
    fn hunt(&self, b: &mut impl Board<W>, piece: Piece, cell: Cell) -> bool {
        if !self
            .kind_layers(piece.kind())
            .is_some_and(|k| k.hunts_submerged)
        {
            return false;
        }
        if b.slot(cell)
            .under
            .is_some_and(|u| u.color() != piece.color())
        {
            self.take_under(b, cell);
            return true;
        }
        false
    }

    /// Whether `color` has a piece of `kind` on the board (on the surface or submerged).
    fn has_piece(&self, b: &impl View<W>, color: Color, kind: Kind) -> bool {
        !b.sets().of(color, kind).is_empty()
            || b.extra().under[color.index()]
                .cells()
                .any(|c| b.slot(c).under.is_some_and(|p| p.kind() == kind))
    }

    /// A captured piece under a return rule comes back when its owner has no other piece of
    /// its type: on the first cell of its order where it can stand (an empty cell; in a
    /// container game a container with room), or nowhere when there is none. Returns whether
    /// it came back.
    fn return_captured(&self, b: &mut impl Board<W>, victim: Piece) -> bool {
        let r = self.rules;
        let (owner, kind) = (victim.color(), victim.kind());
        let Some(rule) = r
            .returns
            .iter()
            .find(|rule| self.piece_of(b.extra(), rule.piece, owner) == Some(kind))
        else {
            return false;
        };
        if self.has_piece(b, owner, kind) {
            return false;
        }
        let containers = r.containers.is_some();
        let place = rule.order[owner.index()][kind.index()]
            .iter()
            .copied()
            .find(|&c| {
                let slot = b.slot(c);
                if containers {
                    slot.crew.is_container() && slot.crew.len() < self.capacity(slot.crew)
                } else {
                    slot.piece.is_none()
                }
            });
        let Some(cell) = place else {
            return false;
        };
        if containers {
            let crew = b.slot(cell).crew.with(victim);
            self.set_crew(b, cell, crew);
        } else {
            self.put(b, cell, victim, self.start_state(victim));
        }
        true
    }

    /// A piece `capturer` captured goes into its hand, demoted if it had promoted, where the
    /// rules say so (a piece of the capturer's own side, where one may be taken, too).
    fn put_in_hand(
        &self,
        b: &mut impl Board<W>,
        capturer: Color,
        victim: Piece,
        state: PieceState,
    ) {
        let Some(hand) = self.rules.hand.as_ref().filter(|h| h.captures_to_hand) else {
            return;
        };
        let promoted = state.promoted() || self.rules.pieces[victim.kind().index()].promoted;
        let kind = if hand.demote && promoted {
            hand.demotion[victim.kind().index()]
        } else {
            victim.kind()
        };
        let piece = Piece::new(kind, capturer);
        let held = b.held(piece);
        set_hand(b, &self.rules.zobrist, piece, held.saturating_add(1));
    }

    /// Gating: a piece of `gate.kind` leaves `us`'s hand and enters on the gate, which the
    /// move has just vacated. It has not stood there since the start, so it opens no gate.
    #[cold]
    fn gate_in(&self, b: &mut impl Board<W>, us: Color, gate: super::Gate) {
        let piece = Piece::new(gate.kind, us);
        let held = b.held(piece);
        set_hand(b, &self.rules.zobrist, piece, held.saturating_sub(1));
        self.put(b, gate.cell, piece, self.start_state(piece));
    }

    /// Whether a piece dropped on `cell` counts as unmoved: it has first-move components
    /// and the start position has the same piece there (as a FEN reads it).
    fn dropped_unmoved(&self, piece: Piece, cell: Cell) -> bool {
        self.rules.pieces[piece.kind().index()].first_move
            && !self.rules.castling_kinds().has(piece.kind())
            && self.rules.start.piece_at(cell) == Some(piece)
    }

    /// The cells whose castling pieces gain castling rights when `piece` is dropped on `to`
    /// (`drop_rights:`): a king dropped on a king home cell, with the partners on partner
    /// home cells of its rank; a partner dropped on a partner home cell, with the king on a
    /// king home cell of its rank. Nothing unless both are there (a lone king has no right).
    fn dropped_castling_rights(&self, b: &impl View<W>, piece: Piece, to: Cell) -> Bits<W> {
        let Some(c) = &self.rules.castling else {
            return Bits::EMPTY;
        };
        let Some(homes) = &c.drop_rights else {
            return Bits::EMPTY;
        };
        let us = piece.color();
        let kind = piece.kind();
        let topo = &self.rules.topology;
        let rank = topo.coords(to).1;
        let on_rank = |cells: Bits<W>| -> Bits<W> {
            cells
                .cells()
                .filter(|&x| topo.coords(x).1 == rank)
                .collect()
        };
        let king_home: Bits<W> = homes.king[us.index()].resize();
        let partner_home: Bits<W> = homes.partners[us.index()].resize();
        if kind == c.king && king_home.has(to) {
            let partners = on_rank(b.sets().of_kinds(us, c.partners) & partner_home);
            if partners.is_empty() {
                return Bits::EMPTY;
            }
            partners.with(to)
        } else if c.partners.has(kind) && partner_home.has(to) {
            let kings = on_rank(b.sets().of(us, c.king) & king_home);
            if kings.is_empty() {
                return Bits::EMPTY;
            }
            kings.with(to)
        } else {
            Bits::EMPTY
        }
    }

    /// How many pieces the container `crew` stands for holds (0 for no container).
    pub(crate) fn capacity(&self, crew: Crew) -> u8 {
        match (&self.rules.containers, crew.container_type()) {
            (Some(c), Some(t)) => c.types[t as usize].capacity,
            _ => 0,
        }
    }

    /// What arrived on the surface of `cell` meets a destroying marker there: the marker and
    /// everything on the cell's surface are taken away. Returns whether it happened.
    fn enter_marker(&self, b: &mut impl Board<W>, cell: Cell) -> bool {
        let Some(layers) = &self.rules.layers else {
            return false;
        };
        let slot = b.slot(cell);
        let Some(ty) = slot.marker.checked_sub(1) else {
            return false;
        };
        if !layers.markers[ty as usize].destroys {
            return false;
        }
        if slot.crew.is_container() {
            let empty = Crew::container(slot.crew.container_type().unwrap_or(0));
            self.set_crew(b, cell, empty);
        } else {
            self.lift(b, cell);
        }
        self.clear_marker(b, cell);
        true
    }

    /// Forces up the submerged pieces on the sonar cells of enemy pieces. Returns whether a
    /// piece was captured or destroyed.
    fn sonar(&self, b: &mut impl Board<W>) -> bool {
        let mut taken = false;
        for (kind, cells) in &self.t.sonars {
            for color in Color::BOTH {
                for from in b.sets().of(color, Kind::new(*kind)) {
                    let targets = cells[from.index()] & b.extra().under[color.opponent().index()];
                    for cell in targets {
                        taken |= self.force_up(b, cell);
                    }
                }
            }
        }
        taken
    }

    /// The end of `us`'s turn: its divers on the surface count one more surface turn, its
    /// submerged pieces one turn less to stay.
    fn count_turn(&self, b: &mut impl Board<W>, us: Color) {
        let Some(layers) = &self.rules.layers else {
            return;
        };
        for (kind, k) in layers.kinds.iter().enumerate() {
            let Some(submerge) = k.submerge else {
                continue;
            };
            let cap = submerge.surface_cap();
            for cell in b.sets().of(us, Kind::new(kind as u8)) {
                let s = b.slot(cell).state;
                self.set_state(b, cell, s.with_surfaced((s.surfaced() + 1).min(cap)));
            }
        }
        for cell in b.extra().under[us.index()] {
            let s = b.slot(cell).under_state;
            self.set_under_state(b, cell, s.with_submerged(s.submerged().saturating_sub(1)));
        }
    }

    /// The start of `side`'s turn: its submerged pieces whose time is up surface. Returns
    /// whether a piece was captured or destroyed.
    fn surface_expired(&self, b: &mut impl Board<W>, side: Color) -> bool {
        let mut taken = false;
        for cell in b.extra().under[side.index()] {
            if b.slot(cell).under_state.submerged() == 0 {
                taken |= self.force_up(b, cell);
            }
        }
        taken
    }

    /// Brings the submerged piece under `cell` up: a royal piece above destroys it, any other
    /// piece above (of either colour) is captured, a destroying marker destroys it. Returns
    /// whether a piece was taken off.
    /// Ends each sortie whose piece is gone: captured, or taken by chance, a marker or a
    /// piece forced up under it. What stands on the cell then is another piece, even of the
    /// same side (a submarine that surfaced there): only a piece that can sortie holds one.
    fn end_lost_sorties(&self, b: &mut impl Board<W>) {
        for side in Color::BOTH {
            let Some(cell) = b.extra().sortie[side.index()] else {
                continue;
            };
            let held = b.slot(cell).piece.is_some_and(|p| {
                p.color() == side && self.kind_layers(p.kind()).is_some_and(|k| k.sorties())
            });
            if !held {
                set_sortie(b.extra_mut(), &self.rules.zobrist, side, None);
            }
        }
    }

    fn force_up(&self, b: &mut impl Board<W>, cell: Cell) -> bool {
        let Some((piece, state)) = self.take_under(b, cell) else {
            return false;
        };
        let mut taken = false;
        if let Some(above) = b.slot(cell).piece {
            if self.rules.royal_kinds.has(above.kind()) {
                return true;
            }
            self.lift(b, cell);
            taken = true;
        }
        self.put(b, cell, piece, state.with_surfaced(0).with_submerged(0));
        taken | self.enter_marker(b, cell)
    }
}
