//! The end rules beyond the royal rule: flags, insufficient material, extinction of a piece
//! type, check counting and the counting rules (which combinations are refused is decided
//! in `combinations`).

use indexmap::IndexMap;

use crate::load::definition::{BareCountStart, CountingDef, EndDef, ExtinctionDef, RoyalRule, Sp};
use crate::load::dsl::DslError;
use crate::rules::{
    Color, Counting, EndRules, Extinction, Flag, Kind, KindSet, Material, Parameter, Piece,
    MAX_KINDS,
};
use crate::types::bitboard::Bitboard;

use super::names::Names;
use super::{parameters, Ctx};

/// The ways to win or draw that `end:` names beyond its plain settings: read where the
/// pieces, regions and parameters they name are known.
pub(super) struct Conditions {
    flags: Vec<Flag>,
    insufficient_material: Vec<Material>,
    extinction: Option<Extinction>,
    checks_to_win: u8,
    counting: Option<Counting>,
}

/// The flags, insufficient material, extinction, check count and counting rules of `end`,
/// each name they give resolved (problems recorded in `cx`).
pub(super) fn conditions(
    end: &EndDef,
    params: &[Parameter],
    regions: &IndexMap<String, [Bitboard; 2]>,
    names: &Names,
    cx: &mut Ctx,
) -> Conditions {
    let flags = end
        .flags
        .iter()
        .filter_map(|f| {
            let piece = parameters::piece_ref(cx, params, &f.piece, "flag piece", names);
            let zone = parameters::zone_ref(cx, params, regions, &f.zone);
            Some(Flag {
                piece: piece?,
                zone: zone?,
                safe: f.safe,
                hold: f.hold.as_ref().is_some_and(|h| h.value),
            })
        })
        .collect();
    let insufficient_material = end
        .insufficient_material
        .iter()
        .filter_map(|entry| material(cx, entry, names))
        .collect();
    let extinction = end
        .extinction
        .as_ref()
        .and_then(|x| extinction(cx, x, names));
    let counting = end.counting.as_ref().and_then(|c| counting(cx, c, names));
    Conditions {
        flags,
        insufficient_material,
        extinction,
        checks_to_win: checks_to_win(end),
        counting,
    }
}

/// The game-end rules of `end` with its `conditions`; `explodes` and `royals` say whether
/// the variant has an explosion and royal pieces (see [`ends_by_position`]).
pub(super) fn rules(
    end: &EndDef,
    conditions: Conditions,
    explodes: bool,
    royals: bool,
) -> EndRules {
    let ends_by_position = ends_by_position(end, &conditions, explodes, royals);
    let Conditions {
        flags,
        insufficient_material,
        extinction,
        checks_to_win,
        counting,
    } = conditions;
    let insufficient_most = insufficient_material.iter().map(|m| m.len()).max();
    EndRules {
        ends_by_position,
        insufficient_most: insufficient_most.unwrap_or(0),
        royal: end.royal,
        stalemate: end.stalemate,
        move_rule_plies: end.move_rule.saturating_mul(2),
        repetition: end.repetition,
        counting,
        flags,
        insufficient_material,
        checkmate: end.checkmate,
        extinction,
        checks_to_win,
        flag_reply: end.flag_reply,
        check: end.check.as_ref().map_or(Default::default(), |c| c.value),
        full_board: end.full_board,
        count_pieces: end.count_pieces,
    }
}

/// Whether the engine's `decided` can find an end in a position beyond the pass and facing
/// counters kept in the position: the game-end rules it reads.
fn ends_by_position(end: &EndDef, c: &Conditions, explodes: bool, royals: bool) -> bool {
    end.full_board
        || ((end.royal == RoyalRule::Extinction || explodes) && royals)
        || c.extinction.is_some()
        || c.checks_to_win > 0
        || !c.flags.is_empty()
}

