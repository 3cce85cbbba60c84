//! The doors other programs use: XBoard's protocol ([`cecp`]), UCI ([`uci`]), the
//! JSON-lines protocol ([`protocol`]) and the web playground ([`web`]). The `fairy` command
//! line is the binary in `cli/`, built on the library's public API.

pub mod cecp;
#[cfg(feature = "protocol")]
pub mod protocol;
pub mod uci;
#[cfg(feature = "web")]
pub mod web;
