//! Move text: UCI-style from-to for every move, with a documented form for castling.
//!
//! - A move or capture: origin and destination, `e2e4`, `a10a9`; a promotion adds the new
//!   piece's letter in lower case, `e7e8q`. En passant is written like any capture, `e5d6`.
//! - Castling is written as the king's move, `e1g1`, when the king could never make that
//!   move by its own movement; otherwise (free castling one square over, where a king step
//!   also lands) the partner's move follows after a slash: `f1g1/j1f1`. On input the UCI
//!   Chess960 form, king onto its own partner (`e1h1`), is accepted too.
//! - A move that triggers a chance event records the drawn cell after `@`: `d2d4@e5`.
//! - A drop from the hand is the piece's upper-case letter, `@` and the cell, as UCI writes
//!   it for either side: `P@e4`.
//! - Gating adds the gated piece's letter in lower case, after any promotion: `b1c3h`,
//!   castling `e1g1h`; a castling gate on the partner's cell is written from the partner's
//!   cell to the king's, `h1e1h`, as Fairy-Stockfish writes it.
//! - In a game with walls the move ends with its wall: a comma, the arrival cell and the
//!   wall's cell, `e2e4,e4h5`, as Fairy-Stockfish writes it; the wall's cell alone is
//!   read too (`e2e4,h5`). A pass has no wall.
//! - A two-leg move is written leg by leg, as XBoard writes the Chu Shogi lion's: `e5f6,f6g7`
//!   (with any promotion after the second leg); back to its origin it captured without
//!   moving, `e5f6,f6e5`. A pass by a step out and back is the piece onto its own cell,
//!   `e5e5`; the legs through an empty cell (`e5f6,f6e5`) read too.

use crate::engine::{Move, MoveKind, Outcome, Position};
use crate::rules::{Color, Ruleset};
use crate::types::bitboard::Cell;
use crate::types::letter;

/// A move text that cannot be read or is not legal here, with the reason.
///
/// See the examples of [`crate::Game::play`] and [`crate::Game::push_san`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not move text.
    #[error("`{text}` is not a move: {reason}")]
    Malformed {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text reads as several legal moves.
    #[error("`{text}` is ambiguous: it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text given.
        text: String,
        /// The moves it could be, each written so that it reads as that move alone, sorted.
        candidates: Vec<String>,
    },
    /// The text is a move, but not a legal one in this position.
    #[error("`{text}` is not legal here: {reason}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why, as far as can be told.
        reason: String,
    },
    /// The game has ended ([`crate::Game::outcome`]): no move is legal.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The text is longer than [`crate::Limits::move_text_bytes`]; it was not read.
    #[error(transparent)]
    Limit(crate::types::limits::LimitExceeded),
}

struct Parsed {
    from: Cell,
    to: Cell,
    /// Written with `x` between the squares: the capture, where a quiet move has the same
    /// squares (see [`Ruleset::capture_marked`]).
    capture: bool,
    promotion: Option<char>,
    partner: Option<(Cell, Cell)>,
}

impl Ruleset {
    /// The text of a move (see the module documentation for the forms): origin and
    /// destination (`e2e4`), a promotion's lower-case letter (`e7e8q`), a drop `P@e4`, a
    /// chance outcome after `@`. [`Ruleset::parse_move`] reads it back. See the examples of
    /// [`Ruleset::san`] and [`Ruleset::chance_cells`].
    pub fn move_text(&self, m: Move) -> String {
        if m.kind == MoveKind::Drop {
            // A piece dropped turned over is written as what it becomes.
            let placed = m.promotion.unwrap_or(m.piece.kind());
            let mut s = format!(
                "{}@{}",
                self.pieces[placed.index()].letter,
                self.topology.name(m.to)
            );
            if let Some(cell) = m.outcome {
                s.push('@');
                s.push_str(&self.topology.name(cell));
            }
            return s;
        }
        if let Some(text) = self.container_move_text(m) {
            return text;
        }
        if let Some(text) = self.layer_move_text(m) {
            return text;
        }
        let t = &self.topology;
        let mark = if self.capture_marked(m) { "x" } else { "" };
        let mut s = match (m.gate, m.kind) {
            // Castling gating on the partner's cell, as Fairy-Stockfish writes it: the
            // partner's cell, then the king's (`h1e1h`).
            (Some(g), _) if g.cell != m.from => format!("{}{}", t.name(g.cell), t.name(m.from)),
            // A pass, as Fairy-Stockfish and HaChu write one: the piece onto its own cell.
            (_, MoveKind::TwoLegs { taken: None, .. }) if m.to == m.from => {
                format!("{}{}", t.name(m.from), t.name(m.from))
            }
            (_, MoveKind::TwoLegs { via, .. }) => {
                let via = t.name(via);
                format!("{}{via},{via}{}", t.name(m.from), t.name(m.to))
            }
            _ => format!("{}{mark}{}", t.name(m.from), t.name(m.to)),
        };
        if let Some(k) = m.promotion {
            s.push(letter::lower(self.pieces[k.index()].letter));
        }
        if let Some(g) = m.gate {
            s.push(letter::lower(self.pieces[g.kind.index()].letter));
        }
        if let MoveKind::Castle {
            partner_from,
            partner_to,
        } = m.kind
        {
            if self.king_could_step(m.from, m.to) {
                s.push_str(&format!("/{}{}", t.name(partner_from), t.name(partner_to)));
            }
        }
        if let Some(cell) = m.wall {
            s.push(',');
            s.push_str(&t.name(m.to));
            s.push_str(&t.name(cell));
        }
        if let Some(cell) = m.outcome {
            s.push('@');
            s.push_str(&t.name(cell));
        }
        s
    }

