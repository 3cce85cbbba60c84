//! Definitions and the command-line loaders: quadratic inputs and `extends:` paths.

use crate::{bounded, bounded_with, folder, mkfifo};

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
    std::fs::write(dir.path().join("minus.yaml"), &text).unwrap();
    let run = bounded(&["validate", "minus.yaml"], "", 10, Some(dir.path()));
    assert_eq!(
        run.stdout(),
        "ok    minus.yaml: Minus, 26x99 board with 234 cells, pieces K, 3 legal moves from \
         the start\n"
    );
}

/// 20,000 problems took 15 to 21 s to report: each one's line and column were found by
/// reading the text from its start.
#[test]
fn twenty_thousand_problems_are_reported_at_once() {
    let dir = folder("many-pieces");
    let text = large::many_pieces(20_000);
    std::fs::write(dir.path().join("many.yaml"), &text).unwrap();
    let run = bounded(&["validate", "many.yaml"], "", 10, Some(dir.path()));
    assert_eq!(run.stdout(), "error many.yaml: 20000 errors\n");
    assert_eq!(
        run.stderr().matches("fairy::duplicate-letter").count(),
        19_999
    );
    let lines = json_lines(dir.path(), "many.yaml", 10);
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
}

/// A mebibyte with a YAML shape error every few lines was read again after each of 100
/// repairs; the repairs now stop within a budget of text read.
#[test]
fn yaml_repairs_of_a_mebibyte_stop_within_their_budget() {
    let dir = folder("repairs");
    let text = large::many_repairs(1 << 20);
    std::fs::write(dir.path().join("repairs.yaml"), &text).unwrap();
    let lines = json_lines(dir.path(), "repairs.yaml", 8);
    // Read four times (4 MiB): four errors, then a note where reading stopped.
    let errors: Vec<usize> = text
        .match_indices("colour")
        .map(|(i, _)| i)
        .take(4)
        .collect();
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
}

/// 8,000 flags to an unknown region, each listing the 8,000 regions in its help, took 41 s
/// and wrote 490 MB: a help line lists 50 names.
#[test]
fn a_help_line_lists_at_most_fifty_names() {
    let dir = folder("unknown-regions");
    std::fs::write(
        dir.path().join("regions.yaml"),
        large::unknown_regions(8_000),
    )
    .unwrap();
    let drawn = bounded(&["validate", "regions.yaml"], "", 10, Some(dir.path()));
    assert_eq!(drawn.stdout(), "error regions.yaml: 8000 errors\n");
    let lines = json_lines(dir.path(), "regions.yaml", 10);
    assert_eq!(lines.len(), 8_000);
    let names: Vec<String> = (0..50).map(|i| format!("r{i}")).collect();
    let help = format!(
        "\"help\":\"define it under `regions:`; defined: {} and 7950 more\"}}",
        names.join(", ")
    );
    assert!(lines.iter().all(|l| l.ends_with(&help)), "{}", lines[0]);
}

/// 8,000 removals of pieces no base has, each compared with the base's 8,000 names, took
/// 56 s; a removal of a piece the base has shifted the pieces after it.
#[test]
fn removals_cost_one_step_each() {
    let dir = folder("removals");
    let (base, child) = large::many_removals(8_000);
    std::fs::write(dir.path().join("base.yaml"), base).unwrap();
    std::fs::write(dir.path().join("child.yaml"), child).unwrap();
    let lines = json_lines(dir.path(), "child.yaml", 5);
    // Every removal of `q…`; the base's pieces are all gone, and nothing else is wrong.
    assert_eq!(lines.len(), 8_000, "{:?}", &lines[lines.len() - 2..]);
    assert!(
        lines[..8_000].iter().all(|l| l.contains(
            "\"code\":\"fairy::unknown-piece\",\"message\":\"no extended definition has a \
             piece `q"
        ) && l.ends_with(
            "\"help\":\"`remove: true` takes out a piece of a definition this one extends\"}"
        )),
        "{}",
        lines[0]
    );
}

/// The diagnostics of `fairy validate` (both formats) of a definition in `dir` that extends
/// `extended`: JSON lines, then the drawn text; `env` is set for the run.
fn validate_extends(
    dir: &std::path::Path,
    extended: &str,
    env: &[(&str, &str)],
) -> (Vec<String>, String) {
    let text = format!("extends: {extended}\nname: Hostile\n");
    std::fs::write(dir.join("hostile.yaml"), text).unwrap();
    let json = bounded_with(
        &["validate", "--format", "json", "hostile.yaml"],
        None,
        10,
        Some(dir),
        env,
    );
    let drawn = bounded_with(&["validate", "hostile.yaml"], None, 10, Some(dir), env);
    assert_eq!(drawn.stdout(), "error hostile.yaml: 1 error and 1 note\n");
    let lines = json.stdout().lines().map(String::from).collect();
    (lines, drawn.stderr())
}

