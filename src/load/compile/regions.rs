//! The board shape and named regions of a definition.

use indexmap::IndexMap;

use crate::load::definition::{RegionDef, Sp, VariantDef};
use crate::load::dsl::{self, DslError, RegionItem, RegionSpec};
use crate::rules::{Geometry, Topology};
use crate::types::bitboard::Bitboard;

use super::{hexagon, Ctx};

pub(super) fn board(
    board: &Sp<String>,
    cx: &mut Ctx,
) -> Option<(Topology, Vec<dsl::ContainerSpec>)> {
    let shape = match dsl::parse_board(&board.value) {
        Ok(s) => s,
        Err(e) => {
            cx.dsl(board, "fairy::bad-board", e);
            return None;
        }
    };
    let (w, h) = (shape.width, shape.height);
    let removed = covered(shape.hexagon, w, h, &shape.removed, &mut |span| {
        cx.dsl(
            board,
            "fairy::outside-board",
            outside(span, w, h, shape.hexagon),
        );
    });
    let exists = |f: u8, r: u8| !removed[r as usize * w as usize + f as usize];
    let topo = match shape.hexagon {
        Some(side) => Topology::hexagon(side, |f, r| !exists(f, r)),
        None => Topology::new(w, h, exists),
    };
    if topo.is_none() {
        let cells = match shape.hexagon {
            Some(side) => (0..w)
                .flat_map(|f| (0..h).map(move |r| (f, r)))
                .filter(|&(f, r)| hexagon::in_hexagon(side, f.into(), r.into()) && exists(f, r))
                .count(),
            None => removed.iter().filter(|&&gone| !gone).count(),
        };
        cx.dsl(
            board,
            "fairy::board-too-large",
            DslError::new(
                0..board.value.len(),
                format!(
                    "the board has {cells} cells; at most {} are allowed",
                    crate::types::bitboard::MAX_CELLS
                ),
            )
            .with_help("remove cells or use a smaller grid"),
        );
    }
    Some((topo?, shape.containers))
}

/// The problem of a region item outside a `w` x `h` grid, or outside the hexagon of side
/// `hexagon`.
pub(super) fn outside(span: std::ops::Range<usize>, w: u8, h: u8, hexagon: Option<u8>) -> DslError {
    let help = match hexagon {
        Some(side) => format!(
            "the board has files a-{} without j; file a holds a1-a{side}, the middle file \
             {middle}1-{middle}{h}",
            hexagon::letter(w - 1),
            middle = hexagon::letter(side - 1)
        ),
        None => format!(
            "the board has files a-{} and ranks 1-{h}",
            (b'a' + w - 1) as char
        ),
    };
    DslError::new(span, "this lies outside the board").with_help(help)
}

/// Which grid squares (indexed `rank * w + file`) the items cover, on a `w` x `h` grid or
/// on the hexagon of side `hexagon` (whose items name its cells); `outside` hears the span
/// of each item that lies outside, which covers nothing.
fn covered(
    hexagon: Option<u8>,
    w: u8,
    h: u8,
    spec: &RegionSpec,
    outside: &mut dyn FnMut(std::ops::Range<usize>),
) -> Vec<bool> {
    let mut cover = Cover::new(w, h);
    for (item, span) in &spec.items {
        let named = match hexagon {
            Some(side) => hexagon::named_item(side, item),
            None => Some(item.clone()),
        };
        if !named.is_some_and(|item| cover.add(&item)) {
            outside(span.clone());
        }
    }
    let squares = cover.squares();
    let Some(side) = hexagon else {
        return squares;
    };
    // The cover is of names (file, number up the file): onto the grid.
    let mut grid = vec![false; squares.len()];
    for (i, _) in squares.iter().enumerate().filter(|(_, &c)| c) {
        let (file, number) = (i % w as usize, i / w as usize);
        if let Some((q, r)) = hexagon::grid(side, file as i32, number as i32) {
            grid[r as usize * w as usize + q as usize] = true;
        }
    }
    grid
}

/// The squares of a `w` x `h` grid that region items cover. Each item costs the same
/// whatever its size: its rectangle is added at its four corners to a table of differences,
/// summed once by [`Cover::squares`]; so a long list of large rectangles (a board's `minus`
/// list) costs time in proportion to its length plus the grid's size.
struct Cover {
    w: usize,
    h: usize,
    /// `(w + 1) x (h + 1)`, indexed `rank * (w + 1) + file`: the summed table counts how
    /// many items cover each square.
    differences: Vec<i32>,
}

impl Cover {
    fn new(w: u8, h: u8) -> Cover {
        let (w, h) = (w as usize, h as usize);
        Cover {
            w,
            h,
            differences: vec![0; (w + 1) * (h + 1)],
        }
    }

    /// Adds the squares of `item`; `false`, adding none, when any lies outside the grid.
    fn add(&mut self, item: &RegionItem) -> bool {
        let Some((f0, r0, f1, r1)) = corners(item, self.w as u8, self.h as u8) else {
            return false;
        };
        let at = |f: u8, r: u8| r as usize * (self.w + 1) + f as usize;
        let (beyond_f, beyond_r) = (f1 + 1, r1 + 1);
        let corners = [
            (at(f0, r0), 1),
            (at(beyond_f, r0), -1),
            (at(f0, beyond_r), -1),
            (at(beyond_f, beyond_r), 1),
        ];
        for (i, d) in corners {
            self.differences[i] += d;
        }
        true
    }

