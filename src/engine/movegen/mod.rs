//! Move generation: one driver for every game. It lists, counts or looks for legal moves (or
//! pseudo-legal ones), all of them or only the noisy ones, of every piece or of one cell:
//! pieces on their own cells (`pieces`), crews aboard containers (`crews`), the actions and
//! submerged moves of layer games (`layers`), castling (`castling`), drops from the hand
//! (`drops`), the gated moves that bring a piece from the hand in (`gating`) and the walls put
//! down after the moves (`walls`). Each candidate is
//! judged by `safety`; the bulk counter counts the plain moves of a piece that cannot expose
//! a royal piece without listing them, and of all the pieces of a kind at once where it can
//! (`setwise`).

mod castling;
mod checks_given;
mod crew_counts;
mod crews;
mod drops;
mod filters;
mod gating;
mod layers;
mod pieces;
mod setwise;
mod standing;
mod stuck;
mod walls;

use crate::types::bitboard::{Bits, Cell};
use crate::types::rule_enums::StalemateRule;

use super::safety::Safety;
use super::{Engine, Move, MoveKind};
use crate::rules::position::Pos;
use checks_given::CheckLook;

/// Where generated moves go.
pub(crate) trait Sink {
    /// Whether the sink only counts: moves that need no judging may be counted in bulk.
    const COUNT: bool;
    fn push(&mut self, m: Move);
    fn add(&mut self, n: usize);
    /// Whether enough was found: the generator stops.
    fn full(&self) -> bool;
}

/// Lists the moves.
pub(crate) struct List<'a>(pub(crate) &'a mut Vec<Move>);

impl Sink for List<'_> {
    const COUNT: bool = false;
    #[inline]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }
    fn add(&mut self, _: usize) {
        unreachable!("a list is never counted into")
    }
    #[inline]
    fn full(&self) -> bool {
        false
    }
}

/// Counts the moves.
pub(crate) struct Count(pub(crate) usize);

impl Sink for Count {
    const COUNT: bool = true;
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline]
    fn add(&mut self, n: usize) {
        self.0 += n;
    }
    #[inline]
    fn full(&self) -> bool {
        false
    }
}

/// Looks for one move.
pub(crate) struct Any(pub(crate) bool);

impl Sink for Any {
    const COUNT: bool = true;
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 = true;
    }
    #[inline]
    fn add(&mut self, n: usize) {
        self.0 |= n > 0;
    }
    #[inline]
    fn full(&self) -> bool {
        self.0
    }
}

/// Which moves to generate.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Gen<const W: usize> {
    /// Only legal moves (else pseudo-legal ones: every move the pieces can make, whatever it
    /// does to the royal pieces).
    pub(crate) legal: bool,
    /// Only captures and promotions.
    pub(crate) noisy: bool,
    /// Only moves from these cells (a submerged piece's cell counts).
    pub(crate) from: Bits<W>,
}

impl<const W: usize> Gen<W> {
    pub(crate) const LEGAL: Gen<W> = Gen {
        legal: true,
        noisy: false,
        from: Bits::<W>::ALL,
    };
}

/// A judged move on its way to a sink.
pub(crate) struct Out<'a, 'p, const W: usize, K: Sink> {
    pub(crate) e: Engine<'a, W>,
    pub(crate) pos: &'p Pos<W>,
    /// Borrowed, not owned: the generator's own look stays where `safety` wrote it, not
    /// copied into each `Out` (a copy of a few hundred bytes per node).
    pub(crate) s: &'p Safety<W>,
    pub(crate) sink: &'p mut K,
    pub(crate) gen: Gen<W>,
    /// Under the no-checks rule, the checks the side could give (when legality is asked).
    pub(crate) checks: Option<&'p CheckLook<W>>,
}

impl<const W: usize, K: Sink> Out<'_, '_, W, K> {
    /// Passes `m` on when it is legal (or when legality is not asked).
    #[inline]
    pub(crate) fn emit(&mut self, m: Move) {
        if !self.gen.legal || (self.e.judge(self.pos, self.s, &m) && !self.gives_check(&m)) {
            self.sink.push(m);
        }
    }

