//! Loading a definition file into a shareable rule set.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostics::{DefinitionError, Problem, ProblemReport, Source};
use crate::rules::Ruleset;

/// A compiled variant: a cheap-to-clone handle on its immutable [`Ruleset`].
///
/// Every [`Ruleset`] method (legal moves, FEN, move text, perft) is available on it.
///
/// ```
/// let chess = fairy_rules::Variant::from_file("variants/chess.yaml")?;
/// let start = chess.start_position();
/// assert_eq!(chess.legal_moves(&start).len(), 20);
/// assert_eq!(chess.perft(&start, 3), 8902);
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Variant {
    rules: Arc<Ruleset>,
    /// The definition's file and the files it extends, for rendering its warnings.
    sources: Arc<[Source]>,
    warnings: Arc<[Problem]>,
}

impl std::ops::Deref for Variant {
    type Target = Ruleset;
    fn deref(&self) -> &Ruleset {
        &self.rules
    }
}

/// Why a definition could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The path given.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The file was read but has problems.
    #[error(transparent)]
    Definition(#[from] DefinitionError),
}

impl Variant {
    /// Loads and compiles a definition file.
    ///
    /// # Errors
    /// [`LoadError::Io`] if the file cannot be read; [`LoadError::Definition`] with every
    /// problem found, each pointing at its line and column.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Variant, LoadError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| LoadError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(Variant::from_yaml(&path.display().to_string(), &text)?)
    }

    /// Compiles a definition given as text; `name` labels diagnostics (a file name).
    ///
    /// # Errors
    /// A [`DefinitionError`] with every problem found.
    pub fn from_yaml(name: &str, text: &str) -> Result<Variant, DefinitionError> {
        let source = Source::new(name, text);
        let (def, files) = crate::definition::load_chain(&source, &read_extended)?;
        let (rules, warnings) = crate::compile::compile(&def, &files)?;
        Ok(Variant {
            rules: Arc::new(rules),
            sources: files.into(),
            warnings: warnings.into(),
        })
    }

    /// The rule set.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Warnings about the definition: it works, but perhaps not as meant (a piece never
    /// used, a move that reaches no square, an empty region, a side without its royal piece).
    pub fn warnings(&self) -> &[Problem] {
        &self.warnings
    }

    /// The warnings as miette diagnostics pointing into the definition's text.
    pub fn warning_reports(&self) -> Vec<ProblemReport> {
        self.warnings
            .iter()
            .map(|p| ProblemReport {
                problem: p.clone(),
                file: self.sources[p.file].clone(),
            })
            .collect()
    }
}

/// Reads the file `name` that `naming` extends, relative to `naming`'s folder.
fn read_extended(naming: &Source, name: &str) -> Result<Source, String> {
    let folder = Path::new(naming.name.as_ref())
        .parent()
        .unwrap_or(Path::new(""));
    // `a/../b/./c.yaml` as `b/c.yaml`: the same file is then named the same way, and a loop
    // in the chain is recognised.
    let mut path = std::path::PathBuf::new();
    for part in folder.join(name).components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if path.file_name().is_some() => {
                path.pop();
            }
            other => path.push(other),
        }
    }
    std::fs::read_to_string(&path)
        .map(|text| Source::new(path.display().to_string(), text))
        .map_err(|e| e.to_string())
}
