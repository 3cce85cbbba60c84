//! Properties of every bundled variant, checked at every ply of random playouts driven by
//! proptest (a fixed seed per variant, so a run is repeatable; a failure is shrunk to the
//! shortest playout that shows it):
//!
//! - the FEN reads back as the same position, with the same FEN and the same hash;
//! - the incrementally kept hash ([`Position::hash`]) equals the one computed from scratch
//!   ([`fairy_rules::Ruleset::hash_from_scratch`]);
//! - the legal moves equal the slow reference ([`fairy_rules::Ruleset::legal_moves_by_trial`]),
//!   and the counted moves their number;
//! - perft(1) and perft(2) equal the sums over the legal moves (each chance outcome a move of
//!   its own) of perft(0) and perft(1) of the children;
//! - every move (and every chance outcome of it) is written as text that reads back in the
//!   same position as the same move;
//! - make then unmake gives the position `play_unchecked` gives, then the position back;
//! - in a game with hidden parts (Seachess), each side's view ([`fairy_rules::Ruleset::redact`])
//!   shows its own parts and the opponent's surface as they are, hides the opponent's hidden
//!   markers, hidden submerged pieces and hidden ammunition counts (also from the view's FEN),
//!   and its FEN reads back as the view.
//!
//! `cargo test` runs a short budget; `cargo test --release --test properties playouts --
//! --ignored` runs a long one, sized by `FAIRY_LONG_GAMES` (playouts per variant) and
//! `FAIRY_LONG_PLIES` (plies per playout at most).

use std::sync::atomic::{AtomicUsize, Ordering};

use fairy_rules::{Color, FenError, Move, Position, UndoStack, Variant};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::support::{fsf, sorted};

/// Playouts per variant and plies per playout (at most) in `cargo test`.
const CI_GAMES: u32 = 16;
const CI_PLIES: usize = 60;

/// The games whose positions cost the most to check, dozens of times more than chess's
/// (chance outcomes, ships, layers, walls: up to hundreds of moves a position, each checked
/// against the slow reference). `cargo test` plays fewer and shorter playouts of them; the
/// long run plays them as long as the others.
const COSTLY: [&str; 5] = ["bermuda", "pirateknics", "seachess", "duck", "amazons"];
const CI_COSTLY_GAMES: u32 = 4;
const CI_COSTLY_PLIES: usize = 20;

/// The budget of `cargo test` for the variant `name`: playouts and plies per playout.
fn short(name: &str) -> (u32, usize) {
    if COSTLY.contains(&name) {
        (CI_COSTLY_GAMES, CI_COSTLY_PLIES)
    } else {
        (CI_GAMES, CI_PLIES)
    }
}

/// The same for the views alone, which are cheap to check: long games reach the positions
/// where hidden blockers matter.
const CI_VIEW_GAMES: u32 = 300;
const CI_VIEW_PLIES: usize = 250;

/// The long run's defaults, when the environment does not say.
const LONG_GAMES: u32 = 200;
const LONG_PLIES: usize = 150;

/// Reads a view's FEN back, with the view reader: a view may show the side not to move in
/// check (a hidden blocker of the opponent's removed), which `parse_fen` refuses for a game
/// position (issue 15, finding 2).
fn read_view(v: &Variant, fen: &str) -> Result<Position, FenError> {
    v.parse_view(fen)
}

/// One playout: a seed for the game parameters, then for each ply the index of the move
/// among the legal ones and of the drawn cell among the chance event's.
#[derive(Debug, Clone)]
struct Playout {
    seed: u64,
    plies: Vec<(Index, Index)>,
}

fn playouts(max_plies: usize) -> impl Strategy<Value = Playout> {
    (
        any::<u64>(),
        prop::collection::vec(any::<(Index, Index)>(), 1..=max_plies.max(1)),
    )
        .prop_map(|(seed, plies)| Playout { seed, plies })
}

