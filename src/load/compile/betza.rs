//! Betza components to concrete motions: offsets from the piece, in White's orientation.
//!
//! Direction letters follow the field's usage (XBetza): on orthogonal atoms letters add up
//! (`frW` = forward or right); on diagonal atoms two letters intersect (`frF` = the one
//! forward-right move); on oblique atoms the second letter of a pair picks the pair of moves
//! whose larger component points that way and the first letter picks within it (`fsN` = the
//! two wide forward moves, `ffN` = the two narrow ones, `rfN` = (1,2)); `rh`/`lh` pick a
//! chiral half. `v` and `s` on oblique atoms are the narrow and the wide moves.
//!
//! On a hexagonal board atoms and letters mean their hexagonal counterparts
//! ([`super::hexmoves`]).

use std::collections::{HashMap, HashSet};

use crate::load::dsl::{Atom, Body, Component, DslError, Range};
use crate::rules::tables::{Hop, Mode};
use crate::rules::Geometry;

use super::hexmoves;

/// Squares (as offsets from the origin) that must be empty, and that must be occupied, for one
/// way of making a conditional move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct OffsetAlternative {
    pub(crate) empty: Vec<(i8, i8)>,
    pub(crate) occupied: Vec<(i8, i8)>,
}

/// How a motion reaches its offset.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Reach {
    /// Straight there, whatever stands between.
    Leap,
    /// There when any alternative is open.
    Conditional(Vec<OffsetAlternative>),
    /// Repeatedly along the line, at most `max` times (None = to the edge).
    Ride { max: Option<u8>, hop: Hop },
    /// In two legs through the offset `via` (XBetza's `a`): capturing the enemy piece there
    /// when `captures`, or else stepping onto it empty and straight back to the origin (a
    /// pass; the motion's offset is then `(0, 0)`). A first leg onto an empty cell that
    /// goes on elsewhere is a lame leap, [`Reach::Conditional`].
    Via { via: (i8, i8), captures: bool },
}

/// One concrete motion by `(dx, dy)`, forward = +dy.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Motion {
    pub(crate) dx: i8,
    pub(crate) dy: i8,
    pub(crate) mode: Mode,
    pub(crate) initial: bool,
    pub(crate) reach: Reach,
}

