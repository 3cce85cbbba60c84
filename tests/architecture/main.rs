//! The layers of `src/` (see `docs/architecture.md`): every `crate::` path in a layer's files
//! names the same layer or one below it, never one above and never the crate root's
//! re-exports, which exist for the library's users. And the public API's documentation: every
//! `pub fn` outside the `fairy` binary shows an example, or points at one that shows it.

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

/// The doc block above line `at` of `lines`: its `///` lines without the slashes, joined by
/// spaces (attributes between them and the item are skipped).
fn doc_above(lines: &[&str], at: usize) -> String {
    let mut block = Vec::new();
    for line in lines[..at].iter().rev() {
        let t = line.trim_start();
        if let Some(doc) = t.strip_prefix("///") {
            block.push(doc.trim());
        } else if !t.starts_with("#[") {
            break;
        }
    }
    block.reverse();
    block.join(" ")
}

/// The name a line declares when it starts an item of one of `kinds` (`fn`, `struct`, ...),
/// whatever its visibility and qualifiers: `pub(crate) const fn index` gives `index`.
fn declared(line: &str, kinds: &[&str]) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| kinds.contains(w))?;
    let before_ok = words[..at]
        .iter()
        .all(|w| w.starts_with("pub") || ["const", "async", "unsafe", "extern"].contains(w));
    let name: String = words
        .get(at + 1)?
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (before_ok && !name.is_empty()).then_some(name)
}

/// Whether a line declares a public function: `pub fn`, `pub const fn`, `pub async fn`.
fn is_pub_fn(line: &str) -> bool {
    let t = line.trim_start();
    [
        "pub fn ",
        "pub const fn ",
        "pub async fn ",
        "pub unsafe fn ",
    ]
    .iter()
    .any(|p| t.starts_with(p))
}

/// The items a "See the example" sentence of `doc` links to: the last segment of each
/// ``[`path`]`` from the phrase to the end of its sentence.
fn example_links(doc: &str) -> Option<Vec<String>> {
    let at = doc.find("See the example")?;
    let rest = &doc[at..];
    let sentence = match rest.find(". ") {
        Some(end) => &rest[..end],
        None => rest,
    };
    let mut links = Vec::new();
    let mut s = sentence;
    while let Some(open) = s.find("[`") {
        s = &s[open + 2..];
        let Some(close) = s.find("`]") else { break };
        let path = s[..close].trim_end_matches("()");
        links.push(path.rsplit("::").next().unwrap_or(path).to_string());
        s = &s[close + 2..];
    }
    Some(links)
}

#[test]
fn every_public_function_shows_an_example() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files: Vec<(PathBuf, String)> = sources(&src)
        .into_iter()
        .filter(|f| !f.starts_with(src.join("frontends/cli")))
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("a source file");
            (f, text)
        })
        .collect();
    // Every item (or module) whose documentation holds an example, by name.
    let kinds = ["fn", "struct", "enum", "type", "trait", "mod"];
    let mut with_example = std::collections::HashSet::new();
    for (file, text) in &files {
        let lines: Vec<&str> = text.lines().collect();
        let module_doc: String = lines
            .iter()
            .take_while(|l| l.starts_with("//!") || l.trim().is_empty())
            .copied()
            .collect();
        if module_doc.contains("```") {
            let stem = file.file_stem().unwrap().to_string_lossy();
            let name = match stem.as_ref() {
                "mod" | "lib" => file
                    .parent()
                    .unwrap()
                    .file_name()
                    .unwrap()
                    .to_string_lossy(),
                _ => stem.clone(),
            };
            with_example.insert(name.to_string());
            with_example.insert("self".to_string());
        }
        for (n, line) in lines.iter().enumerate() {
            if let Some(name) = declared(line, &kinds) {
                if doc_above(&lines, n).contains("```") {
                    with_example.insert(name);
                }
            }
        }
    }
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (file, text) in &files {
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            if !is_pub_fn(line) {
                continue;
            }
            checked += 1;
            let at = format!("{}:{}", file.strip_prefix(&src).unwrap().display(), n + 1);
            let doc = doc_above(&lines, n);
            if doc.contains("```") {
                continue;
            }
            match example_links(&doc) {
                None => wrong.push(format!(
                    "{at}: `{}` has no example and no \"See the example of ...\" link",
                    line.trim()
                )),
                Some(links) if links.is_empty() => wrong.push(format!(
                    "{at}: its \"See the example\" sentence links to no item"
                )),
                Some(links) => {
                    for link in links.iter().filter(|l| !with_example.contains(*l)) {
                        wrong.push(format!("{at}: it points at `{link}`, which has no example"));
                    }
                }
            }
        }
    }
    assert!(checked > 150, "only {checked} public functions were found");
    assert!(
        wrong.is_empty(),
        "public functions without an example (give one, or point at the example that shows \
         the function with \"See the example of [`Item`]\"):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn declarations_and_example_links_are_read() {
    assert_eq!(
        declared("    pub const fn index(self) -> usize {", &["fn"]),
        Some("index".into())
    );
    assert_eq!(
        declared("pub(crate) struct Sp<T> {", &["struct"]),
        Some("Sp".into())
    );
    assert_eq!(declared("        let fn_name = 3;", &["fn"]), None);
    assert!(is_pub_fn("    pub async fn serve(listener: TcpListener)"));
    assert!(!is_pub_fn("    pub(crate) fn hidden()"));
    let lines = [
        "/// Counts.",
        "///",
        "/// See the example of [`Ruleset::perft`].",
        "#[inline]",
        "pub fn f() {}",
    ];
    assert_eq!(
        doc_above(&lines, 4),
        "Counts.  See the example of [`Ruleset::perft`]."
    );
    assert_eq!(
        example_links("See the examples of [`Position`] and [`crate::Ruleset::make`]. Also [`x`]."),
        Some(vec!["Position".to_string(), "make".to_string()])
    );
    assert_eq!(example_links("No link here."), None);
}
