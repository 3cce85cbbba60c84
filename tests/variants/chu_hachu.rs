//! Chu Shogi (`variants/chu-shogi.yaml`) against HaChu, H.G. Muller's Chu Shogi engine
//! (Debian's `hachu`, installed by scripts/test), over the XBoard protocol: seeded random
//! games in which every move our engine lists is sent to HaChu and must be accepted, the
//! squares HaChu highlights for each piece must be those our moves reach, and every move
//! HaChu plays must be in our list.
//!
//! HaChu's ways, learnt from its protocol and source (docs/games/chu-shogi.md):
//! - a position is set up with `setboard` and the board field alone, White always to move:
//!   a position with Black to move is turned round (and its colours swapped), moves too;
//! - after a `setboard` it may keep move lists from the position before (the start
//!   position's too, after `new`), so each position is tried in a fresh process given no
//!   `new`; a position where the side to move can take the enemy king is never tried
//!   (HaChu's list is then stale);
//! - it refuses any repeated position unless `Allow repeats` is set; a pawn that declined
//!   to promote never promotes in HaChu (its own quirk), so the random side never declines
//!   with a pawn in the game HaChu follows (each declining move is still tried);
//! - a pass is `@@@@`, a two-leg move `f6f7,f7f8`, a promotion `+`; its own two-leg moves
//!   come as two `move` lines.

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use fairy_rules::{Color, Kind, Move, MoveKind, Position, Ruleset, Variant};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::support::piped::Piped;

const HACHU: &str = "/usr/games/hachu";

fn chu() -> Variant {
    crate::support::variant("chu-shogi")
}

/// HaChu as a child process, the test being its GUI.
struct HaChu {
    engine: Piped,
    pings: u32,
}

impl HaChu {
    /// HaChu in force mode on the start position, or on `board` (HaChu's board field, White
    /// to move), repeats allowed.
    fn start(board: Option<&str>) -> HaChu {
        assert!(
            std::path::Path::new(HACHU).exists(),
            "HaChu is missing: apt-get install hachu (scripts/test does)"
        );
        let mut h = HaChu {
            engine: Piped::start(HACHU, &[]),
            pings: 0,
        };
        h.engine.send("xboard");
        h.engine.send("protover 2");
        h.until(|l| l.contains("feature done=1"));
        for line in ["memory 8", "option Allow repeats=1"] {
            h.engine.send(line);
        }
        // Not `new` before a `setboard`: its start position's hash move would come back
        // into the new position's list (the start's h4h5 offered to any piece on h4).
        match board {
            Some(board) => {
                h.engine.send("force");
                h.engine.send(&format!("setboard {board}"));
            }
            None => {
                h.engine.send("new");
                h.engine.send("force");
            }
        }
        h.sync();
        h
    }

    /// The lines up to and with the first that `last` accepts, HaChu's debug lines left out.
    fn until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self
                .engine
                .line(Duration::from_secs(60))
                .unwrap_or_else(|| panic!("HaChu fell silent; so far {got:?}"));
            if line.starts_with('#') || line.starts_with("make ") {
                continue;
            }
            let done = last(&line);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    /// What HaChu said before answering a ping.
    fn sync(&mut self) -> Vec<String> {
        self.pings += 1;
        let pong = format!("pong {}", self.pings);
        self.engine.send(&format!("ping {}", self.pings));
        let mut lines = self.until(|l| l == pong);
        lines.pop();
        lines
    }

    /// Whether HaChu takes `text` as a legal move here; the move is taken back.
    fn accepts(&mut self, text: &str) -> Result<(), Vec<String>> {
        let said = self.play(text);
        if said.is_ok() {
            self.engine.send("undo");
            self.sync();
        }
        said
    }

    /// Makes `text` on HaChu's board, or says why not.
    fn play(&mut self, text: &str) -> Result<(), Vec<String>> {
        self.engine.send(&format!("usermove {text}"));
        let said = self.sync();
        match said.iter().any(|l| l.starts_with("Illegal move")) {
            true => Err(said),
            false => Ok(()),
        }
    }

    /// The squares HaChu marks for the piece on `square` (`lift`, XBoard's highlight
    /// protocol): its one-leg destinations, the first-leg cells of its two-leg moves, and
    /// its own square when it may pass.
    fn lift(&mut self, square: &str) -> BTreeSet<String> {
        self.engine.send(&format!("lift {square}"));
        let said = self.sync();
        let board = said
            .iter()
            .find_map(|l| l.strip_prefix("highlight "))
            .unwrap_or_else(|| panic!("no highlight for {square}: {said:?}"));
        let mut marked = BTreeSet::new();
        for (r, rank) in board.split('/').enumerate() {
            let mut file = 0u8;
            let mut digits = String::new();
            for c in rank.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                file += digits.parse::<u8>().unwrap_or(0);
                digits.clear();
                marked.insert(square_name(file, 11 - r as u8));
                file += 1;
            }
        }
        marked
    }

    /// HaChu's move for the side to move, at a shallow depth, in its own text.
    fn go(&mut self) -> String {
        for line in ["sd 2", "level 0 5 0", "time 3000", "otim 3000", "go"] {
            self.engine.send(line);
        }
        let mut text = String::new();
        loop {
            let line = self.until(|l| l.starts_with("move "));
            let leg = line.last().expect("a move line")["move ".len()..].to_string();
            text.push_str(&leg);
            if !leg.ends_with(',') {
                break;
            }
        }
        self.engine.send("force");
        self.sync();
        text
    }
}

