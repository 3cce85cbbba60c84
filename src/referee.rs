//! The engine as referee of a game with hidden information: each side's view of the game, and
//! moves attempted by a player, accepted or refused without revealing what is hidden
//! (RULINGS.md, Seachess: "rejects a move that the hidden state makes impossible and says only
//! that it is not possible").

use crate::engine::Position;
use crate::notation::MoveError;
use crate::rules::Color;
use crate::{Game, Move};

/// What one side sees: the position with the opponent's hidden parts removed, and what the
/// referee announces.
#[derive(Debug, Clone)]
pub struct View {
    /// Whose view it is.
    pub side: Color,
    /// The position as this side sees it ([`crate::Ruleset::redact`]): lines through the
    /// opponent's hidden parts are open in it, so it may show a side in check that is not.
    pub position: Position,
    /// Its FEN, read back by [`crate::Ruleset::parse_view`].
    pub fen: String,
    /// The opponent's last move was hidden: only the fact that it was made is told.
    pub hidden_move: bool,
    /// This side is to move and in check, possibly by a piece it cannot see.
    pub check: bool,
}

impl std::fmt::Display for View {
    /// The FEN, then the announcements in brackets: `[hidden move]`, `[check]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fen)?;
        if self.hidden_move {
            f.write_str(" [hidden move]")?;
        }
        if self.check {
            f.write_str(" [check]")?;
        }
        Ok(())
    }
}

/// Why the referee refused a move a player attempted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// The other side is to move.
    #[error("it is not {0}'s turn")]
    NotYourTurn(&'static str),
    /// The move is wrong as far as the player can see (the reason tells no hidden part).
    #[error(transparent)]
    Invalid(MoveError),
    /// The move is legal in the player's view, but the hidden state forbids it.
    #[error("not possible")]
    NotPossible,
}

impl Game {
    /// The game as `side` sees it now.
    pub fn view(&self, side: Color) -> View {
        let rules = self.variant().rules();
        let position = rules.redact(self.position(), side);
        // The side to move is the one that did not make the last move.
        let to_move = self.position().side_to_move() == side;
        View {
            side,
            fen: rules.fen(&position),
            position,
            hidden_move: to_move && self.last_move_hidden(),
            check: to_move && rules.in_check(self.position()),
        }
    }

    /// The moves a frontend offers `side`: the legal moves of its view when it is to move and
    /// the game goes on, none otherwise. Each is worth attempting: the referee plays it or
    /// answers [`Refusal::NotPossible`], nothing else.
    pub fn view_moves(&self, side: Color) -> Vec<Move> {
        if self.position().side_to_move() != side || self.outcome().is_some() {
            return Vec::new();
        }
        let rules = self.variant().rules();
        rules.legal_moves(&rules.redact(self.position(), side))
    }

    /// A move attempted by `side`, as a referee judges it, telling the player no more than
    /// its own view and the rules do:
    ///
    /// - not `side`'s turn: [`Refusal::NotYourTurn`];
    /// - not a legal move of the player's view (malformed, or illegal as far as the player
    ///   can see, even when the hidden state would allow it): [`Refusal::Invalid`] with the
    ///   view's reason, the answer the same whatever is hidden;
    /// - legal in the view but not in the game (a hidden mine on the way, a hidden checker):
    ///   [`Refusal::NotPossible`];
    /// - legal in both: played, and returned as the view has it (a capture of a piece the
    ///   player cannot see is not told; the next view shows what the rules make visible).
    ///
    /// A refused move leaves the game unchanged.
    ///
    /// # Errors
    /// A [`Refusal`].
    pub fn attempt(&mut self, side: Color, text: &str) -> Result<Move, Refusal> {
        if self.position().side_to_move() != side {
            return Err(Refusal::NotYourTurn(side.name()));
        }
        let rules = self.variant().rules();
        let seen = rules.redact(self.position(), side);
        let as_seen = rules.parse_move(&seen, text).map_err(Refusal::Invalid)?;
        // Over: the game's own reason, which tells nothing hidden.
        self.check_not_over(text).map_err(Refusal::Invalid)?;
        match self.play(text) {
            // A drawn chance outcome is public.
            Ok(m) => Ok(m.outcome.map_or(as_seen, |cell| as_seen.with_outcome(cell))),
            Err(_) => Err(Refusal::NotPossible),
        }
    }
}