    /// Whether the move is written with `x` between its squares: an en passant capture by a
    /// piece that could also move there without capturing (a pawn moving as a queen), which
    /// without it would share its text with that quiet move.
    fn capture_marked(&self, m: Move) -> bool {
        matches!(m.kind, MoveKind::EnPassant { .. })
            && self.could_move_quietly(m.piece.kind(), m.piece.color(), m.from, m.to)
    }

    /// Whether the castling king could, by its own movement on an empty board, go from
    /// `from` to `to`; then castling there needs the long form.
    fn king_could_step(&self, from: Cell, to: Cell) -> bool {
        let Some(c) = &self.castling else {
            return false;
        };
        Color::BOTH
            .into_iter()
            .any(|color| self.could_move(c.king, color, from, to))
    }

    /// Reads a move and checks it is legal in `pos`. A drawn cell after `@` must be one the
    /// move's chance event can draw; without it the move comes back with no outcome (see
    /// [`crate::Game::play`], which draws one).
    ///
    /// ```
    /// let falcon = fairy_rules::Variant::from_file("variants/falcon-chess.yaml")?;
    /// let pos = falcon.parse_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1")?;
    /// let castle = falcon.parse_move(&pos, "f1g1/j1f1")?; // free castling, one square
    /// assert_eq!(falcon.move_text(castle), "f1g1/j1f1");
    /// assert!(falcon.parse_move(&pos, "f1f3").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MoveError::Malformed`] when the text is not move text (naming the bad part), and
    /// [`MoveError::Illegal`] when no legal move matches (saying what stands in the way);
    /// [`MoveError::Limit`] for a text longer than [`crate::Limits::move_text_bytes`].
    pub fn parse_move(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        crate::types::limits::LimitExceeded::check(
            crate::types::limits::Limit::MoveTextBytes,
            &self.limits,
            text.len(),
        )
        .map_err(MoveError::Limit)?;
        if self.containers.is_some() {
            return self.parse_container_move(pos, text);
        }
        // Spaces carry no meaning here (`e2 - e4`, as a record may split it).
        let compact: String = text.split_whitespace().collect();
        let text = compact.as_str();
        if self.layers.is_some() {
            if let Some(result) = self.parse_layer_move(pos, text) {
                return result;
            }
        }
        let (text, outcome) = match self.drop_prefix(text) {
            Some(n) => match text[n..].split_once('@') {
                Some((m, cell)) => (&text[..n + m.len()], Some(cell)),
                None => (text, None),
            },
            None => match text.split_once('@') {
                Some((m, cell)) => (m, Some(cell)),
                None => (text, None),
            },
        };
        let (text, wall) = match text.split_once(',') {
            Some((m, wall)) if self.walls.is_some() => (m, Some(wall)),
            _ => (text, None),
        };
        let m = match self.drop_prefix(text) {
            Some(n) => self.parse_drop(pos, text, n)?,
            None => {
                let legal = self.legal_moves(pos);
                match text.split_once(',') {
                    Some(legs) if self.walls.is_none() => {
                        self.parse_two_legs(pos, text, legs, &legal)?
                    }
                    _ => {
                        let m = self.parse_choice(pos, text, &legal)?;
                        self.with_wall(m, text, wall, &legal)?
                    }
                }
            }
        };
        let Some(cell) = outcome else { return Ok(m) };
        let illegal = |reason: String| MoveError::Illegal {
            text: format!("{text}@{cell}"),
            reason,
        };
        let drawable = self.chance_cells(pos, m);
        if drawable.is_empty() {
            return Err(illegal("the move triggers no chance event".into()));
        }
        match self.topology.parse_cell(cell) {
            Some(c) if drawable.has(c) => Ok(m.with_outcome(c)),
            _ => Err(illegal(format!(
                "`{cell}` is not a cell the chance event can draw"
            ))),
        }
    }