/// The JSON line of a refused `extends:` in [`validate_extends`]'s definition.
fn refused(extended: &str, message: &str, label: &str, help: &str) -> String {
    format!(
        "{{\"file\":\"hostile.yaml\",\"line\":1,\"column\":10,\"start\":9,\"end\":{},\
         \"severity\":\"error\",\"code\":\"fairy::extends\",\"message\":\"{message}\",\
         \"label\":\"{label}\",\"help\":{help}}}",
        9 + extended.len()
    )
}

/// The note that follows a refused `extends:`.
const SKIPPED: &str = "{\"file\":\"hostile.yaml\",\"line\":1,\"column\":10,\"start\":9,\"end\":9,\
    \"severity\":\"note\",\"code\":\"fairy::skipped\",\"message\":\"regions, the setup and \
    where pieces move were not checked: the definition it extends could not be read\",\
    \"label\":\"skipped because of this entry\",\"help\":\"fix that error and run again to \
    check the rest\"}";

const MARKER: (&str, &str) = ("FAIRY_HOSTILE_MARKER", "do-not-print-4f1d");

/// `extends: /proc/self/environ` printed the process's environment in its snippet; neither
/// the path nor a `.yaml` link to it is read now.
#[test]
fn extends_of_the_environment_shows_none_of_it() {
    let dir = folder("environ");
    let (json, drawn) = validate_extends(dir.path(), "/proc/self/environ", &[MARKER]);
    assert_eq!(
        json,
        [
            refused(
                "/proc/self/environ",
                "cannot read `/proc/self/environ`: a definition file's name ends in `.yaml` or \
                 `.yml`",
                "cannot read",
                "null"
            ),
            SKIPPED.to_string()
        ]
    );
    assert!(!drawn.contains(MARKER.1), "{drawn}");
    // Named like a definition, it is read, but it does not read as one: it is not shown.
    std::os::unix::fs::symlink("/proc/self/environ", dir.path().join("environ.yaml")).unwrap();
    let (json, drawn) = validate_extends(dir.path(), "environ.yaml", &[MARKER]);
    assert_eq!(
        json,
        [
            refused(
                "environ.yaml",
                "`environ.yaml` is not a definition: its text does not read as one",
                "not a definition",
                "\"validate that file alone to see its problems\""
            ),
            SKIPPED.to_string()
        ]
    );
    assert!(!json.concat().contains(MARKER.1));
    assert!(!drawn.contains(MARKER.1), "{drawn}");
}

/// `extends: /etc/passwd` (or `/etc/shadow`) showed the file's first lines.
#[test]
fn extends_of_the_password_files_shows_none_of_them() {
    let dir = folder("passwd");
    for path in ["/etc/passwd", "/etc/shadow"] {
        let (json, drawn) = validate_extends(dir.path(), path, &[]);
        assert_eq!(
            json,
            [
                refused(
                    path,
                    &format!(
                        "cannot read `{path}`: a definition file's name ends in `.yaml` or \
                         `.yml`"
                    ),
                    "cannot read",
                    "null"
                ),
                SKIPPED.to_string()
            ]
        );
        assert!(!drawn.contains("root:"), "{drawn}");
    }
    std::os::unix::fs::symlink("/etc/passwd", dir.path().join("passwd.yaml")).unwrap();
    let (json, drawn) = validate_extends(dir.path(), "passwd.yaml", &[]);
    assert_eq!(
        json[0],
        refused(
            "passwd.yaml",
            "`passwd.yaml` is not a definition: its text does not read as one",
            "not a definition",
            "\"validate that file alone to see its problems\""
        )
    );
    assert!(!json.concat().contains("root:"));
    assert!(!drawn.contains("root:"), "{drawn}");
}

/// A file of YAML that is not a definition (its top level has keys a definition does not
/// have) is not shown either, even where one of its keys is a definition's.
#[test]
fn extends_of_another_yaml_file_shows_none_of_it() {
    let dir = folder("other-yaml");
    std::fs::write(
        dir.path().join("config.yaml"),
        "name: service\npassword: do-not-print-77\n",
    )
    .unwrap();
    let (json, drawn) = validate_extends(dir.path(), "config.yaml", &[]);
    assert_eq!(
        json,
        [
            refused(
                "config.yaml",
                "`config.yaml` is not a definition: its top level has keys a definition does \
                 not have",
                "not a definition",
                "\"validate that file alone to see its problems\""
            ),
            SKIPPED.to_string()
        ]
    );
    assert!(!drawn.contains("do-not-print"), "{drawn}");
}

