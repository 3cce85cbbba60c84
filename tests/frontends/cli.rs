//! The `fairy` binary: exit codes, output formats, and no panic on bad input.

use std::process::Command;

use crate::support::cli::{fairy, fairy_with_input, stderr, stdout};
use crate::support::scratch;

#[test]
fn validate_bundled_variants() {
    let o = fairy(&["validate", "variants"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("ok    variants/chess.yaml: Chess, 8x8 board with 64 cells, pieces PNBRQK, 20 legal moves from the start"), "{out}");
    assert!(
        out.contains("ok    variants/falcon-chess.yaml: Falcon Chess, 10x8 board with 80 cells"),
        "{out}"
    );
}

#[test]
fn validate_reports_every_problem_with_its_place() {
    let o = fairy(&["validate", "tests/broken"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("error tests/broken/two-problems.yaml: 2 errors"),
        "{out}"
    );
    let err = stderr(&o);
    assert!(
        err.contains("tests/broken/unknown-atom.yaml:22:17"),
        "{err}"
    );
    assert!(
        err.contains("tests/broken/two-problems.yaml:18:13"),
        "{err}"
    );
    assert!(
        err.contains("rank 7 has 8 cells (a7-h7) but 9 are written"),
        "{err}"
    );
}

/// A FEN given on the command line is shown with the wrong part underlined.
#[test]
fn a_fen_error_points_into_the_fen() {
    let fen = "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let o = fairy(&["moves", "chess", "--fen", fen]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains("invalid FEN placement: no piece has the letter `X`"),
        "{err}"
    );
    let line = err.lines().position(|l| l.contains(fen)).expect(&err);
    let marker = err.lines().nth(line + 1).expect(&err);
    // In characters: the drawing uses multi-byte ones.
    let column = |l: &str, needle: &str| l[..l.find(needle).expect(needle)].chars().count();
    assert_eq!(
        column(marker, "┬") - column(err.lines().nth(line).unwrap(), fen),
        fen.find('X').unwrap(),
        "{err}"
    );
}

/// `fairy list` names every bundled variant with its display name and first sentence.
#[test]
fn list_shows_the_bundled_variants() {
    let o = fairy(&["list"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let names: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        names,
        fairy_rules::Variant::bundled_names().collect::<Vec<_>>()
    );
    assert!(
        out.contains("chess              Chess: Orthodox chess under FIDE rules.\n"),
        "{out}"
    );
    // With `--all`, the suite's definitions too, found by name like the others.
    let out = stdout(&fairy(&["list", "--all"]));
    assert_eq!(out.lines().count(), 11 + 86, "{out}");
    assert!(out.contains("\nshogi "), "{out}");
    let o = fairy(&["perft", "shogi", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("nodes 900\n"), "{}", stdout(&o));
    assert!(
        out.contains("pirateknics        PiRaTeKnIcS: Twenty neutral ships on a 6x8 board without its corners, each holding up to three crewmen of either side.\n"),
        "{out}"
    );
}

/// Bundled variants are embedded: found by name from a folder without `variants/`.
#[test]
fn bundled_variants_load_from_any_folder() {
    let o = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["perft", "falcon-chess", "2"])
        .current_dir(std::env::temp_dir())
        .output()
        .expect("run fairy");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("nodes 576\n"), "{}", stdout(&o));
}

#[test]
fn moves_are_sorted_one_per_line() {
    let o = fairy(&["moves", "chess", "--moves", "e2e4", "e7e5", "g1f3"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 29);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"b8c6"));
}

