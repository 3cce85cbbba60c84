//! The primitive effects every move is made of. Each keeps the cell sets, the slots and the
//! Zobrist key in step, on any [`Board`]: the position itself or a trial.
//!
//! What each changes in the key, and how it can expose a royal piece of the side that moves
//! (the legality filter in `safety` decides from this table which moves need a trial):
//!
//! | effect | key | can expose a royal piece |
//! |---|---|---|
//! | [`put`](Engine::put) a piece | the piece on the cell, its state | against screens (a hopper's hurdle); an enemy piece put is a new attacker; a royal piece put may be attacked there |
//! | [`lift`](Engine::lift) a piece | same, and its unmoved mark | its cell stops blocking: lines and paths through it open (a critical cell); lifting a royal piece |
//! | [`set_crew`](Engine::set_crew) | the container and crew word | as a lift when the cell loses its last piece, as a put for pieces that arrive |
//! | [`put_under`](Engine::put_under), [`take_under`](Engine::take_under) | the submerged piece and its state | only through the submerged layer's own lines |
//! | [`set_marker`](Engine::set_marker), [`clear_marker`](Engine::clear_marker) | the marker and owner | clearing a blocking marker opens its cell |
//! | [`put_wall`](Engine::put_wall) | the walls (the old ones too, when only the last stays) | never: no royal piece plays beside walls |
//! | [`set_state`](Engine::set_state) | the state | a shooter's facing or ammunition decides what it attacks |
//! | [`set_en_passant`], [`set_side`], [`set_undo_ban`], [`set_sortie`], [`set_unmoved`], [`set_hand`] | their own keys | never |

use crate::rules::containers::Crew;
use crate::rules::layers::PieceState;
use crate::rules::{Color, Piece, Zobrist};
use crate::types::bitboard::{Bits, Cell};

use super::board::{Board, PieceSets};
use super::Engine;
use crate::rules::position::{Extra, St};

/// Key tags of layer content (see [`Zobrist::layer`]).
pub(crate) const TAG_UNDER: u64 = 1;
pub(crate) const TAG_UNDER_STATE: u64 = 2;
pub(crate) const TAG_MARKER: u64 = 3;
pub(crate) const TAG_STATE: u64 = 4;
pub(crate) const TAG_SORTIE: u64 = 5;
/// After the two sortie tags.
pub(crate) const TAG_WALL: u64 = 7;

