//! The readers: PGN nesting, the XBoard engine's clock, and the invariants of item 8.

