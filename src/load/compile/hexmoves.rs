//! Betza atoms and direction letters on a hexagonal board (`board: hex 6`,
//! `docs/authoring.md`).
//!
//! A leap `(a, b)` is `a` orthogonal steps (through an edge) and then `b` steps turned 60
//! degrees: `W` = (1,0) is the six orthogonal steps, `F` = (1,1) the six diagonal ones
//! (through a vertex, the sum of two neighbouring orthogonal steps), `N` = (2,1) Gliński's
//! twelve knight leaps; each atom in all its rotations and reflections. Offsets are grid
//! offsets of the board's axial layout (see [`crate::rules::Topology`]), White's forward up.
//!
//! Direction letters pick by angle, as seen by the piece's owner: `f`, `b`, `l` and `r`
//! alone pick the moves within 45 degrees of forward, backward, left or right; two of them
//! together (`fr`, `bl`) the moves strictly between those two directions; `v` = `f` + `b`,
//! `s` = `l` + `r`, and `fs`, `bs`, `lv`, `rv` the two quadrants on that side. No move lies
//! at exactly 45 degrees on a hexagonal board, so no move is on a border. `rh` and `lh`
//! split an oblique atom into its chiral halves, as on the square board.

use crate::rules::hexagon::{DIAGONAL, ORTHOGONAL};

/// The grid offset of `a` orthogonal steps along direction `i` (clockwise from forward)
/// and `b` steps along direction `j`.
fn leg(a: i8, i: usize, b: i8, j: usize) -> (i8, i8) {
    let (u, v) = (ORTHOGONAL[i % 6], ORTHOGONAL[j % 6]);
    (a * u.0 + b * v.0, a * u.1 + b * v.1)
}

/// The images of the leap `(a, b)` (`a >= b`) on a hexagonal board, without repeats: `a`
/// steps along each of the six orthogonal directions, then `b` turned either way.
pub(super) fn images(a: u8, b: u8) -> Vec<(i8, i8)> {
    let (a, b) = (a as i8, b as i8);
    let mut out = Vec::with_capacity(12);
    for i in 0..6 {
        for v in [leg(a, i, b, i + 1), leg(a, i, b, i + 5)] {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The offset as seen on the board, doubled so that it stays whole: `x` in units of half a
/// cell's width across files (`sqrt 3 / 2` of a step), `y` in half steps up a file.
fn seen(dx: i8, dy: i8) -> (i32, i32) {
    let (q, r) = (i32::from(dx), i32::from(dy));
    (q, 2 * r - q)
}

/// Whether a direction token picks the move `(dx, dy)` of the leap `(a, b)`; `None` when
/// the token is no direction on a hexagonal board (`ff`, or `h` on a straight leap).
pub(super) fn selects(token: &str, (a, b): (u8, u8), dx: i8, dy: i8) -> Option<bool> {
    let (x, y) = seen(dx, dy);
    // Within 45 degrees of an axis: the real offset is (x sqrt 3 / 2, y / 2).
    let vertical = y * y > 3 * x * x;
    let cone = |c: char| match c {
        'f' => Some(y > 0 && vertical),
        'b' => Some(y < 0 && vertical),
        'l' => Some(x < 0 && !vertical),
        'r' => Some(x > 0 && !vertical),
        'v' => Some(vertical),
        's' => Some(!vertical),
        _ => None,
    };
    let side = |c: char| match c {
        'f' => y > 0,
        'b' => y < 0,
        'l' => x < 0,
        'r' => x > 0,
        'v' => y != 0,
        _ => x != 0,
    };
    let letters: Vec<char> = token.chars().collect();
    match letters[..] {
        [c] => cone(c),
        [c, 'h'] if a != b && b != 0 => {
            // As on the square board, `rh` holds the leaps that turn left after the long
            // leg ((2,1) there: two steps right, one up).
            let left = (0..6).any(|i| leg(a as i8, i, b as i8, i + 5) == (dx, dy));
            match c {
                'r' => Some(left),
                'l' => Some(!left),
                _ => None,
            }
        }
        [c, d] if c != d && d != 'h' => Some(side(c) && side(d)),
        _ => None,
    }
}

/// The cells a lame or jumping leap passes, as offsets: the cells of its line for a
/// straight leap, the first orthogonal step for the knight (as a Xiangqi horse); `None` for
/// other oblique leaps.
pub(super) fn passed(dx: i8, dy: i8) -> Option<Vec<(i8, i8)>> {
    for unit in ORTHOGONAL.iter().chain(&DIAGONAL) {
        let n = if unit.0 != 0 {
            dx / unit.0
        } else {
            dy / unit.1
        };
        if n > 0 && (unit.0 * n, unit.1 * n) == (dx, dy) {
            return Some((1..n).map(|k| (unit.0 * k, unit.1 * k)).collect());
        }
    }
    (0..6)
        .find(|&i| leg(2, i, 1, i + 1) == (dx, dy) || leg(2, i, 1, i + 5) == (dx, dy))
        .map(|i| vec![ORTHOGONAL[i]])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picked(token: &str, atom: (u8, u8)) -> Vec<(i8, i8)> {
        let mut v: Vec<(i8, i8)> = images(atom.0, atom.1)
            .into_iter()
            .filter(|&(dx, dy)| selects(token, atom, dx, dy) == Some(true))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn atoms_have_six_or_twelve_images() {
        assert_eq!(images(1, 0).len(), 6);
        let mut f = images(1, 1);
        f.sort();
        let mut diagonal = DIAGONAL.to_vec();
        diagonal.sort();
        assert_eq!(f, diagonal);
        assert_eq!(images(2, 1).len(), 12);
        assert_eq!(images(3, 2).len(), 12);
        assert_eq!(images(2, 2).len(), 6);
    }

    #[test]
    fn directions_pick_by_angle() {
        assert_eq!(picked("f", (1, 0)), [(0, 1)]);
        assert_eq!(picked("fs", (1, 0)), [(-1, 0), (1, 1)]);
        assert_eq!(picked("fr", (1, 0)), [(1, 1)]);
        assert_eq!(picked("r", (1, 0)), [(1, 0), (1, 1)]);
        assert_eq!(picked("f", (1, 1)), [(-1, 1), (1, 2)]);
        assert_eq!(picked("r", (1, 1)), [(2, 1)]);
        assert_eq!(picked("s", (1, 1)), [(-2, -1), (2, 1)]);
        assert_eq!(picked("f", (2, 1)).len(), 4);
        assert_eq!(picked("rh", (2, 1)).len(), 6);
        assert_eq!(selects("ff", (1, 0), 0, 1), None);
        assert_eq!(selects("rh", (1, 0), 0, 1), None);
        assert_eq!(selects("h", (2, 1), 1, 3), None);
    }

    #[test]
    fn lame_leaps_pass_their_line_or_first_step() {
        assert_eq!(passed(0, 2), Some(vec![(0, 1)]));
        assert_eq!(passed(2, 4), Some(vec![(1, 2)]));
        assert_eq!(passed(1, 3), Some(vec![(0, 1)]));
        assert_eq!(passed(1, 0), Some(vec![]));
        assert_eq!(passed(2, 5), None);
    }
}
