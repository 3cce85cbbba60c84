//! Piece values learned from self-play: Texel's tuning method (chessprogramming wiki,
//! "Texel's Tuning Method"), a logistic regression of game results on the material of
//! quiet positions sampled from [`crate::playtest`] games.
//!
//! Each sample is a quiet position of a game ([`features::sample_positions`]) with the
//! game's result (White's points: 1, ½, 0). Its features are, for each piece kind, White's
//! pieces minus Black's, and for each kind bound to part of the board ([`features::bound`]:
//! the bishop) a pair term, 1 when White has two or more and Black not, -1 the other way
//! round, as Kaufman's bishop pair ("The Evaluation of Material Imbalances", 1999); the
//! engine's evaluation beyond material, White's minus Black's (its square bonuses: mobility
//! on the cell and a promoting piece's nearness to its zone; mobility on the board as it
//! stands; flags; the royal terms), when
//! [`Options::positional`] asks, so that material is not credited with what placement
//! predicts; plus an intercept, White's first-move advantage. A term that never varies in
//! the data (a royal piece that is never captured) is not measured. The model is
//! `P(White wins) = sigmoid(w · x)`, fitted by maximum likelihood with draws counting ½
//! ([`regression::fit`]). Values are the weights in units of a reference kind: 100 for it.
//!
//! The positions of one game are not independent, so each value's 95% interval comes from a
//! bootstrap over games: whole games are drawn with replacement (a seeded generator), the
//! model refitted, and the 2.5th and 97.5th percentiles of the value kept.
//!
//! ```
//! use fairy_rules::playtest::{play_game, Settings};
//! use fairy_rules::tune::{features, tune, Options};
//! let chess = fairy_rules::Variant::bundled("chess")?;
//! let bishop = chess.kinds().find(|&k| chess.pieces[k.index()].letter == 'B').unwrap();
//! assert!(features::bound(&chess, bishop)); // bound to its colour: it has a pair term
//! let start = features::counts(&chess, &chess.start_position());
//! assert_eq!(start[bishop.index()], [2, 2]); // White's, Black's
//! let settings = Settings { games: 4, seed: 1, random_plies: 8, max_plies: 40, nodes: None, depth: Some(1), movetime: None };
//! let games: Vec<_> = (0..4).map(|i| play_game(&chess, &settings, i)).collect();
//! let samples = features::sample_positions(&chess, &games, settings.random_plies, 0)?;
//! assert!(samples.iter().all(|s| s.game < 4 && s.counts.len() == 6));
//! match tune(&chess, &games, settings.random_plies, &Options::default()) {
//!     Ok(tuning) => assert_eq!(tuning.unit, 'P'),
//!     Err(e) => println!("{e}"), // four short games may not be enough
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod features;
pub mod regression;
pub mod write;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use crate::load::variant::Variant;
use crate::play::playtest::GameRecord;
use crate::play::search::Values;
use crate::rules::{Color, Kind};

use features::Sample;
use regression::FitError;

/// How a tuning is fitted.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// The letter of the kind worth 100; by default the most numerous non-royal kind of the
    /// start position (the pawn in chess), the first of them on a tie.
    pub unit: Option<char>,
    /// Bootstrap resamples for the intervals (0: no intervals).
    pub resamples: u32,
    /// Seed of the bootstrap's generator.
    pub seed: u64,
    /// Ridge penalty on each weight (a normal prior of standard deviation `1/√ridge` in
    /// logistic units): it keeps a rarely varying term from running off.
    pub ridge: f64,
    /// Only positions at least this many plies before their game's end are fitted (0: every
    /// one). Material far from the end predicts the result less surely, and endgame
    /// positions weigh pawns more, so this gives middlegame values.
    pub min_plies_left: u32,
    /// Fit the engine's evaluation beyond material (its square bonuses: mobility and
    /// nearness to promotion; mobility as the board stands) as a term of its own, so that material is not credited with
    /// what the pieces' placement predicts. Off by default: a pawn's value then excludes
    /// what its advance is worth, so it no longer compares with published values, which
    /// regress on material alone.
    pub positional: bool,
    /// Only positions whose phase is at least this are fitted (0: every one): the value of
    /// the pieces on the board against the start's, both sides, royal pieces and the start's
    /// most numerous kind (the pawn) left out. Kaufman's values are middlegame
    /// values; 0.3 keeps the positions with about a third of the pieces still on.
    pub min_phase: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            unit: None,
            resamples: 200,
            seed: 0,
            ridge: 1.0,
            min_plies_left: 0,
            positional: false,
            min_phase: 0.0,
        }
    }
}

