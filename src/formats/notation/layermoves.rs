//! Move text of layer games, beside the UCI-style forms of `movetext`. `_` before a square
//! names its submerged layer:
//!
//! - planting a marker on the piece's own square: `c1:M` (the marker's letter),
//! - a capture without moving: `j5xh7`; the end of a sortie: `f1:back`,
//! - diving: `d5_f6`; a submerged move: `_f6_g8`; surfacing by moving: `_f6g8`, in place:
//!   `_f6f6`.

use crate::engine::{Move, MoveKind, Position};
use crate::rules::Ruleset;

use super::MoveError;

impl Ruleset {
    /// The text of a layer game's action or submerged move; `None` for the other moves.
    pub(crate) fn layer_move_text(&self, m: Move) -> Option<String> {
        let t = &self.topology;
        let (from, to) = (t.name(m.from), t.name(m.to));
        Some(match m.kind {
            MoveKind::Plant { marker } => {
                let letter = self.layers.as_ref()?.markers.get(marker as usize)?.letter;
                format!("{from}:{letter}")
            }
            MoveKind::Remote { .. } => format!("{from}x{to}"),
            MoveKind::Return => format!("{from}:back"),
            MoveKind::Dive => format!("{from}_{to}"),
            MoveKind::Submerged => format!("_{from}_{to}"),
            MoveKind::Surface => format!("_{from}{to}"),
            _ => return None,
        })
    }

    /// Reads a layer game's action or submerged move (text with `:`, `x` or `_`) against the
    /// legal moves of `pos`; `None` when the text is not of that form.
    pub(crate) fn parse_layer_move(
        &self,
        pos: &Position,
        text: &str,
    ) -> Option<Result<Move, MoveError>> {
        if !text.contains([':', 'x', '_']) {
            return None;
        }
        let wanted = text.to_ascii_lowercase();
        let legal = self.legal_moves(pos);
        if let Some(&m) = legal.iter().find(|&&m| {
            self.layer_move_text(m)
                .is_some_and(|s| s.to_ascii_lowercase() == wanted)
        }) {
            return Some(Ok(m));
        }
        // Not legal: say whether the text names squares of this board at all.
        let squares = wanted
            .split([':', 'x', '_'])
            .filter(|s| !s.is_empty() && s.starts_with(|c: char| c.is_ascii_lowercase()))
            .filter(|s| s.ends_with(|c: char| c.is_ascii_digit()));
        if let Some(bad) = squares
            .clone()
            .find(|s| self.topology.parse_cell(s).is_none())
        {
            return Some(Err(MoveError::Malformed {
                text: text.into(),
                reason: format!("`{bad}` is not a square of this board"),
            }));
        }
        if squares.count() == 0 {
            return Some(Err(MoveError::Malformed {
                text: text.into(),
                reason: "it names no square".into(),
            }));
        }
        Some(Err(MoveError::Illegal {
            text: text.into(),
            reason: "no legal move is written so".into(),
        }))
    }
}
