//! Every example in docs/authoring.md is checked, so the guide cannot drift from the code:
//! `yaml` blocks must load without errors or warnings (and a `file=` block must equal that
//! file), `moves`, `board` and `region` lines must parse and compile, and every
//! `$ fairy ...` line of a `console` block must print exactly the lines under it (standard
//! output, then standard error).

use std::process::Command;

use fairy_rules::{dsl, Variant};

struct Block {
    info: String,
    body: String,
    line: usize,
}

fn blocks() -> Vec<Block> {
    let text = std::fs::read_to_string("docs/authoring.md").unwrap();
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(info)) => {
                current = Some(Block {
                    info: info.to_string(),
                    body: String::new(),
                    line: i + 1,
                })
            }
            (Some(_), Some(_)) => out.push(current.take().unwrap()),
            (Some(b), None) => {
                b.body.push_str(line);
                b.body.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(current.is_none(), "unclosed code block");
    out
}

fn of_kind(kind: &str) -> Vec<Block> {
    let found: Vec<Block> = blocks()
        .into_iter()
        .filter(|b| b.info.split_whitespace().next() == Some(kind))
        .collect();
    assert!(!found.is_empty(), "the guide has no `{kind}` block");
    found
}

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

/// Splits a command line at spaces, keeping double-quoted parts together.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[test]
fn console_sessions_print_what_the_guide_shows() {
    for b in of_kind("console") {
        let mut lines = b.body.lines().peekable();
        while let Some(line) = lines.next() {
            let command = line
                .strip_prefix("$ fairy ")
                .unwrap_or_else(|| panic!("line {}: expected `$ fairy`", b.line));
            let mut expected = String::new();
            while let Some(next) = lines.next_if(|l| !l.starts_with("$ ")) {
                expected.push_str(next);
                expected.push('\n');
            }
            let o = Command::new(env!("CARGO_BIN_EXE_fairy"))
                .args(words(command))
                .output()
                .unwrap();
            let actual = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            assert_eq!(actual, expected, "guide line {}: `fairy {command}`", b.line);
        }
    }
}
