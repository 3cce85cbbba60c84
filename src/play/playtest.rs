//! Playtesting: engine self-play games and the statistics a designer reads off them.
//!
//! Each game is numbered; game `i` of a study with seed `s` opens with `random_plies` moves
//! drawn by a generator seeded with `s + i` (the same seed draws the game's chance events),
//! then the engine plays both sides with a node or depth limit. With such limits a game
//! depends only on its number, so a study split into shards ([`Settings::shard_range`])
//! and merged ([`Study::merge`]) gives the same report as one run.
//!
//! The measures follow Ludii's playtest metrics (Browne, *Evolutionary Game Design*, 2011;
//! Ludii's `metrics` package) where they apply: balance (White's score with a 95% confidence
//! interval), draw rate, completion (games not cut by the move limit), duration, branching
//! factor, lead changes and decisiveness.

use std::collections::BTreeMap;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::engine::Outcome;
use crate::formats::pgn::PgnGame;
use crate::load::variant::Variant;
use crate::play::game::Game;
use crate::play::pgn::Tags;
use crate::play::search::{SearchLimits, Searcher};
use crate::types::piece::Color;

/// Version of the JSON written by [`Study`]; a merge refuses files of another version.
pub(crate) const FORMAT: u32 = 1;

/// An evaluation counts as a lead only beyond this (centipawns), so that a search's noise
/// around an equal position is not counted as the lead changing hands.
pub(crate) const LEAD_THRESHOLD: i32 = 50;

/// The winner counts as decided once its evaluation stays beyond this (centipawns) to the end.
pub const DECISIVE_THRESHOLD: i32 = 300;

/// Evaluations are capped here (a mate counts as this), so one mate does not swamp a mean.
const EVAL_CAP: i32 = 10_000;

/// How the games of a study are played.
///
/// See the examples of [`play_game`] and [`Study::merge`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Games in the whole study (all shards together).
    pub games: u64,
    /// Seed of game 0; game `i` uses `seed + i`.
    pub seed: u64,
    /// Opening moves drawn at random (plies), so that games differ.
    pub random_plies: u32,
    /// A game not over after this many plies is cut and counted as a draw by the move limit.
    pub max_plies: u32,
    /// The engine's positions per move, when limited by nodes.
    pub nodes: Option<u64>,
    /// The engine's depth per move, when limited by depth.
    pub depth: Option<u32>,
    /// The engine's time per move in milliseconds, when limited by time (then games do not
    /// repeat exactly from their seed).
    pub movetime: Option<u64>,
}

impl Settings {
    /// The search limits of one engine move.
    pub(crate) fn limits(&self) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            time: self.movetime.map(std::time::Duration::from_millis),
            stop: None,
        }
    }

    /// Game numbers of shard `k` of `n` (`k` from 1): the `k`-th of `n` contiguous ranges,
    /// the first ones one game longer when `n` does not divide the count. See the example
    /// of [`Study::merge`].
    ///
    /// # Panics
    /// If `k` is 0 or greater than `n`.
    pub fn shard_range(&self, k: u64, n: u64) -> std::ops::Range<u64> {
        assert!(k >= 1 && k <= n, "shard {k} of {n}");
        let (base, extra) = (self.games / n, self.games % n);
        let start = (k - 1) * base + (k - 1).min(extra);
        let len = base + u64::from(k <= extra);
        start..start + len
    }
}

/// One self-play game, as the report keeps it.
///
/// See the examples of [`play_game`] and [`GameRecord::lead_changes`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the study.
    pub index: u64,
    /// The seed of its opening and chance events.
    pub seed: u64,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why it ended: `checkmate`, `stalemate`, `flag`, ... or `move limit` when cut.
    pub reason: String,
    /// Whether it was cut by the move limit.
    pub cut: bool,
    /// Plies played.
    pub plies: u32,
    /// The moves in the project's move text, separated by spaces, chance outcomes included
    /// (`d2d4@e5`): what `fairy replay` reads.
    pub moves: String,
    /// Legal moves of each position reached before the end, summed (with `positions`, the
    /// branching factor).
    pub legal_moves: u64,
    /// Positions whose legal moves were counted.
    pub positions: u64,
    /// The engine's evaluation after each of its moves, from White's side, in centipawns
    /// (mates capped at ±10,000).
    pub evals: Vec<i32>,
    /// The depths its searches finished, in plies, summed over its moves (with
    /// `evals.len()` moves: the mean depth). 0 in a study written before it was kept.
    #[serde(default)]
    pub depth_total: u64,
    /// The positions its searches visited, summed over its moves.
    #[serde(default)]
    pub nodes_total: u64,
}

