//! `explosion:` and `mutually_immune:`: explosions on capture and the kinds that may not
//! capture their own kind (atomic chess, Atomar).

use crate::load::definition::{RoyalRule, Sp, VariantDef};
use crate::rules::explosion::Explosion;
use crate::rules::{KindSet, PieceType, Topology};

use super::names::Names;
use super::Ctx;

/// The most king steps a blast may reach: a larger blast would clear most boards.
const MAX_RADIUS: u8 = 4;

/// The kinds named in a list of letters, each unknown letter reported.
fn kinds(cx: &mut Ctx, letters: &[Sp<String>], what: &str, names: &Names) -> KindSet {
    letters
        .iter()
        .filter_map(|l| names.piece(cx, l, what))
        .collect()
}

/// The blast of `explosion:`, if the definition has one. The radius is 1 to
/// [`MAX_RADIUS`] (`fairy::bad-radius` otherwise).
pub(super) fn explosion(
    def: &VariantDef,
    topology: &Topology,
    cx: &mut Ctx,
    names: &Names,
) -> Option<Explosion> {
    let e = &def.explosion.as_ref()?.value;
    let radius = match &e.radius {
        Some(r) if !(1..=MAX_RADIUS).contains(&r.value) => {
            cx.error(
                r,
                "fairy::bad-radius",
                format!("a blast radius of {} king steps", r.value),
                "out of range",
                &format!("the radius is 1 to {MAX_RADIUS} king steps (1: the eight cells around)"),
            );
            return None;
        }
        Some(r) => r.value,
        None => 1,
    };
    let spares = kinds(cx, &e.spares, "spared piece", names);
    let immune = kinds(cx, &e.immune, "blast-immune piece", names);
    let reach = i32::from(radius);
    let around = topology
        .cells()
        .map(|cell| {
            let mut set = crate::types::bitboard::Bitboard::EMPTY;
            for dx in -reach..=reach {
                for dy in -reach..=reach {
                    if let Some(c) = topology.offset(cell, dx, dy).filter(|&c| c != cell) {
                        set = set.with(c);
                    }
                }
            }
            set
        })
        .collect();
    Some(Explosion {
        radius,
        spares,
        immune,
        around,
    })
}

/// The kinds of `mutually_immune:`. Under the checkmate rule a royal kind may not be among
/// them (`fairy::unsupported-combination`): check is judged by attacks, and a royal piece
/// attacked only by pieces of its own kind would be in check from pieces that cannot take
/// it.
pub(super) fn mutually_immune(
    def: &VariantDef,
    pieces: &[PieceType],
    royal: RoyalRule,
    cx: &mut Ctx,
    names: &Names,
) -> KindSet {
    let Some(list) = &def.mutually_immune else {
        return KindSet::EMPTY;
    };
    let mut set = KindSet::EMPTY;
    for letter in &list.value {
        let Some(kind) = names.piece(cx, letter, "mutually immune piece") else {
            continue;
        };
        let piece = &pieces[kind.index()];
        if royal == RoyalRule::Checkmate && piece.royal {
            cx.error(
                letter,
                "fairy::unsupported-combination",
                format!(
                    "the royal piece `{}` cannot be mutually immune under the checkmate rule",
                    piece.name
                ),
                "a royal piece",
                "check is judged by attacks, and this one would be attacked by pieces that may \
                 not take it; use `end: royal: extinction` or drop it from the list",
            );
        }
        set = set.with(kind);
    }
    set
}