/// How our pieces are written for HaChu: promoted kinds as `+` and the kind that promotes to
/// them.
struct Letters {
    base: HashMap<Kind, Kind>,
}

impl Letters {
    fn new(rules: &Ruleset) -> Letters {
        let mut base = HashMap::new();
        for k in 0..rules.pieces.len() {
            let kind = Kind::new(k as u8);
            if let Some(p) = &rules.piece_type(kind).promotion {
                for &choice in p.choices.iter().flatten() {
                    base.insert(choice, kind);
                }
            }
        }
        Letters { base }
    }

    /// HaChu's board field of `pos`, turned round with colours swapped when `turned`.
    fn board(&self, rules: &Ruleset, pos: &Position, turned: bool) -> String {
        let t = &rules.topology;
        let mut ranks = Vec::new();
        for r in (0..12u8).rev() {
            let mut rank = String::new();
            let mut empty = 0;
            for f in 0..12u8 {
                let (ff, rr) = if turned { (11 - f, 11 - r) } else { (f, r) };
                let cell = t.parse_cell(&square_name(ff, rr)).expect("a 12x12 board");
                let Some(piece) = pos.piece_at(cell) else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    rank.push_str(&empty.to_string());
                    empty = 0;
                }
                let (kind, plus) = match self.base.get(&piece.kind()) {
                    Some(&b) if rules.piece_type(piece.kind()).promoted => (b, "+"),
                    _ => (piece.kind(), ""),
                };
                let white = (piece.color() == Color::White) != turned;
                let letter = rules.piece_type(kind).letter;
                rank.push_str(plus);
                rank.push(match white {
                    true => letter.to_ascii_uppercase(),
                    false => letter.to_ascii_lowercase(),
                });
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            ranks.push(rank);
        }
        ranks.join("/")
    }
}

/// The name of the square on zero-based `file` and `rank`.
fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// HaChu's text of `m`, on a board turned round when `turned`.
fn hachu_text(rules: &Ruleset, m: Move, turned: bool) -> String {
    let name = |c| hachu_square(rules, c, turned);
    let plus = if m.promotion.is_some() { "+" } else { "" };
    match m.kind {
        MoveKind::TwoLegs { taken: None, .. } if m.to == m.from => "@@@@".into(),
        MoveKind::TwoLegs { via, .. } => {
            format!(
                "{}{},{}{}{plus}",
                name(m.from),
                name(via),
                name(via),
                name(m.to)
            )
        }
        _ => format!("{}{}{plus}", name(m.from), name(m.to)),
    }
}

/// For every piece of the side to move, the squares HaChu marks when it is lifted must be
/// those our moves reach: one-leg destinations and the cells two-leg moves capture on first.
/// Left out on both sides: the piece's own square (HaChu marks a pass there only at times;
/// passes are tried as moves), and a lion's captures of lions (HaChu marks them before its
/// search judges the trading rules).
fn compare_lifts(
    rules: &Ruleset,
    hachu: &mut HaChu,
    pos: &Position,
    legal: &[Move],
    (game, ply): (usize, usize),
) {
    let turned = pos.side_to_move() == Color::Black;
    let lion = |p: Option<fairy_rules::Piece>| {
        p.is_some_and(|p| matches!(rules.piece_type(p.kind()).letter, 'N' | 'Ξ'))
    };
    let mut origins: Vec<_> = legal.iter().map(|m| m.from).collect();
    origins.sort();
    origins.dedup();
    for from in origins {
        let name = |c| hachu_square(rules, c, turned);
        let lion_takes_lion = |c| lion(pos.piece_at(from)) && lion(pos.piece_at(c));
        let mut ours = BTreeSet::new();
        for m in legal.iter().filter(|m| m.from == from) {
            let cell = match m.kind {
                MoveKind::TwoLegs { via, .. } => via,
                _ => m.to,
            };
            if cell != from && !lion_takes_lion(cell) {
                ours.insert(name(cell));
            }
        }
        let theirs: BTreeSet<String> = hachu
            .lift(&name(from))
            .into_iter()
            .filter(|sq| {
                let cell = rules
                    .topology
                    .parse_cell(&unturned(sq, turned))
                    .expect("a cell");
                cell != from && !lion_takes_lion(cell)
            })
            .collect();
        assert_eq!(
            theirs,
            ours,
            "game {game}, ply {ply}: HaChu's squares for the piece on {} differ at {}",
            name(from),
            rules.fen(pos)
        );
    }
}

