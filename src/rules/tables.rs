//! Move and attack tables compiled from a rule set, at the cell-set width of its board: the
//! move generator and the attack test only index these.

use crate::rules::{KindSet, MAX_KINDS};
use crate::types::bitboard::{Bits, Cell};

/// Which kinds of arrival a move component allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Mode {
    /// Onto an empty square or capturing (no modifier, or both `m` and `c`).
    Both,
    /// Onto an empty square only (`m`).
    Quiet,
    /// Capturing only (`c`).
    Capture,
}

impl Mode {
    pub(crate) fn quiet(self) -> bool {
        self != Mode::Capture
    }

    pub(crate) fn capture(self) -> bool {
        self != Mode::Quiet
    }
}

/// How a line move treats the first piece on its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Hop {
    /// A rider: stops at the first piece (capturing it if allowed).
    None,
    /// `p`: must hop exactly one piece, then moves on to any square up to and including the
    /// next piece.
    Cannon,
    /// `g`: lands on the square just beyond the first piece.
    Grasshopper,
}

/// One way a conditional move is open: these cells empty and these cells occupied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Alternative<const W: usize> {
    pub(crate) empty: Bits<W>,
    pub(crate) occupied: Bits<W>,
}

impl<const W: usize> Alternative<W> {
    #[inline]
    pub(crate) fn open(&self, occupancy: Bits<W>) -> bool {
        !occupancy.intersects(self.empty) && self.occupied.is_subset(occupancy)
    }
}

/// A destination reached only when one of its alternatives is open (lame leaps, paths, `j`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Conditional<const W: usize> {
    pub(crate) to: Cell,
    pub(crate) mode: Mode,
    pub(crate) initial: bool,
    /// The first three alternatives that only need empty cells, inline: the falcon's three
    /// paths are checked without following a pointer ...
    lame: [Bits<W>; 3],
    lame_count: u8,
    /// ... and any others.
    more: Vec<Alternative<W>>,
}

impl<const W: usize> Conditional<W> {
    /// A destination with no way open yet.
    pub(crate) fn new(to: Cell, mode: Mode, initial: bool) -> Conditional<W> {
        Conditional {
            to,
            mode,
            initial,
            lame: [Bits::EMPTY; 3],
            lame_count: 0,
            more: Vec::new(),
        }
    }

    /// Adds a way the caller knows is not there yet (the compiler keeps a set of them, so
    /// that many ways to one destination do not cost a scan each).
    pub(crate) fn add_new(&mut self, alt: Alternative<W>) {
        if alt.occupied.is_empty() && (self.lame_count as usize) < self.lame.len() {
            self.lame[self.lame_count as usize] = alt.empty;
            self.lame_count += 1;
        } else {
            self.more.push(alt);
        }
    }

    /// Every way of reaching it.
    pub(crate) fn alternatives(&self) -> impl Iterator<Item = Alternative<W>> + '_ {
        self.lame[..self.lame_count as usize]
            .iter()
            .map(|&empty| Alternative {
                empty,
                occupied: Bits::EMPTY,
            })
            .chain(self.more.iter().copied())
    }

    /// Whether some way is open with this occupancy.
    #[inline]
    pub(crate) fn open(&self, occupancy: Bits<W>) -> bool {
        let n = self.lame_count;
        (n > 0 && !occupancy.intersects(self.lame[0]))
            || (n > 1 && !occupancy.intersects(self.lame[1]))
            || (n > 2 && !occupancy.intersects(self.lame[2]))
            || self.more.iter().any(|a| a.open(occupancy))
    }

    /// Whether some way needs an occupied cell (a screen): occupying a cell can then open it.
    pub(crate) fn screened(&self) -> bool {
        !self.more.is_empty() && self.more.iter().any(|a| !a.occupied.is_empty())
    }
}

