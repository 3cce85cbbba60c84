//! An independent reference for Gliński's and McCooey's hexagonal chess: a small move
//! generator on cube coordinates, written from the rules pages (docs/games/glinski.md,
//! docs/games/mccooey.md) alone. It shares nothing with the engine: not its grid, not its
//! names, not its FEN reader (it writes Hex-FEN itself), not its movement language.

/// A cell as cube coordinates `(x, y, z)`, `x + y + z = 0`, the centre at the origin.
/// `x` grows toward the right-hand files, `y` up a file (and `z` falls).
pub type Cube = (i32, i32, i32);

/// Cells within this many steps of the centre: the hexagon of side 6.
const RADIUS: i32 = 5;

/// The six steps through an edge.
const ORTHOGONAL: [Cube; 6] = [
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
    (0, -1, 1),
];

/// The six steps through a vertex.
const DIAGONAL: [Cube; 6] = [
    (2, -1, -1),
    (1, 1, -2),
    (-1, 2, -1),
    (-2, 1, 1),
    (-1, -1, 2),
    (1, -2, 1),
];

/// White's forward: up the file.
const UP: Cube = (0, 1, -1);

fn add(a: Cube, b: Cube) -> Cube {
    (a.0 + b.0, a.1 + b.1, a.2 + b.2)
}

fn neg(a: Cube) -> Cube {
    (-a.0, -a.1, -a.2)
}

fn on_board(c: Cube) -> bool {
    c.0.abs().max(c.1.abs()).max(c.2.abs()) <= RADIUS
}

/// The knight's twelve leaps: the nearest cells a queen cannot reach, three steps away and
/// on no line (no coordinate zero).
fn knight_leaps() -> Vec<Cube> {
    let mut out = Vec::new();
    for x in -3..=3i32 {
        for y in -3..=3i32 {
            let z = -x - y;
            if x.abs().max(y.abs()).max(z.abs()) == 3 && x != 0 && y != 0 && z != 0 {
                out.push((x, y, z));
            }
        }
    }
    out
}

const FILES: &[u8] = b"abcdefghikl";

/// The lowest `y` of file `x`.
fn bottom(x: i32) -> i32 {
    (-RADIUS).max(-RADIUS - x)
}

/// The cell named `name` (`f11`).
pub fn cell(name: &str) -> Cube {
    let x = FILES.iter().position(|&f| f == name.as_bytes()[0]).unwrap() as i32 - RADIUS;
    let n: i32 = name[1..].parse().unwrap();
    let y = bottom(x) + n - 1;
    let c = (x, y, -x - y);
    assert!(on_board(c), "{name}");
    c
}

/// The name of a cell.
pub fn name(c: Cube) -> String {
    format!(
        "{}{}",
        FILES[(c.0 + RADIUS) as usize] as char,
        c.1 - bottom(c.0) + 1
    )
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Queen => 'Q',
            Kind::King => 'K',
        }
    }
}

/// What differs between the two games.
#[derive(Clone)]
pub struct Rules {
    /// White's pawn captures (Black's are their opposites).
    pub pawn_captures: Vec<Cube>,
    /// White's cells a pawn may step two from (Black's are their mirror images).
    pub double_step: Vec<Cube>,
}

impl Rules {
    /// Gliński's: captures on the two cells sharing an edge ahead, 60 degrees off forward;
    /// two steps from any of the side's pawn start cells.
    pub fn glinski() -> Rules {
        Rules {
            pawn_captures: vec![(1, 0, -1), (-1, 1, 0)],
            double_step: ["b1", "c2", "d3", "e4", "f5", "g4", "h3", "i2", "k1"]
                .map(cell)
                .to_vec(),
        }
    }

    /// McCooey's: captures on the two forward diagonals; two steps from the start cells but
    /// the middle file's.
    pub fn mccooey() -> Rules {
        Rules {
            pawn_captures: vec![(1, 1, -2), (-1, 2, -1)],
            double_step: ["c1", "d2", "e3", "g3", "h2", "i1"].map(cell).to_vec(),
        }
    }
}

