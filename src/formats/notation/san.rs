//! Standard Algebraic Notation, as the PGN standard (1994, section 8.2.3) defines it for
//! chess, generated from the variant's own letters, and read leniently.
//!
//! - A piece move is the piece's letter, the least disambiguation (the origin's file, else
//!   its rank, else both), `x` for a capture, the destination, `=Q` for a promotion, and `+`
//!   for check or `#` for a move that wins the game, by checkmate or by the variant's rules
//!   (a third check, the king on the hill), as python-chess writes it: `Nbd7`, `Qxe5+`,
//!   `exd6`, `e8=Q#`, `Ke4#`. The piece lettered
//!   `P` is written without its letter, and its captures with the origin's file.
//! - Castling is `O-O` toward the higher files and `O-O-O` toward file a, whatever the
//!   board's width (as Fairy-Stockfish writes Capablanca's). Where the king may stop on
//!   several squares (free castling) the king's destination follows after a colon:
//!   `O-O:g1`.
//! - In a game with walls, the wall's cell follows after a comma: `e4,h5`, `Qd7,g7`.
//! - The moves chess has no notation for (a ship sailing with its crew, crewmen changing
//!   ship, a dive, a mine planted, a shot) are written in the engine's move text
//!   ([`Ruleset::move_text`]), which every reader of this module accepts.
//!
//! On input, the reader takes what players write: no `x` or a `:` for it, no `+` or `#`,
//! annotations (`!`, `?`), `0-0`, a promotion without `=` (`e8Q`), over-disambiguation
//! (`Ngf3`), a lower-case piece letter where no pawn move reads the same, and the engine's
//! move text (`e2e4`).

use crate::engine::{Move, MoveKind, Outcome, Position};
use crate::rules::{Color, Ruleset};
use crate::types::bitboard::Cell;
use crate::types::letter;

use super::MoveError;

/// The letter written for no piece: SAN's pawn.
const PAWN: char = 'P';

