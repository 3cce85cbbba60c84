//! The loading and reading limits (`Limits`): each refuses input past it with a diagnostic or
//! error naming it, and repeated movement components cost nothing more than one.
//! Speed is measured by the benchmark (`benches/perft.rs`), not here.

use fairy_rules::{
    DefinitionError, FenError, Limit, LimitExceeded, Limits, LoadError, MoveError, Variant,
};

/// A two-piece definition whose second piece, X on a1, moves by `moves`.
fn with_moves(moves: &str) -> String {
    format!(
        "name: Limits\nboard: 8x8\npieces:\n  king:\n    letter: K\n    moves: K\n    royal: true\n  \
         x:\n    letter: X\n    moves: \"{moves}\"\nsetup: 4k3/8/8/8/8/8/8/X3K3\n"
    )
}

fn problems(e: &DefinitionError) -> Vec<(&str, &str, &str)> {
    e.problems
        .iter()
        .map(|p| {
            (
                p.code,
                p.message.as_str(),
                &e.source_of(p).text[p.span.clone()],
            )
        })
        .collect()
}

/// A folder of its own for one test's files, removed when the guard drops.
fn folder(test: &str) -> tempfile::TempDir {
    crate::support::scratch(&format!("limits-{test}"))
}

#[test]
fn the_defaults_are_the_documented_ones() {
    let l = Limits::default();
    assert_eq!(
        (
            l.definition_bytes,
            l.extends_bytes,
            l.extends_depth,
            l.movement_ways,
            l.fen_bytes,
            l.move_text_bytes,
            l.pgn_variation_depth
        ),
        (1 << 20, 1 << 20, 8, 10_000, 16_384, 256, 100)
    );
    assert_eq!(Variant::bundled("chess").unwrap().limits(), &l);
}

#[test]
fn a_definition_past_definition_bytes_is_refused_unread() {
    let text = with_moves("N");
    let mut limits = Limits::default();
    limits.definition_bytes = 100;
    let e = Variant::from_yaml_with("t.yaml", &text, &limits).unwrap_err();
    assert_eq!(
        problems(&e),
        [(
            "fairy::limit-exceeded",
            "the definition exceeds the limit `definition_bytes` of 100 bytes",
            ""
        )]
    );
    assert_eq!(
        e.problems[0].help.as_deref(),
        Some("raise `definition_bytes` to load it")
    );
    limits.definition_bytes = text.len();
    assert!(Variant::from_yaml_with("t.yaml", &text, &limits).is_ok());
}

#[test]
fn a_definition_file_past_definition_bytes_is_refused_unread() {
    let dir = folder("definition-bytes");
    let path = dir.path().join("big.yaml");
    // Sparse: a file whose size alone refuses it.
    std::fs::File::create(&path).unwrap().set_len(1001).unwrap();
    let mut limits = Limits::default();
    limits.definition_bytes = 1000;
    let Err(LoadError::Definition(e)) = Variant::from_file_with(&path, &limits) else {
        panic!("a file past the limit loaded");
    };
    assert_eq!(
        problems(&e),
        [(
            "fairy::limit-exceeded",
            "the definition exceeds the limit `definition_bytes` of 1000 bytes",
            ""
        )]
    );
}

#[test]
fn an_endless_device_is_refused_unread() {
    let Err(LoadError::Io { path, source }) = Variant::from_file("/dev/zero") else {
        panic!("/dev/zero was read");
    };
    assert_eq!(path, std::path::Path::new("/dev/zero"));
    assert_eq!(
        source.to_string(),
        "a definition file's name ends in `.yaml` or `.yml`"
    );
}

#[test]
fn extends_dev_zero_is_refused_unread() {
    let e = Variant::from_yaml("t.yaml", "extends: /dev/zero\nname: Zero\n").unwrap_err();
    assert_eq!(
        problems(&e),
        [
            (
                "fairy::extends",
                "cannot read `/dev/zero`: a definition file's name ends in `.yaml` or `.yml`",
                "/dev/zero"
            ),
            (
                "fairy::skipped",
                "regions, the setup and where pieces move were not checked: the definition it \
             extends could not be read",
                ""
            ),
        ]
    );
    assert_eq!(e.problems[0].label, "cannot read");
}

