//! Piece movement in Betza notation, extended with ordered and unordered step paths.

use std::ops::Range as ByteRange;

use pest::iterators::Pair;
use pest::Parser;

use super::{from_pest, DslError, FairyParser, Rule};

/// A piece's whole movement: the union of its components.
///
/// See the example of [`parse_movement`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movement {
    /// The components in written order.
    pub components: Vec<Component>,
}

/// One component such as `ifmnD`: modifiers and directions applied to a body.
///
/// See the example of [`parse_movement`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// Byte range of the whole component in the source string.
    pub span: ByteRange<usize>,
    /// The modifier letters (m c i n j p g).
    pub modifiers: Modifiers,
    /// Direction tokens (f, fl, fs, rh, ...) in written order; empty means every direction.
    pub directions: Vec<DirToken>,
    /// What moves: an atom with its range, or a path.
    pub body: Body,
    /// The legs after the first of a multi-leg move (XBetza's `a`): `caKmabK` is two
    /// components, each with one further leg. Empty for a one-leg move; `modifiers` and
    /// `directions` above are then the first leg's.
    pub legs: Vec<Leg>,
}

/// A leg after the first of a multi-leg move: its modifiers (`m`, `c`) and its directions,
/// which are relative to the previous leg (`f` goes on the same way, `b` comes back).
///
/// See the example of [`parse_movement`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leg {
    /// The modifier letters written for this leg.
    pub modifiers: Modifiers,
    /// Its direction tokens, relative to the previous leg; empty means every direction.
    pub directions: Vec<DirToken>,
    /// Byte range of the leg's letters, its `a` included.
    pub span: ByteRange<usize>,
}

/// Betza modifiers of a component. `m` and `c` together mean the same as neither.
///
/// See the example of [`parse_movement`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Modifiers {
    /// `m`: moves only, never captures.
    pub move_only: bool,
    /// `c`: captures only.
    pub capture_only: bool,
    /// `i`: only as the piece's first move.
    pub initial: bool,
    /// `n`: non-jumping (lame): the squares passed over must be empty.
    pub lame: bool,
    /// `j`: must jump: a square passed over must be occupied.
    pub jump: bool,
    /// `p`: hopper (cannon): rides, hops exactly one piece, continues beyond it.
    pub hop: bool,
    /// `g`: grasshopper: rides to the first piece and lands just beyond it.
    pub grasshop: bool,
}

/// A direction token: one letter, or two letters read together (`fl`, `fs`, `rh`).
///
/// See the example of [`parse_movement`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirToken {
    /// The letters, one or two of `f b l r v s h`.
    pub letters: String,
    /// Byte range in the source string.
    pub span: ByteRange<usize>,
}

/// The body of a component.
///
/// See the example of [`parse_movement`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// A Betza atom with its range.
    Atom {
        /// The atom.
        atom: Atom,
        /// Leaper or rider.
        range: Range,
        /// Byte range of the atom (and its range suffix).
        span: ByteRange<usize>,
    },
    /// A step path; `ordered` for `[...]`, any order for `{...}`.
    Path {
        /// Steps in written order.
        steps: Vec<Step>,
        /// Whether the steps must be taken in the written order.
        ordered: bool,
        /// Byte range of the brackets and their content.
        span: ByteRange<usize>,
    },
}

/// A Betza atom.
///
/// See the example of [`parse_movement`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Atom {
    /// A leap by `(x, y)` squares in all its symmetric orientations: W=(1,0), F=(1,1),
    /// D=(2,0), N=(2,1), A=(2,2), H=(3,0), C=(3,1), Z=(3,2), G=(3,3), or written `(x,y)`.
    Leap(u8, u8),
    /// `K` = W and F.
    King,
    /// `Q` = WW and FF.
    Queen,
    /// `R` = WW.
    Rook,
    /// `B` = FF.
    Bishop,
}

/// How far an atom repeats along its line.
///
/// See the example of [`parse_movement`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// One leap (the atom alone, or K/W1).
    Leap,
    /// Repeated leaps along a line, at most this many (None = until blocked or the edge).
    Ride(Option<u8>),
}

/// One step of a path, in the path's canonical orientation (forward is +y).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// File offset of the step.
    pub dx: i8,
    /// Rank offset of the step.
    pub dy: i8,
}