impl GameRecord {
    /// White's points: 1, ½ or 0.
    pub(crate) fn white_points(&self) -> f64 {
        match self.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        }
    }

    /// How often the side ahead changed, counting only evaluations beyond 50 centipawns
    /// either way (a search's noise around an equal position is no change of lead).
    ///
    /// ```
    /// use fairy_rules::playtest::GameRecord;
    /// let record = GameRecord {
    ///     index: 0,
    ///     seed: 0,
    ///     result: "1-0".into(),
    ///     reason: "checkmate".into(),
    ///     cut: false,
    ///     plies: 11,
    ///     moves: String::new(),
    ///     legal_moves: 0,
    ///     positions: 0,
    ///     evals: vec![30, 80, -60, 120, 400, 500],
    ///     depth_total: 36,
    ///     nodes_total: 120_000,
    /// };
    /// assert_eq!(record.lead_changes(), 2); // White ahead, Black ahead, White ahead
    /// assert_eq!(record.decided_share(), Some(2.0 / 6.0)); // the last two beyond 300
    /// let drawn = GameRecord { result: "1/2-1/2".into(), ..record };
    /// assert_eq!(drawn.decided_share(), None);
    /// ```
    pub fn lead_changes(&self) -> u32 {
        let mut leader = 0;
        let mut changes = 0;
        for &e in &self.evals {
            let now = if e >= LEAD_THRESHOLD {
                1
            } else if e <= -LEAD_THRESHOLD {
                -1
            } else {
                continue;
            };
            if leader != 0 && now != leader {
                changes += 1;
            }
            leader = now;
        }
        changes
    }

    /// The game as a PGN record (`Event` "fairy playtest", `Round` its number from 1); a
    /// game cut by the move limit is a draw by adjudication.
    ///
    /// See the example of [`play_game`].
    ///
    /// # Errors
    /// A move of [`GameRecord::moves`] that does not replay in `variant` (a record of
    /// another variant or edited by hand).
    pub fn pgn(&self, variant: &Variant) -> Result<PgnGame, crate::formats::notation::MoveError> {
        let mut game = Game::new(variant.clone()).with_seed(self.seed);
        for text in self.moves.split_whitespace() {
            game.play(text)?;
        }
        let engine = Some("fairy-rules".to_string());
        let tags = Tags {
            event: Some("fairy playtest".into()),
            round: Some((self.index + 1).to_string()),
            white: engine.clone(),
            black: engine,
            ..Tags::default()
        };
        let mut pgn = PgnGame::from_game(&game, &tags, None);
        if self.cut {
            pgn.set_tag("Result", self.result.clone());
            pgn.set_tag("Termination", "adjudication");
            pgn.result.clone_from(&self.result);
        }
        Ok(pgn)
    }

    /// For a won game, the share of the engine's evaluations made after the winner's lead
    /// stayed beyond [`DECISIVE_THRESHOLD`] to the end (0 when it never did): how long the
    /// game went on once it was decided. `None` for a draw. See the example of
    /// [`GameRecord::lead_changes`].
    pub fn decided_share(&self) -> Option<f64> {
        let sign = match self.result.as_str() {
            "1-0" => 1,
            "0-1" => -1,
            _ => return None,
        };
        if self.evals.is_empty() {
            return Some(0.0);
        }
        let after = self
            .evals
            .iter()
            .rev()
            .take_while(|&&e| e * sign >= DECISIVE_THRESHOLD)
            .count();
        Some(after as f64 / self.evals.len() as f64)
    }
}

