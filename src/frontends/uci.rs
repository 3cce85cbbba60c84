//! A variant as a UCI engine (the Universal Chess Interface) sees it, in Fairy-Stockfish's
//! conventions for variants: command lines read into [`Command`]s, move text to and from
//! [`Move`]s, the `info` line of a search, the option list, and a [`Session`] that holds the
//! variants offered, the options set and the position. Searching and the threads it needs
//! are the caller's (`fairy uci`).
//!
//! Move text, as Fairy-Stockfish writes it (`go perft 1` lists it):
//! - from and to squares, file letter and rank number (`e2e4`, `a10a9` past rank 9);
//! - a promotion adds the new piece's letter in lower case (`e7e8q`), or `+` when the new
//!   piece is a promoted one (shogi's `b2g7+`), or `-` when a promoted piece turns back into
//!   an unpromoted one (Kyoto shogi's `a1a2-`);
//! - a drop is the piece's upper-case letter, `@` and the square (`P@e4`), with `+` before a
//!   piece dropped promoted side up (`+P@e1`);
//! - gating adds the gated piece's letter (`b1c3h`; castling `e1g1h`, or from the partner's
//!   square to the king's when the gate is the partner's, `h1e1h`);
//! - castling is the king's move to its square (`e1g1`), or, with `UCI_Chess960` on or
//!   where the king could also step there, the king onto its partner (`e1h1`);
//! - a pass is the royal piece's square twice (`e2e2`); a wall follows a comma (`e2e4,e4h5`);
//! - moves Fairy-Stockfish has no form for (containers, layers) are written in the library's
//!   own move text ([`Ruleset::move_text`]).
//!
//! Variants with chance events or hidden parts are not offered: UCI gives an engine the whole
//! position, and no dice.

use std::path::Path;
use std::time::Duration;

use crate::engine::{Move, MoveKind, Position};
use crate::load::variant::{LoadError, Variant};
use crate::play::game::Game;
use crate::play::search::{SearchLimits, SearchResult, MOVE_OVERHEAD};
use crate::rules::Ruleset;
use crate::types::piece::Color;

/// Fairy-Stockfish's variant names (those of its `UCI_Variant` option in version 11.1): a
/// definition whose id, without its hyphens, is one of them is offered under that name.
const FSF_VARIANTS: [&str; 77] = [
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "antichess",
    "asean",
    "breakthrough",
    "bughouse",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chess",
    "chessgi",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "courier",
    "crazyhouse",
    "dobutsu",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fischerandom",
    "gardner",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "hoppelpoppel",
    "horde",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "manchu",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "modern",
    "newzealand",
    "nocastle",
    "normal",
    "placement",
    "pocketknight",
    "racingkings",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shouse",
    "sittuyin",
    "suicide",
    "supply",
    "threekings",
    "xiangqi",
];

/// The variant a new session plays, as UCI's default.
pub const DEFAULT_VARIANT: &str = "chess";

/// The largest transposition table the `Hash` option allows, in MiB.
pub const MAX_HASH: usize = 4096;

/// The transposition table's size until `Hash` is set, in MiB.
pub const DEFAULT_HASH: usize = 16;

/// The contempt until `Contempt` is set, in centipawns ([`Searcher::set_contempt`]): none,
/// so that an analysis scores a draw as a draw.
///
/// [`Searcher::set_contempt`]: crate::search::Searcher::set_contempt
pub const DEFAULT_CONTEMPT: i32 = 0;

/// The largest contempt `Contempt` allows either way, in centipawns (Fairy-Stockfish's
/// bound).
pub const MAX_CONTEMPT: i32 = 100;

/// The longest command line read, in bytes: a `position` command with a game of a few
/// thousand moves. A longer one is refused unread.
pub const MAX_LINE: usize = 64 * 1024;

/// The longest move text read, in bytes; a longer one is refused unread.
pub const MAX_MOVE_TEXT: usize = 64;

/// The deepest `go perft` counted: deeper ones would hold the session for hours.
pub const MAX_PERFT: u32 = 8;

/// The name under which the definition `id` (a bundled name or a file's stem) is offered:
/// Fairy-Stockfish's name when `id` without its hyphens is one (`king-of-the-hill` is
/// `kingofthehill`), else `id`. See the example of [`move_text`].
pub fn uci_name(id: &str) -> String {
    let joined: String = id.chars().filter(|&c| c != '-').collect();
    match FSF_VARIANTS.contains(&joined.as_str()) && !FSF_VARIANTS.contains(&id) {
        true => joined,
        false => id.to_string(),
    }
}

/// Why a variant cannot be played over UCI, if it cannot: chance events, or parts hidden
/// from a side (UCI gives the engine the whole position).
///
/// See the example of [`move_text`].
pub fn refusal(rules: &Ruleset) -> Option<String> {
    let why = if rules.chance.is_some() {
        "its chance events"
    } else if rules.has_hidden_information() {
        "its hidden parts"
    } else {
        return None;
    };
    Some(format!("{}: UCI cannot play {why}", rules.name))
}

/// A command line from the GUI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options, `uciok`.
    Uci,
    /// `debug on|off`: accepted, changes nothing.
    Debug,
    /// `isready`: answer `readyok`, even while searching.
    IsReady,
    /// `setoption name NAME [value VALUE]`; the name as written, the value empty when none.
    SetOption {
        /// The option's name (UCI compares names without regard to case).
        name: String,
        /// Its value, spaces kept inside.
        value: String,
    },
    /// `register ...`: accepted, nothing to register.
    Register,
    /// `ucinewgame`: the next position belongs to another game.
    UciNewGame,
    /// `position startpos|fen FEN [moves M...]`.
    Position {
        /// The FEN, `None` for the start position.
        fen: Option<String>,
        /// The moves from it, in UCI move text.
        moves: Vec<String>,
    },
    /// `go ...`: search, or count (`perft`).
    Go(Go),
    /// `stop`: end the search and give its move.
    Stop,
    /// `ponderhit`: the move pondered on was played; the search goes on on the clock.
    PonderHit,
    /// `quit`.
    Quit,
}

