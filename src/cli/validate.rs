//! `fairy validate`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fairy_rules::{LoadError, Variant};

pub(super) fn run(paths: &[PathBuf]) -> ExitCode {
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
        match Variant::from_file(file) {
            Ok(v) => out!("ok    {}: {}", file.display(), summary(&v)),
            Err(LoadError::Definition(d)) => {
                failed += 1;
                out!("error {}: {} problem(s)", file.display(), d.problems.len());
                for report in d.diagnostics() {
                    eprintln!("{:?}", miette::Report::new(report));
                }
            }
            Err(e) => {
                failed += 1;
                out!("error {e}");
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

fn summary(v: &Variant) -> String {
    let t = &v.topology;
    let start = v.start_position();
    let letters: String = v.pieces.iter().map(|p| p.letter).collect();
    format!(
        "{}, {}x{} board with {} cells, pieces {letters}, {} legal moves from the start",
        v.name,
        t.width(),
        t.height(),
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