/// Plays game `index` of a study: random opening, then the engine on both sides.
///
/// ```
/// use fairy_rules::playtest::{play_game, Settings};
/// let chess = fairy_rules::Variant::bundled("chess")?;
/// let settings = Settings { games: 1, seed: 7, random_plies: 4, max_plies: 12, nodes: None, depth: Some(1), movetime: None };
/// let record = play_game(&chess, &settings, 0);
/// assert_eq!(record.seed, 7);
/// assert!(record.plies <= 12);
/// assert_eq!(record.moves.split(' ').count(), record.plies as usize);
/// assert_eq!(record, play_game(&chess, &settings, 0)); // a game depends only on its number
/// let pgn = record.pgn(&chess)?;
/// assert_eq!(pgn.tag("Round"), Some("1"));
/// assert_eq!(pgn.moves.len(), record.plies as usize);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
/// Only on a bug: each random opening move is drawn from the game's legal moves, so it
/// plays.
pub fn play_game(variant: &Variant, settings: &Settings, index: u64) -> GameRecord {
    let seed = settings.seed.wrapping_add(index);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(variant.clone()).with_seed(seed);
    let mut searcher = Searcher::with_table(variant.clone(), 4);
    let limits = settings.limits();
    let (mut legal_moves, mut positions) = (0, 0);
    let mut evals = Vec::new();
    let (mut depth_total, mut nodes_total) = (0, 0);
    while game.outcome().is_none() && game.moves().len() < settings.max_plies as usize {
        let legal = game.legal_moves();
        legal_moves += legal.len() as u64;
        positions += 1;
        if game.moves().len() < settings.random_plies as usize {
            let m = legal[rng.random_range(0..legal.len())];
            game.play_move(m).expect("a legal move plays");
            continue;
        }
        let side = game.position().side_to_move();
        let Some(played) = searcher.play(&mut game, &limits) else {
            break;
        };
        depth_total += u64::from(played.result.depth);
        nodes_total += played.result.nodes;
        let score = played.result.score.0.clamp(-EVAL_CAP, EVAL_CAP);
        evals.push(if side == Color::White { score } else { -score });
    }
    let (result, reason, cut) = match game.outcome() {
        Some(Outcome::Win { winner, reason }) => {
            let r = if winner == Color::White { "1-0" } else { "0-1" };
            (r, reason.to_string(), false)
        }
        Some(Outcome::Draw { reason }) => ("1/2-1/2", reason.to_string(), false),
        None => ("1/2-1/2", "move limit".to_string(), true),
    };
    GameRecord {
        index,
        seed,
        result: result.to_string(),
        reason,
        cut,
        plies: game.moves().len() as u32,
        moves: game
            .moves()
            .iter()
            .map(|&m| variant.move_text(m))
            .collect::<Vec<_>>()
            .join(" "),
        legal_moves,
        positions,
        evals,
        depth_total,
        nodes_total,
    }
}

/// A mean with its spread.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The sample standard deviation (0 for fewer than two values).
    pub sd: f64,
    /// The least value.
    pub min: f64,
    /// The middle value (the lower of the two middle ones for an even count).
    pub median: f64,
    /// The greatest value.
    pub max: f64,
}

impl Spread {
    fn of(values: &[f64]) -> Spread {
        if values.is_empty() {
            return Spread {
                mean: 0.0,
                sd: 0.0,
                min: 0.0,
                median: 0.0,
                max: 0.0,
            };
        }
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = if values.len() > 1 {
            values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        Spread {
            mean,
            sd: var.sqrt(),
            min: sorted[0],
            median: sorted[(sorted.len() - 1) / 2],
            max: sorted[sorted.len() - 1],
        }
    }
}

/// What a study's games show.
///
/// See the example of [`Study::merge`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Games White won.
    pub white_wins: u64,
    /// Games Black won.
    pub black_wins: u64,
    /// Games drawn, those cut by the move limit included.
    pub draws: u64,
    /// Games cut by the move limit.
    pub cut: u64,
    /// White's mean points per game (balance: 0.5 is even).
    pub white_score: f64,
    /// A 95% confidence interval of White's score: the mean ± 1.96 standard errors of the
    /// per-game points (normal approximation), clamped to [0, 1].
    pub white_score_ci95: [f64; 2],
    /// White's score minus ½: the first-move advantage when White moves first.
    pub first_move_advantage: f64,
    /// Share of games drawn.
    pub draw_rate: f64,
    /// How many games ended for each reason.
    pub endings: BTreeMap<String, u64>,
    /// Game length in plies.
    pub length: Spread,
    /// Legal moves per position, over all positions of all games.
    pub branching_factor: f64,
    /// Lead changes per game, by the engine's evaluation ([`GameRecord::lead_changes`]).
    pub lead_changes: f64,
    /// Over won games, the mean share of the game played after it was decided
    /// ([`GameRecord::decided_share`]); lower means the outcome stayed open longer.
    pub decided_share: f64,
    /// How strong the engine that played the games was.
    #[serde(default)]
    pub engine: Strength,
}

/// The strength the engine played a study at: what its searches did per move, and the Elo
/// that search effort is worth, on the scale measured in `docs/strength.md`.
///
/// The estimate is `ANCHOR_ELO + ELO_PER_DOUBLING × log2(nodes per move / ANCHOR_NODES)`:
/// the engine at [`ANCHOR_NODES`] positions per move scored [`ANCHOR_ELO`] against
/// Fairy-Max 5.0b at 1 s per move, and each doubling of the positions searched gained
/// [`ELO_PER_DOUBLING`] in self-play (both measured on the orthodox game, again on
/// 2026-12-07 with mobility, threats and the passed pawn term; other games are taken to
/// scale alike, which is the estimate's main uncertainty).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Strength {
    /// Engine moves searched (random opening moves aside).
    pub moves: u64,
    /// Mean positions visited per move.
    pub nodes_per_move: f64,
    /// Mean depth finished per move, in plies.
    pub mean_depth: f64,
    /// Estimated Elo against Fairy-Max 5.0b at 1 s per move (negative: weaker); `None`
    /// without a move searched.
    pub elo: Option<f64>,
}

