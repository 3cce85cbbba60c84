//! Several royal pieces and the rules around them: which attacks are check when a side has
//! several (`end: check: all`, Spartan chess's duple check; `end: check: last`, sho shogi's
//! king and crown prince; each protected, coregal's king and queen), kings that must be dropped
//! (`hand: must_drop_pieces`, koedem) and an extinction that needs the opponent to hold the
//! pieces (`extinction: opponent_has`), and a flag that must be held through the opponent's
//! reply (`flags: hold`, Jeson Mor). The move lists are Fairy-Stockfish's for the same
//! positions.

use fairy_rules::{Color, Outcome, Reason, Variant};

use crate::support::{fsf, moves};

fn outcome(v: &Variant, fen: &str) -> Option<Outcome> {
    v.outcome(&v.parse_fen(fen).unwrap())
}

#[test]
fn one_of_two_kings_may_stay_attacked() {
    let v = fsf("spartan");
    // The rook attacks the king on a8: either king may move, the attacked one along the
    // rook's file too, since the king on h8 is not attacked.
    assert_eq!(
        moves(&v, "k6k/8/8/8/8/8/8/R3K3 b - - 0 1"),
        ["a8a7", "a8b7", "a8b8", "h8g7", "h8g8", "h8h7"]
    );
    // White may take it.
    assert!(moves(&v, "k6k/8/8/8/8/8/8/R3K3 w - - 0 1").contains(&"a1a8".to_string()));
}

#[test]
fn both_kings_attacked_is_check() {
    let v = fsf("spartan");
    // Each rook attacks a king: every move must leave one of them unattacked.
    assert_eq!(
        moves(&v, "k6k/8/8/8/8/8/8/R3K2R b - - 0 1"),
        ["a8b7", "a8b8", "h8g7", "h8g8"]
    );
    // The last king is an ordinary royal king.
    assert_eq!(moves(&v, "k7/8/8/8/8/8/8/R3K3 b - - 0 1"), ["a8b7", "a8b8"]);
}

#[test]
fn a_second_king_answers_check() {
    let v = fsf("spartan");
    // The lone king is in check; a hoplite promoting to a king where it is not attacked
    // answers it, as no other promotion does.
    assert_eq!(
        moves(&v, "7k/8/8/8/8/8/1h6/4K2R b - - 0 1"),
        ["b2a1k", "b2c1k", "h8g7", "h8g8"]
    );
    // With two kings, a hoplite may not become a third.
    assert_eq!(
        moves(&v, "k6k/8/8/8/8/8/1h6/4K3 b - - 0 1"),
        [
            "a8a7", "a8b7", "a8b8", "b2a1c", "b2a1g", "b2a1l", "b2a1w", "b2c1c", "b2c1g", "b2c1l",
            "b2c1w", "h8g7", "h8g8", "h8h7"
        ]
    );
}

#[test]
fn pieces_pinned_to_any_royal_piece_stay_on_their_line() {
    let v = fsf("coregal");
    // The knight shields the royal queen from the rook: it may not move.
    assert_eq!(
        moves(&v, "4q2k/8/8/8/4n3/8/8/4R2K b - - 0 1"),
        [
            "e8a4", "e8a8", "e8b5", "e8b8", "e8c6", "e8c8", "e8d7", "e8d8", "e8e5", "e8e6", "e8e7",
            "e8f7", "e8f8", "e8g6", "e8g8", "e8h5", "h8g7", "h8g8", "h8h7"
        ]
    );
    // The bishop shields the king, the rook the queen: the bishop may not move, the rook
    // only along its file.
    assert_eq!(
        moves(&v, "3k3q/8/3b1r2/8/8/8/3R4/K2Q1R2 b - - 0 1"),
        [
            "d8c7", "d8c8", "d8d7", "d8e7", "d8e8", "f6e6", "f6f1", "f6f2", "f6f3", "f6f4", "f6f5",
            "f6f7", "f6f8", "f6g6", "f6h6", "h8e8", "h8f8", "h8g7", "h8g8", "h8h3", "h8h4", "h8h6",
            "h8h7"
        ]
    );
}

#[test]
fn only_the_last_royal_piece_is_protected() {
    let v = fsf("shoshogi");
    // King and crown prince: the king attacked by the rook may stay on the file.
    assert_eq!(
        moves(&v, "k3c4/9/9/9/9/9/9/9/R3K4 b - - 0 1"),
        ["a9a8", "a9b8", "a9b9", "e9d8", "e9d9", "e9e8", "e9f8", "e9f9"]
    );
    // The king alone must leave the rook's file.
    assert_eq!(
        moves(&v, "k8/9/9/9/9/9/9/9/R3K4 b - - 0 1"),
        ["a9b8", "a9b9"]
    );
}

#[test]
fn a_crown_prince_made_answers_check() {
    // The drunk elephant promoting to a crown prince leaves two royal pieces, so the
    // attacked king is no longer in check (Fairy-Stockfish judges a shogi promotion by
    // the royal pieces before it, and lists only the king's two moves).
    let v = fsf("shoshogi");
    assert_eq!(
        moves(&v, "k8/9/9/9/9/9/4e4/9/R3K4 b - - 0 1"),
        ["a9b8", "a9b9", "e3d2c", "e3d3c", "e3d4c", "e3e2c", "e3f2c", "e3f3c", "e3f4c"]
    );
}

