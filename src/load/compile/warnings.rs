//! Warnings: the definition works, but probably not as meant.

use crate::load::definition::{Sp, VariantDef};
use crate::rules::{Color, Kind, Piece, PieceType, Topology};
use crate::types::bitboard::Cell;

use super::{betza, Ctx};

/// Whether any of the motions can be made from some cell of the board (on an empty board).
pub(super) fn reaches_a_cell(topo: &Topology, motions: &[betza::Motion]) -> bool {
    let exists = |from: Cell, (dx, dy): (i8, i8)| {
        (dx, dy) == (0, 0) || topo.offset(from, dx as i32, dy as i32).is_some()
    };
    topo.cells().any(|from| {
        motions.iter().any(|m| match &m.reach {
            betza::Reach::Leap | betza::Reach::Ride { .. } => exists(from, (m.dx, m.dy)),
            betza::Reach::Conditional(alternatives) => {
                exists(from, (m.dx, m.dy))
                    && alternatives
                        .iter()
                        .any(|a| a.empty.iter().chain(&a.occupied).all(|&o| exists(from, o)))
            }
            betza::Reach::Via { via, .. } => exists(from, *via) && exists(from, (m.dx, m.dy)),
        })
    })
}

/// Warnings that need the setup: pieces that never appear (on the board or in hand), sides
/// without their royal piece.
pub(super) fn setup_warnings(
    def: &VariantDef,
    setup: &Sp<String>,
    cx: &mut Ctx,
    pieces: &[PieceType],
    placement: &[(Cell, Piece)],
    hand: &[Piece],
) {
    let placed = |kind: usize, color: Option<Color>| {
        placement
            .iter()
            .map(|(_, p)| p)
            .chain(hand)
            .any(|p| p.kind().index() == kind && color.is_none_or(|c| p.color() == c))
    };
    let promoted_to = |kind: usize| {
        pieces.iter().filter_map(|p| p.promotion.as_ref()).any(|p| {
            p.choices
                .iter()
                .flatten()
                .any(|&c| c == Kind::new(kind as u8))
        })
    };
    for (kind, ((name, def_piece), piece)) in def.pieces.iter().zip(pieces).enumerate() {
        if !placed(kind, None) && !promoted_to(kind) {
            cx.warning(
                &def_piece.value.letter,
                "fairy::unused-piece",
                format!("the {name} is never placed and never promoted to"),
                "never used",
                "put it in the setup or among promotion choices, or remove it",
            );
        }
        if piece.royal && placed(kind, None) {
            for color in Color::BOTH {
                if !placed(kind, Some(color)) {
                    cx.warning(
                        setup,
                        "fairy::missing-royal",
                        format!(
                            "{} has no {name} ({}) in the setup",
                            color.name(),
                            piece.letter
                        ),
                        "no royal piece here",
                        "a side without its royal piece can never be checkmated",
                    );
                }
            }
        }
    }
}
