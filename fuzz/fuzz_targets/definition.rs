//! The definition loader: any text, as a YAML definition. What loads must give a start
//! position whose FEN reads back and whose legal moves equal the reference.
#![no_main]

use fairy_rules::Variant;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // `extends:` reads a file from the disk (a path such as /dev/stdin would block), and
    // YAML escapes, tags and directives could spell the key: such inputs are left out.
    if ["extends", "\\", "!", "%"].iter().any(|s| text.contains(s)) {
        return;
    }
    let Ok(v) = Variant::from_yaml("fuzz.yaml", text) else {
        return;
    };
    let start = v.start_position();
    let fen = v.fen(&start);
    let back = v
        .parse_fen(&fen)
        .unwrap_or_else(|e| panic!("the start FEN `{fen}` does not read back: {e}"));
    assert_eq!(v.fen(&back), fen);
    assert_eq!(start.hash(), v.hash_from_scratch(&start));
    let mut legal = v.legal_moves(&start);
    let mut reference = v.legal_moves_by_trial(&start);
    legal.sort();
    reference.sort();
    assert_eq!(legal, reference, "legal moves at `{fen}`");
    for &m in legal.iter().take(8) {
        let text = v.move_text(m);
        assert_eq!(v.parse_move(&start, &text), Ok(m), "`{text}` at `{fen}`");
    }
});
