//! `pieces:`: one piece type, complete (the guide's "The file": a piece).

use indexmap::IndexMap;

use crate::load::definition::Sp;

use super::{AmmoDef, DropDef, PlantDef, PromotionDef, RemoteDef, SubmergeDef, VersusSubmergedDef};

/// One piece type, complete: written in one file or merged key by key from a chain of
/// `extends:` (see [`PieceDraft`](crate::load::definition::PieceDraft), its form as a file writes
/// it).
#[derive(Debug)]
pub struct PieceDef {
    /// The FEN letter: upper case for White, lower case for Black. One ASCII letter.
    pub letter: Sp<String>,
    /// Movement in Betza notation with paths, e.g. `fmWfcFifmnD` or `{WWF}{FFW}`.
    pub moves: Sp<String>,
    /// Whether the piece is royal: under the checkmate rule it may not be left attacked and
    /// checkmating it wins; under extinction, capturing the last one wins.
    pub royal: bool,
    /// Whether the piece's multi-square non-capturing moves may be captured en passant on the
    /// squares they pass, and whether it may itself capture that way.
    pub en_passant: bool,
    /// `false`: with `en_passant`, its moves may be taken en passant but it never takes that
    /// way itself (Wolf chess's sergeant in Fairy-Stockfish, where only pawns take en
    /// passant); `true` by default. The span is kept for the error without `en_passant`.
    pub takes_en_passant: Option<Sp<bool>>,
    /// Whether a move of this piece resets the halfmove clock (the n-move rule), as a pawn's does.
    pub resets_halfmove_clock: bool,
    /// Promotion, when the piece promotes.
    pub promotion: Option<PromotionDef>,
    /// Moves allowed only inside a region: by region name, Betza components whose moves
    /// start, pass and end within the region (per side: a pawn's "any distance forward inside
    /// its own half" is `own-half: fmR`).
    pub within: IndexMap<String, Sp<String>>,
    /// Moves allowed only from a region: by region name, Betza components whose moves start
    /// on a cell of the region, wherever they pass and end (per side: Gliński's pawn's
    /// double step from any of its side's pawn start cells is `pawn-start: fmnD`).
    pub from: IndexMap<String, Sp<String>>,
    /// A region (per side): only the cells of it that the piece passes may be captured en
    /// passant (all passed cells when absent).
    pub en_passant_zone: Option<Sp<String>>,
    /// Ammunition counters by name.
    pub ammo: IndexMap<String, Sp<AmmoDef>>,
    /// Planting a marker on its own cell instead of moving.
    pub plant: Option<Sp<PlantDef>>,
    /// Captures without moving.
    pub remote: Vec<Sp<RemoteDef>>,
    /// Diving below the surface.
    pub submerge: Option<Sp<SubmergeDef>>,
    /// What it does to submerged pieces.
    pub versus_submerged: Option<Sp<VersusSubmergedDef>>,
    /// The name of its image in the project's set, for pictures (`king`, `falcon`).
    pub image: Option<Sp<String>>,
    /// Its value for the search, in centipawns, instead of the one derived from its movement.
    pub value: Option<u32>,
    /// How it is dropped from the hand, in a game with `hand:`; a piece without it is
    /// never dropped (it may still be held).
    pub drop: Option<Sp<DropDef>>,
    /// The kind only comes into play by promotion (shogi's tokin): captured, it goes to hand
    /// as the kind that promotes to it, whether or not the position remembers it promoting.
    pub promoted: bool,
    /// Letters of the pieces (of either side) that its hopper components (`p`, `g`) may not
    /// hop over: a line whose first piece is one of them gives it no hop (Janggi's cannon).
    pub cannot_hop: Option<Sp<Vec<Sp<String>>>>,
    /// Letters of the pieces it may not capture (Janggi's cannon: no cannon).
    pub cannot_capture: Option<Sp<Vec<Sp<String>>>>,
    /// `false`: its first-move (`i`) components are not open while its side is in check
    /// (Cambodian chess's king leap; the default is `true`).
    pub first_move_in_check: bool,
    /// Letters of enemy pieces that take its first-move rights away by ending a move on its
    /// file or rank, whatever stands between (Cambodian chess: a rook aimed at the king).
    pub loses_first_move_to: Option<Sp<Vec<Sp<String>>>>,
}
