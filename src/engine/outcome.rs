//! Game end as far as one position can tell (repetition needs the history: see `Game`).

use crate::rules::{Color, Kind, Material, Piece};
use crate::types::rule_enums::{MateRule, RoyalRule, StalemateRule};

use super::end_rules::against;
use super::Engine;
use crate::rules::position::Pos;

/// How a game ended.
///
/// See the example of [`crate::Ruleset::outcome`].
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
///
/// See the examples of [`crate::Ruleset::outcome`] and [`crate::Game::outcome`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
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
    /// The pieces left are a set listed under `end: insufficient_material`.
    InsufficientMaterial,
    /// Both sides passed in turn (`pass: true`).
    Passes,
    /// The royal pieces still face each other a turn after they came face to face
    /// (`royals_facing: must-break`, answered by a pass).
    FacingRoyals,
    /// A side has too few pieces of a kind left (`end: extinction`).
    Extinction,
    /// A side gave the checks that win (`end: checks_to_win`).
    Checks,
    /// Every cell of the board is occupied (`end: full_board`).
    FullBoard,
    /// The counting rules' count passed its limit (`end: counting`).
    Counting,
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
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Passes => "two passes",
            Reason::FacingRoyals => "facing royal pieces",
            Reason::Extinction => "extinction",
            Reason::Checks => "checks given",
            Reason::FullBoard => "full board",
            Reason::Counting => "counting rule",
        })
    }
}

