//! The diagnostics table of docs/authoring.md lists exactly the codes the crate reports.
//!
//! Every file under `src/` is scanned for string literals `"fairy::<code>"` (lower-case
//! letters and hyphens after `fairy::`), the codes problems and errors are reported with.
//! The table rows of the guide's diagnostics section (lines starting with "| `fairy::") must
//! then be exactly those codes: (a) every code in the source has a row, (b) every row's code
//! occurs in the source (no stale rows), (c) every row's severity column is `error`,
//! `warning` or `note`. A code listed twice is an error too.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Every file under `dir`, recursively, in a stable order.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// The codes of every `"fairy::<code>"` string literal in `text`.
fn codes_in(text: &str) -> Vec<String> {
    const OPEN: &str = "\"fairy::";
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(OPEN) {
        rest = &rest[i + OPEN.len()..];
        let name_len = rest
            .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .unwrap_or(rest.len());
        if name_len > 0 && rest[name_len..].starts_with('"') {
            out.push(format!("fairy::{}", &rest[..name_len]));
        }
    }
    out
}

/// The codes the source reports, from every file under `src/`.
fn source_codes() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut codes = BTreeSet::new();
    for path in files_under(&root.join("src")) {
        // Source files are text; anything that is not UTF-8 holds no code.
        if let Ok(text) = std::fs::read_to_string(&path) {
            codes.extend(codes_in(&text));
        }
    }
    codes
}

/// A table row of the guide: its line number, code and severity column.
struct Row {
    line: usize,
    code: String,
    severity: String,
}

/// The rows of docs/authoring.md that start with "| `fairy::".
fn guide_rows() -> Vec<Row> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/authoring.md");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| line.starts_with("| `fairy::"))
        .map(|(i, line)| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            // "| `code` | severity | meaning |" splits into "", code, severity, meaning, "".
            let code = cells.get(1).copied().unwrap_or_default();
            Row {
                line: i + 1,
                code: code.trim_matches('`').to_string(),
                severity: cells.get(2).copied().unwrap_or_default().to_string(),
            }
        })
        .collect()
}

#[test]
fn the_source_reports_codes() {
    let codes = source_codes();
    // Guards the scan itself: a few codes that certainly exist.
    for code in [
        "fairy::yaml",
        "fairy::movement-syntax",
        "fairy::unused-piece",
    ] {
        assert!(
            codes.contains(code),
            "the scan of src/ missed {code}: {codes:?}"
        );
    }
}

#[test]
fn the_scan_reads_string_literals_only() {
    let text =
        r#"x("fairy::bad-board"); // `fairy::unknown-atom` "fairy::Upper" "fairy::" "fairy::io""#;
    assert_eq!(codes_in(text), ["fairy::bad-board", "fairy::io"]);
}

#[test]
fn every_code_has_one_row_and_every_row_a_code() {
    let codes = source_codes();
    let rows = guide_rows();
    assert!(
        !rows.is_empty(),
        "docs/authoring.md has no row starting with \"| `fairy::\""
    );
    let documented: BTreeSet<String> = rows.iter().map(|r| r.code.clone()).collect();

    let missing: Vec<&String> = codes.difference(&documented).collect();
    let stale: Vec<&String> = documented.difference(&codes).collect();
    let mut seen = BTreeSet::new();
    let twice: Vec<String> = rows
        .iter()
        .filter(|r| !seen.insert(r.code.clone()))
        .map(|r| format!("{} (line {})", r.code, r.line))
        .collect();
    let bad_severity: Vec<String> = rows
        .iter()
        .filter(|r| !["error", "warning", "note"].contains(&r.severity.as_str()))
        .map(|r| format!("{} (line {}): `{}`", r.code, r.line, r.severity))
        .collect();

    let mut failures = Vec::new();
    if !missing.is_empty() {
        failures.push(format!(
            "codes reported in src/ without a row in docs/authoring.md: {missing:?}"
        ));
    }
    if !stale.is_empty() {
        failures.push(format!(
            "rows in docs/authoring.md for codes src/ never reports: {stale:?}"
        ));
    }
    if !twice.is_empty() {
        failures.push(format!(
            "codes with more than one row in docs/authoring.md: {twice:?}"
        ));
    }
    if !bad_severity.is_empty() {
        failures.push(format!(
            "rows whose severity is neither `error` nor `warning`: {bad_severity:?}"
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
