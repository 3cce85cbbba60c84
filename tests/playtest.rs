//! Playtesting: self-play in every bundled variant, the statistics, shards and their merge.

use std::process::{Command, Output};

use fairy_rules::playtest::{
    play_game, summarize, GameRecord, MergeError, Settings, Study, DECISIVE_THRESHOLD,
};
use fairy_rules::{Game, Variant};

fn settings(games: u64, nodes: u64, max_plies: u32) -> Settings {
    Settings {
        games,
        seed: 7,
        random_plies: 4,
        max_plies,
        nodes: Some(nodes),
        depth: None,
        movetime: None,
    }
}

/// A few short games in every bundled game: the search never panics, and every record
/// replays move by move to the result it reports.
#[test]
fn every_bundled_variant_plays_games_whose_records_replay() {
    for name in Variant::bundled_names() {
        let variant = Variant::bundled(name).unwrap();
        let s = settings(2, 800, 60);
        for i in 0..s.games {
            let record = play_game(&variant, &s, i);
            assert_eq!(record.index, i);
            assert_eq!(record.seed, 7 + i);
            let mut game = Game::new(variant.clone()).with_seed(record.seed);
            for (n, m) in record.moves.split_whitespace().enumerate() {
                game.play(m)
                    .unwrap_or_else(|e| panic!("{name} game {i} move {}: {m}: {e}", n + 1));
            }
            assert_eq!(game.moves().len() as u32, record.plies, "{name} game {i}");
            match game.outcome() {
                Some(o) => {
                    assert!(!record.cut, "{name} game {i}");
                    assert_eq!(
                        format!("{} ({})", record.result, record.reason),
                        o.to_string(),
                        "{name} game {i}"
                    );
                }
                None => {
                    assert!(record.cut, "{name} game {i}");
                    assert_eq!(record.plies, 60, "{name} game {i}");
                    assert_eq!(
                        (record.result.as_str(), record.reason.as_str()),
                        ("1/2-1/2", "move limit")
                    );
                }
            }
            // The engine moved after the random opening, once per move.
            assert_eq!(
                record.evals.len() as u32,
                record.plies.saturating_sub(4),
                "{name} game {i}"
            );
            assert!(record.positions >= u64::from(record.plies));
        }
    }
}

/// A study split in shards and merged is the study played at once.
#[test]
fn shards_merge_into_the_whole_study() {
    let chess = Variant::bundled("chess").unwrap();
    let s = settings(5, 300, 40);
    let play = |range: std::ops::Range<u64>| {
        let games = range.clone().map(|i| play_game(&chess, &s, i)).collect();
        Study::new("chess", "Chess", s.clone(), range, games)
    };
    let whole = play(0..5);
    assert_eq!(s.shard_range(1, 2), 0..3);
    assert_eq!(s.shard_range(2, 2), 3..5);
    let merged = Study::merge(vec![play(s.shard_range(2, 2)), play(s.shard_range(1, 2))]).unwrap();
    assert_eq!(merged, whole);
    assert_eq!(merged.played, vec![[0, 5]]);

    let again = Study::merge(vec![play(0..2), play(1..3)]);
    assert_eq!(again, Err(MergeError::Duplicate(1)));
    let mut other = play(3..5);
    other.settings.nodes = Some(301);
    assert_eq!(
        Study::merge(vec![play(0..3), other]),
        Err(MergeError::Different {
            index: 2,
            what: "settings"
        })
    );
}

#[test]
fn shard_ranges_cover_every_game_once() {
    let s = settings(10, 1, 1);
    let ranges: Vec<_> = (1..=4).map(|k| s.shard_range(k, 4)).collect();
    assert_eq!(ranges, vec![0..3, 3..6, 6..8, 8..10]);
    assert_eq!(settings(2, 1, 1).shard_range(3, 3), 2..2);
}

