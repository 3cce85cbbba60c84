//! serde types of the definition file. Unknown keys are errors everywhere.

use indexmap::IndexMap;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

pub use crate::types::rule_enums::{
    ConvertRule, Distance, FacingRule, MateRule, RoyalCheck, RoyalRule, StalemateRule,
    WallPlacement,
};

use super::pieces::PieceDraft;
use super::Sp;

/// A whole variant definition (one YAML file).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantDef {
    /// A definition this one extends (a path relative to this file): its parts apply where
    /// this file does not give its own; `pieces`, `regions` and `parameters` merge by name,
    /// other parts are taken whole.
    #[serde(default)]
    pub extends: Option<Sp<String>>,
    /// Display name, e.g. `Falcon Chess`. Required (here or in the extended definition).
    #[serde(default)]
    pub name: Option<Sp<String>>,
    /// Free text for people; not interpreted.
    #[serde(default)]
    pub description: Option<Sp<String>>,
    /// Board shape in the board language: `10x8`, `6x8 minus a1, f1, a8, f8`. Required.
    #[serde(default)]
    pub board: Option<Sp<String>>,
    /// Named regions, either one region for both sides or one per side.
    #[serde(default)]
    pub regions: IndexMap<String, Sp<RegionDef>>,
    /// Piece types by name, in the order they are listed (complete once the chain of
    /// `extends:` is merged: see [`super::load_chain`]).
    #[serde(skip)]
    pub pieces: IndexMap<String, Sp<PieceDef>>,
    /// The pieces as this file writes them.
    #[serde(default, rename = "pieces")]
    pub drafts: IndexMap<String, Sp<PieceDraft>>,
    /// Start position: the board part of a FEN, ranks from the top; missing cells are
    /// skipped. Required.
    #[serde(default)]
    pub setup: Option<Sp<String>>,
    /// Castling, when the variant has it.
    #[serde(default)]
    pub castling: Option<Sp<CastlingDef>>,
    /// A chance event after moves (dice), when the variant has one.
    #[serde(default)]
    pub chance: Option<ChanceDef>,
    /// How the game ends (the defaults when neither this file nor an extended one says).
    #[serde(default)]
    pub end: Option<EndDef>,
    /// Game parameters: values each side's game is played with, drawn or given.
    #[serde(default)]
    pub parameters: IndexMap<String, Sp<ParameterDef>>,
    /// Pieces that return to the board when captured.
    #[serde(default)]
    pub returns: Vec<ReturnDef>,
    /// How crews move, in a game whose board text declares containers (`with ship <3>`).
    #[serde(default)]
    pub containers: Option<Sp<ContainersDef>>,
    /// No move may leave royal pieces of opposite colours on adjacent cells.
    #[serde(default)]
    pub royals_apart: Option<bool>,
    /// Royal pieces of opposite colours facing each other on a file or rank with no piece
    /// between: `forbidden` (Xiangqi's flying general) or `must-break` (Janggi's bikjang).
    #[serde(default)]
    pub royals_facing: Option<Sp<FacingRule>>,
    /// `true`: a side may pass its turn instead of moving (Janggi), unless in check.
    #[serde(default)]
    pub pass: Option<bool>,
    /// Forced capture (`forced`): when the side to move has a legal capture, only captures
    /// are legal (antichess, losing chess, checkers' rule; Fairy-Stockfish `mustCapture`).
    #[serde(default)]
    pub captures: Option<CaptureRule>,
    /// No move may give check: a move that leaves an enemy royal piece attacked is illegal
    /// (racing kings; Fairy-Stockfish `checking = false`).
    #[serde(default)]
    pub no_checks: Option<bool>,
    /// `true`: a royal piece in check may not move, except to capture the only piece that
    /// checks it; the check must be answered by the other pieces (Makpong, Fairy-Stockfish's
    /// `makpongRule`).
    #[serde(default)]
    pub royal_may_not_flee: Option<bool>,
    /// `true`: FEN's castling field holds the first-move rights, as the file letters of the
    /// first-move pieces on their side's first rank that have not moved (Cambodian chess's
    /// `DEde`, Fairy-Stockfish's gating field); a variant with castling may not ask for it.
    #[serde(default)]
    pub first_moves_in_fen: Option<Sp<bool>>,
    /// Marker types (mines) that pieces plant on cells, by name (`layers` mechanisms).
    #[serde(default)]
    pub markers: IndexMap<String, Sp<MarkerDef>>,
    /// The variant's name in the XBoard protocol when XBoard knows its rules (`normal`,
    /// `capablanca`); not inherited by `extends:`, since a variant of it is another game.
    #[serde(default)]
    pub xboard: Option<Sp<String>>,
    /// How the variant's inventor writes moves: templates per class of move (see
    /// [`NotationDef`]); the engine's own move text is kept beside it.
    #[serde(default)]
    pub notation: Option<NotationDef>,
    /// Pieces in hand: where captured pieces go and how promoted ones come back. With it,
    /// each piece with a `drop:` entry may be dropped from its side's hand.
    #[serde(default)]
    pub hand: Option<Sp<HandDef>>,
    /// Explosions on capture (atomic chess): a capture removes the capturing piece and the
    /// pieces around the capture cell.
    #[serde(default)]
    pub explosion: Option<Sp<ExplosionDef>>,
    /// Letters of kinds whose pieces may not capture a piece of their own kind (Atomar's
    /// kings, Fairy-Stockfish's `mutuallyImmuneTypes`).
    #[serde(default)]
    pub mutually_immune: Option<Sp<Vec<Sp<String>>>>,
    /// Conversion on arrival: after a move or drop, enemy pieces change side, those
    /// `adjacent` to the arrival cell (Ataxx) or those `enclosed` on a line between it and
    /// another piece of the mover (Othello's outflanking; Fairy-Stockfish's
    /// `flipEnclosedPieces`).
    #[serde(default)]
    pub convert: Option<Sp<ConvertRule>>,
    /// A turn of two parts: after its move a side puts a wall on an empty cell, a cell
    /// nothing may enter or pass over (duck chess's duck, the arrows of the Game of the
    /// Amazons; Fairy-Stockfish's `wallingRule`).
    #[serde(default)]
    pub walls: Option<Sp<WallsDef>>,
}

