//! `markers:` and the pieces' layer mechanisms (the guide's "Layers").

use serde::Deserialize;

use crate::load::definition::Sp;

/// A marker type: an object on a cell's marker layer, owned by a side.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerDef {
    /// Its FEN letter: upper case for White's markers, lower case for Black's.
    pub letter: Sp<String>,
    /// Whether it blocks lines and paths like a piece (no piece moves over it, no line attack
    /// passes it).
    #[serde(default)]
    pub blocks: bool,
    /// Whether a piece arriving on its cell (of either colour) is destroyed with it.
    #[serde(default)]
    pub destroys: bool,
    /// Whether submerged pieces may not move to its cell.
    #[serde(default)]
    pub bars_submerged: bool,
    /// Whether only its owner sees it.
    #[serde(default)]
    pub hidden: bool,
}

/// A piece's ammunition: a small counter used up by an action and refilled in a region.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmmoDef {
    /// How many it holds, full at the start (1 to 7; default 1).
    #[serde(default)]
    pub count: Option<Sp<u8>>,
    /// A region (per side): ending any move there refills it.
    #[serde(default)]
    pub reload: Option<Sp<String>>,
    /// Whether the count is hidden from the opponent.
    #[serde(default)]
    pub hidden: bool,
}

/// Instead of moving, the piece puts a marker on its own cell.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlantDef {
    /// The marker type's name.
    pub marker: Sp<String>,
    /// The ammunition it uses (one per marker), by name.
    pub ammo: Sp<String>,
}

/// A capture without moving: the piece stays, the target is removed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoteDef {
    /// Betza riders or leapers naming the target cells; a rider hits the first cell that holds
    /// a piece or a blocking marker within its range.
    #[serde(default)]
    pub moves: Option<Sp<String>>,
    /// Whether `moves` turn with the piece's facing (the direction of its last straight move,
    /// forward before it moved) instead of the side's forward.
    #[serde(default)]
    pub facing: bool,
    /// Instead of `moves`: every cell at exactly this Chebyshev distance, never blocked.
    #[serde(default)]
    pub ring: Option<Sp<u8>>,
    /// The ammunition one shot uses, by name.
    #[serde(default)]
    pub ammo: Option<Sp<String>>,
    /// Whether the shot starts a sortie: until the owner plays the return move, its only
    /// moves are further shots of this kind from the same cell.
    #[serde(default)]
    pub sortie: bool,
}

/// The piece may dive below the surface and move there, hidden from the opponent.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubmergeDef {
    /// Own turns it must have spent on the surface since it last surfaced before it may dive.
    pub after: Sp<u8>,
    /// It may stay under one own turn per this many surface turns ...
    pub per: Sp<u8>,
    /// ... but at most this many (1 to 7); then it surfaces at the start of its owner's turn.
    pub max: Sp<u8>,
    /// Whether the opponent does not see it while it is submerged.
    #[serde(default)]
    pub hidden: bool,
}

/// How a piece on the surface acts on submerged pieces.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VersusSubmergedDef {
    /// Whether submerged pieces may not move under it.
    #[serde(default)]
    pub bars: bool,
    /// Whether its moves capture an enemy submerged piece on the destination.
    #[serde(default)]
    pub hunts: bool,
    /// Betza leaps: after every move, enemy submerged pieces on these cells around it surface.
    #[serde(default)]
    pub sonar: Option<Sp<String>>,
}
