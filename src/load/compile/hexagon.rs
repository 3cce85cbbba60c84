//! Region items on a hexagonal board (`board: hex 6`), read with its cells' names: a file
//! letter (a-z without j) and a number up the file (`docs/authoring.md`).

use crate::load::dsl::{Cell, RegionItem};

pub(super) use crate::rules::hexagon::{grid, in_hexagon, letter};

/// `item` with its files as the hexagon's file numbers (`k` is file 9), so that it covers a
/// rectangle of names: files by ranks, a rank being the cells of one number. `None` when it
/// names a letter that is no file (`j`), or a single cell the hexagon of side `side` does not
/// have; files and ranks past the board are left to the cover to find.
pub(super) fn named_item(side: u8, item: &RegionItem) -> Option<RegionItem> {
    let file = |f: u8| crate::rules::hexagon::file_of_letter((b'a' + f) as char);
    let cell = |c: Cell| {
        Some(Cell {
            file: file(c.file)?,
            rank: c.rank,
        })
    };
    Some(match *item {
        RegionItem::Square(c) => {
            let c = cell(c)?;
            grid(side, c.file.into(), c.rank.into())?;
            RegionItem::Square(c)
        }
        RegionItem::Rect(a, b) => RegionItem::Rect(cell(a)?, cell(b)?),
        RegionItem::Ranks(a, b) => RegionItem::Ranks(a, b),
        RegionItem::Files(a, b) => RegionItem::Files(file(a)?, file(b)?),
    })
}
