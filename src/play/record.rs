//! A game's record in the variant's own notation, numbered as players keep one by hand:
//! `1) Ce3 - e4, Bd11 - d10;`, one line per move pair. [`Game::record_text`] writes it;
//! [`Game::play_record`] reads it (and hand-kept records like it) back.

mod tokens;

use std::collections::VecDeque;

use crate::play::game::Game;
use crate::play::pgn::RecordError;
use crate::types::piece::Color;
use tokens::{split_segment, strip_annotations, tokenize, Token};

/// Why [`Game::play_record`] stopped. The first three mean that the record cannot be read
/// and nothing was played; the others, that the moves before the one named were played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordTextError {
    /// A `{` comment is not closed.
    #[error("the `{{` comment opened on line {line} is not closed")]
    UnclosedComment {
        /// The line it opens on, from 1.
        line: usize,
    },
    /// A `}` closes no `{` comment.
    #[error("the `}}` on line {line} closes no `{{` comment")]
    StrayBrace {
        /// Its line, from 1.
        line: usize,
    },
    /// A move number does not fit in 32 bits.
    #[error("the move number `{digits}` is too large")]
    NumberTooLarge {
        /// Its digits as written.
        digits: String,
    },
    /// The variant's hidden mark stands for a move: a hidden move of the opponent, left out
    /// of one side's record.
    #[error(
        "move {number}{}: a hidden move, left out of this side's record; the full record replays",
        if *black { "..." } else { "." }
    )]
    Hidden {
        /// The move number (the record's own, or counted from the last one it gives).
        number: u32,
        /// Whether it is Black's move.
        black: bool,
    },
    /// A move that cannot be read or played, or that follows the end of the game: its
    /// `reason` is the whole move error (`` `Ke3` is not legal here: ... ``) or
    /// `the game is over: ...`; `nearest` the legal moves written most like it (none after
    /// the end).
    #[error(transparent)]
    Move(RecordError),
}