#[test]
fn an_extended_file_at_its_limit_is_read_and_past_it_is_not() {
    let dir = folder("extends-bytes");
    std::fs::copy("variants/chess.yaml", dir.path().join("chess.yaml")).unwrap();
    let child = dir.path().join("child.yaml");
    std::fs::write(&child, "extends: chess.yaml\nname: Child\n").unwrap();
    let size = std::fs::metadata(dir.path().join("chess.yaml"))
        .unwrap()
        .len() as usize;
    let mut limits = Limits::default();
    limits.extends_bytes = size;
    assert_eq!(
        Variant::from_file_with(&child, &limits).unwrap().name,
        "Child"
    );
    limits.extends_bytes = size - 1;
    let Err(LoadError::Definition(e)) = Variant::from_file_with(&child, &limits) else {
        panic!("loaded past the limit");
    };
    assert_eq!(
        problems(&e),
        [
            (
                "fairy::limit-exceeded",
                &*format!(
                    "the extended file exceeds the limit `extends_bytes` of {} bytes",
                    size - 1
                ),
                "chess.yaml"
            ),
            (
                "fairy::skipped",
                "regions, the setup and where pieces move were not checked: the definition it \
             extends could not be read",
                ""
            ),
        ]
    );
}

#[test]
fn a_chain_longer_than_extends_depth_is_refused_at_the_extends_that_passes_it() {
    let dir = folder("extends-depth");
    std::fs::copy("variants/chess.yaml", dir.path().join("chess.yaml")).unwrap();
    std::fs::write(dir.path().join("b.yaml"), "extends: chess.yaml\n").unwrap();
    std::fs::write(dir.path().join("a.yaml"), "extends: b.yaml\nname: A\n").unwrap();
    let mut limits = Limits::default();
    limits.extends_depth = 3;
    assert_eq!(
        Variant::from_file_with(dir.path().join("a.yaml"), &limits)
            .unwrap()
            .name,
        "A"
    );
    limits.extends_depth = 2;
    let Err(LoadError::Definition(e)) = Variant::from_file_with(dir.path().join("a.yaml"), &limits)
    else {
        panic!("loaded past the limit");
    };
    assert_eq!(
        problems(&e),
        [
            (
                "fairy::limit-exceeded",
                "the chain of extended definitions exceeds the limit `extends_depth` of 2 files",
                "chess.yaml"
            ),
            (
                "fairy::skipped",
                "regions, the setup and where pieces move were not checked: the definition it \
             extends could not be read",
                ""
            ),
        ]
    );
    assert_eq!(
        &*e.source_of(&e.problems[0]).name,
        dir.path().join("b.yaml").to_str().unwrap()
    );
}

#[test]
fn movement_past_movement_ways_is_refused_at_the_component_that_passes_it() {
    let mut limits = Limits::default();
    limits.movement_ways = 12;
    // The king's 8, the wazir's 4 and the knight's 8: the knight passes 12.
    let e = Variant::from_yaml_with("t.yaml", &with_moves("WN"), &limits).unwrap_err();
    assert_eq!(
        problems(&e),
        [(
            "fairy::limit-exceeded",
            "the movement exceeds the limit `movement_ways` of 12 ways of moving",
            "N"
        )]
    );
    // The falcon's 16 destinations are three paths each: 24 ways for each component.
    limits.movement_ways = 8 + 48;
    assert!(Variant::from_yaml_with("t.yaml", &with_moves("{WWF}{FFW}"), &limits).is_ok());
    limits.movement_ways = 8 + 47;
    let e = Variant::from_yaml_with("t.yaml", &with_moves("{WWF}{FFW}"), &limits).unwrap_err();
    assert_eq!(problems(&e)[0].2, "{FFW}");
}

#[test]
fn repeated_components_count_once_against_movement_ways() {
    let mut limits = Limits::default();
    limits.movement_ways = 8 + 8;
    let v = Variant::from_yaml_with("t.yaml", &with_moves(&"N".repeat(1000)), &limits).unwrap();
    assert!(v.warnings().is_empty());
    // The same motion written two ways is one way too.
    let v = Variant::from_yaml_with("t.yaml", &with_moves("WFK"), &limits).unwrap();
    assert_eq!(v.legal_moves(&v.start_position()).len(), 5 + 3);
}

/// The legal moves (as text) with X on each cell of b2-g7 and the kings in the corners.
fn moves_everywhere(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    for file in b'b'..=b'g' {
        for rank in 2..=7 {
            let fen = fen_with_x(file, rank);
            // X giving check makes no position: that is compared too.
            match v.parse_fen(&fen) {
                Ok(pos) => {
                    let mut texts: Vec<String> = v
                        .legal_moves(&pos)
                        .into_iter()
                        .map(|m| v.move_text(m))
                        .collect();
                    texts.sort();
                    out.extend(texts);
                }
                Err(e) => out.push(e.to_string()),
            }
        }
    }
    out
}

