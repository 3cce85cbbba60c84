//! `fairy perft`.

use std::time::Instant;

use super::{game, At};

pub(super) fn run(at: &At, depth: u32, divide: bool, threads: usize) -> miette::Result<()> {
    let game = game(at)?;
    let variant = game.variant();
    let pos = game.position();
    let started = Instant::now();
    let nodes = if divide {
        let d = variant.divide(pos, depth);
        let mut lines: Vec<(String, u64)> = d
            .moves
            .iter()
            .map(|&(m, n)| (variant.move_text(m), n))
            .collect();
        lines.sort();
        for (m, n) in lines {
            out!("{m}: {n}");
        }
        out!("");
        d.total
    } else {
        variant
            .perft_threads(pos, depth, threads)
            .map_err(|e| miette::miette!("cannot start {threads} threads: {e}"))?
    };
    let secs = started.elapsed().as_secs_f64();
    out!("nodes {nodes}");
    out!("time {secs:.3} s");
    out!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    Ok(())
}
