//! The compiled, immutable rule set of a variant.
//!
//! Conventions of its data: a value "per side" is a `[T; 2]` holding White's then Black's
//! (indexed by colour); a cell set is a [`Bitboard`] of the board's cell numbers (see
//! [`Topology`]); a [`Kind`] indexes [`Ruleset::pieces`]; each field names the definition key
//! it comes from (`docs/authoring.md` describes them).

pub mod containers;
pub mod conversion;
pub mod explosion;
pub mod hand;
pub(crate) mod hexagon;
pub mod layers;
pub(crate) mod notation;
pub(crate) mod placement;
pub(crate) mod position;
pub(crate) mod setwise;
pub(crate) mod tables;
mod topology;
pub mod trading;
pub mod walls;

pub use topology::{Geometry, Topology};

use indexmap::IndexMap;

use crate::types::bitboard::{Bitboard, Cell};
use crate::types::rule_enums::{Distance, MateRule, RoyalCheck, RoyalRule, StalemateRule};
use position::Position;
use tables::AnyTables;

pub use crate::types::piece::{Color, Kind, KindSet, Piece, MAX_KINDS};

/// A piece type as the rule set knows it.
///
/// See the example of [`Ruleset::kinds`].
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct PieceType {
    /// The name used in the definition (`falcon`).
    pub name: String,
    /// The upper-case FEN letter; Black's pieces use the lower case.
    pub letter: char,
    /// The movement as written, in Betza notation.
    pub moves: String,
    /// Whether the piece is royal (may not be left attacked under the checkmate rule).
    pub royal: bool,
    /// Whether it takes part in en passant.
    pub en_passant: bool,
    /// Whether it captures en passant (with `en_passant`, unless `takes_en_passant: false`).
    pub takes_en_passant: bool,
    /// Per side, the passed cells it may be captured en passant on (every cell when `None`).
    pub en_passant_zone: Option<[Bitboard; 2]>,
    /// Whether its moves reset the halfmove clock.
    pub resets_halfmove_clock: bool,
    /// Promotion, if it promotes.
    pub promotion: Option<Promotion>,
    /// Whether it has first-move-only (`i`) components.
    pub first_move: bool,
    /// How it is dropped from the hand, in a game with pieces in hand.
    pub drop: Option<hand::DropRule>,
    /// It only comes into play by promotion (`promoted: true`): captured, it demotes.
    pub promoted: bool,
    /// The name of its image in the project's set (`image:`, a file name of
    /// `assets/pieces/` without `.svg`: `falcon`), `None` to draw its letter in a disc.
    pub image: Option<String>,
    /// Its value for the search in centipawns, when the definition gives one (`value:`);
    /// otherwise the search derives it from the movement (see [`crate::search::Values`]).
    pub value: Option<u32>,
    /// Pieces its hopper components may not hop over (`cannot_hop:`).
    pub cannot_hop: KindSet,
    /// Pieces it may not capture (`cannot_capture:`).
    pub cannot_capture: KindSet,
    /// Its first-move components are open while its side is in check (`first_move_in_check:`,
    /// `true` unless the definition says otherwise).
    pub first_move_in_check: bool,
    /// Enemy kinds that take its first-move rights away by ending a move on its file or
    /// rank (`loses_first_move_to:`).
    pub loses_first_move_to: KindSet,
}