/// What to check at each position.
#[derive(Clone, Copy)]
struct Checks {
    /// FEN, hash, legal moves, perft, move text, make and unmake.
    position: bool,
    /// The FEN and hash part of `position`.
    fen: bool,
    /// A view of each side hides what it must.
    views_hide: bool,
    /// A view's FEN reads back.
    views_read_back: bool,
}

/// Counts over a run, to show the checks did something.
#[derive(Default)]
struct Tally {
    positions: AtomicUsize,
    moves: AtomicUsize,
    /// Hidden things (markers, submerged pieces, ammunition counts) a view removed.
    hidden: AtomicUsize,
}

fn bundled() -> Vec<(&'static str, Variant)> {
    Variant::bundled_names()
        .map(|name| {
            let v = Variant::bundled(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, v)
        })
        .collect()
}

/// Where a check stands: the variant, the moves so far and the position's FEN.
struct At<'a> {
    name: &'a str,
    moves: &'a [String],
    fen: &'a str,
}

impl std::fmt::Display for At<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} after [{}] at `{}`",
            self.name,
            self.moves.join(" "),
            self.fen
        )
    }
}

fn texts(v: &Variant, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| v.move_text(m)).collect()
}

/// The moves of `pos` as perft counts them: each legal move, or each of its chance outcomes.
fn perft_moves(v: &Variant, pos: &Position, legal: &[Move]) -> Vec<Move> {
    let mut out = Vec::new();
    for &m in legal {
        let cells = v.chance_cells(pos, m);
        if cells.is_empty() {
            out.push(m);
        } else {
            out.extend(cells.cells().map(|c| m.with_outcome(c)));
        }
    }
    out
}

/// FEN and hash of one position.
fn check_fen_and_hash(v: &Variant, pos: &Position, at: &At) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        pos.hash(),
        v.hash_from_scratch(pos),
        "incremental hash differs from the hash from scratch: {}",
        at
    );
    let back = match v.parse_fen(at.fen) {
        Ok(back) => back,
        Err(e) => {
            return Err(TestCaseError::fail(format!(
                "FEN does not read back: {e}: {at}"
            )))
        }
    };
    prop_assert_eq!(v.fen(&back), at.fen, "FEN round trip: {}", at);
    prop_assert!(back == *pos, "FEN reads back as another position: {}", at);
    prop_assert_eq!(
        back.hash(),
        pos.hash(),
        "hash after reading the FEN: {}",
        at
    );
    Ok(())
}

/// Legal moves against the reference, perft against the children, move text, make and
/// unmake. Returns the legal moves.
fn check_moves(
    v: &Variant,
    pos: &Position,
    at: &At,
    tally: &Tally,
) -> Result<Vec<Move>, TestCaseError> {
    let legal = v.legal_moves(pos);
    let by_trial = v.legal_moves_by_trial(pos);
    let (l, t) = (sorted(legal.clone()), sorted(by_trial));
    if l != t {
        let only_gen: Vec<Move> = l.iter().filter(|m| !t.contains(m)).copied().collect();
        let only_trial: Vec<Move> = t.iter().filter(|m| !l.contains(m)).copied().collect();
        return Err(TestCaseError::fail(format!(
            "legal moves differ from the reference: generated only {:?}, reference only {:?}: {at}",
            texts(v, &only_gen),
            texts(v, &only_trial)
        )));
    }
    prop_assert_eq!(v.count_legal_moves(pos), legal.len(), "count: {}", at);

    let children = perft_moves(v, pos, &legal);
    prop_assert_eq!(
        v.perft(pos, 1),
        children.len() as u64,
        "perft(1) is not the number of moves and outcomes: {}",
        at
    );
    let mut sum = 0;
    let mut undo = UndoStack::new();
    for &m in &children {
        let text = v.move_text(m);
        match v.parse_move(pos, &text) {
            Ok(back) => prop_assert_eq!(
                back,
                m,
                "move text `{}` reads back as `{}`: {}",
                text,
                v.move_text(back),
                at
            ),
            Err(e) => {
                return Err(TestCaseError::fail(format!(
                    "move text `{text}` does not read back: {e}: {at}"
                )))
            }
        }
        // The variant's own notation, where it has one, reads back too.
        if let Some(written) = v.write_notation(pos, m) {
            prop_assert_eq!(
                v.parse_notation(pos, &written),
                Ok(m),
                "notation `{}` does not read back: {}",
                written,
                at
            );
        }
        let child = v.play_unchecked(pos, m);
        let mut made = pos.clone();
        v.make(&mut made, m, &mut undo);
        prop_assert!(made == child, "make `{}` differs from play: {}", text, at);
        prop_assert_eq!(made.hash(), child.hash(), "make `{}` hash: {}", text, at);
        prop_assert!(v.unmake(&mut made, &mut undo), "unmake `{}`: {}", text, at);
        prop_assert!(made == *pos, "unmake `{}` does not restore: {}", text, at);
        prop_assert_eq!(made.hash(), pos.hash(), "unmake `{}` hash: {}", text, at);
        sum += v.perft(&child, 1);
    }
    prop_assert_eq!(
        v.perft(pos, 2),
        sum,
        "perft(2) is not the sum of the children's perft(1): {}",
        at
    );
    tally.moves.fetch_add(children.len(), Ordering::Relaxed);
    Ok(legal)
}

