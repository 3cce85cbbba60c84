//! Hexagonal boards in definitions (`board: hex 6`, docs/authoring.md): their names in
//! regions and setups, hexagonal movement, and every problem at its exact place.

use fairy_rules::{Geometry, Variant};

const GLINSKI: &str = include_str!("../../variants/glinski.yaml");

/// (code, text under the label, label, message)
type Diag = (&'static str, String, String, String);

/// `glinski.yaml` with `from` replaced by `to`.
fn edited(from: &str, to: &str) -> String {
    assert!(
        GLINSKI.contains(from),
        "test setup: `{from}` not in glinski.yaml"
    );
    GLINSKI.replacen(from, to, 1)
}

/// The problems of a definition that must fail.
fn errors(yaml: &str) -> Vec<Diag> {
    let err = Variant::from_yaml("test.yaml", yaml).expect_err("definition should fail");
    err.problems
        .iter()
        .map(|p| {
            (
                p.code,
                yaml[p.span.clone()].to_string(),
                p.label.clone(),
                p.message.clone(),
            )
        })
        .collect()
}

fn d(code: &'static str, text: &str, label: &str, message: &str) -> Diag {
    (code, text.into(), label.into(), message.into())
}

#[test]
fn a_hexagon_minus_a_cell_names_its_cells_as_glinski_does() {
    let yaml = edited("board: hex 6", "board: hex 6 minus f6, rank 11")
        .replace("/BBB1P1p1bbb/", "/BBB1Pp1bb/");
    let v = Variant::from_yaml("test.yaml", &yaml).unwrap();
    let t = &v.topology;
    assert_eq!(t.geometry(), Geometry::Hexagon { side: 6 });
    assert_eq!((t.cell_count(), t.shape_cells()), (89, 91));
    assert_eq!((t.parse_cell("f6"), t.parse_cell("f11")), (None, None));
    let mut far: Vec<String> = v.pieces[0].promotion.as_ref().unwrap().zone[0]
        .cells()
        .map(|c| t.name(c))
        .collect();
    far.sort();
    // The region names f11, which the board no longer has: the zone keeps the cells that
    // exist.
    assert_eq!(
        far,
        ["a6", "b7", "c8", "d9", "e10", "g10", "h9", "i8", "k7", "l6"]
    );
}

#[test]
fn a_hexagon_too_large_or_too_small() {
    let found = |yaml: &str, code: &str| errors(yaml).into_iter().find(|p| p.0 == code);
    assert_eq!(
        found(&edited("board: hex 6", "board: hex 14"), "fairy::bad-board").unwrap(),
        d(
            "fairy::bad-board",
            "hex 14",
            "a hexagon of side 14 is not supported",
            "a hexagon of side 14 is not supported"
        )
    );
    let big = Variant::from_yaml("test.yaml", &edited("board: hex 6", "board: hex 10"))
        .expect_err("too large");
    assert_eq!(
        (big.problems[0].code, big.problems[0].message.as_str()),
        (
            "fairy::board-too-large",
            "the board has 271 cells; at most 256 are allowed"
        )
    );
}

#[test]
fn cells_that_the_hexagon_does_not_have_lie_outside_it() {
    let found = |yaml: &str, code: &str| errors(yaml).into_iter().find(|p| p.0 == code);
    for item in ["a7", "j3", "file j", "rank 12", "a1-m2"] {
        let yaml = edited("black: rank 1", &format!("black: {item}"));
        assert_eq!(
            errors(&yaml),
            [d(
                "fairy::bad-region",
                item,
                "this lies outside the board",
                "this lies outside the board"
            )],
            "{item}"
        );
    }
    let yaml = edited("black: rank 1", "black: a7");
    let e = Variant::from_yaml("test.yaml", &yaml).expect_err("outside");
    assert_eq!(
        e.problems[0].help.as_deref(),
        Some("the board has files a-l without j; file a holds a1-a6, the middle file f1-f11")
    );
    let yaml = edited("board: hex 6", "board: hex 6 minus l7");
    assert_eq!(found(&yaml, "fairy::outside-board").unwrap().1, "l7");
}

#[test]
fn a_setup_is_written_file_by_file() {
    let yaml = edited("/BBB1P1p1bbb/", "/BBB1P1p1b/");
    let e = Variant::from_yaml("test.yaml", &yaml).expect_err("bad setup");
    let p = &e.problems[0];
    assert_eq!(
        (p.code, p.message.as_str(), &yaml[p.span.clone()]),
        (
            "fairy::bad-setup",
            "file f has 11 cells (f1-f11) but 9 are written",
            "BBB1P1p1b"
        )
    );
}

#[test]
fn square_grid_mechanisms_are_refused_on_a_hexagon() {
    let yaml = format!("{GLINSKI}castling:\n  king: K\n  partners: [R]\n  king_distance: 2\n");
    let refused = errors(&yaml)
        .into_iter()
        .filter(|p| p.0 == "fairy::unsupported-combination")
        .collect::<Vec<_>>();
    assert_eq!(
        refused,
        [d(
            "fairy::unsupported-combination",
            "castling",
            "castling here",
            "castling cannot be combined with a hexagonal board"
        )]
    );
}

#[test]
fn hexagonal_movement_problems_point_at_their_letters() {
    let yaml = edited("moves: N\n", "moves: ffW\n");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::bad-movement",
            "ff",
            "`ff` is not a direction on a hexagonal board",
            "`ff` is not a direction on a hexagonal board"
        )]
    );
    let yaml = edited("moves: N\n", "moves: K[WF]\n");
    assert_eq!(
        errors(&yaml),
        [d(
            "fairy::bad-movement",
            "[WF]",
            "paths are not written for hexagonal boards yet",
            "paths are not written for hexagonal boards yet"
        )]
    );
    let yaml = edited("double-step: fmnD", "double-steps: fmnD");
    assert_eq!(errors(&yaml)[0].0, "fairy::unknown-region");
    assert_eq!(errors(&yaml)[0].1, "fmnD");
}
