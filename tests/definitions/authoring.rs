//! Every example in docs/authoring.md is checked, so the guide cannot drift from the code:
//! `yaml` blocks must load without errors or warnings (and a `file=` block must equal that
//! file), `moves`, `board` and `region` lines must parse and compile. The `console` blocks,
//! which run `fairy`, are checked by `tests/frontends/authoring.rs`.

use fairy_rules::{dsl, Variant};

use crate::support::guide::of_kind;

#[test]
fn yaml_examples_load_cleanly() {
    for b in of_kind("yaml") {
        let v = Variant::from_yaml("example.yaml", &b.body)
            .unwrap_or_else(|e| panic!("line {}: {:?}", b.line, e.problems));
        assert!(
            v.warnings().is_empty(),
            "line {}: {:?}",
            b.line,
            v.warnings()
        );
        if let Some(file) = b
            .info
            .split_whitespace()
            .find_map(|w| w.strip_prefix("file="))
        {
            assert_eq!(
                std::fs::read_to_string(file).unwrap(),
                b.body,
                "line {}: {file} differs from the guide",
                b.line
            );
        }
    }
}

#[test]
fn movement_examples_compile_without_problems() {
    for b in of_kind("moves") {
        for moves in b.body.lines().filter(|l| !l.trim().is_empty()) {
            let yaml = format!("name: T\nboard: 8x8\npieces:\n  x:\n    letter: X\n    moves: \"{moves}\"\nsetup: 8/8/8/8/3X4/8/8/8\n");
            let v = Variant::from_yaml("t.yaml", &yaml)
                .unwrap_or_else(|e| panic!("line {}: `{moves}`: {:?}", b.line, e.problems));
            assert!(
                v.warnings().is_empty(),
                "line {}: `{moves}`: {:?}",
                b.line,
                v.warnings()
            );
        }
    }
}

#[test]
fn board_and_region_examples_parse() {
    for b in of_kind("board") {
        for line in b.body.lines() {
            dsl::parse_board(line).unwrap_or_else(|e| panic!("line {}: `{line}`: {e:?}", b.line));
        }
    }
    for b in of_kind("region") {
        for line in b.body.lines() {
            dsl::parse_region(line).unwrap_or_else(|e| panic!("line {}: `{line}`: {e:?}", b.line));
        }
    }
}
