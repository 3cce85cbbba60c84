//! Diagnostics for definitions: every problem points at its exact place in the YAML file.

use std::sync::{Arc, OnceLock};

use miette::{
    Diagnostic, LabeledSpan, MietteSpanContents, Severity, SourceCode, SourceSpan, SpanContents,
};

/// A definition file's text and name, shared by all diagnostics about it.
///
/// See the example of [`Source::line_col`].
#[derive(Clone)]
pub struct Source {
    /// The file name as given (or a label such as `<string>`).
    pub name: Arc<str>,
    /// The whole file text.
    pub text: Arc<str>,
    /// Where its lines start, found when first needed and shared by the clones.
    lines: Arc<OnceLock<Lines>>,
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Source")
            .field("name", &self.name)
            .field("text", &self.text)
            .finish()
    }
}

impl Source {
    /// Wraps a file's name and text. See the example of [`Source::line_col`].
    pub fn new(name: impl Into<Arc<str>>, text: impl Into<Arc<str>>) -> Self {
        Source {
            name: name.into(),
            text: text.into(),
            lines: Arc::default(),
        }
    }

    /// One-based line and column (in characters) of a byte offset into the text; an offset
    /// past the end counts as the end. It costs no more than a search among the lines, so
    /// placing every problem of a large file costs time in proportion to their number.
    ///
    /// ```
    /// use fairy_rules::Source;
    /// let file = Source::new("x.yaml", "ab\ncdé\nf");
    /// assert_eq!(file.line_col(0), (1, 1));
    /// assert_eq!(file.line_col(5), (2, 3)); // the `é`, after `cd`
    /// assert_eq!(file.line_col(8), (3, 1)); // `é` is two bytes
    /// assert_eq!(file.line_col(100), (3, 2)); // past the end: the end
    /// ```
    ///
    /// # Panics
    /// When `offset` is inside a character of several bytes.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let lines = self.lines();
        let line = lines.line_of(offset);
        let start = lines.starts[line];
        let col = lines.chars_before(&self.text, offset) - lines.chars_before(&self.text, start);
        (line + 1, col + 1)
    }

    fn lines(&self) -> &Lines {
        self.lines.get_or_init(|| Lines::new(&self.text))
    }
}

/// Bytes between the checkpoints of [`Lines::chars`].
const CHECKPOINT: usize = 256;

/// Where the lines of a text start (a line ends at `\n`), found in one pass: a line and
/// column, or a snippet to draw, is then found from its own line, not by reading the text
/// before it.
#[derive(Debug)]
struct Lines {
    /// The byte offset of each line's start; the first is 0.
    starts: Vec<usize>,
    /// For each line, the line breaks before its start as miette counts them (`\n`, `\r\n`
    /// and a lone `\r`), when the text has a `\r`; else they are the line's index.
    drawn: Option<Vec<usize>>,
    /// For a text that is not ASCII: the characters before each multiple of [`CHECKPOINT`]
    /// bytes, rounded down to a character's start.
    chars: Option<Vec<usize>>,
}

impl Lines {
    fn new(text: &str) -> Lines {
        let bytes = text.as_bytes();
        let starts: Vec<usize> = std::iter::once(0)
            .chain(
                bytes
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        let drawn = bytes.contains(&b'\r').then(|| {
            let mut breaks = 0;
            let mut at = 0;
            starts
                .iter()
                .map(|&start| {
                    for (i, &b) in bytes[at..start].iter().enumerate() {
                        let lone_cr = b == b'\r' && bytes.get(at + i + 1) != Some(&b'\n');
                        breaks += usize::from(b == b'\n' || lone_cr);
                    }
                    at = start;
                    breaks
                })
                .collect()
        });
        let chars = (!text.is_ascii()).then(|| {
            let mut count = 0;
            let mut at = 0;
            (0..=text.len() / CHECKPOINT)
                .map(|k| {
                    let mut to = k * CHECKPOINT;
                    while !text.is_char_boundary(to) {
                        to -= 1;
                    }
                    count += text[at..to].chars().count();
                    at = to;
                    count
                })
                .collect()
        });
        Lines {
            starts,
            drawn,
            chars,
        }
    }

    /// The index of the line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// The characters of `text` (the text these lines are of) before byte `offset`.
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let Some(chars) = &self.chars else {
            return offset;
        };
        let k = offset / CHECKPOINT;
        let mut from = k * CHECKPOINT;
        while !text.is_char_boundary(from) {
            from -= 1;
        }
        chars[k] + text[from..offset].chars().count()
    }

