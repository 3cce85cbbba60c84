//! A played [`Game`] as a [`PgnGame`], and a [`PgnGame`] played back into a [`Game`].

use std::path::Path;

use crate::engine::Outcome;
use crate::formats::notation::{FenError, MoveError};
use crate::formats::pgn::{PgnGame, PgnMove};
use crate::load::variant::Variant;
use crate::play::game::Game;
use crate::types::piece::Color;

/// The tags of the Seven Tag Roster that a program knows when it writes a game (the
/// others, `Result` and the variant's tags, come from the game itself). `None` is written
/// as PGN's unknown, `?` (the date as `????.??.??`).
///
/// See the example of [`PgnGame::from_game`].
#[derive(Debug, Clone, Default)]
pub struct Tags {
    /// The event (`Event`).
    pub event: Option<String>,
    /// Where it was played (`Site`).
    pub site: Option<String>,
    /// When, as `YYYY.MM.DD` (`Date`).
    pub date: Option<String>,
    /// The round (`Round`).
    pub round: Option<String>,
    /// White's player (`White`).
    pub white: Option<String>,
    /// Black's player (`Black`).
    pub black: Option<String>,
    /// The definition file of a variant that is not bundled (`VariantFile`), as the reader
    /// of the record will find it (a path relative to the record's folder, or absolute).
    pub variant_file: Option<String>,
}

/// A move of a record that could not be played, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number}{dots} {text}: {reason}{hint}",
    dots = if *black { "..." } else { "." },
    hint = if nearest.is_empty() { String::new() } else { format!(" (legal moves like it: {})", nearest.join(", ")) })]
pub struct RecordError {
    /// The move number.
    pub number: u32,
    /// Whether it is Black's move.
    pub black: bool,
    /// The move as written.
    pub text: String,
    /// Why it could not be played.
    pub reason: String,
    /// The legal moves whose SAN is nearest to the text, nearest first (none when the
    /// text was read but the move is refused).
    pub nearest: Vec<String>,
}

/// A record played back: the game as far as the record could be played, and the move that
/// stopped it, if one did.
///
/// See the examples of [`PgnGame::from_game`] and [`PgnGame::replay`].
#[derive(Debug, Clone)]
pub struct Replay {
    /// Every move up to the first that could not be played.
    pub game: Game,
    /// That move, or `None` when the whole main line was played.
    pub error: Option<RecordError>,
}

