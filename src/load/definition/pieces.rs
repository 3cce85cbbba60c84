//! Pieces as a file writes them, merged field by field along an `extends:` chain, then
//! checked complete.

use std::collections::HashSet;
use std::ops::Range;

use indexmap::IndexMap;
use serde::Deserialize;

use super::schema::{
    AmmoDef, DropDef, PieceDef, PlantDef, PromotionDef, RemoteDef, SubmergeDef, VersusSubmergedDef,
};
use super::{misindented, recover, Removed, Sp};
use crate::load::diagnostics::{Problem, Source};

/// A piece as one file writes it: every key may be left to the file it extends. The keys
/// are [`PieceDef`]'s, and `remove`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDraft {
    letter: Option<Sp<String>>,
    moves: Option<Sp<String>>,
    royal: Option<bool>,
    en_passant: Option<bool>,
    takes_en_passant: Option<Sp<bool>>,
    resets_halfmove_clock: Option<bool>,
    promotion: Option<PromotionDef>,
    within: Option<IndexMap<String, Sp<String>>>,
    from: Option<IndexMap<String, Sp<String>>>,
    en_passant_zone: Option<Sp<String>>,
    ammo: Option<IndexMap<String, Sp<AmmoDef>>>,
    plant: Option<Sp<PlantDef>>,
    remote: Option<Vec<Sp<RemoteDef>>>,
    submerge: Option<Sp<SubmergeDef>>,
    versus_submerged: Option<Sp<VersusSubmergedDef>>,
    image: Option<Sp<String>>,
    value: Option<u32>,
    drop: Option<Sp<DropDef>>,
    promoted: Option<bool>,
    cannot_hop: Option<Sp<Vec<Sp<String>>>>,
    cannot_capture: Option<Sp<Vec<Sp<String>>>>,
    first_move_in_check: Option<bool>,
    loses_first_move_to: Option<Sp<Vec<Sp<String>>>>,
    /// `true`: the piece of this name that an extended file defines is not part of this
    /// variant.
    remove: Option<Sp<bool>>,
}

impl PieceDraft {
    /// Each key of this draft, and the base's where this one has none.
    fn over(self, base: PieceDraft) -> PieceDraft {
        PieceDraft {
            letter: self.letter.or(base.letter),
            moves: self.moves.or(base.moves),
            royal: self.royal.or(base.royal),
            en_passant: self.en_passant.or(base.en_passant),
            takes_en_passant: self.takes_en_passant.or(base.takes_en_passant),
            resets_halfmove_clock: self.resets_halfmove_clock.or(base.resets_halfmove_clock),
            promotion: self.promotion.or(base.promotion),
            within: self.within.or(base.within),
            from: self.from.or(base.from),
            en_passant_zone: self.en_passant_zone.or(base.en_passant_zone),
            ammo: self.ammo.or(base.ammo),
            plant: self.plant.or(base.plant),
            remote: self.remote.or(base.remote),
            submerge: self.submerge.or(base.submerge),
            versus_submerged: self.versus_submerged.or(base.versus_submerged),
            image: self.image.or(base.image),
            value: self.value.or(base.value),
            drop: self.drop.or(base.drop),
            promoted: self.promoted.or(base.promoted),
            cannot_hop: self.cannot_hop.or(base.cannot_hop),
            cannot_capture: self.cannot_capture.or(base.cannot_capture),
            first_move_in_check: self.first_move_in_check.or(base.first_move_in_check),
            loses_first_move_to: self.loses_first_move_to.or(base.loses_first_move_to),
            remove: None,
        }
    }
}

/// Most pieces, and most bytes of a name, for which a removal of a piece no base has looks
/// for the nearest name.
const SUGGESTED: usize = 64;

/// The pieces of a file (`own`) over those of the files it extends (`base`): a piece of a
/// new name comes after the base's; one the base has merges key by key in its place; one
/// with `remove: true` takes the base's out. Removing a piece that no base has is a
/// problem, with the nearest name the base has.
pub(super) fn merge(
    mut base: IndexMap<String, Sp<PieceDraft>>,
    own: IndexMap<String, Sp<PieceDraft>>,
    problems: &mut Vec<Problem>,
) -> IndexMap<String, Sp<PieceDraft>> {
    // Taken out all at once at the end: one by one, each would shift the pieces after it.
    let mut removed: HashSet<String> = HashSet::new();
    for (name, draft) in own {
        if let Some(remove) = draft.value.remove.as_ref().filter(|r| r.value) {
            if base.contains_key(&name) {
                removed.insert(name);
            } else {
                // Compared with at most so many names of so many bytes, so that thousands of
                // removals of long names cost no more than one each (a rule set has at most
                // 16 piece types anyway).
                let comparable = base.len() - removed.len() <= SUGGESTED && name.len() <= SUGGESTED;
                let nearest = base
                    .keys()
                    .filter(|k| comparable && k.len() <= SUGGESTED && !removed.contains(*k))
                    .map(|k| (strsim::levenshtein(k, &name), k))
                    .min()
                    .filter(|(d, _)| *d <= 2.max(name.len() / 3));
                let help = match nearest {
                    Some((_, k)) => format!("did you mean `{k}`?"),
                    None => {
                        "`remove: true` takes out a piece of a definition this one extends".into()
                    }
                };
                problems.push(Problem {
                    file: remove.file,
                    ..Problem::error(
                        "fairy::unknown-piece",
                        format!("no extended definition has a piece `{name}` to remove"),
                        remove.span.clone(),
                        "nothing to remove",
                    )
                    .help(help)
                });
            }
            continue;
        }
        match base.get_mut(&name) {
            Some(old) => {
                let merged = std::mem::take(&mut old.value);
                *old = Sp {
                    value: draft.value.over(merged),
                    ..draft
                };
            }
            None => {
                base.insert(name, draft);
            }
        }
    }
    base.retain(|name, _| !removed.contains(name));
    base
}

