//! A problem solver, as a composer's solver (Popeye) reports: every key of a directmate or a
//! selfmate in `n`, with the solution tree, cooks and the shortest solution.
//!
//! A "mate" is any win by the variant's own rules ([`crate::Outcome::Win`]): checkmate, a
//! captured royal piece, a flag reached, extinction. A move followed by a chance event is
//! solved for each of its outcomes, which the attacker does not choose (each counts as a
//! defence). The solver sees the whole position, hidden parts included.
//!
//! ```
//! use fairy_rules::solve::{solve, Stipulation};
//! let chess = fairy_rules::Variant::bundled("chess")?;
//! let pos = chess.parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
//! let solution = solve(&chess, &pos, Stipulation::Direct(2));
//! assert_eq!(solution.keys.len(), 1);
//! assert_eq!(chess.move_text(solution.keys[0].attack), "a1a8");
//! assert_eq!(solution.shortest, Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;

use crate::engine::{Move, Outcome, Position, UndoStack};
use crate::load::variant::Variant;
use crate::types::piece::Color;

/// What the attacker (the side to move) must force.
///
/// See the examples of [`solve`] and of the [module](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stipulation {
    /// Directmate in `n`: the attacker wins within `n` of its moves, whatever the defender
    /// does.
    Direct(u32),
    /// Selfmate in `n`: the attacker forces the defender to win within `n` attacker moves;
    /// the defender wins only when every move it has wins, and otherwise defends.
    SelfMate(u32),
}

impl Stipulation {
    /// The attacker's moves allowed.
    pub(crate) fn moves(self) -> u32 {
        match self {
            Stipulation::Direct(n) | Stipulation::SelfMate(n) => n,
        }
    }

    fn with_moves(self, n: u32) -> Stipulation {
        match self {
            Stipulation::Direct(_) => Stipulation::Direct(n),
            Stipulation::SelfMate(_) => Stipulation::SelfMate(n),
        }
    }
}

/// An attacker's move that keeps the stipulation, with what follows it.
///
/// See the example of [`solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The attacker's move (its chance outcome, if it has one, is in `branches`).
    pub attack: Move,
    /// One branch per chance outcome of the move; one branch when it has no chance event.
    pub branches: Vec<Branch>,
}

/// What follows an attacker's move with one chance outcome (or without any).
///
/// See the example of [`solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// The move with this outcome; the move itself when it has no chance event.
    pub played: Move,
    /// Whether the stipulation is met at once (the mate itself, or in a selfmate the move
    /// after which every defence wins for the defender).
    pub ends: bool,
    /// Each defence and the attacker's continuations after it; in a selfmate that `ends`,
    /// the defender's forced wins.
    pub defences: Vec<Defence>,
}

/// A defender's move (with its chance outcome, if any) and how the attacker goes on.
///
/// See the example of [`solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Defence {
    /// The defender's move.
    pub reply: Move,
    /// Whether the move ends the problem: in a selfmate, the defender's forced win.
    pub ends: bool,
    /// The attacker's continuations that keep the stipulation (all of them: duals shown).
    pub continuations: Vec<Line>,
}

/// A solved problem.
///
/// See the example of [`solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// What was asked.
    pub stipulation: Stipulation,
    /// Every key (more than one: the problem is cooked), with its tree.
    pub keys: Vec<Line>,
    /// The least number of attacker moves that works, if any does within the stipulation.
    pub shortest: Option<u32>,
    /// Positions visited.
    pub nodes: u64,
}

/// Solves `pos` for `stip`. The work grows steeply with `n`: composed directmates in 3 take
/// seconds, in 5 and more can take very long.
///
/// A directmate in one, and the start position, which is no selfmate in one:
///
/// ```
/// use fairy_rules::solve::{solve, Stipulation};
/// let chess = fairy_rules::Variant::bundled("chess")?;
/// let pos = chess.parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
/// let direct = solve(&chess, &pos, Stipulation::Direct(1));
/// let key = &direct.keys[0];
/// assert_eq!(chess.move_text(key.attack), "a1a8");
/// assert!(key.branches[0].ends && key.branches[0].defences.is_empty());
/// assert!(direct.nodes > 0);
/// assert_eq!(solve(&chess, &chess.start_position(), Stipulation::SelfMate(1)).shortest, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(variant: &Variant, pos: &Position, stip: Stipulation) -> Solution {
    let mut s = Solver {
        variant,
        undo: UndoStack::new(),
        memo: HashMap::new(),
        nodes: 0,
        attacker: pos.side_to_move(),
    };
    let mut pos = pos.clone();
    let shortest = (1..=stip.moves()).find(|&n| s.attack(&mut pos, stip.with_moves(n)));
    let keys = if shortest.is_some() {
        s.lines(&mut pos, stip)
    } else {
        Vec::new()
    };
    Solution {
        stipulation: stip,
        keys,
        shortest,
        nodes: s.nodes,
    }
}

