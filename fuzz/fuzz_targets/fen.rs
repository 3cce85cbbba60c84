//! The FEN reader: the first byte picks a bundled variant, the rest is the FEN. What is
//! accepted must write back a FEN that reads back as the same position, with the hash
//! computed from scratch, and legal moves equal to the reference.
#![no_main]

use fairy_rules::Variant;
use libfuzzer_sys::fuzz_target;

fn variants() -> &'static [Variant] {
    static ALL: std::sync::OnceLock<Vec<Variant>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        Variant::bundled_names()
            .map(|n| Variant::bundled(n).expect("bundled"))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let all = variants();
    let v = &all[pick as usize % all.len()];
    let Ok(pos) = v.parse_fen(text) else {
        return;
    };
    let fen = v.fen(&pos);
    let back = v
        .parse_fen(&fen)
        .unwrap_or_else(|e| panic!("`{fen}` (from `{text}`) does not read back: {e}"));
    assert_eq!(v.fen(&back), fen);
    assert!(back == pos, "`{fen}` reads back as another position");
    assert_eq!(pos.hash(), v.hash_from_scratch(&pos), "hash at `{fen}`");
    let mut legal = v.legal_moves(&pos);
    let mut reference = v.legal_moves_by_trial(&pos);
    legal.sort();
    reference.sort();
    assert_eq!(legal, reference, "legal moves at `{fen}`");
    assert_eq!(v.count_legal_moves(&pos), legal.len());
});
