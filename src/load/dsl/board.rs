//! Board shape (`10x8`, `6x8 minus a1, f1, a8, f8`, `hex 6`) and regions (`c3-h8`, `rank 8`).

use std::ops::Range as ByteRange;

use pest::iterators::Pair;
use pest::Parser;

use super::{from_pest, DslError, FairyParser, Rule};

/// A grid cell by zero-based file and rank, as written (not yet checked against a board).
///
/// See the example of [`parse_board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Zero-based file (`a` = 0).
    pub file: u8,
    /// Zero-based rank (`1` = 0).
    pub rank: u8,
}

/// One item of a region or of a board's `minus` list.
///
/// See the example of [`parse_board`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RegionItem {
    /// One square, `e4`.
    Square(Cell),
    /// Every square of the rectangle spanned by two corners, `c3-h8`.
    Rect(Cell, Cell),
    /// Whole ranks, `rank 8` or `rank 3-8` (zero-based, inclusive).
    Ranks(u8, u8),
    /// Whole files, `file a` or `file a-c` (zero-based, inclusive).
    Files(u8, u8),
}

/// A parsed region: items with their byte ranges in the source string.
///
/// See the example of [`parse_board`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionSpec {
    /// The items in written order.
    pub items: Vec<(RegionItem, ByteRange<usize>)>,
}

/// A parsed board shape: a `width` x `height` grid, or a hexagon, minus some cells.
///
/// See the example of [`parse_board`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardShape {
    /// Number of files, 1 to 26 (on a hexagon, `2 side - 1`).
    pub width: u8,
    /// Number of ranks, 1 to 99 (on a hexagon, `2 side - 1`, the longest file's cells).
    pub height: u8,
    /// `hex N`: a regular hexagon of hexagonal cells, `N` (1 to 13) a side.
    pub hexagon: Option<u8>,
    /// Cells removed from the grid.
    pub removed: RegionSpec,
    /// Container types declared after `with`, in written order.
    pub containers: Vec<ContainerSpec>,
}

/// A container type as written: `ship <3>`.
///
/// See the example of [`parse_board`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContainerSpec {
    /// Its name.
    pub name: String,
    /// The opening bracket that writes it in a FEN (`<`, `(`, `[` or `{`).
    pub open: char,
    /// How many pieces it holds, as written.
    pub capacity: u32,
    /// Byte range of the whole declaration.
    pub span: ByteRange<usize>,
}

