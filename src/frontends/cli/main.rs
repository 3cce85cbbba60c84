//! The `fairy` command line: a thin layer over the `fairy_rules` library. Each command
//! parses its arguments, calls the library and prints.

/// Prints a line on standard output. A closed pipe (`fairy moves chess | head -1`) ends the
/// program quietly instead of panicking as `println!` would.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            $crate::output_failed(e);
        }
    }};
}

mod bench;
mod diagram;
mod perft;
mod play;
mod playtest;
mod replay;
mod search;
mod serve;
mod show;
mod solve;
mod tune;
mod uci;
mod validate;
mod versus;
mod web;
mod xboard;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use fairy_rules::{Game, LoadError, Variant};

/// fairy: chess variants defined in YAML, played by a generic engine.
#[derive(Parser)]
#[command(name = "fairy", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check definition files (or every .yaml file in a folder); exit code 1 on any error.
    Validate {
        /// Files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// `text`: a summary line per file and drawn diagnostics; `json`: one JSON object per
        /// diagnostic per line (file, line, column, byte range, severity, code, message, help).
        #[arg(long, value_enum, default_value_t = validate::Format::Text)]
        format: validate::Format,
    },
    /// List the legal moves of a position, sorted, one per line.
    Moves {
        #[command(flatten)]
        at: At,
    },
    /// Count the leaf nodes of the legal move tree to a depth.
    Perft {
        #[command(flatten)]
        at: At,
        /// Depth in plies (at most 64).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Also give the count below each root move.
        #[arg(long)]
        divide: bool,
        /// Share the work out over this many threads (split two plies down).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
    },
    /// Perft speed from each variant's start position (deepened until a depth takes
    /// `--millis`), in nodes per second and as a ratio to chess measured in the same run;
    /// search speed likewise; a position's bytes and the bytes a move saves to be unmade.
    Bench(bench::Args),
    /// Draw where a piece can move and capture from a square, as text or SVG.
    Diagram(diagram::Args),
    /// Play a game record (`-`: standard input) and print the moves applied, the FEN and the
    /// result; exit code 1 at the first move that fails, naming it.
    Replay(replay::Args),
    /// Play a game in the terminal: each side a person (`human`) or the engine, the board
    /// drawn after every move (each side shown its own view in games of hidden parts); at the
    /// prompt a move, or `moves`, `hint`, `undo`, `save FILE`, `quit`.
    Play(play::Args),
    /// Engine self-play for designers: balance (White's score with a 95% confidence interval),
    /// draw rate and every ending's reason, game length, branching factor, lead changes and
    /// decisiveness, over every core; `--json` writes the study with every game, `--shard K/N`
    /// plays a part of it and `fairy playtest merge` combines the parts.
    Playtest(playtest::Args),
    /// Piece values learned from self-play games by logistic regression of the results on
    /// material (Texel's tuning method), each with a 95% interval from a bootstrap over games,
    /// beside the values the engine uses; pair terms for kinds bound to a colour; `--write`
    /// puts them into the definition; `--shard K/N` and `fairy tune merge` as for playtest.
    Tune(tune::Args),
    /// Draw a position as text (coordinates, holes left blank, crews, layers; `--view` for
    /// one side's view), and write it as SVG or PNG with the pieces' images; `--empty` prints
    /// the board's cell names.
    Show(show::Args),
    /// Search a position and print the engine's move (`bestmove`), with a line per finished
    /// iteration: depth, score (`cp` or `mate`), nodes, milliseconds and the expected line.
    /// Without a limit, it searches 6 plies.
    Search(search::Args),
    /// Solve a problem: every key of a directmate (`--mate N`) or selfmate (`--selfmate N`)
    /// in N moves, each with its solution tree (defences and the continuations after them),
    /// cooks and the shortest solution; exit code 1 when there is none.
    Solve(solve::Args),
    /// Play the engine against a uniformly random mover (`--opponent random`) or an XBoard
    /// engine (`--opponent xboard:fairymax`), colours alternating, and print each game and
    /// the engine's score with its 95% confidence interval.
    #[command(name = "match")]
    Match(versus::Args),
    /// A game server speaking JSON lines on standard input and output, for frontends in
    /// any language: load variants (with diagnostics), play several games by id, legal
    /// moves with the cells they change, each side's view, chance, the engine, records.
    /// The protocol: docs/protocol/.
    Serve(serve::Args),
    /// The web playground: a page on http://127.0.0.1:PORT/ to edit definitions with live
    /// diagnostics, see each piece's moves and play (hot-seat or against the engine), served
    /// with a JSON API that carries the requests of `fairy serve` (POST /api). It listens on
    /// the loopback address only unless `--listen` says otherwise.
    Web(web::Args),
    /// An engine for XBoard and WinBoard (CECP version 2): offers every bundled variant it
    /// can play and the definition files given; a variant XBoard does not know is described
    /// to it (board, piece letters, start position, piece moves in Betza), and a piece's
    /// legal targets are highlighted when it is lifted.
    Xboard(xboard::Args),
    /// An engine for UCI GUIs, match runners and libraries (python-chess), in
    /// Fairy-Stockfish's conventions: `UCI_Variant` offers every bundled variant without
    /// chance or hidden parts under Fairy-Stockfish's names (`kingofthehill`, `shogi`),
    /// `VariantPath` adds definition files, `UCI_Chess960` plays a variant's 960 form where
    /// one is defined (`atomic960`); moves as Fairy-Stockfish writes them (`e7e8q`, `P@e4`,
    /// `b2g7+`, `e1g1h`), `go perft N` lists them.
    Uci(uci::Args),
    /// List the bundled variants (embedded in the program) with the first sentence of each
    /// one's description.
    List {
        /// Also the definitions of Fairy-Stockfish's perft suite (`variants/fsf/`), found by
        /// name like the others (`fairy moves shogi`).
        #[arg(long)]
        all: bool,
    },
}

