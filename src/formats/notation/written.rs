//! A variant's own notation (the definition's `notation:` section): a move is written by
//! filling the template of its class, and read, like SAN, by finding the one legal move whose
//! written form the text matches. Reading skips spaces, takes the letters of a crew in brackets
//! and a group's companions in any order, ignores piece letters' case, the notation's
//! annotation tokens after the move and its remarks; a consequence's suffix (a reload, a
//! forced surfacing, the hidden mark) may be left out.

use crate::engine::{Move, MoveKind, Position};
use crate::formats::notation::MoveError;
use crate::rules::containers::BRACKETS;
use crate::rules::notation::{MoveClass, Notation, Part, Placeholder};
use crate::rules::{Color, Kind, Ruleset};
use crate::types::bitboard::Cell;
use crate::types::letter;
use crate::types::piece::Piece;

/// A piece letter with its promotion choice, as a crew or group writes it (`P(Q)`).
type Token = (char, Option<char>);

/// A part of a move's written form, kept apart so that a reader compares like with like.
#[derive(Debug, Clone)]
enum Seg {
    /// Literal text (the engine's move text too, for a class without a template).
    Text(String),
    /// A piece or marker letter.
    Letter(char),
    /// A cell name.
    Cell(String),
    /// A container's crew: its brackets and tokens, in any order when read.
    Crew(char, char, Vec<Token>),
    /// A moving group: the mover's token, then the companions' in any order when read.
    Group(Vec<Token>),
}

/// A move's written forms: its own text and the suffixes of its consequences, each as the
/// forms of its template (never empty; the first is written, every one is read).
struct Written {
    main: Vec<Vec<Seg>>,
    suffixes: Vec<Vec<Vec<Seg>>>,
}

impl Written {
    fn text(&self) -> String {
        let mut out = String::new();
        let first = |forms: &Vec<Vec<Seg>>| forms[0].clone();
        let segs: Vec<Seg> = std::iter::once(&self.main)
            .chain(&self.suffixes)
            .flat_map(first)
            .collect();
        for seg in &segs {
            match seg {
                Seg::Text(t) | Seg::Cell(t) => out.push_str(t),
                Seg::Letter(c) => out.push(*c),
                Seg::Crew(open, close, tokens) => {
                    out.push(*open);
                    push_tokens(&mut out, tokens);
                    out.push(*close);
                }
                Seg::Group(tokens) => push_tokens(&mut out, tokens),
            }
        }
        out
    }
}

fn push_tokens(out: &mut String, tokens: &[Token]) {
    for &(letter, choice) in tokens {
        out.push(letter);
        if let Some(c) = choice {
            out.push('(');
            out.push(c);
            out.push(')');
        }
    }
}

/// The values a template's placeholders take for one move.
#[derive(Default)]
struct Values {
    piece: Option<char>,
    from: Option<String>,
    to: Option<String>,
    x: bool,
    captured: Option<char>,
    promotion: Option<char>,
    partner: Option<char>,
    partner_from: Option<String>,
    partner_to: Option<String>,
    crew: Option<(char, char, Vec<Token>)>,
    group: Option<Vec<Token>>,
    marker: Option<char>,
    at: Option<String>,
    ammo: Option<char>,
}

impl Ruleset {
    /// The name of the variant's own notation (`notation: name:`), `None` when its
    /// definition has no `notation:` section. See the example of
    /// [`Ruleset::parse_notation`].
    pub fn notation_name(&self) -> Option<&str> {
        self.notation.as_ref().map(|n| n.name.as_str())
    }

    /// The mark the variant's notation writes after a hidden move (its `hidden` template,
    /// trimmed: `(h)`), `None` without one. A side's record writes it alone in the place of
    /// the opponent's hidden move ([`crate::Game::record_text`]).
    pub(crate) fn hidden_mark(&self) -> Option<String> {
        let n = self.notation.as_ref()?;
        let forms = n.templates.get(crate::rules::notation::MoveClass::Hidden)?;
        let text: String = forms[0]
            .iter()
            .map(|p| match p {
                crate::rules::notation::Part::Text(t) => t.as_str(),
                crate::rules::notation::Part::Value(_) => "",
            })
            .collect();
        Some(text.trim().to_string()).filter(|t| !t.is_empty())
    }

