//! Drawing: move diagrams ([`diagram`]) and pictures of positions ([`picture`]).

pub mod diagram;
pub mod picture;
