//! `fairy xboard` driven over CECP by the test as a GUI would, and XBoard itself (Debian's
//! xboard under Xvfb) playing five full games with `fairy xboard` as both engines.

use std::process::Command;
use std::time::Duration;

use crate::support::piped::Piped;

struct Engine(Piped);

impl Engine {
    fn start(files: &[&str]) -> Engine {
        let mut args = vec!["xboard"];
        args.extend_from_slice(files);
        Engine(Piped::start(env!("CARGO_BIN_EXE_fairy"), &args))
    }

    fn send(&mut self, line: &str) {
        self.0.send(line);
    }

    /// The lines up to the `pong` of a `ping`.
    fn until_pong(&mut self) -> Vec<String> {
        self.send("ping 9");
        let mut got = Vec::new();
        loop {
            let line = self.0.line(Duration::from_secs(60)).expect("an answer");
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

#[test]
fn the_handshake_offers_every_variant_xboard_can_show() {
    let mut e = Engine::start(&["tests/fixtures/xboard/mini-camel.yaml"]);
    let got = e.ask(&["xboard", "protover 2"]);
    assert_eq!(got[0], "feature done=0");
    let prefix = format!(
        "feature myname=\"fairy-rules {}\" variants=\"",
        env!("CARGO_PKG_VERSION")
    );
    let names: Vec<&str> = got[1]
        .strip_prefix(&prefix)
        .and_then(|l| l.strip_suffix('"'))
        .unwrap_or_else(|| panic!("{}", got[1]))
        .split(',')
        .collect();
    // The bundled variants first, then variants/fsf by file name, then the files given.
    assert_eq!(
        names[..6],
        [
            "capablanca",
            "normal",
            "chu",
            "falcon",
            "KingOfTheHill",
            "3check"
        ]
    );
    assert_eq!(names.last(), Some(&"MiniCamel"));
    // XBoard's own variants under XBoard's names; engine-defined ones under their own, a
    // file whose name XBoard would misread under its `xboard:` name.
    for name in [
        "normal",
        "capablanca",
        "falcon",
        "shatranj",
        "makruk",
        "asean",
        "CourierChess",
        "xiangqi",
        "shogi",
        "crazyhouse",
        "atomic",
        "3check",
        "knightmate",
        "berolina",
        "janus",
        "grand",
        "seirawan",
        "spartan",
        "losers",
        "giveaway",
        "Cambodian",
        "Antichess",
        "Minishogi",
        "AtomFischer",
        "ExtinctionFischer",
        "SeirawanFischer",
        "NoCheckAtom",
        "chu",
    ] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "a name offered twice: {names:?}");
    assert!(got[2].contains("setboard=1 usermove=1 ping=1 san=0"));
    assert_eq!(got[3], "feature option=\"Contempt -spin 0 -100 100\"");
    // The variants left out are explained, in lines XBoard ignores.
    assert_eq!(
        got[4..],
        [
            "# not offered: bermuda: The Bermuda Chess Angle: XBoard cannot show its chance events",
            "# not offered: flying-dutchman: Flying Dutchman: XBoard cannot show a captured piece returning to the board",
            "# not offered: glinski: Gliński's hexagonal chess: XBoard cannot show its hexagonal board",
            "# not offered: mccooey: McCooey's hexagonal chess: XBoard cannot show its hexagonal board",
            "# not offered: pirateknics: PiRaTeKnIcS: XBoard cannot show its containers and crews",
            "# not offered: seachess: Seachess: XBoard cannot show its hidden pieces",
            "# not offered: janggi: Janggi: more than two piece types move in ways XBoard cannot be told",
            "# not offered: manchu: Manchu: more than two piece types move in ways XBoard cannot be told",
            "# not offered: shoshogi: Sho Shogi: more than two piece types move in ways XBoard cannot be told",
            "feature done=1",
        ]
    );
}

/// Two definitions under one name: the first is offered, the second explained.
#[test]
fn a_name_is_offered_once() {
    let mut e = Engine::start(&["variants/chess.yaml"]);
    let got = e.ask(&["xboard", "protover 2"]);
    assert_eq!(
        got[got.len() - 2],
        "# not offered: chess: Chess: the name normal is offered for Chess already"
    );
    assert_eq!(
        e.ask(&["variant chess"]),
        [
            "tellusererror Chess: the name normal is offered for Chess already",
            "Error (variant not playable): chess"
        ]
    );
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
    // Falcon Chess is XBoard's `falcon`: nothing to describe, but a person is told at the
    // first move that XBoard cannot judge its mates and castles only as it knows how.
    assert!(e.ask(&["new", "variant falcon"]).is_empty());
    assert_eq!(
        e.ask(&["force", "usermove e2e4"]),
        ["telluser XBoard cannot judge a mate in falcon (its falcon may go anywhere): play it with legality testing off; XBoard's falcon castles only with the king landing on the second file from an edge: Falcon Chess's other castlings cannot be played"]
    );
    // Not to another engine.
    e.ask(&["new", "variant falcon"]);
    assert!(e.ask(&["computer", "force", "usermove e2e4"]).is_empty());
    // An engine-defined variant that XBoard cannot referee.
    let hill = e.ask(&["new", "variant KingOfTheHill"]);
    assert_eq!(hill[0], "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        e.ask(&["force", "usermove e2e4"]),
        ["telluser XBoard cannot referee King of the Hill's wins by reaching a goal: play it with legality testing off"]
    );
    // XBoard's own variants need no description.
    assert!(e.ask(&["new", "variant capablanca"]).is_empty());
    // Chu Shogi is XBoard's `chu`, which forbids leaving the king attacked.
    assert!(e.ask(&["new", "variant chu"]).is_empty());
    assert_eq!(
        e.ask(&["force", "usermove e4e5"]),
        ["telluser XBoard's chu refuses a move that leaves the king attacked, which Chu Shogi allows (the king is then captured): play it with legality testing off"]
    );
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
        (
            "janggi",
            "Janggi: more than two piece types move in ways XBoard cannot be told",
        ),
        // Asked for by the camel-case name XBoard would give it.
        (
            "FlyingDutchman",
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

/// A repetition is claimed only once XBoard counts it too. XBoard leaves out the position
/// after a pawn's long first move where en passant may follow (Mini Camel has none), so the
/// position after a2a4, seen a third time at ply 9, is not claimed; the one after Black's
/// reply, seen a third time at ply 10, is. Taking a move back and playing it again claims
/// it again.
#[test]
fn a_repetition_is_claimed_once_xboard_counts_it() {
    let mut e = Engine::start(&["tests/fixtures/xboard/mini-camel.yaml"]);
    e.ask(&["xboard", "protover 2", "new", "variant MiniCamel", "force"]);
    let shuffle = ["e6f3", "b1c4", "f3e6", "c4b1"];
    assert!(e.ask(&["usermove a2a4"]).is_empty());
    for m in shuffle.iter().chain(&shuffle) {
        assert!(e.ask(&[&format!("usermove {m}")]).is_empty(), "{m}");
    }
    assert_eq!(e.ask(&["usermove e6f3"]), ["1/2-1/2 {Draw by repetition}"]);
    assert_eq!(
        e.ask(&["usermove b1c4"]),
        ["Illegal move (the game is over: 1/2-1/2 (repetition)): b1c4"]
    );
    assert!(e.ask(&["undo"]).is_empty());
    assert_eq!(e.ask(&["usermove e6f3"]), ["1/2-1/2 {Draw by repetition}"]);
}

/// XBoard plays a full game in each of seven variants (a 12-rank one and Chu Shogi among
/// them) with `fairy xboard` as both engines, and one each of Falcon Chess (XBoard's
/// `falcon`) and courier (XBoard's `courier`) against Fairy-Max; the script checks each saved
/// PGN. In a tenth, Black plays a move our engine refuses: the script stops it and judges the
/// move against our rules.
#[test]
fn xboard_plays_nine_games_to_the_end_and_stops_a_tenth_at_a_refused_move() {
    let stdout = crate::support::cli::run_ok(
        "tests/xboard/play-games.sh",
        &[
            env!("CARGO_BIN_EXE_fairy"),
            concat!(env!("CARGO_TARGET_TMPDIR"), "/xboard-games"),
        ],
    );
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("ok ")).count(),
        10,
        "{stdout}"
    );
    assert!(
        stdout.lines().any(|l| l.starts_with(
            "ok   refused: disputed, Black's b8b6 refused as illegal at rnbqkbnr/pppppppp/8/8/"
        )),
        "{stdout}"
    );
}

/// XBoard numbers ranks from 1, from 0 on a board of exactly 10 ranks (its `ONE`), and past
/// 9 writes the number in two digits (its `SendMoveToProgram` on boards of more than 10
/// ranks): a 12-rank board's ranks are 1 to 12.
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
    let m = fairy_rules::cecp::parse_move(&v, &start, "a1a12").unwrap();
    assert_eq!(v.move_text(m), "a1a12");
    assert_eq!(fairy_rules::cecp::move_text(&v, m), "a1a12");
    assert!(fairy_rules::cecp::parse_move(&v, &start, "a1a13").is_err());
    assert!(fairy_rules::cecp::parse_move(&v, &start, "a1a<").is_err());
    assert!(fairy_rules::cecp::parse_move(&v, &start, "é1a3").is_err());
    let m = fairy_rules::cecp::parse_move(&v, &start, "a1a3").unwrap();
    assert_eq!(v.move_text(m), "a1a3");
    // Ten ranks: from 0.
    let ten = yaml.replace("3x12", "3x10").replace("2k/3/3/", "2k/");
    let v = fairy_rules::Variant::from_yaml("ten.yaml", &ten).unwrap();
    let start = v.start_position();
    let m = fairy_rules::cecp::parse_move(&v, &start, "a0a9").unwrap();
    assert_eq!(v.move_text(m), "a1a10");
    assert_eq!(fairy_rules::cecp::move_text(&v, m), "a0a9");
    assert!(fairy_rules::cecp::parse_move(&v, &start, "a1a9").is_err());
}

/// Each piece takes XBoard's image slot that fits it, whatever the definition's order: the
/// one its `image:` names, the pawn's for a piece that only moves forward, the king's for
/// the royal piece; a camel, which has no XBoard image of its own, takes a free slot and is
/// told its moves with `piece`.
#[test]
fn pieces_take_the_xboard_images_that_fit_them() {
    let yaml = "name: Gnus\nboard: 6x6\npieces:\n  camel:\n    letter: C\n    moves: C\n  gnu:\n    letter: G\n    moves: NC\n  pawn:\n    letter: P\n    moves: fmWfcF\n  horse:\n    letter: H\n    image: knight\n    moves: N\n  tower:\n    letter: T\n    image: rook\n    moves: R\n  king:\n    letter: K\n    moves: K\n    royal: true\nsetup: tcgkht/pppppp/6/6/PPPPPP/TCGKHT\n";
    let v = fairy_rules::Variant::from_yaml("gnus.yaml", yaml).unwrap();
    let described = fairy_rules::cecp::describe(&v, "gnus").unwrap();
    assert_eq!(
        described.commands,
        [
            "setup (PH.T.........CG......Kph.t.........cg......k) 6x6+0_fairy tcgkht/pppppp/6/6/PPPPPP/TCGKHT w - - 0 1",
            "piece C& C",
            "piece G& NC",
            "piece P& fmWfcF",
            "piece H& N",
            "piece T& R",
        ]
    );
}

/// With `post`, each finished iteration is a thinking line, `ply score time nodes pv`, in
/// XBoard's move text; `nopost` stops them.
#[test]
fn post_sends_thinking_lines() {
    let mut e = Engine::start(&[]);
    e.ask(&[
        "xboard",
        "protover 2",
        "new",
        "force",
        "usermove e2e4",
        "sd 3",
    ]);
    let got = e.ask(&["post", "go"]);
    assert_eq!(got.len(), 4, "{got:?}");
    let played = got[3].strip_prefix("move ").expect("a move");
    for (i, line) in got[..3].iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], (i + 1).to_string(), "{line}");
        assert!(words[1].parse::<i32>().is_ok(), "{line}");
        assert!(words[2].parse::<u64>().is_ok(), "{line}");
        assert!(words[3].parse::<u64>().unwrap() > 0, "{line}");
        assert!(words.len() > 4, "{line}");
        assert!(words[4..].iter().all(|m| m.len() == 4), "{line}");
    }
    assert_eq!(got[2].split(' ').nth(4), Some(played), "{got:?}");
    let got = e.ask(&["nopost", "force", "new", "force", "usermove d2d4", "go"]);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with("move "), "{got:?}");
}

/// `option Contempt=N` makes a draw cost the engine N centipawns: here every move draws by
/// the fifty-move rule, so the score is the contempt's negation.
#[test]
fn the_contempt_option_scores_a_draw_below_zero() {
    let mut e = Engine::start(&[]);
    e.ask(&["xboard", "protover 2", "new", "force"]);
    assert_eq!(
        e.ask(&["option Contempt=101", "option Hash=1"]),
        [
            "Error (Contempt is from -100 to 100 centipawns): option Contempt=101",
            "Error (no such option): option Hash=1",
        ]
    );
    let score = |e: &mut Engine, contempt: &str| {
        let got = e.ask(&[
            contempt,
            "force",
            "setboard 4k3/8/8/8/8/8/8/R3K3 w - - 99 80",
            "sd 2",
            "post",
            "go",
        ]);
        let last = got
            .iter()
            .rev()
            .find(|l| l.starts_with("2 "))
            .expect("depth 2");
        last.split(' ').nth(1).map(str::to_string)
    };
    assert_eq!(score(&mut e, "option Contempt=0").as_deref(), Some("0"));
    assert_eq!(score(&mut e, "option Contempt=25").as_deref(), Some("-25"));
}
