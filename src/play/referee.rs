//! The engine as referee of a game with hidden information: each side's view of the game, and
//! moves attempted by a player, accepted or refused without revealing what is hidden
//! (docs/games/seachess.md: a move the hidden state makes impossible is refused with "not
//! possible" and nothing more).

use crate::engine::Move;
use crate::engine::Position;
use crate::formats::notation::MoveError;
use crate::play::game::Game;
use crate::rules::Color;

/// What one side sees: the position with the opponent's hidden parts removed, and what the
/// referee announces.
///
/// See the example of [`Game::attempt`].
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
///
/// See the example of [`Game::attempt`].
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
    /// The game as `side` sees it now. See the example of [`Game::attempt`].
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
    /// answers [`Refusal::NotPossible`]. A view may show a check, even a mate, that the
    /// hidden state prevents: the player may still attempt any move, and a frontend should
    /// let it type one even when this list is empty. See the example of [`Game::attempt`].
    pub fn view_moves(&self, side: Color) -> Vec<Move> {
        if self.position().side_to_move() != side || self.outcome().is_some() {
            return Vec::new();
        }
        let rules = self.variant().rules();
        rules.legal_moves(&rules.redact(self.position(), side))
    }

    /// A move attempted by `side`, as a referee who sees everything judges it: played when
    /// the game allows it, refused otherwise with no more than the player's view and the
    /// rules tell (Seachess ruling: an impossible move is rejected, saying only that it is
    /// not possible):
    ///
    /// - not `side`'s turn: [`Refusal::NotYourTurn`];
    /// - legal in the game: played (also when the view forbids it: a hidden blocker made it
    ///   legal, which the rules let the player find out by trying), and returned as the
    ///   player sees it: a piece it cannot see is not named as captured;
    /// - illegal in the game but legal in the view (a hidden mine on the way, a hidden
    ///   checker): [`Refusal::NotPossible`];
    /// - illegal in both: [`Refusal::Invalid`] with the view's reason, the same whatever is
    ///   hidden.
    ///
    /// A refused move leaves the game unchanged.
    ///
    /// In Seachess (`docs/games/seachess.md`) White plants a hidden mine; Black is told only
    /// that a hidden move was made:
    ///
    /// ```
    /// use fairy_rules::{Color, Game, Refusal, Variant};
    /// let mut game = Game::new(Variant::bundled("seachess")?);
    /// game.attempt(Color::White, "c1:M")?;
    /// assert!(game.last_move_hidden());
    ///
    /// let view = game.view(Color::Black);
    /// assert!(view.hidden_move && !view.check);
    /// assert!(view.position.markers_of(Color::White).is_empty()); // the mine is not shown
    /// assert_eq!(view.to_string(), "csdakdst/bbbbbbbb/12/12/12/12/12/12/12/12/BBBBBBBB/CSDAKDST b KQkq - 1 1 d1.surfaced=1,i1.surfaced=1 [hidden move]");
    /// assert_eq!(game.view_moves(Color::Black).len(), 37);
    /// assert!(game.view_moves(Color::White).is_empty());
    ///
    /// assert_eq!(game.attempt(Color::White, "c2c3"), Err(Refusal::NotYourTurn("white")));
    /// assert!(matches!(game.attempt(Color::Black, "c11c2"), Err(Refusal::Invalid(_))));
    /// assert!(game.attempt(Color::Black, "c11c9").is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`Refusal`].
    pub fn attempt(&mut self, side: Color, text: &str) -> Result<Move, Refusal> {
        if self.position().side_to_move() != side {
            return Err(Refusal::NotYourTurn(side.name()));
        }
        let variant = self.variant().clone();
        let seen = variant.redact(self.position(), side);
        let before = self.position().clone();
        match self.play(text) {
            Ok(m) => Ok(as_seen(&before, &seen, m)),
            Err(error) => match variant.parse_move(&seen, text) {
                Ok(_) if self.outcome().is_none() => Err(Refusal::NotPossible),
                // Over: the game's own reason, which tells nothing hidden.
                Ok(_) => Err(Refusal::Invalid(error)),
                Err(e) => Err(Refusal::Invalid(e)),
            },
        }
    }
}

/// `m`, played in `game`, as the player who sees `seen` knows it: a capture of a piece that
/// is not in the view is not told.
fn as_seen(game: &Position, seen: &Position, m: Move) -> Move {
    let hidden = |cell| game.submerged_at(cell).is_some() && seen.submerged_at(cell).is_none();
    let visible = match m.kind {
        crate::engine::MoveKind::Normal => {
            !(m.captured.is_some() && game.piece_at(m.to).is_none() && hidden(m.to))
        }
        _ => true,
    };
    if visible {
        m
    } else {
        Move {
            captured: None,
            ..m
        }
    }
}
