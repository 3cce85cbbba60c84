//! Piece types: each piece's movement expanded to motions, its promotion, drops, image and
//! the kinds its lists name.

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;

use crate::load::definition::{Sp, VariantDef};
use crate::load::dsl::{self, DslError};
use crate::rules::{KindSet, PieceType, Promotion, Topology};
use crate::types::bitboard::Bitboard;
use crate::types::limits::{Limit, LimitExceeded};

use super::names::Names;
use super::{betza, hand, promotion, regions, tables, warnings, Ctx};

/// The piece types of `def`, in the order of their kinds, with the motions the tables are
/// built from.
pub(super) fn pieces(
    def: &VariantDef,
    topology: &Topology,
    regions: &IndexMap<String, [Bitboard; 2]>,
    names: &Names,
    cx: &mut Ctx,
) -> (Vec<PieceType>, Vec<tables::KindMotions>) {
    let mut kind_motions = Vec::new();
    let mut pieces = Vec::new();
    for ((name, piece), &letter) in def.pieces.iter().zip(names.letters()) {
        let p = &piece.value;
        let motions = component_motions(cx, topology, &p.moves);
        let within = zoned_motions(cx, topology, regions, &p.within);
        let from = zoned_motions(cx, topology, regions, &p.from);
        let first_move = motions.iter().any(|m| m.initial)
            || within
                .iter()
                .chain(&from)
                .any(|(m, _)| m.iter().any(|m| m.initial));
        kind_motions.push(tables::KindMotions {
            everywhere: motions,
            within,
            from,
            cannot_hop: KindSet::EMPTY,
        });
        let promotion = p.promotion.as_ref().and_then(|promo| {
            let zone = regions::region_named(cx, regions, &promo.zone);
            let choices = promotion::promotion_choices(cx, &promo.choices, names);
            let limit = promotion::promotion_limit(cx, promo, &choices, names);
            let entering = promo.entering.as_ref().filter(|e| e.value);
            if let (Some(e), false) = (entering, promo.optional) {
                cx.error(
                    e,
                    "fairy::bad-promotion",
                    "`entering` narrows an optional promotion, and this one is not".into(),
                    "without `optional: true`",
                    "add `optional: true` (Chu Shogi's promotion), or drop `entering`",
                );
            }
            Some(Promotion {
                zone: zone?,
                choices,
                limit,
                optional: promo.optional,
                on_capture: promo.on_capture,
                entering: entering.is_some(),
                standing: promo.standing.as_ref().is_some_and(|s| s.value),
                last_anywhere: promo.last_anywhere,
                peaceful: promo.peaceful,
                // Filled in once the rule set can move pieces (see `forced_promotions`).
                forced: [Bitboard::EMPTY; 2],
            })
        });
        pieces.push(PieceType {
            name: name.clone(),
            letter,
            moves: p.moves.value.clone(),
            royal: p.royal,
            en_passant: p.en_passant,
            takes_en_passant: takes_en_passant(cx, name, p),
            en_passant_zone: p
                .en_passant_zone
                .as_ref()
                .and_then(|z| regions::region_named(cx, regions, z)),
            resets_halfmove_clock: p.resets_halfmove_clock,
            promotion,
            first_move,
            drop: hand::drop_rule(cx, topology, regions, p.drop.as_ref()),
            promoted: p.promoted,
            image: p.image.as_ref().and_then(|image| known_image(cx, image)),
            value: p.value,
            cannot_hop: kind_list(cx, p.cannot_hop.as_ref(), "a piece it cannot hop", names),
            cannot_capture: kind_list(
                cx,
                p.cannot_capture.as_ref(),
                "a piece it cannot capture",
                names,
            ),
            first_move_in_check: p.first_move_in_check,
            loses_first_move_to: kind_list(
                cx,
                p.loses_first_move_to.as_ref(),
                "a piece that takes first-move rights",
                names,
            ),
        });
    }
    for (motions, piece) in kind_motions.iter_mut().zip(&pieces) {
        motions.cannot_hop = piece.cannot_hop;
    }
    // The attack test asks whether a royal piece could be captured, not by whom it may be.
    for def in def.pieces.values() {
        let letters = def.value.cannot_capture.iter().flat_map(|list| &list.value);
        for letter in letters {
            let royal_letter = letter.value.chars().next().is_some_and(|c| {
                pieces
                    .iter()
                    .any(|p| p.royal && p.letter == crate::types::letter::upper(c))
            });
            if royal_letter {
                cx.error(
                    letter,
                    "fairy::unsupported-combination",
                    "a royal piece in `cannot_capture` is not supported".into(),
                    "a royal piece",
                    "list only pieces that are not royal",
                );
            }
        }
    }
    (pieces, kind_motions)
}

