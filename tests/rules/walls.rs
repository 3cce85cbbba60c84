//! Walls put down after each move (`walls:`): duck chess's duck and the Amazons' arrows.
//! Exact moves in small positions (each list agrees with Fairy-Stockfish's), the walls
//! made and unmade, their FEN and move text, the games' ends, and the definition's mistakes
//! reported where they are.

use fairy_rules::{Color, Outcome, Reason, Variant};

use crate::support::play::after;
use crate::support::problems::problem;
use crate::support::{fsf, moves};

#[test]
fn an_amazon_moves_then_shoots_an_arrow_like_a_queen_from_where_it_landed() {
    let v = fsf("amazons");
    // Walled in but for c10 and e10; the arrow may fly back over d9, which it has left.
    let fen = "3*6/2*Q*5/2***5/10/10/10/10/10/10/q9 w - - 0 1";
    assert_eq!(
        moves(&v, fen),
        [
            "d9c10,c10a10",
            "d9c10,c10a8",
            "d9c10,c10b10",
            "d9c10,c10b9",
            "d9c10,c10d9",
            "d9e10,e10d9",
            "d9e10,e10f10",
            "d9e10,e10f9",
            "d9e10,e10g10",
            "d9e10,e10g8",
            "d9e10,e10h10",
            "d9e10,e10h7",
            "d9e10,e10i10",
            "d9e10,e10i6",
            "d9e10,e10j10",
            "d9e10,e10j5"
        ]
    );
    // The arrow stays; an amazon captures nothing.
    assert_eq!(
        after(&v, fen, "d9c10,c10d9"),
        "2Q*6/2***5/2***5/10/10/10/10/10/10/q9 b - - 1 1"
    );
}

#[test]
fn the_duck_goes_to_any_empty_square_but_its_own_and_blocks_lines() {
    let v = fsf("duck");
    assert_eq!(v.count_legal_moves(&v.start_position()), 640);
    // The rook stops below the duck on e5; the duck leaves e5 after every move.
    let fen = "4k3/8/8/4*3/8/8/8/4RK2 w - - 0 1";
    let all = moves(&v, fen);
    let rook: std::collections::BTreeSet<&str> = all
        .iter()
        .filter(|m| m.starts_with("e1"))
        .map(|m| &m[..4])
        .collect();
    assert_eq!(
        rook.into_iter().collect::<Vec<_>>(),
        ["e1a1", "e1b1", "e1c1", "e1d1", "e1e2", "e1e3", "e1e4"]
    );
    assert!(all.iter().all(|m| !m.ends_with("e5")));
    // e1e2 leaves 61 cells: not the two kings, the rook on e2, nor the duck's e5.
    assert_eq!(all.iter().filter(|m| m.starts_with("e1e2,")).count(), 60);
    assert_eq!(all.len(), 11 * 60);
}

#[test]
fn the_duck_moves_and_the_key_follows_it() {
    let v = fsf("duck");
    let start = v.fen(&v.start_position());
    let one = after(&v, &start, "e2e4,e4e5");
    assert_eq!(
        one,
        "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // The duck moved on: e5 is empty again.
    assert_eq!(
        after(&v, &one, "d7d5,d5d4"),
        "rnbqkbnr/ppp1pppp/8/3p4/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn moves_are_read_with_their_wall_in_move_text_and_san() {
    let v = fsf("duck");
    let pos = v.start_position();
    let m = v.parse_move(&pos, "g1f3,f3f6").unwrap();
    assert_eq!(v.parse_move(&pos, "g1f3,f6").unwrap(), m);
    assert_eq!(v.san(&pos, m), "Nf3,f6");
    assert_eq!(v.parse_san(&pos, "Nf3,f6").unwrap(), m);
    assert_eq!(v.parse_san(&pos, "g1f3,f3f6").unwrap(), m);
    let error = |text: &str| v.parse_move(&pos, text).unwrap_err().to_string();
    assert_eq!(
        error("g1f3"),
        "`g1f3` is not a move: a move here ends by placing a wall: add it, as in `g1f3,f3h5`"
    );
    assert_eq!(
        error("g1f3,f3g2"),
        "`g1f3,f3g2` is not legal here: its wall may not go on g2"
    );
    assert_eq!(
        error("g1f3,e4e5"),
        "`g1f3,e4e5` is not a move: the wall is written from the arrival cell f3, not e4"
    );
    assert!(v.parse_san(&pos, "Nf3").is_err());
}

#[test]
fn walls_are_written_as_stars_and_only_where_a_game_has_them() {
    let v = fsf("amazons");
    let fen = "**q*******/***Q******/**********/q8q/10/*9/Q8Q/10/10/3Q2Q3 b - - 0 1";
    assert_eq!(v.fen(&v.parse_fen(fen).unwrap()), fen);
    let chess = Variant::bundled("chess").unwrap();
    let e = chess
        .parse_fen("4k3/8/8/4*3/8/8/8/4K3 w - - 0 1")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`*` is a wall, and this variant has none"),
        "{e}"
    );
}

#[test]
fn the_amazons_side_without_a_move_loses_and_the_duck_game_ends_with_a_king() {
    let v = fsf("amazons");
    let pos = v
        .parse_fen("q*8/**8/10/10/10/10/10/10/7***/7*Q* w - - 0 1")
        .unwrap();
    assert!(v.legal_moves(&pos).is_empty());
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Stalemate
        })
    );
    let v = fsf("duck");
    let fen = "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1";
    let taken = after(&v, fen, "d2e1,e1a1");
    let pos = v.parse_fen(&taken).unwrap();
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Extinction
        })
    );
}

const BASE: &str =
    "name: Broken\nboard: 4x4\nsetup: K3/4/4/3k\npieces:\n  king:\n    letter: K\n    moves: K\n";

#[test]
fn mistakes_are_reported_where_they_are() {
    let at = |text: &str| problem(&format!("{BASE}{text}"));
    // A royal king: a wall could block a check or, moved, open one.
    assert_eq!(
        at("    royal: true\nwalls:\n  place: anywhere\n"),
        ("fairy::unsupported-combination".to_string(), 9, 1)
    );
    assert_eq!(
        at("walls:\n  place: everywhere\n"),
        ("fairy::yaml".to_string(), 9, 10)
    );
    assert_eq!(
        at("walls:\n  place: shot\n  region: centre\n"),
        ("fairy::unknown-region".to_string(), 10, 11)
    );
    assert_eq!(
        at("hand:\n  captures: out\nwalls:\n  place: vacated\n"),
        ("fairy::unsupported-combination".to_string(), 10, 1)
    );
}