fn record(result: &str, plies: u32, evals: &[i32]) -> GameRecord {
    GameRecord {
        index: 0,
        seed: 0,
        result: result.into(),
        reason: if result == "1/2-1/2" {
            "repetition"
        } else {
            "checkmate"
        }
        .into(),
        cut: false,
        plies,
        moves: String::new(),
        legal_moves: u64::from(plies) * 20,
        positions: u64::from(plies),
        evals: evals.to_vec(),
    }
}

#[test]
fn the_statistics_of_known_games() {
    // Evaluations within ±50 are no lead; the lead goes +, -, + : two changes.
    let swing = record("1-0", 8, &[10, 80, -60, 20, -200, 400, 350, 10_000]);
    assert_eq!(swing.lead_changes(), 2);
    // The last three evaluations are beyond the decisive threshold for White.
    const { assert!(350 >= DECISIVE_THRESHOLD) };
    assert_eq!(swing.decided_share(), Some(3.0 / 8.0));
    let black = record("0-1", 4, &[-400, -500, -300, -10_000]);
    assert_eq!(black.lead_changes(), 0);
    assert_eq!(black.decided_share(), Some(1.0));
    let draw = record("1/2-1/2", 6, &[0, 60, -60]);
    assert_eq!(draw.decided_share(), None);
    assert_eq!(draw.lead_changes(), 1);

    let s = summarize(&[swing, black, draw]);
    assert_eq!((s.games, s.white_wins, s.black_wins, s.draws), (3, 1, 1, 1));
    assert_eq!(s.white_score, 0.5);
    // Points 1, 0, ½: sample sd ½, so the half-width 1.96 × ½ / √3 = 0.566 reaches past
    // both ends, which clamp.
    assert_eq!(s.white_score_ci95, [0.0, 1.0]);
    let wins = summarize(&[
        record("1-0", 8, &[]),
        record("1-0", 8, &[]),
        record("1-0", 8, &[]),
        record("1/2-1/2", 8, &[]),
    ]);
    // Points 1, 1, 1, ½: mean 0.875, sd ¼, half-width 1.96 × ¼ / 2 = 0.245.
    assert_eq!(wins.white_score, 0.875);
    assert!((wins.white_score_ci95[0] - 0.63).abs() < 1e-12);
    assert_eq!(wins.white_score_ci95[1], 1.0);
    assert_eq!(wins.first_move_advantage, 0.375);
    assert_eq!(s.first_move_advantage, 0.0);
    assert_eq!(s.draw_rate, 1.0 / 3.0);
    assert_eq!(s.endings.get("checkmate"), Some(&2));
    assert_eq!(s.endings.get("repetition"), Some(&1));
    assert_eq!(
        (s.length.mean, s.length.min, s.length.median, s.length.max),
        (6.0, 4.0, 6.0, 8.0)
    );
    assert_eq!(s.length.sd, 2.0);
    assert_eq!(s.branching_factor, 20.0);
    assert_eq!(s.lead_changes, 1.0);
    assert_eq!(s.decided_share, (3.0 / 8.0 + 1.0) / 2.0);
}

fn fairy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .output()
        .expect("run fairy")
}

#[test]
fn the_command_writes_shards_and_merges_them() {
    let dir = std::env::temp_dir().join(format!("fairy-playtest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |n: &str| dir.join(n).to_string_lossy().into_owned();
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
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Flying Dutchman's ship returns when captured, so captures need not end: these games once
/// overflowed the stack in quiescence. The search stops at its deepest line (on a test
/// thread's small stack too).
#[test]
fn captures_that_need_not_end_do_not_overflow_the_search() {
    let dutchman = Variant::bundled("flying-dutchman").unwrap();
    let s = Settings {
        seed: 0,
        ..settings(4, 20_000, 300)
    };
    let endings: Vec<String> = (0..4).map(|i| play_game(&dutchman, &s, i).reason).collect();
    assert_eq!(endings, ["flag", "checkmate", "flag", "flag"]);
}
