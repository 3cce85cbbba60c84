//! The requests that draw or check rather than play: `check_variant`, `diagram` and
//! `picture`.

use super::types::*;
use crate::engine::Position;
use crate::load::variant::Variant;
use crate::render::diagram::Mark;
use crate::types::bitboard::Bitboard;
use crate::types::piece::Color;

/// The answer to `check_variant`: the definition's errors, or its warnings when it has none.
pub(super) fn check_variant(name: Option<String>, yaml: &str) -> Answer {
    let source = name.unwrap_or_else(|| "definition.yaml".into());
    let (valid, mut diagnostics): (bool, Vec<Diagnostic>) =
        match Variant::from_untrusted_yaml(&source, yaml) {
            Ok(variant) => (
                true,
                variant
                    .warning_reports()
                    .iter()
                    .map(Diagnostic::from)
                    .collect(),
            ),
            Err(e) => (
                false,
                e.diagnostics().iter().map(Diagnostic::from).collect(),
            ),
        };
    diagnostics.sort_by_key(|d| (d.file != source, d.start));
    Answer::Checked { valid, diagnostics }
}

/// The move diagram of the piece of FEN letter `letter` (its case gives its side) on `cell`,
/// or on the board's central cell; a message for a letter or cell the variant lacks.
pub(super) fn diagram(
    variant: &Variant,
    letter: char,
    cell: Option<&str>,
) -> Result<DiagramInfo, String> {
    let kind = variant
        .kind_of_letter(letter)
        .ok_or_else(|| format!("the variant has no piece `{letter}`"))?;
    let color = crate::types::letter::read(letter).map_or(Color::White, |(_, color)| color);
    let topology = &variant.topology;
    let cell = match cell {
        Some(name) => topology
            .parse_cell(name)
            .ok_or_else(|| format!("the board has no cell `{name}`"))?,
        None => variant
            .central_cell()
            .ok_or_else(|| "the board has no cell".to_string())?,
    };
    let diagram = variant
        .diagram(kind, color, cell, None, &[])
        .map_err(|e| e.to_string())?;
    let names = |marks: &[Mark]| {
        let cells: Bitboard = marks
            .iter()
            .fold(Bitboard::EMPTY, |acc, &m| acc | diagram.cells_marked(m));
        cells.cells().map(|c| topology.name(c)).collect()
    };
    Ok(DiagramInfo {
        title: diagram.title(),
        cell: topology.name(cell),
        moves: names(&[Mark::Move, Mark::MoveOrCapture]),
        captures: names(&[Mark::Capture, Mark::MoveOrCapture]),
        svg: diagram.render_svg(),
        cells: topology
            .cells()
            .map(|c| {
                let (x, y, size) = diagram.square_rect(c);
                CellRect {
                    cell: topology.name(c),
                    x: f64::from(x),
                    y: f64::from(y),
                    size: f64::from(size),
                }
            })
            .collect(),
    })
}

/// The picture of `seen`, the position as `side` sees it (all of it for `None`), with the
/// goal cells of the sides that see them, the chance cells and the named `regions` (both
/// sides' cells) shaded; a message for a region the variant lacks.
pub(super) fn picture(
    id: &str,
    variant: &Variant,
    seen: &Position,
    side: Option<Color>,
    regions: &[String],
) -> Result<PictureInfo, String> {
    let sides: &[Color] = match &side {
        Some(side) => std::slice::from_ref(side),
        None => &Color::BOTH,
    };
    let goals = sides
        .iter()
        .flat_map(|&s| variant.flag_goals(seen, s))
        .fold(Bitboard::EMPTY, |acc, (_, zone)| acc | zone);
    let names: Vec<&str> = regions.iter().map(String::as_str).collect();
    let mut shaded = Bitboard::EMPTY;
    for s in Color::BOTH {
        shaded |= variant.region_cells(&names, s).map_err(|e| e.to_string())?;
    }
    let chance = variant
        .chance
        .as_ref()
        .map_or(Bitboard::EMPTY, |c| c.cells[0] | c.cells[1]);
    let topology = &variant.topology;
    let cell_names = |cells: Bitboard| cells.cells().map(|c| topology.name(c)).collect();
    Ok(PictureInfo {
        game: id.to_string(),
        view: side.map(Side::from),
        goals: cell_names(goals),
        chance_cells: cell_names(chance),
        region_cells: cell_names(shaded),
        svg: variant.picture_svg(seen, goals | chance | shaded),
        cells: topology
            .cells()
            .map(|c| {
                let (x, y, size) = variant.picture_cell_rect(c);
                CellRect {
                    cell: topology.name(c),
                    x,
                    y,
                    size,
                }
            })
            .collect(),
    })
}
