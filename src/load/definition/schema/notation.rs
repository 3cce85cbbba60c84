//! `notation:`: the inventor's move text (the guide's "Notation").

use indexmap::IndexMap;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer};

use crate::load::definition::Sp;

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
/// (`{from}`) are filled from the move; `{{` and `}}` are literal braces. Each key takes one
/// template or a list of them ([`TemplateDef`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplatesDef {
    /// A plain move.
    #[serde(default, rename = "move")]
    pub plain: Option<Sp<TemplateDef>>,
    /// A capture of an enemy piece.
    #[serde(default)]
    pub capture: Option<Sp<TemplateDef>>,
    /// A capture of a piece of the mover's own side.
    #[serde(default)]
    pub capture_own: Option<Sp<TemplateDef>>,
    /// A move that promotes.
    #[serde(default)]
    pub promotion: Option<Sp<TemplateDef>>,
    /// A capture that promotes.
    #[serde(default)]
    pub capture_promotion: Option<Sp<TemplateDef>>,
    /// Castling.
    #[serde(default)]
    pub castle: Option<Sp<TemplateDef>>,
    /// A container moving with its crew.
    #[serde(default)]
    pub sail: Option<Sp<TemplateDef>>,
    /// Crewmen changing container.
    #[serde(default)]
    pub transfer: Option<Sp<TemplateDef>>,
    /// Crewmen changing container and capturing an enemy crewman there.
    #[serde(default)]
    pub transfer_capture: Option<Sp<TemplateDef>>,
    /// Crewmen changing container and capturing a crewman of their own side there.
    #[serde(default)]
    pub transfer_capture_own: Option<Sp<TemplateDef>>,
    /// Planting a marker.
    #[serde(default)]
    pub plant: Option<Sp<TemplateDef>>,
    /// A drop from the hand (`{piece}`, `{to}`).
    #[serde(default)]
    pub drop: Option<Sp<TemplateDef>>,
    /// A capture without moving.
    #[serde(default)]
    pub remote: Option<Sp<TemplateDef>>,
    /// The end of a sortie.
    #[serde(default, rename = "return")]
    pub back: Option<Sp<TemplateDef>>,
    /// Diving.
    #[serde(default)]
    pub dive: Option<Sp<TemplateDef>>,
    /// A move of a submerged piece that stays under.
    #[serde(default)]
    pub submerged: Option<Sp<TemplateDef>>,
    /// A submerged piece surfacing on another cell.
    #[serde(default)]
    pub surface: Option<Sp<TemplateDef>>,
    /// A submerged piece surfacing where it is.
    #[serde(default)]
    pub surface_in_place: Option<Sp<TemplateDef>>,
    /// Added after a move whose mover a marker destroys.
    #[serde(default)]
    pub destroyed: Option<Sp<TemplateDef>>,
    /// Added per enemy submerged piece the move forces up, when it captures nothing.
    #[serde(default)]
    pub forced_surface: Option<Sp<TemplateDef>>,
    /// Added per enemy submerged piece the move forces up, when it captures the piece above.
    #[serde(default)]
    pub forced_surface_capture: Option<Sp<TemplateDef>>,
    /// Added per ammunition the move refills.
    #[serde(default)]
    pub reload: Option<Sp<TemplateDef>>,
    /// Added after a move hidden from the opponent.
    #[serde(default)]
    pub hidden: Option<Sp<TemplateDef>>,
}

/// The template of one class of move: one text, or a list of texts of which the first is
/// written and every one is read (an inventor who wrote the same move two ways:
/// `["{from}{group} x {to} own {captured}", "{from}{group} x own {to}{captured}"]`).
#[derive(Debug)]
pub enum TemplateDef {
    /// One template (its span is the outer `Sp`'s).
    One(String),
    /// The written template first, then the other forms a reader accepts.
    Alternatives(Vec<Sp<String>>),
}

impl<'de> Deserialize<'de> for TemplateDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = TemplateDef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a template such as `\"{piece}{from}-{to}\"`, or a list of them")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<TemplateDef, E> {
                Ok(TemplateDef::One(s.to_string()))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<TemplateDef, A::Error> {
                let mut list = Vec::new();
                while let Some(text) = seq.next_element()? {
                    list.push(text);
                }
                Ok(TemplateDef::Alternatives(list))
            }
        }
        d.deserialize_any(V)
    }
}
