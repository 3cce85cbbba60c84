//! Large definitions that once took time growing with the square of their size, for the
//! hostile-input tests (`tests/hostile/definitions.rs`) and the benchmark (`benches/perft.rs`).

/// A valid definition of a 26x99 board whose `minus` list writes the rectangle `a1-z90`
/// again and again, to about `bytes` bytes of text: 234 cells remain (ranks 91 to 99).
pub fn board_minus(bytes: usize) -> String {
    let head = "name: Minus\nboard: 26x99 minus a1-z90";
    let tail = "\npieces:\n  king:\n    letter: K\n    moves: K\n    royal: true\n\
                setup: k25/26/26/26/26/26/26/26/K25";
    let item = ", a1-z90";
    let n = bytes.saturating_sub(head.len() + tail.len() + 91) / item.len();
    // The 90 ranks without cells are empty in the setup.
    format!("{head}{}{tail}{}\n", item.repeat(n), "/".repeat(90))
}

/// A definition of `pieces` pieces that all have the letter `A`: each piece after the first
/// is a `fairy::duplicate-letter` error at its own line.
pub fn many_pieces(pieces: usize) -> String {
    let mut text = String::from("name: Many\nboard: 8x8\npieces:\n");
    for i in 0..pieces {
        text.push_str(&format!("  p{i}:\n    letter: A\n    moves: K\n"));
    }
    text.push_str("setup: 8/8/8/8/8/8/8/8\n");
    text
}

/// A definition of about `bytes` bytes: regions, then 150 pieces that each have the unknown
/// key `colour`. Each is a YAML shape error near the end of the text, repaired by reading the
/// whole text again.
pub fn many_repairs(bytes: usize) -> String {
    let pieces: String = (0..150)
        .map(|i| format!("  p{i}:\n    letter: A\n    moves: K\n    colour: white\n"))
        .collect();
    let tail = format!("pieces:\n{pieces}setup: 8/8/8/8/8/8/8/8\n");
    let mut text = String::from("name: Repairs\nboard: 8x8\nregions:\n");
    let mut i = 0;
    loop {
        let region = format!("  r{i}: a1\n");
        if text.len() + region.len() + tail.len() > bytes {
            break;
        }
        text.push_str(&region);
        i += 1;
    }
    text + &tail
}

/// A definition of `n` regions whose king must reach, by `n` flags, a region that is not
/// defined: each flag is a `fairy::unknown-region` error whose help lists the regions.
pub fn unknown_regions(n: usize) -> String {
    let regions: String = (0..n).map(|i| format!("  r{i}: a1\n")).collect();
    let flags: String = (0..n)
        .map(|_| "    - piece: K\n      zone: nowhere\n")
        .collect();
    format!(
        "name: Regions\nboard: 8x8\nregions:\n{regions}pieces:\n  king:\n    letter: K\n    \
         moves: K\n    royal: true\nsetup: 4k3/8/8/8/8/8/8/4K3\nend:\n  flags:\n{flags}"
    )
}

/// A base of `n` pieces (`b0`, `b1`, ...) and a definition extending `base.yaml` that
/// removes `n` pieces no base has (`q0`, `q1`, ...), then every piece of the base.
pub fn many_removals(n: usize) -> (String, String) {
    let pieces: String = (0..n)
        .map(|i| format!("  b{i}:\n    letter: A\n    moves: K\n"))
        .collect();
    let base = format!("name: Base\nboard: 8x8\npieces:\n{pieces}setup: 8/8/8/8/8/8/8/8\n");
    let removals: String = (0..n)
        .map(|i| format!("  q{i}:\n    remove: true\n"))
        .chain((0..n).map(|i| format!("  b{i}:\n    remove: true\n")))
        .collect();
    let child = format!("extends: base.yaml\nname: Removals\npieces:\n{removals}");
    (base, child)
}
