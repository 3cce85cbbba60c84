//! Helpers of the definition diagnostics tests: a definition's errors with their places.

use fairy_rules::Variant;

/// The problems of a definition that must fail: (code, line, column, text under the label,
/// message).
pub fn errors(yaml: &str) -> Vec<(&'static str, usize, usize, String, String)> {
    let err = Variant::from_yaml("test.yaml", yaml).expect_err("definition should fail");
    err.problems
        .iter()
        .map(|p| {
            let (line, col) = err.file.line_col(p.span.start);
            (
                p.code,
                line,
                col,
                yaml[p.span.clone()].to_string(),
                p.message.clone(),
            )
        })
        .collect()
}

/// `base` with the first `from` replaced by `to`.
pub fn edited(base: &str, from: &str, to: &str) -> String {
    assert!(base.contains(from), "`{from}` not in the file");
    base.replacen(from, to, 1)
}

/// The 1-based number of the first line that starts with `needle`, indentation aside.
pub fn line_of(yaml: &str, needle: &str) -> usize {
    yaml.lines()
        .position(|l| l.trim_start().starts_with(needle.trim_start()))
        .expect("needle")
        + 1
}
