//! `chance:`: the chance event after moves, on the cells of a region.

use indexmap::IndexMap;

use crate::load::definition::{ChanceEffect, ChanceTrigger, VariantDef};
use crate::rules::Chance;
use crate::types::bitboard::Bitboard;

use super::{regions, Ctx};

/// The compiled chance event, if the definition has one and its region exists.
pub(super) fn chance(
    def: &VariantDef,
    regions: &IndexMap<String, [Bitboard; 2]>,
    cx: &mut Ctx,
) -> Option<Chance> {
    let c = def.chance.as_ref()?;
    let cells = regions::region_named(cx, regions, &c.region)?;
    Some(Chance {
        cells,
        on_path: c.when.contains(&ChanceTrigger::Path),
        on_occupied: c.when.contains(&ChanceTrigger::Occupied),
        remove_piece: c.effects.contains(&ChanceEffect::RemovePiece),
        remove_mover: c.effects.contains(&ChanceEffect::RemoveMoverOnPath),
    })
}