/// Parses a board shape such as `12x12 minus a1-b2, k1-l2` (a definition's `board:`,
/// `docs/authoring.md`): files and ranks as written, nothing checked against a board yet.
///
/// ```
/// use fairy_rules::dsl::{parse_board, parse_region, Cell, RegionItem};
/// let board = parse_board("6x8 minus a1, f8 with ship <3>")?;
/// assert_eq!((board.width, board.height), (6, 8));
/// let removed: Vec<&RegionItem> = board.removed.items.iter().map(|(item, _)| item).collect();
/// assert_eq!(removed, [&RegionItem::Square(Cell { file: 0, rank: 0 }), &RegionItem::Square(Cell { file: 5, rank: 7 })]);
/// assert_eq!((board.containers[0].name.as_str(), board.containers[0].capacity), ("ship", 3));
///
/// let region = parse_region("c3-h8, rank 1")?;
/// assert_eq!(region.items[0], (RegionItem::Rect(Cell { file: 2, rank: 2 }, Cell { file: 7, rank: 7 }), 0..5));
/// assert_eq!(region.items[1].0, RegionItem::Ranks(0, 0));
///
/// let e = parse_board("30x8").unwrap_err();
/// assert_eq!((e.message.as_str(), e.span.clone()), ("a 30x8 board is not supported", 0..4));
///
/// let glinski = parse_board("hex 6 minus f6")?;
/// assert_eq!((glinski.hexagon, glinski.width, glinski.height), (Some(6), 11, 11));
/// assert_eq!(glinski.removed.items[0].1, 12..14);
/// # Ok::<(), fairy_rules::dsl::DslError>(())
/// ```
///
/// # Errors
/// A [`DslError`] at the first invalid character, or on dimensions outside 1..=26 files and
/// 1..=99 ranks, or a hexagon's side outside 1..=13.
///
/// # Panics
/// Not on any input: it only expects of pest's parse tree what the grammar
/// (`grammar/fairy.pest`) guarantees; `tests/properties` feeds it arbitrary text.
pub fn parse_board(input: &str) -> Result<BoardShape, DslError> {
    let top = FairyParser::parse(Rule::board, input)
        .map_err(|e| from_pest(e, input, "board shape"))?
        .next()
        .expect("board rule yields one pair");
    let mut inner = top.into_inner();
    let dims = inner.next().expect("board starts with dimensions");
    let dims_span = dims.as_span().start()..dims.as_span().end();
    let hexagonal = dims.as_rule() == Rule::hexagon;
    let numbers: Vec<&str> = dims
        .into_inner()
        .filter(|p| p.as_rule() == Rule::int)
        .map(|p| p.as_str())
        .collect();
    let (width, height, hexagon) = if hexagonal {
        let side: u8 = numbers[0].parse().unwrap_or(0);
        if !(1..=13).contains(&side) {
            return Err(DslError::new(
                dims_span,
                format!("a hexagon of side {} is not supported", numbers[0]),
            )
            .with_help("a hexagonal board has 1 to 13 cells a side (files a-z without j)"));
        }
        (2 * side - 1, 2 * side - 1, Some(side))
    } else {
        let (w, h) = (numbers[0], numbers[1]);
        let width: u8 = w.parse().unwrap_or(0);
        let height: u8 = h.parse().unwrap_or(0);
        if !(1..=26).contains(&width) || !(1..=99).contains(&height) {
            return Err(
                DslError::new(dims_span, format!("a {w}x{h} board is not supported"))
                    .with_help("boards have 1 to 26 files and 1 to 99 ranks"),
            );
        }
        (width, height, None)
    };
    let mut removed = RegionSpec { items: Vec::new() };
    let mut containers = Vec::new();
    for part in inner {
        match part.as_rule() {
            Rule::items => removed = items(part)?,
            Rule::containers => {
                for c in part.into_inner() {
                    let span = c.as_span().start()..c.as_span().end();
                    let mut parts = c.into_inner();
                    let name = parts.next().expect("container name").as_str().to_string();
                    let capacity = parts.next().expect("container capacity").as_str();
                    containers.push(ContainerSpec {
                        name,
                        open: capacity.chars().next().expect("bracket"),
                        capacity: capacity[1..capacity.len() - 1].parse().unwrap_or(u32::MAX),
                        span,
                    });
                }
            }
            _ => {}
        }
    }
    Ok(BoardShape {
        width,
        height,
        hexagon,
        removed,
        containers,
    })
}

/// Parses a region such as `c3-h8`, `rank 8` or `a1, h1, file e` (a definition's
/// `regions:`), each item with its byte range in `input`. See the example of
/// [`parse_board`].
///
/// # Errors
/// A [`DslError`] at the first character that is not region text.
///
/// # Panics
/// Not on any input: it only expects of pest's parse tree what the grammar
/// (`grammar/fairy.pest`) guarantees; `tests/properties` feeds it arbitrary text.
pub fn parse_region(input: &str) -> Result<RegionSpec, DslError> {
    let top = FairyParser::parse(Rule::region, input)
        .map_err(|e| from_pest(e, input, "region"))?
        .next()
        .expect("region rule yields one pair");
    let items_pair = top.into_inner().next().expect("region has items");
    items(items_pair)
}

fn items(pair: Pair<Rule>) -> Result<RegionSpec, DslError> {
    let mut out = Vec::new();
    for item in pair.into_inner() {
        let span = item.as_span().start()..item.as_span().end();
        let inner = item.into_inner().next().expect("item has one alternative");
        let value = match inner.as_rule() {
            Rule::square => RegionItem::Square(square(&inner)?),
            Rule::rect => {
                let mut corners = inner.into_inner();
                let a = square(&corners.next().expect("rect corner"))?;
                let b = square(&corners.next().expect("rect corner"))?;
                RegionItem::Rect(a, b)
            }
            Rule::rank_span => {
                let nums: Vec<Pair<Rule>> = inner.into_inner().collect();
                let first = rank_number(&nums[0])?;
                let last = nums.get(1).map(rank_number).transpose()?.unwrap_or(first);
                RegionItem::Ranks(first.min(last), first.max(last))
            }
            Rule::file_span => {
                let files: Vec<u8> = inner
                    .into_inner()
                    .map(|p| p.as_str().as_bytes()[0] - b'a')
                    .collect();
                let (a, b) = (files[0], *files.get(1).unwrap_or(&files[0]));
                RegionItem::Files(a.min(b), a.max(b))
            }
            other => unreachable!("unexpected rule {other:?} in region item"),
        };
        out.push((value, span));
    }
    Ok(RegionSpec { items: out })
}

