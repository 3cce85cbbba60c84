//! Move and attack tables compiled from a rule set: the move generator only indexes these.

use crate::bitboard::Bitboard;

/// Which kinds of arrival a move component allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// One way a conditional move is open: these cells empty and these cells occupied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Alternative {
    pub(crate) empty: Bitboard,
    pub(crate) occupied: Bitboard,
}

impl Alternative {
    #[inline]
    pub(crate) fn open(&self, occupancy: Bitboard) -> bool {
        (occupancy & self.empty).is_empty() && (occupancy & self.occupied) == self.occupied
    }
}

/// A destination reached only when one of its alternatives is open (lame leaps, paths, `j`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Conditional {
    pub(crate) to: u8,
    pub(crate) mode: Mode,
    pub(crate) initial: bool,
    /// The first three alternatives that only need empty cells, inline: the falcon's three
    /// paths are checked without following a pointer ...
    lame: [Bitboard; 3],
    lame_count: u8,
    /// ... and any others.
    more: Vec<Alternative>,
}

impl Conditional {
    /// A destination with no way open yet.
    pub(crate) fn new(to: u8, mode: Mode, initial: bool) -> Conditional {
        Conditional {
            to,
            mode,
            initial,
            lame: [Bitboard::EMPTY; 3],
            lame_count: 0,
            more: Vec::new(),
        }
    }

    /// Adds a way of reaching it, unless it is already there.
    pub(crate) fn add(&mut self, alt: Alternative) {
        if self.alternatives().any(|a| a == alt) {
            return;
        }
        if alt.occupied.is_empty() && (self.lame_count as usize) < self.lame.len() {
            self.lame[self.lame_count as usize] = alt.empty;
            self.lame_count += 1;
        } else {
            self.more.push(alt);
        }
    }

    /// Every way of reaching it.
    pub(crate) fn alternatives(&self) -> impl Iterator<Item = Alternative> + '_ {
        self.lame[..self.lame_count as usize]
            .iter()
            .map(|&empty| Alternative {
                empty,
                occupied: Bitboard::EMPTY,
            })
            .chain(self.more.iter().copied())
    }

    /// Whether some way is open with this occupancy.
    #[inline]
    pub(crate) fn open(&self, occupancy: Bitboard) -> bool {
        let n = self.lame_count;
        (n > 0 && (occupancy & self.lame[0]).is_empty())
            || (n > 1 && (occupancy & self.lame[1]).is_empty())
            || (n > 2 && (occupancy & self.lame[2]).is_empty())
            || self.more.iter().any(|a| a.open(occupancy))
    }
}

/// A line move (rider, or hopper when `hop` is set) from each cell.
#[derive(Debug, Clone)]
pub(crate) struct Ride {
    /// Index into [`Lines`].
    pub(crate) line: usize,
    /// How far along the line it goes.
    pub(crate) extent: Extent,
    pub(crate) mode: Mode,
    pub(crate) initial: bool,
    pub(crate) hop: Hop,
}

/// How far a line move reaches from each cell, ignoring pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Extent {
    /// To the edge: the line's own ray, shared by every piece that rides it.
    Full,
    /// Per cell: the cells within a range limit.
    Limited(Vec<Bitboard>),
}

impl Extent {
    /// The cells within reach from `cell` along `line`.
    #[inline]
    pub(crate) fn at(&self, lines: &Lines, line: usize, cell: u8) -> Bitboard {
        match self {
            Extent::Full => lines.ray(line, cell),
            Extent::Limited(reach) => reach[cell as usize],
        }
    }
}

/// How a line move treats the first piece on its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Hop {
    /// A rider: stops at the first piece (capturing it if allowed).
    None,
    /// `p`: must hop exactly one piece, then moves on to any square up to and including the next piece.
    Cannon,
    /// `g`: lands on the square just beyond the first piece.
    Grasshopper,
}

/// Every move of one piece type for one side, from every cell.
#[derive(Debug, Clone, Default)]
pub(crate) struct PieceTables {
    /// Per cell: unconditional leaps.
    pub(crate) leaps: Vec<LeapCell>,
    /// Per cell: conditional destinations.
    pub(crate) conditional: Vec<Vec<Conditional>>,
    /// Every line move.
    pub(crate) rides: Vec<Ride>,
    /// The move generator's view of `rides`: the lines of plain riders (to the edge, moving
    /// and capturing, any time), which need no further checks ...
    pub(crate) plain_rides: Vec<usize>,
    /// ... and the indices of the others.
    pub(crate) other_rides: Vec<usize>,
}

