//! The YAML definition of a variant as written, every value keeping its place in the file.
//!
//! These types mirror the schema documented in `docs/authoring.md`; they hold text, not
//! meaning. The compiler (`crate::load::compile`) checks them and builds a [`crate::Ruleset`].

mod pieces;
mod recover;
mod schema;
mod spans;

pub(crate) use schema::{
    BareCountStart, CaptureDestination, CaptureRule, CastlingDef, ChanceEffect, ChanceTrigger,
    ChoicesDef, CountingDef, Distance, DistanceDef, DropDef, EndDef, ExtinctionDef, MateRule,
    NotationDef, PieceDef, PromotionDef, RegionDef, RoyalCheck, RoyalRule, StalemateRule,
    TemplateDef, TemplatesDef, VariantDef, WallsKept,
};
pub(crate) use spans::{dsl_span, ValueMap};

use std::ops::Range;

use crate::load::diagnostics::{DefinitionError, Problem, Source};
use crate::types::limits::{Limit, LimitExceeded, Limits};

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

/// An entry of a definition that a YAML shape error took out, so that the rest could be
/// read: the checks that need it are skipped, each with a `fairy::skipped` note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removed {
    /// The keys leading to it from the top level, e.g. `["pieces", "rook", "royal"]`; `["extends"]`
    /// for a base definition that could not be read.
    pub path: Vec<String>,
    /// Its bytes in its file.
    pub span: Range<usize>,
    /// Which file of the chain it is in: 0 the definition, 1 the one it extends, and so on.
    pub file: usize,
}

/// A definition chain read as far as it could be: the merged definition, the files read (the
/// definition itself first), the YAML shape problems found and the entries they took out.
#[derive(Debug)]
pub struct Loaded {
    /// The merged definition, without the entries taken out.
    pub def: VariantDef,
    /// The files read; every value's span knows which of them it is in.
    pub files: Vec<Source>,
    /// The problems found reading them, in the order found.
    pub problems: Vec<Problem>,
    /// The entries taken out.
    pub removed: Vec<Removed>,
}

/// Reads a definition and the definitions it extends (`extends:`), and merges them, nearest
/// first. `read` finds an extended file: it gets the file that names it and the name as
/// written, and returns its text or why it cannot; it should read no more than
/// [`Limits::extends_bytes`].
///
/// A YAML shape error (an unknown key, a value of the wrong type, a bad indentation) is
/// reported and its entry taken out, and reading goes on (see [`Removed`]); so does an
/// extended file that cannot be read, which is then left out.
///
/// # Errors
/// A [`DefinitionError`] with every problem found when a file cannot be read to its end (its
/// YAML is broken beyond repair).
pub(crate) fn load_chain(
    main: &Source,
    read: &dyn Fn(&Source, &str) -> Result<Source, ExtendsError>,
    limits: &Limits,
) -> Result<Loaded, DefinitionError> {
    let mut files = vec![main.clone()];
    let first = parse_yaml(main, 0);
    let mut problems = first.problems;
    let mut removed = first.removed;
    let fail = |files: &[Source], problems: Vec<Problem>| {
        DefinitionError::new(main.clone(), files[1..].to_vec(), problems)
    };
    let Some(def) = first.def else {
        return Err(fail(&files, problems));
    };
    let mut defs = vec![def];
    while let Some(ext) = defs.last_mut().expect("at least one").extends.take() {
        let parsed = extended(&ext, &files, read, limits).and_then(|base| {
            files.push(base);
            let index = files.len() - 1;
            let parsed = parse_yaml(&files[index], index);
            match parsed.foreign {
                Some(why) => {
                    // Perhaps a file that is no business of this one: its text is kept
                    // nowhere, so no report shows it.
                    files.pop();
                    Err(not_a_definition(&ext, why))
                }
                None => Ok(parsed),
            }
        });
        let parsed = match parsed {
            Ok(parsed) => parsed,
            Err(problem) => {
                problems.push(problem);
                removed.push(Removed {
                    path: vec!["extends".into()],
                    span: span_of(&ext),
                    file: file_of(&ext),
                });
                break;
            }
        };
        problems.extend(parsed.problems);
        removed.extend(parsed.removed);
        let Some(def) = parsed.def else {
            return Err(fail(&files, problems));
        };
        defs.push(def);
    }
    let mut merged = defs.pop().expect("at least one");
    while let Some(nearer) = defs.pop() {
        merged = nearer.over(merged, &mut problems);
    }
    let drafts = std::mem::take(&mut merged.drafts);
    merged.pieces = pieces::complete(drafts, &files, &mut problems, &mut removed);
    Ok(Loaded {
        def: merged,
        files,
        problems,
        removed,
    })
}

