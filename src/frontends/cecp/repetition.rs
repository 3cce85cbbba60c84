//! Which earlier positions XBoard compares with the current one when it judges a claim of a
//! draw by repetition. XBoard keeps its own count (its `Adjudicate`): it looks back over the
//! positions with the same side to move, at most 100 plies, and stops at the last move it
//! takes as irreversible and at a position after which en passant may follow. A claim it
//! does not count itself it calls false and gives the game to the other side.

use super::{known_name, piece_slots, PAWN};
use crate::engine::MoveKind;
use crate::play::game::Game;
use crate::rules::Ruleset;
use crate::types::piece::Color;

/// How many plies back XBoard looks for an earlier occurrence.
const LOOKBACK: usize = 100;
/// XBoard's lance slot: in an engine-defined variant, XBoard moves a lance as a pawn.
const LANCE: usize = 18;

/// The first ply (0: the game's start position) whose position XBoard compares with the
/// current one when it judges a repetition claim: for [`Game::count_repetitions_from`], so
/// that the engine claims only repetitions XBoard counts too.
///
/// XBoard starts after the last move it takes as irreversible: a capture, a pass, a move
/// that ends on its own cell, and a move of a piece it moves as a pawn that changes rank.
/// Those pieces are the ones on its pawn's and lance's slots in an engine-defined variant,
/// and the pieces lettered `P` or `L` in a variant of its own. It also leaves out the
/// position after a pawn's move of two ranks or more where en passant may follow (it looks
/// for an enemy pawn beside it): here every such move leaves it out, so the ply returned
/// is never before XBoard's, and may be after it. A start position with en passant targets
/// is left out too. In a variant whose pieces XBoard cannot be told, the pieces lettered `P`
/// or `L` are taken as its pawns.
///
/// ```
/// use fairy_rules::{cecp, Game, Variant};
/// let mut game = Game::new(Variant::bundled("chess")?);
/// assert_eq!(cecp::repetition_floor(&game), 0);
/// for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///     game.play(m)?;
/// }
/// assert_eq!(cecp::repetition_floor(&game), 0);
/// game.play("e2e4")?; // a pawn's long move: XBoard may count from the position after it
/// assert_eq!(cecp::repetition_floor(&game), 6);
/// game.play("d7d6")?;
/// assert_eq!(cecp::repetition_floor(&game), 6);
/// game.play("b1c3")?;
/// game.play("c8g4")?;
/// game.play("f1c4")?;
/// game.play("g4d1")?; // a capture
/// assert_eq!(cecp::repetition_floor(&game), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn repetition_floor(game: &Game) -> usize {
    let rules: &Ruleset = game.variant();
    let pawns = xboard_pawns(rules);
    let moves = game.moves();
    let mut floor = moves.len().saturating_sub(LOOKBACK);
    if !game.start_position().en_passant_targets().is_empty() {
        floor = floor.max(1);
    }
    let rank = |cell| i32::from(rules.topology.coords(cell).1);
    // Move i leads to the position of ply i + 1.
    for (i, m) in moves.iter().enumerate().rev() {
        let pawn = pawns[m.piece.kind().index()] && !matches!(m.kind, MoveKind::Drop);
        let forward = match m.piece.color() {
            Color::White => rank(m.to) - rank(m.from),
            Color::Black => rank(m.from) - rank(m.to),
        };
        if pawn && forward >= 2 {
            return floor.max(i + 2);
        }
        let stays = m.from == m.to && !matches!(m.kind, MoveKind::Drop);
        if m.is_capture() || matches!(m.kind, MoveKind::Pass) || stays || (pawn && forward != 0) {
            return floor.max(i + 1);
        }
    }
    floor
}

/// Whether XBoard moves each of the variant's piece kinds as a pawn, in the definition's
/// order.
fn xboard_pawns(rules: &Ruleset) -> Vec<bool> {
    let lettered = || {
        rules
            .pieces
            .iter()
            .map(|p| matches!(p.letter, 'P' | 'L'))
            .collect()
    };
    if known_name(rules).is_some() {
        return lettered();
    }
    match piece_slots(rules) {
        Ok(slots) => slots.iter().map(|&s| s == PAWN || s == LANCE).collect(),
        Err(_) => lettered(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::variant::Variant;

    /// Five pieces XBoard is told with `piece`: the fifth takes the lance's slot, so XBoard
    /// moves it as a pawn: its moves from rank to rank are irreversible there, and one of
    /// two ranks leaves out the position after it.
    #[test]
    fn a_piece_on_the_lance_slot_moves_irreversibly_from_rank_to_rank() {
        let yaml = "name: Lanced\nboard: 8x8\npieces:\n  camel:\n    letter: A\n    moves: C\n  zebra:\n    letter: B\n    moves: Z\n  wa:\n    letter: E\n    moves: WA\n  fd:\n    letter: G\n    moves: FD\n  wd:\n    letter: H\n    moves: WD\n  king:\n    letter: K\n    moves: K\n    royal: true\nsetup: k7/8/8/8/8/8/8/H6K\n";
        let v = Variant::from_yaml("lanced.yaml", yaml).unwrap();
        assert_eq!(piece_slots(&v).unwrap(), [13, 14, 15, 16, 18, 21]);
        let mut game = Game::new(v);
        let plies = [
            ("a1a2", 1),
            ("a8b8", 1),
            ("a2b2", 1), // along its rank: reversible
            ("b8a8", 1),
            ("b2b3", 5),
            ("a8b8", 5),
            ("b3b5", 8), // two ranks: XBoard may expect en passant after it
        ];
        for (m, floor) in plies {
            game.play(m).unwrap();
            assert_eq!(repetition_floor(&game), floor, "after {m}");
        }
    }

    /// XBoard leaves out a start position after which en passant may follow.
    #[test]
    fn a_start_position_with_en_passant_targets_is_left_out() {
        let chess = Variant::bundled("chess").unwrap();
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        let game = Game::from_fen(chess.clone(), fen).unwrap();
        assert_eq!(repetition_floor(&game), 1);
        let game = Game::from_fen(chess, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2").unwrap();
        assert_eq!(repetition_floor(&game), 0);
    }
}