/// Walls placed after each move (`walls:`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallsDef {
    /// Where the wall may go.
    pub place: Sp<WallPlacement>,
    /// Which walls stay: `all` (the default; the Amazons' arrows) or `last`, where the new
    /// wall replaces every earlier one (the duck, moved each turn; it must move).
    #[serde(default)]
    pub keep: Option<Sp<WallsKept>>,
    /// A region the walls must go in (per side when the region is).
    #[serde(default)]
    pub region: Option<Sp<String>>,
}

/// Which walls stay when a new one is placed (`walls: keep:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WallsKept {
    /// Every wall stays.
    All,
    /// Only the new wall stays.
    Last,
}

/// Explosions on capture (atomic chess, Fairy-Stockfish's `blastOnCapture`): every capture
/// removes the capturing piece and every piece on the cells around the capture cell, except
/// the kinds spared.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplosionDef {
    /// The blast's reach in king steps (Chebyshev distance) from the capture cell: 1 (the
    /// default) is the eight cells around it.
    #[serde(default)]
    pub radius: Option<Sp<u8>>,
    /// Letters of kinds the blast leaves standing on the cells around (atomic's pawns); a
    /// capturing piece of these kinds still explodes.
    #[serde(default)]
    pub spares: Vec<Sp<String>>,
    /// Letters of kinds no explosion removes, the capturing piece included (Atomar's kings;
    /// Fairy-Stockfish's `blastImmuneTypes`).
    #[serde(default)]
    pub immune: Vec<Sp<String>>,
}

/// Pieces in hand (the crazyhouse and shogi families).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandDef {
    /// Where a captured piece goes: `capturer` (into the capturer's hand, changing colour)
    /// or `out` (it leaves the game; hands hold only what the setup or a FEN gives them).
    pub captures: Sp<CaptureDestination>,
    /// A captured piece that had promoted enters the hand as the piece it promoted from
    /// (true, the default, as in crazyhouse and shogi) or as it is (loop chess).
    #[serde(default = "yes")]
    pub demote: bool,
    /// While the side to move holds pieces and can drop one, it must drop: a placement
    /// phase (Fairy-Stockfish's `mustDrop`: placement chess, sittuyin's setup).
    #[serde(default)]
    pub must_drop: bool,
    /// Letters of the kinds that must be dropped (koedem's kings: `K`): while the side to
    /// move holds one of them, it drops no other kind, and it moves only if it has no legal
    /// drop of one (Fairy-Stockfish's `mustDropType`). Implies `must_drop`.
    #[serde(default)]
    pub must_drop_pieces: Option<Sp<String>>,
    /// Each side holds an endless supply of every kind with a `drop:` entry: a drop takes
    /// nothing from the hand, and the FEN has no pocket (Fairy-Stockfish's `freeDrops`;
    /// Ataxx's clone move).
    #[serde(default)]
    pub unlimited: bool,
    /// Gating (Fairy-Stockfish's `gating` with `seirawanGating`: S-chess, S-house): a region
    /// (per side, at most one cell per file) whose cells are gates. A piece standing on a
    /// gate in the setup keeps its gate open until it first moves; as part of that move the
    /// side may put a piece from its hand (one with a `drop:` entry whose zone holds the
    /// cell) on the cell it left. Castling may gate on the king's or the partner's cell.
    #[serde(default)]
    pub gating: Option<Sp<String>>,
}

