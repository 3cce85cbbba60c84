//! Definition errors: each points at the exact line and column, inside DSL strings too.

use fairy_rules::{DefinitionError, Variant};

const CHESS: &str = include_str!("../variants/chess.yaml");

/// Loads `chess.yaml` with `from` replaced by `to` and returns the problems as
/// (code, line, column, label).
fn problems_after(from: &str, to: &str) -> Vec<(String, usize, usize, String)> {
    assert!(
        CHESS.contains(from),
        "test setup: `{from}` not in chess.yaml"
    );
    problems(&CHESS.replacen(from, to, 1))
}

fn problems(yaml: &str) -> Vec<(String, usize, usize, String)> {
    let err: DefinitionError =
        Variant::from_yaml("test.yaml", yaml).expect_err("definition should fail");
    err.problems
        .iter()
        .map(|p| {
            let (line, col) = err.file.line_col(p.span.start);
            (
                p.code.to_string(),
                line,
                col,
                yaml[p.span.clone()].to_string(),
            )
        })
        .collect()
}

fn line_of(yaml: &str, needle: &str) -> usize {
    let needle = needle.trim_end();
    yaml.lines()
        .position(|l| l.contains(needle))
        .expect("needle")
        + 1
}

#[test]
fn unknown_betza_atom() {
    let p = problems_after("moves: N\n", "moves: NX\n");
    let line = line_of(CHESS, "moves: N\n");
    assert_eq!(p, [("fairy::movement-syntax".into(), line, 13, "X".into())]);
}

#[test]
fn unknown_atom_inside_a_double_quoted_string() {
    let p = problems_after("moves: N\n", "moves: \"fmWY\"\n");
    let line = line_of(CHESS, "moves: N\n");
    assert_eq!(p, [("fairy::movement-syntax".into(), line, 16, "Y".into())]);
}

#[test]
fn modifier_that_does_not_apply() {
    let p = problems_after("moves: N\n", "moves: pN\n");
    assert_eq!(p[0].0, "fairy::bad-movement");
    assert_eq!(p[0].3, "pN");
}

#[test]
fn setup_row_of_the_wrong_width() {
    let p = problems_after("/PPPPPPPP/", "/PPPPPPPPP/");
    let line = line_of(CHESS, "setup:");
    assert_eq!(
        p,
        [("fairy::bad-setup".into(), line, 34, "PPPPPPPPP".into())]
    );
}

#[test]
fn unknown_piece_letter_in_setup() {
    let p = problems_after("setup: rnbqkbnr", "setup: rnbqkbxr");
    let line = line_of(CHESS, "setup:");
    assert_eq!(p, [("fairy::bad-setup".into(), line, 14, "x".into())]);
}

#[test]
fn region_outside_the_board() {
    let p = problems_after("white: rank 8", "white: rank 9");
    let line = line_of(CHESS, "white: rank 8");
    assert_eq!(p, [("fairy::bad-region".into(), line, 12, "rank 9".into())]);
}

#[test]
fn square_region_outside_the_board() {
    let p = problems_after("black: rank 1", "black: a1, i1");
    let line = line_of(CHESS, "black: rank 1");
    assert_eq!(p, [("fairy::bad-region".into(), line, 16, "i1".into())]);
}

#[test]
fn promotion_to_an_undefined_piece() {
    let p = problems_after("choices: [Q, R, B, N]", "choices: [Q, R, B, Z]");
    let line = line_of(CHESS, "choices:");
    assert_eq!(p, [("fairy::unknown-piece".into(), line, 26, "Z".into())]);
}

#[test]
fn promotion_zone_that_does_not_exist() {
    let p = problems_after("zone: last-rank", "zone: last-row");
    let line = line_of(CHESS, "zone:");
    assert_eq!(
        p,
        [("fairy::unknown-region".into(), line, 13, "last-row".into())]
    );
}

#[test]
fn unknown_key_is_an_error() {
    let p = problems_after("    royal: true", "    royal: true\n    regal: true");
    let line = line_of(CHESS, "royal: true") + 1;
    assert_eq!(p[0].0, "fairy::yaml");
    assert_eq!((p[0].1, p[0].2), (line, 5));
    let err = Variant::from_yaml(
        "t.yaml",
        &CHESS.replacen("    royal: true", "    royal: true\n    regal: true", 1),
    )
    .unwrap_err();
    assert!(
        err.problems[0].message.contains("unknown field `regal`"),
        "{}",
        err.problems[0].message
    );
}

#[test]
fn bad_board_shape() {
    let p = problems_after("board: 8x8", "board: 8y8");
    assert_eq!(
        p,
        [(
            "fairy::bad-board".into(),
            line_of(CHESS, "board:"),
            9,
            "y".into()
        )]
    );
}

#[test]
fn castling_partner_that_does_not_exist() {
    let p = problems_after("partners: [R]", "partners: [T]");
    assert_eq!(
        p,
        [(
            "fairy::unknown-piece".into(),
            line_of(CHESS, "partners:"),
            14,
            "T".into()
        )]
    );
}

#[test]
fn several_problems_are_reported_together() {
    let yaml = CHESS.replacen("moves: N\n", "moves: NX\n", 1).replacen(
        "zone: last-rank",
        "zone: nowhere",
        1,
    );
    let codes: Vec<String> = problems(&yaml).into_iter().map(|p| p.0).collect();
    // Sorted by place in the file: the pawn's zone comes before the knight's moves.
    assert_eq!(codes, ["fairy::unknown-region", "fairy::movement-syntax"]);
}

#[test]
fn error_inside_a_block_scalar() {
    let p = problems_after("moves: N\n", "moves: |\n      N\n      mWQ?\n");
    let line = line_of(CHESS, "moves: N\n") + 2;
    assert_eq!(p, [("fairy::movement-syntax".into(), line, 10, "?".into())]);
}

#[test]
fn promotion_without_choices() {
    let p = problems_after("choices: [Q, R, B, N]", "choices: []");
    let line = line_of(CHESS, "choices:");
    assert_eq!(
        p,
        [("fairy::no-promotion-choice".into(), line, 16, "[".into())]
    );
}
