//! Loading: a definition's YAML text (`definition`), its movement and board language
//! ([`dsl`]), the compiler that checks both and builds a [`crate::Ruleset`]
//! (`compile`), the diagnostics it reports ([`diagnostics`]), and [`variant::Variant`],
//! the loaded rule set with its name and file.

pub(crate) mod compile;
pub(crate) mod definition;
pub mod diagnostics;
pub mod dsl;
pub(crate) mod variant;
