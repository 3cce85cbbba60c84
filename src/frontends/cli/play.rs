//! `fairy play`: a game in the terminal, each side a person or the engine.

use std::io::BufRead;
use std::time::Duration;

use fairy_rules::pgn::PgnGame;
use fairy_rules::search::{SearchLimits, Searcher};
use fairy_rules::{Bitboard, Color, Game, Position, Refusal, Variant};

use super::At;

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum Player {
    /// Moves typed at the prompt.
    Human,
    /// The search.
    Engine,
}

#[derive(clap::Args)]
pub(super) struct Args {
    #[command(flatten)]
    at: At,
    /// Who plays White.
    #[arg(long, value_enum, default_value_t = Player::Human)]
    white: Player,
    /// Who plays Black.
    #[arg(long, value_enum, default_value_t = Player::Engine)]
    black: Player,
    /// The engine's time per move, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Stop after this many moves in all (plies), for engine games.
    #[arg(long)]
    max_plies: Option<usize>,
    /// Write the game to this file when it ends or is left: PGN for a name ending in
    /// `.pgn`, else the record in the variant's own notation.
    #[arg(long)]
    pgn: Option<String>,
}

const HELP: &str =
    "type a move (Nf3 or g1f3), or: moves (the legal moves), hint, undo, save FILE(.pgn), quit";

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let mut game = super::game(&args.at)?;
    let played = play(args, &mut game);
    if let Some(file) = &args.pgn {
        save(args, &game, file)?;
    }
    played
}

/// Writes the game as PGN (a file named `*.pgn`) or in the variant's own notation: the full
/// record once it is over or when no person plays it, else the record of the person to move
/// (the opponent's hidden moves left out).
fn save(args: &Args, game: &Game, file: &str) -> miette::Result<()> {
    let name = |p: Player| match p {
        Player::Human => "human",
        Player::Engine => "fairy-rules",
    };
    let view = viewer(args, game);
    let tags = super::pgn_tags(
        &args.at.variant,
        "fairy play",
        name(args.white),
        name(args.black),
    );
    // PGN, or for another name the variant's own notation, as players keep it by hand.
    let record = if file.ends_with(".pgn") {
        PgnGame::from_game(game, &tags, view).to_string()
    } else {
        game.record_text(view)
    };
    std::fs::write(file, record).map_err(|e| miette::miette!("cannot write {file}: {e}"))?;
    out!("saved {} moves to {file}", game.moves().len());
    Ok(())
}

/// The side whose view is shown: the person's (the one to move when two people share the
/// keyboard); `None`, everything, when no person plays or the game is over.
fn viewer(args: &Args, game: &Game) -> Option<Color> {
    match (args.white, args.black) {
        _ if game.outcome().is_some() => None,
        (Player::Engine, Player::Engine) => None,
        (Player::Human, Player::Engine) => Some(Color::White),
        (Player::Engine, Player::Human) => Some(Color::Black),
        (Player::Human, Player::Human) => Some(game.position().side_to_move()),
    }
}

/// `pos` as `viewer` sees it.
fn seen_by(variant: &Variant, pos: &Position, viewer: Option<Color>) -> Position {
    match viewer {
        Some(side) => variant.redact(pos, side),
        None => pos.clone(),
    }
}

/// The position before the last move, if any.
fn before_last(game: &Game) -> Option<Position> {
    let (_, earlier) = game.moves().split_last()?;
    let variant = game.variant();
    Some(
        earlier
            .iter()
            .fold(game.start_position().clone(), |pos, &m| {
                variant.play_unchecked(&pos, m)
            }),
    )
}

