//! `fairy match`: the engine against a uniformly random mover or an XBoard (CECP) engine,
//! colours alternating, with the score and its confidence interval.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use fairy_rules::playtest::score_ci95;
use fairy_rules::search::{SearchLimits, Searcher};
use fairy_rules::{Color, Game, Outcome};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[derive(clap::Args)]
pub(super) struct Args {
    /// A definition file, or the name of a bundled variant.
    variant: String,
    /// `random` (a uniformly random legal mover) or `xboard:COMMAND` (an XBoard engine, such
    /// as `xboard:fairymax`; a command not on the PATH is also looked for in /usr/games).
    #[arg(long)]
    opponent: String,
    /// Games to play; our engine has White in the odd-numbered ones.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Time per move in milliseconds, for both sides (an XBoard engine gets whole seconds,
    /// at least 1, with `st`; ours the same time).
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Limit our engine by positions per move instead of time (against the random mover).
    #[arg(long)]
    nodes: Option<u64>,
    /// A game not over after this many plies is scored as a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seed of game 1 (game i uses seed + i - 1) for the random mover and chance events.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The variant's name in the XBoard protocol (default: the definition's `xboard:`, else
    /// the variant's name as given).
    #[arg(long)]
    xboard_variant: Option<String>,
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
        _ => {
            return Err(miette::miette!(
                "unknown opponent `{}`: give `random` or `xboard:COMMAND`",
                args.opponent
            ))
        }
    };
    let name = args.opponent.trim_start_matches("xboard:");
    let xboard_variant = args
        .xboard_variant
        .clone()
        .or_else(|| variant.xboard.clone())
        .unwrap_or_else(|| args.variant.clone());
    let seconds = args.movetime.div_ceil(1000).max(1);
    let limits = match args.nodes {
        Some(n) => SearchLimits {
            nodes: Some(n),
            ..SearchLimits::default()
        },
        None => match opponent {
            Opponent::XBoard(_) => SearchLimits::time(Duration::from_secs(seconds)),
            Opponent::Random => SearchLimits::time(Duration::from_millis(args.movetime)),
        },
    };
    let mut searcher = Searcher::new(variant.clone());
    let mut points = Vec::new();
    let (mut wins, mut draws, mut losses, mut cut) = (0, 0, 0, 0);
    for i in 0..args.games {
        let ours = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let seed = args.seed.wrapping_add(u64::from(i));
        let mut game = Game::new(variant.clone()).with_seed(seed);
        let mut rng = StdRng::seed_from_u64(seed);
        searcher.clear();
        if let Opponent::XBoard(x) = &mut opponent {
            x.new_game(&xboard_variant, seconds, ours.opponent())?;
        }
        let mut forfeit = None;
        let mut claimed = None;
        while game.outcome().is_none() && game.moves().len() < args.max_plies {
            let side = game.position().side_to_move();
            if side == ours {
                let Some(p) = searcher.play(&mut game, &limits) else {
                    break;
                };
                if let Opponent::XBoard(x) = &mut opponent {
                    x.send(&variant.move_text(p.played))?;
                }
                continue;
            }
            match &mut opponent {
                Opponent::Random => random_move(&mut game, &mut rng),
                Opponent::XBoard(x) => {
                    let wait = Duration::from_secs(10 * seconds + 5);
                    match x.reply(wait) {
                        Reply::Move(text) => {
                            if let Err(e) = game.play(&text) {
                                forfeit = Some(format!("{name} played {text}: {e}"));
                            }
                        }
                        Reply::Resign => forfeit = Some(format!("{name} resigned")),
                        Reply::Draw(claim) => claimed = Some(claim),
                        Reply::Gone(why) => forfeit = Some(format!("{name} {why}")),
                    }
                }
            }
            if forfeit.is_some() || claimed.is_some() {
                break;
            }
        }
        let (p, text) = match (&forfeit, game.outcome()) {
            (Some(why), _) => (1.0, format!("win: {why}")),
            (None, None) if claimed.is_some() => {
                let claim = claimed.unwrap_or_default();
                (0.5, format!("draw claimed by {name}: {claim}"))
            }
            (None, Some(Outcome::Win { winner, reason })) if winner == ours => {
                (1.0, format!("win ({reason})"))
            }
            (None, Some(Outcome::Win { reason, .. })) => (0.0, format!("loss ({reason})")),
            (None, Some(Outcome::Draw { reason })) => (0.5, format!("draw ({reason})")),
            (None, None) => {
                cut += 1;
                (0.5, "draw (move limit)".to_string())
            }
        };
        match p {
            1.0 => wins += 1,
            0.0 => losses += 1,
            _ => draws += 1,
        }
        points.push(p);
        if let Opponent::XBoard(x) = &mut opponent {
            x.send("force")?;
        }
        out!(
            "game {}: fairy {} vs {name}: {text}, {} plies",
            i + 1,
            ours.name(),
            game.moves().len()
        );
    }
    if let Opponent::XBoard(x) = &mut opponent {
        x.quit();
    }
    let (mean, [low, high]) = score_ci95(&points);
    out!(
        "fairy against {name} in {}: +{wins} ={draws} -{losses} of {} games, score {:.1}% (95% CI {:.1}% to {:.1}%); {cut} cut by the move limit (scored as draws)",
        variant.name,
        points.len(),
        100.0 * mean,
        100.0 * low,
        100.0 * high
    );
    Ok(())
}