    /// The line breaks before line `line`'s start, as miette counts them.
    fn drawn_before(&self, line: usize) -> usize {
        self.drawn.as_ref().map_or(line, |d| d[line])
    }
}

/// One problem in a definition: what is wrong, where (a byte range in the file) and how to fix it.
///
/// See the examples of [`DefinitionError`] and [`crate::Variant::from_yaml`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Stable code such as `fairy::unknown-atom`.
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// Byte range in the file the label sits on.
    pub span: std::ops::Range<usize>,
    /// Text of the label under the span.
    pub label: String,
    /// How to fix it.
    pub help: Option<String>,
    /// Error, warning, or advice for a note on a skipped check.
    pub severity: Severity,
    /// Which file of the definition's chain the span is in: 0 the definition itself, 1 the
    /// one it extends, and so on.
    pub file: usize,
}

impl Problem {
    /// An error with a label, in the definition itself (`file` 0), without help. See the
    /// example of [`tally`].
    pub fn error(
        code: &'static str,
        message: impl Into<String>,
        span: std::ops::Range<usize>,
        label: impl Into<String>,
    ) -> Self {
        Problem {
            code,
            message: message.into(),
            span,
            label: label.into(),
            help: None,
            severity: Severity::Error,
            file: 0,
        }
    }

    /// A warning with a label: the definition works, but probably not as meant.
    pub(crate) fn warning(
        code: &'static str,
        message: impl Into<String>,
        span: std::ops::Range<usize>,
        label: impl Into<String>,
    ) -> Self {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(code, message, span, label)
        }
    }

    /// A note: a check that was skipped, and why (an error elsewhere made it meaningless).
    pub(crate) fn note(
        code: &'static str,
        message: impl Into<String>,
        span: std::ops::Range<usize>,
        label: impl Into<String>,
    ) -> Self {
        Problem {
            severity: Severity::Advice,
            ..Problem::error(code, message, span, label)
        }
    }

    /// The order problems are reported in: by file, then place; from one place errors first,
    /// then warnings, then notes.
    pub(crate) fn order(&self) -> (usize, usize, u8, usize) {
        let rank = match self.severity {
            Severity::Error => 0,
            Severity::Warning => 1,
            Severity::Advice => 2,
        };
        (self.file, self.span.start, rank, self.span.end)
    }

    /// Whether it is an error (not a warning or a note). See the example of
    /// [`DefinitionError`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Adds a help line.
    pub(crate) fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// All problems found in one definition file and the files it extends. As a miette
/// diagnostic it hands every problem over through [`Diagnostic::related`], each drawn at its
/// place in its own file.
///
/// ```
/// use fairy_rules::Variant;
/// let yaml = "name: Tiny\nboard: 3x3\npieces:\n  king:\n    letter: K\n    moves: Kz\n    royal: true\nsetup: k2/3/K2\n";
/// let e = Variant::from_yaml("bad.yaml", yaml).unwrap_err();
/// assert_eq!(e.to_string(), "bad.yaml has 1 error");
/// let p = &e.problems[0];
/// assert!(p.is_error());
/// assert_eq!((p.code, p.message.as_str()), ("fairy::movement-syntax", "unexpected `z` in movement"));
/// assert_eq!(p.span, 64..65); // bytes of the file
/// assert_eq!(e.source_of(p).line_col(p.span.start), (6, 13));
/// assert_eq!(e.diagnostics().len(), 1);
/// assert_eq!(e.diagnostics()[0].file.name.as_ref(), "bad.yaml");
/// ```
#[derive(Debug, Clone, thiserror::Error)]
#[error("{} has {}", file.name, tally(problems))]
#[non_exhaustive]
pub struct DefinitionError {
    /// The definition's file.
    pub file: Source,
    /// The files it extends, in order (a problem's `file` counts from the definition as 0).
    pub extended: Vec<Source>,
    /// The problems, sorted by file and position.
    pub problems: Vec<Problem>,
    /// The problems as diagnostics bound to their files, for `related`.
    reports: Vec<ProblemReport>,
}

