//! The positions a tuning fits and what it reads off each: the pieces of every kind per
//! side, and which kinds are bound to part of the board (a bishop to its colour).

use crate::engine::Position;
use crate::load::variant::Variant;
use crate::play::game::Game;
use crate::play::playtest::GameRecord;
use crate::play::search::Searcher;
use crate::rules::{Color, Kind, Ruleset};
use crate::types::bitboard::Cell;
use crate::types::piece::Piece;

/// A quiet position of a game, with the game's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The game's place in the list sampled (not its number in the study).
    pub game: usize,
    /// White's points in the game: 1, ½ or 0.
    pub result: f64,
    /// Per kind, White's and Black's pieces: on cells, aboard containers, submerged and in
    /// hand.
    pub counts: Vec<[u16; 2]>,
    /// White's static evaluation beyond material, in centipawns: the engine's square
    /// bonuses (mobility on its cell, nearness of a promoting piece to its zone), flags and
    /// royal terms (shelter, activity in the ending, mop-up), White's minus Black's.
    pub positional: f64,
}

/// Why a game's positions cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {index}: move {ply} `{text}` does not replay: {reason}")]
pub struct ReplayError {
    /// The game's number in the study.
    pub index: u64,
    /// The move's ply, from 1.
    pub ply: usize,
    /// The move as recorded.
    pub text: String,
    /// Why it does not play.
    pub reason: String,
}

/// Replays `games` and keeps each quiet position after the first `skip` plies (the random
/// opening): one where the side to move is not in check and neither the move that led to it
/// nor the move played from it captured or promoted. Texel's tuning method (chessprogramming
/// wiki, "Texel's Tuning Method") takes quiet positions so that the material counted is the
/// material kept; the game's own next move stands in for a quiescence search. See the example of [`crate::tune`].
///
/// # Errors
/// A [`ReplayError`] for a move that does not replay (a record of another variant).
pub fn sample_positions(
    variant: &Variant,
    games: &[GameRecord],
    skip: u32,
    min_left: u32,
) -> Result<Vec<Sample>, ReplayError> {
    let mut samples = Vec::new();
    let searcher = Searcher::with_table(variant.clone(), 0);
    for (g, record) in games.iter().enumerate() {
        let mut game = Game::new(variant.clone()).with_seed(record.seed);
        let result = record.white_points();
        let texts: Vec<&str> = record.moves.split_whitespace().collect();
        let mut noisy_before = true;
        for (i, text) in texts.iter().enumerate() {
            let at = game.position().clone();
            // The position before move `i`: quiet when the move into it and the move the
            // engine chose from it are neither captures nor promotions (a pending recapture
            // would misstate the material) and the side to move is not in check.
            let played = game.play(text).map_err(|e| ReplayError {
                index: record.index,
                ply: i + 1,
                text: (*text).to_string(),
                reason: e.to_string(),
            })?;
            let noisy = played.is_noisy();
            let early_enough = texts.len() - i >= min_left as usize;
            if i >= skip as usize
                && early_enough
                && !noisy_before
                && !noisy
                && !variant.in_check(&at)
            {
                let counts = counts(variant, &at);
                let positional = positional(&searcher, &at, &counts);
                samples.push(Sample {
                    game: g,
                    result,
                    counts,
                    positional,
                });
            }
            noisy_before = noisy;
        }
    }
    Ok(samples)
}

/// White's evaluation of `pos` less its material (`counts`, as [`counts`] gives them).
fn positional(searcher: &Searcher, pos: &Position, counts: &[[u16; 2]]) -> f64 {
    let eval = f64::from(searcher.evaluate(pos).0);
    let white = match pos.side_to_move() {
        Color::White => eval,
        Color::Black => -eval,
    };
    let material: f64 = counts
        .iter()
        .enumerate()
        .map(|(k, [w, b])| {
            f64::from(searcher.values().of(Kind::new(k as u8))) * (f64::from(*w) - f64::from(*b))
        })
        .sum();
    white - material
}

/// Per kind, White's and Black's pieces in `pos`: on cells, aboard containers, submerged
/// and in hand (what the search's material counts). See the example of [`crate::tune`].
pub fn counts(rules: &Ruleset, pos: &Position) -> Vec<[u16; 2]> {
    let mut counts = vec![[0u16; 2]; rules.pieces.len()];
    let mut add = |p: Piece, n: u16| counts[p.kind().index()][p.color().index()] += n;
    if rules.containers.is_some() {
        for cell in pos.occupied().cells() {
            for p in pos.crew_at(cell).pieces() {
                add(p, 1);
            }
        }
    } else {
        for k in rules.kinds() {
            for side in [Color::White, Color::Black] {
                let p = Piece::new(k, side);
                add(p, pos.pieces_of_kind(k, side).count() as u16);
                add(p, u16::from(pos.in_hand(p)));
            }
        }
    }
    for side in [Color::White, Color::Black] {
        for cell in pos.submerged_of(side).cells() {
            if let Some(p) = pos.submerged_at(cell) {
                add(p, 1);
            }
        }
    }
    counts
}

/// Whether a `kind` piece is bound to a part of the board, as the bishop is to its colour:
/// the cells joined by its moves on an empty board (either way) fall apart into two or more
/// parts of at least two cells each. Derived from the movement alone, so the ferz, the
/// alfil and a hexagonal board's bishop are bound too. See the example of [`crate::tune`].
pub fn bound(rules: &Ruleset, kind: Kind) -> bool {
    let cells = rules.topology.cell_count();
    let mut parent: Vec<usize> = (0..cells).collect();
    fn root(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    for a in 0..cells {
        for b in 0..cells {
            if a != b
                && rules.could_move(kind, Color::White, Cell::new(a as u8), Cell::new(b as u8))
            {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            }
        }
    }
    let mut sizes = vec![0usize; cells];
    for a in 0..cells {
        sizes[root(&mut parent, a)] += 1;
    }
    let parts: Vec<usize> = sizes.into_iter().filter(|&s| s > 0).collect();
    parts.len() >= 2 && parts.iter().all(|&s| s >= 2)
}