/// Whether the piece captures en passant: with `en_passant`, unless `takes_en_passant:
/// false`. The key without `en_passant` is `fairy::takes-without-en-passant`.
fn takes_en_passant(cx: &mut Ctx, name: &str, p: &crate::load::definition::PieceDef) -> bool {
    match &p.takes_en_passant {
        Some(takes) if !p.en_passant => {
            cx.error(
                takes,
                "fairy::takes-without-en-passant",
                format!("`{name}` has `takes_en_passant` but no `en_passant: true`"),
                "takes part in no en passant",
                "add `en_passant: true` to the piece, or leave `takes_en_passant` out",
            );
            false
        }
        Some(takes) => takes.value,
        None => p.en_passant,
    }
}

/// A piece's `image:` when the project's set has it; else a problem, with the nearest name.
fn known_image(cx: &mut Ctx, image: &Sp<String>) -> Option<String> {
    if crate::render::picture::image_names().any(|n| n == image.value) {
        return Some(image.value.clone());
    }
    let names: Vec<&str> = crate::render::picture::image_names().collect();
    let nearest = names
        .iter()
        .map(|n| (strsim::levenshtein(n, &image.value), *n))
        .min()
        .filter(|(d, _)| *d <= 2.max(image.value.len() / 3));
    let help = match nearest {
        Some((_, n)) => format!("did you mean `{n}`?"),
        None => format!("the images are {}", names.join(", ")),
    };
    cx.error(
        image,
        "fairy::unknown-image",
        format!("the project has no piece image `{}`", image.value),
        "no such image",
        &help,
    );
    None
}

/// The kinds a list of letters names (`cannot_hop:`, `cannot_capture:`); unknown letters
/// are reported by `names`.
fn kind_list(
    cx: &mut Ctx,
    list: Option<&Sp<Vec<Sp<String>>>>,
    what: &str,
    names: &Names,
) -> KindSet {
    list.map_or(KindSet::EMPTY, |l| {
        l.value
            .iter()
            .filter_map(|s| names.piece(cx, s, what))
            .fold(KindSet::EMPTY, KindSet::with)
    })
}

/// The motions of a piece's `within:` or `from:` entries, each with its region; an unknown
/// region is an error at its movement.
fn zoned_motions(
    cx: &mut Ctx,
    topology: &Topology,
    regions: &IndexMap<String, [Bitboard; 2]>,
    entries: &IndexMap<String, Sp<String>>,
) -> Vec<(Vec<betza::Motion>, [Bitboard; 2])> {
    entries
        .iter()
        .filter_map(|(region, moves)| {
            let Some(zone) = regions.get(region) else {
                let known = super::listed(regions.keys().map(String::as_str));
                cx.error(
                    moves,
                    "fairy::unknown-region",
                    format!("no region is named `{region}`"),
                    "the moves of an unknown region",
                    &format!("define it under `regions:`; defined: {known}"),
                );
                return None;
            };
            Some((component_motions(cx, topology, moves), *zone))
        })
        .collect()
}

/// Checks the syntax of every piece's movement strings, for a definition without a board.
pub(super) fn movement_syntax(def: &VariantDef, cx: &mut Ctx) {
    for piece in def.pieces.values() {
        let p = &piece.value;
        for moves in std::iter::once(&p.moves)
            .chain(p.within.values())
            .chain(p.from.values())
        {
            if let Err(e) = dsl::parse_movement(&moves.value) {
                cx.dsl(moves, "fairy::movement-syntax", e);
            }
        }
    }
}