/// Positions per move of the engine whose score against Fairy-Max anchors [`Strength::elo`].
pub const ANCHOR_NODES: f64 = 20_000.0;
/// Its Elo against Fairy-Max 5.0b at 1 s per move (the search of 2026-12-07): it scored
/// 51.2% in 80 games (95% interval 40.8% to 61.7%, that is -65 to +83 Elo).
pub const ANCHOR_ELO: f64 = 9.0;
/// Elo per doubling of the positions searched per move, in self-play: 10,000 against
/// 20,000 positions scored 30.0% in 100 games (-147), 20,000 against 40,000 31.5% (-135).
pub const ELO_PER_DOUBLING: f64 = 141.0;

impl Strength {
    fn of(games: &[GameRecord]) -> Strength {
        let moves: u64 = games.iter().map(|g| g.evals.len() as u64).sum();
        let nodes: u64 = games.iter().map(|g| g.nodes_total).sum();
        let depth: u64 = games.iter().map(|g| g.depth_total).sum();
        let nodes_per_move = ratio(nodes, moves);
        Strength {
            moves,
            nodes_per_move,
            mean_depth: ratio(depth, moves),
            elo: (nodes_per_move >= 1.0)
                .then(|| ANCHOR_ELO + ELO_PER_DOUBLING * (nodes_per_move / ANCHOR_NODES).log2()),
        }
    }
}

/// Summarises games (see [`Summary`] for each measure). See the example of
/// [`Study::merge`].
pub fn summarize(games: &[GameRecord]) -> Summary {
    let n = games.len() as u64;
    let count = |r: &str| games.iter().filter(|g| g.result == r).count() as u64;
    let points: Vec<f64> = games.iter().map(GameRecord::white_points).collect();
    let (score, ci95) = score_ci95(&points);
    let mut endings = BTreeMap::new();
    for g in games {
        *endings.entry(g.reason.clone()).or_insert(0) += 1;
    }
    let lengths: Vec<f64> = games.iter().map(|g| f64::from(g.plies)).collect();
    let (moves, positions) = games
        .iter()
        .fold((0, 0), |(m, p), g| (m + g.legal_moves, p + g.positions));
    let shares: Vec<f64> = games.iter().filter_map(GameRecord::decided_share).collect();
    let draws = count("1/2-1/2");
    Summary {
        games: n,
        white_wins: count("1-0"),
        black_wins: count("0-1"),
        draws,
        cut: games.iter().filter(|g| g.cut).count() as u64,
        white_score: score,
        white_score_ci95: ci95,
        first_move_advantage: if n > 0 { score - 0.5 } else { 0.0 },
        draw_rate: ratio(draws, n),
        endings,
        length: Spread::of(&lengths),
        branching_factor: ratio(moves, positions),
        lead_changes: ratio(games.iter().map(|g| u64::from(g.lead_changes())).sum(), n),
        decided_share: Spread::of(&shares).mean,
        engine: Strength::of(games),
    }
}

/// The mean of per-game points (1, ½, 0) and its 95% confidence interval: the mean ± 1.96
/// standard errors (normal approximation), clamped to [0, 1].
///
/// ```
/// use fairy_rules::playtest::score_ci95;
/// let (mean, [low, high]) = score_ci95(&[1.0, 0.0, 0.5, 1.0]);
/// assert_eq!(mean, 0.625);
/// assert!((low - 0.156).abs() < 0.001); // 0.625 - 1.96 × 0.479 / √4
/// assert_eq!(high, 1.0); // clamped
/// assert_eq!(score_ci95(&[]), (0.0, [0.0, 0.0]));
/// ```
pub fn score_ci95(points: &[f64]) -> (f64, [f64; 2]) {
    let s = Spread::of(points);
    let half = if points.is_empty() {
        0.0
    } else {
        1.96 * s.sd / (points.len() as f64).sqrt()
    };
    (s.mean, [(s.mean - half).max(0.0), (s.mean + half).min(1.0)])
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// A study as written to JSON: what was played, how, the summary and every game.
///
/// See the example of [`Study::merge`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Study {
    /// The version of the JSON format, 1; a merge refuses files of another version.
    pub format: u32,
    /// The variant as given on the command line (a bundled name or a file).
    pub variant: String,
    /// The variant's name in its definition.
    pub variant_name: String,
    /// How the games were played.
    pub settings: Settings,
    /// The games' numbers played here, `[start, end)`: the whole study, or a shard of it.
    pub played: Vec<[u64; 2]>,
    /// The statistics of `games`.
    pub summary: Summary,
    /// Every game, by number, for replay (`fairy replay VARIANT --moves ...`).
    pub games: Vec<GameRecord>,
}

