//! `fairy uci` driven over UCI: a session's exact transcript, the move text of every variant
//! it shares with Debian's Fairy-Stockfish compared with Fairy-Stockfish's own (`go perft
//! 1`) along seeded random games, python-chess playing it as an independent client, and
//! `fairy match` against Fairy-Stockfish over UCI.
//!
//! The tests that need `fairy-stockfish` (Debian's package, installed by scripts/test) or
//! python-chess fail when they are missing.

use std::collections::BTreeSet;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::support::piped::Piped;

/// Debian's Fairy-Stockfish.
const FSF: &str = "/usr/games/fairy-stockfish";

/// A UCI engine as a child process, the test being its GUI.
struct Engine(Piped);

impl Engine {
    fn fairy() -> Engine {
        Engine(Piped::start(env!("CARGO_BIN_EXE_fairy"), &["uci"]))
    }

    fn fairy_stockfish() -> Engine {
        assert!(
            std::path::Path::new(FSF).exists(),
            "Fairy-Stockfish is missing: apt-get install fairy-stockfish (scripts/test does)"
        );
        Engine(Piped::start(FSF, &[]))
    }

    fn send(&mut self, line: &str) {
        self.0.send(line);
    }

    /// The lines after sending `lines`, up to and with the first that `last` accepts.
    fn until(&mut self, lines: &[&str], last: impl Fn(&str) -> bool) -> Vec<String> {
        for l in lines {
            self.send(l);
        }
        let mut got = Vec::new();
        loop {
            let line = self
                .0
                .line(Duration::from_secs(60))
                .unwrap_or_else(|| panic!("no answer after {lines:?}; so far {got:?}"));
            let done = last(&line);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    /// The lines after sending `lines`, up to `readyok` (left out).
    fn ask(&mut self, lines: &[&str]) -> Vec<String> {
        let mut all: Vec<&str> = lines.to_vec();
        all.push("isready");
        let mut got = self.until(&all, |l| l == "readyok");
        got.pop();
        got
    }

    /// The moves `go perft 1` lists in the position set, in the engine's move text.
    fn perft_moves(&mut self) -> BTreeSet<String> {
        let got = self.until(&["go perft 1"], |l| l.starts_with("Nodes searched"));
        got.iter()
            .filter(|l| !l.starts_with("Nodes searched"))
            .filter_map(|l| l.strip_suffix(": 1"))
            .map(String::from)
            .collect()
    }
}

/// The names a `UCI_Variant` option line offers.
fn combo(options: &[String]) -> Vec<String> {
    let line = options
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .expect("a UCI_Variant option");
    line.split(" var ").skip(1).map(String::from).collect()
}

#[test]
fn a_session_answers_as_uci_says() {
    let mut e = Engine::fairy();
    let hello = e.until(&["uci"], |l| l == "uciok");
    let names = combo(&hello);
    let variant_line = format!(
        "option name UCI_Variant type combo default chess var {}",
        names.join(" var ")
    );
    assert_eq!(
        hello,
        [
            "id name fairy-rules 0.1.0",
            "id author the fairy-rules developers",
            "option name Hash type spin default 16 min 1 max 4096",
            "option name Contempt type spin default 0 min -100 max 100",
            "option name UCI_Chess960 type check default false",
            variant_line.as_str(),
            "option name VariantPath type string default <empty>",
            "uciok",
        ]
    );
    // Fairy-Stockfish's names; games of chance and hidden parts left out.
    for name in [
        "chess",
        "kingofthehill",
        "crazyhouse",
        "shogi",
        "xiangqi",
        "atomic960",
    ] {
        assert!(names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    for name in ["king-of-the-hill", "bermuda", "seachess"] {
        assert!(!names.iter().any(|n| n == name), "{name} in {names:?}");
    }
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);

    assert_eq!(
        e.ask(&["ucinewgame", "position startpos moves e2e4 e7e5 g1f3"]),
        Vec::<String>::new()
    );
    let searched = e.until(&["go depth 2"], |l| l.starts_with("bestmove"));
    let (info, best) = searched.split_at(searched.len() - 1);
    assert_eq!(info.len(), 2, "{searched:?}");
    for (i, line) in info.iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(
            words[..3],
            ["info", "depth", &(i + 1).to_string()],
            "{line}"
        );
        assert_eq!(words[3], "seldepth", "{line}");
        assert_eq!(words[5], "score", "{line}");
        assert_eq!(words[6], "cp", "{line}");
        assert_eq!(
            [words[8], words[10], words[12], words[14]],
            ["nodes", "nps", "time", "pv"],
            "{line}"
        );
        assert_eq!(words.len(), 15 + i + 1, "{line}");
    }
    let words: Vec<&str> = best[0].split(' ').collect();
    assert_eq!(
        (words[0], words.len(), words[2]),
        ("bestmove", 4, "ponder"),
        "{best:?}"
    );
    // The move and the reply are legal: Black's, then White's.
    let black = e.ask(&["position startpos moves e2e4 e7e5 g1f3"]);
    assert!(black.is_empty());
    let legal = e.perft_moves();
    assert!(legal.contains(words[1]), "{} in {legal:?}", words[1]);
    let after = format!("position startpos moves e2e4 e7e5 g1f3 {}", words[1]);
    e.ask(&[&after]);
    assert!(e.perft_moves().contains(words[3]));

    // An illegal move and a malformed one: the position stays the last good one.
    assert_eq!(
        e.ask(&[
            "position startpos moves e2e4 e7e5",
            "position startpos moves e2e4 e7e5 e1e3",
            "position startpos moves e2e4 zz",
            "frobnicate now",
        ]),
        [
            "info string move 3 (e1e3): `e1e3` is not a legal move here; the position stays as it was",
            "info string move 2 (zz): `zz` is not a move in UCI's notation; the position stays as it was",
            "info string unknown command: frobnicate now",
        ]
    );
    let after_e5 = e.perft_moves();
    assert_eq!(after_e5.len(), 29);
    assert!(after_e5.contains("e1e2") && after_e5.contains("d1h5"));

    // Variants by Fairy-Stockfish's name; refused ones say why.
    assert_eq!(
        e.ask(&[
            "setoption name UCI_Variant value bermuda",
            "setoption name UCI_Variant value nosuchgame",
            "setoption name Threads value 2",
            "setoption name UCI_Variant value kingofthehill",
            "position startpos moves e2e4 a7a6 e1e2 a6a5 e2d3 a5a4 d3d4",
        ]),
        [
            "info string The Bermuda Chess Angle: UCI cannot play its chance events",
            "info string no variant `nosuchgame` here",
            "info string Threads is not an option here: the search runs on one thread",
        ]
    );
    assert_eq!(
        e.until(&["go depth 3"], |l| l.starts_with("bestmove")),
        [
            "info string the game is over: 1-0 (flag)",
            "info depth 0 score mate 0",
            "bestmove (none)",
        ]
    );
}

/// Plies of each seeded random game along which the move lists are compared.
const PLIES: usize = 80;

/// Seeds of the random games, one game per variant each.
const SEEDS: [u64; 3] = [1, 2, 3];

/// Positions beyond the start with moves of every kind: castling both ways with gating,
/// promotions, en passant, drops, ranks past 9.
const CRAFTED: [(&str, &str); 8] = [
    ("chess", "r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1"),
    ("chess", "r3k2r/1P6/8/8/3pP3/8/6p1/R3K2R b KQkq e3 0 1"),
    ("seirawan", "r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQkq - 0 1"),
    ("capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"),
    (
        "crazyhouse",
        "r3k2r/1P6/8/8/8/8/6p1/R3K2R[QNpp] w KQkq - 0 1",
    ),
    (
        "shogi",
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] w - - 0 3",
    ),
    (
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "grand",
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    ),
];

/// (variant, seed, ply, moves only `fairy` lists, moves only Fairy-Stockfish lists).
type RuleDifference = (
    &'static str,
    u64,
    usize,
    &'static [&'static str],
    &'static [&'static str],
);

