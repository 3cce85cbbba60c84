//! Conversion on arrival (`convert:`), the drops that go beside their side's pieces or must
//! convert (`drop: beside_own`, `must_convert`, `opening_zone`), endless hands
//! (`hand: unlimited`), the pass of a side without a move (`end: stalemate: pass`) and the
//! game's end by piece count: exact moves and positions in small Ataxx and Othello
//! positions (each move list agrees with Fairy-Stockfish's), conversions made and unmade,
//! drops and turns checked against a plain walk of the rule along random Othello games, and
//! the definition's mistakes reported where they are.

use fairy_rules::{Color, Outcome, Reason, UndoStack};

use crate::support::play::after;
use crate::support::problems::problem;
use crate::support::{fsf, moves};

#[test]
fn ataxx_clones_beside_its_pieces_and_jumps_two_steps() {
    let v = fsf("ataxx");
    let start = v.fen(&v.start_position());
    assert_eq!(start, "P5p/7/7/7/7/7/p5P w - - 0 1");
    assert_eq!(
        moves(&v, &start),
        [
            "P@a6", "P@b6", "P@b7", "P@f1", "P@f2", "P@g2", "a7a5", "a7b5", "a7c5", "a7c6", "a7c7",
            "g1e1", "g1e2", "g1e3", "g1f3", "g1g3"
        ]
    );
}

#[test]
fn ataxx_converts_the_enemy_pieces_around_the_arrival() {
    let v = fsf("ataxx");
    let fen = "7/7/7/7/2p4/1pp4/P6 w - - 0 1";
    assert_eq!(moves(&v, fen), ["P@a2", "P@b1", "a1a3", "a1b3", "a1c1"]);
    // A clone onto a2 takes b2 (beside it), not c2 or c3; the clone leaves a1 in place.
    assert_eq!(after(&v, fen, "P@a2"), "7/7/7/7/2p4/PPp4/P6 b - - 1 1");
    // A jump to c1 leaves a1 empty and takes b2 and c2, not c3 (two steps away).
    assert_eq!(after(&v, fen, "a1c1"), "7/7/7/7/2p4/1PP4/2P4 b - - 1 1");
}

#[test]
fn a_side_without_a_move_passes_and_fairy_stockfish_short_fens_read() {
    let v = fsf("ataxx");
    // White's row is walled in by two black rows: its only move is the pass.
    let fen = "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1";
    assert_eq!(moves(&v, fen), ["a1a1"]);
    assert_eq!(
        after(&v, fen, "a1a1"),
        "7/7/7/7/ppppppp/ppppppp/PPPPPPP b - - 1 1"
    );
}

#[test]
fn othello_drops_only_where_they_outflank_and_flip_whole_lines() {
    let v = fsf("flipello");
    let start = v.fen(&v.start_position());
    assert_eq!(moves(&v, &start), ["P@c5", "P@d6", "P@e3", "P@f4"]);
    // Every line from the new stone ending on a white stone flips (up to e5, left to c3,
    // diagonally to c5); the line to g5 ends on an empty cell and stays.
    let fen = "8/8/8/2PPP3/3ppp2/2Pp4/8/8[Pp] w 0 1";
    assert_eq!(
        after(&v, fen, "P@e3"),
        "8/8/8/2PPP3/3PPp2/2PPP3/8/8[p] b - - 1 1"
    );
}

#[test]
fn reversi_fills_the_centre_first() {
    let v = fsf("flipersi");
    let start = v.fen(&v.start_position());
    assert_eq!(moves(&v, &start), ["P@d4", "P@d5", "P@e4", "P@e5"]);
    let fen = "8/8/8/8/3P4/8/8/8[PPpp] b 0 1";
    assert_eq!(moves(&v, fen), ["P@d5", "P@e4", "P@e5"]);
}

#[test]
fn two_passes_end_the_game_won_by_the_side_with_more_pieces() {
    let v = fsf("flipello");
    // Neither side can outflank anything: White passes (with its first stone, on d4), then
    // Black.
    let fen = "8/8/8/3PP3/3PP3/8/8/7p[PPpp] w 0 1";
    assert_eq!(moves(&v, fen), ["d4d4"]);
    let mut pos = v.parse_fen(fen).unwrap();
    let mut undo = UndoStack::new();
    let pass = v.parse_move(&pos, "d4d4").unwrap();
    v.make(&mut pos, pass, &mut undo);
    assert_eq!(v.outcome(&pos), None);
    assert_eq!(
        v.legal_moves(&pos)
            .into_iter()
            .map(|m| v.move_text(m))
            .collect::<Vec<_>>(),
        ["h1h1"]
    );
    let pass = v.parse_move(&pos, "h1h1").unwrap();
    v.make(&mut pos, pass, &mut undo);
    assert!(v.legal_moves(&pos).is_empty());
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Passes
        })
    );
}