/// `extends:` of a named pipe, or of standard input left open, waited for ever.
#[test]
fn extends_of_a_pipe_or_standard_input_answers_at_once() {
    let dir = folder("fifo");
    mkfifo(&dir.path().join("fifo.yaml"));
    let (json, _) = validate_extends(dir.path(), "fifo.yaml", &[]);
    assert_eq!(
        json,
        [
            refused(
                "fifo.yaml",
                "cannot read `fifo.yaml`: it is a named pipe, not a regular file",
                "cannot read",
                "null"
            ),
            SKIPPED.to_string()
        ]
    );
    let (json, _) = validate_extends(dir.path(), "/dev/stdin", &[]);
    assert_eq!(
        json[0],
        refused(
            "/dev/stdin",
            "cannot read `/dev/stdin`: a definition file's name ends in `.yaml` or `.yml`",
            "cannot read",
            "null"
        )
    );
}

/// A definition given as a named pipe, by the command line or by a record's `VariantFile`
/// tag, waited for ever too.
#[test]
fn a_definition_or_variant_file_that_is_a_pipe_answers_at_once() {
    let dir = folder("fifo-main");
    mkfifo(&dir.path().join("fifo.yaml"));
    let run = bounded_with(&["validate", "fifo.yaml"], None, 10, Some(dir.path()), &[]);
    assert_eq!(
        run.stdout(),
        "error cannot read fifo.yaml: it is a named pipe, not a regular file\n"
    );
    std::fs::write(
        dir.path().join("game.pgn"),
        "[Event \"Hostile\"]\n[VariantFile \"fifo.yaml\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let run = bounded_with(&["replay", "game.pgn"], None, 10, Some(dir.path()), &[]);
    assert!(
        words(&run.stderr()).contains(
            "the record's VariantFile `fifo.yaml`: cannot read fifo.yaml: it is a named pipe, \
             not a regular file"
        ),
        "{}",
        run.stderr()
    );
    assert!(!run.output.status.success());
    std::fs::write(
        dir.path().join("passwd.pgn"),
        "[Event \"Hostile\"]\n[VariantFile \"/etc/passwd\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let run = bounded(&["replay", "passwd.pgn"], "", 10, Some(dir.path()));
    assert!(
        words(&run.stderr()).contains(
            "the record's VariantFile `/etc/passwd`: cannot read /etc/passwd: a definition \
             file's name ends in `.yaml` or `.yml`"
        ),
        "{}",
        run.stderr()
    );
}

/// A drawn message's words, without the line breaks and frame miette wraps it in.
fn words(drawn: &str) -> String {
    let words: Vec<&str> = drawn.split_whitespace().filter(|w| *w != "│").collect();
    words.join(" ")
}

/// A folder named like a definition, and a file past the size limit, are refused by name
/// and reason, without reading them.
#[test]
fn extends_of_a_folder_or_an_oversized_file_is_refused_by_name() {
    let dir = folder("folder-oversized");
    std::fs::create_dir(dir.path().join("folder.yaml")).unwrap();
    let (json, _) = validate_extends(dir.path(), "folder.yaml", &[]);
    assert_eq!(
        json[0],
        refused(
            "folder.yaml",
            "cannot read `folder.yaml`: it is a folder, not a regular file",
            "cannot read",
            "null"
        )
    );
    // Sparse: its size costs nothing to make, and reading it would cost 8 GiB.
    let big = std::fs::File::create(dir.path().join("big.yaml")).unwrap();
    big.set_len(8 << 30).unwrap();
    let (json, _) = validate_extends(dir.path(), "big.yaml", &[]);
    assert_eq!(
        json[0],
        "{\"file\":\"hostile.yaml\",\"line\":1,\"column\":10,\"start\":9,\"end\":17,\
         \"severity\":\"error\",\"code\":\"fairy::limit-exceeded\",\"message\":\"the extended \
         file exceeds the limit `extends_bytes` of 1048576 bytes\",\"label\":\"too large\",\
         \"help\":\"raise `extends_bytes` to read it\"}"
    );
    let run = bounded(&["validate", "big.yaml"], "", 10, Some(dir.path()));
    assert_eq!(run.stdout(), "error big.yaml: 1 error\n");
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
    let texts = [
        "",
        "a",
        "\n",
        "a\nb\n",
        "x\r\ny\rz\n\né\r\r\nlast",
        mixed.as_str(),
    ];
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
