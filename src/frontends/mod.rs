//! The doors other programs use: XBoard's protocol ([`cecp`]), UCI ([`uci`]), the JSON-lines
//! protocol (`protocol`, with the `protocol` feature) and the web playground (`web`, with the
//! `web` feature). The `fairy` command line is the binary in `cli/` (the `cli` feature), built
//! on the library's public API.

pub mod cecp;
#[cfg(feature = "protocol")]
pub mod protocol;
pub mod uci;
#[cfg(feature = "web")]
pub mod web;
