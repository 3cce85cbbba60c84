//! `fairy serve` driven as a child process, as a frontend would: every request of the
//! protocol, the errors, and a hidden-information game seen from each seat. Every response
//! and event is checked against the JSON Schema in docs/protocol/.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use fairy_rules::protocol::{schemas, Response};
use fairy_rules::{Color, Game, Variant};
use serde_json::{json, Value};

/// The schemas in docs/protocol/ are the ones the types give (`UPDATE_SCHEMAS=1` rewrites
/// them).
#[test]
fn schema_files_are_current() {
    for (name, schema) in schemas() {
        let path = format!("docs/protocol/{name}");
        let text = serde_json::to_string_pretty(&schema).unwrap() + "\n";
        if std::env::var_os("UPDATE_SCHEMAS").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(stored == text, "{path} is stale: run with UPDATE_SCHEMAS=1");
    }
}

struct Server {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    response: jsonschema::Validator,
    event: jsonschema::Validator,
    next_id: u64,
}

impl Server {
    fn start(files: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
            .arg("serve")
            .args(files)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("fairy serve starts");
        let validator = |name: &str| {
            let (_, schema) = schemas().into_iter().find(|(n, _)| *n == name).unwrap();
            jsonschema::validator_for(&schema).unwrap()
        };
        Server {
            input: child.stdin.take().unwrap(),
            output: BufReader::new(child.stdout.take().unwrap()),
            child,
            response: validator("response.schema.json"),
            event: validator("event.schema.json"),
            next_id: 0,
        }
    }

