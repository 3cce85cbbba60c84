//! `trading:`: rules against trading a set of pieces (the guide's "Trading rules"; Chu
//! Shogi's lion-trading rules).

use serde::Deserialize;

use crate::load::definition::Sp;

/// Rules that keep a set of pieces from being traded off (`trading:`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradingDef {
    /// Letters of the kinds the rules protect (Chu Shogi: the lion, and the kirin promoted
    /// to one).
    pub pieces: Sp<Vec<Sp<String>>>,
    /// `true`: one of them may not capture another that does not stand next to its origin
    /// when it could be captured back where it arrives, unless its first leg captured a
    /// piece of a kind not listed in `cheap`.
    #[serde(default)]
    pub from_afar: Option<Sp<bool>>,
    /// Letters of the kinds whose capture on a first leg does not open such a capture (Chu
    /// Shogi: pawn and go-between).
    #[serde(default)]
    pub cheap: Option<Sp<Vec<Sp<String>>>>,
    /// `true`: after a piece of another kind captured one of them, the reply may not
    /// capture one of them with a piece of another kind.
    #[serde(default)]
    pub counterstrike: Option<Sp<bool>>,
}
