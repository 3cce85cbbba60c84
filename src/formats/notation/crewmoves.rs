//! Move text of container games.
//!
//! Written (canonical): a container move is its two cells, `b2-b4`; a crew move is the
//! origin, the moving group's letters with the mover first, `-` and the destination
//! (`d3N-b2`, `c8BR-f5`), or `x`, the destination and the captured piece's letter, upper case
//! for White (`f7BRxd5p`); promotion choices follow `=` (`c7PP-c8=QN`).
//!
//! Read: the canonical form, and the inventor's published notation, resolved against the
//! legal moves as SAN is: a ship move with its whole crew in brackets, either colour
//! (`b5<NRB>-a7`), spaces around the `x` (`f7BR x d5P`: with spaces, the captured letter
//! names a type of either colour, as the inventor's bold type is lost in plain text),
//! a promotion choice after each promoting pawn (`c4QP(Q)P(N) x c1B`), and check marks `*`,
//! `**`, `{*}` and annotations `!`, `?` ignored.

use crate::engine::{Move, MoveKind, Position};
use crate::formats::notation::MoveError;
use crate::rules::containers::Kinds;
use crate::rules::{Kind, Ruleset};
use crate::types::bitboard::Cell;
use crate::types::letter;

/// A container move as read, before it is matched against the legal moves.
struct Pattern {
    from: Cell,
    to: Cell,
    /// A container move's crew as written (kinds, either colour), if written.
    crew: Option<Vec<Kind>>,
    /// A crew move's group (empty for a container move).
    group: Vec<Kind>,
    /// `Some` for a capture: the captured piece's letter as written, if written.
    captured: Option<Option<char>>,
    /// Promotion choices, if written.
    promotions: Option<Vec<Kind>>,
}

impl Ruleset {
    /// The canonical text of a container game's move, `None` for other moves.
    pub(crate) fn container_move_text(&self, m: Move) -> Option<String> {
        let t = &self.topology;
        let letters =
            |k: Kinds| -> String { k.iter().map(|k| self.pieces[k.index()].letter).collect() };
        let promoted = |k: Kinds| {
            if k.is_empty() {
                String::new()
            } else {
                format!("={}", letters(k))
            }
        };
        Some(match m.kind {
            MoveKind::Sail { promotions } => {
                format!(
                    "{}-{}{}",
                    t.name(m.from),
                    t.name(m.to),
                    promoted(promotions)
                )
            }
            MoveKind::Transfer { group, promotions } => {
                let (op, victim) = match m.captured {
                    Some(p) => ('x', self.letter(p).to_string()),
                    None => ('-', String::new()),
                };
                format!(
                    "{}{}{op}{}{victim}{}",
                    t.name(m.from),
                    letters(group),
                    t.name(m.to),
                    promoted(promotions)
                )
            }
            _ => return None,
        })
    }