/// A line move (rider, or hopper when `hop` is set) from each cell.
#[derive(Debug, Clone)]
pub(crate) struct Ride<const W: usize> {
    /// Index into [`Lines`].
    pub(crate) line: usize,
    /// How far along the line it goes.
    pub(crate) extent: Extent<W>,
    pub(crate) mode: Mode,
    pub(crate) initial: bool,
    pub(crate) hop: Hop,
    /// Kinds (of either side) a hop may not go over (`cannot_hop:`).
    pub(crate) cannot_hop: KindSet,
}

/// How far a line move reaches from each cell, ignoring pieces.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Extent<const W: usize> {
    /// To the edge: the line's own ray, shared by every piece that rides it.
    Full,
    /// Per cell: the cells within a range limit.
    Limited(Vec<Bits<W>>),
}

impl<const W: usize> Extent<W> {
    /// The cells within reach from `cell` along `line`.
    #[inline]
    pub(crate) fn at(&self, lines: &Lines<W>, line: usize, cell: Cell) -> Bits<W> {
        match self {
            Extent::Full => lines.ray(line, cell),
            Extent::Limited(reach) => reach[cell.index()],
        }
    }
}

/// Every move of one piece type for one side, from every cell.
#[derive(Debug, Clone, Default)]
pub(crate) struct PieceTables<const W: usize> {
    /// Per cell: unconditional leaps.
    pub(crate) leaps: Vec<LeapCell<W>>,
    /// Per cell: conditional destinations.
    pub(crate) conditional: Vec<Vec<Conditional<W>>>,
    /// Every line move.
    pub(crate) rides: Vec<Ride<W>>,
    /// The move generator's view of `rides`: the lines of plain riders (to the edge, moving
    /// and capturing, any time), which need no further checks ...
    pub(crate) plain_rides: Vec<usize>,
    /// ... and the indices of the others.
    pub(crate) other_rides: Vec<usize>,
    /// Whether any cell has a conditional destination.
    pub(crate) has_conditional: bool,
    /// Per cell: two-leg moves whose first leg captures (XBetza's `ca`; the Chu Shogi
    /// lion's double capture and its capture without moving).
    pub(crate) legs: Vec<Vec<TwoLegs>>,
    /// Per cell: the cells a piece there may step onto, when empty, and come straight back
    /// from, passing its turn (XBetza's `mab`).
    pub(crate) passes: Vec<Bits<W>>,
    /// Whether any cell has a two-leg move or a pass.
    pub(crate) has_legs: bool,
    /// Per cell: every cell a move from there may end on, for a kind without line or
    /// two-leg moves (its leaps and conditional destinations); every cell for other kinds.
    /// A piece whose destinations all hold its own side's pieces has no move.
    pub(crate) destinations: Vec<Bits<W>>,
    /// Its leaps regrouped for counting all its pieces at once, when its moves allow and
    /// its kind's facts need no look at each move (`None` otherwise).
    pub(crate) setwise: Option<crate::rules::setwise::SetWise<W>>,
}

/// A two-leg move from a cell: it captures the enemy piece on `via`, then arrives on `to`
/// (back on its origin: a capture without moving) as `mode` allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TwoLegs {
    pub(crate) via: Cell,
    pub(crate) to: Cell,
    pub(crate) mode: Mode,
}

/// Unconditional leap targets from one cell, kept together in one cache line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct LeapCell<const W: usize> {
    /// Onto empty squares.
    pub(crate) quiet: Bits<W>,
    /// Captures.
    pub(crate) capture: Bits<W>,
    /// First-move-only, onto empty squares.
    pub(crate) initial_quiet: Bits<W>,
    /// First-move-only captures.
    pub(crate) initial_capture: Bits<W>,
}

/// Rays along every line direction used by any rider: per direction, per cell, all cells
/// to the edge (or a missing square).
#[derive(Debug, Clone, Default)]
pub(crate) struct Lines<const W: usize> {
    pub(crate) steps: Vec<(i8, i8)>,
    /// Number of cells: the stride of the flat tables.
    pub(crate) cells: usize,
    /// `rays[line * cells + cell]`, flat so a lookup is one load.
    rays: Vec<Bits<W>>,
    /// `next[line * cells + cell]`: the first cell along the line, if any.
    next: Vec<Option<Cell>>,
    /// Whether cell numbers grow along the line (first blocker = lowest bit).
    ascending: Vec<bool>,
}