impl<const W: usize> Engine<'_, W> {
    /// Puts `piece` with `state` on the surface of `cell`, which has no surface piece.
    #[inline]
    pub(crate) fn put(&self, b: &mut impl Board<W>, cell: Cell, piece: Piece, state: PieceState) {
        let z = &self.rules.zobrist;
        let mut slot = b.slot(cell);
        debug_assert!(slot.piece.is_none(), "a piece on {cell:?} already");
        slot.piece = Some(piece);
        slot.state = state;
        b.set_slot(cell, slot);
        let c = piece.color().index();
        b.set_pieces(piece, b.sets().of(piece.color(), piece.kind()).with(cell));
        let st = b.st_mut();
        st.by_color[c] = st.by_color[c].with(cell);
        st.hash ^= z.piece(piece, cell) ^ z.layer(TAG_STATE, cell, state.0.into());
    }

    /// Takes the surface piece off `cell`, with its state; the cell loses its unmoved mark.
    #[inline]
    pub(crate) fn lift(&self, b: &mut impl Board<W>, cell: Cell) -> Option<(Piece, PieceState)> {
        let z = &self.rules.zobrist;
        let mut slot = b.slot(cell);
        let piece = slot.piece.take()?;
        let state = std::mem::take(&mut slot.state);
        b.set_slot(cell, slot);
        let c = piece.color().index();
        b.set_pieces(
            piece,
            b.sets().of(piece.color(), piece.kind()).without(cell),
        );
        let st = b.st_mut();
        st.by_color[c] = st.by_color[c].without(cell);
        st.hash ^= z.piece(piece, cell) ^ z.layer(TAG_STATE, cell, state.0.into());
        if st.unmoved.has(cell) {
            st.unmoved = st.unmoved.without(cell);
            st.hash ^= z.unmoved(cell);
        }
        Some((piece, state))
    }

    /// Sets the state of the surface piece on `cell`.
    pub(crate) fn set_state(&self, b: &mut impl Board<W>, cell: Cell, state: PieceState) {
        let mut slot = b.slot(cell);
        if slot.state == state {
            return;
        }
        let z = &self.rules.zobrist;
        let old = std::mem::replace(&mut slot.state, state);
        b.set_slot(cell, slot);
        b.st_mut().hash ^=
            z.layer(TAG_STATE, cell, old.0.into()) ^ z.layer(TAG_STATE, cell, state.0.into());
    }

    /// Replaces what stands on a cell of a container game: no container, or a container and
    /// its crew. The cell sets follow the crew (a cell may hold both colours).
    pub(crate) fn set_crew(&self, b: &mut impl Board<W>, cell: Cell, crew: Crew) {
        let mut slot = b.slot(cell);
        let old = std::mem::replace(&mut slot.crew, crew);
        if old == crew {
            return;
        }
        b.set_slot(cell, slot);
        let z = &self.rules.zobrist;
        for color in Color::BOTH {
            let c = color.index();
            let (before, after) = (old.kinds_of(color), crew.kinds_of(color));
            for k in crate::rules::KindSet(before.0 ^ after.0).iter() {
                let cells = b.sets().of(color, k);
                let cells = if after.has(k) {
                    cells.with(cell)
                } else {
                    cells.without(cell)
                };
                b.set_pieces(Piece::new(k, color), cells);
            }
            let st = b.st_mut();
            st.by_color[c] = if after.is_empty() {
                st.by_color[c].without(cell)
            } else {
                st.by_color[c].with(cell)
            };
        }
        // A crew changing aboard a container that stays leaves the extra state unsaved.
        if b.extra().containers.has(cell) != crew.is_container() {
            let x = b.extra_mut().1;
            x.containers = if crew.is_container() {
                x.containers.with(cell)
            } else {
                x.containers.without(cell)
            };
        }
        b.st_mut().hash ^= z.crew(cell, old) ^ z.crew(cell, crew);
    }

    /// Puts `piece` with `state` under `cell`, which has no submerged piece.
    pub(crate) fn put_under(
        &self,
        b: &mut impl Board<W>,
        cell: Cell,
        piece: Piece,
        state: PieceState,
    ) {
        let z = &self.rules.zobrist;
        let mut slot = b.slot(cell);
        debug_assert!(slot.under.is_none());
        slot.under = Some(piece);
        slot.under_state = state;
        b.set_slot(cell, slot);
        let (st, x) = b.extra_mut();
        let c = piece.color().index();
        x.under[c] = x.under[c].with(cell);
        st.hash ^= z.layer(TAG_UNDER, cell, piece.byte().into())
            ^ z.layer(TAG_UNDER_STATE, cell, state.0.into());
    }

    /// Takes the submerged piece from under `cell`, with its state.
    pub(crate) fn take_under(
        &self,
        b: &mut impl Board<W>,
        cell: Cell,
    ) -> Option<(Piece, PieceState)> {
        let z = &self.rules.zobrist;
        let mut slot = b.slot(cell);
        let piece = slot.under.take()?;
        let state = std::mem::take(&mut slot.under_state);
        b.set_slot(cell, slot);
        let (st, x) = b.extra_mut();
        let c = piece.color().index();
        x.under[c] = x.under[c].without(cell);
        st.hash ^= z.layer(TAG_UNDER, cell, piece.byte().into())
            ^ z.layer(TAG_UNDER_STATE, cell, state.0.into());
        Some((piece, state))
    }

    /// Sets the state of the submerged piece under `cell`.
    pub(crate) fn set_under_state(&self, b: &mut impl Board<W>, cell: Cell, state: PieceState) {
        let mut slot = b.slot(cell);
        if slot.under_state == state {
            return;
        }
        let z = &self.rules.zobrist;
        let old = std::mem::replace(&mut slot.under_state, state);
        b.set_slot(cell, slot);
        b.st_mut().hash ^= z.layer(TAG_UNDER_STATE, cell, old.0.into())
            ^ z.layer(TAG_UNDER_STATE, cell, state.0.into());
    }

    /// Puts a marker of type `ty` owned by `owner` on `cell`, which has none.
    pub(crate) fn set_marker(&self, b: &mut impl Board<W>, cell: Cell, ty: u8, owner: Color) {
        let blocks = self
            .rules
            .layers
            .as_ref()
            .is_some_and(|l| l.markers[ty as usize].blocks);
        let mut slot = b.slot(cell);
        slot.marker = ty + 1;
        b.set_slot(cell, slot);
        let z = &self.rules.zobrist;
        let (st, x) = b.extra_mut();
        x.marked[owner.index()] = x.marked[owner.index()].with(cell);
        if blocks {
            st.blocking = st.blocking.with(cell);
        }
        st.hash ^= marker_key(z, cell, ty, owner);
    }

    /// Takes the marker off `cell`.
    pub(crate) fn clear_marker(&self, b: &mut impl Board<W>, cell: Cell) {
        let mut slot = b.slot(cell);
        let Some(ty) = slot.marker.checked_sub(1) else {
            return;
        };
        slot.marker = 0;
        b.set_slot(cell, slot);
        let z = &self.rules.zobrist;
        let (st, x) = b.extra_mut();
        let owner = if x.marked[0].has(cell) {
            Color::White
        } else {
            Color::Black
        };
        x.marked[owner.index()] = x.marked[owner.index()].without(cell);
        st.blocking = st.blocking.without(cell);
        st.hash ^= marker_key(z, cell, ty, owner);
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Puts a wall on the empty `cell`; under `keep: last` the earlier walls go.
    pub(crate) fn put_wall(&self, b: &mut impl Board<W>, cell: Cell, keep_last: bool) {
        let z = &self.rules.zobrist;
        let old = b.walls();
        let st = b.st_mut();
        if keep_last {
            for cell in old {
                st.hash ^= z.layer(TAG_WALL, cell, 1);
            }
            st.blocking &= !old;
        }
        st.blocking = st.blocking.with(cell);
        st.hash ^= z.layer(TAG_WALL, cell, 1);
    }
}

