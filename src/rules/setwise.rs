//! Set-wise move tables: a kind's leaps regrouped by the difference of cell numbers they
//! make, so that the moves of all its pieces are counted at once (every pawn's push is the
//! set of pawns shifted by a rank) instead of piece by piece, and the lines its pieces ride
//! filled from all of them at once (Kogge-Stone occluded fills, one per line for every kind
//! riding it). Perft's bulk counter reads them; the tables are derived from the per-cell
//! ones ([`PieceTables`], [`Lines`]) and say exactly the same moves, whatever the board's
//! shape.

use std::collections::HashMap;

use crate::rules::tables::{Lines, Mode, PieceTables};
use crate::rules::KindSet;
use crate::types::bitboard::{Bits, Cell, Shift};

/// The most shifts a kind's groups may take (one per group, and one per cell a lame way
/// passes): past it, counting piece by piece costs less. A kind whose moves differ from
/// cell to cell makes many small groups, and a leap with several paths (the falcon's)
/// takes a shift per cell of each path, where a piece looks at each destination once.
const MAX_SHIFTS: usize = 24;

/// The most distinct sets of kinds riding a line together whose lines are filled at once.
pub(crate) const MAX_RIDER_SETS: usize = 8;

/// One kind's leaps (for one side), grouped by shift.
#[derive(Debug, Clone, Default)]
pub(crate) struct SetWise<const W: usize> {
    /// Unconditional leaps.
    pub(crate) leaps: Vec<ShiftedLeap<W>>,
    /// Lame leaps: open when, for one of their ways, every cell the way passes is empty.
    pub(crate) lame: Vec<LameLeap<W>>,
    /// Its plain rides are counted by the side's [`LineFills`], with the other kinds riding
    /// the same lines (else piece by piece, with its leaps).
    pub(crate) rides_filled: bool,
}

/// A line's occluded fill: from a set of cells, every cell reached along the line up to and
/// including the first occupied one, in a few shifts whatever the number of pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fill<const W: usize> {
    /// The line's step doubled 0, 1, 2 and 3 times: a fill of `steps` shifts reaches
    /// `2^steps - 1` empty cells, then the first occupied one.
    shifts: [Shift; 4],
    steps: u8,
    /// The cells a step along the line enters (the others start the line).
    entered: Bits<W>,
}

impl<const W: usize> Fill<W> {
    /// The fill of a line of `cells` cells whose first cell from each cell is `next`, or
    /// `None` when a step's difference of cell numbers is not the same all along.
    pub(crate) fn new(cells: usize, next: impl Fn(Cell) -> Option<Cell>) -> Option<Fill<W>> {
        let mut step = None;
        let mut entered = Bits::EMPTY;
        let mut longest = 0;
        for c in 0..cells {
            let from = Cell::new(c as u8);
            let mut length = 0;
            let mut at = from;
            while let Some(n) = next(at) {
                let d = delta(at, n);
                if *step.get_or_insert(d) != d {
                    return None;
                }
                entered = entered.with(n);
                length += 1;
                at = n;
            }
            longest = longest.max(length);
        }
        let step = step?;
        // Enough doublings for the longest run of empty cells (one short of the line).
        let steps = (0..=4).find(|&k| (1 << k) >= longest)?;
        let mut shifts = [Shift::new(0)?; 4];
        for (k, shift) in shifts.iter_mut().enumerate().take(steps.max(1)) {
            let d = step * (1 << k);
            if d.unsigned_abs() as usize >= 64 * W {
                return None;
            }
            *shift = Shift::new(d)?;
        }
        Some(Fill {
            shifts,
            steps: steps as u8,
            entered,
        })
    }

    /// The cells reached from `from` along the line through the cells of `empty`, up to
    /// and including the first cell not in it.
    #[inline]
    pub(crate) fn reach(&self, from: Bits<W>, empty: Bits<W>) -> Bits<W> {
        let mut flood = from;
        let mut open = empty & self.entered;
        for k in 0..self.steps as usize {
            flood |= open & flood.shifted(self.shifts[k]);
            open &= open.shifted(self.shifts[k]);
        }
        flood.shifted(self.shifts[0]) & self.entered
    }
}

/// One side's line fills: each line some kinds ride plainly, filled from all their pieces.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineFills<const W: usize> {
    /// The distinct sets of kinds riding a line together (at most [`MAX_RIDER_SETS`]).
    pub(crate) riders: Vec<KindSet>,
    /// Per line: its fill and the index of its riders in `riders`.
    pub(crate) lines: Vec<(Fill<W>, usize)>,
}

/// The leaps of one shift, one mode and one first-move flag, from the cells `from`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ShiftedLeap<const W: usize> {
    pub(crate) shift: Shift,
    pub(crate) from: Bits<W>,
    pub(crate) mode: Mode,
    /// Only from an unmoved piece.
    pub(crate) initial: bool,
}

/// Lame leaps of one shift, mode, first-move flag and ways, from the cells `from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LameLeap<const W: usize> {
    pub(crate) leap: ShiftedLeap<W>,
    /// Per way, the shifts that bring each cell it passes back to the origin: an origin is
    /// open by a way when no occupied cell lands on it by any of the way's shifts.
    pub(crate) ways: Vec<Vec<Shift>>,
}

/// What identifies a group: shift, mode, first-move flag and (lame leaps) the ways' cell
/// differences from the origin.
type Key = (Vec<Vec<i32>>, i32, bool, u8);