impl Motion {
    /// The ways it is made: one for a leap or a line, one per alternative otherwise.
    pub(crate) fn ways(&self) -> usize {
        match &self.reach {
            Reach::Conditional(alternatives) => alternatives.len(),
            Reach::Leap | Reach::Ride { .. } | Reach::Via { .. } => 1,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Orthogonal,
    Diagonal,
    Oblique,
}

fn class(dx: i8, dy: i8) -> Class {
    if dx == 0 || dy == 0 {
        Class::Orthogonal
    } else if dx.abs() == dy.abs() {
        Class::Diagonal
    } else {
        Class::Oblique
    }
}

/// The eight images of `(a, b)` under the board's symmetries, without repeats.
fn images(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Expands one component into motions on a board of `geometry`.
///
/// # Errors
/// A [`DslError`] on the component when its modifiers do not apply to its body (for example
/// `n` on a camel, `p` on a leaper, a direction that selects no move, a path on a hexagonal
/// board).
pub(crate) fn expand(component: &Component, geometry: Geometry) -> Result<Vec<Motion>, DslError> {
    let hexagonal = matches!(geometry, Geometry::Hexagon { .. });
    let m = component.modifiers;
    let mode = match (m.move_only, m.capture_only) {
        (true, false) => Mode::Quiet,
        (false, true) => Mode::Capture,
        _ => Mode::Both,
    };
    let err = |msg: &str, help: &str| DslError::new(component.span.clone(), msg).with_help(help);
    if m.lame && m.jump {
        return Err(err(
            "`n` and `j` contradict each other",
            "a move is either lame (n) or must jump (j)",
        ));
    }
    if m.hop && m.grasshop {
        return Err(err(
            "`p` and `g` contradict each other",
            "choose a cannon (p) or a grasshopper (g)",
        ));
    }
    if !component.legs.is_empty() {
        return multi_leg(component, hexagonal);
    }
    let mut out = Vec::new();
    match &component.body {
        Body::Atom { atom, range, .. } => {
            let vectors: Vec<((i8, i8), Range)> = match (*atom, *range) {
                (Atom::Leap(a, b), r) => vec![((a as i8, b as i8), r)],
                (Atom::King, r) => vec![((1, 0), r), ((1, 1), r)],
                (Atom::Queen, r) => vec![((1, 0), r), ((1, 1), r)],
                (Atom::Rook, r) => vec![((1, 0), r)],
                (Atom::Bishop, r) => vec![((1, 1), r)],
            };
            for ((a, b), range) in vectors {
                let offsets = match hexagonal {
                    true => hexmoves::images(a as u8, b as u8),
                    false => images(a, b),
                };
                for (dx, dy) in offsets {
                    let picked = match hexagonal {
                        true => hex_selected(component, (a as u8, b as u8), dx, dy)?,
                        false => selected(component, dx, dy)?,
                    };
                    if !picked {
                        continue;
                    }
                    let reach = atom_reach(component, dx, dy, range, hexagonal)?;
                    out.push(Motion {
                        dx,
                        dy,
                        mode,
                        initial: m.initial,
                        reach,
                    });
                }
            }
        }
        Body::Path { .. } if hexagonal => {
            return Err(err(
                "paths are not written for hexagonal boards yet",
                "write the move with atoms (`W`, `F`, `N`, ...) and the `n` modifier",
            ));
        }
        Body::Path { steps, ordered, .. } => {
            if m.lame || m.jump || m.hop || m.grasshop {
                return Err(err(
                    "`n`, `j`, `p` and `g` do not apply to paths",
                    "a path never jumps: its intermediate squares must be empty",
                ));
            }
            for (dx, dy, alternatives) in path_destinations(steps, *ordered) {
                if selected(component, dx, dy)? {
                    out.push(Motion {
                        dx,
                        dy,
                        mode,
                        initial: m.initial,
                        reach: Reach::Conditional(alternatives),
                    });
                }
            }
        }
    }
    if out.is_empty() {
        return Err(err(
            "these directions select no move",
            "check the direction letters against the atom",
        ));
    }
    Ok(out)
}

/// The symmetric images of a leaper atom's vectors: a K is both W and F.
fn leaper_images(atom: Atom) -> Option<Vec<(i8, i8)>> {
    let vectors = match atom {
        Atom::Leap(a, b) => vec![(a as i8, b as i8)],
        Atom::King => vec![(1, 0), (1, 1)],
        Atom::Queen | Atom::Rook | Atom::Bishop => return None,
    };
    Some(
        vectors
            .into_iter()
            .flat_map(|(a, b)| images(a, b))
            .collect(),
    )
}

/// How a leg arrives: `m` onto an empty cell, `c` capturing, both or neither for either, except
/// that an unmarked leg before the last only moves (XBetza's reading).
fn leg_mode(m: crate::load::dsl::Modifiers, last: bool) -> Mode {
    match (m.move_only, m.capture_only) {
        (true, false) => Mode::Quiet,
        (false, true) => Mode::Capture,
        (true, true) => Mode::Both,
        (false, false) if last => Mode::Both,
        (false, false) => Mode::Quiet,
    }
}

/// A two-leg component (XBetza's `a`): its first leg by the atom in the written (absolute)
/// directions, its second by the same atom in directions relative to the first (`f` on,
/// `b` back, `l` and `r` turning), each arriving as its modifiers say.
///
/// A first leg onto an empty cell that goes on elsewhere is a lame leap; one that comes
/// back is a pass; a first leg that captures gives [`Reach::Via`] motions.
fn multi_leg(component: &Component, hexagonal: bool) -> Result<Vec<Motion>, DslError> {
    let err = |msg: &str, help: &str| DslError::new(component.span.clone(), msg).with_help(help);
    if hexagonal {
        return Err(err(
            "multi-leg moves are not written for hexagonal boards yet",
            "write the move with one-leg atoms",
        ));
    }
    if let [_, extra, ..] = &component.legs[..] {
        return Err(
            DslError::new(extra.span.clone(), "a move has at most two legs")
                .with_help("write one `a` between the first leg's letters and the second's"),
        );
    }
    let leg = &component.legs[0];
    let plain =
        |m: crate::load::dsl::Modifiers| !(m.initial || m.lame || m.jump || m.hop || m.grasshop);
    if !plain(component.modifiers) || !plain(leg.modifiers) {
        return Err(err(
            "the legs of a multi-leg move take only `m` and `c`",
            "each leg is one leap of the atom; `i`, `n`, `j`, `p` and `g` do not apply",
        ));
    }
    let vectors = match &component.body {
        Body::Atom {
            atom,
            range: Range::Leap,
            ..
        } => leaper_images(*atom),
        _ => None,
    }
    .ok_or_else(|| {
        err(
            "the legs of a multi-leg move are leaps",
            "write a leaper atom after the legs' letters: `caKmabK`, `fcafW`",
        )
    })?;
    let first = leg_mode(component.modifiers, false);
    let second = leg_mode(leg.modifiers, true);
    let mut out: Vec<Motion> = Vec::new();
    let mut push = |m: Motion| {
        if !out.contains(&m) {
            out.push(m);
        }
    };
    for &(x1, y1) in &vectors {
        if !selected_by(&component.directions, x1, y1)? {
            continue;
        }
        for &(x2, y2) in &vectors {
            let (right, ahead) = relative((x1, y1), (x2, y2));
            if !selected_by(&leg.directions, right, ahead)? {
                continue;
            }
            let (dx, dy) = (x1 + x2, y1 + y2);
            let back = (dx, dy) == (0, 0);
            if first.quiet() {
                if back && second.quiet() {
                    push(Motion {
                        dx,
                        dy,
                        mode: Mode::Quiet,
                        initial: false,
                        reach: Reach::Via {
                            via: (x1, y1),
                            captures: false,
                        },
                    });
                } else if !back {
                    push(Motion {
                        dx,
                        dy,
                        mode: second,
                        initial: false,
                        reach: Reach::Conditional(vec![OffsetAlternative {
                            empty: vec![(x1, y1)],
                            occupied: Vec::new(),
                        }]),
                    });
                }
            }
            if first.capture() && (!back || second.quiet()) {
                push(Motion {
                    dx,
                    dy,
                    mode: if back { Mode::Quiet } else { second },
                    initial: false,
                    reach: Reach::Via {
                        via: (x1, y1),
                        captures: true,
                    },
                });
            }
        }
    }
    if out.is_empty() {
        return Err(err(
            "these directions select no move",
            "check the direction letters of each leg against the atom",
        ));
    }
    Ok(out)
}

/// The second leg `(x2, y2)` seen from the first `(x1, y1)`: how far it goes right across the
/// first and forward along it, reduced to a vector of the same class and signs (a direction
/// reads only those, and a product of two long leaps would not fit).
fn relative((x1, y1): (i8, i8), (x2, y2): (i8, i8)) -> (i8, i8) {
    let (x1, y1, x2, y2) = (i32::from(x1), i32::from(y1), i32::from(x2), i32::from(y2));
    let ahead = x2 * x1 + y2 * y1;
    let right = x2 * y1 - y2 * x1;
    let (r, a) = match right.abs().cmp(&ahead.abs()) {
        _ if right == 0 || ahead == 0 => (right.signum(), ahead.signum()),
        std::cmp::Ordering::Equal => (right.signum(), ahead.signum()),
        std::cmp::Ordering::Greater => (2 * right.signum(), ahead.signum()),
        std::cmp::Ordering::Less => (right.signum(), 2 * ahead.signum()),
    };
    (r as i8, a as i8)
}

fn atom_reach(
    component: &Component,
    dx: i8,
    dy: i8,
    range: Range,
    hexagonal: bool,
) -> Result<Reach, DslError> {
    let m = component.modifiers;
    let err = |msg: &str, help: &str| DslError::new(component.span.clone(), msg).with_help(help);
    match range {
        Range::Ride(max) => {
            if m.lame || m.jump {
                return Err(err(
                    "`n` and `j` apply to leapers, not riders",
                    "a rider already stops at the first piece",
                ));
            }
            let hop = if m.hop {
                Hop::Cannon
            } else if m.grasshop {
                Hop::Grasshopper
            } else {
                Hop::None
            };
            Ok(Reach::Ride { max, hop })
        }
        Range::Leap => {
            if m.hop || m.grasshop {
                return Err(err(
                    "`p` and `g` apply to riders",
                    "write the rider, for example `pR` for a cannon or `gQ` for a grasshopper",
                ));
            }
            if !(m.lame || m.jump) {
                return Ok(Reach::Leap);
            }
            let passed = match hexagonal {
                true => hexmoves::passed(dx, dy),
                false => passed_squares(dx, dy),
            };
            let passed = passed.ok_or_else(|| {
                err(
                    "this leap has no single path to be lame or jumping on",
                    "`n` and `j` apply to W F D A H G N leaps; write other paths with [..] or {..}",
                )
            })?;
            if passed.is_empty() {
                return Ok(Reach::Leap);
            }
            let alternatives = if m.lame {
                vec![OffsetAlternative {
                    empty: passed,
                    occupied: Vec::new(),
                }]
            } else {
                passed
                    .into_iter()
                    .map(|sq| OffsetAlternative {
                        empty: Vec::new(),
                        occupied: vec![sq],
                    })
                    .collect()
            };
            Ok(Reach::Conditional(alternatives))
        }
    }
}

/// The squares a lame leap passes: along the line for straight leaps, the orthogonal square
/// first for the knight (as a Xiangqi horse). `None` for other oblique leaps.
fn passed_squares(dx: i8, dy: i8) -> Option<Vec<(i8, i8)>> {
    match class(dx, dy) {
        Class::Orthogonal | Class::Diagonal => {
            let n = dx.abs().max(dy.abs());
            let (ux, uy) = (dx.signum(), dy.signum());
            Some((1..n).map(|k| (ux * k, uy * k)).collect())
        }
        Class::Oblique if dx.abs().max(dy.abs()) == 2 && dx.abs().min(dy.abs()) == 1 => {
            Some(vec![if dx.abs() == 2 {
                (dx.signum(), 0)
            } else {
                (0, dy.signum())
            }])
        }
        Class::Oblique => None,
    }
}

/// Whether the component's directions select the move `(dx, dy)` of the atom `(a, b)` on
/// a hexagonal board.
fn hex_selected(component: &Component, atom: (u8, u8), dx: i8, dy: i8) -> Result<bool, DslError> {
    if component.directions.is_empty() {
        return Ok(true);
    }
    for token in &component.directions {
        match hexmoves::selects(&token.letters, atom, dx, dy) {
            Some(true) => return Ok(true),
            Some(false) => {}
            None => {
                return Err(DslError::new(
                    token.span.clone(),
                    format!(
                        "`{}` is not a direction on a hexagonal board",
                        token.letters
                    ),
                )
                .with_help(
                    "use one letter (`f`, `r`, `v`, ...) or two different ones (`fr`, `fs`); \
                     `h` goes after `l` or `r` on oblique atoms",
                ))
            }
        }
    }
    Ok(false)
}

/// Whether the component's directions select the move `(dx, dy)`.
fn selected(component: &Component, dx: i8, dy: i8) -> Result<bool, DslError> {
    selected_by(&component.directions, dx, dy)
}

/// Whether the direction tokens select the move `(dx, dy)` (every move when there are none).
fn selected_by(
    directions: &[crate::load::dsl::DirToken],
    dx: i8,
    dy: i8,
) -> Result<bool, DslError> {
    if directions.is_empty() {
        return Ok(true);
    }
    let c = class(dx, dy);
    for token in directions {
        let letters: Vec<char> = token.letters.chars().collect();
        let hit = match letters[..] {
            [x] => single(x, c, dx, dy),
            [x, y] => pair(x, y, c, dx, dy),
            _ => None,
        };
        match hit {
            Some(true) => return Ok(true),
            Some(false) => {}
            None => {
                return Err(DslError::new(
                    token.span.clone(),
                    format!("`{}` is not a direction here", token.letters),
                )
                .with_help("`h` goes after `l` or `r` on oblique atoms (`rhN`, `lhN`)"))
            }
        }
    }
    Ok(false)
}

fn single(x: char, c: Class, dx: i8, dy: i8) -> Option<bool> {
    Some(match x {
        'f' => dy > 0,
        'b' => dy < 0,
        'l' => dx < 0,
        'r' => dx > 0,
        'v' => match c {
            Class::Orthogonal => dx == 0,
            Class::Diagonal => true,
            Class::Oblique => dy.abs() > dx.abs(),
        },
        's' => match c {
            Class::Orthogonal => dy == 0,
            Class::Diagonal => true,
            Class::Oblique => dx.abs() > dy.abs(),
        },
        _ => return None,
    })
}

fn pair(x: char, y: char, c: Class, dx: i8, dy: i8) -> Option<bool> {
    if y == 'h' {
        if c != Class::Oblique {
            return None;
        }
        let clockwise = (dx.abs() > dy.abs()) == (dx * dy > 0);
        return match x {
            'r' => Some(clockwise),
            'l' => Some(!clockwise),
            _ => None,
        };
    }
    match c {
        Class::Orthogonal => Some(single(x, c, dx, dy)? || single(y, c, dx, dy)?),
        Class::Diagonal => Some(single(x, c, dx, dy)? && single(y, c, dx, dy)?),
        Class::Oblique => {
            let major = match y {
                'f' => dy > 0 && dy.abs() > dx.abs(),
                'b' => dy < 0 && dy.abs() > dx.abs(),
                'l' => dx < 0 && dx.abs() > dy.abs(),
                'r' => dx > 0 && dx.abs() > dy.abs(),
                'v' => dy.abs() > dx.abs(),
                's' => dx.abs() > dy.abs(),
                _ => return None,
            };
            Some(major && (x == y || single(x, c, dx, dy)?))
        }
    }
}

/// Offsets from the origin.
type Offsets = Vec<(i8, i8)>;

/// Every destination of a path in all orientations, with the intermediate squares of each
/// distinct way of reaching it.
fn path_destinations(
    steps: &[crate::load::dsl::Step],
    ordered: bool,
) -> Vec<(i8, i8, Vec<OffsetAlternative>)> {
    let base: Vec<(i8, i8)> = steps.iter().map(|s| (s.dx, s.dy)).collect();
    let orders = if ordered {
        vec![base]
    } else {
        permutations(&base)
    };
    let mut out: Vec<(i8, i8, Vec<OffsetAlternative>)> = Vec::new();
    // Each destination's place in `out`, and the ways found: up to 720 orders in eight
    // orientations are merged without scanning.
    let mut at: HashMap<(i8, i8), usize> = HashMap::new();
    let mut seen: HashSet<((i8, i8), Offsets)> = HashSet::new();
    // The eight symmetries of the square: optionally swap the axes, then flip signs.
    for (swap, fx, fy) in [false, true]
        .into_iter()
        .flat_map(|s| [(s, 1, 1), (s, -1, 1), (s, 1, -1), (s, -1, -1)])
    {
        let sym = |(x, y): (i8, i8)| {
            if swap {
                (fx * y, fy * x)
            } else {
                (fx * x, fy * y)
            }
        };
        for order in &orders {
            let (mut x, mut y) = (0i8, 0i8);
            let mut passed = Vec::new();
            for (i, &step) in order.iter().enumerate() {
                let (sx, sy) = sym(step);
                x += sx;
                y += sy;
                if i + 1 < order.len() {
                    passed.push((x, y));
                }
            }
            if (x, y) == (0, 0) || passed.contains(&(0, 0)) {
                continue;
            }
            if !seen.insert(((x, y), passed.clone())) {
                continue;
            }
            let alt = OffsetAlternative {
                empty: passed,
                occupied: Vec::new(),
            };
            let i = *at.entry((x, y)).or_insert_with(|| {
                out.push((x, y, Vec::new()));
                out.len() - 1
            });
            out[i].2.push(alt);
        }
    }
    out
}

/// Distinct orderings of a list of steps.
fn permutations(items: &[(i8, i8)]) -> Vec<Vec<(i8, i8)>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out: Vec<Vec<(i8, i8)>> = Vec::new();
    for i in 0..items.len() {
        if items[..i].contains(&items[i]) {
            continue;
        }
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::dsl::parse_movement;

    fn moves(betza: &str) -> Vec<(i8, i8)> {
        let m = parse_movement(betza).unwrap();
        let mut v: Vec<(i8, i8)> = m
            .components
            .iter()
            .flat_map(|c| expand(c, Geometry::Square).unwrap())
            .map(|m| (m.dx, m.dy))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    #[test]
    fn second_legs_are_seen_from_the_first() {
        // Straight on, back, right and left of a step north; a long leap does not overflow.
        assert_eq!(relative((0, 1), (0, 1)), (0, 1));
        assert_eq!(relative((0, 1), (0, -1)), (0, -1));
        assert_eq!(relative((0, 1), (1, 0)), (1, 0));
        assert_eq!(relative((0, 1), (-1, 0)), (-1, 0));
        // After a diagonal step the frame turns by 45 degrees.
        assert_eq!(relative((1, 1), (1, 0)), (1, 1));
        assert_eq!(relative((1, 1), (-1, -1)), (0, -1));
        assert_eq!(relative((15, 15), (15, 14)), (1, 2));
    }

    #[test]
    fn oblique_directions_follow_xbetza() {
        assert_eq!(moves("ffN"), [(-1, 2), (1, 2)]);
        assert_eq!(moves("fsN"), [(-2, 1), (2, 1)]);
        assert_eq!(moves("fN"), [(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(moves("rfN"), [(1, 2)]);
        assert_eq!(moves("frN"), [(2, 1)]);
        assert_eq!(moves("vN"), [(-1, -2), (-1, 2), (1, -2), (1, 2)]);
        assert_eq!(moves("rhN"), [(-2, -1), (-1, 2), (1, -2), (2, 1)]);
    }

    #[test]
    fn orthogonal_letters_add_and_diagonal_letters_intersect() {
        assert_eq!(moves("frW"), [(0, 1), (1, 0)]);
        assert_eq!(moves("frF"), [(1, 1)]);
        assert_eq!(moves("fF"), [(-1, 1), (1, 1)]);
        assert_eq!(moves("sW"), [(-1, 0), (1, 0)]);
    }

    #[test]
    fn two_straight_one_diagonal_paths_reach_sixteen_squares_three_ways() {
        // The falcon of Falcon Chess (docs/games/falcon-chess.md).
        let m = parse_movement("{WWF}{FFW}").unwrap();
        let motions: Vec<Motion> = m
            .components
            .iter()
            .flat_map(|c| expand(c, Geometry::Square).unwrap())
            .collect();
        assert_eq!(motions.len(), 16);
        for motion in &motions {
            let Reach::Conditional(alts) = &motion.reach else {
                panic!()
            };
            assert_eq!(alts.len(), 3, "{motion:?}");
            let (ax, ay) = (motion.dx.abs(), motion.dy.abs());
            assert!(matches!((ax.min(ay), ax.max(ay)), (1, 3) | (2, 3)));
        }
        let to_1_3 = motions.iter().find(|m| (m.dx, m.dy) == (1, 3)).unwrap();
        let Reach::Conditional(alts) = &to_1_3.reach else {
            panic!()
        };
        let mut squares: Vec<Vec<(i8, i8)>> = alts.iter().map(|a| a.empty.clone()).collect();
        squares.sort();
        assert_eq!(
            squares,
            [
                vec![(0, 1), (0, 2)],
                vec![(0, 1), (1, 2)],
                vec![(1, 1), (1, 2)]
            ]
        );
    }

    #[test]
    fn lame_knight_passes_the_orthogonal_square() {
        let m = parse_movement("nN").unwrap();
        let motions = expand(&m.components[0], Geometry::Square).unwrap();
        let m12 = motions.iter().find(|m| (m.dx, m.dy) == (1, 2)).unwrap();
        assert_eq!(
            m12.reach,
            Reach::Conditional(vec![OffsetAlternative {
                empty: vec![(0, 1)],
                occupied: vec![]
            }])
        );
    }

    #[test]
    fn modifiers_that_do_not_apply_are_errors() {
        let m = parse_movement("pN").unwrap();
        assert!(expand(&m.components[0], Geometry::Square).is_err());
        let m = parse_movement("nC").unwrap();
        assert!(expand(&m.components[0], Geometry::Square).is_err());
        let m = parse_movement("hW").unwrap();
        assert_eq!(
            expand(&m.components[0], Geometry::Square).unwrap_err().span,
            0..1
        );
    }
}