/// Where a captured piece goes in a game with pieces in hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureDestination {
    /// Into the capturer's hand, as a piece of the capturer's colour.
    Capturer,
    /// Off the board, for good.
    Out,
}

/// Where and how a piece may be dropped from its side's hand.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropDef {
    /// A region (per side) whose empty cells it may be dropped on; every cell when absent.
    #[serde(default)]
    pub zone: Option<Sp<String>>,
    /// Not onto a file that already holds this many pieces of its kind and side: 1 for
    /// shogi's pawn, 2 for tori shogi's swallow (Fairy-Stockfish's `dropNoDoubled` with
    /// `dropNoDoubledCount`). A promoted piece is a kind of its own and does not count.
    #[serde(default)]
    pub max_per_file: Option<Sp<u8>>,
    /// Whether a drop of it may give checkmate (shogi's pawn may not: `mates: false`).
    #[serde(default = "yes")]
    pub mates: bool,
    /// It may also be dropped as any of its promotion choices, turned over (Kyoto shogi;
    /// Fairy-Stockfish's `dropPromoted`).
    #[serde(default)]
    pub promoted: bool,
    /// A side's pieces of this kind end up split evenly between light and dark cells: no
    /// drop may make that impossible (placement chess's bishops; Fairy-Stockfish's
    /// `dropOppositeColoredBishop`).
    #[serde(default)]
    pub opposite_colors: bool,
    /// Only onto a cell one king step from a piece of its side (Ataxx's clone move;
    /// Fairy-Stockfish's `enclosingDrop = ataxx`).
    #[serde(default)]
    pub beside_own: bool,
    /// Only where the drop converts at least one enemy piece under `convert:` (Othello;
    /// Fairy-Stockfish's `enclosingDrop = reversi`).
    #[serde(default)]
    pub must_convert: Option<Sp<bool>>,
    /// A region: while any of its cells is empty, drops go onto its empty cells only, and
    /// need not convert (Othello's four centre cells when the board starts empty;
    /// Fairy-Stockfish's `enclosingDropStart`).
    #[serde(default)]
    pub opening_zone: Option<Sp<String>>,
    /// It enters the board only by gating, never by a drop of its own (S-chess's hawk and
    /// elephant); needs `hand: gating`.
    #[serde(default)]
    pub gating_only: Option<Sp<bool>>,
}

fn yes() -> bool {
    true
}

/// A per-variant move notation: a template for each class of move, filled to write a move
/// and matched against the legal moves to read one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotationDef {
    /// Its name for people, e.g. `the inventor's notation`.
    pub name: Sp<String>,
    /// A template per class of move; a class without one falls back to a more general class
    /// (`capture_own` to `capture` to `move`), and then to the engine's move text.
    #[serde(default)]
    pub templates: TemplatesDef,
    /// Templates of single pieces (by letter) that replace the general ones for that piece.
    #[serde(default)]
    pub pieces: IndexMap<String, Sp<TemplatesDef>>,
    /// Annotation tokens a reader ignores after the move (`*`, `!`, `?`).
    #[serde(default)]
    pub ignore: Vec<Sp<String>>,
    /// Words that open a remark: from one of them to the end, the text is ignored.
    #[serde(default)]
    pub remarks: Vec<Sp<String>>,
    /// The letter written for an ammunition in a `reload` template (`{ammo}`), by the
    /// ammunition's name; by default its name's first letter in upper case.
    #[serde(default)]
    pub ammo: IndexMap<String, Sp<String>>,
}

