//! `fairy xboard`: an engine speaking the XBoard protocol (CECP version 2) on standard input
//! and output, for XBoard, WinBoard and tools that drive engines the same way.

use std::io::BufRead;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fairy_rules::cecp::{self, XBoardVariant};
use fairy_rules::search::{SearchLimits, SearchResult, Searcher, MOVE_OVERHEAD};
use fairy_rules::uci::{self, MAX_CONTEMPT};
use fairy_rules::{Color, Game, Outcome, Reason, Variant};

#[derive(clap::Args)]
pub(super) struct Args {
    /// Definition files to offer besides the bundled variants, each under its file name
    /// without `.yaml`.
    files: Vec<PathBuf>,
}

/// Commands that interrupt a search: the move is played at once (`?`) or dropped.
const INTERRUPTS: [&str; 8] = [
    "?", "quit", "force", "new", "result", "undo", "remove", "setboard",
];

/// Every variant `fairy xboard` considers, each with its id (a bundled name or a file's
/// stem): the bundled variants, the suite's definitions ([`Variant::suite_names`]), then
/// `files`. A bundled definition that does not load is refused with the reason; a file
/// given that does not load is an error.
fn sources(files: &[PathBuf]) -> miette::Result<Vec<(String, Result<Variant, String>)>> {
    let stem = |file: &std::path::Path| {
        file.file_stem().map_or_else(
            || file.display().to_string(),
            |s| s.to_string_lossy().into(),
        )
    };
    let mut sources = Vec::new();
    // The bundled games, then the suite's definitions (both embedded), then the files given.
    for name in Variant::bundled_names().chain(Variant::suite_names()) {
        let loaded = Variant::bundled(name).map_err(|e| format!("{name}: {e}"));
        sources.push((name.to_string(), loaded));
    }
    for file in files {
        sources.push((stem(file), Ok(super::load(&file.to_string_lossy())?)));
    }
    Ok(sources)
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let mut offered: Vec<(XBoardVariant, Variant)> = Vec::new();
    let mut refused: Vec<(String, String)> = Vec::new();
    for (id, v) in sources(&args.files)? {
        let described = v.and_then(|v| {
            let x = cecp::describe(&v, &id)?;
            match offered.iter().find(|(o, _)| o.name == x.name) {
                Some((_, first)) => Err(format!(
                    "{}: the name {} is offered for {} already",
                    v.name, x.name, first.name
                )),
                None => Ok((x, v)),
            }
        });
        match described {
            Ok(pair) => offered.push(pair),
            Err(why) => refused.push((id, why)),
        }
    }
    let stop = Arc::new(AtomicBool::new(false));
    let lines = reader(stop.clone());
    let mut engine = Engine::new(offered, refused, stop);
    while let Ok(line) = lines.recv() {
        if !engine.command(line.trim()) {
            break;
        }
    }
    Ok(())
}

/// Standard input's lines on a channel; a line that interrupts a search also raises `stop`.
fn reader(stop: Arc<AtomicBool>) -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let word = line.split_whitespace().next().unwrap_or("");
            if INTERRUPTS.contains(&word) {
                stop.store(true, Ordering::Relaxed);
            }
            if tx.send(line).is_err() {
                return;
            }
        }
        let _ = tx.send("quit".to_string());
    });
    rx
}

/// The longest time any clock value may hold (100 days): more is refused, so that no sum or
/// share of clock values overflows and no search is given longer than a game could last.
const MAX_CLOCK: Duration = Duration::from_secs(100 * 24 * 3600);

/// `secs` as a clock value: a finite number from 0 to [`MAX_CLOCK`].
fn clock_value(secs: f64) -> Option<Duration> {
    (secs.is_finite() && (0.0..=MAX_CLOCK.as_secs_f64()).contains(&secs))
        .then(|| Duration::from_secs_f64(secs))
}

/// Seconds as XBoard writes them (`st 2.5`, `level`'s increment).
fn seconds(text: &str) -> Option<Duration> {
    clock_value(text.parse().ok()?)
}

/// Minutes, as `level`'s base time.
fn minutes(text: &str) -> Option<Duration> {
    clock_value(text.parse::<f64>().ok()? * 60.0)
}