    /// Whether each square is covered, indexed `rank * w + file`.
    fn squares(mut self) -> Vec<bool> {
        let row = self.w + 1;
        for r in 0..=self.h {
            for f in 0..=self.w {
                let left = if f > 0 {
                    self.differences[r * row + f - 1]
                } else {
                    0
                };
                let below = if r > 0 {
                    self.differences[(r - 1) * row + f]
                } else {
                    0
                };
                let both = if f > 0 && r > 0 {
                    self.differences[(r - 1) * row + f - 1]
                } else {
                    0
                };
                self.differences[r * row + f] += left + below - both;
            }
        }
        (0..self.h)
            .flat_map(|r| (0..self.w).map(move |f| (f, r)))
            .map(|(f, r)| self.differences[r * row + f] > 0)
            .collect()
    }
}

/// The grid squares of a region item, or `None` if any lies outside the `w` x `h` grid.
pub(super) fn cells_of(item: &RegionItem, w: u8, h: u8) -> Option<Vec<(u8, u8)>> {
    let (f0, r0, f1, r1) = corners(item, w, h)?;
    Some(
        (r0..=r1)
            .flat_map(|r| (f0..=f1).map(move |f| (f, r)))
            .collect(),
    )
}

/// The corners of a region item's rectangle, lowest file and rank first, or `None` if any
/// square lies outside the `w` x `h` grid.
fn corners(item: &RegionItem, w: u8, h: u8) -> Option<(u8, u8, u8, u8)> {
    let (f0, r0, f1, r1) = match *item {
        RegionItem::Square(c) => (c.file, c.rank, c.file, c.rank),
        RegionItem::Rect(a, b) => (
            a.file.min(b.file),
            a.rank.min(b.rank),
            a.file.max(b.file),
            a.rank.max(b.rank),
        ),
        RegionItem::Ranks(a, b) => (0, a, w - 1, b),
        RegionItem::Files(a, b) => (a, 0, b, h - 1),
    };
    (f1 < w && r1 < h).then_some((f0, r0, f1, r1))
}

pub(super) fn regions(
    def: &VariantDef,
    topo: &Topology,
    cx: &mut Ctx,
) -> IndexMap<String, [Bitboard; 2]> {
    let mut out = IndexMap::new();
    for (name, region) in &def.regions {
        let problems_before = cx.problems.len();
        let one = |cx: &mut Ctx, text: &str, node: &dyn Fn(&mut Ctx, DslError)| -> Bitboard {
            let spec: RegionSpec = match dsl::parse_region(text) {
                Ok(s) => s,
                Err(e) => {
                    node(cx, e);
                    return Bitboard::EMPTY;
                }
            };
            let (w, h) = (topo.width(), topo.height());
            let hexagon = match topo.geometry() {
                Geometry::Hexagon { side } => Some(side),
                Geometry::Square => None,
            };
            let mut far = Vec::new();
            let squares = covered(hexagon, w, h, &spec, &mut |span| far.push(span));
            for span in far {
                node(cx, outside(span, w, h, hexagon));
            }
            let mut bb = Bitboard::EMPTY;
            for (i, _) in squares.iter().enumerate().filter(|(_, &c)| c) {
                let (f, r) = (i % w as usize, i / w as usize);
                if let Some(c) = topo.cell(f as i32, r as i32) {
                    bb = bb.with(c);
                }
            }
            bb
        };
        let sides = match &region.value {
            RegionDef::Both(text) => {
                let b = one(cx, text, &|cx, e| {
                    cx.dsl_in(region, text, "fairy::bad-region", e)
                });
                [b, b]
            }
            RegionDef::PerSide { white, black } => [
                one(cx, &white.value, &|cx, e| {
                    cx.dsl(white, "fairy::bad-region", e)
                }),
                one(cx, &black.value, &|cx, e| {
                    cx.dsl(black, "fairy::bad-region", e)
                }),
            ],
        };
        if sides.iter().all(|b| b.is_empty()) && cx.problems.len() == problems_before {
            cx.warning(
                region,
                "fairy::empty-region",
                format!("the region `{name}` holds no square of the board"),
                "empty",
                "check its squares against the board's missing cells",
            );
        }
        out.insert(name.clone(), sides);
    }
    out
}

/// The region a definition names, or an error at the name.
pub(super) fn region_named(
    cx: &mut Ctx,
    regions: &IndexMap<String, [Bitboard; 2]>,
    name: &Sp<String>,
) -> Option<[Bitboard; 2]> {
    let found = regions.get(&name.value).copied();
    if found.is_none() {
        let known = super::listed(regions.keys().map(String::as_str));
        cx.error(
            name,
            "fairy::unknown-region",
            format!("no region is named `{}`", name.value),
            "no such region",
            &format!("define it under `regions:`; defined: {known}"),
        );
    }
    found
}