enum Opponent {
    Random,
    XBoard(XBoard),
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

/// An XBoard (CECP) engine as a child process, we being its GUI.
struct XBoard {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pings: u32,
}

enum Reply {
    Move(String),
    Resign,
    /// The engine claimed a draw that our referee did not see (its rules may differ).
    Draw(String),
    Gone(String),
}

impl XBoard {
    fn start(command: &str) -> miette::Result<XBoard> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| miette::miette!("xboard: no engine command given"))?;
        let spawn = |p: &str| {
            Command::new(p)
                .args(command.split_whitespace().skip(1))
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
        let mut x = XBoard {
            child,
            stdin,
            lines,
            pings: 0,
        };
        x.send("xboard")?;
        x.send("protover 2")?;
        // The features end with `done=1`; an engine of protocol 1 sends none.
        let until = std::time::Instant::now() + Duration::from_secs(3);
        while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
            match x.lines.recv_timeout(left) {
                Ok(l) if l.contains("done=1") => break,
                Ok(_) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(miette::miette!("the engine `{program}` ended at once"))
                }
            }
        }
        Ok(x)
    }

    fn send(&mut self, line: &str) -> miette::Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| miette::miette!("cannot write to the engine: {e}"))
    }

    /// A new game: the engine plays `engine_side`, thinking `seconds` per move.
    fn new_game(&mut self, variant: &str, seconds: u64, engine_side: Color) -> miette::Result<()> {
        self.send("new")?;
        if variant != "normal" {
            self.send(&format!("variant {variant}"))?;
        }
        self.send(&format!("st {seconds}"))?;
        self.send("easy")?;
        self.pings += 1;
        self.send(&format!("ping {}", self.pings))?;
        let pong = format!("pong {}", self.pings);
        loop {
            match self.lines.recv_timeout(Duration::from_secs(10)) {
                Ok(l) if l.trim() == pong => break,
                Ok(l) if l.starts_with("Error") => {
                    return Err(miette::miette!("the engine refused the setup: {l}"))
                }
                Ok(_) => {}
                Err(_) => return Err(miette::miette!("the engine did not answer `ping`")),
            }
        }
        if engine_side == Color::White {
            self.send("go")?;
        }
        Ok(())
    }

    /// The engine's next move, or why there is none.
    fn reply(&mut self, wait: Duration) -> Reply {
        let until = std::time::Instant::now() + wait;
        loop {
            let Some(left) = until.checked_duration_since(std::time::Instant::now()) else {
                return Reply::Gone("lost on time".into());
            };
            let line = match self.lines.recv_timeout(left) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => return Reply::Gone("lost on time".into()),
                Err(RecvTimeoutError::Disconnected) => return Reply::Gone("ended".into()),
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
                return Reply::Gone(format!("refused our move: {line}"));
            }
        }
    }

    fn quit(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