impl Game {
    /// The record of the game in the variant's own notation (`notation:`; SAN for a variant
    /// without one), one numbered line per move pair: `12) white's move, black's move;`
    /// (`12) ..., black's move;` when the game starts with Black). With `view` a side, each
    /// hidden move of its opponent is left out and its place holds only the notation's
    /// hidden mark (`(h)`; `--` without one), as the player of a game with hidden moves keeps
    /// the record until the end; the full record (`None`) fills them in.
    /// [`Game::play_record`] (and `fairy replay`) reads it back.
    ///
    /// In Seachess White's mine is hidden from Black, whose record shows only the mark:
    ///
    /// ```
    /// use fairy_rules::{Color, Game, Variant};
    /// let mut game = Game::new(Variant::bundled("seachess")?);
    /// game.play("c1:M")?;
    /// game.play("c11c9")?;
    /// assert_eq!(game.record_text(None), "1) Cc1 - M (h), Bc11 - c9;\n");
    /// assert_eq!(game.record_text(Some(Color::Black)), "1) (h), Bc11 - c9;\n");
    /// assert_eq!(game.record_text(Some(Color::White)), game.record_text(None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record_text(&self, view: Option<Color>) -> String {
        let variant = self.variant();
        let mark = variant.hidden_mark().unwrap_or_else(|| "--".into());
        let mut pos = self.start_position().clone();
        let mut text = String::new();
        for &m in self.moves() {
            let side = pos.side_to_move();
            let written = if view.is_some_and(|v| v != side) && variant.is_hidden_move(m) {
                mark.clone()
            } else {
                let plain = m.choice();
                let mut w = variant.readable_in_view(&pos, plain, view);
                if let Some(cell) = m.outcome {
                    w = format!("{w}@{}", variant.topology.name(cell));
                }
                w
            };
            match side {
                Color::White => text.push_str(&format!("{}) {written}", pos.fullmove_number())),
                Color::Black if text.is_empty() => {
                    text.push_str(&format!("{}) ..., {written};\n", pos.fullmove_number()));
                }
                Color::Black => text.push_str(&format!(", {written};\n")),
            }
            pos = variant.play_unchecked(&pos, m);
        }
        if !text.is_empty() && !text.ends_with('\n') {
            text.push_str(";\n");
        }
        text
    }

    /// Plays the moves of `record`, a game record in the variant's own notation, onto the
    /// game, from where it stands; on an error the game keeps the moves before it.
    ///
    /// A record is moves separated by whitespace, commas or semicolons, in SAN, the engine's
    /// move text or the variant's own notation ([`crate::rules::Ruleset::read_move`]), as
    /// [`Game::record_text`] writes it or as players keep one by hand. Move numbers
    /// (`12.`, `12)`, `12...`, also glued to the move: `12.e4`), `#` line comments, `{...}`
    /// comments (the check mark `{*}` among them), standalone check marks `*` `**` and
    /// annotations `!?` are skipped, as are the annotation words of the variant's own
    /// notation (`[**]`) and, in a record numbered from `1.` or `1)`, a heading before it (a
    /// title, the players); a result (`1-0`, `0-1`, `1/2-1/2`, `½-½`) or a resignation
    /// (`resigns`) ends the record. Between commas and semicolons, the text is one move
    /// when it reads as one (`Da1 - e5 > f6^ x f6`), else the moves its words make. A
    /// capture written with spaces around the `x` (`f7BR x d5P`, as some inventors write) is
    /// joined into one move text, `f7BR x d5P`, and so is a move split around a `-`
    /// (`b2 - b4`); the library reads the spaces as part of that notation. The move text
    /// after a move number is that move's, `12...` Black's; a move without a number counts
    /// on from the last.
    ///
    /// ```
    /// use fairy_rules::{Game, RecordTextError, Variant};
    /// let mut game = Game::new(Variant::bundled("chess")?);
    /// game.play_record("# The fool's mate\n1. f3 e5 2. g4?? Qh4# 0-1")?;
    /// assert_eq!(game.moves().len(), 4);
    /// assert!(game.outcome().is_some());
    /// let written = game.record_text(None);
    /// assert_eq!(written, "1) f3, e5;\n2) g4, Qh4#;\n");
    /// let mut again = Game::new(Variant::bundled("chess")?);
    /// again.play_record(&written)?;
    /// assert_eq!(again.fen(), game.fen());
    ///
    /// let mut game = Game::new(Variant::bundled("chess")?);
    /// let Err(RecordTextError::Move(e)) = game.play_record("1. e4 e5 2. Ke3") else {
    ///     panic!("the king cannot go to e3");
    /// };
    /// assert_eq!((e.number, e.black, e.text.as_str()), (2, false, "Ke3"));
    /// assert_eq!(game.moves().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RecordTextError`]: an unclosed or stray brace comment, or a move number too large,
    /// before any move is played; the hidden mark standing for a move; a move that cannot be
    /// read or played, or that comes after the game has ended.
    pub fn play_record(&mut self, record: &str) -> Result<(), RecordTextError> {
        let mark = self.variant().hidden_mark();
        let mut tokens = VecDeque::from(tokenize(record, mark.as_deref())?);
        // The number of the next move: the record's own when it gives one, else counted.
        let mut number = self.position().fullmove_number();
        let mut given: Option<(u32, bool)> = None;
        while let Some(token) = tokens.pop_front() {
            match token {
                // One move, or (when it does not read as one) the moves its words make;
                // after the end, one text for the error to name.
                Token::Segment(text) => {
                    let one = self.outcome().is_some()
                        || self
                            .variant()
                            .read_move(self.position(), strip_annotations(&text))
                            .is_ok();
                    let words = match one {
                        true => vec![Token::Move(text)],
                        false => split_segment(&text, mark.as_deref())
                            .unwrap_or_else(|_| vec![Token::Move(text)]),
                    };
                    for w in words.into_iter().rev() {
                        tokens.push_front(w);
                    }
                }
                Token::Number { n, black } => given = Some((n, black)),
                Token::Result(_) => break,
                Token::Hidden => {
                    let side = self.position().side_to_move();
                    let (number, black) = given.take().unwrap_or((number, side == Color::Black));
                    return Err(RecordTextError::Hidden { number, black });
                }
                // An annotation of the variant's notation written apart from its move.
                Token::Move(text) if self.variant().is_annotation(&text) => {}
                Token::Move(text) => {
                    let side = self.position().side_to_move();
                    let (n, black) = given.take().unwrap_or((number, side == Color::Black));
                    let text = strip_annotations(&text);
                    let played = match self.outcome() {
                        Some(o) => Err(format!("the game is over: {o}")),
                        None => self
                            .variant()
                            .read_move(self.position(), text)
                            .and_then(|m| self.play_move(m))
                            .map_err(|e| e.to_string()),
                    };
                    if let Err(reason) = played {
                        let nearest = match self.outcome() {
                            Some(_) => Vec::new(),
                            None => self
                                .variant()
                                .nearest_moves(self.position(), text, 3)
                                .into_iter()
                                .map(|(_, text)| text)
                                .collect(),
                        };
                        return Err(RecordTextError::Move(RecordError {
                            number: n,
                            black,
                            text: text.to_string(),
                            reason,
                            nearest,
                        }));
                    }
                    number = if side == Color::Black {
                        n.saturating_add(1)
                    } else {
                        n
                    };
                }
            }
        }
        Ok(())
    }
}
