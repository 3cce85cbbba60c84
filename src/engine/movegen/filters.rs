//! Rules that judge a legal move by the other legal moves, by what it does to the enemy or
//! by the check it answers: forced capture (when a legal capture exists, only captures are
//! legal), no checks (a move that leaves an enemy royal piece attacked is illegal), a royal
//! piece in check that may not flee (`royal_may_not_flee`: it moves only to capture its one
//! checker) and first moves closed in check (`first_move_in_check: false`). Games without
//! them never come here: `generate` looks at one flag of the rule set once per call.

use crate::rules::{Color, Kind, KindSet};
use crate::types::bitboard::{Bits, Cell};

use super::super::board::Trial;
use super::super::{Engine, Move, MoveKind};
use super::checks_given::CheckLook;
use super::{Gen, Sink};
use crate::rules::position::Pos;

/// Passes on the moves the rules allow.
struct Filter<'a, 'p, const W: usize, K: Sink> {
    e: Engine<'a, W>,
    pos: &'p Pos<W>,
    inner: &'p mut K,
    captures_only: bool,
    /// The pieces checking the side to move's royal pieces, when a rule of moves in check
    /// applies (empty otherwise).
    checkers: Bits<W>,
    /// The checks the side to move could give, under the no-checks rule where the
    /// generator leaves them to the filter.
    checks: Option<CheckLook<W>>,
}

impl<const W: usize, K: Sink> Sink for Filter<'_, '_, W, K> {
    // Every move is judged on its own: nothing is counted in bulk.
    const COUNT: bool = false;
    #[inline]
    fn push(&mut self, m: Move) {
        if self.captures_only && !m.is_capture() {
            return;
        }
        if let Some(look) = &self.checks {
            let gives = self
                .e
                .gives_check_judged(self.pos, look, &m)
                .unwrap_or_else(|| self.e.gives_check(self.pos, &m));
            if gives {
                return;
            }
        }
        if !self.checkers.is_empty() && self.e.refused_in_check(self.pos, &m, self.checkers) {
            return;
        }
        if self.e.rules.trading.is_some() && self.e.refused_trade(self.pos, &m) {
            return;
        }
        self.inner.push(m);
    }
    fn add(&mut self, _: usize) {
        unreachable!("a filter is never counted into")
    }
    #[inline]
    fn full(&self) -> bool {
        self.inner.full()
    }
}

/// Looks for one legal capture.
struct AnyCapture(bool);