    /// Whether `word` is one of the annotation tokens of the variant's notation (`ignore:`),
    /// which a record may also write apart from its move (`[**]`, `forced`).
    pub(crate) fn is_annotation(&self, word: &str) -> bool {
        self.notation
            .as_ref()
            .is_some_and(|n| n.ignore.iter().any(|i| i == word))
    }

    /// `m`, a legal move in `pos`, written in the variant's own notation: the template of its
    /// class (see `docs/authoring.md`, "Notation") filled from the move, then a suffix per
    /// consequence the notation writes (a marker destroying the mover, a forced surfacing, a
    /// reload, the hidden mark). A class without a template is written in the engine's text
    /// ([`Ruleset::move_text`]). `None` when the definition has no `notation:` section.
    ///
    /// ```
    /// let v = fairy_rules::Variant::bundled("pirateknics")?;
    /// let start = v.start_position();
    /// let m = v.parse_notation(&start, "d2<PPP>-d4")?;
    /// assert_eq!(v.write_notation(&start, m).as_deref(), Some("d2<PPP>-d4"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_notation(&self, pos: &Position, m: Move) -> Option<String> {
        let n = self.notation.as_ref()?;
        let mut text = self.written(n, pos, m.choice()).text();
        // The chance event's drawn cell, as the engine's text records it.
        if let Some(cell) = m.outcome {
            text.push('@');
            text.push_str(&self.topology.name(cell));
        }
        Some(text)
    }

    /// Reads a move written in the variant's own notation and finds the one legal move of
    /// `pos` it names; without a `notation:` section, reads the engine's text
    /// ([`Ruleset::parse_move`]).
    ///
    /// Spaces, the order of a crew's letters and of a group's companions, letter case, the
    /// notation's `ignore` tokens after the move and a remark after one of its `remarks`
    /// words do not matter; the suffixes of consequences may be left out. A chance event's
    /// drawn cell may follow after `@`, as in the engine's text (`e2e4@d5`); without it the
    /// move comes back without an outcome.
    ///
    /// # Errors
    /// [`MoveError::Malformed`] for an empty text, [`MoveError::Illegal`] when no legal move
    /// is written so ([`Ruleset::nearest_moves`] finds what may have been meant) or when
    /// several are (it names them), [`MoveError::Limit`] for a text longer than
    /// [`crate::Limits::move_text_bytes`].
    ///
    /// Seachess's notation is the inventor's (`notation:` in `variants/seachess.yaml`,
    /// `docs/games/seachess.md`):
    ///
    /// ```
    /// use fairy_rules::{Color, Variant};
    /// let sea = Variant::bundled("seachess")?;
    /// assert_eq!(sea.notation_name(), Some("the inventor's notation"));
    /// assert_eq!(Variant::bundled("chess")?.notation_name(), None);
    /// let start = sea.start_position();
    /// let boat = sea.parse_notation(&start, "Be2-e4")?;
    /// assert_eq!(sea.move_text(boat), "e2e4");
    /// assert_eq!(sea.readable(&start, boat), "Be2 - e4");
    ///
    /// let plant = sea.parse_notation(&start, "Cc1 - M")?;
    /// assert_eq!(sea.readable_in_view(&start, plant, Some(Color::Black)), "Cc1 - M (h)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_notation(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        crate::types::limits::LimitExceeded::check(
            crate::types::limits::Limit::MoveTextBytes,
            &self.limits,
            text.len(),
        )
        .map_err(MoveError::Limit)?;
        let Some(n) = &self.notation else {
            return self.parse_move(pos, text);
        };
        let body = strip_remark(n, text);
        // A drawn cell after `@` ends the text, as in the engine's text.
        let (body, outcome) = match body.rsplit_once('@') {
            Some((main, cell)) => match self.topology.parse_cell(cell.trim()) {
                Some(c) => (main, Some(c)),
                None => (body, None),
            },
            None => (body, None),
        };
        let m = self.resolve_notation(n, pos, text, body)?;
        let Some(cell) = outcome else { return Ok(m) };
        if self.chance_cells(pos, m).has(cell) {
            Ok(m.with_outcome(cell))
        } else {
            Err(MoveError::Illegal {
                text: text.to_string(),
                reason: format!(
                    "`{}` is not a cell the move's chance event can draw",
                    self.topology.name(cell)
                ),
            })
        }
    }

    /// The one legal move of `pos` that `body` (the text without remark or outcome) writes.
    fn resolve_notation(
        &self,
        n: &Notation,
        pos: &Position,
        text: &str,
        body: &str,
    ) -> Result<Move, MoveError> {
        if body.trim().is_empty() {
            return Err(MoveError::Malformed {
                text: text.to_string(),
                reason: "it is empty".into(),
            });
        }
        let legal = self.legal_moves(pos);
        let found: Vec<(Move, Written)> = legal
            .iter()
            .map(|&m| (m, self.written(n, pos, m)))
            .filter(|(_, w)| reads_as(n, w, body))
            .collect();
        match found.as_slice() {
            [(m, _)] => Ok(*m),
            [] => {
                let reason = if legal.is_empty() {
                    "there is no legal move".to_string()
                } else {
                    "no legal move is written so".to_string()
                };
                Err(MoveError::Illegal {
                    text: text.to_string(),
                    reason,
                })
            }
            many => {
                // Written alike, they are told apart by the engine's text.
                let mut names: Vec<String> = many
                    .iter()
                    .map(|(m, w)| format!("{} ({})", w.text(), self.move_text(*m)))
                    .collect();
                names.sort();
                Err(MoveError::Ambiguous {
                    text: text.to_string(),
                    candidates: names,
                })
            }
        }
    }

    /// `m`, a legal move of `pos`, as a person reads it: in the variant's notation if it has
    /// one ([`Ruleset::write_notation`]), else in SAN ([`Ruleset::san`]). Frontends show
    /// moves so; [`Ruleset::read_move`] reads every form back.
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let start = chess.start_position();
    /// assert_eq!(chess.readable(&start, chess.parse_move(&start, "g1f3")?), "Nf3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn readable(&self, pos: &Position, m: Move) -> String {
        self.write_notation(pos, m)
            .unwrap_or_else(|| self.san(pos, m))
    }

    /// `m`, played in `pos`, as the side `view` may read it: [`Ruleset::readable`] in that
    /// side's view of `pos` ([`Ruleset::redact`]; all of `pos` for `None`), so that its
    /// capture and check marks tell nothing the view hides; the engine's move text where `m`
    /// is no legal move of the view (a move of a piece the view hides). See the example of
    /// [`Ruleset::parse_notation`].
    pub fn readable_in_view(&self, pos: &Position, m: Move, view: Option<Color>) -> String {
        self.in_view(pos, m, view, |seen, m| self.readable(seen, m))
    }

    /// [`Ruleset::readable_in_view`] in SAN alone, as PGN writes moves.
    pub(crate) fn san_in_view(&self, pos: &Position, m: Move, view: Option<Color>) -> String {
        self.in_view(pos, m, view, |seen, m| self.san(seen, m))
    }

    fn in_view(
        &self,
        pos: &Position,
        m: Move,
        view: Option<Color>,
        write: impl Fn(&Position, Move) -> String,
    ) -> String {
        let seen = match view {
            Some(side) => self.redact(pos, side),
            None => pos.clone(),
        };
        match self.legal_moves(&seen).contains(&m.choice()) {
            true => write(&seen, m),
            false => self.move_text(m),
        }
    }

    /// The legal moves of `pos` whose written forms are nearest to `text` by edit distance,
    /// spaces and case aside (each move's nearest of its SAN, its engine text and its text in
    /// the variant's notation): at most `count`, nearest first, each with the form a person
    /// reads, the variant's notation if it has one, else SAN. For an error message that
    /// suggests what was meant.
    ///
    /// ```
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// let start = chess.start_position();
    /// let near: Vec<String> = chess.nearest_moves(&start, "Nf4", 3).into_iter().map(|(_, text)| text).collect();
    /// assert_eq!(near, ["Nf3", "f4", "Na3"]);
    /// # Ok::<(), fairy_rules::LoadError>(())
    /// ```
    pub fn nearest_moves(&self, pos: &Position, text: &str, count: usize) -> Vec<(Move, String)> {
        let squeeze = |s: &str| -> String {
            s.chars()
                .filter(|c| !c.is_whitespace())
                .flat_map(char::to_lowercase)
                .collect()
        };
        let wanted = squeeze(strip_remark_opt(self.notation.as_ref(), text));
        let mut scored: Vec<(usize, String, Move)> = self
            .legal_moves(pos)
            .into_iter()
            .map(|m| {
                let san = self.san(pos, m);
                let own = self.write_notation(pos, m);
                let d = [Some(&san), Some(&self.move_text(m)), own.as_ref()]
                    .into_iter()
                    .flatten()
                    .map(|w| strsim::levenshtein(&squeeze(w), &wanted))
                    .min()
                    .unwrap_or(usize::MAX);
                (d, own.unwrap_or(san), m)
            })
            .collect();
        scored.sort();
        scored
            .into_iter()
            .take(count)
            .map(|(_, t, m)| (m, t))
            .collect()
    }

    /// The written form of `m` in `pos`.
    fn written(&self, n: &Notation, pos: &Position, m: Move) -> Written {
        let (class, values) = self.class_and_values(pos, m);
        let main = match n.template(m.piece.kind(), class) {
            Some(forms) => fill_all(forms, &values),
            None => vec![vec![Seg::Text(self.move_text(m))]],
        };
        let mut suffixes = Vec::new();
        let wants = |c: MoveClass| n.template(m.piece.kind(), c).is_some();
        let consequences = wants(MoveClass::Destroyed)
            || wants(MoveClass::ForcedSurface)
            || wants(MoveClass::Reload);
        if consequences && self.layers.is_some() {
            let after = self.play_unchecked(pos, m);
            for (class, values) in self.consequences(n, pos, &after, m) {
                if let Some(forms) = n.template(m.piece.kind(), class) {
                    suffixes.push(fill_all(forms, &values));
                }
            }
        }
        if let Some(forms) = n.template(m.piece.kind(), MoveClass::Hidden) {
            if self.is_hidden_move(m) {
                suffixes.push(fill_all(forms, &Values::default()));
            }
        }
        Written { main, suffixes }
    }

    /// The letter written for `piece`: its type's letter, upper case for either side (the
    /// class of the move tells whose it is).
    fn written_letter(&self, kind: Kind) -> char {
        self.pieces[kind.index()].letter
    }

    /// The class of `m` and the values of its placeholders.
    fn class_and_values(&self, pos: &Position, m: Move) -> (MoveClass, Values) {
        let t = &self.topology;
        let us = m.piece.color();
        let mut v = Values {
            piece: Some(self.written_letter(m.piece.kind())),
            from: Some(t.name(m.from)),
            to: Some(t.name(m.to)),
            x: m.captured.is_some(),
            captured: m.captured.map(|p| self.written_letter(p.kind())),
            promotion: m.promotion.map(|k| self.written_letter(k)),
            ..Values::default()
        };
        let own = m.captured.is_some_and(|p| p.color() == us);
        let class = match m.kind {
            MoveKind::Drop => MoveClass::Drop,
            // A pass is written as its piece's move onto its own cell.
            MoveKind::Pass => MoveClass::Move,
            // Templates have no place for a two-leg move's first leg: written as its arrival.
            MoveKind::Normal | MoveKind::EnPassant { .. } | MoveKind::TwoLegs { .. } => {
                match (m.captured.is_some(), own, m.promotion.is_some()) {
                    (true, _, true) => MoveClass::CapturePromotion,
                    (true, true, false) => MoveClass::CaptureOwn,
                    (true, false, false) => MoveClass::Capture,
                    (false, _, true) => MoveClass::Promotion,
                    (false, _, false) => MoveClass::Move,
                }
            }
            MoveKind::Castle {
                partner_from,
                partner_to,
            } => {
                v.partner = pos
                    .piece_at(partner_from)
                    .map(|p| self.written_letter(p.kind()));
                v.partner_from = Some(t.name(partner_from));
                v.partner_to = Some(t.name(partner_to));
                MoveClass::Castle
            }
            MoveKind::Sail { promotions } => {
                let crew = pos.crew_at(m.from);
                let ty = crew
                    .container_type()
                    .and_then(|ty| self.container_types().get(ty as usize));
                let (open, close) = ty.map_or(('<', '>'), |t| (t.open, t.close));
                // The mover's pieces first, each side in the definition's order of kinds.
                let mut ours: Vec<Kind> = crew
                    .pieces()
                    .filter(|p| p.color() == us)
                    .map(Piece::kind)
                    .collect();
                let mut theirs: Vec<Kind> = crew
                    .pieces()
                    .filter(|p| p.color() != us)
                    .map(Piece::kind)
                    .collect();
                ours.sort_unstable();
                theirs.sort_unstable();
                let mut tokens = self.with_choices(&ours, us, m.to, promotions);
                tokens.extend(theirs.iter().map(|&k| (self.written_letter(k), None)));
                v.crew = Some((open, close, tokens));
                MoveClass::Sail
            }
            MoveKind::Transfer { group, promotions } => {
                let kinds: Vec<Kind> = group.iter().collect();
                v.group = Some(self.with_choices(&kinds, us, m.to, promotions));
                match (m.captured.is_some(), own) {
                    (false, _) => MoveClass::Transfer,
                    (true, false) => MoveClass::TransferCapture,
                    (true, true) => MoveClass::TransferCaptureOwn,
                }
            }
            MoveKind::Plant { marker } => {
                v.marker = self
                    .layers
                    .as_ref()
                    .and_then(|l| l.markers.get(marker as usize))
                    .map(|mk| mk.letter.to_ascii_uppercase());
                MoveClass::Plant
            }
            MoveKind::Remote { .. } => MoveClass::Remote,
            MoveKind::Return => MoveClass::Return,
            MoveKind::Dive => MoveClass::Dive,
            MoveKind::Submerged => MoveClass::Submerged,
            MoveKind::Surface if m.from == m.to => MoveClass::SurfaceInPlace,
            MoveKind::Surface => MoveClass::Surface,
        };
        (class, v)
    }

    /// The tokens of `kinds` (of `color`, arriving on `to`), each promoting piece with its
    /// choice: promoting pieces take `promotions` in order, largest kind first, as the engine
    /// assigns them.
    fn with_choices(
        &self,
        kinds: &[Kind],
        color: Color,
        to: Cell,
        promotions: crate::rules::containers::Kinds,
    ) -> Vec<Token> {
        let promotes = |k: Kind| {
            self.pieces[k.index()]
                .promotion
                .as_ref()
                .is_some_and(|p| p.zone[color.index()].has(to))
        };
        let mut order: Vec<usize> = (0..kinds.len()).filter(|&i| promotes(kinds[i])).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(kinds[i]));
        let mut choices: Vec<Option<char>> = vec![None; kinds.len()];
        for (&i, k) in order.iter().zip(promotions.iter()) {
            choices[i] = Some(self.written_letter(k));
        }
        kinds
            .iter()
            .zip(choices)
            .map(|(&k, c)| (self.written_letter(k), c))
            .collect()
    }

    /// The consequences of `m` that the notation writes, in order: a marker destroying the
    /// mover, enemy submerged pieces forced up by its sonar, ammunition it refills.
    fn consequences(
        &self,
        n: &Notation,
        before: &Position,
        after: &Position,
        m: Move,
    ) -> Vec<(MoveClass, Values)> {
        let Some(layers) = &self.layers else {
            return Vec::new();
        };
        let t = &self.topology;
        let mut out = Vec::new();
        let arrives = matches!(
            m.kind,
            MoveKind::Normal
                | MoveKind::EnPassant { .. }
                | MoveKind::Castle { .. }
                | MoveKind::Sail { .. }
                | MoveKind::Transfer { .. }
                | MoveKind::Surface
        );
        let mut destroyed = false;
        if let Some((ty, _)) = before.marker_at(m.to).filter(|_| arrives) {
            let marker = &layers.markers[ty as usize];
            if marker.destroys && after.marker_at(m.to).is_none() {
                destroyed = true;
                out.push((
                    MoveClass::Destroyed,
                    Values {
                        marker: Some(marker.letter.to_ascii_uppercase()),
                        ..Values::default()
                    },
                ));
            }
        }
        // Submerged pieces that a sonar forced up: those under water before the move (the
        // mover's own at its destination, when it went under) that are no longer, on a cell a
        // sonar of the other side reaches after it. A hunter's prey on the destination is the
        // move's capture, not a surfacing.
        let went_under = matches!(m.kind, MoveKind::Dive | MoveKind::Submerged);
        let mut under: Vec<(Cell, Piece)> = Color::BOTH
            .into_iter()
            .flat_map(|c| before.submerged_of(c).cells())
            .filter(|&c| c != m.to && !(went_under && c == m.from))
            .filter_map(|c| before.submerged_at(c).map(|p| (c, p)))
            .collect();
        if went_under {
            under.push((m.to, m.piece));
        }
        under.sort_by_key(|&(c, _)| c);
        let sonar_reaches = |cell: Cell, sub: Piece| {
            layers.kinds.iter().enumerate().any(|(k, kl)| {
                !kl.sonar.is_empty()
                    && after
                        .pieces_of_kind(Kind::new(k as u8), sub.color().opponent())
                        .cells()
                        .any(|at| kl.sonar.get(at.index()).is_some_and(|r| r.has(cell)))
            })
        };
        for (cell, sub) in under {
            if after.submerged_at(cell) == Some(sub) || !sonar_reaches(cell, sub) {
                continue;
            }
            let above = if went_under && cell == m.to {
                before.piece_at(cell)
            } else {
                before.piece_at(cell).filter(|_| cell != m.to)
            };
            let captured = above.filter(|_| after.piece_at(cell) == Some(sub));
            let class = if captured.is_some() {
                MoveClass::ForcedSurfaceCapture
            } else {
                MoveClass::ForcedSurface
            };
            out.push((
                class,
                Values {
                    at: Some(t.name(cell)),
                    captured: captured.map(|p| self.written_letter(p.kind())),
                    ..Values::default()
                },
            ));
        }
        let kind = layers.kinds.get(m.piece.kind().index());
        let plain = matches!(m.kind, MoveKind::Normal | MoveKind::Castle { .. });
        if let (Some(k), true, false, None) = (kind, plain, destroyed, m.promotion) {
            let (old, new) = (before.state_at(m.from), after.state_at(m.to));
            for (slot, a) in k.ammo.iter().enumerate() {
                if old.ammo(slot) < a.count && new.ammo(slot) == a.count {
                    let letter = n
                        .ammo
                        .get(m.piece.kind().index())
                        .and_then(|l| l.get(slot).copied());
                    out.push((
                        MoveClass::Reload,
                        Values {
                            piece: Some(self.written_letter(m.piece.kind())),
                            from: Some(t.name(m.from)),
                            to: Some(t.name(m.to)),
                            ammo: letter,
                            ..Values::default()
                        },
                    ));
                }
            }
        }
        out
    }
}