    /// Reads the two-leg move `text`, split at its comma into `legs` (`e5f6,f6g7`), among
    /// the `legal` moves. A pass (back to the origin, nothing taken) may name any empty cell.
    fn parse_two_legs(
        &self,
        pos: &Position,
        text: &str,
        (first, second): (&str, &str),
        legal: &[Move],
    ) -> Result<Move, MoveError> {
        let t = &self.topology;
        let one = self.parse_syntax(first)?;
        let two = self.parse_syntax(second)?;
        if one.promotion.is_some() || one.partner.is_some() || two.partner.is_some() {
            return Err(MoveError::Malformed {
                text: text.into(),
                reason: "each leg is an origin and a destination; a promotion follows the second"
                    .into(),
            });
        }
        if two.from != one.to {
            return Err(MoveError::Malformed {
                text: text.into(),
                reason: format!(
                    "the second leg starts on {}, not on {} where the first ends",
                    t.name(two.from),
                    t.name(one.to)
                ),
            });
        }
        let promotion = |m: &Move| match (m.promotion, two.promotion) {
            (None, None) => true,
            (Some(k), Some(c)) => self.pieces[k.index()].letter == letter::upper(c),
            _ => false,
        };
        let leg = |exact: bool| {
            legal.iter().copied().find(|m| match m.kind {
                MoveKind::TwoLegs { via, taken } => {
                    m.from == one.from
                        && m.to == two.to
                        && promotion(m)
                        && (via == one.to || (!exact && taken.is_none() && m.to == m.from))
                }
                _ => false,
            })
        };
        // A pass is listed by one of its empty cells; any other empty one names it too.
        leg(true)
            .or_else(|| leg(pos.piece_at(one.to).is_some()))
            .ok_or_else(|| MoveError::Illegal {
                text: text.into(),
                reason: format!(
                    "no legal move goes from {} by way of {} to {}",
                    t.name(one.from),
                    t.name(one.to),
                    t.name(two.to)
                ),
            })
    }

    /// In a game with walls, the move `m` (read from `text`, without its wall) with the wall
    /// written after its comma (`e4h5` or `h5`), when one of the `legal` moves; `m` itself
    /// elsewhere.
    fn with_wall(
        &self,
        m: Move,
        text: &str,
        wall: Option<&str>,
        legal: &[Move],
    ) -> Result<Move, MoveError> {
        if self.walls.is_none() {
            return Ok(m);
        }
        if m.kind == MoveKind::Pass {
            return match wall {
                Some(w) => Err(MoveError::Malformed {
                    text: format!("{text},{w}"),
                    reason: "a pass places no wall".into(),
                }),
                None => Ok(m),
            };
        }
        let t = &self.topology;
        let Some(w) = wall else {
            return Err(MoveError::Malformed {
                text: text.into(),
                reason: format!(
                    "a move here ends by placing a wall: add it, as in `{text},{}h5`",
                    t.name(m.to)
                ),
            });
        };
        let full = format!("{text},{w}");
        let cell = match t.parse_cell(w) {
            Some(cell) => cell,
            None => {
                let (at, cell, _) =
                    self.squares(w, false)
                        .map_err(|reason| MoveError::Malformed {
                            text: full.clone(),
                            reason,
                        })?;
                if at != m.to {
                    return Err(MoveError::Malformed {
                        text: full,
                        reason: format!(
                            "the wall is written from the arrival cell {}, not {}",
                            t.name(m.to),
                            t.name(at)
                        ),
                    });
                }
                cell
            }
        };
        legal
            .iter()
            .copied()
            .find(|&l| {
                l == Move {
                    wall: Some(cell),
                    ..m
                }
            })
            .ok_or_else(|| MoveError::Illegal {
                text: full,
                reason: format!("its wall may not go on {}", t.name(cell)),
            })
    }

