//! The container parts of a FEN: a container and its crew (`<PPp>`), and the no-undo field.

use crate::rules::containers::{ContainerType, Crew};
use crate::rules::{Color, Ruleset};

use super::fen::{err, FenError};
use crate::engine::Position;

impl Ruleset {
    /// The container types of a container game; empty otherwise.
    pub(crate) fn container_types(&self) -> &[ContainerType] {
        self.containers.as_ref().map_or(&[][..], |c| &c.types[..])
    }

    /// A container and its crew as a FEN writes it: White's pieces then Black's, each in
    /// the definition's order of kinds (`<PPp>`; `<>` when empty).
    pub fn crew_text(&self, crew: Crew) -> String {
        let Some(ty) = crew.container_type() else {
            return String::new();
        };
        let t = &self.container_types()[ty as usize];
        let mut pieces: Vec<_> = crew.pieces().collect();
        pieces.sort_by_key(|p| (p.color() == Color::Black, p.kind()));
        let mut out = String::new();
        out.push(t.open);
        out.extend(pieces.into_iter().map(|p| self.letter(p)));
        out.push(t.close);
        out
    }

    /// Reads the fourth FEN field of a container game: `-`, or the last move when it was a
    /// container move, as its two cells (`b5a7`), which the side to move may not reverse.
    pub(crate) fn undo_ban_field(
        &self,
        pos: &Position,
        field: &str,
    ) -> Result<Option<(u8, u8)>, FenError> {
        if field == "-" {
            return Ok(None);
        }
        let what = "last container move";
        if !self.containers.as_ref().is_some_and(|c| c.no_undo) {
            return Err(err(what, "this variant has no no-undo rule; write `-`"));
        }
        let split = field
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i)
            .ok_or_else(|| err(what, format!("`{field}` is not two squares such as `b5a7`")))?;
        let cell = |name: &str| {
            self.topology
                .parse_cell(name)
                .ok_or_else(|| err(what, format!("`{name}` is not a square of this board")))
        };
        let (from, to) = (cell(&field[..split])?, cell(&field[split..])?);
        if pos.crew_at(from).is_container() || pos.crew_at(to).is_empty() {
            return Err(err(
                what,
                format!(
                    "a crewed container on {} and none on {} are needed",
                    &field[split..],
                    &field[..split]
                ),
            ));
        }
        Ok(Some((from, to)))
    }
}
