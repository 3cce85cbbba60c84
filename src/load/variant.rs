//! Loading a definition into a shareable rule set: from a file, from text, or from the
//! definitions bundled with the library.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::load::definition::ExtendsError;
use crate::load::diagnostics::{DefinitionError, Problem, ProblemReport, Source};
use crate::rules::{Ruleset, Topology};
use crate::types::limits::{read_text, Limit, LimitExceeded, Limits, ReadError};

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// A compiled variant: a cheap-to-clone handle on its immutable [`Ruleset`].
///
/// Every [`Ruleset`] method (legal moves, FEN, move text, perft) is available on it.
///
/// ```
/// let chess = fairy_rules::Variant::bundled("chess")?;
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
///
/// See the examples of [`Variant::from_file`] and [`Variant::bundled`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The file could not be read, or was refused unread: only a regular file named
    /// `*.yaml` or `*.yml` is read as a definition.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The path given.
        path: PathBuf,
        /// The operating system's error, or the reason for the refusal (of the kind
        /// [`std::io::ErrorKind::InvalidInput`]).
        source: std::io::Error,
    },
    /// No bundled variant has this name.
    #[error("there is no bundled variant `{name}`; the bundled ones: {}", known.join(", "))]
    NotBundled {
        /// The name asked for.
        name: String,
        /// The bundled variants' names.
        known: Vec<String>,
    },
    /// The file was read but has problems.
    #[error(transparent)]
    Definition(#[from] DefinitionError),
}

impl Variant {
    /// Loads and compiles a definition file within [`Limits::default`]; a file it extends is
    /// read relative to it. Only a regular file named `*.yaml` or `*.yml` is read, the
    /// definition and each file it extends alike: another path (`/etc/passwd`, a named pipe,
    /// a folder) is refused unopened, and an extended file whose text is no definition is
    /// refused at its `extends:` without showing any of it.
    ///
    /// # Errors
    /// [`LoadError::Io`] if the file cannot be read or is refused; [`LoadError::Definition`]
    /// with every problem found, each pointing at its line and column (a refused extended
    /// file is a `fairy::extends` problem).
    ///
    /// ```
    /// use fairy_rules::{LoadError, Variant};
    /// let capablanca = Variant::from_file("variants/capablanca.yaml")?;
    /// assert_eq!(capablanca.name, "Capablanca Chess");
    /// assert_eq!(capablanca.topology.cell_count(), 80); // 10x8
    /// let refused = Variant::from_file("README.md").unwrap_err();
    /// assert!(matches!(refused, LoadError::Io { .. }));
    /// assert_eq!(refused.to_string(), "cannot read README.md: a definition file's name ends in `.yaml` or `.yml`");
    /// # Ok::<(), LoadError>(())
    /// ```
    pub fn from_file(path: impl AsRef<Path>) -> Result<Variant, LoadError> {
        Variant::from_file_with(path, &Limits::default())
    }

    /// [`Variant::from_file`] within `limits`: the file, and each file it extends, is read
    /// only up to its limit in bytes. See the example of [`crate::Limits`].
    ///
    /// # Errors
    /// As [`Variant::from_file`]; past a limit, a [`LoadError::Definition`] whose problem
    /// has the code `fairy::limit-exceeded` and names the limit.
    pub fn from_file_with(path: impl AsRef<Path>, limits: &Limits) -> Result<Variant, LoadError> {
        let source = read_definition(path.as_ref(), limits)?;
        Ok(Variant::from_yaml_with(&source.name, &source.text, limits)?)
    }

    /// The board of the definition file `path` alone, whatever the rest of it holds (its
    /// setup may still be unfinished): what `fairy show --empty` draws.
    ///
    /// ```
    /// let board = fairy_rules::Variant::board_of_file("variants/seachess.yaml")?;
    /// assert_eq!(board.cells().count(), 128);
    /// # Ok::<(), fairy_rules::LoadError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Variant::from_file`], for the file, its chain of `extends:` and its board only.
    pub fn board_of_file(path: impl AsRef<Path>) -> Result<Topology, LoadError> {
        let limits = Limits::default();
        let source = read_definition(path.as_ref(), &limits)?;
        let read = |naming: &Source, extended: &str| read_file(naming, extended, &limits);
        let loaded = crate::load::definition::load_chain(&source, &read, &limits)?;
        Ok(crate::load::compile::board_only(&loaded, &limits)?)
    }