/// Reads the file that `ext` (an `extends:` value) names, checking the chain's limits and
/// that it does not loop back to a file in `files`.
fn extended(
    ext: &Sp<String>,
    files: &[Source],
    read: &dyn Fn(&Source, &str) -> Result<Source, ExtendsError>,
    limits: &Limits,
) -> Result<Source, Problem> {
    let at = |code: &'static str, message: String, label: &str| Problem {
        file: file_of(ext),
        ..Problem::error(code, message, span_of(ext), label)
    };
    let over = |e: LimitExceeded, label: &str| {
        at("fairy::limit-exceeded", e.to_string(), label)
            .help(format!("raise `{}` to read it", e.limit.name()))
    };
    LimitExceeded::check(Limit::ExtendsDepth, limits, files.len() + 1)
        .map_err(|e| over(e, "too deep"))?;
    let base = match read(&files[file_of(ext)], &ext.value) {
        Ok(base) => base,
        Err(ExtendsError::Unreadable(why)) => {
            return Err(at(
                "fairy::extends",
                format!("cannot read `{}`: {why}", ext.value),
                "cannot read",
            ))
        }
        Err(ExtendsError::Limit(e)) => return Err(over(e, "too large")),
    };
    if files.iter().any(|f| f.name == base.name) {
        return Err(at(
            "fairy::extends",
            format!("`{}` extends itself through this chain", ext.value),
            "a loop",
        ));
    }
    Ok(base)
}

/// The problem at `ext` (an `extends:` value) whose file is no definition, and why: it
/// names the file and the reason, and quotes none of its text.
fn not_a_definition(ext: &Sp<String>, why: &str) -> Problem {
    Problem {
        file: file_of(ext),
        ..Problem::error(
            "fairy::extends",
            format!("`{}` is not a definition: {why}", ext.value),
            span_of(ext),
            "not a definition",
        )
        .help("validate that file alone to see its problems")
    }
}

/// How many entries one file may lose to YAML shape errors before reading it stops.
const MAX_REPAIRS: usize = 100;

/// How many bytes reading one file may parse in all, counting each reading again after a
/// repair (at least the file once): a large file is read again fewer times, so the time
/// spent on repairs grows with the file's size, not with its size times its errors.
const REPAIR_BYTES: usize = 4 << 20;

/// One file's definition as far as it could be read, the YAML shape errors found on the way,
/// and the entries they took out.
struct Parsed {
    /// `None` when reading stopped before the end.
    def: Option<VariantDef>,
    problems: Vec<Problem>,
    removed: Vec<Removed>,
    /// Why the text is no definition at all, when it is not: its top level is not a mapping
    /// of a definition's keys, or its YAML cannot be read. An extended file is then read no
    /// further and none of its text is shown.
    foreign: Option<&'static str>,
}

