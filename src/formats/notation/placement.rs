//! The board field of a FEN: ranks from the top, `/` between them, digits for empty cells.

use std::ops::Range;

use crate::rules::containers::ContainerType;
use crate::rules::hand::HandRules;
use crate::rules::{Color, Geometry, Kind, Piece, PieceType, Topology};
use crate::types::bitboard::Cell;
use crate::types::letter;

pub(crate) use crate::rules::placement::Placement;

/// Why a FEN's board field (or a definition's `setup`) could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub(crate) struct PlacementError {
    /// The bytes of the field at fault.
    pub(crate) span: Range<usize>,
    /// What is wrong.
    pub(crate) message: String,
    /// How to write it instead.
    pub(crate) help: String,
}

impl PlacementError {
    fn new(span: Range<usize>, message: String, help: String) -> Self {
        PlacementError {
            span,
            message,
            help,
        }
    }
}

/// What a variant's board field may hold besides pieces.
#[derive(Clone, Copy)]
pub(crate) struct Holds<'a> {
    /// The container types (none outside container games).
    pub(crate) containers: &'a [ContainerType],
    /// The marker types' letters, in a layer game.
    pub(crate) markers: Option<&'a [char]>,
    /// The rules of pieces in hand, in a game with a hand (a pocket may follow).
    pub(crate) hand: Option<&'a HandRules>,
    /// Walls (`*`).
    pub(crate) walls: bool,
    /// The piece types, by kind: `+X` is the promoted kind (`promoted: true`) among X's
    /// promotion choices.
    pub(crate) pieces: &'a [PieceType],
}

