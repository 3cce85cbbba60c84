//! The position: every occupant of every cell, and the state of the game.
//!
//! One representation serves every game. [`Sets`] holds the cells of each colour and kind
//! on the surface (aboard containers included) and [`Hand`] the pieces in hand; [`St`] the
//! state every game changes (the cells of each colour, blocking cells, castling and
//! first-move state, en passant, the side to move, clocks and the Zobrist key), a plain
//! `Copy` value of 64 to 184 bytes by the board's width saved whole at every move; [`Extra`]
//! the state only some games change (containers, submerged pieces and markers by owner,
//! sorties, game parameters, check counts, passes, ...), saved by a move only when it
//! changes it, while the sets and the hand log the entries a move changes. The cells'
//! contents (the surface piece, a container's crew, the submerged piece, the marker and
//! each piece's state) are [`Slot`]s, 16 bytes per cell, behind one pointer. Making a move
//! saves the `St` and logs the rest it changes (see `make`), so a position is made and
//! unmade in place and perft and search allocate nothing per node; cloning a position
//! allocates its slots once.

use crate::rules::containers::Crew;
use crate::rules::layers::PieceState;
use crate::rules::tables::AnyTables;
use crate::rules::{Color, Kind, Piece, MAX_KINDS, MAX_PARAMETERS};
use crate::types::bitboard::{Bitboard, Bits, Cell};

/// `[color][kind]`: how many such pieces the side holds in hand.
pub(crate) type Hand = [[u8; MAX_KINDS]; 2];

/// A game parameter without a value yet.
pub(crate) const UNSET: u8 = u8::MAX;

/// What one cell holds besides what the cell sets say.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct Slot {
    /// The piece on the surface (games without containers).
    pub(crate) piece: Option<Piece>,
    /// The submerged piece.
    pub(crate) under: Option<Piece>,
    /// The marker type plus one (0: none); its owner is in [`St::marked`].
    pub(crate) marker: u8,
    /// The state of the surface piece.
    pub(crate) state: PieceState,
    /// The state of the submerged piece.
    pub(crate) under_state: PieceState,
    /// In a container game, the container and its crew ([`Crew::NONE`] otherwise).
    pub(crate) crew: Crew,
}

/// `[color][kind]`: the cells where such a piece stands on the surface (aboard a container
/// too, where a cell may hold both colours). Kept apart from [`St`]: a made move logs the
/// few sets it changes instead of saving them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Sets<const W: usize>(pub(crate) [[Bits<W>; MAX_KINDS]; 2]);

impl<const W: usize> Sets<W> {
    /// Cells holding a piece of `kind` and `color` on the surface.
    #[inline]
    pub(crate) fn of(&self, color: Color, kind: Kind) -> Bits<W> {
        self.0[color.index()][kind.index()]
    }

    /// Cells holding a piece of `color` of any kind in `kinds`.
    #[inline]
    pub(crate) fn of_kinds(&self, color: Color, kinds: crate::rules::KindSet) -> Bits<W> {
        let mut out = Bits::EMPTY;
        for k in kinds.iter() {
            out |= self.0[color.index()][k.index()];
        }
        out
    }
}

/// The other cell sets and the game state of a position at width `W` that every game
/// changes: a plain `Copy` value saved whole at every move (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct St<const W: usize> {
    /// Cells with a surface piece of each colour.
    pub(crate) by_color: [Bits<W>; 2],
    /// Cells that block lines and paths without a piece: those of a blocking marker, and
    /// walls (`walls:`; see [`Pos::walls`]).
    pub(crate) blocking: Bits<W>,
    /// Unmoved pieces whose state matters: those with first-move components, and castling
    /// kings and partners while they hold a right together.
    pub(crate) unmoved: Bits<W>,
    /// Cells where a capture en passant may land this turn.
    pub(crate) ep_targets: Bits<W>,
    /// The cell of the piece such a capture removes.
    pub(crate) ep_victim: Option<Cell>,
    pub(crate) side: Color,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// The Zobrist key of the whole position, [`Extra`] included.
    pub(crate) hash: u64,
}

