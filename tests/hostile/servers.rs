//! `fairy serve` and `fairy web`: searches that end, bounded memory, headers and loads.

use std::time::Duration;

use fairy_rules::protocol::{EngineLimits, SearchCaps};
use serde_json::{json, Value};

use super::bounded;

/// The responses `fairy serve` wrote, one JSON value a line.
fn responses(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v.get("ok").is_some())
        .collect()
}

/// Request lines as `fairy serve` reads them.
fn lines(requests: &[Value]) -> String {
    requests.iter().map(|r| format!("{r}\n")).collect()
}

#[test]
fn every_search_gets_the_caps_whatever_it_asks() {
    let caps = SearchCaps::default();
    for asked in [
        EngineLimits {
            depth: Some(64),
            ..EngineLimits::default()
        },
        EngineLimits {
            depth: Some(u32::MAX),
            nodes: Some(u64::MAX),
            movetime_ms: Some(u64::MAX),
        },
        EngineLimits {
            nodes: Some(5),
            ..EngineLimits::default()
        },
    ] {
        let limits = caps.limits(&asked);
        assert!(limits.depth.is_some_and(|d| d <= 64), "{asked:?}");
        assert!(limits.nodes.is_some_and(|n| n <= 100_000_000), "{asked:?}");
        assert!(
            limits.time.is_some_and(|t| t <= Duration::from_secs(60)),
            "{asked:?}"
        );
    }
    assert_eq!(
        caps.limits(&EngineLimits::default()).nodes,
        Some(20_000),
        "no limit at all is a quick move"
    );
}

#[test]
fn a_depth_only_search_ends_at_the_time_cap_and_the_next_request_is_answered() {
    let input = lines(&[
        json!({"request": "new_game", "variant": "chess"}),
        json!({"id": 2, "request": "engine_move", "game": "g1", "limits": {"depth": 64}}),
        json!({"id": 3, "request": "hello"}),
    ]);
    let run = bounded(&["serve", "--max-movetime-ms", "1000"], &input, 30, None);
    let answers = responses(&run.stdout());
    assert_eq!(answers.len(), 3, "{}", run.stdout());
    assert_eq!(answers[1]["ok"], true, "{}", answers[1]);
    assert_eq!(answers[2]["id"], 3);
    assert!(run.elapsed < Duration::from_secs(15), "{:?}", run.elapsed);
}

#[test]
fn many_games_with_an_engine_move_each_fit_in_memory() {
    // A transposition table per game (16 MiB) would pass 4 GiB at about 340 games.
    let games = 400;
    let mut requests = Vec::new();
    for g in 1..=games {
        requests.push(json!({"request": "new_game", "variant": "chess"}));
        requests.push(json!({"request": "engine_move", "game": format!("g{g}"),
            "limits": {"nodes": 50}}));
    }
    let run = bounded(&["serve"], &lines(&requests), 240, None);
    let answers = responses(&run.stdout());
    assert_eq!(answers.len(), 2 * games, "{}", run.stderr());
    assert!(answers.iter().all(|a| a["ok"] == true), "{}", run.stdout());
}

/// Two kings on a 4x4 board that may walk forever: no move rule, no repetition rule.
const WALK: &str = "name: Walk
board: 4x4
pieces:
  king:
    letter: K
    moves: K
    royal: true
setup: k3/4/4/3K
end:
  repetition: 0
  move_rule: 0
";

#[test]
fn a_long_game_and_its_undos_take_linear_memory() {
    // A copy of the game per ply for `undo` would pass 4 GiB long before the end.
    let plies = 24_000;
    let walk = ["d1c1", "a4b4", "c1d1", "b4a4"];
    let mut requests = vec![json!({"request": "new_game", "variant": "walk"})];
    for ply in 0..plies {
        requests.push(json!({"request": "play", "game": "g1", "move": walk[ply % 4]}));
    }
    for _ in 0..3 {
        requests.push(json!({"request": "undo", "game": "g1"}));
    }
    let dir = super::folder("long-game");
    std::fs::write(dir.join("walk.yaml"), WALK).unwrap();
    let run = bounded(&["serve", "walk.yaml"], &lines(&requests), 120, Some(&dir));
    let answers = responses(&run.stdout());
    assert_eq!(answers.len(), requests.len(), "{}", run.stderr());
    assert!(answers.iter().all(|a| a["ok"] == true), "{}", run.stdout());
    let last = &answers[answers.len() - 1]["result"];
    assert_eq!(last["ply"], plies - 3);
    // Three plies back from a multiple of four: after White's first step, d1c1.
    assert_eq!(
        last["fen"].as_str().unwrap().split(' ').next(),
        Some("k3/4/4/2K1")
    );
}

#[test]
fn hello_and_variants_refuse_unknown_fields() {
    let input = lines(&[
        json!({"id": 1, "request": "hello", "surprise": 1}),
        json!({"id": 2, "request": "variants", "surprise": 1}),
        json!({"id": 3, "request": "hello"}),
    ]);
    let answers = responses(&bounded(&["serve"], &input, 30, None).stdout());
    assert_eq!(answers[0]["error"]["code"], "bad_request", "{}", answers[0]);
    assert_eq!(answers[1]["error"]["code"], "bad_request", "{}", answers[1]);
    assert_eq!(answers[2]["ok"], true);
}
