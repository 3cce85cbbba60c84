//! `fairy match`: the engine against a uniformly random mover, an XBoard (CECP) engine or a
//! UCI engine, colours alternating, with the score and its confidence interval.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use fairy_rules::pgn::PgnGame;
use fairy_rules::playtest::score_ci95;
use fairy_rules::search::{SearchLimits, Searcher};
use fairy_rules::{cecp, uci};
use fairy_rules::{Color, Game, Outcome, Position, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[derive(clap::Args)]
pub(super) struct Args {
    /// A definition file, or the name of a bundled variant.
    variant: String,
    /// `random` (a uniformly random legal mover), `xboard:COMMAND` (an XBoard engine, such
    /// as `xboard:fairymax`) or `uci:COMMAND` (a UCI engine, such as `uci:fairy-stockfish`,
    /// told the variant with `UCI_Variant`); a command not on the PATH is also looked for in
    /// /usr/games.
    #[arg(long)]
    opponent: String,
    /// Games to play; our engine has White in the odd-numbered ones.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Time per move in milliseconds, for both sides. An XBoard engine gets `st` with whole
    /// seconds when the time is whole seconds; otherwise (CECP's `st` takes whole seconds
    /// only) a clock of 40 moves in 40 times the time (`level 40 M:SS 0`), with `time` and
    /// `otim` before each of its moves. A UCI engine gets `go movetime`.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Limit the engines by positions per move instead of time: ours, and a UCI opponent
    /// (`go nodes`); an XBoard opponent keeps `--movetime`. The same on every run, whatever
    /// the machine's load: the limit for self-play tests.
    #[arg(long)]
    nodes: Option<u64>,
    /// A UCI opponent's positions per move, when it differs from `--nodes` (to measure
    /// what a doubling of the search is worth).
    #[arg(long)]
    opponent_nodes: Option<u64>,
    /// Start each pair of games (1 and 2, 3 and 4, ...) after the same uniformly random
    /// opening of this many plies, drawn from the pair's seed (`--seed` plus the pair's
    /// number from 0; its chance events too), colours swapped within the pair: without it,
    /// two engines that search the same way play the same game each time.
    #[arg(long, default_value_t = 0)]
    opening_plies: usize,
    /// A file of start positions, one FEN per line (blank lines and lines starting with `#`
    /// skipped), taken in turn: the pair whose seed is s (see `--opening-plies`) starts
    /// from position s modulo their number (the first is 0), then `--opening-plies` random
    /// plies. An XBoard opponent is told the position with `setboard`, or in edit mode if it
    /// does not offer `feature setboard=1` (then a piece at home counts as unmoved, so a
    /// position where that is not so, one with an en passant capture or one with pieces in
    /// hand cannot be told, and the match refuses it before the first game); a UCI one with
    /// `position fen`. For tests of what a variant's endings ask of the search.
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// Our engine's contempt, in centipawns: a draw scores this much below zero for it in
    /// its search, so that it plays on in positions it judges less than this much worse
    /// (against a weaker opponent, a draw is half a point given away).
    #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
    contempt: i32,
    /// A game not over after this many plies is scored as a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seed of game 1 (game i uses seed + i - 1) for the random mover and chance events.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The variant's name in the XBoard protocol (default: the definition's `xboard:` when
    /// it is one of XBoard's own variants, else the variant's name as given).
    #[arg(long)]
    xboard_variant: Option<String>,
    /// The variant's name in UCI's `UCI_Variant` (default: Fairy-Stockfish's name for it
    /// where it has one, `kingofthehill`, else the bundled name or the file's stem).
    #[arg(long)]
    uci_variant: Option<String>,
    /// Write every game to this PGN file (Variant, White, Black, Result and Termination
    /// tags), readable by `fairy replay FILE --game N`.
    #[arg(long)]
    pgn: Option<std::path::PathBuf>,
}

/// How a game ended for the match.
enum End {
    /// Scored: our points (1, ½, 0) and why.
    Scored(f64, String),
    /// The engines disagreed about a move or a draw: left out of the score.
    Disputed(String),
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let variant = super::load(&args.variant)?;
    let mut opponent = match args.opponent.split_once(':') {
        None if args.opponent == "random" => Opponent::Random,
        Some(("xboard", cmd)) => {
            if variant.chance.is_some() || variant.layers.is_some() {
                return Err(miette::miette!(
                    "{}: chance events and hidden parts cannot be played over XBoard",
                    variant.name
                ));
            }
            Opponent::XBoard(XBoard::start(cmd)?)
        }
        Some(("uci", cmd)) => {
            if let Some(why) = uci::refusal(&variant) {
                return Err(miette::miette!("{why}"));
            }
            let name = args.uci_variant.clone().unwrap_or_else(|| {
                let stem = std::path::Path::new(&args.variant)
                    .file_stem()
                    .map_or(args.variant.clone(), |s| s.to_string_lossy().into_owned());
                uci::uci_name(&stem)
            });
            Opponent::Uci(Uci::start(cmd, name)?)
        }
        _ => {
            return Err(miette::miette!(
                "unknown opponent `{}`: give `random`, `xboard:COMMAND` or `uci:COMMAND`",
                args.opponent
            ))
        }
    };
    // The opponent in messages: the random mover, or the engine program's file name.
    let command = args
        .opponent
        .split_once(':')
        .map_or(args.opponent.as_str(), |(_, c)| c);
    let program = command.split_whitespace().next().unwrap_or(command);
    let name = std::path::Path::new(program)
        .file_name()
        .map_or(program, |n| n.to_str().unwrap_or(program));
    // The opponent's own name in the records: the one it gives (`myname`, `id name`), else
    // its command.
    let player = match &opponent {
        Opponent::XBoard(x) => x.name.clone().unwrap_or_else(|| name.to_string()),
        Opponent::Uci(u) => u.name.clone().unwrap_or_else(|| name.to_string()),
        Opponent::Random => name.to_string(),
    };
    let xboard_variant = args
        .xboard_variant
        .clone()
        .or_else(|| {
            let name = variant.xboard.clone()?;
            cecp::xboard_variants().any(|v| v == name).then_some(name)
        })
        .unwrap_or_else(|| args.variant.clone());
    let movetime = Duration::from_millis(args.movetime.max(1));
    let limits = match args.nodes {
        Some(n) => SearchLimits {
            nodes: Some(n),
            ..SearchLimits::default()
        },
        None => SearchLimits::time(movetime),
    };
    let mut pgn = match &args.pgn {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| miette::miette!("cannot write {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let starts = match &args.openings {
        Some(path) => read_openings(&variant, path)?,
        None => vec![variant.start_position()],
    };
    // An engine without `setboard` is told each position in edit mode: every one must fit.
    if let (Opponent::XBoard(x), Some(_)) = (&opponent, &args.openings) {
        if !x.setboard {
            for start in &starts {
                cecp::edit_commands(&variant, start).map_err(|e| {
                    let fen = variant.fen(start);
                    miette::miette!("{name} does not offer `feature setboard=1`, and {e}: {fen}")
                })?;
            }
        }
    }
    let mut searcher = Searcher::new(variant.clone());
    searcher.set_contempt(args.contempt);
    let mut points = Vec::new();
    let (mut wins, mut draws, mut losses, mut cut, mut disputed) = (0, 0, 0, 0, 0);
    for i in 0..args.games {
        let ours = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let seed = args.seed.wrapping_add(u64::from(i));
        let pair_seed = args.seed.wrapping_add(u64::from(i / 2));
        let start = &starts[(pair_seed % starts.len() as u64) as usize];
        let mut game = match args.opening_plies {
            0 => game_from(&variant, start).with_seed(seed),
            plies => opening(&variant, start, plies, pair_seed),
        };
        let mut rng = StdRng::seed_from_u64(seed);
        searcher.clear();
        match &mut opponent {
            Opponent::XBoard(x) => x.new_game(&xboard_variant, movetime, ours.opponent(), &game)?,
            Opponent::Uci(u) => u.new_game(&game)?,
            Opponent::Random => {}
        }
        let mut end = None;
        while game.outcome().is_none() && game.moves().len() < args.max_plies {
            let side = game.position().side_to_move();
            if side == ours {
                match &mut opponent {
                    Opponent::Random => {
                        if searcher.play(&mut game, &limits).is_none() {
                            break;
                        }
                    }
                    Opponent::XBoard(x) => {
                        // The move XBoard can show, in XBoard's move text.
                        let Some(m) = cecp::engine_move(&mut searcher, &game, &limits, &mut |_| {})
                        else {
                            break;
                        };
                        let fen = cecp::fen(&variant, game.position());
                        game.play_move(m)
                            .map_err(|e| miette::miette!("our own move failed: {e}"))?;
                        x.our_move(cecp::move_text(&variant, m), fen)?;
                    }
                    Opponent::Uci(u) => {
                        let found =
                            searcher.search(game.position(), game.earlier_hashes(), &limits);
                        let Some(m) = found.best else { break };
                        game.play_move(m)
                            .map_err(|e| miette::miette!("our own move failed: {e}"))?;
                        u.moves.push(uci::move_text(&variant, m, false));
                    }
                }
            } else {
                end = match &mut opponent {
                    Opponent::Random => {
                        random_move(&mut game, &mut rng);
                        None
                    }
                    Opponent::XBoard(x) => x.their_move(&mut game, &variant, name, movetime),
                    Opponent::Uci(u) => u.their_move(
                        &mut game,
                        name,
                        movetime,
                        args.opponent_nodes.or(args.nodes),
                    ),
                };
            }
            if end.is_some() {
                break;
            }
        }
        let end = end.unwrap_or_else(|| match game.outcome() {
            Some(Outcome::Win { winner, reason }) if winner == ours => {
                End::Scored(1.0, format!("win ({reason})"))
            }
            Some(Outcome::Win { reason, .. }) => End::Scored(0.0, format!("loss ({reason})")),
            Some(Outcome::Draw { reason }) => End::Scored(0.5, format!("draw ({reason})")),
            None => {
                cut += 1;
                End::Scored(0.5, "draw (move limit)".to_string())
            }
        });
        let (result, text) = match &end {
            End::Scored(p, text) => {
                match *p {
                    1.0 => wins += 1,
                    0.0 => losses += 1,
                    _ => draws += 1,
                }
                points.push(*p);
                let white_won = (*p == 1.0) == (ours == Color::White);
                let result = match *p {
                    0.5 => "1/2-1/2",
                    _ if white_won => "1-0",
                    _ => "0-1",
                };
                (result, text.clone())
            }
            End::Disputed(why) => {
                disputed += 1;
                ("*", format!("disputed: {why}"))
            }
        };
        if let Opponent::XBoard(x) = &mut opponent {
            x.send("force")?;
        }
        out!(
            "game {}: fairy {} vs {name}: {text}, {} plies",
            i + 1,
            ours.name(),
            game.moves().len()
        );
        if let Some(file) = &mut pgn {
            let us = format!("fairy-rules {}", env!("CARGO_PKG_VERSION"));
            let (white, black) = match ours {
                Color::White => (us.as_str(), player.as_str()),
                Color::Black => (player.as_str(), us.as_str()),
            };
            let mut tags = super::pgn_tags(&args.variant, "fairy match", white, black);
            tags.round = Some((i + 1).to_string());
            let mut record = PgnGame::from_game(&game, &tags, None);
            record.set_tag("Result", result);
            record.result = result.to_string();
            record.set_tag("Termination", text);
            writeln!(file, "{record}")
                .map_err(|e| miette::miette!("cannot write the PGN file: {e}"))?;
        }
    }
    match &mut opponent {
        Opponent::XBoard(x) => x.program.quit(),
        Opponent::Uci(u) => u.program.quit(),
        Opponent::Random => {}
    }
    // Without a scored game there is no score to give.
    let score = match points.is_empty() {
        true => ("-".to_string(), "-".to_string()),
        false => {
            let (mean, [low, high]) = score_ci95(&points);
            (
                format!("{:.1}%", 100.0 * mean),
                format!("{:.1}% to {:.1}%", 100.0 * low, 100.0 * high),
            )
        }
    };
    out!(
        "fairy against {name} in {}: +{wins} ={draws} -{losses} of {} games, score {} (95% CI {}); {cut} cut by the move limit (scored as draws); {disputed} disputed (not scored)",
        variant.name,
        points.len(),
        score.0,
        score.1,
    );
    out!("");
    out!("games  wins  draws  losses  disputed  score   95% CI");
    out!(
        "{:>5}  {wins:>4}  {draws:>5}  {losses:>6}  {disputed:>8}  {:>6}  {}",
        args.games,
        score.0,
        score.1
    );
    Ok(())
}

enum Opponent {
    Random,
    XBoard(XBoard),
    Uci(Uci),
}

/// The positions of an `--openings` file: one FEN per line, blank lines and `#` comments
/// skipped; an error names the line of a FEN the variant cannot read.
fn read_openings(variant: &Variant, path: &std::path::Path) -> miette::Result<Vec<Position>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| miette::miette!("cannot read {}: {e}", path.display()))?;
    let mut starts = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = variant
            .parse_fen(line)
            .map_err(|e| miette::miette!("{} line {}: {e}", path.display(), n + 1))?;
        starts.push(pos);
    }
    if starts.is_empty() {
        return Err(miette::miette!("{} holds no position", path.display()));
    }
    Ok(starts)
}

