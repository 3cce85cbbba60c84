//! A game in progress: a variant, the moves played, and the result including repetition.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::{Move, Outcome, ParameterError, PlayError, Position, Reason, UndoStack};
use crate::formats::notation::{FenError, MoveError};
use crate::load::variant::Variant;
use crate::rules::{Ruleset, MAX_PARAMETERS};

/// A game: the start position, the moves played and the positions they led to. What it
/// keeps grows linearly with the moves played; [`Game::undo`] takes them back one by one.
///
/// ```
/// use fairy_rules::{Game, Variant};
/// let chess = Variant::from_file("variants/chess.yaml")?;
/// let mut game = Game::new(chess);
/// for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     game.play(m)?;
/// }
/// assert_eq!(game.outcome().unwrap().to_string(), "0-1 (checkmate)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    variant: Variant,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Hashes of every position so far, the current one last.
    hashes: Vec<u64>,
    /// What each move changed, to unmake it.
    undo: UndoStack,
    /// Draws chance outcomes that the moves played do not give.
    rng: StdRng,
    /// The generator before each draw, with the index of the move that drew: a move taken
    /// back and played again draws the same cell.
    draws: Vec<(usize, StdRng)>,
    /// The parameter values given (in a FEN or with `set_parameters`); the others are drawn.
    given: [[u8; 2]; MAX_PARAMETERS],
    /// Whether the last move was hidden from the side that did not make it.
    last_hidden: bool,
    /// The first ply whose position counts toward a repetition (see
    /// [`Game::count_repetitions_from`]).
    repetition_floor: usize,
}

impl Game {
    /// A game from the variant's start position. Game parameters and chance outcomes are
    /// drawn from a generator seeded with 0; see [`Game::with_seed`]. See the example of
    /// [`Game::play`].
    pub fn new(variant: Variant) -> Game {
        let start = variant.start_position();
        Game::start_at(variant, start)
    }

