//! `fairy search`: the engine's move in a position, with a line per finished iteration.

use std::time::{Duration, Instant};

use fairy_rules::search::{SearchLimits, Searcher};

use super::At;

#[derive(clap::Args)]
pub(super) struct Args {
    #[command(flatten)]
    at: At,
    /// Deepest iteration, in plies (at most 64).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Positions to visit, at most.
    #[arg(long)]
    nodes: Option<u64>,
    /// Time to think, in milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Write the moves in the engine's move text (`g1f3`) instead of SAN (or the variant's
    /// own notation).
    #[arg(long)]
    move_text: bool,
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let game = super::game(&args.at)?;
    let variant = game.variant().clone();
    let mut limits = SearchLimits {
        depth: args.depth,
        nodes: args.nodes,
        time: args.movetime.map(Duration::from_millis),
        stop: None,
    };
    if limits.depth.is_none() && limits.nodes.is_none() && limits.time.is_none() {
        limits.depth = Some(6);
    }
    // In a game of hidden information the engine sees what its side sees.
    let pos = variant.redact(game.position(), game.position().side_to_move());
    let start = Instant::now();
    let mut searcher = Searcher::new(variant.clone());
    // A line of moves from `pos`, each written in the position it is played in.
    let line = |moves: &[fairy_rules::Move]| -> Vec<String> {
        let mut at = pos.clone();
        moves
            .iter()
            .map(|&m| {
                let text = match args.move_text {
                    true => variant.move_text(m),
                    false => variant.readable_in_view(&at, m, None),
                };
                at = variant.play_unchecked(&at, m);
                text
            })
            .collect()
    };
    let result = searcher.search_with(&pos, game.earlier_hashes(), &limits, &mut |r| {
        let pv = line(&r.pv);
        out!(
            "depth {} score {} nodes {} time {} pv {}",
            r.depth,
            r.score,
            r.nodes,
            start.elapsed().as_millis(),
            pv.join(" ")
        );
    });
    match result.best {
        Some(m) => out!("bestmove {}", line(&[m])[0]),
        None => {
            let over = game
                .outcome()
                .map_or_else(|| "no legal move".to_string(), |o| o.to_string());
            out!("bestmove (none): {over}");
        }
    }
    Ok(())
}
