//! The game server's request reader: any bytes, as request lines to a server with a game in
//! progress. Every line gets exactly one response, each response and event is JSON, and a
//! failed request leaves the game as it was.
#![no_main]

use fairy_rules::protocol::{read_line, Line, SearchCaps, Server, MAX_LINE};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // A search asked for in the input ends within a tenth of a second.
    let mut server = Server::with_caps(SearchCaps {
        time: std::time::Duration::from_millis(100),
        ..SearchCaps::default()
    });
    server.handle_line(r#"{"request":"new_game","variant":"chess"}"#);
    let position = || r#"{"request":"position","game":"g1"}"#;
    let mut input = data;
    loop {
        let replies = match read_line(&mut input, MAX_LINE).expect("reading a slice") {
            Line::End => break,
            Line::Text(text) => {
                let before = server.handle_line(position());
                let replies = server.handle_line(&text);
                let response: serde_json::Value =
                    serde_json::from_str(replies.last().expect("a response")).expect("JSON");
                if response["ok"] == false {
                    assert_eq!(server.handle_line(position()), before, "after `{text}`");
                }
                replies
            }
            Line::Unreadable(code) => vec![Server::unreadable(code)],
        };
        for reply in replies {
            serde_json::from_str::<serde_json::Value>(&reply).expect("JSON");
        }
    }
});