    /// Reads a container game's move (either notation) and finds the one legal move it
    /// names.
    pub(crate) fn parse_container_move(
        &self,
        pos: &Position,
        text: &str,
    ) -> Result<Move, MoveError> {
        let malformed = |reason: &str| MoveError::Malformed {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let p = self.parse_pattern(text).map_err(|r| malformed(&r))?;
        // The canonical form has no spaces; its captured letter's case is the colour.
        let strict = !text.trim().contains(char::is_whitespace);
        let legal = self.legal_moves(pos);
        let sorted = |v: &[Kind]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v
        };
        let same_promotions = |k: Kinds| {
            p.promotions
                .as_ref()
                .is_none_or(|want| sorted(want) == sorted(&k.iter().collect::<Vec<_>>()))
        };
        let mut found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from == p.from && m.to == p.to)
            .filter(|m| match m.kind {
                MoveKind::Sail { promotions } => {
                    p.group.is_empty()
                        && p.captured.is_none()
                        && same_promotions(promotions)
                        && p.crew.as_ref().is_none_or(|crew| {
                            let aboard: Vec<Kind> =
                                pos.crew_at(m.from).pieces().map(|q| q.kind()).collect();
                            sorted(crew) == sorted(&aboard)
                        })
                }
                MoveKind::Transfer { group, promotions } => {
                    let captured = m.captured;
                    p.crew.is_none()
                        && sorted(&p.group) == sorted(&group.iter().collect::<Vec<_>>())
                        && same_promotions(promotions)
                        && match (p.captured, captured) {
                            (None, None) => true,
                            (Some(None), Some(_)) => true,
                            (Some(Some(c)), Some(v)) => {
                                self.kind_of_letter(c) == Some(v.kind())
                                    && (!strict
                                        || letter::read(c).map(|(_, side)| side) == Some(v.color()))
                            }
                            _ => false,
                        }
                }
                _ => false,
            })
            .collect();
        // Choices compare as a multiset; where two kinds promote, the written order (the
        // canonical one) tells which kind chose what.
        if let (true, Some(written)) = (found.len() > 1, &p.promotions) {
            let exact: Vec<Move> = found
                .iter()
                .copied()
                .filter(|m| match m.kind {
                    MoveKind::Sail { promotions } | MoveKind::Transfer { promotions, .. } => {
                        promotions.iter().eq(written.iter().copied())
                    }
                    _ => false,
                })
                .collect();
            if exact.len() == 1 {
                found = exact;
            }
        }
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal {
                text: text.to_string(),
                reason: "no legal move matches it".into(),
            }),
            many => {
                let mut candidates: Vec<String> = many.iter().map(|&m| self.move_text(m)).collect();
                candidates.sort();
                Err(MoveError::Ambiguous {
                    text: text.to_string(),
                    candidates,
                })
            }
        }
    }

    fn parse_pattern(&self, text: &str) -> Result<Pattern, String> {
        let cleaned: String = text
            .replace("{*}", "")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let body = cleaned.trim_end_matches(['*', '!', '?', '+']);
        let mut rest = body;
        let square = |rest: &mut &str| -> Result<Cell, String> {
            let s: &str = rest;
            let end = s
                .char_indices()
                .skip(1)
                .find(|(_, c)| !c.is_ascii_digit())
                .map_or(s.len(), |(i, _)| i);
            let cell = self
                .topology
                .parse_cell(&s[..end])
                .ok_or_else(|| format!("`{}` is not a square of this board", &s[..end]))?;
            *rest = &s[end..];
            Ok(cell)
        };
        let kind = |c: char| {
            self.kind_of_letter(c)
                .ok_or_else(|| format!("no piece has the letter `{}`", letter::upper(c)))
        };
        // `(Q)`: the choice of the promoting piece written before it.
        let choice = |rest: &mut &str, promotions: &mut Vec<Kind>| -> Result<bool, String> {
            let Some(inner) = rest.strip_prefix('(') else {
                return Ok(false);
            };
            let close = inner.find(')').ok_or("a `(` is not closed")?;
            for c in inner[..close].chars() {
                promotions.push(kind(c)?);
            }
            *rest = &inner[close + 1..];
            Ok(true)
        };
        let from = square(&mut rest)?;
        let mut crew = None;
        let mut group = Vec::new();
        let mut promotions: Vec<Kind> = Vec::new();
        if let Some(t) = self
            .container_types()
            .iter()
            .find(|t| rest.starts_with(t.open))
        {
            let close = rest
                .find(t.close)
                .ok_or_else(|| format!("the crew after `{}` is not closed", t.open))?;
            crew = Some(
                rest[1..close]
                    .chars()
                    .map(kind)
                    .collect::<Result<Vec<_>, _>>()?,
            );
            rest = &rest[close + 1..];
        } else {
            while let Some(c) = rest.chars().next().filter(|c| c.is_alphabetic()) {
                if c == 'x' && rest[1..].starts_with(|d: char| d.is_ascii_lowercase()) {
                    break;
                }
                group.push(kind(c)?);
                rest = &rest[c.len_utf8()..];
                choice(&mut rest, &mut promotions)?;
            }
        }
        let capture = match rest.chars().next() {
            Some('-') => false,
            Some('x') => true,
            _ => return Err("expected `-` or `x` before the destination".into()),
        };
        rest = &rest[1..];
        let to = square(&mut rest)?;
        let mut captured = None;
        if capture {
            let letter = rest.chars().next().filter(|c| c.is_alphabetic());
            if let Some(c) = letter {
                kind(c)?;
                rest = &rest[c.len_utf8()..];
            }
            captured = Some(letter);
        }
        if let Some(choices) = rest.strip_prefix('=') {
            promotions.extend(choices.chars().map(kind).collect::<Result<Vec<_>, _>>()?);
            rest = "";
        }
        while choice(&mut rest, &mut promotions)? {}
        if !rest.is_empty() {
            return Err(format!("`{rest}` is left over"));
        }
        if capture && group.is_empty() {
            return Err("a capture names the capturing pieces: `f7BRxd5p`".into());
        }
        Ok(Pattern {
            from,
            to,
            crew,
            group,
            captured,
            promotions: (!promotions.is_empty()).then_some(promotions),
        })
    }
}
