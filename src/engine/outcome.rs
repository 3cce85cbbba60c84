//! Game end as far as one position can tell (repetition needs the history: see `Game`).

use crate::definition::{RoyalRule, StalemateRule};
use crate::rules::{Color, Ruleset};

use super::Position;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// `winner` won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: Reason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: Reason,
    },
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The n-move rule: too many plies without a capture or clock-resetting move.
    MoveRule,
    /// The same position occurred the rule's number of times.
    Repetition,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Win {
                winner: Color::White,
                reason,
            } => write!(f, "1-0 ({reason})"),
            Outcome::Win {
                winner: Color::Black,
                reason,
            } => write!(f, "0-1 ({reason})"),
            Outcome::Draw { reason } => write!(f, "1/2-1/2 ({reason})"),
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::MoveRule => "move rule",
            Reason::Repetition => "repetition",
        })
    }
}

impl Ruleset {
    /// The result if the game is over in `pos` by checkmate, stalemate or the move rule;
    /// `None` while it goes on. A mate on the move that reaches the move-rule limit counts.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        let side = pos.side_to_move();
        if self.legal_moves(pos).is_empty() {
            let RoyalRule::Checkmate = self.end.royal;
            if self.in_check(pos) {
                return Some(Outcome::Win {
                    winner: side.opponent(),
                    reason: Reason::Checkmate,
                });
            }
            return Some(match self.end.stalemate {
                StalemateRule::Draw => Outcome::Draw {
                    reason: Reason::Stalemate,
                },
                StalemateRule::Loss => Outcome::Win {
                    winner: side.opponent(),
                    reason: Reason::Stalemate,
                },
                StalemateRule::Win => Outcome::Win {
                    winner: side,
                    reason: Reason::Stalemate,
                },
            });
        }
        let limit = self.end.move_rule_plies;
        if limit > 0 && pos.halfmove_clock() >= limit {
            return Some(Outcome::Draw {
                reason: Reason::MoveRule,
            });
        }
        None
    }
}
