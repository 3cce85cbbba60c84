//! FEN generalised to any board: `placement side castling en-passant halfmove fullmove`.
//!
//! Placement digits count empty cells and may have several digits (`10`); missing squares
//! are not written. Castling uses `KQkq` for the outermost partner on each side of the king
//! and the partner's file letter (Shredder-FEN style, `Hh`) for any other. En passant lists the
//! target squares one after another (`e3`, or `c3c4` after a longer step), or `-`. A variant
//! with game parameters adds a seventh field giving their values, White's then Black's:
//! `dutchman=R/N,port=d8/e1`. A layer game writes layered cells in braces and adds a last field
//! of piece states (see `notation::layers`).

use crate::bitboard::Bitboard;
use crate::definition::RoyalRule;
use crate::rules::{Color, Ruleset};
use crate::Position;

use super::parse_placement;

/// A FEN that cannot be read, naming the field and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid FEN {field}: {message}")]
pub struct FenError {
    /// Which field: `placement`, `side to move`, `castling`, `en passant`, `halfmove clock`,
    /// `fullmove number`, or `text` for the whole.
    pub field: &'static str,
    /// What is wrong with it.
    pub message: String,
}

pub(super) fn err(field: &'static str, message: impl Into<String>) -> FenError {
    FenError {
        field,
        message: message.into(),
    }
}

