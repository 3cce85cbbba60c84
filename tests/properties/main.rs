//! Randomised checks: properties of every bundled game along random playouts, mutated
//! definitions, FENs and move texts, and arbitrary text into every reader. The default run
//! has a short budget; the full budgets are the ignored `long_*` tests (README, "Long
//! checks").

#[path = "../support/mod.rs"]
mod support;

mod mutation;
mod playouts;
mod robustness;
