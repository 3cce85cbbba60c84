//! Pictures of positions: the text board, the SVG with the pieces' images, the PNG, the cell
//! names of an irregular board, and `fairy show`.

use std::process::Command;

use fairy_rules::{Bitboard, Color, Variant};

fn fairy(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_fairy"))
        .args(args)
        .output()
        .expect("run fairy")
}

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
fn the_png_has_the_pictures_size_and_tells_the_sides_apart() {
    let chess = Variant::bundled("chess").unwrap();
    let png = fairy_rules::picture::svg_to_png(
        &chess.picture_svg(&chess.start_position(), Bitboard::EMPTY),
    )
    .expect("a font and a PNG");
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!((pixmap.width(), pixmap.height()), (492, 512));
    // The middle of each king's body: light for White (e1), dark for Black (e8).
    let brightness = |x: u32, y: u32| {
        let p = pixmap.pixel(x, y).unwrap();
        u32::from(p.red()) + u32::from(p.green()) + u32::from(p.blue())
    };
    assert!(brightness(284, 442) > 600, "{}", brightness(284, 442));
    assert!(brightness(284, 50) < 150, "{}", brightness(284, 50));
}

#[test]
fn fairy_show_prints_and_writes_pictures_and_refuses_bad_input() {
    let dir = std::env::temp_dir().join(format!("fairy-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, png) = (dir.join("p.svg"), dir.join("p.png"));
    let o = fairy(&[
        "show",
        "chess",
        "--moves",
        "e2e4",
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("4  . . . . P . . .\n"), "{out}");
    assert!(
        out.ends_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"),
        "{out}"
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<?xml"));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // The PNG's width, from its header: eight squares of 56 pixels and the margins, then
    // twice that at 112 pixels a square.
    let width = |png: &std::path::Path| {
        let bytes = std::fs::read(png).unwrap();
        u32::from_be_bytes(bytes[16..20].try_into().unwrap())
    };
    assert_eq!(width(&png), 8 * 56 + 32 + 12);
    let o = fairy(&[
        "show",
        "chess",
        "--png",
        png.to_str().unwrap(),
        "--size",
        "112",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(width(&png), 2 * (8 * 56 + 32 + 12));
    // A picture that cannot be written is an error, before anything is printed.
    let o = fairy(&["show", "chess", "--png", "/nonexistent/p.png"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot write /nonexistent/p.png"));
    let o = fairy(&["show", "chess", "--moves", "e2e5"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("move 1: `e2e5` is not legal here"));
    let o = fairy(&["show", "chess", "--fen", "8/8/8 w - - 0 1"]);
    assert_eq!(o.status.code(), Some(1));
    // A region shades the empty cells of King of the Hill's hill.
    let o = fairy(&["show", "king-of-the-hill", "--region", "hill"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("\n5  . . . : : . . .\n4  . . . : : . . .\n"),
        "{out}"
    );
    let o = fairy(&["show", "chess", "--region", "hil"]);
    assert_eq!(o.status.code(), Some(1));
    let o = fairy(&["show", "seachess", "--empty"]);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("12          c12 d12"));
    // Black's view is drawn from Black's end of the board, in the text and the SVG.
    let o = fairy(&[
        "show",
        "chess",
        "--view",
        "black",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "1  R N B K Q B N R", "{out}");
    assert_eq!(lines[7], "8  r n b k q b n r", "{out}");
    assert_eq!(lines[8], "   h g f e d c b a", "{out}");
    // The white king's square, e1, is drawn at the top, fourth from the left.
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.contains("data-image=\"king\" transform=\"translate(203 15)"),
        "{drawn}"
    );
    // The guide to writing a setup works while the setup is still wrong.
    let unfinished = dir.join("unfinished.yaml");
    let chess = std::fs::read_to_string("variants/chess.yaml").unwrap();
    let yaml = chess.replacen(
        "setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "setup: rnbqkbnr/ppp",
        1,
    );
    assert_ne!(yaml, chess);
    std::fs::write(&unfinished, yaml).unwrap();
    let path = unfinished.to_str().unwrap();
    assert_eq!(fairy(&["show", path]).status.code(), Some(1));
    let o = fairy(&["show", path, "--empty"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        String::from_utf8_lossy(&o.stdout).starts_with("8  a8 b8 c8 d8 e8 f8 g8 h8\n"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
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
