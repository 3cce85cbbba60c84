//! Layers and piece state: markers on cells, submerged pieces under the surface, per-piece
//! counters (ammunition, facing, turns on the surface and under it), captures without moving
//! and the sortie turn constraint. Seachess (docs/games/seachess.md) is the first user.

use crate::rules::{Color, Kind};
use crate::types::bitboard::Bitboard;

/// The most ammunition counters a piece type may have.
pub(crate) const MAX_AMMO: usize = 2;
/// The largest ammunition count and the longest time under water.
pub(crate) const MAX_COUNT: u8 = 7;

/// A marker type (`markers:`): planted by pieces, owned by a side.
#[derive(Debug, Clone)]
pub struct MarkerType {
    /// The definition's name (`mine`).
    pub name: String,
    /// The upper-case FEN letter (White's); Black's markers use the lower case.
    pub letter: char,
    /// Blocks lines and paths like a piece.
    pub blocks: bool,
    /// A piece arriving on its cell is destroyed with it.
    pub destroys: bool,
    /// Submerged pieces may not move to its cell.
    pub bars_submerged: bool,
    /// Only its owner sees it.
    pub hidden: bool,
}

/// An ammunition counter of a piece type.
#[derive(Debug, Clone)]
pub struct Ammo {
    /// The definition's name (`torpedo`), used in the FEN's state field.
    pub name: String,
    /// Full count, also the start value (1 to 7).
    pub count: u8,
    /// Per side, the cells where ending a move refills it.
    pub reload: [Bitboard; 2],
    /// The count is hidden from the opponent.
    pub hidden: bool,
}

/// Which cells a capture without moving may hit.
#[derive(Debug, Clone)]
pub enum RemoteReach {
    /// Lines of steps `(dx, dy, most steps)` in the frame where the piece's forward is `+dy`
    /// (a leap is one step); the first cell holding a piece or a blocking marker stops a line.
    Lines {
        /// The steps.
        steps: Vec<(i8, i8, u8)>,
        /// Forward is the piece's facing rather than its side's forward.
        facing: bool,
    },
    /// Per cell, the cells at a fixed Chebyshev distance; never blocked.
    Ring(Vec<Bitboard>),
}

/// A capture without moving (`remote:`).
#[derive(Debug, Clone)]
pub struct Remote {
    /// Where it hits.
    pub reach: RemoteReach,
    /// The ammunition slot one shot uses.
    pub ammo: Option<u8>,
    /// The shot starts a sortie (see [`crate::MoveKind::Return`]).
    pub sortie: bool,
}

/// Diving (`submerge:`): after `after` own turns on the surface a piece may dive, and stays
/// under at most `min(max, surface turns / per)` own turns.
#[derive(Debug, Clone, Copy)]
pub struct Submerge {
    /// Surface turns needed to dive.
    pub after: u8,
    /// Surface turns per turn under.
    pub per: u8,
    /// Most turns under.
    pub max: u8,
    /// Hidden from the opponent while under.
    pub hidden: bool,
}

impl Submerge {
    /// The count of surface turns beyond which nothing changes, so equal positions stay equal.
    pub(crate) fn surface_cap(self) -> u8 {
        self.after.max(self.max.saturating_mul(self.per)).min(15)
    }

    /// Own turns it may stay under after `surfaced` turns on the surface (0: may not dive).
    pub(crate) fn turns_under(self, surfaced: u8) -> u8 {
        if surfaced < self.after {
            0
        } else {
            (surfaced / self.per.max(1)).min(self.max)
        }
    }
}

/// What one piece type does in the layers.
#[derive(Debug, Clone, Default)]
pub struct KindLayers {
    /// Ammunition counters, at most 2.
    pub ammo: Vec<Ammo>,
    /// Its state has a facing.
    pub facing: bool,
    /// Plants `(marker type, ammunition slot)`.
    pub plant: Option<(u8, u8)>,
    /// Captures without moving.
    pub remote: Vec<Remote>,
    /// May dive.
    pub submerge: Option<Submerge>,
    /// Submerged pieces may not move under it.
    pub bars_submerged: bool,
    /// Its moves capture an enemy submerged piece on the destination.
    pub hunts_submerged: bool,
    /// Per cell, where enemy submerged pieces are forced up after every move (empty: none).
    pub sonar: Vec<Bitboard>,
}

impl KindLayers {
    /// Whether one of its remote captures starts a sortie: only such a piece can hold one.
    pub(crate) fn sorties(&self) -> bool {
        self.remote.iter().any(|r| r.sortie)
    }
}

/// The layer rules of a variant (`Ruleset::layers`).
///
/// See the example of [`crate::Position::state_at`].
#[derive(Debug, Clone)]
pub struct LayerRules {
    /// Marker types, in definition order.
    pub markers: Vec<MarkerType>,
    /// Per piece kind.
    pub kinds: Vec<KindLayers>,
}

