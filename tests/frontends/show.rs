//! `fairy show`: the text board, the SVG and the PNG of a position, and its errors; the PNG
//! drawn by the library, which needs a system font. The pictures themselves are checked
//! through the library in `tests/formats/show.rs`.

use crate::support::cli::fairy;
use crate::support::scratch;

#[test]
fn fairy_show_prints_and_writes_pictures_and_refuses_bad_input() {
    let dir = scratch("show");
    let (svg, png) = (dir.path().join("p.svg"), dir.path().join("p.png"));
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
    let unfinished = dir.path().join("unfinished.yaml");
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
}

#[test]
fn the_png_has_the_pictures_size_and_tells_the_sides_apart() {
    let chess = fairy_rules::Variant::bundled("chess").unwrap();
    let png = fairy_rules::picture::svg_to_png(
        &chess.picture_svg(&chess.start_position(), fairy_rules::Bitboard::EMPTY),
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