/// The templates of a notation, one optional key per class of move. Placeholders in braces
/// (`{from}`) are filled from the move; `{{` and `}}` are literal braces.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplatesDef {
    /// A plain move.
    #[serde(default, rename = "move")]
    pub plain: Option<Sp<String>>,
    /// A capture of an enemy piece.
    #[serde(default)]
    pub capture: Option<Sp<String>>,
    /// A capture of a piece of the mover's own side.
    #[serde(default)]
    pub capture_own: Option<Sp<String>>,
    /// A move that promotes.
    #[serde(default)]
    pub promotion: Option<Sp<String>>,
    /// A capture that promotes.
    #[serde(default)]
    pub capture_promotion: Option<Sp<String>>,
    /// Castling.
    #[serde(default)]
    pub castle: Option<Sp<String>>,
    /// A container moving with its crew.
    #[serde(default)]
    pub sail: Option<Sp<String>>,
    /// Crewmen changing container.
    #[serde(default)]
    pub transfer: Option<Sp<String>>,
    /// Crewmen changing container and capturing an enemy crewman there.
    #[serde(default)]
    pub transfer_capture: Option<Sp<String>>,
    /// Crewmen changing container and capturing a crewman of their own side there.
    #[serde(default)]
    pub transfer_capture_own: Option<Sp<String>>,
    /// Planting a marker.
    #[serde(default)]
    pub plant: Option<Sp<String>>,
    /// A drop from the hand (`{piece}`, `{to}`).
    #[serde(default)]
    pub drop: Option<Sp<String>>,
    /// A capture without moving.
    #[serde(default)]
    pub remote: Option<Sp<String>>,
    /// The end of a sortie.
    #[serde(default, rename = "return")]
    pub back: Option<Sp<String>>,
    /// Diving.
    #[serde(default)]
    pub dive: Option<Sp<String>>,
    /// A move of a submerged piece that stays under.
    #[serde(default)]
    pub submerged: Option<Sp<String>>,
    /// A submerged piece surfacing on another cell.
    #[serde(default)]
    pub surface: Option<Sp<String>>,
    /// A submerged piece surfacing where it is.
    #[serde(default)]
    pub surface_in_place: Option<Sp<String>>,
    /// Added after a move whose mover a marker destroys.
    #[serde(default)]
    pub destroyed: Option<Sp<String>>,
    /// Added per enemy submerged piece the move forces up, when it captures nothing.
    #[serde(default)]
    pub forced_surface: Option<Sp<String>>,
    /// Added per enemy submerged piece the move forces up, when it captures the piece above.
    #[serde(default)]
    pub forced_surface_capture: Option<Sp<String>>,
    /// Added per ammunition the move refills.
    #[serde(default)]
    pub reload: Option<Sp<String>>,
    /// Added after a move hidden from the opponent.
    #[serde(default)]
    pub hidden: Option<Sp<String>>,
}

/// A marker type: an object on a cell's marker layer, owned by a side.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkerDef {
    /// Its FEN letter: upper case for White's markers, lower case for Black's.
    pub letter: Sp<String>,
    /// Whether it blocks lines and paths like a piece (no piece moves over it, no line attack
    /// passes it).
    #[serde(default)]
    pub blocks: bool,
    /// Whether a piece arriving on its cell (of either colour) is destroyed with it.
    #[serde(default)]
    pub destroys: bool,
    /// Whether submerged pieces may not move to its cell.
    #[serde(default)]
    pub bars_submerged: bool,
    /// Whether only its owner sees it.
    #[serde(default)]
    pub hidden: bool,
}

/// A piece's ammunition: a small counter used up by an action and refilled in a region.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmmoDef {
    /// How many it holds, full at the start (1 to 7; default 1).
    #[serde(default)]
    pub count: Option<Sp<u8>>,
    /// A region (per side): ending any move there refills it.
    #[serde(default)]
    pub reload: Option<Sp<String>>,
    /// Whether the count is hidden from the opponent.
    #[serde(default)]
    pub hidden: bool,
}

/// Instead of moving, the piece puts a marker on its own cell.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlantDef {
    /// The marker type's name.
    pub marker: Sp<String>,
    /// The ammunition it uses (one per marker), by name.
    pub ammo: Sp<String>,
}

/// A capture without moving: the piece stays, the target is removed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemoteDef {
    /// Betza riders or leapers naming the target cells; a rider hits the first cell that holds
    /// a piece or a blocking marker within its range.
    #[serde(default)]
    pub moves: Option<Sp<String>>,
    /// Whether `moves` turn with the piece's facing (the direction of its last straight move,
    /// forward before it moved) instead of the side's forward.
    #[serde(default)]
    pub facing: bool,
    /// Instead of `moves`: every cell at exactly this Chebyshev distance, never blocked.
    #[serde(default)]
    pub ring: Option<Sp<u8>>,
    /// The ammunition one shot uses, by name.
    #[serde(default)]
    pub ammo: Option<Sp<String>>,
    /// Whether the shot starts a sortie: until the owner plays the return move, its only
    /// moves are further shots of this kind from the same cell.
    #[serde(default)]
    pub sortie: bool,
}

/// The piece may dive below the surface and move there, hidden from the opponent.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubmergeDef {
    /// Own turns it must have spent on the surface since it last surfaced before it may dive.
    pub after: Sp<u8>,
    /// It may stay under one own turn per this many surface turns ...
    pub per: Sp<u8>,
    /// ... but at most this many (1 to 7); then it surfaces at the start of its owner's turn.
    pub max: Sp<u8>,
    /// Whether the opponent does not see it while it is submerged.
    #[serde(default)]
    pub hidden: bool,
}

/// How a piece on the surface acts on submerged pieces.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VersusSubmergedDef {
    /// Whether submerged pieces may not move under it.
    #[serde(default)]
    pub bars: bool,
    /// Whether its moves capture an enemy submerged piece on the destination.
    #[serde(default)]
    pub hunts: bool,
    /// Betza leaps: after every move, enemy submerged pieces on these cells around it surface.
    #[serde(default)]
    pub sonar: Option<Sp<String>>,
}