impl<const W: usize> SetWise<W> {
    /// The set-wise tables of `t`, or `None` when they cannot say its moves: it rides other
    /// than plainly, moves in two legs, has a conditional move that needs an occupied cell
    /// or that shares its destination with another move from its cell, a leap lands
    /// beyond the first cell of one of its rides' lines (the two moves are then one when
    /// the line is open), or its groups take more than [`MAX_SHIFTS`] shifts. Its plain
    /// rides are not in the tables (the counter slides them piece by piece, along `lines`),
    /// nor the leaps to a ride's first cell, which the ride always reaches.
    pub(crate) fn derive(t: &PieceTables<W>, lines: &Lines<W>) -> Option<Self> {
        if !t.other_rides.is_empty() || t.has_legs {
            return None;
        }
        // The cells a plain ride reaches from each cell whatever stands around, and those
        // it reaches only when the line is open.
        let rides = |from: Cell| {
            t.plain_rides
                .iter()
                .fold((Bits::EMPTY, Bits::EMPTY), |(first, rest), &line| {
                    let ray = lines.ray(line, from);
                    match lines.next(line, from) {
                        Some(next) => (first.with(next), rest | ray.without(next)),
                        None => (first, rest),
                    }
                })
        };
        let mut groups: HashMap<Key, Bits<W>> = HashMap::new();
        let mut add = |key: Key, from: Cell| {
            let set = groups.entry(key).or_insert(Bits::EMPTY);
            *set = set.with(from);
        };
        for (f, leaps) in t.leaps.iter().enumerate() {
            let from = Cell::new(f as u8);
            let (ridden, open_lines) = rides(from);
            let all = leaps.quiet | leaps.capture | leaps.initial_quiet | leaps.initial_capture;
            if all.intersects(open_lines) {
                return None;
            }
            // A first-move leap the piece also has at any time adds nothing, nor a leap its
            // ride makes.
            let initial_quiet = leaps.initial_quiet & !leaps.quiet & !ridden;
            let initial_capture = leaps.initial_capture & !leaps.capture & !ridden;
            let (quiet, capture) = (leaps.quiet & !ridden, leaps.capture & !ridden);
            for (quiet, capture, initial) in [
                (quiet, capture, false),
                (initial_quiet, initial_capture, true),
            ] {
                for to in quiet | capture {
                    let mode = match (quiet.has(to), capture.has(to)) {
                        (true, true) => Mode::Both,
                        (true, false) => Mode::Quiet,
                        _ => Mode::Capture,
                    };
                    add(
                        (Vec::new(), delta(from, to), initial, mode_code(mode)),
                        from,
                    );
                }
            }
            let mut seen = all | ridden | open_lines;
            for c in &t.conditional[f] {
                if seen.has(c.to) {
                    return None;
                }
                seen = seen.with(c.to);
                let mut ways = Vec::new();
                for alt in c.alternatives() {
                    if !alt.occupied.is_empty() {
                        return None;
                    }
                    let mut way: Vec<i32> = alt.empty.cells().map(|e| delta(e, from)).collect();
                    way.sort_unstable();
                    ways.push(way);
                }
                if ways.is_empty() {
                    return None;
                }
                ways.sort();
                add(
                    (ways, delta(from, c.to), c.initial, mode_code(c.mode)),
                    from,
                );
            }
        }
        let shifts: usize = groups
            .keys()
            .map(|(ways, ..)| 1 + ways.iter().map(Vec::len).sum::<usize>())
            .sum();
        if shifts > MAX_SHIFTS {
            return None;
        }
        let mut groups: Vec<(Key, Bits<W>)> = groups.into_iter().collect();
        // A fixed order: the same tables from the same rules, run after run.
        groups.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out = SetWise {
            leaps: Vec::new(),
            lame: Vec::new(),
            rides_filled: false,
        };
        for ((ways, d, initial, mode), from) in groups {
            let leap = ShiftedLeap {
                shift: Shift::new(d)?,
                from,
                mode: [Mode::Both, Mode::Quiet, Mode::Capture][mode as usize],
                initial,
            };
            if ways.is_empty() {
                out.leaps.push(leap);
            } else {
                let ways = ways
                    .iter()
                    .map(|way| way.iter().map(|&e| Shift::new(e)).collect())
                    .collect::<Option<_>>()?;
                out.lame.push(LameLeap { leap, ways });
            }
        }
        Some(out)
    }
}

/// `mode` as a number, for ordering the groups.
fn mode_code(mode: Mode) -> u8 {
    match mode {
        Mode::Both => 0,
        Mode::Quiet => 1,
        Mode::Capture => 2,
    }
}

/// The difference of cell numbers from `a` to `b`.
fn delta(a: Cell, b: Cell) -> i32 {
    b.index() as i32 - a.index() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fill_stops_on_the_first_occupied_cell_of_each_riders_line() {
        // A rank of eight cells, stepping up: riders on 0 and 5, a piece on 3.
        let fill: Fill<1> = Fill::new(8, |c| (c.index() < 7).then(|| Cell::new(c.get() + 1)))
            .expect("a regular line");
        let cells = |list: &[u8]| list.iter().map(|&i| Cell::new(i)).collect::<Bits<1>>();
        let occupied = cells(&[0, 3, 5]);
        assert_eq!(
            fill.reach(cells(&[0, 5]), !occupied),
            cells(&[1, 2, 3, 6, 7])
        );
        // A line whose steps differ in cell numbers has no fill.
        let uneven = Fill::<1>::new(8, |c| match c.index() {
            0 => Some(Cell::new(1)),
            1 => Some(Cell::new(3)),
            _ => None,
        });
        assert_eq!(uneven, None);
    }
}