/// Reads a FEN board field. Digit runs count empty cells (`10` is ten); only existing cells are
/// counted, so a rank with missing squares is written with fewer cells. With container types,
/// a container is its brackets around its crew (`<PPp>`, `<>`), and every piece stands in one.
/// In a layer game (`markers` given: the marker types' letters), a cell with more than a
/// surface piece is written in braces: the surface piece, `_` and a submerged piece, `*` and a
/// marker letter whose case gives its owner (`{C_s*M}`, `{_S}`, `{*m}`). A `'` after a piece
/// letter says that the piece has moved although it stands where the start position has it
/// (a first-move piece that came back).
///
/// In a game with pieces in hand (`hand` given), the pocket follows the board as
/// Fairy-Stockfish writes it: in brackets, `[QRbn]` (`[]` or `[-]` when empty), or as one
/// more rank, `.../4K3/Qn`; and a `~` after a piece letter marks a promoted piece where
/// captured pieces demote.
///
/// In a game with walls, `*` is a wall, as Fairy-Stockfish writes it. Fairy-Stockfish also
/// writes its wall squares where our boards have holes: a `*` where the rank's next file is a
/// hole reads as that hole (`*pppppppp*` for `pppppppp` on a rank whose first and last
/// files are holes); holes may also be left out, as we write them.
///
/// `+X`, Fairy-Stockfish's promoted piece (shogi's `+P`), is the promoted kind
/// (`promoted: true`) among the promotion choices of the kind of letter X, of its colour.
///
/// `kind_of` maps an upper-case letter to a piece kind; `holds` says what else the field may
/// hold.
pub(crate) fn parse_placement(
    topo: &Topology,
    kind_of: impl Fn(char) -> Option<Kind>,
    holds: Holds<'_>,
    text: &str,
) -> Result<Placement, PlacementError> {
    let Holds {
        containers,
        markers,
        hand,
        walls,
        pieces,
    } = holds;
    let height = topo.rows().len();
    let brackets_are_containers = containers.iter().any(|t| t.open == '[');
    let (text, pocket) = if brackets_are_containers {
        (text, None)
    } else {
        split_pocket(text, height, hand.is_some())?
    };
    let ranks: Vec<(usize, &str)> = {
        let mut start = 0;
        let mut v = Vec::new();
        for part in text.split('/') {
            v.push((start, part));
            start += part.len() + 1;
        }
        v
    };
    if ranks.len() != height {
        let at = if ranks.len() > height {
            let s = ranks[height].0 - 1;
            s..text.len()
        } else {
            text.len().saturating_sub(1)..text.len()
        };
        return Err(PlacementError::new(
            at,
            format!(
                "the board has {} but {} are written",
                topo.rows_count(),
                ranks.len()
            ),
            format!("write {}, separated by `/`", topo.rows_order()),
        ));
    }
    let mut placed = Placement::default();
    let piece_at = |c: char, i: usize| -> Result<Piece, PlacementError> {
        match letter::read(c).and_then(|(up, color)| Some((kind_of(up)?, color))) {
            Some((kind, color)) => Ok(Piece::new(kind, color)),
            None => Err(PlacementError::new(
                i..i + c.len_utf8(),
                format!("no piece has the letter `{}`", letter::upper(c)),
                "define the piece under `pieces:` or fix the letter".into(),
            )),
        }
    };
    for (row, &(start, part)) in ranks.iter().enumerate() {
        let cells: &[Cell] = &topo.rows()[row];
        // On a square board, whether the next file not yet written, past the last cell filled
        // (`col` of them) and the `holes` written since, is a hole.
        let square = topo.geometry() == Geometry::Square;
        let rank = height - 1 - row;
        let hole_at = |col: usize, holes: usize| {
            let file = match col.checked_sub(1).and_then(|c| cells.get(c)) {
                Some(&c) => topo.coords(c).0 as usize + 1,
                None => 0,
            } + holes;
            square && file < topo.width() as usize && topo.cell(file as i32, rank as i32).is_none()
        };
        let mut holes = 0usize;
        let mut col = 0usize;
        let mut chars = part.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let filled = col;
            if c.is_ascii_digit() {
                let mut end = i + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
                let n: usize = part[i..end].parse().unwrap_or(usize::MAX);
                if n == 0 {
                    return Err(PlacementError::new(
                        start + i..start + end,
                        "an empty-cell count of 0".into(),
                        "leave the count out".into(),
                    ));
                }
                col = col.saturating_add(n);
                if col > cells.len() {
                    return Err(PlacementError::new(
                        start + i..start + end,
                        format!(
                            "{} has {} cells ({}) but this count goes past its end",
                            topo.row_label(row),
                            cells.len(),
                            names(topo, cells)
                        ),
                        "count letters and empty-cell digits; missing squares are not written"
                            .into(),
                    ));
                }
            } else if let (Some(markers), '{') = (markers, c) {
                let mut body = Vec::new();
                let mut closed = false;
                for (j, d) in chars.by_ref() {
                    if d == '}' {
                        closed = true;
                        break;
                    }
                    body.push((start + j, d));
                }
                if !closed {
                    return Err(PlacementError::new(
                        start + i..start + part.len(),
                        "this layered cell is not closed".into(),
                        "end it with `}`".into(),
                    ));
                }
                let layered = Layered {
                    at: start + i,
                    cell: cells.get(col).copied(),
                    markers,
                    containers,
                };
                layered.read(&body, &piece_at, &mut placed)?;
                col += 1;
            } else if let Some(ty) = containers.iter().position(|t| t.open == c) {
                let mut body = chars.by_ref().map(|(j, d)| (start + j, d));
                let crew = Crew {
                    ty: ty as u8,
                    at: start + i,
                    end: start + part.len(),
                    cell: cells.get(col).copied(),
                };
                crew.read(&containers[ty], &mut body, &piece_at, &mut placed)?;
                col += 1;
            } else if c == '*' && hole_at(col, holes) {
                holes += 1;
            } else if c == '*' && walls {
                if let Some(&cell) = cells.get(col) {
                    placed.walls.push(cell);
                }
                col += 1;
            } else if c == '+' || c.is_alphabetic() {
                let (piece, end) = match c {
                    '+' => {
                        let letter = chars.next();
                        let end = i + 1 + letter.map_or(0, |(_, d)| d.len_utf8());
                        let piece = promoted_piece(pieces, &piece_at, start + i, letter)?;
                        (piece, end)
                    }
                    _ => (piece_at(c, start + i)?, i + c.len_utf8()),
                };
                if !containers.is_empty() {
                    return Err(PlacementError::new(
                        start + i..start + end,
                        "a piece must stand aboard a container".into(),
                        format!(
                            "write it inside a container, e.g. `{}{}{}`",
                            containers[0].open,
                            &part[i..end],
                            containers[0].close
                        ),
                    ));
                }
                let moved = chars.next_if(|&(_, d)| d == '\'').map(|(j, _)| start + j);
                let promoted = chars.next_if(|&(_, d)| d == '~').map(|(j, _)| start + j);
                if let Some(at) = promoted.filter(|_| !hand.is_some_and(|h| h.demote)) {
                    return Err(PlacementError::new(
                        at..at + 1,
                        "`~` marks a promoted piece, and this variant does not remember them"
                            .into(),
                        "only a game whose captured pieces go to hand demoted (`hand:` with \
                         `demote: true`) writes `~`; remove it"
                            .into(),
                    ));
                }
                if let Some(&cell) = cells.get(col) {
                    placed.pieces.push((cell, piece));
                    placed.moved.extend(moved.map(|at| (cell, at)));
                    placed.promoted.extend(promoted.map(|_| cell));
                }
                col += 1;
            } else if c == '*' && cells.len() < topo.width() as usize {
                return Err(PlacementError::new(
                    start + i..start + i + 1,
                    format!(
                        "`*` is a wall or a hole, and this variant has no walls and {} has no \
                         hole here",
                        topo.row_label(row)
                    ),
                    format!(
                        "a `*` stands for a hole only where the rank has one; its cells are {}",
                        names(topo, cells)
                    ),
                ));
            } else if c == '*' {
                return Err(PlacementError::new(
                    start + i..start + i + 1,
                    "`*` is a wall, and this variant has none".into(),
                    "walls stand only in a variant with `walls:`; use piece letters and digits"
                        .into(),
                ));
            } else {
                return Err(PlacementError::new(
                    start + i..start + i + c.len_utf8(),
                    format!("`{c}` cannot stand in a board field"),
                    "use piece letters, digits for empty cells and `/` between ranks".into(),
                ));
            }
            if col != filled {
                holes = 0;
            }
        }
        if col != cells.len() {
            let span = if part.is_empty() {
                start..start
            } else {
                start..start + part.len()
            };
            return Err(PlacementError::new(
                span,
                format!(
                    "{} has {} cells ({}) but {col} are written",
                    topo.row_label(row),
                    cells.len(),
                    names(topo, cells)
                ),
                "count letters and empty-cell digits; missing squares are not written".into(),
            ));
        }
    }
    if let Some((at, pocket)) = pocket {
        for (i, c) in pocket.char_indices() {
            if c == '-' && pocket.len() == 1 {
                break;
            }
            if !c.is_alphabetic() {
                return Err(PlacementError::new(
                    at + i..at + i + c.len_utf8(),
                    format!("`{c}` cannot stand in the pocket"),
                    "write the letters of the pieces in hand, upper case for White's".into(),
                ));
            }
            placed.hand.push(piece_at(c, at + i)?);
        }
    }
    Ok(placed)
}

