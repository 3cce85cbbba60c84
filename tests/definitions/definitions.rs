//! Definition diagnostics, one test per kind: each asserts the code, the exact line and
//! column, the text under the label and the label itself, inside DSL strings too (plain,
//! double-quoted and block scalars).

use fairy_rules::{Problem, Variant};

const CHESS: &str = include_str!("../../variants/chess.yaml");

/// (code, line, column, text under the label, label)
type Diag = (&'static str, usize, usize, String, String);

fn describe(yaml: &str, file: &fairy_rules::Source, problems: &[Problem]) -> Vec<Diag> {
    problems
        .iter()
        .map(|p| {
            let (line, col) = file.line_col(p.span.start);
            (
                p.code,
                line,
                col,
                yaml[p.span.clone()].to_string(),
                p.label.clone(),
            )
        })
        .collect()
}

/// `chess.yaml` with `from` replaced by `to`.
fn edited(from: &str, to: &str) -> String {
    assert!(
        CHESS.contains(from),
        "test setup: `{from}` not in chess.yaml"
    );
    CHESS.replacen(from, to, 1)
}

/// The errors of a definition that must fail.
fn errors(yaml: &str) -> Vec<Diag> {
    let err = Variant::from_yaml("test.yaml", yaml).expect_err("definition should fail");
    describe(yaml, &err.file, &err.problems)
}

/// The warnings of a definition that must load.
fn warnings(yaml: &str) -> Vec<Diag> {
    let v = Variant::from_yaml("test.yaml", yaml).unwrap_or_else(|e| panic!("{:?}", e.problems));
    let file = fairy_rules::Source::new("test.yaml", yaml);
    describe(yaml, &file, v.warnings())
}

fn line_of(yaml: &str, needle: &str) -> usize {
    let needle = needle.trim_end();
    yaml.lines()
        .position(|l| l.contains(needle))
        .expect("needle")
        + 1
}

fn d(code: &'static str, line: usize, col: usize, text: &str, label: &str) -> Diag {
    (code, line, col, text.into(), label.into())
}

#[test]
fn unknown_betza_atom() {
    let yaml = edited("moves: N\n", "moves: NX\n");
    let line = line_of(&yaml, "moves: NX");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::movement-syntax",
            line,
            13,
            "X",
            "unexpected `X` in movement"
        )]
    );
}

#[test]
fn unknown_atom_inside_a_double_quoted_string() {
    let yaml = edited("moves: N\n", "moves: \"fmWY\"\n");
    let line = line_of(&yaml, "fmWY");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::movement-syntax",
            line,
            16,
            "Y",
            "unexpected `Y` in movement"
        )]
    );
}

#[test]
fn unknown_atom_inside_a_single_quoted_string() {
    // `''` is one quote in the value: the column still lands on the character in the file.
    let yaml = edited("moves: N\n", "moves: 'fm''W'\n");
    let line = line_of(&yaml, "moves: 'fm");
    let errs = errors(&yaml);
    assert_eq!(
        errs,
        [d(
            "fairy::movement-syntax",
            line,
            15,
            "'",
            "unexpected `'` in movement"
        )]
    );
}

#[test]
fn error_inside_a_block_scalar() {
    let yaml = edited("moves: N\n", "moves: |\n      N\n      mWQ?\n");
    let line = line_of(&yaml, "mWQ?");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::movement-syntax",
            line,
            10,
            "?",
            "unexpected `?` in movement"
        )]
    );
}

#[test]
fn modifier_that_does_not_apply() {
    let yaml = edited("moves: N\n", "moves: WpN\n");
    let line = line_of(&yaml, "moves: WpN");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::bad-movement",
            line,
            13,
            "pN",
            "`p` and `g` apply to riders"
        )]
    );
}

#[test]
fn setup_row_of_the_wrong_width() {
    let yaml = edited("/PPPPPPPP/", "/PPPPPPPPP/");
    let line = line_of(&yaml, "setup:");
    let label = "rank 2 has 8 cells (a2-h2) but 9 are written";
    assert_eq!(
        errors(&yaml),
        [d("fairy::bad-setup", line, 34, "PPPPPPPPP", label)]
    );
}