impl<const W: usize> Lines<W> {
    /// Index of the line for a step, adding it when new.
    pub(crate) fn index(&mut self, step: (i8, i8), topo: &crate::rules::Topology) -> usize {
        if let Some(i) = self.steps.iter().position(|&s| s == step) {
            return i;
        }
        let (dx, dy) = (step.0 as i32, step.1 as i32);
        self.cells = topo.cell_count();
        self.rays.extend(
            topo.cells()
                .map(|c| topo.ray(c, dx, dy).collect::<Bits<W>>()),
        );
        self.next
            .extend(topo.cells().map(|c| topo.offset(c, dx, dy)));
        self.ascending.push(dy > 0 || (dy == 0 && dx > 0));
        self.steps.push(step);
        self.steps.len() - 1
    }

    /// All cells from `cell` along `line` to the edge, `cell` excluded.
    #[inline]
    pub(crate) fn ray(&self, line: usize, cell: Cell) -> Bits<W> {
        self.rays[line * self.cells + cell.index()]
    }

    /// The first cell from `cell` along `line`, if it exists.
    #[inline]
    pub(crate) fn next(&self, line: usize, cell: Cell) -> Option<Cell> {
        self.next[line * self.cells + cell.index()]
    }

    /// The set-wise fill of `line`, when its steps allow one.
    pub(crate) fn fill(&self, line: usize) -> Option<crate::rules::setwise::Fill<W>> {
        crate::rules::setwise::Fill::new(self.cells, |c| self.next(line, c))
    }

