//! Structure-aware mutation: the bundled definitions, the FENs of positions reached by random
//! playouts and the texts of their legal moves, changed the way a person or a tool gets them
//! wrong (a line lost, doubled or moved, a number made huge, negative or zero, a movement
//! string garbled, a letter changed, a definition extending itself, a field or rank lost, a
//! bracket unclosed, a square off the board, the text cut short), are read without a panic
//! and without a hang. Each input runs on a thread of its own under a time limit; a panic or
//! a hang fails the test naming the input.
//!
//! What is accepted must also make sense: a loaded definition's start position writes a FEN
//! that reads back and has legal moves equal to the reference; an accepted FEN writes back a
//! FEN that reads back as the same position with the hash computed from scratch; an accepted
//! move is legal and its text reads back as it.
//!
//! `cargo test` runs a short budget; `cargo test --release --test properties mutation --
//! --ignored` runs a long one of `FAIRY_LONG_INPUTS` inputs per parser (the seed from
//! `FAIRY_LONG_SEED`).

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc;
use std::sync::Once;
use std::time::{Duration, Instant};

use fairy_rules::{Move, Position, Variant};
#[cfg(feature = "cli")]
use miette::{GraphicalReportHandler, GraphicalTheme};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::support::sorted;

/// Inputs per parser in `cargo test`.
const CI_INPUTS: usize = 5000;
/// The long run's default.
const LONG_INPUTS: usize = 100_000;
/// Time one input may take: generous, for a loaded and slow machine; anything near it is a
/// hang.
const LIMIT: Duration = Duration::from_secs(20);
/// Failures listed at most per parser.
const MAX_FAILURES: usize = 8;

// ---------------------------------------------------------------------------------------
// Running one input under guard
// ---------------------------------------------------------------------------------------

thread_local! {
    /// The panic message and place of the current input's thread.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Panics on the inputs' threads are recorded, not printed; elsewhere as usual.
fn quiet_panics_on_input_threads() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            let on_input = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with("input "));
            if on_input {
                PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                default(info);
            }
        }));
    });
}

/// How an input went wrong.
enum Failure {
    Panic(String),
    Hang,
    /// Accepted, but what was accepted does not hold together.
    Wrong(String),
}

/// Runs `f` on a thread of its own: its panic, its time beyond [`LIMIT`], or the error it
/// returns.
fn guarded<F>(f: F) -> Result<(), Failure>
where
    F: FnOnce() -> Result<(), String> + Send + 'static,
{
    guarded_within(LIMIT, f)
}

fn guarded_within<F>(limit: Duration, f: F) -> Result<(), Failure>
where
    F: FnOnce() -> Result<(), String> + Send + 'static,
{
    quiet_panics_on_input_threads();
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("input under test".into())
        .spawn(move || {
            let result = panic::catch_unwind(AssertUnwindSafe(f));
            let outcome = match result {
                Ok(Ok(())) => Ok(()),
                Ok(Err(e)) => Err(Failure::Wrong(e)),
                Err(_) => Err(Failure::Panic(
                    PANIC
                        .with(|p| p.borrow_mut().take())
                        .unwrap_or_else(|| "a panic".into()),
                )),
            };
            let _ = tx.send(outcome);
        })
        .expect("a thread");
    match rx.recv_timeout(limit) {
        Ok(outcome) => outcome,
        Err(mpsc::RecvTimeoutError::Timeout) => Err(Failure::Hang),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(Failure::Panic("no answer".into())),
    }
}

/// Runs every input of one parser; panics listing the failures (a hang ends the run: its
/// thread still spins).
fn run_all(what: &str, inputs: impl Iterator<Item = Input>) {
    let start = Instant::now();
    let mut failures = Vec::new();
    let mut count = 0;
    let mut accepted = 0;
    for input in inputs {
        count += 1;
        let label = input.label.clone();
        let text = input.text.clone();
        let (tx, rx) = mpsc::channel();
        let check = input.check;
        let result = guarded(move || {
            let ok = check(&text)?;
            let _ = tx.send(ok);
            Ok(())
        });
        if rx.try_recv() == Ok(true) {
            accepted += 1;
        }
        let shown = short(&input.text);
        let failure = match result {
            Ok(()) => continue,
            Err(Failure::Panic(m)) => format!("PANIC {label}: {shown:?}\n  {m}"),
            Err(Failure::Hang) => format!("HANG (over {LIMIT:?}) {label}: {shown:?}"),
            Err(Failure::Wrong(m)) => format!("WRONG {label}: {shown:?}\n  {m}"),
        };
        let hang = failure.starts_with("HANG");
        // The input as a file, to reproduce it with `fairy` or a test.
        let saved = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("mutation-{}-{count}.txt", what.replace(' ', "-")));
        let failure = match std::fs::write(&saved, &input.text) {
            Ok(()) => format!("{failure}\n  (the input is in {})", saved.display()),
            Err(_) => failure,
        };
        failures.push(failure);
        if hang || failures.len() >= MAX_FAILURES {
            break;
        }
    }
    eprintln!(
        "{what}: {count} inputs, {accepted} accepted, {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{what}: {} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(count > 0, "{what}: no input");
}