/// The parameters of `go`; times in milliseconds as UCI gives them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// `depth`: plies.
    pub depth: Option<u32>,
    /// `nodes`: positions to visit at most.
    pub nodes: Option<u64>,
    /// `movetime`: time for this move.
    pub movetime: Option<Duration>,
    /// `wtime`, `btime`: time left on each side's clock (a negative time counts as none).
    pub time: [Option<Duration>; 2],
    /// `winc`, `binc`: each side's increment per move.
    pub increment: [Option<Duration>; 2],
    /// `movestogo`: moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// `mate N`: look for a mate in N moves (searched as 2N plies).
    pub mate: Option<u32>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
    /// `ponder`: on the opponent's time, until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `perft N`: count the leaves N plies down instead of searching, per root move.
    pub perft: Option<u32>,
    /// `searchmoves`: given, and not followed (every move is searched).
    pub searchmoves: bool,
}

impl Go {
    /// The limits of a search for `side` to move: the depth (or the mate's plies), the nodes,
    /// and the time: `movetime` less [`MOVE_OVERHEAD`], else a share of the side's clock
    /// ([`SearchLimits::clock_share`]); none for `infinite` or `ponder`. Without any limit
    /// the search goes on until stopped. The stop flag is left to the caller.
    ///
    /// See the example of [`bestmove_line`].
    pub fn limits(&self, side: Color) -> SearchLimits {
        let i = side.index();
        let time = if self.infinite || self.ponder {
            None
        } else if let Some(t) = self.movetime {
            Some(t.saturating_sub(MOVE_OVERHEAD.min(t / 2)))
        } else {
            self.time[i].map(|left| {
                SearchLimits::clock_share(
                    left,
                    self.increment[i].unwrap_or_default(),
                    self.moves_to_go,
                )
            })
        };
        let depth = match (self.depth, self.mate) {
            (Some(d), _) => Some(d),
            (None, Some(m)) => Some(m.saturating_mul(2).max(1)),
            (None, None) => None,
        };
        SearchLimits {
            depth,
            nodes: self.nodes,
            time,
            stop: None,
        }
    }
}