    /// Sends a raw line; returns the events, then the response.
    fn send_line(&mut self, line: &str) -> (Vec<Value>, Value) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut events = Vec::new();
        loop {
            let mut reply = String::new();
            assert!(
                self.output.read_line(&mut reply).unwrap() > 0,
                "server ended"
            );
            let value: Value = serde_json::from_str(&reply).unwrap();
            if value.get("event").is_some() {
                let errors: Vec<String> = self
                    .event
                    .iter_errors(&value)
                    .map(|e| e.to_string())
                    .collect();
                assert!(errors.is_empty(), "{reply}: {errors:?}");
                events.push(value);
            } else {
                let errors: Vec<String> = self
                    .response
                    .iter_errors(&value)
                    .map(|e| e.to_string())
                    .collect();
                assert!(errors.is_empty(), "{reply}: {errors:?}");
                // The typed response reads it too.
                serde_json::from_value::<Response>(value.clone()).unwrap();
                return (events, value);
            }
        }
    }

    /// Sends a request with a fresh id; returns the events and the response, whose id must
    /// be the request's.
    fn call(&mut self, mut request: Value) -> (Vec<Value>, Value) {
        self.next_id += 1;
        request["id"] = json!(self.next_id);
        let (events, response) = self.send_line(&request.to_string());
        assert_eq!(response["id"], json!(self.next_id));
        (events, response)
    }

    /// A request that must succeed: its result.
    fn ok(&mut self, request: Value) -> Value {
        let (_, response) = self.call(request.clone());
        assert_eq!(response["ok"], true, "{request} gave {response}");
        response["result"].clone()
    }

    /// A request that must fail: its error code.
    fn fails(&mut self, request: Value) -> String {
        let (_, response) = self.call(request.clone());
        assert_eq!(response["ok"], false, "{request} gave {response}");
        response["error"]["code"].as_str().unwrap().to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn texts(moves: &Value) -> Vec<String> {
    moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn hello_variants_and_loading() {
    let mut s = Server::start(&["tests/fixtures/serve/tiny.yaml"]);
    let hello = s.ok(json!({"request": "hello"}));
    assert_eq!(hello["protocol"], 1);
    let variants = s.ok(json!({"request": "variants"}));
    let ids: Vec<&str> = variants["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    let mut expected: Vec<&str> = Variant::bundled_names()
        .chain(Variant::suite_names())
        .collect();
    expected.push("tiny");
    expected.sort();
    assert_eq!(ids, expected);

    let falcon = s.ok(json!({"request": "load_variant", "name": "falcon-chess"}));
    assert_eq!(falcon["kind"], "variant");
    assert_eq!(
        (falcon["width"].clone(), falcon["height"].clone()),
        (json!(10), json!(8))
    );
    assert_eq!(falcon["cells"].as_array().unwrap().len(), 80);
    assert_eq!(
        falcon["cells"][10],
        json!({"name": "a2", "file": 0, "rank": 1})
    );
    let letters: String = falcon["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["letter"].as_str().unwrap())
        .collect();
    assert_eq!(letters, "PNBFRQK");

    let tiny = s.ok(json!({"request": "load_variant", "name": "tiny"}));
    assert_eq!(tiny["start_fen"], "k3/4/4/3K w - - 0 1");

    // A definition with a mistake: the diagnostics locate it.
    let yaml = "name: Broken\nboard: 4x4\npieces:\n  king:\n    letter: K\n    moves: Kz\n    royal: true\nsetup: k3/4/4/3K\n";
    let (_, response) =
        s.call(json!({"request": "load_variant", "yaml": yaml, "name": "broken.yaml"}));
    assert_eq!(response["ok"], false);
    let error = &response["error"];
    assert_eq!(error["code"], "definition");
    let d = &error["diagnostics"][0];
    assert_eq!(
        (d["file"].as_str(), d["line"].as_u64(), d["column"].as_u64()),
        (Some("broken.yaml"), Some(6), Some(13))
    );
    assert_eq!(d["severity"], "error");

    // A good one from text gets an id to start games with.
    let fixed = yaml.replace("Kz", "K");
    let loaded = s.ok(json!({"request": "load_variant", "yaml": fixed}));
    assert_eq!(loaded["id"], "v1");
    let game = s.ok(json!({"request": "new_game", "variant": "v1"}));
    let moves = s.ok(json!({"request": "moves", "game": game["game"]}));
    assert_eq!(texts(&moves), ["d1c1", "d1c2", "d1d2"]);

    assert_eq!(s.fails(json!({"request": "load_variant"})), "bad_request");
    assert_eq!(
        s.fails(json!({"request": "load_variant", "name": "nope"})),
        "unknown_variant"
    );
}

#[test]
fn a_chess_game_from_first_move_to_mate() {
    let mut s = Server::start(&[]);
    let g = s.ok(json!({"request": "new_game", "variant": "chess"}));
    assert_eq!(g["hidden_information"], false);
    let game = g["game"].clone();
    let moves = s.ok(json!({"request": "moves", "game": game}));
    assert_eq!(moves["moves"].as_array().unwrap().len(), 20);
    let e4 = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["text"] == "e2e4")
        .unwrap();
    assert_eq!(
        e4,
        &json!({"text": "e2e4", "from": "e2", "to": "e4", "cells": ["e2", "e4"], "capture": false, "promotion": null, "chance": null, "wall": null})
    );

    // An illegal and a malformed move are refused and change nothing.
    let before = s.ok(json!({"request": "position", "game": game}));
    assert_eq!(
        s.fails(json!({"request": "play", "game": game, "move": "e2e5"})),
        "illegal_move"
    );
    assert_eq!(
        s.fails(json!({"request": "play", "game": game, "move": "zz"})),
        "illegal_move"
    );
    assert_eq!(s.ok(json!({"request": "position", "game": game})), before);

    for m in ["f2f3", "e7e5", "g2g4"] {
        s.ok(json!({"request": "play", "game": game, "move": m}));
    }
    // Undo takes back one move.
    let undone = s.ok(json!({"request": "undo", "game": game}));
    assert_eq!(
        undone["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2"
    );
    s.ok(json!({"request": "play", "game": game, "move": "g2g4"}));
    let (events, mate) = s.call(json!({"request": "play", "game": game, "move": "d8h4"}));
    let outcome = json!({"result": "0-1", "winner": "black", "reason": "checkmate"});
    assert_eq!(
        events,
        [json!({"event": "game_over", "game": game, "outcome": outcome})]
    );
    assert_eq!(mate["result"]["outcome"], outcome);
    assert_eq!(
        s.ok(json!({"request": "result", "game": game}))["outcome"],
        outcome
    );
    assert_eq!(
        s.fails(json!({"request": "play", "game": game, "move": "a2a3"})),
        "game_over"
    );
    let record = s.ok(json!({"request": "record", "game": game}));
    assert_eq!(record["text"], "f2f3 e7e5 g2g4 d8h4");
    let pgn = record["pgn"].as_str().unwrap();
    assert!(pgn.starts_with("[Event \"fairy serve\"]\n"), "{pgn}");
    assert!(pgn.ends_with("\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{pgn}");
    assert_eq!(
        record["start_fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );

    // Castling changes four cells; a FEN starts a game.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let g2 = s.ok(json!({"request": "new_game", "variant": "chess", "fen": fen}))["game"].clone();
    let played = s.ok(json!({"request": "play", "game": g2, "move": "e1g1"}));
    assert_eq!(played["move"]["cells"], json!(["e1", "f1", "g1", "h1"]));
    assert_eq!(
        s.fails(json!({"request": "new_game", "variant": "chess", "fen": "8/8 w"})),
        "bad_fen"
    );

    // The engine answers with a legal move, and the game goes on.
    let g3 = s.ok(json!({"request": "new_game", "variant": "capablanca"}))["game"].clone();
    let legal = texts(&s.ok(json!({"request": "moves", "game": g3})));
    let engine = s.ok(json!({"request": "engine_move", "game": g3, "limits": {"depth": 2}}));
    assert!(legal.contains(&engine["move"]["text"].as_str().unwrap().to_string()));
    assert_eq!(s.ok(json!({"request": "position", "game": g3}))["ply"], 1);
    assert_eq!(
        s.ok(json!({"request": "close_game", "game": g3}))["game"],
        g3
    );
    assert_eq!(
        s.fails(json!({"request": "moves", "game": g3})),
        "unknown_game"
    );
}

#[test]
fn chance_is_drawn_by_the_server_from_the_seed_and_announced() {
    let mut s = Server::start(&[]);
    let cells: Vec<Value> = (0..2)
        .map(|_| {
            let game = s.ok(json!({"request": "new_game", "variant": "bermuda", "seed": 7}))
                ["game"]
                .clone();
            let (events, played) = s.call(json!({"request": "play", "game": game, "move": "e2e4"}));
            assert_eq!(events.len(), 1);
            assert_eq!(events[0]["event"], "chance");
            assert_eq!(events[0]["cell"], played["result"]["move"]["chance"]);
            events[0]["cell"].clone()
        })
        .collect();
    assert_eq!(cells[0], cells[1]);
    // The library's game with the same seed draws the same cell.
    let mut game = Game::new(Variant::bundled("bermuda").unwrap()).with_seed(7);
    let m = game.play("e2e4").unwrap();
    let topo = &game.variant().topology;
    assert_eq!(cells[0], json!(topo.name(m.outcome.unwrap())));
}

#[test]
fn a_hidden_game_shows_each_seat_only_its_view() {
    let mut s = Server::start(&[]);
    let g = s.ok(json!({"request": "new_game", "variant": "seachess"}));
    assert_eq!(g["hidden_information"], true);
    let game = g["game"].clone();
    let black = g["seats"]["black"].clone();
    assert_eq!(
        s.fails(json!({"request": "position", "game": game})),
        "seat_required"
    );
    assert_eq!(
        s.fails(json!({"request": "moves", "game": game})),
        "seat_required"
    );
    assert_eq!(
        s.fails(json!({"request": "position", "game": game, "seat": "0"})),
        "bad_seat"
    );
    assert_eq!(
        s.fails(json!({"request": "play", "game": game, "seat": black, "move": "c1c2"})),
        "not_your_turn"
    );

    // Each side plants a hidden mine (a cruiser, C, plants with `:M`). At every step each
    // seat's position is exactly the library's view for its side, and a seat's record
    // never holds the other side's hidden move.
    let fen = "4k3/8/12/4c7/12/12/12/12/2C9/12/8/4K3 w - - 0 1 -";
    let g = s.ok(json!({"request": "new_game", "variant": "seachess", "fen": fen}));
    let game = g["game"].clone();
    let seats = [g["seats"]["white"].clone(), g["seats"]["black"].clone()];
    let mut shadow = Game::from_fen(Variant::bundled("seachess").unwrap(), fen).unwrap();
    let script = ["c4:M", "e9e4", "g1h1", "e4:M", "h1g1", "e4e9"];
    for (ply, m) in script.iter().enumerate() {
        let (mine, theirs) = (&seats[ply % 2], &seats[1 - ply % 2]);
        let played = s.ok(json!({"request": "play", "game": game, "seat": mine, "move": m}));
        assert_eq!(played["move"]["text"], json!(m));
        shadow.play(m).unwrap();
        let other = s.ok(json!({"request": "record", "game": game, "seat": theirs}));
        let last = &other["moves"][ply];
        // In PGN too, the hidden move is a null move, and the mover's own record names it.
        let pgn = fairy_rules::pgn::parse(other["pgn"].as_str().unwrap()).unwrap();
        let own = s.ok(json!({"request": "record", "game": game, "seat": mine}));
        let own = fairy_rules::pgn::parse(own["pgn"].as_str().unwrap()).unwrap();
        assert_ne!(own[0].moves[ply].text, "--");
        assert_eq!(
            pgn[0].moves[ply].text == "--",
            shadow.last_move_hidden(),
            "{m}"
        );
        if shadow.last_move_hidden() {
            assert_eq!(
                (&last["text"], &other["text"]),
                (&Value::Null, &Value::Null),
                "{m}"
            );
            let pos = s.ok(json!({"request": "position", "game": game, "seat": theirs}));
            assert_eq!(pos["hidden_move"], true);
        } else {
            assert_eq!(last["text"], json!(m));
        }
        for (seat, side) in seats.iter().zip([Color::White, Color::Black]) {
            let pos = s.ok(json!({"request": "position", "game": game, "seat": seat}));
            assert_eq!(
                pos["fen"],
                json!(shadow.view(side).fen),
                "{side:?} after {m}"
            );
        }
    }
    let white_view = s.ok(json!({"request": "position", "game": game, "seat": seats[0]}));
    let black_view = s.ok(json!({"request": "position", "game": game, "seat": seats[1]}));
    assert!(white_view["fen"].as_str().unwrap().contains("*M"));
    assert!(!white_view["fen"].as_str().unwrap().contains("*m"));
    assert!(!black_view["fen"].as_str().unwrap().contains("*M"));
    // White's cruiser cannot cross Black's unseen mine: refused without telling why.
    assert_eq!(
        s.fails(json!({"request": "play", "game": game, "seat": seats[0], "move": "c4f4"})),
        "not_possible"
    );
    // The engine plays Black from Black's view; White is told only what it may see.
    s.ok(json!({"request": "play", "game": game, "seat": seats[0], "move": "g1h1"}));
    shadow.play("g1h1").unwrap();
    let engine = s.ok(
        json!({"request": "engine_move", "game": game, "seat": seats[0], "limits": {"nodes": 500}}),
    );
    let record = s.ok(json!({"request": "record", "game": game, "seat": seats[1]}));
    let text = record["moves"].as_array().unwrap().last().unwrap()["text"].clone();
    shadow.play(text.as_str().unwrap()).unwrap();
    if shadow.last_move_hidden() {
        assert_eq!(engine["move"]["text"], Value::Null);
        assert_eq!(engine.get("score_cp"), None);
    } else {
        assert_eq!(engine["move"]["text"], text);
    }
    let pos = s.ok(json!({"request": "position", "game": game, "seat": seats[0]}));
    assert_eq!(pos["fen"], json!(shadow.view(Color::White).fen));
}

#[test]
fn bad_input_gets_an_error_and_the_server_keeps_serving() {
    let mut s = Server::start(&[]);
    let game = s.ok(json!({"request": "new_game", "variant": "chess"}))["game"].clone();
    let before = s.ok(json!({"request": "position", "game": game}));
    let (_, r) = s.send_line("{not json");
    assert_eq!(
        (r["id"].clone(), r["error"]["code"].clone()),
        (Value::Null, json!("malformed_json"))
    );
    let (_, r) = s.send_line("[1, 2]");
    assert_eq!(r["error"]["code"], "bad_request");
    let (_, r) = s.send_line(r#"{"id": "x", "request": "teleport"}"#);
    assert_eq!(
        (r["id"].clone(), r["error"]["code"].clone()),
        (json!("x"), json!("bad_request"))
    );
    assert!(r["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("unknown request `teleport`"));
    let (_, r) = s.send_line(r#"{"id": 9, "request": "play", "game": "g1"}"#);
    assert_eq!(
        (r["id"].clone(), r["error"]["code"].clone()),
        (json!(9), json!("bad_request"))
    );
    // A line over the limit is skipped, costing no more memory than the limit.
    let huge = format!(
        r#"{{"request": "play", "game": "g1", "move": "{}"}}"#,
        "a".repeat(3 << 20)
    );
    let (_, r) = s.send_line(&huge);
    assert_eq!(r["error"]["code"], "too_long");
    let deep = "[".repeat(100_000);
    let (_, r) = s.send_line(&deep);
    assert_eq!(r["error"]["code"], "malformed_json");
    assert_eq!(
        s.fails(json!({"request": "moves", "game": "g99"})),
        "unknown_game"
    );
    assert_eq!(
        s.fails(json!({"request": "undo", "game": "g1", "seat": "nope"})),
        "bad_seat"
    );
    let g2 = s.ok(json!({"request": "new_game", "variant": "chess"}))["game"].clone();
    assert_eq!(
        s.fails(json!({"request": "undo", "game": g2})),
        "nothing_to_undo"
    );
    // The first game is untouched.
    assert_eq!(s.ok(json!({"request": "position", "game": game})), before);
}

/// The Python example client plays a random game of PiRaTeKnIcS to its end through the
/// server (python3 is part of the project's CI image; no package beyond the standard
/// library).
#[test]
fn the_python_example_client_plays_a_game_to_the_end() {
    let stdout = crate::support::cli::run_ok(
        "python3",
        &[
            "examples/serve_client.py",
            "--variant",
            "pirateknics",
            "--seed",
            "1",
            "--fairy",
            env!("CARGO_BIN_EXE_fairy"),
        ],
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[1], "PiRaTeKnIcS: 44 cells, pieces PNBRQK");
    // The final position read back by the library is over, with the client's result.
    let fen = lines[2].split_once("final position: ").unwrap().1;
    let game = Game::from_fen(Variant::bundled("pirateknics").unwrap(), fen).unwrap();
    let outcome = game.outcome().expect("the game ended");
    assert_eq!(lines[3], format!("result: {outcome}"));
}

mod any_line {
    use fairy_rules::protocol::Server;
    use proptest::prelude::*;
    use serde_json::Value;

    const VALID: [&str; 8] = [
        r#"{"id":1,"request":"play","game":"g1","move":"e2e4"}"#,
        r#"{"id":2,"request":"moves","game":"g1"}"#,
        r#"{"id":3,"request":"undo","game":"g1"}"#,
        r#"{"id":4,"request":"new_game","variant":"chess","fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}"#,
        r#"{"id":5,"request":"load_variant","yaml":"name: X\nboard: 2x2\n"}"#,
        r#"{"id":6,"request":"engine_move","game":"g1","limits":{"depth":1}}"#,
        r#"{"id":7,"request":"record","game":"g1","seat":"x"}"#,
        r#"{"id":8,"request":"position","game":"g1"}"#,
    ];

    /// A valid request with a few characters replaced, inserted or removed.
    fn mutated() -> impl Strategy<Value = String> {
        (
            0..VALID.len(),
            prop::collection::vec((any::<usize>(), any::<char>(), 0..3u8), 1..4),
        )
            .prop_map(|(i, edits)| {
                let mut chars: Vec<char> = VALID[i].chars().collect();
                for (at, c, op) in edits {
                    let at = at % (chars.len() + 1);
                    match op {
                        0 => chars.insert(at, c),
                        1 if at < chars.len() => chars[at] = c,
                        _ if at < chars.len() => {
                            chars.remove(at);
                        }
                        _ => {}
                    }
                }
                chars.into_iter().filter(|&c| c != '\n').collect()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        /// Any line gets exactly one response (after any events), all of it JSON, and a
        /// failed request leaves the game as it was.
        #[test]
        fn any_line_gets_one_response(line in prop_oneof![mutated(), "[^\n]{0,80}"]) {
            let mut server = Server::new();
            server.handle_line(r#"{"request":"new_game","variant":"chess"}"#);
            let position = r#"{"request":"position","game":"g1"}"#;
            let before = server.handle_line(position);
            let replies = server.handle_line(&line);
            let values: Vec<Value> = replies.iter().map(|r| serde_json::from_str(r).unwrap()).collect();
            let (response, events) = values.split_last().unwrap();
            prop_assert!(response.get("ok").is_some(), "{}", replies.join("\n"));
            prop_assert!(events.iter().all(|e| e.get("event").is_some()));
            if response["ok"] == false {
                prop_assert_eq!(server.handle_line(position), before);
            }
        }
    }
}

/// A client's definition may extend a bundled one, and no file: the server reads nothing from
/// its disk for a client.
#[test]
fn a_client_definition_extends_only_bundled_ones() {
    let mut s = Server::start(&[]);
    let hill = "extends: variants/chess.yaml\nname: Hill\nregions:\n  hill: d4-e5\nend:\n  flags:\n    - piece: K\n      zone: hill\n";
    let loaded = s.ok(json!({"request": "load_variant", "yaml": hill}));
    assert_eq!(loaded["name"], "Hill");
    let outside = "extends: /etc/hostname\nname: Outside\n";
    let (_, r) = s.call(json!({"request": "load_variant", "yaml": outside}));
    assert_eq!(r["error"]["code"], "definition");
    let d = &r["error"]["diagnostics"][0];
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(1), Some(10))
    );
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("not a bundled definition"),
        "{d}"
    );
}

#[test]
fn the_playground_requests_are_served_on_standard_input_too() {
    let mut s = Server::start(&[]);
    let checked = s.ok(json!({"request": "check_variant", "name": "mine.yaml",
        "yaml": "name: T\nboard: 4x4\n"}));
    assert_eq!(checked["valid"], false);
    assert_eq!(checked["diagnostics"][0]["file"], "mine.yaml");
    let diagram = s.ok(json!({"request": "diagram", "variant": "falcon-chess", "piece": "F"}));
    assert_eq!(diagram["cell"], "e4");
    assert!(diagram["svg"].as_str().unwrap().starts_with("<?xml"));
    assert_eq!(
        s.fails(json!({"request": "diagram", "variant": "chess", "piece": "F"})),
        "bad_request"
    );
    let game = s.ok(json!({"request": "new_game", "variant": "king-of-the-hill"}));
    let picture = s.ok(json!({"request": "picture", "game": game["game"],
        "regions": ["hill"]}));
    assert_eq!(picture["goals"], json!(["d4", "e4", "d5", "e5"]));
    assert_eq!(picture["region_cells"], picture["goals"]);
    assert_eq!(picture["cells"].as_array().unwrap().len(), 64);
    let svg = picture["svg"].as_str().unwrap();
    assert_eq!(svg.matches("class=\"region\"").count(), 4);
    assert_eq!(svg.matches("class=\"piece ").count(), 32);
}

/// Issue 30: Black's mine on e7 and its submarine submerged on i9 are hidden from White's
/// seat. Through White's moves and the engine's replies for Black, nothing White's seat
/// receives (responses, events, pictures, records) shows them.
#[test]
fn a_seat_never_receives_the_opponents_hidden_parts() {
    let mut s = Server::start(&[]);
    let fen = "csdakd1t/bbbbbbbb/12/8{_s}3/12/4{*m}7/12/12/12/12/BBBBBBBB/CSDAKDST w KQkq - 0 1 \
               _i9.submerged=2";
    let g = s.ok(json!({"request": "new_game", "variant": "seachess", "fen": fen}));
    let game = g["game"].clone();
    let (white, black) = (g["seats"]["white"].clone(), g["seats"]["black"].clone());
    let mut seen = Vec::new();
    for m in ["e2e3", "d2d3", "c2c3"] {
        let (events, played) =
            s.call(json!({"request": "play", "game": game, "seat": white, "move": m}));
        assert_eq!(played["ok"], true, "{played}");
        seen.push(played.to_string());
        seen.extend(events.iter().map(Value::to_string));
        // Black's reply is the engine's, asked for by Black's seat.
        let limits = json!({"nodes": 2000});
        s.ok(json!({"request": "engine_move", "game": game, "seat": black, "limits": limits}));
        for request in ["position", "moves", "record", "picture"] {
            let answer = s.ok(json!({"request": request, "game": game, "seat": white}));
            seen.push(answer.to_string());
        }
    }
    for text in &seen {
        // FEN writes them `{*m}` and `{_s}` with the state `_i9.submerged=2`; a picture
        // draws them as a `marker` and a `submerged` group.
        for hidden in ["*m", "_s", "_i9", "class=\\\"marker", "class=\\\"submerged"] {
            assert!(!text.contains(hidden), "`{hidden}` in {text}");
        }
    }
    // The record names White's moves in the notation, from what White saw.
    let record = s.ok(json!({"request": "record", "game": game, "seat": white}));
    assert_eq!(record["moves"][0]["san"], "Be2 - e3");
    assert_eq!(record["moves"][0]["number"], 1);
    assert!(!record["start_fen"].as_str().unwrap().contains('{'));
}