/// Where and into what a piece promotes.
#[derive(Debug, Clone)]
pub struct Promotion {
    /// Per side, the cells where a move ending promotes.
    pub zone: [Bitboard; 2],
    /// Per side, the kinds it may become, in the definition's order, without repeats.
    pub choices: [Vec<Kind>; 2],
    /// Choices open only while the promoting side has fewer than this many pieces of the
    /// kind on the board (`limit:`, Fairy-Stockfish's `promotionLimit`); empty without.
    pub limit: Vec<(Kind, u8)>,
    /// Shogi's promotion (`optional: true`): a move starting or ending in the zone may
    /// promote or not ...
    pub optional: bool,
    /// ... except onto these cells (per side), from which the unpromoted piece could never
    /// move again: zone cells where an optional promotion is forced (empty otherwise).
    pub forced: [Bitboard; 2],
    /// Only captures promote (`on_capture: true`, micro shogi).
    pub on_capture: bool,
    /// With `optional`: only a move entering the zone from outside, or a capture starting
    /// or ending in it, may promote (`entering: true`, Chu Shogi).
    pub entering: bool,
    /// Sittuyin's promotion (`standing: true`): a move of its own from the zone, in place or
    /// by a non-capturing move of the new kind onto an empty cell, never on arrival.
    pub standing: bool,
    /// A standing promotion of the side's last piece of the kind is open anywhere.
    pub last_anywhere: bool,
    /// A standing promotion may neither leave the new piece attacking an enemy piece nor
    /// give check.
    pub peaceful: bool,
}

/// Castling as data: the king piece, its partners and the king's distance.
#[derive(Debug, Clone)]
pub struct Castling {
    /// Kind of the castling king.
    pub king: Kind,
    /// Kinds of the partners (rooks).
    pub partners: KindSet,
    /// King distance toward the higher files.
    pub kingside: Distance,
    /// King distance toward file a.
    pub queenside: Distance,
    /// Chess960 castling (`king_files:`): the files (kingside, queenside) the king lands
    /// on from any start file, the partner beside it on the centre's side; the distances
    /// are then unused.
    pub king_files: Option<[u8; 2]>,
    /// Whether castling ignores attacks (`ignore_check: true`): the king may castle out of
    /// and through check, though not into it under the checkmate rule.
    pub ignore_check: bool,
    /// Per side, the home cells of the king and of the partners on which dropped castling
    /// pieces gain castling rights (`drop_rights:`), `None` when dropped ones never do.
    pub drop_rights: Option<DropRights>,
}

/// Where dropped castling pieces gain castling rights (Fairy-Stockfish's
/// `castlingDroppedPiece`): a king dropped on a `king` cell becomes unmoved with the
/// partners standing on `partners` cells of its rank; a partner dropped on a `partners`
/// cell becomes unmoved with a king standing on a `king` cell of its rank.
#[derive(Debug, Clone)]
pub struct DropRights {
    /// Per side, the king's home cells.
    pub king: [Bitboard; 2],
    /// Per side, the partners' home cells.
    pub partners: [Bitboard; 2],
}

/// A chance event (the definition's `chance:`), compiled.
#[derive(Debug, Clone)]
pub struct Chance {
    /// Per side (the side that moved), the cells drawn from, each with the same probability.
    pub cells: [Bitboard; 2],
    /// Triggered when the move's path touches the cells.
    pub on_path: bool,
    /// Triggered when a piece stands in the cells after the move.
    pub on_occupied: bool,
    /// Whatever stands on the drawn cell is removed (a container's whole crew).
    pub remove_piece: bool,
    /// The moved pieces are removed when the drawn cell is on their path.
    pub remove_mover: bool,
}

/// How a game ends.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct EndRules {
    /// Royal protection rule.
    pub royal: RoyalRule,
    /// Whether a position alone may end the game before the side to move plays: a full
    /// board, lost royal pieces (under extinction or by a blast), `extinction`, the winning
    /// check or a flag. Set once the rule set is built; checked first at every node.
    pub(crate) ends_by_position: bool,
    /// Stalemate result for the stalemated side.
    pub stalemate: StalemateRule,
    /// Halfmove clock limit in plies (twice the move rule), 0 = off.
    pub move_rule_plies: u32,
    /// Repetition count that draws, 0 = off.
    pub repetition: u32,
    /// Counting rules (`end: counting`), if any.
    pub counting: Option<Counting>,
    /// Flag wins.
    pub flags: Vec<Flag>,
    /// Material that draws: the game ends drawn when the board holds exactly one of these
    /// sets of pieces, or one with its colours swapped.
    pub insufficient_material: Vec<Material>,
    /// The most pieces of any `insufficient_material` set: a position with more is none of
    /// them (a count the search asks for at every node). Set once the rule set is built.
    pub(crate) insufficient_most: usize,
    /// The result of checkmate for the checkmated side.
    pub checkmate: MateRule,
    /// The extinction rule, if any.
    pub extinction: Option<Extinction>,
    /// Check counting: the side that gives this many checks wins (0: off).
    pub checks_to_win: u8,
    /// Flag reply: after White reaches a flag zone, Black may still reach its own (a draw).
    pub flag_reply: bool,
    /// Which attacks on several royal pieces of a side are check (`check:`).
    pub check: RoyalCheck,
    /// The game ends when every cell is occupied (`full_board: true`).
    pub full_board: bool,
    /// Stalemate, two passes and a full board are won by the side with more pieces on the
    /// board (`count_pieces: true`).
    pub count_pieces: bool,
}

