//! The PGN reader and replay: the first byte picks a bundled variant, the rest is the PGN.
//! Every game read writes back as PGN that reads as one game with the same moves and
//! result, and replays without a panic (a move that cannot be played only ends the replay).
#![no_main]

use fairy_rules::pgn;
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
    let Ok(games) = pgn::parse(text) else {
        return;
    };
    for game in games.iter().take(4) {
        let written = game.to_string();
        let back = pgn::parse(&written)
            .unwrap_or_else(|e| panic!("`{written}` (from `{text}`) does not read back: {e}"));
        assert_eq!(back.len(), 1, "`{written}` reads as {} games", back.len());
        let texts = |g: &pgn::PgnGame| -> Vec<String> { g.moves.iter().map(|m| m.text.clone()).collect() };
        assert_eq!(texts(&back[0]), texts(game), "moves of `{written}`");
        assert_eq!(back[0].result, game.result);
        let _ = game.replay(v, 0);
    }
});
