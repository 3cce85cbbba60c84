//! `regions:` (the guide's "Board shape and regions").

use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use crate::load::definition::Sp;

use super::white_and_black;

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
