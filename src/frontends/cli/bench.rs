//! `fairy bench`: perft and search speed of variants beside chess, measured in the same run,
//! and what a position of each takes in memory and what a move copies.

use std::time::{Duration, Instant};

use fairy_rules::search::{SearchLimits, Searcher};
use fairy_rules::Variant;

#[derive(clap::Args)]
pub(super) struct Args {
    /// Definition files or bundled names; every bundled variant when none is given. Chess is
    /// always measured first, as the yardstick.
    variants: Vec<String>,
    /// Deepen each variant's perft from its start position until one depth takes at least
    /// this many milliseconds (or depth 10 is reached); that depth is reported. The search
    /// from the start position runs for as long.
    #[arg(long, default_value_t = 1000)]
    millis: u64,
}

/// One variant's measurement: the depth reached, its nodes and time.
struct Figure {
    depth: u32,
    nodes: u64,
    time: Duration,
}

impl Figure {
    fn nps(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let names: Vec<String> = if args.variants.is_empty() {
        Variant::bundled_names().map(str::to_string).collect()
    } else {
        args.variants.clone()
    };
    let budget = Duration::from_millis(args.millis);
    let chess = super::load("chess")?;
    let yardstick = (measure(&chess, budget), search(&chess, budget));
    out!(
        "{:<28} {:>5} {:>12} {:>9} {:>12} {:>9} {:>12} {:>9} {:>10} {:>8}",
        "variant",
        "depth",
        "nodes",
        "seconds",
        "nodes/s",
        "vs chess",
        "search n/s",
        "vs chess",
        "position B",
        "B/move"
    );
    let row = |name: &str, v: &Variant, (f, s): &(Figure, Figure)| {
        let memory = v.memory(&v.start_position(), MEMORY_DEPTH);
        out!(
            "{:<28} {:>5} {:>12} {:>9.3} {:>12.0} {:>9.2} {:>12.0} {:>9.2} {:>10} {:>8.0}",
            name,
            f.depth,
            f.nodes,
            f.time.as_secs_f64(),
            f.nps(),
            f.nps() / yardstick.0.nps(),
            s.nps(),
            s.nps() / yardstick.1.nps(),
            memory.position_bytes,
            memory.bytes_per_move()
        );
    };
    row("chess", &chess, &yardstick);
    for name in names.iter().filter(|n| n.as_str() != "chess") {
        let v = super::load(name)?;
        row(name, &v, &(measure(&v, budget), search(&v, budget)));
    }
    Ok(())
}

/// How deep the bytes a move saves are averaged, from the start position.
const MEMORY_DEPTH: u32 = 2;

/// A search from the start position for `budget` (at least its first iteration), one
/// thread, a fresh 16 MB table: the positions it visited (chance outcomes included) and
/// the time taken.
fn search(variant: &Variant, budget: Duration) -> Figure {
    let mut searcher = Searcher::new(variant.clone());
    let started = Instant::now();
    let r = searcher.search(&variant.start_position(), &[], &SearchLimits::time(budget));
    Figure {
        depth: r.depth,
        nodes: r.nodes,
        time: started.elapsed(),
    }
}

/// Perft of the start position at depths 1, 2, ... until one takes `budget`.
fn measure(variant: &Variant, budget: Duration) -> Figure {
    let pos = variant.start_position();
    let mut last = Figure {
        depth: 0,
        nodes: 1,
        time: Duration::ZERO,
    };
    for depth in 1..=10 {
        let started = Instant::now();
        let nodes = variant.perft(&pos, depth);
        last = Figure {
            depth,
            nodes,
            time: started.elapsed(),
        };
        if last.time >= budget {
            break;
        }
    }
    last
}
