//! `fairy replay`: plays a game record move by move and tells where it led.
//!
//! A PGN record (it begins with a tag pair, `[Event "..."]`) is read by
//! [`fairy_rules::pgn`]: its `Variant` or `VariantFile` tag names the variant when the
//! command does not, its `FEN` tag the start, its `[%chance CELL]` comments the chance
//! outcomes.
//!
//! Any other record is in the variant's own notation (SAN, the engine's move text, or the
//! notation of its definition), as [`fairy_rules::Game::record_text`] writes it or as players
//! keep one by hand; [`fairy_rules::Game::play_record`] reads and plays it.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use fairy_rules::pgn::{self, PgnGame};
use fairy_rules::{Color, Game, Outcome, Reason, RecordTextError, Variant};

use super::{game, load, At};

/// Arguments of `fairy replay`.
#[derive(clap::Args)]
pub(super) struct Args {
    /// The variant (a definition file, or the name of a bundled one: `chess`,
    /// `pirateknics`), then the record; a PGN record that names its variant may come alone.
    #[arg(value_name = "[VARIANT] FILE", num_args = 1..=2, required = true)]
    args: Vec<String>,
    /// Start from this FEN instead of the variant's start position (a PGN record gives its
    /// own in its FEN tag).
    #[arg(long)]
    fen: Option<String>,
    /// Seed of the generator that draws the game parameters and the chance outcomes that
    /// the record does not give.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Which game of a PGN file with several (1 is the first).
    #[arg(long, default_value_t = 1)]
    game: usize,
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let (variant, file) = match args.args.as_slice() {
        [file] => (None, PathBuf::from(file)),
        [variant, file, ..] => (Some(variant.as_str()), PathBuf::from(file)),
        [] => unreachable!("clap requires the record"),
    };
    let record = read(&file)?;
    if is_pgn(&record) {
        return run_pgn(args, variant, &file, &record);
    }
    let Some(variant) = variant else {
        return Err(miette::miette!(
            "name the variant: fairy replay VARIANT {} (only a PGN record names its own)",
            file.display()
        ));
    };
    let mut game = game(&At {
        variant: variant.to_string(),
        fen: args.fen.clone(),
        moves: Vec::new(),
        seed: args.seed,
        params: Vec::new(),
    })?;
    match game.play_record(&record) {
        Ok(()) => {}
        Err(
            e @ (RecordTextError::UnclosedComment { .. }
            | RecordTextError::StrayBrace { .. }
            | RecordTextError::NumberTooLarge { .. }),
        ) => {
            return Err(miette::miette!(
                "cannot read the record {}: {e}",
                name(&file)
            ))
        }
        Err(e) => {
            print_position(&game);
            return Err(miette::miette!("{e}"));
        }
    }
    print_position(&game);
    out!("result: {}", result(game.outcome()));
    Ok(())
}

/// Whether a record is PGN: it begins with a tag pair, `[Event "`.
fn is_pgn(record: &str) -> bool {
    let Some(rest) = record.trim_start().strip_prefix('[') else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name_end > 0
        && rest[name_end..]
            .trim_start_matches([' ', '\t'])
            .starts_with('"')
}

/// Replays a game of a PGN record.
fn run_pgn(args: &Args, variant: Option<&str>, file: &Path, record: &str) -> miette::Result<()> {
    let games = pgn::parse(record)
        .map_err(|e| miette::miette!("cannot read the record {}: {e}", name(file)))?;
    let pgn: &PgnGame = games.get(args.game.wrapping_sub(1)).ok_or_else(|| {
        miette::miette!(
            "the record {} has {} game(s); there is no game {}",
            name(file),
            games.len(),
            args.game
        )
    })?;
    let variant: Variant = match variant {
        Some(v) => load(v)?,
        None => {
            let folder = file.parent().unwrap_or(Path::new("."));
            pgn.variant(folder)
                .map_err(|e| miette::miette!("{e}"))?
                .ok_or_else(|| {
                    miette::miette!(
                        "the record names no variant (no Variant tag): fairy replay VARIANT {}",
                        file.display()
                    )
                })?
        }
    };
    let replay = pgn
        .replay(&variant, args.seed)
        .map_err(|e| miette::miette!("the record's FEN tag: {e}"))?;
    print_position(&replay.game);
    if let Some(e) = replay.error {
        return Err(miette::miette!("{e}"));
    }
    out!("result: {}", result(replay.game.outcome()));
    Ok(())
}

/// Prints the number of moves played and the position reached.
fn print_position(game: &Game) {
    out!("moves: {}", game.moves().len());
    out!("fen: {}", game.fen());
}

/// `White wins by checkmate`, `draw by stalemate`, `game goes on`.
fn result(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "game goes on".into(),
        Some(Outcome::Win { winner, reason }) => {
            let side = match winner {
                Color::White => "White",
                Color::Black => "Black",
            };
            format!("{side} wins by {}", reason_text(reason))
        }
        Some(Outcome::Draw { reason }) => format!("draw by {}", reason_text(reason)),
    }
}

fn reason_text(reason: Reason) -> String {
    match reason {
        Reason::MoveRule => "the move rule".into(),
        Reason::Counting => "the counting rules".into(),
        Reason::RoyalCaptured => "capture of the royal pieces".into(),
        Reason::Flag => "reaching a flag zone".into(),
        // `checkmate`, `stalemate`, `repetition`, and any reason added later.
        other => other.to_string(),
    }
}

/// The record's name in messages.
fn name(file: &Path) -> String {
    if file == Path::new("-") {
        "from standard input".into()
    } else {
        format!("`{}`", file.display())
    }
}

/// The text of the record file, or of standard input for `-`.
fn read(file: &Path) -> miette::Result<String> {
    let text = if file == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map(|_| text)
            .map_err(|e| miette::miette!("cannot read the record from standard input: {e}"))?
    } else {
        std::fs::read_to_string(file)
            .map_err(|e| miette::miette!("cannot read the record `{}`: {e}", file.display()))?
    };
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_record_is_pgn_when_it_begins_with_a_tag_pair() {
        assert!(super::is_pgn("\n[Event \"x\"]\n1. e4"));
        assert!(super::is_pgn("[FEN\t\"8/8\"]"));
        assert!(!super::is_pgn("[(6x8)-4] PiRaTeKnIcS\n1) d2-d4"));
        assert!(!super::is_pgn("[**] 1. e4"));
        assert!(!super::is_pgn("1. e4"));
    }
}