/// Reads a command line; `Ok(None)` for a blank one.
///
/// # Errors
/// An `info string` line's text for a line too long, an unknown command, or a command
/// whose parameters do not read (a number out of range, `position` without a start).
///
/// See the example of [`bestmove_line`].
pub fn read_command(line: &str) -> Result<Option<Command>, String> {
    if line.len() > MAX_LINE {
        return Err(format!("a line longer than {MAX_LINE} bytes is not read"));
    }
    let mut words = line.split_whitespace();
    let Some(word) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let command = match word {
        "uci" => Command::Uci,
        "debug" => Command::Debug,
        "isready" => Command::IsReady,
        "setoption" => set_option(&rest)?,
        "register" => Command::Register,
        "ucinewgame" => Command::UciNewGame,
        "position" => position(&rest)?,
        "go" => Command::Go(go(&rest)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        _ => return Err(format!("unknown command: {}", clip(line.trim()))),
    };
    Ok(Some(command))
}

/// At most 80 characters of `text`, for a message.
fn clip(text: &str) -> String {
    match text.char_indices().nth(80) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// `name NAME [value VALUE]`.
fn set_option(words: &[&str]) -> Result<Command, String> {
    let ["name", rest @ ..] = words else {
        return Err("setoption: `name` must come first".into());
    };
    let at = rest.iter().position(|&w| w == "value");
    let (name, value) = match at {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    if name.is_empty() {
        return Err("setoption: no option named".into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value: value.join(" "),
    })
}

/// `startpos|fen FEN [moves M...]`.
fn position(words: &[&str]) -> Result<Command, String> {
    let at = words.iter().position(|&w| w == "moves");
    let (start, moves) = match at {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (words, &[][..]),
    };
    let fen = match start {
        ["startpos"] => None,
        ["fen", fields @ ..] if !fields.is_empty() => Some(fields.join(" ")),
        _ => return Err("position: give `startpos` or `fen FEN`, then `moves` if any".into()),
    };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// The words after `go`.
fn go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        let mut value = || -> Result<i64, String> {
            let text = words
                .get(i)
                .ok_or_else(|| format!("go: `{word}` needs a number"))?;
            i += 1;
            text.parse()
                .map_err(|_| format!("go: `{word} {}` is not a whole number", clip(text)))
        };
        // Times below zero (a GUI's clock run out) count as none left.
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        let positive =
            |v: i64| u32::try_from(v).map_err(|_| format!("go: `{word} {v}` is out of range"));
        match word {
            "depth" => go.depth = Some(positive(value()?)?),
            "nodes" => {
                let v = value()?;
                go.nodes =
                    Some(u64::try_from(v).map_err(|_| format!("go: `nodes {v}` is out of range"))?)
            }
            "movetime" => go.movetime = Some(ms(value()?)),
            "wtime" => go.time[0] = Some(ms(value()?)),
            "btime" => go.time[1] = Some(ms(value()?)),
            "winc" => go.increment[0] = Some(ms(value()?)),
            "binc" => go.increment[1] = Some(ms(value()?)),
            "movestogo" => go.moves_to_go = Some(positive(value()?)?),
            "mate" => go.mate = Some(positive(value()?)?),
            "perft" => go.perft = Some(positive(value()?)?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                go.searchmoves = true;
                // The moves run to the next keyword.
                while i < words.len() && !GO_WORDS.contains(&words[i]) {
                    i += 1;
                }
            }
            _ => return Err(format!("go: unknown parameter `{}`", clip(word))),
        }
    }
    Ok(go)
}

/// The keywords of `go`.
const GO_WORDS: [&str; 13] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "perft",
    "infinite",
    "ponder",
    "searchmoves",
];

/// The letter of `kind` in move text, in lower case.
fn letter(rules: &Ruleset, kind: crate::types::piece::Kind) -> char {
    crate::types::letter::lower(rules.piece_type(kind).letter)
}

/// The suffix of a promotion of `m`'s piece to `to`: `+` into a promoted piece, `-` from a
/// promoted piece back to an unpromoted one, else the new piece's letter.
fn promotion_suffix(rules: &Ruleset, m: Move, to: crate::types::piece::Kind) -> char {
    if rules.piece_type(to).promoted {
        '+'
    } else if rules.piece_type(m.piece.kind()).promoted {
        '-'
    } else {
        letter(rules, to)
    }
}

/// Whether the king of a castling from `from` to `to` could step there by its own movement:
/// then the castling is written onto its partner, as Fairy-Stockfish does when the two
/// would read alike.
fn king_could_step(rules: &Ruleset, m: Move) -> bool {
    Color::BOTH
        .into_iter()
        .any(|c| rules.could_move(m.piece.kind(), c, m.from, m.to))
}

/// A move in UCI's move text as Fairy-Stockfish writes it (see the module documentation);
/// `chess960` writes castling as the king onto its partner.
///
/// ```
/// use fairy_rules::frontends::uci::{move_text, parse_move, refusal, uci_name};
/// use fairy_rules::Variant;
/// let zh = Variant::bundled("crazyhouse")?;
/// let pos = zh.parse_fen("rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3")?;
/// let drop = parse_move(&zh, &pos, "P@e4", false)?;
/// assert_eq!(move_text(&zh, drop, false), "P@e4");
/// assert!(parse_move(&zh, &pos, "e2e4", false).is_err()); // no pawn on e2
/// let chess = Variant::bundled("chess")?;
/// let pos = chess.parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
/// let castling = parse_move(&chess, &pos, "e1g1", false)?;
/// assert_eq!(move_text(&chess, castling, true), "e1h1"); // UCI_Chess960's form
/// assert_eq!(parse_move(&chess, &pos, "e1h1", true)?, castling);
/// assert_eq!(uci_name("king-of-the-hill"), "kingofthehill");
/// assert!(refusal(&chess).is_none());
/// let seachess = Variant::bundled("seachess")?;
/// assert!(refusal(&seachess).is_some()); // hidden parts
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_text(rules: &Ruleset, m: Move, chess960: bool) -> String {
    let t = &rules.topology;
    match m.kind {
        MoveKind::Drop => {
            let turned = if m.promotion.is_some() { "+" } else { "" };
            let letter = rules.piece_type(m.piece.kind()).letter;
            format!("{turned}{letter}@{}", t.name(m.to))
        }
        MoveKind::Normal
        | MoveKind::EnPassant { .. }
        | MoveKind::Castle { .. }
        | MoveKind::Pass => {
            let to = match m.kind {
                MoveKind::Castle { partner_from, .. } if chess960 || king_could_step(rules, m) => {
                    partner_from
                }
                _ => m.to,
            };
            let mut s = match m.gate {
                // A castling's gate on the partner's square: from there to the king's.
                Some(g) if g.cell != m.from => format!("{}{}", t.name(g.cell), t.name(m.from)),
                _ => format!("{}{}", t.name(m.from), t.name(to)),
            };
            if let Some(k) = m.promotion {
                s.push(promotion_suffix(rules, m, k));
            }
            if let Some(g) = m.gate {
                s.push(letter(rules, g.kind));
            }
            if let Some(w) = m.wall {
                s.push(',');
                s.push_str(&t.name(m.to));
                s.push_str(&t.name(w));
            }
            s
        }
        _ => rules.move_text(m),
    }
}

/// The other way a castling may be written: onto its partner where [`move_text`] writes
/// the king's square and the reverse, unless the king could step there (then the king's
/// square means the step).
fn other_castling_text(rules: &Ruleset, m: Move, chess960: bool) -> Option<String> {
    let MoveKind::Castle { .. } = m.kind else {
        return None;
    };
    (!king_could_step(rules, m)).then(|| move_text(rules, m, !chess960))
}

/// Whether `text` has the shape of UCI move text: a drop (`P@e4`, `+P@e4`) or two squares
/// with anything after them.
fn shaped_like_a_move(text: &str) -> bool {
    let square = |s: &str| -> Option<usize> {
        let b = s.as_bytes();
        let digits = b.iter().skip(1).take_while(|c| c.is_ascii_digit()).count();
        (b.first().is_some_and(u8::is_ascii_lowercase) && digits > 0).then_some(1 + digits)
    };
    if let Some((piece, at)) = text.split_once('@') {
        let piece = piece.strip_prefix('+').unwrap_or(piece);
        let mut letters = piece.chars();
        return matches!((letters.next(), letters.next()), (Some(c), None) if c.is_alphabetic())
            && square(at) == Some(at.len());
    }
    square(text).is_some_and(|n| square(&text[n..]).is_some())
}

/// The legal move that `text` names in `pos`: the text [`move_text`] writes for it, or the
/// other form of a castling, or the same with other letter case (`e7e8Q`) when only one
/// move reads so.
///
/// # Errors
/// Why not, in words: the text is not shaped like a move, or no legal move (or more than
/// one) reads so.
///
/// See the example of [`move_text`].
pub fn parse_move(
    rules: &Ruleset,
    pos: &Position,
    text: &str,
    chess960: bool,
) -> Result<Move, String> {
    if !text.is_ascii() || text.len() > MAX_MOVE_TEXT {
        return Err(format!("`{}` is not a move in UCI's notation", clip(text)));
    }
    let legal = rules.legal_moves(pos);
    let written: Vec<(Move, String)> = legal
        .iter()
        .map(|&m| (m, move_text(rules, m, chess960)))
        .collect();
    if let Some((m, _)) = written.iter().find(|(_, w)| w == text) {
        return Ok(*m);
    }
    let others: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| other_castling_text(rules, m, chess960).as_deref() == Some(text))
        .collect();
    if let [m] = others[..] {
        return Ok(m);
    }
    let folded: Vec<Move> = written
        .iter()
        .filter(|(_, w)| w.eq_ignore_ascii_case(text))
        .map(|(m, _)| *m)
        .collect();
    match folded[..] {
        [m] => Ok(m),
        [] if !shaped_like_a_move(text) => Err(format!("`{text}` is not a move in UCI's notation")),
        [] => Err(format!("`{text}` is not a legal move here")),
        _ => Err(format!("`{text}` could be several moves here")),
    }
}

