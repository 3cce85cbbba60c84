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
    /// The position as this side sees it ([`crate::Ruleset::redact`]).
    pub position: Position,
    /// Its FEN.
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

    /// A move attempted by `side`, as a referee judges it: played if legal; otherwise refused
    /// with the reason the player's own view gives, or as [`Refusal::NotPossible`] when only
    /// the hidden state forbids it. A refused move leaves the game unchanged.
    ///
    /// # Errors
    /// A [`Refusal`].
    pub fn attempt(&mut self, side: Color, text: &str) -> Result<Move, Refusal> {
        if self.position().side_to_move() != side {
            return Err(Refusal::NotYourTurn(side.name()));
        }
        let error = match self.play(text) {
            Ok(m) => return Ok(m),
            Err(e) => e,
        };
        let rules = self.variant().rules();
        let seen = rules.redact(self.position(), side);
        match rules.parse_move(&seen, text) {
            Ok(_) if self.outcome().is_none() => Err(Refusal::NotPossible),
            Ok(_) => Err(Refusal::Invalid(error)),
            Err(e) => Err(Refusal::Invalid(e)),
        }
    }
}
