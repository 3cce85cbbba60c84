//! Flying Dutchman: game parameters, flag wins on the Port, pieces returning from the sea.

use fairy_rules::{Color, Game, Outcome, Reason, Variant};

fn fd() -> Variant {
    Variant::from_file("variants/flying-dutchman.yaml").unwrap()
}

fn game(fen: &str, params: &str) -> Game {
    let mut g = Game::from_fen(fd(), fen).unwrap();
    g.set_parameters(params).unwrap();
    g
}

#[test]
fn flag_win_on_the_move_that_lands_on_the_port_and_not_otherwise() {
    let fen = "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1";
    let mut g = game(fen, "dutchman=R/N,port=c8/e1");
    g.play("c1c7").unwrap();
    assert_eq!(g.outcome(), None);
    g.play("e8d8").unwrap();
    assert_eq!(g.outcome(), None, "c7 is not the Port");
    let mut g = game(fen, "dutchman=R/N,port=c8/e1");
    g.play("c1c8").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Flag
        })
    );
    assert!(g.legal_moves().is_empty());
}

#[test]
fn a_flag_move_that_leaves_the_king_in_check_is_not_legal() {
    // The black rook on e8 checks the white king: Rc1-c8 does not meet the check.
    let g = game(
        "4r1k1/8/8/8/8/8/8/2R1K3 w - - 0 1",
        "dutchman=R/N,port=c8/e1",
    );
    let v = g.variant().clone();
    let moves: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    assert!(!moves.contains(&"c1c8".to_string()), "{moves:?}");
    assert!(moves.contains(&"c1e1".to_string()) || moves.contains(&"e1d2".to_string()));
}

#[test]
fn promotion_to_the_dutchman_type_on_the_port_wins() {
    let mut g = game("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "dutchman=N/B,port=d8/c1");
    g.play("d7d8q").unwrap();
    assert_eq!(g.outcome(), None, "a queen is not the Dutchman");
    let mut g = game("7k/3P4/8/8/8/8/8/4K3 w - - 0 1", "dutchman=N/B,port=d8/c1");
    g.play("d7d8n").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Flag
        })
    );
}

#[test]
fn return_order_for_each_type_and_side() {
    let v = fd();
    let names = |side: usize, letter: char| -> Vec<String> {
        let kind = v.kind_of_letter(letter).unwrap().index();
        v.returns[0].order[side][kind]
            .iter()
            .map(|&c| v.topology.name(c))
            .collect()
    };
    assert_eq!(
        names(0, 'R'),
        ["a1", "h1", "b1", "c1", "d1", "e1", "f1", "g1"]
    );
    assert_eq!(
        names(0, 'N'),
        ["b1", "g1", "a1", "c1", "d1", "e1", "f1", "h1"]
    );
    assert_eq!(
        names(0, 'B'),
        ["c1", "f1", "a1", "b1", "d1", "e1", "g1", "h1"]
    );
    assert_eq!(
        names(1, 'R'),
        ["h8", "a8", "g8", "f8", "e8", "d8", "c8", "b8"]
    );
    assert_eq!(
        names(1, 'N'),
        ["g8", "b8", "h8", "f8", "e8", "d8", "c8", "a8"]
    );
    assert_eq!(
        names(1, 'B'),
        ["f8", "c8", "h8", "g8", "e8", "d8", "b8", "a8"]
    );
}

/// The FEN after White's queen takes on d4, Black's Dutchman being a knight.
fn after_qxd4(fen: &str) -> String {
    let mut g = game(fen, "dutchman=B/N,port=c8/d1");
    g.play("d1d4").unwrap();
    g.fen()
}

#[test]
fn the_last_dutchman_returns_and_a_full_back_rank_sinks_it() {
    let params = " dutchman=B/N,port=c8/d1";
    // Black's last knight on d4 is taken; g8 is its first free square.
    assert_eq!(
        after_qxd4("4k3/8/8/8/3n4/8/8/3QK3 w - - 0 1"),
        format!("4k1n1/8/8/8/3Q4/8/8/4K3 b - - 0 1{params}")
    );
    // With another black knight still on the board, the taken one is simply gone.
    assert_eq!(
        after_qxd4("4k3/8/8/8/3n4/8/n7/3QK3 w - - 0 1"),
        format!("4k3/8/8/8/3Q4/8/n7/4K3 b - - 0 1{params}")
    );
    // A full back rank (rooks stand in for pieces) leaves no square: the knight is gone.
    assert_eq!(
        after_qxd4("rrrrkrrr/8/8/8/3n4/8/8/3QK3 w - - 0 1"),
        format!("rrrrkrrr/8/8/8/3Q4/8/8/4K3 b - - 0 1{params}")
    );
}

