//! The pieces' letters, and the one resolver every stage names a piece through.

use crate::load::definition::{Sp, VariantDef};
use crate::rules::{Kind, MAX_KINDS};
use crate::types::letter::{is_piece_letter, upper};

use super::Ctx;

/// The pieces' letters, in the order of their kinds: the names the rest of a definition
/// gives its pieces by (promotion choices, castling, end rules, the setup...).
pub(super) struct Names {
    /// Per kind, its upper-case letter; `?` for a letter that is not one ASCII letter.
    letters: Vec<char>,
}

impl Names {
    /// The letters of `def`'s pieces, each checked (`fairy::bad-letter`,
    /// `fairy::duplicate-letter`); `None` past [`MAX_KINDS`] pieces (`fairy::too-many-pieces`).
    pub(super) fn new(def: &VariantDef, cx: &mut Ctx) -> Option<Names> {
        let mut letters: Vec<char> = Vec::new();
        // A definition of many pieces is checked in one pass.
        let mut used = std::collections::HashSet::new();
        for (name, piece) in &def.pieces {
            let l = &piece.value.letter;
            let mut chars = l.value.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if is_piece_letter(c) => upper(c),
                _ => {
                    cx.error(
                        l,
                        "fairy::bad-letter",
                        format!("the letter of `{name}` must be one letter with an upper and a lower case"),
                        "not one letter",
                        "write a single letter such as `N` (or `Δ`, `Ж`, `É` past the 26 of ASCII)",
                    );
                    '?'
                }
            };
            if letter != '?' && !used.insert(letter) {
                cx.error(
                    l,
                    "fairy::duplicate-letter",
                    format!("the letter `{letter}` is used by two pieces"),
                    "used before",
                    "give every piece its own letter",
                );
            }
            letters.push(letter);
        }
        if let Some(extra) = def.pieces.values().nth(MAX_KINDS) {
            cx.error(
                &extra.value.letter,
                "fairy::too-many-pieces",
                format!(
                    "{} piece types; at most {MAX_KINDS} are supported",
                    def.pieces.len()
                ),
                "here",
                "merge or drop piece types",
            );
            return None;
        }
        Some(Names { letters })
    }

    /// Per kind, its letter.
    pub(super) fn letters(&self) -> &[char] {
        &self.letters
    }

    /// The kind whose letter is `upper` (an upper-case letter), if any.
    pub(super) fn kind(&self, upper: char) -> Option<Kind> {
        self.letters
            .iter()
            .position(|&l| l == upper)
            .map(|k| Kind::new(k as u8))
    }

    /// The kind a letter of either case names; none for a character that is no letter.
    pub(super) fn letter(&self, c: char) -> Option<Kind> {
        self.kind(upper(c)).filter(|_| is_piece_letter(c))
    }

    /// The kind a map's key of one letter (either case) names, reported by the caller: a
    /// key has no span of its own.
    pub(super) fn key(&self, text: &str) -> Option<Kind> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.kind(upper(c)),
            _ => None,
        }
    }

    /// The kind a one-letter string names (either case); else `fairy::unknown-piece` at
    /// it, saying it is `what`.
    pub(super) fn piece(&self, cx: &mut Ctx, s: &Sp<String>, what: &str) -> Option<Kind> {
        let found = s
            .value
            .chars()
            .next()
            .filter(|_| s.value.chars().count() == 1)
            .and_then(|c| self.kind(upper(c)));
        if found.is_none() {
            let known: String = self.letters.iter().collect();
            cx.error(
                s,
                "fairy::unknown-piece",
                format!("{what} `{}` is not a defined piece", s.value),
                "no such piece",
                &format!("the defined letters are {known}"),
            );
        }
        found
    }
}
