//! Definitions that extend other definitions (`extends:`).

use fairy_rules::{Color, Game, LoadError, Outcome, Reason, Variant};

use crate::support::scratch;

fn errors_of(path: &str) -> fairy_rules::DefinitionError {
    match Variant::from_file(path) {
        Err(LoadError::Definition(d)) => d,
        other => panic!("{path}: {other:?}"),
    }
}

#[test]
fn king_of_the_hill_is_chess_plus_a_flag() {
    let koth = Variant::from_file("variants/king-of-the-hill.yaml").unwrap();
    let chess = Variant::from_file("variants/chess.yaml").unwrap();
    assert_eq!(koth.name, "King of the Hill");
    assert_eq!(koth.pieces.len(), chess.pieces.len());
    // No king reaches the centre within five plies: the counts are chess's.
    assert_eq!(koth.perft(&koth.start_position(), 5), 4_865_609);
    let mut game = Game::from_fen(koth, "4k3/8/8/8/8/4K3/8/8 w - - 0 1").unwrap();
    game.play("e3d4").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Flag
        })
    );
}

#[test]
fn a_child_replaces_a_piece_by_name_and_keeps_its_place() {
    let dir = scratch("inherit");
    std::fs::copy("variants/chess.yaml", dir.path().join("chess.yaml")).unwrap();
    let child = dir.path().join("wazir-knights.yaml");
    std::fs::write(&child, "extends: chess.yaml\nname: Wazir knights\npieces:\n  knight:\n    letter: N\n    moves: W\n").unwrap();
    let v = Variant::from_file(&child).unwrap();
    assert_eq!(v.pieces[1].name, "knight");
    assert_eq!(v.pieces[1].moves, "W");
    // The knights are walled in by their own pieces: only the 16 pawn moves remain.
    assert_eq!(v.legal_moves(&v.start_position()).len(), 16);
}

#[test]
fn a_problem_in_an_extended_file_points_into_that_file() {
    let err = errors_of("tests/fixtures/extends-broken-parent.yaml");
    assert_eq!(err.problems.len(), 1);
    let p = &err.problems[0];
    assert_eq!(p.code, "fairy::movement-syntax");
    let file = err.source_of(p);
    assert_eq!(&*file.name, "tests/fixtures/broken-parent.yaml");
    assert_eq!(file.line_col(p.span.start), (7, 13));
    assert_eq!(&file.text[p.span.clone()], "X");
}

#[test]
fn an_unreadable_or_looping_chain_is_an_error_at_extends() {
    let err = errors_of("tests/fixtures/loop-a.yaml");
    assert_eq!(err.problems[0].code, "fairy::extends");
    assert_eq!(err.problems[0].label, "a loop");
    let dir = scratch("missing");
    let child = dir.path().join("orphan.yaml");
    std::fs::write(&child, "extends: nowhere.yaml\nname: Orphan\n").unwrap();
    let err = errors_of(child.to_str().unwrap());
    let p = &err.problems[0];
    assert_eq!(
        (p.code, p.label.as_str()),
        ("fairy::extends", "cannot read")
    );
    assert_eq!(&err.file.text[p.span.clone()], "nowhere.yaml");
}

#[test]
fn required_keys_may_come_from_either_file_but_must_come() {
    let err = Variant::from_yaml("t.yaml", "name: Nothing\npieces: {}\n").unwrap_err();
    let codes: Vec<(&str, String)> = err
        .problems
        .iter()
        .map(|p| (p.code, p.message.clone()))
        .collect();
    assert_eq!(
        codes,
        [
            (
                "fairy::missing-key",
                "the definition has no `board`".to_string()
            ),
            (
                "fairy::missing-key",
                "the definition has no `setup`".to_string()
            ),
        ]
    );
}

#[test]
fn warnings_from_an_extended_file_point_into_it() {
    let v = Variant::from_file("tests/fixtures/child-of-warning.yaml").unwrap();
    let reports = v.warning_reports();
    assert_eq!(reports.len(), 1);
    let r = &reports[0];
    assert_eq!(r.problem.code, "fairy::unused-piece");
    assert_eq!(&*r.file.name, "tests/fixtures/parent-with-warning.yaml");
    assert_eq!(&r.file.text[r.problem.span.clone()], "A");
}

#[test]
fn a_loop_written_with_dot_dot_is_still_a_loop() {
    let err = errors_of("tests/fixtures/sub/self-loop.yaml");
    assert_eq!(
        (err.problems[0].code, err.problems[0].label.as_str()),
        ("fairy::extends", "a loop")
    );
}