/// Parses a movement string such as `fmWfcFifmnD` or `{WWF}{FFW}` (a piece's `moves:`,
/// Betza notation as `docs/authoring.md` extends it).
///
/// ```
/// use fairy_rules::dsl::{parse_movement, Atom, Body, Range};
/// let pawn = parse_movement("fmWfcFifmnD")?;
/// assert_eq!(pawn.components.len(), 3);
/// let double_step = &pawn.components[2];
/// assert!(double_step.modifiers.initial && double_step.modifiers.move_only && double_step.modifiers.lame);
/// assert_eq!(double_step.directions[0].letters, "f");
/// assert_eq!(double_step.body, Body::Atom { atom: Atom::Leap(2, 0), range: Range::Leap, span: 10..11 });
///
/// let e = parse_movement("Kz").unwrap_err();
/// assert_eq!((e.message.as_str(), e.span.clone()), ("unexpected `z` in movement", 1..2));
/// # Ok::<(), fairy_rules::dsl::DslError>(())
/// ```
///
/// # Errors
/// A [`DslError`] whose span points at the first character that is not valid movement text,
/// or at a construct that is well-formed but meaningless (a range of `1000`, a `(0,0)` leap).
///
/// # Panics
/// Not on any input: it only expects of pest's parse tree what the grammar
/// (`grammar/fairy.pest`) guarantees; `tests/properties` feeds it arbitrary text.
pub fn parse_movement(input: &str) -> Result<Movement, DslError> {
    let mut pairs =
        FairyParser::parse(Rule::movement, input).map_err(|e| from_pest(e, input, "movement"))?;
    let top = pairs.next().expect("movement rule always yields one pair");
    let mut components = Vec::new();
    for pair in top.into_inner() {
        if pair.as_rule() == Rule::component {
            components.push(component(pair)?);
        }
    }
    Ok(Movement { components })
}

fn component(pair: Pair<Rule>) -> Result<Component, DslError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let mut inner = pair.into_inner();
    let prefix = inner.next().expect("component starts with a prefix");
    let (modifiers, directions, legs) = prefix_letters(&prefix);
    let body_pair = inner.next().expect("component has a body");
    let body = match body_pair.as_rule() {
        Rule::ranged => ranged(body_pair)?,
        Rule::path => path(body_pair)?,
        other => unreachable!("unexpected rule {other:?} in component"),
    };
    Ok(Component {
        span,
        modifiers,
        directions,
        body,
        legs,
    })
}

/// Splits the prefix into modifiers and direction tokens, pairing adjacent direction letters
/// the way Betza notation reads them (`fl`, `fs`, `ff`, `rh`); each `a` starts a further leg.
fn prefix_letters(prefix: &Pair<Rule>) -> (Modifiers, Vec<DirToken>, Vec<Leg>) {
    let base = prefix.as_span().start();
    let text = prefix.as_str();
    let mut groups = vec![(Modifiers::default(), Vec::new(), base)];
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == 'a' {
            groups.push((Modifiers::default(), Vec::new(), base + i));
            i += 1;
            continue;
        }
        let (modifiers, directions, _) = groups.last_mut().expect("one group at least");
        match c {
            'm' => modifiers.move_only = true,
            'c' => modifiers.capture_only = true,
            'i' => modifiers.initial = true,
            'n' => modifiers.lame = true,
            'j' => modifiers.jump = true,
            'p' => modifiers.hop = true,
            'g' => modifiers.grasshop = true,
            _ => {
                let pairs_with_next = chars.get(i + 1).is_some_and(|&d| pairs(c, d));
                let len = if pairs_with_next { 2 } else { 1 };
                directions.push(DirToken {
                    letters: chars[i..i + len].iter().collect(),
                    span: base + i..base + i + len,
                });
                i += len;
                continue;
            }
        }
        i += 1;
    }
    let mut groups = groups.into_iter();
    let (modifiers, directions, _) = groups.next().expect("one group at least");
    let mut legs: Vec<Leg> = groups
        .map(|(modifiers, directions, start)| Leg {
            modifiers,
            directions,
            span: start..start,
        })
        .collect();
    // Each leg's letters run up to the next leg's `a`, the last one's to the body.
    let ends: Vec<usize> = legs
        .iter()
        .skip(1)
        .map(|l| l.span.start)
        .chain([base + text.len()])
        .collect();
    for (leg, end) in legs.iter_mut().zip(ends) {
        leg.span.end = end;
    }
    (modifiers, directions, legs)
}

/// Whether two adjacent direction letters form one token: the same letter twice, or letters on
/// different axes (`fl`, `fs`, `rv`), or a side with `h` (chiral half).
fn pairs(a: char, b: char) -> bool {
    let axis = |c: char| match c {
        'f' | 'b' | 'v' => Some(0),
        'l' | 'r' | 's' => Some(1),
        _ => None,
    };
    matches!(a, 'f' | 'b' | 'l' | 'r')
        && (a == b || b == 'h' || (axis(b).is_some() && axis(a) != axis(b)))
}

