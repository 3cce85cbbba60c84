//! FEN generalised to any board: `placement side castling en-passant halfmove fullmove`.
//!
//! Placement digits count empty cells and may have several digits (`10`); missing squares
//! are not written. Castling uses `KQkq` for the outermost partner on each side of the king
//! and the partner's file letter (Shredder-FEN style, `Hh`) for any other. En passant lists the
//! target squares one after another (`e3`, or `c3c4` after a longer step), or `-`; the piece
//! that passed them may follow `>` (`d6>c5`) or, as Fairy-Stockfish writes it, stand among
//! them (`c5d6`). A variant with game parameters adds a seventh field giving their values,
//! White's then Black's: `dutchman=R/N,port=d8/e1`. A layer game writes layered cells in
//! braces and adds a last field of piece states (see `notation::layers`). Under counting rules
//! (`end: counting`), as Fairy-Stockfish writes it, a running count puts its limit in plies
//! in the fourth field and its count in the halfmove field (`8/8/8/4k3/8/8/R7/4K3 b - 32 6 1`).

use std::ops::Range;

use crate::engine::ParameterError;
use crate::engine::Position;
use crate::rules::{Color, Ruleset};
use crate::types::bitboard::{Bitboard, Cell};
use crate::types::rule_enums::RoyalRule;

use super::{parse_placement, Holds};

/// A field of a FEN.
///
/// See the example of [`FenError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenField {
    /// The board: ranks from the top.
    Placement,
    /// `w` or `b`.
    SideToMove,
    /// Castling rights.
    Castling,
    /// En passant targets.
    EnPassant,
    /// In a container game, the last container move (the no-undo rule).
    LastContainerMove,
    /// Plies since a capture or clock-resetting move.
    HalfmoveClock,
    /// The move number.
    FullmoveNumber,
    /// Game parameters.
    Parameters,
    /// In a layer game, piece states and sorties.
    States,
    /// In a check-counting game, the checks each side still needs (or has given).
    Checks,
    /// Under counting rules, the count's limit (fourth field) or its count (fifth).
    Count,
}

impl FenField {
    /// The field's name as messages use it (`en passant`). See the example of [`FenError`].
    pub fn name(self) -> &'static str {
        match self {
            FenField::Placement => "placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::LastContainerMove => "last container move",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::Parameters => "parameters",
            FenField::States => "state",
            FenField::Checks => "checks",
            FenField::Count => "count",
        }
    }
}

impl std::fmt::Display for FenField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A FEN that cannot be read.
///
/// ```
/// use fairy_rules::{FenError, FenField, Variant};
/// let chess = Variant::bundled("chess")?;
/// let e = chess.parse_fen("8/8 w").unwrap_err();
/// assert_eq!(e.field(), Some(FenField::Placement));
/// assert_eq!(FenField::Placement.name(), "placement");
/// assert_eq!(e.to_string(), "invalid FEN placement: the board has 8 ranks but 2 are written");
/// let side = chess.parse_fen("8/8/8/8/8/8/8/8 x").unwrap_err();
/// assert!(matches!(side, FenError::Field { field: FenField::SideToMove, span, .. } if span == (16..17)));
/// assert_eq!(chess.parse_fen("").unwrap_err(), FenError::Empty);
/// # Ok::<(), fairy_rules::LoadError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// The text has no field at all.
    #[error("invalid FEN: it is empty")]
    Empty,
    /// More fields than this variant's FEN has.
    #[error("invalid FEN: it has {count} fields; at most {most}")]
    TooManyFields {
        /// Fields given.
        count: usize,
        /// Fields this variant's FEN has at most.
        most: usize,
    },
    /// A field is wrong.
    #[error("invalid FEN {field}: {reason}")]
    Field {
        /// Which field.
        field: FenField,
        /// The field as written.
        text: String,
        /// Byte range of the offending part in the whole FEN (the whole field when nothing
        /// narrower is known).
        span: Range<usize>,
        /// What is wrong with it.
        reason: String,
    },
    /// The fields are each fine, but the position is not one that can arise.
    #[error("invalid FEN position: {reason}")]
    Position {
        /// Why.
        reason: String,
    },
    /// The parameters field names values the variant does not allow.
    #[error("invalid FEN parameters: {0}")]
    Parameters(ParameterError),
    /// The text is longer than [`crate::Limits::fen_bytes`]; it was not read.
    #[error(transparent)]
    Limit(crate::types::limits::LimitExceeded),
}