/// Every form of a template, filled with a move's values.
fn fill_all(forms: &[Vec<Part>], v: &Values) -> Vec<Vec<Seg>> {
    forms.iter().map(|parts| fill(parts, v)).collect()
}

/// A template filled with a move's values. A placeholder without a value (one the compiler
/// allows in the class but the move lacks) writes nothing.
fn fill(parts: &[Part], v: &Values) -> Vec<Seg> {
    let cell = |c: &Option<String>| c.clone().map(Seg::Cell);
    let letter = |c: Option<char>| c.map(Seg::Letter);
    parts
        .iter()
        .filter_map(|p| match p {
            Part::Text(t) => Some(Seg::Text(t.clone())),
            Part::Value(p) => match p {
                Placeholder::Piece => letter(v.piece),
                Placeholder::From => cell(&v.from),
                Placeholder::To => cell(&v.to),
                Placeholder::X => v.x.then(|| Seg::Text("x".into())),
                Placeholder::Captured => letter(v.captured),
                Placeholder::Promotion => letter(v.promotion),
                Placeholder::Partner => letter(v.partner),
                Placeholder::PartnerFrom => cell(&v.partner_from),
                Placeholder::PartnerTo => cell(&v.partner_to),
                Placeholder::Crew => v
                    .crew
                    .clone()
                    .map(|(open, close, tokens)| Seg::Crew(open, close, tokens)),
                Placeholder::Group => v.group.clone().map(Seg::Group),
                Placeholder::Marker => letter(v.marker),
                Placeholder::At => cell(&v.at),
                Placeholder::Ammo => letter(v.ammo),
            },
        })
        .collect()
}