/// A position of a random game where the two programs' move lists differ.
#[derive(Debug, PartialEq, Eq)]
struct Difference {
    variant: String,
    seed: u64,
    /// Plies into the game.
    ply: usize,
    /// The moves only `fairy` lists.
    ours: Vec<String>,
    /// The moves only Fairy-Stockfish lists.
    theirs: Vec<String>,
}

/// Where the lists differ because Debian's Fairy-Stockfish (11.1) plays older rules than
/// the version whose perft suite `variants/fsf/` follows: (variant, seed, ply, moves only
/// `fairy` lists, moves only Fairy-Stockfish lists). The move text agrees everywhere.
const RULE_DIFFERENCES: &[RuleDifference] = &[
    // 11.1 lets a Chigorin pawn promote to the other side's kinds too (Black's to the
    // chancellor and knight); the suite's version, to its own side's only.
    ("chigorin", 3, 71, &[], &["g2g1c", "g2g1n"]),
    // 11.1 plays Dobutsu's lion as a king that may not step into check; the suite's
    // version lets it be captured (the side that loses it loses).
    ("dobutsu", 1, 1, &["b4c3"], &[]),
    ("dobutsu", 2, 1, &["b4a3"], &[]),
    ("dobutsu", 3, 1, &["a4a3"], &[]),
];

