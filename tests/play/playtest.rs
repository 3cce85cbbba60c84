//! Playtesting: self-play in every bundled variant, the statistics, shards and their merge.

use fairy_rules::playtest::{
    play_game, summarize, GameRecord, MergeError, Settings, Study, ANCHOR_ELO, ANCHOR_NODES,
    DECISIVE_THRESHOLD, ELO_PER_DOUBLING,
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
        depth_total: 5 * evals.len() as u64,
        nodes_total: 20_000 * evals.len() as u64,
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
    // The endings pin the games: they change with the search (last when an unfinished
    // iteration's better root move came to be played, with mobility, with each side's
    // history kept apart, with threats, and with a piece's first cells reached).
    assert_eq!(endings, ["checkmate", "move limit", "checkmate", "flag"]);
}

/// The engine's strength: positions and depth per searched move, and the Elo that effort
/// is worth on the scale of `docs/strength.md` (the anchor's effort scores the anchor's
/// Elo; twice the effort, one doubling more).
#[test]
fn the_strength_a_study_was_played_at() {
    let mut doubled = record("1-0", 4, &[0, 0]);
    doubled.nodes_total *= 2;
    doubled.depth_total += 2;
    let s = summarize(&[record("1-0", 6, &[0, 0, 0, 0]), doubled]);
    // 4 moves of 20,000 positions and 2 of 40,000; depth 5 and, twice, 6.
    assert_eq!(s.engine.moves, 6);
    assert_eq!(s.engine.nodes_per_move, 160_000.0 / 6.0);
    assert_eq!(s.engine.mean_depth, 32.0 / 6.0);
    let at = |nodes: u64| {
        let mut r = record("1-0", 2, &[0]);
        r.nodes_total = nodes;
        summarize(&[r]).engine.elo.unwrap()
    };
    assert_eq!(at(ANCHOR_NODES as u64), ANCHOR_ELO);
    assert!((at(2 * ANCHOR_NODES as u64) - ANCHOR_ELO - ELO_PER_DOUBLING).abs() < 1e-9);
    assert!((at(ANCHOR_NODES as u64 / 4) - ANCHOR_ELO + 2.0 * ELO_PER_DOUBLING).abs() < 1e-9);
    // Without a searched move there is nothing to estimate.
    assert_eq!(summarize(&[record("1/2-1/2", 2, &[])]).engine.elo, None);
}