/// A FEN with the kings on a1 and h8 and X on `file``rank` (b..g, 2..7).
fn fen_with_x(file: u8, rank: u32) -> String {
    let ranks: Vec<String> = (1..=8)
        .rev()
        .map(|r| {
            let mut cells = ['.'; 8];
            if r == 8 {
                cells[7] = 'k';
            }
            if r == 1 {
                cells[0] = 'K';
            }
            if r == rank {
                cells[(file - b'a') as usize] = 'X';
            }
            let mut s = String::new();
            let mut empty = 0;
            for c in cells {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                    }
                    empty = 0;
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{} w - - 0 1", ranks.join("/"))
}

#[test]
fn a_thousand_repeated_components_compile_to_the_moves_of_one() {
    for component in ["[WFWFW]", "{WFWFWF}", "nN", "jD", "R2", "pR", "ifmnD"] {
        let one = Variant::from_yaml("t.yaml", &with_moves(component)).unwrap();
        let many = Variant::from_yaml("t.yaml", &with_moves(&component.repeat(1000))).unwrap();
        assert_eq!(
            moves_everywhere(&many),
            moves_everywhere(&one),
            "{component}"
        );
        let start = one.start_position();
        assert_eq!(many.perft(&start, 3), one.perft(&start, 3), "{component}");
    }
}

#[test]
fn a_repeated_unreachable_component_is_reported_at_each_place() {
    let v = Variant::from_yaml("t.yaml", &with_moves(&"[NNNNNN]".repeat(1000))).unwrap();
    let warnings = v.warnings();
    assert_eq!(warnings.len(), 1000);
    assert!(warnings.iter().all(|w| w.code == "fairy::unreachable-move"));
    let text = with_moves(&"[NNNNNN]".repeat(1000));
    let at = text.find("[NNNNNN]").unwrap();
    let starts: Vec<usize> = warnings.iter().map(|w| w.span.start).collect();
    assert_eq!(starts, (0..1000).map(|i| at + 8 * i).collect::<Vec<_>>());
    assert!(warnings.iter().all(|w| &text[w.span.clone()] == "[NNNNNN]"));
}

#[test]
fn a_repeated_bad_component_is_reported_at_each_place() {
    let text = with_moves(&"j[WFWFW]".repeat(1000));
    let e = Variant::from_yaml("t.yaml", &text).unwrap_err();
    assert_eq!(e.problems.len(), 1000);
    assert!(e
        .problems
        .iter()
        .all(|p| p.code == "fairy::bad-movement" && &text[p.span.clone()] == "j[WFWFW]"));
}

#[test]
fn a_fen_past_fen_bytes_is_refused_unread() {
    let mut limits = Limits::default();
    limits.fen_bytes = 40;
    let chess = Variant::from_file_with("variants/chess.yaml", &limits).unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e = chess.parse_fen(fen).unwrap_err();
    assert_eq!(
        e,
        FenError::Limit(LimitExceeded {
            limit: Limit::FenBytes,
            max: 40
        })
    );
    assert_eq!(
        e.to_string(),
        "the FEN exceeds the limit `fen_bytes` of 40 bytes"
    );
    limits.fen_bytes = fen.len();
    let chess = Variant::from_file_with("variants/chess.yaml", &limits).unwrap();
    assert!(chess.parse_fen(fen).is_ok());
    // The default refuses a megabyte of text at once.
    let chess = Variant::bundled("chess").unwrap();
    assert!(matches!(
        chess.parse_fen(&"8/".repeat(1 << 19)),
        Err(FenError::Limit(LimitExceeded {
            limit: Limit::FenBytes,
            max: 16_384
        }))
    ));
}

#[test]
fn a_move_text_past_move_text_bytes_is_refused_unread() {
    let chess = Variant::bundled("chess").unwrap();
    let start = chess.start_position();
    let long = format!("e2{}e4", " ".repeat(300));
    let e = chess.parse_move(&start, &long).unwrap_err();
    assert_eq!(
        e,
        MoveError::Limit(LimitExceeded {
            limit: Limit::MoveTextBytes,
            max: 256
        })
    );
    assert_eq!(
        e.to_string(),
        "the move text exceeds the limit `move_text_bytes` of 256 bytes"
    );
    assert!(chess
        .parse_move(&start, &format!("e2{}e4", " ".repeat(250)))
        .is_ok());
}
