//! `fairy serve` and `fairy web`: searches that end, bounded memory, headers and loads.
