//! `fairy solve`: every key of a directmate or selfmate in N, with the solution tree.

use fairy_rules::solve::{solve, Line, Stipulation};
use fairy_rules::Variant;

use super::At;

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("stipulation").required(true)))]
pub(super) struct Args {
    #[command(flatten)]
    at: At,
    /// Directmate in N: the side to move wins within N of its moves (1 to 8).
    #[arg(long, group = "stipulation", value_parser = clap::value_parser!(u32).range(1..=8))]
    mate: Option<u32>,
    /// Selfmate in N: the side to move forces the other to win within N of its moves.
    #[arg(long, group = "stipulation", value_parser = clap::value_parser!(u32).range(1..=8))]
    selfmate: Option<u32>,
}

/// Whether a solution was found (the exit code says it).
pub(super) fn run(args: &Args) -> miette::Result<bool> {
    let game = super::game(&args.at)?;
    let variant = game.variant().clone();
    if let Some(o) = game.outcome() {
        return Err(miette::miette!("the game is already over: {o}"));
    }
    let stip = match (args.mate, args.selfmate) {
        (Some(n), _) => Stipulation::Direct(n),
        (_, Some(n)) => Stipulation::SelfMate(n),
        _ => unreachable!("clap requires one"),
    };
    let (name, n) = match stip {
        Stipulation::Direct(n) => ("mate", n),
        Stipulation::SelfMate(n) => ("selfmate", n),
    };
    let solution = solve(&variant, game.position(), stip);
    for key in &solution.keys {
        print_line(&variant, key, 1, 0, true);
    }
    match solution.keys.len() {
        0 => out!("no solution: no {name} in {n}"),
        1 => out!("1 key"),
        k => out!("{k} keys: cooked"),
    }
    if let Some(k) = solution.shortest.filter(|&k| k < n) {
        out!("shortest: {name} in {k}");
    }
    out!("{} positions", solution.nodes);
    Ok(!solution.keys.is_empty())
}

/// Prints `line` (move number `no`) and its tree, indented by `depth` levels.
fn print_line(v: &Variant, line: &Line, no: u32, depth: usize, key: bool) {
    let pad = "    ".repeat(depth);
    for b in &line.branches {
        let mate = if b.ends && b.defences.is_empty() {
            "#"
        } else {
            ""
        };
        let bang = if key { "!" } else { "" };
        out!("{pad}{no}.{}{mate}{bang}", v.move_text(b.played));
        for d in &b.defences {
            let win = if d.ends { "#" } else { "" };
            out!("{pad}    {no}...{}{win}", v.move_text(d.reply));
            for c in &d.continuations {
                print_line(v, c, no + 1, depth + 2, false);
            }
        }
    }
}
