//! The engine's public API on [`Ruleset`]: each call dispatches once to the code of the
//! board's width.
//!
//! Two ways to play moves: [`Ruleset::play_unchecked`] returns a new position (a copy: it
//! allocates the cells' contents, 16 bytes per cell), and [`Ruleset::make`] /
//! [`Ruleset::unmake`] change a position in place with an [`UndoStack`], which allocates
//! nothing once it has grown to the deepest line played: what a search or perft uses. The
//! same holds in every game; a move with a chance event is made with its outcome
//! ([`Move::outcome`], see [`Ruleset::chance_cells`]), and hidden parts are part of the
//! position (a side's view is [`Ruleset::redact`]).

use crate::rules::containers::Crew;
use crate::rules::layers::PieceState;
use crate::rules::placement::Placement;
use crate::rules::{Color, Kind, KindSet, Piece, Ruleset};
use crate::types::bitboard::{Bitboard, Bits, Cell};

use super::board::{Log, Logged, Undo, View};
use super::effects;
use super::movegen::{Gen, List};
use super::view::Unseen;
use super::{dispatch, with_engine, Activity, Divide, Move, Outcome, Position};
use crate::rules::position::{on_pos, AnyPos, Pos};
use crate::rules::tables::AnyTables;

/// Why [`Ruleset::play`] refused a move.
///
/// See the example of [`Ruleset::play`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The position was made by another rule set (another variant, or a definition of
    /// another text): the fingerprint it carries is not [`Ruleset::fingerprint`].
    #[error(
        "the position belongs to another rule set (fingerprint {found:016x}, not {expected:016x})"
    )]
    ForeignPosition {
        /// The rule set's fingerprint.
        expected: u64,
        /// The position's.
        found: u64,
    },
    /// The game in the position is over; no move is legal.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The move is not among the position's legal moves (or its chance outcome is one its
    /// event cannot draw).
    #[error("the move is not among the legal moves")]
    Illegal(Move),
}

/// The saved state of moves made with [`Ruleset::make`], to unmake them. Create one per
/// line of play (per search thread) and reuse it: it allocates only while it grows. It
/// takes the board width of the first position it is used with.
///
/// See the example of [`Ruleset::make`].
#[derive(Debug, Clone, Default)]
pub struct UndoStack(AnyUndo);

#[derive(Debug, Clone, Default)]
enum AnyUndo {
    #[default]
    Empty,
    N64(Undo<1>),
    N128(Undo<2>),
    N256(Undo<4>),
}

impl UndoStack {
    /// An empty stack. See the example of [`Ruleset::make`].
    pub fn new() -> UndoStack {
        UndoStack::default()
    }

    /// How many moves can be unmade, in plies (a null move counts). See the example of
    /// [`Ruleset::make`].
    pub fn depth(&self) -> usize {
        match &self.0 {
            AnyUndo::Empty => 0,
            AnyUndo::N64(u) => u.depth(),
            AnyUndo::N128(u) => u.depth(),
            AnyUndo::N256(u) => u.depth(),
        }
    }
}

impl UndoStack {
    /// Makes the stack the width of `pos` when it holds no move.
    fn prepare(&mut self, pos: &AnyPos) {
        if self.depth() > 0 {
            return;
        }
        match (pos, &self.0) {
            (AnyPos::N64(_), AnyUndo::N64(_))
            | (AnyPos::N128(_), AnyUndo::N128(_))
            | (AnyPos::N256(_), AnyUndo::N256(_)) => {}
            (AnyPos::N64(_), _) => self.0 = AnyUndo::N64(Undo::default()),
            (AnyPos::N128(_), _) => self.0 = AnyUndo::N128(Undo::default()),
            (AnyPos::N256(_), _) => self.0 = AnyUndo::N256(Undo::default()),
        }
    }
}

/// Runs `$body` with `$e` bound to the engine of `$rules`, `$p` to the inner position of
/// `$pos` (a `&mut AnyPos`) and `$u` to the undo stack `$stack` at their width.
///
/// # Panics
/// When the position or the stack belongs to a variant with another board size.
macro_rules! dispatch_undo {
    ($rules:expr, $pos:expr, $stack:expr, $e:ident, $p:ident, $u:ident => $body:expr) => {{
        let rules: &Ruleset = $rules;
        let pos: &mut AnyPos = $pos;
        let stack: &mut UndoStack = $stack;
        stack.prepare(pos);
        match (&rules.tables, pos, &mut stack.0) {
            (AnyTables::N64(t), AnyPos::N64($p), AnyUndo::N64($u)) => {
                let $e = super::Engine { rules, t };
                $body
            }
            (AnyTables::N128(t), AnyPos::N128($p), AnyUndo::N128($u)) => {
                let $e = super::Engine { rules, t };
                $body
            }
            (AnyTables::N256(t), AnyPos::N256($p), AnyUndo::N256($u)) => {
                let $e = super::Engine { rules, t };
                $body
            }
            _ => panic!("the position or undo stack belongs to a variant with another board size"),
        }
    }};
}

/// The bytes of a position: its inline part (behind the box of the wider ones) and its
/// cells' slots.
fn position_bytes<const W: usize>(p: &crate::rules::position::Pos<W>) -> usize {
    std::mem::size_of_val(p) + std::mem::size_of_val(&*p.slots)
}

/// What a position takes in memory and what its moves copy ([`Ruleset::memory`]).
///
/// See the example of [`Ruleset::memory`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Memory {
    /// Bytes of a position: its inline part (piece sets, game state, hands) and its cells'
    /// slots.
    pub position_bytes: usize,
    /// Bytes of the game state, which a made move saves whole.
    pub state_bytes: usize,
    /// The moves made over the tree measured.
    pub moves: u64,
    /// The bytes saved to unmake them, in total.
    pub saved_bytes: u64,
}

impl Memory {
    /// The bytes a made move saves on average (0 when no move was made). See the example
    /// of [`Ruleset::memory`].
    pub fn bytes_per_move(&self) -> f64 {
        match self.moves {
            0 => 0.0,
            n => self.saved_bytes as f64 / n as f64,
        }
    }
}

/// Move lists and an undo stack for [`Ruleset::perft_with`], reused across calls so that
/// perft allocates nothing per node: one list per ply of the deepest count so far.
///
/// See the example of [`Ruleset::perft_with`].
#[derive(Debug, Clone, Default)]
pub struct PerftBuffers {
    lists: Vec<Vec<Move>>,
    undo: UndoStack,
}