impl Ruleset {
    /// Reads a position. The last four fields may be left out (`- - 0 1` is assumed).
    ///
    /// ```
    /// let falcon = fairy_rules::Variant::from_file("variants/falcon-chess.yaml")?;
    /// let fen = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
    /// let pos = falcon.parse_fen(fen)?;
    /// assert_eq!(falcon.fen(&pos), fen);
    /// assert_eq!(falcon.parse_fen("10/10 w").unwrap_err().field, "placement");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Pieces with first-move components count as unmoved when they stand where the start
    /// position has the same piece; castling pieces are unmoved as the castling field says.
    ///
    /// # Errors
    /// A [`FenError`] naming the field that is wrong: a rank of the wrong length, an unknown
    /// letter, a castling right without its pieces, an en passant square off the board.
    pub fn parse_fen(&self, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(err("text", "it is empty"));
        }
        let params_field = (!self.parameters.is_empty()).then_some(6);
        let state_field = self
            .layers
            .is_some()
            .then_some(6 + usize::from(params_field.is_some()));
        let most = 6 + usize::from(params_field.is_some()) + usize::from(state_field.is_some());
        if fields.len() > most {
            return Err(err(
                "text",
                format!("it has {} fields; at most {most}", fields.len()),
            ));
        }
        let z = &self.zobrist;
        let placement = parse_placement(
            &self.topology,
            |c| self.kind_of_letter(c),
            self.container_types(),
            self.marker_letters().as_deref(),
            fields[0],
        )
        .map_err(|(_, message, _)| err("placement", message))?;
        let mut pos = Position::empty();
        self.place(&mut pos, &placement);
        let side = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(err(
                    "side to move",
                    format!("`{other}` is neither `w` nor `b`"),
                ))
            }
        };
        pos.set_side(z, side);
        if let Some(i) = state_field {
            self.state_field(&mut pos, fields.get(i).copied().unwrap_or("-"))?;
        }
        if self.end.royal == RoyalRule::Checkmate && self.royal_attacked(&pos, side.opponent()) {
            return Err(err(
                "side to move",
                format!(
                    "{} is in check with {} to move",
                    side.opponent().name(),
                    side.name()
                ),
            ));
        }
        let unmoved = self.initial_unmoved(&pos)
            | self.castling_field(&pos, fields.get(2).copied().unwrap_or("-"))?;
        pos.set_unmoved(z, unmoved);
        let fourth = fields.get(3).copied().unwrap_or("-");
        if self.containers.is_some() {
            let ban = self.undo_ban_field(&pos, fourth)?;
            pos.set_undo_ban(z, ban);
        } else {
            let (targets, victim) = self.en_passant_field(&pos, fourth)?;
            pos.set_en_passant(z, targets, victim);
        }
        pos.halfmove_clock = match fields.get(4) {
            Some(s) => s
                .parse()
                .map_err(|_| err("halfmove clock", format!("`{s}` is not a number")))?,
            None => 0,
        };
        pos.fullmove =
            match fields.get(5) {
                Some(s) => s.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                    err("fullmove number", format!("`{s}` is not a positive number"))
                })?,
                None => 1,
            };
        if let Some(text) = params_field.and_then(|i| fields.get(i)) {
            self.set_parameters(&mut pos, text)
                .map_err(|e| err("parameters", e.reason))?;
        }
        Ok(pos)
    }

    /// Writes a position as FEN.
    pub fn fen(&self, pos: &Position) -> String {
        let topo = &self.topology;
        let mut out = String::new();
        for rank in (0..topo.height() as i32).rev() {
            let mut empty = 0;
            for file in 0..topo.width() as i32 {
                let Some(cell) = topo.cell(file, rank) else {
                    continue;
                };
                let text = match pos.piece_at(cell) {
                    _ if self.layers.is_some() => self.layer_cell_text(pos, cell),
                    Some(p) => self.letter(p).to_string(),
                    None => self.crew_text(pos.crew_at(cell)),
                };
                if text.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(&text);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if pos.side_to_move() == Color::White {
            " w "
        } else {
            " b "
        });
        let castling = self.castling_text(pos);
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        if let Some((from, to)) = pos.undo_ban {
            out.push_str(&topo.name(from));
            out.push_str(&topo.name(to));
        } else if pos.ep_targets.is_empty() {
            out.push('-');
        } else {
            for cell in pos.ep_targets {
                out.push_str(&topo.name(cell));
            }
        }
        out.push_str(&format!(" {} {}", pos.halfmove_clock, pos.fullmove));
        if !self.parameters.is_empty() {
            out.push(' ');
            out.push_str(&self.parameter_text(pos));
        }
        if self.layers.is_some() {
            out.push(' ');
            out.push_str(&self.state_text(pos));
        }
        out
    }

    /// Unmoved pieces implied by the placement: pieces with first-move components standing
    /// where the start position has the same piece (castling pieces excepted).
    fn initial_unmoved(&self, pos: &Position) -> Bitboard {
        let castling_kinds = self.castling_kinds();
        pos.occupied()
            .cells()
            .filter(|&cell| {
                let Some(p) = pos.piece_at(cell) else {
                    return false;
                };
                self.pieces[p.kind() as usize].has_initial
                    && castling_kinds >> p.kind() & 1 == 0
                    && self.start.piece_at(cell) == Some(p)
            })
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// The partners of the unmoved king on `king` along its rank toward `dir`, nearest first.
    fn partners_toward(&self, pos: &Position, king: u8, dir: i32) -> Vec<u8> {
        let Some(c) = &self.castling else {
            return Vec::new();
        };
        let color = pos.piece_at(king).expect("king").color();
        self.topology
            .ray(king, dir, 0)
            .filter(|&cell| {
                pos.piece_at(cell)
                    .is_some_and(|p| p.color() == color && c.partners >> p.kind() & 1 != 0)
            })
            .collect()
    }

    fn castling_field(&self, pos: &Position, field: &str) -> Result<Bitboard, FenError> {
        if field == "-" {
            return Ok(Bitboard::EMPTY);
        }
        let Some(c) = &self.castling else {
            return Err(err("castling", "this variant has no castling; write `-`"));
        };
        let mut unmoved = Bitboard::EMPTY;
        for ch in field.chars() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let kings = pos.pieces_of_kind(c.king, color);
            let Some(king) = kings.first().filter(|_| kings.count() == 1) else {
                return Err(err(
                    "castling",
                    format!("`{ch}` needs exactly one {} castling king", color.name()),
                ));
            };
            let partner = match ch.to_ascii_uppercase() {
                'K' => self.partners_toward(pos, king, 1).last().copied(),
                'Q' => self.partners_toward(pos, king, -1).last().copied(),
                f if f.is_ascii_uppercase() => {
                    let file = f as u8 - b'A';
                    let (_, rank) = self.topology.coords(king);
                    self.topology
                        .cell(file as i32, rank as i32)
                        .filter(|&cell| {
                            pos.piece_at(cell).is_some_and(|p| {
                                p.color() == color && c.partners >> p.kind() & 1 != 0
                            })
                        })
                }
                _ => return Err(err("castling", format!("`{ch}` is not a castling right"))),
            };
            let Some(partner) = partner else {
                return Err(err(
                    "castling",
                    format!("`{ch}`: no {} castling partner stands there", color.name()),
                ));
            };
            // Unmoved pieces stand where the setup put them.
            for cell in [king, partner] {
                if self.start.piece_at(cell) != pos.piece_at(cell) {
                    return Err(err(
                        "castling",
                        format!(
                            "`{ch}`: the piece on {} is not on its start square",
                            self.topology.name(cell)
                        ),
                    ));
                }
            }
            unmoved = unmoved.with(king).with(partner);
        }
        Ok(unmoved)
    }

    fn castling_text(&self, pos: &Position) -> String {
        let Some(c) = &self.castling else {
            return String::new();
        };
        let mut out = String::new();
        for color in Color::BOTH {
            for king in pos.pieces_of_kind(c.king, color) & pos.unmoved {
                for (dir, letter) in [(1, 'K'), (-1, 'Q')] {
                    let partners = self.partners_toward(pos, king, dir);
                    for (i, &cell) in partners.iter().enumerate().rev() {
                        if !pos.unmoved.has(cell) {
                            continue;
                        }
                        let ch = if i + 1 == partners.len() {
                            letter
                        } else {
                            (b'A' + self.topology.coords(cell).0) as char
                        };
                        out.push(if color == Color::White {
                            ch
                        } else {
                            ch.to_ascii_lowercase()
                        });
                    }
                }
            }
        }
        out
    }

    /// Reads the en passant field. The captured piece is the side-not-to-move's en passant
    /// piece found by going on from the targets in that side's forward direction.
    fn en_passant_field(
        &self,
        pos: &Position,
        field: &str,
    ) -> Result<(Bitboard, Option<u8>), FenError> {
        if field == "-" {
            return Ok((Bitboard::EMPTY, None));
        }
        let mut targets = Bitboard::EMPTY;
        let mut rest = field;
        while !rest.is_empty() {
            if !rest.starts_with(|c: char| c.is_ascii_lowercase()) {
                return Err(err(
                    "en passant",
                    format!("`{field}` is not a list of squares"),
                ));
            }
            let digits_end = rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |i| i + 1);
            let name = &rest[..digits_end];
            let cell = self.topology.parse_cell(name).ok_or_else(|| {
                err(
                    "en passant",
                    format!("`{name}` is not a square of this board"),
                )
            })?;
            if pos.piece_at(cell).is_some() {
                return Err(err("en passant", format!("{name} is occupied")));
            }
            targets = targets.with(cell);
            rest = &rest[digits_end..];
        }
        // The piece that just passed the targets stands further along their line, and its
        // movement reaches it from a square before them; the cells it passed are the targets
        // (those within its en passant zone, when it has one).
        let mover = pos.side_to_move().opponent();
        let passed_by = |cell: u8, kind: u8| {
            let zone = self.pieces[kind as usize]
                .en_passant_zone
                .map_or(!Bitboard::EMPTY, |z| z[mover.index()]);
            let lines = [
                (0, 1),
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
                (-1, 0),
                (-1, 1),
            ];
            lines.iter().any(|&(dx, dy)| {
                let back: Vec<u8> = self.topology.ray(cell, -dx, -dy).collect();
                (1..back.len()).any(|origin| {
                    let passed = back[..origin]
                        .iter()
                        .fold(Bitboard::EMPTY, |acc, &c| acc.with(c));
                    passed & zone == targets && self.could_move(kind, mover, back[origin], cell)
                })
            })
        };
        let victim = pos
            .pieces_of(mover)
            .cells()
            .find(|&c| {
                let kind = pos.piece_at(c).expect("occupied").kind();
                self.pieces[kind as usize].en_passant && passed_by(c, kind)
            })
            .ok_or_else(|| {
                err(
                    "en passant",
                    format!("no {} piece stands to be captured en passant", mover.name()),
                )
            })?;
        // As after a move: targets nobody can capture on are not kept, so equal positions hash
        // equally.
        if !targets
            .cells()
            .any(|c| self.attacked_by(pos, c, pos.side_to_move(), self.en_passant_kinds))
        {
            return Ok((Bitboard::EMPTY, None));
        }
        Ok((targets, Some(victim)))
    }
}