fn marker_key(z: &Zobrist, cell: Cell, ty: u8, owner: Color) -> u64 {
    z.layer(
        TAG_MARKER,
        cell,
        u64::from(ty + 1) << 1 | owner.index() as u64,
    )
}

/// Sets the unmoved pieces that matter.
pub(crate) fn set_unmoved<const W: usize>(st: &mut St<W>, z: &Zobrist, unmoved: Bits<W>) {
    for cell in st.unmoved ^ unmoved {
        st.hash ^= z.unmoved(cell);
    }
    st.unmoved = unmoved;
}

/// Sets the en passant targets and the piece such a capture removes.
pub(crate) fn set_en_passant<const W: usize>(
    st: &mut St<W>,
    z: &Zobrist,
    targets: Bits<W>,
    victim: Option<Cell>,
) {
    for cell in st.ep_targets ^ targets {
        st.hash ^= z.en_passant(cell);
    }
    st.ep_targets = targets;
    st.ep_victim = victim;
}

/// Sets the side to move.
pub(crate) fn set_side<const W: usize>(st: &mut St<W>, z: &Zobrist, side: Color) {
    if st.side != side {
        st.hash ^= z.black_to_move;
    }
    st.side = side;
}

/// Sets the container move the side to move may not reverse.
pub(crate) fn set_undo_ban<const W: usize>(
    (st, x): (&mut St<W>, &mut Extra<W>),
    z: &Zobrist,
    ban: Option<(Cell, Cell)>,
) {
    st.hash ^= z.undo_ban(x.undo_ban) ^ z.undo_ban(ban);
    x.undo_ban = ban;
}

/// Sets the cell of `side`'s piece whose sortie is under way.
pub(crate) fn set_sortie<const W: usize>(
    (st, x): (&mut St<W>, &mut Extra<W>),
    z: &Zobrist,
    side: Color,
    cell: Option<Cell>,
) {
    let tag = TAG_SORTIE + side.index() as u64;
    if let Some(old) = x.sortie[side.index()] {
        st.hash ^= z.layer(tag, old, 1);
    }
    if let Some(new) = cell {
        st.hash ^= z.layer(tag, new, 1);
    }
    x.sortie[side.index()] = cell;
}

/// Sets game parameter `index` of `side` (a kind or a cell number, or `UNSET`).
pub(crate) fn set_parameter<const W: usize>(
    (st, x): (&mut St<W>, &mut Extra<W>),
    z: &Zobrist,
    index: usize,
    side: Color,
    value: u8,
) {
    let old = x.params[index][side.index()];
    if old != crate::rules::position::UNSET {
        st.hash ^= z.parameter(index, side, old);
    }
    if value != crate::rules::position::UNSET {
        st.hash ^= z.parameter(index, side, value);
    }
    x.params[index][side.index()] = value;
}

/// Sets how many pieces like `piece` its side holds in hand.
pub(crate) fn set_hand<const W: usize>(
    b: &mut impl Board<W>,
    z: &Zobrist,
    piece: Piece,
    count: u8,
) {
    let old = b.held(piece);
    b.st_mut().hash ^= z.hand(piece, old) ^ z.hand(piece, count);
    b.set_held(piece, count);
}
