//! The search itself: iterative deepening over principal variation search, quiescence and
//! chance nodes.

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::engine::{Move, Outcome, Position, UndoStack};
use crate::rules::Ruleset;
use crate::types::bitboard::Cell;
use crate::types::piece::Color;

use super::eval::{evaluate, evaluate_with, Material, Squares, Values};
use super::order::{pick, Heuristics};
use super::prune::late_move_reduction;
use super::tt::{Bound, Entry, Table};
use super::{Score, SearchLimits, SearchResult, MAX_DEPTH};
use crate::types::rule_enums::RoyalRule;

const INFINITY: i32 = Score::MATE + 1;
/// Checks in a row that quiescence answers with every legal move before it stands pat.
const QUIESCENCE_CHECKS: u32 = 4;
/// The depth up to which reverse futility pruning and futility pruning apply, in plies.
const FUTILITY_DEPTH: u32 = 3;
/// Its margin per ply left, in centipawns.
const FUTILITY_MARGIN: i32 = 120;
/// Captures on one cell that static exchange evaluation follows.
const EXCHANGE_LIMIT: usize = 6;
/// Half the width of the first aspiration window, in centipawns.
const ASPIRATION_WINDOW: i32 = 25;
/// Beyond this half-width, the window is the whole range.
const ASPIRATION_LIMIT: i32 = 800;
/// The deepest line searched, extensions and quiescence included: where captures need not
/// end (a piece that returns when captured), the static evaluation stands there.
const MAX_PLY: usize = 3 * MAX_DEPTH as usize;

pub(super) struct Tree<'a> {
    pub(super) rules: &'a Ruleset,
    pub(super) values: &'a Values,
    pub(super) squares: &'a Squares,
    pub(super) table: &'a mut Table,
    pub(super) heuristics: &'a mut Heuristics,
    pub(super) limits: &'a SearchLimits,
    pub(super) start: Instant,
    pub(super) nodes: u64,
    /// The deepest ply any node of this search was at, quiescence included.
    pub(super) seldepth: usize,
    pub(super) stopped: bool,
    pub(super) undo: UndoStack,
    /// Hashes of the game's positions and the search's line so far, the current one last.
    pub(super) path: Vec<u64>,
    /// One move list per ply, reused.
    pub(super) lists: Vec<Vec<Move>>,
    /// One list of ordering keys per ply, reused ([`Heuristics::order`]).
    pub(super) keys: Vec<Vec<(i64, u32)>>,
    /// The [`Material`] of each position on the line from the root, kept move by move;
    /// empty where [`Material::follows`] says it cannot be.
    pub(super) material: Vec<Material>,
    /// Whether chance events are searched with Star1 windows and Star2 probes (off only to
    /// test them).
    pub(super) star1: bool,
    /// What a draw costs the side to move at the root, in centipawns ([`super::Searcher::set_contempt`]).
    pub(super) contempt: i32,
    /// The side to move at the root.
    pub(super) root_side: Color,
    /// The best root move of the iteration under way and its score, once one beat alpha.
    pub(super) root_best: Option<(Move, i32)>,
}

/// The score of a won or lost game for the side to move, `ply` plies from the root; a
/// drawn one scores `draw`.
fn outcome_score(outcome: Outcome, side: Color, ply: usize, draw: i32) -> i32 {
    match outcome {
        Outcome::Win { winner, .. } if winner == side => Score::MATE - ply as i32,
        Outcome::Win { .. } => -(Score::MATE - ply as i32),
        Outcome::Draw { .. } => draw,
    }
}

/// Mate scores are stored relative to the node, read back relative to the root.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > Score::MATE_BOUND => s + ply as i32,
        s if s < -Score::MATE_BOUND => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > Score::MATE_BOUND => s - ply as i32,
        s if s < -Score::MATE_BOUND => s + ply as i32,
        s => s,
    }
}