#[test]
fn unknown_piece_letter_in_setup() {
    let yaml = edited("setup: rnbqkbnr", "setup: rnbqkbxr");
    let line = line_of(&yaml, "setup:");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::bad-setup",
            line,
            14,
            "x",
            "no piece has the letter `X`"
        )]
    );
}

#[test]
fn region_outside_the_board() {
    let yaml = edited("white: rank 8", "white: rank 9");
    let line = line_of(&yaml, "white: rank 9");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::bad-region",
            line,
            12,
            "rank 9",
            "this lies outside the board"
        )]
    );
}

#[test]
fn square_region_outside_the_board() {
    let yaml = edited("black: rank 1", "black: a1, i1");
    let line = line_of(&yaml, "black: a1, i1");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::bad-region",
            line,
            16,
            "i1",
            "this lies outside the board"
        )]
    );
}

#[test]
fn promotion_to_an_undefined_piece() {
    let yaml = edited("choices: [Q, R, B, N]", "choices: [Q, R, B, Z]");
    let line = line_of(&yaml, "choices:");
    assert_eq!(
        errors(&yaml),
        [d("fairy::unknown-piece", line, 26, "Z", "no such piece")]
    );
}

#[test]
fn promotion_without_choices() {
    let yaml = edited("choices: [Q, R, B, N]", "choices: []");
    let line = line_of(&yaml, "choices:");
    assert_eq!(
        errors(&yaml),
        [d("fairy::no-promotion-choice", line, 16, "[", "empty")]
    );
}

#[test]
fn promotion_zone_that_does_not_exist() {
    let yaml = edited("zone: last-rank", "zone: last-row");
    let line = line_of(&yaml, "zone:");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::unknown-region",
            line,
            13,
            "last-row",
            "no such region"
        )]
    );
}

#[test]
fn unknown_key_with_a_suggestion() {
    let yaml = edited("    promotion:", "    promoton:");
    let line = line_of(&yaml, "promoton:");
    assert_eq!(
        errors(&yaml),
        [d("fairy::yaml", line, 5, "p", "unknown key")]
    );
    let err = Variant::from_yaml("t.yaml", &yaml).unwrap_err();
    assert_eq!(
        err.problems[0].help.as_deref(),
        Some("did you mean `promotion`?")
    );
    assert!(
        err.problems[0]
            .message
            .starts_with("unknown field `promoton`"),
        "{}",
        err.problems[0].message
    );
}

#[test]
fn bad_board_shape() {
    let yaml = edited("board: 8x8", "board: 8y8");
    let err = errors(&yaml);
    let line = line_of(&yaml, "board:");
    assert_eq!(
        err,
        [
            d(
                "fairy::skipped",
                line,
                8,
                "8y8",
                "skipped because of this board"
            ),
            d(
                "fairy::bad-board",
                line,
                9,
                "y",
                "unexpected `y` in board shape"
            )
        ]
    );
}

/// A movement cut short says so, at its end (issue 14: "unexpected the end of the text").
#[test]
fn movement_that_ends_too_soon() {
    let yaml = edited("moves: N\n", "moves: N[W\n");
    let err = errors(&yaml);
    assert_eq!(
        err,
        [d(
            "fairy::movement-syntax",
            line_of(&yaml, "moves: N[W"),
            15,
            "",
            "the movement ends too soon"
        )]
    );
}

/// A board over the limit says how many cells it has.
#[test]
fn board_too_large_counts_its_cells() {
    let yaml = edited("board: 8x8", "board: 17x16 minus a1, a1, b1");
    let err = Variant::from_yaml("test.yaml", &yaml).expect_err("too large");
    let p = &err.problems[0];
    assert_eq!(
        (p.code, p.message.as_str()),
        (
            "fairy::board-too-large",
            "the board has 270 cells; at most 256 are allowed"
        )
    );
}

#[test]
fn castling_partner_that_does_not_exist() {
    let yaml = edited("partners: [R]", "partners: [T]");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::unknown-piece",
            line_of(&yaml, "partners:"),
            14,
            "T",
            "no such piece"
        )]
    );
}

