//! Every call into the library that does something, in small functions: the registry of
//! variants, positions from FEN, games from a FEN and moves, move text in Fairy-Stockfish's
//! UCI form, SAN, game ends, perft, search and diagnostics. The other modules call these; of
//! the library they use only plain accessors (a game's position and moves, a variant's name)
//! and, in `errors.rs` alone, its error types. A change of the library's API is met here and
//! there.

use std::collections::{BTreeSet, HashMap};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::{LazyLock, Mutex, MutexGuard};

use fairy_rules::search::{SearchLimits, SearchResult, Searcher};
use fairy_rules::{
    Color, DefinitionError, FenError, Game, LoadError, Material, Move, MoveError, MoveKind,
    Outcome, Piece, Position, Problem, Reason, Source, Variant,
};

/// What went wrong in a call, before it becomes a Python exception (`errors.rs`).
#[derive(Debug)]
pub enum Failure {
    /// A FEN that does not read, with the text given.
    Fen(FenError, String),
    /// A move that does not read or is not legal.
    Move(MoveError),
    /// A move given after the game ended.
    GameOver {
        /// The move as given.
        text: String,
        /// How the game ended.
        outcome: Outcome,
    },
    /// A definition that does not compile.
    Definition(DefinitionError),
    /// A definition file that cannot be read.
    Unreadable(String),
    /// No variant of that name.
    UnknownVariant {
        /// The name asked for.
        name: String,
        /// The names known.
        known: Vec<String>,
    },
    /// An argument outside what the call accepts.
    Argument(String),
    /// The library panicked: a bug, reported rather than carried across the FFI.
    Internal(String),
}

/// Runs `f`, turning a panic inside it into [`Failure::Internal`]: no panic crosses into
/// Python.
pub fn guard<T>(f: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(panic) => {
            let message = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Err(Failure::Internal(message))
        }
    }
}

// ---------------------------------------------------------------------------------------
// Variants

/// Compiled variants by name: bundled ones once asked for, definition files by path, and the
/// definitions loaded with [`load_definition`] (which also join [`variant_names`]).
#[derive(Default)]
struct Registry {
    compiled: HashMap<String, Variant>,
    loaded: HashMap<String, Variant>,
}

static REGISTRY: LazyLock<Mutex<Registry>> = LazyLock::new(Mutex::default);