/// `game`'s start position when it is not its variant's start position.
fn given_start(game: &Game) -> Option<&Position> {
    let variant = game.variant();
    let start = game.start_position();
    (variant.fen(start) != variant.fen(&variant.start_position())).then_some(start)
}

/// A game from `start`, one of `variant`'s positions.
fn game_from(variant: &Variant, start: &Position) -> Game {
    Game::from_position(variant.clone(), start.clone()).expect("the variant's own position")
}

/// A game from `start` after `plies` uniformly random plies drawn from `seed`, which also
/// draws its chance events: the first such opening that leaves the game going on (another
/// is drawn after one that ends it, up to 100).
fn opening(variant: &Variant, start: &Position, plies: usize, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = game_from(variant, start).with_seed(seed);
    for _ in 0..100 {
        game = game_from(variant, start).with_seed(seed);
        while game.moves().len() < plies && game.outcome().is_none() {
            let before = game.moves().len();
            random_move(&mut game, &mut rng);
            if game.moves().len() == before {
                break;
            }
        }
        if game.outcome().is_none() {
            break;
        }
    }
    game
}

/// A uniformly random legal move of the side to move's view; a move the hidden state
/// refuses is dropped and another drawn.
fn random_move(game: &mut Game, rng: &mut StdRng) {
    let side = game.position().side_to_move();
    let variant = game.variant().clone();
    let mut moves = variant.legal_moves(&variant.redact(game.position(), side));
    while !moves.is_empty() {
        let m = moves.swap_remove(rng.random_range(0..moves.len()));
        if game.attempt(side, &variant.move_text(m)).is_ok() {
            return;
        }
    }
}