/// One mutated input: a label (where it came from), its text and what to do with it
/// (returns whether it was accepted).
struct Input {
    label: String,
    text: String,
    check: Check,
}

/// What to do with an input: `Ok(true)` when it was accepted and holds together,
/// `Ok(false)` when it was refused with an error, `Err` when what was accepted is wrong.
type Check = Box<dyn FnOnce(&str) -> Result<bool, String> + Send>;

// ---------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------

/// At most 120 characters of `s`, for a message.
fn short(s: &str) -> String {
    match s.char_indices().nth(120) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

fn pick<'a, T>(rng: &mut StdRng, list: &'a [T]) -> &'a T {
    &list[rng.random_range(0..list.len())]
}

/// A char boundary of `s` at or below `at`.
fn boundary(s: &str, mut at: usize) -> usize {
    at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn random_boundary(rng: &mut StdRng, s: &str) -> usize {
    boundary(s, rng.random_range(0..=s.len()))
}

/// `s` with one run of digits replaced by `by`, if it has one.
fn replace_number(rng: &mut StdRng, s: &str, by: &str) -> String {
    let runs: Vec<(usize, usize)> = {
        let mut runs = Vec::new();
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let j = (i..b.len())
                    .find(|&j| !b[j].is_ascii_digit())
                    .unwrap_or(b.len());
                runs.push((i, j));
                i = j;
            } else {
                i += 1;
            }
        }
        runs
    };
    if runs.is_empty() {
        return s.to_string();
    }
    let (i, j) = *pick(rng, &runs);
    format!("{}{}{}", &s[..i], by, &s[j..])
}

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "7",
    "15",
    "16",
    "17",
    "255",
    "256",
    "257",
    "65536",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999",
    "-99999",
    "1e9",
    "0.5",
    "00",
];

const BETZA: &str = "WFDNAHCZGKQRBLJmcfblrvsnjpgiaoyx0123456789[](){}-, ";

/// A movement string changed: characters from the movement language inserted, dropped or
/// replaced, or a known troublemaker.
fn mutated_betza(rng: &mut StdRng, moves: &str) -> String {
    match rng.random_range(0..4) {
        0 => pick(
            rng,
            &[
                "",
                "R0",
                "R99999999999",
                "N255",
                "nN0",
                "[WW",
                "{WWF",
                "{}",
                "[]",
                "(",
                ")",
                "mcmcmcmcmcmcK",
                "ffffffffffffffffW",
                "pppppR",
                "gggQ",
                "iiiiifmW",
                "(W,F)",
                "(0,0)",
                "(99,99)",
                "(255,-255)",
                "[WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW]",
                "{WFWFWFWFWFWFWFWFWFWFWFWFWFWFWFWFWFWFWFWF}",
            ],
        )
        .to_string(),
        1 => {
            let n = rng.random_range(1..400);
            let atom = *pick(rng, &["K", "W", "[WF]", "nN", "R2", "mcpR "]);
            atom.repeat(n)
        }
        _ => {
            let mut s: Vec<char> = moves.chars().collect();
            for _ in 0..rng.random_range(1..4) {
                let alphabet: Vec<char> = BETZA.chars().collect();
                let c = *pick(rng, &alphabet);
                let at = rng.random_range(0..=s.len());
                match rng.random_range(0..3) {
                    0 => s.insert(at, c),
                    1 if at < s.len() => {
                        s.remove(at);
                    }
                    _ if at < s.len() => s[at] = c,
                    _ => s.push(c),
                }
            }
            s.into_iter().collect()
        }
    }
}

/// A YAML scalar for `s`, double-quoted.
fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The indentation, the key and the value of a `key: value` line.
fn key_value(line: &str) -> Option<(&str, &str, &str)> {
    let indent = &line[..line.len() - line.trim_start().len()];
    let (key, value) = line.trim_start().split_once(':')?;
    Some((indent, key, value.trim()))
}

/// Lines whose key is one of `keys`.
fn lines_with_key(lines: &[String], keys: &[&str]) -> Vec<usize> {
    (0..lines.len())
        .filter(|&i| {
            key_value(&lines[i]).is_some_and(|(_, k, _)| keys.contains(&k.trim_start_matches("- ")))
        })
        .collect()
}