/// The piece `+X` stands for, the `+` at byte `at` and X next (`letter`): X's promoted kind.
fn promoted_piece(
    pieces: &[PieceType],
    piece_at: &impl Fn(char, usize) -> Result<Piece, PlacementError>,
    at: usize,
    letter: Option<(usize, char)>,
) -> Result<Piece, PlacementError> {
    let Some((_, c)) = letter.filter(|(_, c)| c.is_alphabetic()) else {
        return Err(PlacementError::new(
            at..at + 1,
            "`+` must be followed by a piece letter".into(),
            "write a promoted piece as `+` and its unpromoted letter (`+P`), or by its own letter"
                .into(),
        ));
    };
    let base = piece_at(c, at + 1)?;
    let color = base.color();
    let promoted: Vec<Kind> = pieces
        .get(base.kind().index())
        .and_then(|t| t.promotion.as_ref())
        .map_or(&[][..], |p| &p.choices[color.index()][..])
        .iter()
        .copied()
        .filter(|k| pieces.get(k.index()).is_some_and(|t| t.promoted))
        .collect();
    let name = |k: Kind| pieces.get(k.index()).map_or("", |t| t.name.as_str());
    match promoted[..] {
        [kind] => Ok(Piece::new(kind, color)),
        [] => Err(PlacementError::new(
            at..at + 1 + c.len_utf8(),
            format!(
                "`+{c}` is a promoted {}, and no promoted piece (`promoted: true`) is among its \
                 promotions",
                name(base.kind())
            ),
            "write the piece's own letter".into(),
        )),
        _ => Err(PlacementError::new(
            at..at + 1 + c.len_utf8(),
            format!(
                "`+{c}` could be any of the promoted pieces among its promotions: {}",
                promoted
                    .iter()
                    .map(|&k| name(k))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            "write the promoted piece's own letter".into(),
        )),
    }
}

/// A pocket: its first byte in the field, and its text.
type Pocket<'a> = Option<(usize, &'a str)>;