/// The moves only the first list has.
fn only(x: &BTreeSet<String>, y: &BTreeSet<String>) -> Vec<String> {
    x.difference(y).cloned().collect()
}

/// The variants both programs offer, in `fairy`'s order.
fn shared_variants(ours: &mut Engine, fsf: &mut Engine) -> Vec<String> {
    let mine = combo(&ours.until(&["uci"], |l| l == "uciok"));
    let theirs = combo(&fsf.until(&["uci"], |l| l == "uciok"));
    mine.into_iter().filter(|n| theirs.contains(n)).collect()
}

/// Both programs' legal moves (`go perft 1`) in the position `position` sets.
fn both_lists(
    ours: &mut Engine,
    fsf: &mut Engine,
    position: &str,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let refused = ours.ask(&[position]);
    assert!(refused.is_empty(), "{position}: {refused:?}");
    fsf.ask(&[position]);
    (ours.perft_moves(), fsf.perft_moves())
}

/// Every variant both programs know: the same moves in the same text at the start, along
/// seeded random games of [`PLIES`] plies (both told the game's moves in that text, each
/// game followed to its first difference), and in the [`CRAFTED`] positions; the only
/// differences are the [`RULE_DIFFERENCES`].
#[test]
fn move_text_is_fairy_stockfish_s_along_random_games() {
    let mut ours = Engine::fairy();
    let mut fsf = Engine::fairy_stockfish();
    let shared = shared_variants(&mut ours, &mut fsf);
    assert_eq!(shared.len(), 57, "{shared:?}");
    let mut differences = Vec::new();
    let mut detail = Vec::new();
    for name in &shared {
        let set = format!("setoption name UCI_Variant value {name}");
        assert!(ours.ask(&[&set]).is_empty());
        fsf.ask(&[&set]);
        for seed in SEEDS {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut moves: Vec<String> = Vec::new();
            while moves.len() <= PLIES {
                let position = format!("position startpos moves {}", moves.join(" "));
                let (a, b) = both_lists(&mut ours, &mut fsf, &position);
                if a != b {
                    differences.push(Difference {
                        variant: name.clone(),
                        seed,
                        ply: moves.len(),
                        ours: only(&a, &b),
                        theirs: only(&b, &a),
                    });
                    detail.push(position);
                    break;
                }
                if a.is_empty() {
                    break;
                }
                let pick = rng.random_range(0..a.len());
                moves.push(a.into_iter().nth(pick).expect("in range"));
            }
        }
        for (_, fen) in CRAFTED.iter().filter(|(v, _)| v == name) {
            let position = format!("position fen {fen}");
            let (a, b) = both_lists(&mut ours, &mut fsf, &position);
            assert_eq!(a, b, "{name}: {position}");
        }
    }
    let owned = |x: &[&str]| x.iter().map(|s| s.to_string()).collect();
    let expected: Vec<Difference> = RULE_DIFFERENCES
        .iter()
        .map(|&(v, seed, ply, ours, theirs)| Difference {
            variant: v.to_string(),
            seed,
            ply,
            ours: owned(ours),
            theirs: owned(theirs),
        })
        .collect();
    assert_eq!(
        differences,
        expected,
        "the positions:\n{}",
        detail.join("\n")
    );
}

/// With `UCI_Chess960` on, castling is the king onto its rook, with gating after it, as
/// Fairy-Stockfish writes it (the king moving onto the rook's square, `e1g1`, and beside it,
/// `e1b1`; `e1h1h` gating on the king's square, `h1e1h` on the rook's).
#[test]
fn chess960_castling_is_fairy_stockfish_s() {
    let mut ours = Engine::fairy();
    let mut fsf = Engine::fairy_stockfish();
    for (variant, fen, castlings) in [
        (
            "extinction",
            "qr2k1rb/ppnpnpbp/8/8/8/8/PPNPNPBP/QR2K1RB w KQkq - 0 1",
            &["e1b1", "e1g1"][..],
        ),
        (
            "seirawan",
            "r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQkq - 0 1",
            &["e1h1", "e1h1h", "h1e1h", "e1a1e", "a1e1e"][..],
        ),
    ] {
        for e in [&mut ours, &mut fsf] {
            e.ask(&[
                "setoption name UCI_Chess960 value true",
                &format!("setoption name UCI_Variant value {variant}"),
            ]);
        }
        let (a, b) = both_lists(&mut ours, &mut fsf, &format!("position fen {fen}"));
        assert_eq!(a, b, "{variant}");
        for c in castlings {
            assert!(a.contains(*c), "{variant}: {c} in {a:?}");
        }
    }
}

