//! The counting rules (`end: counting`; Fairy-Stockfish's `countingRule`): the count a move
//! leaves, and the draw when it passes its limit. The order of the steps follows
//! Fairy-Stockfish's `do_move`, so that both write the same FEN.

use crate::rules::{Color, Counting, Kind};

use super::board::{Board, PieceSets, View};
use super::Engine;
use crate::rules::position::Pos;

/// What a move did that the count looks at.
pub(super) struct Counted {
    /// The side that moved.
    pub(super) us: Color,
    /// A piece was taken off the board.
    pub(super) taken: bool,
    /// The kind of the piece the move itself captured.
    pub(super) victim: Option<Kind>,
    /// The moving piece promoted.
    pub(super) promoted: bool,
}

impl<const W: usize> Engine<'_, W> {
    /// The count after a move, on the final board with the side to move switched:
    ///
    /// 1. a running count advances a ply;
    /// 2. a royal piece left alone that took the last pausing piece starts its count at
    ///    once, a ply below the pieces' honour (the count of the opponent's next move);
    /// 3. the side to move starts a count where none runs, or starts its pieces' honour
    ///    again where it stands alone and the move took a piece or promoted.
    #[inline]
    pub(super) fn count_after(&self, b: &mut impl Board<W>, done: Counted) {
        let Some(c) = &self.rules.end.counting else {
            return;
        };
        let (ply, limit) = b.extra().count;
        let (mut ply, mut limit) = (u32::from(ply), u32::from(limit));
        if limit > 0 {
            ply += 1;
        }
        let them = done.us.opponent();
        let pieces = |s: Color| b.st().by_color[s.index()].count();
        let on_board = 2 * (pieces(Color::White) + pieces(Color::Black));
        if c.bare_from_pieces
            && pieces(done.us) == 1
            && done.victim.is_some_and(|k| c.paused_by.has(k))
        {
            let l = self.count_limit(b, c, done.us);
            if l > 0 {
                (ply, limit) = (on_board - 1, l);
            }
        }
        let alone = pieces(them) == 1;
        if limit == 0 || ((done.taken || done.promoted) && alone) {
            let l = self.count_limit(b, c, them);
            if l > 0 {
                let from = if alone && c.bare_from_pieces {
                    on_board
                } else {
                    0
                };
                (ply, limit) = (from, l);
            }
        }
        let count = (clamp(ply), clamp(limit));
        if count != b.extra().count {
            b.extra_mut().1.count = count;
        }
    }

    /// The limit of `side`'s count as the board stands, in plies; 0 when it does not count:
    /// while a pausing piece stands on the board, or the opponent has its royal piece alone.
    fn count_limit(&self, b: &impl View<W>, c: &Counting, side: Color) -> u32 {
        let pieces = |s: Color| b.st().by_color[s.index()].count();
        let sets = b.sets();
        let paused = Color::BOTH
            .into_iter()
            .any(|s| !sets.of_kinds(s, c.paused_by).is_empty());
        if paused || pieces(side.opponent()) <= 1 {
            return 0;
        }
        if pieces(side) > 1 {
            return c.board_plies;
        }
        let has = |(k, &n): (usize, &u8)| {
            n == 0 || sets.of(side.opponent(), Kind::new(k as u8)).count() >= u32::from(n)
        };
        c.bare
            .iter()
            .find(|(needed, _)| needed.iter().enumerate().all(has))
            .map_or(0, |&(_, plies)| plies)
    }

    /// Whether the count has passed its limit: the game is drawn unless the side to move is
    /// checkmated.
    #[inline]
    pub(crate) fn counted_out(&self, pos: &Pos<W>) -> bool {
        let (ply, limit) = pos.extra.count;
        limit > 0 && ply > limit
    }
}

/// A count in the position's 16 bits (a count set from a FEN is checked there).
fn clamp(plies: u32) -> u16 {
    u16::try_from(plies).unwrap_or(u16::MAX)
}
