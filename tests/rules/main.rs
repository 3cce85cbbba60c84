//! The rules, one mechanism a module, on bundled games, the suite's definitions and small
//! definitions written for the test: movement, every pair of mechanisms combined, game-end
//! rules and counting rules, pieces in hand and drops, gating, walls, promotion, Chess960
//! castling, explosions, conversions and several royal pieces.

#[path = "../support/mod.rs"]
mod support;

mod castling960;
mod combinations;
mod conversions;
mod counting;
mod drops;
mod end_rules;
mod explosion;
mod gating;
mod movement;
mod promotion_rules;
mod several_royals;
mod shogi_promotion;
mod walls;