/// A variant and a position in it.
#[derive(clap::Args)]
struct At {
    /// A definition file, or the name of a bundled one (`chess`, `falcon-chess`, `shogi`: see
    /// `fairy list --all`).
    variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Then play these moves: SAN (`Nf3`), move text (`g1f3`) or the variant's own
    /// notation; `d2d4@e5` gives a chance outcome.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Seed of the generator that draws the game parameters and the chance outcomes that
    /// `--param` and the moves do not give.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Game parameter values, `NAME=WHITE/BLACK` or `NAME=BOTH` (repeatable).
    #[arg(long = "param")]
    params: Vec<String>,
}

/// Runs the command line and returns the process exit code.
fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate { paths, format } => return validate::run(&paths, format),
        Command::Moves { at } => moves(&at),
        Command::Perft {
            at,
            depth,
            divide,
            threads,
        } => perft::run(&at, depth, divide, threads.into()),
        Command::Bench(args) => bench::run(&args),
        Command::Diagram(args) => diagram::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Search(args) => search::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Playtest(args) => playtest::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Solve(args) => match solve::run(&args) {
            Ok(true) => Ok(()),
            Ok(false) => return ExitCode::FAILURE,
            Err(e) => Err(e),
        },
        Command::Match(args) => versus::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Web(args) => web::run(&args),
        Command::Xboard(args) => xboard::run(&args),
        Command::Uci(args) => uci::run(&args),
        Command::List { all } => list(all),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprintln!("{report:?}");
            ExitCode::FAILURE
        }
    }
}

/// Ends the program after a failed write to standard output.
pub(crate) fn output_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: cannot write the output: {e}");
    std::process::exit(1)
}

/// Loads a variant from a definition file, or by the name of a bundled one (embedded in the
/// program, so found from any folder).
fn load(name: &str) -> miette::Result<Variant> {
    let loaded = if Path::new(name).is_file() {
        Variant::from_file(name)
    } else {
        Variant::bundled(name)
    };
    loaded.map_err(load_error)
}

/// A definition that could not be loaded, as a report: its diagnostics drawn on standard
/// error first.
fn load_error(e: LoadError) -> miette::Report {
    match e {
        LoadError::Definition(d) => {
            for report in d.diagnostics() {
                // Drawn whole, then written at once: standard error is unbuffered.
                let drawn = format!("{:?}", miette::Report::new(report.clone()));
                eprintln!("{drawn}");
            }
            miette::miette!("{d}")
        }
        LoadError::NotBundled { name, known } => miette::miette!(
            help = format!("give a definition file, or one of: {}", known.join(", ")),
            "no definition file `{name}`, and no bundled variant of that name"
        ),
        io => miette::miette!("{io}"),
    }
}

