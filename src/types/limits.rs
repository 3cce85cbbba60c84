//! Bounds on what reading a definition, a FEN or a move may cost, so that hostile or
//! mistaken input fails with a clear error instead of taking the machine's time and memory.

use std::io::ErrorKind::InvalidInput;
use std::io::Read;

/// Bounds on loading a definition and on reading FEN and move text.
///
/// Pass them to [`crate::Variant::from_file_with`] or [`crate::Variant::from_yaml_with`];
/// the other loaders and the `fairy` commands use [`Limits::default`]. The rule set keeps
/// them for [`crate::Ruleset::parse_fen`] and [`crate::Ruleset::parse_move`] (see
/// [`crate::Ruleset::limits`]).
///
/// Past a limit, loading fails with the diagnostic `fairy::limit-exceeded` naming the limit
/// and its value; reading text fails with [`crate::FenError::Limit`] or
/// [`crate::MoveError::Limit`]. Every check happens before the costly work, and files are
/// read with a bounded reader: a file larger than its limit costs no more than the limit.
///
/// ```
/// use fairy_rules::{Limits, Variant};
/// let mut limits = Limits::default();
/// limits.fen_bytes = 100;
/// let chess = Variant::from_file_with("variants/chess.yaml", &limits)?;
/// let e = chess.parse_fen(&"8/".repeat(60)).unwrap_err();
/// assert_eq!(e.to_string(), "the FEN exceeds the limit `fen_bytes` of 100 bytes");
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Most bytes of the definition's own text. Default 1 MiB (1,048,576 bytes).
    pub definition_bytes: usize,
    /// Most bytes of each file an `extends:` names. Default 1 MiB (1,048,576 bytes).
    pub extends_bytes: usize,
    /// Most files in a chain of `extends:`, the definition itself included. Default 8.
    pub extends_depth: usize,
    /// Most ways of moving all movement strings of the definition expand to, counted before
    /// the moves are placed on the board: one per leap or line, one per path (or lame or
    /// jumping way) to each destination; repeats count once. This bounds the move tables,
    /// which hold at most this many entries per cell and side. Default 10,000 (the bundled
    /// variants need at most a few hundred).
    pub movement_ways: usize,
    /// Most bytes of a FEN given to [`crate::Ruleset::parse_fen`]. Default 16 KiB (16,384
    /// bytes).
    pub fen_bytes: usize,
    /// Most bytes of a move's text given to [`crate::Ruleset::parse_move`]. Default 256.
    pub move_text_bytes: usize,
    /// Most levels of variations nested in one another in a PGN text given to
    /// [`crate::pgn::parse_with`] (a variation of the main line is level 1). Default 100.
    pub pgn_variation_depth: usize,
}

impl Limits {
    /// The defaults, as documented on each field.
    pub(crate) const DEFAULT: Limits = Limits {
        definition_bytes: 1 << 20,
        extends_bytes: 1 << 20,
        extends_depth: 8,
        movement_ways: 10_000,
        fen_bytes: 16 << 10,
        move_text_bytes: 256,
        pgn_variation_depth: 100,
    };
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// One of the [`Limits`].
///
/// See the example of [`Limits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// [`Limits::definition_bytes`].
    DefinitionBytes,
    /// [`Limits::extends_bytes`].
    ExtendsBytes,
    /// [`Limits::extends_depth`].
    ExtendsDepth,
    /// [`Limits::movement_ways`].
    MovementWays,
    /// [`Limits::fen_bytes`].
    FenBytes,
    /// [`Limits::move_text_bytes`].
    MoveTextBytes,
    /// [`Limits::pgn_variation_depth`].
    PgnVariationDepth,
}

