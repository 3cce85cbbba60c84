//! `fairy web` over HTTP, as the page and a stranger's script reach it: the page and its
//! files, the protocol through `POST /api`, and bad input of every kind answered with an
//! error while the server goes on.

use fairy_rules::Variant;
use serde_json::json;

use crate::support::web_server::WebServer;

#[test]
fn the_page_and_its_files_are_served() {
    let s = WebServer::start(&[]);
    let (status, page) = s.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<title>fairy-rules playground</title>"));
    for (path, start) in [
        ("/app.js", "// The playground"),
        ("/board.js", "// Drawing helpers"),
        ("/editor.js", "// The definition editor"),
        ("/palette.js", "// The piece palette"),
        ("/game.js", "// The game"),
        ("/style.css", "body {"),
    ] {
        assert!(
            page.contains(&format!("\"{path}\"")),
            "the page does not load {path}"
        );
        let (status, body) = s.request("GET", path, b"");
        assert_eq!(status, 200, "{path}");
        assert!(body.starts_with(start), "{path}: {body:.40}");
    }
    assert_eq!(page.matches("<script src=").count(), 5);
    // Nothing on the page comes from elsewhere.
    assert!(!page.contains("http://") && !page.contains("https://"));
    assert_eq!(s.request("GET", "/nope", b"").0, 404);
    assert_eq!(s.request("GET", "/api", b"").0, 405);
}

#[test]
fn every_bundled_variant_starts_a_game() {
    let s = WebServer::start(&[]);
    for name in Variant::bundled_names() {
        let info = s.ok(json!({"request": "load_variant", "name": name}));
        assert_eq!(info["yaml"].as_str(), Variant::bundled_yaml(name), "{name}");
        let game = s.ok(json!({"request": "new_game", "variant": name}));
        let id = game["game"].as_str().unwrap();
        let seat = match game["hidden_information"].as_bool().unwrap() {
            true => game["seats"]["white"].clone(),
            false => serde_json::Value::Null,
        };
        let picture = s.ok(json!({"request": "picture", "game": id, "seat": seat}));
        let cells = info["cells"].as_array().unwrap().len();
        assert_eq!(picture["cells"].as_array().unwrap().len(), cells, "{name}");
        s.ok(json!({"request": "close_game", "game": id}));
    }
}

