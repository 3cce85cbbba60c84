//! `fairy tune`: piece values learned from self-play games (Texel's tuning method), with
//! their 95% intervals; `--write` puts them into the definition.

use std::path::{Path, PathBuf};

use fairy_rules::playtest::{Settings, Study};
use fairy_rules::tune::{tune, write::set_values, Options, Tuning};
use fairy_rules::Variant;

use super::playtest::{load_playable, parse_shard, play, read_merged, write};

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub(super) struct Args {
    #[command(subcommand)]
    merge: Option<Merge>,
    /// A definition file, or the name of a bundled variant.
    #[arg(required = true)]
    variant: Option<String>,
    /// Games in the study (all shards together).
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Seed of game 0; game i uses seed + i for its opening and chance events.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Opening moves (plies) drawn at random, so that games differ and material is
    /// unbalanced in varied ways; positions are sampled after them.
    #[arg(long, default_value_t = 8)]
    random_plies: u32,
    /// Cut a game after this many plies (counted as a draw by the move limit).
    #[arg(long, default_value_t = 200)]
    max_plies: u32,
    /// The engine's positions per move (the default, 2000, when no limit is given).
    #[arg(long)]
    nodes: Option<u64>,
    /// The engine's depth per move, in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Play only shard K of N (`3/10`); `fairy tune merge` fits the whole study.
    #[arg(long, value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Threads playing games at once (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Write the games (a playtest study) as JSON to this file, for `fairy tune merge`.
    #[arg(long)]
    json: Option<PathBuf>,
    #[command(flatten)]
    fit: Fit,
}

/// How the values are fitted and reported.
#[derive(clap::Args)]
struct Fit {
    /// The letter of the piece worth 100 (default: the most numerous piece that is not
    /// royal at the start, the pawn in chess).
    #[arg(long)]
    unit: Option<char>,
    /// Bootstrap resamples over games for the 95% intervals.
    #[arg(long, default_value_t = 200)]
    resamples: u32,
    /// Fit only positions at least this many plies before their game's end (0: all), for
    /// middlegame values: pawns weigh more near the end.
    #[arg(long, default_value_t = 0)]
    min_plies_left: u32,
    /// Fit only positions whose phase is at least this (0 to 1: the value of the pieces on
    /// the board, pawns and kings left out, against the start's), for middlegame values.
    #[arg(long, default_value_t = 0.0, value_parser = parse_share)]
    min_phase: f64,
    /// Fit the engine's evaluation beyond material (mobility on the cell, nearness to
    /// promotion) as a term of its own.
    #[arg(long)]
    positional: bool,
    /// Put the values found into the definition file as each piece's `value:`.
    #[arg(long)]
    write: bool,
}

#[derive(clap::Subcommand)]
enum Merge {
    /// Tune on the JSON files of a study's shards (or of `fairy playtest --json`) together.
    Merge {
        /// The shards' JSON files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the merged study as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
        #[command(flatten)]
        fit: Fit,
    },
}

pub(super) fn run(args: &Args) -> miette::Result<()> {
    if let Some(Merge::Merge { files, json, fit }) = &args.merge {
        let study = read_merged(files)?;
        let variant = super::load(&study.variant).map_err(|e| {
            miette::miette!("the study's variant `{}` does not load: {e}", study.variant)
        })?;
        write(&study, json.as_ref())?;
        return report(&study, &variant, fit, true);
    }
    let name = args.variant.as_deref().expect("clap requires the variant");
    if args.fit.write && !Path::new(name).is_file() {
        return Err(miette::miette!(
            help = "give the path of a definition file, such as a copy of the bundled one",
            "--write needs a definition file, and `{name}` is no file"
        ));
    }
    let variant = load_playable(name)?;
    let mut settings = Settings {
        games: args.games,
        seed: args.seed,
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        nodes: args.nodes,
        depth: args.depth,
        movetime: None,
    };
    if settings.nodes.is_none() && settings.depth.is_none() {
        settings.nodes = Some(2_000);
    }
    let (k, n) = args.shard.unwrap_or((1, 1));
    let range = settings.shard_range(k, n);
    let study = play(&variant, name, settings, range, args.threads)?;
    write(&study, args.json.as_ref())?;
    report(&study, &variant, &args.fit, n == 1)
}