/// Why an engine gave no line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Silence {
    /// Not in the time allowed.
    Late,
    /// Its output ended.
    Ended,
}

impl Silence {
    /// What it means for a game, in words.
    fn why(self) -> String {
        match self {
            Silence::Late => "lost on time".into(),
            Silence::Ended => "ended".into(),
        }
    }
}

/// An engine program as a child process: its standard input, and its output's lines on a
/// channel (read on a thread of their own, so that a wait for them can time out).
struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Program {
    /// Starts `command` (a program and its arguments); a program not on the PATH is also
    /// looked for in /usr/games, where Debian puts engines.
    fn start(command: &str) -> miette::Result<Program> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| miette::miette!("no engine command given"))?;
        let spawn = |p: &str| {
            Command::new(p)
                .args(words.clone())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
        };
        let mut child = spawn(program)
            .or_else(|e| match program.contains('/') {
                true => Err(e),
                false => spawn(&format!("/usr/games/{program}")),
            })
            .map_err(|e| miette::miette!("cannot start the engine `{program}`: {e}"))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Program {
            child,
            stdin,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> miette::Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| miette::miette!("cannot write to the engine: {e}"))
    }

    fn quit(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }

    /// The engine's next line, waiting at most until `until`.
    fn line_by(&self, until: Instant) -> Result<String, Silence> {
        let left = until.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(left).map_err(|e| match e {
            RecvTimeoutError::Timeout => Silence::Late,
            RecvTimeoutError::Disconnected => Silence::Ended,
        })
    }
}

