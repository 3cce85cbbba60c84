//! Where a move is made: in place with an undo log, or as a trial that leaves the position
//! untouched. Both go through the same effects (`effects`) and the same make path (`make`).

use crate::rules::position::{Extra, Pos, Sets, Slot, St};
use crate::rules::{Color, Kind, KindSet, Piece};
use crate::types::bitboard::{Bits, Cell};

use super::overlay::Overlay;

/// The piece sets of a view: the cells of each colour and kind on the surface.
pub(crate) trait PieceSets<const W: usize>: Copy {
    /// Cells holding a piece of `kind` and `color`.
    fn of(self, color: Color, kind: Kind) -> Bits<W>;
    /// Cells holding a piece of `color` of any kind in `kinds`.
    fn of_kinds(self, color: Color, kinds: KindSet) -> Bits<W>;
}

impl<const W: usize> PieceSets<W> for &Sets<W> {
    #[inline]
    fn of(self, color: Color, kind: Kind) -> Bits<W> {
        Sets::of(self, color, kind)
    }

    #[inline]
    fn of_kinds(self, color: Color, kinds: KindSet) -> Bits<W> {
        Sets::of_kinds(self, color, kinds)
    }
}

/// Read access to a position's sets and slots: a position, or one with a move made or tried.
pub(crate) trait View<const W: usize> {
    /// How its piece sets are read.
    type Sets<'s>: PieceSets<W>
    where
        Self: 's;
    fn st(&self) -> &St<W>;
    fn extra(&self) -> &Extra<W>;
    fn sets(&self) -> Self::Sets<'_>;
    /// How many pieces like `piece` its side holds in hand.
    fn held(&self, piece: Piece) -> u8;
    fn slot(&self, cell: Cell) -> Slot;

    /// The walls ([`Extra::walls`]).
    #[inline]
    fn walls(&self) -> Bits<W> {
        self.extra().walls(self.st().blocking)
    }

    /// What stops lines and paths below the surface ([`Extra::blockers_below`]).
    #[inline]
    fn blockers_below(&self) -> Bits<W> {
        self.extra().blockers_below(self.st().blocking)
    }
}

/// Write access too, while a move is made.
pub(crate) trait Board<const W: usize>: View<W> {
    fn st_mut(&mut self) -> &mut St<W>;
    /// The state and the extra state, to change the extra state (and the key with it).
    fn extra_mut(&mut self) -> (&mut St<W>, &mut Extra<W>);
    /// Sets the cells of the pieces like `piece`.
    fn set_pieces(&mut self, piece: Piece, cells: Bits<W>);
    fn set_slot(&mut self, cell: Cell, slot: Slot);
    /// Sets how many pieces like `piece` its side holds in hand.
    fn set_held(&mut self, piece: Piece, count: u8);
}

impl<const W: usize> View<W> for Pos<W> {
    type Sets<'s> = &'s Sets<W>;

    #[inline]
    fn st(&self) -> &St<W> {
        &self.st
    }

    #[inline]
    fn extra(&self) -> &Extra<W> {
        &self.extra
    }

    #[inline]
    fn sets(&self) -> &Sets<W> {
        &self.sets
    }

    #[inline]
    fn held(&self, piece: Piece) -> u8 {
        self.hand[piece.color().index()][piece.kind().index()]
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Slot {
        self.slots[cell.index()]
    }
}

impl<const W: usize> View<W> for Box<Pos<W>> {
    type Sets<'s> = &'s Sets<W>;

    #[inline]
    fn st(&self) -> &St<W> {
        (**self).st()
    }

    #[inline]
    fn extra(&self) -> &Extra<W> {
        (**self).extra()
    }

    #[inline]
    fn sets(&self) -> &Sets<W> {
        (**self).sets()
    }

    #[inline]
    fn held(&self, piece: Piece) -> u8 {
        (**self).held(piece)
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Slot {
        (**self).slot(cell)
    }
}

/// What a made move changed besides the game state, to put it back: piece sets
/// (`(piece, old cells)`), slots (`(cell, old slot)`), counts in hand
/// (`(piece, old count)`) and the extra state (at most once per move).
#[derive(Debug, Clone, Default)]
pub(crate) struct Log<const W: usize> {
    sets: Vec<(Piece, Bits<W>)>,
    slots: Vec<(Cell, Slot)>,
    held: Vec<(Piece, u8)>,
    extra: Vec<Extra<W>>,
}

/// A position changed in place, each change logged so the move can be unmade.
pub(crate) struct Logged<'a, const W: usize> {
    pub(crate) pos: &'a mut Pos<W>,
    log: &'a mut Log<W>,
    /// The extra state before the move is in the log.
    extra_saved: bool,
}

impl<'a, const W: usize> Logged<'a, W> {
    /// `pos`, its changes logged in `log`.
    pub(crate) fn new(pos: &'a mut Pos<W>, log: &'a mut Log<W>) -> Logged<'a, W> {
        Logged {
            pos,
            log,
            extra_saved: false,
        }
    }
}

