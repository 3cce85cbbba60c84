//! `fairy validate`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fairy_rules::diagnostics::{tally, ProblemReport};
use fairy_rules::protocol::Diagnostic;
use fairy_rules::{LoadError, Variant};
use serde_json::json;

/// How `fairy validate` reports.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum Format {
    /// A line per file, diagnostics drawn under it.
    Text,
    /// JSON lines, one per diagnostic, for editors and frontends.
    Json,
}

pub(super) fn run(paths: &[PathBuf], format: Format) -> ExitCode {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            match yaml_files(path) {
                Ok(found) => files.extend(found),
                Err(e) => {
                    eprintln!("error: cannot read folder {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
        } else {
            files.push(path.clone());
        }
    }
    let mut failed = 0;
    for file in &files {
        let reports = match Variant::from_file(file) {
            Ok(v) => {
                if format == Format::Text {
                    let warnings = match v.warnings().len() {
                        0 => String::new(),
                        _ => format!(" ({})", tally(v.warnings())),
                    };
                    out!("ok    {}: {}{warnings}", file.display(), summary(&v));
                }
                v.warning_reports()
            }
            Err(LoadError::Definition(d)) => {
                failed += 1;
                if format == Format::Text {
                    out!("error {}: {}", file.display(), tally(&d.problems));
                }
                d.diagnostics().to_vec()
            }
            Err(e) => {
                failed += 1;
                match format {
                    Format::Text => out!("error {e}"),
                    Format::Json => out!(
                        "{}",
                        json!({"file": file.display().to_string(), "severity": "error", "code": "fairy::io", "message": e.to_string()})
                    ),
                }
                continue;
            }
        };
        for report in reports {
            match format {
                // Drawn whole, then written at once: standard error is unbuffered.
                Format::Text => {
                    let drawn = format!("{:?}", miette::Report::new(report));
                    eprintln!("{drawn}");
                }
                Format::Json => out!("{}", json_line(&report)),
            }
        }
    }
    if failed > 0 {
        eprintln!("{failed} of {} definition(s) have errors", files.len());
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// One diagnostic as a JSON object (the game protocol's [`Diagnostic`]); line and column are
/// one-based, the byte range is into the file.
fn json_line(report: &ProblemReport) -> String {
    serde_json::to_string(&Diagnostic::from(report)).expect("a diagnostic serializes")
}

fn summary(v: &Variant) -> String {
    let t = &v.topology;
    let start = v.start_position();
    let letters: String = v.pieces.iter().map(|p| p.letter).collect();
    format!(
        "{}, {} board with {} cells, pieces {letters}, {} legal moves from the start",
        v.name,
        t.size_text(),
        t.cell_count(),
        v.legal_moves(&start).len()
    )
}

fn yaml_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .collect();
    out.sort();
    Ok(out)
}
