//! The definitions in tests/broken/ and the reports a designer sees for them, drawn as
//! `fairy validate` draws them (without colours), in one snapshot.

use fairy_rules::{LoadError, Variant};
use miette::{GraphicalReportHandler, GraphicalTheme};

#[test]
fn broken_definitions_report_every_problem() {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let mut files: Vec<_> = std::fs::read_dir("tests/broken")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = String::new();
    for path in files {
        let reports = match Variant::from_file(&path) {
            Ok(v) => v.warning_reports(),
            Err(LoadError::Definition(d)) => d.diagnostics().to_vec(),
            Err(e) => panic!("{e}"),
        };
        assert!(!reports.is_empty(), "{} has no problem", path.display());
        out.push_str(&format!("==== {}\n", path.display()));
        for report in reports {
            handler.render_report(&mut out, &report).unwrap();
            out.push('\n');
        }
    }
    insta::assert_snapshot!(out);
}
