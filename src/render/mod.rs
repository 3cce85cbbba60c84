//! Drawing: move diagrams ([`diagram`]) and pictures of positions ([`picture`]), both on
//! the one board drawing of `board.rs` (layout, colours, labels, the text grid).

pub(crate) mod board;
pub mod diagram;
mod hexboard;
pub mod picture;