impl<const W: usize> St<W> {
    pub(crate) fn empty() -> St<W> {
        St {
            by_color: [Bits::EMPTY; 2],
            blocking: Bits::EMPTY,
            unmoved: Bits::EMPTY,
            ep_targets: Bits::EMPTY,
            ep_victim: None,
            side: Color::White,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// Cells with a surface piece (crewed containers in a container game).
    #[inline]
    pub(crate) fn occupied(&self) -> Bits<W> {
        self.by_color[0] | self.by_color[1]
    }

    /// What stops lines and paths on the surface: pieces and blocking markers.
    #[inline]
    pub(crate) fn blockers(&self) -> Bits<W> {
        self.by_color[0] | self.by_color[1] | self.blocking
    }
}

/// The game state only some games change: containers, submerged pieces, markers, the
/// no-undo ban, sorties, game parameters, check counts, the counting rules' count, passes
/// and the flags of the facing, drop-mate and counterstrike rules. Kept apart from [`St`]:
/// a made move saves it only when it changes it, so a game without these rules never
/// copies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Extra<const W: usize> {
    /// Cells holding a container, crewed or not.
    pub(crate) containers: Bits<W>,
    /// Cells with a submerged piece, by colour.
    pub(crate) under: [Bits<W>; 2],
    /// Cells with a marker, by owner.
    pub(crate) marked: [Bits<W>; 2],
    /// The last move if it was a container move `(from, to)`, which the side to move may not
    /// reverse (the no-undo rule).
    pub(crate) undo_ban: Option<(Cell, Cell)>,
    /// Per side, the cell of the piece whose sortie is under way.
    pub(crate) sortie: [Option<Cell>; 2],
    /// Each game parameter's value per side (a kind or a cell number); [`UNSET`] when none.
    pub(crate) params: [[u8; 2]; MAX_PARAMETERS],
    /// Per side, the checks it has given (check counting; 0 in other games).
    pub(crate) checks: [u8; 2],
    /// The counting rules' count and its limit, in plies (`end: counting`; a limit of 0:
    /// nobody counts). Not in the key, as in Fairy-Stockfish: it never changes the moves.
    pub(crate) count: (u16, u16),
    /// Passes made in a row just before this position, up to 2 (`pass: true`).
    pub(crate) passes: u8,
    /// The royal pieces faced each other before the last move (`royals_facing: must-break`).
    pub(crate) faced: bool,
    /// The last move dropped a piece whose checkmate loses (`drop: mates: loses`). Not in
    /// the key, as no FEN holds it: it only decides who won a checkmate.
    pub(crate) losing_drop: bool,
    /// The last move captured a piece the trading rules protect with a piece of another
    /// kind (`trading: counterstrike`): the reply may not do the same. In the key, as it
    /// changes the legal moves.
    pub(crate) counterstrike: bool,
}

impl<const W: usize> Extra<W> {
    pub(crate) fn empty() -> Extra<W> {
        Extra {
            containers: Bits::EMPTY,
            under: [Bits::EMPTY; 2],
            marked: [Bits::EMPTY; 2],
            undo_ban: None,
            sortie: [None; 2],
            params: [[UNSET; 2]; MAX_PARAMETERS],
            checks: [0; 2],
            count: (0, 0),
            passes: 0,
            faced: false,
            losing_drop: false,
            counterstrike: false,
        }
    }

    /// What stops lines and paths below the surface: submerged pieces and blocking markers
    /// (`blocking`, the state's [`St::blocking`]).
    #[inline]
    pub(crate) fn blockers_below(&self, blocking: Bits<W>) -> Bits<W> {
        self.under[0] | self.under[1] | blocking
    }