/// A finished search iteration as UCI's `info` line: depth, seldepth, score (`cp` for the
/// side to move, or `mate` in moves, negative when mated), nodes, nodes per second, time in
/// milliseconds, and the line in move text.
///
/// See the example of [`bestmove_line`].
pub fn info_line(rules: &Ruleset, r: &SearchResult, elapsed: Duration, chess960: bool) -> String {
    let ms = elapsed.as_millis();
    let nps = u128::from(r.nodes) * 1000 / ms.max(1);
    let pv: Vec<String> =
        r.pv.iter()
            .map(|&m| move_text(rules, m, chess960))
            .collect();
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {nps} time {ms}",
        r.depth,
        r.seldepth.max(r.depth),
        r.score,
        r.nodes
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The `bestmove` line for a search's result: its move and, when its line goes on, the
/// reply to ponder on; `bestmove (none)` without a move.
///
/// ```
/// use std::time::Duration;
/// use fairy_rules::frontends::uci::{bestmove_line, info_line, read_command, Command};
/// use fairy_rules::search::{SearchLimits, Searcher};
/// use fairy_rules::{Color, Variant};
/// let Some(Command::Go(go)) = read_command("go depth 3 wtime 60000 winc 1000")? else {
///     panic!("not a go")
/// };
/// let limits = go.limits(Color::White);
/// assert_eq!((limits.depth, limits.time), (Some(3), Some(Duration::from_millis(2870))));
/// assert!(read_command("go depth x").is_err());
/// assert_eq!(read_command("   ")?, None);
/// let chess = Variant::bundled("chess")?;
/// let pos = chess.parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
/// let result = Searcher::new(chess.clone()).search(&pos, &[], &SearchLimits::depth(3));
/// assert_eq!(bestmove_line(&chess, &result, false), "bestmove a1a8");
/// let info = info_line(&chess, &result, Duration::from_millis(5), false);
/// assert!(info.starts_with("info depth ") && info.contains(" score mate 1 "), "{info}");
/// assert!(info.ends_with(" pv a1a8"), "{info}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bestmove_line(rules: &Ruleset, r: &SearchResult, chess960: bool) -> String {
    let Some(best) = r.best else {
        return "bestmove (none)".into();
    };
    let mut line = format!("bestmove {}", move_text(rules, best, chess960));
    if let (Some(&first), Some(&reply)) = (r.pv.first(), r.pv.get(1)) {
        if first == best {
            line.push_str(" ponder ");
            line.push_str(&move_text(rules, reply, chess960));
        }
    }
    line
}

/// A variant offered in `UCI_Variant`.
#[derive(Debug, Clone)]
pub struct Offered {
    /// Its name in `UCI_Variant` ([`uci_name`]).
    pub name: String,
    /// The definition's id: a bundled name, or a file's stem.
    pub id: String,
    /// The definition.
    pub variant: Variant,
}

/// The state of a UCI engine between searches: the variants offered and refused, the
/// options set, and the position of the last good `position` command.
///
/// `UCI_Chess960` plays, for the variant `X` chosen, the definition whose id is `X960` (the
/// suite's `atomic960`, `seirawan960`, `extinction960`), which reads Chess960 positions and
/// castles from them; a variant without one is played as it is, castling as its definition
/// says, and `info string` says so. With it on, castling is written king onto partner.
#[derive(Clone)]
pub struct Session {
    offered: Vec<Offered>,
    /// Each refused definition's name and why.
    refused: Vec<(String, String)>,
    /// The index in `offered` of `UCI_Variant`.
    current: usize,
    chess960: bool,
    hash: usize,
    contempt: i32,
    game: Game,
    /// Raised whenever a searcher made before is no longer right (another variant, table
    /// size or game).
    epoch: u64,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session offering every bundled definition that UCI can play, the project's games
    /// and the suite's ([`Variant::bundled_names`], [`Variant::suite_names`]), playing
    /// [`DEFAULT_VARIANT`] from its start.
    ///
    /// See the example of [`Session::handle`].
    pub fn new() -> Session {
        let mut offered = Vec::new();
        let mut refused = Vec::new();
        for id in Variant::bundled_names().chain(Variant::suite_names()) {
            match Variant::bundled(id) {
                Ok(v) => match refusal(&v) {
                    None => offered.push(Offered {
                        name: uci_name(id),
                        id: id.to_string(),
                        variant: v,
                    }),
                    Some(why) => refused.push((uci_name(id), why)),
                },
                Err(e) => refused.push((uci_name(id), e.to_string())),
            }
        }
        offered.sort_by(|a, b| a.name.cmp(&b.name));
        let current = offered
            .iter()
            .position(|o| o.name == DEFAULT_VARIANT)
            .unwrap_or(0);
        let game = Game::new(offered[current].variant.clone());
        Session {
            offered,
            refused,
            current,
            chess960: false,
            hash: DEFAULT_HASH,
            contempt: DEFAULT_CONTEMPT,
            game,
            epoch: 0,
        }
    }

    /// The variants offered, sorted by name.
    ///
    /// See the example of [`Session::handle`].
    pub fn offered(&self) -> &[Offered] {
        &self.offered
    }

    /// The definitions refused: each one's name and why.
    ///
    /// See the example of [`Session::handle`].
    pub fn refused(&self) -> &[(String, String)] {
        &self.refused
    }

    /// The game of the last good `position` (or the start of the variant chosen).
    ///
    /// See the example of [`Session::handle`].
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether castling is written king onto partner (`UCI_Chess960`).
    ///
    /// See the example of [`Session::handle`].
    pub fn chess960(&self) -> bool {
        self.chess960
    }

    /// The transposition table's size for a new searcher, in MiB (`Hash`).
    ///
    /// See the example of [`Session::handle`].
    pub fn hash(&self) -> usize {
        self.hash
    }

    /// What a draw costs the engine, in centipawns (`Contempt`; the searcher's
    /// [`crate::search::Searcher::set_contempt`]).
    ///
    /// See the example of [`Session::handle`].
    pub fn contempt(&self) -> i32 {
        self.contempt
    }

    /// A number that changes whenever a searcher made before must be made anew: another
    /// variant or table size, or a new game.
    ///
    /// See the example of [`Session::handle`].
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// The definition played: `UCI_Variant`'s, or with `UCI_Chess960` its 960 form if it
    /// has one.
    ///
    /// See the example of [`Session::handle`].
    pub fn variant(&self) -> &Variant {
        let chosen = &self.offered[self.current];
        match self.chess960.then(|| self.fischer(chosen)).flatten() {
            Some(f) => &f.variant,
            None => &chosen.variant,
        }
    }

    /// The 960 form of `chosen`: the definition offered under its id followed by `960`.
    fn fischer(&self, chosen: &Offered) -> Option<&Offered> {
        let id = format!("{}960", chosen.id);
        self.offered.iter().find(|o| o.id == id)
    }