/// The rules of crews aboard containers. Every option is off unless set.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContainersDef {
    /// A crewman moving to another container may take friendly shipmates along, as room
    /// allows.
    #[serde(default)]
    pub companions: bool,
    /// A crewman may capture a friendly crewman (never a royal piece).
    #[serde(default)]
    pub self_capture: bool,
    /// A container move may not take the container straight back to where the opponent's
    /// last move brought it from.
    #[serde(default)]
    pub no_undo: bool,
}

/// A game parameter, with a value for each side: a piece type from a set, or a square from
/// a region (the side's own squares of it) minus exceptions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParameterDef {
    /// Letters of the piece types it may be.
    #[serde(default)]
    pub pieces: Option<Vec<Sp<String>>>,
    /// Name of the region whose squares it may be.
    #[serde(default)]
    pub squares: Option<Sp<String>>,
    /// Squares it may not be when an earlier parameter of the same side has a value.
    #[serde(default)]
    pub except: Vec<ExceptionDef>,
}

/// "Not these squares when that parameter has this value".
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExceptionDef {
    /// One earlier parameter and the value (a piece letter) that brings the exception.
    pub when: Sp<IndexMap<String, Sp<String>>>,
    /// Name of the region excluded (the side's own squares of it).
    pub squares: Sp<String>,
}

/// A capture effect: when the last piece of its type that its owner has is captured, the
/// piece comes back on the first empty square of an ordered list; with none empty, it is
/// gone.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReturnDef {
    /// The piece: a letter, or `$name` of a piece parameter (each side its own value).
    pub piece: Sp<String>,
    /// The squares in order, seen from the owner: `home` (the setup squares of the piece's
    /// type, from the owner's left), then squares and regions read from the owner's side
    /// (`rank 1` is Black's rank 8), each from the owner's left.
    pub to: Vec<Sp<String>>,
}

impl VariantDef {
    /// This definition over `base`: its own parts where it has them, the base's elsewhere;
    /// `regions`, `parameters` and `markers` merge by name (an entry here replaces the
    /// base's entry of the same name in its place, new entries come after), pieces key by
    /// key, and `remove: true` takes a base's piece out (a problem when no base has it).
    pub fn over(
        self,
        base: VariantDef,
        problems: &mut Vec<crate::load::diagnostics::Problem>,
    ) -> VariantDef {
        fn merge<V>(
            mut base: IndexMap<String, V>,
            own: IndexMap<String, V>,
        ) -> IndexMap<String, V> {
            base.extend(own);
            base
        }
        VariantDef {
            extends: self.extends,
            name: self.name.or(base.name),
            description: self.description.or(base.description),
            board: self.board.or(base.board),
            regions: merge(base.regions, self.regions),
            pieces: IndexMap::new(),
            drafts: super::pieces::merge(base.drafts, self.drafts, problems),
            setup: self.setup.or(base.setup),
            castling: self.castling.or(base.castling),
            chance: self.chance.or(base.chance),
            end: self.end.or(base.end),
            parameters: merge(base.parameters, self.parameters),
            returns: if self.returns.is_empty() {
                base.returns
            } else {
                self.returns
            },
            containers: self.containers.or(base.containers),
            royals_apart: self.royals_apart.or(base.royals_apart),
            royals_facing: self.royals_facing.or(base.royals_facing),
            pass: self.pass.or(base.pass),
            captures: self.captures.or(base.captures),
            no_checks: self.no_checks.or(base.no_checks),
            royal_may_not_flee: self.royal_may_not_flee.or(base.royal_may_not_flee),
            first_moves_in_fen: self.first_moves_in_fen.or(base.first_moves_in_fen),
            markers: merge(base.markers, self.markers),
            xboard: self.xboard,
            notation: self.notation.or(base.notation),
            hand: self.hand.or(base.hand),
            explosion: self.explosion.or(base.explosion),
            mutually_immune: self.mutually_immune.or(base.mutually_immune),
            convert: self.convert.or(base.convert),
            walls: self.walls.or(base.walls),
        }
    }
}

/// One piece type, complete: written in one file or merged key by key from a chain of
/// `extends:` (see [`PieceDraft`], its form as a file writes it).
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
    /// Whether a move of this piece resets the halfmove clock (the n-move rule), as a pawn's does.
    pub resets_halfmove_clock: bool,
    /// Promotion, when the piece promotes.
    pub promotion: Option<PromotionDef>,
    /// Moves allowed only inside a region: by region name, Betza components whose moves
    /// start, pass and end within the region (per side: a pawn's "any distance forward inside
    /// its own half" is `own-half: fmR`).
    pub within: IndexMap<String, Sp<String>>,
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