    /// Whether `m` gives a check the no-checks rule forbids.
    #[inline]
    fn gives_check(&self, m: &Move) -> bool {
        self.checks.is_some_and(|look| {
            self.e
                .gives_check_judged(self.pos, look, m)
                .unwrap_or_else(|| self.e.gives_check(self.pos, m))
        })
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Generates the moves `gen` asks for into `sink`. A decided game (a flag reached, a side
    /// without royal pieces under extinction) has none.
    #[inline]
    pub(crate) fn generate<K: Sink>(&self, pos: &Pos<W>, gen: Gen<W>, sink: &mut K) {
        if self.decided(pos).is_some() {
            return;
        }
        self.generate_ruled(pos, gen, sink);
    }

    /// [`Engine::generate`] in a game that goes on: the move filters applied (forced
    /// capture, no checks, the rules of moves in check).
    #[inline]
    pub(crate) fn generate_ruled<K: Sink>(&self, pos: &Pos<W>, gen: Gen<W>, sink: &mut K) {
        if gen.legal && self.rules.end.stalemate == StalemateRule::Pass {
            self.generate_or_pass(pos, gen, sink);
        } else {
            self.generate_filtered_if(pos, gen, sink);
        }
    }

    /// [`Engine::generate_ruled`] without the pass of a side that has no move.
    #[inline]
    pub(crate) fn generate_filtered_if<K: Sink>(&self, pos: &Pos<W>, gen: Gen<W>, sink: &mut K) {
        if gen.legal && self.rules.move_filter {
            self.generate_filtered(pos, gen, sink);
        } else {
            self.generate_moves(pos, gen, sink);
        }
    }

    /// [`Engine::generate`] without the end of the game and the move filters.
    #[inline]
    pub(crate) fn generate_moves<K: Sink>(&self, pos: &Pos<W>, gen: Gen<W>, sink: &mut K) {
        match &self.rules.walls {
            Some(walls) => self.walled_moves(walls, pos, gen, sink),
            None => self.unwalled_moves(pos, gen, sink),
        }
    }

    /// [`Engine::generate_moves`] without the walls that follow the moves.
    pub(crate) fn unwalled_moves<K: Sink>(&self, pos: &Pos<W>, gen: Gen<W>, sink: &mut K) {
        let s = if gen.legal {
            self.safety(pos)
        } else {
            Safety::permissive()
        };
        let s = &s;
        let look = (gen.legal && self.checks_in_generator()).then(|| self.check_look(pos));
        let checks = look.as_ref();
        if self.rules.hand.as_ref().is_some_and(|h| h.must_drop) && self.must_drop(pos, s, gen) {
            // A placement phase: the side's moves are its drops.
            if !gen.noisy {
                let mut out = Out {
                    e: *self,
                    pos,
                    s,
                    sink,
                    gen,
                    checks,
                };
                self.drop_moves(&mut out);
            }
            return;
        }
        let mut out = Out {
            e: *self,
            pos,
            s,
            sink,
            gen,
            checks,
        };
        if self.sortie_moves(&mut out) {
            return;
        }
        if self.rules.containers.is_some() {
            self.crew_moves(&mut out);
        } else {
            self.piece_moves(&mut out);
            if self.rules.standing_promotions {
                self.standing_promotions(&mut out);
            }
        }
        if out.sink.full() {
            return;
        }
        if self.rules.layers.is_some() {
            self.layer_moves(&mut out);
        }
        if !gen.noisy {
            self.castling_moves(&mut out);
            if self.rules.hand.is_some() {
                self.drop_moves(&mut out);
            }
            if self.rules.pass {
                self.pass_move(&mut out);
            }
        }
        if self.t.gating {
            self.gating_moves(&mut out);
        }
    }

    /// The pass of a game with `pass: true`, made by the side's first royal piece (its first
    /// piece without one); a side without pieces has none.
    pub(crate) fn pass_move<K: Sink>(&self, out: &mut Out<'_, '_, W, K>) {
        let pos = out.pos;
        let us = pos.st.side;
        let royals = pos.sets.of_kinds(us, self.rules.royal_kinds);
        let Some(cell) = royals
            .first()
            .or_else(|| pos.st.by_color[us.index()].first())
        else {
            return;
        };
        let Some(piece) = pos.slots[cell.index()].piece.filter(|p| p.color() == us) else {
            return;
        };
        out.emit(Move {
            kind: MoveKind::Pass,
            ..Move::new(cell, cell, piece, None)
        });
    }

    /// The legal moves of `pos`, appended to `out`.
    pub(crate) fn legal_into(&self, pos: &Pos<W>, out: &mut Vec<Move>) {
        self.generate(pos, Gen::LEGAL, &mut List(out));
    }

    /// The number of legal moves of `pos`.
    pub(crate) fn count_legal(&self, pos: &Pos<W>) -> usize {
        let mut n = Count(0);
        self.generate(pos, Gen::LEGAL, &mut n);
        n.0
    }

    /// Whether `pos` has a legal move.
    pub(crate) fn has_legal(&self, pos: &Pos<W>) -> bool {
        let mut any = Any(false);
        self.generate(pos, Gen::LEGAL, &mut any);
        any.0
    }

    /// A move from `from` to `to` as the generator builds it, with the piece there and what
    /// it captures there (for a hunter, the enemy submerged piece under an empty cell).
    #[inline]
    pub(crate) fn plain(&self, pos: &Pos<W>, from: Cell, to: Cell) -> Move {
        let slots = &pos.slots;
        let piece = slots[from.index()]
            .piece
            .expect("a piece stands where a move starts");
        let target = slots[to.index()];
        let captured = target.piece.or_else(|| {
            target
                .under
                .filter(|u| u.color() != piece.color() && self.t.kinds[piece.kind().index()].hunts)
        });
        Move::new(from, to, piece, captured)
    }
}