/// The game, turn by turn, until it ends or the person leaves.
fn play(args: &Args, game: &mut Game) -> miette::Result<()> {
    let variant = game.variant().clone();
    if game.legal_moves().is_empty() && game.outcome().is_none() {
        return Err(miette::miette!("the side to move has no legal move"));
    }
    // Two people at one keyboard in a game of hidden information: a pass screen between
    // turns.
    let hot_seat = variant.has_hidden_information()
        && args.white == Player::Human
        && args.black == Player::Human;
    let mut searcher = Searcher::new(variant.clone());
    let limits = SearchLimits::time(Duration::from_millis(args.movetime));
    // Plies played by people, to take back to the last position where a person was to move.
    let mut earlier: Vec<usize> = Vec::new();
    let mut lines = std::io::stdin().lock().lines();
    out!("{HELP}");
    loop {
        let side = game.position().side_to_move();
        // Each person is shown only what their side may see; all of it once the game is over.
        let viewer = viewer(args, game);
        let seen = seen_by(&variant, game.position(), viewer);
        if hot_seat && game.outcome().is_none() && !game.moves().is_empty() {
            // The screen (and the terminal's scrollback) is cleared before the next view.
            out!(
                "\x1b[2J\x1b[3J\x1b[H(pass the keyboard to {}, then press Enter)",
                side.name()
            );
            if lines.next().is_none() {
                return Ok(());
            }
        }
        let mut marked = Bitboard::EMPTY;
        if let (Some(&last), Some(before)) = (game.moves().last(), before_last(game)) {
            // A hidden move is told only as that to a side that did not make it.
            let mover = before.side_to_move();
            if game.last_move_hidden() && viewer.is_some_and(|v| v != mover) {
                out!("last move: a hidden move");
            } else {
                let text = variant.readable_in_view(&before, last, viewer);
                out!("last move: {text}");
                if let Some(cell) = last.outcome {
                    out!("the chance event drew {}", variant.topology.name(cell));
                }
                marked = Bitboard::from_cell(last.from) | Bitboard::from_cell(last.to);
            }
        }
        // From the person's end of the board (from White's when two share it and see alike).
        let from = match viewer {
            Some(side) if variant.has_hidden_information() || args.white != args.black => side,
            _ => Color::White,
        };
        for line in variant
            .picture_text_from(&seen, Bitboard::EMPTY, marked, from)
            .lines()
        {
            out!("{line}");
        }
        if let Some(outcome) = game.outcome() {
            out!("game over: {outcome}");
            return Ok(());
        }
        if args.max_plies.is_some_and(|n| game.moves().len() >= n) {
            out!("stopped after {} plies", game.moves().len());
            return Ok(());
        }
        let player = if side == Color::White {
            args.white
        } else {
            args.black
        };
        if player == Player::Engine {
            let before = game.position().clone();
            let Some(p) = searcher.play(game, &limits) else {
                return Err(miette::miette!("the engine found no move it may play"));
            };
            // A person playing the other side is not told a hidden move.
            if viewer.is_some_and(|v| v != side) && game.last_move_hidden() {
                out!("{} plays a hidden move", side.name());
            } else {
                let text = variant.readable_in_view(&before, p.played, viewer);
                out!("{} plays {text} ({})", side.name(), p.result.score);
            }
            continue;
        }
        out!("{} to move>", side.name());
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line.map_err(|e| miette::miette!("cannot read the input: {e}"))?;
        let mut words = line.split_whitespace();
        match (words.next(), words.next()) {
            (None, _) => out!("{HELP}"),
            (Some("quit"), _) => return Ok(()),
            (Some("moves"), _) => {
                let mut texts: Vec<String> = variant
                    .legal_moves(&seen)
                    .into_iter()
                    .map(|m| variant.readable(&seen, m))
                    .collect();
                texts.sort();
                out!("{}", texts.join(" "));
            }
            (Some("hint"), _) => {
                let r = searcher.search(&seen, game.earlier_hashes(), &limits);
                if let Some(m) = r.best {
                    out!("hint: {} ({})", variant.readable(&seen, m), r.score);
                }
            }
            (Some("undo"), _) => {
                // Back to the last position where a person was to move.
                match earlier.pop() {
                    Some(ply) => while game.moves().len() > ply && game.undo().is_some() {},
                    None => out!("nothing to undo"),
                }
            }
            (Some("save"), Some(file)) => save(args, game, file)?,
            (Some(_), _) => {
                let before = game.moves().len();
                // Read as the side sees the position: SAN, move text or the variant's notation.
                let text = line.trim();
                let m = match variant.read_move(&seen, text) {
                    Ok(m) => m,
                    Err(e) => {
                        let nearest = super::nearest(&variant, &seen, text);
                        out!("{e}{nearest}; type `moves` for the legal moves");
                        continue;
                    }
                };
                match game.attempt(side, &variant.move_text(m)) {
                    Ok(_) => earlier.push(before),
                    Err(Refusal::NotPossible) => {
                        out!("not possible: the hidden pieces forbid it; try another move")
                    }
                    Err(e) => out!("{e}; type `moves` for the legal moves"),
                }
            }
        }
    }
}