impl LayerRules {
    /// Whether anything in these layers is hidden from a side: a hidden marker type, a
    /// hidden ammunition count or a piece hidden while submerged.
    pub(crate) fn hides_anything(&self) -> bool {
        self.markers.iter().any(|m| m.hidden)
            || self
                .kinds
                .iter()
                .any(|k| k.ammo.iter().any(|a| a.hidden) || k.submerge.is_some_and(|s| s.hidden))
    }

    /// The state a piece of `kind` and `color` starts with: full ammunition, facing forward.
    pub(crate) fn start_state(&self, kind: Kind, color: Color) -> PieceState {
        let k = &self.kinds[kind.index()];
        let mut s = PieceState::default();
        for (slot, a) in k.ammo.iter().enumerate() {
            s = s.with_ammo(slot, a.count);
        }
        if k.facing {
            s = s.with_facing(Facing::forward(color));
        }
        s
    }
}

/// A facing: one of the four straight directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facing {
    /// Toward higher ranks.
    North,
    /// Toward higher files.
    East,
    /// Toward lower ranks.
    South,
    /// Toward lower files.
    West,
}

impl Facing {
    /// The four facings.
    pub const ALL: [Facing; 4] = [Facing::North, Facing::East, Facing::South, Facing::West];

    /// A side's forward.
    pub(crate) fn forward(color: Color) -> Facing {
        match color {
            Color::White => Facing::North,
            Color::Black => Facing::South,
        }
    }

    /// The facing of a straight move by `(dx, dy)`, if it is straight.
    pub(crate) fn of_move(dx: i32, dy: i32) -> Option<Facing> {
        match (dx.signum(), dy.signum()) {
            (0, 1) => Some(Facing::North),
            (1, 0) => Some(Facing::East),
            (0, -1) => Some(Facing::South),
            (-1, 0) => Some(Facing::West),
            _ => None,
        }
    }

    /// Turns `(dx, dy)`, given with forward `+dy`, so that forward is this facing.
    pub(crate) fn turn(self, (dx, dy): (i8, i8)) -> (i8, i8) {
        match self {
            Facing::North => (dx, dy),
            Facing::East => (dy, -dx),
            Facing::South => (-dx, -dy),
            Facing::West => (-dy, dx),
        }
    }

    /// `n`, `e`, `s` or `w`.
    pub(crate) fn letter(self) -> char {
        ['n', 'e', 's', 'w'][self as usize]
    }

    /// The facing written as `letter`.
    pub(crate) fn from_letter(c: char) -> Option<Facing> {
        Facing::ALL.into_iter().find(|f| f.letter() == c)
    }
}

/// The state of one piece, packed in 16 bits: two ammunition counts (3 bits each), a facing
/// (2 bits), turns on the surface (4 bits), turns left under water (3 bits) and whether it
/// promoted (1 bit).
///
/// See the example of [`crate::Position::state_at`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PieceState(pub(crate) u16);

impl PieceState {
    /// The ammunition count in `slot` (0 or 1: the piece's first or second `ammo:` entry),
    /// 0 to 7 shots. See the example of [`crate::Position::state_at`].
    pub fn ammo(self, slot: usize) -> u8 {
        (self.0 >> (3 * slot) & 7) as u8
    }

    /// With the ammunition count in `slot` set to `n` (at most [`MAX_COUNT`]).
    pub(crate) fn with_ammo(self, slot: usize, n: u8) -> PieceState {
        let shift = 3 * slot;
        PieceState(self.0 & !(7 << shift) | u16::from(n.min(MAX_COUNT)) << shift)
    }

    /// The facing (meaningful only for kinds with one).
    pub(crate) fn facing(self) -> Facing {
        Facing::ALL[(self.0 >> 6 & 3) as usize]
    }

    /// With the facing set.
    pub(crate) fn with_facing(self, f: Facing) -> PieceState {
        PieceState(self.0 & !(3 << 6) | (f as u16) << 6)
    }

    /// Own turns spent on the surface since it last surfaced (counted for divers only).
    pub(crate) fn surfaced(self) -> u8 {
        (self.0 >> 8 & 15) as u8
    }

    /// With the surface turns set (at most 15).
    pub(crate) fn with_surfaced(self, n: u8) -> PieceState {
        PieceState(self.0 & !(15 << 8) | u16::from(n.min(15)) << 8)
    }

    /// Own turns it may still spend under water.
    pub(crate) fn submerged(self) -> u8 {
        (self.0 >> 12 & 7) as u8
    }

    /// With the turns under water set (at most [`MAX_COUNT`]).
    pub(crate) fn with_submerged(self, n: u8) -> PieceState {
        PieceState(self.0 & !(7 << 12) | u16::from(n.min(MAX_COUNT)) << 12)
    }

    /// Whether the piece promoted to what it is, in a game whose captured promoted pieces
    /// go to hand demoted (FEN: `~` after its letter, as Fairy-Stockfish writes it).
    pub(crate) fn promoted(self) -> bool {
        self.0 & 1 << 15 != 0
    }

    /// Marked as promoted.
    pub(crate) fn with_promoted(self) -> PieceState {
        PieceState(self.0 | 1 << 15)
    }
}
