//! The compiled, immutable rule set of a variant.

pub mod containers;
pub mod layers;
mod tables;
mod topology;

pub(crate) use tables::{
    Alternative, AttackTables, Conditional, Extent, Hop, LeapCell, Lines, Mode, PieceTables,
    RayAttack, ReverseLeaps, Ride,
};
pub use topology::Topology;

use indexmap::IndexMap;

use crate::bitboard::Bitboard;
use crate::definition::{Distance, RoyalRule, StalemateRule};
use crate::engine::Position;

/// The most piece types a variant may define.
pub const MAX_KINDS: usize = 16;

/// A side. White moves first and "forward" for White is toward higher ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    White,
    /// The other side.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A piece on the board: a kind (index into [`Ruleset::pieces`]) and a colour, packed in a byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(std::num::NonZeroU8);

impl Piece {
    /// The piece of `kind` and `color`.
    ///
    /// # Panics
    /// If `kind` is not below [`MAX_KINDS`]; a rule set never has more kinds.
    #[inline]
    pub fn new(kind: u8, color: Color) -> Piece {
        assert!(
            (kind as usize) < MAX_KINDS,
            "piece kind {kind} out of range"
        );
        Piece(std::num::NonZeroU8::new(((kind + 1) << 1) | color as u8).expect("nonzero"))
    }

    /// Index of the piece type in [`Ruleset::pieces`].
    #[inline]
    pub fn kind(self) -> u8 {
        (self.0.get() >> 1) - 1
    }

    /// The owner.
    #[inline]
    pub fn color(self) -> Color {
        if self.0.get() & 1 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The packed byte (never 0).
    #[inline]
    pub(crate) fn byte(self) -> u8 {
        self.0.get()
    }

    /// The piece packed in `byte`, if it is one (0 is none).
    pub(crate) fn from_byte(byte: u8) -> Option<Piece> {
        std::num::NonZeroU8::new(byte).map(Piece)
    }

    /// A dense index `0..2 * MAX_KINDS`, for hash tables.
    #[inline]
    pub(crate) fn index(self) -> usize {
        self.0.get() as usize - 2
    }
}

/// A piece type as the rule set knows it.
#[derive(Debug, Clone)]
pub struct PieceType {
    /// The name used in the definition (`falcon`).
    pub name: String,
    /// The upper-case FEN letter; Black's pieces use the lower case.
    pub letter: char,
    /// The movement as written, in Betza notation.
    pub moves: String,
    /// Whether the piece is royal (may not be left in check).
    pub royal: bool,
    /// Whether it takes part in en passant.
    pub en_passant: bool,
    /// Per side, the passed cells it may be captured en passant on (every cell when `None`).
    pub en_passant_zone: Option<[Bitboard; 2]>,
    /// Whether its moves reset the halfmove clock.
    pub resets_halfmove_clock: bool,
    /// Promotion, if it promotes.
    pub promotion: Option<Promotion>,
    /// Whether it has first-move-only (`i`) components.
    pub(crate) has_initial: bool,
}

/// Where and into what a piece promotes.
#[derive(Debug, Clone)]
pub struct Promotion {
    /// Per side, the cells where a move ending promotes.
    pub zone: [Bitboard; 2],
    /// Kinds it may become, in the definition's order.
    pub choices: Vec<u8>,
}

/// Castling as data: the king piece, its partners and the king's distance.
#[derive(Debug, Clone)]
pub struct Castling {
    /// Kind of the castling king.
    pub king: u8,
    /// Kinds of the partners (rooks), as a bit set.
    pub partners: u32,
    /// King distance toward the higher files.
    pub kingside: Distance,
    /// King distance toward file a.
    pub queenside: Distance,
    /// Whether castling ignores attacks on the king's squares (see
    /// [`crate::definition::CastlingDef::ignore_check`]).
    pub ignore_check: bool,
}

/// A chance event (see [`crate::definition::ChanceDef`]), compiled.
#[derive(Debug, Clone)]
pub struct Chance {
    /// Per side (the side that moved), the cells drawn from.
    pub cells: [Bitboard; 2],
    /// Triggered when the move's path touches the cells.
    pub on_path: bool,
    /// Triggered when a piece stands in the cells after the move.
    pub on_occupied: bool,
    /// The piece on the drawn cell is removed.
    pub remove_piece: bool,
    /// The moved piece is removed when the drawn cell is on its path.
    pub remove_mover: bool,
}

/// How a game ends.
#[derive(Debug, Clone)]
pub struct EndRules {
    /// Royal protection rule.
    pub royal: RoyalRule,
    /// Stalemate result for the stalemated side.
    pub stalemate: StalemateRule,
    /// Halfmove clock limit in plies (twice the move rule), 0 = off.
    pub move_rule_plies: u32,
    /// Repetition count that draws, 0 = off.
    pub repetition: u32,
    /// Flag wins.
    pub flags: Vec<Flag>,
}

/// A flag win: a side wins when, after its own move, one of its pieces of the given type
/// stands in its zone.
#[derive(Debug, Clone)]
pub struct Flag {
    /// The piece type that must arrive.
    pub piece: PieceRef,
    /// Where it must stand.
    pub zone: ZoneRef,
}

/// A piece type named in a rule: fixed, or a side's value of a piece parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceRef {
    /// This kind.
    Kind(u8),
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
pub const MAX_PARAMETERS: usize = 4;

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
    Pieces(Vec<u8>),
    /// One of these cells (per side), except where an exception applies.
    Squares {
        /// Per side, the candidate cells.
        cells: [Bitboard; 2],
        /// Cells ruled out by earlier parameters' values.
        except: Vec<Exception>,
    },
}