    /// The walls: blocking cells (`blocking`, the state's [`St::blocking`]) without a
    /// marker. No game has both (a wall game has no markers), so walls need no cell set of
    /// their own in the state copied at every move.
    #[inline]
    pub(crate) fn walls(&self, blocking: Bits<W>) -> Bits<W> {
        blocking & !(self.marked[0] | self.marked[1])
    }
}

/// A position at width `W`: the sets and state, and the cells' slots.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Pos<const W: usize> {
    pub(crate) sets: Sets<W>,
    pub(crate) st: St<W>,
    pub(crate) extra: Extra<W>,
    /// The pieces in hand. Kept apart from [`St`] like the sets: a made move logs the
    /// count it changes, so games without hands do not copy it at every move.
    pub(crate) hand: Hand,
    pub(crate) slots: Box<[Slot]>,
    /// The fingerprint of the rule set the position belongs to ([`Position::fingerprint`]).
    pub(crate) fingerprint: u64,
}

impl<const W: usize> Pos<W> {
    pub(crate) fn empty(cells: usize, fingerprint: u64) -> Pos<W> {
        Pos {
            sets: Sets([[Bits::EMPTY; MAX_KINDS]; 2]),
            st: St::empty(),
            extra: Extra::empty(),
            hand: [[0; MAX_KINDS]; 2],
            slots: vec![Slot::default(); cells].into_boxed_slice(),
            fingerprint,
        }
    }

    /// The walls ([`Extra::walls`]).
    #[inline]
    pub(crate) fn walls(&self) -> Bits<W> {
        self.extra.walls(self.st.blocking)
    }
}

/// A position of one of the widths; the public [`Position`] wraps it.
#[derive(Clone, PartialEq, Eq)]
///
/// The wider positions are boxed, so that a chess position is not the size of the largest;
/// the narrowest stays inline, so that copying one allocates only its slots.
#[allow(clippy::large_enum_variant)]
pub(crate) enum AnyPos {
    N64(Pos<1>),
    N128(Box<Pos<2>>),
    N256(Box<Pos<4>>),
}

impl From<Pos<1>> for AnyPos {
    fn from(p: Pos<1>) -> AnyPos {
        AnyPos::N64(p)
    }
}

impl From<Pos<2>> for AnyPos {
    fn from(p: Pos<2>) -> AnyPos {
        AnyPos::N128(Box::new(p))
    }
}

impl From<Pos<4>> for AnyPos {
    fn from(p: Pos<4>) -> AnyPos {
        AnyPos::N256(Box::new(p))
    }
}

/// A game position: every piece, container, submerged piece and marker, each piece's state,
/// the side to move, castling and first-move state, en passant, game parameters and clocks.
///
/// It is only meaningful together with the [`crate::Ruleset`] it was made for; a rule set's
/// methods panic when given a position of a variant with another board size. Cloning it
/// allocates its cells' contents (16 bytes per cell); [`crate::Ruleset::make`] and
/// [`crate::Ruleset::unmake`] change it in place without allocating. Its cell sets
/// ([`Bitboard`]) hold cell numbers of the rule set's [`crate::Topology`].
///
/// ```
/// use fairy_rules::{Color, Piece, Variant};
/// let chess = Variant::bundled("chess")?;
/// let pos = chess.parse_fen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")?;
/// let cell = |name| chess.topology.parse_cell(name).unwrap();
/// let pawn = chess.kind_of_letter('P').unwrap();
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.piece_at(cell("e5")), Some(Piece::new(pawn, Color::White)));
/// assert_eq!(pos.piece_at(cell("e4")), None);
/// assert_eq!(pos.occupied().count(), 32);
/// assert_eq!(pos.pieces_of(Color::White).count(), 16);
/// assert_eq!(pos.pieces_of_kind(pawn, Color::Black).count(), 8);
/// assert_eq!(pos.en_passant_targets().cells().collect::<Vec<_>>(), [cell("d6")]);
/// assert_eq!(pos.hash(), chess.hash_from_scratch(&pos));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position(pub(crate) AnyPos);

/// Runs `$body` with `$p` bound to the inner position of `$pos`, at its width.
macro_rules! on_pos {
    ($pos:expr, $p:ident => $body:expr) => {
        match $pos {
            $crate::rules::position::AnyPos::N64($p) => $body,
            $crate::rules::position::AnyPos::N128($p) => $body,
            $crate::rules::position::AnyPos::N256($p) => $body,
        }
    };
}
pub(crate) use on_pos;

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("side", &self.side_to_move())
            .field("occupied", &self.occupied())
            .field("hash", &format_args!("{:016x}", self.hash()))
            .finish_non_exhaustive()
    }
}