/// The compiled `end: extinction:`, if it is written and valid.
fn extinction(cx: &mut Ctx, def: &ExtinctionDef, names: &Names) -> Option<Extinction> {
    let text = &def.pieces;
    let help = "write `all`, or the letters of the kinds counted, e.g. `KQRBNP`";
    let kinds = if text.value == "all" {
        None
    } else {
        let kinds = kind_letters(cx, text, "fairy::bad-extinction", help, names)?;
        Some(kinds)
    };
    Some(Extinction {
        kinds,
        left: def.left,
        result: def.result,
        opponent_has: def.opponent_has,
        claim: def.claim,
    })
}

/// Each letter of `text` with the kind it names (either case), in order; the first letter
/// that names no piece is reported at that letter under `code`, with `help`.
fn letters(
    cx: &mut Ctx,
    text: &Sp<String>,
    code: &'static str,
    help: &str,
    names: &Names,
) -> Option<Vec<(char, Kind)>> {
    let mut out = Vec::with_capacity(text.value.len());
    for (i, c) in text.value.char_indices() {
        let Some(kind) = names.letter(c) else {
            let e = DslError::new(i..i + c.len_utf8(), format!("`{c}` is not a piece letter"))
                .with_help(help.to_string());
            cx.dsl(text, code, e);
            return None;
        };
        out.push((c, kind));
    }
    Some(out)
}

/// The kinds a string of piece letters names (either case), at least one; each letter that
/// names no piece is reported at that letter under `code`.
pub(super) fn kind_letters(
    cx: &mut Ctx,
    text: &Sp<String>,
    code: &'static str,
    help: &str,
    names: &Names,
) -> Option<KindSet> {
    let kinds = letters(cx, text, code, help, names)?
        .into_iter()
        .fold(KindSet::EMPTY, |kinds, (_, kind)| kinds.with(kind));
    if kinds.is_empty() {
        let e = DslError::new(0..0, "no piece kind named".to_string()).with_help(help.to_string());
        cx.dsl(text, code, e);
        return None;
    }
    Some(kinds)
}

/// The compiled `end: counting:`, if it is written and valid.
fn counting(cx: &mut Ctx, def: &CountingDef, names: &Names) -> Option<Counting> {
    let help = "write the letters of the kinds that pause the count, e.g. `P`";
    let paused_by = kind_letters(cx, &def.paused_by, "fairy::bad-counting", help, names)?;
    let mut bare = Vec::with_capacity(def.bare.len());
    for entry in &def.bare {
        bare.push((
            kind_counts(cx, &entry.has, names)?,
            entry.moves.saturating_mul(2),
        ));
    }
    Some(Counting {
        paused_by,
        board_plies: def.board.saturating_mul(2),
        bare,
        bare_from_pieces: def.bare_start == BareCountStart::Pieces,
    })
}

/// How many of each kind a string of piece letters names (either case; empty: none).
fn kind_counts(cx: &mut Ctx, text: &Sp<String>, names: &Names) -> Option<[u8; MAX_KINDS]> {
    let help = "write a letter per piece the stronger side has, e.g. `RR` for two rooks";
    let mut counts = [0u8; MAX_KINDS];
    for (_, kind) in letters(cx, text, "fairy::bad-counting", help, names)? {
        let n = &mut counts[kind.index()];
        *n = n.saturating_add(1);
    }
    Some(counts)
}

/// `end: checks_to_win:` (0: off; refused under extinction in `combinations`).
fn checks_to_win(end: &EndDef) -> u8 {
    end.checks_to_win.as_ref().map_or(0, |n| n.value)
}

/// One `insufficient_material` entry: FEN letters, each a piece on the board.
fn material(cx: &mut Ctx, entry: &Sp<String>, names: &Names) -> Option<Material> {
    let help = "write the letters of every piece on the board, White's upper case, e.g. `KBk`";
    let pieces = letters(cx, entry, "fairy::bad-material", help, names)?;
    Some(pieces.into_iter().fold(Material::EMPTY, |m, (c, kind)| {
        let color = crate::types::letter::read(c).map_or(Color::White, |(_, color)| color);
        m.with(Piece::new(kind, color))
    }))
}
