//! Where a move is made: in place with an undo log, or as a trial that leaves the position
//! untouched. Both go through the same effects (`effects`) and the same make path (`make`).

use crate::types::bitboard::Cell;

use crate::rules::position::{Hand, Pos, Sets, Slot, St};
use crate::types::bitboard::Bits;

/// Read access to a position's sets and slots: a position, or one with a move made or tried.
pub(crate) trait View<const W: usize> {
    fn st(&self) -> &St<W>;
    fn sets(&self) -> &Sets<W>;
    fn hand(&self) -> &Hand;
    fn slot(&self, cell: Cell) -> Slot;
}

/// Write access too, while a move is made.
pub(crate) trait Board<const W: usize>: View<W> {
    fn st_mut(&mut self) -> &mut St<W>;
    /// Sets the cells of `color`'s pieces of kind `kind` (indices).
    fn set_pieces(&mut self, color: usize, kind: usize, cells: Bits<W>);
    fn set_slot(&mut self, cell: Cell, slot: Slot);
    /// Sets how many pieces of `kind` `color` holds in hand (indices).
    fn set_held(&mut self, color: usize, kind: usize, count: u8);
}

impl<const W: usize> View<W> for Pos<W> {
    #[inline]
    fn st(&self) -> &St<W> {
        &self.st
    }

    #[inline]
    fn sets(&self) -> &Sets<W> {
        &self.sets
    }

    #[inline]
    fn hand(&self) -> &Hand {
        &self.hand
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Slot {
        self.slots[cell.index()]
    }
}

impl<const W: usize> View<W> for Box<Pos<W>> {
    #[inline]
    fn st(&self) -> &St<W> {
        (**self).st()
    }

    #[inline]
    fn sets(&self) -> &Sets<W> {
        (**self).sets()
    }

    #[inline]
    fn hand(&self) -> &Hand {
        (**self).hand()
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Slot {
        (**self).slot(cell)
    }
}

/// What a made move changed besides the game state, to put it back: piece sets
/// (`(color, kind, old cells)`), slots (`(cell, old slot)`) and counts in hand
/// (`(color, kind, old count)`).
#[derive(Debug, Clone, Default)]
pub(crate) struct Log<const W: usize> {
    sets: Vec<(u8, u8, Bits<W>)>,
    slots: Vec<(Cell, Slot)>,
    held: Vec<(u8, u8, u8)>,
}

/// A position changed in place, each change logged so the move can be unmade.
pub(crate) struct Logged<'a, const W: usize> {
    pub(crate) pos: &'a mut Pos<W>,
    pub(crate) log: &'a mut Log<W>,
}

impl<const W: usize> View<W> for Logged<'_, W> {
    #[inline]
    fn st(&self) -> &St<W> {
        &self.pos.st
    }

    #[inline]
    fn sets(&self) -> &Sets<W> {
        &self.pos.sets
    }

    #[inline]
    fn hand(&self) -> &Hand {
        &self.pos.hand
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Slot {
        self.pos.slots[cell.index()]
    }
}

impl<const W: usize> Board<W> for Logged<'_, W> {
    #[inline]
    fn st_mut(&mut self) -> &mut St<W> {
        &mut self.pos.st
    }

    #[inline]
    fn set_pieces(&mut self, color: usize, kind: usize, cells: Bits<W>) {
        let old = std::mem::replace(&mut self.pos.sets.0[color][kind], cells);
        self.log.sets.push((color as u8, kind as u8, old));
    }

    #[inline]
    fn set_slot(&mut self, cell: Cell, slot: Slot) {
        let old = std::mem::replace(&mut self.pos.slots[cell.index()], slot);
        self.log.slots.push((cell, old));
    }

    #[inline]
    fn set_held(&mut self, color: usize, kind: usize, count: u8) {
        let old = std::mem::replace(&mut self.pos.hand[color][kind], count);
        self.log.held.push((color as u8, kind as u8, old));
    }
}

/// The most slot changes a trial keeps inline; more go to a heap list, which no bundled game
/// needs.
const INLINE_WRITES: usize = 8;

/// A move tried on a copy of the sets and an overlay of the slots: the position itself is
/// not changed, so legality is tested on a shared position.
pub(crate) struct Trial<'a, const W: usize> {
    pub(crate) st: St<W>,
    pub(crate) sets: Sets<W>,
    hand: Hand,
    base: &'a [Slot],
    writes: [(Cell, Slot); INLINE_WRITES],
    count: usize,
    spill: Vec<(Cell, Slot)>,
}

