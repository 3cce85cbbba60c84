//! `parameters:` and `returns:` (the guide's "The file": parameters and returning pieces).

use indexmap::IndexMap;
use serde::Deserialize;

use crate::load::definition::Sp;

/// A game parameter, with a value for each side: a piece type from a set, or a square from
/// a region (the side's own squares of it) minus exceptions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParameterDef {
    /// Letters of the piece types it may be.
    #[serde(default)]
    pub pieces: Option<Vec<Sp<String>>>,
    /// Name of the region whose squares it may be.
    #[serde(default)]
    pub squares: Option<Sp<String>>,
    /// Squares it may not be when an earlier parameter of the same side has a value.
    #[serde(default)]
    pub except: Vec<ExceptionDef>,
}

/// "Not these squares when that parameter has this value".
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExceptionDef {
    /// One earlier parameter and the value (a piece letter) that brings the exception.
    pub when: Sp<IndexMap<String, Sp<String>>>,
    /// Name of the region excluded (the side's own squares of it).
    pub squares: Sp<String>,
}

/// A capture effect: when the last piece of its type that its owner has is captured, the
/// piece comes back on the first empty square of an ordered list; with none empty, it is
/// gone.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReturnDef {
    /// The piece: a letter, or `$name` of a piece parameter (each side its own value).
    pub piece: Sp<String>,
    /// The squares in order, seen from the owner: `home` (the setup squares of the piece's
    /// type, from the owner's left), then squares and regions read from the owner's side
    /// (`rank 1` is Black's rank 8), each from the owner's left.
    pub to: Vec<Sp<String>>,
}