/// The text before the first remark word of the notation.
fn strip_remark<'a>(n: &Notation, text: &'a str) -> &'a str {
    strip_remark_opt(Some(n), text)
}

fn strip_remark_opt<'a>(n: Option<&Notation>, text: &'a str) -> &'a str {
    let Some(n) = n else { return text };
    let lower = text.to_ascii_lowercase();
    let cut = n
        .remarks
        .iter()
        .filter_map(|r| {
            let r = r.to_ascii_lowercase();
            lower
                .match_indices(&r)
                .map(|(i, _)| i)
                .find(|&i| i == 0 || lower[..i].ends_with(char::is_whitespace))
        })
        .min();
    match cut {
        Some(i) if lower.len() == text.len() => &text[..i],
        _ => text,
    }
}

/// Whether `text` is one of the written forms `w`, as a reader takes it.
fn reads_as(n: &Notation, w: &Written, text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    w.main.iter().any(|main| {
        let Some(mut at) = match_segs(main, &chars, 0) else {
            return false;
        };
        for forms in &w.suffixes {
            if let Some(next) = forms.iter().find_map(|f| match_segs(f, &chars, at)) {
                at = next;
            }
        }
        only_annotations(n, &chars[at..])
    })
}

/// Whether what is left is spaces and the notation's annotation tokens.
fn only_annotations(n: &Notation, rest: &[char]) -> bool {
    let mut i = 0;
    'outer: while i < rest.len() {
        if rest[i].is_whitespace() {
            i += 1;
            continue;
        }
        for token in &n.ignore {
            let t: Vec<char> = token.chars().collect();
            if rest[i..].starts_with(&t) {
                i += t.len();
                continue 'outer;
            }
        }
        return false;
    }
    true
}