/// Splits the pocket off a board field.
fn split_pocket(
    text: &str,
    height: usize,
    hand: bool,
) -> Result<(&str, Pocket<'_>), PlacementError> {
    if let Some(open) = text.find('[') {
        if !hand {
            return Err(PlacementError::new(
                open..text.len(),
                "this variant has no pieces in hand".into(),
                "remove the pocket in brackets".into(),
            ));
        }
        let Some(inner) = text[open + 1..].strip_suffix(']') else {
            return Err(PlacementError::new(
                open..text.len(),
                "the pocket is not closed".into(),
                "end the board field with `]`, as in `[Qn]`".into(),
            ));
        };
        return Ok((&text[..open], Some((open + 1, inner))));
    }
    if hand && text.split('/').count() == height + 1 {
        if let Some(last) = text.rfind('/') {
            return Ok((&text[..last], Some((last + 1, &text[last + 1..]))));
        }
    }
    Ok((text, None))
}

/// The names of a rank's (or a hexagonal board's file's) cells, in runs: `a2-d2 f2-h2`
/// around a hole on e2.
fn names(topo: &Topology, cells: &[Cell]) -> String {
    let (dx, dy) = topo.row_step();
    let mut runs: Vec<(Cell, Cell)> = Vec::new();
    for &c in cells {
        match runs.last_mut() {
            Some((_, last)) if topo.offset(*last, dx, dy) == Some(c) => *last = c,
            _ => runs.push((c, c)),
        }
    }
    let run = |&(a, b): &(Cell, Cell)| {
        if a == b {
            topo.name(a)
        } else {
            format!("{}-{}", topo.name(a), topo.name(b))
        }
    };
    runs.iter().map(run).collect::<Vec<_>>().join(" ")
}

/// A container written at byte `at` of the field (its opening bracket), the field's part
/// ending at byte `end`, standing on `cell`.
struct Crew {
    ty: u8,
    at: usize,
    end: usize,
    cell: Option<Cell>,
}

impl Crew {
    /// Reads the crew after the opening bracket, up to and including the closing one.
    fn read(
        &self,
        container: &ContainerType,
        chars: &mut impl Iterator<Item = (usize, char)>,
        piece_at: &impl Fn(char, usize) -> Result<Piece, PlacementError>,
        placed: &mut Placement,
    ) -> Result<(), PlacementError> {
        let mut crew = 0u8;
        for (j, d) in chars {
            if d == container.close {
                placed
                    .containers
                    .extend(self.cell.map(|cell| (cell, self.ty)));
                return Ok(());
            }
            if !d.is_alphabetic() {
                return Err(PlacementError::new(
                    j..j + d.len_utf8(),
                    format!("`{d}` cannot stand in a {}", container.name),
                    format!(
                        "write piece letters between `{}` and `{}`",
                        container.open, container.close
                    ),
                ));
            }
            let piece = piece_at(d, j)?;
            crew += 1;
            if crew > container.capacity {
                return Err(PlacementError::new(
                    j..j + d.len_utf8(),
                    format!(
                        "a {} holds at most {} pieces",
                        container.name, container.capacity
                    ),
                    "take pieces out of it".into(),
                ));
            }
            placed.pieces.extend(self.cell.map(|cell| (cell, piece)));
        }
        Err(PlacementError::new(
            self.at..self.end,
            format!("this {} is not closed", container.name),
            format!("end it with `{}`", container.close),
        ))
    }
}

