//! Game parameters: drawing them, giving them as text, and reading the rules that name them.

use rand::Rng;

use crate::bitboard::Bitboard;
use crate::rules::{Color, ParameterValues, PieceRef, Ruleset, ZoneRef};

use super::position::UNSET;
use super::Position;

/// Parameter text that cannot be used, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid parameters `{text}`: {reason}")]
pub struct ParameterError {
    /// The text given.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

impl Ruleset {
    /// The kind a piece reference names for `side` in `pos` (`None` for an unset parameter).
    pub(crate) fn piece_of(&self, pos: &Position, r: PieceRef, side: Color) -> Option<u8> {
        match r {
            PieceRef::Kind(k) => Some(k),
            PieceRef::Parameter(i) => Some(pos.params[i][side.index()]).filter(|&v| v != UNSET),
        }
    }

    /// The cells a zone reference names for `side` in `pos`.
    pub(crate) fn zone_of(&self, pos: &Position, z: ZoneRef, side: Color) -> Option<Bitboard> {
        match z {
            ZoneRef::Cells(cells) => Some(cells[side.index()]),
            ZoneRef::Parameter(i) => Some(pos.params[i][side.index()])
                .filter(|&v| v != UNSET)
                .map(Bitboard::from_cell),
        }
    }

    /// The values parameter `index` may take for `side`, given the earlier parameters'
    /// values in `pos`.
    pub fn parameter_candidates(&self, pos: &Position, index: usize, side: Color) -> Vec<u8> {
        let Some(parameter) = self.parameters.get(index) else {
            return Vec::new();
        };
        match &parameter.values {
            ParameterValues::Pieces(kinds) => kinds.clone(),
            ParameterValues::Squares { cells, except } => {
                let s = side.index();
                let excluded = except
                    .iter()
                    .filter(|e| pos.params[e.parameter][s] == e.value)
                    .fold(Bitboard::EMPTY, |acc, e| acc | e.cells[s]);
                (cells[s] & !excluded).cells().collect()
            }
        }
    }

    /// Gives every parameter that has no value yet one drawn uniformly by `rng`, in order,
    /// White's then Black's, among the values that keep the values already set allowed.
    pub fn draw_parameters(&self, pos: &mut Position, rng: &mut impl Rng) {
        for i in 0..self.parameters.len() {
            for side in Color::BOTH {
                if pos.params[i][side.index()] == UNSET {
                    let options: Vec<u8> = self
                        .parameter_candidates(pos, i, side)
                        .into_iter()
                        .filter(|&v| {
                            let mut trial = pos.clone();
                            trial.params[i][side.index()] = v;
                            self.consistent(&trial)
                        })
                        .collect();
                    if !options.is_empty() {
                        pos.params[i][side.index()] = options[rng.random_range(0..options.len())];
                    }
                }
            }
        }
    }

    /// Sets parameters from text such as `dutchman=R/N,port=d8/e1` (White's value, then
    /// Black's; one value serves both; `?` leaves a value unset). Parameters not named keep
    /// their values. An unset parameter turns off the rules that name it.
    ///
    /// # Errors
    /// A [`ParameterError`] for an unknown name or a value outside what the parameter allows
    /// (given the values before it); `pos` is unchanged then.
    pub fn set_parameters(&self, pos: &mut Position, text: &str) -> Result<(), ParameterError> {
        let fail = |reason: String| ParameterError {
            text: text.to_string(),
            reason,
        };
        let mut params = pos.params;
        for assignment in text.split(',').filter(|a| !a.is_empty()) {
            let (name, values) = assignment
                .split_once('=')
                .ok_or_else(|| fail(format!("`{assignment}` is not name=value")))?;
            let index = self
                .parameters
                .iter()
                .position(|p| p.name == name)
                .ok_or_else(|| fail(format!("there is no parameter `{name}`")))?;
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
                        .filter(|_| value.len() == 1)
                        .and_then(|c| self.kind_of_letter(c)),
                    ParameterValues::Squares { .. } => self.topology.parse_cell(value),
                };
                params[index][side.index()] =
                    parsed.ok_or_else(|| fail(format!("`{value}` is not a value of `{name}`")))?;
            }
        }
        let mut check = pos.clone();
        check.params = params;
        if let Some((i, side)) = self.first_disallowed(&check) {
            let v = params[i][side.index()];
            let name = &self.parameters[i].name;
            return Err(fail(format!(
                "{}'s `{name}` may not be {}",
                side.name(),
                self.value_text(i, v)
            )));
        }
        pos.params = params;
        Ok(())
    }

    /// Whether every parameter set in `pos` is allowed by the values before it.
    fn consistent(&self, pos: &Position) -> bool {
        self.first_disallowed(pos).is_none()
    }

    /// The first set parameter (and side) whose value the values before it rule out.
    fn first_disallowed(&self, pos: &Position) -> Option<(usize, Color)> {
        (0..self.parameters.len())
            .flat_map(|i| Color::BOTH.map(|s| (i, s)))
            .find(|&(i, side)| {
                let v = pos.params[i][side.index()];
                v != UNSET && !self.parameter_candidates(pos, i, side).contains(&v)
            })
    }

    /// The parameters as text (`dutchman=R/N,port=d8/e1`); empty when the variant has none.
    pub fn parameter_text(&self, pos: &Position) -> String {
        self.parameters
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let [w, b] = pos.params[i];
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
        if v == UNSET {
            return "?".into();
        }
        match self.parameters[index].values {
            ParameterValues::Pieces(_) => self.pieces[v as usize].letter.to_string(),
            ParameterValues::Squares { .. } => self.topology.name(v),
        }
    }
}