/// The motions of a movement string; problems are recorded at their place in it.
pub(super) fn component_motions(
    cx: &mut Ctx,
    topology: &Topology,
    moves: &Sp<String>,
) -> Vec<betza::Motion> {
    let movement = match dsl::parse_movement(&moves.value) {
        Ok(movement) => movement,
        Err(e) => {
            cx.dsl(moves, "fairy::movement-syntax", e);
            return Vec::new();
        }
    };
    let mut motions = Vec::new();
    // A repeated component is expanded once, and a motion that two components share is
    // kept once: repeats cost no table work and count once against the limit.
    let mut reaches: HashMap<&str, bool> = HashMap::new();
    let mut unique: HashSet<betza::Motion> = HashSet::new();
    // Two-leg captures with their component's place, checked once every leap is known.
    let mut legs: Vec<(betza::Motion, std::ops::Range<usize>)> = Vec::new();
    for component in &movement.components {
        let unreachable = |cx: &mut Ctx| {
            let e = DslError::new(component.span.clone(), "this move reaches no square of this board")
                .with_help("it is longer than the board allows from every square; drop it or enlarge the board");
            cx.dsl_warning(moves, "fairy::unreachable-move", e);
        };
        let text = &moves.value[component.span.clone()];
        match reaches.get(text) {
            Some(true) => continue,
            Some(false) => {
                unreachable(cx);
                continue;
            }
            None => {}
        }
        if cx.ways > cx.limits.movement_ways {
            continue;
        }
        match betza::expand(component, topology.geometry()) {
            Ok(m) if !warnings::reaches_a_cell(topology, &m) => {
                reaches.insert(text, false);
                unreachable(cx);
            }
            Ok(m) => {
                reaches.insert(text, true);
                for motion in m {
                    if matches!(motion.reach, betza::Reach::Via { captures: true, .. }) {
                        legs.push((motion.clone(), component.span.clone()));
                    }
                    if unique.contains(&motion) {
                        continue;
                    }
                    cx.ways += motion.ways();
                    unique.insert(motion.clone());
                    motions.push(motion);
                }
                if let Err(e) = LimitExceeded::check(Limit::MovementWays, cx.limits, cx.ways) {
                    let e = DslError::new(component.span.clone(), e.to_string()).with_help(
                        "drop components that repeat others' moves, or raise `movement_ways`",
                    );
                    cx.dsl(moves, "fairy::limit-exceeded", e);
                }
            }
            Err(e) => cx.dsl(moves, "fairy::bad-movement", e),
        }
    }
    uncovered_legs(cx, moves, &motions, &legs);
    motions
}

/// A two-leg move may capture only where the piece also captures by a plain leap: the
/// attack tables, which find checks, then know every cell it attacks.
fn uncovered_legs(
    cx: &mut Ctx,
    moves: &Sp<String>,
    motions: &[betza::Motion],
    legs: &[(betza::Motion, std::ops::Range<usize>)],
) {
    let leaps = |offset: (i8, i8)| {
        motions.iter().any(|m| {
            m.reach == betza::Reach::Leap
                && !m.initial
                && m.mode.capture()
                && (m.dx, m.dy) == offset
        })
    };
    for (m, span) in legs {
        let betza::Reach::Via { via, .. } = m.reach else {
            continue;
        };
        let arrival = (m.dx, m.dy);
        let uncovered = !leaps(via) || (arrival != (0, 0) && m.mode.capture() && !leaps(arrival));
        if !uncovered {
            continue;
        }
        let e = DslError::new(
            span.clone(),
            "this two-leg move captures where the piece has no capturing leap",
        )
        .with_help(
            "a two-leg move captures only where the piece also leaps and captures: add the \
             leap (the lion's `caK` goes with `KNAD`)",
        );
        cx.dsl(moves, "fairy::bad-movement", e);
        return;
    }
}