/// A layered cell `{...}` written at byte `at`, standing for `cell`.
struct Layered<'a> {
    at: usize,
    cell: Option<Cell>,
    markers: &'a [char],
    containers: &'a [ContainerType],
}

impl Layered<'_> {
    /// Reads its inside: `[surface['][_under][*marker]`, at least one part; the surface is a
    /// piece letter, or in a container game a container and its crew (`{<PP>*M}`).
    fn read(
        &self,
        body: &[(usize, char)],
        piece_at: &impl Fn(char, usize) -> Result<Piece, PlacementError>,
        placed: &mut Placement,
    ) -> Result<(), PlacementError> {
        let (cell, markers) = (self.cell, self.markers);
        let bad = |i: usize, c: char, message: String| -> PlacementError {
            PlacementError::new(
                i..i + c.len_utf8(),
                message,
                "write `{` surface piece, `_` submerged piece, `*` marker `}`, e.g. `{C_s*M}`"
                    .into(),
            )
        };
        if body.is_empty() {
            return Err(bad(self.at, '{', "an empty layered cell".into()));
        }
        let mut rest = body;
        if let Some(&(i, c)) = rest.first() {
            if let Some(ty) = self.containers.iter().position(|t| t.open == c) {
                let mut chars = rest[1..].iter().copied();
                let crew = Crew {
                    ty: ty as u8,
                    at: i,
                    end: body.last().map_or(i + 1, |&(j, _)| j + 1),
                    cell,
                };
                crew.read(&self.containers[ty], &mut chars, piece_at, placed)?;
                rest = &rest[rest.len() - chars.count()..];
            } else if c.is_alphabetic() {
                if !self.containers.is_empty() {
                    return Err(bad(i, c, "a piece must stand aboard a container".into()));
                }
                let piece = piece_at(c, i)?;
                placed.pieces.extend(cell.map(|cell| (cell, piece)));
                rest = &rest[1..];
                if let Some(&(j, '\'')) = rest.first() {
                    placed.moved.extend(cell.map(|cell| (cell, j)));
                    rest = &rest[1..];
                }
            }
        }
        if let Some(&(i, '_')) = rest.first() {
            let Some(&(j, c)) = rest.get(1).filter(|(_, c)| c.is_alphabetic()) else {
                return Err(bad(i, '_', "`_` must be followed by a piece letter".into()));
            };
            let piece = piece_at(c, j)?;
            placed.under.extend(cell.map(|cell| (cell, piece)));
            rest = &rest[2..];
        }
        if let Some(&(i, '*')) = rest.first() {
            let Some(&(j, c)) = rest.get(1).filter(|(_, c)| c.is_ascii_alphabetic()) else {
                return Err(bad(
                    i,
                    '*',
                    "`*` must be followed by a marker letter".into(),
                ));
            };
            let Some(ty) = markers.iter().position(|&m| m == c.to_ascii_uppercase()) else {
                return Err(PlacementError::new(
                    j..j + 1,
                    format!("no marker type has the letter `{}`", c.to_ascii_uppercase()),
                    "define it under `markers:` or fix the letter".into(),
                ));
            };
            let owner = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            placed
                .markers
                .extend(cell.map(|cell| (cell, ty as u8, owner)));
            rest = &rest[2..];
        }
        if let Some(&(i, c)) = rest.first() {
            return Err(bad(
                i,
                c,
                format!("`{c}` cannot stand here in a layered cell"),
            ));
        }
        Ok(())
    }
}
