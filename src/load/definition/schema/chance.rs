//! `chance:`: the chance event after moves (the guide's "The file").

use serde::Deserialize;

use crate::load::definition::Sp;

/// A chance event: after a move that triggers it, one cell of a region is drawn uniformly
/// (as two dice would) and acts on the board.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChanceDef {
    /// Name of the region whose cells are drawn (the moving side's squares of it).
    pub region: Sp<String>,
    /// What triggers it; any one suffices.
    pub when: Vec<ChanceTrigger>,
    /// What the drawn cell does.
    pub effects: Vec<ChanceEffect>,
}

/// What triggers a chance event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChanceTrigger {
    /// The move's path (origin, squares passed, destination; both pieces' paths when
    /// castling) touches the region.
    Path,
    /// After the move, some piece stands in the region.
    Occupied,
}

/// What the drawn cell of a chance event does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChanceEffect {
    /// The piece standing on the drawn cell, if any, is removed.
    RemovePiece,
    /// The piece that moved is removed when the drawn cell is on its path (for castling, each
    /// of the two pieces when the cell is on its own path).
    RemoveMoverOnPath,
}
