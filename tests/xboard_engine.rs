//! `fairy xboard` driven over CECP by the test as a GUI would, and XBoard itself (Debian's
//! xboard under Xvfb) playing five full games with `fairy xboard` as both engines.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(files: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairy"))
            .arg("xboard")
            .args(files)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("fairy xboard starts");
        let output = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Engine {
            input: child.stdin.take().unwrap(),
            child,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to the `pong` of a `ping`.
    fn until_pong(&mut self) -> Vec<String> {
        self.send("ping 9");
        let mut got = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .expect("an answer");
            if line == "pong 9" {
                return got;
            }
            got.push(line);
        }
    }

    /// Sends lines and returns the answers.
    fn ask(&mut self, lines: &[&str]) -> Vec<String> {
        for l in lines {
            self.send(l);
        }
        self.until_pong()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_handshake_offers_every_variant_xboard_can_show() {
    let mut e = Engine::start(&["tests/fixtures/xboard/mini-camel.yaml"]);
    let got = e.ask(&["xboard", "protover 2"]);
    assert_eq!(got[0], "feature done=0");
    assert_eq!(
        got[1],
        format!(
            "feature myname=\"fairy-rules {}\" variants=\"capablanca,normal,FalconChess,KingOfTheHill,MiniCamel\"",
            env!("CARGO_PKG_VERSION")
        )
    );
    assert!(got[2].contains("setboard=1 usermove=1 ping=1 san=0"));
    assert_eq!(got.last().unwrap(), "feature done=1");
}

#[test]
fn a_variant_xboard_does_not_know_is_described_to_it() {
    let mut e = Engine::start(&["tests/fixtures/xboard/mini-camel.yaml"]);
    e.ask(&["xboard", "protover 2"]);
    assert_eq!(
        e.ask(&["new", "variant MiniCamel"]),
        [
            "setup (P..R.........C.......Kp..r.........c.......k) 6x6+0_fairy rck1cr/pppppp/3*2/2*3/PPPPPP/RC1KCR w - - 0 1",
            "piece P& fmWfcFifmnD",
            "piece C& C",
            "piece R& R",
        ]
    );
    // Falcon Chess: the falcon's three-path move goes to XBoard's wildcard falcon slot, and
    // XBoard is told it cannot referee free castling.
    let falcon = e.ask(&["new", "variant FalconChess"]);
    assert_eq!(falcon[0], "setup (PNBRQ............F...Kpnbrq............f...k) 10x8+0_fairy rnbfqkfbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBFQKFBNR w KQkq - 0 1");
    assert!(!falcon.iter().any(|l| l.starts_with("piece F")));
    // It is told to a person at the first move, not to another engine.
    assert_eq!(
        e.ask(&["force", "usermove e2e4"]),
        ["telluser XBoard cannot referee Falcon Chess's castling: play it with legality testing off"]
    );
    e.ask(&["new", "variant FalconChess"]);
    assert!(e.ask(&["computer", "force", "usermove e2e4"]).is_empty());
    // XBoard's own variants need no description.
    assert!(e.ask(&["new", "variant capablanca"]).is_empty());
    // Chance, hidden parts and returning pieces are refused with a reason.
    for (name, why) in [
        (
            "bermuda",
            "The Bermuda Chess Angle: XBoard cannot show its chance events",
        ),
        ("seachess", "Seachess: XBoard cannot show its hidden pieces"),
        (
            "pirateknics",
            "PiRaTeKnIcS: XBoard cannot show its containers and crews",
        ),
        (
            "flying-dutchman",
            "Flying Dutchman: XBoard cannot show a captured piece returning to the board",
        ),
    ] {
        assert_eq!(
            e.ask(&[&format!("variant {name}")]),
            [
                format!("tellusererror {why}"),
                format!("Error (variant not playable): {name}")
            ]
        );
    }
}

#[test]
fn moves_both_ways_highlights_and_take_backs() {
    let mut e = Engine::start(&["tests/fixtures/xboard/mini-camel.yaml"]);
    e.ask(&["xboard", "protover 2", "new", "variant MiniCamel", "force"]);
    // A lifted camel's targets, its two leaps; a pawn's one and two steps.
    assert_eq!(e.ask(&["lift b1"]), ["highlight 6/6/Y1Y3/6/6/6"]);
    assert_eq!(e.ask(&["lift b2"]), ["highlight 6/6/1Y4/1Y4/6/6"]);
    assert_eq!(
        e.ask(&["usermove b2b5"]),
        ["Illegal move (no legal move does that): b2b5"]
    );
    assert_eq!(
        e.ask(&["usermove zz"]),
        ["Illegal move (not a move from a square to a square): zz"]
    );
    assert!(e.ask(&["usermove b2b4"]).is_empty());
    // `go`: the engine plays Black at a depth limit and answers with a legal move.
    let reply = e.ask(&["sd 2", "go"]);
    assert_eq!(reply.len(), 1);
    let m = reply[0].strip_prefix("move ").expect("a move");
    let legal = fairy_moves_after("b2b4");
    assert!(legal.contains(&m.to_string()), "{m} not in {legal:?}");
    // Take both back: the board is the start again, where b2b4 is legal once more.
    assert!(e.ask(&["force", "remove", "usermove b2b4"]).is_empty());
    // A position from XBoard, holes written as `*`.
    assert!(e
        .ask(&["setboard 2k3/6/3*2/2*3/6/R2K2 w - - 0 1", "usermove a1a5"])
        .is_empty());
    assert_eq!(
        e.ask(&["usermove a5a6"]),
        ["Illegal move (no legal move does that): a5a6"]
    );
}

/// Black's legal moves in the fixture after White's `first`, with `fairy moves`.
fn fairy_moves_after(first: &str) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args([
            "moves",
            "tests/fixtures/xboard/mini-camel.yaml",
            "--moves",
            first,
        ])
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn a_mate_ends_the_game_with_a_result_line() {
    let mut e = Engine::start(&[]);
    e.ask(&["xboard", "protover 2", "new", "force"]);
    let got = e.ask(&[
        "usermove f2f3",
        "usermove e7e5",
        "usermove g2g4",
        "usermove d8h4",
    ]);
    assert_eq!(got, ["0-1 {Black mates}"]);
    assert_eq!(
        e.ask(&["usermove a2a3"]),
        ["Illegal move (the game is over: 0-1 (checkmate)): a2a3"]
    );
}

/// XBoard plays a full game in each of five variants with `fairy xboard` as both engines;
/// the script checks each saved PGN.
#[test]
fn xboard_plays_five_variants_to_the_end() {
    let out = Command::new("tests/xboard/play-games.sh")
        .args([
            env!("CARGO_BIN_EXE_fairy"),
            concat!(env!("CARGO_TARGET_TMPDIR"), "/xboard-games"),
        ])
        .output()
        .expect("the script runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("ok ")).count(),
        5,
        "{stdout}"
    );
}

/// On a board of more than 9 ranks XBoard numbers ranks from 0, past 9 with the characters
/// after `9`; the description and the moves follow.
#[test]
fn tall_boards_number_ranks_as_xboard_does() {
    let yaml = "name: Tall\nboard: 3x12\npieces:\n  rook:\n    letter: R\n    moves: R\n  king:\n    letter: K\n    moves: K\n    royal: true\nsetup: 2k/3/3/3/3/3/3/3/3/3/3/R1K\n";
    let v = fairy_rules::Variant::from_yaml("tall.yaml", yaml).unwrap();
    let described = fairy_rules::cecp::describe(&v, "tall").unwrap();
    assert_eq!(described.name, "Tall");
    assert_eq!(
        described.commands,
        [
            "setup (...R.................K...r.................k) 3x12+0_fairy 2k/3/3/3/3/3/3/3/3/3/3/R1K w - - 0 1",
            "piece R& R",
        ]
    );
    let start = v.start_position();
    let m = fairy_rules::cecp::parse_move(&v, &start, "a0a;").unwrap();
    assert_eq!(v.move_text(m), "a1a12");
    assert_eq!(fairy_rules::cecp::move_text(&v, m), "a0a;");
}