impl Ruleset {
    /// The SAN of `m`, a legal move in `pos` (see the module documentation): the piece's
    /// letter (none for the pawn), the origin's file or rank or both when another piece of
    /// the kind could go there too, `x` for a capture, the destination, `=` and the new
    /// piece's letter for a promotion, `+` or `#`.
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let start = chess.start_position();
    /// let nf3 = chess.read_move(&start, "Nf3")?;
    /// assert_eq!(chess.san(&start, nf3), "Nf3");
    /// assert_eq!(chess.move_text(nf3), "g1f3");
    /// assert_eq!(chess.read_move(&start, "g1f3")?, nf3); // the engine's text reads too
    ///
    /// let pos = chess.parse_fen("8/4P2k/8/8/8/8/8/4K3 w - - 0 1")?;
    /// let queen = chess.read_move(&pos, "e8=Q")?;
    /// assert_eq!((chess.san(&pos, queen).as_str(), chess.move_text(queen).as_str()), ("e8=Q", "e7e8q"));
    /// assert!(chess.read_move(&pos, "e8=K").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san(&self, pos: &Position, m: Move) -> String {
        let body = self.san_core(m, &self.legal_moves(pos));
        let after = self.play_unchecked(pos, m);
        // A move that decides the game, by checkmate or by a rule of the variant (a king
        // exploded, a third check, the hill reached), is marked as python-chess marks it.
        let suffix = match self.outcome(&after) {
            Some(Outcome::Win { .. }) => "#",
            _ if self.in_check(&after) => "+",
            _ => "",
        };
        body + suffix
    }

    /// The SAN of `m` among the `legal` moves, without its check mark.
    fn san_core(&self, m: Move, legal: &[Move]) -> String {
        let mut s = match m.kind {
            MoveKind::Normal | MoveKind::EnPassant { .. } => self.san_body(m, legal),
            MoveKind::Castle { .. } => self.castle_text(m, legal),
            MoveKind::TwoLegs { via, taken } => self.two_legs_text(m, via, taken.is_some()),
            _ => return self.move_text(Move { outcome: None, ..m }),
        };
        // A gated piece: `Nc3/H`, or on a castling partner's cell `O-O/Hh1`.
        if let Some(g) = m.gate {
            s.push('/');
            s.push(self.pieces[g.kind.index()].letter);
            if g.cell != m.from {
                s.push_str(&self.topology.name(g.cell));
            }
        }
        // The wall: `e4,h5`, as Fairy-Stockfish writes it.
        if let Some(cell) = m.wall {
            s.push(',');
            s.push_str(&self.topology.name(cell));
        }
        s
    }

    /// A piece move without its check mark.
    fn san_body(&self, m: Move, legal: &[Move]) -> String {
        let t = &self.topology;
        let letter = self.pieces[m.piece.kind().index()].letter;
        let from = t.name(m.from);
        let (file, rank) = split_name(&from);
        let rivals: Vec<&Move> = legal
            .iter()
            .filter(|o| {
                o.piece == m.piece
                    && o.to == m.to
                    && o.from != m.from
                    // A drop is written `Q@d2`: no board move is mistaken for it.
                    && !matches!(o.kind, MoveKind::Castle { .. } | MoveKind::Drop)
            })
            .collect();
        let same_file = rivals.iter().any(|o| split_name(&t.name(o.from)).0 == file);
        let same_rank = rivals.iter().any(|o| split_name(&t.name(o.from)).1 == rank);
        let capture = m.captured.is_some();
        let mut s = String::new();
        if letter == PAWN {
            if capture || !rivals.is_empty() {
                s.push_str(file);
            }
            if same_file {
                s.push_str(rank);
            }
        } else {
            s.push(letter);
            if !rivals.is_empty() {
                if !same_file {
                    s.push_str(file);
                } else if !same_rank {
                    s.push_str(rank);
                } else {
                    s.push_str(file);
                    s.push_str(rank);
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&t.name(m.to));
        if let Some(k) = m.promotion {
            s.push('=');
            s.push(self.pieces[k.index()].letter);
        }
        s
    }

    /// A two-leg move, leg by leg with its origin: `Le5xf6xg7` (two captures), `Le5xf6-e5`
    /// (a capture without moving), `Le5-f6-e5` (a pass). The origin is always written: the
    /// first leg's cell does not name it.
    fn two_legs_text(&self, m: Move, via: Cell, takes: bool) -> String {
        let t = &self.topology;
        let mark = |capture: bool| if capture { 'x' } else { '-' };
        let mut s = format!(
            "{}{}{}{}{}{}",
            self.pieces[m.piece.kind().index()].letter,
            t.name(m.from),
            mark(takes),
            t.name(via),
            mark(m.captured.is_some()),
            t.name(m.to)
        );
        if let Some(k) = m.promotion {
            s.push('=');
            s.push(self.pieces[k.index()].letter);
        }
        s
    }

    /// `O-O` or `O-O-O`, with the king's destination when it has a choice.
    fn castle_text(&self, m: Move, legal: &[Move]) -> String {
        let t = &self.topology;
        let east = |o: &Move| t.coords(o.to).0 > t.coords(o.from).0;
        let mut s = if east(&m) { "O-O" } else { "O-O-O" }.to_string();
        let choices = legal
            .iter()
            .filter(|o| matches!(o.kind, MoveKind::Castle { .. }) && east(o) == east(&m))
            .count();
        if choices > 1 {
            s.push(':');
            s.push_str(&t.name(m.to));
        }
        s
    }

    /// Reads a move written in SAN, as players write it, or in the engine's move text (see
    /// the module documentation).
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let start = chess.start_position();
    /// for text in ["Nf3", "Ng1f3", "nf3", "N-f3", "g1f3"] {
    ///     assert_eq!(chess.move_text(chess.parse_san(&start, text)?), "g1f3");
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`MoveError::Illegal`] when no legal move reads so, or several do (naming them);
    /// [`MoveError::Malformed`] when the text is neither SAN nor move text.
    pub fn parse_san(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        crate::types::limits::LimitExceeded::check(
            crate::types::limits::Limit::MoveTextBytes,
            &self.limits,
            text.len(),
        )
        .map_err(MoveError::Limit)?;
        // A chance event's drawn cell after `@`, as in the engine's text (elsewhere `@` is a
        // drop's).
        if let Some((body, cell)) = text
            .trim()
            .rsplit_once('@')
            .filter(|_| self.chance.is_some())
        {
            if let Some(cell) = self.topology.parse_cell(cell) {
                return self.parse_san(pos, body).map(|m| m.with_outcome(cell));
            }
        }
        let legal = self.legal_moves(pos);
        if self.walls.is_some() {
            return self.parse_walled_san(pos, text, &legal);
        }
        self.parse_san_among(pos, text, &legal)
    }

    /// Reads the SAN of a move with its wall after a comma, `e4,h5` (the engine's `e2e4,e4h5`
    /// too): the move is read among the legal moves with that wall.
    fn parse_walled_san(
        &self,
        pos: &Position,
        text: &str,
        legal: &[Move],
    ) -> Result<Move, MoveError> {
        let core = text.trim().trim_end_matches(['+', '#', '!', '?']);
        let malformed = |reason: &str| MoveError::Malformed {
            text: text.into(),
            reason: reason.into(),
        };
        let (body, wall) = core.rsplit_once(',').ok_or_else(|| {
            malformed("a move here ends by placing a wall: add it, as in `e4,h5`")
        })?;
        // The wall's cell ends the text; the engine's text names the arrival cell before it.
        let cell = (1..=wall.len().min(6))
            .rev()
            .find_map(|n| self.topology.parse_cell(wall.get(wall.len() - n..)?))
            .ok_or_else(|| malformed("the wall's cell is missing after the comma"))?;
        let unwalled: Vec<Move> = legal
            .iter()
            .filter(|m| m.wall == Some(cell))
            .map(|&m| Move { wall: None, ..m })
            .collect();
        match self.parse_san_among(pos, body, &unwalled) {
            Ok(m) => Ok(Move {
                wall: Some(cell),
                ..m
            }),
            // The engine's text, which SAN's reading does not cover for a piece move.
            Err(e) => self.parse_move(pos, text.trim()).map_err(|_| match e {
                MoveError::Illegal { reason, .. } => MoveError::Illegal {
                    text: text.into(),
                    reason: format!("{reason} (with the wall on {})", self.topology.name(cell)),
                },
                other => other,
            }),
        }
    }

    /// [`Ruleset::parse_san`] among the given `legal` moves of `pos`.
    fn parse_san_among(
        &self,
        pos: &Position,
        text: &str,
        legal: &[Move],
    ) -> Result<Move, MoveError> {
        let core = text
            .trim()
            .trim_end_matches(['+', '#', '!', '?'])
            .trim_end_matches("e.p.")
            .trim_end();
        // Written exactly as this module writes it.
        if let Some(&m) = legal.iter().find(|&&m| self.san_core(m, legal) == core) {
            return Ok(m);
        }
        let castle = core.replace('0', "O");
        if castle.starts_with("O-O") {
            return self.read_castle(&castle, legal, text);
        }
        let found = self.read_piece_move(core, legal);
        match found.as_slice() {
            [m] => Ok(*m),
            [] => self.parse_move(pos, text.trim()).map_err(|e| match e {
                MoveError::Malformed { .. } => MoveError::Illegal {
                    text: text.into(),
                    reason: "no legal move reads so".into(),
                },
                other => other,
            }),
            several => {
                let mut candidates: Vec<String> =
                    several.iter().map(|&m| self.san(pos, m)).collect();
                candidates.sort();
                Err(MoveError::Ambiguous {
                    text: text.into(),
                    candidates,
                })
            }
        }
    }

    /// Reads a move in whatever form a record may hold it: SAN and the engine's move text
    /// ([`Ruleset::parse_san`]), else the variant's own notation (its `notation:` section,
    /// [`Ruleset::parse_notation`]). SAN comes first because it is exact where a notation
    /// reads leniently (letter case aside): a text that both read, as the engine's text of a
    /// crewman taking one of his own side, means what SAN says. A notation text SAN reads as
    /// several moves (a captured letter of either colour) goes on to the notation. See the
    /// example of [`Ruleset::san`].
    ///
    /// # Errors
    /// When no form reads the text: the [`MoveError`] of the variant's notation if it has
    /// one, else that of SAN.
    pub fn read_move(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        match self.parse_san(pos, text) {
            Ok(m) => Ok(m),
            Err(e) if self.notation.is_none() => Err(e),
            Err(_) => self.parse_notation(pos, text),
        }
    }

    fn read_castle(&self, text: &str, legal: &[Move], original: &str) -> Result<Move, MoveError> {
        let t = &self.topology;
        let (side, dest) = match text.split_once(':') {
            Some((side, dest)) => (side, t.parse_cell(dest)),
            None => (text, None),
        };
        let east = match side {
            "O-O" => true,
            "O-O-O" => false,
            _ => {
                return Err(MoveError::Malformed {
                    text: original.into(),
                    reason: "castling is O-O or O-O-O".into(),
                })
            }
        };
        let castles: Vec<&Move> = legal
            .iter()
            .filter(|m| matches!(m.kind, MoveKind::Castle { .. }))
            .filter(|m| (t.coords(m.to).0 > t.coords(m.from).0) == east)
            .filter(|m| dest.is_none_or(|d| m.to == d))
            .collect();
        match castles.as_slice() {
            [m] => Ok(**m),
            [] => Err(MoveError::Illegal {
                text: original.into(),
                reason: "castling that way is not legal here".into(),
            }),
            // The king may stop on several cells: the one meant follows a colon.
            _ => Err(MoveError::Ambiguous {
                text: original.into(),
                candidates: castles
                    .iter()
                    .map(|m| format!("{side}:{}", t.name(m.to)))
                    .collect(),
            }),
        }
    }

    /// The legal moves a piece move's SAN could mean, read leniently.
    fn read_piece_move(&self, text: &str, legal: &[Move]) -> Vec<Move> {
        let t = &self.topology;
        // The promotion: `=Q`, or a letter straight after the destination.
        let (rest, promotion) = match text.rsplit_once('=') {
            Some((rest, p)) => (rest, p.chars().next()),
            None => match text.chars().last() {
                Some(c) if c.is_alphabetic() && text.len() > 2 => {
                    let before = &text[..text.len() - c.len_utf8()];
                    match before.chars().last() {
                        Some(d) if d.is_ascii_digit() => (before, Some(c)),
                        _ => (text, None),
                    }
                }
                _ => (text, None),
            },
        };
        // The destination: the longest ending that names a cell.
        let Some((to, prefix)) = (1..=rest.len().min(6)).rev().find_map(|n| {
            let split = rest.len().checked_sub(n)?;
            let cell = t.parse_cell(rest.get(split..)?)?;
            Some((cell, &rest[..split]))
        }) else {
            return Vec::new();
        };
        let prefix: String = prefix.chars().filter(|c| !"x:-".contains(*c)).collect();
        let promotion = promotion.and_then(|c| self.kind_of_letter(c));
        let mut found: Vec<Move> = Vec::new();
        let mut readings = vec![(PAWN, prefix.as_str())];
        let first = prefix.chars().next();
        if let Some((up, color)) = first.and_then(letter::read) {
            let hint = &prefix[first.map_or(0, char::len_utf8)..];
            if color == Color::White {
                readings = vec![(up, hint)];
            } else {
                readings.push((up, hint));
            }
        }
        for (letter, hint) in readings {
            let (file, rank) = split_name(hint);
            let matching: Vec<Move> = legal
                .iter()
                .filter(|m| {
                    let name = t.name(m.from);
                    let (from_file, from_rank) = split_name(&name);
                    m.to == to
                        && !matches!(m.kind, MoveKind::Castle { .. })
                        && self.pieces[m.piece.kind().index()].letter == letter
                        && (file.is_empty() || file == from_file)
                        && (rank.is_empty() || rank == from_rank)
                        && (promotion.is_none() || m.promotion == promotion)
                })
                .copied()
                .collect();
            // A promotion left unwritten is not guessed.
            let matching: Vec<Move> = if promotion.is_none() && matching.len() > 1 {
                let plain: Vec<Move> = matching
                    .iter()
                    .copied()
                    .filter(|m| m.promotion.is_none())
                    .collect();
                if plain.is_empty() {
                    matching
                } else {
                    plain
                }
            } else {
                matching
            };
            // The pawn reading wins over a lower-case piece letter.
            if !matching.is_empty() {
                found = matching;
                break;
            }
        }
        found
    }
}

/// A cell's name split into its file letters and its rank digits: `b10` is `("b", "10")`.
fn split_name(name: &str) -> (&str, &str) {
    let at = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    name.split_at(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_file_and_rank() {
        assert_eq!(split_name("b10"), ("b", "10"));
        assert_eq!(split_name("e"), ("e", ""));
        assert_eq!(split_name("4"), ("", "4"));
    }
}
