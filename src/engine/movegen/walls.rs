//! The walls of a turn of two parts (`walls:`; duck chess, the Amazons): each move the
//! pieces can make is followed by one move per cell its wall may go on. Off the hot path:
//! the moves are generated as in any game, then each is tried on an overlay of the position
//! to see which cells it leaves empty and, for a shot, where its piece could move from its
//! arrival cell. A pass places no wall.

use crate::rules::walls::Walls;
use crate::types::bitboard::Bits;
use crate::types::rule_enums::WallPlacement;

use super::super::board::{Trial, View};
use super::super::{Engine, Move, MoveKind};
use super::{Gen, List, Sink};
use crate::rules::position::Pos;

impl<const W: usize> Engine<'_, W> {
    /// The moves `gen` asks for, each with its wall, into `sink`.
    #[cold]
    #[inline(never)]
    pub(crate) fn walled_moves<K: Sink>(
        &self,
        walls: &Walls,
        pos: &Pos<W>,
        gen: Gen<W>,
        sink: &mut K,
    ) {
        let mut moves = Vec::new();
        self.unwalled_moves(pos, gen, &mut List(&mut moves));
        for m in moves {
            if m.kind == MoveKind::Pass {
                sink.push(m);
            } else {
                let cells = self.wall_cells(walls, pos, &m);
                if K::COUNT {
                    sink.add(cells.count() as usize);
                } else {
                    for cell in cells {
                        sink.push(Move {
                            wall: Some(cell),
                            ..m
                        });
                    }
                }
            }
            if sink.full() {
                return;
            }
        }
    }

    /// The cells the wall of `m` may go on: empty after the move, in the mover's wall
    /// region, and as the placement says.
    fn wall_cells(&self, walls: &Walls, pos: &Pos<W>, m: &Move) -> Bits<W> {
        let us = pos.st.side;
        let mut t = Trial::new(pos);
        self.apply(&mut t, m);
        let st = t.st();
        let open = self.t.all & !st.blockers() & walls.region[us.index()].resize();
        match walls.placement {
            WallPlacement::Anywhere => open,
            WallPlacement::Vacated if m.from != m.to => open & Bits::from_cell(m.from),
            WallPlacement::Vacated => Bits::EMPTY,
            WallPlacement::Shot => match t.slot(m.to).piece.filter(|p| p.color() == us) {
                Some(shooter) => {
                    let (quiet, _) =
                        self.piece_reach(t.sets(), shooter.kind(), m.to, us, st.blockers(), false);
                    quiet & open
                }
                None => Bits::EMPTY,
            },
        }
    }
}
