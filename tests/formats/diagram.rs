//! Move diagrams: every piece of every bundled variant as insta snapshots (each read square by
//! square against the piece's movement), blockers and paths, exact cells, and the SVG's
//! structure.

use fairy_rules::{Bitboard, Cell, Color, Diagram, DiagramError, Kind, Mark, Piece, Variant};

fn load(name: &str) -> Variant {
    Variant::from_file(format!("variants/{name}.yaml")).unwrap()
}

fn cell(v: &Variant, name: &str) -> Cell {
    v.topology.parse_cell(name).unwrap()
}

fn kind(v: &Variant, letter: char) -> Kind {
    v.kind_of_letter(letter).unwrap()
}

/// The diagram of the piece `letter` (upper case White, lower case Black) on `square`, among
/// the pieces of `fen` if given.
fn diagram(v: &Variant, letter: char, square: &str, fen: Option<&str>) -> Diagram {
    let color = if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let pos = fen.map(|f| v.parse_fen(f).unwrap());
    v.diagram(kind(v, letter), color, cell(v, square), pos.as_ref(), &[])
        .unwrap()
}

/// The names of the cells in a set, in cell order.
fn names(v: &Variant, cells: Bitboard) -> Vec<String> {
    cells.cells().map(|c| v.topology.name(c)).collect()
}

/// The diagram's title line, then its text.
fn titled(d: &Diagram) -> String {
    format!("{}\n{}", d.title(), d.render_text())
}

#[test]
fn every_piece_of_every_bundled_variant_on_an_empty_board() {
    let mut files: Vec<_> = std::fs::read_dir("variants")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    for file in files {
        let v = Variant::from_file(&file).unwrap();
        let centre = v.central_cell().unwrap();
        let text: Vec<String> = v
            .kinds()
            .map(|k| titled(&v.diagram(k, Color::White, centre, None, &[]).unwrap()))
            .collect();
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(format!("empty_board_{stem}"), text.join("\n"));
    }
}

// Falcon on e4; its three paths to f7 are e5-e6, e5-f6 and f5-f6.
const FALCON_ALONE: [&str; 16] = [
    "c1", "d1", "f1", "g1", "b2", "h2", "b3", "h3", "b5", "h5", "b6", "h6", "c7", "d7", "f7", "g7",
];

#[test]
fn falcon_with_one_path_blocked_reaches_all_sixteen() {
    // e6 closes e5-e6 only; the black pawn on f7 is capturable, the white one on d7 is not.
    let v = load("falcon-chess");
    let d = diagram(&v, 'F', "e4", Some("10/3P1p4/4p5/10/10/10/10/10 w - -"));
    let pawn = |side| Piece::new(kind(&v, 'P'), side);
    let f7 = cell(&v, "f7");
    let d7 = cell(&v, "d7");
    assert_eq!(d.mark(f7), Mark::Capturable(pawn(Color::Black)));
    assert_eq!(d.mark(d7), Mark::Blocker(pawn(Color::White)));
    let reached = d.cells_marked(Mark::MoveOrCapture).with(f7).with(d7);
    assert_eq!(names(&v, reached), FALCON_ALONE);
    insta::assert_snapshot!(titled(&d));
}

#[test]
fn falcon_with_two_paths_blocked_still_reaches_f7() {
    // e6 closes e5-e6, f5 closes f5-f6; e5-f6 stays open.
    let v = load("falcon-chess");
    let d = diagram(&v, 'F', "e4", Some("10/10/4p5/5p4/10/10/10/10 w - -"));
    assert_eq!(names(&v, d.cells_marked(Mark::MoveOrCapture)), FALCON_ALONE);
    insta::assert_snapshot!(titled(&d));
}