/// One structural change to a definition named `name` (`chess` for `variants/chess.yaml`).
fn mutate_definition(rng: &mut StdRng, name: &str, text: &str) -> (String, String) {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    let n = lines.len();
    let i = rng.random_range(0..n);
    let what: String;
    match rng.random_range(0..16) {
        0 => {
            what = format!("line {} deleted", i + 1);
            lines.remove(i);
        }
        1 => {
            what = format!("line {} doubled", i + 1);
            lines.insert(i, lines[i].clone());
        }
        2 => {
            let j = rng.random_range(0..n);
            what = format!("lines {} and {} swapped", i + 1, j + 1);
            lines.swap(i, j);
        }
        3 | 4 => {
            let with_digits: Vec<usize> = (0..n)
                .filter(|&k| lines[k].bytes().any(|b| b.is_ascii_digit()))
                .collect();
            let k = if with_digits.is_empty() {
                i
            } else {
                *pick(rng, &with_digits)
            };
            let by = *pick(rng, NUMBERS);
            what = format!("a number on line {} made {by}", k + 1);
            lines[k] = replace_number(rng, &lines[k], by);
        }
        5 | 6 => {
            let found = lines_with_key(
                &lines,
                &["moves", "own-half", "left-dead-end", "right-dead-end"],
            );
            let k = if found.is_empty() {
                i
            } else {
                *pick(rng, &found)
            };
            let (indent, key, value) = key_value(&lines[k]).unwrap_or(("", "moves", ""));
            let value = value.trim_matches('"');
            let new = mutated_betza(rng, value);
            what = format!("movement on line {} made {:?}", k + 1, short(&new));
            lines[k] = format!("{indent}{key}: {}", quoted(&new));
        }
        7 => {
            let found = lines_with_key(&lines, &["letter"]);
            let k = if found.is_empty() {
                i
            } else {
                *pick(rng, &found)
            };
            let letter = *pick(
                rng,
                &[
                    "K", "k", "P", "Q", "M", "1", "*", "_", "<", "{", "\"\"", "KK", "é", "-", "x",
                    "~",
                ],
            );
            let indent = key_value(&lines[k])
                .map_or("", |(ind, _, _)| ind)
                .to_string();
            what = format!("letter on line {} made {letter}", k + 1);
            lines[k] = format!("{indent}letter: {letter}");
        }
        8 => {
            let own = format!("{name}.yaml");
            let target = *pick(
                rng,
                &[
                    &own[..],
                    "chess.yaml",
                    "seachess.yaml",
                    "pirateknics.yaml",
                    "king-of-the-hill.yaml",
                    "flying-dutchman.yaml",
                    "missing.yaml",
                    "../tests/fixtures/loop-a.yaml",
                    "../tests/fixtures/extends-broken-parent.yaml",
                    "../variants",
                    "",
                    "[a, b]",
                ],
            );
            what = format!("extends {target:?}");
            let line = format!("extends: {target}");
            match lines.iter().position(|l| l.starts_with("extends:")) {
                Some(k) => lines[k] = line,
                None => lines.insert(0, line),
            }
        }
        9 => {
            let at = random_boundary(rng, text);
            return (format!("cut at byte {at}"), text[..at].to_string());
        }
        10 => {
            if rng.random_bool(0.5) {
                what = format!("line {} indented", i + 1);
                lines[i].insert_str(0, "  ");
            } else {
                what = format!("line {} dedented", i + 1);
                lines[i] = lines[i].trim_start().to_string();
            }
        }
        11 => {
            let value = *pick(
                rng,
                &[
                    "",
                    "~",
                    "null",
                    "[]",
                    "{}",
                    "[[[[",
                    "true",
                    "yes",
                    "\"\"",
                    "-1",
                    "&a x",
                    "*a",
                    "!!binary AA==",
                    "{a: b}",
                    "'",
                    "\"",
                    "|",
                    ">",
                    "[a, [b, [c]]]",
                ],
            );
            let long = "x".repeat(10_000);
            let value = if rng.random_bool(0.05) {
                &long[..]
            } else {
                value
            };
            let (indent, key, _) = key_value(&lines[i]).unwrap_or(("", "pieces", ""));
            what = format!(
                "value on line {} made {:?}",
                i + 1,
                &value[..value.len().min(20)]
            );
            lines[i] = format!("{indent}{key}: {value}");
        }
        12 => {
            let board = *pick(
                rng,
                &[
                    "0x0",
                    "1x1",
                    "2x1",
                    "16x16",
                    "17x16",
                    "256x1",
                    "1x256",
                    "257x1",
                    "99999x99999",
                    "12x12 minus a1-l12",
                    "8x8 minus a1-h8",
                    "8x8 minus z1-z9",
                    "8x8 with ship <999999>",
                    "8x8 with ship <0>",
                    "6x8 with ship <3>",
                    "8x8 minus",
                    "x8",
                ],
            );
            what = format!("board made {board}");
            match lines.iter().position(|l| l.starts_with("board:")) {
                Some(k) => lines[k] = format!("board: {board}"),
                None => lines.insert(i, format!("board: {board}")),
            }
        }
        13 => {
            // Cell names in region text (`c1-j2`, `rank 3`) off the board.
            let cell = *pick(
                rng,
                &["z99", "a0", "a99999999999", "a-1", "A1", "l12", "p16", "c"],
            );
            let with_cells: Vec<usize> = (0..n)
                .filter(|&k| {
                    let l = &lines[k];
                    l.contains(": ")
                        && l.chars().any(|c| c.is_ascii_lowercase())
                        && l.chars().any(|c| c.is_ascii_digit())
                })
                .collect();
            let k = if with_cells.is_empty() {
                i
            } else {
                *pick(rng, &with_cells)
            };
            let line = lines[k].clone();
            let tokens: Vec<&str> = line
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|t| {
                    t.len() >= 2
                        && t.as_bytes()[0].is_ascii_lowercase()
                        && t[1..].bytes().all(|b| b.is_ascii_digit())
                })
                .collect();
            what = format!("a cell on line {} made {cell}", k + 1);
            if let Some(&t) = tokens.first() {
                lines[k] = line.replacen(t, cell, 1);
            }
        }
        14 => {
            // A block of lines copied elsewhere: duplicate keys, pieces nested in pieces.
            let j = (i + rng.random_range(1..8)).min(n);
            let at = rng.random_range(0..=n);
            let block: Vec<String> = lines[i..j].to_vec();
            what = format!("lines {}-{} copied to {}", i + 1, j, at + 1);
            for (o, l) in block.into_iter().enumerate() {
                lines.insert(at + o, l);
            }
        }
        _ => {
            let line = *pick(
                rng,
                &[
                    "  unknown_key: 1",
                    "pieces:",
                    "- - -",
                    "\t",
                    ":",
                    "? complex",
                    "<<: *a",
                    "setup: \"\"",
                    "setup: 8/8/8/8/8/8/8/8",
                    "setup: KKKKKKKK/8/8/8/8/8/8/kkkkkkkk",
                    "castling: {}",
                    "chance: {}",
                    "end: {royal: extinction}",
                    "markers: {}",
                    "containers: {companions: true}",
                    "parameters: {x: {pieces: []}}",
                    "returns: [{piece: K, to: [home]}]",
                    "royals_apart: true",
                    "  zzz:\n    letter: K\n    moves: K",
                ],
            );
            what = format!("line {line:?} inserted at {}", i + 1);
            lines.insert(i, line.to_string());
        }
    }
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    (what, out)
}

