//! Random positions of every definition of `variants/fsf/`, written by Fairy-Stockfish itself
//! (`tests/fixtures/fsf-random.txt`, made by `scripts/fsf-random-positions.py`; its header
//! names the commit, the build and how the positions were drawn): each FEN must read, as
//! Fairy-Stockfish wrote it, and our perft must equal Fairy-Stockfish's count.

use std::collections::BTreeMap;

use fairy_rules::Variant;

use crate::support;

/// The fixture: `definition<TAB>depth<TAB>count<TAB>FEN` lines after a `#` header.
const FIXTURE: &str = include_str!("../fixtures/fsf-random.txt");

/// One line of the fixture.
struct Case<'a> {
    definition: &'a str,
    depth: u32,
    count: u64,
    fen: &'a str,
}

fn cases() -> Vec<Case<'static>> {
    FIXTURE
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [definition, depth, count, fen] = fields[..] else {
                panic!("a fixture line without four fields: {line}");
            };
            Case {
                definition,
                depth: depth.parse().unwrap(),
                count: count.parse().unwrap(),
                fen,
            }
        })
        .collect()
}

/// What goes wrong with a case, if anything.
fn failure(v: &Variant, case: &Case) -> Option<String> {
    let pos = match v.parse_fen(case.fen) {
        Ok(pos) => pos,
        Err(e) => return Some(format!("does not read: {e}")),
    };
    let ours = v.perft(&pos, case.depth);
    (ours != case.count).then(|| format!("perft {} is {ours}, not {}", case.depth, case.count))
}