/// Reads one file's YAML text; `index` is its place in the chain (0 for the definition).
///
/// After a shape error it reports it, blanks the entry holding it and reads again (see
/// [`recover`]). An error that only follows from an earlier repair (a mapping missing the key
/// that was taken out, an error at a blanked place) is not reported: its enclosing entry is
/// taken out instead.
fn parse_yaml(source: &Source, index: usize) -> Parsed {
    let mut text = source.text.to_string();
    let mut parsed = Parsed {
        def: None,
        problems: Vec::new(),
        removed: Vec::new(),
        foreign: None,
    };
    const UNREADABLE: &str = "its text does not read as one";
    let mut repaired: Vec<Range<usize>> = Vec::new();
    // Where the last repair was of a syntax error (one the scanner found, with no value to
    // take out): a second in a row means the repair did not find its cause.
    let mut syntax_at: Option<usize> = None;
    let mut parsed_bytes = 0;
    // Where the last error was found: reading stops there when the budget is spent.
    let mut last = 0;
    while repaired.len() < MAX_REPAIRS {
        if parsed_bytes + text.len() > REPAIR_BYTES.max(text.len()) {
            let why = "it is too large to read on after this many errors";
            parsed.problems.push(stopped(index, last, why));
            return parsed;
        }
        parsed_bytes += text.len();
        let error = match read_yaml(&text, index) {
            Ok(def) => {
                parsed.def = Some(def);
                return parsed;
            }
            Err(e) => e,
        };
        let problem = yaml_problem(&source.text, index, &error);
        let offset = problem.span.start;
        last = offset;
        let syntax = is_syntax(&error);
        if let (true, Some(first)) = (syntax, syntax_at) {
            parsed
                .problems
                .push(stopped(index, first, "its syntax is broken here"));
            parsed.foreign = Some(UNREADABLE);
            return parsed;
        }
        syntax_at = syntax.then_some(offset);
        let missing = problem.message.starts_with("missing field");
        let at_repair = repaired
            .iter()
            .any(|r| r.contains(&offset) || r.end == offset);
        let mut target = recover::entry_at(&text, offset);
        if missing {
            // Serde places a missing key at the mapping's first key: the mapping goes.
            target = target.and_then(|t| match t.start == offset {
                true => recover::enclosing(&text, t.start),
                false => Some(t),
            });
        }
        // Blanked lines at its end no longer count as the mapping's: blank text is no entry.
        let holds_repair = target.as_ref().is_some_and(|t| {
            repaired.iter().any(|r| {
                t.start <= r.start
                    && (r.end <= t.end
                        || text
                            .get(t.end..r.start)
                            .is_some_and(|g| g.trim().is_empty()))
            })
        });
        let consequence = at_repair || (missing && holds_repair);
        if at_repair || target.as_ref().is_some_and(|t| repaired.contains(t)) {
            target = target.and_then(|t| recover::enclosing(&text, t.start));
        }
        let Some(target) = target else {
            parsed.problems.push(problem);
            parsed
                .problems
                .push(stopped(index, offset, "it cannot be read past here"));
            parsed.foreign = Some(UNREADABLE);
            return parsed;
        };
        if recover::key_path(&text, target.start).is_empty() {
            parsed.problems.push(problem);
            let why = "a definition is a mapping of keys such as `name:` and `board:`";
            parsed.problems.push(stopped(index, offset, why));
            parsed.foreign = Some(UNREADABLE);
            return parsed;
        }
        if !consequence {
            let key = problem
                .message
                .strip_prefix("missing field `")
                .and_then(|rest| rest.split('`').next());
            match key.and_then(|key| misindented(&text, source, key, offset)) {
                Some(reworded) => {
                    let entry = recover::entry_at(&text, reworded.span.start);
                    parsed.problems.push(Problem {
                        file: index,
                        ..reworded
                    });
                    if let Some(entry) = entry {
                        recover::blank(&mut text, entry.clone());
                        repaired.push(entry);
                    }
                }
                None => parsed.problems.push(problem.clone()),
            }
        }
        // An unknown key goes alone; in a flow mapping, its whole entry goes with it.
        let unknown_key = problem.message.starts_with("unknown field") && target.start == offset;
        if unknown_key && recover::key_path(&text, target.start).len() == 1 {
            parsed.foreign = Some("its top level has keys a definition does not have");
            // An extended file that is no definition is not read on: it is not reported.
            if index > 0 {
                return parsed;
            }
        }
        if consequence || !unknown_key {
            parsed.removed.push(Removed {
                path: recover::key_path(&text, target.start),
                span: target.clone(),
                file: index,
            });
        }
        recover::blank(&mut text, target.clone());
        repaired.push(target);
    }
    parsed
        .problems
        .push(stopped(index, 0, "it has too many errors"));
    parsed
}

/// Whether the scanner found the error (broken YAML syntax) rather than the deserializer
/// (a valid YAML value that does not fit): only the latter's location has a byte offset.
fn is_syntax(e: &serde_saphyr::Error) -> bool {
    e.location()
        .is_none_or(|l| l.span().byte_offset().is_none())
}

/// A note that reading a file stopped, and why.
fn stopped(index: usize, offset: usize, why: &str) -> Problem {
    Problem {
        file: index,
        ..Problem::note(
            "fairy::skipped",
            format!("the rest of this file was not checked: {why}"),
            offset..offset,
            "stopped here",
        )
        .help("fix the errors above and run again")
    }
}