    /// The nearest occupied cell of `blockers` along `line` (which must be a subset of its ray).
    #[inline]
    pub(crate) fn nearest(&self, line: usize, blockers: Bits<W>) -> Option<Cell> {
        if self.ascending[line] {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// The cells a line move reaches from `from` within `reach`, stopping at (and including)
    /// the first occupied cell.
    #[inline]
    pub(crate) fn slide(&self, line: usize, reach: Bits<W>, occupancy: Bits<W>) -> Bits<W> {
        match self.nearest(line, reach & occupancy) {
            Some(b) => reach & !self.ray(line, b),
            None => reach,
        }
    }
}

/// Attacks on a cell by one side, indexed by the attacked cell (reverse tables).
#[derive(Debug, Clone, Default)]
pub(crate) struct AttackTables<const W: usize> {
    /// Capturing leaps: per kind with any, per target cell, the cells a leap to it comes from.
    pub(crate) leaps: Vec<(u8, Vec<Bits<W>>)>,
    /// Same for first-move-only capturing leaps (the attacker must be unmoved).
    pub(crate) initial_leaps: Vec<(u8, Vec<Bits<W>>)>,
    /// Lines along which riders and hoppers capture, seen from the target.
    pub(crate) rays: Vec<RayAttack<W>>,
    /// The distinct sets of kinds of `rays` (a ray's `group` indexes this): the pieces of
    /// each are gathered once per question.
    pub(crate) groups: Vec<KindSet>,
    /// Per target: conditional captures onto it, with the attacker's cell and kind.
    pub(crate) conditional: Vec<Vec<(Cell, u8, Conditional<W>)>>,
    /// Whether occupying a cell can create an attack of a conditional leap (a must-jump
    /// move): then any move may expose a royal piece. (Hoppers' lines are looked at one by
    /// one instead, by the safety look.)
    pub(crate) screens: bool,
}

/// A line attack seen backwards from its target.
#[derive(Debug, Clone)]
pub(crate) struct RayAttack<const W: usize> {
    /// Line pointing from the target back toward attackers.
    pub(crate) line: usize,
    /// The cells within the attackers' range, seen from the target.
    pub(crate) extent: Extent<W>,
    /// The kinds that attack along this line with this range and hop.
    pub(crate) kinds: KindSet,
    /// Index of `kinds` in [`AttackTables::groups`].
    pub(crate) group: usize,
    pub(crate) initial: bool,
    pub(crate) hop: Hop,
    /// Kinds (of either side) a hop may not go over (`cannot_hop:`).
    pub(crate) cannot_hop: KindSet,
}

/// What the move generator asks of a piece kind at every piece, kept at hand.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct KindFacts {
    pub(crate) royal: bool,
    pub(crate) first_move: bool,
    /// It captures en passant (`en_passant` without `takes_en_passant: false`).
    pub(crate) en_passant: bool,
    /// Its moves capture an enemy submerged piece on the destination.
    pub(crate) hunts: bool,
    /// Its promotion has a `limit`: the choices open depend on the pieces on the board.
    pub(crate) limited_promotion: bool,
    /// One of its promotion choices is royal: its promotions are tried.
    pub(crate) promotes_to_royal: bool,
    /// Its promotion is optional (shogi's), also for moves from the zone.
    pub(crate) optional_promotion: bool,
    /// Only its captures promote (micro shogi's).
    pub(crate) promotes_on_capture: bool,
    /// Its optional promotion is open to moves entering the zone and to captures only
    /// (Chu Shogi's).
    pub(crate) promotes_entering: bool,
    /// Kinds it may not capture (`cannot_capture:`).
    pub(crate) cannot_capture: KindSet,
    /// None of the rules above that depend on the position applies to it (no optional,
    /// on-capture or limited promotion, nothing it may not capture or hop over, not
    /// mutually immune): its moves take the generator's plain path.
    pub(crate) plain: bool,
    /// Per side, its promotion choices beyond the first (a promoting arrival of a `plain`
    /// kind counts 1 + this many moves).
    pub(crate) extra_choices: [u8; 2],
}

/// The engine's tables for one rule set, at the width of its board.
#[derive(Debug, Clone)]
pub(crate) struct Tables<const W: usize> {
    /// Every cell of the board.
    pub(crate) all: Bits<W>,
    /// Per kind.
    pub(crate) kinds: Vec<KindFacts>,
    /// `pieces[color][kind]`.
    pub(crate) pieces: [Vec<PieceTables<W>>; 2],
    /// `attacks[attacker color]`.
    pub(crate) attacks: [AttackTables<W>; 2],
    pub(crate) lines: Lines<W>,
    /// Per kind and side: the promotion zone (empty without promotion).
    pub(crate) promotion_zone: [[Bits<W>; MAX_KINDS]; 2],
    /// Per side and kind: the cells it may be dropped on (empty without a drop rule).
    pub(crate) drop_zone: [[Bits<W>; MAX_KINDS]; 2],
    /// Whether the game has gates (`hand: gating`): read once per generation.
    pub(crate) gating: bool,
    /// Per side, its gates (empty without gating).
    pub(crate) gates: [Bits<W>; 2],
    /// Rings of captures without moving: `(kind, remote index, per cell the cells hit)`.
    pub(crate) rings: Vec<(u8, u8, Vec<Bits<W>>)>,
    /// Per cell, the cells along its rank toward the higher files and toward the lower, up
    /// to the edge or a missing square (castling's paths).
    pub(crate) rank_rays: Vec<[Bits<W>; 2]>,
    /// Sonars: `(kind, per cell the cells around it whose submerged enemies surface)`.
    pub(crate) sonars: Vec<(u8, Vec<Bits<W>>)>,
    /// Per side, the lines its set-wise kinds ride, filled at once.
    pub(crate) line_fills: [crate::rules::setwise::LineFills<W>; 2],
}

/// The tables of a rule set at the width of its board.
#[derive(Debug, Clone)]
pub(crate) enum AnyTables {
    N64(Box<Tables<1>>),
    N128(Box<Tables<2>>),
    N256(Box<Tables<4>>),
}
