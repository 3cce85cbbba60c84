//! `fairy playtest`: engine self-play over all cores, with the statistics a designer reads.

use std::path::{Path, PathBuf};

use fairy_rules::playtest::{play_game, GameRecord, Settings, Study, Summary};
use fairy_rules::Variant;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(super) struct Args {
    #[command(subcommand)]
    merge: Option<Merge>,
    /// A definition file, or the name of a bundled variant.
    #[arg(required = true)]
    variant: Option<String>,
    /// Games in the study (all shards together).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of game 0; game i uses seed + i for its opening and chance events.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Opening moves (plies) drawn at random, so that games differ.
    #[arg(long, default_value_t = 4)]
    random_plies: u32,
    /// Cut a game after this many plies (counted as a draw by the move limit).
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// The engine's positions per move (the default, 20000, when no limit is given).
    #[arg(long)]
    nodes: Option<u64>,
    /// The engine's depth per move, in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// The engine's time per move in milliseconds (games then do not repeat exactly).
    #[arg(long)]
    movetime: Option<u64>,
    /// Play only shard K of N (`3/10`): the K-th of N ranges of game numbers.
    #[arg(long, value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Threads playing games at once (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Write the study (settings, summary, every game) as JSON to this file.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Write every game as PGN to this file.
    #[arg(long)]
    pgn: Option<PathBuf>,
}

#[derive(clap::Subcommand)]
enum Merge {
    /// Combine the JSON files of a study's shards into the report of the whole study.
    Merge {
        /// The shards' JSON files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the merged study as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
    },
}

pub(super) fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("`{text}` is not a shard K/N with 1 <= K <= N (such as 2/8)");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    if let Some(Merge::Merge { files, json }) = &args.merge {
        return merge(files, json.as_ref());
    }
    let name = args.variant.as_deref().expect("clap requires the variant");
    let variant = load_playable(name)?;
    let mut settings = Settings {
        games: args.games,
        seed: args.seed,
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        nodes: args.nodes,
        depth: args.depth,
        movetime: args.movetime,
    };
    if settings.nodes.is_none() && settings.depth.is_none() && settings.movetime.is_none() {
        settings.nodes = Some(20_000);
    }
    let (k, n) = args.shard.unwrap_or((1, 1));
    let range = settings.shard_range(k, n);
    let study = play(&variant, name, settings, range, args.threads)?;
    report(&study);
    if let Some(path) = &args.pgn {
        write_pgn(&study, &variant, name, path)?;
    }
    write(&study, args.json.as_ref())
}

/// The variant named `name`, loaded, with a move to play from its start position.
pub(super) fn load_playable(name: &str) -> miette::Result<Variant> {
    let variant = super::load(name)?;
    if variant.legal_moves(&variant.start_position()).is_empty() {
        return Err(miette::miette!(
            "{name}: the side to move has no legal move in the start position"
        ));
    }
    Ok(variant)
}

/// Plays games `range` of the study over `threads` threads (default: every core), with a
/// progress bar on standard error.
pub(super) fn play(
    variant: &Variant,
    name: &str,
    settings: Settings,
    range: std::ops::Range<u64>,
    threads: Option<u16>,
) -> miette::Result<Study> {
    let threads = threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        // A search line may run MAX_PLY deep; the main thread's stack, not a spawned one's.
        .stack_size(8 << 20)
        .build()
        .map_err(|e| miette::miette!("cannot start {threads} threads: {e}"))?;
    let bar = ProgressBar::new(range.end - range.start).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} ({eta} left)")
            .expect("the template is valid"),
    );
    let games: Vec<GameRecord> = pool.install(|| {
        range
            .clone()
            .into_par_iter()
            .map(|i| {
                let g = play_game(variant, &settings, i);
                bar.inc(1);
                g
            })
            .collect()
    });
    bar.finish_and_clear();
    Ok(Study::new(name, &variant.name, settings, range, games))
}

