//! `castling:`: the king and its partners, how far the king goes (or to which files, in
//! Chess960) and where castling rights may be dropped.

use indexmap::IndexMap;

use crate::load::definition::{CastlingDef, Distance, DistanceDef, Sp, VariantDef};
use crate::rules::{Castling, DropRights, KindSet, Topology};
use crate::types::bitboard::Bitboard;

use super::names::Names;
use super::{regions, Ctx};

/// The compiled castling, if the definition has it and it is valid.
pub(super) fn castling(
    def: &VariantDef,
    topology: &Topology,
    regions: &IndexMap<String, [Bitboard; 2]>,
    names: &Names,
    cx: &mut Ctx,
) -> Option<Castling> {
    let c = def.castling.as_ref()?;
    let king = names.piece(cx, &c.value.king, "castling king");
    let partners = c
        .value
        .partners
        .iter()
        .filter_map(|p| names.piece(cx, p, "castling partner"))
        .collect::<KindSet>();
    let (distance, king_files) = castling_moves(cx, c, topology)?;
    Some(Castling {
        king: king?,
        partners,
        kingside: distance.kingside,
        queenside: distance.queenside,
        king_files,
        ignore_check: c.value.ignore_check,
        drop_rights: match &c.value.drop_rights {
            Some(d) => {
                let king = regions::region_named(cx, regions, &d.king);
                let partners = regions::region_named(cx, regions, &d.partners);
                Some(DropRights {
                    king: king?,
                    partners: partners?,
                })
            }
            None => None,
        },
    })
}

/// How the castling king moves: `king_distance`, or Chess960's `king_files` (then the
/// distances are unused). Exactly one must be given (`fairy::bad-castling`), and each file
/// must be a file of the board.
fn castling_moves(
    cx: &mut Ctx,
    c: &Sp<CastlingDef>,
    topology: &Topology,
) -> Option<(DistanceDef, Option<[u8; 2]>)> {
    let unused = DistanceDef {
        kingside: Distance::Free,
        queenside: Distance::Free,
    };
    match (&c.value.king_distance, &c.value.king_files) {
        (Some(d), None) => Some((d.value, None)),
        (None, Some(files)) => {
            let mut file = |letter: &Sp<String>| {
                let mut chars = letter.value.chars();
                let found = match (chars.next(), chars.next()) {
                    (Some(ch @ 'a'..='z'), None)
                        if (ch as u32 - 'a' as u32) < u32::from(topology.width()) =>
                    {
                        Some(ch as u8 - b'a')
                    }
                    _ => None,
                };
                if found.is_none() {
                    cx.error(
                        letter,
                        "fairy::bad-castling",
                        format!("`{}` is not a file of the board", letter.value),
                        "not a file",
                        "write a file letter of the board, such as `g`",
                    );
                }
                found
            };
            let kingside = file(&files.value.kingside);
            let queenside = file(&files.value.queenside);
            Some((unused, Some([kingside?, queenside?])))
        }
        (Some(_), Some(files)) => {
            cx.error(
                files,
                "fairy::bad-castling",
                "castling with both `king_distance` and `king_files`".to_string(),
                "a second way to move the king",
                "keep one: `king_files` for Chess960 castling, `king_distance` otherwise",
            );
            None
        }
        (None, None) => {
            cx.error(
                c,
                "fairy::bad-castling",
                "castling without `king_distance` or `king_files`".to_string(),
                "how far does the king go?",
                "add `king_distance: 2` (chess) or `king_files: {kingside: g, queenside: c}` \
                 (Chess960)",
            );
            None
        }
    }
}
