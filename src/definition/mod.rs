//! The YAML definition of a variant as written, every value keeping its place in the file.
//!
//! These types mirror the schema documented in `docs/language.md`; they hold text, not
//! meaning. The compiler (`crate::compile`) checks them and builds a [`crate::Ruleset`].

mod schema;
mod spans;

pub use schema::{
    CastlingDef, Distance, DistanceDef, EndDef, PieceDef, PromotionDef, RegionDef, RoyalRule,
    StalemateRule, VariantDef,
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
        let message = message.lines().next().unwrap_or_default().to_string();
        let end = (offset
            + source.text[offset..]
                .chars()
                .next()
                .map_or(0, char::len_utf8))
        .min(source.text.len());
        let problem = Problem::error("fairy::yaml", message.clone(), offset..end, message)
            .help("see docs/language.md for the keys a definition may have");
        DefinitionError {
            file: source.clone(),
            problems: vec![problem],
        }
    })
}