/// Where a piece promotes and to what.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionDef {
    /// The name of a region (per side) in which a move ending promotes.
    pub zone: Sp<String>,
    /// Letters of the piece types it may become, for both sides or per side; at least one.
    pub choices: Sp<ChoicesDef>,
    /// Shogi's promotion: a move that starts or ends in the zone may promote or not, except
    /// onto a cell from which the unpromoted piece could never move again, where it must.
    #[serde(default)]
    pub optional: bool,
    /// Only a capture promotes (micro shogi's pieces turn over when they capture; Fairy-
    /// Stockfish's `piecePromotionOnCapture`).
    #[serde(default)]
    pub on_capture: bool,
    /// Per choice letter, the most pieces of that kind the promoting side may have on the
    /// board for the choice to be open (Grand Chess: a pawn promotes only to a piece its
    /// side has lost; Fairy-Stockfish's `promotionLimit`).
    #[serde(default)]
    pub limit: IndexMap<String, Sp<u8>>,
    /// Sittuyin's promotion: the piece promotes by a move of its own instead of on arrival,
    /// standing in the zone: in place, or by one non-capturing move of the new kind onto an
    /// empty cell (Fairy-Stockfish's `sittuyinPromotion`).
    #[serde(default)]
    pub standing: Option<Sp<bool>>,
    /// With `standing`: the side's last piece of this kind may promote outside the zone too.
    #[serde(default)]
    pub last_anywhere: bool,
    /// With `standing`: the promoted piece may not attack an enemy piece from where it
    /// lands, and the promotion may not give check.
    #[serde(default)]
    pub peaceful: bool,
}

/// Promotion choices: one list for both sides (`[Q, R, B, N]`) or one per side
/// (`{white: [C, R, B, N], black: [Q, R, B, N]}`, as Fairy-Stockfish's
/// `promotionPieceTypesWhite` and `promotionPieceTypesBlack`).
#[derive(Debug)]
pub enum ChoicesDef {
    /// The same letters for both sides (the list's span is the outer `Sp`'s).
    Both(Vec<Sp<String>>),
    /// White's letters and Black's.
    PerSide {
        /// White's choices.
        white: Sp<Vec<Sp<String>>>,
        /// Black's choices.
        black: Sp<Vec<Sp<String>>>,
    },
}

impl ChoicesDef {
    /// The letters as written, White's first (one list for both sides is given twice).
    pub fn per_side(&self) -> [&[Sp<String>]; 2] {
        match self {
            ChoicesDef::Both(both) => [both, both],
            ChoicesDef::PerSide { white, black } => [&white.value, &black.value],
        }
    }
}

/// The values of a map with exactly the keys `white` and `black` (a per-side value).
fn white_and_black<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    mut map: A,
) -> Result<(T, T), A::Error> {
    let (mut white, mut black) = (None, None);
    while let Some(key) = map.next_key::<String>()? {
        match key.as_str() {
            "white" => white = Some(map.next_value()?),
            "black" => black = Some(map.next_value()?),
            other => return Err(de::Error::unknown_field(other, &["white", "black"])),
        }
    }
    Ok((
        white.ok_or_else(|| de::Error::missing_field("white"))?,
        black.ok_or_else(|| de::Error::missing_field("black"))?,
    ))
}

impl<'de> Deserialize<'de> for ChoicesDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ChoicesDef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of letters such as `[Q, R, B, N]`, or a map with `white` and `black` lists")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<ChoicesDef, A::Error> {
                let mut list = Vec::new();
                while let Some(letter) = seq.next_element()? {
                    list.push(letter);
                }
                Ok(ChoicesDef::Both(list))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<ChoicesDef, A::Error> {
                let (white, black) = white_and_black(map)?;
                Ok(ChoicesDef::PerSide { white, black })
            }
        }
        d.deserialize_any(V)
    }
}

/// Castling between a king piece and partner pieces on the same rank.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingDef {
    /// Letter of the piece that castles (the king).
    pub king: Sp<String>,
    /// Letters of the pieces it castles with (the rooks).
    pub partners: Vec<Sp<String>>,
    /// How far the king moves: a number of squares, `free` (any distance of at least one,
    /// as in free castling) or `{kingside: .., queenside: ..}`. Required unless
    /// `king_files` is given.
    #[serde(default)]
    pub king_distance: Option<Sp<DistanceDef>>,
    /// Chess960 castling, instead of `king_distance`: the files the king lands on
    /// (`{kingside: g, queenside: c}`) from whatever file it starts on; the partner lands
    /// beside it on the side of the board's centre.
    #[serde(default)]
    pub king_files: Option<Sp<KingFilesDef>>,
    /// When true, castling ignores attacks: the king may castle out of and through check
    /// (ending in check stays illegal under the checkmate rule).
    #[serde(default)]
    pub ignore_check: bool,
    /// Castling pieces dropped on their home cells gain castling rights (Fairy-Stockfish's
    /// `castlingDroppedPiece`, placement chess).
    #[serde(default)]
    pub drop_rights: Option<DropRightsDef>,
}

