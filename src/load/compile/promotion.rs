//! A piece's `promotion:` choices (one list, or one per side) and their `limit:`; how FEN
//! writes the promoted kinds (`promoted_in_fen:`).

use crate::load::definition::{ChoicesDef, PromotionDef, Sp, VariantDef};
use crate::rules::{Kind, PieceType};
use crate::types::rule_enums::PromotedInFen;

use super::names::Names;
use super::Ctx;

/// Per side, the kinds of `choices`, each once: an empty list is
/// `fairy::no-promotion-choice`, a letter listed twice for one side
/// `fairy::duplicate-promotion-choice`.
pub(super) fn promotion_choices(
    cx: &mut Ctx,
    choices: &Sp<ChoicesDef>,
    names: &Names,
) -> [Vec<Kind>; 2] {
    let lists: [&[Sp<String>]; 2] = match &choices.value {
        ChoicesDef::Both(list) => {
            if list.is_empty() {
                no_choice(cx, choices, "");
            }
            [list, &[]]
        }
        ChoicesDef::PerSide { white, black } => {
            for (side, list) in [("White", white), ("Black", black)] {
                if list.value.is_empty() {
                    no_choice(cx, list, side);
                }
            }
            [&white.value, &black.value]
        }
    };
    let [white, black] = lists.map(|list| {
        let mut kinds: Vec<Kind> = Vec::new();
        for c in list {
            let Some(k) = names.piece(cx, c, "promotion choice") else {
                continue;
            };
            if kinds.contains(&k) {
                cx.error(
                    c,
                    "fairy::duplicate-promotion-choice",
                    format!("`{}` is listed twice as a promotion choice", c.value),
                    "already listed",
                    "list each piece once",
                );
            } else {
                kinds.push(k);
            }
        }
        kinds
    });
    match &choices.value {
        // One list, read once, for both sides.
        ChoicesDef::Both(_) => [white.clone(), white],
        ChoicesDef::PerSide { .. } => [white, black],
    }
}

fn no_choice<T>(cx: &mut Ctx, at: &Sp<T>, side: &str) {
    let whose = if side.is_empty() {
        String::new()
    } else {
        format!(" for {side}")
    };
    cx.error(
        at,
        "fairy::no-promotion-choice",
        format!("a promotion needs at least one choice{whose}"),
        "empty",
        "list the letters of the pieces it may become, e.g. [Q, R, B, N]",
    );
}

/// The `limit:` of a promotion: per letter, the most pieces of that kind the promoting side
/// may have on the board for the choice to be open. A letter that is no choice of either
/// side, or a limit of 0, is `fairy::bad-promotion-limit`.
pub(super) fn promotion_limit(
    cx: &mut Ctx,
    promo: &PromotionDef,
    choices: &[Vec<Kind>; 2],
    names: &Names,
) -> Vec<(Kind, u8)> {
    let mut limit = Vec::new();
    for (letter, count) in &promo.limit {
        let kind = names.key(letter);
        // The map's key has no span of its own: problems are reported at its count.
        if !kind.is_some_and(|kind| choices.iter().any(|side| side.contains(&kind))) {
            cx.error(
                count,
                "fairy::bad-promotion-limit",
                format!("`{letter}` has a promotion limit but is no promotion choice"),
                "the limit of no choice",
                "limit only the letters listed under `choices`",
            );
        } else if count.value == 0 {
            cx.error(
                count,
                "fairy::bad-promotion-limit",
                format!("a promotion limit of 0 closes the choice `{letter}` for good"),
                "0",
                "give the most pieces of the kind a side may have, 1 or more, or remove the choice",
            );
        } else if let Some(kind) = kind {
            limit.push((kind, count.value));
        }
    }
    limit
}

/// Under `promoted_in_fen: plus`, per kind, the kind FEN writes it by after a `+`: for a
/// promoted kind, the one kind that promotes to it. A promoted kind that no kind, or several,
/// promote to is `fairy::bad-promotion`, at the key. Empty under `letter`.
pub(super) fn plus_bases(
    def: &VariantDef,
    pieces: &[PieceType],
    cx: &mut Ctx,
) -> Vec<Option<Kind>> {
    let Some(key) = def
        .promoted_in_fen
        .as_ref()
        .filter(|p| p.value == PromotedInFen::Plus)
    else {
        return Vec::new();
    };
    let mut out = vec![None; pieces.len()];
    for (k, piece) in pieces.iter().enumerate().filter(|(_, p)| p.promoted) {
        let kind = Kind::new(k as u8);
        let bases: Vec<usize> = pieces
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                b.promotion
                    .as_ref()
                    .is_some_and(|p| p.choices.iter().flatten().any(|&c| c == kind))
            })
            .map(|(b, _)| b)
            .collect();
        match bases[..] {
            [b] => out[k] = Some(Kind::new(b as u8)),
            _ => cx.error(
                key,
                "fairy::bad-promotion",
                format!(
                    "the promoted kind `{}` is not promoted to by exactly one kind, so `+` cannot name it",
                    piece.name
                ),
                "promoted kinds written with `+`",
                "give it one kind that promotes to it, or write promoted kinds by their letters",
            ),
        }
    }
    out
}
