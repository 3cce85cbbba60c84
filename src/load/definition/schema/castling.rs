//! `castling:` (the guide's "The file": castling).

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::load::definition::Sp;
use crate::types::rule_enums::Distance;

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
