//! The YAML definition of a variant as written, every value keeping its place in the file.
//!
//! These types mirror the schema documented in `docs/authoring.md`; they hold text, not
//! meaning. The compiler (`crate::compile`) checks them and builds a [`crate::Ruleset`].

mod schema;
mod spans;

pub use schema::{
    CastlingDef, ChanceDef, ChanceEffect, ChanceTrigger, Distance, DistanceDef, EndDef, FlagDef,
    PieceDef, PromotionDef, RegionDef, RoyalRule, StalemateRule, VariantDef,
};
pub(crate) use spans::dsl_span;

use crate::diagnostics::{DefinitionError, Problem, Source};

/// A value read from YAML with the byte range it came from.
pub type Sp<T> = serde_saphyr::Spanned<T>;

/// Byte range of a spanned value in its file (empty at 0 when the parser gave none).
pub(crate) fn span_of<T>(value: &Sp<T>) -> std::ops::Range<usize> {
    let span = value.referenced.span();
    match (span.byte_offset(), span.byte_len()) {
        (Some(start), Some(len)) => start as usize..(start + len) as usize,
        _ => 0..0,
    }
}

/// Reads a definition's YAML text.
///
/// # Errors
/// A [`DefinitionError`] with one problem for invalid YAML, a missing or unknown key, or a value
/// of the wrong kind, labelled at the place the YAML parser reports.
pub fn parse_yaml(source: &Source) -> Result<VariantDef, DefinitionError> {
    serde_saphyr::from_str::<VariantDef>(&source.text).map_err(|e| {
        let offset = e
            .location()
            .and_then(|l| l.span().byte_offset())
            .map_or(0, |o| o as usize)
            .min(source.text.len());
        let offset = (0..=offset)
            .rev()
            .find(|&o| source.text.is_char_boundary(o))
            .unwrap_or(0);
        let full = e.without_snippet().to_string();
        // serde-saphyr prefixes "line N column M: "; the label shows the place already.
        let message = match full.split_once(": ") {
            Some((head, rest)) if head.starts_with("line ") => rest.to_string(),
            _ => full,
        };
        let message = message.lines().next().unwrap_or_default();
        // ... and may append " at line N, column M" too.
        let message = match message.rsplit_once(" at line ") {
            Some((text, place)) if place.contains(", column ") => text.to_string(),
            _ => message.to_string(),
        };
        let end = (offset
            + source.text[offset..]
                .chars()
                .next()
                .map_or(0, char::len_utf8))
        .min(source.text.len());
        let help = suggestion(&message)
            .unwrap_or_else(|| "see docs/authoring.md for the keys a definition may have".into());
        let label = if message.starts_with("unknown field") {
            "unknown key"
        } else {
            "here"
        };
        let problem = Problem::error("fairy::yaml", message, offset..end, label).help(help);
        DefinitionError {
            file: source.clone(),
            problems: vec![problem],
        }
    })
}

/// For "unknown field `promoton`, expected one of ...": "did you mean `promotion`?" when a
/// listed key is a few edits away.
fn suggestion(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (unknown, rest) = rest.split_once('`')?;
    let (_, expected) = rest.split_once("expected ")?;
    let expected = expected.strip_prefix("one of ").unwrap_or(expected);
    let best = expected
        .split([',', ' '])
        .map(|w| w.trim_matches(|c: char| c == '`' || c.is_whitespace()))
        .filter(|w| !w.is_empty() && *w != "or")
        .map(|w| (strsim::levenshtein(unknown, w), w))
        .min()?;
    (best.0 <= 2.max(unknown.len() / 3)).then(|| format!("did you mean `{}`?", best.1))
}

#[cfg(test)]
mod tests {
    use super::suggestion;

    #[test]
    fn close_keys_are_suggested() {
        let m = "unknown field `promoton`, expected one of letter, moves, royal, promotion";
        assert_eq!(suggestion(m).as_deref(), Some("did you mean `promotion`?"));
        let m = "unknown field `colour`, expected `white` or `black`";
        assert_eq!(suggestion(m), None);
        assert_eq!(suggestion("missing field `board`"), None);
    }
}