/// Centiseconds, as `time` and `otim` give them, up to [`MAX_CLOCK`].
fn centiseconds(text: &str) -> Option<Duration> {
    let centis: u64 = text.parse().ok()?;
    let t = Duration::from_millis(centis.checked_mul(10)?);
    (t <= MAX_CLOCK).then_some(t)
}

/// The time control XBoard set.
#[derive(Debug, Clone, Copy, Default)]
struct Clock {
    /// Fixed time per move (`st`).
    per_move: Option<Duration>,
    /// Moves per session (`level`; 0: the whole game).
    moves_per_session: u32,
    /// Increment per move.
    increment: Duration,
    /// Our time left (`time`).
    left: Option<Duration>,
    /// Depth limit (`sd`).
    depth: Option<u32>,
}

impl Clock {
    /// The time for the next move, `moves_done` of our moves into the game.
    fn budget(&self, moves_done: u32) -> Duration {
        if let Some(t) = self.per_move {
            return t
                .saturating_sub(MOVE_OVERHEAD)
                .max(Duration::from_millis(10));
        }
        let Some(left) = self.left else {
            return Duration::from_secs(1);
        };
        let to_go = match self.moves_per_session {
            0 => None,
            n => Some(n - moves_done % n),
        };
        SearchLimits::clock_share(left, self.increment, to_go)
    }
}

struct Engine {
    offered: Vec<(XBoardVariant, Variant)>,
    refused: Vec<(String, String)>,
    /// The variant of `new`: XBoard's `normal` if offered, else the first.
    default: Variant,
    game: Game,
    searcher: Searcher,
    /// What a draw costs the engine, in centipawns (the `Contempt` option).
    contempt: i32,
    /// The side the engine plays, `None` in force mode.
    side: Option<Color>,
    clock: Clock,
    stop: Arc<AtomicBool>,
    /// The game's result was sent.
    reported: bool,
    /// What XBoard cannot referee in this variant, told to a person at the first move (not
    /// to another engine: XBoard sends `computer` first then).
    note: Option<String>,
    /// Thinking output is on (`post`).
    post: bool,
}

impl Engine {
    fn new(
        offered: Vec<(XBoardVariant, Variant)>,
        refused: Vec<(String, String)>,
        stop: Arc<AtomicBool>,
    ) -> Engine {
        let first = offered
            .iter()
            .find(|(x, _)| x.name == "normal")
            .or(offered.first())
            .map(|(_, v)| v.clone())
            .expect("the bundled variants include one XBoard can play");
        Engine {
            default: first.clone(),
            offered,
            refused,
            game: Game::new(first.clone()),
            searcher: Searcher::new(first),
            contempt: uci::DEFAULT_CONTEMPT,
            side: None,
            clock: Clock::default(),
            stop,
            reported: false,
            note: None,
            post: false,
        }
    }

    /// Handles one command; false to quit.
    fn command(&mut self, line: &str) -> bool {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if matches!(word, "go" | "usermove" | "playother") {
            if let Some(note) = self.note.take() {
                say(&format!("telluser {note}"));
            }
        }
        match word {
            "quit" => return false,
            "protover" => self.features(),
            "new" => {
                // The standard game until a `variant` command says otherwise.
                let v = self.default.clone();
                self.start(v);
                self.side = Some(Color::Black);
                self.clock.depth = None;
            }
            "variant" => self.variant(rest.trim()),
            "force" => self.side = None,
            "go" => {
                self.side = Some(self.game.position().side_to_move());
                self.think();
            }
            "playother" => self.side = Some(self.game.position().side_to_move().opponent()),
            "usermove" => self.user_move(rest.trim()),
            "setboard" => self.set_board(rest.trim()),
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "level" => self.level(rest),
            "st" => match seconds(rest.trim()) {
                Some(t) => self.clock.per_move = Some(t.max(Duration::from_millis(10))),
                None => say(&format!("Error (time out of range): {line}")),
            },
            "sd" => self.clock.depth = rest.trim().parse().ok(),
            "time" => match centiseconds(rest.trim()) {
                Some(t) => self.clock.left = Some(t),
                None => say(&format!("Error (time out of range): {line}")),
            },
            "ping" => say(&format!("pong {}", rest.trim())),
            "lift" => {
                if let Some(marks) =
                    cecp::highlight(self.game.variant(), self.game.position(), rest.trim())
                {
                    say(&format!("highlight {marks}"));
                }
            }
            "result" => self.side = None,
            "computer" => self.note = None,
            "option" => self.option(rest.trim()),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "?" => {}
            // Commands with nothing to do for this engine.
            "xboard" | "accepted" | "rejected" | "random" | "hard" | "easy" | "otim" | "name"
            | "rating" | "ics" | "put" | "hover" | "draw" | "white" | "black" | "memory"
            | "cores" | "." | "" => {}
            _ => say(&format!("Error (unknown command): {line}")),
        }
        true
    }