/// Writes `chess.yaml` and a child definition into a fresh folder; returns the folder's
/// guard (the folder is removed when it drops) and the child's path.
fn child_of_chess(tag: &str, child: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = scratch(&format!("inherit-{tag}"));
    std::fs::copy("variants/chess.yaml", dir.path().join("chess.yaml")).unwrap();
    let path = dir.path().join("child.yaml");
    std::fs::write(&path, format!("extends: chess.yaml\nname: Child\n{child}")).unwrap();
    (dir, path)
}

#[test]
fn a_piece_merges_key_by_key() {
    // Only the pawn's moves change: one step forward, no double step (no `i`), captures as
    // before. Its letter, en passant and promotion stay chess's.
    let (_dir, path) = child_of_chess("moves", "pieces:\n  pawn:\n    moves: fmWfcF\n");
    let v = Variant::from_file(&path).unwrap();
    let pawn = &v.pieces[0];
    assert_eq!((pawn.letter, pawn.moves.as_str()), ('P', "fmWfcF"));
    assert!(pawn.en_passant && pawn.promotion.is_some());
    // 8 single pawn steps and 4 knight moves.
    assert_eq!(v.legal_moves(&v.start_position()).len(), 12);
    // Promotion added alone to the knight: it keeps its letter and moves.
    let (_dir, path) = child_of_chess(
        "promotion",
        "pieces:\n  knight:\n    promotion:\n      zone: last-rank\n      choices: [Q]\n",
    );
    let v = Variant::from_file(&path).unwrap();
    let knight = &v.pieces[1];
    assert_eq!((knight.letter, knight.moves.as_str()), ('N', "N"));
    let pos = v.parse_fen("4k3/8/1N6/8/8/8/8/4K3 w - - 0 1").unwrap();
    let texts: Vec<String> = v
        .legal_moves(&pos)
        .iter()
        .map(|&m| v.move_text(m))
        .collect();
    assert!(texts.contains(&"b6c8q".to_string()), "{texts:?}");
    assert!(!texts.contains(&"b6c8".to_string()), "{texts:?}");
}

#[test]
fn remove_takes_an_inherited_piece_out() {
    let (_dir, path) = child_of_chess(
        "remove",
        "pieces:\n  queen:\n    remove: true\n  pawn:\n    promotion:\n      zone: last-rank\n      \
         choices: [R, B, N]\nsetup: rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR\n",
    );
    let v = Variant::from_file(&path).unwrap();
    let names: Vec<&str> = v.pieces.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["pawn", "knight", "bishop", "rook", "king"]);
    // A letter of the removed piece is an error where it is used: chess's promotion choices
    // and setup.
    let (_dir, path) = child_of_chess("remove-used", "pieces:\n  queen:\n    remove: true\n");
    let err = match Variant::from_file(&path) {
        Err(LoadError::Definition(d)) => d,
        other => panic!("{other:?}"),
    };
    let found: Vec<(&str, String, (usize, usize))> = err
        .problems
        .iter()
        .map(|p| {
            (
                p.code,
                err.source_of(p)
                    .name
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
                err.source_of(p).line_col(p.span.start),
            )
        })
        .collect();
    assert!(
        found.contains(&("fairy::unknown-piece", "chess.yaml".into(), (20, 17))),
        "{found:?}"
    );
    assert!(
        found.contains(&("fairy::bad-setup", "chess.yaml".into(), (42, 11))),
        "{found:?}"
    );
}

#[test]
fn removing_a_piece_no_base_has_is_an_error_with_a_suggestion() {
    let (_dir, path) = child_of_chess("remove-unknown", "pieces:\n  quen:\n    remove: true\n");
    let err = match Variant::from_file(&path) {
        Err(LoadError::Definition(d)) => d,
        other => panic!("{other:?}"),
    };
    assert_eq!(err.problems.len(), 1, "{:?}", err.problems);
    let p = &err.problems[0];
    assert_eq!(
        p.message,
        "no extended definition has a piece `quen` to remove"
    );
    assert_eq!(p.help.as_deref(), Some("did you mean `queen`?"));
    assert_eq!(err.source_of(p).line_col(p.span.start), (5, 13));
    assert_eq!(&err.source_of(p).text[p.span.clone()], "true");
}

#[test]
fn a_new_piece_without_its_letter_is_an_error_at_its_entry() {
    let (_dir, path) = child_of_chess("no-letter", "pieces:\n  camel:\n    moves: C\n");
    let err = match Variant::from_file(&path) {
        Err(LoadError::Definition(d)) => d,
        other => panic!("{other:?}"),
    };
    let p = err.problems.iter().find(|p| p.is_error()).unwrap();
    assert_eq!(p.code, "fairy::missing-key");
    assert_eq!(p.message, "the piece `camel` has no `letter`");
    assert_eq!(err.source_of(p).line_col(p.span.start), (5, 5));
}