/// The mirror image of a cell across the board's middle rank line: Black's side of it.
fn mirror(c: Cube) -> Cube {
    // Reflect within the file: the k-th cell from the bottom becomes the k-th from the top.
    let top = bottom(c.0) + (2 * RADIUS + 1 - c.0.abs()) - 1;
    let y = bottom(c.0) + top - c.1;
    (c.0, y, -c.0 - y)
}

type Square = Option<(bool, Kind)>;

#[derive(Clone)]
pub struct Board {
    cells: [Square; 121],
    white_to_move: bool,
    en_passant: Option<(Cube, Cube)>,
}

fn index(c: Cube) -> usize {
    ((c.0 + RADIUS) * 11 + (c.1 + RADIUS)) as usize
}

/// A move: from, to, promotion, and the cell of a pawn taken en passant.
type Move = (Cube, Cube, Option<Kind>, Option<Cube>);

impl Board {
    /// White's pieces from a list of names per kind; Black's are their mirror images.
    pub fn new(white: &[(Kind, &[&str])]) -> Board {
        let mut b = Board {
            cells: [None; 121],
            white_to_move: true,
            en_passant: None,
        };
        for &(kind, names) in white {
            for &n in names {
                b.cells[index(cell(n))] = Some((true, kind));
                b.cells[index(mirror(cell(n)))] = Some((false, kind));
            }
        }
        b
    }

    /// Puts a piece on a cell, or empties it.
    pub fn put(&mut self, name: &str, piece: Square) {
        self.cells[index(cell(name))] = piece;
    }

    fn at(&self, c: Cube) -> Square {
        self.cells[index(c)]
    }

    /// The board in Hex-FEN: files a to l, each from its cell 1 up; then the side to move.
    pub fn hex_fen(&self) -> String {
        let mut files = Vec::new();
        for x in -RADIUS..=RADIUS {
            let mut s = String::new();
            let mut empty = 0;
            let mut y = bottom(x);
            while on_board((x, y, -x - y)) {
                match self.at((x, y, -x - y)) {
                    None => empty += 1,
                    Some((white, kind)) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let l = kind.letter();
                        s.push(if white { l } else { l.to_ascii_lowercase() });
                    }
                }
                y += 1;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            files.push(s);
        }
        let side = if self.white_to_move { "w" } else { "b" };
        format!("{} {side} - - 0 1", files.join("/"))
    }

    fn attacked(&self, target: Cube, by_white: bool, rules: &Rules) -> bool {
        let enemy = |c: Cube, kinds: &[Kind]| {
            on_board(c) && matches!(self.at(c), Some((w, k)) if w == by_white && kinds.contains(&k))
        };
        for (dirs, slider) in [(ORTHOGONAL, Kind::Rook), (DIAGONAL, Kind::Bishop)] {
            for d in dirs {
                if enemy(add(target, d), &[Kind::King]) {
                    return true;
                }
                let mut c = add(target, d);
                while on_board(c) {
                    if self.at(c).is_some() {
                        if enemy(c, &[slider, Kind::Queen]) {
                            return true;
                        }
                        break;
                    }
                    c = add(c, d);
                }
            }
        }
        if knight_leaps()
            .into_iter()
            .any(|l| enemy(add(target, l), &[Kind::Knight]))
        {
            return true;
        }
        // A pawn attacks the cells its captures reach: look back along them.
        rules.pawn_captures.iter().any(|&d| {
            let d = if by_white { d } else { neg(d) };
            enemy(add(target, neg(d)), &[Kind::Pawn])
        })
    }

