//! Game parameters: drawing them, giving them as text, and reading the rules that name them.

use rand::Rng;

use crate::rules::{Color, Kind, ParameterValues, PieceRef, Ruleset, ZoneRef};
use crate::types::bitboard::{Bits, Cell};

use super::effects::set_parameter;
use super::{Engine, Position};
use crate::rules::position::{on_pos, Extra, UNSET};

/// A value of a game parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ParameterValue {
    /// A piece type, for a parameter with `pieces`.
    Piece(Kind),
    /// A cell, for a parameter with `squares`.
    Square(Cell),
}

/// Parameter text that cannot be used. Each variant carries the whole text given.
///
/// See the example of [`Ruleset::set_parameters`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParameterError {
    /// An item is not `name=value`.
    #[error("invalid parameters `{text}`: `{item}` is not name=value")]
    NotAssignment {
        /// The text given.
        text: String,
        /// The item.
        item: String,
    },
    /// The variant has no parameter of that name.
    #[error("invalid parameters `{text}`: there is no parameter `{name}`")]
    UnknownName {
        /// The text given.
        text: String,
        /// The name written.
        name: String,
    },
    /// A value that the parameter can never take.
    #[error("invalid parameters `{text}`: `{value}` is not a value of `{name}`")]
    BadValue {
        /// The text given.
        text: String,
        /// The parameter.
        name: String,
        /// The value written.
        value: String,
    },
    /// A value that the values before it rule out.
    #[error("invalid parameters `{text}`: {}'s `{name}` may not be {value}", side.name())]
    Excluded {
        /// The text given.
        text: String,
        /// The side whose value it is.
        side: Color,
        /// The parameter.
        name: String,
        /// The value.
        value: String,
    },
    /// Parameters are given once a game has begun.
    #[error("invalid parameters `{text}`: the game has begun")]
    GameBegun {
        /// The text given.
        text: String,
    },
}

impl<const W: usize> Engine<'_, W> {
    /// The kind a piece reference names for `side` (`None` for an unset parameter).
    pub(crate) fn piece_of(&self, x: &Extra<W>, r: PieceRef, side: Color) -> Option<Kind> {
        match r {
            PieceRef::Kind(k) => Some(k),
            PieceRef::Parameter(i) => Some(x.params[i][side.index()])
                .filter(|&v| v != UNSET)
                .map(Kind::new),
        }
    }

    /// The cells a zone reference names for `side`.
    pub(crate) fn zone_of(&self, x: &Extra<W>, z: ZoneRef, side: Color) -> Option<Bits<W>> {
        match z {
            ZoneRef::Cells(cells) => Some(cells[side.index()].resize()),
            ZoneRef::Parameter(i) => Some(x.params[i][side.index()])
                .filter(|&v| v != UNSET)
                .map(|v| Bits::from_cell(Cell::new(v))),
        }
    }
}

impl Ruleset {
    fn raw(&self, index: usize, v: u8) -> Option<ParameterValue> {
        if v == UNSET {
            return None;
        }
        Some(match self.parameters[index].values {
            ParameterValues::Pieces(_) => ParameterValue::Piece(Kind::new(v)),
            ParameterValues::Squares { .. } => ParameterValue::Square(Cell::new(v)),
        })
    }

    pub(crate) fn params(pos: &Position) -> [[u8; 2]; crate::rules::MAX_PARAMETERS] {
        on_pos!(&pos.0, p => p.extra.params)
    }

    fn candidates(
        &self,
        params: &[[u8; 2]; crate::rules::MAX_PARAMETERS],
        index: usize,
        side: Color,
    ) -> Vec<u8> {
        let Some(parameter) = self.parameters.get(index) else {
            return Vec::new();
        };
        match &parameter.values {
            ParameterValues::Pieces(kinds) => kinds.iter().map(|k| k.get()).collect(),
            ParameterValues::Squares { cells, except } => {
                let s = side.index();
                let excluded = except
                    .iter()
                    .filter(|e| params[e.parameter][s] == e.value.get())
                    .fold(crate::types::bitboard::Bitboard::EMPTY, |acc, e| {
                        acc | e.cells[s]
                    });
                (cells[s] & !excluded).cells().map(Cell::get).collect()
            }
        }
    }

    /// Stores parameter values in `pos`, keeping its key in step.
    pub(crate) fn store(
        &self,
        pos: &mut Position,
        params: [[u8; 2]; crate::rules::MAX_PARAMETERS],
    ) {
        let z = &self.zobrist;
        on_pos!(&mut pos.0, p => {
            for (i, values) in params.iter().enumerate() {
                for side in Color::BOTH {
                    set_parameter((&mut p.st, &mut p.extra), z, i, side, values[side.index()]);
                }
            }
        });
    }