impl FenError {
    /// The field that is wrong, if one is ([`FenError::Field`] and
    /// [`FenError::Parameters`]). See the example of [`FenError`].
    pub fn field(&self) -> Option<FenField> {
        match self {
            FenError::Field { field, .. } => Some(*field),
            FenError::Parameters(_) => Some(FenField::Parameters),
            _ => None,
        }
    }
}

/// A FEN's fields with their byte ranges.
pub(super) struct Fields<'a> {
    fen: &'a str,
    fields: Vec<(&'a str, Range<usize>)>,
}

impl<'a> Fields<'a> {
    fn new(fen: &'a str) -> Fields<'a> {
        let mut fields = Vec::new();
        let mut start = None;
        for (i, c) in fen.char_indices().chain(std::iter::once((fen.len(), ' '))) {
            match (c.is_whitespace(), start) {
                (true, Some(s)) => {
                    fields.push((&fen[s..i], s..i));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        Fields { fen, fields }
    }

    pub(super) fn get(&self, i: usize) -> Option<&'a str> {
        self.fields.get(i).map(|f| f.0)
    }

    /// How many fields there are.
    pub(super) fn len(&self) -> usize {
        self.fields.len()
    }

    /// Fairy-Stockfish's short form `placement side halfmove fullmove` (`w 0 1`, written for
    /// games without castling and en passant): read as if `- -` stood before the clocks.
    /// Neither field can start with a digit, so the form is never ambiguous.
    fn short_form(&mut self) {
        let number = |f: Option<&(&str, Range<usize>)>| {
            f.is_some_and(|(t, _)| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        };
        if self.fields.len() == 4 && number(self.fields.get(2)) && number(self.fields.get(3)) {
            let at = self.fields[2].1.start;
            for _ in 0..2 {
                self.fields.insert(2, ("-", at..at));
            }
        }
    }

    /// Whether field `i` ends with `mark`, which is then taken off it.
    fn strip_mark(&mut self, i: usize, mark: char) -> bool {
        let Some((text, range)) = self.fields.get_mut(i) else {
            return false;
        };
        match text.strip_suffix(mark) {
            Some(rest) => {
                *text = rest;
                range.end -= mark.len_utf8();
                true
            }
            None => false,
        }
    }

    /// Takes field `i` out; the later ones move down (their spans stay in the text).
    pub(super) fn remove(&mut self, i: usize) {
        self.fields.remove(i);
    }

    /// An error in field `i`, for the part `part` (a byte range in the field) or the whole.
    pub(super) fn error(
        &self,
        i: usize,
        field: FenField,
        part: Option<Range<usize>>,
        reason: impl Into<String>,
    ) -> FenError {
        let (text, range) = self
            .fields
            .get(i)
            .cloned()
            .unwrap_or(("", self.fen.len()..self.fen.len()));
        let span = match part {
            Some(p) => range.start + p.start..range.start + p.end,
            None => range,
        };
        FenError::Field {
            field,
            text: text.to_string(),
            span,
            reason: reason.into(),
        }
    }
}

/// The index of each FEN field.
const PLACEMENT: usize = 0;
const SIDE: usize = 1;
const CASTLING: usize = 2;
const FOURTH: usize = 3;
const HALFMOVE: usize = 4;
const FULLMOVE: usize = 5;

/// After the en passant field: the last move took a piece the trading rules protect with a
/// piece of another kind, so the reply may not (`trading: counterstrike`).
const COUNTERSTRIKE: char = '!';

impl Ruleset {
    /// Reads a position. The last four fields may be left out (`- - 0 1` is assumed).
    ///
    /// ```
    /// let falcon = fairy_rules::Variant::bundled("falcon-chess")?;
    /// let fen = "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1";
    /// let pos = falcon.parse_fen(fen)?;
    /// assert_eq!(falcon.fen(&pos), fen);
    /// let e = falcon.parse_fen("10/10 w").unwrap_err();
    /// assert_eq!(e.field(), Some(fairy_rules::FenField::Placement));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Pieces with first-move components count as unmoved when they stand where the start
    /// position has the same piece; castling pieces are unmoved as the castling field says.
    ///
    /// # Errors
    /// A [`FenError`] naming the field that is wrong and the part of it: a rank of the wrong
    /// length, an unknown letter, a castling right without its pieces, an en passant square
    /// off the board; or a position in which the side not to move is in check (unless the
    /// game is already over: an atomic capture that blew up the enemy king may leave the
    /// capturer's own attacked).
    /// [`FenError::Limit`] for a text longer than [`crate::Limits::fen_bytes`].
    pub fn parse_fen(&self, fen: &str) -> Result<Position, FenError> {
        crate::types::limits::LimitExceeded::check(
            crate::types::limits::Limit::FenBytes,
            &self.limits,
            fen.len(),
        )
        .map_err(FenError::Limit)?;
        self.read_fen(fen, false)
    }

    /// Reads the FEN of a side's view ([`Ruleset::redact`], [`crate::View`]). A view is a
    /// position of its own kind: with the opponent's hidden blockers removed, it may show the
    /// side not to move in check, which no game position does; that test is skipped, every
    /// other one applies, and what [`Ruleset::fen`] writes of a view reads back.
    ///
    /// ```
    /// use fairy_rules::{Color, Variant};
    /// let sea = Variant::bundled("seachess")?;
    /// let start = sea.start_position();
    /// let pos = sea.play(&start, sea.parse_move(&start, "c1:M")?)?;
    /// let fen = sea.fen(&sea.redact(&pos, Color::Black));
    /// let view = sea.parse_view(&fen)?;
    /// assert_eq!(sea.fen(&view), fen);
    /// assert!(view.markers_of(Color::White).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Ruleset::parse_fen`], but for the check of the side not to move.
    pub fn parse_view(&self, fen: &str) -> Result<Position, FenError> {
        crate::types::limits::LimitExceeded::check(
            crate::types::limits::Limit::FenBytes,
            &self.limits,
            fen.len(),
        )
        .map_err(FenError::Limit)?;
        self.read_fen(fen, true)
    }

    /// Reads a FEN (a view's with `view`) whatever its length: the length limit guards text
    /// from outside, not the FEN the rule set writes of its own start position.
    pub(crate) fn read_fen(&self, fen: &str, view: bool) -> Result<Position, FenError> {
        let mut f = Fields::new(fen);
        if f.fields.is_empty() {
            return Err(FenError::Empty);
        }
        f.short_form();
        let checks = if self.end.checks_to_win > 0 {
            Some(self.take_checks(&mut f)?)
        } else {
            None
        };
        let params_field = (!self.parameters.is_empty()).then_some(6);
        let state_field = self
            .layers
            .is_some()
            .then_some(6 + usize::from(params_field.is_some()));
        let most = 6 + usize::from(params_field.is_some()) + usize::from(state_field.is_some());
        if f.fields.len() > most {
            return Err(FenError::TooManyFields {
                count: f.fields.len(),
                most,
            });
        }
        let markers = self.marker_letters();
        let holds = Holds {
            containers: self.container_types(),
            markers: markers.as_deref(),
            hand: self.hand.as_ref(),
            walls: self.walls.is_some(),
            pieces: &self.pieces,
        };
        let placement = parse_placement(
            &self.topology,
            |c| self.kind_of_letter(c),
            holds,
            f.get(PLACEMENT).unwrap_or(""),
        )
        .map_err(|e| f.error(PLACEMENT, FenField::Placement, Some(e.span), e.message))?;
        let mut pos = self.empty_position();
        self.place(&mut pos, &placement);
        let side = match f.get(SIDE).unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(f.error(
                    SIDE,
                    FenField::SideToMove,
                    None,
                    format!("`{other}` is neither `w` nor `b`"),
                ))
            }
        };
        self.set_side(&mut pos, side);
        if let Some(i) = state_field {
            self.state_field(&mut pos, &f, i)?;
        }
        // A game already over may end so (an atomic capture blows up the enemy king while
        // the capturer's own stands attacked).
        if !view
            && self.end.royal == RoyalRule::Checkmate
            && self.chance.is_none()
            && self.royal_attacked_of(&pos, side.opponent())
            && self.decided(&pos).is_none()
        {
            return Err(FenError::Position {
                reason: format!(
                    "{} is in check with {} to move",
                    side.opponent().name(),
                    side.name()
                ),
            });
        }
        let mut implied = self.initial_unmoved(&pos);
        for &(cell, at) in &placement.moved {
            if !implied.has(cell) {
                return Err(f.error(
                    PLACEMENT,
                    FenField::Placement,
                    Some(at..at + 1),
                    format!(
                        "`'` marks a first-move piece back on its start square, and the piece \
                         on {} is not one",
                        self.topology.name(cell)
                    ),
                ));
            }
            implied = implied.without(cell);
        }
        let unmoved = implied | self.castling_field(&pos, &f)?;
        self.set_unmoved(&mut pos, unmoved);
        // The counterstrike's mark after the fourth field (`-!`).
        let counterstrike = self.trading.as_ref().is_some_and(|t| t.counterstrike)
            && f.strip_mark(FOURTH, COUNTERSTRIKE);
        let count_limit = self.count_limit_field(&f)?;
        if self.containers.is_some() {
            let ban = self.undo_ban_field(&pos, &f, FOURTH)?;
            self.set_undo_ban(&mut pos, ban);
        } else if count_limit.is_none() {
            let (targets, victim) = self.en_passant_field(&pos, &f)?;
            self.set_en_passant(&mut pos, targets, victim);
        }
        if counterstrike {
            self.set_counterstrike(&mut pos);
        }
        let halfmove = match f.get(HALFMOVE) {
            Some(s) => s.parse().map_err(|_| {
                f.error(
                    HALFMOVE,
                    FenField::HalfmoveClock,
                    None,
                    format!("`{s}` is not a number"),
                )
            })?,
            None => 0,
        };
        let fullmove = match f.get(FULLMOVE) {
            Some(s) => s.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                f.error(
                    FULLMOVE,
                    FenField::FullmoveNumber,
                    None,
                    format!("`{s}` is not a positive number"),
                )
            })?,
            None => 1,
        };
        if let Some(limit) = count_limit.filter(|&limit| limit > 0) {
            let ply = u16::try_from(halfmove).map_err(|_| {
                f.error(
                    HALFMOVE,
                    FenField::Count,
                    None,
                    format!("the count `{halfmove}` is above {}", u16::MAX),
                )
            })?;
            self.set_count(&mut pos, (ply, limit));
            self.set_clocks(&mut pos, 0, fullmove);
        } else {
            self.set_clocks(&mut pos, halfmove, fullmove);
        }
        if let Some(checks) = checks {
            self.set_checks(&mut pos, checks);
        }
        if let Some(text) = params_field.and_then(|i| f.get(i)) {
            self.set_parameters(&mut pos, text)
                .map_err(FenError::Parameters)?;
        }
        Ok(pos)
    }