/// A term of the model: a kind's material, or the pair of a bound kind.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Term {
    /// The kind's letter.
    pub letter: char,
    /// The kind's name in the definition.
    pub name: String,
    /// Whether this is the pair term (two or more of the kind) rather than its material.
    pub pair: bool,
    /// The value the search uses now, in centipawns (its `value:` or the one derived from
    /// its movement); `None` for a pair term, which the search does not have.
    pub current: Option<i32>,
    /// The fit, or `None` when the term never varies in the data (not measured).
    pub estimate: Option<Estimate>,
}

/// A measured term.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Estimate {
    /// The logistic weight: the change in White's log-odds of winning per piece.
    pub weight: f64,
    /// The weight in units of the reference kind: 100 × weight / its weight.
    pub value: f64,
    /// The bootstrap's 95% percentile interval of `value` (`value` twice without resamples).
    pub ci95: [f64; 2],
    /// Samples in which this term is not 0.
    pub nonzero: usize,
}

/// What a tuning found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tuning {
    /// Games read.
    pub games: usize,
    /// Of them, games won by either side.
    pub decisive: usize,
    /// Quiet positions fitted.
    pub positions: usize,
    /// The reference kind's letter: its value is 100.
    pub unit: char,
    /// The intercept: White's log-odds in an even position.
    pub intercept: f64,
    /// Each kind's material term in kind order, then the pair terms.
    pub terms: Vec<Term>,
    /// The weight of the engine's evaluation beyond material, per pawn of it (its value is
    /// the weight itself), when fitted.
    pub positional: Option<Estimate>,
    /// Bootstrap resamples whose fit succeeded.
    pub resamples: u32,
}

/// Why a tuning failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TuneError {
    /// A game does not replay.
    #[error(transparent)]
    Replay(#[from] features::ReplayError),
    /// Too few games or positions to fit.
    #[error("too few data: {0}")]
    TooFew(String),
    /// No game was won: results carry no information about material.
    #[error("no decisive game among {0}: every game was drawn, so results say nothing about material (play more or longer games)")]
    NoDecisive(usize),
    /// The unit's letter is no kind of the variant.
    #[error("`{0}` is not the letter of a piece of this variant")]
    UnknownUnit(char),
    /// The unit's material never varies in the data, so no value can be given in it.
    #[error(
        "the unit {0}'s count never varies in the positions sampled; choose another with --unit"
    )]
    UnitNotMeasured(char),
    /// The fit failed.
    #[error("the fit failed: {0}")]
    Fit(#[from] FitError),
}

/// A column of the design matrix.
#[derive(Clone, Copy)]
enum Column {
    Material(usize),
    Pair(usize),
    Positional,
}

impl Column {
    fn of(self, s: &Sample) -> f64 {
        match self {
            Column::Material(k) => f64::from(s.counts[k][0]) - f64::from(s.counts[k][1]),
            Column::Pair(k) => {
                f64::from(u8::from(s.counts[k][0] >= 2)) - f64::from(u8::from(s.counts[k][1] >= 2))
            }
            // In pawns of the engine's scale, so that its weight reads like a piece's.
            Column::Positional => s.positional / 100.0,
        }
    }
}

