//! The YAML definition of a variant as written, every value keeping its place in the file.
//!
//! These types mirror the schema documented in `docs/authoring.md`; they hold text, not
//! meaning. The compiler (`crate::compile`) checks them and builds a [`crate::Ruleset`].

mod schema;
mod spans;

pub use schema::{
    CastlingDef, ChanceDef, ChanceEffect, ChanceTrigger, Distance, DistanceDef, EndDef,
    ExceptionDef, FlagDef, ParameterDef, PieceDef, PromotionDef, RegionDef, ReturnDef, RoyalRule,
    StalemateRule, VariantDef,
};
pub(crate) use spans::{dsl_span, ValueMap};

use crate::diagnostics::{DefinitionError, Problem, Source};
use crate::limits::{Limit, LimitExceeded, Limits};

/// A value read from YAML with the byte range it came from and the file it is in (a
/// definition may extend another: see [`load_chain`]).
#[derive(Debug, Clone)]
pub struct Sp<T> {
    /// The value.
    pub value: T,
    span: std::ops::Range<usize>,
    file: usize,
}

thread_local! {
    /// The file being parsed, for the spans read from it (serde gives no context).
    static PARSING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Sp<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = serde_saphyr::Spanned::<T>::deserialize(d)?;
        let span = s.referenced.span();
        let span = match (span.byte_offset(), span.byte_len()) {
            (Some(start), Some(len)) => start as usize..(start + len) as usize,
            _ => 0..0,
        };
        Ok(Sp {
            value: s.value,
            span,
            file: PARSING.with(std::cell::Cell::get),
        })
    }
}

/// Byte range of a spanned value in its file (empty at 0 when the parser gave none).
pub(crate) fn span_of<T>(value: &Sp<T>) -> std::ops::Range<usize> {
    value.span.clone()
}

/// Index of the file a spanned value came from, in the chain [`load_chain`] read (0 is the
/// definition itself, 1 the one it extends, and so on).
pub(crate) fn file_of<T>(value: &Sp<T>) -> usize {
    value.file
}

/// Why an extended file could not be read.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum ExtendsError {
    /// It is missing or unreadable: the reason, for the message.
    Unreadable(String),
    /// It is larger than [`Limits::extends_bytes`].
    Limit(LimitExceeded),
}

/// Reads a definition and the definitions it extends (`extends:`), and merges them, nearest
/// first. `read` finds an extended file: it gets the file that names it and the name as
/// written, and returns its text or why it cannot; it should read no more than
/// [`Limits::extends_bytes`].
///
/// Returns the merged definition and the chain of files read (the definition itself first);
/// every value's span knows which of them it is in.
///
/// # Errors
/// A [`DefinitionError`] for invalid YAML in any of the files (labelled in that file), an
/// extended file that cannot be read, a chain that loops (`fairy::extends`), an extended
/// file larger than [`Limits::extends_bytes`] or a chain of more files than
/// [`Limits::extends_depth`] (`fairy::limit-exceeded`).
pub fn load_chain(
    main: &Source,
    read: &dyn Fn(&Source, &str) -> Result<Source, ExtendsError>,
    limits: &Limits,
) -> Result<(VariantDef, Vec<Source>), DefinitionError> {
    let mut files = vec![main.clone()];
    let fail = |files: &[Source], problem: Problem| {
        DefinitionError::new(main.clone(), files[1..].to_vec(), vec![problem])
    };
    let mut defs = vec![parse_yaml(main, 0).map_err(|p| fail(&files, p))?];
    while let Some(ext) = &defs.last().expect("at least one").extends {
        let at = |code: &'static str, message: String, label: &str| Problem {
            file: file_of(ext),
            ..Problem::error(code, message, span_of(ext), label)
        };
        let over = |e: LimitExceeded, label: &str| {
            at("fairy::limit-exceeded", e.to_string(), label)
                .help(format!("raise `{}` to read it", e.limit.name()))
        };
        if let Err(e) = LimitExceeded::check(Limit::ExtendsDepth, limits, files.len() + 1) {
            return Err(fail(&files, over(e, "too deep")));
        }
        let base = match read(&files[file_of(ext)], &ext.value) {
            Ok(base) => base,
            Err(ExtendsError::Unreadable(why)) => {
                return Err(fail(
                    &files,
                    at(
                        "fairy::extends",
                        format!("cannot read `{}`: {why}", ext.value),
                        "cannot read",
                    ),
                ))
            }
            Err(ExtendsError::Limit(e)) => return Err(fail(&files, over(e, "too large"))),
        };
        if files.iter().any(|f| f.name == base.name) {
            return Err(fail(
                &files,
                at(
                    "fairy::extends",
                    format!("`{}` extends itself through this chain", ext.value),
                    "a loop",
                ),
            ));
        }
        files.push(base);
        let index = files.len() - 1;
        let def = parse_yaml(&files[index], index).map_err(|p| fail(&files, p))?;
        defs.push(def);
    }
    let mut merged = defs.pop().expect("at least one");
    while let Some(nearer) = defs.pop() {
        merged = nearer.over(merged);
    }
    Ok((merged, files))
}

/// Reads one file's YAML text; `index` is its place in the chain (0 for the definition).
fn parse_yaml(source: &Source, index: usize) -> Result<VariantDef, Problem> {
    PARSING.with(|f| f.set(index));
    // Booleans are `true` or `false`: YAML 1.1's `yes`, `on` or `y` would pass silently.
    let options = serde_saphyr::options! { strict_booleans: true };
    let parsed = serde_saphyr::from_str_with_options::<VariantDef>(&source.text, options);
    PARSING.with(|f| f.set(0));
    parsed.map_err(|e| {
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
        // The parser's wording names its own mode; say what was written instead.
        let (message, end) = if message.starts_with("invalid boolean") {
            let word = source.text[offset..]
                .split(|c: char| c.is_whitespace() || matches!(c, '#' | ',' | '}' | ']'))
                .next()
                .unwrap_or_default();
            (
                format!("`{word}` is not a boolean"),
                end.max(offset + word.len()),
            )
        } else {
            (message, end)
        };
        let help = suggestion(&message).unwrap_or_else(|| {
            if message.ends_with("is not a boolean") {
                "write `true` or `false`".into()
            } else {
                "see docs/authoring.md for the keys a definition may have".into()
            }
        });
        let label = if message.starts_with("unknown field") {
            "unknown key"
        } else {
            "here"
        };
        Problem {
            file: index,
            ..Problem::error("fairy::yaml", message, offset..end, label).help(help)
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