    /// Compiles a definition given as text within [`Limits::default`]; `name` labels
    /// diagnostics (a file name) and is the place an extended file is read relative to.
    /// The text is a definition as `docs/authoring.md` describes it.
    ///
    /// ```
    /// use fairy_rules::{Limits, Variant};
    /// let yaml = "name: Tiny\nboard: 3x3\npieces:\n  king:\n    letter: K\n    moves: K\n    royal: true\n  rook:\n    letter: R\n    moves: R\nsetup: k2/3/K2\n";
    /// let tiny = Variant::from_yaml("tiny.yaml", yaml)?;
    /// assert_eq!(tiny.rules().name, "Tiny");
    /// assert_eq!(tiny.fen(&tiny.start_position()), "k2/3/K2 w - - 0 1");
    /// // It loads, with a warning: the rook is never placed.
    /// assert_eq!(tiny.warnings().len(), 1);
    /// assert_eq!(tiny.warnings()[0].code, "fairy::unused-piece");
    /// assert_eq!(tiny.warnings()[0].message, "the rook is never placed and never promoted to");
    /// assert_eq!(tiny.warning_reports()[0].file.name.as_ref(), "tiny.yaml");
    ///
    /// // Within tighter limits, the same text is too long.
    /// let mut limits = Limits::default();
    /// limits.definition_bytes = 64;
    /// let e = Variant::from_yaml_with("tiny.yaml", yaml, &limits).unwrap_err();
    /// assert_eq!(e.problems[0].code, "fairy::limit-exceeded");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`DefinitionError`] with every problem found.
    pub fn from_yaml(name: &str, text: &str) -> Result<Variant, DefinitionError> {
        Variant::from_yaml_with(name, text, &Limits::default())
    }

    /// [`Variant::from_yaml`] within `limits`. See the example of [`Variant::from_yaml`].
    ///
    /// # Errors
    /// As [`Variant::from_yaml`]; past a limit, a problem with the code
    /// `fairy::limit-exceeded` that names the limit.
    pub fn from_yaml_with(
        name: &str,
        text: &str,
        limits: &Limits,
    ) -> Result<Variant, DefinitionError> {
        let source = Source::new(name, text);
        LimitExceeded::check(Limit::DefinitionBytes, limits, text.len())
            .map_err(|e| too_large(source.clone(), e))?;
        let read = |naming: &Source, extended: &str| read_file(naming, extended, limits);
        Variant::compile(source, &read, limits)
    }

    /// Compiles a definition sent by someone else (a client of `fairy serve`) within
    /// [`Limits::default`]: like [`Variant::from_yaml`], but it reads no file: `extends:` may
    /// name only a bundled definition (`variants/chess.yaml`).
    ///
    /// # Errors
    /// As [`Variant::from_yaml`]; extending anything else is a `fairy::extends` problem.
    ///
    /// See the example of [`Variant::from_yaml`].
    pub fn from_untrusted_yaml(name: &str, text: &str) -> Result<Variant, DefinitionError> {
        let limits = Limits::default();
        let source = Source::new(name, text);
        LimitExceeded::check(Limit::DefinitionBytes, &limits, text.len())
            .map_err(|e| too_large(source.clone(), e))?;
        Variant::compile(source, &read_bundled, &limits)
    }

    /// A variant bundled with the library, by its name (`chess`, `seachess`, `shogi`; see
    /// [`Variant::bundled_names`] and [`Variant::suite_names`]): the definitions of
    /// `variants/` and `variants/fsf/`, embedded when the library was built, so they load
    /// from any folder. A bundled definition extends only other bundled ones.
    ///
    /// ```
    /// use fairy_rules::{LoadError, Variant};
    /// let names: Vec<&str> = Variant::bundled_names().collect();
    /// assert_eq!(names, ["bermuda", "capablanca", "chess", "chu-shogi", "falcon-chess", "flying-dutchman", "glinski", "king-of-the-hill", "mccooey", "pirateknics", "seachess"]);
    /// assert_eq!(Variant::suite_names().count(), 86);
    /// assert_eq!(Variant::suite_names().next(), Some("3check"));
    /// let xiangqi = Variant::bundled("xiangqi")?;
    /// assert_eq!(xiangqi.topology.cell_count(), 90);
    /// assert!(Variant::bundled_yaml("chess").unwrap().starts_with("# "));
    /// assert!(matches!(Variant::bundled("nope"), Err(LoadError::NotBundled { .. })));
    /// assert_eq!(Variant::bundled_yaml("nope"), None);
    /// # Ok::<(), LoadError>(())
    /// ```
    ///
    /// # Errors
    /// [`LoadError::NotBundled`] for an unknown name.
    pub fn bundled(name: &str) -> Result<Variant, LoadError> {
        let (path, text) = bundled_file(name).ok_or_else(|| LoadError::NotBundled {
            name: name.to_string(),
            known: Variant::bundled_names()
                .chain(Variant::suite_names())
                .map(String::from)
                .collect(),
        })?;
        let source = Source::new(path, text);
        Ok(Variant::compile(source, &read_bundled, &Limits::default())?)
    }