/// Tunes `variant`'s piece values on `games`, sampling positions after the first `skip`
/// plies (the games' random opening). See the example of [`crate::tune`]; the module's
/// documentation gives the method.
///
/// # Errors
/// A [`TuneError`]: a game that does not replay, no games or positions, no decisive game, a
/// unit that is no kind or whose count never varies, a failed fit.
pub fn tune(
    variant: &Variant,
    games: &[GameRecord],
    skip: u32,
    options: &Options,
) -> Result<Tuning, TuneError> {
    if games.is_empty() {
        return Err(TuneError::TooFew("no games".into()));
    }
    let decisive = games.iter().filter(|g| g.white_points() != 0.5).count();
    if decisive == 0 {
        return Err(TuneError::NoDecisive(games.len()));
    }
    let mut samples = features::sample_positions(variant, games, skip, options.min_plies_left)?;
    let values = Values::derived(variant);
    if options.min_phase > 0.0 {
        let pawn = unit_kind(variant, None)?;
        let start = features::counts(variant, &variant.start_position());
        let full = worth(variant, &values, pawn, &start);
        // With no such piece at the start, every position is a full board.
        samples.retain(|s| {
            full <= 0.0 || worth(variant, &values, pawn, &s.counts) / full >= options.min_phase
        });
    }
    if samples.is_empty() {
        return Err(TuneError::TooFew(format!(
            "no quiet position after ply {skip} in {} games",
            games.len()
        )));
    }
    let unit = unit_kind(variant, options.unit)?;
    let kinds = variant.pieces.len();
    let pairs: Vec<usize> = (0..kinds)
        .filter(|&k| features::bound(variant, Kind::new(k as u8)))
        .collect();
    let mut candidates: Vec<Column> = (0..kinds)
        .map(Column::Material)
        .chain(pairs.iter().map(|&k| Column::Pair(k)))
        .collect();
    if options.positional {
        candidates.push(Column::Positional);
    }
    let mut columns = Vec::new();
    let mut terms = Vec::new();
    let mut places = Vec::new(); // the column of each term, when it varies
    let mut positional_place = None;
    for column in candidates {
        let first = column.of(&samples[0]);
        let varies = samples.iter().any(|s| column.of(s) != first);
        let place = varies.then(|| {
            columns.push(column);
            columns.len()
        });
        let (k, pair) = match column {
            Column::Material(k) => (k, false),
            Column::Pair(k) => (k, true),
            Column::Positional => {
                positional_place = place;
                continue;
            }
        };
        places.push(place);
        let piece = &variant.pieces[k];
        terms.push(Term {
            letter: piece.letter,
            name: piece.name.clone(),
            pair,
            current: (!pair).then(|| values.of(Kind::new(k as u8))),
            estimate: None,
        });
    }
    let unit_place = places[unit.index()].ok_or(TuneError::UnitNotMeasured(
        variant.pieces[unit.index()].letter,
    ))?;
    let x: Vec<Vec<f64>> = samples
        .iter()
        .map(|s| {
            std::iter::once(1.0)
                .chain(columns.iter().map(|c| c.of(s)))
                .collect()
        })
        .collect();
    let y: Vec<f64> = samples.iter().map(|s| s.result).collect();
    let w = regression::fit(&x, &y, None, options.ridge, None)?;
    let scale = |w: &[f64], place: usize| 100.0 * (w[place] / w[unit_place]);
    // The bootstrap: whole games drawn with replacement, each sample weighted by its game's draws.
    let mut rng = StdRng::seed_from_u64(options.seed);
    let mut draws: Vec<Vec<f64>> = vec![Vec::new(); terms.len()];
    let mut positional_draws = Vec::new();
    let mut resamples = 0;
    for _ in 0..options.resamples {
        let mut times = vec![0.0; games.len()];
        for _ in 0..games.len() {
            times[rng.random_range(0..games.len())] += 1.0;
        }
        let weights: Vec<f64> = samples.iter().map(|s| times[s.game]).collect();
        let Ok(wb) = regression::fit(&x, &y, Some(&weights), options.ridge, Some(&w)) else {
            continue;
        };
        resamples += 1;
        for (t, d) in draws.iter_mut().enumerate() {
            if let Some(place) = places[t] {
                d.push(scale(&wb, place));
            }
        }
        if let Some(place) = positional_place {
            positional_draws.push(wb[place]);
        }
    }
    let estimate = |place: usize, value: f64, draws: &mut Vec<f64>| Estimate {
        weight: w[place],
        value,
        ci95: if draws.is_empty() {
            [value, value]
        } else {
            percentiles(draws)
        },
        nonzero: x.iter().filter(|r| r[place] != 0.0).count(),
    };
    for (t, term) in terms.iter_mut().enumerate() {
        let Some(place) = places[t] else { continue };
        let value = scale(&w, place);
        term.estimate = Some(estimate(place, value, &mut draws[t]));
    }
    let positional = positional_place.map(|place| estimate(place, w[place], &mut positional_draws));
    Ok(Tuning {
        games: games.len(),
        decisive,
        positions: samples.len(),
        unit: variant.pieces[unit.index()].letter,
        intercept: w[0],
        terms,
        positional,
        resamples,
    })
}

/// The worth of the pieces `counts` holds, both sides, royal pieces and kind `pawn` left
/// out: the phase of a position is its worth against the start's.
fn worth(variant: &Variant, values: &Values, pawn: Kind, counts: &[[u16; 2]]) -> f64 {
    counts
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != pawn.index() && !variant.pieces[k].royal)
        .map(|(k, [w, b])| f64::from(values.of(Kind::new(k as u8))) * f64::from(w + b))
        .sum()
}

/// The 2.5th and 97.5th percentiles (nearest rank) of `values`, not empty.
fn percentiles(values: &mut [f64]) -> [f64; 2] {
    values.sort_by(f64::total_cmp);
    let at =
        |q: f64| values[((q * values.len() as f64).ceil() as usize).clamp(1, values.len()) - 1];
    [at(0.025), at(0.975)]
}

/// The kind of letter `unit`, or the most numerous non-royal kind of the start position.
fn unit_kind(variant: &Variant, unit: Option<char>) -> Result<Kind, TuneError> {
    if let Some(letter) = unit {
        return variant
            .kinds()
            .find(|&k| variant.pieces[k.index()].letter == letter.to_ascii_uppercase())
            .ok_or(TuneError::UnknownUnit(letter));
    }
    let start = features::counts(variant, &variant.start_position());
    variant
        .kinds()
        .filter(|k| !variant.pieces[k.index()].royal)
        .max_by_key(|k| {
            (
                start[k.index()][Color::White.index()],
                std::cmp::Reverse(k.index()),
            )
        })
        .ok_or(TuneError::TooFew("no piece that is not royal".into()))
}
