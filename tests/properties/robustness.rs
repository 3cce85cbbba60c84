//! No input makes the library panic: arbitrary text into every parser.

use fairy_rules::{dsl, Variant};
use proptest::prelude::*;

fn chess() -> &'static Variant {
    static CHESS: std::sync::OnceLock<Variant> = std::sync::OnceLock::new();
    CHESS.get_or_init(|| Variant::from_file("variants/chess.yaml").unwrap())
}

fn falcon() -> &'static Variant {
    static FALCON: std::sync::OnceLock<Variant> = std::sync::OnceLock::new();
    FALCON.get_or_init(|| Variant::from_file("variants/falcon-chess.yaml").unwrap())
}

/// Text built from the characters that matter to the parsers, plus anything.
fn texty() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 /(),{}\\[\\]x\\-]{0,40}",
        "[KQRBNPkqrbnp1-9/]{0,70}( [wb]( [KQkq-]{1,4}( [a-j1-9-]{1,4})?)?)?",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn dsl_parsers_never_panic(text in texty()) {
        let _ = dsl::parse_movement(&text);
        let _ = dsl::parse_board(&text);
        let _ = dsl::parse_region(&text);
    }

    #[test]
    fn fen_and_move_parsers_never_panic(text in texty()) {
        for v in [chess(), falcon()] {
            if let Ok(pos) = v.parse_fen(&text) {
                // Whatever was accepted can be written back and searched.
                let fen = v.fen(&pos);
                prop_assert_eq!(v.fen(&v.parse_fen(&fen).unwrap()), fen);
                let _ = v.perft(&pos, 2);
            }
            let _ = v.parse_move(&v.start_position(), &text);
        }
    }

    #[test]
    fn movement_strings_compile_or_report(moves in "[a-zA-Z0-9(),{}\\[\\] ]{1,16}") {
        let yaml = std::fs::read_to_string("variants/chess.yaml").unwrap();
        let yaml = yaml.replacen("moves: N\n", &format!("moves: \"{moves}\"\n"), 1);
        if let Ok(v) = Variant::from_yaml("t.yaml", &yaml) {
            let _ = v.perft(&v.start_position(), 2);
        }
    }

    #[test]
    fn mutated_definitions_never_panic(cut in 0usize..1500, insert in "[a-z:\\- \n\"'{}\\[\\]0-9]{0,8}") {
        let yaml = std::fs::read_to_string("variants/falcon-chess.yaml").unwrap();
        let mut at = cut.min(yaml.len());
        while !yaml.is_char_boundary(at) {
            at -= 1;
        }
        let mutated = format!("{}{}{}", &yaml[..at], insert, &yaml[at..]);
        if let Err(e) = Variant::from_yaml("t.yaml", &mutated) {
            for p in &e.problems {
                prop_assert!(p.span.end <= mutated.len() && p.span.start <= p.span.end);
                prop_assert!(mutated.is_char_boundary(p.span.start) && mutated.is_char_boundary(p.span.end));
            }
        }
    }
}

/// Positions reached by seeded random playouts read back from their FEN as the same
/// position with the same hash, in every bundled variant.
#[test]
fn positions_round_trip_through_fen_with_their_hash() {
    use rand::{Rng, SeedableRng};
    for name in [
        "chess",
        "capablanca",
        "falcon-chess",
        "bermuda",
        "pirateknics",
        "seachess",
    ] {
        let v = Variant::from_file(format!("variants/{name}.yaml")).unwrap();
        let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
        for _ in 0..200 {
            let mut game = fairy_rules::Game::new(v.clone()).with_seed(rng.random());
            for _ in 0..rng.random_range(0..80) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play_move(moves[rng.random_range(0..moves.len())])
                    .unwrap();
                let pos = game.position();
                let back = v
                    .parse_fen(&v.fen(pos))
                    .unwrap_or_else(|e| panic!("{name}: {}: {e}", v.fen(pos)));
                assert!(
                    back == *pos,
                    "{name}: {} reads back differently",
                    v.fen(pos)
                );
                assert_eq!(back.hash(), pos.hash(), "{name}: {}", v.fen(pos));
            }
        }
    }
}
