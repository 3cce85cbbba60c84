//! Hexagonal boards (`board: hex 6`): a regular hexagon of cells on the grid the engine moves
//! on, and the cells' names as Gliński's hexagonal chess writes them (`docs/games/glinski.md`).
//!
//! The hexagon of side `s` lies on a square grid of `2s - 1` columns and rows (axial
//! coordinates): grid column `q` is the board's file `q`, a step up the file is `(0, 1)`, and
//! the grid squares with `|q - r| >= s` (two opposite corners) are not cells. The six
//! orthogonal steps (through an edge) are [`ORTHOGONAL`], the six diagonal steps (through a
//! vertex, to the nearest cell of the same colour) [`DIAGONAL`].
//!
//! Names: the files are the letters a to z without j (Gliński's a-l on side 6), each file
//! numbered from 1 at its bottom cell, so a rank bends at the middle file. On side 6 file a
//! has a1-a6, file f f1-f11, file l l1-l6.

/// The file letters, from White's left: j is left out, as Gliński's board leaves it out.
const FILE_LETTERS: &[u8] = b"abcdefghiklmnopqrstuvwxyz";

/// The six orthogonal steps as grid offsets, clockwise from White's forward: up the file,
/// up-right, down-right, down, down-left, up-left.
pub(crate) const ORTHOGONAL: [(i8, i8); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

/// The six diagonal steps as grid offsets, clockwise from White's forward-right: each the
/// sum of two neighbouring orthogonal steps.
pub(crate) const DIAGONAL: [(i8, i8); 6] = [(1, 2), (2, 1), (1, -1), (-1, -2), (-2, -1), (-1, 1)];

/// The letter of file `file` (zero-based).
///
/// # Panics
/// When `file` is 25 or more (a to z without j are 25 files).
pub(crate) fn letter(file: u8) -> char {
    FILE_LETTERS[file as usize] as char
}

/// The file (zero-based) a letter names, `None` for `j` and anything else that is no file
/// letter.
pub(crate) fn file_of_letter(letter: char) -> Option<u8> {
    FILE_LETTERS
        .iter()
        .position(|&l| l as char == letter)
        .map(|f| f as u8)
}

/// Whether grid square `(q, r)` is a cell of the hexagon of side `side`.
pub(crate) fn in_hexagon(side: u8, q: i32, r: i32) -> bool {
    let last = 2 * i32::from(side) - 2;
    (0..=last).contains(&q) && (0..=last).contains(&r) && (q - r).abs() < i32::from(side)
}

/// How far up the grid a file's bottom cell lies: 0 up to the middle file, then one more per
/// file.
fn bottom(side: u8, q: i32) -> i32 {
    (q - (i32::from(side) - 1)).max(0)
}

/// The grid square named by file `file` and zero-based number `number` (`f1` is file 5,
/// number 0), when it is a cell of the hexagon.
pub(crate) fn grid(side: u8, file: i32, number: i32) -> Option<(u8, u8)> {
    let r = number + bottom(side, file);
    in_hexagon(side, file, r).then_some((file as u8, r as u8))
}

/// The file and zero-based number of grid square `(q, r)`: its name's parts.
pub(crate) fn named(side: u8, q: u8, r: u8) -> (u8, u8) {
    (q, r - bottom(side, i32::from(q)) as u8)
}

/// Which of the three colours the cell at grid square `(q, r)` has on the hexagon of side
/// `side`: 0 for the middle cell's colour, 1 for the next cell down the middle file (f5 on
/// Gliński's board), 2 for the one below that. Cells that share an edge differ; a diagonal
/// step keeps the colour.
pub(crate) fn shade(side: u8, q: u8, r: u8) -> u8 {
    let centre = 2 * (i32::from(side) - 1);
    (centre - i32::from(q) - i32::from(r)).rem_euclid(3) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glinski_files_and_corners() {
        assert_eq!((0..11).map(letter).collect::<String>(), "abcdefghikl");
        assert_eq!(file_of_letter('j'), None);
        assert_eq!(file_of_letter('k'), Some(9));
        assert_eq!(grid(6, 0, 5), Some((0, 5)));
        assert_eq!(grid(6, 0, 6), None);
        assert_eq!(grid(6, 10, 0), Some((10, 5)));
        assert_eq!(grid(6, 5, 10), Some((5, 10)));
        assert_eq!(named(6, 10, 10), (10, 5));
        let cells = (0..11)
            .flat_map(|q| (0..11).map(move |r| (q, r)))
            .filter(|&(q, r)| in_hexagon(6, q, r))
            .count();
        assert_eq!(cells, 91);
    }

    #[test]
    fn orthogonal_neighbours_differ_in_colour_and_diagonal_ones_do_not() {
        let at = |(dx, dy): (i8, i8)| shade(6, (5 + dx) as u8, (5 + dy) as u8);
        assert_eq!(at((0, 0)), 0);
        assert!(ORTHOGONAL.into_iter().all(|step| at(step) != 0));
        assert!(DIAGONAL.into_iter().all(|step| at(step) == 0));
        assert_eq!(shade(6, 5, 4), 1);
    }
}