#[test]
fn bad_input_gets_an_error_and_the_server_goes_on() {
    let mut s = WebServer::start(&[]);
    let code = |body: &[u8]| {
        let (status, reply) = s.request("POST", "/api", body);
        assert_eq!(status, 200, "{reply}");
        let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(reply["response"]["ok"], false);
        reply["response"]["error"]["code"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(code(b"{not json"), "malformed_json");
    assert_eq!(code(b""), "malformed_json");
    assert_eq!(code(&[0xff, 0xfe, b'{', b'}']), "malformed_json");
    assert_eq!(code(b"[1,2]"), "bad_request");
    assert_eq!(code(br#"{"request":"launch_rockets"}"#), "bad_request");
    assert_eq!(
        code(br#"{"request":"play","game":"g9","move":"e2e4"}"#),
        "unknown_game"
    );
    assert_eq!(
        code(br#"{"request":"diagram","variant":"chess","piece":"Z"}"#),
        "bad_request"
    );
    assert_eq!(
        code(br#"{"request":"diagram","variant":"chess","piece":"N","cell":"z9"}"#),
        "bad_request"
    );
    assert_eq!(
        code(br#"{"request":"picture","game":"g1"}"#),
        "unknown_game"
    );
    // A body over the limit is refused whole.
    let big = vec![b' '; fairy_rules::web::MAX_BODY + 1];
    let (status, reply) = s.request("POST", "/api", &big);
    assert_eq!(status, 413);
    assert!(reply.contains(r#""code":"too_long""#), "{reply}");
    // Garbage that is not HTTP at all.
    s.raw(b"\x00\x01\x02 garbage\r\n\r\n");
    s.raw(b"POST /api HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n{}");
    s.raw(b"POST /api HTTP/1.1\r\nContent-Length: 10\r\n\r\n{");
    assert!(s.alive());
    let hello = s.ok(json!({"request": "hello"}));
    assert_eq!(hello["protocol"], 1);
}

#[test]
fn a_game_through_the_api() {
    let s = WebServer::start(&[]);
    let game = s.ok(json!({"request": "new_game", "variant": "chess"}));
    let moves = s.ok(json!({"request": "moves", "game": "g1"}));
    let from_e2: Vec<&str> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "e2")
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(from_e2, ["e3", "e4"]);
    assert_eq!(game["game"], "g1");
    let (_, refused) = s.api(&json!({"request": "play", "game": "g1", "move": "e2e5"}));
    assert_eq!(refused["error"]["code"], "illegal_move");
    let played = s.ok(json!({"request": "play", "game": "g1", "move": "e2e4"}));
    assert_eq!(played["move"]["text"], "e2e4");
    let reply =
        s.ok(json!({"request": "engine_move", "game": "g1", "limits": {"movetime_ms": 50}}));
    assert_eq!(reply["side"], "black");
    let record = s.ok(json!({"request": "record", "game": "g1"}));
    assert_eq!(record["moves"].as_array().unwrap().len(), 2);
    let picture = s.ok(json!({"request": "picture", "game": "g1"}));
    let svg = picture["svg"].as_str().unwrap();
    assert_eq!(svg.matches("class=\"piece white\"").count(), 16);
    let e4 = picture["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["cell"] == "e4")
        .unwrap();
    assert_eq!(
        (e4["x"].as_f64(), e4["y"].as_f64()),
        (Some(256.0), Some(236.0))
    );
}

#[test]
fn chance_events_come_with_the_move() {
    let s = WebServer::start(&[]);
    s.ok(json!({"request": "new_game", "variant": "bermuda", "seed": 1}));
    let (events, response) = s.api(&json!({"request": "play", "game": "g1", "move": "d2d4@e5"}));
    assert_eq!(response["ok"], true, "{response}");
    assert_eq!(
        events,
        [json!({"event": "chance", "game": "g1", "ply": 1, "cell": "e5"})]
    );
    let picture = s.ok(json!({"request": "picture", "game": "g1"}));
    assert!(picture["chance_cells"]
        .as_array()
        .unwrap()
        .contains(&json!("e5")));
}

/// Seachess with a submarine under water and a mine of White's, and a mine of Black's.
const SEA: &str =
    "4k3/8/12/12/12/4{c_S}7/2{*m}9/3b8/7{C*M}4/12/8/4K3 w - - 0 1 _e7.submerged=1,h4.mine=0";

#[test]
fn a_hidden_game_is_drawn_for_one_seat_only() {
    let s = WebServer::start(&[]);
    let game = s.ok(json!({"request": "new_game", "variant": "seachess", "fen": SEA}));
    let (white, black) = (&game["seats"]["white"], &game["seats"]["black"]);
    let (_, refused) = s.api(&json!({"request": "picture", "game": "g1"}));
    assert_eq!(refused["error"]["code"], "seat_required");
    let layers = |seat: &serde_json::Value| {
        let picture = s.ok(json!({"request": "picture", "game": "g1", "seat": seat}));
        let svg = picture["svg"].as_str().unwrap().to_string();
        (
            svg.matches("class=\"submerged\"").count(),
            svg.matches("class=\"marker\"").count(),
            svg.contains(">M</text>"),
            svg.contains(">m</text>"),
        )
    };
    assert_eq!(layers(white), (1, 1, true, false));
    assert_eq!(layers(black), (0, 1, false, true));
    // Black's position, moves and record name neither White's mine (`{C*M}`) nor its
    // submarine (`{c_S}` with `_e7.submerged=1` in the game's FEN)...
    let told_black = |hidden: &[&str]| {
        for request in ["position", "moves", "record"] {
            let answer = s
                .ok(json!({"request": request, "game": "g1", "seat": black}))
                .to_string();
            for hidden in hidden {
                assert!(
                    !answer.contains(hidden),
                    "{request}: `{hidden}` in {answer}"
                );
            }
        }
    };
    told_black(&["*M", "_S", "_e7"]);
    // ...until the submarine surfaces to capture, a move all see. The engine plays White
    // (a node limit, not a time, so that it finds the capture on any machine); the page
    // of Black's player asks with Black's seat and is told only what Black sees.
    let played = s.ok(
        json!({"request": "engine_move", "game": "g1", "seat": black,
        "limits": {"nodes": 20000}}),
    );
    assert_eq!(played["side"], "white");
    assert_eq!(played["move"]["text"], "_e7e7", "{played}");
    assert_eq!(layers(black), (0, 1, false, true));
    told_black(&["*M"]);
    let regions = s.ok(json!({"request": "picture", "game": "g1", "seat": black,
        "regions": ["haven"]}));
    assert_eq!(regions["region_cells"].as_array().unwrap().len(), 32);
    let (_, refused) = s.api(&json!({"request": "picture", "game": "g1", "seat": black,
        "regions": ["nowhere"]}));
    assert_eq!(refused["error"]["code"], "bad_request");
}

#[test]
fn definitions_are_checked_and_pieces_diagrammed() {
    let s = WebServer::start(&[]);
    let checked = s.ok(json!({"request": "check_variant",
        "yaml": "name: T\nboard: 4x4\npieces:\n  king:\n    letter: K\n    moves: K#\n    royal: true\nsetup: k3/4/4/3K\n"}));
    assert_eq!(checked["valid"], false);
    let first = &checked["diagnostics"][0];
    assert_eq!(
        (&first["file"], &first["line"], &first["column"]),
        (&json!("definition.yaml"), &json!(6), &json!(13))
    );
    let chess = Variant::bundled_yaml("chess").unwrap();
    let checked = s.ok(json!({"request": "check_variant", "yaml": chess}));
    assert_eq!(
        checked,
        json!({"kind": "checked", "valid": true, "diagnostics": []})
    );
    // Nothing was loaded.
    let variants = s.ok(json!({"request": "variants"}));
    assert_eq!(
        variants["variants"].as_array().unwrap().len(),
        Variant::bundled_names().count() + Variant::suite_names().count()
    );
    let knight = s.ok(json!({"request": "diagram", "variant": "chess", "piece": "N"}));
    assert_eq!(knight["cell"], "d4");
    assert_eq!(
        knight["moves"],
        json!(["c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"])
    );
    assert_eq!(knight["moves"], knight["captures"]);
    assert_eq!(knight["cells"].as_array().unwrap().len(), 64);
    let pawn = s.ok(json!({"request": "diagram", "variant": "chess", "piece": "p", "cell": "e7"}));
    assert_eq!(pawn["moves"], json!(["e5", "e6"]));
    assert_eq!(pawn["captures"], json!(["d6", "f6"]));
    assert!(pawn["title"].as_str().unwrap().contains("black pawn"));
}

#[test]
fn definition_files_given_are_offered() {
    let s = WebServer::start(&["tests/fixtures/serve/tiny.yaml"]);
    let variants = s.ok(json!({"request": "variants"}));
    let tiny = json!({"id": "tiny", "bundled": false});
    assert!(variants["variants"].as_array().unwrap().contains(&tiny));
    let info = s.ok(json!({"request": "load_variant", "name": "tiny"}));
    assert_eq!((&info["name"], info.get("yaml")), (&json!("Tiny"), None));
    s.ok(json!({"request": "new_game", "variant": "tiny"}));
}

#[test]
fn a_port_in_use_is_an_error() {
    let s = WebServer::start(&[]);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(["web", "--port", &s.port.to_string()])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("cannot listen on 127.0.0.1:{}", s.port)),
        "{stderr}"
    );
}

#[test]
fn pages_of_other_hosts_are_refused() {
    let s = WebServer::start(&[]);
    let ask = |host: &str| {
        let request = format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        let reply = String::from_utf8_lossy(&s.send(request.as_bytes())).into_owned();
        reply.split(' ').nth(1).unwrap_or("").to_string()
    };
    for host in [
        "evil.example",
        "evil.example:8080",
        "127.0.0.2",
        "localhost.evil.example",
    ] {
        assert_eq!(ask(host), "403", "{host}");
    }
    let port = s.port;
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("LOCALHOST:{port}"),
        format!("[::1]:{port}"),
        "localhost".to_string(),
    ] {
        assert_eq!(ask(&host), "200", "{host}");
    }
    // A page elsewhere posting to the playground.
    let post = |origin: &str| {
        let body = r#"{"request":"hello"}"#;
        let request = format!(
            "POST /api HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {origin}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        );
        let reply = String::from_utf8_lossy(&s.send(request.as_bytes())).into_owned();
        reply.split(' ').nth(1).unwrap_or("").to_string()
    };
    assert_eq!(post("http://evil.example"), "403");
    assert_eq!(post("null"), "403");
    assert_eq!(post(&format!("http://127.0.0.1:{port}")), "200");
}