#[test]
fn falcon_with_all_three_paths_blocked_misses_f7() {
    // e5 closes e5-e6 and e5-f6, f6 closes f5-f6.
    let v = load("falcon-chess");
    let d = diagram(&v, 'F', "e4", Some("10/10/5p4/4p5/10/10/10/10 w - -"));
    let reached = names(&v, d.cells_marked(Mark::MoveOrCapture));
    let expected: Vec<&str> = FALCON_ALONE.into_iter().filter(|&s| s != "f7").collect();
    assert_eq!(reached, expected);
    assert_eq!(d.mark(cell(&v, "f7")), Mark::Empty);
    insta::assert_snapshot!(titled(&d));
}

/// A 5x5 test variant with a lame (2,1) piece `L` passing the two squares ahead, and a pawn.
fn lame() -> Variant {
    let yaml = "name: Lame\nboard: 5x5\npieces:\n  lame:\n    letter: L\n    moves: \"[WWrW]\"\n  pawn:\n    letter: P\n    moves: fmW\nsetup: 5/5/5/5/5\n";
    Variant::from_yaml("lame.yaml", yaml).unwrap()
}

#[test]
fn lame_piece_is_stopped_by_a_piece_in_front() {
    let v = lame();
    let alone = diagram(&v, 'L', "c3", None);
    assert_eq!(
        names(&v, alone.cells_marked(Mark::MoveOrCapture)),
        ["b1", "d1", "a2", "e2", "a4", "e4", "b5", "d5"]
    );
    let blocked = diagram(&v, 'L', "c3", Some("5/2P2/5/5/5 w - -"));
    assert_eq!(
        names(&v, blocked.cells_marked(Mark::MoveOrCapture)),
        ["b1", "d1", "a2", "e2", "a4", "e4"]
    );
    insta::assert_snapshot!(format!("{}\n{}", titled(&alone), titled(&blocked)));
}

#[test]
fn knight_on_d4_reaches_eight_squares_by_move_or_capture() {
    let v = load("chess");
    let d = diagram(&v, 'N', "d4", None);
    assert_eq!(
        names(&v, d.cells_marked(Mark::MoveOrCapture)),
        ["c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"]
    );
    assert_eq!(d.cells_marked(Mark::Empty).count(), 64 - 9);
    assert_eq!(names(&v, d.cells_marked(Mark::Origin)), ["d4"]);
}

#[test]
fn pawn_double_steps_only_from_its_start_square() {
    let v = load("chess");
    let start = diagram(&v, 'P', "e2", None);
    assert_eq!(names(&v, start.cells_marked(Mark::Move)), ["e3", "e4"]);
    assert_eq!(names(&v, start.cells_marked(Mark::Capture)), ["d3", "f3"]);
    assert!(start.cells_marked(Mark::MoveOrCapture).is_empty());
    let later = diagram(&v, 'P', "e3", None);
    assert_eq!(names(&v, later.cells_marked(Mark::Move)), ["e4"]);
    assert_eq!(names(&v, later.cells_marked(Mark::Capture)), ["d4", "f4"]);
    let black = diagram(&v, 'p', "e7", None);
    assert_eq!(names(&v, black.cells_marked(Mark::Move)), ["e5", "e6"]);
    assert_eq!(names(&v, black.cells_marked(Mark::Capture)), ["d6", "f6"]);
}