/// One structural change to a FEN of `v`.
fn mutate_fen(rng: &mut StdRng, v: &Variant, fen: &str) -> (String, String) {
    let mut letters: Vec<char> = v
        .kinds()
        .flat_map(|k| {
            let c = v.piece_type(k).letter;
            [c, c.to_ascii_lowercase()]
        })
        .collect();
    letters.extend("KkMmxXzZ".chars());
    match rng.random_range(0..12) {
        0 | 1 => {
            let by = *pick(rng, NUMBERS);
            (format!("a number made {by}"), replace_number(rng, fen, by))
        }
        2 => {
            let positions: Vec<usize> = fen
                .char_indices()
                .filter(|(_, c)| c.is_ascii_alphabetic())
                .map(|(i, _)| i)
                .collect();
            if positions.is_empty() {
                return ("unchanged".into(), fen.to_string());
            }
            let at = *pick(rng, &positions);
            let c = if rng.random_bool(0.8) {
                *pick(rng, &letters)
            } else {
                rng.random_range(b'!'..=b'~') as char
            };
            (
                format!("letter at {at} made {c}"),
                format!("{}{c}{}", &fen[..at], &fen[at + 1..]),
            )
        }
        3 | 4 => {
            let c = *pick(
                rng,
                &[
                    "<", ">", "{", "}", "[", "]", "(", ")", "*", "_", "/", "<>", "{}", "{_}",
                    "{*}", "<<", "}}",
                ],
            );
            if rng.random_bool(0.3) {
                // A bracket dropped.
                let brackets: Vec<usize> = fen
                    .char_indices()
                    .filter(|(_, c)| "<>{}*_".contains(*c))
                    .map(|(i, _)| i)
                    .collect();
                if let Some(&at) = brackets.get(rng.random_range(0..brackets.len().max(1))) {
                    return (
                        format!("char at {at} dropped"),
                        format!("{}{}", &fen[..at], &fen[at + 1..]),
                    );
                }
            }
            let at = random_boundary(rng, fen);
            (
                format!("{c} inserted at {at}"),
                format!("{}{c}{}", &fen[..at], &fen[at..]),
            )
        }
        5 | 6 => {
            let mut fields: Vec<String> = fen.split(' ').map(String::from).collect();
            let i = rng.random_range(0..fields.len());
            let what = match rng.random_range(0..4) {
                op @ 0..=2 => reorder(rng, &mut fields, i, op, "field"),
                _ => {
                    let junk = *pick(
                        rng,
                        &[
                            "-",
                            "w",
                            "b",
                            "x",
                            "W",
                            "KQkq",
                            "KQkqKQkq",
                            "Kk",
                            "a1",
                            "z99",
                            "e3",
                            "e6",
                            "0",
                            "-1",
                            "99999999999",
                            "sortie.w=e1",
                            "sortie.b=z9",
                            "c1.mine=9",
                            "c1.mine=0",
                            "_e7.submerged=200",
                            "e5.facing=q",
                            "e5.facing=n",
                            "h8.surfaced=99",
                            "=",
                            ".",
                            ",,",
                            "a1.=",
                            "_.x=1",
                            "c12.mine=1,c12.mine=0",
                            "",
                            "p1=R",
                            "p1.w=R",
                        ],
                    );
                    fields[i] = junk.to_string();
                    format!("field {i} made {junk:?}")
                }
            };
            (what, fields.join(" "))
        }
        7 => {
            let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
            let mut ranks: Vec<String> = board.split('/').map(String::from).collect();
            let i = rng.random_range(0..ranks.len());
            let what = match rng.random_range(0..4) {
                op @ 0..=2 => reorder(rng, &mut ranks, i, op, "rank"),
                _ if i + 1 < ranks.len() => {
                    let next = ranks.remove(i + 1);
                    ranks[i].push_str(&next);
                    format!("ranks {i} and {} joined", i + 1)
                }
                _ => {
                    ranks[i].clear();
                    format!("rank {i} emptied")
                }
            };
            (
                what,
                format!("{} {rest}", ranks.join("/")).trim_end().to_string(),
            )
        }
        8 => {
            let at = random_boundary(rng, fen);
            (format!("cut at {at}"), fen[..at].to_string())
        }
        9 => {
            let c = *pick(
                rng,
                &["é", "\u{0}", "\u{200b}", "😀", "\t", "\n", "  ", "１"],
            );
            let at = random_boundary(rng, fen);
            (
                format!("{c:?} inserted at {at}"),
                format!("{}{c}{}", &fen[..at], &fen[at..]),
            )
        }
        10 => {
            // A piece letter replaced by a container or layered cell.
            let positions: Vec<usize> = fen
                .split(' ')
                .next()
                .unwrap_or("")
                .char_indices()
                .filter(|(_, c)| c.is_ascii_alphabetic())
                .map(|(i, _)| i)
                .collect();
            let token = *pick(
                rng,
                &[
                    "<>",
                    "<K>",
                    "<PPPPPPPPPPPPPPPPPPPPPPPP>",
                    "<Kk>",
                    "<kK>",
                    "{K_s}",
                    "{_S*M}",
                    "{*M}",
                    "{*m*M}",
                    "{K_K}",
                    "{_}",
                    "{C_S*M}",
                    "{<P>_S}",
                    "<{K}>",
                ],
            );
            match positions.first() {
                Some(_) => {
                    let at = *pick(rng, &positions);
                    (
                        format!("letter at {at} made {token}"),
                        format!("{}{token}{}", &fen[..at], &fen[at + 1..]),
                    )
                }
                None => ("unchanged".into(), fen.to_string()),
            }
        }
        _ => {
            // The side swapped: a position where the side not to move may be in check.
            let swapped = if fen.contains(" w ") {
                fen.replacen(" w ", " b ", 1)
            } else {
                fen.replacen(" b ", " w ", 1)
            };
            ("side swapped".into(), swapped)
        }
    }
}

