//! serde types of the definition file, one file per section of the authoring guide
//! (`docs/authoring.md`). Unknown keys are errors everywhere.

mod castling;
mod chance;
mod containers;
mod end;
mod explosion;
mod hand;
mod layers;
mod notation;
mod parameters;
mod pieces;
mod promotion;
mod regions;
mod trading;
mod walls;

use indexmap::IndexMap;
use serde::de::{self, MapAccess};
use serde::Deserialize;

pub(crate) use crate::types::rule_enums::{
    ConvertRule, Distance, FacingRule, MateRule, PromotedInFen, RoyalCheck, RoyalRule,
    StalemateRule,
};

pub use castling::*;
pub use chance::*;
pub use containers::*;
pub use end::*;
pub use explosion::*;
pub use hand::*;
pub use layers::*;
pub use notation::*;
pub use parameters::*;
pub use pieces::*;
pub use promotion::*;
pub use regions::*;
pub use trading::*;
pub use walls::*;

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
    /// `extends:` is merged: see [`crate::load::definition::load_chain`]).
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
    /// How FEN writes a promoted kind: `letter` (its own, the default) or `plus` (`+` and
    /// the letter of the kind that promotes to it, Fairy-Stockfish's and HaChu's `+P`).
    #[serde(default)]
    pub promoted_in_fen: Option<Sp<PromotedInFen>>,
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
    /// Rules against trading off a set of pieces (Chu Shogi's lion-trading rules).
    #[serde(default)]
    pub trading: Option<Sp<TradingDef>>,
}

impl VariantDef {
    /// This definition over `base`: its own parts where it has them, the base's elsewhere;
    /// `regions`, `parameters` and `markers` merge by name (an entry here replaces the
    /// base's entry of the same name in its place, new entries come after), pieces key by
    /// key, and `remove: true` takes a base's piece out (a problem when no base has it).
    pub(crate) fn over(
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
            promoted_in_fen: self.promoted_in_fen.or(base.promoted_in_fen),
            markers: merge(base.markers, self.markers),
            xboard: self.xboard,
            notation: self.notation.or(base.notation),
            hand: self.hand.or(base.hand),
            explosion: self.explosion.or(base.explosion),
            mutually_immune: self.mutually_immune.or(base.mutually_immune),
            convert: self.convert.or(base.convert),
            walls: self.walls.or(base.walls),
            trading: self.trading.or(base.trading),
        }
    }
}

/// The values of a map with exactly the keys `white` and `black` (a per-side value).
pub(super) fn white_and_black<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
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
