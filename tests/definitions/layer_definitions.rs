//! Diagnostics of layer definitions (markers, ammunition, planting, remote captures, diving,
//! sonar): each asserts the code, line, column and the text under the label.

use crate::support::diagnostics::{errors, line_of};

const SEACHESS: &str = include_str!("../../variants/seachess.yaml");

fn edited(from: &str, to: &str) -> String {
    crate::support::diagnostics::edited(SEACHESS, from, to)
}

#[test]
fn planting_an_unknown_marker() {
    let yaml = edited("      marker: mine", "      marker: mime");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::unknown-marker",
            line_of(&yaml, "marker: mime"),
            15,
            "mime".to_string(),
            "no marker type is named `mime`".to_string()
        )]
    );
}

#[test]
fn unknown_ammunition() {
    let yaml = edited("        ammo: torpedo", "        ammo: torpedos");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::unknown-ammo",
            line_of(&yaml, "ammo: torpedos"),
            15,
            "torpedos".to_string(),
            "the piece has no ammunition named `torpedos`".to_string()
        )]
    );
}

#[test]
fn an_ammunition_count_out_of_range() {
    let yaml = edited(
        "      mine:\n        reload: haven",
        "      mine:\n        count: 9\n        reload: haven",
    );
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::bad-count",
            line_of(&yaml, "count: 9"),
            16,
            "9".to_string(),
            "an ammunition count of 9 is not supported".to_string()
        )]
    );
}

#[test]
fn a_remote_capture_along_a_path() {
    let yaml = edited("      - moves: fF2", "      - moves: \"[WF]\"");
    let line = line_of(&yaml, "- moves: \"[WF]\"");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::bad-remote",
            line,
            16,
            "\"[WF]\"".to_string(),
            "a remote capture takes riders and leapers only".to_string()
        )]
    );
}

#[test]
fn a_ring_that_would_turn_with_the_facing() {
    let yaml = edited("      - ring: 3", "      - ring: 3\n        facing: true");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::bad-remote",
            line_of(&yaml, "- ring: 3"),
            15,
            "3".to_string(),
            "a ring does not turn with the facing".to_string()
        )]
    );
}

#[test]
fn a_sonar_that_is_not_a_leap() {
    let yaml = edited("      sonar: W", "      sonar: R");
    assert_eq!(
        errors(&yaml),
        [(
            "fairy::bad-sonar",
            line_of(&yaml, "sonar: R"),
            14,
            "R".to_string(),
            "a sonar takes leaps only".to_string()
        )]
    );
}

#[test]
fn a_layered_cell_with_an_unknown_marker_in_the_setup() {
    let yaml = edited(
        "setup: csdakdst/bbbbbbbb/12/12/",
        "setup: csdakdst/bbbbbbbb/12/{*x}11/",
    );
    let errs = errors(&yaml);
    assert_eq!(errs.len(), 1);
    let (code, line, col, text, message) = &errs[0];
    assert_eq!(
        (*code, *line, *col, text.as_str(), message.as_str()),
        (
            "fairy::bad-setup",
            line_of(&yaml, "setup:"),
            31,
            "x",
            "no marker type has the letter `X`"
        )
    );
}
