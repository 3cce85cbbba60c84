//! What one side may see of a position with hidden parts: the opponent's hidden markers and
//! submerged pieces removed, its hidden ammunition counts shown full; and positions that the
//! side cannot tell from the truth (determinization, for the search).

use rand::Rng;

use crate::rules::{Color, Kind, Piece};
use crate::types::bitboard::{Bits, Cell};

use super::board::{Log, Logged};
use super::{Engine, Move, MoveKind};
use crate::rules::position::Pos;

/// What a side knows exists but cannot see: how many of the opponent's hidden pieces are
/// submerged, by kind, and how many of its hidden markers lie on the board, by type.
///
/// See the example of [`crate::Ruleset::redact`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unseen {
    /// `(kind, count)` of the opponent's hidden submerged pieces.
    pub submerged: Vec<(Kind, u32)>,
    /// `(marker type index, count)` of the opponent's hidden markers.
    pub markers: Vec<(u8, u32)>,
}

impl Unseen {
    /// Whether nothing is hidden.
    pub(crate) fn is_empty(&self) -> bool {
        self.submerged.is_empty() && self.markers.is_empty()
    }
}

impl<const W: usize> Engine<'_, W> {
    /// What `side` does not see of `pos`, counted.
    pub(crate) fn unseen(&self, pos: &Pos<W>, side: Color) -> Unseen {
        let mut unseen = Unseen::default();
        let Some(rules) = &self.rules.layers else {
            return unseen;
        };
        let them = side.opponent();
        for cell in pos.extra.under[them.index()] {
            let Some(p) = pos.slots[cell.index()].under else {
                continue;
            };
            if rules.kinds[p.kind().index()]
                .submerge
                .is_some_and(|s| s.hidden)
            {
                bump(&mut unseen.submerged, p.kind());
            }
        }
        for cell in pos.extra.marked[them.index()] {
            let ty = pos.slots[cell.index()].marker.saturating_sub(1);
            if rules.markers[ty as usize].hidden {
                bump(&mut unseen.markers, ty);
            }
        }
        unseen
    }

    /// A position `side` cannot tell from `view` (its view of the truth): `unseen`'s pieces
    /// and markers of the opponent put on cells drawn at random where they could be. A
    /// submerged piece goes under a cell without a submerged piece or a marker; a marker on
    /// a cell without a marker, a piece of `side` or a submerged piece of `side`. Submerged
    /// pieces get their start state.
    pub(crate) fn determinize(
        &self,
        view: &Pos<W>,
        side: Color,
        unseen: &Unseen,
        rng: &mut impl Rng,
    ) -> Pos<W> {
        let mut pos = view.clone();
        let Some(rules) = &self.rules.layers else {
            return pos;
        };
        let them = side.opponent();
        let mut log = Log::default();
        let mut b = Logged::new(&mut pos, &mut log);
        let all: Bits<W> = self.rules.topology.all().resize();
        for &(kind, count) in &unseen.submerged {
            let x = &b.pos.extra;
            let taken = x.under[0] | x.under[1] | x.marked[0] | x.marked[1];
            for cell in draw(all & !taken, count, rng) {
                let state = rules.start_state(kind, them);
                self.put_under(&mut b, cell, Piece::new(kind, them), state);
            }
        }
        for &(ty, count) in &unseen.markers {
            let x = &b.pos.extra;
            let taken =
                x.marked[0] | x.marked[1] | b.pos.st.by_color[side.index()] | x.under[side.index()];
            for cell in draw(all & !taken, count, rng) {
                self.set_marker(&mut b, cell, ty, them);
            }
        }
        pos
    }

    /// `pos` as `side` sees it. In games without hidden parts, `pos` itself.
    pub(crate) fn redact(&self, pos: &Pos<W>, side: Color) -> Pos<W> {
        let mut view = pos.clone();
        let Some(rules) = &self.rules.layers else {
            return view;
        };
        let them = side.opponent();
        let mut log = Log::default();
        let mut b = Logged::new(&mut view, &mut log);
        for cell in pos.extra.marked[them.index()] {
            let ty = pos.slots[cell.index()].marker.saturating_sub(1);
            if rules.markers[ty as usize].hidden {
                self.clear_marker(&mut b, cell);
            }
        }
        for cell in pos.extra.under[them.index()] {
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

fn bump<T: PartialEq>(counts: &mut Vec<(T, u32)>, item: T) {
    match counts.iter_mut().find(|(t, _)| *t == item) {
        Some((_, n)) => *n += 1,
        None => counts.push((item, 1)),
    }
}

/// `count` cells of `from` drawn at random without repeats (all of them if it has fewer).
fn draw<const W: usize>(from: Bits<W>, count: u32, rng: &mut impl Rng) -> Vec<Cell> {
    let mut cells: Vec<Cell> = from.cells().collect();
    let n = (count as usize).min(cells.len());
    for i in 0..n {
        let j = rng.random_range(i..cells.len());
        cells.swap(i, j);
    }
    cells.truncate(n);
    cells
}
