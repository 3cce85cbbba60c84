//! The legal moves of every bundled game and of every definition of Fairy-Stockfish's suite
//! (`variants/fsf/`), as insta snapshots read by a person: one snapshot per game, with its
//! start position, the positions after 6 and after 16 plies of a fixed line, and a position
//! of the suite's perft cases (`tests/variants/fsf_perft.rs`) where it has one. Each move is
//! written as move text and in SAN, one a line, sorted by move text; a third column gives the
//! game's own notation where that differs from SAN. (The games of walls list each move once
//! with the walls it may put down.)

use fairy_rules::{Position, UndoStack, Variant};

/// A position of Fairy-Stockfish's perft suite for the definitions that have one besides the
/// start (the first of `tests/variants/fsf_perft.rs`): promotions, drops, walls, facing
/// generals, explosions and castling where the fixed line reaches none.
const SUITE_POSITIONS: &[(&str, &str)] = &[
    (
        "3check",
        "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39",
    ),
    ("ai-wok", "8/8/8/2sp2k1/7p/3P4/6K1/7r w - - 0 1"),
    ("almost", "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1"),
    ("amazons", "q1*7/*1*7/10/10/4**4/4*Q4/10/10/10/10 w - - 0 1"),
    ("ataxx", "7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1"),
    (
        "atomic",
        "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1",
    ),
    ("atomic960", "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"),
    (
        "berolina",
        "rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq d6 2 2",
    ),
    (
        "breakthrough",
        "1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w - - 1 26",
    ),
    (
        "cambodian",
        "r1s1ks1r/3nm3/pppNpppp/3n4/5P2/PPPPPNPP/8/R1SKMS1R b DEe - 0 5",
    ),
    (
        "chessgi",
        "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48",
    ),
    (
        "codrus",
        "5bnr/2pp2pp/P4k2/R3Q1P1/8/2N1K3/1P1PP1PP/2B2BNR w - - 1 15",
    ),
    (
        "coregal",
        "rn2kb1r/ppp1pppp/6q1/8/2PP2b1/5B2/PP3P1P/R1BQK1NR w KQkq - 1 9",
    ),
    ("crazyhouse", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1"),
    ("dobutsu", "g1e/1cL/lC1/E1G[] w - - 4 3"),
    (
        "duck",
        "rnbqkbnr/ppp1pppp/8/3pP3/8/2*5/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    ),
    ("giveaway", "8/1p6/8/8/8/8/P7/8 w - - 0 1"),
    (
        "grand",
        "r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3",
    ),
    (
        "horde",
        "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - - 0 1",
    ),
    (
        "janggi",
        "1n1kaabn1/cr2N4/5C1c1/p1pNp3p/9/9/P1PbP1P1P/3r1p3/4A4/R1BA1KB1R b - - 0 1",
    ),
    (
        "jesonmor",
        "nn1nnn1nn/9/3n1n3/9/9/9/3N1N3/9/NN1NNN1NN w - - 4 3",
    ),
    (
        "koedem",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1",
    ),
    (
        "loop",
        "5R2/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnppp] b - - 1 1",
    ),
    ("losalamos", "6/2P3/6/1K1k2/6/6 w - - 0 1"),
    (
        "perfect",
        "c3k2r/pppppppp/8/8/8/8/PPPPPPPP/C3K2R w KQkq - 0 1",
    ),
    (
        "placement",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/QR1BKNN1[BRk] w - - 0 1",
    ),
    ("racingkings", "6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1"),
    (
        "seirawan",
        "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7",
    ),
    (
        "shako",
        "4kc3c/ernbq1b1re/ppp3p1pp/3p2pp2/4p5/5P4/2PN2P3/PP1PP2PPP/ER1BQKBNR1/5C3C w KQ - 0 9",
    ),
    ("sittuyin", "8/8/6R1/s3r3/P5R1/1KP3p1/1F2kr2/8[] b - - 0 72"),
    ("spartan", "k6k/hh2Q2h/8/8/8/8/8/4K3 w - - 0 1"),
    (
        "torpedo",
        "rnbqkbnr/1ppppppp/8/6P1/p7/8/PPPPPP1P/RNBQKBNR w KQkq - 0 1",
    ),
    ("wolf", "8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1"),
    (
        "xiangqi",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    ),
];

/// Positions of the bundled games that show a rule the fixed line does not reach.
const BUNDLED_POSITIONS: &[(&str, &str)] = &[
    // Kiwipete: both castlings, en passant refused by nothing, pins, captures.
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    // En passant captures, and a promotion with capture.
    (
        "chess",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ),
    // Capablanca's castling, with the archbishop and chancellor on the board.
    (
        "capablanca",
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
    ),
    // A king one step from the hill.
    ("king-of-the-hill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1"),
    // A pawn about to promote to a falcon.
    ("falcon-chess", "1r1n5k/2P7/10/10/10/10/10/K9 w - - 0 1"),
];

/// The fixed line: at each ply, the first capture in move-text order if there is one (so
/// that captures, pieces in hand, drops and explosions show), else the move at index
/// `(7 × ply + 3) mod n` of the moves sorted by move text; a chance move takes its first
/// possible outcome. It stops where the game has ended.
fn after_line(v: &Variant, plies: usize) -> Position {
    let mut pos = v.start_position();
    let mut undo = UndoStack::new();
    for ply in 0..plies {
        if v.outcome(&pos).is_some() {
            break;
        }
        let mut moves: Vec<_> = v
            .legal_moves(&pos)
            .into_iter()
            .map(|m| (v.move_text(m), m))
            .collect();
        if moves.is_empty() {
            break;
        }
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        let m = moves
            .iter()
            .map(|&(_, m)| m)
            .find(|m| m.is_capture())
            .unwrap_or(moves[(7 * ply + 3) % moves.len()].1);
        let m = match v.chance_cells(&pos, m).cells().next() {
            Some(cell) => m.with_outcome(cell),
            None => m,
        };
        v.make(&mut pos, m, &mut undo);
    }
    pos
}

/// A position's heading, FEN, outcome if the game has ended, and its legal moves one a line:
/// move text, SAN, and the game's own notation where it differs. In a game of walls (every
/// move ends by putting one down, `g1f3,f3f6` or `Nf3,f6` in SAN), one line per move before
/// its wall, with the SAN of each wall it may put down.
fn listing(v: &Variant, title: &str, pos: &Position) -> String {
    let legal = v.legal_moves(pos);
    if legal.iter().all(|&m| v.chance_cells(pos, m).is_empty()) {
        // Perft counts the last ply in bulk, by its own way (a chance move counts one leaf
        // per outcome there, so games of chance are left out).
        assert_eq!(v.perft(pos, 1), legal.len() as u64, "{title}: perft(1)");
    }
    let mut moves: Vec<(String, String, String)> = legal
        .into_iter()
        .map(|m| (v.move_text(m), v.san(pos, m), v.readable(pos, m)))
        .collect();
    moves.sort();
    let mut out = format!("## {title}\n{}\n", v.fen(pos));
    if let Some(outcome) = v.outcome(pos) {
        out.push_str(&format!("game over: {outcome:?}\n"));
    }
    out.push_str(&format!("{} legal moves\n", moves.len()));
    let walls = !moves.is_empty()
        && moves
            .iter()
            .all(|(t, s, _)| t.contains(',') && s.contains(','));
    let mut lines: Vec<(String, String)> = Vec::new();
    for (text, san, own) in moves {
        if walls {
            let (text, _) = text.split_once(',').unwrap();
            let (san, wall) = san.split_once(',').unwrap();
            match lines.last_mut() {
                Some((t, rest)) if *t == text && rest.starts_with(&format!("{san}  wall ")) => {
                    rest.push(' ');
                    rest.push_str(wall);
                }
                _ => lines.push((text.to_string(), format!("{san}  wall {wall}"))),
            }
        } else if own != san {
            lines.push((text, format!("{san}  ({own})")));
        } else {
            lines.push((text, san));
        }
    }
    let width = lines.iter().map(|(t, _)| t.len()).max().unwrap_or(0);
    for (text, rest) in lines {
        out.push_str(format!("{text:<width$}  {rest}").trim_end());
        out.push('\n');
    }
    out
}

/// The whole snapshot of one game: the start, the fixed line's positions and `extra`.
fn snapshot(v: &Variant, extra: &[&str]) -> String {
    let mut parts = vec![
        listing(v, "start", &v.start_position()),
        listing(v, "after 6 plies of the fixed line", &after_line(v, 6)),
        listing(v, "after 16 plies of the fixed line", &after_line(v, 16)),
    ];
    for fen in extra {
        let pos = v.parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        parts.push(listing(v, "position", &pos));
    }
    parts.join("\n")
}

fn extra<'a>(table: &[(&str, &'a str)], name: &str) -> Vec<&'a str> {
    table
        .iter()
        .filter(|(n, _)| *n == name)
        .map(|&(_, fen)| fen)
        .collect()
}

#[test]
fn every_bundled_game() {
    for name in Variant::bundled_names() {
        let v = crate::support::variant(name);
        insta::assert_snapshot!(name, snapshot(&v, &extra(BUNDLED_POSITIONS, name)));
    }
}

#[test]
fn every_definition_of_the_suite() {
    let names: Vec<&str> = Variant::suite_names().collect();
    let files = std::fs::read_dir("variants/fsf").unwrap().count();
    assert_eq!(
        names.len(),
        files,
        "a suite name for every file of variants/fsf/"
    );
    for name in names {
        let v = crate::support::fsf(name);
        insta::assert_snapshot!(
            format!("fsf_{name}"),
            snapshot(&v, &extra(SUITE_POSITIONS, name))
        );
    }
    for (name, _) in SUITE_POSITIONS {
        assert!(
            Variant::suite_names().any(|n| n == *name),
            "{name} is no definition of the suite"
        );
    }
}
