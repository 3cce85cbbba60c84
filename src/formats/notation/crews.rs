//! The container parts of a FEN: a container and its crew (`<PPp>`), and the no-undo field.

use crate::rules::containers::{ContainerType, Crew};
use crate::rules::{Color, Ruleset};
use crate::types::bitboard::Cell;

use super::fen::{FenError, FenField, Fields};
use crate::engine::Position;

impl Ruleset {
    /// The container types of a container game; empty otherwise.
    pub(crate) fn container_types(&self) -> &[ContainerType] {
        self.containers.as_ref().map_or(&[][..], |c| &c.types[..])
    }

    /// A container and its crew as a FEN writes it: White's pieces then Black's, each in
    /// the definition's order of kinds (`<PPp>`; `<>` when empty).
    pub(crate) fn crew_text(&self, crew: Crew) -> String {
        let Some(t) = crew
            .container_type()
            .and_then(|ty| self.container_types().get(ty as usize))
        else {
            return String::new();
        };
        let mut pieces: Vec<_> = crew.pieces().collect();
        pieces.sort_by_key(|p| (p.color() == Color::Black, p.kind()));
        let mut out = String::new();
        out.push(t.open);
        out.extend(pieces.into_iter().map(|p| self.letter(p)));
        out.push(t.close);
        out
    }

    /// Reads the fourth FEN field (field `i` of `f`) of a container game: `-`, or the last
    /// move when it was a container move, as its two cells (`b5a7`), which the side to move
    /// may not reverse.
    pub(super) fn undo_ban_field(
        &self,
        pos: &Position,
        f: &Fields,
        i: usize,
    ) -> Result<Option<(Cell, Cell)>, FenError> {
        let field = f.get(i).unwrap_or("-");
        if field == "-" {
            return Ok(None);
        }
        let fail = |reason: String| f.error(i, FenField::LastContainerMove, None, reason);
        if !self.containers.as_ref().is_some_and(|c| c.no_undo) {
            return Err(fail("this variant has no no-undo rule; write `-`".into()));
        }
        let split = field
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_lowercase())
            .map(|(i, _)| i)
            .ok_or_else(|| fail(format!("`{field}` is not two squares such as `b5a7`")))?;
        let cell = |name: &str| {
            self.topology
                .parse_cell(name)
                .ok_or_else(|| fail(format!("`{name}` is not a square of this board")))
        };
        let (from, to) = (cell(&field[..split])?, cell(&field[split..])?);
        if pos.crew_at(from).is_container() || pos.crew_at(to).is_empty() {
            return Err(fail(format!(
                "a crewed container on {} and none on {} are needed",
                &field[split..],
                &field[..split]
            )));
        }
        Ok(Some((from, to)))
    }
}
