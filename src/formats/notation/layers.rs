//! The layer parts of a FEN: layered cells (`{C_s*M}`) in the board field, and the state field
//! after the standard ones: `-` or entries `cell.name=value` (`_cell` for the submerged piece)
//! for every piece state that differs from the start state, then `sortie.w=cell` entries.
//!
//! Names: a piece's ammunition by its name (`c1.mine=0`), `facing` (`n`, `e`, `s`, `w`),
//! `surfaced` (own turns on the surface) and `submerged` (own turns it may still stay under,
//! always written for a submerged piece).

use crate::engine::Position;
use crate::rules::layers::{Facing, LayerRules, PieceState};
use crate::rules::{Color, Piece, Ruleset};
use crate::types::bitboard::Cell;

use super::fen::{FenError, FenField, Fields};

impl Ruleset {
    fn layer_rules(&self) -> Option<&LayerRules> {
        self.layers.as_ref()
    }

    /// The marker letters of a layer game.
    pub(crate) fn marker_letters(&self) -> Option<Vec<char>> {
        let l = self.layer_rules()?;
        Some(l.markers.iter().map(|m| m.letter).collect())
    }

    /// The text of a cell of a layer game: a piece letter, a layered cell in braces, or
    /// nothing for an empty cell.
    pub(crate) fn layer_cell_text(&self, pos: &Position, cell: Cell) -> String {
        let surface = if self.containers.is_some() {
            self.crew_text(pos.crew_at(cell))
        } else {
            self.piece_text(pos, cell)
        };
        let under = pos.submerged_at(cell).map(|p| self.letter(p));
        let marker = pos.marker_at(cell).and_then(|(ty, owner)| {
            let c = self.layer_rules()?.markers.get(ty as usize)?.letter;
            Some(match owner {
                Color::White => c,
                Color::Black => c.to_ascii_lowercase(),
            })
        });
        if under.is_none() && marker.is_none() {
            return surface;
        }
        let mut out = String::from("{");
        out.push_str(&surface);
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
        let mut entries = Vec::new();
        for cell in self.topology.cells() {
            if let Some(p) = pos.piece_at(cell) {
                self.state_entries(&mut entries, "", cell, p, pos.state_at(cell), false);
            }
            if let Some(p) = pos.submerged_at(cell) {
                let state = pos.submerged_state_at(cell);
                self.state_entries(&mut entries, "_", cell, p, state, true);
            }
        }
        for color in Color::BOTH {
            if let Some(cell) = pos.sortie(color) {
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
        cell: Cell,
        piece: Piece,
        state: PieceState,
        submerged: bool,
    ) {
        let Some(rules) = self.layer_rules() else {
            return;
        };
        let k = &rules.kinds[piece.kind().index()];
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

    /// Reads the state field (field `i` of `f`) into `pos`, whose pieces hold their start
    /// states. Every submerged piece needs its `submerged` entry.
    pub(super) fn state_field(
        &self,
        pos: &mut Position,
        f: &Fields,
        i: usize,
    ) -> Result<(), FenError> {
        let field = f.get(i).unwrap_or("-");
        let mut given = crate::types::bitboard::Bitboard::EMPTY;
        if field != "-" {
            let mut at = 0;
            for entry in field.split(',') {
                let part = Some(at..at + entry.len());
                at += entry.len() + 1;
                match self.state_entry(pos, entry) {
                    Ok(Some(cell)) => given = given.with(cell),
                    Ok(None) => {}
                    Err(message) => {
                        return Err(f.error(
                            i,
                            FenField::States,
                            part,
                            format!("`{entry}`: {message}"),
                        ))
                    }
                }
            }
        }
        for color in Color::BOTH {
            if let Some(cell) = (pos.submerged_of(color) & !given).first() {
                return Err(f.error(
                    i,
                    FenField::States,
                    None,
                    format!(
                        "the submerged piece under {} needs its `submerged` entry",
                        self.topology.name(cell)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Reads one entry; returns the cell of a submerged piece whose turns under water it
    /// gives.
    fn state_entry(&self, pos: &mut Position, entry: &str) -> Result<Option<Cell>, String> {
        let rules = self
            .layer_rules()
            .ok_or("this variant has no piece states")?;
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
            let piece = pos
                .piece_at(cell)
                .filter(|p| p.color() == side)
                .ok_or(format!("no {} piece stands on {value}", side.name()))?;
            if !rules.kinds[piece.kind().index()].sorties() {
                return Err(format!("the piece on {value} has no sortie"));
            }
            self.set_sortie(pos, side, Some(cell));
            return Ok(None);
        }
        let (submerged, square) = match at.strip_prefix('_') {
            Some(square) => (true, square),
            None => (false, at),
        };
        let cell = self
            .topology
            .parse_cell(square)
            .ok_or(format!("`{square}` is not a square of this board"))?;
        let piece = if submerged {
            pos.submerged_at(cell)
        } else {
            pos.piece_at(cell)
        }
        .ok_or(format!(
            "no {}piece stands on {square}",
            if submerged { "submerged " } else { "" }
        ))?;
        let k = &rules.kinds[piece.kind().index()];
        let side = pos.side_to_move();
        let number = || -> Result<u8, String> {
            value
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= 15)
                .ok_or(format!("`{value}` is not a number from 0 to 15"))
        };
        let state = if submerged {
            pos.submerged_state_at(cell)
        } else {
            pos.state_at(cell)
        };
        let mut under_given = None;
        let state = if let Some(slot) = k.ammo.iter().position(|a| a.name == name) {
            let n = number()?;
            if n > k.ammo[slot].count {
                return Err(format!("it holds at most {}", k.ammo[slot].count));
            }
            state.with_ammo(slot, n)
        } else if name == "facing" && k.facing {
            let f = value
                .chars()
                .next()
                .filter(|_| value.len() == 1)
                .and_then(Facing::from_letter)
                .ok_or(format!("`{value}` is not a facing (`n`, `e`, `s` or `w`)"))?;
            state.with_facing(f)
        } else if let (Some(s), "surfaced") = (k.submerge, name) {
            let n = number()?;
            if n > s.surface_cap() {
                return Err(format!(
                    "counts above {} make no difference",
                    s.surface_cap()
                ));
            }
            state.with_surfaced(n)
        } else if let (Some(s), "submerged", true) = (k.submerge, name, submerged) {
            let n = number()?;
            // 0 is left only between the owner's move and the start of its next turn.
            if n > s.max || (n == 0 && piece.color() == side) {
                return Err(format!("`{value}` turns under water are not possible here"));
            }
            under_given = Some(cell);
            state.with_submerged(n)
        } else {
            return Err(format!("the piece has no state named `{name}`"));
        };
        self.set_piece_state(pos, cell, submerged, state);
        Ok(under_given)
    }
}
