//! Loading a definition: the diagnostics of every kind with their exact places (DSL strings,
//! containers, layers), the codes the guide lists, `extends:`, the loading limits, and every
//! example of docs/authoring.md. (The reports drawn for the broken files in `tests/broken/`
//! are in `tests/frontends/broken_reports.rs`: drawing them takes the `cli` feature.)

#[path = "../support/mod.rs"]
mod support;

mod authoring;
mod container_definitions;
mod definitions;
mod diagnostic_codes;
mod hexagonal_definitions;
mod inheritance;
mod layer_definitions;
mod limits;
mod multi_leg_definitions;