/// "Not these cells when parameter `parameter` of the same side is `value`."
#[derive(Debug, Clone)]
pub struct Exception {
    /// An earlier parameter.
    pub parameter: usize,
    /// Its value (a piece kind) that brings the exception.
    pub value: u8,
    /// Per side, the cells ruled out.
    pub cells: [Bitboard; 2],
}

/// A capture effect: the last piece of its type that its owner has, when captured, returns
/// to the first empty cell of an ordered list.
#[derive(Debug, Clone)]
pub struct Return {
    /// The piece type it applies to.
    pub piece: PieceRef,
    /// `order[side][kind]`: the cells in order for a piece of that side and kind.
    pub order: [Vec<Vec<u8>>; 2],
}

/// Random numbers for Zobrist hashing, fixed by a seed so keys are stable across runs.
#[derive(Debug, Clone)]
pub(crate) struct Zobrist {
    pub(crate) pieces: Vec<[u64; crate::bitboard::MAX_CELLS]>,
    pub(crate) unmoved: [u64; crate::bitboard::MAX_CELLS],
    pub(crate) en_passant: [u64; crate::bitboard::MAX_CELLS],
    pub(crate) black_to_move: u64,
}

impl Zobrist {
    pub(crate) fn new() -> Zobrist {
        // SplitMix64: a fixed, well-mixed sequence; the values only need to be distinct.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut table = || std::array::from_fn(|_| next());
        let pieces = (0..2 * MAX_KINDS).map(|_| table()).collect();
        let unmoved = table();
        let en_passant = table();
        let black_to_move = table()[0];
        Zobrist {
            pieces,
            unmoved,
            en_passant,
            black_to_move,
        }
    }

    /// The key of a container and its crew on a cell: a crew is a multiset, so its packed
    /// word is mixed as a whole rather than piece by piece (equal pieces would cancel out).
    pub(crate) fn crew(&self, cell: u8, crew: containers::Crew) -> u64 {
        mix(crew.word() ^ u64::from(cell).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The key of layer data: `tag` tells apart what `value` is (a submerged piece, a marker,
    /// a piece's state, a sortie) on `cell`.
    pub(crate) fn layer(&self, tag: u64, cell: u8, value: u64) -> u64 {
        mix(tag.wrapping_mul(0xA24B_AED4_963E_E407) ^ u64::from(cell) << 32 ^ value)
    }

    /// The key of the container move that may not be reversed.
    pub(crate) fn undo_ban(&self, from: u8, to: u8) -> u64 {
        mix(0xD1B5_4A32_D192_ED03 ^ (u64::from(from) << 8 | u64::from(to)))
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
/// [`crate::Variant::from_file`] or [`crate::Variant::from_yaml`].
#[derive(Debug, Clone)]
pub struct Ruleset {
    /// The variant's display name.
    pub name: String,
    /// The board's cells.
    pub topology: Topology,
    /// Piece types; a [`Piece`]'s kind indexes this.
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
    /// Markers, submerged pieces, piece state and captures without moving, in a game that
    /// has them.
    pub layers: Option<layers::LayerRules>,
    pub(crate) start: Position,
    /// `tables[color][kind]`.
    pub(crate) tables: [Vec<PieceTables>; 2],
    /// `attacks[attacker color]`.
    pub(crate) attacks: [AttackTables; 2],
    pub(crate) lines: Lines,
    pub(crate) zobrist: Zobrist,
    /// Bit set of royal kinds.
    pub(crate) royal_kinds: u32,
    /// Bit set of kinds that take part in en passant.
    pub(crate) en_passant_kinds: u32,
}

impl Ruleset {
    /// The kind whose letter is `letter` (either case).
    pub fn kind_of_letter(&self, letter: char) -> Option<u8> {
        let up = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up)
            .map(|k| k as u8)
    }

    /// The FEN letter of a piece: upper case for White.
    pub fn letter(&self, piece: Piece) -> char {
        let l = self.pieces[piece.kind() as usize].letter;
        match piece.color() {
            Color::White => l,
            Color::Black => l.to_ascii_lowercase(),
        }
    }

    /// The start position. Game parameters have no values in it, so the rules that name
    /// them do not apply until they are set ([`Ruleset::set_parameters`],
    /// [`Ruleset::draw_parameters`]; a [`crate::Game`] draws them).
    pub fn start_position(&self) -> Position {
        self.start.clone()
    }
}