#[test]
fn pieces_among_blockers() {
    let v = load("chess");
    let pawn = |side| Piece::new(kind(&v, 'P'), side);
    // The pawn replaces the black knight on e2 and is new there: unmoved, as in the start
    // position. The black pawns on d3 and f3 are capturable; the white one on e4 stops the
    // double step.
    let d = diagram(&v, 'P', "e2", Some("8/8/8/8/4P3/3p1p2/4n3/8 w - -"));
    assert_eq!(d.mark(cell(&v, "e2")), Mark::Origin);
    assert_eq!(names(&v, d.cells_marked(Mark::Move)), ["e3"]);
    assert_eq!(
        names(&v, d.cells_marked(Mark::Capturable(pawn(Color::Black)))),
        ["d3", "f3"]
    );
    assert_eq!(d.mark(cell(&v, "e4")), Mark::Blocker(pawn(Color::White)));
    // A rook stops at the first piece: it may capture an enemy there, never its own.
    let r = diagram(&v, 'R', "a1", Some("p7/8/8/P7/8/8/8/7p w - -"));
    assert_eq!(
        names(&v, r.cells_marked(Mark::MoveOrCapture)),
        ["b1", "c1", "d1", "e1", "f1", "g1", "a2", "a3", "a4"]
    );
    assert_eq!(
        names(&v, r.cells_marked(Mark::Capturable(pawn(Color::Black)))),
        ["h1"]
    );
    assert_eq!(r.mark(cell(&v, "a5")), Mark::Blocker(pawn(Color::White)));
    assert_eq!(r.mark(cell(&v, "a8")), Mark::Blocker(pawn(Color::Black)));
    let text = r.render_text();
    assert!(text.starts_with("8 (p) .  .  .  .  .  .  .\n"), "{text}");
    assert!(text.contains("\n1 [R] x  x  x  x  x  x {p}\n"), "{text}");
}

#[test]
fn a_moved_piece_keeps_its_state_from_the_position() {
    // X is a wazir with a first-move dabbaba step; the white one goes c1-d1-c1.
    let yaml = "name: Back\nboard: 5x5\npieces:\n  x:\n    letter: X\n    moves: WiD\nsetup: 2x2/5/5/5/2X2\n";
    let v = Variant::from_yaml("back.yaml", yaml).unwrap();
    let mut pos = v.start_position();
    for m in ["c1d1", "c5d5", "d1c1"] {
        pos = v.play_unchecked(&pos, v.parse_move(&pos, m).unwrap());
    }
    let moved = v
        .diagram(Kind::new(0), Color::White, cell(&v, "c1"), Some(&pos), &[])
        .unwrap();
    assert_eq!(
        names(&v, moved.cells_marked(Mark::MoveOrCapture)),
        ["b1", "d1", "c2"]
    );
    // Alone on the board, or new on its start square (replacing the black one), it is unmoved.
    for blockers in [None, Some(&v.parse_fen("5/5/5/5/2x2 w - -").unwrap())] {
        let fresh = v
            .diagram(Kind::new(0), Color::White, cell(&v, "c1"), blockers, &[])
            .unwrap();
        assert_eq!(
            names(&v, fresh.cells_marked(Mark::MoveOrCapture)),
            ["a1", "b1", "d1", "e1", "c2", "c3"]
        );
    }
}

#[test]
fn regions_are_shaded_for_the_pieces_side() {
    let v = load("chess");
    let pawn = kind(&v, 'P');
    let white = v
        .diagram(pawn, Color::White, cell(&v, "e2"), None, &["last-rank"])
        .unwrap();
    assert_eq!(names(&v, white.shaded()).first().unwrap(), "a8");
    assert_eq!(white.shaded().count(), 8);
    let text = white.render_text();
    assert!(
        text.starts_with("8  :  :  :  :  :  :  :  :\n7  .  .  ."),
        "{text}"
    );
    assert!(text.ends_with("capturable, : last-rank\n"), "{text}");
    let black = v
        .diagram(pawn, Color::Black, cell(&v, "e7"), None, &["last-rank"])
        .unwrap();
    assert_eq!(names(&v, black.shaded()).first().unwrap(), "a1");
}

#[test]
fn bad_requests_are_errors() {
    let v = load("chess");
    assert_eq!(
        v.diagram(Kind::new(6), Color::White, Cell::new(0), None, &[])
            .unwrap_err(),
        DiagramError::UnknownKind {
            kind: Kind::new(6),
            count: 6
        }
    );
    assert_eq!(
        v.diagram(Kind::new(0), Color::White, Cell::new(64), None, &[])
            .unwrap_err(),
        DiagramError::NoSuchCell {
            cell: Cell::new(64),
            count: 64
        }
    );
    let err = v
        .diagram(Kind::new(0), Color::White, Cell::new(0), None, &["centre"])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "there is no region `centre`; the variant's regions: last-rank"
    );
}

