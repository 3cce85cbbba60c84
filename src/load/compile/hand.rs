//! `hand:` and the pieces' `drop:` entries: pieces in hand and where they may be dropped.

use indexmap::IndexMap;

use crate::load::definition::{CaptureDestination, DropDef, Sp, VariantDef};
use crate::load::diagnostics::Problem;
use crate::rules::hand::{DropRule, HandRules};
use crate::rules::{Kind, KindSet, PieceType, Topology, MAX_KINDS};
use crate::types::bitboard::Bitboard;

use super::names::Names;
use super::{regions, Ctx};

/// The drop rule of a piece's `drop:` entry; `None` without one.
pub(super) fn drop_rule(
    cx: &mut Ctx,
    topology: &Topology,
    regions: &IndexMap<String, [Bitboard; 2]>,
    def: Option<&Sp<DropDef>>,
) -> Option<DropRule> {
    let def = def?;
    let mut rule = DropRule::anywhere(topology.all());
    if let Some(zone) = &def.value.zone {
        rule.zone = regions::region_named(cx, regions, zone)?;
    }
    if let Some(max) = &def.value.max_per_file {
        if max.value == 0 {
            cx.error(
                max,
                "fairy::bad-count",
                "`max_per_file: 0` would forbid every drop".to_string(),
                "never dropped",
                "give 1 or more, or leave out `drop:` for a piece that is never dropped",
            );
        }
        rule.max_per_file = Some(max.value);
    }
    rule.mates = def.value.mates;
    rule.promoted = def.value.promoted;
    rule.opposite_colors = def.value.opposite_colors;
    rule.beside_own = def.value.beside_own;
    rule.must_convert = def.value.must_convert.as_ref().is_some_and(|m| m.value);
    if let Some(zone) = &def.value.opening_zone {
        rule.opening = Some(regions::region_named(cx, regions, zone)?);
    }
    rule.gating_only = def.value.gating_only.as_ref().is_some_and(|g| g.value);
    Some(rule)
}

/// The hand rules of `hand:`, once the pieces are built. A `drop:` entry without `hand:` is
/// an error, and so is `demote` where two kinds promote to one (which would it become?).
pub(super) fn hand_rules(
    def: &VariantDef,
    pieces: &[PieceType],
    names: &Names,
    topology: &Topology,
    regions: &IndexMap<String, [Bitboard; 2]>,
    cx: &mut Ctx,
) -> Option<HandRules> {
    let Some(hand) = &def.hand else {
        for (name, piece) in &def.pieces {
            if let Some(drop) = &piece.value.drop {
                cx.error(
                    drop,
                    "fairy::drop-without-hand",
                    format!("`{name}` has a `drop:` entry but the variant has no `hand:`"),
                    "dropped from which hand?",
                    "add `hand:` with `captures: capturer` (or `out`) at the top level",
                );
            }
        }
        return None;
    };
    if def.convert.is_none() {
        for (name, piece) in &def.pieces {
            let must = piece
                .value
                .drop
                .as_ref()
                .and_then(|d| d.value.must_convert.as_ref());
            if let Some(must) = must.filter(|m| m.value) {
                cx.error(
                    must,
                    "fairy::convert-without-rule",
                    format!(
                        "`{name}` must convert when dropped, but the variant has no `convert:`"
                    ),
                    "converts how?",
                    "add `convert: enclosed` (or `adjacent`) at the top level",
                );
            }
        }
    }
    let mut demotion = [Kind::new(0); MAX_KINDS];
    for (k, slot) in demotion.iter_mut().enumerate().take(pieces.len()) {
        *slot = Kind::new(k as u8);
    }
    let mut sources: Vec<Vec<Kind>> = vec![Vec::new(); pieces.len()];
    for (k, piece) in pieces.iter().enumerate() {
        for &choice in piece
            .promotion
            .iter()
            .flat_map(|p| p.choices.iter().flatten())
        {
            if !sources[choice.index()].contains(&Kind::new(k as u8)) {
                sources[choice.index()].push(Kind::new(k as u8));
            }
        }
    }
    for (k, from) in sources.iter().enumerate() {
        match from[..] {
            [one] => demotion[k] = one,
            [] => {}
            [a, b, ..] if hand.value.demote => cx.at(
                hand,
                Problem::error(
                    "fairy::ambiguous-demotion",
                    format!(
                        "`{}` and `{}` both promote to `{}`: a captured promoted `{}` could \
                         demote to either",
                        pieces[a.index()].name,
                        pieces[b.index()].name,
                        pieces[k].name,
                        pieces[k].name
                    ),
                    crate::load::definition::span_of(hand),
                    "demote to which?",
                )
                .help("give each promoting piece its own promoted kinds, or set `demote: false`"),
            ),
            _ => {}
        }
    }
    let must_drop_kinds = hand.value.must_drop_pieces.as_ref().and_then(|text| {
        let help = "write the letters of the kinds that must be dropped, e.g. `K`";
        super::end::kind_letters(cx, text, "fairy::unknown-piece", help, names)
    });
    let gates = gates(def, topology, regions, cx);
    Some(HandRules {
        gates,
        captures_to_hand: hand.value.captures.value == CaptureDestination::Capturer,
        demote: hand.value.demote,
        demotion,
        must_drop: hand.value.must_drop || must_drop_kinds.is_some(),
        must_drop_kinds: must_drop_kinds.unwrap_or(KindSet::ALL),
        opposite_colors: pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.drop.as_ref().is_some_and(|d| d.opposite_colors))
            .map(|(k, _)| Kind::new(k as u8))
            .collect(),
        dark: topology
            .cells()
            .filter(|&c| {
                let (file, rank) = topology.coords(c);
                (file + rank) % 2 == 0
            })
            .collect(),
        unlimited: hand.value.unlimited,
        around: crate::rules::conversion::king_steps(topology),
    })
}

/// The gates of `hand: gating` (none without it). Each side's gates must lie on distinct
/// files, since a FEN's castling field names a gate by its file (`fairy::bad-gates`); a
/// `gating_only` piece without gates is `fairy::gating-only-without-gates`.
fn gates(
    def: &VariantDef,
    topology: &Topology,
    regions: &IndexMap<String, [Bitboard; 2]>,
    cx: &mut Ctx,
) -> [Bitboard; 2] {
    let hand = def.hand.as_ref().map(|h| &h.value);
    let Some(name) = hand.and_then(|h| h.gating.as_ref()) else {
        for (piece, p) in &def.pieces {
            let only = p
                .value
                .drop
                .as_ref()
                .and_then(|d| d.value.gating_only.as_ref());
            if let Some(only) = only.filter(|o| o.value) {
                cx.error(
                    only,
                    "fairy::gating-only-without-gates",
                    format!("`{piece}` enters only by gating, but the variant has no gates"),
                    "gated where?",
                    "add `gating: REGION` under `hand:`, or leave out `gating_only`",
                );
            }
        }
        return [Bitboard::EMPTY; 2];
    };
    let Some(cells) = regions::region_named(cx, regions, name) else {
        return [Bitboard::EMPTY; 2];
    };
    for side in cells {
        let mut files = std::collections::HashSet::new();
        if side.cells().any(|c| !files.insert(topology.coords(c).0)) {
            cx.error(
                name,
                "fairy::bad-gates",
                format!("region `{}` has two cells on one file", name.value),
                "two gates on a file",
                "a FEN names a gate by its file: give each side at most one gate per file \
                 (the back rank, `{ white: rank 1, black: rank 8 }`)",
            );
            return [Bitboard::EMPTY; 2];
        }
    }
    cells
}