/// The home cells on which dropped castling pieces gain castling rights: a king dropped on a
/// `king` cell with partners on `partners` cells of its rank, or a partner dropped on a
/// `partners` cell beside such a king.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropRightsDef {
    /// The region (per side) of the king's home cells.
    pub king: Sp<String>,
    /// The region (per side) of the partners' home cells.
    pub partners: Sp<String>,
}

/// Chess960 castling: the king's destination file toward each side, as file letters.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KingFilesDef {
    /// Toward the higher files (`g` in Chess960).
    pub kingside: Sp<String>,
    /// Toward file a (`c` in Chess960).
    pub queenside: Sp<String>,
}

/// The king's castling distance toward each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DistanceDef {
    /// Toward the higher files (the h- or j-file rook).
    pub kingside: Distance,
    /// Toward file a.
    pub queenside: Distance,
}

/// How the game ends.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    /// What losing the royal piece means.
    #[serde(default)]
    pub royal: RoyalRule,
    /// The result when the side to move has no legal move and is not in check.
    #[serde(default)]
    pub stalemate: StalemateRule,
    /// Draw after this many moves by each side without a capture or a clock-resetting move
    /// (50 in chess); 0 turns the rule off.
    #[serde(default = "fifty")]
    pub move_rule: u32,
    /// Draw when the same position occurs this many times (3 in chess); 0 turns it off.
    #[serde(default = "three")]
    pub repetition: u32,
    /// Flag wins: a side wins when, after its own move, one of its pieces of a given type
    /// stands in a given region.
    #[serde(default)]
    pub flags: Vec<FlagDef>,
    /// Draws by insufficient material: each entry is every piece on the board, as FEN letters
    /// (case gives the colour), e.g. `KBk`; it also stands for the same with colours swapped.
    #[serde(default)]
    pub insufficient_material: Vec<Sp<String>>,
    /// The result for a side whose royal pieces are checkmated: `loss` (the default) or
    /// `win` (losing chess).
    #[serde(default)]
    pub checkmate: MateRule,
    /// Extinction of a piece type: a side left with too few pieces of a kind loses (or wins).
    #[serde(default)]
    pub extinction: Option<ExtinctionDef>,
    /// Check counting: the side that gives its n-th check wins (3 in three-check); 0 or
    /// absent turns it off. Each side's checks given are part of the position and its FEN.
    #[serde(default)]
    pub checks_to_win: Option<Sp<u8>>,
    /// Flag reply (racing kings): when the first player (White) reaches a flag zone, Black
    /// still has its move if one of its legal moves reaches its own flag zone; the game ends
    /// after it, drawn if Black reached its zone, else won by White.
    #[serde(default)]
    pub flag_reply: bool,
    /// The game ends when every cell of the board is occupied (Fairy-Stockfish's
    /// `adjudicateFullBoard`): a draw, or decided by `count_pieces`.
    #[serde(default)]
    pub full_board: bool,
    /// A game that ends by stalemate, by two passes in a row or on a full board is won by the
    /// side with more pieces on the board; equal numbers draw (Fairy-Stockfish's
    /// `stalematePieceCount` with `materialCounting = unweighted`: Ataxx, Othello).
    #[serde(default)]
    pub count_pieces: bool,
    /// Which attacks on a side's royal pieces are check when it has several (under the
    /// checkmate rule): `any` (the default), `all` or `last` (see [`RoyalCheck`]).
    #[serde(default)]
    pub check: Option<Sp<RoyalCheck>>,
}

/// Whether captures are free or forced.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CaptureRule {
    /// A side may capture or not.
    #[default]
    Free,
    /// When a side can capture, it must (any of its legal captures).
    Forced,
}

/// An extinction rule (Fairy-Stockfish `extinctionPieceTypes`, `extinctionPieceCount`,
/// `extinctionValue`): judged after every move, the side that moved first.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtinctionDef {
    /// `all` (every piece of a side counted together, pieces in hand included) or piece
    /// letters, each kind counted on its own (`KQRBNP`: a side that loses every piece of
    /// any one kind).
    pub pieces: Sp<String>,
    /// It applies when at most this many are left: 0 (the default) when none is left, 2 in
    /// three kings (the first king lost of three).
    #[serde(default)]
    pub left: u8,
    /// What it means for the side it applies to: `loss` (the default) or `win`.
    #[serde(default)]
    pub result: MateRule,
    /// It applies only while the opponent has at least this many pieces of the kind (on
    /// the board and in hand): 0, the default, always (Fairy-Stockfish's
    /// `extinctionOpponentPieceCount`; koedem: 2, a side has lost when the opponent holds
    /// both kings).
    #[serde(default)]
    pub opponent_has: u8,
}