/// Fits and prints the table; a failed fit is an error for a whole study and a note for a
/// shard (whose games still go to its JSON).
fn report(study: &Study, variant: &Variant, fit: &Fit, whole: bool) -> miette::Result<()> {
    let s = &study.settings;
    let limit = match (s.nodes, s.depth) {
        (Some(n), _) => format!("{n} nodes"),
        (_, Some(d)) => format!("depth {d}"),
        _ => "no limit".to_string(),
    };
    let played: Vec<String> = study
        .played
        .iter()
        .map(|[a, b]| format!("{a}..{b}"))
        .collect();
    out!(
        "{}: {} games (numbers {} of {}, seed {}), {} per move, {} random opening plies, cut at {} plies",
        study.variant_name,
        study.games.len(),
        played.join(", "),
        s.games,
        s.seed,
        limit,
        s.random_plies,
        s.max_plies
    );
    let options = Options {
        unit: fit.unit,
        resamples: fit.resamples,
        min_plies_left: fit.min_plies_left,
        positional: fit.positional,
        min_phase: fit.min_phase,
        ..Options::default()
    };
    let tuning = match tune(variant, &study.games, s.random_plies, &options) {
        Ok(t) => t,
        Err(e) if !whole => {
            out!("no fit on this shard alone ({e}); `fairy tune merge` fits the whole study");
            return Ok(());
        }
        Err(e) => return Err(miette::miette!("{e}")),
    };
    if fit.min_plies_left > 0 {
        out!(
            "(positions at least {} plies before their game's end)",
            fit.min_plies_left
        );
    }
    if fit.min_phase > 0.0 {
        out!(
            "(positions with at least {} of the start's pieces, by value, pawns and royal pieces aside)",
            fit.min_phase
        );
    }
    table(&tuning);
    if fit.write {
        write_values(&study.variant, &tuning)?;
    }
    Ok(())
}

/// A share from 0 to 1.
fn parse_share(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err(format!("`{text}` is not a share from 0 to 1 (such as 0.3)")),
    }
}

fn table(t: &Tuning) {
    out!(
        "{} quiet positions from {} games ({} decisive); values in units of {} = 100, 95% intervals from {} bootstrap resamples over games",
        t.positions,
        t.games,
        t.decisive,
        t.unit,
        t.resamples
    );
    out!(
        "{:<6} {:<16} {:>7} {:>17} {:>8} {:>9} {:>8}",
        "piece",
        "name",
        "value",
        "95% interval",
        "current",
        "weight",
        "samples"
    );
    for term in &t.terms {
        let letter = if term.pair {
            format!("{0}{0}", term.letter)
        } else {
            term.letter.to_string()
        };
        let name = if term.pair {
            format!("{} pair", term.name)
        } else {
            term.name.clone()
        };
        let current = term.current.map_or("-".to_string(), |c| c.to_string());
        match &term.estimate {
            Some(e) => out!(
                "{:<6} {:<16} {:>7.0} {:>17} {:>8} {:>9.4} {:>8}",
                letter,
                name,
                e.value,
                format!("[{:.0}, {:.0}]", e.ci95[0], e.ci95[1]),
                current,
                e.weight,
                e.nonzero
            ),
            None => out!(
                "{:<6} {:<16} {:>7} {:>17} {:>8}",
                letter,
                name,
                "-",
                "not measured",
                current
            ),
        }
    }
    if let Some(e) = &t.positional {
        out!(
            "positional: weight {:.4} [{:.4}, {:.4}] per pawn of the evaluation beyond material",
            e.weight,
            e.ci95[0],
            e.ci95[1]
        );
    }
    out!(
        "intercept (White's log-odds when even): {:+.4}",
        t.intercept
    );
}

/// Puts the measured values into the definition file `path` and checks that it still loads
/// with them; the file is restored when it does not.
fn write_values(path: &str, t: &Tuning) -> miette::Result<()> {
    if !Path::new(path).is_file() {
        return Err(miette::miette!(
            "--write needs a definition file, and `{path}` is no file"
        ));
    }
    let mut values = Vec::new();
    let mut skipped = Vec::new();
    for term in t.terms.iter().filter(|t| !t.pair) {
        match &term.estimate {
            Some(e) if e.value.round() >= 1.0 => {
                values.push((term.name.as_str(), e.value.round() as u32));
            }
            Some(_) => skipped.push(term.name.as_str()),
            None => {}
        }
    }
    let original =
        std::fs::read_to_string(path).map_err(|e| miette::miette!("cannot read {path}: {e}"))?;
    let text = set_values(&original, &values).map_err(|e| miette::miette!("{path}: {e}"))?;
    std::fs::write(path, &text).map_err(|e| miette::miette!("cannot write {path}: {e}"))?;
    let check = Variant::from_file(path)
        .map_err(|e| e.to_string())
        .and_then(|v| {
            for &(name, value) in &values {
                let piece = v.pieces.iter().find(|p| p.name == name);
                if piece.and_then(|p| p.value) != Some(value) {
                    return Err(format!("piece `{name}` did not take value {value}"));
                }
            }
            Ok(v)
        });
    if let Err(e) = check {
        std::fs::write(path, &original)
            .map_err(|e| miette::miette!("cannot restore {path}: {e}"))?;
        return Err(miette::miette!(
            "{path} left as it was: with the values written, {e}"
        ));
    }
    out!("wrote {} values into {path}", values.len());
    if !skipped.is_empty() {
        out!("not written (not above 0): {}", skipped.join(", "));
    }
    Ok(())
}