impl PgnGame {
    /// The record of `game`, as `view` may see it: `None` for the full record, a side for
    /// that side's record, where the opponent's hidden moves are `--` with the comment
    /// `[%hidden]` (see the [module documentation](super)).
    ///
    /// A game of the Bermuda Chess Angle, whose drawn squares the record keeps:
    ///
    /// ```
    /// use std::path::Path;
    /// use fairy_rules::pgn::{PgnGame, Tags};
    /// use fairy_rules::{Game, Variant};
    /// let mut game = Game::new(Variant::bundled("bermuda")?).with_seed(1);
    /// game.play("e2e4")?;
    /// game.play("a9a8")?;
    /// let tags = Tags { white: Some("Ann".into()), ..Tags::default() };
    /// let record = PgnGame::from_game(&game, &tags, None);
    /// assert_eq!(record.tag("White"), Some("Ann"));
    /// assert_eq!(record.tag("Variant"), Some("The Bermuda Chess Angle"));
    /// assert_eq!(record.moves[0].text, "e4");
    /// assert_eq!(record.moves[0].command("chance"), Some("h7"));
    /// assert!(record.to_string().ends_with("\n1. e4 {[%chance h7]} 1... a8 {[%chance h8]} *\n"));
    ///
    /// // Played back: the same moves, the same drawn squares, in the variant the tags name.
    /// let variant = record.variant(Path::new("."))?.expect("a bundled variant");
    /// let replay = record.replay(&variant, 0)?;
    /// assert!(replay.error.is_none());
    /// assert_eq!(replay.game.moves(), game.moves());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_game(game: &Game, tags: &Tags, view: Option<Color>) -> PgnGame {
        let variant = game.variant();
        let start = game.start_position();
        let unknown = |v: &Option<String>| v.clone().unwrap_or_else(|| "?".into());
        let result = match game.outcome() {
            Some(Outcome::Win {
                winner: Color::White,
                ..
            }) => "1-0",
            Some(Outcome::Win { .. }) => "0-1",
            Some(Outcome::Draw { .. }) => "1/2-1/2",
            None => "*",
        };
        let mut pgn = PgnGame {
            tags: vec![
                ("Event".into(), unknown(&tags.event)),
                ("Site".into(), unknown(&tags.site)),
                (
                    "Date".into(),
                    tags.date.clone().unwrap_or_else(|| "????.??.??".into()),
                ),
                ("Round".into(), unknown(&tags.round)),
                ("White".into(), unknown(&tags.white)),
                ("Black".into(), unknown(&tags.black)),
                ("Result".into(), result.into()),
                ("Variant".into(), variant.name.clone()),
            ],
            result: result.into(),
            ..PgnGame::default()
        };
        if let Some(file) = &tags.variant_file {
            pgn.set_tag("VariantFile", file.clone());
        }
        // A side's record starts from what that side saw.
        let fen = match view {
            Some(side) => variant.fen(&variant.redact(start, side)),
            None => variant.fen(start),
        };
        if fen != variant.fen(&variant.start_position()) {
            pgn.set_tag("SetUp", "1");
            pgn.set_tag("FEN", fen);
        }
        if let Some(outcome) = game.outcome() {
            let reason = match outcome {
                Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
            };
            pgn.set_tag("Termination", reason.to_string());
        }
        let mut pos = start.clone();
        for &m in game.moves() {
            let hidden = view.is_some_and(|v| v != m.piece.color()) && variant.is_hidden_move(m);
            let mut written = if hidden {
                let mut null = PgnMove::new("--");
                null.comments.push("[%hidden]".into());
                null
            } else {
                PgnMove::new(variant.san_in_view(&pos, m.choice(), view))
            };
            if let Some(cell) = m.outcome {
                written
                    .comments
                    .push(format!("[%chance {}]", variant.topology.name(cell)));
            }
            pgn.moves.push(written);
            pos = variant.play_unchecked(&pos, m);
        }
        pgn
    }

    /// Plays the main line in `variant`, from the `FEN` tag's position if there is one; a
    /// move's chance outcome comes from its `[%chance CELL]` comment, or is drawn from a
    /// generator seeded with `seed`. Moves are read in SAN, the engine's move text or the
    /// variant's own notation ([`crate::Ruleset::read_move`]).
    ///
    /// ```
    /// use fairy_rules::pgn::{self, PgnMove};
    /// use fairy_rules::{Color, Outcome, Reason, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let games = pgn::parse("[Event \"Scholar's mate\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n")?;
    /// let replay = games[0].replay(&chess, 0)?;
    /// assert_eq!(replay.game.outcome(), Some(Outcome::Win { winner: Color::White, reason: Reason::Checkmate }));
    ///
    /// // A move that cannot be played stops the replay; the moves before it are kept.
    /// let mut record = games[0].clone();
    /// record.set_tag("Event", "a king's walk");
    /// record.moves.truncate(2);
    /// record.moves.push(PgnMove::new("Ke3"));
    /// let replay = record.replay(&chess, 0)?;
    /// assert_eq!(replay.game.moves().len(), 2);
    /// let error = replay.error.expect("Ke3 is not legal");
    /// assert_eq!(error.to_string(), "move 2. Ke3: no legal move reads so (legal moves like it: Ke2, Bd3, Be2)");
    /// assert_eq!(record.tag("Event"), Some("a king's walk"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`FenError`] when the `FEN` tag cannot be read. A move that cannot be played ends
    /// the replay with [`Replay::error`] set; the moves before it are kept.
    pub fn replay(&self, variant: &Variant, seed: u64) -> Result<Replay, FenError> {
        let game = match self.tag("FEN") {
            Some(fen) => Game::from_fen(variant.clone(), fen)?,
            None => Game::new(variant.clone()),
        };
        let mut game = game.with_seed(seed);
        for written in &self.moves {
            if let Err(error) = play(&mut game, written) {
                return Ok(Replay {
                    game,
                    error: Some(error),
                });
            }
        }
        Ok(Replay { game, error: None })
    }

    /// The variant the record names: a bundled one by its `Variant` tag (its display name
    /// or its name in `variants/`, in any case), else the `VariantFile` tag's definition,
    /// read relative to `folder` (the record's folder). `Ok(None)` when it names neither.
    /// See the example of [`PgnGame::from_game`].
    ///
    /// # Errors
    /// The `VariantFile` cannot be loaded, or the `Variant` tag names no bundled variant
    /// (and there is no `VariantFile`): the message says which.
    pub fn variant(&self, folder: &Path) -> Result<Option<Variant>, String> {
        if let Some(file) = self.tag("VariantFile") {
            let path = folder.join(file);
            return Variant::from_file(&path)
                .map(Some)
                .map_err(|e| format!("the record's VariantFile `{}`: {e}", path.display()));
        }
        let Some(name) = self.tag("Variant") else {
            return Ok(None);
        };
        let simple = |s: &str| -> String {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let wanted = simple(name);
        for bundled in Variant::bundled_names().chain(Variant::suite_names()) {
            let variant = Variant::bundled(bundled).map_err(|e| e.to_string())?;
            if simple(bundled) == wanted || simple(&variant.name) == wanted {
                return Ok(Some(variant));
            }
        }
        Err(format!(
            "the record's Variant `{name}` is not a bundled variant (give the variant, or a VariantFile tag)"
        ))
    }
}