/// An XBoard (CECP) engine as a child process, we being its GUI.
struct XBoard {
    program: Program,
    pings: u32,
    /// Its name (`feature myname`).
    name: Option<String>,
    /// It wants moves as `usermove MOVE` (`feature usermove=1`).
    usermove: bool,
    /// It takes a position by `setboard FEN` (`feature setboard=1`).
    setboard: bool,
    /// Its clock, when the time per move is not whole seconds.
    clock: Option<Clock>,
    /// Our last move as sent, and the position (XBoard's FEN) it was played in.
    last: Option<(String, String)>,
    /// In force mode after an opening, until our first move is followed by `go`.
    forced: bool,
}

/// A clock of [`MOVES`] moves in [`MOVES`] times the time per move (`level 40 M:SS 0`).
struct Clock {
    session: Duration,
    left: Duration,
    moves: u32,
}

/// Moves per session of [`Clock`].
const MOVES: u32 = 40;

enum Reply {
    Move(String),
    /// The engine refused our last move (`Illegal move ...`).
    Refused(String),
    Resign,
    /// The engine claimed a draw that our referee did not see: its rules and ours differ.
    Draw(String),
    Gone(String),
}

/// The value of `key` in a `feature` line: `key=1` or `key="two words"`.
fn feature<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let at = line.find(&format!(" {key}="))? + key.len() + 2;
    let rest = &line[at..];
    match rest.strip_prefix('"') {
        Some(quoted) => quoted.split('"').next(),
        None => rest.split_whitespace().next(),
    }
}