/// Checks the cases of the definitions `first..=last` (by name), which must be `expected` in
/// number, and reports every failure at once.
fn check(first: &str, last: &str, expected: usize) {
    let mut variants: BTreeMap<&str, Variant> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in cases()
        .iter()
        .filter(|c| (first..=last).contains(&c.definition))
    {
        let v = variants
            .entry(case.definition)
            .or_insert_with(|| support::fsf(case.definition));
        checked += 1;
        if let Some(why) = failure(v, case) {
            failures.push(format!("{} `{}`: {why}", case.definition, case.fen));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} positions fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(checked, expected);
}

#[test]
fn every_definition_has_ten_positions() {
    let mut per: BTreeMap<&str, usize> = BTreeMap::new();
    for case in cases() {
        *per.entry(case.definition).or_default() += 1;
    }
    let files: Vec<String> = std::fs::read_dir("variants/fsf")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(per.len(), 86);
    assert_eq!(files.len(), 86);
    for file in &files {
        assert_eq!(per.get(file.as_str()), Some(&10), "{file}");
    }
}

// Four parts, so that the test threads share them out.

#[test]
fn definitions_3check_to_dobutsu() {
    check("3check", "dobutsu", 240);
}

#[test]
fn definitions_duck_to_grasshopper() {
    check("duck", "grasshopper", 110);
}

#[test]
fn definitions_gustav3_to_perfect() {
    check("gustav3", "perfect", 290);
}

#[test]
fn definitions_placement_to_yarishogi() {
    check("placement", "yarishogi", 220);
}

// The rules the random positions showed, each in the position that first showed it, with
// Fairy-Stockfish's count.

/// The legal moves of `pos` in `v`, as move text, sorted.
fn moves(v: &Variant, pos: &fairy_rules::Position) -> Vec<String> {
    let mut out: Vec<String> = v.legal_moves(pos).iter().map(|&m| v.move_text(m)).collect();
    out.sort();
    out
}

/// `fen` with `line` played, each move given as move text.
fn after(v: &Variant, fen: &str, line: &[&str]) -> fairy_rules::Position {
    line.iter().fold(v.parse_fen(fen).unwrap(), |pos, text| {
        let m = v.parse_move(&pos, text).unwrap();
        v.play(&pos, m).unwrap()
    })
}

/// A pawn back on its second rank (pawnback: e3-e2) or that stepped sideways along its
/// seventh (pawnsideways: e7-d7) double-steps again, as in Fairy-Stockfish (28 and 42 moves).
#[test]
fn a_pawn_on_its_second_rank_double_steps_however_it_came_there() {
    let v = support::fsf("pawnback");
    let fen = "r1bqkb1r/pppppp1p/6pn/8/1n1P4/4PP1P/PPP3P1/RNBQKBNR w KQkq - 8 5";
    let pos = after(&v, fen, &["e3e2", "b4a2"]);
    assert!(moves(&v, &pos).contains(&"e2e4".to_string()));
    assert_eq!(v.perft(&pos, 1), 28);
    let v = support::fsf("pawnsideways");
    let fen = "rn1qr1k1/p3pp1p/bb1P2pn/1p3p2/P2PPp2/2N2N2/3B1P1P/R2QKB1R b KQ - 3 20";
    let pos = after(&v, fen, &["e7d7", "d6c6"]);
    assert!(moves(&v, &pos).contains(&"d7d5".to_string()));
    assert_eq!(v.perft(&pos, 1), 42);
}

/// Wolf chess: the black sergeant on f8 (a pawn's start square) double-steps, as every
/// piece of Fairy-Stockfish's with such a step does on b8, c8, f8 and g8 (49 moves).
#[test]
fn a_wolf_chess_sergeant_double_steps_from_the_squares_of_double_steps() {
    let v = support::fsf("wolf");
    let fen = "qw1r2nN/psspp1bk/1p3s2/6pp/1p2b3/6f1/2P2F2/S1SPSP1S/P3P1WP/K1BBR2Q b - - 1 16";
    let pos = v.parse_fen(fen).unwrap();
    assert!(moves(&v, &pos).contains(&"f8f6".to_string()));
    assert_eq!(v.perft(&pos, 1), 49);
}

/// Wolf chess: a pawn takes en passant a sergeant that double-stepped (b2-b4 passing b3,
/// written `b3b4` by Fairy-Stockfish); Fairy-Stockfish has these 5 moves.
#[test]
fn a_wolf_chess_sergeant_is_taken_en_passant() {
    let v = support::fsf("wolf");
    let pos = v
        .parse_fen("k7/8/8/8/8/8/1Sp5/8/8/7K b - b3b4 0 1")
        .unwrap();
    assert_eq!(
        moves(&v, &pos),
        ["a10a9", "a10b10", "a10b9", "c4b3", "c4c3"]
    );
    let taken = v.play(&pos, v.parse_move(&pos, "c4b3").unwrap()).unwrap();
    assert_eq!(v.fen(&taken), "k7/8/8/8/8/8/8/1p6/8/7K w - - 0 2");
}

/// Minishogi: White's pawn drop on e4 mates. As in Fairy-Stockfish (30 moves), it is a legal
/// move (`mates: loses`), and the mate wins for Black, the side mated; under `mates: false`
/// it is no move. Read from a FEN, which does not say how the mate came, the same mate is
/// White's win, as in Fairy-Stockfish.
#[test]
fn a_pawn_drop_that_mates_is_a_move_that_loses() {
    use fairy_rules::{Color, Outcome, Reason};
    let v = support::fsf("minishogi");
    let pos = v
        .parse_fen("1bs1k/5/1g2p/G1B2/K2R1[Psr] w - - 0 9")
        .unwrap();
    assert!(moves(&v, &pos).contains(&"P@e4".to_string()));
    assert_eq!(v.perft(&pos, 1), 30);
    let mated = v.play(&pos, v.parse_move(&pos, "P@e4").unwrap()).unwrap();
    let won_by = |winner| {
        Some(Outcome::Win {
            winner,
            reason: Reason::Checkmate,
        })
    };
    assert_eq!(v.outcome(&mated), won_by(Color::Black));
    let read = v.parse_fen(&v.fen(&mated)).unwrap();
    assert_eq!(v.outcome(&read), won_by(Color::White));
    let yaml = std::fs::read_to_string("variants/fsf/minishogi.yaml")
        .unwrap()
        .replace("mates: loses", "mates: false");
    let forbidden = Variant::from_yaml("minishogi.yaml", &yaml).unwrap();
    let pos = forbidden
        .parse_fen("1bs1k/5/1g2p/G1B2/K2R1[Psr] w - - 0 9")
        .unwrap();
    assert!(!moves(&forbidden, &pos).contains(&"P@e4".to_string()));
    assert_eq!(forbidden.perft(&pos, 1), 29);
}

/// Atomic chess: White's capture blew up Black's king while White's own stood attacked by
/// the queen on h7. The game is over, and its FEN reads (Fairy-Stockfish counts 0).
#[test]
fn a_finished_atomic_game_reads_with_the_winners_king_attacked() {
    use fairy_rules::{Color, Outcome, Reason};
    let v = support::fsf("atomic960");
    let fen = "8/nb2p1pq/ppp2p1r/3n2Pp/2PP1b1P/3K4/PP2PP1R/B1NR1N1Q b - - 0 18";
    let pos = v.parse_fen(fen).unwrap();
    assert_eq!(
        v.outcome(&pos),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::RoyalCaptured
        })
    );
    assert_eq!(v.perft(&pos, 3), 0);
    let e = support::fsf("atomic")
        .parse_fen("8/nb2p1pq/ppp2p1r/3n2Pp/2PP1b1P/3K4/PP2PP1R/B1NR1N1k b - - 0 18")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN position: white is in check with black to move"
    );
}