/// For a mapping whose first key is at `first` and which lacks `key`: when the next line
/// after it is `key:` indented less (meant to be inside it), the problem in those words, at
/// that key (file 0: the caller places it). `text` is `file`'s text or a repair of it, with
/// the same lines.
fn misindented(text: &str, file: &Source, key: &str, first: usize) -> Option<Problem> {
    let mapping = recover::enclosing(text, first)?;
    let column = |at: usize| at - text[..at].rfind('\n').map_or(0, |i| i + 1);
    let mut at = mapping.end;
    let next = loop {
        at += 1;
        let line = text.get(at..)?.lines().next()?;
        if !line.trim().is_empty() {
            break line;
        }
        at += line.len();
    };
    let start = at + (next.len() - next.trim_start().len());
    let meant =
        next.trim_start().strip_prefix(key)?.starts_with(':') && column(start) < column(first);
    if !meant {
        return None;
    }
    let (line, _) = file.line_col(start);
    Some(
        Problem::error(
            "fairy::yaml",
            format!(
                "`{key}:` on line {line} is indented less than the keys above it, so it is not \
                 part of their entry"
            ),
            start..start + key.len(),
            "indented too little",
        )
        .help(format!(
            "indent `{key}:` as far as the other keys of its entry"
        )),
    )
}

/// Deserializes a definition from `text`, its spans counted in file `index` of the chain.
fn read_yaml(text: &str, index: usize) -> Result<VariantDef, serde_saphyr::Error> {
    PARSING.with(|f| f.set(index));
    // Booleans are `true` or `false`: YAML 1.1's `yes`, `on` or `y` would pass silently.
    let options = serde_saphyr::options! { strict_booleans: true };
    let parsed = serde_saphyr::from_str_with_options::<VariantDef>(text, options);
    PARSING.with(|f| f.set(0));
    parsed
}

/// A deserializer error as a problem at its place in `text`, the file as written.
fn yaml_problem(text: &str, index: usize, e: &serde_saphyr::Error) -> Problem {
    let offset = e.location().map_or(0, |l| {
        l.span().byte_offset().map_or_else(
            || offset_of(text, l.line() as usize, l.column() as usize),
            |o| o as usize,
        )
    });
    let offset = offset.min(text.len());
    let offset = (0..=offset)
        .rev()
        .find(|&o| text.is_char_boundary(o))
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
    let end = (offset + text[offset..].chars().next().map_or(0, char::len_utf8)).min(text.len());
    // The parser's wording names its own types; say what was written instead.
    let word = text[offset..]
        .split(|c: char| c.is_whitespace() || matches!(c, '#' | ',' | '}' | ']'))
        .next()
        .unwrap_or_default();
    let (message, end) = match reworded(&message, word) {
        Some(message) => (message, end.max(offset + word.len())),
        None => (message, end),
    };
    if message == "mapping values are not allowed in this context" {
        if let Some(p) = overindented(text, offset, index) {
            return p;
        }
    }
    if is_syntax(e) {
        if let Some(p) = unclosed(text, offset, index) {
            return p;
        }
    }
    let help = suggestion(&message).unwrap_or_else(|| {
        if message.ends_with("is not a boolean") {
            "write `true` or `false`".into()
        } else if message.ends_with("is not a whole number") {
            "write a whole number such as `3`, within the range the key allows".into()
        } else if is_syntax(e) {
            "check the indentation, quotes and brackets here and on the lines above".into()
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
}

/// For the scanner's "mapping values are not allowed" at a `key:` indented deeper than the
/// key above it, which has a value of its own: the error said in those words.
fn overindented(text: &str, offset: usize, index: usize) -> Option<Problem> {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..];
    let indent = line.len() - line.trim_start_matches(' ').len();
    let key = line[indent..].split(':').next()?;
    let above = text[..line_start.saturating_sub(1)]
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))?;
    let above_indent = above.len() - above.trim_start_matches(' ').len();
    let opens = above.split(" #").next()?.trim_end().ends_with(':');
    if indent <= above_indent || opens || key.is_empty() || key.contains(' ') {
        return None;
    }
    let start = line_start + indent;
    Some(Problem {
        file: index,
        ..Problem::error(
            "fairy::yaml",
            format!("`{key}:` is indented more than the key above it"),
            start..start + key.len(),
            "indented too far",
        )
        .help(format!("indent `{key}:` as far as the key above it"))
    })
}