    /// Under counting rules, the count's limit in plies where the fourth field is a number
    /// (a count runs) rather than en passant targets.
    fn count_limit_field(&self, f: &Fields) -> Result<Option<u16>, FenError> {
        let Some(text) = f.get(FOURTH).filter(|_| self.end.counting.is_some()) else {
            return Ok(None);
        };
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        let limit = text.parse::<u16>().map_err(|_| {
            f.error(
                FOURTH,
                FenField::Count,
                None,
                format!("the count's limit `{text}` is above {}", u16::MAX),
            )
        })?;
        Ok(Some(limit))
    }

    fn royal_attacked_of(&self, pos: &Position, color: Color) -> bool {
        let mut flipped = pos.clone();
        self.set_side(&mut flipped, color);
        self.in_check(&flipped)
    }

    /// Writes a position as FEN (see the module documentation for the fields): what
    /// [`Ruleset::parse_fen`] reads back as the same position. See the example of
    /// [`Ruleset::parse_fen`].
    pub fn fen(&self, pos: &Position) -> String {
        let topo = &self.topology;
        let mut out = String::new();
        for (row, cells) in topo.rows().iter().enumerate() {
            let mut empty = 0;
            for &cell in cells {
                let text = self.cell_text(pos, cell);
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
            if row + 1 < topo.rows().len() {
                out.push('/');
            }
        }
        if self.hand.as_ref().is_some_and(|h| !h.unlimited) {
            out.push_str(&self.pocket_text(pos));
        }
        out.push_str(if pos.side_to_move() == Color::White {
            " w "
        } else {
            " b "
        });
        let castling = self.castling_text(pos);
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        let count = pos.count();
        if let Some((_, limit)) = count {
            out.push_str(&limit.to_string());
        } else if let Some((from, to)) = pos.undo_ban() {
            out.push_str(&topo.name(from));
            out.push_str(&topo.name(to));
        } else if pos.en_passant_targets().is_empty() {
            out.push('-');
        } else {
            let targets = pos.en_passant_targets();
            for cell in targets {
                out.push_str(&topo.name(cell));
            }
            // Named only when the reader would take another piece for it.
            if let Some(victim) = pos.en_passant_victim() {
                if self.en_passant_candidates(pos, targets).next() != Some(victim) {
                    out.push('>');
                    out.push_str(&topo.name(victim));
                }
            }
        }
        if self.trading.as_ref().is_some_and(|t| t.counterstrike) && pos.counterstrike() {
            out.push(COUNTERSTRIKE);
        }
        out.push_str(&self.checks_text(pos));
        out.push_str(&format!(
            " {} {}",
            count.map_or(pos.halfmove_clock(), |(ply, _)| ply),
            pos.fullmove_number()
        ));
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

    /// The cells whose contents differ between two positions of this variant, by what the
    /// FEN writes for them: what a move changed, for highlighting (captures elsewhere, a
    /// castling partner, a piece returned, a marker planted, a crew changed).
    #[cfg(feature = "protocol")]
    pub(crate) fn cells_changed(&self, before: &Position, after: &Position) -> Bitboard {
        let mut changed = Bitboard::EMPTY;
        for cell in self.topology.cells() {
            if self.cell_text(before, cell) != self.cell_text(after, cell) {
                changed = changed.with(cell);
            }
        }
        changed
    }

    /// What the board field of a FEN writes for one cell: empty for an empty cell, a letter,
    /// a crew in its container's brackets, a layered cell in braces, or `*` for a wall.
    pub(crate) fn cell_text(&self, pos: &Position, cell: Cell) -> String {
        if pos.walls().has(cell) {
            "*".into()
        } else if self.layers.is_some() {
            self.layer_cell_text(pos, cell)
        } else if self.containers.is_some() {
            self.crew_text(pos.crew_at(cell))
        } else {
            self.piece_text(pos, cell)
        }
    }

    /// The letter of the piece on `cell` (empty for none), with `'` when it is a first-move
    /// piece that has moved though it stands where the start position has it.
    pub(crate) fn piece_text(&self, pos: &Position, cell: Cell) -> String {
        let Some(p) = pos.piece_at(cell) else {
            return String::new();
        };
        let mut text = match self.plus_bases.get(p.kind().index()).copied().flatten() {
            // `promoted_in_fen: plus`: `+` and the letter of the kind that promotes to it.
            Some(base) => format!(
                "+{}",
                self.letter(crate::rules::Piece::new(base, p.color()))
            ),
            None => self.letter(p).to_string(),
        };
        if self.pieces[p.kind().index()].first_move
            && !self.first_moves_in_fen
            && !self.castling_kinds().has(p.kind())
            && self.start.piece_at(cell) == Some(p)
            && !pos.unmoved().has(cell)
        {
            text.push('\'');
        }
        if pos.state_at(cell).promoted() {
            text.push('~');
        }
        text
    }

    /// The pocket in brackets: White's pieces in hand, then Black's, each side's kinds in
    /// the reverse of the definition's order (Fairy-Stockfish's `[QRBNPqrbnp]` for chess).
    fn pocket_text(&self, pos: &Position) -> String {
        let mut out = String::from("[");
        for color in Color::BOTH {
            for kind in self.kinds().collect::<Vec<_>>().into_iter().rev() {
                let piece = crate::types::piece::Piece::new(kind, color);
                for _ in 0..pos.in_hand(piece) {
                    out.push(self.letter(piece));
                }
            }
        }
        out.push(']');
        out
    }

    /// Unmoved pieces implied by the placement: pieces with first-move components standing
    /// where the start position has the same piece (castling pieces excepted).
    fn initial_unmoved(&self, pos: &Position) -> Bitboard {
        if self.first_moves_in_fen {
            // The castling field says which pieces have their first moves.
            return Bitboard::EMPTY;
        }
        let castling_kinds = self.castling_kinds();
        pos.occupied()
            .cells()
            .filter(|&cell| {
                pos.piece_at(cell).is_some_and(|p| {
                    self.pieces[p.kind().index()].first_move
                        && !castling_kinds.has(p.kind())
                        && self.start.piece_at(cell) == Some(p)
                })
            })
            .collect()
    }

    /// The partners of the unmoved king on `king` along its rank toward `dir`, nearest first.
    fn partners_toward(&self, pos: &Position, king: Cell, dir: i32) -> Vec<Cell> {
        let Some(c) = &self.castling else {
            return Vec::new();
        };
        let Some(color) = pos.piece_at(king).map(|p| p.color()) else {
            return Vec::new();
        };
        self.topology
            .ray(king, dir, 0)
            .filter(|&cell| {
                pos.piece_at(cell)
                    .is_some_and(|p| p.color() == color && c.partners.has(p.kind()))
            })
            .collect()
    }

    fn castling_field(&self, pos: &Position, f: &Fields) -> Result<Bitboard, FenError> {
        let field = f.get(CASTLING).unwrap_or("-");
        if field == "-" {
            return Ok(Bitboard::EMPTY);
        }
        let fail = |at: usize, ch: char, reason: String| {
            f.error(
                CASTLING,
                FenField::Castling,
                Some(at..at + ch.len_utf8()),
                reason,
            )
        };
        if self.first_moves_in_fen {
            return self.first_move_field(pos, field, fail);
        }
        let Some(c) = &self.castling else {
            if self.has_gates() {
                return self.gates_field(pos, field, fail);
            }
            return Err(f.error(
                CASTLING,
                FenField::Castling,
                None,
                "this variant has no castling; write `-`",
            ));
        };
        let mut unmoved = Bitboard::EMPTY;
        for (at, ch) in field.char_indices() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            if let Some(gate) = self.gate_letter(pos, color, ch) {
                let cell = gate.map_err(|reason| fail(at, ch, reason))?;
                unmoved = unmoved.with(cell);
                continue;
            }
            let kings = pos.pieces_of_kind(c.king, color);
            let Some(king) = kings.single() else {
                return Err(fail(
                    at,
                    ch,
                    format!("`{ch}` needs exactly one {} castling king", color.name()),
                ));
            };
            let partner = match ch.to_ascii_uppercase() {
                'K' => self.partners_toward(pos, king, 1).last().copied(),
                'Q' => self.partners_toward(pos, king, -1).last().copied(),
                up if up.is_ascii_uppercase() => {
                    let file = up as u8 - b'A';
                    let (_, rank) = self.topology.coords(king);
                    self.topology
                        .cell(file as i32, rank as i32)
                        .filter(|&cell| {
                            pos.piece_at(cell)
                                .is_some_and(|p| p.color() == color && c.partners.has(p.kind()))
                        })
                }
                _ => return Err(fail(at, ch, format!("`{ch}` is not a castling right"))),
            };
            let Some(partner) = partner else {
                return Err(fail(
                    at,
                    ch,
                    format!("`{ch}`: no {} castling partner stands there", color.name()),
                ));
            };
            // Unmoved pieces stand where the setup put them (in Chess960 anywhere), or where
            // dropped ones gain castling rights (`drop_rights:`).
            let fixed_start = c.king_files.is_none();
            let homes = c.drop_rights.as_ref().map_or([Bitboard::EMPTY; 2], |d| {
                [d.king[color.index()], d.partners[color.index()]]
            });
            for (cell, home) in [(king, homes[0]), (partner, homes[1])] {
                if fixed_start && self.start.piece_at(cell) != pos.piece_at(cell) && !home.has(cell)
                {
                    return Err(fail(
                        at,
                        ch,
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

    /// `first_moves_in_fen`: the field's letters are the files of the first-move pieces on
    /// their side's first rank that have their first moves (upper case White's, on the
    /// first rank; lower case Black's, on the last).
    fn first_move_field(
        &self,
        pos: &Position,
        field: &str,
        fail: impl Fn(usize, char, String) -> FenError,
    ) -> Result<Bitboard, FenError> {
        letter_cells(field, fail, |color, ch| {
            let rank = match color {
                Color::White => 0,
                Color::Black => self.topology.height() as i32 - 1,
            };
            let cell = ch
                .is_ascii_alphabetic()
                .then(|| {
                    self.topology
                        .cell((ch.to_ascii_lowercase() as u8 - b'a') as i32, rank)
                })
                .flatten();
            let holds = cell
                .and_then(|c| pos.piece_at(c))
                .is_some_and(|p| p.color() == color && self.pieces[p.kind().index()].first_move);
            match cell {
                Some(cell) if holds => Ok(cell),
                _ => Err(format!(
                    "`{ch}` names no {} first-move piece on its first rank",
                    color.name()
                )),
            }
        })
    }

    /// The first-move rights of `first_moves_in_fen` as file letters (White's first).
    fn first_move_text(&self, pos: &Position) -> String {
        let mut out = String::new();
        for color in Color::BOTH {
            let mut cells: Vec<Cell> = pos.unmoved().cells().collect();
            cells.sort_by_key(|&c| self.topology.coords(c).0);
            for cell in cells {
                if pos.piece_at(cell).is_none_or(|p| p.color() != color) {
                    continue;
                }
                let letter = (b'a' + self.topology.coords(cell).0) as char;
                out.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        out
    }

    /// Under gating, the gate a file letter of `color` names (`c`: the gate on the c file),
    /// when `color` may still gate; an error when no piece of its own stands there. `None`
    /// for a letter that is no gate (`K`, `Q`, or any letter when the side cannot gate: a
    /// Chess960 castling right then, as in Fairy-Stockfish).
    fn gate_letter(&self, pos: &Position, color: Color, ch: char) -> Option<Result<Cell, String>> {
        let gates = self.hand.as_ref()?.gates[color.index()];
        let up = ch.to_ascii_uppercase();
        let castles = self.castling.is_some() && matches!(up, 'K' | 'Q');
        if gates.is_empty() || castles || !up.is_ascii_uppercase() || !self.may_gate(pos, color) {
            return None;
        }
        let file = u32::from(up as u8 - b'A');
        let Some(cell) = gates
            .cells()
            .find(|&g| self.topology.coords(g).0 as u32 == file)
        else {
            return Some(Err(format!(
                "`{ch}`: {} has no gate on that file",
                color.name()
            )));
        };
        if pos.piece_at(cell).is_none_or(|p| p.color() != color) {
            return Some(Err(format!(
                "`{ch}`: no {} piece stands on the gate {}",
                color.name(),
                self.topology.name(cell)
            )));
        }
        Some(Ok(cell))
    }

    /// Whether the variant has gates (`hand: gating`).
    fn has_gates(&self) -> bool {
        self.hand
            .as_ref()
            .is_some_and(|h| h.gates.iter().any(|g| !g.is_empty()))
    }

    /// Whether `color` may still gate in `pos`: it holds a piece with a `drop:` entry, or
    /// captures go to hand. Otherwise its gates are not written (as Fairy-Stockfish's are
    /// not), and file letters in the castling field are castling rights.
    fn may_gate(&self, pos: &Position, color: Color) -> bool {
        let Some(hand) = &self.hand else {
            return false;
        };
        hand.captures_to_hand
            || self.kinds().any(|k| {
                self.pieces[k.index()].drop.is_some()
                    && pos.in_hand(crate::types::piece::Piece::new(k, color)) > 0
            })
    }

    /// The castling field of a variant with gates but no castling: gate letters only.
    fn gates_field(
        &self,
        pos: &Position,
        field: &str,
        fail: impl Fn(usize, char, String) -> FenError,
    ) -> Result<Bitboard, FenError> {
        letter_cells(field, fail, |color, ch| {
            self.gate_letter(pos, color, ch)
                .unwrap_or_else(|| Err(format!("`{ch}` is not a gate here")))
        })
    }

    /// The open gates of `color` not already named by its castling letters (`covered`), as
    /// file letters in file order (`BCDFG`), while it may still gate.
    fn gates_text(&self, pos: &Position, color: Color, covered: Bitboard) -> String {
        let Some(hand) = &self.hand else {
            return String::new();
        };
        let gates = hand.gates[color.index()] & pos.unmoved() & pos.pieces_of(color) & !covered;
        if gates.is_empty() || !self.may_gate(pos, color) {
            return String::new();
        }
        let mut files: Vec<u8> = gates.cells().map(|c| self.topology.coords(c).0).collect();
        files.sort_unstable();
        files
            .into_iter()
            .map(|f| {
                let ch = (b'A' + f) as char;
                if color == Color::White {
                    ch
                } else {
                    ch.to_ascii_lowercase()
                }
            })
            .collect()
    }

    fn castling_text(&self, pos: &Position) -> String {
        if self.first_moves_in_fen {
            return self.first_move_text(pos);
        }
        let Some(c) = &self.castling else {
            return Color::BOTH
                .into_iter()
                .map(|color| self.gates_text(pos, color, Bitboard::EMPTY))
                .collect();
        };
        let mut out = String::new();
        for color in Color::BOTH {
            let mut covered = Bitboard::EMPTY;
            for king in pos.pieces_of_kind(c.king, color) & pos.unmoved() {
                for (dir, letter) in [(1, 'K'), (-1, 'Q')] {
                    let partners = self.partners_toward(pos, king, dir);
                    for (i, &cell) in partners.iter().enumerate().rev() {
                        if !pos.unmoved().has(cell) {
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
                        covered = covered.with(king).with(cell);
                    }
                }
            }
            out.push_str(&self.gates_text(pos, color, covered));
        }
        out
    }

    /// The side-not-to-move's en passant pieces, in cell order, that could just have passed
    /// `targets`: each stands further along their line, and its movement reaches it from a
    /// square before them; the cells it passed are the targets (those within its en passant
    /// zone, when it has one).
    fn en_passant_candidates<'a>(
        &'a self,
        pos: &'a Position,
        targets: Bitboard,
    ) -> impl Iterator<Item = Cell> + 'a {
        let mover = pos.side_to_move().opponent();
        let passed_by = move |cell: Cell, kind: crate::rules::Kind| {
            let zone = self.pieces[kind.index()]
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
                let back: Vec<Cell> = self.topology.ray(cell, -dx, -dy).collect();
                (1..back.len()).any(|origin| {
                    let passed: Bitboard = back[..origin].iter().copied().collect();
                    passed & zone == targets && self.could_move(kind, mover, back[origin], cell)
                })
            })
        };
        pos.pieces_of(mover).cells().filter(move |&c| {
            pos.piece_at(c)
                .is_some_and(|p| self.pieces[p.kind().index()].en_passant && passed_by(c, p.kind()))
        })
    }

    /// Reads the en passant field: the target squares, then, when more than one piece could
    /// have passed them, `>` and the square of the one that did (`f3>e4`). Without it, the
    /// captured piece is the first of the side-not-to-move's en passant pieces (in cell order)
    /// that could have passed the targets. Fairy-Stockfish's form lists the passer's square
    /// among the targets (Berolina's `c5d6`: d6 passed, the pawn on c5): a listed square
    /// holding an en passant piece of the side that just moved names it, as `>` does.
    fn en_passant_field(
        &self,
        pos: &Position,
        f: &Fields,
    ) -> Result<(Bitboard, Option<Cell>), FenError> {
        let field = f.get(FOURTH).unwrap_or("-");
        if field == "-" {
            return Ok((Bitboard::EMPTY, None));
        }
        let fail = |part: Option<Range<usize>>, reason: String| {
            f.error(FOURTH, FenField::EnPassant, part, reason)
        };
        let (squares, named) = match field.split_once('>') {
            Some((squares, victim)) => (squares, Some(victim)),
            None => (field, None),
        };
        let mover = pos.side_to_move().opponent();
        let mut targets = Bitboard::EMPTY;
        // The passer, named by `>` or listed on its own square: its cell and its text's span.
        let mut passer: Option<(Cell, Range<usize>)> = None;
        if let Some(name) = named {
            let part = squares.len() + 1..field.len();
            let cell = self.topology.parse_cell(name).ok_or_else(|| {
                fail(
                    Some(part.clone()),
                    format!("`{name}` is not a square of this board"),
                )
            })?;
            passer = Some((cell, part));
        }
        let mut at = 0;
        while at < squares.len() {
            let rest = &squares[at..];
            if !rest.starts_with(|c: char| c.is_ascii_lowercase()) {
                return Err(fail(None, format!("`{field}` is not a list of squares")));
            }
            let digits_end = rest[1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(rest.len(), |i| i + 1);
            let name = &rest[..digits_end];
            let part = at..at + digits_end;
            let cell = self.topology.parse_cell(name).ok_or_else(|| {
                fail(
                    Some(part.clone()),
                    format!("`{name}` is not a square of this board"),
                )
            })?;
            at += digits_end;
            let Some(piece) = pos.piece_at(cell) else {
                targets = targets.with(cell);
                continue;
            };
            let passes = piece.color() == mover && self.pieces[piece.kind().index()].en_passant;
            if !passes || passer.is_some() {
                return Err(fail(Some(part), format!("{name} is occupied")));
            }
            passer = Some((cell, part));
        }
        if targets.is_empty() {
            return Err(fail(
                None,
                "no square to capture en passant on is named".into(),
            ));
        }
        let mut candidates = self.en_passant_candidates(pos, targets);
        let victim = match passer {
            None => candidates.next(),
            Some((cell, part)) => {
                if !candidates.any(|c| c == cell) {
                    return Err(fail(
                        Some(part),
                        format!(
                            "no {} piece on {} could have passed the squares before it",
                            mover.name(),
                            self.topology.name(cell)
                        ),
                    ));
                }
                Some(cell)
            }
        }
        .ok_or_else(|| {
            fail(
                None,
                format!("no {} piece stands to be captured en passant", mover.name()),
            )
        })?;
        // As after a move: targets nobody can capture on are not kept, so equal positions hash
        // equally.
        let side = pos.side_to_move();
        if !targets.cells().any(|c| {
            self.attackers(pos, c, side).cells().any(|a| {
                pos.piece_at(a)
                    .is_some_and(|p| self.en_passant_kinds.has(p.kind()))
            })
        }) {
            return Ok((Bitboard::EMPTY, None));
        }
        Ok((targets, Some(victim)))
    }
}

/// The cells a castling-like field's letters name, each letter resolved by `cell_of` for its
/// side (upper case White's); the first letter it refuses fails the field at that letter.
fn letter_cells(
    field: &str,
    fail: impl Fn(usize, char, String) -> FenError,
    cell_of: impl Fn(Color, char) -> Result<Cell, String>,
) -> Result<Bitboard, FenError> {
    let mut cells = Bitboard::EMPTY;
    for (at, ch) in field.char_indices() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        cells = cells.with(cell_of(color, ch).map_err(|r| fail(at, ch, r))?);
    }
    Ok(cells)
}