#[test]
fn a_king_in_hand_must_be_dropped() {
    let v = fsf("koedem");
    // Holding a king and a queen, White drops the king, on any empty square.
    let drops = moves(&v, "4k3/8/8/8/8/8/8/R7[Kq] w - - 0 1");
    assert_eq!(drops.len(), 62);
    assert!(drops.iter().all(|m| m.starts_with("K@")));
    // Holding only a queen, White drops it or moves, and the king steps into attack.
    let all = moves(&v, "4k3/8/8/8/8/8/6PP/r4K2[Q] w - - 0 1");
    let (drops, others): (Vec<_>, Vec<_>) = all.iter().partition(|m| m.starts_with("Q@"));
    // Every empty square, 67 moves in all as Fairy-Stockfish counts them.
    assert_eq!(drops.len(), 59);
    assert_eq!(
        others,
        ["f1e1", "f1e2", "f1f2", "f1g1", "g2g3", "g2g4", "h2h3", "h2h4"]
    );
}

#[test]
fn kings_are_lost_when_the_opponent_holds_both() {
    let v = fsf("koedem");
    // White has no king, but Black holds only one: the game goes on.
    assert_eq!(outcome(&v, "4k3/8/8/8/8/8/8/R7[] w - - 0 1"), None);
    // Black holds both.
    assert_eq!(
        outcome(&v, "4k3/8/8/8/8/8/8/R7[k] w - - 0 1"),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Extinction
        })
    );
}

#[test]
fn a_knight_on_the_centre_wins_after_the_reply() {
    let v = fsf("jesonmor");
    // White's knight has just arrived on e5: Black still moves.
    assert_eq!(
        moves(&v, "n8/9/9/9/4N4/9/9/9/8N b - - 0 1"),
        ["a9b7", "a9c8"]
    );
    // It survived the reply: White has won, with no move left to make.
    assert_eq!(
        outcome(&v, "n8/9/9/9/4N4/9/9/9/8N w - - 0 1"),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Flag
        })
    );
    assert!(moves(&v, "n8/9/9/9/4N4/9/9/9/8N w - - 0 1").is_empty());
    // Black may take it instead.
    assert!(moves(&v, "9/9/5n3/9/4N4/9/9/9/8N b - - 0 1").contains(&"f7e5".to_string()));
}

/// The first problem of a definition that does not load: its code and where it points.
fn problem(yaml: &str) -> (&'static str, std::ops::Range<usize>) {
    let Err(d) = Variant::from_yaml("example.yaml", yaml) else {
        panic!("loads")
    };
    let p = &d.problems[0];
    (p.code, p.span.clone())
}

/// The span of `text` within `yaml`, found after `after`.
fn at(yaml: &str, after: &str, text: &str) -> std::ops::Range<usize> {
    let start = yaml.find(after).unwrap() + after.len() - text.len();
    start..start + text.len()
}

const TWO_KINGS: &str = "name: Two kings
board: 4x4
pieces:
  king: { letter: K, moves: K, royal: true }
  knight: { letter: N, moves: N }
setup: k2k/4/4/1NK1
";

#[test]
fn mistakes_are_reported_where_they_are_written() {
    let combination = "fairy::unsupported-combination";
    // A choice of check where nothing is in check.
    let yaml = format!("{TWO_KINGS}end:\n  royal: extinction\n  check: all\n");
    assert_eq!(
        problem(&yaml),
        (combination, at(&yaml, "check: all", "all"))
    );
    // A choice of check with a royal piece that is dropped.
    let yaml = TWO_KINGS.replace("royal: true }", "royal: true, drop: {} }")
        + "hand: { captures: capturer }\nend: { check: last }\n";
    assert_eq!(
        problem(&yaml),
        (combination, at(&yaml, "check: last", "last"))
    );
    // A letter that names no piece.
    let yaml = TWO_KINGS.replace("moves: N }", "moves: N, drop: {} }")
        + "hand: { captures: out, must_drop_pieces: NX }\n";
    assert_eq!(
        problem(&yaml),
        ("fairy::unknown-piece", at(&yaml, "pieces: NX", "X"))
    );
    // A held flag beside the flag reply.
    let yaml = format!(
        "{TWO_KINGS}regions: {{ hill: b2 }}\nend:\n  flag_reply: true\n  flags:\n    - \
         {{ piece: N, zone: hill, hold: true }}\n"
    );
    assert_eq!(
        problem(&yaml),
        (combination, at(&yaml, "hold: true", "true"))
    );
}

/// Two royal pieces of one side aboard crews: every move is tried (the crews' verdicts know
/// a lone royal piece only), so a king may not sail off and leave the other attacked. The
/// position is one the FEN mutation test found.
#[test]
fn several_royal_pieces_aboard_crews_are_each_protected() {
    let v = crate::support::variant("pirateknics");
    let fen = "<nb><bq><nbk><nbk>/<ppp><ppp><ppp><ppp><ppp><ppp>/6/6/<PPP>5/6/1<PPP><PPP><PPP><PPP><PPN>/<NBR><BQK><B><NBR> b - a2a4 1 3";
    let pos = v.parse_fen(fen).unwrap();
    let mut legal: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .map(|&m| v.move_text(m))
        .collect();
    let mut by_trial: Vec<String> = v
        .legal_moves_by_trial(&pos)
        .iter()
        .map(|&m| v.move_text(m))
        .collect();
    legal.sort();
    by_trial.sort();
    assert_eq!(legal, by_trial);
}
