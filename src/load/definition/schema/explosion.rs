//! `explosion:`: explosions on capture (the guide's "Explosions on capture").

use serde::Deserialize;

use crate::load::definition::Sp;

/// Explosions on capture (atomic chess, Fairy-Stockfish's `blastOnCapture`): every capture
/// removes the capturing piece and every piece on the cells around the capture cell, except
/// the kinds spared.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplosionDef {
    /// The blast's reach in king steps (Chebyshev distance) from the capture cell: 1 (the
    /// default) is the eight cells around it.
    #[serde(default)]
    pub radius: Option<Sp<u8>>,
    /// Letters of kinds the blast leaves standing on the cells around (atomic's pawns); a
    /// capturing piece of these kinds still explodes.
    #[serde(default)]
    pub spares: Vec<Sp<String>>,
    /// Letters of kinds no explosion removes, the capturing piece included (Atomar's kings;
    /// Fairy-Stockfish's `blastImmuneTypes`).
    #[serde(default)]
    pub immune: Vec<Sp<String>>,
}