impl Tree<'_> {
    /// The score of a draw for `side`: the contempt against the side to move at the root,
    /// for it to avoid, and for its opponent to seek.
    fn draw(&self, side: Color) -> i32 {
        if side == self.root_side {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// Iterative deepening from depth 1; the result of the last finished iteration, or of a
    /// root move that beat it in the iteration a limit cut short (reported again then).
    pub(super) fn iterate(
        &mut self,
        mut pos: Position,
        report: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        self.path.push(pos.hash());
        if Material::follows(self.rules) {
            self.material = vec![Material::of(self.rules, self.values, self.squares, &pos)];
        }
        let mut result = SearchResult {
            best: None,
            score: Score(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        let root_moves = self.rules.legal_moves(&pos);
        if root_moves.is_empty() {
            let side = pos.side_to_move();
            let draw = self.draw(side);
            result.score = Score(
                self.rules
                    .outcome(&pos)
                    .map_or(draw, |o| outcome_score(o, side, 0, draw)),
            );
            return result;
        }
        let max = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max {
            self.root_best = None;
            let score = self.aspiration(&mut pos, depth, result.score.0);
            // The first iteration always finishes: there is a move to give.
            if self.stopped && depth > 1 {
                // A move that beat the last iteration's within this one's window is better
                // at the greater depth, even unfinished: the last iteration's move was
                // searched first.
                if let Some((m, score)) = self.root_best.filter(|b| Some(b.0) != result.best) {
                    let after = self.rules.play_unchecked(&pos, m);
                    result.best = Some(m);
                    result.score = Score(score);
                    result.pv = std::iter::once(m)
                        .chain(self.principal_variation(&after, depth - 1))
                        .collect();
                    result.nodes = self.nodes;
                    report(&result);
                }
                break;
            }
            let pv = self.principal_variation(&pos, depth);
            result = SearchResult {
                best: pv.first().copied().or(Some(root_moves[0])),
                score: Score(score),
                depth,
                seldepth: self.seldepth as u32,
                nodes: self.nodes,
                pv,
            };
            report(&result);
            if self.stopped
                || Score(score)
                    .mate_in()
                    .is_some_and(|m| (2 * m.unsigned_abs()) <= depth)
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The root searched to `depth` in a window around the last iteration's score `last`,
    /// widened (twice as wide each time) on the side it fails; from depth 4, and not around
    /// a mate score.
    fn aspiration(&mut self, pos: &mut Position, depth: u32, last: i32) -> i32 {
        if depth < 4 || last.abs() >= Score::MATE_BOUND {
            return self.node(pos, depth, -INFINITY, INFINITY, 0);
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.node(pos, depth, alpha, beta, 0);
            if self.stopped || (score > alpha && score < beta) {
                return score;
            }
            delta *= 2;
            if score <= alpha {
                alpha = (score - delta).max(-INFINITY);
            } else {
                beta = (score + delta).min(INFINITY);
            }
            if delta > ASPIRATION_LIMIT {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    /// The line the table remembers from `pos`, each move checked legal.
    fn principal_variation(&self, pos: &Position, depth: u32) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = pos.clone();
        let mut seen = Vec::new();
        while pv.len() < depth as usize {
            let Some(m) = self.table.probe(pos.hash()).and_then(|e| e.best) else {
                break;
            };
            if seen.contains(&pos.hash()) || !self.rules.is_legal(&pos, m) {
                break;
            }
            seen.push(pos.hash());
            pos = self.rules.play_unchecked(&pos, m);
            pv.push(m);
        }
        pv
    }

    /// Counts a node; whether a limit is reached (checked every 1,024 nodes).
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && self.nodes % 1024 == 0 {
            let l = self.limits;
            self.stopped = l.nodes.is_some_and(|n| self.nodes >= n)
                || l.time.is_some_and(|t| self.start.elapsed() >= t)
                || l.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
        }
        self.stopped
    }

    /// Whether the position repeats one since the last irreversible move: a draw in the
    /// search, as soon as it is seen once.
    fn repeats(&self, pos: &Position) -> bool {
        if self.rules.end.repetition == 0 {
            return false;
        }
        let back = (pos.halfmove_clock() as usize).min(self.path.len() - 1);
        let current = self.path[self.path.len() - 1];
        self.path[self.path.len() - 1 - back..self.path.len() - 1].contains(&current)
    }

    fn make(&mut self, pos: &mut Position, m: Move) {
        self.rules.make(pos, m, &mut self.undo);
        self.path.push(pos.hash());
        if let Some(&last) = self.material.last() {
            let mut next = last;
            next.update(self.rules, self.values, self.squares, pos, &self.undo);
            self.material.push(next);
        }
    }

    fn unmake(&mut self, pos: &mut Position) {
        self.rules.unmake(pos, &mut self.undo);
        self.path.pop();
        self.material.pop();
    }

    /// The static evaluation of `pos`, the position the line has reached, for its side to
    /// move.
    fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_within(pos, None)
    }

    /// [`Tree::evaluate`], lazy outside `window` ([`evaluate_with`]).
    fn evaluate_within(&self, pos: &Position, window: Option<(i32, i32)>) -> i32 {
        let Some(material) = self.material.last() else {
            return evaluate(self.rules, self.values, self.squares, pos).0;
        };
        debug_assert_eq!(
            *material,
            Material::of(self.rules, self.values, self.squares, pos),
            "the material kept move by move at {pos:?}"
        );
        evaluate_with(self.rules, self.values, self.squares, pos, material, window).0
    }

    fn take_list(&mut self, ply: usize) -> Vec<Move> {
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.lists[ply])
    }

    /// The moves of `ply` keyed for [`pick`], in a list to give back to `self.keys[ply]`.
    fn order(&mut self, moves: &[Move], tt: Option<Move>, ply: usize) -> Vec<(i64, u32)> {
        if self.keys.len() <= ply {
            self.keys.resize_with(ply + 1, Vec::new);
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.heuristics
            .order(moves, tt, ply, self.values, &mut keys);
        keys
    }

    /// Principal variation search of `pos` to `depth` plies within `(alpha, beta)`.
    fn node(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let side = pos.side_to_move();
        if ply > 0 {
            if let Some(o) = self.rules.decided(pos) {
                return outcome_score(o, side, ply, self.draw(side));
            }
            if self.repeats(pos) {
                return self.draw(side);
            }
            // No mate found further on can be better than one found nearer.
            alpha = alpha.max(-(Score::MATE - ply as i32));
            beta = beta.min(Score::MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        // A check is extended only where it must be answered. Under extinction an attacked
        // royal piece may be left en prise like any other, so the side to move keeps every
        // move: extending there made each such node as wide as any other and one ply deeper,
        // and a game where kings stand attacked most of the time never reached the depth.
        let forcing_check = self.rules.end.royal == RoyalRule::Checkmate;
        let in_check = self.rules.in_check(pos);
        // A set of pieces the definition lists as unable to win draws (out of check: a mate
        // on the board would come first).
        if ply > 0 && !in_check && self.rules.insufficient_material(pos) {
            return self.draw(side);
        }
        let depth = if forcing_check && ply < 2 * MAX_DEPTH as usize && in_check {
            depth + 1
        } else {
            depth
        };
        if depth == 0 || ply >= MAX_PLY {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        let key = pos.hash();
        let remembered = self.table.probe(key);
        if let Some(e) = remembered.filter(|e| ply > 0 && u32::from(e.depth) >= depth) {
            let score = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut && beta - alpha == 1 {
                return score;
            }
        }
        // Reverse futility pruning: near the leaves, a static evaluation that beats beta by
        // more than a margin per ply left is taken to hold.
        let near_leaves = beta - alpha == 1
            && ply > 0
            && depth <= FUTILITY_DEPTH
            && !in_check
            && beta.abs() < Score::MATE_BOUND;
        let mut futile = false;
        if near_leaves {
            // Both decisions compare the evaluation with the window widened by the margin.
            let margin = FUTILITY_MARGIN * depth as i32;
            let eval = self.evaluate_within(pos, Some((alpha - margin, beta + margin)));
            if eval - margin >= beta {
                return eval;
            }
            // Futility pruning: where even a margin per ply left does not reach alpha, quiet
            // moves after the first are not searched.
            futile = eval + margin <= alpha;
        }
        let mut moves = self.take_list(ply);
        self.rules.legal_moves_into(pos, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            let draw = self.draw(side);
            return self
                .rules
                .outcome(pos)
                .map_or(draw, |o| outcome_score(o, side, ply, draw));
        }
        if self.rules.move_limit_reached(pos) {
            self.lists[ply] = moves;
            return self.draw(side);
        }
        let mut keys = self.order(&moves, remembered.and_then(|e| e.best), ply);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            let m = moves[pick(&mut keys, i)];
            let score =
                if self.rules.chance.is_some() && !self.rules.chance_cells(pos, m).is_empty() {
                    self.chance(pos, m, depth, (alpha, beta), ply)
                } else {
                    self.make(pos, m);
                    let reducible = i >= 3 && depth >= 3 && !in_check;
                    // Neither a capture nor a promotion, not a killer, and not giving check
                    // (asked only of a move that could be pruned or reduced).
                    let quiet = ((futile && i > 0) || reducible)
                        && m.captured.is_none()
                        && m.promotion.is_none()
                        && !self.heuristics.is_killer(m, ply)
                        && !self.rules.in_check(pos);
                    if futile && quiet && i > 0 {
                        self.unmake(pos);
                        continue;
                    }
                    let reduction = if reducible && quiet {
                        late_move_reduction(depth, i, beta - alpha > 1)
                    } else {
                        0
                    };
                    let mut score = if i == 0 {
                        -self.node(pos, depth - 1, -beta, -alpha, ply + 1)
                    } else {
                        -self.node(pos, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1)
                    };
                    // A reduced move that beats alpha is searched again at full depth.
                    if reduction > 0 && score > alpha {
                        score = -self.node(pos, depth - 1, -alpha - 1, -alpha, ply + 1);
                    }
                    if i > 0 && score > alpha && score < beta {
                        score = -self.node(pos, depth - 1, -beta, -alpha, ply + 1);
                    }
                    self.unmake(pos);
                    score
                };
            if self.stopped {
                self.lists[ply] = moves;
                self.keys[ply] = keys;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    if ply == 0 {
                        self.root_best = Some((m, score));
                    }
                    alpha = score;
                    if alpha >= beta {
                        if m.captured.is_none() && m.promotion.is_none() {
                            let tried = keys[..i].iter().map(|k| moves[k.1 as usize]);
                            self.heuristics.cut(m, tried, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.lists[ply] = moves;
        self.keys[ply] = keys;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(Entry {
            key,
            best: best_move,
            score: to_table(best, ply),
            depth: depth.min(255) as u8,
            bound,
        });
        best
    }

    /// A move followed by a chance event: the mean of its outcomes' scores, each drawn with
    /// the same probability (expectimax). Outcomes that lead to the same position (a die
    /// that hits nothing) are searched once, with their weight.
    ///
    /// Star1 pruning (Ballard, "The *-minimax search procedure for trees containing chance
    /// nodes", 1983): every score lies within ±`INFINITY`, so after some outcomes the mean is
    /// bounded; each outcome is searched with the window that would decide the mean outside
    /// `(alpha, beta)`, and when one does, the search stops with that bound (fail-hard).
    ///
    /// Star2 probing (same paper) tightens the upper end: the opponent's first reply to
    /// each outcome, searched alone, bounds that outcome's score from above, so a move whose
    /// bounds already average to `alpha` or less is cut before any outcome is searched in
    /// full, and the others are searched with windows from these bounds instead of the
    /// mate score.
    fn chance(
        &mut self,
        pos: &mut Position,
        m: Move,
        depth: u32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> i32 {
        let cells = self.rules.chance_cells(pos, m);
        let mut groups: Vec<(u64, Move, i64)> = Vec::new();
        for cell in cells.cells() {
            let outcome = m.with_outcome(cell);
            self.make(pos, outcome);
            let key = pos.hash();
            self.unmake(pos);
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.2 += 1,
                None => groups.push((key, outcome, 1)),
            }
        }
        let n = i64::from(cells.count().max(1));
        let (low, high) = (-i64::from(INFINITY), i64::from(INFINITY));
        let (alpha, beta) = (i64::from(alpha), i64::from(beta));
        let mut upper = vec![high; groups.len()];
        if self.star1 && depth >= 2 {
            for (u, &(_, outcome, _)) in upper.iter_mut().zip(&groups) {
                self.make(pos, outcome);
                *u = self.probe(pos, depth - 1, ply + 1).map_or(high, i64::from);
                self.unmake(pos);
                if self.stopped {
                    return 0;
                }
            }
            if groups.iter().zip(&upper).map(|(g, u)| g.2 * u).sum::<i64>() <= alpha * n {
                return alpha as i32;
            }
        }
        // The weighted sum of the scores found, and the weight and the weighted upper
        // bounds of the outcomes left.
        let (mut sum, mut left) = (0i64, n);
        let mut left_high: i64 = groups.iter().zip(&upper).map(|(g, u)| g.2 * u).sum();
        for ((_, outcome, w), u) in groups.into_iter().zip(upper) {
            left -= w;
            left_high -= w * u;
            let (a, b) = if self.star1 {
                (
                    (alpha * n - sum - left_high).div_euclid(w).max(low),
                    (-(-(beta * n - sum - left * low)).div_euclid(w)).min(u),
                )
            } else {
                (low, high)
            };
            self.make(pos, outcome);
            let v = i64::from(-self.node(pos, depth - 1, -(b as i32), -(a as i32), ply + 1));
            self.unmake(pos);
            if v >= b && b < u {
                return beta as i32;
            }
            if v <= a && a > low {
                return alpha as i32;
            }
            sum += w * v;
        }
        (sum / n) as i32
    }

    /// Star2's probe of an outcome: the score, for the side that moved into `pos`, after
    /// the reply the move ordering puts first, searched to `depth - 1`; an upper bound of the
    /// outcome's score at `depth`, since the side to move may have better. `None` where the
    /// game is over or there is no reply.
    fn probe(&mut self, pos: &mut Position, depth: u32, ply: usize) -> Option<i32> {
        if self.rules.decided(pos).is_some() || self.repeats(pos) {
            return None;
        }
        let mut moves = self.take_list(ply);
        self.rules.legal_moves_into(pos, &mut moves);
        let remembered = self.table.probe(pos.hash()).and_then(|e| e.best);
        let mut keys = self.order(&moves, remembered, ply);
        let first = (!moves.is_empty()).then(|| moves[pick(&mut keys, 0)]);
        self.lists[ply] = moves;
        self.keys[ply] = keys;
        let reply = first?;
        let score = if !self.rules.chance_cells(pos, reply).is_empty() {
            -self.chance(pos, reply, depth, (-INFINITY, INFINITY), ply)
        } else {
            self.make(pos, reply);
            let score = self.node(pos, depth - 1, -INFINITY, INFINITY, ply + 1);
            self.unmake(pos);
            score
        };
        Some(score)
    }

    /// Static exchange evaluation of the capture `m`: whether the side making it loses
    /// material when both sides go on capturing on its arrival cell, each with its least
    /// valuable piece, and each free to stop. The recaptures are the variant's own legal
    /// moves (made and unmade), so hoppers, lame pieces and pins count as they play. A
    /// piece worth no more than its victim never loses.
    fn exchange_loses(&mut self, pos: &mut Position, m: Move) -> bool {
        let value =
            |k: Option<crate::types::piece::Piece>| k.map_or(0, |p| self.values.of(p.kind()));
        let victim = value(m.captured);
        if self.values.of(m.piece.kind()) <= victim {
            return false;
        }
        self.rules.make(pos, m, &mut self.undo);
        let recapture = self.exchange(pos, m.to, 0);
        self.rules.unmake(pos, &mut self.undo);
        victim < recapture
    }

    /// What the side to move gains at best by capturing on `cell` with its least valuable
    /// piece and letting the exchange go on (0: it does not capture).
    fn exchange(&mut self, pos: &mut Position, cell: Cell, captures: usize) -> i32 {
        let side = pos.side_to_move();
        if captures >= EXCHANGE_LIMIT {
            return 0;
        }
        // Only the cell's attackers can capture there: the others' moves are not generated,
        // and most cells have none.
        let attackers = self.rules.attackers(pos, cell, side);
        if attackers.is_empty() {
            return 0;
        }
        let slot = MAX_PLY + 1 + captures;
        let mut moves = self.take_list(slot);
        self.rules.noisy_moves_from_into(pos, attackers, &mut moves);
        let least = moves
            .iter()
            .filter(|r| r.to == cell && r.captured.is_some_and(|p| p.color() != side))
            // A capture followed by a chance event has no single outcome to weigh.
            .filter(|&&r| self.rules.chance.is_none() || self.rules.chance_cells(pos, r).is_empty())
            .min_by_key(|r| self.values.of(r.piece.kind()))
            .copied();
        self.lists[slot] = moves;
        let Some(r) = least else {
            return 0;
        };
        let gain = r.captured.map_or(0, |p| self.values.of(p.kind()));
        self.rules.make(pos, r, &mut self.undo);
        let reply = self.exchange(pos, cell, captures + 1);
        self.rules.unmake(pos, &mut self.undo);
        (gain - reply).max(0)
    }

    /// Captures and promotions until the position is quiet; every move out of check, for a
    /// few checks in a row.
    fn quiescence(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        checks: u32,
    ) -> i32 {
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let side = pos.side_to_move();
        if let Some(o) = self.rules.decided(pos) {
            return outcome_score(o, side, ply, self.draw(side));
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        let evasions = checks < QUIESCENCE_CHECKS && self.rules.in_check(pos);
        let mut moves = self.take_list(ply);
        let mut best = -INFINITY;
        if evasions {
            self.rules.legal_moves_into(pos, &mut moves);
            if moves.is_empty() {
                self.lists[ply] = moves;
                let draw = self.draw(side);
                return self
                    .rules
                    .outcome(pos)
                    .map_or(draw, |o| outcome_score(o, side, ply, draw));
            }
            if self.rules.insufficient_material(pos) {
                self.lists[ply] = moves;
                return self.draw(side);
            }
        } else if self.rules.insufficient_material(pos) {
            self.lists[ply] = moves;
            return self.draw(side);
        } else {
            best = self.evaluate_within(pos, Some((alpha, beta)));
            if best >= beta {
                self.lists[ply] = moves;
                return best;
            }
            alpha = alpha.max(best);
            self.rules.noisy_moves_into(pos, &mut moves);
        }
        let mut keys = self.order(&moves, None, ply);
        for i in 0..moves.len() {
            let m = moves[pick(&mut keys, i)];
            // Out of check every move counts; otherwise only taking enemy pieces (a crew
            // may take its own) and promoting, without chance events.
            let noisy = evasions
                || m.captured
                    .map_or(m.promotion.is_some(), |p| p.color() != side);
            if !noisy
                || (self.rules.chance.is_some() && !self.rules.chance_cells(pos, m).is_empty())
                || (!evasions && self.exchange_loses(pos, m))
            {
                continue;
            }
            self.make(pos, m);
            let score = -self.quiescence(pos, -beta, -alpha, ply + 1, checks + u32::from(evasions));
            self.unmake(pos);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.lists[ply] = moves;
        self.keys[ply] = keys;
        best
    }
}