impl Limit {
    /// The name of the [`Limits`] field, such as `fen_bytes`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Limit::DefinitionBytes => "definition_bytes",
            Limit::ExtendsBytes => "extends_bytes",
            Limit::ExtendsDepth => "extends_depth",
            Limit::MovementWays => "movement_ways",
            Limit::FenBytes => "fen_bytes",
            Limit::MoveTextBytes => "move_text_bytes",
            Limit::PgnVariationDepth => "pgn_variation_depth",
        }
    }

    /// What the limit bounds and in which unit, for messages.
    fn subject(self) -> (&'static str, &'static str) {
        match self {
            Limit::DefinitionBytes => ("the definition", "bytes"),
            Limit::ExtendsBytes => ("the extended file", "bytes"),
            Limit::ExtendsDepth => ("the chain of extended definitions", "files"),
            Limit::MovementWays => ("the movement", "ways of moving"),
            Limit::FenBytes => ("the FEN", "bytes"),
            Limit::MoveTextBytes => ("the move text", "bytes"),
            Limit::PgnVariationDepth => ("the nesting of variations", "levels"),
        }
    }

    /// The limit's value in `limits`.
    pub(crate) fn value(self, limits: &Limits) -> usize {
        match self {
            Limit::DefinitionBytes => limits.definition_bytes,
            Limit::ExtendsBytes => limits.extends_bytes,
            Limit::ExtendsDepth => limits.extends_depth,
            Limit::MovementWays => limits.movement_ways,
            Limit::FenBytes => limits.fen_bytes,
            Limit::MoveTextBytes => limits.move_text_bytes,
            Limit::PgnVariationDepth => limits.pgn_variation_depth,
        }
    }
}

/// Input past one of the [`Limits`]: which, and the limit's value.
///
/// See the example of [`Limits`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{} exceeds the limit `{}` of {max} {}", limit.subject().0, limit.name(), limit.subject().1)]
pub struct LimitExceeded {
    /// The limit passed.
    pub limit: Limit,
    /// Its value.
    pub max: usize,
}

impl LimitExceeded {
    /// `Err` when `found` is above `limit` in `limits`.
    pub(crate) fn check(limit: Limit, limits: &Limits, found: usize) -> Result<(), LimitExceeded> {
        let max = limit.value(limits);
        if found > max {
            Err(LimitExceeded { limit, max })
        } else {
            Ok(())
        }
    }
}

/// Why a file could not be read within its limit.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The operating system's error, text that is not UTF-8, or a path refused unopened
    /// (see [`read_text`]).
    Io(std::io::Error),
    /// More bytes than the limit allows; reading stopped there, or never began.
    TooLarge(LimitExceeded),
}

/// Reads the text of the definition file `path`, no more than `limit`'s value in bytes.
///
/// Only a regular file named `*.yaml` or `*.yml` is read: any other path (`/etc/passwd`,
/// `/proc/self/environ`, `/dev/stdin`, a named pipe, a folder) is refused before it is
/// opened, so that a definition cannot make the loader print, or wait on, what is not a
/// definition. Its size is checked before reading and the read stops after the limit, so a
/// file that grows meanwhile costs no more than the limit either.
///
/// # Errors
/// [`ReadError::Io`] with the reason for a refused path (kind
/// [`std::io::ErrorKind::InvalidInput`]) or the operating system's error;
/// [`ReadError::TooLarge`] for a file larger than the limit.
pub(crate) fn read_text(
    path: &std::path::Path,
    limit: Limit,
    limits: &Limits,
) -> Result<String, ReadError> {
    let refused = |why: &str| ReadError::Io(std::io::Error::new(InvalidInput, why));
    let named = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
    if !named {
        return Err(refused(
            "a definition file's name ends in `.yaml` or `.yml`",
        ));
    }
    // Checked before opening: opening a named pipe waits for a writer.
    let before = std::fs::metadata(path).map_err(ReadError::Io)?;
    if let Some(kind) = not_regular(&before.file_type()) {
        return Err(refused(&format!("it is {kind}, not a regular file")));
    }
    LimitExceeded::check(limit, limits, before.len().try_into().unwrap_or(usize::MAX))
        .map_err(ReadError::TooLarge)?;
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    // The path may have been replaced between the check and the opening.
    let opened = file.metadata().map_err(ReadError::Io)?;
    if !opened.is_file() || !same_file(&before, &opened) {
        return Err(refused("it changed while it was being opened"));
    }
    let max = limit.value(limits);
    let mut bytes = Vec::new();
    file.take((max as u64).saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    LimitExceeded::check(limit, limits, bytes.len()).map_err(ReadError::TooLarge)?;
    String::from_utf8(bytes).map_err(|_| {
        ReadError::Io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

/// What a file that is not a regular file is, in words (`a folder`), or `None` for a
/// regular file.
fn not_regular(kind: &std::fs::FileType) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a named pipe");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    if kind.is_file() {
        None
    } else if kind.is_dir() {
        Some("a folder")
    } else {
        Some("something else")
    }
}

/// Whether two metadata describe the same file (on Unix, the same device and inode; elsewhere
/// the check after opening is that it is a regular file).
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (a.dev(), a.ino()) == (b.dev(), b.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        true
    }
}
