//! Variants as Python values: [`PyVariant`] (`fairy_rules.Variant`), and [`VariantArg`], the
//! name or value a function takes.

use pyo3::prelude::*;

use fairy_rules::Variant;

use crate::core::{self, guard, Failure};
use crate::diagnostics::Diagnostic;

/// A variant as an argument: its name (or a definition file's path), or a `Variant`.
#[derive(FromPyObject)]
pub enum VariantArg {
    /// A `Variant` value.
    Value(PyVariant),
    /// A name or a path.
    Name(String),
}

impl VariantArg {
    /// The variant's name and rules.
    pub fn resolve(self) -> Result<(String, Variant), Failure> {
        match self {
            VariantArg::Value(v) => Ok((v.name, v.variant)),
            VariantArg::Name(name) => Ok((name.clone(), core::variant(&name)?)),
        }
    }
}

/// A compiled variant: `Variant(name)` for a bundled one (`chess`, `crazyhouse`, `shogi`,
/// also as Fairy-Stockfish writes them: `kingofthehill`), one loaded with
/// `load_variant_config` or `Variant.load`, or the path of a definition file.
#[pyclass(module = "fairy_rules", name = "Variant", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyVariant {
    name: String,
    variant: Variant,
}

#[pymethods]
impl PyVariant {
    #[new]
    fn new(name: &str) -> PyResult<PyVariant> {
        Ok(guard(|| {
            Ok(PyVariant {
                name: name.to_string(),
                variant: core::variant(name)?,
            })
        })?)
    }

    /// The name it was asked for.
    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Its display name (`King of the Hill`).
    #[getter]
    fn title(&self) -> String {
        self.variant.name.clone()
    }

    /// Its description.
    #[getter]
    fn description(&self) -> String {
        self.variant.description.clone()
    }

    /// The FEN of its start position.
    #[getter]
    fn start_fen(&self) -> PyResult<String> {
        Ok(guard(|| Ok(core::start_fen(&self.variant)))?)
    }

    /// Whether captured pieces go to the capturer's hand.
    #[getter]
    fn captures_to_hand(&self) -> bool {
        core::captures_to_hand(&self.variant)
    }

    /// Whether a side may not see all of a position (then `Board.view_fen` differs from
    /// `Board.fen`).
    #[getter]
    fn has_hidden_information(&self) -> bool {
        core::hides_anything(&self.variant)
    }

    /// Every problem of a definition given as YAML text, errors and warnings, each a
    /// `Diagnostic` with its place; empty for a definition without any. Nothing is loaded.
    /// `extends:` names a bundled definition as `variants/chess.yaml`.
    #[staticmethod]
    fn diagnostics(yaml: &str) -> PyResult<Vec<Diagnostic>> {
        Ok(guard(|| {
            Ok(core::check_definition(yaml)
                .iter()
                .map(Diagnostic::of)
                .collect())
        })?)
    }

    /// Loads a definition, YAML text or the path of a YAML file, and registers it (see
    /// `load_variant_config`). Raises `DefinitionError` with every problem.
    #[staticmethod]
    fn load(text_or_path: &str) -> PyResult<PyVariant> {
        Ok(guard(|| {
            let (name, variant) = core::load_definition(text_or_path)?;
            Ok(PyVariant { name, variant })
        })?)
    }

    /// The names of every variant: bundled and loaded.
    #[staticmethod]
    fn names() -> Vec<String> {
        core::variant_names()
    }

    fn __repr__(&self) -> String {
        format!("Variant({})", crate::quote(&self.name))
    }
}
