//! The package's exceptions, and the one place where the library's errors become them.
//!
//! `FairyError` (a `ValueError`, as pyffish and python-chess raise for bad input) is the
//! base of all. Each carries the text it was given (`text`), the reason (`reason`) and, where
//! the library knows a place, `line`, `column` (from 1) and `span` (`(start, end)`, character
//! offsets into the text); `None` where it does not.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use pyo3::PyTypeInfo;

use fairy_rules::{FenError, MoveError};

use crate::core::{self, Failure};
use crate::diagnostics::{char_offset, Diagnostic};

create_exception!(
    fairy_rules,
    FairyError,
    PyValueError,
    "The base of the package's errors (a ValueError): bad input, never a crash."
);
create_exception!(
    fairy_rules,
    InvalidFen,
    FairyError,
    "A FEN that cannot be read in the variant; `field` names the field at fault."
);
create_exception!(
    fairy_rules,
    IllegalMove,
    FairyError,
    "A move that is not legal in the position."
);
create_exception!(
    fairy_rules,
    InvalidMove,
    IllegalMove,
    "A text that is no move at all (malformed)."
);
create_exception!(
    fairy_rules,
    AmbiguousMove,
    IllegalMove,
    "A move text that several legal moves match; `candidates` lists them."
);
create_exception!(
    fairy_rules,
    GameOver,
    IllegalMove,
    "A move given after the game ended; `outcome` tells how it ended."
);
create_exception!(
    fairy_rules,
    DefinitionError,
    FairyError,
    "A variant definition that does not load; `diagnostics` lists every problem."
);
create_exception!(
    fairy_rules,
    UnknownVariant,
    FairyError,
    "No variant has the name given; `known` lists the names."
);

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("FairyError", py.get_type::<FairyError>())?;
    m.add("InvalidFen", py.get_type::<InvalidFen>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("InvalidMove", py.get_type::<InvalidMove>())?;
    m.add("AmbiguousMove", py.get_type::<AmbiguousMove>())?;
    m.add("GameOver", py.get_type::<GameOver>())?;
    m.add("DefinitionError", py.get_type::<DefinitionError>())?;
    m.add("UnknownVariant", py.get_type::<UnknownVariant>())?;
    Ok(())
}

/// Where an error points: line, column and character span in the text.
struct Place {
    line: usize,
    column: usize,
    span: (usize, usize),
}

/// An exception of type `T` with `message` and these attributes: the text given, the
/// reason, the place, and any `more`.
fn raise<T: PyTypeInfo>(
    py: Python<'_>,
    message: String,
    text: &str,
    reason: &str,
    place: Option<Place>,
    more: Vec<(&str, Py<PyAny>)>,
) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    let value = err.value(py);
    let (line, column, span) = match place {
        Some(p) => (Some(p.line), Some(p.column), Some(p.span)),
        None => (None, None, None),
    };
    // Attributes on a fresh exception instance: setting them cannot fail.
    let _ = value.setattr("text", text);
    let _ = value.setattr("reason", reason);
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    let _ = value.setattr("span", span);
    for (name, v) in more {
        let _ = value.setattr(name, v);
    }
    err
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        Python::attach(|py| to_pyerr(py, failure))
    }
}

