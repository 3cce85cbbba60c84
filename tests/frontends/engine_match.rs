//! `fairy match`: the engine against a random mover and against Fairy-Max over XBoard.
//!
//! The Fairy-Max test needs Debian's `fairymax` (installed by `.ci/run`); without it, it
//! fails.

use crate::support::cli::{fairy, stdout};

#[test]
fn the_engine_beats_a_random_mover_with_colours_alternating() {
    let o = fairy(&[
        "match",
        "chess",
        "--opponent",
        "random",
        "--games",
        "2",
        "--nodes",
        "2000",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("game 1: fairy white vs random: win (checkmate), "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("game 2: fairy black vs random: win (checkmate), "),
        "{out}"
    );
    assert_eq!(
        lines[2..],
        [
            "fairy against random in Chess: +2 =0 -0 of 2 games, score 100.0% (95% CI 100.0% to 100.0%); 0 cut by the move limit (scored as draws); 0 disputed (not scored)",
            "",
            "games  wins  draws  losses  disputed  score   95% CI",
            "    2     2      0       0         0  100.0%  100.0% to 100.0%",
        ]
    );
}

/// A real XBoard engine: moves cross both ways in coordinate notation, in chess and in
/// Capablanca Chess (10 files, its own piece letters), until the move limit.
#[test]
fn games_against_fairy_max_run_over_the_xboard_protocol() {
    assert!(
        std::path::Path::new("/usr/games/fairymax").exists(),
        "Fairy-Max is missing: apt-get install fairymax (.ci/run does)"
    );
    for (variant, name) in [("chess", "Chess"), ("capablanca", "Capablanca Chess")] {
        let o = fairy(&[
            "match",
            variant,
            "--opponent",
            "xboard:fairymax",
            "--games",
            "2",
            "--movetime",
            "1000",
            "--max-plies",
            "6",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        assert!(
            out.contains("game 1: fairy white vs fairymax: draw (move limit), 6 plies\n"),
            "{out}"
        );
        assert!(
            out.contains("game 2: fairy black vs fairymax: draw (move limit), 6 plies\n"),
            "{out}"
        );
        assert!(
            out.contains(&format!(
                "fairy against fairymax in {name}: +0 =2 -0 of 2 games, score 50.0%"
            )),
            "{out}"
        );
    }
}

/// Falcon Chess against Fairy-Max (XBoard's `falcon`), two whole games at a tenth of a
/// second a move (not whole seconds: Fairy-Max gets a clock): moves cross in XBoard's
/// notation, our free castlings that XBoard cannot show are never played, no move is
/// disputed, and both games are written to a PGN file that `fairy replay` plays through.
#[test]
fn falcon_chess_against_fairy_max_has_no_dispute_and_a_readable_record() {
    let pgn = concat!(env!("CARGO_TARGET_TMPDIR"), "/falcon-fairymax.pgn");
    let o = fairy(&[
        "match",
        "falcon-chess",
        "--opponent",
        "xboard:fairymax",
        "--games",
        "2",
        "--movetime",
        "100",
        "--max-plies",
        "300",
        "--pgn",
        pgn,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    for (line, side) in lines[..2].iter().zip(["white", "black"]) {
        let rest = line
            .strip_prefix(&format!(
                "game {}: fairy {side} vs fairymax: ",
                1 + usize::from(side == "black")
            ))
            .unwrap_or_else(|| panic!("{out}"));
        assert!(
            ["win", "draw", "loss"].iter().any(|r| rest.starts_with(r)),
            "{out}"
        );
    }
    assert!(
        lines[2].starts_with("fairy against fairymax in Falcon Chess: ")
            && lines[2].ends_with("; 0 disputed (not scored)"),
        "{out}"
    );
    let record = std::fs::read_to_string(pgn).unwrap();
    assert_eq!(record.matches("[Variant \"Falcon Chess\"]").count(), 2);
    assert_eq!(
        record.matches("[Black \"Fairy-Max 5.0b\"]").count(),
        1,
        "{record}"
    );
    assert_eq!(
        record.matches("[White \"fairy-rules ").count(),
        1,
        "{record}"
    );
    let results: Vec<&str> = record
        .lines()
        .filter_map(|l| l.strip_prefix("[Result \"")?.strip_suffix("\"]"))
        .collect();
    assert_eq!(results.len(), 2);
    assert!(results
        .iter()
        .all(|r| ["1-0", "0-1", "1/2-1/2"].contains(r)));
    assert_eq!(record.matches("[Termination \"").count(), 2);
    for (n, line) in ["1", "2"].iter().zip(&lines) {
        let replay = fairy(&["replay", pgn, "--game", n]);
        assert!(
            replay.status.success(),
            "{}",
            String::from_utf8_lossy(&replay.stderr)
        );
        let plies = line.rsplit(", ").next().unwrap().trim_end_matches(" plies");
        assert!(
            stdout(&replay).contains(&format!("moves: {plies}\n")),
            "{}",
            stdout(&replay)
        );
    }
}

/// A move the opponent plays that is not legal on our board, a move of ours that it
/// refuses, and a draw it claims that our rules do not give, are disputes: reported with the position and the move, not scored, written to
/// the record with the result unknown.
#[test]
fn a_move_the_engines_disagree_on_is_a_dispute_not_a_win() {
    let pgn = concat!(env!("CARGO_TARGET_TMPDIR"), "/disputed.pgn");
    let o = fairy(&[
        "match",
        "chess",
        "--opponent",
        "xboard:tests/xboard/illegal-engine.sh",
        "--games",
        "2",
        "--nodes",
        "1",
        "--pgn",
        pgn,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "game 1: fairy white vs illegal-engine.sh: disputed: illegal-engine.sh played a1a1, not legal here (no legal move does that), at rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1, 1 plies",
            "game 2: fairy black vs illegal-engine.sh: disputed: illegal-engine.sh played a1a1, not legal here (no legal move does that), at rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, 0 plies",
            "fairy against illegal-engine.sh in Chess: +0 =0 -0 of 0 games, score - (95% CI -); 0 cut by the move limit (scored as draws); 2 disputed (not scored)",
            "",
            "games  wins  draws  losses  disputed  score   95% CI",
            "    2     0      0       0         2       -  -",
        ]
    );
    let record = std::fs::read_to_string(pgn).unwrap();
    assert_eq!(record.matches("[Result \"*\"]").count(), 2, "{record}");
    assert!(record.contains("[Black \"Illegal Mover\"]"), "{record}");
    // The first line of one game against the fake engine in `mode`.
    let first = |mode: &str| {
        let opponent = format!("xboard:tests/xboard/illegal-engine.sh {mode}");
        let args = ["match", "chess", "--opponent", &opponent];
        let o = fairy(&[&args[..], &["--games", "1", "--nodes", "1"]].concat());
        stdout(&o).lines().next().map(str::to_string)
    };
    assert_eq!(
        first("refuse").as_deref(),
        Some("game 1: fairy white vs illegal-engine.sh: disputed: illegal-engine.sh refused our move e2e4 (Illegal move: e2e4) at rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, 1 plies")
    );
    // A draw claimed where our rules see none is a disagreement too, not a draw.
    assert_eq!(
        first("claim").as_deref(),
        Some("game 1: fairy white vs illegal-engine.sh: disputed: illegal-engine.sh claimed a draw our rules do not give (1/2-1/2 {50-move rule}) at rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1, 1 plies")
    );
}

/// Over UCI too, a move not legal on our board is a dispute.
#[test]
fn an_illegal_move_over_uci_is_a_dispute() {
    let o = fairy(&[
        "match",
        "chess",
        "--opponent",
        "uci:tests/uci/illegal-engine.sh",
        "--games",
        "2",
        "--nodes",
        "1",
        "--pgn",
        concat!(env!("CARGO_TARGET_TMPDIR"), "/disputed-uci.pgn"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "game 1: fairy white vs illegal-engine.sh: disputed: illegal-engine.sh played a1a1, not legal here (`a1a1` is not a legal move here), at rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1, 1 plies",
            "game 2: fairy black vs illegal-engine.sh: disputed: illegal-engine.sh played a1a1, not legal here (`a1a1` is not a legal move here), at rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1, 0 plies",
        ]
    );
    let record =
        std::fs::read_to_string(concat!(env!("CARGO_TARGET_TMPDIR"), "/disputed-uci.pgn")).unwrap();
    assert!(record.contains("[Black \"Illegal Mover\"]"), "{record}");
}

#[test]
fn bad_opponents_are_errors() {
    let o = fairy(&["match", "chess", "--opponent", "stockfish"]);
    assert_eq!(o.status.code(), Some(1));
    // miette wraps the line before the last choice.
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("unknown opponent `stockfish`: give `random`, `xboard:COMMAND` or\n")
            && err.contains("`uci:COMMAND`"),
        "{err}"
    );
    let o = fairy(&["match", "chess", "--opponent", "uci:/no/such/engine"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("cannot start the engine `/no/such/engine`")
    );
    let o = fairy(&["match", "seachess", "--opponent", "uci:fairy-stockfish"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("Seachess: UCI cannot play its hidden parts")
    );
    let o = fairy(&[
        "match",
        "shogi",
        "--opponent",
        "uci:tests/uci/illegal-engine.sh",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the engine does not offer the variant `shogi`")
            && err.contains("give the name it offers with --uci-variant"),
        "{err}"
    );
    let o = fairy(&["match", "chess", "--opponent", "xboard:/no/such/engine"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("cannot start the engine `/no/such/engine`")
    );
    let o = fairy(&["match", "seachess", "--opponent", "xboard:fairymax"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("Seachess: chance events and hidden parts cannot be played over XBoard"));
}

/// Self-play over UCI, the engine against its own `fairy uci`, both limited by nodes: each
/// pair of games starts from the same random opening with colours swapped, so two engines
/// that search alike play the same game twice, and another pair another game.
#[test]
fn self_play_pairs_share_a_random_opening_and_nodes_limit_both_sides() {
    let pgn = concat!(env!("CARGO_TARGET_TMPDIR"), "/self-play.pgn");
    let opponent = format!("uci:{} uci", env!("CARGO_BIN_EXE_fairy"));
    let o = fairy(&[
        "match",
        "chess",
        "--opponent",
        &opponent,
        "--games",
        "4",
        "--nodes",
        "300",
        "--opening-plies",
        "5",
        "--max-plies",
        "12",
        "--pgn",
        pgn,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let record = std::fs::read_to_string(pgn).unwrap();
    // Each game's move text: the lines after its tags.
    let games: Vec<&str> = record
        .split("[Event ")
        .skip(1)
        .map(|g| g.split("\n\n").nth(1).unwrap().trim())
        .collect();
    assert_eq!(games.len(), 4, "{record}");
    assert_eq!(games[0], games[1], "{record}");
    assert_eq!(games[2], games[3], "{record}");
    assert_ne!(games[0], games[2], "{record}");
    assert!(games.iter().all(|g| g.starts_with("1.")), "{record}");
}

/// Over XBoard the opening is told in force mode, and the engine still answers whichever
/// side it plays: no game is lost on time or disputed.
#[test]
fn an_opening_reaches_an_xboard_engine_in_force_mode() {
    let opponent = format!("xboard:{} xboard", env!("CARGO_BIN_EXE_fairy"));
    let o = fairy(&[
        "match",
        "chess",
        "--opponent",
        &opponent,
        "--games",
        "2",
        "--movetime",
        "50",
        "--opening-plies",
        "3",
        "--max-plies",
        "9",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("game 1: fairy white vs fairy: draw (move limit), 9 plies"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("game 2: fairy black vs fairy: draw (move limit), 9 plies"),
        "{out}"
    );
}

/// `--openings`: the pair whose seed is s starts from position s of the file (comments and
/// blank lines skipped), told to a UCI engine by `position fen` and to an XBoard engine by
/// `setboard` (or in edit mode), and written in the record's FEN tag. Here White mates in
/// one from it, so each engine mates when it has White.
#[test]
fn openings_start_each_pair_from_its_position_of_the_file() {
    let book = concat!(env!("CARGO_TARGET_TMPDIR"), "/openings.fen");
    std::fs::write(
        book,
        "# Black mates in one, then White does.\n\nr5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1\n6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n",
    )
    .unwrap();
    let pgn = concat!(env!("CARGO_TARGET_TMPDIR"), "/openings.pgn");
    // The games of a match from the book: `games` games, the first pair's seed `seed`.
    let play = |opponent: &str, games: &str, seed: &str, pgn: Option<&str>| {
        let mut args = vec![
            "match",
            "chess",
            "--opponent",
            opponent,
            "--games",
            games,
            "--nodes",
            "500",
            "--movetime",
            "100",
            "--openings",
            book,
            "--seed",
            seed,
        ];
        args.extend(pgn.iter().flat_map(|p| ["--pgn", *p]));
        let o = fairy(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        out.lines()
            .filter(|l| l.starts_with("game "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let exe = env!("CARGO_BIN_EXE_fairy");
    for (opponent, pgn) in [
        (format!("uci:{exe} uci"), Some(pgn)),
        (format!("xboard:{exe} xboard"), None),
    ] {
        assert_eq!(
            play(&opponent, "2", "1", pgn),
            [
                "game 1: fairy white vs fairy: win (checkmate), 1 plies",
                "game 2: fairy black vs fairy: loss (checkmate), 1 plies",
            ],
            "{opponent}"
        );
    }
    let record = std::fs::read_to_string(pgn).unwrap();
    assert_eq!(
        record
            .matches("[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"]")
            .count(),
        2,
        "{record}"
    );
    assert_eq!(record.matches("1. Ra8#").count(), 2, "{record}");
    // Fairy-Max offers no `setboard`: it is told each position in edit mode, Black to move
    // reached by a first move of the start position before the board is edited. Pairs 0
    // and 1 start from the two positions; the side to move mates either way.
    assert!(
        std::path::Path::new("/usr/games/fairymax").exists(),
        "Fairy-Max is missing: apt-get install fairymax (.ci/run does)"
    );
    assert_eq!(
        play("xboard:fairymax", "4", "0", None),
        [
            "game 1: fairy white vs fairymax: loss (checkmate), 1 plies",
            "game 2: fairy black vs fairymax: win (checkmate), 1 plies",
            "game 3: fairy white vs fairymax: win (checkmate), 1 plies",
            "game 4: fairy black vs fairymax: loss (checkmate), 1 plies",
        ]
    );
}

/// A book line the variant cannot read is named; a position an XBoard engine without
/// `setboard` cannot be told in edit mode (pieces in hand) is refused before any game.
#[test]
fn a_bad_openings_file_and_a_position_edit_mode_cannot_tell_are_errors() {
    let book = concat!(env!("CARGO_TARGET_TMPDIR"), "/bad-openings.fen");
    std::fs::write(
        book,
        "# one good, one bad\n8/8/8/8/8/8/8/K1k5 w - - 0 1\n8/8/9 w\n",
    )
    .unwrap();
    let o = fairy(&["match", "chess", "--opponent", "random", "--openings", book]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad-openings.fen line 3: "), "{err}");
    let empty = concat!(env!("CARGO_TARGET_TMPDIR"), "/empty-openings.fen");
    std::fs::write(empty, "# nothing\n\n").unwrap();
    let o = fairy(&[
        "match",
        "chess",
        "--opponent",
        "random",
        "--openings",
        empty,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("holds no position"));
    assert!(
        std::path::Path::new("/usr/games/fairymax").exists(),
        "Fairy-Max is missing: apt-get install fairymax (.ci/run does)"
    );
    let held = concat!(env!("CARGO_TARGET_TMPDIR"), "/held-openings.fen");
    std::fs::write(held, "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1\n").unwrap();
    let o = fairy(&[
        "match",
        "crazyhouse",
        "--opponent",
        "xboard:fairymax",
        "--openings",
        held,
    ]);
    assert_eq!(o.status.code(), Some(1));
    // The message as words, without miette's wrapping.
    let err = String::from_utf8_lossy(&o.stderr);
    let words: Vec<&str> = err.split_whitespace().filter(|w| *w != "│").collect();
    assert!(
        words.join(" ").contains(
            "fairymax does not offer `feature setboard=1`, and edit mode cannot put pieces in \
             hand: 4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"
        ),
        "{err}"
    );
}

/// The endings books of `scripts/endings/`, each named by its variant: every position is
/// a game going on, written as our FEN writes it, and can be told to Fairy-Max in edit
/// mode.
#[test]
fn every_endings_book_can_be_told_in_edit_mode() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/endings");
    let mut books = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let variant = fairy_rules::Variant::bundled(&name).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let fens = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for fen in fens {
            let pos = variant
                .parse_fen(fen)
                .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
            assert_eq!(variant.fen(&pos), fen, "{name}");
            assert!(
                variant.outcome(&pos).is_none() && !variant.legal_moves(&pos).is_empty(),
                "{name}: {fen} is over"
            );
            fairy_rules::cecp::edit_commands(&variant, &pos)
                .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        }
        books += 1;
    }
    assert_eq!(books, 3);
}
