//! The board field of a FEN: ranks from the top, `/` between them, digits for empty cells.

use std::ops::Range;

use crate::rules::{Color, Piece, Topology};

/// A placement error: byte range in the field, message, help.
pub(crate) type PlacementError = (Range<usize>, String, String);

/// Reads a FEN board field. Digit runs count empty cells (`10` is ten); only existing cells are
/// counted, so a rank with missing squares is written with fewer cells.
///
/// `kind_of` maps an upper-case letter to a piece kind.
pub(crate) fn parse_placement(
    topo: &Topology,
    kind_of: impl Fn(char) -> Option<u8>,
    text: &str,
) -> Result<Vec<(u8, Piece)>, PlacementError> {
    let height = topo.height() as usize;
    let ranks: Vec<(usize, &str)> = {
        let mut start = 0;
        let mut v = Vec::new();
        for part in text.split('/') {
            v.push((start, part));
            start += part.len() + 1;
        }
        v
    };
    if ranks.len() != height {
        let at = if ranks.len() > height {
            let s = ranks[height].0 - 1;
            s..text.len()
        } else {
            text.len().saturating_sub(1)..text.len()
        };
        return Err((
            at,
            format!(
                "the board has {height} ranks but {} are written",
                ranks.len()
            ),
            "write one group per rank from the top, separated by `/`".into(),
        ));
    }
    let mut pieces = Vec::new();
    for (row, &(start, part)) in ranks.iter().enumerate() {
        let rank = height - 1 - row;
        let cells: Vec<u8> = (0..topo.width())
            .filter_map(|f| topo.cell(f as i32, rank as i32))
            .collect();
        let mut col = 0usize;
        let mut chars = part.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if c.is_ascii_digit() {
                let mut end = i + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
                let n: usize = part[i..end].parse().unwrap_or(usize::MAX);
                if n == 0 {
                    return Err((
                        start + i..start + end,
                        "an empty-cell count of 0".into(),
                        "leave the count out".into(),
                    ));
                }
                col = col.saturating_add(n);
            } else if c.is_ascii_alphabetic() {
                let Some(kind) = kind_of(c.to_ascii_uppercase()) else {
                    return Err((
                        start + i..start + i + 1,
                        format!("no piece has the letter `{}`", c.to_ascii_uppercase()),
                        "define the piece under `pieces:` or fix the letter".into(),
                    ));
                };
                if let Some(&cell) = cells.get(col) {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    pieces.push((cell, Piece::new(kind, color)));
                }
                col += 1;
            } else {
                return Err((
                    start + i..start + i + c.len_utf8(),
                    format!("`{c}` cannot stand in a board field"),
                    "use piece letters, digits for empty cells and `/` between ranks".into(),
                ));
            }
        }
        if col != cells.len() {
            let span = if part.is_empty() {
                start..start
            } else {
                start..start + part.len()
            };
            return Err((
                span,
                format!(
                    "rank {} has {} cells but {col} are written",
                    rank + 1,
                    cells.len()
                ),
                "count letters and empty-cell digits; missing squares are not written".into(),
            ));
        }
    }
    Ok(pieces)
}