fn to_pyerr(py: Python<'_>, failure: Failure) -> PyErr {
    match failure {
        Failure::Fen(e, fen) => fen_error(py, &e, &fen),
        // A move read after the end is caught before the library sees it, with its text.
        Failure::Move(MoveError::GameOver(outcome)) => to_pyerr(
            py,
            Failure::GameOver {
                text: String::new(),
                outcome,
            },
        ),
        Failure::Move(e) => move_error(py, &e),
        Failure::GameOver { text, outcome } => {
            let reason = format!("the game is over: {outcome}");
            let outcome = crate::board::Outcome::of(&outcome);
            let more = match Py::new(py, outcome) {
                Ok(o) => vec![("outcome", o.into_any())],
                Err(_) => Vec::new(),
            };
            raise::<GameOver>(
                py,
                format!("`{text}` is not legal here: {reason}"),
                &text,
                &reason,
                None,
                more,
            )
        }
        Failure::Definition(e) => {
            let found = core::problems(&e);
            let diagnostics: Vec<Diagnostic> = found.iter().map(Diagnostic::of).collect();
            let mut message = e.to_string();
            for d in &diagnostics {
                message.push_str(&format!("\n  {}", d.one_line()));
            }
            let first = diagnostics
                .iter()
                .find(|d| d.severity == "error")
                .or(diagnostics.first());
            let place = first.map(|d| Place {
                line: d.line,
                column: d.column,
                span: d.span,
            });
            let reason = first.map_or_else(|| e.to_string(), |d| d.message.clone());
            let text = e.file.text.to_string();
            let list = PyList::new(py, diagnostics).map(|l| l.into_any().unbind());
            let more = list.map(|l| vec![("diagnostics", l)]).unwrap_or_default();
            raise::<DefinitionError>(py, message, &text, &reason, place, more)
        }
        Failure::Unreadable(reason) => {
            let more = vec![("diagnostics", PyList::empty(py).into_any().unbind())];
            raise::<DefinitionError>(py, reason.clone(), "", &reason, None, more)
        }
        Failure::UnknownVariant { name, known } => {
            let reason = format!("there is no variant `{name}`");
            let message = format!("{reason}; the variants: {}", known.join(", "));
            let more = PyList::new(py, known)
                .map(|l| vec![("known", l.into_any().unbind())])
                .unwrap_or_default();
            raise::<UnknownVariant>(py, message, &name, &reason, None, more)
        }
        Failure::Argument(reason) => {
            raise::<FairyError>(py, reason.clone(), "", &reason, None, Vec::new())
        }
        Failure::Internal(reason) => {
            let message = format!("internal error in fairy-rules (please report it): {reason}");
            raise::<FairyError>(py, message, "", &reason, None, Vec::new())
        }
    }
}

/// A FEN error: `InvalidFen` with the field at fault and its place in the FEN.
fn fen_error(py: Python<'_>, e: &FenError, fen: &str) -> PyErr {
    let (reason, place) = match e {
        FenError::Field { span, reason, .. } => {
            let start = char_offset(fen, span.start);
            let end = char_offset(fen, span.end).max(start);
            let place = Place {
                line: 1,
                column: start + 1,
                span: (start, end),
            };
            (reason.clone(), Some(place))
        }
        FenError::Position { reason } => (reason.clone(), None),
        other => (other.to_string(), None),
    };
    let field = e.field().map(|f| f.name().to_string());
    let more = vec![(
        "field",
        field
            .into_pyobject(py)
            .map(|f| f.into_any().unbind())
            .unwrap_or_else(|_| py.None()),
    )];
    raise::<InvalidFen>(py, e.to_string(), fen, &reason, place, more)
}

/// A move error: `InvalidMove` for a text that is no move, `AmbiguousMove` for one several
/// legal moves match, `IllegalMove` otherwise.
fn move_error(py: Python<'_>, e: &MoveError) -> PyErr {
    let message = e.to_string();
    match e {
        MoveError::Malformed { text, reason } => {
            raise::<InvalidMove>(py, message, text, reason, None, Vec::new())
        }
        MoveError::Ambiguous { text, candidates } => {
            let reason = format!("it could be {}", candidates.join(" or "));
            let more = PyList::new(py, candidates)
                .map(|l| vec![("candidates", l.into_any().unbind())])
                .unwrap_or_default();
            raise::<AmbiguousMove>(py, message, text, &reason, None, more)
        }
        MoveError::Illegal { text, reason } => {
            raise::<IllegalMove>(py, message, text, reason, None, Vec::new())
        }
        other => raise::<InvalidMove>(
            py,
            message.clone(),
            "",
            &other.to_string(),
            None,
            Vec::new(),
        ),
    }
}