impl Position {
    /// The empty board of `cells` cells, at the width of `tables`, belonging to the rule set
    /// of `fingerprint`: no piece, White to move.
    pub(crate) fn empty(tables: &AnyTables, cells: usize, fingerprint: u64) -> Position {
        Position(match tables {
            AnyTables::N64(_) => AnyPos::N64(Pos::empty(cells, fingerprint)),
            AnyTables::N128(_) => AnyPos::from(Pos::<2>::empty(cells, fingerprint)),
            AnyTables::N256(_) => AnyPos::from(Pos::<4>::empty(cells, fingerprint)),
        })
    }

    /// The fingerprint of the rule set this position belongs to: equal to
    /// [`crate::rules::Ruleset::fingerprint`] of the rule set that made it. Every position of a
    /// game carries it, so that a rule set can tell a position of another variant (one with the
    /// same board size would otherwise read as its own). See the example of
    /// [`crate::rules::Ruleset::fingerprint`].
    pub fn fingerprint(&self) -> u64 {
        on_pos!(&self.0, p => p.fingerprint)
    }

    fn slot(&self, cell: Cell) -> Slot {
        on_pos!(&self.0, p => p.slots.get(cell.index()).copied().unwrap_or_default())
    }

    /// The piece on the surface of a cell (in a container game, see [`Position::crew_at`]);
    /// `None` for an empty cell or one off the board. See the example of [`Position`].
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.slot(cell).piece
    }

    /// Whether the last move took a piece the trading rules protect with a piece of
    /// another kind, so that the side to move may not do the same (`trading:
    /// counterstrike`; FEN marks it `!` after the en passant field).
    ///
    /// ```
    /// let chu = fairy_rules::Variant::bundled("chu-shogi")?;
    /// let pos = chu.parse_fen("k11/12/2r9/12/1R3n6/12/12/12/12/2N9/12/11K w - - 0 1")?;
    /// let after = chu.play(&pos, chu.parse_move(&pos, "b8f8")?)?; // a rook takes the lion
    /// assert!(after.counterstrike() && !pos.counterstrike());
    /// assert_eq!(chu.fen(&after), "k11/12/2r9/12/5R6/12/12/12/12/2N9/12/11K b - -! 0 1");
    /// assert_eq!(chu.parse_fen(&chu.fen(&after))?, after);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counterstrike(&self) -> bool {
        on_pos!(&self.0, p => p.extra.counterstrike)
    }

    /// The side to move. See the example of [`Position`].
    pub fn side_to_move(&self) -> Color {
        on_pos!(&self.0, p => p.st.side)
    }

    /// Cells with a piece on the surface (crewed containers in a container game). See the
    /// example of [`Position`].
    pub fn occupied(&self) -> Bitboard {
        on_pos!(&self.0, p => p.st.occupied().resize())
    }

    /// Cells with a surface piece of `color` (in a container game, containers with a piece
    /// of `color` aboard). See the example of [`Position`].
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        on_pos!(&self.0, p => p.st.by_color[color.index()].resize())
    }

    /// Cells with a surface piece of `kind` and `color` (aboard a container too); empty for
    /// a kind the variant does not have. See the example of [`Position`].
    pub fn pieces_of_kind(&self, kind: Kind, color: Color) -> Bitboard {
        if kind.index() >= MAX_KINDS {
            return Bitboard::EMPTY;
        }
        on_pos!(&self.0, p => p.sets.of(color, kind).resize())
    }

    /// How many pieces like `piece` its side holds in hand (0 in a game without hands).
    /// Which captures go to hand is the definition's `hand:`.
    ///
    /// ```
    /// use fairy_rules::{Color, MoveKind, Piece, Variant};
    /// let crazyhouse = Variant::bundled("crazyhouse")?;
    /// // After 1. e4 d5 2. exd5 Qxd5: each side holds a pawn.
    /// let pos = crazyhouse.parse_fen("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3")?;
    /// let pawn = crazyhouse.kind_of_letter('P').unwrap();
    /// assert_eq!(pos.in_hand(Piece::new(pawn, Color::White)), 1);
    /// assert_eq!(pos.in_hand(Piece::new(crazyhouse.kind_of_letter('Q').unwrap(), Color::White)), 0);
    /// let drops = crazyhouse.legal_moves(&pos).into_iter().filter(|m| m.kind == MoveKind::Drop).count();
    /// assert_eq!(drops, 33); // a pawn onto any empty square of ranks 2 to 7
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_hand(&self, piece: Piece) -> u8 {
        let (c, k) = (piece.color().index(), piece.kind().index());
        on_pos!(&self.0, p => p.hand[c].get(k).copied().unwrap_or(0))
    }

    /// Cells with a submerged piece of `color` (Seachess's submarines; empty in games
    /// without). See the example of [`Position::state_at`].
    pub fn submerged_of(&self, color: Color) -> Bitboard {
        on_pos!(&self.0, p => p.extra.under[color.index()].resize())
    }

    /// Cells with a marker owned by `color` (Seachess's mines; empty in games without).
    /// See the example of [`Position::state_at`].
    pub fn markers_of(&self, color: Color) -> Bitboard {
        on_pos!(&self.0, p => p.extra.marked[color.index()].resize())
    }

    /// Cells holding a wall (`walls:`), which no piece enters or passes over.
    pub(crate) fn walls(&self) -> Bitboard {
        on_pos!(&self.0, p => p.walls().resize())
    }

    /// Cells where an en passant capture may land (the cells a long first move passed;
    /// empty when the last move made none). See the example of [`Position`].
    pub fn en_passant_targets(&self) -> Bitboard {
        on_pos!(&self.0, p => p.st.ep_targets.resize())
    }

    /// The cell of the piece that en passant captures take, when there are targets.
    pub(crate) fn en_passant_victim(&self) -> Option<Cell> {
        on_pos!(&self.0, p => p.st.ep_victim)
    }

    /// Cells of the unmoved pieces whose state matters: pieces with first-move components,
    /// and castling kings and partners while they hold a right together.
    pub(crate) fn unmoved(&self) -> Bitboard {
        on_pos!(&self.0, p => p.st.unmoved.resize())
    }

    /// Plies since the last capture or clock-resetting move.
    pub(crate) fn halfmove_clock(&self) -> u32 {
        on_pos!(&self.0, p => p.st.halfmove)
    }

    /// The checks `side` has given (check counting: `end: checks_to_win`; 0 in other games).
    ///
    /// ```
    /// use fairy_rules::{Color, Game, Variant};
    /// let mut game = Game::new(Variant::bundled("3check")?);
    /// for m in ["e2e4", "e7e5", "f1c4", "a7a6", "c4f7"] {
    ///     game.play(m)?;
    /// }
    /// assert_eq!(game.position().checks_given(Color::White), 1);
    /// assert_eq!(game.position().checks_given(Color::Black), 0);
    /// assert_eq!(game.fen(), "rnbqkbnr/1ppp1Bpp/p7/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checks_given(&self, side: Color) -> u8 {
        on_pos!(&self.0, p => p.extra.checks[side.index()])
    }

    /// The counting rules' count and its limit, in plies (`end: counting`), while a side
    /// counts; the game is drawn when the count passes the limit. `None` when nobody counts.
    ///
    /// ```
    /// use fairy_rules::{Game, Variant};
    /// let makruk = Variant::bundled("makruk")?;
    /// // Black's king stands alone against a rook: 16 moves, counted from the 3 pieces.
    /// let mut game = Game::from_fen(makruk, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1")?;
    /// assert_eq!(game.position().count(), None);
    /// game.play("a1a2")?;
    /// assert_eq!(game.position().count(), Some((6, 32)));
    /// assert_eq!(game.fen(), "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> Option<(u32, u32)> {
        on_pos!(&self.0, p => {
            let (ply, limit) = p.extra.count;
            (limit > 0).then_some((u32::from(ply), u32::from(limit)))
        })
    }

    /// Move number, starting at 1 and increased after Black's move.
    pub(crate) fn fullmove_number(&self) -> u32 {
        on_pos!(&self.0, p => p.st.fullmove)
    }

    /// Zobrist key of everything that makes positions equal for repetition: every occupant
    /// and its state, the side to move, the unmoved pieces that matter (castling rights,
    /// first moves), en passant targets, game parameters, a no-undo ban and a sortie. The
    /// clocks are left out. See the examples of [`Position`] and
    /// [`crate::Ruleset::hash_from_scratch`].
    pub fn hash(&self) -> u64 {
        on_pos!(&self.0, p => p.st.hash)
    }

    /// What stands on a cell of a container game: the container and its crew
    /// (no container and no crew for a cell without a container, and in other games).
    ///
    /// PiRaTeKnIcS (`docs/games/pirateknics.md`) starts with a crew of three aboard each
    /// ship:
    ///
    /// ```
    /// let pirates = fairy_rules::Variant::bundled("pirateknics")?;
    /// let start = pirates.start_position();
    /// let crew = |name| {
    ///     let cell = pirates.topology.parse_cell(name).unwrap();
    ///     start.crew_at(cell).pieces().map(|p| pirates.letter(p)).collect::<String>()
    /// };
    /// assert_eq!(crew("b1"), "RBN"); // largest kind first
    /// assert_eq!(crew("d1"), "KBN");
    /// assert_eq!(crew("b4"), ""); // open sea
    /// assert!(start.piece_at(pirates.topology.parse_cell("b1").unwrap()).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn crew_at(&self, cell: Cell) -> Crew {
        self.slot(cell).crew
    }

    /// The submerged piece under a cell, `None` without one. See the example of
    /// [`Position::state_at`].
    pub fn submerged_at(&self, cell: Cell) -> Option<Piece> {
        self.slot(cell).under
    }

    /// The marker on a cell: its type (index into
    /// [`crate::rules::layers::LayerRules::markers`]) and owner. See the example of
    /// [`Position::state_at`].
    pub fn marker_at(&self, cell: Cell) -> Option<(u8, Color)> {
        let ty = self.slot(cell).marker.checked_sub(1)?;
        let owner = if self.markers_of(Color::White).has(cell) {
            Color::White
        } else {
            Color::Black
        };
        Some((ty, owner))
    }

    /// The state of the surface piece on a cell (ammunition, facing, turns on the surface).
    ///
    /// The layers of Seachess (`docs/games/seachess.md`): a loaded cruiser plants its mine.
    ///
    /// ```
    /// use fairy_rules::{Color, Variant};
    /// let sea = Variant::bundled("seachess")?;
    /// let start = sea.start_position();
    /// let c1 = sea.topology.parse_cell("c1").unwrap();
    /// assert_eq!(start.state_at(c1).ammo(0), 1); // the cruiser's mine
    ///
    /// let pos = sea.play(&start, sea.parse_move(&start, "c1:M")?)?;
    /// assert_eq!(pos.state_at(c1).ammo(0), 0);
    /// assert_eq!(pos.marker_at(c1), Some((0, Color::White))); // marker type 0: the mine
    /// assert_eq!(pos.markers_of(Color::White).cells().collect::<Vec<_>>(), [c1]);
    /// assert!(pos.submerged_of(Color::White).is_empty());
    /// assert_eq!(pos.submerged_at(c1), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn state_at(&self, cell: Cell) -> PieceState {
        self.slot(cell).state
    }

    /// The state of the submerged piece under a cell.
    pub(crate) fn submerged_state_at(&self, cell: Cell) -> PieceState {
        self.slot(cell).under_state
    }

    /// The last move, when it was a container move that the side to move may not reverse.
    pub(crate) fn undo_ban(&self) -> Option<(Cell, Cell)> {
        on_pos!(&self.0, p => p.extra.undo_ban)
    }

    /// The cell of the piece of `side` whose sortie is under way: until it returns, that
    /// side's only moves are its sortie's captures and its return.
    pub(crate) fn sortie(&self, side: Color) -> Option<Cell> {
        on_pos!(&self.0, p => p.extra.sortie[side.index()])
    }
}
