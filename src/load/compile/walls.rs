//! `walls:`: the wall a side puts down after each move (duck chess, the Amazons).

use indexmap::IndexMap;

use crate::load::definition::{VariantDef, WallsKept};
use crate::rules::walls::Walls;
use crate::rules::Topology;
use crate::types::bitboard::Bitboard;

use super::regions::region_named;
use super::Ctx;

/// The wall rule of `walls:`, if the definition has one; an unknown region is reported
/// (`fairy::unknown-region`) and the walls may then go anywhere.
pub(super) fn walls(
    def: &VariantDef,
    regions: &IndexMap<String, [Bitboard; 2]>,
    topology: &Topology,
    cx: &mut Ctx,
) -> Option<Walls> {
    let w = &def.walls.as_ref()?.value;
    let board = topology
        .cells()
        .fold(Bitboard::EMPTY, |set, cell| set.with(cell));
    let region = w
        .region
        .as_ref()
        .and_then(|name| region_named(cx, regions, name))
        .unwrap_or([board; 2]);
    Some(Walls {
        placement: w.place.value,
        keep_last: w.keep.as_ref().is_some_and(|k| k.value == WallsKept::Last),
        region,
    })
}