    fn features(&self) {
        let names: Vec<&str> = self.offered.iter().map(|(x, _)| x.name.as_str()).collect();
        say("feature done=0");
        say(&format!(
            "feature myname=\"fairy-rules {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        say("feature setboard=1 usermove=1 ping=1 san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 colors=0 memory=0 smp=0 exclude=0 highlight=1 debug=1");
        say(&format!(
            "feature option=\"Contempt -spin {} -{MAX_CONTEMPT} {MAX_CONTEMPT}\"",
            uci::DEFAULT_CONTEMPT
        ));
        // XBoard ignores these lines but shows them in its debug file: a variant left out
        // of `variants=` is explained, never silently missing.
        for (id, why) in &self.refused {
            say(&format!("# not offered: {id}: {why}"));
        }
        say("feature done=1");
    }

    /// `option NAME=VALUE`: the options of `feature option=`.
    fn option(&mut self, setting: &str) {
        let (name, value) = setting.split_once('=').unwrap_or((setting, ""));
        match (name, value.trim().parse::<i32>()) {
            ("Contempt", Ok(cp)) if (-MAX_CONTEMPT..=MAX_CONTEMPT).contains(&cp) => {
                self.contempt = cp;
                self.searcher.set_contempt(cp);
            }
            ("Contempt", _) => say(&format!(
                "Error (Contempt is from -{MAX_CONTEMPT} to {MAX_CONTEMPT} centipawns): option {setting}"
            )),
            _ => say(&format!("Error (no such option): option {setting}")),
        }
    }

    fn start(&mut self, variant: Variant) {
        self.game = Game::new(variant.clone());
        self.searcher = Searcher::new(variant);
        self.searcher.set_contempt(self.contempt);
        self.reported = false;
    }

    fn variant(&mut self, name: &str) {
        if let Some((x, v)) = self.offered.iter().find(|(x, _)| x.name == name) {
            let (commands, note, v) = (x.commands.clone(), x.unrefereed.clone(), v.clone());
            self.start(v);
            for c in commands {
                say(&c);
            }
            self.note = note;
            return;
        }
        // XBoard may ask by the file's name or by its camel-case form.
        let letters = |t: &str| -> String {
            t.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let why = match self
            .refused
            .iter()
            .find(|(id, _)| letters(id) == letters(name))
        {
            Some((_, why)) => why.clone(),
            None => format!("fairy-rules does not know the variant {name}"),
        };
        say(&format!("tellusererror {why}"));
        say(&format!("Error (variant not playable): {name}"));
    }

    fn set_board(&mut self, fen: &str) {
        let variant = self.game.variant().clone();
        let ours = cecp::from_xboard_fen(fen);
        let start = cecp::fen(&variant, &variant.start_position());
        let game = match Game::from_fen(variant.clone(), &ours) {
            Ok(g) => g,
            // XBoard's form of the start position, without our own extra fields.
            Err(_) if fields(fen, 2) == fields(&start, 2) => Game::new(variant.clone()),
            Err(e) => {
                say(&format!("tellusererror Illegal position: {e}"));
                say(&format!("Error (bad FEN): {fen}"));
                return;
            }
        };
        self.game = game;
        self.follow_xboard_count();
        self.reported = false;
    }

    /// `level MPS BASE INC`: BASE in minutes or `minutes:seconds`, INC in seconds. A value
    /// that is not a number in range leaves the clock as it was.
    fn level(&mut self, rest: &str) {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let read = match parts[..] {
            [mps, base, inc] => (|| {
                let base = match base.split_once(':') {
                    Some((m, s)) => minutes(m)?.checked_add(seconds(s)?)?,
                    None => minutes(base)?,
                };
                Some((mps.parse().ok()?, base.min(MAX_CLOCK), seconds(inc)?))
            })(),
            _ => None,
        };
        let Some((moves_per_session, base, increment)) = read else {
            say(&format!("Error (time control out of range): level {rest}"));
            return;
        };
        self.clock = Clock {
            moves_per_session,
            increment,
            left: Some(base),
            per_move: None,
            ..self.clock
        };
    }

    fn user_move(&mut self, text: &str) {
        let variant = self.game.variant().clone();
        let found = match self.game.outcome() {
            Some(o) => Err(format!("the game is over: {o}")),
            None => {
                cecp::parse_move(&variant, self.game.position(), text).map_err(|e| e.to_string())
            }
        };
        match found.and_then(|m| self.game.play_move(m).map_err(|e| e.to_string())) {
            Ok(()) => {
                self.follow_xboard_count();
                if !self.report() && self.side == Some(self.game.position().side_to_move()) {
                    self.think();
                }
            }
            Err(why) => say(&format!("Illegal move ({why}): {text}")),
        }
    }

    fn take_back(&mut self, plies: usize) {
        for _ in 0..plies {
            self.game.undo();
        }
        self.follow_xboard_count();
        self.reported = false;
    }

    /// Searches and plays the engine's move.
    fn think(&mut self) {
        if self.game.outcome().is_some() {
            self.report();
            return;
        }
        self.stop.store(false, Ordering::Relaxed);
        let ours = self.game.moves().len() as u32 / 2;
        let limits = SearchLimits {
            depth: self.clock.depth,
            time: Some(self.clock.budget(ours)),
            stop: Some(self.stop.clone()),
            ..SearchLimits::default()
        };
        let (variant, post, start) = (self.game.variant().clone(), self.post, Instant::now());
        let mut thinking = |r: &SearchResult| {
            if post {
                say(&cecp::thinking(&variant, r, start.elapsed()));
            }
        };
        let chosen = cecp::engine_move(&mut self.searcher, &self.game, &limits, &mut thinking);
        // A move of the search is legal: failing that, the game is over.
        if let Some(m) = chosen.filter(|&m| self.game.play_move(m).is_ok()) {
            self.follow_xboard_count();
            say(&format!("move {}", cecp::move_text(&variant, m)));
        }
        self.report();
    }

    /// Counts repetitions only where XBoard does, so that a claim is never one it calls
    /// false (XBoard leaves out positions our rules count: [`cecp::repetition_floor`]).
    fn follow_xboard_count(&mut self) {
        let floor = cecp::repetition_floor(&self.game);
        self.game.count_repetitions_from(floor);
    }

    /// Sends the result once the game is over; true if it is.
    fn report(&mut self) -> bool {
        let Some(outcome) = self.game.outcome() else {
            return false;
        };
        if !self.reported {
            self.reported = true;
            say(&result_line(outcome));
        }
        true
    }
}

/// The first `n` whitespace-separated fields of a FEN.
fn fields(fen: &str, n: usize) -> Vec<&str> {
    fen.split_whitespace().take(n).collect()
}

/// A result as XBoard reads it: `1-0 {White mates}`.
fn result_line(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let result = match winner {
                Color::White => "1-0",
                Color::Black => "0-1",
            };
            let name = match winner {
                Color::White => "White",
                Color::Black => "Black",
            };
            let why = match reason {
                Reason::Checkmate => format!("{name} mates"),
                other => format!("{name} wins by {other}"),
            };
            format!("{result} {{{why}}}")
        }
        Outcome::Draw { reason } => format!("1/2-1/2 {{Draw by {reason}}}"),
    }
}

/// Writes a line to XBoard at once.
fn say(line: &str) {
    out!("{line}");
}