impl DefinitionError {
    /// The problems of the definition `file`, which extends the files `extended`; they are
    /// sorted by file and position.
    pub(crate) fn new(
        file: Source,
        extended: Vec<Source>,
        mut problems: Vec<Problem>,
    ) -> DefinitionError {
        problems.sort_by_key(Problem::order);
        let source_of = |p: &Problem| {
            p.file
                .checked_sub(1)
                .and_then(|i| extended.get(i))
                .unwrap_or(&file)
                .clone()
        };
        let reports = problems
            .iter()
            .map(|p| ProblemReport {
                problem: p.clone(),
                file: source_of(p),
            })
            .collect();
        DefinitionError {
            file,
            extended,
            problems,
            reports,
        }
    }

    /// Each problem as its own miette diagnostic carrying the file's text, in the order of
    /// [`DefinitionError::problems`]. See the example of [`DefinitionError`].
    pub fn diagnostics(&self) -> &[ProblemReport] {
        &self.reports
    }

    /// The file a problem is in: [`DefinitionError::file`] for [`Problem::file`] 0, else
    /// the extended file it counts. See the example of [`DefinitionError`].
    pub fn source_of(&self, p: &Problem) -> &Source {
        p.file
            .checked_sub(1)
            .and_then(|i| self.extended.get(i))
            .unwrap_or(&self.file)
    }
}

/// How many errors, warnings and notes `problems` holds, in words: `2 errors, 1 warning
/// and 1 note`; kinds with none are left out, and `no problems` when there are none.
///
/// ```
/// use fairy_rules::diagnostics::{tally, Problem};
/// let error = Problem::error("fairy::missing-key", "the definition has no `name`", 0..0, "here");
/// assert_eq!(tally(&[]), "no problems");
/// assert_eq!(tally(&[error.clone()]), "1 error");
/// assert_eq!(tally(&[error.clone(), error]), "2 errors");
/// ```
pub fn tally(problems: &[Problem]) -> String {
    let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
    let parts: Vec<String> = [
        (count(Severity::Error), "error"),
        (count(Severity::Warning), "warning"),
        (count(Severity::Advice), "note"),
    ]
    .into_iter()
    .filter(|&(n, _)| n > 0)
    .map(|(n, word)| format!("{n} {word}{}", if n == 1 { "" } else { "s" }))
    .collect();
    match parts.split_last() {
        None => "no problems".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

impl Diagnostic for DefinitionError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new("fairy::definition"))
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(
            self.reports.iter().map(|r| r as &'a dyn Diagnostic),
        ))
    }
}

/// A [`Problem`] bound to its file, so that miette can draw it.
///
/// See the examples of [`DefinitionError`] and [`crate::Variant::from_yaml`].
#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", problem.message)]
pub struct ProblemReport {
    /// The problem.
    pub problem: Problem,
    /// The file it is in.
    pub file: Source,
}

impl Diagnostic for ProblemReport {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.problem.code))
    }

    fn severity(&self) -> Option<Severity> {
        Some(self.problem.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.problem
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(self)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = SourceSpan::from(self.problem.span.clone());
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.problem.label.clone()),
            span,
        ))))
    }
}

impl SourceCode for ProblemReport {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, miette::MietteError> {
        let text: &'a str = &self.file.text;
        // miette reads a text from its start to the span; read from a line start above it
        // instead, at least one line more than the context: what it reads from there is the
        // same, shifted by the lines and bytes skipped.
        let lines = self.file.lines();
        let line = lines.line_of(span.offset().min(text.len()));
        let first = line.saturating_sub(context_lines_before + 1);
        let base = lines.starts[first];
        let shifted = SourceSpan::new((span.offset() - base).into(), span.len());
        let contents =
            text[base..].read_span(&shifted, context_lines_before, context_lines_after)?;
        let skipped = lines.drawn_before(first);
        Ok(Box::new(MietteSpanContents::new_named(
            self.file.name.to_string(),
            contents.data(),
            SourceSpan::new(
                (contents.span().offset() + base).into(),
                contents.span().len(),
            ),
            contents.line() + skipped,
            contents.column(),
            contents.line_count() + skipped,
        )))
    }
}