/// Counting rules (`end: counting`; Fairy-Stockfish's `countingRule`): the limits of a
/// count that draws the game, in plies. See [`crate::Position::count`] for the count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counting {
    /// Nobody counts while a piece of these kinds stands on the board.
    pub paused_by: KindSet,
    /// The board's honour: the limit for a side with more than its royal piece left (0:
    /// such a side does not count).
    pub board_plies: u32,
    /// The pieces' honour for a side with its royal piece alone: the first entry whose
    /// pieces (a count per kind) the opponent has at least gives the limit; none: no count.
    pub bare: Vec<([u8; MAX_KINDS], u32)>,
    /// Whether the pieces' honour counts from the plies of the pieces on the board (two a
    /// piece, makruk) or from 0 (ASEAN chess).
    pub bare_from_pieces: bool,
}

/// An extinction rule: a side with at most `left` pieces of one of the kinds (or of all
/// kinds together) has lost, or won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extinction {
    /// Each kind counted on its own; `None`: every piece of a side counted together.
    pub kinds: Option<KindSet>,
    /// The most pieces left for which it applies.
    pub left: u8,
    /// What it means for the side it applies to.
    pub result: MateRule,
    /// It applies only while the opponent has at least this many pieces of the kind (or
    /// of all together; 0: always).
    pub opponent_has: u8,
    /// To the side to move it applies only while the opponent has one more than
    /// `opponent_has`: the side gets one reply (Fairy-Stockfish's `extinctionClaim`).
    pub claim: bool,
}

/// Every piece on a board, counted by colour and kind (`end: insufficient_material`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Material {
    counts: [[u8; MAX_KINDS]; 2],
}

impl Material {
    /// No pieces.
    pub const EMPTY: Material = Material {
        counts: [[0; MAX_KINDS]; 2],
    };

    /// The same with one more `piece` (counts saturate at 255).
    ///
    /// ```
    /// use fairy_rules::{Color, Material, Piece, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let (king, bishop) = (chess.kind_of_letter('K').unwrap(), chess.kind_of_letter('B').unwrap());
    /// let m = Material::EMPTY
    ///     .with(Piece::new(king, Color::White))
    ///     .with(Piece::new(bishop, Color::White))
    ///     .with(Piece::new(king, Color::Black));
    /// assert_ne!(m, m.swapped());
    /// assert_eq!(m.swapped().swapped(), m);
    /// assert!(chess.royal_kinds().has(king) && !chess.royal_kinds().has(bishop));
    /// assert_eq!((Color::White.index(), Color::Black.index()), (0, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with(mut self, piece: Piece) -> Material {
        let n = &mut self.counts[piece.color().index()][piece.kind().index()];
        *n = n.saturating_add(1);
        self
    }

    /// The number of pieces, both colours.
    pub(crate) fn len(self) -> usize {
        self.counts.iter().flatten().map(|&n| usize::from(n)).sum()
    }

    /// The same with the colours swapped. See the example of [`Material::with`].
    #[must_use]
    pub fn swapped(self) -> Material {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }
}