    /// The answer to `uci`: `id name`, `id author`, the options and `uciok`.
    ///
    /// See the example of [`Session::handle`].
    pub fn identify(&self) -> Vec<String> {
        vec![
            format!("id name fairy-rules {}", env!("CARGO_PKG_VERSION")),
            "id author the fairy-rules developers".to_string(),
            format!("option name Hash type spin default {DEFAULT_HASH} min 1 max {MAX_HASH}"),
            format!(
                "option name Contempt type spin default {DEFAULT_CONTEMPT} min -{MAX_CONTEMPT} max {MAX_CONTEMPT}"
            ),
            "option name UCI_Chess960 type check default false".to_string(),
            self.variant_option(),
            "option name VariantPath type string default <empty>".to_string(),
            "uciok".to_string(),
        ]
    }

    /// The `UCI_Variant` option line, with every name offered.
    ///
    /// See the example of [`Session::handle`].
    pub fn variant_option(&self) -> String {
        let mut line = format!("option name UCI_Variant type combo default {DEFAULT_VARIANT}");
        for o in &self.offered {
            line.push_str(" var ");
            line.push_str(&o.name);
        }
        line
    }

    /// Handles a command that needs no search: `uci`, `isready`, `setoption`, `ucinewgame`,
    /// `position` (and the ones with nothing to do); the lines to send back. `go`, `stop`,
    /// `ponderhit` and `quit` are the caller's, and give nothing here.
    ///
    /// ```
    /// use fairy_rules::frontends::uci::{read_command, Session};
    /// let mut session = Session::new();
    /// let mut send = |line: &str| session.handle(&read_command(line).unwrap().unwrap());
    /// assert_eq!(send("uci").last().map(String::as_str), Some("uciok"));
    /// assert_eq!(send("isready"), ["readyok"]);
    /// send("setoption name UCI_Variant value crazyhouse");
    /// send("position startpos moves e2e4 d7d5 e4d5");
    /// // An illegal move is told, and the last good position kept.
    /// assert!(send("position startpos moves e2e5")[0].starts_with("info string"));
    /// assert_eq!(session.game().moves().len(), 3);
    /// assert_eq!(session.variant().name, session.offered().iter().find(|o| o.name == "crazyhouse").unwrap().variant.name);
    /// assert!(session.variant_option().contains(" var kingofthehill "));
    /// assert!(session.identify().contains(&session.variant_option()));
    /// assert!(!session.refused().is_empty()); // games of chance and of hidden parts
    /// assert!(!session.offered().iter().any(|o| o.id == "seachess"));
    /// assert!(!session.chess960());
    /// assert_eq!(session.hash(), 16);
    /// assert_eq!(session.contempt(), 0);
    /// let epoch = session.epoch();
    /// session.handle(&read_command("ucinewgame")?.unwrap());
    /// assert_ne!(session.epoch(), epoch);
    /// assert_eq!(session.perft(1).last().map(String::as_str), Some("Nodes searched: 20"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn handle(&mut self, command: &Command) -> Vec<String> {
        match command {
            Command::Uci => self.identify(),
            Command::IsReady => vec!["readyok".into()],
            Command::SetOption { name, value } => self.set_option(name, value),
            Command::UciNewGame => {
                self.game = Game::new(self.variant().clone());
                self.epoch += 1;
                Vec::new()
            }
            Command::Position { fen, moves } => self.position(fen.as_deref(), moves),
            Command::Debug
            | Command::Register
            | Command::Go(_)
            | Command::Stop
            | Command::PonderHit
            | Command::Quit => Vec::new(),
        }
    }

    fn set_option(&mut self, name: &str, value: &str) -> Vec<String> {
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => self.choose_variant(value),
            "uci_chess960" => match value {
                "true" | "false" => {
                    self.chess960 = value == "true";
                    self.restart()
                }
                _ => vec![format!(
                    "info string UCI_Chess960 is true or false, not `{}`",
                    clip(value)
                )],
            },
            "hash" => match value.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH).contains(&mb) => {
                    self.hash = mb;
                    self.epoch += 1;
                    Vec::new()
                }
                _ => vec![format!(
                    "info string Hash is from 1 to {MAX_HASH} MiB, not `{}`",
                    clip(value)
                )],
            },
            "contempt" => match value.parse::<i32>() {
                Ok(cp) if (-MAX_CONTEMPT..=MAX_CONTEMPT).contains(&cp) => {
                    self.contempt = cp;
                    Vec::new()
                }
                _ => vec![format!(
                    "info string Contempt is from -{MAX_CONTEMPT} to {MAX_CONTEMPT} centipawns, not `{}`",
                    clip(value)
                )],
            },
            "variantpath" => self.variant_path(value),
            "threads" => vec![
                "info string Threads is not an option here: the search runs on one thread".into(),
            ],
            _ => vec![format!("info string no such option: {}", clip(name))],
        }
    }

    fn choose_variant(&mut self, value: &str) -> Vec<String> {
        let found = self
            .offered
            .iter()
            .position(|o| o.name == value)
            .or_else(|| {
                self.offered
                    .iter()
                    .position(|o| o.name.eq_ignore_ascii_case(value) || o.id == value)
            });
        match found {
            Some(i) => {
                self.current = i;
                self.restart()
            }
            None => match self
                .refused
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(value))
            {
                Some((_, why)) => vec![format!("info string {why}")],
                None => vec![format!("info string no variant `{}` here", clip(value))],
            },
        }
    }

    /// The start of the variant now in force, a new searcher, and a word when
    /// `UCI_Chess960` is on for a variant without a 960 form.
    fn restart(&mut self) -> Vec<String> {
        self.game = Game::new(self.variant().clone());
        self.epoch += 1;
        let chosen = &self.offered[self.current];
        match self.chess960 && self.fischer(chosen).is_none() && chosen.variant.castling.is_some() {
            true => vec![format!(
                "info string {} has no 960 form here: its castling stays as its definition says",
                chosen.name
            )],
            false => Vec::new(),
        }
    }

    /// Adds the definitions of a file, or of every `.yaml` file in a folder; a definition
    /// that does not load is told as `info string` lines, one per error, and left out. The
    /// option line is sent again with the names added.
    fn variant_path(&mut self, value: &str) -> Vec<String> {
        if value.is_empty() || value == "<empty>" {
            return Vec::new();
        }
        let path = Path::new(value);
        let files: Vec<std::path::PathBuf> = if path.is_dir() {
            let mut files: Vec<_> = std::fs::read_dir(path)
                .into_iter()
                .flatten()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
                .collect();
            files.sort();
            files
        } else {
            vec![path.to_path_buf()]
        };
        let mut out = Vec::new();
        for file in files {
            let id = file
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            match Variant::from_file(&file) {
                Ok(v) => {
                    if let Some(why) = refusal(&v) {
                        out.push(format!("info string {why}"));
                        continue;
                    }
                    let name = uci_name(&id);
                    out.push(format!(
                        "info string {}: {} as {name}",
                        file.display(),
                        v.name
                    ));
                    self.offer(Offered {
                        name,
                        id,
                        variant: v,
                    });
                }
                Err(e) => out.extend(load_error_lines(&e)),
            }
        }
        out.push(self.variant_option());
        out
    }

    /// Offers a definition, in place of an offered one of the same name.
    fn offer(&mut self, new: Offered) {
        let current = self.offered[self.current].name.clone();
        self.offered.retain(|o| o.name != new.name);
        self.offered.push(new);
        self.offered.sort_by(|a, b| a.name.cmp(&b.name));
        self.current = self
            .offered
            .iter()
            .position(|o| o.name == current)
            .unwrap_or(0);
    }

    /// `position`: the FEN (or the start) and the moves, all or nothing.
    fn position(&mut self, fen: Option<&str>, moves: &[String]) -> Vec<String> {
        let variant = self.variant().clone();
        let mut game = match fen {
            None => Game::new(variant),
            Some(fen) => match Game::from_fen(variant, fen) {
                Ok(g) => g,
                Err(e) => {
                    return vec![format!(
                        "info string bad FEN ({e}); the position stays as it was"
                    )]
                }
            },
        };
        for (i, text) in moves.iter().enumerate() {
            let rules = game.variant().clone();
            let played = match game.outcome() {
                Some(o) => Err(format!("the game is over ({o})")),
                None => parse_move(&rules, game.position(), text, self.chess960),
            }
            .and_then(|m| game.play_move(m).map_err(|e| e.to_string()));
            if let Err(why) = played {
                return vec![format!(
                    "info string move {} ({}): {why}; the position stays as it was",
                    i + 1,
                    clip(text)
                )];
            }
        }
        self.game = game;
        Vec::new()
    }

    /// `go perft N` in the game's position: each legal move with the leaves below it, in
    /// move text order, an empty line and `Nodes searched: N`, as Fairy-Stockfish prints
    /// them. Depths past [`MAX_PERFT`] are refused.
    ///
    /// See the example of [`Session::handle`].
    pub fn perft(&self, depth: u32) -> Vec<String> {
        if depth > MAX_PERFT {
            return vec![format!(
                "info string perft goes to depth {MAX_PERFT} at most"
            )];
        }
        let rules = self.game.variant();
        if depth == 0 {
            return vec![String::new(), "Nodes searched: 1".into()];
        }
        let divide = rules.divide(self.game.position(), depth);
        let mut lines: Vec<String> = divide
            .moves
            .iter()
            .map(|&(m, n)| format!("{}: {n}", move_text(rules, m, self.chess960)))
            .collect();
        lines.sort();
        lines.push(String::new());
        lines.push(format!("Nodes searched: {}", divide.total));
        lines
    }
}

