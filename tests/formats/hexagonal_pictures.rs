//! Pictures of hexagonal boards (docs/authoring.md, "Hexagonal boards"): the text board a
//! line per half cell, and SVG hexagons in three colours.

use fairy_rules::{Bitboard, Color, Variant};

fn small() -> Variant {
    Variant::from_file("docs/examples/hexagonal.yaml").unwrap()
}

#[test]
fn the_text_board_lays_the_cells_out_as_they_lie() {
    let v = small();
    let start = v.start_position();
    let after = v
        .play(&start, v.parse_move(&start, "c2c3").unwrap())
        .unwrap();
    let cell = |name| v.topology.parse_cell(name).unwrap();
    let last_move = Bitboard::from_cell(cell("c2")).with(cell("c3"));
    insta::assert_snapshot!(
        "hex_white_view",
        v.picture_text_marked(&after, Bitboard::EMPTY, last_move)
    );
    insta::assert_snapshot!(
        "hex_black_view",
        v.picture_text_from(&after, Bitboard::EMPTY, last_move, Color::Black)
    );
}

#[test]
fn cell_names_follow_glinski() {
    let glinski = Variant::bundled("glinski").unwrap();
    let names = glinski.cell_names_text();
    let lines: Vec<&str> = names.lines().collect();
    assert_eq!(lines.len(), 22);
    assert_eq!(lines[0], "11                      f11");
    assert_eq!(lines[5], " 6  a6      c7      e8      g8      i7      l6");
    assert_eq!(lines[6], "        b6      d7      f8      h7      k6");
    assert_eq!(lines[20], "                        f1");
    assert_eq!(lines[21], "    a   b   c   d   e   f   g   h   i   k   l");
}

#[test]
fn the_svg_draws_hexagons_in_three_colours() {
    let glinski = Variant::bundled("glinski").unwrap();
    let svg = glinski.picture_svg(&glinski.start_position(), Bitboard::EMPTY);
    roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(svg.matches("<polygon points=").count(), 91);
    // The middle cell's colour, the light and the dark: 31, 30 and 30 cells.
    let fills: Vec<usize> = ["#d9b38c", "#f0d9b5", "#b58863"]
        .iter()
        .map(|f| svg.matches(&format!("fill=\"{f}\" stroke")).count())
        .collect();
    assert_eq!(fills, [31, 30, 30]);
    assert_eq!(svg.matches("class=\"piece white\"").count(), 18);
    assert_eq!(svg.matches("data-image=\"bishop\"").count(), 6);
    // Regions and check are hexagons too.
    let far = glinski.region_cells(&["far-edge"], Color::White).unwrap();
    let svg = glinski.picture_svg(&glinski.start_position(), far);
    assert_eq!(svg.matches("<polygon class=\"region\"").count(), 11);
}

#[test]
fn small_pictures_and_diagrams_as_svg() {
    let v = small();
    insta::assert_snapshot!(
        "hex_picture_svg",
        v.picture_svg(&v.start_position(), Bitboard::EMPTY)
    );
    let knight = v.kind_of_letter('N').unwrap();
    let d4 = v.topology.parse_cell("d4").unwrap();
    let d = v
        .diagram(knight, Color::White, d4, None, &["far-edge"])
        .unwrap();
    insta::assert_snapshot!("hex_knight_diagram_svg", d.render_svg());
}