/// A flag win: a side wins when, after its own move, one of its pieces of the given type
/// stands in its zone.
#[derive(Debug, Clone)]
pub struct Flag {
    /// The piece type that must arrive.
    pub piece: PieceRef,
    /// Where it must stand.
    pub zone: ZoneRef,
    /// It wins only standing there unattacked, and then for either side, also the side to
    /// move (`safe: true`; dobutsu's lion; Fairy-Stockfish's `flagPieceSafe`).
    pub safe: bool,
    /// Arriving does not win: the piece wins if it still stands there at the start of its
    /// side's next turn (`hold: true`; Jeson Mor; Fairy-Stockfish's `flagMove`).
    pub hold: bool,
}

/// A piece type named in a rule: fixed, or a side's value of a piece parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceRef {
    /// This kind.
    Kind(Kind),
    /// The value of this parameter (index into [`Ruleset::parameters`]).
    Parameter(usize),
}

/// Cells named in a rule: a region, or a side's value of a square parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneRef {
    /// Per side, these cells.
    Cells([Bitboard; 2]),
    /// The cell that is this parameter's value.
    Parameter(usize),
}

/// The most game parameters a variant may have.
pub(crate) const MAX_PARAMETERS: usize = 4;

/// A game parameter: each side's game is played with one value of it.
#[derive(Debug, Clone)]
pub struct Parameter {
    /// The name used in the definition and in position text.
    pub name: String,
    /// What values it may take.
    pub values: ParameterValues,
}

/// The values a parameter may take.
#[derive(Debug, Clone)]
pub enum ParameterValues {
    /// One of these piece kinds.
    Pieces(Vec<Kind>),
    /// One of these cells (per side), except where an exception applies.
    Squares {
        /// Per side, the candidate cells.
        cells: [Bitboard; 2],
        /// Cells ruled out by earlier parameters' values.
        except: Vec<Exception>,
    },
}

/// "Not these cells when piece parameter `parameter` of the same side is `value`."
#[derive(Debug, Clone)]
pub struct Exception {
    /// An earlier parameter.
    pub parameter: usize,
    /// Its value that brings the exception.
    pub value: Kind,
    /// Per side, the cells ruled out.
    pub cells: [Bitboard; 2],
}

/// A capture effect: the last piece of its type that its owner has, when captured (by any
/// capture: a move, en passant, a capture without moving, a crewman's capture), returns to
/// the first cell of an ordered list where it can stand.
#[derive(Debug, Clone)]
pub struct Return {
    /// The piece type it applies to.
    pub piece: PieceRef,
    /// `order[side][kind]`: the cells in order for a piece of that side and kind.
    pub order: [Vec<Vec<Cell>>; 2],
}

/// The kinds whose piece keys are drawn before the other keys: every kind when the engine
/// supported 16.
const KEYS_FIRST: usize = 16;

/// Random numbers for Zobrist hashing, fixed by a seed so keys are stable across runs.
#[derive(Debug, Clone)]
pub(crate) struct Zobrist {
    cells: usize,
    /// `pieces[piece.index() * cells + cell]`.
    pieces: Vec<u64>,
    unmoved: Vec<u64>,
    en_passant: Vec<u64>,
    pub(crate) black_to_move: u64,
    /// The key of a position whose mover may not answer a counterstrike in kind.
    pub(crate) counterstrike: u64,
}