impl PerftBuffers {
    /// Empty buffers; they grow to what the first perft needs. See the example of
    /// [`Ruleset::perft_with`].
    pub fn new() -> PerftBuffers {
        PerftBuffers::default()
    }
}

impl Ruleset {
    /// An empty board of this variant's size, White to move.
    pub(crate) fn empty_position(&self) -> Position {
        Position::empty(&self.tables, self.topology.cell_count(), self.fingerprint)
    }

    /// The position a placement sets up: its pieces unmoved where that matters (a piece on a
    /// gate opens it), White to move.
    pub(crate) fn setup_position(&self, placement: &Placement) -> Position {
        let mut pos = self.empty_position();
        self.place(&mut pos, placement);
        dispatch!(self, &mut pos.0, e, p => {
            let unmoved = p
                .st
                .occupied()
                .cells()
                .filter(|&c| {
                    p.slots[c.index()].piece.is_some_and(|q| {
                        self.remembers_unmoved(q.kind()) || e.t.gates[q.color().index()].has(c)
                    })
                })
                .collect();
            let unmoved = e.without_orphaned_castlers(p, unmoved);
            effects::set_unmoved(&mut p.st, &self.zobrist, unmoved);
        });
        pos
    }

    /// The unmoved marks `pos`'s placement alone implies, as a protocol without them (XBoard's
    /// edit mode) leaves an engine to infer: each piece standing where the start position
    /// has the same piece unmoved, less the castling marks that hold no right together.
    pub(crate) fn unmoved_by_placement(&self, pos: &Position) -> Bitboard {
        let start = self.start_position();
        let at_home: Bitboard = start
            .unmoved()
            .cells()
            .filter(|&c| pos.piece_at(c).is_some() && pos.piece_at(c) == start.piece_at(c))
            .collect();
        dispatch!(self, &pos.0, e, p => e.without_orphaned_castlers(p, at_home.resize()).resize())
    }

    /// Puts a placement on an empty position: pieces on their cells with their start
    /// states, or in a container game the containers and their crews; submerged pieces,
    /// markers and walls.
    pub(crate) fn place(&self, pos: &mut Position, placement: &Placement) {
        dispatch!(self, &mut pos.0, e, p => {
            let mut log = Log::default();
            let mut b = Logged::new(p, &mut log);
            for &(cell, ty) in &placement.containers {
                e.set_crew(&mut b, cell, Crew::container(ty));
            }
            for &(cell, piece) in &placement.pieces {
                if self.containers.is_some() {
                    let crew = b.slot(cell).crew.with(piece);
                    e.set_crew(&mut b, cell, crew);
                } else {
                    e.put(&mut b, cell, piece, e.start_state(piece));
                }
            }
            for &(cell, piece) in &placement.under {
                e.put_under(&mut b, cell, piece, e.start_state(piece));
            }
            for &(cell, ty, owner) in &placement.markers {
                e.set_marker(&mut b, cell, ty, owner);
            }
            for &cell in &placement.walls {
                e.put_wall(&mut b, cell, false);
            }
            for &cell in &placement.promoted {
                let state = b.slot(cell).state.with_promoted();
                e.set_state(&mut b, cell, state);
            }
            for &piece in &placement.hand {
                let held = b.pos.hand[piece.color().index()][piece.kind().index()];
                effects::set_hand(&mut b, &self.zobrist, piece, held.saturating_add(1));
            }
        })
    }

    /// Puts `piece` on the surface of `cell`, replacing whatever stood there, unmoved or not
    /// (for drawings of one piece among others).
    pub(crate) fn replace_piece(
        &self,
        pos: &mut Position,
        cell: Cell,
        piece: crate::types::piece::Piece,
        unmoved: bool,
    ) {
        let z = &self.zobrist;
        dispatch!(self, &mut pos.0, e, p => {
            let mut log = Log::default();
            let mut b = Logged::new(p, &mut log);
            e.lift(&mut b, cell);
            e.set_crew(&mut b, cell, Crew::NONE);
            e.put(&mut b, cell, piece, e.start_state(piece));
            let others = b.pos.st.unmoved.without(cell);
            let unmoved = if unmoved { others.with(cell) } else { others };
            effects::set_unmoved(&mut b.pos.st, z, unmoved);
        })
    }

    /// Sets the side to move, keeping the key in step.
    pub(crate) fn set_side(&self, pos: &mut Position, side: Color) {
        on_pos!(&mut pos.0, p => effects::set_side(&mut p.st, &self.zobrist, side))
    }

    /// Sets the unmoved pieces that matter.
    pub(crate) fn set_unmoved(&self, pos: &mut Position, unmoved: Bitboard) {
        on_pos!(&mut pos.0, p => effects::set_unmoved(&mut p.st, &self.zobrist, unmoved.resize()))
    }

    /// Sets the en passant targets and the piece such a capture removes.
    pub(crate) fn set_en_passant(
        &self,
        pos: &mut Position,
        targets: Bitboard,
        victim: Option<Cell>,
    ) {
        on_pos!(&mut pos.0, p => effects::set_en_passant(&mut p.st, &self.zobrist, targets.resize(), victim))
    }

    /// Sets the container move the side to move may not reverse.
    pub(crate) fn set_undo_ban(&self, pos: &mut Position, ban: Option<(Cell, Cell)>) {
        on_pos!(&mut pos.0, p => effects::set_undo_ban((&mut p.st, &mut p.extra), &self.zobrist, ban))
    }

    /// Sets the cell of `side`'s piece whose sortie is under way.
    pub(crate) fn set_sortie(&self, pos: &mut Position, side: Color, cell: Option<Cell>) {
        on_pos!(&mut pos.0, p => effects::set_sortie((&mut p.st, &mut p.extra), &self.zobrist, side, cell))
    }

    /// Sets the clocks.
    pub(crate) fn set_clocks(&self, pos: &mut Position, halfmove: u32, fullmove: u32) {
        on_pos!(&mut pos.0, p => {
            p.st.halfmove = halfmove;
            p.st.fullmove = fullmove;
        })
    }