/// For a syntax error: a tab at or after it, or else the last quote or bracket opened, at
/// or before the error's line, and never closed on its line (the scanner notices it later).
fn unclosed(text: &str, offset: usize, index: usize) -> Option<Problem> {
    if let Some(tab) = text[offset..].find('\t').map(|i| offset + i) {
        let message = "a tab: YAML indents with spaces only";
        return Some(Problem {
            file: index,
            ..Problem::error("fairy::yaml", message, tab..tab + 1, "a tab")
                .help("replace the tab with spaces")
        });
    }
    let mut line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    loop {
        let start = text[..line_end].rfind('\n').map_or(0, |i| i + 1);
        if let Some((at, what)) = unclosed_in(&text[start..line_end]) {
            let at = start + at;
            return Some(Problem {
                file: index,
                ..Problem::error(
                    "fairy::yaml",
                    format!("this {what} is never closed"),
                    at..at + 1,
                    "opened here",
                )
                .help(format!("close the {what} on the same line"))
            });
        }
        line_end = start.checked_sub(1)?;
    }
}

/// The first quote or bracket a line leaves open (outside a comment), and what it is.
fn unclosed_in(line: &str) -> Option<(usize, &'static str)> {
    let mut open: Vec<(usize, char)> = Vec::new();
    let mut quote: Option<(usize, char)> = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some((_, q)), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"') => quote = Some((i, c)),
            (None, '#') if line[..i].ends_with(' ') || i == 0 => break,
            (None, '[' | '{') => open.push((i, c)),
            (None, ']' | '}') => {
                open.pop();
            }
            _ => {}
        }
    }
    match (quote, open.first()) {
        (Some((i, _)), _) => Some((i, "quote")),
        (None, Some(&(i, '['))) => Some((i, "`[`")),
        (None, Some(&(i, _))) => Some((i, "`{`")),
        (None, None) => None,
    }
}

/// The byte offset of a one-based line and column (in characters), clamped to the text.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    text[start.min(text.len())..]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(text.len(), |(i, _)| start + i)
}

/// The deserializer's message about `word` in the words of a definition's author, where
/// it names its own types: "invalid u32", "unknown variant", "invalid boolean".
fn reworded(message: &str, word: &str) -> Option<String> {
    if message.starts_with("invalid boolean") {
        return Some(format!("`{word}` is not a boolean"));
    }
    if let Some(ty) = message.strip_prefix("invalid ") {
        let integer = ty.len() > 1
            && ty.starts_with(['u', 'i'])
            && (ty[1..].chars().all(|c| c.is_ascii_digit()) || &ty[1..] == "size");
        return integer.then(|| format!("`{word}` is not a whole number"));
    }
    let rest = message.strip_prefix("unknown variant ")?;
    Some(format!("unknown value {rest}"))
}

/// For "unknown field `promoton`, expected one of ..." (or "unknown value"): "did you mean
/// `promotion`?" when a listed key or value is a few edits away.
fn suggestion(message: &str) -> Option<String> {
    let rest = message
        .strip_prefix("unknown field `")
        .or_else(|| message.strip_prefix("unknown value `"))?;
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
    use super::{reworded, suggestion};

    #[test]
    fn the_parsers_type_names_are_reworded() {
        assert_eq!(
            reworded("invalid u32", "three").as_deref(),
            Some("`three` is not a whole number")
        );
        assert_eq!(
            reworded("invalid usize", "-1").as_deref(),
            Some("`-1` is not a whole number")
        );
        assert_eq!(
            reworded("invalid boolean", "yes").as_deref(),
            Some("`yes` is not a boolean")
        );
        let m = reworded(
            "unknown variant `lose`, expected one of draw, loss, win",
            "lose",
        );
        assert_eq!(
            m.as_deref(),
            Some("unknown value `lose`, expected one of draw, loss, win")
        );
        assert_eq!(
            suggestion(&m.unwrap()).as_deref(),
            Some("did you mean `loss`?")
        );
        assert_eq!(reworded("invalid type: string, expected a map", "x"), None);
    }

    #[test]
    fn close_keys_are_suggested() {
        let m = "unknown field `promoton`, expected one of letter, moves, royal, promotion";
        assert_eq!(suggestion(m).as_deref(), Some("did you mean `promotion`?"));
        let m = "unknown field `colour`, expected `white` or `black`";
        assert_eq!(suggestion(m), None);
        assert_eq!(suggestion("missing field `board`"), None);
    }
}