#[test]
fn missing_squares_are_blank_and_the_centre_moves_to_the_nearest_cell() {
    let yaml = "name: Holed\nboard: 3x3 minus b2\npieces:\n  king:\n    letter: K\n    moves: K\nsetup: 3/2/3\n";
    let v = Variant::from_yaml("holed.yaml", yaml).unwrap();
    assert_eq!(v.central_cell(), Some(cell(&v, "b1")));
    let d = v
        .diagram(Kind::new(0), Color::White, cell(&v, "a1"), None, &[])
        .unwrap();
    assert_eq!(d.mark_at(1, 1), Mark::Missing);
    assert_eq!(d.mark_at(3, 0), Mark::Missing);
    assert_eq!(
        d.render_text(),
        format!("3  .  .  .\n2  x     .\n1 [K] x  .\n   a  b  c\n{}\n", "m move only, c capture only, x move or capture, [ ] the piece, ( ) other pieces, { } capturable")
    );
}

#[test]
fn two_digit_ranks_are_aligned() {
    let yaml = "name: Tall\nboard: 10x10\npieces:\n  rook:\n    letter: R\n    moves: R\nsetup: 10/10/10/10/10/10/10/10/10/10\n";
    let v = Variant::from_yaml("tall.yaml", yaml).unwrap();
    assert_eq!(v.central_cell(), Some(cell(&v, "e5")));
    let text = v
        .diagram(Kind::new(0), Color::Black, cell(&v, "j10"), None, &[])
        .unwrap()
        .render_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "10  x  x  x  x  x  x  x  x  x [r]");
    assert_eq!(lines[1], " 9  .  .  .  .  .  .  .  .  .  x");
    assert_eq!(lines[9], " 1  .  .  .  .  .  .  .  .  .  x");
    assert_eq!(lines[10], "    a  b  c  d  e  f  g  h  i  j");
}

/// The classes of the `<g>` elements in the SVG's `marks` group, counted.
fn svg_marks(svg: &str) -> std::collections::BTreeMap<String, usize> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for attr in ["width", "height", "viewBox"] {
        assert!(root.attribute(attr).is_some(), "no {attr}");
    }
    let marks = root
        .children()
        .find(|n| n.attribute("id") == Some("marks"))
        .expect("a marks group");
    let mut counts = std::collections::BTreeMap::new();
    for g in marks.children().filter(|n| n.has_tag_name("g")) {
        *counts
            .entry(g.attribute("class").unwrap().to_string())
            .or_insert(0) += 1;
    }
    counts
}

#[test]
fn svg_is_xml_with_one_marker_per_marked_square() {
    let v = load("chess");
    // Pawn on e2: m on e3 and e4, c on f3, a capturable knight on d3, a white blocker on h3.
    let d = v
        .diagram(
            kind(&v, 'P'),
            Color::White,
            cell(&v, "e2"),
            Some(&v.parse_fen("8/8/8/8/8/3n3P/8/8 w - -").unwrap()),
            &["last-rank"],
        )
        .unwrap();
    let counts = svg_marks(&d.render_svg());
    let expected: std::collections::BTreeMap<String, usize> = [
        ("blocker", 1),
        ("capturable", 1),
        ("capture", 1),
        ("move", 2),
        ("origin", 1),
    ]
    .map(|(k, n)| (k.to_string(), n))
    .into();
    assert_eq!(counts, expected);
    let svg = d.render_svg();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let regions = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("regions"))
        .unwrap();
    assert_eq!(
        regions
            .children()
            .filter(|n| n.has_tag_name("rect"))
            .count(),
        8
    );

    let falcon = load("falcon-chess");
    let f = diagram(&falcon, 'F', "e4", None);
    let counts = svg_marks(&f.render_svg());
    assert_eq!(counts.get("both"), Some(&16));
    assert_eq!(counts.values().sum::<usize>(), 17);
}