    /// A game from a FEN (the variant's FEN: see [`crate::Ruleset::parse_fen`]). See the
    /// example of [`Game::outcome`].
    ///
    /// # Errors
    /// A [`FenError`] naming the field that is wrong.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Game, FenError> {
        let pos = variant.parse_fen(fen)?;
        Ok(Game::start_at(variant, pos))
    }

    /// A game from a position of the variant (from [`crate::Ruleset::parse_fen`],
    /// [`crate::Ruleset::play`], or another game).
    ///
    /// ```
    /// use fairy_rules::{Game, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let after = chess.play(&chess.start_position(), chess.parse_move(&chess.start_position(), "e2e4")?)?;
    /// let game = Game::from_position(chess, after)?;
    /// assert_eq!(game.legal_moves().len(), 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError::ForeignPosition`] when the position belongs to another rule set.
    pub fn from_position(variant: Variant, start: Position) -> Result<Game, PlayError> {
        if !variant.owns(&start) {
            return Err(PlayError::ForeignPosition {
                expected: variant.fingerprint(),
                found: start.fingerprint(),
            });
        }
        Ok(Game::start_at(variant, start))
    }

    fn start_at(variant: Variant, start: Position) -> Game {
        let hashes = vec![start.hash()];
        let given = Ruleset::params(&start);
        let mut game = Game {
            variant,
            position: start.clone(),
            start,
            moves: Vec::new(),
            hashes,
            undo: UndoStack::new(),
            rng: StdRng::seed_from_u64(0),
            draws: Vec::new(),
            given,
            last_hidden: false,
            repetition_floor: 0,
        };
        game.draw_parameters();
        game
    }

    /// The same game drawing its parameters (unless given) and chance outcomes from a
    /// generator seeded with `seed`: a game played from the same seed and moves is the same
    /// game.
    ///
    /// In the Bermuda Chess Angle (`docs/games/bermuda.md`) a move touching the Angle draws
    /// a square; taken back and played again, it draws the same one:
    ///
    /// ```
    /// use fairy_rules::{Game, Variant};
    /// let mut game = Game::new(Variant::bundled("bermuda")?).with_seed(42);
    /// let drawn = game.play("e2e4")?;
    /// assert_eq!(game.variant().move_text(drawn), "e2e4@g3");
    /// assert_eq!(game.undo(), Some(drawn));
    /// assert_eq!(game.play("e2e4")?, drawn);
    ///
    /// // A move given as a value may carry its outcome; a cell the event cannot draw is refused.
    /// game.undo();
    /// let e4 = game.variant().parse_move(game.position(), "e2e4")?;
    /// let a1 = game.variant().topology.parse_cell("a1").unwrap();
    /// assert!(game.play_move(e4.with_outcome(a1)).is_err());
    /// let e3 = game.variant().topology.parse_cell("e3").unwrap();
    /// game.play_move(e4.with_outcome(e3))?;
    /// assert_eq!(game.moves(), [e4.with_outcome(e3)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_seed(mut self, seed: u64) -> Game {
        self.rng = StdRng::seed_from_u64(seed);
        self.draw_parameters();
        self
    }

    /// Gives game parameters as text (`dutchman=R/N,port=d8/e1`), before any move; the
    /// parameters not given so far are drawn anew, to fit the given ones. The parameters
    /// are the definition's `parameters:` (the Flying Dutchman's:
    /// `docs/games/flying-dutchman.md`), each value written White's first.
    ///
    /// ```
    /// use fairy_rules::{Game, ParameterError, Variant};
    /// let dutchman = Variant::bundled("flying-dutchman")?;
    /// let mut game = Game::new(dutchman.clone()).with_seed(3);
    /// assert_eq!(dutchman.parameter_text(game.position()), "dutchman=N/R,port=h8/d1");
    /// game.set_parameters("dutchman=R/N")?; // the port is drawn again, to fit
    /// assert_eq!(dutchman.parameter_text(game.position()), "dutchman=R/N,port=b8/b1");
    /// assert!(game.fen().ends_with(" dutchman=R/N,port=b8/b1"));
    ///
    /// game.play("e2e4")?;
    /// assert!(matches!(game.set_parameters("dutchman=B/B"), Err(ParameterError::GameBegun { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`ParameterError`] for an unknown name, a value the parameter does not allow with
    /// the other given values, or a game that has begun.
    pub fn set_parameters(&mut self, text: &str) -> Result<(), ParameterError> {
        if !self.moves.is_empty() {
            return Err(ParameterError::GameBegun { text: text.into() });
        }
        let mut scratch = self.start.clone();
        self.variant.store(&mut scratch, self.given);
        self.variant.set_parameters(&mut scratch, text)?;
        self.given = Ruleset::params(&scratch);
        self.draw_parameters();
        Ok(())
    }

    /// Sets the given parameters and draws the others anew, unless the game has begun.
    fn draw_parameters(&mut self) {
        if !self.moves.is_empty() {
            return;
        }
        self.variant.store(&mut self.start, self.given);
        self.variant.draw_parameters(&mut self.start, &mut self.rng);
        self.position = self.start.clone();
    }

    /// The variant. See the example of [`Game::play`].
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The current position. See the example of [`Game::play`].
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from, with its drawn parameters. See the example of
    /// [`Game::play`].
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The moves played so far, first first, each as played (with its chance outcome). See
    /// the example of [`Game::play`].
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The hashes of the positions before the current one ([`Position::hash`]), oldest
    /// first, one per move played: what a search needs to see repetitions
    /// ([`crate::search::Searcher::search`]). See the example of [`Game::play`].
    pub fn earlier_hashes(&self) -> &[u64] {
        &self.hashes[..self.hashes.len() - 1]
    }

    /// Legal moves now, in the generator's order; none once the game is over (also by
    /// repetition, which [`crate::Ruleset::legal_moves`] cannot see). See the example of
    /// [`Game::play`].
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.variant.legal_moves(&self.position)
    }

    /// Plays a move given as text (see [`crate::notation`]); returns it as played, with
    /// the cell its chance event drew (given after `@`, or drawn by the game's generator).
    ///
    /// ```
    /// use fairy_rules::{Game, MoveError, Variant};
    /// let mut game = Game::new(Variant::bundled("chess")?);
    /// assert_eq!(game.legal_moves().len(), 20);
    /// let e4 = game.play("e2e4")?;
    /// let c5 = game.play("c7c5")?;
    /// assert_eq!(game.moves(), [e4, c5]);
    /// assert_eq!(game.fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    /// assert_eq!(game.earlier_hashes().len(), 2);
    /// assert_eq!(game.earlier_hashes()[0], game.start_position().hash());
    ///
    /// // A refused move leaves the game as it was.
    /// assert!(matches!(game.play("e4e6"), Err(MoveError::Illegal { .. })));
    /// assert_eq!(game.moves().len(), 2);
    ///
    /// // Taking moves back, one by one.
    /// assert!(game.undo().is_some());
    /// assert_eq!(game.undo(), Some(e4));
    /// assert_eq!(game.undo(), None);
    /// assert_eq!(game.position(), game.start_position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`MoveError`]: [`MoveError::GameOver`] once the game has ended, else
    /// [`MoveError::Malformed`], [`MoveError::Ambiguous`] or [`MoveError::Illegal`] as the
    /// text reads; the game is unchanged.
    pub fn play(&mut self, text: &str) -> Result<Move, MoveError> {
        self.play_read(text, Ruleset::parse_move)
    }

    /// Plays a move written in SAN (`Nf3`, `exd5`, `O-O`, `P@e4`, `e8=Q+`), or in the
    /// move text [`Game::play`] reads, or in the variant's own notation when it has one
    /// ([`crate::Ruleset::read_move`]); returns it as played.
    ///
    /// ```
    /// use fairy_rules::{Game, MoveError, Variant};
    /// let mut game = Game::new(Variant::bundled("chess")?);
    /// game.push_san("Nf3")?;
    /// game.push_san("d5")?;
    /// game.push_san("Nc3")?;
    /// game.push_san("Nf6")?;
    /// game.push_san("e4")?;
    /// let err = game.push_san("Nd7").unwrap_err(); // the knights on b8 and f6
    /// assert!(matches!(err, MoveError::Ambiguous { candidates, .. } if candidates == ["Nbd7", "Nfd7"]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Game::play`].
    pub fn push_san(&mut self, text: &str) -> Result<Move, MoveError> {
        self.play_read(text, Ruleset::read_move)
    }

    /// Plays the move `read` finds in `text`, unless the game is over.
    fn play_read(
        &mut self,
        text: &str,
        read: fn(&Ruleset, &Position, &str) -> Result<Move, MoveError>,
    ) -> Result<Move, MoveError> {
        self.check_not_over()?;
        let m = read(&self.variant, &self.position, text)?;
        let m = self.draw(m);
        self.push(m);
        Ok(m)
    }

    /// `m` with a drawn cell when it triggers a chance event and has none yet.
    fn draw(&mut self, m: Move) -> Move {
        let cells = self.variant.chance_cells(&self.position, m);
        if m.outcome.is_some() || cells.is_empty() {
            return m;
        }
        self.draws.push((self.moves.len(), self.rng.clone()));
        let pick = self.rng.random_range(0..cells.count() as usize);
        m.with_outcome(cells.cells().nth(pick).expect("pick is in range"))
    }

    /// Plays a move given as a value (its chance outcome drawn if it has none). See the
    /// example of [`Game::with_seed`].
    ///
    /// # Errors
    /// [`MoveError::GameOver`] once the game has ended; [`MoveError::Illegal`] if it is not
    /// one of the legal moves or its outcome cannot be drawn; the game is unchanged.
    pub fn play_move(&mut self, m: Move) -> Result<(), MoveError> {
        self.check_not_over()?;
        let choice = m.choice();
        if !self.variant.is_legal(&self.position, choice) {
            let topo = &self.variant.topology;
            let name = |c: crate::types::bitboard::Cell| {
                if c.index() < topo.cell_count() {
                    topo.name(c)
                } else {
                    format!("cell {}", c.get())
                }
            };
            return Err(MoveError::Illegal {
                text: format!("{}{}", name(m.from), name(m.to)),
                reason: "it is not among the legal moves".into(),
            });
        }
        let text = self.variant.move_text(m);
        if let Some(cell) = m.outcome {
            if !self.variant.chance_cells(&self.position, choice).has(cell) {
                return Err(MoveError::Illegal {
                    text,
                    reason: "its chance event cannot draw that cell".into(),
                });
            }
        }
        let m = self.draw(m);
        self.push(m);
        Ok(())
    }

    pub(crate) fn check_not_over(&self) -> Result<(), MoveError> {
        match self.outcome() {
            Some(o) => Err(MoveError::GameOver(o)),
            None => Ok(()),
        }
    }

    fn push(&mut self, m: Move) {
        self.last_hidden = self.variant.is_hidden_move(m);
        self.variant.make(&mut self.position, m, &mut self.undo);
        self.moves.push(m);
        self.hashes.push(self.position.hash());
    }

    /// Takes back the last move and returns it; `None` when no move has been played. The
    /// game is as it was before that move, its generator too: the move played again draws
    /// the same chance outcome. See the example of [`Game::play`].
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        let unmade = self.variant.unmake(&mut self.position, &mut self.undo);
        debug_assert!(unmade, "every move played was made on the undo stack");
        self.hashes.pop();
        if self.draws.last().is_some_and(|d| d.0 == self.moves.len()) {
            if let Some((_, rng)) = self.draws.pop() {
                self.rng = rng;
            }
        }
        self.last_hidden = self
            .moves
            .last()
            .is_some_and(|&last| self.variant.is_hidden_move(last));
        Some(m)
    }

    /// The result, if the game is over: what [`crate::Ruleset::outcome`] sees in the
    /// position (checkmate, stalemate, the move rule, a flag...), or repetition: the
    /// current position seen the definition's `end: repetition` times since the last
    /// irreversible move.
    ///
    /// ```
    /// use fairy_rules::{Color, Game, Outcome, Reason, Variant};
    /// let chess = Variant::bundled("chess")?;
    /// let mut game = Game::new(chess.clone());
    /// for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
    ///     game.play(m)?;
    /// }
    /// assert_eq!(game.outcome(), None);
    /// game.play("f6g8")?; // the start position, a third time
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: Reason::Repetition }));
    /// assert!(game.legal_moves().is_empty());
    ///
    /// // Stalemate, from a FEN.
    /// let game = Game::from_fen(chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: Reason::Stalemate }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.variant.outcome(&self.position) {
            return Some(o);
        }
        let needed = self.variant.end.repetition;
        if needed > 0 {
            let now = self.position.hash();
            // Only positions since the last irreversible move can repeat, and only those
            // from the floor on count.
            let counted = self
                .hashes
                .len()
                .saturating_sub(self.repetition_floor)
                .max(1);
            let window = (self.position.halfmove_clock() as usize + 1).min(counted);
            let seen = self
                .hashes
                .iter()
                .rev()
                .take(window)
                .filter(|&&h| h == now)
                .count();
            if seen >= needed as usize {
                return Some(Outcome::Draw {
                    reason: Reason::Repetition,
                });
            }
        }
        None
    }

    /// Counts a repetition only among the positions from ply `ply` on (0, the start
    /// position, by default; the current position always counts): for a frontend whose
    /// arbiter forgets earlier positions sooner than the rules do, so that the game ends
    /// by repetition only where the arbiter will agree. The floor stays until set again,
    /// through moves and take-backs.
    ///
    /// ```
    /// use fairy_rules::{Game, Outcome, Reason, Variant};
    /// let mut game = Game::new(Variant::bundled("chess")?);
    /// for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     game.play(m)?;
    /// }
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: Reason::Repetition }));
    /// // Without the start position the current one has been seen twice, not three times.
    /// game.count_repetitions_from(1);
    /// assert_eq!(game.outcome(), None);
    /// game.play("g1f3")?; // seen at plies 1, 5 and 9
    /// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: Reason::Repetition }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_repetitions_from(&mut self, ply: usize) {
        self.repetition_floor = ply;
    }

    /// Whether the last move was hidden from the side that did not make it (see
    /// [`crate::Ruleset::is_hidden_move`]). See the example of [`Game::attempt`].
    pub fn last_move_hidden(&self) -> bool {
        self.last_hidden
    }

    /// The current position as FEN ([`crate::Ruleset::fen`]). See the example of
    /// [`Game::play`].
    pub fn fen(&self) -> String {
        self.variant.fen(&self.position)
    }
}
