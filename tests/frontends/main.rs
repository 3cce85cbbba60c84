//! The frontends, through the `fairy` program (built with the `cli` feature): the command
//! line (`validate` and the reports it draws, `perft`, `play`, `replay`, `show`, `solve`,
//! `playtest`, `tune`, `match` and the guide's sessions), the JSON-lines game server, the web playground over HTTP and in a
//! browser, and the XBoard engine.

#[path = "../support/mod.rs"]
mod support;

mod authoring;
mod broken_reports;
mod cli;
mod engine_match;
mod playtest;
mod replay;
mod serve;
mod show;
mod solve;
mod tune;
mod uci;
mod web;
mod web_browser;
mod xboard_engine;
