//! The native module of the Python package `fairy_rules` (`fairy_rules._native`): the
//! library's rules for Python, built with PyO3 and maturin.
//!
//! Two APIs over one core (`core.rs`, the only module that calls the library):
//!
//! - functions with pyffish's names and arguments (`compat.rs`): `legal_moves`, `get_fen`,
//!   `get_san`, `game_result`, `validate_fen`, ...;
//! - a python-chess-like [`board::Board`] with its [`board::Outcome`], an [`engine::Engine`]
//!   and its [`engine::SearchResult`], and [`variant::PyVariant`] (`Variant`) with the
//!   [`diagnostics::Diagnostic`]s of a definition.
//!
//! Errors become the exceptions of `errors.rs`, in one place; a panic of the library is
//! caught ([`core::guard`]) and raised as `FairyError`, never carried across the FFI.

use pyo3::prelude::*;

mod board;
mod compat;
mod core;
mod diagnostics;
mod engine;
mod errors;
mod variant;

/// `text` as Python writes a string's `repr`, for the values' `__repr__`: in single quotes,
/// with backslashes and single quotes escaped.
pub(crate) fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// The native module, re-exported by `fairy_rules/__init__.py`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<variant::PyVariant>()?;
    m.add_class::<diagnostics::Diagnostic>()?;
    m.add_function(wrap_pyfunction!(compat::variants, m)?)?;
    m.add_function(wrap_pyfunction!(compat::version, m)?)?;
    m.add_function(wrap_pyfunction!(compat::info, m)?)?;
    m.add_function(wrap_pyfunction!(compat::load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(compat::start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(compat::captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(compat::two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(compat::legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(compat::get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(compat::get_san, m)?)?;
    m.add_function(wrap_pyfunction!(compat::get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(compat::gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(compat::is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(compat::game_result, m)?)?;
    m.add_function(wrap_pyfunction!(compat::is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(compat::is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(compat::has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(compat::validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(compat::get_fog_fen, m)?)?;
    m.add("VALUE_MATE", compat::VALUE_MATE)?;
    m.add("VALUE_DRAW", compat::VALUE_DRAW)?;
    for (name, value) in compat::NOTATIONS.iter().chain(&compat::FEN_CODES) {
        m.add(*name, *value)?;
    }
    Ok(())
}