#[test]
fn a_full_board_ends_the_game_and_a_stalemate_counts_pieces() {
    let v = fsf("ataxx");
    let full = "PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/ppppppp/ppppppp/ppppppp w 0 1";
    let pos = v.parse_fen(full).unwrap();
    assert!(v.legal_moves(&pos).is_empty());
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::FullBoard
        })
    );
    // Reversi without passes: a side without a drop ends the game, counted.
    let v = fsf("flipersi");
    let pos = v.parse_fen("8/8/8/3pP3/3Pp3/8/8/P6p[Pp] b 0 1").unwrap();
    assert_eq!(v.count_legal_moves(&pos), 4);
    let pos = v.parse_fen("8/8/8/3PP3/3PP3/8/8/7p[Pp] w 0 1").unwrap();
    assert!(v.legal_moves(&pos).is_empty());
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Stalemate
        })
    );
}

const BASE: &str = "name: Broken\nboard: 4x4\nsetup: P3/4/4/3p[]\nhand:\n  captures: out\n";

#[test]
fn mistakes_are_reported_where_they_are() {
    let at = |text: &str| problem(&format!("{BASE}{text}"));
    // Must convert, with no conversion rule.
    assert_eq!(
        at("pieces:\n  stone:\n    letter: P\n    moves: W\n    drop:\n      must_convert: true\n"),
        ("fairy::convert-without-rule".to_string(), 11, 21)
    );
    // Conversion beside a royal piece.
    assert_eq!(
        at("pieces:\n  stone:\n    letter: P\n    moves: W\n    royal: true\nconvert: adjacent\n"),
        ("fairy::unsupported-combination".to_string(), 11, 1)
    );
    assert_eq!(
        at("pieces:\n  stone:\n    letter: P\n    moves: W\nconvert: around\n"),
        ("fairy::yaml".to_string(), 10, 10)
    );
    assert_eq!(
        at("pieces:\n  stone:\n    letter: P\n    moves: W\n    drop:\n      opening_zone: middle\n"),
        ("fairy::unknown-region".to_string(), 11, 21)
    );
}

/// The stones a drop of `side` on the empty `to` would turn, found by walking the eight king
/// directions cell by cell (the rule in its plain form, sharing nothing with the engine).
fn outflanked(
    v: &fairy_rules::Variant,
    pos: &fairy_rules::Position,
    to: fairy_rules::Cell,
    side: Color,
) -> Vec<fairy_rules::Cell> {
    let topo = &v.rules().topology;
    let coords = |c: fairy_rules::Cell| {
        let name = topo.name(c);
        let file = i32::from(name.as_bytes()[0] - b'a');
        let rank: i32 = name[1..].parse().expect("a rank number");
        (file, rank)
    };
    let at = |file: i32, rank: i32| -> Option<fairy_rules::Cell> {
        if !(0..26).contains(&file) || rank < 1 {
            return None;
        }
        topo.parse_cell(&format!("{}{rank}", char::from(b'a' + file as u8)))
    };
    let (x, y) = coords(to);
    let mut out = Vec::new();
    for (dx, dy) in [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ] {
        let mut run = Vec::new();
        let (mut fx, mut fy) = (x + dx, y + dy);
        while let Some(cell) = at(fx, fy) {
            match pos.piece_at(cell) {
                Some(p) if p.color() != side => run.push(cell),
                Some(_) => {
                    out.append(&mut run);
                    break;
                }
                None => break,
            }
            fx += dx;
            fy += dy;
        }
    }
    out.sort();
    out
}

#[test]
fn reversi_drops_go_exactly_where_a_walk_finds_stones_to_turn_and_turn_those() {
    use fairy_rules::MoveKind;
    use rand::{Rng, SeedableRng};
    let mut checked = 0;
    for name in ["flipello", "flipello10", "flipersi"] {
        let v = fsf(name);
        let topo = &v.rules().topology;
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..8 {
            let mut pos = v.start_position();
            loop {
                let legal = v.legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let side = pos.side_to_move();
                let empty: Vec<_> = topo
                    .cells()
                    .filter(|&c| pos.piece_at(c).is_none())
                    .collect();
                // Past the four centre drops, and not a pass: every drop must turn stones.
                let placed = topo.cell_count() - empty.len();
                if placed >= 4 && legal.iter().all(|m| m.kind == MoveKind::Drop) {
                    let expected: Vec<_> = empty
                        .iter()
                        .copied()
                        .filter(|&c| !outflanked(&v, &pos, c, side).is_empty())
                        .collect();
                    let mut offered: Vec<_> = legal.iter().map(|m| m.to).collect();
                    offered.sort();
                    assert_eq!(offered, expected, "{name}: {}", v.fen(&pos));
                    for m in &legal {
                        let after = v.play_unchecked(&pos, *m);
                        let turned: Vec<_> = topo
                            .cells()
                            .filter(|&c| {
                                pos.piece_at(c).is_some_and(|p| p.color() != side)
                                    && after.piece_at(c).is_some_and(|p| p.color() == side)
                            })
                            .collect();
                        assert_eq!(turned, outflanked(&v, &pos, m.to, side), "{name}");
                        checked += 1;
                    }
                }
                pos = v.play_unchecked(&pos, legal[rng.random_range(0..legal.len())]);
            }
        }
    }
    assert!(checked > 1000, "only {checked} drops checked");
}