impl<const W: usize> View<W> for Logged<'_, W> {
    type Sets<'s>
        = &'s Sets<W>
    where
        Self: 's;

    #[inline]
    fn st(&self) -> &St<W> {
        &self.pos.st
    }

    #[inline]
    fn extra(&self) -> &Extra<W> {
        &self.pos.extra
    }

    #[inline]
    fn sets(&self) -> &Sets<W> {
        &self.pos.sets
    }

    #[inline]
    fn held(&self, piece: Piece) -> u8 {
        self.pos.held(piece)
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
    fn extra_mut(&mut self) -> (&mut St<W>, &mut Extra<W>) {
        if !self.extra_saved {
            self.log.extra.push(self.pos.extra);
            self.extra_saved = true;
        }
        (&mut self.pos.st, &mut self.pos.extra)
    }

    #[inline]
    fn set_pieces(&mut self, piece: Piece, cells: Bits<W>) {
        let (c, k) = (piece.color().index(), piece.kind().index());
        let old = std::mem::replace(&mut self.pos.sets.0[c][k], cells);
        self.log.sets.push((piece, old));
    }

    #[inline]
    fn set_slot(&mut self, cell: Cell, slot: Slot) {
        let old = std::mem::replace(&mut self.pos.slots[cell.index()], slot);
        self.log.slots.push((cell, old));
    }

    #[inline]
    fn set_held(&mut self, piece: Piece, count: u8) {
        let (c, k) = (piece.color().index(), piece.kind().index());
        let old = std::mem::replace(&mut self.pos.hand[c][k], count);
        self.log.held.push((piece, old));
    }
}

/// The most slot changes a trial keeps inline; more go to a heap list, which no bundled game
/// needs.
const INLINE_WRITES: usize = 8;

/// The most piece-set changes a trial keeps inline: a capture changes three sets, castling
/// four.
const INLINE_SETS: usize = 4;

/// A move tried on an overlay of the position: the sets, slots and counts in hand it
/// changes are kept beside the shared position, which is not changed, so legality is tested
/// on it; only the game state is copied (and the extra state when the move changes it).
pub(crate) struct Trial<'a, const W: usize> {
    pub(crate) st: St<W>,
    extra: Option<Extra<W>>,
    base: &'a Pos<W>,
    sets: Overlay<Piece, Bits<W>, INLINE_SETS>,
    /// Per colour, the kinds whose sets `sets` holds: the others are read from `base` alone.
    changed: [KindSet; 2],
    held: Overlay<Piece, u8, 2>,
    slots: Overlay<Cell, Slot, INLINE_WRITES>,
}

impl<'a, const W: usize> Trial<'a, W> {
    pub(crate) fn new(pos: &'a Pos<W>) -> Trial<'a, W> {
        let blank = Piece::new(Kind::new(0), Color::White);
        Trial {
            st: pos.st,
            extra: None,
            base: pos,
            sets: Overlay::new((blank, Bits::EMPTY)),
            changed: [KindSet::EMPTY; 2],
            held: Overlay::new((blank, 0)),
            slots: Overlay::new((Cell::new(0), Slot::default())),
        }
    }
}

impl<const W: usize> PieceSets<W> for &Trial<'_, W> {
    #[inline]
    fn of(self, color: Color, kind: Kind) -> Bits<W> {
        if self.changed[color.index()].has(kind) {
            if let Some(cells) = self.sets.get(Piece::new(kind, color)) {
                return cells;
            }
        }
        self.base.sets.of(color, kind)
    }

    #[inline]
    fn of_kinds(self, color: Color, kinds: KindSet) -> Bits<W> {
        let changed = self.changed[color.index()];
        let mut out = self.base.sets.of_kinds(color, kinds.minus(changed));
        if kinds.intersects(changed) {
            for &(p, cells) in self.sets.entries() {
                if p.color() == color && kinds.has(p.kind()) {
                    out |= cells;
                }
            }
        }
        out
    }
}

impl<'a, const W: usize> View<W> for Trial<'a, W> {
    type Sets<'s>
        = &'s Trial<'a, W>
    where
        Self: 's;

    #[inline]
    fn st(&self) -> &St<W> {
        &self.st
    }

    #[inline]
    fn extra(&self) -> &Extra<W> {
        self.extra.as_ref().unwrap_or(&self.base.extra)
    }