/// The registry, also after a panic elsewhere poisoned its lock (it holds only finished
/// values).
fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// A name without case and punctuation: `King of the Hill`, `king-of-the-hill` and
/// `kingofthehill` are one name.
fn squeeze(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every variant name: the bundled definitions of both lists and the loaded ones, sorted.
pub fn variant_names() -> Vec<String> {
    let mut names: BTreeSet<String> = Variant::bundled_names()
        .chain(Variant::suite_names())
        .map(String::from)
        .collect();
    names.extend(registry().loaded.keys().cloned());
    names.into_iter().collect()
}

/// The variant `name`: a loaded definition, a bundled one (also written with other case or
/// punctuation, as Fairy-Stockfish names them: `kingofthehill`), or a definition file
/// (`*.yaml`, `*.yml`).
pub fn variant(name: &str) -> Result<Variant, Failure> {
    if let Some(v) = find(name) {
        return Ok(v);
    }
    let wanted = squeeze(name);
    if let Some(canonical) = variant_names().into_iter().find(|n| squeeze(n) == wanted) {
        if let Some(v) = find(&canonical) {
            return Ok(v);
        }
    }
    if name.ends_with(".yaml") || name.ends_with(".yml") {
        let v = Variant::from_file(name).map_err(load_failure)?;
        registry().compiled.insert(name.to_string(), v.clone());
        return Ok(v);
    }
    Err(Failure::UnknownVariant {
        name: name.to_string(),
        known: variant_names(),
    })
}

/// The variant `name` exactly as named: loaded, compiled before, or bundled.
fn find(name: &str) -> Option<Variant> {
    let mut r = registry();
    if let Some(v) = r.loaded.get(name).or_else(|| r.compiled.get(name)) {
        return Some(v.clone());
    }
    Variant::bundled_yaml(name)?;
    let v = Variant::bundled(name).ok()?;
    r.compiled.insert(name.to_string(), v.clone());
    Some(v)
}

fn load_failure(e: LoadError) -> Failure {
    match e {
        LoadError::Definition(d) => Failure::Definition(d),
        LoadError::NotBundled { name, known } => Failure::UnknownVariant { name, known },
        other => Failure::Unreadable(other.to_string()),
    }
}

/// The label of a definition given as text: what its diagnostics name, and the place its
/// `extends:` is read from (`variants/chess.yaml` names a bundled definition).
pub const TEXT_LABEL: &str = "definition.yaml";

/// Compiles a definition given as YAML text: `extends:` names a bundled definition
/// (`variants/chess.yaml`), or else a file relative to the working folder.
pub fn compile_text(text: &str) -> Result<Variant, Failure> {
    match Variant::from_untrusted_yaml(TEXT_LABEL, text) {
        Ok(v) => Ok(v),
        Err(e) if e.problems.iter().any(|p| p.code == "fairy::extends") => {
            Variant::from_yaml(TEXT_LABEL, text).map_err(|_| Failure::Definition(e))
        }
        Err(e) => Err(Failure::Definition(e)),
    }
}

/// Loads a definition, YAML text or the path of a YAML file (one line naming a file, or
/// ending in `.yaml` or `.yml`), and registers it under its
/// file's stem or, for text, its name in lower case with hyphens (`King of the Hill`:
/// `king-of-the-hill`); returns that name. A loaded definition takes the place of one of
/// the same name.
pub fn load_definition(text_or_path: &str) -> Result<(String, Variant), Failure> {
    let path = Path::new(text_or_path);
    let one_line = !text_or_path.contains('\n');
    let named_yaml = text_or_path.ends_with(".yaml") || text_or_path.ends_with(".yml");
    let (name, v) = if one_line && (named_yaml || path.is_file()) {
        let v = Variant::from_file(path).map_err(load_failure)?;
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("custom")
            .to_string();
        (stem, v)
    } else {
        let v = compile_text(text_or_path)?;
        (slug(&v.name), v)
    };
    registry().loaded.insert(name.clone(), v.clone());
    Ok((name, v))
}

/// `King of the Hill` as `king-of-the-hill`; `custom` for a name without letters or digits.
fn slug(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    match words.is_empty() {
        true => "custom".into(),
        false => words.join("-"),
    }
}

/// One problem of a definition with the text of the file it is in.
pub struct Found {
    /// The problem.
    pub problem: Problem,
    /// Its file.
    pub file: Source,
}

/// Every problem of a definition given as text, errors and warnings, in the order of the
/// file: empty for a definition without any.
pub fn check_definition(text: &str) -> Vec<Found> {
    match compile_text(text) {
        Ok(v) => v
            .warning_reports()
            .into_iter()
            .map(|r| Found {
                problem: r.problem,
                file: r.file,
            })
            .collect(),
        Err(Failure::Definition(e)) => problems(&e),
        Err(_) => Vec::new(),
    }
}

/// The problems of a failed definition with their files.
pub fn problems(e: &DefinitionError) -> Vec<Found> {
    e.diagnostics()
        .iter()
        .map(|r| Found {
            problem: r.problem.clone(),
            file: r.file.clone(),
        })
        .collect()
}

/// Whether `c` is the FEN letter of one of the variant's pieces (either case).
pub fn is_piece_letter(v: &Variant, c: char) -> bool {
    c.is_alphabetic() && v.kind_of_letter(c).is_some()
}

/// Whether captured pieces go to the capturer's hand.
pub fn captures_to_hand(v: &Variant) -> bool {
    v.hand.as_ref().is_some_and(|h| h.captures_to_hand)
}

// ---------------------------------------------------------------------------------------
// Positions and games

/// The position of `fen`; `startpos` is the start position.
pub fn position(v: &Variant, fen: &str) -> Result<Position, Failure> {
    if fen == "startpos" {
        return Ok(v.start_position());
    }
    v.parse_fen(fen)
        .map_err(|e| Failure::Fen(e, fen.to_string()))
}

/// A game from `fen` (`None` or `startpos`: the start position), its chance and parameters
/// drawn from `seed`.
pub fn new_game(v: &Variant, fen: Option<&str>, seed: u64) -> Result<Game, Failure> {
    let game = match fen {
        None | Some("startpos") => Game::new(v.clone()),
        Some(fen) => Game::from_fen(v.clone(), fen).map_err(|e| Failure::Fen(e, fen.into()))?,
    };
    Ok(game.with_seed(seed))
}

/// A game from `fen` with `moves` (UCI) played.
pub fn game_after(v: &Variant, fen: &str, moves: &[String]) -> Result<Game, Failure> {
    let mut game = new_game(v, Some(fen), 0)?;
    for text in moves {
        going_on(&game, text)?;
        let m = read_uci(v, game.position(), text)?;
        play(&mut game, m, text)?;
    }
    Ok(game)
}

/// [`Failure::GameOver`] for the move `text` when `game` is over.
pub fn going_on(game: &Game, text: &str) -> Result<(), Failure> {
    match game.outcome() {
        Some(outcome) => Err(Failure::GameOver {
            text: text.to_string(),
            outcome,
        }),
        None => Ok(()),
    }
}

/// Plays `m` (read from `text`) in `game`.
pub fn play(game: &mut Game, m: Move, text: &str) -> Result<(), Failure> {
    going_on(game, text)?;
    game.play_move(m).map_err(Failure::Move)
}

/// Takes back the last move of `game`.
pub fn undo(game: &mut Game) -> Option<Move> {
    game.undo()
}

/// The legal moves of a position, whatever its history (the game may be over by the move
/// rule or repetition and still have them).
pub fn position_moves(v: &Variant, pos: &Position) -> Vec<Move> {
    v.legal_moves(pos)
}

/// The legal moves of a game: none once it is over.
pub fn game_moves(game: &Game) -> Vec<Move> {
    game.legal_moves()
}

/// The FEN of the variant's start position.
pub fn start_fen(v: &Variant) -> String {
    v.fen(&v.start_position())
}

/// The FEN of a position.
pub fn fen(v: &Variant, pos: &Position) -> String {
    v.fen(pos)
}

/// The FEN of what the side to move sees of `pos`: the position itself in a game without
/// hidden parts.
pub fn view_fen(v: &Variant, pos: &Position, side: Color) -> String {
    v.fen(&v.redact(pos, side))
}

/// Whether the side to move is in check.
pub fn in_check(v: &Variant, pos: &Position) -> bool {
    v.in_check(pos)
}

/// The side to move.
pub fn side(pos: &Position) -> Color {
    pos.side_to_move()
}

/// Whether White is to move.
pub fn white_to_move(pos: &Position) -> bool {
    pos.side_to_move() == Color::White
}

/// Whether `m` captures.
pub fn is_capture(m: Move) -> bool {
    m.captured.is_some()
}

/// The result of a game, if it is over: checkmate, stalemate, a variant's own end,
/// insufficient material, the move rule or repetition.
pub fn outcome(game: &Game) -> Option<Outcome> {
    game.outcome()
}

/// Perft from `pos`.
pub fn perft(v: &Variant, pos: &Position, depth: u32) -> u64 {
    v.perft(pos, depth)
}

/// Whether a game's variant may hide parts of the position from a side.
pub fn hides_anything(v: &Variant) -> bool {
    v.has_hidden_information()
}

/// Whether two handles are of one compiled variant.
pub fn same_variant(a: &Variant, b: &Variant) -> bool {
    std::ptr::eq(a.rules(), b.rules())
}

// ---------------------------------------------------------------------------------------
// Game ends in Fairy-Stockfish's terms

/// Whether an end is one the players may claim in Fairy-Stockfish (the move rule,
/// repetition, the counting rules), not one the rules impose.
pub fn is_optional_end(reason: Reason) -> bool {
    matches!(
        reason,
        Reason::MoveRule | Reason::Repetition | Reason::Counting
    )
}

/// Whether an end is reached by having no legal move (checkmate, stalemate).
pub fn is_no_move_end(reason: Reason) -> bool {
    matches!(reason, Reason::Checkmate | Reason::Stalemate)
}

/// The reason of an outcome.
pub fn reason(outcome: &Outcome) -> Reason {
    match *outcome {
        Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
    }
}

/// The winner of an outcome, `None` for a draw.
pub fn winner(outcome: &Outcome) -> Option<Color> {
    match *outcome {
        Outcome::Win { winner, .. } => Some(winner),
        Outcome::Draw { .. } => None,
    }
}

/// For each side, whether it cannot win by the material on the board and in hand: its own
/// pieces against the opponent's royal pieces alone form a set that the definition lists
/// under `end: insufficient_material`. A definition without that list never says so.
pub fn insufficient_material(v: &Variant, pos: &Position) -> [bool; 2] {
    let dead = &v.end.insufficient_material;
    Color::BOTH.map(|side| {
        if dead.is_empty() {
            return false;
        }
        let mut m = Material::EMPTY;
        for kind in v.kinds() {
            for color in Color::BOTH {
                if color != side && !v.royal_kinds().has(kind) {
                    continue;
                }
                let piece = Piece::new(kind, color);
                let count = pos.pieces_of_kind(kind, color).count() + u32::from(pos.in_hand(piece));
                for _ in 0..count {
                    m = m.with(piece);
                }
            }
        }
        dead.iter().any(|&d| d == m || d.swapped() == m)
    })
}

// ---------------------------------------------------------------------------------------
// Move text

/// A move in the UCI form Fairy-Stockfish writes: the library's move text, except that a
/// shogi-style promotion (optional, to one kind) ends in `+` rather than the new kind's
/// letter, and with `chess960` castling is the king's move onto its partner (`e1h1`).
pub fn uci(v: &Variant, m: Move, chess960: bool) -> String {
    let t = &v.topology;
    if let MoveKind::Castle { partner_from, .. } = m.kind {
        if chess960 && m.gate.is_none() && m.wall.is_none() {
            return format!("{}{}", t.name(m.from), t.name(partner_from));
        }
    }
    let text = v.move_text(m);
    let Some(kind) = m.promotion.filter(|_| turns_over(v, m)) else {
        return text;
    };
    // The letter follows the two cells.
    let at = t.name(m.from).len() + t.name(m.to).len();
    let letter = v.piece_type(kind).letter.to_ascii_lowercase();
    match text.get(at..).and_then(|rest| rest.strip_prefix(letter)) {
        Some(rest) => format!("{}+{rest}", &text[..at]),
        None => text,
    }
}

/// Whether `m` promotes as shogi's pieces do: optionally, to the one kind its piece turns
/// into (Fairy-Stockfish's `promotedPieceType`, written `+`).
fn turns_over(v: &Variant, m: Move) -> bool {
    if !matches!(m.kind, MoveKind::Normal | MoveKind::EnPassant { .. }) {
        return false;
    }
    v.piece_type(m.piece.kind())
        .promotion
        .as_ref()
        .is_some_and(|p| p.optional && p.choices[m.piece.color().index()].len() == 1)
}

/// Reads a move in UCI as Fairy-Stockfish writes it ([`uci`], either castling form) or in the
/// library's move text, and checks it is legal in `pos`.
pub fn read_uci(v: &Variant, pos: &Position, text: &str) -> Result<Move, Failure> {
    match v.parse_move(pos, text) {
        Ok(m) => Ok(m),
        Err(e) => v
            .legal_moves(pos)
            .into_iter()
            .find(|&m| uci(v, m, false) == text || uci(v, m, true) == text)
            .ok_or(Failure::Move(e)),
    }
}

/// Reads a move in SAN (or any form the library reads: its move text too).
pub fn read_san(v: &Variant, pos: &Position, text: &str) -> Result<Move, Failure> {
    v.parse_san(pos, text).map_err(Failure::Move)
}

/// The SAN of a legal move.
pub fn san(v: &Variant, pos: &Position, m: Move) -> String {
    v.san(pos, m)
}

/// A legal move as a person reads it: in the variant's own notation when its definition has
/// one, else SAN.
pub fn readable(v: &Variant, pos: &Position, m: Move) -> String {
    v.readable(pos, m)
}

/// A legal move in long algebraic notation, as Fairy-Stockfish writes it: the piece's letter
/// (none for a pawn), the origin, `-` or `x`, the destination, `=Q` for a promotion and
/// the check mark; castling, drops and the moves chess has none for as in SAN.
pub fn lan(v: &Variant, pos: &Position, m: Move) -> String {
    let san = v.san(pos, m);
    if !matches!(m.kind, MoveKind::Normal | MoveKind::EnPassant { .. }) {
        return san;
    }
    let t = &v.topology;
    let letter = v.piece_type(m.piece.kind()).letter;
    let mut s = String::new();
    if letter != 'P' {
        s.push(letter);
    }
    s.push_str(&t.name(m.from));
    s.push(if m.captured.is_some() { 'x' } else { '-' });
    s.push_str(&t.name(m.to));
    if let Some(k) = m.promotion {
        s.push('=');
        s.push(v.piece_type(k).letter);
    }
    // What SAN writes after the destination and promotion: a gate, a wall, the check mark.
    let mut arrival = t.name(m.to);
    if let Some(k) = m.promotion {
        arrival.push('=');
        arrival.push(v.piece_type(k).letter);
    }
    if let Some(i) = san.rfind(&arrival) {
        s.push_str(&san[i + arrival.len()..]);
    }
    s
}

// ---------------------------------------------------------------------------------------
// Search

/// A searcher for `v`.
pub fn searcher(v: &Variant) -> Searcher {
    Searcher::new(v.clone())
}

/// Search limits from a depth in plies, a number of nodes and a time in seconds; at least
/// one is given (the caller sees to it).
pub fn limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    seconds: Option<f64>,
) -> Result<SearchLimits, Failure> {
    let time = match seconds {
        Some(s) => Some(std::time::Duration::try_from_secs_f64(s).map_err(|_| {
            Failure::Argument(format!(
                "time must be a finite number of seconds from 0, not {s}"
            ))
        })?),
        None => None,
    };
    Ok(SearchLimits {
        depth,
        nodes,
        time,
        stop: None,
    })
}

/// Searches the side to move's view of `game` (in a game of hidden parts, positions it
/// cannot tell from the truth, as the engine plays); `game` is unchanged.
pub fn search(searcher: &mut Searcher, game: &Game, limits: &SearchLimits) -> SearchResult {
    if hides_anything(game.variant()) {
        let mut trial = game.clone();
        return match searcher.play(&mut trial, limits) {
            Some(played) => SearchResult {
                best: Some(played.played),
                ..played.result
            },
            None => searcher.search(game.position(), game.earlier_hashes(), limits),
        };
    }
    searcher.search(game.position(), game.earlier_hashes(), limits)
}

/// A search's score as centipawns, and as full moves to mate when it is a mate.
pub fn score(result: &SearchResult) -> (i32, Option<i32>) {
    (result.score.0, result.score.mate_in())
}