fn ranged(pair: Pair<Rule>) -> Result<Body, DslError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let mut inner = pair.into_inner();
    let atom_pair = inner.next().expect("ranged starts with an atom");
    let atom = atom(atom_pair)?;
    let range = match inner.next() {
        None => match atom {
            Atom::Leap(..) | Atom::King => Range::Leap,
            Atom::Queen | Atom::Rook | Atom::Bishop => Range::Ride(None),
        },
        Some(p) if p.as_rule() == Rule::doubled => Range::Ride(None),
        Some(p) => {
            let digits = p.as_str();
            let n: u8 = digits.parse().map_err(|_| {
                DslError::new(p.as_span().start()..p.as_span().end(), "range is too large")
                    .with_help("a range is the most steps along the line, 0 to 255 (0 = unlimited)")
            })?;
            match n {
                0 => Range::Ride(None),
                1 => Range::Leap,
                n => Range::Ride(Some(n)),
            }
        }
    };
    Ok(Body::Atom { atom, range, span })
}

fn atom(pair: Pair<Rule>) -> Result<Atom, DslError> {
    let inner = pair.into_inner().next().expect("atom has one alternative");
    Ok(match inner.as_rule() {
        Rule::letter_atom => match inner.as_str() {
            "K" => Atom::King,
            "Q" => Atom::Queen,
            "R" => Atom::Rook,
            "B" => Atom::Bishop,
            s => {
                let (x, y) = letter_vector(s);
                Atom::Leap(x.max(y).unsigned_abs(), x.min(y).unsigned_abs())
            }
        },
        Rule::leap => {
            let (x, y) = leap(inner)?;
            Atom::Leap(
                x.unsigned_abs().max(y.unsigned_abs()),
                x.unsigned_abs().min(y.unsigned_abs()),
            )
        }
        other => unreachable!("unexpected rule {other:?} in atom"),
    })
}

/// The canonical vector of a one-letter atom: the forward, right-leaning orientation.
fn letter_vector(s: &str) -> (i8, i8) {
    match s {
        "W" => (0, 1),
        "F" => (1, 1),
        "D" => (0, 2),
        "N" => (1, 2),
        "A" => (2, 2),
        "H" => (0, 3),
        "C" => (1, 3),
        "Z" => (2, 3),
        "G" => (3, 3),
        other => unreachable!("not a leap letter: {other}"),
    }
}

fn leap(pair: Pair<Rule>) -> Result<(i8, i8), DslError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let mut nums = pair.into_inner().map(|p| p.as_str().parse::<i8>());
    let (Some(Ok(x)), Some(Ok(y))) = (nums.next(), nums.next()) else {
        return Err(DslError::new(span, "leap coordinates are too large")
            .with_help("write each coordinate as a number from 0 to 15"));
    };
    if x > 15 || y > 15 {
        return Err(DslError::new(span, "leap coordinates are too large")
            .with_help("write each coordinate as a number from 0 to 15"));
    }
    if x == 0 && y == 0 {
        return Err(DslError::new(span, "a (0,0) leap goes nowhere"));
    }
    Ok((x, y))
}

fn path(pair: Pair<Rule>) -> Result<Body, DslError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let kind = pair.into_inner().next().expect("path has one alternative");
    let ordered = kind.as_rule() == Rule::ordered;
    let mut steps = Vec::new();
    for step_pair in kind.into_inner() {
        steps.push(step(step_pair)?);
    }
    if steps.len() < 2 {
        return Err(DslError::new(span, "a path needs at least two steps")
            .with_help("a single step is an atom: write `W` instead of `[W]`"));
    }
    if steps.len() > 6 {
        return Err(DslError::new(span, "a path has at most six steps"));
    }
    Ok(Body::Path {
        steps,
        ordered,
        span,
    })
}

fn step(pair: Pair<Rule>) -> Result<Step, DslError> {
    let span = pair.as_span().start()..pair.as_span().end();
    let mut inner = pair.into_inner();
    let dir = inner
        .next()
        .expect("step has a direction (maybe empty)")
        .as_str()
        .to_string();
    let atom_pair = inner
        .next()
        .expect("step has an atom")
        .into_inner()
        .next()
        .expect("one");
    let (x, y) = match atom_pair.as_rule() {
        Rule::step_letter => letter_vector(atom_pair.as_str()),
        Rule::leap => leap(atom_pair)?,
        other => unreachable!("unexpected rule {other:?} in step"),
    };
    orient_step(x, y, &dir)
        .map(|(dx, dy)| Step { dx, dy })
        .ok_or_else(|| {
            DslError::new(span, format!("`{dir}` is not a direction of this step")).with_help(
                "a straight step takes f, b, l or r (`rW` = one square right); a diagonal step \
                 fr, fl, br or bl; other steps are written as (x,y) vectors",
            )
        })
}