/// The merged drafts as complete pieces. A piece without `letter` or `moves` is a problem
/// at its entry (worded as a bad indentation when the key follows it indented less) and is
/// taken out, as a YAML error takes out its entry.
pub(super) fn complete(
    drafts: IndexMap<String, Sp<PieceDraft>>,
    files: &[Source],
    problems: &mut Vec<Problem>,
    removed: &mut Vec<Removed>,
) -> IndexMap<String, Sp<PieceDef>> {
    let mut pieces = IndexMap::new();
    // The problems and entries this finds, each with the number of the piece it came from,
    // and the misplaced keys' lines: a line's problems and entries found before it are
    // dropped, all at the end, so that many misplaced keys cost no more than one each.
    let mut found: Vec<(usize, Problem)> = Vec::new();
    let mut taken: Vec<(usize, Removed)> = Vec::new();
    let mut lines: Vec<(usize, Range<usize>, usize)> = Vec::new();
    for (number, (name, draft)) in drafts.into_iter().enumerate() {
        let Sp {
            value: d,
            span,
            file,
        } = draft;
        let (Some(letter), Some(moves)) = (d.letter.clone(), d.moves.clone()) else {
            let key = if d.letter.is_none() {
                "letter"
            } else {
                "moves"
            };
            let text = &files[file].text;
            let misplaced = misindented(text, &files[file], key, span.start);
            if let Some(p) = &misplaced {
                // Read as a piece of its own name, the misplaced key was a YAML error: this
                // problem says what happened instead.
                let at = p.span.start;
                let line = text[..at].rfind('\n').map_or(0, |i| i + 1)
                    ..text[at..].find('\n').map_or(text.len(), |i| at + i);
                lines.push((file, line, number));
            }
            let problem = misplaced.unwrap_or_else(|| {
                let example = if key == "letter" {
                    "letter: C"
                } else {
                    "moves: C"
                };
                Problem::error(
                    "fairy::missing-key",
                    format!("the piece `{name}` has no `{key}`"),
                    span.start..span.start,
                    format!("no `{key}` here"),
                )
                .help(format!(
                    "add `{example}` under it, or extend a definition that has the piece"
                ))
            });
            found.push((number, Problem { file, ..problem }));
            if let Some(entry) = recover::enclosing(text, span.start) {
                let entry = Removed {
                    path: vec!["pieces".into(), name],
                    span: entry,
                    file,
                };
                taken.push((number, entry));
            }
            continue;
        };
        let def = PieceDef {
            letter,
            moves,
            royal: d.royal.unwrap_or_default(),
            en_passant: d.en_passant.unwrap_or_default(),
            takes_en_passant: d.takes_en_passant,
            resets_halfmove_clock: d.resets_halfmove_clock.unwrap_or_default(),
            promotion: d.promotion,
            within: d.within.unwrap_or_default(),
            from: d.from.unwrap_or_default(),
            en_passant_zone: d.en_passant_zone,
            ammo: d.ammo.unwrap_or_default(),
            plant: d.plant,
            remote: d.remote.unwrap_or_default(),
            submerge: d.submerge,
            versus_submerged: d.versus_submerged,
            image: d.image,
            value: d.value,
            drop: d.drop,
            promoted: d.promoted.unwrap_or_default(),
            cannot_hop: d.cannot_hop,
            cannot_capture: d.cannot_capture,
            first_move_in_check: d.first_move_in_check.unwrap_or(true),
            loses_first_move_to: d.loses_first_move_to,
        };
        pieces.insert(
            name,
            Sp {
                value: def,
                span,
                file,
            },
        );
    }
    lines.sort_by_key(|(file, line, number)| (*file, line.start, *number));
    // Whether a misplaced key's line, found after the piece `number` (every piece, for what
    // was found before this), holds `at` in `file`.
    let dropped = |file: usize, at: usize, number: Option<usize>| {
        let after = lines.partition_point(|(f, line, _)| (*f, line.start) <= (file, at));
        after.checked_sub(1).is_some_and(|i| {
            let (f, line, last) = &lines[i];
            *f == file && line.contains(&at) && number.is_none_or(|n| n < *last)
        })
    };
    problems.retain(|q| !dropped(q.file, q.span.start, None));
    removed.retain(|r| !dropped(r.file, r.span.start, None));
    problems.extend(
        found
            .into_iter()
            .filter(|(n, q)| !dropped(q.file, q.span.start, Some(*n)))
            .map(|(_, q)| q),
    );
    removed.extend(
        taken
            .into_iter()
            .filter(|(n, r)| !dropped(r.file, r.span.start, Some(*n)))
            .map(|(_, r)| r),
    );
    pieces
}
