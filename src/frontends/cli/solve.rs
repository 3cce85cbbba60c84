//! `fairy solve`: every key of a directmate or selfmate in N, with the solution tree.

use fairy_rules::solve::{solve, Line, Stipulation};
use fairy_rules::{Position, Variant};

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
        print_line(&variant, game.position(), key, 1, 0, true);
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

/// Prints `line` (move number `no`, played from `pos`) and its tree, indented by `depth`
/// levels, in SAN (or the variant's own notation) as problemists write it: `1.Ra6!`.
fn print_line(v: &Variant, pos: &Position, line: &Line, no: u32, depth: usize, key: bool) {
    let pad = "    ".repeat(depth);
    // A win that is no checkmate (a captured king, a flag) is marked `#` too.
    let written = |pos: &Position, m, ends: bool| {
        let text = v.readable(pos, m);
        match ends && !text.ends_with('#') {
            true => format!("{}#", text.trim_end_matches('+')),
            false => text,
        }
    };
    for b in &line.branches {
        let bang = if key { "!" } else { "" };
        let text = written(pos, b.played, b.ends && b.defences.is_empty());
        out!("{pad}{no}.{text}{bang}");
        let after = v.play_unchecked(pos, b.played);
        for d in &b.defences {
            out!("{pad}    {no}...{}", written(&after, d.reply, d.ends));
            let next = v.play_unchecked(&after, d.reply);
            for c in &d.continuations {
                print_line(v, &next, c, no + 1, depth + 2, false);
            }
        }
    }
}