impl<'a, const W: usize> Trial<'a, W> {
    pub(crate) fn new(pos: &'a Pos<W>) -> Trial<'a, W> {
        Trial {
            st: pos.st,
            sets: pos.sets,
            hand: pos.hand,
            base: &pos.slots,
            writes: [(Cell::new(0), Slot::default()); INLINE_WRITES],
            count: 0,
            spill: Vec::new(),
        }
    }
}

impl<const W: usize> View<W> for Trial<'_, W> {
    #[inline]
    fn st(&self) -> &St<W> {
        &self.st
    }

    #[inline]
    fn sets(&self) -> &Sets<W> {
        &self.sets
    }

    #[inline]
    fn hand(&self) -> &Hand {
        &self.hand
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Slot {
        if let Some((_, s)) = self.spill.iter().rev().find(|(c, _)| *c == cell) {
            return *s;
        }
        match self.writes[..self.count]
            .iter()
            .rev()
            .find(|(c, _)| *c == cell)
        {
            Some((_, s)) => *s,
            None => self.base[cell.index()],
        }
    }
}

impl<const W: usize> Board<W> for Trial<'_, W> {
    #[inline]
    fn st_mut(&mut self) -> &mut St<W> {
        &mut self.st
    }

    #[inline]
    fn set_pieces(&mut self, color: usize, kind: usize, cells: Bits<W>) {
        self.sets.0[color][kind] = cells;
    }

    #[inline]
    fn set_slot(&mut self, cell: Cell, slot: Slot) {
        if let Some(w) = self.writes[..self.count]
            .iter_mut()
            .find(|(c, _)| *c == cell)
        {
            w.1 = slot;
        } else if self.count < INLINE_WRITES {
            self.writes[self.count] = (cell, slot);
            self.count += 1;
        } else {
            self.spill.push((cell, slot));
        }
    }

    #[inline]
    fn set_held(&mut self, color: usize, kind: usize, count: u8) {
        self.hand[color][kind] = count;
    }
}

/// The saved state of made moves, to unmake them: per move the game state before it and
/// where its changes start in the log (set, slot and hand entries). Reused across moves, it
/// allocates only while it grows to the deepest line played.
#[derive(Debug, Clone, Default)]
pub(crate) struct Undo<const W: usize> {
    frames: Vec<(St<W>, [u32; 3])>,
    log: Log<W>,
}

impl<const W: usize> Undo<W> {
    pub(crate) fn with_depth(depth: usize) -> Undo<W> {
        Undo {
            frames: Vec::with_capacity(depth),
            log: Log {
                sets: Vec::with_capacity(depth * 4),
                slots: Vec::with_capacity(depth * 8),
                held: Vec::new(),
            },
        }
    }

    /// Saves `pos` before a move and returns the board to make it on.
    pub(crate) fn begin<'a>(&'a mut self, pos: &'a mut Pos<W>) -> Logged<'a, W> {
        // A log longer than u32::MAX entries would need more memory than any game's depth.
        let at = [
            self.log.sets.len(),
            self.log.slots.len(),
            self.log.held.len(),
        ]
        .map(|n| n as u32);
        self.frames.push((pos.st, at));
        Logged {
            pos,
            log: &mut self.log,
        }
    }

    /// Puts `pos` back as it was before the last move begun; false when there is none.
    pub(crate) fn restore(&mut self, pos: &mut Pos<W>) -> bool {
        let Some((st, [sets, slots, held])) = self.frames.pop() else {
            return false;
        };
        // Only games with hands log counts in hand.
        if self.log.held.len() > held as usize {
            for (color, kind, count) in self.log.held.drain(held as usize..).rev() {
                pos.hand[color as usize][kind as usize] = count;
            }
        }
        for (color, kind, cells) in self.log.sets.drain(sets as usize..).rev() {
            pos.sets.0[color as usize][kind as usize] = cells;
        }
        for (cell, slot) in self.log.slots.drain(slots as usize..).rev() {
            pos.slots[cell.index()] = slot;
        }
        pos.st = st;
        true
    }

    /// How many moves can be unmade.
    pub(crate) fn depth(&self) -> usize {
        self.frames.len()
    }
}
