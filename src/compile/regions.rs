//! The board shape and named regions of a definition.

use indexmap::IndexMap;

use crate::bitboard::Bitboard;
use crate::definition::{RegionDef, Sp, VariantDef};
use crate::dsl::{self, DslError, RegionItem, RegionSpec};
use crate::rules::Topology;

use super::Ctx;

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
    let mut removed = Vec::new();
    for (item, span) in &shape.removed.items {
        match cells_of(item, w, h) {
            Some(cells) => removed.extend(cells),
            None => cx.dsl(board, "fairy::outside-board", outside(span.clone(), w, h)),
        }
    }
    let topo = Topology::new(w, h, |f, r| !removed.contains(&(f, r)));
    if topo.is_none() {
        cx.dsl(
            board,
            "fairy::board-too-large",
            DslError::new(
                0..board.value.len(),
                format!(
                    "the board has {} cells; at most {} are allowed",
                    (0..w)
                        .flat_map(|f| (0..h).map(move |r| (f, r)))
                        .filter(|c| !removed.contains(c))
                        .count(),
                    crate::bitboard::MAX_CELLS
                ),
            )
            .with_help("remove cells or use a smaller grid"),
        );
    }
    Some((topo?, shape.containers))
}

pub(super) fn outside(span: std::ops::Range<usize>, w: u8, h: u8) -> DslError {
    DslError::new(span, "this lies outside the board").with_help(format!(
        "the board has files a-{} and ranks 1-{h}",
        (b'a' + w - 1) as char
    ))
}

/// The grid squares of a region item, or `None` if any lies outside the `w` x `h` grid.
pub(super) fn cells_of(item: &RegionItem, w: u8, h: u8) -> Option<Vec<(u8, u8)>> {
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
    if f1 >= w || r1 >= h {
        return None;
    }
    Some(
        (r0..=r1)
            .flat_map(|r| (f0..=f1).map(move |f| (f, r)))
            .collect(),
    )
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
            let mut bb = Bitboard::EMPTY;
            for (item, span) in &spec.items {
                match cells_of(item, topo.width(), topo.height()) {
                    Some(cells) => {
                        for (f, r) in cells {
                            if let Some(c) = topo.cell(f as i32, r as i32) {
                                bb = bb.with(c);
                            }
                        }
                    }
                    None => node(cx, outside(span.clone(), topo.width(), topo.height())),
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
        let known: Vec<&str> = regions.keys().map(String::as_str).collect();
        cx.error(
            name,
            "fairy::unknown-region",
            format!("no region is named `{}`", name.value),
            "no such region",
            &format!("define it under `regions:`; defined: {}", known.join(", ")),
        );
    }
    found
}