impl<const W: usize> Engine<'_, W> {
    /// Whether the game already ended with the last move, whatever the side to move could
    /// do: the side that moved has a flag piece in its zone (see `end_rules` for the flag
    /// reply), under extinction (and in an explosion game, where a blast can take royal
    /// pieces under the checkmate rule too) a side has no royal piece left (both sides: a
    /// draw), a side is extinct under `end: extinction`, or the side that moved gave its
    /// winning check. Such a position has no legal moves.
    #[inline]
    pub(crate) fn decided(&self, pos: &Pos<W>) -> Option<Outcome> {
        let x = &pos.extra;
        // Asked at every node: most positions of most games have no passes in a row, no
        // royal pieces come face to face and no end rule read from the position.
        if x.passes < 2 && !x.faced && !self.rules.end.ends_by_position {
            return None;
        }
        self.decided_by_rules(pos)
    }

    /// [`Engine::decided`] past its quick look.
    #[inline(never)]
    fn decided_by_rules(&self, pos: &Pos<W>) -> Option<Outcome> {
        let r = self.rules;
        let st = &pos.st;
        let side = st.side;
        let mover = side.opponent();
        if pos.extra.passes >= 2 {
            return Some(self.drawn_or_counted(pos, Reason::Passes));
        }
        if pos.extra.faced && self.royals_face(pos) {
            return Some(Outcome::Draw {
                reason: Reason::FacingRoyals,
            });
        }
        if !r.end.ends_by_position {
            return None;
        }
        if r.end.full_board && (self.t.all & !st.occupied()).is_empty() {
            return Some(self.drawn_or_counted(pos, Reason::FullBoard));
        }
        if (r.end.royal == RoyalRule::Extinction || r.explosion.is_some())
            && !r.royal_kinds.is_empty()
        {
            let reason = Reason::RoyalCaptured;
            let gone = |c: Color| pos.sets.of_kinds(c, r.royal_kinds).is_empty();
            match (gone(side), gone(mover)) {
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
        if let Some(x) = r.end.extinction {
            if let Some(o) = self.extinction_outcome(pos, x) {
                return Some(o);
            }
        }
        if r.end.checks_to_win > 0 {
            if let Some(o) = self.checks_outcome(pos) {
                return Some(o);
            }
        }
        if r.end.flags.is_empty() {
            return None;
        }
        if r.end.flag_reply {
            return self.flag_reply_outcome(pos);
        }
        if r.end.flags.iter().any(|f| f.safe) {
            return self.safe_flag_outcome(pos);
        }
        if r.end.flags.iter().any(|f| f.hold) {
            return self.held_flag_outcome(pos);
        }
        self.flag_reached(pos, mover).then_some(Outcome::Win {
            winner: mover,
            reason: Reason::Flag,
        })
    }

    /// The result if the game is over in `pos`: a flag reached or royal pieces captured by
    /// the last move, checkmate, stalemate, the move rule or the counting rules; `None`
    /// while it goes on. A mate on the move that reaches the move-rule or counting limit
    /// counts.
    pub(crate) fn outcome(&self, pos: &Pos<W>) -> Option<Outcome> {
        if let Some(decided) = self.decided(pos) {
            return Some(decided);
        }
        let r = self.rules;
        let side = pos.st.side;
        if !self.has_legal(pos) {
            if r.end.royal == RoyalRule::Checkmate && self.royal_attacked(pos, side) {
                // A mate by a drop whose mate loses (`mates: loses`) is won by the side mated.
                let result = if pos.extra.losing_drop {
                    MateRule::Win
                } else {
                    r.end.checkmate
                };
                return Some(against(side, result, Reason::Checkmate));
            }
            if r.end.count_pieces {
                return Some(self.drawn_or_counted(pos, Reason::Stalemate));
            }
            return Some(match r.end.stalemate {
                // Under `pass`, a side that cannot even pass has no piece left.
                StalemateRule::Draw | StalemateRule::Pass => Outcome::Draw {
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
        if self.dead_material(pos) {
            return Some(Outcome::Draw {
                reason: Reason::InsufficientMaterial,
            });
        }
        let limit = r.end.move_rule_plies;
        if limit > 0 && pos.st.halfmove >= limit {
            return Some(Outcome::Draw {
                reason: Reason::MoveRule,
            });
        }
        if self.counted_out(pos) {
            return Some(Outcome::Draw {
                reason: Reason::Counting,
            });
        }
        None
    }

    /// A game ended for `reason` without a winner by its own rule: drawn, or under
    /// `count_pieces` won by the side with more pieces on the board (equal numbers draw).
    fn drawn_or_counted(&self, pos: &Pos<W>, reason: Reason) -> Outcome {
        let count = |c: Color| pos.st.by_color[c.index()].count();
        let (white, black) = (count(Color::White), count(Color::Black));
        if !self.rules.end.count_pieces || white == black {
            return Outcome::Draw { reason };
        }
        Outcome::Win {
            winner: if white > black {
                Color::White
            } else {
                Color::Black
            },
            reason,
        }
    }

    /// Whether the pieces left are a set listed under `end: insufficient_material` (either
    /// way round). Cheap where more pieces stand on the board than any set lists.
    pub(crate) fn dead_material(&self, pos: &Pos<W>) -> bool {
        let dead = &self.rules.end.insufficient_material;
        if pos.st.occupied().count() as usize > self.rules.end.insufficient_most {
            return false;
        }
        let m = self.material(pos);
        dead.iter().any(|&d| d == m || d.swapped() == m)
    }

    /// Every piece in the game: on the surface, aboard containers, submerged and in hand.
    fn material(&self, pos: &Pos<W>) -> Material {
        let mut m = Material::EMPTY;
        for color in Color::BOTH {
            for k in 0..self.t.kinds.len() {
                let piece = Piece::new(Kind::new(k as u8), color);
                for cell in pos.sets.of(color, piece.kind()) {
                    let aboard = pos.slots[cell.index()].crew.count(piece);
                    for _ in 0..aboard.max(1) {
                        m = m.with(piece);
                    }
                }
                for _ in 0..pos.hand[color.index()][k] {
                    m = m.with(piece);
                }
            }
            for cell in pos.extra.under[color.index()] {
                if let Some(p) = pos.slots[cell.index()].under {
                    m = m.with(p);
                }
            }
        }
        m
    }
}