/// Our name of HaChu's square `sq` on a board turned round when `turned`.
fn unturned(sq: &str, turned: bool) -> String {
    let f = sq.as_bytes()[0] - b'a';
    let r: u8 = sq[1..].parse::<u8>().expect("a rank") - 1;
    match turned {
        true => square_name(11 - f, 11 - r),
        false => sq.to_string(),
    }
}

/// HaChu's name of `cell`, on a board turned round when `turned`.
fn hachu_square(rules: &Ruleset, cell: fairy_rules::Cell, turned: bool) -> String {
    unturned(&rules.topology.name(cell), turned)
}

/// The legal move HaChu's `text` names (not turned round).
fn ours(rules: &Ruleset, legal: &[Move], text: &str) -> Option<Move> {
    legal
        .iter()
        .copied()
        .find(|&m| hachu_text(rules, m, false) == text)
}

/// Whether the side to move can capture an enemy royal piece.
fn can_take_royal(rules: &Ruleset, legal: &[Move]) -> bool {
    let royal = |p: Option<fairy_rules::Piece>| p.is_some_and(|p| rules.piece_type(p.kind()).royal);
    legal.iter().any(|m| {
        royal(m.captured) || matches!(m.kind, MoveKind::TwoLegs { taken, .. } if royal(taken))
    })
}

#[test]
fn hachu_accepts_every_move_we_list_and_plays_only_moves_we_list() {
    let (tried, theirs, two_legs) = games(0xC4, 3);
    // Enough of each to mean something: every position's list, HaChu's own moves, and the
    // two-leg moves among them.
    assert!(tried > 8_000, "{tried} moves tried");
    assert!(theirs > 60, "{theirs} of HaChu's moves");
    assert!(two_legs > 200, "{two_legs} two-leg moves tried");
}

/// The same over 40 more games (several minutes): `cargo test -- --ignored`.
#[test]
#[ignore = "long: 40 games against HaChu"]
fn hachu_agrees_over_forty_games() {
    let (tried, _, _) = games(0xC5, 40);
    assert!(tried > 100_000, "{tried} moves tried");
}

/// Plays `count` games from `seed`: our side (White) random, preferring captures half the
/// time so that lions meet; returns the moves tried, HaChu's moves and the two-leg moves
/// tried.
fn games(seed: u64, count: usize) -> (usize, usize, usize) {
    let rules = chu();
    let letters = Letters::new(&rules);
    let pawn = rules.kind_of_letter('P').expect("a pawn");
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut tried, mut theirs, mut two_legs) = (0usize, 0usize, 0usize);
    for game in 0..count {
        let mut pos = rules.start_position();
        let mut follower = HaChu::start(None);
        for ply in 0..60 {
            if rules.outcome(&pos).is_some() {
                break;
            }
            let legal = rules.legal_moves(&pos);
            let turned = pos.side_to_move() == Color::Black;
            if !can_take_royal(&rules, &legal) {
                let board = letters.board(&rules, &pos, turned);
                let mut fresh = HaChu::start(Some(&board));
                compare_lifts(&rules, &mut fresh, &pos, &legal, (game, ply));
                for &m in &legal {
                    let text = hachu_text(&rules, m, turned);
                    if let Err(said) = fresh.accepts(&text) {
                        panic!(
                            "game {game}, ply {ply}: HaChu refuses {} ({text} on {board}): {said:?}",
                            rules.move_text(m)
                        );
                    }
                    tried += 1;
                    two_legs += matches!(m.kind, MoveKind::TwoLegs { .. }) as usize;
                }
            }
            let m = if turned {
                let text = follower.go();
                theirs += 1;
                ours(&rules, &legal, &text).unwrap_or_else(|| {
                    panic!("game {game}, ply {ply}: HaChu plays {text}, not a legal move here")
                })
            } else {
                let deferred_pawn = |m: &Move| {
                    m.piece.kind() == pawn
                        && m.promotion.is_none()
                        && legal.iter().any(|o| {
                            o.promotion.is_some()
                                && Move {
                                    promotion: None,
                                    ..*o
                                } == *m
                        })
                };
                let choices: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| !deferred_pawn(m))
                    .collect();
                // Captures half the time when there are any, so that lions meet and trade.
                let captures: Vec<Move> =
                    choices.iter().copied().filter(|m| m.is_capture()).collect();
                let pool = if !captures.is_empty() && rng.random_bool(0.5) {
                    &captures
                } else {
                    &choices
                };
                let m = *pool.choose(&mut rng).expect("a move");
                let text = hachu_text(&rules, m, false);
                if let Err(said) = follower.play(&text) {
                    panic!("game {game}, ply {ply}: HaChu's game refuses {text}: {said:?}");
                }
                m
            };
            pos = rules.play(&pos, m).expect("a legal move");
        }
    }
    (tried, theirs, two_legs)
}
