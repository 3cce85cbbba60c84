//! The UCI engine's command reader and position handling: any bytes, as command lines to a
//! session in progress. No line panics; a `position` that is refused (answered with `info
//! string`) leaves the position as it was, and one that is taken leaves a game whose moves
//! read back in UCI's move text.
#![no_main]

use fairy_rules::uci::{move_text, parse_move, read_command, Command, Session};
use libfuzzer_sys::fuzz_target;

/// A session with every bundled variant, made once (loading them all is slow).
fn session() -> Session {
    static FIRST: std::sync::OnceLock<Session> = std::sync::OnceLock::new();
    FIRST.get_or_init(Session::new).clone()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut s = session();
    for line in text.lines() {
        let Ok(Some(command)) = read_command(line) else {
            continue;
        };
        match &command {
            // Searching and counting are the loop's; files are not the reader's business.
            Command::Go(_) => continue,
            Command::SetOption { name, .. } if name.eq_ignore_ascii_case("variantpath") => {
                continue
            }
            _ => {}
        }
        let before = s.game().fen();
        let replies = s.handle(&command);
        if let Command::Position { .. } = command {
            if replies.is_empty() {
                let game = s.game();
                let (rules, mut pos) = (game.variant(), game.start_position().clone());
                for &m in game.moves() {
                    let text = move_text(rules, m, s.chess960());
                    assert_eq!(parse_move(rules, &pos, &text, s.chess960()), Ok(m), "{text}");
                    pos = rules.play_unchecked(&pos, m);
                }
            } else {
                assert_eq!(s.game().fen(), before, "after `{line}`");
            }
        }
    }
});
