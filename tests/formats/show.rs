//! Pictures of positions: the text board, the SVG with the pieces' images, the cell names of
//! an irregular board (`fairy show` and the PNG, which needs a system font, in
//! `tests/frontends/show.rs`).

use fairy_rules::{Bitboard, Color, Variant};

/// Seachess: a black cruiser over a white submarine (e7), a black mine alone (c6), a white
/// cruiser on a white mine (h4).
const SEA: &str =
    "4k3/8/12/12/12/4{c_S}7/2{*m}9/3b8/7{C*M}4/12/8/4K3 w - - 0 1 _e7.submerged=1,h4.mine=0";

#[test]
fn the_text_board_has_coordinates_and_the_fen() {
    let chess = Variant::bundled("chess").unwrap();
    let pos = chess.parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(
        chess.picture_text(&pos, Bitboard::EMPTY),
        "8  . . . . k . . .\n7  . . . . . . . .\n6  . . . . . . . .\n5  . . . . . . . .\n\
         4  . . . . P . . .\n3  . . . . . . . .\n2  . . . . . . . .\n1  . . . . K . . .\n   \
         a b c d e f g h\nblack to move\n4k3/8/8/8/4P3/8/8/4K3 b - - 0 1\n"
    );
}

/// A last move's cells stand in brackets; two marked neighbours share a `|`.
#[test]
fn marked_cells_stand_in_brackets() {
    let chess = Variant::bundled("chess").unwrap();
    let pos = chess.parse_fen("4k3/8/8/8/4P3/8/8/4K2R b - - 0 1").unwrap();
    let cells = |names: &[&str]| {
        names.iter().fold(Bitboard::EMPTY, |b, n| {
            b.with(chess.topology.parse_cell(n).unwrap())
        })
    };
    let text = chess.picture_text_marked(&pos, Bitboard::EMPTY, cells(&["e2", "e4", "g1", "h1"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[4], "4  . . . .[P]. . .");
    assert_eq!(lines[6], "2  . . . .[.]. . .");
    assert_eq!(lines[7], "1  . . . . K .[.|R]");
    assert_eq!(lines[0], "8  . . . . k . . .");
}

#[test]
fn crews_stand_in_their_brackets_and_holes_are_blank() {
    let pk = Variant::bundled("pirateknics").unwrap();
    let pos = pk
        .parse_fen("3<k>/6/3<pp>2/6/1<>1<QRb>2/6/6/<K>3 w - - 0 1")
        .unwrap();
    insta::assert_snapshot!(pk.picture_text(&pos, Bitboard::EMPTY));
}

#[test]
fn each_side_sees_its_own_view() {
    let sea = Variant::bundled("seachess").unwrap();
    let pos = sea.parse_fen(SEA).unwrap();
    insta::assert_snapshot!("seachess_whole", sea.picture_text(&pos, Bitboard::EMPTY));
    insta::assert_snapshot!(
        "seachess_white_view",
        sea.picture_text(&sea.redact(&pos, Color::White), Bitboard::EMPTY)
    );
    insta::assert_snapshot!(
        "seachess_black_view",
        sea.picture_text(&sea.redact(&pos, Color::Black), Bitboard::EMPTY)
    );
}

#[test]
fn cell_names_lay_out_an_irregular_board() {
    let sea = Variant::bundled("seachess").unwrap();
    let names = sea.cell_names_text();
    let lines: Vec<&str> = names.lines().collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(lines[0], "12          c12 d12 e12 f12 g12 h12 i12 j12");
    assert_eq!(
        lines[2],
        "10  a10 b10 c10 d10 e10 f10 g10 h10 i10 j10 k10 l10"
    );
    assert_eq!(lines[11], " 1          c1  d1  e1  f1  g1  h1  i1  j1");
    assert_eq!(
        lines[12],
        "    a   b   c   d   e   f   g   h   i   j   k   l"
    );
}

#[test]
fn the_svg_draws_each_piece_with_its_image() {
    let chess = Variant::bundled("chess").unwrap();
    let svg = chess.picture_svg(&chess.start_position(), Bitboard::EMPTY);
    assert_eq!(svg.matches("class=\"piece white\"").count(), 16);
    assert_eq!(svg.matches("class=\"piece black\"").count(), 16);
    assert_eq!(svg.matches("data-image=\"pawn\"").count(), 16);
    assert_eq!(svg.matches("data-image=\"knight\"").count(), 4);
    assert_eq!(svg.matches("data-image=\"king\"").count(), 2);
    assert_eq!(svg.matches("<rect x=").count(), 64);
    // A piece without an image is its letter in a disc.
    let yaml = std::fs::read_to_string("variants/chess.yaml")
        .unwrap()
        .replace("    image: knight\n", "");
    let v = Variant::from_yaml("no-knight-image.yaml", &yaml).unwrap();
    let svg = v.picture_svg(&v.start_position(), Bitboard::EMPTY);
    assert_eq!(svg.matches("data-image=\"letter\"").count(), 4);
    assert!(svg.contains(">N</text>") && svg.contains(">n</text>"));
    // Seachess: 8 missing cells in each of the four corners of 12x12 are not drawn; the
    // hidden mine and the submarine have their marks.
    let sea = Variant::bundled("seachess").unwrap();
    let svg = sea.picture_svg(&sea.parse_fen(SEA).unwrap(), Bitboard::EMPTY);
    assert_eq!(svg.matches("<rect x=").count(), 128 + 1);
    assert_eq!(svg.matches("class=\"marker\"").count(), 2);
    assert_eq!(svg.matches("class=\"submerged\"").count(), 1);
}

#[test]
fn an_unknown_image_is_an_error_with_the_nearest_name() {
    let yaml = std::fs::read_to_string("variants/chess.yaml")
        .unwrap()
        .replace("image: knight", "image: knigth");
    let err = Variant::from_yaml("t.yaml", &yaml).unwrap_err();
    let p = &err.problems[0];
    assert_eq!(p.code, "fairy::unknown-image");
    assert_eq!(p.message, "the project has no piece image `knigth`");
    assert_eq!(p.help.as_deref(), Some("did you mean `knight`?"));
    assert_eq!(&yaml[p.span.clone()], "knigth");
}