impl Zobrist {
    /// The keys of a board of `cells` cells and `kinds` piece kinds.
    pub(crate) fn new(cells: usize, kinds: usize) -> Zobrist {
        // SplitMix64: a fixed, well-mixed sequence; the values only need to be distinct.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            mix(state)
        };
        let mut table = |n: usize| (0..n).map(|_| next()).collect::<Vec<u64>>();
        // The piece keys of the first kinds come first, as when no variant had more, so
        // that a game's keys do not depend on how many kinds the engine supports.
        let mut pieces = table(2 * KEYS_FIRST * cells);
        pieces.truncate(2 * kinds.min(KEYS_FIRST) * cells);
        let unmoved = table(cells);
        let en_passant = table(cells);
        let black_to_move = table(1)[0];
        pieces.extend(table(2 * kinds.saturating_sub(KEYS_FIRST) * cells));
        let counterstrike = table(1)[0];
        Zobrist {
            cells,
            pieces,
            unmoved,
            en_passant,
            black_to_move,
            counterstrike,
        }
    }

    /// The key of `piece` standing on the surface of `cell`.
    #[inline]
    pub(crate) fn piece(&self, piece: Piece, cell: Cell) -> u64 {
        self.pieces[piece.index() * self.cells + cell.index()]
    }

    #[inline]
    pub(crate) fn unmoved(&self, cell: Cell) -> u64 {
        self.unmoved[cell.index()]
    }

    #[inline]
    pub(crate) fn en_passant(&self, cell: Cell) -> u64 {
        self.en_passant[cell.index()]
    }

    /// The key of a container and its crew on a cell: a crew is a multiset, so its packed
    /// word is mixed as a whole rather than piece by piece (equal pieces would cancel out).
    pub(crate) fn crew(&self, cell: Cell, crew: containers::Crew) -> u64 {
        if crew == containers::Crew::NONE {
            return 0;
        }
        mix(crew.word() ^ (cell.index() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The key of a layer's content: `tag` tells apart what `value` is (a submerged piece,
    /// a marker, a piece's state, a sortie) on `cell`; a value of 0 has no key.
    pub(crate) fn layer(&self, tag: u64, cell: Cell, value: u64) -> u64 {
        if value == 0 {
            return 0;
        }
        mix(tag.wrapping_mul(0xA24B_AED4_963E_E407) ^ (cell.index() as u64) << 32 ^ value)
    }

    /// The key of the container move that may not be reversed.
    pub(crate) fn undo_ban(&self, ban: Option<(Cell, Cell)>) -> u64 {
        match ban {
            Some((from, to)) => {
                mix(0xD1B5_4A32_D192_ED03 ^ ((from.get() as u64) << 8 | to.get() as u64))
            }
            None => 0,
        }
    }

    /// The key of `count` pieces like `piece` in its side's hand (0 has no key).
    #[inline]
    pub(crate) fn hand(&self, piece: Piece, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        mix(0x2545_F491_4F6C_DD1D ^ (u64::from(piece.byte()) << 8 | u64::from(count)))
    }

    /// The key of `count` checks given by `side` (0 has no key).
    #[inline]
    pub(crate) fn checks(&self, side: Color, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        mix(0x1B87_3593_CC9E_2D51 ^ ((side.index() as u64) << 8 | u64::from(count)))
    }

    /// The key of game parameter `index` of `side` having `value`.
    pub(crate) fn parameter(&self, index: usize, side: Color, value: u8) -> u64 {
        mix(0x5851_F42D_4C95_7F2D
            ^ ((index as u64) << 16 | (side.index() as u64) << 8 | value as u64))
    }
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Everything the engine needs to play a variant, compiled from its definition.
///
/// Immutable once built; share it (it is `Send + Sync`). Build one with
/// [`crate::Variant::from_file`], [`crate::Variant::from_yaml`] or
/// [`crate::Variant::bundled`].
///
/// See the examples of [`crate::Variant`] and of its methods.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Ruleset {
    /// The variant's display name.
    pub name: String,
    /// Its `description`, free text for people, whitespace runs made single spaces (empty
    /// without one).
    pub description: String,
    /// The board's cells.
    pub topology: Topology,
    /// Piece types; a [`Kind`] indexes this.
    pub pieces: Vec<PieceType>,
    /// Named regions, per side (White, Black).
    pub regions: IndexMap<String, [Bitboard; 2]>,
    /// Castling, if the variant has it.
    pub castling: Option<Castling>,
    /// How the game ends.
    pub end: EndRules,
    /// The chance event after moves, if any.
    pub chance: Option<Chance>,
    /// Game parameters, in the order they are drawn.
    pub parameters: Vec<Parameter>,
    /// Pieces that return when captured.
    pub returns: Vec<Return>,
    /// Containers, in a game whose pieces stand aboard them.
    pub containers: Option<containers::ContainerRules>,
    /// No move may leave royal pieces of opposite colours on adjacent cells.
    pub royals_apart: bool,
    /// What royal pieces of opposite colours facing each other on an open file or rank
    /// mean (`royals_facing:`), if anything.
    pub royals_facing: Option<crate::types::rule_enums::FacingRule>,
    /// A side may pass its turn (`pass: true`).
    pub pass: bool,
    /// Forced capture: when a legal capture exists, only captures are legal.
    pub captures_forced: bool,
    /// No move may give check.
    pub no_checks: bool,
    /// A royal piece in check may only move to capture its only checker (Makpong).
    pub royal_may_not_flee: bool,
    /// FEN's castling field holds the first-move rights as file letters (Cambodian chess).
    pub first_moves_in_fen: bool,
    /// Per kind, the kind FEN writes it by after a `+` (`promoted_in_fen: plus`): empty, or
    /// for a promoted kind the one kind that promotes to it.
    pub(crate) plus_bases: Vec<Option<Kind>>,
    /// Its name in the XBoard protocol (`xboard:`): XBoard's own when XBoard knows its rules
    /// ([`crate::cecp::xboard_variants`]), else the name `fairy xboard` describes it under.
    pub xboard: Option<String>,
    /// Markers, submerged pieces, piece state and captures without moving, in a game that
    /// has them.
    pub layers: Option<layers::LayerRules>,
    /// Pieces in hand and drops, in a game that has them (`hand:`).
    pub hand: Option<hand::HandRules>,
    /// Explosions on capture, in a game that has them (`explosion:`).
    pub explosion: Option<explosion::Explosion>,
    /// Kinds whose pieces may not capture a piece of their own kind (`mutually_immune:`).
    pub mutually_immune: KindSet,
    /// Conversion on arrival, in a game that has it (`convert:`).
    pub convert: Option<conversion::Conversion>,
    /// The wall put down after each move, in a game that has one (`walls:`).
    pub walls: Option<walls::Walls>,
    /// Rules against trading off a set of pieces, in a game that has them (`trading:`).
    pub trading: Option<trading::Trading>,
    /// The variant's own move notation (`notation:`), if it has one.
    pub(crate) notation: Option<notation::Notation>,
    pub(crate) start: Position,
    /// The limits it was loaded with; they bound the FEN and move text it reads.
    pub(crate) limits: crate::types::limits::Limits,
    /// The move and attack tables, at the cell-set width of the board.
    pub(crate) tables: AnyTables,
    pub(crate) zobrist: Zobrist,
    /// Its identity ([`Ruleset::fingerprint`]), which every position it makes carries.
    pub(crate) fingerprint: u64,
    pub(crate) royal_kinds: KindSet,
    pub(crate) en_passant_kinds: KindSet,
    /// Legal moves pass through the move filters (`engine/movegen/filters.rs`): forced
    /// capture, no checks, a royal piece that may not flee, first moves closed in check.
    pub(crate) move_filter: bool,
    /// Some kind has a standing promotion (`promotion: {standing: true}`).
    pub(crate) standing_promotions: bool,
    /// Some kind loses its first-move rights to enemy pieces on its lines.
    pub(crate) first_move_losses: bool,
}

impl Ruleset {
    /// The rule set's identity: a hash of the text of its definition and of the files it
    /// extends, so two rule sets compiled from the same text share it (within one build of
    /// the library). Every position the rule set makes carries it ([`Ruleset::owns`]);
    /// [`Ruleset::play`] refuses a position with another, and the
    /// other methods taking a position check it in debug builds.
    ///
    /// ```
    /// use fairy_rules::{Limits, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let again = Variant::bundled("chess")?;
    /// let shogi = Variant::bundled("shogi")?;
    /// assert_eq!(chess.fingerprint(), again.fingerprint());
    /// assert_ne!(chess.fingerprint(), shogi.fingerprint());
    /// let start = chess.start_position();
    /// assert_eq!(start.fingerprint(), again.fingerprint());
    /// assert!(again.owns(&start));
    /// assert!(!shogi.owns(&start));
    /// assert_eq!(chess.limits(), &Limits::default());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// Whether `pos` belongs to this rule set (carries its [`Ruleset::fingerprint`]). See
    /// the example of [`Ruleset::fingerprint`].
    pub fn owns(&self, pos: &Position) -> bool {
        pos.fingerprint() == self.fingerprint
    }

    /// The limits the rule set was loaded with: [`Ruleset::parse_fen`] and
    /// [`Ruleset::parse_move`] refuse text longer than they allow. See the examples of
    /// [`Ruleset::fingerprint`] and [`crate::Limits`].
    pub fn limits(&self) -> &crate::types::limits::Limits {
        &self.limits
    }

    /// The kind whose letter is `letter` (either case), `None` for a letter no piece type
    /// has. See the example of [`Ruleset::kinds`].
    pub fn kind_of_letter(&self, letter: char) -> Option<Kind> {
        let up = crate::types::letter::upper(letter);
        self.pieces
            .iter()
            .position(|p| p.letter == up)
            .map(|k| Kind(k as u8))
    }

    /// The FEN letter of a piece: upper case for White. See the example of
    /// [`Ruleset::kinds`].
    ///
    /// # Panics
    /// When the piece's kind is not one of this rule set's.
    pub fn letter(&self, piece: Piece) -> char {
        let l = self.pieces[piece.kind().index()].letter;
        match piece.color() {
            Color::White => l,
            Color::Black => crate::types::letter::lower(l),
        }
    }

    /// The piece type of `kind`: its definition's `pieces:` entry, compiled. See the
    /// example of [`Ruleset::kinds`].
    ///
    /// # Panics
    /// When `kind` is not one of this rule set's.
    pub fn piece_type(&self, kind: Kind) -> &PieceType {
        &self.pieces[kind.index()]
    }

    /// The kinds of the variant, in the definition's order (numbered from 0, indexing
    /// [`Ruleset::pieces`]).
    ///
    /// ```
    /// use fairy_rules::{Color, Piece, Variant};
    /// let falcon = Variant::bundled("falcon-chess")?;
    /// let letters: String = falcon.kinds().map(|k| falcon.piece_type(k).letter).collect();
    /// assert_eq!(letters, "PNBFRQK");
    /// let kind = falcon.kind_of_letter('f').unwrap();
    /// assert_eq!(kind.index(), 3);
    /// assert_eq!(falcon.piece_type(kind).name, "falcon");
    /// assert_eq!(falcon.piece_type(kind).moves, "{WWF}{FFW}");
    /// assert_eq!(falcon.letter(Piece::new(kind, Color::Black)), 'f');
    /// assert_eq!(falcon.kind_of_letter('X'), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kinds(&self) -> impl Iterator<Item = Kind> {
        (0..self.pieces.len() as u8).map(Kind)
    }

    /// The royal kinds: those whose loss (checkmate, capture) the end rules judge. See the
    /// example of [`Material::with`].
    pub fn royal_kinds(&self) -> KindSet {
        self.royal_kinds
    }

    /// The start position. Game parameters have no values in it, so the rules that name
    /// them do not apply until they are set ([`Ruleset::set_parameters`],
    /// [`Ruleset::draw_parameters`]; a [`crate::Game`] draws them). It is the definition's
    /// `setup:`, White to move. See the example of [`crate::Variant`].
    pub fn start_position(&self) -> Position {
        self.start.clone()
    }

    /// Bit set of the kinds whose unmoved state is a castling right (the king and partners).
    pub(crate) fn castling_kinds(&self) -> KindSet {
        self.castling
            .as_ref()
            .map_or(KindSet::EMPTY, |c| c.partners.with(c.king))
    }

    /// Whether a piece of `kind` standing unmoved matters at all.
    pub(crate) fn remembers_unmoved(&self, kind: Kind) -> bool {
        self.pieces[kind.index()].first_move || self.castling_kinds().has(kind)
    }
}