/// A definition that did not load, as `info string` lines: the file's error, then each
/// problem with its file, line and column.
fn load_error_lines(e: &LoadError) -> Vec<String> {
    let mut lines = vec![format!("info string {e}")];
    if let LoadError::Definition(d) = e {
        for p in d.problems.iter().filter(|p| p.is_error()) {
            let file = d.source_of(p);
            let (line, col) = file.line_col(p.span.start);
            lines.push(format!(
                "info string {}:{line}:{col}: {}: {}",
                file.name, p.code, p.message
            ));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundled(name: &str) -> Variant {
        Variant::bundled(name).expect("bundled")
    }

    /// The legal move of `variant` in `fen` that the library's move text names.
    fn find(variant: &Variant, fen: &str, text: &str) -> (Position, Move) {
        let pos = variant.parse_fen(fen).expect("a FEN");
        let m = variant.parse_move(&pos, text).expect("a move");
        (pos, m)
    }

    #[test]
    fn commands_read_into_their_parts() {
        assert_eq!(read_command("  "), Ok(None));
        assert_eq!(read_command("uci"), Ok(Some(Command::Uci)));
        assert_eq!(
            read_command("setoption name VariantPath value /tmp/my games"),
            Ok(Some(Command::SetOption {
                name: "VariantPath".into(),
                value: "/tmp/my games".into()
            }))
        );
        assert_eq!(
            read_command("setoption name Clear Hash"),
            Ok(Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: String::new()
            }))
        );
        assert_eq!(
            read_command("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2 h1h2"),
            Ok(Some(Command::Position {
                fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()),
                moves: vec!["a1a2".into(), "h1h2".into()]
            }))
        );
        assert_eq!(
            read_command("position startpos"),
            Ok(Some(Command::Position {
                fen: None,
                moves: vec![]
            }))
        );
        assert_eq!(
            read_command(
                "go wtime -5 btime 2000 winc 10 binc 20 movestogo 7 searchmoves e2e4 d2d4 depth 9"
            ),
            Ok(Some(Command::Go(Go {
                time: [Some(Duration::ZERO), Some(Duration::from_millis(2000))],
                increment: [
                    Some(Duration::from_millis(10)),
                    Some(Duration::from_millis(20))
                ],
                moves_to_go: Some(7),
                searchmoves: true,
                depth: Some(9),
                ..Go::default()
            })))
        );
        assert_eq!(
            read_command("go infinite"),
            Ok(Some(Command::Go(Go {
                infinite: true,
                ..Go::default()
            })))
        );
        assert_eq!(
            read_command("bogus 1 2"),
            Err("unknown command: bogus 1 2".into())
        );
        assert_eq!(
            read_command("position"),
            Err("position: give `startpos` or `fen FEN`, then `moves` if any".into())
        );
        assert_eq!(
            read_command("go depth"),
            Err("go: `depth` needs a number".into())
        );
        assert_eq!(
            read_command("go depth -1"),
            Err("go: `depth -1` is out of range".into())
        );
        assert_eq!(
            read_command("go nodes 1e9"),
            Err("go: `nodes 1e9` is not a whole number".into())
        );
        assert_eq!(
            read_command("setoption value 3"),
            Err("setoption: `name` must come first".into())
        );
        assert!(read_command(&"x".repeat(MAX_LINE + 1)).is_err());
    }

    #[test]
    fn go_gives_the_limits_of_its_search() {
        let ms = Duration::from_millis;
        let clock = Go {
            time: [Some(ms(60_000)), Some(ms(3_000))],
            increment: [Some(ms(1_000)), None],
            ..Go::default()
        };
        // A thirtieth of a minute and nine tenths of the increment, less the overhead.
        assert_eq!(clock.limits(Color::White).time, Some(ms(2_000 + 900 - 30)));
        // 100 ms each for 30 moves, less the overhead: the 10 ms floor.
        assert_eq!(clock.limits(Color::Black).time, Some(ms(70)));
        let fixed = Go {
            movetime: Some(ms(500)),
            depth: Some(4),
            nodes: Some(1000),
            ..Go::default()
        };
        let l = fixed.limits(Color::White);
        assert_eq!(
            (l.time, l.depth, l.nodes),
            (Some(ms(470)), Some(4), Some(1000))
        );
        let mate = Go {
            mate: Some(3),
            ..Go::default()
        };
        assert_eq!(mate.limits(Color::White).depth, Some(6));
        let endless = Go {
            infinite: true,
            time: [Some(ms(1000)), Some(ms(1000))],
            ..Go::default()
        };
        assert_eq!(endless.limits(Color::White).time, None);
    }

    #[test]
    fn names_are_fairy_stockfish_s_where_it_has_one() {
        assert_eq!(uci_name("king-of-the-hill"), "kingofthehill");
        assert_eq!(uci_name("ai-wok"), "ai-wok");
        assert_eq!(uci_name("falcon-chess"), "falcon-chess");
        assert_eq!(uci_name("shogi"), "shogi");
    }

    #[test]
    fn moves_are_written_as_fairy_stockfish_writes_them() {
        let chess = bundled("chess");
        let fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let text = |v: &Variant, fen: &str, ours: &str, c960: bool| {
            let (_, m) = find(v, fen, ours);
            move_text(v, m, c960)
        };
        assert_eq!(text(&chess, fen, "e1g1", false), "e1g1");
        assert_eq!(text(&chess, fen, "e1c1", false), "e1c1");
        assert_eq!(text(&chess, fen, "e1g1", true), "e1h1");
        assert_eq!(text(&chess, fen, "b7a8n", false), "b7a8n");
        let shogi = bundled("shogi");
        let hand = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] w - - 0 3";
        assert_eq!(text(&shogi, hand, "B@e5", false), "B@e5");
        let promoting = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - - 0 3";
        let (pos, _) = find(&shogi, promoting, "b2g7");
        let mut written: Vec<String> = shogi
            .legal_moves(&pos)
            .into_iter()
            .filter(|m| m.from == m.to || shogi.topology.name(m.from) == "b2")
            .map(|m| move_text(&shogi, m, false))
            .filter(|t| t.starts_with("b2g7") || t.starts_with("b2h8"))
            .collect();
        written.sort();
        assert_eq!(written, ["b2g7", "b2g7+", "b2h8", "b2h8+"]);
        let kyoto = bundled("kyotoshogi");
        let start = kyoto.start_position();
        let mut turned: Vec<String> = kyoto
            .legal_moves(&start)
            .into_iter()
            .map(|m| move_text(&kyoto, m, false))
            .filter(|t| t.starts_with("a1") || t.starts_with("b1"))
            .collect();
        turned.sort();
        assert_eq!(turned, ["a1a2-", "a1b2-", "b1a2+", "b1b2+", "b1c2+"]);
        let seirawan = bundled("seirawan");
        let gates = "r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQkq - 0 1";
        assert_eq!(text(&seirawan, gates, "e1g1h", false), "e1g1h");
        assert_eq!(text(&seirawan, gates, "h1e1e", false), "h1e1e");
        assert_eq!(text(&seirawan, gates, "e1g1h", true), "e1h1h");
        let xiangqi = bundled("xiangqi");
        let start = xiangqi.start_position();
        let (_, m) = (
            start.clone(),
            xiangqi.parse_move(&start, "a1a3").expect("a move"),
        );
        assert_eq!(move_text(&xiangqi, m, false), "a1a3");
        let after = xiangqi.play_unchecked(&start, m);
        let m = xiangqi.parse_move(&after, "a10a9").expect("a move");
        assert_eq!(move_text(&xiangqi, m, false), "a10a9");
    }

    #[test]
    fn moves_read_back_in_either_castling_form_and_any_case() {
        let chess = bundled("chess");
        let pos = chess
            .parse_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
            .expect("a FEN");
        let read = |text: &str, c960: bool| {
            parse_move(&chess, &pos, text, c960).map(|m| move_text(&chess, m, false))
        };
        assert_eq!(read("e1g1", false), Ok("e1g1".into()));
        assert_eq!(read("e1h1", false), Ok("e1g1".into()));
        assert_eq!(read("e1h1", true), Ok("e1g1".into()));
        assert_eq!(read("e1g1", true), Ok("e1g1".into()));
        assert_eq!(read("b7a8Q", false), Ok("b7a8q".into()));
        assert_eq!(
            read("b7b8", false),
            Err("`b7b8` is not a legal move here".into())
        );
        assert_eq!(
            read("e1", false),
            Err("`e1` is not a move in UCI's notation".into())
        );
        assert_eq!(
            read("Ké1g1", false),
            Err("`Ké1g1` is not a move in UCI's notation".into())
        );
        assert_eq!(
            read("@e4", false),
            Err("`@e4` is not a move in UCI's notation".into())
        );
    }

    #[test]
    fn info_and_bestmove_lines_name_the_line_in_move_text() {
        let chess = bundled("chess");
        let pos = chess.start_position();
        let e4 = chess.parse_move(&pos, "e2e4").expect("a move");
        let after = chess.play_unchecked(&pos, e4);
        let e5 = chess.parse_move(&after, "e7e5").expect("a move");
        let r = SearchResult {
            best: Some(e4),
            score: crate::play::search::Score(35),
            depth: 2,
            seldepth: 5,
            nodes: 1500,
            pv: vec![e4, e5],
        };
        assert_eq!(
            info_line(&chess, &r, Duration::from_millis(3), false),
            "info depth 2 seldepth 5 score cp 35 nodes 1500 nps 500000 time 3 pv e2e4 e7e5"
        );
        assert_eq!(
            bestmove_line(&chess, &r, false),
            "bestmove e2e4 ponder e7e5"
        );
        let mated = SearchResult {
            best: None,
            score: crate::play::search::Score(-crate::play::search::Score::MATE + 2),
            depth: 1,
            seldepth: 0,
            nodes: 0,
            pv: vec![],
        };
        assert_eq!(
            info_line(&chess, &mated, Duration::ZERO, false),
            "info depth 1 seldepth 1 score mate -1 nodes 0 nps 0 time 0"
        );
        assert_eq!(bestmove_line(&chess, &mated, false), "bestmove (none)");
    }

    #[test]
    fn a_bad_position_keeps_the_last_good_one() {
        let mut s = Session::new();
        let set = |s: &mut Session, line: &str| s.handle(&read_command(line).unwrap().unwrap());
        assert!(set(&mut s, "position startpos moves e2e4 e7e5").is_empty());
        let good = s.game().fen();
        assert_eq!(
            set(&mut s, "position startpos moves e2e4 e7e5 g1g3"),
            ["info string move 3 (g1g3): `g1g3` is not a legal move here; the position stays as it was"]
        );
        assert_eq!(
            set(&mut s, "position fen 9/9 w - - 0 1"),
            ["info string bad FEN (invalid FEN placement: the board has 8 ranks but 2 are written); the position stays as it was"]
        );
        assert_eq!(s.game().fen(), good);
        // A move after the game's end is refused too.
        assert_eq!(
            set(&mut s, "position startpos moves f2f3 e7e5 g2g4 d8h4 a2a3"),
            ["info string move 5 (a2a3): the game is over (0-1 (checkmate)); the position stays as it was"]
        );
        assert_eq!(s.game().fen(), good);
    }

    #[test]
    fn options_choose_the_variant_its_960_form_and_the_table() {
        let mut s = Session::new();
        let set = |s: &mut Session, line: &str| s.handle(&read_command(line).unwrap().unwrap());
        let epoch = s.epoch();
        assert!(set(&mut s, "setoption name uci_variant value ATOMIC").is_empty());
        assert_eq!(s.variant().name, "Atomic Chess");
        assert!(set(&mut s, "setoption name UCI_Chess960 value true").is_empty());
        assert_eq!(s.variant().name, "Atomic Chess960");
        assert!(s.epoch() > epoch);
        assert_eq!(
            set(&mut s, "setoption name UCI_Variant value chess"),
            ["info string chess has no 960 form here: its castling stays as its definition says"]
        );
        assert_eq!(
            set(&mut s, "setoption name UCI_Chess960 value yes"),
            ["info string UCI_Chess960 is true or false, not `yes`"]
        );
        assert_eq!(
            set(&mut s, "setoption name Hash value 0"),
            ["info string Hash is from 1 to 4096 MiB, not `0`"]
        );
        assert!(set(&mut s, "setoption name Hash value 64").is_empty());
        assert_eq!(s.hash(), 64);
        assert_eq!(
            set(&mut s, "setoption name Contempt value 101"),
            ["info string Contempt is from -100 to 100 centipawns, not `101`"]
        );
        assert!(set(&mut s, "setoption name Contempt value -20").is_empty());
        assert_eq!(s.contempt(), -20);
        assert_eq!(
            set(&mut s, "setoption name Ponder value true"),
            ["info string no such option: Ponder"]
        );
    }

    #[test]
    fn variant_path_adds_good_definitions_and_reports_bad_ones() {
        let dir = tempfile::Builder::new()
            .prefix("fairy-uci-")
            .tempdir()
            .expect("a folder");
        std::fs::write(
            dir.path().join("minichess.yaml"),
            "name: Minichess\ndescription: Kings and rooks.\nboard: 4x4\npieces:\n  king: { letter: K, moves: K, royal: true }\n  rook: { letter: R, moves: R }\nsetup: rk2/4/4/2KR\n",
        )
        .expect("written");
        std::fs::write(
            dir.path().join("broken.yaml"),
            "name: Broken\nboard: 4x4\npieces: 3\n",
        )
        .expect("written");
        let mut s = Session::new();
        let value = format!("setoption name VariantPath value {}", dir.path().display());
        let out = s.handle(&read_command(&value).unwrap().unwrap());
        // Removed now: what follows uses what the session read, not the files.
        let folder = dir.path().to_path_buf();
        dir.close().expect("removed");
        let broken = folder.join("broken.yaml");
        assert!(
            out[0].starts_with(&format!("info string {} has ", broken.display())),
            "{out:?}"
        );
        let errors: Vec<&String> = out
            .iter()
            .filter(|l| l.starts_with(&format!("info string {}:", broken.display())))
            .collect();
        assert!(!errors.is_empty(), "{out:?}");
        assert!(out.contains(&format!(
            "info string {}: Minichess as minichess",
            folder.join("minichess.yaml").display()
        )));
        assert!(out.last().unwrap().contains(" var minichess "), "{out:?}");
        assert!(s
            .handle(
                &read_command("setoption name UCI_Variant value minichess")
                    .unwrap()
                    .unwrap()
            )
            .is_empty());
        assert_eq!(
            s.perft(1),
            [
                "c1b1: 1",
                "c1b2: 1",
                "c1c2: 1",
                "c1d2: 1",
                "d1d2: 1",
                "d1d3: 1",
                "d1d4: 1",
                "",
                "Nodes searched: 7"
            ]
        );
    }
}

#[cfg(test)]
mod round_trip {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// In every variant offered, every fifth position of a seeded random game of 20 plies,
    /// each legal move's text (with `UCI_Chess960` off and on) reads back as that move.
    #[test]
    fn every_legal_move_reads_back_from_its_text() {
        let mut unread = Vec::new();
        for o in Session::new().offered() {
            let v = &o.variant;
            let mut rng = StdRng::seed_from_u64(7);
            let mut pos = v.start_position();
            for ply in 0..20 {
                let legal = v.legal_moves(&pos);
                if legal.is_empty() || v.outcome(&pos).is_some() {
                    break;
                }
                // Every fifth position: reading a move writes every legal one.
                for &m in legal.iter().filter(|_| ply % 5 == 0) {
                    for c960 in [false, true] {
                        let text = move_text(v, m, c960);
                        if parse_move(v, &pos, &text, c960) != Ok(m) {
                            unread.push(format!("{}: {text} at {}", o.name, v.fen(&pos)));
                        }
                    }
                }
                pos = v.play_unchecked(&pos, legal[rng.random_range(0..legal.len())]);
            }
        }
        assert!(unread.is_empty(), "{}", unread.join("\n"));
    }
}
