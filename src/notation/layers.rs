//! The layer parts of a FEN: layered cells (`{C_s*M}`) in the board field, and the state field
//! after the standard ones: `-` or entries `cell.name=value` (`_cell` for the submerged piece)
//! for every piece state that differs from the start state, then `sortie.w=cell` entries.
//!
//! Names: a piece's ammunition by its name (`c1.mine=0`), `facing` (`n`, `e`, `s`, `w`),
//! `surfaced` (own turns on the surface) and `submerged` (own turns it may still stay under,
//! always written for a submerged piece).

use crate::engine::Position;
use crate::rules::layers::{Facing, PieceState};
use crate::rules::{Color, Piece, Ruleset};

use super::fen::{err, FenError};

impl Ruleset {
    /// The marker letters of a layer game.
    pub(crate) fn marker_letters(&self) -> Option<Vec<char>> {
        let l = self.layers.as_ref()?;
        Some(l.markers.iter().map(|m| m.letter).collect())
    }

    /// The text of a cell of a layer game: a piece letter, a layered cell in braces, or
    /// nothing for an empty cell.
    pub(crate) fn layer_cell_text(&self, pos: &Position, cell: u8) -> String {
        let surface = pos.piece_at(cell).map(|p| self.letter(p));
        let l = pos.layers();
        let under = l.under[cell as usize].map(|p| self.letter(p));
        let marker = l.marker_at(cell).map(|(ty, owner)| {
            let c = self.layer_rules().markers[ty as usize].letter;
            match owner {
                Color::White => c,
                Color::Black => c.to_ascii_lowercase(),
            }
        });
        if under.is_none() && marker.is_none() {
            return surface.map(String::from).unwrap_or_default();
        }
        let mut out = String::from("{");
        out.extend(surface);
        if let Some(u) = under {
            out.push('_');
            out.push(u);
        }
        if let Some(m) = marker {
            out.push('*');
            out.push(m);
        }
        out.push('}');
        out
    }

    /// The state field of a layer game (see the module documentation).
    pub(crate) fn state_text(&self, pos: &Position) -> String {
        let l = pos.layers();
        let mut entries = Vec::new();
        for cell in self.topology.all() {
            if let Some(p) = pos.piece_at(cell) {
                self.state_entries(&mut entries, "", cell, p, l.state[cell as usize], false);
            }
            if let Some(p) = l.under[cell as usize] {
                self.state_entries(
                    &mut entries,
                    "_",
                    cell,
                    p,
                    l.under_state[cell as usize],
                    true,
                );
            }
        }
        for color in Color::BOTH {
            if let Some(cell) = l.sortie[color.index()] {
                let side = if color == Color::White { 'w' } else { 'b' };
                entries.push(format!("sortie.{side}={}", self.topology.name(cell)));
            }
        }
        if entries.is_empty() {
            "-".into()
        } else {
            entries.join(",")
        }
    }

    fn state_entries(
        &self,
        out: &mut Vec<String>,
        prefix: &str,
        cell: u8,
        piece: Piece,
        state: PieceState,
        submerged: bool,
    ) {
        let rules = self.layer_rules();
        let k = &rules.kinds[piece.kind() as usize];
        let start = rules.start_state(piece.kind(), piece.color());
        let at = format!("{prefix}{}", self.topology.name(cell));
        for (slot, a) in k.ammo.iter().enumerate() {
            if state.ammo(slot) != start.ammo(slot) {
                out.push(format!("{at}.{}={}", a.name, state.ammo(slot)));
            }
        }
        if k.facing && state.facing() != start.facing() {
            out.push(format!("{at}.facing={}", state.facing().letter()));
        }
        if state.surfaced() != 0 {
            out.push(format!("{at}.surfaced={}", state.surfaced()));
        }
        if submerged {
            out.push(format!("{at}.submerged={}", state.submerged()));
        }
    }

    /// Reads the state field into `pos`, whose pieces hold their start states.
    pub(crate) fn state_field(&self, pos: &mut Position, field: &str) -> Result<(), FenError> {
        if field != "-" {
            for entry in field.split(',') {
                self.state_entry(pos, entry)
                    .map_err(|message| err("state", format!("`{entry}`: {message}")))?;
            }
        }
        pos.refresh_layer_key(&self.zobrist);
        Ok(())
    }

    fn state_entry(&self, pos: &mut Position, entry: &str) -> Result<(), String> {
        let (key, value) = entry
            .split_once('=')
            .ok_or("an entry is `cell.name=value`")?;
        let (at, name) = key.split_once('.').ok_or("an entry is `cell.name=value`")?;
        if at == "sortie" {
            let side = match name {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return Err("a sortie belongs to `w` or `b`".into()),
            };
            let cell = self
                .topology
                .parse_cell(value)
                .ok_or(format!("`{value}` is not a square of this board"))?;
            if pos.piece_at(cell).is_none_or(|p| p.color() != side) {
                return Err(format!("no {} piece stands on {value}", side.name()));
            }
            pos.layers_mut().sortie[side.index()] = Some(cell);
            return Ok(());
        }
        let (submerged, square) = match at.strip_prefix('_') {
            Some(square) => (true, square),
            None => (false, at),
        };
        let cell = self
            .topology
            .parse_cell(square)
            .ok_or(format!("`{square}` is not a square of this board"))?;
        let l = pos.layers();
        let piece = if submerged {
            l.under[cell as usize]
        } else {
            pos.piece_at(cell)
        }
        .ok_or(format!(
            "no {}piece stands on {square}",
            if submerged { "submerged " } else { "" }
        ))?;
        let k = &self.layer_rules().kinds[piece.kind() as usize];
        let side = pos.side_to_move();
        let number = || -> Result<u8, String> {
            value
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= 15)
                .ok_or(format!("`{value}` is not a number from 0 to 15"))
        };
        let l = pos.layers_mut();
        let state = if submerged {
            &mut l.under_state[cell as usize]
        } else {
            &mut l.state[cell as usize]
        };
        if let Some(slot) = k.ammo.iter().position(|a| a.name == name) {
            let n = number()?;
            if n > k.ammo[slot].count {
                return Err(format!("it holds at most {}", k.ammo[slot].count));
            }
            *state = state.with_ammo(slot, n);
        } else if name == "facing" && k.facing {
            let f = value
                .chars()
                .next()
                .filter(|_| value.len() == 1)
                .and_then(Facing::from_letter)
                .ok_or(format!("`{value}` is not a facing (`n`, `e`, `s` or `w`)"))?;
            *state = state.with_facing(f);
        } else if let (Some(s), "surfaced") = (k.submerge, name) {
            let n = number()?;
            if n > s.surface_cap() {
                return Err(format!(
                    "counts above {} make no difference",
                    s.surface_cap()
                ));
            }
            *state = state.with_surfaced(n);
        } else if let (Some(s), "submerged", true) = (k.submerge, name, submerged) {
            let n = number()?;
            // 0 is left only between the owner's move and the start of its next turn.
            if n > s.max || (n == 0 && piece.color() == side) {
                return Err(format!("`{value}` turns under water are not possible here"));
            }
            *state = state.with_submerged(n);
        } else {
            return Err(format!("the piece has no state named `{name}`"));
        }
        Ok(())
    }
}
