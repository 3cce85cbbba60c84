//! Diagnostics of container definitions: each asserts the code, line, column and the text
//! under the label, inside the board string and the setup too.

use fairy_rules::Variant;

use crate::support::diagnostics::{errors, line_of};

const PIRATEKNICS: &str = include_str!("../../variants/pirateknics.yaml");

fn edited(from: &str, to: &str) -> String {
    crate::support::diagnostics::edited(PIRATEKNICS, from, to)
}

const BOARD: &str = "board: 6x8 minus a1, f1, a8, f8 with ship <3>";

#[test]
fn a_capacity_out_of_range() {
    let yaml = edited(BOARD, "board: 6x8 minus a1, f1, a8, f8 with ship <9>");
    let line = line_of(&yaml, "board:");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::bad-capacity",
            line,
            38,
            "ship <9>".to_string(),
            "a capacity of 9 is not supported".to_string()
        )]
    );
}

#[test]
fn two_container_types_with_the_same_brackets() {
    let yaml = edited(
        BOARD,
        "board: 6x8 minus a1, f1, a8, f8 with ship <3>, boat <2>",
    );
    let line = line_of(&yaml, "board:");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::duplicate-container",
            line,
            48,
            "boat <2>".to_string(),
            "two container types are written `<>`".to_string()
        )]
    );
}

#[test]
fn container_rules_without_containers() {
    let yaml = edited(BOARD, "board: 6x8 minus a1, f1, a8, f8");
    // The setup's ships are an error too, at the first `<`.
    let errs = errors(&yaml);
    let line = line_of(&yaml, "containers:");
    let found: Vec<(&str, usize, usize)> = errs.iter().map(|e| (e.0, e.1, e.2)).collect();
    assert_eq!(
        found,
        [
            ("fairy::bad-setup", line_of(&yaml, "setup:"), 8),
            // The section's span starts at its first entry, below a comment line.
            ("fairy::containers-without-containers", line + 2, 3)
        ]
    );
    assert_eq!(
        errs[1].4,
        "container rules are given but the board has no containers"
    );
}

#[test]
fn a_mechanism_containers_do_not_support() {
    let yaml = edited(
        "pieces:\n",
        "castling:\n  king: K\n  partners: [R]\n  king_distance: 2\npieces:\n",
    );
    let line = line_of(&yaml, "castling:");
    let err = Variant::from_yaml("test.yaml", &yaml).unwrap_err();
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::unsupported-combination",
            line,
            1,
            "castling".to_string(),
            "castling cannot be combined with containers".to_string()
        )]
    );
    assert!(err.problems[0]
        .help
        .as_deref()
        .unwrap()
        .starts_with("castling needs a king and a partner that have not moved"));
}

#[test]
fn an_overfull_ship_in_the_setup() {
    let yaml = edited("<rnb><rbq>", "<rnbp><rbq>");
    let line = line_of(&yaml, "setup:");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::bad-setup",
            line,
            12,
            "p".to_string(),
            "a ship holds at most 3 pieces".to_string()
        )]
    );
}

#[test]
fn a_piece_outside_any_ship() {
    let yaml = edited("<rnb><rbq>", "r<rbq>");
    let line = line_of(&yaml, "setup:");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::bad-setup",
            line,
            8,
            "r".to_string(),
            "a piece must stand aboard a container".to_string()
        )]
    );
}

#[test]
fn an_unclosed_ship_in_the_setup() {
    let yaml = edited("<rnb><rbq><kbn><bnr>/", "<rnb><rbq><kbn><bnr/");
    let errs = errors(&yaml);
    assert_eq!(errs[0].0, "fairy::bad-setup");
    assert_eq!(errs[0].4, "this ship is not closed");
    assert_eq!(errs[0].3, "<bnr");
}

#[test]
fn moves_within_an_unknown_region() {
    let yaml = edited("      own-half: fmR", "      own-halve: fmR");
    let line = line_of(&yaml, "      own-halve:");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::unknown-region",
            line,
            18,
            "fmR".to_string(),
            "no region is named `own-halve`".to_string()
        )]
    );
}

#[test]
fn bad_container_fen_text_is_an_error_naming_the_field() {
    let v = Variant::from_file("variants/pirateknics.yaml").unwrap();
    let bad = [
        ("4/6/6/6/6/6/6/<K>3<k> w - - 0 1", "placement"),
        ("3<k>/6/6/6/6/6/6/<KQ w - - 0 1", "placement"),
        ("3<k>/6/6/6/6/6/6/<K>3 w K - 0 1", "castling"),
        ("3<k>/6/6/6/6/6/6/<K>3 w - b1c1 0 1", "last container move"),
        ("3<k>/6/6/6/6/6/6/<K>3 w - z9 0 1", "last container move"),
        ("3<k>/6/6/6/6/6/6/<K>3 w - ä5a7 0 1", "last container move"),
    ];
    for (fen, field) in bad {
        let e = v.parse_fen(fen).unwrap_err();
        assert_eq!(e.field().map(|f| f.name()), Some(field), "{fen}: {e}");
    }
    // Without the no-undo rule there is no last container move to give.
    let yaml = PIRATEKNICS.replacen("no_undo: true", "no_undo: false", 1);
    let free = Variant::from_yaml("free.yaml", &yaml).unwrap();
    let e = free
        .parse_fen("3<k>/6/6/6/6/6/1<K>4/4 w - b1b2 0 1")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid FEN last container move: this variant has no no-undo rule; write `-`"
    );
    // A capture must name who captures.
    let start = v.start_position();
    assert_eq!(
        v.parse_move(&start, "b1xc2p").unwrap_err().to_string(),
        "`b1xc2p` is not a move: a capture names the capturing pieces: `f7BRxd5p`"
    );
}
