//! The readers: PGN nesting, the XBoard engine's clock, and a definition whose start position
//! would not read back.

use super::{bounded, folder};
use fairy_rules::pgn::{self, PgnMove};
use fairy_rules::Variant;

/// `1. e4` with `depth` variations nested in one another, each `(1. d4 ...)`.
fn nested_variations(depth: usize) -> String {
    format!("1. e4 {}{} *\n", "(1. d4 ".repeat(depth), ")".repeat(depth))
}

#[test]
fn variations_nested_past_the_limit_are_refused_where_they_open() {
    let e = pgn::parse(&nested_variations(100_000)).unwrap_err();
    // The 101st `(` opens at column 7 + 100 * 7.
    assert_eq!(
        e.to_string(),
        "PGN line 1, column 707: the nesting of variations exceeds the limit \
         `pgn_variation_depth` of 100 levels"
    );
    let games = pgn::parse(&nested_variations(100)).unwrap();
    let mut line = &games[0].moves;
    for _ in 0..100 {
        line = &line[0].variations[0];
    }
    assert_eq!(line[0].text, "d4");
}

#[test]
fn replay_refuses_deep_variations_without_crashing() {
    let dir = folder("deep-pgn");
    let file = dir.path().join("deep.pgn");
    let pgn = format!("[Event \"deep\"]\n\n{}", nested_variations(100_000));
    std::fs::write(&file, pgn).unwrap();
    let run = bounded(&["replay", "chess", file.to_str().unwrap()], "", 30, None);
    assert_eq!(run.output.status.code(), Some(1), "{}", run.stderr());
    // The report is wrapped to the terminal's width: its words, in order.
    let stderr = run.stderr();
    let words: Vec<&str> = stderr.split_whitespace().filter(|w| *w != "│").collect();
    assert!(
        words.join(" ").contains(
            "PGN line 3, column 707: the nesting of variations exceeds the limit \
             `pgn_variation_depth` of 100 levels"
        ),
        "{stderr}"
    );
}

#[test]
fn a_record_nested_deeper_than_the_stack_drops() {
    // Built by a program, past what the reader allows; dropped on a small stack.
    let dropped = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let mut m = PgnMove::new("e4");
            for _ in 0..1_000_000 {
                let mut outer = PgnMove::new("e4");
                outer.variations.push(vec![m]);
                m = outer;
            }
            drop(m);
        })
        .unwrap()
        .join();
    assert!(dropped.is_ok());
}

/// The XBoard engine's answers to `lines` after the handshake and `new`.
fn xboard(lines: &[&str]) -> Vec<String> {
    let mut input = String::from("xboard\nprotover 2\nnew\n");
    for l in lines {
        input.push_str(l);
        input.push('\n');
    }
    input.push_str("ping 7\nquit\n");
    let run = bounded(&["xboard"], &input, 60, None);
    assert!(run.output.status.success(), "{}", run.stderr());
    run.stdout()
        .lines()
        .filter(|l| !l.starts_with("feature") && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn xboard_refuses_clock_values_out_of_range_and_keeps_a_sane_clock() {
    let bad = [
        "level 40 5 -1",
        "level 40 5 nan",
        "st inf",
        "st 1e300",
        "level 40 5 1e19",
        "level 40 1e30 0",
        "time 18446744073709551615",
    ];
    let mut lines = Vec::new();
    for b in bad {
        lines.push(b);
        lines.push("go");
        lines.push("force");
    }
    let out = xboard(&lines);
    let errors: Vec<&String> = out.iter().filter(|l| l.starts_with("Error")).collect();
    assert_eq!(
        errors,
        [
            "Error (time control out of range): level 40 5 -1",
            "Error (time control out of range): level 40 5 nan",
            "Error (time out of range): st inf",
            "Error (time out of range): st 1e300",
            "Error (time control out of range): level 40 5 1e19",
            "Error (time control out of range): level 40 1e30 0",
            "Error (time out of range): time 18446744073709551615",
        ]
    );
    // Each `go` was answered with a move on the clock kept (a second per move), then `ping`.
    assert_eq!(
        out.iter().filter(|l| l.starts_with("move ")).count(),
        7,
        "{out:?}"
    );
    assert_eq!(out.last().map(String::as_str), Some("pong 7"));
}

#[test]
fn xboard_reads_clock_values_in_range() {
    let out = xboard(&["level 40 0:02 0.5", "time 150", "go", "st 0.2", "go"]);
    assert!(!out.iter().any(|l| l.starts_with("Error")), "{out:?}");
    assert_eq!(
        out.iter().filter(|l| l.starts_with("move ")).count(),
        2,
        "{out:?}"
    );
}

/// Issue 31, finding 8b: a castling `king:` that names the pawns gives them a first move the
/// FEN's castling field cannot write: the start position would read back with fewer moves.
#[test]
fn a_start_position_that_reads_back_otherwise_is_refused() {
    let chess = std::fs::read_to_string("variants/chess.yaml").unwrap();
    let yaml = chess.replacen("castling:\n  king: K\n", "castling:\n  king: P\n", 1);
    assert_ne!(yaml, chess);
    let e = Variant::from_yaml("pawn-castles.yaml", &yaml).unwrap_err();
    let p = e
        .problems
        .iter()
        .find(|p| p.code == "fairy::bad-start")
        .expect("the start is refused");
    assert!(
        p.message.contains("reads back as another position ("),
        "{}",
        p.message
    );
    assert!(yaml[p.span.clone()].starts_with("rnbqkbnr/pppppppp/"));
}
