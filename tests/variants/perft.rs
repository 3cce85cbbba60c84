//! Exact perft counts: the published numbers for chess and Capablanca chess, Falcon Chess
//! numbers cross-checked against an independent reference (tests/reference/), and XBoard's
//! courier chess against Fairy-Stockfish.

use fairy_rules::Variant;

fn perft(variant: &str, fen: Option<&str>, depth: u32) -> u64 {
    let v = Variant::from_file(format!("variants/{variant}.yaml")).unwrap();
    let pos = match fen {
        Some(f) => v.parse_fen(f).unwrap(),
        None => v.start_position(),
    };
    v.perft(&pos, depth)
}

#[test]
fn chess_start() {
    let counts = [1, 20, 400, 8_902, 197_281, 4_865_609];
    for (depth, &n) in counts.iter().enumerate() {
        assert_eq!(perft("chess", None, depth as u32), n, "depth {depth}");
    }
}

// The chessprogramming wiki's perft positions 2-6.
#[test]
fn kiwipete() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(perft("chess", Some(fen), 1), 48);
    assert_eq!(perft("chess", Some(fen), 2), 2_039);
    assert_eq!(perft("chess", Some(fen), 3), 97_862);
    assert_eq!(perft("chess", Some(fen), 4), 4_085_603);
}

#[test]
fn position_3_endgame_en_passant_pins() {
    let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
    assert_eq!(perft("chess", Some(fen), 1), 14);
    assert_eq!(perft("chess", Some(fen), 3), 2_812);
    assert_eq!(perft("chess", Some(fen), 5), 674_624);
}

#[test]
fn position_4_promotions_and_castling_rights() {
    let fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    assert_eq!(perft("chess", Some(fen), 1), 6);
    assert_eq!(perft("chess", Some(fen), 2), 264);
    assert_eq!(perft("chess", Some(fen), 3), 9_467);
    assert_eq!(perft("chess", Some(fen), 4), 422_333);
}

#[test]
fn position_5() {
    let fen = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
    assert_eq!(perft("chess", Some(fen), 1), 44);
    assert_eq!(perft("chess", Some(fen), 2), 1_486);
    assert_eq!(perft("chess", Some(fen), 3), 62_379);
}

#[test]
fn position_6() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    assert_eq!(perft("chess", Some(fen), 1), 46);
    assert_eq!(perft("chess", Some(fen), 2), 2_079);
    assert_eq!(perft("chess", Some(fen), 3), 89_890);
}

#[test]
fn capablanca_start() {
    let counts = [28, 784, 25_228, 805_128];
    for (i, &n) in counts.iter().enumerate() {
        assert_eq!(
            perft("capablanca", None, i as u32 + 1),
            n,
            "depth {}",
            i + 1
        );
    }
}

/// Falcon Chess counts, each equal to the independent Python generator in tests/reference/
/// (written from the rulings in docs/games/ alone, without reading the engine).
#[test]
fn falcon_chess() {
    let cases: &[(&str, &[u64])] = &[
        (
            "rnbfqkfbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBFQKFBNR w KQkq - 0 1",
            &[24, 576, 15_766, 430_024, 13_258_240],
        ),
        // A falcon with one, two and three of its paths to different squares blocked.
        (
            "9k/5r4/4P5/3p2bn2/4FN4/4P2f2/5p4/K9 w - - 0 1",
            &[26, 1_121, 23_398, 952_156],
        ),
        // Falcons in the corners and on the edges.
        (
            "F8F/1f8/1p8/10/4k5/10/5K2P1/f8F w - - 0 1",
            &[19, 271, 5_161, 83_008],
        ),
        // Free castling both ways; then with attacked transit squares; then in check.
        (
            "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
            &[36, 1_296, 43_496, 1_459_754],
        ),
        (
            "r4k3r/pppppppppp/10/10/5f4/1n8/PPPPPPP2P/R4K3R w KQkq - 0 1",
            &[27, 1_373, 33_131, 1_586_556],
        ),
        (
            "r4k3r/ppppp1pppp/10/5R4/10/10/PPPPPPPPPP/R4K4 b Qkq - 0 1",
            &[2, 88, 2_264, 94_306],
        ),
        // A falcon path to a transit square runs through the king's own square.
        (
            "k9/10/10/10/10/10/4fPP3/5K3R w K - 0 1",
            &[18, 197, 3_346, 43_053],
        ),
        // Promotions with captures, and en passant (also illegal by a pin on the rank).
        (
            "3r1f3k/4P5/10/10/10/K9/1p8/2N7 w - - 0 1",
            &[24, 569, 8_716, 217_454],
        ),
        (
            "5k4/10/10/K2pP4r/10/10/10/10 w - d6 0 1",
            &[6, 107, 736, 13_844],
        ),
        (
            "rnbfqkfbnr/ppp1pppppp/10/3pP5/10/10/PPPP1PPPPP/RNBFQKFBNR w KQkq d6 0 3",
            &[31, 1_144, 37_643],
        ),
        // Middlegames.
        (
            "r3qk1f1r/p1ppbppb1p/bn2pnp3/3PN2F2/1p2P3f1/2N2Q3p/PPPBBPPP1P/R4K3R w KQkq - 0 1",
            &[61, 2_754, 162_203],
        ),
        (
            "n1r1f4k/1P1P1P4/10/2F4f2/10/10/2p1p1p3/K3R1N2F w - - 0 1",
            &[66, 1_934, 100_593],
        ),
    ];
    for (fen, counts) in cases {
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(
                perft("falcon-chess", Some(fen), i as u32 + 1),
                n,
                "{fen} depth {}",
                i + 1
            );
        }
    }
}

// XBoard's courier (`variants/xboard/courier.yaml`) is Fairy-Stockfish's `courier` from
// another start: Debian's fairy-stockfish 11.1, `setoption name UCI_Variant value courier`,
// `position fen` of this start, `go perft 5` counts 4,139,349 (and 180,571 at depth 4).
#[test]
fn xboard_courier_start() {
    let v = Variant::from_file("variants/xboard/courier.yaml").unwrap();
    let start = v.start_position();
    assert_eq!(
        v.fen(&start),
        "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1"
    );
    let counts = [1, 20, 400, 8_500, 180_571, 4_139_349];
    for (depth, &n) in counts.iter().enumerate() {
        assert_eq!(v.perft(&start, depth as u32), n, "depth {depth}");
    }
}

#[cfg(feature = "parallel")]
#[test]
fn threads_count_the_same_nodes() {
    let v = Variant::from_file("variants/falcon-chess.yaml").unwrap();
    let pos = v.start_position();
    for depth in 2..=4 {
        assert_eq!(
            v.perft_threads(&pos, depth, 2).unwrap(),
            v.perft(&pos, depth),
            "depth {depth}"
        );
    }
}