#[test]
fn a_capture_whose_returning_piece_would_check_the_capturer_is_illegal() {
    // Taking Black's last rook on a5 would bring it back to h8, checking the king on h1.
    let g = game("4k3/8/8/r7/8/8/8/R6K w - - 0 1", "dutchman=N/R,port=c8/d1");
    let v = g.variant().clone();
    let moves: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(|m| v.move_text(m))
        .collect();
    assert!(!moves.contains(&"a1a5".to_string()), "{moves:?}");
}

#[test]
fn parameter_constraints() {
    let v = fd();
    let mut pos = v.start_position();
    // A rook's Port is never on the a- or h-file; other types may use any of the eight.
    for bad in ["dutchman=R,port=a8/d1", "dutchman=R,port=d8/h1"] {
        assert!(v.set_parameters(&mut pos, bad).is_err(), "{bad}");
    }
    assert!(v.set_parameters(&mut pos, "dutchman=N,port=a8/h1").is_ok());
    assert!(
        v.set_parameters(&mut pos, "dutchman=Q").is_err(),
        "only R, N or B"
    );
    assert!(
        v.set_parameters(&mut pos, "port=d4").is_err(),
        "the Port is on the far rank"
    );
    assert!(v.set_parameters(&mut pos, "captain=R").is_err());
    // Drawn ports respect the rule too, over many games; the match-ups vary.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..300 {
        let g = Game::new(v.clone()).with_seed(seed);
        let text = v.parameter_text(g.position());
        for side in text
            .trim_start_matches("dutchman=")
            .split(",port=")
            .collect::<Vec<_>>()
            .windows(2)
        {
            let (types, ports) = (side[0], side[1]);
            for (t, p) in types.split('/').zip(ports.split('/')) {
                assert!(
                    !(t == "R" && (p.starts_with('a') || p.starts_with('h'))),
                    "{text}"
                );
            }
        }
        seen.insert(text.split(',').next().unwrap().to_string());
    }
    assert_eq!(seen.len(), 9, "all nine match-ups occur: {seen:?}");
}

#[test]
fn where_no_flag_is_reachable_the_counts_are_chess() {
    let v = fd();
    let mut start = v.start_position();
    v.set_parameters(&mut start, "dutchman=N,port=d8/d1")
        .unwrap();
    assert_eq!(v.perft(&start, 4), 197_281);
    // No knights at all on the board of the chessprogramming wiki's position 3.
    let mut endgame = v
        .parse_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
        .unwrap();
    v.set_parameters(&mut endgame, "dutchman=N,port=d8/d1")
        .unwrap();
    assert_eq!(v.perft(&endgame, 4), 43_238);
    // Kiwipete with bishops as Dutchmen: no bishop reaches b8 or d1 within three plies.
    let mut kiwipete = v
        .parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        .unwrap();
    v.set_parameters(&mut kiwipete, "dutchman=B,port=b8/d1")
        .unwrap();
    assert_eq!(v.perft(&kiwipete, 3), 97_862);
}

#[test]
fn parameters_travel_in_the_position_text() {
    let v = fd();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 dutchman=B/R,port=f8/c1";
    let pos = v.parse_fen(fen).unwrap();
    assert_eq!(v.fen(&pos), fen);
    let e = v
        .parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 dutchman=R,port=a8/d1")
        .unwrap_err();
    assert_eq!(e.field(), Some(fairy_rules::FenField::Parameters));
}