/// Unconditional leap targets from one cell, kept together in one cache line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct LeapCell {
    /// Onto empty squares.
    pub(crate) quiet: Bitboard,
    /// Captures.
    pub(crate) capture: Bitboard,
    /// First-move-only, onto empty squares.
    pub(crate) initial_quiet: Bitboard,
    /// First-move-only captures.
    pub(crate) initial_capture: Bitboard,
}

/// Rays along every line direction used by any rider: per direction, per cell, all cells
/// to the edge (or a missing square).
#[derive(Debug, Clone, Default)]
pub(crate) struct Lines {
    pub(crate) steps: Vec<(i8, i8)>,
    /// Number of cells: the stride of the flat tables.
    cells: usize,
    /// `rays[line * cells + cell]`, flat so a lookup is one load.
    rays: Vec<Bitboard>,
    /// `next[line * cells + cell]`: the first cell along the line, if any.
    next: Vec<Option<u8>>,
    /// Whether cell numbers grow along the line (first blocker = lowest bit).
    ascending: Vec<bool>,
}

impl Lines {
    /// Index of the line for a step, adding it when new.
    pub(crate) fn index(&mut self, step: (i8, i8), topo: &super::Topology) -> usize {
        if let Some(i) = self.steps.iter().position(|&s| s == step) {
            return i;
        }
        let (dx, dy) = (step.0 as i32, step.1 as i32);
        self.cells = topo.cell_count();
        let cells = self.cells as u8;
        self.rays
            .extend((0..cells).map(|c| topo.ray(c, dx, dy).fold(Bitboard::EMPTY, Bitboard::with)));
        self.next.extend((0..cells).map(|c| topo.offset(c, dx, dy)));
        self.ascending.push(dy > 0 || (dy == 0 && dx > 0));
        self.steps.push(step);
        self.steps.len() - 1
    }

    /// All cells from `cell` along `line` to the edge, `cell` excluded.
    #[inline]
    pub(crate) fn ray(&self, line: usize, cell: u8) -> Bitboard {
        self.rays[line * self.cells + cell as usize]
    }

    /// The first cell from `cell` along `line`, if it exists.
    #[inline]
    pub(crate) fn next(&self, line: usize, cell: u8) -> Option<u8> {
        self.next[line * self.cells + cell as usize]
    }

    /// The nearest occupied cell of `blockers` along `line` (which must be a subset of its ray).
    #[inline]
    pub(crate) fn nearest(&self, line: usize, blockers: Bitboard) -> Option<u8> {
        if self.ascending[line] {
            blockers.first()
        } else {
            blockers.last()
        }
    }

    /// The cells a line move reaches from `from` within `reach`, stopping at (and including)
    /// the first occupied cell.
    #[inline]
    pub(crate) fn slide(&self, line: usize, reach: Bitboard, occupancy: Bitboard) -> Bitboard {
        match self.nearest(line, reach & occupancy) {
            Some(b) => reach & !self.ray(line, b),
            None => reach,
        }
    }
}

/// Attacks on a cell by one side, indexed by the attacked cell (reverse tables).
#[derive(Debug, Clone, Default)]
pub(crate) struct AttackTables {
    /// Capturing leaps.
    pub(crate) leaps: ReverseLeaps,
    /// Same for first-move-only capturing leaps (the attacker must be unmoved).
    pub(crate) initial_leaps: ReverseLeaps,
    /// Lines along which riders capture, seen from the target.
    pub(crate) rays: Vec<RayAttack>,
    /// Per target: conditional captures onto it, with the attacker's cell and kind.
    pub(crate) conditional: Vec<Vec<(u8, u8, Conditional)>>,
    /// Kinds with hopping captures, checked by generating their moves forward.
    pub(crate) hoppers: Vec<u8>,
    /// Whether occupying a cell can create an attack (hoppers, must-jump moves).
    pub(crate) screens: bool,
}

/// Per piece kind with capturing leaps: per target cell, the cells a leap to it comes from.
pub(crate) type ReverseLeaps = Vec<(u8, Vec<Bitboard>)>;

/// A rider attack seen backwards from its target.
#[derive(Debug, Clone)]
pub(crate) struct RayAttack {
    /// Line pointing from the target back toward attackers.
    pub(crate) line: usize,
    /// The cells within the attackers' range, seen from the target.
    pub(crate) extent: Extent,
    /// Bit `k` set when kind `k` attacks along this line with this range.
    pub(crate) kinds: u32,
    pub(crate) initial: bool,
}