/// Why studies cannot be merged.
///
/// See the example of [`Study::merge`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No study was given.
    #[error("no study to merge")]
    Empty,
    /// A file of another format version.
    #[error("study {index}: format {found}, expected {FORMAT}")]
    Format {
        /// Its place among the studies merged (from 1).
        index: usize,
        /// Its version.
        found: u32,
    },
    /// A study of another variant or with other settings.
    #[error("study {index} is not a shard of the same study as the first: {what} differ")]
    Different {
        /// Its place among the studies merged (from 1).
        index: usize,
        /// `variant` or `settings`.
        what: &'static str,
    },
    /// The same game in two studies.
    #[error("game {0} appears twice")]
    Duplicate(u64),
}

impl Study {
    /// A study of `games`, played with `settings` over `played` (game numbers), with their
    /// [`summarize`]d statistics; `variant` is the name given on the command line. See the
    /// example of [`Study::merge`].
    pub fn new(
        variant: &str,
        variant_name: &str,
        settings: Settings,
        played: std::ops::Range<u64>,
        mut games: Vec<GameRecord>,
    ) -> Study {
        games.sort_by_key(|g| g.index);
        Study {
            format: FORMAT,
            variant: variant.to_string(),
            variant_name: variant_name.to_string(),
            settings,
            played: vec![[played.start, played.end]],
            summary: summarize(&games),
            games,
        }
    }

    /// Combines shards of one study into one report, as if played in one run.
    ///
    /// ```
    /// use fairy_rules::playtest::{play_game, summarize, MergeError, Settings, Study};
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let settings = Settings { games: 3, seed: 7, random_plies: 4, max_plies: 8, nodes: None, depth: Some(1), movetime: None };
    /// let shard = |k| {
    ///     let games = settings.shard_range(k, 2);
    ///     let records = games.clone().map(|i| play_game(&chess, &settings, i)).collect();
    ///     Study::new("chess", &chess.name, settings.clone(), games, records)
    /// };
    /// assert_eq!((settings.shard_range(1, 2), settings.shard_range(2, 2)), (0..2, 2..3));
    /// let (first, second) = (shard(1), shard(2));
    /// let merged = Study::merge(vec![second, first.clone()])?;
    /// assert_eq!(merged.played, [[0, 3]]);
    /// assert_eq!(merged.summary, summarize(&merged.games));
    /// assert_eq!(merged.summary.games, 3);
    /// assert_eq!(Study::merge(vec![first.clone(), first]), Err(MergeError::Duplicate(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`MergeError`] when the studies differ in variant, settings or format, or share a
    /// game.
    pub fn merge(studies: Vec<Study>) -> Result<Study, MergeError> {
        let first = studies.first().ok_or(MergeError::Empty)?.clone();
        let mut games = Vec::new();
        let mut played = Vec::new();
        for (i, s) in studies.into_iter().enumerate() {
            let index = i + 1;
            if s.format != FORMAT {
                return Err(MergeError::Format {
                    index,
                    found: s.format,
                });
            }
            if s.variant_name != first.variant_name {
                return Err(MergeError::Different {
                    index,
                    what: "variant",
                });
            }
            if s.settings != first.settings {
                return Err(MergeError::Different {
                    index,
                    what: "settings",
                });
            }
            played.extend(s.played);
            games.extend(s.games);
        }
        games.sort_by_key(|g| g.index);
        if let Some(w) = games.windows(2).find(|w| w[0].index == w[1].index) {
            return Err(MergeError::Duplicate(w[0].index));
        }
        played.sort_unstable();
        // Adjacent ranges join, so that merged shards read as the whole study.
        let mut joined: Vec<[u64; 2]> = Vec::new();
        for r in played {
            match joined.last_mut() {
                Some(last) if last[1] == r[0] => last[1] = r[1],
                _ => joined.push(r),
            }
        }
        Ok(Study {
            played: joined,
            summary: summarize(&games),
            games,
            ..first
        })
    }
}