/// `go infinite` searches until `stop`, answering `isready` meanwhile, and sends no
/// `bestmove` before it; a long `go movetime` ends early on `stop` too.
#[test]
fn stop_ends_an_endless_search_and_isready_is_answered_meanwhile() {
    let mut e = Engine::fairy();
    e.ask(&["uci", "position startpos moves e2e4"]);
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let asked = std::time::Instant::now();
    let meanwhile = e.ask(&[]);
    assert!(asked.elapsed() < Duration::from_secs(2));
    assert!(
        meanwhile.iter().all(|l| l.starts_with("info depth ")),
        "{meanwhile:?}"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        e.0.lines.try_iter().all(|l| l.starts_with("info depth ")),
        "no bestmove before stop"
    );
    let started = std::time::Instant::now();
    let end = e.until(&["stop"], |l| l.starts_with("bestmove"));
    assert!(started.elapsed() < Duration::from_secs(5));
    let words: Vec<&str> = end.last().unwrap().split(' ').collect();
    assert_eq!(words[0], "bestmove");
    assert!(e.perft_moves().contains(words[1]), "{end:?}");

    let started = std::time::Instant::now();
    e.send("go movetime 600000");
    std::thread::sleep(Duration::from_millis(200));
    let end = e.until(&["stop"], |l| l.starts_with("bestmove"));
    assert!(started.elapsed() < Duration::from_secs(10), "{end:?}");
}

/// `fairy match` against Fairy-Stockfish over UCI: two whole games each of crazyhouse (drops
/// both ways) and xiangqi (ranks past 9), a twentieth of a second a move, every move of
/// either side legal to the other (no dispute), each game ending with a result.
#[test]
fn a_match_against_fairy_stockfish_over_uci_plays_to_the_end() {
    assert!(
        std::path::Path::new(FSF).exists(),
        "Fairy-Stockfish is missing: apt-get install fairy-stockfish (scripts/test does)"
    );
    for (variant, name) in [("crazyhouse", "Crazyhouse"), ("xiangqi", "Xiangqi")] {
        let o = crate::support::cli::fairy(&[
            "match",
            variant,
            "--opponent",
            "uci:fairy-stockfish",
            "--games",
            "2",
            "--movetime",
            "50",
            "--max-plies",
            "400",
        ]);
        let out = crate::support::cli::stdout(&o);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let lines: Vec<&str> = out.lines().collect();
        for (i, side) in ["white", "black"].into_iter().enumerate() {
            let rest = lines[i]
                .strip_prefix(&format!(
                    "game {}: fairy {side} vs fairy-stockfish: ",
                    i + 1
                ))
                .unwrap_or_else(|| panic!("{out}"));
            assert!(
                ["win (", "draw (", "loss ("]
                    .iter()
                    .any(|r| rest.starts_with(r)),
                "{out}"
            );
        }
        assert!(
            lines[2].starts_with(&format!("fairy against fairy-stockfish in {name}: "))
                && lines[2].ends_with("; 0 disputed (not scored)"),
            "{out}"
        );
    }
}

/// python-chess, an independent UCI client, plays chess, crazyhouse, atomic and king of the
/// hill against `fairy uci` (tests/uci/python_chess_client.py): every move the engine
/// sends is legal on python-chess's board, and each game ends or reaches 40 plies.
#[test]
fn python_chess_plays_games_against_the_engine() {
    let stdout = crate::support::cli::run_ok(
        "python3",
        &[
            "tests/uci/python_chess_client.py",
            env!("CARGO_BIN_EXE_fairy"),
            "40",
        ],
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    for (line, variant) in lines
        .iter()
        .zip(["chess", "crazyhouse", "atomic", "kingofthehill"])
    {
        let rest = line
            .strip_prefix(&format!("{variant}: "))
            .unwrap_or_else(|| panic!("{stdout}"));
        let (plies, result) = rest
            .split_once(" plies, ")
            .unwrap_or_else(|| panic!("{line}"));
        let plies: usize = plies.parse().unwrap_or_else(|_| panic!("{line}"));
        match result {
            "*" => assert_eq!(plies, 40, "{line}"),
            "1-0" | "0-1" | "1/2-1/2" => assert!(plies <= 40, "{line}"),
            _ => panic!("{line}"),
        }
    }
}
