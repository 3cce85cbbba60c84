//! `fairy playtest`: the shards it writes and their merge. Self-play and its statistics are
//! checked through the library in `tests/play/playtest.rs`.

use fairy_rules::playtest::Study;

use crate::support::cli::fairy;
use crate::support::scratch;

#[test]
fn the_command_writes_shards_and_merges_them() {
    let dir = scratch("playtest");
    let file = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
    let common = [
        "playtest",
        "chess",
        "--games",
        "3",
        "--nodes",
        "300",
        "--max-plies",
        "30",
    ];
    let run = |extra: &[&str]| {
        let mut args = common.to_vec();
        args.extend_from_slice(extra);
        let o = fairy(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let whole = run(&[
        "--json",
        &file("whole.json"),
        "--threads",
        "2",
        "--pgn",
        &file("games.pgn"),
    ]);
    assert!(
        whole.starts_with(
            "Chess: 3 games (numbers 0..3 of 3), 300 nodes per move, 4 random opening plies, cut at 30 plies\n"
        ),
        "{whole}"
    );
    let engine = whole.lines().find(|l| l.starts_with("engine:")).unwrap();
    assert!(
        engine.contains(" positions per move, depth ")
            && engine.ends_with(" Elo against Fairy-Max at 1 s per move (docs/strength.md)"),
        "{whole}"
    );
    run(&["--shard", "1/2", "--json", &file("a.json")]);
    let part = run(&["--shard", "2/2", "--json", &file("b.json")]);
    assert!(
        part.starts_with("Chess: 1 games (numbers 2..3 of 3)"),
        "{part}"
    );
    let o = fairy(&[
        "playtest",
        "merge",
        &file("a.json"),
        &file("b.json"),
        "--json",
        &file("merged.json"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stdout), whole);
    let read = |n: &str| -> Study {
        serde_json::from_str(&std::fs::read_to_string(file(n)).unwrap()).unwrap()
    };
    assert_eq!(read("merged.json"), read("whole.json"));
    // The PGN holds the same games, each replaying to its recorded end.
    let pgn = std::fs::read_to_string(file("games.pgn")).unwrap();
    let games = fairy_rules::pgn::parse(&pgn).unwrap();
    let study = read("whole.json");
    assert_eq!(games.len(), 3);
    let chess = fairy_rules::Variant::bundled("chess").unwrap();
    for (pgn, record) in games.iter().zip(&study.games) {
        assert_eq!(
            pgn.tag("Round"),
            Some((record.index + 1).to_string().as_str())
        );
        assert_eq!(pgn.result, record.result);
        let replay = pgn.replay(&chess, 0).unwrap();
        assert_eq!(replay.error, None);
        let texts: Vec<String> = replay
            .game
            .moves()
            .iter()
            .map(|&m| chess.move_text(m))
            .collect();
        assert_eq!(texts.join(" "), record.moves);
    }

    let bad = fairy(&["playtest", "chess", "--shard", "3/2"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr)
        .contains("`3/2` is not a shard K/N with 1 <= K <= N (such as 2/8)"));
    let not_json = fairy(&["playtest", "merge", "Cargo.toml"]);
    assert_eq!(not_json.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&not_json.stderr).contains("Cargo.toml is not a playtest study")
    );
}
