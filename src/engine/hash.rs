//! The Zobrist key computed from scratch, to check the key kept up to date move by move.

use crate::rules::{Color, Kind, Piece};

use super::effects::{TAG_MARKER, TAG_SORTIE, TAG_STATE, TAG_UNDER, TAG_UNDER_STATE, TAG_WALL};
use super::Engine;
use crate::rules::position::{Pos, UNSET};

impl<const W: usize> Engine<'_, W> {
    /// The key of `pos` computed from its contents alone.
    pub(crate) fn hash_from_scratch(&self, pos: &Pos<W>) -> u64 {
        let z = &self.rules.zobrist;
        let (st, x) = (&pos.st, &pos.extra);
        let mut key = 0;
        for cell in self.rules.topology.cells() {
            let slot = pos.slots[cell.index()];
            if let Some(p) = slot.piece {
                key ^= z.piece(p, cell) ^ z.layer(TAG_STATE, cell, slot.state.0.into());
            }
            key ^= z.crew(cell, slot.crew);
            if let Some(p) = slot.under {
                key ^= z.layer(TAG_UNDER, cell, p.byte().into())
                    ^ z.layer(TAG_UNDER_STATE, cell, slot.under_state.0.into());
            }
            if slot.marker != 0 {
                let owner = u64::from(x.marked[1].has(cell));
                key ^= z.layer(TAG_MARKER, cell, u64::from(slot.marker) << 1 | owner);
            }
        }
        for cell in pos.walls() {
            key ^= z.layer(TAG_WALL, cell, 1);
        }
        for cell in st.unmoved {
            key ^= z.unmoved(cell);
        }
        for cell in st.ep_targets {
            key ^= z.en_passant(cell);
        }
        if st.side == Color::Black {
            key ^= z.black_to_move;
        }
        if x.counterstrike {
            key ^= z.counterstrike;
        }
        key ^= z.undo_ban(x.undo_ban);
        for side in Color::BOTH {
            if let Some(cell) = x.sortie[side.index()] {
                key ^= z.layer(TAG_SORTIE + side.index() as u64, cell, 1);
            }
        }
        for side in Color::BOTH {
            for (k, &n) in pos.hand[side.index()].iter().enumerate() {
                key ^= z.hand(Piece::new(Kind::new(k as u8), side), n);
            }
        }
        for side in Color::BOTH {
            key ^= z.checks(side, x.checks[side.index()]);
        }
        for (i, values) in x.params.iter().enumerate() {
            for side in Color::BOTH {
                let v = values[side.index()];
                if v != UNSET {
                    key ^= z.parameter(i, side, v);
                }
            }
        }
        key
    }
}
