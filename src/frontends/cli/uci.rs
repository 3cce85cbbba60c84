//! `fairy uci`: an engine speaking UCI on standard input and output, in Fairy-Stockfish's
//! conventions for variants (`UCI_Variant`, its move text), for UCI GUIs, match runners and
//! libraries such as python-chess.
//!
//! Standard input is read on a thread of its own and each search runs on another, so that
//! `isready` and `stop` are answered while the engine thinks. As in Stockfish, other commands
//! during a search do not end it (it searches its own copy of the game), and `go` waits for
//! it to end, but stops one that would not end by itself (`infinite`, `ponder`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use fairy_rules::protocol::{read_line, Line};
use fairy_rules::search::Searcher;
use fairy_rules::uci::{self, Command, Go, Session};
use fairy_rules::{Game, Outcome};

#[derive(clap::Args)]
pub(super) struct Args {}

pub(super) fn run(_: &Args) -> miette::Result<()> {
    let lines = reader();
    let mut session = Session::new();
    let mut search: Option<Search> = None;
    // The searcher kept between searches, with the session's epoch it was made for.
    let mut kept: Option<(u64, Searcher)> = None;
    while let Ok(line) = lines.recv() {
        let command = match uci::read_command(&line) {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(why) => {
                say(&format!("info string {why}"));
                continue;
            }
        };
        match command {
            Command::IsReady => say("readyok"),
            Command::Debug | Command::Register => {}
            Command::Stop => finish(&mut search, &mut kept, true),
            Command::PonderHit => {
                if let Some(s) = &search {
                    s.ponder_hit();
                }
            }
            Command::Quit => {
                finish(&mut search, &mut kept, true);
                break;
            }
            Command::Go(go) => {
                let endless = search
                    .as_ref()
                    .is_some_and(|s| s.hold.load(Ordering::Relaxed));
                finish(&mut search, &mut kept, endless);
                if let Some(depth) = go.perft {
                    for l in session.perft(depth) {
                        say(&l);
                    }
                    continue;
                }
                if go.searchmoves {
                    say("info string searchmoves is not followed: every move is searched");
                }
                let mut searcher = match kept.take() {
                    Some((epoch, s)) if epoch == session.epoch() => s,
                    _ => Searcher::with_table(session.variant().clone(), session.hash()),
                };
                searcher.set_contempt(session.contempt());
                search = Some(Search::start(
                    searcher,
                    session.game().clone(),
                    go,
                    session.chess960(),
                    session.epoch(),
                ));
            }
            other => {
                for l in session.handle(&other) {
                    say(&l);
                }
            }
        }
    }
    Ok(())
}

/// Standard input's lines on a channel, each at most [`uci::MAX_LINE`] bytes (a longer
/// one, or one not UTF-8, comes as a blank line after a word about it); `quit` when it ends.
fn reader() -> Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        loop {
            let line = match read_line(&mut input, uci::MAX_LINE) {
                Ok(Line::Text(text)) => text,
                Ok(Line::Unreadable(_)) => {
                    say("info string a line too long or not UTF-8 was not read");
                    String::new()
                }
                Ok(Line::End) | Err(_) => break,
            };
            if tx.send(line).is_err() {
                return;
            }
        }
        let _ = tx.send("quit".to_string());
    });
    rx
}

/// A search running on its own thread; the thread sends `bestmove` and gives the searcher
/// back.
struct Search {
    thread: JoinHandle<Searcher>,
    /// Ends the search.
    stop: Arc<AtomicBool>,
    /// Holds `bestmove` back until `stop` (`go infinite`) or `ponderhit` (`go ponder`).
    hold: Arc<AtomicBool>,
    go: Go,
    side: fairy_rules::Color,
    epoch: u64,
}

impl Search {
    fn start(mut searcher: Searcher, game: Game, go: Go, chess960: bool, epoch: u64) -> Search {
        let stop = Arc::new(AtomicBool::new(false));
        let hold = Arc::new(AtomicBool::new(go.infinite || go.ponder));
        let side = game.position().side_to_move();
        let mut limits = go.limits(side);
        limits.stop = Some(stop.clone());
        let (thread_stop, thread_hold) = (stop.clone(), hold.clone());
        let thread = std::thread::spawn(move || {
            let variant = game.variant().clone();
            let started = Instant::now();
            let result = match game.outcome() {
                Some(o) => {
                    let lost = matches!(o, Outcome::Win { winner, .. } if winner != side);
                    say(&format!("info string the game is over: {o}"));
                    say(match lost {
                        true => "info depth 0 score mate 0",
                        false => "info depth 0 score cp 0",
                    });
                    None
                }
                None => Some(searcher.search_with(
                    game.position(),
                    game.earlier_hashes(),
                    &limits,
                    &mut |r| say(&uci::info_line(&variant, r, started.elapsed(), chess960)),
                )),
            };
            // UCI: no `bestmove` before `stop` in infinite or ponder mode.
            while thread_hold.load(Ordering::Relaxed) && !thread_stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            match result {
                Some(r) => say(&uci::bestmove_line(&variant, &r, chess960)),
                None => say("bestmove (none)"),
            }
            searcher
        });
        Search {
            thread,
            stop,
            hold,
            go,
            side,
            epoch,
        }
    }

    /// `ponderhit`: the search goes on for the time the clock gives this move, then sends
    /// its move (at once, if it is already done).
    fn ponder_hit(&self) {
        if !self.go.ponder || self.go.infinite {
            return;
        }
        let mut go = self.go.clone();
        go.ponder = false;
        if let Some(t) = go.limits(self.side).time {
            let stop = self.stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(t);
                stop.store(true, Ordering::Relaxed);
            });
        }
        self.hold.store(false, Ordering::Relaxed);
    }
}

/// Waits for the running search, if any, to send its `bestmove` (stopping it first if
/// `stop`), and keeps its searcher.
fn finish(search: &mut Option<Search>, kept: &mut Option<(u64, Searcher)>, stop: bool) {
    if let Some(s) = search.take() {
        if stop {
            s.stop.store(true, Ordering::Relaxed);
        }
        if let Ok(searcher) = s.thread.join() {
            *kept = Some((s.epoch, searcher));
        }
    }
}

/// Writes a line to the GUI at once.
fn say(line: &str) {
    out!("{line}");
}
