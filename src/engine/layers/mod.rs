//! Layer games: what lies under the surface and on it besides pieces. The surface pieces stay
//! in the ordinary mailbox and bitboards; [`Layers`] adds submerged pieces, markers, each
//! piece's state and the sortie, behind one pointer so other games copy none of it.

mod make;
mod movegen;
mod view;

use crate::bitboard::{Bitboard, MAX_CELLS};
use crate::rules::layers::{LayerRules, PieceState, RemoteReach};
use crate::rules::{Color, Piece, Ruleset, Zobrist};

use super::Position;

/// Per-cell layer data of a position.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Layers {
    /// The submerged piece under each cell.
    pub(crate) under: [Option<Piece>; MAX_CELLS],
    /// Cells with a submerged piece, by colour.
    pub(crate) under_by_color: [Bitboard; 2],
    /// The marker type on each cell (0: none, else type + 1); its owner is in `marked`.
    pub(crate) marker: [u8; MAX_CELLS],
    /// Cells with a marker, by owner.
    pub(crate) marked: [Bitboard; 2],
    /// Cells whose marker blocks lines and paths.
    pub(crate) blocking: Bitboard,
    /// The state of the surface piece on each cell.
    pub(crate) state: [PieceState; MAX_CELLS],
    /// The state of the submerged piece under each cell.
    pub(crate) under_state: [PieceState; MAX_CELLS],
    /// Per side, the cell of the piece whose sortie is under way.
    pub(crate) sortie: [Option<u8>; 2],
    /// This data's part of the position's Zobrist key.
    pub(crate) key: u64,
}

impl Layers {
    pub(crate) fn new() -> Layers {
        Layers {
            under: [None; MAX_CELLS],
            under_by_color: [Bitboard::EMPTY; 2],
            marker: [0; MAX_CELLS],
            marked: [Bitboard::EMPTY; 2],
            blocking: Bitboard::EMPTY,
            state: [PieceState::default(); MAX_CELLS],
            under_state: [PieceState::default(); MAX_CELLS],
            sortie: [None; 2],
            key: 0,
        }
    }

    /// The marker on `cell`: its type and owner.
    pub(crate) fn marker_at(&self, cell: u8) -> Option<(u8, Color)> {
        let t = self.marker[cell as usize].checked_sub(1)?;
        let owner = if self.marked[0].has(cell) {
            Color::White
        } else {
            Color::Black
        };
        Some((t, owner))
    }

    pub(crate) fn set_marker(&mut self, rules: &LayerRules, cell: u8, ty: u8, owner: Color) {
        self.marker[cell as usize] = ty + 1;
        self.marked[owner.index()] = self.marked[owner.index()].with(cell);
        if rules.markers[ty as usize].blocks {
            self.blocking = self.blocking.with(cell);
        }
    }

    pub(crate) fn clear_marker(&mut self, cell: u8) {
        self.marker[cell as usize] = 0;
        for set in self.marked.iter_mut().chain([&mut self.blocking]) {
            *set = set.without(cell);
        }
    }

    pub(crate) fn put_under(&mut self, cell: u8, piece: Piece, state: PieceState) {
        self.under[cell as usize] = Some(piece);
        self.under_state[cell as usize] = state;
        let set = &mut self.under_by_color[piece.color().index()];
        *set = set.with(cell);
    }

    pub(crate) fn take_under(&mut self, cell: u8) -> Option<(Piece, PieceState)> {
        let piece = self.under[cell as usize].take()?;
        let set = &mut self.under_by_color[piece.color().index()];
        *set = set.without(cell);
        let state = std::mem::take(&mut self.under_state[cell as usize]);
        Some((piece, state))
    }

    /// The Zobrist key of this data given the surface pieces on `occupied`.
    fn compute_key(&self, z: &Zobrist, occupied: Bitboard) -> u64 {
        let mut key = 0;
        for cell in self.under_by_color[0] | self.under_by_color[1] {
            let piece = self.under[cell as usize].expect("set");
            key ^= z.layer(1, cell, u64::from(piece.byte()));
            key ^= z.layer(2, cell, u64::from(self.under_state[cell as usize].0));
        }
        for cell in self.marked[0] | self.marked[1] {
            let owner = u64::from(self.marked[1].has(cell));
            key ^= z.layer(3, cell, u64::from(self.marker[cell as usize]) << 1 | owner);
        }
        for cell in occupied {
            key ^= z.layer(4, cell, u64::from(self.state[cell as usize].0));
        }
        for (side, cell) in self.sortie.iter().enumerate() {
            if let Some(cell) = cell {
                key ^= z.layer(5 + side as u64, *cell, 0);
            }
        }
        key
    }
}

impl Position {
    /// The layer data (present exactly in layer games).
    pub(crate) fn layers(&self) -> &Layers {
        self.layers.as_deref().expect("a layer game")
    }

    pub(crate) fn layers_mut(&mut self) -> &mut Layers {
        self.layers.as_deref_mut().expect("a layer game")
    }