/// Plays one move of a record.
fn play(game: &mut Game, written: &PgnMove) -> Result<(), RecordError> {
    let variant = game.variant().clone();
    let pos = game.position().clone();
    let (number, black) = (pos.fullmove_number(), pos.side_to_move() == Color::Black);
    let error = |reason: String, nearest: Vec<String>| RecordError {
        number,
        black,
        text: written.text.clone(),
        reason,
        nearest,
    };
    if let Some(o) = game.outcome() {
        return Err(error(format!("the game is over: {o}"), Vec::new()));
    }
    if written.text == "--" {
        let reason = if written.command("hidden").is_some() {
            "a hidden move: this is one side's record; the full record replays"
        } else {
            "a null move is not a move of this game"
        };
        return Err(error(reason.into(), Vec::new()));
    }
    let m = variant.read_move(&pos, &written.text).map_err(|e| {
        let nearest = match e {
            MoveError::Illegal { .. } | MoveError::Malformed { .. } => variant
                .nearest_moves(&pos, &written.text, 3)
                .into_iter()
                .map(|(_, text)| text)
                .collect(),
            _ => Vec::new(),
        };
        error(reason_of(e), nearest)
    })?;
    let m = match written.command("chance") {
        Some(cell) => match variant.topology.parse_cell(cell) {
            Some(cell) => m.with_outcome(cell),
            None => {
                return Err(error(
                    format!("its chance cell `{cell}` is no cell"),
                    Vec::new(),
                ))
            }
        },
        None => m,
    };
    game.play_move(m)
        .map_err(|e| error(reason_of(e), Vec::new()))
}

/// The reason of a move error, without the text it quotes again.
fn reason_of(e: MoveError) -> String {
    match e {
        MoveError::Malformed { reason, .. } | MoveError::Illegal { reason, .. } => reason,
        MoveError::Ambiguous { candidates, .. } => {
            format!("it could be {}", candidates.join(" or "))
        }
        other => other.to_string(),
    }
}