/// Every game of the study as PGN, one after another.
fn write_pgn(study: &Study, variant: &Variant, name: &str, path: &Path) -> miette::Result<()> {
    let file = super::variant_file(name);
    let mut text = String::new();
    for g in &study.games {
        let mut pgn = g
            .pgn(variant)
            .map_err(|e| miette::miette!("game {}: {e}", g.index))?;
        if let Some(file) = &file {
            pgn.set_tag("VariantFile", file.clone());
        }
        text.push_str(&pgn.to_string());
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|e| miette::miette!("cannot write {}: {e}", path.display()))
}

fn merge(files: &[PathBuf], json: Option<&PathBuf>) -> miette::Result<()> {
    let study = read_merged(files)?;
    report(&study);
    write(&study, json)
}

/// The studies of `files` (JSON) merged into one.
pub(super) fn read_merged(files: &[PathBuf]) -> miette::Result<Study> {
    let mut studies = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f)
            .map_err(|e| miette::miette!("cannot read {}: {e}", f.display()))?;
        let study: Study = serde_json::from_str(&text)
            .map_err(|e| miette::miette!("{} is not a playtest study: {e}", f.display()))?;
        studies.push(study);
    }
    Study::merge(studies).map_err(|e| miette::miette!("{e}"))
}

pub(super) fn write(study: &Study, json: Option<&PathBuf>) -> miette::Result<()> {
    if let Some(path) = json {
        let text = serde_json::to_string_pretty(study).expect("a study serialises");
        std::fs::write(path, text + "\n")
            .map_err(|e| miette::miette!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

fn report(study: &Study) {
    let s: &Summary = &study.summary;
    let limit = match (
        &study.settings.nodes,
        &study.settings.depth,
        &study.settings.movetime,
    ) {
        (Some(n), _, _) => format!("{n} nodes"),
        (_, Some(d), _) => format!("depth {d}"),
        (_, _, Some(t)) => format!("{t} ms"),
        _ => "no limit".to_string(),
    };
    let played: Vec<String> = study
        .played
        .iter()
        .map(|[a, b]| format!("{a}..{b}"))
        .collect();
    out!(
        "{}: {} games (numbers {} of {}), {} per move, {} random opening plies, cut at {} plies",
        study.variant_name,
        s.games,
        played.join(", "),
        study.settings.games,
        limit,
        study.settings.random_plies,
        study.settings.max_plies
    );
    let pct = |x: u64| 100.0 * x as f64 / s.games.max(1) as f64;
    out!(
        "results:        White {} ({:.1}%), Black {} ({:.1}%), draws {} ({:.1}%), cut by the move limit {}",
        s.white_wins,
        pct(s.white_wins),
        s.black_wins,
        pct(s.black_wins),
        s.draws,
        pct(s.draws),
        s.cut
    );
    let e = &s.engine;
    let elo = e.elo.map_or(String::new(), |elo| {
        format!("; about {elo:+.0} Elo against Fairy-Max at 1 s per move (docs/strength.md)")
    });
    out!(
        "engine:         {:.0} positions per move, depth {:.1} on average{elo}",
        e.nodes_per_move,
        e.mean_depth
    );
    out!(
        "balance:        White scores {:.3} (95% CI {:.3} to {:.3}); first-move advantage {:+.3}",
        s.white_score,
        s.white_score_ci95[0],
        s.white_score_ci95[1],
        s.first_move_advantage
    );
    let endings: Vec<String> = s.endings.iter().map(|(r, n)| format!("{r} {n}")).collect();
    out!("endings:        {}", endings.join(", "));
    out!(
        "length (plies): mean {:.1}, sd {:.1}, min {}, median {}, max {}",
        s.length.mean,
        s.length.sd,
        s.length.min,
        s.length.median,
        s.length.max
    );
    out!(
        "branching:      {:.1} legal moves per position",
        s.branching_factor
    );
    out!("lead changes:   {:.2} per game", s.lead_changes);
    out!(
        "decided share:  {:.2} of a won game played after the winner's lead held",
        s.decided_share
    );
}