impl XBoard {
    fn start(command: &str) -> miette::Result<XBoard> {
        let mut x = XBoard {
            program: Program::start(command)?,
            pings: 0,
            name: None,
            usermove: false,
            setboard: false,
            clock: None,
            last: None,
            forced: false,
        };
        x.send("xboard")?;
        x.send("protover 2")?;
        // The features end with `done=1`; an engine of protocol 1 sends none.
        let until = Instant::now() + Duration::from_secs(3);
        loop {
            match x.program.line_by(until) {
                Ok(l) if l.starts_with("feature ") => {
                    if let Some(name) = feature(&l, "myname") {
                        x.name = Some(name.to_string());
                    }
                    if feature(&l, "usermove") == Some("1") {
                        x.usermove = true;
                        x.send("accepted usermove")?;
                    }
                    if feature(&l, "setboard") == Some("1") {
                        x.setboard = true;
                        x.send("accepted setboard")?;
                    }
                    if feature(&l, "done") == Some("1") {
                        break;
                    }
                }
                Ok(_) => {}
                // An engine of protocol 1 sends no features.
                Err(Silence::Late) => break,
                Err(_) => return Err(miette::miette!("the engine `{command}` ended at once")),
            }
        }
        Ok(x)
    }

    fn send(&mut self, line: &str) -> miette::Result<()> {
        self.program.send(line)
    }