/// A flag win: a piece type and the region (per side) it must reach.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagDef {
    /// Letter of the piece type, or `$name` of a piece parameter.
    pub piece: Sp<String>,
    /// Name of the region (each side uses its own squares of it), or `$name` of a square
    /// parameter.
    pub zone: Sp<String>,
    /// `true`: the piece wins only while no enemy piece attacks it there; one that arrived
    /// attacked and survives the reply wins once it is safe, at the start of its own turn
    /// (dobutsu's lion; Fairy-Stockfish's `flagPieceSafe`).
    #[serde(default)]
    pub safe: bool,
    /// `true`: arriving does not win yet; the piece wins if it still stands in its zone at
    /// the start of its side's next turn, having survived the opponent's reply (Jeson Mor,
    /// where a knight wins by leaving the centre; Fairy-Stockfish's `flagMove` with a flag
    /// piece other than the king).
    #[serde(default)]
    pub hold: Option<Sp<bool>>,
}

fn fifty() -> u32 {
    50
}

fn three() -> u32 {
    3
}

impl Default for EndDef {
    fn default() -> Self {
        EndDef {
            royal: RoyalRule::default(),
            stalemate: StalemateRule::default(),
            move_rule: fifty(),
            repetition: three(),
            flags: Vec::new(),
            insufficient_material: Vec::new(),
            checkmate: MateRule::Loss,
            extinction: None,
            checks_to_win: None,
            flag_reply: false,
            check: None,
            full_board: false,
            count_pieces: false,
        }
    }
}

/// A region: one text for both sides, or one per side.
#[derive(Debug)]
pub enum RegionDef {
    /// The same squares for both sides (given with the region's own span by the outer `Sp`).
    Both(String),
    /// Different squares for White and Black.
    PerSide {
        /// White's squares.
        white: Sp<String>,
        /// Black's squares.
        black: Sp<String>,
    },
}

impl<'de> Deserialize<'de> for RegionDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RegionDef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a region such as `c3-h8`, or a map with `white` and `black` regions")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RegionDef, E> {
                Ok(RegionDef::Both(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RegionDef, A::Error> {
                let (white, black) = white_and_black(map)?;
                Ok(RegionDef::PerSide { white, black })
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for DistanceDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        fn one<E: de::Error>(v: &str) -> Result<Distance, E> {
            match v {
                "free" => Ok(Distance::Free),
                n => n
                    .parse::<u8>()
                    .ok()
                    .filter(|&n| n > 0)
                    .map(Distance::Fixed)
                    .ok_or_else(|| {
                        E::custom(format!(
                            "castling distance `{n}` is not a positive number or `free`"
                        ))
                    }),
            }
        }
        impl<'de> Visitor<'de> for V {
            type Value = DistanceDef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number of squares, `free`, or a map with `kingside` and `queenside`")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<DistanceDef, E> {
                let d = one(&v.to_string())?;
                Ok(DistanceDef {
                    kingside: d,
                    queenside: d,
                })
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<DistanceDef, E> {
                let d = one(&v.to_string())?;
                Ok(DistanceDef {
                    kingside: d,
                    queenside: d,
                })
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<DistanceDef, E> {
                let d = one(v)?;
                Ok(DistanceDef {
                    kingside: d,
                    queenside: d,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DistanceDef, A::Error> {
                let (mut king, mut queen) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    let value: DistanceDef = map.next_value()?;
                    match key.as_str() {
                        "kingside" => king = Some(value.kingside),
                        "queenside" => queen = Some(value.queenside),
                        other => {
                            return Err(de::Error::unknown_field(other, &["kingside", "queenside"]))
                        }
                    }
                }
                Ok(DistanceDef {
                    kingside: king.ok_or_else(|| de::Error::missing_field("kingside"))?,
                    queenside: queen.ok_or_else(|| de::Error::missing_field("queenside"))?,
                })
            }
        }
        d.deserialize_any(V)
    }
}

/// A chance event: after a move that triggers it, one cell of a region is drawn uniformly
/// (as two dice would) and acts on the board.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChanceDef {
    /// Name of the region whose cells are drawn (the moving side's squares of it).
    pub region: Sp<String>,
    /// What triggers it; any one suffices.
    pub when: Vec<ChanceTrigger>,
    /// What the drawn cell does.
    pub effects: Vec<ChanceEffect>,
}

/// What triggers a chance event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChanceTrigger {
    /// The move's path (origin, squares passed, destination; both pieces' paths when
    /// castling) touches the region.
    Path,
    /// After the move, some piece stands in the region.
    Occupied,
}

/// What the drawn cell of a chance event does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChanceEffect {
    /// The piece standing on the drawn cell, if any, is removed.
    RemovePiece,
    /// The piece that moved is removed when the drawn cell is on its path (for castling, each
    /// of the two pieces when the cell is on its own path).
    RemoveMoverOnPath,
}
