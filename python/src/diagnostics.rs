//! A definition's problems as Python values: [`Diagnostic`].

use pyo3::prelude::*;

use crate::core::Found;

/// One problem of a variant definition: what is wrong, where, and how to fix it.
///
/// `line` and `column` count from 1 (the column in characters); `span` is the problem's
/// place as `(start, end)` character offsets into the file's text, so that
/// `text[start:end]` is the part it points at.
#[pyclass(module = "fairy_rules", frozen, get_all, skip_from_py_object)]
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// A stable code, such as `fairy::unknown-atom`.
    pub code: String,
    /// What is wrong.
    pub message: String,
    /// `error`, `warning` or `advice` (a note on a check skipped).
    pub severity: String,
    /// The file the problem is in: the definition, or a file it extends.
    pub file: String,
    /// The line of the span's start, from 1.
    pub line: usize,
    /// The column of the span's start, from 1, in characters.
    pub column: usize,
    /// The line of the span's end.
    pub end_line: usize,
    /// The column of the span's end.
    pub end_column: usize,
    /// `(start, end)`: character offsets into the file's text.
    pub span: (usize, usize),
    /// The label under the span.
    pub label: String,
    /// How to fix it, when the library knows.
    pub help: Option<String>,
}

#[pymethods]
impl Diagnostic {
    /// `file:line:column: severity: message`.
    fn __str__(&self) -> String {
        self.one_line()
    }

    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(code={}, severity={}, line={}, column={}, message={})",
            crate::quote(&self.code),
            crate::quote(&self.severity),
            self.line,
            self.column,
            crate::quote(&self.message)
        )
    }
}

impl Diagnostic {
    /// `file:line:column: severity: message`.
    pub fn one_line(&self) -> String {
        format!(
            "{}:{}:{}: {}: {}",
            self.file, self.line, self.column, self.severity, self.message
        )
    }

    /// The diagnostic of a problem found in its file.
    pub fn of(found: &Found) -> Diagnostic {
        let p = &found.problem;
        let text: &str = &found.file.text;
        let (start, end) = (
            char_offset(text, p.span.start),
            char_offset(text, p.span.end),
        );
        let (line, column) = line_column(text, p.span.start);
        let (end_line, end_column) = line_column(text, p.span.end.max(p.span.start));
        Diagnostic {
            code: p.code.to_string(),
            message: p.message.clone(),
            severity: format!("{:?}", p.severity).to_lowercase(),
            file: found.file.name.to_string(),
            line,
            column,
            end_line,
            end_column,
            span: (start, end.max(start)),
            label: p.label.clone(),
            help: p.help.clone(),
        }
    }
}

/// The byte offset `at`, clamped to `text` and moved back to a character's start.
fn floor(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The characters of `text` before byte `at`.
pub fn char_offset(text: &str, at: usize) -> usize {
    text[..floor(text, at)].chars().count()
}

/// The line and column (from 1, the column in characters) of byte `at` of `text`.
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..floor(text, at)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}