/// The view of `side`: what it must show and hide. Returns the view.
fn check_view_hides(
    v: &Variant,
    pos: &Position,
    side: Color,
    at: &At,
    tally: &Tally,
) -> Result<Position, TestCaseError> {
    let view = v.redact(pos, side);
    let Some(layers) = &v.layers else {
        prop_assert!(
            view == *pos,
            "a game without layers has nothing to hide: {}",
            at
        );
        return Ok(view);
    };
    let them = side.opponent();
    let t = &v.topology;
    let view_fen = v.fen(&view);
    prop_assert_eq!(
        view.hash(),
        v.hash_from_scratch(&view),
        "{:?}'s view: hash: {}",
        side,
        at
    );
    // The surface is seen whole, and the viewer's own parts as they are.
    prop_assert_eq!(view.side_to_move(), pos.side_to_move());
    prop_assert_eq!(view.occupied(), pos.occupied(), "{:?}'s view: {}", side, at);
    for cell in pos.occupied().cells() {
        prop_assert_eq!(view.piece_at(cell), pos.piece_at(cell), "{}", at);
    }
    prop_assert_eq!(view.markers_of(side), pos.markers_of(side), "{}", at);
    prop_assert_eq!(view.submerged_of(side), pos.submerged_of(side), "{}", at);
    for cell in pos.pieces_of(side).cells() {
        prop_assert_eq!(view.state_at(cell), pos.state_at(cell), "{}", at);
    }
    // The opponent's hidden markers are gone, visible ones stay.
    for cell in pos.markers_of(them).cells() {
        let (ty, owner) = pos.marker_at(cell).expect("a marker");
        let marker = &layers.markers[ty as usize];
        if marker.hidden {
            prop_assert_eq!(
                view.marker_at(cell),
                None,
                "{:?}'s view shows a hidden marker on {}: {}",
                side,
                t.name(cell),
                at
            );
            let token = match owner {
                Color::White => marker.letter,
                Color::Black => marker.letter.to_ascii_lowercase(),
            };
            prop_assert!(
                !view_fen.contains(&format!("*{token}}}")),
                "{:?}'s view FEN `{}` shows a hidden marker: {}",
                side,
                view_fen,
                at
            );
            tally.hidden.fetch_add(1, Ordering::Relaxed);
        } else {
            prop_assert_eq!(view.marker_at(cell), Some((ty, owner)), "{}", at);
        }
    }
    // So are its hidden submerged pieces (with their state entries).
    for cell in pos.submerged_of(them).cells() {
        let piece = pos.submerged_at(cell).expect("a submerged piece");
        let hidden = layers.kinds[piece.kind().index()]
            .submerge
            .is_some_and(|s| s.hidden);
        if hidden {
            prop_assert_eq!(
                view.submerged_at(cell),
                None,
                "{:?}'s view shows a hidden submerged piece on {}: {}",
                side,
                t.name(cell),
                at
            );
            prop_assert!(
                !view_fen.contains(&format!("_{}", v.letter(piece)))
                    && !view_fen.contains(&format!("_{}.", t.name(cell))),
                "{:?}'s view FEN `{}` shows a hidden submerged piece: {}",
                side,
                view_fen,
                at
            );
            tally.hidden.fetch_add(1, Ordering::Relaxed);
        } else {
            prop_assert_eq!(view.submerged_at(cell), Some(piece), "{}", at);
        }
    }
    // Its hidden ammunition counts read full, and the view's FEN says nothing of them.
    let state_entries: Vec<&str> = view_fen
        .split_whitespace()
        .skip(6)
        .flat_map(|f| f.split(','))
        .collect();
    for cell in pos.pieces_of(them).cells() {
        let piece = pos.piece_at(cell).expect("a piece");
        for (slot, ammo) in layers.kinds[piece.kind().index()].ammo.iter().enumerate() {
            if !ammo.hidden {
                prop_assert_eq!(
                    view.state_at(cell).ammo(slot),
                    pos.state_at(cell).ammo(slot)
                );
                continue;
            }
            prop_assert_eq!(
                view.state_at(cell).ammo(slot),
                ammo.count,
                "{:?}'s view: ammunition on {}: {}",
                side,
                t.name(cell),
                at
            );
            let entry = format!("{}.{}=", t.name(cell), ammo.name);
            prop_assert!(
                !state_entries.iter().any(|e| e.starts_with(&entry)),
                "{:?}'s view FEN `{}` tells a hidden count: {}",
                side,
                view_fen,
                at
            );
            if pos.state_at(cell).ammo(slot) != ammo.count {
                tally.hidden.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    Ok(view)
}

/// A view's FEN reads back as the view.
fn check_view_reads_back(
    v: &Variant,
    view: &Position,
    side: Color,
    at: &At,
) -> Result<(), TestCaseError> {
    let fen = v.fen(view);
    let back = match read_view(v, &fen) {
        Ok(back) => back,
        Err(e) => {
            return Err(TestCaseError::fail(format!(
                "{side:?}'s view `{fen}` does not read back: {e}: {at}"
            )))
        }
    };
    prop_assert_eq!(
        v.fen(&back),
        fen.as_str(),
        "{:?}'s view FEN round trip: {}",
        side,
        at
    );
    prop_assert!(
        back == *view,
        "{:?}'s view reads back as another position: {}",
        side,
        at
    );
    prop_assert_eq!(back.hash(), view.hash(), "{:?}'s view hash: {}", side, at);
    Ok(())
}

/// Plays one playout of `v`, checking every position on the way.
fn play(
    name: &str,
    v: &Variant,
    playout: &Playout,
    checks: Checks,
    tally: &Tally,
) -> Result<(), TestCaseError> {
    let mut pos = v.start_position();
    v.draw_parameters(&mut pos, &mut StdRng::seed_from_u64(playout.seed));
    let mut played: Vec<String> = Vec::new();
    for (ply, (pick, draw)) in playout.plies.iter().enumerate() {
        let fen = v.fen(&pos);
        let at = At {
            name,
            moves: &played,
            fen: &fen,
        };
        tally.positions.fetch_add(1, Ordering::Relaxed);
        let legal = if checks.position {
            if checks.fen {
                check_fen_and_hash(v, &pos, &at)?;
            }
            check_moves(v, &pos, &at, tally)?
        } else {
            v.legal_moves(&pos)
        };
        if checks.views_hide || checks.views_read_back {
            for side in Color::BOTH {
                let view = check_view_hides(v, &pos, side, &at, tally)?;
                if checks.views_read_back {
                    check_view_reads_back(v, &view, side, &at)?;
                }
            }
        }
        if legal.is_empty() || ply + 1 == playout.plies.len() {
            break;
        }
        let mut m = legal[pick.index(legal.len())];
        let cells: Vec<_> = v.chance_cells(&pos, m).cells().collect();
        if !cells.is_empty() {
            m = m.with_outcome(cells[draw.index(cells.len())]);
        }
        played.push(v.move_text(m));
        pos = v.play_unchecked(&pos, m);
    }
    Ok(())
}

/// Runs `budget(name)` playouts of up to so many plies of each named variant; panics with
/// every variant's shrunk failure. Returns the tally per variant.
fn run(
    variants: &[(&str, Variant)],
    budget: impl Fn(&str) -> (u32, usize),
    checks: Checks,
) -> Vec<Tally> {
    let mut failures = Vec::new();
    let mut tallies = Vec::new();
    for (i, (name, v)) in variants.iter().enumerate() {
        let (games, plies) = budget(name);
        let config = Config {
            cases: games,
            rng_seed: RngSeed::Fixed(2026 + i as u64),
            failure_persistence: None,
            max_shrink_iters: 512,
            max_shrink_time: 120_000,
            ..Config::default()
        };
        let tally = Tally::default();
        let mut runner = TestRunner::new(config);
        let result = runner.run(&playouts(plies), |p| play(name, v, &p, checks, &tally));
        eprintln!(
            "{name}: {games} playouts, {} positions, {} moves checked, {} hidden things \
             (a failure's shrinking included)",
            tally.positions.load(Ordering::Relaxed),
            tally.moves.load(Ordering::Relaxed),
            tally.hidden.load(Ordering::Relaxed),
        );
        if let Err(e) = result {
            failures.push(format!("{name}: {e}"));
        }
        tallies.push(tally);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    tallies
}

fn env_or<T: std::str::FromStr>(var: &str, default: T) -> T {
    std::env::var(var)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The variants with something to hide.
fn hiding(variants: Vec<(&'static str, Variant)>) -> Vec<(&'static str, Variant)> {
    variants
        .into_iter()
        .filter(|(_, v)| {
            v.layers.as_ref().is_some_and(|l| {
                l.markers.iter().any(|m| m.hidden)
                    || l.kinds.iter().any(|k| {
                        k.submerge.is_some_and(|s| s.hidden) || k.ammo.iter().any(|a| a.hidden)
                    })
            })
        })
        .collect()
}

const POSITIONS: Checks = Checks {
    position: true,
    fen: true,
    views_hide: true,
    views_read_back: false,
};

const VIEWS: Checks = Checks {
    position: false,
    fen: false,
    views_hide: true,
    views_read_back: true,
};

#[test]
fn every_bundled_variant_holds_its_properties_along_random_playouts() {
    let variants = bundled();
    assert!(variants.len() >= 8, "the bundled variants");
    let tallies = run(&variants, short, POSITIONS);
    for ((name, _), tally) in variants.iter().zip(&tallies) {
        assert!(
            tally.moves.load(Ordering::Relaxed) > 0,
            "{name}: no move checked"
        );
    }
}

/// The games of Fairy-Stockfish's suite with pieces in hand (`variants/fsf/`): drops, pockets
/// in the FEN, promoted pieces' `~` and gating (S-chess, S-house: the gated moves counted in
/// bulk against the list) go through the same checks.
fn with_hands() -> Vec<(&'static str, Variant)> {
    [
        "crazyhouse",
        "loop",
        "chessgi",
        "pocketknight",
        "seirawan",
        "shouse",
    ]
    .into_iter()
    .map(|name| (name, fsf(name)))
    .collect()
}

#[test]
fn games_with_pieces_in_hand_hold_their_properties_along_random_playouts() {
    let variants = with_hands();
    let tallies = run(&variants, short, POSITIONS);
    for ((name, _), tally) in variants.iter().zip(&tallies) {
        assert!(
            tally.moves.load(Ordering::Relaxed) > 0,
            "{name}: no move checked"
        );
    }
}

/// The games of Fairy-Stockfish's suite with the newer mechanisms (`variants/fsf/`): forced
/// capture, extinction of a kind, check counters in the key and the FEN, no checks, two
/// royal pieces each protected or one of them, hoppers' checks and hurdles, royal pieces that may not face
/// each other (or must break the facing), the flag reply, blasts made and unmade (touching kings, kings blown up), a royal piece that
/// may not flee, first moves closed in check, lost to a rook and written in the castling
/// field, standing promotions, and walls put down and moved (the duck) go through the same
/// checks.
fn suite_games() -> Vec<(&'static str, Variant)> {
    let names = [
        "antichess",
        "giveaway",
        "codrus",
        "losers",
        "threekings",
        "extinction",
        "3check",
        "racingkings",
        "coregal",
        "spartan",
        "xiangqi",
        "manchu",
        "shako",
        "grasshopper",
        "atomic",
        "atomic960",
        "nocheckatomic",
        "atomar",
        "makpong",
        "cambodian",
        "karouk",
        "sittuyin",
        "duck",
        "amazons",
    ];
    names.into_iter().map(|name| (name, fsf(name))).collect()
}

#[test]
fn suite_games_with_end_rules_and_explosions_hold_their_properties_along_random_playouts() {
    let variants = suite_games();
    let tallies = run(&variants, short, POSITIONS);
    for ((name, _), tally) in variants.iter().zip(&tallies) {
        assert!(
            tally.moves.load(Ordering::Relaxed) > 0,
            "{name}: no move checked"
        );
    }
}

/// Janggi: cannons that may not hop over cannons, and facing kings that must be broken
/// (or answered by a pass), against the reference. Its FEN cannot say that the last move
/// was a pass (two in a row end the game), so FEN round trips are left out.
#[test]
fn janggi_holds_its_properties_along_random_playouts_but_the_fen() {
    let janggi = vec![("janggi", crate::support::fsf("janggi"))];
    let checks = Checks {
        fen: false,
        ..POSITIONS
    };
    let tallies = run(&janggi, short, checks);
    assert!(
        tallies[0].moves.load(Ordering::Relaxed) > 0,
        "no move checked"
    );
}

#[test]
fn views_hide_the_opponents_hidden_parts_and_read_back() {
    let variants = hiding(bundled());
    let names: Vec<&str> = variants.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, ["seachess"], "the bundled games with hidden parts");
    let tallies = run(&variants, |_| (CI_VIEW_GAMES, CI_VIEW_PLIES), VIEWS);
    // The playouts reach positions with mines, dives and spent mines to hide.
    assert!(
        tallies[0].hidden.load(Ordering::Relaxed) > 0,
        "nothing was hidden"
    );
}

/// The long run: `cargo test --release --test properties playouts -- --ignored`, sized by
/// `FAIRY_LONG_GAMES` and `FAIRY_LONG_PLIES`.
#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_every_bundled_variant_holds_its_properties() {
    let games = env_or("FAIRY_LONG_GAMES", LONG_GAMES);
    let plies = env_or("FAIRY_LONG_PLIES", LONG_PLIES);
    run(&bundled(), |_| (games, plies), POSITIONS);
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_views_hide_and_read_back() {
    let games = env_or("FAIRY_LONG_GAMES", LONG_GAMES);
    let plies = env_or("FAIRY_LONG_PLIES", LONG_PLIES);
    run(&hiding(bundled()), |_| (games, plies), VIEWS);
}

/// The long run of the suite's games with pieces in hand, end rules, explosions and walls.
#[test]
#[ignore = "long: run with --release -- --ignored"]
fn long_suite_games_hold_their_properties() {
    let games = env_or("FAIRY_LONG_GAMES", LONG_GAMES);
    let plies = env_or("FAIRY_LONG_PLIES", LONG_PLIES);
    let mut variants = with_hands();
    variants.extend(suite_games());
    run(&variants, |_| (games, plies), POSITIONS);
}