#[test]
fn definition_problems_of_these_mechanisms_are_reported() {
    let text = std::fs::read_to_string("variants/flying-dutchman.yaml").unwrap();
    let check = |from: &str, to: &str, code: &str, under: &str| {
        let yaml = text.replacen(from, to, 1);
        let err = Variant::from_yaml("variants/fd-test.yaml", &yaml).unwrap_err();
        let p = err
            .problems
            .iter()
            .find(|p| p.code == code)
            .unwrap_or_else(|| panic!("{code}: {:?}", err.problems));
        assert_eq!(&err.source_of(p).text[p.span.clone()], under, "{code}");
    };
    // A flag (port) square outside the board, a return list naming a missing square, a
    // constraint no value satisfies.
    check(
        "    white: rank 8",
        "    white: rank 9",
        "fairy::bad-region",
        "rank 9",
    );
    check(
        "to: [home, rank 1]",
        "to: [home, i9]",
        "fairy::bad-return",
        "i9",
    );
    check(
        "  corner-files: file a, file h",
        "  corner-files: rank 1-8",
        "fairy::unsatisfiable-parameter",
        "corner-files",
    );
    check(
        "      zone: $port",
        "      zone: $harbour",
        "fairy::unknown-parameter",
        "$harbour",
    );
}

#[test]
fn a_chance_region_that_does_not_exist() {
    let text = std::fs::read_to_string("variants/bermuda.yaml")
        .unwrap()
        .replacen("  region: angle", "  region: triangle", 1);
    let err = Variant::from_yaml("variants/b.yaml", &text).unwrap_err();
    assert_eq!(err.problems[0].code, "fairy::unknown-region");
    assert_eq!(&text[err.problems[0].span.clone()], "triangle");
}

#[test]
fn given_parameters_combine_with_drawn_ones_for_every_seed() {
    for seed in 0..40 {
        let mut g = Game::new(fd()).with_seed(seed);
        g.set_parameters("dutchman=R/N").unwrap();
        g.set_parameters("port=c8/e1").unwrap();
        let v = g.variant().clone();
        assert_eq!(
            v.parameter_text(g.position()),
            "dutchman=R/N,port=c8/e1",
            "seed {seed}"
        );
        // A given Port limits the Dutchman drawn: never a rook on a corner file.
        let mut g = Game::new(fd()).with_seed(seed);
        g.set_parameters("port=a8/h1").unwrap();
        let text = v.parameter_text(g.position());
        assert!(
            text.starts_with("dutchman=") && !text.contains("R/") && !text.contains("/R"),
            "seed {seed}: {text}"
        );
    }
}

#[test]
fn parameters_given_in_a_fen_are_kept_and_the_rest_drawn() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for seed in 0..20 {
        let g = Game::from_fen(fd(), &format!("{start} dutchman=R/R"))
            .unwrap()
            .with_seed(seed);
        let text = g.variant().parameter_text(g.position());
        assert!(text.starts_with("dutchman=R/R,port="), "{text}");
        assert!(
            !text.contains("=a")
                && !text.contains("/a")
                && !text.contains("h8")
                && !text.contains("h1"),
            "{text}"
        );
    }
    // Unset values are written `?` and read back.
    let v = fd();
    let fen = v.fen(&v.start_position());
    assert!(fen.ends_with(" dutchman=?/?,port=?/?"), "{fen}");
    assert!(v.parse_fen(&fen).unwrap() == v.start_position());
}

#[test]
fn exceptions_are_checked_together_and_must_name_a_value() {
    let text = std::fs::read_to_string("variants/flying-dutchman.yaml").unwrap();
    let errors = |yaml: &str| -> Vec<&'static str> {
        Variant::from_yaml("variants/t.yaml", yaml)
            .unwrap_err()
            .problems
            .iter()
            .map(|p| p.code)
            .collect()
    };
    // Two exceptions for a rook that together leave no square.
    let yaml = text
        .replacen(
            "  corner-files: file a, file h\n",
            "  west: file a-d\n  east: file e-h\n",
            1,
        )
        .replacen(
            "        squares: corner-files\n",
            "        squares: west\n      - when: { dutchman: R }\n        squares: east\n",
            1,
        );
    assert_eq!(errors(&yaml), ["fairy::unsatisfiable-parameter"]);
    // A value the parameter never takes, and a `when` naming two parameters.
    assert_eq!(
        errors(&text.replacen("when: { dutchman: R }", "when: { dutchman: Q }", 1)),
        ["fairy::bad-parameter"]
    );
    assert_eq!(
        errors(&text.replacen(
            "when: { dutchman: R }",
            "when: { dutchman: R, port: a8 }",
            1
        )),
        ["fairy::bad-parameter"]
    );
}
