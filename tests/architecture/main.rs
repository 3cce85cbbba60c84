//! The layers of `src/` (see `docs/architecture.md`): every `crate::` path in a layer's files
//! names the same layer or one below it, never one above and never the crate root's
//! re-exports, which exist for the library's users.

use std::path::{Path, PathBuf};

/// The layers, bottom to top.
const LAYERS: [&str; 8] = [
    "types",
    "rules",
    "engine",
    "formats",
    "render",
    "load",
    "play",
    "frontends",
];

/// The `.rs` files under `dir`, recursively, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        for entry in std::fs::read_dir(&d).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The first segment of every `crate::` path on a line of code: `crate::a::b` gives `a`,
/// `crate::{a::b, c}` gives `a` and `c`.
fn crate_paths(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        found.extend(first_segment(&item));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.extend(first_segment(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.push(name);
        }
    }
    found
}

/// The first segment of a path inside a `use` group, if the item is not empty.
fn first_segment(item: &str) -> Option<String> {
    let name = item.trim().split("::").next().unwrap_or("");
    (!name.is_empty()).then(|| name.to_string())
}

/// The code of a line: what comes before a `//` comment (lines of doc or comment are empty).
fn code(line: &str) -> &str {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") {
        return "";
    }
    match line.find("// ") {
        Some(at) if !line[..at].contains('"') => &line[..at],
        _ => line,
    }
}

#[test]
fn imports_only_go_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (rank, layer) in LAYERS.iter().enumerate() {
        for file in sources(&src.join(layer)) {
            // The `fairy` binary is a crate of its own: its `crate::` is its own root.
            if file.starts_with(src.join("frontends/cli")) {
                continue;
            }
            checked += 1;
            let text = std::fs::read_to_string(&file).expect("a source file");
            // A `use` may span lines: read it whole.
            let joined: Vec<(usize, String)> = {
                let mut out = Vec::new();
                let mut pending: Option<(usize, String)> = None;
                for (n, line) in text.lines().enumerate() {
                    let c = code(line);
                    match pending.as_mut() {
                        Some((_, s)) => s.push_str(c.trim()),
                        None => pending = Some((n + 1, c.to_string())),
                    }
                    let open = pending.as_ref().is_some_and(|(_, s)| {
                        s.contains("crate::{") && s.matches('{').count() > s.matches('}').count()
                    });
                    if !open {
                        out.extend(pending.take());
                    }
                }
                out
            };
            for (line, code) in joined {
                for name in crate_paths(&code) {
                    let at = format!("{}:{line}", file.strip_prefix(&src).unwrap().display());
                    match LAYERS.iter().position(|l| *l == name) {
                        Some(r) if r > rank => {
                            wrong.push(format!("{at}: `{layer}` imports `{name}`, a layer above"))
                        }
                        Some(_) => {}
                        None => wrong.push(format!(
                            "{at}: `crate::{name}` is the crate root's re-export; name its layer"
                        )),
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} files were read");
    assert!(
        wrong.is_empty(),
        "imports that break the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_top_folder_of_src_is_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut others = Vec::new();
    for entry in std::fs::read_dir(&src).expect("src") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        if name != "lib.rs" && !LAYERS.contains(&name.as_str()) {
            others.push(name);
        }
    }
    assert!(others.is_empty(), "src/ holds what is no layer: {others:?}");
}

#[test]
fn paths_are_read_whole() {
    assert_eq!(crate_paths("use crate::rules::{Color, Kind};"), ["rules"]);
    assert_eq!(
        crate_paths("use crate::{engine::Move, types::bitboard::{Bits, Cell}, Game};"),
        ["engine", "types", "Game"]
    );
    assert_eq!(crate_paths("x = $crate::play::search::f();"), ["play"]);
    assert!(crate_paths("fairy_rules::notcrate::x").is_empty());
    assert_eq!(code("    /// [`crate::play::Game`]"), "");
}
