//! Embeds the bundled variant definitions (`variants/*.yaml`) in the library, so that
//! `Variant::bundled` finds them by name wherever the program runs.

use std::fmt::Write;

fn main() {
    let dir = std::path::Path::new("variants");
    println!("cargo:rerun-if-changed=variants");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the variants folder")
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "yaml").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    names.sort();
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it");
    let mut out = String::from("/// The bundled definitions: (name, file text).\npub(crate) const BUNDLED: &[(&str, &str)] = &[\n");
    for name in &names {
        println!("cargo:rerun-if-changed=variants/{name}.yaml");
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            format!("{root}/variants/{name}.yaml")
        )
        .expect("a string");
    }
    out.push_str("];\n");
    let target =
        std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets it")).join("bundled.rs");
    std::fs::write(target, out).expect("OUT_DIR is writable");
}