fn square(pair: &Pair<Rule>) -> Result<Cell, DslError> {
    let text = pair.as_str();
    let file = text.as_bytes()[0] - b'a';
    let rank: u32 = text[1..].parse().unwrap_or(0);
    if rank == 0 || rank > 99 {
        let span = pair.as_span().start()..pair.as_span().end();
        return Err(DslError::new(span, format!("`{text}` is not a square"))
            .with_help("ranks are numbered from 1"));
    }
    Ok(Cell {
        file,
        rank: (rank - 1) as u8,
    })
}

fn rank_number(pair: &Pair<Rule>) -> Result<u8, DslError> {
    let rank: u32 = pair.as_str().parse().unwrap_or(0);
    if rank == 0 || rank > 99 {
        let span = pair.as_span().start()..pair.as_span().end();
        return Err(
            DslError::new(span, format!("`{}` is not a rank", pair.as_str()))
                .with_help("ranks are numbered from 1"),
        );
    }
    Ok((rank - 1) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_minus_corners() {
        let b = parse_board("6x8 minus a1, f1, a8, f8").unwrap();
        assert_eq!((b.width, b.height), (6, 8));
        assert_eq!(b.removed.items.len(), 4);
        assert_eq!(
            b.removed.items[1],
            (RegionItem::Square(Cell { file: 5, rank: 0 }), 14..16)
        );
    }

    #[test]
    fn region_items() {
        let r = parse_region("c3-h8, rank 8 file a-b j10").unwrap();
        let kinds: Vec<RegionItem> = r.items.into_iter().map(|(i, _)| i).collect();
        assert_eq!(
            kinds,
            [
                RegionItem::Rect(Cell { file: 2, rank: 2 }, Cell { file: 7, rank: 7 }),
                RegionItem::Ranks(7, 7),
                RegionItem::Files(0, 1),
                RegionItem::Square(Cell { file: 9, rank: 9 }),
            ]
        );
    }

    #[test]
    fn containers_follow_with() {
        let b = parse_board("6x8 minus a1, f1, a8, f8 with ship <3>, sloop (2)").unwrap();
        assert_eq!(b.removed.items.len(), 4);
        let c: Vec<(&str, char, u32, std::ops::Range<usize>)> = b
            .containers
            .iter()
            .map(|c| (c.name.as_str(), c.open, c.capacity, c.span.clone()))
            .collect();
        assert_eq!(c, [("ship", '<', 3, 30..38), ("sloop", '(', 2, 40..49)]);
        // Brackets that do not match: the capacity is read from its opening bracket.
        let e = parse_board("8x8 with ship <3]").unwrap_err();
        assert_eq!(e.span, 14..15);
        assert_eq!(
            e.help.as_deref(),
            Some("expected a capacity in matching brackets: `<3>`, `(2)`, `[4]` or `{6}`")
        );
    }

    #[test]
    fn spaces_around_the_x_are_allowed() {
        let b = parse_board("10 x 8").unwrap();
        assert_eq!((b.width, b.height), (10, 8));
    }

    #[test]
    fn hexagons_have_sides_of_one_to_thirteen() {
        assert_eq!(parse_board("hex 1").unwrap().width, 1);
        let e = parse_board("hex 14").unwrap_err();
        assert_eq!(
            (e.message.as_str(), e.span.clone()),
            ("a hexagon of side 14 is not supported", 0..6)
        );
        assert_eq!(parse_board("hex").unwrap_err().span, 3..3);
    }

    #[test]
    fn bad_board_points_at_text() {
        let e = parse_board("10y8").unwrap_err();
        assert_eq!(e.span, 2..3);
        let e = parse_board("30x8").unwrap_err();
        assert_eq!(e.span, 0..4);
    }
}
