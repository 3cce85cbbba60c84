//! Embeds the bundled variant definitions in the library, so that `Variant::bundled` finds
//! them by name wherever the program runs: the project's games (`variants/*.yaml`) and the
//! definitions of Fairy-Stockfish's perft suite (`variants/fsf/*.yaml`).

use std::fmt::Write;

/// The names of the `.yaml` files in `dir`, sorted.
fn names(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("the folder {dir}: {e}"))
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "yaml").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    names.sort();
    names
}

/// `pub(crate) const NAME: &[(&str, &str)]` of (name, file text) for the files of `dir`.
fn table(out: &mut String, doc: &str, constant: &str, dir: &str) {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it");
    println!("cargo:rerun-if-changed={dir}");
    writeln!(out, "/// {doc}: (name, file text).").expect("a string");
    writeln!(out, "pub(crate) const {constant}: &[(&str, &str)] = &[").expect("a string");
    for name in names(dir) {
        println!("cargo:rerun-if-changed={dir}/{name}.yaml");
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            format!("{root}/{dir}/{name}.yaml")
        )
        .expect("a string");
    }
    out.push_str("];\n");
}

fn main() {
    let mut out = String::new();
    table(&mut out, "The project's games", "BUNDLED", "variants");
    table(
        &mut out,
        "The definitions of Fairy-Stockfish's perft suite",
        "SUITE",
        "variants/fsf",
    );
    let target =
        std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets it")).join("bundled.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
