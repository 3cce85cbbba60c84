//! A piece's `promotion:` (the guide's "Promotion: choices per side and limits").

use indexmap::IndexMap;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::load::definition::Sp;

use super::white_and_black;

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
    /// With `optional`: a move promotes only when it enters the zone from outside, or when
    /// it captures starting or ending there; a piece that stayed unpromoted on entering
    /// promotes again only by a capture, or by leaving and entering anew (Chu Shogi's rule,
    /// as HaChu plays it).
    #[serde(default)]
    pub entering: Option<Sp<bool>>,
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
