//! What one side may see of a layer game's position: the opponent's hidden markers and
//! submerged pieces removed, its hidden ammunition counts shown full.

use crate::engine::{Move, MoveKind, Position};
use crate::rules::{Color, Ruleset};

impl Ruleset {
    /// `pos` as `side` sees it. In games without hidden parts, `pos` itself.
    pub fn redact(&self, pos: &Position, side: Color) -> Position {
        let mut view = pos.clone();
        let Some(rules) = &self.layers else {
            return view;
        };
        let them = side.opponent();
        let l = view.layers_mut();
        for cell in l.marked[them.index()] {
            let ty = l.marker[cell as usize] - 1;
            if rules.markers[ty as usize].hidden {
                l.clear_marker(cell);
            }
        }
        for cell in l.under_by_color[them.index()] {
            let kind = l.under[cell as usize].expect("set").kind();
            if rules.kinds[kind as usize]
                .submerge
                .is_some_and(|s| s.hidden)
            {
                l.take_under(cell);
            }
        }
        for cell in pos.pieces_of(them) {
            let kind = pos.piece_at(cell).expect("occupied").kind();
            let l = view.layers_mut();
            let mut state = l.state[cell as usize];
            for (slot, a) in rules.kinds[kind as usize].ammo.iter().enumerate() {
                if a.hidden {
                    state = state.with_ammo(slot, a.count);
                }
            }
            l.state[cell as usize] = state;
        }
        view.refresh_layer_key(&self.zobrist);
        view
    }

    /// Whether the opponent of the side that made `m` in `pos` sees no more of it than that a
    /// hidden move was made: planting a hidden marker, a hidden piece diving or moving under
    /// water.
    pub fn is_hidden_move(&self, pos: &Position, m: Move) -> bool {
        let Some(rules) = &self.layers else {
            return false;
        };
        let hidden_diver = |piece: Option<crate::Piece>| {
            piece.is_some_and(|p| {
                rules.kinds[p.kind() as usize]
                    .submerge
                    .is_some_and(|s| s.hidden)
            })
        };
        match m.kind {
            MoveKind::Plant { marker } => rules.markers[marker as usize].hidden,
            MoveKind::Dive => hidden_diver(pos.piece_at(m.from)),
            MoveKind::Submerged => hidden_diver(pos.layers().under[m.from as usize]),
            _ => false,
        }
    }
}