#[test]
fn duplicate_and_malformed_letters() {
    // Giving the bishop the knight's letter also leaves its `B`s in the file without a piece.
    let yaml = edited("letter: B", "letter: N");
    assert_eq!(
        errors(&yaml),
        [
            d(
                "fairy::unknown-piece",
                line_of(&yaml, "choices:"),
                23,
                "B",
                "no such piece"
            ),
            d(
                "fairy::duplicate-letter",
                line_of(&yaml, "image: bishop") - 1,
                13,
                "N",
                "used before"
            ),
            d(
                "fairy::bad-setup",
                line_of(&yaml, "setup:"),
                10,
                "b",
                "no piece has the letter `B`"
            ),
            d(
                "fairy::bad-material",
                line_of(&yaml, "insufficient_material:"),
                32,
                "B",
                "`B` is not a piece letter"
            ),
        ]
    );
    let yaml = edited(
        "  king:\n",
        "  ghost:\n    letter: Gh\n    moves: W\n  king:\n",
    );
    // Warnings come with the errors: the ghost is also never used.
    let line = line_of(&yaml, "letter: Gh");
    assert_eq!(
        errors(&yaml),
        [
            d("fairy::bad-letter", line, 13, "Gh", "not one letter"),
            d("fairy::unused-piece", line, 13, "Gh", "never used"),
        ]
    );
}

#[test]
fn letters_past_ascii_need_one_character_cases() {
    // `ß` has no one-character upper case, `ǅ` is a title case: neither is a piece letter.
    for bad in ["ß", "ǅ", "中"] {
        let yaml = edited(
            "  king:\n",
            &format!("  odd:\n    letter: {bad}\n    moves: W\n  king:\n"),
        );
        let line = line_of(&yaml, &format!("letter: {bad}"));
        assert_eq!(
            errors(&yaml),
            [
                d("fairy::bad-letter", line, 13, bad, "not one letter"),
                d("fairy::unused-piece", line, 13, bad, "never used"),
            ],
            "{bad}"
        );
    }
    // `Δ` and `δ` are one letter in two cases.
    let yaml = edited(
        "  king:\n",
        "  delta:\n    letter: Δ\n    moves: W\n  small-delta:\n    letter: δ\n    moves: F\n  king:\n",
    );
    let line = line_of(&yaml, "letter: δ");
    assert_eq!(
        errors(&yaml),
        [
            d("fairy::unused-piece", line - 3, 13, "Δ", "never used"),
            d("fairy::duplicate-letter", line, 13, "δ", "used before"),
            d("fairy::unused-piece", line, 13, "δ", "never used"),
        ]
    );
    // A setup letter no piece has, two bytes long.
    let yaml = edited("setup: rnbqkbnr", "setup: rnbqkbнr");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::bad-setup",
            line_of(&yaml, "setup:"),
            14,
            "н",
            "no piece has the letter `Н`"
        )]
    );
}

#[test]
fn several_problems_are_reported_together() {
    let yaml = edited("moves: N\n", "moves: NX\n").replacen("zone: last-rank", "zone: nowhere", 1);
    let codes: Vec<&str> = errors(&yaml).into_iter().map(|p| p.0).collect();
    // Sorted by place in the file: the pawn's zone comes before the knight's moves.
    assert_eq!(codes, ["fairy::unknown-region", "fairy::movement-syntax"]);
}

#[test]
fn warning_a_piece_never_used() {
    let yaml = edited(
        "  king:\n",
        "  ghost:\n    letter: G\n    moves: W\n  king:\n",
    );
    let line = line_of(&yaml, "letter: G");
    assert_eq!(
        warnings(&yaml),
        [d("fairy::unused-piece", line, 13, "G", "never used")]
    );
}

#[test]
fn warning_a_move_that_reaches_no_square() {
    // A (9,0) leap cannot be made anywhere on 8x8; the bishop's other moves are fine.
    let yaml = edited("moves: B\n", "moves: B(9,0)\n");
    let line = line_of(&yaml, "moves: B(9,0)");
    let label = "this move reaches no square of this board";
    assert_eq!(
        warnings(&yaml),
        [d("fairy::unreachable-move", line, 13, "(9,0)", label)]
    );
}