    /// Sets the checks each side has given (check counting), keeping the key in step.
    /// Marks the last move as a capture the reply may not answer in kind (`trading:
    /// counterstrike`).
    pub(crate) fn set_counterstrike(&self, pos: &mut Position) {
        let z = &self.zobrist;
        on_pos!(&mut pos.0, p => {
            if !p.extra.counterstrike {
                p.st.hash ^= z.counterstrike;
                p.extra.counterstrike = true;
            }
        })
    }

    pub(crate) fn set_checks(&self, pos: &mut Position, checks: [u8; 2]) {
        let z = &self.zobrist;
        on_pos!(&mut pos.0, p => {
            for side in Color::BOTH {
                let i = side.index();
                p.st.hash ^= z.checks(side, p.extra.checks[i]) ^ z.checks(side, checks[i]);
            }
            p.extra.checks = checks;
        })
    }

    /// Sets the counting rules' count and limit, in plies (a limit of 0: nobody counts).
    pub(crate) fn set_count(&self, pos: &mut Position, count: (u16, u16)) {
        on_pos!(&mut pos.0, p => p.extra.count = count)
    }

    /// Sets the state of the surface piece on `cell` (or, with `under`, the submerged one).
    pub(crate) fn set_piece_state(
        &self,
        pos: &mut Position,
        cell: Cell,
        under: bool,
        state: PieceState,
    ) {
        dispatch!(self, &mut pos.0, e, p => {
            let mut log = Log::default();
            let mut b = Logged::new(p, &mut log);
            if under {
                e.set_under_state(&mut b, cell, state);
            } else {
                e.set_state(&mut b, cell, state);
            }
        })
    }

    /// The legal moves of the side to move, appended to `out` (which is cleared first).
    ///
    /// Reuse one buffer across calls to avoid allocation. The order is the generator's;
    /// sort for presentation. See the example of [`Ruleset::legal_moves`].
    pub fn legal_moves_into(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        dispatch!(self, &pos.0, e, p => e.legal_into(p, out))
    }