/// The PGN tags of a game played by a `fairy` command: the event, today's date, the
/// players, and the definition file of a variant that is not bundled (as an absolute path,
/// so the record finds it from anywhere on this machine).
fn pgn_tags(variant: &str, event: &str, white: &str, black: &str) -> fairy_rules::pgn::Tags {
    fairy_rules::pgn::Tags {
        event: Some(event.into()),
        site: None,
        date: Some(today()),
        round: None,
        white: Some(white.into()),
        black: Some(black.into()),
        variant_file: variant_file(variant),
    }
}

/// The absolute path of the definition file `variant` names, `None` for a bundled variant.
fn variant_file(variant: &str) -> Option<String> {
    Path::new(variant)
        .is_file()
        .then(|| std::fs::canonicalize(variant).ok())
        .flatten()
        .map(|p| p.display().to_string())
}

/// Today's date (UTC) as PGN writes it, `2026.11.25`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    // Days since 1970-01-01 to a civil date (H. Hinnant's `civil_from_days`).
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A FEN error as a report that shows the FEN with the offending part underlined.
pub(crate) fn fen_report(fen: &str, e: fairy_rules::FenError) -> miette::Report {
    let label = match &e {
        fairy_rules::FenError::Field { span, .. } => {
            vec![miette::LabeledSpan::at(span.clone(), "here")]
        }
        _ => Vec::new(),
    };
    miette::miette!(labels = label, "{e}").with_source_code(fen.to_string())
}

/// The game at the requested position (FEN, then moves).
fn game(at: &At) -> miette::Result<Game> {
    let variant = load(&at.variant)?;
    let mut game = match &at.fen {
        Some(fen) => Game::from_fen(variant, fen).map_err(|e| fen_report(fen, e))?,
        None => Game::new(variant),
    }
    .with_seed(at.seed);
    for p in &at.params {
        game.set_parameters(p).map_err(|e| miette::miette!("{e}"))?;
    }
    if !game.variant().parameters.is_empty() {
        eprintln!(
            "parameters: {}",
            game.variant().parameter_text(game.position())
        );
    }
    // SAN, the engine's move text or the variant's own notation, as `play` reads them.
    for (i, text) in at.moves.iter().enumerate() {
        let variant = game.variant().clone();
        variant
            .read_move(game.position(), text)
            .and_then(|m| game.play_move(m))
            .map_err(|e| {
                let near = nearest(&variant, game.position(), text);
                miette::miette!("move {}: {e}{near}", i + 1)
            })?;
    }
    Ok(game)
}

fn list(all: bool) -> miette::Result<()> {
    let suite = Variant::suite_names().filter(|_| all);
    for name in Variant::bundled_names().chain(suite) {
        let v = Variant::bundled(name).map_err(|e| miette::miette!("{name}: {e}"))?;
        // The first sentence: up to a full stop that ends a word.
        let first = match v.description.find(". ") {
            Some(end) => &v.description[..=end],
            None => &v.description,
        };
        out!("{name:<18} {}: {first}", v.name);
    }
    Ok(())
}

/// ` (legal moves like it: Bb5, Bc4)` for a move `text` that does not read in `pos`, or
/// nothing when no legal move is near.
fn nearest(variant: &Variant, pos: &fairy_rules::Position, text: &str) -> String {
    let near: Vec<String> = variant
        .nearest_moves(pos, text, 3)
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    match near.is_empty() {
        true => String::new(),
        false => format!(" (legal moves like it: {})", near.join(", ")),
    }
}

fn moves(at: &At) -> miette::Result<()> {
    let game = game(at)?;
    let variant = game.variant();
    let mut texts: Vec<String> = game
        .legal_moves()
        .into_iter()
        .map(|m| variant.move_text(m))
        .collect();
    texts.sort();
    for t in &texts {
        out!("{t}");
    }
    if let Some(outcome) = game.outcome() {
        eprintln!("game over: {outcome}");
    }
    Ok(())
}