struct Solver<'a> {
    variant: &'a Variant,
    undo: UndoStack,
    /// `(position hash, stipulation)` → whether the attacker to move keeps it.
    memo: HashMap<(u64, Stipulation), bool>,
    nodes: u64,
    attacker: Color,
}

/// How a position stands after a move, for the stipulation.
enum After {
    /// The problem's goal is reached.
    Done,
    /// The game ended otherwise (a draw, or the wrong side won): the line fails.
    Failed,
    /// The game goes on.
    Open,
}

impl Solver<'_> {
    fn after(&self, pos: &Position, stip: Stipulation, by: Color) -> After {
        let goal = match stip {
            Stipulation::Direct(_) => self.attacker,
            Stipulation::SelfMate(_) => self.attacker.opponent(),
        };
        match self.variant.outcome(pos) {
            // In a selfmate, the attacker's own move may not end the game.
            Some(Outcome::Win { winner, .. }) if winner == goal => match stip {
                Stipulation::SelfMate(_) if by == self.attacker => After::Failed,
                _ => After::Done,
            },
            Some(_) => After::Failed,
            None => After::Open,
        }
    }

    /// The move's outcomes: itself, or one move per cell its chance event may draw.
    fn outcomes(&self, pos: &Position, m: Move) -> Vec<Move> {
        let cells = self.variant.chance_cells(pos, m);
        if cells.is_empty() {
            vec![m]
        } else {
            cells.cells().map(|c| m.with_outcome(c)).collect()
        }
    }

    /// Whether the attacker, to move in `pos`, keeps `stip`.
    fn attack(&mut self, pos: &mut Position, stip: Stipulation) -> bool {
        let key = (pos.hash(), stip);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let kept = self
            .variant
            .legal_moves(pos)
            .into_iter()
            .any(|m| self.attack_works(pos, m, stip));
        self.memo.insert(key, kept);
        kept
    }

    /// Whether the attacker's move `m` keeps `stip` against every outcome and defence.
    fn attack_works(&mut self, pos: &mut Position, m: Move, stip: Stipulation) -> bool {
        self.outcomes(pos, m).into_iter().all(|o| {
            self.nodes += 1;
            self.variant.make(pos, o, &mut self.undo);
            let works = match self.after(pos, stip, self.attacker) {
                After::Done => true,
                After::Failed => false,
                After::Open => self.defend(pos, stip),
            };
            self.variant.unmake(pos, &mut self.undo);
            works
        })
    }

    /// Whether every defence in `pos` (defender to move) leaves the attacker keeping `stip`.
    fn defend(&mut self, pos: &mut Position, stip: Stipulation) -> bool {
        let n = stip.moves();
        let replies = self.variant.legal_moves(pos);
        if replies.is_empty() {
            return false;
        }
        replies.into_iter().all(|d| {
            self.outcomes(pos, d).into_iter().all(|o| {
                self.nodes += 1;
                self.variant.make(pos, o, &mut self.undo);
                let defender = self.attacker.opponent();
                let works = match self.after(pos, stip, defender) {
                    After::Done => true,
                    After::Failed => false,
                    After::Open => n > 1 && self.attack(pos, stip.with_moves(n - 1)),
                };
                self.variant.unmake(pos, &mut self.undo);
                works
            })
        })
    }

    /// Every attacker move in `pos` that keeps `stip`, with its tree.
    fn lines(&mut self, pos: &mut Position, stip: Stipulation) -> Vec<Line> {
        let mut lines = Vec::new();
        for m in self.variant.legal_moves(pos) {
            if !self.attack_works(pos, m, stip) {
                continue;
            }
            let mut branches = Vec::new();
            for o in self.outcomes(pos, m) {
                self.variant.make(pos, o, &mut self.undo);
                let over = !matches!(self.after(pos, stip, self.attacker), After::Open);
                let defences = if over {
                    Vec::new()
                } else {
                    self.defences(pos, stip)
                };
                // A selfmate ends once every defence is the defender's forced win.
                let ends = over || (!defences.is_empty() && defences.iter().all(|d| d.ends));
                self.variant.unmake(pos, &mut self.undo);
                branches.push(Branch {
                    played: o,
                    ends,
                    defences,
                });
            }
            lines.push(Line {
                attack: m,
                branches,
            });
        }
        lines
    }

    /// Each defence in `pos` with the attacker's continuations that keep `stip`.
    fn defences(&mut self, pos: &mut Position, stip: Stipulation) -> Vec<Defence> {
        let n = stip.moves();
        let mut out = Vec::new();
        for d in self.variant.legal_moves(pos) {
            for o in self.outcomes(pos, d) {
                self.variant.make(pos, o, &mut self.undo);
                let defender = self.attacker.opponent();
                let (ends, continuations) = match self.after(pos, stip, defender) {
                    After::Open if n > 1 => (false, self.lines(pos, stip.with_moves(n - 1))),
                    After::Done => (true, Vec::new()),
                    _ => (false, Vec::new()),
                };
                self.variant.unmake(pos, &mut self.undo);
                out.push(Defence {
                    reply: o,
                    ends,
                    continuations,
                });
            }
        }
        out
    }
}
