//! The `console` blocks of docs/authoring.md: every `$ fairy ...` line must print exactly the
//! lines under it (standard output, then standard error). The guide's other examples are
//! checked by `tests/definitions/authoring.rs`.

use std::process::Command;

use crate::support::guide::of_kind;

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