    /// A new game from `game`'s moves so far: the engine plays `engine_side`, thinking
    /// `movetime` per move: `st` in whole seconds, or a [`Clock`] when the time is not whole
    /// seconds.
    fn new_game(
        &mut self,
        variant: &str,
        movetime: Duration,
        engine_side: Color,
        game: &Game,
    ) -> miette::Result<()> {
        self.send("new")?;
        if variant != "normal" {
            self.send(&format!("variant {variant}"))?;
        }
        self.last = None;
        if movetime.subsec_millis() == 0 {
            self.clock = None;
            self.send(&format!("st {}", movetime.as_secs()))?;
        } else {
            let session = movetime * MOVES;
            let secs = session.as_secs();
            self.send(&format!("level {MOVES} {}:{:02} 0", secs / 60, secs % 60))?;
            // `level` gives whole seconds: the clock holds the session as sent.
            let session = Duration::from_secs(secs.max(1));
            self.clock = Some(Clock {
                session,
                left: session,
                moves: 0,
            });
        }
        self.send("easy")?;
        self.pings += 1;
        self.send(&format!("ping {}", self.pings))?;
        let pong = format!("pong {}", self.pings);
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            match self.program.line_by(until) {
                Ok(l) if l.trim() == pong => break,
                Ok(l) if l.starts_with("Error") => {
                    return Err(miette::miette!("the engine refused the setup: {l}"))
                }
                Ok(_) => {}
                Err(_) => return Err(miette::miette!("the engine did not answer `ping`")),
            }
        }
        // The start position and opening are told in force mode; `go` then makes the engine
        // play the side to move, so it waits for our first move before it is sent.
        let start = given_start(game);
        self.forced = start.is_some() || !game.moves().is_empty();
        if self.forced {
            self.send("force")?;
            if let Some(start) = start {
                self.set_up(game.variant(), start)?;
            }
            for &m in game.moves() {
                self.tell(&cecp::move_text(game.variant(), m))?;
            }
        }
        if game.position().side_to_move() == engine_side {
            self.forced = false;
            self.go()?;
        }
        Ok(())
    }

    /// Sets up `start` in force mode: by `setboard`, or in edit mode for an engine without
    /// it ([`cecp::edit_commands`]), with Black to move reached as the protocol does, by a
    /// first move of the variant's start position before the board is edited.
    fn set_up(&mut self, variant: &Variant, start: &Position) -> miette::Result<()> {
        if self.setboard {
            return self.send(&format!("setboard {}", cecp::fen(variant, start)));
        }
        let edit = cecp::edit_commands(variant, start).map_err(|e| miette::miette!("{e}"))?;
        if start.side_to_move() == Color::Black {
            let first = variant.legal_moves(&variant.start_position());
            let first = first.first().ok_or_else(|| {
                miette::miette!("the start position has no move to pass the turn")
            })?;
            self.tell(&cecp::move_text(variant, *first))?;
        }
        edit.iter().try_for_each(|line| self.send(line))
    }

    /// Tells the engine a move, as `usermove MOVE` where it asked for that.
    fn tell(&mut self, text: &str) -> miette::Result<()> {
        match self.usermove {
            true => self.send(&format!("usermove {text}")),
            false => self.send(text),
        }
    }

    /// Tells the engine its clock (with a [`Clock`]) and to move.
    fn go(&mut self) -> miette::Result<()> {
        self.clock_lines()?;
        self.send("go")
    }

    /// `time` and `otim` for a [`Clock`] (ours is given as the same).
    fn clock_lines(&mut self) -> miette::Result<()> {
        if let Some(c) = &self.clock {
            let centis = c.left.as_millis() / 10;
            self.send(&format!("time {centis}"))?;
            self.send(&format!("otim {centis}"))?;
        }
        Ok(())
    }

    /// Sends our move, played in the position whose XBoard FEN is `fen`.
    fn our_move(&mut self, text: String, fen: String) -> miette::Result<()> {
        self.clock_lines()?;
        self.tell(&text)?;
        if std::mem::take(&mut self.forced) {
            self.send("go")?;
        }
        self.last = Some((text, fen));
        Ok(())
    }

    /// The engine's answer to our move (or its first move), played on `game`: `None` when
    /// the game goes on, else how it ended. A move it refuses, or one that is not legal on
    /// our board, is a dispute.
    fn their_move(
        &mut self,
        game: &mut Game,
        variant: &Variant,
        name: &str,
        movetime: Duration,
    ) -> Option<End> {
        let started = Instant::now();
        let reply = self.reply(movetime * 10 + Duration::from_secs(5));
        if let Some(c) = &mut self.clock {
            c.left = c.left.saturating_sub(started.elapsed());
            c.moves += 1;
            if c.moves % MOVES == 0 {
                c.left += c.session;
            }
        }
        let fen = cecp::fen(variant, game.position());
        match reply {
            Reply::Move(text) => {
                let played = cecp::parse_move(variant, game.position(), &text)
                    .map_err(|e| e.to_string())
                    .and_then(|m| game.play_move(m).map_err(|e| e.to_string()));
                played.err().map(|e| {
                    End::Disputed(format!(
                        "{name} played {text}, not legal here ({e}), at {fen}"
                    ))
                })
            }
            Reply::Refused(line) => {
                let (ours, before) = self.last.clone().unwrap_or_default();
                Some(End::Disputed(format!(
                    "{name} refused our move {ours} ({line}) at {before}"
                )))
            }
            Reply::Resign => Some(End::Scored(1.0, format!("win: {name} resigned"))),
            // The game goes on only while our rules see no end, so the claim is one of the
            // engine's own rules (a move rule the variant lacks): its rules and ours differ.
            Reply::Draw(claim) => Some(End::Disputed(format!(
                "{name} claimed a draw our rules do not give ({claim}) at {fen}"
            ))),
            Reply::Gone(why) => Some(End::Scored(1.0, format!("win: {name} {why}"))),
        }
    }

    /// The engine's next move, or why there is none.
    fn reply(&mut self, wait: Duration) -> Reply {
        let until = Instant::now() + wait;
        loop {
            let line = match self.program.line_by(until) {
                Ok(l) => l,
                Err(silence) => return Reply::Gone(silence.why()),
            };
            let line = line.trim();
            if let Some(m) = line.strip_prefix("move ") {
                return Reply::Move(m.trim().to_string());
            }
            if line.starts_with("1/2-1/2") {
                return Reply::Draw(line.to_string());
            }
            if line == "resign" || line.starts_with("tellics resign") {
                return Reply::Resign;
            }
            if line.starts_with("Illegal move") {
                return Reply::Refused(line.to_string());
            }
        }
    }
}