    fn pseudo_moves(&self, rules: &Rules) -> Vec<Move> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        let knights = knight_leaps();
        for x in -RADIUS..=RADIUS {
            for y in -RADIUS..=RADIUS {
                let from = (x, y, -x - y);
                if !on_board(from) {
                    continue;
                }
                let Some((white, kind)) = self.at(from) else {
                    continue;
                };
                if white != me {
                    continue;
                }
                let free = |c: Cube| on_board(c) && self.at(c).is_none();
                let takes = |c: Cube| on_board(c) && matches!(self.at(c), Some((w, _)) if w != me);
                let add_to = |to: Cube, out: &mut Vec<Move>| out.push((from, to, None, None));
                match kind {
                    Kind::Pawn => {
                        let fwd = if me { UP } else { neg(UP) };
                        let pawn_to = |to: Cube, ep: Option<Cube>, out: &mut Vec<Move>| {
                            if !on_board(add(to, fwd)) {
                                for k in [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight] {
                                    out.push((from, to, Some(k), ep));
                                }
                            } else {
                                out.push((from, to, None, ep));
                            }
                        };
                        let one = add(from, fwd);
                        if free(one) {
                            pawn_to(one, None, &mut out);
                            let home = if me { from } else { mirror(from) };
                            let two = add(one, fwd);
                            if rules.double_step.contains(&home) && free(two) {
                                pawn_to(two, None, &mut out);
                            }
                        }
                        for &d in &rules.pawn_captures {
                            let to = add(from, if me { d } else { neg(d) });
                            if takes(to) {
                                pawn_to(to, None, &mut out);
                            } else if let Some((passed, pawn)) = self.en_passant {
                                if passed == to {
                                    pawn_to(to, Some(pawn), &mut out);
                                }
                            }
                        }
                    }
                    Kind::Knight => {
                        for &l in &knights {
                            let to = add(from, l);
                            if free(to) || takes(to) {
                                add_to(to, &mut out);
                            }
                        }
                    }
                    Kind::King => {
                        for d in ORTHOGONAL.into_iter().chain(DIAGONAL) {
                            let to = add(from, d);
                            if free(to) || takes(to) {
                                add_to(to, &mut out);
                            }
                        }
                    }
                    Kind::Rook | Kind::Bishop | Kind::Queen => {
                        let mut dirs = Vec::new();
                        if kind != Kind::Bishop {
                            dirs.extend(ORTHOGONAL);
                        }
                        if kind != Kind::Rook {
                            dirs.extend(DIAGONAL);
                        }
                        for d in dirs {
                            let mut to = add(from, d);
                            while free(to) {
                                add_to(to, &mut out);
                                to = add(to, d);
                            }
                            if takes(to) {
                                add_to(to, &mut out);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&self, (from, to, promotion, taken): Move) -> Board {
        let mut b = self.clone();
        let (white, kind) = b.at(from).unwrap();
        b.cells[index(from)] = None;
        b.cells[index(to)] = Some((white, promotion.unwrap_or(kind)));
        if let Some(t) = taken {
            b.cells[index(t)] = None;
        }
        b.en_passant = None;
        let fwd = if white { UP } else { neg(UP) };
        if kind == Kind::Pawn && add(add(from, fwd), fwd) == to {
            b.en_passant = Some((add(from, fwd), to));
        }
        b.white_to_move = !white;
        b
    }

    /// The legal moves, as `from` and `to` names and a promotion letter.
    pub fn legal(&self, rules: &Rules) -> Vec<(Move, Board)> {
        let me = self.white_to_move;
        self.pseudo_moves(rules)
            .into_iter()
            .filter_map(|m| {
                let b = self.play(m);
                let king = (0..121).find_map(|i| {
                    (b.cells[i] == Some((me, Kind::King))).then(|| {
                        let (x, y) = (i as i32 / 11 - RADIUS, i as i32 % 11 - RADIUS);
                        (x, y, -x - y)
                    })
                })?;
                (!b.attacked(king, !me, rules)).then_some((m, b))
            })
            .collect()
    }

    /// The legal moves as text, `e4e6`, with a promotion's letter in lower case.
    pub fn legal_text(&self, rules: &Rules) -> Vec<String> {
        let mut v: Vec<String> = self
            .legal(rules)
            .into_iter()
            .map(|((from, to, p, _), _)| {
                let mut s = name(from) + &name(to);
                s.extend(p.map(|k| k.letter().to_ascii_lowercase()));
                s
            })
            .collect();
        v.sort();
        v
    }

    pub fn perft(&self, rules: &Rules, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal(rules);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, b)| b.perft(rules, depth - 1)).sum()
    }
}

#[test]
fn names_and_the_mirror_are_gliński_s() {
    assert_eq!(cell("f1"), (0, -5, 5));
    assert_eq!(name(cell("a6")), "a6");
    assert_eq!(name(mirror(cell("g1"))), "g10");
    assert_eq!(name(mirror(cell("c2"))), "c7");
    assert_eq!(knight_leaps().len(), 12);
}