    /// Recomputes the layer data's part of the key after changes to it.
    pub(crate) fn refresh_layer_key(&mut self, z: &Zobrist) {
        let occupied = self.occupied();
        let l = self.layers_mut();
        let key = l.compute_key(z, occupied);
        let old = std::mem::replace(&mut l.key, key);
        self.hash ^= old ^ key;
    }
}

impl Ruleset {
    pub(crate) fn layer_rules(&self) -> &LayerRules {
        self.layers.as_ref().expect("a layer game")
    }

    /// Cells a submerged piece may move to: no submerged piece there, no barring marker, no
    /// barring piece on the surface.
    pub(crate) fn open_below(&self, pos: &Position) -> Bitboard {
        let rules = self.layer_rules();
        let l = pos.layers();
        let mut barred = l.under_by_color[0] | l.under_by_color[1];
        for cell in l.marked[0] | l.marked[1] {
            if rules.markers[l.marker[cell as usize] as usize - 1].bars_submerged {
                barred = barred.with(cell);
            }
        }
        for (kind, k) in rules.kinds.iter().enumerate() {
            if k.bars_submerged {
                barred |= pos.by_kind[kind];
            }
        }
        self.topology.all() & !barred
    }

    /// The occupancy that blocks the lines of submerged pieces: other submerged pieces and
    /// blocking markers.
    pub(crate) fn occupied_below(&self, pos: &Position) -> Bitboard {
        let l = pos.layers();
        l.under_by_color[0] | l.under_by_color[1] | l.blocking
    }

    /// The cells the remote capture `remote` of the piece of `kind` on `from` could hit (the
    /// first occupied cell of each line and the empty cells before it), given the occupancy.
    pub(crate) fn remote_reach(
        &self,
        pos: &Position,
        from: u8,
        kind: u8,
        remote: usize,
        occ: Bitboard,
    ) -> Bitboard {
        let l = pos.layers();
        let r = &self.layer_rules().kinds[kind as usize].remote[remote];
        let state = l.state[from as usize];
        if r.ammo.is_some_and(|slot| state.ammo(slot as usize) == 0) {
            return Bitboard::EMPTY;
        }
        match &r.reach {
            RemoteReach::Ring(cells) => cells[from as usize],
            RemoteReach::Lines { steps, facing } => {
                let color = pos.piece_at(from).expect("the shooter").color();
                let forward = if *facing {
                    state.facing()
                } else {
                    crate::rules::layers::Facing::forward(color)
                };
                let mut out = Bitboard::EMPTY;
                for &(dx, dy, most) in steps {
                    let (dx, dy) = forward.turn((dx, dy));
                    let mut cell = from;
                    for _ in 0..most {
                        let Some(next) = self.topology.offset(cell, dx.into(), dy.into()) else {
                            break;
                        };
                        out = out.with(next);
                        if occ.has(next) {
                            break;
                        }
                        cell = next;
                    }
                }
                out
            }
        }
    }

    /// Whether a piece of `by` attacks `cell` from a layer: a submerged piece by its
    /// movement, or a piece's remote capture. `occ` includes blocking markers.
    pub(crate) fn layer_attacked(
        &self,
        pos: &Position,
        occ: Bitboard,
        cell: u8,
        by: Color,
        kinds: u32,
    ) -> bool {
        let rules = self.layer_rules();
        let l = pos.layers();
        let below = self.occupied_below(pos);
        let from_below = l.under_by_color[by.index()].cells().any(|from| {
            let kind = l.under[from as usize].expect("set").kind();
            kinds >> kind & 1 != 0 && self.piece_reach(kind, from, by, below, false).1.has(cell)
        });
        from_below
            || rules.kinds.iter().enumerate().any(|(kind, k)| {
                kinds >> kind & 1 != 0
                    && !k.remote.is_empty()
                    && pos.pieces_of_kind(kind as u8, by).cells().any(|from| {
                        (0..k.remote.len())
                            .any(|r| self.remote_reach(pos, from, kind as u8, r, occ).has(cell))
                    })
            })
    }

    /// Sets up the layer data of a layer game from a placement: start states for every piece.
    pub(crate) fn place_layers(
        &self,
        pos: &mut Position,
        under: &[(u8, Piece)],
        markers: &[(u8, u8, Color)],
    ) {
        let rules = self.layer_rules();
        let mut l = Layers::new();
        for cell in pos.occupied() {
            let p = pos.piece_at(cell).expect("occupied");
            l.state[cell as usize] = rules.start_state(p.kind(), p.color());
        }
        for &(cell, piece) in under {
            l.put_under(cell, piece, rules.start_state(piece.kind(), piece.color()));
        }
        for &(cell, ty, owner) in markers {
            l.set_marker(rules, cell, ty, owner);
        }
        pos.layers = Some(Box::new(l));
        pos.refresh_layer_key(&self.zobrist);
    }
}