impl Sink for AnyCapture {
    const COUNT: bool = false;
    #[inline]
    fn push(&mut self, m: Move) {
        self.0 |= m.is_capture();
    }
    fn add(&mut self, _: usize) {
        unreachable!("never counted into")
    }
    #[inline]
    fn full(&self) -> bool {
        self.0
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Whether `m` (pseudo-legal in `pos`) leaves a royal piece of the opponent attacked.
    pub(crate) fn gives_check(&self, pos: &Pos<W>, m: &Move) -> bool {
        let mut t = Trial::new(pos);
        self.apply(&mut t, m);
        self.royal_attacked(&t, pos.st.side.opponent())
    }

    /// The pieces that check the side to move's royal pieces, in a game with a rule of moves
    /// in check; empty otherwise.
    fn checkers_if_ruled(&self, pos: &Pos<W>) -> Bits<W> {
        let r = self.rules;
        let ruled = r.royal_may_not_flee
            || r.pieces
                .iter()
                .any(|p| p.first_move && !p.first_move_in_check);
        if !ruled {
            return Bits::EMPTY;
        }
        let us = pos.st.side;
        let occ = pos.st.blockers();
        pos.sets
            .of_kinds(us, r.royal_kinds)
            .cells()
            .fold(Bits::EMPTY, |acc, cell| {
                acc | self.attackers_of::<false>(pos, occ, cell, us.opponent(), KindSet::ALL)
            })
    }

    /// Whether `m` is refused because its side is in check by `checkers`: a royal piece's
    /// move that does not capture the only checker (`royal_may_not_flee`), or a move only
    /// a first-move component makes of a kind with `first_move_in_check: false`.
    pub(crate) fn refused_in_check(&self, pos: &Pos<W>, m: &Move, checkers: Bits<W>) -> bool {
        let r = self.rules;
        let kind = m.piece.kind();
        let on_board = !matches!(m.kind, MoveKind::Drop);
        if r.royal_may_not_flee
            && on_board
            && r.royal_kinds.has(kind)
            && checkers != Bits::from_cell(m.to)
        {
            return true;
        }
        let p = &r.pieces[kind.index()];
        if p.first_move && !p.first_move_in_check && on_board && pos.st.unmoved.has(m.from) {
            return self.first_move_only(kind, m.piece.color(), m.from, m.to);
        }
        false
    }

    /// Whether the trading rules refuse `m`: a counterstrike answered in kind, or a
    /// protected piece captured from afar by another that could be captured back there
    /// without having crossed a bridge (see [`crate::rules::trading`]).
    pub(crate) fn refused_trade(&self, pos: &Pos<W>, m: &Move) -> bool {
        let Some(t) = &self.rules.trading else {
            return false;
        };
        let taken = match m.kind {
            MoveKind::TwoLegs { taken, .. } => taken,
            _ => None,
        };
        let protected = |p: Option<crate::rules::Piece>| p.is_some_and(|p| t.kinds.has(p.kind()));
        let ours = t.kinds.has(m.piece.kind());
        if t.counterstrike
            && pos.extra.counterstrike
            && !ours
            && (protected(m.captured) || protected(taken))
        {
            return true;
        }
        if !(t.from_afar && ours && protected(m.captured)) {
            return false;
        }
        let topo = &self.rules.topology;
        let ((fx, fy), (tx, ty)) = (topo.coords(m.from), topo.coords(m.to));
        let bridge = taken.is_some_and(|p| !t.cheap.has(p.kind()));
        if fx.abs_diff(tx).max(fy.abs_diff(ty)) == 1 || bridge {
            return false;
        }
        let mut trial = Trial::new(pos);
        self.apply(&mut trial, m);
        let occ = trial.st.blockers();
        self.attacked_by(&trial, occ, m.to, pos.st.side.opponent(), KindSet::ALL)
    }

    /// Whether a `kind` piece of `color` reaches `to` from `from` only by a first-move
    /// component (on an empty board).
    fn first_move_only(&self, kind: Kind, color: Color, from: Cell, to: Cell) -> bool {
        let t = &self.t.pieces[color.index()][kind.index()];
        let f = from.index();
        let l = &t.leaps[f];
        let lines = &self.t.lines;
        let mut initial = (l.initial_quiet | l.initial_capture).has(to);
        let mut plain = (l.quiet | l.capture).has(to);
        for c in t.conditional[f].iter().filter(|c| c.to == to) {
            initial |= c.initial;
            plain |= !c.initial;
        }
        for ride in &t.rides {
            if ride.extent.at(lines, ride.line, from).has(to) {
                initial |= ride.initial;
                plain |= !ride.initial;
            }
        }
        initial && !plain
    }

    /// Whether the side to move has a legal capture (judged with the no-checks rule).
    pub(crate) fn has_legal_capture(&self, pos: &Pos<W>) -> bool {
        let gen = Gen {
            legal: true,
            noisy: true,
            from: Bits::ALL,
        };
        let mut any = AnyCapture(false);
        let mut filter = Filter {
            e: *self,
            pos,
            inner: &mut any,
            captures_only: true,
            checkers: self.checkers_if_ruled(pos),
            checks: self.filter_checks(pos),
        };
        self.generate_moves(pos, gen, &mut filter);
        any.0
    }

    /// The legal moves `gen` asks for under forced capture and no checks.
    pub(crate) fn generate_filtered<K: Sink>(&self, pos: &Pos<W>, gen: Gen<W>, sink: &mut K) {
        let r = self.rules;
        let captures_only = r.captures_forced && self.has_legal_capture(pos);
        let checkers = self.checkers_if_ruled(pos);
        let checks_here = r.no_checks && !self.checks_in_generator();
        if !captures_only && !checks_here && checkers.is_empty() && r.trading.is_none() {
            // Nothing to judge move by move: the generator itself, which counts in bulk.
            self.generate_moves(pos, gen, sink);
            return;
        }
        // Every capture is noisy: the quiet moves need not be made to be refused.
        let gen = if captures_only {
            Gen { noisy: true, ..gen }
        } else {
            gen
        };
        let mut filter = Filter {
            e: *self,
            pos,
            inner: sink,
            captures_only,
            checkers,
            checks: self.filter_checks(pos),
        };
        self.generate_moves(pos, gen, &mut filter);
    }

    /// The checks the side to move could give, for the filter: under the no-checks rule
    /// where the generator does not judge them.
    fn filter_checks(&self, pos: &Pos<W>) -> Option<CheckLook<W>> {
        (self.rules.no_checks && !self.checks_in_generator()).then(|| self.check_look(pos))
    }
}