/// Points a step's canonical vector (forward, right-leaning) in the written direction.
fn orient_step(x: i8, y: i8, dir: &str) -> Option<(i8, i8)> {
    if dir.is_empty() || dir == "f" && x == 0 || dir == "fr" && x == y {
        return Some((x, y));
    }
    if x == 0 {
        return match dir {
            "b" => Some((0, -y)),
            "r" => Some((y, 0)),
            "l" => Some((-y, 0)),
            _ => None,
        };
    }
    if x == y {
        return match dir {
            "fl" | "lf" => Some((-x, y)),
            "br" | "rb" => Some((x, -y)),
            "bl" | "lb" => Some((-x, -y)),
            "rf" => Some((x, y)),
            _ => None,
        };
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(s: &str) -> Vec<String> {
        parse_movement(s).unwrap().components[0]
            .directions
            .iter()
            .map(|d| d.letters.clone())
            .collect()
    }

    #[test]
    fn pawn_splits_into_three_components() {
        let m = parse_movement("fmWfcFifmnD").unwrap();
        assert_eq!(m.components.len(), 3);
        assert!(m.components[0].modifiers.move_only);
        assert!(m.components[1].modifiers.capture_only);
        let third = &m.components[2];
        assert!(third.modifiers.initial && third.modifiers.lame && third.modifiers.move_only);
        assert_eq!(third.span, 6..11);
        assert_eq!(
            third.body,
            Body::Atom {
                atom: Atom::Leap(2, 0),
                range: Range::Leap,
                span: 10..11
            }
        );
    }

    #[test]
    fn doubling_and_ranges() {
        let m = parse_movement("NNW4R2K").unwrap();
        let ranges: Vec<Range> = m
            .components
            .iter()
            .map(|c| match c.body {
                Body::Atom { range, .. } => range,
                _ => panic!(),
            })
            .collect();
        assert_eq!(
            ranges,
            [
                Range::Ride(None),
                Range::Ride(Some(4)),
                Range::Ride(Some(2)),
                Range::Leap
            ]
        );
    }

    #[test]
    fn direction_letters_pair_as_betza_reads_them() {
        assert_eq!(dirs("flN"), ["fl"]);
        assert_eq!(dirs("fsN"), ["fs"]);
        assert_eq!(dirs("ffN"), ["ff"]);
        assert_eq!(dirs("fbW"), ["f", "b"]);
        assert_eq!(dirs("vsW"), ["v", "s"]);
        assert_eq!(dirs("rhN"), ["rh"]);
        assert_eq!(dirs("mfW"), ["f"]);
    }

    #[test]
    fn legs_split_at_a() {
        let m = parse_movement("KNADcaKmabK").unwrap();
        let capture = &m.components[4];
        assert!(capture.modifiers.capture_only);
        assert_eq!(capture.legs.len(), 1);
        assert_eq!(capture.legs[0].modifiers, Modifiers::default());
        assert_eq!(capture.legs[0].span, 5..6);
        let pass = &m.components[5];
        assert!(pass.modifiers.move_only && pass.directions.is_empty());
        assert_eq!(pass.legs[0].directions[0].letters, "b");
        assert_eq!(pass.legs[0].span, 8..10);
        assert!(m.components[..4].iter().all(|c| c.legs.is_empty()));
        let three = parse_movement("cacaK").unwrap();
        let spans: Vec<_> = three.components[0]
            .legs
            .iter()
            .map(|l| l.span.clone())
            .collect();
        assert_eq!(spans, [1..3, 3..4]);
    }

    #[test]
    fn paths_keep_step_vectors() {
        let m = parse_movement("{WWF}[WWrW]").unwrap();
        let Body::Path { steps, ordered, .. } = &m.components[1].body else {
            panic!()
        };
        assert!(*ordered);
        let v: Vec<(i8, i8)> = steps.iter().map(|s| (s.dx, s.dy)).collect();
        assert_eq!(v, [(0, 1), (0, 1), (1, 0)]);
    }

    #[test]
    fn unknown_atom_points_at_it() {
        let e = parse_movement("fmWX").unwrap_err();
        assert_eq!(e.span, 3..4);
        assert_eq!(e.message, "unexpected `X` in movement");
    }

    #[test]
    fn bad_step_direction_is_reported_on_the_step() {
        let e = parse_movement("[WlN]").unwrap_err();
        assert_eq!(e.span, 2..4);
    }
}
