//! The move reader: the first byte picks a bundled variant, the second how many plies of a
//! fixed playout lead to the position, the rest is the move text. An accepted move must be
//! legal, and its own text must read back as it.
#![no_main]

use fairy_rules::{Position, Variant};
use libfuzzer_sys::fuzz_target;

/// Per bundled variant, the positions of a fixed playout (the move taken at ply k is the
/// (7k+3)-th legal one, modulo their number).
fn positions() -> &'static [(Variant, Vec<Position>)] {
    static ALL: std::sync::OnceLock<Vec<(Variant, Vec<Position>)>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        Variant::bundled_names()
            .map(|n| {
                let v = Variant::bundled(n).expect("bundled");
                let mut pos = v.start_position();
                let mut line = vec![pos.clone()];
                for k in 0..40 {
                    let legal = v.legal_moves(&pos);
                    if legal.is_empty() {
                        break;
                    }
                    let m = legal[(7 * k + 3) % legal.len()];
                    let m = match v.chance_cells(&pos, m).cells().next() {
                        Some(c) => m.with_outcome(c),
                        None => m,
                    };
                    pos = v.play_unchecked(&pos, m);
                    line.push(pos.clone());
                }
                (v, line)
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let [pick, ply, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let all = positions();
    let (v, line) = &all[*pick as usize % all.len()];
    let pos = &line[*ply as usize % line.len()];
    let Ok(m) = v.parse_move(pos, text) else {
        return;
    };
    assert!(v.is_legal(pos, m), "`{text}` accepted as an illegal move");
    assert!(v.legal_moves(pos).contains(&m.choice()));
    let written = v.move_text(m);
    assert_eq!(
        v.parse_move(pos, &written),
        Ok(m),
        "`{written}` (from `{text}`)"
    );
    let after = v.play_unchecked(pos, m);
    assert_eq!(after.hash(), v.hash_from_scratch(&after));
});
