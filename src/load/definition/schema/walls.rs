//! `walls:`: the wall put down after each move (the guide's "Walls").

use serde::Deserialize;

use crate::load::definition::Sp;
use crate::types::rule_enums::WallPlacement;

/// Walls placed after each move (`walls:`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallsDef {
    /// Where the wall may go.
    pub place: Sp<WallPlacement>,
    /// Which walls stay: `all` (the default; the Amazons' arrows) or `last`, where the new
    /// wall replaces every earlier one (the duck, moved each turn; it must move).
    #[serde(default)]
    pub keep: Option<Sp<WallsKept>>,
    /// A region the walls must go in (per side when the region is).
    #[serde(default)]
    pub region: Option<Sp<String>>,
}

/// Which walls stay when a new one is placed (`walls: keep:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WallsKept {
    /// Every wall stays.
    All,
    /// Only the new wall stays.
    Last,
}