    /// The legal moves of the side to move, in the generator's order (sort them for
    /// presentation), each once; empty when the game is over by position
    /// ([`Ruleset::decided`]) or the side has no move (checkmate, stalemate). A move whose
    /// chance event is still to be drawn is listed once, without its outcome.
    ///
    /// In White's check by the rook on e2, 18 moves follow the rules of movement
    /// ([`Ruleset::pseudo_legal_moves`]) and 3 leave the king safe:
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let pos = chess.parse_fen("4k3/8/8/8/8/8/4r3/3QK3 w - - 0 1")?;
    /// let mut texts: Vec<String> = chess.legal_moves(&pos).iter().map(|&m| chess.san(&pos, m)).collect();
    /// texts.sort();
    /// assert_eq!(texts, ["Kf1", "Kxe2", "Qxe2+"]);
    /// assert_eq!(chess.pseudo_legal_moves(&pos).len(), 18);
    /// assert_eq!(chess.count_legal_moves(&pos), 3);
    /// assert!(chess.has_legal_move(&pos));
    ///
    /// // The slow reference generator agrees, as a set.
    /// let mut fast = chess.legal_moves(&pos);
    /// let mut slow = chess.legal_moves_by_trial(&pos);
    /// fast.sort();
    /// slow.sort();
    /// assert_eq!(fast, slow);
    ///
    /// // One buffer, reused: the legal moves, then the captures and promotions only.
    /// let mut buffer = Vec::new();
    /// chess.legal_moves_into(&pos, &mut buffer);
    /// assert_eq!(buffer.len(), 3);
    /// chess.noisy_moves_into(&pos, &mut buffer);
    /// assert_eq!(buffer.len(), 2); // Kxe2 and Qxe2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(pos, &mut out);
        out
    }

    /// The legal captures and promotions of the side to move (a quiescence search's moves,
    /// [`Move::is_noisy`]), appended to `out` (cleared first). See the example of
    /// [`Ruleset::legal_moves`].
    pub fn noisy_moves_into(&self, pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        dispatch!(self, &pos.0, e, p => {
            let gen = Gen { legal: true, noisy: true, from: Bits::ALL };
            e.generate(p, gen, &mut List(out))
        })
    }

    /// The legal captures and promotions of the side to move's pieces on the cells `from`
    /// (in the board's numbering), appended to `out` (cleared first): a static exchange's
    /// recaptures, generated for the cell's attackers ([`Ruleset::attackers`]) only.
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let pos = chess.parse_fen("4k3/8/8/8/8/8/4r3/3QK3 w - - 0 1")?;
    /// let e2 = chess.topology.parse_cell("e2").unwrap();
    /// let mut captures = Vec::new();
    /// chess.noisy_moves_from_into(&pos, chess.attackers(&pos, e2, fairy_rules::Color::White), &mut captures);
    /// assert_eq!(captures.len(), 2); // Kxe2 and Qxe2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn noisy_moves_from_into(&self, pos: &Position, from: Bitboard, out: &mut Vec<Move>) {
        out.clear();
        dispatch!(self, &pos.0, e, p => {
            let gen = Gen { legal: true, noisy: true, from: from.resize() };
            e.generate(p, gen, &mut List(out))
        })
    }

    /// Every move the pieces of the side to move can make by the rules of movement, whether
    /// or not it leaves a royal piece attacked (pseudo-legal moves), in the generator's
    /// order. See the example of [`Ruleset::legal_moves`].
    pub fn pseudo_legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        dispatch!(self, &pos.0, e, p => {
            let gen = Gen { legal: false, noisy: false, from: Bits::ALL };
            e.generate(p, gen, &mut List(&mut out))
        });
        out
    }

    /// The legal moves found the slow way, for tests and for checking a variant: every
    /// pseudo-legal move made with all its effects, then the mover's royal pieces tested by a
    /// forward scan of every enemy piece's captures (a gated move is made without its gate:
    /// the piece gated in shields nothing, as in Fairy-Stockfish). It shares no code with the legality test
    /// of [`Ruleset::legal_moves`] nor with its backward attack tables, so the two must agree
    /// as sets (the order may differ). See the example of [`Ruleset::legal_moves`].
    pub fn legal_moves_by_trial(&self, pos: &Position) -> Vec<Move> {
        dispatch!(self, &pos.0, e, p => e.legal_by_trial(p))
    }

    /// The number of legal moves. Faster than listing them: moves that cannot expose a
    /// royal piece are counted, not listed (perft's last ply). See the example of
    /// [`Ruleset::legal_moves`].
    pub fn count_legal_moves(&self, pos: &Position) -> usize {
        dispatch!(self, &pos.0, e, p => e.count_legal(p))
    }

    /// Whether the side to move has a legal move; stops at the first one found. See the
    /// example of [`Ruleset::legal_moves`].
    pub fn has_legal_move(&self, pos: &Position) -> bool {
        dispatch!(self, &pos.0, e, p => e.has_legal(p))
    }

    /// Whether the cells a move names are cells of this board (a move from outside may name
    /// any).
    fn on_board(&self, m: Move) -> bool {
        let n = self.topology.cell_count();
        let captured = match m.kind {
            super::MoveKind::EnPassant { captured } => captured.index() < n,
            super::MoveKind::TwoLegs { via, .. } => via.index() < n,
            super::MoveKind::Castle {
                partner_from,
                partner_to,
            } => partner_from.index() < n && partner_to.index() < n,
            _ => true,
        };
        m.from.index() < n && m.to.index() < n && captured
    }

    /// Whether `m` is a legal move of `pos`: for a move from outside (a transposition
    /// table, a user). Only the moves of the piece on `m.from` are generated; for a drop,
    /// which comes from the hand, every move. A chance outcome, when given, must be one the
    /// move's chance event can draw.
    ///
    /// See the example of [`Ruleset::gives_check`].
    pub fn is_legal(&self, pos: &Position, m: Move) -> bool {
        dispatch!(self, &pos.0, e, p => {
            if m.from.index() >= self.topology.cell_count() {
                return false;
            }
            let from = match m.kind {
                super::MoveKind::Drop => Bits::ALL,
                _ => Bits::from_cell(m.from),
            };
            let gen = Gen { legal: true, noisy: false, from };
            let mut moves = Vec::new();
            e.generate(p, gen, &mut List(&mut moves));
            let choice = m.choice();
            moves.contains(&choice)
                && m.outcome.is_none_or(|c| e.chance_cells(p, &choice).has(c))
        })
    }

    /// Whether the legal move `m` leaves the opponent's royal piece attacked.
    ///
    /// Checks, attacks and legality of a move from outside:
    ///
    /// ```
    /// use fairy_rules::{Color, Move, Piece, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let pos = chess.parse_fen("4k3/8/8/8/8/8/4r3/3QK3 w - - 0 1")?;
    /// let cell = |name| chess.topology.parse_cell(name).unwrap();
    /// assert!(chess.in_check(&pos));
    /// // Who attacks e1, and who attacks e2: cell sets, in the board's numbering.
    /// assert_eq!(chess.attackers(&pos, cell("e1"), Color::Black).cells().collect::<Vec<_>>(), [cell("e2")]);
    /// assert_eq!(chess.attackers(&pos, cell("e2"), Color::White).count(), 2); // d1, e1
    ///
    /// let queen = chess.parse_san(&pos, "Qxe2+")?;
    /// assert!(chess.gives_check(&pos, queen));
    /// assert!(!chess.gives_check(&pos, chess.parse_san(&pos, "Kxe2")?));
    ///
    /// // A move built by hand is checked before it is played: the queen may not leave the king in check.
    /// let white_queen = pos.piece_at(cell("d1")).unwrap();
    /// assert_eq!(white_queen, Piece::new(chess.kind_of_letter('Q').unwrap(), Color::White));
    /// let away = Move::new(cell("d1"), cell("d4"), white_queen, None);
    /// assert!(!chess.is_legal(&pos, away));
    /// assert!(chess.is_legal(&pos, queen));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        if !self.on_board(m) {
            return false;
        }
        dispatch!(self, &pos.0, e, p => {
            let mut t = super::board::Trial::new(p);
            e.apply(&mut t, &m);
            let them = p.st.side.opponent();
            e.royal_attacked(&t, them)
        })
    }

    /// The cells of the pieces of `by` that attack `cell` (could capture a piece standing
    /// there): on the surface, submerged, or by a capture without moving. Empty for a cell
    /// off the board. See the example of [`Ruleset::gives_check`].
    pub fn attackers(&self, pos: &Position, cell: Cell, by: Color) -> Bitboard {
        if cell.index() >= self.topology.cell_count() {
            return Bitboard::EMPTY;
        }
        dispatch!(self, &pos.0, e, p => e
            .attackers_of::<false>(p, p.st.blockers(), cell, by, KindSet::ALL)
            .resize())
    }

    /// Whether the pieces left are a set the definition lists as unable to win (`end:
    /// insufficient_material`), either way round: the game is drawn unless the side to move
    /// has no legal move ([`Ruleset::outcome`] says which). For a search, which has the
    /// moves at hand: cheap where more pieces stand than any listed set holds.
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let bishop = chess.parse_fen("8/8/8/4k3/8/8/8/2B1K3 b - - 0 1")?;
    /// assert!(chess.insufficient_material(&bishop));
    /// let rook = chess.parse_fen("8/8/8/4k3/8/8/8/2R1K3 b - - 0 1")?;
    /// assert!(!chess.insufficient_material(&rook));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn insufficient_material(&self, pos: &Position) -> bool {
        !self.end.insufficient_material.is_empty()
            && dispatch!(self, &pos.0, e, p => e.dead_material(p))
    }

    /// Whether the side to move is in check: one of its royal pieces is attacked (under
    /// `check:`, the rule for several royal pieces). See the example of
    /// [`Ruleset::gives_check`].
    pub fn in_check(&self, pos: &Position) -> bool {
        dispatch!(self, &pos.0, e, p => e.royal_attacked(p, p.st.side))
    }

    /// The position after the legal move `m`, a copy of `pos` made and changed: the checked
    /// way to play a move from outside (a user, a file, another program).
    ///
    /// A move whose chance event has no outcome yet ([`Ruleset::chance_cells`] not empty,
    /// [`Move::outcome`] `None`) is made without the event; give the outcome, or play it in
    /// a [`crate::Game`], which draws one.
    ///
    /// ```
    /// use fairy_rules::{PlayError, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let start = chess.start_position();
    /// let e4 = chess.parse_move(&start, "e2e4")?;
    /// let after = chess.play(&start, e4)?;
    /// assert_eq!(chess.play(&after, e4), Err(PlayError::Illegal(e4))); // Black to move
    /// let shogi = Variant::bundled("shogi")?;
    /// assert!(matches!(shogi.play(&start, e4), Err(PlayError::ForeignPosition { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError::ForeignPosition`] when `pos` belongs to another rule set,
    /// [`PlayError::GameOver`] when its game has ended ([`Ruleset::outcome`]),
    /// [`PlayError::Illegal`] when `m` is not a legal move of `pos` ([`Ruleset::is_legal`]).
    pub fn play(&self, pos: &Position, m: Move) -> Result<Position, PlayError> {
        if !self.owns(pos) {
            return Err(PlayError::ForeignPosition {
                expected: self.fingerprint,
                found: pos.fingerprint(),
            });
        }
        if let Some(outcome) = self.outcome(pos) {
            return Err(PlayError::GameOver(outcome));
        }
        if !self.is_legal(pos, m) {
            return Err(PlayError::Illegal(m));
        }
        Ok(self.play_unchecked(pos, m))
    }

    /// The position after `m`, which must be legal (or at least pseudo-legal) in `pos`: a
    /// copy made and changed. Checks nothing; use [`Ruleset::play`] or
    /// [`crate::Game::play`] for moves from outside. See the example of [`Ruleset::make`].
    pub fn play_unchecked(&self, pos: &Position, m: Move) -> Position {
        let mut next = pos.clone();
        dispatch!(self, &mut next.0, e, p => {
            let mut log = Log::default();
            e.apply(&mut Logged::new(p, &mut log), &m);
        });
        next
    }

    /// Makes `m` on `pos` in place, saving in `undo` what [`Ruleset::unmake`] needs. `m`
    /// must be legal (or at least pseudo-legal) in `pos`; nothing is checked.
    ///
    /// Making in place and unmaking, against [`Ruleset::play_unchecked`]'s copy:
    ///
    /// ```
    /// use fairy_rules::{UndoStack, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let start = chess.start_position();
    /// let mut pos = start.clone();
    /// let mut undo = UndoStack::new();
    /// for text in ["e4", "e5", "Nf3"] {
    ///     let m = chess.parse_san(&pos, text)?;
    ///     let copy = chess.play_unchecked(&pos, m);
    ///     chess.make(&mut pos, m, &mut undo);
    ///     assert_eq!(pos, copy);
    /// }
    /// assert_eq!(undo.depth(), 3);
    /// assert_eq!(chess.fen(&pos), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    ///
    /// // A null move (for a search) passes the turn: the clocks go on.
    /// assert!(chess.null_move_allowed(&pos));
    /// chess.make_null(&mut pos, &mut undo);
    /// assert_eq!(chess.fen(&pos), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    ///
    /// while chess.unmake(&mut pos, &mut undo) {}
    /// assert_eq!(undo.depth(), 0);
    /// assert_eq!(pos, start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// When `undo` holds moves of a variant with another board size.
    pub fn make(&self, pos: &mut Position, m: Move, undo: &mut UndoStack) {
        dispatch_undo!(self, &mut pos.0, undo, e, p, u => e.make(p, &m, u))
    }

    /// Unmakes the last move made with `undo` on `pos`. Returns false when there is none
    /// (or `undo` holds moves of a board of another size). See the example of
    /// [`Ruleset::make`].
    pub fn unmake(&self, pos: &mut Position, undo: &mut UndoStack) -> bool {
        match (&mut undo.0, &mut pos.0) {
            (AnyUndo::N64(u), AnyPos::N64(p)) => u.restore(p),
            (AnyUndo::N128(u), AnyPos::N128(p)) => u.restore(p),
            (AnyUndo::N256(u), AnyPos::N256(p)) => u.restore(p),
            _ => false,
        }
    }

    /// What the last move made with `undo` changed on `pos`, for a search that keeps sums
    /// over the pieces up to date move by move: `cells(piece, before, after)` once per piece
    /// whose set of cells the move wrote (its cells before the move and now, which may be
    /// equal), `hand(piece, before, after)` once per piece whose count in hand it wrote.
    /// Containers' crews and submerged pieces are not reported. Nothing when `undo` holds no
    /// move of `pos`'s board size.
    ///
    /// ```
    /// use fairy_rules::{UndoStack, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let mut pos = chess.parse_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")?;
    /// let mut undo = UndoStack::new();
    /// let capture = chess.parse_san(&pos, "exd5")?;
    /// chess.make(&mut pos, capture, &mut undo);
    /// let mut changed = Vec::new();
    /// chess.last_changes(&pos, &undo, |piece, before, after| {
    ///     changed.push((chess.letter(piece), before.count(), after.count()))
    /// }, |_, _, _| unreachable!("chess has no hands"));
    /// changed.sort();
    /// // The white pawn moved (one cell before, one after); the black one left the board.
    /// assert_eq!(changed, [('P', 1, 1), ('p', 1, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_changes(
        &self,
        pos: &Position,
        undo: &UndoStack,
        mut cells: impl FnMut(Piece, Bitboard, Bitboard),
        mut hand: impl FnMut(Piece, u8, u8),
    ) {
        fn report<const W: usize>(
            undo: &Undo<W>,
            pos: &Pos<W>,
            cells: &mut impl FnMut(Piece, Bitboard, Bitboard),
            hand: &mut impl FnMut(Piece, u8, u8),
        ) {
            let mut resized =
                |p, before: Bits<W>, after: Bits<W>| cells(p, before.resize(), after.resize());
            undo.last_changes(pos, &mut resized, hand);
        }
        match (&undo.0, &pos.0) {
            (AnyUndo::N64(u), AnyPos::N64(p)) => report(u, p, &mut cells, &mut hand),
            (AnyUndo::N128(u), AnyPos::N128(p)) => report(u, p, &mut cells, &mut hand),
            (AnyUndo::N256(u), AnyPos::N256(p)) => report(u, p, &mut cells, &mut hand),
            _ => {}
        }
    }

    /// Whether the side to move may pass (a null move, for a search): not in check, and
    /// not in the middle of a sortie. See the example of [`Ruleset::make`].
    pub fn null_move_allowed(&self, pos: &Position) -> bool {
        !self.in_check(pos) && pos.sortie(pos.side_to_move()).is_none()
    }

    /// Passes the turn in place (see [`Ruleset::null_move_allowed`]): en passant targets and
    /// a no-undo ban lapse, the clocks advance, nothing else happens. Unmake it with
    /// [`Ruleset::unmake`]. See the example of [`Ruleset::make`].
    ///
    /// # Panics
    /// When `undo` holds moves of a variant with another board size.
    pub fn make_null(&self, pos: &mut Position, undo: &mut UndoStack) {
        dispatch_undo!(self, &mut pos.0, undo, e, p, u => {
            let mut board = u.begin(p);
            e.apply_null(&mut board);
        })
    }

    /// Counts the leaf nodes `depth` plies below `pos` (depth 0 counts 1).
    ///
    /// ```
    /// let capablanca = fairy_rules::Variant::bundled("capablanca")?;
    /// assert_eq!(capablanca.perft(&capablanca.start_position(), 3), 25_228);
    /// # Ok::<(), fairy_rules::LoadError>(())
    /// ```
    ///
    /// Ended games are leaves without children (no legal moves); the move rule and repetition
    /// are not applied, as is usual for perft. With a chance event, a move that triggers it
    /// with k possible drawn cells counts as k moves, one per outcome. Copies `pos` once and
    /// allocates one move list per ply; nothing per node.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        let mut pos = pos.clone();
        self.perft_with(&mut pos, depth, &mut PerftBuffers::new())
    }

    /// What a position of this rule set takes in memory and what a move copies: the
    /// position's own bytes (its inline part and its cells' slots), the bytes of the game
    /// state a made move saves whole, and the bytes a made move saves on average to be
    /// unmade (that state, and the piece sets, cells, hand counts and rarer state it
    /// changed: containers, submerged pieces, markers, sorties, parameters, checks given),
    /// over the legal move tree `depth` plies down from `pos` (every chance outcome made).
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let m = chess.memory(&chess.start_position(), 2);
    /// assert_eq!(m.moves, 420); // 20 moves, then 20 replies to each
    /// assert!(m.state_bytes > 0 && m.state_bytes < m.position_bytes);
    /// assert!(m.bytes_per_move() >= m.state_bytes as f64);
    /// // Each move saves the state and logs the cells and sets it changes; no chess move
    /// // changes the rarer state, so none saves that.
    /// assert_eq!((m.state_bytes, m.saved_bytes), (64, 420 * 160));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn memory(&self, pos: &Position, depth: u32) -> Memory {
        let mut pos = pos.clone();
        dispatch!(self, &mut pos.0, e, p => {
            let mut undo = super::board::Undo::with_depth(depth as usize);
            let (moves, saved) = e.saved_per_move(p, depth, &mut undo);
            Memory {
                position_bytes: position_bytes(p),
                state_bytes: std::mem::size_of_val(&p.st),
                moves,
                saved_bytes: saved,
            }
        })
    }

    /// Perft with caller-provided buffers, made and unmade in place on `pos` (which comes
    /// back unchanged): once the buffers have grown, it allocates nothing. Counts leaf
    /// nodes `depth` plies down, as [`Ruleset::perft`].
    ///
    /// ```
    /// use fairy_rules::{PerftBuffers, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let mut pos = chess.start_position();
    /// let mut buffers = PerftBuffers::new();
    /// assert_eq!(chess.perft_with(&mut pos, 3, &mut buffers), 8_902);
    /// assert_eq!(chess.perft_with(&mut pos, 4, &mut buffers), 197_281);
    /// assert_eq!(pos, chess.start_position());
    ///
    /// // Split by root move, in the generator's order.
    /// let divide = chess.divide(&pos, 2);
    /// assert_eq!((divide.moves.len(), divide.total), (20, 400));
    /// let (first, count) = divide.moves[0];
    /// assert_eq!((chess.move_text(first).as_str(), count), ("a2a3", 20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn perft_with(&self, pos: &mut Position, depth: u32, buffers: &mut PerftBuffers) -> u64 {
        let depth = depth as usize;
        while buffers.lists.len() < depth {
            buffers.lists.push(Vec::with_capacity(256));
        }
        let lists = &mut buffers.lists[..depth];
        dispatch_undo!(self, &mut pos.0, &mut buffers.undo, e, p, u => e.perft(p, lists, u))
    }

    /// Perft for each root move, in the generator's order: [`Divide::moves`] holds each
    /// legal move of `pos` with the leaf count `depth - 1` plies below it (`depth` 0 and 1
    /// give 1 per move). See the example of [`Ruleset::perft_with`].
    pub fn divide(&self, pos: &Position, depth: u32) -> Divide {
        let mut pos = pos.clone();
        dispatch!(self, &mut pos.0, e, p => e.divide(p, depth))
    }

    /// Perft with the work shared out over `threads` worker threads (rayon): one task per
    /// position two plies down (a few hundred tasks balance better than the root moves
    /// alone); each task copies its position once and has its own buffers. `threads` of 0
    /// or 1 counts on the calling thread. The count equals [`Ruleset::perft`]'s.
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// assert_eq!(chess.perft_threads(&chess.start_position(), 4, 2)?, 197_281);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The thread pool could not be created (the operating system refused the threads).
    #[cfg(feature = "parallel")]
    pub fn perft_threads(
        &self,
        pos: &Position,
        depth: u32,
        threads: usize,
    ) -> Result<u64, rayon::ThreadPoolBuildError> {
        use rayon::prelude::*;
        // Chance events multiply the tree unevenly: counted on one thread.
        if threads <= 1 || depth < 3 || self.chance.is_some() {
            return Ok(self.perft(pos, depth));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        let grandchildren: Vec<Position> = self
            .legal_moves(pos)
            .into_iter()
            .flat_map(|m| {
                let child = self.play_unchecked(pos, m);
                self.legal_moves(&child)
                    .into_iter()
                    .map(|reply| self.play_unchecked(&child, reply))
                    .collect::<Vec<_>>()
            })
            .collect();
        Ok(pool.install(|| {
            grandchildren
                .into_par_iter()
                .map_init(PerftBuffers::new, |buffers, mut p| {
                    self.perft_with(&mut p, depth - 2, buffers)
                })
                .sum()
        }))
    }

    /// The result if the game is over in `pos`: a flag reached or royal pieces captured by
    /// the last move, checkmate, stalemate or the move rule; `None` while it goes on. A mate
    /// on the move that reaches the move-rule limit counts. Repetition needs the game's
    /// history: see [`crate::Game::outcome`]. What each end means is the definition's
    /// `end:` (`docs/authoring.md`).
    ///
    /// ```
    /// use fairy_rules::{Color, Outcome, Reason, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// // Fool's mate: Black has mated; nothing had ended the game before White's turn.
    /// let mate = chess.parse_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")?;
    /// assert_eq!(chess.outcome(&mate), Some(Outcome::Win { winner: Color::Black, reason: Reason::Checkmate }));
    /// assert_eq!(chess.decided(&mate), None);
    /// assert_eq!(chess.outcome(&chess.start_position()), None);
    ///
    /// // King of the hill: White's king reached the centre, which ends the game at once.
    /// let koth = Variant::bundled("king-of-the-hill")?;
    /// let hill = koth.parse_fen("4k3/8/8/8/4K3/8/8/8 b - - 0 1")?;
    /// let won = Some(Outcome::Win { winner: Color::White, reason: Reason::Flag });
    /// assert_eq!(koth.decided(&hill), won);
    /// assert_eq!(koth.outcome(&hill), won);
    /// assert!(koth.legal_moves(&hill).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        dispatch!(self, &pos.0, e, p => e.outcome(p))
    }

    /// Whether a move rule has run out in `pos`: the halfmove clock reached the move rule, or
    /// the counting rules' count passed its limit. The game is then drawn unless the side
    /// to move is checkmated.
    pub(crate) fn move_limit_reached(&self, pos: &Position) -> bool {
        let limit = self.end.move_rule_plies;
        (limit > 0 && pos.halfmove_clock() >= limit)
            || (self.end.counting.is_some() && dispatch!(self, &pos.0, e, p => e.counted_out(p)))
    }

    /// Whether the game already ended with the last move (a flag reached, royal pieces
    /// captured under extinction): then it has no legal moves. See the example of
    /// [`Ruleset::outcome`].
    pub fn decided(&self, pos: &Position) -> Option<Outcome> {
        dispatch!(self, &pos.0, e, p => e.decided(p))
    }

    /// The cells the chance event after `m` draws from, each with the same probability, or
    /// the empty set when `m` triggers none. `m` is a legal move of `pos`. The event is the
    /// definition's `chance:` (Bermuda: `docs/games/bermuda.md`).
    ///
    /// In the Bermuda Chess Angle, a move that touches the Angle (c3-h8) draws one of its 36
    /// squares; the piece there sinks:
    ///
    /// ```
    /// let bermuda = fairy_rules::Variant::bundled("bermuda")?;
    /// let start = bermuda.start_position();
    /// let cell = |name| bermuda.topology.parse_cell(name).unwrap();
    /// assert!(bermuda.chance_cells(&start, bermuda.parse_move(&start, "a2a3")?).is_empty());
    /// let e4 = bermuda.parse_move(&start, "e2e4")?;
    /// let cells = bermuda.chance_cells(&start, e4);
    /// assert_eq!(cells.count(), 36);
    /// assert!(cells.has(cell("c3")) && cells.has(cell("h8")));
    ///
    /// // The outcome is part of the move as played: drawn e4, the pawn sinks on arrival.
    /// let sunk = e4.with_outcome(cell("e4"));
    /// assert_eq!(bermuda.move_text(sunk), "e2e4@e4");
    /// assert_eq!(sunk.choice(), e4);
    /// let after = bermuda.play(&start, sunk)?;
    /// assert_eq!(bermuda.fen(&after), "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPP1PPPPP/RNBSQKSBNR b KQkq - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn chance_cells(&self, pos: &Position, m: Move) -> Bitboard {
        if !self.on_board(m) {
            return Bitboard::EMPTY;
        }
        dispatch!(self, &pos.0, e, p => e.chance_cells(p, &m.choice()).resize())
    }

    /// `pos` as `side` sees it: the opponent's hidden markers and submerged pieces removed,
    /// its hidden ammunition shown full. In games without hidden parts, `pos` itself. A view
    /// may show the side not to move in check (a hidden blocker removed): its FEN is read
    /// back by [`Ruleset::parse_view`], not [`Ruleset::parse_fen`]. Which parts are hidden
    /// is the definition's (`hidden: true`; Seachess: `docs/games/seachess.md`).
    ///
    /// In Seachess a cruiser plants a mine Black does not see:
    ///
    /// ```
    /// use fairy_rules::{Color, Unseen, Variant};
    /// use rand::SeedableRng;
    /// let sea = Variant::bundled("seachess")?;
    /// assert!(sea.has_hidden_information());
    /// assert!(!Variant::bundled("chess")?.has_hidden_information());
    ///
    /// let start = sea.start_position();
    /// let plant = sea.parse_move(&start, "c1:M")?;
    /// assert!(sea.is_hidden_move(plant));
    /// let pos = sea.play(&start, plant)?;
    /// assert_eq!(pos.markers_of(Color::White).count(), 1);
    ///
    /// // Black's view has no mine, but Black knows one lies somewhere (marker type 0, once).
    /// let view = sea.redact(&pos, Color::Black);
    /// assert!(view.markers_of(Color::White).is_empty());
    /// let unseen = sea.unseen(&pos, Color::Black);
    /// assert_eq!(unseen, Unseen { submerged: vec![], markers: vec![(0, 1)] });
    ///
    /// // A guess consistent with the view: the mine somewhere Black cannot tell apart.
    /// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    /// let guess = sea.determinize(&view, Color::Black, &unseen, &mut rng);
    /// assert_eq!(guess.markers_of(Color::White).count(), 1);
    /// assert_eq!(sea.fen(&sea.redact(&guess, Color::Black)), sea.fen(&view));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn redact(&self, pos: &Position, side: Color) -> Position {
        dispatch!(self, &pos.0, e, p => Position(AnyPos::from(e.redact(p, side))))
    }

    /// What `side` does not see of `pos`, counted: the opponent's hidden submerged pieces by
    /// kind and hidden markers by type (empty in a game without hidden parts). See the
    /// example of [`Ruleset::redact`].
    pub fn unseen(&self, pos: &Position, side: Color) -> Unseen {
        dispatch!(self, &pos.0, e, p => e.unseen(p, side))
    }

    /// A position `side` cannot tell from `view`, its view of the game ([`Ruleset::redact`]):
    /// the opponent's `unseen` pieces and markers put on cells drawn with `rng` where they
    /// could be. Its redaction for `side` is `view` again. The search plays from such
    /// samples in games of hidden information (determinization). See the example of
    /// [`Ruleset::redact`].
    pub fn determinize(
        &self,
        view: &Position,
        side: Color,
        unseen: &Unseen,
        rng: &mut impl rand::Rng,
    ) -> Position {
        dispatch!(self, &view.0, e, p => Position(AnyPos::from(e.determinize(p, side, unseen, rng))))
    }

    /// Whether a side may not see everything of a position (Seachess's mines and
    /// submarines): then a frontend shows each side only [`Ruleset::redact`]'s view. See the
    /// example of [`Ruleset::redact`].
    pub fn has_hidden_information(&self) -> bool {
        self.layers.as_ref().is_some_and(|l| l.hides_anything())
    }

    /// Whether the opponent of the side that makes `m` sees no more of it than that a hidden
    /// move was made (a hidden mine planted, a submerged move). See the example of
    /// [`Ruleset::redact`].
    pub fn is_hidden_move(&self, m: Move) -> bool {
        with_engine!(self, e => e.is_hidden_move(&m))
    }

    /// The Zobrist key of `pos` computed from its contents alone: equal to
    /// [`Position::hash`], which moves keep up to date, unless something is wrong.
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let start = chess.start_position();
    /// let after = chess.play(&start, chess.parse_move(&start, "e2e4")?)?;
    /// assert_eq!(after.hash(), chess.hash_from_scratch(&after));
    /// assert_ne!(after.hash(), start.hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hash_from_scratch(&self, pos: &Position) -> u64 {
        dispatch!(self, &pos.0, e, p => e.hash_from_scratch(p))
    }

    /// Quiet targets and capture reach (cells it could capture on, whoever stands there) of
    /// a piece of `kind` and `color` on `from` in `pos`, by its own movement.
    pub(crate) fn piece_targets(
        &self,
        pos: &Position,
        kind: Kind,
        from: Cell,
        color: Color,
    ) -> (Bitboard, Bitboard) {
        dispatch!(self, &pos.0, e, p => {
            let occ = p.st.blockers();
            let (quiet, reach) = e.piece_reach(&p.sets, kind, from, color, occ, p.st.unmoved.has(from));
            ((quiet & !p.st.occupied()).resize(), reach.resize())
        })
    }

    /// The two-leg moves of a `kind` piece of `color` on `from`, whatever stands around it:
    /// per first-leg cell (where it captures), the cells its second leg may end on (`from`
    /// itself for a capture without moving); and the cells it may pass by (XBetza's `a`).
    pub(crate) fn two_leg_targets(
        &self,
        kind: Kind,
        from: Cell,
        color: Color,
    ) -> (Vec<(Cell, Bitboard)>, Bitboard) {
        super::with_engine!(self, e => {
            let tables = &e.t.pieces[color.index()][kind.index()];
            let mut legs: Vec<(Cell, Bitboard)> = Vec::new();
            for leg in tables.legs.get(from.index()).into_iter().flatten() {
                match legs.iter_mut().find(|(via, _)| *via == leg.via) {
                    Some((_, to)) => *to = to.with(leg.to),
                    None => legs.push((leg.via, Bitboard::from_cell(leg.to))),
                }
            }
            legs.sort_by_key(|(via, _)| *via);
            let passes = tables
                .passes
                .get(from.index())
                .map_or(Bitboard::EMPTY, |p| p.resize());
            (legs, passes)
        })
    }

    /// Fills each optional promotion's forced cells: the zone cells from which the piece,
    /// unpromoted, has no move even on an empty board (shogi's pawn and lance on the last
    /// rank, knight on the last two).
    pub(crate) fn forced_promotions(&mut self) {
        let empty = self.empty_position();
        for k in 0..self.pieces.len() {
            let Some(zone) = self.pieces[k]
                .promotion
                .as_ref()
                .filter(|p| p.optional)
                .map(|p| p.zone)
            else {
                continue;
            };
            let kind = Kind::new(k as u8);
            let forced = Color::BOTH.map(|color| {
                zone[color.index()]
                    .cells()
                    .filter(|&cell| {
                        let (quiet, reach) = self.piece_targets(&empty, kind, cell, color);
                        quiet.is_empty() && reach.is_empty()
                    })
                    .collect()
            });
            if let Some(p) = self.pieces[k].promotion.as_mut() {
                p.forced = forced;
            }
        }
    }

    /// Whether a piece of `kind` and `color` could go from `from` to `to` by its own
    /// movement on some board, whatever stands in the way (castling aside).
    pub(crate) fn could_move(&self, kind: Kind, color: Color, from: Cell, to: Cell) -> bool {
        with_engine!(self, e => e.could_move(kind, color, from, to))
    }

    /// How much a `kind` piece can do on an empty board of this variant: its moves averaged
    /// over the cells, a move that only moves or only captures counting half, each further
    /// square of a ride 0.7 of the one before (see [`crate::search`] for the values derived
    /// from it).
    pub(crate) fn empty_board_mobility(&self, kind: Kind) -> f64 {
        with_engine!(self, e => e.empty_board_mobility(kind))
    }

    /// How much a `kind` piece of `color` can do from `from` on an empty board (weighted as
    /// in [`Ruleset::empty_board_mobility`]).
    pub(crate) fn cell_mobility(&self, kind: Kind, color: Color, from: Cell) -> f64 {
        with_engine!(self, e => e.cell_mobility(kind, color, from))
    }

    /// What `side`'s non-royal pieces reach by their leaps and plain rides, with `values`
    /// the centipawns of each kind by index and `first` the kinds whose first two cells
    /// count again: the search's mobility and threats terms.
    pub(crate) fn activity(
        &self,
        pos: &Position,
        side: Color,
        values: &[i32],
        first: &[bool],
    ) -> Activity {
        dispatch!(self, &pos.0, e, p => e.activity(p, side, values, first))
    }

    /// For each flag rule, `side`'s pieces that could win by it and the cells they must reach.
    pub(crate) fn flag_goals(&self, pos: &Position, side: Color) -> Vec<(Bitboard, Bitboard)> {
        dispatch!(self, &pos.0, e, p => e
            .flag_goals(p, side)
            .into_iter()
            .map(|(a, b)| (a.resize(), b.resize()))
            .collect())
    }

    /// Whether that piece reaches `to` from `from` on an empty board without capturing.
    pub(crate) fn could_move_quietly(
        &self,
        kind: Kind,
        color: Color,
        from: Cell,
        to: Cell,
    ) -> bool {
        with_engine!(self, e => e.could_move_quietly(kind, color, from, to))
    }
}