    /// The names of the project's bundled games (`variants/`), in alphabetical order. See
    /// the example of [`Variant::bundled`].
    pub fn bundled_names() -> impl Iterator<Item = &'static str> {
        BUNDLED.iter().map(|(name, _)| *name)
    }

    /// The names of the bundled definitions of Fairy-Stockfish's perft suite
    /// (`variants/fsf/`, under Fairy-Stockfish's names: `shogi`, `3check`), in alphabetical
    /// order. [`Variant::bundled`] loads them too. See the example of [`Variant::bundled`].
    pub fn suite_names() -> impl Iterator<Item = &'static str> {
        SUITE.iter().map(|(name, _)| *name)
    }

    /// The text of a bundled definition, of either list; `None` for an unknown name. See
    /// the example of [`Variant::bundled`].
    pub fn bundled_yaml(name: &str) -> Option<&'static str> {
        bundled_file(name).map(|(_, text)| text)
    }

    fn compile(
        source: Source,
        read: &dyn Fn(&Source, &str) -> Result<Source, ExtendsError>,
        limits: &Limits,
    ) -> Result<Variant, DefinitionError> {
        let loaded = crate::load::definition::load_chain(&source, read, limits)?;
        let (rules, warnings) = crate::load::compile::compile(&loaded, limits)?;
        Ok(Variant {
            rules: Arc::new(rules),
            sources: loaded.files.into(),
            warnings: warnings.into(),
        })
    }

    /// The rule set (also reached through `Deref`). See the example of
    /// [`Variant::from_yaml`].
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Warnings about the definition: it works, but perhaps not as meant (a piece never
    /// used, a move that reaches no square, an empty region, a side without its royal piece),
    /// sorted by file and place. See the example of [`Variant::from_yaml`].
    pub fn warnings(&self) -> &[Problem] {
        &self.warnings
    }

    /// The warnings as miette diagnostics pointing into the definition's text (one per
    /// warning, in the order of [`Variant::warnings`]). See the example of
    /// [`Variant::from_yaml`].
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

/// The path (`variants/NAME.yaml` or `variants/fsf/NAME.yaml`) and text of the bundled
/// definition `name`.
fn bundled_file(name: &str) -> Option<(String, &'static str)> {
    let find = |table: &[(&str, &'static str)]| {
        table
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| *text)
    };
    find(BUNDLED)
        .map(|text| (format!("variants/{name}.yaml"), text))
        .or_else(|| find(SUITE).map(|text| (format!("variants/fsf/{name}.yaml"), text)))
}

/// The path of the file `name` that `naming` extends, relative to `naming`'s folder, with
/// `a/../b/./c.yaml` written `b/c.yaml`: the same file is then named the same way, and a loop
/// in the chain is recognised.
fn extended_path(naming: &Source, name: &str) -> PathBuf {
    let folder = Path::new(naming.name.as_ref())
        .parent()
        .unwrap_or(Path::new(""));
    let mut path = PathBuf::new();
    for part in folder.join(name).components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if path.file_name().is_some() => {
                path.pop();
            }
            other => path.push(other),
        }
    }
    path
}

/// The definition file `path`, read within [`Limits::definition_bytes`].
fn read_definition(path: &Path, limits: &Limits) -> Result<Source, LoadError> {
    let name = path.display().to_string();
    match read_text(path, Limit::DefinitionBytes, limits) {
        Ok(text) => Ok(Source::new(name, text)),
        Err(ReadError::Io(source)) => Err(LoadError::Io {
            path: path.to_path_buf(),
            source,
        }),
        // Only the limit's worth was read: the diagnostic shows none of it.
        Err(ReadError::TooLarge(e)) => Err(too_large(Source::new(name, ""), e).into()),
    }
}

/// A definition longer than [`Limits::definition_bytes`]: one problem at its start.
fn too_large(source: Source, e: LimitExceeded) -> DefinitionError {
    let problem = Problem::error("fairy::limit-exceeded", e.to_string(), 0..0, "here")
        .help(format!("raise `{}` to load it", e.limit.name()));
    DefinitionError::new(source, Vec::new(), vec![problem])
}

/// Reads the file `name` that `naming` extends from the file system, as [`read_text`] reads
/// a definition, no further than [`Limits::extends_bytes`].
fn read_file(naming: &Source, name: &str, limits: &Limits) -> Result<Source, ExtendsError> {
    let path = extended_path(naming, name);
    match read_text(&path, Limit::ExtendsBytes, limits) {
        Ok(text) => Ok(Source::new(path.display().to_string(), text)),
        Err(ReadError::Io(e)) => Err(ExtendsError::Unreadable(e.to_string())),
        Err(ReadError::TooLarge(e)) => Err(ExtendsError::Limit(e)),
    }
}

/// Finds the file `name` that a bundled definition extends among the bundled ones.
fn read_bundled(naming: &Source, name: &str) -> Result<Source, ExtendsError> {
    let path = extended_path(naming, name);
    let found = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .filter(|_| path.extension().is_some_and(|e| e == "yaml"))
        .and_then(bundled_file)
        .filter(|(bundled, _)| Path::new(bundled) == path);
    match found {
        Some((path, text)) => Ok(Source::new(path, text)),
        None => Err(ExtendsError::Unreadable(format!(
            "`{name}` is not a bundled definition"
        ))),
    }
}
