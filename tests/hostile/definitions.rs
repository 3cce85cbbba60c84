//! Definitions and the command-line loaders: quadratic inputs and `extends:` paths.

use crate::{bounded, folder};

#[path = "../support/large_definitions.rs"]
mod large;

/// `fairy validate --format json FILE` in `dir`: its diagnostics, one JSON line each.
fn json_lines(dir: &std::path::Path, file: &str, seconds: u64) -> Vec<String> {
    let run = bounded(
        &["validate", "--format", "json", file],
        "",
        seconds,
        Some(dir),
    );
    run.stdout().lines().map(String::from).collect()
}

/// A board whose `minus` list repeats a rectangle for a mebibyte took minutes: every grid
/// square was looked up in the list of every removed cell.
#[test]
fn a_board_minus_list_of_a_mebibyte_loads_at_once() {
    let dir = folder("board-minus");
    let text = large::board_minus(1 << 20);
    assert!(text.len() > 1_000_000);
    std::fs::write(dir.join("minus.yaml"), &text).unwrap();
    let run = bounded(&["validate", "minus.yaml"], "", 10, Some(&dir));
    assert_eq!(
        run.stdout(),
        "ok    minus.yaml: Minus, 26x99 board with 234 cells, pieces K, 3 legal moves from \
         the start\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// 20,000 problems took 15 to 21 s to report: each one's line and column were found by
/// reading the text from its start.
#[test]
fn twenty_thousand_problems_are_reported_at_once() {
    let dir = folder("many-pieces");
    let text = large::many_pieces(20_000);
    std::fs::write(dir.join("many.yaml"), &text).unwrap();
    let run = bounded(&["validate", "many.yaml"], "", 10, Some(&dir));
    assert_eq!(run.stdout(), "error many.yaml: 20000 errors\n");
    assert_eq!(
        run.stderr().matches("fairy::duplicate-letter").count(),
        19_999
    );
    let lines = json_lines(&dir, "many.yaml", 10);
    assert_eq!(lines.len(), 20_000);
    // The last piece's letter: three lines of heading, three lines a piece.
    let start = text.rfind("letter: A").unwrap() + "letter: ".len();
    assert_eq!(
        lines[19_999],
        format!(
            "{{\"file\":\"many.yaml\",\"line\":60002,\"column\":13,\"start\":{start},\
             \"end\":{},\"severity\":\"error\",\"code\":\"fairy::duplicate-letter\",\
             \"message\":\"the letter `A` is used by two pieces\",\"label\":\"used before\",\
             \"help\":\"give every piece its own letter\"}}",
            start + 1
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A mebibyte with a YAML shape error every few lines was read again after each of 100
/// repairs; the repairs now stop within a budget of text read.
#[test]
fn yaml_repairs_of_a_mebibyte_stop_within_their_budget() {
    let dir = folder("repairs");
    let text = large::many_repairs(1 << 20);
    std::fs::write(dir.join("repairs.yaml"), &text).unwrap();
    let lines = json_lines(&dir, "repairs.yaml", 8);
    // Read four times (4 MiB): four errors, then a note where reading stopped.
    let errors: Vec<usize> = text.match_indices("colour").map(|(i, _)| i).take(4).collect();
    for (line, at) in lines.iter().zip(&errors) {
        let expected = format!(
            "\"start\":{at},\"end\":{},\"severity\":\"error\",\"code\":\"fairy::yaml\",\
             \"message\":\"unknown field `colour`,",
            at + 1
        );
        assert!(line.contains(&expected), "{line}");
    }
    let at = errors[3];
    assert_eq!(
        lines[4..],
        [format!(
            "{{\"file\":\"repairs.yaml\",\"line\":{},\"column\":5,\"start\":{at},\"end\":{at},\
             \"severity\":\"note\",\"code\":\"fairy::skipped\",\"message\":\"the rest of this \
             file was not checked: it is too large to read on after this many errors\",\
             \"label\":\"stopped here\",\"help\":\"fix the errors above and run again\"}}",
            text[..at].matches('\n').count() + 1
        )]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A report's snippet, read from a line above its span, is the one miette reads from the
/// whole text (line breaks `\n`, `\r\n` and a lone `\r`, characters of several bytes, spans
/// at either end); its line and column are those counted from the text's start.
#[test]
fn a_reports_snippet_and_place_are_those_read_from_the_start() {
    use fairy_rules::diagnostics::{Problem, ProblemReport, Source};
    use miette::{SourceCode, SourceSpan};
    let mixed: String = (0..40)
        .map(|i| match i % 5 {
            0 => "key: value\n",
            1 => "  é: ü\r\n",
            2 => "\r",
            3 => "\n",
            _ => "    - item # ß\n",
        })
        .collect();
    let texts = ["", "a", "\n", "a\nb\n", "x\r\ny\rz\n\né\r\r\nlast", mixed.as_str()];
    for text in texts {
        let source = Source::new("t.yaml", text);
        for start in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
            let (line, column) = source.line_col(start);
            let before = &text[..start];
            let counted = (
                before.matches('\n').count() + 1,
                before.rsplit('\n').next().unwrap().chars().count() + 1,
            );
            assert_eq!((line, column), counted, "{text:?} at {start}");
            for len in [0, 1, 3, text.len() - start] {
                let report = ProblemReport {
                    problem: Problem::error("fairy::test", "m", start..start + len, "l"),
                    file: source.clone(),
                };
                let span = SourceSpan::new(start.into(), len);
                for (above, below) in [(0, 0), (1, 0), (0, 1), (2, 2), (5, 3)] {
                    let ours = report.read_span(&span, above, below);
                    let theirs = text.read_span(&span, above, below);
                    let fields = |c: &dyn miette::SpanContents| {
                        (
                            c.data().to_vec(),
                            *c.span(),
                            c.line(),
                            c.column(),
                            c.line_count(),
                        )
                    };
                    match (ours, theirs) {
                        (Ok(o), Ok(t)) => assert_eq!(
                            fields(&*o),
                            fields(&*t),
                            "{text:?} {start}+{len} context {above}, {below}"
                        ),
                        (Err(_), Err(_)) => {}
                        (o, t) => panic!(
                            "{text:?} {start}+{len}: {:?} against {:?}",
                            o.is_ok(),
                            t.is_ok()
                        ),
                    }
                }
            }
        }
    }
}