    #[inline]
    fn sets(&self) -> &Trial<'a, W> {
        self
    }

    #[inline]
    fn held(&self, piece: Piece) -> u8 {
        self.held
            .get(piece)
            .unwrap_or_else(|| self.base.held(piece))
    }

    #[inline]
    fn slot(&self, cell: Cell) -> Slot {
        self.slots
            .get(cell)
            .unwrap_or_else(|| self.base.slots[cell.index()])
    }
}

impl<const W: usize> Board<W> for Trial<'_, W> {
    #[inline]
    fn st_mut(&mut self) -> &mut St<W> {
        &mut self.st
    }

    #[inline]
    fn extra_mut(&mut self) -> (&mut St<W>, &mut Extra<W>) {
        (&mut self.st, self.extra.get_or_insert(self.base.extra))
    }

    #[inline]
    fn set_pieces(&mut self, piece: Piece, cells: Bits<W>) {
        let c = piece.color().index();
        self.changed[c] = self.changed[c].with(piece.kind());
        self.sets.set(piece, cells);
    }

    #[inline]
    fn set_slot(&mut self, cell: Cell, slot: Slot) {
        self.slots.set(cell, slot);
    }

    #[inline]
    fn set_held(&mut self, piece: Piece, count: u8) {
        self.held.set(piece, count);
    }
}

/// The saved state of made moves, to unmake them: per move the game state before it and
/// where its changes start in the log (set, slot, hand and extra-state entries). Reused
/// across moves, it allocates only while it grows to the deepest line played.
#[derive(Debug, Clone, Default)]
pub(crate) struct Undo<const W: usize> {
    frames: Vec<(St<W>, [u32; 4])>,
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
                extra: Vec::new(),
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
            self.log.extra.len(),
        ]
        .map(|n| n as u32);
        self.frames.push((pos.st, at));
        Logged::new(pos, &mut self.log)
    }

    /// Puts `pos` back as it was before the last move begun; false when there is none.
    pub(crate) fn restore(&mut self, pos: &mut Pos<W>) -> bool {
        let Some((st, [sets, slots, held, extra])) = self.frames.pop() else {
            return false;
        };
        // Only moves that change the extra state log it.
        if self.log.extra.len() > extra as usize {
            pos.extra = self.log.extra.pop().expect("logged once per move");
        }
        // Only games with hands log counts in hand.
        if self.log.held.len() > held as usize {
            for (p, count) in self.log.held.drain(held as usize..).rev() {
                pos.hand[p.color().index()][p.kind().index()] = count;
            }
        }
        for (p, cells) in self.log.sets.drain(sets as usize..).rev() {
            pos.sets.0[p.color().index()][p.kind().index()] = cells;
        }
        for (cell, slot) in self.log.slots.drain(slots as usize..).rev() {
            pos.slots[cell.index()] = slot;
        }
        pos.st = st;
        true
    }

    /// Calls `cells` once per piece whose set of cells the last move begun wrote, with the
    /// set before the move and the set in `pos`, and `hand` likewise for counts in hand;
    /// nothing when no move is begun.
    pub(crate) fn last_changes(
        &self,
        pos: &Pos<W>,
        cells: &mut impl FnMut(Piece, Bits<W>, Bits<W>),
        hand: &mut impl FnMut(Piece, u8, u8),
    ) {
        let Some(&(_, [sets, _, held, _])) = self.frames.last() else {
            return;
        };
        // A piece's first entry holds its set before the move; a later one, a step between.
        let logged = &self.log.sets[sets as usize..];
        for (i, &(piece, before)) in logged.iter().enumerate() {
            if logged[..i].iter().all(|&(p, _)| p != piece) {
                cells(piece, before, pos.sets.of(piece.color(), piece.kind()));
            }
        }
        let logged = &self.log.held[held as usize..];
        for (i, &(piece, before)) in logged.iter().enumerate() {
            if logged[..i].iter().all(|&(p, _)| p != piece) {
                hand(piece, before, pos.held(piece));
            }
        }
    }

    /// How many moves can be unmade.
    pub(crate) fn depth(&self) -> usize {
        self.frames.len()
    }

    /// The bytes the moves that can be unmade saved: each one's state, and the sets, cells,
    /// hand counts and extra state it logged.
    pub(crate) fn saved_bytes(&self) -> usize {
        use std::mem::size_of;
        self.frames.len() * size_of::<(St<W>, [u32; 4])>()
            + self.log.sets.len() * size_of::<(Piece, Bits<W>)>()
            + self.log.slots.len() * size_of::<(Cell, Slot)>()
            + self.log.held.len() * size_of::<(Piece, u8)>()
            + self.log.extra.len() * size_of::<Extra<W>>()
    }
}