/// A UCI engine as a child process, we being its GUI: told the whole game before each of
/// its moves (`position startpos moves ...`, or `position fen ...` from a given start) and
/// to think `go movetime`.
struct Uci {
    program: Program,
    /// Its name (`id name`).
    name: Option<String>,
    /// The variant's name for `UCI_Variant`.
    variant: String,
    /// The game's start position when it is not the variant's, as a FEN.
    start: Option<String>,
    /// The game's moves so far, in UCI's move text.
    moves: Vec<String>,
}

impl Uci {
    /// Starts the engine and checks that it offers `variant` (`chess` needs no option).
    fn start(command: &str, variant: String) -> miette::Result<Uci> {
        let mut program = Program::start(command)?;
        program.send("uci")?;
        let (mut name, mut offered) = (None, None);
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            let line = program.line_by(until).map_err(|s| {
                miette::miette!(
                    "the engine `{command}` did not answer `uci`: it {}",
                    s.why()
                )
            })?;
            if line == "uciok" {
                break;
            }
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
            if let Some(combo) = line.strip_prefix("option name UCI_Variant ") {
                offered = Some(
                    combo
                        .split(" var ")
                        .skip(1)
                        .map(String::from)
                        .collect::<Vec<_>>(),
                );
            }
        }
        let known = match &offered {
            Some(names) => names.contains(&variant),
            None => variant == "chess",
        };
        if !known {
            program.quit();
            return Err(miette::miette!(
                help = "give the name it offers with --uci-variant",
                "the engine does not offer the variant `{variant}`"
            ));
        }
        Ok(Uci {
            program,
            name,
            variant,
            start: None,
            moves: Vec::new(),
        })
    }

    /// A new game from `game`'s moves so far: the variant set, and the engine ready.
    fn new_game(&mut self, game: &Game) -> miette::Result<()> {
        let variant = game.variant();
        self.start = given_start(game).map(|start| variant.fen(start));
        self.moves = game
            .moves()
            .iter()
            .map(|&m| uci::move_text(variant, m, false))
            .collect();
        self.program.send("ucinewgame")?;
        if self.variant != "chess" {
            let set = format!("setoption name UCI_Variant value {}", self.variant);
            self.program.send(&set)?;
        }
        self.program.send("isready")?;
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            match self.program.line_by(until) {
                Ok(l) if l == "readyok" => return Ok(()),
                Ok(_) => {}
                Err(s) => {
                    return Err(miette::miette!(
                        "the engine did not answer `isready`: it {}",
                        s.why()
                    ))
                }
            }
        }
    }

    /// The engine's move, played on `game`: `None` when the game goes on, else how it ended.
    /// A move that is not legal on our board, or none where we see one, is a dispute.
    /// `nodes` replaces the time limit with `go nodes`.
    fn their_move(
        &mut self,
        game: &mut Game,
        name: &str,
        movetime: Duration,
        nodes: Option<u64>,
    ) -> Option<End> {
        let go = match nodes {
            Some(n) => format!("go nodes {n}"),
            None => format!("go movetime {}", movetime.as_millis()),
        };
        let asked = [
            match &self.start {
                Some(fen) => format!("position fen {fen} moves {}", self.moves.join(" ")),
                None => format!("position startpos moves {}", self.moves.join(" ")),
            },
            go,
        ];
        if let Err(e) = asked.iter().try_for_each(|l| self.program.send(l)) {
            return Some(End::Scored(1.0, format!("win: {name} ended ({e})")));
        }
        let until = Instant::now() + movetime * 10 + Duration::from_secs(5);
        let text = loop {
            match self.program.line_by(until) {
                Ok(l) => {
                    if let Some(rest) = l.strip_prefix("bestmove") {
                        break rest.split_whitespace().next().unwrap_or("").to_string();
                    }
                }
                Err(s) => return Some(End::Scored(1.0, format!("win: {name} {}", s.why()))),
            }
        };
        let variant = game.variant().clone();
        let fen = variant.fen(game.position());
        let played = uci::parse_move(&variant, game.position(), &text, false)
            .and_then(|m| game.play_move(m).map_err(|e| e.to_string()));
        match played {
            Ok(()) => {
                self.moves.push(text);
                None
            }
            Err(e) => Some(End::Disputed(format!(
                "{name} played {text}, not legal here ({e}), at {fen}"
            ))),
        }
    }
}