    /// Gives every parameter that has no value yet one drawn uniformly by `rng`, in order,
    /// White's then Black's, among the values that keep the values already set allowed.
    /// See the example of [`Ruleset::set_parameters`].
    pub fn draw_parameters(&self, pos: &mut Position, rng: &mut impl Rng) {
        let mut params = Self::params(pos);
        for i in 0..self.parameters.len() {
            for side in Color::BOTH {
                if params[i][side.index()] != UNSET {
                    continue;
                }
                let options: Vec<u8> = self
                    .candidates(&params, i, side)
                    .into_iter()
                    .filter(|&v| {
                        let mut trial = params;
                        trial[i][side.index()] = v;
                        self.first_disallowed(&trial).is_none()
                    })
                    .collect();
                if !options.is_empty() {
                    params[i][side.index()] = options[rng.random_range(0..options.len())];
                }
            }
        }
        self.store(pos, params);
    }

    /// Sets parameters from text such as `dutchman=R/N,port=d8/e1` (White's value, then
    /// Black's; one value serves both; `?` leaves a value unset). Parameters not named keep
    /// their values. An unset parameter turns off the rules that name it.
    ///
    /// # Errors
    /// A [`ParameterError`] for an item that is not `name=value`, an unknown name or a value
    /// outside what the parameter allows (given the values before it); `pos` is unchanged
    /// then.
    ///
    /// The Flying Dutchman's parameters (`parameters:` in `variants/flying-dutchman.yaml`,
    /// `docs/games/flying-dutchman.md`): the ghost ship's kind and its port.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// let dutchman = fairy_rules::Variant::bundled("flying-dutchman")?;
    /// let mut pos = dutchman.start_position();
    /// assert_eq!(dutchman.parameter_text(&pos), "dutchman=?/?,port=?/?");
    /// dutchman.set_parameters(&mut pos, "dutchman=R")?; // one value for both sides
    /// assert_eq!(dutchman.parameter_text(&pos), "dutchman=R/R,port=?/?");
    /// let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    /// dutchman.draw_parameters(&mut pos, &mut rng); // the ports, to fit the rooks
    /// assert!(!dutchman.parameter_text(&pos).contains('?'));
    /// let e = dutchman.set_parameters(&mut pos, "port=z9").unwrap_err();
    /// assert_eq!(e.to_string(), "invalid parameters `port=z9`: `z9` is not a value of `port`");
    ///
    /// let chess = fairy_rules::Variant::bundled("chess")?;
    /// assert_eq!(chess.parameter_text(&chess.start_position()), "");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_parameters(&self, pos: &mut Position, text: &str) -> Result<(), ParameterError> {
        let mut params = Self::params(pos);
        for item in text.split(',').filter(|a| !a.is_empty()) {
            let (name, values) =
                item.split_once('=')
                    .ok_or_else(|| ParameterError::NotAssignment {
                        text: text.into(),
                        item: item.into(),
                    })?;
            let index = self
                .parameters
                .iter()
                .position(|p| p.name == name)
                .ok_or_else(|| ParameterError::UnknownName {
                    text: text.into(),
                    name: name.into(),
                })?;
            let (white, black) = values.split_once('/').unwrap_or((values, values));
            for (side, value) in [(Color::White, white), (Color::Black, black)] {
                if value == "?" {
                    params[index][side.index()] = UNSET;
                    continue;
                }
                let parsed = match self.parameters[index].values {
                    ParameterValues::Pieces(_) => value
                        .chars()
                        .next()
                        .filter(|_| value.chars().count() == 1)
                        .and_then(|c| self.kind_of_letter(c))
                        .map(Kind::get),
                    ParameterValues::Squares { .. } => {
                        self.topology.parse_cell(value).map(Cell::get)
                    }
                };
                params[index][side.index()] = parsed.ok_or_else(|| ParameterError::BadValue {
                    text: text.into(),
                    name: name.into(),
                    value: value.into(),
                })?;
            }
        }
        if let Some((i, side)) = self.first_disallowed(&params) {
            return Err(ParameterError::Excluded {
                text: text.into(),
                side,
                name: self.parameters[i].name.clone(),
                value: self.value_text(i, params[i][side.index()]),
            });
        }
        self.store(pos, params);
        Ok(())
    }

    /// The first set parameter (and side) whose value the values before it rule out.
    fn first_disallowed(
        &self,
        params: &[[u8; 2]; crate::rules::MAX_PARAMETERS],
    ) -> Option<(usize, Color)> {
        (0..self.parameters.len())
            .flat_map(|i| Color::BOTH.map(|s| (i, s)))
            .find(|&(i, side)| {
                let v = params[i][side.index()];
                v != UNSET && !self.candidates(params, i, side).contains(&v)
            })
    }

    /// The parameters as text (`dutchman=R/N,port=d8/e1`, White's value then Black's, `?`
    /// for a value not set); empty when the variant has none. See the example of
    /// [`Ruleset::set_parameters`].
    pub fn parameter_text(&self, pos: &Position) -> String {
        let params = Self::params(pos);
        self.parameters
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let [w, b] = params[i];
                format!(
                    "{}={}/{}",
                    p.name,
                    self.value_text(i, w),
                    self.value_text(i, b)
                )
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    fn value_text(&self, index: usize, v: u8) -> String {
        match self.raw(index, v) {
            None => "?".into(),
            Some(ParameterValue::Piece(k)) => self.pieces[k.index()].letter.to_string(),
            Some(ParameterValue::Square(c)) => self.topology.name(c),
        }
    }
}
