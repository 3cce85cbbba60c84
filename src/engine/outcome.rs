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
    /// A side lost its royal pieces (extinction rule).
    RoyalCaptured,
    /// A piece reached its flag zone.
    Flag,
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
            Reason::RoyalCaptured => "royal piece captured",
            Reason::Flag => "flag",
        })
    }
}

impl Ruleset {
    /// Whether the game already ended with the last move, whatever the side to move could
    /// do: the side that moved has a flag piece in its zone, or under extinction a side has
    /// no royal piece left (both sides: a draw). Such a position has no legal moves.
    pub(crate) fn decided(&self, pos: &Position) -> Option<Outcome> {
        let side = pos.side_to_move();
        let mover = side.opponent();
        if self.end.royal == RoyalRule::Extinction && self.royal_kinds != 0 {
            let reason = Reason::RoyalCaptured;
            match (
                pos.royals(self, side).is_empty(),
                pos.royals(self, mover).is_empty(),
            ) {
                (true, true) => return Some(Outcome::Draw { reason }),
                (true, false) => {
                    return Some(Outcome::Win {
                        winner: mover,
                        reason,
                    })
                }
                (false, true) => {
                    return Some(Outcome::Win {
                        winner: side,
                        reason,
                    })
                }
                (false, false) => {}
            }
        }
        self.end
            .flags
            .iter()
            .any(|f| {
                let kind = self.piece_of(pos, f.piece, mover);
                let zone = self.zone_of(pos, f.zone, mover);
                matches!((kind, zone), (Some(k), Some(z)) if !(pos.pieces_of_kind(k, mover) & z).is_empty())
            })
            .then_some(Outcome::Win {
                winner: mover,
                reason: Reason::Flag,
            })
    }

    /// The result if the game is over in `pos`: a flag reached or royal pieces captured by
    /// the last move, checkmate, stalemate or the move rule; `None` while it goes on. A mate
    /// on the move that reaches the move-rule limit counts.
    pub fn outcome(&self, pos: &Position) -> Option<Outcome> {
        if let Some(decided) = self.decided(pos) {
            return Some(decided);
        }
        let side = pos.side_to_move();
        if self.legal_moves(pos).is_empty() {
            if self.end.royal == RoyalRule::Checkmate && self.in_check(pos) {
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