/// One structural change to a legal move's text; `others` are more legal texts of the
/// position, `cells` its cell names.
fn mutate_move(
    rng: &mut StdRng,
    text: &str,
    others: &[String],
    cells: &[String],
) -> (String, String) {
    match rng.random_range(0..11) {
        0 | 1 => {
            let c = *pick(
                rng,
                &"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@/:_<>xX-+=#!?*() "
                    .chars()
                    .collect::<Vec<_>>(),
            );
            let mut s: Vec<char> = text.chars().collect();
            let at = rng.random_range(0..=s.len());
            match rng.random_range(0..3) {
                0 => s.insert(at, c),
                1 if at < s.len() => {
                    s.remove(at);
                }
                _ if at < s.len() => s[at] = c,
                _ => s.push(c),
            }
            (
                format!("char at {at} edited with {c:?}"),
                s.into_iter().collect(),
            )
        }
        2 => {
            let by = *pick(rng, NUMBERS);
            (format!("a number made {by}"), replace_number(rng, text, by))
        }
        3 => {
            let suffix = *pick(
                rng,
                &[
                    "q", "Q", "k", "p", "m", "z", "=Q", "=QQ", "=", "(Q)", "qq", "1",
                ],
            );
            (format!("{suffix} appended"), format!("{text}{suffix}"))
        }
        4 => {
            let cell = if rng.random_bool(0.7) {
                pick(rng, cells).clone()
            } else {
                pick(rng, &["z99", "a0", "", "@", "a99999999999"]).to_string()
            };
            (format!("@{cell} appended"), format!("{text}@{cell}"))
        }
        5 => {
            let o = pick(rng, others);
            (format!("/{o} appended"), format!("{text}/{o}"))
        }
        6 => {
            let (pre, post) = *pick(
                rng,
                &[
                    ("_", ""),
                    ("", ":M"),
                    ("", ":back"),
                    ("", ":"),
                    ("_", "_"),
                    ("<", ">"),
                    ("", "**"),
                    ("", "{*}"),
                    ("", "!?"),
                    ("x", ""),
                ],
            );
            (format!("{pre}…{post}"), format!("{pre}{text}{post}"))
        }
        7 => {
            let at = random_boundary(rng, text);
            (format!("cut at {at}"), text[..at].to_string())
        }
        8 => {
            let o = pick(rng, others);
            let glue = *pick(rng, &["", " ", "-", "x", "/", "@", ":"]);
            (format!("joined with {o}"), format!("{text}{glue}{o}"))
        }
        9 => {
            let c = *pick(
                rng,
                &["é", "\u{0}", "\u{200b}", "😀", "\t", "  ", "１", "ｅ"],
            );
            let at = random_boundary(rng, text);
            (
                format!("{c:?} inserted at {at}"),
                format!("{}{c}{}", &text[..at], &text[at..]),
            )
        }
        _ => {
            // Another cell for the origin or the destination.
            let cell = pick(rng, cells).clone();
            let names: Vec<&String> = cells.iter().filter(|c| text.contains(c.as_str())).collect();
            match names.first() {
                Some(&name) => (
                    format!("{name} made {cell}"),
                    text.replacen(name.as_str(), &cell, 1),
                ),
                None => ("unchanged".into(), text.to_string()),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// What an accepted input must satisfy
// ---------------------------------------------------------------------------------------

/// A position that was accepted (read from a FEN or reached from an accepted definition's
/// start): its FEN reads back as it, its hash is the one from scratch, its legal moves are
/// the reference's and are counted as many, and a few plies of them can be played.
fn check_position(v: &Variant, pos: &Position, rng: &mut StdRng) -> Result<(), String> {
    let mut pos = pos.clone();
    for ply in 0..3 {
        let fen = v.fen(&pos);
        let back = v
            .parse_fen(&fen)
            .map_err(|e| format!("ply {ply}: its FEN `{fen}` does not read back: {e}"))?;
        if v.fen(&back) != fen || back.hash() != pos.hash() || back != pos {
            return Err(format!(
                "ply {ply}: its FEN `{fen}` reads back as another position"
            ));
        }
        if pos.hash() != v.hash_from_scratch(&pos) {
            return Err(format!(
                "ply {ply}: at `{fen}` the hash is not the one from scratch"
            ));
        }
        let legal = v.legal_moves(&pos);
        let (l, t) = (sorted(legal.clone()), sorted(v.legal_moves_by_trial(&pos)));
        if l != t {
            let only = |a: &[Move], b: &[Move]| -> Vec<String> {
                a.iter()
                    .filter(|m| !b.contains(m))
                    .map(|&m| v.move_text(m))
                    .collect()
            };
            return Err(format!(
                "ply {ply}: at `{fen}` the legal moves differ from the reference: generated only {:?}, reference only {:?}",
                only(&l, &t),
                only(&t, &l)
            ));
        }
        if v.count_legal_moves(&pos) != legal.len() {
            return Err(format!(
                "ply {ply}: at `{fen}` the count differs from the list"
            ));
        }
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        let cells: Vec<_> = v.chance_cells(&pos, m).cells().collect();
        let m = if cells.is_empty() {
            m
        } else {
            m.with_outcome(cells[rng.random_range(0..cells.len())])
        };
        pos = v.play_unchecked(&pos, m);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The inputs
// ---------------------------------------------------------------------------------------

fn bundled() -> Vec<(&'static str, Variant)> {
    Variant::bundled_names()
        .map(|name| (name, Variant::bundled(name).expect("bundled")))
        .collect()
}

/// Positions of each bundled variant reached by seeded random playouts, with their FEN.
fn corpus(variants: &[(&'static str, Variant)]) -> Vec<(usize, Position)> {
    let mut out = Vec::new();
    let mut rng = StdRng::seed_from_u64(15);
    for (i, (_, v)) in variants.iter().enumerate() {
        for _ in 0..4 {
            let mut pos = v.start_position();
            v.draw_parameters(&mut pos, &mut rng);
            for _ in 0..rng.random_range(1..60) {
                out.push((i, pos.clone()));
                let legal = v.legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.random_range(0..legal.len())];
                let cells: Vec<_> = v.chance_cells(&pos, m).cells().collect();
                let m = if cells.is_empty() {
                    m
                } else {
                    m.with_outcome(cells[rng.random_range(0..cells.len())])
                };
                pos = v.play_unchecked(&pos, m);
            }
        }
    }
    out
}

fn definitions(seed: u64, count: usize) -> impl Iterator<Item = Input> {
    let names: Vec<&'static str> = Variant::bundled_names().collect();
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count).map(move |k| {
        let name = names[k % names.len()];
        let mut text = Variant::bundled_yaml(name).expect("bundled").to_string();
        let mut what = Vec::new();
        for _ in 0..rng.random_range(1..=3) {
            let (w, t) = mutate_definition(&mut rng, name, &text);
            what.push(w);
            text = t;
        }
        let check_seed = rng.random();
        let file = format!("variants/{name}.yaml");
        Input {
            label: format!("{file} with {}", what.join(", ")),
            text,
            check: Box::new(move |text| match Variant::from_yaml(&file, text) {
                Ok(v) => {
                    let start = v.start_position();
                    check_position(&v, &start, &mut StdRng::seed_from_u64(check_seed))?;
                    Ok(true)
                }
                Err(e) => {
                    for p in &e.problems {
                        let text = &e.source_of(p).text;
                        let fits = p.span.start <= p.span.end
                            && p.span.end <= text.len()
                            && text.is_char_boundary(p.span.start)
                            && text.is_char_boundary(p.span.end);
                        if !fits {
                            return Err(format!(
                                "{}: the span {:?} is not within its file",
                                p.code, p.span
                            ));
                        }
                    }
                    // The report renders (miette reads the spans). Drawing it takes miette's
                    // graphical handler, which only the `cli` feature brings in.
                    #[cfg(feature = "cli")]
                    {
                        let mut out = String::new();
                        GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
                            .render_report(&mut out, &e)
                            .map_err(|err| format!("the report does not render: {err}"))?;
                    }
                    Ok(false)
                }
            }),
        }
    })
}

fn fens(seed: u64, count: usize) -> impl Iterator<Item = Input> {
    let variants = bundled();
    let corpus = corpus(&variants);
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count).map(move |_| {
        let (i, pos) = pick(&mut rng, &corpus).clone();
        let (name, v) = variants[i].clone();
        let original = v.fen(&pos);
        let mut text = original.clone();
        let mut what = Vec::new();
        for _ in 0..rng.random_range(1..=3) {
            let (w, t) = mutate_fen(&mut rng, &v, &text);
            what.push(w);
            text = t;
        }
        let check_seed = rng.random();
        Input {
            label: format!("{name} FEN `{original}` with {}", what.join(", ")),
            text,
            check: Box::new(move |text| match v.parse_fen(text) {
                Ok(pos) => {
                    check_position(&v, &pos, &mut StdRng::seed_from_u64(check_seed))?;
                    Ok(true)
                }
                Err(e) => {
                    let _ = e.to_string();
                    Ok(false)
                }
            }),
        }
    })
}

fn move_texts(seed: u64, count: usize) -> impl Iterator<Item = Input> {
    let variants = bundled();
    let corpus: Vec<(usize, Position)> = corpus(&variants)
        .into_iter()
        .filter(|(i, pos)| !variants[*i].1.legal_moves(pos).is_empty())
        .collect();
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count).map(move |_| {
        let (i, pos) = pick(&mut rng, &corpus).clone();
        let (name, v) = variants[i].clone();
        let legal = v.legal_moves(&pos);
        // Half the time, in a variant with a notation of its own, texts in that notation.
        let own = v.notation_name().is_some() && rng.random_bool(0.5);
        let texts: Vec<String> = legal
            .iter()
            .map(|&m| match own {
                true => v.write_notation(&pos, m).unwrap(),
                false => v.move_text(m),
            })
            .collect();
        let cells: Vec<String> = v.topology.cells().map(|c| v.topology.name(c)).collect();
        let original = pick(&mut rng, &texts).clone();
        let mut text = original.clone();
        let mut what = Vec::new();
        for _ in 0..rng.random_range(1..=2) {
            let (w, t) = mutate_move(&mut rng, &text, &texts, &cells);
            what.push(w);
            text = t;
        }
        let fen = v.fen(&pos);
        Input {
            label: format!(
                "{name} move `{original}` at `{fen}` with {}",
                what.join(", ")
            ),
            text,
            check: Box::new(move |text| {
                // The variant's own notation reads the same text: a move it accepts is legal.
                if let Ok(m) = v.parse_notation(&pos, text) {
                    if !legal.contains(&m.choice()) {
                        return Err(format!(
                            "the notation accepted `{}`, not legal",
                            v.move_text(m)
                        ));
                    }
                    if let Some(w) = v.write_notation(&pos, m) {
                        if v.parse_notation(&pos, &w) != Ok(m) {
                            return Err(format!("`{w}` does not read back in the notation"));
                        }
                    }
                }
                match v.parse_move(&pos, text) {
                    Ok(m) => {
                        if !v.is_legal(&pos, m) || !legal.contains(&m.choice()) {
                            return Err(format!(
                                "`{}` was accepted but is not legal",
                                v.move_text(m)
                            ));
                        }
                        let written = v.move_text(m);
                        if v.parse_move(&pos, &written) != Ok(m) {
                            return Err(format!(
                                "`{written}` does not read back as the move accepted"
                            ));
                        }
                        let after = v.play_unchecked(&pos, m);
                        if after.hash() != v.hash_from_scratch(&after) {
                            return Err("the hash after it is not the one from scratch".into());
                        }
                        Ok(true)
                    }
                    Err(e) => {
                        let _ = e.to_string();
                        Ok(false)
                    }
                }
            }),
        }
    })
}

fn long_inputs() -> usize {
    std::env::var("FAIRY_LONG_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(LONG_INPUTS)
}

fn long_seed() -> u64 {
    std::env::var("FAIRY_LONG_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
}

#[test]
fn mutated_definitions_load_or_fail_without_panic_or_hang() {
    run_all("definitions", definitions(1, CI_INPUTS));
}

#[test]
fn mutated_fens_read_or_fail_without_panic_or_hang() {
    run_all("FENs", fens(1, CI_INPUTS));
}

#[test]
fn mutated_move_texts_read_or_fail_without_panic_or_hang() {
    run_all("move texts", move_texts(1, CI_INPUTS));
}

/// The guard itself: a panic and a hang are caught and named.
#[test]
fn the_guard_reports_a_panic_and_a_hang() {
    assert!(matches!(guarded(|| Ok(())), Ok(())));
    match guarded(|| panic!("on purpose")) {
        Err(Failure::Panic(m)) => assert!(m.contains("on purpose"), "{m}"),
        _ => panic!("the panic was not caught"),
    }
    assert!(matches!(guarded(|| Err("wrong".into())), Err(Failure::Wrong(m)) if m == "wrong"));
    let slow = guarded_within(Duration::from_millis(50), || {
        std::thread::sleep(Duration::from_secs(1));
        Ok(())
    });
    assert!(
        matches!(slow, Err(Failure::Hang)),
        "the hang was not caught"
    );
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_mutated_definitions() {
    run_all("definitions", definitions(long_seed(), long_inputs()));
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_mutated_fens() {
    run_all("FENs", fens(long_seed(), long_inputs()));
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_mutated_move_texts() {
    run_all("move texts", move_texts(long_seed(), long_inputs()));
}

/// Deletes (`op` 0), doubles (1) or swaps with another (2) the part `i` of `parts`, and
/// says what it did to the `noun`.
fn reorder(rng: &mut StdRng, parts: &mut Vec<String>, i: usize, op: u32, noun: &str) -> String {
    match op {
        0 => {
            parts.remove(i);
            format!("{noun} {i} deleted")
        }
        1 => {
            parts.insert(i, parts[i].clone());
            format!("{noun} {i} doubled")
        }
        _ => {
            let j = rng.random_range(0..parts.len());
            parts.swap(i, j);
            format!("{noun}s {i} and {j} swapped")
        }
    }
}
