//! What one side may see of a position with hidden parts: the opponent's hidden markers and
//! submerged pieces removed, its hidden ammunition counts shown full.

use crate::rules::Color;

use super::board::{Log, Logged};
use super::position::Pos;
use super::{Engine, Move, MoveKind};

impl<const W: usize> Engine<'_, W> {
    /// `pos` as `side` sees it. In games without hidden parts, `pos` itself.
    pub(crate) fn redact(&self, pos: &Pos<W>, side: Color) -> Pos<W> {
        let mut view = pos.clone();
        let Some(rules) = &self.rules.layers else {
            return view;
        };
        let them = side.opponent();
        let mut log = Log::default();
        let mut b = Logged {
            pos: &mut view,
            log: &mut log,
        };
        for cell in pos.st.marked[them.index()] {
            let ty = pos.slots[cell.index()].marker.saturating_sub(1);
            if rules.markers[ty as usize].hidden {
                self.clear_marker(&mut b, cell);
            }
        }
        for cell in pos.st.under[them.index()] {
            let hidden = pos.slots[cell.index()].under.is_some_and(|p| {
                rules.kinds[p.kind().index()]
                    .submerge
                    .is_some_and(|s| s.hidden)
            });
            if hidden {
                self.take_under(&mut b, cell);
            }
        }
        for cell in pos.st.by_color[them.index()] {
            let slot = pos.slots[cell.index()];
            let Some(piece) = slot.piece else { continue };
            let mut state = slot.state;
            for (i, a) in rules.kinds[piece.kind().index()].ammo.iter().enumerate() {
                if a.hidden {
                    state = state.with_ammo(i, a.count);
                }
            }
            self.set_state(&mut b, cell, state);
        }
        view
    }

    /// Whether the opponent of the side that makes `m` sees no more of it than that a hidden
    /// move was made: planting a hidden marker, a hidden piece diving or moving under water.
    pub(crate) fn is_hidden_move(&self, m: &Move) -> bool {
        let Some(rules) = &self.rules.layers else {
            return false;
        };
        let hidden_diver =
            |kind: crate::rules::Kind| rules.kinds[kind.index()].submerge.is_some_and(|s| s.hidden);
        match m.kind {
            MoveKind::Plant { marker } => rules.markers[marker as usize].hidden,
            MoveKind::Dive | MoveKind::Submerged => hidden_diver(m.piece.kind()),
            _ => false,
        }
    }
}