    /// In a game with pieces in hand, the length of a drop's `P@` when `text` starts with one.
    fn drop_prefix(&self, text: &str) -> Option<usize> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        (self.hand.is_some() && letter.is_alphabetic() && chars.next() == Some('@'))
            .then_some(letter.len_utf8() + 1)
    }

    /// Reads the drop `P@e4` (`n`: the length of `P@`), of the side to move.
    fn parse_drop(&self, pos: &Position, text: &str, n: usize) -> Result<Move, MoveError> {
        let malformed = |reason: String| MoveError::Malformed {
            text: text.to_string(),
            reason,
        };
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_string(),
            reason,
        };
        let letter = text.chars().next().unwrap_or('?');
        let kind = self
            .kind_of_letter(letter)
            .ok_or_else(|| malformed(format!("no piece has the letter `{letter}`")))?;
        let to = self
            .topology
            .parse_cell(&text[n..])
            .ok_or_else(|| malformed(format!("`{}` is not a cell of the board", &text[n..])))?;
        let piece = crate::types::piece::Piece::new(kind, pos.side_to_move());
        // The piece as held, or a held piece dropped turned over into `kind`.
        if let Some(m) = self.legal_moves(pos).into_iter().find(|m| {
            m.kind == MoveKind::Drop && m.to == to && m.promotion.unwrap_or(m.piece.kind()) == kind
        }) {
            return Ok(m);
        }
        let name = &self.pieces[kind.index()].name;
        Err(illegal(if pos.in_hand(piece) == 0 {
            format!("{} holds no {name} in hand", pos.side_to_move().name())
        } else if self.pieces[kind.index()].drop.is_none() {
            format!("a {name} is never dropped")
        } else if pos.piece_at(to).is_some() {
            format!("{} is not empty", self.topology.name(to))
        } else {
            format!(
                "a {name} may not be dropped on {} here",
                self.topology.name(to)
            )
        }))
    }

    /// Reads a move as the player chooses it (without a chance outcome) among the `legal`
    /// moves of `pos`; in a game with walls, without its wall.
    fn parse_choice(&self, pos: &Position, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let unwalled: Vec<Move>;
        let legal = if self.walls.is_some() {
            // The walls of one move come one after another.
            let mut moves: Vec<Move> = legal.iter().map(|&m| Move { wall: None, ..m }).collect();
            moves.dedup();
            unwalled = moves;
            &unwalled[..]
        } else {
            legal
        };
        // A gated move, as `move_text` writes it (`b1c3h`, `e1g1h`, `h1e1h`).
        if let Some(m) = legal
            .iter()
            .find(|m| m.gate.is_some() && self.move_text(**m) == text)
        {
            return Ok(*m);
        }
        let p = self.parse_syntax(text)?;
        let matches_promotion = |m: &Move| match (m.promotion, p.promotion) {
            (None, None) => true,
            (Some(k), Some(c)) => self.pieces[k.index()].letter == letter::upper(c),
            _ => false,
        };
        let found = match p.partner {
            Some((pf, pt)) => legal.iter().find(|m| {
                m.from == p.from
                    && m.to == p.to
                    && m.gate.is_none()
                    && m.kind == MoveKind::Castle { partner_from: pf, partner_to: pt }
            }),
            None => legal
                .iter()
                .find(|m| {
                    m.from == p.from
                        && m.to == p.to
                        && m.gate.is_none()
                        && !matches!(m.kind, MoveKind::Castle { .. })
                        // A two-leg move is written leg by leg, except a pass.
                        && !matches!(m.kind, MoveKind::TwoLegs { .. } if m.from != m.to || m.is_capture())
                        && matches_promotion(m)
                        && self.capture_marked(**m) == p.capture
                })
                .map_or_else(
                    || {
                        // The short castling forms: the king's destination, or (UCI Chess960)
                        // the king onto its partner, which free castling makes ambiguous.
                        let castles: Vec<&Move> = legal
                            .iter()
                            .filter(|m| {
                                m.from == p.from
                                    && p.promotion.is_none()
                                    && m.gate.is_none()
                                    && matches!(m.kind, MoveKind::Castle { partner_from, .. }
                                        if (m.to == p.to && !self.king_could_step(m.from, m.to)) || partner_from == p.to)
                            })
                            .collect();
                        if castles.len() > 1 {
                            let mut candidates: Vec<String> = castles.iter().map(|&&m| self.move_text(m)).collect();
                            candidates.sort();
                            return Err(MoveError::Ambiguous { text: text.to_string(), candidates });
                        }
                        Ok(castles.first().copied())
                    },
                    |m| Ok(Some(m)),
                )?,
        };
        found.copied().ok_or_else(|| MoveError::Illegal {
            text: text.to_string(),
            reason: self.why_illegal(pos, &p, legal),
        })
    }

    fn parse_syntax(&self, text: &str) -> Result<Parsed, MoveError> {
        let malformed = |reason: String| MoveError::Malformed {
            text: text.to_string(),
            reason,
        };
        let (main, partner) = match text.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (text, None),
        };
        let (main, capture) = strip_capture_mark(main);
        let (from, to, promotion) = self.squares(&main, true).map_err(malformed)?;
        let partner = match partner {
            Some(pt) => {
                let (a, b, promo) = self.squares(pt, false).map_err(malformed)?;
                debug_assert!(promo.is_none());
                Some((a, b))
            }
            None => None,
        };
        Ok(Parsed {
            from,
            to,
            capture,
            promotion,
            partner,
        })
    }

    /// Splits `e2e4`, `e2-e4`, `e7e8q` into cells and an optional promotion letter.
    fn squares(
        &self,
        text: &str,
        allow_promotion: bool,
    ) -> Result<(Cell, Cell, Option<char>), String> {
        let mut names = Vec::new();
        let mut rest = text;
        while !rest.is_empty() && names.len() < 2 {
            rest = rest.strip_prefix('-').unwrap_or(rest);
            let letter = rest
                .chars()
                .next()
                .filter(char::is_ascii_lowercase)
                .ok_or_else(|| format!("expected a square such as `e4` at `{rest}`"))?;
            let digits = rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len() - 1, |i| i);
            if digits == 0 {
                return Err(format!("`{letter}` is not followed by a rank number"));
            }
            let name = &rest[..1 + digits];
            let cell = self
                .topology
                .parse_cell(name)
                .ok_or_else(|| format!("{name} is not a square of this board"))?;
            names.push(cell);
            rest = &rest[1 + digits..];
        }
        if names.len() < 2 {
            return Err("a move needs an origin and a destination square".into());
        }
        let promotion = match rest.chars().collect::<Vec<_>>()[..] {
            [] => None,
            [c] if allow_promotion && c.is_alphabetic() => {
                if self.kind_of_letter(c).is_none() {
                    return Err(format!("no piece has the letter `{c}`"));
                }
                Some(c)
            }
            _ => return Err(format!("unexpected `{rest}` after the squares")),
        };
        Ok((names[0], names[1], promotion))
    }

    fn why_illegal(&self, pos: &Position, p: &Parsed, legal: &[Move]) -> String {
        let t = &self.topology;
        let Some(piece) = pos.piece_at(p.from) else {
            return format!("{} is empty", t.name(p.from));
        };
        if p.partner.is_some() {
            return format!(
                "the {} on {} cannot castle that way",
                self.pieces[piece.kind().index()].name,
                t.name(p.from)
            );
        }
        if piece.color() != pos.side_to_move() {
            return format!(
                "the piece on {} is not {}'s",
                t.name(p.from),
                pos.side_to_move().name()
            );
        }
        let same: Vec<&Move> = legal
            .iter()
            .filter(|m| m.from == p.from && m.to == p.to)
            .collect();
        if let Some(m) = same.first() {
            if p.promotion.is_none() && m.promotion.is_some() {
                let choices: Vec<String> = same
                    .iter()
                    .filter_map(|m| m.promotion)
                    .map(|k| letter::lower(self.pieces[k.index()].letter).to_string())
                    .collect();
                return format!("the move promotes; add one of {}", choices.join(", "));
            }
            return "that promotion is not allowed".into();
        }
        if legal.iter().any(|m| m.from == p.from) {
            format!(
                "the {} on {} cannot go to {}",
                self.pieces[piece.kind().index()].name,
                t.name(p.from),
                t.name(p.to)
            )
        } else {
            format!(
                "the {} on {} has no legal move",
                self.pieces[piece.kind().index()].name,
                t.name(p.from)
            )
        }
    }
}

/// `g4xf3` as `g4f3` and whether it had the `x`: one after the first square's rank number and
/// before a file letter (so `a1x5`, a move to the file `x`, keeps it).
fn strip_capture_mark(text: &str) -> (String, bool) {
    let first_end = text.find(|c: char| c.is_ascii_digit()).map(|d| {
        d + text[d..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len() - d)
    });
    match first_end {
        Some(e)
            if text[e..].starts_with('x')
                && text[e + 1..].starts_with(|c: char| c.is_ascii_lowercase()) =>
        {
            (format!("{}{}", &text[..e], &text[e + 1..]), true)
        }
        _ => (text.to_string(), false),
    }
}
