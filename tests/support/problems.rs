//! Where a broken definition's first error is reported.

use fairy_rules::Variant;

/// The code of the first problem of `yaml` (warnings about unused parts aside) and the
/// 1-based line and column where its span starts.
pub fn problem(yaml: &str) -> (String, usize, usize) {
    let e = Variant::from_yaml("broken.yaml", yaml).unwrap_err();
    let p = e
        .problems
        .iter()
        .find(|p| !p.code.contains("unused"))
        .expect("an error");
    let start = p.span.start;
    let line = yaml[..start].matches('\n').count() + 1;
    let column = start - yaml[..start].rfind('\n').map_or(0, |i| i + 1) + 1;
    (p.code.to_string(), line, column)
}