#[test]
fn perft_prints_nodes_time_and_rate() {
    let o = fairy(&["perft", "falcon-chess", "2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with("nodes 576\ntime "), "{out}");
    assert!(out.contains("\nnps "));
    let o = fairy(&["perft", "variants/chess.yaml", "2", "--divide"]);
    let out = stdout(&o);
    assert!(out.starts_with("a2a3: 20\na2a4: 20\n"), "{out}");
    assert!(out.contains("\nnodes 400\n"));
}

#[test]
fn bench_measures_each_variant_beside_chess() {
    // A budget of 0 ms stops at depth 1, whose exact counts are known.
    let o = fairy(&[
        "bench",
        "--millis",
        "0",
        "variants/fsf/crazyhouse.yaml",
        "falcon-chess",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<Vec<&str>> = out
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows[0],
        [
            "variant", "depth", "nodes", "seconds", "nodes/s", "vs", "chess", "search", "n/s",
            "vs", "chess", "position", "B", "B/move"
        ]
    );
    assert_eq!(rows[1][..3], ["chess", "1", "20"]);
    assert_eq!(rows[1][5], "1.00", "chess is its own yardstick");
    assert_eq!(rows[1][7], "1.00", "in search too");
    assert!(rows.iter().skip(1).all(|r| r.len() == 10), "{out}");
    assert_eq!(rows[2][..3], ["variants/fsf/crazyhouse.yaml", "1", "20"]);
    assert_eq!(rows[3][..3], ["falcon-chess", "1", "24"]);
    assert_eq!(rows.len(), 4, "{out}");
    // The memory columns: the position's bytes and a move's, as the library measures them.
    let chess = fairy_rules::Variant::bundled("chess").unwrap();
    let m = chess.memory(&chess.start_position(), 2);
    assert_eq!(rows[1][8], m.position_bytes.to_string());
    assert_eq!(rows[1][9], format!("{:.0}", m.bytes_per_move()));
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let cases: &[&[&str]] = &[
        &["moves", "chess", "--fen", "not a fen"],
        &["moves", "chess", "--fen", "8/8/8/8/8/8/8/8 w KQkq"],
        &["moves", "chess", "--moves", "e2e5"],
        &["moves", "chess", "--moves", "zz"],
        &["perft", "no-such-variant", "1"],
        &["validate", "no/such/file.yaml"],
        &["moves", "tests/broken/unknown-atom.yaml"],
    ];
    for args in cases {
        let o = fairy(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.is_empty(), "{args:?} gave no message");
    }
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["perft", "falcon-chess", "3", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{:?}", o.status);
    assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
}

#[test]
fn diagram_of_the_falcon_on_the_central_square() {
    let o = fairy(&["diagram", "falcon-chess", "F"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "\
8  .  .  .  .  .  .  .  .  .  .
7  .  .  x  x  .  x  x  .  .  .
6  .  x  .  .  .  .  .  x  .  .
5  .  x  .  .  .  .  .  x  .  .
4  .  .  .  . [F] .  .  .  .  .
3  .  x  .  .  .  .  .  x  .  .
2  .  x  .  .  .  .  .  x  .  .
1  .  .  x  x  .  x  x  .  .  .
   a  b  c  d  e  f  g  h  i  j
m move only, c capture only, x move or capture, [ ] the piece, ( ) other pieces, { } capturable
"
    );
}

#[test]
fn diagram_options_pick_side_square_blockers_regions_and_format() {
    // A black pawn named by its name, on its start square, with a white knight to capture.
    let o = fairy(&[
        "diagram",
        "chess",
        "pawn",
        "--color",
        "black",
        "--at",
        "e7",
        "--fen",
        "8/8/5N2/8/8/8/8/8",
        "--region",
        "last-rank",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "8  .  .  .  .  .  .  .  .\n7  .  .  .  . [p] .  .  .\n6  .  .  .  c  m {N} .  .\n5  .  .  .  .  m  .  .  .\n"
        ),
        "{out}"
    );
    assert!(out.contains("\n1  :  :  :  :  :  :  :  :\n"), "{out}");
    let o = fairy(&["diagram", "chess", "n", "--format", "svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("<?xml"), "{out}");
    assert!(out.trim_end().ends_with("</svg>"), "{out}");
}

#[test]
fn diagram_bad_input_is_an_error_not_a_panic() {
    let cases: &[(&[&str], &str)] = &[
        (&["diagram", "chess", "Z"], "Chess has no piece `Z`"),
        (
            &["diagram", "chess", "falcon"],
            "Chess has no piece `falcon`",
        ),
        (
            &["diagram", "falcon-chess", "F", "--at", "k4"],
            "`k4` is not a square of the board",
        ),
        (
            &["diagram", "chess", "N", "--at", "e9"],
            "`e9` is not a square of the board",
        ),
        (
            &["diagram", "chess", "N", "--region", "centre"],
            "there is no region `centre`",
        ),
        (
            &["diagram", "chess", "N", "--fen", "8/8"],
            "invalid FEN placement",
        ),
        (&["diagram", "no-such-variant", "N"], "no definition file"),
    ];
    for (args, message) in cases {
        let o = fairy(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn divide_at_depth_zero_counts_one() {
    let o = fairy(&["perft", "chess", "0", "--divide"]);
    assert!(stdout(&o).starts_with("\nnodes 1\n"), "{}", stdout(&o));
}

#[test]
fn perft_depth_is_bounded() {
    // A usage error, as clap reports them (exit code 2).
    let o = fairy(&["perft", "chess", "65"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("65 is not in 0..=64"), "{}", stderr(&o));
}

/// `--format json`: one object per diagnostic, sorted by place, with the note that says which
/// checks a broken board made meaningless.
#[test]
fn validate_json_lists_errors_and_notes_in_order() {
    let o = fairy(&[
        "validate",
        "--format",
        "json",
        "tests/broken/board-string.yaml",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let summary: Vec<(String, u64, u64, String)> = lines
        .iter()
        .map(|v| {
            (
                v["severity"].as_str().unwrap().to_string(),
                v["line"].as_u64().unwrap(),
                v["column"].as_u64().unwrap(),
                v["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let row = |s: &str, line, column, code: &str| (s.to_string(), line, column, code.to_string());
    assert_eq!(
        summary,
        [
            row("note", 4, 8, "fairy::skipped"),
            row("error", 4, 9, "fairy::bad-board"),
            row("error", 12, 13, "fairy::movement-syntax"),
            row("error", 16, 15, "fairy::yaml"),
        ]
    );
    assert_eq!(lines[3]["message"], "`three` is not a whole number");
}

/// `fairy search`: a line per iteration, then the move; a bad FEN is an error.
#[test]
fn search_prints_iterations_and_the_best_move() {
    let mate_in_one = |more: &[&str]| {
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        fairy(&[&["search", "chess", "--fen", fen], more].concat())
    };
    let o = mate_in_one(&["--depth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("depth 1 score mate 1 nodes "), "{out}");
    assert!(lines[0].ends_with(" pv Ra8#"), "{out}");
    assert_eq!(lines.last(), Some(&"bestmove Ra8#"));
    // The engine's move text on request.
    let o = mate_in_one(&["--depth", "2", "--move-text"]);
    let out = stdout(&o);
    assert!(out.lines().next().unwrap().ends_with(" pv a1a8"), "{out}");
    assert!(out.ends_with("\nbestmove a1a8\n"), "{out}");
    let o = fairy(&["search", "chess", "--fen", "8/8 w - - 0 1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("rank"), "{}", stderr(&o));
}

/// `fairy play`: a wrong move gets its reason and the game goes on; undo takes the person's
/// move back; a move in SAN is taken; the engine answers; the record saved as PGN replays.
#[test]
fn play_goes_on_after_a_wrong_move_and_saves_the_record() {
    let dir = scratch("play");
    let record = dir.path().join("game.pgn");
    let input = format!("e2e5\ne2e4\nundo\nd4\nsave {}\nquit\n", record.display());
    let o = fairy_with_input(&["play", "chess", "--movetime", "50"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains(
            "`e2e5` is not legal here: the pawn on e2 cannot go to e5 (legal moves like it: e3, \
             e4, a3); type `moves`"
        ),
        "{out}"
    );
    assert_eq!(out.matches("black plays ").count(), 2, "{out}");
    assert!(out.contains("last move: d4\n"), "{out}");
    // The move's cells are marked on the board drawn after it.
    assert!(out.contains("\n4  . . .[P]. . . .\n"), "{out}");
    assert!(out.contains("\n2  P P P[.]P P P P\n"), "{out}");
    let saved = std::fs::read_to_string(&record).unwrap();
    assert!(saved.starts_with("[Event \"fairy play\"]\n"), "{saved}");
    assert!(
        saved.contains(
            "[White \"human\"]\n[Black \"fairy-rules\"]\n[Result \"*\"]\n[Variant \"Chess\"]\n"
        ),
        "{saved}"
    );
    assert!(saved.contains("\n\n1. d4 "), "{saved}");
    // The record names its variant: no need to name it again.
    let o = fairy(&["replay", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("moves: 2\n"), "{}", stdout(&o));
}

/// `fairy replay` reads SAN and move text mixed, and PGN; a wrong move stops it with its
/// number, the text and the nearest legal moves, after the position reached so far.
#[test]
fn replay_reads_san_and_pgn_and_names_the_nearest_moves() {
    let dir = scratch("replay");
    let plain = dir.path().join("game.txt");
    std::fs::write(&plain, "1. e4 e7e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O").unwrap();
    let o = fairy(&["replay", "chess", plain.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "moves: 9\nfen: r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5\nresult: game goes on\n"
    );
    let pgn = dir.path().join("game.pgn");
    std::fs::write(
        &pgn,
        "[Event \"?\"]\n[Variant \"Falcon Chess\"]\n\n1. e4 {a comment} e5 (1... d5) 2. Fh3 *\n",
    )
    .unwrap();
    let o = fairy(&["replay", pgn.to_str().unwrap()]);
    assert!(!o.status.success());
    assert_eq!(
        stdout(&o),
        "moves: 2\nfen: rnbfqkfbnr/pppp1ppppp/10/4p5/4P5/10/PPPP1PPPPP/RNBFQKFBNR w KQkq - 0 2\n"
    );
    assert!(
        stderr(&o).contains("move 2. Fh3: no legal move reads so (legal moves like it: "),
        "{}",
        stderr(&o)
    );
    let o = fairy(&["replay", plain.to_str().unwrap()]);
    assert!(stderr(&o).contains("name the variant"), "{}", stderr(&o));
}

/// Engine against engine in the games of hidden parts and of crews: legal play to the limit.
#[test]
fn the_engine_plays_seachess_and_pirateknics_against_itself() {
    for variant in ["seachess", "pirateknics", "bermuda"] {
        let o = fairy_with_input(
            &[
                "play",
                variant,
                "--white",
                "engine",
                "--black",
                "engine",
                "--movetime",
                "20",
                "--max-plies",
                "6",
            ],
            "",
        );
        assert!(o.status.success(), "{variant}: {}", stderr(&o));
        let out = stdout(&o);
        let plays = out.matches("white plays ").count() + out.matches("black plays ").count();
        assert!(
            out.contains("stopped after 6 plies") || out.contains("game over"),
            "{variant}: {out}"
        );
        assert!((1..=6).contains(&plays), "{variant}: {out}");
    }
}

/// Two people at one keyboard in Seachess: a pass screen clears the terminal between turns,
/// and the next side's board waits for Enter.
#[test]
fn hot_seat_with_hidden_parts_shows_a_pass_screen() {
    let o = fairy_with_input(
        &["play", "seachess", "--white", "human", "--black", "human"],
        "c2c3\n\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let pass =
        "\x1b[2J\x1b[3J\x1b[H(pass the keyboard to black, then press Enter)\nlast move: Bc2 - c3\n";
    assert!(out.contains(pass), "{out}");
    assert!(out.ends_with("black to move>\n"), "{out}");
}

/// In Bermuda the chance event's cell is told after the move that rolled.
#[test]
fn play_tells_the_chance_outcome() {
    let o = fairy_with_input(&["play", "bermuda", "--movetime", "30"], "d2d4@e5\nquit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("last move: d4\nthe chance event drew e5\n"),
        "{out}"
    );
}

/// Issue 30: a person playing Seachess against the engine sees only White's view. Black's
/// mine on e7 and its submarine submerged on i9 are never named: not on the boards, not in
/// the FENs, not in the hint, the moves, the saved records or after an undo; once the game
/// is over everything may be shown, but this one does not end.
#[test]
fn play_shows_a_person_only_their_side_of_a_hidden_game() {
    let dir = scratch("play-view");
    let (pgn, txt) = (dir.path().join("view.pgn"), dir.path().join("view.txt"));
    let fen = "csdakd1t/bbbbbbbb/12/8{_s}3/12/4{*m}7/12/12/12/12/BBBBBBBB/CSDAKDST w KQkq - 0 1 \
               _i9.submerged=2";
    let input = format!(
        "e2e3\nhint\nmoves\nsave {}\nsave {}\nundo\nBc3\nd2d3\nquit\n",
        pgn.display(),
        txt.display()
    );
    let o = fairy_with_input(
        &["play", "seachess", "--fen", fen, "--movetime", "100"],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let pgn = std::fs::read_to_string(&pgn).unwrap();
    let txt = std::fs::read_to_string(&txt).unwrap();
    for text in [&out, &pgn, &txt] {
        // A layered cell is written in braces; the submarine's state names its cell.
        for hidden in ["{", "*m", "_s", "i9"] {
            assert!(!text.contains(hidden), "`{hidden}` shown:\n{text}");
        }
    }
    assert!(out.contains("last move: Be2 - e3\n"), "{out}");
    assert_eq!(out.matches("black plays ").count(), 3, "{out}");
    assert!(pgn.contains("\n\n1. Be3 "), "{pgn}");
    assert!(txt.starts_with("1) Be2 - e3, "), "{txt}");
}