#[test]
fn warning_an_empty_region() {
    let yaml = edited("board: 8x8", "board: 8x8 minus a4-h4").replacen(
        "regions:\n",
        "regions:\n  river: rank 4\n",
        1,
    );
    // Rank 4 has no cells left, so the setup writes nothing for it.
    let yaml = yaml.replacen("/8/8/8/8/", "/8/8//8/", 1);
    let line = line_of(&yaml, "river:");
    assert_eq!(
        warnings(&yaml),
        [d("fairy::empty-region", line, 10, "rank 4", "empty")]
    );
}

#[test]
fn warning_a_side_without_its_royal_piece() {
    let yaml = edited("setup: rnbqkbnr", "setup: rnbq1bnr");
    let line = line_of(&yaml, "setup:");
    let w = warnings(&yaml);
    assert_eq!(w.len(), 1);
    assert_eq!(
        (w[0].0, w[0].1, w[0].2, w[0].4.as_str()),
        ("fairy::missing-royal", line, 8, "no royal piece here")
    );
    let v = Variant::from_yaml("t.yaml", &yaml).unwrap();
    assert_eq!(
        v.warnings()[0].message,
        "black has no king (K) in the setup"
    );
}

#[test]
fn bundled_variants_have_no_warnings() {
    // The bundled definitions, those of Fairy-Stockfish's perft suite in variants/fsf/ and
    // XBoard's own in variants/xboard/ (folders, which are skipped as entries of variants/).
    let mut paths = Vec::new();
    for dir in ["variants", "variants/fsf", "variants/xboard"] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "yaml") {
                paths.push(path);
            }
        }
    }
    assert!(paths.len() > 30, "{paths:?}");
    for path in paths {
        let v = Variant::from_file(&path).unwrap();
        if path.ends_with("fsf/horde.yaml") {
            // Horde's White has no king by design: that is its only warning.
            let codes: Vec<_> = v.warnings().iter().map(|w| w.code).collect();
            assert_eq!(codes, ["fairy::missing-royal"], "{}", path.display());
            continue;
        }
        assert!(
            v.warnings().is_empty(),
            "{}: {:?}",
            path.display(),
            v.warnings()
        );
    }
}

#[test]
fn xboard_name_that_xboard_does_not_know() {
    let yaml = edited("xboard: normal\n", "xboard: chess\n");
    let line = line_of(&yaml, "xboard: chess");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::unknown-xboard-variant",
            line,
            9,
            "chess",
            "not an XBoard variant"
        )]
    );
    assert_eq!(
        Variant::bundled("chess").unwrap().xboard.as_deref(),
        Some("normal")
    );
    // A variant of chess is another game: the name is not inherited.
    assert_eq!(Variant::bundled("king-of-the-hill").unwrap().xboard, None);
}

#[test]
fn cannot_capture_a_royal_piece_is_refused() {
    let yaml = edited("    moves: Q\n", "    moves: Q\n    cannot_capture: [K]\n");
    let line = line_of(&yaml, "cannot_capture:");
    assert_eq!(
        errors(&yaml),
        vec![d(
            "fairy::unsupported-combination",
            line,
            22,
            "K",
            "a royal piece"
        )]
    );
}

#[test]
fn cannot_hop_names_an_unknown_piece() {
    let yaml = edited("    moves: Q\n", "    moves: Q\n    cannot_hop: [X]\n");
    let line = line_of(&yaml, "cannot_hop:");
    assert_eq!(
        errors(&yaml),
        vec![d("fairy::unknown-piece", line, 18, "X", "no such piece")]
    );
}

#[test]
fn royals_facing_under_extinction_is_refused() {
    let yaml =
        edited("  royal: checkmate\n", "  royal: extinction\n") + "royals_facing: forbidden\n";
    let line = line_of(&yaml, "royals_facing:");
    assert_eq!(
        errors(&yaml),
        vec![d(
            "fairy::unsupported-combination",
            line,
            1,
            "royals_facing",
            "facing royal pieces"
        )]
    );
}
