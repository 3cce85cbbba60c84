//! The definitions in tests/broken/ and the full report a designer sees for each, drawn as
//! `fairy validate` draws it (without colours): one snapshot per file, headed by its count.
//! Each file is a class of problem; together they show that one run reports every problem.

use fairy_rules::diagnostics::tally;
use fairy_rules::{LoadError, Variant};
use miette::{GraphicalReportHandler, GraphicalTheme};

#[test]
fn each_broken_definition_has_its_full_report() {
    let handler =
        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
    let mut files: Vec<_> = std::fs::read_dir("tests/broken")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "the fixtures are gone: {files:?}");
    for path in files {
        let (problems, reports) = match Variant::from_file(&path) {
            Ok(v) => (v.warnings().to_vec(), v.warning_reports()),
            Err(LoadError::Definition(d)) => (d.problems.clone(), d.diagnostics().to_vec()),
            Err(e) => panic!("{e}"),
        };
        assert!(!reports.is_empty(), "{} has no problem", path.display());
        let mut out = format!("{}: {}\n\n", path.display(), tally(&problems));
        for report in reports {
            handler.render_report(&mut out, &report).unwrap();
            out.push('\n');
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        insta::assert_snapshot!(name, out);
    }
}