fn skip_spaces(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// Matches `segs` at `i`, returning where the match ends.
fn match_segs(segs: &[Seg], chars: &[char], mut i: usize) -> Option<usize> {
    for seg in segs {
        i = match seg {
            Seg::Text(t) => match_text(t, chars, i)?,
            Seg::Letter(c) => {
                let j = skip_spaces(chars, i);
                chars
                    .get(j)
                    .filter(|&&d| letter::upper(d) == letter::upper(*c))?;
                j + 1
            }
            Seg::Cell(name) => {
                let j = skip_spaces(chars, i);
                let mut k = j;
                if chars.get(k).is_some_and(char::is_ascii_alphabetic) {
                    k += 1;
                }
                while chars.get(k).is_some_and(char::is_ascii_digit) {
                    k += 1;
                }
                let read: String = chars[j..k].iter().collect();
                if !read.eq_ignore_ascii_case(name) {
                    return None;
                }
                k
            }
            Seg::Crew(open, close, tokens) => {
                let mut j = skip_spaces(chars, i);
                // The cell already names the container, so any pair of brackets a container
                // may have is read as its own: inventors' records vary.
                let close = match chars.get(j) {
                    Some(c) if c == open => *close,
                    Some(c) => BRACKETS.iter().find(|(o, _)| o == c)?.1,
                    None => return None,
                };
                j += 1;
                let mut read = Vec::new();
                loop {
                    j = skip_spaces(chars, j);
                    if chars.get(j) == Some(&close) {
                        break;
                    }
                    let (token, next) = read_token(chars, j)?;
                    read.push(token);
                    j = next;
                }
                if !same_multiset(&read, tokens) {
                    return None;
                }
                j + 1
            }
            Seg::Group(tokens) => {
                let mut j = i;
                let mut read = Vec::new();
                for _ in tokens {
                    j = skip_spaces(chars, j);
                    let (token, next) = read_token(chars, j)?;
                    read.push(token);
                    j = next;
                }
                // The mover's letter comes first; identical pieces are interchangeable, so
                // the choices compare over the whole group.
                let mover = |t: &[Token]| t.first().map(|t| t.0);
                if mover(&read) != mover(tokens) || !same_multiset(&read, tokens) {
                    return None;
                }
                j
            }
        };
    }
    Some(i)
}

/// Literal text: spaces in either do not count, letters compare without case.
fn match_text(t: &str, chars: &[char], mut i: usize) -> Option<usize> {
    for c in t.chars().filter(|c| !c.is_whitespace()) {
        i = skip_spaces(chars, i);
        chars.get(i).filter(|d| d.eq_ignore_ascii_case(&c))?;
        i += 1;
    }
    Some(i)
}

/// A letter and its optional choice in parentheses, upper case.
fn read_token(chars: &[char], i: usize) -> Option<(Token, usize)> {
    let first = chars.get(i).filter(|c| c.is_alphabetic())?;
    let mut j = i + 1;
    let mut choice = None;
    if chars.get(j) == Some(&'(') {
        let c = chars.get(j + 1).filter(|c| c.is_alphabetic())?;
        if chars.get(j + 2) != Some(&')') {
            return None;
        }
        choice = Some(letter::upper(*c));
        j += 3;
    }
    Some(((letter::upper(*first), choice), j))
}

fn same_multiset(a: &[Token], b: &[Token]) -> bool {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}
